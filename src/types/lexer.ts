/**
 * Tokenizer for Flink SQL type text, the first half of `parseDataType` (parser.ts). Token rules
 * follow flink `flink-table/flink-table-common/src/main/java/org/apache/flink/table/types/logical/utils/LogicalTypeParser.java`
 * (`tokenize`): `<`, `>`, `(`, `)` and `,` are punctuation; `'...'` is a string literal and
 * `` `...` `` a back-quoted identifier, both with the closing quote doubled to escape it;
 * digit runs are integers; other runs of letters, digits, `_` and `$` are words (keywords are
 * matched case-insensitively by the parser). Whitespace separates tokens and is otherwise ignored.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";
import { closestKey } from "../validation/known-keys.js";

/** Kinds of token. `other` is any single character no rule takes, left for the parser to report. */
export type TokenKind = "word" | "int" | "string" | "quoted" | "punct" | "other" | "end";

/** One token of type text. */
export interface Token {
  /** What kind of token this is. */
  readonly kind: TokenKind;
  /**
   * The token's value: a word as written, an integer's digits, a string's or back-quoted
   * identifier's content with doubled quotes undone, the punctuation or other character, "" at the end.
   */
  readonly value: string;
  /** 0-based offset (UTF-16 code units) of the token's first character in the input. */
  readonly offset: number;
  /** The token as written in the input (quotes included), for error messages. */
  readonly source: string;
}

/**
 * Throws the syntax error every parse failure uses:
 * `unexpected <what> at offset <offset>, expected <expected>`.
 * @throws FlinkIcebergValidationError always.
 */
export function syntaxError(found: Token, expected: string, previousWord?: string): never {
  const what = found.kind === "end" ? "end of input" : JSON.stringify(shorten(found.source));
  const hint = expected === "a type" ? FOREIGN_TYPES.get(found.source.toUpperCase()) : undefined;
  const near = expected === "a type" && hint === undefined && found.kind === "word" ? closestKey(found.value.toUpperCase(), FLINK_TYPE_NAMES) : undefined;
  const after =
    found.kind === "word"
      ? (TRAILING_WORDS.get(found.value.toUpperCase()) ?? (found.value.toUpperCase() === "MAX" && expected.startsWith("a length") ? "write STRING (or BYTES) for an unbounded length, not MAX" : undefined))
      : found.source === "(" && previousWord !== undefined && /^(STRING|BYTES)$/i.test(previousWord)
        ? `${previousWord.toUpperCase()} takes no length: write ${previousWord.toUpperCase() === "STRING" ? "VARCHAR" : "VARBINARY"}(n) for a bounded one`
        : found.source === "(" && previousWord !== undefined && /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|BOOLEAN|DOUBLE|DATE)$/i.test(previousWord)
          ? `${previousWord.toUpperCase()} takes no length or display width: write ${previousWord.toUpperCase()}`
          : undefined;
  const suffix =
    hint !== undefined
      ? ` (${found.source} is not a Flink type: write ${hint})`
      : near !== undefined
        ? ` (${found.source} is not a Flink type: did you mean ${near}?)`
        : after !== undefined
          ? ` (${after})`
          : "";
  throw new FlinkIcebergValidationError([{ path: "", message: `unexpected ${what} at offset ${found.offset}, expected ${expected}${suffix}` }]);
}

/** Words other dialects put after a type, with what to write in Flink instead (flink docs `dev/table/types.md`). */
const TRAILING_WORDS: ReadonlyMap<string, string> = new Map([
  ["UNSIGNED", "Flink has no unsigned types: use the next larger signed type, e.g. TINYINT UNSIGNED → SMALLINT, INT UNSIGNED → BIGINT, BIGINT UNSIGNED → DECIMAL(20, 0)"],
  ["ZEROFILL", "Flink types have no display options: drop ZEROFILL"],
  ["WITH", "only TIMESTAMP takes WITH LOCAL TIME ZONE (TIMESTAMP(p) WITH LOCAL TIME ZONE is TIMESTAMP_LTZ(p)); other types take no zone"],
]);

/** The type names Flink's type parser reads (flink `LogicalTypeParser.java` Keyword), for "did you mean". */
const FLINK_TYPE_NAMES: readonly string[] = [
  "CHAR", "VARCHAR", "STRING", "BOOLEAN", "BINARY", "VARBINARY", "BYTES", "DECIMAL", "NUMERIC", "DEC",
  "TINYINT", "SMALLINT", "INTEGER", "INT", "BIGINT", "FLOAT", "DOUBLE", "DATE", "TIME", "TIMESTAMP",
  "TIMESTAMP_LTZ", "INTERVAL", "ARRAY", "MULTISET", "MAP", "ROW", "RAW", "NULL", "VARIANT",
];

/** Type names of other SQL dialects and languages, with the Flink type to write instead (flink docs `dev/table/types.md`). */
const FOREIGN_TYPES: ReadonlyMap<string, string> = new Map([
  ["DATETIME", "TIMESTAMP(p), e.g. TIMESTAMP(3)"],
  ["DATETIME2", "TIMESTAMP(p), e.g. TIMESTAMP(6)"],
  ["TIMESTAMPTZ", "TIMESTAMP_LTZ(p), e.g. TIMESTAMP_LTZ(6)"],
  ["TIMESTAMP_TZ", "TIMESTAMP_LTZ(p), e.g. TIMESTAMP_LTZ(6)"],
  ["TIMESTAMP_WITH_TZ", "TIMESTAMP_LTZ(p), e.g. TIMESTAMP_LTZ(6)"],
  ["TIMESTAMP_WITH_TIME_ZONE", "TIMESTAMP_LTZ(p), e.g. TIMESTAMP_LTZ(6)"],
  ["TIMESTAMP_WITH_LOCAL_TIME_ZONE", "TIMESTAMP_LTZ(p), e.g. TIMESTAMP_LTZ(6)"],
  ["TEXT", "STRING"],
  ["LONG", "BIGINT"],
  ["INT64", "BIGINT"],
  ["INT32", "INT"],
  ["FLOAT64", "DOUBLE"],
  ["FLOAT32", "FLOAT"],
  ["FLOAT8", "DOUBLE"],
  ["FLOAT4", "FLOAT"],
  ["INT8", "BIGINT (INT8 is PostgreSQL's 8-byte integer)"],
  ["INT4", "INT"],
  ["INT2", "SMALLINT"],
  ["NVARCHAR", "VARCHAR(n) or STRING"],
  ["NCHAR", "CHAR(n)"],
  ["VARCHAR2", "VARCHAR(n) or STRING"],
  ["SHORT", "SMALLINT"],
  ["BYTE", "TINYINT"],
  ["BOOL", "BOOLEAN"],
  ["NUMBER", "DECIMAL(p, s)"],
  ["REAL", "FLOAT"],
  ["BLOB", "BYTES"],
  ["BYTEA", "BYTES"],
  ["UUID", "STRING or BINARY(16)"],
  ["JSON", "STRING"],
  ["JSONB", "STRING"],
  ["LIST", "ARRAY<T>"],
  ["STRUCT", "ROW<name T, ...>"],
]);

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const PUNCTUATION = new Set(["<", ">", "(", ")", ","]);
const WORD_START = /[\p{L}_]/u;
const WORD_PART = /[\p{L}\p{N}\p{M}_$]/u;
const DIGIT = /[0-9]/;

/**
 * Splits type text into tokens, ending with one `end` token at offset `text.length`.
 * @throws FlinkIcebergValidationError for a string literal or back-quoted identifier that is not
 *   closed, e.g. `unexpected end of input at offset 9, expected "'" to close the string literal
 *   that starts at offset 4`.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/u.test(ch)) {
      i++;
    } else if (PUNCTUATION.has(ch)) {
      tokens.push({ kind: "punct", value: ch, offset: i, source: ch });
      i++;
    } else if (ch === "'" || ch === "`") {
      const start = i;
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length) {
          const what = ch === "'" ? "string literal" : "back-quoted identifier";
          syntaxError({ kind: "end", value: "", offset: text.length, source: "" }, `${JSON.stringify(ch)} to close the ${what} that starts at offset ${start}`);
        }
        const c = text[i]!;
        if (c === ch) {
          if (text[i + 1] === ch) {
            value += ch;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += c;
        i++;
      }
      tokens.push({ kind: ch === "'" ? "string" : "quoted", value, offset: start, source: text.slice(start, i) });
    } else if (DIGIT.test(ch)) {
      const start = i;
      while (i < text.length && DIGIT.test(text[i]!)) i++;
      const digits = text.slice(start, i);
      tokens.push({ kind: "int", value: digits, offset: start, source: digits });
    } else {
      const cp = String.fromCodePoint(text.codePointAt(i)!);
      if (WORD_START.test(cp)) {
        const start = i;
        i += cp.length;
        while (i < text.length) {
          const next = String.fromCodePoint(text.codePointAt(i)!);
          if (!WORD_PART.test(next)) break;
          i += next.length;
        }
        const word = text.slice(start, i);
        tokens.push({ kind: "word", value: word, offset: start, source: word });
      } else {
        tokens.push({ kind: "other", value: cp, offset: i, source: cp });
        i += cp.length;
      }
    }
  }
  tokens.push({ kind: "end", value: "", offset: text.length, source: "" });
  return tokens;
}
