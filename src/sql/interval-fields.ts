/**
 * The field values of an interval literal whose string already has its qualifier's shape
 * (interval-literals.ts checks the shape): Flink's validator still refuses a leading field with
 * more digits than the qualifier's leading precision, a later field out of its range, and a
 * fraction of a second with more digits than the fractional precision; and a qualifier whose
 * own precisions are out of range.
 *
 * Upstream, read for these rules (none of its code is copied):
 * - apache/flink `flink-table/flink-table-planner/src/main/java/org/apache/calcite/sql/SqlIntervalQualifier.java`
 *   (Flink's copy of Calcite's class, kept so that the default leading precision stays 2 after
 *   CALCITE-6345 raised Calcite's): `evaluateIntervalLiteral` trims the string and strips one sign,
 *   then `evaluateIntervalLiteralAs*` match the shape (`(\d+) (\d{1,2}):(\d{1,2}):(\d{1,2})\.(\d{0|1,q})`
 *   for DAY TO SECOND, the fraction at most q digits), `checkLeadFieldInRange` /
 *   `isLeadFieldInRange` (the leading value below 10^p, for p = 10 below 2^31) and
 *   `isSecondaryFieldInRange` (avatica `TimeUnit.isValidValue`: MONTH below 12, HOUR below 24,
 *   MINUTE and SECOND below 60). Messages: calcite `CalciteResource` `unsupportedIntervalLiteral`
 *   ("Illegal interval literal format {0} for {1}"), `intervalFieldExceedsPrecision` ("Interval
 *   field value {0,number} exceeds precision of {1} field"), `intervalStartPrecisionOutOfRange`,
 *   `intervalFractionalSecondPrecisionOutOfRange`.
 * - apache/flink `.../org/apache/calcite/sql/validate/SqlValidatorImpl.java` `validateLiteral` →
 *   `validateIntervalQualifier` (before the string): leading precision 1..10, fractional 1..9
 *   (calcite `SqlTypeName` MIN/MAX/DEFAULT_INTERVAL_*: defaults 2 and 6). Calcite's newer
 *   `RelDataTypeSystemImpl.getMinScale` allows a fractional precision of 0, so 0 is not refused.
 * - apache/flink `flink-table/flink-sql-parser/src/main/codegen/templates/Parser.jj`
 *   `IntervalQualifier`: `YEAR[(p)] [TO MONTH]`, `QUARTER[(p)]`, `MONTH[(p)]`, `WEEK[(p)]`,
 *   `DAY[(p)] [TO HOUR | TO MINUTE | TO SECOND[(q)]]`, `HOUR[(p)] [TO MINUTE | TO SECOND[(q)]]`,
 *   `MINUTE[(p)] [TO SECOND[(q)]]`, `SECOND[(p[, q])]` (QUARTER and WEEK only from Flink 2.0, and
 *   forms outside this grammar are errors of their own: interval-qualifiers.ts).
 * - apache/flink `.../planner/calcite/FlinkTypeFactory` `toLogicalType`: a day-time interval type
 *   with a leading precision above 3 fails ("DAY_INTERVAL_TYPES precision is not supported"), so the
 *   advice never writes DAY(4) or more: it moves the value to a larger unit, or a sum of literals.
 */

/** A unit of an interval qualifier. */
export type IntervalUnit = "YEAR" | "QUARTER" | "MONTH" | "WEEK" | "DAY" | "HOUR" | "MINUTE" | "SECOND";

/** An interval qualifier as written: its units (upper case, singular) and precisions. */
export interface Qualifier {
  readonly start: IntervalUnit;
  /** The unit after TO; undefined for a single unit. */
  readonly end?: IntervalUnit | undefined;
  /** The leading precision `(p)` as written. */
  readonly precision?: number | undefined;
  /** The fractional second precision as written (`SECOND(p, q)`, `... TO SECOND(q)`). */
  readonly fraction?: number | undefined;
  /** The digits of `precision` as written, for messages (a number past 2^53 loses digits as a number). */
  readonly precisionText?: string | undefined;
  /** The digits of `fraction` as written. */
  readonly fractionText?: string | undefined;
}

/** Seconds (day-time) or months (year-month) in one of each unit. */
const SIZE: Record<IntervalUnit, bigint> = { YEAR: 12n, QUARTER: 3n, MONTH: 1n, WEEK: 604800n, DAY: 86400n, HOUR: 3600n, MINUTE: 60n, SECOND: 1n };
/** The bound below which a field after the first stays (avatica TimeUnit limits). */
const LIMIT: Partial<Record<IntervalUnit, bigint>> = { MONTH: 12n, HOUR: 24n, MINUTE: 60n, SECOND: 60n };
const ORDER: readonly IntervalUnit[] = ["YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"];
const INT_LIMIT = 2147483648n;
const DEFAULT_PRECISION = 2;
const DEFAULT_FRACTION = 6;
/** The largest leading value of a day-time literal this advice writes: DAY(3) (FlinkTypeFactory takes no more). */
const DAY_TIME_MOST = 999n;

const isYearMonth = (u: IntervalUnit): boolean => u === "YEAR" || u === "QUARTER" || u === "MONTH";
const validPrecision = (p: number | undefined): number | undefined => (p !== undefined && p >= 1 && p <= 10 ? p : undefined);
const validFraction = (q: number | undefined): number | undefined => (q !== undefined && q <= 9 ? q : undefined);
/** The smallest leading value `p` digits do not hold (Calcite isLeadFieldInRange). */
const leadLimit = (p: number): bigint => (p >= 10 ? INT_LIMIT : 10n ** BigInt(p));
const digits = (n: number): string => `${n} digit${n === 1 ? "" : "s"}`;
/** A number as Java's MessageFormat {0,number} writes it in Flink's message (1,000). */
const javaNumber = (n: bigint): string => n.toLocaleString("en-US");

/** The units of `q` from its start to its end. */
function unitsOf(q: Qualifier): IntervalUnit[] {
  if (q.end === undefined) return [q.start];
  return ORDER.slice(ORDER.indexOf(q.start), ORDER.indexOf(q.end) + 1);
}

/** `n` as written (`text`, when it is the digits of `n`), else as a number. */
const shown = (n: number, text: string | undefined): string => (text !== undefined && Number(text) === n ? text : String(n));

/** The qualifier as Flink SQL text: `DAY(3) TO SECOND(4)`, `SECOND(2, 7)`, `MINUTE`; precisions as written. */
export function qualifierText(q: Qualifier): string {
  const precision = q.precision === undefined ? undefined : shown(q.precision, q.precisionText);
  const fraction = q.fraction === undefined ? undefined : shown(q.fraction, q.fractionText);
  if (q.end === undefined && q.start === "SECOND" && fraction !== undefined) return `SECOND(${precision ?? DEFAULT_PRECISION}, ${fraction})`;
  const start = precision === undefined ? q.start : `${q.start}(${precision})`;
  if (q.end === undefined) return start;
  return `${start} TO ${q.end}${q.end === "SECOND" && fraction !== undefined ? `(${fraction})` : ""}`;
}

/** The qualifier's units only, e.g. `DAY TO SECOND`. */
const qualifierName = (q: Qualifier): string => (q.end === undefined ? q.start : `${q.start} TO ${q.end}`);

/** The fields (first to last) and the fraction of a second of `unsigned`, a string of the qualifier's shape; undefined for another shape. */
function fieldsOf(unsigned: string, q: Qualifier): { fields: bigint[]; fraction: string | undefined } | undefined {
  const [whole, fraction, extra] = unsigned.split(".");
  const parts = whole!.split(/[- :]/);
  if (extra !== undefined || parts.length !== unitsOf(q).length || parts.some((p) => !/^\d+$/.test(p))) return undefined;
  if (fraction !== undefined && (!/^\d*$/.test(fraction) || (q.end ?? q.start) !== "SECOND")) return undefined;
  return { fields: parts.map((p) => BigInt(p)), fraction };
}

/** The string for `total` (in the unit `lo`) spread over the units `hi` to `lo`: `1 02:03:04`, `2-1`. */
function fieldText(total: bigint, hi: IntervalUnit, lo: IntervalUnit, fraction: string | undefined): string {
  const units = hi === lo ? [hi] : ORDER.slice(ORDER.indexOf(hi), ORDER.indexOf(lo) + 1);
  let rest = total;
  let text = "";
  units.forEach((u, k) => {
    const per = SIZE[u] / SIZE[lo];
    const v = rest / per;
    rest %= per;
    text += k === 0 ? String(v) : `${u === "MONTH" ? "-" : u === "HOUR" ? " " : ":"}${String(v).padStart(u === "MONTH" ? 1 : 2, "0")}`;
  });
  return fraction === undefined || fraction === "" ? text : `${text}.${fraction}`;
}

const bigger: Partial<Record<IntervalUnit, IntervalUnit>> = { SECOND: "MINUTE", MINUTE: "HOUR", HOUR: "DAY" };

/**
 * A literal (or a parenthesized sum of literals) Flink takes for the same length of time as
 * `value` under `q`: later fields carried into the leading one, the leading precision raised to
 * the digits it needs (a day-time value above 999 moved to a larger unit, above 999 days split
 * into a sum), the fractional precision raised to the fraction's digits (at most 9, digits past
 * them dropped: Flink keeps whole milliseconds). Undefined when no literal holds it.
 */
function fitted(outer: string, value: string, q: Qualifier): string | undefined {
  const trimmed = value.trim();
  const inner = /^[+-]/.test(trimmed) ? trimmed[0]! : "";
  const parsed = fieldsOf(trimmed.slice(inner.length), q);
  if (parsed === undefined) return undefined;
  const units = unitsOf(q);
  const lo = units[units.length - 1]!;
  const total = parsed.fields.reduce((sum, f, k) => sum + f * (SIZE[units[k]!] / SIZE[lo]), 0n);
  let fraction = parsed.fraction?.replace(/^$/, "") || undefined;
  let fractionPrecision = validFraction(q.fraction);
  if (fraction !== undefined && fraction.length > (fractionPrecision ?? DEFAULT_FRACTION)) {
    fraction = fraction.slice(0, 9);
    fractionPrecision = fraction.length;
  }
  let hi = q.start;
  let lead = total / (SIZE[hi] / SIZE[lo]);
  let precision = validPrecision(q.precision);
  if (lead >= leadLimit(precision ?? DEFAULT_PRECISION)) {
    if (isYearMonth(hi)) {
      if (lead >= INT_LIMIT) return undefined;
      precision = Math.max(String(lead).length, DEFAULT_PRECISION);
    } else {
      while (lead > DAY_TIME_MOST && bigger[hi] !== undefined) {
        hi = bigger[hi]!;
        lead = total / (SIZE[hi] / SIZE[lo]);
      }
      precision = lead >= 100n ? 3 : q.precision === undefined ? undefined : DEFAULT_PRECISION;
    }
  }
  // Fields in range under the unit written keep their text; carried or moved ones are written anew.
  const carried = parsed.fields.some((f, k) => k > 0 && f >= (LIMIT[units[k]!] ?? f + 1n));
  const written = trimmed.slice(inner.length).split(".")[0]!;
  const body = (t: bigint): string =>
    !carried && hi === q.start && t === total ? (fraction === undefined ? written : `${written}.${fraction}`) : fieldText(t, hi, lo, fraction);
  const literal = (t: bigint, p: number | undefined): string =>
    `INTERVAL ${outer === "" ? "" : `${outer} `}'${inner}${body(t)}' ${qualifierText({ start: hi, end: hi === lo ? undefined : lo, precision: p, fraction: fractionPrecision })}`;
  if (lead <= DAY_TIME_MOST || isYearMonth(hi)) return literal(total, precision);
  if (hi !== "DAY") return undefined;
  // Above 999 days: at most three INTERVAL '999' DAY(3) terms before the rest.
  const most = DAY_TIME_MOST * (SIZE.DAY / SIZE[lo]);
  const terms = total / most;
  if (terms > 3n) return undefined;
  const rest = total - terms * most;
  const sign = `INTERVAL ${outer === "" ? "" : `${outer} `}'${inner}`;
  const parts = Array.from({ length: Number(terms) }, () => `${sign}999' DAY(3)`);
  if (rest > 0n || fraction !== undefined) parts.push(literal(rest, rest / (SIZE.DAY / SIZE[lo]) >= 100n ? 3 : undefined));
  return `(${parts.join(" + ")})`;
}

/**
 * The literal `INTERVAL 'value' qualifier` (qualifier as units only, e.g. `MINUTE TO SECOND`,
 * `value` signed or not), or, when Flink would refuse its fields, the literal or sum of literals
 * it takes for the same length of time. For advice built from other text (interval-remedies.ts).
 */
export function literalFlinkTakes(sign: string, value: string, qualifier: string): string {
  const [start, end] = qualifier.split(" TO ") as [IntervalUnit, IntervalUnit | undefined];
  const q: Qualifier = { start, end };
  const plain = `INTERVAL '${sign}${value}' ${qualifier}`;
  return fieldProblems(`${sign}${value}`, q) === undefined ? plain : (fitted("", `${sign}${value}`, q) ?? plain);
}

/**
 * A WEEK or QUARTER literal as days or months (`'100' WEEK` → `INTERVAL '700' DAY(3)`): not as
 * WEEK(3) or QUARTER(3), qualifiers Flink 1.x's parser lacks and Calcite before 1.38 evaluates
 * wrongly (CALCITE-6581: a week as an hour, a quarter as a month); undefined for another shape.
 */
function inDaysOrMonths(outer: string, value: string, unit: "WEEK" | "QUARTER"): string | undefined {
  const t = value.trim();
  const m = /^[+-]?(\d+)$/.exec(t);
  if (m === null) return undefined;
  const sign = (outer === "-") !== t.startsWith("-") ? "-" : "";
  const v = `${sign}${BigInt(m[1]!) * (unit === "WEEK" ? 7n : 3n)}`;
  const q: Qualifier = { start: unit === "WEEK" ? "DAY" : "MONTH" };
  return fieldProblems(v, q) === undefined ? `INTERVAL '${v}' ${q.start}` : fitted("", v, q);
}

/** What is wrong with the fields of `value` under `q`, and Flink's message for the first problem it meets; undefined when nothing is. */
function fieldProblems(value: string, q: Qualifier): { problems: string[]; flink: string; note: boolean } | undefined {
  const trimmed = value.trim();
  const parsed = fieldsOf(trimmed.replace(/^[+-]/, ""), q);
  if (parsed === undefined) return undefined;
  const problems: string[] = [];
  let flink: string | undefined;
  const illegal = `illegal interval literal format '${value}' for INTERVAL ${qualifierText(q)}`;
  const fractionPrecision = validFraction(q.fraction) ?? DEFAULT_FRACTION;
  if (parsed.fraction !== undefined && parsed.fraction.length > fractionPrecision) {
    const hint = q.end === undefined ? "SECOND(p, q)" : `${q.start} TO SECOND(q)`;
    problems.push(
      `its fraction of a second has ${digits(parsed.fraction.length)}, more than the ${fractionPrecision} that ${qualifierName(q)} takes` +
        (q.fraction === undefined ? ` (${DEFAULT_FRACTION} unless written ${hint})` : ""),
    );
    flink = illegal;
  }
  const precision = validPrecision(q.precision) ?? DEFAULT_PRECISION;
  const lead = parsed.fields[0]!;
  let note = false;
  if (lead >= leadLimit(precision)) {
    const held = precision >= 10 ? `is above ${javaNumber(INT_LIMIT - 1n)}, the most ${q.start}(10) holds` : `needs ${digits(String(lead).length)}, more than ${q.start}(${precision}) holds`;
    problems.push(`its leading field ${lead} ${held}` + (q.precision === undefined ? ` (a unit written without a precision holds ${DEFAULT_PRECISION} digits)` : ""));
    flink ??= `interval field value ${trimmed.startsWith("-") ? "-" : ""}${javaNumber(lead)} exceeds precision of ${q.start}(${precision}) field`;
    note = !isYearMonth(q.start) && lead > DAY_TIME_MOST;
  }
  const units = unitsOf(q);
  parsed.fields.forEach((f, k) => {
    const limit = LIMIT[units[k]!];
    if (k > 0 && limit !== undefined && f >= limit) problems.push(`its ${units[k]} field ${f} is outside 0 to ${limit - 1n}`);
  });
  if (problems.length === 0) return undefined;
  return { problems, flink: flink ?? illegal, note };
}

/**
 * Whether `value` under `q` is a length above zero and below a millisecond (every field 0, the
 * fraction's first three digits 0): Flink keeps an interval in whole milliseconds (its
 * SqlIntervalQualifier `normalizeSecondFraction` scales the fraction to milliseconds, then
 * `fillIntervalValueArray` takes their `intValue`), so no literal holds such a length. The length
 * in seconds (`0.0000001`) when it is one, else undefined.
 */
function belowMillisecond(value: string, q: Qualifier): string | undefined {
  const parsed = fieldsOf(value.trim().replace(/^[+-]/, ""), q);
  return parsed !== undefined && parsed.fields.every((f) => f === 0n) && /^000\d*[1-9]/.test(parsed.fraction ?? "") ? `0.${parsed.fraction!}` : undefined;
}

/**
 * The length in milliseconds Flink gives a day-time literal `value` (signed or not) under `q`:
 * each field in seconds, and the fraction of a second cut to whole milliseconds (flink
 * SqlIntervalQualifier `normalizeSecondFraction` scales it to milliseconds, `fillIntervalValueArray`
 * takes their `intValue`: '0.0005' SECOND(2, 4) is 0). Its absolute value; undefined for a
 * year-month qualifier or a string Flink refuses (fieldProblems reports those).
 */
export function intervalMillis(value: string, q: Qualifier): bigint | undefined {
  if (isYearMonth(q.start) || q.start === "WEEK" || fieldProblems(value, q) !== undefined) return undefined;
  const parsed = fieldsOf(value.trim().replace(/^[+-]/, ""), q);
  if (parsed === undefined) return undefined;
  const units = unitsOf(q);
  const seconds = parsed.fields.reduce((sum, f, k) => sum + f * SIZE[units[k]!], 0n);
  return seconds * 1000n + BigInt((parsed.fraction ?? "").padEnd(3, "0").slice(0, 3) || "0");
}

/**
 * The length in months of a year-month literal `value` (signed or not) under `q` (YEAR, MONTH or
 * YEAR TO MONTH): the leading field in months plus the MONTH field. Its absolute value; undefined
 * for another qualifier or a string Flink refuses (fieldProblems reports those).
 */
export function intervalMonths(value: string, q: Qualifier): bigint | undefined {
  if ((q.start !== "YEAR" && q.start !== "MONTH") || (q.end !== undefined && q.end !== "MONTH") || fieldProblems(value, q) !== undefined) return undefined;
  const parsed = fieldsOf(value.trim().replace(/^[+-]/, ""), q);
  if (parsed === undefined) return undefined;
  const units = unitsOf(q);
  return parsed.fields.reduce((sum, f, k) => sum + f * SIZE[units[k]!], 0n);
}

/**
 * The problem with the fields of the literal `written` (`INTERVAL [sign] 'value'`, without its
 * qualifier) under `q`, one message naming every wrong field and the literal to write; undefined
 * when Flink takes them. `outer` is the sign before the string, `value` the unquoted string.
 */
export function intervalFieldProblem(written: string, outer: string, value: string, q: Qualifier): string | undefined {
  const found = fieldProblems(value, q);
  if (found === undefined) return undefined;
  const tiny = belowMillisecond(value, q);
  if (tiny !== undefined) {
    const minus = (outer === "-") !== value.trim().startsWith("-") ? "-" : "";
    return (
      `${written} ${qualifierText(q)}: ${found.problems.join(" and ")}, so the job fails when it starts (${found.flink}); ` +
      `its length, ${tiny} seconds, is below a millisecond, and Flink keeps an interval in whole milliseconds (SqlIntervalQualifier), so even a literal with 9 digits would be 0 seconds: ` +
      `write INTERVAL '${minus}0.001' SECOND for the shortest length Flink holds, or INTERVAL '0' SECOND`
    );
  }
  const fix = q.start === "WEEK" || q.start === "QUARTER" ? (inDaysOrMonths(outer, value, q.start) ?? fitted(outer, value, q)) : fitted(outer, value, q);
  const note = found.note ? "; a day-time literal with a leading precision above 3 fails in Flink's planner instead (DAY_INTERVAL_TYPES precision is not supported)" : "";
  const advice = fix ?? (isYearMonth(q.start) ? `at most INTERVAL '${INT_LIMIT - 1n}' ${q.start}(10)` : `a sum of literals of at most INTERVAL '999' DAY(3) each`);
  return `${written} ${qualifierText(q)}: ${found.problems.join(" and ")}, so the job fails when it starts (${found.flink})${note}; write ${advice}`;
}

/**
 * The problem with the precisions of `q` itself (Flink checks them before the string): a leading
 * precision outside 1..10, a fractional one above 9 (one past 2147483647 fails Flink's parser
 * first); undefined when both are in range or unwritten. Precisions are echoed as written.
 */
export function qualifierPrecisionProblem(written: string, outer: string, value: string, q: Qualifier): string | undefined {
  const badLead = q.precision !== undefined && validPrecision(q.precision) === undefined;
  const badFraction = q.fraction !== undefined && validFraction(q.fraction) === undefined;
  if (!badLead && !badFraction) return undefined;
  const lead = q.precision === undefined ? "" : shown(q.precision, q.precisionText);
  const fraction = q.fraction === undefined ? "" : shown(q.fraction, q.fractionText);
  // A precision past Java's int fails Flink's parser first (calcite Parser.jj UnsignedIntLiteral: CalciteResource.invalidLiteral).
  const huge = (text: string): boolean => /^\d+$/.test(text) && BigInt(text) >= INT_LIMIT;
  const parsed = huge(lead) ? lead : huge(fraction) ? fraction : undefined;
  const failure = (validator: string): string => (parsed === undefined ? validator : `SQL parse failed: Literal '${parsed}' can not be parsed to type 'java.lang.Integer'`);
  const what =
    parsed === lead || (parsed === undefined && badLead)
      ? `a leading precision of ${lead} is outside the 1 to 10 Flink takes, so the job fails when it starts (${failure(`interval leading field precision '${lead}' out of range for INTERVAL ${qualifierText(q)}`)})`
      : `a fractional second precision of ${fraction} is above the 9 Flink takes, so the job fails when it starts (${failure(`interval fractional second precision '${fraction}' out of range for INTERVAL ${qualifierText(q)}`)})`;
  const kept: Qualifier = { ...q, precision: validPrecision(q.precision), fraction: validFraction(q.fraction) };
  const fix = fieldProblems(value, kept) === undefined ? `INTERVAL ${outer === "" ? "" : `${outer} `}'${value}' ${qualifierText(kept)}` : fitted(outer, value, kept);
  return `${written} ${qualifierText(q)}: ${what}; write ${fix ?? `INTERVAL ${outer === "" ? "" : `${outer} `}'${value}' ${qualifierText(kept)} with a string that fits it`}`;
}
