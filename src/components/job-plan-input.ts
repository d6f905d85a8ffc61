/**
 * What FlinkSqlJob hands planJob from its args: the statements and configuration, the program's
 * tables, the deploy target's own settings that change a check (the NOT NULL enforcer, upsert
 * materialization, mini-batch, CDC event deduplication, the catalog store, the OPTIONS hint switch,
 * checkpoints after tasks finish, window firing, the state TTL: each key read when a check asks), the target (credential advice, where an
 * undeclared table name may resolve) and the Kubernetes target's Flink version; and the tables
 * that failed validation (synth's collecting mode).
 */
import * as pulumi from "@pulumi/pulumi";
import { isSupportedFlinkVersion } from "../deploy/kubernetes/versions.js";
import type { JobPlanInput, TargetSetting } from "../sql/job-plan.js";
import { SqlStatement } from "../sql/template.js";
import type { FlinkSqlJobArgs } from "./flink-sql-job.js";
import { programTables } from "./job-registry.js";

/** planJob's input for the args `a` (checked for shape by the caller) in `runtimeMode`. */
export function jobPlanInput(a: FlinkSqlJobArgs, runtimeMode: "streaming" | "batch"): JobPlanInput {
  return {
    statements: a.statements,
    runtimeMode,
    parallelism: a.parallelism,
    configuration: (typeof a.configuration === "object" && a.configuration) || {},
    programTables: programTables(),
    targetSettings: (key) => targetSetting(a, key),
    credentialTarget: a.kubernetes !== undefined ? "kubernetes" : a.sqlGateway !== undefined ? "sqlGateway" : undefined,
    ...(typeof a.kubernetes?.flinkVersion === "string" && isSupportedFlinkVersion(a.kubernetes.flinkVersion) ? { flinkVersion: a.kubernetes.flinkVersion } : {}),
  };
}

/** Labels of the tables the statements use that failed validation (synth's collecting mode only). */
export function failedTableLabels(statements: unknown): string[] {
  const labels = new Set<string>();
  for (const s of Array.isArray(statements) ? statements : []) {
    if (!(s instanceof SqlStatement)) continue; // anything else is reported by the statement checks
    for (const seg of s.segments) if (seg.kind === "table" && seg.table.failed) labels.add(seg.table.label);
  }
  return [...labels];
}

/** A Flink setting `key` in the deploy target's settings (planJob's targetSettings), in precedence order. */
function targetSetting(a: FlinkSqlJobArgs, key: string): TargetSetting[] {
  return [new MapSetting(a.sqlGateway?.sessionProperties, "sqlGateway.sessionProperties", key), new MapSetting(a.kubernetes?.flinkConfiguration, "kubernetes.flinkConfiguration", key)];
}

/** `key` in one of the deploy target's setting maps: its value, and its prop path, written only when a message names it. */
class MapSetting implements TargetSetting {
  readonly value: unknown;
  private readonly map: string;
  private readonly key: string;

  constructor(settings: unknown, map: string, key: string) {
    // A map that is itself an Output (e.g. pulumi.secret({...})) may set it: not known at preview.
    this.value =
      pulumi.Output.isInstance(settings) || settings instanceof Promise
        ? settings
        : typeof settings === "object" && settings !== null
          ? (settings as Record<string, unknown>)[key]
          : undefined;
    this.map = map;
    this.key = key;
  }

  get path(): string {
    return `${this.map}[${JSON.stringify(this.key)}]`;
  }
}
