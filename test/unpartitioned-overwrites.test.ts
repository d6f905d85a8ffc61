/**
 * New-user trial (src/sql/unpartitioned-overwrites.ts): INSERT OVERWRITE of a slice (a WHERE that
 * fixes a written column to constants, or to a time range) into an unpartitioned IcebergSink
 * replaces the whole table (iceberg ReplacePartitions), not the slice: a warning. Quiet without a
 * WHERE, for a WHERE that only filters a full rebuild, and for a partitioned sink.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "order_ts", type: "TIMESTAMP(3)" },
];
const dayCols = [...cols, { name: "order_day", type: "DATE" }];

const message = (sink: string, condition: string): string =>
  `statements[0]: INSERT OVERWRITE into IcebergSink "${sink}" replaces the whole table, not only the slice its WHERE selects (${condition}): the sink declares no partitionedBy, and Iceberg overwrites an unpartitioned table completely ` +
  "(iceberg ReplacePartitions deletes all its rows before adding the new ones), so the rows outside that slice are gone once the job commits; " +
  `to replace a slice, partition the table by the column the WHERE selects on (partitionedBy on IcebergSink "${sink}", e.g. a DATE column the INSERT fills), so that INSERT OVERWRITE replaces only the partitions it writes; ` +
  "to add the rows, write INSERT INTO; acknowledge this warning when the table should hold only that slice";

describe("INSERT OVERWRITE with a WHERE into an unpartitioned Iceberg table", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("warns that the whole table is replaced, with what to write instead", () => {
    const raw = new api.IcebergSource("uo_raw", { catalog, database: "db", table: "uo_raw", columns: cols });
    const facts = new api.IcebergSink("uo_facts", { catalog, database: "db", table: "uo_facts", columns: cols });
    new api.FlinkSqlJob("uo-day", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${facts} SELECT id, order_ts FROM ${raw} WHERE CAST(order_ts AS DATE) = DATE '2024-06-01'`] });
    expect(jobWarnings("uo-day")).to.deep.equal([
      message("uo_facts", "CAST(order_ts AS DATE) = DATE '2024-06-01'"),
    ]);
  });

  it("valid neighbours: no WHERE (a full rebuild), a partitioned sink, INSERT INTO with a WHERE", () => {
    const raw = new api.IcebergSource("up_raw", { catalog, database: "db", table: "up_raw", columns: cols });
    const facts = new api.IcebergSink("up_facts", { catalog, database: "db", table: "up_facts", columns: cols });
    new api.FlinkSqlJob("up-rebuild", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${facts} SELECT id, order_ts FROM ${raw}`] });
    expect(jobWarnings("up-rebuild")).to.deep.equal([]);
    const byDay = new api.IcebergSink("up_by_day", { catalog, database: "db", table: "up_by_day", columns: dayCols, partitionedBy: ["order_day"] });
    new api.FlinkSqlJob("up-day", {
      runtimeMode: "batch",
      statements: [api.sql`INSERT OVERWRITE ${byDay} SELECT id, order_ts, CAST(order_ts AS DATE) FROM ${raw} WHERE CAST(order_ts AS DATE) = DATE '2024-06-01'`],
    });
    expect(jobWarnings("up-day")).to.deep.equal([]);
    const log = new api.IcebergSink("up_log", { catalog, database: "db", table: "up_log", columns: cols });
    new api.FlinkSqlJob("up-append", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${log} SELECT id, order_ts FROM ${raw} WHERE CAST(order_ts AS DATE) = DATE '2024-06-01'`] });
    expect(jobWarnings("up-append")).to.deep.equal([]);
  });

  it("a slice: a written column fixed to constants or a time range, also among other conditions", () => {
    const raw = new api.IcebergSource("us_raw", { catalog, database: "db", table: "us_raw", columns: [...cols, { name: "status", type: "STRING" }] });
    const facts = new api.IcebergSink("us_facts", { catalog, database: "db", table: "us_facts", columns: [...cols, { name: "status", type: "STRING" }] });
    const cases: [ReturnType<Api["sql"]>, string][] = [
      [api.sql`INSERT OVERWRITE ${facts} SELECT * FROM ${raw} WHERE status <> 'test' AND order_ts >= TIMESTAMP '2024-06-01 00:00:00'`, "order_ts >= TIMESTAMP '2024-06-01 00:00:00'"],
      [api.sql`INSERT OVERWRITE ${facts} SELECT r.id, r.order_ts, r.status FROM ${raw} r WHERE r.order_ts BETWEEN TIMESTAMP '2024-06-01 00:00:00' AND TIMESTAMP '2024-06-02 00:00:00'`, "r.order_ts BETWEEN TIMESTAMP '2024-06-01 00:00:00' AND TIMESTAMP '2024-06-02 00:00:00'"],
      [api.sql`INSERT OVERWRITE ${facts} SELECT id, order_ts, status FROM ${raw} WHERE status IN ('paid', 'shipped')`, "status IN ('paid', 'shipped')"],
      [api.sql`INSERT OVERWRITE ${facts} SELECT id, order_ts, status FROM ${raw} WHERE 'paid' = status`, "'paid' = status"],
    ];
    cases.forEach(([statement, condition], k) => {
      new api.FlinkSqlJob(`us-slice-${k}`, { runtimeMode: "batch", statements: [statement] });
      expect(jobWarnings(`us-slice-${k}`), `us-slice-${k}`).to.deep.equal([message("us_facts", condition)]);
    });
  });

  it("a WHERE that only filters a full rebuild stays quiet: <>, a range of no time, a top-level OR, a slice of a column not written", () => {
    const events = new api.IcebergSource("ur_events", {
      catalog, database: "db", table: "ur_events",
      columns: [{ name: "status", type: "STRING" }, { name: "amount", type: "DOUBLE" }, { name: "dt", type: "DATE" }],
    });
    const summary = new api.IcebergSink("ur_summary", { catalog, database: "db", table: "ur_summary", columns: [{ name: "status", type: "STRING" }, { name: "n", type: "BIGINT" }] });
    const copy = new api.IcebergSink("ur_copy", { catalog, database: "db", table: "ur_copy", columns: [{ name: "status", type: "STRING" }, { name: "amount", type: "DOUBLE" }, { name: "dt", type: "DATE" }] });
    const quiet = [
      api.sql`INSERT OVERWRITE ${summary} SELECT status, COUNT(*) FROM ${events} WHERE status <> 'test' GROUP BY status`,
      api.sql`INSERT OVERWRITE ${summary} SELECT status, COUNT(*) FROM ${events} WHERE dt = DATE '2024-06-01' GROUP BY status`,
      api.sql`INSERT OVERWRITE ${copy} SELECT * FROM ${events} WHERE amount > 0`,
      api.sql`INSERT OVERWRITE ${copy} SELECT * FROM ${events} WHERE status NOT IN ('test', 'dev')`,
      api.sql`INSERT OVERWRITE ${copy} SELECT * FROM ${events} WHERE dt = DATE '2024-06-01' OR status = 'late'`,
    ];
    quiet.forEach((statement, k) => {
      new api.FlinkSqlJob(`ur-quiet-${k}`, { runtimeMode: "batch", statements: [statement] });
      expect(jobWarnings(`ur-quiet-${k}`), `ur-quiet-${k}`).to.deep.equal([]);
    });
  });
});
