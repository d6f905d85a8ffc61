/**
 * The Kafka connectors' rules across options, beside the per-option checks of kafka-options.ts:
 * the key columns ('key.format', 'key.fields', 'key.fields-prefix', 'value.fields-include'), the
 * options a startup or bounded mode needs, the sink's delivery guarantee, partitioner and buffer
 * flushing, and the options of the other Kafka connector. Upstream: flink-connector-kafka
 * `KafkaConnectorOptionsUtil` (validateTopic, validateScanStartupMode, validateScanBoundedMode,
 * parseSpecificOffsets, validateSinkPartitioner, validateDeliveryGuarantee,
 * createKeyFormatProjection, createValueFormatProjection), `KafkaDynamicTableFactory` and
 * `UpsertKafkaDynamicTableFactory` (optionalOptions, validateSinkBufferFlush), connector 3.2–4.0
 * (Flink 1.19–2.1).
 *
 * When each rule holds: the factory checks the key columns and the option set when it builds a
 * source or a sink, so whenever a job uses the table (a preview error here); the startup and
 * bounded modes only when it builds a source (an error of a job that reads the table:
 * `readFailures`), the delivery guarantee, partitioner and buffer flushing only when it builds a
 * sink (`writeFailures`).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey } from "../validation/known-keys.js";
import { RESET_KEY, resetStrategyProblem } from "./connector-bounds.js";
import { nameList } from "../validation/name-list.js";
import { parseFlinkDuration } from "../options/duration.js";
import { opt, type FormatFailure, type FormatTable } from "./format-options-spec.js";

/** A Kafka table as the cross-option rules read it. */
export interface KafkaRuleTable {
  /** "kafka" or "upsert-kafka". */
  readonly connector: string;
  readonly options: Readonly<Record<string, string>>;
  /** Options given as Pulumi Outputs: present, value unknown at preview. */
  readonly deferredKeys: readonly string[];
  readonly primaryKey: readonly string[];
  /** The physical columns and where read- and write-time failures go. */
  readonly table: FormatTable;
}

/**
 * A list option's entries as Flink splits them (flink StructuredOptionsSplitter: ';'-separated,
 * unquoted entries trimmed), or undefined for a value with quotes, which this reading does not follow.
 */
export function listEntries(value: string): string[] | undefined {
  if (/['"]/.test(value)) return undefined;
  return value.trim() === "" ? [] : value.split(";").map((e) => e.trim());
}

/** Java `String.split` with a one-character separator: trailing empty strings are dropped. */
function javaSplit(s: string, sep: string): string[] {
  if (!s.includes(sep)) return [s];
  const parts = s.split(sep);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Java `Integer.valueOf` / `Long.valueOf` of ASCII text: an optional sign and digits, in range. */
function javaInteger(s: string, bits: 32 | 64): boolean {
  if (!/^[+-]?[0-9]+$/.test(s)) return false;
  const v = BigInt(s);
  const max = (1n << BigInt(bits - 1)) - 1n;
  return v <= max && v >= -max - 1n;
}

/**
 * Whether `value` reads as specific offsets ("partition:0,offset:42;partition:1,offset:300"), as
 * flink-connector-kafka KafkaConnectorOptionsUtil.parseSpecificOffsets reads it; undefined for
 * non-ASCII text (Java's number parsing takes other digits too).
 */
export function specificOffsetsValid(value: string): boolean | undefined {
  if (/[^\x20-\x7e]/.test(value)) return undefined;
  const pairs = javaSplit(value, ";");
  if (pairs.length === 0) return false;
  return pairs.every((pair) => {
    if (pair === "" || !pair.includes(",")) return false;
    const kv = javaSplit(pair, ",");
    if (kv.length !== 2 || !kv[0]!.startsWith("partition:") || !kv[1]!.startsWith("offset:")) return false;
    return javaInteger(kv[0]!.slice("partition:".length), 32) && javaInteger(kv[1]!.slice("offset:".length), 64);
  });
}

/**
 * Options of one Kafka connector that the other does not take ("Unsupported options": FactoryUtil
 * validateExcept), with what to write instead. 'format' and 'scan.startup.mode' on 'upsert-kafka'
 * are reported by kafka-options.ts.
 */
const FOREIGN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  kafka: {
    "sink.buffer-flush.max-rows": "the 'kafka' sink writes each row as it comes; for a keyed topic with buffered upserts use connector 'upsert-kafka'",
    "sink.buffer-flush.interval": "the 'kafka' sink writes each row as it comes; for a keyed topic with buffered upserts use connector 'upsert-kafka'",
  },
  "upsert-kafka": {
    "scan.startup.specific-offsets": "'upsert-kafka' always reads the topic from the earliest offset",
    "scan.startup.timestamp-millis": "'upsert-kafka' always reads the topic from the earliest offset",
    "scan.topic-partition-discovery.interval": "'upsert-kafka' has no partition discovery option",
    "sink.partitioner": "'upsert-kafka' partitions by the message key (the primary key)",
    "sink.semantic": "write 'sink.delivery-guarantee' instead",
  },
};

/**
 * The key columns of a 'kafka' table (KafkaConnectorOptionsUtil.createKeyFormatProjection): 'key.format'
 * and 'key.fields' come together, 'key.fields' lists one or more physical columns, each starting
 * with 'key.fields-prefix' when one is set; for both connectors (createValueFormatProjection) a
 * non-empty prefix needs 'value.fields-include' = 'EXCEPT_KEY', and for 'upsert-kafka', whose key
 * fields are the primary key's columns (UpsertKafkaDynamicTableFactory.createKeyValueProjections),
 * those carry the prefix. Errors at `options[...]`.
 */
export function checkKafkaKeyFields(t: KafkaRuleTable, diag: Diagnostics): void {
  const { connector, options, deferredKeys } = t;
  const has = (k: string): boolean => options[k] !== undefined || deferredKeys.includes(k);
  const prefix = options["key.fields-prefix"];
  const include = options["value.fields-include"];
  if (prefix !== undefined && prefix !== "" && !deferredKeys.includes("value.fields-include") && (include === undefined || include.toUpperCase() === "ALL")) {
    diag.error(
      opt("key.fields-prefix"),
      `is set while 'value.fields-include' is ALL${include === undefined ? " (the default)" : ""}, which Flink refuses ("A key prefix is not allowed when option 'value.fields-include' is set to 'ALL'. Set it to 'EXCEPT_KEY' instead to avoid field overlaps."); ` +
        "set 'value.fields-include' = 'EXCEPT_KEY' (the value then holds the columns outside the key), or remove 'key.fields-prefix'",
    );
  }
  const plainPrefix = deferredKeys.includes("key.fields-prefix") ? undefined : (prefix ?? "");
  if (connector === "upsert-kafka") {
    if (has("key.fields")) {
      const pk = t.primaryKey.length > 0 ? ` (here primaryKey ${JSON.stringify(t.primaryKey)})` : "; set primaryKey to the key columns";
      diag.error(opt("key.fields"), `is no option of the 'upsert-kafka' connector (it fails with "Unsupported options"): its message key is the primary key's columns${pk}; remove 'key.fields'`);
    }
    if (plainPrefix) {
      for (const k of t.primaryKey.filter((c) => !c.startsWith(plainPrefix) && (t.table.columns?.some((p) => p.name === c) ?? false))) {
        diag.error(
          opt("key.fields-prefix"),
          `is ${JSON.stringify(plainPrefix)}, and the primary-key column ${JSON.stringify(k)} (an 'upsert-kafka' key field) does not start with it, which Flink refuses ("All fields in 'key.fields' must be prefixed with '${plainPrefix}' when option 'key.fields-prefix' is set but field '${k}' is not prefixed."); ` +
            `name the key columns with the prefix (e.g. ${JSON.stringify(plainPrefix + k)}), or remove 'key.fields-prefix'`,
        );
      }
    }
    return;
  }
  const hasFormat = has("key.format");
  if (!hasFormat && has("key.fields")) {
    diag.error(
      opt("key.fields"),
      `is set without 'key.format', which Flink refuses ("The option 'key.fields' can only be declared if a key format is defined using 'key.format'."); set 'key.format' (e.g. 'json' or 'raw') to write and read the message key, or remove 'key.fields'`,
    );
    return;
  }
  if (!hasFormat || deferredKeys.includes("key.fields")) return;
  const listed = options["key.fields"];
  const physical = t.table.columns?.map((c) => c.name);
  if (listed === undefined || listed.trim() === "") {
    const example = physical?.[0] !== undefined ? `, e.g. ${JSON.stringify(physical[0])}` : "";
    diag.error(
      opt(listed === undefined ? "key.format" : "key.fields"),
      `${listed === undefined ? "is set without 'key.fields'" : "is empty"}, and a key format needs one or more key columns ("A key format 'key.format' requires the declaration of one or more of key fields using 'key.fields'."); ` +
        `set 'key.fields' to the ';'-separated physical columns of the message key${example}, or remove 'key.format'`,
    );
    return;
  }
  const fields = listEntries(listed);
  if (fields === undefined || physical === undefined) return;
  for (const f of fields) {
    if (!physical.includes(f)) {
      const near = closestKey(f, physical);
      diag.error(
        opt("key.fields"),
        `names ${JSON.stringify(f)}, which is not a physical column of the table (Flink: "Could not find the field '${f}' in the table schema for usage in the key format. A key field must be a regular, physical column."); ` +
          (near !== undefined ? `did you mean ${JSON.stringify(near)}?` : `list physical columns: ${nameList(physical.map((p) => JSON.stringify(p)))}`),
      );
    } else if (plainPrefix && !f.startsWith(plainPrefix)) {
      diag.error(
        opt("key.fields"),
        `names ${JSON.stringify(f)}, which does not start with 'key.fields-prefix' ${JSON.stringify(plainPrefix)}, which Flink refuses ("All fields in 'key.fields' must be prefixed with '${plainPrefix}' when option 'key.fields-prefix' is set but field '${f}' is not prefixed."); ` +
          `name the key columns with the prefix (e.g. ${JSON.stringify(plainPrefix + f)}), or remove 'key.fields-prefix'`,
      );
    }
  }
}

/**
 * The scan modes a Kafka source reads, by kind: a 'kafka' table's startup and bounded modes, an
 * 'upsert-kafka' table's bounded one only (it always reads from the earliest offset; a
 * 'scan.startup.mode' is an error of its own, kafka-options.ts kafkaModeValueProblem), each with
 * its key and its value lower-cased (undefined when not set).
 */
export function scanModes(connector: string, options: Readonly<Record<string, string>>): { kind: "startup" | "bounded"; key: string; mode: string | undefined }[] {
  return (connector === "kafka" ? (["startup", "bounded"] as const) : (["bounded"] as const)).map((kind) => {
    const key = `scan.${kind}.mode`;
    return { kind, key, mode: options[key]?.toLowerCase() };
  });
}

/**
 * What a startup or bounded mode needs (KafkaConnectorOptionsUtil.validateScanStartupMode /
 * validateScanBoundedMode, checked when the factory builds a source): 'group-offsets' (the default
 * startup mode of 'kafka') a 'properties.group.id' (flink-connector-kafka 3.x / 4.x, Flink
 * 1.19–2.x: KafkaDynamicSource builds `OffsetsInitializer.committedOffsets(...)`, which
 * KafkaSourceBuilder.sanityCheck validates: ReaderHandledOffsetsInitializer) and, when set, a
 * 'properties.auto.offset.reset' the source takes (connector-bounds.ts resetStrategyProblem), 'timestamp' its
 * `timestamp-millis`, 'specific-offsets' its `specific-offsets` in the form
 * "partition:0,offset:42;partition:1,offset:300" and a single 'topic'. Failures of a job that
 * reads the table (`readFailures`), judged over the options a read has: the table's, or the table's
 * with a reference's OPTIONS hint merged in (hinted-reads.ts).
 */
export function kafkaScanModeFailures(connector: string, options: Readonly<Record<string, string>>, deferredKeys: readonly string[]): FormatFailure[] {
  const out: FormatFailure[] = [];
  const has = (k: string): boolean => options[k] !== undefined || deferredKeys.includes(k);
  const fail = (path: string, message: string): number => out.push({ path, message });
  for (const { kind, key: modeKey, mode } of scanModes(connector, options)) {
    const groupOffsets = mode === "group-offsets" || (kind === "startup" && options[modeKey] === undefined && !deferredKeys.includes(modeKey));
    if (groupOffsets && !has("properties.group.id")) {
      // KafkaSourceBuilder.sanityCheck -> ReaderHandledOffsetsInitializer.validate (committed offsets); the builder generates no group id.
      const which = options[modeKey] === undefined ? "the default 'scan.startup.mode'" : `its '${modeKey}'`;
      // A reference whose OPTIONS hint sets a group, or another mode, has other options (hinted-reads.ts).
      out.push({
        path: opt("properties.group.id"),
        message: `is not set, and the table ${kind === "startup" ? "starts" : "stops"} at the consumer group's committed offsets ('group-offsets', ${which}), which Flink refuses without a group ` +
          `("Property group.id is required when using committed offset for offsets initializer", flink-connector-kafka KafkaSourceBuilder); ` +
          `set 'properties.group.id' to a consumer group name for this job, or choose another ${modeKey} (e.g. ${kind === "startup" ? "'earliest-offset'" : "'latest-offset'"})`,
      });
    }
    const reset = options[RESET_KEY];
    if (kind === "startup" && groupOffsets && reset !== undefined) {
      const problem = resetStrategyProblem(reset, options[modeKey] === undefined ? "the default 'scan.startup.mode'" : "its 'scan.startup.mode'");
      if (problem !== undefined) fail(opt(RESET_KEY), problem);
    }
    if (mode === "timestamp" && !has(`scan.${kind}.timestamp-millis`)) {
      fail(
        opt(modeKey),
        `is 'timestamp' without options["scan.${kind}.timestamp-millis"] (Flink: "'scan.${kind}.timestamp-millis' is required in 'timestamp' ${kind} mode but missing."); set it to the epoch milliseconds to ${kind === "startup" ? "start" : "stop"} at, e.g. "1700000000000"`,
      );
    }
    if (mode !== "specific-offsets") continue;
    const offsetsKey = `scan.${kind}.specific-offsets`;
    if (!has(offsetsKey)) {
      fail(
        opt(modeKey),
        `is 'specific-offsets' without options["${offsetsKey}"] (Flink: "'${offsetsKey}' is required in 'specific-offsets' ${kind} mode but missing."); set it, e.g. "partition:0,offset:42;partition:1,offset:300"`,
      );
      continue;
    }
    const topics = deferredKeys.includes("topic") ? undefined : options["topic"] === undefined ? [] : listEntries(options["topic"]);
    if (topics !== undefined && topics.length !== 1 && (options["topic"] !== undefined || has("topic-pattern"))) {
      fail(
        opt(modeKey),
        `is 'specific-offsets', which reads one topic only, and this table reads ${options["topic"] === undefined ? "a 'topic-pattern'" : `${topics.length} topics`} (Flink: "Currently Kafka source only supports specific offset for single topic."); name one 'topic', or use another ${kind} mode`,
      );
    }
    const offsets = options[offsetsKey];
    if (offsets !== undefined && specificOffsetsValid(offsets) === false) {
      fail(
        opt(offsetsKey),
        `${JSON.stringify(offsets)} is not in the form Flink reads ("Invalid properties '${offsetsKey}' should follow the format 'partition:0,offset:42;partition:1,offset:300'"); write 'partition:<n>,offset:<n>' pairs separated by ';', with no spaces`,
      );
    }
  }
  return out;
}

/**
 * The sink's rules, checked when the factory builds a sink (failures of a job that writes the
 * table, `writeFailures`): 'sink.delivery-guarantee' 'exactly-once' needs
 * 'sink.transactional-id-prefix' (KafkaConnectorOptionsUtil.validateDeliveryGuarantee); for 'kafka',
 * 'sink.partitioner' is non-empty and not 'round-robin' beside 'key.fields'
 * (validateSinkPartitioner); for 'upsert-kafka', 'sink.buffer-flush.max-rows' and
 * 'sink.buffer-flush.interval' are both above zero or neither (UpsertKafkaDynamicTableFactory.validateSinkBufferFlush).
 *
 * A warning (`writeWarnings`) for an 'exactly-once' sink without 'properties.transaction.timeout.ms'
 * or with one above 900000: flink-connector-kafka KafkaSinkBuilder gives its transactional producers
 * DEFAULT_KAFKA_TRANSACTION_TIMEOUT, one hour, while a Kafka broker takes at most its
 * transaction.max.timeout.ms, 15 minutes unless configured otherwise, and refuses a producer that
 * asks for more (kafka InvalidTxnTimeoutException, when the sink initializes its transactions: the
 * job fails as it starts). Only a warning: the brokers may allow more. The timeout's lower bound
 * (Flink docs, Kafka connector, "Fault Tolerance"): a transaction is committed after the checkpoint
 * that closes it, by the restarted job after a failure, so one that times out first is aborted and
 * its rows are lost.
 *
 * Judged over the table's options, and again per INSERT over the options with its target's OPTIONS
 * hint merged in (hinted-writes.ts: flink PlannerBase.getTableSink merges the hint before the
 * factory builds the sink), so a hinted timeout or delivery guarantee counts for that statement.
 */
export function checkKafkaSinkRules(t: KafkaRuleTable): void {
  const { connector, options, deferredKeys } = t;
  const has = (k: string): boolean => options[k] !== undefined || deferredKeys.includes(k);
  const fail = (path: string, message: string): number => t.table.writeFailures.push({ path, message });
  const exactlyOnce = options["sink.delivery-guarantee"]?.trim().toLowerCase() === "exactly-once";
  if (exactlyOnce) transactionTimeoutWarning(t);
  // Flink matches enum values in any case (ConfigurationUtils.convertToEnum).
  if (options["sink.delivery-guarantee"]?.toLowerCase() === "exactly-once" && !has("sink.transactional-id-prefix")) {
    fail(
      opt("sink.delivery-guarantee"),
      `is 'exactly-once' without options["sink.transactional-id-prefix"] (Flink: "sink.transactional-id-prefix must be specified when using DeliveryGuarantee.EXACTLY_ONCE."); ` +
        "set 'sink.transactional-id-prefix' to a prefix unique to this job among the jobs writing to the cluster, or use 'at-least-once'",
    );
  }
  if (connector === "kafka") {
    const partitioner = options["sink.partitioner"];
    if (partitioner === "round-robin" && has("key.fields")) {
      fail(
        opt("sink.partitioner"),
        `is 'round-robin' while 'key.fields' is set, which Flink refuses ("Currently 'round-robin' partitioner only works when option 'key.fields' is not specified."); ` +
          "use 'default' (the Kafka producer then partitions keyed messages by key hash) or 'fixed', or remove 'key.fields'",
      );
    } else if (partitioner === "") {
      fail(opt("sink.partitioner"), `is empty (Flink: "Option 'sink.partitioner' should be a non-empty string."); write 'default', 'fixed', 'round-robin' or a partitioner class name, or remove it`);
    }
    return;
  }
  const maxRows = flushRows(options["sink.buffer-flush.max-rows"]);
  const interval = flushMillis(options["sink.buffer-flush.interval"]);
  if (maxRows === undefined || interval === undefined || deferredKeys.some((k) => k.startsWith("sink.buffer-flush."))) return;
  if (maxRows > 0 !== interval > 0) {
    const [set, unset] = maxRows > 0 ? ["sink.buffer-flush.max-rows", "sink.buffer-flush.interval"] : ["sink.buffer-flush.interval", "sink.buffer-flush.max-rows"];
    fail(
      opt(set),
      `is above zero while ${unset} is ${options[unset] === undefined ? "unset (0)" : JSON.stringify(options[unset])}, and Flink buffers only with both above zero ("'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must be set to be greater than zero together to enable sink buffer flushing."); ` +
        `set ${unset} too (e.g. ${unset === "sink.buffer-flush.interval" ? '"1s"' : '"1000"'}), or remove ${set}`,
    );
  }
}

/** Kafka's default transaction.max.timeout.ms of a broker (kafka TransactionStateManagerConfig: 15 minutes). */
const BROKER_MAX_TRANSACTION_TIMEOUT_MS = 900_000;

/** The exactly-once sink's transaction timeout against the brokers' default maximum (checkKafkaSinkRules). */
function transactionTimeoutWarning(t: KafkaRuleTable): void {
  const key = "properties.transaction.timeout.ms";
  if (t.deferredKeys.includes(key)) return;
  const bound =
    "at most the brokers' transaction.max.timeout.ms, e.g. '900000' (15 minutes, Kafka's default), and longer than the checkpoint interval plus the longest checkpoint and restart you expect " +
    "(a transaction that times out before its checkpoint commits it is aborted, its rows lost)";
  // The broker's InvalidTxnTimeoutException; one hour is flink-connector-kafka KafkaSinkBuilder DEFAULT_KAFKA_TRANSACTION_TIMEOUT.
  const refused = `the brokers refuse the sink's producers when it starts ("The transaction timeout is larger than the maximum value allowed by the broker"), failing the job`;
  const value = t.options[key]?.trim();
  if (value === undefined) {
    t.table.writeWarnings?.push({
      path: opt("sink.delivery-guarantee"),
      message:
        `is 'exactly-once' without options["${key}"], so the sink asks Kafka for transactions of one hour, ` +
        `more than a broker allows unless configured for more (transaction.max.timeout.ms, 15 minutes by default): ${refused}; set '${key}' to ${bound}`,
    });
  } else if (/^\d+$/.test(value) && Number(value) > BROKER_MAX_TRANSACTION_TIMEOUT_MS) {
    t.table.writeWarnings?.push({
      path: opt(key),
      message: `is ${value} ms, more than a Kafka broker allows unless configured for more (transaction.max.timeout.ms, 900000 by default): ${refused}; write ${bound}, or raise transaction.max.timeout.ms on the brokers`,
    });
  } else if (/^\d+$/.test(value)) {
    // Below the job's checkpoint interval: known only to the job (job-plan.ts).
    t.table.writeWarnings?.push({
      path: opt(key),
      message:
        `is ${value} ms, no longer than the job's checkpoint interval {checkpointInterval}: a transaction stays open from one checkpoint to the next and is committed after the checkpoint that closes it, ` +
        `so the broker aborts it first (transaction.timeout.ms) and its rows are lost (flink docs, Kafka connector, "Fault Tolerance"); write ${bound}`,
      atLeastCheckpointIntervalMs: Number(value),
    });
  }
}

/** 'sink.buffer-flush.max-rows' as Flink's int option reads it (default 0); undefined when unsure. */
function flushRows(v: string | undefined): number | undefined {
  if (v === undefined) return 0;
  return javaInteger(v.trim(), 32) ? Number(v.trim()) : undefined;
}

/** 'sink.buffer-flush.interval' in milliseconds (default 0); undefined when this parser is unsure. */
function flushMillis(v: string | undefined): number | undefined {
  if (v === undefined) return 0;
  try {
    return parseFlinkDuration(v, true);
  } catch {
    return undefined;
  }
}

/**
 * Options of the other Kafka connector (FOREIGN): the factory fails with "Unsupported options"
 * (KafkaDynamicTableFactory / UpsertKafkaDynamicTableFactory optionalOptions, FactoryUtil
 * validateExcept). 'key.fields' on 'upsert-kafka' is checkKafkaKeyFields'. Errors at `options[...]`.
 */
export function checkForeignKafkaOptions(t: KafkaRuleTable, diag: Diagnostics): void {
  const foreign = FOREIGN[t.connector] ?? {};
  const other = t.connector === "kafka" ? "upsert-kafka" : "kafka";
  for (const key of [...Object.keys(t.options), ...t.deferredKeys].filter((k) => Object.hasOwn(foreign, k)).sort()) {
    diag.error(opt(key), `is an option of the '${other}' connector only, and the '${t.connector}' connector fails with "Unsupported options" on it: ${foreign[key]}; remove it`);
  }
}
