/**
 * synth lists every Pulumi secret that would land in plain text in one run: each table's DDL is
 * awaited on its own (a job's script fails with the first table it meets), also when other
 * resources have errors of their own (src/cli/synth.ts tableFailures).
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { HEADER, program, runCli } from "./cli-helper.js";

const TABLES = `const a = new FlinkTable("a", { columns: [{ name: "id", type: "BIGINT" }],
  options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": pulumi.secret("k:9092"), "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json" } });
const b = new FlinkTable("b", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "kafka", topic: pulumi.secret("clicks"), "properties.bootstrap.servers": "k:9092", format: "json" } });
const s = new IcebergSink("s", { catalog: { name: "lake", type: "rest", uri: pulumi.secret("http://r:8181"), warehouse: "s3://w" }, database: "db", table: "t", columns: [{ name: "id", type: "BIGINT" }] });
`;
const JOB = "new FlinkSqlJob(\"j\", { statements: [sql`INSERT INTO ${b} SELECT id FROM ${a}`, sql`INSERT INTO ${s} SELECT id FROM ${a}`] });\n";

/** Each stderr line cut after its path (resource: path). */
const heads = (stderr: string): string[] =>
  stderr
    .trim()
    .split("\n")
    .map((l) => l.split(": ").slice(0, 2).join(": "));

describe("flink-iceberg synth: every secret that would be plain text, in one run", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-secrets-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("each table's secret option is its own line, not only the first one a job's script meets; no Node warning about late handling", async () => {
    const dir = program(path.join(tmp, "three"), HEADER + TABLES + JOB);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "three-out")]);
    expect(r.code).to.equal(1);
    expect(heads(r.stderr)).to.deep.equal([
      "flink-iceberg synth: a job failed to render; nothing was written:",
      '  FlinkTable "a": options["properties.bootstrap.servers"]',
      '  FlinkTable "b": options["topic"]',
      '  IcebergSink "s": catalog.uri',
    ]);
    expect(r.stderr).not.to.contain("PromiseRejectionHandledWarning");
  });

  it("with another resource's own errors, the secrets are listed in the same run", async () => {
    const bad = 'new FlinkTable("bad", { columns: [{ name: "id", type: "BIGNT" }], options: { connector: "print" } });\n';
    const dir = program(path.join(tmp, "mixed"), HEADER + TABLES + bad + JOB);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "mixed-out")]);
    expect(r.code).to.equal(1);
    expect(heads(r.stderr).slice(1)).to.deep.equal([
      '  FlinkTable "bad": columns[0].type',
      '  FlinkTable "a": options["properties.bootstrap.servers"]',
      '  FlinkTable "b": options["topic"]',
      '  IcebergSink "s": catalog.uri',
    ]);
    // A secret that names no credential is told to be a plain value (a credential key is refused with any value, at construction).
    expect(r.stderr).to.contain(
      'FlinkTable "b": options["topic"]: is a Pulumi secret, and the WITH clause is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap); ' +
        '"topic" names no credential: pass a plain value (pulumi.unsecret(value), or read the config value with require instead of requireSecret)\n',
    );
  });

  it("a table with errors of its own: its secrets are listed in the same run, after the errors", async () => {
    const failing = `const ev = new FlinkTable("events", { columns: [{ name: "id", type: "BIGINT" }],
  options: { connector: "kafka", topic: pulumi.secret("events"), "properties.bootstrap.servers": "kafka:9092", "scan.startup.mode": "earliest", format: "json" } });
const s = new IcebergSink("s", { catalog: { name: "lake", type: "rest", uri: pulumi.secret("http://r:8181"), warehouse: "s3://w" }, database: "db", table: "t", writeFormat: "parq" as "parquet", columns: [{ name: "id", type: "BIGINT" }] });
new FlinkSqlJob("j", { statements: [sql\`INSERT INTO \${s} SELECT id FROM \${ev}\`] });
`;
    const dir = program(path.join(tmp, "failing"), HEADER + failing);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "failing-out")]);
    expect(r.code).to.equal(1);
    expect(heads(r.stderr).slice(1)).to.deep.equal([
      '  FlinkTable "events": options["scan.startup.mode"]',
      '  IcebergSink "s": writeFormat',
      '  FlinkSqlJob "j": statements',
      '  FlinkTable "events": options["topic"]',
      '  IcebergSink "s": catalog.uri',
    ]);
  });

  it("a credential key refused with any value is not reported a second time as a secret", async () => {
    const jaas = `const c = new FlinkTable("c", { columns: [{ name: "id", type: "BIGINT" }],
  options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json",
    "properties.security.protocol": "SASL_SSL", "properties.sasl.mechanism": "PLAIN",
    "properties.sasl.jaas.config": pulumi.secret('org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="p";') } });
const o = new FlinkTable("o", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "print" } });
new FlinkSqlJob("j", { statements: [sql\`INSERT INTO \${o} SELECT id FROM \${c}\`] });
`;
    const dir = program(path.join(tmp, "jaas"), HEADER + jaas);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "jaas-out")]);
    expect(r.code).to.equal(1);
    expect(heads(r.stderr).slice(1)).to.deep.equal(['  FlinkTable "c": options["properties.sasl.jaas.config"]', '  FlinkSqlJob "j": statements']);
  });
});
