/**
 * Exact manifests of the Kubernetes target (Flink 1.20 with the runner jar, Flink 2.1 with
 * SqlDriver), the content-hash behaviour, naming, and CRD-schema conformance.
 */
import { createHash } from "node:crypto";
import { expect } from "chai";
import { buildKubernetesManifests, deriveDeploymentName, type KubernetesJobFacts, type PlainKubernetesArgs } from "../src/deploy/kubernetes/index.js";
import { waitAnnotations } from "../src/deploy/kubernetes/wait.js";
import { CRD_SCHEMA_SKIP_REASON, crdSchemaAvailable, validateFlinkDeployment } from "./crd-schema.js";

const sha = (s: string): string => createHash("sha256").update(s, "utf8").digest("hex");

const SCRIPT_120 = [
  "SET 'execution.checkpointing.interval' = '30s';",
  "SET 'table.exec.iceberg.use-flip27-source' = 'true';",
  "CREATE TABLE `orders` (`id` BIGINT) WITH ('connector' = 'iceberg', 'catalog-name' = 'lake');",
  "INSERT INTO `daily` SELECT `id` FROM `orders`;",
  "",
].join("\n");

const ARGS_120: PlainKubernetesArgs = {
  namespace: "flink",
  image: "registry.example.com/flink-iceberg:1.20",
  flinkVersion: "v1_20",
  sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" },
  upgradeMode: "savepoint",
  checkpointDir: "s3://lake/checkpoints",
  savepointDir: "s3://lake/savepoints",
  allowNonRestoredState: true,
  flinkConfiguration: { "taskmanager.numberOfTaskSlots": "2" },
  env: { AWS_REGION: "eu-west-1" },
  envFromSecrets: {
    AWS_SECRET_ACCESS_KEY: { secretName: "s3-credentials", key: "secret-key" },
    AWS_ACCESS_KEY_ID: { secretName: "s3-credentials", key: "access-key" },
  },
};

const FACTS_120: KubernetesJobFacts = {
  jobName: "orders-daily",
  runtimeMode: "streaming",
  bounded: false,
  parallelism: 2,
  flinkConfiguration: { "execution.checkpointing.interval": "30s", "parallelism.default": "2", "pipeline.name": "orders-daily" },
  needsFormatV3: false,
};

const SCRIPT_21 = "SET 'table.exec.iceberg.use-flip27-source' = 'true';\nINSERT INTO `archive` SELECT * FROM `orders`;\n";
const ARGS_21: PlainKubernetesArgs = {
  image: "registry.example.com/flink-iceberg:2.1",
  flinkVersion: "v2_1",
  mode: "standalone",
  name: "nightly-archive",
  jobManager: { cpu: 0.5, memory: "1Gi" },
  taskManager: { cpu: 2, memory: "4096m", replicas: 2 },
  timeout: 900,
};
const FACTS_21: KubernetesJobFacts = {
  jobName: "archive",
  runtimeMode: "batch",
  bounded: true,
  flinkConfiguration: { "execution.runtime-mode": "batch", "parallelism.default": "4" },
  needsFormatV3: false,
};

describe("kubernetes manifests", () => {
  it("Flink 1.20: ConfigMap and FlinkDeployment with the runner jar, exactly", () => {
    const h = sha(SCRIPT_120);
    const cmName = `orders-daily-sql-${h.slice(0, 10)}`;
    const file = `script-${h.slice(0, 16)}.sql`;
    const labels = { "app.kubernetes.io/managed-by": "pulumi-flink-iceberg", "app.kubernetes.io/name": "orders-daily" };
    const m = buildKubernetesManifests(ARGS_120, FACTS_120, SCRIPT_120);
    expect(m.configMap).to.deep.equal({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: cmName, namespace: "flink", labels },
      immutable: true,
      data: { [file]: SCRIPT_120 },
    });
    expect(m.flinkDeployment).to.deep.equal({
      apiVersion: "flink.apache.org/v1beta1",
      kind: "FlinkDeployment",
      metadata: {
        name: "orders-daily",
        namespace: "flink",
        labels,
        annotations: { "pulumi.com/timeoutSeconds": "600", "pulumi.com/waitFor": 'jsonpath={.status[?(@.state=="RUNNING" && ($.status.observedGeneration==$.metadata.generation && $.status.reconciliationStatus.state=="DEPLOYED"))].state}' },
      },
      spec: {
        image: "registry.example.com/flink-iceberg:1.20",
        flinkVersion: "v1_20",
        serviceAccount: "flink",
        mode: "standalone",
        flinkConfiguration: {
          "execution.checkpointing.dir": "s3://lake/checkpoints",
          "execution.checkpointing.interval": "30s",
          "execution.checkpointing.savepoint-dir": "s3://lake/savepoints",
          "pipeline.name": "orders-daily",
          "taskmanager.numberOfTaskSlots": "2",
        },
        podTemplate: {
          spec: {
            containers: [
              {
                name: "flink-main-container",
                env: [
                  { name: "AWS_REGION", value: "eu-west-1" },
                  { name: "AWS_ACCESS_KEY_ID", valueFrom: { secretKeyRef: { key: "access-key", name: "s3-credentials" } } },
                  { name: "AWS_SECRET_ACCESS_KEY", valueFrom: { secretKeyRef: { key: "secret-key", name: "s3-credentials" } } },
                ],
                volumeMounts: [{ mountPath: "/opt/flink/sql", name: "flink-iceberg-sql", readOnly: true }],
              },
            ],
            volumes: [{ configMap: { name: cmName }, name: "flink-iceberg-sql" }],
          },
        },
        jobManager: {
          resource: { cpu: 1, memory: "2048m" },
          replicas: 1,
        },
        taskManager: { resource: { cpu: 1, memory: "2048m" } },
        job: {
          jarURI: "local:///opt/flink/usrlib/sql-runner.jar",
          args: [`/opt/flink/sql/${file}`],
          parallelism: 2,
          upgradeMode: "savepoint",
          state: "running",
          allowNonRestoredState: true,
        },
      },
    });
  });

  it("Flink 2.1: SqlDriver with --scriptUri, no jar; batch waits for RUNNING or FINISHED; parallelism from parallelism.default", () => {
    const h = sha(SCRIPT_21);
    const cmName = `nightly-archive-sql-${h.slice(0, 10)}`;
    const m = buildKubernetesManifests(ARGS_21, FACTS_21, SCRIPT_21);
    const labels = { "app.kubernetes.io/managed-by": "pulumi-flink-iceberg", "app.kubernetes.io/name": "nightly-archive" };
    expect(m.configMap).to.deep.equal({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: cmName, labels },
      immutable: true,
      data: { [`script-${h.slice(0, 16)}.sql`]: SCRIPT_21 },
    });
    expect(m.flinkDeployment).to.deep.equal({
      apiVersion: "flink.apache.org/v1beta1",
      kind: "FlinkDeployment",
      metadata: {
        name: "nightly-archive",
        labels,
        annotations: {
          "pulumi.com/timeoutSeconds": "900",
          "pulumi.com/waitFor": 'jsonpath={.status[?((@.state=="RUNNING" || @.state=="FINISHED") && ($.status.observedGeneration==$.metadata.generation && $.status.reconciliationStatus.state=="DEPLOYED"))].state}',
        },
      },
      spec: {
        image: "registry.example.com/flink-iceberg:2.1",
        flinkVersion: "v2_1",
        serviceAccount: "flink",
        mode: "standalone",
        flinkConfiguration: { "execution.runtime-mode": "batch" },
        podTemplate: {
          spec: {
            containers: [{ name: "flink-main-container", volumeMounts: [{ mountPath: "/opt/flink/sql", name: "flink-iceberg-sql", readOnly: true }] }],
            volumes: [{ configMap: { name: cmName }, name: "flink-iceberg-sql" }],
          },
        },
        jobManager: {
          resource: { cpu: 0.5, memory: "1Gi" },
          replicas: 1,
        },
        taskManager: { resource: { cpu: 2, memory: "4096m" }, replicas: 2 },
        job: {
          entryClass: "org.apache.flink.table.runtime.application.SqlDriver",
          args: ["--scriptUri", `file:///opt/flink/sql/script-${h.slice(0, 16)}.sql`],
          parallelism: 4,
          upgradeMode: "stateless",
          state: "running",
        },
      },
    });
  });

  it("waits for lifecycle SUSPENDED when suspended, and sets skipAwait when awaitReady is false", () => {
    const suspended = buildKubernetesManifests({ ...ARGS_120, state: "suspended" }, FACTS_120, SCRIPT_120).flinkDeployment as { metadata: { annotations: unknown } };
    expect(suspended.metadata.annotations).to.deep.equal({ "pulumi.com/timeoutSeconds": "600", "pulumi.com/waitFor": 'jsonpath={.status[?((@=="SUSPENDED" && $.status.observedGeneration==$.metadata.generation) || @=="CREATED")]}' });
    const bounded = buildKubernetesManifests(ARGS_120, { ...FACTS_120, bounded: true }, SCRIPT_120).flinkDeployment as { metadata: { annotations: unknown } };
    expect(bounded.metadata.annotations).to.deep.equal({
      "pulumi.com/timeoutSeconds": "600",
      "pulumi.com/waitFor": 'jsonpath={.status[?((@.state=="RUNNING" || @.state=="FINISHED") && ($.status.observedGeneration==$.metadata.generation && $.status.reconciliationStatus.state=="DEPLOYED"))].state}',
    });
    const off = buildKubernetesManifests({ ...ARGS_120, awaitReady: false }, FACTS_120, SCRIPT_120).flinkDeployment as { metadata: { annotations: unknown } };
    expect(off.metadata.annotations).to.deep.equal({ "pulumi.com/skipAwait": "true" });
  });

  it("Flink 1.19 writes the state directories under state.checkpoints.dir / state.savepoints.dir", () => {
    const m = buildKubernetesManifests({ ...ARGS_120, flinkVersion: "v1_19" }, FACTS_120, SCRIPT_120).flinkDeployment as { spec: { flinkConfiguration: Record<string, string> } };
    expect(m.spec.flinkConfiguration).to.deep.equal({
      "execution.checkpointing.interval": "30s",
      "pipeline.name": "orders-daily",
      "state.checkpoints.dir": "s3://lake/checkpoints",
      "state.savepoints.dir": "s3://lake/savepoints",
      "taskmanager.numberOfTaskSlots": "2",
    });
  });

  it("the same script gives byte-identical manifests; a changed script changes the FlinkDeployment spec", () => {
    const a = JSON.stringify(buildKubernetesManifests(ARGS_120, FACTS_120, SCRIPT_120));
    const b = JSON.stringify(buildKubernetesManifests(ARGS_120, FACTS_120, SCRIPT_120));
    expect(a).to.equal(b);
    const changed = SCRIPT_120.replace("SELECT `id`", "SELECT `id` + 1");
    const h2 = sha(changed);
    const m2 = buildKubernetesManifests(ARGS_120, FACTS_120, changed).flinkDeployment as { spec: { job: { args: string[] }; podTemplate: { spec: { volumes: { configMap: { name: string } }[] } } } };
    expect(m2.spec.job.args).to.deep.equal([`/opt/flink/sql/script-${h2.slice(0, 16)}.sql`]);
    expect(m2.spec.podTemplate.spec.volumes[0]!.configMap.name).to.equal(`orders-daily-sql-${h2.slice(0, 10)}`);
    expect(JSON.stringify(buildKubernetesManifests(ARGS_120, FACTS_120, changed).flinkDeployment)).to.not.equal(JSON.stringify(JSON.parse(a).flinkDeployment));
  });

  it("merges envFromSecrets and the script mount into the user's pod template by name, without changing it", () => {
    // A sidecar first and a user volume: merged by name here, so the operator's positional merge never renames or replaces them.
    const user = {
      metadata: { labels: { team: "data" } },
      spec: {
        containers: [{ name: "sidecar", image: "busybox" }, { name: "flink-main-container", env: [{ name: "TZ", value: "UTC" }], volumeMounts: [{ name: "hadoop-conf", mountPath: "/etc/hadoop" }] }],
        volumes: [{ name: "hadoop-conf", configMap: { name: "hadoop" } }],
      },
    };
    const before = JSON.stringify(user);
    const m = buildKubernetesManifests({ ...ARGS_120, env: undefined, podTemplate: user }, FACTS_120, SCRIPT_120).flinkDeployment as { spec: { podTemplate: unknown } };
    expect(JSON.stringify(user)).to.equal(before);
    const cmName = `orders-daily-sql-${sha(SCRIPT_120).slice(0, 10)}`;
    expect(m.spec.podTemplate).to.deep.equal({
      metadata: { labels: { team: "data" } },
      spec: {
        containers: [
          { name: "sidecar", image: "busybox" },
          {
            name: "flink-main-container",
            env: [
              { name: "TZ", value: "UTC" },
              { name: "AWS_ACCESS_KEY_ID", valueFrom: { secretKeyRef: { key: "access-key", name: "s3-credentials" } } },
              { name: "AWS_SECRET_ACCESS_KEY", valueFrom: { secretKeyRef: { key: "secret-key", name: "s3-credentials" } } },
            ],
            volumeMounts: [
              { name: "hadoop-conf", mountPath: "/etc/hadoop" },
              { mountPath: "/opt/flink/sql", name: "flink-iceberg-sql", readOnly: true },
            ],
          },
        ],
        volumes: [
          { name: "hadoop-conf", configMap: { name: "hadoop" } },
          { configMap: { name: cmName }, name: "flink-iceberg-sql" },
        ],
      },
    });
    expect((m as { spec: { jobManager?: { podTemplate?: unknown } } }).spec.jobManager?.podTemplate).to.equal(undefined);
  });

  it("derives a deterministic name the operator accepts", () => {
    expect(deriveDeploymentName("orders-daily")).to.equal("orders-daily");
    expect(deriveDeploymentName("Orders_Daily.v2")).to.equal("orders-daily-v2");
    expect(deriveDeploymentName("2024 backfill")).to.equal("job-2024-backfill");
    expect(deriveDeploymentName("___")).to.equal("job");
    // The README's example (kubernetes.name): runs collapse to one dash, leading/trailing dashes go.
    expect(deriveDeploymentName("Orders Ingest (Prod)")).to.equal("orders-ingest-prod");
    expect(deriveDeploymentName("-orders--ingest-")).to.equal("orders-ingest");
    const long = "customer-orders-enriched-with-payments-and-shipments-daily";
    const expected = `${long.slice(0, 38).replace(/-+$/, "")}-${sha(long).slice(0, 6)}`;
    expect(deriveDeploymentName(long)).to.equal(expected).and.to.have.length.at.most(45);
    expect(expected).to.match(/^[a-z]([-a-z0-9]{0,43}[a-z0-9])?$/);
  });

  describe("CRD schema (operator release-1.15.0)", function () {
    before(function () {
      if (!crdSchemaAvailable) {
        console.warn(`    ${CRD_SCHEMA_SKIP_REASON}`);
        this.skip();
      }
    });
    const cases: [string, PlainKubernetesArgs, KubernetesJobFacts, string][] = [
      ["Flink 1.20 runner", ARGS_120, FACTS_120, SCRIPT_120],
      ["Flink 2.1 SqlDriver", ARGS_21, FACTS_21, SCRIPT_21],
      ["Flink 1.19, suspended, no wait", { ...ARGS_120, flinkVersion: "v1_19", state: "suspended", awaitReady: false }, FACTS_120, SCRIPT_120],
      ["Flink 2.0 native with a user pod template", { ...ARGS_21, flinkVersion: "v2_0", mode: "native", podTemplate: { spec: { containers: [{ name: "flink-main-container", env: [{ name: "TZ", value: "UTC" }] }] } } }, FACTS_21, SCRIPT_21],
    ];
    for (const [title, args, facts, script] of cases) {
      it(`${title}: the FlinkDeployment validates`, () => {
        expect(validateFlinkDeployment(buildKubernetesManifests(args, facts, script).flinkDeployment)).to.deep.equal([]);
      });
    }
    it("the strict schema catches an unknown field (jobManager.resources on 1.15.0)", () => {
      const fd = buildKubernetesManifests(ARGS_120, FACTS_120, SCRIPT_120).flinkDeployment as { spec: Record<string, unknown> };
      const broken = { ...fd, spec: { ...fd.spec, jobManager: { resources: { requests: { memory: "2Gi" } } } } };
      expect(validateFlinkDeployment(broken)).to.deep.equal(["/spec/jobManager must NOT have additional properties (resources)"]);
    });
  });

  it("timeout given as a Flink duration becomes the annotation's seconds", () => {
    const streaming = { bounded: false, runtimeMode: "streaming" as const };
    expect(waitAnnotations({ timeout: "15min" }, streaming)["pulumi.com/timeoutSeconds"]).to.equal("900");
    expect(waitAnnotations({ timeout: "90 s" }, streaming)["pulumi.com/timeoutSeconds"]).to.equal("90");
    expect(waitAnnotations({ timeout: 900 }, streaming)["pulumi.com/timeoutSeconds"]).to.equal("900");
    expect(waitAnnotations({}, streaming)["pulumi.com/timeoutSeconds"]).to.equal("600");
  });
});
