/**
 * A statement's tokens as Flink's lexer cuts them (calcite `Parser.jj`, its TOKEN sections, Flink
 * lexing with back-quoted names, Lex.JAVA): words, back-quoted names, string literals, numbers,
 * punctuation and operators, in one scan of the statement's text; white space, comments (`--`,
 * `//` to the end of the line, `/* ... *\/`) and hints (`/*+ ... *\/`) are no tokens. An
 * interpolated table is one token (it renders as its back-quoted Flink name), an Output one token
 * that stands for a value. The syntax checks (syntax-slips.ts) read them.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { quoteIdentifier } from "../types/data-type.js";
import type { SqlSegment } from "./template.js";

/**
 * What a token is: an unquoted `word` (a keyword or a name), a back-quoted `name` (or text in
 * double quotes, which conformance.ts reports), an interpolated `table`, an interpolated Pulumi
 * `output` (a value), a `string` literal, a `number`, or a `symbol` (punctuation or an operator:
 * `(`, `,`, `<>`, `||` ...).
 */
export type TokenKind = "word" | "name" | "table" | "output" | "string" | "number" | "symbol";

export interface CodeToken {
  readonly kind: TokenKind;
  /** Where the token starts and ends in `text`. */
  readonly start: number;
  readonly end: number;
  /** A word upper-cased, a symbol as written; "" for the other kinds. */
  readonly word: string;
  /** The table of a `table` token (every token has the key, so that all share one shape). */
  readonly table: TableDefinition | undefined;
}

export interface StatementTokens {
  /** The statement as Flink reads it: tables as their back-quoted names, Outputs as `${…}`. */
  readonly text: string;
  readonly tokens: readonly CodeToken[];
}

/** Two-character operators of the grammar (calcite Parser.jj OPERATORS), and `==`, which it has not: read as one token to report it. */
const PAIRS: ReadonlySet<string> = new Set(["<>", "<=", ">=", "!=", "||", "=>", "==", ".."]);

function isWordStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || (c > 127 && !isSpace(c));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || (c > 127 && /\s/.test(String.fromCharCode(c)));
}

/** The index after the quoted region opened at `open` by `quote` (doubling escapes it), or the text's end when it is not closed. */
function afterQuoted(text: string, open: number, quote: string): number {
  let i = open + 1;
  for (;;) {
    const close = text.indexOf(quote, i);
    if (close < 0) return text.length;
    if (text[close + 1] !== quote) return close + 1;
    i = close + 2;
  }
}

/** The index after the hint or comment opened at `open` (a hint's literals may hold `*\/`: split.ts hintEnd). */
function afterComment(text: string, open: number): number {
  if (text[open + 2] !== "+") {
    const close = text.indexOf("*/", open + 2);
    return close < 0 ? text.length : close + 2;
  }
  let i = open + 3;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === "`" || c === '"') i = afterQuoted(text, i, c);
    else if (c === "*" && text[i + 1] === "/") return i + 2;
    else i++;
  }
  return text.length;
}

/** The tokens of a statement's segments (see the module comment), in one scan. */
export function statementTokens(segments: readonly SqlSegment[]): StatementTokens {
  let text = "";
  // Where each interpolated table or Output lies in `text`, in order.
  const marks: { start: number; end: number; table?: TableDefinition }[] = [];
  for (const s of segments) {
    if (s.kind === "text") {
      text += s.text;
      continue;
    }
    const shown = s.kind === "table" ? quoteIdentifier(s.table.tableName) : "${…}";
    marks.push(s.kind === "table" ? { start: text.length, end: text.length + shown.length, table: s.table } : { start: text.length, end: text.length + shown.length });
    text += shown;
  }
  const tokens: CodeToken[] = [];
  const n = text.length;
  let mark = 0;
  let i = 0;
  while (i < n) {
    // A table or Output inside a literal or comment was skipped with it.
    while (mark < marks.length && marks[mark]!.start < i) mark++;
    const m = marks[mark];
    if (m !== undefined && m.start === i) {
      tokens.push(m.table !== undefined ? { kind: "table", start: i, end: m.end, word: "", table: m.table } : { kind: "output", start: i, end: m.end, word: "", table: undefined });
      i = m.end;
      mark++;
      continue;
    }
    const c = text.charCodeAt(i);
    const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
    if (isSpace(c)) {
      i++;
    } else if ((c === 45 && next === 45) || (c === 47 && next === 47)) {
      // `--` and `//` comments end at LF or CR (calcite SINGLE_LINE_COMMENT).
      while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && next === 42) {
      i = afterComment(text, i);
    } else if (c === 39 || c === 96 || c === 34) {
      const end = afterQuoted(text, i, text[i]!);
      tokens.push({ kind: c === 39 ? "string" : "name", start: i, end, word: "", table: undefined });
      i = end;
    } else if (isDigit(c) || (c === 46 && isDigit(next))) {
      let j = i + 1;
      while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 46)) j++;
      if (j < n && (text.charCodeAt(j) | 32) === 101) {
        let k = j + 1;
        if (k < n && (text.charCodeAt(k) === 43 || text.charCodeAt(k) === 45)) k++;
        if (k < n && isDigit(text.charCodeAt(k))) {
          while (k < n && isDigit(text.charCodeAt(k))) k++;
          j = k;
        }
      }
      tokens.push({ kind: "number", start: i, end: j, word: "", table: undefined });
      i = j;
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && (isWordStart(text.charCodeAt(j)) || isDigit(text.charCodeAt(j)))) j++;
      tokens.push({ kind: "word", start: i, end: j, word: text.slice(i, j).toUpperCase(), table: undefined });
      i = j;
    } else {
      const pair = text.slice(i, i + 2);
      const width = PAIRS.has(pair) ? 2 : 1;
      tokens.push({ kind: "symbol", start: i, end: i + width, word: text.slice(i, i + width), table: undefined });
      i += width;
    }
  }
  return { text, tokens };
}

/** Tokens `from` to `to` (inclusive, clamped) as written, one space where white space or a comment parted them. */
export function tokenText(st: StatementTokens, from: number, to: number): string {
  const { tokens, text } = st;
  let out = "";
  for (let k = Math.max(0, from); k <= to && k < tokens.length; k++) {
    const t = tokens[k]!;
    if (k > from && t.start > tokens[k - 1]!.end) out += " ";
    out += text.slice(t.start, t.end);
  }
  return out;
}

/** True when `t` is the symbol `s`. */
export function isSymbol(t: CodeToken | undefined, s: string): boolean {
  return t !== undefined && t.kind === "symbol" && t.word === s;
}

/** True when `t` is the unquoted word `w` (upper case). */
export function isWord(t: CodeToken | undefined, w: string): boolean {
  return t !== undefined && t.kind === "word" && t.word === w;
}

/** The tokens `from` to `to` as written, with "… " before when more than `max` precede `to` (the end kept). */
export function tail(st: StatementTokens, from: number, to: number, max = 8): string {
  return to - from >= max ? `… ${tokenText(st, to - max + 1, to)}` : tokenText(st, from, to);
}

/** The tokens `from` to `to` as written, with " …" after when more than `max` follow `from` (the start kept). */
export function head(st: StatementTokens, from: number, to: number, max = 8): string {
  return to - from >= max ? `${tokenText(st, from, from + max - 1)} …` : tokenText(st, from, to);
}

/** Where the item that ends with the `)` at `k` starts: its `(`, or the name before it (a call). */
export function itemStart(tokens: readonly CodeToken[], k: number): number {
  let depth = 0;
  for (let j = k; j >= 0; j--) {
    if (isSymbol(tokens[j], ")")) depth++;
    else if (isSymbol(tokens[j], "(") && --depth === 0) return tokens[j - 1]?.kind === "word" || tokens[j - 1]?.kind === "name" ? j - 1 : j;
  }
  return k;
}

/** The index after the group the `(` at `k` opens, or -1 when nothing closes it. */
export function afterGroup(tokens: readonly CodeToken[], k: number): number {
  let depth = 0;
  for (let j = k; j < tokens.length; j++) {
    if (isSymbol(tokens[j], "(")) depth++;
    else if (isSymbol(tokens[j], ")") && --depth === 0) return j + 1;
  }
  return -1;
}
