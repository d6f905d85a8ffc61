/**
 * What format-options.ts knows of one table format, and what a format's checks are handed: the
 * shared shapes of format-options-csv.ts, format-options-binary.ts and the JSON family.
 */
import type { DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";

/** The table around the format options: what the column checks of a format (raw) read. */
export interface FormatTable {
  /** The table's physical columns with their types, in order; undefined when a column could not be read. */
  readonly columns?: readonly { readonly name: string; readonly type?: DataType }[];
  /** The primary key (the message key of 'upsert-kafka'). */
  readonly primaryKey?: readonly string[];
  /** The partition columns of a 'filesystem' table (they live in the path, not in the files). */
  readonly partitionedBy?: readonly string[];
  /**
   * Collects what fails only when a job reads the table (a format checks some options only when it
   * builds its decoder): the job that reads it reports them.
   */
  readonly readFailures: FormatFailure[];
  /** The same for what fails only when a job writes the table (the encoder's checks). */
  readonly writeFailures: FormatFailure[];
  /** What a job that writes the table should hear as a warning (a risk Flink does not check: kafka-rules.ts); where left out, nothing collects them. */
  readonly writeWarnings?: FormatFailure[];
}

/** A format option Flink refuses only when a job reads (or writes) the table: where, and why. */
export interface FormatFailure {
  /** The prop path on the table, e.g. `options["json.fail-on-missing-field"]`. */
  readonly path: string;
  readonly message: string;
  /**
   * A write warning that holds only for a job whose checkpoint interval is at least this many ms
   * (job-plan.ts reports it then, with `{checkpointInterval}` in the message replaced by the interval).
   */
  readonly atLeastCheckpointIntervalMs?: number;
}

/** One format used under one key prefix of a table: what a format's checks read and report to. */
export interface FormatContext {
  /** "kafka", "upsert-kafka" or "filesystem". */
  readonly connector: string;
  readonly format: string;
  /** "", "key." or "value.". */
  readonly prefix: string;
  /** The option that names the format: "format", "key.format" or "value.format". */
  readonly formatKey: string;
  /** The table's plain options. */
  readonly options: Readonly<Record<string, string>>;
  /** Options whose values are Pulumi Outputs (present, value unknown at preview). */
  readonly deferredKeys: readonly string[];
  readonly table: FormatTable;
  readonly diag: Diagnostics;
  /** The full key of an option of this format: `<prefix><format>.<suffix>`. */
  key(suffix: string): string;
  /** The plain value of `key(suffix)`, when it is given. */
  value(suffix: string): string | undefined;
  /** Whether `key(suffix)` is given, as plain or Output. */
  has(suffix: string): boolean;
  /** Reports what fails only when a job reads (`"read"`) or writes (`"write"`) the table (FormatTable.readFailures). */
  failsOn(when: "read" | "write", path: string, message: string): void;
}

/** A format's options as Flink 1.19–2.1 declare them (its factory's required and optional options). */
export interface FormatSpec {
  /** The suffixes (after `<format>.`) its factories declare in Flink 1.19–2.1. */
  readonly suffixes: readonly string[];
  /** Map-typed suffixes: `<suffix>.<any key>` belongs to the option too (flink FactoryUtil: prefix-map keys). */
  readonly maps?: readonly string[];
  /** Fallback (deprecated) keys Flink still takes, by the key they stand for. */
  readonly fallbacks?: Readonly<Record<string, string>>;
  /** Boolean suffixes: "true" / "false" in any case, not trimmed (flink ConfigurationUtils.convertToBoolean). */
  readonly booleans?: readonly string[];
  /** Suffixes added after Flink 2.1, with the change that added them. */
  readonly later?: Readonly<Record<string, string>>;
  /** Suffixes only the 'filesystem' connector's file format takes, with what they do. */
  readonly filesystemOnly?: Readonly<Record<string, string>>;
  /** Required suffixes (flink FactoryUtil.validateFactoryOptions: "One or more required options are missing"). */
  readonly required?: readonly { readonly suffix: string; readonly fallbacks?: readonly string[]; readonly what: string }[];
  /** Any key under the prefix is taken and handed on (parquet, orc: to the Hadoop configuration). */
  readonly passThrough?: boolean;
  /** Checks the value of one known, plain, well-typed option. */
  checkValue?(ctx: FormatContext, suffix: string, value: string): void;
  /** Checks across the options of the prefix (and the table's columns), after the per-key checks. */
  checkAll?(ctx: FormatContext): void;
}

/** The prop path of an option: `options["csv.field-delimiter"]`. */
export function opt(key: string): string {
  return `options[${JSON.stringify(key)}]`;
}

/**
 * The physical columns the format under `ctx.prefix` reads and writes, with what they are, or
 * undefined where preview cannot tell (flink-connector-kafka KafkaConnectorOptionsUtil
 * createKeyFormatProjection / createValueFormatProjection; filesystem: the columns outside the
 * partition columns).
 */
export function formatColumns(ctx: FormatContext): { columns: readonly { name: string; type?: DataType }[]; what: string } | undefined {
  const physical = ctx.table.columns;
  if (physical === undefined) return undefined;
  if (ctx.connector === "filesystem") {
    const partitions = ctx.table.partitionedBy ?? [];
    return { columns: physical.filter((c) => !partitions.includes(c.name)), what: "physical columns outside partitionedBy" };
  }
  let keyFields: readonly string[];
  if (ctx.connector === "upsert-kafka") keyFields = ctx.table.primaryKey ?? [];
  else {
    if (ctx.deferredKeys.includes("key.fields")) return undefined;
    const listed = ctx.options["key.fields"];
    keyFields = listed === undefined || listed === "" ? [] : listed.split(";");
    if (!keyFields.every((k) => physical.some((c) => c.name === k))) return undefined; // The connector reports it.
  }
  if (ctx.prefix === "key.") {
    return keyFields.length === 0 ? undefined : { columns: physical.filter((c) => keyFields.includes(c.name)), what: ctx.connector === "upsert-kafka" ? "primary-key columns" : "columns of 'key.fields'" };
  }
  if (ctx.deferredKeys.includes("value.fields-include")) return undefined;
  const include = (ctx.options["value.fields-include"] ?? "ALL").toUpperCase();
  if (include === "ALL") return { columns: physical, what: "physical columns" };
  if (include === "EXCEPT_KEY") return { columns: physical.filter((c) => !keyFields.includes(c.name)), what: "physical columns outside the key ('value.fields-include' = 'EXCEPT_KEY')" };
  return undefined;
}
