/**
 * Time types a Kafka table's Avro format cannot hold (src/sql/avro-timestamps.ts): flink-avro
 * AvroSchemaConverter.convertToSchema refuses TIMESTAMP(p > 3) and TIMESTAMP_LTZ under the legacy
 * timestamp mapping ('avro' by default, the registry formats always), TIMESTAMP / TIMESTAMP_LTZ
 * above 6 under the other one, TIME above 3 under both (trial programs w40, w41).
 */
import assert from "node:assert/strict";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkFormatOptions } from "../src/sql/format-options.js";
import { parseDataType } from "../src/types/parser.js";

const kafka = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest" };

/** checkFormatOptions' errors as [path, message] pairs, over physical columns `name type`. */
function errors(connector: string, options: Record<string, string>, columns: [string, string][], extra: { primaryKey?: string[]; deferredKeys?: string[] } = {}): [string, string][] {
  const d = new Diagnostics();
  const cols = columns.map(([name, type]) => ({ name, type: parseDataType(type) }));
  checkFormatOptions(connector, options, extra.deferredKeys ?? [], d, { columns: cols, readFailures: [], writeFailures: [], ...(extra.primaryKey ? { primaryKey: extra.primaryKey } : {}) });
  return d.errors.map((i) => [i.path, i.message]);
}

const LEGACY_HOW = `derives the Avro schema from its columns with the legacy timestamp mapping ("avro.timestamp_mapping.legacy" is true by default)`;
const FAILS = "every job that reads or writes the table fails when it starts";
const NEWER = "(Flink 1.19+; that mapping also writes TIMESTAMP columns as Avro local-timestamp-*, which the topic's other readers must expect)";
const REGISTRY_FIX = (f: string) =>
  `declare it TIMESTAMP(3) (Avro timestamp-millis): '${f}' always derives its schema with the legacy timestamp mapping and has no option to change it, so CAST to and from TIMESTAMP(3) in the statements where another time type is wanted`;

describe("Avro formats and the time types their timestamp mapping cannot hold", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("'avro' with the default legacy mapping: TIMESTAMP(9) and TIMESTAMP_LTZ(9) are errors naming the column, Flink's message and the fix (w41)", () => {
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro" }, [["symbol", "STRING"], ["exchange_ts", "TIMESTAMP(9)"], ["recv_ts", "TIMESTAMP_LTZ(9)"], ["ts6", "TIMESTAMP(6)"], ["ltz3", "TIMESTAMP_LTZ(3)"]]), [
      [
        'options["format"]',
        `is 'avro', which ${LEGACY_HOW}, and "exchange_ts" is TIMESTAMP(9), which that mapping has no Avro type for: ${FAILS} ("Avro does not support TIMESTAMP type with precision: 9, it only supports precision less than 3.", flink AvroSchemaConverter.convertToSchema); ` +
          `declare it TIMESTAMP(6) and set options["avro.timestamp_mapping.legacy"] = "false" ${NEWER}, or declare it TIMESTAMP(3)`,
      ],
      [
        'options["format"]',
        `is 'avro', which ${LEGACY_HOW}, and "recv_ts" is TIMESTAMP_LTZ(9), which that mapping has no Avro type for: ${FAILS} ("Unsupported to derive Schema for type: TIMESTAMP_LTZ(9)", flink AvroSchemaConverter.convertToSchema); ` +
          `declare it TIMESTAMP_LTZ(6) and set options["avro.timestamp_mapping.legacy"] = "false" ${NEWER}, or declare it TIMESTAMP(3)`,
      ],
      [
        'options["format"]',
        `is 'avro', which ${LEGACY_HOW}, and "ts6" is TIMESTAMP(6), which that mapping has no Avro type for: ${FAILS} ("Avro does not support TIMESTAMP type with precision: 6, it only supports precision less than 3.", flink AvroSchemaConverter.convertToSchema); ` +
          `set options["avro.timestamp_mapping.legacy"] = "false", under which TIMESTAMP(6) is Avro local-timestamp-micros ${NEWER}, or declare it TIMESTAMP(3)`,
      ],
      [
        'options["format"]',
        `is 'avro', which ${LEGACY_HOW}, and "ltz3" is TIMESTAMP_LTZ(3), which that mapping has no Avro type for: ${FAILS} ("Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)", flink AvroSchemaConverter.convertToSchema); ` +
          `set options["avro.timestamp_mapping.legacy"] = "false", under which TIMESTAMP_LTZ(3) is Avro timestamp-millis ${NEWER}, or declare it TIMESTAMP(3)`,
      ],
    ]);
  });

  it("'avro' with the non-legacy mapping: up to 6 digits pass, 7 to 9 are errors; TIME above 3 under both", () => {
    const off = { ...kafka, format: "avro", "avro.timestamp_mapping.legacy": "FALSE" };
    assert.deepStrictEqual(errors("kafka", off, [["a", "TIMESTAMP(6)"], ["b", "TIMESTAMP_LTZ(6)"], ["c", "TIMESTAMP_LTZ(3)"], ["d", "TIMESTAMP(3)"], ["e", "TIME(3)"], ["f", "DATE"]]), []);
    const how = `derives the Avro schema from its columns with the non-legacy timestamp mapping ("avro.timestamp_mapping.legacy" is false)`;
    assert.deepStrictEqual(errors("kafka", off, [["x", "TIMESTAMP(9)"], ["y", "TIMESTAMP_LTZ(7) NOT NULL"], ["z", "TIME(6)"]]), [
      [
        'options["format"]',
        `is 'avro', which ${how}, and "x" is TIMESTAMP(9), which that mapping has no Avro type for: ${FAILS} ("Avro does not support LOCAL TIMESTAMP type with precision: 9, it only supports precision less than 6.", flink AvroSchemaConverter.convertToSchema); ` +
          "declare it TIMESTAMP(6) or less (microseconds: Flink 1.19–2.1 map no nanoseconds to Avro)",
      ],
      [
        'options["format"]',
        `is 'avro', which ${how}, and "y" is TIMESTAMP_LTZ(7) NOT NULL, which that mapping has no Avro type for: ${FAILS} ("Avro does not support TIMESTAMP type with precision: 7, it only supports precision less than 6.", flink AvroSchemaConverter.convertToSchema); ` +
          "declare it TIMESTAMP_LTZ(6) or less (microseconds: Flink 1.19–2.1 map no nanoseconds to Avro)",
      ],
      [
        'options["format"]',
        `is 'avro', which ${how}, and "z" is TIME(6), which that mapping has no Avro type for: ${FAILS} ("Avro does not support TIME type with precision: 6, it only supports precision less than 3.", flink AvroSchemaConverter.convertToSchema); declare it TIME(3) or less`,
      ],
    ]);
  });

  it("the legacy mapping's own types, other formats, filesystem, an Output or non-boolean option, and a registry schema stay quiet", () => {
    const held: [string, string][] = [["a", "TIMESTAMP(3)"], ["b", "TIMESTAMP(0)"], ["c", "TIME(3)"], ["d", "ROW<`x` TIMESTAMP(3), `y` ARRAY<TIMESTAMP(3)>>"], ["e", "BIGINT"]];
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro" }, held), []);
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro", "avro.timestamp_mapping.legacy": "true" }, held), []);
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro-confluent", "avro-confluent.url": "http://sr:8081" }, held), []);
    const ltz: [string, string][] = [["ts", "TIMESTAMP_LTZ(3)"]];
    for (const format of ["json", "csv", "debezium-json"]) assert.deepStrictEqual(errors("kafka", { ...kafka, format }, ltz), [], format);
    // 'filesystem' writes Avro files through another path (AvroFileFormatFactory): not judged here.
    assert.deepStrictEqual(errors("filesystem", { connector: "filesystem", path: "s3://b/p", format: "avro" }, ltz), []);
    // The option as an Output, or a value that is no boolean (its own error), leaves the mapping unknown.
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro" }, ltz, { deferredKeys: ["avro.timestamp_mapping.legacy"] }), []);
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro", "avro.timestamp_mapping.legacy": "no" }, ltz), [['options["avro.timestamp_mapping.legacy"]', '"no" is no boolean; write "true" or "false"']]);
    // A registry format given its own writer/reader schema is not judged.
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro-confluent", "avro-confluent.url": "http://sr:8081", "avro-confluent.schema": "{}" }, ltz), []);
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "debezium-avro-confluent", "debezium-avro-confluent.url": "http://sr:8081", "debezium-avro-confluent.schema": "{}" }, ltz), []);
  });

  it("the registry formats always map with the legacy mapping (a timestamp_mapping.legacy key there is no option: its own warning); key and value formats judge their own columns; nested ROW fields and collection elements", () => {
    const how = "derives the Avro schema from its columns with the legacy timestamp mapping";
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro-confluent", "avro-confluent.url": "http://sr:8081", "avro-confluent.timestamp_mapping.legacy": "false" }, [["trade_time", "TIMESTAMP_LTZ(3)"]]), [
      [
        'options["format"]',
        `is 'avro-confluent', which ${how}, and "trade_time" is TIMESTAMP_LTZ(3), which that mapping has no Avro type for: ${FAILS} ("Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)", flink AvroSchemaConverter.convertToSchema); ${REGISTRY_FIX("avro-confluent")}`,
      ],
    ]);
    const upsert = { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "avro", "value.format": "debezium-avro-confluent", "value.debezium-avro-confluent.url": "http://sr:8081" };
    const got = errors("upsert-kafka", upsert, [["k", "TIMESTAMP(6) NOT NULL"], ["v", "ROW<`at` TIMESTAMP(6)>"], ["w", "ARRAY<TIMESTAMP_LTZ(3)>"]], { primaryKey: ["k"] });
    assert.deepStrictEqual(
      got,
      [
        [
          'options["key.format"]',
          `is 'avro', which derives the Avro schema from its columns with the legacy timestamp mapping ("key.avro.timestamp_mapping.legacy" is true by default), and "k" is TIMESTAMP(6) NOT NULL, which that mapping has no Avro type for: ${FAILS} ("Avro does not support TIMESTAMP type with precision: 6, it only supports precision less than 3.", flink AvroSchemaConverter.convertToSchema); ` +
            `set options["key.avro.timestamp_mapping.legacy"] = "false", under which TIMESTAMP(6) is Avro local-timestamp-micros ${NEWER}, or declare it TIMESTAMP(3)`,
        ],
        [
          'options["value.format"]',
          `is 'debezium-avro-confluent', which ${how}, and "k" is TIMESTAMP(6) NOT NULL, which that mapping has no Avro type for: ${FAILS} ("Avro does not support TIMESTAMP type with precision: 6, it only supports precision less than 3.", flink AvroSchemaConverter.convertToSchema); ${REGISTRY_FIX("debezium-avro-confluent")}`,
        ],
        [
          'options["value.format"]',
          `is 'debezium-avro-confluent', which ${how}, and "v" holds TIMESTAMP(6) (at v.at), which that mapping has no Avro type for: ${FAILS} ("Avro does not support TIMESTAMP type with precision: 6, it only supports precision less than 3.", flink AvroSchemaConverter.convertToSchema); for that field, ${REGISTRY_FIX("debezium-avro-confluent")}`,
        ],
        [
          'options["value.format"]',
          `is 'debezium-avro-confluent', which ${how}, and "w" holds TIMESTAMP_LTZ(3) (at w[]), which that mapping has no Avro type for: ${FAILS} ("Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)", flink AvroSchemaConverter.convertToSchema); ` +
            "for that field, declare it TIMESTAMP(3) (inside an ARRAY, MAP or MULTISET Flink 1.19–2.1 convert with the legacy mapping whatever the option says)",
        ],
      ],
    );
    // With the non-legacy mapping too, a collection's items and map values take the legacy mapping (flink AvroSchemaConverter: the two-argument convertToSchema).
    assert.deepStrictEqual(errors("kafka", { ...kafka, format: "avro", "avro.timestamp_mapping.legacy": "false" }, [["w", "MAP<STRING, TIMESTAMP_LTZ(9)>"], ["x", "ARRAY<TIMESTAMP(6)>"], ["y", "ARRAY<TIMESTAMP(3)>"], ["z", "TIMESTAMP_LTZ(6)"]]), [
      ['options["format"]', `is 'avro', which derives the Avro schema from its columns with the non-legacy timestamp mapping ("avro.timestamp_mapping.legacy" is false), and "w" holds TIMESTAMP_LTZ(9) (at w{}), which that mapping has no Avro type for: every job that reads or writes the table fails when it starts ("Unsupported to derive Schema for type: TIMESTAMP_LTZ(9)", flink AvroSchemaConverter.convertToSchema); for that field, declare it TIMESTAMP(3) (inside an ARRAY, MAP or MULTISET Flink 1.19–2.1 convert with the legacy mapping whatever the option says)`],
      ['options["format"]', `is 'avro', which derives the Avro schema from its columns with the non-legacy timestamp mapping ("avro.timestamp_mapping.legacy" is false), and "x" holds TIMESTAMP(6) (at x[]), which that mapping has no Avro type for: every job that reads or writes the table fails when it starts ("Avro does not support TIMESTAMP type with precision: 6, it only supports precision less than 3.", flink AvroSchemaConverter.convertToSchema); for that field, declare it TIMESTAMP(3) (inside an ARRAY, MAP or MULTISET Flink 1.19–2.1 convert with the legacy mapping whatever the option says)`],
    ]);
  });

  it("w40: an avro-confluent FlinkTable with a TIMESTAMP_LTZ(3) watermark column fails at preview; the same table with TIMESTAMP(3) passes", () => {
    const options = { ...kafka, topic: "trades", format: "avro-confluent", "avro-confluent.url": "http://schema-registry:8081" };
    const columns = (t: string) => [{ name: "symbol", type: "STRING" }, { name: "trade_time", type: t }];
    const issues = issuesOf(() => new api.FlinkTable("av_trades", { columns: columns("TIMESTAMP_LTZ(3)"), watermark: { column: "trade_time", expression: "trade_time - INTERVAL '2' SECOND" }, options }));
    assert.deepStrictEqual(
      issues.map((i) => [i.path, i.message]),
      [
        [
          'options["format"]',
          `is 'avro-confluent', which derives the Avro schema from its columns with the legacy timestamp mapping, and "trade_time" is TIMESTAMP_LTZ(3), which that mapping has no Avro type for: ${FAILS} ("Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)", flink AvroSchemaConverter.convertToSchema); ${REGISTRY_FIX("avro-confluent")}`,
        ],
      ],
    );
    assert.deepStrictEqual(issuesOrNone(() => new api.FlinkTable("av_trades_ok", { columns: columns("TIMESTAMP(3)"), watermark: { column: "trade_time", expression: "trade_time - INTERVAL '2' SECOND" }, options })), []);
    // A metadata column (Kafka's own timestamp) is no format column.
    assert.deepStrictEqual(
      issuesOrNone(() => new api.FlinkTable("av_trades_meta", { columns: [{ name: "symbol", type: "STRING" }, { name: "ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp", virtual: true } }], options })),
      [],
    );
  });
});
