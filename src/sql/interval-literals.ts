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
 * is reported here. The string must then fit the qualifier (apache/flink
 * `flink-table/flink-table-planner/src/main/java/org/apache/calcite/sql/SqlIntervalQualifier.java`
 * `evaluateIntervalLiteral`: white space trimmed, one sign, then the qualifier's pattern). A
 * string of the right shape can still hold fields Flink refuses (`INTERVAL '100' DAY`, whose
 * leading field exceeds the default precision DAY(2); `INTERVAL '1:75' MINUTE TO SECOND`), and a qualifier
 * can have its precisions out of range (`DAY(11)`): interval-fields.ts. Either sign is taken
 * (`INTERVAL -'5' DAY`, `INTERVAL '-5' DAY`, both at once). A literal, unit or precision holding
 * an Output not known yet (UNKNOWN_VALUE) is judged once the value is (resolved-statement.ts).
 */
import { intervalFieldProblem, literalFlinkTakes, qualifierPrecisionProblem, type IntervalUnit, type Qualifier } from "./interval-fields.js";
import { literalForUnits, literalInQualifier, literalsForBareValue, qualifierFormat } from "./interval-remedies.js";
import { codeOnly } from "./split.js";

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
 * precisions; `unknown` when a precision holds a value not known yet, or is a form Flink's parser
 * does not take, such as `DAY(3, 2)`), or undefined when none starts there.
 */
function qualifierAt(code: string, i: number): (Qualifier & { name: string; unknown: boolean }) | undefined {
  const start = UNIT.exec(wordAt(code, i));
  if (start === null) return undefined;
  const startUnit = start[1]!.toUpperCase() as IntervalUnit;
  const lead = precisionsAt(code, i + start[0].length);
  const numbers = [...(lead?.values ?? [])];
  // Brackets holding anything else (DAY(x)) fail Flink's parser: not judged here.
  let unknown = numbers.length > (startUnit === "SECOND" ? 2 : 1) || (lead === undefined && code[skipSpace(code, i + start[0].length)] === "(");
  let end: IntervalUnit | undefined;
  const to = skipSpace(code, lead?.end ?? i + start[0].length);
  if (wordAt(code, to).toUpperCase() === "TO") {
    const k = skipSpace(code, to + 2);
    const endWord = UNIT.exec(wordAt(code, k));
    if (endWord !== null) {
      end = endWord[1]!.toUpperCase() as IntervalUnit;
      const frac = precisionsAt(code, k + endWord[0].length);
      if (frac !== undefined) {
        unknown ||= end !== "SECOND" || frac.values.length > 1 || numbers.length > 1;
        numbers[1] = frac.values[0]!;
      } else unknown ||= code[skipSpace(code, k + endWord[0].length)] === "(";
    }
  }
  unknown ||= numbers.some((n) => n.includes(UNKNOWN_VALUE));
  const [precision, fraction] = unknown ? [] : numbers.map(Number);
  const name = end === undefined ? startUnit : `${startUnit} TO ${end}`;
  return { name, start: startUnit, end, precision, fraction, unknown };
}

/** "A, B or C". */
function either(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** What to write for the interval string `value` (unquoted), signed by `sign` written before it. */
function remedy(sign: string, value: string): string | undefined {
  const signed = sign === "-" ? (/^\s*-/.test(value) ? value.replace(/-/, "") : `-${value.trim()}`) : value;
  const one = literalForUnits(signed);
  if (one !== undefined) return one;
  const bare = literalsForBareValue(signed);
  return bare.length === 0 ? undefined : either(bare);
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
      const fix = remedy(sign, value);
      out.push(
        `${written} has no unit after its string: Flink SQL writes the unit as a keyword after the quoted number (INTERVAL '5' MINUTE), never inside the quotes, ` +
          `so the job fails when it starts (SQL parse failed at what follows the string); ` +
          (fix !== undefined ? `write ${fix}` : "write e.g. INTERVAL '5' SECOND, INTERVAL '1:30' MINUTE TO SECOND or INTERVAL '1-2' YEAR TO MONTH"),
      );
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
    const signText = sign === "-" || value.trim().startsWith("-") ? "-" : "";
    const fix =
      /^\d+$/.test(unsigned) && name.includes(" TO ")
        ? literalFlinkTakes(signText, unsigned, name.split(" ")[0]!)
        : (literalInQualifier(signText, value, name) ?? remedy(sign, value));
    out.push(
      `${written} ${name}: INTERVAL ... ${name} takes a string like ${format.example}, not ${quote(value)}, ` +
        `so the job fails when it starts (illegal interval literal format for INTERVAL ${name}); ` +
        (fix !== undefined ? `write ${fix}` : `write e.g. INTERVAL ${format.example.split(" or ")[0]} ${name}`),
    );
  }
  return out;
}
