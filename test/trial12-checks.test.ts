/**
 * Trial findings of session 12: a watermark on a PROCTIME() column (Flink: "A watermark can not be
 * defined for a processing-time attribute", DefaultSchemaResolver) and the rowtime advice that
 * suggested one; `tag` / `branch` with `as-of-timestamp` on one bounded IcebergSource (the scan takes
 * the ref's snapshot, then refuses another: core SnapshotScan); `FOR SYSTEM_TIME AS OF TIMESTAMP`
 * time travel on a table the script declares (Flink's in-memory catalog keeps no versions).
 */
import { expect } from "chai";
import { issuesOf, mockedApi, type Api } from "./api.js";

const lake = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "v", type: "STRING" },
];

describe("session 12 trial checks", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a watermark on a PROCTIME() column is an error that says what to write", () => {
    const issues = issuesOf(
      () =>
        new api.FlinkTable("t12_proc", {
          columns: [...cols, { name: "proc", expression: "PROCTIME()" }],
          watermark: { column: "proc", expression: "`proc` - INTERVAL '5' SECOND" },
          options: { connector: "datagen" },
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: "watermark.column",
        message:
          '"proc" is a processing-time attribute (PROCTIME()), and Flink rejects a watermark on one ("A watermark can not be defined for a processing-time attribute", flink DefaultSchemaResolver): ' +
          "put the watermark on an event-time column (TIMESTAMP(3) / TIMESTAMP_LTZ(3), or a computed one such as TO_TIMESTAMP_LTZ(<epoch millis>, 3)), or leave watermark out to work in processing time",
      },
    ]);
  });

  it("the event-time advice of a temporal join as of a PROCTIME() column never suggests a watermark on that column", () => {
    const orders = new api.FlinkTable("t12_orders", {
      columns: [...cols, { name: "created", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }],
      options: { connector: "datagen" },
    });
    const rates = new api.IcebergSource("t12_rates", { catalog: lake, database: "db", table: "rates", columns: cols, streaming: true });
    const out = new api.IcebergSink("t12_out", { catalog: lake, database: "db", table: "out", columns: cols });
    const issues = issuesOf(() => new api.FlinkSqlJob("t12-tj", { statements: [api.sql`INSERT INTO ${out} SELECT o.id, r.v FROM ${orders} AS o JOIN ${rates} FOR SYSTEM_TIME AS OF o.proc AS r ON o.id = r.id`] }));
    expect(issues).to.have.length(1);
    expect(issues[0]!.message).to.not.contain('column: "proc"');
    expect(issues[0]!.message).to.contain('watermark: { column: "created", expression: "`created` - INTERVAL \'5\' SECOND" }');
  });

  it("tag or branch with as-of-timestamp on one bounded IcebergSource is an error, in extraOptions and in a hint", () => {
    const issues = issuesOf(() => new api.IcebergSource("t12_tag", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { tag: "v1", "as-of-timestamp": "1767225600000" } }));
    expect(issues).to.deep.equal([
      {
        path: 'extraOptions["as-of-timestamp"]',
        message:
          '"as-of-timestamp" together with "tag": the bounded read selects the tag\'s snapshot first and then refuses another one (\'Cannot override snapshot, already set snapshot id\', iceberg FlinkSplitPlanner / core SnapshotScan); ' +
          'read the tag (remove "as-of-timestamp"), or the table as of the time (remove "tag")',
      },
    ]);
    const branch = issuesOf(() => new api.IcebergSource("t12_branch", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { branch: "audit", "as-of-timestamp": "1767225600000" } }));
    expect(branch.map((i) => i.message.split(":")[0])).to.deep.equal(['"as-of-timestamp" together with "branch"']);
    const src = new api.IcebergSource("t12_plain", { catalog: lake, database: "db", table: "t", columns: cols });
    const out = new api.IcebergSink("t12_out2", { catalog: lake, database: "db", table: "out2", columns: cols });
    const hinted = issuesOf(
      () =>
        new api.FlinkSqlJob("t12-hint", {
          runtimeMode: "batch",
          statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src} /*+ OPTIONS('tag'='v1', 'as-of-timestamp'='1767225600000') */`],
        }),
    );
    expect(hinted.map((i) => i.path)).to.deep.equal(['statements[0] OPTIONS hint of t12_plain["as-of-timestamp"]']);
    // Each on its own is a valid bounded read.
    new api.IcebergSource("t12_ok", { catalog: lake, database: "db", table: "t", columns: cols, extraOptions: { "as-of-timestamp": "1767225600000" } });
  });

  it("FOR SYSTEM_TIME AS OF TIMESTAMP '...' on an IcebergSource is an error that points to as-of-timestamp", () => {
    const src = new api.IcebergSource("t12_tt", { catalog: lake, database: "db", table: "t", columns: cols });
    const out = new api.IcebergSink("t12_out3", { catalog: lake, database: "db", table: "out3", columns: cols });
    const issues = issuesOf(
      () => new api.FlinkSqlJob("t12-tt", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src} FOR SYSTEM_TIME AS OF TIMESTAMP '2026-01-01 00:00:00'`] }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "t12_tt FOR SYSTEM_TIME AS OF TIMESTAMP ...: time travel, which Flink plans only through a catalog that keeps table versions (Catalog.getTable(ObjectPath, long)), " +
          'and the script declares t12_tt itself with CREATE TABLE in Flink\'s in-memory catalog, which keeps none: the job fails to plan; read the Iceberg table as of a time with extraOptions: { "as-of-timestamp": "<epoch milliseconds>" } on IcebergSource "t12_tt" (a bounded read), or a snapshot with snapshotId or a tag with extraOptions.tag',
      },
    ]);
  });
});
