/**
 * The time column of a windowing table-valued function over an interpolated table:
 * `TUMBLE(TABLE ${t}, DESCRIPTOR(ts), ...)` (also HOP, CUMULATE, SESSION, and the named
 * `DATA => TABLE ..., TIMECOL => DESCRIPTOR(...)` form). In a streaming job the column must be a
 * time attribute (a watermark's column, or a PROCTIME() computed column), else Flink rejects the
 * statement when it plans the job ("The window function requires the timecol is a time attribute
 * type, but is TIMESTAMP(3)", flink `StreamPhysicalWindowTableFunctionRule`); in a batch job any
 * TIMESTAMP or TIMESTAMP_LTZ column will do (flink `SqlWindowTableFunction`
 * `checkTimeColumnDescriptorOperand`), but not a processing-time attribute (a PROCTIME() column, or a
 * simple view's `PROCTIME() AS col`: flink `BatchExecWindowTableFunction`, batchProctimeWindow). The legacy group windows (`GROUP BY TUMBLE(ts, INTERVAL ...)`,
 * also HOP and SESSION) over the one interpolated table a statement reads need the same in a
 * streaming job ("Window aggregate can only be defined over a time attribute column", flink
 * `StreamLogicalWindowAggregateRule`). A window over a simple view is followed to its table
 * (view-columns.ts), one whose column casts a time attribute is reported (view-time-casts.ts), and
 * so is one over a view whose regular join leaves it no time attribute (join-view-windows.ts);
 * other views and subqueries are left to Flink.
 */
import { knows, timeAttributeUnknown } from "../components/failed-table-parts.js";
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey } from "../validation/known-keys.js";
import { nameList } from "../validation/name-list.js";
import { NOT_ALIAS } from "./insert-query.js";
import { unquoteIdentifier } from "./top-level.js";
import { MARKED_NAME, markedCode, readsOnlyInterpolatedTables, type AnalyzedStatement } from "./statement.js";
import { withQueryNames } from "./table-mentions.js";
import { rowtimeRemedy } from "./event-time-remedy.js";
import { readSimpleView, viewColumnSource } from "./view-columns.js";
import { joinedTimeColumn, joinedTimeMessage } from "./join-view-windows.js";
import { castMessage, castTimeAttribute, checkViewGroupWindows } from "./view-time-casts.js";

const N = MARKED_NAME;
/**
 * `FN(TABLE <table k> | TABLE view [PARTITION BY ...], DESCRIPTOR(col)`; groups: the function, the
 * table marker (`\u0000k\u0000`) or the view name, the column.
 */
const WINDOW_CALL = new RegExp(
  String.raw`\b(TUMBLE|HOP|CUMULATE|SESSION)\s*\(\s*(?:DATA\s*=>\s*)?TABLE\s*(?:\u0000(\d+)\u0000|(?<=\s)${N})\s*(?:PARTITION\s+BY\s*(?:\([^()]*\)|[^,()]+?)\s*)?,\s*(?:TIMECOL\s*=>\s*)?DESCRIPTOR\s*\(\s*${N}\s*\)`,
  "gi",
);
/** `TUMBLE([q.]col, ` (also HOP, SESSION): a legacy group window's time column; groups: the function, a named qualifier, a table-marker qualifier, the column. */
const GROUP_WINDOW = new RegExp(String.raw`\b(TUMBLE|HOP|SESSION)\s*\(\s*(?:(?:${N}|(\u0000\d+\u0000))\s*\.\s*)?${N}\s*,`, "gi");
/** `FROM <table> [[AS] word]`, and whether a comma (another relation) follows. */
const FROM_TABLE = new RegExp(String.raw`\bFROM\s+\u0000(\d+)\u0000(?:\s+(?:AS\s+)?${N})?\s*(,)?`, "i");

/** What to declare on the table so `column` becomes a time attribute. */
function remedy(t: TableDefinition, column: string, proctimeUse = "and DESCRIPTOR(proc_time)"): string {
  const type = t.columns?.find((c) => c.name === column)?.type;
  if (type !== undefined && (type.kind === "TIMESTAMP" || type.kind === "TIMESTAMP_LTZ") && type.precision > 3) {
    // A watermark needs precision 0 to 3: the column itself cannot take one as declared.
    return `give ${t.label} an event-time attribute: ${rowtimeRemedy(t, column)}${t.resourceType === "FlinkTable" ? `, then window by ${column}_ms` : ""}`;
  }
  switch (t.resourceType) {
    case "IcebergSource":
      return `set watermark: { column: ${JSON.stringify(column)} } on ${t.label} (event time from each data file's statistics)`;
    case "FlinkTable":
      return (
        `declare watermark: { column: ${JSON.stringify(column)}, expression: "\`${column}\` - INTERVAL '5' SECOND" } on ${t.label} for event time, ` +
        `or a computed column { name: "proc_time", expression: "PROCTIME()" } ${proctimeUse} for processing time`
      );
    case "IcebergSink":
      return `an IcebergSink has no event time: read the table through an IcebergSource with watermark: { column: ${JSON.stringify(column)} }`;
  }
}

/**
 * Checks the window calls of one statement; errors at `statements[i]`. `streaming`: the job's
 * runtime mode is streaming. `views`: the job's views by name, for a window over a simple view
 * (view-columns.ts) in a streaming job.
 */
export function checkWindowTimeColumns(a: AnalyzedStatement, streaming: boolean, diag: Diagnostics, views: ReadonlyMap<string, AnalyzedStatement>): void {
  // Most statements have no window: skip them before scanning their code.
  if (!a.statement.segments.some((s) => s.kind === "text" && /DESCRIPTOR|GROUP\s+BY/i.test(s.text))) return;
  const { code, tables } = markedCode(a);
  if (streaming) {
    checkGroupWindows(a, code, tables, diag);
    if (/\b(?:TUMBLE|HOP|SESSION)\s*\(/i.test(code)) checkViewGroupWindows(a, views, diag);
  }
  const at = `statements[${a.index}]`;
  for (const m of code.matchAll(WINDOW_CALL)) {
    const fn = m[1]!.toUpperCase();
    const column = unquoteIdentifier(m[4]!);
    if (m[2] === undefined) {
      if (streaming) checkViewWindow(a, code, fn, unquoteIdentifier(m[3]!), column, views, diag);
      else if (fn !== "SESSION") checkBatchViewWindow(a, code, fn, unquoteIdentifier(m[3]!), column, views, diag);
      continue;
    }
    const t = tables[Number(m[2])]!;
    if (!streaming && fn === "SESSION") {
      diag.error(at, `SESSION(TABLE ${t.tableName}, ...) in a batch job: Flink has no session window TVF in batch mode (flink docs window-tvf.md: "Session Window TVF is not supported in batch mode"); run the job in streaming mode, or use TUMBLE, HOP or CUMULATE`);
      continue;
    }
    if (t.columns === undefined) continue;
    const col = t.columns.find((c) => c.name === column);
    if (col === undefined) {
      diag.error(at, `${fn}(TABLE ${t.tableName}, DESCRIPTOR(${column}), ...): ${t.label} has no column ${JSON.stringify(column)} (columns: ${nameList(t.columns.map((c) => c.name))}); Flink fails the statement ("Unknown identifier")`);
      continue;
    }
    if (!streaming && col.timeAttribute === "proctime") {
      batchProctimeWindow(at, `${fn}(TABLE ${t.tableName}, DESCRIPTOR(${column}), ...)`, `${column} of ${t.label} is a PROCTIME() column`, t, diag);
      continue;
    }
    if (col.timeAttribute !== undefined || timeAttributeUnknown(col)) continue;
    const kind = col.type?.kind;
    if (!streaming) {
      if (kind !== undefined && kind !== "TIMESTAMP" && kind !== "TIMESTAMP_LTZ") {
        diag.error(at, `${fn}(TABLE ${t.tableName}, DESCRIPTOR(${column}), ...): ${column} of ${t.label} is ${col.type!.toString()}, and a window's time column is TIMESTAMP or TIMESTAMP_LTZ ("The window function ... requires the timecol to be TIMESTAMP or TIMESTAMP_LTZ")`);
      }
      continue;
    }
    // A table that failed validation (synth) whose watermark did not read: the column may be its rowtime once fixed.
    if (!knows(t, "timeAttributes")) continue;
    diag.error(
      at,
      `${fn}(TABLE ${t.tableName}, DESCRIPTOR(${column}), ...) in a streaming job needs a time attribute, and ${column} of ${t.label} is a plain ${col.type?.toString() ?? "computed"} column: ` +
        `Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy(t, column)}`,
    );
  }
}

/** The legacy group windows of a statement that reads one interpolated table (see the module comment). */
function checkGroupWindows(a: AnalyzedStatement, code: string, tables: readonly TableDefinition[], diag: Diagnostics): void {
  if (!/\bGROUP\s+BY\b/i.test(code) || !readsOnlyInterpolatedTables(code)) return;
  const read = [...new Set(tables)].filter((t) => t !== a.target);
  const t = read.length === 1 ? read[0]! : undefined;
  const from = FROM_TABLE.exec(code);
  // A comma after the FROM table joins another relation (`FROM ${t} a, v b`): not read.
  if (t === undefined || t.columns === undefined || from === null || from[3] !== undefined) return;
  const alias = from[2] !== undefined && (from[2].startsWith("`") || !NOT_ALIAS.has(from[2].toUpperCase())) ? unquoteIdentifier(from[2]) : undefined;
  const qualifiers = [alias ?? t.tableName, `\u0000${from[1]}\u0000`];
  for (const m of code.matchAll(GROUP_WINDOW)) {
    const qualifier = m[3] ?? (m[2] !== undefined ? unquoteIdentifier(m[2]) : undefined);
    if (qualifier !== undefined && !qualifiers.includes(qualifier)) continue;
    const column = unquoteIdentifier(m[4]!);
    const col = t.columns.find((c) => c.name === column);
    if (col === undefined) {
      // The one table the statement reads has no such column: Flink fails to resolve it ("Column '...' not found").
      const near = closestKey(column, t.columns.map((c) => c.name));
      diag.error(
        `statements[${a.index}]`,
        `${m[1]!.toUpperCase()}(${column}, ...) in the GROUP BY names ${JSON.stringify(column)}, which is no column of ${t.label}${near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : ""} (its columns: ${nameList(t.columns.map((c) => c.name))})`,
      );
      continue;
    }
    if (col.timeAttribute !== undefined || timeAttributeUnknown(col) || !knows(t, "timeAttributes")) continue;
    diag.error(
      `statements[${a.index}]`,
      `${m[1]!.toUpperCase()}(${column}, ...) in a streaming job's GROUP BY needs a time attribute, and ${column} of ${t.label} is a plain ${col.type?.toString() ?? "computed"} column: ` +
        `Flink rejects the statement when it plans the job ("Window aggregate can only be defined over a time attribute column"); ${remedy(t, column, "and TUMBLE(proc_time, ...)")}`,
    );
  }
}

/**
 * A window TVF by processing time in a batch job: Flink's batch planner has none and fails the job
 * when it translates the plan ("Processing time Window TableFunction is not supported yet.", flink
 * `table/planner/plan/nodes/exec/batch/BatchExecWindowTableFunction.java`; the batch planner test
 * `plan/batch/sql/WindowTableFunctionTest` expects it for TUMBLE, HOP and CUMULATE). A batch job needs
 * no time attribute: any TIMESTAMP or TIMESTAMP_LTZ column of the rows will do (`table`'s first, named).
 */
function batchProctimeWindow(at: string, call: string, what: string, table: TableDefinition | undefined, diag: Diagnostics): void {
  const time = table?.columns?.find((c) => c.timeAttribute !== "proctime" && (c.type?.kind === "TIMESTAMP" || c.type?.kind === "TIMESTAMP_LTZ"));
  const example = time === undefined ? "" : `, e.g. ${time.name} of ${table!.label}`;
  diag.error(
    at,
    `${call} in a batch job windows by processing time, and ${what}: Flink has no processing-time window TVF in batch mode and fails the job when it plans it ("Processing time Window TableFunction is not supported yet."); ` +
      `window by a TIMESTAMP or TIMESTAMP_LTZ column of the rows instead (a batch job needs no time attribute)${example}, or run the job in streaming mode`,
  );
}

/** A view's select item `PROCTIME() [AS] name` (group 1: the name as marked). */
const PROCTIME_ITEM = new RegExp(String.raw`^PROCTIME\s*\(\s*\)\s+(?:AS\s+)?${MARKED_NAME}$`, "i");

/** A window of a batch job over a simple view whose time column is `PROCTIME() AS column` or passes a table's PROCTIME() column through: batchProctimeWindow. */
function checkBatchViewWindow(a: AnalyzedStatement, code: string, fn: string, viewName: string, column: string, views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  const view = views.get(viewName);
  if (view === undefined || view === a || withQueryNames(code).has(viewName)) return;
  const simple = readSimpleView(view);
  if (simple === undefined) return;
  const call = `${fn}(TABLE ${viewName}, DESCRIPTOR(${column}), ...)`;
  if (simple.items.some((item) => { const p = PROCTIME_ITEM.exec(item); return p !== null && unquoteIdentifier(p[1]!) === column; })) {
    batchProctimeWindow(`statements[${a.index}]`, call, `${column} of the view ${viewName} (statements[${view.index}]) is PROCTIME()`, simple.table, diag);
    return;
  }
  const source = viewColumnSource(simple, column);
  if (source?.column.timeAttribute === "proctime") {
    batchProctimeWindow(`statements[${a.index}]`, call, `${column} of the view ${viewName} (statements[${view.index}]) is ${column} of ${source.table.label}, a PROCTIME() column`, source.table, diag);
  }
}

/** A window over a simple view whose time column passes a table's column through (see viewColumnSource); a WITH query of the name shadows the view. */
function checkViewWindow(a: AnalyzedStatement, code: string, fn: string, viewName: string, column: string, views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  const view = views.get(viewName);
  if (view === undefined || view === a || withQueryNames(code).has(viewName)) return;
  const simple = readSimpleView(view);
  if (simple === undefined) {
    const joined = joinedTimeColumn(view, column);
    if (joined === undefined) return;
    const { what, remedy } = joinedTimeMessage(viewName, view, column, joined);
    diag.error(
      `statements[${a.index}]`,
      `${fn}(TABLE ${viewName}, DESCRIPTOR(${column}), ...) in a streaming job needs a time attribute, and ${what}: Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy}`,
    );
    return;
  }
  const source = viewColumnSource(simple, column);
  const cast = source === undefined ? castTimeAttribute(simple, column) : undefined;
  if (cast !== undefined) {
    const { what, remedy } = castMessage(viewName, view, column, cast);
    diag.error(
      `statements[${a.index}]`,
      `${fn}(TABLE ${viewName}, DESCRIPTOR(${column}), ...) in a streaming job needs a time attribute, and ${what}: Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy}`,
    );
    return;
  }
  if (source === undefined || source.column.timeAttribute !== undefined || timeAttributeUnknown(source.column) || !knows(source.table, "timeAttributes")) return;
  const t = source.table;
  diag.error(
    `statements[${a.index}]`,
    `${fn}(TABLE ${viewName}, DESCRIPTOR(${column}), ...) in a streaming job needs a time attribute, and ${column} of the view ${viewName} (statements[${view.index}]) is ${column} of ${t.label}, a plain ${source.column.type?.toString() ?? "computed"} column: ` +
      `Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy(t, column)}`,
  );
}
