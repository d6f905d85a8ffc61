/**
 * Two jobs of the program that read one Kafka topic with one 'properties.group.id' (new-user trial
 * w56): a warning, as the jobs move each other's starting point.
 *
 * A Kafka source commits the position it has read to its consumer group whenever a checkpoint
 * completes (flink-connector-kafka `docs/content/docs/connectors/datastream/kafka.md`, "Consumer
 * Offset Committing": "Kafka source commits the current consuming offset when checkpoints are
 * completed"; `KafkaSourceReader.notifyCheckpointComplete`, unless
 * 'properties.commit.offsets.on.checkpoint' is 'false'), and it assigns the partitions itself
 * (no group membership), so two jobs in one group both read every partition and both commit. A
 * job restored from a checkpoint or savepoint resumes from its own state ("Kafka source does NOT
 * rely on committed offsets for fault tolerance"), but one that starts without state from
 * 'group-offsets' (the default 'scan.startup.mode') starts from the group's committed offsets
 * (`OffsetsInitializer.committedOffsets`; its 'properties.auto.offset.reset' only when the group
 * has none): its first start, an upgrade with upgradeMode "stateless", or a restart that lost its
 * state then starts where the other job's read was, skipping or reading again what lies between.
 * A batch job takes no checkpoints and commits nothing. Only a warning: it bites on a start
 * without state.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { KafkaRead } from "./connector-bounds.js";
import { listEntries } from "./kafka-rules.js";
import { brokers, sameCluster } from "./kafka-transactions.js";

/** The consumer group a 'kafka' read uses (connector-bounds.ts kafkaRead). */
export interface KafkaConsumerGroup {
  readonly groupId: string;
  /** The topics of 'topic' ('a;b' lists several). */
  readonly topics: readonly string[];
  /** The broker addresses of 'properties.bootstrap.servers'; undefined when not known at preview (an Output). */
  readonly servers?: readonly string[];
  /** It starts from the group's committed offsets when it starts without state ('group-offsets'). */
  readonly fromGroup: boolean;
  /** It commits its read position on checkpoints ('properties.commit.offsets.on.checkpoint' not 'false'). */
  readonly commitsOnCheckpoint: boolean;
}

/** A job's read of a topic in a group: the table, and whether the job commits (a streaming job checkpoints). */
export interface JobKafkaGroupRead extends KafkaConsumerGroup {
  readonly label: string;
  readonly commits: boolean;
}

/** An earlier job's read (job-registry.ts). */
export interface ProgramKafkaGroupRead extends JobKafkaGroupRead {
  readonly job: string;
}

/**
 * The consumer group of a 'kafka' read with these (plain) options: undefined without a plain
 * group id or with 'topic-pattern' (its topics are not known at preview).
 */
export function consumerGroup(options: Readonly<Record<string, string>>, fromGroup: boolean): KafkaConsumerGroup | undefined {
  const groupId = options["properties.group.id"];
  const topic = options["topic"];
  // A list with quotes is not followed (kafka-rules.ts listEntries): no group read.
  const topics = topic === undefined ? undefined : listEntries(topic)?.filter((t) => t !== "");
  if (groupId === undefined || groupId.trim() === "" || topics === undefined) return undefined;
  const servers = options["properties.bootstrap.servers"];
  return Object.assign(
    { groupId, topics, fromGroup, commitsOnCheckpoint: options["properties.commit.offsets.on.checkpoint"]?.trim().toLowerCase() !== "false" },
    servers !== undefined ? { servers: brokers(servers) } : undefined,
  );
}

/** The job's Kafka reads in a consumer group (`readOf`: a table's read, OPTIONS hints merged); a streaming job commits to it on checkpoints, a batch job never. */
export function jobKafkaGroupReads(reads: readonly TableDefinition[], readOf: (t: TableDefinition) => KafkaRead | undefined, runtimeMode: "streaming" | "batch"): JobKafkaGroupRead[] {
  return reads.flatMap((t) => {
    const c = readOf(t)?.consumer;
    return c === undefined ? [] : [Object.assign({ label: t.label, commits: runtimeMode === "streaming" && c.commitsOnCheckpoint }, c)];
  });
}

/** An earlier job's read that shares a topic with one of this job's, with what each start without state moves. */
interface SharedGroupRead {
  readonly other: ProgramKafkaGroupRead;
  readonly topics: readonly string[];
  /** This job starts from the group's offsets and the other commits to it. */
  readonly movesThis: boolean;
  /** The other job starts from the group's offsets and this job commits to it. */
  readonly movesOther: boolean;
}

const WHY =
  "a Kafka source commits the position it has read to its group whenever a checkpoint completes, and one that starts without state from 'group-offsets' starts from the group's committed offsets " +
  '(flink-connector-kafka KafkaSourceReader, OffsetsInitializer.committedOffsets; the connector\'s docs, "Consumer Offset Committing")';

const quotedTopics = (topics: readonly string[]): string => `${topics.length === 1 ? "the topic" : "the topics"} ${topics.map((t) => JSON.stringify(t)).join(", ")}`;

/** "a", "a or b", "a, b or c". */
const orList = (items: readonly string[]): string => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`);

/**
 * Warnings for the job's reads (`reads`) that share a group and a topic, on one cluster or one not
 * known at preview, with earlier jobs' reads (`earlier(groupId)`) where one of the two starts from
 * the group's offsets and the other commits to it: one warning per read of this job, naming every
 * such earlier job (a program of seven jobs in one group gets six warnings, not one per pair). At
 * `statements`.
 */
export function checkKafkaGroups(reads: readonly JobKafkaGroupRead[], earlier: ((groupId: string) => readonly ProgramKafkaGroupRead[]) | undefined, diag: Diagnostics): void {
  if (earlier === undefined) return;
  for (const r of reads) {
    const shared: SharedGroupRead[] = [];
    for (const o of earlier(r.groupId)) {
      const topics = r.topics.filter((t) => o.topics.includes(t));
      if (topics.length === 0 || sameCluster(r.servers, o.servers) === false) continue;
      const movesThis = r.fromGroup && o.commits;
      const movesOther = o.fromGroup && r.commits;
      if (movesThis || movesOther) shared.push({ other: o, topics, movesThis, movesOther });
    }
    if (shared.length > 0) diag.warn("statements", sharedGroupMessage(r, shared));
  }
}

function sharedGroupMessage(r: JobKafkaGroupRead, shared: readonly SharedGroupRead[]): string {
  const topics = r.topics.filter((t) => shared.some((s) => s.topics.includes(t)));
  const cluster = r.servers === undefined || shared.some((s) => s.other.servers === undefined) ? " (a bootstrap server list is an Output: if both read one Kafka cluster)" : "";
  const moved = [...(shared.some((s) => s.movesThis) ? ["this job"] : []), ...shared.filter((s) => s.movesOther).map((s) => `FlinkSqlJob ${JSON.stringify(s.other.job)}`)];
  const sameTable = shared.some((s) => s.other.label === r.label);
  const readBy = (s: SharedGroupRead): string => (s.other.label === r.label ? `FlinkSqlJob ${JSON.stringify(s.other.job)} also reads it` : `${s.other.label} of FlinkSqlJob ${JSON.stringify(s.other.job)} does`);
  const sameTopics = shared.every((s) => s.topics.length === topics.length);
  const others =
    shared.length === 1
      ? `as ${readBy(shared[0]!)}`
      : `as ${shared.length} earlier jobs' reads do: ` +
        shared.map((s) => (s.other.label === r.label ? `FlinkSqlJob ${JSON.stringify(s.other.job)}` : `${s.other.label} of FlinkSqlJob ${JSON.stringify(s.other.job)}`) + (sameTopics ? "" : ` (${quotedTopics(s.topics)})`)).join(", ");
  return (
    `${r.label} reads ${quotedTopics(topics)} with 'properties.group.id' = '${r.groupId}', ${others}${cluster}: ${WHY}, ` +
    `so when ${orList(moved)} starts without state (its first start, an upgrade with upgradeMode "stateless", lost state), it begins where ${shared.length === 1 ? "the other job's" : "another job's"} read was, skipping or reading again what lies between; ` +
    (sameTable
      ? `give this job's read its own group in an OPTIONS hint after the table, e.g. /*+ OPTIONS('properties.group.id' = '${r.groupId}-2') */ (or each job its own FlinkTable)`
      : "give each job its own 'properties.group.id'")
  );
}
