/**
 * Whether a batch job's reads of an unbounded FlinkTable end, mention by mention: an OPTIONS hint
 * after a table reference (`${kafka} /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') *\/`,
 * `${gen} /*+ OPTIONS('number-of-rows' = '100') *\/`) is merged into the table's WITH options
 * before Flink creates that reference's source (flink `CatalogSourceTable`:
 * `contextResolvedTable.copy(FlinkHints.mergeTableOptions(hintedOptions, ...getOptions()))`, then
 * `createDynamicTableSource`), so the connector reads that reference bounded. Flink refuses a
 * batch job only for a reference whose source is unbounded ("Querying an unbounded table ... in
 * batch mode is not allowed"), so a table is reported when some reference of it, with its hint,
 * still reads without an end (connector-bounds.ts decides, over the merged options).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { connectorBoundedness } from "./connector-bounds.js";
import { tableOptionsHints } from "./hints.js";
import type { AnalyzedStatement } from "./statement.js";

/** How the job's references read a table: `unbounded` with the reason of the first reference without an end, or bounded. */
export interface HintedRead {
  readonly unbounded: boolean;
  readonly reason?: string;
}

/**
 * The tables the statements read (every table reference but the INSERT target's), each with
 * whether some reference reads it without an end after its OPTIONS hint. A table bounded by its own
 * options stays bounded (a hint that would make it unbounded is not judged here); a failed table
 * is bounded (its facts are not known).
 */
export function hintedReads(analyzed: readonly AnalyzedStatement[]): Map<TableDefinition, HintedRead> {
  const out = new Map<TableDefinition, HintedRead>();
  for (const a of analyzed) {
    const hints = new Map(tableOptionsHints(a.statement.segments).hints.map((h) => [h.segment, h.options]));
    a.statement.segments.forEach((s, k) => {
      if (s.kind !== "table" || s.table === a.target || out.get(s.table)?.unbounded === true) return;
      const t = s.table;
      if (t.bounded) return void out.set(t, { unbounded: false });
      const hint = hints.get(k);
      const read = hint === undefined || t.connectorOptions === undefined ? { bounded: false, reason: t.unboundedReason } : connectorBoundedness({ ...t.connectorOptions, ...hint });
      out.set(t, read.bounded ? { unbounded: false } : Object.assign({ unbounded: true }, read.reason !== undefined ? { reason: read.reason } : undefined));
    });
  }
  return out;
}

/** The OPTIONS hint of each reference the statements read each table through ({} for a reference without one); the INSERT target's is not a read. */
export function readHints(analyzed: readonly AnalyzedStatement[]): Map<TableDefinition, Readonly<Record<string, string>>[]> {
  const out = new Map<TableDefinition, Readonly<Record<string, string>>[]>();
  for (const a of analyzed) {
    const hints = new Map(tableOptionsHints(a.statement.segments).hints.map((h) => [h.segment, h.options]));
    a.statement.segments.forEach((s, k) => {
      if (s.kind !== "table" || s.table === a.target) return;
      out.set(s.table, [...(out.get(s.table) ?? []), hints.get(k) ?? {}]);
    });
  }
  return out;
}
