/**
 * Reads the query of an `INSERT INTO ${sink} ...` statement far enough to check it against the
 * sink's columns at preview (insert-columns.ts): the column list after the target, the SELECT
 * list's items, and the one table the SELECT reads from. Only the plain shape is read:
 *
 *     [ ( column, ... ) ] SELECT [DISTINCT | ALL] item, ... [ FROM ${table} [[AS] alias] [rest] ]
 *
 * where `rest` starts with WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, OFFSET or FETCH and holds no
 * set operation. A FROM clause that joins interpolated tables is read as `join` instead
 * (join-relations.ts: for the names of expressions only). Any other shape (VALUES, WITH, a subquery
 * or a table function in FROM, a table named in plain text, UNION ...) is left to Flink: `from` is
 * undefined, or the whole query is.
 * The query of a `CREATE TEMPORARY VIEW v [(columns)] AS SELECT ...` is read the same way
 * (readViewQuery). Literals and comments are skipped as Flink's parser skips them (split.ts `codeOnly`).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";
import { readStaticPartition } from "./static-partition.js";
import { readJoin, type JoinedRelations } from "./join-relations.js";
import { ENDING_OR_INFIX, ENDING_WORDS } from "./sql-words.js";
import { closingParen, NAME, queryClauses, SET_OPERATION, topLevelOnly, topLevelSplit, unquoteIdentifier, type QueryClauses, type Span } from "./top-level.js";
import { notNullTested, nullRejectedColumns, whereConditions, whereNames, whereOperands, type WhereOperand } from "./where-conditions.js";
import { windowRelation } from "./window-relation.js";
import { leadingWithList } from "./with-queries.js";
import { sharedInsertQuery } from "./shared-insert-queries.js";

export interface SelectItem {
  /** Where the item starts in the query's code. */
  readonly start: number;
  /** The item as written (trimmed; another table interpolated into it is a marker), same offsets as `code`. */
  readonly text: string;
  /** The item for messages: tables by their Flink names. */
  readonly shown: string;
  /** The same with literals and comments blanked and quoted identifiers as `q`s (same length). */
  readonly code: string;
}

/** A SELECT in the plain shape (see the module comment). */
export interface SelectQuery {
  /** The query as written from its SELECT on (other tables interpolated into it are markers), and its code (same offsets). */
  readonly text: string;
  readonly code: string;
  /** The tables by marker number. */
  readonly tables: readonly TableDefinition[];
  /** SELECT DISTINCT. */
  readonly distinct: boolean;
  readonly items: readonly SelectItem[];
  /**
   * The one table the SELECT reads, the names that qualify its columns (alias, or the table name),
   * and the columns a top-level condition of its WHERE rejects NULL for (nullRejectedColumns).
   */
  readonly from?: {
    readonly table: TableDefinition;
    readonly qualifiers: readonly string[];
    /** The alias, unquoted, when it has one (it hides the table's own name). */
    readonly alias?: string;
    readonly nullRejected: readonly string[];
    /** The expressions a top-level condition of its WHERE tests with `IS NOT NULL` (notNullTested): spans of `text` / `code`. */
    readonly notNullTested: readonly Span[];
    /** The names the WHERE clause mentions (whereNames); empty without a WHERE, undefined when it holds a subquery. */
    readonly whereNames: readonly string[] | undefined;
    /** The bare names compared in the WHERE clause (whereOperands); empty without a WHERE or with a subquery. */
    readonly whereOperands: readonly WhereOperand[];
    /** The top-level clauses after the FROM relation (top-level.ts queryClauses). */
    readonly clauses: QueryClauses;
  };
  /** Without `from`: the tables a FROM clause joins, when it joins interpolated tables only (join-relations.ts). */
  readonly join?: JoinedRelations;
}

/** The query of an INSERT: a SELECT after an optional column list or static partition. */
export interface InsertQuery extends SelectQuery {
  /** The target columns listed after the sink; undefined without a list. */
  readonly columnList?: readonly ListedColumn[];
  /** The columns of a static partition clause `PARTITION (col = value, ...)`, unquoted (static-partition.ts). */
  readonly staticPartition?: readonly string[];
  /** The static partition clause as written (`PARTITION (dt = DATE '2024-01-01')`), on one line, for advice that must keep it before a column list. */
  readonly staticPartitionClause?: string;
  /**
   * Read with `afterWith` after a WITH list: its WITH item `name` (undefined without one), with its
   * query in the plain shape, read on demand (undefined for an item that renames its columns, or another shape).
   */
  readonly withQuery?: (name: string) => { readonly query: SelectQuery | undefined } | undefined;
}

/**
 * The readings of one statement's INSERT query (AnalyzedStatement.insertQueries): `null` when read
 * and not in the plain shape. A reading depends only on the statement's segments and target, which
 * never change, so every check of the statement may share it; the job planner makes one per
 * statement and job, never one shared between statements.
 */
export interface InsertQueryMemo {
  plain?: InsertQuery | null;
  afterWith?: InsertQuery | null;
}

/** A column named in the column list after the sink (`INSERT INTO ${sink} (a, \`b\`) ...`). */
export interface ListedColumn {
  /** Unquoted. */
  readonly name: string;
  /** As written (trimmed): back-quoted or not. */
  readonly written: string;
}

/** Tables interpolated into the query text are markers `__flink_iceberg_table_<n>__` (identifiers to the readers). */
export const MARK = "__flink_iceberg_table_";
/** An interpolated Output: its text is unknown at preview (one value, or several); no identifier. */
const OUTPUT_MARK = "\u0001";
const TABLE_MARK = new RegExp(String.raw`\s*${MARK}(\d+)__`, "y");
/** A marker with the padding spaces markedText puts around it: shownText drops both (`tbl.col`, not `tbl .col`). */
const SHOWN_MARKS = new RegExp(String.raw` ?${MARK}(\d+)__ ?`, "g");
const FROM_ALIAS = new RegExp(String.raw`\s+(?:(AS)\s+)?(${NAME})`, "iy");
const LISTED_NAME = new RegExp(String.raw`^\s*${NAME}\s*$`);
const SELECT = /\s*SELECT\s+(?:(DISTINCT|ALL)\s+)?/iy;
const CLAUSE = /^(WHERE|GROUP|HAVING|ORDER|LIMIT|OFFSET|FETCH)\b/i;
/** A SELECT item that is a column reference, `[q.]c`, once withoutAlias: groups the qualifier and the name. */
export const COLUMN_REF = new RegExp(String.raw`^(?:(${NAME})\s*\.\s*)?(${NAME})$`);
/** A SELECT item `*` or `q.*`. */
export const STAR = new RegExp(String.raw`^(?:(${NAME})\s*\.\s*)?\*$`);
/** `a IS [NOT] DISTINCT FROM b`: that FROM is part of a predicate. */
const AFTER_DISTINCT = /\bIS\s+(?:NOT\s+)?DISTINCT\s+$/i;
/** Words that end a FROM item rather than alias it. */
export const NOT_ALIAS: ReadonlySet<string> = new Set(["WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "JOIN", "LEFT", "RIGHT", "INNER", "FULL", "CROSS", "NATURAL", "UNION", "INTERSECT", "EXCEPT", "MINUS", "FOR", "WINDOW", "MATCH_RECOGNIZE", "TABLESAMPLE", "ON", "USING"]);

/** The offset of the first top-level `FROM` keyword in `flat` (topLevelOnly from `start`), as an offset of code, or -1. */
function topLevelFrom(flat: string, start: number): number {
  // exec on one global regex from 0 (no iterator and regex clone per call, as matchAll makes); nothing runs between the calls.
  FROM_WORD.lastIndex = 0;
  for (let m = FROM_WORD.exec(flat); m !== null; m = FROM_WORD.exec(flat)) {
    if (!AFTER_DISTINCT.test(flat.slice(0, m.index))) return start + m.index;
  }
  return -1;
}
const FROM_WORD = /(?<![\w$])FROM\b/gi;

/** Segments as query text: every table a marker, Outputs OUTPUT_MARK; and the tables by marker number. */
function markedText(segs: AnalyzedStatement["statement"]["segments"]): { text: string; tables: TableDefinition[] } {
  const tables: TableDefinition[] = [];
  const text = segs.map((s) => (s.kind === "text" ? s.text : s.kind === "table" ? ` ${MARK}${tables.push(s.table) - 1}__ ` : ` ${OUTPUT_MARK} `)).join("");
  return { text, tables };
}

/** The statement text after the target, with every other table as a marker and Outputs as OUTPUT_MARK; and the tables by marker number. */
function textAfterTarget(a: AnalyzedStatement): { text: string; tables: TableDefinition[] } | undefined {
  const segs = a.statement.segments;
  const at = segs.findIndex((s) => s.kind === "table" && s.table === a.target);
  return at < 0 ? undefined : markedText(segs.slice(at + 1));
}

/**
 * The static partition of the INSERT `a` (`PARTITION (col = value, ...)` right after its target:
 * static-partition.ts readStaticPartition): each column with its value as written; `undefined`
 * without one, `"unreadable"` when the clause does not read.
 */
export function insertStaticPartition(a: AnalyzedStatement): ReadonlyMap<string, string> | "unreadable" | undefined {
  const after = textAfterTarget(a);
  if (after === undefined) return undefined;
  const code = codeOnly(after.text, true);
  const p = readStaticPartition(code, after.text, code.length - code.trimStart().length);
  return p === undefined || p === "unreadable" ? p : new Map(p.columns.map((c, i) => [c, p.values[i]!]));
}

/** The FROM clause read from `at` (just after FROM): one table marker, an optional alias, then nothing or a plain clause. */
function readFrom(text: string, code: string, at: number, tables: readonly TableDefinition[]): SelectQuery["from"] {
  TABLE_MARK.lastIndex = at;
  const t = TABLE_MARK.exec(code);
  const windowed = t === null ? windowRelation(code, at, tables, MARK) : undefined;
  if (t === null && windowed === undefined) return undefined;
  const table = windowed?.table ?? tables[Number(t![1])]!;
  let pos = windowed?.end ?? TABLE_MARK.lastIndex;
  let alias: string | undefined;
  FROM_ALIAS.lastIndex = pos;
  const am = FROM_ALIAS.exec(code);
  if (am !== null && (am[1] !== undefined || !NOT_ALIAS.has(am[2]!.toUpperCase()))) {
    alias = unquoteIdentifier(text.slice(FROM_ALIAS.lastIndex - am[2]!.length, FROM_ALIAS.lastIndex));
    pos = FROM_ALIAS.lastIndex;
  }
  const rest = code.slice(pos).trim();
  if (rest !== "" && !CLAUSE.test(rest)) return undefined;
  if (SET_OPERATION.test(rest)) return undefined;
  // Without an alias, `${source}.id` qualifies a column of the FROM table too: each interpolation is a marker of its own
  // that stands for the table's name. An alias hides the name (calcite: "Table 'source' not found").
  let qualifiers: string[];
  if (alias !== undefined) qualifiers = [alias];
  else if (windowed !== undefined) qualifiers = [];
  else {
    qualifiers = [table.tableName];
    for (let k = 0; k < tables.length; k++) if (tables[k] === table) qualifiers.push(`${MARK}${k}__`);
  }
  const flat = topLevelOnly(code, pos, code.length);
  const clauses = flat === undefined ? { start: code.length } : queryClauses(flat, pos);
  const where = clauses.where === undefined ? undefined : { start: clauses.where[0], clause: flat!.slice(clauses.where[0] - pos, clauses.where[1] - pos) };
  const names = whereNames(text, code, where);
  // The top-level conditions (and their leading NOT) are read once for both the NULLs rejected and the expressions tested.
  const conditions = whereConditions(code, where);
  const nullRejected = nullRejectedColumns(text, code, conditions, qualifiers);
  const operands = names === undefined ? [] : whereOperands(text, code, where);
  const tested = notNullTested(code, conditions);
  // One literal per shape (no spread in the middle: V8 would build the rest key by key).
  return alias !== undefined
    ? { table, qualifiers, alias, nullRejected, notNullTested: tested, whereNames: names, whereOperands: operands, clauses }
    : { table, qualifiers, nullRejected, notNullTested: tested, whereNames: names, whereOperands: operands, clauses };
}

/**
 * The INSERT's query in the plain shape, or undefined. With `afterWith`, a query that starts with a
 * WITH list is read from the SELECT after it (with-queries.ts leadingWithList): its items are what
 * the INSERT writes; its FROM names a WITH query, so `from` stays undefined.
 */
export function readInsertQuery(a: AnalyzedStatement, afterWith = false): InsertQuery | undefined {
  // Without the word WITH the reading after a WITH list is the plain one: read and kept once.
  if (afterWith && !a.words.has("WITH")) afterWith = false;
  const memo = a.insertQueries;
  if (memo === undefined) return readInsert(a, afterWith);
  const known = afterWith ? memo.afterWith : memo.plain;
  if (known !== undefined) return known ?? undefined;
  const q = readInsert(a, afterWith);
  if (afterWith) memo.afterWith = q ?? null;
  else memo.plain = q ?? null;
  return q;
}

/** readInsertQuery without the statement's memo: a reading of the same text shared between statements (shared-insert-queries.ts), else read. */
function readInsert(a: AnalyzedStatement, afterWith: boolean): InsertQuery | undefined {
  const after = textAfterTarget(a);
  if (after === undefined) return undefined;
  return sharedInsertQuery(after.text, after.tables, afterWith, () => readAfterTarget(after, afterWith));
}

/** The INSERT's query read from its text after the target (textAfterTarget). */
function readAfterTarget(after: { text: string; tables: TableDefinition[] }, afterWith: boolean): InsertQuery | undefined {
  const { text, tables } = after;
  // String literals keep their quotes: `'n/a' name` is a literal with an alias, not a column.
  const code = codeOnly(text, true);
  let pos = code.length - code.trimStart().length;
  const partitionStart = pos;
  const partition = readStaticPartition(code, text, pos);
  if (partition === "unreadable") return undefined;
  if (partition !== undefined) pos = partition.end + (code.slice(partition.end).length - code.slice(partition.end).trimStart().length);
  let columnList: ListedColumn[] | undefined;
  if (code[pos] === "(") {
    const close = closingParen(code, pos);
    const parts = close < 0 ? undefined : topLevelSplit(code, pos + 1, close);
    if (parts === undefined) return undefined;
    columnList = [];
    for (const [s, e] of parts) {
      if (!LISTED_NAME.test(code.slice(s, e))) return undefined;
      const written = text.slice(s, e).trim();
      columnList.push({ name: unquoteIdentifier(written), written });
    }
    pos = close + 1;
  }
  let withQuery: InsertQuery["withQuery"];
  if (afterWith && /^\s*WITH\b/i.test(code.slice(pos))) {
    const list = leadingWithList(code.slice(pos));
    if (list === undefined) return undefined;
    const at = pos;
    // A WITH query's body read as a query of its own: the text up to its closing parenthesis, offsets kept.
    withQuery = (name) => {
      const item = list.queries.find((w) => w.name === name);
      if (item === undefined) return undefined;
      return { query: item.columns ? undefined : readSelect(text.slice(0, at + item.close), code.slice(0, at + item.close), at + item.open + 1, tables) };
    };
    pos += list.end;
  }
  const query = readSelect(text, code, pos, tables);
  if (query === undefined) return undefined;
  // The plain INSERT (no column list, WITH list or static partition) is its SELECT: no copy.
  if (columnList === undefined && withQuery === undefined && partition === undefined) return query;
  return { ...(columnList !== undefined ? { columnList } : {}), ...(withQuery !== undefined ? { withQuery } : {}), ...(partition !== undefined ? { staticPartition: partition.columns, staticPartitionClause: text.slice(partitionStart, partition.end).replace(/\s*[\r\n]\s*/g, " ") } : {}), ...query };
}

/** `CREATE TEMPORARY [SYSTEM] VIEW [IF NOT EXISTS] [catalog.][db.]name [(columns)] [COMMENT '...'] AS`, on code (view-names.ts reads the name). */
const VIEW_HEAD = new RegExp(
  String.raw`^\s*CREATE\s+TEMPORARY\s+(?:SYSTEM\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}(?:\s*\.\s*${NAME}){0,2}\s*(?:\([^()]*\)\s*)?(?:COMMENT\s+'[^']*'\s*)?AS\b`,
  "i",
);

/** A view that renames its columns with a column list (on a statement's code: statementCode). */
export const VIEW_COLUMN_LIST = /^\s*CREATE\s+TEMPORARY\s+(?:SYSTEM\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?[^\s(]+\s*\(/i;

/** The query of a `CREATE TEMPORARY VIEW ... AS SELECT ...` in the plain shape, or undefined. */
export function readViewQuery(a: AnalyzedStatement): SelectQuery | undefined {
  const { text, tables } = markedText(a.statement.segments);
  const code = codeOnly(text, true);
  const head = VIEW_HEAD.exec(code);
  return head === null ? undefined : readSelect(text, code, head[0].length, tables);
}

/**
 * The SELECT in the plain shape that starts at `start` of `q`'s code and ends at `end` (a branch of
 * a set operation: set-operations.ts), read as readSelect reads a whole query, offsets kept; or undefined.
 */
export function readSelectSpan(q: Pick<SelectQuery, "text" | "code" | "tables">, start: number, end: number): SelectQuery | undefined {
  return readSelect(q.text.slice(0, end), q.code.slice(0, end), start, q.tables);
}

/**
 * The INSERT's text after its target (other tables as markers, Outputs as OUTPUT_MARK), its code
 * (literals blanked, quotes kept) and the tables by marker number: for a source readInsertQuery
 * does not read (VALUES: values-rows.ts).
 */
export function insertSource(a: AnalyzedStatement): Pick<SelectQuery, "text" | "code" | "tables"> | undefined {
  const after = textAfterTarget(a);
  return after === undefined ? undefined : { text: after.text, code: codeOnly(after.text, true), tables: after.tables };
}

/**
 * The statement's query text as readSelectSpan reads it: an INSERT's after its target (insertSource),
 * a view's whole statement (its name and AS before the query); undefined for an INSERT without its target.
 */
export function querySource(a: AnalyzedStatement): Pick<SelectQuery, "text" | "code" | "tables"> | undefined {
  if (a.kind !== "view") return insertSource(a);
  const { text, tables } = markedText(a.statement.segments);
  return { text, code: codeOnly(text, true), tables };
}

/** Whether `code` holds an interpolated Output (its text, one value or several, is not known at preview). */
export const holdsOutput = (code: string): boolean => code.includes(OUTPUT_MARK);

/** q's text[start, end), trimmed, each table marker as the table's Flink name: for messages. */
export function shownText(q: Pick<SelectQuery, "text" | "tables">, start: number, end: number): string {
  const raw = q.text.slice(start, end).trim();
  // A marker's padding spaces go with it (markedText).
  return raw.includes(MARK) ? raw.replace(SHOWN_MARKS, (_, k: string) => q.tables[Number(k)]!.tableName) : raw;
}

/** The SELECT that starts at `pos` of `code` (codeOnly of `text`, literals keeping their quotes), or undefined. */
function readSelect(text: string, code: string, pos: number, tables: readonly TableDefinition[]): SelectQuery | undefined {
  SELECT.lastIndex = pos;
  const select = SELECT.exec(code);
  if (select === null) return undefined;
  const listStart = SELECT.lastIndex;
  const flat = topLevelOnly(code, listStart, code.length);
  if (flat === undefined) return undefined;
  const fromAt = topLevelFrom(flat, listStart);
  const listEnd = fromAt < 0 ? code.length : fromAt;
  // `SELECT 1, 'a' UNION ALL SELECT ...`: a first branch without FROM; its list is not read.
  if (SET_OPERATION.test(flat.slice(0, listEnd - listStart))) return undefined;
  const query = { text, code, tables, distinct: select[1]?.toUpperCase() === "DISTINCT" };
  const parts = topLevelSplit(code, listStart, listEnd)!;
  const items = parts.map(([s, e]) => {
    const part = code.slice(s, e);
    const from = s + part.length - part.trimStart().length;
    const to = from + part.trim().length;
    return { start: from, text: text.slice(from, to), shown: shownText(query, from, to), code: code.slice(from, to) };
  });
  // An Output in the SELECT list may be any number of values: nothing to count.
  if (items.some((i) => i.code === "" || i.code.includes(OUTPUT_MARK))) return undefined;
  const from = fromAt < 0 ? undefined : readFrom(text, code, fromAt + 4, tables);
  const join = from === undefined && fromAt >= 0 ? readJoin(text, code, fromAt + 4, tables, MARK) : undefined;
  // One literal per shape, keys in the same order (a spread followed by more keys is built key by key in V8's runtime).
  const { distinct } = query;
  return from !== undefined ? { text, code, tables, distinct, items, from } : join !== undefined ? { text, code, tables, distinct, items, join } : { text, code, tables, distinct, items };
}

const ALIASED = new RegExp(String.raw`^([\s\S]*?\S)\s+(AS\s+)?(${NAME})$`, "i");
/** What a name without AS continues rather than aliases: an operator, or a keyword that takes an operand (OVER a window name). */
const BEFORE_OPERAND = /(?:[-+*/%|=<>,(]|(?<![\w$])(?:AND|OR|NOT|IS|IN|LIKE|BETWEEN|SIMILAR|TO|ESCAPE|CASE|WHEN|THEN|ELSE|DISTINCT|FROM|FOR|SYMMETRIC|ASYMMETRIC|INTERVAL|OVER))$/i;

/**
 * A SELECT item without a trailing `[AS] alias`, as code and text (same offsets), and the alias,
 * unquoted (`aliasWritten` as written, `withoutAs` when no AS precedes it: a comma may be missing
 * there, column-count-remedy.ts). `a b` is `a` aliased; a name after an operator or a keyword that
 * takes an operand (`a || b`, `x NOT LIKE y`, `SUM(x) OVER w`), and a word that ends an expression (`x IS NULL`,
 * `INTERVAL '1' HOURS`, `x IS JSON VALUE`: sql-words.ts ENDING_WORDS, ENDING_OR_INFIX), is no alias.
 * The one reader of a SELECT item's alias (insert-columns.ts, expression-columns.ts, ungrouped-columns.ts).
 */
export function withoutAlias(item: SelectItem): { code: string; text: string; alias?: string; aliasWritten?: string; withoutAs?: boolean } {
  const m = ALIASED.exec(item.code);
  const last = m?.[3]!.toUpperCase() ?? "";
  if (m === null || (m[2] === undefined && (BEFORE_OPERAND.test(m[1]!) || ENDING_WORDS.has(last) || ENDING_OR_INFIX.has(last)))) return { code: item.code, text: item.text };
  const aliasWritten = item.text.slice(item.code.length - m[3]!.length);
  return { code: m[1]!, text: item.text.slice(0, m[1]!.length), alias: unquoteIdentifier(aliasWritten), aliasWritten, withoutAs: m[2] === undefined };
}
