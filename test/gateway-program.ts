/**
 * A one-job SQL Gateway program under Pulumi mocks (datagen into blackhole), for tests of what the
 * job logs from its gateway job's state: the SqlGatewayJob's mocked state adds `gatewayState()`
 * (called when the mock registers it) to its inputs, and every `pulumi.log.warn` message of the run is collected.
 */
import * as pulumi from "@pulumi/pulumi";

/** The program's job, as `observe` reads it. */
export type GatewayProgramJob = InstanceType<typeof import("../src/index.js").FlinkSqlJob>;

/**
 * Runs the program (`preview`: dry run or up; tables `<prefix>_src_<suffix>` / `<prefix>_out_<suffix>`,
 * job `jobName`), waits for `observe(job)` and 20 ms more for the logs, and returns what `observe`
 * gave with the warnings logged meanwhile.
 */
export async function runGatewayProgram<T>(
  preview: boolean,
  gatewayState: () => Record<string, unknown>,
  names: { readonly prefix: string; readonly suffix: string; readonly jobName: string },
  observe: (job: GatewayProgramJob) => Promise<T>,
): Promise<{ readonly logged: string[]; readonly value: T }> {
  await pulumi.runtime.setMocks(
    {
      newResource(args: pulumi.runtime.MockResourceArgs) {
        const state = args.type.includes("SqlGatewayJob") ? gatewayState() : {};
        return { id: `${args.name}-id`, state: { ...(args.inputs as Record<string, unknown>), ...state } };
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
    const src = new api.FlinkTable(`${names.prefix}_src_${names.suffix}`, { columns: cols, options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`${names.prefix}_out_${names.suffix}`, { columns: cols, options: { connector: "blackhole" } });
    const job = new api.FlinkSqlJob(names.jobName, { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083" } });
    const value = await observe(job);
    await new Promise((r) => setTimeout(r, 20));
    return { logged, value };
  } finally {
    log.warn = original;
  }
}
