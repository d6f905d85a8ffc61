/**
 * The bundle dist/index.js (tools/bundle.cjs), built into a temp folder (built-package.ts): its
 * exports are index.ts's exactly, the CLI hides under a symbol key, a job renders as from the
 * sources, the SQL Gateway provider stays in tsc's files (Pulumi serializes it as it did before
 * the bundle), and the flink-iceberg command runs the quickstart from the bundle.
 */
import { expect } from "chai";
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import * as sources from "../src/index.js";
import { errorOf, type Api } from "./api.js";
import { buildPackage, type BuiltPackage } from "./built-package.js";
import { ROOT } from "./cli-helper.js";
import { flush, installMocks, recorded, settle } from "./pulumi-mocks.js";

const run = promisify(execFile);
const CLI_KEY = Symbol.for("pulumi-flink-iceberg.cli");

/** An export's kind: a class, a function, or an object with its keys. */
function kindOf(v: unknown): string {
  if (typeof v === "function") return /^class\b/.test(Function.prototype.toString.call(v)) ? "class" : "function";
  if (typeof v === "object" && v !== null) return `object {${Object.keys(v).sort().join(",")}}`;
  return typeof v;
}

/** The quickstart's tables and job (without its config), through `api`. */
function quickstart(api: Api): InstanceType<Api["FlinkSqlJob"]> {
  const columns = [
    { name: "order_id", type: "BIGINT" },
    { name: "customer_id", type: "INT" },
    { name: "amount", type: "DECIMAL(10, 2)" },
    { name: "order_ts", type: "TIMESTAMP(3)" },
  ];
  const generated = new api.FlinkTable("orders-gen", { columns, options: { connector: "datagen", "rows-per-second": "50" } });
  const orders = new api.IcebergSink("orders", {
    catalog: { name: "lakehouse", type: "rest", uri: "http://iceberg-rest:8181", warehouse: "s3://lakehouse/warehouse", properties: { "io-impl": "org.apache.iceberg.aws.s3.S3FileIO" } },
    database: "shop",
    table: "orders",
    columns,
    writeFormat: "parquet",
    commitInterval: "1min",
  });
  return new api.FlinkSqlJob("orders-ingest", {
    statements: [api.sql`INSERT INTO ${orders} SELECT * FROM ${generated}`],
    parallelism: 2,
    kubernetes: { namespace: "flink", image: "my/flink-iceberg:2.1.1", flinkVersion: "v2_1", jobManager: { cpu: 1, memory: "2048m" }, taskManager: { cpu: 1, memory: "2048m" } },
  });
}

/** Creates a one-job SQL Gateway program through `api` under fresh mocks; resolves the serialized provider the SqlGatewayJob registered. */
async function gatewayProvider(api: Api): Promise<string> {
  await installMocks({ preview: true });
  const columns = [{ name: "id", type: "BIGINT" }];
  const src = new api.FlinkTable("gw_src", { columns, options: { connector: "datagen" } });
  const out = new api.FlinkTable("gw_out", { columns, options: { connector: "blackhole" } });
  new api.FlinkSqlJob("gw", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083" } });
  for (let i = 0; i < 40 && !recorded.some((r) => r.type.endsWith(":SqlGatewayJob")); i++) await flush();
  const text = recorded.find((r) => r.type.endsWith(":SqlGatewayJob"))?.inputs["__provider"];
  if (typeof text !== "string") throw new Error(`no serialized provider among ${recorded.map((r) => r.type).join(", ")}`);
  return text;
}

const requiresOf = (text: string): string[] => [...text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).sort();

describe("the bundle dist/index.js", function () {
  this.timeout(120_000);
  let built: BuiltPackage;
  let bundled: Api;
  before(async () => {
    built = await buildPackage();
    bundled = require(built.entry) as Api;
  });
  after(() => built?.dispose());

  it("exports exactly index.ts's names, each of the same kind (class, function, object with the same keys)", () => {
    const kinds = (m: object): Record<string, string> => Object.fromEntries(Object.keys(m).map((k) => [k, kindOf((m as Record<string, unknown>)[k])]));
    expect(Object.keys(bundled).sort()).to.deep.equal(Object.keys(sources).sort());
    expect(kinds(bundled)).to.deep.equal(kinds(sources));
    expect(Object.getOwnPropertyNames(bundled).filter((n) => n !== "__esModule").sort()).to.deep.equal(Object.keys(sources).sort());
  });

  it("holds the CLI under Symbol.for(\"pulumi-flink-iceberg.cli\"), not enumerable (no export, not copied by a spread)", () => {
    expect(Object.getOwnPropertySymbols(bundled)).to.deep.equal([CLI_KEY]);
    const d = Object.getOwnPropertyDescriptor(bundled, CLI_KEY);
    expect([typeof d?.value, d?.enumerable]).to.deep.equal(["function", false]);
    expect(Object.getOwnPropertySymbols({ ...bundled })).to.deep.equal([]);
  });

  it("renders a job as the sources do (its script and every registered resource's inputs) and reports an invalid prop alike", async () => {
    const render = async (api: Api): Promise<unknown> => {
      await installMocks({ preview: true });
      const script = await settle(quickstart(api).script);
      await flush();
      return { script, resources: JSON.parse(JSON.stringify(recorded)) as unknown };
    };
    const fromSources = await render(sources);
    expect(await render(bundled)).to.deep.equal(fromSources);
    expect(JSON.stringify(fromSources)).to.contain("FlinkDeployment");

    const invalid = (api: Api): unknown => {
      const e = errorOf(() => new api.IcebergSink("bad", { catalog: { name: "c", type: "rest", uri: "http://r:8181" }, database: "d", table: "t", columns: [{ name: "id", type: "BIGINT" }], writeFormat: "parquett" as "parquet", commitInterval: "soon" }));
      return { name: e.name, message: e.message, issues: e.issues };
    };
    expect(invalid(bundled)).to.deep.equal(invalid(sources));
    expect((invalid(sources) as { issues: unknown[] }).issues).to.have.length(2);
  });

  it("requires the SQL Gateway provider from tsc's files beside it when a gateway job is created; installed, Pulumi serializes it as a require of the package's modules, as it does tsc's provider.js", async () => {
    const providerFile = path.join(built.pkg, "dist", "deploy", "sql-gateway", "provider.js");
    expect(built.unbundled).to.include.members(["deploy/sql-gateway/provider.js", "deploy/sql-gateway/provider-impl.js", "deploy/sql-gateway/input-checks.js"]);
    expect(require.cache[providerFile], "loaded with the bundle").to.equal(undefined);
    const text = await gatewayProvider(bundled);
    expect(require.cache[providerFile], "loaded for the gateway job").to.not.equal(undefined);
    expect(requiresOf(text)).to.deep.equal(["pulumi-flink-iceberg/dist/deploy/sql-gateway/input-checks.js", "pulumi-flink-iceberg/dist/deploy/sql-gateway/provider-impl.js"]);
    // Nothing of the bundle: esbuild's module helpers would mean a bundled module was copied by value.
    expect(text).to.not.match(/__toESM|__toCommonJS|__export|__esm\(/);
    const provider = (require(providerFile) as typeof import("../src/deploy/sql-gateway/provider.js")).sqlGatewayProvider;
    // The arrow function is Pulumi's own in dynamic.Resource, here this test's as tsx compiled it (no spaces).
    const direct = (await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true })).text;
    expect(direct.replace("return ()=>provider;", "return () => provider;")).to.equal(text);
  });

  it("outside node_modules, the provider is serialized by value, like the sources' (no require), and runs in a plain node process", async () => {
    const plain = path.join(built.root, "plain");
    fs.cpSync(path.join(built.pkg, "dist"), path.join(plain, "dist"), { recursive: true });
    fs.symlinkSync(path.join(built.root, "node_modules"), path.join(plain, "node_modules"), "dir");
    const text = await gatewayProvider(require(path.join(plain, "dist", "index.js")) as Api);
    const { sqlGatewayProvider } = await import("../src/deploy/sql-gateway/provider.js");
    expect(requiresOf((await pulumi.runtime.serializeFunction(() => sqlGatewayProvider, { allowSecrets: true })).text)).to.deep.equal([]);
    expect(requiresOf(text)).to.deep.equal([]);
    expect(text).to.not.match(/__toESM|__toCommonJS|__export|__esm\(/);
    fs.writeFileSync(path.join(plain, "provider.js"), text);
    const check = `require("./provider.js").handler().check({}, { endpoint: "http://gw:8083", script: "INSERT INTO t SELECT 1;", flinkConfiguration: {} }).then((r) => console.log(JSON.stringify(r.failures)))`;
    const { stdout } = await run(process.execPath, ["-e", check], { cwd: plain, env: { PATH: process.env.PATH ?? "" } });
    expect(stdout.trim()).to.equal("[]");
  });

  it("runs the flink-iceberg command: the quickstart's files equal test/expected/quickstart, and a program's require of the package gets the bundle", async () => {
    const bin = path.join(built.pkg, "bin", "flink-iceberg.js");
    const out = path.join(built.root, "out");
    const prog = path.join(built.root, "prog");
    fs.mkdirSync(prog);
    fs.writeFileSync(path.join(prog, "Pulumi.yaml"), "name: prog\nruntime: nodejs\n");
    fs.writeFileSync(path.join(prog, "index.ts"), 'throw new Error(`entry ${require.resolve("pulumi-flink-iceberg")}`);\n');
    const cli = (args: string[]): Promise<{ code: number | null; output: string }> =>
      new Promise((resolve) => {
        // The temp folder as the working directory: no tsconfig.json there maps the package to src/.
        const child = spawn(process.execPath, [bin, ...args], { cwd: built.root, env: { PATH: process.env.PATH ?? "" } });
        let output = "";
        child.stdout.on("data", (d: Buffer) => (output += d.toString()));
        child.stderr.on("data", (d: Buffer) => (output += d.toString()));
        child.on("close", (code) => resolve({ code, output }));
      });
    const [synth, entry] = await Promise.all([cli(["synth", path.join(ROOT, "examples", "quickstart"), "--out", out]), cli(["synth", prog, "--out", path.join(built.root, "prog-out")])]);
    expect(synth.code, synth.output).to.equal(0);
    expect(entry.output).to.contain(`entry ${built.entry}`);
    const expected = path.join(ROOT, "test", "expected", "quickstart");
    for (const job of fs.readdirSync(expected)) {
      for (const file of fs.readdirSync(path.join(expected, job))) {
        const [actual, want] = [path.join(out, job, file), path.join(expected, job, file)].map((f) => fs.readFileSync(f, "utf8"));
        if (file.endsWith(".json")) expect(JSON.parse(actual!), file).to.deep.equal(JSON.parse(want!));
        else expect(actual, file).to.equal(want);
      }
    }
  });
});
