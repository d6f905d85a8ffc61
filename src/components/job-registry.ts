/**
 * Every FlinkSqlJob (and every table) created in this process, for `flink-iceberg synth`, which
 * runs a program under Pulumi's mock runtime and then reads what was registered. Kept on
 * globalThis so that two copies of the package (e.g. the CLI's and the program's) share it.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { TableDefinition } from "./table-definition.js";

/** What synth needs of a job. */
export interface RegisteredJob {
  readonly name: string;
  readonly runtimeMode: "streaming" | "batch";
  readonly tables: readonly TableDefinition[];
  readonly sinks: readonly TableDefinition[];
  readonly checkpointInterval?: string;
  readonly target: "none" | "kubernetes" | "sql-gateway";
  readonly script: pulumi.Output<string>;
  /** Flink table name → Iceberg schema JSON (plain: schemas hold no secret). */
  readonly icebergSchemas: Readonly<Record<string, unknown>>;
  /** Kubernetes objects as `kubectl apply -f` takes them (kubernetes target only). */
  readonly manifests?: () => pulumi.Output<object[]>;
  /** The same objects with secret values replaced by `[secret]`. */
  readonly manifestsRedacted?: () => pulumi.Output<object[]>;
  readonly warnings: readonly string[];
}

interface Registry {
  jobs: RegisteredJob[];
  tables: TableDefinition[];
}

const KEY = Symbol.for("pulumi-flink-iceberg.registry");

/** The process-wide registry. */
export function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (g[KEY] ??= { jobs: [], tables: [] });
}

/** Forgets everything registered (tests, and synth before running a program). */
export function resetRegistry(): void {
  const r = registry();
  r.jobs.length = 0;
  r.tables.length = 0;
}
