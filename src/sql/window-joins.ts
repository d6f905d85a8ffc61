/**
 * An inner window join of two window TVFs, and an aggregation over it by window_start and
 * window_end, which Flink plans as a window aggregation (window-tvf-firing.ts refuses it with early
 * or late firing). What Flink does (flink-table-planner, Flink 1.19 to 2.1):
 * - a join is a window join when both inputs carry window properties of the same window spec and
 *   time attribute type and its condition equates their window_start and their window_end
 *   (`WindowJoinUtil.satisfyWindowJoin`; otherwise a regular join, whose output has none);
 * - a window join's output keeps the window_start, window_end and window_time columns of its inputs
 *   as window properties (`FlinkRelMdWindowProperties.getJoinWindowProperties`, for `FlinkLogicalJoin`
 *   and `StreamPhysicalWindowJoin`), and a projection that passes them as plain columns keeps them;
 * - an aggregation whose grouping holds a window_start and a window_end column of its input's window
 *   properties becomes a `StreamPhysicalWindowAggregate` (`StreamPhysicalWindowAggregateRule.matches`:
 *   `WindowUtil.groupingContainsWindowStartEnd`), which calls `WindowUtil.checkEmitConfiguration`
 *   when it is translated. Flink's own test program "window-aggregate-on-inner-window-join"
 *   (`WindowJoinSemanticTestPrograms`) runs that aggregation.
 * Outer window joins are left alone: newer Flink drops the window columns of an outer join's
 * null-generating side from the window properties (`getJoinWindowProperties`: "window columns on
 * an outer join's null-generating side become nullable"), so whether their aggregation is a window
 * one depends on the side grouped and on the release.
 *
 * Read only in this shape (anything else is left quiet): one JOIN in the statement, `[INNER] JOIN`,
 * or none and the comma join `l, r WHERE ...` (Calcite plans it as an inner join and Flink pushes the
 * WHERE into its condition), no FOR SYSTEM_TIME; both sides `TABLE(TUMBLE|HOP|CUMULATE(TABLE ${t}, DESCRIPTOR(col), ...))
 * alias` over interpolated tables, the left one the FROM relation; the same function with the same
 * arguments after DESCRIPTOR (as written, so the same window spec); both time columns event-time
 * attributes of the same type; an ON condition (in parentheses or not), or the comma join's WHERE,
 * with no OR whose AND parts include
 * `a.window_start = b.window_start` and `a.window_end = b.window_end` of the two aliases. The
 * statement joins nothing else: a semi or anti join (an IN / EXISTS subquery: flink
 * `FlinkSubQueryRemoveRule`), a scalar subquery or another relation, in the join's query or around
 * it, is a regular join, whose output has no window properties (query-joins.ts joinsRelations). The
 * aggregation is the join query's own GROUP BY of `a.window_start` and `b.window_end` (either
 * alias), or the GROUP BY window_start, window_end of the query over a subquery or view (without a
 * column list) that is the join query and selects them as plain columns (`a.window_start`).
 */
import { knows, timeAttributeUnknown } from "../components/failed-table-parts.js";
import type { TableDefinition } from "../components/table-definition.js";
import { NOT_ALIAS, VIEW_COLUMN_LIST } from "./insert-query.js";
import { MARKED_NAME, markedCode, markedText, statementCode, type AnalyzedStatement } from "./statement.js";
import { viewReads } from "./view-names.js";
import { closingParen, levelOf, queryClauses, SET_OPERATION, topLevelOnly, topLevelSplit, unquoteIdentifier, type QueryClauses } from "./top-level.js";
import { topLevelConditions, withoutEnclosingParens } from "./where-conditions.js";
import { joinsRelations } from "./query-joins.js";

const NAME = MARKED_NAME;
/**
 * A window TVF over an interpolated table: `TABLE(FN(TABLE <t>, DESCRIPTOR(col)`; groups: TABLE(,
 * function, table marker, column. Only the form that every supported release reads (the call
 * without `TABLE(...)` around it is left alone).
 */
const WINDOW_TVF = new RegExp(String.raw`(\bTABLE\s*\(\s*)\b(TUMBLE|HOP|CUMULATE)\s*\(\s*(?:DATA\s*=>\s*)?TABLE\s+\u0000(\d+)\u0000\s*,\s*(?:TIMECOL\s*=>\s*)?DESCRIPTOR\s*\(\s*${NAME}\s*\)`, "gi");
/** Any window function call (a legacy group window too). */
const ANY_WINDOW_CALL = /\b(?:TUMBLE|HOP|CUMULATE|SESSION)\s*\(/gi;
const ALIAS = new RegExp(String.raw`^\s+(?:AS\s+)?${NAME}`, "i");
/** `a.col = b.col`; groups: qualifier, column, qualifier, column. */
const COLUMN_EQUALITY = new RegExp(String.raw`^\s*${NAME}\s*\.\s*${NAME}\s*=\s*${NAME}\s*\.\s*${NAME}\s*$`);
/** A SELECT item that passes a column on as it is: `[q.]col [[AS] name]`; groups: qualifier, column, name (window-path.ts reads items with it too). */
export const PLAIN_ITEM = new RegExp(String.raw`^\s*(?:${NAME}\s*\.\s*)?${NAME}(?:\s+(?:AS\s+)?${NAME})?\s*$`, "i");

/** An inner window join found in a statement: its two TVF calls as messages show them (tables by name). */
export interface WindowJoin {
  readonly calls: readonly [string, string];
  /** True when the statement aggregates the join by window (its own query, or one over it as a subquery). */
  readonly aggregated: boolean;
  /** True when the statement is a view whose query is the join and passes window_start and window_end on as plain columns. */
  readonly passed: boolean;
}

/** One side of the join as read from the marked code. */
interface Side {
  readonly fn: string;
  readonly table: TableDefinition;
  readonly column: string;
  /** Where the relation starts and ends (after its alias), and its alias. */
  readonly start: number;
  readonly end: number;
  readonly alias: string;
  /** The arguments after DESCRIPTOR(...), normalized (the window spec as written). */
  readonly spec: string;
  readonly shown: string;
}

/** The statement's inner window join (see the module comment), or undefined. */
export function windowJoin(a: AnalyzedStatement): WindowJoin | undefined {
  const { code, tables } = markedCode(a);
  const joins = code.match(/\bJOIN\b/gi)?.length ?? 0;
  if (joins > 1 || /\bSYSTEM_TIME\b/i.test(code)) return undefined;
  if ([...code.matchAll(ANY_WINDOW_CALL)].length !== 2) return undefined;
  const { text } = markedText(a);
  const sides = [...code.matchAll(WINDOW_TVF)].map((m) => side(m, code, text, tables));
  if (sides.length !== 2 || sides.some((s) => s === undefined)) return undefined;
  const [l, r] = sides as [Side, Side];
  if (l.fn !== r.fn || l.spec !== r.spec || l.alias === r.alias || !sameTimeAttribute(l, r)) return undefined;
  const level = levelOf(code, l.start);
  if (level === undefined) return undefined;
  const [s, e] = level;
  const flat = topLevelOnly(code, s, e);
  if (flat === undefined || SET_OPERATION.test(flat)) return undefined;
  // The left side is the FROM relation of the join's query.
  const from = lastWord(flat, "FROM", l.start - s);
  if (from < 0 || code.slice(s + from + 4, l.start).trim() !== "") return undefined;
  const joined = joinCondition(code, flat, s, l, r, joins);
  if (joined === undefined) return undefined;
  const { clauses, conditions } = joined;
  if (conditions === undefined || !equatesWindows(code, conditions, l.alias, r.alias)) return undefined;
  // Anything else the statement joins (a semi join by IN / EXISTS, a scalar subquery, another relation) drops the window properties.
  if (joinsRelations(code.slice(0, l.start) + " w " + code.slice(r.end))) return undefined;
  const calls: [string, string] = [l.shown, r.shown];
  const aliases = [l.alias, r.alias];
  if (clauses.groupBy !== undefined) return groupsByColumns(code, clauses.groupBy, aliases, true) ? { calls, aggregated: true, passed: false } : undefined;
  const select = lastWord(flat, "SELECT", from);
  if (select < 0 || /^\s*DISTINCT\b/i.test(code.slice(s + select + 6))) return undefined;
  if (!passesWindow(code, s + select + 6, s + from, aliases)) return undefined;
  if (s === 0) return a.kind === "view" && !VIEW_COLUMN_LIST.test(code) ? { calls, aggregated: false, passed: true } : undefined;
  return groupedOver(code, s - 1, e) ? { calls, aggregated: true, passed: false } : undefined;
}

/**
 * The join's condition, as AND parts of `code`, and the clauses of its query (`flat`: its level
 * from `s`, topLevelOnly): `l [INNER] JOIN r ON cond` (`joins`: 1), the condition in parentheses
 * or not; or the comma join `l, r WHERE cond` (`joins`: 0), whose WHERE Flink pushes into the join's
 * condition (Calcite plans `FROM l, r` as an inner join; flink `FlinkFilterJoinRule`), so that it is a
 * window join alike. Undefined for any other shape.
 */
function joinCondition(code: string, flat: string, s: number, l: Side, r: Side, joins: number): { clauses: QueryClauses; conditions: [number, number][] | undefined } | undefined {
  const between = code.slice(l.end, r.start);
  let condition: [number, number];
  let clauses: QueryClauses;
  if (joins === 1) {
    const on = /^\s+ON\b/i.exec(code.slice(r.end));
    if (!/^\s+(?:INNER\s+)?JOIN\s+$/i.test(between) || on === null) return undefined;
    const onStart = r.end + on[0].length;
    clauses = queryClauses(flat.slice(onStart - s), onStart);
    condition = [onStart, clauses.start];
  } else {
    if (!/^\s*,\s*$/.test(between)) return undefined;
    clauses = queryClauses(flat.slice(r.end - s), r.end);
    if (clauses.where === undefined || !/^\s*WHERE$/i.test(code.slice(r.end, clauses.where[0]))) return undefined;
    condition = [clauses.where[0], clauses.where[1]];
  }
  const [cs, ce] = withoutEnclosingParens(code, ...condition);
  const clause = topLevelOnly(code, cs, ce);
  return clause === undefined ? undefined : { clauses, conditions: topLevelConditions(code, { start: cs, clause }) };
}

/** The alias written at `pos` of `code` (`[AS] name`, no keyword that may follow a relation): its name and where it ends; undefined when none. */
function aliasAt(code: string, pos: number): { name: string; end: number } | undefined {
  const m = ALIAS.exec(code.slice(pos));
  if (m === null || (!m[1]!.startsWith("`") && NOT_ALIAS.has(m[1]!.toUpperCase()))) return undefined;
  return { name: unquoteIdentifier(m[1]!), end: pos + m[0].length };
}

/** A side of the join at the WINDOW_TVF match `m`: the relation with its alias, or undefined when it is not one. */
function side(m: RegExpMatchArray, code: string, text: string, tables: readonly TableDefinition[]): Side | undefined {
  const fnAt = m.index! + m[1]!.length;
  const close = closingParen(code, code.indexOf("(", fnAt));
  if (close < 0) return undefined;
  const outer = /^\s*\)/.exec(code.slice(close + 1));
  if (outer === null) return undefined;
  const end = close + 1 + outer[0].length;
  const alias = aliasAt(code, end);
  if (alias === undefined) return undefined;
  const table = tables[Number(m[3])]!;
  const shown = text.slice(fnAt, close + 1).replace(/\u0000(\d+)\u0000/g, (_, k: string) => tables[Number(k)]!.tableName);
  return {
    fn: m[2]!.toUpperCase(),
    table,
    column: unquoteIdentifier(m[4]!),
    start: m.index!,
    end: alias.end,
    alias: alias.name,
    spec: text.slice(m.index! + m[0].length, close).replace(/\s+/g, " ").trim().toUpperCase(),
    shown: shown.replace(/\s+/g, " "),
  };
}

/**
 * Whether both sides' time columns are event-time attributes of the same type: Flink's window join
 * needs the same time attribute type, and as of processing time it fails first, with its own error
 * (flink `StreamExecWindowJoin.validate`: "Processing time Window Join is not supported yet.").
 */
function sameTimeAttribute(l: Side, r: Side): boolean {
  const attribute = (s: Side): string | undefined => {
    if (!knows(s.table, "timeAttributes")) return undefined;
    const c = s.table.columns?.find((x) => x.name === s.column);
    const type = c?.type ?? c?.timeType;
    return c === undefined || c.timeAttribute !== "rowtime" || timeAttributeUnknown(c) || type === undefined ? undefined : type.toString();
  };
  const a = attribute(l);
  return a !== undefined && a === attribute(r);
}

/** The offset in `flat` of the last whole word `word` before `before`, or -1. */
function lastWord(flat: string, word: string, before: number): number {
  let at = -1;
  for (const m of flat.slice(0, before).matchAll(new RegExp(`(?<![\\w$])${word}(?![\\w$])`, "gi"))) at = m.index!;
  return at;
}

/** Whether the AND parts equate the two aliases' window_start and their window_end. */
function equatesWindows(code: string, conditions: readonly (readonly [number, number])[], left: string, right: string): boolean {
  const found = new Set<string>();
  for (const [s, e] of conditions) {
    const m = COLUMN_EQUALITY.exec(code.slice(s, e));
    if (m === null) continue;
    const [q1, c1, q2, c2] = [m[1]!, m[2]!, m[3]!, m[4]!].map(unquoteIdentifier);
    if (c1 !== c2 || (c1 !== "window_start" && c1 !== "window_end")) continue;
    if ((q1 === left && q2 === right) || (q1 === right && q2 === left)) found.add(c1);
  }
  return found.size === 2;
}

/** Whether the GROUP BY `[s, e)` has plain items window_start and window_end, qualified by one of `qualifiers` (unless `mustQualify`: or unqualified). */
function groupsByColumns(code: string, [s, e]: readonly [number, number], qualifiers: readonly string[], mustQualify: boolean): boolean {
  const found = new Set<string>();
  for (const [from, to] of topLevelSplit(code, s, e) ?? []) {
    const m = PLAIN_ITEM.exec(code.slice(from, to));
    if (m === null || m[3] !== undefined) continue;
    const q = m[1] === undefined ? undefined : unquoteIdentifier(m[1]);
    const column = unquoteIdentifier(m[2]!);
    if (q === undefined ? mustQualify : !qualifiers.includes(q)) continue;
    if (column === "window_start" || column === "window_end") found.add(column);
  }
  return found.size === 2;
}

/** Whether the SELECT list `[s, e)` passes a window_start and a window_end of the aliases on, as plain columns named so. */
function passesWindow(code: string, s: number, e: number, aliases: readonly string[]): boolean {
  const found = new Set<string>();
  for (const [from, to] of topLevelSplit(code, s, e) ?? []) {
    const m = PLAIN_ITEM.exec(code.slice(from, to));
    if (m === null || m[1] === undefined || !aliases.includes(unquoteIdentifier(m[1]))) continue;
    const column = unquoteIdentifier(m[2]!);
    const name = m[3] === undefined ? column : unquoteIdentifier(m[3]);
    if (name === column && (column === "window_start" || column === "window_end")) found.add(column);
  }
  return found.size === 2;
}

/**
 * The inner window join that `a` aggregates by window_start and window_end (see the module comment):
 * its own, or that of a view in `views` that `a` reads as its only relation (`FROM v [[AS] x]`, then
 * WHERE or GROUP BY) and groups by the view's window_start and window_end; `view` is that view.
 */
export function aggregatedWindowJoin(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>): { join: WindowJoin; view?: AnalyzedStatement } | undefined {
  const own = windowJoin(a);
  if (own !== undefined) return own.aggregated ? { join: own } : undefined;
  const code = statementCode(a, true);
  if ((code.match(/\bFROM\b/gi)?.length ?? 0) !== 1 || joinsRelations(code)) return undefined;
  const flat = topLevelOnly(code, 0, code.length);
  if (flat === undefined || SET_OPERATION.test(flat)) return undefined;
  for (const [name, v] of views) {
    const reads = viewReads(code, name);
    if (reads.length !== 1) continue;
    const alias = aliasAt(code, reads[0]!);
    const pos = alias?.end ?? reads[0]!;
    const qualifiers = alias === undefined ? [] : [alias.name];
    if (!/^\s*(?:$|(?<![\w$])(?:WHERE|GROUP\s+BY)(?![\w$]))/i.test(flat.slice(pos))) continue;
    const clauses = queryClauses(flat.slice(pos), pos);
    if (clauses.groupBy === undefined || !groupsByColumns(code, clauses.groupBy, qualifiers, false)) continue;
    const join = windowJoin(v);
    if (join?.passed === true) return { join, view: v };
  }
  return undefined;
}

/** Whether the subquery in the parentheses `open` to `close` is the FROM relation of a query that groups by its window_start and window_end. */
function groupedOver(code: string, open: number, close: number): boolean {
  if (!/\bFROM\s*$/i.test(code.slice(0, open))) return false;
  const level = levelOf(code, open);
  if (level === undefined) return false;
  const [s, e] = level;
  const flat = topLevelOnly(code, s, e);
  if (flat === undefined || SET_OPERATION.test(flat) || /\bJOIN\b|,/i.test(flat.slice(close + 1 - s).split(/(?<![\w$])(?:WHERE|GROUP\s+BY)(?![\w$])/i)[0]!)) return false;
  const alias = aliasAt(code, close + 1);
  const pos = alias?.end ?? close + 1;
  const qualifiers = alias === undefined ? [] : [alias.name];
  const clauses = queryClauses(flat.slice(pos - s), pos);
  return clauses.groupBy !== undefined && groupsByColumns(code, clauses.groupBy, qualifiers, false);
}
