/**
 * The Kafka connectors' cross-option rules (src/sql/kafka-rules.ts): key columns, the options of
 * the other Kafka connector, what startup and bounded modes need (checked when a job reads the
 * table), and the sink's delivery guarantee, partitioner and buffer flushing (when a job writes it).
 */
import { expect } from "chai";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkKafkaOptions } from "../src/sql/kafka-options.js";
import { specificOffsetsValid } from "../src/sql/kafka-rules.js";
import { parseDataType } from "../src/types/parser.js";
import { jobWarnings, mockedApi } from "./api.js";

type Got = { errors: [string, string][]; reads: [string, string][]; writes: [string, string][]; warnings?: [string, string][] };

const COLUMNS = ["id", "k_id", "name", "ts"];

function check(options: Record<string, string>, primaryKey: string[] = [], deferredKeys: string[] = []): Got {
  const d = new Diagnostics();
  const readFailures: { path: string; message: string }[] = [];
  const writeFailures: { path: string; message: string }[] = [];
  const writeWarnings: { path: string; message: string; atLeastCheckpointIntervalMs?: number }[] = [];
  const columns = COLUMNS.map((name) => ({ name, type: parseDataType(name === "ts" ? "TIMESTAMP(3)" : "STRING") }));
  checkKafkaOptions(options, deferredKeys, primaryKey, d, { columns, readFailures, writeFailures, writeWarnings });
  const pairs = (l: { path: string; message: string }[]): [string, string][] => l.map((i) => [i.path, i.message]);
  // Warnings bound to the job's checkpoint interval are the job's to report (the last test).
  const unconditional = writeWarnings.filter((w) => w.atLeastCheckpointIntervalMs === undefined);
  return { errors: pairs(d.errors), reads: pairs(readFailures), writes: pairs(writeFailures), ...(unconditional.length > 0 ? { warnings: pairs(unconditional) } : {}) };
}

const TIMEOUT_BOUND =
  "at most the brokers' transaction.max.timeout.ms, e.g. '900000' (15 minutes, Kafka's default), and longer than the checkpoint interval plus the longest checkpoint and restart you expect " +
  "(a transaction that times out before its checkpoint commits it is aborted, its rows lost)";
const REFUSED = 'the brokers refuse the sink\'s producers when it starts ("The transaction timeout is larger than the maximum value allowed by the broker"), failing the job';

const KAFKA = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "scan.startup.mode": "earliest-offset" };
const UPSERT = { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" };
const none: Got = { errors: [], reads: [], writes: [] };

describe("Kafka connector rules across options", () => {
  it("'kafka' key columns: key.format and key.fields come together, name physical columns, carry the prefix; a prefix needs EXCEPT_KEY", () => {
    expect(check({ ...KAFKA, format: "json", "key.format": "json" }).errors).to.deep.equal([
      [
        'options["key.format"]',
        "is set without 'key.fields', and a key format needs one or more key columns (\"A key format 'key.format' requires the declaration of one or more of key fields using 'key.fields'.\"); " +
          "set 'key.fields' to the ';'-separated physical columns of the message key, e.g. \"id\", or remove 'key.format'",
      ],
    ]);
    expect(check({ ...KAFKA, format: "json", "key.fields": "id" }).errors).to.deep.equal([
      [
        'options["key.fields"]',
        "is set without 'key.format', which Flink refuses (\"The option 'key.fields' can only be declared if a key format is defined using 'key.format'.\"); set 'key.format' (e.g. 'json' or 'raw') to write and read the message key, or remove 'key.fields'",
      ],
    ]);
    expect(check({ ...KAFKA, format: "json", "key.format": "json", "key.fields": "id; nmae" }).errors).to.deep.equal([
      [
        'options["key.fields"]',
        "names \"nmae\", which is not a physical column of the table (Flink: \"Could not find the field 'nmae' in the table schema for usage in the key format. A key field must be a regular, physical column.\"); did you mean \"name\"?",
      ],
    ]);
    expect(check({ ...KAFKA, format: "json", "key.format": "json", "key.fields": "k_id;name", "key.fields-prefix": "k_" }).errors).to.deep.equal([
      [
        'options["key.fields-prefix"]',
        "is set while 'value.fields-include' is ALL (the default), which Flink refuses (\"A key prefix is not allowed when option 'value.fields-include' is set to 'ALL'. Set it to 'EXCEPT_KEY' instead to avoid field overlaps.\"); " +
          "set 'value.fields-include' = 'EXCEPT_KEY' (the value then holds the columns outside the key), or remove 'key.fields-prefix'",
      ],
      [
        'options["key.fields"]',
        "names \"name\", which does not start with 'key.fields-prefix' \"k_\", which Flink refuses (\"All fields in 'key.fields' must be prefixed with 'k_' when option 'key.fields-prefix' is set but field 'name' is not prefixed.\"); " +
          'name the key columns with the prefix (e.g. "k_name"), or remove \'key.fields-prefix\'',
      ],
    ]);
    // Valid: key columns that exist and carry the prefix, with EXCEPT_KEY (any case); an empty prefix with ALL.
    expect(check({ ...KAFKA, format: "json", "key.format": "json", "key.fields": "k_id", "key.fields-prefix": "k_", "value.fields-include": "except_key" })).to.deep.equal(none);
    expect(check({ ...KAFKA, format: "json", "key.format": "raw", "key.fields": "id", "key.fields-prefix": "" })).to.deep.equal(none);
    // A key list given as an Output is not read.
    expect(check({ ...KAFKA, format: "json", "key.format": "json" }, [], ["key.fields"])).to.deep.equal(none);
  });

  it("'upsert-kafka' takes its key from the primary key: no 'key.fields'; a prefix on the primary-key columns", () => {
    expect(check({ ...UPSERT, "key.fields": "id" }, ["id"]).errors).to.deep.equal([
      [
        'options["key.fields"]',
        "is no option of the 'upsert-kafka' connector (it fails with \"Unsupported options\"): its message key is the primary key's columns (here primaryKey [\"id\"]); remove 'key.fields'",
      ],
    ]);
    expect(check({ ...UPSERT, "key.fields-prefix": "k_", "value.fields-include": "EXCEPT_KEY" }, ["id"]).errors).to.deep.equal([
      [
        'options["key.fields-prefix"]',
        "is \"k_\", and the primary-key column \"id\" (an 'upsert-kafka' key field) does not start with it, which Flink refuses (\"All fields in 'key.fields' must be prefixed with 'k_' when option 'key.fields-prefix' is set but field 'id' is not prefixed.\"); " +
          'name the key columns with the prefix (e.g. "k_id"), or remove \'key.fields-prefix\'',
      ],
    ]);
    expect(check({ ...UPSERT, "key.fields-prefix": "k_", "value.fields-include": "EXCEPT_KEY" }, ["k_id"])).to.deep.equal(none);
  });

  it("a Kafka client property without the 'properties.' prefix fails with \"Unsupported options\" and says what to write", () => {
    const message = (key: string) => `is a Kafka client property, which the connector takes only under the 'properties.' prefix (without it, it fails with "Unsupported options"): write "properties.${key}"`;
    expect(check({ ...KAFKA, format: "json", "group.id": "g", "sasl.mechanism": "PLAIN", "security.protocol": "SASL_SSL" }).errors).to.deep.equal([
      ['options["group.id"]', message("group.id")],
      ['options["sasl.mechanism"]', message("sasl.mechanism")],
      ['options["security.protocol"]', message("security.protocol")],
    ]);
    // One error for one fix: not also "needs 'properties.bootstrap.servers'".
    const { "properties.bootstrap.servers": _, ...unprefixed } = UPSERT;
    void _;
    expect(check({ ...unprefixed, "bootstrap.servers": "k:9092" }, ["id"]).errors).to.deep.equal([['options["bootstrap.servers"]', message("bootstrap.servers")]]);
  });

  it("an option of the other Kafka connector fails with \"Unsupported options\"", () => {
    expect(check({ ...KAFKA, format: "json", "sink.buffer-flush.max-rows": "100", "sink.buffer-flush.interval": "1s" }).errors).to.deep.equal([
      [
        'options["sink.buffer-flush.interval"]',
        "is an option of the 'upsert-kafka' connector only, and the 'kafka' connector fails with \"Unsupported options\" on it: the 'kafka' sink writes each row as it comes; for a keyed topic with buffered upserts use connector 'upsert-kafka'; remove it",
      ],
      [
        'options["sink.buffer-flush.max-rows"]',
        "is an option of the 'upsert-kafka' connector only, and the 'kafka' connector fails with \"Unsupported options\" on it: the 'kafka' sink writes each row as it comes; for a keyed topic with buffered upserts use connector 'upsert-kafka'; remove it",
      ],
    ]);
    expect(check({ ...UPSERT, "sink.partitioner": "fixed", "sink.semantic": "exactly-once", "scan.startup.timestamp-millis": "1" }, ["id"]).errors).to.deep.equal([
      [
        'options["scan.startup.timestamp-millis"]',
        "is an option of the 'kafka' connector only, and the 'upsert-kafka' connector fails with \"Unsupported options\" on it: 'upsert-kafka' always reads the topic from the earliest offset; remove it",
      ],
      [
        'options["sink.partitioner"]',
        "is an option of the 'kafka' connector only, and the 'upsert-kafka' connector fails with \"Unsupported options\" on it: 'upsert-kafka' partitions by the message key (the primary key); remove it",
      ],
      ['options["sink.semantic"]', "is an option of the 'kafka' connector only, and the 'upsert-kafka' connector fails with \"Unsupported options\" on it: write 'sink.delivery-guarantee' instead; remove it"],
    ]);
    expect(check({ ...KAFKA, format: "json", "topic-pattern": "t.*" }).errors).to.deep.equal([
      ['options["topic-pattern"]', "is set beside 'topic', which Flink refuses (\"Option 'topic' and 'topic-pattern' shouldn't be set together.\"); keep one of the two"],
    ]);
  });

  it("startup and bounded modes: what 'timestamp' and 'specific-offsets' need fails a job that reads the table", () => {
    expect(check({ ...KAFKA, format: "json", "scan.startup.mode": "TIMESTAMP", "scan.bounded.mode": "specific-offsets" })).to.deep.equal({
      errors: [],
      reads: [
        [
          'options["scan.startup.mode"]',
          "is 'timestamp' without options[\"scan.startup.timestamp-millis\"] (Flink: \"'scan.startup.timestamp-millis' is required in 'timestamp' startup mode but missing.\"); set it to the epoch milliseconds to start at, e.g. \"1700000000000\"",
        ],
        [
          'options["scan.bounded.mode"]',
          "is 'specific-offsets' without options[\"scan.bounded.specific-offsets\"] (Flink: \"'scan.bounded.specific-offsets' is required in 'specific-offsets' bounded mode but missing.\"); set it, e.g. \"partition:0,offset:42;partition:1,offset:300\"",
        ],
      ],
      writes: [],
    });
    expect(check({ ...KAFKA, topic: "a;b", format: "json", "scan.startup.mode": "specific-offsets", "scan.startup.specific-offsets": "partition:0, offset:42" }).reads).to.deep.equal([
      [
        'options["scan.startup.mode"]',
        "is 'specific-offsets', which reads one topic only, and this table reads 2 topics (Flink: \"Currently Kafka source only supports specific offset for single topic.\"); name one 'topic', or use another startup mode",
      ],
      [
        'options["scan.startup.specific-offsets"]',
        "\"partition:0, offset:42\" is not in the form Flink reads (\"Invalid properties 'scan.startup.specific-offsets' should follow the format 'partition:0,offset:42;partition:1,offset:300'\"); write 'partition:<n>,offset:<n>' pairs separated by ';', with no spaces",
      ],
    ]);
    // upsert-kafka checks its bounded mode too (it takes no startup mode at all: an error of its own).
    expect(check({ ...UPSERT, "scan.bounded.mode": "timestamp" }, ["id"]).reads.map((r) => r[0])).to.deep.equal(['options["scan.bounded.mode"]']);
    const valid = { ...KAFKA, format: "json", "scan.startup.mode": "specific-offsets", "scan.startup.specific-offsets": "partition:0,offset:42;partition:1,offset:300;", "scan.bounded.mode": "timestamp", "scan.bounded.timestamp-millis": "1700000000000" };
    expect(check(valid)).to.deep.equal(none);
    expect(check({ ...KAFKA, format: "json", "scan.startup.mode": "timestamp" }, [], ["scan.startup.timestamp-millis"])).to.deep.equal(none);
  });

  it("'group-offsets' (the default startup mode) or a 'group-offsets' bounded mode without 'properties.group.id' fails a job that reads the table (KafkaSourceBuilder)", () => {
    const noGroup = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "properties.auto.offset.reset": "earliest" };
    const startup =
      "is not set, and the table starts at the consumer group's committed offsets ('group-offsets', the default 'scan.startup.mode'), which Flink refuses without a group " +
      '("Property group.id is required when using committed offset for offsets initializer", flink-connector-kafka KafkaSourceBuilder); ' +
      "set 'properties.group.id' to a consumer group name for this job, or choose another scan.startup.mode (e.g. 'earliest-offset')";
    expect(check(noGroup)).to.deep.equal({ errors: [], reads: [['options["properties.group.id"]', startup]], writes: [] });
    // Written in any case (ConfigurationUtils.convertToEnum), the mode is named as written.
    expect(check({ ...noGroup, "scan.startup.mode": "Group-Offsets" }).reads).to.deep.equal([['options["properties.group.id"]', startup.replace("the default 'scan.startup.mode'", "its 'scan.startup.mode'")]]);
    expect(check({ ...noGroup, "scan.startup.mode": "earliest-offset", "scan.bounded.mode": "group-offsets" }).reads).to.deep.equal([
      [
        'options["properties.group.id"]',
        "is not set, and the table stops at the consumer group's committed offsets ('group-offsets', its 'scan.bounded.mode'), which Flink refuses without a group " +
          '("Property group.id is required when using committed offset for offsets initializer", flink-connector-kafka KafkaSourceBuilder); ' +
          "set 'properties.group.id' to a consumer group name for this job, or choose another scan.bounded.mode (e.g. 'latest-offset')",
      ],
    ]);
    expect(check({ ...UPSERT, "scan.bounded.mode": "group-offsets" }, ["id"]).reads.map((r) => r[0])).to.deep.equal(['options["properties.group.id"]']);
    // A group (plain or an Output), or a startup mode that reads no committed offsets: nothing; a mode given as an Output is not judged.
    expect(check({ ...noGroup, "properties.group.id": "g" })).to.deep.equal(none);
    expect(check(noGroup, [], ["properties.group.id"])).to.deep.equal(none);
    expect(check({ ...noGroup, "scan.startup.mode": "latest-offset" })).to.deep.equal(none);
    expect(check(noGroup, [], ["scan.startup.mode"])).to.deep.equal(none);
    expect(check({ ...UPSERT }, ["id"])).to.deep.equal(none);
  });

  it("specific offsets read as Flink's parseSpecificOffsets reads them (Java split: trailing empties dropped)", () => {
    const cases: [string, boolean | undefined][] = [
      ["partition:0,offset:42", true],
      ["partition:0,offset:42;partition:1,offset:-1;", true],
      ["partition:0,offset:42,", true],
      ["partition:+1,offset:+2", true],
      [";partition:0,offset:42", false],
      ["", false],
      [";;", false],
      ["partition:0", false],
      ["partition:0,offset:", false],
      ["partition:2147483648,offset:1", false],
      ["partition:0,offset:9223372036854775808", false],
      ["partition: 0,offset:1", false],
      ["partition:٣,offset:1", undefined],
    ];
    for (const [value, want] of cases) expect(specificOffsetsValid(value), JSON.stringify(value)).to.equal(want);
  });

  it("sink rules fail a job that writes the table: exactly-once needs a transactional-id prefix, round-robin refuses key.fields, buffer flushing needs both options", () => {
    expect(check({ ...KAFKA, format: "json", "key.format": "json", "key.fields": "id", "sink.partitioner": "round-robin", "sink.delivery-guarantee": "EXACTLY-ONCE" })).to.deep.equal({
      errors: [],
      reads: [],
      writes: [
        [
          'options["sink.delivery-guarantee"]',
          "is 'exactly-once' without options[\"sink.transactional-id-prefix\"] (Flink: \"sink.transactional-id-prefix must be specified when using DeliveryGuarantee.EXACTLY_ONCE.\"); set 'sink.transactional-id-prefix' to a prefix unique to this job among the jobs writing to the cluster, or use 'at-least-once'",
        ],
        [
          'options["sink.partitioner"]',
          "is 'round-robin' while 'key.fields' is set, which Flink refuses (\"Currently 'round-robin' partitioner only works when option 'key.fields' is not specified.\"); use 'default' (the Kafka producer then partitions keyed messages by key hash) or 'fixed', or remove 'key.fields'",
        ],
      ],
      // No transaction timeout either (the trial p29 case below): every problem at once.
      warnings: [
        [
          'options["sink.delivery-guarantee"]',
          "is 'exactly-once' without options[\"properties.transaction.timeout.ms\"], so the sink asks Kafka for transactions of one hour, " +
            `more than a broker allows unless configured for more (transaction.max.timeout.ms, 15 minutes by default): ${REFUSED}; set 'properties.transaction.timeout.ms' to ${TIMEOUT_BOUND}`,
        ],
      ],
    });
    expect(check({ ...UPSERT, "sink.buffer-flush.max-rows": "1000" }, ["id"]).writes).to.deep.equal([
      [
        'options["sink.buffer-flush.max-rows"]',
        "is above zero while sink.buffer-flush.interval is unset (0), and Flink buffers only with both above zero (\"'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must be set to be greater than zero together to enable sink buffer flushing.\"); " +
          'set sink.buffer-flush.interval too (e.g. "1s"), or remove sink.buffer-flush.max-rows',
      ],
    ]);
    expect(check({ ...UPSERT, "sink.buffer-flush.max-rows": "0", "sink.buffer-flush.interval": "2s" }, ["id"]).writes.map((w) => w[0])).to.deep.equal(['options["sink.buffer-flush.interval"]']);
    // Valid: both, neither, exactly-once with a prefix (and a transaction timeout), round-robin without key fields.
    expect(check({ ...UPSERT, "sink.buffer-flush.max-rows": "1000", "sink.buffer-flush.interval": "1s", "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": "job-a", "properties.transaction.timeout.ms": "900000" }, ["id"])).to.deep.equal(none);
    expect(check({ ...UPSERT, "sink.buffer-flush.max-rows": "0", "sink.buffer-flush.interval": "0" }, ["id"])).to.deep.equal(none);
    expect(check({ ...KAFKA, format: "json", "sink.partitioner": "round-robin", "sink.delivery-guarantee": "exactly-once" }, [], ["sink.transactional-id-prefix", "properties.transaction.timeout.ms"])).to.deep.equal(none);
  });

  it("trial p29: an exactly-once sink without properties.transaction.timeout.ms (KafkaSink asks for one hour, brokers allow 15 minutes by default), or with more than 900000, warns the job that writes it", () => {
    expect(check({ ...KAFKA, format: "json", "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": "job-a" }).warnings).to.deep.equal([
      [
        'options["sink.delivery-guarantee"]',
        "is 'exactly-once' without options[\"properties.transaction.timeout.ms\"], so the sink asks Kafka for transactions of one hour, " +
          `more than a broker allows unless configured for more (transaction.max.timeout.ms, 15 minutes by default): ${REFUSED}; set 'properties.transaction.timeout.ms' to ${TIMEOUT_BOUND}`,
      ],
    ]);
    expect(check({ ...UPSERT, "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": "job-a", "properties.transaction.timeout.ms": "3600000" }, ["id"]).warnings).to.deep.equal([
      [
        'options["properties.transaction.timeout.ms"]',
        `is 3600000 ms, more than a Kafka broker allows unless configured for more (transaction.max.timeout.ms, 900000 by default): ${REFUSED}; write ${TIMEOUT_BOUND}, or raise transaction.max.timeout.ms on the brokers`,
      ],
    ]);
    // Quiet: at-least-once (no transactions), a timeout within the default maximum, and one given as an Output.
    expect(check({ ...KAFKA, format: "json", "sink.delivery-guarantee": "at-least-once" })).to.deep.equal(none);
    expect(check({ ...KAFKA, format: "json", "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": "a", "properties.transaction.timeout.ms": "600000" })).to.deep.equal(none);
    expect(check({ ...KAFKA, format: "json", "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": "a" }, [], ["properties.transaction.timeout.ms"])).to.deep.equal(none);
  });

  it("trial 2: an exactly-once sink whose transaction timeout is no longer than the job's checkpoint interval warns the job (the broker aborts the open transaction: its rows are lost)", async () => {
    const api = await mockedApi();
    const cols = [
      { name: "id", type: "BIGINT" },
      { name: "v", type: "STRING" },
    ];
    const gen = new api.FlinkTable("txn_gen", { columns: cols, options: { connector: "datagen" } });
    const sink = (name: string, timeout: string) =>
      new api.FlinkTable(name, {
        columns: cols,
        options: { connector: "kafka", topic: name, "properties.bootstrap.servers": "kafka:9092", format: "json", "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": name, "properties.transaction.timeout.ms": timeout },
      });
    const short = sink("txn_short", "30000");
    new api.FlinkSqlJob("txn-short", { statements: [api.sql`INSERT INTO ${short} SELECT id, v FROM ${gen}`], configuration: { "execution.checkpointing.interval": "1min" } });
    expect(jobWarnings("txn-short")).to.deep.equal([
      'statements: the job writes FlinkTable "txn_short", whose options["properties.transaction.timeout.ms"] is 30000 ms, no longer than the job\'s checkpoint interval "1min": ' +
        "a transaction stays open from one checkpoint to the next and is committed after the checkpoint that closes it, so the broker aborts it first (transaction.timeout.ms) and its rows are lost " +
        `(flink docs, Kafka connector, "Fault Tolerance"); write ${TIMEOUT_BOUND}`,
    ]);
    // Longer than the interval: quiet; a batch job does not checkpoint: quiet.
    const long = sink("txn_long", "600000");
    new api.FlinkSqlJob("txn-long", { statements: [api.sql`INSERT INTO ${long} SELECT id, v FROM ${gen}`], configuration: { "execution.checkpointing.interval": "1min" } });
    expect(jobWarnings("txn-long")).to.deep.equal([]);
  });
});
