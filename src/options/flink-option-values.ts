/**
 * The values of well-known Flink options in a job's configuration (`configuration`,
 * `kubernetes.flinkConfiguration`, `sqlGateway.sessionProperties`), checked against their types
 * (flink-option-types.ts). Flink keeps each value as text and parses it when the job reads the
 * option (flink `flink-core/.../configuration/ConfigurationUtils.java` convertValue), so a value it
 * cannot parse passes `pulumi up` and fails the job when it starts. How Flink reads each type:
 * - boolean: `convertToBoolean`, "true" or "false" in any case, nothing else;
 * - int / long: Integer.parseInt / Long.parseLong;
 * - float / double: Float.parseFloat / Double.parseDouble;
 * - enum: `convertToEnum`, the constant's name in any case (table.optimizer.agg-phase-strategy in
 *   Flink 1.19 and 1.20: `AggregatePhaseStrategy.valueOf`, the exact upper-case name: another case is
 *   a warning, as it fails only there);
 * - duration: flink `flink-core/.../util/TimeUtils.java` parseDuration (a bare number is milliseconds);
 * - memory size: flink `flink-core/.../configuration/MemorySize.java` parse (a bare number is bytes);
 * - time zone (table.local-time-zone): flink `TableConfigValidation.validateTimeZone` (time-zone.ts);
 * - a state directory (the checkpoint and savepoint directory keys in every spelling,
 *   `high-availability.storageDir`): a URI Flink refuses or an object store's URI without its
 *   bucket, as the deploy targets' directory props are checked (deploy/state-dirs.ts stateDirKeyProblem).
 * Surrounding white space is not held against a value (the operator's YAML configuration file
 * drops it). Checkpoint bounds: flink `CheckpointConfig.java` (flink-streaming-java), whose setters
 * `configure` calls with the configured value when the job's environment is created.
 *
 * Plain functions and a plain object: the SQL Gateway provider's modules are serialized by Pulumi.
 */
import { flinkVersionLabel } from "../deploy/kubernetes/versions.js";
import { RENAMED_IN_1_20 } from "../deploy/kubernetes/renamed-keys.js";
import { stateDirKeyProblem } from "../deploy/state-dirs.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { didYouMean } from "../validation/known-keys.js";
import { isJavaDecimal, isJavaWholeNumber } from "../validation/java-number.js";
import { isValidationError } from "../validation/error.js";
import { compactMemorySize, readMemorySize, SMALL_SIZE_BYTES } from "./byte-size.js";
import { MIN_CHECKPOINT_INTERVAL_MS, readFlinkDuration, verbatimDurationWarnings } from "./duration.js";
import { FLINK_OPTION_TYPES, type NamedValueType, type WholeNumberType } from "./flink-option-types.js";
import { timeZoneProblems } from "./time-zone.js";

/** One problem with a value: an error (Flink cannot run with it) or a warning (it may be meant). */
export interface FlinkValueProblem {
  readonly level: "error" | "warning";
  readonly message: string;
}

/** Below this a checkpoint timeout expires checkpoints that are merely normal (a warning, not Flink's own bound). */
const SHORT_CHECKPOINT_TIMEOUT_MS = 1000;

const FAILS = "the job fails when it starts";

/** What to write for a boolean written another way ("yes" → "true"); catalog-property-values.ts reads it too. */
export const BOOLEAN_WORDS: Readonly<Record<string, string>> = {
  yes: "true",
  y: "true",
  on: "true",
  "1": "true",
  enabled: "true",
  enable: "true",
  no: "false",
  n: "false",
  off: "false",
  "0": "false",
  disabled: "false",
  disable: "false",
};

const error = (message: string): FlinkValueProblem => ({ level: "error", message });
const warning = (message: string): FlinkValueProblem => ({ level: "warning", message });

/** The message of a parse failure from duration.ts / byte-size.ts. */
function messageOf(e: unknown): string {
  if (isValidationError(e)) return e.issues[0]?.message ?? String(e);
  throw e;
}

/**
 * The problems with `value` for the Flink option `key`: an error for a value Flink cannot parse
 * or refuses, a warning for a duration or size without a unit and for a checkpoint timeout too short
 * for any checkpoint to complete; [] for a key with no known type, and for a valid value.
 * `flinkVersion`: the Kubernetes target's flinkVersion ("v1_19" ... "v2_1"), when known: a name
 * only other versions read is an error (NamedValueType.versioned), and a key Flink 1.20 renamed,
 * written under its 1.20 name on "v1_19", gets nothing (1.19 does not read it; kubernetes/renamed-keys.ts
 * warns of the name); unknown: every version's names pass.
 * `runtimeMode`: the job's runtimeMode, when known: a short execution.checkpointing.timeout gets
 * no short-timeout warning in a batch job (its Iceberg sink commits at end of input,
 * iceberg `flink/.../sink/IcebergFilesCommitter.java` endInput); unknown: the warning says its
 * no-data consequence is a streaming job's.
 */
export function flinkOptionValueProblems(key: string, value: string, flinkVersion?: string, runtimeMode?: "streaming" | "batch"): readonly FlinkValueProblem[] {
  const k = key.trim();
  // A directory key (a string option): judged as the deploy targets' directory props are (state-dirs.ts).
  const dir = stateDirKeyProblem(k, value, flinkVersion);
  if (dir !== undefined) return [error(dir)];
  if (!Object.hasOwn(FLINK_OPTION_TYPES, k)) return [];
  // A 1.20 name on Flink 1.19 is a key 1.19 never reads, so its value cannot fail there (renamed-keys.ts warns of the name).
  if (flinkVersion === "v1_19" && Object.hasOwn(RENAMED_IN_1_20, k)) return [];
  const type = FLINK_OPTION_TYPES[k]!;
  const v = value.trim();
  const shown = JSON.stringify(value);
  switch (type) {
    case "boolean": {
      if (/^(true|false)$/i.test(v)) return [];
      const meant = BOOLEAN_WORDS[v.toLowerCase()];
      return [error(`${shown} is not a boolean: Flink reads ${k} as "true" or "false" (any case) and nothing else (ConfigurationUtils.convertToBoolean), so ${FAILS}; write ${meant !== undefined ? JSON.stringify(meant) : '"true" or "false"'}`)];
    }
    case "duration":
      return durationProblems(k, value, runtimeMode);
    case "memory":
      return memoryProblems(k, value);
    case "timeZone":
      return timeZoneProblems(k, value);
    case "float":
    case "double":
      if (isJavaDecimal(v)) return [];
      return [error(`${shown} is not a number Flink reads for ${k} (${type === "float" ? "Float.parseFloat" : "Double.parseDouble"}), so ${FAILS}; write a decimal number${percentAdvice(v)}`)];
  }
  if ("names" in type) return namedValueProblems(k, value, type, flinkVersion);
  if ("oneOf" in type) {
    const exact = type.exactCaseIn;
    if (exact !== undefined && !type.oneOf.includes(v) && (v === "" || type.oneOf.includes(v.toUpperCase()))) {
      // Fails in some versions only: a name in another case (exactCaseIn's), an empty value (Flink 2.x's convertToEnum).
      // On a known version it either fails (an error) or is read (quiet).
      if (flinkVersion !== undefined) {
        const v2 = flinkVersion.startsWith("v2_");
        if (v === "" && v2) return [error(`${shown}: ${flinkVersionLabel(flinkVersion)} reads ${k} with ConfigurationUtils.convertToEnum, which fails on an empty value, so ${FAILS}; write ${JSON.stringify(exact.emptyIs)} or remove the key`)];
        if (v !== "" && !v2) return [error(`${shown}: ${flinkVersionLabel(flinkVersion)} reads ${k} with ${exact.reader}, which takes the name in upper case only, so ${FAILS}; write ${JSON.stringify(v.toUpperCase())}`)];
        return [];
      }
      return [
        warning(
          v === ""
            ? `${shown}: ${exact.versions} read ${k} with ${exact.reader}, which takes an empty value as ${exact.emptyIs}, but Flink 2.x fails on it (ConfigurationUtils.convertToEnum); write ${JSON.stringify(exact.emptyIs)} or remove the key`
            : `${shown}: ${exact.versions} read ${k} with ${exact.reader}, which takes the name in upper case only, so the job fails there (Flink 2.x reads it in any case); write ${JSON.stringify(v.toUpperCase())}`,
        ),
      ];
    }
    if (type.oneOf.includes(v.toUpperCase())) return [];
    const near = didYouMean(v.toUpperCase(), type.oneOf);
    const reading = exact === undefined ? "any case; ConfigurationUtils.convertToEnum" : `upper case: ${exact.versions} read it with ${exact.reader}, Flink 2.x with ConfigurationUtils.convertToEnum in any case`;
    return [error(`${shown} is not a value of ${k}, which takes ${type.oneOf.map((o) => JSON.stringify(o)).join(", ")} (${reading}), so ${FAILS}${near === "" ? `; write one of them` : near}`)];
  }
  return wholeNumberProblems(k, value, type);
}

/**
 * A name Flink reads lower-cased, or a class name (a value with a dot) where the option takes one;
 * on a known `flinkVersion`, only the names that version reads (NamedValueType.versioned).
 */
function namedValueProblems(k: string, value: string, type: NamedValueType, flinkVersion: string | undefined): readonly FlinkValueProblem[] {
  const v = value.trim();
  const reads = (n: string): boolean => flinkVersion === undefined || type.versioned?.[n] === undefined || type.versioned[n].versions.includes(flinkVersion);
  const name = v.toLowerCase();
  const other = Object.hasOwn(type.versioned ?? {}, name) && !reads(name) ? type.versioned![name] : undefined;
  if (other !== undefined) {
    const loads = type.classNames !== undefined && type.classNotFound !== undefined ? `, and ${flinkVersionLabel(flinkVersion!)} loads any other name as the class name of ${type.classNames}, which fails (${type.classNotFound.loader}: ${JSON.stringify(type.classNotFound.message + v)})` : "";
    return [error(`${JSON.stringify(value)} is no value of ${k} on ${flinkVersionLabel(flinkVersion!)} (kubernetes.flinkVersion "${flinkVersion}"): ${other.why}${loads}, so ${FAILS}; write ${other.instead}`)];
  }
  if (type.names.includes(name) || type.aliases?.includes(name) === true) return [];
  if (type.classNames !== undefined && v.includes(".")) return [];
  const names = type.names.filter(reads);
  const near = didYouMean(name, names);
  const takes = names.map((n) => JSON.stringify(n)).join(", ") + (type.aliases !== undefined ? ` (also ${type.aliases.join(", ")})` : "");
  const on = flinkVersion !== undefined && names.length < type.names.length ? ` on ${flinkVersionLabel(flinkVersion)}` : "";
  const classes = type.classNames !== undefined ? `, or the class name of ${type.classNames}` : "";
  return [error(`${JSON.stringify(value)} is not a value of ${k}, which takes ${takes}${on} (any case)${classes} (${type.source}), so ${FAILS}${near === "" ? "; write one of them" : near}`)];
}

/** "40%" → `, e.g. "0.4" for 40%`; else an example. */
function percentAdvice(v: string): string {
  const m = /^(\d{1,3})\s*%$/.exec(v);
  return m !== null ? `, e.g. ${JSON.stringify(String(Number(m[1]) / 100))} for ${m[1]}%` : ', e.g. "0.4"';
}

function wholeNumberProblems(k: string, value: string, type: WholeNumberType): readonly FlinkValueProblem[] {
  const v = value.trim();
  const shown = JSON.stringify(value);
  if (!isJavaWholeNumber(v, type.bits)) {
    // "4.0" → "4", "1,000" / "1_000" → "1000".
    const fixed = /^[+-]?\d+\.0*$/.test(v) ? v.replace(/\..*$/, "") : /^\d{1,3}([,_]\d{3})+$/.test(v) ? v.replace(/[,_]/g, "") : undefined;
    const kind = type.bits === 32 ? "a Java int, Integer.parseInt" : "a Java long, Long.parseLong";
    return [error(`${shown} is not a whole number, which Flink reads ${k} as (${kind}), so ${FAILS}; write ${fixed !== undefined && isJavaWholeNumber(fixed, type.bits) ? JSON.stringify(fixed) : 'a whole number, e.g. "4"'}`)];
  }
  if (type.min !== undefined && BigInt(v) < BigInt(type.min)) {
    return [error(`${shown} is below ${type.min}, the least Flink takes for ${k}, so ${FAILS} (${type.minSource}); write "${type.min}" or more`)];
  }
  return [];
}

function durationProblems(k: string, value: string, runtimeMode: "streaming" | "batch" | undefined): readonly FlinkValueProblem[] {
  let read: { nanos: bigint; label: string };
  try {
    read = readFlinkDuration(value, true);
  } catch (e) {
    return [error(`Flink reads ${k} as a duration when the job starts (TimeUtils.parseDuration), and fails on this one: ${messageOf(e)}`)];
  }
  const digits = value.trim().replace(/\D.*$/s, "");
  // TimeUtils labels microseconds µs, micro(s), microsecond(s); `us` is this package's spelling only.
  if (read.label === "us") return [error(`${JSON.stringify(value)} is not a valid Flink duration: Flink has no unit "us" (it reads microseconds as "µs", "micro" or "microsecond"), so ${FAILS}; write ${JSON.stringify(`${digits}µs`)}`)];
  // The unit "m" and a missing unit: the check shared with Iceberg's Duration options (duration.ts).
  const out: FlinkValueProblem[] = verbatimDurationWarnings(value).map(warning);
  // Duration.toMillis, as CheckpointConfig.configure passes the value on.
  const ms = Number(read.nanos / 1_000_000n);
  if (k === "execution.checkpointing.timeout") {
    if (ms < MIN_CHECKPOINT_INTERVAL_MS) {
      out.push(error(`${JSON.stringify(value)} is below Flink's minimum checkpoint timeout of 10 ms ("Checkpoint timeout must be larger than or equal to 10 ms", CheckpointConfig.setCheckpointTimeout), so ${FAILS}; write e.g. "10min" (Flink's default) or remove the key`));
    } else if (ms < SHORT_CHECKPOINT_TIMEOUT_MS && runtimeMode !== "batch") {
      // A batch job's Iceberg sink commits when its input ends (IcebergFilesCommitter.endInput), not on checkpoints:
      // there the no-unit warning alone. Where the mode is not known (a deploy target's map), the consequence is worded for a streaming job.
      const streaming = runtimeMode === "streaming" ? "" : "in a streaming job, ";
      out.push(
        warning(
          `${JSON.stringify(value)} gives every checkpoint ${ms} ms to complete before Flink expires it, less than a checkpoint that writes files takes: ` +
            `${streaming}every checkpoint would expire, and an Iceberg sink commits only when a checkpoint completes (IcebergFilesCommitter), so no data would reach the table; write seconds or minutes, e.g. "10min" (Flink's default)`,
        ),
      );
    }
  }
  if (k === "execution.checkpointing.interval-during-backlog" && ms !== 0 && ms < MIN_CHECKPOINT_INTERVAL_MS) {
    out.push(error(`${JSON.stringify(value)} is below Flink's minimum checkpoint interval of 10 ms ("Checkpoint interval must be zero or larger than or equal to 10 ms", CheckpointConfig.setCheckpointIntervalDuringBacklog), so ${FAILS}; write "0" (no checkpoints during backlog) or 10 ms or more, e.g. "5min"`));
  }
  return out;
}

function memoryProblems(k: string, value: string): readonly FlinkValueProblem[] {
  let bytes: bigint;
  try {
    bytes = readMemorySize(value);
  } catch (e) {
    // byte-size.ts's hint speaks of the package's own byte args; Flink's units are said here.
    const why = messageOf(e).replace(/; pass a positive whole number of bytes.*$/s, "");
    const example = why.includes("write ") ? "" : '; write e.g. "1024m" or "4g"';
    return [error(`Flink reads ${k} as a memory size when the job starts (MemorySize.parse: a whole number and a unit, b, k(b), m(b), g(b) or t(b), 1024-based), and fails on this one: ${why}${example}`)];
  }
  const n = value.trim();
  if (/^\d+$/.test(n) && bytes > 0n) {
    // The same size first, as commitInterval's unitless warning does; the MiB reading only below one MiB, where it is the likely intent.
    const same = compactMemorySize(bytes);
    const sayIt = same.endsWith("b") ? `write "${same}" to say so` : `write "${same}" (or "${n}b") to say so`;
    const mib = bytes < BigInt(SMALL_SIZE_BYTES) ? `, or "${n}m" if you mean ${n} MiB` : "";
    return [warning(`${JSON.stringify(value)} has no unit, so Flink reads it as bytes (${n} bytes); ${sayIt}${mib}`)];
  }
  return [];
}

/** Reports flinkOptionValueProblems of `key` = `value` (on `flinkVersion`, in `runtimeMode`, when known) at `path`: errors as errors, warnings as warnings. */
export function reportFlinkOptionValue(key: string, value: string, path: string, diag: Diagnostics, flinkVersion?: string, runtimeMode?: "streaming" | "batch"): void {
  for (const p of flinkOptionValueProblems(key, value, flinkVersion, runtimeMode)) {
    if (p.level === "error") diag.error(path, p.message);
    else diag.warn(path, p.message);
  }
}
