/**
 * A statement written as a plain template literal (the `sql` tag forgotten): each interpolated
 * table arrives as "[object Object]"; one error at statements[i] says the tag is missing.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";
import { untaggedTemplateProblem } from "../src/sql/statement.js";

const UNTAGGED =
  'the statement is a plain template literal, so ${...} turned each table into "[object Object]"; tag it: sql`INSERT INTO ${sink} ...` (import { sql } from "pulumi-flink-iceberg")';
const K21 = { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1" as const, mode: "standalone" as const };

describe("a statement without the sql tag", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const cols = [{ name: "id", type: "BIGINT" }, { name: "amount", type: "DOUBLE" }];

  it("an INSERT written as a plain template literal is one error saying the tag is missing, in place of the INSERT-target error", () => {
    const src = new api.IcebergSource("ut1-src", { catalog: hive, database: "shop", table: "ut1_orders", columns: cols });
    const sink = new api.IcebergSink("ut1-sink", { catalog: hive, database: "dw", table: "ut1_daily", columns: cols });
    const issues = issuesOrNone(
      () => new api.FlinkSqlJob("ut1", { statements: [`INSERT INTO ${sink} SELECT id, amount FROM ${src}`, api.sql`INSERT INTO ${sink} SELECT id, amount FROM ${src}`], kubernetes: K21 } as never),
    );
    expect(issues).to.deep.equal([{ path: "statements[0]", message: UNTAGGED }]);
  });

  it("a view written so, and the tagged INSERT that reads it: the one error is at the view", () => {
    const src = new api.IcebergSource("ut2-src", { catalog: hive, database: "shop", table: "ut2_orders", columns: cols });
    const sink = new api.IcebergSink("ut2-sink", { catalog: hive, database: "dw", table: "ut2_daily", columns: cols });
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("ut2", {
          statements: [`CREATE TEMPORARY VIEW recent AS SELECT id, amount FROM ${src}`, api.sql`INSERT INTO ${sink} SELECT id, amount FROM recent`],
          kubernetes: K21,
        } as never),
    );
    expect(issues).to.deep.equal([{ path: "statements[0]", message: UNTAGGED }]);
  });

  it("quotes the toString form it found; a plain string without one is left to the other checks", () => {
    expect(untaggedTemplateProblem("INSERT INTO [object IcebergSink] SELECT 1")).to.equal(UNTAGGED.replace('"[object Object]"', '"[object IcebergSink]"'));
    expect(untaggedTemplateProblem("INSERT INTO daily SELECT 1")).to.equal(undefined);
  });
});
