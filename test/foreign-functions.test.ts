/**
 * FlinkSqlJob: calls of other dialects' functions Flink does not have (src/sql/foreign-functions.ts):
 * "No match found for function signature NVL(...)" when the job starts.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: other dialects' functions", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const kubernetes = { namespace: "flink", image: "flink:2.1", flinkVersion: "v2_1" };
  const src = (name: string) =>
    new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "sku", type: "STRING" }, { name: "len", type: "INT" }, { name: "ts", type: "TIMESTAMP(3)" }], options: { connector: "datagen" } });
  const sink = (name: string) => new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "x", type: "STRING" }], options: { connector: "blackhole" } });
  const job = (name: string, statements: unknown[], extra: Record<string, unknown> = {}) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements as never, ...extra }));
  const declares = "and the job declares no function of that name (CREATE TEMPORARY FUNCTION)";

  it("NVL in an INSERT, GETDATE() and LEN in a view, on Kubernetes (a new in-memory catalog): errors with the Flink function to write", () => {
    const t = src("ff-src1");
    const o = sink("ff-out1");
    const o2 = sink("ff-out1b");
    expect(
      job("ff-1", [
        api.sql`INSERT INTO ${o} SELECT order_id, NVL(sku, 'x') FROM ${t}`,
        api.sql`CREATE TEMPORARY VIEW v AS SELECT order_id, CAST(GETDATE() AS STRING) AS x, len(sku) AS n FROM ${t}`,
        api.sql`INSERT INTO ${o2} SELECT order_id, x FROM v WHERE n > 0`,
      ], { kubernetes }),
    ).to.deep.equal([
      {
        path: "statements[0]",
        message: `NVL(...) is Oracle's function, which Flink does not have, ${declares}: Flink fails the statement ("No match found for function signature NVL(...)"); write COALESCE(x, y) or IFNULL(x, y)`,
      },
      {
        path: "statements[1]",
        message:
          `GETDATE(...) is SQL Server's function, which Flink does not have, ${declares}: Flink fails the statement ("No match found for function signature GETDATE(...)"); ` +
          "write LOCALTIMESTAMP (a TIMESTAMP(3)) or CURRENT_TIMESTAMP (a TIMESTAMP_LTZ(3)), without parentheses",
      },
      {
        path: "statements[1]",
        message: `LEN(...) is SQL Server's function, which Flink does not have, ${declares}: Flink fails the statement ("No match found for function signature LEN(...)"); write CHAR_LENGTH(s)`,
      },
    ]);
  });

  it("the session 23 trial's Hive/Spark/PostgreSQL aggregates and functions on Kubernetes: errors naming LISTAGG, ARRAY_AGG/COLLECT, FLOOR and CARDINALITY", () => {
    const t = src("ff-src-hs");
    const messages = (job("ff-hs", [
      api.sql`CREATE TEMPORARY VIEW hs AS SELECT order_id, STRING_AGG(sku, ',') AS a, COLLECT_LIST(sku) AS b, collect_set(sku) AS c, SIZE(COLLECT(sku)) AS e FROM ${t} GROUP BY order_id`,
      api.sql`INSERT INTO ${sink("ff-out-hs")} SELECT order_id, a FROM hs`,
      api.sql`INSERT INTO ${sink("ff-out-hs2")} SELECT order_id, CAST(DATE_TRUNC('day', ts) AS STRING) FROM ${t}`,
    ], { kubernetes }) as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message.replace(/ is .* write /, " -> ")}`);
    expect(messages).to.deep.equal([
      "statements[0]: STRING_AGG(...) -> LISTAGG(x, ',')",
      "statements[0]: COLLECT_LIST(...) -> ARRAY_AGG(x) (Flink 1.20+), or COLLECT(x) for a MULTISET",
      "statements[0]: COLLECT_SET(...) -> ARRAY_AGG(DISTINCT x) (Flink 1.20+), or COLLECT(DISTINCT x) for a MULTISET",
      "statements[0]: SIZE(...) -> CARDINALITY(a) (an ARRAY's or MAP's element count)",
      "statements[2]: DATE_TRUNC(...) -> FLOOR(ts TO DAY) (or another unit: SECOND ... YEAR)",
    ]);
  });

  it("the final trial's TO_CHAR on Kubernetes: an error naming DATE_FORMAT and CAST; DATE_FORMAT itself quiet", () => {
    const t = src("ff-src-tc");
    const o = sink("ff-out-tc");
    expect(job("ff-tc", [api.sql`INSERT INTO ${o} SELECT order_id, TO_CHAR(ts, 'yyyy') FROM ${t}`], { kubernetes })).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `TO_CHAR(...) is Oracle's and PostgreSQL's function, which Flink does not have, ${declares}: Flink fails the statement ("No match found for function signature TO_CHAR(...)"); ` +
          "write DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm:ss') for a timestamp (Java date patterns), or CAST(x AS STRING) for a number",
      },
    ]);
    expect(job("ff-tc-ok", [api.sql`INSERT INTO ${sink("ff-out-tc2")} SELECT order_id, DATE_FORMAT(ts, 'yyyy') FROM ${src("ff-src-tc2")}`], { kubernetes })).to.deep.equal([]);
  });

  it("no deploy target (a stored catalog may hold the function): a warning; ISNULL is always a warning", () => {
    const t = src("ff-src2");
    const o = sink("ff-out2");
    expect(job("ff-2", [api.sql`INSERT INTO ${o} SELECT order_id, CAST(DATEDIFF(ts, ts) AS STRING) FROM ${t} WHERE ISNULL(sku, '') <> ''`])).to.deep.equal([]);
    expect(jobWarnings("ff-2")).to.deep.equal([
      `statements[0]: DATEDIFF(...) is MySQL's and SQL Server's function, which Flink does not have, ${declares}: unless the catalog the job's names resolve in stores a function of that name ` +
        "(the job has no deploy target, and a new TableEnvironment or SQL Gateway session starts in the built-in in-memory catalog default_catalog, which holds only the job's tables and views unless a catalog store (table.catalog-store.kind) holds a catalog of that name), " +
        'Flink fails the statement ("No match found for function signature DATEDIFF(...)"); write TIMESTAMPDIFF(DAY, start, end) (or another unit: SECOND ... YEAR)',
      `statements[0]: ISNULL(...) is SQL Server's null replacement function, which Flink does not have, ${declares}: the core module's isNull is the Table API's one-argument IS NULL, so ISNULL(x, y) fails the statement; ` +
        "write IFNULL(x, y) or COALESCE(x, y) (to test for NULL: x IS NULL)",
    ]);
  });

  it("quiet: COALESCE / IFNULL, a declared function named NVL, names in literals, comments or back quotes, a column named len", () => {
    const t = src("ff-src3");
    const o = [1, 2, 3, 4].map((k) => sink(`ff-out3-${k}`));
    expect(
      job("ff-3", [
        api.sql`CREATE TEMPORARY SYSTEM FUNCTION nvl AS 'com.example.Nvl'`,
        api.sql`CREATE TEMPORARY FUNCTION \`NVL2\` AS 'com.example.Nvl2'`,
        api.sql`INSERT INTO ${o[0]} SELECT order_id, COALESCE(sku, 'x') FROM ${t} WHERE IFNULL(sku, '') <> 'LEN(a, b)'`,
        api.sql`INSERT INTO ${o[1]} SELECT order_id, NVL2(sku, 'a', NVL(sku, 'b')) /* LEN(sku) */ FROM ${t}`,
        api.sql`INSERT INTO ${o[2]} SELECT order_id, CAST(len AS STRING) -- GETDATE()
          FROM ${t}`,
        api.sql`INSERT INTO ${o[3]} SELECT order_id, CAST(\`len\` AS STRING) FROM ${t} WHERE len > 0`,
      ], { kubernetes }),
    ).to.deep.equal([]);
  });
});
