/**
 * The static partition clause of an INSERT: `INSERT { INTO | OVERWRITE } ${sink} PARTITION (col =
 * literal, ...) [(columns)] SELECT ...` (flink docs insert.md). Flink requires every named column
 * to be a partition key of the sink (flink `DynamicSinkUtils.validatePartitioning`: "Static
 * partition column ... should be in the partition keys list"), and the SELECT then supplies the
 * other columns, in the table's order (the static values are filled in by the planner).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { closingParen, topLevelSplit, unquoteIdentifier } from "./top-level.js";

/** `name = value` of one static partition entry; the value any literal. */
const ENTRY = /^\s*(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)\s*=\s*\S[\s\S]*$/;

/**
 * The static partition columns at `pos` of `code` (codeOnly of `text`, literals kept), their values
 * (each as written, trimmed, runs of white space as one space), and where the clause ends;
 * `undefined` when no PARTITION clause starts there, `"unreadable"` when one does but its entries
 * are not `name = value`.
 */
export function readStaticPartition(code: string, text: string, pos: number): { columns: string[]; values: string[]; end: number } | "unreadable" | undefined {
  const m = /^\s*PARTITION\s*\(/i.exec(code.slice(pos));
  if (m === null) return undefined;
  const open = pos + m[0].length - 1;
  const close = closingParen(code, open);
  const parts = close < 0 ? undefined : topLevelSplit(code, open + 1, close);
  if (parts === undefined) return "unreadable";
  const columns: string[] = [];
  const values: string[] = [];
  for (const [s, e] of parts) {
    const entry = ENTRY.exec(code.slice(s, e));
    if (entry === null) return "unreadable";
    const start = s + code.slice(s, e).indexOf(entry[1]!);
    columns.push(unquoteIdentifier(text.slice(start, start + entry[1]!.length)));
    const eq = code.indexOf("=", start + entry[1]!.length);
    values.push(text.slice(eq + 1, e).trim().replace(/\s+/g, " "));
  }
  return { columns, values, end: close + 1 };
}

/** Errors at `at` for static partition columns that are no partition key of `target`. */
export function checkStaticPartitionKeys(target: TableDefinition, columns: readonly string[], at: string, diag: Diagnostics): void {
  const keys = target.partitionKeys ?? [];
  const stray = columns.filter((c) => !keys.includes(c));
  if (stray.length === 0) return;
  const names = stray.map((c) => JSON.stringify(c)).join(", ");
  diag.error(
    at,
    keys.length === 0
      ? `PARTITION (${names} = ...) names a static partition, but ${target.label} has no partitionedBy: Flink fails to plan the job ("Static partition column ... should be in the partition keys list []", flink DynamicSinkUtils); ` +
          `remove the PARTITION clause and select the column's value, or partition ${target.label} by it (partitionedBy)`
      : `PARTITION names ${names}, which ${stray.length === 1 ? "is no partition column" : "are no partition columns"} of ${target.label} (partitionedBy: ${keys.join(", ")}): Flink fails to plan the job ` +
          `("Static partition column ... should be in the partition keys list", flink DynamicSinkUtils); name only partition columns there and select the others' values`,
  );
}
