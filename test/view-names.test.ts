/**
 * The job's views by name, as Flink finds them (src/sql/view-names.ts): names are case-sensitive
 * (a read of `V` is no read of the view `v`: "Object 'V' not found"), and a view declared as
 * `default_catalog.default_database.v` is the view `v`.
 */
import { expect } from "chai";
import { errorOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { viewReads } from "../src/sql/view-names.js";
import { expectValidFlinkSql } from "./sql-validate.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "data", type: "STRING" },
];
const cdcOptions = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "debezium-json", "properties.auto.offset.reset": "earliest", "properties.group.id": "g" };
const CHANGELOG =
  `IcebergSink "vn_append" has no primaryKey, and the statement reads FlinkTable "vn_cdc" (through the view in statements[0]), a 'debezium-json' table (a changelog of inserts, updates and deletes): ` +
  "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; " +
  `give IcebergSink "vn_append" a primaryKey (updates and deletes then apply to the key)`;

describe("views by name, as Flink finds them", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a FROM inside an expression (EXTRACT, TRIM, SUBSTRING, IS DISTINCT FROM) names a column, not a view: no case error", () => {
    const gen = new api.FlinkTable("vn_expr", { columns: [...cols, { name: "Ts", type: "TIMESTAMP(3)" }], options: { connector: "datagen" } });
    const out = new api.FlinkTable("vn_expr_out", { columns: [{ name: "id", type: "BIGINT" }, { name: "h", type: "BIGINT" }], options: { connector: "blackhole" } });
    const issues = issuesOrNone(
      () =>
        new api.FlinkSqlJob("vn-expr", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW ts AS SELECT id, data, Ts FROM ${gen}`,
            api.sql`INSERT INTO ${out} SELECT id, EXTRACT(HOUR FROM Ts) FROM ts WHERE TRIM(BOTH ' ' FROM Data) <> '' AND SUBSTRING(data FROM 2) IS DISTINCT FROM Data`,
          ],
        }),
    );
    expect(issues).to.deep.equal([]);
    // A query in parentheses still reads its FROM as a table.
    const sub = errorOf(
      () =>
        new api.FlinkSqlJob("vn-expr-sub", {
          statements: [api.sql`CREATE TEMPORARY VIEW ts2 AS SELECT id, data, Ts FROM ${gen}`, api.sql`INSERT INTO ${out} SELECT id, 1 FROM ${gen} WHERE id IN (SELECT id FROM TS2)`],
        }),
    );
    expect(sub.issues.map((i) => i.message.split(":")[0])).to.deep.equal(['reads "TS2" as a table, but the job\'s view is "ts2" (statements[0])']);
    // The views' own reader (which statements read a view) agrees: a column after an expression's FROM is no read of the view.
    expect(viewReads("SELECT EXTRACT(HOUR FROM ts), x FROM t WHERE a IS DISTINCT FROM ts", "ts")).to.deep.equal([]);
    expect(viewReads("SELECT x FROM t WHERE id IN (SELECT id FROM ts)", "ts")).to.deep.equal([46]);
  });

  it("a view read in another letter case is an error naming the view as declared, not a check against that view; exact names, a view of each case and a WITH query of the name pass", async () => {
    const cdc = new api.FlinkTable("vn_cdc", { columns: cols, options: cdcOptions });
    const gen = new api.FlinkTable("vn_gen", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("vn_append", { catalog, database: "db", table: "vn_append", columns: cols });
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("vn-case", {
          statements: [api.sql`CREATE TEMPORARY VIEW v AS SELECT id, data FROM ${cdc}`, api.sql`CREATE TEMPORARY VIEW \`raw events\` AS SELECT id, data FROM ${gen}`, api.sql`INSERT INTO ${sink} SELECT id, data FROM V UNION ALL SELECT id, data FROM \`Raw Events\``],
        }),
    );
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[2]",
        `reads "V" as a table, but the job's view is "v" (statements[0]): Flink's names are case-sensitive, so "V" names no table or view and the job fails when it starts ("Object 'V' not found"); write v`,
      ],
      [
        "statements[2]",
        `reads "Raw Events" as a table, but the job's view is "raw events" (statements[1]): Flink's names are case-sensitive, so "Raw Events" names no table or view and the job fails when it starts ("Object 'Raw Events' not found"); write \`raw events\``,
      ],
    ]);
    // The exact name reads the view (and its changelog).
    const exact = errorOf(() => new api.FlinkSqlJob("vn-exact", { statements: [api.sql`CREATE TEMPORARY VIEW v AS SELECT id, data FROM ${cdc}`, api.sql`INSERT INTO ${sink} SELECT id, data FROM v`] }));
    expect(exact.issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[1]", CHANGELOG]]);
    // Two views whose names differ in case are two views; a WITH query of the name is no view.
    const statements = [
      api.sql`CREATE TEMPORARY VIEW v AS SELECT id, data FROM ${cdc}`,
      api.sql`CREATE TEMPORARY VIEW V AS SELECT id, data FROM ${gen}`,
      api.sql`INSERT INTO ${sink} SELECT id, data FROM V`,
      api.sql`INSERT INTO ${sink} WITH Q AS (SELECT id, data FROM ${gen}) SELECT id, data FROM Q`,
    ];
    expect(issuesOrNone(() => new api.FlinkSqlJob("vn-both", { statements }))).to.deep.equal([]);
    const script = await settle(new api.FlinkSqlJob("vn-both2", { statements }).script);
    expect(script).to.contain("CREATE TEMPORARY VIEW V AS SELECT id, data FROM `vn_gen`;\n");
    expectValidFlinkSql(script);
  });

  it("a view declared with Flink's default catalog and database is the view of its last name: the changelog and window checks follow it; the rendered SQL is valid", async () => {
    const cdc = new api.FlinkTable("vn_cdc2", { columns: cols, options: cdcOptions });
    const sink = new api.IcebergSink("vn_append2", { catalog, database: "db", table: "vn_append2", columns: cols });
    const message = CHANGELOG.replace(/vn_cdc/g, "vn_cdc2").replace(/vn_append/g, "vn_append2");
    const views = [
      api.sql`CREATE TEMPORARY VIEW \`default_catalog\`.\`default_database\`.v AS SELECT id, data FROM ${cdc}`,
      api.sql`CREATE TEMPORARY VIEW default_catalog.default_database.v AS SELECT id, data FROM ${cdc}`,
      api.sql`CREATE TEMPORARY VIEW \`default_database\`.v AS SELECT id, data FROM ${cdc}`,
    ];
    for (const [k, view] of views.entries()) {
      const e = errorOf(() => new api.FlinkSqlJob(`vn-qualified${k}`, { statements: [view, api.sql`INSERT INTO ${sink} SELECT id, data FROM v`] }));
      expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[1]", message]]);
    }
    // Read by its qualified name too.
    const read = errorOf(() => new api.FlinkSqlJob("vn-qualified-read", { statements: [api.sql`CREATE TEMPORARY VIEW v AS SELECT id, data FROM ${cdc}`, api.sql`INSERT INTO ${sink} SELECT id, data FROM default_catalog.default_database.v`] }));
    expect(read.issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[1]", message]]);
    // A window over the qualified simple view follows its column to the table.
    const src = new api.FlinkTable("vn_plain", { columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], options: { connector: "datagen" } });
    const out = new api.FlinkTable("vn_out", { columns: [{ name: "ws", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
    const windowed = errorOf(
      () =>
        new api.FlinkSqlJob("vn-window", {
          statements: [
            api.sql`CREATE TEMPORARY VIEW \`default_catalog\`.\`default_database\`.w AS SELECT user_id, ts FROM ${src}`,
            api.sql`INSERT INTO ${out} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE w, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
          ],
        }),
    );
    expect(windowed.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[1]",
        'TUMBLE(TABLE w, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ts of the view w (statements[0]) is ts of FlinkTable "vn_plain", a plain TIMESTAMP(3) column: ' +
          'Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ' +
          'declare watermark: { column: "ts", expression: "`ts` - INTERVAL \'5\' SECOND" } on FlinkTable "vn_plain" for event time, or a computed column { name: "proc_time", expression: "PROCTIME()" } and DESCRIPTOR(proc_time) for processing time',
      ],
    ]);
    // Over an insert-only table, the qualified view passes, and renders valid Flink SQL.
    const gen = new api.FlinkTable("vn_gen2", { columns: cols, options: { connector: "datagen" } });
    const statements = [api.sql`CREATE TEMPORARY VIEW \`default_catalog\`.\`default_database\`.v AS SELECT id, data FROM ${gen}`, api.sql`INSERT INTO ${sink} SELECT id, data FROM v`];
    expect(issuesOrNone(() => new api.FlinkSqlJob("vn-gen", { statements }))).to.deep.equal([]);
    const script = await settle(new api.FlinkSqlJob("vn-gen2", { statements }).script);
    expect(script).to.contain("CREATE TEMPORARY VIEW `default_catalog`.`default_database`.v AS SELECT id, data FROM `vn_gen2`;\n");
    expectValidFlinkSql(script);
  });
});
