/**
 * A FlinkTable's required connector options given by OPTIONS hints (src/sql/required-options.ts):
 * Flink merges a reference's hint into the table's options before the factory checks them
 * (flink CatalogSourceTable, PlannerBase.getTableSink; flink-connector-kafka
 * KafkaDynamicTableFactory.requiredOptions, KafkaConnectorOptionsUtil.validateSourceTopic), so a
 * table whose every reference supplies them is quiet, a reference without them is an error at its
 * statement, and a table no job mentions keeps the error (src/components/unreferenced-tables.ts).
 * Hints need table.dynamic-table-options.enabled (src/sql/hint-switch.ts).
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { program, runCli } from "./cli-helper.js";
import { errorOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { logUnreferencedTables, unreferencedTableErrors } from "../src/components/unreferenced-tables.js";

const MERGE = "(Flink merges the hint into the options before it checks them)";
const TOPIC = "the 'kafka' connector needs 'topic' (or 'topic-pattern')";
const SERVERS = "the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers)";
const FORMAT = "the 'kafka' connector needs 'format' (or 'value.format'), e.g. 'json' or 'debezium-json'";

describe("required connector options given by OPTIONS hints", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }];
  let n = 0;
  /** A 'kafka' table with a group (no read warning), lacking what `omit` names. */
  const kafka = (omit: string[], extra: Record<string, string> = {}) => {
    const all: Record<string, string> = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", ...extra };
    for (const k of omit) delete all[k];
    return new api.FlinkTable(`ro_k${++n}`, { columns: cols, options: all });
  };
  const sink = () => new api.FlinkTable(`ro_out${++n}`, { columns: cols, options: { connector: "blackhole" } });
  const source = () => new api.FlinkTable(`ro_gen${++n}`, { columns: cols, options: { connector: "datagen" } });
  const job = (statements: ReturnType<Api["sql"]>[], configuration?: Record<string, string>) =>
    issuesOrNone(() => new api.FlinkSqlJob(`ro-job${++n}`, { statements, ...(configuration ? { configuration } : {}) })).map((i) => [i.path, i.message]);
  const at = (verb: "reads" | "writes", label: string, keys: string, hinted: boolean, need: string, example: string): string =>
    `${verb} FlinkTable "${label}", whose options lack ${keys}, and ${hinted ? "this statement's OPTIONS hint on it does not set it" : "this statement gives no OPTIONS hint on it"}: ` +
    `${need} (Flink checks this when the statement ${verb} the table); set it in the table's options, or in a hint right after the table in this statement: /*+ OPTIONS(${example}) */`;

  it("every reference supplies them by hint: no error, reads and writes alike, and the table is not reported at the program's end", () => {
    const k = kafka(["topic", "properties.bootstrap.servers", "format"]);
    const labels = [`FlinkTable "ro_k${n}"`];
    const out = kafka(["topic"]);
    labels.push(`FlinkTable "ro_k${n}"`);
    expect(
      job([
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('topic' = 'a', 'properties.bootstrap.servers' = 'k:9092', 'format' = 'json') */`,
        api.sql`INSERT INTO ${out} /*+ OPTIONS('topic' = 'b') */ SELECT id FROM ${k} /*+ OPTIONS('topic-pattern' = 'a.*', 'properties.bootstrap.servers' = 'k:9092', 'value.format' = 'json') */`,
      ]),
    ).to.deep.equal([]);
    expect(unreferencedTableErrors().filter((e) => labels.includes(e.resource!))).to.deep.equal([]);
  });

  it("a reference without them is an error at its statement, naming the table and the option; partial hints name what is still missing", () => {
    const k = kafka(["topic", "format"]);
    const label = `ro_k${n}`;
    expect(
      job([
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('topic' = 'a', 'format' = 'json') */`,
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k}`,
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('topic' = 'a') */`,
      ]),
    ).to.deep.equal([
      ["statements[1]", at("reads", label, "'topic' or 'topic-pattern'", false, TOPIC, "'topic' = '...'")],
      ["statements[1]", at("reads", label, "'format' or 'value.format'", false, FORMAT, "'format' = '...'")],
      ["statements[2]", at("reads", label, "'format' or 'value.format'", true, FORMAT, "'format' = '...'")],
    ]);
  });

  it("an INSERT target without them is an error that says the statement writes it; a self-join is reported once", () => {
    const out = kafka(["properties.bootstrap.servers"]);
    const label = `ro_k${n}`;
    const src = source();
    expect(job([api.sql`INSERT INTO ${out} SELECT id FROM ${src}`])).to.deep.equal([["statements[0]", at("writes", label, "'properties.bootstrap.servers'", false, SERVERS, "'properties.bootstrap.servers' = '...'")]]);
    const k = kafka(["topic"]);
    const joined = `ro_k${n}`;
    expect(job([api.sql`INSERT INTO ${sink()} SELECT a.id FROM ${k} a JOIN ${k} b ON a.id = b.id`])).to.deep.equal([["statements[0]", at("reads", joined, "'topic' or 'topic-pattern'", false, TOPIC, "'topic' = '...'")]]);
  });

  it("a view that no INSERT reads still reads the table: Flink plans the view's query when the script creates it, so a mention without the option is an error at the CREATE VIEW; a hint there is enough", () => {
    // flink-table-planner SqlNodeConvertUtils.toCatalogView -> toQueryOperation -> toRelRoot: CatalogSourceTable.toRel creates the source, whose factory checks the options.
    const k = kafka(["topic"]);
    const label = `ro_k${n}`;
    expect(job([api.sql`CREATE TEMPORARY VIEW unread AS SELECT id FROM ${k}`, api.sql`INSERT INTO ${sink()} SELECT id FROM ${source()}`])).to.deep.equal([
      ["statements[0]", at("reads", label, "'topic' or 'topic-pattern'", false, TOPIC, "'topic' = '...'")],
    ]);
    expect(job([api.sql`CREATE TEMPORARY VIEW hinted AS SELECT id FROM ${k} /*+ OPTIONS('topic' = 'a') */`, api.sql`INSERT INTO ${sink()} SELECT id FROM hinted`])).to.deep.equal([]);
  });

  it("upsert-kafka's two formats: the hint's missing one is named", () => {
    const u = new api.FlinkTable(`ro_u${++n}`, { columns: cols, primaryKey: ["id"], options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092" } });
    const label = `ro_u${n}`;
    const need = "the 'upsert-kafka' connector needs 'key.format' and 'value.format' (e.g. 'json')";
    expect(job([api.sql`INSERT INTO ${u} /*+ OPTIONS('key.format' = 'json', 'value.format' = 'json') */ SELECT id FROM ${source()}`])).to.deep.equal([]);
    expect(job([api.sql`INSERT INTO ${u} /*+ OPTIONS('key.format' = 'json') */ SELECT id FROM ${source()}`])).to.deep.equal([["statements[0]", at("writes", label, "'value.format'", true, need, "'value.format' = '...'")]]);
  });

  it("a table no job mentions keeps the error: pulumi preview logs it on the table at the program's end", async () => {
    const lonely = kafka(["topic", "format"]);
    void lonely;
    const label = `FlinkTable "ro_k${n}"`;
    const found = unreferencedTableErrors().find((e) => e.resource === label);
    expect(found?.issues).to.deep.equal([
      { path: "options", message: `${TOPIC}; or give it in an OPTIONS hint after the table in every statement that reads or writes it ${MERGE}` },
      { path: "options", message: `${FORMAT}; or give it in an OPTIONS hint after the table in every statement that reads or writes it ${MERGE}` },
    ]);
    const log = pulumi.log as unknown as { error: (m: string, r?: unknown) => Promise<void> };
    const original = log.error;
    const logged: string[] = [];
    log.error = async (m: string) => void logged.push(m);
    try {
      await logUnreferencedTables();
    } finally {
      log.error = original;
    }
    expect(logged.filter((m) => m.startsWith(label))).to.deep.equal([found!.message]);
    // Mentioned by a later job (even one that fails for another reason), it is the job's to judge.
    errorOf(() => new api.FlinkSqlJob(`ro-job${++n}`, { statements: [api.sql`INSERT INTO ${sink()} SELECT id FROM ${lonely}`], parallelism: 0 }));
    expect(unreferencedTableErrors().map((e) => e.resource)).to.not.include(label);
  });

  it("table.dynamic-table-options.enabled false: a read through a hint fails (flink CatalogSourceTable); unset or true, and a hint on the INSERT target, stay quiet", () => {
    const k = kafka([]);
    const label = `ro_k${n}`;
    const hinted = () => api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */`;
    expect(job([hinted()], { "table.dynamic-table-options.enabled": "FALSE" })).to.deep.equal([
      [
        "statements[0]",
        `reads FlinkTable "${label}" through an OPTIONS hint while configuration["table.dynamic-table-options.enabled"] is "FALSE", and Flink refuses the statement ("The 'OPTIONS' hint is allowed only when the config option 'table.dynamic-table-options.enabled' is set to true.", flink CatalogSourceTable); ` +
          "remove that entry (the default is true), or move the hint's options into the table's own options",
      ],
    ]);
    expect(job([hinted()], { "table.dynamic-table-options.enabled": "true" })).to.deep.equal([]);
    expect(job([hinted()])).to.deep.equal([]);
    const out = kafka([]);
    expect(job([api.sql`INSERT INTO ${out} /*+ OPTIONS('sink.parallelism' = '2') */ SELECT id FROM ${source()}`], { "table.dynamic-table-options.enabled": "false" })).to.deep.equal([]);
  });

  it("table.dynamic-table-options.enabled false in kubernetes.flinkConfiguration or sqlGateway.sessionProperties: the same error, naming that entry; the job's configuration (its SET line) wins over both", () => {
    const k = kafka([]);
    const label = `ro_k${n}`;
    const hinted = () => api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */`;
    const targeted = (target: Record<string, unknown>, configuration?: Record<string, string>) =>
      issuesOrNone(() => new api.FlinkSqlJob(`ro-job${++n}`, { statements: [hinted()], ...target, ...(configuration ? { configuration } : {}) })).map((i) => [i.path, i.message]);
    const refused = (path: string, value: string) => [
      [
        "statements[0]",
        `reads FlinkTable "${label}" through an OPTIONS hint while ${path} is "${value}", and Flink refuses the statement ("The 'OPTIONS' hint is allowed only when the config option 'table.dynamic-table-options.enabled' is set to true.", flink CatalogSourceTable); ` +
          "remove that entry (the default is true), or move the hint's options into the table's own options",
      ],
    ];
    const kube = (flinkConfiguration: Record<string, unknown>) => ({ kubernetes: { namespace: "f", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1", flinkConfiguration } });
    const gateway = (sessionProperties: unknown) => ({ sqlGateway: { endpoint: "http://gw:8083", sessionProperties } });
    expect(targeted(kube({ "table.dynamic-table-options.enabled": "false" }))).to.deep.equal(refused('kubernetes.flinkConfiguration["table.dynamic-table-options.enabled"]', "false"));
    expect(targeted(gateway({ "table.dynamic-table-options.enabled": "False" }))).to.deep.equal(refused('sqlGateway.sessionProperties["table.dynamic-table-options.enabled"]', "False"));
    // The job's configuration renders a SET line, which wins over the cluster's and the session's setting: no hint error,
    // only the conflict between the two places (job-config.ts).
    const conflict = (path: string, why = "") => [[path, `conflicts with the job's configuration ("true" there, "false" here${why}): set it in one place`]];
    expect(targeted(kube({ "table.dynamic-table-options.enabled": "false" }), { "table.dynamic-table-options.enabled": "true" })).to.deep.equal(conflict('kubernetes.flinkConfiguration["table.dynamic-table-options.enabled"]'));
    expect(targeted(gateway({ "table.dynamic-table-options.enabled": "false" }), { "table.dynamic-table-options.enabled": "true" })).to.deep.equal(conflict('sqlGateway.sessionProperties["table.dynamic-table-options.enabled"]', "; the script's SET line would win"));
    // True, unset, or not known at preview (an Output): quiet.
    expect(targeted(kube({ "table.dynamic-table-options.enabled": "true" }))).to.deep.equal([]);
    expect(targeted(gateway({ "pipeline.name": "x" }))).to.deep.equal([]);
    expect(targeted(gateway({ "table.dynamic-table-options.enabled": pulumi.output("false") }))).to.deep.equal([]);
  });
});

describe("flink-iceberg synth: a FlinkTable without a required option that no job mentions", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-required-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const HEAD = `import { FlinkSqlJob, FlinkTable, sql } from "pulumi-flink-iceberg";\n`;
  const TABLES = `const k = new FlinkTable("k", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "kafka", "properties.bootstrap.servers": "kafka:9092", format: "json", "properties.group.id": "g", "scan.startup.mode": "earliest-offset" } });
const g = new FlinkTable("g", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
const out = new FlinkTable("out", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
`;

  it("is listed with the program's errors and nothing is written; mentioned with a hint that gives it, the program synthesizes", async () => {
    const out = path.join(tmp, "lonely-out");
    const r = await runCli(["synth", program(path.join(tmp, "lonely"), HEAD + TABLES + "new FlinkSqlJob(\"j\", { statements: [sql`INSERT INTO ${out} SELECT id FROM ${g}`] });\n"), "--out", out]);
    expect(r.code).to.equal(1);
    expect(fs.existsSync(out)).to.equal(false);
    expect(r.stderr.split("\n").filter((l) => l.startsWith("  "))).to.deep.equal([`  FlinkTable "k": options: ${TOPIC}; or give it in an OPTIONS hint after the table in every statement that reads or writes it ${MERGE}`]);
    const ok = path.join(tmp, "hinted-out");
    const fine = await runCli(["synth", program(path.join(tmp, "hinted"), HEAD + TABLES + "new FlinkSqlJob(\"j\", { statements: [sql`INSERT INTO ${out} SELECT id FROM ${k} /*+ OPTIONS('topic' = 'orders') */`] });\n"), "--out", ok]);
    expect(fine.code, fine.stderr).to.equal(0);
    expect(fs.readFileSync(path.join(ok, "j", "job.sql"), "utf8")).to.contain("FROM `k` /*+ OPTIONS('topic' = 'orders') */");
  });
});
