/**
 * A SQL Gateway job that ended outside Pulumi (cancelled in the Flink UI, failed, lost with a
 * session cluster that restarted): `pulumi refresh` records its status, and since an `up` without
 * changes does nothing, preview and up warn that it no longer runs and how to start it again.
 */
import { expect } from "chai";
import { endedJobWarning } from "../src/deploy/sql-gateway/ended-job.js";
import { runGatewayProgram } from "./gateway-program.js";
import { installMocks, settle } from "./pulumi-mocks.js";

const JOB = "ffffffffffffffffffffffff00000001";
const HOW =
  "and pulumi up does not start it again by itself: to restart it, set sqlGateway.initialSavepointPath to its last savepoint or retained checkpoint " +
  "(a change of that alone restarts a job that ended), or change the job's statements or configuration";

describe("SQL Gateway job that ended outside Pulumi", () => {
  after(async () => installMocks());

  it("endedJobWarning: each ended status, exactly; none while it runs, when unknown, or for a bounded job that FINISHED (or has been forgotten since)", () => {
    expect(endedJobWarning(JOB, "CANCELED", false)).to.equal(`the Flink job ${JOB} is CANCELED on the cluster as of the last create, update or refresh, ${HOW}`);
    expect(endedJobWarning(JOB, "FAILED", true)).to.equal(`the Flink job ${JOB} is FAILED on the cluster as of the last create, update or refresh, ${HOW}`);
    expect(endedJobWarning(JOB, "FINISHED", false)).to.equal(`the Flink job ${JOB} is FINISHED on the cluster as of the last create, update or refresh, ${HOW}`);
    expect(endedJobWarning(JOB, "NOT_FOUND", false)).to.equal(`the Flink job ${JOB} is no longer known to the cluster (SHOW JOBS does not list it) as of the last create, update or refresh, ${HOW}`);
    expect([endedJobWarning(JOB, "FINISHED", true), endedJobWarning(JOB, "NOT_FOUND", true), endedJobWarning(JOB, "RUNNING", false), endedJobWarning(JOB, "RESTARTING", false), endedJobWarning(JOB, undefined, false), endedJobWarning(undefined, "CANCELED", false)]).to.deep.equal([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  /** Runs a one-job program whose gateway job's state holds `jobStatus`; returns the warnings logged about it. */
  async function run(preview: boolean, jobStatus: string | undefined, name: string): Promise<string[]> {
    const { logged } = await runGatewayProgram(preview, () => ({ jobId: JOB, jobStatus, warnings: [] }), { prefix: "ended", suffix: name, jobName: `ended-${name}` }, (job) =>
      settle(job.deployment.jobStatus!),
    );
    return logged.filter((m) => m.includes(JOB));
  }

  it("preview and up warn once per run when the state says CANCELED; nothing while it is RUNNING", async () => {
    const warning = `the Flink job ${JOB} is CANCELED on the cluster as of the last create, update or refresh, ${HOW}`;
    expect(await run(true, "CANCELED", "p")).to.deep.equal([warning]);
    expect(await run(false, "CANCELED", "u")).to.deep.equal([warning]);
    expect(await run(true, "RUNNING", "r")).to.deep.equal([]);
    expect(await run(false, undefined, "n")).to.deep.equal([]);
  });
});
