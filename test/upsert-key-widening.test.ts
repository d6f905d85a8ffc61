/**
 * A changelog source into an upsert Iceberg sink keyed by the source's key plus more columns: an
 * update that changes such a column leaves the old row (the upsert writer ignores -U; Flink adds no
 * materializer when the sink key contains the source key). Exact warning; the shapes that are fine.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "rest" as const, uri: "https://catalog:8181" };
const kafka = { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.auto.offset.reset": "earliest" };
const sourceCols = [
  { name: "order_id", type: "BIGINT NOT NULL" },
  { name: "order_date", type: "DATE NOT NULL" },
  { name: "amount", type: "DECIMAL(10, 2)" },
];

describe("changelog source into an upsert sink keyed by more than the source key", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const sink = (name: string, extra: Record<string, unknown>) =>
    new api.IcebergSink(name, { catalog, database: "db", table: name, columns: sourceCols, primaryKey: ["order_id", "order_date"], partitionedBy: ["order_date"], ...extra });

  it("debezium keyed by order_id into a sink upserting by (order_id, order_date): the exact warning", () => {
    const cdc = new api.FlinkTable("uk_cdc", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, format: "debezium-json" } });
    const up = sink("uk_upsert", { upsertEnabled: true });
    new api.FlinkSqlJob("uk-widened", { statements: [api.sql`INSERT INTO ${up} SELECT order_id, order_date, amount FROM ${cdc}`] });
    expect(jobWarnings("uk-widened")).to.deep.equal([
      `statements[0]: IcebergSink "uk_upsert" upserts by ("order_id", "order_date"), and the statement writes FlinkTable "uk_cdc", a 'debezium-json' table (a changelog of inserts, updates and deletes), keyed by ("order_id"): ` +
        `an update that changes "order_date" leaves the row under its old key, because in upsert mode the sink ignores the retraction that would delete it ` +
        `(iceberg flink/.../sink/BaseDeltaTaskWriter.java) and Flink adds no materializer when the sink's key contains the source's (FlinkChangelogModeInferenceProgram). ` +
        `If "order_date" can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), ` +
        `set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then turns the retraction into a delete of the old key, at the cost of state per key), ` +
        `or partition by a column that never changes for a row (upsert mode needs "order_date" in the key while the table is partitioned by it) and key the sink by ("order_id") alone`,
    ]);
  });

  it("also through SELECT * and renamed columns, and for an upsert-kafka source", () => {
    const upsertKafka = new api.FlinkTable("uk_upk", {
      columns: [{ name: "id", type: "BIGINT NOT NULL" }, { name: "d", type: "DATE NOT NULL" }, { name: "amount", type: "DECIMAL(10, 2)" }],
      primaryKey: ["id"],
      options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
    const up = sink("uk_upsert2", { upsertEnabled: true });
    new api.FlinkSqlJob("uk-star", { statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${upsertKafka}`] });
    expect(jobWarnings("uk-star").join("\n")).to.contain('keyed by ("id"): an update that changes "order_date" leaves the row under its old key');
  });

  it("an unpartitioned sink gets the plain advice; FORCE materialization, GROUP BY, DISTINCT, a cast key and a batch job are quiet; a key selected twice counts once", () => {
    const cdc = new api.FlinkTable("uk_cdc6", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, format: "debezium-json" } });
    const intKeyed = new api.FlinkTable("uk_cdc7", { columns: [{ name: "order_id", type: "INT NOT NULL" }, ...sourceCols.slice(1)], primaryKey: ["order_id"], options: { ...kafka, format: "debezium-json" } });
    const flat = new api.IcebergSink("uk_flat", { catalog, database: "db", table: "uk_flat", columns: sourceCols, primaryKey: ["order_id", "order_date"], upsertEnabled: true });
    new api.FlinkSqlJob("uk-flat", { statements: [api.sql`INSERT INTO ${flat} SELECT * FROM ${cdc}`] });
    expect(jobWarnings("uk-flat")).to.have.length(1);
    expect(jobWarnings("uk-flat")[0]).to.match(/, or key the sink by \("order_id"\) alone$/);
    new api.FlinkSqlJob("uk-force", { statements: [api.sql`INSERT INTO ${flat} SELECT * FROM ${cdc}`], configuration: { "table.exec.sink.upsert-materialize": "FORCE" } });
    new api.FlinkSqlJob("uk-force-k8s", {
      statements: [api.sql`INSERT INTO ${flat} SELECT * FROM ${cdc}`],
      kubernetes: { image: "img:2.1", flinkVersion: "v2_1", upgradeMode: "last-state", checkpointDir: "s3://b/c", flinkConfiguration: { "table.exec.sink.upsert-materialize": "force" } },
    });
    new api.FlinkSqlJob("uk-group", { statements: [api.sql`INSERT INTO ${flat} SELECT order_id, order_date, SUM(amount) FROM ${cdc} GROUP BY order_id, order_date`] });
    new api.FlinkSqlJob("uk-distinct", { statements: [api.sql`INSERT INTO ${flat} SELECT DISTINCT order_id, order_date, amount FROM ${cdc}`] });
    new api.FlinkSqlJob("uk-cast", { statements: [api.sql`INSERT INTO ${flat} SELECT * FROM ${intKeyed}`] });
    const copy = new api.IcebergSink("uk_copy", {
      catalog,
      database: "db",
      table: "uk_copy",
      columns: [{ name: "a", type: "BIGINT NOT NULL" }, { name: "b", type: "BIGINT NOT NULL" }, { name: "amount", type: "DECIMAL(10, 2)" }],
      primaryKey: ["a", "b"],
      upsertEnabled: true,
    });
    new api.FlinkSqlJob("uk-twice", { statements: [api.sql`INSERT INTO ${copy} SELECT order_id, order_id, amount FROM ${cdc}`] });
    for (const job of ["uk-force", "uk-force-k8s", "uk-group", "uk-distinct", "uk-cast", "uk-twice"]) expect(jobWarnings(job).filter((w) => w.includes("upserts by")), job).to.deep.equal([]);
  });

  it("a batch job cannot read a changelog table, bounded or not (Flink plans batch over insert-only sources)", () => {
    const bounded = new api.FlinkTable("uk_bounded", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, format: "debezium-json", "scan.bounded.mode": "latest-offset" } });
    const up = sink("uk_batch", { upsertEnabled: true });
    const e = errorOf(() => new api.FlinkSqlJob("uk-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${bounded}`] }));
    expect(e.issues).to.deep.equal([
      {
        path: "runtimeMode",
        message:
          `a batch job reads only insert-only tables, and FlinkTable "uk_bounded" is a 'debezium-json' table (a changelog of inserts, updates and deletes): Flink fails when the job starts ` +
          `("Querying a table in batch mode is currently only possible for INSERT-only table sources"); use runtimeMode "streaming" (the bounded read then ends the job)`,
      },
    ]);
  });

  it("no warning: the same keys, a sink without upsert, a source key outside the sink key, an append-only or keyless source", () => {
    const cdc = new api.FlinkTable("uk_cdc3", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, format: "debezium-json" } });
    const cdcBothKeys = new api.FlinkTable("uk_cdc4", { columns: sourceCols, primaryKey: ["order_id", "order_date"], options: { ...kafka, format: "debezium-json" } });
    const keyless = new api.FlinkTable("uk_cdc5", { columns: sourceCols, options: { ...kafka, format: "debezium-json" } });
    const appendOnly = new api.FlinkTable("uk_json", { columns: sourceCols, options: { ...kafka, format: "json" } });
    const upsert = sink("uk_upsert3", { upsertEnabled: true });
    const retracting = sink("uk_retract", { upsertEnabled: false });
    const byId = new api.IcebergSink("uk_by_id", { catalog, database: "db", table: "uk_by_id", columns: sourceCols, primaryKey: ["order_id"], upsertEnabled: true });
    new api.FlinkSqlJob("uk-fine", {
      statements: [
        api.sql`INSERT INTO ${upsert} SELECT * FROM ${cdcBothKeys}`,
        api.sql`INSERT INTO ${retracting} SELECT * FROM ${cdc}`,
        api.sql`INSERT INTO ${byId} SELECT * FROM ${cdc}`,
        // The source key lands outside the sink key (amount): Flink materializes the sink's key.
        api.sql`INSERT INTO ${upsert} SELECT CAST(amount AS BIGINT), order_date, CAST(order_id AS DECIMAL(10, 2)) FROM ${cdc}`,
        api.sql`INSERT INTO ${upsert} SELECT * FROM ${keyless}`,
        api.sql`INSERT INTO ${upsert} SELECT * FROM ${appendOnly}`,
      ],
    });
    expect(jobWarnings("uk-fine").filter((w) => w.includes("upserts by"))).to.deep.equal([]);
  });
});
