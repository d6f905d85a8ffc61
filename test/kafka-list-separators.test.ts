/**
 * The list separators of a Kafka table's options (src/sql/kafka-lists.ts): 'topic' lists topics with
 * ';' (a comma makes one topic name Kafka refuses), 'properties.bootstrap.servers' lists brokers with
 * ',' (a semicolon makes one address the Kafka client refuses).
 */
import { expect } from "chai";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkKafkaListSeparators } from "../src/sql/kafka-lists.js";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

function errors(connector: string, options: Record<string, string>): [string, string][] {
  const d = new Diagnostics();
  checkKafkaListSeparators(connector, options, d);
  return d.errors.map((e) => [e.path, e.message]);
}

const TOPIC = (value: string, connector: string, fixed: string) =>
  `${JSON.stringify(value)} holds a comma: the '${connector}' connector separates topics with ';' ("topic-1;topic-2"), so this is one topic name with a comma in it, ` +
  `which Kafka refuses (a topic name takes only letters, digits, '.', '_' and '-'): the job fails getting the topic's metadata; write ${JSON.stringify(fixed)}`;
const SERVERS = (value: string, fixed: string) =>
  `${JSON.stringify(value)} holds a semicolon: the Kafka client separates broker addresses with ',' (unlike 'topic', which Flink splits on ';'), so it reads one address, ` +
  `and the job fails building its Kafka source or sink ("Invalid url in bootstrap.servers: ${value}"); write ${JSON.stringify(fixed)}`;

describe("Kafka list separators: ';' between topics, ',' between brokers", () => {
  it("a comma between topics is an error giving the ';' list", () => {
    expect(errors("kafka", { topic: "orders-eu,orders-us", "properties.bootstrap.servers": "k0:9092" })).to.deep.equal([
      ['options["topic"]', TOPIC("orders-eu,orders-us", "kafka", "orders-eu;orders-us")],
    ]);
    expect(errors("upsert-kafka", { topic: "a, b;c" })).to.deep.equal([['options["topic"]', TOPIC("a, b;c", "upsert-kafka", "a;b;c")]]);
  });

  it("a semicolon between brokers is an error giving the ',' list", () => {
    expect(errors("kafka", { topic: "orders", "properties.bootstrap.servers": "k0:9092;k1:9092" })).to.deep.equal([
      ['options["properties.bootstrap.servers"]', SERVERS("k0:9092;k1:9092", "k0:9092,k1:9092")],
    ]);
  });

  it("quiet neighbours: topics with ';', brokers with ','", () => {
    expect(errors("kafka", { topic: "orders-eu;orders-us", "properties.bootstrap.servers": "k0:9092,k1:9092" })).to.deep.equal([]);
    expect(errors("kafka", { topic: "orders", "properties.bootstrap.servers": "k0:9092" })).to.deep.equal([]);
  });

  describe("on a FlinkTable", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));
    it("the error is the table's, at its option; the corrected table is quiet", () => {
      const table = (name: string, topic: string, servers: string) => () =>
        new api.FlinkTable(name, {
          columns: [{ name: "id", type: "BIGINT" }],
          options: { connector: "kafka", topic, "properties.bootstrap.servers": servers, format: "json", "scan.startup.mode": "earliest-offset" },
        });
      expect(issuesOrNone(table("kls_bad", "orders-eu,orders-us", "k0:9092;k1:9092"))).to.deep.equal([
        { path: 'options["topic"]', message: TOPIC("orders-eu,orders-us", "kafka", "orders-eu;orders-us") },
        { path: 'options["properties.bootstrap.servers"]', message: SERVERS("k0:9092;k1:9092", "k0:9092,k1:9092") },
      ]);
      expect(issuesOrNone(table("kls_good", "orders-eu;orders-us", "k0:9092,k1:9092"))).to.deep.equal([]);
    });
  });
});
