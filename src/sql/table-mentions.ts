/**
 * Table names a statement mentions as plain text after FROM, JOIN, INTO or TABLE. FlinkSqlJob
 * declares only the tables interpolated with `${table}`; a table component named in plain text
 * would get no CREATE TABLE and fail at runtime ("Object '...' not found"), so the job reports it
 * at preview. Literals and comments are skipped; back-quoted names are unquoted; qualified names
 * (`catalog.db.table`) are left alone, since they name a catalog's table on purpose, and so are the
 * names a WITH clause of the statement defines.
 */

import { codeOnly } from "./split.js";

const KEYWORDS = new Set(["FROM", "JOIN", "INTO", "TABLE"]);

/** `[A-Za-z_]`: a character that starts an unquoted name. */
function isNameStart(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
}

/**
 * Names the statement's WITH clauses define (`WITH name [(columns)] AS (...), name2 AS (...)`),
 * each with the token index where its own body ends: a query reads a WITH query by name only after
 * that (Flink's WITH is not recursive, so `WITH orders AS (SELECT ... FROM orders)` reads the table
 * inside the body). Scopes of nested WITH clauses are not tracked.
 */
function commonTableExpressions(tokens: readonly { word: string; quoted: boolean }[]): Map<string, number> {
  const names = new Map<string, number>();
  let inWith = false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (!t.quoted && t.word.toUpperCase() === "WITH") inWith = true;
    else if (!(inWith && !t.quoted && t.word === ",")) continue;
    const name = tokens[k + 1];
    if (name === undefined || (!name.quoted && !/^[A-Za-z_]/.test(name.word))) continue;
    let j = k + 2;
    if (tokens[j]?.word === "(" && !tokens[j]!.quoted) {
      // A column list: skip to its closing parenthesis.
      while (j < tokens.length && !(tokens[j]!.word === ")" && !tokens[j]!.quoted)) j++;
      j++;
    }
    if (!(tokens[j]?.word.toUpperCase() === "AS" && !tokens[j]!.quoted && tokens[j + 1]?.word === "(")) continue;
    // The body: from its "(" to the matching ")".
    let depth = 0;
    let end = j + 1;
    for (; end < tokens.length; end++) {
      const w = tokens[end]!;
      if (w.quoted) continue;
      if (w.word === "(") depth++;
      else if (w.word === ")" && --depth === 0) break;
    }
    if (!names.has(name.word)) names.set(name.word, end);
    k = end;
  }
  return names;
}

/** The words of `text`: names (back-quoted ones unquoted), punctuation; literals as `'`, comments dropped. */
function words(text: string): { word: string; quoted: boolean; at?: number }[] {
  const tokens: { word: string; quoted: boolean; at?: number }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      i++;
      while (i < text.length && !(text[i] === "'" && text[i + 1] !== "'")) i += text[i] === "'" ? 2 : 1;
      i++;
      tokens.push({ word: "'", quoted: false });
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
      tokens.push({ word: name, quoted: true });
    } else if (isNameStart(c)) {
      let j = i + 1;
      while (j < text.length && (isNameStart(text[j]!) || (text[j]! >= "0" && text[j]! <= "9") || text[j] === "$")) j++;
      tokens.push({ word: text.slice(i, j), quoted: false, at: i });
      i = j;
    } else if (c === ".") {
      tokens.push({ word: ".", quoted: false });
      i++;
    } else if (/\s/.test(c)) i++;
    else {
      tokens.push({ word: c, quoted: false });
      i++;
    }
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

/** Unqualified names in table position, in order of appearance. */
export function tableMentions(text: string): string[] {
  const tokens = words(text);
  let code: string | undefined;
  const ctes = commonTableExpressions(tokens);
  const out: string[] = [];
  tokens.forEach((t, k) => {
    const prev = tokens[k - 1];
    if (!prev || prev.quoted || !KEYWORDS.has(prev.word.toUpperCase())) return;
    if (prev.word.toUpperCase() === "FROM" && fromInExpression((code ??= codeOnly(text)), prev.at!)) return;
    const cteEnd = ctes.get(t.word);
    if (cteEnd !== undefined && k > cteEnd) return; // a WITH query's own name, after its body
    if (!t.quoted && !/^[A-Za-z_]/.test(t.word)) return;
    if (tokens[k + 1]?.word === ".") return; // qualified name
    out.push(t.word);
  });
  return out;
}
