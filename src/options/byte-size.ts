/**
 * Byte sizes (splitSize, targetFileSizeBytes): a positive safe integer byte count, or a size text
 * read as Flink reads memory sizes (apache/flink
 * `flink-core/src/main/java/org/apache/flink/configuration/MemorySize.java` `parseBytes`): decimal
 * digits, optional white space, then a unit, case-insensitive, binary multiples:
 * `b`/`bytes`; `k`/`kb`/`kibibytes` = 1024; `m`/`mb`/`mebibytes` = 1024²; `g`/`gb`/`gibibytes` = 1024³;
 * `t`/`tb`/`tebibytes` = 1024⁴; no unit means bytes. So "128MB" is 134217728 and "1gb" is 1073741824.
 * The runtime options take a plain long, so the product always renders the byte count, and no Flink
 * parser reads the text: the IEC units `KiB`, `MiB`, `GiB`, `TiB` (any case) are read too, as the
 * same 1024-based sizes ("512MiB" is 536870912). A size text that Flink itself reads (a memory option
 * of the job's configuration) keeps MemorySize's units only (readMemorySize).
 */
import { FlinkIcebergValidationError } from "../validation/error.js";

const UNITS: ReadonlyMap<string, bigint> = new Map<string, bigint>([
  ["", 1n],
  ["b", 1n],
  ["bytes", 1n],
  ["k", 1024n],
  ["kb", 1024n],
  ["kibibytes", 1024n],
  ["m", 1024n ** 2n],
  ["mb", 1024n ** 2n],
  ["mebibytes", 1024n ** 2n],
  ["g", 1024n ** 3n],
  ["gb", 1024n ** 3n],
  ["gibibytes", 1024n ** 3n],
  ["t", 1024n ** 4n],
  ["tb", 1024n ** 4n],
  ["tebibytes", 1024n ** 4n],
]);

/** The hint, as accepted where it is shown: IEC units only where the package renders the byte count. */
const hint = (iec: boolean): string =>
  iec
    ? 'pass a positive whole number of bytes (e.g. 134217728) or a size text such as "128MB", "64 mb", "1gb", "512MiB" (binary units: 1 KB = 1 KiB = 1024 bytes)'
    : 'pass a positive whole number of bytes (e.g. 134217728) or a size text such as "128MB", "64 mb", "1gb", "512kb" (binary units: 1 KB = 1024 bytes)';

/** The IEC units parseByteSize reads besides Flink's (the same 1024-based sizes). */
const IEC_UNITS: ReadonlyMap<string, bigint> = new Map<string, bigint>([
  ["kib", 1024n],
  ["mib", 1024n ** 2n],
  ["gib", 1024n ** 3n],
  ["tib", 1024n ** 4n],
]);

function fail(value: unknown, why: string, iec = true): never {
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  throw new FlinkIcebergValidationError([{ path: "", message: `${shown} is not a valid byte size: ${why}; ${hint(iec)}` }]);
}

/**
 * Parses a byte count or size text into a positive safe integer number of bytes, for a prop the
 * package renders as the byte count (Flink's units and the IEC ones, see above). Throws
 * FlinkIcebergValidationError (path "").
 */
export function parseByteSize(value: number | string): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || !Number.isInteger(value)) fail(value, "it is not a whole number");
    if (value <= 0) fail(value, "it must be positive");
    if (!Number.isSafeInteger(value)) fail(value, "it is above Number.MAX_SAFE_INTEGER");
    return value;
  }
  if (typeof value !== "string") fail(value, `expected a number or a string, got ${typeof value}`);
  const bytes = readMemorySize(value, true);
  if (bytes === 0n) fail(value, "it is zero; it must be positive");
  if (bytes > BigInt(Number.MAX_SAFE_INTEGER)) fail(value, "it is above Number.MAX_SAFE_INTEGER bytes");
  return Number(bytes);
}

/**
 * Reads a size text as flink `MemorySize.parse` does: the byte count (zero included) and whether
 * the text has a unit (none means bytes). Throws FlinkIcebergValidationError (path "") for text
 * Flink cannot read: empty, no leading digits, a fraction or an unknown unit. With `iec` (a size the
 * package turns into a byte count itself) the IEC units KiB, MiB, GiB and TiB are read as well.
 */
export function readMemorySize(value: string, iec = false): bigint {
  const trimmed = value.trim();
  if (trimmed === "") fail(value, "it is empty", iec);
  const m = /^(\d+)\s*(.*)$/su.exec(trimmed);
  if (!m) {
    if (/^[-+]/.test(trimmed)) fail(value, "a size cannot carry a sign (it must be positive)", iec);
    fail(value, "it does not start with a number", iec);
  }
  const unit = m[2]!.toLowerCase();
  if (/^[.,]\d/.test(unit)) fail(value, 'Flink reads only whole numbers (no fraction); use a smaller unit, e.g. "1536mb" for 1.5gb', iec);
  const multiplier = UNITS.get(unit) ?? (iec ? IEC_UNITS.get(unit) : undefined);
  if (multiplier === undefined) {
    // IEC spellings: Flink's own units are already 1024-based (MemorySize: "mb" = mebibytes).
    const spelled = /^([kmgt])ib?$/.exec(unit);
    fail(value, `unknown unit ${JSON.stringify(unit)}${spelled !== null ? `; Flink's units are 1024-based already: write "${m[1]}${spelled[1]}b"` : ""}`, iec);
  }
  return BigInt(m[1]!) * multiplier;
}

/** Below this many bytes a file or split size is almost surely a unit mistake (one MiB). */
export const SMALL_SIZE_BYTES = 1024 * 1024;

/**
 * The warning for a size arg below one MiB, e.g. `targetFileSizeBytes: 128` meant as 128 MB:
 * `arg` is the prop, `what` the effect ("a new data file every 128 bytes"); undefined otherwise.
 */
export function smallSizeWarning(arg: string, bytes: number, what: string): string | undefined {
  if (bytes >= SMALL_SIZE_BYTES) return undefined;
  return `${bytes} bytes is ${what}; ${arg} is a byte count unless written with a unit: write e.g. "128MB" (or the byte count of the size you mean)`;
}

/** `bytes` in Flink's largest unit that holds it exactly (MemorySize's 1024-based b, k, m, g, t), e.g. 4294967296 → "4g", 1000 → "1000b". */
export function compactMemorySize(bytes: bigint): string {
  for (const [label, size] of [["t", 1024n ** 4n], ["g", 1024n ** 3n], ["m", 1024n ** 2n], ["k", 1024n]] as const) {
    if (bytes > 0n && bytes % size === 0n) return `${bytes / size}${label}`;
  }
  return `${bytes}b`;
}
