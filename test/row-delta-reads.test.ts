/**
 * Trial finding 1 (src/sql/row-delta-reads.ts): a streaming read of an Iceberg table that a keyed
 * IcebergSink (primaryKey, no upsertEnabled) is written updates and deletes into misses the rows of
 * every commit holding one (a RowDelta: "overwrite" / "delete"; incremental reads keep "append"
 * snapshots only). An error when the writing statement certainly updates, whichever job comes
 * first or in one job; quiet for insert-only writes, another branch, a batch read, a window
 * aggregation. Finding 8: a keyed v1 sink the job reports updates into keeps no duplicate warning.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { v1DeletesReported } from "../src/components/job-registry.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "v", type: "STRING" },
];
const kafka = (topic: string, format: string) => ({ connector: "kafka", topic, "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format });

const SKIPS =
  'each update and delete becomes a delete file, which makes its commit an "overwrite" (or "delete") snapshot, and a streaming Iceberg read takes only "append" snapshots: ' +
  "it skips those commits whole, the rows they add too, without an error";

describe("streaming reads of a table a keyed sink writes updates and deletes into", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("the writing job first (trial p32): the reading job fails with what it misses and what to do", () => {
    const cdc = new api.FlinkTable("rd_cdc", { columns: cols, primaryKey: ["id"], options: kafka("cdc", "debezium-json") });
    const mirror = new api.IcebergSink("rd_mirror", { catalog, database: "db", table: "rd_mirror", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("rd-ingest", { statements: [api.sql`INSERT INTO ${mirror} SELECT id, v FROM ${cdc}`] });
    expect(jobWarnings("rd-ingest")).to.deep.equal([]);
    const follow = new api.IcebergSource("rd_follow", { catalog, database: "db", table: "rd_mirror", columns: cols, streaming: true });
    const out = new api.FlinkTable("rd_out", { columns: cols, options: { connector: "blackhole" } });
    const e = errorOf(() => new api.FlinkSqlJob("rd-downstream", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow}`] }));
    expect(e.issues).to.deep.equal([
      {
        path: "statements",
        message:
          'IcebergSource "rd_follow" streams from the Iceberg table db.rd_mirror, which IcebergSink "rd_mirror" (FlinkSqlJob "rd-ingest") writes, keyed by its primaryKey, ' +
          `from FlinkTable "rd_cdc", a 'debezium-json' table (a changelog of inserts, updates and deletes): ${SKIPS}; ` +
          'stream from FlinkTable "rd_cdc" itself (the changelog the writing statement reads), or read db.rd_mirror in a batch job (streaming unset), which reads its current snapshot whole with the deletes applied',
      },
    ]);
    // Valid neighbours: a batch read of the table, and a streaming read of another branch, stay quiet.
    const once = new api.IcebergSource("rd_once", { catalog, database: "db", table: "rd_mirror", columns: cols });
    new api.FlinkSqlJob("rd-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${once}`] });
    expect(jobWarnings("rd-batch")).to.deep.equal([]);
    const audit = new api.IcebergSource("rd_audit", { catalog, database: "db", table: "rd_mirror", columns: cols, streaming: true, extraOptions: { branch: "audit" } });
    new api.FlinkSqlJob("rd-branch", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${audit}`] });
    expect(jobWarnings("rd-branch")).to.deep.equal([]);
  });

  it("the reading job first: the job that writes updates into the keyed sink fails at its statement", () => {
    const follow = new api.IcebergSource("ro_follow", { catalog, database: "db", table: "ro_agg", columns: cols, streaming: true });
    const out = new api.FlinkTable("ro_out", { columns: cols, options: { connector: "blackhole" } });
    new api.FlinkSqlJob("ro-downstream", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow}`] });
    expect(jobWarnings("ro-downstream")).to.deep.equal([]);
    const gen = new api.FlinkTable("ro_gen", { columns: cols, options: { connector: "datagen" } });
    const agg = new api.IcebergSink("ro_agg", { catalog, database: "db", table: "ro_agg", columns: cols, primaryKey: ["id"] });
    const e = errorOf(() => new api.FlinkSqlJob("ro-agg", { statements: [api.sql`INSERT INTO ${agg} SELECT id, MAX(v) FROM ${gen} GROUP BY id`] }));
    expect(e.issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'IcebergSink "ro_agg" writes the Iceberg table db.ro_agg, keyed by its primaryKey, from a statement that aggregates without a window, which in a streaming job yields updates to earlier results, ' +
          `and IcebergSource "ro_follow" (FlinkSqlJob "ro-downstream") streams from it: ${SKIPS}; ` +
          "read db.ro_agg in a batch job (streaming unset), which reads its current snapshot whole with the deletes applied, or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final",
      },
    ]);
    // Valid neighbours: the same sink fed inserts only, or by a window aggregation (final rows), stays quiet.
    new api.FlinkSqlJob("ro-append", { statements: [api.sql`INSERT INTO ${agg} SELECT id, v FROM ${gen}`] });
    // Only keyed-appends.ts' warning that the key does not deduplicate across checkpoints (no row-delta one).
    expect(jobWarnings("ro-append")).to.deep.equal([
      'statements[0]: IcebergSink "ro_agg" is keyed by its primaryKey (id) without upsertEnabled, and the statement writes inserts only into it (from FlinkTable "ro_gen"): ' +
        "the keyed writer removes a repeated key only within one checkpoint (a position delete for the row it wrote before: iceberg BaseTaskWriter.BaseEqualityDeltaWriter) and starts afresh at each checkpoint, " +
        "so a key that comes again in a later checkpoint (an update sent as a new message, a resend, a source read again from the start) becomes a second row of the table; " +
        'set upsertEnabled: true on IcebergSink "ro_agg" (each row then replaces the row of its key), or drop its primaryKey for an append-only table',
    ]);
  });

  it("one job that writes the keyed sink from a changelog and streams from it in another statement fails; upsert-kafka counts", () => {
    const up = new api.FlinkTable("oj_up", { columns: cols, primaryKey: ["id"], options: { connector: "upsert-kafka", topic: "up", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const t = new api.IcebergSink("oj_t", { catalog, database: "db", table: "oj_t", columns: cols, primaryKey: ["id"] });
    const follow = new api.IcebergSource("oj_follow", { catalog, database: "db", table: "oj_t", columns: cols, primaryKey: ["id"], streaming: true });
    const out = new api.FlinkTable("oj_out", { columns: cols, options: { connector: "blackhole" } });
    const e = errorOf(() => new api.FlinkSqlJob("oj", { statements: [api.sql`INSERT INTO ${t} SELECT id, v FROM ${up}`, api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow}`] }));
    expect(e.issues.map((i) => i.path)).to.deep.equal(["statements"]);
    expect(e.issues[0]!.message).to.equal(
      'IcebergSource "oj_follow" streams from the Iceberg table db.oj_t, which IcebergSink "oj_t" (statements[0]) writes, keyed by its primaryKey, from FlinkTable "oj_up", ' +
        `an upsert-kafka table (an upsert stream: updates and deletes by key): ${SKIPS}; stream from FlinkTable "oj_up" itself (the changelog the writing statement reads), ` +
        "or read db.oj_t in a batch job (streaming unset), which reads its current snapshot whole with the deletes applied",
    );
  });

  it("another branch through an OPTIONS hint is another table, on either side (iceberg FlinkReadOptions / FlinkWriteOptions 'branch'); a hint naming the same branch is not", () => {
    const cdc = new api.FlinkTable("hb_cdc", { columns: cols, primaryKey: ["id"], options: kafka("hb", "debezium-json") });
    const mirror = new api.IcebergSink("hb_mirror", { catalog, database: "db", table: "hb_mirror", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("hb-ingest", { statements: [api.sql`INSERT INTO ${mirror} SELECT id, v FROM ${cdc}`] });
    const follow = new api.IcebergSource("hb_follow", { catalog, database: "db", table: "hb_mirror", columns: cols, streaming: true });
    const out = new api.FlinkTable("hb_out", { columns: cols, options: { connector: "blackhole" } });
    // The reader streams the audit branch: quiet.
    new api.FlinkSqlJob("hb-audit", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow} /*+ OPTIONS('branch'='audit') */`] });
    expect(jobWarnings("hb-audit")).to.deep.equal([]);
    // A hint naming main reads what the sink writes: the error, as without the hint.
    const e = errorOf(() => new api.FlinkSqlJob("hb-main", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow} /*+ OPTIONS('branch'='main') */`] }));
    expect(e.issues).to.deep.equal([
      {
        path: "statements",
        message:
          'IcebergSource "hb_follow" streams from the Iceberg table db.hb_mirror, which IcebergSink "hb_mirror" (FlinkSqlJob "hb-ingest") writes, keyed by its primaryKey, ' +
          `from FlinkTable "hb_cdc", a 'debezium-json' table (a changelog of inserts, updates and deletes): ${SKIPS}; ` +
          'stream from FlinkTable "hb_cdc" itself (the changelog the writing statement reads), or read db.hb_mirror in a batch job (streaming unset), which reads its current snapshot whole with the deletes applied',
      },
    ]);
    // The reading job first, then a job that aggregates into the keyed sink's staging branch: quiet.
    const gen = new api.FlinkTable("hb_gen", { columns: cols, options: { connector: "datagen" } });
    const agg = new api.IcebergSink("hb_agg", { catalog, database: "db", table: "hb_agg", columns: cols, primaryKey: ["id"] });
    const aggFollow = new api.IcebergSource("hb_agg_follow", { catalog, database: "db", table: "hb_agg", columns: cols, streaming: true });
    new api.FlinkSqlJob("hb-agg-read", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${aggFollow}`] });
    new api.FlinkSqlJob("hb-agg-staging", { statements: [api.sql`INSERT INTO ${agg} /*+ OPTIONS('branch'='staging') */ SELECT id, MAX(v) FROM ${gen} GROUP BY id`] });
    expect(jobWarnings("hb-agg-staging")).to.deep.equal([]);
  });

  it("an updating operation the text leaves open is a warning, not an error", () => {
    const a = new api.FlinkTable("ow_a", { columns: cols, options: { connector: "datagen" } });
    const b = new api.FlinkTable("ow_b", { columns: cols, options: { connector: "datagen" } });
    const t = new api.IcebergSink("ow_t", { catalog, database: "db", table: "ow_t", columns: cols, primaryKey: ["id"] });
    new api.FlinkSqlJob("ow-write", { statements: [api.sql`INSERT INTO ${t} SELECT x.id, y.v FROM (SELECT * FROM ${a}) x LEFT JOIN (SELECT * FROM ${b}) y ON x.id = y.id`] });
    const follow = new api.IcebergSource("ow_follow", { catalog, database: "db", table: "ow_t", columns: cols, streaming: true });
    const out = new api.FlinkTable("ow_out", { columns: cols, options: { connector: "blackhole" } });
    new api.FlinkSqlJob("ow-read", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow}`] });
    const w = jobWarnings("ow-read");
    expect(w).to.have.length(1);
    expect(w[0]).to.match(/^statements: IcebergSource "ow_follow" streams from the Iceberg table db\.ow_t, which IcebergSink "ow_t" \(FlinkSqlJob "ow-write"\) writes, keyed by its primaryKey, from a statement that outer-joins/);
  });

  it("a keyed v1 sink the job reports updates into keeps no warning of its own saying the same (finding 8); one written inserts only keeps it", () => {
    const cdc = new api.FlinkTable("v1r_cdc", { columns: cols, primaryKey: ["id"], options: kafka("v1r", "debezium-json") });
    const v1 = new api.IcebergSink("v1r_t", { catalog, database: "db", table: "v1r_t", columns: cols, primaryKey: ["id"], formatVersion: 1 });
    errorOf(() => new api.FlinkSqlJob("v1r", { statements: [api.sql`INSERT INTO ${v1} SELECT id, v FROM ${cdc}`] }));
    expect(v1DeletesReported('IcebergSink "v1r_t"')).to.equal(true);
    const gen = new api.FlinkTable("v1r_gen", { columns: cols, options: { connector: "datagen" } });
    const quiet = new api.IcebergSink("v1r_q", { catalog, database: "db", table: "v1r_q", columns: cols, primaryKey: ["id"], formatVersion: 1 });
    new api.FlinkSqlJob("v1r-append", { statements: [api.sql`INSERT INTO ${quiet} SELECT id, v FROM ${gen}`] });
    expect(v1DeletesReported('IcebergSink "v1r_q"')).to.equal(false);
  });
});
