/**
 * A changelog source into an upsert Iceberg sink, where the upsert writer ignoring -U leaves rows
 * behind: a sink keyed by the source's key plus more columns (an update that changes such a column;
 * Flink adds no materializer when the sink key contains the source key), and a WHERE on a column
 * outside the source key (an update after which the row stops matching). Exact warnings; the
 * shapes that are fine; a batch job cannot read a changelog at all.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "rest" as const, uri: "https://catalog:8181" };
// Each table its own consumer group: the tests are programs of their own (two jobs in one group warn: kafka-groups.ts).
const kafka = { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.auto.offset.reset": "earliest" };
const sourceCols = [
  { name: "order_id", type: "BIGINT NOT NULL" },
  { name: "order_date", type: "DATE NOT NULL" },
  { name: "amount", type: "DECIMAL(10, 2)" },
];

describe("changelog source into an upsert Iceberg sink: rows the upsert writer leaves behind", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const sink = (name: string, extra: Record<string, unknown>) =>
    new api.IcebergSink(name, { catalog, database: "db", table: name, columns: sourceCols, primaryKey: ["order_id", "order_date"], partitionedBy: ["order_date"], ...extra });

  it("debezium keyed by order_id into a sink upserting by (order_id, order_date): the exact warning", () => {
    const cdc = new api.FlinkTable("uk_cdc", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": "uk_cdc", format: "debezium-json" } });
    const up = sink("uk_upsert", { upsertEnabled: true });
    new api.FlinkSqlJob("uk-widened", { statements: [api.sql`INSERT INTO ${up} SELECT order_id, order_date, amount FROM ${cdc}`] });
    expect(jobWarnings("uk-widened")).to.deep.equal([
      `statements[0]: IcebergSink "uk_upsert" upserts by ("order_id", "order_date"), and the statement writes FlinkTable "uk_cdc", a 'debezium-json' table (a changelog of inserts, updates and deletes), keyed by ("order_id"): ` +
        `an update that changes "order_date" leaves the row under its old key, because in upsert mode the sink ignores the retraction that would delete it` +
        ` and Flink adds no materializer when the sink's key contains the source's. ` +
        `If "order_date" can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), ` +
        `set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key), ` +
        `or key the sink by ("order_id"), plus a partition column that never changes for a row (upsert mode needs every partition column in the key) or unpartitioned`,
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

  it("an unpartitioned sink gets the plain advice; an implicitly cast key still counts; FORCE materialization, GROUP BY, DISTINCT and an explicit CAST are quiet; a key selected twice counts once", () => {
    const cdc = new api.FlinkTable("uk_cdc6", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": "uk_cdc6", format: "debezium-json" } });
    const intKeyed = new api.FlinkTable("uk_cdc7", { columns: [{ name: "order_id", type: "INT NOT NULL" }, ...sourceCols.slice(1)], primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": "uk_cdc7", format: "debezium-json" } });
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
    // INT into BIGINT: Flink's implicit cast keeps the key (FlinkRelMdUniqueKeys), so no materializer either.
    new api.FlinkSqlJob("uk-implicit-cast", { statements: [api.sql`INSERT INTO ${flat} SELECT * FROM ${intKeyed}`] });
    expect(jobWarnings("uk-implicit-cast").filter((w) => w.includes("upserts by"))).to.have.length(1);
    new api.FlinkSqlJob("uk-cast", { statements: [api.sql`INSERT INTO ${flat} SELECT CAST(order_id AS BIGINT), order_date, amount FROM ${intKeyed}`] });
    // A GROUP BY inside a WHERE subquery does not make the INSERT an aggregation.
    new api.FlinkSqlJob("uk-sub-group", { statements: [api.sql`INSERT INTO ${flat} SELECT * FROM ${cdc} WHERE order_id IN (SELECT order_id FROM ${cdc} GROUP BY order_id)`] });
    expect(jobWarnings("uk-sub-group").filter((w) => w.includes("upserts by"))).to.have.length(1);
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
    const bounded = new api.FlinkTable("uk_bounded", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": "uk_bounded", format: "debezium-json", "scan.bounded.mode": "latest-offset" } });
    const up = sink("uk_batch", { upsertEnabled: true });
    const e = errorOf(() => new api.FlinkSqlJob("uk-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${bounded}`] }));
    expect(e.issues).to.deep.equal([
      {
        path: "runtimeMode",
        message:
          `a batch job reads only insert-only tables, and FlinkTable "uk_bounded" is a 'debezium-json' table (a changelog of inserts, updates and deletes): Flink rejects the statement when it plans the job ` +
          `("Querying a table in batch mode is currently only possible for INSERT-only table sources"); use runtimeMode "streaming" (the bounded read then ends the job)`,
      },
    ]);
  });

  it("no warning: the same keys, a sink without upsert, a source key outside the sink key, an append-only or keyless source", () => {
    const cdc = new api.FlinkTable("uk_cdc3", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": "uk_cdc3", format: "debezium-json" } });
    const cdcBothKeys = new api.FlinkTable("uk_cdc4", { columns: sourceCols, primaryKey: ["order_id", "order_date"], options: { ...kafka, "properties.group.id": "uk_cdc4", format: "debezium-json" } });
    const keyless = new api.FlinkTable("uk_cdc5", { columns: sourceCols, options: { ...kafka, "properties.group.id": "uk_cdc5", format: "debezium-json" } });
    const appendOnly = new api.FlinkTable("uk_json", { columns: sourceCols, options: { ...kafka, "properties.group.id": "uk_json", format: "json" } });
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

  it("a source key outside the sink key with upsert-materialize NONE: the row under the old sink key stays (exact warning); AUTO, FORCE and unset are quiet", () => {
    const cdc = new api.FlinkTable("un_cdc", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": "un_cdc", format: "debezium-json" } });
    const byDate = new api.IcebergSink("un_by_date", { catalog, database: "db", table: "un_by_date", columns: sourceCols, primaryKey: ["order_date"], upsertEnabled: true });
    new api.FlinkSqlJob("un-none", { statements: [api.sql`INSERT INTO ${byDate} SELECT * FROM ${cdc}`], configuration: { "table.exec.sink.upsert-materialize": "NONE" } });
    expect(jobWarnings("un-none").filter((w) => w.includes("upserts by"))).to.deep.equal([
      `statements[0]: IcebergSink "un_by_date" upserts by ("order_date"), and the statement writes FlinkTable "un_cdc", a 'debezium-json' table (a changelog of inserts, updates and deletes), keyed by ("order_id"), ` +
        `which does not land in the sink's key, and configuration["table.exec.sink.upsert-materialize"] sets table.exec.sink.upsert-materialize to 'NONE': ` +
        `an update that changes a row's "order_date" leaves the row under its old key, because in upsert mode the sink ignores the retraction that would delete it and with 'NONE' Flink adds no materializer. ` +
        `Set table.exec.sink.upsert-materialize to 'AUTO' (the default; Flink then deletes the old key, at the cost of state per key) or 'FORCE', or key the sink by the source's key ("order_id")`,
    ]);
    new api.FlinkSqlJob("un-none-k8s", {
      statements: [api.sql`INSERT INTO ${byDate} SELECT * FROM ${cdc}`],
      kubernetes: { image: "img:2.1", flinkVersion: "v2_1", upgradeMode: "last-state", checkpointDir: "s3://b/c", flinkConfiguration: { "table.exec.sink.upsert-materialize": "none" } },
    });
    expect(jobWarnings("un-none-k8s").filter((w) => w.includes("upserts by")).map((w) => w.slice(w.indexOf("which does not land"), w.indexOf(": an update")))).to.deep.equal([
      `which does not land in the sink's key, and kubernetes.flinkConfiguration["table.exec.sink.upsert-materialize"] sets table.exec.sink.upsert-materialize to 'NONE'`,
    ]);
    new api.FlinkSqlJob("un-auto", { statements: [api.sql`INSERT INTO ${byDate} SELECT * FROM ${cdc}`], configuration: { "table.exec.sink.upsert-materialize": "AUTO" } });
    new api.FlinkSqlJob("un-force", { statements: [api.sql`INSERT INTO ${byDate} SELECT * FROM ${cdc}`], configuration: { "table.exec.sink.upsert-materialize": "FORCE" } });
    new api.FlinkSqlJob("un-unset", { statements: [api.sql`INSERT INTO ${byDate} SELECT * FROM ${cdc}`] });
    for (const job of ["un-auto", "un-force", "un-unset"]) expect(jobWarnings(job).filter((w) => w.includes("upserts by")), job).to.deep.equal([]);
  });

  it("a WHERE on a column outside the source key into an upsert sink: the row that stops matching stays (exact warning); key-only filters, retract sinks and FORCE are quiet", () => {
    const cdc = new api.FlinkTable("uf_cdc", { columns: sourceCols, primaryKey: ["order_id"], options: { ...kafka, "properties.group.id": "uf_cdc", format: "debezium-json" } });
    const keyless = new api.FlinkTable("uf_keyless", { columns: sourceCols, options: { ...kafka, "properties.group.id": "uf_keyless", format: "debezium-json" } });
    const up = new api.IcebergSink("uf_up", { catalog, database: "db", table: "uf_up", columns: sourceCols, primaryKey: ["order_id"], upsertEnabled: true });
    const retract = new api.IcebergSink("uf_retract", { catalog, database: "db", table: "uf_retract", columns: sourceCols, primaryKey: ["order_id"] });
    new api.FlinkSqlJob("uf-filter", { statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${cdc} c WHERE c.amount > 10 AND \`order_id\` > 0`] });
    expect(jobWarnings("uf-filter")).to.deep.equal([
      `statements[0]: IcebergSink "uf_up" upserts by ("order_id"), and the statement writes FlinkTable "uf_cdc", a 'debezium-json' table (a changelog of inserts, updates and deletes), keyed by ("order_id"), through a WHERE on "amount": ` +
        "an update after which a row no longer matches drops the row's new version and passes its retraction, and in upsert mode the sink ignores the retraction that would delete it, " +
        `so the row stays in the table with its old values. If "amount" can change for a row, set upsertEnabled: false (the retraction then deletes the row), ` +
        "or set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key)",
    ]);
    // Without a source key Flink materializes the sink's key itself (its state turns the lone -U into a delete).
    new api.FlinkSqlJob("uf-keyless", { statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${keyless} WHERE amount > 10`] });
    new api.FlinkSqlJob("uf-key-only", { statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${cdc} WHERE order_id > 0`] });
    new api.FlinkSqlJob("uf-retract", { statements: [api.sql`INSERT INTO ${retract} SELECT * FROM ${cdc} WHERE amount > 10`] });
    new api.FlinkSqlJob("uf-force", { statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${cdc} WHERE amount > 10`], configuration: { "table.exec.sink.upsert-materialize": "FORCE" } });
    for (const job of ["uf-keyless", "uf-key-only", "uf-retract", "uf-force"]) expect(jobWarnings(job).filter((w) => w.includes("through a WHERE")), job).to.deep.equal([]);
  });

  it("names in a WHERE that are no columns an update can change: qualifiers, functions, keywords, metadata, computed columns, another table's in a subquery; upsert-kafka is quiet", () => {
    const odd = new api.FlinkTable("uf_odd", {
      columns: [
        { name: "order_id", type: "BIGINT NOT NULL" },
        { name: "year", type: "INT" },
        { name: "date", type: "DATE" },
        { name: "amount", type: "DECIMAL(10, 2)" },
        { name: "ingested", type: "TIMESTAMP_LTZ(3)", metadata: { from: "value.ingestion-timestamp", virtual: true } },
        { name: "bucket", expression: "MOD(order_id, 10)" },
      ],
      primaryKey: ["order_id"],
      options: { ...kafka, "properties.group.id": "uf_odd", format: "debezium-json" },
    });
    const other = new api.FlinkTable("uf_other", { columns: sourceCols, options: { ...kafka, "properties.group.id": "uf_other", format: "json" } });
    const up = new api.IcebergSink("uf_up2", {
      catalog,
      database: "db",
      table: "uf_up2",
      columns: [{ name: "order_id", type: "BIGINT NOT NULL" }, { name: "year", type: "INT" }, { name: "date", type: "DATE" }, { name: "amount", type: "DECIMAL(10, 2)" }],
      primaryKey: ["order_id"],
      upsertEnabled: true,
    });
    new api.FlinkSqlJob("uf-names", {
      statements: [
        api.sql`INSERT INTO ${up} SELECT order_id, \`year\`, \`date\`, amount FROM ${odd} AS amount WHERE amount.order_id > 1 AND extract(year from ingested) >= 2024 AND ingested >= date '2024-01-01'`,
        api.sql`INSERT INTO ${up} SELECT order_id, \`year\`, \`date\`, amount FROM ${odd} WHERE bucket = 3 AND UPPER(CAST(order_id AS STRING)) <> 'X'`,
        api.sql`INSERT INTO ${up} SELECT order_id, \`year\`, \`date\`, amount FROM ${odd} WHERE order_id IN (SELECT order_id FROM ${other} WHERE amount > 10)`,
      ],
    });
    expect(jobWarnings("uf-names").filter((w) => w.includes("through a WHERE"))).to.deep.equal([]);
    const upk = new api.FlinkTable("uf_upk", { columns: sourceCols, primaryKey: ["order_id"], options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const flat = new api.IcebergSink("uf_flat", { catalog, database: "db", table: "uf_flat", columns: sourceCols, primaryKey: ["order_id"], upsertEnabled: true });
    new api.FlinkSqlJob("uf-upk", { statements: [api.sql`INSERT INTO ${flat} SELECT * FROM ${upk} WHERE amount > 10`] });
    expect(jobWarnings("uf-upk").filter((w) => w.includes("through a WHERE"))).to.deep.equal([]);
    // A back-quoted column is a column, even when its name is a keyword.
    new api.FlinkSqlJob("uf-quoted", { statements: [api.sql`INSERT INTO ${up} SELECT order_id, \`year\`, \`date\`, amount FROM ${odd} WHERE \`year\` > 2020`] });
    expect(jobWarnings("uf-quoted").join("\n")).to.contain('through a WHERE on "year"');
  });
});
