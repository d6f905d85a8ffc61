/**
 * The statements of a sql-client / SQL runner script that a FlinkSqlJob does not take (SET, RESET,
 * a statement set block, EXECUTE INSERT, CREATE VIEW without TEMPORARY, CREATE TABLE, USE CATALOG,
 * ADD JAR, a bare query) each say what to write instead, so a ported script can be fixed from the
 * message alone; the remedy for SET renders the same SET line.
 */
import { expect } from "chai";
import { issuesOf, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql } from "./sql-validate.js";

const catalog = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "v", type: "STRING" },
];
const KINDS = "a FlinkSqlJob statement is INSERT INTO, INSERT OVERWRITE (batch), CREATE TEMPORARY VIEW or CREATE TEMPORARY FUNCTION; ";
const SET_REMEDY =
  "write each INSERT as its own sql`INSERT INTO ${sink} ...` entry of `statements`: a job with several INSERTs renders them as one EXECUTE STATEMENT SET BEGIN ... END block";

describe("statements of a ported script that a job does not take say what to write instead", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("SET, RESET, statement sets, EXECUTE INSERT, CREATE VIEW / TABLE / FUNCTION, USE CATALOG, ADD JAR and a bare query", () => {
    const gen = new api.FlinkTable("sr_gen", { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    const a = new api.IcebergSink("sr_a", { catalog, database: "d", table: "a", columns: cols });
    const b = new api.IcebergSink("sr_b", { catalog, database: "d", table: "b", columns: cols });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("sr-job", {
          statements: [
            api.sql`SET 'execution.runtime-mode' = 'batch';`,
            api.sql`-- state
SET 'table.exec.state.ttl' = '1 d'`,
            api.sql`SET pipeline.name = nightly`,
            api.sql`RESET 'table.exec.state.ttl'`,
            api.sql`EXECUTE STATEMENT SET BEGIN
INSERT INTO ${a} SELECT * FROM ${gen};
INSERT INTO ${b} SELECT * FROM ${gen};
END;`,
            api.sql`BEGIN STATEMENT SET;`,
            api.sql`EXECUTE INSERT INTO ${a} SELECT * FROM ${gen}`,
            api.sql`CREATE VIEW v AS SELECT * FROM ${gen}`,
            api.sql`CREATE FUNCTION f AS 'com.example.F'`,
            api.sql`CREATE TEMPORARY TABLE t (id INT) WITH ('connector' = 'datagen')`,
            api.sql`USE CATALOG lake`,
            api.sql`ADD JAR '/opt/x.jar'`,
            api.sql`SELECT * FROM ${gen}`,
          ],
        }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["statements[0]", `unsupported statement "SET 'execution.runtime-mode' = 'batch'": ${KINDS}the runtime mode is the job's runtimeMode prop: write runtimeMode: "batch" (the job is checked here as a batch job; the deploy target applies it; the 1.19/1.20 SQL runner fails on SET to batch)`],
      [
        "statements[1]",
        `unsupported statement "-- state\\nSET 'table.exec.state.ttl' = '1 d'": ${KINDS}write configuration: { "table.exec.state.ttl": "1 d" } in the job's props, which renders SET 'table.exec.state.ttl' = '1 d'; (and applies it on the deploy target)`,
      ],
      ["statements[2]", `unsupported statement "SET pipeline.name = nightly": ${KINDS}write configuration: { "pipeline.name": "nightly" } in the job's props, which renders SET 'pipeline.name' = 'nightly'; (and applies it on the deploy target)`],
      ["statements[3]", `unsupported statement "RESET 'table.exec.state.ttl'": ${KINDS}leave it out: a job's configuration holds for the whole script; remove the key from \`configuration\` instead`],
      ["statements[4]", `unsupported statement "EXECUTE STATEMENT SET BEGIN\\nINSERT INTO \`sr_a\` SELECT * FROM": ${KINDS}${SET_REMEDY}`],
      ["statements[5]", `cannot be read: a statement set without END; ${SET_REMEDY}`],
      ["statements[6]", `unsupported statement "EXECUTE INSERT INTO \`sr_a\` SELECT * FROM \`sr_gen\`": ${KINDS}leave out EXECUTE: write sql\`INSERT INTO \${sink} ...\``],
      [
        "statements[7]",
        `unsupported statement "CREATE VIEW v AS SELECT * FROM \`sr_gen\`": ${KINDS}write CREATE TEMPORARY VIEW name AS ... (a job's views are temporary: a CREATE VIEW in a session whose current catalog persists views would outlive the job, and a second run fails on the existing view)`,
      ],
      ["statements[8]", `unsupported statement "CREATE FUNCTION f AS 'com.example.F'": ${KINDS}write CREATE TEMPORARY FUNCTION name AS '...' (a job's functions are temporary)`],
      [
        "statements[9]",
        `unsupported statement "CREATE TEMPORARY TABLE t (id INT) WITH ('connector' = 'datag": ${KINDS}declare the table as an IcebergSource, IcebergSink or FlinkTable and interpolate it into the statements with \${table}: the job renders its CREATE TABLE`,
      ],
      [
        "statements[10]",
        `unsupported statement "USE CATALOG lake": ${KINDS}leave it out: an Iceberg table names its catalog in the \`catalog\` prop of IcebergSource / IcebergSink, and the statements refer to every table with \${table}`,
      ],
      ["statements[11]", `unsupported statement "ADD JAR '/opt/x.jar'": ${KINDS}leave it out: put the jar into the Flink image (kubernetes.image) or the session cluster's lib/ folder`],
      ["statements[12]", `unsupported statement "SELECT * FROM \`sr_gen\`": ${KINDS}a query alone writes nothing in a job: write sql\`INSERT INTO \${sink} SELECT ...\` with a sink component`],
    ]);
  });

  it("the remedies run: configuration renders the SET line, the INSERTs of the set become one statement set, TEMPORARY VIEW is taken", async () => {
    const gen = new api.FlinkTable("sr2_gen", { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    const a = new api.IcebergSink("sr2_a", { catalog, database: "d", table: "a", columns: cols });
    const b = new api.IcebergSink("sr2_b", { catalog, database: "d", table: "b", columns: cols });
    const job = new api.FlinkSqlJob("sr2-job", {
      runtimeMode: "batch",
      configuration: { "table.exec.state.ttl": "1 d" },
      statements: [api.sql`CREATE TEMPORARY VIEW v AS SELECT * FROM ${gen}`, api.sql`INSERT INTO ${a} SELECT * FROM v`, api.sql`INSERT INTO ${b} SELECT * FROM v`],
    });
    const script = await settle(job.script);
    expect(script).to.contain("SET 'table.exec.state.ttl' = '1 d';\n");
    expect(script).to.contain("EXECUTE STATEMENT SET\nBEGIN\nINSERT INTO `sr2_a` SELECT * FROM v;\nINSERT INTO `sr2_b` SELECT * FROM v;\nEND;\n");
    expectValidFlinkSql(script);
  });

  it("SET 'execution.runtime-mode' = 'batch' without runtimeMode: the job is checked as a batch job, so its one error says what to change and no streaming-only error joins it", () => {
    const src = new api.IcebergSource("sr3_src", { catalog, database: "d", table: "src", columns: cols });
    const sink = new api.IcebergSink("sr3_out", { catalog, database: "d", table: "out", columns: cols });
    // Another table: an INSERT OVERWRITE and an INSERT INTO of one unpartitioned table in a batch job are an error of their own (overwrite-conflicts.ts).
    const rebuilt = new api.IcebergSink("sr3_rebuilt", { catalog, database: "d", table: "rebuilt", columns: cols });
    const statements = (set: string) => [
      `-- backfill\n${set}`,
      api.sql`INSERT INTO ${sink} SELECT id, MAX(v) FROM ${src} GROUP BY id`,
      api.sql`INSERT OVERWRITE ${rebuilt} SELECT id, v FROM ${src}`,
    ];
    const remedy = (mode: string, checked: boolean) =>
      `write runtimeMode: "${mode}" (${checked ? `the job is checked here as a ${mode} job; ` : ""}the deploy target applies it; the 1.19/1.20 SQL runner fails on SET to batch)`;
    const batch = issuesOf(() => new api.FlinkSqlJob("sr3-batch", { statements: statements("SET execution.runtime-mode = BATCH;") })).map((i) => [i.path, i.message]);
    expect(batch).to.deep.equal([
      ["statements[0]", `unsupported statement "-- backfill\\nSET execution.runtime-mode = BATCH": ${KINDS}the runtime mode is the job's runtimeMode prop: ${remedy("batch", true)}`],
    ]);
    // runtimeMode wins over the SET: checked as a streaming job, the INSERT OVERWRITE and the unwindowed aggregation are errors too.
    const explicit = issuesOf(() => new api.FlinkSqlJob("sr3-explicit", { runtimeMode: "streaming", statements: statements("SET 'execution.runtime-mode' = 'batch'") }));
    expect(explicit.map((i) => i.path)).to.deep.equal(["statements[0]", "statements[1]", "statements[2]"]);
    expect(explicit[0]!.message).to.equal(`unsupported statement "-- backfill\\nSET 'execution.runtime-mode' = 'batch'": ${KINDS}the runtime mode is the job's runtimeMode prop: ${remedy("batch", false)}`);
    expect(explicit[1]!.message).to.contain("aggregates without a window");
    expect(explicit[2]!.message).to.contain("needs runtimeMode \"batch\"");
    // A SET of any other key leaves the job streaming.
    const other = issuesOf(() => new api.FlinkSqlJob("sr3-other", { statements: statements("SET 'pipeline.name' = 'batch'") }));
    expect(other.map((i) => i.path)).to.deep.equal(["statements[0]", "statements[1]", "statements[2]"]);
  });
});
