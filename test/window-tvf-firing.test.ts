/**
 * Window TVF aggregations with early or late firing on (src/sql/window-tvf-firing.ts, flink
 * WindowUtil.checkEmitConfiguration): an error for a streaming GROUP BY window_start, window_end over
 * a TUMBLE / HOP / CUMULATE / SESSION TVF (also one in a view) when table.exec.emit.early-fire.enabled
 * or table.exec.emit.late-fire.enabled is "true", set by the job or its deploy target; quiet without
 * firing, with "false", with allow-lateness alone, for a window TVF read without a window
 * aggregation, and in a batch job. The same error for a window aggregation over an inner window join
 * of two TVFs (src/sql/window-joins.ts), in the join's query or over a view or subquery that is the
 * join; quiet for its neighbours that Flink plans otherwise.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const FLINK = `Flink refuses a window TVF aggregation when early or late firing is on, when it plans the job ("Currently, window table function based aggregate doesn't support early-fire and late-fire configuration 'table.exec.emit.early-fire.enabled' and 'table.exec.emit.late-fire.enabled'.")`;
const EARLY = 'table.exec.emit.early-fire.enabled "true" (configuration["table.exec.emit.early-fire.enabled"])';

describe("window TVF aggregations with early or late firing", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const src = (name: string, options: Record<string, string> = { connector: "datagen" }) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options,
    });
  const cols = [{ name: "ws", type: "TIMESTAMP(3)" }, { name: "we", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }];
  const sinkOf = (name: string) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns: cols });
  const early = { "table.exec.emit.early-fire.enabled": "true", "table.exec.emit.early-fire.delay": "1 min" };
  const errors = (name: string, args: ConstructorParameters<Api["FlinkSqlJob"]>[1]) => issuesOrNone(() => new api.FlinkSqlJob(name, args)).map((i) => [i.path, i.message]);

  it("a TUMBLE aggregation with early firing in the configuration: an error naming the key and the legacy TUMBLE window", () => {
    const s = src("wt_src");
    const sink = sinkOf("wt_sink");
    const statements = [api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end`];
    expect(errors("wt-1", { configuration: early, statements })).to.deep.equal([
      [
        "statements[0]",
        `the statement aggregates over the window TVF TUMBLE(TABLE wt_src, DESCRIPTOR(ts), INTERVAL '1' HOUR) (GROUP BY window_start, window_end), and the job sets ${EARLY}: ${FLINK}; ` +
          "unset table.exec.emit.early-fire.enabled so that each window emits its result once, or aggregate by the legacy group window GROUP BY TUMBLE(ts, INTERVAL '1' HOUR) (with TUMBLE_START / TUMBLE_END for window_start / window_end), which fires early and late",
      ],
    ]);
  });

  it("a HOP aggregation with late firing set by the Kubernetes target: the target's path; CUMULATE with both keys: both named", () => {
    const s = src("wt_src_h");
    const sink = sinkOf("wt_sink_h");
    const k8s = { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" as const, flinkConfiguration: { "table.exec.emit.late-fire.enabled": "true", "table.exec.emit.late-fire.delay": "1 min", "table.exec.emit.allow-lateness": "1 h" } };
    const hop = [api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM TABLE(HOP(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR)) GROUP BY window_start, window_end`];
    expect(errors("wt-2", { statements: hop, kubernetes: k8s })).to.deep.equal([
      [
        "statements[0]",
        `the statement aggregates over the window TVF HOP(TABLE wt_src_h, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR) (GROUP BY window_start, window_end), and the job sets table.exec.emit.late-fire.enabled "true" (kubernetes.flinkConfiguration["table.exec.emit.late-fire.enabled"]): ${FLINK}; ` +
          "unset table.exec.emit.late-fire.enabled so that each window emits its result once, or aggregate by the legacy group window GROUP BY HOP(ts, INTERVAL '5' MINUTE, INTERVAL '1' HOUR) (with HOP_START / HOP_END for window_start / window_end), which fires early and late",
      ],
    ]);
    const both = { ...early, "table.exec.emit.late-fire.enabled": "TRUE", "table.exec.emit.late-fire.delay": "1 min", "table.exec.emit.allow-lateness": "1 h" };
    const cumulate = [api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM TABLE(CUMULATE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR)) GROUP BY window_start, window_end`];
    expect(errors("wt-3", { configuration: both, statements: cumulate })).to.deep.equal([
      [
        "statements[0]",
        `the statement aggregates over the window TVF CUMULATE(TABLE wt_src_h, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR) (GROUP BY window_start, window_end), and the job sets ${EARLY} and table.exec.emit.late-fire.enabled "true" (configuration["table.exec.emit.late-fire.enabled"]): ${FLINK}; ` +
          "unset table.exec.emit.early-fire.enabled and table.exec.emit.late-fire.enabled (a CUMULATE window already emits a partial result at each step; a legacy group window has no CUMULATE)",
      ],
    ]);
  });

  it("a SESSION TVF in a view that the INSERT aggregates by window: the view named, no legacy window offered", () => {
    const s = src("wt_src_s");
    const sink = sinkOf("wt_sink_s");
    const statements = [
      api.sql`CREATE TEMPORARY VIEW sessions AS SELECT * FROM TABLE(SESSION(TABLE ${s} PARTITION BY id, DESCRIPTOR(ts), INTERVAL '10' MINUTE))`,
      api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM sessions GROUP BY window_start, window_end`,
    ];
    expect(errors("wt-4", { configuration: early, statements })).to.deep.equal([
      [
        "statements[1]",
        `the statement aggregates over the window TVF SESSION(TABLE wt_src_s PARTITION BY id, DESCRIPTOR(ts), INTERVAL '10' MINUTE) in the view in statements[0] (GROUP BY window_start, window_end), and the job sets ${EARLY}: ${FLINK}; ` +
          `unset table.exec.emit.early-fire.enabled (the legacy GROUP BY SESSION(...) refuses early and late firing too: "Session window doesn't support EMIT strategy currently.")`,
      ],
    ]);
  });

  describe("a window aggregation over an inner window join (src/sql/window-joins.ts)", () => {
    const srcTyped = (name: string, type: string) =>
      new api.FlinkTable(name, { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type }], watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" }, options: { connector: "datagen" } });
    /** Text as a sql fragment (no interpolated string). */
    const frag = (text: string) => api.sql(Object.assign([text], { raw: [text] }) as unknown as TemplateStringsArray);
    const tumble = (t: ReturnType<typeof src>, size = "INTERVAL '1' HOUR") => api.sql`TABLE(TUMBLE(TABLE ${t}, DESCRIPTOR(ts), ${frag(size)}))`;
    const JOINED = "a window join keeps the window_start and window_end of its inputs, so Flink plans the aggregation as a window TVF aggregation";
    const UNSET = "the window join emits each window's rows once, when the window closes, so firing could not show a window's result earlier";

    it("grouped in the join's own query: an error naming both TVFs", () => {
      const l = src("wj_l1");
      const r = src("wj_r1");
      const sink = sinkOf("wj_sink1");
      const statements = [
        api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE ${l}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) l JOIN TABLE(TUMBLE(TABLE ${r}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) r ON l.window_start = r.window_start AND l.window_end = r.window_end AND l.id = r.id GROUP BY l.window_start, l.window_end`,
      ];
      expect(errors("wj-1", { configuration: early, statements })).to.deep.equal([
        [
          "statements[0]",
          `the statement aggregates over the window join of TUMBLE(TABLE wj_l1, DESCRIPTOR(ts), INTERVAL '1' HOUR) and TUMBLE(TABLE wj_r1, DESCRIPTOR(ts), INTERVAL '1' HOUR) (GROUP BY window_start, window_end; ${JOINED}), and the job sets ${EARLY}: ${FLINK}; ` +
            `unset table.exec.emit.early-fire.enabled: ${UNSET}`,
        ],
      ]);
    });

    it("the comma join with the window equalities in WHERE (a window join: Flink pushes them into the join), and the ON condition in parentheses: the window-join error naming both TVFs", () => {
      const l = src("wj_lc");
      const r = src("wj_rc");
      const sink = sinkOf("wj_sinkc");
      const statements = [
        api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${tumble(l)} l, ${tumble(r)} r WHERE l.window_start = r.window_start AND l.window_end = r.window_end GROUP BY l.window_start, l.window_end`,
        api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${tumble(l)} l JOIN ${tumble(r)} r ON (l.window_start = r.window_start AND l.window_end = r.window_end) GROUP BY l.window_start, l.window_end`,
      ];
      const told = (k: number) => [
        `statements[${k}]`,
        `the statement aggregates over the window join of TUMBLE(TABLE wj_lc, DESCRIPTOR(ts), INTERVAL '1' HOUR) and TUMBLE(TABLE wj_rc, DESCRIPTOR(ts), INTERVAL '1' HOUR) (GROUP BY window_start, window_end; ${JOINED}), and the job sets ${EARLY}: ${FLINK}; ` +
          `unset table.exec.emit.early-fire.enabled: ${UNSET}`,
      ];
      expect(errors("wj-comma", { configuration: early, statements })).to.deep.equal([told(0), told(1)]);
      // Neighbours of the comma join: an OR in the WHERE, a third relation, the window_end equality missing: quiet (a regular join).
      const quiet = [
        api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${tumble(l)} l, ${tumble(r)} r WHERE l.window_start = r.window_start AND l.window_end = r.window_end OR l.id = 0 GROUP BY l.window_start, l.window_end`,
        api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${tumble(l)} l, ${tumble(r)} r, ${sink} s WHERE l.window_start = r.window_start AND l.window_end = r.window_end GROUP BY l.window_start, l.window_end`,
        api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${tumble(l)} l, ${tumble(r)} r WHERE l.window_start = r.window_start GROUP BY l.window_start, l.window_end`,
      ];
      expect(errors("wj-comma-q", { configuration: early, statements: quiet })).to.deep.equal([]);
    });

    it("a view that is the window join, grouped by the INSERT: the view named; a subquery that is one, grouped around it", () => {
      const l = src("wj_l2");
      const r = src("wj_r2");
      const sink = sinkOf("wj_sink2");
      const late = { "table.exec.emit.late-fire.enabled": "true", "table.exec.emit.late-fire.delay": "1 min", "table.exec.emit.allow-lateness": "1 h" };
      const statements = [
        api.sql`CREATE TEMPORARY VIEW joined AS SELECT l.window_start, l.window_end, l.id FROM TABLE(HOP(TABLE ${l}, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR)) AS l INNER JOIN TABLE(HOP(TABLE ${r}, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR)) AS r ON r.window_start = l.window_start AND r.window_end = l.window_end`,
        api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM joined GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${sink} SELECT j.window_start, j.window_end, COUNT(*) FROM (SELECT r.window_start, r.window_end FROM TABLE(TUMBLE(TABLE ${l}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) l JOIN TABLE(TUMBLE(TABLE ${r}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) r ON l.window_start = r.window_start AND l.window_end = r.window_end) j GROUP BY j.window_start, j.window_end`,
      ];
      const lateSet = 'table.exec.emit.late-fire.enabled "true" (configuration["table.exec.emit.late-fire.enabled"])';
      expect(errors("wj-2", { configuration: late, statements })).to.deep.equal([
        [
          "statements[1]",
          `the statement aggregates over the window join of HOP(TABLE wj_l2, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR) and HOP(TABLE wj_r2, DESCRIPTOR(ts), INTERVAL '5' MINUTE, INTERVAL '1' HOUR) in the view in statements[0] ` +
            `(GROUP BY window_start, window_end; ${JOINED}), and the job sets ${lateSet}: ${FLINK}; unset table.exec.emit.late-fire.enabled: ${UNSET}`,
        ],
        [
          "statements[2]",
          `the statement aggregates over the window join of TUMBLE(TABLE wj_l2, DESCRIPTOR(ts), INTERVAL '1' HOUR) and TUMBLE(TABLE wj_r2, DESCRIPTOR(ts), INTERVAL '1' HOUR) ` +
            `(GROUP BY window_start, window_end; ${JOINED}), and the job sets ${lateSet}: ${FLINK}; unset table.exec.emit.late-fire.enabled: ${UNSET}`,
        ],
      ]);
    });

    it("quiet neighbours: an outer window join, windows that differ, no window_end equality, rowtimes of different types, a computed window_start, no window grouping, no firing, processing time", () => {
      const l = src("wj_lq");
      const r = src("wj_rq");
      const ltz = srcTyped("wj_ltz", "TIMESTAMP_LTZ(3)");
      const sink = sinkOf("wj_sinkq");
      const proc = (name: string) => new api.FlinkTable(name, { columns: [{ name: "id", type: "BIGINT" }, { name: "pt", expression: "PROCTIME()" }], options: { connector: "datagen" } });
      const [procL, procR] = [proc("wj_pl"), proc("wj_pr")];
      const on = "ON l.window_start = r.window_start AND l.window_end = r.window_end";
      const grouped = (left: ReturnType<typeof src>, right: ReturnType<typeof src>, join = "JOIN", condition = on, rightSize = "INTERVAL '1' HOUR") =>
        api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${tumble(left)} l ${frag(join)} ${tumble(right, rightSize)} r ${frag(condition)} GROUP BY l.window_start, l.window_end`;
      const jobs: { name: string; args: ConstructorParameters<Api["FlinkSqlJob"]>[1] }[] = [
        { name: "wj-q1", args: { configuration: early, statements: [grouped(l, r, "LEFT JOIN")] } },
        { name: "wj-q2", args: { configuration: early, statements: [grouped(l, r, "JOIN", on, "INTERVAL '30' MINUTE")] } },
        { name: "wj-q3", args: { configuration: early, statements: [grouped(l, r, "JOIN", "ON l.window_start = r.window_start AND l.id = r.id")] } },
        { name: "wj-q4", args: { configuration: early, statements: [grouped(l, ltz)] } },
        {
          name: "wj-q5",
          args: {
            configuration: early,
            statements: [
              api.sql`CREATE TEMPORARY VIEW joined_q AS SELECT CAST(l.window_start AS TIMESTAMP(3)) AS window_start, l.window_end FROM ${tumble(l)} l JOIN ${tumble(r)} r ${frag(on)}`,
              api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM joined_q GROUP BY window_start, window_end`,
            ],
          },
        },
        { name: "wj-q6", args: { configuration: early, statements: [api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, l.id FROM ${tumble(l)} l JOIN ${tumble(r)} r ${frag(on)}`] } },
        { name: "wj-q7", args: { statements: [grouped(l, r)] } },
        // As of processing time the window join fails first, with its own error ("Processing time Window Join is not supported yet.").
        {
          name: "wj-q8",
          args: {
            configuration: early,
            statements: [
              api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE ${procL}, DESCRIPTOR(pt), INTERVAL '1' HOUR)) l JOIN TABLE(TUMBLE(TABLE ${procR}, DESCRIPTOR(pt), INTERVAL '1' HOUR)) r ${frag(on)} GROUP BY l.window_start, l.window_end`,
            ],
          },
        },
      ];
      // Each neighbour differs by one thing from a statement that is told (the controls).
      expect(errors("wj-c1", { configuration: early, statements: [grouped(l, r)] }).map(([path]) => path)).to.deep.equal(["statements[0]"]);
      const view = api.sql`CREATE TEMPORARY VIEW joined_c AS SELECT l.window_start, l.window_end FROM ${tumble(l)} l JOIN ${tumble(r)} r ${frag(on)}`;
      expect(errors("wj-c2", { configuration: early, statements: [view, api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM joined_c GROUP BY window_start, window_end`] }).map(([path]) => path)).to.deep.equal(["statements[1]"]);
      for (const j of jobs) expect(errors(j.name, j.args), j.name).to.deep.equal([]);
    });
  });

  it("a window TVF joined regularly without the word JOIN (src/sql/query-joins.ts): a comma join, two comma-joined TVFs on id, an IN or EXISTS subquery, a scalar subquery: quiet, as their JOIN ... ON twins; an IN list and a subquery in FROM still errors", () => {
    const l = src("wtc_l");
    const r = src("wtc_r");
    const dim = new api.FlinkTable("wtc_dim", { columns: [{ name: "id", type: "BIGINT" }, { name: "name", type: "STRING" }], options: { connector: "datagen" } });
    const sink = sinkOf("wtc_sink");
    const tvf = (t: ReturnType<typeof src>) => api.sql`TABLE(TUMBLE(TABLE ${t}, DESCRIPTOR(ts), INTERVAL '1' HOUR))`;
    const quiet = {
      comma: api.sql`INSERT INTO ${sink} SELECT w.window_start, w.window_end, COUNT(*) FROM ${tvf(l)} w, ${dim} d WHERE w.id = d.id GROUP BY w.window_start, w.window_end`,
      twoTvfs: api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${tvf(l)} l, ${tvf(r)} r WHERE l.id = r.id GROUP BY l.window_start, l.window_end`,
      in: api.sql`INSERT INTO ${sink} SELECT w.window_start, w.window_end, COUNT(*) FROM ${tvf(l)} w WHERE w.id IN (SELECT id FROM ${dim}) GROUP BY w.window_start, w.window_end`,
      notIn: api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM ${tvf(l)} WHERE id NOT IN (SELECT id FROM ${dim}) GROUP BY window_start, window_end`,
      exists: api.sql`INSERT INTO ${sink} SELECT w.window_start, w.window_end, COUNT(*) FROM ${tvf(l)} w WHERE EXISTS (SELECT 1 FROM ${dim} d WHERE d.id = w.id) GROUP BY w.window_start, w.window_end`,
      scalar: api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM ${tvf(l)} WHERE id = (SELECT MAX(id) FROM ${dim}) GROUP BY window_start, window_end`,
      joined: api.sql`INSERT INTO ${sink} SELECT w.window_start, w.window_end, COUNT(*) FROM ${tvf(l)} w JOIN ${dim} d ON w.id = d.id GROUP BY w.window_start, w.window_end`,
    };
    for (const [name, statement] of Object.entries(quiet)) expect(errors(`wtc-${name}`, { configuration: early, statements: [statement] }), name).to.deep.equal([]);
    const told = (name: string, statement: ReturnType<Api["sql"]>) => errors(name, { configuration: early, statements: [statement] }).map(([, m]) => m!.slice(0, m!.indexOf(" (GROUP BY")));
    const call = "the statement aggregates over the window TVF TUMBLE(TABLE wtc_l, DESCRIPTOR(ts), INTERVAL '1' HOUR)";
    expect(told("wtc-list", api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM ${tvf(l)} WHERE id IN (1, 2) GROUP BY window_start, window_end`)).to.deep.equal([call]);
    expect(told("wtc-derived", api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM (SELECT * FROM ${tvf(l)} WHERE id > 0) t GROUP BY window_start, window_end`)).to.deep.equal([call]);
  });

  it("window properties lost on the way (src/sql/window-path.ts): a regular join in an intermediate view, a semi join (IN) over a window join, a CAST of window_start in a view, a UNION ALL of two different windows: quiet; their twins that keep them still error", () => {
    const s = src("wtp_src");
    const r = src("wtp_r");
    const d = new api.FlinkTable("wtp_dim", { columns: [{ name: "id", type: "BIGINT" }, { name: "x", type: "STRING" }], options: { connector: "datagen", "number-of-rows": "10" } });
    const sink = sinkOf("wtp_sink");
    const t = (x: ReturnType<typeof src>) => api.sql`TABLE(TUMBLE(TABLE ${x}, DESCRIPTOR(ts), INTERVAL '1' HOUR))`;
    const t2 = (x: ReturnType<typeof src>) => api.sql`TABLE(TUMBLE(TABLE ${x}, DESCRIPTOR(ts), INTERVAL '2' HOUR))`;
    const quiet = {
      // flink FlinkRelMdWindowProperties.getJoinWindowProperties: a join without satisfyWindowJoin has none.
      viewJoin: [
        api.sql`CREATE TEMPORARY VIEW wtp_w AS SELECT * FROM ${t(s)}`,
        api.sql`CREATE TEMPORARY VIEW wtp_wj AS SELECT w.window_start, w.window_end, d.x FROM wtp_w w JOIN ${d} AS d ON w.id = d.id`,
        api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM wtp_wj GROUP BY window_start, window_end`,
      ],
      // FlinkSubQueryRemoveRule: IN is a semi join, a regular join over the window join.
      semiOn: [api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${t(s)} l JOIN ${t(r)} r ON l.window_start = r.window_start AND l.window_end = r.window_end WHERE l.id IN (SELECT id FROM ${d}) GROUP BY l.window_start, l.window_end`],
      semiComma: [api.sql`INSERT INTO ${sink} SELECT l.window_start, l.window_end, COUNT(*) FROM ${t(s)} l, ${t(r)} r WHERE l.window_start = r.window_start AND l.window_end = r.window_end AND l.id IN (SELECT id FROM ${d}) GROUP BY l.window_start, l.window_end`],
      semiOuter: [api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM (SELECT l.window_start, l.window_end, l.id FROM ${t(s)} l JOIN ${t(r)} r ON l.window_start = r.window_start AND l.window_end = r.window_end) WHERE id IN (SELECT id FROM ${d}) GROUP BY window_start, window_end`],
      // getProjectWindowProperties maps plain input references only (buildProjectionMap): a CAST drops the property.
      cast: [
        api.sql`CREATE TEMPORARY VIEW wtp_wc AS SELECT CAST(window_start AS TIMESTAMP(3)) AS window_start, window_end, id FROM ${t(s)}`,
        api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM wtp_wc GROUP BY window_start, window_end`,
      ],
      castInline: [api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM (SELECT CAST(window_start AS TIMESTAMP(3)) AS window_start, window_end FROM ${t(s)}) GROUP BY window_start, window_end`],
      // FlinkRelMdWindowProperties getWindowProperties(Union): a union of unequal window specs has none.
      union: [api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM (SELECT window_start, window_end FROM ${t(s)} UNION ALL SELECT window_start, window_end FROM ${t2(s)}) GROUP BY window_start, window_end`],
    };
    for (const [name, statements] of Object.entries(quiet)) expect(errors(`wtp-${name}`, { configuration: early, statements }), name).to.deep.equal([]);
    const legacy = "unset table.exec.emit.early-fire.enabled so that each window emits its result once, or aggregate by the legacy group window GROUP BY TUMBLE(ts, INTERVAL '1' HOUR) (with TUMBLE_START / TUMBLE_END for window_start / window_end), which fires early and late";
    const passed = [
      api.sql`CREATE TEMPORARY VIEW wtp_w2 AS SELECT * FROM ${t(s)}`,
      api.sql`CREATE TEMPORARY VIEW wtp_wp AS SELECT w.window_start, w.window_end, w.id FROM wtp_w2 w WHERE w.id > 0`,
      api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM wtp_wp GROUP BY window_start, window_end`,
    ];
    expect(errors("wtp-passed", { configuration: early, statements: passed })).to.deep.equal([
      ["statements[2]", `the statement aggregates over the window TVF TUMBLE(TABLE wtp_src, DESCRIPTOR(ts), INTERVAL '1' HOUR) in the view in statements[0] (GROUP BY window_start, window_end), and the job sets ${EARLY}: ${FLINK}; ${legacy}`],
    ]);
    const equal = [api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM (SELECT window_start, window_end FROM ${t(s)} UNION ALL SELECT window_start, window_end FROM ${t(r)}) GROUP BY window_start, window_end`];
    expect(errors("wtp-equal", { configuration: early, statements: equal })).to.deep.equal([
      ["statements[0]", `the statement aggregates over the window TVF TUMBLE(TABLE wtp_src, DESCRIPTOR(ts), INTERVAL '1' HOUR) (GROUP BY window_start, window_end), and the job sets ${EARLY}: ${FLINK}; ${legacy}`],
    ]);
  });

  it("quiet: no firing, \"false\", allow-lateness alone, a window TVF without a window aggregation, a batch job", () => {
    const s = src("wt_src_q");
    const bounded = src("wt_src_qb", { connector: "datagen", "number-of-rows": "100" });
    const sink = sinkOf("wt_sink_q");
    const agg = (t = s) => api.sql`INSERT INTO ${sink} SELECT window_start, window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE ${t}, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY window_start, window_end`;
    const plain = () => api.sql`INSERT INTO ${sink} SELECT window_start, window_end, id FROM TABLE(TUMBLE(TABLE ${s}, DESCRIPTOR(ts), INTERVAL '1' HOUR))`;
    const jobs: { name: string; args: ConstructorParameters<Api["FlinkSqlJob"]>[1] }[] = [
      { name: "wt-q1", args: { statements: [agg()] } },
      { name: "wt-q2", args: { configuration: { "table.exec.emit.early-fire.enabled": "false", "table.exec.emit.late-fire.enabled": "false" }, statements: [agg()] } },
      { name: "wt-q3", args: { configuration: { "table.exec.emit.allow-lateness": "1 h" }, statements: [agg()] } },
      { name: "wt-q4", args: { configuration: early, statements: [plain()] } },
      { name: "wt-q5", args: { runtimeMode: "batch", configuration: early, statements: [agg(bounded)] } },
    ];
    for (const j of jobs) {
      expect(errors(j.name, j.args), j.name).to.deep.equal([]);
      expect(jobWarnings(j.name), j.name).to.deep.equal([]);
    }
  });
});
