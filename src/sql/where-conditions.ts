/**
 * What the WHERE clause of a plain-shape query (insert-query.ts) says about its columns: the
 * columns a top-level condition rejects NULL for, the expressions it tests IS NOT NULL, the names compared in it, and every name it
 * mentions. Read on code with literals and comments blanked (split.ts `codeOnly`).
 */
import { closingParen, NAME, topLevelOnly, topLevelSplit, unquoteIdentifier } from "./top-level.js";

/** A name on one side of a comparison (`=`, `<>`, `<` ...) or in an `IN (...)` list of the WHERE clause. */
export interface WhereOperand {
  /** Unquoted. */
  readonly name: string;
  /** Written back-quoted (then it is a column, whatever its spelling). */
  readonly quoted: boolean;
  /** The qualifier before it (`t.`), unquoted, when there is one. */
  readonly qualifier?: string;
  /** That qualifier as written (back-quoted or not; an interpolated table as its marker). */
  readonly qualifierWritten?: string;
  /** The text from the name up to the next space, comma, parenthesis or semicolon (`north-east` for `north`): the value it may be part of. */
  readonly word: string;
}

/** Words in a condition that can let NULL through (or turn it into a value), so it rejects nothing. */
const LETS_NULL_THROUGH = /\b(?:OR|CASE|COALESCE|IFNULL|NVL|NULLIF|IS\s+(?:NOT\s+)?(?:DISTINCT|TRUE|FALSE|UNKNOWN))\b/i;
/** As LETS_NULL_THROUGH, and IS NULL or a leading NOT (`NOT (c IS NOT NULL)` lets only NULL through). */
const NULL_TOLERANT = /\bIS\s+NULL\b|^\s*NOT\b/i;
/** `[q.]c IS NOT NULL` as a whole condition. */
const IS_NOT_NULL_FORM = new RegExp(String.raw`^\s*(?:${NAME}\s*\.\s*)?${NAME}\s+IS\s+NOT\s+NULL\s*$`, "i");
/** `[q.]c IS NULL` as a whole condition (inside `NOT (...)`). */
const IS_NULL_FORM = new RegExp(String.raw`^\s*(?:${NAME}\s*\.\s*)?${NAME}\s+IS\s+NULL\s*$`, "i");
/** Words that stand unquoted in a condition without being columns (keywords, time units, typed literals), which REF and NAME would take for names. */
const CONDITION_WORDS = /^(?:AND|OR|NOT|IS|NULL|TRUE|FALSE|UNKNOWN|IN|BETWEEN|LIKE|SIMILAR|TO|ESCAPE|EXISTS|CASE|WHEN|THEN|ELSE|END|AS|FROM|SELECT|CAST|TRY_CAST|EXTRACT|INTERVAL|DATE|TIME|TIMESTAMP|YEAR|QUARTER|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND|MILLISECOND|MICROSECOND|NANOSECOND|DISTINCT|SYMMETRIC|ASYMMETRIC|ANY|SOME|ALL|ARRAY|MAP|ROW|MULTISET)$/i;
/** `NOT [q.]c IS NULL`: rejects NULL for c (`NOT (c IS NULL)` is read inside its parentheses). */
const NOT_IS_NULL = new RegExp(String.raw`^\s*NOT\s+(?:${NAME}\s*\.\s*)?${NAME}\s+IS\s+NULL\s*$`, "i");
/** `NOT (...)`: the text inside the parentheses. */
const NOT_PARENS = /^\s*NOT\s*\(/i;
/** A comparison or a predicate whose result is unknown (the row dropped) when an operand is NULL. */
const STRICT_PREDICATE = /<>|!=|<=|>=|[=<>]|\b(?:IN|BETWEEN|LIKE|SIMILAR\s+TO)\b|\bIS\s+NOT\s+NULL\b/i;
const REF = new RegExp(String.raw`(?<![\w$.])(?:(${NAME})\s*\.\s*)?(${NAME})(?![\w$]|\s*[.(])`, "g");

/**
 * `[s, e)` of `code` without the parentheses that enclose all of it, pair by pair (`((a = 1))` →
 * `a = 1`; `(a) = (b)` stays whole). The pairs are matched once, in one pass: peeling them one by
 * one with closingParen would rescan the rest for every level of nesting.
 */
export function withoutEnclosingParens(code: string, s: number, e: number): [number, number] {
  const closer = new Map<number, number>();
  const open: number[] = [];
  for (let i = s; i < e; i++) {
    const c = code[i];
    if (c === "(" || c === "[") open.push(i);
    else if ((c === ")" || c === "]") && open.length > 0) closer.set(open.pop()!, i);
  }
  for (;;) {
    let a = s;
    while (a < e && /\s/.test(code[a]!)) a++;
    let b = e - 1;
    while (b > a && /\s/.test(code[b]!)) b--;
    if (code[a] !== "(" || closer.get(a) !== b) return [s, e];
    s = a + 1;
    e = b;
  }
}

/**
 * The top-level AND conditions of the WHERE clause, as `[start, end)` of `code`, each without the
 * parentheses that enclose all of it: the AND of a BETWEEN and one inside CASE ... END split
 * nothing. Undefined without a WHERE or with an OR at its top level (outside CASE ... END), which
 * binds looser than AND, so that no AND part holds for every row.
 */
export function topLevelConditions(code: string, where: WhereClause | undefined): [number, number][] | undefined {
  if (where === undefined) return undefined;
  const { start, clause } = where;
  if (/\bOR\b/i.test(clause.replace(/\bCASE\b[\s\S]*?\bEND\b/gi, " "))) return undefined;
  let from = 0;
  let betweens = 0;
  let cases = 0;
  const conditions: [number, number][] = [];
  for (const m of clause.matchAll(/\b(AND|BETWEEN|CASE|END)\b/gi)) {
    const word = m[1]!.toUpperCase();
    if (word === "CASE") cases++;
    else if (word === "END") cases = Math.max(0, cases - 1);
    else if (cases > 0) continue;
    else if (word === "BETWEEN") betweens++;
    else if (betweens > 0) betweens--;
    else {
      conditions.push([from, m.index!]);
      from = m.index! + 3;
    }
  }
  conditions.push([from, clause.length]);
  // A condition in parentheses of its own: read inside them.
  return conditions.map(([s, e]) => withoutEnclosingParens(code, start + s, start + e));
}

/**
 * A top-level condition of the WHERE clause (topLevelConditions) with its leading NOT read once, for
 * nullRejectedColumns and notNullTested.
 */
export interface WhereCondition {
  /** `[start, end)` of `code`. */
  readonly span: readonly [number, number];
  /** When the condition is `NOT (...)` as a whole: `[start, end)` of `code` inside those parentheses. */
  readonly insideNot?: readonly [number, number];
  /** When the condition starts with the word NOT followed by white space: where what follows it starts. */
  readonly afterNot?: number;
}

/** The top-level conditions of the WHERE clause (topLevelConditions) with their leading NOT read; [] without a WHERE or under a top-level OR. */
export function whereConditions(code: string, where: WhereClause | undefined): WhereCondition[] {
  const out: WhereCondition[] = [];
  for (const [s, e] of topLevelConditions(code, where) ?? []) {
    const raw = code.slice(s, e);
    const notParens = NOT_PARENS.exec(raw);
    const notWord = /^\s*NOT\s+/i.exec(raw);
    const last = raw.trimEnd().length - 1;
    const inParens = notParens !== null && closingParen(raw, notParens[0].length - 1) === last;
    out.push({
      span: [s, e],
      ...(inParens ? { insideNot: [s + notParens[0].length, s + last] as const } : {}),
      ...(notWord !== null ? { afterNot: s + notWord[0].length } : {}),
    });
  }
  return out;
}

/**
 * The columns a top-level condition of the WHERE clause (whereConditions) rejects NULL for: the WHERE
 * is split into its top-level AND conditions (an AND of BETWEEN or inside CASE ... END excepted;
 * none when an OR is at the top level, which binds looser); a condition counts when
 * it is `c IS NOT NULL` or `NOT c IS NULL`, or a comparison, IN, BETWEEN or LIKE with `c` at its
 * top level (not inside a function's parentheses), and holds nothing that lets NULL through (OR,
 * CASE, COALESCE, IS NULL, IS DISTINCT, a leading NOT). Such a row never reaches the SELECT list.
 * Column names unquoted; a qualifier must be one of `qualifiers`.
 */
export function nullRejectedColumns(text: string, code: string, conditions: readonly WhereCondition[], qualifiers: readonly string[]): string[] {
  const out: string[] = [];
  for (const { span, insideNot } of conditions) {
    // NOT (body) rejects NULL only as NOT (c IS NULL): read the body as that form.
    const [at, to] = insideNot ?? span;
    const inner = topLevelOnly(code, at, to);
    if (inner === undefined) continue;
    if (insideNot !== undefined) {
      if (!IS_NULL_FORM.test(inner)) continue;
    } else {
      if (LETS_NULL_THROUGH.test(inner)) continue;
      // IS NOT NULL only as the whole condition: `c IS NOT NULL = FALSE` keeps exactly the NULLs.
      if (/\bIS\s+NOT\s+NULL\b/i.test(inner) && !IS_NOT_NULL_FORM.test(inner)) continue;
      if (!NOT_IS_NULL.test(inner) && (NULL_TOLERANT.test(inner) || !STRICT_PREDICATE.test(inner))) continue;
    }
    for (const m of inner.matchAll(REF)) {
      // SQL words around the column (IS, NOT, NULL, IN, ...) are no column.
      if (!m[2]!.startsWith("q") && CONDITION_WORDS.test(m[2]!)) continue;
      const refEnd = at + m.index! + m[0].length;
      const qualifier = m[1] === undefined ? undefined : unquoteIdentifier(text.slice(at + m.index!, at + m.index! + m[1].length));
      if (qualifier !== undefined && !qualifiers.includes(qualifier)) continue;
      out.push(unquoteIdentifier(text.slice(refEnd - m[2]!.length, refEnd)));
    }
  }
  return out;
}

/** A condition's top level ending in `IS NOT NULL` (and in `IS NULL` inside a NOT): the tested expression before it. */
const ENDS_IS_NOT_NULL = /(?<![\w$])IS\s+NOT\s+NULL\s*$/i;
const ENDS_IS_NULL = /(?<![\w$])IS\s+NULL\s*$/i;

/**
 * The expressions a top-level condition of the WHERE clause (whereConditions) tests with `e IS
 * NOT NULL`, `NOT e IS NULL` or `NOT (e IS NULL)`, as `[start, end)` of `code` (the same offsets in
 * the text): such a row never reaches the SELECT list with `e` NULL, so neither with a column NULL
 * whose NULL makes `e` NULL (null-propagation.ts; where-not-null.ts reads them). An `e` that starts
 * with NOT or holds another top-level IS is not read (IS binds tighter than NOT: `NOT e IS NOT
 * NULL` keeps the rows where `e` is NULL).
 */
export function notNullTested(code: string, conditions: readonly WhereCondition[]): [number, number][] {
  const out: [number, number][] = [];
  for (const { span, insideNot, afterNot } of conditions) {
    const [a, b] = insideNot !== undefined ? withoutEnclosingParens(code, insideNot[0], insideNot[1]) : afterNot !== undefined ? [afterNot, span[1]] : span;
    const flat = topLevelOnly(code, a, b);
    const end = flat === undefined ? null : (insideNot !== undefined || afterNot !== undefined ? ENDS_IS_NULL : ENDS_IS_NOT_NULL).exec(flat);
    if (end === null) continue;
    const tested = flat!.slice(0, end.index);
    if (tested.trim() === "" || /^\s*NOT\b/i.test(tested) || /\bIS\b/i.test(tested)) continue;
    // The flat code blanks what is inside parentheses: the expression's end is read in the code itself.
    const lead = tested.length - tested.trimStart().length;
    out.push([a + lead, a + code.slice(a, a + end.index).trimEnd().length]);
  }
  return out;
}

const COMPARE = String.raw`(?:<>|!=|<=|>=|=(?!>)|<|>)`;
/** What a right-hand operand may follow: a comparison, LIKE / SIMILAR TO, BETWEEN, IS [NOT] DISTINCT FROM. */
const BEFORE_RIGHT = String.raw`(?:${COMPARE}|\bLIKE|\bSIMILAR\s+TO|\bBETWEEN|\bDISTINCT\s+FROM)`;
/**
 * A (qualified) name right before a comparison operator, or right after one (or after LIKE,
 * BETWEEN, DISTINCT FROM), or an `IN (` list's start. A name next to a non-ASCII letter is part of
 * a longer name (Calcite's identifiers take Unicode letters); a name right before a quote is a
 * literal's prefix (X'..', N'..', U&'..', _charset'..').
 */
const OPERAND = new RegExp(
  String.raw`(?<![\w$.\u0080-\uffff])(?:(${NAME})\s*\.\s*)?(${NAME})(?![\u0080-\uffff])(?=\s*${COMPARE})|${BEFORE_RIGHT}\s*(?:(${NAME})\s*\.\s*)?(${NAME})(?![\w$'&\u0080-\uffff]|\s*[.(])|\bIN\s*\(`,
  "dgi",
);
const ALONE = new RegExp(String.raw`^\s*(${NAME})\s*$`, "d");

/**
 * The bare names compared in the WHERE clause (nested parentheses included): either side of
 * `=`, `<>`, `!=`, `<`, `>`, `<=`, `>=`, and the items of an `IN (...)` list that are a name alone.
 * A function call (`f(`) or a qualified name's qualifier is none. Used to catch a value written
 * without quotes (`status = SHIPPED`, often a string interpolated with `${...}`) and misspelt columns.
 */
export function whereOperands(text: string, code: string, where: WhereClause | undefined): WhereOperand[] {
  if (where === undefined) return [];
  const { start, clause } = where;
  const body = code.slice(start, start + clause.length);
  const out: WhereOperand[] = [];
  const raw = (at: readonly [number, number]): string => text.slice(start + at[0], start + at[1]);
  const push = (qual: readonly [number, number] | undefined, name: readonly [number, number]): void => {
    const written = raw(name);
    // An unquoted keyword is no column (`CASE ... END = x`, `INTERVAL '1' HOUR > x`, `x = ANY (...)`).
    if (qual === undefined && CONDITION_WORDS.test(written)) return;
    const word = /^[^\s(),;]+/.exec(text.slice(start + name[0]))?.[0] ?? written;
    out.push({ name: unquoteIdentifier(written), quoted: written.startsWith("`"), word, ...(qual !== undefined ? { qualifier: unquoteIdentifier(raw(qual)), qualifierWritten: raw(qual) } : {}) });
  };
  for (const m of body.matchAll(OPERAND)) {
    const ix = m.indices!;
    if (ix[2] !== undefined) push(ix[1], ix[2]);
    else if (ix[4] !== undefined) push(ix[3], ix[4]);
    else {
      const open = m.index! + m[0].length - 1;
      const close = closingParen(body, open);
      for (const [from, to] of close < 0 ? [] : (topLevelSplit(body, open + 1, close) ?? [])) {
        const alone = ALONE.exec(body.slice(from, to));
        if (alone !== null) push(undefined, [from + alone.indices![1]![0], from + alone.indices![1]![1]]);
      }
    }
  }
  return out;
}

const ANY_NAME = new RegExp(NAME, "g");

/** A WHERE clause: where its conditions start, and its code up to the next top-level clause with nested parentheses blanked (topLevelOnly; same length). */
export interface WhereClause {
  readonly start: number;
  readonly clause: string;
}

/**
 * Every name in the WHERE clause (nested parentheses included), unquoted, except qualifiers (`t.`),
 * function names (`f(`) and unquoted keywords; [] without a WHERE; undefined when it holds a
 * subquery (whose names are another query's).
 */
export function whereNames(text: string, code: string, where: WhereClause | undefined): string[] | undefined {
  if (where === undefined) return [];
  const { start, clause } = where;
  const out: string[] = [];
  for (const m of code.slice(start, start + clause.length).matchAll(ANY_NAME)) {
    const from = start + m.index!;
    const to = from + m[0].length;
    if (/^\s*[.(]/.test(code.slice(to, to + 64))) continue;
    // An unquoted keyword is no column (a column of that name must be back-quoted in Flink SQL).
    if (text[from] !== "`" && CONDITION_WORDS.test(m[0])) {
      if (/^SELECT$/i.test(m[0])) return undefined;
      continue;
    }
    out.push(unquoteIdentifier(text.slice(from, to)));
  }
  return out;
}
