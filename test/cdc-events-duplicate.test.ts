/**
 * table.exec.source.cdc-events-duplicate with a changelog source without a primary key
 * (cdc-events-duplicate.ts; flink DynamicSourceUtils refuses the plan): an error at the key; a keyed
 * source, an insert-only source and the option off stay quiet.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const cols = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "n", type: "BIGINT" },
];
const debezium = { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "debezium-json" };
const on = { "table.exec.source.cdc-events-duplicate": "true" };

describe("table.exec.source.cdc-events-duplicate", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a debezium-json source without a primary key: an error at the configuration key naming the table", () => {
    const src = new api.FlinkTable("cdc_dup_src", { columns: cols, options: debezium });
    const sink = new api.FlinkTable("cdc_dup_sink", { columns: cols, options: { connector: "blackhole" } });
    expect(issuesOf(() => new api.FlinkSqlJob("cdc-dup", { statements: [api.sql`INSERT INTO ${sink} SELECT id, n FROM ${src}`], configuration: on }))).to.deep.equal([
      {
        path: 'configuration["table.exec.source.cdc-events-duplicate"]',
        message:
          "table.exec.source.cdc-events-duplicate is \"true\", which deduplicates the change events of every changelog source by its primary key, but the job reads FlinkTable \"cdc_dup_src\", a 'debezium-json' table (a changelog of inserts, updates and deletes), which declares none: " +
          "Flink refuses the plan (\"Configuration 'table.exec.source.cdc-events-duplicate' is enabled which requires the changelog sources to define a PRIMARY KEY\"; flink DynamicSourceUtils). " +
          'Give FlinkTable "cdc_dup_src" a primaryKey (the key of the table it captures), or remove table.exec.source.cdc-events-duplicate',
      },
    ]);
  });

  it("quiet: the source keyed by a primaryKey, an insert-only source, and the option off", () => {
    const keyed = new api.FlinkTable("cdc_dup_keyed", { columns: cols, options: debezium, primaryKey: ["id"] });
    const plain = new api.FlinkTable("cdc_dup_plain", { columns: cols, options: { ...debezium, format: "json" } });
    const unkeyed = new api.FlinkTable("cdc_dup_unkeyed", { columns: cols, options: debezium });
    const sink = new api.FlinkTable("cdc_dup_sink2", { columns: cols, options: { connector: "blackhole" } });
    expect(issuesOrNone(() => new api.FlinkSqlJob("cdc-dup-keyed", { statements: [api.sql`INSERT INTO ${sink} SELECT id, n FROM ${keyed}`], configuration: on }))).to.deep.equal([]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("cdc-dup-plain", { statements: [api.sql`INSERT INTO ${sink} SELECT id, n FROM ${plain}`], configuration: on }))).to.deep.equal([]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("cdc-dup-off", { statements: [api.sql`INSERT INTO ${sink} SELECT id, n FROM ${unkeyed}`], configuration: { "table.exec.source.cdc-events-duplicate": "false" } }))).to.deep.equal([]);
  });
});
