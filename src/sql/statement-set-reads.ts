/**
 * A batch job's INSERT that reads an Iceberg table (and branch) another INSERT of the same job
 * writes (new-user trial: `INSERT OVERWRITE ${staging} ...; INSERT INTO ${report} SELECT ... FROM
 * ${staging}` as one statement set). The job's INSERTs run together, not one after the other: a
 * bounded Iceberg read plans its splits once, from the snapshot current when the job starts (iceberg
 * `flink/.../source/IcebergSource.java` createEnumerator: planSplitsForBatch, then a
 * StaticIcebergEnumerator that discovers nothing more; the planning may even run earlier, when the
 * job is built, to infer the source's parallelism), and the writing INSERT commits only when its
 * input ends (`flink/.../sink/IcebergFilesCommitter.java` endInput). So the reader sees the table
 * as it was before the job, never the rows the other INSERT writes. A warning: reading the previous
 * content can be what is meant. Quiet: a read that selects a snapshot or range (the source's args
 * or its hint: source-options.ts SNAPSHOT_SELECTION), another branch, a branch not known, a failed
 * source, a read in a view (its readers are not judged), the writing statement's own read
 * (batch-self-appends.ts), a streaming job.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { SNAPSHOT_SELECTION } from "../options/source-options.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { ReadReference } from "./hinted-reads.js";
import { hintedBranchOf, icebergKey, icebergTableLabel } from "./iceberg-identity.js";
import type { AnalyzedStatement } from "./statement.js";

/** What checkStatementSetReads reads of the job. */
export interface StatementSetReadsJob {
  readonly runtimeMode: "streaming" | "batch";
  /** The job's INSERT statements, in order. */
  readonly inserts: readonly AnalyzedStatement[];
  /** Each table the statements read, with the references they read it through (hinted-reads.ts readReferences). */
  readonly refs: ReadonlyMap<TableDefinition, readonly ReadReference[]>;
  /** The branch an INSERT writes; undefined when not known. */
  readonly writeBranch: (a: AnalyzedStatement) => string | undefined;
}

/** Warns at each INSERT of a batch job that reads an Iceberg table another INSERT of the job writes (see above), once per statement and table. */
export function checkStatementSetReads(job: StatementSetReadsJob, diag: Diagnostics): void {
  if (job.runtimeMode !== "batch" || job.inserts.length < 2) return;
  const writers = job.inserts.flatMap((a) => {
    const key = a.target === undefined ? undefined : icebergKey(a.target);
    const branch = key === undefined ? undefined : job.writeBranch(a);
    return branch === undefined ? [] : [{ a, key: key!, branch }];
  });
  if (writers.length === 0) return;
  const insertIndexes = new Set(job.inserts.map((a) => a.index));
  const told = new Set<string>();
  for (const [t, list] of job.refs) {
    const key = icebergKey(t);
    if (key === undefined || t.failed === true || t.iceberg?.selectsSnapshots !== undefined) continue;
    for (const r of list) {
      if (r.statement === undefined || !insertIndexes.has(r.statement) || SNAPSHOT_SELECTION.some((k) => Object.hasOwn(r.hint, k))) continue;
      const branch = hintedBranchOf(t, r.hint);
      const w = branch === undefined ? undefined : writers.find((x) => x.a.index !== r.statement && x.key === key && x.branch === branch);
      if (w === undefined || told.has(`${r.statement}\n${key}\n${branch}`)) continue;
      told.add(`${r.statement}\n${key}\n${branch}`);
      const table = icebergTableLabel(t, w.branch);
      const other = `statements[${w.a.index}]`;
      diag.warn(
        `statements[${r.statement}]`,
        `this statement reads the Iceberg table ${table} through ${t.label}, which ${other} writes through ${w.a.target!.label} in the same batch job: the job's INSERTs run together, ` +
          "a batch read plans its splits once, from the snapshot current when the job starts (iceberg flink/.../source/IcebergSource.java createEnumerator: planSplitsForBatch), " +
          `and ${other} commits only when its input ends, so this statement reads the table as it was before the job, without the rows ${other} writes; ` +
          `to use those rows, select them from what ${other} reads (a CREATE TEMPORARY VIEW both INSERTs select from), or read the table in a job that starts after this one has finished; ` +
          "acknowledge this warning when this statement should read the table as it was before the job",
      );
    }
  }
}
