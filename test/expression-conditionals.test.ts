/**
 * INSERT values that are CASE, COALESCE, IF, IFNULL, NULLIF, CAST / TRY_CAST or a predicate
 * (src/sql/expression-types.ts, operator-types.ts commonType, function-types.ts), typed as Flink's
 * validator types them and checked against the sink columns as Flink's planner checks them
 * (LogicalTypeCasts.supportsImplicitCast): the least restrictive type of the values, a predicate's
 * BOOLEAN. Each error has valid neighbours that stay quiet.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { incompatible, kafka, type Columns } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("INSERT values that are CASE, COALESCE, IF, casts and predicates: typed as Flink types them", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const sink = (name: string, columns: Columns) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns });
  const messages = (fn: () => unknown) => errorOf(fn).issues.map((i) => [i.path, i.message]);
  let n = 0;
  const orders = () =>
    new api.FlinkTable(`cond_orders_${++n}`, {
      columns: [
        { name: "id", type: "BIGINT NOT NULL" },
        { name: "qty", type: "INT" },
        { name: "amount", type: "DECIMAL(10, 2)" },
        { name: "fee", type: "DECIMAL(14, 2)" },
        { name: "name", type: "STRING" },
        { name: "code", type: "CHAR(3)" },
        { name: "paid", type: "BOOLEAN" },
      ],
      options: kafka(`cond_orders_${n}`),
    });

  it("CASE: the least restrictive type of its values: strings into an INT column, a BIGINT into INT are errors naming the type", () => {
    const o = orders();
    const s = sink("cond_case_bad", [
      { name: "a", type: "INT" },
      { name: "b", type: "INT" },
      { name: "c", type: "BIGINT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("cond-case-bad", {
            statements: [api.sql`INSERT INTO ${s} SELECT CASE WHEN paid THEN 'paid' ELSE 'open' END, CASE qty WHEN 1 THEN id ELSE 0 END, CASE WHEN qty > 0 THEN amount END FROM ${o}`],
          }),
      ),
    ).to.deep.equal([
      ["statements[0]", incompatible("cond_case_bad", 0, "CASE WHEN paid THEN 'paid' ELSE 'open' END (CHAR(4), as Flink types CASE)", "a", "CHAR(4)", "INT", "CAST(CASE WHEN paid THEN 'paid' ELSE 'open' END AS INT)")],
      ["statements[0]", incompatible("cond_case_bad", 1, "CASE qty WHEN 1 THEN id ELSE 0 END (BIGINT, as Flink types CASE)", "b", "BIGINT", "INT", "CAST(CASE qty WHEN 1 THEN id ELSE 0 END AS INT), or declare the column BIGINT")],
      ["statements[0]", incompatible("cond_case_bad", 2, "CASE WHEN qty > 0 THEN amount END (DECIMAL(10, 2), as Flink types CASE)", "c", "DECIMAL(10, 2)", "BIGINT", "CAST(CASE WHEN qty > 0 THEN amount END AS BIGINT)")],
    ]);
  });

  it("CASE neighbours stay quiet: INT values into BIGINT, NULL values, strings of different lengths (VARCHAR) into STRING, nested CASE, a DECIMAL widened only by a literal", () => {
    const o = orders();
    const s = sink("cond_case_ok", [
      { name: "a", type: "BIGINT" },
      { name: "b", type: "INT" },
      { name: "c", type: "STRING" },
      { name: "d", type: "DECIMAL(10, 2)" },
      { name: "e", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("cond-case-ok", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT CASE WHEN qty > 0 THEN qty ELSE -1 END, CASE WHEN paid THEN NULL ELSE qty END, CASE WHEN paid THEN 'yes' ELSE 'no' END, CASE WHEN qty > 0 THEN amount ELSE 0 END, CASE WHEN paid THEN 1.5 ELSE 2 END FROM ${o}`,
        api.sql`INSERT INTO ${s} SELECT CASE qty WHEN 1 THEN 1 WHEN 2 THEN 2 END, CASE WHEN paid THEN CASE WHEN qty > 1 THEN 1 ELSE 2 END ELSE 3 END, CASE WHEN paid THEN name ELSE code END, CASE WHEN qty > 0 THEN amount WHEN qty < 0 THEN -amount ELSE NULL END, amount FROM ${o}`,
      ],
    });
    expect(jobWarnings("cond-case-ok")).to.deep.equal([]);
    // A value that really has more digits than the column (fee: DECIMAL(14, 2)) warns, with the merged type.
    const narrow = sink("cond_case_narrow", [{ name: "d", type: "DECIMAL(10, 2)" }]);
    new api.FlinkSqlJob("cond-case-narrow", { statements: [api.sql`INSERT INTO ${narrow} SELECT CASE WHEN paid THEN amount ELSE fee END FROM ${o}`] });
    expect(jobWarnings("cond-case-narrow")).to.deep.equal([
      `statements[0]: value 1 of the SELECT list, CASE WHEN paid THEN amount ELSE fee END (DECIMAL(14, 2), as Flink types CASE), goes into IcebergSink "cond_case_narrow"'s column "d" (DECIMAL(10, 2)): ` +
        "Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and a value with more than 8 digits before the point becomes NULL (it has room for 12). Widen the column, or CAST in the SELECT to say it is meant",
    ]);
  });

  it("COALESCE, IFNULL, IF, NULLIF: the arguments' common type; a BIGINT or a string into INT is an error", () => {
    const o = orders();
    const s = sink("cond_fn_bad", [
      { name: "a", type: "INT" },
      { name: "b", type: "INT" },
      { name: "c", type: "INT" },
      { name: "d", type: "SMALLINT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("cond-fn-bad", {
            statements: [api.sql`INSERT INTO ${s} SELECT COALESCE(id, 0), IFNULL(name, 'none'), IF(paid, amount, 0), NULLIF(qty, 0) FROM ${o}`],
          }),
      ),
    ).to.deep.equal([
      ["statements[0]", incompatible("cond_fn_bad", 0, "COALESCE(id, 0) (BIGINT, as Flink types COALESCE)", "a", "BIGINT", "INT", "CAST(COALESCE(id, 0) AS INT), or declare the column BIGINT")],
      ["statements[0]", incompatible("cond_fn_bad", 1, "IFNULL(name, 'none') (STRING, as Flink types IFNULL)", "b", "STRING", "INT", "CAST(IFNULL(name, 'none') AS INT)")],
      ["statements[0]", incompatible("cond_fn_bad", 2, "IF(paid, amount, 0) (DECIMAL(12, 2), as Flink types IF)", "c", "DECIMAL(12, 2)", "INT", "CAST(IF(paid, amount, 0) AS INT)")],
      ["statements[0]", incompatible("cond_fn_bad", 3, "NULLIF(qty, 0) (INT, as Flink types NULLIF)", "d", "INT", "SMALLINT", "CAST(NULLIF(qty, 0) AS SMALLINT), or declare the column INT")],
    ]);
  });

  it("COALESCE, IFNULL, IF, NULLIF neighbours stay quiet, also into a NOT NULL (key) column; COALESCE(amount, 0) into the amount's own DECIMAL does not warn", () => {
    const o = orders();
    const s = new api.IcebergSink("cond_fn_ok", {
      catalog,
      database: "db",
      table: "cond_fn_ok",
      columns: [
        { name: "k", type: "INT" },
        { name: "b", type: "STRING" },
        { name: "c", type: "DECIMAL(10, 2)" },
        { name: "d", type: "BIGINT" },
        { name: "e", type: "DECIMAL(10, 2)" },
      ],
      primaryKey: ["k"],
      formatVersion: 2,
    });
    new api.FlinkSqlJob("cond-fn-ok", {
      statements: [
        api.sql`INSERT INTO ${s} SELECT COALESCE(qty, 0), IFNULL(name, code), COALESCE(amount, 0), IF(paid, qty, 0), NULLIF(amount, 0) FROM ${o}`,
        api.sql`INSERT INTO ${s} SELECT IFNULL(qty, -1), COALESCE(code, 'n/a'), IFNULL(amount, 0.5), COALESCE(qty, id), IF(paid, amount, NULL) FROM ${o}`,
      ],
    });
    // The keyed sink fed inserts only gets keyed-appends.ts' warning (upsertEnabled), which is no typing matter.
    expect(jobWarnings("cond-fn-ok").filter((w) => !w.includes("without upsertEnabled, and the statement writes inserts only"))).to.deep.equal([]);
  });

  it("what the versions type apart stays quiet: IF over two strings of different types, COALESCE of a DECIMAL and a FLOAT (FLOAT or DOUBLE), CASE over TIMESTAMP and TIMESTAMP_LTZ", () => {
    const o = orders();
    const s = sink("cond_quiet", [
      { name: "a", type: "INT" },
      { name: "b", type: "INT" },
      { name: "c", type: "INT" },
    ]);
    new api.FlinkSqlJob("cond-quiet", {
      statements: [api.sql`INSERT INTO ${s} SELECT IF(paid, 'a', 'bc'), COALESCE(amount, CAST(qty AS FLOAT)), CASE WHEN paid THEN LOCALTIMESTAMP ELSE CURRENT_TIMESTAMP END FROM ${o}`],
    });
    expect(jobWarnings("cond-quiet")).to.deep.equal([]);
  });

  it("CAST and TRY_CAST inside an expression give their target type; a predicate is a BOOLEAN: into INT or STRING an error, into BOOLEAN quiet", () => {
    const o = orders();
    const s = sink("cond_pred_bad", [
      { name: "a", type: "INT" },
      { name: "b", type: "INT" },
      { name: "c", type: "STRING" },
      { name: "d", type: "INT" },
    ]);
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("cond-pred-bad", {
            statements: [api.sql`INSERT INTO ${s} SELECT CAST(qty AS BIGINT) * 2, qty > 0, name LIKE 'a%', TRY_CAST(name AS DOUBLE) + 1 FROM ${o}`],
          }),
      ),
    ).to.deep.equal([
      ["statements[0]", incompatible("cond_pred_bad", 0, "CAST(qty AS BIGINT) * 2 (BIGINT, as Flink types BIGINT * INT)", "a", "BIGINT", "INT", "CAST(CAST(qty AS BIGINT) * 2 AS INT), or declare the column BIGINT")],
      ["statements[0]", incompatible("cond_pred_bad", 1, "qty > 0 (BOOLEAN, as Flink types INT > INT)", "b", "BOOLEAN", "INT", "CAST(qty > 0 AS INT)")],
      ["statements[0]", incompatible("cond_pred_bad", 2, "name LIKE 'a%' (BOOLEAN, as Flink types LIKE)", "c", "BOOLEAN", "STRING", "CAST(name LIKE 'a%' AS STRING)")],
      ["statements[0]", incompatible("cond_pred_bad", 3, "TRY_CAST(name AS DOUBLE) + 1 (DOUBLE, as Flink types DOUBLE + INT)", "d", "DOUBLE", "INT", "CAST(TRY_CAST(name AS DOUBLE) + 1 AS INT)")],
    ]);
    const ok = sink("cond_pred_ok", [
      { name: "a", type: "BIGINT" },
      { name: "b", type: "BOOLEAN" },
      { name: "c", type: "BOOLEAN" },
      { name: "d", type: "DOUBLE" },
    ]);
    new api.FlinkSqlJob("cond-pred-ok", {
      statements: [
        api.sql`INSERT INTO ${ok} SELECT CAST(qty AS BIGINT) * 2, qty > 0 AND paid, name NOT LIKE 'a%' OR name IS NULL, TRY_CAST(name AS DOUBLE) + 1 FROM ${o}`,
        api.sql`INSERT INTO ${ok} SELECT TRY_CAST(name AS INT), qty BETWEEN 1 AND 5, qty IN (1, 2, 3), CAST(amount AS DOUBLE) FROM ${o}`,
        api.sql`INSERT INTO ${ok} SELECT id, NOT paid, id IS DISTINCT FROM qty, qty FROM ${o}`,
      ],
    });
    expect(jobWarnings("cond-pred-ok")).to.deep.equal([]);
  });
});
