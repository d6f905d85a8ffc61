/**
 * The narrowing warning decided by what an INSERT value's values can be, not only by the type Flink
 * derives for it (src/sql/value-bounds.ts, read by sink-value-types.ts): `amount * 1.19` of a
 * DECIMAL(10, 2) is a DECIMAL(14, 4) (LogicalTypeMerging.findMultiplicationDecimalType), room for 10
 * digits before the point, yet |amount| <= 99999999.99 keeps every value below 119000000: it fits a
 * DECIMAL(12, 2) column. Values that can have more digits than the column (a SUM over any number of
 * rows, a product of two columns, `amount * 1000`) are still warned, with the digits they can have;
 * the rounding to fewer decimal places is still warned (it is real). Flink turns a value with too
 * many digits into NULL (DecimalData.fromBigDecimal), which a NOT NULL column's enforcer then meets.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";
import { kafka, type Columns } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const CONVERTS = "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and";
const REMEDY = "Widen the column, or CAST in the SELECT to say it is meant";

describe("INSERT values: the narrowing warning follows what the values can be (value bounds)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  const sink = (name: string, columns: Columns, primaryKey?: string[]) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns, ...(primaryKey ? { primaryKey, formatVersion: 2 } : {}) });
  const payments = () =>
    new api.FlinkTable(`vb_pay_${++n}`, {
      columns: [
        { name: "shop", type: "STRING NOT NULL" },
        { name: "amount", type: "DECIMAL(10, 2)" },
        { name: "a", type: "DECIMAL(10, 2)" },
        { name: "b", type: "DECIMAL(10, 2)" },
        { name: "small", type: "SMALLINT" },
        { name: "x", type: "DECIMAL(5, 3)" },
        { name: "paid", type: "BOOLEAN" },
      ],
      options: kafka(`vb_pay_${n}`),
    });
  /** The warning of value `i` (1-based) `shown` of type `type` into column `col` of `sinkName` (`type`), with `loss`. */
  const warning = (sinkName: string, i: number, shown: string, type: string, col: string, colType: string, loss: string) =>
    `statements[0]: value ${i} of the SELECT list, ${shown} (${type}), goes into IcebergSink "${sinkName}"'s column "${col}" (${colType}): ${CONVERTS} ${loss}. ${REMEDY}`;

  it("arithmetic by literals and over bounded operands, ROUND, FLOOR, a sign, ABS, CASE, COALESCE, IF, MIN, MAX, AVG and a CAST to DECIMAL: quiet where the values fit", () => {
    const p = payments();
    const s = sink("vb_fit", [
      { name: "net", type: "DECIMAL(13, 4)" },
      { name: "tax", type: "DECIMAL(11, 4)" },
      { name: "up", type: "DECIMAL(12, 3)" },
      { name: "r", type: "DECIMAL(12, 2)" },
      { name: "mean", type: "DECIMAL(21, 13)" },
      { name: "f", type: "DECIMAL(9, 0)" },
      { name: "s10", type: "DECIMAL(8, 0)" },
    ]);
    const t = sink("vb_fit_merge", [
      { name: "c", type: "DECIMAL(13, 4)" },
      { name: "co", type: "DECIMAL(13, 4)" },
      { name: "i", type: "DECIMAL(13, 4)" },
      { name: "neg", type: "DECIMAL(13, 4)" },
      { name: "cast", type: "DECIMAL(12, 2)" },
      { name: "inner", type: "DECIMAL(12, 2)" },
      { name: "lit", type: "DECIMAL(4, 1)" },
    ]);
    const agg = sink(
      "vb_fit_agg",
      [
        { name: "shop", type: "STRING NOT NULL" },
        { name: "lo", type: "DECIMAL(13, 4)" },
        { name: "hi", type: "DECIMAL(13, 4)" },
        { name: "mean", type: "DECIMAL(14, 6)" },
      ],
      ["shop"],
    );
    new api.FlinkSqlJob("vb-fit", {
      statements: [
        // Types DECIMAL(15, 4), DECIMAL(14, 4), DECIMAL(13, 3), DECIMAL(13, 2), DECIMAL(22, 13), DECIMAL(14, 0), INT: more
        // digits before the point than the columns have; values at most 118999999.9881, 4999999.9995, 119999999.988,
        // 109999999.99, 99999999.99, 119000000 and 327680.
        api.sql`INSERT INTO ${s} SELECT amount - amount * 0.19, amount * 0.05, amount * 1.2, ROUND(amount * 1.1, 2), (a + b) / 2, FLOOR(amount * 1.19), small * 10 FROM ${p}`,
        api.sql`INSERT INTO ${t} SELECT CASE WHEN paid THEN amount * 1.19 ELSE 0 END, COALESCE(amount * 1.19, 0), IF(paid, amount * 1.19, amount), -ABS(amount * 1.19), CAST(amount * 1.19 AS DECIMAL(20, 2)), CAST(amount AS DECIMAL(9, 2)) * 10, 1.5 * 100 FROM ${p}`,
        // MIN and MAX of a DECIMAL(14, 4), AVG a DECIMAL(38, 6): values at most 118999999.9881 and 99999999.99.
        api.sql`INSERT INTO ${agg} SELECT shop, MIN(amount * 1.19), MAX(amount * 1.19), AVG(amount) FROM ${p} GROUP BY shop`,
      ],
    });
    expect(jobWarnings("vb-fit")).to.deep.equal([]);
  });

  it("the rounding stays warned: amount - amount * 0.19 into DECIMAL(12, 2) is rounded to 2 decimal places, its digits before the point fit", () => {
    const p = payments();
    const s = sink("vb_round", [
      { name: "net", type: "DECIMAL(12, 2)" },
      { name: "mean", type: "DECIMAL(12, 2)" },
    ]);
    new api.FlinkSqlJob("vb-round", { statements: [api.sql`INSERT INTO ${s} SELECT amount - amount * 0.19, (a + b) / 2 FROM ${p}`] });
    expect(jobWarnings("vb-round")).to.deep.equal([
      warning("vb_round", 1, "amount - amount * 0.19", "DECIMAL(15, 4), as Flink types DECIMAL(10, 2) - DECIMAL(14, 4)", "net", "DECIMAL(12, 2)", "it is rounded to 2 decimal places (of 4)"),
      warning("vb_round", 2, "(a + b) / 2", "DECIMAL(22, 13), as Flink types DECIMAL(11, 2) / INT", "mean", "DECIMAL(12, 2)", "it is rounded to 2 decimal places (of 13)"),
    ]);
  });

  it("values that can have more digits stay warned, with the digits they can have: SUM (any number of rows), a * b, amount * 1000, a value rounded up into one more digit", () => {
    const p = payments();
    const s = sink(
      "vb_over",
      [
        { name: "shop", type: "STRING NOT NULL" },
        { name: "total", type: "DECIMAL(12, 2)" },
        { name: "product", type: "DECIMAL(18, 4)" },
        { name: "grand", type: "DECIMAL(12, 2)" },
        { name: "x1", type: "DECIMAL(3, 1)" },
      ],
      ["shop"],
    );
    new api.FlinkSqlJob("vb-over", { statements: [api.sql`INSERT INTO ${s} SELECT shop, SUM(amount), SUM(a * b), SUM(amount * 1000), SUM(x * 1) FROM ${p} GROUP BY shop`] });
    // Aggregated, every value is a SUM: the room of DECIMAL(38, s).
    expect(jobWarnings("vb-over")).to.deep.equal([
      warning("vb_over", 2, "SUM(amount)", "DECIMAL(38, 2), as Flink types SUM of DECIMAL(10, 2)", "total", "DECIMAL(12, 2)", "a value with more than 10 digits before the point becomes NULL (it has room for 36)"),
      warning("vb_over", 3, "SUM(a * b)", "DECIMAL(38, 4), as Flink types SUM of DECIMAL(21, 4)", "product", "DECIMAL(18, 4)", "a value with more than 14 digits before the point becomes NULL (it has room for 34)"),
      warning("vb_over", 4, "SUM(amount * 1000)", "DECIMAL(38, 2), as Flink types SUM of DECIMAL(21, 2)", "grand", "DECIMAL(12, 2)", "a value with more than 10 digits before the point becomes NULL (it has room for 36)"),
      warning("vb_over", 5, "SUM(x * 1)", "DECIMAL(38, 3), as Flink types SUM of DECIMAL(16, 3)", "x1", "DECIMAL(3, 1)", "a value with more than 2 digits before the point becomes NULL (it has room for 35)"),
    ]);
    const rows = sink("vb_over_rows", [
      { name: "product", type: "DECIMAL(18, 4)" },
      { name: "grand", type: "DECIMAL(12, 2)" },
      { name: "x1", type: "DECIMAL(3, 1)" },
      { name: "x2", type: "DECIMAL(4, 1)" },
    ]);
    new api.FlinkSqlJob("vb-over-rows", { statements: [api.sql`INSERT INTO ${rows} SELECT a * b, amount * 1000, x * 1, x * 1 FROM ${p}`] });
    // a * b: at most 9999999998000000.0001 (16 digits); amount * 1000: 99999999990 (11); x * 1 at most 99.999, which
    // Flink rounds HALF_UP to 100.0 in a DECIMAL(3, 1) (3 digits: NULL) and fits a DECIMAL(4, 1) rounded.
    expect(jobWarnings("vb-over-rows")).to.deep.equal([
      warning("vb_over_rows", 1, "a * b", "DECIMAL(21, 4), as Flink types DECIMAL(10, 2) * DECIMAL(10, 2)", "product", "DECIMAL(18, 4)", "a value with more than 14 digits before the point becomes NULL (its values can have up to 16)"),
      warning("vb_over_rows", 2, "amount * 1000", "DECIMAL(21, 2), as Flink types DECIMAL(10, 2) * INT", "grand", "DECIMAL(12, 2)", "a value with more than 10 digits before the point becomes NULL (its values can have up to 11)"),
      warning("vb_over_rows", 3, "x * 1", "DECIMAL(16, 3), as Flink types DECIMAL(5, 3) * INT", "x1", "DECIMAL(3, 1)", "a value with more than 2 digits before the point becomes NULL (its values can have up to 3)"),
      warning("vb_over_rows", 4, "x * 1", "DECIMAL(16, 3), as Flink types DECIMAL(5, 3) * INT", "x2", "DECIMAL(4, 1)", "it is rounded to 1 decimal places (of 3)"),
    ]);
    // The product of two columns into a column with room for its 16 digits: quiet.
    const roomy = sink("vb_over_roomy", [{ name: "product", type: "DECIMAL(20, 4)" }]);
    new api.FlinkSqlJob("vb-over-roomy", { statements: [api.sql`INSERT INTO ${roomy} SELECT a * b FROM ${p}`] });
    expect(jobWarnings("vb-over-roomy")).to.deep.equal([]);
  });

  it("into a NOT NULL column the NULL meets the sink's not-null enforcer: the job fails (ERROR, the default) or the row is dropped (DROP)", () => {
    const p = payments();
    const s = sink("vb_not_null", [{ name: "grand", type: "DECIMAL(12, 2) NOT NULL" }]);
    const loss =
      "a value with more than 10 digits before the point becomes NULL (its values can have up to 11), which in this NOT NULL column fails the job " +
      `("Column 'grand' is NOT NULL, however, a null value is being written into it"; table.exec.sink.not-null-enforcer ERROR)`;
    new api.FlinkSqlJob("vb-not-null", { statements: [api.sql`INSERT INTO ${s} SELECT COALESCE(amount, 0) * 1000 FROM ${p}`] });
    expect(jobWarnings("vb-not-null")).to.deep.equal([warning("vb_not_null", 1, "COALESCE(amount, 0) * 1000", "DECIMAL(23, 2), as Flink types DECIMAL(12, 2) * INT", "grand", "DECIMAL(12, 2)", loss)]);
    new api.FlinkSqlJob("vb-not-null-drop", {
      statements: [api.sql`INSERT INTO ${s} SELECT COALESCE(amount, 0) * 1000 FROM ${p}`],
      configuration: { "table.exec.sink.not-null-enforcer": "DROP" },
    });
    expect(jobWarnings("vb-not-null-drop")).to.deep.equal([
      warning(
        "vb_not_null",
        1,
        "COALESCE(amount, 0) * 1000",
        "DECIMAL(23, 2), as Flink types DECIMAL(12, 2) * INT",
        "grand",
        "DECIMAL(12, 2)",
        "a value with more than 10 digits before the point becomes NULL (its values can have up to 11), which in this NOT NULL column drops the row (table.exec.sink.not-null-enforcer DROP)",
      ),
    ]);
  });

  it("CAST(ltz AS TIMESTAMP) is a TIMESTAMP(6) carrying the 3 fractional digits of a TIMESTAMP_LTZ(3): quiet into TIMESTAMP(3); a string or a TIMESTAMP(6) cast stays warned", () => {
    const e = new api.FlinkTable("vb_events", {
      columns: [
        { name: "ltz", type: "TIMESTAMP_LTZ(3)" },
        { name: "ts6", type: "TIMESTAMP(6)" },
        { name: "s", type: "STRING" },
        { name: "d", type: "DATE" },
        { name: "paid", type: "BOOLEAN" },
      ],
      options: kafka("vb_events"),
    });
    const s = sink("vb_ts", [
      { name: "a", type: "TIMESTAMP(3)" },
      { name: "b", type: "TIMESTAMP_LTZ(3)" },
      { name: "c", type: "TIMESTAMP(3)" },
      { name: "d", type: "TIMESTAMP(0)" },
    ]);
    new api.FlinkSqlJob("vb-ts", {
      statements: [api.sql`INSERT INTO ${s} SELECT CAST(ltz AS TIMESTAMP), CAST(ltz AS TIMESTAMP), CASE WHEN paid THEN CAST(ltz AS TIMESTAMP) ELSE CAST(d AS TIMESTAMP) END, CAST(d AS TIMESTAMP) FROM ${e}`],
    });
    expect(jobWarnings("vb-ts")).to.deep.equal([]);
    const w = sink("vb_ts_cut", [
      { name: "a", type: "TIMESTAMP(3)" },
      { name: "b", type: "TIMESTAMP(3)" },
    ]);
    new api.FlinkSqlJob("vb-ts-cut", { statements: [api.sql`INSERT INTO ${w} SELECT CAST(s AS TIMESTAMP), CAST(ts6 AS TIMESTAMP(9)) FROM ${e}`] });
    expect(jobWarnings("vb-ts-cut")).to.deep.equal([
      warning("vb_ts_cut", 1, "CAST(s AS TIMESTAMP)", "TIMESTAMP(6)", "a", "TIMESTAMP(3)", "the digits of the seconds beyond 3 (of 6) are cut off"),
      warning("vb_ts_cut", 2, "CAST(ts6 AS TIMESTAMP(9))", "TIMESTAMP(9)", "b", "TIMESTAMP(3)", "the digits of the seconds beyond 3 (of 6) are cut off"),
    ]);
  });

  it("through a view and a UNION ALL: the bound of the view's column and of the branches merged", () => {
    const p = payments();
    const s = sink("vb_view", [{ name: "gross", type: "DECIMAL(13, 4)" }]);
    new api.FlinkSqlJob("vb-view", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW grossed AS SELECT amount * 1.19 AS gross FROM ${p}`,
        api.sql`INSERT INTO ${s} SELECT gross FROM grossed`,
        api.sql`INSERT INTO ${s} SELECT * FROM grossed`,
        api.sql`INSERT INTO ${s} SELECT amount * 1.19 FROM ${p} UNION ALL SELECT amount FROM ${p}`,
      ],
    });
    expect(jobWarnings("vb-view")).to.deep.equal([]);
    // The branches' values merged: at most 1189999999.881 of the second, 10 digits, into a column with room for 9.
    new api.FlinkSqlJob("vb-union-over", { statements: [api.sql`INSERT INTO ${s} SELECT amount * 1.19 FROM ${p} UNION ALL SELECT amount * 11.9 FROM ${p}`] });
    expect(jobWarnings("vb-union-over")).to.deep.equal([
      `statements[0]: value 1 of the SELECT list, amount * 1.19 (DECIMAL(15, 4), as Flink types the UNION ALL of DECIMAL(14, 4), DECIMAL(14, 3)), goes into IcebergSink "vb_view"'s column "gross" (DECIMAL(13, 4)): ` +
        `${CONVERTS} a value with more than 9 digits before the point becomes NULL (its values can have up to 10). Widen the column, or CAST in each branch of the UNION ALL to say it is meant`,
    ]);
  });
});
