/**
 * The binary formats' options in Flink 1.19–2.1: 'avro' (flink-avro `AvroFormatOptions`,
 * `AvroFormatFactory`, `AvroFileFormatFactory`), 'avro-confluent' and 'debezium-avro-confluent'
 * (flink-avro-confluent-registry `AvroConfluentFormatOptions`, `RegistryAvroFormatFactory`,
 * `DebeziumAvroFormatFactory`), 'raw' (`RawFormatFactory`, `RawFormatOptions`), 'protobuf'
 * (flink-protobuf `PbFormatOptions`, `PbFormatFactory`), and 'parquet' / 'orc', whose `parquet.*` /
 * `orc.*` keys go to the Hadoop configuration unchecked (flink-parquet `ParquetFileFormatFactory`,
 * flink-orc `OrcFileFormatFactory`).
 */
import { didYouMean } from "../validation/known-keys.js";
import { nameList } from "../validation/name-list.js";
import { formatColumns, opt, type FormatSpec } from "./format-options-spec.js";
import { checkAvroTimestamps } from "./avro-timestamps.js";

const AVRO_ENCODINGS = ["binary", "json"];
/** Avro `CodecFactory.fromString` names (exact). */
const AVRO_CODECS = ["null", "deflate", "snappy", "bzip2", "xz", "zstandard"];

/** avro: `encoding` and `timestamp_mapping.legacy` are 1.19+ (FLINK-33058, FLINK-33198); `codec` is the file writer's. */
export const AVRO: FormatSpec = {
  suffixes: ["encoding", "timestamp_mapping.legacy"],
  booleans: ["timestamp_mapping.legacy"],
  later: { "open.fastread": "FLINK-39005" },
  filesystemOnly: { codec: "the compression codec of the Avro files it writes" },
  checkValue(ctx, suffix, value) {
    // ConfigurationUtils.convertToEnum: any case, not trimmed.
    if (suffix === "encoding" && !AVRO_ENCODINGS.includes(value.toLowerCase())) {
      ctx.diag.error(opt(ctx.key(suffix)), `${JSON.stringify(value)} is no Avro encoding; write "binary" or "json" (any case: flink AvroFormatOptions.AvroEncoding)${didYouMean(value.trim(), AVRO_ENCODINGS)}`);
    } else if (suffix === "codec" && !AVRO_CODECS.includes(value)) {
      // Read when the sink opens its first file: a job that writes the table fails then.
      ctx.failsOn(
        "write",
        opt(ctx.key(suffix)),
        `${JSON.stringify(value)} is no Avro codec (Avro CodecFactory: "Unrecognized codec", when the sink opens its first file); write one of ${AVRO_CODECS.join(", ")}${didYouMean(value.trim(), AVRO_CODECS)}`,
      );
    }
  },
  // The time types its timestamp mapping has no Avro type for (avro-timestamps.ts).
  checkAll: (ctx) => checkAvroTimestamps(ctx, "option"),
};

const REGISTRY_SUFFIXES = [
  "url", "subject", "schema", "ssl.keystore.location", "ssl.keystore.password", "ssl.truststore.location", "ssl.truststore.password",
  "basic-auth.credentials-source", "basic-auth.user-info", "bearer-auth.credentials-source", "bearer-auth.token",
];

function registrySpec(identifier: string, extra: readonly string[]): FormatSpec {
  return {
    suffixes: [...REGISTRY_SUFFIXES, ...extra],
    maps: ["properties"],
    fallbacks: { "schema-registry.url": "url", "schema-registry.subject": "subject", "schema-registry.schema": "schema" },
    booleans: extra.includes("auto.register.schemas") ? ["auto.register.schemas"] : [],
    required: [{ suffix: "url", fallbacks: ["schema-registry.url"], what: `the Schema Registry's URL, e.g. "http://schema-registry:8081"` }],
    checkAll(ctx) {
      // The encoders need a subject; 'kafka' / 'upsert-kafka' fill in '<topic>-value' / '<topic>-key'
      // (flink-connector-kafka KafkaConnectorOptionsUtil.autoCompleteSchemaRegistrySubject), 'filesystem' does not.
      if (ctx.connector === "filesystem" && !ctx.has("subject") && !ctx.has("schema-registry.subject")) {
        ctx.failsOn(
          "write",
          opt(ctx.formatKey),
          `is '${identifier}' without ${JSON.stringify(ctx.key("subject"))} (Flink: "Option ${identifier}.subject is required for serialization"); set the subject to register the schema under`,
        );
      }
      // The registry formats derive the schema with the legacy timestamp mapping (avro-timestamps.ts).
      checkAvroTimestamps(ctx, "legacy");
    },
  };
}

/** avro-confluent: RegistryAvroFormatFactory; `auto.register.schemas` is FLINK-33045 (2025). */
export const AVRO_CONFLUENT = registrySpec("avro-confluent", ["auto.register.schemas"]);
/** debezium-avro-confluent: DebeziumAvroFormatFactory (no auto.register.schemas). */
export const DEBEZIUM_AVRO_CONFLUENT = registrySpec("debezium-avro-confluent", []);

/** protobuf: PbFormatOptions (1.16+); the message class is required. */
export const PROTOBUF: FormatSpec = {
  suffixes: ["message-class-name", "ignore-parse-errors", "read-default-values", "write-null-string-literal"],
  booleans: ["ignore-parse-errors", "read-default-values"],
  required: [{ suffix: "message-class-name", what: `the full name of the generated Java message class on the job's classpath, e.g. "com.example.protos.Order"` }],
  checkValue(ctx, suffix, value) {
    if (suffix === "message-class-name" && (value.trim() === "" || /\s/.test(value))) {
      ctx.diag.error(opt(ctx.key(suffix)), `${JSON.stringify(value)} is no Java class name (Flink loads the message class by this name when it plans the job); write the generated class's full name, e.g. "com.example.protos.Order"`);
    }
  },
};

const ENDIANNESS = ["big-endian", "little-endian"];
/** RawFormatFactory.supportedTypes, as this package names the kinds. */
const RAW_KINDS = ["CHAR", "VARCHAR", "BINARY", "VARBINARY", "RAW", "BOOLEAN", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE"];

/** raw: RawFormatOptions `endianness`, `charset`; one physical column of a byte-based type. */
export const RAW: FormatSpec = {
  suffixes: ["endianness", "charset"],
  checkValue(ctx, suffix, value) {
    if (suffix === "endianness" && !ENDIANNESS.includes(value.toLowerCase())) {
      ctx.diag.error(opt(ctx.key(suffix)), `${JSON.stringify(value)} is no byte order; write "big-endian" or "little-endian" (any case: flink RawFormatFactory)${didYouMean(value.trim(), ENDIANNESS)}`);
    } else if (suffix === "charset" && !/^[A-Za-z0-9][A-Za-z0-9+:_.-]*$/.test(value)) {
      // java.nio.charset.Charset: a legal name starts with a letter or digit and holds letters, digits and - + : _ . only.
      const fix = /^[A-Za-z0-9][A-Za-z0-9+:_.-]*$/.test(value.trim()) ? `write it without the surrounding spaces: ${JSON.stringify(value.trim())}` : `write a Java charset name such as "UTF-8"`;
      ctx.diag.error(opt(ctx.key(suffix)), `${JSON.stringify(value)} is no charset name, which Flink refuses ("Unsupported 'raw.charset' name"); ${fix}`);
    }
  },
  checkAll(ctx) {
    const of = formatColumns(ctx);
    if (of === undefined) return;
    const { columns, what } = of;
    if (columns.length !== 1) {
      const names = columns.length === 0 ? "none" : nameList(columns.map((c) => JSON.stringify(c.name)));
      ctx.diag.error(
        opt(ctx.formatKey),
        `is 'raw', which holds exactly one physical column, and gets ${columns.length} here (${names}: the ${what}): Flink fails with "The 'raw' format only supports single physical column"; keep one column (e.g. STRING or BYTES) for it, or use another format`,
      );
      return;
    }
    const type = columns[0]!.type;
    if (type !== undefined && !RAW_KINDS.includes(type.kind)) {
      ctx.diag.error(
        opt(ctx.formatKey),
        `is 'raw', which takes a column of CHAR, VARCHAR / STRING, BINARY, VARBINARY / BYTES, RAW, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT or DOUBLE, and ${JSON.stringify(columns[0]!.name)} is ${type.toString()}: Flink fails with "The 'raw' format doesn't supports '${type.toString()}' as column type"; retype the column, or use another format`,
      );
    }
  },
};

/** parquet / orc: every `<format>.*` key goes to the Hadoop configuration of the file reader and writer. */
export const PASS_THROUGH: FormatSpec = { suffixes: [], passThrough: true };
