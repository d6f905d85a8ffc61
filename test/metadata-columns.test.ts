/**
 * Metadata columns of Kafka and filesystem FlinkTables (src/sql/metadata-columns.ts): a key the
 * source cannot read fails a job that reads the table, a non-virtual column whose key the sink
 * cannot write fails a job that writes it, and a declared type Flink can never cast is reported
 * with the key's type. The Kafka sink rules reach the jobs the same way (kafka-rules.ts).
 */
import { expect } from "chai";
import { errorOf, mockedApi, type Api } from "./api.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { planGenericTable, type FlinkColumn } from "../src/sql/generic-table.js";

const KAFKA = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "scan.startup.mode": "earliest-offset" };
const KAFKA_KEYS = "topic, partition, headers, header-list, leader-epoch, offset, timestamp, timestamp-type";

/** The read- and write-time failures of a FlinkTable with these columns and options. */
function failures(columns: FlinkColumn[], options: Record<string, string>): { reads: [string, string][]; writes: [string, string][] } {
  const d = new Diagnostics();
  const plan = planGenericTable("t", { columns: [{ name: "id", type: "BIGINT" }, ...columns], options }, d);
  expect(d.errors).to.deep.equal([]);
  const pairs = (l: readonly { path: string; message: string }[]): [string, string][] => l.map((i) => [i.path, i.message]);
  return { reads: pairs(plan!.readFailures), writes: pairs(plan!.writeFailures) };
}

describe("metadata columns: the keys a connector reads and writes", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("kafka: a key the source does not read, with the nearest key and the keys it reads", () => {
    expect(failures([{ name: "off", type: "BIGINT", metadata: { from: "ofset", virtual: true } }, { name: "partiton", type: "INT", metadata: { virtual: true } }], { ...KAFKA, format: "json" })).to.deep.equal({
      reads: [
        [
          "columns[1].metadata.from",
          `is the metadata key "ofset", which the 'kafka' connector does not read (Flink: "Invalid metadata key 'ofset' in column 'off'"); did you mean "offset"?; the keys it reads: ${KAFKA_KEYS}`,
        ],
        [
          "columns[2].name",
          `is the column name "partiton", its metadata key (no metadata.from), which the 'kafka' connector does not read (Flink: "Invalid metadata key 'partiton' in column 'partiton'"); set metadata.from to the key; did you mean "partition"?; the keys it reads: ${KAFKA_KEYS}`,
        ],
      ],
      writes: [],
    });
  });

  it("kafka: the value format's metadata under 'value.' (debezium-json, canal-json ...), none for json or upsert-kafka, unchecked for a format not known here", () => {
    const ok = [
      { name: "origin_ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: "value.source.timestamp", virtual: true } },
      { name: "origin_db", type: "STRING", metadata: { from: "value.source.database", virtual: true } },
      { name: "event_time", type: "TIMESTAMP(3)", metadata: { from: "timestamp" } },
    ];
    expect(failures(ok, { ...KAFKA, format: "debezium-json" })).to.deep.equal({ reads: [], writes: [] });
    const canal = failures([{ name: "db", type: "STRING", metadata: { from: "value.database", virtual: true } }, { name: "x", type: "STRING", metadata: { from: "value.databse", virtual: true } }], { ...KAFKA, "value.format": "canal-json" });
    expect(canal.reads.map((r) => r[0])).to.deep.equal(["columns[2].metadata.from"]);
    expect(canal.reads[0]![1]).to.contain('did you mean "value.database"?');
    const json = failures([{ name: "db", type: "STRING", metadata: { from: "value.source.database", virtual: true } }], { ...KAFKA, format: "json" });
    expect(json.reads.map((r) => r[0])).to.deep.equal(["columns[1].metadata.from"]);
    const upsert = { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" };
    const d = new Diagnostics();
    const plan = planGenericTable("u", { columns: [{ name: "id", type: "BIGINT" }, { name: "db", type: "STRING", metadata: { from: "value.database", virtual: true } }], primaryKey: ["id"], options: upsert }, d);
    expect(plan!.readFailures.map((r) => r.path)).to.deep.equal(["columns[1].metadata.from"]);
    // A format this package does not know may have metadata of its own: its 'value.' keys are not read.
    expect(failures([{ name: "m", type: "STRING", metadata: { from: "value.anything", virtual: true } }], { ...KAFKA, format: "my-format" })).to.deep.equal({ reads: [], writes: [] });
  });

  it("kafka: a non-virtual column a job writes must be 'headers' or 'timestamp'; a declared type Flink never casts is reported with the key's type", () => {
    expect(failures([{ name: "off", type: "BIGINT", metadata: { from: "offset" } }, { name: "headers", type: "BIGINT", metadata: {} }], { ...KAFKA, format: "json" })).to.deep.equal({
      reads: [
        [
          "columns[2].type",
          'is BIGINT, and metadata "headers" is MAP<STRING, BYTES>, which Flink cannot cast to it ("Invalid data type for metadata column \'headers\' ... the type must be castable from metadata type"); declare it MAP<STRING, BYTES>',
        ],
      ],
      writes: [
        [
          "columns[1].metadata",
          'declares the metadata column "off" (key "offset") without virtual: true, so an INSERT writes it, and the \'kafka\' sink writes only \'headers\' and \'timestamp\' (Flink: "Invalid metadata key \'offset\' in column \'off\' ... supports the following metadata keys for writing"); declare it { virtual: true } (read-only; INSERT leaves it out)',
        ],
        [
          "columns[2].type",
          'is BIGINT, and the writable metadata "headers" is MAP<STRING, BYTES>, which Flink cannot cast it to ("the type must be castable to metadata type"); declare it MAP<STRING, BYTES>',
        ],
      ],
    });
    // Castable types Flink takes: a TIMESTAMP(3) for the LTZ timestamp, a STRING for the headers map.
    expect(failures([{ name: "ts", type: "TIMESTAMP(3)", metadata: { from: "timestamp" } }, { name: "h", type: "STRING", metadata: { from: "headers", virtual: true } }], { ...KAFKA, format: "json" })).to.deep.equal({ reads: [], writes: [] });
    expect(failures([{ name: "p", type: "MAP<STRING, INT>", metadata: { from: "partition", virtual: true } }], { ...KAFKA, format: "json" }).reads.map((r) => r[0])).to.deep.equal(["columns[1].type"]);
  });

  it("filesystem: file.* keys are read, and the sink writes no metadata", () => {
    const fs = { connector: "filesystem", path: "/tmp/x", format: "csv" };
    expect(failures([{ name: "file_path", type: "STRING", metadata: { from: "file.path", virtual: true } }, { name: "size", type: "BIGINT", metadata: { from: "file.size" } }, { name: "f", type: "STRING", metadata: { from: "file.nmae", virtual: true } }], fs)).to.deep.equal({
      reads: [
        [
          "columns[3].metadata.from",
          'is the metadata key "file.nmae", which the \'filesystem\' connector does not read (Flink: "Invalid metadata key \'file.nmae\' in column \'f\'"); did you mean "file.name"?; the keys it reads: file.path, file.name, file.size, file.modification-time',
        ],
      ],
      writes: [
        [
          "columns[2].metadata",
          'declares the metadata column "size" (key "file.size") without virtual: true, so an INSERT writes it, and the \'filesystem\' sink writes no metadata (Flink: "declares persistable metadata columns, but the underlying DynamicTableSink doesn\'t implement the SupportsWritingMetadata interface"); declare it { virtual: true } (read-only; INSERT leaves it out)',
        ],
      ],
    });
    // Connectors whose metadata this package does not know are left alone.
    expect(failures([{ name: "m", type: "STRING", metadata: { from: "anything" } }], { connector: "datagen" })).to.deep.equal({ reads: [], writes: [] });
  });

  it("a job reports a Kafka table's read-time failures when it reads the table and its write-time failures when it writes it", () => {
    const cols = [
      { name: "id", type: "BIGINT" },
      { name: "v", type: "STRING" },
      { name: "off", type: "BIGINT", metadata: { from: "offset" } },
    ];
    const events = new api.FlinkTable("kafka_meta_events", { columns: cols, options: { ...KAFKA, format: "json", "scan.startup.mode": "timestamp", "sink.delivery-guarantee": "exactly-once" } });
    const print = new api.FlinkTable("kafka_meta_print", { columns: [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }, { name: "off", type: "BIGINT" }], options: { connector: "print" } });
    const gen = new api.FlinkTable("kafka_meta_gen", { columns: [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }, { name: "off", type: "BIGINT" }], options: { connector: "datagen" } });
    const reads = errorOf(() => new api.FlinkSqlJob("reads-meta", { statements: [api.sql`INSERT INTO ${print} SELECT * FROM ${events}`] }));
    expect(reads.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements",
        'the job reads FlinkTable "kafka_meta_events", whose options["scan.startup.mode"] is \'timestamp\' without options["scan.startup.timestamp-millis"] (Flink: "\'scan.startup.timestamp-millis\' is required in \'timestamp\' startup mode but missing."); set it to the epoch milliseconds to start at, e.g. "1700000000000" (Flink checks this when a job reads the table)',
      ],
    ]);
    const writes = errorOf(() => new api.FlinkSqlJob("writes-meta", { statements: [api.sql`INSERT INTO ${events} (id, v) SELECT id, v FROM ${gen}`] }));
    expect(writes.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements",
        'the job writes FlinkTable "kafka_meta_events", whose options["sink.delivery-guarantee"] is \'exactly-once\' without options["sink.transactional-id-prefix"] (Flink: "sink.transactional-id-prefix must be specified when using DeliveryGuarantee.EXACTLY_ONCE."); ' +
          "set 'sink.transactional-id-prefix' to a prefix unique to this job among the jobs writing to the cluster, or use 'at-least-once' (Flink checks this when a job writes the table)",
      ],
      [
        "statements",
        'the job writes FlinkTable "kafka_meta_events", whose columns[2].metadata declares the metadata column "off" (key "offset") without virtual: true, so an INSERT writes it, and the \'kafka\' sink writes only \'headers\' and \'timestamp\' ' +
          '(Flink: "Invalid metadata key \'offset\' in column \'off\' ... supports the following metadata keys for writing"); declare it { virtual: true } (read-only; INSERT leaves it out) (Flink checks this when a job writes the table)',
      ],
    ]);
  });
});
