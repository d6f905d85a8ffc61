/**
 * synth's collecting mode with tables that failed validation elsewhere than in their watermark,
 * primary key and partition keys: those parts reach the jobs (failed-table-facts.ts), so a job
 * reports in the same run what it reports with the tables fixed; and where one of those parts is
 * what failed, the job's checks that need it stay quiet (the table's own error says it).
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { program, runCli } from "./cli-helper.js";

/** The lines of synth's report about jobs (errors and warnings). */
function jobLines(stderr: string): string[] {
  return stderr.split("\n").filter((l) => l.includes("FlinkSqlJob"));
}

/** What the jobs report besides the line naming the failed tables they use. */
const ownLines = (lines: readonly string[]): string[] => lines.filter((l) => !l.includes(": statements: use "));

describe("flink-iceberg synth: what a failed table's watermark and keys tell its jobs", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-failed-facts-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** Runs the program `body` with the tables fixed (BAD=0) and with their bad args (BAD=1). */
  async function fixedAndFailed(name: string, body: string): Promise<{ fixed: string[]; failed: string[] }> {
    const dir = program(path.join(tmp, name), body);
    const fixed = await runCli(["synth", dir, "--out", path.join(tmp, `${name}-fixed`)], undefined, { BAD: "0" });
    const failed = await runCli(["synth", dir, "--out", path.join(tmp, `${name}-failed`)], undefined, { BAD: "1" });
    expect([fixed.code, failed.code]).to.deep.equal([1, 1]);
    return { fixed: jobLines(fixed.stderr), failed: jobLines(failed.stderr) };
  }

  it("FlinkTables with a bad option: windows, rankings, temporal joins, static partitions, upsert keys and boundedness are checked as with the tables fixed", async () => {
    // New-user trial: a misspelt option hid a window over a table without watermark until the option was fixed.
    const r = await fixedAndFailed(
      "flink",
      `import { FlinkSqlJob, FlinkTable, IcebergSink, sql } from "pulumi-flink-iceberg";
// BAD=1: each FlinkTable gets one bad option (a misspelt key), nothing else changes.
const bad = (key: string) => (process.env.BAD === "1" ? { [key]: "x" } : {});
const lake = { name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://lake/wh" };
const kafka = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json", ...bad("scan.startup.mod") };
const upsertKafka = { connector: "upsert-kafka", topic: "r", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json", ...bad("sink.buffer-flush.max-row") };
const clicks = new FlinkTable("clicks", { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }],
  watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" }, options: kafka });
const views = new FlinkTable("views", { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], options: kafka });
const rates = new FlinkTable("rates", { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }, { name: "rts", type: "TIMESTAMP(3)" }],
  primaryKey: ["cur"], watermark: { column: "rts", expression: "rts" }, options: upsertKafka });
const prices = new FlinkTable("prices", { columns: [{ name: "cur", type: "STRING" }, { name: "price", type: "DOUBLE" }, { name: "pts", type: "TIMESTAMP(3)" }],
  primaryKey: ["cur"], options: upsertKafka });
const files = new FlinkTable("files", { columns: [{ name: "id", type: "BIGINT" }, { name: "dt", type: "STRING" }], partitionedBy: ["dt"],
  options: { connector: "filesystem", path: "s3://b/p", format: "json", ...(process.env.BAD === "1" ? { "json.ignore-parse-errors": "maybe" } : {}) } });
const counts = new IcebergSink("counts", { catalog: lake, database: "d", table: "c", columns: [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGINT" }] });
const byRate = new IcebergSink("by_rate", { catalog: lake, database: "d", table: "r", columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }, { name: "rts", type: "TIMESTAMP(3)" }],
  primaryKey: ["cur", "rts"], upsertEnabled: true });
new FlinkSqlJob("j", {
  statements: [
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM \${clicks} GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE), id\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM \${views} GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE), id\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE \${views}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id\`,
    sql\`INSERT INTO \${counts} SELECT id, 1 FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts) AS rn FROM \${clicks}) WHERE rn = 1\`,
    sql\`INSERT INTO \${counts} SELECT c.id, 1 FROM \${clicks} AS c JOIN \${rates} FOR SYSTEM_TIME AS OF c.ts AS r ON c.cur = r.cur\`,
    sql\`INSERT INTO \${counts} SELECT c.id, 1 FROM \${clicks} AS c JOIN \${prices} FOR SYSTEM_TIME AS OF c.ts AS p ON c.cur = p.cur\`,
    sql\`INSERT INTO \${counts} SELECT v.id, 1 FROM \${views} AS v JOIN \${rates} FOR SYSTEM_TIME AS OF v.ts AS r ON CAST(v.id AS STRING) = r.cur\`,
    sql\`INSERT INTO \${files} PARTITION (dt = '2024-01-01') SELECT id FROM \${clicks}\`,
    sql\`INSERT INTO \${byRate} SELECT cur, rate, rts FROM \${rates}\`,
  ],
});
const ids = new IcebergSink("ids", { catalog: lake, database: "d", table: "i", columns: [{ name: "id", type: "BIGINT" }] });
new FlinkSqlJob("b", { runtimeMode: "batch", statements: [sql\`INSERT INTO \${ids} SELECT id FROM \${views}\`] });
`,
    );
    expect(ownLines(r.failed)).to.deep.equal(r.fixed);
    expect(r.failed).to.deep.equal([
      "  FlinkSqlJob \"j\": statements: use FlinkTable \"clicks\", FlinkTable \"views\", FlinkTable \"rates\", FlinkTable \"prices\", FlinkTable \"files\", which have errors (listed above)",
      "  FlinkSqlJob \"j\": statements[1]: TUMBLE(ts, ...) in a streaming job's GROUP BY needs a time attribute, and ts of FlinkTable \"views\" is a plain TIMESTAMP(3) column: Flink rejects the statement when it plans the job (\"Window aggregate can only be defined over a time attribute column\"); declare watermark: { column: \"ts\", expression: \"`ts` - INTERVAL '5' SECOND\" } on FlinkTable \"views\" for event time, or a computed column { name: \"proc_time\", expression: \"PROCTIME()\" } and TUMBLE(proc_time, ...) for processing time",
      "  FlinkSqlJob \"j\": statements[2]: TUMBLE(TABLE views, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ts of FlinkTable \"views\" is a plain TIMESTAMP(3) column: Flink rejects the statement when it plans the job (\"The window function requires the timecol is a time attribute type\"); declare watermark: { column: \"ts\", expression: \"`ts` - INTERVAL '5' SECOND\" } on FlinkTable \"views\" for event time, or a computed column { name: \"proc_time\", expression: \"PROCTIME()\" } and DESCRIPTOR(proc_time) for processing time",
      "  FlinkSqlJob \"j\": statements[5]: prices FOR SYSTEM_TIME AS OF c.ts joins as of event time, which needs FlinkTable \"prices\" to be a versioned table, with an event-time attribute (watermark: { column: \"pts\", expression: \"`pts` - INTERVAL '5' SECOND\" } on FlinkTable \"prices\"): Flink rejects the job when it plans it (\"Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no row time attribute can be found\")",
      "  FlinkSqlJob \"j\": statements[6]: rates FOR SYSTEM_TIME AS OF v.ts: ts of FlinkTable \"views\" is no time attribute, and Flink joins only as of the left table's time attribute (\"Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field\"); join as of an event-time column (watermark: { column: \"ts\", expression: \"`ts` - INTERVAL '5' SECOND\" } on FlinkTable \"views\") (FlinkTable \"rates\" is an 'upsert-kafka' table, which is no lookup source, so processing time is no option)",
      "  FlinkSqlJob \"b\": statements: use FlinkTable \"views\", which has errors (listed above)",
      "  FlinkSqlJob \"b\": runtimeMode: a batch job cannot read the unbounded FlinkTable \"views\" (connector 'kafka' without 'scan.bounded.mode' (latest-offset, group-offsets, timestamp or specific-offsets) reads forever); make the source bounded or use runtimeMode \"streaming\"",
      "warning: FlinkSqlJob \"j\": statements[3]: IcebergSink \"counts\" has no primaryKey, and the statement keeps the first row per key by event time (ROW_NUMBER OVER (... ORDER BY ts)), which Flink before 2.1, or with table.exec.mini-batch.enabled, plans as a deduplication that replaces a row it emitted when an earlier one arrives (Flink 2.1 emits each first row once its watermark passes, FLINK-37005), which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too; give IcebergSink \"counts\" a primaryKey (updates and deletes then apply to the key), or rank per window (a window TVF, PARTITION BY window_start, window_end), whose results are final, or keep first rows by a PROCTIME() column",
      "warning: FlinkSqlJob \"j\": statements[8]: IcebergSink \"by_rate\" upserts by (\"cur\", \"rts\"), and the statement writes FlinkTable \"rates\", an upsert-kafka table (an upsert stream: updates and deletes by key), keyed by (\"cur\"): an update that changes \"rts\" leaves the row under its old key, because in upsert mode the sink ignores the retraction that would delete it and Flink adds no materializer when the sink's key contains the source's. If \"rts\" can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key), or key the sink by (\"cur\") alone",
      "warning: FlinkSqlJob \"j\": statements[8]: value 3 of the SELECT list, rts (TIMESTAMP(3)), may be NULL, and goes into IcebergSink \"by_rate\"'s column \"rts\" (TIMESTAMP(3) NOT NULL): Flink fails the job on the first NULL (\"Column 'rts' is NOT NULL, however, a null value is being written into it\"; table.exec.sink.not-null-enforcer ERROR), and the restarted job reads that row again. Declare the source column NOT NULL if it never is NULL, filter the rows (WHERE `rts` IS NOT NULL) or write COALESCE(`rts`, ...); table.exec.sink.not-null-enforcer = 'DROP' in the job's configuration drops such rows without a word",
    ]);
  });

  it("Iceberg tables with a bad arg: a source's watermark, its primary key and a sink's partitions are checked as with the tables fixed", async () => {
    const r = await fixedAndFailed(
      "iceberg",
      `import { FlinkSqlJob, IcebergSink, IcebergSource, sql } from "pulumi-flink-iceberg";
// BAD=1: each table gets one bad arg outside its columns, watermark and keys.
const BAD = process.env.BAD === "1";
const lake = { name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://lake/wh" };
const columns = [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
const streaming = (BAD ? "yes" : true) as never;
const events = new IcebergSource("events", { catalog: lake, database: "d", table: "e", columns, watermark: { column: "ts" }, streaming });
const visits = new IcebergSource("visits", { catalog: lake, database: "d", table: "v", columns, streaming });
const users = new IcebergSource("users", { catalog: lake, database: "d", table: "u", columns: [{ name: "id", type: "BIGINT" }, { name: "uts", type: "TIMESTAMP(3)" }], primaryKey: ["id"], watermark: { column: "uts" }, streaming });
const archive = new IcebergSink("archive", { catalog: lake, database: "d", table: "a", columns, partitionedBy: ["id"], writeFormat: (BAD ? "csv" : "parquet") as never });
const counts = new IcebergSink("counts", { catalog: lake, database: "d", table: "c", columns: [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGINT" }] });
new FlinkSqlJob("j", {
  statements: [
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE \${events}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE \${visits}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE \${archive}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id\`,
    sql\`INSERT INTO \${counts} SELECT e.id, 1 FROM \${events} AS e JOIN \${users} FOR SYSTEM_TIME AS OF e.ts AS u ON e.id = u.id\`,
    sql\`INSERT INTO \${counts} SELECT v.id, 1 FROM \${visits} AS v JOIN \${users} FOR SYSTEM_TIME AS OF v.ts AS u ON v.id = u.id\`,
    sql\`INSERT INTO \${archive} PARTITION (id = 1) SELECT ts FROM \${events}\`,
  ],
});
`,
    );
    expect(r.failed).to.deep.equal([
      "  FlinkSqlJob \"j\": statements: use IcebergSource \"events\", IcebergSource \"visits\", IcebergSink \"archive\", IcebergSource \"users\", which have errors (listed above)",
      "  FlinkSqlJob \"j\": statements[1]: TUMBLE(TABLE visits, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ts of IcebergSource \"visits\" is a plain TIMESTAMP(3) column: Flink rejects the statement when it plans the job (\"The window function requires the timecol is a time attribute type\"); set watermark: { column: \"ts\" } on IcebergSource \"visits\" (event time from each data file's statistics)",
      "  FlinkSqlJob \"j\": statements[2]: TUMBLE(TABLE archive, DESCRIPTOR(ts), ...) in a streaming job needs a time attribute, and ts of IcebergSink \"archive\" is a plain TIMESTAMP(3) column: Flink rejects the statement when it plans the job (\"The window function requires the timecol is a time attribute type\"); an IcebergSink has no event time: read the table through an IcebergSource with watermark: { column: \"ts\" }",
      "  FlinkSqlJob \"j\": statements[4]: users FOR SYSTEM_TIME AS OF v.ts: ts of IcebergSource \"visits\" is no time attribute, and Flink joins only as of the left table's time attribute (\"Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field\"); join as of an event-time column (watermark: { column: \"ts\" } on IcebergSource \"visits\") (IcebergSource \"users\" is an Iceberg table, which Flink cannot look up by key, so processing time is no option)",
    ]);
    // With the tables fixed, the same errors, and a warning that reads what the failed arg decides
    // (a streaming read of "users": its streaming arg is what failed, so whether it reads a stream is not known).
    expect(r.fixed).to.deep.equal([...ownLines(r.failed), ...[
      "warning: FlinkSqlJob \"j\": statements[3]: users FOR SYSTEM_TIME AS OF e.ts joins as of event time, and Flink emits a joined row only once the watermarks of both sides have passed it (flink TemporalRowTimeJoinOperator): the watermark of IcebergSource \"users\" advances only when it reads a new snapshot of the table, so while the table gets no commits the join holds its results back (no idle timeout applies to source watermarks); commit to the table regularly (e.g. a heartbeat row), or join as of processing time against a lookup source",
    ]]);
  });

  it("a watermark, primary key, partitionedBy or connector that does not read: the job's checks that need it say nothing more", async () => {
    const dir = program(
      path.join(tmp, "unread"),
      `import * as pulumi from "@pulumi/pulumi";
import { FlinkSqlJob, FlinkTable, IcebergSink, IcebergSource, sql } from "pulumi-flink-iceberg";
const lake = { name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://lake/wh" };
const kafka = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "json" };
const columns = [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
const ok = new FlinkTable("ok", { columns, watermark: { column: "ts", expression: "ts" }, options: kafka });
// Watermarks that do not read: the table's error says why, and the job does not say it again.
const wmColumn = new FlinkTable("wm_column", { columns, watermark: { column: "tss", expression: "ts" }, options: kafka });
const wmExpression = new FlinkTable("wm_expression", { columns, watermark: { column: "ts", expression: "ts - INTERVAL '5' SECON)" }, options: kafka });
const wmTypo = new FlinkTable("wm_typo", { columns, watermak: { column: "ts", expression: "ts" }, options: kafka } as never);
const wmIceberg = new IcebergSource("wm_iceberg", { catalog: lake, database: "d", table: "s", columns, watermark: { column: "tss" } });
// A primary key that does not read (upsert-kafka needs one), a partitionedBy that names no column, a connector that is an Output.
const noKey = new FlinkTable("no_key", { columns: [{ name: "id", type: "BIGINT" }, { name: "rts", type: "TIMESTAMP(3)" }], watermark: { column: "rts", expression: "rts" },
  options: { connector: "upsert-kafka", topic: "r", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" } });
const files = new FlinkTable("files", { columns: [{ name: "id", type: "BIGINT" }, { name: "dt", type: "STRING" }], partitionedBy: ["day"], options: { connector: "filesystem", path: "s3://b/p", format: "json" } });
const lookup = new FlinkTable("lookup", { columns: [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }], primaryKey: ["id"], options: { connector: pulumi.output("jdbc"), url: "jdbc:x", "table-name": "t" } });
// A bounded mode that does not read: whether the table is bounded is not known.
const tail = new FlinkTable("tail", { columns: [{ name: "id", type: "BIGINT" }], options: { ...kafka, "scan.bounded.mode": pulumi.output("latest-offset") } });
// An unknown arg that is no misspelt watermark: the table has no watermark, as the job says.
const noted = new FlinkTable("noted", { columns, descr: "clicks", options: kafka } as never);
const counts = new IcebergSink("counts", { catalog: lake, database: "d", table: "c", columns: [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGINT" }] });
new FlinkSqlJob("j", {
  statements: [
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM \${wmColumn} GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE), id\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE \${wmExpression}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM \${wmTypo} GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE), id\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM TABLE(TUMBLE(TABLE \${wmIceberg}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, id\`,
    sql\`INSERT INTO \${counts} SELECT w.id, 1 FROM \${wmColumn} AS w JOIN \${ok} FOR SYSTEM_TIME AS OF w.ts AS o ON w.id = o.id\`,
    sql\`INSERT INTO \${counts} SELECT o.id, 1 FROM \${ok} AS o JOIN \${noKey} FOR SYSTEM_TIME AS OF o.ts AS k ON o.id = k.id\`,
    sql\`INSERT INTO \${counts} SELECT o.id, 1 FROM \${ok} AS o JOIN \${lookup} FOR SYSTEM_TIME AS OF o.ts AS l ON o.id = l.id\`,
    sql\`INSERT INTO \${files} PARTITION (dt = '2024-01-01') SELECT id FROM \${ok}\`,
    sql\`INSERT INTO \${counts} SELECT id, COUNT(*) FROM \${noted} GROUP BY TUMBLE(ts, INTERVAL '1' MINUTE), id\`,
  ],
});
const ids = new IcebergSink("ids", { catalog: lake, database: "d", table: "i", columns: [{ name: "id", type: "BIGINT" }] });
new FlinkSqlJob("b", { runtimeMode: "batch", statements: [sql\`INSERT INTO \${ids} SELECT id FROM \${tail}\`] });
`,
    );
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "unread-out")]);
    expect(r.code).to.equal(1);
    // No time attribute error for the tables whose watermark failed (wm_*), no versioned-table error for
    // no_key and lookup, no static partition error for files, no batch error for tail; only "noted",
    // whose unknown arg is no misspelt watermark, has no watermark as written.
    expect(jobLines(r.stderr)).to.deep.equal([
      "  FlinkSqlJob \"j\": statements: use FlinkTable \"wm_column\", FlinkTable \"wm_expression\", FlinkTable \"wm_typo\", IcebergSource \"wm_iceberg\", FlinkTable \"no_key\", FlinkTable \"lookup\", FlinkTable \"files\", FlinkTable \"noted\", which have errors (listed above)",
      "  FlinkSqlJob \"j\": statements[8]: TUMBLE(ts, ...) in a streaming job's GROUP BY needs a time attribute, and ts of FlinkTable \"noted\" is a plain TIMESTAMP(3) column: Flink rejects the statement when it plans the job (\"Window aggregate can only be defined over a time attribute column\"); declare watermark: { column: \"ts\", expression: \"`ts` - INTERVAL '5' SECOND\" } on FlinkTable \"noted\" for event time, or a computed column { name: \"proc_time\", expression: \"PROCTIME()\" } and TUMBLE(proc_time, ...) for processing time",
      "  FlinkSqlJob \"b\": statements: use FlinkTable \"tail\", which has errors (listed above)",
    ]);
  });
});
