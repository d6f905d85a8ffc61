/**
 * What differs between the Flink versions the Kubernetes target supports: how the SQL script is
 * run and under which keys the checkpoint and savepoint directories go.
 *
 * Sources: ../shared/facts/deploy.md §1.6 and §2 (operator CRD `flinkVersion` enum, SqlDriver of
 * FLIP-480 in Flink 2.0, the operator's example SQL runner for 1.x); Flink
 * `flink-core/.../configuration/CheckpointingOptions.java` (from 1.20 on `execution.checkpointing.dir`
 * and `execution.checkpointing.savepoint-dir`, with `state.checkpoints.dir` / `state.savepoints.dir`
 * as deprecated fallbacks).
 */

/**
 * The Flink versions an Apache Iceberg Flink runtime exists for, spelled as the operator's
 * `spec.flinkVersion` enum (flink-kubernetes-operator `FlinkVersion.java`).
 */
export type FlinkVersion = "v1_19" | "v1_20" | "v2_0" | "v2_1";

/** Every supported `FlinkVersion`, oldest first. */
export const SUPPORTED_FLINK_VERSIONS: readonly FlinkVersion[] = ["v1_19", "v1_20", "v2_0", "v2_1"];

/** Flink's own SQL application driver (Flink 2.0+, FLIP-480), on the `lib/` classpath of every 2.x image. */
export const SQL_DRIVER_CLASS = "org.apache.flink.table.runtime.application.SqlDriver";

/** How a version runs the script and names its state directories. */
export interface FlinkVersionTraits {
  /** "runner": a SQL runner jar with the script path as its one argument (1.19/1.20); "sql-driver": Flink's SqlDriver (2.x). */
  readonly runner: "runner" | "sql-driver";
  /** Configuration key of the checkpoint directory on this version. */
  readonly checkpointDirKey: string;
  /** Configuration key of the savepoint directory on this version. */
  readonly savepointDirKey: string;
  /** Human name, e.g. "Flink 1.20". */
  readonly label: string;
}

const LEGACY_DIRS = { checkpointDirKey: "state.checkpoints.dir", savepointDirKey: "state.savepoints.dir" } as const;
const NEW_DIRS = { checkpointDirKey: "execution.checkpointing.dir", savepointDirKey: "execution.checkpointing.savepoint-dir" } as const;

const TRAITS: Readonly<Record<FlinkVersion, FlinkVersionTraits>> = {
  v1_19: { runner: "runner", ...LEGACY_DIRS, label: "Flink 1.19" },
  v1_20: { runner: "runner", ...NEW_DIRS, label: "Flink 1.20" },
  v2_0: { runner: "sql-driver", ...NEW_DIRS, label: "Flink 2.0" },
  v2_1: { runner: "sql-driver", ...NEW_DIRS, label: "Flink 2.1" },
};

/** True when `v` is one of the supported version strings. */
export function isSupportedFlinkVersion(v: unknown): v is FlinkVersion {
  return typeof v === "string" && (SUPPORTED_FLINK_VERSIONS as readonly string[]).includes(v);
}

/** The traits of a supported version. */
export function flinkVersionTraits(v: FlinkVersion): FlinkVersionTraits {
  return TRAITS[v];
}

/** Both spellings of the checkpoint directory key (the validator reads either: deprecated-key fallback). */
export const CHECKPOINT_DIR_KEYS: readonly string[] = [NEW_DIRS.checkpointDirKey, LEGACY_DIRS.checkpointDirKey];
/** Both spellings of the savepoint directory key (plus Flink's older fallback `savepoints.state.backend.fs.dir`). */
export const SAVEPOINT_DIR_KEYS: readonly string[] = [NEW_DIRS.savepointDirKey, LEGACY_DIRS.savepointDirKey, "savepoints.state.backend.fs.dir"];
