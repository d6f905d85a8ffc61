/**
 * Flink configuration keys users commonly set in a FlinkSqlJob's `configuration`,
 * `kubernetes.flinkConfiguration` or `sqlGateway.sessionProperties`, for one check Flink does not
 * make: a key a few characters away from one of these (`table.exec.state.tll`) is a typo. Flink
 * stores an unknown key and nothing reads it, so the option keeps its default (for
 * `table.exec.state.ttl`: state that is never cleaned up). This is a warning, never an error:
 * Flink has hundreds of options and connectors and plugins add their own, so a key missing from
 * this list may be right; a key far from every one here gets nothing.
 *
 * Sources (the option names of Flink 1.19 – 2.x, with the older names Flink still reads as
 * fallbacks, which are listed so that they are not taken for typos):
 * - flink `flink-table/flink-table-api-java/.../config/ExecutionConfigOptions.java`,
 *   `OptimizerConfigOptions.java`, `TableConfigOptions.java`
 *   (docs/layouts/shortcodes/generated/execution_config_configuration.html,
 *   optimizer_config_configuration.html);
 * - flink `flink-core/.../configuration/CheckpointingOptions.java`, `StateBackendOptions.java`,
 *   `StateRecoveryOptions.java`, `ExecutionOptions.java`, `PipelineOptions.java`,
 *   `CoreOptions.java` (`parallelism.default`), `DeploymentOptions.java`,
 *   `TaskManagerOptions.java`, `JobManagerOptions.java`, `RestartStrategyOptions.java`,
 *   `HighAvailabilityOptions.java` (generated/checkpointing_configuration.html,
 *   execution_checkpointing_configuration.html, pipeline_configuration.html, ...);
 * - the FLIP-406 reorganisation (Flink 1.20: FLINK-34456 moved ExecutionCheckpointingOptions into
 *   CheckpointingOptions, FLINK-34454 / FLINK-34482 / FLINK-34484 renamed the options): each new
 *   name is declared `.withDeprecatedKeys(<1.19 name>)` in 1.20 – 2.x, so both are listed, e.g.
 *   `execution.checkpointing.checkpoints-after-tasks-finish` (1.19:
 *   `execution.checkpointing.checkpoints-after-tasks-finish.enabled`),
 *   `execution.checkpointing.data-inline-threshold` (`state.storage.fs.memory-threshold`, itself
 *   once `state.backend.fs.memory-threshold`), `execution.checkpointing.cleaner.parallel-mode`,
 *   `execution.checkpointing.write-buffer-size`,
 *   `execution.state-recovery.without-channel-state.checkpoint-id`; the 1.20 names Flink 1.19
 *   does not read are deploy/kubernetes/renamed-keys.ts';
 * - the experimental emit options of legacy group windows (flink
 *   `flink-table-planner/.../plan/utils/WindowEmitStrategy.scala`: `table.exec.emit.*`; the SQL's
 *   window-emit.ts reads the two `enabled` keys);
 * - the keys this package itself reads or sets: the checkpoint / savepoint directory keys
 *   (kubernetes/versions.ts), the restore keys (deploy/target-keys.ts), Iceberg's
 *   `table.exec.iceberg.use-flip27-source` (iceberg `FlinkConfigOptions.java`) and the
 *   flink-kubernetes-operator keys of kubernetes/runner-hazards.ts
 *   (operator `KubernetesOperatorConfigOptions.java`).
 *
 * A plain array and plain functions: the SQL Gateway provider's modules are serialized by Pulumi.
 */
import { closestKey } from "../validation/known-keys.js";
import { REMOVED_IN_2_0 } from "../deploy/kubernetes/removed-keys.js";

export const KNOWN_FLINK_OPTIONS: readonly string[] = [
  // ExecutionConfigOptions (table.exec.*)
  "table.exec.async-lookup.buffer-capacity",
  "table.exec.async-lookup.key-ordered-enabled",
  "table.exec.async-lookup.output-mode",
  "table.exec.async-lookup.timeout",
  "table.exec.async-scalar.max-concurrent-operations",
  "table.exec.async-scalar.max-attempts",
  "table.exec.async-scalar.retry-delay",
  "table.exec.async-scalar.retry-strategy",
  "table.exec.async-scalar.timeout",
  "table.exec.async-state.enabled",
  "table.exec.deduplicate.insert-update-after-sensitive-enabled",
  "table.exec.deduplicate.mini-batch.compact-changes-enabled",
  "table.exec.disabled-operators",
  // WindowEmitStrategy (experimental, legacy group windows)
  "table.exec.emit.allow-lateness",
  "table.exec.emit.early-fire.delay",
  "table.exec.emit.early-fire.enabled",
  "table.exec.emit.late-fire.delay",
  "table.exec.emit.late-fire.enabled",
  "table.exec.interval-join.min-cleanup-interval",
  "table.exec.legacy-cast-behaviour",
  "table.exec.mini-batch.allow-latency",
  "table.exec.mini-batch.enabled",
  "table.exec.mini-batch.size",
  "table.exec.operator-fusion-codegen.enabled",
  "table.exec.rank.topn-cache-size",
  "table.exec.resource.default-parallelism",
  "table.exec.simplify-operator-name-enabled",
  "table.exec.sink.keyed-shuffle",
  "table.exec.sink.nested-constraint-enforcer",
  "table.exec.sink.not-null-enforcer",
  "table.exec.sink.rowtime-inserter",
  "table.exec.sink.type-length-enforcer",
  "table.exec.sink.upsert-materialize",
  "table.exec.sort.default-limit",
  "table.exec.sort.async-merge-enabled",
  "table.exec.sort.max-num-file-handles",
  "table.exec.source.cdc-events-duplicate",
  "table.exec.source.idle-timeout",
  "table.exec.spill-compression.block-size",
  "table.exec.spill-compression.enabled",
  "table.exec.state.ttl",
  "table.exec.uid.format",
  "table.exec.uid.generation",
  "table.exec.iceberg.use-flip27-source",
  // OptimizerConfigOptions (table.optimizer.*), TableConfigOptions
  "table.optimizer.agg-phase-strategy",
  "table.optimizer.distinct-agg.split.bucket-num",
  "table.optimizer.distinct-agg.split.enabled",
  "table.optimizer.join-reorder-enabled",
  "table.optimizer.multiple-input-enabled",
  "table.optimizer.non-deterministic-update.strategy",
  "table.optimizer.reuse-source-enabled",
  "table.optimizer.reuse-sub-plan-enabled",
  "table.optimizer.source.report-statistics-enabled",
  "table.optimizer.source.predicate-pushdown-enabled",
  "table.optimizer.runtime-filter.enabled",
  "table.dml-sync",
  "table.local-time-zone",
  "table.sql-dialect",
  // ExecutionOptions, DeploymentOptions, StateRecoveryOptions (execution.*)
  "execution.runtime-mode",
  "execution.buffer-timeout",
  "execution.buffer-timeout.enabled",
  "execution.buffer-timeout.interval",
  "execution.batch-shuffle-mode",
  "execution.target",
  "execution.attached",
  "execution.state-recovery.path",
  "execution.state-recovery.ignore-unclaimed-state",
  "execution.state-recovery.claim-mode",
  "execution.state-recovery.from-local",
  "execution.state-recovery.without-channel-state.checkpoint-id",
  "execution.checkpointing.recover-without-channel-state.checkpoint-id",
  "execution.savepoint.path",
  "execution.savepoint.ignore-unclaimed-state",
  "execution.savepoint-restore-mode",
  // CheckpointingOptions (execution.checkpointing.*)
  "execution.checkpointing.interval",
  "execution.checkpointing.mode",
  "execution.checkpointing.timeout",
  "execution.checkpointing.min-pause",
  "execution.checkpointing.max-concurrent-checkpoints",
  "execution.checkpointing.tolerable-failed-checkpoints",
  "execution.checkpointing.externalized-checkpoint-retention",
  "execution.checkpointing.aligned-checkpoint-timeout",
  "execution.checkpointing.alignment-timeout",
  "execution.checkpointing.unaligned",
  "execution.checkpointing.unaligned.enabled",
  "execution.checkpointing.unaligned.forced",
  "execution.checkpointing.checkpoints-after-tasks-finish",
  "execution.checkpointing.checkpoints-after-tasks-finish.enabled",
  "execution.checkpointing.interval-during-backlog",
  "execution.checkpointing.dir",
  "execution.checkpointing.savepoint-dir",
  "execution.checkpointing.incremental",
  "execution.checkpointing.num-retained",
  "execution.checkpointing.local-backup.enabled",
  "execution.checkpointing.local-backup.dirs",
  "execution.checkpointing.storage",
  "execution.checkpointing.create-subdir",
  "execution.checkpointing.cleaner.parallel-mode",
  "execution.checkpointing.data-inline-threshold",
  "execution.checkpointing.write-buffer-size",
  "execution.checkpointing.file-merging.enabled",
  "execution.checkpointing.file-merging.across-checkpoint-boundary",
  "execution.checkpointing.file-merging.max-file-size",
  "execution.checkpointing.file-merging.pool-blocking",
  "execution.checkpointing.file-merging.max-space-amplification",
  // StateBackendOptions, CheckpointingOptions (state.*)
  "state.backend",
  "state.backend.type",
  "state.backend.incremental",
  "state.backend.local-recovery",
  "state.checkpoint-storage",
  "state.checkpoints.dir",
  "state.checkpoints.num-retained",
  "state.checkpoints.create-subdir",
  "state.checkpoint.cleaner.parallel-mode",
  "state.storage.fs.memory-threshold",
  "state.storage.fs.write-buffer-size",
  "state.backend.fs.memory-threshold",
  "state.backend.fs.write-buffer-size",
  "state.savepoints.dir",
  // TaskManagerOptions (taskmanager.*)
  "taskmanager.numberOfTaskSlots",
  "taskmanager.memory.process.size",
  "taskmanager.memory.flink.size",
  "taskmanager.memory.task.heap.size",
  "taskmanager.memory.task.off-heap.size",
  "taskmanager.memory.framework.heap.size",
  "taskmanager.memory.framework.off-heap.size",
  "taskmanager.memory.managed.size",
  "taskmanager.memory.managed.fraction",
  "taskmanager.memory.network.fraction",
  "taskmanager.memory.network.min",
  "taskmanager.memory.network.max",
  "taskmanager.network.memory.fraction",
  "taskmanager.network.memory.min",
  "taskmanager.network.memory.max",
  "taskmanager.memory.jvm-metaspace.size",
  "taskmanager.memory.jvm-overhead.fraction",
  "taskmanager.memory.jvm-overhead.min",
  "taskmanager.memory.jvm-overhead.max",
  "taskmanager.memory.segment-size",
  "taskmanager.state.local.root-dirs",
  // JobManagerOptions (jobmanager.*)
  "jobmanager.memory.process.size",
  "jobmanager.memory.flink.size",
  "jobmanager.memory.heap.size",
  "jobmanager.memory.off-heap.size",
  "jobmanager.memory.jvm-overhead.fraction",
  "jobmanager.memory.jvm-overhead.min",
  "jobmanager.memory.jvm-overhead.max",
  "jobmanager.memory.jvm-metaspace.size",
  "jobmanager.scheduler",
  // PipelineOptions, CoreOptions
  "pipeline.name",
  "pipeline.auto-watermark-interval",
  "pipeline.max-parallelism",
  "pipeline.object-reuse",
  "pipeline.operator-chaining.enabled",
  "pipeline.operator-chaining",
  "pipeline.jars",
  "pipeline.classpaths",
  "pipeline.global-job-parameters",
  "pipeline.generic-types",
  "parallelism.default",
  // RestartStrategyOptions (restart-strategy.*)
  "restart-strategy",
  "restart-strategy.type",
  "restart-strategy.fixed-delay.attempts",
  "restart-strategy.fixed-delay.delay",
  "restart-strategy.failure-rate.max-failures-per-interval",
  "restart-strategy.failure-rate.failure-rate-interval",
  "restart-strategy.failure-rate.delay",
  "restart-strategy.exponential-delay.initial-backoff",
  "restart-strategy.exponential-delay.max-backoff",
  "restart-strategy.exponential-delay.backoff-multiplier",
  "restart-strategy.exponential-delay.reset-backoff-threshold",
  "restart-strategy.exponential-delay.jitter-factor",
  "restart-strategy.exponential-delay.attempts-before-reset-backoff",
  // HighAvailabilityOptions (high-availability.*)
  "high-availability",
  "high-availability.type",
  "high-availability.storageDir",
  "high-availability.cluster-id",
  // flink-kubernetes-operator keys this package reads (kubernetes/runner-hazards.ts)
  "kubernetes.operator.cluster.health-check.enabled",
  "kubernetes.operator.deployment.rollback.enabled",
  "kubernetes.operator.jm-deployment-recovery.enabled",
  "kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age",
  "kubernetes.operator.periodic.savepoint.interval",
  "kubernetes.operator.periodic.checkpoint.interval",
  "kubernetes.operator.cluster.health-check.restarts.threshold",
  "kubernetes.operator.cluster.health-check.restarts.window",
];

/**
 * The warning for a configuration key that is no known Flink option but is close to one (the
 * package's did-you-mean distance, known-keys.ts `closestKey`), else undefined: a known key, or
 * one near none of them (a connector's or plugin's own option), gets nothing; so does a Flink 1.x
 * key that Flink 2.0 removed (kubernetes/removed-keys.ts REMOVED_IN_2_0), which 1.19/1.20 read.
 */
export function flinkKeyTypoWarning(key: string): string | undefined {
  const k = key.trim();
  // A key Flink 1.19/1.20 read and 2.0 removed is no typo: on a 2.x target kubernetes/removed-keys.ts says what to write instead.
  if (KNOWN_FLINK_OPTIONS.includes(k) || Object.hasOwn(REMOVED_IN_2_0, k)) return undefined;
  const near = closestKey(k, KNOWN_FLINK_OPTIONS);
  if (near === undefined) return undefined;
  return (
    `${JSON.stringify(k)} is not among the Flink options this package knows, and is close to ${near}: if it misspells ${near}, ` +
    `Flink ignores it (unknown keys are stored and never read) and ${near} keeps its default; if it is an option of its own (a plugin's, a newer Flink's), leave it`
  );
}
