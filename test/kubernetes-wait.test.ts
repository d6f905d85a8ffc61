/**
 * The `pulumi.com/waitFor` conditions, evaluated as RFC 9535 JSONPath (as pulumi-kubernetes does
 * since PR #3658) against FlinkDeployment objects at each step the operator goes through
 * (flink-kubernetes-operator AbstractJobReconciler.reconcileSpecChange, ReconciliationUtils
 * updateStatusBeforeDeploymentAttempt / updateStatusForDeployedSpec, CommonStatus.getLifecycleState):
 * an update's wait must not end on the old job's status.
 */
import { expect } from "chai";
import { query } from "jsonpath-rfc9535";
import { WAIT_JOB_RUNNING, WAIT_JOB_RUNNING_OR_FINISHED, WAIT_SUSPENDED } from "../src/deploy/kubernetes/wait.js";

/** True when the `jsonpath={...}` condition selects something in `object` (pulumi-kubernetes: a path without `=value` only has to match). */
function met(condition: string, object: unknown): boolean {
  const m = /^jsonpath=\{\.(.*)\}$/s.exec(condition);
  if (m === null) throw new Error(`not a value-less jsonpath condition: ${condition}`);
  return query(object as Parameters<typeof query>[0], `$.${m[1]}`).length > 0;
}

type Step = { generation: number; observed?: number; reconciliation: string; job?: string; lifecycle: string };

/** A FlinkDeployment as the API server returns it at one step. */
function deployment(s: Step): unknown {
  return {
    apiVersion: "flink.apache.org/v1beta1",
    kind: "FlinkDeployment",
    metadata: { name: "orders", generation: s.generation },
    spec: { job: { state: "running" } },
    status: {
      ...(s.job !== undefined ? { jobStatus: { jobName: "orders", state: s.job } } : {}),
      error: "",
      jobManagerDeploymentStatus: "READY",
      lifecycleState: s.lifecycle,
      ...(s.observed !== undefined ? { observedGeneration: s.observed } : {}),
      reconciliationStatus: { state: s.reconciliation, lastReconciledSpec: "{}" },
    },
  };
}

/** An upgrade of generation 1 to 2, step by step, and whether the running-job wait may end there. */
const UPGRADE: readonly [string, Step, boolean][] = [
  ["right after the PATCH: the old job still RUNNING", { generation: 2, observed: 1, reconciliation: "DEPLOYED", job: "RUNNING", lifecycle: "STABLE" }, false],
  ["old job stopped, before the deployment attempt", { generation: 2, observed: 2, reconciliation: "UPGRADING", job: "FINISHED", lifecycle: "UPGRADING" }, false],
  ["new spec submitted", { generation: 2, observed: 2, reconciliation: "DEPLOYED", job: "RECONCILING", lifecycle: "DEPLOYED" }, false],
  ["new job created", { generation: 2, observed: 2, reconciliation: "DEPLOYED", job: "CREATED", lifecycle: "DEPLOYED" }, false],
  ["new job RUNNING", { generation: 2, observed: 2, reconciliation: "DEPLOYED", job: "RUNNING", lifecycle: "STABLE" }, true],
  ["rolled back to the last stable spec", { generation: 2, observed: 2, reconciliation: "ROLLED_BACK", job: "RUNNING", lifecycle: "ROLLED_BACK" }, false],
];

describe("pulumi.com/waitFor conditions against the operator's status", () => {
  it("the running-job wait ends only when the current spec's job runs", () => {
    expect(UPGRADE.map(([what, s]) => [what, met(WAIT_JOB_RUNNING, deployment(s))])).to.deep.equal(UPGRADE.map(([what, , ok]) => [what, ok]));
    // A first deployment: generation 1 reconciled and running.
    expect(met(WAIT_JOB_RUNNING, deployment({ generation: 1, observed: 1, reconciliation: "DEPLOYED", job: "RUNNING", lifecycle: "STABLE" }))).to.equal(true);
    // Before the operator saw the resource at all.
    expect(met(WAIT_JOB_RUNNING, { metadata: { generation: 1 }, spec: {} })).to.equal(false);
  });

  it("the bounded-job wait also takes FINISHED, but not the stopped old job's FINISHED during the upgrade", () => {
    const expected = UPGRADE.map(([what, , ok]) => [what, ok]);
    expect(UPGRADE.map(([what, s]) => [what, met(WAIT_JOB_RUNNING_OR_FINISHED, deployment(s))])).to.deep.equal(expected);
    expect(met(WAIT_JOB_RUNNING_OR_FINISHED, deployment({ generation: 2, observed: 2, reconciliation: "DEPLOYED", job: "FINISHED", lifecycle: "STABLE" }))).to.equal(true);
    expect(met(WAIT_JOB_RUNNING_OR_FINISHED, deployment({ generation: 2, observed: 1, reconciliation: "DEPLOYED", job: "FINISHED", lifecycle: "STABLE" }))).to.equal(false);
  });

  it("the suspended wait: CREATED for a job created suspended, SUSPENDED only for the current generation", () => {
    expect(met(WAIT_SUSPENDED, deployment({ generation: 1, reconciliation: "UPGRADING", lifecycle: "CREATED" }))).to.equal(true);
    expect(met(WAIT_SUSPENDED, deployment({ generation: 3, observed: 3, reconciliation: "DEPLOYED", job: "FINISHED", lifecycle: "SUSPENDED" }))).to.equal(true);
    // Suspended earlier (generation 2), then the spec changed while suspended: not yet reconciled.
    expect(met(WAIT_SUSPENDED, deployment({ generation: 3, observed: 2, reconciliation: "DEPLOYED", job: "FINISHED", lifecycle: "SUSPENDED" }))).to.equal(false);
    expect(met(WAIT_SUSPENDED, deployment({ generation: 3, observed: 2, reconciliation: "DEPLOYED", job: "RUNNING", lifecycle: "STABLE" }))).to.equal(false);
  });
});
