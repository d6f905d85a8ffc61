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
 * The key of the directory where Flink keeps its high-availability metadata (flink
 * `HighAvailabilityOptions.HA_STORAGE_PATH`, "File system path (URI) where Flink persists metadata in
 * high-availability setups").
 */
export const HA_STORAGE_DIR_KEY = "high-availability.storageDir";

/** What a directory holds, for the example a fix writes when the URI has no path: `<scheme>://bucket/<what>`. */
export type StateDirWhat = "checkpoints" | "savepoints" | "ha" | "warehouse";

/**
 * The object stores whose URIs name a bucket (S3, GCS, OSS) or a container (Azure) in the
 * authority: Flink's file system plugins (flink-filesystems: flink-s3-fs-hadoop / -presto for
 * s3, s3a, s3p; flink-gs-fs-hadoop for gs; flink-azure-fs-hadoop for abfs(s), wasb(s);
 * flink-oss-fs-hadoop for oss).
 */
const BUCKET_SCHEMES: ReadonlySet<string> = new Set(["s3", "s3a", "s3p", "gs", "oss", "abfs", "abfss", "wasb", "wasbs"]);

/** How a URI of an Azure scheme names its container and account. */
function azureHost(scheme: string): string | undefined {
  if (scheme === "abfs" || scheme === "abfss") return "dfs.core.windows.net";
  if (scheme === "wasb" || scheme === "wasbs") return "blob.core.windows.net";
  return undefined;
}

/**
 * Why `uri` (a state directory or savepoint path) names no bucket, or undefined: an object-store
 * scheme (BUCKET_SCHEMES) with an empty authority, as in `s3a:/lake/sp` (one slash), `s3:///lake/sp`
 * or `s3://`. Flink picks the file system by the URI's scheme and authority and hands the URI to
 * the plugin (flink `flink-core/.../core/fs/FileSystem.java` getUnguardedFileSystem: FSKey(scheme,
 * authority), `factory.create(uri)`), whose store reads the bucket or container from the authority
 * (hadoop-aws `S3AFileSystem.initialize`: the bucket is the URI's host), so there is none and the
 * job fails when it first writes state. The fix moves the first path segment into the authority
 * (`s3a://lake/sp`); with no path, `<scheme>://bucket/<what>`.
 */
export function missingBucketProblem(uri: string, what: StateDirWhat): string | undefined {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):(\/\/([^/?#]*))?\/*([^?#]*)/.exec(uri.trim());
  if (m === null) return undefined;
  const scheme = m[1]!.toLowerCase();
  if (!BUCKET_SCHEMES.has(scheme) || (m[3] ?? "") !== "") return undefined;
  const [first, ...rest] = m[4]!.split("/").filter((s) => s !== "");
  const host = azureHost(scheme);
  const form = host !== undefined ? `${scheme}://container@account.${host}/path` : `${scheme}://bucket/path`;
  const authority = (bucket: string): string => (host !== undefined ? `${bucket}@<account>.${host}` : bucket);
  const fix = first === undefined ? `${scheme}://${authority(host !== undefined ? "container" : "bucket")}/${what}` : `${scheme}://${authority(first)}/${rest.length > 0 ? rest.join("/") : what}`;
  return (
    `${JSON.stringify(uri)} names no bucket or container: ${scheme} URIs take it after "//" (${form}), and ` +
    (what === "warehouse" ? "the catalog's file IO reads the bucket from the URI's authority (iceberg S3URI, hadoop-aws S3AFileSystem), " : "Flink hands the URI's authority to the file system as the bucket, ") +
    `so the job would fail when it starts; write ${JSON.stringify(fix)}`
  );
}

/**
 * Why Flink would refuse `dir` as a checkpoint or savepoint directory, or undefined. Flink checks
 * both when it builds the job's checkpoint storage (flink-runtime
 * `state/storage/ExternalizedSnapshotLocation.validatePath`): a path without a scheme fails with
 * "The scheme (hdfs://, file://, etc) is null", the root of a file system with "Cannot use the root
 * directory for checkpoints"; the job then fails when it starts, long after the preview. An object
 * store's URI without a bucket (missingBucketProblem) fails the same way.
 */
export function stateDirProblem(dir: string, what: "checkpoints" | "savepoints"): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/[^/?#]*)?([^?#]*)/.exec(dir.trim());
  if (m === null) {
    return (
      `${JSON.stringify(dir)} has no scheme, and Flink refuses a state directory without one ("The scheme (hdfs://, file://, etc) is null"): ` +
      `the job would fail when it starts; write e.g. s3://bucket/${what}, or file:///flink/${what} on a volume every Flink process mounts`
    );
  }
  const bucket = missingBucketProblem(dir, what);
  if (bucket !== undefined) return bucket;
  if (m[1]!.replace(/\/+$/, "") === "") {
    return `${JSON.stringify(dir)} is the root of its file system, which Flink refuses as a state directory ("Cannot use the root directory for checkpoints"): write a folder below it, e.g. s3://bucket/${what}`;
  }
  return undefined;
}

/**
 * Why Flink would refuse `value` under the directory key `key` of a Flink configuration (the job's
 * `configuration`, kubernetes.flinkConfiguration, sqlGateway.sessionProperties), or undefined for
 * another key and for a directory Flink takes. A checkpoint or savepoint directory key (any
 * spelling, CHECKPOINT_DIR_KEYS / SAVEPOINT_DIR_KEYS) is checked as stateDirProblem checks
 * kubernetes.checkpointDir: Flink builds the job's checkpoint storage from the configured
 * directories (flink-runtime `state/storage/ExternalizedSnapshotLocation`: `parameterOrConfigured`
 * reads CheckpointingOptions.CHECKPOINTS_DIRECTORY / SAVEPOINT_DIRECTORY, then `validatePath`).
 * `high-availability.storageDir` only for its bucket (missingBucketProblem): Flink opens it as a file
 * system path without those checks (a path without a scheme there is the default file system's).
 * `flinkVersion` ("v1_19" ... "v2_1"), when known: Flink 1.19 does not read the 1.20 names
 * (`execution.checkpointing.dir`, `execution.checkpointing.savepoint-dir`), so their values are not judged there.
 */
export function stateDirKeyProblem(key: string, value: string, flinkVersion?: string): string | undefined {
  const k = key.trim();
  if (flinkVersion === "v1_19" && (k === FROM_1_20.checkpointDirKey || k === FROM_1_20.savepointDirKey)) return undefined;
  if (CHECKPOINT_DIR_KEYS.includes(k)) return stateDirProblem(value, "checkpoints");
  if (SAVEPOINT_DIR_KEYS.includes(k)) return stateDirProblem(value, "savepoints");
  if (k === HA_STORAGE_DIR_KEY) return missingBucketProblem(value, "ha");
  return undefined;
}
