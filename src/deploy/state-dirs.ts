/**
 * The configuration keys of the checkpoint and savepoint directories, by Flink version, for both
 * deploy targets (the Kubernetes target knows the version from `flinkVersion`, the SQL Gateway
 * target from the gateway's `GET /info`). Source: flink `flink-core/.../configuration/CheckpointingOptions.java`:
 * from 1.20 on (FLINK-34482) `execution.checkpointing.dir` and `execution.checkpointing.savepoint-dir`,
 * which still read `state.checkpoints.dir` / `state.savepoints.dir` as deprecated fallback keys;
 * before 1.20 only the `state.*` keys.
 */

/** The two directory keys of one Flink version. */
export interface StateDirKeys {
  /** Configuration key of the checkpoint directory. */
  readonly checkpointDirKey: string;
  /** Configuration key of the savepoint directory. */
  readonly savepointDirKey: string;
}

const LEGACY: StateDirKeys = { checkpointDirKey: "state.checkpoints.dir", savepointDirKey: "state.savepoints.dir" };
const FROM_1_20: StateDirKeys = { checkpointDirKey: "execution.checkpointing.dir", savepointDirKey: "execution.checkpointing.savepoint-dir" };

/** The keys Flink `major.minor` reads its state directories under. */
export function stateDirKeys(major: number, minor: number): StateDirKeys {
  return major > 1 || (major === 1 && minor >= 20) ? FROM_1_20 : LEGACY;
}

/** Every spelling of the checkpoint directory key (any version reads at least one). */
export const CHECKPOINT_DIR_KEYS: readonly string[] = [FROM_1_20.checkpointDirKey, LEGACY.checkpointDirKey];
/** Every spelling of the savepoint directory key, plus Flink's older fallback `savepoints.state.backend.fs.dir`. */
export const SAVEPOINT_DIR_KEYS: readonly string[] = [FROM_1_20.savepointDirKey, LEGACY.savepointDirKey, "savepoints.state.backend.fs.dir"];
