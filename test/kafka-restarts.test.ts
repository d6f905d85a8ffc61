/**
 * A Kafka read that a restart without Flink state does not resume (src/sql/connector-bounds.ts
 * `kafkaRead`): with stateless upgrades on Kubernetes, or on the SQL Gateway without
 * savepointDir, every change starts the read from 'scan.startup.mode' again (a warning); a
 * 'group-offsets' read in a job that does not checkpoint commits no offsets, so each start reads
 * from what its group committed before, else its 'properties.auto.offset.reset' or a failure (a
 * warning that names the checkpoint interval as the fix).
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { kafkaRead } from "../src/sql/connector-bounds.js";
import { registry } from "../src/components/job-registry.js";

const kafka = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json" };

describe("Kafka reads and restarts without state", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("what a restart without state does, by startup mode; group-offsets (the default) and bounded reads resume or end", () => {
    expect(kafkaRead({ ...kafka, "scan.startup.mode": "earliest-offset" })?.restart).to.equal("'scan.startup.mode' = 'earliest-offset' reads the whole topic again");
    expect(kafkaRead({ ...kafka, "scan.startup.mode": "Latest-Offset" })?.restart).to.equal("'scan.startup.mode' = 'latest-offset' skips what was produced while the job was down");
    expect(kafkaRead({ ...kafka, "scan.startup.mode": "timestamp" })?.restart).to.equal("'scan.startup.mode' = 'timestamp' reads again from the same fixed position");
    // upsert-kafka always reads from the earliest offset: that is how it rebuilds its table, not a restart hazard.
    expect(kafkaRead({ ...kafka, connector: "upsert-kafka" })?.restart).to.equal(undefined);
    expect(kafkaRead(kafka)?.restart).to.equal(undefined);
    expect(kafkaRead({ ...kafka, "scan.startup.mode": "group-offsets" })?.restart).to.equal(undefined);
    expect(kafkaRead({ ...kafka, "scan.startup.mode": "earliest-offset", "scan.bounded.mode": "latest-offset" })?.restart).to.equal(undefined);
    expect(kafkaRead({ connector: "datagen" })?.restart).to.equal(undefined);
  });

  it("reading from 'group-offsets' without 'properties.auto.offset.reset' warns: a group without committed offsets fails the first start", () => {
    const plain = new api.FlinkTable("kg_src", { columns: [{ name: "id", type: "BIGINT" }], options: { ...kafka, "properties.group.id": "g1" } });
    const out = new api.FlinkTable("kg_out", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
    new api.FlinkSqlJob("kg", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${plain}`], configuration: { "execution.checkpointing.interval": "1min" } });
    expect(registry().jobs.find((j) => j.name === "kg")!.warnings).to.deep.equal([
      "statements: FlinkTable \"kg_src\" reads from 'group-offsets' (the default 'scan.startup.mode') without 'properties.auto.offset.reset', " +
        "so a consumer group (\"g1\") without committed offsets fails the job's first start (NoOffsetForPartitionException: flink-connector-kafka resets with strategy NONE); " +
        "set 'properties.auto.offset.reset' to 'earliest' or 'latest' in the table's options, or choose a 'scan.startup.mode'",
    ]);
    // A Kafka table only written to reads nothing: no warning.
    const sinkOnly = new api.FlinkTable("kg_sink", { columns: [{ name: "id", type: "BIGINT" }], options: kafka });
    const gen = new api.FlinkTable("kg_gen", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
    new api.FlinkSqlJob("kg-write", { statements: [api.sql`INSERT INTO ${sinkOnly} SELECT id FROM ${gen}`] });
    expect(registry().jobs.find((j) => j.name === "kg-write")!.warnings).to.deep.equal([]);
  });

  it("a warning with stateless upgrades (default or chosen) and on a gateway without savepointDir; none with last-state", () => {
    const src = new api.FlinkTable("kr_src", { columns: [{ name: "id", type: "BIGINT" }], options: { ...kafka, "scan.startup.mode": "earliest-offset" } });
    const out = new api.FlinkTable("kr_out", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
    const statements = [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`];
    const k8s = { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" as const };
    // Variations of one program, reading one table from several jobs: their shared consumer group is kafka-groups.test.ts's.
    const warnings = (name: string) => registry().jobs.find((j) => j.name === name)!.warnings.filter((w) => !w.includes("'properties.group.id' ="));
    const read = "FlinkTable \"kr_src\" ('scan.startup.mode' = 'earliest-offset' reads the whole topic again)";
    const again = "restarts the job without Flink state, so its Kafka reads start over from 'scan.startup.mode'; ";
    const k8sFix =
      'set upgradeMode "last-state" (with kubernetes.checkpointDir) or "savepoint" (with kubernetes.checkpointDir and kubernetes.savepointDir), ' +
      "or read from 'group-offsets' in a job that sets configuration[\"execution.checkpointing.interval\"]";
    new api.FlinkSqlJob("kr-default", { statements, kubernetes: k8s });
    expect(warnings("kr-default")).to.deep.equal([`kubernetes.upgradeMode: ${read}: with upgradeMode "stateless" (the default) every update ${again}${k8sFix}`]);
    // A job that sets its interval: the same advice (last-state checkpoints a job without one too, every 5 minutes).
    new api.FlinkSqlJob("kr-default-cp", { statements, configuration: { "execution.checkpointing.interval": "30s" }, kubernetes: k8s });
    expect(warnings("kr-default-cp")).to.deep.equal(warnings("kr-default"));
    new api.FlinkSqlJob("kr-stateless", { statements, kubernetes: { ...k8s, upgradeMode: "stateless" } });
    // Chosen, not the default: the message does not call it the default.
    expect(warnings("kr-stateless")).to.deep.equal(warnings("kr-default").map((w) => w.replace('"stateless" (the default) every', '"stateless" every')));
    expect(warnings("kr-stateless")[0]).to.contain('with upgradeMode "stateless" every update');
    new api.FlinkSqlJob("kr-last", { statements, kubernetes: { ...k8s, upgradeMode: "last-state", checkpointDir: "s3://b/cp", allowNonRestoredState: true } });
    expect(warnings("kr-last")).to.deep.equal([]);
    new api.FlinkSqlJob("kr-gw", { statements, sqlGateway: { endpoint: "http://gw:8083" } });
    expect(warnings("kr-gw")).to.deep.equal([`sqlGateway.savepointDir: ${read}: without savepointDir every update ${again}set savepointDir`]);
    // A Kafka read from group-offsets (the default) resumes from the offsets committed on checkpoints:
    // when the job checkpoints (its interval is the job's to set: kubernetes.flinkConfiguration and
    // sessionProperties may not).
    const grouped = new api.FlinkTable("kr_grouped", { columns: [{ name: "id", type: "BIGINT" }], options: { ...kafka, "properties.group.id": "g", "properties.auto.offset.reset": "earliest" } });
    const fromGroup = [api.sql`INSERT INTO ${out} SELECT id FROM ${grouped}`];
    new api.FlinkSqlJob("kr-grouped", { statements: fromGroup, kubernetes: k8s });
    // Without checkpoints the job commits no offsets: the warning says where each start reads from,
    // and that the checkpoint interval is the fix (not "read from 'group-offsets'", which it does).
    const uncommitted = "restarts the job without Flink state, and the job does not checkpoint, so its reads from 'group-offsets' do not resume where they stopped; ";
    const checkpoint =
      'set configuration["execution.checkpointing.interval"] (the job then commits its consumer group\'s offsets whenever a checkpoint completes, and a restart without state resumes from them), ';
    const k8sGroupFix = `${checkpoint}or set upgradeMode "last-state" (with kubernetes.checkpointDir) or "savepoint" (with kubernetes.checkpointDir and kubernetes.savepointDir)`;
    const committedBefore = "the job commits no offsets to its consumer group: each start reads from the offsets the group committed before, and where it has none, ";
    expect(warnings("kr-grouped")).to.deep.equal([
      `kubernetes.upgradeMode: FlinkTable "kr_grouped" (${committedBefore}from the earliest offset, reading the whole topic again ('properties.auto.offset.reset' = 'earliest')): ` +
        `with upgradeMode "stateless" (the default) every update ${uncommitted}${k8sGroupFix}`,
    ]);
    // No reset strategy: a partition without a committed offset fails the start; the Kafka client's
    // own auto-commit (off in Flink's source unless the table sets it) commits what it fetched.
    const noReset = new api.FlinkTable("kr_noreset", { columns: [{ name: "id", type: "BIGINT" }], options: { ...kafka, "properties.group.id": "g3", "scan.startup.mode": "group-offsets" } });
    new api.FlinkSqlJob("kr-noreset", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${noReset}`], kubernetes: k8s });
    expect(warnings("kr-noreset").filter((w) => w.startsWith("kubernetes."))).to.deep.equal([
      `kubernetes.upgradeMode: FlinkTable "kr_noreset" (${committedBefore}fails (NoOffsetForPartitionException: without 'properties.auto.offset.reset', flink-connector-kafka resets with strategy NONE)): ` +
        `with upgradeMode "stateless" (the default) every update ${uncommitted}${k8sGroupFix}`,
    ]);
    const autoCommit = new api.FlinkTable("kr_autocommit", {
      columns: [{ name: "id", type: "BIGINT" }],
      options: { ...kafka, "properties.group.id": "g4", "properties.auto.offset.reset": "latest", "properties.enable.auto.commit": "true" },
    });
    new api.FlinkSqlJob("kr-autocommit-gw", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${autoCommit}`], sqlGateway: { endpoint: "http://gw:8083" } });
    expect(warnings("kr-autocommit-gw")).to.deep.equal([
      "sqlGateway.savepointDir: FlinkTable \"kr_autocommit\" ('properties.enable.auto.commit' = 'true': the Kafka client commits the offsets it has fetched every 'properties.auto.commit.interval.ms' (5 s by default), " +
        "whether or not the job has written those records, so a start resumes from the last of those commits: records fetched but not yet written are skipped, records written since it are read again): " +
        `without savepointDir every update ${uncommitted}${checkpoint}or set savepointDir`,
    ]);
    new api.FlinkSqlJob("kr-grouped-cp", { statements: fromGroup, configuration: { "execution.checkpointing.interval": "30s" }, kubernetes: k8s });
    expect(warnings("kr-grouped-cp")).to.deep.equal([]);
    // last-state in a job that sets no checkpoint interval: the operator checkpoints every 5 minutes
    // then (FlinkConfigBuilder DEFAULT_CHECKPOINTING_INTERVAL), so there is state to restore: no warning.
    new api.FlinkSqlJob("kr-grouped-last", { statements: fromGroup, kubernetes: { ...k8s, upgradeMode: "last-state", checkpointDir: "s3://b/cp", allowNonRestoredState: true } });
    expect(warnings("kr-grouped-last")).to.deep.equal([]);
    const sinkIceberg = new api.IcebergSink("kr_lake", { catalog: { name: "lake", type: "hive", uri: "thrift://hms:9083" }, database: "db", table: "kr", columns: [{ name: "id", type: "BIGINT" }] });
    new api.FlinkSqlJob("kr-grouped-iceberg", { statements: [api.sql`INSERT INTO ${sinkIceberg} SELECT id FROM ${grouped}`], kubernetes: k8s });
    expect(warnings("kr-grouped-iceberg")).to.deep.equal([]);
  });
});
