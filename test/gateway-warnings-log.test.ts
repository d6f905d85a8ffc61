/**
 * The SQL Gateway provider's warnings (dynamic providers cannot log) are logged by the job at
 * `pulumi up`, not at preview: a preview reads the last update's warnings from the state and would
 * repeat them every time. They stay readable in the job's gatewayWarnings output.
 */
import { expect } from "chai";
import { runGatewayProgram } from "./gateway-program.js";
import { installMocks, settle } from "./pulumi-mocks.js";

/** A run of the program; the gateway job's state says its warnings are from `warnedAt` (ms since the epoch). */
async function run(preview: boolean, warnedAt: () => number | undefined = () => Date.now()): Promise<{ logged: string[]; output: readonly string[] | undefined }> {
  const state = (): Record<string, unknown> => ({ jobId: "ffffffffffffffffffffffff00000001", warnings: ["job 1 was cancelled without a savepoint"], warnedAt: warnedAt() });
  const { logged, value } = await runGatewayProgram(preview, state, { prefix: "gwl", suffix: String(preview), jobName: `gwl-${preview}-${String(warnedAt())}` }, (job) =>
    settle(job.deployment.gatewayWarnings!),
  );
  return { logged: logged.filter((m) => m.includes("cancelled")), output: value };
}

describe("SQL Gateway warnings: logged by up, not by preview", () => {
  after(async () => installMocks());

  it("up logs them; preview does not; both keep them in gatewayWarnings", async () => {
    const up = await run(false);
    expect(up).to.deep.equal({ logged: ["job 1 was cancelled without a savepoint"], output: ["job 1 was cancelled without a savepoint"] });
    const preview = await run(true);
    expect(preview.logged).to.deep.equal([]);
  });

  it("an up that does not touch the job (its state is from an earlier run) does not log them again", async () => {
    const untouched = await run(false, () => Date.now() - 60_000);
    expect(untouched).to.deep.equal({ logged: [], output: ["job 1 was cancelled without a savepoint"] });
    // State written before warnedAt existed: not logged either.
    expect((await run(false, () => undefined)).logged).to.deep.equal([]);
  });
});
