import assert from "node:assert/strict";
import { errorOf, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkFormatOptions, type FormatTable } from "../src/sql/format-options.js";
import { unescapeJava } from "../src/sql/format-options-csv.js";
import { parseDataType } from "../src/types/parser.js";

type Issues = { errors: [string, string][]; warnings: [string, string][]; reads?: [string, string][]; writes?: [string, string][] };

/**
 * checkFormatOptions on plain options (and the keys given as Outputs), as [path, message] pairs;
 * `reads` / `writes`: what fails only when a job reads / writes the table (when there is any).
 */
type GivenColumn = { name: string; type?: string; metadata?: unknown; expression?: string };
function check(connector: string, options: Record<string, string>, deferredKeys: string[] = [], table: Omit<Partial<FormatTable>, "columns"> & { columns?: GivenColumn[] } = {}): Issues {
  const d = new Diagnostics();
  const readFailures: { path: string; message: string }[] = [];
  const writeFailures: { path: string; message: string }[] = [];
  // The physical columns with their types, as a FlinkTable hands them over (generic-table.ts).
  const columns = table.columns?.flatMap((c) => (c.metadata !== undefined || c.expression !== undefined ? [] : [{ name: c.name, type: parseDataType(c.type!) }]));
  checkFormatOptions(connector, options, deferredKeys, d, { ...table, columns, readFailures, writeFailures });
  const pairs = (l: { path: string; message: string }[]): [string, string][] => l.map((i) => [i.path, i.message]);
  return {
    errors: pairs(d.errors),
    warnings: pairs(d.warnings),
    ...(readFailures.length > 0 ? { reads: pairs(readFailures) } : {}),
    ...(writeFailures.length > 0 ? { writes: pairs(writeFailures) } : {}),
  };
}

const none: Issues = { errors: [], warnings: [] };
const CSV_KNOWN =
  "field-delimiter, disable-quote-character, quote-character, allow-comments, ignore-parse-errors, array-element-delimiter, escape-character, null-literal, write-bigdecimal-in-scientific-notation";
const REGISTRY_KNOWN =
  "url, subject, schema, ssl.keystore.location, ssl.keystore.password, ssl.truststore.location, ssl.truststore.password, basic-auth.credentials-source, basic-auth.user-info, bearer-auth.credentials-source, bearer-auth.token";

describe("format options: csv, avro, avro-confluent, raw, protobuf, ogg-json; kafka and filesystem", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("csv on Kafka: single characters, quote-character with disable-quote-character, booleans, near misses and keys of later Flink versions", () => {
    const got = check("kafka", {
      format: "csv",
      "csv.field-delimiter": ";;",
      "csv.array-element-delimiter": "||",
      "csv.quote-character": "'",
      "csv.disable-quote-character": "TRUE",
      "csv.allow-comment": "true",
      "csv.ignore-parse-errors": "yes",
      "csv.trim-spaces": "true",
      "csv.header": "true",
    });
    assert.deepStrictEqual(got.errors, [
      ['options["csv.allow-comment"]', 'is no option of format \'csv\' (Flink fails with "Unsupported options"); did you mean "csv.allow-comments"?'],
      [
        'options["csv.array-element-delimiter"]',
        '"||" is not a single character, which Flink refuses ("Option \'csv.array-element-delimiter\' must be a string with single character"); write one character (no escapes here: only field-delimiter unescapes)',
      ],
      [
        'options["csv.field-delimiter"]',
        '";;" is not a single character, which Flink refuses ("Option \'csv.field-delimiter\' must be a string with single character"); write one character (Java escapes such as \\t or \\u0001 count as one)',
      ],
      ['options["csv.ignore-parse-errors"]', '"yes" is no boolean; write "true" or "false"'],
      [
        'options["csv.quote-character"]',
        'is set while csv.disable-quote-character is true, which Flink refuses ("Format cannot define a quote character and disabled quote character at the same time"); remove one of the two',
      ],
    ]);
    assert.deepStrictEqual(got.warnings, [
      ['options["csv.header"]', `is no option of format 'csv' in Flink 1.19–2.1 (known: ${CSV_KNOWN}); Flink fails with "Unsupported options" unless your Flink version has it`],
      ['options["csv.trim-spaces"]', 'is an option of format \'csv\' from a Flink version after 2.1 (FLINK-39065); Flink 1.19–2.1 fail with "Unsupported options"'],
    ]);
  });

  it("csv values Flink takes: Java escapes in field-delimiter only, booleans in any case, a quote character when quoting is on", () => {
    for (const delimiter of ["|", "\t", "\\t", "\\u0001", "\\001", "\\'"]) {
      assert.deepStrictEqual(check("kafka", { format: "csv", "csv.field-delimiter": delimiter }), none, delimiter);
    }
    assert.deepStrictEqual(
      check("kafka", {
        "value.format": "csv",
        "value.csv.quote-character": "'",
        "value.csv.disable-quote-character": "False",
        "value.csv.escape-character": "\\",
        "value.csv.null-literal": "NULL",
        "value.csv.write-bigdecimal-in-scientific-notation": "FALSE",
        "value.csv.allow-comments": "true",
      }),
      none,
    );
    assert.deepStrictEqual(check("kafka", { format: "csv", "csv.disable-quote-character": "true" }), none);
    // quote-character takes no escapes; a \u escape Flink's unescapeJava cannot read.
    assert.deepStrictEqual(check("kafka", { format: "csv", "csv.quote-character": "\\'", "csv.field-delimiter": "\\u12" }).errors, [
      ['options["csv.field-delimiter"]', '"\\\\u12" holds a \\u escape without 4 hex digits, which Flink cannot unescape; write one character, or an escape such as \\t or \\u0001'],
      [
        'options["csv.quote-character"]',
        '"\\\\\'" is not a single character, which Flink refuses ("Option \'csv.quote-character\' must be a string with single character"); write one character (no escapes here: only field-delimiter unescapes)',
      ],
    ]);
  });

  it("unescapeJava reads escapes as commons-text StringEscapeUtils.unescapeJava does", () => {
    const cases: [string, string | undefined][] = [
      ["\\t", "\t"],
      ["\\u0001", "\u0001"],
      ["\\uu+0041", "A"],
      ["\\001", "\u0001"],
      ["\\377", "\u00ff"],
      ["\\400", " 0"], // Three octal digits only when the first is 0..3.
      ["\\x", "x"], // A backslash before anything else is dropped.
      ["\\\\", "\\"],
      ["a\\", "a"],
      ["\\u12", undefined],
    ];
    for (const [input, want] of cases) assert.equal(unescapeJava(input), want, JSON.stringify(input));
  });

  it("a format option under a prefix the table does not use stays an error, with the prefix the table reads", () => {
    assert.deepStrictEqual(check("kafka", { "value.format": "csv", "csv.field-delimiter": "|", "key.format": "raw", "key.fields": "id", "key.avro.encoding": "json" }).errors, [
      [
        'options["csv.field-delimiter"]',
        'is an option of format \'csv\', and this table sets no \'format\' = \'csv\': Flink fails with "Unsupported options"; this table reads \'csv\' through \'value.format\': write "value.csv.field-delimiter"',
      ],
      ['options["key.avro.encoding"]', 'is an option of format \'avro\' as the key format, and this table sets no \'key.format\' = \'avro\' (its key format is \'raw\'): Flink fails with "Unsupported options"'],
    ]);
    assert.deepStrictEqual(check("filesystem", { format: "csv", "json.fail-on-missing-field": "true", "parquet.compression": "SNAPPY" }).errors, [
      ['options["json.fail-on-missing-field"]', 'is an option of format \'json\', and this table sets no \'format\' = \'json\' (its format is \'csv\'): Flink fails with "Unsupported options"'],
      ['options["parquet.compression"]', 'is an option of format \'parquet\', and this table sets no \'format\' = \'parquet\' (its format is \'csv\'): Flink fails with "Unsupported options"'],
    ]);
  });

  it("a csv.* key on a Kafka table whose format is json names the format the table uses (no empty prefix in the message)", () => {
    assert.deepStrictEqual(check("kafka", { format: "json", "csv.field-delimiter": "|" }).errors, [
      ['options["csv.field-delimiter"]', 'is an option of format \'csv\', and this table sets no \'format\' = \'csv\' (its value format is \'json\'): Flink fails with "Unsupported options"'],
    ]);
    assert.deepStrictEqual(check("upsert-kafka", { "key.format": "json", "value.format": "json", "value.csv.field-delimiter": "|" }).errors, [
      ['options["value.csv.field-delimiter"]', 'is an option of format \'csv\' as the value format, and this table sets no \'value.format\' = \'csv\' (its value format is \'json\'): Flink fails with "Unsupported options"'],
    ]);
  });

  it("avro: encoding and timestamp mapping on Kafka; codec is the filesystem writer's only; a later version's key warns", () => {
    assert.deepStrictEqual(check("kafka", { format: "avro", "avro.encoding": "JSON", "avro.timestamp_mapping.legacy": "false" }), none);
    assert.deepStrictEqual(check("kafka", { format: "avro", "avro.codec": "snappy", "avro.encoding": "xml", "avro.timestamp_mapping.legacy": "0", "avro.open.fastread": "true" }), {
      errors: [
        [
          'options["avro.codec"]',
          'is an option of the \'filesystem\' connector\'s \'avro\' format only (the compression codec of the Avro files it writes); the \'kafka\' connector fails with "Unsupported options": remove it',
        ],
        ['options["avro.encoding"]', '"xml" is no Avro encoding; write "binary" or "json" (any case: flink AvroFormatOptions.AvroEncoding)'],
        ['options["avro.timestamp_mapping.legacy"]', '"0" is no boolean; write "true" or "false"'],
      ],
      warnings: [['options["avro.open.fastread"]', 'is an option of format \'avro\' from a Flink version after 2.1 (FLINK-39005); Flink 1.19–2.1 fail with "Unsupported options"']],
    });
    assert.deepStrictEqual(check("filesystem", { format: "avro", "avro.codec": "deflate", "avro.encoding": "binary" }), none);
    // Read when the sink opens its first file: it fails a job that writes the table (reported by that job).
    assert.deepStrictEqual(check("filesystem", { format: "avro", "avro.codec": "Snappy" }), {
      errors: [],
      warnings: [],
      writes: [
        [
          'options["avro.codec"]',
          '"Snappy" is no Avro codec (Avro CodecFactory: "Unrecognized codec", when the sink opens its first file); write one of null, deflate, snappy, bzip2, xz, zstandard; did you mean "snappy"?',
        ],
      ],
    });
  });

  it("avro-confluent and debezium-avro-confluent: the registry URL is required (or its fallback key, or an Output); properties.* pass; misspelt keys", () => {
    assert.deepStrictEqual(check("kafka", { format: "avro-confluent" }).errors, [
      [
        'options["format"]',
        'is \'avro-confluent\', which needs "avro-confluent.url" (the Schema Registry\'s URL, e.g. "http://schema-registry:8081"): Flink fails with "One or more required options are missing"',
      ],
    ]);
    assert.deepStrictEqual(check("upsert-kafka", { "key.format": "avro-confluent", "value.format": "avro-confluent", "key.avro-confluent.url": "http://r:8081" }).errors, [
      [
        'options["value.format"]',
        'is \'avro-confluent\', which needs "value.avro-confluent.url" (the Schema Registry\'s URL, e.g. "http://schema-registry:8081"): Flink fails with "One or more required options are missing"',
      ],
    ]);
    // The deprecated fallback key, an Output, map keys under properties.*, the Flink 2.x auto.register.schemas.
    assert.deepStrictEqual(
      check("kafka", {
        "value.format": "avro-confluent",
        "value.avro-confluent.schema-registry.url": "http://r:8081",
        "value.avro-confluent.properties.schema.registry.ssl.endpoint.identification.algorithm": "",
        "value.avro-confluent.auto.register.schemas": "false",
        "value.avro-confluent.basic-auth.credentials-source": "USER_INFO",
      }),
      none,
    );
    assert.deepStrictEqual(check("kafka", { format: "debezium-avro-confluent" }, ["debezium-avro-confluent.url"]), none);
    // A misspelt url: the misspelling is reported with the fix, not a second time as missing.
    assert.deepStrictEqual(check("kafka", { format: "avro-confluent", "avro-confluent.ur": "http://r:8081", "avro-confluent.subjet": "t-value", "avro-confluent.ssl": "x" }), {
      errors: [
        ['options["avro-confluent.subjet"]', 'is no option of format \'avro-confluent\' (Flink fails with "Unsupported options"); did you mean "avro-confluent.subject"?'],
        ['options["avro-confluent.ur"]', 'is no option of format \'avro-confluent\' (Flink fails with "Unsupported options"); did you mean "avro-confluent.url"?'],
      ],
      warnings: [
        [
          'options["avro-confluent.ssl"]',
          `is no option of format 'avro-confluent' in Flink 1.19–2.1 (known: ${REGISTRY_KNOWN}, auto.register.schemas, properties.*); Flink fails with "Unsupported options" unless your Flink version has it`,
        ],
      ],
    });
    assert.deepStrictEqual(check("kafka", { format: "debezium-avro-confluent", "debezium-avro-confluent.url": "http://r:8081", "debezium-avro-confluent.auto.register.schemas": "true" }).warnings, [
      [
        'options["debezium-avro-confluent.auto.register.schemas"]',
        `is no option of format 'debezium-avro-confluent' in Flink 1.19–2.1 (known: ${REGISTRY_KNOWN}, properties.*); Flink fails with "Unsupported options" unless your Flink version has it`,
      ],
    ]);
    // 'filesystem' fills in no subject: writing fails without one.
    assert.deepStrictEqual(check("filesystem", { format: "avro-confluent", "avro-confluent.url": "http://r:8081" }), {
      errors: [],
      warnings: [],
      writes: [['options["format"]', 'is \'avro-confluent\' without "avro-confluent.subject" (Flink: "Option avro-confluent.subject is required for serialization"); set the subject to register the schema under']],
    });
    assert.deepStrictEqual(check("filesystem", { format: "avro-confluent", "avro-confluent.url": "http://r:8081", "avro-confluent.subject": "events" }), none);
  });

  it("raw: byte order and charset; exactly one physical column of a byte-based type, as the key or value format sees the columns", () => {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }, { name: "m", type: "STRING", metadata: { virtual: true } }, { name: "c", expression: "UPPER(`v`)" }];
    assert.deepStrictEqual(check("kafka", { format: "raw", "raw.endianness": "bigendian", "raw.charset": " UTF-8" }, [], { columns: cols }).errors, [
      ['options["raw.charset"]', '" UTF-8" is no charset name, which Flink refuses ("Unsupported \'raw.charset\' name"); write it without the surrounding spaces: "UTF-8"'],
      ['options["raw.endianness"]', '"bigendian" is no byte order; write "big-endian" or "little-endian" (any case: flink RawFormatFactory); did you mean "big-endian"?'],
      [
        'options["format"]',
        'is \'raw\', which holds exactly one physical column, and gets 2 here ("id", "v": the physical columns): Flink fails with "The \'raw\' format only supports single physical column"; keep one column (e.g. STRING or BYTES) for it, or use another format',
      ],
    ]);
    // EXCEPT_KEY leaves the value one column; the key gets the columns of key.fields.
    assert.deepStrictEqual(
      check("kafka", { "key.format": "raw", "key.fields": "id", "value.format": "raw", "value.fields-include": "except_key", "value.raw.endianness": "LITTLE-ENDIAN", "value.raw.charset": "ISO-8859-1" }, [], { columns: cols }),
      none,
    );
    assert.deepStrictEqual(check("kafka", { format: "raw", "key.format": "raw", "key.fields": "id;v", "value.fields-include": "EXCEPT_KEY" }, [], { columns: [...cols, { name: "body", type: "BYTES" }] }).errors, [
      [
        'options["key.format"]',
        'is \'raw\', which holds exactly one physical column, and gets 2 here ("id", "v": the columns of \'key.fields\'): Flink fails with "The \'raw\' format only supports single physical column"; keep one column (e.g. STRING or BYTES) for it, or use another format',
      ],
    ]);
    // upsert-kafka keys by the primary key; a TIMESTAMP is no raw column.
    assert.deepStrictEqual(
      check("upsert-kafka", { "key.format": "raw", "value.format": "raw", "value.fields-include": "EXCEPT_KEY" }, [], { columns: [{ name: "a", type: "STRING" }, { name: "b", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }], primaryKey: ["a", "b"] }).errors,
      [
        [
          'options["key.format"]',
          'is \'raw\', which holds exactly one physical column, and gets 2 here ("a", "b": the primary-key columns): Flink fails with "The \'raw\' format only supports single physical column"; keep one column (e.g. STRING or BYTES) for it, or use another format',
        ],
        [
          'options["value.format"]',
          'is \'raw\', which takes a column of CHAR, VARCHAR / STRING, BINARY, VARBINARY / BYTES, RAW, BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT or DOUBLE, and "ts" is TIMESTAMP(3): Flink fails with "The \'raw\' format doesn\'t supports \'TIMESTAMP(3)\' as column type"; retype the column, or use another format',
        ],
      ],
    );
    // What preview cannot know is left alone: key.fields as an Output, a key field that is no column.
    assert.deepStrictEqual(check("kafka", { format: "raw", "key.format": "raw" }, ["key.fields"], { columns: cols }), none);
    assert.deepStrictEqual(check("kafka", { format: "raw", "key.format": "json", "key.fields": "nope", "value.fields-include": "EXCEPT_KEY" }, [], { columns: cols }), none);
    // filesystem: the partition columns live in the path, not in the files.
    assert.deepStrictEqual(check("filesystem", { format: "raw" }, [], { columns: [{ name: "line", type: "STRING" }, { name: "dt", type: "STRING" }], partitionedBy: ["dt"] }), none);
  });

  it("protobuf: the message class is required and must be a class name; its flags are booleans", () => {
    assert.deepStrictEqual(check("kafka", { "value.format": "protobuf", "value.protobuf.read-default-value": "true" }).errors, [
      ['options["value.protobuf.read-default-value"]', 'is no option of format \'protobuf\' (Flink fails with "Unsupported options"); did you mean "value.protobuf.read-default-values"?'],
      [
        'options["value.format"]',
        'is \'protobuf\', which needs "value.protobuf.message-class-name" (the full name of the generated Java message class on the job\'s classpath, e.g. "com.example.protos.Order"): Flink fails with "One or more required options are missing"',
      ],
    ]);
    assert.deepStrictEqual(check("kafka", { format: "protobuf", "protobuf.message-class-name": "com.example Order", "protobuf.ignore-parse-errors": "on" }).errors, [
      ['options["protobuf.ignore-parse-errors"]', '"on" is no boolean; write "true" or "false"'],
      [
        'options["protobuf.message-class-name"]',
        '"com.example Order" is no Java class name (Flink loads the message class by this name when it plans the job); write the generated class\'s full name, e.g. "com.example.protos.Order"',
      ],
    ]);
    assert.deepStrictEqual(check("kafka", { format: "protobuf", "protobuf.message-class-name": "com.example.Outer$Order", "protobuf.read-default-values": "True", "protobuf.write-null-string-literal": "" }), none);
  });

  it("ogg-json joins the JSON family; map-null-key.mode fails a job that writes the table (Flink checks it only then)", () => {
    assert.deepStrictEqual(check("kafka", { format: "ogg-json", "ogg-json.timestamp-format.standard": "iso-8601", "ogg-json.schema-include": "true", "ogg-json.map-null-key.mode": "drop" }), {
      errors: [['options["ogg-json.timestamp-format.standard"]', '"iso-8601" is no timestamp format; write "SQL" or "ISO-8601" (exact: flink JsonFormatOptionsUtil), here "ISO-8601"']],
      warnings: [
        [
          'options["ogg-json.schema-include"]',
          'is no option of format \'ogg-json\' in Flink 1.19–2.1 (known: ignore-parse-errors, timestamp-format.standard, map-null-key.mode, map-null-key.literal, encode.decimal-as-plain-number, encode.ignore-null-fields); Flink fails with "Unsupported options" unless your Flink version has it',
        ],
      ],
    });
    assert.deepStrictEqual(check("kafka", { format: "json", "json.map-null-key.mode": "null", "json.ignore-parse-errors": "true", "json.fail-on-missing-field": "true" }), {
      errors: [],
      warnings: [],
      reads: [['options["json.fail-on-missing-field"]', 'and json.ignore-parse-errors are both true, which Flink refuses ("fail-on-missing-field and ignore-parse-errors shouldn\'t both be true"); keep one']],
      writes: [['options["json.map-null-key.mode"]', '"null" is no map-null-key mode (Flink: "Unsupported value \'null\' for option map-null-key.mode"); write "FAIL", "DROP" or "LITERAL" (any case)']],
    });
  });

  it("filesystem: the keys under its own format's prefix are not validated by Flink, so unknown and misspelt ones warn; the values are still checked", () => {
    assert.deepStrictEqual(
      check("filesystem", { format: "csv", "csv.field-delimeter": "|", "csv.header": "true", "csv.ignore-first-line": "true", "csv.quote-character": "''", "key.csv.x": "1", path: "s3://b/p" }),
      {
        errors: [
          [
            'options["csv.quote-character"]',
            '"\'\'" is not a single character, which Flink refuses ("Option \'csv.quote-character\' must be a string with single character"); write one character (no escapes here: only field-delimiter unescapes)',
          ],
        ],
        warnings: [
          ['options["csv.field-delimeter"]', 'is no option of format \'csv\', and the \'filesystem\' connector passes \'csv.*\' keys through unchecked, so Flink ignores it; did you mean "csv.field-delimiter"?'],
          ['options["csv.header"]', `is no option of format 'csv' in Flink 1.19–2.1 (known: ${CSV_KNOWN}); the 'filesystem' connector passes 'csv.*' keys through unchecked, so Flink ignores it`],
          [
            'options["csv.ignore-first-line"]',
            "is an option of format 'csv' from a Flink version after 2.1 (FLINK-20746); in Flink 1.19–2.1 the 'filesystem' connector passes 'csv.*' keys through unchecked, so Flink ignores it",
          ],
        ],
      },
    );
    // parquet and orc hand every key under their prefix to the Hadoop configuration.
    assert.deepStrictEqual(check("filesystem", { format: "parquet", "parquet.compression": "SNAPPY", "parquet.block.size": "134217728", "parquet.utc-timezone": "true" }), none);
    assert.deepStrictEqual(check("filesystem", { format: "orc", "orc.compress": "ZLIB", "orc.bloom.filter.columns": "id" }), none);
    // A format given as an Output leaves its keys alone; other connectors are not checked here.
    assert.deepStrictEqual(check("filesystem", { "csv.field-delimiter": ";;", "json.x": "1" }, ["format"]), none);
    assert.deepStrictEqual(check("jdbc", { format: "csv", "csv.field-delimiter": ";;" }), none);
  });

  it("FlinkTable runs the checks: a 'filesystem' table's format options, and a 'kafka' raw table's columns", async () => {
    const e = errorOf(
      () =>
        new api.FlinkTable("fs_csv_bad", {
          columns: [{ name: "id", type: "BIGINT" }, { name: "dt", type: "STRING" }],
          partitionedBy: ["dt"],
          options: { connector: "filesystem", path: "s3://b/events", format: "csv", "csv.field-delimiter": "\\t\\t", "csv.allow-comments": "yes", "csv.header": "true", "json.ignore-parse-errors": "true" },
        }),
    );
    assert.deepStrictEqual(
      e.issues.map((i) => [i.path, i.message]),
      [
        ['options["csv.allow-comments"]', '"yes" is no boolean; write "true" or "false"'],
        [
          'options["csv.field-delimiter"]',
          '"\\\\t\\\\t" is not a single character, which Flink refuses ("Option \'csv.field-delimiter\' must be a string with single character"); write one character (Java escapes such as \\t or \\u0001 count as one)',
        ],
        ['options["json.ignore-parse-errors"]', 'is an option of format \'json\', and this table sets no \'format\' = \'json\' (its format is \'csv\'): Flink fails with "Unsupported options"'],
      ],
    );
    assert.deepStrictEqual(
      e.warnings.map((i) => i.path),
      ['options["csv.header"]'],
    );
    const ok = new api.FlinkTable("fs_csv_ok", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "dt", type: "STRING" }],
      partitionedBy: ["dt"],
      options: { connector: "filesystem", path: "s3://b/events", format: "csv", "csv.field-delimiter": "\\t", "csv.ignore-parse-errors": "true" },
    });
    assert.match((await settle(ok.ddl)) ?? "", /'csv\.field-delimiter' = '\\t'/);
    const raw = errorOf(
      () =>
        new api.FlinkTable("kafka_raw_two", {
          columns: [{ name: "id", type: "BIGINT" }, { name: "line", type: "STRING" }, { name: "ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp" } }],
          options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.auto.offset.reset": "earliest", format: "raw" },
        }),
    );
    assert.deepStrictEqual(
      raw.issues.map((i) => i.path),
      ['options["format"]'],
    );
    new api.FlinkTable("kafka_raw_one", {
      columns: [{ name: "line", type: "STRING" }, { name: "ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp" } }],
      options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.auto.offset.reset": "earliest", format: "raw", "raw.charset": "UTF-8" },
    });
  });

  it("a FlinkTable's warnings reach the user (logged, and registered for synth's summary): an unknown key of a filesystem format (second trial: they were dropped)", async () => {
    const { registry } = await import("../src/components/job-registry.js");
    new api.FlinkTable("fmt_warned", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "filesystem", path: "s3://b/p", format: "csv", "csv.field-delimeter": "|" } });
    const t = registry().tables.find((x) => x.label === 'FlinkTable "fmt_warned"')!;
    assert.deepStrictEqual(
      t.warnings.map((w) => w.path),
      ['options["csv.field-delimeter"]'],
    );
  });

  it("a FlinkTable hands the raw check its physical columns only (metadata and computed columns are not the format's)", () => {
    const e = errorOf(
      () =>
        new api.FlinkTable("fmt_raw_cols", {
          columns: [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }, { name: "m", type: "STRING", metadata: { virtual: true } }, { name: "c", expression: "UPPER(`v`)" }],
          options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "raw" },
        }),
    );
    assert.deepStrictEqual(e.issues.map((i) => i.path), ['options["format"]']);
    assert.match(e.issues[0]!.message, /gets 2 here \("id", "v": the physical columns\)/);
  });
});
