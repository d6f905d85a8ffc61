/**
 * synth's collecting mode: the columns of an IcebergSource or IcebergSink that failed validation,
 * for its jobs (failed-table-facts.ts). Each column is converted on its own (iceberg/schema.ts
 * convertColumns, the table's own column check, with the primary key when it is a key column): a
 * column that converts is what the valid table registers (a key column NOT NULL); a column whose
 * type (or comment, or an arg it does not take) does not read keeps its name, `unread`
 * (table-definition.ts TableColumn, as failed-flink-columns.ts gives a FlinkTable's), so that the
 * jobs' checks still read every other column and name no error for it: its type is the table's
 * own error. When a name does not read (no string, no identifier, declared twice) the columns are
 * not known at all: a name the job reads could be it.
 */
import { convertColumns } from "../iceberg/schema.js";
import type { Column } from "../iceberg/types.js";
import { Diagnostics } from "../validation/diagnostics.js";
import { failedColumnName } from "./failed-flink-columns.js";
import type { TableColumn } from "./table-definition.js";

/**
 * `given` (the columns arg, an array) as TableColumns, or undefined when a column's name does not
 * read; `key`: the primary key's columns (NOT NULL), read without an error; `rowtime`: the
 * watermark's column (an IcebergSource's, when its watermark reads).
 */
export function failedIcebergColumns(given: readonly unknown[], key: readonly string[], rowtime: string | undefined): TableColumn[] | undefined {
  const names = new Set<string>();
  const columns: TableColumn[] = [];
  for (const c of given) {
    const name = failedColumnName(c, names);
    if (name === undefined) return undefined;
    const time = name === rowtime ? { timeAttribute: "rowtime" as const } : undefined;
    const converted = convertColumns([c as Column], { primaryKey: key.includes(name) ? [name] : [], formatVersion: 3 }, new Diagnostics());
    const type = converted?.columns[0]?.type;
    columns.push(Object.assign(type !== undefined ? { name, type, insertable: true } : { name, insertable: true, unread: true as const }, time));
  }
  return columns;
}
