/**
 * A Kafka 'timestamp' startup or bounded mode's `timestamp-millis` judged as the Iceberg sources'
 * as-of-timestamp is (src/sql/kafka-options.ts, options/starting-strategy.ts timestampProblem):
 * flink-connector-kafka reads epoch milliseconds (KafkaConnectorOptions SCAN_*_TIMESTAMP_MILLIS, a
 * Long), so epoch seconds start the read in 1970, the whole topic (trial program w54).
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { checkKafkaOptions } from "../src/sql/kafka-options.js";

describe("Kafka scan.*.timestamp-millis in epoch milliseconds", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const cols = [{ name: "id", type: "BIGINT" }];
  const base = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json", "properties.group.id": "g", "properties.auto.offset.reset": "earliest" };
  let n = 0;
  const table = (options: Record<string, string>, connector: Record<string, string> = base) => () => new api.FlinkTable(`ktm_${++n}`, { columns: cols, ...(connector === base ? {} : { primaryKey: ["id"] }), options: { ...connector, ...options } });
  const pairs = (issues: readonly { path: string; message: string }[]) => issues.map((i) => [i.path, i.message]);

  it("w54: seconds in 'scan.startup.timestamp-millis' are an error saying the job would read the whole topic; the same for a bounded stop", () => {
    expect(pairs(issuesOf(table({ "scan.startup.mode": "timestamp", "scan.startup.timestamp-millis": "1735689600" })))).to.deep.equal([
      [
        'options["scan.startup.timestamp-millis"]',
        "1735689600 looks like epoch seconds (2025-01-01T00:00:00.000Z); the runtime reads milliseconds, where it means January 1970: write 1735689600000 " +
          "(a start in 1970 reads each partition from its first message: the whole topic)",
      ],
    ]);
    expect(pairs(issuesOf(table({ "scan.bounded.mode": "TIMESTAMP", "scan.bounded.timestamp-millis": "1735689600" })))).to.deep.equal([
      [
        'options["scan.bounded.timestamp-millis"]',
        "1735689600 looks like epoch seconds (2025-01-01T00:00:00.000Z); the runtime reads milliseconds, where it means January 1970: write 1735689600000 " +
          "(a stop in 1970 ends each partition before its first message: the read returns nothing)",
      ],
    ]);
  });

  it("microseconds, a date text and no number: the as-of-timestamp messages", () => {
    const startup = (v: string) => pairs(issuesOf(table({ "scan.startup.mode": "timestamp", "scan.startup.timestamp-millis": v })));
    expect(startup("1735689600000000")).to.deep.equal([
      ['options["scan.startup.timestamp-millis"]', "1735689600000000 looks like epoch microseconds (2025-01-01T00:00:00.000Z); the runtime reads milliseconds: write 1735689600000"],
    ]);
    expect(startup("2025-01-01")).to.deep.equal([
      ['options["scan.startup.timestamp-millis"]', '"2025-01-01" is a date text; the runtime reads epoch milliseconds as digits: write "1735689600000" (2025-01-01T00:00:00.000Z)'],
    ]);
    expect(startup("yesterday")).to.deep.equal([['options["scan.startup.timestamp-millis"]', '"yesterday" is no timestamp: write the epoch milliseconds as digits, e.g. "1767225600000" for 2026-01-01T00:00:00Z']]);
  });

  it("milliseconds (also with a '+' or spaces) pass; a value another mode never reads, an Output (judged once known) and upsert-kafka's refused startup mode are left alone", () => {
    for (const v of ["1735689600000", "+1735689600000", " 1735689600000 "]) expect(pairs(issuesOrNone(table({ "scan.startup.mode": "timestamp", "scan.startup.timestamp-millis": v }))), v).to.deep.equal([]);
    expect(pairs(issuesOrNone(table({ "scan.startup.mode": "earliest-offset", "scan.startup.timestamp-millis": "1735689600" })))).to.deep.equal([]);
    // A small number is a deliberate start at the epoch (the whole topic); 11 or 12 digits a real time before 2001 (no error: a warning below).
    for (const v of ["0", "1", "999999999", "946684800000", "99999999999"]) expect(pairs(issuesOrNone(table({ "scan.startup.mode": "timestamp", "scan.startup.timestamp-millis": v }))), v).to.deep.equal([]);
    const { output } = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
    expect(
      pairs(issuesOrNone(() => new api.FlinkTable(`ktm_${++n}`, { columns: cols, options: { ...base, "scan.startup.mode": "timestamp", "scan.startup.timestamp-millis": output("1735689600000") } }))),
    ).to.deep.equal([]);
    const upsert = { connector: "upsert-kafka", topic: "u", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" };
    const got = pairs(issuesOf(table({ "scan.startup.mode": "timestamp", "scan.startup.timestamp-millis": "1735689600", "scan.bounded.mode": "timestamp", "scan.bounded.timestamp-millis": "1735689600" }, upsert)));
    expect(got.map(([p]) => p)).to.deep.equal(['options["scan.startup.mode"]', 'options["scan.bounded.timestamp-millis"]', 'options["scan.startup.timestamp-millis"]']);
    expect(got[2]![1]).to.match(/^is an option of the 'kafka' connector only/);
  });

  it("an OPTIONS hint's seconds are an error at the hint", () => {
    const k = new api.FlinkTable(`ktm_${++n}`, { columns: cols, options: { ...base, "scan.startup.mode": "timestamp", "scan.startup.timestamp-millis": "1735689600000" } });
    const sink = new api.FlinkTable(`ktm_out${++n}`, { columns: cols, options: { connector: "blackhole" } });
    const issues = pairs(issuesOf(() => new api.FlinkSqlJob(`ktm-job${++n}`, { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${k} /*+ OPTIONS('scan.startup.timestamp-millis' = '1735689600') */`] })));
    const label = `ktm_${n - 2}`;
    expect(issues).to.deep.equal([
      [
        `statements[0] OPTIONS hint of ${label}["scan.startup.timestamp-millis"]`,
        "1735689600 looks like epoch seconds (2025-01-01T00:00:00.000Z); the runtime reads milliseconds, where it means January 1970: write 1735689600000 " +
          "(a start in 1970 reads each partition from its first message: the whole topic)",
      ],
    ]);
  });

  it("11 or 12 digits (a time from 1970-04 to 2001-09) warn: earlier than most topics' first message, or a dropped digit", () => {
    const warnings = (kind: "startup" | "bounded", v: string) => {
      const d = new Diagnostics();
      checkKafkaOptions({ ...base, [`scan.${kind}.mode`]: "timestamp", [`scan.${kind}.timestamp-millis`]: v }, [], [], d, { columns: [], readFailures: [], writeFailures: [] });
      return { errors: pairs(d.errors), warnings: pairs(d.warnings) };
    };
    expect(warnings("startup", "946684800000")).to.deep.equal({
      errors: [],
      warnings: [
        [
          'options["scan.startup.timestamp-millis"]',
          '946684800000 is 2000-01-01T00:00:00.000Z in epoch milliseconds, before most topics\' first message, so each partition is read from its first message; if a digit was dropped, write the 13 digits, e.g. "1767225600000" for 2026-01-01T00:00:00Z',
        ],
      ],
    });
    expect(warnings("bounded", "173568960000").warnings).to.deep.equal([
      [
        'options["scan.bounded.timestamp-millis"]',
        '173568960000 is 1975-07-02T21:36:00.000Z in epoch milliseconds, before most topics\' first message, so the read returns nothing; if a digit was dropped, write the 13 digits, e.g. "1767225600000" for 2026-01-01T00:00:00Z',
      ],
    ]);
    expect(warnings("startup", "1735689600000")).to.deep.equal({ errors: [], warnings: [] });
  });
});

