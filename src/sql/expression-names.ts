/**
 * The names an expression of a SELECT list or WHERE clause reads as values: `idd` in
 * `CAST(idd AS STRING)`, `nmae` in `UPPER(nmae)`, `t.amount` in `t.amount * 2`, `x` in
 * `CASE WHEN x > 0 THEN ...`. expression-columns.ts resolves them against the FROM relation.
 *
 * Reading is token by token, and only what is certainly a value is returned. An identifier is
 * no value when it is
 * - a word of the grammar, reserved or not (sql-words.ts: keywords, time units, JSON syntax,
 *   niladic functions such as CURRENT_TIMESTAMP, literal prefixes such as DATE/TIMESTAMP);
 * - a function name (followed by `(`; a qualified one, `cat.db.f(...)`, too);
 * - a named argument (`name => ...`), a window name (`OVER w`, `OVER (w ORDER BY ...)`), a literal's prefix written against
 *   its quote (`X'0F'`, `_UTF16'..'`), a unit after TO (`CEIL(ts TO HOUR)`, and the time frames
 *   Calcite takes as names there) or the first argument of EXTRACT / TIMESTAMPADD / TIMESTAMPDIFF
 *   and their kind (a unit or a time frame name);
 * - anything inside DESCRIPTOR(...), the type of CAST / TRY_CAST (`AS DECIMAL(10, 2)`,
 *   `AS ROW<a INT>`), or the type after a JSON function's RETURNING (up to DEFAULT, NULL, ERROR,
 *   ON or EMPTY);
 * - a field after a dot (`r.f`, `f(x).f`, `arr[1].f`): a compound name is returned whole, and
 *   what it names is for the resolver.
 * A reserved word a table may name a column by (reserved-words.ts), unquoted where only an operand
 * stands (`UPPER(value)`, `CAST(timestamp AS DATE)`, `timestamp > ts`), is returned apart
 * (`reserved`): Flink's parser fails on it, whatever the tables' columns. A non-reserved grammar
 * word standing where only an operand can (`c` in `HAVING c > 1`: C, K, M, DATA, NAME ... are
 * identifiers to Calcite's parser, `NonReservedKeyWord` in `Parser.jj`) is returned apart too
 * (`words`): it may be a column or an alias, and only a caller that knows the names it may be
 * (a SELECT alias) reads it.
 * Calcite's grammar: calcite `core/src/main/codegen/templates/Parser.jj` (`BuiltinFunctionCall`
 * for CAST, EXTRACT, POSITION, TRIM, SUBSTRING, OVERLAY, FLOOR/CEIL; `TimeUnitOrName`; the
 * `JsonValueFunctionCall` family; `NamedRoutineCall` for `=>`; `CompoundIdentifier`).
 *
 * The whole expression is left unread (undefined) at anything not known to be plain: a subquery
 * (SELECT, VALUES), TABLE / MODEL / LATERAL / UNNEST / CURSOR / NEW, COLLATE or USING (whose names
 * are charsets and collations), a sequence (NEXT VALUE FOR), `::`, `->` (lambdas), `?`, `:`,
 * braces, double quotes, a non-ASCII character outside literals, an interpolated table that is no
 * qualifier, an Output, unbalanced brackets, an AS that is no CAST's, and two operands with no
 * operator between them (syntax this reader does not know).
 */
import { MARK } from "./insert-query.js";
import { RESERVED_COLUMN_WORDS } from "./reserved-words.js";
import { ENDING_WORDS, SQL_WORDS } from "./sql-words.js";

/** One identifier of a compound name. */
export interface NamePart {
  /** Unquoted. */
  readonly name: string;
  /** As written: back-quoted or not. */
  readonly written: string;
  readonly quoted: boolean;
}

/** A name the expression reads as a value: `c`, `t.c`, `t.c.f` (parts in order). */
export interface NameChain {
  readonly parts: readonly NamePart[];
  /** An operand of a comparison (`=`, `<>`, `<` ...): it may be a value written without quotes. */
  readonly compared: boolean;
}

type Token =
  | ({ readonly kind: "name"; readonly at: number; readonly end: number; readonly upper?: string } & NamePart)
  | { readonly kind: "literal" | "number"; readonly at: number; readonly end: number }
  | { readonly kind: "op"; readonly at: number; readonly end: number; readonly op: string };

const PLAIN = /[A-Za-z_][A-Za-z0-9_$]*/y;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const OPERATOR = /<>|!=|<=|>=|=>|\|\||[()[\],.*+\-/%=<>]/y;

/**
 * The tokens of `code` (split.ts codeOnly with quotes kept: literals blanked between their quotes,
 * back-quoted names as `q`s; comments blank), names taken from `text` (same offsets); undefined at
 * a character this reader does not take.
 */
function tokenize(text: string, code: string): Token[] | undefined {
  const out: Token[] = [];
  const at = (re: RegExp, i: number): string | undefined => {
    re.lastIndex = i;
    return re.exec(code)?.[0];
  };
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    let m: string | undefined;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
    } else if (c === "'") {
      const close = code.indexOf("'", i + 1);
      if (close < 0) return undefined;
      out.push({ kind: "literal", at: i, end: close + 1 });
      i = close + 1;
    } else if (text[i] === "`") {
      let j = i + 1;
      let name = "";
      for (; j < text.length; j++) {
        if (text[j] !== "`") name += text[j];
        else if (text[j + 1] === "`") name += text[j++];
        else break;
      }
      if (j >= text.length || /[\w$`]/.test(text[j + 1] ?? "")) return undefined;
      out.push({ kind: "name", at: i, end: j + 1, name, written: text.slice(i, j + 1), quoted: true });
      i = j + 1;
    } else if ((m = at(PLAIN, i)) !== undefined) {
      // A plain name is the same in code and text; one that runs on into a non-ASCII letter is not read.
      if (text.slice(i, i + m.length) !== m || /[^\x00-\x7f]/.test(code[i + m.length] ?? "")) return undefined;
      out.push({ kind: "name", at: i, end: i + m.length, name: m, written: m, quoted: false, upper: m.toUpperCase() });
      i += m.length;
    } else if ((m = at(NUMBER, i)) !== undefined) {
      if (/[A-Za-z_$]/.test(code[i + m.length] ?? "")) return undefined;
      out.push({ kind: "number", at: i, end: i + m.length });
      i += m.length;
    } else if ((m = at(OPERATOR, i)) !== undefined) {
      out.push({ kind: "op", at: i, end: i + m.length, op: m });
      i += m.length;
    } else {
      return undefined;
    }
  }
  return out;
}

/** Words that leave the expression unread (see the module comment). */
const UNREAD = new Set(["SELECT", "VALUES", "TABLE", "MODEL", "LATERAL", "UNNEST", "CURSOR", "NEW", "COLLATE", "USING", "NEXT", "MATCH_RECOGNIZE"]);
/** Functions whose first argument is a time unit or a time frame name (Calcite `TimeUnitOrName`). */
const UNIT_FIRST = new Set(["EXTRACT", "TIMESTAMPADD", "TIMESTAMPDIFF", "TIMESTAMP_DIFF", "DATE_PART", "DATEADD", "DATEDIFF", "DATE_DIFF", "DATETIME_DIFF", "TIME_DIFF"]);
/** What ends the type after a JSON function's RETURNING. */
const AFTER_RETURNING = new Set(["DEFAULT", "NULL", "ERROR", "ON", "EMPTY"]);

const COMPARISONS = ["=", "<>", "!=", "<", ">", "<=", ">="];
/** What may stand before and after an operand (see reservedOperand). */
const BEFORE_OPERAND = ["(", "[", ",", "+", "-", "*", "/", "%", "||", ...COMPARISONS];
const AFTER_OPERAND = [")", "]", ",", "+", "-", "*", "/", "%", "||", ...COMPARISONS];
const WORDS_BEFORE_OPERAND = new Set(["AND", "OR", "NOT", "CASE", "WHEN", "THEN", "ELSE"]);
const WORDS_AFTER_OPERAND = new Set(["AND", "OR", "IS", "WHEN", "THEN", "ELSE", "END"]);

const isWord = (t: Token | undefined): boolean => t?.kind === "name" && t.upper !== undefined && SQL_WORDS.has(t.upper);
const isOp = (t: Token | undefined, ...ops: string[]): boolean => t?.kind === "op" && ops.includes(t.op);
/** A token that ends an operand, so no operand follows it: a name that is no grammar word, a literal, a number, `)`, `]`, or one of ENDING_WORDS. */
const endsOperand = (t: Token | undefined): boolean =>
  t !== undefined && (t.kind === "literal" || t.kind === "number" || isOp(t, ")", "]") || (t.kind === "name" && (!isWord(t) || ENDING_WORDS.has(t.upper!))));

/**
 * Whether the unquoted word at `k` (a word of RESERVED_COLUMN_WORDS but USER, which alone is the
 * function USER) stands where only an operand can: at the start of the expression or after `(`,
 * `,`, an arithmetic or comparison operator, AND, OR, NOT, CASE, WHEN, THEN or ELSE, and before its
 * end, `)`, `,`, such an operator, AND, OR, IS, WHEN, THEN, ELSE, END or a CAST's AS. Not as the
 * first argument of EXTRACT and the like (a unit) nor inside OVER (...) (`ROWS`, `RANGE`), and
 * never next to a literal (`TIMESTAMP '...'`, `INTERVAL '1' HOUR`, `KEY 'a' VALUE x`), after TO
 * (`CEIL(ts TO DAY)`), before `(` (a function) or in a type (the caller skips those). There the
 * parser wants an expression and fails on the keyword (calcite `Parser.jj`: no reserved word is
 * an `Identifier`).
 */
function reservedOperand(tokens: readonly Token[], k: number, frame: Frame): boolean {
  const t = tokens[k]!;
  if (t.kind !== "name" || t.upper === undefined || t.upper === "USER" || !RESERVED_COLUMN_WORDS.has(t.upper)) return false;
  return operandPosition(tokens, k, frame);
}

/** Whether the token at `k` stands where only an operand can (see reservedOperand). */
function operandPosition(tokens: readonly Token[], k: number, frame: Frame): boolean {
  const prev = tokens[k - 1];
  const next = tokens[k + 1];
  if (frame.fn === "OVER" || (isOp(prev, "(") && UNIT_FIRST.has(frame.fn ?? ""))) return false;
  const before = prev === undefined || isOp(prev, ...BEFORE_OPERAND) || (prev.kind === "name" && WORDS_BEFORE_OPERAND.has(prev.upper ?? ""));
  const castAs = next?.kind === "name" && next.upper === "AS" && (frame.fn === "CAST" || frame.fn === "TRY_CAST");
  const after = next === undefined || isOp(next, ...AFTER_OPERAND) || castAs || (next.kind === "name" && WORDS_AFTER_OPERAND.has(next.upper ?? ""));
  return before && after;
}

interface Frame {
  readonly fn: string | undefined;
  readonly close: ")" | "]";
  /** Nothing in it is a value (DESCRIPTOR, a CAST's type, a type after RETURNING). */
  skip: boolean;
  /** After RETURNING, until AFTER_RETURNING. */
  returning: boolean;
}

/**
 * The names `text` reads as values (see the module comment), with `code` its codeOnly form (quotes
 * kept; same offsets); a SELECT item without its alias (insert-query.ts withoutAlias). undefined
 * when the expression cannot be read with certainty.
 */
export function expressionNames(text: string, code: string): { names: NameChain[]; reserved: NamePart[]; words: NamePart[] } | undefined {
  const tokens = tokenize(text, code);
  if (tokens === undefined) return undefined;
  const frames: Frame[] = [{ fn: undefined, close: ")", skip: false, returning: false }];
  const names: NameChain[] = [];
  const reserved: NamePart[] = [];
  const words: NamePart[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const prev = tokens[k - 1];
    const frame = frames[frames.length - 1]!;
    if (t.kind === "op") {
      if (t.op === "(" || t.op === "[") {
        const fn = t.op === "(" && prev?.kind === "name" ? prev.upper : undefined;
        frames.push({ fn, close: t.op === "(" ? ")" : "]", skip: frame.skip || frame.returning || fn === "DESCRIPTOR", returning: false });
      } else if (t.op === ")" || t.op === "]") {
        if (frames.length === 1 || frame.close !== t.op) return undefined;
        frames.pop();
      }
      continue;
    }
    if (t.kind !== "name") continue;
    const upper = t.upper;
    if (upper !== undefined) {
      if (UNREAD.has(upper) || (upper === "VALUE" && tokens[k + 1]?.kind === "name" && (tokens[k + 1] as { upper?: string }).upper === "FOR")) return undefined;
      if (upper === "AS") {
        if (frame.fn !== "CAST" && frame.fn !== "TRY_CAST") return undefined;
        frame.skip = true;
        continue;
      }
      if (upper === "RETURNING" && frame.fn?.startsWith("JSON")) frame.returning = true;
      else if (frame.returning && AFTER_RETURNING.has(upper)) frame.returning = false;
    }
    if (frame.skip || frame.returning || isOp(prev, ".")) continue;
    // A compound name: its parts joined by dots (`t.*` is no value read here).
    const start = k;
    let end = k;
    while (isOp(tokens[end + 1], ".") && tokens[end + 2]?.kind === "name") end += 2;
    k = end;
    if (isOp(tokens[end + 1], ".")) {
      if (!isOp(tokens[end + 2], "*")) return undefined;
      k = end + 2;
      continue;
    }
    const next = tokens[end + 1];
    if (isOp(next, "(", "=>")) continue;
    const single = end === start;
    if (single && t.upper !== undefined) {
      const before = prev?.kind === "name" ? prev.upper : undefined;
      if (SQL_WORDS.has(t.upper) || before === "OVER" || before === "TO") {
        if (before !== "TO" && reservedOperand(tokens, k, frame)) reserved.push({ name: t.name, written: t.written, quoted: false });
        else if (before !== "TO" && before !== "OVER" && !RESERVED_COLUMN_WORDS.has(t.upper) && operandPosition(tokens, k, frame)) words.push({ name: t.name, written: t.written, quoted: false });
        continue;
      }
      if (isOp(prev, "(") && (UNIT_FIRST.has(frame.fn ?? "") || frame.fn === "OVER")) continue;
      if (next?.kind === "literal" && next.at === t.end) continue;
      if (t.name.startsWith(MARK)) return undefined;
    }
    // An operand stands between operators or grammar words; two operands in a row are syntax not read here.
    if (endsOperand(prev) || (next !== undefined && (next.kind === "literal" || next.kind === "number" || (next.kind === "name" && !isWord(next))))) return undefined;
    const parts: NamePart[] = [];
    for (let j = start; j <= end; j += 2) {
      const p = tokens[j] as NamePart;
      parts.push({ name: p.name, written: p.written, quoted: p.quoted });
    }
    names.push({ parts, compared: isOp(prev, ...COMPARISONS) || isOp(next, ...COMPARISONS) });
  }
  if (frames.length !== 1) return undefined;
  return { names, reserved, words };
}
