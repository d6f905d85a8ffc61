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

/**
 * The units in the hint, as accepted where it is shown: a text Flink reads as written (`flinkReads`)
 * takes TimeUtils' labels; one this package reads takes `m` and `us` too (rendered as Flink reads them).
 */
const hint = (flinkReads: boolean): string =>
  `write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: ${flinkReads ? "d, h, min, s, ms, µs, ns" : "d, h, min or m, s, ms, µs or us, ns"} and their long forms)`;

/**
 * Throws the duration error. When `why` already says what to write (`write "10s"`), the sentence
 * ends there; otherwise the hint follows (after a question, as its own sentence).
 */
function fail(text: string, why: string, flinkReads = false): never {
  const joined = /(^|; )write /.test(why) ? why : why.endsWith("?") ? `${why} Otherwise ${hint(flinkReads)}` : `${why}; ${hint(flinkReads)}`;
  throw new FlinkIcebergValidationError([{ path: "", message: `${JSON.stringify(text)} is not a valid Flink duration: ${joined}` }]);
}

/** Canonical labels of the units a compound duration is rewritten in ("1h30min" → "90min"), largest first. */
const COMPOUND_UNITS: readonly (readonly [bigint, string])[] = [
  [86_400_000_000_000n, "d"],
  [3_600_000_000_000n, "h"],
  [60_000_000_000n, "min"],
  [1_000_000_000n, "s"],
  [1_000_000n, "ms"],
];

/**
 * What to write for a compound duration such as "1h30min" or "2min 30s" (TimeUtils reads one number
 * and one unit): the same time in the smallest unit it names ("90min", "150s"); undefined when
 * `trimmed` is no run of number-unit pairs of d, h, min, s and ms (and their long forms).
 */
function compoundAdvice(trimmed: string): string | undefined {
  const parts = [...trimmed.matchAll(/(\d+)\s*([a-zµ]+)\s*/giu)];
  if (parts.length < 2 || parts.map((p) => p[0]).join("") !== trimmed) return undefined;
  let total = 0n;
  let smallest: bigint | undefined;
  for (const p of parts) {
    const perUnit = UNIT_NANOS.get(p[2]!.toLowerCase());
    if (perUnit === undefined || perUnit < NANOS_PER_MILLI) return undefined;
    total += BigInt(p[1]!) * perUnit;
    if (smallest === undefined || perUnit < smallest) smallest = perUnit;
  }
  const label = COMPOUND_UNITS.find(([n]) => n === smallest)?.[1];
  if (label === undefined || total === 0n) return undefined;
  return `Flink reads one number and one unit, not a sum of several; write ${JSON.stringify(`${total / smallest!}${label}`)}`;
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
 * a compound such as "1h30min" (the message says the same time in its smallest unit, "90min"), an
 * unknown unit, or a number beyond a long. `flinkReads`: the text goes to Flink as written, so the
 * message lists and suggests only TimeUtils' own labels (never `us`).
 */
export function readFlinkDuration(text: string, flinkReads = false): { readonly nanos: bigint; readonly label: string } {
  const no = (why: string): never => fail(typeof text === "string" ? text : String(text), why, flinkReads);
  if (typeof text !== "string") no(`expected a string, got ${typeof text}`);
  const trimmed = text.trim();
  if (trimmed === "") no("it is empty");
  const m = /^(\d+)\s*(.*)$/su.exec(trimmed);
  if (!m) {
    if (/^[-+]/.test(trimmed)) no("a duration cannot carry a sign (it must be positive)");
    const iso = isoDurationMillis(trimmed);
    if (iso !== undefined) no(`Flink does not read ISO-8601 durations; write ${JSON.stringify(compactDuration(iso))}`);
    no("it does not start with a number");
  }
  const digits = m![1]!;
  const label = m![2]!.toLowerCase();
  if (/^[.,]\d/.test(label)) no(`Flink reads only whole numbers (no fraction); ${fractionAdvice(digits, label)}`);
  const perUnit = label === "" ? NANOS_PER_MILLI : UNIT_NANOS.get(label);
  if (perUnit === undefined) {
    const compound = compoundAdvice(trimmed);
    if (compound !== undefined) no(compound);
    // Where Flink reads the text, `us` is no unit (this package's spelling only), so it is never suggested there.
    const near = closestKey(label, [...UNIT_NANOS.keys()].filter((l) => !flinkReads || l !== "us"));
    no(`unknown unit ${JSON.stringify(label)}${near !== undefined ? `; did you mean ${JSON.stringify(`${digits}${near}`)}?` : ""}`);
  }
  // TimeUtils reads the number with Long.parseLong ("cannot be re represented as 64bit number").
  if (BigInt(digits) > MAX_LONG) no("it is too large (Flink reads the number as a Java long)");
  return { nanos: BigInt(digits) * perUnit!, label };
}

const MAX_LONG = (1n << 63n) - 1n;

/**
 * Parses a Flink duration text into milliseconds. Throws FlinkIcebergValidationError (path "") for
 * unreadable text, zero, a negative or fractional number, a sub-millisecond remainder, or a value
 * above Number.MAX_SAFE_INTEGER milliseconds. With `allowZero` (a wait, not an interval) zero is 0;
 * `flinkReads` as for readFlinkDuration.
 */
export function parseFlinkDuration(text: string, allowZero = false, flinkReads = false): number {
  const { nanos } = readFlinkDuration(text, flinkReads);
  if (nanos === 0n && !allowZero) fail(text, "it is zero; the interval must be positive", flinkReads);
  if (nanos % NANOS_PER_MILLI !== 0n) fail(text, "it is not a whole number of milliseconds", flinkReads);
  const millis = nanos / NANOS_PER_MILLI;
  if (millis > BigInt(Number.MAX_SAFE_INTEGER)) fail(text, "it is too large", flinkReads);
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

/**
 * The warnings for a duration text that Flink reads as written (flink `TimeUtils.parseDuration`),
 * already known to be readable: the unit `m`, which not every Flink version this package supports
 * reads (write `min`), and no unit (milliseconds). The one check of every Duration-typed option the
 * package passes to Flink: the job's Flink configuration (flink-option-values.ts) and Iceberg's
 * Duration options in extraOptions and OPTIONS hints (known-iceberg-options.ts; iceberg
 * `FlinkReadOptions` / `FlinkWriteOptions` `durationType()` options, read by `FlinkConfParser` with
 * Flink's TimeUtils). Throws as readFlinkDuration for text Flink cannot read.
 */
export function verbatimDurationWarnings(text: string): readonly string[] {
  const read = readFlinkDuration(text, true);
  const digits = text.trim().replace(/\D.*$/su, "");
  const out: string[] = [];
  if (read.label === "m") {
    out.push(`${JSON.stringify(text)}: not every Flink version this package supports reads the unit "m" (flink TimeUtils labels minutes "min" and "minute(s)"); write ${JSON.stringify(`${digits}min`)}`);
  }
  // Duration.toMillis, as Flink passes the value on.
  if (read.label === "" && read.nanos > 0n) out.push(unitlessDurationWarning(text, Number(read.nanos / NANOS_PER_MILLI)));
  return out;
}
