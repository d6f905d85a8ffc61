/**
 * HOP and CUMULATE lengths Flink cannot slice (src/sql/window-multiples.ts): a window aggregation
 * over a HOP whose size is no integral multiple of its slide (incl. the arguments swapped), and a
 * CUMULATE whose maximum size is no integral multiple of its step in any use, fail when Flink plans
 * the job (StreamExecWindowAggregateBase, SliceAssigners; CumulativeWindowAssigner). Multiples,
 * TUMBLE, a HOP not aggregated (its SlidingWindowAssigner takes any lengths) and a batch job's HOP
 * stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const cols = [
  { name: "id", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const HOP_PLANNER = (size: number, slide: number): string =>
  `"HOP table function based aggregate requires size must be an integral multiple of slide, but got size ${size} ms and slide ${slide} ms"`;
const CUMULATE_PLANNER = (maxSize: number, step: number): string =>
  `"CUMULATE table function based aggregate requires maxSize must be an integral multiple of step, but got maxSize ${maxSize} ms and step ${step} ms"`;
const OPERATOR = '"CumulativeWindowAssigner requires size must be an integral multiple of step."';
const GROUPED = (long: string, short: string): string =>
  `the statement aggregates over its windows (GROUP BY window_start, window_end), and a window aggregation slices the ${long} into ${short}s, so the ${long} must be an integral multiple of the ${short}`;

describe("HOP and CUMULATE lengths that Flink cannot slice", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  /** The job's issues as [path, message]. */
  const jobIssues = (name: string, statements: ReturnType<Api["sql"]>[], runtimeMode?: "batch") =>
    issuesOrNone(() => new api.FlinkSqlJob(name, { statements, ...(runtimeMode !== undefined ? { runtimeMode } : {}) })).map((i) => [i.path, i.message]);
  const tables = (prefix: string, rows = false) => ({
    src: new api.FlinkTable(`${prefix}_clicks`, {
      columns: cols,
      watermark: { column: "ts", expression: "ts" },
      options: { connector: "datagen", ...(rows ? { "number-of-rows": "10" } : {}) },
    }),
    sink: new api.FlinkTable(`${prefix}_out`, { columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } }),
  });

  it("a window aggregation over a HOP with the arguments swapped, or a size no multiple of the slide (positional, named, below a second) is an error", () => {
    const { src, sink } = tables("wm_h");
    const issues = jobIssues("wm-h", [
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(DATA => TABLE ${src}, TIMECOL => DESCRIPTOR(ts),
        SIZE => INTERVAL '10' MINUTE, SLIDE => INTERVAL '3' MINUTE)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1.5' SECOND, INTERVAL '4' SECOND)) GROUP BY window_end, window_start`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '25' MINUTE)) GROUP BY window_start, window_end`,
    ]);
    expect(issues).to.deep.equal([
      [
        "statements[0]",
        `HOP(TABLE wm_h_clicks, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' MINUTE) has a slide of INTERVAL '10' MINUTE (600000 ms) and a size of INTERVAL '1' MINUTE (60000 ms); ${GROUPED("size", "slide")}: ` +
          `the job fails when Flink plans it (${HOP_PLANNER(60000, 600000)}); HOP's arguments are (slide, size): for windows of INTERVAL '10' MINUTE every INTERVAL '1' MINUTE write ` +
          "HOP(TABLE wm_h_clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '10' MINUTE)",
      ],
      [
        "statements[1]",
        "HOP(DATA => TABLE wm_h_clicks, TIMECOL => DESCRIPTOR(ts), SIZE => INTERVAL '10' MINUTE, SLIDE => INTERVAL '3' MINUTE) has a slide of INTERVAL '3' MINUTE (180000 ms) and a size of INTERVAL '10' MINUTE (600000 ms); " +
          `${GROUPED("size", "slide")}: the job fails when Flink plans it (${HOP_PLANNER(600000, 180000)}); ` +
          "write a slide that divides the size, e.g. INTERVAL '2' MINUTE or INTERVAL '5' MINUTE, or a size that is a multiple of the slide, e.g. INTERVAL '9' MINUTE or INTERVAL '12' MINUTE",
      ],
      [
        "statements[2]",
        `HOP(TABLE wm_h_clicks, DESCRIPTOR(ts), INTERVAL '1.5' SECOND, INTERVAL '4' SECOND) has a slide of INTERVAL '1.5' SECOND (1500 ms) and a size of INTERVAL '4' SECOND (4000 ms); ${GROUPED("size", "slide")}: ` +
          `the job fails when Flink plans it (${HOP_PLANNER(4000, 1500)}); write a slide that divides the size, e.g. INTERVAL '1' SECOND or INTERVAL '2' SECOND, or a size that is a multiple of the slide, e.g. INTERVAL '3' SECOND or INTERVAL '4.5' SECOND`,
      ],
      [
        "statements[3]",
        `HOP(TABLE wm_h_clicks, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '25' MINUTE) has a slide of INTERVAL '1' HOUR (3600000 ms) and a size of INTERVAL '25' MINUTE (1500000 ms); ${GROUPED("size", "slide")}: ` +
          `the job fails when Flink plans it (${HOP_PLANNER(1500000, 3600000)}); write a size that is a multiple of the slide, e.g. INTERVAL '1' HOUR, or a slide that divides the size (HOP's arguments are (slide, size))`,
      ],
    ]);
  });

  it("a CUMULATE whose maximum size is no multiple of its step is an error aggregated or not, in a batch job too, and in a view", () => {
    const { src, sink } = tables("wm_c");
    const issues = jobIssues("wm-c", [
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(CUMULATE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT window_start, id FROM TABLE(CUMULATE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' DAY, INTERVAL '1' HOUR))`,
      api.sql`CREATE TEMPORARY VIEW wm_cv AS SELECT * FROM TABLE(CUMULATE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR))`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM wm_cv GROUP BY window_start, window_end`,
    ]);
    const fails = "the job fails when Flink plans it";
    expect(issues).to.deep.equal([
      [
        "statements[0]",
        `CUMULATE(TABLE wm_c_clicks, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR) has a step of INTERVAL '7' MINUTE (420000 ms) and a maximum size of INTERVAL '1' HOUR (3600000 ms); ${GROUPED("maximum size", "step")}: ` +
          `${fails} (${CUMULATE_PLANNER(3600000, 420000)}); write a step that divides the maximum size, e.g. INTERVAL '6' MINUTE or INTERVAL '10' MINUTE, or a maximum size that is a multiple of the step, e.g. INTERVAL '56' MINUTE or INTERVAL '63' MINUTE`,
      ],
      [
        "statements[1]",
        "CUMULATE(TABLE wm_c_clicks, DESCRIPTOR(ts), INTERVAL '1' DAY, INTERVAL '1' HOUR) has a step of INTERVAL '1' DAY (86400000 ms) and a maximum size of INTERVAL '1' HOUR (3600000 ms); " +
          `Flink slices the maximum size into steps, so the maximum size must be an integral multiple of the step: ${fails} (${OPERATOR}); ` +
          "CUMULATE's arguments are (step, size): for windows of INTERVAL '1' DAY every INTERVAL '1' HOUR write CUMULATE(TABLE wm_c_clicks, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '1' DAY)",
      ],
      [
        "statements[2]",
        "CUMULATE(TABLE wm_c_clicks, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR) has a step of INTERVAL '7' MINUTE (420000 ms) and a maximum size of INTERVAL '1' HOUR (3600000 ms); " +
          `Flink slices the maximum size into steps, so the maximum size must be an integral multiple of the step: ${fails} (${OPERATOR}); ` +
          "write a step that divides the maximum size, e.g. INTERVAL '6' MINUTE or INTERVAL '10' MINUTE, or a maximum size that is a multiple of the step, e.g. INTERVAL '56' MINUTE or INTERVAL '63' MINUTE",
      ],
    ]);
    const batch = tables("wm_cb", true);
    const batchIssues = jobIssues(
      "wm-cb",
      [api.sql`INSERT INTO ${batch.sink} SELECT window_start, COUNT(*) FROM TABLE(CUMULATE(TABLE ${batch.src}, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR)) GROUP BY window_start, window_end`],
      "batch",
    );
    expect(batchIssues).to.deep.equal([
      [
        "statements[0]",
        "CUMULATE(TABLE wm_cb_clicks, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR) has a step of INTERVAL '7' MINUTE (420000 ms) and a maximum size of INTERVAL '1' HOUR (3600000 ms); " +
          `Flink slices the maximum size into steps, so the maximum size must be an integral multiple of the step: ${fails} (${OPERATOR}); ` +
          "write a step that divides the maximum size, e.g. INTERVAL '6' MINUTE or INTERVAL '10' MINUTE, or a maximum size that is a multiple of the step, e.g. INTERVAL '56' MINUTE or INTERVAL '63' MINUTE",
      ],
    ]);
  });

  it("a HOP in a view that the INSERT aggregates by window_start and window_end is an error at the INSERT", () => {
    const { src, sink } = tables("wm_v");
    const issues = jobIssues("wm-v", [
      api.sql`CREATE TEMPORARY VIEW wm_hv AS SELECT * FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' MINUTE))`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM wm_hv GROUP BY window_start, window_end`,
    ]);
    expect(issues).to.deep.equal([
      [
        "statements[1]",
        `HOP(TABLE wm_v_clicks, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' MINUTE) in the view in statements[0] has a slide of INTERVAL '10' MINUTE (600000 ms) and a size of INTERVAL '1' MINUTE (60000 ms); ${GROUPED("size", "slide")}: ` +
          `the job fails when Flink plans it (${HOP_PLANNER(60000, 600000)}); HOP's arguments are (slide, size): for windows of INTERVAL '10' MINUTE every INTERVAL '1' MINUTE write ` +
          "HOP(TABLE wm_v_clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '10' MINUTE)",
      ],
    ]);
  });

  it("multiples, TUMBLE, a HOP that is not aggregated, a batch job's HOP and a legacy GROUP BY HOP stay quiet", () => {
    const { src, sink } = tables("wm_q");
    const quiet = [
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '10' MINUTE)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '15' MINUTE, INTERVAL '1' HOUR)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(CUMULATE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' HOUR, INTERVAL '1' DAY)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '7' MINUTE)) GROUP BY window_start, window_end`,
      api.sql`INSERT INTO ${sink} SELECT window_start, id FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' MINUTE))`,
      api.sql`INSERT INTO ${sink} SELECT window_start, id FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY id) AS rn FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '3' MINUTE, INTERVAL '10' MINUTE))) WHERE rn <= 3`,
      api.sql`INSERT INTO ${sink} SELECT HOP_START(ts, INTERVAL '3' MINUTE, INTERVAL '10' MINUTE), COUNT(*) FROM ${src} GROUP BY HOP(ts, INTERVAL '3' MINUTE, INTERVAL '10' MINUTE)`,
    ];
    quiet.forEach((statement, i) => {
      expect(issuesOrNone(() => new api.FlinkSqlJob(`wm-q${i}`, { statements: [statement] })), `statement ${i}`).to.deep.equal([]);
      expect(jobWarnings(`wm-q${i}`), `statement ${i}`).to.deep.equal([]);
    });
    const batch = tables("wm_qb", true);
    const hop = api.sql`INSERT INTO ${batch.sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${batch.src}, DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`;
    expect(jobIssues("wm-qb", [hop], "batch")).to.deep.equal([]);
  });
});

describe("HOP lengths under a regular join (HJ review)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a GROUP BY window_start, window_end above a regular JOIN of the HOP's rows is a regular aggregation (window properties do not pass a regular join: flink FlinkRelMdWindowProperties, satisfyWindowJoin), so any lengths are quiet, inline and through a view", () => {
    const src = new api.FlinkTable("wmj_clicks", { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const dim = new api.FlinkTable("wmj_dim", { columns: [{ name: "id", type: "BIGINT" }, { name: "name", type: "STRING" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable("wmj_out", { columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("wmj", {
          statements: [
            api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '3' MINUTE, INTERVAL '10' MINUTE)) h JOIN ${dim} AS d ON h.id = d.id GROUP BY window_start, window_end`,
            api.sql`CREATE TEMPORARY VIEW wmj_v AS SELECT h.window_start, h.window_end, d.name FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '3' MINUTE, INTERVAL '10' MINUTE)) h JOIN ${dim} AS d ON h.id = d.id`,
            api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM wmj_v GROUP BY window_start, window_end`,
          ],
        }),
    ).map((i) => [i.path, i.message]);
    expect(issues).to.deep.equal([]);
  });

  it("a comma join, an IN, NOT EXISTS or scalar subquery is a regular join as much as JOIN ... ON (src/sql/query-joins.ts): quiet, inline and through a view; a HOP filtered by IN (a list of values) is still an error", () => {
    const src = new api.FlinkTable("wmc_clicks", { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const dim = new api.FlinkTable("wmc_dim", { columns: [{ name: "id", type: "BIGINT" }, { name: "name", type: "STRING" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable("wmc_out", { columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const hop = api.sql`TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR))`;
    const issues = (name: string, statements: ReturnType<Api["sql"]>[]) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements })).map((i) => [i.path, i.message]);
    const quiet = {
      comma: [api.sql`INSERT INTO ${sink} SELECT w.window_start, COUNT(*) FROM ${hop} w, ${dim} d WHERE w.id = d.id GROUP BY w.window_start, w.window_end`],
      in: [api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM ${hop} WHERE id IN (SELECT id FROM ${dim}) GROUP BY window_start, window_end`],
      notExists: [api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM ${hop} w WHERE NOT EXISTS (SELECT 1 FROM ${dim} d WHERE d.id = w.id) GROUP BY window_start, window_end`],
      scalar: [api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM ${hop} WHERE id > (SELECT MAX(id) FROM ${dim}) GROUP BY window_start, window_end`],
      view: [
        api.sql`CREATE TEMPORARY VIEW wmc_v AS SELECT w.window_start, w.window_end FROM ${hop} w, ${dim} d WHERE w.id = d.id`,
        api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM wmc_v GROUP BY window_start, window_end`,
      ],
    };
    for (const [name, statements] of Object.entries(quiet)) expect(issues(`wmc-${name}`, statements), name).to.deep.equal([]);
    const list = [api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM ${hop} WHERE id IN (1, 2) GROUP BY window_start, window_end`];
    expect(issues("wmc-list", list).map(([p]) => p)).to.deep.equal(["statements[0]"]);
  });

  it("window properties lost on the way to the HOP (src/sql/window-path.ts): a JOIN in an intermediate view, a CAST of window_start, a UNION ALL with another window: quiet; the view that passes the columns plainly still errors", () => {
    const src = new api.FlinkTable("wmp_clicks", { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const dim = new api.FlinkTable("wmp_dim", { columns: [{ name: "id", type: "BIGINT" }, { name: "x", type: "STRING" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable("wmp_out", { columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const hop = api.sql`TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR))`;
    const issues = (name: string, statements: ReturnType<Api["sql"]>[]) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements })).map((i) => [i.path, i.message]);
    const quiet = {
      viewJoin: [
        api.sql`CREATE TEMPORARY VIEW wmp_h AS SELECT * FROM ${hop}`,
        api.sql`CREATE TEMPORARY VIEW wmp_hj AS SELECT h.window_start, h.window_end, d.x FROM wmp_h h JOIN ${dim} AS d ON h.id = d.id`,
        api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM wmp_hj GROUP BY window_start, window_end`,
      ],
      cast: [
        api.sql`CREATE TEMPORARY VIEW wmp_hc AS SELECT CAST(window_start AS TIMESTAMP(3)) AS window_start, window_end FROM ${hop}`,
        api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM wmp_hc GROUP BY window_start, window_end`,
      ],
      union: [
        api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM (SELECT window_start, window_end FROM ${hop} UNION ALL SELECT window_start, window_end FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR))) GROUP BY window_start, window_end`,
      ],
    };
    for (const [name, statements] of Object.entries(quiet)) expect(issues(`wmp-${name}`, statements), name).to.deep.equal([]);
    const passed = [
      api.sql`CREATE TEMPORARY VIEW wmp_h2 AS SELECT * FROM ${hop}`,
      api.sql`CREATE TEMPORARY VIEW wmp_hp AS SELECT h.window_start, h.window_end FROM wmp_h2 h WHERE h.id > 0`,
      api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM wmp_hp GROUP BY window_start, window_end`,
    ];
    expect(issues("wmp-passed", passed)).to.deep.equal([
      [
        "statements[2]",
        `HOP(TABLE wmp_clicks, DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR) in the view in statements[0] has a slide of INTERVAL '7' MINUTE (420000 ms) and a size of INTERVAL '1' HOUR (3600000 ms); ${GROUPED("size", "slide")}: the job fails when Flink plans it (${HOP_PLANNER(3600000, 420000)}); write a slide that divides the size, e.g. INTERVAL '6' MINUTE or INTERVAL '10' MINUTE, or a size that is a multiple of the slide, e.g. INTERVAL '56' MINUTE or INTERVAL '63' MINUTE`,
      ],
    ]);
  });

  it("a lookup join (FOR SYSTEM_TIME AS OF) keeps the window aggregation: still an error", () => {
    const src = new api.FlinkTable("wml_clicks", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "pt", expression: "PROCTIME()" }],
      watermark: { column: "ts", expression: "ts" },
      options: { connector: "datagen" },
    });
    const dim = new api.FlinkTable("wml_dim", { columns: [{ name: "id", type: "BIGINT" }, { name: "name", type: "STRING" }], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "dim" } });
    const sink = new api.FlinkTable("wml_out", { columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("wml", {
          statements: [
            api.sql`INSERT INTO ${sink} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '3' MINUTE, INTERVAL '10' MINUTE)) h JOIN ${dim} FOR SYSTEM_TIME AS OF h.pt AS d ON h.id = d.id GROUP BY window_start, window_end`,
          ],
        }),
    ).map((i) => i.message);
    expect(issues.some((m) => m.includes("HOP table function based aggregate requires size must be an integral multiple of slide"))).to.equal(true);
  });
});
