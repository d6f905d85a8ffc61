/**
 * Kubernetes target on Flink 2.x (deploy/kubernetes/removed-keys.ts): a key Flink 2.0 removed
 * (release notes, "List of removed configuration options") and that no live option reads any more
 * is a warning naming what to write. Quiet on 1.x, for the 2.x names, and for the 1.x keys 2.x
 * still reads as deprecated keys (state.checkpoints.dir, state.backend, restart-strategy,
 * high-availability, state.backend.incremental, state.backend.type, state.backend.local-recovery).
 */
import { expect } from "chai";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkRemovedKeys, REMOVED_IN_2_0 } from "../src/deploy/kubernetes/removed-keys.js";
import { flinkKeyTypoWarning } from "../src/options/known-flink-options.js";

const REMOVED = (key: string, version: string, instead: string): string =>
  `${key} was removed in Flink 2.0 (release notes, "List of removed configuration options"); Flink ${version.slice(1).replace("_", ".")} (flinkVersion "${version}") keeps a key it does not know without reading it, ` +
  `so this setting has no effect: ${instead}`;

function warnings(flinkVersion: KubernetesArgs["flinkVersion"], flinkConfiguration: Record<string, string>, jobConfiguration: Record<string, string>): { path: string; message: string }[] {
  const args: KubernetesArgs = {
    image: "registry.example.com/flink-iceberg:2.0",
    flinkVersion,
    ...(flinkVersion.startsWith("v1_") ? { sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } } : {}),
    flinkConfiguration,
  };
  const facts: KubernetesJobFacts = { jobName: "j", runtimeMode: "streaming", bounded: false, parallelism: 1, flinkConfiguration: jobConfiguration, needsFormatV3: false };
  const diag = new Diagnostics();
  validateKubernetesArgs(args, facts, diag);
  return diag.warnings.filter((w) => w.message.includes("removed in Flink 2.0"));
}

describe("Kubernetes target: keys Flink 2.0 removed, on Flink 2.x", () => {
  it("a removed key in the job's configuration or flinkConfiguration is a warning naming what to write", () => {
    expect(warnings("v2_0", { "taskmanager.heap.size": "2g" }, { "table.exec.topn-cache-size": "5000", "state.backend.async": "true" })).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["taskmanager.heap.size"]', message: REMOVED("taskmanager.heap.size", "v2_0", "size the TaskManagers with kubernetes.taskManager.memory (taskmanager.memory.process.size)") },
      { path: 'configuration["state.backend.async"]', message: REMOVED("state.backend.async", "v2_0", "remove it: every state snapshot is asynchronous (Flink 1.20 had already deprecated it for that reason)") },
      { path: 'configuration["table.exec.topn-cache-size"]', message: REMOVED("table.exec.topn-cache-size", "v2_0", "write table.exec.rank.topn-cache-size (Flink 1.19 and 1.20 read that name too)") },
    ]);
    expect(
      warnings(
        "v2_1",
        { "jobmanager.heap.mb": "1024" },
        { "table.exec.shuffle-mode": "ALL_EDGES_BLOCKING", "table.exec.deduplicate.mini-batch.compact-changes.enabled": "true", "table.exec.deduplicate.insert-and-updateafter-sensitive.enabled": "false" },
      ),
    ).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["jobmanager.heap.mb"]', message: REMOVED("jobmanager.heap.mb", "v2_1", "size the JobManager with kubernetes.jobManager.memory (jobmanager.memory.process.size)") },
      {
        path: 'configuration["table.exec.deduplicate.insert-and-updateafter-sensitive.enabled"]',
        message: REMOVED("table.exec.deduplicate.insert-and-updateafter-sensitive.enabled", "v2_1", "write table.exec.deduplicate.insert-update-after-sensitive-enabled (Flink 1.19 and 1.20 read that name too)"),
      },
      {
        path: 'configuration["table.exec.deduplicate.mini-batch.compact-changes.enabled"]',
        message: REMOVED("table.exec.deduplicate.mini-batch.compact-changes.enabled", "v2_1", "write table.exec.deduplicate.mini-batch.compact-changes-enabled (Flink 1.19 and 1.20 read that name too)"),
      },
      {
        path: 'configuration["table.exec.shuffle-mode"]',
        message: REMOVED(
          "table.exec.shuffle-mode",
          "v2_1",
          "write execution.batch-shuffle-mode, whose values are named ALL_EXCHANGES_BLOCKING, ALL_EXCHANGES_PIPELINED, ALL_EXCHANGES_HYBRID_FULL and ALL_EXCHANGES_HYBRID_SELECTIVE (Flink 1.19 and 1.20 read it too)",
        ),
      },
    ]);
  });

  it("quiet: the same keys on 1.x, the 2.x names on 2.x, and the 1.x keys 2.x still reads as deprecated keys", () => {
    const removed = { "table.exec.topn-cache-size": "5000", "state.backend.async": "true", "taskmanager.heap.size": "2g" };
    for (const v of ["v1_19", "v1_20"] as const) expect(warnings(v, {}, removed), v).to.deep.equal([]);
    const still = {
      "state.backend": "rocksdb",
      "state.backend.type": "rocksdb",
      "state.backend.incremental": "true",
      "restart-strategy": "fixed-delay",
      "high-availability": "kubernetes",
      "state.checkpoint-storage": "filesystem",
      "state.checkpoints.num-retained": "3",
      "state.checkpoints.create-subdir": "false",
      "state.backend.local-recovery": "true",
    };
    const current = {
      "table.exec.deduplicate.insert-update-after-sensitive-enabled": "false",
      "table.exec.deduplicate.mini-batch.compact-changes-enabled": "true",
      "table.exec.rank.topn-cache-size": "5000",
      "execution.batch-shuffle-mode": "ALL_EXCHANGES_BLOCKING", "restart-strategy.type": "fixed-delay", "high-availability.type": "kubernetes",
    };
    for (const v of ["v2_0", "v2_1"] as const) {
      expect(warnings(v, {}, still), v).to.deep.equal([]);
      expect(warnings(v, current, {}), v).to.deep.equal([]);
    }
    // No version known (a job without the Kubernetes target, or a flinkVersion that is not one): quiet.
    for (const v of [undefined, "2.0", "v3_0x"]) {
      const diag = new Diagnostics();
      checkRemovedKeys(v, removed, removed, diag);
      expect(diag.warnings, String(v)).to.deep.equal([]);
    }
  });

  it("no typo warning for a removed key (Flink 1.19 and 1.20 read it), while a misspelt current key keeps one", () => {
    for (const key of Object.keys(REMOVED_IN_2_0)) expect(flinkKeyTypoWarning(key), key).to.equal(undefined);
    expect(flinkKeyTypoWarning("table.exec.rank.topn-cache-sise")).to.contain("close to table.exec.rank.topn-cache-size");
  });
});
