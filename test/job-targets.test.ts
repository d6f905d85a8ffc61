/**
 * FlinkSqlJob with its deploy targets under Pulumi mocks: the children it creates, errors from
 * the target args reported with the job's other problems, and case C19 end to end.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";
import { isSecretOutput, recorded, settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";


const catalog = { name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://lake/wh" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "v", type: "STRING" },
];
const k8s = { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1" as const, mode: "standalone" as const };


describe("FlinkSqlJob deploy targets", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  function tables(prefix: string, catalogArgs: Record<string, unknown> = catalog) {
    const src = new api.FlinkTable(`${prefix}_src`, { columns: cols, options: { connector: "datagen" } });
    const sink = new api.IcebergSink(`${prefix}_sink`, { catalog: catalogArgs as typeof catalog, database: "db", table: prefix, columns: cols, commitInterval: "30s" });
    return { src, sink };
  }

  it("kubernetes: creates the ConfigMap and FlinkDeployment as children, with the job's configuration", async () => {
    const { src, sink } = tables("k1");
    const job = new api.FlinkSqlJob("k8s-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`], parallelism: 3, kubernetes: k8s });
    const script = await settle(job.script);
    expect(await settle(job.deploymentName)).to.equal("k8s-job");
    expect(await settle(job.namespace)).to.equal("flink");
    expect(await settle(job.jobId)).to.equal(undefined);
    const cmName = await settle(job.deployment.scriptConfigMapName!);
    await new Promise((r) => setTimeout(r, 50));
    const cm = recorded.find((r) => r.type === "kubernetes:core/v1:ConfigMap" && r.name === "k8s-job-script")!;
    const fd = recorded.find((r) => r.type === "kubernetes:flink.apache.org/v1beta1:FlinkDeployment" && r.name === "k8s-job")!;
    expect(cm, "ConfigMap registered").to.exist;
    expect(fd, "FlinkDeployment registered").to.exist;
    expect((cm.inputs.metadata as { name: string }).name).to.equal(cmName);
    expect(Object.values(cm.inputs.data as Record<string, string>)).to.deep.equal([script]);
    const spec = fd.inputs.spec as { job: { parallelism: number; args: string[] }; flinkConfiguration: Record<string, string> };
    expect(spec.job.parallelism).to.equal(3);
    expect(spec.flinkConfiguration["execution.checkpointing.interval"]).to.equal("30s");
    expect(spec.flinkConfiguration["execution.runtime-mode"]).to.equal("STREAMING");
    const manifests = (await settle(job.deployment.manifests!())) as { kind: string }[];
    expect(manifests.map((m) => m.kind)).to.deep.equal(["ConfigMap", "FlinkDeployment"]);
    // job.deployment as a whole (e.g. `export const deployment = job.deployment`): every output is an own key.
    expect(Object.keys(job.deployment)).to.deep.equal(["manifests", "manifestsRedacted", "deploymentName", "namespace", "scriptConfigMapName", "lifecycleState", "jobStatus", "error"]);
    const whole = (await settle(pulumi.output(job.deployment))) as unknown as Record<string, unknown>;
    expect({ deploymentName: whole.deploymentName, namespace: whole.namespace, scriptConfigMapName: whole.scriptConfigMapName }).to.deep.equal({ deploymentName: "k8s-job", namespace: "flink", scriptConfigMapName: cmName });
    // The gateway's warnings output exists on every job (the SQL Gateway example exports it): none here.
    expect(await settle(job.gatewayWarnings)).to.deep.equal([]);
  });

  it("reports target problems together with the job's own, under the job's prop paths", () => {
    const { src, sink } = tables("k2");
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("bad-target", {
          statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`],
          configuration: { "s3.access-key": "x" },
          kubernetes: { ...k8s, flinkVersion: "v1_18" as "v1_19", flinkConfiguration: { "execution.checkpointing.interval": "10s" } },
        }),
    );
    const paths = e.issues.map((i) => i.path);
    expect(paths).to.include('configuration["s3.access-key"]');
    expect(paths.some((p) => p.startsWith("kubernetes.flinkVersion"))).to.equal(true);
    expect(paths.some((p) => p.startsWith("kubernetes.flinkConfiguration"))).to.equal(true);
    expect(e.message).to.match(/^FlinkSqlJob "bad-target": \d+ problems:/);
  });

  it("parallelism below 1 is reported once", () => {
    const { src, sink } = tables("k3");
    const e = errorOf(() => new api.FlinkSqlJob("par0", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`], parallelism: 0, kubernetes: k8s }));
    expect(e.issues.filter((i) => /parallelism/.test(i.path))).to.have.length(1);
  });

  it("kubernetes and sqlGateway are mutually exclusive", () => {
    const { src, sink } = tables("k4");
    const e = errorOf(() => new api.FlinkSqlJob("both", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`], kubernetes: k8s, sqlGateway: { endpoint: "http://gw:8083" } }));
    expect(e.issues.map((i) => i.message).join("\n")).to.contain("mutually exclusive");
  });

  it("sqlGateway: creates the SqlGatewayJob child with the script and configuration; a bad endpoint fails at preview", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const { src, sink } = tables("g1");
    const job = new api.FlinkSqlJob("gw-job", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`],
      sqlGateway: { endpoint: "http://gateway:8083", headers: { Authorization: pulumi.secret("Bearer t") }, savepointDir: "s3://lake/sp" },
    });
    const script = await settle(job.script);
    await new Promise((r) => setTimeout(r, 50));
    const child = recorded.find((r) => r.name === "gw-job-gateway")!;
    expect(child, "SqlGatewayJob registered").to.exist;
    expect(child.type).to.equal("pulumi-nodejs:dynamic/flink-iceberg:SqlGatewayJob");
    expect(child.inputs.script).to.equal(script);
    expect(child.inputs.endpoint).to.equal("http://gateway:8083");
    expect(child.inputs.flinkConfiguration).to.deep.equal({ "execution.checkpointing.interval": "30s", "execution.runtime-mode": "STREAMING" });
    // Under mocks the secret arrives unwrapped; what matters is that the resource marks it secret.
    const gw = (job as unknown as { deployment: { jobId: unknown } }).deployment;
    expect(gw.jobId).to.exist;
    const e = errorOf(() => new api.FlinkSqlJob("gw-bad", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`], sqlGateway: { endpoint: "gateway:8083" } }));
    expect(e.issues[0]!.path).to.equal("sqlGateway.endpoint");
  });

  it("sqlGateway: a streaming Iceberg read without savepointDir is a warning (every update would start the read over)", async () => {
    const { registry } = await import("../src/components/job-registry.js");
    const stream = new api.IcebergSource("gws_src", { catalog, database: "db", table: "gws_src", columns: cols, streaming: true });
    const { sink } = tables("gws");
    new api.FlinkSqlJob("gw-stream", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${stream}`], sqlGateway: { endpoint: "http://gw:8083" } });
    new api.FlinkSqlJob("gw-stream-sp", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${stream}`], sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://lake/sp" } });
    const warnings = (name: string): readonly string[] => registry().jobs.find((j) => j.name === name)!.warnings;
    expect(warnings("gw-stream")).to.deep.equal([
      'sqlGateway.savepointDir: the job reads IcebergSource "gws_src" as a stream, and the snapshot it has reached lives only in Flink state: without savepointDir every update stops the job without a savepoint ' +
        "and submits the new script from empty state, so the read starts over from its starting strategy (reading again what it had read, or, from the latest snapshot, skipping what was committed meanwhile); set savepointDir",
    ]);
    expect(warnings("gw-stream-sp")).to.deep.equal([]);
  });

  it("sqlGateway: a secret map of session properties is accepted; a user:password endpoint, a credential inside a plain value and a number for a credential key are errors that never echo the value", async () => {
    const { src, sink } = tables("gwv");
    new api.FlinkSqlJob("gw-secret-map", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`],
      sqlGateway: { endpoint: "http://gw:8083", sessionProperties: pulumi.secret({ "table.catalog-store.jdbc.password": "x" }) as unknown as Record<string, string> },
    });
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("gw-leaky", {
          statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`],
          sqlGateway: {
            endpoint: "http://admin:hunter2@gw:8083",
            sessionProperties: { "table.catalog-store.jdbc.url": "https://AKIA:topsecret@minio:9000", "table.catalog-store.jdbc.password": 123456 as unknown as string },
          },
        }),
    );
    expect(e.issues.map((i) => i.path)).to.deep.equal(["sqlGateway.endpoint", 'sqlGateway.sessionProperties["table.catalog-store.jdbc.url"]', 'sqlGateway.sessionProperties["table.catalog-store.jdbc.password"]']);
    expect(e.message).not.to.contain("hunter2").and.not.contain("topsecret").and.not.contain("123456");
    // A plain (not secret) Output map is checked when known, and synth's summary never shows such a value.
    const { gatewaySubmission } = await import("../src/components/gateway-summary.js");
    const leaky = pulumi.output({ "fs.s3a.endpoint": "jdbc:postgresql://db/x?password=hunter2" });
    const job = new api.FlinkSqlJob("gw-output-map", {
      statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`],
      sqlGateway: { endpoint: "http://gw:8083", sessionProperties: leaky as unknown as Record<string, string> },
    });
    void job;
    const summary = await settle(gatewaySubmission({ endpoint: "http://gw:8083", script: "", flinkConfiguration: {}, sessionProperties: leaky }));
    expect(JSON.stringify(summary)).not.to.contain("hunter2");
    await new Promise((r) => setTimeout(r, 50));
    const failures = drainUnhandled().map(String);
    expect(failures.length).to.be.greaterThan(0);
    for (const f of failures) expect(f).to.contain("carries a credential in a map that is not a Pulumi secret").and.not.contain("hunter2");
  });

  it("sqlGateway: a session property the job's configuration also sets, with another value, is a preview error (the script's SET line would win)", () => {
    const { src, sink } = tables("gc");
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("gw-conflict", {
          statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`],
          configuration: { "pipeline.name": "ingest" },
          sqlGateway: { endpoint: "http://gw:8083", sessionProperties: { "pipeline.name": "other", "rest.address": "jm", "execution.runtime-mode": "batch" } },
        }),
    );
    expect(e.issues.map((i) => i.path)).to.deep.equal(['sqlGateway.sessionProperties["execution.runtime-mode"]', 'sqlGateway.sessionProperties["pipeline.name"]']);
    expect(e.issues[1]!.message).to.equal('conflicts with the job\'s configuration ("ingest" there, "other" here; the script\'s SET line would win): set it in one place');
  });

  describe("C19: secrets never in plain text", () => {
    it("a credential in catalog properties is a preview error naming the key and the way out", () => {
      const e = errorOf(() => new api.IcebergSink("c19a", { catalog: { ...catalog, properties: { credential: "client:secret" } }, database: "db", table: "t", columns: cols }));
      expect(e.issues[0]!.path).to.equal('catalog.properties["credential"]');
      expect(e.issues[0]!.message).to.contain("Kubernetes Secret");
    });

    it("storage keys from Kubernetes Secrets appear only as secretKeyRef; nothing secret in ConfigMap, manifests or outputs", async () => {
      const { src, sink } = tables("c19b");
      const job = new api.FlinkSqlJob("c19b-job", {
        statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`],
        kubernetes: { ...k8s, envFromSecrets: { AWS_SECRET_ACCESS_KEY: { secretName: "s3-keys", key: "secret" } } },
      });
      const manifests = JSON.stringify(await settle(job.deployment.manifests!()));
      expect(manifests).to.contain('"secretKeyRef":{"key":"secret","name":"s3-keys"}');
      const script = await settle(job.script);
      expect(script).not.to.contain("s3-keys");
      expect(await isSecretOutput(job.script)).to.equal(false);
    });

    it("a catalog uri that is a Pulumi secret fails the table, the script and the ConfigMap instead of rendering it", async () => {
      const pulumi = await import("@pulumi/pulumi");
      const { src, sink } = tables("c19c", { ...catalog, uri: pulumi.secret("https://user:pw@rest:8181") });
      const job = new api.FlinkSqlJob("c19c-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id, v FROM ${src}`], kubernetes: k8s });
      let failure: unknown;
      await settle(job.script).catch((e: unknown) => (failure = e));
      expect(String(failure)).to.contain("secret");
      await new Promise((r) => setTimeout(r, 100));
      const cm = recorded.find((r) => r.name === "c19c-job-script");
      expect(JSON.stringify(cm?.inputs ?? {})).not.to.contain("user:pw");
      const all = drainUnhandled().map(String);
      expect(all.length).to.be.greaterThan(0);
      for (const f of all) expect(f).not.to.contain("user:pw");
    });
  });
});

describe("FlinkSqlJob on the 1.19/1.20 runner: statement-set hazard", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("an INSERT in a statement set whose last line is END (CASE ... END) is a preview error", () => {
    const src = new api.FlinkTable("case_src", { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    const a = new api.FlinkTable("case_a", { columns: [{ name: "b", type: "BOOLEAN" }], options: { connector: "print" } });
    const b = new api.FlinkTable("case_b", { columns: cols, options: { connector: "print" } });
    const runner = { namespace: "flink", image: "img:1.20", flinkVersion: "v1_20" as const, sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } };
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("case-end", {
          statements: [api.sql`INSERT INTO ${a} SELECT v IS NULL FROM ${src} WHERE CASE WHEN id > 5 THEN TRUE ELSE FALSE\nEND`, api.sql`INSERT INTO ${b} SELECT id, v FROM ${src}`],
          kubernetes: runner,
        }),
    );
    expect(e.message).to.contain("the statement set").and.contain("exactly END;");
    // The same job is fine on Flink 2.x, whose SqlDriver parses the script with Flink's parser.
    new api.FlinkSqlJob("case-end-2x", {
      statements: [api.sql`INSERT INTO ${a} SELECT v IS NULL FROM ${src} WHERE CASE WHEN id > 5 THEN TRUE ELSE FALSE\nEND`, api.sql`INSERT INTO ${b} SELECT id, v FROM ${src}`],
      kubernetes: k8s,
    });
  });

  it("the manifests synth writes go through the children's checks: an Output uri whose value the 1.20 runner mis-splits fails them too", async () => {
    const { registry } = await import("../src/components/job-registry.js");
    const { isValidationError } = await import("../src/validation/error.js");
    const src = new api.FlinkTable("mh_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.IcebergSink("mh_out", { catalog: { ...catalog, uri: pulumi.output("http://rest:8181/--x") }, database: "db", table: "mh", columns: cols });
    const runner = { namespace: "flink", image: "img:1.20", flinkVersion: "v1_20" as const, sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } };
    new api.FlinkSqlJob("mh-job", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`], kubernetes: runner });
    const job = registry().jobs.find((j) => j.name === "mh-job")!;
    for (const manifests of [job.manifests!, job.manifestsRedacted!]) {
      let caught: unknown;
      try {
        await settle(manifests());
      } catch (e) {
        caught = e;
      }
      expect(isValidationError(caught), String(caught)).to.equal(true);
      expect(String(caught)).to.contain("kubernetes.flinkVersion").and.contain("--");
    }
    // The ConfigMap's own inputs fail the same way (its registration rejects): expected here.
    await new Promise((r) => setTimeout(r, 100));
    expect(drainUnhandled().map(String).every((e) => e.includes("the Flink 1.20 SQL runner strips"))).to.equal(true);
  });
  it("an image Output that resolves empty fails the FlinkDeployment and the manifests at kubernetes.image, as a plain empty image fails at preview", async () => {
    const { registry } = await import("../src/components/job-registry.js");
    const src = new api.FlinkTable("ei_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("ei_out", { columns: cols, options: { connector: "print" } });
    new api.FlinkSqlJob("ei-job", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`], kubernetes: { namespace: "flink", image: pulumi.output(" "), flinkVersion: "v2_1" } });
    const job = registry().jobs.find((j) => j.name === "ei-job")!;
    for (const manifests of [job.manifests!, job.manifestsRedacted!]) {
      let caught: { message?: string; issues?: unknown } | undefined;
      await settle(manifests()).catch((e: { message: string; issues: unknown }) => (caught = e));
      expect(caught?.issues).to.deep.equal([{ path: "kubernetes.image", message: 'resolved to " ": it must name the Flink image (with the Iceberg runtime) to run' }]);
      expect(caught?.message).to.contain('FlinkSqlJob "ei-job"');
    }
    // The FlinkDeployment's own inputs fail the same way (its registration rejects): expected here.
    await new Promise((r) => setTimeout(r, 100));
    const failures = drainUnhandled().map(String);
    expect(failures.length).to.be.greaterThan(0);
    expect(failures.every((e) => e.includes("kubernetes.image"))).to.equal(true);
  });
});

describe("FlinkSqlJob sqlGateway: session properties", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("may not override what the job decides (runtime mode, checkpoint interval, parallelism)", () => {
    const src = new api.FlinkTable("sp_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("sp_out", { columns: cols, options: { connector: "print" } });
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("sp", {
          statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`],
          sqlGateway: { endpoint: "http://gw:8083", sessionProperties: { "execution.runtime-mode": "batch", "parallelism.default": "0", "execution.checkpointing.interval": "1h", "pipeline.name": "ok" } },
        }),
    );
    expect(e.issues.map((i) => i.path)).to.deep.equal([
      'sqlGateway.sessionProperties["execution.runtime-mode"]',
      'sqlGateway.sessionProperties["parallelism.default"]',
      'sqlGateway.sessionProperties["execution.checkpointing.interval"]',
    ]);
  });

  it("a key the job's configuration also sets: the same value passes, another is an error, an Output a warning (it may resolve to the same)", () => {
    const src = new api.FlinkTable("spc_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("spc_out", { columns: cols, options: { connector: "print" } });
    const job = (name: string, ttl: pulumi.Input<string>) =>
      new api.FlinkSqlJob(name, {
        statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`],
        configuration: { "table.exec.state.ttl": "1 d" },
        sqlGateway: { endpoint: "http://gw:8083", sessionProperties: { "table.exec.state.ttl": ttl } },
      });
    job("spc-same", "1 d");
    // The same duration written another way is the same value to Flink (TimeUtils.parseDuration): no conflict.
    job("spc-same-other-unit", "24 h");
    job("spc-same-spacing", " 1d ");
    expect(errorOf(() => job("spc-other", "2 d")).issues).to.deep.equal([
      {
        path: 'sqlGateway.sessionProperties["table.exec.state.ttl"]',
        message: `conflicts with the job's configuration ("1 d" there, "2 d" here; the script's SET line would win): set it in one place`,
      },
    ]);
    job("spc-output", pulumi.output("1 d"));
    expect(jobWarnings("spc-output").filter((w) => w.includes("table.exec.state.ttl"))).to.deep.equal([
      `sqlGateway.sessionProperties["table.exec.state.ttl"]: is also in the job's configuration ("1 d" there, an Output here): if it resolves to another value, the script's SET line wins; set it in one place`,
    ]);
  });
});

describe("typos in args are reported with the closest known key", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a checkpoint interval looked for as a prop of the job, its target or a sink says where it is set", () => {
    const src = new api.FlinkTable("ci_src2", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("ci_out2", { columns: cols, options: { connector: "print" } });
    const where =
      'the checkpoint interval is set by an IcebergSink\'s commitInterval (Iceberg commits on checkpoints; the job checkpoints at its sinks\' smallest) or by the FlinkSqlJob\'s configuration: { "execution.checkpointing.interval": "1min" }';
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("ci-job", {
          statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`],
          checkpoint_interval: "1min",
          kubernetes: { namespace: "flink", image: "img", flinkVersion: "v2_1", checkpointingInterval: "1min" },
        } as never),
    );
    expect(e.issues).to.deep.equal([
      { path: "checkpoint_interval", message: `unknown arg "checkpoint_interval": ${where}` },
      { path: "kubernetes.checkpointingInterval", message: `unknown arg "checkpointingInterval": ${where}` },
    ]);
  });

  it("a parallelism looked for in the Kubernetes target says it is the job's arg", () => {
    const src = new api.FlinkTable("par_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("par_out", { columns: cols, options: { connector: "print" } });
    const e = errorOf(
      () =>
        new api.FlinkSqlJob("par-job", {
          statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`],
          kubernetes: { namespace: "flink", image: "img", flinkVersion: "v2_1", parallelism: 2 },
        } as never),
    );
    expect(e.issues).to.deep.equal([
      {
        path: "kubernetes.parallelism",
        message:
          'unknown arg "parallelism": a job\'s parallelism is the FlinkSqlJob arg parallelism (parallelism.default, and the FlinkDeployment\'s job.parallelism); ' +
          'an IcebergSink\'s writers take extraOptions: { "write-parallelism": "4" }',
      },
    ]);
  });

  it("FlinkTable, FlinkSqlJob, kubernetes and its nested args", () => {
    const t = errorOf(() => new api.FlinkTable("typo", { columns: [{ name: "a", type: "INT", coment: "x" }], options: { connector: "print" }, primarykey: ["a"] } as never));
    expect(t.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["primarykey", 'unknown arg "primarykey"; did you mean "primaryKey"?'],
      ["columns[0].coment", 'unknown arg "coment"; did you mean "comment"?'],
    ]);
    // Nothing close: the message lists every known arg (the same wording for every component).
    const far = errorOf(() => new api.FlinkTable("far", { columns: cols, options: { connector: "print" }, schedule: "x" } as never));
    expect(far.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["schedule", 'unknown arg "schedule" (known: columns, options, tableName, primaryKey, partitionedBy, watermark, comment, acknowledgedWarnings)'],
    ]);
    const farSink = errorOf(() => new api.IcebergSink("far_sink", { catalog: { name: "c", type: "rest", uri: "http://x" }, database: "d", table: "t", columns: cols, schedule: "x" } as never));
    expect(farSink.issues.map((i) => i.path)).to.deep.equal(["schedule"]);
    expect(farSink.issues[0]!.message).to.equal(
      'unknown arg "schedule" (known: catalog, database, table, tableName, partitionedBy, formatVersion, extraOptions, columns, primaryKey, acknowledgedWarnings, writeFormat, commitInterval, targetFileSizeBytes, upsertEnabled, compressionCodec)',
    );
    const src = new api.FlinkTable("typo_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("typo_out", { columns: cols, options: { connector: "print" } });
    const j = errorOf(
      () =>
        new api.FlinkSqlJob("typo-job", {
          statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`],
          parralelism: 2,
          kubernetes: { ...k8s, namespce: "x", jobManager: { memroy: "4g" }, sqlRunner: undefined },
        } as never),
    );
    expect(j.issues.map((i) => i.path)).to.deep.equal(["parralelism", "kubernetes.namespce", "kubernetes.jobManager.memroy"]);
    expect(j.issues.map((i) => /did you mean "([^"]+)"/.exec(i.message)?.[1])).to.deep.equal(["parallelism", "namespace", "memory"]);
  });
});

describe("final review regressions", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("the ConfigMap size check measures the script once, also with a statement set", () => {
    const src = new api.FlinkTable("big_src", { columns: cols, options: { connector: "datagen" } });
    const a = new api.FlinkTable("big_a", { columns: cols, options: { connector: "print" } });
    const b = new api.FlinkTable("big_b", { columns: cols, options: { connector: "blackhole" } });
    const literal = "x".repeat(300_000);
    // ~600 KB script: under the 1 MiB limit, though its INSERTs also appear inside the statement set.
    const job = new api.FlinkSqlJob("big", {
      statements: [api.sql`INSERT INTO ${a} SELECT id, ${api.sqlLiteral(literal)} FROM ${src}`, api.sql`INSERT INTO ${b} SELECT id, ${api.sqlLiteral(literal)} FROM ${src}`],
      kubernetes: k8s,
    });
    expect(job.tables).to.have.length(3);
  });

  it("exposes the operator's error output (undefined until the operator reports one)", async () => {
    const src = new api.FlinkTable("err_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("err_out", { columns: cols, options: { connector: "print" } });
    const job = new api.FlinkSqlJob("err-job", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src}`], kubernetes: k8s });
    expect(await settle(job.error)).to.equal(undefined);
  });
});
