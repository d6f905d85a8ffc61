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
  "keeps rows by NOT IN / NOT EXISTS over a subquery, which Flink plans as a regular anti join that retracts a row it emitted once a matching row arrives on the subquery's side";
const OTHERWISE =
  ", or make it a window anti join (NOT IN / NOT EXISTS between window TVFs, equating window_start and window_end), whose results are final (a time bound alone does not help: Flink has no interval anti join)";

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
          "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
          `give IcebergSink "aj1_out" a primaryKey (updates and deletes then apply to the key)${OTHERWISE}`,
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
        "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes'); " +
        `write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable "aj2_k" a changelog format such as 'debezium-json'${OTHERWISE}`,
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

  const keyless = (sink: string, what: string, otherwise = OTHERWISE): string =>
    `IcebergSink "${sink}" has no primaryKey, and the statement ${what}, which in a streaming job yields updates to earlier results: ` +
    "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
    `give IcebergSink "${sink}" a primaryKey (updates and deletes then apply to the key)${otherwise}`;
  const antiWhat = (form: string): string =>
    `keeps rows by ${form} over a subquery, which Flink plans as a regular anti join that retracts a row it emitted once a matching row arrives on the subquery's side`;

  it("<> ALL, NOT (x IN (...)) and NOT (EXISTS ...) over a subquery are anti joins too, each named as written", () => {
    const { gen, blocked, sink } = tables("aj5");
    const statements = [
      api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} WHERE id <> ALL (SELECT id FROM ${blocked})`,
      api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} WHERE NOT (UPPER(data) IN (SELECT data FROM ${blocked}))`,
      api.sql`INSERT INTO ${sink} SELECT g.id, g.data FROM ${gen} AS g WHERE g.id > 0 AND NOT (EXISTS (SELECT 1 FROM ${blocked} AS b WHERE b.id = g.id))`,
    ];
    const issues = statements.map((statement, i) => issuesOrNone(() => new api.FlinkSqlJob(`aj5-${i}`, { statements: [statement] })).map((x) => [x.path, x.message]));
    expect(issues).to.deep.equal([
      [["statements[0]", keyless("aj5_out", "keeps rows by <> ALL over a subquery, NOT IN written another way, which Flink plans as a join that retracts a row it emitted once a matching row arrives on the subquery's side")]],
      [["statements[0]", keyless("aj5_out", antiWhat("NOT (... IN ...)"))]],
      [["statements[0]", keyless("aj5_out", antiWhat("NOT (EXISTS ...)"))]],
    ]);
  });

  it("EXCEPT and EXCEPT ALL into a keyless IcebergSink are errors naming the upstream rewrite; MINUS fails Flink's parser first", () => {
    const { gen, blocked, sink } = tables("aj6");
    const statements = [
      api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} EXCEPT SELECT id, data FROM ${blocked}`,
      api.sql`INSERT INTO ${sink} (SELECT id, data FROM ${gen}) EXCEPT ALL (SELECT id, data FROM ${blocked})`,
      api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} MINUS SELECT id, data FROM ${blocked}`,
      // A back-quoted name, a string and a comment saying MINUS are no operator.
      api.sql`INSERT INTO ${sink} SELECT id, \`minus\` FROM (SELECT id, data AS \`minus\` FROM ${gen}) WHERE data <> 'minus' -- minus`,
    ];
    const issues = statements.map((statement, i) => issuesOrNone(() => new api.FlinkSqlJob(`aj6-${i}`, { statements: [statement] })).map((x) => [x.path, x.message]));
    const except = (form: string): string =>
      `keeps rows by ${form}, which Flink plans as a DISTINCT aggregation over a regular anti join that retracts a row it emitted once a matching row arrives on the right side`;
    expect(issues).to.deep.equal([
      [["statements[0]", keyless("aj6_out", except("EXCEPT"))]],
      [
        [
          "statements[0]",
          keyless(
            "aj6_out",
            "keeps rows by EXCEPT ALL, which Flink plans as an aggregation over both sides (a count per row) that retracts a row it emitted once a matching row arrives on the right side",
          ),
        ],
      ],
      [
        [
          "statements[0]",
          'MINUS is another spelling of EXCEPT that Flink\'s parser refuses, so the job fails when it starts ("MINUS is not allowed under the current SQL conformance level", flink FlinkSqlConformance.isMinusAllowed); write EXCEPT',
        ],
      ],
      [],
    ]);
  });

  it("INTERSECT stays quiet into an IcebergSink (a semi join, each distinct row once) but not into an append-only FlinkTable; INTERSECT ALL updates", () => {
    const { gen, blocked, sink, kafka } = tables("aj7");
    const quiet = api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} INTERSECT SELECT id, data FROM ${blocked}`;
    expect(issuesOrNone(() => new api.FlinkSqlJob("aj7-0", { statements: [quiet] }))).to.deep.equal([]);
    expect(jobWarnings("aj7-0")).to.deep.equal([]);
    const intoKafka = issuesOrNone(() => new api.FlinkSqlJob("aj7-1", { statements: [api.sql`INSERT INTO ${kafka} SELECT id, data FROM ${gen} INTERSECT SELECT id, data FROM ${blocked}`] }));
    expect(intoKafka.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `FlinkTable "aj7_k" is a 'kafka' table with format 'json', whose sink takes inserts only, and the statement keeps rows by INTERSECT, which Flink plans as a DISTINCT aggregation over a semi join that the planner marks updating, which in a streaming job yields updates to earlier results: ` +
          "Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes'); " +
          `write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give FlinkTable "aj7_k" a changelog format such as 'debezium-json', or keep rows by IN / EXISTS over a subquery (a semi join, which forwards the inserts of its input) instead of INTERSECT`,
      ],
    ]);
    const all = issuesOrNone(() => new api.FlinkSqlJob("aj7-2", { statements: [api.sql`INSERT INTO ${sink} SELECT id, data FROM ${gen} INTERSECT ALL SELECT id, data FROM ${blocked}`] }));
    expect(all.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        keyless(
          "aj7_out",
          "keeps rows by INTERSECT ALL, which Flink plans as an aggregation over both sides (a count per side and row) that replaces the copies of a row it emitted as more matching rows arrive",
          ", or keep rows by IN / EXISTS over a subquery (a semi join, which forwards the inserts of its input) instead of INTERSECT ALL",
        ),
      ],
    ]);
  });

  it("with a window TVF in sight EXCEPT warns, a negated IN over window rows stays quiet, and names, literal lists and NOT over a comparison stay quiet", () => {
    const { gen, blocked, sink } = tables("aj8");
    new api.FlinkSqlJob("aj8-0", {
      statements: [
        api.sql`INSERT INTO ${sink} SELECT id, data FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) EXCEPT SELECT id, data FROM TABLE(TUMBLE(TABLE ${blocked}, DESCRIPTOR(ts), INTERVAL '5' MINUTES))`,
      ],
    });
    expect(jobWarnings("aj8-0")).to.deep.equal([
      `statements[0]: ${keyless(
        "aj8_out",
        "keeps rows by EXCEPT, which Flink plans as a DISTINCT aggregation over a regular anti join that retracts a row it emitted once a matching row arrives on the right side (unless both sides are rows of window TVFs with window_start and window_end, which Flink may plan as a window join)",
      )}`,
    ]);
    const quiet = [
      api.sql`INSERT INTO ${sink} SELECT id, data FROM (SELECT * FROM TABLE(TUMBLE(TABLE ${gen}, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) L WHERE NOT (L.id IN (SELECT id FROM (SELECT * FROM TABLE(TUMBLE(TABLE ${blocked}, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end))`,
      api.sql`INSERT INTO ${sink} SELECT id, \`except\` FROM (SELECT id, data AS \`except\` FROM ${gen}) WHERE NOT (id IN (1, 2)) AND NOT (data = 'x')`,
    ];
    quiet.forEach((statement, i) => {
      expect(issuesOrNone(() => new api.FlinkSqlJob(`aj8-${i + 1}`, { statements: [statement] })), `statement ${i}`).to.deep.equal([]);
      expect(jobWarnings(`aj8-${i + 1}`), `statement ${i}`).to.deep.equal([]);
    });
  });
});
