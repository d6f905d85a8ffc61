/**
 * Interval qualifiers Flink's parser refuses although each word is a unit, units it has no
 * interval qualifier for, and the advice for a fraction in a unit other than SECOND.
 *
 * Upstream, read for these rules (none of its code is copied):
 * - apache/flink `flink-table/flink-sql-parser/src/main/codegen/templates/Parser.jj`
 *   `IntervalQualifier`: `YEAR[(p)] [TO MONTH]`, `MONTH[(p)]`, `DAY[(p)] [TO HOUR | TO MINUTE |
 *   TO SECOND[(q)]]`, `HOUR[(p)] [TO MINUTE | TO SECOND[(q)]]`, `MINUTE[(p)] [TO SECOND[(q)]]`,
 *   `SECOND[(p[, q])]`; `PrecisionOpt` reads one number. So a range only runs from a larger unit
 *   down to a smaller one of the same kind, only `TO SECOND` takes a precision after TO, and only
 *   SECOND takes two. `QUARTER[(p)]` and `WEEK[(p)]` are alternatives only in the copy that came
 *   with Calcite 1.33 (FLINK-31362, apache/flink#24255, Flink 2.0): the Calcite 1.32 copy (Flink
 *   1.19, 1.20) has no `Week()` or `Quarter()` there, so `INTERVAL '2' WEEK` fails its parser.
 *   MILLISECOND, MICROSECOND and NANOSECOND are tokens of `TimeUnit()` (CEIL, FLOOR, EXTRACT,
 *   TIMESTAMPADD), never of `IntervalQualifier`, in every version.
 * - apache/flink `.../org/apache/calcite/sql/SqlIntervalQualifier.java` `evaluateIntervalLiteral*`:
 *   only the SECOND field takes a fraction (`\.(\d{0,q})`), and that fraction is at most 9 digits.
 */
import { literalFlinkTakes, type IntervalUnit } from "./interval-fields.js";

/** Units a range may end in, by its start unit (Parser.jj IntervalQualifier). */
const RANGE_ENDS: Partial<Record<IntervalUnit, readonly IntervalUnit[]>> = { YEAR: ["MONTH"], DAY: ["HOUR", "MINUTE", "SECOND"], HOUR: ["MINUTE", "SECOND"], MINUTE: ["SECOND"] };

/** A qualifier as written, before its grammar is checked: precisions as text (they may hold a value not known yet). */
export interface WrittenQualifier {
  readonly start: IntervalUnit;
  readonly lead: readonly string[];
  readonly end?: IntervalUnit | undefined;
  readonly after?: readonly string[] | undefined;
}

const text = (q: WrittenQualifier): string =>
  `${q.start}${q.lead.length > 0 ? `(${q.lead.join(", ")})` : ""}${q.end === undefined ? "" : ` TO ${q.end}${q.after === undefined ? "" : `(${q.after.join(", ")})`}`}`;

/**
 * What is wrong with the form of `q` (Flink's parser fails on it) and the qualifier to write
 * instead (units with their kept precisions), or undefined when the parser takes it.
 */
export function qualifierGrammarProblem(q: WrittenQualifier): { written: string; what: string; at: string; instead: WrittenQualifier } | undefined {
  const written = text(q);
  const lead = q.lead.slice(0, 1);
  if (q.end !== undefined && !(RANGE_ENDS[q.start] ?? []).includes(q.end)) {
    const swapped = (RANGE_ENDS[q.end] ?? []).includes(q.start);
    const instead: WrittenQualifier = swapped ? { start: q.end, lead: [], end: q.start } : { start: q.start === "WEEK" ? "DAY" : q.start, lead };
    const what =
      `${q.start} TO ${q.end} is no interval qualifier: a range runs from a larger unit down to a smaller one of the same kind ` +
      "(YEAR TO MONTH, or DAY, HOUR or MINUTE TO a smaller unit down to SECOND)";
    return { written, what, at: "TO", instead };
  }
  if (q.lead.length > 1 && q.start !== "SECOND") {
    return { written, what: `only SECOND takes two precisions (SECOND(p, q)); ${q.start} takes one, its leading precision (a fraction of a second is written ${q.start}(p) TO SECOND(q))`, at: ",", instead: { ...q, lead } };
  }
  if (q.end !== undefined && q.after !== undefined && (q.end !== "SECOND" || q.after.length > 1)) {
    const what =
      q.end !== "SECOND"
        ? `only TO SECOND takes a precision after TO (its fractional second precision); the leading precision goes after ${q.start}, as in ${q.start}(p) TO ${q.end}`
        : "TO SECOND takes one precision, its fractional second precision";
    return { written, what, at: q.end !== "SECOND" ? "(" : ",", instead: { ...q, after: q.end === "SECOND" ? q.after.slice(0, 1) : undefined } };
  }
  return undefined;
}

/** The qualifier's text, e.g. `DAY(3) TO SECOND(6)`. */
export const writtenQualifierText = text;

/** Seconds in one of each day-time unit. */
const SECONDS: Partial<Record<IntervalUnit, bigint>> = { WEEK: 604800n, DAY: 86400n, HOUR: 3600n, MINUTE: 60n, SECOND: 1n };
const DAY_TIME: readonly IntervalUnit[] = ["DAY", "HOUR", "MINUTE", "SECOND"];

/**
 * The literal for the decimal `unsigned` (`1.5`) of `unit` (not SECOND) as whole fields of smaller
 * units, keeping the length of time: `1.5` MINUTE → `INTERVAL '1:30' MINUTE TO SECOND`, `1.5` DAY →
 * `INTERVAL '1 12' DAY TO HOUR`, `1.5` YEAR → `INTERVAL '1-6' YEAR TO MONTH`, a part of a second as
 * the SECOND field's fraction (at most 6 digits, the default precision). Undefined when no such literal holds it.
 */
export function wholeFieldsFor(sign: string, unsigned: string, unit: IntervalUnit): string | undefined {
  const m = /^(\d+)\.(\d+)$/.exec(unsigned);
  if (m === null) return undefined;
  const den = 10n ** BigInt(m[2]!.length);
  const num = BigInt(m[1]! + m[2]!);
  if (unit === "YEAR") {
    const months = num * 12n;
    return months % den === 0n ? literalFlinkTakes(sign, `${months / den / 12n}-${(months / den) % 12n}`, "YEAR TO MONTH") : undefined;
  }
  const size = SECONDS[unit];
  if (size === undefined || unit === "SECOND") return undefined;
  const hi: IntervalUnit = unit === "WEEK" ? "DAY" : unit;
  const seconds = num * size; // over den
  const units = DAY_TIME.slice(DAY_TIME.indexOf(hi));
  const lo = units.slice(1).find((u) => seconds % (den * SECONDS[u]!) === 0n);
  const fields = (last: IntervalUnit, total: bigint): string =>
    DAY_TIME.slice(DAY_TIME.indexOf(hi), DAY_TIME.indexOf(last) + 1)
      .map((u, k) => {
        const per = SECONDS[u]! / SECONDS[last]!;
        const v = k === 0 ? total / per : (total / per) % (SECONDS[DAY_TIME[DAY_TIME.indexOf(u) - 1]!]! / SECONDS[u]!);
        return k === 0 ? String(v) : `${u === "HOUR" ? " " : ":"}${String(v).padStart(2, "0")}`;
      })
      .join("");
  if (lo !== undefined) {
    const total = seconds / (den * SECONDS[lo]!);
    return hi === lo ? literalFlinkTakes(sign, String(total), hi) : literalFlinkTakes(sign, fields(lo, total), `${hi} TO ${lo}`);
  }
  const whole = seconds / den;
  const fraction = String(((seconds % den) * 1000000n) / den).padStart(6, "0").replace(/0+$/, "");
  if (((seconds % den) * 1000000n) % den !== 0n || fraction === "") return undefined;
  return literalFlinkTakes(sign, `${fields("SECOND", whole)}.${fraction}`, `${hi} TO SECOND`);
}

/** The scale of the sub-second units Flink has no interval qualifier for, in digits of a second. */
const SUB_SECOND: Record<string, number> = { MILLISECOND: 3, MICROSECOND: 6, NANOSECOND: 9 };

/**
 * For `INTERVAL 'value' MILLISECOND` (or MICROSECOND, NANOSECOND, plural or not): the unit's
 * name and the literal in seconds for the same length of time (`'500' MILLISECOND` →
 * `INTERVAL '0.5' SECOND`); undefined when `word` is no such unit. `literal` is undefined when the
 * string is no plain number.
 */
export function subSecondUnit(word: string, sign: string, value: string): { unit: string; literal: string | undefined } | undefined {
  const unit = /^(MILLI|MICRO|NANO)SECONDS?$/i.exec(word)?.[1]?.toUpperCase();
  if (unit === undefined) return undefined;
  const name = `${unit}SECOND`;
  const digits = SUB_SECOND[name]!;
  const t = value.trim();
  const negative = (sign === "-") !== t.startsWith("-");
  const m = /^[+-]?(\d+)(?:\.(\d+))?$/.exec(t);
  if (m === null) return { unit: name, literal: undefined };
  const frac = m[2] ?? "";
  const scaled = BigInt(m[1]! + frac); // in units of 10^-(digits + frac.length) seconds
  const scale = digits + frac.length;
  const all = scaled.toString().padStart(scale + 1, "0");
  const whole = all.slice(0, all.length - scale);
  const part = all.slice(all.length - scale).replace(/0+$/, "");
  if (part.length > 9) return { unit: name, literal: undefined };
  const seconds = part === "" ? whole : `${whole}.${part}`;
  const s = negative ? "-" : "";
  const literal = part.length > 6 ? `INTERVAL '${s}${seconds}' SECOND(${Math.max(2, whole.length)}, ${part.length})` : literalFlinkTakes(s, seconds, "SECOND");
  return { unit: name, literal };
}

/** Whether Flink `flinkVersion` ("v1_20", "v2_1") parses a WEEK or QUARTER interval qualifier: false for 1.x, undefined when not known. */
export function parsesWeekAndQuarter(flinkVersion: string | undefined): boolean | undefined {
  if (flinkVersion === undefined) return undefined;
  return !flinkVersion.startsWith("v1_");
}
