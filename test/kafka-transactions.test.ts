/**
 * Exactly-once Kafka sinks sharing a 'sink.transactional-id-prefix' on one cluster, in two jobs of
 * the program (new-user trial w63) or in one job (src/sql/kafka-transactions.ts).
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const WHY =
  "each exactly-once sink opens its Kafka transactions under the ids '<prefix>-<subtask>-<checkpoint>' (flink-connector-kafka TransactionalIdFactory), and Kafka fences a producer when another one " +
  "initializes its id (ProducerFencedException): the sinks abort each other's transactions and the jobs fail and restart over and over (FLINK-11654; the connector's docs ask for a transactionalIdPrefix " +
  "unique across the applications on one Kafka cluster)";
const JOBS_FIX = "give each job's sink its own 'sink.transactional-id-prefix' (e.g. the job's name as its prefix)";

describe("exactly-once Kafka sinks sharing a transactional-id prefix", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }];
  const gen = (n: string) => new api.FlinkTable(`${n}_gen`, { columns: cols, options: { connector: "datagen" } });
  const kafka = (n: string, extra: Record<string, pulumi.Input<string>> = {}) =>
    new api.FlinkTable(n, {
      columns: cols,
      options: {
        connector: "kafka",
        topic: n,
        "properties.bootstrap.servers": "kafka:9092",
        format: "json",
        "sink.delivery-guarantee": "exactly-once",
        "sink.transactional-id-prefix": "lake-tx",
        "properties.transaction.timeout.ms": "900000",
        ...extra,
      },
    });

  it("two jobs with one prefix on one cluster (w63): an error on the second job naming the first", () => {
    const g = gen("w63");
    const a = kafka("w63_out_a");
    const b = kafka("w63_out_b");
    new api.FlinkSqlJob("w63-a", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${g}`] });
    expect(jobWarnings("w63-a")).to.deep.equal([]);
    expect(issuesOf(() => new api.FlinkSqlJob("w63-b", { statements: [api.sql`INSERT INTO ${b} SELECT id FROM ${g}`] }))).to.deep.equal([
      {
        path: "statements[0]",
        message: `writes FlinkTable "w63_out_b" exactly-once with 'sink.transactional-id-prefix' = 'lake-tx', the prefix with which FlinkSqlJob "w63-a" writes FlinkTable "w63_out_a" on the same Kafka cluster: ${WHY}; ${JOBS_FIX}`,
      },
    ]);
  });

  it("the same cluster in another spelling of the bootstrap list (a shared broker, any case); upsert-kafka too", () => {
    const g = gen("spell");
    const a = kafka("spell_a", { "properties.bootstrap.servers": "kafka-0:9092, kafka-1:9092", "sink.transactional-id-prefix": "spell-tx" });
    const b = new api.FlinkTable("spell_b", {
      columns: [{ name: "id", type: "BIGINT NOT NULL" }],
      primaryKey: ["id"],
      options: {
        connector: "upsert-kafka",
        topic: "spell_b",
        "properties.bootstrap.servers": "KAFKA-1:9092",
        "key.format": "json",
        "value.format": "json",
        "sink.delivery-guarantee": "exactly-once",
        "sink.transactional-id-prefix": "spell-tx",
        "properties.transaction.timeout.ms": "900000",
      },
    });
    new api.FlinkSqlJob("spell-a", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${g}`] });
    expect(issuesOf(() => new api.FlinkSqlJob("spell-b", { statements: [api.sql`INSERT INTO ${b} SELECT id FROM ${g} WHERE id IS NOT NULL`] })).map((i) => i.message)).to.deep.equal([
      `writes FlinkTable "spell_b" exactly-once with 'sink.transactional-id-prefix' = 'spell-tx', the prefix with which FlinkSqlJob "spell-a" writes FlinkTable "spell_a" on the same Kafka cluster: ${WHY}; ${JOBS_FIX}`,
    ]);
  });

  it("valid neighbours stay quiet: other prefixes, other clusters, at-least-once, a prefix without exactly-once", () => {
    const g = gen("quiet");
    new api.FlinkSqlJob("quiet-1", { statements: [api.sql`INSERT INTO ${kafka("quiet_1", { "sink.transactional-id-prefix": "quiet-1" })} SELECT id FROM ${g}`] });
    new api.FlinkSqlJob("quiet-2", { statements: [api.sql`INSERT INTO ${kafka("quiet_2", { "sink.transactional-id-prefix": "quiet-2" })} SELECT id FROM ${g}`] });
    // The same prefix on another cluster: transactional ids are a cluster's.
    new api.FlinkSqlJob("quiet-3", { statements: [api.sql`INSERT INTO ${kafka("quiet_3", { "sink.transactional-id-prefix": "quiet-1", "properties.bootstrap.servers": "other-kafka:9092" })} SELECT id FROM ${g}`] });
    // No transactions: at-least-once ignores the prefix.
    const atLeastOnce = { "sink.delivery-guarantee": "at-least-once", "sink.transactional-id-prefix": "quiet-1" };
    new api.FlinkSqlJob("quiet-4", { statements: [api.sql`INSERT INTO ${kafka("quiet_4", atLeastOnce)} SELECT id FROM ${g}`] });
    new api.FlinkSqlJob("quiet-5", { statements: [api.sql`INSERT INTO ${kafka("quiet_5", atLeastOnce)} SELECT id FROM ${g}`] });
    for (const j of ["quiet-1", "quiet-2", "quiet-3", "quiet-4", "quiet-5"]) expect(jobWarnings(j), j).to.deep.equal([]);
  });

  it("a bootstrap list that is an Output: a warning, as both may write one cluster", () => {
    const g = gen("out");
    new api.FlinkSqlJob("out-a", { statements: [api.sql`INSERT INTO ${kafka("out_a", { "sink.transactional-id-prefix": "out-tx" })} SELECT id FROM ${g}`] });
    const b = kafka("out_b", { "sink.transactional-id-prefix": "out-tx", "properties.bootstrap.servers": pulumi.output("kafka:9092") });
    new api.FlinkSqlJob("out-b", { statements: [api.sql`INSERT INTO ${b} SELECT id FROM ${g}`] });
    expect(jobWarnings("out-b")).to.deep.equal([
      `statements[0]: writes FlinkTable "out_b" exactly-once with 'sink.transactional-id-prefix' = 'out-tx', the prefix with which FlinkSqlJob "out-a" writes FlinkTable "out_a" ` +
        `(a bootstrap server list is an Output: if both write one Kafka cluster): ${WHY}; ${JOBS_FIX}`,
    ]);
  });

  it("one job: two tables with one prefix, and one table written by two INSERTs (each INSERT runs its own sink); an OPTIONS hint giving one its own prefix is quiet", () => {
    const g = gen("one");
    const a = kafka("one_a", { "sink.transactional-id-prefix": "one-tx" });
    const b = kafka("one_b", { "sink.transactional-id-prefix": "one-tx" });
    expect(issuesOf(() => new api.FlinkSqlJob("one-two-tables", { statements: [api.sql`INSERT INTO ${a} SELECT id FROM ${g}`, api.sql`INSERT INTO ${b} SELECT id FROM ${g}`] }))).to.deep.equal([
      {
        path: "statements[1]",
        message:
          `writes FlinkTable "one_b" exactly-once with 'sink.transactional-id-prefix' = 'one-tx', the prefix with which statements[0] writes FlinkTable "one_a" on the same Kafka cluster: ` +
          `each INSERT runs its own sink, ${WHY}; give each table its own 'sink.transactional-id-prefix'`,
      },
    ]);
    const c = kafka("one_c", { "sink.transactional-id-prefix": "one-c" });
    expect(issuesOf(() => new api.FlinkSqlJob("one-twice", { statements: [api.sql`INSERT INTO ${c} SELECT id FROM ${g}`, api.sql`INSERT INTO ${c} SELECT id + 1 FROM ${g}`] }))).to.deep.equal([
      {
        path: "statements[1]",
        message:
          `writes FlinkTable "one_c" exactly-once with 'sink.transactional-id-prefix' = 'one-c', the prefix with which statements[0] also writes it on the same Kafka cluster: each INSERT runs its own sink, ${WHY}; ` +
          "give this INSERT its own prefix in an OPTIONS hint right after the table, e.g. /*+ OPTIONS('sink.transactional-id-prefix' = 'one-c-1') */, or write both queries as one INSERT (UNION ALL)",
      },
    ]);
    const d = kafka("one_d", { "sink.transactional-id-prefix": "one-d" });
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("one-hinted", {
            statements: [api.sql`INSERT INTO ${d} SELECT id FROM ${g}`, api.sql`INSERT INTO ${d} /*+ OPTIONS('sink.transactional-id-prefix' = 'one-d-2') */ SELECT id + 1 FROM ${g}`],
            configuration: { "table.dynamic-table-options.enabled": "true" },
          }),
      ),
    ).to.deep.equal([]);
    // A hint that gives an INSERT the prefix another sink of the job has is a collision again.
    const e = kafka("one_e", { "sink.transactional-id-prefix": "one-e" });
    expect(
      issuesOf(
        () => new api.FlinkSqlJob("one-hint-clash", { statements: [api.sql`INSERT INTO ${e} SELECT id FROM ${g}`, api.sql`INSERT INTO ${d} /*+ OPTIONS('sink.transactional-id-prefix' = 'one-e') */ SELECT id FROM ${g}`] }),
      ).map((i) => i.path),
    ).to.deep.equal(["statements[1]"]);
  });
});
