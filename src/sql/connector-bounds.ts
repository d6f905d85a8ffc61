/**
 * Whether reading a FlinkTable ends, judged from its connector options, so that a batch job
 * refuses an unbounded source at preview instead of failing at start-up.
 * Sources: the connectors' docs (flink `docs/content/docs/connectors/table/*.md`,
 * flink-connector-kafka `docs/content/docs/connectors/table/kafka.md` `scan.bounded.mode`).
 * Connectors not listed are taken as bounded (the job's runtime decides).
 */
import { didYouMean } from "../validation/known-keys.js";
import { consumerGroup, type KafkaConsumerGroup } from "./kafka-groups.js";

export interface Boundedness {
  bounded: boolean;
  /** Why the table is unbounded, and what makes it bounded. */
  reason?: string;
}

/** Connectors that only read continuously, whatever their options (CDC and message queues without a bounded mode). */
const ALWAYS_UNBOUNDED = /^(kinesis|pulsar|rabbitmq|.*-cdc)$/i;

/** Decides whether a table with these options is a bounded source. */
export function connectorBoundedness(options: Readonly<Record<string, string>>): Boundedness {
  const connector = (options["connector"] ?? "").trim().toLowerCase();
  switch (connector) {
    case "kafka":
    case "upsert-kafka": {
      const mode = options["scan.bounded.mode"];
      if (mode === undefined || mode.trim().toLowerCase() === "unbounded") {
        return { bounded: false, reason: `connector '${connector}' without 'scan.bounded.mode' (latest-offset, group-offsets, timestamp or specific-offsets) reads forever` };
      }
      return { bounded: true };
    }
    case "datagen":
      return options["number-of-rows"] === undefined
        ? { bounded: false, reason: "connector 'datagen' without 'number-of-rows' generates rows forever" }
        : { bounded: true };
    case "filesystem":
      return options["source.monitor-interval"] === undefined
        ? { bounded: true }
        : { bounded: false, reason: "connector 'filesystem' with 'source.monitor-interval' watches the path forever" };
    default:
      return ALWAYS_UNBOUNDED.test(connector)
        ? { bounded: false, reason: `connector '${connector}' reads continuously` }
        : { bounded: true };
  }
}

/** Formats whose rows carry a change kind (insert, update before/after, delete): flink docs `connectors/table/formats/*.md`. */
export const CHANGELOG_FORMATS = /^(debezium-json|debezium-avro-confluent|canal-json|maxwell-json|ogg-json)$/i;

/**
 * Why a table with these options is read as a changelog (updates and deletes, not only inserts),
 * or undefined for an insert-only table: upsert-kafka, a CDC connector (`*-cdc`), or a CDC format
 * (`format` / `value.format`).
 */
export function connectorChangelog(options: Readonly<Record<string, string>>): string | undefined {
  const connector = (options["connector"] ?? "").trim().toLowerCase();
  if (connector === "upsert-kafka") return "an upsert-kafka table (an upsert stream: updates and deletes by key)";
  // Flink CDC's option to read every change as an appended row (flink-cdc docs, "scan.read-changelog-as-append-only.enabled").
  if (/-cdc$/.test(connector)) {
    return options["scan.read-changelog-as-append-only.enabled"]?.trim().toLowerCase() === "true" ? undefined : `a '${connector}' table (a changelog of inserts, updates and deletes)`;
  }
  const format = (options["format"] ?? options["value.format"] ?? "").trim();
  if (CHANGELOG_FORMATS.test(format)) return `a '${format}' table (a changelog of inserts, updates and deletes)`;
  return undefined;
}

/**
 * Why a table with these options takes only inserts as a sink, when it does: a 'kafka' or
 * 'filesystem' table whose (value) format encodes no row kind (json, csv, avro, raw, parquet ...;
 * not debezium-json and the other CDC formats, which encode updates and deletes). Flink's planner
 * refuses an updating input there when it plans the job ("Table sink ... doesn't support consuming
 * update changes which is produced by node GroupAggregate(...)", flink
 * `FlinkChangelogModeInferenceProgram`; the sinks take their format's changelog mode:
 * `KafkaDynamicSink` / `FileSystemTableSink.getChangelogMode`). Other connectors: undefined.
 */
export function appendOnlySink(options: Readonly<Record<string, string>>): string | undefined {
  const connector = (options["connector"] ?? "").trim().toLowerCase();
  if (connector !== "kafka" && connector !== "filesystem") return undefined;
  const format = (options["format"] ?? options["value.format"] ?? "").trim();
  if (format === "" || CHANGELOG_FORMATS.test(format)) return undefined;
  return `a '${connector}' table with format '${format}', whose sink takes inserts only`;
}

/**
 * What Flink's planner does with an updating input into a sink that takes inserts only (flink
 * `FlinkChangelogModeInferenceProgram`), with `source` named after its message when given.
 */
export function insertOnlyRefusal(source?: string): string {
  return `Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes'${source !== undefined ? `, ${source}` : ""})`;
}

/**
 * Connectors whose sink takes updates and deletes only when the table declares a primary key, with
 * what a keyless one does with an updating input (FlinkTable `connector`, exact as Flink matches
 * factory identifiers): 'jdbc' (flink-connector-jdbc `JdbcDynamicTableSink.getChangelogMode` →
 * `validatePrimaryKey`: a requested mode other than insert-only needs key fields, else
 * IllegalStateException when the planner asks) and 'mongodb' (flink-connector-mongodb
 * `MongoDynamicTableFactory`: upsert only with a primary key, `MongoDynamicTableSink.getChangelogMode`
 * insert-only otherwise, so Flink's planner refuses the updating input). Not here: 'elasticsearch-*',
 * whose sink accepts every row kind without a key (`ElasticsearchDynamicSink.getChangelogMode`).
 */
const KEYED_UPDATE_SINKS: Readonly<Record<string, string>> = {
  jdbc:
    "Flink refuses the job when it plans it ('please declare primary key for sink table when query contains update/delete record.', flink-connector-jdbc JdbcDynamicTableSink.validatePrimaryKey); " +
    "with a primaryKey the sink writes updates as upserts by the key and deletes by it, which needs a primary key or unique constraint on those columns in the database",
  mongodb: `its sink then takes inserts only (flink-connector-mongodb MongoDynamicTableSink.getChangelogMode: upserts only with a primary key), so ${insertOnlyRefusal("flink FlinkChangelogModeInferenceProgram")}`,
};

/** What a keyless sink of `connector` does with updates (KEYED_UPDATE_SINKS), or undefined for a connector that takes them without a key or is not known here. */
export function keylessUpdateRefusal(connector: string | undefined): string | undefined {
  return connector !== undefined && Object.hasOwn(KEYED_UPDATE_SINKS, connector) ? KEYED_UPDATE_SINKS[connector] : undefined;
}

/** How a job reads a 'kafka' table, as far as restarts and the first start go (kafkaRead). */
export interface KafkaRead {
  /**
   * What a restart without Flink state does to an unbounded read from a startup mode other than
   * 'group-offsets': flink-connector-kafka reads from `scan.startup.mode` whenever the job starts
   * without state (`KafkaSourceBuilder` starting offsets).
   */
  readonly restart?: string;
  /** An unbounded read from 'group-offsets' (the default): it resumes only from offsets committed on checkpoints. */
  readonly groupOffsets: boolean;
  /**
   * For a 'group-offsets' read: where each start without Flink state reads from in a job that does
   * not checkpoint, so never commits the group's offsets (flink-connector-kafka commits them when a
   * checkpoint completes, `KafkaSourceReader.notifyCheckpointComplete`, and `KafkaSourceBuilder`
   * turns the client's 'enable.auto.commit' off unless the table sets it): the offsets the group
   * committed before, and where it has none the reset strategy of 'properties.auto.offset.reset'
   * (`KafkaDynamicSource`: `OffsetsInitializer.committedOffsets`, strategy NONE when unset: the start
   * fails). With 'properties.enable.auto.commit' = 'true' the Kafka client commits what it has fetched.
   */
  readonly groupRestart?: string;
  /**
   * 'group-offsets' without 'properties.auto.offset.reset': flink-connector-kafka then resets with
   * strategy NONE (`OffsetsInitializer.committedOffsets(OffsetResetStrategy.NONE)`), so a consumer
   * group without committed offsets fails the job's first start.
   */
  readonly problem?: string;
  /** The consumer group it reads as, when its group id and topics are plain (kafka-groups.ts). */
  readonly consumer?: KafkaConsumerGroup;
}

/**
 * The KafkaRead of a table with these options (`hint`: the part of them a statement's OPTIONS hint
 * set, named so in the message); undefined for anything but 'kafka' (upsert-kafka
 * always reads from the earliest offset: that is how it rebuilds its table).
 */
export function kafkaRead(options: Readonly<Record<string, string>>, hint: Readonly<Record<string, string>> = {}): KafkaRead | undefined {
  if ((options["connector"] ?? "").trim().toLowerCase() !== "kafka") return undefined;
  const unbounded = !connectorBoundedness(options).bounded;
  const written = options["scan.startup.mode"];
  const mode = (written ?? "group-offsets").trim().toLowerCase();
  const restart =
    mode === "earliest-offset"
      ? "'scan.startup.mode' = 'earliest-offset' reads the whole topic again"
      : mode === "latest-offset"
        ? "'scan.startup.mode' = 'latest-offset' skips what was produced while the job was down"
        : mode === "timestamp" || mode === "specific-offsets"
          ? `'scan.startup.mode' = '${mode}' reads again from the same fixed position`
          : undefined;
  const group = options["properties.group.id"];
  const problem =
    mode === "group-offsets" && options["properties.auto.offset.reset"] === undefined
      ? `reads from 'group-offsets' (${written === undefined ? "the default 'scan.startup.mode'" : hint["scan.startup.mode"] !== undefined ? "the 'scan.startup.mode' of a statement's OPTIONS hint" : "its 'scan.startup.mode'"}) without 'properties.auto.offset.reset', ` +
        `so a consumer group${group !== undefined ? ` (${JSON.stringify(group)})` : ""} without committed offsets fails the job's first start ` +
        "(NoOffsetForPartitionException: flink-connector-kafka resets with strategy NONE); " +
        `set 'properties.auto.offset.reset' to 'earliest' or 'latest' in the table's options${Object.keys(hint).length > 0 ? " or the hint" : ""}, or choose a 'scan.startup.mode'`
      : undefined;
  const consumer = consumerGroup(options, mode === "group-offsets");
  return {
    groupOffsets: unbounded && mode === "group-offsets",
    ...(unbounded && mode === "group-offsets" ? { groupRestart: groupRestart(options) } : {}),
    ...(unbounded && restart !== undefined ? { restart } : {}),
    ...(problem !== undefined ? { problem } : {}),
    ...(consumer !== undefined ? { consumer } : {}),
  };
}

/** The Kafka client property that says where a consumer group without committed offsets starts. */
export const RESET_KEY = "properties.auto.offset.reset";
/** kafka-clients OffsetResetStrategy, in the order its values() lists them. */
const RESET_STRATEGIES = ["latest", "earliest", "none"];
/** The old consumer's names (Kafka before 0.9), with today's. */
const OLD_RESET_NAMES: Readonly<Record<string, string>> = { smallest: "earliest", largest: "latest" };

/**
 * What is wrong with the 'properties.auto.offset.reset' `value` of a 'kafka' table that starts from
 * the consumer group's offsets (`which`: how its startup mode is 'group-offsets'), or undefined.
 * flink-connector-kafka 3.x–4.x (Flink 1.19–2.x) KafkaDynamicSource.getResetStrategy reads it as an
 * OffsetResetStrategy name, upper-cased, not trimmed, and fails the job's start on anything else; in
 * the other startup modes KafkaSourceBuilder.parseAndSetRequiredProperties overrides the property
 * with the mode's own strategy, so it is never read there.
 */
export function resetStrategyProblem(value: string, which: string): string | undefined {
  if (RESET_STRATEGIES.includes(value.toLowerCase())) return undefined;
  const trimmed = value.trim().toLowerCase();
  const old = OLD_RESET_NAMES[trimmed];
  const fix =
    old !== undefined
      ? `${JSON.stringify(value.trim())} is the old Kafka consumer's name (before Kafka 0.9): write ${JSON.stringify(old)}`
      : RESET_STRATEGIES.includes(trimmed)
        ? `write it without the surrounding spaces: ${JSON.stringify(value.trim())}`
        : `write "earliest", "latest" or "none" (any case)${didYouMean(value.trim(), RESET_STRATEGIES)}`;
  return (
    `${JSON.stringify(value)} is no reset strategy: the table starts from the consumer group's committed offsets ('group-offsets', ${which}), where the source reads this property as a strategy name, ` +
    `and Flink refuses the job when it starts ("auto.offset.reset can not be set to ${value}. Valid values: [${RESET_STRATEGIES.join(",")}]", flink-connector-kafka KafkaDynamicSource.getResetStrategy); ${fix}`
  );
}

/** The reset strategies of kafka-clients' 'auto.offset.reset' that start somewhere, and where (the old consumer's names too). */
const RESET_START: Readonly<Record<string, string>> = {
  earliest: "the earliest offset, reading the whole topic again",
  smallest: "the earliest offset, reading the whole topic again",
  latest: "the latest offset, skipping what was produced while the job was down",
  largest: "the latest offset, skipping what was produced while the job was down",
};

/** KafkaRead.groupRestart: what a start without state does for a 'group-offsets' read with these options in a job that does not checkpoint. */
function groupRestart(options: Readonly<Record<string, string>>): string {
  if ((options["properties.enable.auto.commit"] ?? "").trim().toLowerCase() === "true") {
    return (
      "'properties.enable.auto.commit' = 'true': the Kafka client commits the offsets it has fetched every 'properties.auto.commit.interval.ms' (5 s by default), " +
      "whether or not the job has written those records, so a start resumes from the last of those commits: records fetched but not yet written are skipped, records written since it are read again"
    );
  }
  const reset = options["properties.auto.offset.reset"]?.trim();
  const start = reset === undefined ? undefined : RESET_START[reset.toLowerCase()];
  const none =
    start !== undefined
      ? `from ${start} ('properties.auto.offset.reset' = '${reset}')`
      : reset === undefined
        ? "fails (NoOffsetForPartitionException: without 'properties.auto.offset.reset', flink-connector-kafka resets with strategy NONE)"
        : `fails (NoOffsetForPartitionException: 'properties.auto.offset.reset' = '${reset}')`;
  return `the job commits no offsets to its consumer group: each start reads from the offsets the group committed before, and where it has none, ${none}`;
}
