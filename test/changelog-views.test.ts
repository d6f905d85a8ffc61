/**
 * A changelog into an Iceberg sink without a primary key (every update and delete becomes one more
 * row: iceberg RowDataTaskWriterFactory) is found through the job's views too, and the warning covers
 * the other shapes that turn an append stream into updates: outer joins and keep-last deduplication.
 */
import { expect } from "chai";
import { errorOf, mockedApi, type Api } from "./api.js";
import { registry } from "../src/components/job-registry.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "data", type: "STRING" },
];
const warningsOf = (jobName: string): string[] => [...registry().jobs.find((j) => j.name === jobName)!.warnings];

describe("changelog into a keyless Iceberg sink, through views and joins", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a view over a changelog source is the same error, naming the view's statement; also through a view of a view and back-quoted names", () => {
    const cdc = new api.FlinkTable("cv_cdc", { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "debezium-json", "properties.auto.offset.reset": "earliest" } });
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
          "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row (iceberg flink/.../sink/RowDataTaskWriterFactory.java); " +
          `give IcebergSink "cv_append" a primaryKey (updates and deletes then apply to the key; with upsertEnabled each row replaces its key)`,
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

  it("an unwindowed aggregation in a view, an outer join and a keep-last deduplication warn; an interval join, keep-first and a windowed view do not", () => {
    const gen = new api.FlinkTable("cw_gen", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const dim = new api.FlinkTable("cw_dim", { columns: [...cols, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("cw_append", { catalog, database: "db", table: "cw_append", columns: cols });
    new api.FlinkSqlJob("cw-view-agg", {
      statements: [api.sql`CREATE TEMPORARY VIEW totals AS SELECT id, MAX(data) AS data FROM ${gen} GROUP BY id`, api.sql`INSERT INTO ${sink} SELECT id, data FROM totals`],
    });
    expect(warningsOf("cw-view-agg")).to.deep.equal([
      `statements[1]: IcebergSink "cw_append" has no primaryKey, and the statement (through the view in statements[0]) aggregates without a window, which in a streaming job yields updates to earlier results: ` +
        `a sink without a key appends every update as one more row; give IcebergSink "cw_append" a primaryKey (updates and deletes then apply to the key; with upsertEnabled each row replaces its key), ` +
        "or aggregate over a window (TUMBLE, HOP, CUMULATE), whose results are final",
    ]);
    new api.FlinkSqlJob("cw-outer", { statements: [api.sql`INSERT INTO ${sink} SELECT g.id, d.data FROM ${gen} AS g LEFT JOIN ${dim} AS d ON g.id = d.id`] });
    expect(warningsOf("cw-outer")).to.have.length(1);
    expect(warningsOf("cw-outer")[0]).to.contain("the statement outer-joins (unless it is an interval join), which retracts the null-padded rows it emitted first");
    new api.FlinkSqlJob("cw-dedup", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM ${gen}) WHERE rn = 1`],
    });
    expect(warningsOf("cw-dedup")).to.have.length(1);
    expect(warningsOf("cw-dedup")[0]).to.contain("keeps the last row per key (ROW_NUMBER ordered DESC)");
    new api.FlinkSqlJob("cw-interval", {
      statements: [api.sql`INSERT INTO ${sink} SELECT g.id, d.data FROM ${gen} AS g LEFT JOIN ${dim} AS d ON g.id = d.id AND d.ts BETWEEN g.ts - INTERVAL '1' MINUTE AND g.ts`],
    });
    new api.FlinkSqlJob("cw-first", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn FROM ${gen}) WHERE rn = 1`],
    });
    new api.FlinkSqlJob("cw-view-window", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW w AS SELECT id, MAX(data) AS data FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY id, window_start, window_end`,
        api.sql`INSERT INTO ${sink} SELECT id, data FROM w`,
      ],
    });
    for (const job of ["cw-interval", "cw-first", "cw-view-window"]) expect(warningsOf(job), job).to.deep.equal([]);
  });
});
