/**
 * INSERT values read from a view or WITH query (src/sql/relation-types.ts, named-relation.ts,
 * read by selected-values.ts): the relation's columns are typed by the same expression typing over
 * its own SELECT list and FROM table, so `COUNT(*) AS n` in a view is a BIGINT where the INSERT
 * reads n, as inline; a view over a view too. Valid neighbours stay quiet: wide enough columns, an
 * untyped column, a view that renames its columns with a list.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { incompatible, kafka, type Columns } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("INSERT values read from a view or WITH query: typed through the relation's own query", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  const sink = (name: string, columns: Columns, primaryKey?: string[]) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns, ...(primaryKey ? { primaryKey, formatVersion: 2 } : {}) });
  const messages = (fn: () => unknown) => errorOf(fn).issues.map((i) => [i.path, i.message]);
  const orders = () =>
    new api.FlinkTable(`rt_orders_${++n}`, {
      columns: [
        { name: "order_id", type: "BIGINT NOT NULL" },
        { name: "country", type: "STRING" },
        { name: "qty", type: "INT" },
        { name: "amount", type: "DECIMAL(10, 2)" },
        { name: "ts", type: "TIMESTAMP(3)" },
      ],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: kafka(`rt_orders_${n}`),
    });
  const perMinuteView = (o: unknown) =>
    api.sql`CREATE TEMPORARY VIEW per_minute AS SELECT window_start, country, COUNT(*) AS n, SUM(amount) AS revenue FROM TABLE(TUMBLE(TABLE ${o}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, country`;

  it("the trial's view: COUNT(*) AS n in the view into an INT column is the error it is inline, naming the view", () => {
    const o = orders();
    const s = sink("rt_minutes", [
      { name: "window_start", type: "TIMESTAMP(3)" },
      { name: "country", type: "STRING" },
      { name: "n", type: "INT" },
      { name: "revenue", type: "DECIMAL(38, 2)" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("rt-minutes", { statements: [perMinuteView(o), api.sql`INSERT INTO ${s} SELECT window_start, country, n, revenue FROM per_minute`] }))).to.deep.equal([
      ["statements[1]", incompatible("rt_minutes", 2, "n (BIGINT, as Flink types COUNT in the view in statements[0])", "n", "BIGINT", "INT", "CAST(n AS INT), or declare the column BIGINT")],
    ]);
    // The columns Flink writes them into without a CAST, through the view, by * and by name: quiet.
    const wide = sink("rt_minutes_wide", [
      { name: "window_start", type: "TIMESTAMP(3)" },
      { name: "country", type: "STRING" },
      { name: "n", type: "BIGINT" },
      { name: "revenue", type: "DECIMAL(38, 2)" },
    ]);
    const narrow = sink("rt_minutes_int", [
      { name: "window_start", type: "TIMESTAMP(3)" },
      { name: "country", type: "STRING" },
      { name: "n", type: "INT" },
      { name: "revenue", type: "DECIMAL(38, 2)" },
    ]);
    const o2 = orders();
    new api.FlinkSqlJob("rt-minutes-ok", {
      statements: [
        perMinuteView(o2),
        api.sql`INSERT INTO ${wide} SELECT window_start, country, n, revenue FROM per_minute`,
        api.sql`INSERT INTO ${wide} SELECT * FROM per_minute WHERE n > 10`,
        api.sql`INSERT INTO ${narrow} SELECT p.window_start, p.country, CAST(p.n AS INT), p.revenue FROM default_database.per_minute AS p`,
      ],
    });
    expect(jobWarnings("rt-minutes-ok")).to.deep.equal([]);
  });

  it("a view's SUM into a narrower DECIMAL warns as inline; * over a view counts and types the view's columns", () => {
    const o = orders();
    const s = sink("rt_narrow", [
      { name: "window_start", type: "TIMESTAMP(3)" },
      { name: "country", type: "STRING" },
      { name: "n", type: "BIGINT" },
      { name: "revenue", type: "DECIMAL(12, 2)" },
    ]);
    new api.FlinkSqlJob("rt-narrow", { statements: [perMinuteView(o), api.sql`INSERT INTO ${s} SELECT * FROM per_minute`] });
    expect(jobWarnings("rt-narrow")).to.deep.equal([
      `statements[1]: value 4 of the SELECT list, revenue (from *) (DECIMAL(38, 2), as Flink types SUM of DECIMAL(10, 2) in the view in statements[0]), goes into IcebergSink "rt_narrow"'s column "revenue" (DECIMAL(12, 2)): ` +
        "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than 10 digits before the point becomes NULL (it has room for 36). Widen the column, or CAST in the SELECT to say it is meant, listing the columns instead of *",
    ]);
    const three = sink("rt_three", [
      { name: "window_start", type: "TIMESTAMP(3)" },
      { name: "country", type: "STRING" },
      { name: "n", type: "BIGINT" },
    ]);
    const o2 = orders();
    expect(messages(() => new api.FlinkSqlJob("rt-three", { statements: [perMinuteView(o2), api.sql`INSERT INTO ${three} SELECT * FROM per_minute`] }))).to.deep.equal([
      [
        "statements[1]",
        `the SELECT list has 4 values, but IcebergSink "rt_three" has 3 columns to fill (window_start, country, n); Flink fails when the job starts ("Different number of columns"): select one value per column, in this order, and leave out the values that have no column`,
      ],
    ]);
  });

  it("a WITH query: a DECIMAL column into INT is an error naming the WITH query; one WITH query over another; quiet where the column takes it", () => {
    const src = orders();
    const s = sink("rt_big", [
      { name: "order_id", type: "BIGINT" },
      { name: "amount", type: "INT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("rt-with", {
            statements: [
              api.sql`INSERT INTO ${s} WITH big AS (SELECT order_id, amount FROM ${src}) SELECT order_id, amount FROM big`,
              api.sql`INSERT INTO ${s} WITH a AS (SELECT order_id, amount FROM ${src} WHERE amount > 100), b AS (SELECT order_id, amount * 2 AS doubled FROM a) SELECT order_id, doubled FROM b`,
            ],
          }),
      ),
    ).to.deep.equal([
      ["statements[0]", incompatible("rt_big", 1, "amount (DECIMAL(10, 2), from the WITH query big)", "amount", "DECIMAL(10, 2)", "INT", "CAST(amount AS INT)")],
      ["statements[1]", incompatible("rt_big", 1, "doubled (DECIMAL(21, 2), as Flink types DECIMAL(10, 2) * INT in the WITH query b)", "amount", "DECIMAL(21, 2)", "INT", "CAST(doubled AS INT)")],
    ]);
    const wide = sink("rt_big_wide", [
      { name: "order_id", type: "BIGINT" },
      { name: "amount", type: "DECIMAL(21, 2)" },
    ]);
    const src2 = orders();
    new api.FlinkSqlJob("rt-with-ok", {
      statements: [
        api.sql`INSERT INTO ${wide} WITH big AS (SELECT order_id, amount FROM ${src2}) SELECT order_id, amount FROM big`,
        api.sql`INSERT INTO ${wide} WITH a AS (SELECT order_id, amount FROM ${src2}), b AS (SELECT order_id, amount * 2 AS doubled FROM a) SELECT * FROM b`,
      ],
    });
    expect(jobWarnings("rt-with-ok")).to.deep.equal([]);
  });

  it("a view over a view keeps the inner view's rule; an integer AVG in a view into DOUBLE warns with the CAST to write in the view", () => {
    const o = orders();
    const s = sink("rt_nested", [
      { name: "country", type: "STRING" },
      { name: "n", type: "INT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("rt-nested", {
            statements: [perMinuteView(o), api.sql`CREATE TEMPORARY VIEW busy AS SELECT country, n FROM per_minute WHERE n > 100`, api.sql`INSERT INTO ${s} SELECT country, n FROM busy`],
          }),
      ),
    ).to.deep.equal([["statements[2]", incompatible("rt_nested", 1, "n (BIGINT, as Flink types COUNT in the view in statements[0])", "n", "BIGINT", "INT", "CAST(n AS INT), or declare the column BIGINT")]]);
    const o2 = orders();
    const avg = sink("rt_avg", [
      { name: "country", type: "STRING" },
      { name: "avg_qty", type: "DOUBLE" },
    ], ["country"]);
    new api.FlinkSqlJob("rt-avg", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW by_country AS SELECT country, AVG(qty) AS avg_qty FROM ${o2} WHERE country IS NOT NULL GROUP BY country`,
        api.sql`INSERT INTO ${avg} SELECT country, avg_qty FROM by_country WHERE country IS NOT NULL`,
      ],
    });
    expect(jobWarnings("rt-avg")).to.deep.equal([
      `statements[1]: value 2 of the SELECT list, avg_qty (INT, as Flink types AVG of INT in the view in statements[0]), goes into IcebergSink "rt_avg"'s column "avg_qty" (DOUBLE): ` +
        "Flink averages integers as an integer of the argument's type (AVG of 1 and 2 is 1: flink AvgAggFunction divides the sum by the count as integers), so the value is truncated to a whole number before it is widened into the column, and its fraction is lost. " +
        "Write AVG(CAST(qty AS DOUBLE)) in the view in statements[0] to keep the fraction",
    ]);
  });

  it("quiet where the relation's column is not typed with certainty: a function the job declares, a view that renames its columns with a list", () => {
    const o = orders();
    const s = sink("rt_quiet", [
      { name: "country", type: "STRING" },
      { name: "n", type: "INT" },
    ]);
    new api.FlinkSqlJob("rt-quiet", {
      statements: [
        api.sql`CREATE TEMPORARY FUNCTION my_hash AS 'com.example.MyHash'`,
        api.sql`CREATE TEMPORARY VIEW hashed AS SELECT country, my_hash(country) AS n FROM ${o}`,
        // The list names the columns: n is country (STRING) and country is qty (INT), whatever the SELECT list's aliases say.
        api.sql`CREATE TEMPORARY VIEW renamed (country, n) AS SELECT qty AS n, country FROM ${o}`,
        api.sql`INSERT INTO ${s} SELECT country, n FROM hashed`,
        api.sql`INSERT INTO ${s} SELECT n, country FROM renamed`,
      ],
    });
    expect(jobWarnings("rt-quiet")).to.deep.equal([]);
  });
});
