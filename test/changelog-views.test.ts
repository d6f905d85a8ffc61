/**
 * A changelog into an Iceberg sink without a primary key (every update and delete becomes one more
 * row: iceberg RowDataTaskWriterFactory) is found through the job's views too, and the warning covers
 * the other shapes that turn an append stream into updates: outer joins and keep-last deduplication.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "data", type: "STRING" },
];
const warningsOf = jobWarnings;

describe("changelog into a keyless Iceberg sink, through views and joins", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a view over a changelog source is the same error, naming the view's statement; also through a view of a view and back-quoted names", () => {
    const cdc = new api.FlinkTable("cv_cdc", { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "debezium-json", "properties.auto.offset.reset": "earliest", "properties.group.id": "g" } });
    const sink = new api.IcebergSink("cv_append", { catalog, database: "db", table: "cv_append", columns: cols });
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("cv-view", {
          statements: [api.sql`CREATE TEMPORARY VIEW v AS SELECT id, data FROM ${cdc}`, api.sql`INSERT INTO ${sink} SELECT id, data FROM v`],
        }),
    );
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        `IcebergSink "cv_append" has no primaryKey, and the statement reads FlinkTable "cv_cdc" (through the view in statements[0]), a 'debezium-json' table (a changelog of inserts, updates and deletes): ` +
          "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
          `give IcebergSink "cv_append" a primaryKey (updates and deletes then apply to the key)`,
      ],
    ]);
    const nested = errorOf(
      () =>
        new api.FlinkSqlJob("cv-nested", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW \`raw events\` AS SELECT id, data FROM ${cdc}`,
            api.sql`CREATE TEMPORARY VIEW cleaned AS SELECT id, TRIM(data) AS data FROM \`raw events\``,
            api.sql`INSERT INTO ${sink} SELECT id, data FROM cleaned`,
          ],
        }),
    );
    expect(nested.issues.map((i) => i.path)).to.deep.equal(["statements[2]"]);
    expect(nested.issues[0]!.message).to.contain('reads FlinkTable "cv_cdc" (through the view in statements[0])');
    // A view the INSERT does not read changes nothing; a name that only starts like the view's is another name.
    const gen = new api.FlinkTable("cv_gen", { columns: cols, options: { connector: "datagen" } });
    new api.FlinkSqlJob("cv-unread", {
      statements: [api.sql`CREATE TEMPORARY VIEW v AS SELECT id, data FROM ${cdc}`, api.sql`CREATE TEMPORARY VIEW v2 AS SELECT id, data FROM ${gen}`, api.sql`INSERT INTO ${sink} SELECT id, data FROM v2`],
    });
    expect(warningsOf("cv-unread")).to.deep.equal([]);
  });

  it("an unwindowed aggregation in a view and a Top-N / deduplication are errors, an outer join warns; an interval join, proctime keep-first and a windowed view do not", () => {
    const gen = new api.FlinkTable("cw_gen", {
      columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }],
      watermark: { column: "ts", expression: "ts" },
      options: { connector: "datagen" },
    });
    const dim = new api.FlinkTable("cw_dim", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("cw_append", { catalog, database: "db", table: "cw_append", columns: cols });
    const agg = errorOf(
      () =>
        new api.FlinkSqlJob("cw-view-agg", {
          statements: [api.sql`CREATE TEMPORARY VIEW totals AS SELECT id, MAX(data) AS data FROM ${gen} GROUP BY id`, api.sql`INSERT INTO ${sink} SELECT id, data FROM totals`],
        }),
    );
    expect(agg.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        `IcebergSink "cw_append" has no primaryKey, and the statement (through the view in statements[0]) aggregates without a window, which in a streaming job yields updates to earlier results: ` +
          "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
          // The view's GROUP BY column, as the INSERT writes it (aggregate-sink-keys.ts aggregateKeyAdvice).
          `give IcebergSink "cw_append" primaryKey: ["id"], the GROUP BY columns (updates then replace each group's row by its key), ` +
          "or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final",
      ],
    ]);
    // An ON condition that names no time attribute: a regular outer join (certain-updates.ts), an error.
    const outer = errorOf(() => new api.FlinkSqlJob("cw-outer", { statements: [api.sql`INSERT INTO ${sink} SELECT g.id, d.data FROM ${gen} AS g LEFT JOIN ${dim} AS d ON g.id = d.id`] }));
    expect(outer.issues.map((i) => i.message)).to.deep.equal([
      'IcebergSink "cw_append" has no primaryKey, and the statement LEFT JOINs FlinkTable "cw_dim" (as d) on a condition without a time bound (a regular join: no interval, temporal or lookup join) ' +
        "and retracts the null-padded rows it emitted first, which in a streaming job yields updates to earlier results: " +
        "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
        'give IcebergSink "cw_append" a primaryKey (updates and deletes then apply to the key), or join with a time bound (an interval join), which emits no retractions',
    ]);
    // One that bounds both time attributes without INTERVAL may be an interval join: a warning.
    new api.FlinkSqlJob("cw-outer-ts", { statements: [api.sql`INSERT INTO ${sink} SELECT g.id, d.data FROM ${gen} AS g LEFT JOIN ${dim} AS d ON g.id = d.id AND g.ts BETWEEN d.ts AND d.ts`] });
    expect(warningsOf("cw-outer-ts")).to.have.length(1);
    expect(warningsOf("cw-outer-ts")[0]).to.contain("the statement outer-joins (unless it is an interval join), which retracts the null-padded rows it emitted first");
    const dedup = errorOf(
      () =>
        new api.FlinkSqlJob("cw-dedup", {
          statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM ${gen}) WHERE rn = 1`],
        }),
    );
    expect(dedup.issues[0]!.message).to.contain(
      "the statement ranks rows (ROW_NUMBER OVER (... ORDER BY ts DESC): keeps the last or largest rows per key), which replaces a row it emitted when a later or larger one arrives",
    );
    expect(dedup.issues[0]!.message).to.match(/, or rank per window \(a window TVF, PARTITION BY window_start, window_end\), whose results are final, or keep first rows by a PROCTIME\(\) column$/);
    // A Top-N by a value replaces rows (a lower value may come later).
    const topN = errorOf(
      () =>
        new api.FlinkSqlJob("cw-top3", {
          statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY data ORDER BY id) AS r FROM ${gen}) WHERE r <= 3`],
        }),
    );
    expect(topN.issues[0]!.message).to.contain("ranks rows (ROW_NUMBER OVER (... ORDER BY id): a Top-N)");
    new api.FlinkSqlJob("cw-interval", {
      statements: [api.sql`INSERT INTO ${sink} SELECT g.id, d.data FROM ${gen} AS g LEFT JOIN ${dim} AS d ON g.id = d.id AND d.ts BETWEEN g.ts - INTERVAL '1' MINUTE AND g.ts`],
    });
    new api.FlinkSqlJob("cw-first", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY \`proc\`) AS rn FROM ${gen}) WHERE rn = 1`],
    });
    // Processing time written inline, or with NULLS FIRST: the same first-row deduplication (break review: they were errors).
    new api.FlinkSqlJob("cw-first-inline", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY PROCTIME()) AS rn FROM ${gen}) WHERE rn = 1`],
    });
    new api.FlinkSqlJob("cw-first-nulls", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY g.proc ASC NULLS FIRST) AS rn FROM ${gen} AS g) WHERE rn = 1`],
    });
    new api.FlinkSqlJob("cw-window-dedup", {
      statements: [
        api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, id ORDER BY ts DESC) AS rn FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))) WHERE rn = 1`,
      ],
    });
    new api.FlinkSqlJob("cw-view-window", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW w AS SELECT id, MAX(data) AS data FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY id, window_start, window_end`,
        api.sql`INSERT INTO ${sink} SELECT id, data FROM w`,
      ],
    });
    for (const job of ["cw-interval", "cw-first", "cw-first-inline", "cw-first-nulls", "cw-window-dedup", "cw-view-window"]) expect(warningsOf(job), job).to.deep.equal([]);
    // An order the statement's own tables cannot tell (a view's computed column) warns instead.
    new api.FlinkSqlJob("cw-first-view", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW pv AS SELECT id, data, proc FROM ${gen}`,
        api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY proc) AS rn FROM pv) WHERE rn = 1`,
      ],
    });
    // A view that passes on the table's PROCTIME() column keeps it a processing-time attribute (selected-proctime.ts): first rows by it append.
    expect(warningsOf("cw-first-view")).to.deep.equal([]);
    new api.FlinkSqlJob("cw-first-view-cast", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW pv AS SELECT id, data, CAST(ts AS TIMESTAMP(3)) AS proc FROM ${gen}`,
        api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY proc) AS rn FROM pv) WHERE rn = 1`,
      ],
    });
    expect(warningsOf("cw-first-view-cast")).to.have.length(1);
    expect(warningsOf("cw-first-view-cast")[0]).to.contain("ranks rows (ROW_NUMBER OVER (... ORDER BY proc)), a Top-N or deduplication, which updates unless it keeps first rows by processing time");
    // A window TVF grouped by window_start alone is a regular aggregation (flink WindowUtil.groupingContainsWindowStartEnd):
    // an error that says to add window_end (final trial: it warned, and advised a window the statement already had).
    const startOnly = errorOf(
      () =>
        new api.FlinkSqlJob("cw-start-only", {
          statements: [api.sql`INSERT INTO ${sink} SELECT id, MAX(data) FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, id`],
        }),
    );
    expect(startOnly.issues[0]!.message).to.equal(
      'IcebergSink "cw_append" has no primaryKey, and the statement groups by window_start without window_end, which Flink plans as a regular aggregation, not a window aggregation, ' +
        "which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, " +
        'the retracted old values too; give IcebergSink "cw_append" a primaryKey (updates and deletes then apply to the key), or add window_end to the GROUP BY ' +
        "(a window aggregation groups by both window_start and window_end)",
    );
    // Renamed window columns cannot be told from others: a warning that says so.
    new api.FlinkSqlJob("cw-renamed", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, MAX(data) FROM (SELECT window_start AS ws, window_end AS we, id, data FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))) GROUP BY ws, we, id`],
    });
    expect(warningsOf("cw-renamed")).to.have.length(1);
    expect(warningsOf("cw-renamed")[0]).to.contain(
      "aggregates without a window (unless what it groups or partitions by are a window TVF's window_start and window_end under other names, which Flink follows), which in a streaming job yields updates",
    );
  });

  it("review cases: a window makes only its own part final; a view read as a temporal join's versioned side is not followed; correlations and interval joins are no outer joins; view names only as tables", () => {
    const cdc = new api.FlinkTable("rv_cdc", { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "debezium-json", "properties.auto.offset.reset": "earliest", "properties.group.id": "g" } });
    const orders = new api.FlinkTable("rv_orders", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const rates = new api.FlinkTable("rv_rates", {
      columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }],
      primaryKey: ["id"],
      watermark: { column: "ts", expression: "ts" },
      options: { connector: "upsert-kafka", topic: "r", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
    const sink = new api.IcebergSink("rv_append", { catalog, database: "db", table: "rv_append", columns: cols });
    const windowView = api.sql`CREATE TEMPORARY VIEW w AS SELECT window_start, id, CAST(COUNT(*) AS STRING) AS c FROM TABLE(TUMBLE(TABLE ${orders}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`;
    // A regular join with a changelog after the windowed view is still an error.
    const joined = errorOf(() => new api.FlinkSqlJob("rv-join", { statements: [windowView, api.sql`INSERT INTO ${sink} SELECT w.id, d.data FROM w JOIN ${cdc} AS d ON w.id = d.id`] }));
    expect(joined.issues[0]!.message).to.contain('reads FlinkTable "rv_cdc", a \'debezium-json\' table');
    // An unwindowed aggregation over the windowed view still warns.
    // (a warning: the windowed view could pass window_start / window_end on under other names, which Flink follows)
    new api.FlinkSqlJob("rv-regroup", { statements: [windowView, api.sql`INSERT INTO ${sink} SELECT id, MAX(c) FROM w GROUP BY id`] });
    expect(warningsOf("rv-regroup")).to.have.length(1);
    expect(warningsOf("rv-regroup")[0]).to.contain("the statement aggregates without a window");
    // A versioned view (a view over a changelog, or the documented ROW_NUMBER DESC deduplication) on the versioned side of a temporal join.
    new api.FlinkSqlJob("rv-versioned", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW vr AS SELECT id, data, ts FROM ${rates} WHERE data IS NOT NULL`,
        api.sql`INSERT INTO ${sink} SELECT o.id, r.data FROM ${orders} AS o JOIN vr FOR SYSTEM_TIME AS OF o.ts AS r ON o.id = r.id`,
      ],
    });
    new api.FlinkSqlJob("rv-dedup-view", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW latest AS SELECT id, data, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rownum FROM ${orders}) WHERE rownum = 1`,
        api.sql`INSERT INTO ${sink} SELECT o.id, l.data FROM ${orders} AS o JOIN latest FOR SYSTEM_TIME AS OF o.ts AS l ON o.id = l.id`,
      ],
    });
    // Correlations and an interval join written with comparisons are append-only.
    new api.FlinkSqlJob("rv-lateral", { statements: [api.sql`INSERT INTO ${sink} SELECT o.id, t.tag FROM ${orders} AS o LEFT JOIN LATERAL TABLE(STRING_SPLIT(o.data, ',')) AS t(tag) ON TRUE`] });
    new api.FlinkSqlJob("rv-interval", {
      statements: [api.sql`INSERT INTO ${sink} SELECT o.id, d.data FROM ${orders} AS o LEFT JOIN ${orders} AS d ON o.id = d.id AND d.ts >= o.ts - INTERVAL '1' MINUTE AND d.ts <= o.ts`],
    });
    // A view named like a column is not read by a statement that only selects the column.
    new api.FlinkSqlJob("rv-column-name", {
      statements: [api.sql`CREATE TEMPORARY VIEW data AS SELECT id, MAX(data) AS data FROM ${orders} GROUP BY id`, api.sql`INSERT INTO ${sink} SELECT id, data FROM ${orders}`],
    });
    for (const job of ["rv-versioned", "rv-dedup-view", "rv-lateral", "rv-interval", "rv-column-name"]) expect(warningsOf(job), job).to.deep.equal([]);
    // A regular outer join whose WHERE has a BETWEEN on the preserved side only (a self-join: the padded side's names are qualified apart) is still an outer join: an error.
    const between = errorOf(() => new api.FlinkSqlJob("rv-where-between", { statements: [api.sql`INSERT INTO ${sink} SELECT o.id, d.data FROM ${orders} AS o LEFT JOIN ${orders} AS d ON o.id = d.id WHERE o.id BETWEEN 1 AND 100`] }));
    expect(between.issues.map((i) => i.message)).to.deep.equal([
      'IcebergSink "rv_append" has no primaryKey, and the statement LEFT JOINs FlinkTable "rv_orders" (as d) on a condition without a time bound (a regular join: no interval, temporal or lookup join) ' +
        "and retracts the null-padded rows it emitted first, which in a streaming job yields updates to earlier results: " +
        "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
        'give IcebergSink "rv_append" a primaryKey (updates and deletes then apply to the key), or join with a time bound (an interval join), which emits no retractions',
    ]);
  });

  it("SELECT DISTINCT into a keyless sink does not warn (each distinct row is emitted once and never changed)", () => {
    const gen = new api.FlinkTable("bs3_gen", { columns: cols, options: { connector: "datagen" } });
    const out = new api.IcebergSink("bs3_out", { catalog, database: "db", table: "bs3_out", columns: cols });
    new api.FlinkSqlJob("bs-distinct", { statements: [api.sql`INSERT INTO ${out} SELECT DISTINCT id, data FROM ${gen}`] });
    expect(warningsOf("bs-distinct")).to.deep.equal([]);
  });
});
