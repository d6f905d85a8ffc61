/**
 * A Pulumi secret interpolated into a FlinkSqlJob statement (`${output}`, or `sqlLiteral(output)`
 * of one): the script is plain text (SPEC decision 8: no secret in the script), so each such
 * statement is an error at `statements[i]`, once, however many secrets it holds.
 *
 * Secrecy is known only once the Outputs resolve (`pulumi.isSecret`), never at construction, so
 * the check is a promise of its own, made once per job and read by every place that reports it,
 * in the same run as the job's other errors:
 * - the script's render (job-script.ts): a valid job's script fails with it;
 * - synth, which awaits every job's check next to the other resources' errors, also for a job
 *   that failed its other checks (collecting mode registers nothing else of it; src/cli/synth.ts);
 * - `pulumi preview` of a job that throws at construction: the thrown error gets the secret
 *   statements' issues in place once secrecy is known (completeWithStatementSecrets), so the run
 *   shows one message listing every problem of the job.
 */
import * as pulumi from "@pulumi/pulumi";
import { SqlStatement } from "../sql/template.js";
import { FlinkIcebergValidationError, type ValidationIssue } from "../validation/error.js";
import { credentialEnvironment } from "../validation/credential-remedies.js";
import type { CredentialTarget } from "../validation/secrets.js";
import { registry } from "./job-registry.js";

/** The error for a statement that interpolates a Pulumi secret: why, and what to write instead for a value and for a credential. */
export function secretInStatementMessage(target: CredentialTarget | undefined): string {
  return (
    "interpolates a Pulumi secret (${output}, or sqlLiteral of one), and the script is plain text (the runners log every statement; the Kubernetes target stores it in a ConfigMap): " +
    "a value that is no credential (a tenant, a filter value) goes in as plain text (config.require instead of requireSecret, or pulumi.unsecret(value)); " +
    `a credential is no part of a statement: pass it ${credentialEnvironment(target, false)}, then reference it in the option that reads it ` +
    "(${env:NAME} in a Kafka option, env:NAME in an Iceberg REST catalog property; README: Credentials)"
  );
}

/** The Outputs each statement interpolates, by the statement's index in `statements`. */
function interpolatedOutputs(statements: unknown): { index: number; outputs: pulumi.Output<unknown>[] }[] {
  const found: { index: number; outputs: pulumi.Output<unknown>[] }[] = [];
  if (!Array.isArray(statements)) return found;
  // Loops, not flatMap: most statements interpolate no Output, and then no array is built for them.
  statements.forEach((s: unknown, index) => {
    if (!(s instanceof SqlStatement)) return;
    let outputs: pulumi.Output<unknown>[] | undefined;
    for (const seg of s.segments) if (seg.kind === "output") (outputs ??= []).push(seg.output);
    if (outputs !== undefined) found.push({ index, outputs });
  });
  return found;
}

/**
 * The issues (`statements[i]`, in order) of the statements that interpolate a Pulumi secret, once
 * secrecy is known; undefined, at no cost, when no statement interpolates an Output. An Output that
 * fails counts as no secret here: its own failure is reported where it is read.
 */
export function statementSecretIssues(statements: unknown, target: CredentialTarget | undefined): Promise<ValidationIssue[]> | undefined {
  const found = interpolatedOutputs(statements);
  if (found.length === 0) return undefined;
  const message = secretInStatementMessage(target);
  const secret = (o: pulumi.Output<unknown>): Promise<boolean> => pulumi.isSecret(o).catch(() => false);
  return Promise.all(found.map((f) => Promise.all(f.outputs.map(secret)))).then((flags) =>
    found.flatMap((f, i) => (flags[i]!.some(Boolean) ? [{ path: `statements[${f.index}]`, message }] : [])),
  );
}

/** The check as the job's error: undefined when no statement interpolates a secret. */
export function statementSecretError(issues: Promise<ValidationIssue[]>, label: string): Promise<FlinkIcebergValidationError | undefined> {
  return issues.then((found) => (found.length > 0 ? new FlinkIcebergValidationError(found, label) : undefined));
}

/** Records the check for synth (every job's, valid or not: statementSecretFailures). */
export function reportStatementSecrets(issues: Promise<ValidationIssue[]>, label: string): void {
  registry().statementSecrets.push(statementSecretError(issues, label));
}

/**
 * A job that throws at construction (outside synth) while its statements' secrecy is not known:
 * once it is, the thrown `error` takes the secret statements' issues in place (its `issues`,
 * `message` and `stack`, the issues put in order by `order`), so the run shows one error listing
 * every problem of the job instead of a second message. Pulumi shows a program's thrown error when
 * Node raises its run's unhandled rejection (@pulumi/pulumi cmd/run/run.ts: uncaughtHandler,
 * defaultErrorMessage reads `err.stack`), which Node does only after the microtask queue drains,
 * by when a secret made by pulumi.secret or config.requireSecret is known. When the error was
 * shown before (its `stack` read: a secret Output of a resource is known only after that
 * resource registers), the secret statements are logged on their own (pulumi.log.error), the only
 * way left to report them in the same run.
 */
export function completeWithStatementSecrets(error: FlinkIcebergValidationError, issues: Promise<ValidationIssue[]>, order: (issues: ValidationIssue[]) => void): void {
  let shown = false;
  let stack = error.stack;
  Object.defineProperty(error, "stack", {
    configurable: true,
    enumerable: false,
    get: () => ((shown = true), stack),
    set: (v: string | undefined) => void (stack = v),
  });
  void issues.then((found) => {
    if (found.length === 0) return;
    if (shown) {
      void pulumi.log.error(new FlinkIcebergValidationError(found, error.resource).message);
      return;
    }
    const all = [...error.issues, ...found];
    order(all);
    const merged = new FlinkIcebergValidationError(all, error.resource, error.warnings);
    const head = `${error.name}: ${error.message}`;
    if (stack !== undefined && stack.startsWith(head)) stack = `${error.name}: ${merged.message}${stack.slice(head.length)}`;
    Object.defineProperty(error, "issues", { value: merged.issues, writable: false, enumerable: true, configurable: true });
    error.message = merged.message;
  });
}

/** What synth lists: the errors of every job's check, in the order the jobs were created. */
export async function statementSecretFailures(): Promise<FlinkIcebergValidationError[]> {
  const errors = await Promise.all(registry().statementSecrets);
  return errors.filter((e): e is FlinkIcebergValidationError => e !== undefined);
}
