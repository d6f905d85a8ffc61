/**
 * Windows whose length is a year-month interval (src/sql/month-windows.ts): a window TVF's size,
 * slide, step or gap of MONTH / YEAR is an error in a streaming and a batch job (flink WindowUtil), a
 * legacy group window's an error in a streaming job (StreamLogicalWindowAggregateRule) and a warning
 * in a batch one; day-time lengths, a GROUP BY FLOOR(ts TO MONTH) and a MONTH literal that is no
 * window length stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const cols = [
  { name: "id", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const FLINK = '"Window aggregate only support SECOND, MINUTE, HOUR, DAY as the time unit. MONTH and YEAR time unit are not supported yet."';
const DAY_TIME = "write a day-time length (SECOND, MINUTE, HOUR or DAY, e.g. INTERVAL '30' DAY), ";
const UPDATES = " (a regular aggregation, whose results update: its sink needs a primary key)";

describe("windows whose length is a year-month interval", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const src = (name: string, bounded = false) =>
    new api.FlinkTable(name, { columns: cols, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen", ...(bounded ? { "number-of-rows": "10" } : {}) } });
  const out = (name: string) => new api.FlinkTable(name, { columns: [{ name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });

  it("a window TVF of MONTH / YEAR lengths in a streaming job: errors naming the length and the remedy", () => {
    const [s, o] = [src("mw_src"), out("mw_out")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("mw-1", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' MONTH)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM TABLE(HOP(DATA => TABLE ${s}, TIMECOL => DESCRIPTOR(ts), SLIDE => INTERVAL '1' DAY, SIZE => INTERVAL '1' YEAR)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM TABLE(CUMULATE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' MONTH, INTERVAL '1-6' YEAR TO MONTH)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    const plans = `Flink's windows have fixed lengths: it fails the statement when it plans the job (${FLINK}, flink WindowUtil); ${DAY_TIME}`;
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["statements[0]", `TUMBLE(...) has a size of INTERVAL '1' MONTH, a year-month interval, and ${plans}or for calendar months aggregate without a window: GROUP BY FLOOR(ts TO MONTH)${UPDATES}`],
      ["statements[1]", `HOP(...) has a size of INTERVAL '1' YEAR, a year-month interval, and ${plans}or for calendar years aggregate without a window: GROUP BY FLOOR(ts TO YEAR)${UPDATES}`],
      ["statements[2]", `CUMULATE(...) has a step of INTERVAL '1' MONTH, a year-month interval, and ${plans}or for calendar months aggregate without a window: GROUP BY FLOOR(ts TO MONTH)${UPDATES}`],
      ["statements[2]", `CUMULATE(...) has a size of INTERVAL '1-6' YEAR TO MONTH, a year-month interval, and ${plans}or for calendar months aggregate without a window: GROUP BY FLOOR(ts TO MONTH)${UPDATES}`],
    ]);
  });

  it("a window TVF of a MONTH size in a batch job: an error without the note on updates", () => {
    const [s, o] = [src("mw_src_b", true), out("mw_out_b")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("mw-2", {
          runtimeMode: "batch",
          statements: [api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '2' MONTH)) GROUP BY window_start, window_end`],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `TUMBLE(...) has a size of INTERVAL '2' MONTH, a year-month interval, and Flink's windows have fixed lengths: it fails the statement when it plans the job (${FLINK}, flink WindowUtil); ` +
          `${DAY_TIME}or for calendar months aggregate without a window: GROUP BY FLOOR(ts TO MONTH)`,
      ],
    ]);
  });

  it("a legacy group window of a MONTH size: an error in a streaming job, a warning in a batch one", () => {
    const [s, o] = [src("mw_src_l"), out("mw_out_l")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("mw-3", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM ${s} GROUP BY TUMBLE(ts, INTERVAL '1' MONTH)`,
            api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM ${s} GROUP BY id, HOP(ts, INTERVAL '1' MONTH, INTERVAL '12' MONTH)`,
          ],
        }),
    );
    const plans = `Flink's windows have fixed lengths: it fails the statement when it plans the job (${FLINK}, flink StreamLogicalWindowAggregateRule); ${DAY_TIME}`;
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["statements[0]", `TUMBLE(ts, ...) in the GROUP BY has a size of INTERVAL '1' MONTH, a year-month interval, and ${plans}or for calendar months aggregate without a window: GROUP BY FLOOR(ts TO MONTH)${UPDATES}`],
      ["statements[1]", `HOP(ts, ...) in the GROUP BY has a slide of INTERVAL '1' MONTH, a year-month interval, and ${plans}or for calendar months aggregate without a window: GROUP BY FLOOR(ts TO MONTH)${UPDATES}`],
      ["statements[1]", `HOP(ts, ...) in the GROUP BY has a size of INTERVAL '12' MONTH, a year-month interval, and ${plans}or for calendar years aggregate without a window: GROUP BY FLOOR(ts TO YEAR)${UPDATES}`],
    ]);
    const [s2, o2] = [src("mw_src_l2", true), out("mw_out_l2")];
    expect(
      issuesOrNone(() => new api.FlinkSqlJob("mw-4", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${o2} SELECT COUNT(*) FROM ${s2} GROUP BY TUMBLE(ts, INTERVAL '1' MONTH)`] })),
    ).to.deep.equal([]);
    expect(jobWarnings("mw-4")).to.deep.equal([
      "statements[0]: TUMBLE(ts, ...) in a batch job's GROUP BY has a size of INTERVAL '1' MONTH, a year-month interval: Flink's batch planner does not refuse it as the streaming one does, " +
        "but reads the literal's value, a count of months, as milliseconds (flink BatchLogicalWindowAggregateRule), so the windows are not calendar months; " +
        `${DAY_TIME}or for calendar months aggregate without a window: GROUP BY FLOOR(ts TO MONTH)`,
    ]);
  });

  it("day-time lengths, GROUP BY FLOOR(ts TO MONTH) and a MONTH literal that is no window length stay quiet", () => {
    const [s, o] = [src("mw_src_q"), out("mw_out_q")];
    const statements = [
      api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '30' DAY)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' DAY)) WHERE ts > TIMESTAMP '2026-01-01 00:00:00' - INTERVAL '1' MONTH GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM ${s} GROUP BY TUMBLE(ts, INTERVAL '1' DAY)`,
    ];
    statements.forEach((statement, i) => {
      expect(issuesOrNone(() => new api.FlinkSqlJob(`mw-q${i}`, { statements: [statement] })), `statement ${i}`).to.deep.equal([]);
      expect(jobWarnings(`mw-q${i}`), `statement ${i}`).to.deep.equal([]);
    });
    const keyed = new api.FlinkTable("mw_out_k", {
      columns: [{ name: "m", type: "TIMESTAMP(3) NOT NULL" }, { name: "n", type: "BIGINT" }],
      primaryKey: ["m"],
      options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
    // A qualified name is a catalog function, not the group window (legacy-window-calls.ts).
    const qualified = issuesOrNone(() => new api.FlinkSqlJob("mw-q-qualified", { statements: [api.sql`INSERT INTO ${o} SELECT COUNT(*) FROM ${s} GROUP BY mydb.TUMBLE(ts, INTERVAL '1' MONTH)`] }));
    expect(qualified.filter((i) => i.message.includes("year-month"))).to.deep.equal([]);
    expect(jobWarnings("mw-q-qualified").filter((w) => w.includes("year-month"))).to.deep.equal([]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("mw-q-floor", { statements: [api.sql`INSERT INTO ${keyed} SELECT FLOOR(ts TO MONTH), COUNT(*) FROM ${s} GROUP BY FLOOR(ts TO MONTH)`] }))).to.deep.equal([]);
  });
});
