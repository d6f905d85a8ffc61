/**
 * A nullable value written as it is into a NOT NULL sink column (a primary key): Flink's sink
 * constraint enforcer (table.exec.sink.not-null-enforcer, default ERROR) fails the job on the
 * first NULL, and the restarted job reads that row again. A preview warning with the ways out.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
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

describe("NOT NULL sink columns: WHERE conditions, NULL values, column lists, the enforcer's settings", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const source = (name: string) => new api.IcebergSource(name, { catalog, database: "db", table: name, columns: cols("BIGINT"), streaming: true });
  const keyed = (name: string) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns: cols("BIGINT"), primaryKey: ["id"], upsertEnabled: true });

  it("a top-level WHERE condition that rejects NULL for the column: no warning", () => {
    const src = source("nw_src");
    let n = 0;
    const job = (where: string, expectWarning: boolean) => {
      const name = `nw-${n++}`;
      const out = keyed(name.replace("-", "_"));
      new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src} s WHERE ${where}`] });
      const expected = expectWarning ? [warning("id", name.replace("-", "_"))] : [];
      return [where, JSON.stringify(jobWarnings(name)) === JSON.stringify(expected)];
    };
    const results = [
      job("id > 0", false),
      job("s.id = 5", false),
      job("NOT id IS NULL", false),
      job("v <> 'x' AND (id >= 10)", false),
      job("id BETWEEN 1 AND 10 AND v = 'x'", false),
      job("id IN (1, 2, 3)", false),
      job("`id` + 1 > 0", false),
      // Nothing here rejects NULL for id:
      job("id IS NOT NULL OR v = 'x'", true),
      job("NOT (id IS NOT NULL)", true),
      job("v = 'id IS NOT NULL'", true),
      job("CASE WHEN id IS NOT NULL THEN TRUE ELSE FALSE END", true),
      job("COALESCE(id, 0) > 0", true),
      job("id IS NULL", true),
      job("v IN (SELECT v FROM nw_src WHERE id IS NOT NULL)", true),
      job("NOT v IS NULL OR id IS NULL", true),
      job("CASE WHEN v = 'x' AND id = 1 THEN FALSE ELSE TRUE END", true),
      job("NOT s.id IS NULL AND v <> 'x'", false),
      job("id > 0 AND v = 'x' OR v = 'y'", true),
      job("v = 'y' OR v = 'x' AND id > 0", true),
      job("id IS NOT NULL = FALSE", true),
      job("CASE WHEN v = 'a' OR v = 'b' THEN TRUE ELSE FALSE END AND id > 0", false),
      job("NOT (id IS NULL)", false),
      job("v <> 'x' AND NOT ( s.`id` IS NULL )", false),
      job("NOT (v IS NULL)", true),
    ];
    expect(results.filter(([, ok]) => !ok)).to.deep.equal([]);
  });

  it("NULL or CAST(NULL AS ...) into a NOT NULL column is an error (every row fails); with DROP a warning (every row dropped)", () => {
    const src = source("nl_src");
    const e = errorOf(() => new api.FlinkSqlJob("nl-cast", { statements: [api.sql`INSERT INTO ${keyed("nl_cast_out")} SELECT CAST(NULL AS BIGINT), v FROM ${src}`] }));
    expect(e.issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      'statements[0]: value 1 of the SELECT list, CAST(NULL AS BIGINT), is NULL in every row and goes into IcebergSink "nl_cast_out"\'s column "id" (BIGINT NOT NULL): ' +
        "Flink fails the job on its first row (\"Column 'id' is NOT NULL, however, a null value is being written into it\"); give the column a value",
    ]);
    const bare = errorOf(() => new api.FlinkSqlJob("nl-bare", { statements: [api.sql`INSERT INTO ${keyed("nl_bare_out")} SELECT NULL, v FROM ${src}`] }));
    expect(bare.issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      'statements[0]: value 1 of the SELECT list, NULL, is NULL in every row and goes into IcebergSink "nl_bare_out"\'s column "id" (BIGINT NOT NULL): ' +
        "Flink fails the job on its first row (\"Column 'id' is NOT NULL, however, a null value is being written into it\"); give the column a value",
    ]);
    new api.FlinkSqlJob("nl-drop", { statements: [api.sql`INSERT INTO ${keyed("nl_drop_out")} SELECT NULL, v FROM ${src}`], configuration: { "table.exec.sink.not-null-enforcer": "DROP" } });
    expect(jobWarnings("nl-drop")).to.deep.equal([
      'statements[0]: value 1 of the SELECT list, NULL, is NULL in every row and goes into IcebergSink "nl_drop_out"\'s column "id" (BIGINT NOT NULL): with table.exec.sink.not-null-enforcer DROP every row is dropped, and the job writes nothing; give the column a value',
    ]);
  });

  it("an enforcer not known at preview (an Output, or a secret map) makes NULL into a NOT NULL column a warning; a CAST(NULL ...) inside a larger expression is no NULL value", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const src = source("nu_src");
    for (const [name, sessionProperties] of [
      ["nu-output", { "table.exec.sink.not-null-enforcer": pulumi.output("DROP") }],
      ["nu-secret-map", pulumi.secret({ "table.exec.sink.not-null-enforcer": "DROP" })],
    ] as const) {
      new api.FlinkSqlJob(name, {
        statements: [api.sql`INSERT INTO ${keyed(name.replace(/-/g, "_"))} SELECT NULL, v FROM ${src}`],
        sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: sessionProperties as unknown as Record<string, string> },
      });
      expect(jobWarnings(name).filter((w) => w.includes("NULL in every row")), name).to.deep.equal([
        `statements[0]: value 1 of the SELECT list, NULL, is NULL in every row and goes into IcebergSink "${name.replace(/-/g, "_")}"'s column "id" (BIGINT NOT NULL): ` +
          "Flink fails the job on its first row (\"Column 'id' is NOT NULL, however, a null value is being written into it\"), or with table.exec.sink.not-null-enforcer DROP every row is dropped, and the job writes nothing " +
          "(table.exec.sink.not-null-enforcer is not known at preview); give the column a value",
      ]);
    }
    const e = errorOf(() => new api.FlinkSqlJob("nu-space", { statements: [api.sql`INSERT INTO ${keyed("nu_space_out")} SELECT id, v FROM ${src}`], configuration: { "table.exec.sink.not-null-enforcer": " DROP" } }));
    expect(e.issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      'configuration["table.exec.sink.not-null-enforcer"]: " DROP" is no value of table.exec.sink.not-null-enforcer: write ERROR (the default: a NULL in a NOT NULL column fails the job) or DROP (such rows are dropped); Flink fails the job when it starts otherwise',
    ]);
    const strict = new api.IcebergSource("nu_flag", { catalog, database: "db", table: "nu_flag", columns: [{ name: "id", type: "BIGINT NOT NULL" }, { name: "v", type: "STRING" }, { name: "f", type: "BOOLEAN NOT NULL" }], streaming: true });
    const flags = new api.IcebergSink("nu_flags_out", { catalog, database: "db", table: "nu_flags_out", columns: [{ name: "id", type: "BIGINT" }, { name: "f", type: "BOOLEAN NOT NULL" }], primaryKey: ["id"], upsertEnabled: true });
    new api.FlinkSqlJob("nu-distinct", { statements: [api.sql`INSERT INTO ${flags} SELECT id, CAST(NULL AS BOOLEAN) IS NOT DISTINCT FROM (v = 'x') FROM ${strict}`] });
    expect(jobWarnings("nu-distinct")).to.deep.equal([]);
  });

  it("a column list that leaves out a NOT NULL column is an error (Flink fills it with NULL and refuses)", () => {
    const src = source("cl_src");
    const e = errorOf(() => new api.FlinkSqlJob("cl-left", { statements: [api.sql`INSERT INTO ${keyed("cl_left_out")} (v) SELECT v FROM ${src}`] }));
    expect(e.issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      'statements[0]: the column list after IcebergSink "cl_left_out" leaves out "id" (BIGINT NOT NULL): Flink fills a column left out with NULL, and refuses a NOT NULL one when the job starts ' +
        "(\"Column 'id' has no default value and does not allow NULLs\"; flink PreValidateReWriter); name it in the list and give it a value",
    ]);
    // A nullable column may be left out.
    const strict = new api.IcebergSource("cl_strict", { catalog, database: "db", table: "cl_strict", columns: cols("BIGINT NOT NULL"), streaming: true });
    new api.FlinkSqlJob("cl-ok", { statements: [api.sql`INSERT INTO ${keyed("cl_ok_out")} (id) SELECT id FROM ${strict}`] });
    expect(jobWarnings("cl-ok")).to.deep.equal([]);
  });

  it("the enforcer set in sessionProperties or kubernetes.flinkConfiguration counts; a value Flink cannot read is an error", () => {
    const src = source("ne_src");
    new api.FlinkSqlJob("ne-gw", {
      statements: [api.sql`INSERT INTO ${keyed("ne_gw_out")} SELECT id, v FROM ${src}`],
      sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: { "table.exec.sink.not-null-enforcer": "drop" } },
    });
    expect(jobWarnings("ne-gw")).to.deep.equal([]);
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("ne-bad", {
          statements: [api.sql`INSERT INTO ${keyed("ne_bad_out")} SELECT id, v FROM ${src}`],
          configuration: { "table.exec.sink.not-null-enforcer": "IGNORE" },
          kubernetes: { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1", mode: "standalone", upgradeMode: "savepoint", savepointDir: "s3://b/sp", checkpointDir: "s3://b/ck", allowNonRestoredState: false, flinkConfiguration: { "table.exec.sink.not-null-enforcer": "TRIM" } },
        }),
    );
    // Each value checked where it is set (and the two places conflict, which the Kubernetes checks report).
    expect(e.issues.map((i) => i.path)).to.deep.equal([
      'configuration["table.exec.sink.not-null-enforcer"]',
      'kubernetes.flinkConfiguration["table.exec.sink.not-null-enforcer"]',
      'kubernetes.flinkConfiguration["table.exec.sink.not-null-enforcer"]',
    ]);
    expect(e.issues.find((i) => i.path.startsWith("configuration"))!.message).to.equal(
      '"IGNORE" is no value of table.exec.sink.not-null-enforcer: write ERROR (the default: a NULL in a NOT NULL column fails the job) or DROP (such rows are dropped); Flink fails the job when it starts otherwise',
    );
  });
});
