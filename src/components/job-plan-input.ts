/**
 * What FlinkSqlJob hands planJob from its args: the statements and configuration, the program's
 * tables, the deploy target's own settings that change a check (the NOT NULL enforcer, upsert
 * materialization, mini-batch and its latency and size, CDC event deduplication, the catalog store, the OPTIONS hint switch, checkpoints after tasks finish), the target (credential advice, where an
 * undeclared table name may resolve) and the Kubernetes target's Flink version; and the tables
 * that failed validation (synth's collecting mode).
 */
import * as pulumi from "@pulumi/pulumi";
import { isSupportedFlinkVersion } from "../deploy/kubernetes/versions.js";
import { NOT_NULL_ENFORCER_KEY } from "../sql/insert-columns.js";
import { CATALOG_STORE_KIND_KEY } from "../sql/current-catalog.js";
import { DYNAMIC_TABLE_OPTIONS_KEY } from "../sql/hint-switch.js";
import { AFTER_TASKS_FINISH_KEY, AFTER_TASKS_FINISH_KEY_1_19 } from "../sql/finished-tasks.js";
import { MINI_BATCH_KEY, type JobPlanInput } from "../sql/job-plan.js";
import { CDC_EVENTS_DUPLICATE_KEY } from "../sql/cdc-events-duplicate.js";
import { MINI_BATCH_LATENCY_KEY, MINI_BATCH_SIZE_KEY } from "../sql/mini-batch-settings.js";
import { SqlStatement } from "../sql/template.js";
import { UPSERT_MATERIALIZE_KEY } from "../sql/upsert-keys.js";
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
    notNullEnforcerElsewhere: targetSetting(a, NOT_NULL_ENFORCER_KEY),
    upsertMaterializeElsewhere: targetSetting(a, UPSERT_MATERIALIZE_KEY),
    miniBatchElsewhere: targetSetting(a, MINI_BATCH_KEY),
    miniBatchLatencyElsewhere: targetSetting(a, MINI_BATCH_LATENCY_KEY),
    miniBatchSizeElsewhere: targetSetting(a, MINI_BATCH_SIZE_KEY),
    cdcDuplicatesElsewhere: targetSetting(a, CDC_EVENTS_DUPLICATE_KEY),
    catalogStoreElsewhere: targetSetting(a, CATALOG_STORE_KIND_KEY),
    dynamicOptionsElsewhere: targetSetting(a, DYNAMIC_TABLE_OPTIONS_KEY),
    afterTasksFinishElsewhere: targetSetting(a, AFTER_TASKS_FINISH_KEY),
    afterTasksFinish119Elsewhere: targetSetting(a, AFTER_TASKS_FINISH_KEY_1_19),
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

/** A Flink setting `key` in the deploy target's settings (planJob's notNullEnforcerElsewhere, upsertMaterializeElsewhere, miniBatchElsewhere, miniBatch*Elsewhere, cdcDuplicatesElsewhere, catalogStoreElsewhere, dynamicOptionsElsewhere, afterTasksFinish*Elsewhere). */
function targetSetting(a: FlinkSqlJobArgs, key: string): { value: unknown; path: string }[] {
  return [new TargetSetting(a.sqlGateway?.sessionProperties, "sqlGateway.sessionProperties", key), new TargetSetting(a.kubernetes?.flinkConfiguration, "kubernetes.flinkConfiguration", key)];
}

/** `key` in one of the deploy target's setting maps: its value, and its prop path, written only when a message names it (ten keys per job). */
class TargetSetting {
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
