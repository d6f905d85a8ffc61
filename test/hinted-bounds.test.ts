/**
 * A batch job's read of an unbounded FlinkTable bounded by the reference's OPTIONS hint
 * (src/sql/hinted-bounds.ts): Flink merges the hint into the table's options before it creates
 * that reference's source (flink CatalogSourceTable, FlinkHints.mergeTableOptions), so
 * `${kafka} /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') *\/` is a bounded read. Before,
 * every such job was refused at preview ("a batch job cannot read the unbounded FlinkTable").
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

const UNBOUNDED_KAFKA = (label: string): string =>
  `a batch job cannot read the unbounded FlinkTable "${label}" (connector 'kafka' without 'scan.bounded.mode' (latest-offset, group-offsets, timestamp or specific-offsets) reads forever); make the source bounded or use runtimeMode "streaming"`;

describe("batch reads bounded by an OPTIONS hint", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [
    { name: "id", type: "BIGINT" },
    { name: "v", type: "STRING" },
  ];
  const kafkaOptions = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "scan.startup.mode": "earliest-offset" };
  const kube = { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" as const, mode: "standalone" as const };
  let n = 0;
  const kafka = (name: string) => new api.FlinkTable(name, { columns: cols, options: kafkaOptions });
  const sink = () => new api.FlinkTable(`hb_out${++n}`, { columns: cols, options: { connector: "blackhole" } });
  const batch = (...statements: ReturnType<Api["sql"]>[]) =>
    issuesOrNone(() => new api.FlinkSqlJob(`hb-job${++n}`, { runtimeMode: "batch", kubernetes: kube, statements })).map((i) => [i.path, i.message]);

  it("a kafka or datagen reference bounded by its hint, also inside a view, passes", () => {
    const k = kafka("hb_k1");
    const out = sink();
    expect(batch(api.sql`INSERT INTO ${out} SELECT id, v FROM ${k} /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */`)).to.deep.equal([]);
    const gen = new api.FlinkTable(`hb_gen${++n}`, { columns: cols, options: { connector: "datagen" } });
    expect(batch(api.sql`INSERT INTO ${sink()} SELECT id, v FROM ${gen} /*+ OPTIONS('number-of-rows' = '100') */ AS g WHERE g.id > 0`)).to.deep.equal([]);
    const k2 = kafka("hb_k2");
    expect(
      batch(
        api.sql`CREATE TEMPORARY VIEW kv AS SELECT id, v FROM ${k2} /*+ OPTIONS('scan.bounded.mode' = 'timestamp', 'scan.bounded.timestamp-millis' = '1700000000000') */`,
        api.sql`INSERT INTO ${sink()} SELECT id, v FROM kv`,
      ),
    ).to.deep.equal([]);
  });

  it("a reference without a bounding hint, or with 'unbounded', is still an error", () => {
    const k = kafka("hb_k3");
    expect(batch(api.sql`INSERT INTO ${sink()} SELECT id, v FROM ${k} /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */ UNION ALL SELECT id, v FROM ${k}`)).to.deep.equal([
      ["runtimeMode", UNBOUNDED_KAFKA("hb_k3")],
    ]);
    const k2 = kafka("hb_k4");
    expect(batch(api.sql`INSERT INTO ${sink()} SELECT id, v FROM ${k2} /*+ OPTIONS('scan.bounded.mode' = 'unbounded') */`)).to.deep.equal([["runtimeMode", UNBOUNDED_KAFKA("hb_k4")]]);
    const k3 = kafka("hb_k5");
    expect(batch(api.sql`INSERT INTO ${sink()} SELECT id, v FROM ${k3} /*+ OPTIONS('scan.startup.mode' = 'latest-offset') */`)).to.deep.equal([["runtimeMode", UNBOUNDED_KAFKA("hb_k5")]]);
  });

  it("an upsert-kafka reference bounded by its hint is a changelog, which a batch job cannot read", () => {
    const upsert = new api.FlinkTable("hb_upsert", {
      columns: cols,
      primaryKey: ["id"],
      options: { connector: "upsert-kafka", topic: "u", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
    expect(batch(api.sql`INSERT INTO ${sink()} SELECT id, v FROM ${upsert} /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */`)).to.deep.equal([
      [
        "runtimeMode",
        `a batch job reads only insert-only tables, and FlinkTable "hb_upsert" is an upsert-kafka table (an upsert stream: updates and deletes by key): Flink rejects the statement when it plans the job ("Querying a table in batch mode is currently only possible for INSERT-only table sources"); ` +
          `use runtimeMode "streaming" (the bounded read then ends the job)`,
      ],
    ]);
  });
});
