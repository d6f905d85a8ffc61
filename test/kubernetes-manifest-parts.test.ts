/**
 * The kept manifest parts (deploy/kubernetes/manifest-parts.ts), keyed by the content key of the
 * Kubernetes checks (validation-memo.ts lastChecksKey): equal content from other objects shares
 * them, a mutated object and every input the key covers, changed, give the manifests a build
 * without the memo gives; the kept parts are frozen, each job gets its own unfrozen copy (a
 * Pulumi transformation may change it in place), and the user's objects are not frozen.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { buildKubernetesManifests, validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts, type PlainKubernetesArgs } from "../src/deploy/kubernetes/index.js";
import { manifestPartsMemo } from "../src/deploy/kubernetes/manifest-parts.js";
import { kubernetesChecksMemo, lastChecksKey } from "../src/deploy/kubernetes/validation-memo.js";
import { clearAllMemos } from "../src/validation/bounded-memo.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { datagenToBlackhole, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { FACTS as FIXTURE_FACTS } from "./kubernetes-args-fixture.js";

const SCRIPT = "INSERT INTO `daily` SELECT `id` FROM `orders`;\n";

const ARGS: PlainKubernetesArgs = {
  namespace: "flink",
  image: "registry.example.com/flink-iceberg:2.1.1",
  flinkVersion: "v2_1",
  upgradeMode: "last-state",
  checkpointDir: "s3://lake/checkpoints",
  allowNonRestoredState: true,
  flinkConfiguration: { "taskmanager.numberOfTaskSlots": "2" },
  env: { AWS_REGION: "eu-west-1" },
  envFromSecrets: { AWS_SECRET_ACCESS_KEY: { secretName: "s3-credentials", key: "secret-key" } },
  jobManager: { cpu: 1, memory: "2048m" },
  taskManager: { cpu: 1, memory: "2048m" },
};

/** The job facts of the Kubernetes fixture, with this file's script. */
const FACTS: KubernetesJobFacts = { ...FIXTURE_FACTS, scriptText: SCRIPT };

type Spec = { flinkConfiguration: object; jobManager: object; taskManager: object; podTemplate: { spec: { containers: object[]; volumes: object[] } }; job: { args: string[] } };
const specOf = (m: ReturnType<typeof buildKubernetesManifests>): Spec => m.flinkDeployment.spec as Spec;

/** The job's checks, as FlinkSqlJob runs them (they write the key), then its manifests with the key they wrote. */
function checkedBuild(args: object, facts: KubernetesJobFacts, script = SCRIPT): { key: string | undefined; manifests: ReturnType<typeof buildKubernetesManifests> } {
  const diag = new Diagnostics();
  validateKubernetesArgs(args as KubernetesArgs, facts, diag);
  expect(diag.errors, JSON.stringify(diag.errors)).to.deep.equal([]);
  const key = lastChecksKey(args, facts);
  return { key, manifests: buildKubernetesManifests(args as PlainKubernetesArgs, facts, script, key) };
}

/** The same manifests without the memo (every part a new object). */
const freshBuild = (args: object, facts: KubernetesJobFacts, script = SCRIPT) => buildKubernetesManifests(structuredClone(args) as PlainKubernetesArgs, structuredClone(facts), script);

describe("Kubernetes manifest parts kept per content", () => {
  beforeEach(() => clearAllMemos());

  it("jobs of one kubernetes object (or an equal one) share the kept parts, each as its own copy; names, script and volumes stay the job's own", () => {
    const a = checkedBuild(ARGS, FACTS);
    const b = checkedBuild(structuredClone(ARGS), { ...FACTS, jobName: "orders-hourly", flinkConfiguration: { ...FACTS.flinkConfiguration } }, `${SCRIPT}-- hourly\n`);
    expect(a.key).to.be.a("string");
    expect(b.key).to.equal(a.key);
    expect(manifestPartsMemo.size).to.equal(1);
    const [sa, sb] = [specOf(a.manifests), specOf(b.manifests)];
    expect(sb.flinkConfiguration).to.deep.equal(sa.flinkConfiguration);
    expect(sb.flinkConfiguration).to.not.equal(sa.flinkConfiguration);
    expect(sb.jobManager).to.deep.equal(sa.jobManager);
    expect(sb.jobManager).to.not.equal(sa.jobManager);
    expect(sb.taskManager).to.deep.equal(sa.taskManager);
    expect(sb.taskManager).to.not.equal(sa.taskManager);
    expect(sb.podTemplate.spec.containers).to.deep.equal(sa.podTemplate.spec.containers);
    expect(sb.podTemplate.spec.containers).to.not.equal(sa.podTemplate.spec.containers);
    expect(sb.podTemplate.spec.volumes).to.not.equal(sa.podTemplate.spec.volumes);
    expect(sb.podTemplate.spec.volumes).to.deep.equal([{ configMap: { name: (b.manifests.configMap.metadata as { name: string }).name }, name: "flink-iceberg-sql" }]);
    expect((b.manifests.configMap.metadata as { name: string }).name).to.match(/^orders-hourly-sql-[0-9a-f]{10}$/);
    expect(a.manifests).to.deep.equal(freshBuild(ARGS, FACTS));
    expect(b.manifests).to.deep.equal(freshBuild(ARGS, { ...FACTS, jobName: "orders-hourly" }, `${SCRIPT}-- hourly\n`));
  });

  it("a job's manifests are its own unfrozen objects (review: a transformation writes into them); the user's args are not frozen", () => {
    const args = structuredClone(ARGS);
    const { manifests } = checkedBuild(args, FACTS);
    const spec = specOf(manifests);
    expect(Object.isFrozen(spec.flinkConfiguration)).to.equal(false);
    expect(Object.isFrozen(spec.podTemplate.spec.containers[0])).to.equal(false);
    expect(Object.isFrozen((spec.jobManager as { resource: object }).resource)).to.equal(false);
    expect(Object.isFrozen(spec)).to.equal(false);
    // A change to one job's manifests reaches neither the kept parts nor the next job's.
    (spec.flinkConfiguration as Record<string, string>)["metrics.reporters"] = "prom";
    ((spec.podTemplate.spec.containers[0] as { env: object[] }).env).push({ name: "X", value: "1" });
    const next = specOf(checkedBuild(structuredClone(ARGS), { ...FACTS, jobName: "orders-hourly" }).manifests);
    expect(next.flinkConfiguration).to.not.have.property("metrics.reporters");
    expect(next.podTemplate.spec.containers).to.deep.equal(specOf(freshBuild(ARGS, FACTS)).podTemplate.spec.containers);
    expect(Object.isFrozen(args.jobManager)).to.equal(false);
    expect(Object.isFrozen(args.env)).to.equal(false);
    expect(Object.isFrozen(args.envFromSecrets!.AWS_SECRET_ACCESS_KEY)).to.equal(false);
  });

  it("a key is given only for the arg and facts objects the last checks saw", () => {
    const { key } = checkedBuild(ARGS, FACTS);
    expect(lastChecksKey(ARGS, FACTS)).to.equal(key);
    expect(lastChecksKey(structuredClone(ARGS), FACTS)).to.equal(undefined);
    expect(lastChecksKey(ARGS, { ...FACTS })).to.equal(undefined);
    checkedBuild(structuredClone(ARGS), FACTS);
    expect(lastChecksKey(ARGS, FACTS)).to.equal(undefined);
    kubernetesChecksMemo.clear();
    expect(lastChecksKey(ARGS, FACTS)).to.equal(undefined);
    // A script that reads env: is checked without a key: its manifests are built without one too.
    const envScript = { ...FACTS, scriptText: "SET 'x' = '${env:A}';\n" };
    const diag = new Diagnostics();
    validateKubernetesArgs(ARGS as KubernetesArgs, envScript, diag);
    expect(lastChecksKey(ARGS, envScript)).to.equal(undefined);
  });

  it("an object mutated between two jobs gets the manifests of its new content", () => {
    const args = structuredClone(ARGS) as PlainKubernetesArgs & { jobManager: { memory: string }; env: Record<string, string> };
    const first = checkedBuild(args, FACTS);
    args.jobManager.memory = "4096m";
    args.env.AWS_REGION = "us-east-1";
    const second = checkedBuild(args, FACTS);
    expect(second.key).to.not.equal(first.key);
    expect((specOf(second.manifests).jobManager as { resource: { memory: string } }).resource.memory).to.equal("4096m");
    expect((specOf(second.manifests).podTemplate.spec.containers[0] as { env: object[] }).env[0]).to.deep.equal({ name: "AWS_REGION", value: "us-east-1" });
    expect(second.manifests).to.deep.equal(freshBuild(args, FACTS));
  });

  it("every input the parts read, changed after a primed job, gives the fresh manifests (and other ones than the primed job's)", () => {
    const variants: [string, object, KubernetesJobFacts][] = [
      ["namespace", { ...ARGS, namespace: "other" }, FACTS],
      ["image", { ...ARGS, image: "registry.example.com/flink-iceberg:2.1.2" }, FACTS],
      ["flinkVersion", { ...ARGS, flinkVersion: "v2_0" }, FACTS],
      ["serviceAccount", { ...ARGS, serviceAccount: "runner" }, FACTS],
      ["mode", { ...ARGS, mode: "native" }, FACTS],
      ["upgradeMode", { ...ARGS, upgradeMode: "savepoint", savepointDir: "s3://lake/savepoints" }, FACTS],
      ["checkpointDir", { ...ARGS, checkpointDir: "s3://lake/other" }, FACTS],
      ["flinkConfiguration", { ...ARGS, flinkConfiguration: { "taskmanager.numberOfTaskSlots": "4" } }, FACTS],
      ["env", { ...ARGS, env: { AWS_REGION: "us-east-1" } }, FACTS],
      ["envFromSecrets", { ...ARGS, envFromSecrets: { AWS_SECRET_ACCESS_KEY: { secretName: "s3-credentials", key: "secret-key", optional: true } } }, FACTS],
      ["jobManager", { ...ARGS, jobManager: { cpu: 2, memory: "2048m" } }, FACTS],
      ["taskManager", { ...ARGS, taskManager: { cpu: 1, memory: "2048m", replicas: 2 } }, FACTS],
      ["podTemplate", { ...ARGS, podTemplate: { metadata: { labels: { team: "data" } } } }, FACTS],
      ["state", { ...ARGS, state: "suspended" }, FACTS],
      ["awaitReady", { ...ARGS, awaitReady: false }, FACTS],
      ["timeout", { ...ARGS, timeout: 900 }, FACTS],
      ["initialSavepointPath", { ...ARGS, initialSavepointPath: "s3://lake/savepoints/sp-1" }, FACTS],
      ["allowNonRestoredState", { ...ARGS, allowNonRestoredState: false }, FACTS],
      ["name", { ...ARGS, name: "orders" }, FACTS],
      ["facts.flinkConfiguration", ARGS, { ...FACTS, flinkConfiguration: { "execution.checkpointing.interval": "30s", "parallelism.default": "2" } }],
      ["facts.parallelism", ARGS, { ...FACTS, parallelism: 3 }],
      ["facts.runtimeMode", { ...ARGS, upgradeMode: "stateless" }, { ...FACTS, runtimeMode: "batch" }],
      ["facts.bounded", ARGS, { ...FACTS, bounded: true }],
    ];
    const primed = checkedBuild(ARGS, FACTS);
    for (const [what, args, facts] of variants) {
      const got = checkedBuild(args, facts);
      expect(got.key, what).to.be.a("string").and.not.equal(primed.key);
      expect(got.manifests, what).to.deep.equal(freshBuild(args, facts));
      expect(JSON.stringify(got.manifests), what).to.not.equal(JSON.stringify(primed.manifests));
      // The primed content again: still its own manifests.
      expect(checkedBuild(structuredClone(ARGS), FACTS).manifests, what).to.deep.equal(primed.manifests);
    }
  });

  it("a user podTemplate is merged per job, with the kept env entries", () => {
    const args = { ...ARGS, podTemplate: { spec: { containers: [{ name: "flink-main-container", env: [{ name: "A", value: "1" }] }], volumes: [{ name: "scratch", emptyDir: {} }] } } };
    const a = checkedBuild(args, FACTS);
    const b = checkedBuild(structuredClone(args), { ...FACTS, jobName: "orders-hourly" });
    expect(b.key).to.equal(a.key);
    const [ta, tb] = [specOf(a.manifests).podTemplate, specOf(b.manifests).podTemplate];
    expect(tb.spec.containers).to.not.equal(ta.spec.containers);
    expect(Object.isFrozen((tb.spec.containers[0] as { env: object[] }).env)).to.equal(false);
    expect(tb.spec.containers[0]).to.deep.equal({
      name: "flink-main-container",
      env: [
        { name: "A", value: "1" },
        { name: "AWS_REGION", value: "eu-west-1" },
        { name: "AWS_SECRET_ACCESS_KEY", valueFrom: { secretKeyRef: { key: "secret-key", name: "s3-credentials" } } },
      ],
      volumeMounts: [{ mountPath: "/opt/flink/sql", name: "flink-iceberg-sql", readOnly: true }],
    });
    expect(tb.spec.volumes[0]).to.deep.equal({ name: "scratch", emptyDir: {} });
    expect(b.manifests).to.deep.equal(freshBuild(args, { ...FACTS, jobName: "orders-hourly" }));
    expect(Object.isFrozen(args.podTemplate.spec.containers[0])).to.equal(false);
  });
});

describe("Kubernetes manifest parts kept per content, as a program (FlinkSqlJob under mocks)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const K8S = { namespace: "flink", image: "registry.example.com/flink-iceberg:2.1.1", flinkVersion: "v2_1", jobManager: { cpu: 1, memory: "2048m" }, env: { AWS_REGION: "eu-west-1" } };
  const manifestsOf = (name: string, kubernetes: object) =>
    settle(new api.FlinkSqlJob(name, { statements: [datagenToBlackhole(api, name.replace(/-/g, "_"))], kubernetes: kubernetes as never }).deployment.manifests!());

  it("jobs of one kubernetes object, mutated between two of them, get the manifests each would get with every memo empty", async () => {
    clearAllMemos();
    const kubernetes = structuredClone(K8S);
    const first = (await manifestsOf("parts-job-1", kubernetes)) as { spec?: { podTemplate: unknown } }[];
    const second = await manifestsOf("parts-job-2", kubernetes);
    kubernetes.jobManager.memory = "4096m";
    kubernetes.env.AWS_REGION = "us-east-1";
    const third = await manifestsOf("parts-job-3", kubernetes);
    // A job's manifests without what is its own (its name, its script and the script's hash), for another job's to equal.
    const shared = (m: unknown, job: string): unknown => {
      const [cm, fd] = structuredClone(m) as Record<string, unknown>[];
      delete cm!.data;
      return JSON.parse(JSON.stringify([cm, fd]).replaceAll(job, "JOB").replaceAll(job.replace(/-/g, "_"), "JOB").replace(/-sql-[0-9a-f]{10}/g, "-sql-HASH").replace(/script-[0-9a-f]{16}/g, "script-HASH")) as unknown;
    };
    clearAllMemos();
    expect(shared(await manifestsOf("parts-job-2b", structuredClone(K8S)), "parts-job-2b")).to.deep.equal(shared(second, "parts-job-2"));
    clearAllMemos();
    expect(shared(await manifestsOf("parts-job-3b", kubernetes), "parts-job-3b")).to.deep.equal(shared(third, "parts-job-3"));
    expect(shared(third, "parts-job-3")).to.not.deep.equal(shared(second, "parts-job-2"));
    const memory = (m: unknown) => ((m as { spec: { jobManager: { resource: { memory: string } } } }[])[1]!.spec.jobManager.resource.memory);
    expect([memory(first), memory(second), memory(third)]).to.deep.equal(["2048m", "2048m", "4096m"]);
  });

  it("a transformation that writes into one job's FlinkDeployment (review: the kept parts were frozen, so it threw) changes that job only", async () => {
    clearAllMemos();
    const tagged: pulumi.ResourceTransformation = (a) => {
      if (a.type === "kubernetes:flink.apache.org/v1beta1:FlinkDeployment") {
        const props = a.props as { metadata: { annotations: Record<string, string> }; spec: { flinkConfiguration: Record<string, string>; podTemplate: { spec: { containers: { env: object[] }[] } } } };
        props.metadata.annotations["team"] = "data";
        props.spec.flinkConfiguration["metrics.reporters"] = "prom";
        props.spec.podTemplate.spec.containers[0]!.env.push({ name: "TEAM", value: "data" });
      }
      return undefined;
    };
    const job = (name: string, opts?: pulumi.ComponentResourceOptions) => new api.FlinkSqlJob(name, { statements: [datagenToBlackhole(api, name.replace(/-/g, "_"))], kubernetes: structuredClone(K8S) as never }, opts);
    const first = job("tx-job-1", { transformations: [tagged] });
    const second = job("tx-job-2");
    const fd = async (j: InstanceType<Api["FlinkSqlJob"]>) => ((await settle(j.deployment.manifests!())) as { metadata: { annotations: Record<string, string> }; spec: { flinkConfiguration: Record<string, string>; podTemplate: { spec: { containers: { env: { name: string }[] }[] } } } }[])[1]!;
    const [a, b] = [await fd(first), await fd(second)];
    expect([a.metadata.annotations["team"], a.spec.flinkConfiguration["metrics.reporters"], a.spec.podTemplate.spec.containers[0]!.env.map((e) => e.name)]).to.deep.equal(["data", "prom", ["AWS_REGION", "TEAM"]]);
    expect([b.metadata.annotations["team"], b.spec.flinkConfiguration["metrics.reporters"], b.spec.podTemplate.spec.containers[0]!.env.map((e) => e.name)]).to.deep.equal([undefined, undefined, ["AWS_REGION"]]);
  });
});
