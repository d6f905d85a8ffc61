import { expect } from "chai";
import { baseArgs, paths, planError, render, withoutCommon } from "./iceberg-table-helpers.js";

/** How a v1 table refuses delete files, by Iceberg release (src/iceberg/v1-delete-files.ts). */
const V1_REFUSALS =
  "'Cannot write delete files in a v1 table' (iceberg ManifestFiles.writeDeleteManifest) or, in the releases that check each delete file at the commit, 'Deletes are supported in V2 and above' (iceberg MergingSnapshotProducer.validateNewDeleteFile)";
const DEFAULTS = { "target-file-size-bytes": "134217728", "compression-codec": "zstd" };

describe("IcebergSink write options (SPEC decisions 2, 5, 6, 7)", () => {
  const table: [string, Record<string, unknown>, Record<string, string>][] = [
    ["nothing set: only the two seed defaults", {}, DEFAULTS],
    ["writeFormat parquet", { writeFormat: "parquet" }, { ...DEFAULTS, "write-format": "parquet" }],
    ["writeFormat orc", { writeFormat: "orc" }, { ...DEFAULTS, "write-format": "orc" }],
    ["writeFormat avro", { writeFormat: "avro" }, { ...DEFAULTS, "write-format": "avro" }],
    ["targetFileSizeBytes number", { targetFileSizeBytes: 268435456 }, { ...DEFAULTS, "target-file-size-bytes": "268435456" }],
    ["targetFileSizeBytes text", { targetFileSizeBytes: "256MB" }, { ...DEFAULTS, "target-file-size-bytes": "268435456" }],
    ["targetFileSizeBytes IEC text", { targetFileSizeBytes: "1GiB" }, { ...DEFAULTS, "target-file-size-bytes": "1073741824" }],
    ["upsertEnabled false", { upsertEnabled: false }, { ...DEFAULTS, "upsert-enabled": "false" }],
    ["upsertEnabled true with a key", { upsertEnabled: true, primaryKey: ["id"] }, { ...DEFAULTS, "upsert-enabled": "true" }],
    ["commitInterval is never rendered", { commitInterval: "30s" }, DEFAULTS],
    ["snappy without writeFormat", { compressionCodec: "snappy" }, { ...DEFAULTS, "compression-codec": "snappy" }],
    ["parquet uncompressed", { writeFormat: "parquet", compressionCodec: "uncompressed" }, { "write-format": "parquet", "target-file-size-bytes": "134217728", "compression-codec": "uncompressed" }],
    ["parquet gzip", { writeFormat: "parquet", compressionCodec: "gzip" }, { "write-format": "parquet", "target-file-size-bytes": "134217728", "compression-codec": "gzip" }],
    ["avro gzip", { writeFormat: "avro", compressionCodec: "gzip" }, { "write-format": "avro", "target-file-size-bytes": "134217728", "compression-codec": "gzip" }],
    ["orc uncompressed → none", { writeFormat: "orc", compressionCodec: "uncompressed" }, { "write-format": "orc", "target-file-size-bytes": "134217728", "compression-codec": "none" }],
    ["orc snappy", { writeFormat: "orc", compressionCodec: "snappy" }, { "write-format": "orc", "target-file-size-bytes": "134217728", "compression-codec": "snappy" }],
  ];
  for (const [title, opts, expected] of table) {
    it(`${title} renders exactly ${JSON.stringify(expected)}`, () => {
      const r = render("IcebergSink", { ...baseArgs, ...opts });
      expect(withoutCommon(r.options)).to.deep.equal(expected);
      expect(r.options).to.not.have.property("commit.interval");
      expect(r.options).to.not.have.property("write.target-file-size-bytes");
    });
  }

  it("commitInterval is exposed as written with its milliseconds", () => {
    const r = render("IcebergSink", { ...baseArgs, commitInterval: "5 min" });
    expect(r.plan.commitInterval).to.deep.equal({ millis: 300000, text: "5 min" });
    expect(render("IcebergSink", baseArgs).plan.commitInterval).to.equal(undefined);
  });

  const invalid: [string, Record<string, unknown>, string[], string][] = [
    ["orc + gzip", { writeFormat: "orc", compressionCodec: "gzip" }, ["compressionCodec"], "none, snappy, zlib, zstd"],
    ["gzip without writeFormat", { compressionCodec: "gzip" }, ["compressionCodec"], "snappy"],
    ["uncompressed without writeFormat", { compressionCodec: "uncompressed" }, ["compressionCodec"], "writeFormat"],
    ["codec outside the seed's values", { compressionCodec: "lz4" }, ["compressionCodec"], "uncompressed"],
    ["writeFormat outside the seed's values", { writeFormat: "PARQUET" }, ["writeFormat"], "parquet"],
    // A misspelt writeFormat is reported there only; the codec is not also told "writeFormat is unset".
    ["misspelt writeFormat with gzip", { writeFormat: "Parquet", compressionCodec: "gzip" }, ["writeFormat"], 'did you mean "parquet"?'],
    ["commitInterval zero", { commitInterval: "0s" }, ["commitInterval"], "zero"],
    ["commitInterval negative", { commitInterval: "-1 min" }, ["commitInterval"], "sign"],
    ["commitInterval unreadable", { commitInterval: "soon" }, ["commitInterval"], "number"],
    // A number that large is milliseconds (30000s would be 8 hours): only that reading is offered.
    ["commitInterval as a number", { commitInterval: 30000 }, ["commitInterval"], 'a duration is Flink duration text, not a number (got 30000): write it with a unit, e.g. "30000ms" (30000 milliseconds)'],
    ["commitInterval as a small number", { commitInterval: 30 }, ["commitInterval"], 'a duration is Flink duration text, not a number (got 30): write it with a unit, e.g. "30ms" or "30s"'],
    // Below Flink's minimum checkpoint interval: the sink's own error, with what to write.
    ["commitInterval as a small number", { commitInterval: 5 }, ["commitInterval"], 'a duration is Flink duration text, not a number (got 5): write it with a unit, e.g. "5s"'],
    ["commitInterval as NaN", { commitInterval: NaN }, ["commitInterval"], 'a duration is Flink duration text such as "30s", "5 min", "1h" (got NaN)'],
    ["commitInterval below 10 ms", { commitInterval: "1ms" }, ["commitInterval"], '"1ms" is below Flink\'s minimum checkpoint interval of 10 ms (the sink commits once per completed checkpoint); write "10ms" or more, e.g. "1min"'],
    ["targetFileSizeBytes negative", { targetFileSizeBytes: -5 }, ["targetFileSizeBytes"], "positive"],
    ["targetFileSizeBytes fraction text", { targetFileSizeBytes: "1.5gb" }, ["targetFileSizeBytes"], "whole"],
    ["upsertEnabled as text", { upsertEnabled: "true" }, ["upsertEnabled"], "true or false"],
    ["a source arg on a sink", { streaming: true }, ["streaming"], "unknown arg"],
  ];
  for (const [title, opts, expected, fragment] of invalid) {
    it(`rejects ${title}`, () => {
      const e = planError("IcebergSink", { ...baseArgs, ...opts });
      expect(paths(e)).to.deep.equal(expected);
      expect(e.issues[0]!.message).to.contain(fragment);
    });
  }

  it("warns about a commitInterval without a unit (Flink reads milliseconds) and keeps it", () => {
    const r = render("IcebergSink", { ...baseArgs, commitInterval: "1500" });
    expect(r.plan.commitInterval).to.deep.equal({ millis: 1500, text: "1500" });
    expect(r.plan.warnings).to.deep.equal([{ path: "commitInterval", message: '"1500" has no unit, so Flink reads it as milliseconds (1500 ms); write "1500ms" to say so' }]);
    // Below a second without a unit: a commit every few milliseconds.
    expect(render("IcebergSink", { ...baseArgs, commitInterval: "300" }).plan.warnings).to.deep.equal([
      { path: "commitInterval", message: '"300" has no unit, so Flink reads it as 300 ms: a commit (an Iceberg snapshot and its metadata files) every 300 ms; write "300ms" if you mean it, or "300s" for seconds' },
    ]);
    expect(render("IcebergSink", { ...baseArgs, commitInterval: "300ms" }).plan.warnings).to.deep.equal([]);
  });

  it("a file or split size below one MiB is a warning (bytes, not MB)", () => {
    expect(render("IcebergSink", { ...baseArgs, targetFileSizeBytes: 128 }).plan.warnings).to.deep.equal([
      {
        path: "targetFileSizeBytes",
        message: '128 bytes is a new data file every few bytes: millions of tiny files; targetFileSizeBytes is a byte count unless written with a unit: write e.g. "128MB" (or the byte count of the size you mean)',
      },
    ]);
    expect(render("IcebergSource", { ...baseArgs, splitSize: 64 }).plan.warnings.map((w) => w.path)).to.deep.equal(["splitSize"]);
    expect(render("IcebergSink", { ...baseArgs, targetFileSizeBytes: "128MB" }).plan.warnings).to.deep.equal([]);
  });

  it("a commitInterval a user wrote another way says what to write", () => {
    const message = (commitInterval: string): string => planError("IcebergSink", { ...baseArgs, commitInterval }).issues[0]!.message;
    expect(message("5")).to.equal(
      '"5" has no unit, so Flink reads it as 5 ms, below its minimum checkpoint interval of 10 ms (the sink commits once per completed checkpoint); write it with a unit, e.g. "5s" or "5min"',
    );
    expect(message("PT5M")).to.equal('"PT5M" is not a valid Flink duration: Flink does not read ISO-8601 durations; write "5min"');
    expect(message("P1DT2H")).to.equal('"P1DT2H" is not a valid Flink duration: Flink does not read ISO-8601 durations; write "26h"');
    expect(message("1h30min")).to.equal('"1h30min" is not a valid Flink duration: Flink reads one number and one unit, not a sum of several; write "90min"');
    expect(message("5 mins")).to.match(/^"5 mins" is not a valid Flink duration: unknown unit "mins"; did you mean "5min"\? Otherwise write /);
    expect(render("IcebergSink", { ...baseArgs, commitInterval: "300000" }).plan.warnings).to.deep.equal([
      { path: "commitInterval", message: '"300000" has no unit, so Flink reads it as milliseconds (300000 ms); write "5min" (or "300000ms") to say so' },
    ]);
  });

  describe("extraOptions on a sink: keys covered by modeled args, with aliases", () => {
    const covered: [string, string][] = [
      ["write.upsert.enabled", "upsertEnabled"],
      ["upsert-enabled", "upsertEnabled"],
      ["write.format.default", "writeFormat"],
      ["write-format", "writeFormat"],
      ["write.target-file-size-bytes", "targetFileSizeBytes"],
      ["target-file-size-bytes", "targetFileSizeBytes"],
      ["compression-codec", "compressionCodec"],
      ["write.parquet.compression-codec", "compressionCodec"],
      ["write.orc.compression-codec", "compressionCodec"],
      ["write.avro.compression-codec", "compressionCodec"],
      ["format-version", "formatVersion"],
      ["commit.interval", "commitInterval"],
      ["execution.checkpointing.interval", "commitInterval"],
      ["catalog-name", "catalog"],
      ["catalog-type", "catalog"],
      ["catalog-impl", "catalog"],
      ["catalog-table", "catalog"],
      ["uri", "catalog.uri"],
      ["warehouse", "catalog.warehouse"],
      ["streaming", "IcebergSource"],
      ["split-size", "IcebergSource"],
      ["token", "Kubernetes Secret"],
      ["s3.secret-access-key", "Kubernetes Secret"],
    ];
    for (const [key, instead] of covered) {
      it(`rejects ${key} and says to use ${instead}`, () => {
        const e = planError("IcebergSink", { ...baseArgs, extraOptions: { [key]: "x" } });
        expect(paths(e)).to.deep.equal([`extraOptions[${JSON.stringify(key)}]`]);
        expect(e.issues[0]!.message).to.contain(instead);
      });
    }
    it("renders other write options and table properties as given", () => {
      const r = render("IcebergSink", { ...baseArgs, extraOptions: { "write.metadata.delete-after-commit.enabled": "true", "distribution-mode": "hash" } });
      expect(r.options["write.metadata.delete-after-commit.enabled"]).to.equal("true");
      expect(r.options["distribution-mode"]).to.equal("hash");
    });
  });
});

describe("IcebergSink review regressions", () => {
  it("overwrite-enabled is refused in extraOptions and catalog.properties, with or without upsert: INSERT OVERWRITE in a batch job is the way", () => {
    for (const opts of [{ primaryKey: ["id"], upsertEnabled: true }, {}]) {
      const e = planError("IcebergSink", { ...baseArgs, ...opts, extraOptions: { "overwrite-enabled": "true" } });
      expect(paths(e)).to.deep.equal(['extraOptions["overwrite-enabled"]']);
      expect(e.issues[0]!.message).to.contain("write INSERT OVERWRITE in a batch job instead").and.contain("data loss");
    }
    const p = planError("IcebergSink", { ...baseArgs, catalog: { ...(baseArgs.catalog as object), properties: { "overwrite-enabled": "true" } } });
    expect(paths(p)).to.deep.equal(['catalog.properties["overwrite-enabled"]']);
  });

  it("table-default. / table-override. catalog properties may not set a key the product controls", () => {
    const e = planError("IcebergSink", {
      ...baseArgs,
      catalog: { ...(baseArgs.catalog as object), properties: { "table-override.format-version": "1" } },
      extraOptions: { "table-default.write.upsert.enabled": "true", "table-default.write.metadata.previous-versions-max": "5" },
    });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        'catalog.properties["table-override.format-version"]',
        '"table-override.format-version" sets "format-version" through the catalog\'s table-override.* properties, which apply when the connector creates the table (iceberg core/.../CatalogProperties.java); the product controls that key: remove it and set formatVersion (1, 2 or 3; always rendered)',
      ],
      [
        'extraOptions["table-default.write.upsert.enabled"]',
        '"table-default.write.upsert.enabled" sets "write.upsert.enabled" through the catalog\'s table-default.* properties, which apply when the connector creates the table (iceberg core/.../CatalogProperties.java); the product controls that key: remove it and set upsertEnabled',
      ],
    ]);
  });

  it("distribution-mode and write.distribution-mode with different values: a warning at the table property, which the write option overrides (FlinkWriteConf)", () => {
    const warnings = (args: Record<string, unknown>): string[][] => render("IcebergSink", args).plan.warnings.map((w) => [w.path, w.message]);
    const lost = (at: string, key: string, value: string, option: string, mode: string): string[] => [
      at,
      `${JSON.stringify(key)} = ${JSON.stringify(value)} is never read by this sink: ${option} sets the write option, which wins over the table property (iceberg FlinkWriteConf.distributionMode), ` +
        `so the sink distributes its rows by ${JSON.stringify(mode)}; keep one of them (a table the connector creates still gets "write.distribution-mode" = ${JSON.stringify(value)} as a table property, for other writers)`,
    ];
    expect(warnings({ ...baseArgs, extraOptions: { "distribution-mode": "range", "write.distribution-mode": "hash" } })).to.deep.equal([
      lost('extraOptions["write.distribution-mode"]', "write.distribution-mode", "hash", 'extraOptions["distribution-mode"] = "range"', "range"),
    ]);
    const catalog = { ...(baseArgs.catalog as object), properties: { "table-override.write.distribution-mode": "none", "distribution-mode": "hash" } };
    expect(warnings({ ...baseArgs, catalog })).to.deep.equal([
      lost('catalog.properties["table-override.write.distribution-mode"]', "table-override.write.distribution-mode", "none", 'catalog.properties["distribution-mode"] = "hash"', "hash"),
    ]);
    // A catalog-wide default (catalog.properties) that this sink's extraOptions overrides on purpose: quiet (review finding).
    const shared = { ...(baseArgs.catalog as object), properties: { "table-default.write.distribution-mode": "hash", "write.distribution-mode": "range" } };
    expect(warnings({ ...baseArgs, catalog: shared, extraOptions: { "distribution-mode": "none" } })).to.deep.equal([]);
    // The same mode (any case) under both keys, or only one of them: quiet.
    for (const extraOptions of [{ "distribution-mode": "range", "write.distribution-mode": "RANGE" }, { "write.distribution-mode": "hash" }, { "distribution-mode": "hash" }]) {
      expect(warnings({ ...baseArgs, extraOptions }), JSON.stringify(extraOptions)).to.deep.equal([]);
    }
  });

  it("hash distribution with a primary key needs every partition column in the key (FlinkSink distributeDataStream)", () => {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "d", type: "DATE" }, { name: "v", type: "STRING" }];
    const args = { ...baseArgs, columns: cols, primaryKey: ["id"], partitionedBy: ["d"] };
    const e = planError("IcebergSink", { ...args, extraOptions: { "distribution-mode": "Hash" } });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        'extraOptions["distribution-mode"]',
        "hash distribution with a primaryKey (id) needs every partition column in the key, and \"d\" is not (the runtime fails with 'In 'hash' distribution mode with equality fields set, source column ... should be included in equality fields'); add them to primaryKey only if their values never change for a row, or use another distribution mode",
      ],
    ]);
    expect(render("IcebergSink", { ...args, primaryKey: ["id", "d"], extraOptions: { "write.distribution-mode": "hash" } }).plan.baseOptions["write.distribution-mode"]).to.equal("hash");
    expect(render("IcebergSink", { ...args, extraOptions: { "distribution-mode": "none" } }).plan.baseOptions["distribution-mode"]).to.equal("none");
    // The write option wins over the table property (FlinkWriteConf): this one is not hash.
    expect(render("IcebergSink", { ...args, extraOptions: { "distribution-mode": "none", "write.distribution-mode": "hash" } }).plan.baseOptions["distribution-mode"]).to.equal("none");
    // A catalog's table-override. replaces the table property, table-default. fills it in when the table is created (iceberg catalog table builders).
    for (const [where, key] of [["catalog.properties", "table-default.write.distribution-mode"], ["extraOptions", "table-override.write.distribution-mode"]] as const) {
      const m = where === "extraOptions" ? { extraOptions: { [key]: "hash" } } : { catalog: { ...(baseArgs.catalog as object), properties: { [key]: "hash" } } };
      expect(planError("IcebergSink", { ...args, ...m }).issues.map((i) => i.path)).to.deep.equal([`${where}["${key}"]`]);
    }
    // ... but the write option still wins over both.
    expect(render("IcebergSink", { ...args, extraOptions: { "distribution-mode": "none", "table-override.write.distribution-mode": "hash" } }).plan.baseOptions["distribution-mode"]).to.equal("none");
    // A prefixed key a source never uses: remove it, without advice about sink args.
    const src = planError("IcebergSource", { ...baseArgs, catalog: { ...(baseArgs.catalog as object), properties: { "table-default.write.format.default": "orc" } } });
    expect(src.issues[0]!.message.endsWith("the product controls that key: remove it")).to.equal(true);
  });

  it("a primary key on a format-version 1 table without upsert warns about delete files: a changelog's deletes and a key repeated within a checkpoint", () => {
    // iceberg BaseDeltaTaskWriter.write / core BaseTaskWriter.BaseEqualityDeltaWriter.write: a key written again within a checkpoint
    // gets a position delete, from inserts too; a v1 table refuses any delete file (src/iceberg/v1-delete-files.ts).
    const r = render("IcebergSink", { ...baseArgs, primaryKey: ["id"], formatVersion: 1 });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      [
        "formatVersion",
        "with a primaryKey the sink keys rows by it and writes delete files: an equality delete for each retract and delete row of a changelog source (-U/-D, e.g. debezium-json), " +
          "and a position delete whenever a key comes again within a checkpoint, from an append-only source too (a second insert of the key before the checkpoint commits); " +
          `a format-version 1 table holds neither, so the job fails at the first checkpoint holding an update, a delete or a repeated key, with ${V1_REFUSALS}, and restarts from it forever; ` +
          "use formatVersion 2, or no primaryKey for an append-only stream",
      ],
    ]);
    expect(render("IcebergSink", { ...baseArgs, primaryKey: ["id"] }).plan.warnings.map((w) => w.path)).to.not.include("formatVersion");
    expect(render("IcebergSink", { ...baseArgs, formatVersion: 1 }).plan.warnings).to.deep.equal([]);
  });

  it("upsert on a format-version 1 table is an error naming both messages Iceberg refuses its delete files with", () => {
    const e = planError("IcebergSink", { ...baseArgs, primaryKey: ["id"], formatVersion: 1, upsertEnabled: true });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "upsertEnabled",
        "upsert deletes the key of every row it writes, each insert, update and delete, so it writes delete files, which need table format-version 2 or later: " +
          `with formatVersion 1 the job fails at its first checkpoint with rows, with ${V1_REFUSALS}; ` +
          "set formatVersion: 2 (or omit it) for a new table; an existing v1 table must be upgraded deliberately",
      ],
    ]);
  });
});

describe("IcebergSink: new-user trial regressions", () => {
  it("typos at any level suggest the closest arg", () => {
    const e = planError("IcebergSink", { ...baseArgs, catalog: { ...(baseArgs.catalog as object), warehous: "s3://x" }, commitIntervall: "30s" });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["catalog.warehous", 'unknown arg "warehous"; did you mean "warehouse"?'],
      ["commitIntervall", 'unknown arg "commitIntervall"; did you mean "commitInterval"?'],
    ]);
  });

  it("a top-level arg that names an Iceberg option (camelCase, kebab-case) says to write it in extraOptions under its key, or the arg that covers it; other unknown args as before", () => {
    const issues = (kind: "IcebergSource" | "IcebergSink", extra: Record<string, unknown>) => planError(kind, { ...baseArgs, ...extra }).issues.map((i) => [i.path, i.message]);
    expect(issues("IcebergSource", { streaming: true, monitorInterval: "10s" })).to.deep.equal([
      [
        "monitorInterval",
        'unknown arg "monitorInterval": "monitor-interval" is an Iceberg read option of a streaming read (iceberg FlinkReadOptions; with streaming: true), which the table takes in extraOptions under its own key; write extraOptions: { "monitor-interval": "10s" }',
      ],
    ]);
    // A bare number for a Duration option: the example carries a unit (alone it is milliseconds, which the duration check warns about).
    expect(issues("IcebergSource", { streaming: true, monitorInterval: 10 })).to.deep.equal([
      [
        "monitorInterval",
        'unknown arg "monitorInterval": "monitor-interval" is an Iceberg read option of a streaming read (iceberg FlinkReadOptions; with streaming: true), which the table takes in extraOptions under its own key; ' +
          'write extraOptions: { "monitor-interval": "10s" } (a duration: with its unit, here seconds; a number alone is milliseconds)',
      ],
    ]);
    expect(issues("IcebergSource", { tag: "v1", "case-sensitive": true, scanParallelism: 4 })).to.deep.equal([
      ["tag", 'unknown arg "tag": "tag" is an Iceberg read option (iceberg FlinkReadOptions), which the table takes in extraOptions under its own key; write extraOptions: { "tag": "v1" }'],
      ["case-sensitive", 'unknown arg "case-sensitive": "case-sensitive" is an Iceberg read option (iceberg FlinkReadOptions), which the table takes in extraOptions under its own key; write extraOptions: { "case-sensitive": "true" }'],
      ["scanParallelism", 'unknown arg "scanParallelism": "scan.parallelism" is an Iceberg read option (iceberg FlinkReadOptions), which the table takes in extraOptions under its own key; write extraOptions: { "scan.parallelism": "4" }'],
    ]);
    expect(issues("IcebergSink", { writeParallelism: 2, branch: "audit" })).to.deep.equal([
      ["writeParallelism", 'unknown arg "writeParallelism": "write-parallelism" is an Iceberg write option (iceberg FlinkWriteOptions), which the table takes in extraOptions under its own key; write extraOptions: { "write-parallelism": "2" }'],
      ["branch", 'unknown arg "branch": "branch" is an Iceberg read and write option (iceberg FlinkReadOptions, FlinkWriteOptions), which the table takes in extraOptions under its own key; write extraOptions: { "branch": "audit" }'],
    ]);
    // The other side's option: where it belongs.
    expect(issues("IcebergSink", { monitorInterval: "10s" })).to.deep.equal([
      ["monitorInterval", 'unknown arg "monitorInterval": "monitor-interval" is an Iceberg read option (iceberg FlinkReadOptions), which an IcebergSink never reads; set it on an IcebergSource that reads the table, as extraOptions: { "monitor-interval": "10s" }'],
    ]);
    expect(issues("IcebergSource", { distributionMode: "hash" })).to.deep.equal([
      ["distributionMode", 'unknown arg "distributionMode": "distribution-mode" is an Iceberg write option (iceberg FlinkWriteOptions), which an IcebergSource never reads; set it on the IcebergSink that writes the table, as extraOptions: { "distribution-mode": "hash" }'],
    ]);
    // An option a modeled arg covers: that arg.
    expect(issues("IcebergSource", { start_snapshot_id: 5, "read.split.target-size": "1" })).to.deep.equal([
      ["start_snapshot_id", 'unknown arg "start_snapshot_id": "start-snapshot-id" is a connector option this table\'s own args decide; set startSnapshotId'],
      ["read.split.target-size", 'unknown arg "read.split.target-size": "read.split.target-size" is a connector option this table\'s own args decide; set splitSize'],
    ]);
    expect(issues("IcebergSource", { upsertEnabled: true })).to.deep.equal([
      ["upsertEnabled", 'unknown arg "upsertEnabled": "upsert-enabled" is a write option of an IcebergSink, which an IcebergSource never uses; declare an IcebergSink and set upsertEnabled'],
    ]);
    // No option: the typo and the known list, as before.
    expect(issues("IcebergSource", { monitor: "10s" })[0]![1]).to.match(/^unknown arg "monitor" \(known: catalog, /);
    expect(issues("IcebergSink", { commitIntervall: "30s" })).to.deep.equal([["commitIntervall", 'unknown arg "commitIntervall"; did you mean "commitInterval"?']]);
  });

  it("a column whose type fails is reported once, with the Flink type to write; primaryKey does not call it missing", () => {
    const e = planError("IcebergSink", { ...baseArgs, columns: [{ name: "id", type: "BIGINT" }, { name: "day", type: "DATETIME" }], primaryKey: ["id", "day"] });
    expect(e.issues.map((i) => i.path)).to.deep.equal(["columns[1].type"]);
    expect(e.issues[0]!.message).to.contain("DATETIME is not a Flink type: write TIMESTAMP(p)");
  });

  it("a misspelt type name suggests the Flink type (second trial: \"VARCHR(10)\" said only 'expected a type')", () => {
    const e = planError("IcebergSink", { ...baseArgs, columns: [{ name: "id", type: "BIGINT" }, { name: "price", type: "VARCHR(10)" }] });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["columns[1].type", 'price: unexpected "VARCHR" at offset 0, expected a type (VARCHR is not a Flink type: did you mean VARCHAR?)'],
    ]);
  });

  it("a partition column that is no column is reported once, not also as missing from the upsert key", () => {
    const e = planError("IcebergSink", { ...baseArgs, primaryKey: ["id"], upsertEnabled: true, partitionedBy: ["region", "v"] });
    expect(e.issues.map((i) => [i.path, i.message.split(":")[0]])).to.deep.equal([
      ["partitionedBy[0]", "region"],
      ["partitionedBy[1]", 'partition column "v" is not in the primaryKey (id)'],
    ]);
    expect(e.issues[0]!.message).to.equal("region: no such column; the columns are id, v");
    const typo = planError("IcebergSink", { ...baseArgs, columns: [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }], primaryKey: ["idd"] });
    expect(typo.issues.map((x) => [x.path, x.message])).to.deep.equal([["primaryKey[0]", 'idd: no such column; did you mean "id"?; the columns are id, v']]);
  });

  it("the upsert partition advice lists only the primaryKey entries that name columns (break review: it quoted the misspelt one)", () => {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }, { name: "day", type: "DATE" }];
    const e = planError("IcebergSink", { ...baseArgs, columns: cols, primaryKey: ["id", "nope"], upsertEnabled: true, partitionedBy: ["day"] });
    expect(e.issues.map((i) => [i.path, i.message.split(":")[0]])).to.deep.equal([
      ["primaryKey[1]", "nope"],
      ["partitionedBy[0]", 'partition column "day" is not in the primaryKey (id)'],
    ]);
    const none = planError("IcebergSink", { ...baseArgs, columns: cols, primaryKey: ["nope"], upsertEnabled: true, partitionedBy: ["day"] });
    expect(none.issues.map((i) => [i.path, i.message.split(":")[0]])).to.deep.equal([
      ["primaryKey[0]", "nope"],
      ["partitionedBy[0]", 'partition column "day" is not in the primaryKey'],
    ]);
  });

  it("an enum value off by case or spelling suggests the value", () => {
    const e = planError("IcebergSink", { ...baseArgs, writeFormat: "Parquet", compressionCodec: "zstandard" });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["writeFormat", 'writeFormat must be one of "parquet", "orc", "avro", got "Parquet"; did you mean "parquet"?'],
      ["compressionCodec", 'compressionCodec must be one of "uncompressed", "snappy", "zstd", "gzip", got "zstandard"'],
    ]);
  });
});

describe("IcebergSink partitions reported in the same run as column errors (new-user trial)", () => {
  it("a ROW partition column and a transform are reported beside a bad primary key; with upsertEnabled the advice says the partition column joins the key", () => {
    const e = planError("IcebergSink", {
      ...baseArgs,
      columns: [
        { name: "id", type: "BIGINT" },
        { name: "created_at", type: "TIMESTAMP(6)" },
        { name: "r", type: "ROW<a INT>" },
      ],
      primaryKey: ["nope"],
      partitionedBy: ["r", "days(created_at)"],
      upsertEnabled: true,
    });
    const byPath = Object.fromEntries(e.issues.map((i) => [i.path, i.message]));
    expect(e.issues.map((i) => i.path)).to.deep.equal(["primaryKey[0]", "partitionedBy[0]", "partitionedBy[1]"]);
    expect(byPath["partitionedBy[0]"]).to.equal("r: a partition column must have a primitive type, not ROW (an identity partition needs a primitive value)");
    expect(byPath["partitionedBy[1]"]).to.equal(
      "days(created_at): an Iceberg partition transform (day of created_at), which Flink SQL cannot declare: PARTITIONED BY takes column names and Iceberg makes each an identity partition. " +
        "Partition by a column the INSERT fills instead (e.g. add `created_at_day` DATE filled with CAST(`created_at` AS DATE) and list it here), or create the table with days(created_at) outside Flink " +
        "(e.g. Spark SQL ALTER TABLE ... ADD PARTITION FIELD, or the catalog's API) and leave it out of partitionedBy: the connector writes an existing table with that table's partition spec" +
        "; with upsertEnabled, the partition column must be in primaryKey as well",
    );
  });
});

describe("column names that differ only in case (new-user trial)", () => {
  it("warn in the same run as another column's error", () => {
    const e = planError("IcebergSink", { ...baseArgs, columns: [{ name: "id", type: "BIGINT" }, { name: "ID", type: "STRING" }, { name: "v", type: "NOPE" }] });
    expect(e.issues.map((i) => i.path)).to.deep.equal(["columns[2].type"]);
    expect((e.warnings ?? []).map((w) => w.path)).to.deep.equal(["columns[1].name"]);
  });

  it("warn at the later column: Iceberg's case-insensitive readers cannot tell them apart", () => {
    const r = render("IcebergSink", { ...baseArgs, columns: [{ name: "id", type: "BIGINT" }, { name: "ID", type: "STRING" }, { name: "v", type: "STRING" }] });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      [
        "columns[1].name",
        'ID: differs from "id" (columns[0]) only in case; Iceberg\'s case-insensitive name index keeps one of the two (later releases refuse the lookup), ' +
          "and its Flink source (case-sensitive false by default) and Spark resolve names case-insensitively, so a reader may get the other column's values or fail; rename one of them",
      ],
    ]);
  });
});
