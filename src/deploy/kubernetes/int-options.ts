/**
 * The int-valued Flink options the Kubernetes target reads: `taskmanager.numberOfTaskSlots` (the
 * slot check, validate.ts) and `parallelism.default` (the FlinkDeployment's `spec.job.parallelism`).
 *
 * Flink reads an int option with `Integer.parseInt` of its text (apache/flink flink-core
 * .../configuration/ConfigurationUtils.java `convertToInt`): "two", "2.0" or "1e1" fail to parse.
 * A TaskManager reads its slot count at start and refuses fewer than one, -1 being an old spelling
 * of 1 (apache/flink flink-runtime .../util/ConfigurationParserUtils.java `getSlot`: "Number of
 * task slots must be at least one."), so a bad value surfaces only when the pods start, after
 * `pulumi up` has applied the FlinkDeployment.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { isJavaWholeNumber } from "../../validation/java-number.js";
import type { KubernetesArgs, KubernetesJobFacts } from "./args.js";

export const TASK_SLOTS_KEY = "taskmanager.numberOfTaskSlots";

/**
 * The int Flink reads from `text`, or undefined when Integer.parseInt would fail. Surrounding white
 * space is allowed: Flink's configuration file loaders trim values.
 */
export function parseFlinkInt(text: string): number | undefined {
  const t = text.trim();
  return isJavaWholeNumber(t, 32) ? Number(t) : undefined;
}

/** What to write instead of `text` for a whole number of at least 1: the integer it spells, else an example. */
function suggestion(text: string): string {
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isSafeInteger(n) && n >= 1 ? `write ${JSON.stringify(String(n))}` : `write a whole number such as "2"`;
}

/** The slot count of an effective configuration: the key's value when it parses (-1 reads as 1), else undefined; 1 when unset. */
export function taskSlotsOf(conf: Readonly<Record<string, string>>): number | undefined {
  const text = conf[TASK_SLOTS_KEY];
  if (text === undefined) return 1;
  const n = parseFlinkInt(text);
  if (n === -1) return 1;
  return n !== undefined && n >= 1 ? n : undefined;
}

/**
 * `taskmanager.numberOfTaskSlots` in `kubernetes.flinkConfiguration` or in the job's configuration
 * (which the FlinkDeployment's configuration includes): a whole number of at least 1.
 */
export function checkTaskSlotsValue(args: KubernetesArgs, job: KubernetesJobFacts, diag: Diagnostics): void {
  const sources: [string, unknown][] = [
    [`kubernetes.flinkConfiguration[${JSON.stringify(TASK_SLOTS_KEY)}]`, args.flinkConfiguration?.[TASK_SLOTS_KEY]],
    [`configuration[${JSON.stringify(TASK_SLOTS_KEY)}]`, job.flinkConfiguration[TASK_SLOTS_KEY]],
  ];
  for (const [path, value] of sources) {
    // A value that is no string is reported by the configuration checks.
    if (typeof value !== "string" || taskSlotsOf({ [TASK_SLOTS_KEY]: value }) !== undefined) continue;
    diag.error(
      path,
      `${JSON.stringify(value)} is not a number of task slots: Flink reads it as a whole number of at least 1 when a TaskManager starts, and the TaskManager fails on anything else; ${suggestion(value)}`,
    );
  }
}

/**
 * `parallelism.default` from the job's configuration (the `parallelism` arg is checked by
 * FlinkSqlJob): a whole number of at least 1, which becomes `spec.job.parallelism`.
 */
export function checkDefaultParallelismValue(job: KubernetesJobFacts, diag: Diagnostics): void {
  if (job.parallelism !== undefined) return;
  const text = job.flinkConfiguration["parallelism.default"];
  if (text === undefined) return;
  const n = parseFlinkInt(text);
  if (n !== undefined && n >= 1) return;
  diag.error(
    'configuration["parallelism.default"]',
    `must be a whole number of at least 1 (Flink parses it as an int, and the operator rejects job.parallelism below 1), got ${JSON.stringify(text)}; ${suggestion(text)}, or set the job's \`parallelism\` arg instead`,
  );
}
