/**
 * A window table-valued function as the FROM relation of an INSERT's SELECT:
 * `FROM TABLE(TUMBLE|HOP|CUMULATE|SESSION(TABLE ${t} [PARTITION BY ...], DESCRIPTOR(col), ...))`.
 * Its columns are the table's, then `window_start`, `window_end` and `window_time` (flink docs
 * window-tvf.md; `SqlWindowTableFunction`), so the INSERT checks can read a windowed SELECT like a
 * plain one. The window columns carry no type here (their type follows the time column's), so no
 * type is checked for them.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { closingParen } from "./top-level.js";

/** The columns a window TVF adds, after the table's own. */
const WINDOW_COLUMNS: readonly TableColumn[] = ["window_start", "window_end", "window_time"].map((name) => ({ name, insertable: false }));

/** The relations windowRelation made (messages name them "the window TVF over ..."). */
const WINDOWED = new WeakSet<TableDefinition>();

/** Whether `table` is a window TVF relation of windowRelation (the table's columns and the window columns). */
export function isWindowRelation(table: TableDefinition): boolean {
  return WINDOWED.has(table);
}

/**
 * The window TVF relation starting at `at` of `code` (marked code: `mark(k)` stands for table k):
 * the table with the window columns added, and where the relation ends; undefined when no window
 * TVF over an interpolated table starts there.
 */
export function windowRelation(code: string, at: number, tables: readonly TableDefinition[], mark: string): { table: TableDefinition; end: number } | undefined {
  const start = /\s*TABLE\s*\(/iy;
  start.lastIndex = at;
  if (start.exec(code) === null) return undefined;
  const open = start.lastIndex - 1;
  const close = closingParen(code, open);
  if (close < 0) return undefined;
  const call = new RegExp(String.raw`^\s*(?:TUMBLE|HOP|CUMULATE|SESSION)\s*\(\s*(?:DATA\s*=>\s*)?TABLE\s+${mark}(\d+)__`, "i").exec(code.slice(open + 1, close));
  if (call === null) return undefined;
  const table = tables[Number(call[1])];
  if (table?.columns === undefined) return undefined;
  const windowed: TableDefinition = { ...table, columns: [...table.columns, ...WINDOW_COLUMNS] };
  WINDOWED.add(windowed);
  return { table: windowed, end: close + 1 };
}
