/**
 * Names Flink cannot resolve that used to pass preview: a misspelt GROUP BY column or a SELECT
 * alias there, a qualifier that names no table of the FROM clause, and unquoted reserved words
 * outside comparisons (src/sql/expression-columns.ts, unknown-names.ts, expression-names.ts);
 * valid forms next to them stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';

describe("GROUP BY names and table qualifiers", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  const tables = () => {
    n++;
    const columns = [{ name: "id", type: "BIGINT" }, { name: "value", type: "STRING" }, { name: "timestamp", type: "TIMESTAMP(3)" }, { name: "page", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }];
    const src = new api.FlinkTable(`gn_src${n}`, { columns, watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const customers = new api.FlinkTable(`gn_cust${n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "name", type: "STRING" }, { name: "r", type: "ROW<f STRING>" }], options: { connector: "datagen" } });
    const one = new api.FlinkTable(`gn_one${n}`, { columns: [{ name: "v", type: "STRING" }], options: { connector: "blackhole" } });
    const two = new api.FlinkTable(`gn_two${n}`, { columns: [{ name: "k", type: "STRING" }, { name: "v", type: "BIGINT" }], options: { connector: "blackhole" } });
    const win = new api.FlinkTable(`gn_win${n}`, { columns: [{ name: "s", type: "TIMESTAMP(3)" }, { name: "k", type: "STRING" }, { name: "v", type: "BIGINT" }], options: { connector: "blackhole" } });
    return { src, customers, one, two, win };
  };
  const run = (...statements: ReturnType<Api["sql"]>[]) => issuesOrNone(() => new api.FlinkSqlJob(`gn-job${++n}`, { statements })).map((i) => i.message);
  const COLS = "(its columns: id, `value`, `timestamp`, page, ts)";

  it("a misspelt GROUP BY column is reported once, with the nearest column, over a table, a window TVF and a join", () => {
    const { src, customers, two, win } = tables();
    const label = `FlinkTable "${src.tableName}"`;
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) FROM ${src} GROUP BY pgae`)).to.deep.equal([
      `the GROUP BY reads "pgae", which is not a column of ${label}; did you mean "page"? ${COLS}${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${win} SELECT window_start, page, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, pgae`)).to.deep.equal([
      `the GROUP BY reads "pgae", which is not a column of the window TVF over ${label}; did you mean "page"? (its columns: id, \`value\`, \`timestamp\`, page, ts, window_start, window_end, window_time)${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT c.name, COUNT(*) FROM ${src} AS o JOIN ${customers} AS c ON o.id = c.id WHERE UPPER(pgae) <> '' GROUP BY c.name, pgae`)).to.deep.equal([
      `the GROUP BY and the WHERE clause read "pgae", which is not a column of ${label} (as o) or FlinkTable "${customers.tableName}" (as c); did you mean \"o.page\"? ` +
        `(their columns: o.id, o.\`value\`, o.\`timestamp\`, o.page, o.ts, c.id, c.name, c.r)${NOT_FOUND}`,
    ]);
  });

  it("a misspelt column or qualifier in the HAVING clause is reported like one in WHERE; aliases, aggregates and columns stay quiet", () => {
    const { src, two } = tables();
    const label = `FlinkTable "${src.tableName}"`;
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) FROM ${src} GROUP BY page HAVING MAX(idd) > 1`)).to.deep.equal([
      `the HAVING clause reads "idd", which is not a column of ${label}; did you mean "id"? ${COLS}${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) FROM ${src} AS s GROUP BY s.page HAVING MIN(s.tss) IS NOT NULL OR MAX(x.page) <> ''`)).to.deep.equal([
      `the HAVING clause reads x.page, but "x" names no table of the FROM clause; did you mean "s"? (its qualifier: s; an alias hides the table's own name); Flink fails when the job starts ("Table 'x' not found")`,
      `the HAVING clause reads "tss", which is not a column of ${label}; did you mean "ts"? ${COLS}${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) AS c FROM ${src} GROUP BY page HAVING COUNT(*) > 1 AND MAX(\`value\`) <> 'x' AND page <> ''`)).to.deep.equal([]);
  });

  it("a SELECT alias in the GROUP BY is an error that says GROUP BY cannot name it; an alias that is also a column is the column", () => {
    const { src, two } = tables();
    expect(run(api.sql`INSERT INTO ${two} SELECT UPPER(page) AS p, COUNT(*) FROM ${src} GROUP BY p`)).to.deep.equal([
      `the GROUP BY names "p", the alias of the SELECT item UPPER(page) AS p, which is not a column: GROUP BY cannot name a SELECT alias in Flink (its SQL conformance has no GROUP BY alias); ` +
        `Flink fails when the job starts ("Column 'p' not found in any table"); group by the expression itself (GROUP BY UPPER(page))`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT page AS id, COUNT(*) FROM ${src} GROUP BY page, id`)).to.deep.equal([]);
  });

  it("a SELECT alias in the HAVING clause is an error with the clause written with the expression (isHavingAlias is false); a column of that name is the column", () => {
    const { src, two } = tables();
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) AS cnt FROM ${src} GROUP BY page HAVING cnt > 1 AND MAX(id) > 0`)).to.deep.equal([
      `the HAVING clause names "cnt", the alias of the SELECT item COUNT(*) AS cnt, which is not a column: HAVING cannot name a SELECT alias in Flink (its SQL conformance has no HAVING alias); ` +
        `Flink fails when the job starts ("Column 'cnt' not found in any table"); write the expression in its place (HAVING COUNT(*) > 1 AND MAX(id) > 0)`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) AS id FROM ${src} GROUP BY page HAVING MAX(id) > 1`)).to.deep.equal([]);
  });

  it("a SELECT alias that is a non-reserved keyword of Calcite (c, k, data) is an alias in HAVING and GROUP BY all the same; keywords as syntax and columns of that name stay quiet", () => {
    const { src, customers, two } = tables();
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) AS c FROM ${src} GROUP BY page HAVING c > 1`)).to.deep.equal([
      `the HAVING clause names "c", the alias of the SELECT item COUNT(*) AS c, which is not a column: HAVING cannot name a SELECT alias in Flink (its SQL conformance has no HAVING alias); ` +
        `Flink fails when the job starts ("Column 'c' not found in any table"); write the expression in its place (HAVING COUNT(*) > 1)`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT page, SUM(id) AS data FROM ${src} GROUP BY page HAVING MAX(id) > 0 AND (data < 10 OR data IS NULL)`)).to.deep.equal([
      `the HAVING clause names "data", the alias of the SELECT item SUM(id) AS data, which is not a column: HAVING cannot name a SELECT alias in Flink (its SQL conformance has no HAVING alias); ` +
        `Flink fails when the job starts ("Column 'data' not found in any table"); write the expression in its place (HAVING MAX(id) > 0 AND (SUM(id) < 10 OR SUM(id) IS NULL))`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT UPPER(page) AS k, COUNT(*) FROM ${src} GROUP BY k`)).to.deep.equal([
      `the GROUP BY names "k", the alias of the SELECT item UPPER(page) AS k, which is not a column: GROUP BY cannot name a SELECT alias in Flink (its SQL conformance has no GROUP BY alias); ` +
        `Flink fails when the job starts ("Column 'k' not found in any table"); group by the expression itself (GROUP BY UPPER(page))`,
    ]);
    // No alias of that name, a keyword as syntax next to an alias c, and an alias that is also a column (name of customers) stay quiet.
    expect(run(api.sql`INSERT INTO ${two} SELECT page, COUNT(*) AS c FROM ${src} GROUP BY page HAVING COUNT(*) > 1 AND MAX(ts) > CURRENT_TIMESTAMP - INTERVAL '1' DAY`)).to.deep.equal([]);
    expect(run(api.sql`INSERT INTO ${two} SELECT name, COUNT(*) AS data FROM ${customers} GROUP BY name HAVING COUNT(*) > 1`)).to.deep.equal([]);
    expect(run(api.sql`INSERT INTO ${two} SELECT UPPER(name) AS name, COUNT(*) FROM ${customers} GROUP BY name HAVING MAX(name) <> ''`)).to.deep.equal([]);
  });

  it("a qualifier that names no table of the FROM clause is reported once, with the known ones", () => {
    const { src, customers, one, two } = tables();
    expect(run(api.sql`INSERT INTO ${one} SELECT cu.name FROM ${src} AS o JOIN ${customers} AS c ON o.id = c.id WHERE cu.name <> 'x'`)).to.deep.equal([
      `the SELECT item cu.name and the WHERE clause read cu.name, but "cu" names no table of the FROM clause; did you mean "c"? (its qualifiers: o, c; an alias hides the table's own name); Flink fails when the job starts ("Table 'cu' not found")`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT v.page, COUNT(*) FROM ${src} GROUP BY v.page`)).to.deep.equal([
      `the SELECT list and the GROUP BY read v.page, but "v" names no table of the FROM clause (its qualifier: ${src.tableName}; an alias hides the table's own name); Flink fails when the job starts ("Table 'v' not found")`,
    ]);
    expect(run(api.sql`INSERT INTO ${one} SELECT page FROM ${src} AS s WHERE S.page = 'x'`)).to.deep.equal([
      `the WHERE clause reads S.page, but "S" names no table of the FROM clause (Flink's identifiers are case-sensitive); did you mean "s"? (its qualifier: s; an alias hides the table's own name); Flink fails when the job starts ("Table 'S' not found")`,
    ]);
  });

  it("valid forms stay quiet: aliases, table names, ROW field access, window TVFs, subqueries and MATCH_RECOGNIZE", () => {
    const { src, customers, one, two, win } = tables();
    expect(
      run(
        api.sql`INSERT INTO ${two} SELECT s.page, COUNT(*) FROM ${src} AS s GROUP BY s.page`,
        api.sql`INSERT INTO ${two} SELECT ${src.tableName}.page, COUNT(*) FROM ${src} GROUP BY ${src.tableName}.page`,
        api.sql`INSERT INTO ${one} SELECT r.f FROM ${customers}`,
        api.sql`INSERT INTO ${one} SELECT c.r.f FROM ${src} AS o JOIN ${customers} AS c ON o.id = c.id`,
        api.sql`INSERT INTO ${win} SELECT window_start, page, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, page`,
        api.sql`INSERT INTO ${one} SELECT page FROM ${src} AS s WHERE EXISTS (SELECT 1 FROM ${customers} AS x WHERE x.id = s.id)`,
        api.sql`INSERT INTO ${one} SELECT p FROM ${src} MATCH_RECOGNIZE (PARTITION BY page ORDER BY ts MEASURES A.page AS p PATTERN (A) DEFINE A AS A.id > 0)`,
        api.sql`INSERT INTO ${two} SELECT page, COUNT(*) FROM ${src} GROUP BY ROLLUP (page), GROUPING SETS ((page), ())`,
      ),
    ).to.deep.equal([]);
  });

  it("an unquoted reserved word read as a column outside a comparison is the parser's error", () => {
    const { src, one } = tables();
    const reserved = (where: string, c: string) =>
      `${where} reads the column "${c}" of FlinkTable "${src.tableName}" as ${c} without back-quotes, but ${c.toUpperCase()} is a reserved word of Flink SQL: ` +
      `the parser never reads it as a name: the job fails when it starts ("Encountered \\"${c}\\""); write \`${c}\` (in a sql\`...\` template: \\\`${c}\\\`)`;
    expect(run(api.sql`INSERT INTO ${one} SELECT page FROM ${src} WHERE value IS NOT NULL`)).to.deep.equal([reserved("the WHERE clause", "value")]);
    expect(run(api.sql`INSERT INTO ${one} SELECT page FROM ${src} WHERE timestamp IS NOT NULL`)).to.deep.equal([reserved("the WHERE clause", "timestamp")]);
    expect(run(api.sql`INSERT INTO ${one} SELECT CAST(ABS(value) AS STRING) FROM ${src}`)).to.deep.equal([reserved("the SELECT item CAST(ABS(value) AS STRING)", "value")]);
    expect(run(api.sql`INSERT INTO ${one} SELECT page FROM ${src} WHERE \`value\` IS NOT NULL AND \`timestamp\` IS NOT NULL`)).to.deep.equal([]);
  });
});
