/**
 * The openings of the messages about a job that restarts without its Flink state, shared by the
 * targets (kubernetes upgradeMode "stateless", sqlGateway without savepointDir).
 */

/**
 * The start of every message about a job that reads Kafka (`statelessRestartReads`) and starts
 * again without Flink state: it reads from 'scan.startup.mode'; 'group-offsets' resumes only from
 * offsets committed on checkpoints (KafkaSource commits on checkpoint completion).
 */
export function kafkaRestartPreamble(reads: readonly string[]): string {
  return (
    `${reads.join(", ")}: a job that starts without Flink state reads Kafka from 'scan.startup.mode', not from where it was ` +
    "(only 'group-offsets', the default, resumes: from the offsets the job committed on its checkpoints); "
  );
}

/**
 * The start of every message about restarting a job that reads Iceberg tables as a stream
 * (`streamingIcebergReads`): their read position lives only in Flink state, so each target says
 * what of its own discards that state.
 */
export function streamingReadsPreamble(reads: readonly string[]): string {
  return `the job reads ${reads.join(", ")} as a stream, and the snapshot it has reached lives only in Flink state: `;
}
