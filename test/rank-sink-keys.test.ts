/**
 * A streaming ROW_NUMBER Top-N into a keyed sink whose key is a strict subset of what makes a Top-N
 * row unique (src/sql/rank-sink-keys.ts; flink FlinkRelMdUniqueKeys.getRankUniqueKeys,
 * FlinkChangelogModeInferenceProgram.analyzeUpsertMaterializeStrategy, docs topn.md): an error,
 * inline and through a view, for a Top-N of several rows keyed by its partition columns and a
 * deduplication keyed by part of them; quiet for its valid neighbours. A global ORDER BY ... LIMIT n
 * into a sink keyed by another column: a warning.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const srcCols = [
  { name: "category", type: "STRING NOT NULL" },
  { name: "product_id", type: "BIGINT NOT NULL" },
  { name: "sales", type: "BIGINT" },
];
const OVERWRITE = "rows that share a key overwrite each other, so the table silently keeps fewer rows than the Top-N";
const RANKED = "ROW_NUMBER() OVER (PARTITION BY category ORDER BY sales DESC)";

describe("a streaming Top-N into a sink keyed by less than its unique key", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  const source = () => new api.FlinkTable(`rk_src${++n}`, { columns: srcCols, options: { connector: "datagen" } });
  /** An upsert IcebergSink with an rn column, keyed by `key`. */
  const sink = (key: string[]) =>
    new api.IcebergSink(`rk_out${++n}`, { catalog, database: "db", table: `rk_out${n}`, columns: [...srcCols, { name: "rn", type: "BIGINT NOT NULL" }], primaryKey: key, upsertEnabled: true });
  const run = (statements: ReturnType<Api["sql"]>[], extra: Record<string, unknown> = {}) => {
    const name = `rk-job${++n}`;
    const issues = issuesOrNone(() => new api.FlinkSqlJob(name, { statements, ...extra })).map((i) => [i.path, i.message]);
    return { issues, warnings: issues.length > 0 ? [] : jobWarnings(name) };
  };

  it("a Top-N with the row number written, keyed by its partition columns: an error telling to add the row number to the key (inline and through a view)", () => {
    const src = source();
    const out = sink(["category"]);
    const l = out.tableName;
    const message = (via: string) =>
      `IcebergSink "${l}" is keyed by ("category"), which the statement fills from "category" of a Top-N${via} (${RANKED}, rn bounded to several rows per partition), ` +
      `whose rows are unique by ("category", "rn") or by a key of its input. ` +
      `It keeps several rows per ("category"), but the sink holds one row per ("category"): ${OVERWRITE}; ` +
      `declare primaryKey: ["category", "rn"] on IcebergSink "${l}" (the partition columns and the row number), or keep one row per ("category") with rn = 1`;
    expect(run([api.sql`INSERT INTO ${out} SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 3`]).issues).to.deep.equal([["statements[0]", message("")]]);
    const view = run([
      api.sql`CREATE TEMPORARY VIEW ranked AS SELECT *, ${RANKED} AS rn FROM ${src}`,
      api.sql`INSERT INTO ${out} SELECT category, product_id, sales, rn FROM ranked WHERE 3 >= rn`,
    ]);
    expect(view.issues).to.deep.equal([["statements[1]", message(" in the view in statements[0]")]]);
  });

  it("a Top-N without the row number into upsert-kafka keyed by the partition column: an error telling to key it by the input's key", () => {
    const src = new api.FlinkTable(`rk_cdc${++n}`, { columns: srcCols, primaryKey: ["product_id"], options: { connector: "upsert-kafka", topic: "p", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const out = new api.FlinkTable(`rk_uk${++n}`, { columns: srcCols, primaryKey: ["category"], options: { connector: "upsert-kafka", topic: "o", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const l = out.tableName;
    expect(run([api.sql`INSERT INTO ${out} SELECT category, product_id, sales FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 5`]).issues).to.deep.equal([
      [
        "statements[0]",
        `FlinkTable "${l}" is keyed by ("category"), which the statement fills from "category" of a Top-N (${RANKED}, rn bounded to several rows per partition), ` +
          `whose rows are unique by ("category", "rn") or by a key of its input. ` +
          `It keeps several rows per ("category"), but the sink holds one row per ("category"): ${OVERWRITE}; ` +
          `declare primaryKey: ["product_id"] on FlinkTable "${l}" (the input's key, as Flink's Top-N docs ask when the row number is not written), or write rn too and key the sink by the partition columns and it, ` +
          `or keep one row per ("category") with rn = 1`,
      ],
    ]);
    // Keyed by the input's key, as the docs ask: quiet.
    const byId = new api.FlinkTable(`rk_uk${++n}`, { columns: srcCols, primaryKey: ["product_id"], options: { connector: "upsert-kafka", topic: "o2", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    expect(run([api.sql`INSERT INTO ${byId} SELECT category, product_id, sales FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 5`])).to.deep.equal({ issues: [], warnings: [] });
  });

  it("a deduplication keyed by part of its partition columns: an error; keyed by all of them (Top-1 by p): quiet", () => {
    const src = source();
    const out = sink(["category"]);
    const l = out.tableName;
    const dedup = "ROW_NUMBER() OVER (PARTITION BY category, product_id ORDER BY sales DESC)";
    expect(run([api.sql`INSERT INTO ${out} SELECT category, product_id, sales, rn FROM (SELECT *, ${dedup} AS rn FROM ${src}) WHERE rn = 1`]).issues).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "${l}" is keyed by ("category"), which the statement fills from "category" of a deduplication (${dedup}, the first row per partition), whose rows are unique by ("category", "product_id"). ` +
          `It keeps one row per ("category", "product_id"), but the sink holds one row per ("category"): ${OVERWRITE}; declare primaryKey: ["category", "product_id"] on IcebergSink "${l}"`,
      ],
    ]);
    expect(run([api.sql`INSERT INTO ${sink(["category"])} SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn = 1`])).to.deep.equal({ issues: [], warnings: [] });
  });

  it("stays quiet for valid neighbours", () => {
    const src = source();
    const quiet = { issues: [], warnings: [] };
    // Keyed by the partition columns and the row number.
    const byRn = sink(["category", "rn"]);
    expect(run([api.sql`INSERT INTO ${byRn} SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 3`])).to.deep.equal(quiet);
    // One row per partition kept (rn = 2): keyed by the partition column.
    // (A sink per job: two jobs upserting one table is a warning of its own.)
    const byCat = () => sink(["category"]);
    expect(run([api.sql`INSERT INTO ${byCat()} SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn = 2`])).to.deep.equal(quiet);
    // Counted per category above the Top-N: the count's key is the category.
    const counts = new api.FlinkTable(`rk_cnt${++n}`, { columns: [{ name: "category", type: "STRING NOT NULL" }, { name: "c", type: "BIGINT NOT NULL" }], primaryKey: ["category"], options: { connector: "upsert-kafka", topic: "c", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    expect(run([api.sql`INSERT INTO ${counts} SELECT category, COUNT(*) FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 3 GROUP BY category`])).to.deep.equal(quiet);
    // The input has one row per category (its key lies within the sink's).
    const perCat = new api.FlinkTable(`rk_pc${++n}`, { columns: srcCols, primaryKey: ["category"], options: { connector: "upsert-kafka", topic: "pc", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    expect(run([api.sql`INSERT INTO ${byCat()} SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${perCat}) WHERE rn <= 3`])).to.deep.equal(quiet);
    // A category renamed on the way (another column under the partition column's name): not judged.
    expect(run([api.sql`INSERT INTO ${byCat()} SELECT category, product_id, sales, rn FROM (SELECT CAST(product_id AS STRING) AS category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 3)`]).issues).to.deep.equal([]);
    // A batch job: the Top-N is final there, not an updating stream (not this rule).
    const batchSink = new api.IcebergSink(`rk_b${++n}`, { catalog, database: "db", table: `rk_b${n}`, columns: [...srcCols, { name: "rn", type: "BIGINT NOT NULL" }], primaryKey: ["category"] });
    const bounded = new api.FlinkTable(`rk_bs${++n}`, { columns: srcCols, options: { connector: "datagen", "number-of-rows": "10" } });
    expect(run([api.sql`INSERT INTO ${batchSink} SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${bounded}) WHERE rn <= 3`], { runtimeMode: "batch" }).issues).to.deep.equal([]);
  });

  it("a GROUP BY below the Top-N that cannot be read: a warning, worded as such", () => {
    const src = source();
    const out = new api.IcebergSink(`rk_g${++n}`, { catalog, database: "db", table: `rk_g${n}`, columns: [{ name: "category", type: "STRING NOT NULL" }, { name: "bucket", type: "BIGINT" }, { name: "cnt", type: "BIGINT" }], primaryKey: ["category"], upsertEnabled: true });
    const l = out.tableName;
    const ranked = "ROW_NUMBER() OVER (PARTITION BY category ORDER BY cnt DESC)";
    const r = run([api.sql`INSERT INTO ${out} SELECT category, bucket, cnt FROM (SELECT *, ${ranked} AS rn FROM (SELECT category, FLOOR(sales / 100) AS bucket, COUNT(*) AS cnt FROM ${src} GROUP BY category, FLOOR(sales / 100))) WHERE rn <= 3`]);
    expect(r.issues).to.deep.equal([]);
    expect(r.warnings).to.deep.equal([
      `statements[0]: IcebergSink "${l}" is keyed by ("category"), which the statement fills from "category" of a Top-N (${ranked}, rn bounded to several rows per partition), ` +
        `whose rows are unique by ("category", "rn") or by a key of its input. ` +
        `It keeps several rows per ("category"), but the sink holds one row per ("category"): ${OVERWRITE} ` +
        "(unless the ranking's input has at most one row per sink key, which its text does not tell); " +
        `write rn into IcebergSink "${l}" too and key it by the partition columns and it ("category", "rn"), or keep one row per ("category") with rn = 1`,
    ]);
  });

  it("ORDER BY ... LIMIT n (n > 1) into a sink keyed by a column that is no known input key: a warning; by the input's key, or LIMIT 1: quiet", () => {
    const src = source();
    const out = sink(["category"]);
    const l = out.tableName;
    const r = run([api.sql`INSERT INTO ${out} SELECT category, product_id, sales, 0 FROM ${src} ORDER BY sales DESC LIMIT 10`]);
    expect(r.issues).to.deep.equal([]);
    expect(r.warnings).to.deep.equal([
      `statements[0]: IcebergSink "${l}" is keyed by ("category"), and the statement keeps the first 10 rows of all rows (ORDER BY sales DESC LIMIT 10): a Top-N over the whole stream has no key of its own ` +
        "(its rows are unique only by its input's key: flink FlinkRelMdUniqueKeys / FlinkRelMdUpsertKeys for Sort), and rows of the top ones that share the sink's key overwrite each other, so the table may keep fewer rows. " +
        `Unless ("category") is unique among the input's rows, rank with ROW_NUMBER() OVER (ORDER BY sales DESC) AS rn in a subquery, filter rn <= 10, write rn and key IcebergSink "${l}" by it`,
    ]);
    expect(run([api.sql`INSERT INTO ${sink(["category"])} SELECT category, product_id, sales, 0 FROM ${src} ORDER BY sales DESC LIMIT 1`])).to.deep.equal({ issues: [], warnings: [] });
    const keyed = new api.FlinkTable(`rk_k${++n}`, { columns: srcCols, primaryKey: ["category"], options: { connector: "upsert-kafka", topic: "k", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    expect(run([api.sql`INSERT INTO ${sink(["category"])} SELECT category, product_id, sales, 0 FROM ${keyed} ORDER BY sales DESC LIMIT 10`])).to.deep.equal({ issues: [], warnings: [] });
  });

  it("a bound filters the ranking its query level reads: a deduplication and a Top-N both named rn, and rn = 1 over a Top-3 (a view reused), keep their own bounds", () => {
    const src = source();
    const quiet = { issues: [], warnings: [] };
    const latest = "ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY sales DESC)";
    const products = () => new api.FlinkTable(`rk_p${++n}`, { columns: srcCols, primaryKey: ["product_id"], options: { connector: "upsert-kafka", topic: `p${n}`, "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const dedupThenTop3 = (out: InstanceType<Api["FlinkTable"]>) =>
      api.sql`INSERT INTO ${out} SELECT category, product_id, sales FROM (SELECT *, ${RANKED} AS rn FROM (SELECT category, product_id, sales FROM (SELECT *, ${latest} AS rn FROM ${src}) WHERE rn = 1)) WHERE rn <= 3`;
    // Keyed by the deduplication's key, as the Top-N docs ask without the row number: quiet, inline and through a view.
    expect(run([dedupThenTop3(products())])).to.deep.equal(quiet);
    expect(
      run([
        api.sql`CREATE TEMPORARY VIEW latest AS SELECT category, product_id, sales FROM (SELECT *, ${latest} AS rn FROM ${src}) WHERE rn = 1`,
        api.sql`INSERT INTO ${products()} SELECT category, product_id, sales FROM (SELECT *, ${RANKED} AS rn FROM latest) WHERE rn <= 3`,
      ]),
    ).to.deep.equal(quiet);
    // A Top-3 view whose first row goes to a sink keyed by the partition column: one row per category.
    const top3 = api.sql`CREATE TEMPORARY VIEW top3 AS SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 3`;
    expect(run([top3, api.sql`INSERT INTO ${sink(["category", "rn"])} SELECT * FROM top3`, api.sql`INSERT INTO ${sink(["category"])} SELECT category, product_id, sales, rn FROM top3 WHERE rn = 1`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${sink(["category"])} SELECT category, product_id, sales, rn FROM (SELECT * FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn <= 3) WHERE rn = 1`])).to.deep.equal(quiet);
    // Bounds under an OR are alternatives: rn = 1 OR rn = 2 keeps two rows per category.
    const either = sink(["category"]);
    expect(run([api.sql`INSERT INTO ${either} SELECT category, product_id, sales, rn FROM (SELECT *, ${RANKED} AS rn FROM ${src}) WHERE rn = 1 OR rn = 2`]).issues).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "${either.tableName}" is keyed by ("category"), which the statement fills from "category" of a Top-N (${RANKED}, rn bounded to several rows per partition), ` +
          `whose rows are unique by ("category", "rn") or by a key of its input. ` +
          `It keeps several rows per ("category"), but the sink holds one row per ("category"): ${OVERWRITE}; ` +
          `declare primaryKey: ["category", "rn"] on IcebergSink "${either.tableName}" (the partition columns and the row number), or keep one row per ("category") with rn = 1`,
      ],
    ]);
    // The same Top-3 keyed by the category alone: still the error, at the Top-N.
    const byCat = new api.FlinkTable(`rk_c${++n}`, { columns: srcCols, primaryKey: ["category"], options: { connector: "upsert-kafka", topic: `c${n}`, "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const l = byCat.tableName;
    expect(run([dedupThenTop3(byCat)]).issues).to.deep.equal([
      [
        "statements[0]",
        `FlinkTable "${l}" is keyed by ("category"), which the statement fills from "category" of a Top-N (${RANKED}, rn bounded to several rows per partition), ` +
          `whose rows are unique by ("category", "rn") or by a key of its input. ` +
          `It keeps several rows per ("category"), but the sink holds one row per ("category"): ${OVERWRITE}; ` +
          `write rn into FlinkTable "${l}" too and key it by the partition columns and it ("category", "rn"), or keep one row per ("category") with rn = 1`,
      ],
    ]);
  });

  it("a Top-N written as WITH queries gets the view form's diagnosis: one WITH query, several, and one that reads a view; its valid neighbours stay quiet", () => {
    const src = source();
    const quiet = { issues: [], warnings: [] };
    const message = (l: string, via: string) =>
      `IcebergSink "${l}" is keyed by ("category"), which the statement fills from "category" of a Top-N${via} (${RANKED}, rn bounded to several rows per partition), ` +
      `whose rows are unique by ("category", "rn") or by a key of its input. ` +
      `It keeps several rows per ("category"), but the sink holds one row per ("category"): ${OVERWRITE}; ` +
      `declare primaryKey: ["category", "rn"] on IcebergSink "${l}" (the partition columns and the row number), or keep one row per ("category") with rn = 1`;
    const one = sink(["category"]);
    expect(run([api.sql`INSERT INTO ${one} WITH ranked AS (SELECT *, ${RANKED} AS rn FROM ${src}) SELECT category, product_id, sales, rn FROM ranked WHERE rn <= 3`]).issues).to.deep.equal([
      ["statements[0]", message(one.tableName, " in the WITH query ranked")],
    ]);
    // Several WITH queries: the bound in one that reads the ranking's, a filter below it.
    const several = sink(["category"]);
    expect(
      run([
        api.sql`INSERT INTO ${several} WITH base AS (SELECT category, product_id, sales FROM ${src} WHERE sales > 0), ranked AS (SELECT *, ${RANKED} AS rn FROM base), top3 AS (SELECT * FROM ranked WHERE rn <= 3) SELECT category, product_id, sales, rn FROM top3`,
      ]).issues,
    ).to.deep.equal([["statements[0]", message(several.tableName, " in the WITH query ranked")]]);
    // A WITH query that reads a view.
    const viaView = sink(["category"]);
    expect(
      run([
        api.sql`CREATE TEMPORARY VIEW positive AS SELECT * FROM ${src} WHERE sales > 0`,
        api.sql`INSERT INTO ${viaView} WITH ranked AS (SELECT *, ${RANKED} AS rn FROM positive) SELECT category, product_id, sales, rn FROM ranked WHERE rn <= 3`,
      ]).issues,
    ).to.deep.equal([["statements[1]", message(viaView.tableName, " in the WITH query ranked")]]);
    const withRanked = (out: ReturnType<typeof sink>, outer: string) => api.sql`INSERT INTO ${out} WITH ranked AS (SELECT *, ${RANKED} AS rn FROM ${src}) ${outer}`;
    // Keyed by the partition column and the row number; one row per category; SELECT * (not judged, by design).
    expect(run([withRanked(sink(["category", "rn"]), "SELECT category, product_id, sales, rn FROM ranked WHERE rn <= 3")])).to.deep.equal(quiet);
    expect(run([withRanked(sink(["category"]), "SELECT category, product_id, sales, rn FROM ranked WHERE rn = 1")])).to.deep.equal(quiet);
    expect(run([withRanked(sink(["category"]), "SELECT * FROM ranked WHERE rn <= 3")])).to.deep.equal(quiet);
    // One row per category below the ranking (a GROUP BY category in an earlier WITH query).
    expect(
      run([
        api.sql`INSERT INTO ${sink(["category"])} WITH g AS (SELECT category, MAX(product_id) AS product_id, SUM(sales) AS sales FROM ${src} GROUP BY category), ranked AS (SELECT *, ${RANKED} AS rn FROM g) SELECT category, product_id, sales, rn FROM ranked WHERE rn <= 3`,
      ]),
    ).to.deep.equal(quiet);
    // A WITH query that renames its columns, as a view's column list: not followed.
    expect(run([api.sql`INSERT INTO ${sink(["category"])} WITH ranked (category, product_id, sales, rn) AS (SELECT *, ${RANKED} FROM ${src}) SELECT category, product_id, sales, rn FROM ranked WHERE rn <= 3`])).to.deep.equal(quiet);
  });
});
