/**
 * A deduplication ordered by a PROCTIME() column that a view or subquery selects (`PROCTIME() AS pt`,
 * or a table's PROCTIME() column passed on) keeps first rows by processing time, which appends: no
 * warning into a keyless IcebergSink, as for the same column of a FlinkTable (selected-proctime.ts).
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "k", type: "BIGINT" },
  { name: "data", type: "STRING" },
];

describe("deduplication by a view's PROCTIME() column", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("keep-first by a view's or subquery's PROCTIME() AS pt, or a table's proctime column through views, stays quiet", () => {
    const gen = new api.FlinkTable("vp_gen", { columns: [...cols, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen" } });
    const sink = new api.IcebergSink("vp_append", { catalog, database: "db", table: "vp_append", columns: cols });
    new api.FlinkSqlJob("vp-view", {
      statements: [api.sql`CREATE TEMPORARY VIEW v AS SELECT *, PROCTIME() AS pt FROM ${gen}`, api.sql`INSERT INTO ${sink} SELECT k, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt) AS rn FROM v) WHERE rn = 1`],
    });
    new api.FlinkSqlJob("vp-nested", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW v AS SELECT k, data, PROCTIME() pt FROM ${gen}`,
        api.sql`CREATE TEMPORARY VIEW v2 AS SELECT * FROM v WHERE k > 0`,
        api.sql`INSERT INTO ${sink} SELECT k, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt) AS rn FROM v2) WHERE rn = 1`,
      ],
    });
    new api.FlinkSqlJob("vp-subquery", {
      statements: [api.sql`INSERT INTO ${sink} SELECT k, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt) AS rn FROM (SELECT k, data, PROCTIME() AS pt FROM ${gen})) WHERE rn = 1`],
    });
    new api.FlinkSqlJob("vp-passed", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW pv AS SELECT k, data, proc FROM ${gen}`,
        api.sql`INSERT INTO ${sink} SELECT k, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY proc) AS rn FROM pv) WHERE rn = 1`,
      ],
    });
    for (const job of ["vp-view", "vp-nested", "vp-subquery", "vp-passed"]) expect(jobWarnings(job), job).to.deep.equal([]);
  });

  it("a pt that a view computes otherwise, or groups by, still warns", () => {
    const gen = new api.FlinkTable("vq_gen", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], options: { connector: "datagen" } });
    const sink = new api.IcebergSink("vq_append", { catalog, database: "db", table: "vq_append", columns: cols });
    const warning =
      'IcebergSink "vq_append" has no primaryKey, and the statement ranks rows (ROW_NUMBER OVER (... ORDER BY pt)), a Top-N or deduplication, which updates unless it keeps first rows by processing time, ' +
      "which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
      'give IcebergSink "vq_append" a primaryKey (updates and deletes then apply to the key), or rank per window (a window TVF, PARTITION BY window_start, window_end), whose results are final, ' +
      "or keep first rows by a PROCTIME() column";
    new api.FlinkSqlJob("vq-cast", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW v AS SELECT *, PROCTIME() AS pt FROM ${gen}`,
        api.sql`CREATE TEMPORARY VIEW v2 AS SELECT k, data, CAST(ts AS TIMESTAMP_LTZ(3)) AS pt FROM v`,
        api.sql`INSERT INTO ${sink} SELECT k, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt) AS rn FROM v2) WHERE rn = 1`,
      ],
    });
    // CAST materializes the attribute: the pt the statement orders by is a plain value.
    expect(jobWarnings("vq-cast")).to.deep.equal([`statements[2]: ${warning}`]);
    new api.FlinkSqlJob("vq-grouped", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW v AS SELECT k, MAX(data) AS data, pt FROM (SELECT *, PROCTIME() AS pt FROM ${gen}) GROUP BY k, pt`,
        api.sql`INSERT INTO ${sink} SELECT k, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt) AS rn FROM v) WHERE rn = 1`,
      ],
    });
    // Grouping by pt materializes it too.
    expect(jobWarnings("vq-grouped")).to.deep.equal([`statements[1]: ${warning}`]);
  });
});
