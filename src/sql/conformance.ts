/**
 * Spellings that other SQL dialects take and Flink's parser refuses, found in SQL code (outside
 * string literals, comments and back-quoted names): `!=` (Spark, Hive, MySQL, PostgreSQL), MINUS
 * (Oracle's EXCEPT), MySQL's `LIMIT offset, count`, Trino's `OFFSET m LIMIT n`, and text in double quotes (a string
 * in MySQL and Spark, a name in PostgreSQL). Each fails the job when it starts, before planning.
 *
 * Upstream, read for these rules (none of its code is copied):
 * - apache/flink `flink-table/flink-sql-parser/src/main/java/org/apache/flink/sql/parser/validate/FlinkSqlConformance.java`:
 *   `isBangEqualAllowed`, `isMinusAllowed`, `isLimitStartCountAllowed` and `isOffsetLimitAllowed`
 *   are false (calcite `Parser.jj` throws `minusNotAllowed` for MINUS). `isPercentRemainderAllowed` is true since
 *   FLINK-18240 (Flink 1.12), so `a % b` is taken by every supported version and not reported.
 * - apache/flink `flink-table/flink-sql-parser/src/main/codegen/templates/Parser.jj` (Calcite's
 *   grammar): the `<NE2: "!=">` token, refused with `bangEqualNotAllowed`; `LimitClause` refuses
 *   `LIMIT start, count` with `limitStartCountNotAllowed`; `OrderByLimitOpt` refuses a LIMIT after
 *   OFFSET with `offsetLimitNotAllowed`. Messages: apache/calcite
 *   `core/src/main/resources/org/apache/calcite/runtime/CalciteResource.properties`.
 * - The same Parser.jj, lexical state `BTID` (Flink parses with Lex.JAVA, back-quoted names:
 *   ../shared/facts/iceberg-flink.md §7.1): a double-quoted name (`QUOTED_IDENTIFIER`) is a token
 *   only in state `DQID`, so `"` is a lone `DOUBLE_QUOTE` token no production takes there, and
 *   the parse fails at it; `U&"..."` (`UNICODE_QUOTED_IDENTIFIER`) is a name in every state.
 * - Plural time units (`INTERVAL '2' DAYS`) are NOT refused: Parser.jj `Day()` and its siblings
 *   take `<DAYS>` and only add a warning (`warn`), and `allowPluralTimeUnits` is read by no Flink
 *   code; interval-literals.ts leaves them alone for that reason.
 */

/** Literals, back-quoted names and comments (skipped: their text is no code), double-quoted text, `!=`, LIMIT, OFFSET, MINUS: leftmost first. */
const SCAN = /'(?:[^']|'')*'|`(?:[^`]|``)*`|\/\*[\s\S]*?\*\/|(?:--|\/\/)[^\n\r]*|(U&)?"((?:[^"]|"")*)"|!=|(?<![A-Za-z0-9_$])(LIMIT|OFFSET|MINUS)(?![A-Za-z0-9_$])/gi;

/** What a count or offset is in LIMIT / OFFSET (Parser.jj UnsignedNumericLiteralOrParam): a number or `?`. */
const NUMBER = String.raw`(\d+|\?)`;
const LIMIT_START_COUNT = new RegExp(String.raw`^\s+${NUMBER}\s*,\s*(\d+|\?|ALL\b)`, "i");
const OFFSET_LIMIT = new RegExp(String.raw`^\s+${NUMBER}(\s+ROWS?)?\s+LIMIT\s+(\d+|\?|ALL\b)`, "i");

const FAILS = "so the job fails when it starts";

const MINUS =
  'MINUS is another spelling of EXCEPT that Flink\'s parser refuses, so the job fails when it starts ("MINUS is not allowed under the current SQL conformance level", flink FlinkSqlConformance.isMinusAllowed); write EXCEPT';

/** The operand written right before `at` in `text` (a word, a closing bracket's group is cut at the bracket): for the rewrite shown. */
function operandBefore(text: string, at: number): string {
  const m = /(\S+)\s*$/.exec(text.slice(Math.max(0, at - 60), at));
  return m?.[1] ?? "";
}

/** The operand written right after `at` in `text`: a whole string literal, else the next run of non-blank characters. */
function operandAfter(text: string, at: number): string {
  const rest = text.slice(at, at + 80);
  const m = /^\s*('(?:[^']|'')*'|\S+)/.exec(rest);
  return m?.[1] ?? "";
}

/** `a != b` and its rewrite `a <> b`, from the text around the `!=` at `at`. */
function bangEqual(text: string, at: number): string {
  const [left, right] = [operandBefore(text, at), operandAfter(text, at + 2)];
  const shown = (op: string): string => [left, op, right].filter((s) => s !== "").join(" ");
  return (
    `${shown("!=")}: Flink SQL has no != operator (its parser refuses it: "Bang equal '!=' is not allowed under the current SQL conformance level", ` +
    `flink FlinkSqlConformance.isBangEqualAllowed), ${FAILS}; write ${shown("<>")}`
  );
}

/** `"text"`: neither a string nor a name in Flink SQL; the advice for both readings. */
function doubleQuoted(inner: string): string {
  const value = inner.replace(/""/g, '"');
  return (
    `"${inner}" is in double quotes, which Flink SQL reads as neither a string nor a name (with back-quoted names its parser has no token for '"' ` +
    `and fails there: SQL parse failed. Encountered "\\""), ${FAILS}; write '${value.replace(/'/g, "''")}' for a string, or \`${value.replace(/`/g, "``")}\` for a column name`
  );
}

/**
 * The problems of `text` (a statement or an expression) that Flink's SQL conformance refuses
 * (see the module comment), one message each, in the order they appear; none for SQL Flink parses.
 * One scan over the text; text without `!`, `"`, LIMIT, OFFSET or MINUS is not scanned. MINUS is
 * reported once.
 */
export function conformanceProblems(text: string): string[] {
  if (!/[!"]|LIMIT|OFFSET|MINUS/i.test(text)) return [];
  const out: string[] = [];
  let minus = false;
  for (const m of text.matchAll(SCAN)) {
    const at = m.index;
    const token = m[0];
    if (m[2] !== undefined) {
      if (m[1] === undefined) out.push(doubleQuoted(m[2]));
    } else if (token === "!=") {
      out.push(bangEqual(text, at));
    } else if (m[3]?.toUpperCase() === "MINUS") {
      if (!minus) out.push(MINUS);
      minus = true;
    } else if (m[3] !== undefined) {
      const rest = text.slice(at + token.length, at + token.length + 80);
      const limit = m[3].toUpperCase() === "LIMIT" ? LIMIT_START_COUNT.exec(rest) : null;
      if (limit !== null) {
        const [, start, count] = limit;
        out.push(
          `LIMIT ${start}, ${count} is MySQL's LIMIT offset, count, which Flink's parser refuses ("'LIMIT start, count' is not allowed under the current SQL conformance level", ` +
            `flink FlinkSqlConformance.isLimitStartCountAllowed), ${FAILS}; write LIMIT ${count!.toUpperCase()} OFFSET ${start}`,
        );
        continue;
      }
      const offset = m[3].toUpperCase() === "OFFSET" ? OFFSET_LIMIT.exec(rest) : null;
      if (offset !== null) {
        const [, start, rows, count] = offset;
        out.push(
          `OFFSET ${start}${rows === undefined ? "" : ` ${rows.trim().toUpperCase()}`} LIMIT ${count}: Flink's parser takes LIMIT before OFFSET only ` +
            `("'OFFSET start LIMIT count' is not allowed under the current SQL conformance level", flink FlinkSqlConformance.isOffsetLimitAllowed), ${FAILS}; ` +
            `write LIMIT ${count!.toUpperCase()} OFFSET ${start}`,
        );
      }
    }
  }
  return out;
}
