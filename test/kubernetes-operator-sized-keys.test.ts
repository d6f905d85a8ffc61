/**
 * Process memory keys the operator overwrites with jobManager/taskManager.memory
 * (operator-sized-keys.ts): a key of another size is an error in kubernetes.flinkConfiguration and
 * in the job's configuration, naming the arg to set; a key of the same size (MemorySize: 4g ==
 * 4096m) and the other memory options stay quiet.
 */
import { expect } from "chai";
import { FACTS, run } from "./kubernetes-args-fixture.js";

const FACTS_CONF = FACTS.flinkConfiguration;

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

  it("the same size as the resource memory, however spelt, is quiet: the pods get exactly what the key says", () => {
    // Reviewer's case: jobManager.memory "4096m" with the key "4096m" (before: "would be silently ignored").
    expect(run({ jobManager: { memory: "4096m" }, flinkConfiguration: { "jobmanager.memory.process.size": "4096m" } })).to.deep.equal({ errors: [], warnings: [] });
    // MemorySize is 1024-based and case-insensitive (m/mb, g/gb, a bare number is bytes); a Kubernetes quantity as the operator reads it.
    expect(run({ jobManager: { memory: "4g" }, flinkConfiguration: { "jobmanager.memory.process.size": "4096 MB" } })).to.deep.equal({ errors: [], warnings: [] });
    expect(run({ taskManager: { memory: "4Gi" } }, { flinkConfiguration: { ...FACTS_CONF, "taskmanager.memory.process.size": "4294967296" } })).to.deep.equal({ errors: [], warnings: [] });
    // An IEC spelling the operator normalises ("4GiB" → Quantity "4Gi"; resource-memory.ts) is the same size too.
    expect(run({ taskManager: { memory: "4GiB" } }, { flinkConfiguration: { ...FACTS_CONF, "taskmanager.memory.process.size": "4g" } })).to.deep.equal({ errors: [], warnings: [] });
    // Unset memory: the package renders the default 2048m, so "2g" is the same size.
    expect(run({ flinkConfiguration: { "taskmanager.memory.process.size": "2g" } })).to.deep.equal({ errors: [], warnings: [] });
  });

  it("another size is still an error: 4096k is not 4096m, and 4000M is not 4g (MemorySize is 1024-based)", () => {
    expect(run({ jobManager: { memory: "4096m" }, flinkConfiguration: { "jobmanager.memory.process.size": "4096k" } }).errors.map((e) => e.path)).to.deep.equal([
      'kubernetes.flinkConfiguration["jobmanager.memory.process.size"]',
    ]);
    expect(run({ taskManager: { memory: "4000M" }, flinkConfiguration: { "taskmanager.memory.process.size": "4g" } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["taskmanager.memory.process.size"]', message: TM('"4000M", as set', "4g", "kubernetes.flinkConfiguration") },
    ]);
  });

  it("a process size equal to a too-small memory does not hide the too-small error (the key is no layout of the user's)", () => {
    expect(run({ jobManager: { memory: "512m" }, flinkConfiguration: { "jobmanager.memory.process.size": "512m" } }).errors.map((e) => e.path)).to.deep.equal(["kubernetes.jobManager.memory"]);
  });

  it("quiet: the memory set through taskManager.memory, and other memory options the operator leaves alone", () => {
    expect(run({ taskManager: { memory: "8g" }, flinkConfiguration: { "taskmanager.memory.managed.fraction": "0.2", "taskmanager.numberOfTaskSlots": "4" } })).to.deep.equal({ errors: [], warnings: [] });
  });
});
