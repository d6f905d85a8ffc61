/**
 * Reads the query of an `INSERT INTO ${sink} ...` statement far enough to check it against the
 * sink's columns at preview (insert-columns.ts): the column list after the target, the SELECT
 * list's items, and the one table the SELECT reads from. Only the plain shape is read:
 *
 *     [ ( column, ... ) ] SELECT [DISTINCT | ALL] item, ... [ FROM ${table} [[AS] alias] [rest] ]
 *
 * where `rest` starts with WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, OFFSET or FETCH and holds no
 * set operation. Any other shape (VALUES, WITH, a join, a subquery or a table function in FROM, a
 * table named in plain text, UNION ...) is left to Flink: `from` is undefined, or the whole query is.
 * Literals and comments are skipped as Flink's parser skips them (split.ts `codeOnly`).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";

export interface SelectItem {
  /** The item as written (trimmed; another table interpolated into it is a marker), same offsets as `code`. */
  readonly text: string;
  /** The item for messages: tables by their Flink names. */
  readonly shown: string;
  /** The same with literals and comments blanked and quoted identifiers as `q`s (same length). */
  readonly code: string;
}

export interface InsertQuery {
  /** The target columns listed after the sink, unquoted; undefined without a list. */
  readonly columnList?: readonly string[];
  readonly items: readonly SelectItem[];
  /** The one table the SELECT reads, and the names that qualify its columns (alias, or the table name). */
  readonly from?: { readonly table: TableDefinition; readonly qualifiers: readonly string[] };
}

/** Tables interpolated into the query text are markers `__flink_iceberg_table_<n>__` (identifiers to the readers). */

const MARK = "__flink_iceberg_table_";
/** An interpolated Output: its text is unknown at preview (one value, or several); no identifier. */
const OUTPUT_MARK = "\u0001";
const IDENT = String.raw`[A-Za-z_][A-Za-z0-9_$]*`;
const TABLE_MARK = new RegExp(String.raw`\s*${MARK}(\d+)__`, "y");
const ALL_MARKS = new RegExp(String.raw`${MARK}(\d+)__`, "g");
const FROM_ALIAS = new RegExp(String.raw`\s+(?:(AS)\s+)?(${IDENT}|q+)`, "iy");
const LISTED_NAME = new RegExp(String.raw`^\s*(${IDENT}|q+)\s*$`);
const SELECT = /\s*SELECT\s+(?:(?:DISTINCT|ALL)\s+)?/iy;
const CLAUSE = /^(WHERE|GROUP|HAVING|ORDER|LIMIT|OFFSET|FETCH)\b/i;
const SET_OPERATION = /\b(UNION|INTERSECT|EXCEPT|MINUS)\b/i;
/** `a IS [NOT] DISTINCT FROM b`: that FROM is part of a predicate. */
const AFTER_DISTINCT = /\bIS\s+(?:NOT\s+)?DISTINCT\s+$/i;
/** Words that end a FROM item rather than alias it. */
const NOT_ALIAS = new Set(["WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "JOIN", "LEFT", "RIGHT", "INNER", "FULL", "CROSS", "NATURAL", "UNION", "INTERSECT", "EXCEPT", "MINUS", "FOR", "WINDOW", "MATCH_RECOGNIZE", "TABLESAMPLE", "ON", "USING"]);

/** `a`, `` `a``b` `` → the identifier's name. */
export function unquoteIdentifier(text: string): string {
  const t = text.trim();
  return t.startsWith("`") && t.endsWith("`") && t.length >= 2 ? t.slice(1, -1).replace(/``/g, "`") : t;
}

/** Offsets of the top-level commas of code[start, end) (parentheses and brackets nest), or undefined when they do not balance. */
function topLevelSplit(code: string, start: number, end: number): [number, number][] | undefined {
  const parts: [number, number][] = [];
  let depth = 0;
  let from = start;
  for (let i = start; i < end; i++) {
    const c = code[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      if (--depth < 0) return undefined;
    } else if (c === "," && depth === 0) {
      parts.push([from, i]);
      from = i + 1;
    }
  }
  if (depth !== 0) return undefined;
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

/** True when `pattern` matches code[start, end) outside parentheses and brackets. */
function hasTopLevel(code: string, start: number, end: number, pattern: RegExp): boolean {
  let depth = 0;
  let flat = "";
  for (let i = start; i < end; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    flat += depth === 0 ? c : " ";
  }
  return pattern.test(flat);
}

/** The first top-level `FROM` keyword at or after `start`, or -1. */
function topLevelFrom(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && (c === "F" || c === "f") && /^FROM\b/i.test(code.slice(i, i + 5)) && (i === 0 || !/[\w$]/.test(code[i - 1]!)) && !AFTER_DISTINCT.test(code.slice(0, i))) return i;
  }
  return -1;
}

/** The statement text after the target, with every other table as a marker and Outputs as `0`; and the tables by marker number. */
function textAfterTarget(a: AnalyzedStatement): { text: string; tables: TableDefinition[] } | undefined {
  const segs = a.statement.segments;
  const at = segs.findIndex((s) => s.kind === "table" && s.table === a.target);
  if (at < 0) return undefined;
  const tables: TableDefinition[] = [];
  const text = segs
    .slice(at + 1)
    .map((s) => (s.kind === "text" ? s.text : s.kind === "table" ? ` ${MARK}${tables.push(s.table) - 1}__ ` : ` ${OUTPUT_MARK} `))
    .join("");
  return { text, tables };
}

/** The FROM clause read from `at` (just after FROM): one table marker, an optional alias, then nothing or a plain clause. */
function readFrom(text: string, code: string, at: number, tables: readonly TableDefinition[]): InsertQuery["from"] {
  const m = TABLE_MARK;
  m.lastIndex = at;
  const t = m.exec(code);
  if (t === null) return undefined;
  const table = tables[Number(t[1])]!;
  let pos = m.lastIndex;
  let alias: string | undefined;
  const a = FROM_ALIAS;
  a.lastIndex = pos;
  const am = a.exec(code);
  if (am !== null && (am[1] !== undefined || !NOT_ALIAS.has(am[2]!.toUpperCase()))) {
    alias = unquoteIdentifier(text.slice(a.lastIndex - am[2]!.length, a.lastIndex));
    pos = a.lastIndex;
  }
  const rest = code.slice(pos).trim();
  if (rest !== "" && !CLAUSE.test(rest)) return undefined;
  if (SET_OPERATION.test(rest)) return undefined;
  // `${source}.id` qualifies a column of the FROM table too (the marker stands for its name).
  return { table, qualifiers: [alias ?? table.tableName, `${MARK}${t[1]}__`] };
}

/** The INSERT's query in the plain shape, or undefined. */
export function readInsertQuery(a: AnalyzedStatement): InsertQuery | undefined {
  const after = textAfterTarget(a);
  if (after === undefined) return undefined;
  const { text, tables } = after;
  // String literals keep their quotes: `'n/a' name` is a literal with an alias, not a column.
  const code = codeOnly(text, true);
  let pos = code.length - code.trimStart().length;
  let columnList: string[] | undefined;
  if (code[pos] === "(") {
    const close = closingParen(code, pos);
    const parts = close < 0 ? undefined : topLevelSplit(code, pos + 1, close);
    if (parts === undefined) return undefined;
    columnList = [];
    for (const [s, e] of parts) {
      if (!LISTED_NAME.test(code.slice(s, e))) return undefined;
      columnList.push(unquoteIdentifier(text.slice(s, e)));
    }
    pos = close + 1;
  }
  const select = SELECT;
  select.lastIndex = pos;
  if (select.exec(code) === null) return undefined;
  const listStart = select.lastIndex;
  const fromAt = topLevelFrom(code, listStart);
  const listEnd = fromAt < 0 ? code.length : fromAt;
  // `SELECT 1, 'a' UNION ALL SELECT ...`: a first branch without FROM; its list is not read.
  if (hasTopLevel(code, listStart, listEnd, SET_OPERATION)) return undefined;
  const parts = topLevelSplit(code, listStart, listEnd);
  if (parts === undefined) return undefined;
  const items = parts.map(([s, e]) => {
    const lead = code.slice(s, e).length - code.slice(s, e).trimStart().length;
    const len = code.slice(s, e).trim().length;
    const raw = text.slice(s + lead, s + lead + len);
    const shown = raw.includes(MARK) ? raw.replace(ALL_MARKS, (_, k: string) => tables[Number(k)]!.tableName) : raw;
    return { text: raw, shown, code: code.slice(s + lead, s + lead + len) };
  });
  // An Output in the SELECT list may be any number of values: nothing to count.
  if (items.some((i) => i.code === "" || i.code.includes(OUTPUT_MARK))) return undefined;
  const from = fromAt < 0 ? undefined : readFrom(text, code, fromAt + 4, tables);
  return { ...(columnList !== undefined ? { columnList } : {}), items, ...(from !== undefined ? { from } : {}) };
}
