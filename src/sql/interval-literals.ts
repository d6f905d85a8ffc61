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
 * `evaluateIntervalLiteral`: white space trimmed, one sign, then the qualifier's pattern).
 */
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

/** After an optional `(n)` or `(n, m)` at `i`: the offset past it. */
function skipPrecision(code: string, i: number): number {
  const m = /^\s*\(\s*\d+\s*(?:,\s*\d+\s*)?\)/.exec(code.slice(i, i + 40));
  return m === null ? i : i + m[0].length;
}

/** The qualifier starting at `i` (units singular and upper-cased, precisions left out, e.g. `MINUTE TO SECOND`), or undefined when none starts there. */
function qualifierAt(code: string, i: number): string | undefined {
  const start = UNIT.exec(wordAt(code, i));
  if (start === null) return undefined;
  const to = skipSpace(code, skipPrecision(code, i + start[0].length));
  if (wordAt(code, to).toUpperCase() === "TO") {
    const k = skipSpace(code, to + 2);
    const end = UNIT.exec(wordAt(code, k));
    if (end !== null) return `${start[1]!.toUpperCase()} TO ${end[1]!.toUpperCase()}`;
  }
  return start[1]!.toUpperCase();
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
    const qualifier = qualifierAt(code, skipSpace(code, close + 1));
    if (qualifier === undefined) {
      const fix = remedy(sign, value);
      out.push(
        `${written} has no unit after its string: Flink SQL writes the unit as a keyword after the quoted number (INTERVAL '5' MINUTE), never inside the quotes, ` +
          `so the job fails when it starts (SQL parse failed at what follows the string); ` +
          (fix !== undefined ? `write ${fix}` : "write e.g. INTERVAL '5' SECOND, INTERVAL '1:30' MINUTE TO SECOND or INTERVAL '1-2' YEAR TO MONTH"),
      );
      continue;
    }
    const format = qualifierFormat(qualifier);
    const unsigned = value.trim().replace(/^[+-]/, "");
    if (format === undefined || format.pattern.test(unsigned)) continue;
    const signText = sign === "-" || value.trim().startsWith("-") ? "-" : "";
    const fix =
      /^\d+$/.test(unsigned) && qualifier.includes(" TO ")
        ? `INTERVAL '${signText}${unsigned}' ${qualifier.split(" ")[0]}`
        : (literalInQualifier(signText, value, qualifier) ?? remedy(sign, value));
    out.push(
      `${written} ${qualifier}: INTERVAL ... ${qualifier} takes a string like ${format.example}, not ${quote(value)}, ` +
        `so the job fails when it starts (illegal interval literal format for INTERVAL ${qualifier}); ` +
        (fix !== undefined ? `write ${fix}` : `write e.g. INTERVAL ${format.example.split(" or ")[0]} ${qualifier}`),
    );
  }
  return out;
}
