/**
 * A Kafka FlinkTable's writes judged per INSERT with the target's OPTIONS hint merged into the
 * table's options (src/sql/hinted-writes.ts; flink PlannerBase.getTableSink merges the INSERT's
 * dynamic options, the hint wins, before the connector factory builds the sink): the exactly-once
 * sink's transaction-timeout warnings, the transactional-id prefix it needs, the checkpoint-interval
 * bound, and whether the job checkpoints for it, all follow the options each INSERT writes with.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { registry } from "../src/components/job-registry.js";
import { insertWrites } from "../src/sql/hinted-writes.js";
import { tableReferences } from "../src/sql/hinted-reads.js";
import { planJob } from "../src/sql/job-plan.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const TIMEOUT_BOUND =
  "at most the brokers' transaction.max.timeout.ms, e.g. '900000' (15 minutes, Kafka's default), and longer than the checkpoint interval plus the longest checkpoint and restart you expect " +
  "(a transaction that times out before its checkpoint commits it is aborted, its rows lost)";
const REFUSED = 'the brokers refuse the sink\'s producers when it starts ("The transaction timeout is larger than the maximum value allowed by the broker"), failing the job';
const NO_TIMEOUT =
  "is 'exactly-once' without options[\"properties.transaction.timeout.ms\"], so the sink asks Kafka for transactions of one hour, " +
  `more than a broker allows unless configured for more (transaction.max.timeout.ms, 15 minutes by default): ${REFUSED}; set 'properties.transaction.timeout.ms' to ${TIMEOUT_BOUND}`;
const TOO_LONG = (ms: string): string =>
  `is ${ms} ms, more than a Kafka broker allows unless configured for more (transaction.max.timeout.ms, 900000 by default): ${REFUSED}; write ${TIMEOUT_BOUND}, or raise transaction.max.timeout.ms on the brokers`;
const WITHIN_INTERVAL = (ms: string, interval: string): string =>
  `is ${ms} ms, no longer than the job's checkpoint interval "${interval}": a transaction stays open from one checkpoint to the next and is committed after the checkpoint that closes it, ` +
  `so the broker aborts it first (transaction.timeout.ms) and its rows are lost (flink docs, Kafka connector, "Fault Tolerance"); write ${TIMEOUT_BOUND}`;
const NO_PREFIX =
  "is 'exactly-once' without options[\"sink.transactional-id-prefix\"] (Flink: \"sink.transactional-id-prefix must be specified when using DeliveryGuarantee.EXACTLY_ONCE.\"); " +
  "set 'sink.transactional-id-prefix' to a prefix unique to this job among the jobs writing to the cluster, or use 'at-least-once'";
const viaHint = (label: string): string => `writes FlinkTable "${label}" with an OPTIONS hint, and with the hint merged into its options,`;

describe("Kafka writes judged with the INSERT target's OPTIONS hint merged", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }];
  let n = 0;
  const gen = () => new api.FlinkTable(`hw_gen${++n}`, { columns: cols, options: { connector: "datagen" } });
  const kafka = (options: Record<string, string>) => {
    const name = `hw_k${++n}`;
    return { name, table: new api.FlinkTable(name, { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", ...options } }) };
  };
  const EO = { "sink.delivery-guarantee": "exactly-once", "sink.transactional-id-prefix": "p" };
  const job = (name: string, statements: ReturnType<Api["sql"]>[], configuration: Record<string, string> = {}) => {
    // One job at a time: the tables here are written by several jobs with one prefix, which kafka-transactions.test.ts judges.
    registry().kafkaTransactions.clear();
    const errors = issuesOrNone(() => new api.FlinkSqlJob(name, { statements, configuration })).map((i) => [i.path, i.message]);
    // A job that fails is not registered: its warnings are not asked for.
    return { errors, warnings: errors.length > 0 ? [] : jobWarnings(name) };
  };

  it("a hint that sets the transaction timeout clears the table's missing-timeout warning for that INSERT", () => {
    const k = kafka(EO);
    const src = gen();
    expect(job("hw-set", [api.sql`INSERT INTO ${k.table} /*+ OPTIONS('properties.transaction.timeout.ms' = '900000') */ SELECT id FROM ${src}`])).to.deep.equal({ errors: [], warnings: [] });
    // Another INSERT without the hint still writes with the table's own options: the table's warning, once
    // (the hinted INSERT with its own transactional-id prefix: each INSERT runs its own sink, kafka-transactions.ts).
    expect(
      job("hw-set-plain", [
        api.sql`INSERT INTO ${k.table} /*+ OPTIONS('properties.transaction.timeout.ms' = '900000', 'sink.transactional-id-prefix' = 'p-hinted') */ SELECT id FROM ${src}`,
        api.sql`INSERT INTO ${k.table} SELECT id FROM ${src}`,
      ]),
    ).to.deep.equal({ errors: [], warnings: [`statements: the job writes FlinkTable "${k.name}", whose options["sink.delivery-guarantee"] ${NO_TIMEOUT}`] });
  });

  it("a hint's timeout above the brokers' default maximum, or within the checkpoint interval, warns at that statement", () => {
    const k = kafka({ ...EO, "properties.transaction.timeout.ms": "600000" });
    const src = gen();
    expect(job("hw-long", [api.sql`INSERT INTO ${k.table} /*+ OPTIONS('properties.transaction.timeout.ms' = '3600000') */ SELECT id FROM ${src}`])).to.deep.equal({
      errors: [],
      warnings: [`statements[0]: ${viaHint(k.name)} options["properties.transaction.timeout.ms"] ${TOO_LONG("3600000")}`],
    });
    expect(job("hw-short", [api.sql`INSERT INTO ${k.table} /*+ OPTIONS('properties.transaction.timeout.ms' = '30000') */ SELECT id FROM ${src}`], { "execution.checkpointing.interval": "1min" })).to.deep.equal({
      errors: [],
      warnings: [`statements[0]: ${viaHint(k.name)} options["properties.transaction.timeout.ms"] ${WITHIN_INTERVAL("30000", "1min")}`],
    });
    // The table's own short timeout, lengthened by the hint: quiet; a hint's timeout longer than the interval: quiet.
    const short = kafka({ ...EO, "properties.transaction.timeout.ms": "30000" });
    expect(job("hw-lengthened", [api.sql`INSERT INTO ${short.table} /*+ OPTIONS('properties.transaction.timeout.ms' = '600000') */ SELECT id FROM ${src}`], { "execution.checkpointing.interval": "1min" })).to.deep.equal({ errors: [], warnings: [] });
    // The table's own short timeout without a hint: the table's wording, as before.
    expect(job("hw-short-own", [api.sql`INSERT INTO ${short.table} SELECT id FROM ${src}`], { "execution.checkpointing.interval": "1min" })).to.deep.equal({
      errors: [],
      warnings: [`statements: the job writes FlinkTable "${short.name}", whose options["properties.transaction.timeout.ms"] ${WITHIN_INTERVAL("30000", "1min")}`],
    });
  });

  it("a hint that makes the sink exactly-once brings its rules: the prefix it needs (an error), the timeout warning, and checkpointing", () => {
    const plain = kafka({ "sink.delivery-guarantee": "at-least-once" });
    const src = gen();
    const j = new api.FlinkSqlJob("hw-eo", {
      statements: [api.sql`INSERT INTO ${plain.table} /*+ OPTIONS('sink.delivery-guarantee' = 'exactly-once', 'sink.transactional-id-prefix' = 'hw') */ SELECT id FROM ${src}`],
    });
    // The exactly-once sink commits its transactions on checkpoints: the job checkpoints (the seed's 1min).
    expect(j.checkpointInterval).to.equal("1min");
    expect(jobWarnings("hw-eo")).to.deep.equal([`statements[0]: ${viaHint(plain.name)} options["sink.delivery-guarantee"] ${NO_TIMEOUT}`]);
    expect(job("hw-eo-noprefix", [api.sql`INSERT INTO ${plain.table} /*+ OPTIONS('sink.delivery-guarantee' = 'exactly-once', 'properties.transaction.timeout.ms' = '600000') */ SELECT id FROM ${src}`])).to.deep.equal({
      errors: [["statements[0]", `${viaHint(plain.name)} options["sink.delivery-guarantee"] ${NO_PREFIX} (Flink checks this when the statement writes the table)`]],
      warnings: [],
    });
    // A hint that makes an exactly-once table at-least-once: no transactions, no warning, no checkpointing for it.
    const eo = kafka(EO);
    const alo = new api.FlinkSqlJob("hw-alo", { statements: [api.sql`INSERT INTO ${eo.table} /*+ OPTIONS('sink.delivery-guarantee' = 'at-least-once') */ SELECT id FROM ${src}`] });
    expect(alo.checkpointInterval).to.equal(undefined);
    expect(jobWarnings("hw-alo")).to.deep.equal([]);
  });

  it("a hint on a read of the table, or one that leaves the sink's options as they were, changes nothing", () => {
    const k = kafka(EO);
    const src = gen();
    const out = new api.FlinkTable(`hw_bh${++n}`, { columns: cols, options: { connector: "blackhole" } });
    // The read's hint does not reach the INSERT that writes the table: the table's own warning.
    expect(
      job("hw-read-hint", [
        api.sql`INSERT INTO ${k.table} SELECT id FROM ${src}`,
        api.sql`INSERT INTO ${out} SELECT id FROM ${k.table} /*+ OPTIONS('properties.transaction.timeout.ms' = '600000', 'scan.startup.mode' = 'earliest-offset') */`,
      ]),
    ).to.deep.equal({ errors: [], warnings: [`statements: the job writes FlinkTable "${k.name}", whose options["sink.delivery-guarantee"] ${NO_TIMEOUT}`] });
    // A hint of another option: the table's own warning, as before (once).
    expect(job("hw-other-hint", [api.sql`INSERT INTO ${k.table} /*+ OPTIONS('sink.parallelism' = '2') */ SELECT id FROM ${src}`])).to.deep.equal({
      errors: [],
      warnings: [`statements: the job writes FlinkTable "${k.name}", whose options["sink.delivery-guarantee"] ${NO_TIMEOUT}`],
    });
  });
  it("insertWrites: each INSERT that writes a table, in order, a hint that sets something judged with it merged, an empty one left to the table's own options", () => {
    const k = kafka(EO);
    const src = gen();
    const out = new api.FlinkTable(`hw_out${++n}`, { columns: cols, options: { connector: "blackhole" } });
    const statements = [
      api.sql`INSERT INTO ${k.table} /*+ OPTIONS('properties.transaction.timeout.ms' = '900000') */ SELECT id FROM ${src}`,
      api.sql`INSERT INTO ${k.table} SELECT id FROM ${src}`,
      // A hint on a read of the table is no write.
      api.sql`INSERT INTO ${out} SELECT id FROM ${k.table} /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */`,
    ];
    const plan = planJob({ statements, runtimeMode: "streaming", configuration: {} }, new Diagnostics());
    const table = (name: string) => plan.tables.find((t) => t.label === `FlinkTable "${name}"`)!;
    const writes = insertWrites(plan.tables, tableReferences([...plan.definitions, ...plan.inserts]));
    const list = writes.get(table(k.name))!;
    expect(list.map((w) => [w.statement, w.hint, w.write === undefined])).to.deep.equal([
      [0, { "properties.transaction.timeout.ms": "900000" }, false],
      [1, {}, true],
    ]);
    // The hinted write is the table's hintedWrite of the hint: with the timeout set, only the bound by the checkpoint interval (job-config.ts
    // judges it); the table's own options still lack the timeout.
    expect(list[0]!.write).to.deep.equal(table(k.name).hintedWrite!(list[0]!.hint));
    expect(list[0]!.write!.writeWarnings.map((w) => [w.path, w.atLeastCheckpointIntervalMs])).to.deep.equal([['options["properties.transaction.timeout.ms"]', 900000]]);
    expect(table(k.name).writeWarnings!.map((w) => w.path)).to.deep.equal(['options["sink.delivery-guarantee"]']);
    // A table the job only reads has no INSERT.
    expect(writes.get(plan.tables.find((t) => t.label.startsWith('FlinkTable "hw_gen'))!)).to.deep.equal([]);
  });
});
