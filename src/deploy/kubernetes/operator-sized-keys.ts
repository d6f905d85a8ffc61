/**
 * Flink configuration keys the operator overwrites with the FlinkDeployment's own sizing.
 *
 * The operator builds the cluster's configuration from `spec.flinkConfiguration` first and then
 * sets `jobmanager.memory.process.size` / `taskmanager.memory.process.size` from
 * `spec.jobManager.resource.memory` / `spec.taskManager.resource.memory`
 * (flink-kubernetes-operator FlinkConfigBuilder.buildFrom: applyFlinkConfiguration, then
 * applyJobManagerSpec / applyTaskManagerSpec, whose setResource writes TOTAL_PROCESS_MEMORY
 * whenever the resource has a memory). This package always renders that memory (default "2048m"),
 * so the same key in `kubernetes.flinkConfiguration` or the job's `configuration` is silently
 * replaced: the pods get the resource's memory, not the key's.
 */
import { KUBERNETES_DEFAULTS, type KubernetesArgs } from "./args.js";

/** Each overwritten key, with the arg that sets it and the component it sizes. */
const OPERATOR_SIZED_KEYS: ReadonlyMap<string, { readonly arg: "jobManager" | "taskManager"; readonly component: string }> = new Map([
  ["jobmanager.memory.process.size", { arg: "jobManager", component: "JobManager" }],
  ["taskmanager.memory.process.size", { arg: "taskManager", component: "TaskManager" }],
] as const);

/** Why `key` = `value` in a configuration map of a Kubernetes job (`where`, e.g. "kubernetes.flinkConfiguration") is lost, or undefined. */
export function operatorSizedKeyProblem(key: string, value: string, args: Pick<KubernetesArgs, "jobManager" | "taskManager">, where: string): string | undefined {
  const sized = OPERATOR_SIZED_KEYS.get(key.trim());
  if (sized === undefined) return undefined;
  const memory = args[sized.arg]?.memory;
  const rendered = typeof memory === "string" ? `${JSON.stringify(memory)}, as set` : `${JSON.stringify(KUBERNETES_DEFAULTS.memory)}, the default`;
  return (
    `the operator overwrites ${key.trim()} with kubernetes.${sized.arg}.memory (${rendered}): it applies the FlinkDeployment's configuration first and then the ${sized.component}'s resource memory ` +
    `(flink-kubernetes-operator FlinkConfigBuilder.setResource), so ${JSON.stringify(value)} in ${where} would be silently ignored. ` +
    `Set kubernetes.${sized.arg}.memory: ${JSON.stringify(value.trim())} instead and remove this key`
  );
}
