/**
 * Interval literal fields Flink's validator refuses although the string has its qualifier's shape
 * (src/sql/interval-fields.ts): a leading field past the leading precision (default 2: INTERVAL
 * '100' DAY, Flink's SqlIntervalQualifier isLeadFieldInRange), a later field out of its range
 * (INTERVAL '1:75' MINUTE TO SECOND: isSecondaryFieldInRange), a fraction of a second past the
 * fractional precision (default 6), and a qualifier precision out of range (SqlValidatorImpl
 * validateIntervalQualifier: leading 1..10, fractional at most 9). Each is one error at the
 * statement naming the literal and what to write; valid literals in all their forms pass.
 */
import { expect } from "chai";
import * as fc from "fast-check";
import * as pulumi from "@pulumi/pulumi";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";
import { intervalLiteralProblems, UNKNOWN_VALUE } from "../src/sql/interval-literals.js";
import { params, runs } from "./fuzz/config.js";

const FAILS = "so the job fails when it starts";
const DEFAULT_HOLDS = "(a unit written without a precision holds 2 digits)";
const PLANNER = "a day-time literal with a leading precision above 3 fails in Flink's planner instead (DAY_INTERVAL_TYPES precision is not supported)";

describe("interval literal fields past their precision or range", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const columns = [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
  const src = (name: string) => new api.FlinkTable(name, { columns, options: { connector: "datagen" } });
  const sink = (name: string) => new api.FlinkTable(name, { columns, options: { connector: "blackhole" } });

  it("INTERVAL '100' DAY, '1:75' MINUTE TO SECOND, '10 25' DAY TO HOUR and '1-13' YEAR TO MONTH: errors at their statements, every literal of a statement at once", () => {
    const s = src("ivf_src");
    const o = sink("ivf_out");
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("ivf-job", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT id, ts + INTERVAL '99' DAY FROM ${s}`,
            api.sql`INSERT INTO ${o} SELECT id, ts + INTERVAL '100' DAY - INTERVAL '1:75' MINUTE TO SECOND FROM ${s}`,
            api.sql`INSERT INTO ${o} SELECT id, ts + INTERVAL '10 25' DAY TO HOUR + INTERVAL '1-13' YEAR TO MONTH FROM ${s}`,
          ],
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[1]",
        message: `INTERVAL '100' DAY: its leading field 100 needs 3 digits, more than DAY(2) holds ${DEFAULT_HOLDS}, ${FAILS} (interval field value 100 exceeds precision of DAY(2) field); write INTERVAL '100' DAY(3)`,
      },
      {
        path: "statements[1]",
        message: `INTERVAL '1:75' MINUTE TO SECOND: its SECOND field 75 is outside 0 to 59, ${FAILS} (illegal interval literal format '1:75' for INTERVAL MINUTE TO SECOND); write INTERVAL '2:15' MINUTE TO SECOND`,
      },
      {
        path: "statements[2]",
        message: `INTERVAL '10 25' DAY TO HOUR: its HOUR field 25 is outside 0 to 23, ${FAILS} (illegal interval literal format '10 25' for INTERVAL DAY TO HOUR); write INTERVAL '11 01' DAY TO HOUR`,
      },
      {
        path: "statements[2]",
        message: `INTERVAL '1-13' YEAR TO MONTH: its MONTH field 13 is outside 0 to 11, ${FAILS} (illegal interval literal format '1-13' for INTERVAL YEAR TO MONTH); write INTERVAL '2-1' YEAR TO MONTH`,
      },
    ]);
  });

  it("a watermark delay INTERVAL '120' SECOND: the same error at watermark.expression (SECOND holds 2 digits too); '90' SECOND passes", () => {
    expect(issuesOrNone(() => new api.FlinkTable("ivf_wm_ok", { columns, options: { connector: "datagen" }, watermark: { column: "ts", expression: "ts - INTERVAL '90' SECOND" } }))).to.deep.equal([]);
    expect(issuesOf(() => new api.FlinkTable("ivf_wm", { columns, options: { connector: "datagen" }, watermark: { column: "ts", expression: "ts - INTERVAL '120' SECOND" } }))).to.deep.equal([
      {
        path: "watermark.expression",
        message: `INTERVAL '120' SECOND: its leading field 120 needs 3 digits, more than SECOND(2) holds ${DEFAULT_HOLDS}, ${FAILS} (interval field value 120 exceeds precision of SECOND(2) field); write INTERVAL '120' SECOND(3)`,
      },
    ]);
  });

  it("one literal with several wrong fields: one message naming each, Flink's first error, and a literal that fixes all", () => {
    expect(intervalLiteralProblems("ts - INTERVAL '100 25:61' DAY TO MINUTE")).to.deep.equal([
      `INTERVAL '100 25:61' DAY TO MINUTE: its leading field 100 needs 3 digits, more than DAY(2) holds ${DEFAULT_HOLDS} and its HOUR field 25 is outside 0 to 23 and its MINUTE field 61 is outside 0 to 59, ` +
        `${FAILS} (interval field value 100 exceeds precision of DAY(2) field); write INTERVAL '101 02:01' DAY(3) TO MINUTE`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '1000.1234567' SECOND")).to.deep.equal([
      `INTERVAL '1000.1234567' SECOND: its fraction of a second has 7 digits, more than the 6 that SECOND takes (6 unless written SECOND(p, q)) and its leading field 1000 needs 4 digits, more than SECOND(2) holds ${DEFAULT_HOLDS}, ` +
        `${FAILS} (illegal interval literal format '1000.1234567' for INTERVAL SECOND); ${PLANNER}; write INTERVAL '16:40.1234567' MINUTE TO SECOND(7)`,
    ]);
  });

  it("a leading field past DAY(3): moved to a larger unit, or a sum of DAY(3) literals, never DAY(4) (Flink's planner refuses it); year-month fields take up to YEAR(10)", () => {
    const advice = (literal: string) => intervalLiteralProblems(literal).map((m) => m.split("; write ")[1]);
    expect(advice("INTERVAL '1000' MINUTE")).to.deep.equal(["INTERVAL '16:40' HOUR TO MINUTE"]);
    expect(advice("INTERVAL '100000' SECOND")).to.deep.equal(["INTERVAL '27:46:40' HOUR TO SECOND"]);
    expect(advice("INTERVAL '90000' MINUTE")).to.deep.equal(["INTERVAL '62 12:00' DAY TO MINUTE"]);
    expect(advice("INTERVAL '1000' DAY")).to.deep.equal(["(INTERVAL '999' DAY(3) + INTERVAL '1' DAY)"]);
    expect(advice("INTERVAL -'2000 1' DAY TO HOUR")).to.deep.equal(["(INTERVAL - '999' DAY(3) + INTERVAL - '999' DAY(3) + INTERVAL - '2 01' DAY TO HOUR)"]);
    expect(advice("INTERVAL '36500' DAY")).to.deep.equal(["a sum of literals of at most INTERVAL '999' DAY(3) each"]);
    expect(intervalLiteralProblems("INTERVAL '1000' MINUTE")[0]).to.contain(`(interval field value 1,000 exceeds precision of MINUTE(2) field); ${PLANNER}; write`);
    expect(advice("INTERVAL '1000' YEAR")).to.deep.equal(["INTERVAL '1000' YEAR(4)"]);
    expect(advice("INTERVAL '150' MONTH")).to.deep.equal(["INTERVAL '150' MONTH(3)"]);
    expect(advice("INTERVAL '100-0' YEAR TO MONTH")).to.deep.equal(["INTERVAL '100-0' YEAR(3) TO MONTH"]);
    expect(intervalLiteralProblems("INTERVAL '2147483648' YEAR(10)")).to.deep.equal([
      `INTERVAL '2147483648' YEAR(10): its leading field 2147483648 is above 2,147,483,647, the most YEAR(10) holds, ${FAILS} (interval field value 2,147,483,648 exceeds precision of YEAR(10) field); write at most INTERVAL '2147483647' YEAR(10)`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '1000' DAY(3)")).to.deep.equal([
      `INTERVAL '1000' DAY(3): its leading field 1000 needs 4 digits, more than DAY(3) holds, ${FAILS} (interval field value 1,000 exceeds precision of DAY(3) field); ${PLANNER}; write (INTERVAL '999' DAY(3) + INTERVAL '1' DAY)`,
    ]);
  });

  it("either sign is kept, and Flink's message carries the sign inside the quotes", () => {
    expect(intervalLiteralProblems("INTERVAL -'100' HOUR")).to.deep.equal([
      `INTERVAL - '100' HOUR: its leading field 100 needs 3 digits, more than HOUR(2) holds ${DEFAULT_HOLDS}, ${FAILS} (interval field value 100 exceeds precision of HOUR(2) field); write INTERVAL - '100' HOUR(3)`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '-1000' YEAR(3)")).to.deep.equal([
      `INTERVAL '-1000' YEAR(3): its leading field 1000 needs 4 digits, more than YEAR(3) holds, ${FAILS} (interval field value -1,000 exceeds precision of YEAR(3) field); write INTERVAL '-1000' YEAR(4)`,
    ]);
  });

  it("a fraction of a second past the fractional precision: the precision raised (at most 9, further digits dropped)", () => {
    expect(intervalLiteralProblems("INTERVAL '1 1:1:1.0000001' DAY TO SECOND")).to.deep.equal([
      `INTERVAL '1 1:1:1.0000001' DAY TO SECOND: its fraction of a second has 7 digits, more than the 6 that DAY TO SECOND takes (6 unless written DAY TO SECOND(q)), ${FAILS} (illegal interval literal format '1 1:1:1.0000001' for INTERVAL DAY TO SECOND); write INTERVAL '1 1:1:1.0000001' DAY TO SECOND(7)`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '1:1:1.0001' HOUR TO SECOND(3)")).to.deep.equal([
      `INTERVAL '1:1:1.0001' HOUR TO SECOND(3): its fraction of a second has 4 digits, more than the 3 that HOUR TO SECOND takes, ${FAILS} (illegal interval literal format '1:1:1.0001' for INTERVAL HOUR TO SECOND(3)); write INTERVAL '1:1:1.0001' HOUR TO SECOND(4)`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '1.123456789123' SECOND").map((m) => m.split("; write ")[1])).to.deep.equal(["INTERVAL '1.123456789' SECOND(2, 9)"]);
    expect(intervalLiteralProblems("INTERVAL '1.5' SECOND(2, 0)").map((m) => m.split("; write ")[1])).to.deep.equal(["INTERVAL '1.5' SECOND(2, 1)"]);
  });

  it("a qualifier precision out of range (leading 0 or above 10, fractional above 9): its own error, the fix fitted to the string", () => {
    expect(intervalLiteralProblems("INTERVAL '5' DAY(0)")).to.deep.equal([
      `INTERVAL '5' DAY(0): a leading precision of 0 is outside the 1 to 10 Flink takes, ${FAILS} (interval leading field precision '0' out of range for INTERVAL DAY(0)); write INTERVAL '5' DAY`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '100' HOUR(11)")).to.deep.equal([
      `INTERVAL '100' HOUR(11): a leading precision of 11 is outside the 1 to 10 Flink takes, ${FAILS} (interval leading field precision '11' out of range for INTERVAL HOUR(11)); write INTERVAL '100' HOUR(3)`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '1:2.5' MINUTE TO SECOND(10)")).to.deep.equal([
      `INTERVAL '1:2.5' MINUTE TO SECOND(10): a fractional second precision of 10 is above the 9 Flink takes, ${FAILS} (interval fractional second precision '10' out of range for INTERVAL MINUTE TO SECOND(10)); write INTERVAL '1:2.5' MINUTE TO SECOND`,
    ]);
  });

  it("a fraction of a second below a millisecond: the advice says Flink keeps whole milliseconds and names 0.001 or 0 seconds, never a literal of zeros", () => {
    const TINY = "is below a millisecond, and Flink keeps an interval in whole milliseconds (SqlIntervalQualifier), so even a literal with 9 digits would be 0 seconds";
    expect(intervalLiteralProblems("INTERVAL '0.0000000001' SECOND")).to.deep.equal([
      `INTERVAL '0.0000000001' SECOND: its fraction of a second has 10 digits, more than the 6 that SECOND takes (6 unless written SECOND(p, q)), ${FAILS} ` +
        `(illegal interval literal format '0.0000000001' for INTERVAL SECOND); its length, 0.0000000001 seconds, ${TINY}: write INTERVAL '0.001' SECOND for the shortest length Flink holds, or INTERVAL '0' SECOND`,
    ]);
    expect(intervalLiteralProblems("INTERVAL -'0:00.0000001' MINUTE TO SECOND")).to.deep.equal([
      `INTERVAL - '0:00.0000001' MINUTE TO SECOND: its fraction of a second has 7 digits, more than the 6 that MINUTE TO SECOND takes (6 unless written MINUTE TO SECOND(q)), ${FAILS} ` +
        `(illegal interval literal format '0:00.0000001' for INTERVAL MINUTE TO SECOND); its length, 0.0000001 seconds, ${TINY}: write INTERVAL '-0.001' SECOND for the shortest length Flink holds, or INTERVAL '0' SECOND`,
    ]);
    // A millisecond or more keeps its digits (up to 9), and a nonzero whole field keeps the literal's shape.
    expect(intervalLiteralProblems("INTERVAL '0.0010000001' SECOND").map((m) => m.split("; write ")[1])).to.deep.equal(["INTERVAL '0.001000000' SECOND(2, 9)"]);
    expect(intervalLiteralProblems("INTERVAL '1.0000000001' SECOND").map((m) => m.split("; write ")[1])).to.deep.equal(["INTERVAL '1.000000000' SECOND(2, 9)"]);
    expect(intervalLiteralProblems("INTERVAL '0.000001' SECOND")).to.deep.equal([]);
  });

  it("a precision past 2^53 is echoed with the digits as written; one past 2147483647 fails Flink's parser first (Parser.jj UnsignedIntLiteral)", () => {
    const parse = (n: string) => `SQL parse failed: Literal '${n}' can not be parsed to type 'java.lang.Integer'`;
    expect(intervalLiteralProblems("INTERVAL '5' DAY(99999999999999999999)")).to.deep.equal([
      `INTERVAL '5' DAY(99999999999999999999): a leading precision of 99999999999999999999 is outside the 1 to 10 Flink takes, ${FAILS} (${parse("99999999999999999999")}); write INTERVAL '5' DAY`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '1:2' MINUTE TO SECOND(9007199254740993)")).to.deep.equal([
      `INTERVAL '1:2' MINUTE TO SECOND(9007199254740993): a fractional second precision of 9007199254740993 is above the 9 Flink takes, ${FAILS} (${parse("9007199254740993")}); write INTERVAL '1:2' MINUTE TO SECOND`,
    ]);
    // The parser meets the fraction's precision before the validator judges the leading one.
    expect(intervalLiteralProblems("INTERVAL '5' SECOND(11, 12345678901234567891)")).to.deep.equal([
      `INTERVAL '5' SECOND(11, 12345678901234567891): a fractional second precision of 12345678901234567891 is above the 9 Flink takes, ${FAILS} (${parse("12345678901234567891")}); write INTERVAL '5' SECOND`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '5' DAY(2147483648)")).to.deep.equal([
      `INTERVAL '5' DAY(2147483648): a leading precision of 2147483648 is outside the 1 to 10 Flink takes, ${FAILS} (${parse("2147483648")}); write INTERVAL '5' DAY`,
    ]);
    expect(intervalLiteralProblems("INTERVAL '5' DAY(2147483647)")).to.deep.equal([
      `INTERVAL '5' DAY(2147483647): a leading precision of 2147483647 is outside the 1 to 10 Flink takes, ${FAILS} (interval leading field precision '2147483647' out of range for INTERVAL DAY(2147483647)); write INTERVAL '5' DAY`,
    ]);
  });

  it("advice for a string written with units never names a literal Flink refuses: '120 minutes' becomes INTERVAL '120' MINUTE(3), '100 days' INTERVAL '100' DAY(3)", () => {
    const advice = (literal: string) => intervalLiteralProblems(literal).map((m) => m.split("; write ")[1]);
    expect(advice("INTERVAL '120 minutes'")).to.deep.equal(["INTERVAL '120' MINUTE(3)"]);
    expect(advice("INTERVAL '100 days'")).to.deep.equal(["INTERVAL '100' DAY(3)"]);
    expect(advice("INTERVAL '100' DAY TO HOUR")).to.deep.equal(["INTERVAL '100' DAY(3)"]);
    expect(advice("INTERVAL '1:25' DAY TO HOUR")).to.deep.equal(["INTERVAL '2 01' DAY TO HOUR"]);
  });

  it("quiet for valid literals: precisions, both signs, leading fields up to the precision, fields at their bounds, fractions up to their precision", () => {
    // Not refused though older targeted versions do: a fractional precision of 0 (SECOND(2, 0), TO SECOND(0): Calcite's newer
    // RelDataTypeSystemImpl.getMinScale is 0) and a point without digits ('5.' SECOND: `\.(\d{0,q})` in Flink's newer copies of
    // SqlIntervalQualifier). DAY(4) (Calcite takes it; Flink's planner refuses it where it generates code) is never advised, not refused.
    const valid = [
      "INTERVAL '99' DAY", "INTERVAL '100' DAY(3)", "INTERVAL '365' DAY(3)", "INTERVAL '999' DAY(3)", "INTERVAL '007' DAY", "INTERVAL '0' DAY(1)",
      "INTERVAL '9' DAY(1)", "INTERVAL '1000' DAY(4)", "INTERVAL '2147483647' DAY(10)", "INTERVAL '23' HOUR", "INTERVAL '99' HOUR", "INTERVAL '99' MINUTE",
      "INTERVAL '59' SECOND", "INTERVAL '99.999999' SECOND", "INTERVAL '5' SECOND(3)", "INTERVAL '120' SECOND(3)", "INTERVAL '1.123456789' SECOND(2, 9)",
      "INTERVAL '1.5' SECOND(1, 1)", "INTERVAL '1' SECOND(2, 0)", "INTERVAL '5.' SECOND", "INTERVAL '1 23:59:59.999' DAY TO SECOND",
      "INTERVAL '99 23:59:59.999999' DAY TO SECOND", "INTERVAL '2 3:4:5.123456789' DAY TO SECOND(9)", "INTERVAL '123 4:5:6' DAY(3) TO SECOND(0)",
      "INTERVAL '75:30' MINUTE TO SECOND", "INTERVAL '99:59.999' MINUTE TO SECOND", "INTERVAL '0:0' MINUTE(1) TO SECOND", "INTERVAL '99:59' HOUR TO MINUTE",
      "INTERVAL '23:59:59' HOUR TO SECOND", "INTERVAL '99 23' DAY TO HOUR", "INTERVAL '1 23:59' DAY TO MINUTE", "INTERVAL '1-11' YEAR TO MONTH",
      "INTERVAL '9999-11' YEAR(4) TO MONTH", "INTERVAL '99' YEAR", "INTERVAL '2024' YEAR(4)", "INTERVAL '11' MONTH", "INTERVAL '99' MONTH",
      "INTERVAL '4' QUARTER", "INTERVAL '52' WEEK", "INTERVAL '-1' DAY", "INTERVAL '+1' DAY", "INTERVAL -'5' DAY", "INTERVAL +'5' DAY",
      "INTERVAL -'-5' DAY", "INTERVAL - '99' HOUR", "INTERVAL ' -99 ' HOUR", "INTERVAL '-1 2:3:4' DAY TO SECOND", "interval '100' day(3)",
      "INTERVAL '100' DAYS(3)", "INTERVAL '1:30' MINUTES TO SECONDS", "INTERVAL\n'100'\nDAY (3)", "INTERVAL '1 2:3:4.5' DAY TO SECOND ( 3 )",
      "INTERVAL 100 DAY", "CAST(x AS INTERVAL DAY(3))", "'INTERVAL ''100'' DAY'", "-- INTERVAL '100' DAY\nx", "/* INTERVAL '1:75' MINUTE TO SECOND */ x",
    ];
    for (const literal of valid) expect(intervalLiteralProblems(literal), literal).to.deep.equal([]);
    const s = src("ivf_ok_src");
    const o = sink("ivf_ok_out");
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("ivf-ok-job", {
            statements: [api.sql`INSERT INTO ${o} SELECT id, ts + INTERVAL '100' DAY(3) - INTERVAL '75:30' MINUTE TO SECOND + INTERVAL -'1 23:59:59.999' DAY TO SECOND FROM ${s}`],
          }),
      ),
    ).to.deep.equal([]);
  });

  it("an Output inside the quotes, as the unit or as a precision: not judged at preview; the string checked once known", async () => {
    expect(intervalLiteralProblems(`INTERVAL '100' ${UNKNOWN_VALUE}`)).to.deep.equal([]);
    expect(intervalLiteralProblems(`INTERVAL '100' DAY(${UNKNOWN_VALUE})`)).to.deep.equal([]);
    expect(intervalLiteralProblems(`INTERVAL '1 2:3:4.1234567' DAY TO SECOND(${UNKNOWN_VALUE})`)).to.deep.equal([]);
    expect(intervalLiteralProblems(`INTERVAL '${UNKNOWN_VALUE}' DAY`)).to.deep.equal([]);
    const s = src("ivf_out_src");
    // The unit from configuration: no 'has no unit' error at preview (the unit is there once known).
    const unit = new api.FlinkSqlJob("ivf-out-unit", { statements: [api.sql`INSERT INTO ${sink("ivf_out_unit_out")} SELECT id, ts + INTERVAL '5' ${pulumi.output("MINUTE")} FROM ${s}`] });
    expect(await settle(unit.script)).to.contain("INTERVAL '5' MINUTE");
    const job = (name: string, days: string) =>
      new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${sink(`${name.replace(/-/g, "_")}_out`)} SELECT id, ts + INTERVAL '${pulumi.output(days)}' DAY(3) FROM ${s}`] });
    expect(await settle(job("ivf-out-ok", "365").script)).to.contain("INTERVAL '365' DAY(3)");
    let rejected: { issues?: unknown } | undefined;
    await settle(job("ivf-out-bad", "1000").script).catch((e: { issues: unknown }) => (rejected = e));
    await new Promise((r) => setTimeout(r, 50));
    drainUnhandled();
    expect(rejected?.issues).to.deep.equal([
      {
        path: "statements[0]",
        message: `once its interpolated Outputs are known: INTERVAL '1000' DAY(3): its leading field 1000 needs 4 digits, more than DAY(3) holds, ${FAILS} (interval field value 1,000 exceeds precision of DAY(3) field); ${PLANNER}; write (INTERVAL '999' DAY(3) + INTERVAL '1' DAY)`,
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: the check agrees with the rules read from Flink (an independent statement of them
// here), and every literal it advises is one it takes, for the same length of time.

type Shape = { start: string; end?: string; units: string[] };
const SHAPES: Shape[] = [
  { start: "YEAR", units: ["YEAR"] }, { start: "YEAR", end: "MONTH", units: ["YEAR", "MONTH"] }, { start: "MONTH", units: ["MONTH"] },
  { start: "QUARTER", units: ["QUARTER"] }, { start: "WEEK", units: ["WEEK"] }, { start: "DAY", units: ["DAY"] },
  { start: "DAY", end: "HOUR", units: ["DAY", "HOUR"] }, { start: "DAY", end: "MINUTE", units: ["DAY", "HOUR", "MINUTE"] },
  { start: "DAY", end: "SECOND", units: ["DAY", "HOUR", "MINUTE", "SECOND"] }, { start: "HOUR", units: ["HOUR"] },
  { start: "HOUR", end: "MINUTE", units: ["HOUR", "MINUTE"] }, { start: "HOUR", end: "SECOND", units: ["HOUR", "MINUTE", "SECOND"] },
  { start: "MINUTE", units: ["MINUTE"] }, { start: "MINUTE", end: "SECOND", units: ["MINUTE", "SECOND"] }, { start: "SECOND", units: ["SECOND"] },
];
const LIMIT: Record<string, number> = { MONTH: 12, HOUR: 24, MINUTE: 60, SECOND: 60 };
const MONTHS: Record<string, bigint> = { YEAR: 12n, QUARTER: 3n, MONTH: 1n };
const NANOS: Record<string, bigint> = { WEEK: 604800n, DAY: 86400n, HOUR: 3600n, MINUTE: 60n, SECOND: 1n };
const SEP: Record<string, string> = { MONTH: "-", HOUR: " ", MINUTE: ":", SECOND: ":" };

const literalArb = fc
  .record({
    shape: fc.constantFrom(...SHAPES),
    precision: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
    fraction: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
    lead: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 5000 }), fc.bigInt({ min: 0n, max: 3000000000n })),
    later: fc.array(fc.oneof(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 99 })), { minLength: 3, maxLength: 3 }),
    digits: fc.option(fc.stringMatching(/^\d{0,11}$/), { nil: undefined }),
    outer: fc.constantFrom("", "-", "+"),
    inner: fc.constantFrom("", "-", "+"),
  })
  .map((g) => {
    const last = g.shape.end ?? g.shape.start;
    const fraction = last === "SECOND" ? g.fraction : undefined;
    const digits = last === "SECOND" ? g.digits : undefined;
    const fields = [BigInt(g.lead), ...g.shape.units.slice(1).map((_, k) => BigInt(g.later[k]!))];
    const text = g.shape.units.map((u, k) => (k === 0 ? "" : SEP[u]) + String(fields[k])).join("") + (digits === undefined ? "" : `.${digits}`);
    const precisions = g.shape.start === "SECOND" && fraction !== undefined ? `(${g.precision ?? 2}, ${fraction})` : g.precision === undefined ? "" : `(${g.precision})`;
    const qualifier = `${g.shape.start}${precisions}${g.shape.end === undefined ? "" : ` TO ${g.shape.end}${g.shape.end === "SECOND" && fraction !== undefined ? `(${fraction})` : ""}`}`;
    const lit = `INTERVAL ${g.outer}'${g.inner}${text}' ${qualifier}`;
    const leadLimit = (g.precision ?? 2) >= 10 ? 2147483648n : 10n ** BigInt(g.precision ?? 2);
    const valid =
      fields[0]! < leadLimit && g.shape.units.every((u, k) => k === 0 || LIMIT[u] === undefined || fields[k]! < BigInt(LIMIT[u]!)) && (digits ?? "").length <= (fraction ?? 6);
    return { lit, valid, fields, units: g.shape.units, digits: digits ?? "", negative: (g.outer === "-") !== (g.inner === "-"), precision: g.precision };
  });

/** The length of time of a literal the check advises (or a sum of them): months, and nanoseconds. */
function lengthOf(advice: string): { months: bigint; nanos: bigint } {
  let months = 0n;
  let nanos = 0n;
  for (const m of advice.matchAll(/INTERVAL ([+-]?) ?'([+-]?)([^']*)' ([A-Z]+)(?:\([^)]*\))?(?: TO ([A-Z]+)(?:\([^)]*\))?)?/g)) {
    const neg = (m[1] === "-") !== (m[2] === "-");
    const shape = SHAPES.find((s) => s.start === m[4] && s.end === m[5])!;
    const [whole, frac = ""] = m[3]!.split(".");
    const parts = whole!.split(/[- :]/).map(BigInt);
    let mo = 0n;
    let ns = 0n;
    shape.units.forEach((u, k) => (MONTHS[u] !== undefined ? (mo += parts[k]! * MONTHS[u]!) : (ns += parts[k]! * NANOS[u]! * 1_000_000_000n)));
    ns += BigInt(frac.padEnd(9, "0").slice(0, 9) || "0");
    months += neg ? -mo : mo;
    nanos += neg ? -ns : ns;
  }
  return { months, nanos };
}

describe("interval literal fields: property", () => {
  it("a generated literal is refused exactly when Flink's rules refuse it, and the advised literal is taken, for the same length of time, with no day-time precision above 3 the user did not write", () => {
    fc.assert(
      fc.property(literalArb, ({ lit, valid, fields, units, digits, negative, precision }) => {
        const problems = intervalLiteralProblems(lit);
        if (valid) return problems.length === 0;
        if (problems.length !== 1) return false;
        const advice = problems[0]!.split("; write ")[1]!;
        // A length above 0 and below a millisecond: Flink keeps whole milliseconds, so no literal holds it (interval-fields.ts belowMillisecond).
        if (fields.every((f) => f === 0n) && /^000\d*[1-9]/.test(digits)) return advice === `INTERVAL '${negative ? "-" : ""}0.001' SECOND for the shortest length Flink holds, or INTERVAL '0' SECOND`;
        if (!advice.startsWith("INTERVAL") && !advice.startsWith("(")) return true; // no literal holds it (a sum past 3 terms, a year past 2^31)
        if (intervalLiteralProblems(advice).length !== 0) return false;
        // A day-time leading precision above 3 only where the user wrote it (Flink's planner refuses it: never advised).
        if ([...advice.matchAll(/' (?:WEEK|DAY|HOUR|MINUTE|SECOND)\((\d+)/g)].some((m) => Number(m[1]) > 3 && Number(m[1]) !== precision)) return false;
        let months = 0n;
        let nanos = 0n;
        units.forEach((u, k) => (MONTHS[u] !== undefined ? (months += fields[k]! * MONTHS[u]!) : (nanos += fields[k]! * NANOS[u]! * 1_000_000_000n)));
        nanos += BigInt(digits.padEnd(9, "0").slice(0, 9) || "0");
        const got = lengthOf(advice);
        return got.months === (negative ? -months : months) && got.nanos === (negative ? -nanos : nanos);
      }),
      params(runs(400)),
    );
  });
});
