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

/** How the job's references read a table: `unbounded` with the reason of the first reference without an end, or bounded. */
export interface HintedRead {
  readonly unbounded: boolean;
  readonly reason?: string;
}

/**
 * Each table the statements read (`hintsOf`: the hints of its references, hinted-reads.ts readReferences), with whether some reference reads it
 * without an end after its OPTIONS hint, and the reason of the first that does. A table bounded by
 * its own options stays bounded (a hint that would make it unbounded is not judged here); a failed
 * table is bounded (its facts are not known).
 */
export function hintedReads(hintsOf: ReadonlyMap<TableDefinition, readonly Readonly<Record<string, string>>[]>): Map<TableDefinition, HintedRead> {
  const out = new Map<TableDefinition, HintedRead>();
  for (const [t, hints] of hintsOf) {
    let read: HintedRead = { unbounded: false };
    if (!t.bounded) {
      for (const hint of hints) {
        const r = Object.keys(hint).length === 0 || t.connectorOptions === undefined ? { bounded: false, reason: t.unboundedReason } : connectorBoundedness({ ...t.connectorOptions, ...hint });
        if (r.bounded) continue;
        read = Object.assign({ unbounded: true }, r.reason !== undefined ? { reason: r.reason } : undefined);
        break;
      }
    }
    out.set(t, read);
  }
  return out;
}
