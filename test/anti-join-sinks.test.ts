/**
 * A NOT IN / NOT EXISTS over a subquery is an anti join in a streaming job (flink
 * FlinkSubQueryRemoveRule), which retracts the rows it emitted once a match arrives
 * (FlinkChangelogModeInferenceProgram: ALL_CHANGES for a join other than INNER or SEMI): an error
 * into an insert-only sink, a warning when a view may have renamed a window anti join's columns.
 * IN / EXISTS (semi joins, which forward their inputs' kinds), a literal list and a window anti join stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "data", type: "STRING" },
];
const WHAT =
  "keeps rows by NOT IN / NOT EXISTS over a subquery, which Flink plans as a regular anti join (flink FlinkSubQueryRemoveRule) that retracts a row it emitted once a matching row arrives on the subquery's side";
const OTHERWISE =
  ", or make it a window anti join (NOT IN / NOT EXISTS between window TVFs, equating window_start and window_end), whose results are final; a time bound alone does not help: Flink plans no interval anti join (IntervalJoinUtil.satisfyIntervalJoin)";

describe("anti-join subqueries into insert-only sinks", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const tables = (p: string) => {
    const ts = { name: "ts", type: "TIMESTAMP(3)" };
    const gen = new api.FlinkTable(`${p}_gen`, { columns: [...cols, ts], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const blocked = new api.FlinkTable(`${p}_blocked`, { columns: [...cols, ts], watermark: { column: "ts", expression: "ts" }, options: { connector: "datagen" } });
    const sink = new api.IcebergSink(`${p}_out`, { catalog, database: "db", table: `${p}_out`, columns: cols });
    const kafka = new api.FlinkTable(`${p}_k`, { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json" } });
    return { gen, blocked, sink, kafka };
  };

  it("NOT IN (SELECT ...) into a keyless IcebergSink is an error with the sink's consequence and the window way out", () => {
    const { gen, blocked, sink } = tables("aj1");
    const issues = issuesOrNone(() => new api.FlinkSqlJob("aj1", { statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} WHERE id NOT IN (SELECT id FROM ${blocked})`] }));
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `IcebergSink "aj1_out" has no primaryKey, and the statement ${WHAT}, which in a streaming job yields updates to earlier results: ` +
          "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too (iceberg flink/.../sink/RowDataTaskWriterFactory.java); " +
          `give IcebergSink "aj1_out" a primaryKey (updates and deletes then apply to the key; with upsertEnabled each row replaces its key)${OTHERWISE}`,
      ],
    ]);
  });

  it("NOT EXISTS into an append-only kafka FlinkTable is an error (Flink refuses the plan), also through a view and with a time bound", () => {
    const { gen, blocked, kafka } = tables("aj2");
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("aj2", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW fresh AS SELECT g.id, g.data FROM ${gen} AS g WHERE NOT EXISTS (SELECT 1 FROM ${blocked} AS b WHERE b.id = g.id AND b.ts BETWEEN g.ts - INTERVAL '1' HOUR AND g.ts)`,
            api.sql`INSERT INTO ${kafka} SELECT id, data FROM fresh`,
          ],
        }),
    );
    expect(issues.map((i) => i.path)).to.deep.equal(["statements[1]"]);
    expect(issues[0]!.message).to.equal(
      `FlinkTable "aj2_k" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement (through the view in statements[0]) ${WHAT}, which in a streaming job yields updates to earlier results: ` +
        "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes', flink FlinkChangelogModeInferenceProgram); " +
        `write to an 'upsert-kafka' table with a primaryKey, or give FlinkTable "aj2_k" a changelog format such as 'debezium-json'${OTHERWISE}`,
    );
  });

  it("IN / EXISTS (semi joins), NOT IN over a literal list and a window anti join stay quiet", () => {
    const { gen, blocked, sink } = tables("aj3");
    const quiet = [
      api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} WHERE id IN (SELECT id FROM ${blocked})`,
      api.sql`INSERT INTO ${sink} SELECT g.id, g.data FROM ${gen} AS g WHERE EXISTS (SELECT 1 FROM ${blocked} AS b WHERE b.id = g.id)`,
      api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} WHERE id NOT IN (1, 2) AND data NOT IN ('a', 'b')`,
      api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT * FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) L WHERE L.id NOT IN (SELECT id FROM (SELECT * FROM TABLE(TUMBLE(TABLE ${blocked}, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end)`,
    ];
    quiet.forEach((statement, i) => {
      expect(issuesOrNone(() => new api.FlinkSqlJob(`aj3-${i}`, { statements: [statement] })), `statement ${i}`).to.deep.equal([]);
      expect(jobWarnings(`aj3-${i}`), `statement ${i}`).to.deep.equal([]);
    });
  });

  it("a window TVF in sight without window_start and window_end in the subquery warns (a view may have renamed them)", () => {
    const { gen, blocked, sink } = tables("aj4");
    new api.FlinkSqlJob("aj4", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW w AS SELECT id, window_start AS ws, window_end AS we FROM TABLE(TUMBLE(TABLE ${blocked}, DESCRIPTOR(ts), INTERVAL '5' MINUTES))`,
        api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} WHERE id NOT IN (SELECT id FROM w)`,
      ],
    });
    expect(jobWarnings("aj4")).to.have.length(1);
    expect(jobWarnings("aj4")[0]).to.contain(`the statement ${WHAT} (unless it is a window anti join whose window columns a view renamed), which in a streaming job yields updates to earlier results`);
  });
});
