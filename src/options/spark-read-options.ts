/**
 * Read options of Iceberg's Spark connector that its Flink connector never reads, in an Iceberg
 * table's `extraOptions` or a statement's OPTIONS hint. The Flink source reads only the keys of
 * iceberg `flink/v1.20/flink/src/main/java/org/apache/iceberg/flink/FlinkReadOptions.java` (the
 * same in flink/v2.0 and v2.1, which adds `lazy-initial-bulk-scan-page-size`), none of which starts
 * with `streaming-`; the keys below are `spark/v3.5/spark/src/main/java/org/apache/iceberg/spark/
 * SparkReadOptions.java` ones (Spark reads them case-insensitively, so they are matched so here).
 * The connector keeps an unread key only as a table property when it creates the table.
 */

/** A Spark read option: the Flink read option that does its job, or what a Flink read does instead. */
interface SparkReadOption {
  /** The Flink read option to write instead (FlinkReadOptions), when there is one. */
  readonly flink?: string;
  /** What the Flink option needs beside it, after the key and value (e.g. the starting strategy). */
  readonly alongside?: string;
  /** Without a Flink option: what a Flink read does in its place. */
  readonly otherwise?: string;
}

/**
 * Why a streaming Flink read needs no skip option: it plans each new range with an incremental
 * append scan and skips every other snapshot whole, without an error (iceberg
 * flink/.../source/FlinkSplitPlanner.java planTasks, core BaseIncrementalAppendScan; row-delta-reads.ts).
 */
const SKIPS = (operation: string): string =>
  `a streaming Flink read already skips every "${operation}" snapshot, the rows it adds too, without an error, and has no option to read or fail on one (it reads "append" snapshots only: iceberg FlinkSplitPlanner / BaseIncrementalAppendScan)`;

const NO_BATCH_LIMIT =
  'a streaming Flink read has no per-batch limit: it plans every new snapshot at each discovery ("monitor-interval"), and "max-planning-snapshot-count" bounds how many snapshots one discovery plans';

const FROM_TIMESTAMP = { flink: "start-snapshot-timestamp", alongside: 'with "starting-strategy" = "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP" on a streaming read' } as const;

/** Spark read options (lower case) the Flink connector never reads (SparkReadOptions), with their Flink counterpart. */
const SPARK_READ_OPTIONS: ReadonlyMap<string, SparkReadOption> = new Map<string, SparkReadOption>([
  ["streaming-skip-delete-snapshots", { otherwise: SKIPS("delete") }],
  ["streaming-skip-overwrite-snapshots", { otherwise: SKIPS("overwrite") }],
  ["streaming-max-files-per-micro-batch", { otherwise: NO_BATCH_LIMIT }],
  ["streaming-max-rows-per-micro-batch", { otherwise: NO_BATCH_LIMIT }],
  ["stream-from-timestamp", FROM_TIMESTAMP],
  ["start-timestamp", FROM_TIMESTAMP],
  ["end-timestamp", { otherwise: "a Flink read is bounded by snapshot, not by time: set endSnapshotId (streaming: false) to the last snapshot to read" }],
  ["lookback", { flink: "split-lookback" }],
  ["file-open-cost", { flink: "split-file-open-cost" }],
]);

/**
 * The streaming options a Flink read does take (FlinkReadOptions), for an unknown `streaming-*` key.
 * Written out, not derived from known-iceberg-options.ts OPTION_SIDE: its streaming options are
 * these less the `streaming` arg and `starting-strategy` (judged by starting-strategy.ts), and the
 * order here is the message's (test/spark-read-options.test.ts compares the sets).
 */
const FLINK_STREAMING_OPTIONS = 'streaming, "monitor-interval", "starting-strategy", "start-snapshot-timestamp", "max-planning-snapshot-count" and "max-allowed-planning-failures"';

/** Where the problem of `key` is reported and what writing `key` means there. */
interface SparkReadContext {
  /** The map's path (`extraOptions`), for the advice. */
  readonly arg: string;
  readonly kind: "IcebergSource" | "IcebergSink";
  /** The map is an OPTIONS hint (the advice then names the hint). */
  readonly hint: boolean;
}

/**
 * The warning for a Spark read option `key` of `map` (SPARK_READ_OPTIONS), or for a `streaming-*`
 * key that no Iceberg connector reads; undefined for any other key. Range: any key; the value is
 * carried over to the Flink option when there is one. Source: iceberg FlinkReadOptions (flink/v1.20,
 * v2.1), SparkReadOptions (spark/v3.5).
 */
export function sparkReadOptionWarning(key: string, map: Readonly<Record<string, string>>, ctx: SparkReadContext): string | undefined {
  const lower = key.toLowerCase();
  const spark = SPARK_READ_OPTIONS.get(lower);
  const unread = "the connector keeps it only as a table property when it creates the table";
  if (spark === undefined) {
    if (!lower.startsWith("streaming-")) return undefined;
    const lead = `${JSON.stringify(key)} is no read option of Iceberg's Flink source (iceberg FlinkReadOptions has no streaming-* key; ${unread})`;
    if (ctx.kind === "IcebergSink") return `${lead}, and a sink reads nothing; remove it`;
    return `${lead}, so the read ignores it; a streaming read is set by ${FLINK_STREAMING_OPTIONS}; remove it`;
  }
  const lead = `${JSON.stringify(key)} is a Spark read option; Iceberg's Flink source ignores it (iceberg SparkReadOptions; FlinkReadOptions has no such key, and ${unread})`;
  if (ctx.kind === "IcebergSink") return `${lead}, and a sink reads nothing; remove it`;
  if (spark.flink === undefined) return `${lead}: ${spark.otherwise}; remove it`;
  const alongside = spark.alongside === undefined ? "" : ` ${spark.alongside}`;
  const head = `${lead}: the Flink read option is ${JSON.stringify(spark.flink)}${alongside}; `;
  if (map[spark.flink] !== undefined) return `${head}remove it (${ctx.hint ? `the hint sets '${spark.flink}'` : `${ctx.arg}[${JSON.stringify(spark.flink)}] is set`})`;
  const value = map[key]!.trim();
  if (ctx.hint) return `${head}write '${spark.flink}'${value === "" ? "" : ` = '${value}'`} in the hint instead`;
  return `${head}write ${ctx.arg}[${JSON.stringify(spark.flink)}]${value === "" ? "" : ` = ${JSON.stringify(value)}`} instead`;
}
