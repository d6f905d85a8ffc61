/**
 * A statement's own time travel: `/*+ OPTIONS('snapshot-id'='<id>') *\/` after an Iceberg table read.
 * Flink merges the hint into that reference's options (the hint wins), Iceberg's FlinkReadConf reads
 * `snapshot-id` from them, and a bounded read without start/end ids plans
 * `table.newScan().useSnapshot(id)` (iceberg flink/.../source/FlinkSplitPlanner.java planTasks,
 * ScanMode.BATCH): the read is the table as of that snapshot, whatever `snapshot-id` the source
 * itself renders (endSnapshotId without startSnapshotId). So a hint may set it; extraOptions may not
 * (endSnapshotId covers it there: extra-options.ts COVERED). What stays refused:
 * - on a streaming read: ScanContext.validate, "Cannot set snapshot-id option for streaming reader"
 *   (extra-options.ts STREAMING_REJECTED);
 * - on a source that renders start-snapshot-id: FlinkSplitPlanner.checkScanMode takes the
 *   incremental append scan, which never reads snapshotId, so the hint would be ignored;
 * - with `as-of-timestamp` in the same hint: useSnapshot, then asOfTime, which refuses a second
 *   snapshot (iceberg core SnapshotScan: "Cannot override snapshot, already set snapshot id").
 * The remedy never changes the source the other statements read: a second IcebergSource of the
 * same table.
 */

/** The remedy for a read option one statement needs and this source's read refuses. */
export const SECOND_SOURCE =
  "declare a second IcebergSource of the same table (same catalog, database and table) with a bounded read (streaming: false) and read it in this statement with the hint; the other statements keep reading this one";

/** A hint's `snapshot-id` on a source that renders start-snapshot-id (and end-snapshot-id): ignored by the runtime. */
export const HINTED_SNAPSHOT_IN_RANGE =
  '"snapshot-id" is ignored on this read: the source renders start-snapshot-id / end-snapshot-id (startSnapshotId with endSnapshotId), so the runtime reads the appends between them and never looks at "snapshot-id" ' +
  "(iceberg flink/.../source/FlinkSplitPlanner.java checkScanMode, planTasks); to read the table as of a snapshot in this statement, " +
  SECOND_SOURCE;

/** A hint's `snapshot-id` with `as-of-timestamp` in the same hint (reported at "as-of-timestamp"). */
export function hintedSnapshotWithTime(snapshotId: string): string {
  return (
    `"as-of-timestamp" together with "snapshot-id": the bounded read selects snapshot ${snapshotId} first and then refuses another one ('Cannot override snapshot, already set snapshot id', iceberg FlinkSplitPlanner / core SnapshotScan); ` +
    `read snapshot ${snapshotId} (remove "as-of-timestamp"), or the table as of the time (remove "snapshot-id")`
  );
}
