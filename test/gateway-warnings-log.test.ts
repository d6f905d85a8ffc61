/**
 * The SQL Gateway provider's warnings (dynamic providers cannot log) are logged by the job at
 * `pulumi up`, not at preview: a preview reads the last update's warnings from the state and would
 * repeat them every time. They stay readable in the job's gatewayWarnings output.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { settle } from "./pulumi-mocks.js";
import { installMocks } from "./pulumi-mocks.js";

/** A run of the program; the gateway job's state says its warnings are from `warnedAt` (ms since the epoch). */
async function run(preview: boolean, warnedAt: () => number | undefined = () => Date.now()): Promise<{ logged: string[]; output: readonly string[] | undefined }> {
  await pulumi.runtime.setMocks(
    {
      newResource(args: pulumi.runtime.MockResourceArgs) {
        const stale = args.type.includes("SqlGatewayJob") ? { jobId: "ffffffffffffffffffffffff00000001", warnings: ["job 1 was cancelled without a savepoint"], warnedAt: warnedAt() } : {};
        return { id: `${args.name}-id`, state: { ...(args.inputs as Record<string, unknown>), ...stale } };
      },
      call: (args: pulumi.runtime.MockCallArgs) => args.inputs as Record<string, unknown>,
    },
    "project",
    "stack",
    preview,
  );
  const api = await import("../src/index.js");
  const logged: string[] = [];
  const log = pulumi.log as unknown as { warn: (m: string) => Promise<void> };
  const original = log.warn;
  log.warn = async (m: string) => void logged.push(m);
  try {
    const cols = [{ name: "id", type: "BIGINT" }];
    const src = new api.FlinkTable(`gwl_src_${preview}`, { columns: cols, options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`gwl_out_${preview}`, { columns: cols, options: { connector: "blackhole" } });
    const job = new api.FlinkSqlJob(`gwl-${preview}-${String(warnedAt())}`, { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083" } });
    const output = await settle(job.deployment.gatewayWarnings!);
    await new Promise((r) => setTimeout(r, 20));
    return { logged: logged.filter((m) => m.includes("cancelled")), output };
  } finally {
    log.warn = original;
  }
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
