/**
 * Aggregation without the right GROUP BY: Flink's validator (Calcite's, which Flink copies as
 * `org.apache.calcite.sql.validate.SqlValidatorImpl` in flink-table-planner) refuses such a query
 * when the job starts, and `pulumi preview` would pass it.
 *
 * - A query aggregates when it has a GROUP BY, a HAVING, or an aggregate call in its SELECT list
 *   (calcite `SqlValidatorImpl.getAggregate`; a windowed `agg(...) OVER (...)` is no aggregate:
 *   aggregate-calls.ts). Then every column its SELECT items and HAVING clause read outside an
 *   aggregate must be a group expression, else "Expression 'id' is not being grouped" (calcite
 *   `AggChecker.visit(SqlIdentifier)`, `CalciteResource.notGroupExpr`; run for each SELECT item by
 *   `AggregatingSelectScope.validateExpr` and for HAVING by `checkAggregateExpr`). Flink's
 *   conformance lets neither a SELECT alias nor an ordinal stand in the GROUP BY (group-by.ts); an ordinal
 *   that makes the query fail is reported with the rewrite (group-ordinals.ts).
 * - An aggregate call in WHERE: "Aggregate expression is illegal in WHERE clause", a windowed one
 *   "Windowed aggregate expression is illegal in WHERE clause" (`SqlValidatorImpl.validateWhereOrOn`
 *   → `validateNoAggs`, `aggregateIllegalInClause` / `windowedAggregateIllegalInClause`).
 *
 * Flink adds only its wrapper: "SQL validation failed. From line 1, column 8 to line 1, column 9:
 * Expression 'id' is not being grouped" (flink `FlinkPlannerImpl.validate`, a ValidationException
 * around Calcite's CalciteContextException); the messages here quote Calcite's part.
 *
 * Checked for INSERTs and views (Flink validates a view's query when it creates the view: flink
 * `SqlNodeConvertUtils.toCatalogView`) in the plain shape, over one table or window TVF
 * (insert-query.ts); not for SELECT DISTINCT. Calcite stops at the first problem; every one is
 * reported here. A SELECT item is checked when it is a column, or an expression read with
 * certainty (aggregate-calls.ts) while the GROUP BY holds only columns (an expression there may
 * match an item's part); an item with a windowed aggregate is not checked. A misspelt GROUP BY
 * column (group-by.ts: a name within typo reach of some columns) leaves the check on: its
 * candidates count as grouped, and a column out of reach of it is reported; in a view, whose names
 * are not resolved elsewhere, the misspelt name is reported here too ("Column 'pgae' not found in
 * any table": unknown-names.ts).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { AGGREGATES, readExpression, type ExpressionReading, type NameScope } from "./aggregate-calls.js";
import { readGrouping } from "./group-by.js";
import { groupOrdinalProblem } from "./group-ordinals.js";
import { COLUMN_REF, readInsertQuery, readViewQuery, shownText, STAR, withoutAlias, type SelectQuery } from "./insert-query.js";
import { MARKED_NAME, statementCode, type AnalyzedStatement } from "./statement.js";
import { unquoteIdentifier, type Span } from "./top-level.js";
import { UnknownNames } from "./unknown-names.js";

/** `CREATE TEMPORARY [SYSTEM] FUNCTION [IF NOT EXISTS] [catalog.][db.]name`; group 2: the name. */
export const DECLARED_FUNCTION = new RegExp(
  String.raw`^\s*CREATE\s+TEMPORARY\s+(?:SYSTEM\s+)?FUNCTION\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:${MARKED_NAME}\s*\.\s*){0,2}${MARKED_NAME}`,
  "i",
);
/** A statement that may aggregate: the rest is not read. */
const MAY_AGGREGATE = new RegExp(String.raw`\bGROUP\s+BY\b|\bHAVING\b|\bOVER\b|\b(?:${[...AGGREGATES].join("|")})\s*\(`, "i");
const FAILS = "Flink fails when the job starts";

/** SQL text of several lines on one line, for a message. */
export function oneLine(sql: string): string {
  return sql.replace(/\(\s*[\r\n]\s*/g, "(").replace(/\s*[\r\n]\s*\)/g, ")").replace(/\s*[\r\n]\s*/g, " ");
}

/** The names of the functions the job's statements declare (CREATE TEMPORARY [SYSTEM] FUNCTION), upper-cased. */
export function declaredFunctions(analyzed: readonly AnalyzedStatement[]): Set<string> {
  const names = new Set<string>();
  for (const a of analyzed) {
    const m = a.kind === "function" ? DECLARED_FUNCTION.exec(statementCode(a, true)) : null;
    if (m !== null) names.add(unquoteIdentifier(m[2]!).toUpperCase());
  }
  return names;
}

/** Checks the job's INSERTs and views (see the module comment); errors at `statements[i]`. */
export function checkGrouping(analyzed: readonly AnalyzedStatement[], diag: Diagnostics): void {
  const functions = declaredFunctions(analyzed);
  for (const a of analyzed) {
    if (a.kind === "function" || !a.statement.segments.some((s) => s.kind === "text" && MAY_AGGREGATE.test(s.text))) continue;
    const q = a.kind === "view" ? readViewQuery(a) : readInsertQuery(a);
    if (q?.from?.table.columns === undefined || q.distinct) continue;
    checkQuery(q, `statements[${a.index}]`, functions, diag, a.kind === "view");
  }
}

/** `view`: the query is a view's, whose names expression-columns.ts does not resolve: a misspelt GROUP BY name read here is reported here. */
function checkQuery(q: SelectQuery, at: string, functions: ReadonlySet<string>, diag: Diagnostics, view: boolean): void {
  const from = q.from!;
  const { where, groupBy, having } = from.clauses;
  const scope: NameScope = { columns: from.table.columns!.map((c) => c.name), qualifiers: from.qualifiers, functions };
  const shown = (span: Span): string => oneLine(shownText(q, span[0], span[1]));
  if (where !== undefined) {
    const read = readExpression(q.code, q.text, where[0], where[1], scope);
    for (const span of read.aggregates) {
      diag.error(at, `the WHERE clause calls the aggregate ${shown(span)}: ${FAILS} ("Aggregate expression is illegal in WHERE clause"); WHERE filters rows before they are grouped: move the condition into HAVING, after the GROUP BY`);
    }
    for (const span of read.windowed) {
      diag.error(
        at,
        `the WHERE clause calls the windowed aggregate ${shown(span)}: ${FAILS} ("Windowed aggregate expression is illegal in WHERE clause"); ` +
          "compute it as a column of a subquery and filter that column outside, e.g. SELECT * FROM (SELECT ..., ROW_NUMBER() OVER (...) AS rn FROM ...) WHERE rn = 1",
      );
    }
  }
  const items = q.items.map((item) => {
    const { code } = withoutAlias(item);
    return { item, plain: COLUMN_REF.test(code), read: STAR.test(code) ? undefined : readExpression(q.code, q.text, item.start, item.start + code.length, scope) };
  });
  const ordinals = groupBy === undefined ? undefined : groupOrdinalProblem(q, groupBy, items);
  if (ordinals !== undefined) return diag.error(at, ordinals);
  const grouping = groupBy === undefined ? undefined : readGrouping(q, groupBy, scope);
  if (groupBy !== undefined && grouping === undefined) return;
  if (view && grouping !== undefined && grouping.misspelt.length > 0) {
    const unknown = new UnknownNames();
    for (const name of grouping.misspelt) unknown.add("the GROUP BY", name, [{ table: from.table, ...(from.alias !== undefined ? { alias: from.alias } : {}) }]);
    unknown.report(at, diag);
  }
  const aggregate = items.find((i) => (i.read?.aggregates.length ?? 0) > 0)?.read!.aggregates[0];
  if (grouping === undefined && having === undefined && aggregate === undefined) return;
  const outside =
    grouping !== undefined
      ? `neither in the GROUP BY (${oneLine(grouping.shown)}) nor inside an aggregate`
      : `outside an aggregate, and the query ${aggregate !== undefined ? `aggregates (${shown(aggregate)})` : "has a HAVING clause"} without GROUP BY`;
  const group = (c: string): string => (grouping !== undefined ? `add ${c} to the GROUP BY` : `group by it (GROUP BY ${c})`);
  const reported = new Set<string>();
  /** One error per column not grouped; `what` says where it stands, given the column as written. */
  const report = (read: ExpressionReading, what: (c: string) => string, advice: (c: string) => string): void => {
    for (const ref of read.refs) {
      if (grouping?.columns.has(ref.name) === true || reported.has(ref.name)) continue;
      reported.add(ref.name);
      const c = shownText({ text: ref.written, tables: q.tables }, 0, ref.written.length);
      // Calcite prints the identifier as written, its parts unquoted (SqlIdentifier.toString).
      const printed = ref.qualifier === undefined ? ref.name : `${shownText({ text: ref.qualifier, tables: q.tables }, 0, ref.qualifier.length)}.${ref.name}`;
      diag.error(at, `${what(c)}: ${FAILS} ("Expression '${printed}' is not being grouped"); ${advice(c)}`);
    }
  };
  for (const { item, plain, read } of items) {
    if (read === undefined || read.unsure || read.windowed.length > 0) continue;
    // An expression may match an expression of the GROUP BY, in whole or in part.
    if (!plain && grouping?.expressions === true) continue;
    const what = (c: string): string => (plain ? `the SELECT list's column ${c} ${grouping !== undefined ? "is" : "stands"} ${outside}` : `the SELECT item ${oneLine(item.shown)} reads ${c}${grouping !== undefined ? ", which is" : ""} ${outside}`);
    // An expression without aggregates (`CAST(m.ts AS DATE)`) is grouped by as written; its column alone would change the groups.
    const { text } = withoutAlias(item);
    const expression = plain || read.aggregates.length > 0 ? undefined : oneLine(shownText({ text, tables: q.tables }, 0, text.length));
    const groupExpression = (e: string): string => (grouping !== undefined ? `group by the expression as written (GROUP BY ${oneLine(grouping.shown)}, ${e})` : `group by the expression as written (GROUP BY ${e})`);
    report(read, what, (c) => (expression === undefined ? `${group(c)}, or aggregate it, e.g. MAX(${c})` : `${groupExpression(expression)}, or aggregate it, e.g. MAX(${expression})`));
  }
  if (having !== undefined && grouping?.expressions !== true) {
    const read = readExpression(q.code, q.text, having[0], having[1], scope);
    if (!read.unsure && read.windowed.length === 0) {
      report(read, (c) => `the HAVING clause reads ${c}${grouping !== undefined ? ", which is" : ""} ${outside}`, (c) => `filter rows by ${c} in WHERE (before grouping), ${group(c)}, or aggregate it, e.g. MAX(${c})`);
    }
  }
}
