/**
 * synth's collecting mode with IcebergSources and IcebergSinks that failed validation on an arg
 * their Iceberg facts do not depend on: the facts that read (upsert, formatVersion, the read's
 * boundedness, the table's identity and schema, branch; failed-iceberg-facts.ts) reach the jobs,
 * which report what they report with the tables fixed; and where an arg a fact depends on is what
 * failed, the jobs' checks that need it stay quiet (the table's own error says it).
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

describe("flink-iceberg synth: what a failed Iceberg table's facts tell its jobs", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-failed-iceberg-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("a bad arg elsewhere: boundedness, upsert, keys, formatVersion, identity and schema are judged as with the tables fixed", async () => {
    const dir = program(
      path.join(tmp, "facts"),
      `import { FlinkSqlJob, FlinkTable, IcebergSink, IcebergSource, sql } from "pulumi-flink-iceberg";
// BAD=1: each Iceberg table gets one bad arg that none of its Iceberg facts depends on.
const BAD = process.env.BAD === "1";
const lake = { name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://lake/wh" };
const two = [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGINT" }];
const commitInterval = BAD ? "soon" : "30s";
const gen = new FlinkTable("gen", { columns: two, options: { connector: "datagen" } });
const out = new IcebergSink("out", { catalog: lake, database: "d", table: "o", columns: two });
const hist = new IcebergSource("hist", { catalog: lake, database: "d", table: "h", columns: two, streaming: true, extraOptions: { "monitor-interval": BAD ? "often" : "10s" } });
new FlinkSqlJob("batch", { runtimeMode: "batch", statements: [sql\`INSERT INTO \${out} SELECT id, n FROM \${hist}\`] });
const plain = new IcebergSink("plain", { catalog: lake, database: "d", table: "p", columns: two, commitInterval });
new FlinkSqlJob("agg", { statements: [sql\`INSERT INTO \${plain} SELECT id, COUNT(*) FROM \${gen} GROUP BY id\`] });
const v1 = new IcebergSink("v1", { catalog: lake, database: "d", table: "k", columns: two, primaryKey: ["id"], formatVersion: 1, writeFormat: (BAD ? "csv" : "parquet") as never });
new FlinkSqlJob("v1-agg", { statements: [sql\`INSERT INTO \${v1} SELECT id, COUNT(*) FROM \${gen} GROUP BY id\`] });
const ups = new IcebergSink("ups", { catalog: lake, database: "d", table: "u", columns: two, primaryKey: ["id"], upsertEnabled: true, commitInterval });
const snap = new IcebergSource("snap", { catalog: lake, database: "d", table: "b", columns: two });
new FlinkSqlJob("over", { runtimeMode: "batch", statements: [sql\`INSERT OVERWRITE \${ups} SELECT id, n FROM \${snap}\`] });
const follow = new IcebergSource("follow", { catalog: lake, database: "d", table: "u", columns: two, streaming: true });
new FlinkSqlJob("follow", { statements: [sql\`INSERT INTO \${out} SELECT id, n FROM \${follow}\`] });
const twinA = new IcebergSink("twin-a", { catalog: lake, database: "d", table: "twin", columns: [{ name: "id", type: "BIGINT" }], commitInterval });
const twinB = new IcebergSource("twin-b", { catalog: lake, database: "d", table: "twin", columns: two });
new FlinkSqlJob("twin", { statements: [sql\`INSERT INTO \${twinA} SELECT id FROM \${twinB}\`] });
const loop = new IcebergSink("loop", { catalog: lake, database: "d", table: "l", columns: two, commitInterval });
const loopRead = new IcebergSource("loop-read", { catalog: lake, database: "d", table: "l", columns: two, streaming: true });
new FlinkSqlJob("loop", { statements: [sql\`INSERT INTO \${loop} SELECT id, n FROM \${loopRead}\`] });
`,
    );
    const fixed = await runCli(["synth", dir, "--out", path.join(tmp, "facts-fixed")], undefined, { BAD: "0" });
    const failed = await runCli(["synth", dir, "--out", path.join(tmp, "facts-failed")], undefined, { BAD: "1" });
    expect([fixed.code, failed.code]).to.deep.equal([1, 1]);
    // commitInterval is itself the failed arg of some sinks: what the job says about it goes with it.
    // The order differs: a job that passes logs its warnings, one that fails reports them with its errors.
    const fixedLines = jobLines(fixed.stderr).filter((l) => !l.includes("commitInterval"));
    expect(ownLines(jobLines(failed.stderr)).sort()).to.deep.equal([...fixedLines].sort());
    for (const expected of [
      'FlinkSqlJob "batch": runtimeMode: a batch job cannot read the unbounded IcebergSource "hist" (streaming: true without endSnapshotId)',
      'FlinkSqlJob "agg": statements[0]: IcebergSink "plain" has no primaryKey, and the statement aggregates without a window',
      'FlinkSqlJob "v1-agg": statements[0]: IcebergSink "v1" is keyed by its primaryKey with formatVersion 1',
      'FlinkSqlJob "over": statements[0]: INSERT OVERWRITE into IcebergSink "ups" is not possible',
      'FlinkSqlJob "follow": statements: IcebergSource "follow" streams from the Iceberg table d.u, which IcebergSink "ups" writes with upserts',
      'FlinkSqlJob "twin": statements: IcebergSource "twin-b" and IcebergSink "twin-a" register the same Iceberg table d.twin with different columns',
      'FlinkSqlJob "loop": statements[0]: this statement reads the Iceberg table d.l as a stream through IcebergSource "loop-read" and appends every row it reads back to it through IcebergSink "loop"',
    ]) {
      expect(fixedLines.some((l) => l.includes(expected)), expected).to.equal(true);
    }
  });

  it("the arg a fact depends on fails: the jobs' checks that need the fact say nothing more", async () => {
    const dir = program(
      path.join(tmp, "unread"),
      `import { FlinkSqlJob, FlinkTable, IcebergSink, IcebergSource, sql } from "pulumi-flink-iceberg";
const lake = { name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://lake/wh" };
const two = [{ name: "id", type: "BIGINT" }, { name: "n", type: "BIGINT" }];
const gen = new FlinkTable("gen", { columns: two, options: { connector: "datagen" } });
const out = new IcebergSink("out", { catalog: lake, database: "d", table: "o", columns: two });
// streaming does not read: whether the source ends is not known.
const hist = new IcebergSource("hist", { catalog: lake, database: "d", table: "h", columns: two, streaming: "yes" as never });
new FlinkSqlJob("batch", { runtimeMode: "batch", statements: [sql\`INSERT INTO \${out} SELECT id, n FROM \${hist}\`] });
// upsertEnabled does not read (a value, a misspelt arg): whether the sink upserts is not known.
const ups = new IcebergSink("ups", { catalog: lake, database: "d", table: "u", columns: two, primaryKey: ["id"], upsertEnabled: "yes" as never });
const upsTypo = new IcebergSink("ups_typo", { catalog: lake, database: "d", table: "t", columns: two, upsertEnable: true } as never);
new FlinkSqlJob("agg", { statements: [sql\`INSERT INTO \${upsTypo} SELECT id, COUNT(*) FROM \${gen} GROUP BY id\`] });
const snap = new IcebergSource("snap", { catalog: lake, database: "d", table: "b", columns: two });
new FlinkSqlJob("over", { runtimeMode: "batch", statements: [sql\`INSERT OVERWRITE \${ups} SELECT id, n FROM \${snap}\`] });
// formatVersion does not read: a keyed sink's version is not known.
const keyed = new IcebergSink("keyed", { catalog: lake, database: "d", table: "k", columns: two, primaryKey: ["id"], formatVersion: 5 as never });
new FlinkSqlJob("v-agg", { statements: [sql\`INSERT INTO \${keyed} SELECT id, COUNT(*) FROM \${gen} GROUP BY id\`] });
// The catalog does not read: which Iceberg table it is is not known.
const twinA = new IcebergSink("twin-a", { catalog: { ...lake, type: "glu" as never }, database: "d", table: "twin", columns: [{ name: "id", type: "BIGINT" }] });
const twinB = new IcebergSource("twin-b", { catalog: lake, database: "d", table: "twin", columns: two });
new FlinkSqlJob("twin", { statements: [sql\`INSERT INTO \${twinA} SELECT id FROM \${twinB}\`] });
// The branch does not read: whether the sink writes the branch the source streams from is not known.
const loop = new IcebergSink("loop", { catalog: lake, database: "d", table: "l", columns: two, extraOptions: { branch: 5 as never } });
const loopRead = new IcebergSource("loop-read", { catalog: lake, database: "d", table: "l", columns: two, streaming: true });
new FlinkSqlJob("loop", { statements: [sql\`INSERT INTO \${loop} SELECT id, n FROM \${loopRead}\`] });
`,
    );
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "unread-out")]);
    expect(r.code).to.equal(1);
    // Only what the readable columns tell (the key column is NOT NULL), as with the tables fixed.
    const own = ownLines(jobLines(r.stderr));
    expect(own).to.have.length(1);
    expect(own[0]).to.match(/^warning: FlinkSqlJob "over": statements\[0\]: value 1 of the SELECT list, id \(BIGINT\), may be NULL, and goes into IcebergSink "ups"'s column "id"/);
    expect(jobLines(r.stderr).filter((l) => l.includes(": statements: use "))).to.have.length(6);
  });
});
