/**
 * INSERT OVERWRITE into an upsert IcebergSink (src/sql/job-plan.ts): Iceberg's sink refuses
 * overwrite and upsert together (iceberg FlinkSink / SinkUtil precondition "OVERWRITE mode
 * shouldn't be enable when configuring to use UPSERT data stream."), so the error says what to write
 * instead: INSERT INTO the same sink, or INSERT OVERWRITE into a sink of the same table with
 * upsertEnabled: false, which is the quiet neighbour.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }];

describe("INSERT OVERWRITE into an upsert IcebergSink", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("is an error that says to write INSERT INTO, or to overwrite through a sink with upsertEnabled: false", () => {
    const src = new api.IcebergSource("iou_src", { catalog, database: "d", table: "iou_src", columns: cols });
    const up = new api.IcebergSink("iou_up", { catalog, database: "d", table: "iou_t", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    const issues = issuesOf(() => new api.FlinkSqlJob("iou-ow", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${up} SELECT * FROM ${src}`] }));
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'INSERT OVERWRITE into IcebergSink "iou_up" is not possible: the sink has upsertEnabled, and Iceberg forbids overwrite and upsert together ' +
          "(the job fails when it starts: \"OVERWRITE mode shouldn't be enable when configuring to use UPSERT data stream\"); " +
          'write INSERT INTO IcebergSink "iou_up" to update its rows by primary key (rows the query does not return stay), or, to replace the data (the whole table, or the partitions the query writes), ' +
          "INSERT OVERWRITE into an IcebergSink of the same table with upsertEnabled: false (rendered 'upsert-enabled' = 'false', which also overrides a write.upsert.enabled table property)",
      },
    ]);
  });

  it("quiet neighbours: INSERT INTO the upsert sink, and INSERT OVERWRITE into a sink of the same table with upsertEnabled: false", () => {
    const src = new api.IcebergSource("iou_src2", { catalog, database: "d", table: "iou_src2", columns: cols });
    const up = new api.IcebergSink("iou_up2", { catalog, database: "d", table: "iou_t2", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    expect(issuesOrNone(() => new api.FlinkSqlJob("iou-into", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${up} SELECT * FROM ${src}`] }))).to.deep.equal([]);
    const plain = new api.IcebergSink("iou_plain2", { catalog, database: "d", table: "iou_t2", columns: cols, primaryKey: ["id"], upsertEnabled: false });
    expect(issuesOrNone(() => new api.FlinkSqlJob("iou-plain", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${plain} SELECT * FROM ${src}`] }))).to.deep.equal([]);
  });
});
