/**
 * Iceberg snapshot ids (SPEC decision 3; facts §6.1): random non-negative 63-bit longs made from a
 * UUID (iceberg `core/src/main/java/org/apache/iceberg/SnapshotIdGeneratorUtil.java`). They
 * routinely exceed 2^53, so they are carried as bigint or a decimal string and rendered as the exact
 * digits. A JS number is accepted only when it is a safe integer (a larger one has already lost
 * digits). The result is always a string: a bigint must never reach Pulumi's serializer, which
 * silently turns it into `{}`. Ids have no order; they are never compared numerically.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";

/** Largest Java long, the largest snapshot id. */
export const MAX_SNAPSHOT_ID = 2n ** 63n - 1n;

function fail(value: unknown, why: string): never {
  const shown = typeof value === "string" ? JSON.stringify(value) : typeof value === "bigint" ? `${value}n` : String(value);
  throw new FlinkIcebergValidationError([{ path: "", message: `${shown} is not a valid snapshot id: ${why}` }]);
}

/**
 * Normalises a snapshot id to its decimal digits (no sign, no leading zeros), in 1..2^63-1.
 * Throws FlinkIcebergValidationError (path "") otherwise.
 */
export function parseSnapshotId(value: bigint | string | number): string {
  let id: bigint;
  if (typeof value === "bigint") {
    id = value;
  } else if (typeof value === "number") {
    if (!Number.isInteger(value)) fail(value, "a snapshot id is a whole number; pass it as a string of digits, e.g. \"3821550127947089987\"");
    if (!Number.isSafeInteger(value)) {
      fail(value, "it is above 2^53-1, so a JS number has already lost digits; pass the id as a string of digits (e.g. \"3821550127947089987\") or a bigint");
    }
    id = BigInt(value);
  } else if (typeof value === "string") {
    const t = value.trim();
    if (!/^\d+$/.test(t)) fail(value, 'expected decimal digits only, e.g. "3821550127947089987"');
    id = BigInt(t);
  } else {
    fail(value, `expected a string of digits, a bigint or a safe-integer number, got ${typeof value}`);
  }
  if (id < 1n) fail(value, "snapshot ids are positive (1 to 9223372036854775807)");
  if (id > MAX_SNAPSHOT_ID) fail(value, "it is above 9223372036854775807 (2^63-1), the largest snapshot id");
  return id.toString();
}
