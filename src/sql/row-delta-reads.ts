/**
 * Streaming reads of an Iceberg table that a keyed sink of the program writes updates and deletes
 * into. An IcebergSink with a primaryKey (and no upsertEnabled) keys its writer by it: each -U/-D
 * row becomes a delete (iceberg `flink/.../sink/BaseDeltaTaskWriter.java` write: UPDATE_BEFORE and
 * DELETE call delete), so a checkpoint that holds one commits its files as a RowDelta
 * (`flink/.../sink/IcebergFilesCommitter.java` commitDeltaTxn: AppendFiles only when no result has
 * delete files), whose snapshot operation is "overwrite", or "delete" when it adds no data file
 * (`core/src/main/java/org/apache/iceberg/BaseRowDelta.java` operation()). A streaming read plans
 * each new range with an incremental append scan (`flink/.../source/FlinkSplitPlanner.java`
 * planTasks: table.newIncrementalAppendScan()), which keeps only "append" snapshots
 * (`core/src/main/java/org/apache/iceberg/BaseIncrementalAppendScan.java` appendsBetween) and skips
 * the others whole, the rows they add too, without an error. The Flink source has no option to read
 * them (`flink/.../FlinkReadOptions.java`; `streaming-skip-overwrite-snapshots` and
 * `streaming-skip-delete-snapshots` are Spark read options, `SparkReadOptions`, whose stream fails
 * on such a snapshot unless told to skip it), and the changelog scan of core
 * (`BaseIncrementalChangelogScan`) rejects delete files and is not used by the Flink source.
 *
 * What makes the INSERT write updates is read as for a sink that cannot take them
 * (changelog-sinks.ts updatesWritten): a changelog source or an updating operation known for
 * certain gives an error (the rows of every commit holding an update or delete are lost, and such
 * commits are what the statement makes), an updating operation the text leaves open a warning.
 * A keyed sink fed inserts only still writes a position delete when one checkpoint repeats a key
 * (core `BaseTaskWriter.BaseEqualityDeltaWriter` write), which depends on the data: not judged.
 * Upsert sinks: job-plan.ts (every upsert commit deletes the keys it writes).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { AnalyzedStatement } from "./statement.js";
import { OTHERWISE, type InsertUpdates } from "./changelog-sinks.js";
import { branchOf } from "./iceberg-identity.js";

/** A keyed, non-upsert Iceberg sink that an INSERT writes updates and deletes into: what the readers' message says of it. */
export interface DeleteWrite {
  /** The sink. */
  readonly sink: TableDefinition;
  /** The branch the INSERT writes: its OPTIONS hint's 'branch', else the sink's own (iceberg-identity.ts hintedBranchOf); undefined when not known. */
  readonly branch: string | undefined;
  /** The INSERT's index in the job's statements. */
  readonly index: number;
  /** True when the statement certainly writes updates or deletes (a changelog source, an operation known to update). */
  readonly certain: boolean;
  /** What it writes from, after "writes, keyed by its primaryKey, " (e.g. `from FlinkTable "cdc", a 'debezium-json' table (...)`). */
  readonly cause: string;
  /** The way out, for the reading side. */
  readonly remedy: string;
  /** The tables the statement reads (a statement that streams from the table it writes is a loop: job-plan.ts). */
  readonly reads: readonly TableDefinition[];
}

/** True when the Iceberg sink `t` keys its writes without upserting, on a table that can hold deletes (a v1 one fails instead: changelog-sinks.ts). */
export function keyedWithoutUpsert(t: TableDefinition): boolean {
  const i = t.iceberg;
  // A failed table's fact that is not known (upsert, schema): not judged.
  if (i === undefined || i.upsert !== false || i.schema === undefined) return false;
  if (((i.schema as { "identifier-field-ids"?: readonly number[] })["identifier-field-ids"]?.length ?? 0) === 0) return false;
  return i.formatVersion === undefined || i.formatVersion >= 2;
}

/** The INSERTs of a streaming job that write updates and deletes (`updatesOf`: changelog-sinks.ts insertUpdates) into a keyed IcebergSink without upsertEnabled. */
export function deleteWrites(
  inserts: readonly AnalyzedStatement[],
  updatesOf: InsertUpdates,
  writeBranch: (a: AnalyzedStatement) => string | undefined = (a) => branchOf(a.target!),
): DeleteWrite[] {
  const out: DeleteWrite[] = [];
  for (const a of inserts) {
    const t = a.target;
    if (t === undefined || a.kind !== "insert" || !keyedWithoutUpsert(t)) continue;
    const updates = updatesOf(a);
    if (updates === undefined) continue;
    const table = `${t.iceberg!.database}.${t.iceberg!.table}`;
    const batch = `read ${table} in a batch job (streaming unset), which reads its current snapshot whole with the deletes applied`;
    if (updates.kind === "changelog") {
      out.push({
        sink: t,
        branch: writeBranch(a),
        index: a.index ?? 0,
        certain: true,
        cause: `from ${updates.source.label}${updates.via}, ${updates.source.changelog}`,
        remedy: `stream from ${updates.source.label} itself (the changelog the writing statement reads), or ${batch}`,
        reads: a.reads,
      });
    } else {
      const op = updates.op;
      out.push({
        sink: t,
        branch: writeBranch(a),
        index: a.index ?? 0,
        certain: op.certain,
        cause: `from a statement that${updates.via} ${op.what}${op.hedge ?? ""}, which in a streaming job yields updates to earlier results`,
        remedy: `${batch}${op.advice ?? OTHERWISE[op.kind]}`,
        reads: a.reads,
      });
    }
  }
  return out;
}

/**
 * Why the streaming read misses rows (shared by both messages): a commit holding a delete file is
 * a row delta, snapshot operation "overwrite" or "delete" (iceberg IcebergFilesCommitter,
 * BaseRowDelta), and the streaming read plans append snapshots only (FlinkSplitPlanner,
 * BaseIncrementalAppendScan); the Flink source has no option to read them
 * (streaming-skip-overwrite-snapshots / -delete-snapshots are Spark read options).
 */
export const ROW_DELTA_SKIPS =
  'each update and delete becomes a delete file, which makes its commit an "overwrite" (or "delete") snapshot, and a streaming Iceberg read takes only "append" snapshots: ' +
  "it skips those commits whole, the rows they add too, without an error";

/** The reading side's message: `src` streams from the table that `w` (of `where`: a job, or a statement of this one) writes. */
export function readerMessage(src: TableDefinition, w: Pick<DeleteWrite, "sink" | "cause" | "remedy">, where: string): string {
  return `${src.label} streams from the Iceberg table ${src.iceberg!.database}.${src.iceberg!.table}, which ${w.sink.label} (${where}) writes, keyed by its primaryKey, ${w.cause}: ${ROW_DELTA_SKIPS}; ${w.remedy}`;
}

/** The writing side's message: `w` writes the table that `readers` (each `label (FlinkSqlJob "job")`) stream from. */
export function writerMessage(w: DeleteWrite, readers: readonly string[]): string {
  return `${w.sink.label} writes the Iceberg table ${w.sink.iceberg!.database}.${w.sink.iceberg!.table}, keyed by its primaryKey, ${w.cause}, and ${readers.join(", ")} streams from it: ${ROW_DELTA_SKIPS}; ${w.remedy}`;
}
