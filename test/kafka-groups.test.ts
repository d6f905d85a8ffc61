/**
 * Two jobs reading one Kafka topic in one consumer group (new-user trial w56; src/sql/kafka-groups.ts):
 * a warning naming the job whose start without state would begin at the other's committed offsets.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const WHY =
  "a Kafka source commits the position it has read to its group whenever a checkpoint completes, and one that starts without state from 'group-offsets' starts from the group's committed offsets " +
  '(flink-connector-kafka KafkaSourceReader, OffsetsInitializer.committedOffsets; the connector\'s docs, "Consumer Offset Committing")';
const MOVED = (who: string) =>
  `so when ${who} starts without state (its first start, an upgrade with upgradeMode "stateless", lost state), it begins where the other job's read was, skipping or reading again what lies between; ` +
  "give each job its own 'properties.group.id'";
/** The same for a read shared with several earlier jobs: one warning names them all. */
const MOVED_MANY = (who: string) => MOVED(who).replace("the other job's read", "another job's read");

describe("two jobs reading one Kafka topic in one consumer group", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }];
  const kafka = (n: string, extra: Record<string, pulumi.Input<string>> = {}) =>
    new api.FlinkTable(n, {
      columns: cols,
      options: { connector: "kafka", topic: "events", "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "shared", "properties.auto.offset.reset": "earliest", format: "json", ...extra },
    });
  const run = (name: string, src: ReturnType<typeof kafka>, runtimeMode: "streaming" | "batch" = "streaming") => {
    const out = new api.FlinkTable(`${name}_out`, { columns: cols, options: { connector: "blackhole" } });
    expect(issuesOrNone(() => new api.FlinkSqlJob(name, { runtimeMode, statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`] })), name).to.deep.equal([]);
    return jobWarnings(name).filter((w) => w.includes("'properties.group.id' ="));
  };

  it("w56: both from 'group-offsets' in one group: the second job is warned that either job's start without state begins at the other's offsets", () => {
    expect(run("w56-one", kafka("w56_a"))).to.deep.equal([]);
    expect(run("w56-two", kafka("w56_b"))).to.deep.equal([
      `statements: FlinkTable "w56_b" reads the topic "events" with 'properties.group.id' = 'shared', as FlinkTable "w56_a" of FlinkSqlJob "w56-one" does: ${WHY}, ${MOVED('this job or FlinkSqlJob "w56-one"')}`,
    ]);
  });

  it("only the job that starts from the group is named; a batch job commits nothing; a topic in a list; an Output bootstrap list", () => {
    const g = { "properties.group.id": "g2", topic: "orders;refunds" };
    expect(run("g2-group", kafka("g2_group", g))).to.deep.equal([]);
    // This job starts from 'earliest-offset' but commits, moving the first one's start.
    expect(run("g2-earliest", kafka("g2_earliest", { ...g, topic: "refunds", "scan.startup.mode": "earliest-offset" }))).to.deep.equal([
      `statements: FlinkTable "g2_earliest" reads the topic "refunds" with 'properties.group.id' = 'g2', as FlinkTable "g2_group" of FlinkSqlJob "g2-group" does: ${WHY}, ${MOVED('FlinkSqlJob "g2-group"')}`,
    ]);
    // A bounded batch read from 'group-offsets' starts at the streaming jobs' offsets; it commits none itself.
    const bounded = kafka("g2_batch", { ...g, "scan.bounded.mode": "latest-offset", "properties.bootstrap.servers": pulumi.output("kafka:9092") });
    // One warning for the read, naming both earlier jobs, each with the topics it shares when they differ.
    expect(run("g2-batch", bounded, "batch")).to.deep.equal([
      `statements: FlinkTable "g2_batch" reads the topics "orders", "refunds" with 'properties.group.id' = 'g2', as 2 earlier jobs' reads do: ` +
        `FlinkTable "g2_group" of FlinkSqlJob "g2-group" (the topics "orders", "refunds"), FlinkTable "g2_earliest" of FlinkSqlJob "g2-earliest" (the topic "refunds") ` +
        `(a bootstrap server list is an Output: if both read one Kafka cluster): ${WHY}, ${MOVED_MANY("this job")}`,
    ]);
  });

  it("one FlinkTable read by two jobs shares its group: the remedy is an OPTIONS hint with another group on one read, which is then quiet", () => {
    const t = kafka("same_t", { "properties.group.id": "same" });
    expect(run("same-1", t)).to.deep.equal([]);
    expect(run("same-2", t)).to.deep.equal([
      `statements: FlinkTable "same_t" reads the topic "events" with 'properties.group.id' = 'same', as FlinkSqlJob "same-1" also reads it: ${WHY}, ` +
        MOVED('this job or FlinkSqlJob "same-1"').replace(
          "give each job its own 'properties.group.id'",
          "give this job's read its own group in an OPTIONS hint after the table, e.g. /*+ OPTIONS('properties.group.id' = 'same-2') */ (or each job its own FlinkTable)",
        ),
    ]);
    const out = new api.FlinkTable("same_3_out", { columns: cols, options: { connector: "blackhole" } });
    new api.FlinkSqlJob("same-3", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${t} /*+ OPTIONS('properties.group.id' = 'same-3') */`] });
    expect(jobWarnings("same-3").filter((w) => w.includes("'properties.group.id' ="))).to.deep.equal([]);
  });

  it("valid neighbours stay quiet: other groups, other topics, other clusters, neither starting from the group, commits switched off", () => {
    expect(run("q-1", kafka("q_1", { "properties.group.id": "q" }))).to.deep.equal([]);
    expect(run("q-2", kafka("q_2", { "properties.group.id": "q-other" }))).to.deep.equal([]);
    expect(run("q-3", kafka("q_3", { "properties.group.id": "q", topic: "other-topic" }))).to.deep.equal([]);
    expect(run("q-4", kafka("q_4", { "properties.group.id": "q", "properties.bootstrap.servers": "other-kafka:9092" }))).to.deep.equal([]);
    const earliest = { "properties.group.id": "q-e", "scan.startup.mode": "earliest-offset" };
    expect(run("q-5", kafka("q_5", earliest))).to.deep.equal([]);
    expect(run("q-6", kafka("q_6", earliest))).to.deep.equal([]);
    // This job starts from the group, but the other never commits to it.
    expect(run("q-7", kafka("q_7", { "properties.group.id": "q-c", "scan.startup.mode": "earliest-offset", "properties.commit.offsets.on.checkpoint": "false" }))).to.deep.equal([]);
    expect(run("q-7b", kafka("q_7b", { "properties.group.id": "q-c" }))).to.deep.equal([]);
    // One that starts from the group beside the two that commit to it.
    expect(run("q-8", kafka("q_8", { "properties.group.id": "q-e" }))).to.deep.equal([
      `statements: FlinkTable "q_8" reads the topic "events" with 'properties.group.id' = 'q-e', as 2 earlier jobs' reads do: FlinkTable "q_5" of FlinkSqlJob "q-5", FlinkTable "q_6" of FlinkSqlJob "q-6": ${WHY}, ${MOVED_MANY("this job")}`,
    ]);
  });

  it("seven jobs in one group: each job after the first gets one warning naming every earlier job (six warnings, not one per pair)", () => {
    const names = [1, 2, 3, 4, 5, 6, 7].map((i) => `seven-${i}`);
    const counts = names.map((n) => run(n, kafka(`${n.replace("-", "_")}_t`, { "properties.group.id": "seven" })).length);
    expect(counts).to.deep.equal([0, 1, 1, 1, 1, 1, 1]);
    const last = jobWarnings("seven-7").filter((w) => w.includes("'properties.group.id' ="));
    expect(last).to.deep.equal([
      `statements: FlinkTable "seven_7_t" reads the topic "events" with 'properties.group.id' = 'seven', as 6 earlier jobs' reads do: ` +
        names.slice(0, 6).map((n) => `FlinkTable "${n.replace("-", "_")}_t" of FlinkSqlJob "${n}"`).join(", ") +
        `: ${WHY}, ${MOVED_MANY(`this job, ${names.slice(0, 5).map((n) => `FlinkSqlJob "${n}"`).join(", ")} or FlinkSqlJob "seven-6"`)}`,
    ]);
  });
});
