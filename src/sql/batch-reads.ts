/**
 * What a batch job cannot read: an unbounded table (after each reference's OPTIONS hint:
 * hinted-bounds.ts), and a changelog table, which Flink refuses when it plans the job (flink
 * `DynamicSourceUtils.validateScanSource`: "Querying a table in batch mode is currently only possible
 * for INSERT-only table sources").
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { hintedReads } from "./hinted-bounds.js";

/** Reports, at runtimeMode, each of a batch job's `reads` it cannot read; `hintsOf`: each table's references' OPTIONS hints. */
export function checkBatchReads(reads: readonly TableDefinition[], hintsOf: ReadonlyMap<TableDefinition, readonly Readonly<Record<string, string>>[]>, diag: Diagnostics): void {
  const hinted = hintedReads(hintsOf);
  const unbounded = (t: TableDefinition): boolean => hinted.get(t)?.unbounded ?? !t.bounded;
  for (const t of reads.filter(unbounded)) {
    const reason = hinted.get(t)?.reason ?? t.unboundedReason;
    diag.error("runtimeMode", `a batch job cannot read the unbounded ${t.label}${reason ? ` (${reason})` : ""}; make the source bounded or use runtimeMode "streaming"`);
  }
  for (const t of reads.filter((r) => !unbounded(r) && r.changelog !== undefined)) {
    diag.error(
      "runtimeMode",
      `a batch job reads only insert-only tables, and ${t.label} is ${t.changelog}: Flink rejects the statement when it plans the job ("Querying a table in batch mode is currently only possible for INSERT-only table sources"); ` +
        `use runtimeMode "streaming" (the bounded read then ends the job)`,
    );
  }
}
