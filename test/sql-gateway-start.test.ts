/**
 * The SQL Gateway target waits for a submitted job to run (sqlGateway.startTimeout): a restore
 * that fails while the job is INITIALIZING fails the create or update instead of reporting success.
 */
import { expect } from "chai";
import { sqlGatewayProvider as provider } from "../src/deploy/sql-gateway/provider.js";
import { awaitJobStart, type StartWaitIo } from "../src/deploy/sql-gateway/start-wait.js";
import type { SqlGatewayJobOutputs } from "../src/deploy/sql-gateway/provider-impl.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { validateSqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { gatewaySubmission } from "../src/components/gateway-summary.js";
import { providerHarness } from "./fakes/provider-harness.js";
import type { FakeSqlGateway, RecordedRequest } from "./fakes/sql-gateway.js";
import { gatewayRejection as rejection } from "./fakes/gateway-rejection.js";
import { errorOf, mockedApi, type Api } from "./api.js";
import { recorded, settle } from "./pulumi-mocks.js";

const JOB1 = "ffffffffffffffffffffffff00000001";
const JOB2 = "ffffffffffffffffffffffff00000002";
const SCRIPT_V1 = "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen');\nINSERT INTO `sink` SELECT `id` FROM `src`;";
const SCRIPT_V2 = "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen');\nINSERT INTO `sink` SELECT `id` * 2 FROM `src`;";

const showJobs = (requests: readonly RecordedRequest[]): number =>
  requests.filter((r) => r.method === "POST" && r.path.endsWith("/statements") && (r.body as { statement: string }).statement === "SHOW JOBS").length;

/** A clock that only moves when the wait sleeps; `statuses` are read in turn (the last repeats). */
function scripted(statuses: readonly (string | Error)[]): { io: StartWaitIo; slept: number[] } {
  let t = 0;
  let i = 0;
  const slept: number[] = [];
  const io: StartWaitIo = {
    status: async () => {
      const s = statuses[Math.min(i++, statuses.length - 1)]!;
      if (s instanceof Error) throw s;
      return s;
    },
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
    now: () => t,
  };
  return { io, slept };
}

describe("SQL Gateway target: waiting for the job to start (awaitJobStart)", () => {
  it("reads until RUNNING, backing off 250 ms doubling up to 2 s", async () => {
    const { io, slept } = scripted(["INITIALIZING", "INITIALIZING", "CREATED", "INITIALIZING", "INITIALIZING", "RUNNING"]);
    expect(await awaitJobStart("http://gw", JOB1, 60_000, undefined, io)).to.deep.equal({ status: "RUNNING", warnings: [] });
    expect(slept).to.deep.equal([250, 500, 1000, 2000, 2000]);
  });

  it("a job still starting after the timeout is a warning; the last sleep is cut to the deadline", async () => {
    const { io, slept } = scripted(["INITIALIZING"]);
    expect(await awaitJobStart("http://gw", JOB1, 1000, undefined, io)).to.deep.equal({
      status: "INITIALIZING",
      warnings: [`job ${JOB1} was submitted but is still INITIALIZING after 1 s (sqlGateway.startTimeout); whether it starts is not known yet: jobStatus shows it after pulumi refresh, the Flink UI at once`],
    });
    expect(slept).to.deep.equal([250, 500, 250]);
  });

  it("timeout 0 reads once", async () => {
    const { io, slept } = scripted(["CREATED", "RUNNING"]);
    const out = await awaitJobStart("http://gw", JOB1, 0, undefined, io);
    expect(out.status).to.equal("CREATED");
    expect(out.warnings).to.have.length(1);
    expect(slept).to.deep.equal([]);
  });

  it("FINISHED (a bounded job done already) is started; a restart on the way is a warning", async () => {
    expect(await awaitJobStart("http://gw", JOB1, 60_000, undefined, scripted(["FINISHED"]).io)).to.deep.equal({ status: "FINISHED", warnings: [] });
    expect(await awaitJobStart("http://gw", JOB1, 60_000, undefined, scripted(["INITIALIZING", "RUNNING", "RESTARTING", "RUNNING"]).io)).to.deep.equal({ status: "RUNNING", warnings: [] });
    expect(await awaitJobStart("http://gw", JOB1, 60_000, undefined, scripted(["INITIALIZING", "RESTARTING", "RUNNING"]).io)).to.deep.equal({
      status: "RUNNING",
      warnings: [`job ${JOB1} failed and restarted while starting (INITIALIZING → RESTARTING → RUNNING); it is RUNNING now, but check the JobManager log or the Flink UI (Exceptions tab) for the cause`],
    });
  });

  it("a read that fails ends the wait with a warning (the job's id is kept); a gateway that cannot list jobs ends it quietly", async () => {
    expect(await awaitJobStart("http://gw", JOB1, 60_000, undefined, scripted(["INITIALIZING", new Error("HTTP 500\nstack")]).io)).to.deep.equal({
      status: undefined,
      warnings: [`job ${JOB1} was submitted, but reading its status failed (HTTP 500); jobStatus is unknown until the next refresh`],
    });
    const none: StartWaitIo = { ...scripted([]).io, status: async () => undefined };
    expect(await awaitJobStart("http://gw", JOB1, 60_000, undefined, none)).to.deep.equal({ status: undefined, warnings: [] });
  });

  it("FAILED or CANCELED while starting throws, naming the savepoint it was restored from", async () => {
    const failed = await rejection(awaitJobStart("http://gw", JOB1, 60_000, "s3://b/sp/savepoint-1", scripted(["INITIALIZING", "FAILED"]).io));
    expect(failed.kind).to.equal("operation");
    expect(failed.message).to.equal(
      `SQL Gateway http://gw: job ${JOB1} was submitted but FAILED while starting (INITIALIZING → FAILED): most often the restore from s3://b/sp/savepoint-1: a path that does not exist, ` +
        "or state that no operator of the new script claims (set sqlGateway.allowNonRestoredState to true to drop it); the JobManager log or the Flink UI (Exceptions tab) has the cause",
    );
    const fresh = await rejection(awaitJobStart("http://gw", JOB1, 60_000, undefined, scripted(["FAILED"]).io));
    expect(fresh.message).to.equal(
      `SQL Gateway http://gw: job ${JOB1} was submitted but FAILED while starting: the JobManager log or the Flink UI (Exceptions tab) has the cause (e.g. a connector or catalog class missing from the cluster's classpath)`,
    );
    const cancelled = await rejection(awaitJobStart("http://gw", JOB1, 60_000, undefined, scripted(["CANCELED"]).io));
    expect(cancelled.message).to.equal(`SQL Gateway http://gw: job ${JOB1} was submitted but CANCELED while starting: something cancelled it (a STOP JOB or the Flink UI)`);
  });
});

describe("SQL Gateway target: the provider waits for the job to start", () => {
  const harness = providerHarness({ script: SCRIPT_V1, flinkConfiguration: { "parallelism.default": "2" } });
  let fake: FakeSqlGateway;
  const start = async (): Promise<FakeSqlGateway> => (fake = await harness.start());
  const inputs = harness.inputs;
  const jobs = (): string[][] => [...fake.cluster.jobs.values()].map((j) => [j.jobId, j.status]);

  it("create waits through INITIALIZING and reports RUNNING", async () => {
    await start();
    fake.cluster.startSequences.push(["INITIALIZING", "INITIALIZING", "RUNNING"]);
    const { outs } = await provider.create(inputs());
    expect([outs.jobId, outs.jobStatus, outs.warnings]).to.deep.equal([JOB1, "RUNNING", []]);
    // Three reads while it starts (no jobName here: no duplicate check before the submit).
    expect(showJobs(fake.requests)).to.equal(3);
  });

  it("create fails when the restore fails while starting (adaptive scheduler); nothing of that job runs", async () => {
    await start();
    fake.cluster.startSequences.push(["INITIALIZING", "FAILED"]);
    const e = await rejection(provider.create(inputs({ initialSavepointPath: "s3://b/sp/savepoint-000000-gone" })));
    expect(e.message).to.equal(
      `SQL Gateway ${fake.endpoint}: job ${JOB1} was submitted but FAILED while starting (INITIALIZING → FAILED): most often the restore from s3://b/sp/savepoint-000000-gone: a path that does not exist, ` +
        "or state that no operator of the new script claims (set sqlGateway.allowNonRestoredState to true to drop it); the JobManager log or the Flink UI (Exceptions tab) has the cause",
    );
    expect(jobs()).to.deep.equal([[JOB1, "FAILED"]]);
  });

  it("an update whose new job fails to restore says where the old job's savepoint is", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs({ savepointDir: "s3://b/sp" }));
    fake.cluster.startSequences.push(["INITIALIZING", "FAILED"]);
    const e = await rejection(provider.update!("id", olds as SqlGatewayJobOutputs, inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp" })));
    const savepoint = fake.cluster.jobs.get(JOB1)!.savepointPath!;
    expect(savepoint).to.equal("s3://b/sp/savepoint-000001-sp1");
    expect(e.message).to.contain(`job ${JOB2} was submitted but FAILED while starting (INITIALIZING → FAILED): most often the restore from ${savepoint}`);
    expect(e.message.split("\n").slice(1)).to.deep.equal([
      `  the old job ${JOB1} was stopped with a savepoint at ${savepoint}; the new job did not start. Fix the script, set sqlGateway.initialSavepointPath to that path and run pulumi up again to start from it`,
    ]);
    expect(jobs()).to.deep.equal([
      [JOB1, "FINISHED"],
      [JOB2, "FAILED"],
    ]);
    // The user's next up with that path starts the job from it.
    const { outs } = await provider.update!("id", olds as SqlGatewayJobOutputs, inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp", initialSavepointPath: savepoint }));
    expect([outs.jobStatus, outs.savepointPath]).to.deep.equal(["RUNNING", savepoint]);
    expect(fake.cluster.jobs.get(outs.jobId)!.configuration["execution.state-recovery.path"]).to.equal(savepoint);
  });

  it("an update without savepointDir whose new job fails says the old job was cancelled", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs());
    fake.cluster.startSequences.push(["FAILED"]);
    const e = await rejection(provider.update!("id", olds as SqlGatewayJobOutputs, inputs({ script: SCRIPT_V2 })));
    expect(e.message).to.equal(
      `SQL Gateway ${fake.endpoint}: job ${JOB2} was submitted but FAILED while starting: the JobManager log or the Flink UI (Exceptions tab) has the cause (e.g. a connector or catalog class missing from the cluster's classpath)\n` +
        `  the old job ${JOB1} was cancelled (no savepointDir)`,
    );
  });

  it("startTimeoutMs bounds the wait: a job still starting is created with a warning", async () => {
    await start();
    fake.cluster.startSequences.push(["INITIALIZING"]);
    const { outs } = await provider.create(inputs({ startTimeoutMs: 300 }));
    expect(outs.jobStatus).to.equal("INITIALIZING");
    expect(outs.warnings).to.deep.equal([
      `job ${JOB1} was submitted but is still INITIALIZING after 300 ms (sqlGateway.startTimeout); whether it starts is not known yet: jobStatus shows it after pulumi refresh, the Flink UI at once`,
    ]);
  });

  it("check refuses a startTimeoutMs out of range; a change of it alone does not restart the job", async () => {
    await start();
    const failures = (await provider.check!({}, inputs({ startTimeoutMs: -1 }))).failures;
    expect(failures).to.deep.equal([{ property: "startTimeoutMs", reason: "startTimeoutMs must be a whole number of milliseconds from 0 to 600000" }]);
    const { outs: olds } = await provider.create(inputs());
    const d = await provider.diff!("id", olds, inputs({ startTimeoutMs: 5000 }));
    expect([d.changes, d.stables]).to.deep.equal([true, ["jobId", "savepointPath"]]);
    const { outs } = await provider.update!("id", olds, inputs({ startTimeoutMs: 5000 }));
    expect(outs.jobId).to.equal(JOB1);
    expect(jobs()).to.deep.equal([[JOB1, "RUNNING"]]);
  });
});

describe("sqlGateway.startTimeout at preview", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const issues = (startTimeout: unknown): string[] => {
    const diag = new Diagnostics("sqlGateway");
    validateSqlGatewayArgs({ endpoint: "http://gw:8083", startTimeout: startTimeout as string }, diag);
    return diag.errors.map((e) => `${e.path}: ${e.message}`);
  };

  it("takes a Flink duration from 0 to 10 min", () => {
    expect(issues("0s")).to.deep.equal([]);
    expect(issues("10min")).to.deep.equal([]);
    expect(issues("90000")).to.deep.equal([]);
    expect(issues("11min")).to.deep.equal(['sqlGateway.startTimeout: "11min" is longer than the longest wait, 10 min; write at most "10min"']);
    expect(issues("PT1M")).to.deep.equal([
      'sqlGateway.startTimeout: "PT1M" is not a valid Flink duration: Flink does not read ISO-8601 durations; write "1min"',
    ]);
  });

  it("takes a number of seconds from 0 to 600 too", () => {
    expect(issues(60)).to.deep.equal([]);
    expect(issues(0)).to.deep.equal([]);
    expect(issues(0.5)).to.deep.equal([]);
    expect(issues(600)).to.deep.equal([]);
    expect(issues(601)).to.deep.equal(['sqlGateway.startTimeout: 601 seconds is longer than the longest wait, 10 min; write at most 600 (or "10min")']);
    expect(issues(-1)).to.deep.equal(['sqlGateway.startTimeout: must be a number of seconds from 0 to 600 (e.g. 60) or a Flink duration string (e.g. "1min"), got -1']);
    expect(issues(1.0005)).to.deep.equal(['sqlGateway.startTimeout: 1.0005 seconds is not a whole number of milliseconds; write e.g. "1001ms"']);
    expect(issues(true)).to.deep.equal(['sqlGateway.startTimeout: must be a number of seconds from 0 to 600 (e.g. 60) or a Flink duration string (e.g. "1min"), got true']);
  });

  it("FlinkSqlJob passes it to the SqlGatewayJob in milliseconds; a bad one fails the job at preview", async () => {
    const cols = [{ name: "id", type: "BIGINT" }];
    const src = new api.FlinkTable("st_src", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("st_sink", { columns: cols, options: { connector: "blackhole" } });
    const job = new api.FlinkSqlJob("st-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083", startTimeout: "2min" } });
    await settle(job.script);
    await new Promise((r) => setTimeout(r, 50));
    expect(recorded.find((r) => r.name === "st-job-gateway")!.inputs.startTimeoutMs).to.equal(120_000);
    const seconds = new api.FlinkSqlJob("st-job-s", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083", startTimeout: 90 } });
    await settle(seconds.script);
    await new Promise((r) => setTimeout(r, 50));
    expect(recorded.find((r) => r.name === "st-job-s-gateway")!.inputs.startTimeoutMs).to.equal(90_000);
    const summary = (startTimeout: number | string) => settle(gatewaySubmission({ endpoint: "http://gw:8083", script: "", flinkConfiguration: {}, startTimeout })).then((s) => (s.afterSubmit as { startTimeout: string }).startTimeout);
    expect(await Promise.all([summary(90), summary("90"), summary("2min")])).to.deep.equal(["90s", "90 ms", "2min"]);
    const e = errorOf(() => new api.FlinkSqlJob("st-bad", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083", startTimeout: "1 hour" } }));
    expect(e.issues.map((i) => `${i.path}: ${i.message}`)).to.deep.equal(['sqlGateway.startTimeout: "1 hour" is longer than the longest wait, 10 min; write at most "10min"']);
  });
});

describe("SQL Gateway target: a restore that fails the submit (default scheduler)", () => {
  const harness = providerHarness({ script: SCRIPT_V1, flinkConfiguration: { "parallelism.default": "2", "execution.runtime-mode": "STREAMING" } });
  let fake: FakeSqlGateway;
  const start = async (): Promise<FakeSqlGateway> => (fake = await harness.start());
  const inputs = harness.inputs;
  const MISSING = "java.io.FileNotFoundException: Cannot find checkpoint or savepoint file/directory 's3://b/sp/savepoint-gone' on file system 's3'.";
  const UNCLAIMED =
    "java.lang.IllegalStateException: Failed to rollback to checkpoint/savepoint s3://b/sp/savepoint-000001-sp1. Cannot map checkpoint/savepoint state for operator 0a448493b4782967b150582570326227 to the new program, " +
    "because the operator is not available in the new program. If you want to allow to skip this, you can set the --allowNonRestoredState option on the CLI.";

  it("create from a savepoint path that does not exist says so", async () => {
    await start();
    fake.cluster.failingRestores.set("s3://b/sp/savepoint-gone", MISSING);
    const e = await rejection(provider.create(inputs({ initialSavepointPath: "s3://b/sp/savepoint-gone" })));
    expect(e.message.split("\n").slice(-1)).to.deep.equal([
      "  the restore from s3://b/sp/savepoint-gone failed: there is no savepoint or retained checkpoint at that path (Flink reads its _metadata file); set sqlGateway.initialSavepointPath to one that exists",
    ]);
    expect(e.message).to.contain("Cannot find checkpoint or savepoint file/directory");
    expect([...fake.cluster.jobs.values()]).to.deep.equal([]);
  });

  it("an update whose new script does not claim the old state: allowNonRestoredState, then the old job's savepoint; a plain retry is refused, not started empty", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs({ savepointDir: "s3://b/sp" }));
    const savepoint = "s3://b/sp/savepoint-000001-sp1";
    fake.cluster.failingRestores.set(savepoint, UNCLAIMED);
    const news = inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp" });
    const e = await rejection(provider.update!("id", olds as SqlGatewayJobOutputs, news));
    expect(e.message.split("\n").slice(-2)).to.deep.equal([
      `  the restore from ${savepoint} failed: it holds state that no operator of the new script claims (an operator was removed, or the edited SQL changed the plan and so its operator ids). ` +
        "Set sqlGateway.allowNonRestoredState to true to start without that state, or change the SQL back",
      `  the old job ${JOB1} was stopped with a savepoint at ${savepoint}; the new job did not start. Fix the script, set sqlGateway.initialSavepointPath to that path and run pulumi up again to start from it`,
    ]);
    // Pulumi keeps the old state: running the same up again would start empty; refused instead.
    const retry = await rejection(provider.update!("id", olds as SqlGatewayJobOutputs, news));
    expect(retry.message).to.equal(
      `SQL Gateway ${fake.endpoint}: job ${JOB1} no longer runs (FINISHED), so this update took no savepoint, and no new sqlGateway.initialSavepointPath says where to restore from: ` +
        "the new job would start with empty state although savepointDir is set. The new job was not submitted. " +
        "If an earlier update failed, its error named the savepoint its stop took: set sqlGateway.initialSavepointPath to it (or to the job's last retained checkpoint) and run pulumi up again; " +
        "to start with empty state on purpose, unset savepointDir for this update",
    );
    // As the first error said: from the savepoint, dropping the unclaimed state.
    fake.cluster.failingRestores.clear();
    const { outs } = await provider.update!("id", olds as SqlGatewayJobOutputs, { ...news, initialSavepointPath: savepoint, allowNonRestoredState: true });
    expect([outs.jobId, outs.jobStatus, outs.savepointPath]).to.deep.equal([JOB2, "RUNNING", savepoint]);
    expect(fake.cluster.jobs.get(JOB2)!.configuration).to.deep.include({ "execution.state-recovery.path": savepoint, "execution.state-recovery.ignore-unclaimed-state": "true" });
  });

  it("a bounded streaming job that FINISHED by itself starts empty with a warning (bounded: no state worth a restore)", async () => {
    await start();
    const bounded = inputs({ savepointDir: "s3://b/sp", bounded: true });
    const { outs: olds } = await provider.create(bounded);
    fake.cluster.jobs.get(JOB1)!.status = "FINISHED";
    const { outs } = await provider.update!("id", olds as SqlGatewayJobOutputs, { ...bounded, script: SCRIPT_V2 });
    expect([outs.jobId, outs.warnings]).to.deep.equal([
      JOB2,
      [
        `job ${JOB1} was no longer running (FINISHED); nothing to stop and no savepoint taken`,
        `job ${JOB1} had ended and took no savepoint; its reads are bounded, so the new job reads its sources from the beginning`,
      ],
    ]);
  });

  it("state written before `bounded` existed shows no change when FlinkSqlJob now passes bounded: false", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs());
    expect(await provider.diff!("id", olds, inputs({ bounded: false }))).to.deep.equal({ changes: false, replaces: [], stables: ["jobId", "savepointPath"], deleteBeforeReplace: false });
    expect((await provider.diff!("id", olds, inputs({ bounded: true }))).changes).to.equal(true);
  });

  it("a batch job: savepointDir is not used — a running one is cancelled (no STOP ... WITH SAVEPOINT), a finished one just replaced", async () => {
    await start();
    const batch = inputs({ savepointDir: "s3://b/sp", flinkConfiguration: { "execution.runtime-mode": "BATCH" } });
    const { outs: olds } = await provider.create(batch);
    const { outs } = await provider.update!("id", olds as SqlGatewayJobOutputs, { ...batch, script: SCRIPT_V2 });
    expect([outs.jobId, outs.warnings]).to.deep.equal([JOB2, [`job ${JOB1} was cancelled (a batch job takes no savepoint) and the new job starts from the beginning`]]);
    expect(fake.executed.filter((x) => x.statement.startsWith("STOP")).map((x) => x.statement)).to.deep.equal([`STOP JOB '${JOB1}'`]);
    fake.cluster.jobs.get(JOB2)!.status = "FINISHED";
    const { outs: again } = await provider.update!("id", outs, { ...batch, script: SCRIPT_V1 });
    expect(again.warnings).to.deep.equal([`job ${JOB2} was no longer running (FINISHED); nothing to stop`]);
    await provider.delete!("id", again);
    expect(fake.executed.filter((x) => x.statement.startsWith("STOP")).map((x) => x.statement)).to.deep.equal([`STOP JOB '${JOB1}'`, `STOP JOB 'ffffffffffffffffffffffff00000003'`]);
  });
});
