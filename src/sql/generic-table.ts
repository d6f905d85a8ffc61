/**
 * The pure core of FlinkTable: a table of any connector (kafka, upsert-kafka, datagen,
 * filesystem, jdbc, print, blackhole ...) with physical, computed and metadata columns, a
 * watermark, a primary key and raw connector options, validated and rendered as CREATE TABLE.
 * Column syntax: flink `docs/content/docs/dev/table/sql/create.md`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { deriveTableName } from "../options/iceberg-table.js";
import { checkIdentifier } from "../types/datatypes.js";
import { isDeferred } from "../validation/deferred.js";
import { checkKnownKeys } from "../validation/known-keys.js";
import type { AcknowledgesWarnings } from "../validation/acknowledged-warnings.js";
import type { DataType } from "../types/data-type.js";
import { rowtimeNameProblem } from "../types/planner-limits.js";
import { Diagnostics, unsafeMapKeyProblem } from "../validation/diagnostics.js";
import { credentialEntryProblem, credentialKeyMessage, credentialValueMessage, GENERIC_TABLE_WITH, isCredentialKey, kafkaConfigProviders, plainStringValueProblem, valueCarriesCredential } from "../validation/secrets.js";
import { FlinkIcebergValidationError } from "../validation/error.js";
import { connectorFacts, type ConnectorFacts } from "./connector-facts.js";
import { renderCreateTable } from "./create-table.js";
import { flinkTableColumns, readFlinkColumns } from "./flink-columns.js";
import { PROCTIME } from "./time-attributes.js";
import { checkKafkaOptions } from "./kafka-options.js";
import { isCollection, jsonKind } from "../deploy/arg-types.js";
import { hintedReadOf, type HintedRead } from "./hinted-reads.js";
import { checkFilesystemFormatOptions } from "./format-options.js";
import { checkMetadataColumns } from "./metadata-columns.js";
import { checkConnectorOptionKeys } from "./connector-options.js";
import { hintIssuesOf, type HintIssues } from "./hint-keys.js";
import { hintedWriteOf, type HintedWrite } from "./hinted-writes.js";
import { kafkaTransactionalWrite, type KafkaTransactionalWrite } from "./kafka-transactions.js";
import { requiredOptionIssue, type RequiredOption } from "./required-options.js";
import { checkDatagenFieldTypes } from "./datagen-fields.js";
import { checkFactoryIdentifiers } from "./factory-identifiers.js";
import type { FormatFailure } from "./format-options-spec.js";
import { watermarkAhead } from "./watermark-ahead.js";
import { zeroWatermarkDelays } from "./zero-intervals.js";
import { sqlExpression } from "./expression.js";
import type { TableColumn } from "../components/table-definition.js";
import { memoizedKeyFacts } from "../validation/key-facts-memo.js";

/** A physical column: `name type [COMMENT '...']`. */
export interface FlinkPhysicalColumn {
  /** Column name: 1..256 characters, no CR/LF; back-quoted when rendered; unique in the table. */
  name: string;
  /** A DataTypes value or Flink type text such as "TIMESTAMP(3)" (any Flink type; a primary-key column renders NOT NULL; VARIANT needs a job on flinkVersion v2_1). */
  type: DataType | string;
  /** Rendered `COMMENT '...'`. Default: none. */
  comment?: string;
  /** Not on a physical column (a computed column has `expression` and no `type`): the compiler refuses a column of two kinds. */
  expression?: never;
  /** Not on a physical column (a metadata column has `metadata`). */
  metadata?: never;
}
/** A computed column: `name AS expression` (the expression is Flink SQL, rendered as written). */
export interface FlinkComputedColumn {
  /** Column name: 1..256 characters, no CR/LF; back-quoted when rendered; unique in the table. */
  name: string;
  /** Flink SQL expression over other columns, rendered as written after `AS`, e.g. "CAST(`ts` AS DATE)". */
  expression: string;
  /** Rendered `COMMENT '...'`. Default: none. */
  comment?: string;
  /** Not on a computed column: Flink derives its type from the expression (write a CAST in it for another). */
  type?: never;
  /** Not on a computed column. */
  metadata?: never;
}
/** A metadata column: `name type METADATA [FROM 'key'] [VIRTUAL]`. */
export interface FlinkMetadataColumn {
  /** Column name: 1..256 characters, no CR/LF; back-quoted when rendered; unique in the table. */
  name: string;
  /** The metadata's Flink type, e.g. "TIMESTAMP_LTZ(3)" for Kafka's `timestamp`. */
  type: DataType | string;
  /**
   * `from`: the connector's metadata key when it differs from the column name; `virtual`: read-only
   * (not written by INSERT). For 'kafka' / 'upsert-kafka' (topic, partition, headers, leader-epoch,
   * offset, timestamp, timestamp-type, and the value format's keys under 'value.', e.g.
   * 'value.source.timestamp' for debezium-json) and 'filesystem' (file.path, file.name, file.size,
   * file.modification-time), a key the source does not read, or a declared type Flink can never cast
   * from the key's, is an error of a job that reads the table; a column without `virtual: true`
   * whose key the sink does not write (Kafka writes 'headers' and 'timestamp'; filesystem nothing)
   * is an error of a job that writes it (metadata-columns.ts; flink `DynamicSourceUtils`,
   * `DynamicSinkUtils`).
   */
  metadata: { from?: string; virtual?: boolean };
  /** Rendered `COMMENT '...'`. Default: none. */
  comment?: string;
  /** Not on a metadata column. */
  expression?: never;
}
export type FlinkColumn = FlinkPhysicalColumn | FlinkComputedColumn | FlinkMetadataColumn;

/** FlinkTable args other than the Pulumi options. */
export interface FlinkTableArgs extends AcknowledgesWarnings {
  /** Columns in order. At least one. */
  columns: FlinkColumn[];
  /**
   * Connector options rendered into WITH; `connector` is required. Values are strings, or Pulumi
   * Outputs of strings (e.g. bootstrap servers from another resource), rendered when known; an
   * Output that is a Pulumi secret fails rendering (SPEC decision 8). The keys that decide the
   * plan (`connector`, `scan.bounded.mode`, `number-of-rows`, `source.monitor-interval`,
   * `properties.config.providers*`) must be plain. Keys that carry credentials are rejected.
   *
   * The checks, each ending with the file under src/sql/ that implements it:
   *
   * - 'kafka' / 'upsert-kafka': the primary key each needs or refuses, `scan.startup.mode`, a
   *   'timestamp' mode's `timestamp-millis` in seconds (the whole topic), a misspelt connector
   *   key: errors (kafka-options.ts)
   * - 'topic' with a comma (Flink lists topics with ';': one topic name Kafka refuses) and
   *   'properties.bootstrap.servers' with a semicolon (the Kafka client lists brokers with ','):
   *   errors giving the corrected list (kafka-lists.ts)
   * - Kafka rules across options ('key.format' with 'key.fields', 'topic' or 'topic-pattern', the
   *   other Kafka connector's options ...): errors (kafka-rules.ts)
   * - what Kafka checks only when a job reads or writes the table (a group id for 'group-offsets',
   *   a startup mode's own options, a 'properties.auto.offset.reset' other than earliest, latest
   *   or none, 'exactly-once' without its prefix ...): errors of that job; no
   *   'properties.auto.offset.reset' for 'group-offsets': a warning (connector-bounds.ts, kafka-rules.ts)
   * - a required option ('properties.bootstrap.servers', 'topic', 'format' ...) may come from the
   *   OPTIONS hint of every statement that mentions the table; a statement without it: an error (required-options.ts)
   * - an OPTIONS hint's keys meet these rules, at the hint; a hinted read under
   *   'table.dynamic-table-options.enabled' false: an error (hint-keys.ts, hint-switch.ts)
   * - format options of 'kafka', 'upsert-kafka' and 'filesystem' (built-in formats of Flink
   *   1.19–2.1): a key of another format or misspelt: an error, an unknown key: a warning; values
   *   and required format options are checked (format-options.ts); a Kafka table's Avro format
   *   and a time type its timestamp mapping has no Avro type for (TIMESTAMP_LTZ, TIMESTAMP(p > 3)
   *   under the legacy mapping): an error (avro-timestamps.ts)
   * - 'datagen', 'print', 'blackhole': a key outside their fixed option set: an error naming the
   *   nearest key (connector-options.ts, datagen-fields.ts); other connectors' keys are not checked
   * - a 'connector' or format identifier one typo from a known one ('kafak', 'jsn'): a warning
   *   (factory-identifiers.ts)
   *
   * Details, exact conditions and upstream sources: docs/flink-table-options.md, one section per
   * check (e.g. docs/flink-table-options.md#format-options).
   */
  options: Record<string, pulumi.Input<string>>;
  /**
   * Flink table name. Default: the resource name with every character other than ASCII letters,
   * digits and `_` replaced by `_` (`"orders-gen"` → `orders_gen`), as for the Iceberg tables.
   * 1..256 characters, no CR/LF.
   */
  tableName?: string;
  /** Primary-key columns (physical columns only); rendered `PRIMARY KEY (...) NOT ENFORCED`, the columns NOT NULL. */
  primaryKey?: string[];
  /** Partition columns (filesystem connector). */
  partitionedBy?: string[];
  /**
   * `WATERMARK FOR column AS expression`; the column must be TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p in 0..3, or a computed column.
   * The expression subtracts the delay rows may arrive late by ("`ts` - INTERVAL '5' SECOND"); one that adds time
   * (`ts + INTERVAL '5' MINUTE`, `TIMESTAMPADD(SECOND, 5, ts)`) is a warning: the watermark runs ahead of event time, and windows drop most rows as late.
   * `SOURCE_WATERMARK()` needs a source that emits source watermarks: on 'kafka', 'upsert-kafka', 'filesystem' and
   * 'datagen' it fails every streaming job that reads the table (docs/statement-checks.md#source-watermark-support).
   */
  watermark?: { column: string; expression: string };
  /** Table comment. */
  comment?: string;
}

/** A Pulumi `Output<string>` (or promise) as the pure core sees it: it never unwraps one. */
export type DeferredString = Exclude<pulumi.Input<string>, string>;

export interface GenericTablePlan {
  tableName: string;
  /** The CREATE TABLE; undefined when an option is an Output (see `deferred` and `renderDdl`). */
  ddl: string | undefined;
  /** The plain options. */
  options: Record<string, string>;
  /** Options whose values are Pulumi Outputs, by key (empty when all are plain). */
  deferred: Record<string, DeferredString>;
  /**
   * The CREATE TABLE with `resolved` values of the deferred options. Throws
   * FlinkIcebergValidationError (labelled `label`) at `options["key"]` for a value that embeds a
   * credential or is not a string.
   */
  renderDdl(resolved: Readonly<Record<string, unknown>>, label: string): { ddl: string; options: Record<string, string> };
  /** What the options tell the jobs that use the table (connector-facts.ts): its connector, boundedness, changelog, append-only sink, Kafka read, checkpoint commits. */
  facts: ConnectorFacts;
  /** Format options Flink refuses only when a job reads the table (its decoder's checks, e.g. json's two decoding flags). */
  readFailures: FormatFailure[];
  /** What a read through a reference with this OPTIONS hint meets, the hint merged into the options (hinted-reads.ts). */
  hintedRead: (hint: Readonly<Record<string, string>>) => HintedRead;
  /** Required options the table's options lack, which an OPTIONS hint on every reference may supply (required-options.ts). */
  requiredOptions: RequiredOption[];
  /** What the table's option checks find in a reference's OPTIONS hint merged into its options (hint-keys.ts). */
  hintIssues: (hint: Readonly<Record<string, string>>) => HintIssues;
  /** Format options Flink refuses only when a job writes the table (its encoder's checks, e.g. json map-null-key.mode). */
  writeFailures: FormatFailure[];
  /** Risks a job that writes the table is warned of (kafka-rules.ts: an exactly-once sink's transaction timeout). */
  writeWarnings: FormatFailure[];
  /** What an INSERT whose target has this OPTIONS hint meets, the hint merged into the options (hinted-writes.ts). */
  hintedWrite: (hint: Readonly<Record<string, string>>) => HintedWrite;
  /** A Kafka table's exactly-once write with its own options (kafka-transactions.ts); absent for other connectors and other guarantees (an INSERT's hint: hintedWrite). */
  kafkaTransaction?: KafkaTransactionalWrite;
  /** The columns in declaration order, with their types (computed: none) and whether an INSERT fills them. */
  tableColumns: TableColumn[];
  /** The declared primary key's columns (empty without one). */
  primaryKey: string[];
  /** The PARTITIONED BY columns (empty without). */
  partitionedBy: string[];
}

/** Options that decide the plan at preview (boundedness, providers): they must be plain. */
function decidesPlan(key: string): boolean {
  return ["connector", "scan.bounded.mode", "number-of-rows", "source.monitor-interval", "properties.config.providers"].includes(key) || key.startsWith("properties.config.providers.");
}

const isDeferredString = (v: unknown): v is DeferredString => isDeferred(v);

/** The args a FlinkTable takes (any other is an error). */
export const FLINK_TABLE_ARG_KEYS = ["columns", "options", "tableName", "primaryKey", "partitionedBy", "watermark", "comment", "acknowledgedWarnings"] as const satisfies readonly (keyof FlinkTableArgs)[];
const FLINK_TABLE_ARG_KEYS_COMPLETE: [Exclude<keyof FlinkTableArgs, (typeof FLINK_TABLE_ARG_KEYS)[number]>] extends [never] ? true : never = true;
void FLINK_TABLE_ARG_KEYS_COMPLETE;

/** Kafka's own config providers by their usual name (kafka clients `org.apache.kafka.common.config.provider`). */
const KAFKA_CONFIG_PROVIDER_CLASSES: Readonly<Record<string, string>> = {
  env: "org.apache.kafka.common.config.provider.EnvVarConfigProvider",
  file: "org.apache.kafka.common.config.provider.FileConfigProvider",
  directory: "org.apache.kafka.common.config.provider.DirectoryConfigProvider",
};

/** Validates and renders a FlinkTable; problems go to `diag`. */
export function planGenericTable(resourceName: string, args: FlinkTableArgs, diag: Diagnostics): GenericTablePlan | undefined {
  checkKnownKeys(args, FLINK_TABLE_ARG_KEYS, "", diag);
  checkKnownKeys(args.watermark, ["column", "expression"], "watermark", diag);
  const tableName = args.tableName ?? deriveTableName(resourceName);
  diag.capture("tableName", () => checkIdentifier("the Flink table name", tableName));
  const options: Record<string, string> = {};
  // A Map's or Set's entries are no own props, and an array's are numbered: no option would be read.
  const collection = typeof args.options === "object" && args.options !== null && (Array.isArray(args.options) || isCollection(args.options));
  const plainMap = typeof args.options === "object" && args.options !== null && !isDeferredString(args.options) && !collection;
  if (typeof args.options !== "object" || args.options === null) diag.error("options", "is required: the connector options, at least { connector: '...' }");
  else if (collection) {
    const entries = (args.options as unknown) instanceof Map || (Array.isArray(args.options) && (args.options as unknown[]).every((e) => Array.isArray(e) && e.length === 2));
    diag.error("options", `must be a map of option keys to values, an object literal ({ connector: 'kafka', ... }), not ${jsonKind(args.options)}${entries ? ": write Object.fromEntries(...) of it" : ""}`);
  } else if (!plainMap) {
    diag.error("options", "must be a plain map, not a Pulumi Output: its values may be Outputs, e.g. { connector: 'kafka', 'properties.bootstrap.servers': cluster.bootstrapBrokers }");
  }
  // The map as given (none when it is no plain object: reported above).
  const given: Record<string, unknown> = plainMap ? args.options : {};
  const providers = kafkaConfigProviders(given);
  for (const p of providers) {
    const cls: unknown = given[`properties.config.providers.${p}.class`];
    // An Output here is its own error (it decides the plan).
    if (!isDeferredString(cls) && (typeof cls !== "string" || cls.trim() === "")) {
      const known = KAFKA_CONFIG_PROVIDER_CLASSES[p];
      diag.error(
        'options["properties.config.providers"]',
        `lists the config provider ${JSON.stringify(p)}, but options["properties.config.providers.${p}.class"] is not set, so Kafka leaves every \${${p}:...} placeholder unresolved; ` +
          `set it to the provider's class${known !== undefined ? ` ('${known}')` : ""}`,
      );
    }
  }
  const deferred: Record<string, DeferredString> = {};
  // The connector's name picks a credential's remedy (jdbc-credentials.ts connectorRemedy).
  const connectorName = typeof given["connector"] === "string" ? given["connector"] : undefined;
  for (const [k, v] of Object.entries(given)) {
    const at = `options[${JSON.stringify(k)}]`;
    const unsafe = unsafeMapKeyProblem(k);
    if (unsafe !== undefined) diag.error(at, unsafe);
    else if (isDeferredString(v)) {
      if (decidesPlan(k)) diag.error(at, `is a Pulumi Output, but ${JSON.stringify(k)} decides how the job runs, which preview must know: write it as a plain string`);
      else if (isCredentialKey(k)) diag.error(at, credentialKeyMessage(k, GENERIC_TABLE_WITH, undefined, connectorName));
      else deferred[k] = v;
    } else if (typeof v !== "string") diag.error(at, plainStringValueProblem(v, k, "FlinkTable options"));
    else {
      const credential = credentialEntryProblem(k, v, GENERIC_TABLE_WITH, providers, undefined, memoizedKeyFacts(k), connectorName);
      if (credential !== undefined) diag.error(at, credential);
      else options[k] = v;
    }
  }
  const connector: unknown = given["connector"];
  if (plainMap && !isDeferredString(connector) && (typeof connector !== "string" || connector.trim() === "")) {
    diag.error(`options["connector"]`, "is required: the connector name, e.g. 'kafka', 'datagen', 'filesystem'");
  } else if (typeof connector === "string" && connector.trim().toLowerCase() === "iceberg") {
    diag.error(
      `options["connector"]`,
      "'iceberg' tables are declared with IcebergSource or IcebergSink, which check the Iceberg rules (checkpointing for commits, upsert keys, codecs, format version) that a FlinkTable cannot",
    );
  }
  checkFactoryIdentifiers(options, diag);
  if (!Array.isArray(args.columns) || args.columns.length === 0) diag.error("columns", "needs at least one column");
  // A key list that is no array of names is reported once here and treated as empty below.
  const nameList = (arg: "primaryKey" | "partitionedBy"): string[] => {
    const v: unknown = args[arg];
    if (v === undefined) return [];
    if (Array.isArray(v) && v.every((k) => typeof k === "string")) return v;
    diag.error(arg, "must be an array of column names (strings)");
    return [];
  };
  const primaryKey = nameList("primaryKey");
  const partitionedBy = nameList("partitionedBy");
  const pk = new Set(primaryKey);
  const read = readFlinkColumns(args.columns, pk, diag);
  const { columns, kinds, metadataColumns } = read;
  // The format checks read the physical columns (raw: one column), when every column was read.
  const allRead = Array.isArray(args.columns) && kinds.size === args.columns.length;
  const physical = allRead ? [...kinds].flatMap(([name, c]) => (c.kind === "physical" ? [{ name, type: c.type }] : [])) : undefined;
  const readFailures: FormatFailure[] = [];
  const writeFailures: FormatFailure[] = [];
  const writeWarnings: FormatFailure[] = [];
  const virtual = [...kinds].flatMap(([n, c]) => (c.kind === "physical" ? [] : [n]));
  // The connector and format option checks, over the table's options or over a hint merged into them (hint-keys.ts).
  const checkOptions = (opts: Readonly<Record<string, string>>, deferredKeys: readonly string[], d: Diagnostics, into: { readFailures: FormatFailure[]; writeFailures: FormatFailure[]; writeWarnings?: FormatFailure[] }, required: RequiredOption[]): readonly FormatFailure[] => {
    const scan = checkKafkaOptions(opts, deferredKeys, primaryKey, d, { columns: physical, ...into }, required);
    checkFilesystemFormatOptions(opts, deferredKeys, d, { columns: physical, primaryKey, partitionedBy, ...into });
    checkMetadataColumns(opts, deferredKeys, metadataColumns, into);
    const name = opts["connector"]?.trim() ?? "";
    const judged = name === "datagen" && physical !== undefined ? checkDatagenFieldTypes(opts, deferredKeys, physical, d) : undefined;
    checkConnectorOptionKeys(name, [...Object.keys(opts), ...deferredKeys], physical?.map((c) => c.name), d, virtual, judged);
    return scan;
  };
  // Required options a reference's OPTIONS hint may supply: judged per reference by the jobs (required-options.ts).
  const required: RequiredOption[] = [];
  // The Kafka scan modes' read failures, judged again per reference with its OPTIONS hint (hinted-reads.ts).
  const scan = checkOptions(options, Object.keys(deferred), diag, { readFailures, writeFailures, writeWarnings }, required);
  const kafkaConnector = (options["connector"] ?? "").trim().toLowerCase();
  primaryKey.forEach((k, i) => {
    const col = kinds.get(k);
    if (!col) diag.error(`primaryKey[${i}]`, `names ${JSON.stringify(k)}, which is not a column`);
    else if (col.kind !== "physical") diag.error(`primaryKey[${i}]`, `${JSON.stringify(k)} is a ${col.kind} column; a primary key holds physical columns only`);
  });
  partitionedBy.forEach((k, i) => {
    if (!kinds.has(k)) diag.error(`partitionedBy[${i}]`, `names ${JSON.stringify(k)}, which is not a column`);
  });
  let watermark: { column: string; expression: string } | undefined;
  if (args.watermark) {
    const col = kinds.get(args.watermark.column);
    if (!col) diag.error("watermark.column", `names ${JSON.stringify(args.watermark.column)}, which is not a column`);
    else if (rowtimeNameProblem(args.watermark.column) !== undefined) diag.error("watermark.column", rowtimeNameProblem(args.watermark.column)!);
    else if (columns.some((c) => c.name === args.watermark!.column && c.kind === "computed" && PROCTIME.test(c.expression))) {
      diag.error(
        "watermark.column",
        `${JSON.stringify(args.watermark.column)} is a processing-time attribute (PROCTIME()), and Flink rejects a watermark on one ("A watermark can not be defined for a processing-time attribute", flink DefaultSchemaResolver): ` +
          "put the watermark on an event-time column (TIMESTAMP(3) / TIMESTAMP_LTZ(3), or a computed one such as TO_TIMESTAMP_LTZ(<epoch millis>, 3)), or leave watermark out to work in processing time",
      );
    }
    else if (col.type && !((col.type.kind === "TIMESTAMP" || col.type.kind === "TIMESTAMP_LTZ") && col.type.precision <= 3)) {
      const w = args.watermark.column;
      const epoch =
        col.type.kind === "BIGINT" || col.type.kind === "INT"
          ? `; for epoch time in a number, add a computed column { name: "${w}_ts", expression: "TO_TIMESTAMP_LTZ(\`${w}\`, 3)" } (3: milliseconds, 0: seconds) and put the watermark on it (retyping the field as TIMESTAMP(3) would not parse its numbers)`
          : "";
      diag.error("watermark.column", `${JSON.stringify(w)} is ${col.type.toString()}; a watermark needs TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p from 0 to 3, e.g. TIMESTAMP(3)${epoch}`);
    }
    watermark = { column: args.watermark.column, expression: sqlExpression(args.watermark.expression, diag.at("watermark.expression"), "e.g. \"`ts` - INTERVAL '5' SECOND\"") ?? "" };
    for (const w of zeroWatermarkDelays(watermark.expression)) diag.warn("watermark.expression", w);
    for (const w of watermarkAhead(watermark.column, watermark.expression)) diag.warn("watermark.expression", w);
  }
  // A table that fails anyway lists them too (each saying a hint may give it instead).
  if (diag.hasErrors) for (const r of required) diag.error(requiredOptionIssue(r).path, requiredOptionIssue(r).message);
  if (diag.hasErrors) return undefined;
  const render = (all: Record<string, string>): string =>
    renderCreateTable({ name: tableName, columns, primaryKey: args.primaryKey, partitionedBy: args.partitionedBy, watermark, comment: args.comment, options: all });
  const hasDeferred = Object.keys(deferred).length > 0;
  const kafkaSink = kafkaConnector === "kafka" || kafkaConnector === "upsert-kafka";
  const ownTransaction = kafkaSink ? kafkaTransactionalWrite(options, Object.keys(deferred)) : undefined;
  return {
    tableName,
    ddl: hasDeferred ? undefined : render(options),
    options,
    deferred,
    renderDdl(resolved, label) {
      const issues: { path: string; message: string }[] = [];
      const all: Record<string, string> = { ...options };
      for (const k of Object.keys(deferred)) {
        const v = resolved[k];
        const path = `options[${JSON.stringify(k)}]`;
        if (typeof v !== "string") issues.push({ path, message: plainStringValueProblem(v, k, "FlinkTable options") });
        else if (valueCarriesCredential(v)) issues.push({ path, message: credentialValueMessage(`the value of ${JSON.stringify(k)}`, undefined, undefined, connectorName) });
        else all[k] = v;
      }
      if (issues.length > 0) throw new FlinkIcebergValidationError(issues, label);
      return { ddl: render(all), options: all };
    },
    facts: connectorFacts(options),
    readFailures,
    hintedRead: hintedReadOf(kafkaConnector, options, Object.keys(deferred), readFailures, scan),
    requiredOptions: required,
    hintIssues: hintIssuesOf(options, Object.keys(deferred), (o, keys, d) => {
      checkFactoryIdentifiers(o, d);
      checkOptions(o, keys, d, { readFailures: [], writeFailures: [] }, []);
    }),
    writeFailures,
    writeWarnings,
    hintedWrite: hintedWriteOf(options, Object.keys(deferred), (o, keys, into) => void checkOptions(o, keys, new Diagnostics(), into, []), kafkaSink),
    ...(ownTransaction !== undefined ? { kafkaTransaction: ownTransaction } : {}),
    primaryKey,
    partitionedBy,
    tableColumns: flinkTableColumns(read, options, watermark?.column),
  };
}
