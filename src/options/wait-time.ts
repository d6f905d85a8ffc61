/**
 * A deploy target's wait, given as a number of seconds or as a Flink duration string: the
 * Kubernetes target's `timeout` (how long `pulumi up` waits for the FlinkDeployment) and the SQL
 * Gateway target's `startTimeout` (how long create/update wait for the job to run). A string is read
 * as Flink reads a duration (duration.ts, flink `TimeUtils.parseDuration`: "10min", "90s"; no unit
 * means milliseconds); a number is seconds. Each target then applies its own range.
 */
import { parseFlinkDuration } from "./duration.js";
import { isValidationError } from "../validation/error.js";

/** A wait as a prop takes it: a number of seconds (`600`) or a Flink duration string (`"10min"`). */
export type WaitTime = number | string;

/** `value` as written in a message: a string quoted, anything else as it prints. */
export function shownWait(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/**
 * `value` in milliseconds: a number as seconds (0 or more, a whole number of milliseconds), a string
 * as a Flink duration (0 allowed); otherwise the problem, `must be ${expected}, got ...` for a value
 * that is neither (`expected` says what to write, with examples). Throws nothing.
 */
export function waitTimeMillis(value: unknown, expected: string): { readonly ms: number } | { readonly problem: string } {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) {
    const ms = value * 1000;
    const whole = Math.round(ms);
    // Seconds with a fraction are exact only to the floating-point error: 1.001 * 1000 is 1000.9999999999999.
    if (Math.abs(ms - whole) > 1e-6) return { problem: `${value} seconds is not a whole number of milliseconds; write e.g. "${Math.ceil(ms)}ms"` };
    if (!Number.isSafeInteger(whole)) return { problem: `${value} seconds is too large; ${expected}` };
    return { ms: whole };
  }
  if (typeof value !== "string") return { problem: `must be ${expected}, got ${shownWait(value)}` };
  try {
    return { ms: parseFlinkDuration(value, true) };
  } catch (e) {
    if (isValidationError(e)) return { problem: e.issues.map((i) => i.message).join("; ") };
    throw e;
  }
}
