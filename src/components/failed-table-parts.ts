/**
 * synth's collecting mode (collect.ts): which parts of a failed table's definition are what the
 * valid table would register. A table whose args failed validation still registers a definition
 * (table-definition.ts registerFailedTable) with the parts its args declare readably
 * (failed-table-facts.ts); an unread part is absent there, and absent would otherwise mean "none"
 * (no time attribute, no primary key, no partition keys), so a job's check that reads a part asks
 * `knows` first and skips the table when it is not known: the table's own errors already say what
 * is wrong there.
 */
import type { TableColumn, TableDefinition } from "./table-definition.js";

/**
 * A part of a table's definition that a job's checks read:
 * - `timeAttributes`: which columns are rowtime or proctime attributes (its watermark);
 * - `primaryKey`: its primary key, or that it has none;
 * - `partitionKeys`: its partition keys, or that it has none;
 * - `connector`: its connector and the changelog its options make of it (a FlinkTable's
 *   `connector` and `changelog`; an Iceberg table's are known by its kind);
 * - `branch`: an Iceberg table's branch (`iceberg.branch`), or that it reads and writes main.
 * An Iceberg table's other facts are known when present (FailedIcebergFacts).
 */
export type TablePart = "timeAttributes" | "primaryKey" | "partitionKeys" | "connector" | "branch";

/**
 * Whether column `c`'s time attribute is not known: an `unread` column of a failed table that is
 * not the watermark's column (a computed one may be PROCTIME() once fixed). A check that judges
 * whether a column is a time attribute skips it.
 */
export function timeAttributeUnknown(c: TableColumn): boolean {
  return c.unread === true && c.timeAttribute === undefined;
}

/** Whether `t`'s `part` is what the table declares: always for a valid table; for a failed one when it was read (TableDefinition.known). */
export function knows(t: TableDefinition, part: TablePart): boolean {
  return t.failed !== true || t.known?.includes(part) === true;
}
