/**
 * A watermark expression that adds time to its column (src/sql/watermark-ahead.ts): the watermark is
 * the highest value of the expression seen (flink WatermarkAssignerOperator), so `ts + INTERVAL '5'
 * MINUTE` runs ahead of event time and windows drop nearly every row as late (the new-user trial's
 * w55), and TIMESTAMPADD(SECOND, 5, ts) likewise. A warning on a FlinkTable and an IcebergSource with the delay to write; a delay, another
 * column and other expressions stay quiet.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { registry } from "../src/components/job-registry.js";
import { watermarkAhead } from "../src/sql/watermark-ahead.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
  { name: "other", type: "TIMESTAMP(3)" },
];
const AHEAD = (expression: string, delay: string, fix: string): string =>
  `${expression} puts the watermark ${delay} ahead of the newest ts seen: Flink's watermark is the highest value of the expression so far (flink WatermarkAssignerOperator), ` +
  `so windows fire early, and a window, interval join or OVER aggregation drops as late every row that is not newer than all rows before it by more than ${delay}, without an error; ` +
  `write ${fix} for a delay of ${delay} (rows may arrive that much out of order)`;

describe("watermark expressions ahead of event time", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const tableWarnings = (label: string) => registry().tables.find((t) => t.label === label)!.warnings.map((w) => [w.path, w.message]);
  const flink = (name: string, expression: string) =>
    new api.FlinkTable(name, {
      columns: cols,
      watermark: { column: "ts", expression },
      options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" },
    });

  it("the trial's w55 and its spellings: ts + INTERVAL, INTERVAL + `ts`, ts - a negative interval", () => {
    flink("wa_1", "ts + INTERVAL '5' MINUTE");
    flink("wa_2", "INTERVAL '30' SECOND + `ts`");
    flink("wa_3", "ts - INTERVAL '-5' SECOND");
    flink("wa_4", "`ts` - INTERVAL - '0:10' MINUTE TO SECOND");
    expect(tableWarnings('FlinkTable "wa_1"')).to.deep.equal([["watermark.expression", AHEAD("ts + INTERVAL '5' MINUTE", "INTERVAL '5' MINUTE", "ts - INTERVAL '5' MINUTE")]]);
    expect(tableWarnings('FlinkTable "wa_2"')).to.deep.equal([["watermark.expression", AHEAD("INTERVAL '30' SECOND + `ts`", "INTERVAL '30' SECOND", "`ts` - INTERVAL '30' SECOND")]]);
    expect(tableWarnings('FlinkTable "wa_3"')).to.deep.equal([["watermark.expression", AHEAD("ts - INTERVAL '-5' SECOND", "INTERVAL '5' SECOND", "ts - INTERVAL '5' SECOND")]]);
    expect(tableWarnings('FlinkTable "wa_4"')).to.deep.equal([
      ["watermark.expression", AHEAD("`ts` - INTERVAL - '0:10' MINUTE TO SECOND", "INTERVAL '0:10' MINUTE TO SECOND", "`ts` - INTERVAL '0:10' MINUTE TO SECOND")],
    ]);
  });

  it("TIMESTAMPADD with a positive amount, in each unit Flink's TIMESTAMPADD takes, fixed in its own form", () => {
    const cases: [string, string, string][] = [
      ["TIMESTAMPADD(SECOND, 5, ts)", "INTERVAL '5' SECOND", "TIMESTAMPADD(SECOND, -5, ts)"],
      ["timestampadd(minute, +2, `ts`)", "INTERVAL '2' MINUTE", "timestampadd(minute, -2, `ts`)"],
      ["TIMESTAMPADD(HOUR, 1, ts)", "INTERVAL '1' HOUR", "TIMESTAMPADD(HOUR, -1, ts)"],
      ["TIMESTAMPADD(DAY, 3, ts)", "INTERVAL '3' DAY", "TIMESTAMPADD(DAY, -3, ts)"],
      ["TIMESTAMPADD(WEEK, 2, ts)", "INTERVAL '14' DAY", "TIMESTAMPADD(WEEK, -2, ts)"],
      ["TIMESTAMPADD(MONTH, 1, ts)", "INTERVAL '1' MONTH", "TIMESTAMPADD(MONTH, -1, ts)"],
      ["TIMESTAMPADD(QUARTER, 1, ts)", "INTERVAL '3' MONTH", "TIMESTAMPADD(QUARTER, -1, ts)"],
      ["TIMESTAMPADD(YEAR, 1, ts)", "INTERVAL '1' YEAR", "TIMESTAMPADD(YEAR, -1, ts)"],
      ["TIMESTAMPADD(MILLISECOND, 1500, ts)", "INTERVAL '1.5' SECOND", "TIMESTAMPADD(MILLISECOND, -1500, ts)"],
      ["TIMESTAMPADD(SQL_TSI_SECOND, 30, ts)", "INTERVAL '30' SECOND", "TIMESTAMPADD(SQL_TSI_SECOND, -30, ts)"],
      ["TIMESTAMPADD( SECOND , +5 , ts )", "INTERVAL '5' SECOND", "TIMESTAMPADD( SECOND , -5 , ts )"],
    ];
    // A year-month literal added to the column (no fixed length, but ahead all the same), as TIMESTAMPADD(MONTH, ...) is.
    cases.push(["ts + INTERVAL '1' MONTH", "INTERVAL '1' MONTH", "ts - INTERVAL '1' MONTH"], ["ts + INTERVAL '1-6' YEAR TO MONTH", "INTERVAL '1-6' YEAR TO MONTH", "ts - INTERVAL '1-6' YEAR TO MONTH"]);
    cases.forEach(([e], i) => flink(`wa_t${i}`, e));
    expect(cases.map((_, i) => tableWarnings(`FlinkTable "wa_t${i}"`))).to.deep.equal(cases.map(([e, delay, fix]) => [["watermark.expression", AHEAD(e, delay, fix)]]));
  });

  it("an IcebergSource's computed watermark too, next to the warning every computed one gets", () => {
    new api.IcebergSource("wa_i1", { catalog, database: "db", table: "wa_i1", columns: cols, watermark: { column: "ts", expression: "ts + INTERVAL '1' HOUR" } });
    const warnings = tableWarnings('IcebergSource "wa_i1"');
    expect(warnings).to.have.length(2);
    expect(warnings[0]).to.deep.equal(["watermark.expression", AHEAD("ts + INTERVAL '1' HOUR", "INTERVAL '1' HOUR", "ts - INTERVAL '1' HOUR")]);
  });

  it("quiet: a delay, a negative interval added, 0, another column, a month interval, other expressions", () => {
    const quiet = ["ts - INTERVAL '5' MINUTE", "ts + INTERVAL '-5' SECOND", "ts + INTERVAL - '5' SECOND", "ts + INTERVAL '0' SECOND", "ts", "other + INTERVAL '5' SECOND", "ts - INTERVAL '1' MONTH", "ts + INTERVAL '0' MONTH", "ts + INTERVAL '-1-2' YEAR TO MONTH", "TIMESTAMPADD(SECOND, -5, ts)", "ts + INTERVAL '5' SECOND - INTERVAL '10' SECOND",
      "TIMESTAMPADD(MINUTE, 0, ts)", "TIMESTAMPADD(SECOND, 5, other)", "TIMESTAMPADD(SECOND, n, ts)", "TIMESTAMPADD(MICROSECOND, 5000, ts)", "TIMESTAMPADD(SECOND, 5, ts) - INTERVAL '10' SECOND", "TIMESTAMPADD(HOUR, - 1, ts)"];
    quiet.forEach((e, i) => flink(`wa_q${i}`, e));
    expect(quiet.map((_, i) => tableWarnings(`FlinkTable "wa_q${i}"`))).to.deep.equal(quiet.map(() => []));
  });
  it("a year-month literal is read as the day-time ones are (zero-intervals.ts intervalLiteralLengths): units as Flink names them, either sign, only a string Flink takes", () => {
    const cases: [string, string, string][] = [
      ["ts + INTERVAL '1' month", "INTERVAL '1' MONTH", "ts - INTERVAL '1' MONTH"],
      ["ts + INTERVAL '2' YEARS", "INTERVAL '2' YEAR", "ts - INTERVAL '2' YEAR"],
      ["ts + INTERVAL '+1' YEAR", "INTERVAL '+1' YEAR", "ts - INTERVAL '+1' YEAR"],
      ["ts + INTERVAL -'-1' YEAR", "INTERVAL '1' YEAR", "ts - INTERVAL '1' YEAR"],
      ["ts + INTERVAL '1' YEAR ( 4 )", "INTERVAL '1' YEAR(4)", "ts - INTERVAL '1' YEAR(4)"],
    ];
    expect(cases.map(([e]) => watermarkAhead("ts", e))).to.deep.equal(cases.map(([e, delay, fix]) => [AHEAD(e, delay, fix)]));
    // Strings Flink refuses for their qualifier (interval-literals.ts reports those as errors) and a delay stay quiet here.
    const quiet = ["ts + INTERVAL '1-2' YEAR", "ts + INTERVAL '1-12' YEAR TO MONTH", "ts + INTERVAL '100' YEAR", "ts + INTERVAL '1 - 2' YEAR TO MONTH", "ts - INTERVAL '+1' YEAR", "ts + INTERVAL - '1' month"];
    expect(quiet.map((e) => watermarkAhead("ts", e))).to.deep.equal(quiet.map(() => []));
  });
});
