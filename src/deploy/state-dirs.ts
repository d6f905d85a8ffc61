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

/**
 * Why Flink would refuse `dir` as a checkpoint or savepoint directory, or undefined. Flink checks
 * both when it builds the job's checkpoint storage (flink-runtime
 * `state/storage/ExternalizedSnapshotLocation.validatePath`): a path without a scheme fails with
 * "The scheme (hdfs://, file://, etc) is null", the root of a file system with "Cannot use the root
 * directory for checkpoints"; the job then fails when it starts, long after the preview.
 */
export function stateDirProblem(dir: string, what: "checkpoints" | "savepoints"): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/[^/?#]*)?([^?#]*)/.exec(dir.trim());
  if (m === null) {
    return (
      `${JSON.stringify(dir)} has no scheme, and Flink refuses a state directory without one ("The scheme (hdfs://, file://, etc) is null"): ` +
      `the job would fail when it starts; write e.g. s3://bucket/${what}, or file:///flink/${what} on a volume every Flink process mounts`
    );
  }
  if (m[1]!.replace(/\/+$/, "") === "") {
    return `${JSON.stringify(dir)} is the root of its file system, which Flink refuses as a state directory ("Cannot use the root directory for checkpoints"): write a folder below it, e.g. s3://bucket/${what}`;
  }
  return undefined;
}

