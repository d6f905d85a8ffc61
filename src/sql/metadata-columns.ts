/**
 * A FlinkTable's metadata columns against what its connector reads and writes, for the connectors
 * whose metadata is known here: 'kafka' / 'upsert-kafka' (flink-connector-kafka
 * `KafkaDynamicSource.ReadableMetadata`, `KafkaDynamicSource.listReadableMetadata`: the value
 * format's metadata under 'value.'; `KafkaDynamicSink.WritableMetadata`) with the value formats'
 * metadata (flink-json `DebeziumJsonDecodingFormat`, `CanalJsonDecodingFormat`,
 * `MaxwellJsonDecodingFormat`, `OggJsonDecodingFormat`; flink-avro-confluent-registry
 * `DebeziumAvroDecodingFormat`), and 'filesystem' (flink-connector-files
 * `FileSystemTableSource.ReadableFileInfo`; `FileSystemTableSink` writes no metadata). Any other
 * connector, and a format this file does not know, is left alone.
 *
 * Flink checks a metadata column when a job reads the table (flink-table-planner
 * `DynamicSourceUtils.validateAndApplyMetadata`: the key must be readable, and the declared type
 * castable from the key's type) and, for a column that is not VIRTUAL, when a job writes it
 * (`DynamicSinkUtils.validateAndApplyMetadata`: the key must be writable): so the problems are
 * failures of the job that reads or writes the table (readFailures / writeFailures).
 */
import type { DataType } from "../types/data-type.js";
import { closestKey } from "../validation/known-keys.js";
import type { FormatFailure } from "./format-options-spec.js";

/** A metadata column as declared: its position, key (`from`, else the name) and type. */
export interface MetadataColumnDecl {
  readonly index: number;
  readonly name: string;
  readonly from?: string;
  readonly virtual: boolean;
  readonly type: DataType;
}

/** Kinds of metadata types, for the casts Flink certainly refuses (LogicalTypeCasts.supportsExplicitCast). */
type MetaType = { readonly text: string; readonly shape: "scalar" | "map" | "array" };

const STRING: MetaType = { text: "STRING", shape: "scalar" };
const INT: MetaType = { text: "INT", shape: "scalar" };
const BIGINT: MetaType = { text: "BIGINT", shape: "scalar" };
const LTZ3: MetaType = { text: "TIMESTAMP_LTZ(3)", shape: "scalar" };
const LTZ6: MetaType = { text: "TIMESTAMP_LTZ(6)", shape: "scalar" };
const STRING_MAP: MetaType = { text: "MAP<STRING, STRING>", shape: "map" };
const STRING_ARRAY: MetaType = { text: "ARRAY<STRING>", shape: "array" };

/** KafkaDynamicSource.ReadableMetadata ('header-list' is connector 4.x). */
const KAFKA_READABLE: Readonly<Record<string, MetaType>> = {
  topic: STRING,
  partition: INT,
  headers: { text: "MAP<STRING, BYTES>", shape: "map" },
  "header-list": { text: "ARRAY<ROW<key STRING, value BYTES>>", shape: "array" },
  "leader-epoch": INT,
  offset: BIGINT,
  timestamp: LTZ3,
  "timestamp-type": STRING,
};

/** The readable metadata of the value formats that have any (their DecodingFormat's ReadableMetadata). */
const FORMAT_READABLE: Readonly<Record<string, Readonly<Record<string, MetaType>>>> = {
  "debezium-json": {
    schema: STRING, "ingestion-timestamp": LTZ3, "source.timestamp": LTZ3, "source.database": STRING,
    "source.schema": STRING, "source.table": STRING, "source.properties": STRING_MAP,
  },
  "canal-json": {
    database: STRING, table: STRING, "sql-type": { text: "MAP<STRING, INT>", shape: "map" }, "pk-names": STRING_ARRAY,
    "ingestion-timestamp": LTZ3, "event-timestamp": LTZ3,
  },
  "maxwell-json": { database: STRING, table: STRING, "primary-key-columns": STRING_ARRAY, "ingestion-timestamp": LTZ3 },
  // Flink renamed ogg-json's keys (current_ts, op_ts, table, source.properties → table, primary-keys,
  // ingestion-timestamp, event-timestamp): both sets are taken, so neither version gets a false error.
  "ogg-json": {
    table: STRING, "primary-keys": STRING_ARRAY, "ingestion-timestamp": LTZ6, "event-timestamp": LTZ6,
    current_ts: LTZ3, op_ts: LTZ3, "source.properties": STRING_MAP,
  },
  "debezium-avro-confluent": {
    "ingestion-timestamp": LTZ3, "source.timestamp": LTZ3, "source.database": STRING, "source.schema": STRING,
    "source.table": STRING, "source.properties": STRING_MAP,
  },
};

/** Formats known to have no readable metadata (every other format: its 'value.' keys are not checked). */
const NO_METADATA_FORMATS = ["json", "csv", "avro", "avro-confluent", "raw", "protobuf"];

const FILESYSTEM_READABLE: Readonly<Record<string, MetaType>> = {
  "file.path": STRING,
  "file.name": STRING,
  "file.size": BIGINT,
  "file.modification-time": LTZ3,
};

/** The metadata a table's source reads, or undefined where this file does not know it; `valueKnown` false: the keys under 'value.' are not known here. */
function readable(options: Readonly<Record<string, string>>, deferredKeys: readonly string[]): { keys: Record<string, MetaType>; valueKnown: boolean; connector: string } | undefined {
  if (options["connector"]?.trim() === "filesystem") return { keys: { ...FILESYSTEM_READABLE }, valueKnown: true, connector: "filesystem" };
  const connector = options["connector"]?.trim().toLowerCase();
  if (connector !== "kafka" && connector !== "upsert-kafka") return undefined;
  const keys: Record<string, MetaType> = { ...KAFKA_READABLE };
  // 'upsert-kafka' wraps its value format, and the wrapper lists no metadata (UpsertKafkaDynamicTableFactory.DecodingFormatWrapper).
  if (connector === "upsert-kafka") return { keys, valueKnown: true, connector };
  if (["format", "value.format"].some((k) => deferredKeys.includes(k))) return { keys, valueKnown: false, connector };
  const format = (options["format"] ?? options["value.format"])?.trim();
  const own = format === undefined ? undefined : FORMAT_READABLE[format];
  for (const [k, t] of Object.entries(own ?? {})) keys[`value.${k}`] = t;
  return { keys, valueKnown: own !== undefined || (format !== undefined && NO_METADATA_FORMATS.includes(format)), connector };
}

/** The metadata a table's sink writes (KafkaDynamicSink.WritableMetadata; 'topic' only for a sink of several topics, connector 4.x). */
function writable(connector: string, options: Readonly<Record<string, string>>): Record<string, MetaType> {
  if (connector === "filesystem") return {};
  const keys: Record<string, MetaType> = { headers: KAFKA_READABLE["headers"]!, timestamp: LTZ3, "header-list": KAFKA_READABLE["header-list"]! };
  if (options["topic-pattern"] !== undefined || (options["topic"] ?? "").includes(";")) keys["topic"] = STRING;
  return keys;
}

/** Whether Flink certainly cannot cast between the metadata type and the declared one (either way). */
function neverCastable(meta: MetaType, declared: DataType): boolean {
  const k = declared.kind;
  const constructed = k === "ARRAY" || k === "MULTISET" || k === "MAP" || k === "ROW";
  if (meta.shape === "scalar") return constructed;
  const numeric = ["TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL"].includes(k);
  const temporal = ["DATE", "TIME", "TIMESTAMP", "TIMESTAMP_LTZ", "TIMESTAMP_TZ", "INTERVAL"].includes(k) || k.startsWith("INTERVAL");
  const otherShape = meta.shape === "map" ? k === "ARRAY" || k === "MULTISET" || k === "ROW" : k === "MAP" || k === "MULTISET" || k === "ROW";
  return numeric || temporal || k === "BOOLEAN" || otherShape;
}

/**
 * Checks the metadata columns of a 'kafka', 'upsert-kafka' or 'filesystem' table (see the file
 * comment); problems go to `readFailures` / `writeFailures`, at `columns[i].metadata.from` (or
 * `columns[i].name` when the key is the column name) for a key, `columns[i].type` for a type,
 * `columns[i].metadata` for a column a job writes that must be VIRTUAL.
 */
export function checkMetadataColumns(
  options: Readonly<Record<string, string>>,
  deferredKeys: readonly string[],
  columns: readonly MetadataColumnDecl[],
  failures: { readonly readFailures: FormatFailure[]; readonly writeFailures: FormatFailure[] },
): void {
  const source = columns.length === 0 ? undefined : readable(options, deferredKeys);
  if (source === undefined) return;
  const { connector } = source;
  const sink = writable(connector, options);
  for (const c of columns) {
    const key = c.from ?? c.name;
    const keyPath = c.from !== undefined ? `columns[${c.index}].metadata.from` : `columns[${c.index}].name`;
    const what = c.from !== undefined ? `the metadata key ${JSON.stringify(key)}` : `the column name ${JSON.stringify(key)}, its metadata key (no metadata.from)`;
    const known = key.startsWith("value.") && !source.valueKnown ? undefined : source.keys[key];
    const unknownKey = known === undefined && !(key.startsWith("value.") && !source.valueKnown);
    if (unknownKey) {
      const names = Object.keys(source.keys);
      const near = closestKey(key, names);
      const fix = c.from !== undefined ? (near !== undefined ? `did you mean ${JSON.stringify(near)}?` : "") : `set metadata.from to the key${near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : ""}`;
      failures.readFailures.push({
        path: keyPath,
        message: `is ${what}, which the '${connector}' connector does not read (Flink: "Invalid metadata key '${key}' in column '${c.name}'"); ${[fix, `the keys it reads: ${names.join(", ")}`].filter((x) => x !== "").join("; ")}`,
      });
    } else if (known !== undefined && neverCastable(known, c.type)) {
      failures.readFailures.push({
        path: `columns[${c.index}].type`,
        message: `is ${c.type.toString()}, and metadata ${JSON.stringify(key)} is ${known.text}, which Flink cannot cast to it ("Invalid data type for metadata column '${c.name}' ... the type must be castable from metadata type"); declare it ${known.text}`,
      });
    }
    if (c.virtual) continue;
    const out = sink[key];
    if (out === undefined) {
      const writes = Object.keys(sink).filter((k) => k !== "header-list");
      const reason =
        connector === "filesystem"
          ? "the 'filesystem' sink writes no metadata (Flink: \"declares persistable metadata columns, but the underlying DynamicTableSink doesn't implement the SupportsWritingMetadata interface\")"
          : `the '${connector}' sink writes only ${writes.map((k) => `'${k}'`).join(", ").replace(/, ([^,]*)$/, " and $1")} (Flink: "Invalid metadata key '${key}' in column '${c.name}' ... supports the following metadata keys for writing")`;
      failures.writeFailures.push({
        path: `columns[${c.index}].metadata`,
        message: `declares the metadata column ${JSON.stringify(c.name)} (key ${JSON.stringify(key)}) without virtual: true, so an INSERT writes it, and ${reason}; declare it { virtual: true } (read-only; INSERT leaves it out)`,
      });
    } else if (neverCastable(out, c.type)) {
      failures.writeFailures.push({
        path: `columns[${c.index}].type`,
        message: `is ${c.type.toString()}, and the writable metadata ${JSON.stringify(key)} is ${out.text}, which Flink cannot cast it to ("the type must be castable to metadata type"); declare it ${out.text}`,
      });
    }
  }
}
