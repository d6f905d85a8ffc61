/**
 * The Kafka connectors' rules a FlinkTable can break, checked at preview instead of failing the
 * job at start-up (flink-connector-kafka `KafkaDynamicTableFactory`, `UpsertKafkaDynamicTableFactory`,
 * `KafkaConnectorOptions`; docs `connectors/table/kafka.md`, `upsert-kafka.md`): required options,
 * the primary key each connector needs or refuses, the startup mode's values, and a key one or two
 * edits away from a known option (the factory fails on an unknown key: "Unsupported options").
 * The rules across options (key columns, scan modes, sink rules, the other connector's options)
 * are kafka-rules.ts'.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey, didYouMean, distance } from "../validation/known-keys.js";
import { CHANGELOG_FORMATS } from "./connector-bounds.js";
import { checkFormatOptions, type FormatTable } from "./format-options.js";
import { checkForeignKafkaOptions, checkKafkaKeyFields, checkKafkaSinkRules, kafkaScanModeFailures, scanModes, type KafkaRuleTable } from "./kafka-rules.js";
import type { FormatFailure } from "./format-options-spec.js";
import { checkKafkaListSeparators } from "./kafka-lists.js";
import { requiredOptionMessage, type RequiredOption } from "./required-options.js";
import { EXAMPLE_MILLIS, timestampProblem } from "../options/starting-strategy.js";

const STARTUP_MODES = ["earliest-offset", "latest-offset", "group-offsets", "timestamp", "specific-offsets"];
/** flink-connector-kafka ScanBoundedMode. */
const BOUNDED_MODES = ["unbounded", "latest-offset", "group-offsets", "timestamp", "specific-offsets"];
const MODE_KEYS = ["scan.startup.mode", "scan.bounded.mode"] as const;

/**
 * What is wrong with the value of 'scan.startup.mode' or 'scan.bounded.mode' (`key`) on a 'kafka' or
 * 'upsert-kafka' table (`connector`), in its options or in an OPTIONS hint; undefined when nothing is.
 * flink-connector-kafka KafkaConnectorOptions ScanStartupMode / ScanBoundedMode: Flink matches enum
 * values case-insensitively but does not trim them (ConfigurationUtils.convertToEnum); 'upsert-kafka'
 * has no startup mode (UpsertKafkaDynamicTableFactory.optionalOptions).
 */
export function kafkaModeValueProblem(connector: string, key: string, value: string): string | undefined {
  if (key === "scan.startup.mode" && connector === "upsert-kafka") {
    return "'upsert-kafka' takes no 'scan.startup.mode': it always reads the topic from the earliest offset; remove it";
  }
  const modes = key === "scan.startup.mode" ? STARTUP_MODES : key === "scan.bounded.mode" ? BOUNDED_MODES : undefined;
  if (modes === undefined || modes.includes(value.toLowerCase())) return undefined;
  const trimmed = value.trim().toLowerCase();
  const prefixed = modes.find((m) => trimmed !== "" && m.startsWith(trimmed) && m !== trimmed);
  const spaced = modes.includes(trimmed) ? `; write it without the surrounding spaces: ${JSON.stringify(value.trim())}` : undefined;
  const hint = spaced ?? (prefixed !== undefined ? `; did you mean ${JSON.stringify(prefixed)}?` : didYouMean(value.trim(), modes));
  return `${JSON.stringify(value)} is no ${key === "scan.startup.mode" ? "startup" : "bounded"} mode; write one of ${modes.join(", ")}${hint}`;
}

/**
 * What is wrong with the plain 'scan.<kind>.timestamp-millis' of a 'timestamp' startup or bounded
 * mode, as the Iceberg sources' `as-of-timestamp` is judged (options/starting-strategy.ts
 * timestampProblem): flink-connector-kafka reads it as a Long of epoch milliseconds
 * (KafkaConnectorOptions SCAN_STARTUP_TIMESTAMP_MILLIS, SCAN_BOUNDED_TIMESTAMP_MILLIS) and hands it to
 * OffsetsInitializer.timestamp, which starts (or stops) each partition at its first message at or
 * after that time, so epoch seconds mean January 1970: the whole topic is read, or nothing. A value
 * that is no number fails the job's start (the option's Long parse). A number of fewer than 10
 * digits ('0') is taken as meant: a start at the epoch, the whole topic. 11 or 12 digits are real
 * times (1970-04 to 2001-09) the connector takes as given, earlier than most topics' first message,
 * so only a warning (`warning: true`): a digit may have been dropped.
 */
function timestampMillisProblem(kind: "startup" | "bounded", options: Readonly<Record<string, string>>): { key: string; message: string; warning?: true } | undefined {
  const key = `scan.${kind}.timestamp-millis`;
  const value = options[key];
  if (value === undefined) return undefined;
  const text = value.trim().replace(/^\+(?=[0-9])/, "");
  const digits = /^[0-9]+$/.test(text) ? text.replace(/^0+(?=.)/, "").length : undefined;
  // A small number ('0', '1') is a deliberate start at the epoch: the whole topic, as it says.
  if (digits !== undefined && digits < 10) return undefined;
  const problem = timestampProblem(text);
  if (problem === undefined) return undefined;
  if (digits === 11 || digits === 12) {
    const when = new Date(Number(text)).toISOString();
    const effect = kind === "startup" ? "before most topics' first message, so each partition is read from its first message" : "before most topics' first message, so the read returns nothing";
    return { key, message: `${text} is ${when} in epoch milliseconds, ${effect}; if a digit was dropped, write the 13 digits, ${EXAMPLE_MILLIS}`, warning: true };
  }
  const seconds = digits === 10;
  const effect = kind === "startup" ? "a start in 1970 reads each partition from its first message: the whole topic" : "a stop in 1970 ends each partition before its first message: the read returns nothing";
  return { key, message: seconds ? `${problem} (${effect})` : problem };
}

/** Option keys of the Kafka connectors (KafkaConnectorOptions), for near-miss spelling. */
const KAFKA_KEYS: readonly string[] = [
  "topic", "topic-pattern", "properties.bootstrap.servers", "properties.group.id", "format", "key.format", "value.format",
  "key.fields", "key.fields-prefix", "value.fields-include", "scan.startup.mode", "scan.startup.specific-offsets",
  "scan.startup.timestamp-millis", "scan.bounded.mode", "scan.bounded.specific-offsets", "scan.bounded.timestamp-millis",
  "scan.topic-partition-discovery.interval", "scan.parallelism", "scan.watermark.idle-timeout", "scan.watermark.alignment.group",
  "sink.partitioner", "sink.semantic", "sink.delivery-guarantee", "sink.transactional-id-prefix", "sink.parallelism",
  "sink.buffer-flush.max-rows", "sink.buffer-flush.interval", "connector",
];

function opt(at: string): string {
  return `options[${JSON.stringify(at)}]`;
}

/**
 * Checks a kafka / upsert-kafka table's plain options and primary key, and its format options
 * (format-options.ts; `table`: its columns as given, and where read- and write-time failures go); anything else is left alone.
 * Returns the scan modes' read failures (kafka-rules.ts kafkaScanModeFailures, also pushed to
 * `table.readFailures`), which a reference's OPTIONS hint has again over its merged options (hinted-reads.ts).
 * With `required`, the required options the options lack (bootstrap servers, topic, formats) go
 * there instead of to `diag`: a reference's hint may supply them (required-options.ts).
 */
export function checkKafkaOptions(options: Readonly<Record<string, string>>, deferredKeys: readonly string[], primaryKey: readonly string[], diag: Diagnostics, table: FormatTable, required?: RequiredOption[]): readonly FormatFailure[] {
  const connector = (options["connector"] ?? "").trim().toLowerCase();
  if (connector !== "kafka" && connector !== "upsert-kafka") return [];
  const has = (k: string): boolean => options[k] !== undefined || deferredKeys.includes(k);
  // A required option a hint may supply goes to `required` (judged per reference: required-options.ts), else to `diag`.
  const need = (groups: string[][], path: string, message: string, misspelt?: RequiredOption["misspelt"]): void => {
    const r: RequiredOption = { groups, path, message, ...(misspelt !== undefined ? { misspelt } : {}) };
    if (required !== undefined) required.push(r);
    else diag.error(path, requiredOptionMessage(r));
  };
  // Written without its prefix, the key gets its own error below (isKafkaClientProperty).
  if (!has("properties.bootstrap.servers") && !has("bootstrap.servers")) {
    // 'properties.*' keys pass through to the Kafka client unchecked: a misspelt one is pointed at here.
    const near = Object.keys(options).find((k) => k.startsWith("properties.") && closestKey(k, ["properties.bootstrap.servers"]) !== undefined);
    const message = `the '${connector}' connector needs 'properties.bootstrap.servers' (host:port of the brokers)`;
    if (near === undefined) need([["properties.bootstrap.servers"]], "options", message);
    else need([["properties.bootstrap.servers"]], opt(near), message, { key: near, option: "properties.bootstrap.servers" });
  }
  checkKafkaListSeparators(connector, options, diag);
  if (!has("topic") && !has("topic-pattern")) need([["topic", "topic-pattern"]], "options", `the '${connector}' connector needs 'topic' (or 'topic-pattern')`);
  // KafkaConnectorOptionsUtil.validateTopic (source and sink of 'kafka').
  if (connector === "kafka" && has("topic") && has("topic-pattern")) {
    diag.error(opt("topic-pattern"), `is set beside 'topic', which Flink refuses ("Option 'topic' and 'topic-pattern' shouldn't be set together."); keep one of the two`);
  }
  if (connector === "upsert-kafka") {
    if (primaryKey.length === 0) diag.error("primaryKey", "an 'upsert-kafka' table needs a primary key (the message key): set primaryKey");
    const formats = ["key.format", "value.format"].filter((k) => !has(k)).map((k) => [k]);
    if (formats.length > 0) need(formats, "options", "the 'upsert-kafka' connector needs 'key.format' and 'value.format' (e.g. 'json')");
    if (has("format")) diag.error(opt("format"), "'upsert-kafka' takes no 'format': write 'key.format' and 'value.format'");
    const value = options["value.format"]?.trim();
    // flink-connector-kafka UpsertKafkaDynamicTableFactory.validateFormat: the value format must be insert-only.
    if (value !== undefined && CHANGELOG_FORMATS.test(value)) {
      diag.error(
        opt("value.format"),
        `'${value}' is a changelog format, and 'upsert-kafka' takes an insert-only value format ("doesn't support '${value}' as value format, because '${value}' is not in insert-only mode"): ` +
          `write 'json' or 'avro' (upsert-kafka makes the changelog from the key), or read the topic with connector 'kafka' and format '${value}'`,
      );
    }
  } else {
    // 'format' wins over 'value.format' (flink-connector-kafka KafkaConnectorOptionsUtil).
    const format = options["format"] ?? options["value.format"];
    if (!has("format") && !has("value.format")) need([["format", "value.format"]], "options", "the 'kafka' connector needs 'format' (or 'value.format'), e.g. 'json' or 'debezium-json'");
    if (primaryKey.length > 0 && format !== undefined && !CHANGELOG_FORMATS.test(format.trim())) {
      diag.error(
        "primaryKey",
        `the 'kafka' connector refuses a primary key with format '${format}' (it cannot keep the key's semantics: "doesn't support defining PRIMARY KEY constraint"); ` +
          "for a keyed topic whose messages update by key use connector 'upsert-kafka' with 'key.format' and 'value.format', or drop primaryKey",
      );
    }
  }
  for (const key of MODE_KEYS) {
    const value = options[key];
    const problem = value === undefined ? undefined : kafkaModeValueProblem(connector, key, value);
    if (problem !== undefined) diag.error(opt(key), problem);
  }
  // The modes the source reads (kafka-rules.ts scanModes: an 'upsert-kafka' startup mode has its own error above).
  for (const { kind, mode } of scanModes(connector, options)) {
    const millis = mode === "timestamp" ? timestampMillisProblem(kind, options) : undefined;
    if (millis?.warning === true) diag.warn(opt(millis.key), millis.message);
    else if (millis !== undefined) diag.error(opt(millis.key), millis.message);
  }
  checkFormatOptions(connector, options, deferredKeys, diag, { ...table, primaryKey });
  const keyFormat = options["key.format"]?.trim();
  // flink-connector-kafka: a key format must be insert-only (KafkaDynamicTableFactory / UpsertKafkaDynamicTableFactory validate it).
  if (keyFormat !== undefined && CHANGELOG_FORMATS.test(keyFormat)) {
    diag.error(opt("key.format"), `'${keyFormat}' is a changelog format, and a Kafka key format must be insert-only ("A key format should only deal with INSERT-only records"); write 'json', 'avro' or 'raw'`);
  }
  for (const key of [...Object.keys(options), ...deferredKeys]) {
    if (isKafkaClientProperty(key)) {
      diag.error(
        opt(key),
        `is a Kafka client property, which the connector takes only under the 'properties.' prefix (without it, it fails with "Unsupported options"): write ${JSON.stringify(`properties.${key}`)}`,
      );
      continue;
    }
    // Format options (`json.*`, `key.avro.*` ...) and Kafka client properties are not the connector's.
    const formatOption = /^(key\.|value\.)?[a-z0-9-]+\./.test(key) && !key.startsWith("scan.") && !key.startsWith("sink.");
    if (KAFKA_KEYS.includes(key) || key.startsWith("properties.") || formatOption) continue;
    const near = KAFKA_KEYS.find((k) => k !== key && distance(k, key) <= 2);
    if (near !== undefined) diag.error(opt(key), `is no option of the '${connector}' connector (it fails with "Unsupported options"); did you mean ${JSON.stringify(near)}?`);
  }
  const rules: KafkaRuleTable = { connector, options, deferredKeys, primaryKey, table };
  checkForeignKafkaOptions(rules, diag);
  checkKafkaKeyFields(rules, diag);
  const scan = kafkaScanModeFailures(connector, options, deferredKeys);
  table.readFailures.push(...scan);
  checkKafkaSinkRules(rules);
  return scan;
}

/**
 * Kafka client properties that users write without the 'properties.' prefix (kafka-clients
 * CommonClientConfigs, ConsumerConfig, ProducerConfig; `sasl.*` and `ssl.*` are all client
 * properties). flink-connector-kafka passes only `properties.*` keys to the clients and validates
 * every other key as its own option (KafkaDynamicTableFactory: validateExcept(PROPERTIES_PREFIX)).
 */
const KAFKA_CLIENT_PROPERTIES: ReadonlySet<string> = new Set([
  "bootstrap.servers", "group.id", "group.instance.id", "client.id", "auto.offset.reset", "enable.auto.commit",
  "auto.commit.interval.ms", "isolation.level", "max.poll.records", "max.poll.interval.ms", "session.timeout.ms",
  "heartbeat.interval.ms", "fetch.min.bytes", "fetch.max.bytes", "fetch.max.wait.ms", "max.partition.fetch.bytes",
  "request.timeout.ms", "security.protocol", "acks", "retries", "batch.size", "linger.ms", "compression.type",
  "buffer.memory", "max.request.size", "transaction.timeout.ms", "enable.idempotence", "delivery.timeout.ms",
  "max.in.flight.requests.per.connection", "partition.assignment.strategy", "client.dns.lookup", "metadata.max.age.ms",
  "receive.buffer.bytes", "send.buffer.bytes", "reconnect.backoff.ms", "retry.backoff.ms", "connections.max.idle.ms",
  "config.providers",
]);

function isKafkaClientProperty(key: string): boolean {
  return KAFKA_CLIENT_PROPERTIES.has(key) || key.startsWith("sasl.") || key.startsWith("ssl.") || key.startsWith("config.providers.");
}
