/**
 * INSERT values that are FLOAT / DOUBLE / mixed arithmetic, DECIMAL `%`, numeric, date-time and
 * string functions (src/sql/function-types.ts, operator-types.ts arithmeticType), typed as Flink's
 * validator types them and checked against the sink columns as Flink's planner checks them
 * (LogicalTypeCasts.supportsImplicitCast). Each error has valid neighbours that stay quiet.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { incompatible, kafka, type Columns } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("INSERT values that are arithmetic and built-in functions: typed as Flink types them", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const sink = (name: string, columns: Columns) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns });
  const messages = (fn: () => unknown) => errorOf(fn).issues.map((i) => [i.path, i.message]);
  /** A sink of INT columns a, b, c, ... */
  const ints = (name: string, count: number) => sink(name, [..."abcdefgh"].slice(0, count).map((c) => ({ name: c, type: "INT" })));
  let n = 0;
  const events = () =>
    new api.FlinkTable(`fn_events_${++n}`, {
      columns: [
        { name: "qty", type: "INT" },
        { name: "amount", type: "DECIMAL(10, 2)" },
        { name: "price", type: "DOUBLE" },
        { name: "ratio", type: "FLOAT" },
        { name: "name", type: "STRING" },
        { name: "code", type: "CHAR(3)" },
        { name: "epoch", type: "BIGINT" },
        { name: "ts", type: "TIMESTAMP(3)" },
        { name: "lts", type: "TIMESTAMP_LTZ(3)" },
      ],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: kafka(`fn_events_${n}`),
    });

  it("FLOAT, DOUBLE and mixed arithmetic: DOUBLE or FLOAT into INT is an error (no implicit narrowing), DECIMAL % keeps a DECIMAL", () => {
    const e = events();
    const s = sink("fn_num_bad", [
      { name: "a", type: "INT" },
      { name: "b", type: "INT" },
      { name: "c", type: "BIGINT" },
      { name: "d", type: "INT" },
      { name: "e", type: "BIGINT" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("fn-num-bad", { statements: [api.sql`INSERT INTO ${s} SELECT price * qty, ratio + 1, amount % 7, ROUND(price, 2), FLOOR(amount) FROM ${e}`] }))).to.deep.equal([
      ["statements[0]", incompatible("fn_num_bad", 0, "price * qty (DOUBLE, as Flink types DOUBLE * INT)", "a", "DOUBLE", "INT", "CAST(price * qty AS INT)")],
      ["statements[0]", incompatible("fn_num_bad", 1, "ratio + 1 (FLOAT, as Flink types FLOAT + INT)", "b", "FLOAT", "INT", "CAST(ratio + 1 AS INT)")],
      ["statements[0]", incompatible("fn_num_bad", 2, "amount % 7 (DECIMAL(10, 2), as Flink types DECIMAL(10, 2) % INT)", "c", "DECIMAL(10, 2)", "BIGINT", "CAST(amount % 7 AS BIGINT)")],
      ["statements[0]", incompatible("fn_num_bad", 3, "ROUND(price, 2) (DOUBLE, as Flink types ROUND)", "d", "DOUBLE", "INT", "CAST(ROUND(price, 2) AS INT)")],
      ["statements[0]", incompatible("fn_num_bad", 4, "FLOOR(amount) (DECIMAL(10, 0), as Flink types FLOOR)", "e", "DECIMAL(10, 0)", "BIGINT", "CAST(FLOOR(amount) AS BIGINT)")],
    ]);
  });

  it("numeric neighbours stay quiet: DOUBLE into DECIMAL or DOUBLE (implicit), FLOAT into DOUBLE, ROUND and ABS of a DECIMAL into its own type, MOD of integers, POWER / SQRT / LN into DOUBLE", () => {
    const e = events();
    const s = sink("fn_num_ok", [
      { name: "a", type: "DECIMAL(10, 2)" },
      { name: "b", type: "DOUBLE" },
      { name: "c", type: "DECIMAL(10, 2)" },
      { name: "d", type: "INT" },
      { name: "e", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("fn-num-ok", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT price * qty, ratio * 2, ROUND(amount, 2), MOD(qty, 7), POWER(qty, 2) FROM ${e}`,
        api.sql`INSERT INTO ${s} SELECT -amount, ratio + price / 2, ABS(amount), qty % 10, SQRT(price) + LN(price) FROM ${e}`,
        api.sql`INSERT INTO ${s} SELECT amount % 3, CEIL(price), ROUND(amount, 3), ABS(qty), EXP(1) FROM ${e}`,
      ],
    });
    expect(jobWarnings("fn-num-ok")).to.deep.equal([]);
    // ROUND to fewer decimals than the DECIMAL's scale may carry into one more digit: DECIMAL(1 + p - s + n, n).
    const narrow = sink("fn_round_narrow", [{ name: "a", type: "DECIMAL(10, 2)" }]);
    new api.FlinkSqlJob("fn-round-narrow", { statements: [api.sql`INSERT INTO ${narrow} SELECT ROUND(amount) FROM ${e}`] });
    expect(jobWarnings("fn-round-narrow")).to.deep.equal([
      `statements[0]: value 1 of the SELECT list, ROUND(amount) (DECIMAL(9, 0), as Flink types ROUND), goes into IcebergSink "fn_round_narrow"'s column "a" (DECIMAL(10, 2)): ` +
        "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than 8 digits before the point becomes NULL (it has room for 9). Widen the column, or CAST in the SELECT to say it is meant",
    ]);
  });

  it("date and time functions: DATE_FORMAT into TIMESTAMP, TIMESTAMPDIFF into SMALLINT, UNIX_TIMESTAMP into INT, a timestamp plus an interval into BIGINT are errors", () => {
    const e = events();
    const s = sink("fn_time_bad", [
      { name: "a", type: "TIMESTAMP(3)" },
      { name: "b", type: "SMALLINT" },
      { name: "c", type: "INT" },
      { name: "d", type: "BIGINT" },
      { name: "f", type: "STRING" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("fn-time-bad", {
            statements: [api.sql`INSERT INTO ${s} SELECT DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm'), TIMESTAMPDIFF(MINUTE, ts, lts), UNIX_TIMESTAMP(), ts + INTERVAL '1' HOUR, TIMESTAMPADD(DAY, 1, lts) FROM ${e}`],
          }),
      ),
    ).to.deep.equal([
      ["statements[0]", incompatible("fn_time_bad", 0, "DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm') (STRING, as Flink types DATE_FORMAT)", "a", "STRING", "TIMESTAMP(3)", "CAST(DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm') AS TIMESTAMP(3))")],
      ["statements[0]", incompatible("fn_time_bad", 1, "TIMESTAMPDIFF(MINUTE, ts, lts) (INT, as Flink types TIMESTAMPDIFF)", "b", "INT", "SMALLINT", "CAST(TIMESTAMPDIFF(MINUTE, ts, lts) AS SMALLINT), or declare the column INT")],
      ["statements[0]", incompatible("fn_time_bad", 2, "UNIX_TIMESTAMP() (BIGINT, as Flink types UNIX_TIMESTAMP)", "c", "BIGINT", "INT", "CAST(UNIX_TIMESTAMP() AS INT), or declare the column BIGINT")],
      ["statements[0]", incompatible("fn_time_bad", 3, "ts + INTERVAL '1' HOUR (TIMESTAMP(3), as Flink types TIMESTAMP(3) + INTERVAL)", "d", "TIMESTAMP(3)", "BIGINT", "CAST(ts + INTERVAL '1' HOUR AS BIGINT)")],
      ["statements[0]", incompatible("fn_time_bad", 4, "TIMESTAMPADD(DAY, 1, lts) (TIMESTAMP_LTZ(3), as Flink types TIMESTAMPADD)", "f", "TIMESTAMP_LTZ(3)", "STRING", "CAST(TIMESTAMPADD(DAY, 1, lts) AS STRING)")],
    ]);
  });

  it("date and time neighbours stay quiet: TIMESTAMPADD and timestamp ± INTERVAL keep the timestamp (into TIMESTAMP, TIMESTAMP_LTZ or DATE), PROCTIME() and NOW() into TIMESTAMP, FLOOR(ts TO HOUR), TO_DATE, FROM_UNIXTIME", () => {
    const e = events();
    const s = sink("fn_time_ok", [
      { name: "a", type: "TIMESTAMP(3)" },
      { name: "b", type: "TIMESTAMP_LTZ(3)" },
      { name: "c", type: "DATE" },
      { name: "d", type: "BIGINT" },
      { name: "f", type: "STRING" },
    ]);
    new api.FlinkSqlJob("fn-time-ok", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT TIMESTAMPADD(HOUR, 2, ts), ts - INTERVAL '1' DAY, ts + INTERVAL '1-2' YEAR TO MONTH, TIMESTAMPDIFF(DAY, ts, lts), DATE_FORMAT(ts, 'yyyy') FROM ${e}`,
        api.sql`INSERT INTO ${s} SELECT PROCTIME(), CURRENT_ROW_TIMESTAMP(), TO_DATE(name), UNIX_TIMESTAMP(name), FROM_UNIXTIME(epoch) FROM ${e}`,
        api.sql`INSERT INTO ${s} SELECT FLOOR(ts TO HOUR), NOW(), CURRENT_DATE, UNIX_TIMESTAMP(), CAST(DATE '2024-01-01' AS STRING) FROM ${e}`,
      ],
    });
    expect(jobWarnings("fn-time-ok")).to.deep.equal([]);
  });

  it("string functions: REGEXP_EXTRACT, SPLIT_INDEX and JSON_VALUE (STRING) into INT, POSITION (INT) into SMALLINT are errors; JSON_VALUE ... RETURNING INT is an INT", () => {
    const e = events();
    const s = sink("fn_str_bad", [
      { name: "a", type: "INT" },
      { name: "b", type: "BIGINT" },
      { name: "c", type: "INT" },
      { name: "d", type: "SMALLINT" },
      { name: "f", type: "SMALLINT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("fn-str-bad", {
            statements: [api.sql`INSERT INTO ${s} SELECT REGEXP_EXTRACT(name, '(\\d+)', 1), SPLIT_INDEX(name, ',', 0), JSON_VALUE(name, '$.n'), POSITION('x' IN name), JSON_VALUE(name, '$.n' RETURNING INT) FROM ${e}`],
          }),
      ),
    ).to.deep.equal([
      ["statements[0]", incompatible("fn_str_bad", 0, "REGEXP_EXTRACT(name, '(\\d+)', 1) (STRING, as Flink types REGEXP_EXTRACT)", "a", "STRING", "INT", "CAST(REGEXP_EXTRACT(name, '(\\d+)', 1) AS INT)")],
      ["statements[0]", incompatible("fn_str_bad", 1, "SPLIT_INDEX(name, ',', 0) (STRING, as Flink types SPLIT_INDEX)", "b", "STRING", "BIGINT", "CAST(SPLIT_INDEX(name, ',', 0) AS BIGINT)")],
      ["statements[0]", incompatible("fn_str_bad", 2, "JSON_VALUE(name, '$.n') (STRING, as Flink types JSON_VALUE)", "c", "STRING", "INT", "CAST(JSON_VALUE(name, '$.n') AS INT)")],
      ["statements[0]", incompatible("fn_str_bad", 3, "POSITION('x' IN name) (INT, as Flink types POSITION)", "d", "INT", "SMALLINT", "CAST(POSITION('x' IN name) AS SMALLINT), or declare the column INT")],
      ["statements[0]", incompatible("fn_str_bad", 4, "JSON_VALUE(name, '$.n' RETURNING INT) (INT, as Flink types JSON_VALUE)", "f", "INT", "SMALLINT", "CAST(JSON_VALUE(name, '$.n' RETURNING INT) AS SMALLINT), or declare the column INT")],
    ]);
  });

  it("string neighbours stay quiet: TRIM, LPAD, REPLACE, MD5, SHA2, INITCAP, LEFT / RIGHT into STRING or VARCHAR, POSITION into BIGINT, JSON_VALUE RETURNING into its type", () => {
    const e = events();
    const s = sink("fn_str_ok", [
      { name: "a", type: "STRING" },
      { name: "b", type: "VARCHAR(64)" },
      { name: "c", type: "STRING" },
      { name: "d", type: "BIGINT" },
      { name: "f", type: "DECIMAL(10, 2)" },
    ]);
    new api.FlinkSqlJob("fn-str-ok", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT TRIM(name), MD5(name), LPAD(code, 5, '0'), POSITION('x' IN name), JSON_VALUE(name, '$.a' RETURNING DECIMAL(10, 2) DEFAULT 0 ON EMPTY) FROM ${e}`,
        api.sql`INSERT INTO ${s} SELECT REPLACE(name, 'a', 'b'), TRIM(BOTH ' ' FROM code), SHA2(name, 256), LOCATE('x', name), JSON_VALUE(name, '$.n' RETURNING DECIMAL(8, 2)) FROM ${e}`,
        api.sql`INSERT INTO ${s} SELECT INITCAP(name), LEFT(code, 2), RIGHT(name, 3) || UPPER(code), CHAR_LENGTH(TRIM(name)), amount FROM ${e}`,
      ],
    });
    expect(jobWarnings("fn-str-ok")).to.deep.equal([]);
  });

  it("what is not typed with certainty stays quiet: FLOAT with DOUBLE, OVER, a declared function, unknown functions, TIMESTAMPADD on a DATE", () => {
    const e = events();
    const s = ints("fn_quiet", 5);
    new api.FlinkSqlJob("fn-quiet", {
      statements: [
        api.sql`CREATE TEMPORARY SYSTEM FUNCTION ROUND AS 'com.example.MyRound'`,
        api.sql`INSERT INTO ${s} SELECT ratio * price, SUM(price) OVER (ORDER BY ts), ROUND(price), HASH_CODE(name), TIMESTAMPADD(HOUR, 1, CURRENT_DATE) FROM ${e}`,
      ],
    });
    expect(jobWarnings("fn-quiet")).to.deep.equal([]);
  });
});
