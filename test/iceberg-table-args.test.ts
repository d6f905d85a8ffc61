import { expect } from "chai";
import { DataTypes } from "../src/types/datatypes.js";
import { baseArgs, hive, paths, planError, render } from "./iceberg-table-helpers.js";

describe("Iceberg table args shared by source and sink", () => {
  it("renders the full DDL byte for byte, and identically on every run", () => {
    const args = { ...baseArgs, columns: [{ name: "id", type: "bigint", comment: "row id" }, { name: "v", type: DataTypes.DECIMAL(10, 2) }], primaryKey: ["id"] };
    const a = render("IcebergSink", args, "orders-daily");
    const b = render("IcebergSink", structuredClone({ ...args, columns: [{ name: "id", type: "bigint", comment: "row id" }, { name: "v", type: "DECIMAL(10,2)" }] }), "orders-daily");
    expect(a.ddl).to.equal(
      [
        "CREATE TABLE `orders_daily` (",
        "  `id` BIGINT NOT NULL COMMENT 'row id',",
        "  `v` DECIMAL(10, 2),",
        "  PRIMARY KEY (`id`) NOT ENFORCED",
        ")",
        "WITH (",
        "  'connector' = 'iceberg',",
        "  'catalog-database' = 'db',",
        "  'catalog-name' = 'lake',",
        "  'catalog-table' = 't',",
        "  'catalog-type' = 'hive',",
        "  'compression-codec' = 'zstd',",
        "  'format-version' = '2',",
        "  'target-file-size-bytes' = '134217728',",
        "  'uri' = 'thrift://metastore:9083'",
        ");",
      ].join("\n"),
    );
    expect(b.ddl).to.equal(a.ddl);
  });

  it("derives the Flink table name from the resource name; tableName overrides it", () => {
    expect(render("IcebergSource", baseArgs, "orders-daily.v2").plan.tableName).to.equal("orders_daily_v2");
    expect(render("IcebergSource", { ...baseArgs, tableName: "Orders Raw" }, "x").ddl).to.match(/^CREATE TABLE `Orders Raw` \(/);
  });

  describe("catalog", () => {
    const valid: [string, Record<string, unknown>, Record<string, string>][] = [
      ["hive when type is unset", { name: "c", uri: "thrift://m:9083" }, { "catalog-name": "c", "catalog-type": "hive", uri: "thrift://m:9083" }],
      ["hive without uri but with hive-conf-dir", { name: "c", properties: { "hive-conf-dir": "/etc/hive" } }, { "catalog-name": "c", "catalog-type": "hive", "hive-conf-dir": "/etc/hive" }],
      ["hadoop with warehouse", { name: "c", type: "hadoop", warehouse: "s3a://b/w" }, { "catalog-name": "c", "catalog-type": "hadoop", warehouse: "s3a://b/w" }],
      ["rest with uri and warehouse", { name: "c", type: "rest", uri: "https://cat", warehouse: "wh" }, { "catalog-name": "c", "catalog-type": "rest", uri: "https://cat", warehouse: "wh" }],
      ["catalogImpl with type unset", { name: "c", catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog", uri: "jdbc:postgresql://db/cat", warehouse: "s3://w" }, { "catalog-name": "c", "catalog-impl": "org.apache.iceberg.jdbc.JdbcCatalog", uri: "jdbc:postgresql://db/cat", warehouse: "s3://w" }],
      ["properties rendered as given", { name: "c", type: "rest", uri: "https://u", properties: { "io-impl": "org.apache.iceberg.aws.s3.S3FileIO" } }, { "catalog-name": "c", "catalog-type": "rest", uri: "https://u", "io-impl": "org.apache.iceberg.aws.s3.S3FileIO" }],
    ];
    for (const [title, catalog, expected] of valid) {
      it(`renders ${title}`, () => {
        const r = render("IcebergSource", { ...baseArgs, catalog });
        const got: Record<string, string> = { ...r.options };
        for (const k of ["connector", "catalog-database", "catalog-table", "format-version", "streaming"]) delete got[k];
        expect(got).to.deep.equal(expected);
      });
    }
    const invalid: [string, unknown, string[], string][] = [
      ["missing", undefined, ["catalog"], "catalog is required"],
      ["without a name", { type: "rest", uri: "https://u" }, ["catalog.name"], "catalog.name"],
      ["type and catalogImpl both set", { name: "c", type: "hive", uri: "u", catalogImpl: "com.x.Cat" }, ["catalog.catalogImpl"], "both set"],
      ["type glue", { name: "c", type: "glue" }, ["catalog.type"], "org.apache.iceberg.aws.glue.GlueCatalog"],
      ["catalogImpl jdbc (not a class)", { name: "c", catalogImpl: "jdbc" }, ["catalog.catalogImpl"], "org.apache.iceberg.jdbc.JdbcCatalog"],
      ["catalogImpl not a class name", { name: "c", catalogImpl: "my catalog" }, ["catalog.catalogImpl"], "Java class"],
      ["hive without uri", { name: "c" }, ["catalog.uri"], "thrift"],
      ["rest without uri", { name: "c", type: "rest" }, ["catalog.uri"], "rest catalog needs uri"],
      ["hadoop without warehouse", { name: "c", type: "hadoop" }, ["catalog.warehouse"], "warehouse"],
      ["empty uri", { name: "c", uri: " " }, ["catalog.uri"], "empty"],
      ["uri not a string", { name: "c", uri: 5 }, ["catalog.uri"], "string"],
      ["unknown catalog field", { name: "c", uri: "thrift://u", url: "x" }, ["catalog.url"], "unknown arg"],
      ["credential property (C19)", { name: "c", type: "rest", uri: "https://cat", properties: { credential: "id:secret" } }, ['catalog.properties["credential"]'], "Kubernetes Secret"],
      ["property the product renders", { name: "c", uri: "thrift://u", properties: { "catalog-database": "x" } }, ['catalog.properties["catalog-database"]'], "catalog"],
      ["non-string property value", { name: "c", uri: "thrift://u", properties: { clients: 4 } }, ['catalog.properties["clients"]'], 'must be a string: write "4"'],
    ];
    for (const [title, catalog, expected, fragment] of invalid) {
      it(`rejects a catalog ${title}`, () => {
        const e = planError("IcebergSource", { ...baseArgs, catalog });
        expect(paths(e)).to.deep.equal(expected);
        expect(e.issues.map((i) => i.message).join("\n")).to.contain(fragment);
      });
    }

    // New-user trial: a field that failed (the missing name) hid the rules across fields until the next run.
    it("lists every problem of a catalog in one run: a field that fails does not hide the rules across the others", () => {
      const e = planError("IcebergSink", { ...baseArgs, catalog: { type: "hive" } });
      expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
        ["catalog.name", "catalog.name is required: the Flink-side catalog name, rendered as 'catalog-name'"],
        [
          "catalog.uri",
          'a hive catalog needs uri, the metastore thrift URI (e.g. "thrift://metastore:9083"), or a "hive-conf-dir" catalog property naming a directory with a hive-site.xml that sets hive.metastore.uris ' +
            '(for a hive-site.xml built into the image, name its folder there, e.g. "/opt/hive/conf"); for another catalog set catalog.type or catalogImpl',
        ],
      ]);
      const both = planError("IcebergSource", { ...baseArgs, catalog: { name: "", catalogImpl: "jdbc", uri: " " } });
      expect(both.issues.map((i) => [i.path, i.message])).to.deep.equal([
        ["catalog.name", "catalog.name must not be empty: write the Flink-side catalog name, rendered as 'catalog-name', e.g. \"lake\""],
        ["catalog.catalogImpl", 'catalogImpl is a Java class name; for jdbc write catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog"'],
        ["catalog.uri", "is empty; set the catalog URI or leave it unset"],
      ]);
      // The error's text names each path once (final trial: "catalog.name: catalog.name must not be empty").
      expect(both.message.split("\n").slice(1)).to.deep.equal([
        '  - IcebergSource "t1": catalog.name: must not be empty: write the Flink-side catalog name, rendered as \'catalog-name\', e.g. "lake"',
        '  - IcebergSource "t1": catalog.catalogImpl: catalogImpl is a Java class name; for jdbc write catalogImpl: "org.apache.iceberg.jdbc.JdbcCatalog"',
        '  - IcebergSource "t1": catalog.uri: is empty; set the catalog URI or leave it unset',
      ]);
    });

    it("a catalog field that fails is not read by the rules across fields (no second error for it)", () => {
      // A misspelt type is no hive catalog; an unreadable uri or properties map is no missing uri / hive-conf-dir.
      for (const [catalog, expected] of [
        [{ name: "c", type: "hiv" }, ["catalog.type"]],
        [{ type: "rest", uri: 5 }, ["catalog.name", "catalog.uri"]],
        [{ name: 1, properties: { "hive-conf-dir": "/etc/hive", clients: 4 } }, ["catalog.name", 'catalog.properties["clients"]']],
        [{ type: "hadoop", catalogImpl: 7 }, ["catalog.name", "catalog.catalogImpl"]],
      ] as const) {
        expect(paths(planError("IcebergSink", { ...baseArgs, catalog }))).to.deep.equal(expected);
      }
    });
  });

  describe("formatVersion, columns, keys, partitions", () => {
    for (const v of [1, 2, 3] as const) {
      it(`renders formatVersion ${v}`, () => expect(render("IcebergSink", { ...baseArgs, formatVersion: v }).options["format-version"]).to.equal(String(v)));
    }
    it("renders format-version 2 when omitted (C03 variant)", () => expect(render("IcebergSink", baseArgs).options["format-version"]).to.equal("2"));
    it("renders PARTITIONED BY", () => expect(render("IcebergSink", { ...baseArgs, partitionedBy: ["v"] }).ddl).to.contain("PARTITIONED BY (`v`)"));
    it("warns that nanosecond timestamps need the Iceberg 1.11+ runtime", () => {
      const r = render("IcebergSink", { ...baseArgs, formatVersion: 3, columns: [{ name: "ts", type: "TIMESTAMP(9)" }] });
      expect(r.plan.needsFormatV3).to.equal(true);
      expect(r.plan.warnings.map((w) => w.path)).to.include("formatVersion");
      expect(r.plan.warnings.map((w) => w.message).join()).to.contain("1.11");
    });
    it("warns that a keyed sink on formatVersion 3 needs the Iceberg 1.11+ runtime (deletion vectors); not on 2, not without a key, not on a source", () => {
      const message =
        "a primary key on formatVersion 3 needs the Iceberg 1.11+ Flink runtime in the image (none exists for Flink 1.19): the keyed writer writes a position delete whenever a key comes again within a checkpoint, " +
        'a v3 table takes those only as deletion vectors, and older runtimes write position delete files, so the commit fails ("Must use DVs for position deletes in V3"); use formatVersion 2 unless the image has Iceberg 1.11+';
      expect(render("IcebergSink", { ...baseArgs, formatVersion: 3, primaryKey: ["id"], upsertEnabled: true }).plan.warnings).to.deep.equal([{ path: "formatVersion", message }]);
      expect(render("IcebergSink", { ...baseArgs, formatVersion: 3, primaryKey: ["id"] }).plan.warnings).to.deep.equal([{ path: "formatVersion", message }]);
      expect(render("IcebergSink", { ...baseArgs, formatVersion: 2, primaryKey: ["id"], upsertEnabled: true }).plan.warnings).to.deep.equal([]);
      expect(render("IcebergSink", { ...baseArgs, formatVersion: 3 }).plan.warnings).to.deep.equal([]);
      expect(render("IcebergSource", { ...baseArgs, formatVersion: 3, primaryKey: ["id"] }).plan.warnings).to.deep.equal([]);
    });
    const invalid: [string, Record<string, unknown>, string[]][] = [
      ["formatVersion 4", { formatVersion: 4 }, ["formatVersion"]],
      ["formatVersion as text", { formatVersion: "2" }, ["formatVersion"]],
      ["database empty", { database: "" }, ["database"]],
      ["table missing", { table: undefined }, ["table"]],
      ["tableName with a line break", { tableName: "a\nb" }, ["tableName"]],
      ["no columns", { columns: [] }, ["columns"]],
      ["a type Iceberg cannot hold", { columns: [{ name: "i", type: "INTERVAL DAY" }] }, ["columns[0].type"]],
      ["a primary key column that does not exist", { primaryKey: ["nope"] }, ["primaryKey[0]"]],
      ["a partition column that does not exist", { partitionedBy: ["nope"] }, ["partitionedBy[0]"]],
      ["a partition column listed twice", { partitionedBy: ["v", "v"] }, ["partitionedBy[1]"]],
      ["extraOptions value not a string", { extraOptions: { a: 1 } }, ['extraOptions["a"]']],
      ["a key in both catalog.properties and extraOptions", { catalog: { ...hive, properties: { clients: "2" } }, extraOptions: { clients: "4" } }, ['extraOptions["clients"]']],
    ];
    for (const [title, opts, expected] of invalid) {
      it(`rejects ${title} at ${expected.join(", ")}`, () => expect(paths(planError("IcebergSink", { ...baseArgs, ...opts }))).to.deep.equal(expected));
    }
  });

  it("a quoted number or boolean says to write it without quotes; other wrong values name the accepted ones (trial: formatVersion \"2\", upsertEnabled \"false\")", () => {
    const sink = planError("IcebergSink", { ...baseArgs, primaryKey: ["id"], formatVersion: "2", upsertEnabled: "false" });
    expect(sink.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["formatVersion", 'formatVersion must be 1, 2 or 3, got "2": write 2 without quotes (Config.getNumber reads a number from stack config)'],
      ["upsertEnabled", 'expected true or false, got "false": write false without quotes (Config.getBoolean reads a boolean from stack config)'],
    ]);
    expect(planError("IcebergSource", { ...baseArgs, streaming: " True" }).issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["streaming", 'expected true or false, got " True": write true without quotes (Config.getBoolean reads a boolean from stack config)'],
    ]);
    expect(planError("IcebergSource", { ...baseArgs, streaming: "yes", formatVersion: 4 }).issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["formatVersion", "formatVersion must be 1, 2 or 3, got 4"],
      ["streaming", 'expected true or false, got "yes"'],
    ]);
  });

  it("an empty name says what to write (trial: database \"\")", () => {
    const e = planError("IcebergSink", { ...baseArgs, database: "", table: "", tableName: "", primaryKey: [""], partitionedBy: [""], extraOptions: { "": "x" } });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["database", 'database must not be empty: write the Iceberg namespace (database) that holds the table, e.g. "db"'],
      ["table", 'table must not be empty: write the Iceberg table name, e.g. "orders"'],
      ["tableName", 'tableName must not be empty: write the Flink table name, e.g. "orders", or leave it unset (default: the resource name, each character other than an ASCII letter, digit or _ replaced by _)'],
      ["partitionedBy[0]", "partitionedBy entries must not be empty: write a column name of the table, or remove the entry"],
      ["primaryKey[0]", "primaryKey[0]: must be a column name (a non-empty string)"],
      ['extraOptions[""]', "an option key must not be empty: write the option's name, or remove the entry"],
    ]);
    expect(e.message.split("\n")[1]).to.equal('  - IcebergSink "t1": database: must not be empty: write the Iceberg namespace (database) that holds the table, e.g. "db"');
  });

  it("a map with a value that is no string still has its other entries checked, and the message says what to write", () => {
    const output = { apply: () => undefined }; // a Pulumi Output, as the core sees one
    const e = planError("IcebergSink", {
      ...baseArgs,
      catalog: { ...hive, properties: { "s3.endpoint": output, "s3.secret-access-key": "abc", clients: "2" } },
      extraOptions: { "write.metadata.previous-versions-max": 5, "write.upsert.enabled": "true" },
    });
    expect(e.issues.map((i) => [i.path, i.message.slice(0, 60)])).to.deep.equal([
      ['catalog.properties["s3.endpoint"]', "is a Pulumi Output, and catalog.properties values are render"],
      ['extraOptions["write.metadata.previous-versions-max"]', 'must be a string: write "5"'],
      ['catalog.properties["s3.secret-access-key"]', '"s3.secret-access-key" carries a credential, and catalog.pro'],
      ['extraOptions["write.upsert.enabled"]', '"write.upsert.enabled" is decided by the table\'s own args he'],
    ]);
    expect(e.issues[0]!.message).to.equal(
      "is a Pulumi Output, and catalog.properties values are rendered into the WITH clause at preview, so they must be plain strings: write the value itself " +
        "(e.g. new pulumi.Config().require(...)). A secret must not be rendered there at all (the script is plain text): " +
        "pass it as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster " +
        "and the gateway are deployed) and reference it as ${env:NAME} in a Kafka client property (properties.config.providers) or env:NAME in a REST catalog property",
    );
  });

  it("a Pulumi Output (a pulumi.secret) under a credential key leads with where the credential goes, not with writing the value; a plain key's Output keeps the advice to write the value", () => {
    const secret = { apply: () => undefined }; // a Pulumi Output, as the core sees one
    const e = planError("IcebergSource", {
      ...baseArgs,
      catalog: { name: "c", type: "rest", uri: "https://catalog.example.com", properties: { token: secret, clients: secret } },
      extraOptions: { "s3.secret-access-key": secret },
    });
    const environment =
      "as an environment variable of the Flink processes (kubernetes target: from a Kubernetes Secret with kubernetes.envFromSecrets; sqlGateway target: set where the session cluster and the gateway are deployed)";
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        'catalog.properties["token"]',
        "is a Pulumi Output under a credential key: a credential must not be written into catalog.properties at all, neither as an Output nor as the value itself, " +
          "since catalog.properties is rendered in plain text into the WITH clause. " +
          'For a REST catalog, write the property as env:NAME, e.g. "token": "env:ICEBERG_TOKEN": Iceberg reads NAME from the environment of each process that loads the catalog (an unset variable drops the property); ' +
          `set NAME ${environment}. Other catalogs resolve no env:NAME: S3 clients read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY from that environment, or use a catalog that authenticates from the environment`,
      ],
      [
        'catalog.properties["clients"]',
        "is a Pulumi Output, and catalog.properties values are rendered into the WITH clause at preview, so they must be plain strings: write the value itself " +
          `(e.g. new pulumi.Config().require(...)). A secret must not be rendered there at all (the script is plain text): pass it ${environment} ` +
          "and reference it as ${env:NAME} in a Kafka client property (properties.config.providers) or env:NAME in a REST catalog property",
      ],
      [
        'extraOptions["s3.secret-access-key"]',
        "is a Pulumi Output under a credential key: a credential must not be written into extraOptions at all, neither as an Output nor as the value itself, " +
          "since extraOptions is rendered in plain text into the WITH clause. " +
          `Remove it and pass the credential ${environment}: S3 clients read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there, and a REST catalog a property written as env:NAME ` +
          "(credential, token, rest.auth.basic.password; an unset variable drops the property).",
      ],
    ]);
  });

  it("a column arg other than name, type and comment is an error: a typo gets its fix, a nullability flag says to write NOT NULL", () => {
    const e = planError("IcebergSink", { ...baseArgs, columns: [{ nmae: "id", type: "BIGINT" }, { name: "v", type: "INT", nullable: false }] });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["columns[0].nmae", 'unknown arg "nmae"; did you mean "name"?'],
      ["columns[0].name", "columns[0]: the column name must be a non-empty string"],
      ["columns[1].nullable", 'unknown arg "nullable": nullability is part of the type; write it in the type, e.g. "BIGINT NOT NULL" (nullable when NOT NULL is absent)'],
    ]);
  });

  it("warns about an identity partition of a TIMESTAMP column (a partition per instant)", () => {
    const r = render("IcebergSink", { ...baseArgs, columns: [...baseArgs.columns, { name: "ts", type: "TIMESTAMP(3)" }, { name: "d", type: "DATE" }], partitionedBy: ["ts", "d"] });
    expect(r.plan.warnings).to.deep.equal([
      {
        path: "partitionedBy[0]",
        message: "ts: an identity partition of a TIMESTAMP(3) column makes one partition, with its own files, per distinct instant; partition by a coarser column the INSERT fills instead, e.g. `ts_day` DATE filled with CAST(`ts` AS DATE)",
      },
    ]);
  });

  it("no partition-per-instant warning for a window_start / window_end column (one instant per window; final trial)", () => {
    const r = render("IcebergSink", { ...baseArgs, columns: [...baseArgs.columns, { name: "window_start", type: "TIMESTAMP(3)" }], partitionedBy: ["window_start"] });
    expect(r.plan.warnings).to.deep.equal([]);
  });

  it("the identity-partition advice for a TIMESTAMP_LTZ column says in which time zone the CAST counts days (trial: Iceberg's days() counts UTC days)", () => {
    const r = render("IcebergSink", { ...baseArgs, columns: [...baseArgs.columns, { name: "at", type: "TIMESTAMP_LTZ(6)" }], partitionedBy: ["at"] });
    expect(r.plan.warnings.map((w) => w.message)).to.deep.equal([
      "at: an identity partition of a TIMESTAMP_LTZ(6) column makes one partition, with its own files, per distinct instant; partition by a coarser column the INSERT fills instead, e.g. `at_day` DATE filled with CAST(`at` AS DATE) " +
        "(Flink casts a TIMESTAMP_LTZ to DATE in the session time zone, table.local-time-zone: set it to 'UTC' in the job's configuration for the days Iceberg's days() would give)",
    ]);
  });

  it("extraOptions: a near-miss of an Iceberg option is a warning; a typed option's value is checked", () => {
    const r = render("IcebergSource", {
      ...baseArgs,
      streaming: true,
      extraOptions: { monitor_interval: "10s", "monitor-interval": "10", "write.distribution.mode": "hash", owner: "team-a", "write.metadata.delete-after-commit.enabled": "true" },
    });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      ['extraOptions["monitor-interval"]', '"10" has no unit, so Flink reads it as milliseconds (10 ms); write "10ms" to say so, or "10s" if you mean seconds'],
      [
        'extraOptions["monitor_interval"]',
        '"monitor_interval" is no Iceberg option or common table property; did you mean "monitor-interval"? (the connector stores an unknown key as a table property, which nothing reads)',
      ],
      [
        'extraOptions["write.distribution.mode"]',
        '"write.distribution.mode" is no Iceberg option or common table property; did you mean "write.distribution-mode"? (the connector stores an unknown key as a table property, which nothing reads)',
      ],
    ]);
    const e = planError("IcebergSink", { ...baseArgs, extraOptions: { "write-parallelism": "0", "range-distribution-statistics-type": "auto", "table-refresh-interval": "5 mins" } });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ['extraOptions["range-distribution-statistics-type"]', '"auto" is not one of "Auto", "Map", "Sketch" (exact case), which "range-distribution-statistics-type" takes; the job would fail when it reads it'],
      ['extraOptions["table-refresh-interval"]', `"5 mins" is not a valid Flink duration: unknown unit "mins"; did you mean "5min"? Otherwise write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min, s, ms, µs, ns and their long forms)`],
      ['extraOptions["write-parallelism"]', '"0" is not a whole number of at least 1 (an int), which "write-parallelism" takes; the job would fail when it reads it'],
    ]);
  });

  it("extraOptions: a typo of a key the args decide points at it; a boolean other than true/false is read as false; ints are not trimmed", () => {
    const r = render("IcebergSink", { ...baseArgs, extraOptions: { "upsert-enable": "true", "flink-maintenance.rewrite.enabled": "yes" } });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      ['extraOptions["flink-maintenance.rewrite.enabled"]', '"yes" is read as false (Iceberg parses booleans with Boolean.parseBoolean); write "true" or "false"'],
      [
        'extraOptions["upsert-enable"]',
        '"upsert-enable" is no Iceberg option or common table property; did you mean "upsert-enabled"? (the connector stores an unknown key as a table property, which nothing reads)',
      ],
    ]);
    expect(paths(planError("IcebergSink", { ...baseArgs, extraOptions: { "write-parallelism": " 4 " } }))).to.deep.equal(['extraOptions["write-parallelism"]']);
  });

  it("reports every problem of a resource in one error", () => {
    const e = planError(
      "IcebergSink",
      {
        catalog: { name: "c", type: "hadoop" },
        database: "",
        table: "t",
        columns: [{ name: "id", type: "BIGINT" }, { name: "x", type: "NOPE" }],
        formatVersion: 1,
        upsertEnabled: true,
        writeFormat: "orc",
        compressionCodec: "gzip",
        commitInterval: "0s",
        extraOptions: { "write.upsert.enabled": "true" },
      },
      "daily",
    );
    expect(paths(e).sort()).to.deep.equal(
      ["catalog.warehouse", "columns[1].type", "commitInterval", "compressionCodec", "database", 'extraOptions["write.upsert.enabled"]', "upsertEnabled", "upsertEnabled"].sort(),
    );
    expect(e.message).to.match(/^IcebergSink "daily": 8 problems:/);
  });
});
