/**
 * The seed's source option table (SPEC "Source options", seed Table 1) as a zod schema, and how it
 * renders (SPEC decision 4), plus the source's event time (`watermark`, source-watermark.ts). Every read goes through the FLIP-27 source, which the job forces with
 * the job-level setting `'table.exec.iceberg.use-flip27-source' = 'true'` (not a WITH option).
 * Runtime behaviour: iceberg `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/source/ScanContext.java`
 * (`validate`), `source/StreamingStartingStrategy.java`, `FlinkReadOptions.java` (facts §1.2, §6).
 */
import * as z from "zod";
import { smallSizeWarning } from "./byte-size.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { booleanField, byteSizeField, snapshotIdField, withQuickRead } from "./fields.js";
import { quickBoolean } from "./quick-fields.js";

/** `starting-strategy` values the product renders (exact case: the runtime uses Enum.valueOf). */
export const StartingStrategy = {
  TableScanThenIncremental: "TABLE_SCAN_THEN_INCREMENTAL",
  IncrementalFromSnapshotId: "INCREMENTAL_FROM_SNAPSHOT_ID",
} as const;

/** Source options, field by field; descriptions mirror the TSDoc of IcebergSourceArgs. */
export const IcebergSourceOptionsShape = {
  streaming: withQuickRead(
    booleanField.optional().default(false).meta({
      description:
        "Seed key `streaming`, boolean, default false. false: read the current snapshot once, then the source finishes (bounded). " +
        "true: read continuously: the whole current table, then every new snapshot (`'starting-strategy' = 'TABLE_SCAN_THEN_INCREMENTAL'`); " +
        "with startSnapshotId new snapshots from that id on; with endSnapshotId the read becomes bounded (see endSnapshotId). Always rendered as `streaming`. " +
        "Without snapshot ids, extraOptions[\"starting-strategy\"] (INCREMENTAL_FROM_LATEST_SNAPSHOT, INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE, INCREMENTAL_FROM_EARLIEST_SNAPSHOT, or INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP with extraOptions[\"start-snapshot-timestamp\"] in epoch ms) chooses where the read starts instead. " +
        "Source: seed Table 1 row streaming; SPEC decision 4.",
    }),
    quickBoolean,
  ),
  startSnapshotId: snapshotIdField.optional().meta({
    description:
      "Seed key `start-snapshot-id`: a snapshot id (decimal string, bigint, or a safe-integer number; 1 to 2^63-1), no default. Only with streaming: true (else a preview error). " +
      "Without endSnapshotId: rendered `'starting-strategy' = 'INCREMENTAL_FROM_SNAPSHOT_ID'` + `'start-snapshot-id'`, reading new snapshots from this one on, this one INCLUDED " +
      "(the seed says 'after'; the FLIP-27 runtime has no exclusive start for unbounded reads and ignores the id without the strategy). " +
      "With endSnapshotId: a bounded read of what was appended after this snapshot (exclusive) up to endSnapshotId (inclusive). " +
      "Unset: the whole current table first. The id must exist and not be expired (checked by the runtime at start-up: 'Start snapshot id not found in history'). " +
      "Source: seed Table 1 row start-snapshot-id; SPEC decisions 3 and 4; iceberg source/StreamingStartingStrategy.java.",
  }),
  endSnapshotId: snapshotIdField.optional().meta({
    description:
      "Seed key `end-snapshot-id`: a snapshot id (decimal string, bigint, or a safe-integer number; 1 to 2^63-1), no default. Only with streaming: true (else a preview error). " +
      "Makes the read bounded: the job ends after this snapshot. Without startSnapshotId: the whole table as of this snapshot (`'streaming' = 'false'`, `'snapshot-id'`). " +
      "With startSnapshotId: appended data after the start (exclusive) up to this snapshot (inclusive), rendered `'streaming' = 'false'` with both ids, because the runtime rejects an end id on an unbounded read. " +
      "Must differ from startSnapshotId (an empty range); 'after the start' means the start is an ancestor, which only the catalog can check (ids are random, never compared numerically). " +
      "Source: seed Table 1 row end-snapshot-id; SPEC decisions 3 and 4; iceberg source/ScanContext.java.",
  }),
  splitSize: byteSizeField.optional().meta({
    description:
      "Seed key `split-size`: target size of each read split in bytes, a positive whole number or size text such as \"128MB\" or \"128MiB\" (binary units, as Flink reads memory sizes); rendered as `split-size` with the byte count. " +
      "Seed default 128 MB (134217728). Unset: not rendered, and the runtime reads 134217728 (128 MiB) whatever the table property read.split.target-size says: through Iceberg 1.11 the session option connector.iceberg.split-size declares that default, which wins over the table property. " +
      "Too small = scheduling overhead, too large = skew. Source: seed Table 1 row split-size; iceberg FlinkReadOptions.java SPLIT_SIZE_OPTION, FlinkReadConf.splitSize, FlinkConfParser.parse.",
  }),
  watermark: z
    .strictObject({
      column: z.string({ error: "watermark.column is the name of the event-time column, a string" }).min(1, { error: "watermark.column must name a column" }),
      expression: z.string({ error: "watermark.expression is Flink SQL expression text, e.g. \"`ts` - INTERVAL '5' SECOND\"" }).optional(),
    }, { error: "watermark is { column, expression? }" })
    .optional()
    .meta({
      description:
        "Not in the seed table: the table's event time, `{ column, expression? }` (plain values), rendered `WATERMARK FOR column AS ...` in CREATE TABLE. column: a column of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), p 0..3, no '.' in its name. " +
        "Without expression (recommended): source watermarks, `SOURCE_WATERMARK()` with `'watermark-column'`: the source starts files in the order of the column's lower bound and emits that bound as the watermark (Iceberg 1.9.0+ runtime, else 'SOURCE_WATERMARK() is a declarative marker function' on the first row; every data file needs the column's lower bound: never in Avro files, none under metrics mode none/counts, an error when the table's options set it). " +
        "With expression (e.g. \"`ts` - INTERVAL '5' SECOND\"): a watermark from the rows, always with a warning: files are read several at a time, so windows drop late rows. Default: none (no event time). " +
        "Source: iceberg flink/.../source/IcebergTableSource.java (SupportsSourceWatermark), source/reader/ColumnStatsWatermarkExtractor.java.",
    }),
} as const;

/** The source option table as one strict object schema (for docs and JSON Schema). */
export const IcebergSourceOptionsSchema = z.strictObject(IcebergSourceOptionsShape);

/** Parsed source options. */
export type IcebergSourceOptions = z.output<typeof IcebergSourceOptionsSchema>;

/** What a source read renders and what the job needs to know about it. */
export interface SourceRead {
  /** The read options of the WITH map. */
  readonly options: Record<string, string>;
  /** True when the read ends (rendered `'streaming' = 'false'`). */
  readonly bounded: boolean;
  /** Why the read never ends, for the job's messages. */
  readonly unboundedReason?: string;
  /** True for a rendered `'streaming' = 'true'` (an incremental read that follows new snapshots). */
  readonly streamingRead: boolean;
  /** True when the read is pinned by snapshot ids (snapshot-id or start/end ids rendered). */
  readonly pinnedBySnapshotIds: boolean;
}

/** Read options that choose a snapshot or range instead of the current table (iceberg FlinkReadOptions): batch-self-appends.ts. */
export const SNAPSHOT_SELECTION = ["snapshot-id", "start-snapshot-id", "end-snapshot-id", "tag", "start-tag", "end-tag", "as-of-timestamp", "start-snapshot-timestamp"] as const;

/**
 * Renders SPEC decision 4's table. Rules reported into `diag`: ids need streaming: true (one error
 * per id set); start equal to end is an empty range. Ids are never compared numerically.
 * `chosenStrategy`: the strategy entries a streaming read without ids chose in extraOptions
 * (starting-strategy.ts, already checked), rendered instead of TABLE_SCAN_THEN_INCREMENTAL.
 * Returns undefined when a rule failed.
 */
export function renderSourceRead(o: Partial<IcebergSourceOptions>, diag: Diagnostics, chosenStrategy?: Readonly<Record<string, string>>): SourceRead | undefined {
  const streaming = o.streaming ?? false;
  const start = o.startSnapshotId;
  const end = o.endSnapshotId;
  let ok = true;
  if (!streaming) {
    for (const [arg, id] of [["startSnapshotId", start], ["endSnapshotId", end]] as const) {
      if (id === undefined) continue;
      diag.error(
        arg,
        `${arg} ${id} only takes effect with streaming: true (this package's streaming flag chooses incremental reads); set streaming: true for an incremental read: ` +
          `with endSnapshotId as well it reads the snapshots between the two once and ends (a batch job can run it), or remove ${arg} to read the current snapshot once`,
      );
      ok = false;
    }
  }
  if (start !== undefined && end !== undefined && start === end) {
    diag.error(
      "endSnapshotId",
      `endSnapshotId equals startSnapshotId (${start}): the read starts after the start snapshot (exclusive) and ends at the end snapshot (inclusive), so this range is empty; ` +
        `use the id of a later snapshot as endSnapshotId, or drop startSnapshotId to read the whole table as of ${end}`,
    );
    ok = false;
  }
  if (!ok) return undefined;

  const options: Record<string, string> = {};
  if (o.splitSize !== undefined) {
    options["split-size"] = String(o.splitSize);
    const small = smallSizeWarning("splitSize", o.splitSize, "a read split per few bytes: a split per file at least, and planning overhead for nothing");
    if (small !== undefined) diag.warn("splitSize", small);
  }
  if (!streaming) {
    options["streaming"] = "false";
    return { options, bounded: true, streamingRead: false, pinnedBySnapshotIds: false };
  }
  if (end !== undefined) {
    options["streaming"] = "false";
    if (start === undefined) options["snapshot-id"] = end;
    else Object.assign(options, { "start-snapshot-id": start, "end-snapshot-id": end });
    return { options, bounded: true, streamingRead: false, pinnedBySnapshotIds: true };
  }
  options["streaming"] = "true";
  if (start === undefined) {
    if (chosenStrategy !== undefined) Object.assign(options, chosenStrategy);
    else options["starting-strategy"] = StartingStrategy.TableScanThenIncremental;
    return { options, bounded: false, unboundedReason: "streaming: true without endSnapshotId", streamingRead: true, pinnedBySnapshotIds: false };
  }
  options["starting-strategy"] = StartingStrategy.IncrementalFromSnapshotId;
  options["start-snapshot-id"] = start;
  return { options, bounded: false, unboundedReason: "streaming: true with startSnapshotId and without endSnapshotId", streamingRead: true, pinnedBySnapshotIds: true };
}
