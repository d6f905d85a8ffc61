/**
 * FlinkSqlJob: the time column of a windowing TVF over an interpolated table (src/sql/window-time.ts):
 * a time attribute in a streaming job (flink StreamPhysicalWindowTableFunctionRule), a TIMESTAMP
 * column in a batch job (flink SqlWindowTableFunction).
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";

describe("FlinkSqlJob: the time column of a window over an interpolated table", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const src = (name: string, extra: Record<string, unknown> = {}) =>
    new api.IcebergSource(name, {
      catalog: hive, database: "web", table: name, streaming: true,
      columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], ...extra,
    });
  const out = (name: string) =>
    new api.IcebergSink(name, { catalog: hive, database: "web", table: name, columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "clicks", type: "BIGINT" }] });
  const issues = issuesOrNone;

  it("streaming, no watermark on the IcebergSource: an error naming the fix (Flink rejects the plan)", () => {
    const s = src("tw-plain");
    const o = out("tw-out1");
    expect(issues(() => new api.FlinkSqlJob("tw-1", { statements: [api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] }))).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'TUMBLE(TABLE tw_plain, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ts of IcebergSource "tw-plain" is a plain TIMESTAMP(3) column: ' +
          'Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); set watermark: { column: "ts" } on IcebergSource "tw-plain" (event time from each data file\'s statistics)',
      },
    ]);
  });

  it("named arguments, SESSION with PARTITION BY, back-quoted names, a view: all read", () => {
    const s = src("tw-named");
    const o = out("tw-out2");
    const o2 = out("tw-out2b");
    const paths = issues(
      () =>
        new api.FlinkSqlJob("tw-2", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW v AS SELECT * FROM TABLE(HOP(DATA => TABLE ${s}, TIMECOL => DESCRIPTOR(\`ts\`), SLIDE => INTERVAL '1' MINUTE, SIZE => INTERVAL '5' MINUTE))`,
            api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(SESSION(TABLE ${s} PARTITION BY (user_id), DESCRIPTOR(ts), INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM v GROUP BY window_start, window_end`,
          ],
        }),
    ).map((i) => `${i.path}: ${i.message.slice(0, 40)}`);
    expect(paths).to.deep.equal(["statements[0]: HOP(TABLE tw_named, DESCRIPTOR(ts), ...)", "statements[1]: SESSION(TABLE tw_named, DESCRIPTOR(ts), "]);
  });

  it("quiet for a watermark column, a PROCTIME() column, a window over a subquery, and text in a literal or comment", () => {
    const s = src("tw-wm", { watermark: { column: "ts" } });
    const k = new api.FlinkTable("tw-kafka", {
      columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }],
      options: { connector: "datagen" },
    });
    const o1 = out("tw-out3");
    const o2 = out("tw-out4");
    const o3 = out("tw-out5");
    expect(
      issues(
        () =>
          new api.FlinkSqlJob("tw-3", {
            statements: [
              api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
              api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${k}, DESCRIPTOR(proc), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
              api.sql`INSERT INTO ${o3} SELECT window_start, COUNT(*) /* TUMBLE(TABLE x, DESCRIPTOR(ts) */ FROM TABLE(TUMBLE(TABLE (SELECT * FROM ${k}), DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            ],
          }),
      ),
    ).to.deep.equal([]);
  });

  it("a FlinkTable without a time attribute: both remedies; an unknown column: named", () => {
    const k = new api.FlinkTable("tw-gen", { columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], options: { connector: "datagen" } });
    const o = out("tw-out6");
    const o2 = out("tw-out7");
    const got = issues(
      () =>
        new api.FlinkSqlJob("tw-4", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(CUMULATE(TABLE ${k}, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '1' HOUR)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${k}, DESCRIPTOR(event_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(got.map((i) => i.message)).to.deep.equal([
      'CUMULATE(TABLE tw_gen, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ts of FlinkTable "tw-gen" is a plain TIMESTAMP(3) column: Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ' +
        'declare watermark: { column: "ts", expression: "`ts` - INTERVAL \'5\' SECOND" } on FlinkTable "tw-gen" for event time, or a computed column { name: "proc_time", expression: "PROCTIME()" } and DESCRIPTOR(proc_time) for processing time',
      'TUMBLE(TABLE tw_gen, DESCRIPTOR(event_time), ...): FlinkTable "tw-gen" has no column "event_time" (columns: user_id, ts); Flink fails the statement ("Unknown identifier")',
    ]);
  });

  it("batch: any TIMESTAMP column is a time column; another type is an error", () => {
    const s = new api.IcebergSource("tw-batch", { catalog: hive, database: "web", table: "b", columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(6)" }] });
    const o = out("tw-out8");
    expect(issues(() => new api.FlinkSqlJob("tw-5", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] }))).to.deep.equal([]);
    const o3 = out("tw-out8s");
    expect(issues(() => new api.FlinkSqlJob("tw-5s", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${o3} SELECT window_start, COUNT(*) FROM TABLE(SESSION(TABLE ${s} PARTITION BY id, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] }))).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'SESSION(TABLE tw_batch, ...) in a batch job: Flink has no session window TVF in batch mode (flink docs window-tvf.md: "Session Window TVF is not supported in batch mode"); run the job in streaming mode, or use TUMBLE, HOP or CUMULATE',
      },
    ]);
    const o2 = out("tw-out9");
    expect(issues(() => new api.FlinkSqlJob("tw-6", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(id), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] }))).to.deep.equal([
      { path: "statements[0]", message: 'TUMBLE(TABLE tw_batch, DESCRIPTOR(id), ...): id of IcebergSource "tw-batch" is BIGINT, and a window\'s time column is TIMESTAMP or TIMESTAMP_LTZ ("The window function ... requires the timecol to be TIMESTAMP or TIMESTAMP_LTZ")' },
    ]);
  });

  it("a view no statement reads is not planned (Flink checks its windows only when it is); PARTITION BY( without a space; a table inside a comment", () => {
    const s = src("tw-unread");
    const o = out("tw-out10");
    const o2 = out("tw-out11");
    expect(
      issues(
        () =>
          new api.FlinkSqlJob("tw-7", {
            statements: [
              api.sql`CREATE TEMPORARY VIEW never_read AS SELECT * FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))`,
              // (user_id, not COUNT(*): an aggregate without GROUP BY into this keyless sink is an error of its own, certain-updates.ts)
              api.sql`INSERT INTO ${o} SELECT CAST(NULL AS TIMESTAMP(3)), user_id FROM ${s} /* TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' MINUTE) */`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    const got = issues(
      () =>
        new api.FlinkSqlJob("tw-8", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW w AS SELECT * FROM TABLE(SESSION(TABLE ${s} PARTITION BY(user_id), DESCRIPTOR(ts), INTERVAL '5' MINUTE))`,
            api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM w GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(got.map((i) => `${i.path}: ${i.message.slice(0, 45)}`)).to.deep.equal(["statements[0]: SESSION(TABLE tw_unread, DESCRIPTOR(ts), ...)"]);
  });

  it("legacy group windows (GROUP BY TUMBLE(col, ...)) over the one table a streaming statement reads", () => {
    const plain = src("tw-legacy");
    const timed = src("tw-legacy-wm", { watermark: { column: "ts" } });
    const o = out("tw-out12");
    const o2 = out("tw-out13");
    const got = issues(
      () =>
        new api.FlinkSqlJob("tw-9", {
          statements: [
            api.sql`INSERT INTO ${o} SELECT TUMBLE_START(ts, INTERVAL '1' MINUTE), COUNT(*) FROM ${plain} c GROUP BY TUMBLE(c.ts, INTERVAL '1' MINUTE)`,
            api.sql`INSERT INTO ${o2} SELECT HOP_START(ts, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE), COUNT(*) FROM ${timed} GROUP BY HOP(ts, INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)`,
          ],
        }),
    );
    expect(got).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'TUMBLE(ts, ...) in a streaming job\'s GROUP BY needs a time attribute, and ts of IcebergSource "tw-legacy" is a plain TIMESTAMP(3) column: ' +
          'Flink rejects the statement when it plans the job ("Window aggregate can only be defined over a time attribute column"); set watermark: { column: "ts" } on IcebergSource "tw-legacy" (event time from each data file\'s statistics)',
      },
    ]);
    // Batch: any TIMESTAMP column; two tables (a join): left to Flink.
    const bounded = new api.IcebergSource("tw-legacy-b", { catalog: hive, database: "web", table: "lb", columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }] });
    const o3 = out("tw-out14");
    expect(issues(() => new api.FlinkSqlJob("tw-10", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${o3} SELECT TUMBLE_START(ts, INTERVAL '1' MINUTE), COUNT(*) FROM ${bounded} GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE)`] }))).to.deep.equal([]);
    const o4 = out("tw-out15");
    expect(issues(() => new api.FlinkSqlJob("tw-11", { statements: [api.sql`INSERT INTO ${o4} SELECT TUMBLE_START(a.ts, INTERVAL '1' MINUTE), COUNT(*) FROM ${plain} a JOIN ${timed} b ON a.user_id = b.user_id GROUP BY TUMBLE(b.ts, INTERVAL '1' MINUTE)`] }))).to.deep.equal([]);
  });

  it("a window over a simple view follows the view's column to its table (projection, *, WHERE); other views are left alone", () => {
    const plain = src("tw-vplain");
    const timed = src("tw-vtimed", { watermark: { column: "ts" } });
    const sinks = [1, 2, 3, 4].map((k) => out(`tw-vout${k}`));
    const got = issues(
      () =>
        new api.FlinkSqlJob("tw-views", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW v1 AS SELECT user_id, ts FROM ${plain}`,
            api.sql`CREATE TEMPORARY VIEW v2 AS SELECT * FROM ${plain} p WHERE p.user_id > 0`,
            api.sql`CREATE TEMPORARY VIEW v3 AS SELECT user_id, ts FROM ${timed} WHERE user_id > 0`,
            api.sql`CREATE TEMPORARY VIEW v4 AS SELECT user_id, CAST(ts AS TIMESTAMP(3)) AS ts FROM ${plain}`,
            api.sql`INSERT INTO ${sinks[0]!} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v1, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${sinks[1]!} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE v2, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${sinks[2]!} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v3, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${sinks[3]!} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v4, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(got.map((i) => i.path)).to.deep.equal(["statements[4]", "statements[5]"]);
    expect(got[0]!.message).to.equal(
      'TUMBLE(TABLE v1, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ts of the view v1 (statements[0]) is ts of IcebergSource "tw-vplain", a plain TIMESTAMP(3) column: ' +
        'Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); set watermark: { column: "ts" } on IcebergSource "tw-vplain" (event time from each data file\'s statistics)',
    );
    expect(got[1]!.message).to.match(/^HOP\(TABLE v2, DESCRIPTOR\(ts\), \.\.\.\) in a streaming job needs a time attribute, and ts of the view v2 \(statements\[1\]\)/);
  });

  it("review cases: a WITH query shadows a view, the first IF NOT EXISTS view stands, a comma join and another qualifier are left alone, a TIMESTAMP(6) column gets a fix that works", () => {
    const plain = src("tw-r-plain");
    const timed = src("tw-r-timed", { watermark: { column: "ts" } });
    const sinks = [1, 2, 3].map((k) => out(`tw-rout${k}`));
    expect(
      issues(
        () =>
          new api.FlinkSqlJob("tw-review", {
            statements: [
              api.sql`CREATE TEMPORARY VIEW IF NOT EXISTS v AS SELECT * FROM ${timed}`,
              api.sql`CREATE TEMPORARY VIEW IF NOT EXISTS v AS SELECT * FROM ${plain}`,
              api.sql`CREATE TEMPORARY VIEW w AS SELECT * FROM ${plain}`,
              api.sql`INSERT INTO ${sinks[0]!} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
              api.sql`INSERT INTO ${sinks[1]!} WITH w AS (SELECT * FROM ${timed}) SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE w, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
              api.sql`INSERT INTO ${sinks[2]!} SELECT TUMBLE_START(b.ts, INTERVAL '1' MINUTE), COUNT(*) FROM ${plain} a, w b WHERE a.user_id = b.user_id GROUP BY TUMBLE(b.ts, INTERVAL '1' MINUTE)`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    const gen = new api.FlinkTable("tw-r-gen", { columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(6)" }], options: { connector: "datagen" } });
    const o = out("tw-rout4");
    const got = issues(() => new api.FlinkSqlJob("tw-review2", { statements: [api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] }));
    expect(got.map((i) => i.message.slice(i.message.indexOf("; give") + 2))).to.deep.equal([
      'give FlinkTable "tw-r-gen" an event-time attribute: a computed column { name: "ts_ms", expression: "CAST(`ts` AS TIMESTAMP(3))" } and watermark: { column: "ts_ms", expression: "`ts_ms` - INTERVAL \'5\' SECOND" } (a watermark needs precision 0 to 3) on FlinkTable "tw-r-gen", then window by ts_ms',
    ]);
  });
});
