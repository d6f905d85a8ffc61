/**
 * How Iceberg refuses a delete file on a format-version 1 table: the one quotation of every message
 * about a sink that writes delete files to such a table. The delete files come from an upsert sink
 * (an equality delete for each row it writes: each insert, update and delete) and from a sink keyed
 * by a primaryKey without upsert (an equality delete for each update's old row, -U, and each
 * deleted row, -D; a position delete for a key written again within a checkpoint): iceberg
 * `flink/.../sink/BaseDeltaTaskWriter.java` write, core `io/BaseTaskWriter.java`
 * `BaseEqualityDeltaWriter`.
 *
 * Which message the job fails with depends on the Iceberg release, so the messages name both:
 * - core `ManifestFiles.java` `writeDeleteManifest` (format version 1): "Cannot write delete files
 *   in a v1 table". Thrown where the Flink committer writes the checkpoint's temporary delete
 *   manifest with the table's format version (`flink/.../sink/FlinkManifestUtil.java`
 *   writeCompletedFiles), or, where that manifest is always v2, when the commit writes the table's
 *   delete manifest (core `MergingSnapshotProducer.java` apply).
 * - core `MergingSnapshotProducer.java` `validateNewDeleteFile` (format version 1): "Deletes are
 *   supported in V2 and above", in the releases that check each delete file as the commit's
 *   RowDelta takes it (core `BaseRowDelta.java` addDeletes), before any manifest is written.
 */
export const V1_DELETE_FILE_ERRORS =
  "'Cannot write delete files in a v1 table' (iceberg ManifestFiles.writeDeleteManifest) or, in the releases that check each delete file at the commit, 'Deletes are supported in V2 and above' (iceberg MergingSnapshotProducer.validateNewDeleteFile)";
