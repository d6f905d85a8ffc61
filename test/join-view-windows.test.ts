/**
 * A window over a view whose regular join leaves its column no time attribute
 * (src/sql/join-view-windows.ts, flink RelTimeIndicatorConverter visitJoin): a window TVF and a
 * legacy group window over it are errors in a streaming job; a view over an interval join or an
 * event-time temporal join, a batch job and a window over a joined column of a single-table view
 * stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

describe("windows over a view of a regular join", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const orders = (name: string, watermark = true) =>
    new api.FlinkTable(name, {
      columns: [{ name: "oid", type: "BIGINT" }, { name: "cid", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }],
      ...(watermark ? { watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" } } : {}),
      options: { connector: "datagen", "number-of-rows": "10" },
    });
  const customers = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT NOT NULL" }, { name: "name", type: "STRING" }, { name: "uts", type: "TIMESTAMP(3)" }],
      primaryKey: ["id"],
      watermark: { column: "uts", expression: "uts" },
      options: { connector: "upsert-kafka", topic: "c", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
  const out = (name: string) => new api.FlinkTable(name, { columns: [{ name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
  const remedy = (t: string) =>
    `window FlinkTable "${t}" before the join (a window aggregation over it, then join its results), ` +
    "or join in a way that keeps the time attribute: an interval join (an ON condition that bounds both sides' time attributes, e.g. `a.ts BETWEEN b.ts - INTERVAL '1' HOUR AND b.ts`) " +
    "or an event-time temporal join (`JOIN other FOR SYSTEM_TIME AS OF a.ts`, which keeps the left side's)";

  it("the trial's case: TUMBLE over a view of a regular JOIN is an error; a legacy group window over it a warning", () => {
    const [o, c, sink] = [orders("jvw_orders"), customers("jvw_customers"), out("jvw_out")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("jvw-1", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW enriched AS SELECT o.ts, o.oid, c.name FROM ${o} o JOIN ${c} c ON o.cid = c.id`,
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE enriched, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    const what =
      'ts of the view enriched (statements[0]) is o.ts, the event-time attribute ts of FlinkTable "jvw_orders", and the view\'s regular JOIN with FlinkTable "jvw_customers" ' +
      "turns its inputs' time attributes into plain timestamps (flink RelTimeIndicatorConverter)";
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        `TUMBLE(TABLE enriched, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ${what}: Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy("jvw_orders")}`,
      ],
    ]);
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("jvw-1w", {
            statements: [
              api.sql`CREATE TEMPORARY VIEW enriched AS SELECT o.ts, o.oid, c.name FROM ${o} o JOIN ${c} c ON o.cid = c.id`,
              api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM enriched GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE)`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("jvw-1w")).to.deep.equal([
      `statements[1]: TUMBLE(ts, ...) in a streaming job's GROUP BY needs a time attribute, and ${what}: Flink rejects the statement when it plans the job, or at best windows a column that is no time attribute any more (rows leave a regular join in no time order); ${remedy("jvw_orders")}`,
    ]);
  });

  it("a column renamed in the view and a column without a watermark (a LEFT JOIN): errors", () => {
    const [o, c, sink] = [orders("jvw_orders2", false), customers("jvw_customers2"), out("jvw_out2")];
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("jvw-2", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW e2 AS SELECT o.ts AS order_time, c.name FROM ${o} AS o LEFT JOIN ${c} AS c ON o.cid = c.id`,
            api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(HOP(TABLE e2, DESCRIPTOR(order_time), INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        "HOP(TABLE e2, DESCRIPTOR(order_time), ...) in a streaming job needs a time attribute, and order_time of the view e2 (statements[0]) is o.ts, the column ts of FlinkTable \"jvw_orders2\", " +
          "and the view's regular JOIN with FlinkTable \"jvw_customers2\" turns its inputs' time attributes into plain timestamps (flink RelTimeIndicatorConverter), so a watermark on it alone would not help: " +
          `Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy("jvw_orders2")}`,
      ],
    ]);
  });

  it("an interval join, an event-time temporal join and a regular join in a batch job stay quiet", () => {
    const [o, c] = [orders("jvw_orders3"), customers("jvw_customers3")];
    const shipments = new api.FlinkTable("jvw_ship", {
      columns: [{ name: "oid", type: "BIGINT" }, { name: "sts", type: "TIMESTAMP(3)" }],
      watermark: { column: "sts", expression: "sts" },
      options: { connector: "datagen", "number-of-rows": "10" },
    });
    const sink = out("jvw_out3");
    const jobs = [
      { name: "jvw-q1", runtimeMode: undefined, statements: [api.sql`CREATE TEMPORARY VIEW v1 AS SELECT o.ts, s.sts FROM ${o} o JOIN ${shipments} s ON o.oid = s.oid AND s.sts BETWEEN o.ts AND o.ts + INTERVAL '1' HOUR`, api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE v1, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] },
      { name: "jvw-q2", runtimeMode: undefined, statements: [api.sql`CREATE TEMPORARY VIEW v2 AS SELECT o.ts, c.name FROM ${o} o JOIN ${c} FOR SYSTEM_TIME AS OF o.ts AS c ON o.cid = c.id`, api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE v2, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] },
      { name: "jvw-q3", runtimeMode: "batch" as const, statements: [api.sql`CREATE TEMPORARY VIEW v3 AS SELECT o.ts, s.sts FROM ${o} o JOIN ${shipments} s ON o.oid = s.oid`, api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE v3, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`] },
    ];
    for (const job of jobs) {
      expect(issuesOrNone(() => new api.FlinkSqlJob(job.name, { statements: job.statements, ...(job.runtimeMode ? { runtimeMode: job.runtimeMode } : {}) })), job.name).to.deep.equal([]);
      expect(jobWarnings(job.name), job.name).to.deep.equal([]);
    }
  });

  it("bounds in the WHERE of an inner or outer join make an interval join: quiet; a WHERE on one side's time attribute only leaves the error", () => {
    const o = orders("jvw_orders4");
    const shipments = new api.FlinkTable("jvw_ship4", {
      columns: [{ name: "oid", type: "BIGINT" }, { name: "sts", type: "TIMESTAMP(3)" }],
      watermark: { column: "sts", expression: "sts" },
      options: { connector: "datagen", "number-of-rows": "10" },
    });
    const sink = out("jvw_out4");
    const jobs = [
      { name: "jvw-w1", statements: [api.sql`CREATE TEMPORARY VIEW shipped3 AS SELECT o.ts, o.oid FROM ${o} o JOIN ${shipments} s ON o.oid = s.oid WHERE o.ts BETWEEN s.sts - INTERVAL '4' HOUR AND s.sts`, api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE shipped3, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end`] },
      { name: "jvw-w2", statements: [api.sql`CREATE TEMPORARY VIEW shipped4 AS SELECT o.ts, o.oid FROM ${o} o JOIN ${shipments} s ON o.oid = s.oid WHERE o.ts BETWEEN s.sts - INTERVAL '4' HOUR AND s.sts`, api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM shipped4 GROUP BY TUMBLE(ts, INTERVAL '1' HOUR)`] },
      { name: "jvw-w3", statements: [api.sql`CREATE TEMPORARY VIEW shipped5 AS SELECT o.ts, o.oid FROM ${o} o LEFT JOIN ${shipments} s ON o.oid = s.oid WHERE s.sts >= o.ts AND s.sts < o.ts + INTERVAL '1' DAY`, api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE shipped5, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end`] },
    ];
    for (const job of jobs) {
      expect(issuesOrNone(() => new api.FlinkSqlJob(job.name, { statements: job.statements })), job.name).to.deep.equal([]);
      expect(jobWarnings(job.name), job.name).to.deep.equal([]);
    }
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("jvw-w4", {
          statements: [api.sql`CREATE TEMPORARY VIEW shipped6 AS SELECT o.ts, o.oid FROM ${o} o JOIN ${shipments} s ON o.oid = s.oid WHERE o.ts > TIMESTAMP '2024-01-01 00:00:00'`, api.sql`INSERT INTO ${sink} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE shipped6, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end`],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        "TUMBLE(TABLE shipped6, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and " +
          'ts of the view shipped6 (statements[0]) is o.ts, the event-time attribute ts of FlinkTable "jvw_orders4", and the view\'s regular JOIN with FlinkTable "jvw_ship4" ' +
          `turns its inputs' time attributes into plain timestamps (flink RelTimeIndicatorConverter): Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy("jvw_orders4")}`,
      ],
    ]);
  });
});
