/**
 * Issue 8, secrets: any prop given as a Pulumi secret (catalog uri / warehouse, kubernetes image,
 * `sql` statement Outputs, gateway headers and session properties) never appears in plain text in
 * the script, the outputs, the recorded resource inputs (ConfigMap data included) or synth's
 * output folder; every output derived from a secret is secret itself, or rejects.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import fc from "fast-check";
import { resetRegistry } from "../src/components/job-registry.js";
import { count, params, runs } from "./fuzz/config.js";
import { flush, isSecretOutput, recorded, settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";

const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** The inputs with every secret-wrapped value removed: what would be stored in plain text. */
function plainPart(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plainPart);
  if (typeof v !== "object" || v === null) return v;
  if (Object.values(v).includes(SECRET_SIG)) return "[secret]";
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainPart(x)]));
}

/** Resolves an output: its value when plain, "[secret]" when secret, "[rejected]" when it failed (the message must not leak). */
async function exposed(o: pulumi.Output<unknown> | undefined, secret: string): Promise<unknown> {
  if (o === undefined) return undefined;
  try {
    const pending = Symbol("pending");
    const value = await Promise.race([settle(o), new Promise<symbol>((r) => setTimeout(() => r(pending), 300))]);
    if (value === pending) return "[pending]";
    return (await isSecretOutput(o)) ? "[secret]" : value;
  } catch (e) {
    expect(String(e instanceof Error ? `${e.message}${JSON.stringify(e)}` : e)).to.not.contain(secret);
    return "[rejected]";
  }
}

/** Rejections of outputs that a secret made fail (Pulumi re-raises them when serializing registered outputs) are expected; nothing else is. */
function expectOnlySecretRejections(reasons: unknown[], secret: string): void {
  for (const r of reasons) {
    const text = r instanceof Error ? r.message : String(r);
    expect(text).to.match(/Pulumi secret|SPEC decision 8/);
    expect(text).to.not.contain(secret);
  }
}

const arbCase = fc.record({
  secret: fc.stringMatching(/^[a-f0-9]{12}$/).map((s) => `S3CR3T${s}`),
  uri: fc.boolean(),
  warehouse: fc.boolean(),
  statement: fc.boolean(),
  target: fc.constantFrom("none", "kubernetes", "gateway"),
  image: fc.boolean(),
  header: fc.boolean(),
  session: fc.boolean(),
});

describe("fuzz: secrets never appear in plain text", function () {
  this.timeout(0);
  let api: Api;
  let n = 0;
  before(async () => {
    api = await mockedApi();
  });

  it(`random secret props (${runs(10, 0.2)} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(arbCase, async (c) => {
        count("secrets: props");
        resetRegistry();
        recorded.length = 0;
        const id = ++n;
        const S = c.secret;
        const maybe = (on: boolean, plain: string, secretText: string): pulumi.Input<string> => (on ? pulumi.secret(secretText) : plain);
        const catalog = { name: "lake", type: "rest" as const, uri: maybe(c.uri, "http://rest:8181", `http://${S}:8181`), warehouse: maybe(c.warehouse, "s3://wh", `s3://${S}`) };
        const sink = new api.IcebergSink(`ss${id}`, { catalog, database: "db", table: "t", columns: [{ name: "id", type: "BIGINT" }] });
        const src = new api.FlinkTable(`sg${id}`, { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
        const where = c.statement ? pulumi.secret(`'${S}'`) : pulumi.output("'plain'");
        const job = new api.FlinkSqlJob(`sj${id}`, {
          statements: [api.sql`INSERT INTO ${sink} SELECT * FROM ${src} WHERE ${where} <> ''`],
          ...(c.target === "kubernetes" ? { kubernetes: { namespace: "flink", image: maybe(c.image, "my/flink-iceberg:2.1", `reg/${S}:1`), flinkVersion: "v2_1" as const, mode: "standalone" as const } } : {}),
          ...(c.target === "gateway"
            ? { sqlGateway: { endpoint: "http://gw:8083", headers: c.header ? { Authorization: pulumi.secret(S) } : { "X-Request-Source": "fuzz" }, sessionProperties: { "table.catalog-store.jdbc.password": pulumi.secret(S), "x.y": maybe(c.session, "v", S) } } }
            : {}),
        });
        const d = job.deployment;
        const outputs = { ddl: sink.ddl, options: sink.options, script: job.script, conf: job.flinkConfiguration, schemas: job.icebergSchemas, ...d };
        const seen: Record<string, unknown> = {};
        for (const [k, o] of Object.entries(outputs)) {
          seen[k] = await exposed(o as pulumi.Output<unknown> | undefined, S);
        }
        await flush();
        await new Promise((r) => setTimeout(r, 10));
        expect(JSON.stringify(seen), "outputs").to.not.contain(S);
        // Open: when the script rejects, the target's child resources are never registered and most of their
        // outputs (all but the Kubernetes scriptConfigMapName) never settle; nothing else may hang.
        const hanging = Object.keys(seen).filter((k) => seen[k] === "[pending]");
        const scriptFailed = seen["script"] === "[rejected]";
        expect(hanging.filter((k) => !(scriptFailed && Object.keys(d).includes(k) && k !== "scriptConfigMapName")), "outputs that never settle").to.deep.equal([]);
        expect(JSON.stringify(recorded.map((r) => plainPart(r.inputs))), "resource inputs").to.not.contain(S);
        if (c.uri || c.warehouse || c.statement) expect(seen["script"]).to.be.oneOf(["[secret]", "[rejected]"]);
        for (const r of recorded.filter((x) => x.type === "kubernetes:core/v1:ConfigMap")) expect(JSON.stringify(r.inputs)).to.not.contain(S);
        await new Promise((r) => setTimeout(r, 20));
        expectOnlySecretRejections(drainUnhandled(), S);
      }),
      params(runs(10, 0.2)),
    );
    await new Promise((r) => setTimeout(r, 50));
    expectOnlySecretRejections(drainUnhandled(), "S3CR3T");
  });

  it("synth writes no secret: a secret image and a secret uri, each in a child process", () => {
    const S = "S3CR3Tsynth0042";
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fuzz-synth-"));
    const program = (name: string, body: string): string => {
      const file = path.join(dir, `${name}.ts`);
      fs.writeFileSync(file, `import * as pulumi from "@pulumi/pulumi";\nimport { FlinkSqlJob, FlinkTable, IcebergSink, sql } from "pulumi-flink-iceberg";\n${body}\n`);
      return file;
    };
    const table = `const src = new FlinkTable("src", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });`;
    const cases = [
      program("image", `${table}\nconst sink = new IcebergSink("sink", { catalog: { name: "lake", type: "rest", uri: "http://rest:8181" }, database: "db", table: "t", columns: [{ name: "id", type: "BIGINT" }] });\nnew FlinkSqlJob("job", { statements: [sql\`INSERT INTO \${sink} SELECT * FROM \${src}\`], kubernetes: { namespace: "flink", image: pulumi.secret("reg/${S.toLowerCase()}:1"), flinkVersion: "v2_1", mode: "standalone" } });`),
      program("uri", `${table}\nconst sink = new IcebergSink("sink", { catalog: { name: "lake", type: "rest", uri: pulumi.secret("http://${S}:8181") }, database: "db", table: "t", columns: [{ name: "id", type: "BIGINT" }] });\nnew FlinkSqlJob("job", { statements: [sql\`INSERT INTO \${sink} SELECT * FROM \${src}\`], kubernetes: { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1", mode: "standalone" } });`),
    ];
    for (const file of cases) {
      count("secrets: synth");
      const out = path.join(dir, `out-${path.basename(file, ".ts")}`);
      let printed: string;
      try {
        printed = execFileSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "synth", file, "--out", out], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      } catch (e) {
        const err = e as { stdout?: string; stderr?: string };
        printed = `${err.stdout ?? ""}${err.stderr ?? ""}`;
      }
      // The image's repository is lower case (an Output image's reference is checked once known, as a plain one's: InvalidImageName).
      expect(printed, file).to.not.contain(S).and.not.contain(S.toLowerCase());
      const files = fs.existsSync(out) ? fs.readdirSync(out, { recursive: true, encoding: "utf8" }).map((f) => path.join(out, f)).filter((f) => fs.statSync(f).isFile()) : [];
      if (file.endsWith("image.ts")) expect(files.length, printed).to.be.at.least(3);
      for (const f of files) expect(fs.readFileSync(f, "utf8"), f).to.not.contain(S).and.not.contain(S.toLowerCase());
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
