/**
 * A streaming INSERT of inserts only into an IcebergSink keyed by its primaryKey without
 * upsertEnabled (src/sql/keyed-appends.ts): the keyed writer removes a repeated key only within
 * one checkpoint (iceberg BaseDeltaTaskWriter.write, core BaseTaskWriter.BaseEqualityDeltaWriter
 * insertedRowMap; IcebergStreamWriter makes a new task writer at each checkpoint), so a key that
 * comes again later is a second row (new-user trial). Quiet for a changelog or an updating query,
 * under upsert, on format version 1 (its own warning), in batch mode.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "v", type: "STRING" },
];
const kafka = (topic: string, format: string) => ({ connector: "kafka", topic, "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format });

const WHY =
  "the keyed writer removes a repeated key only within one checkpoint (a position delete for the row it wrote before: iceberg BaseTaskWriter.BaseEqualityDeltaWriter) and starts afresh at each checkpoint, " +
  "so a key that comes again in a later checkpoint (an update sent as a new message, a resend, a source read again from the start) becomes a second row of the table; ";

describe("a streaming insert-only INSERT into a keyed IcebergSink without upsert", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("from Kafka: a warning at the statement naming the key, the source and upsertEnabled", () => {
    const clicks = new api.FlinkTable("ka_clicks", { columns: cols, options: kafka("clicks", "json") });
    const sink = new api.IcebergSink("ka_sink", { catalog, database: "db", table: "ka_sink", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("ka-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${clicks}`] });
    expect(jobWarnings("ka-job")).to.deep.equal([
      `statements[0]: IcebergSink "ka_sink" is keyed by its primaryKey (id) without upsertEnabled, and the statement writes inserts only into it (from FlinkTable "ka_clicks"): ${WHY}` +
        'set upsertEnabled: true on IcebergSink "ka_sink" (each row then replaces the row of its key), or drop its primaryKey for an append-only table',
    ]);
  });

  it("from a streaming Iceberg read through a view, into a sink partitioned by a column outside the key: the partition column to add", () => {
    const cols3 = [...cols, { name: "region", type: "STRING" }];
    const hist = new api.IcebergSource("ka_hist", { catalog, database: "db", table: "ka_hist", columns: cols3, streaming: true });
    const sink = new api.IcebergSink("ka_part", { catalog, database: "db", table: "ka_part", columns: cols3, primaryKey: ["id"], partitionedBy: ["region"] });
    new api.FlinkSqlJob("ka-view", {
      statements: [api.sql`CREATE TEMPORARY VIEW recent AS SELECT id, v, region FROM ${hist}`, api.sql`INSERT INTO ${sink} SELECT id, v, region FROM recent`],
    });
    expect(jobWarnings("ka-view").filter((w) => w.includes("upsertEnabled"))).to.deep.equal([
      `statements[1]: IcebergSink "ka_part" is keyed by its primaryKey (id) without upsertEnabled, and the statement writes inserts only into it (from IcebergSource "ka_hist"): ${WHY}` +
        'set upsertEnabled: true on IcebergSink "ka_part" (each row then replaces the row of its key), with "region" added to the primaryKey or the table partitioned by key columns (upsert needs every partition column in the key), ' +
        "or drop its primaryKey for an append-only table",
    ]);
  });

  it("stays quiet for a changelog source, an aggregation, a window aggregation, upsert, no key, format version 1 (its own warning) and a batch job", () => {
    const gen = new api.FlinkTable("kq_gen", { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    const cdc = new api.FlinkTable("kq_cdc", { columns: cols, primaryKey: ["id"], options: kafka("cdc", "debezium-json") });
    const keyed = new api.IcebergSink("kq_keyed", { catalog, database: "db", table: "kq_keyed", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("kq-cdc", { statements: [api.sql`INSERT INTO ${keyed} SELECT id, v FROM ${cdc}`] });
    expect(jobWarnings("kq-cdc")).to.deep.equal([]);
    new api.FlinkSqlJob("kq-agg", { statements: [api.sql`INSERT INTO ${keyed} SELECT id, MAX(v) FROM ${gen} GROUP BY id`] });
    expect(jobWarnings("kq-agg")).to.deep.equal([]);
    // A window aggregation writes each group once (its sink key is aggregate-sink-keys.ts' question); a deduplication too.
    const timed = new api.FlinkTable("kq_timed", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" }, options: { connector: "datagen" } });
    new api.FlinkSqlJob("kq-window", {
      statements: [api.sql`INSERT INTO ${keyed} SELECT id, MAX(v) FROM TABLE(TUMBLE(TABLE ${timed}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`],
    });
    expect(jobWarnings("kq-window")).to.deep.equal([]);
    const upsert = new api.IcebergSink("kq_upsert", { catalog, database: "db", table: "kq_upsert", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    new api.FlinkSqlJob("kq-upsert", { statements: [api.sql`INSERT INTO ${upsert} SELECT id, v FROM ${gen}`] });
    expect(jobWarnings("kq-upsert")).to.deep.equal([]);
    const plain = new api.IcebergSink("kq_plain", { catalog, database: "db", table: "kq_plain", columns: cols });
    new api.FlinkSqlJob("kq-plain", { statements: [api.sql`INSERT INTO ${plain} SELECT id, v FROM ${gen}`] });
    expect(jobWarnings("kq-plain")).to.deep.equal([]);
    const v1 = new api.IcebergSink("kq_v1", { catalog, database: "db", table: "kq_v1", columns: cols, primaryKey: ["id"], formatVersion: 1 });
    new api.FlinkSqlJob("kq-v1", { statements: [api.sql`INSERT INTO ${v1} SELECT id, v FROM ${gen}`] });
    expect(jobWarnings("kq-v1")).to.deep.equal([]);
    new api.FlinkSqlJob("kq-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${keyed} SELECT id, v FROM ${gen}`] });
    expect(jobWarnings("kq-batch")).to.deep.equal([]);
  });
});
