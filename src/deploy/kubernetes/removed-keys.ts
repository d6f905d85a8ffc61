/**
 * Flink 1.x configuration keys that Flink 2.0 removed, written on a Flink 2.x target. Flink keeps
 * a key it does not know in its Configuration without reading it, so such a key on
 * `flinkVersion: "v2_0"` / `"v2_1"` has no effect, silently. Only the Kubernetes target knows the
 * version (`flinkVersion`); the SQL Gateway's `sessionProperties` and a job without a target stay
 * quiet.
 *
 * Each key below is in the 2.0 release notes' "List of removed configuration options"
 * (flink `docs/content/release-notes/flink-2.0.md`, FLINK-37432; options `@Public` deprecated for
 * two minor releases or `@PublicEvolving` deprecated for one were removed), and no option of the
 * 2.0 line reads it: checked in the 2.0-SNAPSHOT source of confluentinc/flink-public (a fork of
 * apache/flink on the 2.0 line, whose CheckpointingOptions.java no longer has the options 2.0
 * removed) where the 1.20 option had it as a deprecated key. The notes also list keys that 2.x
 * still reads through another option; those are left out (see below).
 *
 * | removed key | what it was in 1.20 (source) | write on 2.x |
 * | --- | --- | --- |
 * | state.backend.async | CheckpointingOptions.ASYNC_SNAPSHOTS, `@Deprecated`: "All state snapshots are asynchronous" | nothing (remove it) |
 * | table.exec.topn-cache-size | a deprecated key of ExecutionConfigOptions.TABLE_EXEC_RANK_TOPN_CACHE_SIZE, no option of its own (2.0 line: no deprecated key) | table.exec.rank.topn-cache-size |
 * | table.exec.deduplicate.insert-and-updateafter-sensitive.enabled | a deprecated key of ExecutionConfigOptions.TABLE_EXEC_DEDUPLICATE_INSERT_UPDATE_AFTER_SENSITIVE_ENABLED (2.0 line: no deprecated key) | table.exec.deduplicate.insert-update-after-sensitive-enabled |
 * | table.exec.deduplicate.mini-batch.compact-changes.enabled | a deprecated key of ExecutionConfigOptions.TABLE_EXEC_DEDUPLICATE_MINIBATCH_COMPACT_CHANGES_ENABLED (2.0 line: no deprecated key) | table.exec.deduplicate.mini-batch.compact-changes-enabled |
 * | table.exec.shuffle-mode | ExecutionConfigOptions.TABLE_EXEC_SHUFFLE_MODE, `@deprecated Use ExecutionOptions#BATCH_SHUFFLE_MODE` | execution.batch-shuffle-mode |
 * | jobmanager.heap.size, jobmanager.heap.mb | JobManagerOptions.JOB_MANAGER_HEAP_MEMORY / _MB, `@Deprecated` (use TOTAL_PROCESS_MEMORY for containers) | kubernetes.jobManager.memory (jobmanager.memory.process.size) |
 * | taskmanager.heap.size, taskmanager.heap.mb | TaskManagerOptions.TASK_MANAGER_HEAP_MEMORY / _MB, `@Deprecated` (use TOTAL_PROCESS_MEMORY for containers) | kubernetes.taskManager.memory (taskmanager.memory.process.size) |
 *
 * Not here, as 2.x reads them (a deprecated key is read as long as a live option lists it in
 * `withDeprecatedKeys`):
 * - `state.checkpoints.dir`, `state.savepoints.dir`, `state.checkpoint-storage`,
 *   `state.checkpoints.num-retained`, `state.backend.incremental`, `state.checkpoints.create-subdir`:
 *   deprecated keys of CheckpointingOptions (CHECKPOINTS_DIRECTORY, SAVEPOINT_DIRECTORY,
 *   CHECKPOINT_STORAGE, MAX_RETAINED_CHECKPOINTS, INCREMENTAL_CHECKPOINTS, CREATE_CHECKPOINT_SUB_DIR;
 *   FLIP-406) in 1.20 and still on the 2.0 line, absent from the 2.0 removed list (flink PR #25736,
 *   Dec 2024, still calls them deprecated when it moves the example config.yaml to the new names);
 * - `state.backend` (deprecated key of StateBackendOptions.STATE_BACKEND, `state.backend.type`),
 *   `restart-strategy` (of RestartStrategyOptions.RESTART_STRATEGY, `restart-strategy.type`),
 *   `high-availability` (of HighAvailabilityOptions.HA_MODE, `high-availability.type`): not in the
 *   2.0 removed list;
 * - `state.backend.type`: in the list because the deprecated duplicate CheckpointingOptions.STATE_BACKEND
 *   was removed, but StateBackendOptions.STATE_BACKEND keeps that key;
 * - `state.backend.local-recovery`: listed for the removed CheckpointingOptions.LOCAL_RECOVERY, but
 *   on the 2.0 line still a deprecated key of CheckpointingOptions.LOCAL_BACKUP_ENABLED;
 * - the `taskmanager.network.memory.*` keys: listed for removed NettyShuffleEnvironmentOptions, but in
 *   1.x also deprecated keys of TaskManagerOptions.NETWORK_MEMORY_*, which the 2.x source in reach
 *   here could not confirm either way (so no warning).
 *
 * A plain object and plain functions: the SQL Gateway provider's modules are serialized by Pulumi.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { warnConfigKeys } from "./renamed-keys.js";
import { flinkVersionLabel } from "./versions.js";

/** Removed key → what to do on Flink 2.x instead. */
export const REMOVED_IN_2_0: Readonly<Record<string, string>> = {
  "state.backend.async": "remove it: every state snapshot is asynchronous (Flink 1.20 had already deprecated it for that reason)",
  "table.exec.topn-cache-size": "write table.exec.rank.topn-cache-size (Flink 1.19 and 1.20 read that name too)",
  "table.exec.deduplicate.insert-and-updateafter-sensitive.enabled": "write table.exec.deduplicate.insert-update-after-sensitive-enabled (Flink 1.19 and 1.20 read that name too)",
  "table.exec.deduplicate.mini-batch.compact-changes.enabled": "write table.exec.deduplicate.mini-batch.compact-changes-enabled (Flink 1.19 and 1.20 read that name too)",
  "table.exec.shuffle-mode":
    "write execution.batch-shuffle-mode, whose values are named ALL_EXCHANGES_BLOCKING, ALL_EXCHANGES_PIPELINED, ALL_EXCHANGES_HYBRID_FULL and ALL_EXCHANGES_HYBRID_SELECTIVE (Flink 1.19 and 1.20 read it too)",
  "jobmanager.heap.size": "size the JobManager with kubernetes.jobManager.memory (jobmanager.memory.process.size)",
  "jobmanager.heap.mb": "size the JobManager with kubernetes.jobManager.memory (jobmanager.memory.process.size)",
  "taskmanager.heap.size": "size the TaskManagers with kubernetes.taskManager.memory (taskmanager.memory.process.size)",
  "taskmanager.heap.mb": "size the TaskManagers with kubernetes.taskManager.memory (taskmanager.memory.process.size)",
};

/** The warning for `key` on `flinkVersion` (a 2.x one), or undefined (not removed, or a 1.x version). */
export function removedKeyWarning(key: string, flinkVersion: string): string | undefined {
  const k = key.trim();
  if (!flinkVersion.startsWith("v2_") || !Object.hasOwn(REMOVED_IN_2_0, k)) return undefined;
  return (
    `${k} was removed in Flink 2.0 (release notes, "List of removed configuration options"); ${flinkVersionLabel(flinkVersion)} (flinkVersion "${flinkVersion}") keeps a key it does not know without reading it, ` +
    `so this setting has no effect: ${REMOVED_IN_2_0[k]!}`
  );
}

/** Warns for each removed key in `kubernetes.flinkConfiguration` and the job's configuration when the target runs Flink 2.x. */
export function checkRemovedKeys(flinkVersion: unknown, deployment: Readonly<Record<string, unknown>>, job: Readonly<Record<string, string>>, diag: Diagnostics): void {
  if (typeof flinkVersion !== "string" || !flinkVersion.startsWith("v2_")) return;
  warnConfigKeys(deployment, job, (key) => removedKeyWarning(key, flinkVersion), diag);
}
