/**
 * A RANK() / DENSE_RANK() computed in a view and filtered by its number in the statement that
 * reads the view: the same Top-N as written inline, which a streaming job cannot plan (flink
 * StreamExecRank, StreamExecWindowRank), whatever the sink; not a keyless-sink error advising a
 * primaryKey, which would not help.
 */
import { expect } from "chai";
import { errorOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "n", type: "BIGINT" },
];
const timed = [...cols, { name: "ts", type: "TIMESTAMP(3)" }];

const rankError = (fn: string, via: string): string =>
  `${fn}() OVER (...)${via} filtered by its number is a Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it ("${fn}() on streaming table is not supported currently", flink StreamExecRank); ` +
  "use ROW_NUMBER() (ties then get distinct numbers)";

describe("RANK / DENSE_RANK Top-N through a view", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("into a keyless or a keyed sink is the streaming-rank error at the INSERT, naming the view", () => {
    const src = new api.FlinkTable("rv_src", { columns: cols, options: { connector: "datagen" } });
    const keyless = new api.IcebergSink("rv_keyless", { catalog, database: "db", table: "rv_keyless", columns: cols });
    const keyed = new api.IcebergSink("rv_keyed", { catalog, database: "db", table: "rv_keyed", columns: cols, primaryKey: ["id"] });
    const k = errorOf(
      () =>
        new api.FlinkSqlJob("rv-keyless", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW ranked AS SELECT *, RANK() OVER (PARTITION BY id ORDER BY n DESC) AS rk FROM ${src}`,
            api.sql`INSERT INTO ${keyless} SELECT id, n FROM ranked WHERE rk <= 3`,
          ],
        }),
    );
    expect(k.issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[1]", rankError("RANK", " in the view in statements[0]")]]);
    const d = errorOf(
      () =>
        new api.FlinkSqlJob("rv-keyed", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW dense AS SELECT *, DENSE_RANK() OVER (PARTITION BY id ORDER BY n DESC) AS \`r\` FROM ${src}`,
            api.sql`CREATE TEMPORARY VIEW top3 AS SELECT id, n FROM dense WHERE 3 >= r`,
            api.sql`INSERT INTO ${keyed} SELECT id, n FROM top3`,
          ],
        }),
    );
    expect(d.issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[2]", rankError("DENSE_RANK", " in the view in statements[0]")]]);
  });

  it("a window RANK in a view gets the window Top-N message; a view that bounds its own RANK is reported once, at the view", () => {
    const src = new api.FlinkTable("rw2_src", { columns: timed, watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const keyless = new api.IcebergSink("rw2_keyless", { catalog, database: "db", table: "rw2", columns: cols });
    const w = errorOf(
      () =>
        new api.FlinkSqlJob("rw2-window", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW wr AS SELECT *, RANK() OVER (PARTITION BY window_start, window_end ORDER BY n DESC) AS rk FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))`,
            api.sql`INSERT INTO ${keyless} SELECT id, n FROM wr WHERE rk <= 3`,
          ],
        }),
    );
    expect(w.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        'RANK() OVER (...) in the view in statements[0] filtered by its number is a window Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it ("RANK() function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink StreamExecWindowRank); use ROW_NUMBER() (ties then get distinct numbers)',
      ],
    ]);
    const own = errorOf(
      () =>
        new api.FlinkSqlJob("rw2-own", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW top AS SELECT id, n FROM (SELECT *, RANK() OVER (PARTITION BY id ORDER BY n DESC) AS rk FROM ${src}) WHERE rk <= 3`,
            api.sql`INSERT INTO ${keyless} SELECT id, n FROM top`,
          ],
        }),
    );
    expect(own.issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[0]", rankError("RANK", "")]]);
  });

  it("stays quiet for RANK in a batch job or in a view no statement reads, and for ROW_NUMBER in a view into a keyed sink; into a keyless one it keeps the sink's advice", () => {
    const src = new api.FlinkTable("rq_src", { columns: cols, options: { connector: "datagen" } });
    const bounded = new api.FlinkTable("rq_bounded", { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    const keyed = new api.IcebergSink("rq_keyed", { catalog, database: "db", table: "rq_keyed", columns: [...cols, { name: "rk", type: "BIGINT" }], primaryKey: ["id"] });
    const keyless = new api.IcebergSink("rq_keyless", { catalog, database: "db", table: "rq_keyless", columns: cols });
    const view = (from: InstanceType<Api["FlinkTable"]>) => api.sql`CREATE TEMPORARY VIEW ranked AS SELECT *, RANK() OVER (PARTITION BY id ORDER BY n DESC) AS rk FROM ${from}`;
    // ROW_NUMBER Top-N in a view into a sink keyed by its unique key (partition column and number): a Top-N Flink plans, whose updates the key applies
    // (keyed by the partition column alone it would keep one row per id: rank-sink-keys.ts).
    const byRank = new api.IcebergSink("rq_keyed_rank", { catalog, database: "db", table: "rq_keyed_rank", columns: [...cols, { name: "rk", type: "BIGINT" }], primaryKey: ["id", "rk"] });
    const rowNumber = api.sql`CREATE TEMPORARY VIEW rn AS SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY n DESC) AS rk FROM ${src}`;
    expect(issuesOrNone(() => new api.FlinkSqlJob("rq-keyed", { statements: [rowNumber, api.sql`INSERT INTO ${byRank} SELECT id, n, rk FROM rn WHERE rk <= 3`] }))).to.deep.equal([]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("rq-batch", { runtimeMode: "batch", statements: [view(bounded), api.sql`INSERT INTO ${keyed} SELECT id, n, rk FROM ranked WHERE rk <= 3`] }))).to.deep.equal([]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("rq-unread", { statements: [view(src), api.sql`INSERT INTO ${keyless} SELECT id, n FROM ${src} WHERE n <= 3`] }))).to.deep.equal([]);
    expect(jobWarnings("rq-unread")).to.deep.equal([]);
    const rn = errorOf(
      () =>
        new api.FlinkSqlJob("rq-row-number", {
          statements: [rowNumber, api.sql`INSERT INTO ${keyless} SELECT id, n FROM rn WHERE rk <= 3`],
        }),
    );
    expect(rn.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        'IcebergSink "rq_keyless" has no primaryKey, and the statement (through the view in statements[0]) ranks rows (ROW_NUMBER OVER (... ORDER BY n DESC): keeps the last or largest rows per key), which replaces a row it emitted when a later or larger one arrives, ' +
          "which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
          'give IcebergSink "rq_keyless" a primaryKey (updates and deletes then apply to the key), or rank per window (a window TVF, PARTITION BY window_start, window_end), whose results are final, or keep first rows by a PROCTIME() column',
      ],
    ]);
  });

  it("a Top-N computed in a WITH query and bounded in another that reads it: RANK is the streaming-rank error, ROW_NUMBER into a keyless sink the sink's error, as written inline", () => {
    const src = new api.FlinkTable("rw_src", { columns: cols, options: { connector: "datagen" } });
    const rank = errorOf(
      () =>
        new api.FlinkSqlJob("rw-rank", {
          statements: [
            api.sql`INSERT INTO ${new api.IcebergSink("rw_keyless", { catalog, database: "db", table: "rw_keyless", columns: cols })} WITH ranked AS (SELECT *, RANK() OVER (PARTITION BY id ORDER BY n DESC) AS rk FROM ${src}), top3 AS (SELECT * FROM ranked WHERE rk <= 3) SELECT id, n FROM top3`,
          ],
        }),
    );
    expect(rank.issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[0]", rankError("RANK", "")]]);
    const keyless = (name: string) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns: cols });
    const ranked = "ROW_NUMBER() OVER (PARTITION BY id ORDER BY n DESC)";
    const inline = errorOf(() => new api.FlinkSqlJob("rw-inline", { statements: [api.sql`INSERT INTO ${keyless("rw_out")} SELECT id, n FROM (SELECT *, ${ranked} AS rk FROM ${src}) WHERE rk <= 3`] }));
    const ctes = errorOf(
      () => new api.FlinkSqlJob("rw-ctes", { statements: [api.sql`INSERT INTO ${keyless("rw_out2")} WITH ranked AS (SELECT *, ${ranked} AS rk FROM ${src}), top3 AS (SELECT * FROM ranked WHERE rk <= 3) SELECT id, n FROM top3`] }),
    );
    expect(inline.issues).to.have.length(1);
    expect(ctes.issues.map((i) => [i.path, i.message.replace(/rw_out2/g, "rw_out")])).to.deep.equal(inline.issues.map((i) => [i.path, i.message]));
    // Without a bound: an over aggregation, which a streaming job orders by a time attribute only (streaming-over-order.ts), not by n DESC.
    expect(issuesOrNone(() => new api.FlinkSqlJob("rw-over", { statements: [api.sql`INSERT INTO ${keyless("rw_out3")} WITH ranked AS (SELECT *, ${ranked} AS rk FROM ${src}) SELECT id, rk FROM ranked`] })).map((i) => i.path)).to.deep.equal(["statements[0]"]);
  });
});
