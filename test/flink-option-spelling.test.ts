/**
 * Misspelt Flink configuration keys (known-flink-options.ts): a warning naming the option meant, in
 * the job's configuration, kubernetes.flinkConfiguration and sqlGateway.sessionProperties; nothing
 * for a known key or one near no known key; a forbidden key keeps its own error alone.
 */
import { expect } from "chai";
import { computeJobConfig } from "../src/sql/job-config.js";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { validateSqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { flinkKeyTypoWarning, KNOWN_FLINK_OPTIONS } from "../src/options/known-flink-options.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const tail = (near: string): string => `if it misspells ${near}, Flink ignores it (unknown keys are stored and never read) and ${near} keeps its default; if it is an option of its own (a plugin's, a newer Flink's), leave it`;

function jobConfig(configuration: Record<string, string>): Diagnostics {
  const diag = new Diagnostics();
  computeJobConfig({ runtimeMode: "streaming", configuration, sinks: [], reads: [] }, diag);
  return diag;
}

describe("misspelt Flink configuration keys", () => {
  it("the job's configuration: table.exec.state.tll, taskmanager.numberOfTaskSlot, execution.checkpointing.intervall each warn with the option meant", () => {
    const diag = jobConfig({ "table.exec.state.tll": "1d", "taskmanager.numberOfTaskSlot": "2", "execution.checkpointing.intervall": "30s" });
    expect(diag.errors).to.deep.equal([]);
    expect(diag.warnings).to.deep.equal([
      {
        path: 'configuration["table.exec.state.tll"]',
        message: `"table.exec.state.tll" is not among the Flink options this package knows, and is close to table.exec.state.ttl: ${tail("table.exec.state.ttl")}`,
      },
      {
        path: 'configuration["taskmanager.numberOfTaskSlot"]',
        message: `"taskmanager.numberOfTaskSlot" is not among the Flink options this package knows, and is close to taskmanager.numberOfTaskSlots: ${tail("taskmanager.numberOfTaskSlots")}`,
      },
      {
        path: 'configuration["execution.checkpointing.intervall"]',
        message: `"execution.checkpointing.intervall" is not among the Flink options this package knows, and is close to execution.checkpointing.interval: ${tail("execution.checkpointing.interval")}`,
      },
    ]);
  });

  it("a known key, a deprecated fallback name, and a connector's or plugin's own key get nothing", () => {
    const diag = jobConfig({
      "table.exec.state.ttl": "1d",
      "state.checkpoints.dir": "s3://b/cp",
      "pipeline.operator-chaining": "false",
      "rest.flamegraph.enabled": "true",
      "state.backend.rocksdb.localdir": "/tmp/rocks",
      "metrics.reporters": "prom",
      // Real keys a new-user trial was told were typos of a neighbour (flink CheckpointingOptions 1.20+, ExecutionOptions,
      // TaskManagerOptions / JobManagerOptions, OptimizerConfigOptions; operator KubernetesOperatorConfigOptions).
      "execution.checkpointing.storage": "filesystem",
      "execution.checkpointing.create-subdir": "true",
      "execution.checkpointing.local-backup.dirs": "/tmp/lb",
      "execution.buffer-timeout.enabled": "true",
      "taskmanager.memory.jvm-overhead.max": "1g",
      "jobmanager.memory.jvm-overhead.min": "192m",
      "table.optimizer.runtime-filter.enabled": "true",
      "kubernetes.operator.cluster.health-check.restarts.threshold": "64",
      "kubernetes.operator.periodic.checkpoint.interval": "1h",
    });
    expect(diag.warnings).to.deep.equal([]);
    expect(diag.errors).to.deep.equal([]);
  });

  it("the names Flink 1.20 gave options (FLIP-406) and the 1.19 names they keep as deprecated keys get nothing; a real typo of one still warns", () => {
    // flink CheckpointingOptions / StateRecoveryOptions (1.20 – 2.x): each new key `.withDeprecatedKeys(<1.19 name>)`.
    const renamed = [
      ["execution.checkpointing.checkpoints-after-tasks-finish", "execution.checkpointing.checkpoints-after-tasks-finish.enabled"],
      ["execution.checkpointing.cleaner.parallel-mode", "state.checkpoint.cleaner.parallel-mode"],
      ["execution.checkpointing.data-inline-threshold", "state.storage.fs.memory-threshold"],
      ["execution.checkpointing.write-buffer-size", "state.storage.fs.write-buffer-size"],
      ["execution.checkpointing.aligned-checkpoint-timeout", "execution.checkpointing.alignment-timeout"],
      ["execution.state-recovery.without-channel-state.checkpoint-id", "execution.checkpointing.recover-without-channel-state.checkpoint-id"],
    ];
    const others = ["state.backend.fs.memory-threshold", "state.backend.fs.write-buffer-size", "execution.checkpointing.file-merging.max-file-size", "execution.checkpointing.file-merging.pool-blocking"];
    for (const key of [...renamed.flat(), ...others]) expect(flinkKeyTypoWarning(key), key).to.equal(undefined);
    expect(flinkKeyTypoWarning("execution.checkpointing.checkpoints-after-task-finish")).to.equal(
      `"execution.checkpointing.checkpoints-after-task-finish" is not among the Flink options this package knows, and is close to execution.checkpointing.checkpoints-after-tasks-finish: ${tail("execution.checkpointing.checkpoints-after-tasks-finish")}`,
    );
    expect(flinkKeyTypoWarning("execution.checkpointing.checkpoints-after-tasks-finish.enable")).to.equal(
      `"execution.checkpointing.checkpoints-after-tasks-finish.enable" is not among the Flink options this package knows, and is close to execution.checkpointing.checkpoints-after-tasks-finish.enabled: ${tail("execution.checkpointing.checkpoints-after-tasks-finish.enabled")}`,
    );
  });

  it("a key in the wrong case is a typo too (Flink's keys are case-sensitive)", () => {
    expect(flinkKeyTypoWarning("Table.Exec.State.TTL")).to.equal(
      `"Table.Exec.State.TTL" is not among the Flink options this package knows, and is close to table.exec.state.ttl: ${tail("table.exec.state.ttl")}`,
    );
  });

  it("a key the package forbids keeps its own error and gets no typo warning", () => {
    const diag = jobConfig({ "execution.runtime-mode": "batch", "upsert-enabled": "true" });
    expect(diag.warnings).to.deep.equal([]);
    expect(diag.errors.map((e) => e.path)).to.deep.equal(['configuration["execution.runtime-mode"]', 'configuration["upsert-enabled"]']);
  });

  it("kubernetes.flinkConfiguration: a misspelt key warns at its own path", () => {
    const args: KubernetesArgs = {
      image: "registry.example.com/flink-iceberg:1.20",
      flinkVersion: "v1_20",
      sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" },
      flinkConfiguration: { "taskmanager.numberOfTaskSlot": "2", "taskmanager.numberOfTaskSlots": "2" },
    };
    const facts: KubernetesJobFacts = { jobName: "j", runtimeMode: "streaming", bounded: false, parallelism: 2, flinkConfiguration: { "parallelism.default": "2" }, needsFormatV3: false };
    const diag = new Diagnostics();
    validateKubernetesArgs(args, facts, diag);
    expect(diag.warnings.filter((w) => w.message.includes("not among the Flink options this package knows"))).to.deep.equal([
      {
        path: 'kubernetes.flinkConfiguration["taskmanager.numberOfTaskSlot"]',
        message: `"taskmanager.numberOfTaskSlot" is not among the Flink options this package knows, and is close to taskmanager.numberOfTaskSlots: ${tail("taskmanager.numberOfTaskSlots")}`,
      },
    ]);
  });

  it("sqlGateway.sessionProperties: a misspelt key warns; cluster keys (rest.address, execution.target) do not", () => {
    const diag = new Diagnostics();
    validateSqlGatewayArgs(
      { endpoint: "http://gateway:8083", sessionProperties: { "table.exec.state.tll": "1d", "rest.address": "jm", "execution.target": "remote" } },
      diag,
    );
    expect(diag.errors).to.deep.equal([]);
    expect(diag.warnings).to.deep.equal([
      {
        path: 'sessionProperties["table.exec.state.tll"]',
        message: `"table.exec.state.tll" is not among the Flink options this package knows, and is close to table.exec.state.ttl: ${tail("table.exec.state.ttl")}`,
      },
    ]);
  });

  it("the list has no duplicates", () => {
    expect(new Set(KNOWN_FLINK_OPTIONS).size).to.equal(KNOWN_FLINK_OPTIONS.length);
  });
});
