import { expect } from "chai";
import { errorOf, mockedApi, type Api } from "./api.js";
import type * as pulumi from "@pulumi/pulumi";
import { settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";
import { expectValidFlinkSql } from "./sql-validate.js";


describe("FlinkTable", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const kafkaArgs = () => ({
    columns: [
      { name: "id", type: "BIGINT" },
      { name: "payload", type: "STRING", comment: "raw json; it's big" },
      { name: "ts", type: "TIMESTAMP(3)" },
      { name: "offset", type: "BIGINT", metadata: { virtual: true } },
      { name: "day", expression: "CAST(`ts` AS DATE)" },
    ],
    watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" },
    options: { connector: "kafka", topic: "events", "properties.bootstrap.servers": "kafka:9092", format: "json", "scan.startup.mode": "earliest-offset" },
  });

  it("renders columns of every kind, a watermark and sorted options", async () => {
    const t = new api.FlinkTable("events", kafkaArgs());
    expect(t.tableName).to.equal("events");
    const ddl = await settle(t.ddl);
    expect(ddl).to.equal(
      [
        "CREATE TABLE `events` (",
        "  `id` BIGINT,",
        "  `payload` STRING COMMENT 'raw json; it''s big',",
        "  `ts` TIMESTAMP(3),",
        "  `offset` BIGINT METADATA VIRTUAL,",
        "  `day` AS CAST(`ts` AS DATE),",
        "  WATERMARK FOR `ts` AS `ts` - INTERVAL '5' SECOND",
        ")",
        "WITH (",
        "  'connector' = 'kafka',",
        "  'format' = 'json',",
        "  'properties.bootstrap.servers' = 'kafka:9092',",
        "  'scan.startup.mode' = 'earliest-offset',",
        "  'topic' = 'events'",
        ");",
      ].join("\n"),
    );
    expectValidFlinkSql(ddl);
  });

  it("renders primary-key columns NOT NULL", async () => {
    const t = new api.FlinkTable("out", {
      columns: [{ name: "id", type: "INT" }, { name: "v", type: "STRING" }],
      primaryKey: ["id"],
      options: { connector: "upsert-kafka", topic: "t", "key.format": "json", "value.format": "json", "properties.bootstrap.servers": "k:9092" },
    });
    const ddl = await settle(t.ddl);
    expect(ddl).to.contain("  `id` INT NOT NULL,\n  `v` STRING,\n  PRIMARY KEY (`id`) NOT ENFORCED\n)");
    expectValidFlinkSql(ddl);
  });

  it("a TIME column above precision 3, also nested, fails at preview as Flink's planner would (FlinkTypeFactory)", () => {
    const e = errorOf(() => new api.FlinkTable("times", { columns: [{ name: "t", type: "TIME(3)" }, { name: "r", type: "ROW<a ARRAY<TIME(6)>>" }], options: { connector: "datagen" } }));
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "columns[1].type",
        "r.a[]: TIME(6): Flink's planner supports TIME precision 0 to 3 only (it fails with 'TIME precision is not supported: 6') and keeps whole seconds; write TIME (or TIME(0)), or TIMESTAMP(6) when fractions of a second matter",
      ],
    ]);
  });

  it("Kafka credentials referenced through a config provider are no secret in the text; a provider without its class is an error", async () => {
    const jaas = 'org.apache.kafka.common.security.scram.ScramLoginModule required username="etl" password="${env:KAFKA_PASSWORD}";';
    const options = {
      connector: "kafka",
      topic: "events",
      "properties.bootstrap.servers": "kafka:9093",
      "properties.security.protocol": "SASL_SSL",
      "properties.sasl.mechanism": "SCRAM-SHA-512",
      "properties.sasl.jaas.config": jaas,
      "properties.ssl.truststore.password": "${file:/etc/kafka/secrets.properties:truststore.password}",
      "properties.config.providers": "env, file",
      "properties.config.providers.env.class": "org.apache.kafka.common.config.provider.EnvVarConfigProvider",
      "properties.config.providers.file.class": "org.apache.kafka.common.config.provider.FileConfigProvider",
      format: "json",
    };
    const t = new api.FlinkTable("sasl", { columns: [{ name: "id", type: "BIGINT" }], options });
    const ddl = await settle(t.ddl);
    expect(ddl).to.contain(`  'properties.sasl.jaas.config' = '${jaas}',\n`);
    expectValidFlinkSql(ddl);

    const issues = (o: Record<string, string>): [string, string][] => errorOf(() => new api.FlinkTable("sasl_bad", { columns: [{ name: "id", type: "BIGINT" }], options: o })).issues.map((i) => [i.path, i.message]);
    // A password in the text, a placeholder of a provider not enabled, a provider with no class.
    const bad = issues({
      ...options,
      "properties.sasl.jaas.config": jaas.replace("${env:KAFKA_PASSWORD}", "hunter2"),
      "properties.ssl.truststore.password": "${vault:secret/kafka:truststore}",
      "properties.config.providers": "env,file,dir",
    });
    expect(bad.map(([path]) => path)).to.deep.equal(['options["properties.config.providers"]', 'options["properties.sasl.jaas.config"]', 'options["properties.ssl.truststore.password"]']);
    expect(bad[0]![1]).to.equal(
      'lists the config provider "dir", but options["properties.config.providers.dir.class"] is not set, so Kafka leaves every ${dir:...} placeholder unresolved; set it to the provider\'s class',
    );
    expect(bad[1]![1]).to.match(/^"properties\.sasl\.jaas\.config" carries a credential, .* For Kafka SASL\/SSL, write a Kafka config provider placeholder, which the Kafka client resolves: 'properties\.config\.providers' = 'env'/);
    // Without properties.config.providers a placeholder is not resolved, so the key stays refused.
    const { "properties.config.providers": _p, ...noProviders } = options;
    const unresolved = issues(noProviders);
    expect(unresolved.map(([path]) => path)).to.deep.equal(['options["properties.sasl.jaas.config"]', 'options["properties.ssl.truststore.password"]']);
    // A placeholder in a key that is no credential is not this check's (the Kafka client still needs the provider to resolve it).
    expect(issues({ ...noProviders, "properties.sasl.jaas.config": jaas.replace("${env:KAFKA_PASSWORD}", "${env:P}"), "properties.client.id": "${env:CLIENT}" }).map(([path]) => path)).to.deep.equal([
      'options["properties.sasl.jaas.config"]',
      'options["properties.ssl.truststore.password"]',
    ]);
    // The placeholder is right; only the provider settings are missing (second trial: the message said to remove the value).
    expect(unresolved[0]![1]).to.equal(
      "\"properties.sasl.jaas.config\" holds config provider placeholders (${env:...}), which is right, but this table's 'properties.config.providers' does not enable 'env': " +
        "the Kafka client would take the text itself as the credential; add 'properties.config.providers' = 'env' and " +
        "'properties.config.providers.env.class' = 'org.apache.kafka.common.config.provider.EnvVarConfigProvider' (kafka-clients 3.5+)",
    );
    expect(issues({ ...options, "properties.config.providers": "env", "properties.config.providers.env.class": "" })[0]).to.deep.equal([
      'options["properties.config.providers"]',
      "lists the config provider \"env\", but options[\"properties.config.providers.env.class\"] is not set, so Kafka leaves every ${env:...} placeholder unresolved; set it to the provider's class ('org.apache.kafka.common.config.provider.EnvVarConfigProvider')",
    ]);
  });

  it("a trailing comment of a computed column or watermark expression is dropped (it would swallow the `,` after it); a `;` between two parts is an error", async () => {
    const args = kafkaArgs();
    args.columns[4] = { name: "day", expression: "CAST(`ts` AS DATE) -- calendar day\n" };
    args.watermark = { column: "ts", expression: "`ts` - INTERVAL '5' SECOND /* late events */ " };
    const ddl = await settle(new api.FlinkTable("commented", args).ddl);
    expect(ddl.split("\n").slice(5, 8)).to.deep.equal(["  `day` AS CAST(`ts` AS DATE),", "  WATERMARK FOR `ts` AS `ts` - INTERVAL '5' SECOND", ")"]);
    expectValidFlinkSql(ddl);
    const bad = kafkaArgs();
    bad.columns[4] = { name: "day", expression: "CAST(`ts` AS DATE); DROP TABLE x" };
    bad.watermark = { column: "ts", expression: "`ts` - INTERVAL '5 SECOND" };
    expect(errorOf(() => new api.FlinkTable("bad_expr", bad)).issues.map((i) => [i.path, i.message.replace(/: .*$/s, "")])).to.deep.equal([
      ["columns[4].expression", "must be one expression"],
      ["watermark.expression", "cannot be read"],
    ]);
  });

  it("a JAAS line with a quoted credential key or single-quoted placeholder is read as Kafka reads it; an options map that is an Output is one error", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const base = {
      connector: "kafka",
      topic: "t",
      "properties.bootstrap.servers": "k:9093",
      format: "json",
      "properties.config.providers": "env",
      "properties.config.providers.env.class": "org.apache.kafka.common.config.provider.EnvVarConfigProvider",
    };
    const jaas = (line: string) => () => new api.FlinkTable(`jaas_${Math.random().toString(36).slice(2, 8)}`, { columns: [{ name: "id", type: "BIGINT" }], options: { ...base, "properties.sasl.jaas.config": line } });
    expect(errorOf(jaas(`X required password="\${env:P}" "password"="hunter2";`)).issues.map((i) => i.path)).to.deep.equal(['options["properties.sasl.jaas.config"]']);
    jaas(`X required username='etl' password='\${env:P}';`)(); // accepted
    const e = errorOf(() => new api.FlinkTable("out_map", { columns: [{ name: "id", type: "BIGINT" }], options: pulumi.output({ connector: "print" }) as unknown as Record<string, string> }));
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["options", "must be a plain map, not a Pulumi Output: its values may be Outputs, e.g. { connector: 'kafka', 'properties.bootstrap.servers': cluster.bootstrapBrokers }"],
    ]);
    // A Map, a Set or an array holds no option as an own prop: each is one error, not a table without connector (new-user trial).
    const given = (options: unknown, name: string) => errorOf(() => new api.FlinkTable(name, { columns: [{ name: "id", type: "BIGINT" }], options: options as Record<string, string> })).issues.map((i) => [i.path, i.message]);
    expect(given(new Map([["connector", "print"]]), "opt_map")).to.deep.equal([["options", "must be a map of option keys to values, an object literal ({ connector: 'kafka', ... }), not a Map: write Object.fromEntries(...) of it"]]);
    expect(given(new Set(["connector"]), "opt_set")).to.deep.equal([["options", "must be a map of option keys to values, an object literal ({ connector: 'kafka', ... }), not a Set"]]);
    expect(given([["connector", "print"]], "opt_array")).to.deep.equal([["options", "must be a map of option keys to values, an object literal ({ connector: 'kafka', ... }), not an array: write Object.fromEntries(...) of it"]]);
    expect(given(["connector"], "opt_list")).to.deep.equal([["options", "must be a map of option keys to values, an object literal ({ connector: 'kafka', ... }), not an array"]]);
    expect(given(new WeakMap(), "opt_weak")).to.deep.equal([["options", "must be a map of option keys to values, an object literal ({ connector: 'kafka', ... }), not a WeakMap"]]);
  });

  it("Kafka tables: JSON-family format options under an unused prefix, misspelt, unknown (a warning), and their checked values", async () => {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }];
    const base = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.auto.offset.reset": "earliest", "properties.group.id": "g" };
    const e = errorOf(
      () =>
        new api.FlinkTable("kafka_fmt_bad", {
          columns: cols,
          options: { ...base, format: "json", "json.ignore-parse-error": "true", "value.json.fail-on-missing-field": "true", "json.timestamp-format.standard": "iso-8601", "json.fail-on-missing-field": "yes" },
        }),
    );
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ['options["json.fail-on-missing-field"]', '"yes" is no boolean; write "true" or "false"'],
      ['options["json.ignore-parse-error"]', 'is no option of format \'json\' (Flink fails with "Unsupported options"); did you mean "json.ignore-parse-errors"?'],
      ['options["json.timestamp-format.standard"]', '"iso-8601" is no timestamp format; write "SQL" or "ISO-8601" (exact: flink JsonFormatOptionsUtil), here "ISO-8601"'],
      [
        'options["value.json.fail-on-missing-field"]',
        'is an option of format \'json\' as the value format, and this table sets no \'value.format\' = \'json\': Flink fails with "Unsupported options"; this table reads \'json\' through \'format\': write "json.fail-on-missing-field"',
      ],
    ]);
    // Valid: the value format's own prefix, debezium-json options, a key format; an unknown key under a used prefix warns.
    const ok = new api.FlinkTable("kafka_fmt_ok", {
      columns: cols,
      primaryKey: ["id"],
      options: { ...base, "key.format": "json", "value.format": "debezium-json", "value.debezium-json.schema-include": "true", "key.json.ignore-parse-errors": "TRUE", "value.debezium-json.some-future-option": "x", "key.fields": "id" },
    });
    void ok;
    // upsert-kafka takes an insert-only value format, and any Kafka key format is insert-only.
    const u = errorOf(() => new api.FlinkTable("kafka_upsert_cdc", { columns: cols, primaryKey: ["id"], options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "debezium-json", "value.format": "debezium-json" } }));
    expect(u.issues.map((i) => i.path)).to.deep.equal(['options["value.format"]', 'options["key.format"]']);
    // upsert-kafka reads value.format only: its value.json.* options stand even beside a stray 'format' (reported on its own).
    const stray = errorOf(() => new api.FlinkTable("kafka_upsert_stray", { columns: cols, primaryKey: ["id"], options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "csv", "key.format": "json", "value.format": "json", "value.json.ignore-parse-errors": "true" } }));
    expect(stray.issues.map((i) => i.path)).to.deep.equal(['options["format"]']);
    // A boolean with spaces (Flink does not trim), both json decoding flags, a former option name (now unknown: a warning).
    const flags = errorOf(() => new api.FlinkTable("kafka_json_flags", { columns: cols, options: { ...base, format: "json", "json.ignore-parse-errors": " true", "json.fail-on-missing-field": "true" } }));
    expect(flags.issues.map((i) => i.path)).to.deep.equal(['options["json.ignore-parse-errors"]']);
    // Both json decoding flags true: Flink refuses it when it builds the reader (JsonFormatOptionsUtil.validateDecodingFormatOptions),
    // so a job that reads the table fails and one that only writes it does not; likewise map-null-key.mode for a writer.
    const both = new api.FlinkTable("kafka_json_both", { columns: cols, options: { ...base, format: "json", "json.ignore-parse-errors": "true", "json.fail-on-missing-field": "TRUE", "json.map-null-key.mode": "SKIP" } });
    const print = new api.FlinkTable("kafka_json_print", { columns: cols, options: { connector: "print" } });
    const gen = new api.FlinkTable("kafka_json_gen", { columns: cols, options: { connector: "datagen" } });
    const readErr = errorOf(() => new api.FlinkSqlJob("reads-both", { statements: [api.sql`INSERT INTO ${print} SELECT * FROM ${both}`] }));
    expect(readErr.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements",
        'the job reads FlinkTable "kafka_json_both", whose options["json.fail-on-missing-field"] and json.ignore-parse-errors are both true, which Flink refuses ("fail-on-missing-field and ignore-parse-errors shouldn\'t both be true"); keep one (Flink checks this when a job reads the table)',
      ],
    ]);
    const writeErr = errorOf(() => new api.FlinkSqlJob("writes-both", { statements: [api.sql`INSERT INTO ${both} SELECT * FROM ${gen}`] }));
    expect(writeErr.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements",
        'the job writes FlinkTable "kafka_json_both", whose options["json.map-null-key.mode"] "SKIP" is no map-null-key mode (Flink: "Unsupported value \'SKIP\' for option map-null-key.mode"); write "FAIL", "DROP" or "LITERAL" (any case) (Flink checks this when a job writes the table)',
      ],
    ]);
    const pulumi = await import("@pulumi/pulumi");
    // A format given as an Output: its options are left alone.
    new api.FlinkTable("kafka_fmt_output", { columns: cols, options: { ...base, format: pulumi.output("json"), "json.ignore-parse-errors": "true" } });
  });

  it("Kafka tables: required options, the primary key each connector needs or refuses, startup modes and misspelt keys are preview errors", () => {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }];
    const issues = (args: Record<string, unknown>): [string, string][] =>
      errorOf(() => new api.FlinkTable(`kafka_${Math.random().toString(36).slice(2, 8)}`, { columns: cols, ...args } as never)).issues.map((i) => [i.path, i.message]);
    expect(issues({ primaryKey: ["id"], options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "scan.startup.mode": "earliest", "scan.watermark.idle-timout": "5s" } })).to.deep.equal([
      [
        "primaryKey",
        "the 'kafka' connector refuses a primary key with format 'json' (it cannot keep the key's semantics: \"doesn't support defining PRIMARY KEY constraint\"); for a keyed topic whose messages update by key use connector 'upsert-kafka' with 'key.format' and 'value.format', or drop primaryKey",
      ],
      ['options["scan.startup.mode"]', '"earliest" is no startup mode; write one of earliest-offset, latest-offset, group-offsets, timestamp, specific-offsets; did you mean "earliest-offset"?'],
      ['options["scan.watermark.idle-timout"]', 'is no option of the \'kafka\' connector (it fails with "Unsupported options"); did you mean "scan.watermark.idle-timeout"?'],
    ]);
    // A required option the options lack is listed with the table's other errors, with the hint as the other place for it.
    const HINT = "(Flink merges the hint into the options before it checks them)";
    expect(issues({ options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json" } })).to.deep.equal([
      ["primaryKey", "an 'upsert-kafka' table needs a primary key (the message key): set primaryKey"],
      ['options["format"]', "'upsert-kafka' takes no 'format': write 'key.format' and 'value.format'"],
      ["options", `the 'upsert-kafka' connector needs 'key.format' and 'value.format' (e.g. 'json'); or give them in an OPTIONS hint after the table in every statement that reads or writes it ${HINT}`],
    ]);
    expect(issues({ primaryKey: ["nope"], options: { connector: "kafka" } })).to.deep.equal([
      ["primaryKey[0]", 'names "nope", which is not a column'],
      ["options", `the 'kafka' connector needs 'properties.bootstrap.servers' (host:port of the brokers); or give it in an OPTIONS hint after the table in every statement that reads or writes it ${HINT}`],
      ["options", `the 'kafka' connector needs 'topic' (or 'topic-pattern'); or give it in an OPTIONS hint after the table in every statement that reads or writes it ${HINT}`],
      ["options", `the 'kafka' connector needs 'format' (or 'value.format'), e.g. 'json' or 'debezium-json'; or give it in an OPTIONS hint after the table in every statement that reads or writes it ${HINT}`],
    ]);
    // Without another error the table waits for its jobs' references (hinted-required-options.test.ts).
    new api.FlinkTable("kafka_no_required", { columns: cols, options: { connector: "kafka" } });
    // Flink matches enum values case-insensitively but does not trim them; upsert-kafka takes no startup mode.
    new api.FlinkTable("kafka_mode_case", { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "scan.startup.mode": "EARLIEST-OFFSET" } });
    expect(issues({ options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "scan.startup.mode": " earliest-offset" } })[0]![1]).to.contain('write it without the surrounding spaces: "earliest-offset"');
    expect(issues({ primaryKey: ["id"], options: { connector: "upsert-kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json", "scan.startup.mode": "earliest-offset" } })).to.deep.equal([
      ['options["scan.startup.mode"]', "'upsert-kafka' takes no 'scan.startup.mode': it always reads the topic from the earliest offset; remove it"],
    ]);
    // MSK IAM and Kerberos JAAS lines hold no secret; a schema registry's credentials-source is a setting.
    new api.FlinkTable("kafka_iam", {
      columns: cols,
      options: {
        connector: "kafka", topic: "t", "properties.bootstrap.servers": "b-1:9098", format: "avro-confluent", "avro-confluent.url": "https://registry:8081",
        "properties.sasl.jaas.config": "software.amazon.msk.auth.iam.IAMLoginModule required;",
        "avro-confluent.basic-auth.credentials-source": "USER_INFO",
      },
    });
    // A CDC format takes a primary key; format options and client properties are not the connector's keys.
    new api.FlinkTable("kafka_cdc_ok", { columns: cols, primaryKey: ["id"], options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "debezium-json", "debezium-json.schema-include": "true", "properties.max.poll.records": "500" } });
  });

  it("reports every problem at once with its prop path", () => {
    let err: unknown;
    try {
      new api.FlinkTable("bad", {
        columns: [{ name: "a", type: "DECIMAL(40, 2)" }, { name: "a", type: "INT" }, { name: "ts", type: "TIMESTAMP(6)" }],
        primaryKey: ["missing"],
        watermark: { column: "ts", expression: "ts" },
        options: { topic: "x", "properties.sasl.jaas.config": 'X required password="s3cret";' } as Record<string, string>,
      });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(api.FlinkIcebergValidationError);
    const issues = (err as InstanceType<Api["FlinkIcebergValidationError"]>).issues;
    expect(issues.map((i) => i.path)).to.have.members([
      'options["properties.sasl.jaas.config"]',
      'options["connector"]',
      "columns[0].type",
      "columns[1].name",
      "primaryKey[0]",
      "watermark.column",
    ]);
    expect(issues.find((i) => i.path === "columns[0].type")!.message).to.contain("DECIMAL precision 40").and.contain("38");
    expect(issues.find((i) => i.path === "watermark.column")!.message).to.contain("TIMESTAMP(3)");
    expect((err as Error).message).to.match(/^FlinkTable "bad": 6 problems:/);
  });
});

describe("FlinkSqlJob with FlinkTables", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  function tables(prefix: string) {
    const src = new api.FlinkTable(`${prefix}-src`, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }],
      options: { connector: "datagen", "rows-per-second": "10" },
    });
    const a = new api.FlinkTable(`${prefix}-a`, { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "print" } });
    const b = new api.FlinkTable(`${prefix}-b`, { columns: [{ name: "v", type: "STRING" }], options: { connector: "blackhole" } });
    return { src, a, b };
  }

  it("renders a statement set for several inserts, without runtime-mode SET", async () => {
    const { src, a, b } = tables("set");
    const job = new api.FlinkSqlJob("fanout", {
      statements: [
        api.sql`INSERT INTO ${a} SELECT id FROM ${src}`,
        api.sql`INSERT INTO ${b} SELECT v FROM ${src};`,
      ],
      parallelism: 2,
      configuration: { "pipeline.name": "fan out" },
    });
    const script = await settle(job.script);
    expect(script).to.equal(
      [
        '-- Flink SQL job "fanout", runtime mode streaming (generated by pulumi-flink-iceberg)',
        "SET 'parallelism.default' = '2';",
        "SET 'pipeline.name' = 'fan out';",
        (await settle(a.ddl)),
        (await settle(src.ddl)),
        (await settle(b.ddl)),
        "EXECUTE STATEMENT SET",
        "BEGIN",
        "INSERT INTO `set_a` SELECT id FROM `set_src`;",
        "INSERT INTO `set_b` SELECT v FROM `set_src`;",
        "END;",
        "",
      ].join("\n"),
    );
    expect(await settle(job.flinkConfiguration)).to.deep.equal({
      "execution.runtime-mode": "STREAMING",
      "parallelism.default": "2",
      "pipeline.name": "fan out",
    });
    expect(job.tables).to.deep.equal(["set_a", "set_src", "set_b"]);
    expect(job.checkpointInterval).to.equal(undefined);
    expectValidFlinkSql(script);
  });

  it("drops a statement's trailing comments, so a `-- comment` cannot swallow the `;` the script adds", async () => {
    const { src, a, b } = tables("cmt");
    const job = new api.FlinkSqlJob("commented", {
      statements: [
        api.sql`INSERT INTO ${a} SELECT id FROM ${src} -- first`,
        api.sql`INSERT INTO ${b}
          SELECT v -- a comment inside stays
          FROM ${src} WHERE v <> '--not a comment'; -- done /* still a comment */`,
      ],
    });
    const script = await settle(job.script);
    expect(script.split("\n").slice(-8)).to.deep.equal([
      "EXECUTE STATEMENT SET",
      "BEGIN",
      "INSERT INTO `cmt_a` SELECT id FROM `cmt_src`;",
      "INSERT INTO `cmt_b`",
      "          SELECT v -- a comment inside stays",
      "          FROM `cmt_src` WHERE v <> '--not a comment';",
      "END;",
      "",
    ]);
    expectValidFlinkSql(script);
  });

  it("a comment ended by a lone CR keeps what follows it; an Output whose value ends in a comment cannot swallow the `;` either", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const { src, a, b } = tables("cr");
    const job = new api.FlinkSqlJob("cr-comments", {
      statements: [
        api.sql`INSERT INTO ${a} SELECT id FROM ${src} -- c\rWHERE id > 0`,
        api.sql`INSERT INTO ${b} SELECT v FROM ${src} WHERE v = ${pulumi.output("'a' -- c")}`,
      ],
    });
    const script = await settle(job.script);
    expect(script.split("\n").slice(-6)).to.deep.equal([
      "EXECUTE STATEMENT SET",
      "BEGIN",
      "INSERT INTO `cr_a` SELECT id FROM `cr_src` -- c\rWHERE id > 0;",
      "INSERT INTO `cr_b` SELECT v FROM `cr_src` WHERE v = 'a';",
      "END;",
      "",
    ]);
  });

  it("a batch job refuses an unbounded source and names it", () => {
    const { src, a } = tables("batch");
    expect(() => new api.FlinkSqlJob("b", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${src}`] }))
      .to.throw(api.FlinkIcebergValidationError)
      .with.property("message")
      .that.contains('FlinkTable "batch-src"')
      .and.contains("number-of-rows");
  });

  it("a job that reads a 'kafka' table from 'group-offsets' without 'properties.group.id' fails at preview; a job that only writes it does not", () => {
    const { src, a } = tables("group");
    const kafka = new api.FlinkTable("group-kafka", {
      columns: [{ name: "id", type: "BIGINT" }],
      options: { connector: "kafka", "properties.bootstrap.servers": "k:9092", topic: "t", format: "json", "properties.auto.offset.reset": "earliest" },
    });
    const read = errorOf(() => new api.FlinkSqlJob("group-read", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${kafka}`] })).issues.map((i) => [i.path, i.message]);
    expect(read).to.deep.equal([
      [
        "statements",
        "the job reads FlinkTable \"group-kafka\", whose options[\"properties.group.id\"] is not set, and the table starts at the consumer group's committed offsets ('group-offsets', the default 'scan.startup.mode'), " +
          'which Flink refuses without a group ("Property group.id is required when using committed offset for offsets initializer", flink-connector-kafka KafkaSourceBuilder); ' +
          "set 'properties.group.id' to a consumer group name for this job, or choose another scan.startup.mode (e.g. 'earliest-offset') (Flink checks this when a job reads the table)",
      ],
    ]);
    expect(() => new api.FlinkSqlJob("group-write", { statements: [api.sql`INSERT INTO ${kafka} SELECT id FROM ${src}`] })).not.to.throw();
    // An OPTIONS hint that gives the reference a group, or another startup mode, is merged into the table's options before Flink creates the source.
    expect(() => new api.FlinkSqlJob("group-hint", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${kafka} /*+ OPTIONS('properties.group.id' = 'job-a') */`] })).not.to.throw();
    expect(() => new api.FlinkSqlJob("mode-hint", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${kafka} /*+ OPTIONS('scan.startup.mode' = 'latest-offset') */`] })).not.to.throw();
    // One reference without such a hint still fails.
    const mixed = api.sql`INSERT INTO ${a} SELECT id FROM ${kafka} /*+ OPTIONS('properties.group.id' = 'job-a') */ UNION ALL SELECT id FROM ${kafka}`;
    expect(errorOf(() => new api.FlinkSqlJob("group-mixed", { statements: [mixed] })).issues.map((i) => [i.path, i.message])).to.deep.equal(read);
  });

  it("rejects jobs with no statements, non-table targets, several statements in one and bad configuration", () => {
    const { src, a } = tables("rules");
    let err: InstanceType<Api["FlinkIcebergValidationError"]> | undefined;
    try {
      new api.FlinkSqlJob("r", {
        statements: [api.sql`INSERT INTO rules_a SELECT 1`, api.sql`INSERT INTO ${a} SELECT id FROM ${src}; INSERT INTO ${a} SELECT 2`, "SET 'a' = 'b'"],
        configuration: { "execution.runtime-mode": "batch", "s3.secret-key": "x", "execution.checkpointing.interval": "0s" },
        parallelism: 0,
      });
    } catch (e) {
      err = e as typeof err;
    }
    expect(err, "expected a validation error").to.be.instanceOf(api.FlinkIcebergValidationError);
    expect(err!.issues.map((i) => i.path)).to.include.members([
      "statements[0]",
      "statements[1]",
      "statements[2]",
      'configuration["execution.runtime-mode"]',
      'configuration["s3.secret-key"]',
      'configuration["execution.checkpointing.interval"]',
      "parallelism",
    ]);
    expect(() => new api.FlinkSqlJob("empty", { statements: [] })).to.throw(/at least one statement/);
  });

  it("rejects two tables with the same Flink name", () => {
    const x = new api.FlinkTable("x1", { tableName: "same", columns: [{ name: "a", type: "INT" }], options: { connector: "datagen", "number-of-rows": "5" } });
    const y = new api.FlinkTable("y1", { tableName: "same", columns: [{ name: "a", type: "INT" }], options: { connector: "print" } });
    expect(() => new api.FlinkSqlJob("dup", { statements: [api.sql`INSERT INTO ${y} SELECT a FROM ${x}`] })).to.throw(/both use the Flink table name "same"/);
  });

  it("carries a plain Output into the script and rejects a secret one", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const { src, a } = tables("out");
    const ok = new api.FlinkSqlJob("o1", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${src} WHERE id > ${pulumi.output(5)}`] });
    expect(await settle(ok.script)).to.contain("INSERT INTO `out_a` SELECT id FROM `out_src` WHERE id > 5;\n");
    const bad = new api.FlinkSqlJob("o2", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${src} WHERE v = ${pulumi.secret("'pw'")}`] });
    let rejected: unknown;
    await settle(bad.script as pulumi.Output<string>).catch((e: unknown) => (rejected = e));
    expect(String(rejected)).to.contain("statements[0]: interpolates a Pulumi secret");
    // Pulumi reports the failed output when it registers the job's outputs: the deployment fails.
    await new Promise((r) => setTimeout(r, 50));
    const failures = drainUnhandled().map(String);
    expect(failures.length).to.be.greaterThan(0);
    for (const f of failures) expect(f).to.contain("statements[0]: interpolates a Pulumi secret");
  });

  it("an option value may be an Output (rendered when known); a secret one fails rendering; plan-deciding keys and credential keys must be plain", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const options = (servers: pulumi.Input<string>) => ({ connector: "kafka", topic: "events", "properties.bootstrap.servers": servers, format: "json", "scan.startup.mode": "earliest-offset" });
    const t = new api.FlinkTable("out_opt", { columns: [{ name: "id", type: "BIGINT" }], options: options(pulumi.output("b-1.msk:9098,b-2.msk:9098")) });
    const ddl = await settle(t.ddl);
    expect(ddl).to.contain("  'properties.bootstrap.servers' = 'b-1.msk:9098,b-2.msk:9098',\n");
    expectValidFlinkSql(ddl);
    expect((await settle(t.options))["properties.bootstrap.servers"]).to.equal("b-1.msk:9098,b-2.msk:9098");
    const sink = new api.FlinkTable("out_opt_sink", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "print" } });
    const job = new api.FlinkSqlJob("out-opt", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${t}`] });
    expect(await settle(job.script)).to.contain("'properties.bootstrap.servers' = 'b-1.msk:9098,b-2.msk:9098'");

    const secret = new api.FlinkTable("out_opt_secret", { columns: [{ name: "id", type: "BIGINT" }], options: options(pulumi.secret("b-1:9092")) });
    let rejected: unknown;
    await settle(secret.ddl).catch((e: unknown) => (rejected = e));
    expect(String(rejected)).to.contain('options["properties.bootstrap.servers"]: is a Pulumi secret, and the WITH clause is rendered in plain text');
    await new Promise((r) => setTimeout(r, 50));
    for (const f of drainUnhandled().map(String)) expect(f).to.contain("is a Pulumi secret");

    const e = errorOf(
      () =>
        new api.FlinkTable("out_opt_bad", {
          columns: [{ name: "id", type: "BIGINT" }],
          options: { connector: pulumi.output("kafka"), "scan.bounded.mode": pulumi.output("latest-offset"), "properties.sasl.jaas.config": pulumi.output("x") },
        }),
    );
    expect(e.issues.map((i) => i.path)).to.deep.equal(['options["connector"]', 'options["scan.bounded.mode"]', 'options["properties.sasl.jaas.config"]']);
    expect(e.issues[0]!.message).to.equal('is a Pulumi Output, but "connector" decides how the job runs, which preview must know: write it as a plain string');
  });

  it("rejects interpolations that are neither tables, fragments, text nor Outputs", () => {
    expect(() => api.sql`SELECT ${{ a: 1 }}`).to.throw(api.FlinkIcebergValidationError, /interpolation 1: is an object/);
  });

  it("sqlLiteral quotes a string or an Output of a string (the job renders it); anything else is a clear error", async () => {
    const pulumi = await import("@pulumi/pulumi");
    expect(api.sqlLiteral("it's")).to.equal("'it''s'");
    const src = new api.FlinkTable("lit_src", { columns: [{ name: "id", type: "BIGINT" }, { name: "status", type: "STRING" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable("lit_sink", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
    const job = new api.FlinkSqlJob("lit-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src} WHERE status = ${api.sqlLiteral(pulumi.output("SHIPPED'S"))}`] });
    expect(await settle(job.script)).to.contain("INSERT INTO `lit_sink` SELECT id FROM `lit_src` WHERE status = 'SHIPPED''S';");
    expect(errorOf(() => api.sqlLiteral(42 as never)).message).to.equal("sqlLiteral(...): takes a string or a Pulumi Output<string>, got number 42: a number is SQL text already, interpolate it as it is (${42})");
    expect(errorOf(() => api.sqlLiteral(undefined as never)).message).to.equal("sqlLiteral(...): takes a string or a Pulumi Output<string>, got undefined");
  });

  it("lists a job's statement problems in statement order, whichever check found them", () => {
    const src = new api.FlinkTable("ord_src", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable("ord_sink", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
    const e = errorOf(() => new api.FlinkSqlJob("ord-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ord_src`, "INSERT INTO ord_sink SELECT id FROM ord_src"] }));
    expect(e.issues.map((i) => i.path)).to.deep.equal(["statements[0]", "statements[1]"]);
    expect(e.issues[0]!.message).to.match(/^names FlinkTable "ord_src" as plain text/);
    void src;
  });

  it("takes another sql fragment in place: its tables are declared, its Outputs resolved", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const src = new api.FlinkTable("frag_src", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen", "number-of-rows": "10" } });
    const sink = new api.FlinkTable("frag_sink", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
    const filter = api.sql`WHERE id > ${pulumi.output("5")}`;
    const from = api.sql`FROM ${src} ${filter}`;
    const job = new api.FlinkSqlJob("frag-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id ${from}`] });
    const script = await settle(job.script);
    expect(script.split("\n").slice(-2)).to.deep.equal(["INSERT INTO `frag_sink` SELECT id FROM `frag_src` WHERE id > 5;", ""]);
    expect(script).to.contain("CREATE TABLE `frag_src` (");
  });
});
