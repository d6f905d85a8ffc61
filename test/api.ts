/** The package's public API loaded under Pulumi mocks, and a helper that captures the validation error. */
import { installMocks } from "./pulumi-mocks.js";
import { registry } from "../src/components/job-registry.js";

export type Api = typeof import("../src/index.js");
export type ValidationError = InstanceType<Api["FlinkIcebergValidationError"]>;

/** Installs fresh mocks, then loads the package (after the mocks, as Pulumi's testing guide asks). */
export async function mockedApi(): Promise<Api> {
  await installMocks();
  return import("../src/index.js");
}

/** Runs `fn` and returns the FlinkIcebergValidationError it throws; fails when it throws nothing. */
export function errorOf(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (e) {
    return e as ValidationError;
  }
  throw new Error("expected a FlinkIcebergValidationError");
}

/** Runs `fn`, expecting a FlinkIcebergValidationError (from any copy of the module); returns its issues. */
export function issuesOf(fn: () => unknown): readonly { path: string; message: string }[] {
  const e = errorOf(fn);
  if (!(e instanceof Error) || e.name !== "FlinkIcebergValidationError") throw new Error(`expected a FlinkIcebergValidationError, got ${String(e)}`);
  return e.issues;
}

/** Like issuesOf, but [] when `fn` throws nothing (a check that must stay quiet). */
export function issuesOrNone(fn: () => unknown): readonly { path: string; message: string }[] {
  let thrown: unknown;
  try {
    fn();
    return [];
  } catch (e) {
    thrown = e;
  }
  return issuesOf(() => {
    throw thrown;
  });
}

/** The warnings the job `jobName` registered (the program's registry, as synth reads it). */
export function jobWarnings(jobName: string): string[] {
  const job = registry().jobs.find((j) => j.name === jobName);
  if (!job) throw new Error(`job ${jobName} not registered`);
  return [...job.warnings];
}

/** `INSERT INTO <prefix>_sink SELECT id FROM <prefix>_src` over two new FlinkTables (datagen → blackhole): a job's smallest statement. */
export function datagenToBlackhole(api: Api, prefix: string): ReturnType<Api["sql"]> {
  const columns = [{ name: "id", type: "BIGINT" }];
  const src = new api.FlinkTable(`${prefix}_src`, { columns, options: { connector: "datagen" } });
  const sink = new api.FlinkTable(`${prefix}_sink`, { columns, options: { connector: "blackhole" } });
  return api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`;
}
