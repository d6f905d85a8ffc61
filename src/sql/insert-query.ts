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
 * Literals and comments are skipped as Flink's parser skips them (split.ts `codeOnly`).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";
import { readStaticPartition } from "./static-partition.js";
import { readJoin, type JoinedRelations } from "./join-relations.js";
import { closingParen, topLevelOnly, topLevelSplit, unquoteIdentifier } from "./top-level.js";
import { windowRelation } from "./window-relation.js";

export interface SelectItem {
  /** The item as written (trimmed; another table interpolated into it is a marker), same offsets as `code`. */
  readonly text: string;
  /** The item for messages: tables by their Flink names. */
  readonly shown: string;
  /** The same with literals and comments blanked and quoted identifiers as `q`s (same length). */
  readonly code: string;
}

export interface InsertQuery {
  /** The target columns listed after the sink; undefined without a list. */
  readonly columnList?: readonly ListedColumn[];
  /** The columns of a static partition clause `PARTITION (col = value, ...)`, unquoted (static-partition.ts). */
  readonly staticPartition?: readonly string[];
  readonly items: readonly SelectItem[];
  /**
   * The one table the SELECT reads, the names that qualify its columns (alias, or the table name),
   * and the columns a top-level condition of its WHERE rejects NULL for (nullRejectedColumns).
   */
  readonly from?: {
    readonly table: TableDefinition;
    readonly qualifiers: readonly string[];
    readonly nullRejected: readonly string[];
    /** The names the WHERE clause mentions (whereNames); empty without a WHERE, undefined when it holds a subquery. */
    readonly whereNames: readonly string[] | undefined;
    /** The bare names compared in the WHERE clause (whereOperands); empty without a WHERE or with a subquery. */
    readonly whereOperands: readonly WhereOperand[];
    /** The WHERE clause's conditions as written and as code (same offsets), when there is one (expression-columns.ts reads them). */
    readonly where?: { readonly text: string; readonly code: string };
  };
  /** Without `from`: the tables a FROM clause joins, when it joins interpolated tables only (join-relations.ts). */
  readonly join?: JoinedRelations;
}

/** A column named in the column list after the sink (`INSERT INTO ${sink} (a, \`b\`) ...`). */
export interface ListedColumn {
  /** Unquoted. */
  readonly name: string;
  /** As written (trimmed): back-quoted or not. */
  readonly written: string;
}

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

/** Tables interpolated into the query text are markers `__flink_iceberg_table_<n>__` (identifiers to the readers). */
export const MARK = "__flink_iceberg_table_";
/** An interpolated Output: its text is unknown at preview (one value, or several); no identifier. */
const OUTPUT_MARK = "\u0001";
const IDENT = String.raw`[A-Za-z_][A-Za-z0-9_$]*`;
/** An identifier as the code reads it: plain, or back-quoted (codeOnly turns those into `q`s). */
export const NAME = String.raw`(?:${IDENT}|q+)`;
/** A SELECT item that is a column reference, `[q.]c`, once withoutAlias: groups the qualifier and the name. */
export const COLUMN_REF = new RegExp(String.raw`^(?:(${NAME})\s*\.\s*)?(${NAME})$`);
/** A SELECT item `*` or `q.*`. */
export const STAR = new RegExp(String.raw`^(?:(${NAME})\s*\.\s*)?\*$`);
const ALIASED = new RegExp(String.raw`^([\s\S]*?\S)\s+(?:AS\s+)?(${NAME})$`, "i");

/** The item without a trailing `[AS] alias`, as code and text (same offsets). */
export function withoutAlias(item: SelectItem): { code: string; text: string } {
  const m = ALIASED.exec(item.code);
  // `a b` is `a` aliased; a trailing word after an operator or keyword is no alias, but then the
  // rest is no column reference or CAST either, and stays unknown.
  return m === null ? { code: item.code, text: item.text } : { code: m[1]!, text: item.text.slice(0, m[1]!.length) };
}

const TABLE_MARK = new RegExp(String.raw`\s*${MARK}(\d+)__`, "y");
/** A marker with the spaces textAfterTarget puts around it (the item for messages shows the text as written). */
const ALL_MARKS = new RegExp(String.raw` ?${MARK}(\d+)__ ?`, "g");
const FROM_ALIAS = new RegExp(String.raw`\s+(?:(AS)\s+)?(${NAME})`, "iy");
const LISTED_NAME = new RegExp(String.raw`^\s*${NAME}\s*$`);
const SELECT = /\s*SELECT\s+(?:(?:DISTINCT|ALL)\s+)?/iy;
const CLAUSE = /^(WHERE|GROUP|HAVING|ORDER|LIMIT|OFFSET|FETCH)\b/i;
/** Where a WHERE clause ends: the next top-level clause. */
const AFTER_WHERE = /\b(?:GROUP|HAVING|ORDER|LIMIT|OFFSET|FETCH|WINDOW|QUALIFY)\b/i;
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
const SET_OPERATION = /\b(UNION|INTERSECT|EXCEPT|MINUS)\b/i;
/** `a IS [NOT] DISTINCT FROM b`: that FROM is part of a predicate. */
const AFTER_DISTINCT = /\bIS\s+(?:NOT\s+)?DISTINCT\s+$/i;
/** Words that end a FROM item rather than alias it. */
export const NOT_ALIAS: ReadonlySet<string> = new Set(["WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "JOIN", "LEFT", "RIGHT", "INNER", "FULL", "CROSS", "NATURAL", "UNION", "INTERSECT", "EXCEPT", "MINUS", "FOR", "WINDOW", "MATCH_RECOGNIZE", "TABLESAMPLE", "ON", "USING"]);

/** The offset of the first top-level `FROM` keyword in `flat` (topLevelOnly from `start`), as an offset of code, or -1. */
function topLevelFrom(flat: string, start: number): number {
  for (const m of flat.matchAll(/(?<![\w$])FROM\b/gi)) {
    if (!AFTER_DISTINCT.test(flat.slice(0, m.index))) return start + m.index!;
  }
  return -1;
}

/** The statement text after the target, with every other table as a marker and Outputs as OUTPUT_MARK; and the tables by marker number. */
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

/**
 * The columns a top-level condition of the WHERE clause (whereClause) rejects NULL for: the WHERE
 * is split into its top-level AND conditions (an AND of BETWEEN or inside CASE ... END excepted;
 * none when an OR is at the top level, which binds looser); a condition counts when
 * it is `c IS NOT NULL` or `NOT c IS NULL`, or a comparison, IN, BETWEEN or LIKE with `c` at its
 * top level (not inside a function's parentheses), and holds nothing that lets NULL through (OR,
 * CASE, COALESCE, IS NULL, IS DISTINCT, a leading NOT). Such a row never reaches the SELECT list.
 * Column names unquoted; a qualifier must be one of `qualifiers`.
 */
function nullRejectedColumns(text: string, code: string, where: WhereClause | undefined, qualifiers: readonly string[]): string[] {
  if (where === undefined) return [];
  const { start, clause } = where;
  // OR binds looser than AND: with one at the top level (outside CASE ... END), no AND part holds for every row.
  if (/\bOR\b/i.test(clause.replace(/\bCASE\b[\s\S]*?\bEND\b/gi, " "))) return [];
  const out: string[] = [];
  let from = 0;
  let betweens = 0;
  let cases = 0;
  const conditions: [number, number][] = [];
  // Split on the top-level ANDs: not the AND of a BETWEEN, nor one inside CASE ... END.
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
  for (let [s, e] of conditions) {
    // A condition in parentheses of its own: read inside them.
    for (;;) {
      const lead = code.slice(start + s, start + e);
      const open = lead.length - lead.trimStart().length;
      const close = lead.trimEnd().length - 1;
      if (lead[open] !== "(" || closingParen(lead, open) !== close) break;
      s += open + 1;
      e = s + (close - open - 1);
    }
    // NOT (body) rejects NULL only as NOT (c IS NULL): read the body as that form.
    const raw = code.slice(start + s, start + e);
    const notParens = NOT_PARENS.exec(raw);
    const negated = notParens !== null && closingParen(raw, notParens[0].length - 1) === raw.trimEnd().length - 1;
    const at = negated ? start + s + notParens[0].length : start + s;
    const inner = topLevelOnly(code, at, negated ? start + s + raw.trimEnd().length - 1 : start + e);
    if (inner === undefined) continue;
    if (negated) {
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

/** The FROM clause read from `at` (just after FROM): one table marker, an optional alias, then nothing or a plain clause. */
function readFrom(text: string, code: string, at: number, tables: readonly TableDefinition[]): InsertQuery["from"] {
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
  // `${source}.id` qualifies a column of the FROM table too (the marker stands for its name); each
  // interpolation of the table has a marker of its own.
  const markers = tables.flatMap((x, k) => (x === table ? [`${MARK}${k}__`] : []));
  const qualifiers = windowed !== undefined ? (alias !== undefined ? [alias] : []) : [alias ?? table.tableName, ...markers];
  const where = whereClause(code, pos);
  const names = whereNames(text, code, where);
  return {
    table,
    qualifiers,
    nullRejected: nullRejectedColumns(text, code, where, qualifiers),
    whereNames: names,
    whereOperands: names === undefined ? [] : whereOperands(text, code, where),
    ...(where !== undefined ? { where: { text: text.slice(where.start, where.start + where.clause.length), code: code.slice(where.start, where.start + where.clause.length) } } : {}),
  };
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
function whereOperands(text: string, code: string, where: WhereClause | undefined): WhereOperand[] {
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
interface WhereClause {
  readonly start: number;
  readonly clause: string;
}

/** The WHERE clause that starts at `pos`, or undefined without one. */
function whereClause(code: string, pos: number): WhereClause | undefined {
  const where = /^\s*WHERE\b/i.exec(code.slice(pos));
  if (where === null) return undefined;
  const start = pos + where[0].length;
  const flatAll = topLevelOnly(code, start, code.length);
  if (flatAll === undefined) return undefined;
  const end = AFTER_WHERE.exec(flatAll);
  return { start, clause: end === null ? flatAll : flatAll.slice(0, end.index) };
}

/**
 * Every name in the WHERE clause (nested parentheses included), unquoted, except qualifiers (`t.`),
 * function names (`f(`) and unquoted keywords; [] without a WHERE; undefined when it holds a
 * subquery (whose names are another query's).
 */
function whereNames(text: string, code: string, where: WhereClause | undefined): string[] | undefined {
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

/** The INSERT's query in the plain shape, or undefined. */
export function readInsertQuery(a: AnalyzedStatement): InsertQuery | undefined {
  const after = textAfterTarget(a);
  if (after === undefined) return undefined;
  const { text, tables } = after;
  // String literals keep their quotes: `'n/a' name` is a literal with an alias, not a column.
  const code = codeOnly(text, true);
  let pos = code.length - code.trimStart().length;
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
  SELECT.lastIndex = pos;
  if (SELECT.exec(code) === null) return undefined;
  const listStart = SELECT.lastIndex;
  const flat = topLevelOnly(code, listStart, code.length);
  if (flat === undefined) return undefined;
  const fromAt = topLevelFrom(flat, listStart);
  const listEnd = fromAt < 0 ? code.length : fromAt;
  // `SELECT 1, 'a' UNION ALL SELECT ...`: a first branch without FROM; its list is not read.
  if (SET_OPERATION.test(flat.slice(0, listEnd - listStart))) return undefined;
  const parts = topLevelSplit(code, listStart, listEnd)!;
  const items = parts.map(([s, e]) => {
    const part = code.slice(s, e);
    const from = s + part.length - part.trimStart().length;
    const to = from + part.trim().length;
    const raw = text.slice(from, to);
    const shown = raw.includes(MARK) ? raw.replace(ALL_MARKS, (_, k: string) => tables[Number(k)]!.tableName) : raw;
    return { text: raw, shown, code: code.slice(from, to) };
  });
  // An Output in the SELECT list may be any number of values: nothing to count.
  if (items.some((i) => i.code === "" || i.code.includes(OUTPUT_MARK))) return undefined;
  const from = fromAt < 0 ? undefined : readFrom(text, code, fromAt + 4, tables);
  const join = from === undefined && fromAt >= 0 ? readJoin(text, code, fromAt + 4, tables, MARK) : undefined;
  return { ...(columnList !== undefined ? { columnList } : {}), ...(partition !== undefined ? { staticPartition: partition.columns } : {}), items, ...(from !== undefined ? { from } : join !== undefined ? { join } : {}) };
}
