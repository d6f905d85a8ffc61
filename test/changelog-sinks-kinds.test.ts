/**
 * Sinks that cannot take updates besides a keyless IcebergSink (trial findings): an IcebergSink
 * keyed by a primaryKey on a format-version 1 table (each -U and -D row becomes an equality or position
 * delete, which v1 cannot hold: src/iceberg/v1-delete-files.ts), and a 'kafka' or
 * 'filesystem' FlinkTable whose format encodes no row kind (Flink refuses the plan: "doesn't support
 * consuming update changes"). A changelog format there, upsert-kafka, and window aggregations pass.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";

/** How a v1 table refuses delete files, by Iceberg release (src/iceberg/v1-delete-files.ts). */
const V1_REFUSALS =
  "'Cannot write delete files in a v1 table' (iceberg ManifestFiles.writeDeleteManifest) or, in the releases that check each delete file at the commit, 'Deletes are supported in V2 and above' (iceberg MergingSnapshotProducer.validateNewDeleteFile)";
const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "n", type: "BIGINT" },
];
const kafka = { connector: "kafka", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest" };

describe("updates into sinks that cannot take them", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a streaming GROUP BY into a v1 IcebergSink keyed by primaryKey is an error (not only the sink's generic warning)", () => {
    const gen = new api.FlinkTable("ck_gen", { columns: cols, options: { connector: "datagen" } });
    const v1 = new api.IcebergSink("ck_v1", { catalog, database: "db", table: "ck_v1", columns: cols, primaryKey: ["id"], formatVersion: 1 });
    const e = errorOf(() => new api.FlinkSqlJob("ck-v1", { statements: [api.sql`INSERT INTO ${v1} SELECT id, SUM(n) FROM ${gen} GROUP BY id`] }));
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        'IcebergSink "ck_v1" is keyed by its primaryKey with formatVersion 1, and the statement aggregates without a window, which in a streaming job yields updates to earlier results: ' +
          "the keyed sink writes the old row of each update (-U) and each deleted or retracted row (-D) as a delete file (an equality delete by the key, or a position delete when the key was written earlier in the same checkpoint), " +
          `and a format-version 1 table holds no delete files: the job fails at the first checkpoint that holds an update or a delete, with ${V1_REFUSALS}, and again after every restart; ` +
          'set formatVersion: 2 on IcebergSink "ck_v1" (an existing v1 table must be upgraded first), or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final',
      ],
    ]);
    // An outer join retracts (-D) rather than updates: the same delete files, the same failure.
    const names = new api.FlinkTable("ck_names", { columns: cols, options: { connector: "datagen" } });
    const joined = errorOf(() => new api.FlinkSqlJob("ck-v1-join", { statements: [api.sql`INSERT INTO ${v1} SELECT g.id, m.n FROM ${gen} g LEFT JOIN ${names} m ON g.id = m.id`] }));
    expect(joined.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        'IcebergSink "ck_v1" is keyed by its primaryKey with formatVersion 1, and the statement LEFT JOINs FlinkTable "ck_names" (as m) on a condition without a time bound (a regular join: no interval, temporal or lookup join) ' +
          "and retracts the null-padded rows it emitted first, which in a streaming job yields updates to earlier results: " +
          "the keyed sink writes the old row of each update (-U) and each deleted or retracted row (-D) as a delete file (an equality delete by the key, or a position delete when the key was written earlier in the same checkpoint), " +
          `and a format-version 1 table holds no delete files: the job fails at the first checkpoint that holds an update or a delete, with ${V1_REFUSALS}, and again after every restart; ` +
          'set formatVersion: 2 on IcebergSink "ck_v1" (an existing v1 table must be upgraded first), or join with a time bound (an interval join), which emits no retractions',
      ],
    ]);
    // Inserts only into the same sink: no error (the sink's own warning about changelog sources stays).
    new api.FlinkSqlJob("ck-v1-append", { statements: [api.sql`INSERT INTO ${v1} SELECT id, n FROM ${gen}`] });
    // A v2 keyed sink takes the updates as equality deletes.
    const v2 = new api.IcebergSink("ck_v2", { catalog, database: "db", table: "ck_v2", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("ck-v2", { statements: [api.sql`INSERT INTO ${v2} SELECT id, SUM(n) FROM ${gen} GROUP BY id`] });
    expect(jobWarnings("ck-v2")).to.deep.equal([]);
  });

  it("a GROUP BY or a changelog into a kafka/json or filesystem/parquet FlinkTable is an error; debezium-json, upsert-kafka and windows pass", () => {
    const clicks = new api.FlinkTable("ck_clicks", { columns: [{ name: "page", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "`ts`" }, options: { ...kafka, topic: "clicks", format: "json" } });
    const counts = (name: string, options: Record<string, string>, extra: object = {}): InstanceType<Api["FlinkTable"]> =>
      new api.FlinkTable(name, { columns: [{ name: "page", type: "STRING NOT NULL" }, { name: "c", type: "BIGINT" }], options, ...extra });
    const json = counts("ck_json", { connector: "kafka", topic: "out", "properties.bootstrap.servers": "k:9092", format: "json" });
    const e = errorOf(() => new api.FlinkSqlJob("ck-kafka", { statements: [api.sql`INSERT INTO ${json} SELECT page, COUNT(*) FROM ${clicks} GROUP BY page`] }));
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        "FlinkTable \"ck_json\" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement aggregates without a window, which in a streaming job yields updates to earlier results: " +
          "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes'); " +
          "write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable \"ck_json\" a changelog format such as 'debezium-json', or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final",
      ],
    ]);
    const files = counts("ck_files", { connector: "filesystem", path: "s3://b/out", format: "parquet" });
    const cdc = new api.FlinkTable("ck_cdc", { columns: [{ name: "page", type: "STRING" }, { name: "c", type: "BIGINT" }], options: { ...kafka, topic: "cdc", format: "debezium-json" } });
    const f = errorOf(() => new api.FlinkSqlJob("ck-files", { statements: [api.sql`INSERT INTO ${files} SELECT page, c FROM ${cdc}`] }));
    expect(f.issues[0]!.message).to.equal(
      "FlinkTable \"ck_files\" is a 'filesystem' table with format 'parquet', whose sink takes inserts only, and the statement reads FlinkTable \"ck_cdc\", a 'debezium-json' table (a changelog of inserts, updates and deletes): " +
        "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes'); " +
        "write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable \"ck_files\" a changelog format such as 'debezium-json'",
    );
    const changelogOut = counts("ck_dbz", { connector: "kafka", topic: "out2", "properties.bootstrap.servers": "k:9092", format: "debezium-json" });
    new api.FlinkSqlJob("ck-dbz", { statements: [api.sql`INSERT INTO ${changelogOut} SELECT page, COUNT(*) FROM ${clicks} GROUP BY page`] });
    const upsert = counts("ck_upsert", { connector: "upsert-kafka", topic: "out3", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" }, { primaryKey: ["page"] });
    new api.FlinkSqlJob("ck-upsert", { statements: [api.sql`INSERT INTO ${upsert} SELECT page, COUNT(*) FROM ${clicks} GROUP BY page`] });
    const windowed = counts("ck_windowed", { connector: "kafka", topic: "out4", "properties.bootstrap.servers": "k:9092", format: "json" });
    new api.FlinkSqlJob("ck-window", {
      statements: [api.sql`INSERT INTO ${windowed} SELECT page, COUNT(*) FROM TABLE(TUMBLE(TABLE ${clicks}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, page`],
    });
    for (const job of ["ck-dbz", "ck-upsert", "ck-window"]) expect(jobWarnings(job).filter((w) => /update|changelog/.test(w)), job).to.deep.equal([]);
    // A batch job's aggregation emits final rows.
    const bounded = new api.FlinkTable("ck_bounded", { columns: [{ name: "page", type: "STRING" }], options: { connector: "datagen", "number-of-rows": "10" } });
    const batchOut = counts("ck_batch_out", { connector: "filesystem", path: "s3://b/batch", format: "csv" });
    new api.FlinkSqlJob("ck-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${batchOut} SELECT page, COUNT(*) FROM ${bounded} GROUP BY page`] });
  });

  it("keep-first by event time: an error on Flink before 2.1 or with mini-batch, nothing on 2.1 (FLINK-37005), a warning when the version is unknown", () => {
    const events = new api.FlinkTable("ck_events", {
      columns: [{ name: "id", type: "BIGINT NOT NULL" }, { name: "n", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" },
      options: { ...kafka, topic: "events", format: "json" },
    });
    const out = new api.FlinkTable("ck_first", { columns: cols, options: { connector: "kafka", topic: "first", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const first = api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) AS rn FROM ${events}) WHERE rn = 1`;
    const k8s = (flinkVersion: "v2_0" | "v2_1") => ({ namespace: "flink", image: "my/flink:2", flinkVersion, upgradeMode: "last-state" as const, checkpointDir: "s3://c/ck" });
    new api.FlinkSqlJob("ck-first-unknown", { statements: [first] });
    const unknown = jobWarnings("ck-first-unknown").filter((w) => w.includes("first row per key by event time"));
    expect(unknown).to.deep.equal([
      "statements[0]: FlinkTable \"ck_first\" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement keeps the first row per key by event time (ROW_NUMBER OVER (... ORDER BY ts)), " +
        "which Flink before 2.1, or with table.exec.mini-batch.enabled, plans as a deduplication that replaces a row it emitted when an earlier one arrives (Flink 2.1 emits each first row once its watermark passes, FLINK-37005), " +
        "which in a streaming job yields updates to earlier results: Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes'); " +
        "write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable \"ck_first\" a changelog format such as 'debezium-json', or rank per window (a window TVF, PARTITION BY window_start, window_end), whose results are final, or keep first rows by a PROCTIME() column",
    ]);
    const old = errorOf(() => new api.FlinkSqlJob("ck-first-20", { statements: [first], kubernetes: k8s("v2_0") }));
    expect(old.issues.map((i) => i.path)).to.deep.equal(["statements[0]"]);
    new api.FlinkSqlJob("ck-first-21", { statements: [first], kubernetes: k8s("v2_1") });
    expect(jobWarnings("ck-first-21").filter((w) => w.includes("event time"))).to.deep.equal([]);
    const batched = errorOf(() => new api.FlinkSqlJob("ck-first-21-mb", { statements: [first], configuration: { "table.exec.mini-batch.enabled": "true", "table.exec.mini-batch.allow-latency": "1s", "table.exec.mini-batch.size": "1000" }, kubernetes: k8s("v2_1") }));
    expect(batched.issues.map((i) => i.path)).to.deep.equal(["statements[0]"]);
  });

  it("a top-1 ROW_NUMBER by a value column or several columns into an append-only FlinkTable: refused before Flink 2.1, accepted by 2.1's planner but writing replacements as rows (FLINK-37005, FLINK-40368)", () => {
    const src = new api.FlinkTable("ck_t1_src", { columns: [...cols, { name: "seq", type: "BIGINT" }], options: { connector: "datagen" } });
    const out = new api.FlinkTable("ck_t1_out", { columns: cols, options: { connector: "kafka", topic: "t1", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const k8s = (flinkVersion: "v2_0" | "v2_1") => ({ namespace: "flink", image: "my/flink:2", flinkVersion, upgradeMode: "last-state" as const, checkpointDir: "s3://c/ck" });
    const smallest = api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY n) AS rn FROM ${src}) WHERE rn = 1`;
    const twoColumns = api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY n DESC, seq DESC) AS rn FROM ${src}) WHERE rn = 1`;
    const head = "statements[0]: FlinkTable \"ck_t1_out\" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement ranks rows ";
    const refused = "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes')";
    const planned =
      "(mini-batch off) accepts a top-1 ROW_NUMBER ordered ascending or by several columns as insert-only (FLINK-37005), " +
      "but the Rank still replaces its row when a better one arrives, and the sink writes each replacement as one more row";
    const tail = "; write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable \"ck_t1_out\" a changelog format such as 'debezium-json', or rank per window (a window TVF, PARTITION BY window_start, window_end), whose results are final, or keep first rows by a PROCTIME() column";
    const topN = "(ROW_NUMBER OVER (... ORDER BY n): a Top-N), which replaces a row it emitted when a better one arrives, which in a streaming job yields updates to earlier results: ";
    expect(errorOf(() => new api.FlinkSqlJob("ck-t1-20", { statements: [smallest], kubernetes: k8s("v2_0") })).issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      head + topN + refused + tail,
    ]);
    expect(errorOf(() => new api.FlinkSqlJob("ck-t1-21", { statements: [smallest], kubernetes: k8s("v2_1") })).issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      head + topN + "Flink 2.1+ " + planned + tail,
    ]);
    expect(errorOf(() => new api.FlinkSqlJob("ck-t1-unknown", { statements: [smallest] })).issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      head + topN + "before Flink 2.1 " + refused + "; from 2.1 Flink " + planned + tail,
    ]);
    const two = errorOf(() => new api.FlinkSqlJob("ck-t1-two", { statements: [twoColumns], kubernetes: k8s("v2_1") }));
    expect(two.issues[0]!.message).to.contain("keeps the last or largest rows per key), which replaces a row it emitted when a later or larger one arrives, which in a streaming job yields updates to earlier results: Flink 2.1+ " + planned);
    // Mini-batch on, a single descending column (keep-last) and a Top-3: every version's planner refuses them.
    const miniBatch = { "table.exec.mini-batch.enabled": "true", "table.exec.mini-batch.allow-latency": "1s", "table.exec.mini-batch.size": "1000" };
    const keepLast = api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY n DESC) AS rn FROM ${src}) WHERE rn = 1`;
    const top3 = api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY n) AS rn FROM ${src}) WHERE rn <= 3`;
    for (const [name, statement, configuration] of [["ck-t1-mb", smallest, miniBatch], ["ck-t1-last", keepLast, {}], ["ck-t1-top3", top3, {}]] as const) {
      const e = errorOf(() => new api.FlinkSqlJob(name, { statements: [statement], configuration, kubernetes: k8s("v2_1") }));
      expect(e.issues[0]!.message, name).to.contain(refused);
    }
  });

  it("SELECT DISTINCT into a kafka/json sink is an error (the planner marks it updating); into a keyless Iceberg sink it passes; a global aggregate warns", () => {
    const src = new api.FlinkTable("ck_d_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("ck_d_out", { columns: cols, options: { connector: "kafka", topic: "d", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const e = errorOf(() => new api.FlinkSqlJob("ck-distinct", { statements: [api.sql`INSERT INTO ${out} SELECT DISTINCT id, n FROM ${src}`] }));
    expect(e.issues[0]!.message).to.contain("the statement selects DISTINCT rows, which Flink plans as an aggregation that may update");
    const keyless = new api.IcebergSink("ck_d_ice", { catalog, database: "db", table: "d", columns: cols });
    new api.FlinkSqlJob("ck-distinct-ice", { statements: [api.sql`INSERT INTO ${keyless} SELECT DISTINCT id, n FROM ${src}`] });
    expect(jobWarnings("ck-distinct-ice")).to.deep.equal([]);
    // An aggregate in the query's own SELECT list without GROUP BY is a GroupAggregate (certain-updates.ts): an error.
    const global = errorOf(() => new api.FlinkSqlJob("ck-global", { statements: [api.sql`INSERT INTO ${keyless} SELECT CAST(1 AS BIGINT), COUNT(*) FROM ${src}`] }));
    expect(global.issues.map((i) => i.message)).to.deep.equal([
      'IcebergSink "ck_d_ice" has no primaryKey, and the statement aggregates without GROUP BY (over the whole stream) and updates its one result row with every input row, ' +
        "which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
        // The key to give an aggregation without GROUP BY is a constant (aggregate-sink-keys.ts aggregateKeyAdvice), not its count.
        `give IcebergSink "ck_d_ice" a constant key: select e.g. 'all' AS k into a column k and declare primaryKey: ["k"] (the aggregation's one row is then replaced by its key on every update)` +
        ", or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final",
    ]);
    // One inside a subquery is read from the text only: a warning.
    new api.FlinkSqlJob("ck-global-sub", { statements: [api.sql`INSERT INTO ${keyless} SELECT id, n FROM ${src} WHERE n > (SELECT MAX(n) FROM ${src})`] });
    expect(jobWarnings("ck-global-sub").filter((w) => w.includes("aggregates without GROUP BY"))).to.have.length(1);
    // An OVER aggregation appends.
    const timed = new api.FlinkTable("ck_d_timed", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    new api.FlinkSqlJob("ck-over", { statements: [api.sql`INSERT INTO ${keyless} SELECT id, SUM(n) OVER (PARTITION BY id ORDER BY ts ROWS BETWEEN 10 PRECEDING AND CURRENT ROW) FROM ${timed}`] });
    expect(jobWarnings("ck-over")).to.deep.equal([]);
  });
});

describe("rankings a streaming job cannot plan (break review)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("RANK / DENSE_RANK Top-N is an error in streaming, not per window and not in batch; a proctime Top-N of more than one row into kafka/json is an error", () => {
    const src = new api.FlinkTable("sr_src", { columns: [...cols, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen" } });
    const keyed = new api.IcebergSink("sr_keyed", { catalog, database: "db", table: "sr", columns: cols, primaryKey: ["id"] });
    const e = errorOf(() => new api.FlinkSqlJob("sr-rank", { statements: [api.sql`INSERT INTO ${keyed} SELECT id, n FROM (SELECT *, DENSE_RANK() OVER (PARTITION BY id ORDER BY n DESC) AS r FROM ${src}) WHERE r <= 3`] }));
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        'DENSE_RANK() OVER (...) filtered by its number is a Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it ("DENSE_RANK() on streaming table is not supported currently", flink StreamExecRank); ' +
          "use ROW_NUMBER() (ties then get distinct numbers)",
      ],
    ]);
    // Into a keyless sink: the RANK error alone, not a Top-N error advising a primaryKey, which would not help (trial finding).
    const keyless = new api.IcebergSink("sr_keyless", { catalog, database: "db", table: "sr_keyless", columns: cols });
    const k = errorOf(() => new api.FlinkSqlJob("sr-rank-keyless", { statements: [api.sql`INSERT INTO ${keyless} SELECT id, n FROM (SELECT *, RANK() OVER (PARTITION BY id ORDER BY n DESC) AS rk FROM ${src}) WHERE rk <= 3`] }));
    expect(k.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        'RANK() OVER (...) filtered by its number is a Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it ("RANK() on streaming table is not supported currently", flink StreamExecRank); ' +
          "use ROW_NUMBER() (ties then get distinct numbers)",
      ],
    ]);
    // ROW_NUMBER plans; partitioned by n, the sink's key (id) is no part of what the Top-N keys its rows by (rank-sink-keys.ts).
    new api.FlinkSqlJob("sr-row-number", { statements: [api.sql`INSERT INTO ${keyed} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY n ORDER BY id DESC) AS r FROM ${src}) WHERE r <= 3`] });
    const bounded = new api.FlinkTable("sr_bounded", { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    new api.FlinkSqlJob("sr-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${keyed} SELECT id, n FROM (SELECT *, RANK() OVER (PARTITION BY id ORDER BY n DESC) AS r FROM ${bounded}) WHERE r <= 3`] });
    const out = new api.FlinkTable("sr_out", { columns: cols, options: { connector: "kafka", topic: "o", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const top = errorOf(() => new api.FlinkSqlJob("sr-proc-top", { statements: [api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY proc) AS rn FROM ${src}) WHERE rn <= 3`] }));
    expect(top.issues[0]!.message).to.contain("ranks rows by processing time (ROW_NUMBER OVER (... ORDER BY proc): a Top-N), which Flink plans as a Rank that may update");
    new api.FlinkSqlJob("sr-proc-first", { statements: [api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY proc) AS rn FROM ${src}) WHERE rn = 1`] });
    // The row number in the output of a first-row deduplication stays a deduplication: flink
    // RankNumberColumnRemoveRule replaces a ROW_NUMBER bounded to one value by that constant.
    const withRn = new api.FlinkTable("sr_out_rn", { columns: [...cols, { name: "rn", type: "BIGINT NOT NULL" }], options: { connector: "kafka", topic: "o2", "properties.bootstrap.servers": "k:9092", format: "json" } });
    new api.FlinkSqlJob("sr-proc-first-rn", { statements: [api.sql`INSERT INTO ${withRn} SELECT id, n, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY proc) AS rn FROM ${src}) WHERE rn = 1`] });
  });
});

describe("rankings: what Flink plans as a Rank (second break review)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const timed = [
    { name: "id", type: "BIGINT NOT NULL" },
    { name: "n", type: "BIGINT" },
    { name: "ts", type: "TIMESTAMP(3)" },
    { name: "proc", expression: "PROCTIME()" },
  ];

  it("a ranking without a filter on its number is an over aggregation (no error); a filter in the INSERT over a view, 1 = rn and back-quoted aliases are read", () => {
    const src = new api.FlinkTable("rk_src", { columns: timed, watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const out3 = new api.FlinkTable("rk_out3", { columns: [...cols, { name: "r", type: "BIGINT" }], options: { connector: "kafka", topic: "o3", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const out = new api.FlinkTable("rk_out", { columns: cols, options: { connector: "kafka", topic: "o", "properties.bootstrap.servers": "k:9092", format: "json" } });
    new api.FlinkSqlJob("rk-over", {
      statements: [
        api.sql`INSERT INTO ${out3} SELECT id, n, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) AS r FROM ${src}`,
        api.sql`INSERT INTO ${out3} SELECT id, n, RANK() OVER (PARTITION BY id ORDER BY proc) AS r FROM ${src}`,
        api.sql`INSERT INTO ${out3} SELECT id, n, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS r FROM ${src}`,
      ],
    });
    expect(jobWarnings("rk-over")).to.deep.equal([]);
    new api.FlinkSqlJob("rk-view-first", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW ranked AS SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY proc) AS \`rn\` FROM ${src}`,
        api.sql`INSERT INTO ${out} SELECT id, n FROM ranked WHERE 1 = rn`,
      ],
    });
    expect(jobWarnings("rk-view-first")).to.deep.equal([]);
    const top = errorOf(
      () =>
        new api.FlinkSqlJob("rk-view-top", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW ranked2 AS SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY n DESC) AS rn FROM ${src}`,
            api.sql`INSERT INTO ${out} SELECT id, n FROM ranked2 WHERE 3 >= rn`,
          ],
        }),
    );
    expect(top.issues[0]!.message).to.contain("(through the view in statements[0]) ranks rows (ROW_NUMBER OVER (... ORDER BY n DESC): keeps the last or largest rows per key)");
  });

  it("window columns renamed in a view: rankings, GROUP BY and DISTINCT over them warn instead of failing; RANK per window is an error", () => {
    const src = new api.FlinkTable("rw_src", { columns: timed, watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const out = new api.FlinkTable("rw_out", { columns: cols, options: { connector: "kafka", topic: "o", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const agg = api.sql`CREATE TEMPORARY VIEW agg AS SELECT window_start AS ws, window_end AS we, id, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id`;
    new api.FlinkSqlJob("rw-top", { statements: [agg, api.sql`INSERT INTO ${out} SELECT id, c FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY ws, we ORDER BY c DESC) AS rn FROM agg) WHERE rn <= 3`] });
    expect(jobWarnings("rw-top").filter((w) => w.includes("ranks rows"))).to.have.length(1);
    const tv = api.sql`CREATE TEMPORARY VIEW tv AS SELECT * FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))`;
    new api.FlinkSqlJob("rw-distinct", { statements: [tv, api.sql`INSERT INTO ${out} SELECT id, CAST(0 AS BIGINT) FROM (SELECT DISTINCT window_start, window_end, id FROM tv)`] });
    expect(jobWarnings("rw-distinct").filter((w) => w.includes("DISTINCT"))).to.have.length(1);
    const keyed = new api.IcebergSink("rw_keyed", { catalog, database: "db", table: "rw", columns: cols, primaryKey: ["id"] });
    const rank = errorOf(
      () =>
        new api.FlinkSqlJob("rw-rank", {
          statements: [
            api.sql`INSERT INTO ${keyed} SELECT id, n FROM (SELECT *, RANK() OVER (PARTITION BY window_start, window_end ORDER BY n DESC) AS r FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))) WHERE r <= 3`,
          ],
        }),
    );
    expect(rank.issues[0]!.message).to.equal(
      'RANK() OVER (...) filtered by its number is a window Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it ("RANK() function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink StreamExecWindowRank); use ROW_NUMBER() (ties then get distinct numbers)',
    );
  });
});

describe("window Top-N partitioned by one window column (final trial)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("is an error that says to add the other one", () => {
    const src = new api.FlinkTable("wh_src", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const out = new api.FlinkTable("wh_out", { columns: cols, options: { connector: "kafka", topic: "o", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("wh-top", {
          statements: [
            api.sql`INSERT INTO ${out} SELECT id, n FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start ORDER BY n DESC) AS rn FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))) WHERE rn <= 3`,
          ],
        }),
    );
    expect(e.issues[0]!.message).to.contain("the statement ranks rows partitioned by window_start without window_end (ROW_NUMBER OVER (... ORDER BY n DESC)), which Flink plans as a regular Top-N, not a window Top-N");
    expect(e.issues[0]!.message).to.match(/, or add window_end to the PARTITION BY \(a window Top-N partitions by both window_start and window_end\)$/);
  });
});
