/**
 * An aggregation into a keyed sink whose key holds an aggregate value (src/sql/aggregate-sink-keys.ts;
 * flink FlinkRelMdUpsertKeys / FlinkRelMdUniqueKeys.getUniqueKeysOnAggregate,
 * FlinkChangelogModeInferenceProgram.analyzeUpsertMaterializeStrategy, iceberg BaseDeltaTaskWriter):
 * a key of GROUP BY columns plus an aggregate value, or the aggregate value of a global aggregation,
 * into an upsert IcebergSink keeps a row for every old value (error); a key holding none of the
 * GROUP BY columns merges groups (error, every sink and mode; a warning when the key's aggregates
 * are MIN / MAX / FIRST_VALUE / LAST_VALUE, values of the group's rows); part of them: a warning. Inline,
 * through a view and through a WITH query; quiet for the valid neighbours.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const srcCols = [
  { name: "user_id", type: "STRING NOT NULL" },
  { name: "user_name", type: "STRING" },
  { name: "d", type: "DATE" },
  { name: "amount", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const N = [{ name: "n", type: "BIGINT NOT NULL" }];
const USER_CNT = [
  { name: "user_id", type: "STRING NOT NULL" },
  { name: "cnt", type: "BIGINT NOT NULL" },
];
const STALE =
  "an aggregate value changes with every update, which Flink sends as a retraction of the old row and the new row, under another key; " +
  "in upsert mode the sink ignores the retraction, and Flink adds no materializer, as the sink's key contains the aggregation's upsert key";
const MERGE = "the aggregation's rows are unique by its GROUP BY columns, and Flink keeps one row per sink key";
const UPSERT_KAFKA = { connector: "upsert-kafka", topic: "o", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" };

describe("an aggregation into a sink keyed by an aggregate value", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  const source = (options: Record<string, string> = { connector: "datagen" }) => new api.FlinkTable(`ak_src${++n}`, { columns: srcCols, options });
  const sink = (cols: { name: string; type: string }[], key: string[] | undefined, upsert = true) =>
    new api.IcebergSink(`ak_out${++n}`, { catalog, database: "db", table: `ak_out${n}`, columns: cols, ...(key ? { primaryKey: key } : {}), ...(upsert ? { upsertEnabled: true } : { formatVersion: 2 }) });
  const run = (statements: ReturnType<Api["sql"]>[], extra: Record<string, unknown> = {}) => {
    const name = `ak-job${++n}`;
    const issues = issuesOrNone(() => new api.FlinkSqlJob(name, { statements, ...extra })).map((i) => [i.path, i.message]);
    return { issues, warnings: issues.length > 0 ? [] : jobWarnings(name) };
  };
  const quiet = { issues: [], warnings: [] };

  it("a global COUNT(*) into an upsert sink keyed by the count: an error telling to key by a constant (inline, through a view, through a WITH query)", () => {
    const src = source();
    const out = sink(N, ["n"]);
    const l = out.tableName;
    const message = (via: string) =>
      `IcebergSink "${l}" is keyed by ("n"), and the statement fills its "n" with the aggregate COUNT(*) of an aggregation without GROUP BY${via}: ${STALE} ` +
      `(the empty key of its one row), so the table keeps a row for every value "n" ever had; ` +
      `select a constant key instead, e.g. 'all' AS k, into a column k of IcebergSink "${l}" with primaryKey: ["k"], ` +
      "or set upsertEnabled: false (the retraction then deletes the old row by its key)";
    expect(run([api.sql`INSERT INTO ${out} SELECT COUNT(*) AS n FROM ${src}`])).to.deep.equal({ issues: [["statements[0]", message("")]], warnings: [] });
    const view = run([api.sql`CREATE TEMPORARY VIEW totals AS SELECT COUNT(*) AS total FROM ${src}`, api.sql`INSERT INTO ${out} SELECT total FROM totals`]);
    expect(view.issues).to.deep.equal([["statements[1]", message(" in the view in statements[0]")]]);
    const withQuery = run([api.sql`INSERT INTO ${out} WITH c AS (SELECT COUNT(*) AS total FROM ${src}) SELECT * FROM c`]);
    expect(withQuery.issues).to.deep.equal([["statements[0]", message(" in the WITH query c")]]);
  });

  it("a global aggregate keyed by its value is quiet where the retraction deletes the old key: without upsert, upsert-kafka, FORCE materialization; and in batch; a constant key is quiet", () => {
    const src = source();
    expect(run([api.sql`INSERT INTO ${sink(N, ["n"], false)} SELECT COUNT(*) AS n FROM ${src}`])).to.deep.equal(quiet);
    const kafka = new api.FlinkTable(`ak_uk${++n}`, { columns: N, primaryKey: ["n"], options: UPSERT_KAFKA });
    expect(run([api.sql`INSERT INTO ${kafka} SELECT COUNT(*) FROM ${src}`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${sink(N, ["n"])} SELECT COUNT(*) AS n FROM ${src}`], { configuration: { "table.exec.sink.upsert-materialize": "FORCE" } })).to.deep.equal(quiet);
    const bounded = source({ connector: "datagen", "number-of-rows": "10" });
    expect(run([api.sql`INSERT INTO ${sink(N, ["n"])} SELECT COUNT(*) AS n FROM ${bounded}`], { runtimeMode: "batch" })).to.deep.equal(quiet);
    const constant = sink([{ name: "k", type: "STRING NOT NULL" }, ...N], ["k"]);
    expect(run([api.sql`INSERT INTO ${constant} SELECT 'all' AS k, COUNT(*) AS n FROM ${src}`])).to.deep.equal(quiet);
  });

  it("with the materialize setting not known at preview (an Output in the SQL Gateway's session properties): a warning", () => {
    const out = sink(N, ["n"]);
    const r = run([api.sql`INSERT INTO ${out} SELECT COUNT(*) + 1 AS n FROM ${source()}`], {
      sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: { "table.exec.sink.upsert-materialize": pulumi.output("FORCE") } as unknown as Record<string, string> },
    });
    expect(r.issues).to.deep.equal([]);
    expect(r.warnings).to.deep.equal([
      `statements[0]: IcebergSink "${out.tableName}" is keyed by ("n"), and the statement fills its "n" with the aggregate COUNT(*) + 1 of an aggregation without GROUP BY: ${STALE} ` +
        `(the empty key of its one row), so the table keeps a row for every value "n" ever had ` +
        "(unless table.exec.sink.upsert-materialize is FORCE where the job runs, which the preview cannot read); " +
        `select a constant key instead, e.g. 'all' AS k, into a column k of IcebergSink "${out.tableName}" with primaryKey: ["k"], ` +
        "or set upsertEnabled: false (the retraction then deletes the old row by its key)",
    ]);
  });

  it("a GROUP BY keyed by its group column and the count, into an upsert sink: an error (a MIN: a warning); without upsert or with FORCE: quiet", () => {
    const src = source();
    const out = sink(USER_CNT, ["user_id", "cnt"]);
    const l = out.tableName;
    expect(run([api.sql`INSERT INTO ${out} SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY user_id`]).issues).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "${l}" is keyed by ("user_id", "cnt"), and the statement fills its "cnt" with the aggregate COUNT(*) of a GROUP BY (user_id): ${STALE} ` +
          `(its GROUP BY columns), so the table keeps a row for every value "cnt" ever had; ` +
          `declare primaryKey: ["user_id"] on IcebergSink "${l}" (the GROUP BY columns), or set upsertEnabled: false (the retraction then deletes the old row by its key)`,
      ],
    ]);
    expect(run([api.sql`INSERT INTO ${sink(USER_CNT, ["user_id", "cnt"], false)} SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY user_id`])).to.deep.equal(quiet);
    // A MIN the data may never change (an ascending time): a warning.
    const first = sink([USER_CNT[0]!, { name: "first_seen", type: "TIMESTAMP(3)" }], ["user_id", "first_seen"]);
    expect(run([api.sql`INSERT INTO ${first} SELECT user_id, MIN(ts) AS first_seen FROM ${src} GROUP BY user_id`]).warnings).to.deep.equal([
      `statements[0]: IcebergSink "${first.tableName}" is keyed by ("user_id", "first_seen"), and the statement fills its "first_seen" with the aggregate MIN(ts) of a GROUP BY (user_id): ` +
        "MIN, MAX or FIRST_VALUE changes when a later row brings another extreme or first value, which Flink sends as a retraction of the old row and the new row, under another key; " +
        "in upsert mode the sink ignores the retraction, and Flink adds no materializer, as the sink's key contains the aggregation's upsert key " +
        `(its GROUP BY columns), so the table keeps a row for every value "first_seen" ever had (unless the data never changes it once a group has it); ` +
        `declare primaryKey: ["user_id"] on IcebergSink "${first.tableName}" (the GROUP BY columns), or set upsertEnabled: false (the retraction then deletes the old row by its key)`,
    ]);
    expect(run([api.sql`INSERT INTO ${out} SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY user_id`], { configuration: { "table.exec.sink.upsert-materialize": "force" } })).to.deep.equal(quiet);
  });

  it("a GROUP BY keyed by the count alone: groups merge, an error for an Iceberg sink, upsert-kafka, under FORCE, and (upsert sinks) in batch; keyed by the group column: quiet", () => {
    const src = source();
    const out = sink(USER_CNT, ["cnt"]);
    const l = out.tableName;
    const message = (label: string, via = "") =>
      `${label} is keyed by ("cnt"), and the statement fills its "cnt" with the aggregate COUNT(*) of a GROUP BY (user_id)${via}, and its key holds none of the GROUP BY columns: ${MERGE}, ` +
      `so groups with the same "cnt" merge into one row, silently; declare primaryKey: ["user_id"] on ${label} (the GROUP BY columns)`;
    const grouped = api.sql`INSERT INTO ${out} SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY user_id`;
    expect(run([grouped]).issues).to.deep.equal([["statements[0]", message(`IcebergSink "${l}"`)]]);
    expect(run([grouped], { configuration: { "table.exec.sink.upsert-materialize": "FORCE" } }).issues).to.deep.equal([["statements[0]", message(`IcebergSink "${l}"`)]]);
    const view = run([api.sql`CREATE TEMPORARY VIEW per_user AS SELECT user_id AS uid, COUNT(*) AS c FROM ${src} GROUP BY user_id`, api.sql`INSERT INTO ${out} SELECT uid, c FROM per_user WHERE c > 1`]);
    expect(view.issues).to.deep.equal([["statements[1]", message(`IcebergSink "${l}"`, " in the view in statements[0]")]]);
    const kafka = new api.FlinkTable(`ak_uk${++n}`, { columns: USER_CNT, primaryKey: ["cnt"], options: UPSERT_KAFKA });
    expect(run([api.sql`INSERT INTO ${kafka} SELECT user_id, COUNT(*) FROM ${src} GROUP BY user_id`]).issues).to.deep.equal([["statements[0]", message(`FlinkTable "${kafka.tableName}"`)]]);
    const bounded = source({ connector: "datagen", "number-of-rows": "10" });
    expect(run([api.sql`INSERT INTO ${out} SELECT user_id, COUNT(*) AS cnt FROM ${bounded} GROUP BY user_id`], { runtimeMode: "batch" }).issues).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "${l}" is keyed by ("cnt"), and the statement fills its "cnt" with the aggregate COUNT(*) of a GROUP BY (user_id), and its key holds none of the GROUP BY columns: ` +
          `the aggregation's rows are unique by its GROUP BY columns, and a batch job writes each group's row once, and a sink that upserts by its key keeps the last row per key, ` +
          `so groups with the same "cnt" overwrite each other, silently; ` +
          `declare primaryKey: ["user_id"] on IcebergSink "${l}" (the GROUP BY columns)`,
      ],
    ]);
    // In batch an Iceberg sink without upsert appends every row: quiet. Keyed by the GROUP BY column: quiet.
    expect(run([api.sql`INSERT INTO ${sink(USER_CNT, ["cnt"], false)} SELECT user_id, COUNT(*) AS cnt FROM ${bounded} GROUP BY user_id`], { runtimeMode: "batch" })).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${sink(USER_CNT, ["user_id"])} SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY user_id`])).to.deep.equal(quiet);
  });

  it("a key of only MAX / MIN / FIRST_VALUE / LAST_VALUE of a GROUP BY (an attribute of the group): a warning, right when no two groups share the value; COUNT, SUM, MAX(a) - MIN(a) stay errors", () => {
    const src = new api.FlinkTable(`ak_src${++n}`, { columns: [...srcCols, { name: "email", type: "STRING" }], options: { connector: "datagen" } });
    const cols = [{ name: "email", type: "STRING NOT NULL" }, ...N];
    const kafka = new api.FlinkTable(`ak_uk${++n}`, { columns: cols, primaryKey: ["email"], options: UPSERT_KAFKA });
    const label = `FlinkTable "${kafka.tableName}"`;
    const warning = (agg: string) =>
      `statements[0]: ${label} is keyed by ("email"), and the statement fills its "email" with the aggregate ${agg} of a GROUP BY (user_id), and its key holds none of the GROUP BY columns: ${MERGE}, ` +
      `so groups with the same "email" merge into one row, unless no two groups have the same "email" (MIN, MAX, FIRST_VALUE and LAST_VALUE give a value of the group's own rows); ` +
      `write every GROUP BY column ("user_id") into ${label} and key it by them`;
    for (const agg of ["MAX(email)", "MIN(email)", "FIRST_VALUE(email)", "LAST_VALUE(email)"]) {
      expect(run([api.sql`INSERT INTO ${kafka} SELECT ${agg} AS email, COUNT(*) AS n FROM ${src} GROUP BY user_id`]), agg).to.deep.equal({ issues: [], warnings: [warning(agg)] });
    }
    for (const agg of ["CAST(COUNT(*) AS STRING)", "CAST(MAX(amount) - MIN(amount) AS STRING)"]) {
      const r = run([api.sql`INSERT INTO ${kafka} SELECT ${agg} AS email, COUNT(*) AS n FROM ${src} GROUP BY user_id`]);
      expect(r.issues, agg).to.deep.equal([["statements[0]", `${warning(agg).slice("statements[0]: ".length).replace(/, unless no two groups .*?own rows\)/, ", silently")}`]]);
    }
  });

  it("a key with part of the GROUP BY columns and the count: a warning; part of them without an aggregate value (a functional dependency): quiet", () => {
    const src = source();
    const cols = [USER_CNT[0]!, { name: "d", type: "DATE" }, USER_CNT[1]!];
    const out = sink(cols, ["user_id", "cnt"]);
    const l = out.tableName;
    expect(run([api.sql`INSERT INTO ${out} SELECT user_id, d, COUNT(*) AS cnt FROM ${src} GROUP BY user_id, d`]).warnings).to.deep.equal([
      `statements[0]: IcebergSink "${l}" is keyed by ("user_id", "cnt"), and the statement fills its "cnt" with the aggregate COUNT(*) of a GROUP BY (user_id, d), and its key lacks the GROUP BY column "d": ` +
        `${MERGE}, so groups that differ only in "d" and have the same "cnt" merge into one row, unless no two groups have the same "user_id"; declare primaryKey: ["user_id", "d"] on IcebergSink "${l}" (the GROUP BY columns)`,
    ]);
    const names = sink([USER_CNT[0]!, { name: "user_name", type: "STRING" }, USER_CNT[1]!], ["user_id"]);
    expect(run([api.sql`INSERT INTO ${names} SELECT user_id, user_name, COUNT(*) AS cnt FROM ${src} GROUP BY user_id, user_name`])).to.deep.equal(quiet);
  });

  it("a key column filled by an expression of the GROUP BY column may tell the groups apart: a warning; a literal beside the count cannot: an error; a grouping set is not read", () => {
    const src = source();
    const out = sink(USER_CNT, ["user_id", "cnt"]);
    const l = out.tableName;
    expect(run([api.sql`INSERT INTO ${out} SELECT UPPER(user_id), COUNT(*) AS cnt FROM ${src} GROUP BY user_id`]).warnings).to.deep.equal([
      `statements[0]: IcebergSink "${l}" is keyed by ("user_id", "cnt"), and the statement fills its "cnt" with the aggregate COUNT(*) of a GROUP BY (user_id), and its key lacks the GROUP BY column "user_id": ` +
        `${MERGE}, so groups that differ only in "user_id" and have the same "cnt" merge into one row, unless no two groups have the same "user_id"; write every GROUP BY column ("user_id") into IcebergSink "${l}" and key it by them`,
    ]);
    const tagged = sink([{ name: "k", type: "STRING NOT NULL" }, ...USER_CNT], ["k", "cnt"]);
    expect(run([api.sql`INSERT INTO ${tagged} WITH per_user AS (SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY user_id) SELECT 'x', user_id, cnt FROM per_user`]).issues).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "${tagged.tableName}" is keyed by ("k", "cnt"), and the statement fills its "cnt" with the aggregate COUNT(*) of a GROUP BY (user_id) in the WITH query per_user, and its key holds none of the GROUP BY columns: ${MERGE}, ` +
          `so groups with the same "cnt" merge into one row, silently; declare primaryKey: ["user_id"] on IcebergSink "${tagged.tableName}" (the GROUP BY columns)`,
      ],
    ]);
    expect(run([api.sql`INSERT INTO ${sink(USER_CNT, ["cnt"])} SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY GROUPING SETS ((user_id), ())`])).to.deep.equal(quiet);
  });

  it("a window aggregation (insert-only): the group key with the count is quiet; keyed by the count alone into an upsert sink: an error", () => {
    const src = new api.FlinkTable(`ak_ev${++n}`, { columns: srcCols, watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" }, options: { connector: "datagen" } });
    const cols = [{ name: "window_start", type: "TIMESTAMP(3) NOT NULL" }, ...USER_CNT];
    const windowed = (out: object) => api.sql`INSERT INTO ${out} SELECT window_start, user_id, COUNT(*) AS cnt FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, user_id`;
    expect(run([windowed(sink(cols, ["window_start", "user_id", "cnt"]))])).to.deep.equal(quiet);
    const out = sink(cols, ["cnt"]);
    expect(run([windowed(out)]).issues).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "${out.tableName}" is keyed by ("cnt"), and the statement fills its "cnt" with the aggregate COUNT(*) of a GROUP BY (window_start, window_end, user_id), and its key holds none of the GROUP BY columns: ` +
          `the aggregation's rows are unique by its GROUP BY columns, and a window aggregation writes each window's rows once, and a sink that upserts by its key keeps the last row per key, ` +
          `so groups with the same "cnt" overwrite each other, silently; ` +
          `write every GROUP BY column ("window_start", "window_end", "user_id") into IcebergSink "${out.tableName}" and key it by them`,
      ],
    ]);
    expect(run([windowed(sink(cols, ["cnt"], false))])).to.deep.equal(quiet);
  });

  it("the keyless-sink advice names the GROUP BY columns, or a constant key for an aggregation without GROUP BY", () => {
    const src = source();
    const out = sink(USER_CNT, undefined, false);
    const l = out.tableName;
    const lead = `IcebergSink "${l}" has no primaryKey, and the statement`;
    const appends =
      "which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too";
    expect(run([api.sql`INSERT INTO ${out} SELECT user_id, COUNT(*) AS cnt FROM ${src} GROUP BY user_id`]).issues).to.deep.equal([
      [
        "statements[0]",
        `${lead} aggregates without a window, ${appends}; give IcebergSink "${l}" primaryKey: ["user_id"], the GROUP BY columns ` +
          "(updates then replace each group's row by its key), or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final",
      ],
    ]);
    const total = sink(N, undefined, false);
    expect(run([api.sql`INSERT INTO ${total} SELECT COUNT(*) AS n FROM ${src}`]).issues).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "${total.tableName}" has no primaryKey, and the statement aggregates without GROUP BY (over the whole stream) and updates its one result row with every input row, ${appends}; ` +
          `give IcebergSink "${total.tableName}" a constant key: select e.g. 'all' AS k into a column k and declare primaryKey: ["k"] ` +
          "(the aggregation's one row is then replaced by its key on every update), or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final",
      ],
    ]);
  });
});
