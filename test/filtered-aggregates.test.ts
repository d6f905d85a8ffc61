/**
 * A filter after an aggregation into an upsert IcebergSink keyed by the GROUP BY columns
 * (src/sql/filtered-aggregates.ts): a HAVING, or a WHERE over the aggregation's result read from a
 * subquery, a view or a WITH query, that a group can stop meeting passes the retraction of the
 * group's old row and drops the new one; the upsert writer ignores the retraction (iceberg
 * BaseDeltaTaskWriter: `case UPDATE_BEFORE: if (upsert) break;`), so the row stays. Exact warnings;
 * quiet for the valid neighbours: a sink without upsert (-U becomes an equality delete), a condition
 * on GROUP BY columns only, COUNT / MAX from below and MIN from above over an append-only table,
 * FORCE materialization, a key without the GROUP BY columns (Flink materializes it), a window
 * aggregation and batch jobs.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "rest" as const, uri: "https://catalog:8181" };
// Each table its own consumer group: the tests are programs of their own (two jobs in one group warn: kafka-groups.ts).
const kafka = { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.auto.offset.reset": "earliest" };
const orderCols = [
  { name: "order_id", type: "BIGINT NOT NULL" },
  { name: "country", type: "STRING NOT NULL" },
  { name: "amount", type: "DECIMAL(10, 2)" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const REVENUE = [
  { name: "country", type: "STRING NOT NULL" },
  { name: "revenue", type: "DECIMAL(38, 2)" },
];
const COUNTS = [
  { name: "country", type: "STRING NOT NULL" },
  { name: "n", type: "BIGINT" },
];
const STAYS =
  "an update after which a group no longer matches drops the group's new row and passes its retraction, and in upsert mode the sink ignores the retraction that would delete it, " +
  "so the group's last matching row stays in the table";
const ADVICE =
  "If a group can stop matching, set upsertEnabled: false (the retraction then deletes the row by its key), " +
  "set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key), " +
  "or filter where the table is read instead";
const GROUPED = "; a condition on the GROUP BY columns alone is fine (a group meets it always or never)";

describe("a filter after an aggregation into an upsert Iceberg sink", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  const cdc = () => new api.FlinkTable(`fa_cdc${++n}`, { columns: orderCols, primaryKey: ["order_id"], options: { ...kafka, format: "debezium-json", "properties.group.id": `fa_cdc${n}` } });
  const appendOnly = () => new api.FlinkTable(`fa_json${++n}`, { columns: orderCols, options: { ...kafka, format: "json", "properties.group.id": `fa_json${n}` } });
  const sink = (cols: { name: string; type: string }[], key: string[], upsert = true) =>
    new api.IcebergSink(`fa_out${++n}`, { catalog, database: "db", table: `fa_out${n}`, columns: cols, primaryKey: key, ...(upsert ? { upsertEnabled: true } : { formatVersion: 2 }) });
  const run = (statements: ReturnType<Api["sql"]>[], extra: Record<string, unknown> = {}) => {
    const name = `fa-job${++n}`;
    const issues = issuesOrNone(() => new api.FlinkSqlJob(name, { statements, ...extra })).map((i) => [i.path, i.message]);
    // Variants of one program read one table from several jobs: their shared consumer group is kafka-groups.test.ts's.
    return { issues, warnings: issues.length > 0 ? [] : jobWarnings(name).filter((w) => !w.includes("'properties.group.id' =")) };
  };
  const quiet = { issues: [], warnings: [] };
  /** The warning for `sink` (keyed by country) at statements[i]. */
  const warning = (i: number, sink: { tableName: string }, writes: string) =>
    `statements[${i}]: IcebergSink "${sink.tableName}" upserts by ("country"), and the statement writes ${writes}: ${STAYS}. ${ADVICE}${GROUPED}`;

  it("HAVING SUM(amount) > 1000 over a debezium changelog, into a sink upserting by the GROUP BY column: the exact warning", () => {
    const orders = cdc();
    const a = sink(REVENUE, ["country"]);
    expect(run([api.sql`INSERT INTO ${a} SELECT country, SUM(amount) FROM ${orders} GROUP BY country HAVING SUM(amount) > 1000`])).to.deep.equal({
      issues: [],
      warnings: [
        `statements[0]: IcebergSink "${a.tableName}" upserts by ("country"), and the statement writes a GROUP BY (country), filtered by HAVING SUM(amount) > 1000: ` +
          "an update after which a group no longer matches drops the group's new row and passes its retraction, and in upsert mode the sink ignores the retraction that would delete it, " +
          "so the group's last matching row stays in the table. " +
          "If a group can stop matching, set upsertEnabled: false (the retraction then deletes the row by its key), " +
          "set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key), " +
          "or filter where the table is read instead; a condition on the GROUP BY columns alone is fine (a group meets it always or never)",
      ],
    });
  });

  it("a WHERE over the aggregation's result, through a subquery, a view and a WITH query: the exact warning, naming only the conditions that can flip", () => {
    const orders = cdc();
    const b = sink(REVENUE, ["country"]);
    expect(run([api.sql`INSERT INTO ${b} SELECT country, rev FROM (SELECT country, SUM(amount) AS rev FROM ${orders} GROUP BY country) WHERE rev > 1000`])).to.deep.equal({
      issues: [],
      warnings: [warning(0, b, "a GROUP BY (country) in a subquery, filtered by WHERE rev > 1000 on its result")],
    });
    const c = sink(REVENUE, ["country"]);
    const aliased = run([api.sql`INSERT INTO ${c} SELECT s.country, s.rev FROM (SELECT country, SUM(amount) AS rev FROM ${orders} GROUP BY country) AS s WHERE s.country <> 'XX' AND s.rev > 1000`]);
    expect(aliased.warnings).to.deep.equal([warning(0, c, "a GROUP BY (country) in a subquery, filtered by WHERE s.rev > 1000 on its result")]);
    const d = sink(REVENUE, ["country"]);
    const view = run([api.sql`CREATE TEMPORARY VIEW fa_revenue AS SELECT country, SUM(amount) AS rev FROM ${orders} GROUP BY country`, api.sql`INSERT INTO ${d} SELECT * FROM fa_revenue WHERE rev > 1000 AND country <> 'XX'`]);
    expect(view.warnings).to.deep.equal([warning(1, d, "a GROUP BY (country) in the view in statements[0], filtered by WHERE rev > 1000 on its result")]);
    // A HAVING in the WITH query and a WHERE over it: both named.
    const e = sink(REVENUE, ["country"]);
    const withQuery = run([api.sql`INSERT INTO ${e} WITH w AS (SELECT country, SUM(amount) AS rev FROM ${orders} GROUP BY country HAVING COUNT(*) > 3) SELECT country, rev FROM w WHERE rev < 99`]);
    expect(withQuery.warnings).to.deep.equal([warning(0, e, "a GROUP BY (country) in the WITH query w, filtered by HAVING COUNT(*) > 3 and WHERE rev < 99 on its result")]);
    // Under an OR the whole condition is named.
    const f = sink(REVENUE, ["country"]);
    expect(run([api.sql`INSERT INTO ${f} SELECT country, SUM(amount) FROM ${orders} GROUP BY country HAVING country = 'NL' OR SUM(amount) > 1000`]).warnings).to.deep.equal([
      warning(0, f, "a GROUP BY (country), filtered by HAVING country = 'NL' OR SUM(amount) > 1000"),
    ]);
  });

  it("any stream, not only a changelog: SUM, COUNT(*) < n and AVG over an append-only table warn; an aggregation without GROUP BY into a constant key too", () => {
    const orders = appendOnly();
    const a = sink(REVENUE, ["country"]);
    expect(run([api.sql`INSERT INTO ${a} SELECT country, SUM(amount) FROM ${orders} GROUP BY country HAVING SUM(amount) > 1000`]).warnings).to.deep.equal([
      warning(0, a, "a GROUP BY (country), filtered by HAVING SUM(amount) > 1000"),
    ]);
    const b = sink(COUNTS, ["country"]);
    expect(run([api.sql`INSERT INTO ${b} SELECT country, COUNT(*) FROM ${orders} GROUP BY country HAVING COUNT(*) < 10`]).warnings).to.deep.equal([
      warning(0, b, "a GROUP BY (country), filtered by HAVING COUNT(*) < 10"),
    ]);
    const c = sink([REVENUE[0]!, { name: "average", type: "DECIMAL(38, 6)" }], ["country"]);
    expect(run([api.sql`INSERT INTO ${c} SELECT country, AVG(amount) FROM ${orders} GROUP BY country HAVING AVG(amount) >= 10`]).warnings).to.deep.equal([
      warning(0, c, "a GROUP BY (country), filtered by HAVING AVG(amount) >= 10"),
    ]);
    const total = sink([{ name: "k", type: "STRING NOT NULL" }, { name: "revenue", type: "DECIMAL(38, 2)" }], ["k"]);
    expect(run([api.sql`INSERT INTO ${total} SELECT 'all', SUM(amount) FROM ${orders} HAVING SUM(amount) > 1000`]).warnings).to.deep.equal([
      `statements[0]: IcebergSink "${total.tableName}" upserts by ("k"), and the statement writes an aggregation without GROUP BY, filtered by HAVING SUM(amount) > 1000: ${STAYS}. ${ADVICE}`,
    ]);
  });

  it("COUNT and MAX from below, MIN from above, over an append-only table, only move one way: quiet; the same over a changelog warns", () => {
    const orders = appendOnly();
    const out = () => sink(COUNTS, ["country"]);
    const revenue = () => sink(REVENUE, ["country"]);
    expect(run([api.sql`INSERT INTO ${out()} SELECT country, COUNT(*) FROM ${orders} GROUP BY country HAVING COUNT(*) > 10`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${out()} SELECT country, COUNT(*) FROM ${orders} GROUP BY country HAVING 10 <= COUNT(DISTINCT order_id) AND country <> 'XX'`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${revenue()} SELECT country, MAX(amount) FROM ${orders} GROUP BY country HAVING MAX(amount) >= 5.5`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${revenue()} SELECT country, MIN(amount) FROM ${orders} GROUP BY country HAVING MIN(amount) < 5`])).to.deep.equal(quiet);
    expect(run([api.sql`CREATE TEMPORARY VIEW fa_counts AS SELECT country, COUNT(*) AS c FROM ${orders} GROUP BY country`, api.sql`INSERT INTO ${out()} SELECT * FROM fa_counts WHERE c > 10`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${out()} SELECT country, c FROM (SELECT country, COUNT(*) AS c FROM ${orders} GROUP BY country) s WHERE 10 < s.c`])).to.deep.equal(quiet);
    // Over a changelog a delete lowers the count, and MAX falls when its row is retracted.
    const changes = cdc();
    const c1 = out();
    expect(run([api.sql`INSERT INTO ${c1} SELECT country, COUNT(*) FROM ${changes} GROUP BY country HAVING COUNT(*) > 10`]).warnings).to.deep.equal([
      warning(0, c1, "a GROUP BY (country), filtered by HAVING COUNT(*) > 10"),
    ]);
    const c2 = out();
    expect(run([api.sql`CREATE TEMPORARY VIEW fa_cdc_counts AS SELECT country, COUNT(*) AS c FROM ${changes} GROUP BY country`, api.sql`INSERT INTO ${c2} SELECT * FROM fa_cdc_counts WHERE c > 10`]).warnings).to.deep.equal([
      warning(1, c2, "a GROUP BY (country) in the view in statements[0], filtered by WHERE c > 10 on its result"),
    ]);
    // A MAX compared from above can flip out as it grows.
    const c3 = revenue();
    expect(run([api.sql`INSERT INTO ${c3} SELECT country, MAX(amount) FROM ${orders} GROUP BY country HAVING MAX(amount) < 100`]).warnings).to.deep.equal([
      warning(0, c3, "a GROUP BY (country), filtered by HAVING MAX(amount) < 100"),
    ]);
  });

  it("quiet: a sink without upsert (the retraction is an equality delete), conditions on GROUP BY columns only, FORCE, a key without the GROUP BY columns, a window aggregation, batch, no filter after the aggregation", () => {
    const orders = cdc();
    const having = (out: object) => api.sql`INSERT INTO ${out} SELECT country, SUM(amount) FROM ${orders} GROUP BY country HAVING SUM(amount) > 1000`;
    // Without upsert the writer turns -U into writer.delete(row): an equality delete by the key (iceberg BaseDeltaTaskWriter).
    expect(run([having(sink(REVENUE, ["country"], false))])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${sink(REVENUE, ["country"], false)} SELECT country, rev FROM (SELECT country, SUM(amount) AS rev FROM ${orders} GROUP BY country) WHERE rev > 1000`])).to.deep.equal(quiet);
    expect(run([having(sink(REVENUE, ["country"]))], { configuration: { "table.exec.sink.upsert-materialize": "FORCE" } })).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${sink(REVENUE, ["country"])} SELECT country, SUM(amount) FROM ${orders} GROUP BY country HAVING country <> 'XX'`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${sink(REVENUE, ["country"])} SELECT country, rev FROM (SELECT country, SUM(amount) AS rev FROM ${orders} GROUP BY country) WHERE country IN ('NL', 'BE')`])).to.deep.equal(quiet);
    expect(run([api.sql`INSERT INTO ${sink(REVENUE, ["country"])} SELECT country, SUM(amount) FROM ${orders} WHERE amount > 0 GROUP BY country`])).to.deep.equal(quiet);
    // GROUP BY country, order_id into a sink keyed by country: Flink puts a SinkUpsertMaterializer there, which deletes the key's last row.
    const byCountry = sink(REVENUE, ["country"]);
    const materialized = run([api.sql`INSERT INTO ${byCountry} SELECT country, SUM(amount) FROM ${orders} GROUP BY country, order_id HAVING SUM(amount) > 1000`]);
    expect(materialized.warnings.filter((w) => w.includes("filtered by"))).to.deep.equal([]);
    // SELECT DISTINCT over the aggregation keys its rows by all their columns: Flink materializes the sink's key.
    expect(run([api.sql`INSERT INTO ${sink(REVENUE, ["country"])} SELECT DISTINCT country, rev FROM (SELECT country, SUM(amount) AS rev FROM ${orders} GROUP BY country) WHERE rev > 1000`])).to.deep.equal(quiet);
    // A window aggregation writes each window's row once (insert-only).
    const windowCols = [{ name: "window_start", type: "TIMESTAMP(3) NOT NULL" }, { name: "window_end", type: "TIMESTAMP(3) NOT NULL" }, ...COUNTS];
    const ticks = new api.FlinkTable(`fa_ticks${++n}`, { columns: orderCols, watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" }, options: { ...kafka, format: "json", "properties.group.id": `fa_ticks${n}` } });
    expect(
      run([api.sql`INSERT INTO ${sink(windowCols, ["window_start", "window_end", "country"])} SELECT window_start, window_end, country, SUM(order_id) FROM TABLE(TUMBLE(TABLE ${ticks}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, country HAVING SUM(order_id) > 5`]),
    ).to.deep.equal(quiet);
    const bounded = new api.FlinkTable(`fa_bounded${++n}`, { columns: orderCols, options: { connector: "datagen", "number-of-rows": "10" } });
    expect(run([api.sql`INSERT INTO ${sink(REVENUE, ["country"])} SELECT country, SUM(amount) FROM ${bounded} GROUP BY country HAVING SUM(amount) > 1000`], { runtimeMode: "batch" })).to.deep.equal(quiet);
  });

  it("with the materialize setting not known at preview: the warning says FORCE would make it right", () => {
    const out = sink(REVENUE, ["country"]);
    const r = run([api.sql`INSERT INTO ${out} SELECT country, SUM(amount) FROM ${cdc()} GROUP BY country HAVING SUM(amount) > 1000`], {
      sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: { "table.exec.sink.upsert-materialize": pulumi.output("FORCE") } as unknown as Record<string, string> },
    });
    expect(r.warnings).to.deep.equal([
      `statements[0]: IcebergSink "${out.tableName}" upserts by ("country"), and the statement writes a GROUP BY (country), filtered by HAVING SUM(amount) > 1000: ${STAYS} ` +
        `(unless table.exec.sink.upsert-materialize is FORCE where the job runs, which the preview cannot read). ${ADVICE}${GROUPED}`,
    ]);
  });
});
