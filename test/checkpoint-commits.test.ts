/**
 * Case C01's kind beyond Iceberg: a sink that commits only on checkpoints never commits in a
 * streaming job without checkpointing. A 'filesystem' FlinkTable is one (flink FileSystemTableSink:
 * part files are finished when a checkpoint completes); the job turns checkpointing on for it.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";

const cols = [{ name: "id", type: "BIGINT" }];

describe("sinks that commit on checkpoints (C01's kind)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  function tables(prefix: string, connector: string) {
    const src = new api.FlinkTable(`${prefix}_src`, { columns: cols, options: { connector: "datagen", "number-of-rows": "10" } });
    const sink = new api.FlinkTable(`${prefix}_out`, { columns: cols, options: connector === "filesystem" ? { connector, path: "s3://b/out", format: "parquet" } : { connector } });
    return { src, sink };
  }

  it("a streaming job that writes a 'filesystem' table checkpoints every 1min (the seed's commit default) unless configured", async () => {
    const { src, sink } = tables("fs1", "filesystem");
    const job = new api.FlinkSqlJob("fs-stream", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`] });
    expect(await settle(job.flinkConfiguration)).to.deep.equal({ "execution.checkpointing.interval": "1min", "execution.runtime-mode": "STREAMING" });
    expect(job.checkpointInterval).to.equal("1min");
    const configured = new api.FlinkSqlJob("fs-stream-10s", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], configuration: { "execution.checkpointing.interval": "10s" } });
    expect(configured.checkpointInterval).to.equal("10s");
  });

  it("a streaming job that writes an exactly-once 'kafka' or 'upsert-kafka' table checkpoints every 1min: its transactions commit on checkpoints", () => {
    const src = new api.FlinkTable("eo_src", { columns: cols, options: { connector: "datagen" } });
    const kafka = (name: string, guarantee: string, extra: Record<string, string> = {}) =>
      new api.FlinkTable(name, {
        columns: cols,
        options: { connector: "kafka", topic: "out", "properties.bootstrap.servers": "kafka:9092", format: "json", "sink.delivery-guarantee": guarantee, "sink.transactional-id-prefix": name, ...extra },
      });
    expect(new api.FlinkSqlJob("eo-kafka", { statements: [api.sql`INSERT INTO ${kafka("eo_out", "EXACTLY-ONCE")} SELECT id FROM ${src}`] }).checkpointInterval).to.equal("1min");
    const upsert = new api.FlinkTable("eo_upsert", {
      columns: cols,
      primaryKey: ["id"],
      options: { connector: "upsert-kafka", topic: "up", "properties.bootstrap.servers": "kafka:9092", "key.format": "json", "value.format": "json", "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": "up" },
    });
    expect(new api.FlinkSqlJob("eo-upsert", { statements: [api.sql`INSERT INTO ${upsert} SELECT id FROM ${src}`] }).checkpointInterval).to.equal("1min");
    // No properties.transaction.timeout.ms: KafkaSink's one hour is more than a broker allows by default (kafka-rules.ts).
    expect(jobWarnings("eo-kafka").filter((w) => w.includes("transaction.timeout.ms"))).to.have.length(1);
    expect(jobWarnings("eo-kafka")[0]).to.match(/^statements: the job writes FlinkTable "eo_out", whose options\["sink.delivery-guarantee"\] is 'exactly-once' without options\["properties.transaction.timeout.ms"\]/);
    // at-least-once flushes on checkpoints but sends every record at once: nothing waits for a checkpoint.
    expect(new api.FlinkSqlJob("alo-kafka", { statements: [api.sql`INSERT INTO ${kafka("alo_out", "at-least-once")} SELECT id FROM ${src}`] }).checkpointInterval).to.equal(undefined);
  });

  it("a batch job, or a job that only reads the 'filesystem' table, or another connector: no checkpointing added", async () => {
    const { src, sink } = tables("fs2", "filesystem");
    expect(new api.FlinkSqlJob("fs-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`] }).checkpointInterval).to.equal(undefined);
    const bh = new api.FlinkTable("fs2_bh", { columns: cols, options: { connector: "blackhole" } });
    expect(new api.FlinkSqlJob("fs-read", { statements: [api.sql`INSERT INTO ${bh} SELECT id FROM ${sink}`] }).checkpointInterval).to.equal(undefined);
    const other = tables("fs3", "print");
    expect(new api.FlinkSqlJob("print-stream", { statements: [api.sql`INSERT INTO ${other.sink} SELECT id FROM ${other.src}`] }).checkpointInterval).to.equal(undefined);
  });
});
