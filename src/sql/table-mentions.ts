/**
 * Table names a statement mentions as plain text in table position: after FROM, JOIN, INTO or
 * TABLE, and after a comma of a FROM clause's list of relations (`FROM a, b`). FlinkSqlJob
 * declares only the tables interpolated with `${table}` (and its views); a name it does not declare
 * fails the job when it starts ("Object '...' not found"), so the job reports it at preview
 * (plain-text-tables.ts). Literals and comments are skipped; back-quoted names are unquoted;
 * qualified names (`catalog.db.table`) are left alone, since they name a catalog's table on
 * purpose, and so are the names the statement's WITH clauses define (nested ones too) and the
 * forms that are no table name: `TABLE(...)`, `LATERAL TABLE(...)`, `UNNEST(...)`, a parenthesized
 * query or VALUES, and a name followed by "(" (a function call).
 * Relation forms: flink `docs/content/docs/dev/table/sql/queries/overview.md` (table references),
 * `window-tvf.md`, `joins.md` (LATERAL TABLE, UNNEST, FOR SYSTEM_TIME AS OF).
 */

import { codeOnly } from "./split.js";

/** A token of a statement: a name (back-quoted ones unquoted, `quoted`), punctuation, or `'` for a literal; `at`/`end` are its offsets in the text. */
interface Word {
  readonly word: string;
  readonly quoted: boolean;
  readonly at: number;
  readonly end: number;
}

/** A name in table position, with its offsets in the text (the back quotes included). */
export interface TableMention {
  readonly name: string;
  readonly quoted: boolean;
  readonly at: number;
  readonly end: number;
}

/** Keywords a relation's name follows. */
const KEYWORDS = new Set(["FROM", "JOIN", "INTO", "TABLE"]);
/** Keywords in table position that start a form which is no table name (a table function, UNNEST, VALUES, a query). */
const NO_NAME = new Set(["LATERAL", "UNNEST", "TABLE", "VALUES", "SELECT", "WITH"]);
/** Keywords that end a FROM clause's list of relations at their depth. */
const FROM_LIST_ENDS = new Set(["WHERE", "GROUP", "HAVING", "WINDOW", "QUALIFY", "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT", "MINUS", "SELECT", "VALUES"]);

/** A character that starts an unquoted name: `[A-Za-z_]` or any other letter (Flink's parser takes Unicode letters in names). */
function isNameStart(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_" || (c > "\u007f" && /\p{L}/u.test(c));
}

/** A character that continues an unquoted name. */
function isNamePart(c: string): boolean {
  return isNameStart(c) || (c >= "0" && c <= "9") || c === "$" || (c > "\u007f" && /[\p{N}\p{M}]/u.test(c));
}

const unquoted = (t: Word | undefined, word: string): boolean => t !== undefined && !t.quoted && t.word.toUpperCase() === word;

/**
 * Names the statement's WITH clauses define (`WITH name [(columns)] AS (...), name2 AS (...)`),
 * each with the token index where its own body ends: a query reads a WITH query by name only after
 * that (Flink's WITH is not recursive, so `WITH orders AS (SELECT ... FROM orders)` reads the table
 * inside the body). A WITH clause inside a body is read too; its scope is taken as the rest of the
 * statement (a later read outside it is not reported, never the other way round).
 */
function commonTableExpressions(tokens: readonly Word[]): Map<string, number> {
  const names = new Map<string, number>();
  for (let k = 0; k < tokens.length; k++) {
    if (!unquoted(tokens[k], "WITH")) continue;
    // `j` is the WITH or the comma before each name of its list.
    for (let j = k; ; ) {
      const name = tokens[j + 1];
      if (name === undefined || (!name.quoted && !isNameStart(name.word[0] ?? ""))) break;
      let m = j + 2;
      if (tokens[m]?.word === "(" && !tokens[m]!.quoted) {
        // A column list: skip to its closing parenthesis.
        while (m < tokens.length && !(tokens[m]!.word === ")" && !tokens[m]!.quoted)) m++;
        m++;
      }
      if (!(unquoted(tokens[m], "AS") && tokens[m + 1]?.word === "(")) break;
      // The body: from its "(" to the matching ")".
      let depth = 0;
      let end = m + 1;
      for (; end < tokens.length; end++) {
        const w = tokens[end]!;
        if (w.quoted) continue;
        if (w.word === "(") depth++;
        else if (w.word === ")" && --depth === 0) break;
      }
      if (!names.has(name.word)) names.set(name.word, end);
      if (!(tokens[end + 1]?.word === "," && !tokens[end + 1]!.quoted)) break;
      j = end + 1;
    }
  }
  return names;
}

/** The words of `text`: names (back-quoted ones unquoted), punctuation; literals (also double-quoted text) as `'`, comments dropped. */
function words(text: string): Word[] {
  const tokens: Word[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const at = i;
    if (c === "'" || c === '"') {
      i++;
      while (i < text.length && !(text[i] === c && text[i + 1] !== c)) i += text[i] === c ? 2 : 1;
      i++;
      tokens.push({ word: "'", quoted: false, at, end: i });
    } else if ((c === "-" && text[i + 1] === "-") || (c === "/" && text[i + 1] === "/")) {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "`") {
      let name = "";
      i++;
      while (i < text.length) {
        if (text[i] === "`" && text[i + 1] === "`") {
          name += "`";
          i += 2;
        } else if (text[i] === "`") break;
        else name += text[i++];
      }
      i++;
      tokens.push({ word: name, quoted: true, at, end: i });
    } else if (isNameStart(c)) {
      let j = i + 1;
      while (j < text.length && isNamePart(text[j]!)) j++;
      tokens.push({ word: text.slice(i, j), quoted: false, at, end: j });
      i = j;
    } else if (/\s/.test(c)) i++;
    else tokens.push({ word: c, quoted: false, at, end: ++i });
  }
  return tokens;
}

/** The names the statement's WITH clauses define (a WITH query shadows a view or table of its name). */
export function withQueryNames(text: string): ReadonlySet<string> {
  return new Set(commonTableExpressions(words(text)).keys());
}

/** Words before "(" that open a query or a list, not a function call's arguments. */
const NOT_FUNCTIONS = new Set(["IN", "EXISTS", "AS", "FROM", "JOIN", "ON", "AND", "OR", "NOT", "SELECT", "WHERE", "LATERAL", "UNNEST", "TABLE", "VALUES", "UNION", "ALL", "INTERSECT", "EXCEPT", "BY", "ANY", "SOME"]);

/** The name that ends just before offset `at` of `code` (white space between), or undefined. */
function nameBefore(code: string, at: number): string | undefined {
  return /([A-Za-z_][A-Za-z0-9_$]*)\s*$/.exec(code.slice(Math.max(0, at - 64), at))?.[1];
}

/**
 * Whether the FROM at offset `at` of `code` (codeOnly: literals and comments blanked, same length)
 * belongs to an expression, not to a query: `IS [NOT] DISTINCT FROM x`, or a function call's
 * arguments (`EXTRACT(HOUR FROM ts)`, `TRIM(BOTH ' ' FROM s)`, `SUBSTRING(s FROM 2)`,
 * `OVERLAY(... FROM 2)`): the innermost "(" around it follows a function name and opens no query.
 */
export function fromInExpression(code: string, at: number): boolean {
  if (nameBefore(code, at)?.toUpperCase() === "DISTINCT" && !/\bSELECT\s+DISTINCT\s*$/i.test(code.slice(Math.max(0, at - 64), at))) return true;
  let depth = 0;
  for (let j = at - 1; j >= 0; j--) {
    if (code[j] === ")") depth++;
    else if (code[j] === "(" && depth-- === 0) {
      if (/^\s*(?:SELECT|WITH|VALUES)\b/i.test(code.slice(j + 1, j + 24))) return false;
      const name = nameBefore(code, j);
      return name !== undefined && !NOT_FUNCTIONS.has(name.toUpperCase());
    }
  }
  return false;
}

/**
 * The token indexes in table position: right after FROM (not an expression's, fromInExpression),
 * JOIN, INTO or TABLE, or after a comma of a FROM clause's list of relations at the FROM's own
 * depth of parentheses and brackets (the list ends at WHERE, GROUP BY, ... or the closing ")").
 */
function tablePositions(text: string, tokens: readonly Word[]): number[] {
  let code: string | undefined;
  const out: number[] = [];
  // Per depth of ( and [: whether a FROM clause's list of relations is open there.
  const fromList: boolean[] = [false];
  let depth = 0;
  let relationFrom = false; // whether the previous token is a FROM of a query
  tokens.forEach((t, k) => {
    const prev = tokens[k - 1];
    if (prev !== undefined && !prev.quoted) {
      const p = prev.word.toUpperCase();
      if (p === "FROM" ? relationFrom : KEYWORDS.has(p) || (p === "," && fromList[depth] === true)) out.push(k);
    }
    relationFrom = false;
    if (t.quoted) return;
    const w = t.word.toUpperCase();
    if (w === "(" || w === "[") fromList[++depth] = false;
    else if (w === ")" || w === "]") depth = Math.max(0, depth - 1);
    else if (w === "FROM") relationFrom = fromList[depth] = !fromInExpression((code ??= codeOnly(text)), t.at);
    else if (FROM_LIST_ENDS.has(w)) fromList[depth] = false;
  });
  return out;
}

/** Unqualified names in table position, in order of appearance, with their offsets in `text`. */
export function tableMentionsAt(text: string): TableMention[] {
  const tokens = words(text);
  const ctes = commonTableExpressions(tokens);
  const out: TableMention[] = [];
  for (const k of tablePositions(text, tokens)) {
    const t = tokens[k]!;
    const next = tokens[k + 1];
    if (!t.quoted && (!isNameStart(t.word[0]!) || NO_NAME.has(t.word.toUpperCase()))) continue;
    if (next?.word === "." && !next.quoted) continue; // qualified name
    if (next?.word === "(" && !next.quoted) continue; // a function call (a table function's own form)
    const cteEnd = ctes.get(t.word);
    if (cteEnd !== undefined && k > cteEnd) continue; // a WITH query's own name, after its body
    out.push({ name: t.word, quoted: t.quoted, at: t.at, end: t.end });
  }
  return out;
}

/** Unqualified names in table position, in order of appearance. */
export function tableMentions(text: string): string[] {
  return tableMentionsAt(text).map((m) => m.name);
}
