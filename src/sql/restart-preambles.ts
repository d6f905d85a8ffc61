/**
 * The openings of the messages about a job that restarts without its Flink state, shared by the
 * targets (kubernetes upgradeMode "stateless", sqlGateway without savepointDir).
 */

/**
 * The start of every message about a job that reads Kafka (`statelessRestartReads`, each read with
 * what its restart does) and that `restarts` (e.g. `without savepointDir every update`) without
 * Flink state, ending in "; " before the target's remedy.
 *
 * A Kafka source restored from a checkpoint or savepoint resumes from the offsets in its state; one
 * that starts without state starts from its 'scan.startup.mode' (flink-connector-kafka
 * `table/KafkaDynamicSource.java` createKafkaSource: the mode's `OffsetsInitializer`, which the
 * source applies to the partitions its state does not hold). For 'group-offsets' (the default)
 * see kafkaGroupRestartPreamble.
 */
export function kafkaRestartPreamble(reads: readonly string[], restarts: string): string {
  return `${reads.join(", ")}: ${restarts} restarts the job without Flink state, so its Kafka reads start over from 'scan.startup.mode'; `;
}

/**
 * The start of every message about a job that reads Kafka from 'group-offsets' (`uncommittedGroupReads`,
 * each read with what a start without state does: KafkaRead.groupRestart) and does not checkpoint,
 * and that `restarts` without Flink state, ending in "; " before the remedy (CHECKPOINT_GROUP_OFFSETS,
 * then the target's). Such a read resumes only from offsets committed to its consumer group, which
 * flink-connector-kafka commits when a checkpoint completes (`KafkaSourceReader.notifyCheckpointComplete`)
 * and `KafkaSourceBuilder` keeps the client's own auto-commit off unless the table sets
 * 'properties.enable.auto.commit'; where the group has no offset, `KafkaDynamicSource` resets with
 * 'properties.auto.offset.reset' (strategy NONE when unset: the start fails).
 */
export function kafkaGroupRestartPreamble(reads: readonly string[], restarts: string): string {
  return `${reads.join(", ")}: ${restarts} restarts the job without Flink state, and the job does not checkpoint, so its reads from 'group-offsets' do not resume where they stopped; `;
}

/** The remedy shared by the targets for a 'group-offsets' read in a job that does not checkpoint. */
export const CHECKPOINT_GROUP_OFFSETS =
  'set configuration["execution.checkpointing.interval"] (the job then commits its consumer group\'s offsets whenever a checkpoint completes, and a restart without state resumes from them)';

/**
 * The start of every message about restarting a job that reads Iceberg tables as a stream
 * (`streamingIcebergReads`): their read position lives only in Flink state, so each target says
 * what of its own discards that state.
 */
export function streamingReadsPreamble(reads: readonly string[]): string {
  return `the job reads ${reads.join(", ")} as a stream, and the snapshot it has reached lives only in Flink state: `;
}
