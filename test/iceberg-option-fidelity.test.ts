/**
 * Values of typed Iceberg read/write options in extraOptions as the runtime parses them (upstream
 * fidelity): iceberg `flink/.../FlinkConfParser.java` (Integer.parseInt / Long.parseLong /
 * Double.parseDouble), `source/ScanContext.java` `validate`, core `util/TableScanUtil.java` `planTasks`.
 */
import { expect } from "chai";
import { baseArgs, planError, render } from "./iceberg-table-helpers.js";

const streamingSource = (extraOptions: Record<string, string>) => ({ ...baseArgs, streaming: true, extraOptions });
const issues = (kind: "IcebergSource" | "IcebergSink", args: Record<string, unknown>): string[][] => planError(kind, args).issues.map((i) => [i.path, i.message]);

describe("Iceberg option values as the runtime parses them", () => {
  it("whole numbers take a sign as Integer.parseInt / Long.parseLong do", () => {
    const r = render("IcebergSource", streamingSource({ "split-lookback": "+5", "max-allowed-planning-failures": "-1", limit: "+100" }));
    expect(r.plan.warnings).to.deep.equal([]);
    expect(r.options["split-lookback"]).to.equal("+5");
    expect(render("IcebergSink", { ...baseArgs, extraOptions: { "write-parallelism": "+4" } }).plan.warnings).to.deep.equal([]);
  });

  it("a value outside the Java type's range or below the runtime's lower bound is an error", () => {
    expect(
      issues(
        "IcebergSource",
        streamingSource({
          "max-allowed-planning-failures": "-2",
          "split-file-open-cost": "-1",
          limit: "9223372036854775808",
          "split-lookback": "2147483648",
        }),
      ),
    ).to.deep.equal([
      ['extraOptions["limit"]', '"9223372036854775808" is not a whole number (a long), which "limit" takes; the job would fail when it reads it'],
      ['extraOptions["max-allowed-planning-failures"]', '"-2" is not a whole number of at least -1 (an int), which "max-allowed-planning-failures" takes; the job would fail when it reads it'],
      ['extraOptions["split-file-open-cost"]', '"-1" is not a whole number of at least 0 (a long), which "split-file-open-cost" takes; the job would fail when it reads it'],
      ['extraOptions["split-lookback"]', '"2147483648" is not a whole number of at least 1 (an int), which "split-lookback" takes; the job would fail when it reads it'],
    ]);
  });

  it("a double is read as Double.parseDouble reads it: no 0x integers, an f/d suffix and an exponent are fine", () => {
    expect(issues("IcebergSink", { ...baseArgs, extraOptions: { "range-distribution-sort-key-base-weight": "0x10" } })).to.deep.equal([
      ['extraOptions["range-distribution-sort-key-base-weight"]', '"0x10" is not a number, which "range-distribution-sort-key-base-weight" takes; the job would fail when it reads it'],
    ]);
    for (const v of ["0.5", "1e-3", "2d", " .25 ", "+1."]) {
      expect(render("IcebergSink", { ...baseArgs, extraOptions: { "range-distribution-sort-key-base-weight": v } }).plan.warnings, v).to.deep.equal([]);
    }
  });
});

describe("Iceberg duration options rendered as written", () => {
  it('"us" is no unit of Flink\'s TimeUtils.parseDuration, so a monitor-interval or table-refresh-interval in it fails the job', () => {
    expect(issues("IcebergSource", streamingSource({ "monitor-interval": "2000000us" }))).to.deep.equal([
      ['extraOptions["monitor-interval"]', '"2000000us" is not a valid Flink duration: Flink has no unit "us" (it reads microseconds as "µs", "micro" or "microsecond"); write "2s"'],
    ]);
    expect(issues("IcebergSink", { ...baseArgs, extraOptions: { "table-refresh-interval": "1500000 US" } })).to.deep.equal([
      ['extraOptions["table-refresh-interval"]', '"1500000 US" is not a valid Flink duration: Flink has no unit "us" (it reads microseconds as "µs", "micro" or "microsecond"); write "1500ms"'],
    ]);
    for (const v of ["2000000µs", "2000000 micros", "2min"]) {
      expect(render("IcebergSource", streamingSource({ "monitor-interval": v })).plan.warnings, v).to.deep.equal([]);
    }
    // The unit "m": the warning the job's Flink configuration gives (duration.ts verbatimDurationWarnings).
    expect(render("IcebergSource", streamingSource({ "monitor-interval": "2 m" })).plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      ['extraOptions["monitor-interval"]', '"2 m": not every Flink version this package supports reads the unit "m" (flink TimeUtils labels minutes "min" and "minute(s)"); write "2min"'],
    ]);
  });
});

describe("read split table properties a Flink read never reads (iceberg FlinkReadOptions declares session defaults)", () => {
  it("splitSize's description says an unset split size is 128 MiB whatever read.split.target-size says", async () => {
    const { IcebergSourceOptionsShape } = await import("../src/options/source-options.js");
    const description = (IcebergSourceOptionsShape.splitSize.meta() as { description: string }).description;
    expect(description).to.contain(
      "Unset: not rendered, and the runtime reads 134217728 (128 MiB) whatever the table property read.split.target-size says: through Iceberg 1.11 the session option connector.iceberg.split-size declares that default, which wins over the table property.",
    );
    expect(description).to.not.contain("the runtime uses the table property");
  });

  it("read.split.planning-lookback / read.split.open-file-cost on a source warn and name the read option, also behind table-default.", () => {
    const r = render("IcebergSource", {
      ...baseArgs,
      extraOptions: { "read.split.planning-lookback": "20" },
      catalog: { ...baseArgs.catalog, properties: { "table-default.read.split.open-file-cost": "1048576" } },
    });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      [
        'catalog.properties["table-default.read.split.open-file-cost"]',
        '"table-default.read.split.open-file-cost" sets a table property this source\'s Flink read never reads: the session option connector.iceberg.split-file-open-cost declares a default, which the runtime takes before the table property (iceberg FlinkReadConf / FlinkConfParser); set extraOptions["split-file-open-cost"] for this read instead',
      ],
      [
        'extraOptions["read.split.planning-lookback"]',
        '"read.split.planning-lookback" sets a table property this source\'s Flink read never reads: the session option connector.iceberg.split-lookback declares a default, which the runtime takes before the table property (iceberg FlinkReadConf / FlinkConfParser); set extraOptions["split-lookback"] for this read instead',
      ],
    ]);
    expect(render("IcebergSink", { ...baseArgs, extraOptions: { "read.split.planning-lookback": "20" } }).plan.warnings).to.deep.equal([]);
  });
});

describe("option keys are read by exact key (FlinkConfParser / PropertyUtil look them up with Map.get)", () => {
  it("a known key in other letter case is never read: a warning naming the key, and its value is not checked as the option's", () => {
    const r = render("IcebergSource", {
      ...baseArgs,
      streaming: true,
      extraOptions: { "Monitor-Interval": "5 mins", "table-default.Read.Split.Planning-Lookback": "x" },
    });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      [
        'extraOptions["Monitor-Interval"]',
        '"Monitor-Interval" is read by exact key, in lower case: the runtime reads "monitor-interval" and never this spelling (the connector stores it as a table property, which nothing reads); write "monitor-interval"',
      ],
      [
        'extraOptions["table-default.Read.Split.Planning-Lookback"]',
        '"table-default.Read.Split.Planning-Lookback" is read by exact key, in lower case: the runtime reads "table-default.read.split.planning-lookback" and never this spelling (the connector stores it as a table property, which nothing reads); write "table-default.read.split.planning-lookback"',
      ],
    ]);
    expect(r.options["Monitor-Interval"]).to.equal("5 mins");
  });

  it("the exact key is still checked, and a misspelling still points at the nearest key", () => {
    expect(issues("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "monitor-interval": "5 mins" } })[0]![0]).to.equal('extraOptions["monitor-interval"]');
    expect(render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "monitor-intervall": "5s" } }).plan.warnings.map((w) => w.message)).to.deep.equal([
      '"monitor-intervall" is no Iceberg option or common table property; did you mean "monitor-interval"? (the connector stores an unknown key as a table property, which nothing reads)',
    ]);
  });
});

describe("catalog.type in any letter case (iceberg FlinkCatalogFactory.createCatalogLoader lower-cases catalog-type)", () => {
  it('"REST" / "Hadoop" are the rest / hadoop catalogs, rendered in lower case with their own rules', () => {
    const rest = render("IcebergSink", { ...baseArgs, catalog: { name: "c", type: "REST", uri: "https://cat" } });
    expect(rest.options["catalog-type"]).to.equal("rest");
    expect(rest.plan.warnings).to.deep.equal([]);
    expect(issues("IcebergSink", { ...baseArgs, catalog: { name: "c", type: "Hadoop" } })).to.deep.equal([
      ["catalog.warehouse", 'a hadoop catalog needs warehouse, the warehouse path (e.g. "s3a://bucket/warehouse"); the runtime fails with "warehousePath must not be null or empty"'],
    ]);
  });

  it("another value is still an error that quotes it as given", () => {
    expect(issues("IcebergSink", { ...baseArgs, catalog: { name: "c", type: "GLUE" } })).to.deep.equal([
      ["catalog.type", 'catalog.type "GLUE" is not a catalog-type the runtime reads (only hive, hadoop, rest); leave type unset and set catalogImpl: "org.apache.iceberg.aws.glue.GlueCatalog"'],
    ]);
  });
});

describe("watermark-column names a field as Schema.findField finds it (iceberg ColumnStatsWatermarkExtractor)", () => {
  const nestedColumns = [
    { name: "id", type: "BIGINT" },
    { name: "ts", type: "TIMESTAMP(3)" },
    { name: "event", type: "ROW<`at` TIMESTAMP_LTZ(3), `meta` ROW<`seq` BIGINT, `tag` STRING>>" },
    { name: "hits", type: "ARRAY<ROW<`at` TIMESTAMP(3)>>" },
  ];
  const at = 'extraOptions["watermark-column"]';
  const withOption = (value: string, extra: Record<string, unknown> = {}) => ({ ...baseArgs, columns: nestedColumns, streaming: true, extraOptions: { "watermark-column": value }, ...extra });

  it("a field of a ROW column (also two levels down) is accepted and rendered as written", () => {
    for (const value of ["event.at", "event.meta.seq"]) {
      const r = render("IcebergSource", withOption(value));
      expect(r.options["watermark-column"], value).to.equal(value);
      expect(r.plan.warnings, value).to.deep.equal([]);
    }
    const expr = render("IcebergSource", withOption("event.at", { watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" } }));
    expect(expr.options["watermark-column"]).to.equal("event.at");
    expect(expr.ddl).to.contain("  'watermark-column' = 'event.at'\n");
  });

  it("what the runtime rejects stays an error: no such field, another type, other case, a field inside an ARRAY", () => {
    const cases: [string, string][] = [
      ["event.nope", 'names "event.nope", which is not a column (columns: id, ts, event, hits) or a field of a ROW column (write it as column.field, e.g. "event.ts"); the source fails at start ("Cannot find watermark column"; names match exactly)'],
      ["Event.at", 'names "Event.at", which is not a column (columns: id, ts, event, hits) or a field of a ROW column (write it as column.field, e.g. "event.ts"); the source fails at start ("Cannot find watermark column"; names match exactly)'],
      ["event.meta.tag", '"event.meta.tag" is STRING; Iceberg reads watermarks from a timestamp, timestamptz or long column (TIMESTAMP, TIMESTAMP_LTZ or BIGINT) and fails at start otherwise'],
      ["event.meta", '"event.meta" is ROW<`seq` BIGINT, `tag` STRING>; Iceberg reads watermarks from a timestamp, timestamptz or long column (TIMESTAMP, TIMESTAMP_LTZ or BIGINT) and fails at start otherwise'],
    ];
    for (const [value, message] of cases) expect(issues("IcebergSource", withOption(value)), value).to.deep.equal([[at, message]]);
    const list = (value: string) =>
      `"${value}" is inside the ARRAY, MULTISET or MAP column "hits", and Iceberg keeps no lower bound of a field inside a list or map in the data files, which the source reads watermarks from: ` +
      `the read fails on the first file ("Missing statistics for column name = ${value}", iceberg ColumnStatsWatermarkExtractor); name a top-level column or a field of a ROW column`;
    // The canonical name and the short name Iceberg's name index also keeps for a struct element.
    for (const value of ["hits.element.at", "hits.at"]) expect(issues("IcebergSource", withOption(value)), value).to.deep.equal([[at, list(value)]]);
  });

  it("watermark.column on a nested field: Flink's rowtime is a top-level column, and the message says where the field goes", () => {
    expect(issues("IcebergSource", { ...baseArgs, columns: nestedColumns, streaming: true, watermark: { column: "event.at" } })).to.deep.equal([
      [
        "watermark.column",
        `"event.at" is a field inside the column "event", and Flink's event-time (rowtime) column is a top-level column ("A nested field 'event.at' cannot be declared as rowtime attribute"); ` +
          `set watermark on a top-level column, and to start the files in the order of this field set extraOptions["watermark-column"] = "event.at" beside a watermark expression`,
      ],
    ]);
  });
});

describe("cache.expiration-interval-ms as iceberg FlinkCatalogFactory.createCatalog reads it (Long.parseLong, 0 refused)", () => {
  const fix =
    'write "-1" to keep loaded tables cached (the default), a positive number of milliseconds to expire a table unused that long (e.g. "30000"), or remove it and set cache-enabled to "false" to turn the cache off';
  const refused = (v: string) => `"${v}" is refused by the catalog factory ("cache.expiration-interval-ms is not allowed to be 0."), even with cache-enabled "false": the table fails to load when the job starts; ${fix}`;

  it("0 (any spelling Long.parseLong reads as 0) is an error at its prop path, in catalog.properties or extraOptions", () => {
    expect(issues("IcebergSink", { ...baseArgs, catalog: { ...baseArgs.catalog, properties: { "cache.expiration-interval-ms": "0", "cache-enabled": "false" } } })).to.deep.equal([
      ['catalog.properties["cache.expiration-interval-ms"]', refused("0")],
    ]);
    expect(issues("IcebergSource", { ...baseArgs, extraOptions: { "cache.expiration-interval-ms": "-00" } })).to.deep.equal([['extraOptions["cache.expiration-interval-ms"]', refused("-00")]]);
  });

  it("a value that is no long is an error; -1 and a positive number are fine", () => {
    expect(issues("IcebergSink", { ...baseArgs, extraOptions: { "cache.expiration-interval-ms": "30s" } })).to.deep.equal([
      ['extraOptions["cache.expiration-interval-ms"]', `"30s" is not a whole number of milliseconds (a long), which the catalog factory reads it as: the table fails to load when the job starts; ${fix}`],
    ]);
    for (const v of ["-1", "30000", "+5"]) {
      const r = render("IcebergSink", { ...baseArgs, catalog: { ...baseArgs.catalog, properties: { "cache.expiration-interval-ms": v } } });
      expect(r.plan.warnings, v).to.deep.equal([]);
      expect(r.options["cache.expiration-interval-ms"], v).to.equal(v);
    }
  });
});

describe("table-default. / table-override. by exact prefix (iceberg PropertyUtil.propertiesWithPrefix is case-sensitive)", () => {
  it("a prefix in other letter case is a plain property: a warning with the key the runtime reads, no check of the value as the table property's", () => {
    const r = render("IcebergSink", {
      ...baseArgs,
      catalog: { ...baseArgs.catalog, properties: { "Table-Default.write.distribution-mode": "bogus", "TABLE-OVERRIDE.format-version": "1" } },
      extraOptions: { "Table-Override.Write.Metadata.Metrics.Default": "none" },
    });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      [
        'catalog.properties["TABLE-OVERRIDE.format-version"]',
        '"TABLE-OVERRIDE.format-version" is read by exact key: the catalog applies only keys starting with "table-override." (in lower case) to the tables it creates, and takes this one as a plain property, which nothing reads; write "table-override.format-version"',
      ],
      [
        'catalog.properties["Table-Default.write.distribution-mode"]',
        '"Table-Default.write.distribution-mode" is read by exact key: the catalog applies only keys starting with "table-default." (in lower case) to the tables it creates, and takes this one as a plain property, which nothing reads; write "table-default.write.distribution-mode"',
      ],
      [
        'extraOptions["Table-Override.Write.Metadata.Metrics.Default"]',
        '"Table-Override.Write.Metadata.Metrics.Default" is read by exact key: the catalog applies only keys starting with "table-override." (in lower case) to the tables it creates, and takes this one as a plain property, which nothing reads; write "table-override.write.metadata.metrics.default"',
      ],
    ]);
  });

  it("the lower-case prefix is still applied: its value is checked and a key the product controls is an error", () => {
    expect(issues("IcebergSink", { ...baseArgs, catalog: { ...baseArgs.catalog, properties: { "table-override.format-version": "1", "table-default.write.distribution-mode": "bogus" } } })).to.deep.equal([
      [
        'catalog.properties["table-default.write.distribution-mode"]',
        '"bogus" is not one of "none", "hash", "range" (any case), which "write.distribution-mode" takes; the job would fail when it reads it',
      ],
      [
        'catalog.properties["table-override.format-version"]',
        '"table-override.format-version" sets "format-version" through the catalog\'s table-override.* properties, which apply when the connector creates the table (iceberg core/.../CatalogProperties.java); the product controls that key: remove it and set formatVersion (1, 2 or 3; always rendered)',
      ],
    ]);
  });
});
