/**
 * A statement's text as the value checks read it. Its own module, not statement.ts: zero-intervals.ts
 * (which generic-table.ts loads for table watermarks) uses it, and a value import of statement.ts
 * from there closes an import cycle in which statement.ts's constants are read before they are
 * initialized (bench/pure-core.cjs, which loads the table code first, failed so).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { UNKNOWN_VALUE } from "./interval-literals.js";
import type { SqlStatement } from "./template.js";

/**
 * The statement's text as the value checks read it (interval literals, window lengths, dialect
 * spellings): each Pulumi Output as UNKNOWN_VALUE (its value is not known yet), each table as
 * `table(t)`, by default " x " (a name that holds no literal); messages that quote the statement
 * pass the table's Flink name.
 */
export function valueText(stmt: SqlStatement, table: (t: TableDefinition) => string = () => " x "): string {
  return stmt.segments.map((s) => (s.kind === "text" ? s.text : s.kind === "output" ? UNKNOWN_VALUE : table(s.table))).join("");
}
