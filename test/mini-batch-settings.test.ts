/**
 * Mini-batch switched on without its latency or size (mini-batch-settings.ts): no latency is an
 * error (flink StreamCommonSubGraphBasedOptimizer: "MiniBatch Latency must be greater than 0 ms."),
 * no size a warning (only the mini-batch operators read it); batch jobs and complete settings stay
 * quiet, and the deploy target's settings count.
 */
import { expect } from "chai";
import { datagenToBlackhole, issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const LATENCY_AND_SIZE =
  'table.exec.mini-batch.enabled is "true" but table.exec.mini-batch.allow-latency is not set (default 0 ms) and table.exec.mini-batch.size is not set (default -1): ' +
  'Flink refuses to plan a streaming job with mini-batch on and no latency ("MiniBatch Latency must be greater than 0 ms."; flink StreamCommonSubGraphBasedOptimizer), ' +
  'and its aggregations, deduplications and joins need a size above 0. Set "table.exec.mini-batch.allow-latency": "5s" and "table.exec.mini-batch.size": "5000" next to it, or remove table.exec.mini-batch.enabled';
const SIZE_WARNING = (sizeText: string): string =>
  `table.exec.mini-batch.enabled is "true" but ${sizeText}: the operators that buffer a mini-batch (group aggregations, deduplications, joins) refuse it when the job starts ` +
  '("table.exec.mini-batch.size should be greater than 0"; flink ExecutionConfigOptions: "its value must be greater than zero"), so a job whose plan holds one fails. Set e.g. "table.exec.mini-batch.size": "5000"';

describe("mini-batch settings", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("enabled alone: an error at the switch naming both missing keys with an example", () => {
    expect(issuesOf(() => new api.FlinkSqlJob("mb-alone", { statements: [datagenToBlackhole(api, "mb_alone")], configuration: { "table.exec.mini-batch.enabled": "true" } }))).to.deep.equal([
      { path: 'configuration["table.exec.mini-batch.enabled"]', message: LATENCY_AND_SIZE },
    ]);
  });

  it("a latency under 1 ms with a size: the error sits at the latency and names only it; the switch in kubernetes.flinkConfiguration counts", () => {
    const k8s = { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" as const, flinkConfiguration: { "table.exec.mini-batch.enabled": "true" } };
    expect(
      issuesOf(() => new api.FlinkSqlJob("mb-zero", { statements: [datagenToBlackhole(api, "mb_zero")], configuration: { "table.exec.mini-batch.allow-latency": "500us", "table.exec.mini-batch.size": "1000" }, kubernetes: k8s })),
    ).to.deep.equal([
      {
        path: 'configuration["table.exec.mini-batch.allow-latency"]',
        message:
          'table.exec.mini-batch.enabled is "true" but table.exec.mini-batch.allow-latency is "500us", under 1 ms: ' +
          'Flink refuses to plan a streaming job with mini-batch on and no latency ("MiniBatch Latency must be greater than 0 ms."; flink StreamCommonSubGraphBasedOptimizer). ' +
          'Set "table.exec.mini-batch.allow-latency": "5s" next to it, or remove table.exec.mini-batch.enabled',
      },
    ]);
  });

  it("a latency without a size: a warning (only the mini-batch operators read the size); a size of 0 warns at the size", () => {
    new api.FlinkSqlJob("mb-nosize", { statements: [datagenToBlackhole(api, "mb_nosize")], configuration: { "table.exec.mini-batch.enabled": "true", "table.exec.mini-batch.allow-latency": "2s" } });
    expect(jobWarnings("mb-nosize")).to.deep.equal([`configuration["table.exec.mini-batch.enabled"]: ${SIZE_WARNING("table.exec.mini-batch.size is not set (default -1)")}`]);
    new api.FlinkSqlJob("mb-size0", { statements: [datagenToBlackhole(api, "mb_size0")], configuration: { "table.exec.mini-batch.enabled": "true", "table.exec.mini-batch.allow-latency": "2s", "table.exec.mini-batch.size": "0" } });
    expect(jobWarnings("mb-size0")).to.deep.equal([`configuration["table.exec.mini-batch.size"]: ${SIZE_WARNING('table.exec.mini-batch.size is "0"')}`]);
  });

  it("quiet: all three set, mini-batch off, and a batch job (which ignores mini-batch)", () => {
    const full = { "table.exec.mini-batch.enabled": "true", "table.exec.mini-batch.allow-latency": "2s", "table.exec.mini-batch.size": "5000" };
    expect(issuesOrNone(() => new api.FlinkSqlJob("mb-full", { statements: [datagenToBlackhole(api, "mb_full")], configuration: full }))).to.deep.equal([]);
    expect(jobWarnings("mb-full")).to.deep.equal([]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("mb-off", { statements: [datagenToBlackhole(api, "mb_off")], configuration: { "table.exec.mini-batch.enabled": "false" } }))).to.deep.equal([]);
    expect(jobWarnings("mb-off")).to.deep.equal([]);
    const columns = [{ name: "id", type: "BIGINT" }];
    const src = new api.FlinkTable("mb_batch_src", { columns, options: { connector: "datagen", "number-of-rows": "10" } });
    const sink = new api.FlinkTable("mb_batch_sink", { columns, options: { connector: "blackhole" } });
    expect(
      issuesOrNone(() => new api.FlinkSqlJob("mb-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], configuration: { "table.exec.mini-batch.enabled": "true" } })),
    ).to.deep.equal([]);
    expect(jobWarnings("mb-batch")).to.deep.equal([]);
  });
});
