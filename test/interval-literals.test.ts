/**
 * Interval literals Flink rejects (src/sql/interval-literals.ts): `INTERVAL '5 minutes'` has no
 * unit qualifier (Flink's Parser.jj IntervalLiteral always reads one after the string), and
 * `INTERVAL '5 minutes' MINUTE` has a string its qualifier does not take (SqlIntervalQualifier
 * evaluateIntervalLiteral). Both are preview errors at the prop that holds the SQL, with the
 * literal to write; the qualified forms, plural units and SQL inside strings or comments pass.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import * as pulumi from "@pulumi/pulumi";
import { settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";
import { hive } from "./iceberg-table-helpers.js";
import { expectValidFlinkSql, flinkSqlErrors } from "./sql-validate.js";

const NO_UNIT = "has no unit after its string: Flink SQL writes the unit as a keyword after the quoted number (INTERVAL '5' MINUTE), never inside the quotes, so the job fails when it starts (SQL parse failed at what follows the string); write";

describe("interval literals without a unit, or with a string their unit does not take", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const columns = [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
  const gen = (name: string, extra: Record<string, unknown> = {}) => new api.FlinkTable(name, { columns, options: { connector: "datagen" }, ...extra });
  const out = (name: string) => new api.FlinkTable(name, { columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });

  it("a FlinkTable watermark expression ts - INTERVAL '5 seconds': an error at watermark.expression that says INTERVAL '5' SECOND", () => {
    expect(issuesOf(() => gen("iv-wm", { watermark: { column: "ts", expression: "ts - INTERVAL '5 seconds'" } }))).to.deep.equal([
      { path: "watermark.expression", message: `INTERVAL '5 seconds' ${NO_UNIT} INTERVAL '5' SECOND` },
    ]);
    // dt-sql-parser's grammar takes the literal without its unit, so only this check stops it before the job starts.
    expect(flinkSqlErrors("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5 seconds') WITH ('connector' = 'datagen');")).to.deep.equal([]);
  });

  it("an IcebergSource watermark and a computed column: the same error at their paths; '1 minute 30 seconds' becomes INTERVAL '1:30' MINUTE TO SECOND", () => {
    const source = () =>
      new api.IcebergSource("iv-src", { catalog: hive, database: "web", table: "iv_src", streaming: true, columns, watermark: { column: "ts", expression: "`ts` - INTERVAL '1 minute 30 seconds' -- late" } });
    expect(issuesOf(source)).to.deep.equal([{ path: "watermark.expression", message: `INTERVAL '1 minute 30 seconds' ${NO_UNIT} INTERVAL '1:30' MINUTE TO SECOND` }]);
    const computed = () => gen("iv-cc", { columns: [...columns, { name: "due", expression: "ts + INTERVAL '2 days'" }] });
    expect(issuesOf(computed)).to.deep.equal([{ path: "columns[2].expression", message: `INTERVAL '2 days' ${NO_UNIT} INTERVAL '2' DAY` }]);
  });

  it("a statement TUMBLE(..., INTERVAL '5 minutes'): an error at statements[1]; a string that does not fit its unit too", () => {
    const s = gen("iv-s", { watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" } });
    const o = out("iv-o");
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("iv-job", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '5 minutes')) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1:30' MINUTE)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(issues).to.deep.equal([
      { path: "statements[1]", message: `INTERVAL '5 minutes' ${NO_UNIT} INTERVAL '5' MINUTE` },
      {
        path: "statements[2]",
        message:
          "INTERVAL '1:30' MINUTE: INTERVAL ... MINUTE takes a string like '5', not '1:30', so the job fails when it starts (illegal interval literal format for INTERVAL MINUTE); " +
          "write INTERVAL '1:30' HOUR TO MINUTE or INTERVAL '1:30' MINUTE TO SECOND",
      },
    ]);
  });

  it("an Output inside the quotes (a window size from configuration) is checked once known, not at preview", async () => {
    const src = gen("il_out_src", { watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" } });
    const win = (name: string, minutes: string) =>
      new api.FlinkSqlJob(name, {
        statements: [api.sql`INSERT INTO ${out(`${name.replace(/-/g, "_")}_out`)} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '${pulumi.output(minutes)}' MINUTE)) GROUP BY window_start, window_end`],
      });
    expect(await settle(win("il-out-ok", "5").script)).to.contain("INTERVAL '5' MINUTE");
    let rejected: { issues?: unknown } | undefined;
    await settle(win("il-out-bad", "5 minutes").script).catch((e: { issues: unknown }) => (rejected = e));
    await new Promise((r) => setTimeout(r, 50));
    drainUnhandled();
    expect(rejected?.issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "once its interpolated Outputs are known: INTERVAL '5 minutes' MINUTE: INTERVAL ... MINUTE takes a string like '5', not '5 minutes', so the job fails when it starts (illegal interval literal format for INTERVAL MINUTE); write INTERVAL '5' MINUTE",
      },
    ]);
  });

  it("a range whose string has its fields with other separators keeps the written unit: '1:2' DAY TO HOUR becomes '1 2' DAY TO HOUR", () => {
    const src = gen("il_range_src");
    const sink = new api.FlinkTable("il_range_out", { columns, options: { connector: "blackhole" } });
    const dayToHour = issuesOf(() => new api.FlinkSqlJob("il-range-dh", { statements: [api.sql`INSERT INTO ${sink} SELECT id, ts + INTERVAL '1:2' DAY TO HOUR FROM ${src}`] }));
    expect(dayToHour.map((i) => i.message)).to.deep.equal([
      "INTERVAL '1:2' DAY TO HOUR: INTERVAL ... DAY TO HOUR takes a string like '1 02', not '1:2', so the job fails when it starts (illegal interval literal format for INTERVAL DAY TO HOUR); write INTERVAL '1 2' DAY TO HOUR",
    ]);
    const dayToSecond = issuesOf(() => new api.FlinkSqlJob("il-range-ds", { statements: [api.sql`INSERT INTO ${sink} SELECT id, ts + INTERVAL '1:02:03:04' DAY TO SECOND FROM ${src}`] }));
    expect(dayToSecond.map((i) => i.message.split("; write ")[1])).to.deep.equal(["INTERVAL '1 02:03:04' DAY TO SECOND"]);
  });

  it("quiet for qualified literals (ranges, precisions, fractions, lower case, line breaks, plural units), a number before the unit, and the text inside a string or comment; the script parses", async () => {
    const s = gen("iv-ok", { watermark: { column: "ts", expression: "ts - interval '0.5'\n  second" }, columns: [...columns, { name: "due", expression: "ts + INTERVAL '10 00:00:00.004' DAY TO SECOND" }] });
    const o = out("iv-ok-o");
    const o2 = new api.FlinkTable("iv-ok-o2", { columns: [{ name: "note", type: "STRING" }, { name: "d", type: "TIMESTAMP(3)" }], options: { connector: "blackhole" } });
    let job: InstanceType<Api["FlinkSqlJob"]> | undefined;
    expect(
      issuesOrNone(
        () =>
          (job = new api.FlinkSqlJob("iv-ok-job", {
            statements: [
              api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
              api.sql`INSERT INTO ${o2} SELECT 'INTERVAL ''5 minutes''' /* INTERVAL '1 hour' */, ts + INTERVAL '1-2' YEAR TO MONTH + INTERVAL '5' SECOND(3) + INTERVAL '5' MINUTES - INTERVAL 5 MINUTE -- INTERVAL '5 minutes'
              FROM ${s}`,
            ],
          })),
      ),
    ).to.deep.equal([]);
    const script = await settle(job!.script);
    expect(script).to.contain("WATERMARK FOR `ts` AS ts - interval '0.5'\n  second");
    // dt-sql-parser's grammar does not know SECOND(3), the plural units or INTERVAL 5 MINUTE (Calcite's IntervalQualifier and
    // IntervalLiteralOrExpression take them): those are rewritten to forms it knows, the rest is checked as rendered.
    expectValidFlinkSql(script.replace("SECOND(3) + INTERVAL '5' MINUTES - INTERVAL 5 MINUTE", "SECOND    + INTERVAL '5' MINUTE  - INTERVAL '5' MINUTE"));
  });
});
