/**
 * The auxiliary functions of the legacy group windows (TUMBLE_START / _END / _ROWTIME / _PROCTIME,
 * and the same of HOP and SESSION) without the GROUP BY window call they belong to.
 *
 * Flink declares each of them an auxiliary of its group function `$TUMBLE`, `$HOP` or `$SESSION`
 * (flink `FlinkSqlOperatorTable`: `TUMBLE_OLD.auxiliary(...)`). Calcite's validator turns an
 * auxiliary call in the SELECT list or HAVING clause of an aggregating query into the group call
 * with the same operands (calcite `SqlStdOperatorTable.convertAuxiliaryToGroupCall`) and requires
 * that call among the GROUP BY expressions, compared node by node (`AggChecker.visit(SqlCall)`,
 * `isGroupExpr` with `SqlNode.equalsDeep`), else "Call to auxiliary group function 'TUMBLE_START'
 * must have matching call to group function '$TUMBLE' in GROUP BY clause"
 * (`CalciteResource.auxiliaryWithoutMatchingGroupCall`). So every argument must match: the time
 * column and each interval. An interval literal compares as written: its string, its sign and its
 * qualifier (calcite `SqlIntervalLiteral.IntervalValue.equals`: `intervalStr.equals(...)`), so
 * INTERVAL '60' MINUTE does not match INTERVAL '1' HOUR, nor '01' '1'. A query that does not
 * aggregate is not checked by Calcite; its auxiliary call reaches code generation, which fails:
 * "Unsupported call: TUMBLE_START(...)" (flink ExprCodeGenerator fallback, in a batch and a
 * streaming job alike). So does a query that groups by the auxiliary call itself
 * (`GROUP BY account, TUMBLE_END(ts, ...)`): Calcite finds the call among the GROUP BY expressions
 * (`AggChecker.visit` tests `isGroupExpr` of the call first) and lets it pass, and code generation
 * meets it ("Unsupported call: TUMBLE_END(...)").
 *
 * The ORDER BY of an aggregating query is checked the same way: Calcite validates an ORDER BY item
 * in the select scope, whose AggChecker applies (calcite `SqlValidatorImpl.validateOrderList`,
 * `OrderByScope.validateExpr` calls its parent's `validateExpr`). An auxiliary call in WHERE is not
 * refused by Calcite: its WHERE check refuses aggregates and group calls (`validateWhereOrOn`:
 * `validateNoAggs(aggOrOverOrGroupFinder, ...)`, `AggVisitor` finds a call whose operator
 * `isGroup()`), and an auxiliary is no group call (flink `SqlGroupedWindowFunction.isGroup`: false
 * for an auxiliary). The call is evaluated per row before grouping, where code generation has no
 * implementation for it ("Unsupported call", flink ExprCodeGenerator); no upstream test confirms
 * that path: a warning. An ORDER BY of a query that does not aggregate is not checked (Calcite does
 * not check it, and which planner error comes first is not certain).
 *
 * Checked for INSERTs and views: each query of the statement in the plain shape
 * (statement-queries.ts: the statement's own, after a WITH list too, each WITH query and each
 * subquery, each validated by Calcite as a query of its own; a message about a WITH query or a
 * subquery names it first), in their SELECT items, HAVING, ORDER BY and WHERE clauses; an
 * auxiliary call inside an aggregate call's arguments (which Calcite does not visit) or in a
 * nested subquery (checked as its own query) is not. A WITH query or subquery that does not
 * aggregate is treated as a view's query (below). Reported only where the mismatch is certain: an
 * argument that is no column and no single interval literal, a qualifier other than the other
 * call's, a precision written on one side only, white space inside the interval string, or an
 * Output stays quiet. A view's query that does not aggregate is not reported (a column the outer
 * query does not read may be pruned before code generation).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { AGGREGATES } from "./aggregate-calls.js";
import { qualifierAt, UNKNOWN_VALUE } from "./interval-literals.js";
import { auxiliaryCalls, callsMatching, legacyWindowCalls, type Call } from "./legacy-window-calls.js";
import { COLUMN_REF, holdsOutput, shownText, withoutAlias, type SelectQuery } from "./insert-query.js";
import type { AnalyzedStatement } from "./statement.js";
import { statementQueries, subquerySpans } from "./statement-queries.js";
import { unquoteIdentifier, type QueryClauses, type Span } from "./top-level.js";
import { oneLine } from "./ungrouped-columns.js";
import { ONE_LITERAL } from "./zero-intervals.js";

/** An aggregate call; group 1 the function (global, for callsMatching). */
const AGGREGATE_CALLS = new RegExp(String.raw`(?<![\w$.])(${[...AGGREGATES].join("|")})\s*\(`, "gi");
const AGGREGATE_CALL = new RegExp(AGGREGATE_CALLS.source, "i");

type Match = "same" | "different" | "unsure";

/** The interval literal at `span` of q, normalised as Calcite compares it; undefined when it is not one literal or holds a value not known yet. */
function intervalAt(q: SelectQuery, [from, to]: Span): { sign: string; value: string; qualifier: string; precisions: string } | undefined {
  if (!ONE_LITERAL.test(q.code.slice(from, to))) return undefined;
  const m = /^\s*INTERVAL\s*([+-]?)\s*'((?:[^']|'')*)'\s*/i.exec(q.text.slice(from, to));
  if (m === null || m[2]!.includes(UNKNOWN_VALUE)) return undefined;
  const qualifier = qualifierAt(q.code, from + m[0].length);
  if (qualifier === undefined || qualifier.unknown) return undefined;
  return { sign: m[1] === "-" ? "-" : "", value: m[2]!, qualifier: qualifier.name, precisions: `${qualifier.precisionText ?? ""},${qualifier.fractionText ?? ""}` };
}

/** How argument `k` of two calls compares (see the module comment). */
function compareArgument(q: SelectQuery, k: number, a: Span, b: Span): Match {
  const written = (s: Span): string => q.text.slice(...s).trim().replace(/\s+/g, " ");
  if (written(a) === written(b)) return "same";
  if (k === 0) {
    const [ca, cb] = [COLUMN_REF.exec(q.code.slice(...a).trim()), COLUMN_REF.exec(q.code.slice(...b).trim())];
    if (ca === null || cb === null) return "unsure";
    const name = (s: Span): string => unquoteIdentifier(q.text.slice(...s).trim().split(/\s*\.\s*/).pop()!);
    // Calcite compares the columns fully qualified: a qualifier on one side only is the same column; other letter case is left to the name checks.
    if (name(a).toLowerCase() !== name(b).toLowerCase()) return "different";
    return name(a) === name(b) && (ca[1] === undefined || cb[1] === undefined) ? "same" : "unsure";
  }
  const [ia, ib] = [intervalAt(q, a), intervalAt(q, b)];
  if (ia === undefined || ib === undefined) return "unsure";
  if (ia.qualifier !== ib.qualifier || ia.sign !== ib.sign) return "different";
  if (ia.value !== ib.value) return ia.value.trim() === ib.value.trim() ? "unsure" : "different";
  return ia.precisions === ib.precisions ? "same" : "unsure";
}

/** How auxiliary call `aux` compares with group window call `group`. */
function compareCall(q: SelectQuery, aux: Call, group: Call): Match {
  if (aux.fn !== group.fn || aux.args.length !== group.args.length) return "different";
  const each = aux.args.map((a, k) => compareArgument(q, k, a, group.args[k]!));
  return each.includes("different") ? "different" : each.includes("unsure") ? "unsure" : "same";
}

/** The query's clauses: its one relation's, or its join's. */
function clausesOf(q: SelectQuery): QueryClauses | undefined {
  return q.from?.clauses ?? q.join?.clauses;
}

/** Checks the queries of the job's INSERTs and views (see the module comment); errors and warnings at `statements[i]`. */
export function checkGroupWindowAuxiliaries(analyzed: readonly AnalyzedStatement[], diag: Diagnostics): void {
  for (const a of analyzed) {
    if (a.kind === "function" || !a.statement.segments.some((s) => s.kind === "text" && /(?:TUMBLE|HOP|SESSION)_(?:START|END|ROWTIME|PROCTIME)\s*\(/i.test(s.text))) continue;
    for (const { query, label } of statementQueries(a)) {
      // A WITH query or subquery is read by its outer query: like a view's, a column it does not read may be pruned.
      checkQuery(query, `statements[${a.index}]`, label === undefined ? "" : `${label}: `, a.kind === "view" || label !== undefined, diag);
    }
  }
}

function checkQuery(q: SelectQuery, at: string, prefix: string, pruned: boolean, diag: Diagnostics): void {
  const clauses = clausesOf(q);
  if (clauses === undefined) return;
  const { where, groupBy, having, orderBy } = clauses;
  if (groupBy !== undefined && holdsOutput(q.code.slice(...groupBy))) return;
  const windows = groupBy === undefined ? [] : legacyWindowCalls(q.code, ...groupBy);
  const aggregating = groupBy !== undefined || having !== undefined || q.items.some((item) => AGGREGATE_CALL.test(item.code) && !/\bOVER\b/i.test(item.code));
  const places: { what: string; span: Span }[] = q.items.filter((item) => !/\bSELECT\b/i.test(item.code)).map((item) => ({ what: "the SELECT list", span: [item.start, item.start + withoutAlias(item).code.length] }));
  if (having !== undefined && !/\bSELECT\b/i.test(q.code.slice(...having))) places.push({ what: "the HAVING clause", span: having });
  // ORDER BY is checked against the GROUP BY as the SELECT list is (calcite OrderByScope.validateExpr: the select scope's AggChecker); without aggregation it is not.
  if (orderBy !== undefined && aggregating) places.push({ what: "the ORDER BY clause", span: orderBy });
  const subqueries = subquerySpans(q.code, q.items[0]!.start);
  const inSubquery = (c: Call): boolean => subqueries.some(([s, e]) => c.start > s && c.end <= e);
  const shown = (c: { start: number; end: number }): string => oneLine(shownText(q, c.start, c.end));
  if (where !== undefined) {
    for (const aux of auxiliaryCalls(q.code, ...where)) {
      if (inSubquery(aux) || aux.args.some((s) => holdsOutput(q.code.slice(...s)))) continue;
      diag.warn(
        at,
        `${prefix}the WHERE clause's ${shown(aux)} reads a group window, and WHERE filters the rows before they are grouped, where no window exists: ` +
          "Flink's validator lets the call pass (in WHERE it refuses the group calls such as TUMBLE(...), not their auxiliaries: calcite SqlValidatorImpl.validateWhereOrOn, SqlGroupedWindowFunction.isGroup) " +
          `and no code generation implements it ("Unsupported call: ${aux.fn}_${aux.suffix}(...)", flink ExprCodeGenerator), so the job is expected to fail when Flink plans it; ` +
          `filter the rows by the time column itself (WHERE ${oneLine(shownText(q, ...aux.args[0]!))} >= ...), or filter the windows in HAVING with the GROUP BY window's arguments`,
      );
    }
  }
  for (const { what, span } of places) {
    const insideAggregates = callsMatching(q.code, AGGREGATE_CALLS, ...span);
    for (const aux of auxiliaryCalls(q.code, ...span)) {
      if (inSubquery(aux) || insideAggregates.some((g) => aux.start > g.start && aux.end <= g.end)) continue;
      if (aux.args.some((s) => holdsOutput(q.code.slice(...s)))) continue;
      const name = `${aux.fn}_${aux.suffix}`;
      const args = shown(aux).slice(shown(aux).indexOf("("));
      const calcite = `("Call to auxiliary group function '${name}' must have matching call to group function '$${aux.fn}' in GROUP BY clause", calcite AggChecker)`;
      if (windows.length > 0) {
        if (windows.some((w) => compareCall(q, aux, w) !== "different")) continue;
        const w = windows[0]!;
        const fixed = `${w.fn}_${aux.suffix}${shown(w).slice(shown(w).indexOf("("))}`;
        diag.error(
          at,
          `${prefix}${what}'s ${shown(aux)} does not repeat the GROUP BY's window ${shown(w)} argument for argument: Flink fails when the job starts ${calcite}; ` +
            `an auxiliary function takes exactly the arguments of the window call, compared as written (INTERVAL '60' MINUTE does not match INTERVAL '1' HOUR); write ${fixed}`,
        );
        continue;
      }
      const group = `${aux.fn}${args}`;
      const add = groupBy === undefined ? `GROUP BY ${group}` : `GROUP BY ${oneLine(shownText(q, ...groupBy))}, ${group}`;
      // Grouped by the auxiliary call itself: Calcite accepts it, code generation does not.
      const itself = groupBy === undefined ? undefined : auxiliaryCalls(q.code, ...groupBy).find((g) => g.suffix === aux.suffix && g.fn === aux.fn && compareCall(q, aux, g) === "same");
      if (itself !== undefined) {
        diag.error(
          at,
          `${prefix}${what}'s ${shown(aux)} is grouped by itself (the GROUP BY holds ${shown(itself)}), not by its window: Flink fails when it plans the job ("Unsupported call: ${name}(...)", flink ExprCodeGenerator); ` +
            `group by the window call and keep ${shown(aux)} in the SELECT list: GROUP BY ${oneLine(shownText(q, ...groupBy!)).replace(shown(itself), group)}`,
        );
        continue;
      }
      if (aggregating) {
        diag.error(
          at,
          `${prefix}${what}'s ${shown(aux)} reads the window of a GROUP BY ${group}, and ${groupBy === undefined ? "the query has no GROUP BY" : "its GROUP BY has no group window"}: Flink fails when the job starts ${calcite}; ` +
            `aggregate by that window: ${add}`,
        );
      } else if (!pruned) {
        diag.error(
          at,
          `${prefix}${what}'s ${shown(aux)} reads the window of a GROUP BY ${group}, and the query neither groups nor aggregates: Flink fails when it plans the job ("Unsupported call: ${name}(...)", flink ExprCodeGenerator); ` +
            `aggregate by that window (${add}, with every other selected column grouped or aggregated), or select the time column itself`,
        );
      }
    }
  }
}
