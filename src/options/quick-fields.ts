/**
 * Quick reads of plain fields for parseFields (fields.ts withQuickRead): the value zod's parse
 * returns for a plainly valid input, without zod, or undefined, and zod parses (and words every
 * problem) as before. Each field here parses a valid input to the input itself (no transform, no
 * default for a given value), so the quick read returns the input when it passes exactly the
 * tests zod's schema makes (test/quick-fields.test.ts compares the two on generated input).
 * A table's database, table, streaming, writeFormat, commitInterval and upsertEnabled went
 * through zod for every table before (BENCHMARKS.md session 19).
 */
import { durationMillis } from "./duration-millis.js";

/** table-options.ts icebergName: a string of at least one character without a line break. */
export function quickName(value: unknown): string | undefined {
  return typeof value === "string" && value.length >= 1 && !/[\r\n]/.test(value) ? value : undefined;
}

/** fields.ts booleanField (optional, or with a default): a boolean. */
export function quickBoolean(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

/** A z.enum of `values`: one of them (as given; the enum neither trims nor changes case). */
export function quickEnum<T extends string>(values: readonly T[]): (value: unknown) => T | undefined {
  return (value) => (typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : undefined);
}

/** fields.ts durationField: a string parseFlinkDuration reads (its check then adds no issue). */
export function quickDuration(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    durationMillis(value);
  } catch {
    // zod's check reports it (or rethrows what is no validation error).
    return undefined;
  }
  return value;
}

/** A union of number literals `values` with a default (table-options.ts formatVersion): one of them, or the default when unset. */
export function quickLiteralOrDefault<T extends number>(values: readonly T[], byDefault: T): (value: unknown) => T | undefined {
  return (value) => (value === undefined ? byDefault : (values as readonly unknown[]).includes(value) ? (value as T) : undefined);
}
