/**
 * One registry per program run (src/components/job-registry.ts): a second run in the same process
 * (an Automation API preview then up, another stack, another unit test's mocks) sees none of the
 * first run's jobs and tables, while the jobs of one run still see each other.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";
import { flush, installMocks } from "./pulumi-mocks.js";
import { registry } from "../src/components/job-registry.js";

describe("the registry of jobs and tables is the program run's", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  /** The program: an upsert sink and `jobs` jobs writing it; the warnings of its jobs. */
  const program = (jobs: number): string[][] => {
    const sink = new api.IcebergSink("pr_sink", { catalog: hive, database: "shop", table: "pr_t", columns: [{ name: "id", type: "BIGINT" }], primaryKey: ["id"], upsertEnabled: true });
    const src = new api.FlinkTable("pr_src", { columns: [{ name: "id", type: "BIGINT NOT NULL" }], options: { connector: "datagen" } });
    for (let i = 1; i <= jobs; i++) new api.FlinkSqlJob(`pr-job${i}`, { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`] });
    return registry().jobs.map((j) => [...j.warnings]);
  };
  const ALSO =
    'statements: IcebergSink "pr_sink" writes the Iceberg table shop.pr_t, which FlinkSqlJob "pr-job1" also writes, with upserts on one side: each job commits on its own checkpoints, ' +
    "so the row a key ends with depends on which job commits last; write the table from one job (several INSERTs of one job run as one statement set)";

  it("two jobs of one run writing an upsert table: the second is warned; the same program run again in the process: the same warnings, none about the first run's jobs", async () => {
    // Each run's registrations settle before the next run's mocks replace its monitor.
    await installMocks();
    expect(program(2)).to.deep.equal([[], [ALSO]]);
    await flush();
    await installMocks();
    expect(program(2)).to.deep.equal([[], [ALSO]]);
    await flush();
    await installMocks();
    expect(program(1)).to.deep.equal([[]]);
    await flush();
  });
});
