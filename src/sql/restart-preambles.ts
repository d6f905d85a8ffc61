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
 * source applies to the partitions its state does not hold). Only
 * 'group-offsets' (the default) then resumes, from the offsets the job committed to its consumer
 * group, which it does when a checkpoint completes (`KafkaSourceReader.notifyCheckpointComplete`;
 * the connector's docs, "Consumer Offset Committing"), so only in a job that checkpoints.
 */
export function kafkaRestartPreamble(reads: readonly string[], restarts: string): string {
  return `${reads.join(", ")}: ${restarts} restarts the job without Flink state, so its Kafka reads start over from 'scan.startup.mode'; `;
}

/**
 * The start of every message about restarting a job that reads Iceberg tables as a stream
 * (`streamingIcebergReads`): their read position lives only in Flink state, so each target says
 * what of its own discards that state.
 */
export function streamingReadsPreamble(reads: readonly string[]): string {
  return `the job reads ${reads.join(", ")} as a stream, and the snapshot it has reached lives only in Flink state: `;
}
