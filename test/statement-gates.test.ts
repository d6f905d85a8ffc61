/**
 * The statement gates (src/sql/statement-gates.ts) are exact: for generated jobs, planJob's
 * diagnostics (errors and warnings, text, paths and order), or the error it throws, are the same
 * with the gates on and off. The statements mix the gates' words into SQL, string literals,
 * comments, back-quoted names, OPTIONS hints, table names and around interpolated tables and Outputs;
 * a coverage check makes sure each gated check did report in some case (a property whose checks
 * never fire could not fail).
 */
import { expect } from "chai";
import fc from "fast-check";
import * as pulumi from "@pulumi/pulumi";
import { mockedApi, type Api } from "./api.js";
import { count, params, runs } from "./fuzz/config.js";
import { hive } from "./iceberg-table-helpers.js";
import { planJob, type JobPlanInput } from "../src/sql/job-plan.js";
import { setStatementGates } from "../src/sql/statement-gates.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import type { SqlStatement } from "../src/sql/template.js";

/** A piece of a generated statement: SQL text, the k-th table of the fixture, or an Output. */
type Piece = string | { table: number } | { output: string };

/** Text with the gates' words in code and in odd places (literals, comments, back quotes, hints). */
const WORDS: readonly string[] = [
  "SELECT", "*", "id", "v", "ts", "amount", ",", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "EXISTS", "(", ")", "=", "<>", "!=", "<=", "1", "3",
  "GROUP BY", "GROUP BY id", "GROUP BY window_start, window_end", "HAVING COUNT(*) > 1", "ORDER BY", "ORDER BY v", "ORDER BY ts DESC", "LIMIT 10", "LIMIT 2, 3",
  "OFFSET 1 LIMIT 2", "FETCH FIRST 1 ROWS ONLY", "MINUS", "EXCEPT", "INTERSECT", "UNION ALL", "COUNT(*)", "SUM(amount)", "MAX(v)", "v, COUNT(*)",
  "ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) AS rn", "RANK() OVER (PARTITION BY id ORDER BY ts) AS r", "DENSE_RANK() OVER (ORDER BY v) AS r", "r <= 3", "rn = 1",
  "INTERVAL '5 minutes'", "INTERVAL '0' SECOND", "INTERVAL '1' WEEK", "INTERVAL '2' QUARTER", "INTERVAL '1' MINUTE", "DESCRIPTOR(ts)", "DESCRIPTOR(v)",
  "FOR SYSTEM_TIME AS OF", "FOR SYSTEM_TIME AS OF s.ts", "FOR SYSTEM_TIME AS OF TIMESTAMP '2024-01-01 00:00:00'", "s.id = d.id", "ON", "JOIN", "AS s", "AS d",
  '"text"', "U&\"x\"", "'it''s GROUP BY x ORDER BY y'", "'RANK() OVER INTERVAL'", "-- ORDER BY ts RANK\n", "/* GROUP BY id HAVING */", "// SYSTEM_TIME\n",
  "`GROUP`", "`order`", "`RANK`", "`SYSTEM_TIME`", "DATEDIFF(ts, ts)", "ISNULL(v, 'x')", "NVL(v, 'a')", "GROUP_CONCAT(v)", "LEN(v)", "events", "orders", "vw",
  "CURRENT_TIMESTAMP", "CAST(ts AS DATE)", "CAST(v AS INT)", "TUMBLE(", "HOP(", "CUMULATE(", "SESSION(", "INTERVAL '7' MINUTE", "GROUP BY window_end, window_start", "BETWEEN", "<", ">", "OVER (ORDER BY ts)", "o.ts", "g.ts", "o", "g", "TABLE", "TABLE(", "WITH w AS (SELECT * FROM events)", "w",
  "/*+ OPTIONS('streaming'='false') */", "/*+ OPTIONS('number-of-rows'='10') */", "/*+ OPTIONS('branch'='b') */", "/*+ OPTIONS('password'='x') */", "/*+ OPTIONS(broken */", "/*+ OPTIONS('write.upsert.enabled'='true') */",
  "'", "\n", "TIMESTAMP '2024-01-01 00:00:00'", "NULL", "'x'",
  // Plain-text names in table position, and near misses of one: the keyword glued to what precedes it, comments, other letters.
  "1FROM events", "$JOIN events", "xFROM events", "FROM/**/events", "FROM -- c\n events", "FROMevents", "JO\u0131N events", "INTO `events`", ", events", "TABLE events",
];

const arbPiece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.nat(7).map((table) => ({ table })) },
  { weight: 1, arbitrary: fc.constantFrom("x", "ROW_NUMBER", "1").map((output) => ({ output })) },
);

/** Well-formed statements the checks read, each as pieces ({table: k}: see the fixture's order). */
const SHAPES: readonly Piece[][] = [
  ["INSERT INTO ", { table: 2 }, " SELECT * FROM ", { table: 0 }],
  ["INSERT INTO ", { table: 3 }, " SELECT id, v, ts, amount FROM ", { table: 1 }, " ORDER BY v"],
  ["INSERT INTO ", { table: 3 }, " SELECT id, v, ts, amount FROM (SELECT *, RANK() OVER (PARTITION BY id ORDER BY ts) AS r FROM ", { table: 0 }, ") WHERE r <= 3"],
  ["INSERT INTO ", { table: 4 }, " SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ", { table: 1 }, ", DESCRIPTOR(ts), INTERVAL '0' SECOND)) GROUP BY window_start, window_end"],
  ["INSERT INTO ", { table: 3 }, " SELECT s.id, d.v, s.ts, s.amount FROM ", { table: 0 }, " AS s JOIN ", { table: 1 }, " FOR SYSTEM_TIME AS OF s.ts AS d ON s.id = d.id"],
  ["INSERT INTO ", { table: 3 }, " SELECT id, v, ts, SUM(amount) FROM ", { table: 0 }, " GROUP BY id"],
  ["INSERT INTO ", { table: 3 }, " SELECT id, v, ts, amount FROM ", { table: 0 }, " WHERE v != 'x' AND ts > CURRENT_TIMESTAMP - INTERVAL '1' WEEK"],
  ["INSERT INTO ", { table: 3 }, " SELECT id, DATEDIFF(ts, ts), ts, amount FROM events"],
  ["INSERT INTO ", { table: 2 }, " /*+ OPTIONS('password'='x') */ SELECT * FROM ", { table: 0 }, " /*+ OPTIONS('streaming'='false', 'branch'='b') */"],
  ["INSERT INTO ", { table: 3 }, " SELECT * FROM ", { table: 3 }],
  ["INSERT INTO ", { table: 3 }, " SELECT * FROM ", { table: 5 }, " WHERE v = ", { output: "x" }],
  ["CREATE TEMPORARY VIEW vw AS SELECT id, v, ts, amount FROM ", { table: 0 }, " ORDER BY ts"],
  ["CREATE TEMPORARY FUNCTION DATEDIFF AS 'com.example.DateDiff'"],
  ["INSERT INTO ", { table: 3 }, " SELECT * FROM vw"],
  ["INSERT INTO ", { table: 3 }, " SELECT * FROM VW LIMIT 2, 3"],
  ["INSERT INTO ", { table: 3 }, " SELECT s.* FROM ", { table: 0 }, " AS s, events"],
  ["INSERT INTO ", { table: 3 }, " SELECT s.* FROM ", { table: 0 }, " AS s JO\u0131N events AS e ON s.id = e.id"],
  ["INSERT INTO ", { table: 3 }, " WITH q AS (SELECT *, RANK() OVER (PARTITION BY id ORDER BY ts) AS r FROM ", { table: 0 }, ") SELECT id, v, ts, amount FROM q WHERE r <= 3"],
  ["INSERT INTO ", { table: 3 }, " SELECT * FROM ", { table: 6 }],
  // An aggregate value into the upsert sink's key (aggregate-sink-keys.ts).
  ["INSERT INTO ", { table: 2 }, " SELECT COUNT(*), MAX(v), MAX(ts), SUM(amount) FROM ", { table: 0 }],
  ["INSERT INTO ", { table: 4 }, " SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ", { table: 1 }, ", DESCRIPTOR(ts), INTERVAL '10' MINUTE, INTERVAL '1' MINUTE)) GROUP BY window_start, window_end"],
  ["INSERT INTO ", { table: 4 }, " SELECT window_start, id FROM TABLE(CUMULATE(TABLE ", { table: 1 }, ", DESCRIPTOR(ts), INTERVAL '7' MINUTE, INTERVAL '1' HOUR))"],
  ["INSERT INTO ", { table: 3 }, " SELECT o.id, o.v, o.ts, o.amount FROM ", { table: 7 }, " o JOIN ", { table: 5 }, " g ON o.id = g.id AND g.ts BETWEEN o.ts AND o.ts + INTERVAL '1' DAY"],
  ["INSERT INTO ", { table: 3 }, " SELECT o.id, o.v, o.ts, o.amount FROM ", { table: 5 }, " o LEFT JOIN ", { table: 7 }, " g ON o.id = g.id AND g.ts > o.ts AND o.ts >= g.ts - INTERVAL '1' HOUR"],
  ["INSERT INTO ", { table: 3 }, " SELECT id, v, ts, SUM(amount) OVER (PARTITION BY id ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM ", { table: 7 }],
  ["INSERT INTO ", { table: 2 }, " SELECT id, v, ts, amount FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) AS rn FROM ", { table: 0 }, ") WHERE rn <= 3"],
  ["INSERT INTO ", { table: 2 }, " SELECT id, v, ts, amount FROM ", { table: 5 }, " ORDER BY ts LIMIT 5"],
  ["INSERT INTO ", { table: 3 }, " SELECT id, v, ts, amount FROM ", { table: 5 }, " /*+ OPTIONS('number-of-rows'='10') */"],
];

/**
 * A view and a statement that reads it: what the gated checks find in the view (a RANK, a window's
 * time column), not in the reader's own text. Random statements may splice the views' names in too.
 */
const VIEW_PAIRS: readonly Piece[][][] = [
  [["CREATE TEMPORARY VIEW vr AS SELECT *, RANK() OVER (PARTITION BY id ORDER BY ts) AS r FROM ", { table: 0 }], ["INSERT INTO ", { table: 3 }, " SELECT id, v, ts, amount FROM vr WHERE r <= 3"]],
  [["CREATE TEMPORARY VIEW vr AS SELECT * FROM ", { table: 0 }], ["INSERT INTO ", { table: 3 }, " WITH q AS (SELECT * FROM vr) SELECT id, v, ts, amount FROM q ORDER BY v"]],
  [["CREATE TEMPORARY VIEW vt AS SELECT * FROM TABLE(TUMBLE(TABLE ", { table: 1 }, ", DESCRIPTOR(v), INTERVAL '1' MINUTE))"], ["INSERT INTO ", { table: 4 }, " SELECT window_start, COUNT(*) FROM vt GROUP BY window_start, window_end"]],
  [["CREATE TEMPORARY VIEW vt AS SELECT id, v, ts, amount FROM ", { table: 0 }, " ORDER BY v"], ["INSERT INTO ", { table: 3 }, " SELECT * FROM vt"]],
  [["CREATE TEMPORARY VIEW vh AS SELECT * FROM TABLE(HOP(TABLE ", { table: 1 }, ", DESCRIPTOR(ts), INTERVAL '3' MINUTE, INTERVAL '10' MINUTE))"], ["INSERT INTO ", { table: 4 }, " SELECT window_start, COUNT(*) FROM vh GROUP BY window_start, window_end"]],
  [["CREATE TEMPORARY VIEW vk AS SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) AS rn FROM ", { table: 0 }], ["INSERT INTO ", { table: 2 }, " SELECT id, v, ts, amount FROM vk WHERE rn <= 3"]],
  [["CREATE TEMPORARY VIEW vp AS SELECT * FROM ", { table: 1 }], ["INSERT INTO ", { table: 4 }, " SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE vp, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end"]],
  // A view's count into the upsert sink's key, read by an INSERT without an aggregate of its own (aggregate-sink-keys.ts; the gate is the job's).
  [["CREATE TEMPORARY VIEW va AS SELECT COUNT(*) AS n, v, MAX(ts) AS ts, SUM(amount) AS amount FROM ", { table: 0 }, " GROUP BY v"], ["INSERT INTO ", { table: 2 }, " SELECT * FROM va"]],
];

/** A statement: a shape, a shape with pieces spliced in, or a random run of pieces after INSERT INTO or CREATE TEMPORARY VIEW. */
const arbStatement: fc.Arbitrary<Piece[]> = fc.oneof(
  fc.constantFrom(...SHAPES),
  fc.tuple(fc.constantFrom(...SHAPES), fc.nat(12), fc.array(arbPiece, { minLength: 1, maxLength: 3 })).map(([shape, at, extra]) => {
    const pieces = [...shape];
    pieces.splice(Math.min(at, pieces.length), 0, " ", ...extra.flatMap((p) => [p, " "]));
    return pieces;
  }),
  fc.tuple(fc.constantFrom<Piece[]>(["INSERT INTO ", { table: 3 }, " "], ["INSERT INTO ", { table: 2 }, " "], ["CREATE TEMPORARY VIEW vw AS "]), fc.array(arbPiece, { maxLength: 14 })).map(([head, rest]) => [
    ...head,
    ...rest.flatMap((p) => [p, " "]),
  ]),
);

const arbJob = fc.record({
  statements: fc
    .tuple(fc.option(fc.constantFrom(...VIEW_PAIRS), { freq: 3 }), fc.array(arbStatement, { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([pair, rest, after]) => (pair === null ? rest : after ? [...rest, ...pair] : [...pair, ...rest])),
  runtimeMode: fc.constantFrom<"streaming" | "batch">("streaming", "batch"),
  flinkVersion: fc.constantFrom(undefined, "v1_20", "v2_1"),
  nonTemporalSort: fc.boolean(),
});

/** The diagnostics of one plan, or the message it throws. */
function outcome(input: JobPlanInput): unknown {
  const diag = new Diagnostics();
  try {
    planJob(input, diag);
  } catch (e) {
    return { thrown: String(e) };
  }
  return { errors: diag.errors, warnings: diag.warnings };
}

/** A phrase of each gated check's messages: each must show up in some case. */
const GATED: Readonly<Record<string, RegExp>> = {
  "interval literals": /INTERVAL '5 minutes'|Flink 1\.20 has no (WEEK|QUARTER)/,
  conformance: /Flink SQL has no != operator|MINUS is another spelling|in double quotes|MySQL's LIMIT offset/,
  "foreign functions": /function, which Flink does not have/,
  "foreign functions in a table's expressions": /fails its CREATE TABLE/,
  "OPTIONS hints": /OPTIONS hint of/,
  "Output operands": /a Pulumi Output is interpolated right after/,
  grouping: /is not being grouped/,
  "window time columns": /needs a time attribute|has no column/,
  "temporal joins": /FOR SYSTEM_TIME AS OF/,
  "zero window lengths": /which is 0 milliseconds/,
  "streaming sorts": /without LIMIT in a streaming job/,
  "streaming ranks": /a streaming job ranks only with ROW_NUMBER/,
  "streaming ranks in a view": /in the view in statements\[\d+\] filtered by its number/,
  "window time columns through a view": /of the view vp \(statements\[\d+\]\)/,
  "plain-text tables": /the job declares no table or view of that name/,
  "aggregate values in a sink key": /keeps a row for every value \W+id\W+ ever had/,
  "aggregate values in a sink key through a view": /of a GROUP BY \(v\) in the view in statements\[\d+\], and its key holds none of the GROUP BY columns/,
  "window multiples": /must be an integral multiple of the (slide|step)/,
  "insert-only operators": /which takes inserts only/,
  "window multiples through a view": /\) in the view in statements\[\d+\] has a slide/,
  "Top-N sink keys": /rows that share a key overwrite each other, so the table silently keeps fewer rows than the Top-N/,
  "Top-N sink keys through a view": /Top-N in the view in statements\[\d+\]/,
  "sorted LIMIT sink keys": /rows of all rows/,
};

describe("statement gates: the same diagnostics with the gates on and off", function () {
  this.timeout(0);
  let api: Api;
  let tables: object[];
  before(async () => {
    api = await mockedApi();
    const cols = [
      { name: "id", type: "BIGINT NOT NULL" },
      { name: "v", type: "STRING" },
      { name: "ts", type: "TIMESTAMP(3)" },
      { name: "amount", type: "DECIMAL(10, 2)" },
    ];
    tables = [
      new api.IcebergSource("sg_src", { catalog: hive, database: "db", table: "sg_src", columns: cols, streaming: true, watermark: { column: "ts" } }),
      new api.IcebergSource("sg_plain", { catalog: hive, database: "db", table: "sg_plain", columns: cols, primaryKey: ["id"] }),
      new api.IcebergSink("sg_upsert", { catalog: hive, database: "db", table: "sg_upsert", columns: cols, primaryKey: ["id"], upsertEnabled: true }),
      new api.IcebergSink("sg_append", { catalog: hive, database: "db", table: "sg_src", columns: cols }),
      new api.IcebergSink("sg_windows", { catalog: hive, database: "db", table: "sg_windows", columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }] }),
      new api.FlinkTable("sg_gen", {
        columns: [...cols, { name: "proc_time", expression: "PROCTIME()" }],
        watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" },
        options: { connector: "datagen" },
      }),
      // A table whose own expressions call a foreign function: reported when a statement reads the table, whatever its text.
      new api.FlinkTable("sg_nvl", {
        columns: [...cols, { name: "w", expression: "NVL(v, 'a')" }],
        options: { connector: "datagen" },
      }),
      // A changelog read into an interval join or an OVER aggregation (insert-only-operators.ts).
      new api.FlinkTable("sg_cdc", {
        columns: cols,
        primaryKey: ["id"],
        watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" },
        options: { connector: "upsert-kafka", topic: "c", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
      }),
    ];
  });
  afterEach(() => setStatementGates(true));

  it(`planJob reports exactly the same with the gates on and off (${runs(400)} generated jobs)`, () => {
    const seen = new Map(Object.keys(GATED).map((k) => [k, 0]));
    fc.assert(
      fc.property(arbJob, (job) => {
        count("statement-gates");
        const statements: SqlStatement[] = job.statements.map((pieces) => {
          const strings: string[] = [""];
          const values: unknown[] = [];
          for (const p of pieces) {
            if (typeof p === "string") strings[strings.length - 1] += p;
            else {
              values.push("table" in p ? tables[p.table] : pulumi.output(p.output));
              strings.push("");
            }
          }
          return api.sql(strings as unknown as TemplateStringsArray, ...values);
        });
        const input: JobPlanInput = {
          statements,
          runtimeMode: job.runtimeMode,
          configuration: job.nonTemporalSort ? { "table.exec.non-temporal-sort.enabled": "true" } : {},
          ...(job.flinkVersion !== undefined ? { flinkVersion: job.flinkVersion } : {}),
        };
        setStatementGates(true);
        const gated = outcome(input);
        setStatementGates(false);
        const ungated = outcome(input);
        setStatementGates(true);
        expect(gated, statements.map((s) => s.toString()).join("\n")).to.deep.equal(ungated);
        const messages = JSON.stringify(ungated);
        for (const [check, phrase] of Object.entries(GATED)) if (phrase.test(messages)) seen.set(check, seen.get(check)! + 1);
      }),
      params(runs(400)),
    );
    expect([...seen].filter(([, n]) => n === 0).map(([check]) => check), "gated checks that never reported").to.deep.equal([]);
  });

  it("a gate closes for the bench's statement: none of the gated checks' words are in INSERT INTO sink SELECT * FROM source", () => {
    // The other direction of the property above: gating does skip work (not only never differs).
    const [, , upsert] = tables as [object, object, object];
    const stmt = api.sql`INSERT INTO ${upsert} SELECT * FROM ${tables[0]}`;
    const input: JobPlanInput = { statements: [stmt], runtimeMode: "streaming", configuration: {} };
    const plan = planJob(input, new Diagnostics());
    const words = plan.inserts[0]!.words;
    expect([words.has("INTERVAL"), words.has("("), words.has("/*+"), words.hasOutputs(), words.has("ORDER"), words.has("RANK"), words.has("SYSTEM_TIME"), words.has("ROW_NUMBER"), words.has("LIMIT"), words.has("FETCH")]).to.deep.equal([
      false, false, false, false, false, false, false, false, false, false,
    ]);
    setStatementGates(false);
    expect([words.has("INTERVAL"), words.hasOutputs()]).to.deep.equal([true, true]);
  });
});
