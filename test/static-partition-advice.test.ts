/**
 * The column-list advice of an INSERT with a static PARTITION whose SELECT list has another number
 * of values than the other columns: the PARTITION clause as written stays before the column list
 * (Flink's INSERT grammar), and the list names the columns the values go to.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";

describe("static partition: the column-list advice", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const columns = [
    { name: "customer_id", type: "BIGINT" },
    { name: "orders", type: "BIGINT" },
    { name: "amount", type: "DOUBLE" },
    { name: "region", type: "STRING" },
    { name: "note", type: "STRING" },
    { name: "dt", type: "DATE" },
  ];
  const src = [{ name: "a", type: "BIGINT" }, { name: "b", type: "BIGINT" }, { name: "c", type: "DOUBLE" }, { name: "d", type: "STRING" }];

  it("four values for five columns besides PARTITION (dt = DATE '2024-01-01'), named like no column: the advice keeps the clause and guesses no list", () => {
    const from = new api.IcebergSource("spa-src", { catalog: hive, database: "stg", table: "spa_orders", columns: src });
    const sink = new api.IcebergSink("spa-sink", { catalog: hive, database: "dw", table: "spa_daily", columns, partitionedBy: ["dt"] });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("spa", {
          runtimeMode: "batch",
          statements: [api.sql`INSERT INTO ${sink} PARTITION (dt = DATE '2024-01-01')
            SELECT a, b, c, d FROM ${from}`],
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'the SELECT list has 4 values, but IcebergSink "spa-sink" has 5 columns to fill besides the static PARTITION (dt) (customer_id, orders, amount, region, note); ' +
          'Flink fails when the job starts ("Different number of columns"): select one value per column, in this order, or name the column each value goes into, ' +
          "in the SELECT list's order: INSERT INTO ${sink} PARTITION (dt = DATE '2024-01-01') (column, ...) SELECT ...",
      },
    ]);
  });

  it("the same values aliased as sink columns: the list names them, after the PARTITION clause, and that statement is valid", () => {
    const from = new api.IcebergSource("spb-src", { catalog: hive, database: "stg", table: "spb_orders", columns: src });
    const sink = new api.IcebergSink("spb-sink", { catalog: hive, database: "dw", table: "spb_daily", columns, partitionedBy: ["dt"] });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("spb", {
          runtimeMode: "batch",
          statements: [api.sql`INSERT INTO ${sink} PARTITION (dt = DATE '2024-01-01') SELECT a AS customer_id, b AS orders, c AS amount, d AS note FROM ${from}`],
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'the SELECT list has 4 values, but IcebergSink "spb-sink" has 5 columns to fill besides the static PARTITION (dt) (customer_id, orders, amount, region, note); ' +
          'Flink fails when the job starts ("Different number of columns"): select one value per column, in this order, or name the columns you fill, ' +
          "as the values' names say: INSERT INTO ${sink} PARTITION (dt = DATE '2024-01-01') (customer_id, orders, amount, note) SELECT ...",
      },
    ]);
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("spb-ok", {
            runtimeMode: "batch",
            statements: [api.sql`INSERT INTO ${sink} PARTITION (dt = DATE '2024-01-01') (customer_id, orders, amount, note) SELECT a AS customer_id, b AS orders, c AS amount, d AS note FROM ${from}`],
          }),
      ),
    ).to.deep.equal([]);
  });
});
