import { expect } from "chai";
import { sqlGatewayProvider as provider } from "../src/deploy/sql-gateway/provider.js";
import { SqlGatewayError } from "../src/deploy/sql-gateway/errors.js";
import { providerHarness } from "./fakes/provider-harness.js";
import { type FakeSqlGateway, type FakeGatewayOptions } from "./fakes/sql-gateway.js";

const JOB1 = "ffffffffffffffffffffffff00000001";
const JOB2 = "ffffffffffffffffffffffff00000002";
const SCRIPT_V1 = "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen');\nINSERT INTO `sink` SELECT `id` FROM `src`;";
const SCRIPT_V2 = "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen');\nINSERT INTO `sink` SELECT `id` * 2 FROM `src`;";

/** The outputs without `warnedAt`, after checking it is the time of this test's create/update. */
function fresh<T extends { warnedAt?: number | undefined }>(outs: T): Omit<T, "warnedAt"> {
  const { warnedAt, ...rest } = outs;
  expect(warnedAt).to.be.a("number").within(Date.now() - 60_000, Date.now());
  return rest;
}

describe("SqlGatewayJob dynamic provider against the fake gateway", () => {
  const harness = providerHarness({
    script: SCRIPT_V1,
    flinkConfiguration: { "parallelism.default": "2" },
    sessionProperties: { "table.exec.sink.not-null-enforcer": "DROP" },
    headers: { Authorization: "Bearer t0k3n" },
  });
  let fake: FakeSqlGateway;
  const start = async (o: FakeGatewayOptions = {}): Promise<FakeSqlGateway> => (fake = await harness.start(o));
  const inputs = harness.inputs;

  it("check accepts valid inputs and reports bad endpoint and script", async () => {
    await start();
    expect(await provider.check!({}, inputs())).to.deep.equal({ inputs: inputs(), failures: [] });
    expect((await provider.check!({}, inputs({ endpoint: "ftp://x", script: "SELECT 'open" }))).failures).to.deep.equal([
      { property: "endpoint", reason: '"ftp://x" must use http:// or https://' },
      { property: "script", reason: "line 1: unterminated string literal (a ' inside is written doubled: '')" },
    ]);
    expect(fake.requests).to.deep.equal([]);
  });

  it("check refuses a header value HTTP cannot send (also a secret one, known only now), without quoting it", async () => {
    await start();
    expect((await provider.check!({}, inputs({ headers: { Authorization: "Bearer s3\rcr3t" } }))).failures).to.deep.equal([
      {
        property: "headers",
        reason:
          'the value of header "Authorization" holds a line break, which HTTP does not allow (the value is not shown: it may be a secret); a token wrapped over several lines (e.g. base64 output) needs its line breaks removed',
      },
    ]);
  });

  it("create submits the script and outputs jobId and jobStatus", async () => {
    await start();
    const { id, outs } = await provider.create(inputs());
    expect(id).to.match(/^sqlgw-[0-9a-f-]{36}$/);
    expect(fresh(outs)).to.deep.equal({ ...inputs(), jobId: JOB1, jobStatus: "RUNNING", warnings: [] });
    expect(fake.cluster.jobs.get(JOB1)!.configuration).to.deep.equal({ "parallelism.default": "2", "table.exec.sink.not-null-enforcer": "DROP" });
    expect(fake.requests.every((r) => r.headers.authorization === "Bearer t0k3n")).to.equal(true);
  });

  it("diff: a script or configuration change is an update, never a replace", async () => {
    await start();
    const olds = { ...inputs(), jobId: JOB1, warnings: [] };
    expect(await provider.diff!("id", olds, inputs())).to.deep.equal({ changes: false, replaces: [], stables: ["jobId", "savepointPath"], deleteBeforeReplace: false });
    expect(await provider.diff!("id", olds, inputs({ script: SCRIPT_V2 }))).to.deep.equal({ changes: true, replaces: [], stables: [], deleteBeforeReplace: false });
    expect(await provider.diff!("id", olds, inputs({ flinkConfiguration: { "parallelism.default": "4" } }))).to.deep.equal({ changes: true, replaces: [], stables: [], deleteBeforeReplace: false });
    expect(await provider.diff!("id", olds, inputs({ endpoint: "http://other:8083" }))).to.deep.equal({ changes: true, replaces: [], stables: [], deleteBeforeReplace: false });
    expect(await provider.diff!("id", olds, inputs({ headers: { Authorization: "Bearer new" } }))).to.deep.equal({ changes: true, replaces: [], stables: ["jobId", "savepointPath"], deleteBeforeReplace: false });
    expect(fake.requests).to.deep.equal([]);
  });

  it("update carries the savepoint from the old job to the new one", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs({ savepointDir: "s3://b/sp", allowNonRestoredState: true }));
    const news = inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp", allowNonRestoredState: true });
    const { outs } = await provider.update!("id", olds, news);
    expect(fresh(outs)).to.deep.equal({ ...news, jobId: JOB2, savepointPath: "s3://b/sp/savepoint-000001-sp1", jobStatus: "RUNNING", warnings: [] });
    expect(fake.cluster.jobs.get(JOB1)!.status).to.equal("FINISHED");
    expect(fake.cluster.jobs.get(JOB2)!.configuration).to.deep.equal({
      "parallelism.default": "2",
      "table.exec.sink.not-null-enforcer": "DROP",
      "execution.state-recovery.path": "s3://b/sp/savepoint-000001-sp1",
      "execution.savepoint.path": "s3://b/sp/savepoint-000001-sp1",
      "execution.state-recovery.ignore-unclaimed-state": "true",
      "execution.savepoint.ignore-unclaimed-state": "true",
    });
    const stop = fake.executed.find((e) => e.statement.startsWith("STOP"))!;
    expect(stop.statement).to.equal(`STOP JOB '${JOB1}' WITH SAVEPOINT`);
    expect(fake.sessions.size).to.equal(0);
  });

  it("update without savepointDir cancels, starts fresh and says so in warnings", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs());
    const { outs } = await provider.update!("id", olds, inputs({ script: SCRIPT_V2 }));
    expect(outs.jobId).to.equal(JOB2);
    expect(outs.savepointPath).to.equal(undefined);
    expect(outs.warnings).to.deep.equal([`savepointDir is not set: job ${JOB1} was cancelled without a savepoint and the new job starts with empty state`]);
    expect(fake.cluster.jobs.get(JOB1)!.status).to.equal("CANCELED");
    expect(fake.cluster.jobs.get(JOB2)!.configuration).to.not.have.property("execution.savepoint.path");
  });

  it("a change of savepointDir, startTimeout or apiVersion alone is an update that keeps the running job and calls no gateway", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs({ savepointDir: "s3://b/sp" }));
    const keep = { changes: true, replaces: [], stables: ["jobId", "savepointPath"], deleteBeforeReplace: false };
    for (const extra of [{ savepointDir: "s3://b/sp2" }, { savepointDir: undefined }, { savepointDir: "s3://b/sp", startTimeoutMs: 5000 }, { savepointDir: "s3://b/sp", apiVersion: "v3" }]) {
      expect(await provider.diff!("id", olds, inputs(extra))).to.deep.equal(keep);
    }
    const before = fake.requests.length;
    const { outs } = await provider.update!("id", olds, inputs({ savepointDir: "s3://b/sp2" }));
    expect(fresh(outs)).to.deep.equal({ ...inputs({ savepointDir: "s3://b/sp2" }), jobId: JOB1, savepointPath: undefined, jobStatus: "RUNNING", warnings: [] });
    expect(fake.requests.length).to.equal(before);
  });

  it("update of headers only keeps the running job", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs());
    const before = fake.requests.length;
    const { outs } = await provider.update!("id", olds, inputs({ headers: { Authorization: "Bearer rotated" } }));
    expect(fresh(outs)).to.deep.equal({ ...inputs({ headers: { Authorization: "Bearer rotated" } }), jobId: JOB1, savepointPath: undefined, jobStatus: "RUNNING", warnings: [] });
    expect(fake.requests.length).to.equal(before);
  });

  it("a failed update after the savepoint names the savepoint path", async () => {
    await start({ override: (s) => (s.includes("* 2") ? { finalStatus: "ERROR" } : undefined) });
    const { outs: olds } = await provider.create(inputs({ savepointDir: "s3://b/sp" }));
    try {
      await provider.update!("id", olds, inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp" }));
      throw new Error("no error");
    } catch (e) {
      expect(e).to.be.instanceOf(SqlGatewayError);
      expect((e as Error).message.split("\n").slice(-1)[0]).to.equal(
        `  the old job ${JOB1} was stopped with a savepoint at s3://b/sp/savepoint-000001-sp1; the new job did not start. Fix the script, set sqlGateway.initialSavepointPath to that path and run pulumi up again to start from it`,
      );
    }
    expect([...fake.cluster.jobs.values()].map((j) => [j.jobId, j.status])).to.deep.equal([[JOB1, "FINISHED"]]);
    // The way out the message names: the next update, with initialSavepointPath set, starts from that savepoint.
    (fake.options as { override?: unknown }).override = undefined;
    const fixed = inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp", initialSavepointPath: "s3://b/sp/savepoint-000001-sp1" });
    const { outs } = await provider.update!("id", olds, fixed);
    expect(outs.savepointPath).to.equal("s3://b/sp/savepoint-000001-sp1");
    expect(fake.cluster.jobs.get(outs.jobId)!.configuration["execution.savepoint.path"]).to.equal("s3://b/sp/savepoint-000001-sp1");
  });

  it("create starts from initialSavepointPath when given", async () => {
    await start();
    const { outs } = await provider.create(inputs({ initialSavepointPath: "s3://b/sp/savepoint-x" }));
    expect(outs.savepointPath).to.equal("s3://b/sp/savepoint-x");
    expect(fake.cluster.jobs.get(JOB1)!.configuration["execution.savepoint.path"]).to.equal("s3://b/sp/savepoint-x");
  });

  it("delete stops the job with a savepoint when savepointDir is set", async () => {
    await start({ apiVersions: ["V1", "V2"], flinkVersion: "1.18.1" });
    const { outs } = await provider.create(inputs({ savepointDir: "file:///sp" }));
    await provider.delete!("id", outs);
    expect(fake.executed.map((e) => e.statement).slice(-1)).to.deep.equal([`STOP JOB '${JOB1}' WITH SAVEPOINT`]);
    expect(fake.cluster.jobs.get(JOB1)).to.deep.include({ status: "FINISHED", savepointPath: "file:///sp/savepoint-000001-sp1" });
    expect(fake.requests.filter((r) => r.path === "/v2/sessions").map((r) => r.body)).to.deep.include({
      properties: { "table.exec.sink.not-null-enforcer": "DROP", "state.savepoints.dir": "file:///sp", "client.timeout": "600 s" },
    });
  });

  it("delete of a job already gone is success", async () => {
    await start();
    const outs = { ...inputs(), jobId: JOB1, warnings: [] };
    await provider.delete!("id", outs);
    fake.cluster.addJob({ status: "FAILED" });
    await provider.delete!("id", outs);
    expect(fake.executed.map((e) => e.statement)).to.deep.equal(["SHOW JOBS", "SHOW JOBS"]);
  });

  it("delete succeeds when the job ends between SHOW JOBS and STOP JOB", async () => {
    await start();
    fake.cluster.addJob({});
    const realRun = fake.cluster.run.bind(fake.cluster);
    fake.cluster.run = (s, c) => {
      if (s.startsWith("STOP")) fake.cluster.jobs.get(JOB1)!.status = "FINISHED";
      return realRun(s, c);
    };
    await provider.delete!("id", { ...inputs(), jobId: JOB1, warnings: [] });
    expect(fake.executed.map((e) => e.statement)).to.deep.equal(["SHOW JOBS", `STOP JOB '${JOB1}'`]);
  });

  it("read refreshes jobStatus from SHOW JOBS, NOT_FOUND when gone", async () => {
    await start();
    const { outs } = await provider.create(inputs());
    fake.cluster.jobs.get(JOB1)!.status = "FAILED";
    expect(await provider.read!("the-id", outs)).to.deep.equal({ id: "the-id", props: { ...outs, jobStatus: "FAILED" } });
    fake.cluster.jobs.clear();
    expect((await provider.read!("the-id", outs)).props.jobStatus).to.equal("NOT_FOUND");
  });
});
