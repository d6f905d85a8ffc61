/**
 * The spelling and value checks of Iceberg options (known-iceberg-options.ts) wherever a table
 * property can be set: extraOptions, the catalog's table-default./table-override. properties,
 * table-property keys in catalog.properties, and a statement's OPTIONS hint (lead 3's kind:
 * `write.upsert.enable` silently becomes a table property nothing reads).
 */
import { expect } from "chai";
import { baseArgs, hive, paths, planError, render } from "./iceberg-table-helpers.js";
import { mockedApi, type Api } from "./api.js";
import { registry } from "../src/components/job-registry.js";
import { flinkOptionValueProblems } from "../src/options/flink-option-values.js";

const near = (key: string, fix: string): string =>
  `${JSON.stringify(key)} is no Iceberg option or common table property; did you mean ${JSON.stringify(fix)}? (the connector stores an unknown key as a table property, which nothing reads)`;

describe("Iceberg option spelling and values beyond extraOptions", () => {
  it("catalog.properties: table-property keys and prefixed keys are checked as table properties, catalog settings against the catalog / FileIO properties (known-catalog-properties.ts)", () => {
    const r = render("IcebergSink", {
      ...baseArgs,
      catalog: { ...hive, properties: { "write.upsert.enable": "true", "table-default.write.metadata.delete-after-commit.enable": "true", "s3.endpont": "http://minio:9000", "io-impl": "x.y.Z" } },
    });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      [
        'catalog.properties["s3.endpont"]',
        '"s3.endpont" is no Iceberg catalog or FileIO property; did you mean "s3.endpoint"? Catalogs and FileIO read their properties by exact key, so this setting would have no effect (s3.endpoint keeps its default)',
      ],
      ['catalog.properties["table-default.write.metadata.delete-after-commit.enable"]', near("table-default.write.metadata.delete-after-commit.enable", "table-default.write.metadata.delete-after-commit.enabled")],
      ['catalog.properties["write.upsert.enable"]', near("write.upsert.enable", "write.upsert.enabled")],
    ]);
  });

  it("extraOptions: a prefixed key is checked as the property it sets", () => {
    const r = render("IcebergSink", { ...baseArgs, extraOptions: { "table-override.write.upsert.enable": "true" } });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      ['extraOptions["table-override.write.upsert.enable"]', near("table-override.write.upsert.enable", "table-override.write.upsert.enabled")],
    ]);
  });

  it("distribution-mode values: none, hash or range in any case (iceberg DistributionMode.fromName); anything else fails the sink at start", () => {
    const e = planError("IcebergSink", { ...baseArgs, extraOptions: { "distribution-mode": "hashed" }, catalog: { ...hive, properties: { "table-default.write.distribution-mode": "rnage" } } });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ['catalog.properties["table-default.write.distribution-mode"]', '"rnage" is not one of "none", "hash", "range" (any case), which "write.distribution-mode" takes; the job would fail when it reads it'],
      ['extraOptions["distribution-mode"]', '"hashed" is not one of "none", "hash", "range" (any case), which "distribution-mode" takes; the job would fail when it reads it'],
    ]);
    expect(render("IcebergSink", { ...baseArgs, extraOptions: { "distribution-mode": "RANGE", "write.distribution-mode": "range" } }).plan.warnings).to.deep.equal([]);
    expect(render("IcebergSink", { ...baseArgs, extraOptions: { "write.distribution-mode": "None" } }).plan.warnings).to.deep.equal([]);
    expect(paths(planError("IcebergSink", { ...baseArgs, extraOptions: { "write.distribution-mode": "" } }))).to.deep.equal(['extraOptions["write.distribution-mode"]']);
  });

  it('a Duration option in the unit "m" warns as the job\'s Flink configuration does (one check, duration.ts verbatimDurationWarnings); "min" and "us" as before', () => {
    const M_WARNING = '"1m": not every Flink version this package supports reads the unit "m" (flink TimeUtils labels minutes "min" and "minute(s)"); write "1min"';
    const r = render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "monitor-interval": "1m" } });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([['extraOptions["monitor-interval"]', M_WARNING]]);
    // The same value in the job's configuration: the same words.
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "1m")).to.deep.equal([{ level: "warning", message: M_WARNING }]);
    expect(render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "monitor-interval": "1min" } }).plan.warnings).to.deep.equal([]);
    expect(render("IcebergSink", { ...baseArgs, extraOptions: { "table-refresh-interval": "5 minutes" } }).plan.warnings).to.deep.equal([]);
    const e = planError("IcebergSink", { ...baseArgs, extraOptions: { "table-refresh-interval": "1h30min" } });
    expect(e.issues.map((i) => [i.path, i.message])).to.deep.equal([
      ['extraOptions["table-refresh-interval"]', '"1h30min" is not a valid Flink duration: Flink reads one number and one unit, not a sum of several; write "90min"'],
    ]);
  });

  describe("OPTIONS hints", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));

    it("a misspelt key in a hint on an Iceberg table warns like extraOptions", () => {
      const cols = [{ name: "id", type: "BIGINT" }];
      const sink = new api.IcebergSink("sp_sink", { catalog: hive, database: "db", table: "sp_sink", columns: cols });
      const gen = new api.FlinkTable("sp_gen", { columns: cols, options: { connector: "datagen" } });
      new api.FlinkSqlJob("sp-hint", { statements: [api.sql`INSERT INTO ${sink} /*+ OPTIONS('write.upsert.enable'='true') */ SELECT id FROM ${gen}`] });
      expect(registry().jobs.find((j) => j.name === "sp-hint")!.warnings).to.deep.equal([
        `statements[0] OPTIONS hint of sp_sink["write.upsert.enable"]: ${near("write.upsert.enable", "write.upsert.enabled")}`,
      ]);
    });

    it('a Duration option in the unit "m" in a hint on an Iceberg table warns like extraOptions', () => {
      const cols = [{ name: "id", type: "BIGINT" }];
      const src = new api.IcebergSource("sp_msrc", { catalog: hive, database: "db", table: "sp_msrc", columns: cols, streaming: true });
      const out = new api.FlinkTable("sp_mout", { columns: cols, options: { connector: "blackhole" } });
      new api.FlinkSqlJob("sp-mhint", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} /*+ OPTIONS('monitor-interval'='2m') */`] });
      expect(registry().jobs.find((j) => j.name === "sp-mhint")!.warnings).to.deep.equal([
        'statements[0] OPTIONS hint of sp_msrc["monitor-interval"]: "2m": not every Flink version this package supports reads the unit "m" (flink TimeUtils labels minutes "min" and "minute(s)"); write "2min"',
      ]);
    });
  });
});
