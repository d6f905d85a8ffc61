/**
 * Reading SQL code at the top level of its parentheses and brackets: splitting a list on its
 * top-level commas, finding the parenthesis that closes another, the clauses after a query's FROM
 * clause, a keyword, the values of a CASE, and a back-quoted identifier's name. The code is statement text with literals and comments blanked (split.ts `codeOnly`), so
 * a parenthesis inside a string or a comment is none.
 */

const IDENT = String.raw`[A-Za-z_][A-Za-z0-9_$]*`;
/** An identifier as the code reads it: plain, or back-quoted (codeOnly turns those into `q`s). */
export const NAME = String.raw`(?:${IDENT}|q+)`;
/** An identifier as written in the text: back-quoted (`` ` `` doubled inside) or plain; a non-capturing group. */
export const WRITTEN_NAME = "(?:`(?:[^`]|``)+`|" + IDENT + ")";

/** `a`, `` `a``b` `` → the identifier's name. */
export function unquoteIdentifier(text: string): string {
  const t = text.trim();
  return t.startsWith("`") && t.endsWith("`") && t.length >= 2 ? t.slice(1, -1).replace(/``/g, "`") : t;
}

/**
 * code[start, end) with everything inside parentheses and brackets, the brackets included, blanked
 * (same length, so offsets stay): what is left is the top level. undefined when they do not balance.
 */
export function topLevelOnly(code: string, start: number, end: number): string | undefined {
  // Top-level runs are copied as slices, each bracketed run as spaces of its length: one pass, no string per character.
  let depth = 0;
  let flat = "";
  let run = start;
  for (let i = start; i < end; i++) {
    const c = code.charCodeAt(i);
    if (c === 40 || c === 91) {
      // ( [
      if (depth++ === 0) {
        flat += code.slice(run, i);
        run = i;
      }
    } else if (c === 41 || c === 93) {
      // ) ]
      if (--depth < 0) return undefined;
      if (depth === 0) {
        flat += " ".repeat(i + 1 - run);
        run = i + 1;
      }
    }
  }
  return depth === 0 ? (run === start ? code.slice(start, end) : flat + code.slice(run, end)) : undefined;
}

/** The `[start, end)` ranges of the top-level comma-separated parts of code[start, end), or undefined when unbalanced. */
export function topLevelSplit(code: string, start: number, end: number): [number, number][] | undefined {
  const flat = topLevelOnly(code, start, end);
  if (flat === undefined) return undefined;
  const parts: [number, number][] = [];
  let from = start;
  for (let i = flat.indexOf(","); i >= 0; i = flat.indexOf(",", i + 1)) {
    parts.push([from, start + i]);
    from = start + i + 1;
  }
  parts.push([from, end]);
  return parts;
}

/** The offset of the `)` that closes the `(` at `open`, or -1. */
export function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && --depth === 0) return i;
  }
  return -1;
}

/** The `(` that enclose `at` in `code` (open before it, not closed before it), innermost first. */
export function enclosingParens(code: string, at: number): number[] {
  const open: number[] = [];
  for (let i = 0; i < at; i++) {
    if (code[i] === "(") open.push(i);
    else if (code[i] === ")") open.pop();
  }
  return open.reverse();
}

/** The `[start, end)` of the query level holding `at`: inside its innermost parentheses, or all of `code`; undefined when they do not close. */
export function levelOf(code: string, at: number): [number, number] | undefined {
  const o = enclosingParens(code, at)[0];
  if (o === undefined) return [0, code.length];
  const close = closingParen(code, o);
  return close < 0 ? undefined : [o + 1, close];
}

/** The set operators' words, a regex alternation (SET_OPERATION; set-operations.ts reads the operators with it). */
export const SET_WORDS = "UNION|INTERSECT|EXCEPT|MINUS";
/** A set operator (UNION, INTERSECT, EXCEPT, MINUS) as a whole word: the test every reader of one query makes before it reads a query alone. */
export const SET_OPERATION = new RegExp(String.raw`(?<![\w$])(?:${SET_WORDS})(?![\w$])`, "i");

/** `[start, end)` offsets of a query's code. */
export type Span = readonly [number, number];

/**
 * The top-level clauses after a query's FROM clause: where the first one starts, and the body of each
 * clause read (after its keyword, up to the next clause or set operator).
 */
export interface QueryClauses {
  /** Where the first clause's keyword, or a set operator, starts (the end of the FROM clause); the end of the code without one. */
  readonly start: number;
  readonly where?: Span;
  readonly groupBy?: Span;
  readonly having?: Span;
  readonly orderBy?: Span;
}

/**
 * The keywords that start a top-level clause after FROM, and the set operators that end the query (a
 * clause never runs into the next branch of a UNION); the groups name the four read.
 */
const CLAUSE_KEYWORD = new RegExp(String.raw`(?<![\w$])(?:(WHERE)|(GROUP\s+BY)|(HAVING)|WINDOW|QUALIFY|(ORDER\s+BY)|LIMIT|OFFSET|FETCH|${SET_WORDS})(?![\w$])`, "gi");

/**
 * The clauses of `flat` (a query's code from `pos` on, inside its FROM clause or after it, nested
 * parentheses blanked: topLevelOnly): each read clause's body runs from its keyword to the next
 * top-level clause keyword or set operator (UNION, INTERSECT, EXCEPT, MINUS). The SELECT list and
 * the FROM clause hold none of these keywords at the top level (they are reserved words). Past a set
 * operator the clauses found are the next branch's: a caller that reads the first query alone takes
 * a clause only when it starts at `start`, or refuses set operations.
 */
export function queryClauses(flat: string, pos: number): QueryClauses {
  const marks = [...flat.matchAll(CLAUSE_KEYWORD)];
  const out: { start: number; where?: Span; groupBy?: Span; having?: Span; orderBy?: Span } = { start: pos + (marks[0]?.index ?? flat.length) };
  marks.forEach((m, k) => {
    const span: Span = [pos + m.index! + m[0].length, k + 1 < marks.length ? pos + marks[k + 1]!.index! : pos + flat.length];
    if (m[1] !== undefined) out.where ??= span;
    else if (m[2] !== undefined) out.groupBy ??= span;
    else if (m[3] !== undefined) out.having ??= span;
    else if (m[4] !== undefined) out.orderBy ??= span;
  });
  return out;
}

/** The words that split a CASE, and brackets. */
const CASE_TOKEN = /[()[\]]|(?<![\w$])(CASE|WHEN|THEN|ELSE|END)(?![\w$])/gi;

/**
 * The `[start, end)` ranges of the THEN and ELSE values of the CASE whose body starts at `start`
 * (after the word CASE), whether it has an ELSE, and the offset after its END; undefined when it
 * does not close before `end` or its words are out of order. A nested CASE and anything in brackets
 * stay inside the value they are part of.
 */
export function caseParts(code: string, start: number, end: number): { values: [number, number][]; hasElse: boolean; close: number } | undefined {
  const values: [number, number][] = [];
  let depth = 0;
  let nested = 0;
  let from = -1;
  let when = false;
  let hasElse = false;
  CASE_TOKEN.lastIndex = start;
  for (let m = CASE_TOKEN.exec(code); m !== null && m.index < end; m = CASE_TOKEN.exec(code)) {
    const c = m[0];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      if (--depth < 0) return undefined;
    } else if (depth === 0) {
      const word = m[1]!.toUpperCase();
      if (word === "CASE") nested++;
      else if (nested > 0) nested -= word === "END" ? 1 : 0;
      else if (word === "WHEN") {
        if (hasElse) return undefined;
        if (from >= 0) values.push([from, m.index]);
        from = -1;
        when = true;
      } else if (word === "THEN") {
        if (!when || from >= 0) return undefined;
        from = m.index + 4;
      } else {
        if (from < 0) return undefined;
        values.push([from, m.index]);
        if (word === "END") return m.index + 3 <= end ? { values, hasElse, close: m.index + 3 } : undefined;
        if (hasElse) return undefined;
        hasElse = true;
        from = m.index + 4;
      }
    }
  }
  return undefined;
}

/** The offset of the first top-level keyword `word` (letters only) in code[start, end), or -1. */
export function topLevelKeyword(code: string, start: number, end: number, word: string): number {
  const flat = topLevelOnly(code, start, end);
  const m = flat === undefined ? null : new RegExp(`(?<![\\w$])${word}(?![\\w$])`, "i").exec(flat);
  return m === null ? -1 : start + m.index;
}

/**
 * Where an aggregate call's `FILTER (WHERE ...)` starting at `pos` of `code` ends (after its
 * parenthesis; `pos` when none follows), or -1 when it does not close before `end`.
 */
export function filterClauseEnd(code: string, pos: number, end: number): number {
  const filter = /\s*FILTER\s*\(/iy;
  filter.lastIndex = pos;
  if (filter.exec(code) === null) return pos;
  const close = closingParen(code, filter.lastIndex - 1);
  return close < 0 || close >= end ? -1 : close + 1;
}
