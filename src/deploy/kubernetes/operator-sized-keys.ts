/**
 * Flink configuration keys the operator overwrites with the FlinkDeployment's own sizing.
 *
 * The operator builds the cluster's configuration from `spec.flinkConfiguration` first and then
 * sets `jobmanager.memory.process.size` / `taskmanager.memory.process.size` from
 * `spec.jobManager.resource.memory` / `spec.taskManager.resource.memory`
 * (flink-kubernetes-operator FlinkConfigBuilder.buildFrom: applyFlinkConfiguration, then
 * applyJobManagerSpec / applyTaskManagerSpec, whose setResource writes TOTAL_PROCESS_MEMORY
 * whenever the resource has a memory, read by parseResourceMemoryString: Flink's MemorySize first,
 * else a Kubernetes quantity). This package always renders that memory (default "2048m",
 * manifests.ts `resource`), so the same key in `kubernetes.flinkConfiguration` or the job's
 * `configuration` is replaced: the pods get the resource's memory, not the key's. A key of another
 * size is an error (its value is silently lost); a key of the same size (`"4g"` with memory
 * `"4096m"`: MemorySize is 1024-based) stays quiet, as the pods get exactly what it says and the
 * check turns into the error as soon as the two differ.
 */
import { KUBERNETES_DEFAULTS, type KubernetesArgs } from "./args.js";
import { processMemoryBytes } from "./memory-sizes.js";
import { readMemorySize } from "../../options/byte-size.js";
import { isValidationError } from "../../validation/error.js";

/** Each overwritten key, with the arg that sets it and the component it sizes. */
const OPERATOR_SIZED_KEYS: ReadonlyMap<string, { readonly arg: "jobManager" | "taskManager"; readonly component: string }> = new Map([
  ["jobmanager.memory.process.size", { arg: "jobManager", component: "JobManager" }],
  ["taskmanager.memory.process.size", { arg: "taskManager", component: "TaskManager" }],
] as const);

/** The bytes Flink reads from the key's value (MemorySize.parse), or undefined when it cannot. */
function keyBytes(value: string): number | undefined {
  try {
    return Number(readMemorySize(value));
  } catch (e) {
    if (!isValidationError(e)) throw e;
    return undefined;
  }
}

/** Why `key` = `value` in a configuration map of a Kubernetes job (`where`, e.g. "kubernetes.flinkConfiguration") is lost, or undefined. */
export function operatorSizedKeyProblem(key: string, value: string, args: Pick<KubernetesArgs, "jobManager" | "taskManager">, where: string): string | undefined {
  const sized = OPERATOR_SIZED_KEYS.get(key.trim());
  if (sized === undefined) return undefined;
  const memory = args[sized.arg]?.memory;
  const resourceMemory = typeof memory === "string" ? memory : KUBERNETES_DEFAULTS.memory;
  // The same size both ways (4g and 4096m): the operator writes what the key says, nothing is lost.
  const resourceBytes = processMemoryBytes(resourceMemory);
  if (resourceBytes !== undefined && keyBytes(value) === resourceBytes) return undefined;
  const rendered = typeof memory === "string" ? `${JSON.stringify(memory)}, as set` : `${JSON.stringify(KUBERNETES_DEFAULTS.memory)}, the default`;
  return (
    `the operator overwrites ${key.trim()} with kubernetes.${sized.arg}.memory (${rendered}): it applies the FlinkDeployment's configuration first and then the ${sized.component}'s resource memory ` +
    `(flink-kubernetes-operator FlinkConfigBuilder.setResource), so ${JSON.stringify(value)} in ${where} would be silently ignored. ` +
    `Set kubernetes.${sized.arg}.memory: ${JSON.stringify(value.trim())} instead and remove this key`
  );
}
