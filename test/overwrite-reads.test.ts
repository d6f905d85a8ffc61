/**
 * New-user trial (src/sql/overwrite-reads.ts): a batch job writes an Iceberg table with INSERT
 * OVERWRITE and another job streams it; each overwrite commit is an "overwrite" snapshot, which a
 * streaming read skips. A warning told to whichever job is created second; quiet for INSERT INTO,
 * a batch read, another branch.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "v", type: "STRING" },
];
const SKIPS =
  'each INSERT OVERWRITE commits an "overwrite" snapshot (it replaces the partitions it writes, or the whole table when it is unpartitioned: iceberg ReplacePartitions), ' +
  'and a streaming Iceberg read takes only "append" snapshots: it skips those commits whole, the rows they add too, without an error, and the rows they replace stay emitted';
const remedy = (t: string): string =>
  `read ${t} in a batch job (streaming unset), which reads its current snapshot whole, after each overwrite; or write the new rows with INSERT INTO, whose appends the stream reads; ` +
  "acknowledge this warning when the stream should follow only appends and ignore the overwrites";

describe("streaming reads of a table another job overwrites", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("the overwriting job first: the streaming job is warned; INSERT INTO and a batch read stay quiet", () => {
    const raw = new api.IcebergSource("ow_raw", { catalog, database: "db", table: "ow_raw", columns: cols });
    const facts = new api.IcebergSink("ow_facts", { catalog, database: "db", table: "ow_facts", columns: cols });
    new api.FlinkSqlJob("ow-nightly", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${facts} SELECT id, v FROM ${raw}`] });
    expect(jobWarnings("ow-nightly")).to.deep.equal([]);
    const follow = new api.IcebergSource("ow_follow", { catalog, database: "db", table: "ow_facts", columns: cols, streaming: true });
    const out = new api.FlinkTable("ow_out", { columns: cols, options: { connector: "blackhole" } });
    new api.FlinkSqlJob("ow-stream", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow}`] });
    expect(jobWarnings("ow-stream")).to.deep.equal([
      `statements: IcebergSource "ow_follow" streams from the Iceberg table db.ow_facts, which FlinkSqlJob "ow-nightly" writes with INSERT OVERWRITE: ${SKIPS}; ${remedy("db.ow_facts")}`,
    ]);
    // Valid neighbours: a batch read of the overwritten table; a stream of a table another job only appends to.
    const once = new api.IcebergSource("ow_once", { catalog, database: "db", table: "ow_facts", columns: cols });
    new api.FlinkSqlJob("ow-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${once}`] });
    expect(jobWarnings("ow-batch")).to.deep.equal([]);
    const appended = new api.IcebergSink("ow_appended", { catalog, database: "db", table: "ow_appended", columns: cols });
    new api.FlinkSqlJob("ow-append", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${appended} SELECT id, v FROM ${raw}`] });
    const tail = new api.IcebergSource("ow_tail", { catalog, database: "db", table: "ow_appended", columns: cols, streaming: true });
    new api.FlinkSqlJob("ow-tail", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${tail}`] });
    expect(jobWarnings("ow-tail")).to.deep.equal([]);
  });

  it("the streaming job first: the overwriting statement is warned; another branch stays quiet", () => {
    const follow = new api.IcebergSource("ox_follow", { catalog, database: "db", table: "ox_facts", columns: cols, streaming: true });
    const out = new api.FlinkTable("ox_out", { columns: cols, options: { connector: "blackhole" } });
    new api.FlinkSqlJob("ox-stream", { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${follow}`] });
    expect(jobWarnings("ox-stream")).to.deep.equal([]);
    const raw = new api.IcebergSource("ox_raw", { catalog, database: "db", table: "ox_raw", columns: cols });
    const facts = new api.IcebergSink("ox_facts", { catalog, database: "db", table: "ox_facts", columns: cols });
    new api.FlinkSqlJob("ox-nightly", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${facts} SELECT id, v FROM ${raw}`] });
    expect(jobWarnings("ox-nightly")).to.deep.equal([
      `statements[0]: this statement overwrites the Iceberg table db.ox_facts through IcebergSink "ox_facts", and IcebergSource "ox_follow" (FlinkSqlJob "ox-stream") streams from it: ${SKIPS}; ${remedy("db.ox_facts")}`,
    ]);
    // Valid neighbour: overwriting another branch of the streamed table.
    const staged = new api.IcebergSink("ox_staged", { catalog, database: "db", table: "ox_facts", columns: cols, extraOptions: { branch: "staging" } });
    new api.FlinkSqlJob("ox-staging", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${staged} SELECT id, v FROM ${raw}`] });
    expect(jobWarnings("ox-staging")).to.deep.equal([]);
  });
});
