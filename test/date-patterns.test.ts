/**
 * FlinkSqlJob: slips in the literal patterns of DATE_FORMAT, TO_TIMESTAMP, TO_DATE, UNIX_TIMESTAMP
 * and FROM_UNIXTIME (src/sql/date-patterns.ts): mm (the minute) where the month is meant, YYYY (the
 * week-based year), DD (the day of the year), hh without AM/PM. Flink applies the pattern as written
 * (DateTimeFormatter / SimpleDateFormat: flink DateTimeUtils), so the values are silently wrong (the
 * new-user trial's w26 and w27, both into a partition column). A warning with the pattern to write.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const MINUTE = "mm is the minute of the hour (MM is the month), and the pattern has no hour";
const WEEK_YEAR = "YYYY is the week-based year (yyyy is the year), which is another year around New Year (2024-12-30 is in week-based year 2025)";
const DAY_OF_YEAR = "DD is the day of the year (dd is the day of the month)";
const TWELVE = "hh is the hour of a 12-hour clock (1 to 12; HH is 0 to 23), and the pattern has no AM/PM marker (a)";
const DTF_OR_SDF = "Java's DateTimeFormatter for a TIMESTAMP, SimpleDateFormat for a string";
const warning = (at: string, shown: string, says: string[], formatter: string, write: string) =>
  `${at}: ${shown}: ${says.join("; ")}. Flink applies the pattern as written (${formatter}, which read these letters alike), so the values are wrong, without an error; write ${write}`;

describe("FlinkSqlJob: date pattern slips", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const kafka = (topic: string) => ({ connector: "kafka", topic, "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" });
  const events = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "s", type: "STRING" }, { name: "epoch", type: "BIGINT" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: kafka(name),
    });
  const sink = (name: string, columns: { name: string; type: string }[]) => new api.FlinkTable(name, { columns, options: { connector: "blackhole" } });
  const job = (name: string, statements: unknown[]) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements as never }));

  it("the trial's w26 and w27: DATE_FORMAT(ts, 'yyyy-mm-dd') and 'YYYY-MM-dd' into a partition column", () => {
    const e = events("dp-events");
    const s = sink("dp-out", [{ name: "id", type: "BIGINT" }, { name: "dt", type: "STRING" }]);
    const s2 = sink("dp-out2", [{ name: "id", type: "BIGINT" }, { name: "dt", type: "STRING" }]);
    expect(job("dp-1", [api.sql`INSERT INTO ${s} SELECT id, DATE_FORMAT(ts, 'yyyy-mm-dd') FROM ${e}`, api.sql`INSERT INTO ${s2} SELECT id, DATE_FORMAT(ts, 'YYYY-MM-dd') FROM ${e}`])).to.deep.equal([]);
    expect(jobWarnings("dp-1")).to.deep.equal([
      warning("statements[0]", "DATE_FORMAT(ts, 'yyyy-mm-dd')", [MINUTE], DTF_OR_SDF, "DATE_FORMAT(ts, 'yyyy-MM-dd')"),
      warning("statements[1]", "DATE_FORMAT(ts, 'YYYY-MM-dd')", [WEEK_YEAR], DTF_OR_SDF, "DATE_FORMAT(ts, 'yyyy-MM-dd')"),
    ]);
  });

  it("every slip in one pattern, the parsing and epoch functions, a view, a computed column: one warning per call, once per statement", () => {
    const e = events("dp-events2");
    const computed = new api.FlinkTable("dp-files", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "dt", expression: "DATE_FORMAT(`ts`, 'yyyy-MM-DD')" }],
      options: { connector: "datagen" },
    });
    const s = sink("dp-out3", [{ name: "a", type: "STRING" }, { name: "b", type: "TIMESTAMP(3)" }, { name: "c", type: "DATE" }, { name: "d", type: "BIGINT" }, { name: "e", type: "STRING" }]);
    const s2 = sink("dp-out4", [{ name: "dt", type: "STRING" }, { name: "n", type: "BIGINT" }]);
    expect(
      job("dp-2", [
        api.sql`INSERT INTO ${s} SELECT DATE_FORMAT(ts, 'YYYY-mm-DD'), TO_TIMESTAMP(s, 'yyyy-mm-dd HH:mm'), TO_DATE(s, 'yyyyMMDD'), UNIX_TIMESTAMP(s, 'YYYY-MM-dd HH:mm:ss'), FROM_UNIXTIME(epoch, 'yyyy-MM-dd hh:mm') FROM ${e}`,
        api.sql`CREATE TEMPORARY VIEW daily AS SELECT DATE_FORMAT(ts, 'dd/mm/yyyy') AS dt FROM ${e}`,
        api.sql`INSERT INTO ${s2} SELECT dt, COUNT(*) FROM daily GROUP BY dt`,
        api.sql`INSERT INTO ${s2} SELECT DATE_FORMAT(ts, 'yyyy-mm-dd'), COUNT(*) FROM ${computed} GROUP BY DATE_FORMAT(ts, 'yyyy-mm-dd')`,
      ]),
    ).to.deep.equal([]);
    expect(jobWarnings("dp-2")).to.deep.equal([
      warning("statements[0]", "DATE_FORMAT(ts, 'YYYY-mm-DD')", [MINUTE, WEEK_YEAR, DAY_OF_YEAR], DTF_OR_SDF, "DATE_FORMAT(ts, 'yyyy-MM-dd')"),
      warning("statements[0]", "TO_TIMESTAMP(s, 'yyyy-mm-dd HH:mm')", ["mm is the minute of the hour (MM is the month), and the minute already follows the hour"], "Java's DateTimeFormatter", "TO_TIMESTAMP(s, 'yyyy-MM-dd HH:mm')"),
      warning("statements[0]", "TO_DATE(s, 'yyyyMMDD')", [DAY_OF_YEAR], "Java's SimpleDateFormat", "TO_DATE(s, 'yyyyMMdd')"),
      warning("statements[0]", "UNIX_TIMESTAMP(s, 'YYYY-MM-dd HH:mm:ss')", [WEEK_YEAR], "Java's SimpleDateFormat", "UNIX_TIMESTAMP(s, 'yyyy-MM-dd HH:mm:ss')"),
      warning("statements[0]", "FROM_UNIXTIME(epoch, 'yyyy-MM-dd hh:mm')", [TWELVE], "Java's SimpleDateFormat", "FROM_UNIXTIME(epoch, 'yyyy-MM-dd HH:mm')"),
      warning("statements[1]", "DATE_FORMAT(ts, 'dd/mm/yyyy')", [MINUTE], DTF_OR_SDF, "DATE_FORMAT(ts, 'dd/MM/yyyy')"),
      warning("statements[3]", "DATE_FORMAT(ts, 'yyyy-mm-dd')", [MINUTE], DTF_OR_SDF, "DATE_FORMAT(ts, 'yyyy-MM-dd')"),
      warning("statements", 'FlinkTable "dp-files" columns[2].expression: DATE_FORMAT(`ts`, \'yyyy-MM-DD\')', [DAY_OF_YEAR], DTF_OR_SDF, "DATE_FORMAT(`ts`, 'yyyy-MM-dd')"),
    ]);
  });

  it("quiet: right patterns, week-based year with its week, 12-hour clock with AM/PM, minutes and seconds alone, quoted text, a pattern not written as a literal, a function the job declares", () => {
    const e = events("dp-events3");
    const s = sink("dp-out5", [{ name: "a", type: "STRING" }, { name: "b", type: "STRING" }, { name: "c", type: "STRING" }, { name: "d", type: "STRING" }, { name: "e", type: "STRING" }, { name: "f", type: "STRING" }, { name: "g", type: "TIMESTAMP(3)" }]);
    const s2 = sink("dp-out6", [{ name: "a", type: "STRING" }]);
    expect(
      job("dp-3", [
        api.sql`INSERT INTO ${s} SELECT DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm:ss'), DATE_FORMAT(ts, 'YYYY-''W''ww'), DATE_FORMAT(ts, 'hh:mm a'), DATE_FORMAT(ts, 'mm:ss'), DATE_FORMAT(ts, 'yyyy-DDD'), DATE_FORMAT(ts, s), TO_TIMESTAMP(s, 'yyyy-MM-dd''T''HH:mm') FROM ${e} -- DATE_FORMAT(ts, 'yyyy-mm-dd')`,
        api.sql`CREATE TEMPORARY SYSTEM FUNCTION date_format AS 'com.example.MyFormat'`,
        api.sql`INSERT INTO ${s2} SELECT DATE_FORMAT(ts, 'yyyy-mm-dd') FROM ${e}`,
      ]),
    ).to.deep.equal([]);
    expect(jobWarnings("dp-3")).to.deep.equal([]);
  });
});
