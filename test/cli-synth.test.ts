/**
 * The `flink-iceberg synth` command's behaviour beyond the examples: invalid props, a program
 * without a job, config and stack files, secrets, usage errors.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { HEADER, program, runCli } from "./cli-helper.js";

const ROOT = path.resolve(__dirname, "..");

describe("flink-iceberg synth command", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-cli-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("invalid props: every issue with its path, exit 1, nothing written", async () => {
    const dir = program(
      path.join(tmp, "invalid"),
      HEADER +
        `const s = new IcebergSink("scores", { catalog: { name: "c", type: "hive", uri: "thrift://h:9083" }, database: "d", table: "t",
           columns: [{ name: "user_id", type: "BIGINT" }, { name: "score", type: "DOUBLE" }], formatVersion: 1, upsertEnabled: true, compressionCodec: "gzip", writeFormat: "orc" });\n`,
    );
    const out = path.join(tmp, "invalid-out");
    const r = await runCli(["synth", dir, "--out", out]);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain('IcebergSink "scores": upsertEnabled');
    expect(r.stderr).to.contain('IcebergSink "scores": compressionCodec');
    expect(r.stderr).to.contain("nothing was written");
    expect(fs.existsSync(out)).to.equal(false);
  });

  it("lists every resource's problems in one run: the program runs on past an invalid resource (collecting mode)", async () => {
    const dir = program(
      path.join(tmp, "many"),
      HEADER +
        `const catalog = { name: "c", type: "hive" as const, uri: "thrift://h:9083" };
const src = new FlinkTable("src", { columns: [{ name: "id", type: "BIGINT" }], options: { conector: "datagen" } as never });
const out = new IcebergSink("out", { catalog, database: "d", table: "t", columns: [{ name: "id", type: "BIGNT" }], commitInterval: "5000" });
const loose = new FlinkTable("loose", { columns: [{ name: "id", type: "BIGNT" }], options: { connector: "datagen" } });
void loose;
const ok = new FlinkTable("ok", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "print" } });
const warned = new IcebergSink("warned", { catalog, database: "d", table: "w", columns: [{ name: "id", type: "BIGINT" }], commitInterval: "3000" });
new FlinkSqlJob("uses-failed", {
  statements: [sql\`INSERT INTO \${out} SELECT id FROM \${src}\`, sql\`INSERT INTO \${warned} SELECT 1\`, sql\`INSERT INTO \${warned} SELECT id FROM loose\`],
  runtimeMode: "Streaming" as never,
  kubernetes: { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1", namspace: "x" } as never,
});
new FlinkSqlJob("own-problem", { statements: [sql\`INSERT INTO \${ok} SELECT 1\`], parallelism: 0 });
`,
    );
    const out = path.join(tmp, "many-out");
    const r = await runCli(["synth", dir, "--out", out]);
    expect(r.code).to.equal(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines[0]).to.equal(`flink-iceberg synth: ${path.relative(ROOT, path.join(dir, "index.ts"))}: the program failed; nothing was written:`);
    // One line per problem, every resource, in the order the program created them.
    expect(lines.slice(1).map((l) => l.split(": ").slice(0, 2).join(": "))).to.deep.equal([
      '  FlinkTable "src": options["connector"]',
      '  IcebergSink "out": columns[0].type',
      '  FlinkTable "loose": columns[0].type',
      '  FlinkSqlJob "uses-failed": runtimeMode',
      '  FlinkSqlJob "uses-failed": statements',
      // A failed table named as plain text is still found by its name.
      '  FlinkSqlJob "uses-failed": statements[2]',
      '  FlinkSqlJob "uses-failed": kubernetes.namspace',
      '  FlinkSqlJob "own-problem": parallelism',
      // The valid resources' warnings come after the errors, then what the failed ones' checks also found.
      'warning: IcebergSink "warned"',
      'warning: IcebergSink "out"',
      'warning: FlinkSqlJob "uses-failed"',
    ]);
    expect(lines[lines.length - 2]).to.match(/^warning: IcebergSink "out": commitInterval: "5000" has no unit/);
    // The failed sink's commitInterval reads, so the job still compares it with the other sink's.
    expect(lines[lines.length - 1]).to.equal(
      'warning: FlinkSqlJob "uses-failed": statements: the job\'s Iceberg sinks set different commitIntervals (IcebergSink "out": 5000, IcebergSink "warned": 3000); ' +
        'all of them commit at the job\'s one checkpoint interval, "3s"',
    );
    expect(lines[5]).to.equal('  FlinkSqlJob "uses-failed": statements: use IcebergSink "out", FlinkTable "src", which have errors (listed above)');
    expect(fs.existsSync(out)).to.equal(false);
  });

  it("warns about a table that no job uses (it deploys nothing)", async () => {
    const dir = program(
      path.join(tmp, "unused"),
      HEADER +
        `const s = new FlinkTable("s", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen" } });
const d = new FlinkTable("d", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
new FlinkTable("spare", { columns: [{ name: "a", type: "INT" }], options: { connector: "blackhole" } });
new FlinkSqlJob("j", { statements: [sql\`INSERT INTO \${d} SELECT a FROM \${s}\`] });
`,
    );
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "unused-out")]);
    expect(r.code).to.equal(0);
    expect(r.stdout.split("\n").filter((l) => l.startsWith("warning: ") || l.includes("warning(s)"))).to.deep.equal([
      "1 warning(s) of resources outside the jobs above:",
      'warning: FlinkTable "spare": no FlinkSqlJob uses it, so it deploys nothing (a table is created by the jobs that interpolate it with ${...})',
    ]);
  });

  it("a program path that does not exist: one line, exit 1, no stack trace", async () => {
    const r = await runCli(["synth", path.join(tmp, "nope")]);
    expect(r.code).to.equal(1);
    expect(r.stderr.trim()).to.equal(`flink-iceberg synth: program ${JSON.stringify(path.join(tmp, "nope"))} does not exist`);
  });

  it("a program that throws: its message and where in the program, exit 1", async () => {
    const dir = program(path.join(tmp, "throws"), HEADER + `const cfg: { a?: { foo: string } } = {};
export const x = cfg.a!.foo;
`);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "throws-out")]);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain("the program failed; nothing was written:");
    expect(r.stderr).to.contain(`Cannot read properties of undefined (reading 'foo') (at ${path.relative(ROOT, path.join(dir, "index.ts"))}:4:`);
    expect(r.stderr).to.not.contain("    at ");
  });

  it("a bad interpolation in sql`...`: the problem and where in the program the statement is (new-user trial: no position)", async () => {
    const dir = program(path.join(tmp, "bad-sql"), HEADER + `const missing: string | undefined = undefined;
export const s = sql\`SELECT \${missing as never}\`;
`);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "bad-sql-out")]);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain(`sql\`...\`: interpolation 1: is undefined; a sql\`...\` statement takes`);
    expect(r.stderr).to.contain(`(at ${path.relative(ROOT, path.join(dir, "index.ts"))}:4:`);
  });

  it("a program with a syntax error: the compiler's own position, no frame of Node's internals", async () => {
    const dir = program(path.join(tmp, "syntax"), HEADER + "const x = {;\n");
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "syntax-out")]);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain(`${path.join(dir, "index.ts")}:3:11: ERROR: Expected identifier but found ";"`);
    expect(r.stderr).to.not.contain("(at ");
  });

  it("a required config value missing: where synth reads config and which stack files exist", async () => {
    const dir = program(
      path.join(tmp, "needs-config"),
      HEADER + `export const snapshot = new pulumi.Config().require("startSnapshot");\n`,
      { "Pulumi.prod.yaml": 'config:\n  prog:startSnapshot: "10"\n', "Pulumi.staging.yaml": 'config:\n  prog:other: "1"\n' },
    );
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "needs-config-out")]);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain("Missing required configuration variable 'prog:startSnapshot'");
    expect(r.stderr).to.contain('  synth ran as stack "dev" and reads config from Pulumi.dev.yaml, which does not exist (stack files: Pulumi.prod.yaml, Pulumi.staging.yaml) and --config: pass --config prog:startSnapshot=<value> or --stack prod (which sets it)');
  });

  it("an encrypted (secure:) stack value: synth says it reads [secret] for it and how to give a value", async () => {
    const dir = program(
      path.join(tmp, "secure"),
      HEADER +
        `const cfg = new pulumi.Config();
const src = new FlinkTable("src", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen", "number-of-rows": cfg.require("rows") } });
const dst = new FlinkTable("dst", { columns: [{ name: "a", type: "INT" }], options: { connector: "print", "print-identifier": cfg.require("tag") } });
new FlinkSqlJob("job", { runtimeMode: "batch", statements: [sql\`INSERT INTO \${dst} SELECT a FROM \${src}\`] });\n`,
      { "Pulumi.prod.yaml": "config:\n  prog:tag:\n    secure: AAABAKx1c2VkZm9ydGVzdA==\n" },
    );
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "secure-out"), "--stack", "prod"]);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout.split("\n")[0]).to.equal(
      'note: the stack file\'s encrypted values (prog:tag) cannot be decrypted offline: the program read "[secret]" for it; pass --config prog:tag=<value> to synthesize with a real value',
    );
    const given = await runCli(["synth", dir, "--out", path.join(tmp, "secure-out2"), "--stack", "prod", "--config", "tag=t1"]);
    expect(given.stdout).to.not.contain("note:");
  });

  it("an encrypted stack value the program never reads gets no note; one read through pulumi.runtime.allConfig() does", async () => {
    const body = `const src = new FlinkTable("src", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen", "number-of-rows": "5" } });
const dst = new FlinkTable("dst", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
new FlinkSqlJob("job", { runtimeMode: "batch", statements: [sql\`INSERT INTO \${dst} SELECT a FROM \${src}\`] });\n`;
    const stackFile = { "Pulumi.prod.yaml": "config:\n  prog:dbPassword:\n    secure: AAABAKx1c2VkZm9ydGVzdA==\n  prog:region: eu-west-1\n" };
    const unread = program(path.join(tmp, "secure-unread"), HEADER + `export const region = new pulumi.Config().get("region");\n` + body, stackFile);
    const r = await runCli(["synth", unread, "--out", path.join(tmp, "secure-unread-out"), "--stack", "prod"]);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.not.contain("note:");
    const all = program(path.join(tmp, "secure-all"), HEADER + `export const keys = Object.keys(pulumi.runtime.allConfig());\n` + body, stackFile);
    const r2 = await runCli(["synth", all, "--out", path.join(tmp, "secure-all-out"), "--stack", "prod"]);
    expect(r2.code, r2.stderr).to.equal(0);
    expect(r2.stdout.split("\n")[0]).to.equal(
      'note: the stack file\'s encrypted values (prog:dbPassword) cannot be decrypted offline: the program read "[secret]" for it; pass --config prog:dbPassword=<value> to synthesize with a real value',
    );
  });

  it("under `npm run flink-iceberg` relative paths are taken from where the command was typed (INIT_CWD), not the package folder", async () => {
    const typedIn = path.join(tmp, "typed-in");
    program(path.join(typedIn, "proj"), HEADER + `const s = new FlinkTable("s", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen" } });
const d = new FlinkTable("d", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
new FlinkSqlJob("j", { statements: [sql\`INSERT INTO \${d} SELECT a FROM \${s}\`] });\n`);
    const r = await runCli(["synth", "proj", "--out", "synth-out"], ROOT, { npm_lifecycle_event: "flink-iceberg", INIT_CWD: typedIn });
    expect(r.code, r.stderr).to.equal(0);
    expect(fs.existsSync(path.join(typedIn, "synth-out", "j", "job.sql"))).to.equal(true);
  });

  it("a program that throws a non-Error: the value as JSON, not [object Object]", async () => {
    const dir = program(path.join(tmp, "throws-object"), HEADER + `throw { code: 42, reason: "quota" };\n`);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "throws-object-out")]);
    expect([r.code, r.stderr]).to.deep.equal([1, `flink-iceberg synth: ${path.relative(ROOT, path.join(dir, "index.ts"))}: the program failed; nothing was written:\n  the program threw {"code":42,"reason":"quota"}, not an Error\n`]);
  });

  it("a program without a FlinkSqlJob whose Output failed reports that failure, not only that it has no job", async () => {
    const dir = program(path.join(tmp, "nojob-failed"), HEADER + `export const x = pulumi.output(1).apply(() => { throw new Error("lookup failed"); });\n`);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "nojob-failed-out")]);
    expect([r.code, r.stderr]).to.deep.equal([1, `flink-iceberg synth: the program failed while resolving outputs; nothing was written:\n  lookup failed (at ${path.relative(ROOT, path.join(dir, "index.ts"))}:3:55)\n`]);
  });

  it("a program without a FlinkSqlJob is told so", async () => {
    const dir = program(path.join(tmp, "nojob"), HEADER + `new FlinkTable("t", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });\n`);
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "nojob-out")]);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain("created no FlinkSqlJob");
  });

  it("reads project defaults, the stack file and --config; writes a secret as [secret] unless --show-secrets", async () => {
    const dir = program(
      path.join(tmp, "config"),
      HEADER +
        `const cfg = new pulumi.Config();
const src = new FlinkTable("src", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen", "number-of-rows": cfg.require("rows") } });
const dst = new FlinkTable("dst", { columns: [{ name: "a", type: "INT" }], options: { connector: "print", "print-identifier": cfg.require("tag") } });
new FlinkSqlJob("job", { runtimeMode: "batch", statements: [sql\`INSERT INTO \${dst} SELECT a FROM \${src}\`],
  kubernetes: { namespace: cfg.require("ns"), image: cfg.requireSecret("image"), flinkVersion: "v2_1", mode: "standalone" } });\n`,
      { "Pulumi.prod.yaml": "config:\n  prog:ns: from-stack\n  prog:image: registry.example.com/flink:secret-tag\n" },
    );
    const out = path.join(tmp, "config-out");
    const r = await runCli(["synth", dir, "--out", out, "--stack", "prod", "--config", "tag=cli", "--config", "prog:image=registry.example.com/flink:secret-tag"]);
    expect(r.code, r.stderr).to.equal(0);
    const sqlText = fs.readFileSync(path.join(out, "job", "job.sql"), "utf8");
    expect(sqlText).to.contain("'number-of-rows' = '7'").and.contain("'print-identifier' = 'cli'");
    const manifests = fs.readFileSync(path.join(out, "job", "manifests.yaml"), "utf8");
    expect(manifests).not.to.contain("secret-tag");
    expect(manifests).to.contain("[secret]");
    const shown = path.join(tmp, "config-shown");
    const r2 = await runCli(["synth", dir, "--out", shown, "--stack", "prod", "--config", "tag=cli", "--config", "prog:image=registry.example.com/flink:secret-tag", "--show-secrets"]);
    expect(r2.code, r2.stderr).to.equal(0);
    expect(fs.readFileSync(path.join(shown, "job", "manifests.yaml"), "utf8")).to.contain("image: registry.example.com/flink:secret-tag").and.contain("namespace: from-stack");
  });

  it("a SQL Gateway job: sql-gateway.yaml shows what is submitted, secret session values and header values as [secret]", async () => {
    const dir = program(
      path.join(tmp, "gateway"),
      HEADER +
        `const cfg = new pulumi.Config();
const src = new FlinkTable("src", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen" } });
const dst = new FlinkTable("dst", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
new FlinkSqlJob("gw-job", { statements: [sql\`INSERT INTO \${dst} SELECT a FROM \${src}\`], configuration: { "execution.checkpointing.interval": "30s" },
  sqlGateway: { endpoint: "http://sql-gateway:8083", savepointDir: "s3://lake/savepoints", headers: { Authorization: pulumi.secret("Bearer t0ken") },
    sessionProperties: { "pipeline.name": "gw", "table.catalog-store.jdbc.password": pulumi.secret("hunter2") } } });\n`,
    );
    const out = path.join(tmp, "gateway-out");
    const r = await runCli(["synth", dir, "--out", out]);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.contain(path.join("gw-job", "sql-gateway.yaml"));
    expect(fs.readFileSync(path.join(out, "gw-job", "manifests.yaml"), "utf8")).to.equal("# no Kubernetes objects: this job runs on a SQL Gateway (see sql-gateway.yaml)\n");
    // --help says what manifests.yaml holds for such a job.
    const help = await runCli(["--help"]);
    expect(help.stdout.replace(/\s+/g, " ")).to.contain(
      "<out>/<job>/manifests.yaml (the Kubernetes target's objects; for a job on another target or none, only a comment saying there are none)",
    );
    const text = fs.readFileSync(path.join(out, "gw-job", "sql-gateway.yaml"), "utf8");
    expect(text).not.to.contain("hunter2");
    expect(text).not.to.contain("t0ken");
    expect(text.split("\n").slice(2)).to.deep.equal([
      "endpoint: http://sql-gateway:8083",
      "apiVersion: \"negotiated: the highest version both the gateway and the package speak (GET /api_versions)\"",
      "session:",
      "  configuration:",
      "    execution.checkpointing.interval: 30s",
      "    execution.runtime-mode: STREAMING",
      "  sessionProperties:",
      "    pipeline.name: gw",
      "    table.catalog-store.jdbc.password: \"[secret]\"",
      "headers:",
      "  Authorization: \"[secret]\"",
      "onUpdate:",
      "  savepointDir: s3://lake/savepoints",
      "  then: stop the running job with a savepoint into savepointDir, then submit the new script restored from it",
      "restartOn: a change of the script, the configuration, sessionProperties or the endpoint (stop, then submit); other inputs (headers, startTimeout, ...) change in place",
      "onDelete: stop the job with a savepoint into s3://lake/savepoints (its path is not reported)",
      "afterSubmit:",
      "  startTimeout: 1min",
      "  then: read the job's status until it is RUNNING or FINISHED; FAILED or CANCELED fails the create or update, still starting after startTimeout is a warning",
      "",
    ]);
  });

  it("usage errors exit 2 with the usage text", async () => {
    const r = await runCli(["synth"]);
    expect(r.code).to.equal(2);
    expect(r.stderr).to.contain("Usage: flink-iceberg synth");
    const r2 = await runCli(["deploy", "x"]);
    expect(r2.code).to.equal(2);
    const r3 = await runCli(["synth", path.join(ROOT, "does-not-exist")]);
    expect(r3.code).to.equal(1);
    expect(r3.stderr).to.contain("does not exist");
  });
});

describe("flink-iceberg synth output folder", function () {
  this.timeout(60_000);
  it("replaces a folder it wrote before, so a removed job leaves nothing stale", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-stale-"));
    const dir = program(path.join(tmp, "p"), HEADER + `const s = new FlinkTable("s", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen" } });
const d = new FlinkTable("d", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
new FlinkSqlJob(process.env.JOB_NAME ?? "first", { statements: [sql\`INSERT INTO \${d} SELECT a FROM \${s}\`] });\n`);
    const out = path.join(tmp, "out");
    expect((await runCli(["synth", dir, "--out", out])).code).to.equal(0);
    fs.writeFileSync(path.join(dir, "index.ts"), fs.readFileSync(path.join(dir, "index.ts"), "utf8").replace('"first"', '"second"'));
    expect((await runCli(["synth", dir, "--out", out])).code).to.equal(0);
    expect(fs.readdirSync(out).sort()).to.deep.equal([".flink-iceberg-synth", "second"]);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("never removes what it did not create: synth twice into the project folder itself keeps the project, and a folder that existed before", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-keep-"));
    const dir = program(path.join(tmp, "p"), HEADER + `const s = new FlinkTable("s", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen" } });
const d = new FlinkTable("d", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
new FlinkSqlJob(process.env.JOB_NAME ?? "mine", { statements: [sql\`INSERT INTO \${d} SELECT a FROM \${s}\`] });
new FlinkSqlJob("notes", { statements: [sql\`INSERT INTO \${d} SELECT a FROM \${s}\`] });\n`);
    fs.mkdirSync(path.join(dir, "notes"));
    fs.writeFileSync(path.join(dir, "notes", "todo.md"), "mine\n");
    const before = fs.readdirSync(dir).sort();
    expect((await runCli(["synth", dir, "--out", dir])).code).to.equal(0);
    expect((await runCli(["synth", dir, "--out", dir])).code).to.equal(0);
    expect(fs.readdirSync(dir).sort()).to.deep.equal([...before, ".flink-iceberg-synth", "mine"].sort());
    expect(fs.readFileSync(path.join(dir, "notes", "todo.md"), "utf8")).to.equal("mine\n");
    expect(fs.readFileSync(path.join(dir, ".flink-iceberg-synth"), "utf8").split("\n").slice(1)).to.deep.equal(["mine", ""]);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});

describe("flink-iceberg synth output folder that cannot be written", function () {
  this.timeout(60_000);
  const JOB = HEADER + `const s = new FlinkTable("s", { columns: [{ name: "a", type: "INT" }], options: { connector: "datagen" } });
const d = new FlinkTable("d", { columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
new FlinkSqlJob("mine", { statements: [sql\`INSERT INTO \${d} SELECT a FROM \${s}\`] });\n`;

  it("an --out that is a file, or below one: one line naming it, exit 1, no stack trace, the file kept", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-outfile-"));
    try {
      const dir = program(path.join(tmp, "p"), JOB);
      const file = path.join(tmp, "out.txt");
      fs.writeFileSync(file, "keep\n");
      const rel = path.relative(ROOT, file);
      const r = await runCli(["synth", dir, "--out", file]);
      expect([r.code, r.stderr, r.stdout]).to.deep.equal([1, `flink-iceberg synth: cannot write the output folder ${rel}: ${rel} is a file, not a folder (--out names the folder synth writes into); nothing was written\n`, ""]);
      const r2 = await runCli(["synth", dir, "--out", path.join(file, "sub")]);
      expect([r2.code, r2.stderr]).to.deep.equal([1, `flink-iceberg synth: cannot write the output folder ${rel}/sub: a part of the path ${rel}/sub is a file, not a folder (--out names the folder synth writes into); nothing was written\n`]);
      expect(fs.readFileSync(file, "utf8")).to.equal("keep\n");
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("no permission, a full disk, a read-only file system: each one line naming the path (writeFailure; root cannot provoke EACCES)", async () => {
    const { writeFailure } = await import("../src/cli/synth.js");
    const out = path.join(ROOT, "out", "x");
    const err = (code: string, syscall: string, at: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code, syscall, path: at });
    expect([
      writeFailure(err("EACCES", "mkdir", out), out, false),
      writeFailure(err("ENOSPC", "write", path.join(out, "j", "job.sql")), out, true),
      writeFailure(err("EROFS", "open", path.join(out, ".flink-iceberg-synth")), out, true),
      writeFailure(new Error("not a file system error"), out, false),
      writeFailure(err("EEXIST", "mkdir", path.join(out, "index.ts")), out, true),
    ]).to.deep.equal([
      "cannot write the output folder out/x: no permission to mkdir out/x (choose another --out, or make the folder writable); nothing was written",
      "cannot write the output folder out/x: no space left on the device while writing out/x/j/job.sql; the output folder now holds part of this run (the next synth that succeeds replaces it)",
      "cannot write the output folder out/x: out/x/.flink-iceberg-synth is on a read-only file system (choose another --out); the output folder now holds part of this run (the next synth that succeeds replaces it)",
      undefined,
      "cannot write the output folder out/x: out/x/index.ts is a file, not a folder (a job's folder is named after the job); the output folder now holds part of this run (the next synth that succeeds replaces it)",
    ]);
  });

  it("a write that fails half-way says so; the job folders it wrote are listed as its own, so the next synth replaces them", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-halfway-"));
    try {
      const dir = program(path.join(tmp, "p"), JOB.replace('new FlinkSqlJob("mine"', 'new FlinkSqlJob("first", { statements: [sql`INSERT INTO ${d} SELECT a FROM ${s}`] });\nnew FlinkSqlJob("mine"'));
      const out = path.join(tmp, "out");
      // A folder where synth writes the file job.sql of its second job.
      fs.mkdirSync(path.join(out, "mine", "job.sql"), { recursive: true });
      const r = await runCli(["synth", dir, "--out", out]);
      const rel = path.relative(ROOT, out);
      expect([r.code, r.stderr]).to.deep.equal([1, `flink-iceberg synth: cannot write the output folder ${rel}: open ${rel}/mine/job.sql failed: EISDIR; the output folder now holds part of this run (the next synth that succeeds replaces it)\n`]);
      // "first" was written and is listed as synth's; "mine" existed before, so it is not.
      expect(fs.readFileSync(path.join(out, ".flink-iceberg-synth"), "utf8").split("\n").slice(1)).to.deep.equal(["first", ""]);
      expect(fs.readdirSync(path.join(out, "first")).sort()).to.deep.equal(["iceberg-partition-specs.json", "iceberg-schemas.json", "job.sql", "manifests.yaml"]);
      fs.rmSync(path.join(out, "mine"), { recursive: true });
      expect((await runCli(["synth", dir, "--out", out])).code).to.equal(0);
      expect(fs.readFileSync(path.join(out, ".flink-iceberg-synth"), "utf8").split("\n").slice(1)).to.deep.equal(["first", "mine", ""]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe("flink-iceberg synth default output folder name", () => {
  it("a Pulumi project's name for the project and its entry; <project or folder>-<file> for any other file, so two programs never share one", async () => {
    const { resolveProject } = await import("../src/cli/project.js");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-outname-"));
    try {
      const loose = path.join(tmp, "jobs");
      fs.mkdirSync(loose);
      for (const f of ["orders.ts", "payments.ts", "index.ts"]) fs.writeFileSync(path.join(loose, f), "");
      expect(["orders.ts", "payments.ts", "index.ts"].map((f) => resolveProject(path.join(loose, f), "dev", {}).outName)).to.deep.equal(["jobs-orders", "jobs-payments", "jobs"]);
      const project = program(path.join(tmp, "proj"), "");
      fs.writeFileSync(path.join(project, "other.ts"), "");
      expect([project, path.join(project, "index.ts"), path.join(project, "other.ts")].map((p) => resolveProject(p, "dev", {}).outName)).to.deep.equal(["prog", "prog", "prog-other"]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
