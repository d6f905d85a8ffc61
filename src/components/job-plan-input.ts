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
import { programTables, type registry } from "./job-registry.js";

/** planJob's input for the args `a` (checked for shape by the caller) in `runtimeMode`. */
export function jobPlanInput(a: FlinkSqlJobArgs, runtimeMode: "streaming" | "batch", r?: ReturnType<typeof registry>): JobPlanInput {
  return {
    statements: a.statements,
    runtimeMode,
    parallelism: a.parallelism,
    configuration: (typeof a.configuration === "object" && a.configuration) || {},
    programTables: programTables(r),
    targetSettings: targetSettings(a),
    credentialTarget: a.kubernetes !== undefined ? "kubernetes" : a.sqlGateway !== undefined ? "sqlGateway" : undefined,
    ...(typeof a.kubernetes?.flinkVersion === "string" && isSupportedFlinkVersion(a.kubernetes.flinkVersion) ? { flinkVersion: a.kubernetes.flinkVersion } : {}),
  };
}

/** Labels of the tables the statements use that failed validation (synth's collecting mode only). */
export function failedTableLabels(statements: unknown): string[] {
  // The Set only once a failed table is met (synth's collecting mode): none in a valid program.
  let labels: Set<string> | undefined;
  if (!Array.isArray(statements)) return [];
  for (const s of statements) {
    if (!(s instanceof SqlStatement)) continue; // anything else is reported by the statement checks
    for (const seg of s.segments) if (seg.kind === "table" && seg.table.failed) (labels ??= new Set()).add(seg.table.label);
  }
  return labels === undefined ? [] : [...labels];
}

/**
 * planJob's targetSettings: a Flink setting `key` in the deploy target's settings, in precedence
 * order. planJob asks for a dozen keys per job: each map is told apart (Output or Promise, plain
 * map, none) once, on the first request, not per key.
 */
function targetSettings(a: FlinkSqlJobArgs): (key: string) => readonly TargetSetting[] {
  let gateway: SettingsMap | undefined;
  let kubernetes: SettingsMap | undefined;
  return (key) => {
    gateway ??= settingsMap(a.sqlGateway?.sessionProperties);
    kubernetes ??= settingsMap(a.kubernetes?.flinkConfiguration);
    // Neither map sets the key (the common case): no setting objects built. Every reader of the list
    // looks only for an entry whose value is set (firstSettingAt, and those that find or test `value`).
    if (unset(gateway, key) && unset(kubernetes, key)) return NONE;
    return [new MapSetting(gateway, "sqlGateway.sessionProperties", key), new MapSetting(kubernetes, "kubernetes.flinkConfiguration", key)];
  };
}

/** targetSettings' list when neither map sets the key. */
const NONE: readonly TargetSetting[] = Object.freeze([]);

/** True when `settings` does not set `key` (MapSetting's value would be undefined). */
function unset(settings: SettingsMap, key: string): boolean {
  return settings.deferred === undefined && (settings.map === undefined || settings.map[key] === undefined);
}

/** One of the deploy target's setting maps: an Output or a Promise (it may set any key: not known at preview), a plain map, or none. */
interface SettingsMap {
  readonly deferred?: unknown;
  readonly map?: Record<string, unknown>;
}

function settingsMap(settings: unknown): SettingsMap {
  // A map that is itself an Output (e.g. pulumi.secret({...})) may set it: not known at preview.
  if (pulumi.Output.isInstance(settings) || settings instanceof Promise) return { deferred: settings };
  return typeof settings === "object" && settings !== null ? { map: settings as Record<string, unknown> } : {};
}

/** `key` in one of the deploy target's setting maps: its value, and its prop path, written only when a message names it. */
class MapSetting implements TargetSetting {
  readonly value: unknown;
  private readonly map: string;
  private readonly key: string;

  constructor(settings: SettingsMap, map: string, key: string) {
    this.value = settings.deferred !== undefined ? settings.deferred : settings.map !== undefined ? settings.map[key] : undefined;
    this.map = map;
    this.key = key;
  }

  get path(): string {
    return `${this.map}[${JSON.stringify(this.key)}]`;
  }
}
