/**
 * Aggregation without the right GROUP BY (src/sql/ungrouped-columns.ts, group-by.ts,
 * aggregate-calls.ts): what Calcite's validator refuses when the job starts ("Expression 'id' is
 * not being grouped", calcite AggChecker; "Aggregate expression is illegal in WHERE clause",
 * SqlValidatorImpl.validateWhereOrOn), and a hunt for false errors over valid aggregations.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";

const FAILS = "Flink fails when the job starts";

describe("FlinkSqlJob: aggregation without the right GROUP BY", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const columns = [
    { name: "id", type: "BIGINT" },
    { name: "name", type: "STRING" },
    { name: "region", type: "STRING" },
    { name: "amount", type: "DECIMAL(10, 2)" },
    { name: "ts", type: "TIMESTAMP(3)" },
  ];
  const source = (name: string) => new api.IcebergSource(name, { catalog: hive, database: "shop", table: name, columns });
  /** A sink of `n` STRING columns: only this check's messages are compared where the values' types do not matter. */
  const sink = (name: string, types: string[]) => new api.IcebergSink(name, { catalog: hive, database: "shop", table: name, columns: types.map((type, i) => ({ name: `c${i}`, type })) });
  const batch = (name: string, statements: unknown[]) => () => new api.FlinkSqlJob(name, { runtimeMode: "batch", statements: statements as never });
  /** This check's errors only. */
  const grouping = (fn: () => unknown) => issuesOrNone(fn).filter((i) => /is not being grouped|aggregate expression is illegal in WHERE/i.test(i.message));

  it("the two shapes of the brief: a column next to an aggregate without GROUP BY, a column the GROUP BY leaves out; nothing else reported", () => {
    const src = source("ug_orders");
    const two = sink("ug_two", ["BIGINT", "DECIMAL(38, 2)"]);
    const three = sink("ug_three", ["BIGINT", "STRING", "DECIMAL(38, 2)"]);
    expect(
      issuesOrNone(
        batch("ug-brief", [api.sql`INSERT INTO ${two} SELECT id, SUM(amount) FROM ${src}`, api.sql`INSERT INTO ${three} SELECT id, name, SUM(amount) FROM ${src} GROUP BY id`]),
      ),
    ).to.deep.equal([
      {
        path: "statements[0]",
        message: `the SELECT list's column id stands outside an aggregate, and the query aggregates (SUM(amount)) without GROUP BY: ${FAILS} ("Expression 'id' is not being grouped"); group by it (GROUP BY id), or aggregate it, e.g. MAX(id)`,
      },
      {
        path: "statements[1]",
        message: `the SELECT list's column name is neither in the GROUP BY (id) nor inside an aggregate: ${FAILS} ("Expression 'name' is not being grouped"); add name to the GROUP BY, or aggregate it, e.g. MAX(name)`,
      },
    ]);
  });

  it("every problem of a statement at once: qualified and back-quoted columns, an expression item, HAVING, an aggregate in WHERE", () => {
    const src = source("ug_all");
    const out = sink("ug_all_out", ["STRING", "STRING", "STRING", "STRING"]);
    expect(
      grouping(
        batch("ug-all", [
          api.sql`INSERT INTO ${out} SELECT s.id, UPPER(name) AS n, \`region\`, COUNT(*) FROM ${src} AS s WHERE SUM(amount) > 10 GROUP BY s.amount HAVING ts > TIMESTAMP '2024-01-01 00:00:00'`,
        ]),
      ),
    ).to.deep.equal([
      {
        path: "statements[0]",
        message: `the WHERE clause calls the aggregate SUM(amount): ${FAILS} ("Aggregate expression is illegal in WHERE clause"); WHERE filters rows before they are grouped: move the condition into HAVING, after the GROUP BY`,
      },
      {
        path: "statements[0]",
        message: `the SELECT list's column s.id is neither in the GROUP BY (s.amount) nor inside an aggregate: ${FAILS} ("Expression 's.id' is not being grouped"); add s.id to the GROUP BY, or aggregate it, e.g. MAX(s.id)`,
      },
      {
        path: "statements[0]",
        message: `the SELECT item UPPER(name) AS n reads name, which is neither in the GROUP BY (s.amount) nor inside an aggregate: ${FAILS} ("Expression 'name' is not being grouped"); group by the expression as written (GROUP BY s.amount, UPPER(name)), or aggregate it, e.g. MAX(UPPER(name))`,
      },
      {
        path: "statements[0]",
        message: `the SELECT list's column \`region\` is neither in the GROUP BY (s.amount) nor inside an aggregate: ${FAILS} ("Expression 'region' is not being grouped"); add \`region\` to the GROUP BY, or aggregate it, e.g. MAX(\`region\`)`,
      },
      {
        path: "statements[0]",
        message:
          `the HAVING clause reads ts, which is neither in the GROUP BY (s.amount) nor inside an aggregate: ${FAILS} ("Expression 'ts' is not being grouped"); ` +
          "filter rows by ts in WHERE (before grouping), add ts to the GROUP BY, or aggregate it, e.g. MAX(ts)",
      },
    ]);
  });

  it("a windowed aggregate in WHERE; an expression next to an aggregate; the table's own name as qualifier; HAVING without GROUP BY", () => {
    const src = source("ug_more");
    const out = sink("ug_more_out", ["STRING", "STRING"]);
    expect(
      grouping(
        batch("ug-more", [
          api.sql`INSERT INTO ${out} SELECT id, name FROM ${src} WHERE ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) = 1`,
          api.sql`INSERT INTO ${out} SELECT id + 1, SUM(amount) FROM ${src}`,
          api.sql`INSERT INTO ${out} SELECT ${src}.region, COUNT(*) FROM ${src} GROUP BY ${src}.name`,
          api.sql`INSERT INTO ${out} SELECT COUNT(*), MAX(name) FROM ${src} HAVING id > 1`,
        ]),
      ).map((i) => [i.path, i.message]),
    ).to.deep.equal([
      [
        "statements[0]",
        `the WHERE clause calls the windowed aggregate ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts): ${FAILS} ("Windowed aggregate expression is illegal in WHERE clause"); ` +
          "compute it as a column of a subquery and filter that column outside, e.g. SELECT * FROM (SELECT ..., ROW_NUMBER() OVER (...) AS rn FROM ...) WHERE rn = 1",
      ],
      [
        "statements[1]",
        `the SELECT item id + 1 reads id outside an aggregate, and the query aggregates (SUM(amount)) without GROUP BY: ${FAILS} ("Expression 'id' is not being grouped"); group by the expression as written (GROUP BY id + 1), or aggregate it, e.g. MAX(id + 1)`,
      ],
      [
        "statements[2]",
        `the SELECT list's column ug_more.region is neither in the GROUP BY (ug_more.name) nor inside an aggregate: ${FAILS} ("Expression 'ug_more.region' is not being grouped"); ` +
          "add ug_more.region to the GROUP BY, or aggregate it, e.g. MAX(ug_more.region)",
      ],
      [
        "statements[3]",
        `the HAVING clause reads id outside an aggregate, and the query aggregates (COUNT(*)) without GROUP BY: ${FAILS} ("Expression 'id' is not being grouped"); ` +
          "filter rows by id in WHERE (before grouping), group by it (GROUP BY id), or aggregate it, e.g. MAX(id)",
      ],
    ]);
  });

  it("columns inside expressions of built-in functions and operators are read: an item ending in a name after an operator is no alias", () => {
    const src = source("ug_expr");
    const out = sink("ug_expr_out", ["STRING", "STRING"]);
    expect(
      grouping(
        batch("ug-expr", [
          api.sql`INSERT INTO ${out} SELECT id || name, COUNT(*) FROM ${src} GROUP BY id`,
          api.sql`INSERT INTO ${out} SELECT TIMESTAMPDIFF(DAY, ts, CURRENT_TIMESTAMP), COUNT(*) FROM ${src} GROUP BY name`,
          api.sql`INSERT INTO ${out} SELECT CAST(SUM(amount) AS DECIMAL(10, 2)), region FROM ${src}`,
          api.sql`INSERT INTO ${out} SELECT region, COUNT(*) FROM ${src} GROUP BY GROUPING SETS (
            id,
            name
          )`,
          api.sql`INSERT INTO ${out} SELECT name, id FROM ${src} GROUP BY id`,
          api.sql`insert into ${out} (c0, c1) select region, count(*) from ${src} group by id having count(*) > 1 and name is not null`,
        ]),
      ).map((i) => [i.path, i.message.slice(0, i.message.indexOf(":"))]),
    ).to.deep.equal([
      ["statements[0]", "the SELECT item id || name reads name, which is neither in the GROUP BY (id) nor inside an aggregate"],
      ["statements[1]", "the SELECT item TIMESTAMPDIFF(DAY, ts, CURRENT_TIMESTAMP) reads ts, which is neither in the GROUP BY (name) nor inside an aggregate"],
      ["statements[2]", "the SELECT list's column region stands outside an aggregate, and the query aggregates (SUM(amount)) without GROUP BY"],
      ["statements[3]", "the SELECT list's column region is neither in the GROUP BY (GROUPING SETS (id, name)) nor inside an aggregate"],
      ["statements[4]", "the SELECT list's column name is neither in the GROUP BY (id) nor inside an aggregate"],
      ["statements[5]", "the SELECT list's column region is neither in the GROUP BY (id) nor inside an aggregate"],
      ["statements[5]", "the HAVING clause reads name, which is neither in the GROUP BY (id) nor inside an aggregate"],
    ]);
  });

  it("a view's query, read or not (Flink validates it when it creates the view); a window TVF that leaves window_time out of its GROUP BY", () => {
    const src = source("ug_view");
    const out = sink("ug_view_out", ["STRING", "STRING", "STRING", "STRING"]);
    expect(
      grouping(
        batch("ug-view", [
          api.sql`CREATE TEMPORARY VIEW per_id AS SELECT id, name, COUNT(*) AS c FROM ${src} GROUP BY id`,
          api.sql`CREATE TEMPORARY VIEW IF NOT EXISTS default_database.\`per_region\` (r, c) COMMENT 'counts' AS SELECT region, COUNT(*) FROM ${src} GROUP BY id`,
          api.sql`INSERT INTO ${out} SELECT window_start, window_end, window_time, SUM(amount) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
        ]),
      ).map((i) => [i.path, i.message.slice(0, i.message.indexOf(":"))]),
    ).to.deep.equal([
      ["statements[0]", "the SELECT list's column name is neither in the GROUP BY (id) nor inside an aggregate"],
      ["statements[1]", "the SELECT list's column region is neither in the GROUP BY (id) nor inside an aggregate"],
      ["statements[2]", "the SELECT list's column window_time is neither in the GROUP BY (window_start, window_end) nor inside an aggregate"],
    ]);
  });

  it("an ordinal in the GROUP BY is a constant to Flink: an error naming the SELECT item it meant, the column that fails, and the clause with the items written out", () => {
    const src = source("ug_ord");
    const reserved = new api.IcebergSource("ug_ord_reserved", { catalog: hive, database: "shop", table: "ug_ord_reserved", columns: [{ name: "region", type: "STRING" }, { name: "value", type: "STRING" }] });
    const out = sink("ug_ord_out", ["STRING", "STRING", "BIGINT"]);
    const ORDINAL = "its SQL conformance takes no ordinal in GROUP BY (flink FlinkSqlConformance.isGroupByOrdinal), so Flink fails when the job starts";
    expect(
      issuesOrNone(
        batch("ug-ord", [
          api.sql`INSERT INTO ${out} SELECT name, region, COUNT(*) FROM ${src} GROUP BY 1, 2`,
          api.sql`INSERT INTO ${out} SELECT UPPER(name) AS n, region, COUNT(*) FROM ${src} GROUP BY region, 1`,
          api.sql`CREATE TEMPORARY VIEW by_region AS SELECT region, SUM(amount) AS total FROM ${src} GROUP BY 1`,
          // A column only another grouping element covers (ROLLUP, an expression) is grouped: these two are valid, the third is not.
          api.sql`INSERT INTO ${out} SELECT UPPER(name), region, COUNT(*) FROM ${src} GROUP BY UPPER(name), ROLLUP(\`region\`), 1`,
          api.sql`INSERT INTO ${out} SELECT name, region, COUNT(*) FROM ${src} GROUP BY GROUPING SETS ((name, region), ()), 1`,
          api.sql`INSERT INTO ${out} SELECT name, region, COUNT(*) FROM ${src} GROUP BY ROLLUP(region), 1`,
          // Every column the clause leaves ungrouped is in the fix, not only the ordinal's (trial finding).
          api.sql`INSERT INTO ${out} SELECT region, name, COUNT(*) FROM ${src} GROUP BY 1`,
          api.sql`INSERT INTO ${out} SELECT s.region, UPPER(s.name), COUNT(*) FROM ${src} s GROUP BY 1`,
          // A reserved word naming a column is back-quoted in the fix, as SQL must write it (Flink's own message shows it bare).
          api.sql`INSERT INTO ${out} SELECT region, \`value\`, COUNT(*) FROM ${reserved} GROUP BY 1`,
        ]),
      ),
    ).to.deep.equal([
      { path: "statements[0]", message: `the GROUP BY has the ordinals 1, 2, which Flink reads as constants, not as the SELECT items name, region: ${ORDINAL} ("Expression 'name' is not being grouped"); write GROUP BY name, region` },
      { path: "statements[1]", message: `the GROUP BY has the ordinal 1, which Flink reads as a constant, not as the SELECT item UPPER(name): ${ORDINAL} ("Expression 'name' is not being grouped"); write GROUP BY region, UPPER(name)` },
      { path: "statements[2]", message: `the GROUP BY has the ordinal 1, which Flink reads as a constant, not as the SELECT item region: ${ORDINAL} ("Expression 'region' is not being grouped"); write GROUP BY region` },
      { path: "statements[5]", message: `the GROUP BY has the ordinal 1, which Flink reads as a constant, not as the SELECT item name: ${ORDINAL} ("Expression 'name' is not being grouped"); write GROUP BY ROLLUP(region), name` },
      { path: "statements[6]", message: `the GROUP BY has the ordinal 1, which Flink reads as a constant, not as the SELECT item region: ${ORDINAL} ("Expression 'region' is not being grouped"); write GROUP BY region, name` },
      { path: "statements[7]", message: `the GROUP BY has the ordinal 1, which Flink reads as a constant, not as the SELECT item s.region: ${ORDINAL} ("Expression 's.region' is not being grouped"); write GROUP BY s.region, s.name` },
      { path: "statements[8]", message: `the GROUP BY has the ordinal 1, which Flink reads as a constant, not as the SELECT item region: ${ORDINAL} ("Expression 'region' is not being grouped"); write GROUP BY region, \`value\`` },
    ]);
  });

  it("false-error hunt: valid aggregations, and everything not read with certainty (aliases, ordinals, user functions, Outputs, `*`), stay quiet", () => {
    const src = source("ug_ok");
    const other = source("ug_ok_other");
    const out = sink("ug_ok_out", ["STRING", "STRING", "STRING", "STRING"]);
    const statements = [
      // GROUP BY with expressions, and expressions over grouped columns.
      api.sql`INSERT INTO ${out} SELECT UPPER(name), COUNT(*) FROM ${src} GROUP BY UPPER(name)`,
      api.sql`INSERT INTO ${out} SELECT UPPER(name) || '!', COUNT(*) FROM ${src} GROUP BY UPPER(name)`,
      api.sql`INSERT INTO ${out} SELECT name, UPPER(name), CONCAT(name, '-', region), COUNT(*) FROM ${src} GROUP BY name, region`,
      api.sql`INSERT INTO ${out} SELECT id + 1, CAST(id AS STRING), COALESCE(name, 'none'), COUNT(*) FROM ${src} GROUP BY id, name`,
      api.sql`INSERT INTO ${out} SELECT CASE WHEN amount > 10 THEN 'big' ELSE 'small' END AS size, COUNT(*) FROM ${src} GROUP BY CASE WHEN amount > 10 THEN 'big' ELSE 'small' END`,
      api.sql`INSERT INTO ${out} SELECT FLOOR(ts TO HOUR), DATE_FORMAT(ts, 'yyyy-MM-dd'), COUNT(*) FROM ${src} GROUP BY FLOOR(ts TO HOUR), DATE_FORMAT(ts, 'yyyy-MM-dd')`,
      api.sql`INSERT INTO ${out} SELECT EXTRACT(HOUR FROM ts), COUNT(*) FROM ${src} GROUP BY EXTRACT(HOUR FROM ts)`,
      api.sql`INSERT INTO ${out} SELECT name IS NULL, name NOT LIKE region, amount BETWEEN 1 AND 2, name IN ('a', 'b') FROM ${src} GROUP BY name, region, amount`,
      api.sql`INSERT INTO ${out} SELECT POSITION('a' IN name), TRIM(BOTH ' ' FROM name), SUBSTRING(name FROM 2 FOR 3), COUNT(*) FROM ${src} GROUP BY name`,
      api.sql`INSERT INTO ${out} SELECT ((id)), CAST(name AS STRING) name, ARRAY[id, 1], COUNT(*) FROM ${src} GROUP BY ((id)), (name)`,
      api.sql`INSERT INTO ${out} SELECT id, name, COUNT(*) FROM ${src} GROUP BY (id, name) ORDER BY COUNT(*) DESC LIMIT 10`,
      api.sql`INSERT INTO ${out} SELECT id, MAX(ts) - INTERVAL '1' HOUR, JSON_OBJECTAGG(KEY name VALUE amount), SUM(DISTINCT amount) FROM ${src} GROUP BY id`,
      api.sql`INSERT INTO ${out} SELECT region, LISTAGG(name) WITHIN GROUP (ORDER BY ts), COUNT(*) FILTER (WHERE amount > 0) AS c FROM ${src} GROUP BY region`,
      api.sql`insert into ${out} select region, count(*) from ${src} /*+ OPTIONS('split-size'='1') */ group by region having count(*) > 1`,
      // HAVING, also with an alias (Flink refuses it, with another message) and NOT.
      api.sql`INSERT INTO ${out} SELECT id, SUM(amount) FROM ${src} GROUP BY id HAVING SUM(amount) > 10 AND id > 0 AND COUNT(DISTINCT name) > 1`,
      api.sql`INSERT INTO ${out} SELECT id, COUNT(*) AS c FROM ${src} GROUP BY id HAVING c > 1 OR NOT (COUNT(*) > 1)`,
      // Window TVF aggregations.
      api.sql`INSERT INTO ${out} SELECT window_start, window_end, SUM(amount) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${out} SELECT window_start, window_end, window_time, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '10' MINUTE)) GROUP BY window_start, window_end, window_time`,
      api.sql`INSERT INTO ${out} SELECT w.window_start, w.id, SUM(w.amount) FROM TABLE(CUMULATE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '1' HOUR)) AS w GROUP BY w.window_start, w.window_end, w.id`,
      // GROUPING SETS, ROLLUP, CUBE, GROUP BY ().
      api.sql`INSERT INTO ${out} SELECT id, name, SUM(amount) FROM ${src} GROUP BY GROUPING SETS ((id, name), (id), ())`,
      api.sql`INSERT INTO ${out} SELECT region, name, SUM(amount) FROM ${src} GROUP BY ROLLUP (region, name)`,
      api.sql`INSERT INTO ${out} SELECT region, name, SUM(amount) FROM ${src} GROUP BY CUBE (region, name)`,
      api.sql`INSERT INTO ${out} SELECT COUNT(*) FROM ${src} GROUP BY ()`,
      // COUNT(*), COUNT(DISTINCT x), aggregates of expressions, FILTER, literals and constants.
      api.sql`INSERT INTO ${out} SELECT COUNT(*), COUNT(DISTINCT name), SUM(amount * 2), MAX(UPPER(name)) FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT AVG(CAST(amount AS DOUBLE)), SUM(amount) FILTER (WHERE id > 0), LISTAGG(name, ','), FIRST_VALUE(name) FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT 'id', 1, CURRENT_TIMESTAMP, COUNT(*) FROM ${src} -- id, name`,
      // Qualified and unqualified forms of one column.
      api.sql`INSERT INTO ${out} SELECT s.id, id, COUNT(*) FROM ${src} s GROUP BY id`,
      api.sql`INSERT INTO ${out} SELECT ${src}.id, id, COUNT(*) FROM ${src} GROUP BY ${src}.id`,
      api.sql`INSERT INTO ${out} SELECT id, \`name\`, COUNT(*) FROM ${src} AS s GROUP BY s.id, s.\`name\``,
      // Joins with aliases, nested subqueries with their own GROUP BY, subqueries in WHERE and in the SELECT list.
      api.sql`INSERT INTO ${out} SELECT a.id, COUNT(*) FROM ${src} a JOIN ${other} b ON a.id = b.id GROUP BY a.id`,
      api.sql`INSERT INTO ${out} SELECT id, total FROM (SELECT id, SUM(amount) AS total FROM ${src} GROUP BY id) WHERE total > 10`,
      api.sql`INSERT INTO ${out} SELECT id, COUNT(*) FROM ${src} WHERE id IN (SELECT id FROM ${other} GROUP BY id HAVING COUNT(*) > 1) GROUP BY id`,
      api.sql`INSERT INTO ${out} SELECT id, name FROM ${src} WHERE amount > (SELECT AVG(amount) FROM ${other})`,
      api.sql`INSERT INTO ${out} SELECT id, (SELECT MAX(amount) FROM ${other}) FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT id, COUNT(*) FROM ${src} WHERE ts > CURRENT_TIMESTAMP - INTERVAL '1' DAY GROUP BY id`,
      // Views: an aggregating view read by SELECT *.
      api.sql`CREATE TEMPORARY VIEW totals AS SELECT id, region, SUM(amount) AS total FROM ${src} GROUP BY id, region`,
      api.sql`INSERT INTO ${out} SELECT * FROM totals`,
      // DISTINCT.
      api.sql`INSERT INTO ${out} SELECT DISTINCT id, name FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT DISTINCT id, COUNT(*) FROM ${src} GROUP BY id`,
      // OVER windows: no aggregation of the query.
      api.sql`INSERT INTO ${out} SELECT id, name, SUM(amount) OVER (PARTITION BY id ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT id, name, ROW_NUMBER() OVER (PARTITION BY region ORDER BY ts) AS rn, COUNT(*) OVER (PARTITION BY region) FROM ${src}`,
      // Not read with certainty: GROUP BY an alias (Flink refuses it, with another message), a legacy group window, user functions.
      // An ordinal over aggregates and constants only groups by a constant, which Flink takes.
      api.sql`INSERT INTO ${out} SELECT UPPER(name) AS n, COUNT(*) FROM ${src} GROUP BY n`,
      api.sql`INSERT INTO ${out} SELECT 'all', COUNT(*) FROM ${src} GROUP BY 1`,
      api.sql`INSERT INTO ${out} SELECT TUMBLE_START(ts, INTERVAL '1' HOUR), id, COUNT(*) FROM ${src} GROUP BY TUMBLE(ts, INTERVAL '1' HOUR), id`,
      api.sql`INSERT INTO ${out} SELECT id, my_agg(amount) FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT EXTRACT(WEEK FROM ts), *, COUNT(*) FROM ${src} GROUP BY name`,
      api.sql`INSERT INTO ${out} SELECT name, COUNT(*) FROM ${src} GROUP BY ${pulumi.output("name")} HAVING ${pulumi.output("name")} > 1`,
      api.sql`INSERT INTO ${out} SELECT id, cnt FROM ${src} MATCH_RECOGNIZE (PARTITION BY id ORDER BY ts MEASURES COUNT(*) AS cnt PATTERN (A+) DEFINE A AS amount > 0)`,
      api.sql`INSERT INTO ${out} SELECT 1, COUNT(*)`,
    ];
    expect(grouping(batch("ug-ok", statements))).to.deep.equal([]);
    // A function the job declares may shadow a built-in one (flink FunctionCatalog resolves temporary system functions first): not read.
    const shadowed = [
      api.sql`CREATE TEMPORARY FUNCTION my_agg AS 'com.example.MyAgg'`,
      api.sql`CREATE TEMPORARY SYSTEM FUNCTION IF NOT EXISTS \`upper\` AS 'com.example.MyUpperAgg'`,
      api.sql`INSERT INTO ${out} SELECT upper(name), my_agg(amount), COUNT(*) FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT UPPER(name), COUNT(*) FROM ${src}`,
    ];
    expect(grouping(batch("ug-ok-fn", shadowed))).to.deep.equal([]);
    expect(grouping(batch("ug-ok-nofn", shadowed.slice(3))).map((i) => i.message.slice(0, 42))).to.deep.equal(["the SELECT item UPPER(name) reads name out"]);
  });

  it("an over window in a streaming job over a PROCTIME() column stays quiet; the same columns next to an aggregate do not", () => {
    const t = new api.FlinkTable("ug_events", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "amount", type: "INT" }, { name: "proc", expression: "PROCTIME()" }],
      options: { connector: "datagen" },
    });
    const hole = new api.FlinkTable("ug_hole", { columns: [{ name: "a", type: "BIGINT" }, { name: "b", type: "INT" }], options: { connector: "blackhole" } });
    expect(
      grouping(
        () =>
          new api.FlinkSqlJob("ug-over", {
            statements: [
              api.sql`INSERT INTO ${hole} SELECT id, SUM(amount) OVER (PARTITION BY id ORDER BY proc) FROM ${t}`,
              api.sql`INSERT INTO ${hole} SELECT id, SUM(amount) FROM ${t}`,
            ],
          }),
      ).map((i) => i.path),
    ).to.deep.equal(["statements[1]"]);
  });
  it("a misspelt GROUP BY column leaves the check on: the columns it may be a typo of count as grouped, the others are reported; a view reports the name too", () => {
    const src = source("ug_typo");
    const two = sink("ug_typo_two", ["BIGINT", "DECIMAL(38, 2)"]);
    const named = sink("ug_typo_named", ["STRING", "DECIMAL(38, 2)"]);
    const label = `IcebergSource "ug_typo"`;
    const notFound = (name: string, near: string) =>
      `the GROUP BY reads "${name}", which is not a column of ${label}; did you mean "${near}"? (its columns: id, name, region, amount, ts); Flink fails when the job starts ("Column ... not found in any table")`;
    const notGrouped = (by: string) =>
      `the SELECT list's column id is neither in the GROUP BY (${by}) nor inside an aggregate: ${FAILS} ("Expression 'id' is not being grouped"); add id to the GROUP BY, or aggregate it, e.g. MAX(id)`;
    expect(issuesOrNone(batch("ug-typo1", [api.sql`INSERT INTO ${two} SELECT id, SUM(amount) FROM ${src} GROUP BY regoin`])).map((i) => i.message)).to.deep.equal([
      notFound("regoin", "region"),
      notGrouped("regoin"),
    ]);
    // region and name are within reach of "nmae"/"regoin": what they are meant to be; a name with no column in reach turns the check off.
    expect(issuesOrNone(batch("ug-typo2", [api.sql`INSERT INTO ${named} SELECT name, SUM(amount) FROM ${src} GROUP BY nmae`])).map((i) => i.message)).to.deep.equal([notFound("nmae", "name")]);
    expect(issuesOrNone(batch("ug-typo3", [api.sql`INSERT INTO ${two} SELECT id, SUM(amount) FROM ${src} GROUP BY idd`])).map((i) => i.message)).to.deep.equal([notFound("idd", "id")]);
    expect(grouping(batch("ug-typo4", [api.sql`INSERT INTO ${two} SELECT id, SUM(amount) FROM ${src} GROUP BY zzzzzzz`]))).to.deep.equal([]);
    expect(
      issuesOrNone(batch("ug-typo5", [api.sql`CREATE TEMPORARY VIEW ug_v AS SELECT id, SUM(amount) AS total FROM ${src} GROUP BY regoin, name`, api.sql`INSERT INTO ${two} SELECT id, total FROM ug_v`])).map(
        (i) => `${i.path}: ${i.message}`,
      ),
    ).to.deep.equal([`statements[0]: ${notFound("regoin", "region")}`, `statements[0]: ${notGrouped("regoin, name")}`]);
  });
});
