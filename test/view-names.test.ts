/**
 * The job's views by name, as Flink finds them (src/sql/view-names.ts): names are case-sensitive
 * (a read of `V` is no read of the view `v`: "Object 'V' not found").
 */
import { expect } from "chai";
import { errorOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql } from "./sql-validate.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "data", type: "STRING" },
];
const cdcOptions = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "debezium-json", "properties.auto.offset.reset": "earliest" };
const CHANGELOG =
  `IcebergSink "vn_append" has no primaryKey, and the statement reads FlinkTable "vn_cdc" (through the view in statements[0]), a 'debezium-json' table (a changelog of inserts, updates and deletes): ` +
  "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too (iceberg flink/.../sink/RowDataTaskWriterFactory.java); " +
  `give IcebergSink "vn_append" a primaryKey (updates and deletes then apply to the key; with upsertEnabled each row replaces its key)`;

describe("views by name, as Flink finds them", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

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
});
