/**
 * Whether a streaming job's state is kept without end: Flink's idle state retention
 * `table.exec.state.ttl` (flink `ExecutionConfigOptions.IDLE_STATE_RETENTION`, a duration, default
 * 0 ms) read in milliseconds, where 0 means no TTL (flink `StateTtlConfigUtil.createTtlConfig`
 * builds a TTL only for a retention above 0), and the `STATE_TTL` query hint (Flink 1.19+, docs
 * `docs/content/docs/dev/table/sql/queries/hints.md` "State TTL Hints"), which sets a regular join's
 * or group aggregation's TTL per input, overriding the job's.
 */
import { durationSettingState, type TargetSetting } from "./job-config.js";

/** Flink's idle state retention key. */
export const STATE_TTL_KEY = "table.exec.state.ttl";

/**
 * True only when the job certainly runs without a state TTL: `setting` (job-config.ts firstSettingAt
 * of STATE_TTL_KEY) is unset, or a duration Flink reads as 0 ms ("0", "0 s", "500µs"). False for a
 * positive TTL, and for one not known at preview (an Output) or unreadable (reported elsewhere), so
 * that no message claims a state grows when it may not.
 */
export function withoutStateTtl(setting: TargetSetting | undefined): boolean {
  const state = durationSettingState(setting);
  return state === "unset" || state === "zero";
}

/** True when `text` (a statement's text) holds a `STATE_TTL(...)` item in a `/*+ ... *\/` hint. */
export function holdsStateTtlHint(text: string): boolean {
  return /\/\*\+(?:(?!\*\/)[^])*?\bSTATE_TTL\s*\(/i.test(text);
}
