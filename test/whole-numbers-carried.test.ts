/**
 * A value computed from an integer AVG or an integer division, written into a DOUBLE, FLOAT or
 * DECIMAL column (src/sql/whole-numbers.ts carriedTruncation, read by expression-types.ts): the AVG
 * or quotient is a whole number before the CAST, ROUND, arithmetic or CASE around it reads it (flink
 * AvgAggFunction: cast(div(sum, count), resultType); LogicalTypeMerging.findAvgAggType keeps the
 * integer), so `CAST(AVG(qty) AS DOUBLE)` of 1 and 2 is 1.0. A warning naming the AVG or quotient and
 * the value rewritten with the CAST in its place; inline and through views and WITH queries. Valid
 * neighbours stay quiet: the CAST inside the AVG, fractional arguments, integer columns, a CAST to an
 * integer or TRUNCATE (the same whole number either way), `%`.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const kafka = (topic: string) => ({ connector: "kafka", topic, "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json" });
type Columns = { name: string; type: string }[];
const AVG_HOW = "Flink averages integers as an integer of the argument's type (AVG of 1 and 2 is 1: flink AvgAggFunction divides the sum by the count as integers)";
const DIV_HOW = "Flink divides two integers as integers (7 / 2 is 3)";

describe("a value computed from an integer AVG or quotient into a fractional column: a warning naming the AVG or quotient, with the value rewritten", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  /** Keyed by shop: the GROUP BY's updates replace each shop's row. */
  const sink = (name: string, columns: Columns) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns: [{ name: "shop", type: "STRING" }, ...columns], primaryKey: ["shop"], formatVersion: 2 });
  const orders = () =>
    new api.FlinkTable(`wc_orders_${++n}`, {
      columns: [
        { name: "shop", type: "STRING NOT NULL" },
        { name: "qty", type: "INT" },
        { name: "paid", type: "INT" },
        { name: "price", type: "DOUBLE" },
        { name: "amount", type: "DECIMAL(10, 2)" },
      ],
      options: kafka(`wc_orders_${n}`),
    });
  /** The warning for value i (0-based) of statement `at`, computed from `inner`. */
  const carried = (at: number, i: number, typed: string, sinkName: string, col: string, colType: string, inner: string, how: string, remedy: string, where = "") =>
    `statements[${at}]: value ${i + 1} of the SELECT list, ${typed}, goes into IcebergSink "${sinkName}"'s column "${col}" (${colType}): ` +
    `it is computed from ${inner}${where}, and ${how}, so ${inner} is truncated to a whole number before the rest of the value reads it, and its fraction is lost (no CAST, rounding or arithmetic after it brings it back). ` +
    `Write ${remedy}${where} to keep the fraction`;

  it("CAST, ROUND, * 1.0, COALESCE around AVG, and a CAST of SUM / COUNT(*) to DECIMAL: a warning each, the CAST written where the AVG or SUM was", () => {
    const o = orders();
    const s = sink("wc_brief", [
      { name: "a", type: "DOUBLE" },
      { name: "b", type: "DOUBLE" },
      { name: "c", type: "DOUBLE" },
      { name: "d", type: "DECIMAL(5, 2)" },
      { name: "e", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("wc-brief", {
      statements: [api.sql`INSERT INTO ${s} SELECT shop, CAST(AVG(qty) AS DOUBLE), ROUND(AVG(qty), 2), AVG(qty) * 1.0, CAST(SUM(paid) / COUNT(*) AS DECIMAL(5, 2)), COALESCE(AVG(qty), 0.0) FROM ${o} GROUP BY shop`],
    });
    expect(jobWarnings("wc-brief")).to.deep.equal([
      carried(0, 1, "CAST(AVG(qty) AS DOUBLE) (DOUBLE)", "wc_brief", "a", "DOUBLE", "AVG(qty)", AVG_HOW, "AVG(CAST(qty AS DOUBLE))"),
      carried(0, 2, "ROUND(AVG(qty), 2) (INT, as Flink types ROUND)", "wc_brief", "b", "DOUBLE", "AVG(qty)", AVG_HOW, "ROUND(AVG(CAST(qty AS DOUBLE)), 2)"),
      carried(0, 3, "AVG(qty) * 1.0 (DECIMAL(13, 1), as Flink types INT * DECIMAL(2, 1))", "wc_brief", "c", "DOUBLE", "AVG(qty)", AVG_HOW, "AVG(CAST(qty AS DOUBLE)) * 1.0"),
      carried(0, 4, "CAST(SUM(paid) / COUNT(*) AS DECIMAL(5, 2)) (DECIMAL(5, 2))", "wc_brief", "d", "DECIMAL(5, 2)", "SUM(paid) / COUNT(*)", DIV_HOW, "CAST(CAST(SUM(paid) AS DOUBLE) / COUNT(*) AS DECIMAL(5, 2))"),
      carried(0, 5, "COALESCE(AVG(qty), 0.0) (DECIMAL(11, 1), as Flink types COALESCE)", "wc_brief", "e", "DOUBLE", "AVG(qty)", AVG_HOW, "COALESCE(AVG(CAST(qty AS DOUBLE)), 0.0)"),
    ]);
  });

  it("TRY_CAST to FLOAT, FLOOR / CEIL / ABS / TRUNCATE(x, 2), a percentage, a sign, CASE / IF / IFNULL / NULLIF branches, nested operations: the whole value rewritten", () => {
    const o = orders();
    const s = sink("wc_more", [
      { name: "f", type: "FLOAT" },
      { name: "g", type: "DOUBLE" },
      { name: "h", type: "DOUBLE" },
      { name: "i", type: "DOUBLE" },
      { name: "j", type: "DOUBLE" },
      { name: "k", type: "DECIMAL(38, 4)" },
      { name: "l", type: "DOUBLE" },
      { name: "m", type: "DOUBLE" },
      { name: "o", type: "DOUBLE" },
      { name: "p", type: "DOUBLE" },
      { name: "q", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("wc-more", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT shop, TRY_CAST(AVG(qty) AS FLOAT), CEIL(AVG(qty)), ABS(FLOOR(AVG(qty))), TRUNCATE(AVG(qty), 2), SUM(paid) / COUNT(*) * 100, CASE WHEN COUNT(*) > 0 THEN SUM(paid) / COUNT(*) ELSE 0.5 END, IF(COUNT(*) > 10, AVG(qty), NULL), IFNULL(AVG(qty), 0), NULLIF(-AVG(qty), 0), ROUND(CAST(AVG(qty) AS DOUBLE) * 100, 1), SUM(paid) / COUNT(*) + 0.5 FROM ${o} GROUP BY shop`,
      ],
    });
    expect(jobWarnings("wc-more")).to.deep.equal([
      carried(0, 1, "TRY_CAST(AVG(qty) AS FLOAT) (FLOAT)", "wc_more", "f", "FLOAT", "AVG(qty)", AVG_HOW, "TRY_CAST(AVG(CAST(qty AS DOUBLE)) AS FLOAT)"),
      carried(0, 2, "CEIL(AVG(qty)) (INT, as Flink types CEIL)", "wc_more", "g", "DOUBLE", "AVG(qty)", AVG_HOW, "CEIL(AVG(CAST(qty AS DOUBLE)))"),
      carried(0, 3, "ABS(FLOOR(AVG(qty))) (INT, as Flink types ABS)", "wc_more", "h", "DOUBLE", "AVG(qty)", AVG_HOW, "ABS(FLOOR(AVG(CAST(qty AS DOUBLE))))"),
      carried(0, 4, "TRUNCATE(AVG(qty), 2) (INT, as Flink types TRUNCATE)", "wc_more", "i", "DOUBLE", "AVG(qty)", AVG_HOW, "TRUNCATE(AVG(CAST(qty AS DOUBLE)), 2)"),
      carried(0, 5, "SUM(paid) / COUNT(*) * 100 (BIGINT, as Flink types BIGINT * INT)", "wc_more", "j", "DOUBLE", "SUM(paid) / COUNT(*)", DIV_HOW, "CAST(SUM(paid) AS DOUBLE) / COUNT(*) * 100"),
      carried(0, 6, "CASE WHEN COUNT(*) > 0 THEN SUM(paid) / COUNT(*) ELSE 0.5 END (DECIMAL(20, 1), as Flink types CASE)", "wc_more", "k", "DECIMAL(38, 4)", "SUM(paid) / COUNT(*)", DIV_HOW, "CASE WHEN COUNT(*) > 0 THEN CAST(SUM(paid) AS DOUBLE) / COUNT(*) ELSE 0.5 END"),
      carried(0, 7, "IF(COUNT(*) > 10, AVG(qty), NULL) (INT, as Flink types IF)", "wc_more", "l", "DOUBLE", "AVG(qty)", AVG_HOW, "IF(COUNT(*) > 10, AVG(CAST(qty AS DOUBLE)), NULL)"),
      carried(0, 8, "IFNULL(AVG(qty), 0) (INT, as Flink types IFNULL)", "wc_more", "m", "DOUBLE", "AVG(qty)", AVG_HOW, "IFNULL(AVG(CAST(qty AS DOUBLE)), 0)"),
      carried(0, 9, "NULLIF(-AVG(qty), 0) (INT, as Flink types NULLIF)", "wc_more", "o", "DOUBLE", "AVG(qty)", AVG_HOW, "NULLIF(-AVG(CAST(qty AS DOUBLE)), 0)"),
      carried(0, 10, "ROUND(CAST(AVG(qty) AS DOUBLE) * 100, 1) (DOUBLE, as Flink types ROUND)", "wc_more", "p", "DOUBLE", "AVG(qty)", AVG_HOW, "ROUND(AVG(CAST(qty AS DOUBLE)) * 100, 1)"),
      carried(0, 11, "SUM(paid) / COUNT(*) + 0.5 (DECIMAL(21, 1), as Flink types BIGINT + DECIMAL(2, 1))", "wc_more", "q", "DOUBLE", "SUM(paid) / COUNT(*)", DIV_HOW, "CAST(SUM(paid) AS DOUBLE) / COUNT(*) + 0.5"),
    ]);
  });

  it("AVG(qty) / 2 and SUM(paid) / AVG(qty): one warning each, the AVG's (its CAST makes the division fractional too), not the integer division's", () => {
    const o = orders();
    const s = sink("wc_div", [
      { name: "half", type: "DOUBLE" },
      { name: "ratio", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("wc-div", { statements: [api.sql`INSERT INTO ${s} SELECT shop, AVG(qty) / 2, SUM(paid) / AVG(qty) FROM ${o} GROUP BY shop`] });
    expect(jobWarnings("wc-div")).to.deep.equal([
      carried(0, 1, "AVG(qty) / 2 (INT, as Flink types INT / INT)", "wc_div", "half", "DOUBLE", "AVG(qty)", AVG_HOW, "AVG(CAST(qty AS DOUBLE)) / 2"),
      carried(0, 2, "SUM(paid) / AVG(qty) (INT, as Flink types INT / INT)", "wc_div", "ratio", "DOUBLE", "AVG(qty)", AVG_HOW, "SUM(paid) / AVG(CAST(qty AS DOUBLE))"),
    ]);
  });

  it("through a view and a WITH query: the AVG named where it is, its CAST to write there", () => {
    const o = orders();
    const s = sink("wc_view", [
      { name: "avg2", type: "DOUBLE" },
      { name: "avg_cast", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("wc-view", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW by_shop AS SELECT shop, AVG(qty) AS avg_qty, CAST(AVG(qty) AS DOUBLE) AS avg_cast FROM ${o} GROUP BY shop`,
        api.sql`INSERT INTO ${s} SELECT shop, ROUND(avg_qty, 2), avg_cast FROM by_shop`,
        api.sql`INSERT INTO ${s} WITH w AS (SELECT shop, ROUND(AVG(qty), 2) AS r FROM ${o} GROUP BY shop) SELECT shop, r * 1.0, CAST(r AS DOUBLE) FROM w`,
      ],
    });
    const view = " in the view in statements[0]";
    const w = " in the WITH query w";
    expect(jobWarnings("wc-view")).to.deep.equal([
      carried(1, 1, "ROUND(avg_qty, 2) (INT, as Flink types ROUND)", "wc_view", "avg2", "DOUBLE", "AVG(qty)", AVG_HOW, "AVG(CAST(qty AS DOUBLE))", view),
      carried(1, 2, "avg_cast (DOUBLE, from the view in statements[0])", "wc_view", "avg_cast", "DOUBLE", "AVG(qty)", AVG_HOW, "AVG(CAST(qty AS DOUBLE))", view),
      carried(2, 1, "r * 1.0 (DECIMAL(13, 1), as Flink types INT * DECIMAL(2, 1))", "wc_view", "avg2", "DOUBLE", "AVG(qty)", AVG_HOW, "ROUND(AVG(CAST(qty AS DOUBLE)), 2)", w),
      carried(2, 2, "CAST(r AS DOUBLE) (DOUBLE)", "wc_view", "avg_cast", "DOUBLE", "AVG(qty)", AVG_HOW, "ROUND(AVG(CAST(qty AS DOUBLE)), 2)", w),
    ]);
  });

  it("quiet: the CAST inside the AVG, AVG of a DOUBLE or DECIMAL, integer columns, a CAST to an integer or TRUNCATE without digits, SUM / COUNT(*) of a DOUBLE, %, an AVG in a condition", () => {
    const o = orders();
    const fractions = sink("wc_fractions", [
      { name: "a", type: "DOUBLE" },
      { name: "b", type: "DOUBLE" },
      { name: "c", type: "DECIMAL(38, 6)" },
      { name: "d", type: "DOUBLE" },
      { name: "e", type: "DOUBLE" },
      { name: "f", type: "DOUBLE" },
      { name: "g", type: "DOUBLE" },
      { name: "h", type: "DOUBLE" },
      { name: "i", type: "DOUBLE" },
    ]);
    const ints = sink("wc_ints", [
      { name: "a", type: "INT" },
      { name: "b", type: "BIGINT" },
      { name: "c", type: "INT" },
      { name: "d", type: "BIGINT" },
    ]);
    new api.FlinkSqlJob("wc-quiet", {
      statements: [
        api.sql`INSERT INTO ${fractions} SELECT shop, CAST(AVG(CAST(qty AS DOUBLE)) AS DOUBLE), ROUND(AVG(CAST(qty AS DOUBLE)), 2), AVG(amount) * 1.0, ROUND(AVG(price), 2), CAST(AVG(qty) AS BIGINT), TRUNCATE(AVG(qty)), SUM(price) / COUNT(*), AVG(qty) % 2, CASE WHEN AVG(qty) > 1 THEN 1.5 ELSE 0.5 END FROM ${o} GROUP BY shop`,
        api.sql`INSERT INTO ${ints} SELECT shop, ROUND(AVG(qty), 2), CAST(AVG(qty) AS BIGINT), COALESCE(AVG(qty), 0), SUM(paid) / COUNT(*) * 100 FROM ${o} GROUP BY shop`,
      ],
    });
    expect(jobWarnings("wc-quiet")).to.deep.equal([]);
  });
});
