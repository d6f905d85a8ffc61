/**
 * A streaming source's own starting strategy, chosen with `extraOptions["starting-strategy"]`
 * (and `extraOptions["start-snapshot-timestamp"]` for the timestamp strategy), for an unbounded
 * read without snapshot ids, where the product would otherwise render TABLE_SCAN_THEN_INCREMENTAL
 * (SPEC decision 4). What each strategy reads first: iceberg
 * `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/source/enumerator/ContinuousSplitPlannerImpl.java`
 * (`startSnapshot`, `discoverInitialSplits`); the checks the runtime makes at start-up:
 * `source/ScanContext.java` `validate`.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { didYouMean } from "../validation/known-keys.js";

/** The WITH keys this file reads from extraOptions (exact case: the runtime reads its options by exact key). */
export const STRATEGY_KEY = "starting-strategy";
export const TIMESTAMP_KEY = "start-snapshot-timestamp";

/**
 * The strategies a source may choose, with what the read starts from (upstream
 * StreamingStartingStrategy; INCREMENTAL_FROM_SNAPSHOT_ID is startSnapshotId's).
 */
export const CHOOSABLE_STARTING_STRATEGIES: Readonly<Record<string, string>> = {
  TABLE_SCAN_THEN_INCREMENTAL: "the whole current table, then every new snapshot (what streaming: true renders without this option)",
  INCREMENTAL_FROM_LATEST_SNAPSHOT: "the current snapshot's appended data (INCLUDED), then every new snapshot",
  INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE: "only snapshots committed after the job starts (Iceberg 1.10.0 and later: apache/iceberg #12839, #12899 for the Flink 1.19 runtime; an older runtime fails at start with 'No enum constant')",
  INCREMENTAL_FROM_EARLIEST_SNAPSHOT: "every snapshot's appended data from the oldest snapshot still in the table's history on",
  INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP:
    `the appended data of the first snapshot committed at or after extraOptions["${TIMESTAMP_KEY}"] (epoch milliseconds) on; ` +
    "the source fails at start while the table has no snapshot at or after it (also an empty table; SnapshotUtil.oldestAncestorAfter), or when the snapshots before it have expired",
};

/** How the source reads, as far as the strategy rules need it. */
export interface ReadShape {
  /** The `streaming` arg as given (a value that is no boolean is its own error: the strategy is then not checked). */
  readonly streaming: unknown;
  readonly hasStart: boolean;
  readonly hasEnd: boolean;
}

const at = (key: string): string => `extraOptions[${JSON.stringify(key)}]`;

/**
 * The strategy keys of `extra` for a read of `shape`: the WITH entries to render (undefined: none
 * chosen, the product's rule applies), with every problem reported at the key's extraOptions path.
 * `handled` lists the keys this function took care of (rendered or reported), which the
 * free-form checks then leave alone.
 */
export function chosenStartingStrategy(extra: Readonly<Record<string, string>>, shape: ReadShape, diag: Diagnostics): { options?: Record<string, string>; handled: string[] } {
  const strategy = extra[STRATEGY_KEY];
  const timestamp = extra[TIMESTAMP_KEY];
  const handled = [STRATEGY_KEY, TIMESTAMP_KEY].filter((k) => extra[k] !== undefined);
  if (handled.length === 0) return { handled };
  if (shape.streaming !== undefined && typeof shape.streaming !== "boolean") return { handled };
  const errorsBefore = diag.errors.length;
  const unbounded = shape.streaming === true && !shape.hasEnd;
  for (const key of handled) {
    if (shape.streaming !== true) diag.error(at(key), `${JSON.stringify(key)} applies to a streaming read only; set streaming: true (without snapshot ids) to follow the table, or remove it`);
    else if (shape.hasEnd) diag.error(at(key), `${JSON.stringify(key)} has no effect on a bounded read (endSnapshotId makes this read end); remove it`);
    else if (shape.hasStart) diag.error(at(key), `${JSON.stringify(key)} conflicts with startSnapshotId, which renders the INCREMENTAL_FROM_SNAPSHOT_ID strategy with its id; use one of them`);
  }
  if (!unbounded || shape.hasStart) return { handled };

  if (strategy === undefined) {
    diag.error(at(TIMESTAMP_KEY), `${JSON.stringify(TIMESTAMP_KEY)} is read only with extraOptions["${STRATEGY_KEY}"] = "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP"; set that too, or remove it`);
    return { handled };
  }
  if (strategy === "INCREMENTAL_FROM_SNAPSHOT_ID") {
    diag.error(at(STRATEGY_KEY), `set startSnapshotId instead: it renders INCREMENTAL_FROM_SNAPSHOT_ID together with the id`);
  } else if (!Object.hasOwn(CHOOSABLE_STARTING_STRATEGIES, strategy)) {
    const names = Object.keys(CHOOSABLE_STARTING_STRATEGIES);
    const upper = strategy.trim().toUpperCase();
    const hint = upper !== strategy && Object.hasOwn(CHOOSABLE_STARTING_STRATEGIES, upper) ? `; write ${JSON.stringify(upper)} (exact upper case)` : didYouMean(strategy, names);
    diag.error(at(STRATEGY_KEY), `${JSON.stringify(strategy)} is no starting strategy; use one of ${names.join(", ")}${hint}`);
  } else if (strategy === "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP") {
    if (timestamp === undefined) {
      diag.error(at(STRATEGY_KEY), `INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP needs extraOptions["${TIMESTAMP_KEY}"], the epoch milliseconds to start from (the runtime fails with "Invalid starting snapshot timestamp ... null")`);
    } else {
      const problem = timestampProblem(timestamp);
      if (problem !== undefined) diag.error(at(TIMESTAMP_KEY), problem);
      else if (Number(timestamp) > Date.now()) {
        diag.warn(
          at(TIMESTAMP_KEY),
          `${timestamp} (${new Date(Number(timestamp)).toISOString()}) is in the future: until a snapshot is committed at or after it, the source fails at start ` +
            `("Cannot find a snapshot after: ${timestamp}", ContinuousSplitPlannerImpl.startSnapshot) and the job restarts; for "only what is committed from now on" use INCREMENTAL_FROM_LATEST_SNAPSHOT_EXCLUSIVE (Iceberg 1.10.0+)`,
        );
      }
    }
  } else if (timestamp !== undefined) {
    diag.error(at(TIMESTAMP_KEY), `${JSON.stringify(TIMESTAMP_KEY)} is read only with the INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP strategy, and this source chose ${strategy}; remove it`);
  }
  if (diag.errors.length > errorsBefore) return { handled };
  return { options: timestamp !== undefined ? { [STRATEGY_KEY]: strategy, [TIMESTAMP_KEY]: timestamp } : { [STRATEGY_KEY]: strategy }, handled };
}

/** One example, for messages: 2026-01-01T00:00:00Z in epoch milliseconds. */
const EXAMPLE_MS = Date.UTC(2026, 0, 1);
/** The example epoch-millisecond timestamp the messages give (also Kafka's: sql/kafka-options.ts). */
export const EXAMPLE_MILLIS = `e.g. "${EXAMPLE_MS}" for 2026-01-01T00:00:00Z`;

/**
 * Why `text` is no plausible `start-snapshot-timestamp` or `as-of-timestamp`, or undefined. The
 * runtime parses a Long (FlinkReadOptions START_SNAPSHOT_TIMESTAMP, AS_OF_TIMESTAMP) and compares
 * it with snapshot commit times in milliseconds, so a value in seconds means January 1970 and one
 * in microseconds a time after the year 50000: epoch milliseconds of this era have 13 digits
 * (2001-09-09 to 2286-11-20).
 */
export function timestampProblem(text: string): string | undefined {
  if (!/^[0-9]+$/.test(text)) {
    const ms = dateTextMillis(text.trim());
    if (ms !== undefined) return `${JSON.stringify(text)} is a date text; the runtime reads epoch milliseconds as digits: write "${ms}" (${new Date(ms).toISOString()})`;
    return `${JSON.stringify(text)} is no timestamp: write the epoch milliseconds as digits, ${EXAMPLE_MILLIS}`;
  }
  const digits = text.replace(/^0+(?=.)/, "").length;
  if (digits === 13) return undefined;
  if (digits === 10) return `${text} looks like epoch seconds (${new Date(Number(text) * 1000).toISOString()}); the runtime reads milliseconds, where it means January 1970: write ${text}000`;
  if (digits === 16) return `${text} looks like epoch microseconds (${new Date(Number(text) / 1000).toISOString()}); the runtime reads milliseconds: write ${text.slice(0, 13)}`;
  return `${text} is no epoch-millisecond timestamp of this era (13 digits); write the milliseconds, ${EXAMPLE_MILLIS}`;
}

/** ISO date text: `YYYY-MM-DD`, optionally `[T ]HH:MM[:SS[.fff]]` and a zone (`Z`, `±HH:MM`, `±HHMM`; none: UTC). */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The epoch milliseconds of an ISO date text, when it is a real date (no rolled-over day or hour)
 * whose milliseconds have 13 digits; undefined otherwise (the message then gives an example).
 */
function dateTextMillis(text: string): number | undefined {
  const m = DATE_TEXT.exec(text);
  if (m === null) return undefined;
  const [y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone = "Z"] = m.slice(1) as string[];
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, "0").slice(0, 3))] as const;
  const utc = Date.UTC(...fields);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== fields[0] || check.getUTCMonth() !== fields[1] || check.getUTCDate() !== fields[2] || check.getUTCHours() !== fields[3] || check.getUTCMinutes() !== fields[4] || check.getUTCSeconds() !== fields[5]) return undefined;
  const offset = zone.toUpperCase() === "Z" ? 0 : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2))) * 60_000;
  const ms = utc - offset;
  return String(ms).length === 13 ? ms : undefined;
}
