/**
 * New-user trial (src/sql/iceberg-format-versions.ts): a v1 backfill sink and a v2 upsert sink of
 * one Iceberg table in two jobs. Where the backfill's job creates the table, the upsert job fails
 * (a v1 table refuses delete files: src/iceberg/v1-delete-files.ts): an error, in either declaration order; and the
 * column error no longer says the upsert job "passes" in that order. Quiet: two v2 sinks, a v1 sink
 * and a v2 sink without upserts.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const lake = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const keyed = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "v", type: "STRING" },
];
const loose = [
  { name: "id", type: "BIGINT" },
  { name: "v", type: "STRING" },
];
const CREATES = "The job that starts first creates the table with its formatVersion (the connector leaves an existing table as it is: iceberg FlinkDynamicTableFactory.createTableLoader)";
/** How a v1 table refuses delete files, by Iceberg release (src/iceberg/v1-delete-files.ts). */
const V1_REFUSALS =
  "'Cannot write delete files in a v1 table' (iceberg ManifestFiles.writeDeleteManifest) or, in the releases that check each delete file at the commit, 'Deletes are supported in V2 and above' (iceberg MergingSnapshotProducer.validateNewDeleteFile)";
const FAILS = `fails at its first commit of rows: each row it upserts, an insert, update or delete alike, writes an equality delete, which a format-version 1 table cannot hold (${V1_REFUSALS})`;
const CONCURRENT = (sink: string, table: string, other: string) =>
  `statements: ${sink} writes the Iceberg table ${table}, which FlinkSqlJob "${other}" also writes, with upserts on one side: ` +
  "each job commits on its own checkpoints, so the row a key ends with depends on which job commits last; write the table from one job (several INSERTs of one job run as one statement set)";

describe("one Iceberg table written by a v1 sink and an upsert sink in two jobs", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const gen = (n: string) => new api.FlinkTable(`${n}_gen`, { columns: keyed, options: { connector: "datagen" } });
  const file = (n: string) => new api.IcebergSource(`${n}_file`, { catalog: lake, database: "t", table: `${n}_history`, columns: keyed });
  const job = (name: string, statement: ReturnType<Api["sql"]>, runtimeMode: "batch" | "streaming" = "streaming") =>
    issuesOrNone(() => new api.FlinkSqlJob(name, { runtimeMode, statements: [statement] })).map((i) => `${i.path}: ${i.message}`);

  it("the backfill (formatVersion 1) first, then the upsert job: an error naming the order that fails", () => {
    const backfill = new api.IcebergSink("fv_backfill", { catalog: lake, database: "t", table: "fv_orders", columns: keyed, formatVersion: 1 });
    const upsert = new api.IcebergSink("fv_upsert", { catalog: lake, database: "t", table: "fv_orders", columns: keyed, primaryKey: ["id"], upsertEnabled: true });
    expect(job("fv-backfill", api.sql`INSERT INTO ${backfill} SELECT id, v FROM ${file("fv")}`, "batch")).to.deep.equal([]);
    expect(job("fv-upsert", api.sql`INSERT INTO ${upsert} SELECT id, v FROM ${gen("fv")}`)).to.deep.equal([
      `statements: IcebergSink "fv_upsert" and IcebergSink "fv_backfill" of FlinkSqlJob "fv-backfill" write the Iceberg table t.fv_orders with different format versions, 2 here and 1 there, and IcebergSink "fv_upsert" upserts. ` +
        `${CREATES}: if FlinkSqlJob "fv-backfill" creates it, this job ${FAILS}; in the other order both jobs write (a format-version 2 table takes the appends of IcebergSink "fv_backfill"). ` +
        'Give IcebergSink "fv_backfill" formatVersion 2 (or leave it unset: 2 is the default)',
    ]);
  });

  it("the upsert job first, then the backfill: the backfill job is told; with other columns too, the column error says the upsert job then fails", () => {
    const upsert = new api.IcebergSink("fw_upsert", { catalog: lake, database: "t", table: "fw_orders", columns: keyed, primaryKey: ["id"], upsertEnabled: true });
    const backfill = new api.IcebergSink("fw_backfill", { catalog: lake, database: "t", table: "fw_orders", columns: loose, formatVersion: 1 });
    expect(job("fw-upsert", api.sql`INSERT INTO ${upsert} SELECT id, v FROM ${gen("fw")}`)).to.deep.equal([]);
    const issues = job("fw-backfill", api.sql`INSERT INTO ${backfill} SELECT id, v FROM ${file("fw")}`, "batch");
    expect(issues).to.deep.equal([
      `statements: IcebergSink "fw_backfill" and IcebergSink "fw_upsert" of FlinkSqlJob "fw-upsert" write the Iceberg table t.fw_orders with different format versions, 1 here and 2 there, and IcebergSink "fw_upsert" upserts. ` +
        `${CREATES}: if this job creates it, FlinkSqlJob "fw-upsert" ${FAILS}; in the other order both jobs write (a format-version 2 table takes the appends of IcebergSink "fw_backfill"). ` +
        'Give IcebergSink "fw_backfill" formatVersion 2 (or leave it unset: 2 is the default)',
      'statements: IcebergSink "fw_backfill" and IcebergSink "fw_upsert" of FlinkSqlJob "fw-upsert" write the Iceberg table t.fw_orders with different columns, (id BIGINT, v STRING) here and (id BIGINT NOT NULL, v STRING) there. ' +
        "The job that starts first creates the table with its columns (the connector leaves an existing table as it is, whatever a later CREATE TABLE declares: iceberg FlinkDynamicTableFactory.createTableLoader), " +
        "and a sink checks its columns against the table's when its job starts (iceberg FlinkSink.toFlinkRowType: TypeUtil.validateWriteSchema, with nullability and order): " +
        'if FlinkSqlJob "fw-upsert" creates it, this job fails as it starts ("Cannot write incompatible dataset to table with schema": id should be required, but is optional); ' +
        `if this job creates it, FlinkSqlJob "fw-upsert" passes that check, then ${FAILS}. ` +
        "Declare the columns once and pass the same array to both IcebergSinks, so both map to one Iceberg schema",
    ]);
  });

  it("valid neighbours: a v2 backfill beside the upsert sink (the concurrent-upserts warning only), a v1 and a v2 sink without upserts", () => {
    const upsert = new api.IcebergSink("fx_upsert", { catalog: lake, database: "t", table: "fx_orders", columns: keyed, primaryKey: ["id"], upsertEnabled: true });
    const backfill = new api.IcebergSink("fx_backfill", { catalog: lake, database: "t", table: "fx_orders", columns: keyed });
    expect(job("fx-upsert", api.sql`INSERT INTO ${upsert} SELECT id, v FROM ${gen("fx")}`)).to.deep.equal([]);
    expect(job("fx-backfill", api.sql`INSERT INTO ${backfill} SELECT id, v FROM ${file("fx")}`, "batch")).to.deep.equal([]);
    expect(jobWarnings("fx-backfill")).to.deep.equal([CONCURRENT('IcebergSink "fx_backfill"', "t.fx_orders", "fx-upsert")]);
    const v1 = new api.IcebergSink("fy_v1", { catalog: lake, database: "t", table: "fy_log", columns: keyed, formatVersion: 1 });
    const v2 = new api.IcebergSink("fy_v2", { catalog: lake, database: "t", table: "fy_log", columns: keyed });
    expect(job("fy-one", api.sql`INSERT INTO ${v1} SELECT id, v FROM ${file("fy")}`, "batch")).to.deep.equal([]);
    expect(job("fy-two", api.sql`INSERT INTO ${v2} SELECT id, v FROM ${gen("fy")}`)).to.deep.equal([]);
    expect(jobWarnings("fy-two")).to.deep.equal([]);
  });
});
