/**
 * Streaming reads of an Iceberg table that a batch job of the program writes with INSERT OVERWRITE
 * (new-user trial: a nightly `INSERT OVERWRITE ${facts} ...` and another job streaming `facts`).
 * The Flink sink commits an overwrite with ReplacePartitions (iceberg
 * `flink/.../sink/IcebergFilesCommitter.java` replacePartitions: table.newReplacePartitions()),
 * whose snapshot operation is "overwrite" (`core/src/main/java/org/apache/iceberg/BaseReplacePartitions.java`
 * operation()), and a streaming read plans each new range with an incremental append scan, which
 * keeps only "append" snapshots (`core/.../BaseIncrementalAppendScan.java` appendsBetween;
 * `flink/.../source/enumerator/ContinuousSplitPlannerImpl.java` discoverIncrementalSplits): it skips
 * every overwrite commit whole, the rows it adds too, without an error, and the Flink source has no
 * option to do otherwise (`flink/.../FlinkReadOptions.java`). Keyed and upsert writers:
 * row-delta-reads.ts and streamed-writes.ts.
 *
 * A warning, not an error: a stream that should follow only appends and ignore restatements (a
 * nightly rewrite of rows it has already read) is what Spark's `streaming-skip-overwrite-snapshots`
 * asks for, and a Flink stream does it by default. Checked whichever of the two jobs is created
 * first (ProgramTables.jobsWriting / overwriteReaders); a read of another branch than the one
 * overwritten is another table.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { icebergKey } from "./iceberg-identity.js";
import type { ProgramTables } from "./job-plan.js";
import type { AnalyzedStatement } from "./statement.js";

/** An INSERT OVERWRITE of an Iceberg table, as the registry keeps it. */
export interface OverwriteWrite {
  /** The IcebergSink written. */
  readonly sink: TableDefinition;
  /** The branch written (the INSERT's 'branch' hint, else the sink's own); undefined when not known. */
  readonly branch: string | undefined;
  /** The INSERT's index in the job's statements. */
  readonly index: number;
}

/** The job's INSERT OVERWRITE statements into Iceberg sinks, with the branch each writes. */
export function overwriteWrites(inserts: readonly AnalyzedStatement[], writeBranch: (a: AnalyzedStatement) => string | undefined): OverwriteWrite[] {
  return inserts.flatMap((a) => (a.kind === "insert-overwrite" && a.target !== undefined && icebergKey(a.target) !== undefined ? [{ sink: a.target, branch: writeBranch(a), index: a.index ?? 0 }] : []));
}

/** Why the stream misses the overwritten rows (shared by both messages). */
const SKIPS =
  'each INSERT OVERWRITE commits an "overwrite" snapshot (it replaces the partitions it writes, or the whole table when it is unpartitioned: iceberg ReplacePartitions), ' +
  'and a streaming Iceberg read takes only "append" snapshots: it skips those commits whole, the rows they add too, without an error, and the rows they replace stay emitted';

/** The way out, for either side. */
const REMEDY = (table: string): string =>
  `read ${table} in a batch job (streaming unset), which reads its current snapshot whole, after each overwrite; or write the new rows with INSERT INTO, whose appends the stream reads; ` +
  "acknowledge this warning when the stream should follow only appends and ignore the overwrites";

/** What checkOverwriteReads reads of the job being planned. */
export interface OverwriteReadsJob {
  /** The Iceberg tables the job reads as a stream, with the branches it reads each through. */
  readonly streamBranches: ReadonlyMap<TableDefinition, readonly (string | undefined)[]>;
  /** The job's INSERT OVERWRITE statements into Iceberg sinks. */
  readonly overwrites: readonly OverwriteWrite[];
  readonly programTables: ProgramTables | undefined;
}

/** Warnings for a stream of a table another job of the program overwrites, told to whichever job comes second. */
export function checkOverwriteReads(job: OverwriteReadsJob, diag: Diagnostics): void {
  const { programTables } = job;
  if (programTables?.jobsWriting === undefined) return;
  for (const [src, branches] of job.streamBranches) {
    const key = icebergKey(src);
    if (key === undefined) continue;
    const table = `${src.iceberg!.database}.${src.iceberg!.table}`;
    for (const branch of branches) {
      if (branch === undefined) continue;
      const w = programTables.jobsWriting(key).find((x) => x.overwrites?.includes(branch) === true);
      if (w === undefined) continue;
      diag.warn("statements", `${src.label} streams from the Iceberg table ${table}, which FlinkSqlJob ${JSON.stringify(w.job)} writes with INSERT OVERWRITE: ${SKIPS}; ${REMEDY(table)}`);
      break;
    }
  }
  const told = new Set<TableDefinition>();
  for (const o of job.overwrites) {
    const key = icebergKey(o.sink);
    if (key === undefined || o.branch === undefined || told.has(o.sink)) continue;
    const readers = (programTables.overwriteReaders?.(key) ?? []).filter((r) => (r.branch ?? "main") === o.branch);
    if (readers.length === 0) continue;
    told.add(o.sink);
    const table = `${o.sink.iceberg!.database}.${o.sink.iceberg!.table}`;
    diag.warn(
      `statements[${o.index}]`,
      `this statement overwrites the Iceberg table ${table} through ${o.sink.label}, and ${readers.map((r) => `${r.label} (FlinkSqlJob ${JSON.stringify(r.job)})`).join(", ")} streams from it: ${SKIPS}; ${REMEDY(table)}`,
    );
  }
}
