/**
 * Other dialects' functions in the tables' computed columns and watermark expressions, and
 * back-quoted calls (src/sql/foreign-functions.ts): Flink validates a CREATE TABLE's expressions
 * with the same function lookup (flink-table-planner MergeTableLikeUtil), which reads a function's
 * name without its quotes (FunctionCatalogOperatorTable).
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: other dialects' functions in table expressions and back quotes", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const kubernetes = { namespace: "flink", image: "flink:2.1", flinkVersion: "v2_1" };
  const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
  const declares = "and the job declares no function of that name (CREATE TEMPORARY FUNCTION)";
  const physical = [
    { name: "order_id", type: "BIGINT" },
    { name: "sku", type: "STRING" },
    { name: "ts", type: "TIMESTAMP(3)" },
  ];
  const sink = (name: string) => new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "x", type: "STRING" }], options: { connector: "blackhole" } });
  const job = (name: string, statements: unknown[], extra: Record<string, unknown> = {}) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements as never, ...extra }));

  it("a FlinkTable's computed column and watermark, an IcebergSource's watermark: errors at statements naming the table and prop path", () => {
    const t = new api.FlinkTable("fx-src", {
      columns: [...physical, { name: "sku2", expression: "NVL(sku, 'x')" }],
      watermark: { column: "ts", expression: "COALESCE(`ts`, GETDATE())" },
      options: { connector: "datagen" },
    });
    const ice = new api.IcebergSource("fx-ice", { catalog, database: "db", table: "t", streaming: true, columns: physical, watermark: { column: "ts", expression: "COALESCE(`ts`, SYSDATE())" } });
    const o = sink("fx-out");
    expect(job("fx-1", [api.sql`INSERT INTO ${o} SELECT order_id, sku2 FROM ${t}`, api.sql`INSERT INTO ${o} SELECT order_id, sku FROM ${ice}`], { kubernetes: { ...kubernetes, upgradeMode: "stateless" } })).to.deep.equal([
      {
        path: "statements",
        message: `FlinkTable "fx-src" columns[3].expression: NVL(...) is Oracle's function, which Flink does not have, ${declares}: Flink fails its CREATE TABLE ("No match found for function signature NVL(...)"); write COALESCE(x, y) or IFNULL(x, y)`,
      },
      {
        path: "statements",
        message:
          `FlinkTable "fx-src" watermark.expression: GETDATE(...) is SQL Server's function, which Flink does not have, ${declares}: Flink fails its CREATE TABLE ("No match found for function signature GETDATE(...)"); ` +
          "write LOCALTIMESTAMP (a TIMESTAMP(3)) or CURRENT_TIMESTAMP (a TIMESTAMP_LTZ(3)), without parentheses",
      },
      {
        path: "statements",
        message:
          `IcebergSource "fx-ice" watermark.expression: SYSDATE(...) is MySQL's function, which Flink does not have, ${declares}: Flink fails its CREATE TABLE ("No match found for function signature SYSDATE(...)"); ` +
          "write LOCALTIMESTAMP (a TIMESTAMP(3)) or CURRENT_TIMESTAMP (a TIMESTAMP_LTZ(3)), without parentheses",
      },
    ]);
  });

  it("without a deploy target a table's call is a warning; Flink's own functions and names in literals stay quiet", () => {
    const t = new api.FlinkTable("fx-src2", { columns: [...physical, { name: "n", expression: "LEN(sku)" }], options: { connector: "datagen" } });
    const o = sink("fx-out2");
    expect(job("fx-2", [api.sql`INSERT INTO ${o} SELECT order_id, sku FROM ${t}`])).to.deep.equal([]);
    expect(jobWarnings("fx-2")).to.have.length(1);
    expect(jobWarnings("fx-2")[0]).to.match(/^statements: FlinkTable "fx-src2" columns\[3\]\.expression: LEN\(\.\.\.\) is SQL Server's function, .* unless the catalog the job's names resolve in stores a function of that name /);
    const quiet = new api.FlinkTable("fx-src3", {
      columns: [...physical, { name: "a", expression: "COALESCE(sku, 'NVL(sku)')" }, { name: "b", expression: "CHAR_LENGTH(`sku`) /* LEN(sku) */" }, { name: "c", expression: "`len` + 1" }, { name: "len", type: "INT" }],
      watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" },
      options: { connector: "datagen" },
    });
    const o3 = sink("fx-out3");
    expect(job("fx-3", [api.sql`INSERT INTO ${o3} SELECT order_id, a FROM ${quiet}`], { kubernetes })).to.deep.equal([]);
    expect(jobWarnings("fx-3")).to.deep.equal([]);
  });

  it("a back-quoted call is the same call; a longer back-quoted name, a qualified call and a quoted column stay quiet", () => {
    const t = new api.FlinkTable("fx-src4", { columns: [...physical, { name: "NVL(x)", type: "STRING" }], options: { connector: "datagen" } });
    const o = [1, 2].map((k) => sink(`fx-out4-${k}`));
    expect(job("fx-4", [api.sql`INSERT INTO ${o[0]} SELECT order_id, \`nvl\`(sku, 'x') FROM ${t}`], { kubernetes })).to.deep.equal([
      {
        path: "statements[0]",
        message: `NVL(...) is Oracle's function, which Flink does not have, ${declares}: Flink fails the statement ("No match found for function signature NVL(...)"); write COALESCE(x, y) or IFNULL(x, y)`,
      },
    ]);
    expect(
      job("fx-5", [api.sql`INSERT INTO ${o[1]} SELECT order_id, COALESCE(\`my_nvl\`(sku), mycat.mydb.\`NVL\`(sku, 'x'), \`NVL(x)\`) FROM ${t}`], { kubernetes }),
    ).to.deep.equal([]);
  });
});
