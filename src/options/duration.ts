/**
 * Flink durations as Flink's `TimeUtils.parseDuration` reads them (apache/flink
 * `flink-core/src/main/java/org/apache/flink/util/TimeUtils.java`): a run of decimal digits,
 * optional white space, then a unit label, case-insensitive; no label means milliseconds.
 * Labels: `d`/`day(s)`, `h`/`hour(s)`, `min`/`m`/`minute(s)`, `s`/`sec(s)`/`second(s)`,
 * `ms`/`milli(s)`/`millisecond(s)`, `µs`/`micro(s)`/`microsecond(s)`, `ns`/`nano(s)`/`nanosecond(s)`.
 *
 * The product also needs the value to be a positive whole number of milliseconds (the checkpoint
 * interval it feeds is set in milliseconds), so zero, a negative sign, a fraction, or a sub-millisecond
 * remainder ("1500us") are errors here although Flink would read some of them.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";
import { closestKey } from "../validation/known-keys.js";

const NANOS_PER_MILLI = 1_000_000n;

/** Unit label → nanoseconds per unit. `us` is accepted as the ASCII spelling of `µs`. */
const UNIT_NANOS: ReadonlyMap<string, bigint> = (() => {
  const m = new Map<string, bigint>();
  const add = (nanos: bigint, ...labels: string[]): void => labels.forEach((l) => m.set(l, nanos));
  const plural = (...labels: string[]): string[] => labels.flatMap((l) => [l, `${l}s`]);
  add(86_400_000_000_000n, "d", ...plural("day"));
  add(3_600_000_000_000n, "h", ...plural("hour"));
  add(60_000_000_000n, "min", "m", ...plural("minute"));
  add(1_000_000_000n, "s", ...plural("sec", "second"));
  add(1_000_000n, "ms", ...plural("milli", "millisecond"));
  add(1_000n, "µs", "us", ...plural("micro", "microsecond"));
  add(1n, "ns", ...plural("nano", "nanosecond"));
  return m;
})();

const HINT = 'write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min, s, ms, µs, ns and their long forms)';

function fail(text: string, why: string): never {
  // A question ("did you mean ...?") is its own sentence.
  const joined = why.endsWith("?") ? `${why} Otherwise ${HINT}` : `${why}; ${HINT}`;
  throw new FlinkIcebergValidationError([{ path: "", message: `${JSON.stringify(text)} is not a valid Flink duration: ${joined}` }]);
}

/**
 * What to write for a fractional duration such as "1.5min" (Flink reads whole numbers only): the
 * same time in a smaller unit ("90s"), when it is a positive whole number of milliseconds.
 */
function fractionAdvice(digits: string, label: string): string {
  const m = /^[.,](\d+)\s*(.*)$/su.exec(label);
  const perUnit = m === null ? undefined : m[2] === "" ? NANOS_PER_MILLI : UNIT_NANOS.get(m[2]!);
  if (m !== null && perUnit !== undefined) {
    const scale = 10n ** BigInt(m[1]!.length);
    const scaled = BigInt(digits + m[1]!) * perUnit;
    const millis = scaled % scale === 0n ? scaled / scale : undefined;
    if (millis !== undefined && millis > 0n && millis % NANOS_PER_MILLI === 0n && millis / NANOS_PER_MILLI <= BigInt(Number.MAX_SAFE_INTEGER)) {
      return `write the same time in a smaller unit: ${JSON.stringify(compactDuration(Number(millis / NANOS_PER_MILLI)))}`;
    }
  }
  return 'use a smaller unit, e.g. "1500ms" for 1.5s';
}

/**
 * Reads a Flink duration text as flink `TimeUtils.parseDuration` does: the number (a long) and the
 * unit label in lower case ("" when none, which Flink reads as milliseconds), with any number,
 * zero included. Also takes `us`, this package's ASCII spelling of `µs` (verbatimDurationProblem
 * tells where Flink itself reads the text). Throws FlinkIcebergValidationError (path "") for text
 * Flink cannot read: empty, no leading digits (a sign, a word, an ISO-8601 duration), a fraction,
 * an unknown unit, or a number beyond a long.
 */
export function readFlinkDuration(text: string): { readonly nanos: bigint; readonly label: string } {
  if (typeof text !== "string") fail(String(text), `expected a string, got ${typeof text}`);
  const trimmed = text.trim();
  if (trimmed === "") fail(text, "it is empty");
  const m = /^(\d+)\s*(.*)$/su.exec(trimmed);
  if (!m) {
    if (/^[-+]/.test(trimmed)) fail(text, "a duration cannot carry a sign (it must be positive)");
    const iso = isoDurationMillis(trimmed);
    if (iso !== undefined) fail(text, `Flink does not read ISO-8601 durations; write ${JSON.stringify(compactDuration(iso))}`);
    fail(text, "it does not start with a number");
  }
  const digits = m[1]!;
  const label = m[2]!.toLowerCase();
  if (/^[.,]\d/.test(label)) fail(text, `Flink reads only whole numbers (no fraction); ${fractionAdvice(digits, label)}`);
  const perUnit = label === "" ? NANOS_PER_MILLI : UNIT_NANOS.get(label);
  if (perUnit === undefined) {
    const near = closestKey(label, [...UNIT_NANOS.keys()]);
    fail(text, `unknown unit ${JSON.stringify(label)}${near !== undefined ? `; did you mean ${JSON.stringify(`${digits}${near}`)}?` : ""}`);
  }
  // TimeUtils reads the number with Long.parseLong ("cannot be re represented as 64bit number").
  if (BigInt(digits) > MAX_LONG) fail(text, "it is too large (Flink reads the number as a Java long)");
  return { nanos: BigInt(digits) * perUnit, label };
}

const MAX_LONG = (1n << 63n) - 1n;

/**
 * Parses a Flink duration text into milliseconds. Throws FlinkIcebergValidationError (path "") for
 * unreadable text, zero, a negative or fractional number, a sub-millisecond remainder, or a value
 * above Number.MAX_SAFE_INTEGER milliseconds. With `allowZero` (a wait, not an interval) zero is 0.
 */
export function parseFlinkDuration(text: string, allowZero = false): number {
  const { nanos } = readFlinkDuration(text);
  if (nanos === 0n && !allowZero) fail(text, "it is zero; the interval must be positive");
  if (nanos % NANOS_PER_MILLI !== 0n) fail(text, "it is not a whole number of milliseconds");
  const millis = nanos / NANOS_PER_MILLI;
  if (millis > BigInt(Number.MAX_SAFE_INTEGER)) fail(text, "it is too large");
  return Number(millis);
}

const FORMAT_UNITS: readonly (readonly [number, string])[] = [
  [86_400_000, "d"],
  [3_600_000, "h"],
  [60_000, "min"],
  [1_000, "s"],
];

/**
 * Formats milliseconds with the largest unit that keeps the value whole, using labels every Flink
 * version reads: 60000 → "1 min", 90000 → "90 s", 1500 → "1500 ms", 86400000 → "1 d".
 * Throws for anything but a positive safe integer.
 */
export function formatFlinkDuration(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new FlinkIcebergValidationError([{ path: "", message: `${String(ms)} is not a positive whole number of milliseconds` }]);
  }
  for (const [size, label] of FORMAT_UNITS) {
    if (ms % size === 0) return `${ms / size} ${label}`;
  }
  return `${ms} ms`;
}

/** Milliseconds of an ISO-8601 duration such as `PT5M` or `P1DT2H` (days, hours, minutes, whole seconds), or undefined. */
function isoDurationMillis(text: string): number | undefined {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(text);
  if (m === null || m.slice(1).every((g) => g === undefined)) return undefined;
  const [d, h, min, sec] = m.slice(1).map((g) => Number(g ?? 0)) as [number, number, number, number];
  const ms = ((d * 24 + h) * 60 + min) * 60_000 + sec * 1000;
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** `ms` with the largest whole unit and no space, e.g. 300000 → "5min", 1500 → "1500ms". */
export function compactDuration(ms: number): string {
  return formatFlinkDuration(ms).replace(" ", "");
}

/**
 * Flink's smallest checkpoint interval in milliseconds (flink `CheckpointConfig`
 * MINIMAL_CHECKPOINT_TIME). A sink's commitInterval becomes the job's checkpoint interval.
 */
export const MIN_CHECKPOINT_INTERVAL_MS = 10;

/**
 * Why Flink itself cannot read `text`, a duration parseFlinkDuration accepted, as written: its
 * unit is `us`, which only this parser takes (flink TimeUtils labels microseconds `µs`, `micro(s)`,
 * `microsecond(s)`). For a value rendered verbatim (a WITH option); undefined when Flink reads it.
 */
export function verbatimDurationProblem(text: string): string | undefined {
  const label = /^\s*\d+\s*(.*?)\s*$/su.exec(text)?.[1]?.toLowerCase();
  if (label !== "us") return undefined;
  return `${JSON.stringify(text)} is not a valid Flink duration: Flink has no unit "us" (it reads microseconds as "µs", "micro" or "microsecond"); write ${JSON.stringify(compactDuration(parseFlinkDuration(text)))}`;
}

/**
 * The warning for a duration `text` of a positive number without a unit, which Flink reads as
 * `ms` milliseconds (flink `TimeUtils.parseDuration`).
 */
export function unitlessDurationWarning(text: string, ms: number): string {
  // The same duration first, worded as commitInterval's unitless warning (sink-options.ts); then the seconds reading.
  const compact = compactDuration(ms);
  const sayIt = compact.endsWith("ms") ? `write "${compact}" to say so` : `write "${compact}" (or "${ms}ms") to say so`;
  return `${JSON.stringify(text)} has no unit, so Flink reads it as milliseconds (${ms} ms); ${sayIt}, or "${text.trim()}s" if you mean seconds`;
}

/** True for a duration text without a unit ("300"), which Flink reads as milliseconds (flink `TimeUtils.parseDuration`). */
export function hasNoUnit(text: string): boolean {
  return /^\s*\d+\s*$/.test(text);
}
