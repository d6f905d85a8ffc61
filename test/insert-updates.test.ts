/**
 * changelog-sinks.ts insertUpdates: what each INSERT of a streaming job writes of updates and
 * deletes (updatesWritten) is read once and shared by the changelog-sink, row-delta-read and
 * keyed-append checks; `planner` follows the INSERT's target (a FlinkTable counts a SELECT DISTINCT,
 * an IcebergSink does not), as each check asked it before.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { insertUpdates, updatesWritten } from "../src/sql/changelog-sinks.js";
import { planJob } from "../src/sql/job-plan.js";
import { viewsByName } from "../src/sql/view-names.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "n", type: "BIGINT" },
];

describe("changelog-sinks.ts insertUpdates", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("reads each INSERT once, with planner set by its target, as updatesWritten reads it", () => {
    const src = new api.FlinkTable("iu_src", { columns: cols, options: { connector: "datagen" } });
    const keyed = new api.IcebergSink("iu_keyed", { catalog, database: "db", table: "iu_keyed", columns: cols, primaryKey: ["id"] });
    const blackhole = new api.FlinkTable("iu_out", { columns: cols, options: { connector: "blackhole" } });
    const statements = [
      api.sql`INSERT INTO ${keyed} SELECT id, COUNT(*) AS n FROM ${src} GROUP BY id`,
      api.sql`INSERT INTO ${keyed} SELECT DISTINCT id, n FROM ${src}`,
      api.sql`INSERT INTO ${blackhole} SELECT DISTINCT id, n FROM ${src}`,
      api.sql`INSERT INTO ${blackhole} SELECT id, n FROM ${src}`,
    ];
    const plan = planJob({ statements, runtimeMode: "streaming", configuration: {} }, new Diagnostics());
    const views = viewsByName(plan.definitions);
    const job = { miniBatch: false };
    const updatesOf = insertUpdates(views, job);
    const read = plan.inserts.map((a) => updatesOf(a));
    // The same reading, not a new one, when asked again.
    plan.inserts.forEach((a, i) => expect(updatesOf(a), `statement ${i}`).to.equal(read[i]));
    // What each check asked before: planner for the FlinkTable, not for the IcebergSink.
    expect(read).to.deep.equal(plan.inserts.map((a) => updatesWritten(a, views, job, a.target!.iceberg === undefined)));
    expect(read.map((u) => (u?.kind === "operation" ? u.op.kind : u?.kind))).to.deep.equal(["aggregation", undefined, "aggregation", undefined]);
  });
});
