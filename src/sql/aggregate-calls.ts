/**
 * One SQL expression read as Calcite's validator reads it for aggregation: its aggregate calls,
 * its windowed aggregates, and the column references outside both.
 *
 * - A call of a built-in aggregate function (AGGREGATES) not followed by OVER is an aggregate: in
 *   a SELECT list it makes the query an aggregation (calcite `SqlValidatorImpl.getAgg`, its
 *   `aggFinder` finds aggregates but not windowed ones), and its arguments may name any column
 *   (calcite `AggregatingSelectScope.getOperandScope`: an aggregate's operands are validated in the
 *   non-aggregating scope). `FILTER (WHERE ...)`, `WITHIN GROUP (...)` and `IGNORE|RESPECT NULLS`
 *   belong to the call.
 * - `agg(...) OVER (...)` or `OVER w`, and a ranking function with OVER, is a windowed aggregate,
 *   which does not make the query an aggregation (calcite `AggVisitor`: "an aggregate function over
 *   a window is not an aggregate!").
 * - A column reference is a name (plain or back-quoted, optionally qualified by one of the FROM
 *   relation's names) that is a column of the FROM relation.
 *
 * Only what is certain is read. Anything else makes the reading `unsure`, and its parts are not
 * looked into: a call of a function not listed here (a user function may be an aggregate; a
 * function the job declares may shadow a built-in one: flink `FunctionCatalog` resolves temporary
 * system functions first), a subquery (another query's columns), a word that is neither a column
 * nor a reserved word (an alias, a non-reserved keyword such as WEEK, a misspelt column), a field
 * access (`r.f`), double-quoted text, an interpolated Output (its SQL text is not known at preview). Reserved words never name a column unquoted (flink
 * `docs/content/docs/dev/table/sql/overview.md`, "Reserved Keywords"), so the reserved words below
 * are skipped as keywords.
 *
 * Read on code with literals and comments blanked and quotes kept (split.ts `codeOnly(text, true)`),
 * with `text` (same offsets) for names.
 */
import { RESERVED_COLUMN_WORDS } from "./reserved-words.js";
import { NILADIC_FUNCTIONS } from "./sql-words.js";
import { closingParen, topLevelOnly, unquoteIdentifier, type Span } from "./top-level.js";

/**
 * Flink's built-in aggregate functions (flink `docs/data/sql_functions.yml`, section "aggregate",
 * without the ranking functions, which need OVER; JSON_OBJECTAGG and JSON_ARRAYAGG from section
 * "json").
 */
export const AGGREGATES: ReadonlySet<string> = new Set([
  "COUNT", "AVG", "SUM", "MAX", "MIN", "STDDEV_POP", "STDDEV_SAMP", "VAR_POP", "VAR_SAMP", "COLLECT", "VARIANCE",
  "FIRST_VALUE", "LAST_VALUE", "LISTAGG", "JSON_OBJECTAGG", "JSON_ARRAYAGG",
]);

/** Window functions that exist only with OVER (sql_functions.yml "aggregate"; calcite `requiresOver`). */
const RANKINGS: ReadonlySet<string> = new Set(["RANK", "DENSE_RANK", "ROW_NUMBER", "LEAD", "LAG", "CUME_DIST", "PERCENT_RANK", "NTILE"]);

/**
 * Built-in scalar functions whose arguments are expressions (sql_functions.yml), with at most
 * reserved words among them (`FLOOR(ts TO HOUR)`, `EXTRACT(DAY FROM ts)`, `TRIM(BOTH ' ' FROM s)`,
 * `POSITION(a IN b)`, `SUBSTRING(s FROM 1 FOR 2)`): read like operators.
 */
const SCALARS: ReadonlySet<string> = new Set([
  "ABS", "POWER", "SQRT", "LN", "LOG10", "LOG2", "LOG", "EXP", "CEIL", "CEILING", "FLOOR", "SIN", "SINH", "COS", "TAN", "TANH", "COT", "ASIN",
  "ACOS", "ATAN", "ATAN2", "COSH", "DEGREES", "RADIANS", "SIGN", "ROUND", "PI", "E", "RAND", "RAND_INTEGER", "UUID", "BIN", "HEX", "TRUNCATE", "MOD",
  "CHAR_LENGTH", "CHARACTER_LENGTH", "UPPER", "LOWER", "POSITION", "TRIM", "LTRIM", "RTRIM", "REPEAT", "REGEXP_REPLACE", "SUBSTRING", "REPLACE",
  "REGEXP_EXTRACT", "INITCAP", "CONCAT", "CONCAT_WS", "LPAD", "RPAD", "FROM_BASE64", "TO_BASE64", "ASCII", "CHR", "INSTR", "LEFT", "RIGHT",
  "LOCATE", "PARSE_URL", "REGEXP", "REVERSE", "SPLIT_INDEX", "STR_TO_MAP", "SUBSTR", "EXTRACT", "YEAR", "QUARTER", "MONTH", "WEEK", "DAYOFYEAR",
  "DAYOFMONTH", "DAYOFWEEK", "HOUR", "MINUTE", "SECOND", "NOW", "CURRENT_ROW_TIMESTAMP", "DATE_FORMAT", "TIMESTAMPADD", "TIMESTAMPDIFF",
  "CONVERT_TZ", "FROM_UNIXTIME", "UNIX_TIMESTAMP", "TO_DATE", "TO_TIMESTAMP", "TO_TIMESTAMP_LTZ", "PROCTIME", "CURRENT_WATERMARK",
  "COALESCE", "NULLIF", "IF", "IFNULL", "GREATEST", "LEAST", "MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA2", "CARDINALITY",
  "ELEMENT", "ROW",
]);

/** Reserved words an expression holds as keywords (operators, CASE, time units, the words of the functions above). */
const KEYWORDS: ReadonlySet<string> = new Set([
  "AND", "OR", "NOT", "IS", "NULL", "TRUE", "FALSE", "UNKNOWN", "IN", "BETWEEN", "SYMMETRIC", "ASYMMETRIC", "LIKE", "SIMILAR", "TO", "ESCAPE",
  "DISTINCT", "FROM", "FOR", "BOTH", "LEADING", "TRAILING", "CASE", "WHEN", "THEN", "ELSE", "END", "YEAR", "MONTH", "DAY", "HOUR", "MINUTE",
  "SECOND", "ARRAY", "MAP",
]);

const UNIT = String.raw`(?:YEAR|QUARTER|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND|MILLISECOND|MICROSECOND|NANOSECOND)S?(?:\s*\(\s*\d+\s*(?:,\s*\d+\s*)?\))?`;
/** An interval literal: `INTERVAL [-]'...' unit [TO unit]` (plural units as Flink's examples write them). */
const INTERVAL = new RegExp(String.raw`INTERVAL\s*[+-]?\s*'[^']*'\s*${UNIT}(?:\s+TO\s+${UNIT})?(?![\w$])`, "iy");
const WORD = /[A-Za-z_][A-Za-z0-9_$]*/y;
const DOT = /\s*\.\s*/y;
const NUMBER = /[0-9]*\.?[0-9]*(?:[eE][+-]?[0-9]+)?/y;

/** A column reference outside aggregates. */
export interface ColumnRef {
  /** The column's name. */
  readonly name: string;
  /** The qualifier, unquoted, when it has one. */
  readonly qualifier?: string;
  /** As written (qualifier included, back-quotes kept). */
  readonly written: string;
}

export interface ExpressionReading {
  /** The aggregate calls (FILTER and the like included), as offsets of the code read. */
  readonly aggregates: readonly Span[];
  /** The windowed aggregates, OVER clause included. */
  readonly windowed: readonly Span[];
  /** The column references outside aggregates and windowed aggregates, in order. */
  readonly refs: readonly ColumnRef[];
  /** A part is not read with certainty (see the module comment). */
  readonly unsure: boolean;
}

/** What names mean where the expression stands. */
export interface NameScope {
  /** The FROM relation's columns. */
  readonly columns: readonly string[];
  /** The names that qualify them (insert-query.ts `qualifiers`). */
  readonly qualifiers: readonly string[];
  /** The functions the job declares, upper-cased (they may shadow a built-in function). */
  readonly functions: ReadonlySet<string>;
}

/** Reads code[start, end) (see the module comment); `text` holds the same offsets as written. */
export function readExpression(code: string, text: string, start: number, end: number, scope: NameScope): ExpressionReading {
  const aggregates: Span[] = [];
  const windowed: Span[] = [];
  const refs: ColumnRef[] = [];
  let unsure = false;
  /** The end of the call whose `(` is at `open`, or -1 (unsure) when it does not close within the expression. */
  const callEnd = (open: number): number => {
    const close = closingParen(code, open);
    if (close < 0 || close >= end) unsure = true;
    return close < 0 || close >= end ? -1 : close + 1;
  };
  /** After an aggregate's `)`: FILTER (...), WITHIN GROUP (...), IGNORE|RESPECT NULLS; where they end. */
  const afterCall = (at: number): number => {
    for (const re of [/\s*FILTER\s*\(/iy, /\s*WITHIN\s+GROUP\s*\(/iy, /\s*(?:IGNORE|RESPECT)\s+NULLS(?![\w$])/iy]) {
      re.lastIndex = at;
      if (re.exec(code) === null) continue;
      at = code[re.lastIndex - 1] === "(" ? callEnd(re.lastIndex - 1) : re.lastIndex;
      if (at < 0) return -1;
    }
    return at;
  };
  /** The end of `OVER (...)` / `OVER w` at `at`, undefined when no OVER follows, -1 when unreadable. */
  const overEnd = (at: number): number | undefined => {
    const over = /\s*OVER(?![\w$])\s*/iy;
    over.lastIndex = at;
    if (over.exec(code) === null) return undefined;
    if (code[over.lastIndex] === "(") return callEnd(over.lastIndex);
    WORD.lastIndex = over.lastIndex;
    return WORD.exec(code) === null ? -1 : WORD.lastIndex;
  };
  let i = start;
  while (i < end && !unsure) {
    const c = code[i]!;
    if (/\s/.test(c)) i++;
    else if (c === "'") i = code.indexOf("'", i + 1) + 1 || end;
    else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(code[i + 1] ?? ""))) {
      NUMBER.lastIndex = i;
      NUMBER.exec(code);
      i = Math.max(NUMBER.lastIndex, i + 1);
    } else if (c === "(") {
      const close = closingParen(code, i);
      if (close < 0 || close >= end || /^\s*(?:SELECT|WITH|VALUES)\b/i.test(code.slice(i + 1, close))) unsure = true;
      i++;
    } else if (text[i] === '"' || c > "\u007f" || c < " ") unsure = true; // double quotes, a non-ASCII name, an interpolated Output
    else if (/[A-Za-z_]/.test(c)) i = readName(i);
    else i++;
  }
  return { aggregates, windowed, refs, unsure };

  /** Reads the name (or call, or keyword) at `at`; returns where reading goes on. */
  function readName(at: number): number {
    // A name after `.` is a field of a value (`(r).f`, `f(x).g`): not read.
    if (/\.\s*$/.test(code.slice(Math.max(start, at - 64), at))) return ((unsure = true), end);
    INTERVAL.lastIndex = at;
    if (/^INTERVAL\b/i.test(code.slice(at, at + 9))) return INTERVAL.exec(code) !== null && INTERVAL.lastIndex <= end ? INTERVAL.lastIndex : ((unsure = true), end);
    const parts: Span[] = [];
    let j = at;
    for (;;) {
      WORD.lastIndex = j;
      if (WORD.exec(code) === null) return ((unsure = true), end);
      parts.push([j, WORD.lastIndex]);
      j = WORD.lastIndex;
      DOT.lastIndex = j;
      if (DOT.exec(code) === null || !/[A-Za-z_]/.test(code[DOT.lastIndex] ?? "")) break;
      j = DOT.lastIndex;
    }
    if (/^\s*\.\s*\*/.test(code.slice(j, j + 8))) return ((unsure = true), end);
    const quoted = text[at] === "`";
    const word = code.slice(at, parts[0]![1]).toUpperCase();
    // A literal's prefix: X'..', N'..', _charset'..'.
    if (parts.length === 1 && !quoted && code[j] === "'") return j;
    const open = /^\s*\(/.exec(code.slice(j, j + 64));
    // A keyword before a parenthesis (`IN (1, 2)`, `AND (...)`), unless it names a function too (`YEAR(ts)`).
    if (open !== null && parts.length === 1 && !quoted && KEYWORDS.has(word) && !SCALARS.has(word)) return j;
    if (open !== null) {
      const paren = j + open[0].length - 1;
      if (parts.length > 1 || quoted || scope.functions.has(word)) return ((unsure = true), end);
      if (AGGREGATES.has(word) || RANKINGS.has(word)) {
        const close = callEnd(paren);
        const after = close < 0 ? -1 : afterCall(close);
        if (after < 0) return end;
        const over = overEnd(after);
        if (over === -1) return ((unsure = true), end);
        if (over !== undefined) windowed.push([at, over]);
        else if (RANKINGS.has(word)) unsure = true;
        else aggregates.push([at, after]);
        return over ?? after;
      }
      if (word === "CAST" || word === "TRY_CAST") {
        // The type after the last top-level AS is no expression.
        const close = callEnd(paren);
        const inner = close < 0 ? undefined : topLevelOnly(code, paren + 1, close - 1);
        const as = inner === undefined ? undefined : [...inner.matchAll(/\sAS\s/gi)].pop();
        if (close < 0 || as === undefined) return ((unsure = true), end);
        const read = readExpression(code, text, paren + 1, paren + 1 + as.index!, scope);
        aggregates.push(...read.aggregates);
        windowed.push(...read.windowed);
        refs.push(...read.refs);
        unsure ||= read.unsure;
        return close;
      }
      return SCALARS.has(word) ? paren : ((unsure = true), end);
    }
    if (parts.length === 1 && !quoted) {
      // Functions Calcite calls without parentheses (sql-words.ts): no column.
      if (KEYWORDS.has(word) || NILADIC_FUNCTIONS.has(word)) return j;
      // A typed literal: DATE '...', TIME '...', TIMESTAMP '...'.
      if (/^(?:DATE|TIME|TIMESTAMP)$/.test(word)) return /^\s*'/.test(code.slice(j)) ? j : ((unsure = true), end);
      // A column named like a reserved word must be back-quoted: unquoted, Flink's parser fails first (reserved-words.ts).
      if (RESERVED_COLUMN_WORDS.has(word)) return ((unsure = true), end);
    }
    const names = parts.map(([s, e]) => unquoteIdentifier(text.slice(s, e)));
    const name = names[names.length - 1]!;
    const qualified = names.length === 2 && scope.qualifiers.includes(names[0]!);
    if (names.length > 2 || (names.length === 2 && !qualified) || !scope.columns.includes(name)) return ((unsure = true), end);
    refs.push({ name, ...(qualified ? { qualifier: names[0]! } : {}), written: text.slice(at, j) });
    return j;
  }
}
