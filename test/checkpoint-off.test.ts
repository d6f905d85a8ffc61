/**
 * `execution.checkpointing.interval` meant as "off" (src/sql/checkpoint-off.ts): "0" makes Flink
 * 1.19–2.1 refuse the job when it starts (CheckpointConfig.setCheckpointInterval: at least 10 ms),
 * "-1" or a word does not parse; and a streaming job that writes an IcebergSink cannot run without
 * checkpoints at all (Iceberg's sink commits on checkpoint completion). The message says which,
 * and what to write instead.
 */
import { expect } from "chai";
import { issuesOf, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";

const KEY = 'configuration["execution.checkpointing.interval"]';
const ZERO = 'Flink refuses a zero interval when the job starts ("Checkpoint interval must be larger than or equal to 10 ms")';
const NOT_READ = "Flink reads no sign or word as a duration, so the job fails when it starts, parsing this option";
const NEVER_COMMITS =
  "Iceberg's Flink sink commits its data files only when a checkpoint completes, so no row would reach the table";
const POSITIVE = 'or write a positive interval of 10 ms or more here, e.g. "1min"';

describe("execution.checkpointing.interval meant as off", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const cols = [{ name: "id", type: "BIGINT" }];

  const job = (name: string, interval: string, sinkArgs: { commitInterval?: string } | "print" | "filesystem", runtimeMode?: "batch") => () => {
    const src = new api.FlinkTable(`${name}_src`, { columns: cols, options: { connector: "datagen", "number-of-rows": "5" } });
    const sink =
      sinkArgs === "print"
        ? new api.FlinkTable(`${name}_out`, { columns: cols, options: { connector: "print" } })
        : sinkArgs === "filesystem"
          ? new api.FlinkTable(`${name}_out`, { columns: cols, options: { connector: "filesystem", path: "s3://b/out", format: "parquet" } })
          : new api.IcebergSink(`${name}_out`, { catalog: hive, database: "d", table: name, columns: cols, ...sinkArgs });
    return new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], configuration: { "execution.checkpointing.interval": interval }, ...(runtimeMode ? { runtimeMode } : {}) });
  };

  it('"0" on a job writing an IcebergSink with commitInterval: Flink refuses it, the sink would never commit, and the sink\'s commitInterval is named', () => {
    expect(issuesOf(job("off0", "0", { commitInterval: "5min" }))).to.deep.equal([
      {
        path: KEY,
        message:
          `"0" does not turn checkpointing off: ${ZERO}, and a streaming job without checkpoints would never commit to IcebergSink "off0_out": ${NEVER_COMMITS}; ` +
          `remove this key: the job then checkpoints at the smallest commitInterval of its sinks ("5min", IcebergSink "off0_out"), ${POSITIVE}`,
      },
    ]);
  });

  it('"0s", "-1" and "disabled" on a job writing an IcebergSink without commitInterval', () => {
    const instead = `remove this key: the job then checkpoints every 1min, or at the commitInterval you set on the sink, ${POSITIVE}`;
    const never = (name: string) => `a streaming job without checkpoints would never commit to IcebergSink "${name}_out": ${NEVER_COMMITS}; ${instead}`;
    expect(issuesOf(job("off1", "0s", {}))).to.deep.equal([{ path: KEY, message: `"0s" does not turn checkpointing off: ${ZERO}, and ${never("off1")}` }]);
    expect(issuesOf(job("off2", "-1", {}))).to.deep.equal([{ path: KEY, message: `"-1" does not turn checkpointing off: ${NOT_READ}, and ${never("off2")}` }]);
    expect(issuesOf(job("off3", "Disabled", {}))).to.deep.equal([{ path: KEY, message: `"Disabled" does not turn checkpointing off: ${NOT_READ}, and ${never("off3")}` }]);
  });

  it("a 'filesystem' sink, which also commits on checkpoints", () => {
    expect(issuesOf(job("off4", "0", "filesystem"))).to.deep.equal([
      {
        path: KEY,
        message:
          `"0" does not turn checkpointing off: ${ZERO}, and a streaming job without checkpoints would never commit to FlinkTable "off4_out", which commits only when a checkpoint completes; ` +
          'remove this key (the job then checkpoints every 1min) or write a positive interval of 10 ms or more, e.g. "1min"',
      },
    ]);
  });

  it("a job that needs no checkpoints (a print sink; a batch job): leaving the key out is what turns checkpointing off", () => {
    const leave = 'to run without checkpoints, leave the key out (the package sets no interval for this job), or write a positive interval of 10 ms or more, e.g. "1min"';
    expect(issuesOf(job("off5", "off", "print"))).to.deep.equal([{ path: KEY, message: `"off" does not turn checkpointing off: ${NOT_READ}; ${leave}` }]);
    expect(issuesOf(job("off6", "0 ms", {}, "batch"))).to.deep.equal([{ path: KEY, message: `"0 ms" does not turn checkpointing off: ${ZERO}; ${leave}` }]);
  });

  it("other values keep their own messages: below the minimum, a word that means no \"off\"; a positive interval passes", () => {
    expect(issuesOf(job("off7", "5", {}))).to.deep.equal([{ path: KEY, message: `"5" is below Flink's minimum checkpoint interval of 10 ms; write "10ms" or more, e.g. "1min"` }]);
    expect(issuesOf(job("off8", "often", {})).map((i) => i.message)).to.deep.equal([
      '"often" is not a valid Flink duration: it does not start with a number; write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min or m, s, ms, µs or us, ns and their long forms)',
    ]);
    expect(job("off9", "30s", {})().checkpointInterval).to.equal("30s");
  });
});
