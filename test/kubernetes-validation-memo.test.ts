/**
 * The memo of the Kubernetes checks (deploy/kubernetes/validation-memo.ts): equal content hits from
 * other objects, a mutated object and every fact the key covers miss and give the fresh result,
 * the statements and the script's size are checked per job, and a hit records what a run records.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { kubernetesChecksKey, kubernetesChecksMemo } from "../src/deploy/kubernetes/validation-memo.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import type { ValidationIssue } from "../src/validation/error.js";
import { BASE, FACTS } from "./kubernetes-args-fixture.js";

type Found = { errors: ValidationIssue[]; warnings: ValidationIssue[] };

function check(args: unknown, facts: Partial<KubernetesJobFacts> = {}): Found {
  const diag = new Diagnostics();
  validateKubernetesArgs(args as KubernetesArgs, { ...FACTS, ...facts }, diag);
  return { errors: diag.errors, warnings: diag.warnings };
}

/** The same checks unmemoized: a collector holding an error already is never served from the memo. */
function fresh(args: unknown, facts: Partial<KubernetesJobFacts> = {}): Found {
  const sentinel = { path: "other", message: "recorded before" };
  const diag = new Diagnostics("", [sentinel]);
  const size = kubernetesChecksMemo.size;
  validateKubernetesArgs(args as KubernetesArgs, { ...FACTS, ...facts }, diag);
  expect(kubernetesChecksMemo.size).to.equal(size);
  return { errors: diag.errors.slice(1), warnings: diag.warnings };
}

const LAST_STATE = { ...BASE, upgradeMode: "last-state", checkpointDir: "s3://lake/cp", jobManager: { cpu: 1, memory: "2048m" } } as const;
const LAST_STATE_WARNING: ValidationIssue = {
  path: "kubernetes.allowNonRestoredState",
  message:
    'with upgradeMode "last-state" every script change restores the old state into the new plan; Flink SQL derives operator ids from the plan, so a changed script may not map onto that state and the restore fails. ' +
    'Set allowNonRestoredState: true to drop state no operator claims (or false to keep the strict check and silence this warning), or deploy the change with upgradeMode "stateless"',
};

describe("kubernetes validation memo", () => {
  beforeEach(() => kubernetesChecksMemo.clear());

  it("equal content from other objects hits, and records exactly what a run records, in new issue objects", () => {
    const first = check(structuredClone(LAST_STATE));
    expect(first).to.deep.equal({ errors: [], warnings: [LAST_STATE_WARNING] });
    expect(kubernetesChecksMemo.size).to.equal(1);
    const second = check(structuredClone(LAST_STATE), { jobName: "another-job" });
    expect(kubernetesChecksMemo.size).to.equal(1);
    expect(second).to.deep.equal(first);
    expect(second.warnings[0]).to.not.equal(first.warnings[0]);
    expect(fresh(structuredClone(LAST_STATE))).to.deep.equal(first);
  });

  it("a hit records under the caller's collector prefix, as a run does", () => {
    check(structuredClone(LAST_STATE));
    const diag = new Diagnostics("jobs[3]");
    validateKubernetesArgs(structuredClone(LAST_STATE) as unknown as KubernetesArgs, FACTS, diag);
    expect(diag.warnings).to.deep.equal([{ path: "jobs[3].kubernetes.allowNonRestoredState", message: LAST_STATE_WARNING.message }]);
  });

  it("an object mutated between two jobs misses and gives the fresh result", () => {
    const args = structuredClone(LAST_STATE) as { jobManager: { memory: string } };
    check(args);
    args.jobManager.memory = "2 gigs";
    const after = check(args);
    expect(kubernetesChecksMemo.size).to.equal(2);
    expect(after.errors).to.deep.equal([
      { path: "kubernetes.jobManager.memory", message: '"2 gigs" is not a memory size: use a Flink size ("2048m", "2g") or a Kubernetes quantity ("2Gi", also written "2GiB")' },
    ]);
    expect(after).to.deep.equal(fresh(args));
  });

  it("keys tell apart values JSON would not: an undefined key, -0, NaN, a hole, a string against a number", () => {
    const key = (args: object): string | undefined => kubernetesChecksKey(args, FACTS);
    expect(key({ ...BASE })).to.not.equal(key({ ...BASE, typo: undefined }));
    expect(key({ ...BASE, jobManager: { cpu: 0 } })).to.not.equal(key({ ...BASE, jobManager: { cpu: -0 } }));
    expect(key({ ...BASE, jobManager: { cpu: NaN } })).to.not.equal(key({ ...BASE, jobManager: { cpu: null } }));
    // eslint-disable-next-line no-sparse-arrays
    expect(key({ ...BASE, podTemplate: { spec: { containers: [, {}] } } })).to.not.equal(key({ ...BASE, podTemplate: { spec: { containers: [undefined, {}] } } }));
    expect(key({ ...BASE, jobManager: { cpu: 1 } })).to.not.equal(key({ ...BASE, jobManager: { cpu: "1" } }));
    expect(check({ ...BASE, typo: undefined }).errors.map((e) => e.path)).to.deep.equal(["kubernetes.typo"]);
    expect(check({ ...BASE }).errors).to.deep.equal([]);
  });

  it("the last key is reused only for the same content: in-place mutations of the arg give the key a fresh computation gives", () => {
    const key = (args: object, facts: Partial<KubernetesJobFacts> = {}): string | undefined => kubernetesChecksKey(args, { ...FACTS, ...facts });
    /** The key computed without the last key at hand (another arg asked in between). */
    const freshKey = (args: object, facts: Partial<KubernetesJobFacts> = {}): string | undefined => {
      key({ ...BASE, namespace: "in-between" });
      return key(args, facts);
    };
    const args = structuredClone(LAST_STATE) as Record<string, unknown> & { jobManager: Record<string, unknown> };
    const first = key(args);
    expect(key(structuredClone(LAST_STATE))).to.equal(first);
    const mutations: (() => void)[] = [
      () => (args.jobManager.cpu = -0),
      () => (args.jobManager.cpu = NaN),
      () => (args.env = { A: "1" }),
      () => ((args.env as Record<string, string>).A = "2"),
      () => (args.podTemplate = { spec: { containers: [undefined] } }),
      // eslint-disable-next-line no-sparse-arrays
      () => (args.podTemplate = { spec: { containers: [,] } }),
      () => delete args.env,
      () => Object.defineProperty(args, "hidden", { value: 1, enumerable: false }),
    ];
    let previous = first;
    for (const [i, mutate] of mutations.entries()) {
      mutate();
      const now = key(args);
      expect(now, `mutation ${i}`).to.not.equal(previous);
      expect(freshKey(args), `mutation ${i}`).to.equal(now);
      previous = now;
    }
    // Equal content again (keys in another order are another content: the checks report in key order).
    const reordered = { ...structuredClone(LAST_STATE), image: BASE.image };
    const { image, ...rest } = structuredClone(LAST_STATE) as Record<string, unknown>;
    expect(key({ ...rest, image })).to.not.equal(key(structuredClone(LAST_STATE)));
    expect(key(reordered)).to.equal(first);
    // Same arg, another fact: another key.
    expect(key(reordered, { parallelism: 9 })).to.not.equal(first);
    expect(key(reordered)).to.equal(first);
  });

  it("every job fact the key covers, changed, misses and gives the fresh result", () => {
    const stateless = { ...BASE, flinkVersion: "v1_19" };
    const base = check(stateless);
    expect(base).to.deep.equal({ errors: [], warnings: [] });
    const changes: Partial<KubernetesJobFacts>[] = [
      { flinkConfiguration: { "parallelism.default": "x" } },
      { parallelism: 3 },
      { runtimeMode: "batch" },
      { bounded: true },
      { needsFormatV3: true },
      { scriptText: "SELECT 1;" },
      { streamingIcebergReads: ['IcebergSource "orders"'] },
      { statelessRestartReads: ['FlinkTable "events"'] },
      { uncommittedGroupReads: ['FlinkTable "events"'] },
    ];
    for (const [i, facts] of changes.entries()) {
      const got = check(stateless, facts);
      expect(kubernetesChecksMemo.size, JSON.stringify(facts)).to.equal(i + 2);
      expect(got, JSON.stringify(facts)).to.deep.equal(fresh(stateless, facts));
    }
    expect(check(stateless, { needsFormatV3: true }).errors.map((e) => e.path)).to.deep.equal(["kubernetes.flinkVersion"]);
    expect(check(stateless, { streamingIcebergReads: ['IcebergSource "orders"'] }).errors[0]!.message).to.contain('IcebergSource "orders"');
    expect(check(stateless, { streamingIcebergReads: ['IcebergSource "payments"'] }).errors[0]!.message).to.contain('IcebergSource "payments"');
  });

  it("the added connectors are keyed for an official image, and left out for another repository", () => {
    const official = { ...BASE, image: "flink:1.20.1" };
    const a = check(official, { addedConnectors: [{ label: 'IcebergSink "a"', connector: "iceberg" }] });
    const b = check(official, { addedConnectors: [{ label: 'IcebergSink "b"', connector: "iceberg" }] });
    expect(a.errors.map((e) => e.message.includes('IcebergSink "a"'))).to.deep.equal([true]);
    expect(b.errors.map((e) => e.message.includes('IcebergSink "b"'))).to.deep.equal([true]);
    expect(b).to.deep.equal(fresh(official, { addedConnectors: [{ label: 'IcebergSink "b"', connector: "iceberg" }] }));
    kubernetesChecksMemo.clear();
    check(BASE, { addedConnectors: [{ label: 'IcebergSink "a"', connector: "iceberg" }] });
    check(BASE, { addedConnectors: [{ label: 'IcebergSink "b"', connector: "iceberg" }] });
    expect(kubernetesChecksMemo.size).to.equal(1);
  });

  it("the streaming reads are left out of the key only when the arg names a stateful upgradeMode", () => {
    check(LAST_STATE, { streamingIcebergReads: ['IcebergSource "a"'] });
    check(LAST_STATE, { streamingIcebergReads: ['IcebergSource "b"'] });
    expect(kubernetesChecksMemo.size).to.equal(1);
  });

  it("the statements and the script's size are checked per job on a hit", () => {
    const hazard = (text: string) => [{ label: "statements[0]", text }];
    const a = check(BASE, { statements: hazard("INSERT INTO `a` SELECT id, 'x--y' FROM `src`") });
    const b = check(BASE, { statements: hazard("INSERT INTO `b` SELECT id, 'p--q' FROM `src`") });
    expect(kubernetesChecksMemo.size).to.equal(1);
    expect(a.errors.map((e) => e.message.slice(0, 44))).to.deep.equal(["statements[0]: the string literal 'x--y' con"]);
    expect(b.errors.map((e) => e.message.slice(0, 44))).to.deep.equal(["statements[0]: the string literal 'p--q' con"]);
    const big = check(BASE, { scriptText: "x".repeat(1_000_001) });
    expect(big.errors).to.deep.equal([{ path: "kubernetes", message: "the script is 1000001 bytes; a ConfigMap holds at most about 1 MiB (1000000 bytes are allowed)" }]);
    expect(check(BASE, { scriptText: "x" }).errors).to.deep.equal([]);
  });

  it("is not used for a script that reads env: variables, nested Outputs, or class instances below the top level", () => {
    expect(kubernetesChecksKey(BASE, { ...FACTS, scriptText: "'x' = 'env:TOKEN'" })).to.equal(undefined);
    expect(kubernetesChecksKey({ ...BASE, flinkConfiguration: { a: pulumi.output("b") } }, FACTS)).to.equal(undefined);
    expect(kubernetesChecksKey({ ...BASE, podTemplate: { spec: new Map() } }, FACTS)).to.equal(undefined);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(kubernetesChecksKey({ ...BASE, podTemplate: cyclic }, FACTS)).to.equal(undefined);
    // A top-level Output image is read only as an Output.
    expect(kubernetesChecksKey({ ...BASE, image: pulumi.output("flink:1.20") }, FACTS)).to.equal(kubernetesChecksKey({ ...BASE, image: pulumi.output("other") }, FACTS));
    expect(kubernetesChecksKey({ ...BASE, image: pulumi.output("flink:1.20") }, FACTS)).to.not.equal(kubernetesChecksKey({ ...BASE, image: Promise.resolve("flink:1.20") }, FACTS));
  });

  it("is bounded", () => {
    for (let i = 0; i < 1100; i++) check({ ...BASE, namespace: `ns-${i}` });
    expect(kubernetesChecksMemo.size).to.be.at.most(1024);
    expect(kubernetesChecksMemo.size).to.be.at.least(1);
  });
});
