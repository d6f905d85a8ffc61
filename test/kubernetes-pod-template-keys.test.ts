/**
 * Pod template keys the API server would prune (pod-template-keys.ts): the key lists equal the
 * operator CRD's (release 1.15.0), a near-miss is an error naming the key meant, any other unknown
 * key a warning, and a template of known keys renders a FlinkDeployment the CRD accepts.
 */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { parse } from "yaml";
import { buildKubernetesManifests, validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { CONTAINER_KEYS, METADATA_KEYS, POD_SPEC_KEYS, TEMPLATE_KEYS } from "../src/deploy/kubernetes/pod-template-keys.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { crdSchemaAvailable, FLINK_DEPLOYMENT_CRD, validateFlinkDeployment } from "./crd-schema.js";

const BASE: KubernetesArgs = { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" };
const FACTS: KubernetesJobFacts = { jobName: "orders", runtimeMode: "streaming", bounded: false, flinkConfiguration: { "execution.checkpointing.interval": "1min" }, needsFormatV3: false };

function run(podTemplate: Record<string, unknown>): { errors: { path: string; message: string }[]; warnings: { path: string; message: string }[] } {
  const diag = new Diagnostics();
  validateKubernetesArgs({ ...BASE, podTemplate }, FACTS, diag);
  return { errors: diag.errors, warnings: diag.warnings };
}

const dropped = (where: string, key: string): string => `${where} has no field ${JSON.stringify(key)} in the FlinkDeployment CRD, so the API server drops it without an error and no pod gets it`;

describe("kubernetes: pod template keys the API server would drop", () => {
  it("the key lists are the CRD's pod template, metadata, spec and container keys", function () {
    if (!crdSchemaAvailable) this.skip();
    type Node = { properties: Record<string, Node>; items: Node };
    const crd = parse(readFileSync(FLINK_DEPLOYMENT_CRD, "utf8")) as { spec: { versions: { name: string; schema: { openAPIV3Schema: Node } }[] } };
    const pt = crd.spec.versions.find((v) => v.name === "v1beta1")!.schema.openAPIV3Schema.properties.spec!.properties.podTemplate!;
    const keys = (n: Node): string[] => Object.keys(n.properties).sort();
    expect([...TEMPLATE_KEYS]).to.deep.equal(keys(pt));
    expect([...METADATA_KEYS]).to.deep.equal(keys(pt.properties.metadata!));
    expect([...POD_SPEC_KEYS]).to.deep.equal(keys(pt.properties.spec!));
    expect([...CONTAINER_KEYS]).to.deep.equal(keys(pt.properties.spec!.properties.containers!.items));
    expect([...CONTAINER_KEYS]).to.deep.equal(keys(pt.properties.spec!.properties.initContainers!.items));
  });

  it("a misspelt key is an error naming the key meant, at every level checked, all at once", () => {
    const { errors, warnings } = run({
      metadta: { labels: { team: "data" } },
      spec: {
        nodeselector: { pool: "flink" },
        containers: [{ name: "flink-main-container", resource: { limits: { "ephemeral-storage": "2Gi" } } }],
        initContainers: [{ name: "wait", image: "busybox:1.36", Command: ["true"] }],
      },
    });
    expect(errors).to.deep.equal([
      { path: "kubernetes.podTemplate.metadta", message: `${dropped("a pod template", "metadta")}: write "metadata" instead` },
      { path: "kubernetes.podTemplate.spec.nodeselector", message: `${dropped("a pod spec", "nodeselector")}: write "nodeSelector" instead` },
      { path: "kubernetes.podTemplate.spec.containers[0].resource", message: `${dropped("a container", "resource")}: write "resources" instead` },
      { path: "kubernetes.podTemplate.spec.initContainers[0].Command", message: `${dropped("an init container", "Command")}: write "command" instead` },
    ]);
    expect(warnings).to.deep.equal([]);
  });

  it("an unknown key that is no near-miss is a warning (a later operator's CRD may declare it)", () => {
    const { errors, warnings } = run({ metadata: { labels: { team: "data" } }, spec: { hostnameOverride: "flink-0" } });
    expect(errors).to.deep.equal([]);
    expect(warnings).to.deep.equal([
      {
        path: "kubernetes.podTemplate.spec.hostnameOverride",
        message: `${dropped("a pod spec", "hostnameOverride")} (operator release 1.15.0's CRD; a later one may declare it): check its spelling and where it belongs (known: ${POD_SPEC_KEYS.join(", ")})`,
      },
    ]);
  });

  it("a template of known keys passes and renders a FlinkDeployment the CRD accepts", function () {
    const podTemplate = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { labels: { team: "data" }, annotations: { "prometheus.io/scrape": "true" } },
      spec: {
        nodeSelector: { pool: "flink" },
        tolerations: [{ key: "dedicated", operator: "Equal", value: "flink", effect: "NoSchedule" }],
        containers: [{ name: "flink-main-container", resources: { limits: { "ephemeral-storage": "2Gi" } } }],
        initContainers: [{ name: "wait", image: "busybox:1.36", command: ["true"] }],
      },
    };
    expect(run(podTemplate)).to.deep.equal({ errors: [], warnings: [] });
    if (!crdSchemaAvailable) this.skip();
    const m = buildKubernetesManifests({ ...BASE, image: "registry.example.com/flink-iceberg:2.1", podTemplate }, FACTS, "INSERT INTO `t` SELECT 1;\n");
    expect(validateFlinkDeployment(m.flinkDeployment)).to.deep.equal([]);
  });
});
