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
 * - `pulumi preview` of a job that throws at construction: the throw stops the program before
 *   the secrecy is known, so the check logs the error (pulumi.log.error) once it is, and the run
 *   lists it next to the thrown ones (a logged error fails the update as well).
 */
import * as pulumi from "@pulumi/pulumi";
import { SqlStatement } from "../sql/template.js";
import { FlinkIcebergValidationError, type ValidationIssue } from "../validation/error.js";
import { credentialEnvironment, type CredentialTarget } from "../validation/secrets.js";
import { registry } from "./job-registry.js";

/** The error for a statement that interpolates a Pulumi secret: why, and what to write instead for a value and for a credential. */
export function secretInStatementMessage(target: CredentialTarget | undefined): string {
  return (
    "interpolates a Pulumi secret (${output}, or sqlLiteral of one), and the script is plain text (the runners log every statement; the Kubernetes target stores it in a ConfigMap): " +
    "a value that is no credential (a tenant, a filter value) goes in as plain text: read it with config.require instead of requireSecret, or interpolate pulumi.unsecret(value); " +
    `a credential is no part of a statement: pass it ${credentialEnvironment(target, false)} and reference it in the option that reads it ` +
    "(a Kafka table option as ${env:NAME} through properties.config.providers, an Iceberg REST catalog property as env:NAME; README: Credentials)"
  );
}

/** The Outputs each statement interpolates, by the statement's index in `statements`. */
function interpolatedOutputs(statements: unknown): { index: number; outputs: pulumi.Output<unknown>[] }[] {
  if (!Array.isArray(statements)) return [];
  return statements.flatMap((s: unknown, index) => {
    if (!(s instanceof SqlStatement)) return [];
    const outputs = s.segments.flatMap((seg) => (seg.kind === "output" ? [seg.output] : []));
    return outputs.length > 0 ? [{ index, outputs }] : [];
  });
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

/**
 * Makes the check reported in the run: recorded for synth (every job's, valid or not), and, for a
 * job that throws at construction outside synth, logged once its outcome is known.
 */
export function reportStatementSecrets(issues: Promise<ValidationIssue[]>, label: string, throwing: boolean): void {
  const error = statementSecretError(issues, label);
  const r = registry();
  r.statementSecrets.push(error);
  if (throwing && r.collecting !== true) {
    void error.then((e) => {
      if (e !== undefined) void pulumi.log.error(e.message);
    });
  }
}

/** What synth lists: the errors of every job's check, in the order the jobs were created. */
export async function statementSecretFailures(): Promise<FlinkIcebergValidationError[]> {
  const errors = await Promise.all(registry().statementSecrets);
  return errors.filter((e): e is FlinkIcebergValidationError => e !== undefined);
}
