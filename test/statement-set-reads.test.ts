/**
 * New-user trial (src/sql/statement-set-reads.ts): an INSERT of a batch job that reads an Iceberg
 * table another INSERT of the job writes reads the snapshot current when the job starts (iceberg
 * IcebergSource.createEnumerator plans a batch read once), never the other INSERT's rows, which it
 * commits at the end of its input: a warning. Quiet neighbours: a read of a chosen snapshot, another
 * branch, a streaming job, a statement reading its own target, tables nobody writes.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "v", type: "STRING" },
];

const message = (at: number, table: string, source: string, writer: number, sink: string): string =>
  `statements[${at}]: this statement reads the Iceberg table ${table} through ${source}, which statements[${writer}] writes through ${sink} in the same batch job: the job's INSERTs run together, ` +
  "a batch read plans its splits once, from the snapshot current when the job starts (iceberg flink/.../source/IcebergSource.java createEnumerator: planSplitsForBatch), " +
  `and statements[${writer}] commits only when its input ends, so this statement reads the table as it was before the job, without the rows statements[${writer}] writes; ` +
  `to use those rows, select them from what statements[${writer}] reads (a CREATE TEMPORARY VIEW both INSERTs select from), or read the table in a job that starts after this one has finished; ` +
  "acknowledge this warning when this statement should read the table as it was before the job";

describe("a batch INSERT reading an Iceberg table another INSERT of the job writes", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("warns at the reading statement, through the sink itself or an IcebergSource of the same table", () => {
    const raw = new api.IcebergSource("ssr_raw", { catalog, database: "db", table: "ssr_raw", columns: cols });
    const staging = new api.IcebergSink("ssr_staging", { catalog, database: "db", table: "ssr_staging", columns: cols });
    const stagingRead = new api.IcebergSource("ssr_staging_read", { catalog, database: "db", table: "ssr_staging", columns: cols });
    const report = new api.IcebergSink("ssr_report", { catalog, database: "db", table: "ssr_report", columns: cols });
    new api.FlinkSqlJob("ssr-chain", {
      runtimeMode: "batch",
      statements: [
        api.sql`INSERT INTO ${report} SELECT id, v FROM ${staging}`,
        api.sql`INSERT OVERWRITE ${staging} SELECT id, v FROM ${raw}`,
        api.sql`INSERT INTO ${report} SELECT s.id, s.v FROM ${stagingRead} s JOIN ${raw} r ON s.id = r.id`,
      ],
    });
    expect(jobWarnings("ssr-chain")).to.deep.equal([
      message(0, "db.ssr_staging", 'IcebergSink "ssr_staging"', 1, 'IcebergSink "ssr_staging"'),
      message(2, "db.ssr_staging", 'IcebergSource "ssr_staging_read"', 1, 'IcebergSink "ssr_staging"'),
    ]);
  });

  it("valid neighbours are quiet: a chosen snapshot, another branch, a streaming job, unrelated tables", () => {
    const raw = new api.IcebergSource("ssq_raw", { catalog, database: "db", table: "ssq_raw", columns: cols });
    const staging = new api.IcebergSink("ssq_staging", { catalog, database: "db", table: "ssq_staging", columns: cols });
    const report = new api.IcebergSink("ssq_report", { catalog, database: "db", table: "ssq_report", columns: cols });
    const pinned = new api.IcebergSource("ssq_pinned", { catalog, database: "db", table: "ssq_staging", columns: cols, streaming: true, endSnapshotId: "12" });
    new api.FlinkSqlJob("ssq-quiet", {
      runtimeMode: "batch",
      statements: [
        api.sql`INSERT OVERWRITE ${staging} SELECT id, v FROM ${raw}`,
        api.sql`INSERT INTO ${report} SELECT id, v FROM ${staging} /*+ OPTIONS('snapshot-id'='11') */`,
        api.sql`INSERT INTO ${report} SELECT id, v FROM ${pinned}`,
        api.sql`INSERT INTO ${report} SELECT id, v FROM ${staging} /*+ OPTIONS('branch'='audit') */`,
        api.sql`INSERT INTO ${report} SELECT id, v FROM ${raw}`,
      ],
    });
    expect(jobWarnings("ssq-quiet")).to.deep.equal([]);
    // A streaming read follows the appends (a table no job of the program overwrites).
    const log = new api.IcebergSink("ssq_log", { catalog, database: "db", table: "ssq_log", columns: cols });
    const live = new api.IcebergSource("ssq_live", { catalog, database: "db", table: "ssq_log", columns: cols, streaming: true });
    new api.FlinkSqlJob("ssq-stream", {
      statements: [api.sql`INSERT INTO ${log} SELECT id, v FROM ${raw}`, api.sql`INSERT INTO ${report} SELECT id, v FROM ${live}`],
    });
    expect(jobWarnings("ssq-stream")).to.deep.equal([]);
  });
});
