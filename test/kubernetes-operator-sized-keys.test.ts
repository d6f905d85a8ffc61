/**
 * Process memory keys the operator overwrites with jobManager/taskManager.memory
 * (operator-sized-keys.ts): an error in kubernetes.flinkConfiguration and in the job's
 * configuration, naming the arg to set; the other memory options stay quiet.
 */
import { expect } from "chai";
import { run } from "./kubernetes-args-fixture.js";

const TM = (rendered: string, value: string, where: string): string =>
  `the operator overwrites taskmanager.memory.process.size with kubernetes.taskManager.memory (${rendered}): it applies the FlinkDeployment's configuration first and then the TaskManager's resource memory ` +
  `(flink-kubernetes-operator FlinkConfigBuilder.setResource), so ${JSON.stringify(value)} in ${where} would be silently ignored. ` +
  `Set kubernetes.taskManager.memory: ${JSON.stringify(value)} instead and remove this key`;

describe("kubernetes: process memory keys the operator overwrites", () => {
  it("taskmanager.memory.process.size in flinkConfiguration: the default 2048m would win", () => {
    expect(run({ flinkConfiguration: { "taskmanager.memory.process.size": "8g" } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["taskmanager.memory.process.size"]', message: TM('"2048m", the default', "8g", "kubernetes.flinkConfiguration") },
    ]);
  });

  it("jobmanager.memory.process.size in the job's configuration names the memory that is set", () => {
    const { errors } = run({ jobManager: { memory: "1g" } }, { flinkConfiguration: { "parallelism.default": "2", "jobmanager.memory.process.size": "4g" } });
    expect(errors).to.deep.equal([
      {
        path: 'configuration["jobmanager.memory.process.size"]',
        message:
          `the operator overwrites jobmanager.memory.process.size with kubernetes.jobManager.memory ("1g", as set): it applies the FlinkDeployment's configuration first and then the JobManager's resource memory ` +
          `(flink-kubernetes-operator FlinkConfigBuilder.setResource), so "4g" in the job's configuration would be silently ignored. ` +
          `Set kubernetes.jobManager.memory: "4g" instead and remove this key`,
      },
    ]);
  });

  it("quiet: the memory set through taskManager.memory, and other memory options the operator leaves alone", () => {
    expect(run({ taskManager: { memory: "8g" }, flinkConfiguration: { "taskmanager.memory.managed.fraction": "0.2", "taskmanager.numberOfTaskSlots": "4" } })).to.deep.equal({ errors: [], warnings: [] });
  });
});
