/**
 * FlinkSqlJob's validation, run in its constructor before anything is registered: the args' keys,
 * the runtime mode, the plan of the statements (src/sql/job-plan.ts), the deploy target, the Outputs
 * given where plain values are needed, and the Pulumi secrets interpolated into statements
 * (statement-secrets.ts). Every problem is collected at its prop path and reported once, statement
 * issues in statement order; the job throws FlinkIcebergValidationError (or, in synth's collecting
 * mode, records it: collect.ts).
 */
import { planJob, type JobPlan } from "../sql/job-plan.js";
import { configuredRuntimeMode } from "../sql/job-config.js";
import { scriptRuntimeMode } from "../sql/statement.js";
import { SqlStatement } from "../sql/template.js";
import { acknowledgeWarningsDeferring, deferredAt, type DeferredAcknowledgements, type ResourceWarning } from "../validation/acknowledged-warnings.js";
import { isDeferred } from "../validation/deferred.js";
import { Diagnostics } from "../validation/diagnostics.js";
import { checkKnownKeys, didYouMean } from "../validation/known-keys.js";
import { isValidationError, type ValidationIssue } from "../validation/error.js";
import { isCollection } from "../deploy/arg-types.js";
import { deferredInPlainProps, plainOnlyIssues, reportDeferredInPlainProps, FLINK_SQL_JOB_DEFERRED } from "../validation/plain-only.js";
import { passedOrCollected } from "./collect.js";
import type { FlinkSqlJobArgs } from "./flink-sql-job.js";
import { failedTableLabels, jobPlanInput } from "./job-plan-input.js";
import { renderPlainScript } from "./job-script.js";
import { validateTarget, type DeferredTargetAcknowledgements } from "./job-targets.js";
import { completeWithStatementSecrets, reportStatementSecrets, statementSecretIssues } from "./statement-secrets.js";
import { markReferenced } from "./unreferenced-tables.js";
import { markV1DeletesReported, registry } from "./job-registry.js";

const FLINK_SQL_JOB_ARG_KEYS = ["statements", "runtimeMode", "parallelism", "configuration", "kubernetes", "sqlGateway", "acknowledgedWarnings"] as const satisfies readonly (keyof FlinkSqlJobArgs)[];
const FLINK_SQL_JOB_ARG_KEYS_COMPLETE: [Exclude<keyof FlinkSqlJobArgs, (typeof FLINK_SQL_JOB_ARG_KEYS)[number]>] extends [never] ? true : never = true;
void FLINK_SQL_JOB_ARG_KEYS_COMPLETE;

/** A job that passed validation: what its constructor goes on with (and the acknowledgedWarnings entries waiting for an Output image or endpoint). */
export interface ValidatedJob extends DeferredTargetAcknowledgements {
  /** The args, with Outputs where plain values are needed taken as unset (plain-only.ts). */
  readonly args: FlinkSqlJobArgs;
  readonly runtimeMode: "streaming" | "batch";
  readonly plan: JobPlan;
  /** The script text when every part is plain. */
  readonly plainScript: string | undefined;
  /** What the Kubernetes target's checks found out (job-targets.ts validateTarget). */
  readonly kubernetesFacts: ReturnType<typeof validateTarget>;
  /** The warnings to log (none that acknowledgedWarnings names), in statement order. */
  readonly diag: Diagnostics;
  /** Every warning, marked acknowledged or not: the job's `warnings`. */
  readonly warnings: readonly ResourceWarning[];
  /** The secrecy check of the statements' Outputs, when they interpolate any. */
  readonly secrets: Promise<ValidationIssue[]> | undefined;
  /** The program's registry (job-registry.ts), looked up once for the job's constructor. */
  readonly registry: ReturnType<typeof registry>;
}

const IMAGE_PATH = "kubernetes.image";
const ENDPOINT_PATH = "sqlGateway.endpoint";

/**
 * Validates a job's args. Returns what the constructor needs, or undefined when the job failed in
 * synth's collecting mode (recorded there). Throws FlinkIcebergValidationError listing every
 * problem otherwise; when a statement interpolates an Output, that error takes the secret
 * statements' issues once their secrecy is known (statement-secrets.ts completeWithStatementSecrets).
 */
export function validateJob(name: string, args: FlinkSqlJobArgs, label: string): ValidatedJob | undefined {
  const diag = new Diagnostics();
  // An Output where a plain value is required: reported once at its path, checked as unset (plain-only.ts).
  const deferred = deferredInPlainProps(args ?? ({} as FlinkSqlJobArgs), FLINK_SQL_JOB_DEFERRED);
  const a = deferred.args;
  checkKnownKeys(a, FLINK_SQL_JOB_ARG_KEYS, "", diag);
  // execution.runtime-mode in configuration (job-config.ts) or a SET statement (statement-remedies.ts)
  // is refused, but a job without runtimeMode is checked in the mode it names, so "batch" there
  // adds no streaming-only errors.
  const runtimeMode = a.runtimeMode ?? configuredRuntimeMode(a.configuration) ?? scriptRuntimeMode(a.statements) ?? "streaming";
  if (runtimeMode !== "streaming" && runtimeMode !== "batch") diag.error("runtimeMode", `must be "streaming" or "batch" (got ${JSON.stringify(a.runtimeMode)})${didYouMean(a.runtimeMode, ["streaming", "batch"])}`);
  if (a.configuration !== undefined && (typeof a.configuration !== "object" || a.configuration === null || Array.isArray(a.configuration) || isCollection(a.configuration))) {
    // A Map's entries are no own props: the job's configuration readers would drop every one of them.
    diag.error("configuration", `must be a map of plain strings, an object literal ({ "key": "value" })${(a.configuration as unknown) instanceof Map ? ", not a Map: write Object.fromEntries(theMap)" : ""}`);
  }
  // synth's collecting mode (collect.ts): a table that failed validation is a placeholder here (no
  // DDL, no Iceberg facts), so the job's own problems are still found; nothing is rendered.
  const failed = failedTableLabels(a.statements);
  if (failed.length > 0) diag.error("statements", `use ${failed.join(", ")}, which ${failed.length === 1 ? "has errors" : "have errors"} (listed above)`);
  // The program's registry, looked up once for the constructor (it runs synchronously: one program run).
  const r = registry();
  const input = jobPlanInput(a, runtimeMode, r);
  const plan = planJob(input, diag);
  // Before a failed job throws: the keyed v1 sinks it reports updates into keep no warning of their own saying the same.
  if (plan.v1DeleteSinks.length > 0) markV1DeletesReported(plan.v1DeleteSinks.map((t) => t.label), r);
  // The tables it mentions wait on no other job for their required options (unreferenced-tables.ts).
  if (Array.isArray(a.statements)) for (const s of a.statements) if (s instanceof SqlStatement) markReferenced(s.tables, r);
  // The script text when every part is plain (undefined when the plan has errors or Outputs).
  const plainScript = diag.hasErrors ? undefined : renderPlainScript(name, plan);
  const kubernetesFacts = validateTarget(name, a, plan, plainScript, diag, r);
  inStatementOrder(diag.warnings);
  // After every check: what the args acknowledge is not logged (diag keeps the open warnings). An
  // image or a gateway endpoint given as an Output is checked once known: its entries wait for that
  // (deploy.ts logImageWarnings, sql-gateway/endpoint-output.ts).
  const deferredPaths: string[] = [];
  if (isDeferred((a.kubernetes as { image?: unknown } | null | undefined)?.image)) deferredPaths.push(IMAGE_PATH);
  if (isDeferred((a.sqlGateway as { endpoint?: unknown } | null | undefined)?.endpoint)) deferredPaths.push(ENDPOINT_PATH);
  const { warnings, deferred: waiting } = acknowledgeWarningsDeferring(a.acknowledgedWarnings, diag, deferredPaths, plainOnlyIssues(deferred.paths));
  reportDeferredInPlainProps(diag, deferred.paths);
  inStatementOrder(diag.errors);
  // A Pulumi secret interpolated into a statement is known only once its Outputs resolve: synth
  // lists it for every job, and a job that throws now completes its error with it (statement-secrets.ts).
  const secrets = statementSecretIssues(a.statements, a.kubernetes !== undefined ? "kubernetes" : a.sqlGateway !== undefined ? "sqlGateway" : undefined);
  if (secrets !== undefined) reportStatementSecrets(secrets, label);
  try {
    if (!passedOrCollected(diag, label)) return undefined;
  } catch (e) {
    if (secrets !== undefined && isValidationError(e)) completeWithStatementSecrets(e, secrets, inStatementOrder);
    throw e;
  }
  const validated = { args: a, runtimeMode, plan, plainScript, kubernetesFacts, diag, warnings, secrets, registry: r };
  // Entries wait only at a prop given as an Output (deferredPaths): most jobs have none.
  if (waiting.length === 0) return validated;
  const waitingAt = (path: string): DeferredAcknowledgements | undefined => deferredAt({ warnings, deferred: waiting }, path);
  const imageAcknowledgements = waitingAt(IMAGE_PATH);
  const endpointAcknowledgements = waitingAt(ENDPOINT_PATH);
  return Object.assign(
    validated,
    imageAcknowledgements !== undefined ? { imageAcknowledgements } : undefined,
    endpointAcknowledgements !== undefined ? { endpointAcknowledgements } : undefined,
  );
}

/**
 * Orders the issues at `statements[i]...` by i (stable), in the slots they already take: the
 * statement checks run one after another over all statements, so their findings would otherwise
 * come grouped by check, not by statement.
 */
export function inStatementOrder(issues: ValidationIssue[]): void {
  // Fewer than two issues are in order (most jobs: none).
  if (issues.length < 2) return;
  const slots = issues.flatMap((issue, slot) => {
    const m = /^statements\[(\d+)\]/.exec(issue.path);
    return m === null ? [] : [{ slot, statement: Number(m[1]), issue }];
  });
  if (slots.length < 2) return;
  const sorted = [...slots].sort((x, y) => x.statement - y.statement);
  slots.forEach(({ slot }, j) => (issues[slot] = sorted[j]!.issue));
}
