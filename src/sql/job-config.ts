/**
 * The Flink configuration a job needs (SPEC decision 9): runtime mode, checkpointing,
 * parallelism, the FLIP-27 source switch for Iceberg sources (decision 4) and the user's
 * configuration. Each deploy target applies this one map; the script repeats it as SET lines,
 * except `execution.runtime-mode`.
 *
 * Checkpointing: the Iceberg sink commits only when a checkpoint completes (iceberg
 * `flink/.../sink/IcebergFilesCommitter.java`), so a streaming job that writes Iceberg always
 * checkpoints; so does one that reads an Iceberg table as a stream, whose read position lives only
 * in checkpointed state (iceberg `flink/.../source/enumerator/ContinuousIcebergEnumerator.java`
 * snapshots the enumerator position). The interval is an explicit `execution.checkpointing.interval` in `configuration`,
 * else the smallest commitInterval a sink sets, else the seed's 1min.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { formatFlinkDuration, hasNoUnit, MIN_CHECKPOINT_INTERVAL_MS, parseFlinkDuration, readFlinkDuration, unitlessDurationWarning } from "../options/duration.js";
import { unsafeMapKeyProblem, type Diagnostics } from "../validation/diagnostics.js";
import { flinkKeyTypoWarning } from "../options/known-flink-options.js";
import { reportFlinkOptionValue } from "../options/flink-option-values.js";
import { credentialEntryProblem, type CredentialTarget, plainStringValueProblem } from "../validation/secrets.js";
import { checkpointingOffProblem } from "./checkpoint-off.js";
import type { WriteIssue } from "./hinted-writes.js";

export const RUNTIME_MODE_KEY = "execution.runtime-mode";
export const CHECKPOINT_INTERVAL_KEY = "execution.checkpointing.interval";
export const PARALLELISM_KEY = "parallelism.default";
export const FLIP27_KEY = "table.exec.iceberg.use-flip27-source";
/**
 * The keys the job decides (SPEC decisions 4 and 9), with the arg that sets each: no deploy target's
 * own configuration may set them.
 */
export const JOB_DECIDED_KEYS: ReadonlyMap<string, string> = new Map([
  [RUNTIME_MODE_KEY, "the job's `runtimeMode`"],
  [CHECKPOINT_INTERVAL_KEY, "the sinks' commitInterval or the job's `configuration`"],
  [PARALLELISM_KEY, "the job's `parallelism`"],
  [FLIP27_KEY, "the job (always 'true' with an Iceberg source)"],
]);

/**
 * Iceberg write options that Iceberg's Flink sink also reads from the job's Flink configuration
 * (iceberg `flink/.../FlinkWriteConf.java`: `.flinkConfig(...)` next to the WITH option), where
 * they would apply to every Iceberg sink of the job, past the sinks' own checks (cases C02, C04):
 * key → where to set it instead. A plain object, not a Map: the SQL Gateway provider's modules are
 * serialized by Pulumi.
 */
const ICEBERG_WRITE_KEYS: Readonly<Record<string, string>> = {
  "upsert-enabled": "the sink's upsertEnabled (with its primaryKey)",
  "overwrite-enabled": "INSERT OVERWRITE in a batch job's statement",
  "write-format": "the sink's writeFormat",
  "target-file-size-bytes": "the sink's targetFileSizeBytes",
  "compression-codec": "the sink's compressionCodec",
  "distribution-mode": "the sink's extraOptions[\"distribution-mode\"]",
};

/** The problem with `key` in a job-wide Flink configuration when it is an Iceberg write option, else undefined. */
export function icebergWriteKeyProblem(key: string): string | undefined {
  const k = key.trim();
  if (!Object.hasOwn(ICEBERG_WRITE_KEYS, k)) return undefined;
  return (
    `${JSON.stringify(k)} is an Iceberg write option: in the job's Flink configuration it would apply to every Iceberg sink of the job ` +
    `(Iceberg's FlinkWriteConf reads it from there too), past each sink's checks; set it on the sink instead: ${ICEBERG_WRITE_KEYS[k]}`
  );
}

/** The seed's commit.interval default (seed Table 2), used when no sink sets commitInterval. */
export const DEFAULT_COMMIT_INTERVAL = "1min";

export interface JobConfigInput {
  runtimeMode: "streaming" | "batch";
  parallelism?: number;
  configuration: Readonly<Record<string, string>>;
  /** The tables the job writes. */
  sinks: readonly TableDefinition[];
  /** The tables the job reads (Iceberg ones need the FLIP-27 switch, IcebergSink tables included). */
  reads: readonly TableDefinition[];
  /** The job's deploy target, for credential advice; unset: advice for both targets. */
  credentialTarget?: CredentialTarget;
  /**
   * The sinks other than IcebergSinks that commit only on checkpoints with the options some INSERT
   * writes them with (hinted-writes.ts: a target's OPTIONS hint included); unset: those of `sinks`
   * whose own options do (TableDefinition.commitsOnCheckpoint).
   */
  checkpointCommitters?: readonly TableDefinition[];
  /** The Kubernetes target's flinkVersion ("v1_19" ... "v2_1"), when known: the names some options take differ by version (flink-option-types.ts). */
  flinkVersion?: string;
}

export interface JobConfig {
  /** The whole map, sorted by key. */
  flinkConfiguration: Record<string, string>;
  /** The checkpoint interval as rendered, when checkpointing is on. */
  checkpointInterval?: string;
}

/** Duration labels every supported Flink version reads (flink `flink-core/.../util/TimeUtils.java`); `m` and `us` are not among them. */
const PORTABLE_DURATION = /^\d+\s*(d|days?|h|hours?|min|minutes?|s|secs?|seconds?|ms|millis?|milliseconds?)$/i;

/** The interval as rendered: the user's text when every Flink version reads it, else the same duration in portable labels ("1m" → "1min"). */
export function renderInterval(text: string, millis: number): string {
  const t = text.trim();
  return PORTABLE_DURATION.test(t) ? t : formatFlinkDuration(millis).replace(" ", "");
}

/** A line terminator for Java's regular expressions (java.util.regex.Pattern: `.` matches none of these). */
const LINE_TERMINATOR = /[\r\n\u0085\u2028\u2029]/;

/**
 * The runtime mode `configuration` asks for through `execution.runtime-mode` (refused: the job's
 * runtimeMode sets it), when its value reads as one (Flink's RuntimeExecutionMode, any case;
 * AUTOMATIC and other values: undefined). A job without runtimeMode is checked in that mode, so a
 * "batch" here does not add streaming-only errors next to the refusal.
 */
export function configuredRuntimeMode(configuration: unknown): "streaming" | "batch" | undefined {
  if (typeof configuration !== "object" || configuration === null || !Object.hasOwn(configuration, RUNTIME_MODE_KEY)) return undefined;
  const value = (configuration as Record<string, unknown>)[RUNTIME_MODE_KEY];
  const mode = typeof value === "string" ? value.trim().toLowerCase() : undefined;
  return mode === "batch" || mode === "streaming" ? mode : undefined;
}

function checkConfiguration(configuration: Readonly<Record<string, unknown>>, parallelism: number | undefined, runtimeMode: "streaming" | "batch", target: CredentialTarget | undefined, flinkVersion: string | undefined, diag: Diagnostics): void {
  for (const [key, value] of Object.entries(configuration)) {
    const at = `configuration[${JSON.stringify(key)}]`;
    const unsafe = unsafeMapKeyProblem(key);
    if (unsafe !== undefined) diag.error(at, unsafe);
    if (typeof value !== "string") {
      diag.error(at, plainStringValueProblem(value, key, "configuration", "the script's SET lines"));
      continue;
    }
    if (key.trim() === "" || key !== key.trim()) diag.error(at, "configuration keys must be non-empty without surrounding white space");
    // Java's line terminators: the runners' SET pattern (`.`) stops at each of them.
    if (LINE_TERMINATOR.test(key) || LINE_TERMINATOR.test(value)) {
      diag.error(at, "keys and values must be single-line (no CR, LF, U+0085, U+2028 or U+2029): each becomes one `SET 'key' = 'value';` line");
    }
    const write = icebergWriteKeyProblem(key);
    if (write !== undefined) diag.error(at, write);
    const credential = credentialEntryProblem(key, value, "the job's configuration (SET lines of the script)", undefined, target);
    if (credential !== undefined) diag.error(at, credential);
    if (key === RUNTIME_MODE_KEY) {
      const mode = configuredRuntimeMode({ [key]: value });
      const instead = mode === undefined ? "" : `: remove this key and set runtimeMode: "${mode}"${mode === runtimeMode ? ` (the job is checked here as a ${mode} job)` : ""}`;
      diag.error(at, `set the runtime mode with the \`runtimeMode\` arg ("streaming" | "batch"), not through configuration${instead}`);
    }
    if (key === PARALLELISM_KEY && parallelism !== undefined) {
      diag.error(at, "is also set by the `parallelism` arg; set the default parallelism in one place (prefer `parallelism`)");
    }
    // A key already reported (forbidden, or placed elsewhere) keeps that one message.
    const typo = diag.hasErrorAt(at) ? undefined : flinkKeyTypoWarning(key);
    if (typo !== undefined) diag.warn(at, typo);
    if (!diag.hasErrorAt(at)) reportFlinkOptionValue(key, value, at, diag, flinkVersion, runtimeMode);
  }
}

/** Computes the job's configuration; problems go to `diag` under `configuration[...]`, `parallelism` or the sink. */
export function computeJobConfig(input: JobConfigInput, diag: Diagnostics): JobConfig {
  const { runtimeMode, parallelism, configuration, reads, sinks } = input;
  checkConfiguration(configuration, parallelism, runtimeMode, input.credentialTarget, input.flinkVersion, diag);
  if (parallelism !== undefined && (typeof parallelism !== "number" || !Number.isSafeInteger(parallelism) || parallelism < 1)) {
    diag.error("parallelism", `must be a whole number of at least 1 (got ${typeof parallelism === "string" ? `the string ${JSON.stringify(parallelism)}; write it without quotes` : String(parallelism)})`);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(configuration)) if (typeof v === "string") out[k] = v;
  out[RUNTIME_MODE_KEY] = runtimeMode === "batch" ? "BATCH" : "STREAMING";
  if (parallelism !== undefined && Number.isSafeInteger(parallelism) && parallelism >= 1) out[PARALLELISM_KEY] = String(parallelism);

  if (reads.some((t) => t.iceberg !== undefined)) {
    if (configuration[FLIP27_KEY] !== undefined && configuration[FLIP27_KEY].trim().toLowerCase() !== "true") {
      diag.error(
        `configuration[${JSON.stringify(FLIP27_KEY)}]`,
        "must stay 'true' when the job reads an Iceberg source: the legacy source reads snapshot ids differently, and the package renders every read for the FLIP-27 source; remove the key",
      );
    }
    out[FLIP27_KEY] = "true";
  }

  const icebergSinks = sinks.filter((s) => s.resourceType === "IcebergSink");
  const withInterval = icebergSinks.filter((s) => s.commitInterval !== undefined);
  const explicit = configuration[CHECKPOINT_INTERVAL_KEY];
  let explicitMs: number | undefined;
  // A value that is no string is reported once by the configuration check.
  const streamingReads = reads.filter((t) => t.iceberg?.streamingRead === true);
  const otherCommitters = (input.checkpointCommitters ?? sinks.filter((s) => s.commitsOnCheckpoint === true)).filter((s) => s.resourceType !== "IcebergSink");
  const needsCheckpoints = runtimeMode === "streaming" && icebergSinks.length + otherCommitters.length + streamingReads.length > 0;
  // "0", "-1", "disabled" ...: meant to turn checkpointing off, which no value does (checkpoint-off.ts).
  const off = typeof explicit === "string" ? checkpointingOffProblem(explicit, needsCheckpoints ? { icebergSinks, otherCommitters, streamingReads } : undefined) : undefined;
  if (off !== undefined) diag.error(`configuration[${JSON.stringify(CHECKPOINT_INTERVAL_KEY)}]`, off);
  else if (typeof explicit === "string") {
    explicitMs = diag.capture(`configuration[${JSON.stringify(CHECKPOINT_INTERVAL_KEY)}]`, () => parseFlinkDuration(explicit));
    if (explicitMs !== undefined && explicitMs < MIN_CHECKPOINT_INTERVAL_MS) {
      diag.error(`configuration[${JSON.stringify(CHECKPOINT_INTERVAL_KEY)}]`, `${JSON.stringify(explicit)} is below Flink's minimum checkpoint interval of 10 ms; write "10ms" or more, e.g. "1min"`);
    } else if (explicitMs !== undefined && hasNoUnit(explicit)) {
      // Not in FLINK_OPTION_TYPES (this key is read here), so the no-unit warning the other duration keys get (flink TimeUtils.parseDuration: milliseconds).
      diag.warn(`configuration[${JSON.stringify(CHECKPOINT_INTERVAL_KEY)}]`, unitlessDurationWarning(explicit, explicitMs));
    }
  }
  // A sink's commitInterval below the minimum is the sink's own error (renderSinkWrite).

  if (runtimeMode === "batch") {
    for (const s of withInterval) {
      diag.warn(
        "runtimeMode",
        `${s.label}: commitInterval ${JSON.stringify(s.commitInterval!.text)} has no effect in a batch job: a bounded job commits once, when its input ends`,
      );
    }
  } else if (icebergSinks.length > 0 || otherCommitters.length > 0 || reads.some((t) => t.iceberg?.streamingRead === true)) {
    // Iceberg sinks commit on checkpoints, and so do a 'filesystem' and an exactly-once Kafka sink; a
    // streaming Iceberg read keeps the snapshot it has reached only in checkpointed state (a
    // failover or a last-state upgrade resumes from it).
    let interval: string;
    if (explicit !== undefined) {
      interval = explicitMs !== undefined ? renderInterval(explicit, explicitMs) : explicit;
      if (explicitMs !== undefined) {
        for (const s of withInterval) {
          if (explicitMs > s.commitInterval!.millis) {
            diag.error(
              `configuration[${JSON.stringify(CHECKPOINT_INTERVAL_KEY)}]`,
              `${JSON.stringify(explicit)} is larger than the commitInterval ${JSON.stringify(s.commitInterval!.text)} of ${s.label}: ` +
                "Iceberg sinks commit when a checkpoint completes, so the sink would commit less often than it asks; lower the job's interval or remove the sink's commitInterval",
            );
          }
        }
      }
    } else if (withInterval.length > 0) {
      const smallest = withInterval.reduce((a, b) => (b.commitInterval!.millis < a.commitInterval!.millis ? b : a));
      interval = renderInterval(smallest.commitInterval!.text, smallest.commitInterval!.millis);
    } else {
      interval = DEFAULT_COMMIT_INTERVAL;
    }
    const distinct = new Set(withInterval.map((s) => s.commitInterval!.millis));
    if (distinct.size > 1) {
      diag.warn(
        "statements",
        `the job's Iceberg sinks set different commitIntervals (${withInterval.map((s) => `${s.label}: ${s.commitInterval!.text}`).join(", ")}); ` +
          `all of them commit at the job's one checkpoint interval, ${JSON.stringify(interval)}`,
      );
    }
    out[CHECKPOINT_INTERVAL_KEY] = interval;
  }
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(out).sort()) sorted[k] = out[k]!;
  return { flinkConfiguration: sorted, checkpointInterval: sorted[CHECKPOINT_INTERVAL_KEY] };
}

/** One setting of a Flink key (JobPlanInput.targetSettings, firstSettingAt): its value as given and its prop path. */
export interface TargetSetting {
  readonly value: unknown;
  readonly path: string;
}

/** True for a boolean Flink setting's value that turns it on ("true", any letter case, blanks around); false for anything else, an unknown (Output) value too. */
export function isOn(value: unknown): boolean {
  return typeof value === "string" && value.trim().toLowerCase() === "true";
}

/**
 * A duration setting as the job runs with it: "unset", "zero" (Flink reads it as under 1 ms: "0",
 * "500µs"), "positive", or "unknown" (an Output, or a text the value checks report).
 */
export function durationSettingState(s: TargetSetting | undefined): "unset" | "zero" | "positive" | "unknown" {
  if (s === undefined) return "unset";
  if (typeof s.value !== "string") return "unknown";
  try {
    return readFlinkDuration(s.value).nanos < 1_000_000n ? "zero" : "positive";
  } catch {
    return "unknown";
  }
}

/**
 * The value of Flink setting `key` the job runs with: the job's configuration (its SET line wins),
 * else the first deploy-target setting (`elsewhere`: sqlGateway.sessionProperties,
 * kubernetes.flinkConfiguration) that sets it; null when that one is not known at preview (an
 * Output, or a map that is one), undefined when none sets it.
 */
export function firstSetting(configuration: Readonly<Record<string, string>> | undefined, elsewhere: readonly { readonly value: unknown }[] | undefined, key: string): string | null | undefined {
  const s = firstSettingAt(configuration, elsewhere, key);
  return s === undefined ? undefined : typeof s.value === "string" ? s.value : null;
}

/**
 * The setting of `key` firstSetting reads: the job's configuration's (with its prop path), else the
 * first of `elsewhere` that sets it (as given, its path included when it has one); undefined when none does.
 */
export function firstSettingAt<T extends { readonly value: unknown }>(
  configuration: Readonly<Record<string, string>> | undefined,
  elsewhere: readonly T[] | undefined,
  key: string,
): T | { readonly value: string; readonly path: string } | undefined {
  const own = configuration?.[key];
  if (own !== undefined) return { value: own, path: `configuration[${JSON.stringify(key)}]` };
  return elsewhere?.find((e) => e.value !== undefined);
}

/**
 * The sinks' write warnings that hold for a checkpoint interval of at least a bound (FormatFailure
 * atLeastCheckpointIntervalMs: an exactly-once Kafka sink's transaction timeout), reported when the
 * streaming job's interval (`interval`, as rendered) reaches it; an interval this parser does not
 * read is not judged. `warnings`: the job's write warnings as hinted-writes.ts jobWrites found them,
 * per INSERT with its target's OPTIONS hint merged into the table's options.
 */
export function checkIntervalBoundWarnings(warnings: readonly WriteIssue[], runtimeMode: "streaming" | "batch", interval: string | undefined, diag: Diagnostics): void {
  // No warnings: nothing to judge, and the interval is not parsed (a text that does not read is skipped either way).
  if (runtimeMode !== "streaming" || interval === undefined || warnings.length === 0) return;
  let ms: number;
  try {
    ms = parseFlinkDuration(interval, true);
  } catch {
    return;
  }
  for (const { at, lead, issue: w } of warnings) {
    if (w.atLeastCheckpointIntervalMs === undefined || ms < w.atLeastCheckpointIntervalMs || ms === 0) continue;
    diag.warn(at, `${lead} ${w.path} ${w.message.replace("{checkpointInterval}", JSON.stringify(interval))}`);
  }
}
