/**
 * Other dialects' functions in the tables' computed columns and watermark expressions, and
 * back-quoted calls (src/sql/foreign-functions.ts): Flink validates a CREATE TABLE's expressions
 * with the same function lookup (flink-table-planner MergeTableLikeUtil), which reads a function's
 * name without its quotes (FunctionCatalogOperatorTable).
 */
import { expect } from "chai";
import { collectedErrors } from "../src/components/collect.js";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { collectEachTest } from "./collecting.js";

describe("FlinkSqlJob: other dialects' functions in table expressions and back quotes", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const kubernetes = { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" };
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

describe("FlinkSqlJob: other dialects' functions in the expressions of a table that failed validation (synth's collecting mode)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  collectEachTest();

  const kubernetes = { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" as const, upgradeMode: "stateless" as const };
  const declares = "and the job declares no function of that name (CREATE TEMPORARY FUNCTION)";
  /** Every collected error as `label: path: message`, in order. */
  const all = (): string[] => collectedErrors().flatMap((e) => e.issues.map((i) => `${e.message.slice(0, e.message.indexOf(":"))}: ${i.path}: ${i.message}`));

  it("a FlinkTable with a bad watermark column: its NVL and GETDATE() calls are reported in the same run", () => {
    const t = new api.FlinkTable("fxf-src", {
      columns: [{ name: "sku", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "sku2", expression: "NVL(sku, 'x')" }],
      watermark: { column: "tss", expression: "COALESCE(`ts`, GETDATE())" },
      options: { connector: "datagen" },
    });
    const o = new api.FlinkTable("fxf-out", { columns: [{ name: "x", type: "STRING" }], options: { connector: "blackhole" } });
    new api.FlinkSqlJob("fxf-1", { statements: [api.sql`INSERT INTO ${o} SELECT sku2 FROM ${t}`], kubernetes });
    expect(all()).to.deep.equal([
      'FlinkTable "fxf-src": watermark.column: names "tss", which is not a column',
      'FlinkSqlJob "fxf-1": statements: use FlinkTable "fxf-src", which has errors (listed above)',
      `FlinkSqlJob "fxf-1": statements: FlinkTable "fxf-src" columns[2].expression: NVL(...) is Oracle's function, which Flink does not have, ${declares}: Flink fails its CREATE TABLE ("No match found for function signature NVL(...)"); write COALESCE(x, y) or IFNULL(x, y)`,
      `FlinkSqlJob "fxf-1": statements: FlinkTable "fxf-src" watermark.expression: GETDATE(...) is SQL Server's function, which Flink does not have, ${declares}: Flink fails its CREATE TABLE ("No match found for function signature GETDATE(...)"); ` +
        "write LOCALTIMESTAMP (a TIMESTAMP(3)) or CURRENT_TIMESTAMP (a TIMESTAMP_LTZ(3)), without parentheses",
    ]);
  });

  it("an IcebergSource with a bad column type: its watermark's SYSDATE() is reported; a failed table of Flink's own functions only adds nothing", () => {
    const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
    const ice = new api.IcebergSource("fxf-ice", {
      catalog,
      database: "db",
      table: "t",
      streaming: true,
      columns: [{ name: "sku", type: "STRNG" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "COALESCE(`ts`, SYSDATE())" },
    });
    const quiet = new api.FlinkTable("fxf-quiet", {
      columns: [{ name: "sku", type: "STRNG" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "n", expression: "CHAR_LENGTH(sku) /* LEN(sku) */" }],
      watermark: { column: "ts", expression: "COALESCE(`ts`, LOCALTIMESTAMP)" },
      options: { connector: "datagen" },
    });
    const o = new api.FlinkTable("fxf-out2", { columns: [{ name: "x", type: "STRING" }], options: { connector: "blackhole" } });
    new api.FlinkSqlJob("fxf-2", { statements: [api.sql`INSERT INTO ${o} SELECT sku FROM ${ice}`, api.sql`INSERT INTO ${o} SELECT sku FROM ${quiet}`], kubernetes });
    const job = all().filter((m) => m.startsWith('FlinkSqlJob "fxf-2"'));
    expect(job).to.deep.equal([
      'FlinkSqlJob "fxf-2": statements: use IcebergSource "fxf-ice", FlinkTable "fxf-quiet", which have errors (listed above)',
      `FlinkSqlJob "fxf-2": statements: IcebergSource "fxf-ice" watermark.expression: SYSDATE(...) is MySQL's function, which Flink does not have, ${declares}: Flink fails its CREATE TABLE ("No match found for function signature SYSDATE(...)"); ` +
        "write LOCALTIMESTAMP (a TIMESTAMP(3)) or CURRENT_TIMESTAMP (a TIMESTAMP_LTZ(3)), without parentheses",
    ]);
  });
});
