/**
 * JobManager / TaskManager sizes Flink cannot divide with its default memory options
 * (memory-sizes.ts): exact messages, the boundaries computed as flink JobManagerFlinkMemoryUtils /
 * TaskExecutorFlinkMemoryUtils derive them, the user's own memory options, and the smallest sizes
 * that pass rendering a FlinkDeployment the CRD accepts.
 */
import { expect } from "chai";
import { buildKubernetesManifests, validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { jobManagerTooSmall, processMemoryBytes, taskManagerTooSmall } from "../src/deploy/kubernetes/memory-sizes.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { CRD_SCHEMA_SKIP_REASON, crdSchemaAvailable, validateFlinkDeployment } from "./crd-schema.js";

const BASE: KubernetesArgs = { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" };
const FACTS: KubernetesJobFacts = { jobName: "orders", runtimeMode: "streaming", bounded: false, flinkConfiguration: { "execution.checkpointing.interval": "1min" }, needsFormatV3: false };
const Mi = 1024 * 1024;

function errors(args: Partial<KubernetesArgs>): { path: string; message: string }[] {
  const diag = new Diagnostics();
  validateKubernetesArgs({ ...BASE, ...args } as KubernetesArgs, FACTS, diag);
  return diag.errors;
}

const JM_512 =
  '"512m" is too small for a JobManager: Flink takes the JVM metaspace (256m), the JVM overhead (at least 192m) and the off-heap memory (128m) from it first, ' +
  'leaving no heap, so the cluster fails to deploy ("The configured Total Flink Memory ... is less than the configured Off-heap Memory"; flink JobManagerFlinkMemoryUtils). ' +
  'Give it at least "704m" (Flink\'s recommended 128m heap), e.g. "1g", or set the jobmanager.memory.* options in kubernetes.flinkConfiguration';
const TM_768 =
  '"768m" is too small for a TaskManager: Flink takes the JVM metaspace (256m), the JVM overhead (at least 192m), framework heap and off-heap memory (128m each), ' +
  'managed memory (0.4 of the rest) and network memory (at least 64m) from it before the task heap, so the cluster fails to deploy ("Sum of configured Framework Heap Memory ... exceed configured Total Flink Memory"; flink TaskExecutorFlinkMemoryUtils). ' +
  'Give it at least "1g", or set the taskmanager.memory.* options in kubernetes.flinkConfiguration';

describe("kubernetes: process memory sizes Flink cannot divide", () => {
  it("a JobManager and a TaskManager too small are both reported, at their memory paths, exactly", () => {
    expect(errors({ jobManager: { memory: "512m" }, taskManager: { memory: "768m" } })).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: JM_512 },
      { path: "kubernetes.taskManager.memory", message: TM_768 },
    ]);
  });

  it("the boundaries: a JobManager needs more than 576m, a TaskManager about 982m (defaults of Flink 1.19 to 2.1)", () => {
    expect([576, 577].map((m) => jobManagerTooSmall(m * Mi))).to.deep.equal([true, false]);
    expect([981, 982].map((m) => taskManagerTooSmall(m * Mi))).to.deep.equal([true, false]);
    // Above 1920m the overhead is a tenth of the process; the defaults never fail there.
    expect([2048, 4096, 65536].map((m) => [jobManagerTooSmall(m * Mi), taskManagerTooSmall(m * Mi)])).to.deep.equal([[false, false], [false, false], [false, false]]);
  });

  it("memory texts are read as the operator reads them: Flink sizes first (1G is 1 GiB, 1000M 1000 MiB), else Kubernetes quantities", () => {
    expect(["1g", "1G", "1024 mb", "1Gi", "1536Mi", "1000M", "1073741824", "2x"].map(processMemoryBytes)).to.deep.equal([
      1024 * Mi, 1024 * Mi, 1024 * Mi, 1024 * Mi, 1536 * Mi, 1000 * Mi, 1024 * Mi, undefined,
    ]);
    expect(errors({ taskManager: { memory: "0.9Gi" } }).map((e) => e.path)).to.deep.equal(["kubernetes.taskManager.memory"]);
    expect(errors({ jobManager: { memory: "1Gi" }, taskManager: { memory: "1G" } })).to.deep.equal([]);
  });

  it("IEC spellings are read as the operator reads them (FLINK-31871: white space dropped, upper-cased, a trailing B dropped, a trailing I read as i), with the same size checks", () => {
    // The trial's "1GiB": a Kubernetes quantity of 1 GiB to the operator, so no "not a memory size" error.
    expect(errors({ jobManager: { memory: "1GiB" }, taskManager: { memory: "1GiB" } })).to.deep.equal([]);
    expect(errors({ jobManager: { memory: "1 gib" }, taskManager: { memory: "2 Gi" } })).to.deep.equal([]);
    expect(["1GiB", "1gib", "1 GiB", "1536MiB", "2Gi", "1500M", "1E9", "4KiB", "1.5k", "1GB", "2 gigs", "Gi", "1iB"].map(processMemoryBytes)).to.deep.equal([
      1024 * Mi, 1024 * Mi, 1024 * Mi, 1536 * Mi, 2048 * Mi, 1500 * Mi, 1e9, 4096, undefined, 1024 * Mi, undefined, undefined, undefined,
    ]);
    // The same size checks: 512MiB is 512m, too small for a JobManager; 768MiB too small for a TaskManager.
    expect(errors({ jobManager: { memory: "512MiB" }, taskManager: { memory: "768MiB" } })).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: JM_512.replace('"512m"', '"512MiB"') },
      { path: "kubernetes.taskManager.memory", message: TM_768.replace('"768m"', '"768MiB"') },
    ]);
    // What the operator refuses stays an error: "1.5k" upper-cased is "1.5K", no quantity suffix.
    expect(errors({ taskManager: { memory: "1.5k" } })).to.deep.equal([
      { path: "kubernetes.taskManager.memory", message: '"1.5k" is not a memory size: use a Flink size ("2048m", "2g") or a Kubernetes quantity ("2Gi", also written "2GiB")' },
    ]);
  });

  it("a Kubernetes quantity with a fraction is refused as the operator refuses it (fabric8 Quantity.getAmountInBytes keeps the decimal point, 1610612736.0, which MemorySize cannot read), naming the whole size", () => {
    expect(["1.5Gi", "2.0Gi", "1.5G", "0.5Gi", ".5Gi"].map(processMemoryBytes)).to.deep.equal([undefined, undefined, undefined, undefined, undefined]);
    const fraction = (text: string, whole: string): string =>
      `${JSON.stringify(text)} has a fraction, which the operator refuses (it turns a Kubernetes quantity into a byte count that keeps the decimal point, which Flink's MemorySize cannot read: "resource memory parse error"): write ${JSON.stringify(whole)}`;
    expect(errors({ jobManager: { memory: "1.5Gi" }, taskManager: { memory: "2.0 GiB" } })).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: fraction("1.5Gi", "1536Mi") },
      { path: "kubernetes.taskManager.memory", message: fraction("2.0 GiB", "2Gi") },
    ]);
    expect(errors({ taskManager: { memory: "1.5G" } })).to.deep.equal([{ path: "kubernetes.taskManager.memory", message: fraction("1.5G", "1500000000") }]);
    // Flink's own lower-case units are 1024-based: "1.5g" meant 1.5 GiB, "1536m" (new-user trial: it was told "1500000000").
    expect(errors({ jobManager: { memory: "1.5g" }, taskManager: { memory: "0.5 gb" } })).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: fraction("1.5g", "1536m") },
      { path: "kubernetes.taskManager.memory", message: fraction("0.5 gb", "512m") },
    ]);
  });

  it("quiet when the configuration sets the component's memory options (the layout is the user's)", () => {
    expect(errors({ jobManager: { memory: "512m" }, taskManager: { memory: "768m" }, flinkConfiguration: { "jobmanager.memory.off-heap.size": "64m", "taskmanager.memory.managed.fraction": "0.1" } })).to.deep.equal([]);
    expect(errors({ jobManager: { memory: "512m" }, flinkConfiguration: { "taskmanager.memory.managed.fraction": "0.1" } }).map((e) => e.path)).to.deep.equal(["kubernetes.jobManager.memory"]);
  });

  it("a zero or negative size says the size must be positive, with a realistic size (not 'write \"0m\"')", () => {
    const positive = (shown: string, sign: string, component: string, example: string): string =>
      `${shown} is ${sign}: a ${component}'s memory must be a positive size, the memory of its whole process; write e.g. ${example}`;
    const JM = '"1024m" (or "1Gi")';
    const TM = '"2048m" (or "2Gi")';
    expect(errors({ jobManager: { memory: "0" }, taskManager: { memory: "-2g" } })).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: positive('"0"', "zero", "JobManager", JM) },
      { path: "kubernetes.taskManager.memory", message: positive('"-2g"', "negative", "TaskManager", TM) },
    ]);
    expect(errors({ jobManager: { memory: "0Gi" }, taskManager: { memory: 0 as unknown as string } })).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: positive('"0Gi"', "zero", "JobManager", JM) },
      { path: "kubernetes.taskManager.memory", message: positive("0", "zero", "TaskManager", TM) },
    ]);
    // A small positive count still reads as a missing unit.
    expect(errors({ jobManager: { memory: "1" } })).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: '"1" has no unit, so Flink reads it as bytes and the JobManager cannot start: write "1m" for 1 MiB, or e.g. "2Gi"' },
    ]);
  });

  it("the smallest sizes that pass render a FlinkDeployment the CRD accepts", function () {
    if (!crdSchemaAvailable) this.skip();
    const args = { ...BASE, jobManager: { memory: "577m" }, taskManager: { memory: "982m" } };
    expect(errors(args)).to.deep.equal([]);
    const m = buildKubernetesManifests({ ...args, image: "registry.example.com/flink-iceberg:2.1" }, FACTS, "INSERT INTO `t` SELECT 1;\n");
    expect((m.flinkDeployment.spec as Record<string, unknown>).jobManager).to.deep.equal({ resource: { cpu: 1, memory: "577m" }, replicas: 1 });
    expect((m.flinkDeployment.spec as Record<string, unknown>).taskManager).to.deep.equal({ resource: { cpu: 1, memory: "982m" } });
    expect(validateFlinkDeployment(m.flinkDeployment), CRD_SCHEMA_SKIP_REASON).to.deep.equal([]);
  });
});
