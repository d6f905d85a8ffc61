/**
 * The Pulumi layer of the Kubernetes target under mocks: children, parenting, provider, the
 * status outputs, and case C19 (no secret in plain text; secret-derived outputs stay secret).
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { expect } from "chai";
import { kubernetesChildArgs, kubernetesDeployment, type KubernetesArgs, type KubernetesDeployment, type KubernetesJobFacts, type KubernetesJobInput } from "../src/deploy/kubernetes/index.js";
import { isValidationError } from "../src/validation/error.js";
import { drainUnhandled } from "./setup.js";
import { isSecretOutput, settle } from "./pulumi-mocks.js";

interface Seen {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  provider: string | undefined;
}
const seen: Seen[] = [];
const STATUS = { lifecycleState: "STABLE", jobStatus: { state: "RUNNING" }, error: "" };

async function mocks(): Promise<void> {
  await pulumi.runtime.setMocks(
    {
      newResource(args: pulumi.runtime.MockResourceArgs) {
        seen.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown>, provider: args.provider });
        const state = { ...(args.inputs as Record<string, unknown>) };
        if (args.type === "kubernetes:flink.apache.org/v1beta1:FlinkDeployment") state.status = STATUS;
        return { id: `${args.name}-id`, state };
      },
      call: (args: pulumi.runtime.MockCallArgs) => args.inputs as Record<string, unknown>,
    },
    "project",
    "stack",
    false,
  );
}

/** The children created as FlinkSqlJob creates them, and their outputs. */
function deployToKubernetes(parent: pulumi.ComponentResource, name: string, args: KubernetesArgs, job: KubernetesJobInput): KubernetesDeployment {
  const c = kubernetesChildArgs(parent, name, args, job);
  const configMap = new k8s.core.v1.ConfigMap(c.configMap.name, c.configMap.args, c.opts);
  const flinkDeployment = new k8s.apiextensions.CustomResource(c.flinkDeployment.name, c.flinkDeployment.args, { ...c.flinkDeployment.opts, dependsOn: [configMap] });
  return kubernetesDeployment(parent, c, configMap, flinkDeployment);
}

class Parent extends pulumi.ComponentResource {
  constructor(name: string) {
    super("test:flink:FlinkSqlJob", name);
  }
}

const SCRIPT_120 = "SET 'pipeline.name' = 'orders-daily';\nINSERT INTO `daily` SELECT `id` FROM `orders`;\n";
const FACTS_120: KubernetesJobFacts = {
  jobName: "orders-daily",
  runtimeMode: "streaming",
  bounded: false,
  parallelism: 2,
  flinkConfiguration: { "execution.checkpointing.interval": "30s", "parallelism.default": "2" },
  needsFormatV3: false,
};
const ARGS: KubernetesArgs = {
  namespace: "flink",
  image: "registry.example.com/flink-iceberg:1.20",
  flinkVersion: "v1_20",
  sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" },
  env: { AWS_REGION: "eu-west-1" },
  envFromSecrets: {
    AWS_ACCESS_KEY_ID: { secretName: "s3-credentials", key: "access-key" },
    AWS_SECRET_ACCESS_KEY: { secretName: "s3-credentials", key: "secret-key" },
  },
  awaitReady: false,
};

/** Serialization failures of the children surface as unhandled rejections a little later: take them. */
async function drainLater(): Promise<void> {
  await new Promise((r) => setTimeout(r, 500));
  drainUnhandled();
}

describe("kubernetes deploy (Pulumi layer under mocks)", () => {
  before(mocks);
  beforeEach(() => {
    seen.length = 0;
  });

  it("creates the ConfigMap and FlinkDeployment as children, with the manifests' values and the status outputs", async () => {
    const parent = new Parent("orders-daily");
    const d = deployToKubernetes(parent, "orders-daily", ARGS, { script: pulumi.output(SCRIPT_120), facts: FACTS_120 });
    const [name, ns, cm, life, job, err, urn] = await Promise.all([
      settle(d.deploymentName),
      settle(d.namespace),
      settle(d.scriptConfigMapName),
      settle(d.lifecycleState),
      settle(d.jobStatus),
      settle(d.error),
      settle(d.flinkDeployment.urn),
    ]);
    expect({ name, ns, life, job, err }).to.deep.equal({ name: "orders-daily", ns: "flink", life: "STABLE", job: "RUNNING", err: "" });
    expect(cm).to.match(/^orders-daily-sql-[0-9a-f]{10}$/);
    expect(urn).to.equal("urn:pulumi:stack::project::test:flink:FlinkSqlJob$kubernetes:flink.apache.org/v1beta1:FlinkDeployment::orders-daily");
    expect(await settle(d.configMap.urn)).to.equal("urn:pulumi:stack::project::test:flink:FlinkSqlJob$kubernetes:core/v1:ConfigMap::orders-daily-script");
    const fd = seen.find((r) => r.type === "kubernetes:flink.apache.org/v1beta1:FlinkDeployment")!;
    const spec = fd.inputs.spec as { job: { args: string[]; jarURI: string }; podTemplate: { spec: { volumes: { configMap: { name: string } }[] } } };
    expect(spec.podTemplate.spec.volumes.at(-1)!.configMap.name).to.equal(cm);
    expect(spec.job.jarURI).to.equal("local:///opt/flink/usrlib/sql-runner.jar");
    expect((fd.inputs.metadata as { annotations: unknown }).annotations).to.deep.equal({ "pulumi.com/skipAwait": "true" });
    const cmRes = seen.find((r) => r.type === "kubernetes:core/v1:ConfigMap")!;
    expect(cmRes.inputs.immutable).to.equal(true);
    expect(Object.values(cmRes.inputs.data as Record<string, string>)).to.deep.equal([SCRIPT_120]);
  });

  it("a FlinkSqlJob's FlinkDeployment is replaced delete-first (a new kubernetes.name or namespace never runs two jobs on the same tables); its ConfigMap create-first", async () => {
    // Resource options never reach the mocks' newResource: read them where the mock monitor receives the request.
    const { MockMonitor } = require("@pulumi/pulumi/runtime/mocks") as { MockMonitor: { prototype: { registerResource: (req: unknown, cb: unknown) => unknown } } };
    const original = MockMonitor.prototype.registerResource;
    const options: [string, boolean][] = [];
    MockMonitor.prototype.registerResource = function (req: unknown, cb: unknown) {
      const r = req as { getType(): string; getDeletebeforereplace(): boolean };
      if (r.getType().startsWith("kubernetes:")) options.push([r.getType(), r.getDeletebeforereplace()]);
      return original.call(this, req, cb);
    };
    try {
      const api = await import("../src/index.js");
      const cols = [{ name: "id", type: "BIGINT" }];
      const src = new api.FlinkTable("dbr_src", { columns: cols, options: { connector: "datagen" } });
      const out = new api.FlinkTable("dbr_out", { columns: cols, options: { connector: "blackhole" } });
      const job = new api.FlinkSqlJob("dbr-job", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`], kubernetes: { image: "flink:2.1", flinkVersion: "v2_1", awaitReady: false } });
      await settle(job.deployment.deploymentName!);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      MockMonitor.prototype.registerResource = original;
    }
    expect(options).to.deep.equal([
      ["kubernetes:core/v1:ConfigMap", false],
      ["kubernetes:flink.apache.org/v1beta1:FlinkDeployment", true],
    ]);
  });

  it("uses args.provider for both children", async () => {
    const provider = new k8s.Provider("cluster", {});
    const d = deployToKubernetes(new Parent("p"), "p", { ...ARGS, provider }, { script: pulumi.output(SCRIPT_120), facts: { ...FACTS_120, jobName: "p" } });
    await settle(d.flinkDeployment.urn);
    await settle(d.configMap.urn);
    const children = seen.filter((r) => r.type.startsWith("kubernetes:") && r.type !== "pulumi:providers:kubernetes");
    expect(children.map((c) => c.type)).to.deep.equal(["kubernetes:core/v1:ConfigMap", "kubernetes:flink.apache.org/v1beta1:FlinkDeployment"]);
    for (const c of children) expect(c.provider).to.match(/^urn:pulumi:stack::project::pulumi:providers:kubernetes::cluster::/);
  });

  describe("C19: secrets", () => {
    it("storage credentials reach the pods only as secretKeyRef; nothing secret is in the ConfigMap, args or flinkConfiguration", async () => {
      const d = deployToKubernetes(new Parent("c19"), "c19", ARGS, { script: pulumi.output(SCRIPT_120), facts: { ...FACTS_120, jobName: "c19" } });
      await settle(d.flinkDeployment.urn);
      const fd = seen.find((r) => r.type === "kubernetes:flink.apache.org/v1beta1:FlinkDeployment")!;
      const spec = fd.inputs.spec as { podTemplate: { spec: { containers: { env: Record<string, unknown>[] }[] } }; flinkConfiguration: Record<string, string>; job: { args: string[] } };
      const env = spec.podTemplate.spec.containers[0]!.env;
      expect(env.filter((e) => String(e.name).startsWith("AWS_") && e.name !== "AWS_REGION")).to.deep.equal([
        { name: "AWS_ACCESS_KEY_ID", valueFrom: { secretKeyRef: { key: "access-key", name: "s3-credentials" } } },
        { name: "AWS_SECRET_ACCESS_KEY", valueFrom: { secretKeyRef: { key: "secret-key", name: "s3-credentials" } } },
      ]);
      const plain = JSON.stringify({ cfg: spec.flinkConfiguration, args: spec.job.args, cm: seen.find((r) => r.type === "kubernetes:core/v1:ConfigMap")!.inputs.data });
      expect(plain).to.not.match(/secret-key|access-key|AWS_SECRET/);
    });

    it("a script that is a Pulumi secret is never written to the ConfigMap: the outputs fail with the SPEC decision 8 message", async () => {
      const d = deployToKubernetes(new Parent("s"), "s", ARGS, { script: pulumi.secret(SCRIPT_120), facts: { ...FACTS_120, jobName: "s" } });
      let caught: unknown;
      try {
        await settle(d.scriptConfigMapName);
      } catch (e) {
        caught = e;
      }
      expect(isValidationError(caught), String(caught)).to.equal(true);
      expect(String(caught)).to.contain("kubernetes.envFromSecrets");
      expect(seen.filter((r) => r.type === "kubernetes:core/v1:ConfigMap")).to.deep.equal([]);
      await drainLater();
    });

    it("outputs derived from a secret stay secret (a secret image marks the FlinkDeployment spec, not the ConfigMap)", async () => {
      const d = deployToKubernetes(new Parent("img"), "img", { ...ARGS, image: pulumi.secret("registry.example.com/private:1.20") }, { script: pulumi.output(SCRIPT_120), facts: { ...FACTS_120, jobName: "img" } });
      const spec = (d.flinkDeployment as unknown as { spec: pulumi.Output<unknown> }).spec;
      expect(await isSecretOutput(spec)).to.equal(true);
      expect(await isSecretOutput(d.configMap.data)).to.equal(false);
      expect(await settle(d.deploymentName)).to.equal("img");
    });

    it("runner hazards in a script unknown at construction fail the outputs, naming the script", async () => {
      const bad = "INSERT INTO `d` SELECT * FROM `s` /*+ OPTIONS('x'='y') */;\n";
      const d = deployToKubernetes(new Parent("hz"), "hz", ARGS, { script: pulumi.output(bad), facts: { ...FACTS_120, jobName: "hz" } });
      let caught: unknown;
      try {
        await settle(d.scriptConfigMapName);
      } catch (e) {
        caught = e;
      }
      expect(isValidationError(caught)).to.equal(true);
      expect(String(caught)).to.contain("script: the hint /*+ OPTIONS('x'='y') */ would be dropped");
      await drainLater();
    });
  });
});
