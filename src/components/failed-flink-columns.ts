/**
 * synth's collecting mode: the columns of a FlinkTable that failed validation, for its jobs
 * (failed-table-facts.ts). Each column is read on its own (flink-columns.ts readFlinkColumns, the
 * table's own reading): a column that reads is what the valid table registers; a column whose type
 * or expression does not read keeps its name and kind, `unread` (table-definition.ts TableColumn),
 * so that the jobs' checks still read every other column, and name no error for it (it is no
 * unknown column, and its type is the table's own error). When a name does not read (no string, no
 * identifier, declared twice) the columns are not known at all: a name the job reads could be it.
 */
import { flinkTableColumns, readFlinkColumns } from "../sql/flink-columns.js";
import { checkIdentifier } from "../types/datatypes.js";
import { Diagnostics } from "../validation/diagnostics.js";
import type { TableColumn } from "./table-definition.js";

/** `given` (the columns arg, an array) as TableColumns, or undefined when a column's name does not read; `pk`: the primary key's columns (NOT NULL). */
export function failedFlinkColumns(given: readonly unknown[], pk: ReadonlySet<string>, options: Readonly<Record<string, string>>, rowtime: string | undefined): TableColumn[] | undefined {
  const names = new Set<string>();
  const columns: TableColumn[] = [];
  for (const c of given) {
    const name = failedColumnName(c, names);
    if (name === undefined) return undefined;
    const diag = new Diagnostics();
    const read = readFlinkColumns([c], pk, diag);
    if (!diag.hasErrors && read.columns.length === 1) columns.push(...flinkTableColumns(read, options, rowtime));
    else {
      const unread = unreadColumn(c as Record<string, unknown>, name, rowtime);
      if (unread === undefined) return undefined;
      columns.push(unread);
    }
  }
  return columns;
}

/**
 * The name of column declaration `c` when it reads: `c` an object whose `name` is an identifier
 * the tables' own checks take (flink-columns.ts, iceberg/schema.ts parseColumn) and not in `names`
 * (the names read before it, to which it is added); undefined when not.
 */
export function failedColumnName(c: unknown, names: Set<string>): string | undefined {
  if (typeof c !== "object" || c === null || Array.isArray(c)) return undefined;
  const name = (c as { name?: unknown }).name;
  if (typeof name !== "string" || name === "" || names.has(name)) return undefined;
  try {
    checkIdentifier("the column name", name);
  } catch {
    return undefined;
  }
  names.add(name);
  return name;
}

/**
 * A column whose declaration did not read, by its shape: computed (`expression`), metadata
 * (`metadata`; written unless `virtual: true`) or physical; the rowtime attribute when it is the
 * watermark's column (as flink-columns.ts reads it for a valid table). Undefined when whether an
 * INSERT writes it is not known (`metadata` no object, `virtual` no boolean).
 */
function unreadColumn(c: Record<string, unknown>, name: string, rowtime: string | undefined): TableColumn | undefined {
  const computed = "expression" in c;
  const metadata = !computed && "metadata" in c;
  const m: unknown = c["metadata"];
  if (metadata && (typeof m !== "object" || m === null || Array.isArray(m))) return undefined;
  const virtual: unknown = metadata ? (m as { virtual?: unknown }).virtual : undefined;
  if (virtual !== undefined && typeof virtual !== "boolean") return undefined;
  return {
    name,
    insertable: !computed && !virtual,
    ...(metadata ? { metadata: true as const } : {}),
    ...(name === rowtime ? { timeAttribute: "rowtime" as const } : {}),
    unread: true,
  };
}
