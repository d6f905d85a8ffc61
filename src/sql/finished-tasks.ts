/**
 * `execution.checkpointing.checkpoints-after-tasks-finish` (Flink 1.19:
 * `execution.checkpointing.checkpoints-after-tasks-finish.enabled`) set to false in a streaming job
 * that reads a bounded table and keeps running on an unbounded one into a sink that commits on
 * checkpoints.
 *
 * With the option off, Flink takes no checkpoint once any task of the job has finished: the
 * checkpoint coordinator refuses each one with "Some tasks of the job have already finished and
 * checkpointing with finished tasks is not enabled" (CheckpointFailureReason
 * NOT_ALL_REQUIRED_TASKS_RUNNING; flink `flink-runtime/.../checkpoint/DefaultCheckpointPlanCalculator.java`
 * calculateCheckpointPlan, whose flag comes from CheckpointingOptions.ENABLE_CHECKPOINTS_AFTER_TASKS_FINISH
 * through StreamGraph / CheckpointCoordinatorConfiguration). The task of a bounded source finishes
 * when its input ends (an IcebergSource without `streaming`, a 'kafka' table with
 * 'scan.bounded.mode', a 'datagen' table with 'number-of-rows' ...), so from then on no checkpoint
 * completes, and a sink that commits only when one does commits nothing more: Iceberg's
 * (iceberg `flink/.../sink/IcebergFilesCommitter.java` commits in notifyCheckpointComplete; the v2
 * IcebergSink's committer alike), a 'filesystem' one and an exactly-once Kafka one (hinted-writes.ts
 * checkpointCommitters). Where every source is bounded the job ends, and the sinks commit at the
 * end of their input (IcebergFilesCommitter.endInput commits what is left), so only a job that
 * also reads without an end into such a sink keeps running without commits; that one is reported.
 *
 * Certain, an error: the value is "false" (any case, as ConfigurationUtils.convertToBoolean reads
 * it) on the version the job runs (Flink 1.19 reads only the .enabled name; 1.20 and later the new
 * name first, then the .enabled one as its deprecated key: CheckpointingOptions
 * `.withDeprecatedKeys`), an INSERT into a committing sink reads (also through views) a table
 * without an end, and the job reads a table whose read ends: an Iceberg table read once, or a
 * FlinkTable of a connector whose end is known (connector-bounds.ts: 'filesystem', 'datagen',
 * 'kafka' / 'upsert-kafka', and 'jdbc', whose scan is bounded). A warning where one of these is
 * not certain: the job's Flink version is not known (no Kubernetes target) and only one of the
 * names reads "false", or the bounded table is a FlinkTable of another connector, which this
 * package takes as bounded without knowing. Not judged: a table read FOR SYSTEM_TIME AS OF (a
 * FlinkTable there may be a lookup source, which starts no task; an Iceberg table has no lookup
 * source, so its read there is a scan and counts), a reference with an OPTIONS hint on an Iceberg
 * table, a value that is not known at preview (an Output).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { connectorBoundedness } from "./connector-bounds.js";
import { firstSettingAt } from "./job-config.js";
import { tableOptionsHints } from "./hints.js";
import type { AnalyzedStatement } from "./statement.js";
import { mayHoldHints } from "./statement-gates.js";
import { withViews } from "./view-names.js";

/** The option's name from Flink 1.20 on (FLIP-406; CheckpointingOptions.ENABLE_CHECKPOINTS_AFTER_TASKS_FINISH). */
export const AFTER_TASKS_FINISH_KEY = "execution.checkpointing.checkpoints-after-tasks-finish";
/** Its Flink 1.19 name (ExecutionCheckpointingOptions), the deprecated key 1.20 and later still read. */
export const AFTER_TASKS_FINISH_KEY_1_19 = "execution.checkpointing.checkpoints-after-tasks-finish.enabled";

/** One setting of a key outside the job's configuration (JobPlanInput's *Elsewhere), in precedence order. */
export interface ElsewhereSetting {
  readonly value: unknown;
  readonly path: string;
}

export interface FinishedTasksInput {
  readonly runtimeMode: "streaming" | "batch";
  readonly configuration: Readonly<Record<string, string>>;
  /** The target's settings of AFTER_TASKS_FINISH_KEY (sqlGateway.sessionProperties, kubernetes.flinkConfiguration). */
  readonly elsewhere?: readonly ElsewhereSetting[];
  /** The target's settings of AFTER_TASKS_FINISH_KEY_1_19. */
  readonly elsewhere119?: readonly ElsewhereSetting[];
  /** The Kubernetes target's flinkVersion, when known. */
  readonly flinkVersion?: string;
  readonly inserts: readonly AnalyzedStatement[];
  readonly views: ReadonlyMap<string, AnalyzedStatement>;
  /** The sinks that commit only on checkpoints: the IcebergSinks and hinted-writes.ts checkpointCommitters. */
  readonly committers: readonly TableDefinition[];
}

/** FlinkTable connectors whose reads connector-bounds.ts knows to end when it calls them bounded (others it takes as bounded by default). */
const KNOWN_ENDS = new Set(["filesystem", "datagen", "kafka", "upsert-kafka", "jdbc"]);

/** How one reference reads its table: to an end (certainly, or as this package assumes), without one, or not judged. */
type ReadKind = "ends" | "assumed-end" | "endless" | undefined;

/** A setting of one of the two names, with that name. */
interface Setting extends ElsewhereSetting {
  readonly key: string;
}

/** The first setting of `key`: the job's configuration (its SET line wins), else the target's maps in order. */
/** The setting of `key` the job runs with (job-config.ts firstSettingAt), with its key. */
function settingOf(configuration: Readonly<Record<string, string>>, elsewhere: readonly ElsewhereSetting[] | undefined, key: string): Setting | undefined {
  const found = firstSettingAt(configuration, elsewhere, key);
  return found === undefined ? undefined : { key, value: found.value, path: found.path };
}

const isFalse = (s: Setting | undefined): s is Setting & { value: string } => typeof s?.value === "string" && s.value.trim().toLowerCase() === "false";

/** How the reference of `t` at segment `k` of `s` reads (its OPTIONS hint merged, as Flink merges it). */
function readKind(s: AnalyzedStatement, t: TableDefinition, k: number, hints: ReadonlyMap<number, Readonly<Record<string, string>>>): ReadKind {
  if (t.failed === true) return undefined;
  const next = s.statement.segments[k + 1];
  const text = next?.kind === "text" ? next.text : "";
  const hinted = /^\s*\/\*\+/.test(text);
  const afterHint = hinted ? text.slice(text.indexOf("*/") + 2) : text;
  const asOf = /^\s*FOR\s+SYSTEM_TIME\s+AS\s+OF\b/i.test(afterHint);
  if (t.iceberg !== undefined) {
    // Iceberg's Flink connector has no lookup source: FOR SYSTEM_TIME AS OF reads it as a scan (an event-time temporal join).
    if (hinted) return undefined;
    return t.bounded ? "ends" : "endless";
  }
  if (asOf) return undefined;
  const hint = hints.get(k);
  if (hinted && hint === undefined) return undefined;
  const bounded = hint !== undefined && t.connectorOptions !== undefined ? connectorBoundedness({ ...t.connectorOptions, ...hint }).bounded : t.bounded;
  if (!bounded) return "endless";
  const connector = (hint?.["connector"] ?? t.connector ?? "").trim().toLowerCase();
  return KNOWN_ENDS.has(connector) ? "ends" : "assumed-end";
}

/** Each table `a` reads (also through the views it reads), with how its references read it. */
function reads(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>): Map<TableDefinition, ReadKind[]> {
  const out = new Map<TableDefinition, ReadKind[]>();
  for (const s of withViews(a, views)) {
    const hints = mayHoldHints(s.words) ? new Map(tableOptionsHints(s.statement.segments).hints.map((h) => [h.segment, h.options])) : new Map<number, Readonly<Record<string, string>>>();
    const own = s === a && a.target !== undefined ? s.statement.segments.findIndex((seg) => seg.kind === "table" && seg.table === a.target) : -1;
    s.statement.segments.forEach((seg, k) => {
      if (seg.kind !== "table" || k === own) return;
      const list = out.get(seg.table) ?? [];
      list.push(readKind(s, seg.table, k, hints));
      out.set(seg.table, list);
    });
  }
  return out;
}

const labels = (ts: readonly TableDefinition[]): string => ts.map((t) => t.label).join(", ");

/** Checks the job (see the module comment); the problem goes to the path of the setting that reads "false". */
export function checkCheckpointsAfterTasksFinish(input: FinishedTasksInput, diag: Diagnostics): void {
  if (input.runtimeMode !== "streaming" || input.committers.length === 0) return;
  const current = settingOf(input.configuration, input.elsewhere, AFTER_TASKS_FINISH_KEY);
  const old = settingOf(input.configuration, input.elsewhere119, AFTER_TASKS_FINISH_KEY_1_19);
  // Flink 1.19 reads only the .enabled name; 1.20 and later the new name, else the .enabled one.
  const on119 = old;
  const on120 = current ?? old;
  const version = input.flinkVersion;
  const off = version !== undefined ? (version === "v1_19" ? on119 : on120) : isFalse(on119) ? on119 : on120;
  if (!isFalse(off)) return;
  // Unknown version: certain only when both lines read "false".
  const versionNote =
    version !== undefined || (isFalse(on119) && isFalse(on120))
      ? undefined
      : isFalse(on119)
        ? `which Flink 1.19 reads (1.20 and later read ${AFTER_TASKS_FINISH_KEY} first, not "false" here; the job's Flink version is known only from a Kubernetes target's flinkVersion)`
        : "which Flink 1.20 and later read (1.19 ignores this name; the job's Flink version is known only from a Kubernetes target's flinkVersion)";

  const ends = new Set<TableDefinition>();
  const assumed = new Set<TableDefinition>();
  const endless = new Set<TableDefinition>();
  const stalled: TableDefinition[] = [];
  for (const a of input.inserts) {
    const read = reads(a, input.views);
    for (const [t, kinds] of read) {
      if (kinds.includes("ends")) ends.add(t);
      else if (kinds.includes("assumed-end")) assumed.add(t);
    }
    const target = a.target;
    if (target === undefined || !input.committers.includes(target)) continue;
    const without = [...read].filter(([, kinds]) => kinds.includes("endless")).map(([t]) => t);
    if (without.length === 0) continue;
    for (const t of without) endless.add(t);
    if (!stalled.includes(target)) stalled.push(target);
  }
  if (stalled.length === 0 || (ends.size === 0 && assumed.size === 0)) return;
  const certainEnd = ends.size > 0;
  const bounded = certainEnd ? [...ends] : [...assumed];
  const ending = certainEnd
    ? `the read of ${labels(bounded)} ends, and its tasks finish then`
    : `the read of ${labels(bounded)} may end (this package takes ${bounded.length === 1 ? "its connector" : "their connectors"} as bounded without knowing), and its tasks would finish then`;
  // The refusal is flink DefaultCheckpointPlanCalculator's; an Iceberg sink commits in IcebergFilesCommitter on a completed checkpoint.
  const message =
    `${off.key} = ${JSON.stringify(off.value)}${versionNote === undefined ? "" : `, ${versionNote},`} turns checkpointing off once a task of the job has finished: ` +
    `${ending}; from then on Flink takes no checkpoint ("Some tasks of the job have already finished and checkpointing with finished tasks is not enabled"), ` +
    `while the job reads ${labels([...endless])} on, and ${labels(stalled)} ${stalled.length === 1 ? "commits" : "commit"} only when a checkpoint completes, ` +
    `so nothing more reaches ${stalled.length === 1 ? "it" : "them"} for the rest of the job's life; remove the key (Flink's default is true) or set it to "true"`;
  if (certainEnd && versionNote === undefined) diag.error(off.path, message);
  else diag.warn(off.path, message);
}
