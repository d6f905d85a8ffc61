/**
 * Two small pieces of the job planner (job-plan.ts), kept apart so that it stays one screenful of
 * rules: the job's own table rules (checkTables) and the job context of the changelog checks
 * (updatingJob).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { icebergKey } from "./iceberg-identity.js";
import type { UpdatingContext } from "./updating-operations.js";

/**
 * The job's tables against each other: no two share a Flink name, and two that register the same
 * Iceberg table (icebergKey) declare the same columns. Problems at `statements`.
 */
export function checkTables(tables: readonly TableDefinition[], diag: Diagnostics): void {
  const byName = new Map<string, TableDefinition>();
  const byIceberg = new Map<string, TableDefinition>();
  for (const t of tables) {
    const other = byName.get(t.tableName);
    if (other) {
      diag.error("statements", `${t.label} and ${other.label} both use the Flink table name ${JSON.stringify(t.tableName)}; give one of them another \`tableName\``);
    } else byName.set(t.tableName, t);
    const key = icebergKey(t);
    if (key === undefined) continue;
    // A failed table whose columns do not read (schema absent) is not compared.
    if (t.iceberg!.schema === undefined) continue;
    const same = byIceberg.get(key);
    if (same && JSON.stringify(same.iceberg!.schema) !== JSON.stringify(t.iceberg!.schema)) {
      diag.error(
        "statements",
        `${t.label} and ${same.label} register the same Iceberg table ${t.iceberg!.database}.${t.iceberg!.table} with different columns; ` +
          "declare the columns once and reuse them, so both map to one Iceberg schema",
      );
    } else if (!same) byIceberg.set(key, t);
  }
}

/**
 * The job as the changelog checks read it (changelog-sinks.ts insertUpdates): the Kubernetes
 * target's Flink version when known, mini-batch, and window firing when on. One literal per shape,
 * absent keys left out (no spread: V8 builds a spread followed by more keys key by key,
 * BENCHMARKS.md session 6).
 */
export function updatingJob(flinkVersion: string | undefined, miniBatch: boolean, firing: "early" | "late" | undefined): Pick<UpdatingContext, "flinkVersion" | "miniBatch" | "firing"> {
  if (flinkVersion !== undefined) return firing !== undefined ? { flinkVersion, miniBatch, firing } : { flinkVersion, miniBatch };
  return firing !== undefined ? { miniBatch, firing } : { miniBatch };
}
