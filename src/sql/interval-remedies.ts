/**
 * The Flink SQL interval literal to write for an interval string as people write it elsewhere
 * (PostgreSQL `'5 minutes'`, Flink durations `'90s'`, `'1 minute 30 seconds'`): the number in the
 * quotes, the unit as the qualifier after them.
 *
 * Literal forms (apache/flink `docs/content/docs/dev/table/functions/systemFunctions.md`, "INTERVAL
 * string range": `INTERVAL '10 00:00:00.004' DAY TO SECOND`, `INTERVAL '10' DAY`,
 * `INTERVAL '2-10' YEAR TO MONTH`); the string each qualifier takes is the pattern of
 * `evaluateIntervalLiteralAs*` in apache/flink
 * `flink-table/flink-table-planner/src/main/java/org/apache/calcite/sql/SqlIntervalQualifier.java`.
 */

import { literalFlinkTakes } from "./interval-fields.js";

type Unit = "YEAR" | "MONTH" | "DAY" | "HOUR" | "MINUTE" | "SECOND";

const UNIT_WORDS: readonly [RegExp, Unit | "WEEK" | "MILLISECOND"][] = [
  [/^(?:y|yr|yrs|years?)$/, "YEAR"],
  [/^(?:mons?|months?)$/, "MONTH"],
  [/^(?:w|weeks?)$/, "WEEK"],
  [/^(?:d|days?)$/, "DAY"],
  [/^(?:h|hr|hrs|hours?)$/, "HOUR"],
  [/^(?:m|mins?|minutes?)$/, "MINUTE"],
  [/^(?:s|secs?|seconds?)$/, "SECOND"],
  [/^(?:ms|millis?|milliseconds?)$/, "MILLISECOND"],
];

/** The unit an abbreviation or word for one stands for (`mins`, `hrs`, `s`, `ms`, `weeks`; any case), or undefined. */
export function unitOfWord(word: string): Unit | "WEEK" | "MILLISECOND" | undefined {
  const w = word.toLowerCase();
  return UNIT_WORDS.find(([re]) => re.test(w))?.[1];
}

/** The string each qualifier takes (sign and surrounding white space aside), as Flink checks it. */
export const QUALIFIER_FORMATS: readonly [string, RegExp, string][] = [
  ["YEAR", /^\d+$/, "'1'"],
  ["YEAR TO MONTH", /^\d+-\d{1,2}$/, "'1-2'"],
  ["QUARTER", /^\d+$/, "'1'"],
  ["MONTH", /^\d+$/, "'2'"],
  ["WEEK", /^\d+$/, "'1'"],
  ["DAY", /^\d+$/, "'10'"],
  ["DAY TO HOUR", /^\d+ \d{1,2}$/, "'1 02'"],
  ["DAY TO MINUTE", /^\d+ \d{1,2}:\d{1,2}$/, "'1 02:03'"],
  ["DAY TO SECOND", /^\d+ \d{1,2}:\d{1,2}:\d{1,2}(?:\.\d+)?$/, "'10 00:00:00.004'"],
  ["HOUR", /^\d+$/, "'1'"],
  ["HOUR TO MINUTE", /^\d+:\d{1,2}$/, "'1:30'"],
  ["HOUR TO SECOND", /^\d+:\d{1,2}:\d{1,2}(?:\.\d+)?$/, "'1:30:00'"],
  ["MINUTE", /^\d+$/, "'5'"],
  ["MINUTE TO SECOND", /^\d+:\d{1,2}(?:\.\d+)?$/, "'1:30'"],
  ["SECOND", /^\d+(?:\.\d+)?$/, "'5' or '0.5'"],
];

/** The format that `qualifier` (units upper-cased, no precisions, e.g. `MINUTE TO SECOND`) takes, or undefined for an unknown one. */
export function qualifierFormat(qualifier: string): { pattern: RegExp; example: string } | undefined {
  const f = QUALIFIER_FORMATS.find(([q]) => q === qualifier);
  return f === undefined ? undefined : { pattern: f[1], example: f[2] };
}

/** The literal for `value` under `qualifier`, as Flink takes it (a leading field past its default precision gets one: interval-fields.ts). */
const literal = (sign: string, value: string, qualifier: string): string => literalFlinkTakes(sign, value, qualifier);
const pad2 = (n: number): string => String(n).padStart(2, "0");

/** seconds + millis as a decimal string without float noise: 1 s 500 ms → "1.5". */
function secondsText(seconds: number, millis: number): string {
  if (millis === 0) return String(seconds);
  const total = seconds * 1000 + millis;
  const frac = String(total % 1000).padStart(3, "0").replace(/0+$/, "");
  return frac === "" ? String(Math.floor(total / 1000)) : `${Math.floor(total / 1000)}.${frac}`;
}

/** The day-time literal for whole fields from `hi` down to `lo` (each secondary field in range), else undefined. */
function dayTime(sign: string, f: Record<Unit, number>, second: string, hi: Unit, lo: Unit): string | undefined {
  const order: Unit[] = ["DAY", "HOUR", "MINUTE", "SECOND"];
  const [a, b] = [order.indexOf(hi), order.indexOf(lo)];
  if (hi === lo) return literal(sign, hi === "SECOND" ? second : String(f[hi]), hi);
  if (f.HOUR > 23 && a < 1 || f.MINUTE > 59 && a < 2 || f.SECOND > 59) return undefined;
  const text = (u: Unit, lead: boolean): string => (u === "SECOND" ? (lead ? second : second.replace(/^\d+/, (s) => pad2(Number(s)))) : lead ? String(f[u]) : pad2(f[u]));
  return literal(sign, joinFields(order.slice(a, b + 1), (u, k) => text(u, k === 0)), `${hi} TO ${lo}`);
}

/**
 * The interval literal(s) for `value` (an interval string written with units, e.g. `5 minutes`,
 * `-1 hour 30 min`, `90s`, `500 ms`), or undefined when it is not of that form. Several units
 * give one range literal (`INTERVAL '1:30' MINUTE TO SECOND`) when Flink has one, else a sum.
 */
export function literalForUnits(value: string): string | undefined {
  const m = /^\s*([+-]?)\s*((?:\d+(?:\.\d+)?\s*[A-Za-z]+[\s,]*)+)$/.exec(value);
  if (m === null) return undefined;
  const sign = m[1] === "-" ? "-" : "";
  const f: Record<Unit, number> = { YEAR: 0, MONTH: 0, DAY: 0, HOUR: 0, MINUTE: 0, SECOND: 0 };
  let millis = 0;
  const seen = new Set<string>();
  for (const part of m[2]!.matchAll(/(\d+(?:\.\d+)?)\s*([A-Za-z]+)/g)) {
    const unit = unitOfWord(part[2]!);
    const n = Number(part[1]);
    if (unit === undefined || seen.has(unit)) return undefined;
    seen.add(unit);
    if (unit === "SECOND" && part[1]!.includes(".")) {
      const [whole, frac] = part[1]!.split(".");
      f.SECOND = Number(whole);
      if (frac!.length > 3) return undefined;
      millis += Number(frac!.padEnd(3, "0"));
    } else if (!Number.isInteger(n)) return undefined;
    else if (unit === "WEEK") f.DAY += n * 7;
    else if (unit === "MILLISECOND") millis += n;
    else f[unit] = n;
  }
  f.SECOND += Math.floor(millis / 1000);
  millis %= 1000;
  const second = secondsText(f.SECOND, millis);
  const dayUnits = (["DAY", "HOUR", "MINUTE", "SECOND"] as Unit[]).filter((u) => (u === "SECOND" ? second !== "0" : f[u] !== 0));
  const yearMonth = f.YEAR !== 0 && f.MONTH !== 0 && f.MONTH < 12 ? literal(sign, `${f.YEAR}-${f.MONTH}`, "YEAR TO MONTH") : undefined;
  const ym = yearMonth !== undefined ? [yearMonth] : (["YEAR", "MONTH"] as Unit[]).filter((u) => f[u] !== 0).map((u) => literal(sign, String(f[u]), u));
  let dt: string[] = [];
  if (dayUnits.length > 0) {
    const one = dayTime(sign, f, second, dayUnits[0]!, dayUnits[dayUnits.length - 1]!);
    dt = one !== undefined ? [one] : dayUnits.map((u) => literal(sign, u === "SECOND" ? second : String(f[u]), u));
  }
  const all = [...ym, ...dt];
  if (all.length === 0) return literal(sign, "0", (["YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"] as Unit[]).find((u) => seen.has(u)) ?? "SECOND");
  return all.length === 1 ? all[0] : `(${all.join(" + ")})`;
}

/** The literals Flink would read `value` as (a bare number, `1:30`, `1 02:03:04`, `1-2` ...) once a qualifier follows it. */
export function literalsForBareValue(value: string): string[] {
  const t = value.trim();
  const sign = /^[+-]/.test(t) ? (t[0] === "-" ? "-" : "") : "";
  const v = t.replace(/^[+-]\s*/, "");
  if (/^\d+$/.test(v)) return ["SECOND", "MINUTE", "HOUR", "DAY"].map((q) => literal(sign, v, q));
  return QUALIFIER_FORMATS.filter(([q, re]) => re.test(v) && !["QUARTER", "WEEK"].includes(q)).map(([q]) => literal(sign, v, q));
}

/** A range literal's fields from its high unit down: YEAR-MONTH, DAY HOUR:MINUTE:SECOND (Calcite SqlIntervalQualifier formats). */
function joinFields(units: readonly Unit[], field: (u: Unit, k: number) => string): string {
  return units.map((u, k) => (k === 0 ? "" : u === "MONTH" ? "-" : u === "HOUR" ? " " : ":") + field(u, k)).join("");
}

const ALL_UNITS: readonly Unit[] = ["YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"];

/**
 * For a range `qualifier` whose string has the right number of fields but the wrong separators
 * (`INTERVAL '1:2' DAY TO HOUR`), the same fields in the qualifier's format (`INTERVAL '1 2' DAY TO
 * HOUR`), keeping the unit the user wrote; undefined when the fields do not fit it.
 */
export function literalInQualifier(sign: string, value: string, qualifier: string): string | undefined {
  const [hi, lo] = qualifier.split(" TO ") as [Unit, Unit | undefined];
  if (lo === undefined) return undefined;
  const units = ALL_UNITS.slice(ALL_UNITS.indexOf(hi), ALL_UNITS.indexOf(lo) + 1);
  const numbers = value.trim().replace(/^[+-]/, "").match(/\d+(?:\.\d+)?/g) ?? [];
  if (numbers.length !== units.length || numbers.slice(0, -1).some((n) => n.includes("."))) return undefined;
  if (numbers[numbers.length - 1]!.includes(".") && lo !== "SECOND") return undefined;
  return literal(sign, joinFields(units, (_, k) => numbers[k]!), qualifier);
}

