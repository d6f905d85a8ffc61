/**
 * A Kafka FlinkTable's read judged per reference with its OPTIONS hint merged into the table's
 * options (src/sql/hinted-reads.ts; flink CatalogSourceTable merges the hint, flink-connector-kafka
 * KafkaConnectorOptionsUtil.validateScanStartupMode / validateScanBoundedMode check the merged
 * options): a hint completes a mode's companion option, or breaks one; a hint's misspelt mode is
 * an error at the hint's key; the first-start warning follows the merged mode.
 */
import { expect } from "chai";
import { errorOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

describe("Kafka reads judged with their OPTIONS hints merged", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }];
  const base = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "properties.group.id": "g", "properties.auto.offset.reset": "earliest" };
  let n = 0;
  const kafka = (options: Record<string, string>) => new api.FlinkTable(`hr_k${++n}`, { columns: cols, options: { ...base, ...options } });
  const sink = () => new api.FlinkTable(`hr_out${++n}`, { columns: cols, options: { connector: "blackhole" } });
  const job = (...statements: ReturnType<Api["sql"]>[]) => issuesOrNone(() => new api.FlinkSqlJob(`hr-job${++n}`, { statements })).map((i) => [i.path, i.message]);
  const MILLIS = (kind: string): string =>
    `is 'timestamp' without options["scan.${kind}.timestamp-millis"] (Flink: "'scan.${kind}.timestamp-millis' is required in 'timestamp' ${kind} mode but missing."); set it to the epoch milliseconds to ${kind === "startup" ? "start" : "stop"} at, e.g. "1700000000000"`;
  const OFFSETS = (kind: string): string =>
    `is 'specific-offsets' without options["scan.${kind}.specific-offsets"] (Flink: "'scan.${kind}.specific-offsets' is required in 'specific-offsets' ${kind} mode but missing."); set it, e.g. "partition:0,offset:42;partition:1,offset:300"`;
  const viaHint = (label: string, path: string, message: string): string =>
    `reads FlinkTable "${label}" with an OPTIONS hint, and with the hint merged into its options (as Flink merges them, CatalogSourceTable), ${path} ${message} (Flink checks this when the statement reads the table)`;

  it("a hint that supplies the mode's companion option clears the table's failure for that reference", () => {
    const ts = kafka({ "scan.startup.mode": "timestamp" });
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${ts} /*+ OPTIONS('scan.startup.timestamp-millis' = '1700000000000') */`)).to.deep.equal([]);
    const so = kafka({ "scan.startup.mode": "specific-offsets", "scan.bounded.mode": "specific-offsets", "scan.bounded.specific-offsets": "partition:0,offset:90" });
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${so} /*+ OPTIONS('scan.startup.specific-offsets' = 'partition:0,offset:42') */`)).to.deep.equal([]);
    // Another reference without the hint still fails, with the table's own wording.
    const ts2 = kafka({ "scan.startup.mode": "timestamp" });
    const label = `hr_k${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${ts2} /*+ OPTIONS('scan.startup.timestamp-millis' = '1') */ UNION ALL SELECT id FROM ${ts2}`)).to.deep.equal([
      ["statements", `the job reads FlinkTable "${label}", whose options["scan.startup.mode"] ${MILLIS("startup")} (Flink checks this when a job reads the table)`],
    ]);
  });

  it("a hint that sets a mode without its companion, or bad offsets, is an error at that statement", () => {
    const k = kafka({ "scan.startup.mode": "earliest-offset" });
    const label = `hr_k${n}`;
    expect(
      job(
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k}`,
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('scan.startup.mode' = 'timestamp', 'scan.bounded.mode' = 'specific-offsets') */`,
        api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('scan.startup.mode' = 'specific-offsets', 'scan.startup.specific-offsets' = 'partition:0;offset:1') */`,
      ),
    ).to.deep.equal([
      ["statements[1]", viaHint(label, 'options["scan.startup.mode"]', MILLIS("startup"))],
      ["statements[1]", viaHint(label, 'options["scan.bounded.mode"]', OFFSETS("bounded"))],
      [
        "statements[2]",
        viaHint(
          label,
          'options["scan.startup.specific-offsets"]',
          `"partition:0;offset:1" is not in the form Flink reads ("Invalid properties 'scan.startup.specific-offsets' should follow the format 'partition:0,offset:42;partition:1,offset:300'"); write 'partition:<n>,offset:<n>' pairs separated by ';', with no spaces`,
        ),
      ],
    ]);
  });

  it("a hint's misspelt startup or bounded mode is an error at the hint's key", () => {
    const k = kafka({});
    const label = `hr_k${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${k} /*+ OPTIONS('scan.startup.mode' = 'earliest', 'scan.bounded.mode' = 'latest_offset') */`)).to.deep.equal([
      [`statements[0] OPTIONS hint of ${label}["scan.startup.mode"]`, `"earliest" is no startup mode; write one of earliest-offset, latest-offset, group-offsets, timestamp, specific-offsets; did you mean "earliest-offset"?`],
      [`statements[0] OPTIONS hint of ${label}["scan.bounded.mode"]`, `"latest_offset" is no bounded mode; write one of unbounded, latest-offset, group-offsets, timestamp, specific-offsets; did you mean "latest-offset"?`],
    ]);
    const upsert = new api.FlinkTable(`hr_u${++n}`, {
      columns: cols,
      primaryKey: ["id"],
      options: { connector: "upsert-kafka", topic: "u", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
    const upsertLabel = `hr_u${n}`;
    expect(job(api.sql`INSERT INTO ${sink()} SELECT id FROM ${upsert} /*+ OPTIONS('scan.startup.mode' = 'latest-offset') */`)).to.deep.equal([
      [`statements[0] OPTIONS hint of ${upsertLabel}["scan.startup.mode"]`, "'upsert-kafka' takes no 'scan.startup.mode': it always reads the topic from the earliest offset; remove it"],
    ]);
  });

  it("a table's misspelt bounded mode is a preview error of the table, as its startup mode is", () => {
    expect(errorOf(() => kafka({ "scan.bounded.mode": "latest" })).issues.map((i) => [i.path, i.message])).to.deep.equal([
      ['options["scan.bounded.mode"]', `"latest" is no bounded mode; write one of unbounded, latest-offset, group-offsets, timestamp, specific-offsets; did you mean "latest-offset"?`],
    ]);
  });

  it("the first-start warning of 'group-offsets' follows the mode a hint sets", () => {
    const opts = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "properties.group.id": "g" };
    const quiet = new api.FlinkTable(`hr_w${++n}`, { columns: cols, options: opts });
    const quietLabel = `hr_w${n}`;
    const warned = (label: string, which: string, where = "the table's options"): string =>
      `statements: FlinkTable "${label}" reads from 'group-offsets' (${which}) without 'properties.auto.offset.reset', ` +
      "so a consumer group (\"g\") without committed offsets fails the job's first start (NoOffsetForPartitionException: flink-connector-kafka resets with strategy NONE); " +
      `set 'properties.auto.offset.reset' to 'earliest' or 'latest' in ${where}, or choose a 'scan.startup.mode'`;
    const warnings = (s: ReturnType<Api["sql"]>): string[] => {
      const name = `hr-warn${++n}`;
      new api.FlinkSqlJob(name, { statements: [s] });
      return jobWarnings(name).filter((w) => w.includes("auto.offset.reset"));
    };
    expect(warnings(api.sql`INSERT INTO ${sink()} SELECT id FROM ${quiet} /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */`)).to.deep.equal([]);
    expect(warnings(api.sql`INSERT INTO ${sink()} SELECT id FROM ${quiet}`)).to.deep.equal([warned(quietLabel, "the default 'scan.startup.mode'")]);
    const earliest = new api.FlinkTable(`hr_w${++n}`, { columns: cols, options: { ...opts, "scan.startup.mode": "earliest-offset" } });
    const earliestLabel = `hr_w${n}`;
    expect(warnings(api.sql`INSERT INTO ${sink()} SELECT id FROM ${earliest} /*+ OPTIONS('scan.startup.mode' = 'group-offsets') */`)).to.deep.equal([
      warned(earliestLabel, "the 'scan.startup.mode' of a statement's OPTIONS hint", "the table's options or the hint"),
    ]);
    const plainGroup = new api.FlinkTable(`hr_w${++n}`, { columns: cols, options: { ...opts, "scan.startup.mode": "group-offsets" } });
    const plainGroupLabel = `hr_w${n}`;
    expect(warnings(api.sql`INSERT INTO ${sink()} SELECT id FROM ${plainGroup}`)).to.deep.equal([warned(plainGroupLabel, "its 'scan.startup.mode'")]);
  });

  it("restarts without state follow the startup mode a hint sets (kubernetes upgradeMode warning)", () => {
    const k8s = { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" as const };
    const configuration = { "execution.checkpointing.interval": "1min" };
    const grouped = kafka({});
    const groupedLabel = `hr_k${n}`;
    const upgradeWarnings = (s: ReturnType<Api["sql"]>): string[] => {
      const name = `hr-up${++n}`;
      new api.FlinkSqlJob(name, { statements: [s], kubernetes: k8s, configuration });
      return jobWarnings(name).filter((w) => w.startsWith("kubernetes.upgradeMode"));
    };
    expect(upgradeWarnings(api.sql`INSERT INTO ${sink()} SELECT id FROM ${grouped}`)).to.deep.equal([]);
    expect(upgradeWarnings(api.sql`INSERT INTO ${sink()} SELECT id FROM ${grouped} /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */`)).to.deep.equal([
      `kubernetes.upgradeMode: FlinkTable "${groupedLabel}" ('scan.startup.mode' = 'earliest-offset' reads the whole topic again): ` +
        'with upgradeMode "stateless" (the default) every update restarts the job without Flink state, ' +
        "so its Kafka reads start over from 'scan.startup.mode'; " +
        'set upgradeMode "last-state" (with kubernetes.checkpointDir) or "savepoint" (with kubernetes.checkpointDir and kubernetes.savepointDir), ' +
        "or read from 'group-offsets' in a job that sets configuration[\"execution.checkpointing.interval\"]",
    ]);
    const earliest = kafka({ "scan.startup.mode": "earliest-offset" });
    expect(upgradeWarnings(api.sql`INSERT INTO ${sink()} SELECT id FROM ${earliest} /*+ OPTIONS('scan.startup.mode' = 'group-offsets') */`)).to.deep.equal([]);
  });
});
