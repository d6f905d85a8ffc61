/**
 * 'properties.auto.offset.reset' on a 'kafka' table read from 'group-offsets' (src/sql/connector-bounds.ts
 * resetStrategyProblem, reported by kafka-rules.ts kafkaScanModeFailures): flink-connector-kafka
 * KafkaDynamicSource.getResetStrategy takes an OffsetResetStrategy name only ("auto.offset.reset can
 * not be set to smallest. Valid values: [latest,earliest,none]"); other startup modes override the
 * property (KafkaSourceBuilder.parseAndSetRequiredProperties). Trial program w28.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

describe("Kafka properties.auto.offset.reset values", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }];
  const base = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "properties.group.id": "g" };
  let n = 0;
  const kafka = (options: Record<string, string>) => new api.FlinkTable(`aor_k${++n}`, { columns: cols, options: { ...base, ...options } });
  const sink = () => new api.FlinkTable(`aor_out${++n}`, { columns: cols, options: { connector: "blackhole" } });
  const job = (...statements: ReturnType<Api["sql"]>[]) => issuesOrNone(() => new api.FlinkSqlJob(`aor-job${++n}`, { statements })).map((i) => [i.path, i.message]);
  const refused = (value: string, which: string, fix: string): string =>
    `${JSON.stringify(value)} is no reset strategy: the table starts from the consumer group's committed offsets ('group-offsets', ${which}), where the source reads this property as a strategy name, ` +
    `and Flink refuses the job when it starts ("auto.offset.reset can not be set to ${value}. Valid values: [latest,earliest,none]", flink-connector-kafka KafkaDynamicSource.getResetStrategy); ${fix}`;
  const reads = (label: string, message: string): [string, string] => ["statements", `the job reads FlinkTable "${label}", whose options["properties.auto.offset.reset"] ${message} (Flink checks this when a job reads the table)`];

  it("w28: the old consumer's 'smallest' / 'largest' are errors of the job that reads the table, naming today's value", () => {
    const smallest = kafka({ "properties.auto.offset.reset": "smallest" });
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${smallest}`)).to.deep.equal([
      reads("aor_k1", refused("smallest", "the default 'scan.startup.mode'", `"smallest" is the old Kafka consumer's name (before Kafka 0.9): write "earliest"`)),
    ]);
    const largest = kafka({ "properties.auto.offset.reset": "LARGEST", "scan.startup.mode": "group-offsets" });
    const label = `aor_k${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${largest}`)).to.deep.equal([
      reads(label, refused("LARGEST", "its 'scan.startup.mode'", `"LARGEST" is the old Kafka consumer's name (before Kafka 0.9): write "latest"`)),
    ]);
  });

  it("another value names the strategies; spaces around a valid name are refused too (not trimmed)", () => {
    const typo = kafka({ "properties.auto.offset.reset": "earlist" });
    const label = `aor_k${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${typo}`)).to.deep.equal([reads(label, refused("earlist", "the default 'scan.startup.mode'", `write "earliest", "latest" or "none" (any case); did you mean "earliest"?`))]);
    const spaced = kafka({ "properties.auto.offset.reset": " latest" });
    const label2 = `aor_k${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${spaced}`)).to.deep.equal([reads(label2, refused(" latest", "the default 'scan.startup.mode'", `write it without the surrounding spaces: "latest"`))]);
  });

  it("the strategies in any case pass; other startup modes, upsert-kafka and a write-only table ignore the property", () => {
    for (const value of ["earliest", "LATEST", "None"]) {
      const t = kafka({ "properties.auto.offset.reset": value });
      expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${t}`), value).to.deep.equal([]);
    }
    for (const mode of ["earliest-offset", "latest-offset"]) {
      const t = kafka({ "properties.auto.offset.reset": "smallest", "scan.startup.mode": mode });
      expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${t}`), mode).to.deep.equal([]);
    }
    const upsert = new api.FlinkTable(`aor_up${++n}`, {
      columns: [{ name: "id", type: "BIGINT" }],
      primaryKey: ["id"],
      options: { connector: "upsert-kafka", topic: "u", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json", "properties.auto.offset.reset": "smallest" },
    });
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${upsert}`)).to.deep.equal([]);
    const gen = new api.FlinkTable(`aor_gen${++n}`, { columns: cols, options: { connector: "datagen" } });
    expect(job(api.sql`INSERT INTO ${kafka({ "properties.auto.offset.reset": "smallest" })} SELECT id FROM ${gen}`)).to.deep.equal([]);
  });

  it("a reference's OPTIONS hint decides: another startup mode clears it, a hinted 'smallest' is an error at that statement", () => {
    const t = kafka({ "properties.auto.offset.reset": "smallest" });
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${t} /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */`)).to.deep.equal([]);
    const ok = kafka({ "properties.auto.offset.reset": "earliest" });
    const label = `aor_k${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${ok} /*+ OPTIONS('properties.auto.offset.reset' = 'smallest') */`)).to.deep.equal([
      [
        "statements[0]",
        `reads FlinkTable "${label}" with an OPTIONS hint, and with the hint merged into its options (as Flink merges them, CatalogSourceTable), options["properties.auto.offset.reset"] ` +
          `${refused("smallest", "the default 'scan.startup.mode'", `"smallest" is the old Kafka consumer's name (before Kafka 0.9): write "earliest"`)} (Flink checks this when the statement reads the table)`,
      ],
    ]);
  });
});
