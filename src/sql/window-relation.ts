/**
 * A window table-valued function as the FROM relation of an INSERT's SELECT:
 * `FROM TABLE(TUMBLE|HOP|CUMULATE|SESSION(TABLE ${t} [PARTITION BY ...], DESCRIPTOR(col), ...))`.
 * Its columns are the table's, then `window_start`, `window_end` and `window_time` (flink docs
 * window-tvf.md; `SqlWindowTableFunction`), so the INSERT checks can read a windowed SELECT like a
 * plain one. The window columns carry no type here, so no check that reads column types (a source's
 * physical columns, its NOT NULL ones) takes them for the table's own; the INSERT type check reads
 * window_start's and window_end's with windowColumnType.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import { DataTypes } from "../types/datatypes.js";
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
 * The type of a window TVF's `window_start` or `window_end`: TIMESTAMP(3) NOT NULL whatever the time
 * column's type (flink `SqlWindowTableFunction.inferRowType`); undefined for any other column
 * (window_time follows the time attribute's type).
 */
export function windowColumnType(table: TableDefinition, name: string): DataType | undefined {
  return (name === "window_start" || name === "window_end") && WINDOWED.has(table) ? DataTypes.TIMESTAMP(3).notNull() : undefined;
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
