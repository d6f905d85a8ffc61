/**
 * A Pulumi secret interpolated into a statement (src/components/statement-secrets.ts) is reported in
 * the same run as the job's other errors, once per statement, at `statements[i]`: under Pulumi's
 * mocks (what `pulumi preview` runs) a job that throws at construction lists it in its thrown error
 * once its secrecy is known (one message; logged on its own only when the error was shown first); a valid job's script fails with every such statement listed; synth lists it next to every
 * other resource's errors, in either order and for several jobs, and writes nothing.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { errorOf, mockedApi, type Api } from "./api.js";
import { program, runCli } from "./cli-helper.js";
import { flush, settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";

/** The message for a job with a kubernetes target (credentialEnvironment("kubernetes")). */
const ON_KUBERNETES =
  "interpolates a Pulumi secret (${output}, or sqlLiteral of one), and the script is plain text (the runners log every statement; the Kubernetes target stores it in a ConfigMap): " +
  "a value that is no credential (a tenant, a filter value) goes in as plain text (config.require instead of requireSecret, or pulumi.unsecret(value)); " +
  "a credential is no part of a statement: pass it as an environment variable of the Flink pods, from a Kubernetes Secret (kubernetes.envFromSecrets), then reference it in the option that reads it " +
  "(${env:NAME} in a Kafka option, env:NAME in an Iceberg REST catalog property; README: Credentials)";
/** The same without a deploy target: the environment of both targets is named. */
const WITHOUT_TARGET = ON_KUBERNETES.replace(
  "as an environment variable of the Flink pods, from a Kubernetes Secret (kubernetes.envFromSecrets)",
  "as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster is deployed)",
);

describe("a Pulumi secret interpolated into a statement, under Pulumi's mocks (pulumi preview)", () => {
  let api: Api;
  const logged: string[] = [];
  const log = pulumi.log as unknown as { error: (m: string) => Promise<void> };
  const original = log.error;
  before(async () => {
    api = await mockedApi();
    log.error = async (m: string) => void logged.push(m);
  });
  after(() => (log.error = original));
  beforeEach(() => (logged.length = 0));

  const tables = (p: string) => ({
    src: new api.FlinkTable(`${p}_src`, { columns: [{ name: "id", type: "BIGINT" }, { name: "tenant", type: "STRING" }], options: { connector: "datagen" } }),
    out: new api.FlinkTable(`${p}_out`, { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } }),
  });
  const k8s = { namespace: "flink", image: "flink:2.1", flinkVersion: "v2_1" as const };

  it("a job that throws for another error: once secrecy is known, the thrown error lists the secret statement too (one message), nothing is logged", async () => {
    const { src, out } = tables("ss1");
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("ss1", {
          statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE tenant = ${api.sqlLiteral(pulumi.secret("acme"))}`],
          parallelism: 0,
          kubernetes: k8s,
        }),
    );
    expect(e.issues.map((i) => i.path)).to.deep.equal(["parallelism"]);
    const parallelism = e.issues[0]!;
    // Pulumi shows the error from the program's unhandled rejection, after the microtask queue drains (flush: later still).
    await flush();
    expect(e.issues).to.deep.equal([parallelism, { path: "statements[0]", message: ON_KUBERNETES }]);
    const expected = `FlinkSqlJob "ss1": 2 problems:\n  - FlinkSqlJob "ss1": parallelism: ${parallelism.message}\n  - FlinkSqlJob "ss1": statements[0]: ${ON_KUBERNETES}`;
    expect(e.message).to.equal(expected);
    expect(e.stack!.startsWith(`FlinkIcebergValidationError: ${expected}\n    at `)).to.equal(true);
    expect(logged).to.deep.equal([]);
  });

  it("as Pulumi shows a program's throw (its run's unhandled rejection, raised once the microtask queue drains), the error already lists the secret statement", async () => {
    const { src, out } = tables("ss6");
    let seen: string | undefined;
    const listener = (reason: unknown): void => {
      // What Pulumi's uncaughtHandler prints (defaultErrorMessage reads the stack).
      if (reason instanceof Error && reason.message.includes('"ss6"')) seen = reason.stack;
    };
    process.on("unhandledRejection", listener);
    try {
      void (async () => {
        new api.FlinkSqlJob("ss6", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE tenant = ${api.sqlLiteral(pulumi.secret("acme"))}`, api.sql`INSERT INTO ${out} SELECT nope FROM ${src}`], kubernetes: k8s });
      })();
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off("unhandledRejection", listener);
    }
    drainUnhandled();
    expect(seen?.split("\n").filter((l) => l.startsWith("  - ")).map((l) => l.split(": ").slice(0, 2).join(": "))).to.deep.equal([
      '  - FlinkSqlJob "ss6": statements[0]',
      '  - FlinkSqlJob "ss6": statements[1]',
    ]);
    expect(logged).to.deep.equal([]);
  });

  it("a thrown error shown before secrecy is known (a resource's secret Output) keeps its issues; the secret statements are logged on their own", async () => {
    const { src, out } = tables("ss5");
    let resolve!: (v: string) => void;
    const late = pulumi.secret(new Promise<string>((r) => (resolve = r)));
    const e = errorOf(() => new api.FlinkSqlJob("ss5", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE tenant = ${api.sqlLiteral(late)}`], parallelism: 0, kubernetes: k8s }));
    // What Pulumi's report of the thrown error reads.
    const shown = e.stack!;
    resolve("acme");
    await flush();
    expect(e.issues.map((i) => i.path)).to.deep.equal(["parallelism"]);
    expect(e.stack).to.equal(shown);
    expect(logged).to.deep.equal([`FlinkSqlJob "ss5": statements[0]: ${ON_KUBERNETES}`]);
  });

  it("several statements with secrets: one entry each, in statement order among the statement problems (the others keep their slots); a plain Output and a statement without one are not named", async () => {
    const { src, out } = tables("ss2");
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("ss2", {
          statements: [
            api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE tenant = ${api.sqlLiteral(pulumi.secret("a"))} OR tenant = ${api.sqlLiteral(pulumi.secret("b"))}`,
            api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE id > ${pulumi.output(5)}`,
            api.sql`INSERT INTO ${out} SELECT id FROM ${src}`,
            api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE id > ${pulumi.secret(3)}`,
          ],
          configuration: { "execution.runtime-mode": "streaming" },
        }),
    );
    const before = [...e.issues];
    await flush();
    expect(e.issues).to.deep.equal([
      ...before,
      { path: "statements[0]", message: WITHOUT_TARGET },
      { path: "statements[3]", message: WITHOUT_TARGET },
    ]);
    expect(before.map((i) => i.path)).to.deep.equal(['configuration["execution.runtime-mode"]']);
    expect(logged).to.deep.equal([]);
  });

  it("a job that throws with only plain Outputs logs nothing", async () => {
    const { src, out } = tables("ss3");
    errorOf(() => new api.FlinkSqlJob("ss3", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE tenant = ${api.sqlLiteral(pulumi.output("acme"))}`], parallelism: 0 }));
    await flush();
    expect(logged).to.deep.equal([]);
  });

  it("a valid job: its script fails with every statement that holds a secret, and nothing is logged", async () => {
    const { src, out } = tables("ss4");
    const job = new api.FlinkSqlJob("ss4", {
      statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE id > ${pulumi.secret(1)}`, api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE id < ${pulumi.secret(9)}`],
    });
    const rejected = await settle(job.script).then(
      () => undefined,
      (e: unknown) => e as InstanceType<Api["FlinkIcebergValidationError"]>,
    );
    expect(rejected?.issues).to.deep.equal([
      { path: "statements[0]", message: WITHOUT_TARGET },
      { path: "statements[1]", message: WITHOUT_TARGET },
    ]);
    await new Promise((r) => setTimeout(r, 50));
    // Pulumi reports the failed script where the job registers it.
    for (const f of drainUnhandled()) expect(String(f)).to.contain('FlinkSqlJob "ss4": 2 problems:');
    expect(logged).to.deep.equal([]);
  });
});

describe("flink-iceberg synth: a secret in a statement is listed with the program's other errors", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-stmt-secrets-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const HEAD = `import * as pulumi from "@pulumi/pulumi";\nimport { FlinkSqlJob, FlinkTable, IcebergSink, sql, sqlLiteral } from "pulumi-flink-iceberg";\n`;
  const LAKE = `const lake = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181", warehouse: "s3://lake/wh" };\n`;
  /** A Kafka table over SSL with the truststore password in plain text (its own error). */
  const KAFKA = `const k = new FlinkTable("k", { columns: [{ name: "id", type: "BIGINT" }, { name: "tenant", type: "STRING" }],
  options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "kafka:9093", "properties.group.id": "g",
    "scan.startup.mode": "earliest-offset", format: "json", "properties.security.protocol": "SSL",
    "properties.ssl.truststore.location": "/certs/ts.jks", "properties.ssl.truststore.password": "changeit" } });
`;
  const SINK = `const s = new IcebergSink("s", { catalog: lake, database: "d", table: "t", columns: [{ name: "id", type: "BIGINT" }] });\n`;
  const JOB = (name: string, from: string) =>
    `new FlinkSqlJob("${name}", { statements: [sql\`INSERT INTO \${s} SELECT id FROM \${${from}} WHERE tenant = \${sqlLiteral(pulumi.secret("acme"))}\`], kubernetes: { namespace: "flink", image: "i", flinkVersion: "v2_1" } });\n`;
  const GEN = `const g = new FlinkTable("g", { columns: [{ name: "id", type: "BIGINT" }, { name: "tenant", type: "STRING" }], options: { connector: "datagen" } });\n`;

  const HEADER = "index.ts: the program failed; nothing was written:";
  /** stderr's lines cut after the resource and path; the header without the program's path. */
  const heads = (stderr: string): string[] =>
    stderr
      .trim()
      .split("\n")
      .filter((l) => !l.startsWith("warning: ") && !l.startsWith("note: "))
      .map((l, i) => (i === 0 ? (l.endsWith(HEADER) ? HEADER : l) : l.split(": ").slice(0, 2).join(": ")));

  const synth = async (name: string, body: string) => {
    const out = path.join(tmp, `${name}-out`);
    const r = await runCli(["synth", program(path.join(tmp, name), body), "--out", out]);
    expect(r.code).to.equal(1);
    expect(fs.existsSync(out), "nothing is written").to.equal(false);
    return r.stderr;
  };

  it("a table with a plain password before the job (the job fails with it): both in one run, the secret once", async () => {
    const stderr = await synth("table-first", HEAD + LAKE + KAFKA + SINK + JOB("j", "k"));
    expect(heads(stderr)).to.deep.equal([
      HEADER,
      '  FlinkTable "k": options["properties.ssl.truststore.password"]',
      '  FlinkSqlJob "j": statements',
      '  FlinkSqlJob "j": statements[0]',
    ]);
    expect(stderr).to.contain(`\n  FlinkSqlJob "j": statements[0]: ${ON_KUBERNETES}\n`);
  });

  it("the valid job first, a failing table after it: both in one run", async () => {
    const stderr = await synth("job-first", HEAD + LAKE + GEN + SINK + JOB("j", "g") + KAFKA);
    expect(heads(stderr)).to.deep.equal([
      HEADER,
      '  FlinkTable "k": options["properties.ssl.truststore.password"]',
      '  FlinkSqlJob "j": statements[0]',
    ]);
  });

  it("several jobs, one valid and one failing: each job's secret listed once; with no other error, the same header", async () => {
    const both = await synth("two-jobs", HEAD + LAKE + KAFKA + GEN + SINK + JOB("a", "g") + JOB("b", "k"));
    expect(heads(both).slice(1)).to.deep.equal([
      '  FlinkTable "k": options["properties.ssl.truststore.password"]',
      '  FlinkSqlJob "b": statements',
      '  FlinkSqlJob "a": statements[0]',
      '  FlinkSqlJob "b": statements[0]',
    ]);
    const alone = await synth("secret-only", HEAD + LAKE + GEN + SINK + JOB("a", "g"));
    expect(heads(alone)).to.deep.equal([HEADER, '  FlinkSqlJob "a": statements[0]']);
  });
});
