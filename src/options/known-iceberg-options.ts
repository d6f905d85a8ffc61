/**
 * The Iceberg options and table properties an IcebergSource / IcebergSink's `extraOptions` may set,
 * for two checks the runtime does not make: a key one or two characters away from a known one
 * (the connector stores an unknown key as a table property, which nothing reads), and the value of
 * a typed Flink read/write option (read once the job runs, so a bad value fails the job or, for a
 * duration without a unit, is read as milliseconds).
 * Sources: iceberg `flink/.../FlinkReadOptions.java`, `FlinkWriteOptions.java` (facts §1.2, §1.3),
 * `core/src/main/java/org/apache/iceberg/TableProperties.java`.
 */
import { isJavaDecimal, isJavaWholeNumber } from "../validation/java-number.js";
import { distance } from "../validation/known-keys.js";
import { COMPRESSION_TABLE_PROPERTIES } from "./compression-table-properties.js";
import { parseFlinkDuration, verbatimDurationProblem, verbatimDurationWarnings } from "./duration.js";

/**
 * A whole number as Java reads it (Integer.parseInt / Long.parseLong: an optional sign, ASCII
 * digits, within the type's range), at least `min` where the runtime checks a lower bound.
 */
interface WholeNumber {
  readonly bits: 32 | 64;
  readonly min?: bigint;
}

type OptionType = "duration" | WholeNumber | "boolean" | "double" | { readonly oneOf: readonly string[]; readonly anyCase?: true } | "string";

const LONG: WholeNumber = { bits: 64 };
const POSITIVE_INT: WholeNumber = { bits: 32, min: 1n };

/** iceberg `DistributionMode.fromName`: upper-cased, then one of the enum's names (anything else fails the sink at start). */
const DISTRIBUTION_MODE: OptionType = { oneOf: ["none", "hash", "range"], anyCase: true };

/** Flink read and write options of the Iceberg connector with their value types. */
const FLINK_OPTIONS: ReadonlyMap<string, OptionType> = new Map<string, OptionType>([
  ["monitor-interval", "duration"],
  ["case-sensitive", "boolean"],
  // TableScanUtil.planTasks: lookback > 0, openFileCost >= 0 ("Invalid split planning lookback (negative or 0)").
  ["split-lookback", POSITIVE_INT],
  ["split-file-open-cost", { bits: 64, min: 0n }],
  ["include-column-stats", "boolean"],
  ["max-planning-snapshot-count", POSITIVE_INT],
  ["limit", LONG],
  // ScanContext.validate: "Cannot set maxAllowedPlanningFailures to a negative number other than -1."
  ["max-allowed-planning-failures", { bits: 32, min: -1n }],
  ["watermark-column", "string"],
  ["watermark-column-time-unit", { oneOf: ["NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS", "MINUTES", "HOURS", "DAYS"] }],
  ["scan.parallelism", POSITIVE_INT],
  ["branch", "string"],
  ["start-snapshot-timestamp", LONG],
  ["start-tag", "string"],
  ["end-tag", "string"],
  ["tag", "string"],
  ["as-of-timestamp", LONG],
  // Set by an OPTIONS hint only (extraOptions: endSnapshotId covers it); FlinkConfParser.longConf.
  ["snapshot-id", LONG],
  ["compression-level", "string"],
  ["compression-strategy", "string"],
  ["range-distribution-statistics-type", { oneOf: ["Auto", "Map", "Sketch"] }],
  ["range-distribution-sort-key-base-weight", "double"],
  ["write-parallelism", POSITIVE_INT],
  ["uid-suffix", "string"],
  ["distribution-mode", DISTRIBUTION_MODE],
  // Table properties with a typed value (TableProperties), read the same way.
  ["write.distribution-mode", DISTRIBUTION_MODE],
  ["table-refresh-interval", "duration"],
  ["flink-maintenance.rewrite.enabled", "boolean"],
  ["flink-maintenance.expire-snapshots.enabled", "boolean"],
  ["flink-maintenance.delete-orphan-files.enabled", "boolean"],
  ["flink-maintenance.convert-equality-deletes.enabled", "boolean"],
]);

/**
 * The side of the connector that reads a Flink option (iceberg FlinkReadOptions / FlinkReadConf vs
 * FlinkWriteOptions / FlinkWriteConf): a read option on an IcebergSink, or a write option on an
 * IcebergSource, is never read. `streaming`: read only by a streaming (continuous) read
 * (ContinuousSplitPlannerImpl, ContinuousIcebergEnumerator). `branch` is both sides'.
 */
export const OPTION_SIDE: ReadonlyMap<string, "read" | "streaming" | "write"> = new Map<string, "read" | "streaming" | "write">([
  ["monitor-interval", "streaming"],
  ["max-planning-snapshot-count", "streaming"],
  ["max-allowed-planning-failures", "streaming"],
  ["start-snapshot-timestamp", "streaming"],
  ["case-sensitive", "read"],
  ["split-lookback", "read"],
  ["split-file-open-cost", "read"],
  ["include-column-stats", "read"],
  ["limit", "read"],
  ["watermark-column", "read"],
  ["watermark-column-time-unit", "read"],
  ["scan.parallelism", "read"],
  ["start-tag", "read"],
  ["end-tag", "read"],
  ["tag", "read"],
  ["as-of-timestamp", "read"],
  ["snapshot-id", "read"],
  ["compression-level", "write"],
  ["compression-strategy", "write"],
  ["range-distribution-statistics-type", "write"],
  ["range-distribution-sort-key-base-weight", "write"],
  ["write-parallelism", "write"],
  ["uid-suffix", "write"],
  ["distribution-mode", "write"],
]);

/** Table properties users commonly set through WITH (TableProperties), for near-miss spelling only. */
const TABLE_PROPERTIES: readonly string[] = [
  "write.delete.format.default",
  "write.delete.target-file-size-bytes",
  "write.delete.distribution-mode",
  "write.update.distribution-mode",
  "write.merge.distribution-mode",
  "write.distribution-mode",
  "write.parquet.row-group-size-bytes",
  "write.parquet.page-size-bytes",
  "write.parquet.dict-size-bytes",
  "write.orc.stripe-size-bytes",
  "write.metadata.delete-after-commit.enabled",
  "write.metadata.previous-versions-max",
  "write.metadata.metrics.default",
  "write.object-storage.enabled",
  "write.data.path",
  "write.metadata.path",
  "write.summary.partition-limit",
  "commit.retry.num-retries",
  "commit.retry.min-wait-ms",
  "commit.retry.max-wait-ms",
  "commit.retry.total-timeout-ms",
  "commit.manifest.target-size-bytes",
  "commit.manifest.min-count-to-merge",
  "commit.manifest-merge.enabled",
  "history.expire.max-snapshot-age-ms",
  "history.expire.min-snapshots-to-keep",
  "history.expire.max-ref-age-ms",
  "read.split.metadata-target-size",
  "read.split.planning-lookback",
  "read.split.open-file-cost",
  "read.parquet.vectorization.enabled",
  "read.parquet.vectorization.batch-size",
  "gc.enabled",
];

/** Every known key, for near-miss spelling (keys the product renders are checked elsewhere). */
const KNOWN_KEYS: readonly string[] = [...FLINK_OPTIONS.keys(), ...TABLE_PROPERTIES, ...COMPRESSION_TABLE_PROPERTIES];
const KNOWN_SET: ReadonlySet<string> = new Set(KNOWN_KEYS);

/** A name folded for comparing spellings: lower case, without `-`, `_` and `.` (`monitorInterval`, `monitor_interval`, `monitor-interval` → `monitorinterval`). */
/** Whether the Iceberg Flink option `key` is a Duration (FlinkConfParser durationConf: a number alone is milliseconds). */
export const isDurationOption = (key: string): boolean => FLINK_OPTIONS.get(key) === "duration";

export const foldName = (name: string): string => name.toLowerCase().replace(/[-_.]/g, "");

/** The known keys by folded name (the first of a fold wins: Flink options before table properties). */
const BY_FOLDED: ReadonlyMap<string, string> = new Map([...KNOWN_KEYS].reverse().map((k) => [foldName(k), k]));

/**
 * The known Iceberg Flink option or table property that `name` spells in another case or separator
 * style (`monitorInterval` → `monitor-interval`, `scanParallelism` → `scan.parallelism`, `tag` →
 * `tag`); undefined when it spells none.
 */
export function icebergOptionSpelledAs(name: string): string | undefined {
  return BY_FOLDED.get(foldName(name));
}

/**
 * The known key `key` is probably a misspelling of (one or two edits away, `_` for `-` or `.`
 * counted as one, or the same key in other letter case, which the runtime does not read), among the known options and the `covered` keys (those the table's args decide,
 * so that `upsert-enable` points at `upsert-enabled`, whose own check then names the arg), or
 * undefined when `key` is known or not near one.
 */
export function nearIcebergOption(key: string, covered: ReadonlySet<string>): string | undefined {
  const lower = key.toLowerCase();
  if (KNOWN_SET.has(key) || covered.has(lower)) return undefined;
  // The runtime reads options and table properties by exact key (FlinkConfParser, PropertyUtil: Map.get).
  if (KNOWN_SET.has(lower)) return lower;
  let best: string | undefined;
  let bestD = 3;
  for (const list of [KNOWN_KEYS, covered]) {
    for (const k of list) {
      if (Math.abs(k.length - lower.length) >= bestD) continue;
      const d = distance(lower, k);
      if (d < bestD) [best, bestD] = [k, d];
    }
  }
  return best;
}

function describeType(t: OptionType): string {
  if (typeof t === "object") {
    if ("bits" in t) {
      const range = t.bits === 32 ? "an int" : "a long";
      return t.min === undefined ? `a whole number (${range})` : `a whole number of at least ${t.min} (${range})`;
    }
    return `one of ${t.oneOf.map((v) => JSON.stringify(v)).join(", ")} (${t.anyCase ? "any case" : "exact case"})`;
  }
  switch (t) {
    case "duration":
      return 'a Flink duration with a unit, e.g. "10s" or "1min"';
    case "boolean":
      return '"true" or "false"';
    case "double":
      return "a number";
    case "string":
      return "a string";
  }
}

/**
 * The problem with `value` for the typed Flink option `key`: `{ error }` for a value the runtime
 * cannot read, `{ warning }` for a duration without a unit (read as milliseconds) or with the unit
 * "m" (duration.ts verbatimDurationWarnings, as for the job's Flink configuration), else undefined.
 */
export function icebergOptionValueProblem(key: string, value: string): { error?: string; warning?: string } | undefined {
  // By exact key, as the runtime looks it up: another spelling is never read (a near-miss warning).
  const type = FLINK_OPTIONS.get(key);
  if (type === undefined || type === "string") return undefined;
  // Iceberg's FlinkConfParser parses the value as written (Integer.parseInt, Enum.valueOf): no trimming.
  const v = type === "duration" ? value.trim() : value;
  const bad = { error: `${JSON.stringify(value)} is not ${describeType(type)}, which ${JSON.stringify(key)} takes; the job would fail when it reads it` };
  if (typeof type === "object") {
    if ("bits" in type) return isJavaWholeNumber(v, type.bits, type.min) ? undefined : bad;
    return type.oneOf.includes(type.anyCase ? v.toLowerCase() : v) ? undefined : bad;
  }
  switch (type) {
    case "duration": {
      try {
        parseFlinkDuration(value, false, true);
      } catch (e) {
        return { error: (e as { issues?: readonly { message: string }[] }).issues?.[0]?.message ?? String(e) };
      }
      // Rendered as written: the runtime reads it with Flink's TimeUtils.parseDuration.
      const verbatim = verbatimDurationProblem(value);
      if (verbatim !== undefined) return { error: verbatim };
      // The unit "m" or no unit: the check shared with the job's Flink configuration (duration.ts); at most one applies.
      const [warning] = verbatimDurationWarnings(value);
      return warning === undefined ? undefined : { warning };
    }
    case "boolean":
      // Boolean.parseBoolean: anything but "true" (any case) is false, silently.
      return /^(true|false)$/i.test(v) ? undefined : { warning: `${JSON.stringify(value)} is read as false (Iceberg parses booleans with Boolean.parseBoolean); write "true" or "false"` };
    case "double":
      return isJavaDecimal(v) ? undefined : bad;
  }
}

