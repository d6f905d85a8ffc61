/**
 * New-user trial (src/sql/overwrite-conflicts.ts): two INSERTs of one batch job into the same Iceberg
 * table and branch, one an INSERT OVERWRITE. Each has its own committer, and an overwrite commits a
 * ReplacePartitions without conflict validation (iceberg IcebergFilesCommitter.replacePartitions), so
 * the last commit wins: an error on an unpartitioned table or the same static partition, a warning
 * for dynamic partitions. Quiet neighbours: different tables or branches, INSERT INTO twice,
 * different static partitions.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT" },
  { name: "dt", type: "STRING" },
];

const COMMITS =
  "each INSERT has its own sink and committer, they commit in no set order, and an INSERT OVERWRITE commits as a ReplacePartitions without conflict validation " +
  "(iceberg flink/.../sink/IcebergFilesCommitter.java replacePartitions: table.newReplacePartitions(), as the v2 sink's IcebergCommitter), which replaces the partitions its new files fall in";
const UNION = "write one INSERT OVERWRITE whose query combines both queries with UNION ALL";

describe("INSERTs of one batch job that overwrite each other's rows in one Iceberg table", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("two INSERT OVERWRITE, or an overwrite and an INSERT INTO, into an unpartitioned table are an error at the later statement", () => {
    const a = new api.IcebergSource("oc_a", { catalog, database: "db", table: "oc_a", columns: cols });
    const b = new api.IcebergSource("oc_b", { catalog, database: "db", table: "oc_b", columns: cols });
    const flat = new api.IcebergSink("oc_flat", { catalog, database: "db", table: "oc_flat", columns: cols });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("oc-flat", {
          runtimeMode: "batch",
          statements: [
            api.sql`INSERT OVERWRITE ${flat} SELECT id, dt FROM ${a}`,
            api.sql`INSERT OVERWRITE ${flat} SELECT id, dt FROM ${b}`,
            api.sql`INSERT INTO ${flat} SELECT id, dt FROM ${b}`,
          ],
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[1]",
        message:
          `INSERT OVERWRITE into IcebergSink "oc_flat" and statements[0]'s INSERT OVERWRITE write the Iceberg table db.oc_flat in one job: ${COMMITS}; ` +
          `the table is unpartitioned, so an overwrite replaces the whole table: the one that commits last keeps only its own rows, and the other INSERT's rows are lost; ${UNION}`,
      },
      {
        path: "statements[2]",
        message:
          `INSERT INTO IcebergSink "oc_flat" and statements[0]'s INSERT OVERWRITE write the Iceberg table db.oc_flat in one job: ${COMMITS}; ` +
          `the table is unpartitioned, so an overwrite replaces the whole table: the rows the INSERT INTO appends are lost when it commits before the overwrite, and kept when it commits after it; ${UNION}`,
      },
    ]);
  });

  it("the same table through a second IcebergSink, and the same static partition, are errors too", () => {
    const a = new api.IcebergSource("od_a", { catalog, database: "db", table: "od_a", columns: cols });
    const one = new api.IcebergSink("od_one", { catalog, database: "db", table: "od_t", columns: cols });
    const two = new api.IcebergSink("od_two", { catalog, database: "db", table: "od_t", columns: cols });
    const byDay = new api.IcebergSink("od_day", { catalog, database: "db", table: "od_day", columns: cols, partitionedBy: ["dt"] });
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("od-same", {
          runtimeMode: "batch",
          statements: [
            api.sql`INSERT OVERWRITE ${one} SELECT id, dt FROM ${a}`,
            api.sql`INSERT OVERWRITE ${two} SELECT id, dt FROM ${a}`,
            api.sql`INSERT OVERWRITE ${byDay} PARTITION (dt = '2024-06-01') SELECT id FROM ${a}`,
            api.sql`INSERT OVERWRITE ${byDay} PARTITION (dt='2024-06-01') SELECT id + 1 FROM ${a}`,
          ],
        }),
    );
    expect(issues.map((i) => i.path)).to.deep.equal(["statements[1]", "statements[3]"]);
    expect(issues[0]!.message.split(": ")[0]).to.equal(`INSERT OVERWRITE into IcebergSink "od_two" and statements[0]'s INSERT OVERWRITE into IcebergSink "od_one" write the Iceberg table db.od_t in one job`);
    expect(issues[1]!.message).to.equal(
      `INSERT OVERWRITE into IcebergSink "od_day" and statements[2]'s INSERT OVERWRITE write the Iceberg table db.od_day in one job: ${COMMITS}; ` +
        `both write the static partition PARTITION (dt = '2024-06-01'), which an overwrite replaces whole: the one that commits last keeps only its own rows, and the other INSERT's rows are lost; ${UNION}`,
    );
  });

  it("dynamic partitions of a partitioned table are a warning, for two overwrites and for an overwrite with an INSERT INTO", () => {
    const a = new api.IcebergSource("ow_a", { catalog, database: "db", table: "ow_a", columns: cols });
    const byDay = new api.IcebergSink("ow_day", { catalog, database: "db", table: "ow_day", columns: cols, partitionedBy: ["dt"] });
    new api.FlinkSqlJob("ow-dynamic", {
      runtimeMode: "batch",
      statements: [api.sql`INSERT OVERWRITE ${byDay} SELECT id, dt FROM ${a}`, api.sql`INSERT OVERWRITE ${byDay} SELECT id + 1, dt FROM ${a}`],
    });
    expect(jobWarnings("ow-dynamic")).to.deep.equal([
      `statements[1]: INSERT OVERWRITE into IcebergSink "ow_day" and statements[0]'s INSERT OVERWRITE write the Iceberg table db.ow_day in one job: ${COMMITS}; ` +
        `the table is partitioned, so where both write rows into the same partition, the overwrite that commits last keeps only its own rows there; ${UNION}, or give each a static PARTITION clause with different values; ` +
        "acknowledge this warning when the two never write the same partition",
    ]);
    new api.FlinkSqlJob("ow-append", {
      runtimeMode: "batch",
      statements: [api.sql`INSERT INTO ${byDay} SELECT id, dt FROM ${a}`, api.sql`INSERT OVERWRITE ${byDay} PARTITION (dt = '2024-06-01') SELECT id FROM ${a}`],
    });
    expect(jobWarnings("ow-append")).to.deep.equal([
      `statements[1]: INSERT OVERWRITE into IcebergSink "ow_day" and statements[0]'s INSERT INTO write the Iceberg table db.ow_day in one job: ${COMMITS}; ` +
        `the table is partitioned, so where both write rows into the same partition, the rows the INSERT INTO appends there are lost when it commits before the overwrite; ${UNION}, or give both a static PARTITION clause with different values; ` +
        "acknowledge this warning when the two never write the same partition",
    ]);
  });

  it("valid neighbours are quiet: different tables, INSERT INTO twice, different static partitions, another branch", () => {
    const a = new api.IcebergSource("oq_a", { catalog, database: "db", table: "oq_a", columns: cols });
    const x = new api.IcebergSink("oq_x", { catalog, database: "db", table: "oq_x", columns: cols });
    const y = new api.IcebergSink("oq_y", { catalog, database: "db", table: "oq_y", columns: cols });
    const byDay = new api.IcebergSink("oq_day", { catalog, database: "db", table: "oq_day", columns: cols, partitionedBy: ["dt"] });
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("oq-quiet", {
            runtimeMode: "batch",
            statements: [
              api.sql`INSERT OVERWRITE ${x} SELECT id, dt FROM ${a}`,
              api.sql`INSERT OVERWRITE ${y} SELECT id, dt FROM ${a}`,
              api.sql`INSERT OVERWRITE ${byDay} PARTITION (dt = '2024-06-01') SELECT id FROM ${a}`,
              api.sql`INSERT OVERWRITE ${byDay} PARTITION (dt = '2024-06-02') SELECT id FROM ${a}`,
              api.sql`INSERT OVERWRITE ${x} /*+ OPTIONS('branch'='audit') */ SELECT id, dt FROM ${a}`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    expect(jobWarnings("oq-quiet")).to.deep.equal([]);
    new api.FlinkSqlJob("oq-appends", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${x} SELECT id, dt FROM ${a}`, api.sql`INSERT INTO ${x} SELECT id + 1, dt FROM ${a}`] });
    expect(jobWarnings("oq-appends")).to.deep.equal([]);
  });
});
