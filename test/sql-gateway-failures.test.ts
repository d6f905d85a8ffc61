/**
 * The SQL Gateway target when something fails half-way: a job is never lost track of (so the next
 * `pulumi up` never starts a second writer), a savepoint the cluster took is never silently
 * dropped, and transient gateway answers are retried where a retry is safe.
 */
import { expect } from "chai";
import { sqlGatewayProvider as provider } from "../src/deploy/sql-gateway/provider.js";
import { submitToSqlGateway } from "../src/deploy/sql-gateway/client.js";
import type { SqlGatewayJobOutputs } from "../src/deploy/sql-gateway/provider-impl.js";
import { providerHarness } from "./fakes/provider-harness.js";
import { FakeSqlGateway, type FakeGatewayOptions, type RecordedRequest } from "./fakes/sql-gateway.js";
import { serverTrace } from "./fakes/sql-gateway-engine.js";
import { gatewayRejection } from "./fakes/gateway-rejection.js";
import { settle } from "./pulumi-mocks.js";

const JOB1 = "ffffffffffffffffffffffff00000001";
const JOB2 = "ffffffffffffffffffffffff00000002";
const SCRIPT_V1 = "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen');\nINSERT INTO `sink` SELECT `id` FROM `src`;";
const SCRIPT_V2 = "CREATE TABLE `src` (`id` BIGINT) WITH ('connector' = 'datagen');\nINSERT INTO `sink` SELECT `id` * 2 FROM `src`;";

const rejection = gatewayRejection;

const statementOf = (r: RecordedRequest): string | undefined => (r.method === "POST" && r.path.endsWith("/statements") ? (r.body as { statement: string }).statement : undefined);

describe("SQL Gateway target: failures half-way", () => {
  const harness = providerHarness({
    script: SCRIPT_V1,
    flinkConfiguration: { "parallelism.default": "2" },
    headers: { Authorization: "Bearer t0k3n" },
  });
  let fake: FakeSqlGateway;
  const start = async (o: FakeGatewayOptions = {}): Promise<FakeSqlGateway> => (fake = await harness.start(o));
  const inputs = harness.inputs;
  const jobs = (): string[][] => [...fake.cluster.jobs.values()].map((j) => [j.jobId, j.status]);

  it("create refuses a Flink 1.16 gateway before submitting (no STOP JOB: the job could never be updated or deleted)", async () => {
    await start({ apiVersions: ["V1"], flinkVersion: "1.16.3" });
    const e = await rejection(provider.create(inputs()));
    expect(e.kind).to.equal("unsupported");
    expect(e.message).to.equal(
      `SQL Gateway ${fake.endpoint}: the sqlGateway target (an update or delete stops the job with STOP JOB) needs Flink 1.17 or later (STOP JOB / SHOW JOBS, FLINK-28617), but the gateway runs Flink 1.16.3; ` +
        "stop the job through the JobManager REST API instead (POST /jobs/<id>/stop) or upgrade the gateway",
    );
    expect(jobs()).to.deep.equal([]);
    expect(fake.executed).to.deep.equal([]);
  });

  it("a status read that fails after the submit keeps the job's id (a warning, not an error)", async () => {
    await start({ intercept: (r) => (statementOf(r) === "SHOW JOBS" ? { status: 500, body: { errors: ["Internal server error."] } } : undefined) });
    const { outs } = await provider.create(inputs());
    expect(outs.jobId).to.equal(JOB1);
    expect(outs.jobStatus).to.equal(undefined);
    expect(outs.warnings).to.deep.equal([
      `job ${JOB1} was submitted, but reading its status failed (SQL Gateway ${fake.endpoint}: submitting a statement failed with HTTP 500: Internal server error.); jobStatus is unknown until the next refresh`,
    ]);
    expect(jobs()).to.deep.equal([[JOB1, "RUNNING"]]);
  });

  it("a GET answered 503 (status poll or result fetch) is retried; the job starts once", async () => {
    let failed = 0;
    await start({ intercept: (r) => (r.method === "GET" && /\/result\/0$/.test(r.path) && failed++ < 2 ? { status: 503, body: { errors: ["Service Unavailable"] } } : undefined) });
    const sub = await submitToSqlGateway(fake.endpoint, "INSERT INTO `sink` SELECT 1", { poll: { initialMs: 1, maxMs: 4 } });
    expect(sub.jobId).to.equal(JOB1);
    expect(failed).to.equal(3);
    expect(jobs()).to.deep.equal([[JOB1, "RUNNING"]]);
  });

  it("a delete that cannot reach the gateway at all says how to drop the resource when gateway and cluster are gone for good", async () => {
    await start();
    const { outs } = await provider.create(inputs({ savepointDir: "s3://b/sp" }));
    const endpoint = fake.endpoint;
    await fake.close();
    const e = await rejection(provider.delete!("id", outs));
    expect([e.kind, e.message]).to.deep.equal([
      "connection",
      `SQL Gateway ${endpoint}: cannot reach the SQL Gateway (reading the REST API versions (GET /api_versions)): ECONNREFUSED\n` +
        `  job ${JOB1} was not stopped and the resource was not deleted. If the gateway and its cluster are gone for good (the job with them), ` +
        "drop the resource from the stack with pulumi state delete <urn> (pulumi stack --show-urns lists the SqlGatewayJob's urn), then run pulumi destroy again",
    ]);
  });

  it("a refresh that cannot reach the gateway says how to drop the resource when gateway and cluster are gone for good", async () => {
    await start();
    const { outs } = await provider.create(inputs());
    const endpoint = fake.endpoint;
    await fake.close();
    const e = await rejection(provider.read!("id", outs));
    expect([e.kind, e.message]).to.deep.equal([
      "connection",
      `SQL Gateway ${endpoint}: cannot reach the SQL Gateway (reading the REST API versions (GET /api_versions)): ECONNREFUSED\n` +
        `  job ${JOB1}'s status was not refreshed. If the gateway is only down for now, run pulumi refresh again once it answers; if the gateway and its cluster are gone for good (the job with them), ` +
        "drop the resource from the stack with pulumi state delete <urn> (pulumi stack --show-urns lists the SqlGatewayJob's urn), then run pulumi up to create the job anew",
    ]);
  });

  it("a read without the resource's state (an import) is refused with what to do instead, before any request", async () => {
    await start();
    for (const props of [undefined, {}, { jobId: JOB1 }]) {
      let message: string | undefined;
      try {
        await provider.read!("0123abcd", props as unknown as SqlGatewayJobOutputs);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).to.equal(
        'SqlGatewayJob "0123abcd": import is not supported: the resource\'s state is the job this provider submitted (its script, endpoint and job id), which an id alone cannot rebuild. ' +
          "Declare the job as a FlinkSqlJob with a sqlGateway target and run pulumi up to start it; to take over a job that already runs, stop it with a savepoint " +
          "(STOP JOB '<job id>' WITH SAVEPOINT in the SQL client) and set sqlGateway.initialSavepointPath to the savepoint it reports, so that pulumi up starts the declared job from it",
      );
    }
    expect(fake.requests.length).to.equal(0);
  });

  it("an update whose old gateway cannot be reached (moved to a new endpoint, the old one gone) says how to start over on the new one", async () => {
    await start();
    const { outs } = await provider.create(inputs());
    const old = fake.endpoint;
    await fake.close();
    const next = await FakeSqlGateway.start({ statuses: [] });
    try {
      const e = await rejection(provider.update!("id", outs, inputs({ endpoint: next.endpoint })));
      expect([e.kind, e.message]).to.deep.equal([
        "connection",
        `SQL Gateway ${old}: cannot reach the SQL Gateway (reading the REST API versions (GET /api_versions)): ECONNREFUSED\n` +
          `  job ${JOB1} was not stopped and the new job was not submitted. If the gateway and its cluster are gone for good (the job with them), ` +
          "drop the resource from the stack with pulumi state delete <urn> (pulumi stack --show-urns lists the SqlGatewayJob's urn), then run pulumi up again (it creates the job anew)",
      ]);
      expect(next.executed).to.deep.equal([]);
    } finally {
      await next.close();
    }
  });

  it("a POST answered 503 is not sent again (it may have started a job)", async () => {
    await start({ intercept: (r) => (statementOf(r)?.startsWith("INSERT") ? { status: 503, body: { errors: ["Service Unavailable"] } } : undefined) });
    const e = await rejection(submitToSqlGateway(fake.endpoint, "INSERT INTO `sink` SELECT 1", { poll: { initialMs: 1, maxMs: 4 } }));
    expect(e.status).to.equal(503);
    expect(fake.executed.map((x) => x.statement)).to.deep.equal(["INSERT INTO `sink` SELECT 1"]);
  });

  it("the stop session waits as long as the call (client.timeout), and a stop the gateway gave up on while the job FINISHED names the savepoint to restore", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs({ savepointDir: "s3://b/sp" }));
    const realRun = fake.cluster.run.bind(fake.cluster);
    fake.cluster.run = (s, c) => {
      if (!s.startsWith("STOP")) return realRun(s, c);
      fake.cluster.jobs.get(JOB1)!.status = "FINISHED";
      return { kind: "error", trace: serverTrace("java.util.concurrent.TimeoutException", "Stop with savepoint did not complete in time") };
    };
    const e = await rejection(provider.update!("id", olds, inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp" })));
    expect(e.message.split("\n").slice(-1)[0]).to.equal(
      `  job ${JOB1} has FINISHED all the same: the cluster most likely completed the stop with a savepoint under s3://b/sp (a directory savepoint-ffffff-...). ` +
        "The new job was not submitted: set sqlGateway.initialSavepointPath to that savepoint and run pulumi up again (without it the new job would start with empty state)",
    );
    expect(jobs()).to.deep.equal([[JOB1, "FINISHED"]]);
    // Sessions: submit, SHOW JOBS after it, SHOW JOBS before the stop, the stop, SHOW JOBS after the failed stop.
    const sessions = fake.requests.filter((r) => r.path === "/v4/sessions").map((r) => (r.body as { properties: Record<string, string> }).properties);
    expect(sessions).to.have.length(5);
    expect(sessions[3]).to.deep.equal({ "execution.checkpointing.savepoint-dir": "s3://b/sp", "client.timeout": "600 s" });
  });

  it("a stop refused because the job is RESTARTING says how to replace it", async () => {
    await start();
    fake.cluster.addJob({ status: "RESTARTING" });
    const realRun = fake.cluster.run.bind(fake.cluster);
    fake.cluster.run = (s, c) =>
      s.startsWith("STOP") ? { kind: "error", trace: serverTrace("org.apache.flink.runtime.checkpoint.CheckpointException", "Not all required tasks are currently running.") } : realRun(s, c);
    const olds = { ...inputs({ savepointDir: "s3://b/sp" }), jobId: JOB1, jobStatus: "RESTARTING", warnings: [] } as unknown as SqlGatewayJobOutputs;
    const e = await rejection(provider.update!("id", olds, inputs({ script: SCRIPT_V2, savepointDir: "s3://b/sp" })));
    expect(e.message.split("\n").slice(-1)[0]).to.equal(
      `  job ${JOB1} is RESTARTING; the new job was not submitted. A savepoint needs every task running: fix what makes the job fail, or replace it without a savepoint ` +
        "(unset sqlGateway.savepointDir for this update: the job is cancelled; set sqlGateway.initialSavepointPath to its last retained checkpoint)",
    );
    expect(jobs()).to.deep.equal([[JOB1, "RESTARTING"]]);
  });

  it("a delete whose stop fails says how to delete, not how to restore a new job (there is none)", async () => {
    await start();
    fake.cluster.addJob({ status: "RESTARTING" });
    const realRun = fake.cluster.run.bind(fake.cluster);
    fake.cluster.run = (s, c) =>
      s.startsWith("STOP") ? { kind: "error", trace: serverTrace("org.apache.flink.runtime.checkpoint.CheckpointException", "Not all required tasks are currently running.") } : realRun(s, c);
    const olds = { ...inputs({ savepointDir: "s3://b/sp" }), jobId: JOB1, jobStatus: "RESTARTING", warnings: [] } as unknown as SqlGatewayJobOutputs;
    const restarting = await rejection(provider.delete!("id", olds));
    expect(restarting.message.split("\n").slice(-1)[0]).to.equal(
      `  job ${JOB1} is RESTARTING; the resource was not deleted. A savepoint needs every task running: cancel the job yourself (Flink UI, or the cluster's REST API: PATCH /jobs/${JOB1}) and run the delete again, ` +
        "or first run pulumi up with sqlGateway.savepointDir unset (that restarts no job) so that the delete cancels it",
    );
    expect(jobs()).to.deep.equal([[JOB1, "RESTARTING"]]);
    // The stop the gateway gave up on while the cluster finished it: delete again.
    fake.cluster.run = (s, c) => {
      if (!s.startsWith("STOP")) return realRun(s, c);
      fake.cluster.jobs.get(JOB1)!.status = "FINISHED";
      return { kind: "error", trace: serverTrace("java.util.concurrent.TimeoutException", "Stop with savepoint did not complete in time") };
    };
    fake.cluster.jobs.get(JOB1)!.status = "RUNNING";
    const finished = await rejection(provider.delete!("id", olds));
    expect(finished.message.split("\n").slice(-1)[0]).to.equal(
      `  job ${JOB1} has FINISHED all the same: the cluster most likely completed the stop with a savepoint under s3://b/sp (a directory savepoint-ffffff-...). ` +
        "Run the delete again (pulumi up or pulumi destroy): a job that has ended is deleted without a stop",
    );
    await provider.delete!("id", olds);
  });

  it("an update with rotated headers stops the old job with the new credentials", async () => {
    await start();
    const { outs: olds } = await provider.create(inputs());
    const before = fake.requests.length;
    const { outs } = await provider.update!("id", olds, inputs({ script: SCRIPT_V2, headers: { Authorization: "Bearer rotated" } }));
    expect(outs.jobId).to.equal(JOB2);
    expect(fake.requests.slice(before).map((r) => r.headers.authorization)).to.satisfy((h: unknown[]) => h.length > 0 && h.every((x) => x === "Bearer rotated"));
  });

  it("the job runs under the resource's jobName, and a create that finds a running job of that name it does not own submits nothing (an earlier up lost its id)", async () => {
    await start();
    const named = inputs({ jobName: "ingest (pulumi shop/prod)" });
    const { outs } = await provider.create(named);
    expect(fake.cluster.jobs.get(JOB1)!.name).to.equal("ingest (pulumi shop/prod)");
    expect(fake.cluster.jobs.get(JOB1)!.configuration["pipeline.name"]).to.equal("ingest (pulumi shop/prod)");
    // The state was lost (a failed create records none): pulumi up creates again.
    const e = await rejection(provider.create(named));
    expect(e.kind).to.equal("invalid");
    expect(e.message).to.equal(
      `SQL Gateway ${fake.endpoint}: a job named "ingest (pulumi shop/prod)" is already RUNNING (${JOB1}) on the cluster, and this resource does not know it: ` +
        "most likely an earlier pulumi up submitted it and failed before recording its id. The new job was not submitted (two jobs would write the same tables). " +
        `Stop that job (STOP JOB '${JOB1}' WITH SAVEPOINT in a SQL client, or from the Flink UI), set sqlGateway.initialSavepointPath to its savepoint, and run pulumi up again; ` +
        "if it belongs to something else, give this job another pipeline.name in its configuration",
    );
    expect(jobs()).to.deep.equal([[JOB1, "RUNNING"]]);
    // Its own job is no duplicate: an update stops it and submits the next one.
    const { outs: next } = await provider.update!("id", outs, { ...named, script: SCRIPT_V2 });
    expect(next.jobId).to.equal(JOB2);
    // A pipeline.name of the job's configuration wins over jobName.
    const own = await provider.create(inputs({ jobName: "x", flinkConfiguration: { "pipeline.name": "orders" } }));
    expect(fake.cluster.jobs.get(own.outs.jobId)!.name).to.equal("orders");
  });

  it("synth's summary shows the job name the provider gives, unless pipeline.name is set", async () => {
    await start();
    const { gatewaySubmission } = await import("../src/components/gateway-summary.js");
    const base = { endpoint: "http://gw:8083", script: "", jobName: "ingest (pulumi shop/prod)" };
    const named = (await settle(gatewaySubmission({ ...base, flinkConfiguration: {} }))) as Record<string, unknown>;
    expect((named.jobName as Record<string, unknown>)["pipeline.name"]).to.equal("ingest (pulumi shop/prod)");
    const own = (await settle(gatewaySubmission({ ...base, flinkConfiguration: { "pipeline.name": "orders" } }))) as Record<string, unknown>;
    expect(own).to.not.have.property("jobName");
    // A batch job takes no savepoint: the summary does not promise one (nor advise savepointDir).
    const batch = (await settle(gatewaySubmission({ ...base, flinkConfiguration: { "execution.runtime-mode": "BATCH" }, savepointDir: "s3://b/sp" }))) as Record<string, unknown>;
    expect(batch.onUpdate).to.deep.equal({ then: "stop the job if it still runs, without a savepoint (a batch job takes none; savepointDir is not used), then submit the new script" });
  });

  it("an update that finds another running job of its name (left by an earlier failed update) stops and submits nothing", async () => {
    await start();
    const named = inputs({ jobName: "ingest", savepointDir: "s3://b/sp" });
    const { outs: olds } = await provider.create(named);
    fake.cluster.addJob({ name: "ingest" });
    const e = await rejection(provider.update!("id", olds, { ...named, script: SCRIPT_V2 }));
    expect(e.message.split("\n")[0]).to.match(/a job named "ingest" is already RUNNING \(ffffffffffffffffffffffff00000002\) on the cluster/);
    // Refused before the old job is stopped: nothing is left without a running job.
    expect(e.message.split("\n")).to.have.length(1);
    expect(jobs()).to.deep.equal([[JOB1, "RUNNING"], [JOB2, "RUNNING"]]);
  });

  it("after a failed restore, allowNonRestoredState alone starts the job again from the savepoint the failed one was started from", async () => {
    await start();
    const named = inputs({ savepointDir: "s3://b/sp" });
    const { outs: first } = await provider.create(named);
    const { outs: restored } = await provider.update!("id", first, { ...named, script: SCRIPT_V2 });
    expect(restored.savepointPath).to.equal("s3://b/sp/savepoint-000001-sp1");
    fake.cluster.jobs.get(JOB2)!.status = "FAILED";
    const { outs } = await provider.update!("id", { ...restored, jobStatus: "FAILED" }, { ...named, script: SCRIPT_V2, allowNonRestoredState: true });
    expect(outs).to.deep.include({ jobId: "ffffffffffffffffffffffff00000003", savepointPath: "s3://b/sp/savepoint-000001-sp1" });
    expect(fake.cluster.jobs.get(outs.jobId)!.configuration).to.deep.include({ "execution.state-recovery.path": "s3://b/sp/savepoint-000001-sp1", "execution.state-recovery.ignore-unclaimed-state": "true" });
    // With nothing to restore from, a streaming restart with savepointDir set is refused: it would start empty.
    fake.cluster.jobs.get(outs.jobId)!.status = "CANCELED";
    const streaming = { "parallelism.default": "2", "execution.runtime-mode": "STREAMING" };
    const empty = await rejection(provider.update!("id", { ...outs, savepointPath: undefined, jobStatus: "CANCELED" }, { ...named, flinkConfiguration: streaming, script: SCRIPT_V1, allowNonRestoredState: true }));
    expect(empty.message).to.equal(
      `SQL Gateway ${fake.endpoint}: job ffffffffffffffffffffffff00000003 no longer runs (CANCELED), so this update took no savepoint, and no new sqlGateway.initialSavepointPath says where to restore from: ` +
        "the new job would start with empty state although savepointDir is set. The new job was not submitted. " +
        "If an earlier update failed, its error named the savepoint its stop took: set sqlGateway.initialSavepointPath to it (or to the job's last retained checkpoint) and run pulumi up again; " +
        "to start with empty state on purpose, unset savepointDir for this update",
    );
    expect(fake.executed.filter((x) => x.statement.startsWith("INSERT"))).to.have.length(3);
  });

  it("a job that has ended restarts when initialSavepointPath changes; a running one does not", async () => {
    await start();
    const { outs: created } = await provider.create(inputs());
    const failed = { ...created, jobStatus: "FAILED" };
    const news = inputs({ initialSavepointPath: "s3://b/sp/savepoint-ffffff-0123" });
    expect(await provider.diff!("id", failed, news)).to.deep.equal({ changes: true, replaces: [], stables: [], deleteBeforeReplace: false });
    expect(await provider.diff!("id", created, news)).to.deep.equal({ changes: true, replaces: [], stables: ["jobId", "savepointPath"], deleteBeforeReplace: false });

    // Still running (the last read was FAILED, the cluster says RUNNING): kept, no submit.
    const kept = await provider.update!("id", failed, news);
    expect(kept.outs).to.deep.include({ jobId: JOB1, jobStatus: "RUNNING" });
    expect(fake.executed.filter((x) => x.statement.startsWith("INSERT"))).to.have.length(1);

    fake.cluster.jobs.get(JOB1)!.status = "FAILED";
    const { outs } = await provider.update!("id", failed, news);
    expect(outs).to.deep.include({ jobId: JOB2, savepointPath: "s3://b/sp/savepoint-ffffff-0123", jobStatus: "RUNNING" });
    expect(outs.warnings).to.deep.equal([`job ${JOB1} was no longer running (FAILED); nothing to stop`]);
    expect(fake.cluster.jobs.get(JOB2)!.configuration).to.deep.include({ "execution.state-recovery.path": "s3://b/sp/savepoint-ffffff-0123", "execution.savepoint.path": "s3://b/sp/savepoint-ffffff-0123" });
  });
});
