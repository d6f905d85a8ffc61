import { mockedApi, type Api } from "./test/api.js";
import { hive } from "./test/iceberg-table-helpers.js";

describe("probe", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const issues = (fn: () => unknown): { path: string; message: string }[] => {
    try { fn(); } catch (e) { return (e as { issues?: { path: string; message: string }[] }).issues ?? [{ path: "THROW", message: String(e) }]; }
    return [];
  };
  let n = 0;
  const kafkaOpts = { connector: "kafka", topic: "o", "properties.bootstrap.servers": "k:9092", format: "json", "properties.auto.offset.reset": "earliest" };
  const orders = (extraCols: any[] = [], wm: any = { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" }) =>
    new api.FlinkTable(`o${n++}`, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }, ...extraCols],
      ...(wm ? { watermark: wm } : {}),
      options: kafkaOpts,
    });
  const rates = (extra: Record<string, unknown> = {}) =>
    new api.IcebergSource(`r${n++}`, { catalog: hive, database: "dim", table: `r${n}`, streaming: true,
      columns: [{ name: "cur", type: "STRING NOT NULL" }, { name: "rate", type: "DOUBLE" }, { name: "updated", type: "TIMESTAMP(3)" }], ...extra });
  const jdbc = () => new api.FlinkTable(`j${n++}`, { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }], primaryKey: ["cur"], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "rates" } });
  const out = (cols = [{ name: "id", type: "BIGINT" }, { name: "rate", type: "DOUBLE" }]) =>
    new api.IcebergSink(`s${n++}`, { catalog: hive, database: "dw", table: `s${n}`, columns: cols });
  const run = (label: string, stmts: (s: any) => any[], extra: Record<string, unknown> = {}) => {
    it(label, () => {
      const got = issues(() => new api.FlinkSqlJob(`job${n++}`, { statements: stmts(null), ...extra }));
      console.log(`\n### ${label}\n` + (got.length ? got.map((i) => `  ${i.path}: ${i.message}`).join("\n") : "  (no issues)"));
    });
  };

  run("T1 commented-out join line with interpolation", () => {
    const o = orders(), r = rates({ primaryKey: ["cur"] }), j = jdbc(), s = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o
      -- JOIN ${r} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur
      JOIN ${j} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur`];
  });
  run("T1b block comment", () => {
    const o = orders(), r = rates({ primaryKey: ["cur"] }), j = jdbc(), s = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o /* was: JOIN ${r} FOR SYSTEM_TIME AS OF o.proc AS r */ JOIN ${j} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur`];
  });
  run("T2 left is a subquery (proctime added), unqualified AS OF; sink has column of same name", () => {
    const o = orders([], null), j = jdbc(), s = out([{ name: "id", type: "BIGINT" }, { name: "rate", type: "DOUBLE" }, { name: "pt", type: "TIMESTAMP_LTZ(3)" }]);
    return [api.sql`INSERT INTO ${s} SELECT v.id, r.rate, v.pt FROM (SELECT id, cur, PROCTIME() AS pt FROM ${o}) AS v JOIN ${j} FOR SYSTEM_TIME AS OF pt AS r ON v.cur = r.cur`];
  });
  run("T2b left is a view name, unqualified AS OF ts; sink has ts", () => {
    const r = rates({ primaryKey: ["cur"], watermark: { column: "updated" } }), s = out([{ name: "id", type: "BIGINT" }, { name: "rate", type: "DOUBLE" }, { name: "ts", type: "TIMESTAMP(3)" }]);
    return [api.sql`INSERT INTO ${s} SELECT v.id, r.rate, v.ts FROM some_view AS v JOIN ${r} FOR SYSTEM_TIME AS OF ts AS r ON v.cur = r.cur`];
  });
  run("T3 UNION ALL branches reuse alias c", () => {
    const a = orders(); // ts rowtime, proc proctime
    const b = new api.FlinkTable(`b${n++}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "proc", type: "TIMESTAMP(3)" }, { name: "pt", expression: "PROCTIME()" }], options: kafkaOpts });
    const j = jdbc(), s = out();
    return [api.sql`INSERT INTO ${s} SELECT c.id, r.rate FROM ${a} c JOIN ${j} FOR SYSTEM_TIME AS OF c.proc AS r ON c.cur = r.cur
      UNION ALL SELECT c.id, r.rate FROM ${b} c JOIN ${j} FOR SYSTEM_TIME AS OF c.pt AS r ON c.cur = r.cur`];
  });
  run("T4 subquery reuses inner alias, time attr renamed", () => {
    const o = orders(), j = jdbc(), s = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM (SELECT o.id, o.cur, o.proc AS ts FROM ${o} o) o JOIN ${j} FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur`];
  });
  run("T5 right alias without AS, lowercase keywords, back-quoted qualifier", () => {
    const o = orders(), r = rates({ primaryKey: ["cur"] }), s = out(), s2 = out();
    return [api.sql`insert into ${s} select o.id, r.rate from ${o} o join ${r} for system_time as of o.proc r on o.cur = r.cur`,
            api.sql`INSERT INTO ${s2} SELECT o.id, r.rate FROM ${o} \`o\` JOIN ${r} FOR SYSTEM_TIME AS OF \`o\`.\`proc\` \`r\` ON o.cur = r.cur`];
  });
  run("T6 self-join: same table twice", () => {
    const o = orders(), s = out();
    return [api.sql`INSERT INTO ${s} SELECT a.id, CAST(b.id AS DOUBLE) FROM ${o} a JOIN ${o} FOR SYSTEM_TIME AS OF a.proc b ON a.cur = b.cur`];
  });
  run("T7 watermark on computed and metadata columns (left), versioned right", () => {
    const c = new api.FlinkTable(`c${n++}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "ms", type: "BIGINT" }, { name: "et", expression: "TO_TIMESTAMP_LTZ(ms, 3)" }], watermark: { column: "et", expression: "et - INTERVAL '1' SECOND" }, options: kafkaOpts });
    const m = new api.FlinkTable(`m${n++}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "kt", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp" } }], watermark: { column: "kt", expression: "kt - INTERVAL '1' SECOND" }, options: kafkaOpts });
    const r = new api.FlinkTable(`uk${n++}`, { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }, { name: "upd", type: "TIMESTAMP_LTZ(3)" }], primaryKey: ["cur"], watermark: { column: "upd", expression: "upd" }, options: { connector: "upsert-kafka", topic: "r", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const s = out(), s2 = out();
    return [api.sql`INSERT INTO ${s} SELECT c.id, r.rate FROM ${c} c JOIN ${r} FOR SYSTEM_TIME AS OF c.et AS r ON c.cur = r.cur`,
            api.sql`INSERT INTO ${s2} SELECT m.id, r.rate FROM ${m} m JOIN ${r} FOR SYSTEM_TIME AS OF m.kt AS r ON m.cur = r.cur`];
  });
  run("T8 FN: rowtime type mismatch TIMESTAMP vs TIMESTAMP_LTZ; PK not in join condition", () => {
    const o = orders(), r = new api.FlinkTable(`uk${n++}`, { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }, { name: "upd", type: "TIMESTAMP_LTZ(3)" }], primaryKey: ["cur"], watermark: { column: "upd", expression: "upd" }, options: { connector: "upsert-kafka", topic: "r", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const s = out(), s2 = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} o JOIN ${r} FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur`,
      api.sql`INSERT INTO ${s2} SELECT o.id, r.rate FROM ${o} o JOIN ${r} FOR SYSTEM_TIME AS OF o.ts AS r ON o.id = CAST(r.rate AS BIGINT)`];
  });
  run("T9 hint between table and FOR", () => {
    const o = orders(), r = rates({ primaryKey: ["cur"] }), s = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} /*+ OPTIONS('streaming'='true') */ FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur`];
  });
  run("T10 qualifier = table name; qualifier with different case", () => {
    const o = orders(), r = rates({ primaryKey: ["cur"] }), s = out(), s2 = out();
    const tn = (o as any);
    return [api.sql`INSERT INTO ${s} SELECT 1, r.rate FROM ${o} JOIN ${r} FOR SYSTEM_TIME AS OF ${o}.proc AS r ON cur = r.cur`];
  });
  run("T11 string literal contains AS OF text after interpolation in literal", () => {
    const o = orders(), r = rates({ primaryKey: ["cur"] }), s = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, 1.0 FROM ${o} AS o WHERE o.cur <> 'see ${r} FOR SYSTEM_TIME AS OF o.id'`];
  });
  run("T12 time travel literal", () => {
    const o = orders(), r = rates({ primaryKey: ["cur"] }), s = out();
    return [api.sql`INSERT INTO ${s} SELECT 1, r.rate FROM ${r} FOR SYSTEM_TIME AS OF TIMESTAMP '2024-01-01 00:00:00' AS r`];
  });
  run("T13 batch job lookup join (skipped)", () => {
    const o = new api.FlinkTable(`bo${n++}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen", "number-of-rows": "10" } });
    const j = jdbc(), s = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o JOIN ${j} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur`];
  }, { runtimeMode: "batch" });
  run("T14 LEFT table alias followed by newline then JOIN LATERAL; WHERE alias", () => {
    const o = orders(), j = jdbc(), s = out();
    return [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o
JOIN ${j} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur`];
  });

  // windows
  const k = (cols: any[], wm?: any, opts: any = { connector: "datagen" }) => new api.FlinkTable(`w${n++}`, { columns: cols, ...(wm ? { watermark: wm } : {}), options: opts });
  const wout = () => new api.IcebergSink(`ws${n++}`, { catalog: hive, database: "web", table: `ws${n}`, columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "clicks", type: "BIGINT" }] });
  run("W1 watermark on computed column / metadata column", () => {
    const a = k([{ name: "ms", type: "BIGINT" }, { name: "et", expression: "TO_TIMESTAMP_LTZ(ms, 3)" }], { column: "et", expression: "et" });
    const b = k([{ name: "id", type: "BIGINT" }, { name: "kt", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp" } }], { column: "kt", expression: "kt" }, kafkaOpts);
    const o1 = wout(), o2 = wout();
    return [api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${a}, DESCRIPTOR(et), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${b}, DESCRIPTOR(kt), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`];
  });
  run("W2 SESSION PARTITION BY(x) no space; named args reordered; lowercase", () => {
    const a = k([{ name: "u", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }]);
    const o1 = wout(), o2 = wout(), o3 = wout();
    return [api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(SESSION(TABLE ${a} PARTITION BY(u), DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TIMECOL => DESCRIPTOR(ts), DATA => TABLE ${a}, SIZE => INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`insert into ${o3} select window_start, count(*) from table(tumble(table ${a}, descriptor(ts), interval '1' minute)) group by window_start, window_end`];
  });
  run("W3 comment containing interpolation then a real window", () => {
    const a = k([{ name: "u", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }]);
    const good = k([{ name: "u", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "p", expression: "PROCTIME()" }]);
    const o1 = wout();
    return [api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${good} /* not ${a} */, DESCRIPTOR(p), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`];
  });
  run("W4 unused view with window over plain column (Flink never plans it)", () => {
    const a = k([{ name: "u", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }]);
    const b = k([{ name: "u", type: "BIGINT" }]);
    const o1 = new api.FlinkTable(`bh${n++}`, { columns: [{ name: "u", type: "BIGINT" }], options: { connector: "blackhole" } });
    return [api.sql`CREATE TEMPORARY VIEW v AS SELECT * FROM TABLE(TUMBLE(TABLE ${a}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))`, api.sql`INSERT INTO ${o1} SELECT u FROM ${b}`];
  });
  run("W5 batch: computed col and TIMESTAMP_LTZ and DATE", () => {
    const a = new api.IcebergSource(`bi${n++}`, { catalog: hive, database: "web", table: "b", columns: [{ name: "d", type: "DATE" }, { name: "ts", type: "TIMESTAMP_LTZ(6)" }] });
    const o1 = wout(), o2 = wout();
    return [api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${a}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${a}, DESCRIPTOR(d), INTERVAL '1' DAY)) GROUP BY window_start, window_end`];
  }, { runtimeMode: "batch" });
  run("W6 descriptor case differs", () => {
    const a = k([{ name: "u", type: "BIGINT" }, { name: "TS", type: "TIMESTAMP(3)" }], { column: "TS", expression: "TS" });
    const o1 = wout();
    return [api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${a}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`];
  });
  run("W7 window over the output of a temporal join? no: window over IcebergSink table", () => {
    const sink = new api.IcebergSink(`isk${n++}`, { catalog: hive, database: "web", table: "isk", columns: [{ name: "ts", type: "TIMESTAMP(3)" }] });
    const o1 = wout();
    return [api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${sink}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`];
  });
});
