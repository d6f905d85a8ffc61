/**
 * The FlinkDeployment's `spec.flinkConfiguration` and `spec.job.parallelism`: the job's Flink
 * configuration (SPEC decision 9) merged with the deployment's own, and the state directories
 * under the chosen version's key names.
 */
import type { KubernetesArgs, KubernetesJobFacts } from "./args.js";
import { CHECKPOINT_DIR_KEYS, flinkVersionTraits, SAVEPOINT_DIR_KEYS, type FlinkVersion } from "./versions.js";

/** Keys the job decides (SPEC decision 9); `kubernetes.flinkConfiguration` may not set them. */
export { JOB_DECIDED_KEYS } from "../../sql/job-config.js";

/** Keys the operator rejects in any FlinkDeployment (flink-kubernetes-operator `DefaultValidator.java`, FORBIDDEN_CONF_KEYS). */
export const OPERATOR_FORBIDDEN_KEYS: readonly string[] = ["kubernetes.namespace", "kubernetes.cluster-id", "high-availability.cluster-id"];

/** The job's parallelism: `parallelism`, else `parallelism.default` of its configuration, else 1. */
export function jobParallelism(job: Pick<KubernetesJobFacts, "parallelism" | "flinkConfiguration">): number {
  if (job.parallelism !== undefined) return job.parallelism;
  const text = job.flinkConfiguration["parallelism.default"];
  return text === undefined ? 1 : Number(text);
}

/**
 * `spec.flinkConfiguration`: `kubernetes.flinkConfiguration`, then the job's configuration
 * (without `parallelism.default`, which becomes `spec.job.parallelism`), then `checkpointDir` /
 * `savepointDir` under the version's keys; keys sorted so the same input gives the same spec.
 */
export function deploymentFlinkConfiguration(
  args: Pick<KubernetesArgs, "flinkConfiguration" | "checkpointDir" | "savepointDir"> & { readonly flinkVersion: FlinkVersion },
  job: Pick<KubernetesJobFacts, "flinkConfiguration">,
): Record<string, string> {
  const merged: Record<string, string> = { ...(args.flinkConfiguration ?? {}), ...job.flinkConfiguration };
  const traits = flinkVersionTraits(args.flinkVersion);
  if (args.checkpointDir !== undefined) merged[traits.checkpointDirKey] = args.checkpointDir;
  if (args.savepointDir !== undefined) merged[traits.savepointDirKey] = args.savepointDir;
  // Skipped here rather than deleted from `merged` (a delete turns an object into a slow dictionary).
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(merged).sort()) if (k !== "parallelism.default") sorted[k] = merged[k]!;
  return sorted;
}

function firstSet(conf: Readonly<Record<string, string>>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = conf[k];
    if (v !== undefined && v.trim() !== "") return v;
  }
  return undefined;
}

/** The checkpoint directory of an effective configuration under either key spelling. */
export function checkpointDirOf(conf: Readonly<Record<string, string>>): string | undefined {
  return firstSet(conf, CHECKPOINT_DIR_KEYS);
}

/** The savepoint directory of an effective configuration under any key spelling. */
export function savepointDirOf(conf: Readonly<Record<string, string>>): string | undefined {
  return firstSet(conf, SAVEPOINT_DIR_KEYS);
}

/**
 * True when high availability is on: `high-availability.type` (or its fallback
 * `high-availability`) set to anything but NONE (Flink `HighAvailabilityMode.isHighAvailabilityModeActivated`).
 */
export function isHighAvailabilityEnabled(conf: Readonly<Record<string, string>>): boolean {
  const v = firstSet(conf, ["high-availability.type", "high-availability"]);
  return v !== undefined && v.trim().toLowerCase() !== "none";
}
