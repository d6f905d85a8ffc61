/**
 * JobManager and TaskManager sizes too small for Flink to lay out its memory.
 *
 * The operator sets `spec.jobManager.resource.memory` / `spec.taskManager.resource.memory` as the
 * total process memory (`jobmanager.memory.process.size` / `taskmanager.memory.process.size`;
 * flink-kubernetes-operator FlinkConfigBuilder.setResource, parsed by parseResourceMemoryString:
 * Flink's MemorySize first, else a Kubernetes quantity; resource-memory.ts). Flink then takes the JVM metaspace (256m)
 * and the JVM overhead (a tenth of the process, at least 192m, at most 1g) from it, and the rest is
 * the "total Flink memory" (apache/flink flink-runtime .../util/config/memory/ProcessMemoryUtils.java
 * `deriveProcessSpecWithTotalProcessMemory`), from which
 * - the JobManager takes its off-heap memory (128m) and needs more than that left for its heap
 *   (.../jobmanager/JobManagerFlinkMemoryUtils.java `deriveFromTotalFlinkMemory`: "The configured
 *   Total Flink Memory ... is less than the configured Off-heap Memory"): 576m and less fail;
 * - the TaskManager takes framework heap and off-heap (128m each), managed memory (0.4 of it) and
 *   network memory (a tenth, at least 64m) before its task heap (.../taskmanager/
 *   TaskExecutorFlinkMemoryUtils.java `deriveFromTotalFlinkMemory`: "Sum of configured Framework
 *   Heap Memory ... exceed configured Total Flink Memory"): below about 982m fails.
 * The IllegalConfigurationException comes when the operator deploys the cluster, after `pulumi up`
 * applied the FlinkDeployment, and the job never starts. Defaults of Flink 1.19 to 2.1; when the
 * configuration sets any `jobmanager.memory.*` / `taskmanager.memory.*` key but the process size
 * (which the operator replaces with the resource memory) the layout is the user's, and nothing is
 * checked here.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { resourceMemoryBytes } from "./resource-memory.js";

const Mi = 1024 * 1024;
/** Flink's float fractions as the JVM multiplies with them (MemorySize.multiply: `(long) (bytes * fraction)`). */
const TENTH = Math.fround(0.1);
const MANAGED_FRACTION = Math.fround(0.4);

/**
 * The bytes the operator reads from a memory text (resource-memory.ts: Flink MemorySize first, else
 * a Kubernetes quantity after its normalisation, so "1GiB" is 1 GiB); undefined when it refuses the
 * text or the size is beyond a safe integer.
 */
export function processMemoryBytes(text: string): number | undefined {
  return resourceMemoryBytes(text)?.bytes;
}

/** JVM metaspace and overhead of a process of `p` bytes, or undefined when they exceed it. */
function flinkMemory(p: number): number | undefined {
  const overhead = Math.min(Math.max(Math.floor(p * TENTH), 192 * Mi), 1024 * Mi);
  const rest = p - 256 * Mi - overhead;
  return rest < 0 ? undefined : rest;
}

/** True when Flink fails to lay out a JobManager of `p` bytes with default memory options. */
export function jobManagerTooSmall(p: number): boolean {
  const f = flinkMemory(p);
  return f === undefined || f <= 128 * Mi;
}

/** True when Flink fails to lay out a TaskManager of `p` bytes with default memory options. */
export function taskManagerTooSmall(p: number): boolean {
  const f = flinkMemory(p);
  if (f === undefined) return true;
  const network = Math.max(Math.floor(f * TENTH), 64 * Mi);
  return 256 * Mi + Math.floor(f * MANAGED_FRACTION) + network > f;
}

/**
 * Reports `memory` (the text of `kubernetes.jobManager.memory` / `kubernetes.taskManager.memory`,
 * already known to be a memory size) when Flink cannot lay out that process with default memory
 * options; quiet when `conf` sets any memory option of the component but its process size (which
 * the operator overwrites with this very memory: operator-sized-keys.ts).
 */
export function checkProcessMemory(component: "JobManager" | "TaskManager", memory: string, conf: Readonly<Record<string, string>>, path: string, diag: Diagnostics): void {
  const prefix = component === "JobManager" ? "jobmanager.memory." : "taskmanager.memory.";
  if (Object.keys(conf).some((k) => k.startsWith(prefix) && k !== `${prefix}process.size`)) return;
  const bytes = processMemoryBytes(memory);
  if (bytes === undefined) return;
  if (component === "JobManager" && jobManagerTooSmall(bytes)) {
    diag.error(
      path,
      `${JSON.stringify(memory)} is too small for a JobManager: Flink takes the JVM metaspace (256m), the JVM overhead (at least 192m) and the off-heap memory (128m) from it first, ` +
        `leaving no heap, so the cluster fails to deploy ("The configured Total Flink Memory ... is less than the configured Off-heap Memory"; flink JobManagerFlinkMemoryUtils). ` +
        `Give it at least "704m" (Flink's recommended 128m heap), e.g. "1g", or set the jobmanager.memory.* options in kubernetes.flinkConfiguration`,
    );
  } else if (component === "TaskManager" && taskManagerTooSmall(bytes)) {
    diag.error(
      path,
      `${JSON.stringify(memory)} is too small for a TaskManager: Flink takes the JVM metaspace (256m), the JVM overhead (at least 192m), framework heap and off-heap memory (128m each), ` +
        `managed memory (0.4 of the rest) and network memory (at least 64m) from it before the task heap, so the cluster fails to deploy ("Sum of configured Framework Heap Memory ... exceed configured Total Flink Memory"; flink TaskExecutorFlinkMemoryUtils). ` +
        `Give it at least "1g", or set the taskmanager.memory.* options in kubernetes.flinkConfiguration`,
    );
  }
}
