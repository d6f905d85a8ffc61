/**
 * Auxiliary functions of the legacy group windows without their GROUP BY window call
 * (src/sql/group-window-auxiliaries.ts): Calcite's AggChecker requires the group call with the
 * auxiliary's arguments, compared as written, among the GROUP BY expressions; a query that does
 * not aggregate fails in code generation. Matching calls, a qualifier on one side and the plural
 * unit stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const cols = [
  { name: "account", type: "STRING" },
  { name: "amount", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const calcite = (aux: string, group: string): string => `("Call to auxiliary group function '${aux}' must have matching call to group function '${group}' in GROUP BY clause", calcite AggChecker)`;
const AS_WRITTEN = "an auxiliary function takes exactly the arguments of the window call, compared as written (INTERVAL '60' MINUTE does not match INTERVAL '1' HOUR)";

describe("group window auxiliary functions", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const src = (name: string) => new api.FlinkTable(name, { columns: cols, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
  const out = (name: string) =>
    new api.FlinkTable(name, {
      columns: [
        { name: "account", type: "STRING" },
        { name: "ws", type: "TIMESTAMP(3)" },
        { name: "total", type: "BIGINT" },
      ],
      options: { connector: "blackhole" },
    });

  it("an auxiliary call whose interval or column differs from the GROUP BY window: an error naming both calls and the call to write", () => {
    const [p, o] = [src("gwa_payments"), out("gwa_out")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("gwa-1", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT account, TUMBLE_START(ts, INTERVAL '1' MINUTE), SUM(amount) FROM ${p} GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)`,
            api.sql`INSERT INTO ${o} SELECT account, TUMBLE_END(ts, INTERVAL '60' MINUTE), SUM(amount) FROM ${p} GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)`,
            api.sql`INSERT INTO ${o} SELECT account, HOP_END(ts, INTERVAL '1' HOUR, INTERVAL '5' MINUTE), SUM(amount) FROM ${p} GROUP BY account, HOP(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR)`,
            api.sql`INSERT INTO ${o} SELECT account, TUMBLE_START(ts, INTERVAL '5' MINUTE), SUM(amount) FROM ${p} GROUP BY account, SESSION(ts, INTERVAL '5' MINUTE)`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `the SELECT list's TUMBLE_START(ts, INTERVAL '1' MINUTE) does not repeat the GROUP BY's window TUMBLE(ts, INTERVAL '1' HOUR) argument for argument: Flink fails when the job starts ${calcite("TUMBLE_START", "$TUMBLE")}; ${AS_WRITTEN}; write TUMBLE_START(ts, INTERVAL '1' HOUR)`,
      ],
      [
        "statements[1]",
        `the SELECT list's TUMBLE_END(ts, INTERVAL '60' MINUTE) does not repeat the GROUP BY's window TUMBLE(ts, INTERVAL '1' HOUR) argument for argument: Flink fails when the job starts ${calcite("TUMBLE_END", "$TUMBLE")}; ${AS_WRITTEN}; write TUMBLE_END(ts, INTERVAL '1' HOUR)`,
      ],
      [
        "statements[2]",
        `the SELECT list's HOP_END(ts, INTERVAL '1' HOUR, INTERVAL '5' MINUTE) does not repeat the GROUP BY's window HOP(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR) argument for argument: Flink fails when the job starts ${calcite("HOP_END", "$HOP")}; ${AS_WRITTEN}; write HOP_END(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR)`,
      ],
      [
        "statements[3]",
        `the SELECT list's TUMBLE_START(ts, INTERVAL '5' MINUTE) does not repeat the GROUP BY's window SESSION(ts, INTERVAL '5' MINUTE) argument for argument: Flink fails when the job starts ${calcite("TUMBLE_START", "$TUMBLE")}; ${AS_WRITTEN}; write SESSION_START(ts, INTERVAL '5' MINUTE)`,
      ],
    ]);
  });

  it("a GROUP BY of the auxiliary call itself: Calcite accepts it, code generation fails; the GROUP BY to write names the window call", () => {
    const [p, o] = [src("gwa_payments_4"), out("gwa_out_4")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("gwa-4", {
          statements: [api.sql`INSERT INTO ${o} SELECT account, TUMBLE_END(ts, INTERVAL '1' HOUR), SUM(amount) FROM ${p} GROUP BY account, TUMBLE_END(ts, INTERVAL '1' HOUR)`],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        "the SELECT list's TUMBLE_END(ts, INTERVAL '1' HOUR) is grouped by itself (the GROUP BY holds TUMBLE_END(ts, INTERVAL '1' HOUR)), not by its window: " +
          `Flink fails when it plans the job ("Unsupported call: TUMBLE_END(...)", flink ExprCodeGenerator); group by the window call and keep TUMBLE_END(ts, INTERVAL '1' HOUR) in the SELECT list: GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)`,
      ],
    ]);
  });

  it("an auxiliary call with no group window: the Calcite error in an aggregating query or view, the code generation error in one that does not aggregate", () => {
    const [p, o] = [src("gwa_payments_2"), out("gwa_out_2")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("gwa-2", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR), SUM(amount) FROM ${p} GROUP BY account`,
            api.sql`INSERT INTO ${o} SELECT account, TUMBLE_ROWTIME(ts, INTERVAL '1' HOUR), amount FROM ${p}`,
            api.sql`CREATE TEMPORARY VIEW gwa_v2 AS SELECT account, TUMBLE_END(ts, INTERVAL '1' DAY) AS we, COUNT(*) AS n FROM ${p} GROUP BY account, TUMBLE(ts, INTERVAL '24' HOUR)`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `the SELECT list's TUMBLE_START(ts, INTERVAL '1' HOUR) reads the window of a GROUP BY TUMBLE(ts, INTERVAL '1' HOUR), and its GROUP BY has no group window: Flink fails when the job starts ${calcite("TUMBLE_START", "$TUMBLE")}; ` +
          "aggregate by that window: GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)",
      ],
      [
        "statements[1]",
        "the SELECT list's TUMBLE_ROWTIME(ts, INTERVAL '1' HOUR) reads the window of a GROUP BY TUMBLE(ts, INTERVAL '1' HOUR), and the query neither groups nor aggregates: " +
          `Flink fails when it plans the job ("Unsupported call: TUMBLE_ROWTIME(...)", flink ExprCodeGenerator); aggregate by that window (GROUP BY TUMBLE(ts, INTERVAL '1' HOUR), with every other selected column grouped or aggregated), or select the time column itself`,
      ],
      [
        "statements[2]",
        `the SELECT list's TUMBLE_END(ts, INTERVAL '1' DAY) does not repeat the GROUP BY's window TUMBLE(ts, INTERVAL '24' HOUR) argument for argument: Flink fails when the job starts ${calcite("TUMBLE_END", "$TUMBLE")}; ${AS_WRITTEN}; write TUMBLE_END(ts, INTERVAL '24' HOUR)`,
      ],
    ]);
  });

  it("matching auxiliary calls stay quiet: the same arguments, a qualifier on one side, the plural unit, a precision on one side, a view that does not aggregate", () => {
    const [p, o] = [src("gwa_payments_3"), out("gwa_out_3")];
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("gwa-3", {
            statements: [
              api.sql`INSERT INTO ${o} SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR), SUM(amount) FROM ${p} GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)`,
              api.sql`INSERT INTO ${o} SELECT x.account, TUMBLE_END(x.ts, interval '1' hour), SUM(x.amount) FROM ${p} AS x GROUP BY x.account, TUMBLE(ts, INTERVAL '1'   HOURS)`,
              api.sql`INSERT INTO ${o} SELECT account, HOP_START(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR), SUM(amount) FROM ${p} GROUP BY HOP(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR), account HAVING HOP_END(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR) > TIMESTAMP '2024-01-01 00:00:00'`,
              api.sql`INSERT INTO ${o} SELECT account, SESSION_START(ts, INTERVAL '10' MINUTE(2)), SUM(amount) FROM ${p} GROUP BY account, SESSION(ts, INTERVAL '10' MINUTE)`,
              api.sql`CREATE TEMPORARY VIEW gwa_v AS SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR) AS ws FROM ${p}`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("gwa-3").filter((w) => /_START|_END/.test(w))).to.deep.equal([]);
  });
  it("an auxiliary call in the ORDER BY of an aggregating query is checked as in its SELECT list (calcite OrderByScope: the select scope's AggChecker); a matching one stays quiet", () => {
    const bounded = (name: string) => new api.FlinkTable(name, { columns: cols, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen", "number-of-rows": "10" } });
    const [p, o] = [bounded("gwa_payments_5"), out("gwa_out_5")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("gwa-5", {
          runtimeMode: "batch",
          statements: [
            api.sql`INSERT INTO ${o} SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR), SUM(amount) FROM ${p} GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR) ORDER BY TUMBLE_START(ts, INTERVAL '60' MINUTE)`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `the ORDER BY clause's TUMBLE_START(ts, INTERVAL '60' MINUTE) does not repeat the GROUP BY's window TUMBLE(ts, INTERVAL '1' HOUR) argument for argument: Flink fails when the job starts ${calcite("TUMBLE_START", "$TUMBLE")}; ${AS_WRITTEN}; write TUMBLE_START(ts, INTERVAL '1' HOUR)`,
      ],
    ]);
    const [p2, o2] = [bounded("gwa_payments_6"), out("gwa_out_6")];
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("gwa-6", {
            runtimeMode: "batch",
            statements: [api.sql`INSERT INTO ${o2} SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR), SUM(amount) FROM ${p2} GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR) ORDER BY TUMBLE_START(ts, INTERVAL '1' HOUR)`],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("gwa-6")).to.deep.equal([]);
  });

  it("an auxiliary call in WHERE: a warning, not an error (Calcite's WHERE check refuses group calls, not auxiliaries; code generation has no implementation)", () => {
    const [p, o] = [src("gwa_payments_7"), out("gwa_out_7")];
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("gwa-7", {
            statements: [
              api.sql`INSERT INTO ${o} SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR), SUM(amount) FROM ${p} WHERE TUMBLE_END(ts, INTERVAL '1' HOUR) > TIMESTAMP '2024-01-01 00:00:00' GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("gwa-7")).to.deep.equal([
      "statements[0]: the WHERE clause's TUMBLE_END(ts, INTERVAL '1' HOUR) reads a group window, and WHERE filters the rows before they are grouped, where no window exists: " +
        "Flink's validator lets the call pass (in WHERE it refuses the group calls such as TUMBLE(...), not their auxiliaries: calcite SqlValidatorImpl.validateWhereOrOn, SqlGroupedWindowFunction.isGroup) " +
        `and no code generation implements it ("Unsupported call: TUMBLE_END(...)", flink ExprCodeGenerator), so the job is expected to fail when Flink plans it; ` +
        "filter the rows by the time column itself (WHERE ts >= ...), or filter the windows in HAVING with the GROUP BY window's arguments",
    ]);
  });

  it("WITH queries and subqueries in FROM are checked as queries of their own, the message naming the query", () => {
    const [p, o] = [src("gwa_payments_8"), out("gwa_out_8")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("gwa-8", {
          statements: [
            api.sql`INSERT INTO ${o} WITH hourly AS (SELECT account, TUMBLE_START(ts, INTERVAL '1' MINUTE) AS ws, SUM(amount) AS total FROM ${p} GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)) SELECT account, ws, total FROM hourly`,
            api.sql`INSERT INTO ${o} SELECT account, ws, total FROM (SELECT account, HOP_END(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR) AS ws, SUM(amount) AS total FROM ${p} GROUP BY account, HOP(ts, INTERVAL '1' HOUR, INTERVAL '5' MINUTE)) AS h`,
            api.sql`CREATE TEMPORARY VIEW gwa_v8 AS WITH w AS (SELECT account, SESSION_END(ts, INTERVAL '10' MINUTE) AS we, COUNT(*) AS n FROM ${p} GROUP BY account) SELECT * FROM w`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `the WITH query hourly: the SELECT list's TUMBLE_START(ts, INTERVAL '1' MINUTE) does not repeat the GROUP BY's window TUMBLE(ts, INTERVAL '1' HOUR) argument for argument: Flink fails when the job starts ${calcite("TUMBLE_START", "$TUMBLE")}; ${AS_WRITTEN}; write TUMBLE_START(ts, INTERVAL '1' HOUR)`,
      ],
      [
        "statements[1]",
        `the subquery h in FROM: the SELECT list's HOP_END(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR) does not repeat the GROUP BY's window HOP(ts, INTERVAL '1' HOUR, INTERVAL '5' MINUTE) argument for argument: Flink fails when the job starts ${calcite("HOP_END", "$HOP")}; ${AS_WRITTEN}; write HOP_END(ts, INTERVAL '1' HOUR, INTERVAL '5' MINUTE)`,
      ],
      [
        "statements[2]",
        `the WITH query w: the SELECT list's SESSION_END(ts, INTERVAL '10' MINUTE) reads the window of a GROUP BY SESSION(ts, INTERVAL '10' MINUTE), and its GROUP BY has no group window: Flink fails when the job starts ${calcite("SESSION_END", "$SESSION")}; ` +
          "aggregate by that window: GROUP BY account, SESSION(ts, INTERVAL '10' MINUTE)",
      ],
    ]);
  });

  it("matching calls inside a WITH query, a view's WITH query and a FROM subquery stay quiet, as does a subquery that does not aggregate", () => {
    const [p, o] = [src("gwa_payments_9"), out("gwa_out_9")];
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("gwa-9", {
            statements: [
              api.sql`INSERT INTO ${o} WITH hourly AS (SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR) AS ws, SUM(amount) AS total FROM ${p} GROUP BY account, TUMBLE(ts, INTERVAL '1' HOUR)) SELECT account, ws, total FROM hourly`,
              api.sql`INSERT INTO ${o} SELECT account, ws, total FROM (SELECT account, HOP_END(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR) AS ws, SUM(amount) AS total FROM ${p} GROUP BY account, HOP(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR)) AS h`,
              api.sql`CREATE TEMPORARY VIEW gwa_v9 AS WITH w AS (SELECT account, SESSION_END(ts, INTERVAL '10' MINUTE) AS we, COUNT(*) AS n FROM ${p} GROUP BY account, SESSION(ts, INTERVAL '10' MINUTE)) SELECT * FROM w`,
              api.sql`INSERT INTO ${o} SELECT account, ws, total FROM (SELECT account, TUMBLE_START(ts, INTERVAL '1' HOUR) AS ws, amount AS total FROM ${p}) AS x`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("gwa-9").filter((w) => /_START|_END/.test(w))).to.deep.equal([]);
  });
});
