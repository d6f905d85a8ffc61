/**
 * Mini-batch switched on without the settings it needs.
 *
 * With `table.exec.mini-batch.enabled` true a streaming job's planner requires
 * `table.exec.mini-batch.allow-latency` above 0 ms for every sink block, whatever the query
 * (flink StreamCommonSubGraphBasedOptimizer: "MiniBatch Latency must be greater than 0 ms."; the
 * option's default is 0 ms, read with Duration.toMillis, so a latency below 1 ms is 0 too): the job
 * fails when its statements are planned, an error. The operators that buffer a mini-batch (group
 * aggregations, deduplications, joins) also read `table.exec.mini-batch.size` and refuse its
 * default -1 when they are built (flink ExecutionConfigOptions TABLE_EXEC_MINIBATCH_SIZE: "its value
 * must be greater than zero"; StreamExecDeduplicate "should be greater than 0", the aggregations
 * through ConfigOption "must be > 0"): a plan without such an operator runs, so that one is a
 * warning. A batch job ignores mini-batch. A value that is not known at preview (an Output) or
 * does not read is left to the value checks.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { durationSettingState, isOn, type TargetSetting } from "./job-config.js";

/** The switch (job-plan.ts also reads it for the 2.1 deduplication plans). */
export const MINI_BATCH_KEY = "table.exec.mini-batch.enabled";
export const MINI_BATCH_LATENCY_KEY = "table.exec.mini-batch.allow-latency";
export const MINI_BATCH_SIZE_KEY = "table.exec.mini-batch.size";

/** The three mini-batch settings, each undefined when nothing sets it. */
export interface MiniBatchSettings {
  readonly enabled: TargetSetting | undefined;
  readonly latency: TargetSetting | undefined;
  readonly size: TargetSetting | undefined;
}

function sizeState(s: TargetSetting | undefined): "unset" | "not-positive" | "positive" | "unknown" {
  if (s === undefined) return "unset";
  if (typeof s.value !== "string" || !/^\s*[+-]?\d+\s*$/.test(s.value)) return "unknown";
  return Number(s.value.trim()) > 0 ? "positive" : "not-positive";
}

/** Checks a streaming job's mini-batch settings (the caller skips batch jobs). */
export function checkMiniBatchSettings(settings: MiniBatchSettings, diag: Diagnostics): void {
  const { enabled } = settings;
  if (enabled === undefined || !isOn(enabled.value)) return;
  const latency = durationSettingState(settings.latency);
  const size = sizeState(settings.size);
  const sizeMissing = size === "unset" || size === "not-positive";
  const sizeText = size === "unset" ? `${MINI_BATCH_SIZE_KEY} is not set (default -1)` : `${MINI_BATCH_SIZE_KEY} is ${JSON.stringify(settings.size!.value)}`;
  if (latency === "unset" || latency === "zero") {
    const latencyText = latency === "unset" ? `${MINI_BATCH_LATENCY_KEY} is not set (default 0 ms)` : `${MINI_BATCH_LATENCY_KEY} is ${JSON.stringify(settings.latency!.value)}, under 1 ms`;
    const example = sizeMissing ? `"${MINI_BATCH_LATENCY_KEY}": "5s" and "${MINI_BATCH_SIZE_KEY}": "5000"` : `"${MINI_BATCH_LATENCY_KEY}": "5s"`;
    diag.error(
      latency === "zero" ? settings.latency!.path : enabled.path,
      `${MINI_BATCH_KEY} is "true" but ${latencyText}${sizeMissing ? ` and ${sizeText}` : ""}: ` +
        `Flink refuses to plan a streaming job with mini-batch on and no latency ("MiniBatch Latency must be greater than 0 ms."; flink StreamCommonSubGraphBasedOptimizer)` +
        `${sizeMissing ? ", and its aggregations, deduplications and joins need a size above 0" : ""}. Set ${example} next to it, or remove ${MINI_BATCH_KEY}`,
    );
    return;
  }
  if (!sizeMissing) return;
  diag.warn(
    size === "not-positive" ? settings.size!.path : enabled.path,
    `${MINI_BATCH_KEY} is "true" but ${sizeText}: the operators that buffer a mini-batch (group aggregations, deduplications, joins) refuse it when the job starts ` +
      `("table.exec.mini-batch.size should be greater than 0"; flink ExecutionConfigOptions: "its value must be greater than zero"), so a job whose plan holds one fails. Set e.g. "${MINI_BATCH_SIZE_KEY}": "5000"`,
  );
}
