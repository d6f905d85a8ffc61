/**
 * Flink configuration keys that Flink 1.20 renamed (FLIP-406), written on a Flink 1.19 target.
 * Flink 1.20 gave these options new names and kept the 1.19 names as deprecated keys
 * (`withDeprecatedKeys`), so the old names work on every supported version; Flink 1.19 knows only
 * the old ones and keeps an unknown key without reading it, so a 1.20 name on `flinkVersion:
 * "v1_19"` leaves the option at its default, silently. Only the Kubernetes target knows the
 * version (`flinkVersion`).
 *
 * | 1.20+ name | 1.19 name | where (1.20+) | change |
 * | --- | --- | --- | --- |
 * | execution.checkpointing.incremental | state.backend.incremental | CheckpointingOptions.INCREMENTAL_CHECKPOINTS | FLINK-34482 |
 * | execution.checkpointing.num-retained | state.checkpoints.num-retained | CheckpointingOptions.MAX_RETAINED_CHECKPOINTS | FLINK-34482 |
 * | execution.checkpointing.storage | state.checkpoint-storage | CheckpointingOptions.CHECKPOINT_STORAGE | FLINK-34482 |
 * | execution.checkpointing.create-subdir | state.checkpoints.create-subdir | CheckpointingOptions.CREATE_CHECKPOINT_SUB_DIR | FLINK-34482 |
 * | execution.checkpointing.cleaner.parallel-mode | state.checkpoint.cleaner.parallel-mode | CheckpointingOptions.CLEANER_PARALLEL_MODE | FLINK-34482 |
 * | execution.checkpointing.data-inline-threshold | state.storage.fs.memory-threshold | CheckpointingOptions.FS_SMALL_FILE_THRESHOLD | FLINK-34482 |
 * | execution.checkpointing.write-buffer-size | state.storage.fs.write-buffer-size | CheckpointingOptions.FS_WRITE_BUFFER_SIZE | FLINK-34482 |
 * | execution.checkpointing.local-backup.dirs | taskmanager.state.local.root-dirs | CheckpointingOptions.LOCAL_RECOVERY_TASK_MANAGER_STATE_ROOT_DIRS | FLINK-34482 |
 * | execution.checkpointing.local-backup.enabled | state.backend.local-recovery | CheckpointingOptions.LOCAL_BACKUP_ENABLED | FLINK-34484 |
 * | execution.state-recovery.from-local | state.backend.local-recovery | StateRecoveryOptions.LOCAL_RECOVERY | FLINK-34484 |
 * | execution.state-recovery.claim-mode | execution.savepoint-restore-mode | StateRecoveryOptions.RESTORE_MODE | FLINK-34454 |
 * | execution.state-recovery.without-channel-state.checkpoint-id | execution.checkpointing.recover-without-channel-state.checkpoint-id | StateRecoveryOptions.CHECKPOINT_ID_OF_IGNORED_IN_FLIGHT_DATA | FLINK-34454 |
 * | execution.checkpointing.checkpoints-after-tasks-finish | execution.checkpointing.checkpoints-after-tasks-finish.enabled | CheckpointingOptions.ENABLE_CHECKPOINTS_AFTER_TASKS_FINISH | FLIP-406 |
 *
 * Sources: flink `flink-core/.../configuration/CheckpointingOptions.java` and
 * `StateRecoveryOptions.java` (1.20 – 2.x: each new key `.withDeprecatedKeys(<1.19 name>)`); the
 * 1.19 names are the keys of the same options in `CheckpointingOptions.java` before the renames
 * (FLINK-34454, FLINK-34482, FLINK-34484: FLIP-406, merged for 1.20, after the 1.19 branch).
 * ENABLE_CHECKPOINTS_AFTER_TASKS_FINISH was `execution.checkpointing.checkpoints-after-tasks-finish.enabled`
 * in 1.19's `flink-streaming-java/.../environment/ExecutionCheckpointingOptions.java`; FLIP-406 moved
 * it into CheckpointingOptions (FLINK-34456, first under its old key) and renamed it in the same
 * 1.20 reorganisation, with the old key as its deprecated key (1.20 – 2.x).
 * Left out here: the checkpoint and savepoint directories and the restore path (the target writes
 * those itself: kubernetes.checkpointDir / savepointDir / initialSavepointPath), and
 * `execution.checkpointing.unaligned.enabled`, which Flink 1.19's ExecutionCheckpointingOptions
 * already reads (`execution.checkpointing.unaligned` its deprecated key).
 *
 * A plain object and plain functions: the SQL Gateway provider's modules are serialized by Pulumi.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";

/** 1.20+ key → [the 1.19 key of the same option, the FLIP-406 change that renamed it]. */
export const RENAMED_IN_1_20: Readonly<Record<string, readonly [string, string]>> = {
  "execution.checkpointing.incremental": ["state.backend.incremental", "FLINK-34482"],
  "execution.checkpointing.num-retained": ["state.checkpoints.num-retained", "FLINK-34482"],
  "execution.checkpointing.storage": ["state.checkpoint-storage", "FLINK-34482"],
  "execution.checkpointing.create-subdir": ["state.checkpoints.create-subdir", "FLINK-34482"],
  "execution.checkpointing.cleaner.parallel-mode": ["state.checkpoint.cleaner.parallel-mode", "FLINK-34482"],
  "execution.checkpointing.data-inline-threshold": ["state.storage.fs.memory-threshold", "FLINK-34482"],
  "execution.checkpointing.write-buffer-size": ["state.storage.fs.write-buffer-size", "FLINK-34482"],
  "execution.checkpointing.local-backup.dirs": ["taskmanager.state.local.root-dirs", "FLINK-34482"],
  "execution.checkpointing.local-backup.enabled": ["state.backend.local-recovery", "FLINK-34484"],
  "execution.state-recovery.from-local": ["state.backend.local-recovery", "FLINK-34484"],
  "execution.state-recovery.claim-mode": ["execution.savepoint-restore-mode", "FLINK-34454"],
  "execution.state-recovery.without-channel-state.checkpoint-id": ["execution.checkpointing.recover-without-channel-state.checkpoint-id", "FLINK-34454"],
  "execution.checkpointing.checkpoints-after-tasks-finish": ["execution.checkpointing.checkpoints-after-tasks-finish.enabled", "FLIP-406"],
};

/** The warning for `key` on a Flink 1.19 target, or undefined (not renamed, or the 1.19 key is set too in `alsoSet`). */
export function renamedKeyWarning(key: string, alsoSet: readonly string[]): string | undefined {
  const k = key.trim();
  const renamed = Object.hasOwn(RENAMED_IN_1_20, k) ? RENAMED_IN_1_20[k] : undefined;
  if (renamed === undefined) return undefined;
  const [old, change] = renamed;
  if (alsoSet.some((s) => s.trim() === old)) return undefined;
  return (
    `${k} is the Flink 1.20 name of this option (${change}); Flink 1.19 (flinkVersion "v1_19") knows it only as ${old} and ignores a key it does not know, ` +
    `so the job runs with the option's default: write ${old} (Flink 1.20 and later still read that name)`
  );
}

/**
 * Warns at each key of `kubernetes.flinkConfiguration` (`deployment`) and the job's configuration
 * (`job`), in key order, what `warning` says of it: the version checks of keys (this file's, removed-keys.ts).
 */
export function warnConfigKeys(deployment: Readonly<Record<string, unknown>>, job: Readonly<Record<string, string>>, warning: (key: string) => string | undefined, diag: Diagnostics): void {
  for (const [where, conf] of [["kubernetes.flinkConfiguration", deployment], ["configuration", job]] as const) {
    for (const key of Object.keys(conf).sort()) {
      const w = warning(key);
      if (w !== undefined) diag.warn(`${where}[${JSON.stringify(key)}]`, w);
    }
  }
}

/** Warns for each 1.20 name in `kubernetes.flinkConfiguration` and the job's configuration when the target runs Flink 1.19. */
export function checkRenamedKeys(flinkVersion: unknown, deployment: Readonly<Record<string, unknown>>, job: Readonly<Record<string, string>>, diag: Diagnostics): void {
  if (flinkVersion !== "v1_19") return;
  const all = [...Object.keys(deployment), ...Object.keys(job)];
  warnConfigKeys(deployment, job, (key) => renamedKeyWarning(key, all), diag);
}
