/**
 * Interval literals Flink's parser or validator rejects, found in SQL code (outside string
 * literals and comments): a string without the unit qualifier after it (`INTERVAL '5 minutes'`,
 * the PostgreSQL form), and a string that does not fit its qualifier (`INTERVAL '5 minutes' MINUTE`).
 *
 * Upstream: apache/flink `flink-table/flink-sql-parser/src/main/codegen/templates/Parser.jj`
 * (copied from apache/calcite `core/src/main/codegen/templates/Parser.jj`): `IntervalLiteral` and
 * `IntervalLiteralOrExpression` read `INTERVAL [+|-] 'string'` and then always an
 * `IntervalQualifier` (`YEAR [TO MONTH]`, `DAY [TO HOUR|MINUTE|SECOND]`, `HOUR [TO ...]`,
 * `MINUTE [TO SECOND]`, `SECOND [(p[, s])]`, ...); no Calcite version takes the string alone.
 * The plural units (`MINUTES`) parse, with a non-standard warning only, and so does
 * `INTERVAL 5 MINUTE` (a number or name instead of the string, `IntervalQualifierStart`): neither
 * is reported here; a word standing for a unit Flink names otherwise (`MINS`) is (interval-unit-words.ts). The string must then fit the qualifier (apache/flink
 * `flink-table/flink-table-planner/src/main/java/org/apache/calcite/sql/SqlIntervalQualifier.java`
 * `evaluateIntervalLiteral`: white space trimmed, one sign, then the qualifier's pattern). A
 * string of the right shape can still hold fields Flink refuses (`INTERVAL '100' DAY`, whose
 * leading field exceeds the default precision DAY(2); `INTERVAL '1:75' MINUTE TO SECOND`), and a qualifier
 * can have its precisions out of range (`DAY(11)`): interval-fields.ts. Either sign is taken
 * (`INTERVAL -'5' DAY`, `INTERVAL '-5' DAY`, both at once). A literal, unit or precision holding
 * an Output not known yet (UNKNOWN_VALUE) is judged once the value is (resolved-statement.ts).
 */
import { intervalFieldProblem, literalFlinkTakes, qualifierPrecisionProblem, type IntervalUnit, type Qualifier } from "./interval-fields.js";
import { parsesWeekAndQuarter, qualifierGrammarProblem, subSecondUnit, wholeFieldsFor, writtenQualifierText, type WrittenQualifier } from "./interval-qualifiers.js";
import { literalForUnits, literalInQualifier, literalsForBareValue, qualifierFormat } from "./interval-remedies.js";
import { unitWordProblem } from "./interval-unit-words.js";
import { codeOnly } from "./split.js";
import { listed } from "../validation/name-list.js";

const UNIT = /^(YEAR|QUARTER|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND)S?$/i;
const WORD = /[A-Za-z_$0-9]/;

function skipSpace(code: string, i: number): number {
  while (i < code.length && /\s/.test(code[i]!)) i++;
  return i;
}

function wordAt(code: string, i: number): string {
  let j = i;
  while (j < code.length && WORD.test(code[j]!)) j++;
  return code.slice(i, j);
}

/** The precisions `(n)` or `(n, m)` at `i` (white space allowed), their text holding UNKNOWN_VALUE when not known yet; undefined when none is there. */
function precisionsAt(code: string, i: number): { end: number; values: string[] } | undefined {
  const m = /^\s*\(\s*([\d\uE000]+)\s*(?:,\s*([\d\uE000]+)\s*)?\)/.exec(code.slice(i, i + 60));
  return m === null ? undefined : { end: i + m[0].length, values: m.slice(1).filter((v): v is string => v !== undefined) };
}

/**
 * The qualifier starting at `i` (units singular and upper-cased, e.g. `MINUTE TO SECOND`, with its
 * precisions; `unknown` when a precision holds a value not known yet or is not a number), with
 * its form as written (`written`, for interval-qualifiers.ts to check), or undefined when none starts there.
 */
export function qualifierAt(code: string, i: number): (Qualifier & { name: string; unknown: boolean; written: WrittenQualifier }) | undefined {
  const start = UNIT.exec(wordAt(code, i));
  if (start === null) return undefined;
  const startUnit = start[1]!.toUpperCase() as IntervalUnit;
  const lead = precisionsAt(code, i + start[0].length);
  // Brackets holding anything else (DAY(x)) fail Flink's parser: not judged here.
  let unknown = lead === undefined && code[skipSpace(code, i + start[0].length)] === "(";
  let end: IntervalUnit | undefined;
  let after: string[] | undefined;
  const to = skipSpace(code, lead?.end ?? i + start[0].length);
  if (wordAt(code, to).toUpperCase() === "TO") {
    const k = skipSpace(code, to + 2);
    const endWord = UNIT.exec(wordAt(code, k));
    if (endWord !== null) {
      end = endWord[1]!.toUpperCase() as IntervalUnit;
      after = precisionsAt(code, k + endWord[0].length)?.values;
      if (after === undefined) unknown ||= code[skipSpace(code, k + endWord[0].length)] === "(";
    }
  }
  const numbers = [...(lead?.values ?? []), ...(after ?? [])];
  unknown ||= numbers.some((n) => n.includes(UNKNOWN_VALUE));
  const written: WrittenQualifier = { start: startUnit, lead: lead?.values ?? [], end, after };
  const [precisionText, fractionText] = unknown ? [] : end === undefined ? (lead?.values ?? []) : [lead?.values[0], after?.[0]];
  const [precision, fraction] = [precisionText, fractionText].map((n) => (n === undefined ? undefined : Number(n)));
  const name = end === undefined ? startUnit : `${startUnit} TO ${end}`;
  return { name, start: startUnit, end, precision, fraction, precisionText, fractionText, unknown, written };
}

/** What to write for the interval string `value` (unquoted), signed by `sign` written before it. */
function remedy(sign: string, value: string): string | undefined {
  const signed = sign === "-" ? (/^\s*-/.test(value) ? value.replace(/-/, "") : `-${value.trim()}`) : value;
  const one = literalForUnits(signed);
  if (one !== undefined) return one;
  const bare = literalsForBareValue(signed);
  return bare.length === 0 ? undefined : listed(bare, "or");
}

/** Advice for a fraction in a unit other than SECOND when no literal of whole fields holds it exactly. */
const FRACTION_HINT =
  "the length in whole fields of smaller units, only the SECOND field taking a fraction (1.5 minutes is INTERVAL '1:30' MINUTE TO SECOND or INTERVAL '90' SECOND)";

/** The literal to write with the qualifier `q` (a form Flink parses) for the string `value` signed by `sign`. */
function grammarFix(sign: string, value: string, q: WrittenQualifier, from: IntervalUnit): string {
  const signText = (sign === "-") !== value.trim().startsWith("-") ? "-" : "";
  const unsigned = value.trim().replace(/^[+-]\s*/, "");
  if (from === "WEEK" && /^\d+$/.test(unsigned)) return literalFlinkTakes(signText, String(BigInt(unsigned) * 7n), "DAY");
  const name = q.end === undefined ? q.start : `${q.start} TO ${q.end}`;
  const qualifier = writtenQualifierText(q);
  if (qualifierFormat(name)?.pattern.test(unsigned) === true) return `INTERVAL '${signText}${unsigned}' ${qualifier}`;
  return `e.g. INTERVAL ${qualifierFormat(name)?.example.split(" or ")[0] ?? "'1'"} ${qualifier}`;
}

const quote = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** Stands for a value not known yet (an interpolated Output) in the text given to intervalLiteralProblems: a literal holding it is not judged. */
export const UNKNOWN_VALUE = "\uE000";

/**
 * The problems with the interval literals of `text` (a statement or an expression), one message
 * each, in the order they appear; none when every `INTERVAL 'string'` has a qualifier its string fits.
 */
export function intervalLiteralProblems(text: string): string[] {
  const code = codeOnly(text, true);
  const out: string[] = [];
  for (const m of code.matchAll(/(?<![A-Za-z0-9_$])INTERVAL(?![A-Za-z0-9_$])/gi)) {
    let i = skipSpace(code, m.index + m[0].length);
    let sign = "";
    if (code[i] === "+" || code[i] === "-") {
      sign = code[i]!;
      i = skipSpace(code, i + 1);
    }
    if (code[i] !== "'") continue; // a type (CAST(x AS INTERVAL DAY)) or an interval expression (INTERVAL 5 MINUTE)
    const close = code.indexOf("'", i + 1);
    if (close < 0) continue;
    const value = text.slice(i + 1, close).replace(/''/g, "'");
    if (value.includes(UNKNOWN_VALUE)) continue;
    const written = `INTERVAL ${sign === "" ? "" : `${sign} `}${quote(value)}`;
    const after = skipSpace(code, close + 1);
    const qualifier = qualifierAt(code, after);
    if (qualifier === undefined) {
      if (code[after] === UNKNOWN_VALUE) continue; // the unit comes from an Output: checked once known
      const word = wordAt(code, after);
      const sub = subSecondUnit(word, sign, value);
      if (sub !== undefined) {
        out.push(
          `${written} ${sub.unit}: Flink SQL has no ${sub.unit} interval unit (an interval literal's units are YEAR, MONTH, DAY, HOUR, MINUTE and SECOND), ` +
            `so the job fails when it starts (SQL parse failed at ${sub.unit}); ` +
            (sub.literal !== undefined ? `write ${sub.literal}` : "write the length in seconds, e.g. INTERVAL '0.5' SECOND for 500 milliseconds"),
        );
        continue;
      }
      const misnamed = word === "" ? undefined : unitWordProblem(written, word, sign, value);
      if (misnamed !== undefined) {
        out.push(misnamed);
        continue;
      }
      const fix = remedy(sign, value);
      out.push(
        `${written} has no unit after its string: Flink SQL writes the unit as a keyword after the quoted number (INTERVAL '5' MINUTE), never inside the quotes, ` +
          `so the job fails when it starts (SQL parse failed at what follows the string); ` +
          (fix !== undefined ? `write ${fix}` : "write e.g. INTERVAL '5' SECOND, INTERVAL '1:30' MINUTE TO SECOND or INTERVAL '1-2' YEAR TO MONTH"),
      );
      continue;
    }
    const grammar = qualifierGrammarProblem(qualifier.written);
    if (grammar !== undefined) {
      out.push(`${written} ${grammar.written}: ${grammar.what}, so the job fails when it starts (SQL parse failed at "${grammar.at}"); write ${grammarFix(sign, value, grammar.instead, qualifier.start)}`);
      continue;
    }
    const name = qualifier.name;
    const precisions = qualifier.unknown ? undefined : qualifierPrecisionProblem(written, sign, value, qualifier);
    if (precisions !== undefined) out.push(precisions);
    const format = qualifierFormat(name);
    const unsigned = value.trim().replace(/^[+-]/, "");
    // '5.' (a point without digits) fits `\.(\d{0,q})` in Flink's newer copies of SqlIntervalQualifier, not `\.(\d{1,q})` in older ones: not refused.
    const shape = name.endsWith("SECOND") ? unsigned.replace(/(\d)\.$/, "$1") : unsigned;
    if (format === undefined || format.pattern.test(shape)) {
      const fields = qualifier.unknown || precisions !== undefined ? undefined : intervalFieldProblem(written, sign, value, qualifier);
      if (fields !== undefined) out.push(fields);
      continue;
    }
    // The sign before the string and the one inside it multiply (INTERVAL -'-1' DAY is one day).
    const signText = (sign === "-") !== value.trim().startsWith("-") ? "-" : "";
    const startUnit = qualifier.start;
    const fraction = /^\d+\.\d+$/.test(unsigned) && startUnit !== "SECOND" && qualifier.end !== "SECOND";
    const fix = format.pattern.test(unsigned.trim())
      ? literalFlinkTakes(signText, unsigned.trim(), name) // white space after the sign: '- 5'
      : fraction
        ? (wholeFieldsFor(signText, unsigned, startUnit) ?? FRACTION_HINT)
        : /^\d+$/.test(unsigned) && name.includes(" TO ")
          ? literalFlinkTakes(signText, unsigned, name.split(" ")[0]!)
          : (literalInQualifier(signText, value, name) ?? remedy(signText, value.trim().replace(/^[+-]/, "")));
    out.push(
      `${written} ${name}: INTERVAL ... ${name} takes a string like ${format.example}, not ${quote(value)}, ` +
        `so the job fails when it starts (illegal interval literal format for INTERVAL ${name}); ` +
        (fix !== undefined ? `write ${fix}` : `write e.g. INTERVAL ${format.example.split(" or ")[0]} ${name}`),
    );
  }
  return out;
}

/**
 * The WEEK and QUARTER interval literals of `text` (a statement) as errors when the job runs on
 * `flinkVersion` 1.x, whose parser has no WEEK or QUARTER interval qualifier (interval-qualifiers.ts);
 * none on Flink 2.x or when the version is not known.
 */
export function intervalUnitsFlinkLacks(text: string, flinkVersion: string | undefined): string[] {
  if (parsesWeekAndQuarter(flinkVersion) !== false) return [];
  const code = codeOnly(text, true);
  const out: string[] = [];
  for (const m of code.matchAll(/(?<![A-Za-z0-9_$])INTERVAL(?![A-Za-z0-9_$])/gi)) {
    let i = skipSpace(code, m.index + m[0].length);
    const sign = code[i] === "+" || code[i] === "-" ? code[i]! : "";
    if (sign !== "") i = skipSpace(code, i + 1);
    const close = code[i] === "'" ? code.indexOf("'", i + 1) : -1;
    if (close < 0) continue;
    const value = text.slice(i + 1, close).replace(/''/g, "'");
    const q = qualifierAt(code, skipSpace(code, close + 1));
    if (q === undefined || (q.start !== "WEEK" && q.start !== "QUARTER") || q.end !== undefined) continue;
    const unsigned = value.trim().replace(/^[+-]/, "");
    const signText = (sign === "-") !== value.trim().startsWith("-") ? "-" : "";
    const fix = /^\d+$/.test(unsigned)
      ? literalFlinkTakes(signText, String(BigInt(unsigned) * (q.start === "WEEK" ? 7n : 3n)), q.start === "WEEK" ? "DAY" : "MONTH")
      : `e.g. INTERVAL '14' DAY for two weeks or INTERVAL '6' MONTH for two quarters`;
    out.push(
      `INTERVAL ${sign === "" ? "" : `${sign} `}${quote(value)} ${q.start}: Flink ${flinkVersion!.slice(1).replace("_", ".")} has no ${q.start} interval unit ` +
        `(its parser takes YEAR, MONTH, DAY, HOUR, MINUTE and SECOND; WEEK and QUARTER came with Flink 2.0, FLINK-31362), ` +
        `so the job fails when it starts (SQL parse failed at ${q.start}); write ${fix}`,
    );
  }
  return out;
}
