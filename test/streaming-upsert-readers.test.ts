/**
 * Lead 1 (apache/iceberg#6816): an incremental (streaming) Iceberg read skips the snapshots an
 * upsert commits; told whichever of the reading and the writing job is declared first: an error once
 * a job of the program writes the upsert sink (every one of its commits is skipped), a warning while
 * the upsert sink is only declared.
 */
import { expect } from "chai";
import { issuesOf, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "data", type: "STRING" },
];
const warningsOf = jobWarnings;
const SKIPS =
  "incremental reads see only append snapshots and skip upsert commits, so the stream misses every change after its first scan; " +
  "follow the changes from where the upserting job reads them (e.g. its Kafka topic) instead, or read the table in a batch job (streaming unset), which reads the current snapshot whole";

describe("streaming reads of a table another job upserts into", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("the other order: a job that upserts into a table an earlier job streams from fails (lead 1)", () => {
    const reader = new api.IcebergSource("early_reader", { catalog, database: "db", table: "streamed_first", columns: cols.map((c) => (c.name === "id" ? { ...c, type: "BIGINT NOT NULL" } : c)), streaming: true });
    const out = new api.FlinkTable("early_out", { columns: cols, options: { connector: "print" } });
    new api.FlinkSqlJob("early-read", { statements: [api.sql`INSERT INTO ${out} SELECT id, data FROM ${reader}`] });
    expect(warningsOf("early-read")).to.deep.equal([]);
    const gen = new api.FlinkTable("late_gen", { columns: cols, options: { connector: "datagen" } });
    const up = new api.IcebergSink("late_upsert", { catalog, database: "db", table: "streamed_first", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    expect(issuesOf(() => new api.FlinkSqlJob("late-write", { statements: [api.sql`INSERT INTO ${up} SELECT id, data FROM ${gen}`] }))).to.deep.equal([
      {
        path: "statements",
        message:
          'IcebergSink "late_upsert" writes the Iceberg table db.streamed_first with upserts, and IcebergSource "early_reader" (FlinkSqlJob "early-read") streams from it: ' + SKIPS,
      },
    ]);
    // Another branch of the table is another table: quiet.
    const audit = new api.IcebergSink("late_upsert_audit", { catalog, database: "db", table: "streamed_first", tableName: "lua", columns: cols, primaryKey: ["id"], upsertEnabled: true, extraOptions: { branch: "audit" } });
    new api.FlinkSqlJob("late-write-audit", { statements: [api.sql`INSERT INTO ${audit} SELECT id, data FROM ${gen}`] });
    expect(warningsOf("late-write-audit")).to.deep.equal([]);
  });

  it("the reading job after a job that writes the upsert sink fails, naming that job; in one job too; a declared upsert sink no job writes is a warning", () => {
    const gen = new api.FlinkTable("uw_gen", { columns: cols, options: { connector: "datagen" } });
    const up = new api.IcebergSink("uw_sink", { catalog, database: "db", table: "upserted_first", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    new api.FlinkSqlJob("uw-write", { statements: [api.sql`INSERT INTO ${up} SELECT id, data FROM ${gen}`] });
    const follow = new api.IcebergSource("uw_follow", { catalog, database: "db", table: "upserted_first", columns: cols.map((c) => (c.name === "id" ? { ...c, type: "BIGINT NOT NULL" } : c)), streaming: true });
    const out = new api.FlinkTable("uw_out", { columns: cols, options: { connector: "blackhole" } });
    expect(issuesOf(() => new api.FlinkSqlJob("uw-read", { statements: [api.sql`INSERT INTO ${out} SELECT id, data FROM ${follow}`] }))).to.deep.equal([
      { path: "statements", message: 'IcebergSource "uw_follow" streams from the Iceberg table db.upserted_first, which IcebergSink "uw_sink" writes with upserts (FlinkSqlJob "uw-write"): ' + SKIPS },
    ]);
    // In one job (the source, having no primaryKey, also maps to another Iceberg schema: identifier-field-ids).
    expect(issuesOf(() => new api.FlinkSqlJob("uw-both", { statements: [api.sql`INSERT INTO ${up} SELECT id, data FROM ${gen}`, api.sql`INSERT INTO ${out} SELECT id, data FROM ${follow}`] }))).to.deep.equal([
      {
        path: "statements",
        message: 'IcebergSource "uw_follow" and IcebergSink "uw_sink" register the same Iceberg table db.upserted_first with different columns; declare the columns once and reuse them, so both map to one Iceberg schema',
      },
      { path: "statements", message: 'IcebergSource "uw_follow" streams from the Iceberg table db.upserted_first, which IcebergSink "uw_sink" writes with upserts in this job: ' + SKIPS },
    ]);
    // Declared only: a warning (it may be written from another stack).
    new api.IcebergSink("decl_sink", { catalog, database: "db", table: "declared_only", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    const declFollow = new api.IcebergSource("decl_follow", { catalog, database: "db", table: "declared_only", columns: cols.map((c) => (c.name === "id" ? { ...c, type: "BIGINT NOT NULL" } : c)), streaming: true });
    new api.FlinkSqlJob("decl-read", { statements: [api.sql`INSERT INTO ${out} SELECT id, data FROM ${declFollow}`] });
    expect(warningsOf("decl-read")).to.deep.equal(['statements: IcebergSource "decl_follow" streams from the Iceberg table db.declared_only, which IcebergSink "decl_sink" writes with upserts: ' + SKIPS]);
  });

  it("an upsert INSERT into another branch by OPTIONS hint is another table for a reader of main; into main by hint it fails (review)", () => {
    const reader = new api.IcebergSource("hb_reader", { catalog, database: "db", table: "hinted_branch", columns: cols.map((c) => (c.name === "id" ? { ...c, type: "BIGINT NOT NULL" } : c)), streaming: true });
    const out = new api.FlinkTable("hb_out", { columns: cols, options: { connector: "blackhole" } });
    new api.FlinkSqlJob("hb-read", { statements: [api.sql`INSERT INTO ${out} SELECT id, data FROM ${reader}`] });
    const gen = new api.FlinkTable("hb_gen", { columns: cols, options: { connector: "datagen" } });
    const up = new api.IcebergSink("hb_upsert", { catalog, database: "db", table: "hinted_branch", columns: cols, primaryKey: ["id"], upsertEnabled: true });
    new api.FlinkSqlJob("hb-write-staging", { statements: [api.sql`INSERT INTO ${up} /*+ OPTIONS('branch'='staging') */ SELECT id, data FROM ${gen}`] });
    expect(warningsOf("hb-write-staging")).to.deep.equal([]);
    expect(issuesOf(() => new api.FlinkSqlJob("hb-write-main", { statements: [api.sql`INSERT INTO ${up} /*+ OPTIONS('branch'='main') */ SELECT id, data FROM ${gen}`] })).map((i) => i.message)).to.deep.equal([
      'IcebergSink "hb_upsert" writes the Iceberg table db.hinted_branch with upserts, and IcebergSource "hb_reader" (FlinkSqlJob "hb-read") streams from it: ' + SKIPS,
    ]);
  });

  it("a streaming job that appends to the Iceberg table it streams from warns: it reads its own commits back (another branch is another table)", () => {
    const src = new api.IcebergSource("loop_src", { catalog, database: "db", table: "looped", columns: cols, streaming: true });
    const snk = new api.IcebergSink("loop_snk", { catalog, database: "db", table: "looped", columns: cols });
    new api.FlinkSqlJob("loop", { statements: [api.sql`INSERT INTO ${snk} SELECT id, data FROM ${src} WHERE data <> 'x'`] });
    expect(warningsOf("loop")).to.deep.equal([
      'statements[0]: IcebergSource "loop_src" streams from the Iceberg table db.looped, which this statement appends to through IcebergSink "loop_snk": every commit of the job is read back as new rows, ' +
        "so the rows it writes go through the job again on every checkpoint and the table grows without end; " +
        "write to another table, or to another branch (extraOptions.branch on the sink), or read the table in a batch job",
    ]);
    // The sink writes another branch: no loop. A batch read of the table: no loop, but each run appends a copy (batch-self-appends.ts).
    const audit = new api.IcebergSink("loop_audit", { catalog, database: "db", table: "looped", columns: cols, extraOptions: { branch: "audit" } });
    new api.FlinkSqlJob("loop-branch", { statements: [api.sql`INSERT INTO ${audit} SELECT id, data FROM ${src}`] });
    expect(warningsOf("loop-branch")).to.deep.equal([]);
    const once = new api.IcebergSource("loop_once", { catalog, database: "db", table: "looped", columns: cols });
    new api.FlinkSqlJob("loop-batch", { statements: [api.sql`INSERT INTO ${snk} SELECT id, data FROM ${once}`], runtimeMode: "batch" });
    expect(warningsOf("loop-batch")).to.deep.equal([
      'statements[0]: this statement reads the Iceberg table db.looped through IcebergSource "loop_once" and appends to it through IcebergSink "loop_snk" in a batch job: ' +
        "each run reads the table's current rows, those earlier runs appended included, and appends what it derives from them again (a plain copy, as here: every run doubles the table); " +
        'to append only new rows, read only what was appended since a known snapshot (startSnapshotId and endSnapshotId on IcebergSource "loop_once", or extraOptions "start-tag" and "end-tag"), ' +
        "or read db.looped only to leave out the rows already there (NOT EXISTS or NOT IN over it, or a LEFT JOIN of it kept WHERE its key IS NULL); " +
        'write INSERT OVERWRITE IcebergSink "loop_snk" only when the result is the table\'s complete new content: it replaces every row already in the table (in each partition it writes, when the table is partitioned), ' +
        "and the rows the statement does not produce again are gone; acknowledge this warning when each run appends only rows no earlier run wrote",
    ]);
    // Review: a pipeline through the table (one statement writes it, another reads it on) is no loop; a 'branch' hint is another branch;
    // an explicit branch "main" is main.
    const gen = new api.FlinkTable("loop_gen", { columns: cols, options: { connector: "datagen" } });
    const other = new api.IcebergSink("loop_other", { catalog, database: "db", table: "loop_other", columns: cols });
    new api.FlinkSqlJob("loop-pipeline", { statements: [api.sql`INSERT INTO ${snk} SELECT id, data FROM ${gen}`, api.sql`INSERT INTO ${other} SELECT id, data FROM ${src}`] });
    expect(warningsOf("loop-pipeline")).to.deep.equal([]);
    new api.FlinkSqlJob("loop-hint", { statements: [api.sql`INSERT INTO ${snk} /*+ OPTIONS('branch'='audit') */ SELECT id, data FROM ${src}`] });
    expect(warningsOf("loop-hint")).to.deep.equal([]);
    const mainSink = new api.IcebergSink("loop_main", { catalog, database: "db", table: "looped", columns: cols, extraOptions: { branch: "main" } });
    new api.FlinkSqlJob("loop-main", { statements: [api.sql`INSERT INTO ${mainSink} SELECT id, data FROM ${src} WHERE id > 0`] });
    expect(warningsOf("loop-main")).to.have.length(1);
  });

  const loopError = (src: string, snk: string, table: string): { path: string; message: string } => ({
    path: "statements[0]",
    message:
      `this statement reads the Iceberg table ${table} as a stream through IcebergSource "${src}" and appends every row it reads back to it through IcebergSink "${snk}" ` +
      "(a plain projection: no WHERE, JOIN, GROUP BY, aggregate, window, DISTINCT or LIMIT): each commit is an append snapshot, which the streaming read reads back, " +
      "so every row is written again on every checkpoint and the table grows without end; " +
      `read ${table} bounded (streaming unset, in a batch job), or write to another table or branch (extraOptions.branch on the sink), ` +
      "or add a WHERE that excludes the rows this statement writes",
  });
  const loopWarning = (src: string, snk: string, table: string, i = 0): string =>
    `statements[${i}]: IcebergSource "${src}" streams from the Iceberg table db.${table}, which this statement appends to through IcebergSink "${snk}": every commit of the job is read back as new rows, ` +
    "so the rows it writes go through the job again on every checkpoint and the table grows without end; " +
    "write to another table, or to another branch (extraOptions.branch on the sink), or read the table in a batch job";

  it("a plain projection of the streamed table appended back to it fails: every row comes back forever (trial finding)", () => {
    const src = new api.IcebergSource("raw_events_src", { catalog, database: "raw", table: "events", columns: cols, streaming: true });
    const snk = new api.IcebergSink("raw_events_snk", { catalog, database: "raw", table: "events", columns: cols });
    const err = (name: string, stmt: ReturnType<Api["sql"]>) => issuesOf(() => new api.FlinkSqlJob(name, { statements: [stmt] }));
    const fails = loopError("raw_events_src", "raw_events_snk", "raw.events");
    expect(err("self-copy", api.sql`INSERT INTO ${snk} SELECT id, data FROM ${src}`)).to.deep.equal([fails]);
    expect(err("self-star", api.sql`INSERT INTO ${snk} SELECT * FROM ${src}`)).to.deep.equal([fails]);
    // Scalar expressions, an alias and a column list keep one row per row.
    expect(err("self-upper", api.sql`INSERT INTO ${snk} (id, data) SELECT e.id + 1, UPPER(e.data) AS data FROM ${src} AS e`)).to.deep.equal([fails]);
  });

  it("a streamed table appended back through a WHERE, a join, a hint or a declared function's call stays a warning; another branch read is quiet", () => {
    const src = new api.IcebergSource("lw_src", { catalog, database: "db", table: "lw", columns: cols, streaming: true });
    const snk = new api.IcebergSink("lw_snk", { catalog, database: "db", table: "lw", columns: cols });
    const dim = new api.FlinkTable("lw_dim", { columns: cols, options: { connector: "datagen" } });
    const warned = (name: string, ...statements: ReturnType<Api["sql"]>[]): string[] => {
      new api.FlinkSqlJob(name, { statements });
      return warningsOf(name);
    };
    expect(warned("lw-where", api.sql`INSERT INTO ${snk} SELECT id, data FROM ${src} WHERE data <> 'copied'`)).to.deep.equal([loopWarning("lw_src", "lw_snk", "lw")]);
    expect(warned("lw-join", api.sql`INSERT INTO ${snk} SELECT s.id, d.data FROM ${src} AS s JOIN ${dim} AS d ON s.id = d.id`)).to.deep.equal([loopWarning("lw_src", "lw_snk", "lw")]);
    expect(warned("lw-hint", api.sql`INSERT INTO ${snk} SELECT id, data FROM ${src} /*+ OPTIONS('monitor-interval'='10s') */`)).to.deep.equal([loopWarning("lw_src", "lw_snk", "lw")]);
    expect(
      warned("lw-function", api.sql`CREATE TEMPORARY FUNCTION keep_new AS 'com.acme.KeepNew'`, api.sql`INSERT INTO ${snk} SELECT id, keep_new(data) FROM ${src}`),
    ).to.deep.equal([loopWarning("lw_src", "lw_snk", "lw", 1)]);
    // A streaming read of another branch, written back to main: no loop (a branch read follows that branch's commits).
    const staging = new api.IcebergSource("lw_staging", { catalog, database: "db", table: "lw", tableName: "lw_staging", columns: cols, streaming: true, extraOptions: { branch: "staging" } });
    expect(warned("lw-branch", api.sql`INSERT INTO ${snk} SELECT id, data FROM ${staging}`)).to.deep.equal([]);
    // Another table: quiet.
    const other = new api.IcebergSink("lw_other", { catalog, database: "db", table: "lw_other", columns: cols });
    expect(warned("lw-other", api.sql`INSERT INTO ${other} SELECT id, data FROM ${src}`)).to.deep.equal([]);
  });
});
