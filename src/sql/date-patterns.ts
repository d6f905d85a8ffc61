/**
 * Date pattern slips in the literal patterns of Flink's date functions: `DATE_FORMAT(ts,
 * 'yyyy-mm-dd')` (mm is the minute), `'YYYY-MM-dd'` (YYYY is the week-based year), `'yyyy-MM-DD'`
 * (DD is the day of the year), `'yyyy-MM-dd hh:mm'` (hh is a 12-hour clock's hour). Flink applies a
 * pattern as written and the values come out wrong without an error, often into a partition column.
 *
 * The functions and their formatters (flink-table-common `table/utils/DateTimeUtils.java`):
 * DATE_FORMAT of a TIMESTAMP formats with java.time DateTimeFormatter (`formatTimestamp(TimestampData,
 * String, ZoneId)`, FLINK-36941, which corrected the docs of 1.19, 1.20 and 2.x: the code was already
 * so), DATE_FORMAT of a string with SimpleDateFormat (`formatTimestampString`); TO_TIMESTAMP(s, fmt)
 * parses with DateTimeFormatter (`parseTimestampData(String, String)`, a field the pattern does not
 * read takes its default: year 1970, month 1); TO_DATE(s, fmt) and UNIX_TIMESTAMP(s, fmt) parse with
 * SimpleDateFormat (`parseDate`, `unixTimestamp` → `internalParseTimestampMillis`); FROM_UNIXTIME(n,
 * fmt) formats with SimpleDateFormat (`formatUnixTimestamp`). Both formatters read the letters here
 * alike: y year, Y week-based year, M / L month, w week of the week-based year, D day of the year,
 * d day of the month, H hour 0-23, k hour 1-24, h hour 1-12, K hour 0-11, a AM/PM (B day period:
 * DateTimeFormatter), m minute, s second; text in single quotes is no field.
 *
 * A warning, with the pattern to write, only where the slip is near certain:
 * - m (minute) with no month (M L), next to a year (y Y) or day (d), and no hour (H k h K) or second
 *   (s S) field, or besides another m run that follows the hour (`'yyyy-mm-dd HH:mm'`): m → M;
 * - Y (week-based year) with no y and no week (w), next to a month (M L) or day of the month (d): Y → y;
 * - D (day of the year) with a month (M L) and no d: D → d;
 * - h or K (a 12-hour clock) with no AM/PM marker (a) or day period (B): → H.
 * Quiet: a pattern that is no single string literal (an Output, a column, a concatenation), a call
 * the job declares a function for (CREATE TEMPORARY [SYSTEM] FUNCTION), a qualified call. Calls in
 * the tables' computed columns and watermark expressions are read too (the CREATE TABLE holds them),
 * reported at `statements` naming the table and the prop path, as newer-functions.ts does.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { callArguments, callSites, callText, functionCalls, type CallText } from "./function-calls.js";
import type { AnalyzedStatement } from "./statement.js";
import { oneLine } from "./ungrouped-columns.js";

/** The functions whose arguments after the first are date patterns, and how Flink applies them. */
const FUNCTIONS: Readonly<Record<string, string>> = {
  DATE_FORMAT: "Java's DateTimeFormatter for a TIMESTAMP, SimpleDateFormat for a string",
  TO_TIMESTAMP: "Java's DateTimeFormatter",
  TO_DATE: "Java's SimpleDateFormat",
  UNIX_TIMESTAMP: "Java's SimpleDateFormat",
  FROM_UNIXTIME: "Java's SimpleDateFormat",
};

/** A run of one pattern letter: the letter and where it is in the pattern. */
interface Field {
  readonly letter: string;
  readonly start: number;
  readonly end: number;
}

/** The pattern's letter runs, outside quoted text (`'T'`; `''` is a quote). */
function fields(pattern: string): Field[] {
  const out: Field[] = [];
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "'") {
      const close = pattern.indexOf("'", i + 1);
      i = close < 0 ? pattern.length : close + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      out.push({ letter: c, start: i, end: j });
      i = j;
    } else i++;
  }
  return out;
}

/** A slip found: what the letters mean, the runs to change and the letter they become. */
interface Found {
  readonly says: string;
  readonly fix: readonly Field[];
  readonly to: string;
}

/** The runs as written in `pattern`, once each. */
const written = (pattern: string, runs: readonly Field[]): string[] => [...new Set(runs.map((f) => pattern.slice(f.start, f.end)))];

/** The slips in the order they are fixed; each reads the pattern with the ones before it fixed. */
const SLIPS: readonly ((pattern: string, runs: readonly Field[], has: (letters: string) => boolean) => Found | undefined)[] = [
  // m where the month is meant: no hour at all, or a second m run besides the minute right after the hour.
  (pattern, runs, has) => {
    const ms = runs.filter((f) => f.letter === "m");
    if (ms.length === 0 || has("ML") || !has("yYd")) return undefined;
    const afterHour = (f: Field): boolean => "HkhK".includes(runs[runs.indexOf(f) - 1]?.letter ?? "");
    const months = has("HkhKsS") ? (ms.some(afterHour) ? ms.filter((f) => !afterHour(f)) : []) : ms;
    if (months.length === 0) return undefined;
    const run = written(pattern, months)[0]!;
    const why = has("HkhKsS") ? "the minute already follows the hour" : "the pattern has no hour";
    return { says: `${run} is the minute of the hour (${"M".repeat(run.length)} is the month), and ${why}`, fix: months, to: "M" };
  },
  // Y (week-based year) with a month or day of the month and no week.
  (pattern, runs, has) => {
    if (!has("Y") || has("yw") || !has("MLd")) return undefined;
    const fix = runs.filter((f) => f.letter === "Y");
    const run = written(pattern, fix)[0]!;
    return { says: `${run} is the week-based year (${"y".repeat(run.length)} is the year), which is another year around New Year (2024-12-30 is in week-based year 2025)`, fix, to: "y" };
  },
  // D (day of the year) with a month and no day of the month.
  (pattern, runs, has) => {
    if (!has("D") || !has("ML") || has("d")) return undefined;
    const fix = runs.filter((f) => f.letter === "D");
    const run = written(pattern, fix)[0]!;
    return { says: `${run} is the day of the year (${"d".repeat(run.length)} is the day of the month)`, fix, to: "d" };
  },
  // h / K (a 12-hour clock) without an AM/PM marker or day period.
  (pattern, runs, has) => {
    if (!has("hK") || has("aB")) return undefined;
    const fix = runs.filter((f) => f.letter === "h" || f.letter === "K");
    const run = written(pattern, fix)[0]!;
    return { says: `${run} is the hour of a 12-hour clock (${run[0] === "h" ? "1 to 12" : "0 to 11"}; ${"H".repeat(run.length)} is 0 to 23), and the pattern has no AM/PM marker (a)`, fix, to: "H" };
  },
];

/** The slips of `pattern` with the pattern to write, or undefined when it has none. */
function datePatternSlips(pattern: string): { says: string[]; fixed: string } | undefined {
  let fixed = pattern;
  const says: string[] = [];
  for (const slip of SLIPS) {
    const runs = fields(fixed);
    const found = slip(fixed, runs, (letters) => runs.some((f) => letters.includes(f.letter)));
    if (found === undefined) continue;
    says.push(found.says);
    for (const f of found.fix) fixed = fixed.slice(0, f.start) + found.to.repeat(f.end - f.start) + fixed.slice(f.end);
  }
  return says.length === 0 ? undefined : { says, fixed };
}

/** The warnings for the date functions' literal patterns in `call`, once per call text (see the module comment). */
function patternWarnings(call: CallText, declared: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const c of functionCalls(call.code, (name) => Object.hasOwn(FUNCTIONS, name) && !declared.has(name))) {
    const args = callArguments(call, c.at);
    if (args === undefined || args.length < 2) continue;
    const fixedArgs = args.map((a, i) => {
      const literal = i === 0 ? null : /^'((?:[^']|'')*)'$/.exec(a);
      const slips = literal === null ? undefined : datePatternSlips(literal[1]!.replace(/''/g, "'"));
      return { a, slips };
    });
    const found = fixedArgs.filter((f) => f.slips !== undefined);
    if (found.length === 0) continue;
    const shown = `${c.written}(${args.map(oneLine).join(", ")})`;
    const write = `${c.written}(${fixedArgs.map((f) => (f.slips === undefined ? oneLine(f.a) : `'${f.slips.fixed.replace(/'/g, "''")}'`)).join(", ")})`;
    out.add(
      `${shown}: ${found.flatMap((f) => f.slips!.says).join("; ")}. Flink applies the pattern as written (${FUNCTIONS[c.name]}, which read these letters alike), ` +
        `so the values are wrong, without an error; write ${write}`,
    );
  }
  return [...out];
}

/** A call of one of FUNCTIONS' names (the statements and expressions read only when one appears). */
const MENTIONS = new RegExp(String.raw`(?:${Object.keys(FUNCTIONS).join("|")})\s*\(`, "i");

/**
 * Checks the date patterns of the job's statements and of the computed columns and watermark
 * expressions of the tables they declare (see the module comment); warnings at `statements[i]` and
 * `statements`.
 */
export function checkDatePatterns(analyzed: readonly AnalyzedStatement[], tables: readonly TableDefinition[], jobFunctions: () => ReadonlySet<string>, diag: Diagnostics): void {
  for (const site of callSites(analyzed, tables, (text) => MENTIONS.test(text))) {
    for (const w of patternWarnings(callText(site.text), jobFunctions())) diag.warn(site.path, `${site.lead}${w}`);
  }
}
