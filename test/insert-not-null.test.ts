/**
 * A nullable value written as it is into a NOT NULL sink column (a primary key): Flink's sink
 * constraint enforcer (table.exec.sink.not-null-enforcer, default ERROR) fails the job on the
 * first NULL, and the restarted job reads that row again. A preview warning with the ways out.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";
import { expectValidFlinkSql } from "./sql-validate.js";
import { settle } from "./pulumi-mocks.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = (idType: string) => [
  { name: "id", type: idType },
  { name: "v", type: "STRING" },
];

/** The warning for `shown` (the SELECT list item) going into the sink `sink`'s column id. */
function warning(shown: string, sink: string, star = false): string {
  return (
    `statements[0]: value 1 of the SELECT list, ${shown} (BIGINT), may be NULL, and goes into IcebergSink "${sink}"'s column "id" (BIGINT NOT NULL): ` +
    `Flink fails the job on the first NULL ("Column 'id' is NOT NULL, however, a null value is being written into it"; table.exec.sink.not-null-enforcer ERROR), and the restarted job reads that row again. ` +
    `Declare the source column NOT NULL if it never is NULL, filter the rows (WHERE \`id\` IS NOT NULL) or write COALESCE(\`id\`, ...)${star ? ", listing the columns instead of *" : ""}; ` +
    "table.exec.sink.not-null-enforcer = 'DROP' in the job's configuration drops such rows without a word"
  );
}

describe("INSERT of a nullable column into a NOT NULL sink column", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const source = (name: string, idType = "BIGINT") => new api.IcebergSource(name, { catalog, database: "db", table: name, columns: cols(idType), streaming: true });
  const keyed = (name: string) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns: cols("BIGINT"), primaryKey: ["id"], upsertEnabled: true });

  it("warns for a plain column and for *, naming the value, both types and the ways out", async () => {
    const src = source("nn_src");
    const job = new api.FlinkSqlJob("nn-plain", { statements: [api.sql`INSERT INTO ${keyed("nn_out")} SELECT id, v FROM ${src}`] });
    expect(jobWarnings("nn-plain")).to.deep.equal([warning("id", "nn_out")]);
    expectValidFlinkSql(await settle(job.script));
    new api.FlinkSqlJob("nn-star", { statements: [api.sql`INSERT INTO ${keyed("nn_star_out")} SELECT * FROM ${src}`] });
    expect(jobWarnings("nn-star")).to.deep.equal([warning("id (from *)", "nn_star_out", true)]);
    new api.FlinkSqlJob("nn-alias", { statements: [api.sql`INSERT INTO ${keyed("nn_alias_out")} SELECT s.id AS id, s.v FROM ${src} AS s`] });
    expect(jobWarnings("nn-alias")).to.deep.equal([warning("s.id AS id", "nn_alias_out")]);
  });

  it("no warning when the source column is NOT NULL, the query tests it, or the value is an expression", () => {
    const strict = source("nn_strict", "BIGINT NOT NULL");
    new api.FlinkSqlJob("nn-strict", { statements: [api.sql`INSERT INTO ${keyed("nn_strict_out")} SELECT id, v FROM ${strict}`] });
    const src = source("nn_loose");
    new api.FlinkSqlJob("nn-where", { statements: [api.sql`INSERT INTO ${keyed("nn_where_out")} SELECT id, v FROM ${src} WHERE id IS NOT NULL`] });
    new api.FlinkSqlJob("nn-where-qualified", { statements: [api.sql`INSERT INTO ${keyed("nn_where_qualified_out")} SELECT s.id, s.v FROM ${src} s WHERE s.v <> 'x' AND s.\`id\` is not null`] });
    new api.FlinkSqlJob("nn-coalesce", { statements: [api.sql`INSERT INTO ${keyed("nn_coalesce_out")} SELECT COALESCE(id, 0), v FROM ${src}`] });
    for (const job of ["nn-strict", "nn-where", "nn-where-qualified", "nn-coalesce"]) expect(jobWarnings(job), job).to.deep.equal([]);
    // A test of another column does not count.
    new api.FlinkSqlJob("nn-where-other", { statements: [api.sql`INSERT INTO ${keyed("nn_where_other_out")} SELECT id, v FROM ${src} WHERE v IS NOT NULL`] });
    expect(jobWarnings("nn-where-other")).to.deep.equal([warning("id", "nn_where_other_out")]);
  });

  it("a 'datagen' column never is NULL unless its null-rate says so", () => {
    const gen = new api.FlinkTable("nn_gen", { columns: cols("BIGINT"), options: { connector: "datagen" } });
    new api.FlinkSqlJob("nn-gen", { statements: [api.sql`INSERT INTO ${keyed("nn_gen_out")} SELECT id, v FROM ${gen}`] });
    expect(jobWarnings("nn-gen")).to.deep.equal([]);
    const nulls = new api.FlinkTable("nn_gen_nulls", { columns: cols("BIGINT"), options: { connector: "datagen", "fields.id.null-rate": "0.1" } });
    new api.FlinkSqlJob("nn-gen-nulls", { statements: [api.sql`INSERT INTO ${keyed("nn_gen_nulls_out")} SELECT id, v FROM ${nulls}`] });
    expect(jobWarnings("nn-gen-nulls")).to.deep.equal([warning("id", "nn_gen_nulls_out")]);
  });

  it("table.exec.sink.not-null-enforcer DROP in the job's configuration: no warning (the rows are dropped, as asked)", () => {
    const src = source("nn_drop_src");
    new api.FlinkSqlJob("nn-drop", { statements: [api.sql`INSERT INTO ${keyed("nn_drop_out")} SELECT id, v FROM ${src}`], configuration: { "table.exec.sink.not-null-enforcer": "drop" } });
    expect(jobWarnings("nn-drop")).to.deep.equal([]);
    new api.FlinkSqlJob("nn-error", { statements: [api.sql`INSERT INTO ${keyed("nn_error_out")} SELECT id, v FROM ${src}`], configuration: { "table.exec.sink.not-null-enforcer": "ERROR" } });
    expect(jobWarnings("nn-error")).to.deep.equal([warning("id", "nn_error_out")]);
  });
});

describe("INSERT from a FlinkTable with a primary key", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("its key columns are NOT NULL as Flink resolves them: no warning into a keyed sink", () => {
    const kafka = {
      connector: "kafka",
      topic: "t",
      "properties.bootstrap.servers": "k:9092",
      "properties.group.id": "g",
      "scan.startup.mode": "earliest-offset",
      format: "debezium-json",
    };
    const changes = new api.FlinkTable("nn_pk_changes", { columns: cols("BIGINT"), primaryKey: ["id"], options: kafka });
    const out = new api.IcebergSink("nn_pk_out", { catalog, database: "db", table: "nn_pk_out", columns: cols("BIGINT"), primaryKey: ["id"], upsertEnabled: true });
    new api.FlinkSqlJob("nn-pk", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${changes}`] });
    expect(jobWarnings("nn-pk")).to.deep.equal([]);
    const unkeyed = new api.FlinkTable("nn_unkeyed_changes", { columns: cols("BIGINT"), options: { ...kafka, format: "json" } });
    const out2 = new api.IcebergSink("nn_unkeyed_out", { catalog, database: "db", table: "nn_unkeyed_out", columns: cols("BIGINT"), primaryKey: ["id"], upsertEnabled: true });
    new api.FlinkSqlJob("nn-unkeyed", { statements: [api.sql`INSERT INTO ${out2} SELECT id, v FROM ${unkeyed}`] });
    expect(jobWarnings("nn-unkeyed")).to.deep.equal([warning("id", "nn_unkeyed_out")]);
  });
});
