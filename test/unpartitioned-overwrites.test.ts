/**
 * New-user trial (src/sql/unpartitioned-overwrites.ts): INSERT OVERWRITE with a WHERE into an
 * unpartitioned IcebergSink replaces the whole table (iceberg ReplacePartitions), not the slice the
 * WHERE selects: a warning. Quiet without a WHERE and for a partitioned sink.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "order_ts", type: "TIMESTAMP(3)" },
];
const dayCols = [...cols, { name: "order_day", type: "DATE" }];

describe("INSERT OVERWRITE with a WHERE into an unpartitioned Iceberg table", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("warns that the whole table is replaced, with what to write instead", () => {
    const raw = new api.IcebergSource("uo_raw", { catalog, database: "db", table: "uo_raw", columns: cols });
    const facts = new api.IcebergSink("uo_facts", { catalog, database: "db", table: "uo_facts", columns: cols });
    new api.FlinkSqlJob("uo-day", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${facts} SELECT id, order_ts FROM ${raw} WHERE CAST(order_ts AS DATE) = DATE '2024-06-01'`] });
    expect(jobWarnings("uo-day")).to.deep.equal([
      'statements[0]: INSERT OVERWRITE into IcebergSink "uo_facts" replaces the whole table, not only the rows its WHERE selects: the sink declares no partitionedBy, and Iceberg overwrites an unpartitioned table completely ' +
        "(iceberg ReplacePartitions deletes all its rows before adding the new ones), so the rows the WHERE leaves out are gone once the job commits; " +
        'to replace a slice, partition the table by the column the WHERE selects on (partitionedBy on IcebergSink "uo_facts", e.g. a DATE column the INSERT fills), so that INSERT OVERWRITE replaces only the partitions it writes; ' +
        "to add the rows, write INSERT INTO; acknowledge this warning when the table should hold only the filtered rows",
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
});
