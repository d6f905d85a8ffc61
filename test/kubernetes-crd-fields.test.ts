/**
 * The Flink Kubernetes Operator's own FlinkDeployment fields written in `kubernetes` (a second
 * new-user trial: `job: { parallelism, upgradeMode }`, `jobManager: { resource: { memory, cpu } }`):
 * the unknown-arg error says where each goes in this package's args (src/deploy/kubernetes/crd-fields.ts).
 */
import { expect } from "chai";
import { run } from "./kubernetes-args-fixture.js";

describe("kubernetes: the operator's FlinkDeployment fields, mapped to this package's props", () => {
  it("job: { parallelism, upgradeMode, savepointTriggerNonce }: each known field named with its home, the rest said to have none", () => {
    expect(run({ job: { parallelism: 2, upgradeMode: "savepoint", savepointTriggerNonce: 1 } }).errors).to.deep.equal([
      {
        path: "kubernetes.job",
        message:
          'unknown arg "job": the package writes the FlinkDeployment\'s spec.job itself from the job\'s args; ' +
          'write parallelism → the FlinkSqlJob\'s own parallelism (2), upgradeMode → kubernetes.upgradeMode ("savepoint"); "savepointTriggerNonce" has no prop here',
      },
    ]);
  });

  it("job given without fields it maps, and spec: the general homes", () => {
    expect(run({ job: {}, spec: { image: "x" } }).errors).to.deep.equal([
      {
        path: "kubernetes.job",
        message:
          'unknown arg "job": the package writes the FlinkDeployment\'s spec.job itself from the job\'s args: parallelism is the FlinkSqlJob\'s own parallelism, upgradeMode and state are kubernetes.upgradeMode and kubernetes.state',
      },
      {
        path: "kubernetes.spec",
        message:
          'unknown arg "spec": the package writes the FlinkDeployment\'s spec from the props of kubernetes (image, flinkVersion, jobManager, taskManager, flinkConfiguration, podTemplate, ...) and the job\'s own args: write those props here instead',
      },
    ]);
  });

  it("jobManager.resource / taskManager.resource: write memory and cpu directly, with the values given", () => {
    expect(run({ jobManager: { resource: { memory: "2048m", cpu: 1 } }, taskManager: { resource: {} } }).errors).to.deep.equal([
      { path: "kubernetes.jobManager.resource", message: 'unknown arg "resource": the FlinkDeployment\'s jobManager.resource fields are written directly in jobManager here: write jobManager: { memory: "2048m", cpu: 1 }' },
      { path: "kubernetes.taskManager.resource", message: 'unknown arg "resource": the FlinkDeployment\'s taskManager.resource fields are written directly in taskManager here: write taskManager: { memory: "2048m", cpu: 1 }' },
    ]);
  });

  it("other unknown keys keep the typo suggestion", () => {
    expect(run({ serviceaccount: "flink" }).errors.map((e) => e.message)).to.deep.equal(['unknown arg "serviceaccount"; did you mean "serviceAccount"?']);
  });
});
