/**
 * Flink configuration keys that a deploy target sets itself, and so must not come from the job's
 * `configuration` (rendered as SET lines, which run after the target's own settings and win).
 *
 * Plain arrays and functions only: the SQL Gateway provider's modules are serialized by Pulumi.
 */
import type { Diagnostics } from "../validation/diagnostics.js";

/**
 * Keys that choose the state a job starts from (flink `StateRecoveryOptions`: the 1.20+ names and
 * their deprecated `execution.savepoint.*` names). Both targets set them on every start: the
 * operator from the FlinkDeployment's `initialSavepointPath` and its upgrade savepoints, the SQL
 * Gateway provider from the savepoint an update took or `initialSavepointPath`.
 */
export const RESTORE_CONFIG_KEYS: readonly string[] = [
  "execution.state-recovery.path",
  "execution.savepoint.path",
  "execution.state-recovery.ignore-unclaimed-state",
  "execution.savepoint.ignore-unclaimed-state",
];

/**
 * Keys that choose the cluster a SQL Gateway session talks to (flink OperationExecutor
 * `runClusterAction`: the ClusterClientFactory and cluster id come from the session's
 * configuration). The provider opens one session to submit and others for SHOW JOBS and STOP JOB;
 * only `sqlGateway.sessionProperties` reach all of them.
 */
export const CLUSTER_ADDRESS_KEYS: readonly string[] = [
  "execution.target",
  "rest.address",
  "rest.port",
  "kubernetes.cluster-id",
  "kubernetes.namespace",
  "yarn.application.id",
  "high-availability.cluster-id",
];

/** The problem with a restore key set outside the target's own args (`where`: e.g. "the job's configuration"), or undefined. */
export function restoreKeyProblem(key: string, target: "kubernetes" | "sqlGateway", where: string): string | undefined {
  if (!RESTORE_CONFIG_KEYS.includes(key.trim())) return undefined;
  const ignore = key.includes("ignore-unclaimed-state");
  const arg = `${target}.${ignore ? "allowNonRestoredState" : "initialSavepointPath"}`;
  return (
    `${JSON.stringify(key.trim())} chooses the state the job starts from, which the ${target === "kubernetes" ? "operator" : "SQL Gateway target"} sets on every start ` +
    `(from ${target}.initialSavepointPath${target === "kubernetes" ? " and the savepoints of upgrades" : " and the savepoint each update takes"}); in ${where} it would win over that, ` +
    `and every later update would ${ignore ? "skip unclaimed state without anyone asking" : "restore this one path again"}. Set ${arg} instead`
  );
}

/** Checks the job's Flink configuration against the keys its deploy target owns. */
export function checkTargetOwnedKeys(configuration: Readonly<Record<string, string>>, target: "kubernetes" | "sqlGateway", diag: Diagnostics): void {
  for (const key of Object.keys(configuration)) {
    // The path is written only for a key with a problem (most jobs have none).
    const restore = restoreKeyProblem(key, target, "the job's configuration (SET lines of the script)");
    if (restore !== undefined) diag.error(configurationPath(key), restore);
    if (target === "sqlGateway" && CLUSTER_ADDRESS_KEYS.includes(key.trim())) {
      diag.error(
        configurationPath(key),
        `${JSON.stringify(key.trim())} chooses the Flink cluster; with the SQL Gateway target set it in sqlGateway.sessionProperties, which every session of the job uses ` +
          "(submit, SHOW JOBS, STOP JOB): in the job's configuration only the submit would reach that cluster, and an update or delete would look for the job elsewhere",
      );
    }
  }
}

/** The prop path of a key of the job's `configuration`. */
function configurationPath(key: string): string {
  return `configuration[${JSON.stringify(key)}]`;
}
