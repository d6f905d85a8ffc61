/**
 * A view column that casts a time attribute: `CREATE TEMPORARY VIEW v AS SELECT CAST(ts AS
 * TIMESTAMP(3)) AS ts2 FROM ${t}` with `ts` the table's rowtime (or a PROCTIME() column). Calcite
 * types a CAST by its target type (`SqlCastFunction.inferReturnType`: the type spec, with the
 * operand's nullability), a plain TIMESTAMP / TIMESTAMP_LTZ, so `ts2` is no time attribute even when
 * the cast changes nothing, and Flink materializes a time indicator read by any call
 * (flink `RelTimeIndicatorConverter`: "If a time attribute is accessed for a calculation, it will be
 * materialized"; only a plain reference forwards it). A window over `ts2` in a streaming job then
 * fails: a window TVF at validation ("The window function requires the timecol is a time attribute
 * type", flink `SqlWindowTableFunction` operand check, as for a view column computed by
 * LOCALTIMESTAMP in flink's `WindowTableFunctionTest.testWindowOnNonTimeAttribute`), a legacy group
 * window when the job is planned ("Window aggregate can only be defined over a time attribute
 * column", or "Window can only be defined over a time attribute column.", flink
 * `StreamLogicalWindowAggregateRule`). Only CAST / TRY_CAST of a column is read: the type other
 * expressions over a time attribute (`ts + INTERVAL ...`) get from their operator's return-type
 * inference was not confirmed against upstream, so they are left to Flink. Views in the simple
 * shape only (view-columns.ts).
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { unquoteIdentifier } from "./top-level.js";
import { MARKED_NAME, markedCode, type AnalyzedStatement } from "./statement.js";
import { withQueryNames } from "./table-mentions.js";
import { readSimpleView, type SimpleView } from "./view-columns.js";
import { joinedTimeColumn, joinedTimeMessage } from "./join-view-windows.js";

const N = MARKED_NAME;
/** `CAST([q.]col AS type) [AS] alias` (also TRY_CAST); groups: the qualifier (1), the column (3), the type (4), the alias (5). */
const CAST_ITEM = new RegExp(String.raw`^(?:TRY_)?CAST\s*\(\s*(?:(${N}|\u0000\d+\u0000)\s*\.\s*)?${N}\s+AS\s+([\s\S]+?)\s*\)\s+(?:AS\s+)?${N}$`, "i");
/** `FROM view [[AS] alias]` as the only relation, then `GROUP BY`; groups: the view, the alias. */
const FROM_VIEW = new RegExp(String.raw`\bFROM\s+${N}(?:\s+(?:AS\s+)?(?!WHERE\b|GROUP\b)${N})?\s*(?:WHERE\b[\s\S]*?)?\bGROUP\s+BY\b`, "i");
/** `TUMBLE([q.]col, ` (also HOP, SESSION): a legacy group window; groups: the function, the qualifier, the column. */
const GROUP_WINDOW = new RegExp(String.raw`\b(TUMBLE|HOP|SESSION)\s*\(\s*(?:${N}\s*\.\s*)?${N}\s*,`, "gi");

/** What column `column` of the simple view `simple` (readSimpleView) is when it casts a time attribute of the view's table: the cast as written, the table, the column cast. */
export function castTimeAttribute(simple: SimpleView, column: string): { cast: string; table: TableDefinition; source: TableColumn } | undefined {
  for (const item of simple.items) {
    const m = CAST_ITEM.exec(item);
    if (m === null || unquoteIdentifier(m[5]!) !== column) continue;
    if (m[1] !== undefined && !simple.qualifiers.includes(m[1].startsWith("\u0000") ? m[1] : unquoteIdentifier(m[1]))) return undefined;
    const source = simple.table.columns!.find((c) => c.name === unquoteIdentifier(m[3]!));
    if (source?.timeAttribute === undefined) return undefined;
    const cast = item.slice(0, item.lastIndexOf(")") + 1).replace(/\u0000\d+\u0000/g, simple.table.tableName);
    return { cast, table: simple.table, source };
  }
  return undefined;
}

/** What the message says of a view column that casts a time attribute, and the remedy. */
export function castMessage(viewName: string, view: AnalyzedStatement, column: string, found: NonNullable<ReturnType<typeof castTimeAttribute>>): { what: string; remedy: string } {
  const { cast, table, source } = found;
  const kind = source.timeAttribute === "rowtime" ? "event-time" : "processing-time";
  return {
    what: `${column} of the view ${viewName} (statements[${view.index}]) is ${cast}, which turns the ${kind} attribute ${source.name} of ${table.label} into a plain value`,
    remedy: `window over ${source.name} itself: select it unchanged in the view (${source.name}, or ${source.name} AS ${column}: a plain reference keeps the time attribute)`,
  };
}

/**
 * Legacy group windows of a streaming statement that reads one view (`FROM v ... GROUP BY TUMBLE(ts2,
 * ...)`) whose window column casts a time attribute (an error at `statements[i]`), or passes a column
 * through a regular join (join-view-windows.ts; a warning: where Flink's planner stops a legacy group
 * window over a time attribute the join materialized was not confirmed upstream).
 */
export function checkViewGroupWindows(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  const { code } = markedCode(a);
  const from = /\bJOIN\b|\bFROM\b[\s\S]*\bFROM\b/i.test(code) ? null : FROM_VIEW.exec(code);
  if (from === null) return;
  const viewName = unquoteIdentifier(from[1]!);
  const view = views.get(viewName);
  if (view === undefined || view === a || withQueryNames(code).has(viewName)) return;
  const simple = readSimpleView(view);
  const qualifiers = [viewName, ...(from[2] !== undefined ? [unquoteIdentifier(from[2])] : [])];
  for (const m of code.slice(from.index + from[0].length).matchAll(GROUP_WINDOW)) {
    if (m[2] !== undefined && !qualifiers.includes(unquoteIdentifier(m[2]))) continue;
    const column = unquoteIdentifier(m[3]!);
    const found = simple === undefined ? undefined : castTimeAttribute(simple, column);
    const joined = simple === undefined ? joinedTimeColumn(view, column) : undefined;
    if (found === undefined && joined === undefined) continue;
    if (joined !== undefined) {
      // Where Flink's planner stops a legacy group window over a materialized time attribute was not confirmed upstream: a warning.
      const { what, remedy } = joinedTimeMessage(viewName, view, column, joined);
      diag.warn(
        `statements[${a.index}]`,
        `${m[1]!.toUpperCase()}(${column}, ...) in a streaming job's GROUP BY needs a time attribute, and ${what}: Flink rejects the statement when it plans the job, or at best windows a column that is no time attribute any more (rows leave a regular join in no time order); ${remedy}`,
      );
      continue;
    }
    const { what, remedy } = castMessage(viewName, view, column, found!);
    diag.error(
      `statements[${a.index}]`,
      `${m[1]!.toUpperCase()}(${column}, ...) in a streaming job's GROUP BY needs a time attribute, and ${what}: Flink rejects the statement when it plans the job (a window "can only be defined over a time attribute column"); ${remedy}`,
    );
  }
}
