/**
 * A word after an interval string that is meant as its unit but is none Flink's parser has:
 * an abbreviation (`INTERVAL '10' MINS`, `HRS`, `SECS`, `MS`, `S`) or a misspelling (`MINUTS`).
 * Flink SQL's `IntervalLiteral` always reads an `IntervalQualifier` after the string, whose units
 * are the keywords YEAR, MONTH, DAY, HOUR, MINUTE and SECOND (WEEK and QUARTER from Flink 2.0),
 * and Calcite's parser also takes the plurals YEARS, MONTHS, DAYS, HOURS, MINUTES and SECONDS
 * (with a non-standard-feature warning only: `warn(TimeUnit)` in apache/calcite
 * `core/src/main/codegen/templates/Parser.jj`, the template Flink's parser is generated from;
 * Flink's own docs write `INTERVAL '10' MINUTES`, apache/flink
 * `docs/content/docs/dev/table/sql/queries/window-tvf.md`). Any other word there fails the parse
 * ("Encountered ..."), so the literal is reported with the unit the word stands for.
 */
import { literalFlinkTakes } from "./interval-fields.js";
import { subSecondUnit } from "./interval-qualifiers.js";
import { literalForUnits, literalsForBareValue, qualifierFormat, unitOfWord } from "./interval-remedies.js";
import { SQL_WORDS } from "./sql-words.js";
import { closestKey } from "../validation/known-keys.js";

/** The unit keywords Flink's parser reads after an interval string, singular and plural. */
const UNIT_KEYWORDS = ["YEAR", "YEARS", "MONTH", "MONTHS", "DAY", "DAYS", "HOUR", "HOURS", "MINUTE", "MINUTES", "SECOND", "SECONDS"];

/** The unit `word` stands for: an abbreviation, or a misspelling of a unit keyword that is no SQL word itself (`AS` stays unread). */
function unitMeant(word: string): ReturnType<typeof unitOfWord> {
  const known = unitOfWord(word);
  if (known !== undefined) return known;
  if (SQL_WORDS.has(word.toUpperCase()) || !/^[A-Za-z]{3,}$/.test(word)) return undefined;
  return closestKey(word, UNIT_KEYWORDS)?.replace(/S$/, "") as ReturnType<typeof unitOfWord>;
}

/**
 * The error for `written` (the literal as written, e.g. `INTERVAL '10'`, its string `value` signed
 * by `sign`) followed by `word` when the word stands for a unit Flink has under another name, or undefined.
 */
export function unitWordProblem(written: string, word: string, sign: string, value: string): string | undefined {
  const unit = unitMeant(word);
  if (unit === undefined) return undefined;
  const signText = (sign === "-") !== value.trim().startsWith("-") ? "-" : "";
  const unsigned = value.trim().replace(/^[+-]\s*/, "");
  let fix: string;
  if (unit === "MILLISECOND") fix = subSecondUnit(unit, sign, value)?.literal ?? "the length in seconds, e.g. INTERVAL '0.5' SECOND for 500 milliseconds";
  else if (unit === "WEEK") fix = /^\d+$/.test(unsigned) ? literalFlinkTakes(signText, String(BigInt(unsigned) * 7n), "DAY") : "e.g. INTERVAL '14' DAY for two weeks";
  else {
    const format = qualifierFormat(unit)!;
    // '1:30' MINS: the range from that unit whose string it is (MINUTE TO SECOND).
    const range = literalsForBareValue(`${signText}${unsigned}`).find((l) => l.includes(`' ${unit} TO `) || l.includes(`' ${unit}(`));
    fix = format.pattern.test(unsigned)
      ? literalFlinkTakes(signText, unsigned, unit)
      : (range ?? literalForUnits(`${signText}${unsigned}`) ?? `e.g. INTERVAL ${format.example.split(" or ")[0]} ${unit}`);
  }
  return (
    `${written} ${word}: ${word} is no interval unit in Flink SQL (its units are YEAR, MONTH, DAY, HOUR, MINUTE and SECOND, or their plurals YEARS, MONTHS, DAYS, HOURS, MINUTES and SECONDS, and from Flink 2.0 WEEK and QUARTER), ` +
    `so the job fails when it starts (SQL parse failed at ${word}); write ${fix}`
  );
}
