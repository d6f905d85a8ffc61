/**
 * Deterministic names: the FlinkDeployment's `metadata.name`, the script's file name (with a
 * content hash, so a script change changes the FlinkDeployment spec) and the ConfigMap name.
 */
import { hash } from "node:crypto";

/** The operator's FlinkDeployment name rule (flink-kubernetes-operator `DefaultValidator.java`, DEPLOYMENT_NAME_PATTERN). */
export const DEPLOYMENT_NAME_PATTERN = /^[a-z]([-a-z0-9]{0,43}[a-z0-9])?$/;
/** Longest FlinkDeployment name the operator accepts. */
export const MAX_DEPLOYMENT_NAME_LENGTH = 45;

/**
 * A Kubernetes DNS subdomain name (apimachinery `IsDNS1123Subdomain`: lower-case alphanumerics, `-`
 * and `.`, at most 253 characters): the rule for Secret and ServiceAccount names (kubernetes
 * pkg/apis/core/validation: `ValidateServiceAccountName` = `NameIsDNSSubdomain`).
 */
export function isDnsSubdomain(name: unknown): name is string {
  return typeof name === "string" && name.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(name);
}

/**
 * A Secret or ConfigMap data key (apimachinery `IsConfigMapKey`): at most 253 characters of
 * letters, digits, `-`, `_`, `.`, and not `.`, `..` or starting with `..`.
 */
export function isSecretDataKey(key: unknown): key is string {
  return typeof key === "string" && key.length <= 253 && /^[-._a-zA-Z0-9]+$/.test(key) && key !== "." && !key.startsWith("..");
}

/** Directory the script ConfigMap is mounted at in the JobManager (never /opt/flink/conf or /opt/flink/usrlib). */
export const SCRIPT_MOUNT_DIR = "/opt/flink/sql";
/** Name of the pod volume that carries the script. */
export const SCRIPT_VOLUME_NAME = "flink-iceberg-sql";

/** Hex SHA-256 of a UTF-8 string (one-shot `crypto.hash`, Node 20.12+: no Hash object per call). */
export function sha256Hex(text: string): string {
  return hash("sha256", text, "hex");
}

/**
 * The default FlinkDeployment name for a job resource name: lower-cased, every run of characters
 * other than `a-z 0-9 -` replaced by one `-`, leading/trailing `-` removed, `job-` prefixed when it
 * does not start with a letter; longer than 45 characters → the first 38 characters, `-`, and
 * the first 6 hex digits of the SHA-256 of the original name. Always matches DEPLOYMENT_NAME_PATTERN.
 */
export function deriveDeploymentName(jobName: string): string {
  // Already a valid name with no run of dashes: every step below would leave it as it is.
  if (DEPLOYMENT_NAME_PATTERN.test(jobName) && !jobName.includes("--")) return jobName;
  let base = jobName
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!/^[a-z]/.test(base)) base = base === "" ? "job" : `job-${base}`;
  if (base.length <= MAX_DEPLOYMENT_NAME_LENGTH) return base;
  const head = base.slice(0, MAX_DEPLOYMENT_NAME_LENGTH - 7).replace(/-+$/, "");
  return `${head}-${sha256Hex(jobName).slice(0, 6)}`;
}

/** Names derived from the script's content. */
export interface ScriptNames {
  /** First 16 hex digits of the script's SHA-256. */
  readonly hash: string;
  /** File name inside the mount, e.g. `script-0123456789abcdef.sql` (the ConfigMap data key). */
  readonly fileName: string;
  /** Absolute path of the script in the JobManager container. */
  readonly path: string;
  /** ConfigMap name: `<deployment>-sql-<first 10 hash digits>`; a new script gives a new, immutable ConfigMap. */
  readonly configMapName: string;
}

/** The script-derived names for a deployment. */
export function scriptNames(deploymentName: string, script: string): ScriptNames {
  const hash = sha256Hex(script).slice(0, 16);
  const fileName = `script-${hash}.sql`;
  return {
    hash,
    fileName,
    path: `${SCRIPT_MOUNT_DIR}/${fileName}`,
    configMapName: `${deploymentName}-sql-${hash.slice(0, 10)}`,
  };
}
