/**
 * A word after an interval string meant as its unit but none Flink's parser has
 * (src/sql/interval-unit-words.ts): `INTERVAL '10' MINS` names MINS and says to write MINUTE,
 * instead of reporting the literal as having no unit; plural units (MINUTES), which Calcite's
 * parser takes, and words that are no unit (AS) keep their own handling.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { intervalLiteralProblems } from "../src/sql/interval-literals.js";

const problems = (expr: string): string[] => intervalLiteralProblems(`SELECT ts + ${expr} FROM t`);
const advice = (expr: string): string[] => problems(expr).map((m) => m.slice(m.lastIndexOf("; write ") + 8));
const NOT_A_UNIT = (w: string) =>
  `${w} is no interval unit in Flink SQL (its units are YEAR, MONTH, DAY, HOUR, MINUTE and SECOND, or their plurals YEARS, MONTHS, DAYS, HOURS, MINUTES and SECONDS, and from Flink 2.0 WEEK and QUARTER), ` +
  `so the job fails when it starts (SQL parse failed at ${w})`;

describe("a word after an interval string that stands for a unit Flink names otherwise", () => {
  it("abbreviations (MINS, hrs, secs, ms, w) are named, with the unit they stand for", () => {
    expect(problems("INTERVAL '10' MINS")).to.deep.equal([`INTERVAL '10' MINS: ${NOT_A_UNIT("MINS")}; write INTERVAL '10' MINUTE`]);
    expect(advice("INTERVAL -'2' hrs")).to.deep.equal(["INTERVAL '-2' HOUR"]);
    expect(advice("INTERVAL '1.5' secs")).to.deep.equal(["INTERVAL '1.5' SECOND"]);
    expect(advice("INTERVAL '500' ms")).to.deep.equal(["INTERVAL '0.5' SECOND"]);
    expect(advice("INTERVAL '3' w")).to.deep.equal(["INTERVAL '21' DAY"]);
    expect(advice("INTERVAL '100' DAYZ")).to.deep.equal(["INTERVAL '100' DAY(3)"]);
  });

  it("a misspelt unit gets the nearest unit; a string of another shape its range", () => {
    expect(problems("INTERVAL '10' MINUTS")).to.deep.equal([`INTERVAL '10' MINUTS: ${NOT_A_UNIT("MINUTS")}; write INTERVAL '10' MINUTE`]);
    expect(advice("INTERVAL '10' SECONDZ")).to.deep.equal(["INTERVAL '10' SECOND"]);
    expect(advice("INTERVAL '1:30' mins")).to.deep.equal(["INTERVAL '1:30' MINUTE TO SECOND"]);
    expect(advice("INTERVAL 'x' hrs")).to.deep.equal(["e.g. INTERVAL '1' HOUR"]);
  });

  it("quiet neighbours: plural and singular units pass; a word that is no unit keeps the no-unit message", () => {
    expect(problems("INTERVAL '10' MINUTES + INTERVAL '10' MINUTE + INTERVAL '2' HOURS + INTERVAL '1' SECONDS")).to.deep.equal([]);
    const [asAlias] = problems("INTERVAL '10' AS x");
    expect(asAlias).to.match(/^INTERVAL '10' has no unit after its string: /);
  });

  describe("in a job's statement", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));

    it("TUMBLE(..., INTERVAL '10' MINS): an error at statements[0] that says MINUTE; INTERVAL '10' MINUTES passes", () => {
      const columns = [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
      const clicks = new api.FlinkTable("iuw_clicks", { columns, watermark: { column: "ts", expression: "ts - INTERVAL '5' SECONDS" }, options: { connector: "datagen" } });
      const out = new api.FlinkTable("iuw_out", { columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
      const job = (name: string, unit: string) => () =>
        new api.FlinkSqlJob(name, {
          statements: [api.sql`INSERT INTO ${out} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${clicks}, DESCRIPTOR(ts), INTERVAL '10' ${unit})) GROUP BY window_start, window_end`],
        });
      expect(issuesOf(job("iuw-mins", "MINS"))).to.deep.equal([{ path: "statements[0]", message: `INTERVAL '10' MINS: ${NOT_A_UNIT("MINS")}; write INTERVAL '10' MINUTE` }]);
      expect(issuesOrNone(job("iuw-minutes", "MINUTES"))).to.deep.equal([]);
    });
  });
});
