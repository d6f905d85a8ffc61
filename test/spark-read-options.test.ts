/**
 * Spark read options on an Iceberg table (src/options/spark-read-options.ts): Iceberg's Flink
 * source reads only FlinkReadOptions (flink/v1.20, v2.1), so SparkReadOptions keys such as
 * 'streaming-skip-overwrite-snapshots' and any 'streaming-*' key are ignored, kept only as table
 * properties (new-user trial).
 */
import { expect } from "chai";
import { baseArgs, render } from "./iceberg-table-helpers.js";
import { jobWarnings, mockedApi, type Api } from "./api.js";
import { OPTION_SIDE } from "../src/options/known-iceberg-options.js";
import { sparkReadOptionWarning } from "../src/options/spark-read-options.js";

const UNREAD = "the connector keeps it only as a table property when it creates the table";
const sparkLead = (key: string): string => `"${key}" is a Spark read option; Iceberg's Flink source ignores it (iceberg SparkReadOptions; FlinkReadOptions has no such key, and ${UNREAD})`;
const SKIPS = (op: string): string =>
  `a streaming Flink read already skips every "${op}" snapshot, the rows it adds too, without an error, and has no option to read or fail on one (it reads "append" snapshots only: iceberg FlinkSplitPlanner / BaseIncrementalAppendScan)`;
const warningsOf = (kind: "IcebergSource" | "IcebergSink", extraOptions: Record<string, string>, more: Record<string, unknown> = {}): string[][] =>
  render(kind, { ...baseArgs, ...more, extraOptions }).plan.warnings.map((w) => [w.path, w.message]);

describe("Spark read options on an Iceberg table", () => {
  it("the streaming skip options: a warning that the Flink read skips those snapshots anyway; the key is still rendered", () => {
    expect(warningsOf("IcebergSource", { "streaming-skip-overwrite-snapshots": "true" }, { streaming: true })).to.deep.equal([
      ['extraOptions["streaming-skip-overwrite-snapshots"]', `${sparkLead("streaming-skip-overwrite-snapshots")}: ${SKIPS("overwrite")}; remove it`],
    ]);
    expect(warningsOf("IcebergSource", { "streaming-skip-delete-snapshots": "true" }, { streaming: true })).to.deep.equal([
      ['extraOptions["streaming-skip-delete-snapshots"]', `${sparkLead("streaming-skip-delete-snapshots")}: ${SKIPS("delete")}; remove it`],
    ]);
    expect(render("IcebergSource", { ...baseArgs, streaming: true, extraOptions: { "streaming-skip-delete-snapshots": "true" } }).options["streaming-skip-delete-snapshots"]).to.equal("true");
  });

  it("a Spark key with a Flink counterpart names it with the value; case-insensitively, as Spark reads it; beside the Flink key it only needs removing", () => {
    expect(warningsOf("IcebergSource", { lookback: "20" })).to.deep.equal([
      ['extraOptions["lookback"]', `${sparkLead("lookback")}: the Flink read option is "split-lookback"; write extraOptions["split-lookback"] = "20" instead`],
    ]);
    expect(warningsOf("IcebergSource", { "File-Open-Cost": "0" })).to.deep.equal([
      ['extraOptions["File-Open-Cost"]', `${sparkLead("File-Open-Cost")}: the Flink read option is "split-file-open-cost"; write extraOptions["split-file-open-cost"] = "0" instead`],
    ]);
    expect(warningsOf("IcebergSource", { "stream-from-timestamp": "1700000000000" }, { streaming: true })).to.deep.equal([
      [
        'extraOptions["stream-from-timestamp"]',
        `${sparkLead("stream-from-timestamp")}: the Flink read option is "start-snapshot-timestamp" with "starting-strategy" = "INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP" on a streaming read; ` +
          'write extraOptions["start-snapshot-timestamp"] = "1700000000000" instead',
      ],
    ]);
    expect(warningsOf("IcebergSource", { lookback: "20", "split-lookback": "20" })).to.deep.equal([
      ['extraOptions["lookback"]', `${sparkLead("lookback")}: the Flink read option is "split-lookback"; remove it (extraOptions["split-lookback"] is set)`],
    ]);
  });

  it("an unknown streaming-* key is no Flink read option; on a sink both kinds only need removing", () => {
    expect(warningsOf("IcebergSource", { "streaming-max-files-per-split": "10" }, { streaming: true })).to.deep.equal([
      [
        'extraOptions["streaming-max-files-per-split"]',
        `"streaming-max-files-per-split" is no read option of Iceberg's Flink source (iceberg FlinkReadOptions has no streaming-* key; ${UNREAD}), so the read ignores it; ` +
          'a streaming read is set by streaming, "monitor-interval", "starting-strategy", "start-snapshot-timestamp", "max-planning-snapshot-count" and "max-allowed-planning-failures"; remove it',
      ],
    ]);
    expect(warningsOf("IcebergSink", { "streaming-skip-overwrite-snapshots": "true", "streaming-x": "1" }).map((w) => w[1])).to.deep.equal([
      `${sparkLead("streaming-skip-overwrite-snapshots")}, and a sink reads nothing; remove it`,
      `"streaming-x" is no read option of Iceberg's Flink source (iceberg FlinkReadOptions has no streaming-* key; ${UNREAD}), and a sink reads nothing; remove it`,
    ]);
  });

  it("the streaming options the advice names: OPTION_SIDE's streaming ones, the streaming arg, and starting-strategy (judged by starting-strategy.ts, so not in OPTION_SIDE)", () => {
    const warning = sparkReadOptionWarning("streaming-foo", {}, { arg: "extraOptions", kind: "IcebergSource", hint: false })!;
    const named = /a streaming read is set by (.*); remove it$/.exec(warning)![1]!;
    expect(named.startsWith("streaming, ")).to.equal(true);
    const keys = [...named.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const streamingOnly = [...OPTION_SIDE].filter(([, side]) => side === "streaming").map(([key]) => key);
    expect([...keys].sort()).to.deep.equal([...streamingOnly, "starting-strategy"].sort());
  });

  it("stays quiet for the Flink read options, for keys Spark and Flink share, and in catalog properties", () => {
    expect(warningsOf("IcebergSource", { "split-lookback": "20", "split-file-open-cost": "0", "max-planning-snapshot-count": "5", "monitor-interval": "10s" }, { streaming: true })).to.deep.equal([]);
    expect(warningsOf("IcebergSource", { branch: "audit" })).to.deep.equal([]);
    expect(render("IcebergSource", { ...baseArgs, catalog: { ...baseArgs.catalog, properties: { "streaming-skip-delete-snapshots": "true" } } }).plan.warnings).to.deep.equal([]);
  });

  describe("in an OPTIONS hint on a source", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));

    it("warns at the hint's key, naming the Flink option for the hint; the Flink option in a hint stays quiet", () => {
      const src = new api.IcebergSource("sro_src", { ...baseArgs, table: "sro", streaming: true });
      const sink = new api.FlinkTable("sro_sink", { columns: baseArgs.columns, options: { connector: "blackhole" } });
      new api.FlinkSqlJob("sro-job", {
        statements: [
          api.sql`INSERT INTO ${sink} SELECT * FROM ${src} /*+ OPTIONS('lookback' = '5', 'streaming-skip-overwrite-snapshots' = 'true') */`,
          api.sql`INSERT INTO ${sink} SELECT * FROM ${src} /*+ OPTIONS('split-lookback' = '5') */`,
        ],
      });
      expect(jobWarnings("sro-job").filter((w) => w.includes("OPTIONS hint"))).to.deep.equal([
        `statements[0] OPTIONS hint of sro_src["lookback"]: ${sparkLead("lookback")}: the Flink read option is "split-lookback"; write 'split-lookback' = '5' in the hint instead`,
        `statements[0] OPTIONS hint of sro_src["streaming-skip-overwrite-snapshots"]: ${sparkLead("streaming-skip-overwrite-snapshots")}: ${SKIPS("overwrite")}; remove it`,
      ]);
    });
  });
});
