/**
 * The unit of TIMESTAMPADD / TIMESTAMPDIFF (src/sql/timestamp-units.ts, a syntax slip): a plural
 * (`SECONDS`, a new-user trial's), an abbreviation, a misspelling or another word is the name of a
 * time frame Flink does not have, and a unit in quotes a parse error; each is one error at its
 * statement naming the call and the singular keyword to write. Valid neighbours stay quiet: every
 * unit keyword in any case, Calcite's time frame names (SQL_TSI_*, ISOWEEK), WEEK(MONDAY), a
 * back-quoted name, a column named timestampadd.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { syntaxSlips } from "../src/sql/syntax-slips.js";
import { SqlStatement } from "../src/sql/template.js";

const UNITS = "SECOND, MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER or YEAR";
const wordSlip = (call: string, word: string, fn: string, fix: string | undefined): string =>
  `${JSON.stringify(call)}: ${word} is no unit of ${fn}, which takes one of the unit keywords ${UNITS}, in the singular; ` +
  `Flink refuses any other word there ("'${word}' is not a valid time frame", or a parse error for a word its parser reserves), so the job fails when it starts; ` +
  (fix === undefined ? "write one of those units" : `write ${fix.split("(")[1]!.split(",")[0]!.trim()}: ${JSON.stringify(fix)}`);
const stringSlip = (call: string, literal: string, fn: string, fix: string): string =>
  `${JSON.stringify(call)}: ${fn} takes its unit as a keyword (${UNITS}), not as a string, so Flink's parser refuses ${literal} (SQL parse failed) and the job fails when it starts; ` +
  `write ${fix.split("(")[1]!.split(",")[0]!.trim()}: ${JSON.stringify(fix)}`;

const slips = (text: string): string[] => syntaxSlips(new SqlStatement([{ kind: "text", text }], []), false);

describe("TIMESTAMPADD / TIMESTAMPDIFF units", () => {
  it("a plural, an abbreviation, a misspelling, another word and a quoted unit: the call and the keyword to write", () => {
    expect(slips("SELECT TIMESTAMPADD(SECONDS, 1, ts) FROM t")).to.deep.equal([wordSlip("TIMESTAMPADD(SECONDS, 1, ts)", "SECONDS", "TIMESTAMPADD", "TIMESTAMPADD(SECOND, 1, ts)")]);
    expect(slips("SELECT TIMESTAMPDIFF(days, a, b) FROM t")).to.deep.equal([wordSlip("TIMESTAMPDIFF(days, a, b)", "days", "TIMESTAMPDIFF", "TIMESTAMPDIFF(DAY, a, b)")]);
    expect(slips("SELECT TIMESTAMPADD(MILLISECONDS, 5, ts) FROM t")).to.deep.equal([
      wordSlip("TIMESTAMPADD(MILLISECONDS, 5, ts)", "MILLISECONDS", "TIMESTAMPADD", "TIMESTAMPADD(MILLISECOND, 5, ts)"),
    ]);
    expect(slips("SELECT TIMESTAMPADD(HRS, 2, ts) FROM t")).to.deep.equal([wordSlip("TIMESTAMPADD(HRS, 2, ts)", "HRS", "TIMESTAMPADD", "TIMESTAMPADD(HOUR, 2, ts)")]);
    expect(slips("SELECT TIMESTAMPADD(MINUT, 5, ts) FROM t")).to.deep.equal([wordSlip("TIMESTAMPADD(MINUT, 5, ts)", "MINUT", "TIMESTAMPADD", "TIMESTAMPADD(MINUTE, 5, ts)")]);
    // The arguments swapped: the column where the unit goes.
    expect(slips("SELECT TIMESTAMPADD(ts, 5, SECOND) FROM t")).to.deep.equal([wordSlip("TIMESTAMPADD(ts, 5, SECOND)", "ts", "TIMESTAMPADD", undefined)]);
    expect(slips("SELECT TIMESTAMPDIFF('day', a, b) FROM t")).to.deep.equal([stringSlip("TIMESTAMPDIFF('day', a, b)", "'day'", "TIMESTAMPDIFF", "TIMESTAMPDIFF(DAY, a, b)")]);
    expect(slips("SELECT TIMESTAMPADD('WEEKS', 1, ts) FROM t")).to.deep.equal([stringSlip("TIMESTAMPADD('WEEKS', 1, ts)", "'WEEKS'", "TIMESTAMPADD", "TIMESTAMPADD(WEEK, 1, ts)")]);
  });

  it("a long call is shown up to twelve tokens, the fix in the same form", () => {
    expect(slips("SELECT TIMESTAMPDIFF(WEEKS, CAST(a AS TIMESTAMP(3)), CAST(b AS TIMESTAMP(3))) FROM t")).to.deep.equal([
      wordSlip("TIMESTAMPDIFF(WEEKS, CAST(a AS TIMESTAMP(3) …", "WEEKS", "TIMESTAMPDIFF", "TIMESTAMPDIFF(WEEK, CAST(a AS TIMESTAMP(3) …"),
    ]);
  });

  it("valid neighbours stay quiet: unit keywords in any case, time frame names, WEEK(MONDAY), a back-quoted name, a column named timestampadd, other calls", () => {
    expect(
      slips(
        "SELECT TIMESTAMPADD(SECOND, 1, ts), TIMESTAMPADD(minute, 1, ts), TIMESTAMPDIFF(Hour, a, b), TIMESTAMPADD(DAY, 1, ts), TIMESTAMPADD(week, 1, ts), " +
          "TIMESTAMPADD(MONTH, 1, ts), TIMESTAMPADD(QUARTER, 1, ts), TIMESTAMPDIFF(YEAR, a, b), TIMESTAMPADD(MILLISECOND, 1, ts), TIMESTAMPADD(SQL_TSI_DAY, 1, ts), " +
          "TIMESTAMPDIFF(ISOWEEK, a, b), TIMESTAMPADD(WEEK(MONDAY), 1, ts), TIMESTAMPADD(`SECOND`, 1, ts), t.timestampadd, DATE_FORMAT(ts, 'SECONDS') FROM t",
      ),
    ).to.deep.equal([]);
  });

  describe("through FlinkSqlJob", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));
    let n = 0;
    const job = (stmt: (sink: unknown, src: unknown) => ReturnType<Api["sql"]>) => {
      n++;
      const src = new api.FlinkTable(`tu_src${n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], options: { connector: "datagen" } });
      const sink = new api.FlinkTable(`tu_sink${n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "days", type: "INT" }], options: { connector: "blackhole" } });
      return issuesOrNone(() => new api.FlinkSqlJob(`tu${n}`, { statements: [stmt(sink, src)] }));
    };

    it("the trial's TIMESTAMPADD(SECONDS, 1, ts): one error at the statement naming SECOND", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, TIMESTAMPADD(SECONDS, 1, ts), TIMESTAMPDIFF(DAY, ts, ts) FROM ${src}`)).to.deep.equal([
        { path: "statements[0]", message: wordSlip("TIMESTAMPADD(SECONDS, 1, ts)", "SECONDS", "TIMESTAMPADD", "TIMESTAMPADD(SECOND, 1, ts)") },
      ]);
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, TIMESTAMPADD(SECOND, 1, ts), TIMESTAMPDIFF(DAYS, ts, ts) FROM ${src}`)).to.deep.equal([
        { path: "statements[0]", message: wordSlip("TIMESTAMPDIFF(DAYS, ts, ts)", "DAYS", "TIMESTAMPDIFF", "TIMESTAMPDIFF(DAY, ts, ts)") },
      ]);
    });

    it("the singular units stay quiet", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, TIMESTAMPADD(SECOND, 1, ts), TIMESTAMPDIFF(DAY, ts, ts) FROM ${src}`)).to.deep.equal([]);
    });
  });
});
