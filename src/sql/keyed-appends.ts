/**
 * A streaming INSERT of inserts only into an IcebergSink keyed by its primaryKey without
 * upsertEnabled: the key does not deduplicate. The keyed writer (iceberg
 * `flink/v1.20/flink/src/main/java/org/apache/iceberg/flink/sink/BaseDeltaTaskWriter.java` write:
 * an INSERT row is only written, its key deleted first under upsert alone) remembers the keys it
 * wrote in its own map (core `io/BaseTaskWriter.java` BaseEqualityDeltaWriter.write:
 * insertedRowMap, a position delete for the row written before), and the stream writer makes a new
 * task writer at every checkpoint (`flink/.../sink/IcebergStreamWriter.java`
 * prepareSnapshotPreBarrier: flush, then taskWriterFactory.create()). So a key repeated within one
 * checkpoint keeps its last row, and a key that comes again in a later checkpoint is a second row
 * of the table. Under upsert each insert deletes its key by an equality delete first.
 *
 * Quiet: when the INSERT writes updates or deletes (a changelog source, an updating operation,
 * certain or not: changelog-sinks.ts updatesWritten; those need the key, whose equality deletes
 * remove the old rows); when it or a view it reads makes rows unique by a key of the query (a
 * window aggregation, ROW_NUMBER, DISTINCT: the sink-key checks judge the key there); when the
 * statement has errors of its own; under upsert; on a format-version 1 table (its formatVersion warning says
 * that the first repeated key fails the job: sink-options.ts); in batch mode, where one task
 * writer takes the whole run (IcebergStreamWriter.endInput flushes once), so the run's own repeats
 * are removed and what earlier runs wrote is for INSERT OVERWRITE or upsert to replace.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import type { InsertUpdates } from "./changelog-sinks.js";
import { keyedWithoutUpsert } from "./row-delta-reads.js";
import { windowAggregates } from "./updating-operations.js";
import { withViews } from "./view-names.js";

/** True when `code` makes rows unique by a key of its own: a window aggregation, ROW_NUMBER (a deduplication or Top-N), DISTINCT. */
function uniqueRows(code: string): boolean {
  return windowAggregates(code) || /\b(?:ROW_NUMBER\s*\(|DISTINCT\b)/i.test(code);
}

/** The tables `parts` (an INSERT and the views it reads: withViews) read, in order of first mention. */
function readsOf(parts: readonly AnalyzedStatement[]): TableDefinition[] {
  const out: TableDefinition[] = [];
  for (const s of parts) for (const t of s.reads) if (!out.includes(t)) out.push(t);
  return out;
}

/**
 * Warns (at `statements[i]`) for each INSERT of a streaming job that writes inserts only into a
 * keyed IcebergSink without upsertEnabled on format version 2 or 3 (see the file comment; `updatesOf`:
 * changelog-sinks.ts insertUpdates). Call it for streaming jobs only.
 */
export function checkKeyedAppends(
  inserts: readonly AnalyzedStatement[],
  views: ReadonlyMap<string, AnalyzedStatement>,
  updatesOf: InsertUpdates,
  diag: Diagnostics,
): void {
  for (const a of inserts) {
    const t = a.target;
    if (t === undefined || a.kind !== "insert" || !keyedWithoutUpsert(t)) continue;
    // A statement with errors of its own gets no advice on top.
    if (diag.hasErrorAt(`statements[${a.index}]`) || updatesOf(a) !== undefined) continue;
    // Rows unique by a key of the query (a window aggregation's groups, a deduplication, DISTINCT): whether the sink's key
    // holds it is the aggregate and rank sink-key checks' question (aggregate-sink-keys.ts, rank-sink-keys.ts).
    const parts = withViews(a, views);
    if (parts.some((s) => uniqueRows(statementCode(s, true)))) continue;
    const reads = readsOf(parts);
    const from = reads.length === 0 ? "" : ` (from ${reads.map((r) => r.label).join(", ")})`;
    const key = t.primaryKey !== undefined && t.primaryKey.length > 0 ? ` (${t.primaryKey.join(", ")})` : "";
    // Upsert needs every partition source column in the key (sink-options.ts renderSinkWrite, iceberg SinkUtil).
    const outside = (t.partitionKeys ?? []).filter((c) => !(t.primaryKey ?? []).includes(c));
    const partition = outside.length === 0 ? "" : `, with ${outside.map((c) => JSON.stringify(c)).join(", ")} added to the primaryKey or the table partitioned by key columns (upsert needs every partition column in the key)`;
    diag.warn(
      `statements[${a.index}]`,
      `${t.label} is keyed by its primaryKey${key} without upsertEnabled, and the statement writes inserts only into it${from}: ` +
        "the keyed writer removes a repeated key only within one checkpoint (a position delete for the row it wrote before: iceberg BaseTaskWriter.BaseEqualityDeltaWriter) and starts afresh at each checkpoint, " +
        "so a key that comes again in a later checkpoint (an update sent as a new message, a resend, a source read again from the start) becomes a second row of the table; " +
        `set upsertEnabled: true on ${t.label} (each row then replaces the row of its key)${partition}, or drop its primaryKey for an append-only table`,
    );
  }
}
