/**
 * The time column of a windowing table-valued function over an interpolated table:
 * `TUMBLE(TABLE ${t}, DESCRIPTOR(ts), ...)` (also HOP, CUMULATE, SESSION, and the named
 * `DATA => TABLE ..., TIMECOL => DESCRIPTOR(...)` form). In a streaming job the column must be a
 * time attribute (a watermark's column, or a PROCTIME() computed column), else Flink rejects the
 * statement when it plans the job ("The window function requires the timecol is a time attribute
 * type, but is TIMESTAMP(3)", flink `StreamPhysicalWindowTableFunctionRule`); in a batch job any
 * TIMESTAMP or TIMESTAMP_LTZ column will do (flink `SqlWindowTableFunction`
 * `checkTimeColumnDescriptorOperand`). The legacy group windows (`GROUP BY TUMBLE(ts, INTERVAL ...)`,
 * also HOP and SESSION) over the one interpolated table a statement reads need the same in a
 * streaming job ("Window aggregate can only be defined over a time attribute column", flink
 * `StreamLogicalWindowAggregateRule`). Only these direct shapes are read: a window over a view or a
 * subquery is left to Flink.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { unquoteIdentifier } from "./insert-query.js";
import { markedCode, readsOnlyInterpolatedTables, type AnalyzedStatement } from "./statement.js";
import { rowtimeRemedy } from "./temporal-join.js";
import { viewColumnSource } from "./view-columns.js";

/** `FN(TABLE <table k>[ PARTITION BY ...], DESCRIPTOR(col)`; the table is a `\u0000k\u0000` marker. */
const WINDOW_CALL =
  /\b(TUMBLE|HOP|CUMULATE|SESSION)\s*\(\s*(?:DATA\s*=>\s*)?TABLE\s*\u0000(\d+)\u0000\s*(?:PARTITION\s+BY\s*(?:\([^()]*\)|[^,()]+?)\s*)?,\s*(?:TIMECOL\s*=>\s*)?DESCRIPTOR\s*\(\s*(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)\s*\)/gi;

/** The same call over a view by name: `FN(TABLE v, DESCRIPTOR(col)`. */
const VIEW_WINDOW_CALL =
  /\b(TUMBLE|HOP|CUMULATE|SESSION)\s*\(\s*(?:DATA\s*=>\s*)?TABLE\s+(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)\s*(?:PARTITION\s+BY\s*(?:\([^()]*\)|[^,()]+?)\s*)?,\s*(?:TIMECOL\s*=>\s*)?DESCRIPTOR\s*\(\s*(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)\s*\)/gi;

/** `TUMBLE([q.]col, ` (also HOP, SESSION): a legacy group window's time column. */
const GROUP_WINDOW = /\b(TUMBLE|HOP|SESSION)\s*\(\s*(?:(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*|\u0000\d+\u0000)\s*\.\s*)?(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)\s*,/gi;
/** `FROM <table> [[AS] alias]`, and whether a comma (another relation) follows. */
const FROM_TABLE = /\bFROM\s+\u0000(\d+)\u0000(?:\s+(?:AS\s+)?(?!(?:WHERE|GROUP|JOIN|LEFT|RIGHT|INNER|FULL|CROSS|ON|UNION|ORDER|LIMIT)\b)(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*))?\s*(,)?/i;

/** What to declare on the table so `column` becomes a time attribute. */
function remedy(t: TableDefinition, column: string, proctimeUse = "and DESCRIPTOR(proc_time)"): string {
  const type = t.columns?.find((c) => c.name === column)?.type;
  if (type !== undefined && (type.kind === "TIMESTAMP" || type.kind === "TIMESTAMP_LTZ") && (type as unknown as { precision: number }).precision > 3) {
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
export function checkWindowTimeColumns(a: AnalyzedStatement, streaming: boolean, diag: Diagnostics, views?: ReadonlyMap<string, AnalyzedStatement>): void {
  // Most statements have no window: skip them before scanning their code.
  if (!a.statement.segments.some((s) => s.kind === "text" && /DESCRIPTOR|GROUP\s+BY/i.test(s.text))) return;
  const { code: text, tables } = markedCode(a);
  if (streaming && views !== undefined && views.size > 0) checkViewWindows(a, text, views, diag);
  if (tables.length === 0) return;
  if (streaming) checkGroupWindows(a, text, tables, diag);
  for (const m of text.matchAll(WINDOW_CALL)) {
    const fn = m[1]!.toUpperCase();
    const t = tables[Number(m[2])]!;
    const column = unquoteIdentifier(m[3]!);
    const at = `statements[${a.index}]`;
    if (!streaming && fn === "SESSION") {
      diag.error(at, `SESSION(TABLE ${t.tableName}, ...) in a batch job: Flink has no session window TVF in batch mode (flink docs window-tvf.md: "Session Window TVF is not supported in batch mode"); run the job in streaming mode, or use TUMBLE, HOP or CUMULATE`);
      continue;
    }
    if (t.failed === true || t.columns === undefined) continue;
    const col = t.columns.find((c) => c.name === column);
    if (col === undefined) {
      diag.error(at, `${fn}(TABLE ${t.tableName}, DESCRIPTOR(${column}), ...): ${t.label} has no column ${JSON.stringify(column)} (columns: ${t.columns.map((c) => c.name).join(", ")}); Flink fails the statement ("Unknown identifier")`);
      continue;
    }
    if (col.timeAttribute !== undefined) continue;
    const kind = col.type?.kind;
    if (!streaming) {
      if (kind !== undefined && kind !== "TIMESTAMP" && kind !== "TIMESTAMP_LTZ") {
        diag.error(at, `${fn}(TABLE ${t.tableName}, DESCRIPTOR(${column}), ...): ${column} of ${t.label} is ${col.type!.toString()}, and a window's time column is TIMESTAMP or TIMESTAMP_LTZ ("The window function ... requires the timecol to be TIMESTAMP or TIMESTAMP_LTZ")`);
      }
      continue;
    }
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
  if (t === undefined || t.failed === true || t.columns === undefined || from === null || from[3] !== undefined) return;
  const qualifiers = [from[2] !== undefined ? unquoteIdentifier(from[2]) : t.tableName, `\u0000${from[1]}\u0000`];
  for (const m of code.matchAll(GROUP_WINDOW)) {
    if (m[2] !== undefined && !qualifiers.includes(m[2].startsWith("\u0000") ? m[2] : unquoteIdentifier(m[2]))) continue;
    const column = unquoteIdentifier(m[3]!);
    const col = t.columns.find((c) => c.name === column);
    if (col === undefined || col.timeAttribute !== undefined) continue;
    diag.error(
      `statements[${a.index}]`,
      `${m[1]!.toUpperCase()}(${column}, ...) in a streaming job's GROUP BY needs a time attribute, and ${column} of ${t.label} is a plain ${col.type?.toString() ?? "computed"} column: ` +
        `Flink rejects the statement when it plans the job ("Window aggregate can only be defined over a time attribute column"); ${remedy(t, column, "and TUMBLE(proc_time, ...)")}`,
    );
  }
}

/** True when the statement defines a WITH query `name` (which shadows a view of that name). */
function definesWithQuery(code: string, name: string): boolean {
  const quoted = `\`${name.replace(/`/g, "``")}\``.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const plain = /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) ? `|${name.replace(/\$/g, "\\$")}` : "";
  return new RegExp(`(?:\\bWITH|,)\\s*(?:${quoted}${plain})\\s*(?:\\([^()]*\\)\\s*)?AS\\s*\\(`, "i").test(code);
}

/** Windows over a simple view whose time column passes a table's column through (see viewColumnSource). */
function checkViewWindows(a: AnalyzedStatement, code: string, views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  for (const m of code.matchAll(VIEW_WINDOW_CALL)) {
    const viewName = unquoteIdentifier(m[2]!);
    const view = views.get(viewName);
    if (view === undefined || view === a || definesWithQuery(code, viewName)) continue;
    const column = unquoteIdentifier(m[3]!);
    const source = viewColumnSource(view, column);
    if (source === undefined || source.column.timeAttribute !== undefined) continue;
    const t = source.table;
    diag.error(
      `statements[${a.index}]`,
      `${m[1]!.toUpperCase()}(TABLE ${viewName}, DESCRIPTOR(${column}), ...) in a streaming job needs a time attribute, and ${column} of the view ${viewName} (statements[${view.index}]) is ${column} of ${t.label}, a plain ${source.column.type?.toString() ?? "computed"} column: ` +
        `Flink rejects the statement when it plans the job ("The window function requires the timecol is a time attribute type"); ${remedy(t, column)}`,
    );
  }
}
