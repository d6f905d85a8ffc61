/**
 * SOURCE_WATERMARK() on a FlinkTable whose source cannot emit source watermarks
 * (src/sql/source-watermark-support.ts): flink-connector-kafka KafkaDynamicSource, flink
 * FileSystemTableSource and DataGenTableSource implement no SupportsSourceWatermark, so flink
 * SourceWatermarkFunction throws when the streaming job runs (trial program w59). A batch job
 * ignores watermarks; other connectors and an expression of the table's own stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

const kafka = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" };
const KAFKA_SOURCE = "flink-connector-kafka KafkaDynamicSource";
const fails = (label: string, connector: string, source: string, tail: string): string =>
  `the job reads FlinkTable "${label}", whose watermark.expression calls SOURCE_WATERMARK(), and its '${connector}' source emits no source watermarks (${source} does not implement SupportsSourceWatermark): ` +
  `Flink keeps the call in the watermark generator, which throws on the first row ("SOURCE_WATERMARK() is a declarative ... function", flink SourceWatermarkFunction), so the job fails once it runs; ` +
  `write a watermark expression over the column instead, e.g. "\`ts\` - INTERVAL '5' SECOND"${tail}`;
const PUSHED = " (Flink pushes it into the Kafka source, which then tracks it per partition)";

describe("SOURCE_WATERMARK() on a FlinkTable whose source emits none", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  const sink = () => new api.FlinkTable(`sws_out${++n}`, { columns: [{ name: "n", type: "BIGINT" }], options: { connector: "blackhole" } });
  const table = (options: Record<string, string>, expression: string, ts: object = { name: "ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp", virtual: true } }) =>
    new api.FlinkTable(`sws_t${++n}`, { columns: [{ name: "id", type: "BIGINT" }, ts], watermark: { column: "ts", expression }, options } as never);
  const job = (statement: ReturnType<Api["sql"]>, extra: object = {}) => issuesOrNone(() => new api.FlinkSqlJob(`sws-job${++n}`, { statements: [statement], ...extra })).map((i) => [i.path, i.message]);

  it("w59: a Kafka table's SOURCE_WATERMARK() is an error of the streaming job that reads it", () => {
    const t = table(kafka, "SOURCE_WATERMARK()");
    const label = `sws_t${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE ${t}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`)).to.deep.equal([
      ["statements", fails(label, "kafka", KAFKA_SOURCE, PUSHED)],
    ]);
  });

  it("filesystem and datagen sources too, the call in any letter case", () => {
    const files = table({ connector: "filesystem", path: "s3://b/p", format: "json", "source.monitor-interval": "10s" }, "source_watermark()", { name: "ts", type: "TIMESTAMP(3)" });
    const filesLabel = `sws_t${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${files}`)).to.deep.equal([["statements", fails(filesLabel, "filesystem", "flink FileSystemTableSource", "")]]);
    const gen = table({ connector: "datagen" }, "SOURCE_WATERMARK ()", { name: "ts", type: "TIMESTAMP(3)" });
    const genLabel = `sws_t${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${gen}`)).to.deep.equal([["statements", fails(genLabel, "datagen", "flink DataGenTableSource", "")]]);
  });

  it("quiet: an expression of the table's own, a batch job, a table only written, and a connector not known here", () => {
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${table(kafka, "ts - INTERVAL '5' SECOND")}`)).to.deep.equal([]);
    const bounded = table({ connector: "datagen", "number-of-rows": "5" }, "SOURCE_WATERMARK()", { name: "ts", type: "TIMESTAMP(3)" });
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${bounded}`, { runtimeMode: "batch" })).to.deep.equal([]);
    const gen = new api.FlinkTable(`sws_gen${++n}`, { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
    const written = new api.FlinkTable(`sws_w${++n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: { column: "ts", expression: "SOURCE_WATERMARK()" }, options: { ...kafka, topic: "w" } });
    expect(job(api.sql`INSERT INTO ${written} SELECT id, CAST(NULL AS TIMESTAMP(3)) FROM ${gen}`)).to.deep.equal([]);
    const other = table({ connector: "pulsar", topics: "t", "service-url": "pulsar://p:6650", format: "json" }, "SOURCE_WATERMARK()", { name: "ts", type: "TIMESTAMP(3)" });
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${other}`)).to.deep.equal([]);
  });
});
