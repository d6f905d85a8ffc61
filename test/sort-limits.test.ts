/**
 * A streaming ORDER BY ... LIMIT / FETCH FIRST (a Top-N over all rows: flink StreamPhysicalSortLimit,
 * updating) into a sink that cannot take updates (trial finding): an error like the ROW_NUMBER
 * Top-N's; quiet into a keyed v2 IcebergSink, upsert-kafka, in batch, and for LIMIT alone.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "order_id", type: "BIGINT NOT NULL" },
  { name: "region", type: "STRING" },
];

describe("streaming ORDER BY with LIMIT / FETCH into sinks that cannot take updates", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("is an error into a keyless IcebergSink, at the top level, with FETCH FIRST and in a subquery", () => {
    const src = new api.FlinkTable("sl_src", { columns: [...cols, { name: "amount", type: "DECIMAL(10, 2)" }, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen" } });
    const out = new api.IcebergSink("sl_out", { catalog, database: "db", table: "sl_out", columns: cols });
    const tail =
      "which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
      'give IcebergSink "sl_out" a primaryKey (updates and deletes then apply to the key), ' +
      "or rank per window (ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY amount DESC) over a window TVF, filtered by its number), whose results are final";
    const what = (clause: string): string =>
      `statements[0]: IcebergSink "sl_out" has no primaryKey, and the statement sorts all rows and keeps the first ones (${clause}: a Top-N over the whole stream), ` +
      "which Flink plans as a SortLimit that replaces a row it emitted when a better one arrives, " + tail;
    const statements = {
      "sl-limit": api.sql`INSERT INTO ${out} SELECT order_id, region FROM ${src} ORDER BY amount DESC LIMIT 10`,
      "sl-fetch": api.sql`INSERT INTO ${out} SELECT order_id, region FROM ${src} ORDER BY amount DESC FETCH FIRST 10 ROWS ONLY`,
      "sl-sub": api.sql`INSERT INTO ${out} SELECT order_id, region FROM (SELECT order_id, region FROM ${src} ORDER BY amount  DESC LIMIT 10) t`,
    };
    const clauses = ["ORDER BY amount DESC LIMIT 10", "ORDER BY amount DESC FETCH FIRST 10 ROWS ONLY", "ORDER BY amount DESC LIMIT 10"];
    Object.entries(statements).forEach(([name, s], i) => {
      expect(errorOf(() => new api.FlinkSqlJob(name, { statements: [s] })).issues.map((x) => `${x.path}: ${x.message}`), name).to.deep.equal([what(clauses[i]!)]);
    });
    // In a view (also parenthesized after AS), reported through it.
    const view = errorOf(() => new api.FlinkSqlJob("sl-view", { statements: [api.sql`CREATE TEMPORARY VIEW top10 AS (SELECT order_id, region FROM ${src} ORDER BY amount DESC LIMIT 10)`, api.sql`INSERT INTO ${out} SELECT order_id, region FROM top10`] }));
    expect(view.issues.map((x) => x.message)).to.deep.equal([what("ORDER BY amount DESC LIMIT 10").replace("statements[0]: ", "").replace("the statement sorts", "the statement (through the view in statements[0]) sorts")]);
    // Ascending by a value column: certain too.
    const asc = errorOf(() => new api.FlinkSqlJob("sl-asc", { statements: [api.sql`INSERT INTO ${out} SELECT order_id, region FROM ${src} ORDER BY amount LIMIT 3`] }));
    expect(asc.issues[0]!.message).to.contain("the statement sorts all rows and keeps the first ones (ORDER BY amount LIMIT 3: a Top-N over the whole stream)");
    // First rows by arrival never change: quiet into the Iceberg sink.
    new api.FlinkSqlJob("sl-proc", { statements: [api.sql`INSERT INTO ${out} SELECT order_id, region FROM ${src} ORDER BY proc LIMIT 3`] });
    expect(jobWarnings("sl-proc")).to.deep.equal([]);
    // LIMIT alone (StreamPhysicalLimit keeps inserts inserts), ORDER BY inside OVER, LIMIT ALL: quiet here.
    new api.FlinkSqlJob("sl-quiet", {
      statements: [
        api.sql`INSERT INTO ${out} SELECT order_id, region FROM ${src} LIMIT 10`,
        api.sql`INSERT INTO ${out} SELECT order_id, region FROM (SELECT order_id, region, SUM(amount) OVER (PARTITION BY region ORDER BY proc) AS s FROM ${src}) LIMIT 10`,
      ],
    });
    expect(jobWarnings("sl-quiet")).to.deep.equal([]);
  });

  it("is an error into an append-only FlinkTable (also by processing time); quiet into a keyed v2 IcebergSink, upsert-kafka and in batch", () => {
    const src = new api.FlinkTable("sl2_src", { columns: [...cols, { name: "amount", type: "DECIMAL(10, 2)" }, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen" } });
    const json = new api.FlinkTable("sl2_json", { columns: cols, options: { connector: "kafka", topic: "o", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const e = errorOf(() => new api.FlinkSqlJob("sl2-json", { statements: [api.sql`INSERT INTO ${json} SELECT order_id, region FROM ${src} ORDER BY proc LIMIT 3`] }));
    expect(e.issues.map((x) => `${x.path}: ${x.message}`)).to.deep.equal([
      "statements[0]: FlinkTable \"sl2_json\" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement sorts all rows by processing time and keeps the first ones (ORDER BY proc LIMIT 3), " +
        "which Flink plans as a SortLimit that the planner marks updating, which in a streaming job yields updates to earlier results: " +
        "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes'); " +
        "write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable \"sl2_json\" a changelog format such as 'debezium-json', " +
        "or rank per window (ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY proc) over a window TVF, filtered by its number), whose results are final",
    ]);
    const keyed = new api.IcebergSink("sl2_keyed", { catalog, database: "db", table: "sl2_keyed", columns: cols, primaryKey: ["order_id"] });
    const upsert = new api.FlinkTable("sl2_upsert", { columns: cols, primaryKey: ["order_id"], options: { connector: "upsert-kafka", topic: "u", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
    const top = (t: object): unknown => api.sql`INSERT INTO ${t} SELECT order_id, region FROM ${src} ORDER BY amount DESC LIMIT 10`;
    new api.FlinkSqlJob("sl2-keyed", { statements: [top(keyed)] as never });
    new api.FlinkSqlJob("sl2-upsert", { statements: [top(upsert)] as never });
    expect(jobWarnings("sl2-keyed").filter((w) => w.includes("SortLimit"))).to.deep.equal([]);
    expect(jobWarnings("sl2-upsert").filter((w) => w.includes("SortLimit"))).to.deep.equal([]);
    const bounded = new api.FlinkTable("sl2_bounded", { columns: [...cols, { name: "amount", type: "DECIMAL(10, 2)" }], options: { connector: "datagen", "number-of-rows": "10" } });
    const keyless = new api.IcebergSink("sl2_keyless", { catalog, database: "db", table: "sl2_keyless", columns: cols });
    new api.FlinkSqlJob("sl2-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${keyless} SELECT order_id, region FROM ${bounded} ORDER BY amount DESC LIMIT 10`] });
    expect(jobWarnings("sl2-batch").filter((w) => w.includes("SortLimit"))).to.deep.equal([]);
  });
});
