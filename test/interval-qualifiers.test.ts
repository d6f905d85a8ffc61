/**
 * Interval literals whose advice must keep the length of time and the sign, and qualifiers Flink's
 * parser refuses (src/sql/interval-qualifiers.ts): a fraction in a unit other than SECOND, the
 * MILLISECOND/MICROSECOND/NANOSECOND units Flink has no interval qualifier for, a sign before and
 * inside the string, ranges that run upwards or across kinds, precisions where Parser.jj
 * IntervalQualifier takes none, and WEEK/QUARTER on Flink 1.x (no Week()/Quarter() before FLINK-31362).
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { intervalLiteralProblems } from "../src/sql/interval-literals.js";

const FAILS = "so the job fails when it starts";
const problems = (expr: string): string[] => intervalLiteralProblems(`SELECT ts + ${expr} FROM t`);
const advice = (expr: string): string[] => problems(expr).map((m) => m.slice(m.lastIndexOf("; write ") + 8));
const RANGE = "is no interval qualifier: a range runs from a larger unit down to a smaller one of the same kind (YEAR TO MONTH, or DAY, HOUR or MINUTE TO a smaller unit down to SECOND)";
const NO_UNIT = (u: string) => `Flink SQL has no ${u} interval unit (an interval literal's units are YEAR, MONTH, DAY, HOUR, MINUTE and SECOND), ${FAILS} (SQL parse failed at ${u})`;

describe("interval literal advice that keeps the length of time, and qualifiers Flink's parser refuses", () => {
  it("a fraction in MINUTE, HOUR, DAY or YEAR becomes whole fields of smaller units, never the same number of seconds", () => {
    expect(problems("INTERVAL '1.5' MINUTE")).to.deep.equal([
      `INTERVAL '1.5' MINUTE: INTERVAL ... MINUTE takes a string like '5', not '1.5', ${FAILS} (illegal interval literal format for INTERVAL MINUTE); write INTERVAL '1:30' MINUTE TO SECOND`,
    ]);
    expect(advice("INTERVAL '1.5' HOUR")).to.deep.equal(["INTERVAL '1:30' HOUR TO MINUTE"]);
    expect(advice("INTERVAL '1.5' DAY")).to.deep.equal(["INTERVAL '1 12' DAY TO HOUR"]);
    expect(advice("INTERVAL '1.5' DAY TO HOUR")).to.deep.equal(["INTERVAL '1 12' DAY TO HOUR"]);
    expect(advice("INTERVAL '1.7' MINUTE")).to.deep.equal(["INTERVAL '1:42' MINUTE TO SECOND"]);
    expect(advice("INTERVAL '1.0001' DAY")).to.deep.equal(["INTERVAL '1 00:00:08.64' DAY TO SECOND"]);
    expect(advice("INTERVAL '1.5' YEAR")).to.deep.equal(["INTERVAL '1-6' YEAR TO MONTH"]);
    expect(advice("INTERVAL -'1.25' HOUR")).to.deep.equal(["INTERVAL '-1:15' HOUR TO MINUTE"]);
    expect(advice("INTERVAL '1.5' MONTH")).to.deep.equal([
      "the length in whole fields of smaller units, only the SECOND field taking a fraction (1.5 minutes is INTERVAL '1:30' MINUTE TO SECOND or INTERVAL '90' SECOND)",
    ]);
  });

  it("MILLISECOND, MICROSECOND and NANOSECOND: no such interval unit, and the same length in seconds", () => {
    expect(problems("INTERVAL '1' MILLISECOND")).to.deep.equal([`INTERVAL '1' MILLISECOND: ${NO_UNIT("MILLISECOND")}; write INTERVAL '0.001' SECOND`]);
    expect(problems("INTERVAL '500' MILLISECONDS")).to.deep.equal([`INTERVAL '500' MILLISECOND: ${NO_UNIT("MILLISECOND")}; write INTERVAL '0.5' SECOND`]);
    expect(advice("INTERVAL '1500' MICROSECOND")).to.deep.equal(["INTERVAL '0.0015' SECOND"]);
    expect(advice("INTERVAL -'7' NANOSECOND")).to.deep.equal(["INTERVAL '-0.000000007' SECOND(2, 9)"]);
  });

  it("the sign before the string and inside it multiply; white space after the sign is only moved", () => {
    expect(problems("INTERVAL -'-1' DAY TO HOUR")).to.deep.equal([
      `INTERVAL - '-1' DAY TO HOUR: INTERVAL ... DAY TO HOUR takes a string like '1 02', not '-1', ${FAILS} (illegal interval literal format for INTERVAL DAY TO HOUR); write INTERVAL '1' DAY`,
    ]);
    expect(advice("INTERVAL -'-1:2' DAY TO HOUR")).to.deep.equal(["INTERVAL '1 2' DAY TO HOUR"]);
    expect(advice("INTERVAL -'1:2' DAY TO HOUR")).to.deep.equal(["INTERVAL '-1 2' DAY TO HOUR"]);
    expect(advice("INTERVAL '- 5' DAY")).to.deep.equal(["INTERVAL '-5' DAY"]);
    expect(advice("INTERVAL -'-5 minutes'")).to.deep.equal(["INTERVAL '5' MINUTE"]);
  });

  it("ranges upwards, across kinds or to the same unit, and precisions Parser.jj takes nowhere: errors with the qualifier to write", () => {
    expect(problems("INTERVAL '1' DAY TO MONTH")).to.deep.equal([`INTERVAL '1' DAY TO MONTH: DAY TO MONTH ${RANGE}, ${FAILS} (SQL parse failed at "TO"); write INTERVAL '1' DAY`]);
    expect(advice("INTERVAL '1 2' HOUR TO DAY")).to.deep.equal(["INTERVAL '1 2' DAY TO HOUR"]);
    expect(advice("INTERVAL '1:30' SECOND TO MINUTE")).to.deep.equal(["INTERVAL '1:30' MINUTE TO SECOND"]);
    expect(advice("INTERVAL '1' MONTH TO DAY")).to.deep.equal(["INTERVAL '1' MONTH"]);
    expect(advice("INTERVAL '1' DAY TO DAY")).to.deep.equal(["INTERVAL '1' DAY"]);
    expect(advice("INTERVAL '1' YEAR TO YEAR")).to.deep.equal(["INTERVAL '1' YEAR"]);
    expect(advice("INTERVAL '2' WEEK TO DAY")).to.deep.equal(["INTERVAL '14' DAY"]);
    expect(problems("INTERVAL '1-2' YEAR TO MONTH(2)")).to.deep.equal([
      `INTERVAL '1-2' YEAR TO MONTH(2): only TO SECOND takes a precision after TO (its fractional second precision); the leading precision goes after YEAR, as in YEAR(p) TO MONTH, ${FAILS} (SQL parse failed at "("); write INTERVAL '1-2' YEAR TO MONTH`,
    ]);
    expect(problems("INTERVAL '1' DAY(3, 2)")).to.deep.equal([
      `INTERVAL '1' DAY(3, 2): only SECOND takes two precisions (SECOND(p, q)); DAY takes one, its leading precision (a fraction of a second is written DAY(p) TO SECOND(q)), ${FAILS} (SQL parse failed at ","); write INTERVAL '1' DAY(3)`,
    ]);
    expect(advice("INTERVAL '1:2' HOUR TO MINUTE(2)")).to.deep.equal(["INTERVAL '1:2' HOUR TO MINUTE"]);
    expect(advice("INTERVAL '1:2' MINUTE TO SECOND(3, 2)")).to.deep.equal(["INTERVAL '1:2' MINUTE TO SECOND(3)"]);
    expect(problems("INTERVAL '1:2' HOUR(3) TO MINUTE + INTERVAL '1 00:00:01.5' DAY(2) TO SECOND(3) + INTERVAL '1' SECOND(2, 3)")).to.deep.equal([]);
  });

  it("WEEK and QUARTER past their precision are advised as days or months, never WEEK(3) or QUARTER(3)", () => {
    expect(advice("INTERVAL '100' WEEK")).to.deep.equal(["INTERVAL '700' DAY(3)"]);
    expect(advice("INTERVAL -'100' QUARTER")).to.deep.equal(["INTERVAL '-300' MONTH(3)"]);
  });

  describe("WEEK and QUARTER by the job's Flink version", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));
    const k8s = (flinkVersion: "v1_20" | "v2_1") => ({ namespace: "flink", image: "img", flinkVersion, ...(flinkVersion === "v1_20" ? { sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } } : {}) });

    it("an error on Flink 1.20 (no WEEK or QUARTER interval qualifier before FLINK-31362), nothing on 2.1", () => {
      const columns = [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
      const src = new api.FlinkTable("iq_src", { columns, options: { connector: "datagen" } });
      const out = new api.FlinkTable("iq_out", { columns, options: { connector: "blackhole" } });
      const job = (name: string, v: "v1_20" | "v2_1") =>
        (v === "v1_20" ? issuesOf : issuesOrNone)(() => new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${out} SELECT id, ts + INTERVAL '2' WEEK - INTERVAL '2' QUARTER FROM ${src}`], kubernetes: k8s(v) }));
      const why = "(its parser takes YEAR, MONTH, DAY, HOUR, MINUTE and SECOND; WEEK and QUARTER came with Flink 2.0, FLINK-31362), so the job fails when it starts";
      expect(job("iq-120", "v1_20").filter((i) => i.message.includes("interval unit"))).to.deep.equal([
        { path: "statements[0]", message: `INTERVAL '2' WEEK: Flink 1.20 has no WEEK interval unit ${why} (SQL parse failed at WEEK); write INTERVAL '14' DAY` },
        { path: "statements[0]", message: `INTERVAL '2' QUARTER: Flink 1.20 has no QUARTER interval unit ${why} (SQL parse failed at QUARTER); write INTERVAL '6' MONTH` },
      ]);
      expect(job("iq-21", "v2_1").filter((i) => i.message.includes("interval unit"))).to.deep.equal([]);
    });
  });
});
