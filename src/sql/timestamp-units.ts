/**
 * The unit of a TIMESTAMPADD or TIMESTAMPDIFF call written as no unit Flink has: a plural
 * (`TIMESTAMPADD(SECONDS, 1, ts)`), an abbreviation (`MINS`, `HRS`), a misspelling (`MINUT`) or
 * another word, or a unit in quotes (`'DAY'`, as other dialects write it).
 *
 * Flink's parser reads the first argument with `TimeUnitOrName` (apache/flink
 * `flink-table/flink-sql-parser/src/main/codegen/templates/Parser.jj` `TimestampAddFunctionCall`,
 * `TimestampDiffFunctionCall`): a unit keyword of `TimeUnit()` (NANOSECOND ... MILLENNIUM, WEEK,
 * QUARTER), else an identifier it keeps as the name of a time frame. The plurals SECONDS, MINUTES,
 * HOURS, DAYS, MONTHS and YEARS are non-reserved keywords (Parser.tdd `nonReservedKeywords`), so
 * they parse as such names; the validator then looks the name up in Calcite's time frames, whose
 * core set (apache/calcite `core/.../rel/type/TimeFrames.java` CORE: the TimeUnit names, ISOWEEK,
 * and the aliases FRAC_SECOND and SQL_TSI_*) has no plural and no abbreviation, and fails the
 * statement ("'SECONDS' is not a valid time frame", a ValidationException) when the job starts. A
 * word the parser reserves (WEEKS and QUARTERS, tokens of its `Week()` / `Quarter()` from Flink 2.0
 * that the list leaves out), or a string literal, fails the parse itself. Either way the job never
 * runs. The units Flink documents for TIMESTAMPADD are SECOND, MINUTE, HOUR, DAY, WEEK, MONTH,
 * QUARTER and YEAR (flink `docs/data/sql_functions.yml`); a unit keyword or time frame name Calcite
 * reads (MILLISECOND, SQL_TSI_DAY, ISOWEEK ...) is never reported, nor a back-quoted name or an
 * interpolated value.
 */
import { afterGroup, head, isSymbol, tokenText, type StatementTokens } from "./code-tokens.js";
import { unitOfWord } from "./interval-remedies.js";
import { closestKey } from "../validation/known-keys.js";

/** What Flink reads as a unit there: Calcite's `TimeUnit()` keywords and the names of its core time frames. */
const TIME_FRAMES: ReadonlySet<string> = new Set([
  ...["NANOSECOND", "MICROSECOND", "MILLISECOND", "SECOND", "MINUTE", "HOUR", "DAY", "DOW", "DOY", "ISODOW", "ISOYEAR", "ISOWEEK"],
  ...["WEEK", "MONTH", "QUARTER", "YEAR", "EPOCH", "DECADE", "CENTURY", "MILLENNIUM", "FRAC_SECOND", "SQL_TSI_FRAC_SECOND", "SQL_TSI_MICROSECOND"],
  ...["SQL_TSI_SECOND", "SQL_TSI_MINUTE", "SQL_TSI_HOUR", "SQL_TSI_DAY", "SQL_TSI_WEEK", "SQL_TSI_MONTH", "SQL_TSI_QUARTER", "SQL_TSI_YEAR"],
]);

/** The units Flink documents for TIMESTAMPADD, in order. */
const UNITS = ["SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "QUARTER", "YEAR"];

/** The unit `word` stands for: its singular, an abbreviation's unit, a near miss of a unit; undefined for another word. */
function unitMeant(word: string): string | undefined {
  const upper = word.toUpperCase();
  if (upper.endsWith("S") && TIME_FRAMES.has(upper.slice(0, -1))) return upper.slice(0, -1);
  return unitOfWord(word) ?? closestKey(word, [...UNITS, "MILLISECOND"]);
}

/** The index of the last token of the call whose name is token `k`: its `)`, or the statement's last token. */
function callEnd(st: StatementTokens, k: number): number {
  const after = afterGroup(st.tokens, k + 1);
  return after < 0 ? st.tokens.length - 1 : after - 1;
}

/**
 * The error for the unit of the TIMESTAMPADD / TIMESTAMPDIFF call whose name is token `k`, when it
 * is no unit Flink has (see the module comment); else undefined.
 */
export function timestampUnitSlip(st: StatementTokens, k: number): string | undefined {
  const { tokens, text } = st;
  const call = tokens[k];
  const unit = tokens[k + 2];
  if (call === undefined || unit === undefined || !isSymbol(tokens[k + 1], "(") || isSymbol(tokens[k - 1], ".") || !isSymbol(tokens[k + 3], ",")) return undefined;
  const written = text.slice(unit.start, unit.end);
  const units = `${UNITS.slice(0, -1).join(", ")} or ${UNITS[UNITS.length - 1]}`;
  let meant: string | undefined;
  let why: string;
  if (unit.kind === "word") {
    if (TIME_FRAMES.has(unit.word)) return undefined;
    meant = unitMeant(written);
    why =
      `${written} is no unit of ${call.word}, which takes one of the unit keywords ${units}, in the singular; ` +
      `Flink refuses any other word there ("'${written}' is not a valid time frame", or a parse error for a word its parser reserves), so the job fails when it starts`;
  } else if (unit.kind === "string") {
    const inner = written.slice(1, -1).trim();
    meant = TIME_FRAMES.has(inner.toUpperCase()) ? inner.toUpperCase() : /^[A-Za-z_]+$/.test(inner) ? unitMeant(inner) : undefined;
    why = `${call.word} takes its unit as a keyword (${units}), not as a string, so Flink's parser refuses ${written} (SQL parse failed) and the job fails when it starts`;
  } else {
    return undefined;
  }
  // The call as shown: up to its `)`, at most 12 tokens.
  const end = callEnd(st, k);
  const shown = `${JSON.stringify(head(st, k, end, 12))}: ${why}`;
  if (meant === undefined) return `${shown}; write one of those units`;
  // The shown call with the unit replaced, spaced as tokenText spaces it.
  const gap = (a: number): string => (tokens[a + 1]!.start > tokens[a]!.end ? " " : "");
  const fixed = `${tokenText(st, k, k + 1)}${gap(k + 1)}${meant}${gap(k + 2)}${head(st, k + 3, end, 9)}`;
  return `${shown}; write ${meant}: ${JSON.stringify(fixed)}`;
}
