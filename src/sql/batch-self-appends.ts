/**
 * A batch job that appends (INSERT INTO) to the Iceberg table it reads in the same statement
 * (new-user trial: source and sink resources of one catalog, database and table). A batch read
 * plans the table's current snapshot whole (iceberg `flink/.../source/FlinkSplitPlanner.java`:
 * a table scan), those rows earlier runs appended included, and the sink's commit is an append
 * (`IcebergFilesCommitter.commitDeltaTxn`: AppendFiles), so each run adds again what it derives from
 * the rows already there: a plain copy doubles the table on every run. A warning: a WHERE that
 * selects only rows no run wrote, or a derived table kept in the same one, is legitimate. Quiet when
 * the statement reads the table only to leave out rows already there (filter-only-reads.ts: NOT
 * EXISTS, NOT IN, a scalar subquery, a LEFT JOIN kept where unmatched; an idempotent incremental
 * load, whose advice must never be INSERT OVERWRITE: on an unpartitioned table it deletes every
 * row the statement does not write again). Quiet in
 * streaming (streamed-writes.ts judges that loop), for INSERT OVERWRITE (it replaces what it
 * read), for an upsert sink (it replaces rows by key), for a read of a chosen snapshot or range
 * (SNAPSHOT_SELECTION, on the source or in its OPTIONS hint) and for another branch on either side.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { SNAPSHOT_SELECTION } from "../options/source-options.js";
import { branchOf, hintedBranchOf, icebergKey } from "./iceberg-identity.js";
import type { ReadReference } from "./hinted-reads.js";
import { readOnlyToFilter } from "./filter-only-reads.js";
import { insertSource } from "./insert-query.js";
import { copiesEveryRow } from "./plain-projection.js";
import type { AnalyzedStatement } from "./statement.js";

/** What checkBatchSelfAppends reads of the job being planned. */
export interface BatchSelfAppendsJob {
  readonly runtimeMode: "streaming" | "batch";
  readonly inserts: readonly AnalyzedStatement[];
  /** Each read table's references, with the statement and OPTIONS hint of each (hinted-reads.ts readReferences). */
  readonly refs: ReadonlyMap<TableDefinition, readonly ReadReference[]>;
  /** The branch an INSERT writes. */
  readonly writeBranch: (a: AnalyzedStatement) => string | undefined;
  /** The functions the job declares, upper-case (plain-projection.ts). */
  readonly functions: () => ReadonlySet<string>;
}

/** Warns for each INSERT INTO of a batch job that appends to an Iceberg table (and branch) the statement reads whole. */
export function checkBatchSelfAppends(job: BatchSelfAppendsJob, diag: Diagnostics): void {
  if (job.runtimeMode !== "batch") return;
  for (const a of job.inserts) {
    const sink = a.target;
    if (a.kind !== "insert" || sink?.iceberg === undefined || sink.iceberg.upsert !== false) continue;
    const key = icebergKey(sink);
    const branch = job.writeBranch(a);
    if (key === undefined || branch === undefined) continue;
    const index = a.index ?? 0;
    // The hints this statement reads a table through, and the branches they read (a hint's 'branch', else the table's own).
    const hints = (t: TableDefinition) => (job.refs.get(t) ?? []).filter((r) => r.statement === index).map((r) => r.hint);
    const branches = (t: TableDefinition) => (hints(t).length === 0 ? [branchOf(t)] : hints(t).map((h) => hintedBranchOf(t, h)));
    const query = insertSource(a);
    const src = a.reads.find(
      (t) =>
        t !== sink &&
        // A failed source's selection is not known: not judged.
        t.failed !== true &&
        // A chosen snapshot or range: startSnapshotId / endSnapshotId render snapshot ids, so selectsSnapshots covers them too.
        t.iceberg?.selectsSnapshots === undefined &&
        icebergKey(t) === key &&
        branches(t).includes(branch) &&
        !hints(t).some((h) => SNAPSHOT_SELECTION.some((k) => Object.hasOwn(h, k))) &&
        // Read only to leave out rows already there (NOT EXISTS, NOT IN, a scalar subquery, a LEFT JOIN kept where unmatched): it feeds no row.
        (query === undefined || !readOnlyToFilter(query, t)),
    );
    if (src === undefined) continue;
    const table = `${sink.iceberg.database}.${sink.iceberg.table}`;
    const copy = copiesEveryRow(a, src, job.functions()) ? " (a plain copy, as here: every run doubles the table)" : "";
    diag.warn(
      `statements[${index}]`,
      `this statement reads the Iceberg table ${table} through ${src.label} and appends to it through ${sink.label} in a batch job: each run reads the table's current rows, ` +
        `those earlier runs appended included, and appends what it derives from them again${copy}; ` +
        `to append only new rows, read only what was appended since a known snapshot (startSnapshotId and endSnapshotId on ${src.label}, or extraOptions "start-tag" and "end-tag"), ` +
        `or read ${table} only to leave out the rows already there (NOT EXISTS or NOT IN over it, or a LEFT JOIN of it kept WHERE its key IS NULL); ` +
        `write INSERT OVERWRITE ${sink.label} only when the result is the table's complete new content: it replaces every row already in the table (in each partition it writes, when the table is partitioned), and the rows the statement does not produce again are gone; ` +
        "acknowledge this warning when each run appends only rows no earlier run wrote",
    );
  }
}
