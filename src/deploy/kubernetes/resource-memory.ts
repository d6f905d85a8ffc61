/**
 * How the Flink Kubernetes Operator reads `spec.jobManager.resource.memory` /
 * `spec.taskManager.resource.memory`: flink-kubernetes-operator
 * `flink-kubernetes-operator/src/main/java/org/apache/flink/kubernetes/operator/config/FlinkConfigBuilder.java`
 * `parseResourceMemoryString` (moved to `utils/ResourceConfigUtils.java` in later releases; the
 * Kubernetes fallback since FLINK-31871, operator 1.7), which `DefaultValidator.validateResources`
 * and `setResource` (the process size it writes) both call:
 * 1. Flink's `MemorySize.parse`: a whole number, optional white space, then b, k(b), m(b), g(b),
 *    t(b) or their long forms (bytes, kibibytes ...), any case, 1024-based; no unit is bytes.
 * 2. When that fails, `formatMemoryStringForK8sSpec`: every white space removed, the text
 *    upper-cased, one trailing `B` dropped and a trailing `I` turned into `i`; then the fabric8
 *    `Quantity.parse(...).getNumericalAmount()`: a decimal number, then `Ki`, `Mi`, `Gi`, `Ti`, `Pi`,
 *    `Ei` (1024-based), `M`, `G`, `T`, `P`, `E` (1000-based), an exponent (`E9`), or nothing.
 * 3. The byte count it returns is `BigDecimal.toString()` of the amount times the suffix's multiple
 *    (fabric8 `Quantity.getAmountInBytes`: `digit.multiply(multiple)`, no stripping), which keeps the
 *    amount's decimal places: "1.5Gi" is "1610612736.0", "2.0Gi" "2147483648.0". The validator
 *    parses that with `MemorySize.parse` again (`DefaultValidator.validateResources`), which refuses
 *    the unit ".0": any amount written with a decimal point is refused ("resource memory parse error").
 * So "1GiB", "1 gib" and "1Gi" are each 1 GiB and "2 Gi" is 2 GiB, while "1.5Gi", "1.5G" and "2.0Gi"
 * fail (wholeMemorySuggestion names the whole size to write), "1.5k" fails (upper-cased, `K` is no
 * quantity suffix) and so does "2 gigs".
 */

import { readMemorySize } from "../../options/byte-size.js";

const Ki = 1024;
/** fabric8 Quantity's suffixes, as they are left after the operator's upper-casing. */
const QUANTITY_UNITS: Readonly<Record<string, number>> = {
  "": 1,
  Ki,
  Mi: Ki ** 2,
  Gi: Ki ** 3,
  Ti: Ki ** 4,
  Pi: Ki ** 5,
  Ei: Ki ** 6,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/** A safe whole byte count, or undefined (beyond Number.MAX_SAFE_INTEGER: nothing is computed from it). */
const safe = (bytes: number): number | undefined => (Number.isSafeInteger(Math.floor(bytes)) ? Math.floor(bytes) : undefined);

/**
 * The operator's reading of a resource memory text: `{ bytes }` when it reads it (`bytes` the
 * process size, rounded down, or undefined beyond Number.MAX_SAFE_INTEGER), undefined when it
 * refuses it (DefaultValidator: "resource memory parse error").
 */
export function resourceMemoryBytes(text: string): { readonly bytes: number | undefined } | undefined {
  // 1. MemorySize.parse (byte-size.ts readMemorySize reads it as Flink does).
  const flink = flinkMemoryBytes(text);
  if (flink !== undefined) return { bytes: safe(Number(flink)) };
  // 2. formatMemoryStringForK8sSpec, then Quantity.parse (the unit starts at the first unit letter left).
  const m = /^(\d+(?:\.\d*)?|\.\d+)([EKMGTPi].*)?$/u.exec(operatorQuantityText(text));
  if (m === null) return undefined;
  // A decimal point survives into the byte count ("1610612736.0"), which MemorySize refuses.
  if (m[1]!.includes(".")) return undefined;
  const amount = Number(m[1]);
  const suffix = m[2] ?? "";
  // Quantity.getMultiple: a suffix with digits is an exponent of ten (the letter is skipped).
  const exponent = /^[EKMGTP]([+-]?\d+)$/u.exec(suffix);
  if (exponent !== null) return { bytes: safe(amount * 10 ** Number(exponent[1])) };
  const multiple = Object.hasOwn(QUANTITY_UNITS, suffix) ? QUANTITY_UNITS[suffix]! : undefined;
  return multiple === undefined ? undefined : { bytes: safe(amount * multiple) };
}

/** MemorySize.parse's byte count of `text`, or undefined when it refuses it. */
function flinkMemoryBytes(text: string): bigint | undefined {
  try {
    return readMemorySize(text);
  } catch {
    return undefined;
  }
}

/** The operator's formatMemoryStringForK8sSpec: white space removed, upper-cased, one trailing B dropped, a trailing I read as i. */
function operatorQuantityText(text: string): string {
  let q = text.replace(/\s/gu, "").toUpperCase();
  if (q.endsWith("B")) q = q.slice(0, -1);
  if (q.endsWith("I")) q = `${q.slice(0, -1)}i`;
  return q;
}

/**
 * For a Kubernetes quantity written with a fraction ("1.5Gi", "0.5G"), which the operator refuses
 * (step 3 above), the same size as a whole number in the largest binary unit that holds it
 * ("1536Mi"), or in bytes; undefined for any other text.
 */
export function wholeMemorySuggestion(text: string): string | undefined {
  const m = /^(\d*\.\d*)([KMGTPE]i|[MGTPE])?$/u.exec(operatorQuantityText(text));
  if (m === null || m[1] === "." || !Object.hasOwn(QUANTITY_UNITS, m[2] ?? "")) return undefined;
  const bytes = Math.floor(Number(m[1]) * QUANTITY_UNITS[m[2] ?? ""]!);
  if (!(bytes > 0) || !Number.isSafeInteger(bytes)) return undefined;
  for (const unit of ["Ti", "Gi", "Mi", "Ki"] as const) if (bytes % QUANTITY_UNITS[unit]! === 0) return `${bytes / QUANTITY_UNITS[unit]!}${unit}`;
  return String(bytes);
}

/** Flink's MemorySize units (flink MemorySize.MemoryUnit), 1024-based, largest first. */
const FLINK_UNITS: readonly (readonly [string, number])[] = [["t", Ki ** 4], ["g", Ki ** 3], ["m", Ki ** 2], ["k", Ki]];

/**
 * For a size written with a fraction in Flink's own lower-case units m, g, t ("1.5g", "0.5 gb"), which
 * neither MemorySize nor the operator's Kubernetes fallback reads (step 3 above), the same size as
 * Flink reads its units, 1024-based, as a whole number in the largest unit that holds it ("1536m"):
 * what the writer of a Flink size meant, where the fallback would read "1.5G" as 1.5 × 10^9 bytes.
 * Undefined for any other text (wholeMemorySuggestion then names the quantity's size).
 */
export function wholeFlinkSizeSuggestion(text: string): string | undefined {
  // k is left out: no process takes kibibytes (such a text stays "not a memory size").
  const m = /^\s*(\d*\.\d+|\d+\.\d*)\s*([mgt])b?\s*$/u.exec(text);
  if (m === null) return undefined;
  const bytes = Math.floor(Number(m[1]) * FLINK_UNITS.find(([u]) => u === m[2])![1]);
  if (!(bytes > 0) || !Number.isSafeInteger(bytes)) return undefined;
  for (const [unit, size] of FLINK_UNITS) if (bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}b`;
}
