/**
 * Cross-job: two jobs of the program writing one Iceberg table where either upserts (job-plan.ts
 * runs it with the program's registry).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { icebergKey } from "./iceberg-identity.js";
import type { ProgramTables } from "./job-plan.js";

/**
 * Two jobs writing one Iceberg table where either upserts: each job commits on its own
 * checkpoints, so the row a key ends with depends on which job commits last, and a job's
 * equality deletes remove the other's rows of the same key (iceberg equality deletes apply to
 * all data files of lower sequence numbers). A warning: appending from several jobs is fine.
 */
export function checkConcurrentUpserts(sinks: readonly TableDefinition[], programTables: ProgramTables | undefined, diag: Diagnostics): void {
  if (programTables?.jobsWriting === undefined) return;
  for (const t of sinks) {
    const key = icebergKey(t);
    if (key === undefined) continue;
    const others = programTables.jobsWriting(key).filter((w) => w.upsert || t.iceberg!.upsert === true);
    if (others.length === 0) continue;
    diag.warn(
      "statements",
      `${t.label} writes the Iceberg table ${t.iceberg!.database}.${t.iceberg!.table}, which ${others.map((w) => `FlinkSqlJob ${JSON.stringify(w.job)}`).join(", ")} also writes, with upserts on one side: ` +
        "each job commits on its own checkpoints, so the row a key ends with depends on which job commits last; write the table from one job (several INSERTs of one job run as one statement set)",
    );
  }
}
