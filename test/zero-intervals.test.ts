/**
 * Interval literals Flink makes 0 milliseconds (src/sql/zero-intervals.ts): a watermark delay
 * below a millisecond warns (Flink keeps whole milliseconds: SqlIntervalQualifier), a window TVF's
 * size, slide or step of 0 milliseconds is an error (flink SliceAssigners refuses it when the job
 * starts); an INTERVAL '0' SECOND delay, an offset of 0 and lengths of a millisecond or more stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { registry } from "../src/components/job-registry.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const DROPPED = "Flink keeps an interval in whole milliseconds and drops the rest, flink SqlIntervalQualifier";
const DELAY = (literal: string): string =>
  `${literal} is 0 milliseconds (${DROPPED}), so the watermark has no delay and a row behind the newest timestamp seen is late; ` +
  "write INTERVAL '0.001' SECOND for the shortest delay Flink holds, or INTERVAL '0' SECOND if no delay is meant";

describe("interval literals that Flink makes 0 milliseconds", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const tableWarnings = (label: string) => registry().tables.find((t) => t.label === label)!.warnings.map((w) => [w.path, w.message]);

  it("a watermark delay below a millisecond warns on a FlinkTable and an IcebergSource; 0 written as 0, and a millisecond, stay quiet", () => {
    const flink = (name: string, expression: string) => new api.FlinkTable(name, { columns: cols, watermark: { column: "ts", expression }, options: { connector: "datagen" } });
    flink("zi_f1", "ts - INTERVAL '0.0005' SECOND(2, 4)");
    flink("zi_f2", "`ts` - INTERVAL '0' SECOND");
    flink("zi_f3", "ts - INTERVAL '0.001' SECOND");
    new api.IcebergSource("zi_i1", { catalog, database: "db", table: "zi_i1", columns: cols, watermark: { column: "ts", expression: "ts - INTERVAL '00:00.0009' MINUTE TO SECOND" } });
    expect(tableWarnings('FlinkTable "zi_f1"')).to.deep.equal([["watermark.expression", DELAY("INTERVAL '0.0005' SECOND(2, 4)")]]);
    expect(tableWarnings('FlinkTable "zi_f2"')).to.deep.equal([]);
    expect(tableWarnings('FlinkTable "zi_f3"')).to.deep.equal([]);
    // Next to the warning every computed watermark of an IcebergSource gets (file order).
    const iceberg = tableWarnings('IcebergSource "zi_i1"');
    expect(iceberg).to.have.length(2);
    expect(iceberg[0]).to.deep.equal(["watermark.expression", DELAY("INTERVAL '00:00.0009' MINUTE TO SECOND")]);
  });

  it("a window TVF's size, slide or step of 0 milliseconds is an error (positional or named), below a millisecond or written as 0", () => {
    const src = new api.FlinkTable("zi_src", { columns: cols, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("zi_out", { columns: [{ name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("zi-w", {
          statements: [
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '0.0005' SECOND(2, 4))) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(HOP(DATA => TABLE ${src}, TIMECOL => DESCRIPTOR(ts), SLIDE => INTERVAL '0' MINUTE, SIZE => INTERVAL '10' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(CUMULATE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '0' HOUR)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `TUMBLE(...) has a size of INTERVAL '0.0005' SECOND(2, 4), which is 0 milliseconds (${DROPPED}), and a window's size must be above 0: ` +
          `the job fails when it starts ("Tumbling Window parameters must satisfy size > 0", flink SliceAssigners); write INTERVAL '0.001' SECOND, the shortest length Flink holds, or longer`,
      ],
      [
        "statements[1]",
        "HOP(...) has a slide of INTERVAL '0' MINUTE, which is 0 milliseconds, and a window's slide must be above 0: " +
          `the job fails when it starts ("Hopping Window must satisfy slide > 0 and size > 0", flink SliceAssigners); write a length above 0, e.g. INTERVAL '1' MINUTE`,
      ],
      [
        "statements[2]",
        "CUMULATE(...) has a size of INTERVAL '0' HOUR, which is 0 milliseconds, and a window's size must be above 0: " +
          `the job fails when it starts ("Cumulative Window parameters must satisfy maxSize > 0 and step > 0", flink SliceAssigners); write a length above 0, e.g. INTERVAL '1' MINUTE`,
      ],
    ]);
  });

  it("a SESSION TVF's gap of 0 milliseconds is an error (positional, named, with PARTITION BY); a gap of a millisecond stays quiet", () => {
    const src = new api.FlinkTable("zi_src_s", { columns: cols, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("zi_out_s", { columns: [{ name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const session = (gap: string) => `the job fails when it starts ("SessionWindowAssigner parameters must satisfy 0 < size", flink SessionWindowAssigner); ${gap}`;
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("zi-s", {
          statements: [
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(SESSION(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '0' SECOND)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(SESSION(DATA => TABLE ${src} PARTITION BY id, TIMECOL => DESCRIPTOR(ts), GAP => INTERVAL '0.0001' SECOND(1, 4))) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(SESSION(TABLE ${src} PARTITION BY id, DESCRIPTOR(ts), INTERVAL '0.001' SECOND)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["statements[0]", `SESSION(...) has a gap of INTERVAL '0' SECOND, which is 0 milliseconds, and a window's gap must be above 0: ${session("write a length above 0, e.g. INTERVAL '1' MINUTE")}`],
      [
        "statements[1]",
        `SESSION(...) has a gap of INTERVAL '0.0001' SECOND(1, 4), which is 0 milliseconds (${DROPPED}), and a window's gap must be above 0: ` +
          session("write INTERVAL '0.001' SECOND, the shortest length Flink holds, or longer"),
      ],
    ]);
  });

  it("an offset of 0, lengths of a millisecond or more and a literal that is not the whole argument stay quiet", () => {
    const src = new api.FlinkTable("zi_src2", { columns: cols, watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("zi_out2", { columns: [{ name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const statements = [
      api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '0' SECOND)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '0.001' SECOND, INTERVAL '0.002' SECOND)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '0' SECOND + INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
    ];
    statements.forEach((statement, i) => {
      expect(issuesOrNone(() => new api.FlinkSqlJob(`zi-q${i}`, { statements: [statement] })), `statement ${i}`).to.deep.equal([]);
      expect(jobWarnings(`zi-q${i}`), `statement ${i}`).to.deep.equal([]);
    });
  });
});
