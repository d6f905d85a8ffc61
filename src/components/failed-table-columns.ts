/**
 * synth's collecting mode (collect.ts): the columns of a table whose args failed validation, when
 * they are readable on their own, so a job that uses the table still checks its statements
 * against them (the SELECT list, WHERE, the column count and types of an INSERT, the window
 * columns). Only the column declarations and the primary key are read: nothing that comes from the
 * parts that may have failed (a FlinkTable's watermark, so no event-time attribute; its options
 * only for 'datagen' columns that never read NULL).
 */
import { convertColumns } from "../iceberg/schema.js";
import type { Column } from "../iceberg/types.js";
import { flinkTableColumns, readFlinkColumns } from "../sql/flink-columns.js";
import { Diagnostics } from "../validation/diagnostics.js";
import type { TableColumn, TableDefinition } from "./table-definition.js";

/** The readable columns of a failed table of `resourceType` from its `args`; undefined when they are not readable (the table's own errors say why). */
export function failedTableColumns(resourceType: TableDefinition["resourceType"], args: unknown): TableColumn[] | undefined {
  return resourceType === "FlinkTable" ? flinkColumns(args) : icebergColumns(args);
}

/**
 * An Iceberg table's columns, when its columns and primary key pass the table's own column checks
 * (convertColumns: the same columns, key columns NOT NULL, as a valid table registers).
 */
function icebergColumns(args: unknown): TableColumn[] | undefined {
  const a = typeof args === "object" && args !== null ? (args as { columns?: unknown; primaryKey?: unknown }) : {};
  const converted = convertColumns(a.columns as Column[], { primaryKey: a.primaryKey as string[] | undefined, formatVersion: 3 }, new Diagnostics());
  return converted?.columns.map((c) => ({ name: c.name, type: c.type, insertable: true }));
}

/**
 * A FlinkTable's columns, when every column reads without a problem (readFlinkColumns: names,
 * types, expressions, metadata) and its primary key, if any, names physical columns (they are then
 * NOT NULL, as the valid table registers them).
 */
function flinkColumns(args: unknown): TableColumn[] | undefined {
  const a = typeof args === "object" && args !== null ? (args as { columns?: unknown; primaryKey?: unknown; options?: unknown }) : {};
  if (!Array.isArray(a.columns) || a.columns.length === 0) return undefined;
  const key = a.primaryKey ?? [];
  if (!Array.isArray(key) || !key.every((k) => typeof k === "string")) return undefined;
  const diag = new Diagnostics();
  const read = readFlinkColumns(a.columns, new Set(key), diag);
  if (diag.hasErrors || key.some((k) => read.kinds.get(k)?.kind !== "physical")) return undefined;
  const given = typeof a.options === "object" && a.options !== null ? (a.options as Record<string, unknown>) : {};
  const options = Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => typeof e[1] === "string"));
  // No rowtime: the watermark may be what failed (the job's time-attribute checks skip a failed table).
  return flinkTableColumns(read, options, undefined);
}
