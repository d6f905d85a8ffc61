/**
 * `execution.checkpointing.interval` written to turn checkpointing off ("0", "0s", "-1",
 * "disabled", "off", "none", "false" ...). No value does that in Flink 1.19–2.1: the environment
 * reads the key when the job starts (flink `CheckpointConfig.configure`, from the
 * StreamExecutionEnvironment's constructor) and
 * - a zero duration reaches `CheckpointConfig.setCheckpointInterval`, which throws "Checkpoint
 *   interval must be larger than or equal to 10 ms" (MINIMAL_CHECKPOINT_TIME; flink
 *   `flink-streaming-java/.../environment/CheckpointConfig.java`, 1.19 with
 *   ExecutionCheckpointingOptions, 1.20–2.1 with CheckpointingOptions);
 * - a sign or a word is no duration Flink reads (flink `flink-core/.../util/TimeUtils.java`
 *   parseDuration: digits first), so the option fails to parse.
 * Checkpointing is off only where the key is not set at all. A streaming job whose sink commits on
 * checkpoints cannot run without it: Iceberg's Flink sink commits its data files when a checkpoint
 * completes (iceberg `flink/.../sink/IcebergFilesCommitter.java` notifyCheckpointComplete; the v2
 * `IcebergSink`'s committer runs at the same point), so without checkpoints it never commits.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { parseFlinkDuration } from "../options/duration.js";

/** The words that read as "off" (any case). */
const OFF_WORDS = new Set(["disabled", "disable", "off", "none", "false", "no", "never", "null"]);

/** What Flink does with `text` when the job starts, when it reads as "off"; else undefined. */
function flinkOutcome(text: string): string | undefined {
  const t = text.trim();
  let zero = false;
  try {
    zero = parseFlinkDuration(t, true) === 0;
  } catch {
    // Not a duration the product reads: a sign or a word may still mean "off".
  }
  if (zero) return 'Flink refuses a zero interval when the job starts ("Checkpoint interval must be larger than or equal to 10 ms")';
  if (/^-\s*\d/.test(t) || OFF_WORDS.has(t.toLowerCase())) {
    return "Flink reads no sign or word as a duration, so the job fails when it starts, parsing this option";
  }
  return undefined;
}

/** What the job needs checkpoints for, by its sinks and streaming reads; undefined when nothing does. */
export interface CheckpointNeeds {
  /** The Iceberg sinks (they commit only on checkpoints). */
  readonly icebergSinks: readonly TableDefinition[];
  /** Other sinks that commit on checkpoints ('filesystem', exactly-once Kafka). */
  readonly otherCommitters: readonly TableDefinition[];
  /** Iceberg tables read as a stream (their position lives only in checkpoints). */
  readonly streamingReads: readonly TableDefinition[];
}

const labels = (ts: readonly TableDefinition[]): string => ts.map((t) => t.label).join(", ");

/** Why this streaming job cannot run without checkpoints. */
function whyNeeded(needs: CheckpointNeeds): string {
  if (needs.icebergSinks.length > 0) {
    const withInterval = needs.icebergSinks.filter((t) => t.commitInterval !== undefined);
    const smallest = withInterval.reduce<TableDefinition | undefined>((a, b) => (a === undefined || b.commitInterval!.millis < a.commitInterval!.millis ? b : a), undefined);
    const instead =
      smallest !== undefined
        ? `remove this key: the job then checkpoints at the smallest commitInterval of its sinks (${JSON.stringify(smallest.commitInterval!.text)}, ${smallest.label})`
        : "remove this key: the job then checkpoints every 1min, or at the commitInterval you set on the sink";
    return (
      `and a streaming job without checkpoints would never commit to ${labels(needs.icebergSinks)}: Iceberg's Flink sink commits its data files only when a checkpoint completes, ` +
      `so no row would reach the table; ${instead}, or write a positive interval of 10 ms or more here, e.g. "1min"`
    );
  }
  if (needs.otherCommitters.length > 0) {
    return (
      `and a streaming job without checkpoints would never commit to ${labels(needs.otherCommitters)}, which commits only when a checkpoint completes; ` +
      'remove this key (the job then checkpoints every 1min) or write a positive interval of 10 ms or more, e.g. "1min"'
    );
  }
  return (
    `and the streaming read of ${labels(needs.streamingReads)} keeps its position only in checkpoints (a restart would begin again at its starting position); ` +
    'remove this key (the job then checkpoints every 1min) or write a positive interval of 10 ms or more, e.g. "1min"'
  );
}

/**
 * The error for an interval `text` meant as "off", or undefined when it is none. `needs`: what the
 * job checkpoints for (a streaming job), or undefined when nothing needs checkpoints, where
 * leaving the key out is what turns checkpointing off.
 */
export function checkpointingOffProblem(text: string, needs: CheckpointNeeds | undefined): string | undefined {
  const outcome = flinkOutcome(text);
  if (outcome === undefined) return undefined;
  const lead = `${JSON.stringify(text)} does not turn checkpointing off: ${outcome}`;
  if (needs === undefined) return `${lead}; to run without checkpoints, leave the key out (the package sets no interval for this job), or write a positive interval of 10 ms or more, e.g. "1min"`;
  return `${lead}, ${whyNeeded(needs)}`;
}
