/**
 * FlinkSqlJob: a window over a view column that casts a time attribute (src/sql/view-time-casts.ts):
 * a CAST is typed by its target type, a plain TIMESTAMP, so the window fails in a streaming job.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: a window over a view column that casts a time attribute", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const events = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "pt", expression: "PROCTIME()" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '1' SECOND" },
      options: { connector: "datagen" },
    });
  const sink = (name: string) => new api.FlinkTable(name, { columns: [{ name: "ws", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
  const job = (name: string, statements: unknown[], extra: Record<string, unknown> = {}) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements as never, ...extra }));

  it("TUMBLE over CAST(ts AS TIMESTAMP(3)) AS ts2: an error naming the view, the column and the fix", () => {
    const e = events("vc-events1");
    const s = sink("vc-out1");
    expect(
      job("vc-1", [
        api.sql`CREATE TEMPORARY VIEW v AS SELECT id, CAST(ts AS TIMESTAMP(3)) AS ts2 FROM ${e}`,
        api.sql`INSERT INTO ${s} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v, DESCRIPTOR(ts2), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
      ]),
    ).to.deep.equal([
      {
        path: "statements[1]",
        message:
          'TUMBLE(TABLE v, DESCRIPTOR(ts2), ...) in a streaming job needs a time attribute, and ts2 of the view v (statements[0]) is CAST(ts AS TIMESTAMP(3)), which turns the event-time attribute ts of FlinkTable "vc-events1" into a plain value: ' +
          'Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); window over ts itself: select it unchanged in the view (ts, or ts AS ts2: a plain reference keeps the time attribute)',
      },
    ]);
  });

  it("HOP over a TRY_CAST of the PROCTIME() column, and a legacy GROUP BY TUMBLE over a cast rowtime: errors", () => {
    const e = events("vc-events2");
    const s1 = sink("vc-out2a");
    const s2 = sink("vc-out2b");
    expect(
      job("vc-2", [
        api.sql`CREATE TEMPORARY VIEW w AS SELECT x.id, TRY_CAST(x.pt AS TIMESTAMP_LTZ(3)) p2, CAST(\`ts\` AS TIMESTAMP(3)) AS \`t2\` FROM ${e} AS x WHERE x.id > 0`,
        api.sql`INSERT INTO ${s1} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE w, DESCRIPTOR(p2), INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${s2} SELECT TUMBLE_START(t2, INTERVAL '1' MINUTE), COUNT(*) FROM w AS z GROUP BY TUMBLE(z.t2, INTERVAL '1' MINUTE)`,
      ]),
    ).to.deep.equal([
      {
        path: "statements[1]",
        message:
          'HOP(TABLE w, DESCRIPTOR(p2), ...) in a streaming job needs a time attribute, and p2 of the view w (statements[0]) is TRY_CAST(x.pt AS TIMESTAMP_LTZ(3)), which turns the processing-time attribute pt of FlinkTable "vc-events2" into a plain value: ' +
          'Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); window over pt itself: select it unchanged in the view (pt, or pt AS p2: a plain reference keeps the time attribute)',
      },
      {
        path: "statements[2]",
        message:
          'TUMBLE(t2, ...) in a streaming job\'s GROUP BY needs a time attribute, and t2 of the view w (statements[0]) is CAST(`ts` AS TIMESTAMP(3)), which turns the event-time attribute ts of FlinkTable "vc-events2" into a plain value: ' +
          'Flink rejects the statement when it plans the job (a window "can only be defined over a time attribute column"); window over ts itself: select it unchanged in the view (ts, or ts AS t2: a plain reference keeps the time attribute)',
      },
    ]);
  });

  it("quiet: a view passing ts through unchanged or renamed, a window over the original column, a cast of a value column, a batch job", () => {
    const e = events("vc-events3");
    const s = [1, 2, 3, 4].map((k) => sink(`vc-out3-${k}`));
    expect(
      job("vc-3", [
        api.sql`CREATE TEMPORARY VIEW v1 AS SELECT id, ts, ts AS ts2, CAST(id AS STRING) AS sid FROM ${e}`,
        api.sql`CREATE TEMPORARY VIEW v2 AS SELECT id, ts, CAST(ts AS TIMESTAMP(3)) AS ts2 FROM ${e}`,
        api.sql`INSERT INTO ${s[0]} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v1, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${s[1]} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v1, DESCRIPTOR(ts2), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${s[2]} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v2, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${s[3]} SELECT TUMBLE_START(ts, INTERVAL '1' MINUTE), COUNT(*) FROM v2 GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE)`,
      ]),
    ).to.deep.equal([]);
    const b = new api.FlinkTable("vc-events4", { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen", "number-of-rows": "10" } });
    const bs = sink("vc-out4");
    expect(
      job("vc-4", [
        api.sql`CREATE TEMPORARY VIEW v AS SELECT id, CAST(ts AS TIMESTAMP(3)) AS ts2 FROM ${b}`,
        api.sql`INSERT INTO ${bs} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v, DESCRIPTOR(ts2), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
      ], { runtimeMode: "batch" }),
    ).to.deep.equal([]);
  });
});
