/**
 * Flink's generic 'sink.parallelism' on an Iceberg table (src/options/extra-options.ts
 * GENERIC_FLINK_OPTIONS): the Iceberg sink never reads it and sizes its writers by
 * 'write-parallelism' (iceberg FlinkWriteOptions WRITE_PARALLELISM; IcebergTableSink), so the key
 * only becomes a table property (trial program w30).
 */
import { expect } from "chai";
import { baseArgs, render } from "./iceberg-table-helpers.js";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const SINK_LEAD =
  '"sink.parallelism" is Flink\'s generic option for a sink\'s parallelism, which the Iceberg connector does not read (the connector keeps it only as a table property when it creates the table): ' +
  'the sink sizes its writers by "write-parallelism" (iceberg FlinkWriteOptions WRITE_PARALLELISM), so they run at the job\'s parallelism; ';

describe("'sink.parallelism' on an Iceberg table", () => {
  it("w30: on an IcebergSink a warning naming extraOptions['write-parallelism'] with the same value; the key is still rendered", () => {
    const r = render("IcebergSink", { ...baseArgs, extraOptions: { "sink.parallelism": "4" } });
    expect(r.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([['extraOptions["sink.parallelism"]', `${SINK_LEAD}write extraOptions["write-parallelism"] = "4" instead`]]);
    expect(r.options["sink.parallelism"]).to.equal("4");
    const odd = render("IcebergSink", { ...baseArgs, extraOptions: { "sink.parallelism": "four" } });
    expect(odd.plan.warnings.map((w) => w.message)).to.deep.equal([`${SINK_LEAD}write extraOptions["write-parallelism"] = "4" instead`]);
  });

  it("beside write-parallelism it only needs removing; on an IcebergSource it is a sink option; write-parallelism alone and catalog properties stay quiet", () => {
    const both = render("IcebergSink", { ...baseArgs, extraOptions: { "sink.parallelism": "8", "write-parallelism": "8" } });
    expect(both.plan.warnings.map((w) => w.message)).to.deep.equal([`${SINK_LEAD}remove it (extraOptions["write-parallelism"] is set)`]);
    const source = render("IcebergSource", { ...baseArgs, extraOptions: { "sink.parallelism": "4" } });
    expect(source.plan.warnings.map((w) => [w.path, w.message])).to.deep.equal([
      [
        'extraOptions["sink.parallelism"]',
        '"sink.parallelism" is Flink\'s generic option for a sink\'s parallelism, which the Iceberg connector does not read (the connector keeps it only as a table property when it creates the table), and a source writes nothing; remove it (a source\'s readers take "scan.parallelism")',
      ],
    ]);
    expect(render("IcebergSink", { ...baseArgs, extraOptions: { "write-parallelism": "4" } }).plan.warnings).to.deep.equal([]);
    expect(render("IcebergSink", { ...baseArgs, catalog: { ...baseArgs.catalog, properties: { "sink.parallelism": "4" } } }).plan.warnings).to.deep.equal([]);
  });

  describe("in an OPTIONS hint on the sink", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));

    it("warns at the hint's key, naming 'write-parallelism' for the hint", () => {
      const gen = new api.FlinkTable("isp_gen", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
      const sink = new api.IcebergSink("isp_sink", { ...baseArgs, table: "isp" });
      new api.FlinkSqlJob("isp-job", { statements: [api.sql`INSERT INTO ${sink} /*+ OPTIONS('sink.parallelism' = '2') */ SELECT id, CAST(id AS STRING) FROM ${gen}`] });
      expect(jobWarnings("isp-job").filter((w) => w.includes("sink.parallelism"))).to.deep.equal([
        `statements[0] OPTIONS hint of isp_sink["sink.parallelism"]: ${SINK_LEAD}write 'write-parallelism' = '2' in the hint instead`,
      ]);
    });
  });
});
