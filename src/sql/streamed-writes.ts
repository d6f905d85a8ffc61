/**
 * Streaming reads of Iceberg tables the program writes with deletes: an incremental (streaming)
 * Iceberg read plans each new range with an append scan, which keeps only "append" snapshots
 * (iceberg `core/src/main/java/org/apache/iceberg/BaseIncrementalAppendScan.java` appendsBetween),
 * so it skips every commit of an upsert sink (each upserted row is an equality delete and a data
 * file: `flink/.../sink/BaseDeltaTaskWriter.java`, committed as a RowDelta, snapshot operation
 * "overwrite") and every commit of a keyed sink that holds an update or delete
 * (row-delta-reads.ts). Checked whichever of the reading and the writing job is declared first
 * (ProgramTables.jobsWriting / jobsStreaming), and a streaming job that appends to the table it
 * streams from (it reads its own commits back): each commit of a non-upsert sink fed inserts only is
 * an AppendFiles, snapshot operation "append" (iceberg `flink/.../sink/IcebergFilesCommitter.java`
 * commitDeltaTxn), which the streaming read plans again (`BaseIncrementalAppendScan.appendsBetween`).
 * An error when the INSERT is a plain projection of the streamed table (plain-projection.ts: every row
 * read is written back, so the loop never ends once a row comes in); a warning when a WHERE, an
 * aggregation, a join, a hint ... may end it. A read of another branch than the one written (a
 * streaming read of a branch follows that branch: iceberg `ContinuousSplitPlannerImpl`, Iceberg 1.5+)
 * is another table.
 */
import type { IcebergTableFacts, TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { tableOptionsHints } from "./hints.js";
import { branchOf, icebergKey } from "./iceberg-identity.js";
import type { ProgramTables } from "./job-plan.js";
import { readerMessage, writerMessage, type DeleteWrite } from "./row-delta-reads.js";
import type { AnalyzedStatement } from "./statement.js";
import { mayHoldHints } from "./statement-gates.js";
import { copiesEveryRow } from "./plain-projection.js";

/** What checkStreamedWrites reads of the job being planned. */
export interface StreamedWritesJob {
  readonly runtimeMode: "streaming" | "batch";
  /** The tables the job's statements read. */
  readonly reads: readonly TableDefinition[];
  /** The tables the job's INSERTs write. */
  readonly sinks: readonly TableDefinition[];
  readonly inserts: readonly AnalyzedStatement[];
  /** The job's INSERTs that write updates and deletes into a keyed, non-upsert IcebergSink (row-delta-reads.ts). */
  readonly deletes: readonly DeleteWrite[];
  readonly programTables: ProgramTables | undefined;
  /** The branches the job reads a table through (a reference's OPTIONS hint 'branch', else the table's own): iceberg-identity.ts hintedBranchOf. */
  readonly readBranches?: (t: TableDefinition) => readonly (string | undefined)[];
  /** The branches the job's INSERTs write each sink on (a target mention's OPTIONS hint 'branch', else the sink's own). */
  readonly writeBranches?: ReadonlyMap<TableDefinition, readonly (string | undefined)[]>;
  /** The functions the job declares, upper-case (a call of one may aggregate: plain-projection.ts). */
  readonly functions?: () => ReadonlySet<string>;
}

/**
 * The first upsert sink among the job's `sinks`, then the program's upsert sinks of the same Iceberg
 * table, whose icebergKey is `key` (so its database and table are known) and whose branch is `branch`.
 */
function findUpsertWriter(facts: Pick<IcebergTableFacts, "database" | "table">, key: string, branch: string | undefined, sinks: readonly TableDefinition[], programTables: ProgramTables | undefined): TableDefinition | undefined {
  for (const list of [sinks, programTables?.upsertWriters(facts.database, facts.table) ?? []]) {
    for (const w of list) {
      const i = w.iceberg;
      if (i?.upsert && i.table === facts.table && i.database === facts.database && icebergKey(w) === key && branchOf(w) === branch) return w;
    }
  }
  return undefined;
}

/** Why a streaming read of an upserted table misses changes (iceberg BaseIncrementalAppendScan: append snapshots only), and the way out. */
const SKIPS =
  "incremental reads see only append snapshots and skip upsert commits, so the stream misses every change after its first scan; " +
  "follow the changes from where the upserting job reads them (e.g. its Kafka topic) instead, or read the table in a batch job (streaming unset), which reads the current snapshot whole";

/** Streaming reads of tables the program writes with deletes, and a streaming job reading its own appends back; problems go to `diag`. */
export function checkStreamedWrites(job: StreamedWritesJob, diag: Diagnostics): void {
  const { runtimeMode, reads, sinks, inserts, deletes, programTables } = job;
  // Each branch the job streams a table from (a reference's OPTIONS hint may read another branch than the table's own).
  for (const [src, branch] of reads.filter((t) => t.iceberg?.streamingRead).flatMap((t) => (job.readBranches?.(t) ?? [branchOf(t)]).map((b) => [t, b] as const))) {
    const key = icebergKey(src);
    // A keyed sink of this job, or of an earlier one, that writes updates and deletes into the table (row-delta-reads.ts); a
    // statement that streams from the table it writes is the loop below.
    const own = key === undefined || branch === undefined ? undefined : deletes.find((d) => icebergKey(d.sink) === key && d.branch === branch && !d.reads.includes(src));
    const other = key === undefined || branch === undefined || own !== undefined ? undefined : programTables?.jobsWriting?.(key).find((w) => w.deletes !== undefined && w.deletes.branch === branch);
    const deleting = own !== undefined ? { write: own, where: `statements[${own.index}]` } : other?.deletes !== undefined ? { write: other.deletes, where: `FlinkSqlJob ${JSON.stringify(other.job)}` } : undefined;
    if (deleting !== undefined) {
      const message = readerMessage(src, deleting.write, deleting.where);
      if (deleting.write.certain) diag.error("statements", message);
      else diag.warn("statements", message);
      continue;
    }
    const writer = key === undefined ? undefined : findUpsertWriter(src.iceberg as IcebergTableFacts, key, branch, sinks, programTables);
    if (writer === undefined) continue;
    // Every commit of an upsert sink deletes the keys it writes: certain once a job of the program writes it (this one, or one created earlier);
    // a declared upsert sink no job writes yet may be written elsewhere (the writing job, when created later, is told below).
    const writesHere = (job.writeBranches?.get(writer) ?? (sinks.includes(writer) ? [branchOf(writer)] : [])).includes(branch);
    const earlier = writesHere ? undefined : programTables?.jobsWriting?.(key!).find((w) => w.upsert && (w.branches ?? [branch]).includes(branch))?.job;
    // Where a job writes it ("" when none does yet).
    const by = writesHere ? " in this job" : earlier !== undefined ? ` (FlinkSqlJob ${JSON.stringify(earlier)})` : "";
    const message = `${src.label} streams from the Iceberg table ${src.iceberg!.database}.${src.iceberg!.table}, which ${writer.label} writes with upserts${by}: ${SKIPS}`;
    if (by !== "") diag.error("statements", message);
    else diag.warn("statements", message);
  }
  // An INSERT that appends to the Iceberg table it streams from reads every commit of the job back
  // (upsert sinks: the check above). A pipeline through the table in two statements is no loop;
  // another branch on either side (extraOptions, or a 'branch' hint) is another table here.
  if (runtimeMode === "streaming") {
    for (const a of inserts) {
      const loop = a.target;
      // Upsert sinks: the check above; a failed sink whose upsert is not known: not judged.
      if (loop?.iceberg === undefined || loop.iceberg.upsert !== false) continue;
      const key = icebergKey(loop);
      const branch = branchOf(loop);
      const src = key === undefined || branch === undefined ? undefined : a.reads.find((t) => t !== loop && t.iceberg?.streamingRead === true && icebergKey(t) === key && branchOf(t) === branch);
      if (src === undefined || (mayHoldHints(a.words) && tableOptionsHints(a.statement.segments).hints.some((h) => Object.hasOwn(h.options, "branch")))) continue;
      const table = `the Iceberg table ${src.iceberg!.database}.${src.iceberg!.table}`;
      // A plain projection writes back every row it reads: the loop is certain. A WHERE, an aggregation, a join ... may end it.
      if (copiesEveryRow(a, src, job.functions?.() ?? new Set())) {
        diag.error(
          `statements[${a.index}]`,
          `this statement reads ${table} as a stream through ${src.label} and appends every row it reads back to it through ${loop.label} ` +
            // Each commit is an append snapshot, which the streaming read plans again (iceberg BaseIncrementalAppendScan.appendsBetween).
            "(a plain projection: no WHERE, JOIN, GROUP BY, aggregate, window, DISTINCT or LIMIT): each commit is an append snapshot, which the streaming read reads back, " +
            "so every row is written again on every checkpoint and the table grows without end; " +
            `read ${src.iceberg!.database}.${src.iceberg!.table} bounded (streaming unset, in a batch job), or write to another table or branch (extraOptions.branch on the sink), ` +
            "or add a WHERE that excludes the rows this statement writes",
        );
        continue;
      }
      diag.warn(
        `statements[${a.index}]`,
        `${src.label} streams from ${table}, which this statement appends to through ${loop.label}: every commit of the job is read back as new rows, ` +
          "so the rows it writes go through the job again on every checkpoint and the table grows without end; " +
          "write to another table, or to another branch (extraOptions.branch on the sink), or read the table in a batch job",
      );
    }
  }
  // The other order: a job created earlier streams from the table this job upserts into (an error: this job's commits are what it skips).
  for (const t of sinks) {
    const key = t.iceberg?.upsert === true ? icebergKey(t) : undefined;
    const branches = job.writeBranches?.get(t) ?? [branchOf(t)];
    const readers = key === undefined ? [] : (programTables?.jobsStreaming?.(key) ?? []).filter((r) => branches.includes(r.branch ?? "main") && !reads.some((x) => x.label === r.label));
    if (readers.length === 0) continue;
    diag.error(
      "statements",
      `${t.label} writes the Iceberg table ${t.iceberg!.database}.${t.iceberg!.table} with upserts, and ${readers.map((r) => `${r.label} (FlinkSqlJob ${JSON.stringify(r.job)})`).join(", ")} streams from it: ${SKIPS}`,
    );
  }
  // The same for a keyed sink this job writes updates and deletes into: an error when it certainly does.
  const toldSinks = new Set<TableDefinition>();
  for (const d of [...deletes].sort((x, y) => Number(y.certain) - Number(x.certain))) {
    const key = icebergKey(d.sink);
    const branch = d.branch;
    if (key === undefined || branch === undefined || toldSinks.has(d.sink)) continue;
    const readers = (programTables?.jobsStreaming?.(key) ?? []).filter((r) => (r.branch ?? "main") === branch && !reads.some((x) => x.label === r.label));
    if (readers.length === 0) continue;
    toldSinks.add(d.sink);
    const message = writerMessage(d, readers.map((r) => `${r.label} (FlinkSqlJob ${JSON.stringify(r.job)})`));
    if (d.certain) diag.error(`statements[${d.index}]`, message);
    else diag.warn(`statements[${d.index}]`, message);
  }
}
