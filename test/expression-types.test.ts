/**
 * The types of INSERT values that are expressions (src/sql/expression-types.ts, read by
 * insert-columns.ts): aggregates, arithmetic and a few built-in functions, typed as Flink's
 * validator types them (CASE, COALESCE, predicates: expression-conditionals.test.ts; FLOAT / DOUBLE
 * arithmetic and more functions: expression-functions.test.ts), checked against the sink columns
 * as Flink's planner checks them when the job starts (DynamicSinkUtils.validateSchemaAndApplyImplicitCast,
 * LogicalTypeCasts). The shapes of
 * the new-user trial's programs p45 (window aggregate into INT / DECIMAL(12, 2)), p46 (expressions
 * into narrower columns) and p09 (a DECIMAL product into a narrower DECIMAL).
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { WIDENS, kafka, type Columns } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("INSERT values that are expressions: typed as Flink types them", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const sink = (name: string, columns: Columns, primaryKey?: string[]) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns, ...(primaryKey ? { primaryKey, formatVersion: 2 } : {}) });
  const table = (name: string, columns: Columns, watermark?: { column: string; expression: string }) => new api.FlinkTable(name, { columns, ...(watermark ? { watermark } : {}), options: kafka(name) });
  const messages = (fn: () => unknown) => errorOf(fn).issues.map((i) => [i.path, i.message]);
  const incompatible = (i: number, shown: string, col: string, from: string, to: string, remedy: string) =>
    `value ${i + 1} of the SELECT list, ${shown}, goes into IcebergSink "${sinkName}"'s column "${col}" (${to}), and Flink does not convert ${from} to ${to} by itself: ` +
    `the job fails when it starts ("Incompatible types for sink column '${col}' at position ${i}"). Convert it in the SELECT, e.g. ${remedy} ${WIDENS}`;
  let sinkName = "";

  const orders = () =>
    table(
      `orders_${++n}`,
      [
        { name: "shop", type: "STRING NOT NULL" },
        { name: "qty", type: "INT" },
        { name: "amount", type: "DECIMAL(12, 2)" },
        { name: "ts", type: "TIMESTAMP(3)" },
      ],
      { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
    );
  let n = 0;

  it("p45: COUNT(*) of a window aggregate into an INT column is an error naming COUNT's BIGINT, the CAST and the wider column", () => {
    const o = orders();
    sinkName = "ex_hourly";
    const s = sink(sinkName, [
      { name: "window_start", type: "TIMESTAMP(3)" },
      { name: "shop", type: "STRING" },
      { name: "revenue", type: "DECIMAL(38, 2)" },
      { name: "avg_amount", type: "DECIMAL(38, 6)" },
      { name: "n", type: "INT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("ex-hourly", {
            statements: [api.sql`INSERT INTO ${s} SELECT window_start, shop, SUM(amount), AVG(amount), COUNT(*) FROM TABLE(TUMBLE(TABLE ${o}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end, shop`],
          }),
      ),
    ).to.deep.equal([["statements[0]", incompatible(4, "COUNT(*) (BIGINT, as Flink types COUNT)", "n", "BIGINT", "INT", "CAST(COUNT(*) AS INT), or declare the column BIGINT")]]);
  });

  it("p45: SUM of a DECIMAL(12, 2) into a DECIMAL(12, 2) column warns as a narrower column does (DECIMAL(38, 2): it adds any number of rows); AVG (DECIMAL(38, 6)) only of its rounding, its values being the argument's; COUNT(*) into BIGINT is quiet", () => {
    const o = orders();
    const s = sink("ex_hourly_dec", [
      { name: "window_start", type: "TIMESTAMP(6)" },
      { name: "shop", type: "STRING" },
      { name: "revenue", type: "DECIMAL(12, 2)" },
      { name: "avg_amount", type: "DECIMAL(12, 2)" },
      { name: "n", type: "BIGINT" },
    ]);
    new api.FlinkSqlJob("ex-hourly-dec", {
      statements: [api.sql`INSERT INTO ${s} SELECT window_start, shop, SUM(amount) AS revenue, AVG(amount), COUNT(*) AS n FROM TABLE(TUMBLE(TABLE ${o}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end, shop`],
    });
    const tail = "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than 10 digits before the point becomes NULL";
    expect(jobWarnings("ex-hourly-dec")).to.deep.equal([
      `statements[0]: value 3 of the SELECT list, SUM(amount) AS revenue (DECIMAL(38, 2), as Flink types SUM of DECIMAL(12, 2)), goes into IcebergSink "ex_hourly_dec"'s column "revenue" (DECIMAL(12, 2)): ${tail} (it has room for 36). Widen the column, or CAST in the SELECT to say it is meant`,
      `statements[0]: value 4 of the SELECT list, AVG(amount) (DECIMAL(38, 6), as Flink types AVG of DECIMAL(12, 2)), goes into IcebergSink "ex_hourly_dec"'s column "avg_amount" (DECIMAL(12, 2)): ` +
        "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and it is rounded to 2 decimal places (of 6). Widen the column, or CAST in the SELECT to say it is meant",
    ]);
  });

  it("window_start and window_end of a window TVF are TIMESTAMP(3): into a STRING column an error", () => {
    const o = orders();
    sinkName = "ex_win_str";
    const s = sink(sinkName, [
      { name: "ws", type: "STRING" },
      { name: "we", type: "DATE" },
      { name: "n", type: "BIGINT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("ex-win-str", {
            statements: [api.sql`INSERT INTO ${s} SELECT window_start, window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE ${o}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end`],
          }),
      ),
    ).to.deep.equal([["statements[0]", incompatible(0, "window_start (TIMESTAMP(3))", "ws", "TIMESTAMP(3)", "STRING", "CAST(`window_start` AS STRING)")]]);
  });

  it("p46: id + 1, CHAR_LENGTH, DAYOFMONTH and CONCAT into narrower or other columns are errors; a DOUBLE product into DECIMAL is an implicit cast (quiet)", () => {
    const t = table("ex_t", [
      { name: "id", type: "BIGINT" },
      { name: "name", type: "STRING" },
      { name: "price", type: "DOUBLE" },
      { name: "ts", type: "TIMESTAMP(3)" },
    ]);
    sinkName = "ex_s";
    const s = sink(sinkName, [
      { name: "n", type: "INT" },
      { name: "len", type: "SMALLINT" },
      { name: "price", type: "DECIMAL(10, 2)" },
      { name: "day", type: "INT" },
      { name: "id_str", type: "BIGINT" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("ex-types", { statements: [api.sql`INSERT INTO ${s} SELECT id + 1, CHAR_LENGTH(name), price * 1.1, DAYOFMONTH(ts), CONCAT('x', name) FROM ${t}`] }))).to.deep.equal([
      ["statements[0]", incompatible(0, "id + 1 (BIGINT, as Flink types BIGINT + INT)", "n", "BIGINT", "INT", "CAST(id + 1 AS INT), or declare the column BIGINT")],
      ["statements[0]", incompatible(1, "CHAR_LENGTH(name) (INT, as Flink types CHAR_LENGTH)", "len", "INT", "SMALLINT", "CAST(CHAR_LENGTH(name) AS SMALLINT), or declare the column INT")],
      ["statements[0]", incompatible(3, "DAYOFMONTH(ts) (BIGINT, as Flink types DAYOFMONTH)", "day", "BIGINT", "INT", "CAST(DAYOFMONTH(ts) AS INT), or declare the column BIGINT")],
      ["statements[0]", incompatible(4, "CONCAT('x', name) (STRING, as Flink types CONCAT)", "id_str", "STRING", "BIGINT", "CAST(CONCAT('x', name) AS BIGINT)")],
    ]);
    // The same values CAST, or into columns that take them: quiet.
    const wide = sink("ex_s_wide", [
      { name: "n", type: "BIGINT" },
      { name: "len", type: "BIGINT" },
      { name: "price", type: "DOUBLE" },
      { name: "day", type: "DECIMAL(20, 0)" },
      { name: "id_str", type: "STRING" },
    ]);
    new api.FlinkSqlJob("ex-types-ok", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT CAST(id + 1 AS INT), CAST(CHAR_LENGTH(name) AS SMALLINT), price * 1.1, CAST(EXTRACT(DAY FROM ts) AS INT), CAST(CONCAT('1', '2') AS BIGINT) FROM ${t}`,
        api.sql`INSERT INTO ${wide} SELECT id + 1, CHAR_LENGTH(name), price * 1.1, DAYOFMONTH(ts), CONCAT('x', name) FROM ${t}`,
        api.sql`INSERT INTO ${wide} SELECT (id - 1) * 2, CHARACTER_LENGTH(UPPER(name)), -price / 3, YEAR(ts) + MONTH(ts), name || 'x' FROM ${t}`,
      ],
    });
    expect(jobWarnings("ex-types-ok")).to.deep.equal([]);
  });

  it("p09: a DECIMAL product into a narrower DECIMAL warns with the product's type (DECIMAL(31, 10): p1 + p2 + 1, s1 + s2) and the digits its values can have (20: 10^16 times 10^4)", () => {
    const src = table("ex_pay", [
      { name: "id", type: "BIGINT" },
      { name: "amount", type: "DECIMAL(20, 4)" },
      { name: "fx", type: "DECIMAL(10, 6)" },
      { name: "note", type: "STRING" },
    ]);
    const s = sink("ex_pay_lake", [
      { name: "id", type: "INT" },
      { name: "amount", type: "DECIMAL(10, 2)" },
      { name: "amount_eur", type: "DECIMAL(12, 2)" },
      { name: "note", type: "VARCHAR(20)" },
    ]);
    new api.FlinkSqlJob("ex-pay", { statements: [api.sql`INSERT INTO ${s} SELECT CAST(id AS INT), CAST(amount AS DECIMAL(10, 2)), amount * fx, note FROM ${src}`] });
    expect(jobWarnings("ex-pay")).to.deep.equal([
      `statements[0]: value 3 of the SELECT list, amount * fx (DECIMAL(31, 10), as Flink types DECIMAL(20, 4) * DECIMAL(10, 6)), goes into IcebergSink "ex_pay_lake"'s column "amount_eur" (DECIMAL(12, 2)): ` +
        "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than 10 digits before the point becomes NULL (its values can have up to 20). Widen the column, or CAST in the SELECT to say it is meant",
    ]);
    // Room enough for the sum's digits, and a CAST to the column's type: quiet.
    const roomy = sink("ex_pay_roomy", [
      { name: "id", type: "BIGINT" },
      { name: "amount", type: "DECIMAL(22, 4)" },
      { name: "amount_eur", type: "DECIMAL(12, 2)" },
      { name: "note", type: "STRING" },
    ]);
    new api.FlinkSqlJob("ex-pay-ok", { statements: [api.sql`INSERT INTO ${roomy} SELECT id, amount + 1, CAST(amount * fx AS DECIMAL(12, 2)), note FROM ${src}`] });
    expect(jobWarnings("ex-pay-ok")).to.deep.equal([]);
  });

  it("arithmetic with an integer literal: the digits its values can have, not the literal's INT, decide the narrowing warning (amount + 1, amount * 2 into a column with room)", () => {
    const src = table("ex_lit", [
      { name: "amount", type: "DECIMAL(10, 2)" },
      { name: "qty", type: "INT" },
    ]);
    // DECIMAL(13, 2), DECIMAL(21, 2), DECIMAL(13, 2) by their types; at most 9, 9 and 8 digits before the point by their values.
    const roomy = sink("ex_lit_ok", [
      { name: "plus", type: "DECIMAL(11, 2)" },
      { name: "times", type: "DECIMAL(12, 2)" },
      { name: "minus", type: "DECIMAL(11, 2)" },
    ]);
    new api.FlinkSqlJob("ex-lit-ok", { statements: [api.sql`INSERT INTO ${roomy} SELECT amount + 1, amount * 2, 1 - amount FROM ${src}`] });
    expect(jobWarnings("ex-lit-ok")).to.deep.equal([]);
    // A column without room for them (the room the values have), or an operand that is a column (the room of its type): the warning.
    const narrow = sink("ex_lit_narrow", [
      { name: "plus", type: "DECIMAL(10, 2)" },
      { name: "times", type: "DECIMAL(12, 2)" },
      { name: "minus", type: "DECIMAL(11, 2)" },
    ]);
    new api.FlinkSqlJob("ex-lit-narrow", { statements: [api.sql`INSERT INTO ${narrow} SELECT amount + 1, amount * qty, 1 - amount FROM ${src}`] });
    const tail = "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than";
    expect(jobWarnings("ex-lit-narrow")).to.deep.equal([
      `statements[0]: value 1 of the SELECT list, amount + 1 (DECIMAL(13, 2), as Flink types DECIMAL(10, 2) + INT), goes into IcebergSink "ex_lit_narrow"'s column "plus" (DECIMAL(10, 2)): ${tail} 8 digits before the point becomes NULL (its values can have up to 9). Widen the column, or CAST in the SELECT to say it is meant`,
      `statements[0]: value 2 of the SELECT list, amount * qty (DECIMAL(21, 2), as Flink types DECIMAL(10, 2) * INT), goes into IcebergSink "ex_lit_narrow"'s column "times" (DECIMAL(12, 2)): ${tail} 10 digits before the point becomes NULL (its values can have up to 18). Widen the column, or CAST in the SELECT to say it is meant`,
    ]);
  });

  it("SUM and AVG of integers keep the integer type (Flink does not widen them): SUM(INT) into SMALLINT is an error, into INT quiet; integer division stays an integer", () => {
    const o = orders();
    sinkName = "ex_sums";
    const s = sink(sinkName, [
      { name: "shop", type: "STRING" },
      { name: "total", type: "SMALLINT" },
    ], ["shop"]);
    expect(messages(() => new api.FlinkSqlJob("ex-sums", { statements: [api.sql`INSERT INTO ${s} SELECT shop, SUM(qty) FROM ${o} GROUP BY shop`] }))).to.deep.equal([
      ["statements[0]", incompatible(1, "SUM(qty) (INT, as Flink types SUM of INT)", "total", "INT", "SMALLINT", "CAST(SUM(qty) AS SMALLINT), or declare the column INT")],
    ]);
    const ints = sink("ex_sums_int", [
      { name: "shop", type: "STRING" },
      { name: "total", type: "INT" },
      { name: "mean", type: "INT" },
      { name: "top", type: "INT" },
      { name: "half", type: "INT" },
      { name: "rest", type: "INT" },
      { name: "c", type: "BIGINT" },
    ], ["shop"]);
    new api.FlinkSqlJob("ex-sums-ok", {
      statements: [
        api.sql`INSERT INTO ${ints} SELECT shop, SUM(qty), AVG(qty), MAX(qty), SUM(qty) / 2, MIN(qty) % 7, COUNT(DISTINCT qty) FILTER (WHERE qty > 0) FROM ${o} GROUP BY shop`,
        api.sql`INSERT INTO ${ints} SELECT shop, CAST(COUNT(*) AS INT), SUM(DISTINCT qty), MIN(qty), 7 / 2, COUNT(*) % 10, COUNT(qty) FROM ${o} GROUP BY shop`,
      ],
    });
    expect(jobWarnings("ex-sums-ok")).to.deep.equal([]);
  });

  it("a decimal literal with a leading zero types as Calcite types it (0.05 is DECIMAL(3, 2), every digit written; 1. is an INT): no error about a DECIMAL scale", () => {
    const t = table("ex_rate", [
      { name: "qty", type: "INT" },
      { name: "amount", type: "DECIMAL(10, 2)" },
      { name: "price", type: "DOUBLE" },
    ]);
    const s = sink("ex_rate_out", [
      { name: "tax", type: "DECIMAL(14, 4)" },
      { name: "rate", type: "DECIMAL(5, 2)" },
      { name: "p", type: "DOUBLE" },
      { name: "q", type: "DECIMAL(14, 2)" },
      { name: "n", type: "INT" },
    ]);
    new api.FlinkSqlJob("ex-rate", { statements: [api.sql`INSERT INTO ${s} SELECT amount * 0.05, 0.05, price * 0.05, qty * .5, qty + 1. FROM ${t}`] });
    expect(jobWarnings("ex-rate")).to.deep.equal([]);
    // The literal's digits count in the product's type: DECIMAL(10, 2) * DECIMAL(3, 2) is DECIMAL(14, 4); its values, at most
    // 4999999.9995, have 7 digits before the point: quiet in a DECIMAL(12, 4), warned in a DECIMAL(10, 4).
    const narrow = sink("ex_rate_narrow", [{ name: "tax", type: "DECIMAL(12, 4)" }, { name: "tax6", type: "DECIMAL(10, 4)" }]);
    new api.FlinkSqlJob("ex-rate-narrow", { statements: [api.sql`INSERT INTO ${narrow} SELECT amount * 0.05, amount * 0.05 FROM ${t}`] });
    expect(jobWarnings("ex-rate-narrow")).to.deep.equal([
      `statements[0]: value 2 of the SELECT list, amount * 0.05 (DECIMAL(14, 4), as Flink types DECIMAL(10, 2) * DECIMAL(3, 2)), goes into IcebergSink "ex_rate_narrow"'s column "tax6" (DECIMAL(10, 4)): ` +
        "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than 6 digits before the point becomes NULL (its values can have up to 7). Widen the column, or CAST in the SELECT to say it is meant",
    ]);
  });

  it("what is not typed with certainty stays quiet: an operand left untyped, FLOAT with DOUBLE, OVER, unknown functions, a function the job declares", () => {
    const t = table("ex_q", [
      { name: "id", type: "BIGINT" },
      { name: "f", type: "FLOAT" },
      { name: "x", type: "DOUBLE" },
      { name: "name", type: "STRING" },
      { name: "ts", type: "TIMESTAMP(3)" },
      // A streaming OVER orders by a time attribute (streaming-over-order.ts).
    ], { column: "ts", expression: "ts" });
    const s = sink("ex_q_out", [
      { name: "a", type: "INT" },
      { name: "b", type: "INT" },
      { name: "c", type: "INT" },
      { name: "d", type: "INT" },
      { name: "e", type: "INT" },
    ]);
    new api.FlinkSqlJob("ex-quiet", {
      statements: [
        api.sql`CREATE TEMPORARY SYSTEM FUNCTION CHAR_LENGTH AS 'com.example.MyLength'`,
        api.sql`INSERT INTO ${s} SELECT HASH_CODE(name) + id, f * x, CASE WHEN id > 0 THEN 1 ELSE 2 END * 3, CHAR_LENGTH(name), COALESCE(my_udf(name), id) FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT ABS(HASH_CODE(name)), COUNT(*) OVER (ORDER BY ts), CAST(id AS INT), TIMESTAMPDIFF(DAY, ts, ts), TIMESTAMPADD(HOUR, 1, CURRENT_DATE) FROM ${t}`,
      ],
    });
    expect(jobWarnings("ex-quiet")).to.deep.equal([]);
  });

  it("implicit casts Flink allows stay quiet: integers into wider integers, DECIMAL or DOUBLE; TO_TIMESTAMP into DATE; CURRENT_TIMESTAMP into TIMESTAMP", () => {
    const t = table("ex_w", [
      { name: "id", type: "INT" },
      { name: "amount", type: "DECIMAL(10, 2)" },
      { name: "name", type: "VARCHAR(10)" },
      { name: "ts", type: "TIMESTAMP(3)" },
    ]);
    const s = sink("ex_w_out", [
      { name: "a", type: "BIGINT" },
      { name: "b", type: "DOUBLE" },
      { name: "c", type: "DATE" },
      { name: "d", type: "TIMESTAMP(3)" },
      { name: "e", type: "STRING" },
    ]);
    new api.FlinkSqlJob("ex-widen", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT id * 2, amount * 2, TO_TIMESTAMP(name), CURRENT_TIMESTAMP, SUBSTRING(name, 1, 3) FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT id + id, amount / id, TO_DATE(name), LOCALTIMESTAMP, DATE_FORMAT(ts, 'yyyy-MM-dd') FROM ${t}`,
      ],
    });
    expect(jobWarnings("ex-widen")).to.deep.equal([]);
    // But TIMESTAMP_LTZ does not go into a DATE column, nor a string into an INT.
    sinkName = "ex_w_bad";
    const bad = sink(sinkName, [
      { name: "c", type: "DATE" },
      { name: "e", type: "INT" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("ex-widen-bad", { statements: [api.sql`INSERT INTO ${bad} SELECT NOW(), LOWER(name) || '!' FROM ${t}`] }))).to.deep.equal([
      ["statements[0]", incompatible(0, "NOW() (TIMESTAMP_LTZ(3), as Flink types NOW)", "c", "TIMESTAMP_LTZ(3)", "DATE", "CAST(NOW() AS DATE)")],
      ["statements[0]", incompatible(1, "LOWER(name) || '!' (VARCHAR(11), as Flink types VARCHAR(10) || CHAR(1))", "e", "VARCHAR(11)", "INT", "CAST(LOWER(name) || '!' AS INT)")],
    ]);
  });
});
