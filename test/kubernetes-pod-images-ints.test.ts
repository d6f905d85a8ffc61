/**
 * Pod template containers without an image (only flink-main-container gets the Flink image), and
 * the int-valued Flink options the Kubernetes target reads (taskmanager.numberOfTaskSlots,
 * parallelism.default): exact paths and messages.
 */
import { expect } from "chai";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const BASE: KubernetesArgs = { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" };
const FACTS: KubernetesJobFacts = {
  jobName: "orders-daily",
  runtimeMode: "streaming",
  bounded: false,
  flinkConfiguration: { "execution.checkpointing.interval": "1min" },
  needsFormatV3: false,
};

function run(args: Partial<KubernetesArgs> | Record<string, unknown>, facts: Partial<KubernetesJobFacts> = {}): { errors: { path: string; message: string }[]; warnings: { path: string; message: string }[] } {
  const diag = new Diagnostics();
  validateKubernetesArgs({ ...BASE, ...args } as KubernetesArgs, { ...FACTS, ...facts }, diag);
  return { errors: diag.errors, warnings: diag.warnings };
}

const SIDECAR_FIX =
  'the operator gives the Flink image only to the Flink container, which must be named "flink-main-container". ' +
  'If this is the Flink container, name it "flink-main-container"; if it is a sidecar, give it its own image';

describe("kubernetes pod template images", () => {
  it("a container other than flink-main-container without an image is an error; init containers too", () => {
    const { errors } = run({
      podTemplate: {
        spec: {
          initContainers: [{ name: "wait-for-catalog", command: ["sh", "-c", "true"] }, { name: "fetch-jars", image: "busybox:1.36" }],
          containers: [
            { name: "flink-main", env: [{ name: "TZ", value: "UTC" }] },
            { name: "fluent-bit", image: "" },
            { image: null },
            { name: "flink-main-container" },
            { name: "metrics", image: "prom/statsd-exporter:v0.26.0" },
          ],
        },
      },
    });
    expect(errors).to.deep.equal([
      {
        path: "kubernetes.podTemplate.spec.containers[0].image",
        message: `container "flink-main" has no image, and Kubernetes refuses a pod with such a container (containers[].image: Required value): ${SIDECAR_FIX}`,
      },
      {
        path: "kubernetes.podTemplate.spec.containers[1].image",
        message: `container "fluent-bit" has no image, and Kubernetes refuses a pod with such a container (containers[].image: Required value): ${SIDECAR_FIX}`,
      },
      {
        path: "kubernetes.podTemplate.spec.containers[2].image",
        message: `this container (it has no name) has no image, and Kubernetes refuses a pod with such a container (containers[].image: Required value): ${SIDECAR_FIX}`,
      },
      {
        path: "kubernetes.podTemplate.spec.initContainers[0].image",
        message:
          'init container "wait-for-catalog" has no image, and Kubernetes refuses a pod with such a container (initContainers[].image: Required value): ' +
          'the operator gives the Flink image only to the container named "flink-main-container" in spec.containers, never to an init container; give it its own image',
      },
    ]);
  });

  it("sidecars and init containers with their own image, and flink-main-container without one, pass", () => {
    const { errors, warnings } = run({
      podTemplate: {
        spec: {
          initContainers: [{ name: "fetch-jars", image: "busybox:1.36" }],
          containers: [{ name: "fluent-bit", image: "fluent/fluent-bit:3.0" }, { name: "flink-main-container", env: [{ name: "TZ", value: "UTC" }] }],
        },
      },
    });
    expect(errors).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });
});

describe("kubernetes int options", () => {
  it("taskmanager.numberOfTaskSlots that Flink cannot read as a whole number of at least 1 is an error, in either configuration", () => {
    const slots = (v: string): string => `${JSON.stringify(v)} is not a number of task slots: Flink reads it as a whole number of at least 1 when a TaskManager starts, and the TaskManager fails on anything else; `;
    expect(run({ flinkConfiguration: { "taskmanager.numberOfTaskSlots": "two" } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["taskmanager.numberOfTaskSlots"]', message: `${slots("two")}write a whole number such as "2"` },
    ]);
    expect(run({ flinkConfiguration: { "taskmanager.numberOfTaskSlots": "0" } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["taskmanager.numberOfTaskSlots"]', message: `${slots("0")}write a whole number such as "2"` },
    ]);
    expect(run({}, { flinkConfiguration: { ...FACTS.flinkConfiguration, "taskmanager.numberOfTaskSlots": "4.0" } }).errors).to.deep.equal([
      { path: 'configuration["taskmanager.numberOfTaskSlots"]', message: `${slots("4.0")}write "4"` },
    ]);
    // Whole numbers pass (white space is trimmed by Flink's loaders; -1 is Flink's old spelling of 1).
    for (const v of ["4", " 4 ", "-1", "+2"]) expect(run({ flinkConfiguration: { "taskmanager.numberOfTaskSlots": v } }).errors, v).to.deep.equal([]);
  });

  it("an unreadable slot count is reported once, not also as a slot shortage", () => {
    const { errors } = run({ taskManager: { cpu: 1, memory: "2048m", replicas: 1 }, flinkConfiguration: { "taskmanager.numberOfTaskSlots": "two" } }, { parallelism: 2 });
    expect(errors.map((e) => e.path)).to.deep.equal(['kubernetes.flinkConfiguration["taskmanager.numberOfTaskSlots"]']);
    // "2" slots × 1 replica covers parallelism 2; the old code read "two" as 1 and missed the bad value.
    expect(run({ taskManager: { cpu: 1, memory: "2048m", replicas: 1 }, flinkConfiguration: { "taskmanager.numberOfTaskSlots": "2" } }, { parallelism: 2 }).errors).to.deep.equal([]);
  });

  it("parallelism.default from the job's configuration: the text Flink cannot parse is quoted, with what to write", () => {
    const msg = (v: string, fix: string): string =>
      `must be a whole number of at least 1 (Flink parses it as an int, and the operator rejects job.parallelism below 1), got ${JSON.stringify(v)}; ${fix}, or set the job's \`parallelism\` arg instead`;
    const at = 'configuration["parallelism.default"]';
    expect(run({}, { flinkConfiguration: { "parallelism.default": "two" } }).errors).to.deep.equal([{ path: at, message: msg("two", 'write a whole number such as "2"') }]);
    expect(run({}, { flinkConfiguration: { "parallelism.default": "1e1" } }).errors).to.deep.equal([{ path: at, message: msg("1e1", 'write "10"') }]);
    expect(run({}, { flinkConfiguration: { "parallelism.default": "0" } }).errors).to.deep.equal([{ path: at, message: msg("0", 'write a whole number such as "2"') }]);
    expect(run({}, { flinkConfiguration: { "parallelism.default": "3" } }).errors).to.deep.equal([]);
  });
});
