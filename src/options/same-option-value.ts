/**
 * Whether two texts of one Flink option are the same value as Flink reads them: equal after trimming,
 * or, for a duration, a memory size or a boolean option (flink-option-types.ts), the same duration
 * (flink `TimeUtils.parseDuration`: "1 h" and "60 min"), byte count (`MemorySize.parse`: "1g" and
 * "1024m") or truth value (Flink reads "TRUE" and "true" alike). A text Flink cannot read is the
 * same as no other text (its own check reports it).
 */
import { readFlinkDuration } from "./duration.js";
import { readMemorySize } from "./byte-size.js";
import { FLINK_OPTION_TYPES } from "./flink-option-types.js";

/** `read(text)`, or undefined when it throws (text Flink cannot read). */
function readOrUndefined<T>(read: (text: string) => T, text: string): T | undefined {
  try {
    return read(text);
  } catch {
    return undefined;
  }
}

/** Whether `a` and `b`, values of the Flink option `key`, are the same value to Flink. */
export function sameFlinkOptionValue(key: string, a: string, b: string): boolean {
  if (a.trim() === b.trim()) return true;
  const type = FLINK_OPTION_TYPES[key];
  if (type === "boolean") return a.trim().toLowerCase() === b.trim().toLowerCase();
  const read = type === "duration" ? (t: string) => readFlinkDuration(t, true).nanos : type === "memory" ? (t: string) => readMemorySize(t) : undefined;
  if (read === undefined) return false;
  const x = readOrUndefined(read, a);
  return x !== undefined && x === readOrUndefined(read, b);
}
