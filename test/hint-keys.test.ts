/**
 * A FlinkTable's option rules applied to an OPTIONS hint's keys (src/sql/hint-keys.ts): Flink
 * merges the hint into the options before the connector and format factories validate them
 * (flink CatalogSourceTable, PlannerBase.getTableSink; FactoryUtil.validateUnconsumedKeys;
 * flink DataGenTableSourceFactory; flink-json JsonFormatFactory), so a hint's datagen
 * `fields.<col>.*` keys and its format keys meet the WITH keys' rules, at the hint's key.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

describe("OPTIONS hint keys checked like WITH keys", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  const sink = () => new api.FlinkTable(`hk_out${++n}`, { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "blackhole" } });
  const job = (...statements: ReturnType<Api["sql"]>[]) => issuesOrNone(() => new api.FlinkSqlJob(`hk-job${++n}`, { statements })).map((i) => [i.path, i.message]);
  const UNSUPPORTED = `"Unsupported options found for 'datagen'" (flink FactoryUtil.validateUnconsumedKeys)`;

  it("datagen: a hint's column keys name physical columns and column options; rows-per-second and number-of-rows pass", () => {
    const gen = new api.FlinkTable(`hk_gen${++n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "name", type: "STRING" }], options: { connector: "datagen" } });
    const t = `hk_gen${n}`;
    // The table's own message for the same key (datagen-fields.ts).
    const [ownMessage] = issuesOrNone(() => new api.FlinkTable(`hk_own${++n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "name", type: "STRING" }], options: { connector: "datagen", "fields.name.min": "1" } })).map((i) => i.message);
    expect(ownMessage).to.equal(
      `does not apply to column "name" (STRING), which 'datagen' generates at random and which takes only kind, length, null-rate, var-len (flink RandomGeneratorVisitor), so Flink fails with ${UNSUPPORTED}; for the generated length write "fields.name.length", or remove it`,
    );
    expect(
      job(
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${gen} /*+ OPTIONS('fields.id.min' = '1', 'fields.id.max' = '9', 'fields.name.length' = '5', 'rows-per-second' = '10', 'number-of-rows' = '100') */`,
      ),
    ).to.deep.equal([]);
    expect(
      job(
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${gen} /*+ OPTIONS('fields.idd.min' = '1', 'rows-per-sec' = '10') */`,
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${gen} /*+ OPTIONS('fields.name.min' = '1') */`,
      ),
    ).to.deep.equal([
      [`statements[0] OPTIONS hint of ${t}["fields.idd.min"]`, `names "idd", which is no physical column of the table: the 'datagen' connector takes 'fields.<column>.*' keys of its physical columns only and fails with ${UNSUPPORTED}; did you mean "fields.id.min"?`],
      [`statements[0] OPTIONS hint of ${t}["rows-per-sec"]`, `is no option of the 'datagen' connector, which fails with ${UNSUPPORTED}; did you mean "rows-per-second"?`],
      [`statements[1] OPTIONS hint of ${t}["fields.name.min"]`, ownMessage],
    ]);
  });

  it("format keys: a hint's misspelt or wrongly-valued json key is an error at its key; a hint that switches the format takes that format's keys", () => {
    const base = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" };
    const k = new api.FlinkTable(`hk_k${++n}`, { columns: [{ name: "id", type: "BIGINT" }], options: base });
    const t = `hk_k${n}`;
    expect(
      job(
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('json.ignore-parse-errors' = 'true') */`,
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('format' = 'csv', 'csv.field-delimiter' = ';') */`,
      ),
    ).to.deep.equal([]);
    const found = job(
      api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('json.ignore-parse-error' = 'true', 'json.fail-on-missing-field' = 'yes') */`,
      api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('csv.field-delimiter' = ';') */`,
    );
    expect(found.map(([p]) => p)).to.deep.equal([
      `statements[0] OPTIONS hint of ${t}["json.fail-on-missing-field"]`,
      `statements[0] OPTIONS hint of ${t}["json.ignore-parse-error"]`,
      `statements[1] OPTIONS hint of ${t}["csv.field-delimiter"]`,
    ]);
    // The same messages as the same keys in the table's own options.
    const own = (options: Record<string, string>) => issuesOrNone(() => new api.FlinkTable(`hk_own${++n}`, { columns: [{ name: "id", type: "BIGINT" }], options: { ...base, ...options } })).map((i) => i.message);
    expect(found.map(([, m]) => m)).to.deep.equal([
      ...own({ "json.ignore-parse-error": "true", "json.fail-on-missing-field": "yes" }),
      ...own({ "csv.field-delimiter": ";" }),
    ]);
    expect(found.map(([, m]) => m).slice(0, 2)).to.deep.equal(['"yes" is no boolean; write "true" or "false"', `is no option of format 'json' (Flink fails with "Unsupported options"); did you mean "json.ignore-parse-errors"?`]);
  });

  it("a hint that makes one of the table's own keys wrong is an error at the hint, naming the key the merge affects", () => {
    const base = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json", "json.ignore-parse-errors": "true" };
    const k = new api.FlinkTable(`hk_k${++n}`, { columns: [{ name: "id", type: "BIGINT" }], options: base });
    const t = `hk_k${n}`;
    const { format: _f, ...rest } = base;
    void _f;
    const [own] = issuesOrNone(() => new api.FlinkTable(`hk_own${++n}`, { columns: [{ name: "id", type: "BIGINT" }], options: { ...rest, format: "csv" } }));
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('format' = 'csv') */`)).to.deep.equal([
      [`statements[0] OPTIONS hint of ${t}`, `with the hint merged into FlinkTable "${t}"'s options (as Flink merges them), ${own!.path} ${own!.message}`],
    ]);
    expect(own!.path).to.equal('options["json.ignore-parse-errors"]');
  });

  it("a hint's misspelt Kafka scan mode stays one error at its key (also on the INSERT target)", () => {
    const base = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" };
    const k = new api.FlinkTable(`hk_k${++n}`, { columns: [{ name: "id", type: "BIGINT" }], options: base });
    const t = `hk_k${n}`;
    expect(job(api.sql`INSERT INTO ${k} /*+ OPTIONS('scan.bounded.mode' = 'latest') */ SELECT id FROM ${k} /*+ OPTIONS('scan.startup.mode' = 'earliest') */`)).to.deep.equal([
      [`statements[0] OPTIONS hint of ${t}["scan.bounded.mode"]`, '"latest" is no bounded mode; write one of unbounded, latest-offset, group-offsets, timestamp, specific-offsets; did you mean "latest-offset"?'],
      [`statements[0] OPTIONS hint of ${t}["scan.startup.mode"]`, '"earliest" is no startup mode; write one of earliest-offset, latest-offset, group-offsets, timestamp, specific-offsets; did you mean "earliest-offset"?'],
    ]);
  });
});
