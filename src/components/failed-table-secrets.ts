/**
 * synth's collecting mode: the Pulumi secrets among a failed table's args where the valid table
 * would write plain text — a FlinkTable's option values, an Iceberg table's catalog uri and
 * warehouse (SPEC decision 8) — checked once known. The result stands in for the failed table's
 * DDL; synth awaits every table's DDL (src/cli/synth.ts tableFailures), so these are listed in the
 * same run as the table's other errors instead of in the run after they are fixed.
 */
import * as pulumi from "@pulumi/pulumi";
import { FlinkIcebergValidationError, type ValidationIssue } from "../validation/error.js";
import { secretLocationMessage } from "./iceberg-table-component.js";
import { secretOptionMessage } from "./secret-guard.js";
import type { TableDefinition } from "./table-definition.js";

/** An arg that may be a secret: its path, its value, and the message when it is one. */
interface Candidate {
  readonly path: string;
  readonly value: pulumi.Output<unknown>;
  readonly message: string;
}

/** The Output args of a failed table where a secret would be plain text. */
function candidates(resourceType: TableDefinition["resourceType"], args: unknown): Candidate[] {
  if (typeof args !== "object" || args === null) return [];
  const a = args as Record<string, unknown>;
  const out: Candidate[] = [];
  if (resourceType === "FlinkTable") {
    const options = a["options"];
    if (typeof options !== "object" || options === null || Array.isArray(options)) return [];
    for (const [k, v] of Object.entries(options as Record<string, unknown>)) {
      if (pulumi.Output.isInstance(v)) out.push({ path: `options[${JSON.stringify(k)}]`, value: v, message: secretOptionMessage(k) });
    }
    return out;
  }
  const catalog = a["catalog"];
  if (typeof catalog !== "object" || catalog === null) return [];
  for (const arg of ["uri", "warehouse"] as const) {
    const v = (catalog as Record<string, unknown>)[arg];
    if (pulumi.Output.isInstance(v)) out.push({ path: `catalog.${arg}`, value: v, message: secretLocationMessage(arg) });
  }
  return out;
}

/**
 * An Output that resolves to "" when none of the failed table's Output args is a secret, and
 * rejects with FlinkIcebergValidationError listing those that are; undefined when the args hold no
 * Output where a secret would matter. An arg with an error in `issues` (the table's own) is left out.
 */
export function failedTableSecrets(resourceType: TableDefinition["resourceType"], args: unknown, label: string, issues: readonly ValidationIssue[]): pulumi.Output<string> | undefined {
  // An arg with an error of its own (a credential key refuses any value) is not reported twice.
  const reported = new Set(issues.map((i) => i.path));
  const found = candidates(resourceType, args).filter((c) => !reported.has(c.path));
  if (found.length === 0) return undefined;
  return pulumi.output(Promise.all(found.map((c) => pulumi.isSecret(c.value)))).apply((flags) => {
    const secrets: ValidationIssue[] = found.flatMap((c, i) => (flags[i] ? [{ path: c.path, message: c.message }] : []));
    if (secrets.length > 0) throw new FlinkIcebergValidationError(secrets, label);
    return "";
  });
}
