/**
 * The JSON type of every plain prop of the `kubernetes` and `sqlGateway` args, checked at
 * construction (deploy/arg-types.ts, kubernetes/arg-type-table.ts, sql-gateway/arg-type-table.ts):
 * one table of a wrong value per prop, with the exact message, each reported once, all at once, and
 * the right type of each quiet. Outputs are not checked here (but a kubernetes map rendered at
 * preview takes none).
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { argTypeProblem } from "../src/deploy/arg-types.js";
import { KUBERNETES_ARG_TYPES } from "../src/deploy/kubernetes/arg-type-table.js";
import { SQL_GATEWAY_ARG_TYPES } from "../src/deploy/sql-gateway/arg-type-table.js";
import { validateSqlGatewayArgs, type SqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { errorOf, mockedApi, type Api } from "./api.js";
import { run } from "./kubernetes-args-fixture.js";

/** A prop, a wrong value of it, and the one error it gives (path relative to the target). */
type Case = readonly [prop: string, value: unknown, path: string, message: string];

const KUBERNETES_CASES: readonly Case[] = [
  ["namespace", 5, "namespace", '5 is a number: write a namespace name, e.g. "flink-jobs"'],
  ["name", ["orders"], "name", 'is an array: write a FlinkDeployment name, e.g. "orders-ingest"'],
  ["image", 20, "image", '20 is a number: write an image reference, e.g. "registry.example.com/flink-iceberg:1.20"'],
  ["flinkVersion", 1.2, "flinkVersion", '1.2 is a number: write one of "v1_19", "v1_20", "v2_0", "v2_1"'],
  ["serviceAccount", true, "serviceAccount", 'true is a boolean: write a ServiceAccount name, e.g. "flink"'],
  ["mode", 1, "mode", '1 is a number: write "native" or "standalone"'],
  ["jobManager", "2g", "jobManager", '"2g" is a string: write an object { cpu?, memory?, replicas? }, e.g. { cpu: 1, memory: "2048m" }'],
  ["taskManager", [], "taskManager", 'is an array: write an object { cpu?, memory?, replicas? }, e.g. { cpu: 1, memory: "2048m" }'],
  ["upgradeMode", null, "upgradeMode", 'is null: write "stateless", "savepoint" or "last-state"'],
  ["state", false, "state", 'false is a boolean: write "running" or "suspended"'],
  ["checkpointDir", 1, "checkpointDir", '1 is a number: write a directory URI, e.g. "s3://bucket/checkpoints"'],
  ["savepointDir", {}, "savepointDir", 'is an object: write a directory URI, e.g. "s3://bucket/savepoints"'],
  ["initialSavepointPath", 7, "initialSavepointPath", '7 is a number: write a savepoint path, e.g. "s3://bucket/savepoints/savepoint-1a2b3c-0123456789ab"'],
  ["allowNonRestoredState", "yes", "allowNonRestoredState", '"yes" is a string: write true or false'],
  ["flinkConfiguration", "a=b", "flinkConfiguration", '"a=b" is a string: write a map of Flink option names to string values, e.g. { "taskmanager.numberOfTaskSlots": "2" }'],
  ["sqlRunner", "local:///opt/flink/usrlib/sql-runner.jar", "sqlRunner", '"local:///opt/flink/usrlib/sql-runner.jar" is a string: write an object { jarURI, entryClass? }, e.g. { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" }'],
  ["env", "LOG_LEVEL=INFO", "env", '"LOG_LEVEL=INFO" is a string: write a map of variable names to string values, e.g. { LOG_LEVEL: "INFO" }'],
  ["envFromSecrets", ["s3"], "envFromSecrets", 'is an array: write a map of variable names to Secret keys, e.g. { AWS_ACCESS_KEY_ID: { secretName: "s3", key: "access-key" } }'],
  ["podTemplate", "pod.yaml", "podTemplate", '"pod.yaml" is a string: write a core/v1 Pod template object, e.g. { spec: { nodeSelector: { pool: "flink" } } }'],
  ["awaitReady", "false", "awaitReady", '"false" is a string: write false (a boolean, without quotes)'],
  ["provider", "kind", "provider", '"kind" is a string: write a Kubernetes provider (new k8s.Provider(...)), or leave it unset for the ambient one'],
  // A Map's entries are no own props: every reader of the map would drop them.
  ["flinkConfiguration", new Map([["parallelism.default", "3"]]), "flinkConfiguration", 'is a Map: write a map of Flink option names to string values, e.g. { "taskmanager.numberOfTaskSlots": "2" }'],
  ["env", new Map([["LOG_LEVEL", "INFO"]]), "env", "is a Map: write a map of variable names to string values, e.g. { LOG_LEVEL: \"INFO\" }"],
  // Left to their own checks, which say what a wrong type is.
  ["timeout", true, "timeout", 'must be a number of seconds (e.g. 600) or a Flink duration string (e.g. "10min"), got true'],
  // Nested props.
  ["jobManager", { replicas: "2" }, "jobManager.replicas", '"2" is a string: write 2 (a number, without quotes)'],
  ["taskManager", { replicas: true }, "taskManager.replicas", "true is a boolean: write a whole number of pods, e.g. 1"],
  ["jobManager", { cpu: "1" }, "jobManager.cpu", "must be a number of cores, not a string: write 1"],
  ["taskManager", { memory: 2048 }, "taskManager.memory", 'must be a memory size string with a unit, not a number: write "2048m" for 2048 MiB, or a Kubernetes quantity such as "2Gi"'],
  ["sqlRunner", { jarURI: "local:///r.jar", entryClass: true }, "sqlRunner.entryClass", 'true is a boolean: write a Java class name, e.g. "org.apache.flink.examples.SqlRunner"'],
  ["sqlRunner", { jarURI: 5 }, "sqlRunner.jarURI", "must be a URI with a scheme, e.g. local:///opt/flink/usrlib/sql-runner.jar, got 5"],
  ["envFromSecrets", { AWS_ACCESS_KEY_ID: { secretName: "s3", key: "access-key", optional: "true" } }, 'envFromSecrets["AWS_ACCESS_KEY_ID"].optional', '"true" is a string: write true (a boolean, without quotes)'],
  ["envFromSecrets", { AWS_ACCESS_KEY_ID: { secretName: 5, key: "access-key" } }, 'envFromSecrets["AWS_ACCESS_KEY_ID"].secretName', "must be the name of a Kubernetes Secret (lower-case DNS subdomain), got 5"],
];

const GATEWAY: SqlGatewayArgs = { endpoint: "http://sql-gateway:8083" };
const GATEWAY_CASES: readonly Case[] = [
  ["endpoint", 8083, "endpoint", '8083 is a number: write the gateway\'s base URL, e.g. "http://sql-gateway:8083"'],
  ["endpoint", undefined, "endpoint", 'must be set: write the gateway\'s base URL, e.g. "http://sql-gateway:8083"'],
  // A map that may carry a credential is described, never quoted.
  ["sessionProperties", "execution.target=remote", "sessionProperties", 'is a string: write a map of Flink option names to string values, e.g. { "execution.target": "remote" }'],
  ["headers", "Authorization: x", "headers", 'is a string: write a map of header names to string values, e.g. { Authorization: pulumi.secret("Basic ...") }'],
  ["savepointDir", 5, "savepointDir", '5 is a number: write a directory URI, e.g. "s3://bucket/savepoints"'],
  ["initialSavepointPath", true, "initialSavepointPath", 'true is a boolean: write a savepoint path, e.g. "s3://bucket/savepoints/savepoint-1a2b3c-0123456789ab"'],
  ["allowNonRestoredState", "yes", "allowNonRestoredState", '"yes" is a string: write true or false'],
  ["allowNonRestoredState", 1, "allowNonRestoredState", "1 is a number: write true or false"],
  ["apiVersion", 2, "apiVersion", '2 is a number: write one of "v1", "v2", "v3", "v4", or leave it unset for the highest both sides speak'],
  ["startTimeout", true, "startTimeout", 'must be a number of seconds from 0 to 600 (e.g. 60) or a Flink duration string (e.g. "1min"), got true'],
  ["sessionProperties", new Map([["execution.target", "remote"]]), "sessionProperties", 'is a Map: write a map of Flink option names to string values, e.g. { "execution.target": "remote" }'],
  // Entries of the maps.
  ["headers", { "X-Team": 5 }, 'headers["X-Team"]', 'must be a string: write "5"'],
  ["sessionProperties", { "execution.target": 5 }, 'sessionProperties["execution.target"]', 'must be a string: write "5"'],
];

function gatewayIssues(args: Record<string, unknown>): Diagnostics {
  const diag = new Diagnostics();
  validateSqlGatewayArgs(args as unknown as SqlGatewayArgs, diag);
  return diag;
}

describe("target args: the JSON type of every plain prop", () => {
  it("the tables cover every prop of KubernetesArgs and SqlGatewayArgs, and these cases every prop", () => {
    expect([...new Set(KUBERNETES_CASES.map((c) => c[0]))].sort()).to.deep.equal([...Object.keys(KUBERNETES_ARG_TYPES), "timeout"].sort());
    expect([...new Set(GATEWAY_CASES.map((c) => c[0]))].sort()).to.deep.equal([...Object.keys(SQL_GATEWAY_ARG_TYPES), "startTimeout"].sort());
  });

  for (const [prop, value, path, message] of KUBERNETES_CASES) {
    it(`kubernetes.${prop}: ${JSON.stringify(value)} is one error at kubernetes.${path}`, () => {
      expect(run({ [prop]: value }).errors).to.deep.equal([{ path: `kubernetes.${path}`, message }]);
    });
  }

  for (const [prop, value, path, message] of GATEWAY_CASES) {
    it(`sqlGateway.${prop}: ${JSON.stringify(value)} is one error at ${path}`, () => {
      const args: Record<string, unknown> = { ...GATEWAY, [prop]: value };
      if (value === undefined) delete args[prop];
      expect(gatewayIssues(args).errors).to.deep.equal([{ path, message }]);
    });
  }

  it("allowNonRestoredState of the wrong type with a stateful upgradeMode: its type error, not also the warning to set it", () => {
    const { errors, warnings } = run({ upgradeMode: "savepoint", savepointDir: "s3://bucket/savepoints", checkpointDir: "s3://bucket/checkpoints", allowNonRestoredState: "true" });
    expect(errors).to.deep.equal([{ path: "kubernetes.allowNonRestoredState", message: '"true" is a string: write true (a boolean, without quotes)' }]);
    expect(warnings.filter((w) => w.path === "kubernetes.allowNonRestoredState")).to.deep.equal([]);
    expect(run({ upgradeMode: "savepoint", savepointDir: "s3://bucket/savepoints", checkpointDir: "s3://bucket/checkpoints" }).warnings.map((w) => w.path)).to.include("kubernetes.allowNonRestoredState");
  });

  it("the right type of every prop is quiet (the neighbours of the cases above)", () => {
    const k = run({
      namespace: "flink-jobs",
      name: "orders-ingest",
      serviceAccount: "flink",
      mode: "standalone",
      jobManager: { cpu: 1, memory: "2048m", replicas: 1 },
      taskManager: { cpu: 0.5, memory: "2g", replicas: 2 },
      upgradeMode: "savepoint",
      state: "running",
      checkpointDir: "s3://bucket/checkpoints",
      savepointDir: "s3://bucket/savepoints",
      initialSavepointPath: "s3://bucket/savepoints/savepoint-1",
      allowNonRestoredState: false,
      flinkConfiguration: { "taskmanager.numberOfTaskSlots": "2" },
      sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar", entryClass: "org.apache.flink.examples.SqlRunner" },
      env: { LOG_LEVEL: "INFO" },
      envFromSecrets: { AWS_ACCESS_KEY_ID: { secretName: "s3", key: "access-key", optional: true } },
      podTemplate: { spec: { nodeSelector: { pool: "flink" } } },
      awaitReady: true,
      timeout: "15min",
    });
    expect(k.errors).to.deep.equal([]);
    const g = gatewayIssues({
      endpoint: "http://sql-gateway:8083",
      sessionProperties: { "execution.target": "remote" },
      headers: { "X-Team": "data" },
      savepointDir: "s3://bucket/savepoints",
      initialSavepointPath: "s3://bucket/savepoints/savepoint-1",
      allowNonRestoredState: true,
      apiVersion: "v2",
      startTimeout: 60,
    });
    expect(g.errors).to.deep.equal([]);
    expect(g.warnings).to.deep.equal([]);
  });

  it("Outputs are not checked at construction, but a kubernetes map rendered at preview takes none", () => {
    const g = gatewayIssues({ endpoint: pulumi.output("http://gw:8083"), allowNonRestoredState: pulumi.output(true), savepointDir: pulumi.output("s3://b/sp"), apiVersion: pulumi.output("v2"), headers: pulumi.secret({ A: "b" }) });
    expect(g.errors).to.deep.equal([]);
    const plainOnly = "the FlinkDeployment's configuration is rendered at preview and stored in plain text, so write a plain map of strings (a secret belongs in kubernetes.envFromSecrets)";
    expect(run({ image: pulumi.output("flink:1.20"), allowNonRestoredState: pulumi.output(true), flinkConfiguration: pulumi.output({ a: "b" }) }).errors).to.deep.equal([
      { path: "kubernetes.flinkConfiguration", message: `is a Pulumi Output: ${plainOnly}` },
    ]);
  });

  it("every wrong prop is reported at once", () => {
    const g = gatewayIssues({ endpoint: 8083, headers: "Authorization: x", allowNonRestoredState: "true" });
    expect(g.errors.map((e) => e.path)).to.deep.equal(["endpoint", "headers", "allowNonRestoredState"]);
    expect(run({ allowNonRestoredState: "yes", awaitReady: 1, env: "A=b" }).errors.map((e) => e.path)).to.deep.equal(["kubernetes.allowNonRestoredState", "kubernetes.env", "kubernetes.awaitReady"]);
  });

  it("argTypeProblem: a number written as a string says the number; a finite number only", () => {
    expect(argTypeProblem(" 3 ", { type: "number", write: "a count" })).to.equal('" 3 " is a string: write 3 (a number, without quotes)');
    expect(argTypeProblem("three", { type: "number", write: "a count, e.g. 3" })).to.equal('"three" is a string: write a count, e.g. 3');
    expect(argTypeProblem(Number.NaN, { type: "number", write: "a count, e.g. 3" })).to.equal("NaN is not a finite number: write a count, e.g. 3");
    expect(argTypeProblem(3, { type: "number" })).to.equal(undefined);
  });

  describe("through the resources", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));

    it("FlinkSqlJob: sqlGateway: {} and a string of headers fail at preview, labelled", () => {
      const columns = [{ name: "id", type: "BIGINT" }];
      const src = new api.FlinkTable("tat_src", { columns, options: { connector: "datagen" } });
      const sink = new api.FlinkTable("tat_sink", { columns, options: { connector: "blackhole" } });
      const e = errorOf(() => new api.FlinkSqlJob("tat-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { headers: "Authorization: x" } as unknown as SqlGatewayArgs }));
      expect(e.issues).to.deep.equal([
        { path: "sqlGateway.endpoint", message: 'must be set: write the gateway\'s base URL, e.g. "http://sql-gateway:8083"' },
        { path: "sqlGateway.headers", message: 'is a string: write a map of header names to string values, e.g. { Authorization: pulumi.secret("Basic ...") }' },
      ]);
    });

    it("SqlGatewayJob: a wrong type is its error too (it was dropped before)", () => {
      const e = errorOf(() => new api.SqlGatewayJob("tat-gw", { endpoint: "http://gw:8083", script: "INSERT INTO t SELECT 1;", flinkConfiguration: {}, allowNonRestoredState: "yes" as unknown as boolean, savepointDir: 5 as unknown as string }));
      expect(e.message).to.equal(
        'SqlGatewayJob "tat-gw": 2 problems:\n' +
          '  - SqlGatewayJob "tat-gw": savepointDir: 5 is a number: write a directory URI, e.g. "s3://bucket/savepoints"\n' +
          '  - SqlGatewayJob "tat-gw": allowNonRestoredState: "yes" is a string: write true or false',
      );
    });
  });
});
