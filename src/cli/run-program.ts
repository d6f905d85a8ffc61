/**
 * Runs a Pulumi program in this process under Pulumi's mock runtime (`pulumi.runtime.setMocks`),
 * with the stack's config, and returns what the package's components registered. TypeScript
 * programs are loaded through tsx; `import "pulumi-flink-iceberg"` in the program resolves to
 * this very package, so examples need no separate install or build.
 */
import Module from "node:module";
import * as pulumi from "@pulumi/pulumi";
import { startCollecting, stopCollecting } from "../components/collect.js";
import { registry, resetRegistry, type RegisteredJob } from "../components/job-registry.js";
import type { TableDefinition } from "../components/table-definition.js";
import { trackConfigReads, type ConfigReads } from "./config-reads.js";
import { PACKAGE_ENTRY } from "./package-paths.js";
import type { ProgramProject } from "./project.js";

const PACKAGE_NAME = "pulumi-flink-iceberg";

/** Packages a program may import without having installed them: this package's own dependencies serve. */
const SHARED_DEPENDENCIES = /^@pulumi\/(pulumi|kubernetes)(\/|$)/;

/**
 * Maps `pulumi-flink-iceberg` to this package's own entry, whichever copy runs (package-paths.ts:
 * the sources, or the bundle the CLI itself runs from), and lets a program
 * that has no node_modules of its own use this package's @pulumi/pulumi and @pulumi/kubernetes.
 */
function aliasPackage(): () => void {
  const mod = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = mod._resolveFilename;
  mod._resolveFilename = function (request: string, ...rest: unknown[]): string {
    if (request === PACKAGE_NAME) return original.call(this, PACKAGE_ENTRY, ...rest);
    try {
      return original.call(this, request, ...rest);
    } catch (e) {
      if (!SHARED_DEPENDENCIES.test(request)) throw e;
      return require.resolve(request);
    }
  };
  return () => {
    mod._resolveFilename = original;
  };
}

/** A resource the program registered, as the mocks saw it. */
export interface MockedResource {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

export interface ProgramRun {
  jobs: RegisteredJob[];
  /** Every table component the program created (in order). */
  tables: TableDefinition[];
  /** The tables whose args failed validation (collecting mode), in order. */
  failedTables: TableDefinition[];
  resources: MockedResource[];
  /** Promise rejections the Pulumi runtime raised while the program ran (e.g. a failed Output). */
  failures: unknown[];
}

/**
 * Runs the program; a throw (e.g. FlinkIcebergValidationError) propagates to the caller. The config
 * keys the program reads are recorded in `configReads` (also when it throws).
 */
export async function runProgram(project: ProgramProject, stack: string, configReads: ConfigReads = { keys: new Set(), all: false }): Promise<ProgramRun> {
  const resources: MockedResource[] = [];
  const failures: unknown[] = [];
  const onRejection = (reason: unknown): void => {
    failures.push(reason);
  };
  process.on("unhandledRejection", onRejection);
  await pulumi.runtime.setMocks(
    {
      newResource(args) {
        resources.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown> });
        return { id: `${args.name}-id`, state: args.inputs as Record<string, unknown> };
      },
      call(args) {
        return args.inputs as Record<string, unknown>;
      },
    },
    project.name,
    stack,
    // Preview mode, like `pulumi preview`: nothing would be deployed, and deploy-time hints stay quiet.
    true,
  );
  // The registry is the mock monitor's (job-registry.ts): reset and set up once the mocks are in place.
  resetRegistry();
  // Every resource's validation errors, not only the first one's (collect.ts).
  startCollecting();
  pulumi.runtime.setAllConfig(project.config, project.secretKeys);
  const stopTracking = trackConfigReads(configReads, [require("@pulumi/pulumi/runtime/config") as object, pulumi.runtime]);
  const restore = aliasPackage();
  // tsx's CommonJS hook compiles .ts files on require.
  const tsx = (await import("tsx/cjs/api")) as unknown as { register: () => () => void };
  // Stack traces in the program's own lines (tsx emits source maps; Node must read them as the
  // program's files are compiled): synth says where a program threw.
  process.setSourceMapsEnabled(true);
  const unregister = tsx.register();
  const cwd = process.cwd();
  // Without an engine, pulumi.log.warn/info print to the console; synth reports warnings in its summary instead.
  const consoleWarn = console.warn;
  const consoleLog = console.log;
  console.warn = (...args: unknown[]): void => {
    if (typeof args[0] !== "string" || !args[0].startsWith("warning: [runtime] ")) consoleWarn(...args);
  };
  console.log = (...args: unknown[]): void => {
    if (typeof args[0] !== "string" || !/^(info|debug): \[runtime\] /.test(args[0])) consoleLog(...args);
  };
  try {
    process.chdir(project.dir);
    const loaded = require(project.entry) as unknown;
    const main = typeof loaded === "function" ? loaded : (loaded as { default?: unknown } | undefined)?.default;
    if (typeof main === "function") await (main as () => unknown)();
    // Let the mock runtime register everything queued.
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  } finally {
    console.warn = consoleWarn;
    console.log = consoleLog;
    process.chdir(cwd);
    stopCollecting();
    unregister();
    restore();
    stopTracking();
    setTimeout(() => process.off("unhandledRejection", onRejection), 0);
  }
  return { jobs: [...registry().jobs], tables: [...registry().tables], failedTables: [...registry().failedTables], resources, failures };
}
