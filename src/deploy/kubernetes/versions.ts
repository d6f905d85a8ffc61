/**
 * What differs between the Flink versions the Kubernetes target supports: how the SQL script is
 * run and under which keys the checkpoint and savepoint directories go.
 *
 * Sources: ../shared/facts/deploy.md §1.6 and §2 (operator CRD `flinkVersion` enum, SqlDriver of
 * FLIP-480 in Flink 2.0, the operator's example SQL runner for 1.x); Flink
 * `flink-core/.../configuration/CheckpointingOptions.java` (the directory keys: ../state-dirs.ts).
 */
import { stateDirKeys } from "../state-dirs.js";

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

const TRAITS: Readonly<Record<FlinkVersion, FlinkVersionTraits>> = {
  v1_19: { runner: "runner", ...stateDirKeys(1, 19), label: "Flink 1.19" },
  v1_20: { runner: "runner", ...stateDirKeys(1, 20), label: "Flink 1.20" },
  v2_0: { runner: "sql-driver", ...stateDirKeys(2, 0), label: "Flink 2.0" },
  v2_1: { runner: "sql-driver", ...stateDirKeys(2, 1), label: "Flink 2.1" },
};

/** True when `v` is one of the supported version strings. */
export function isSupportedFlinkVersion(v: unknown): v is FlinkVersion {
  return typeof v === "string" && (SUPPORTED_FLINK_VERSIONS as readonly string[]).includes(v);
}

/** "Flink 2.0" for "v2_0": the label of a supported version, else the version string as written. */
export function flinkVersionLabel(v: string): string {
  return isSupportedFlinkVersion(v) ? TRAITS[v].label : v;
}

/** The traits of a supported version. */
export function flinkVersionTraits(v: FlinkVersion): FlinkVersionTraits {
  return TRAITS[v];
}

export { CHECKPOINT_DIR_KEYS, SAVEPOINT_DIR_KEYS } from "../state-dirs.js";
