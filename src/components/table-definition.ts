/**
 * The contract between table components (IcebergSource, IcebergSink, FlinkTable) and
 * FlinkSqlJob: what a table contributes to a job. Components register their definition here at
 * construction; `sql` template references and FlinkSqlJob look it up. Kept in a WeakMap so the
 * public classes carry nothing extra.
 */
import type { FormatFailure } from "../sql/format-options-spec.js";
import type * as pulumi from "@pulumi/pulumi";
import type { KafkaRead } from "../sql/connector-bounds.js";
import type { HintedRead } from "../sql/hinted-reads.js";
import type { HintedWrite } from "../sql/hinted-writes.js";
import type { HintIssues } from "../sql/hint-keys.js";
import type { KafkaTransactionalWrite } from "../sql/kafka-transactions.js";
import type { RequiredOption } from "../sql/required-options.js";
import type { DataType } from "../types/data-type.js";
import { deriveTableName } from "../options/iceberg-table.js";
import { resourceLabel, type ValidationIssue } from "../validation/error.js";
import { failedTableFacts } from "./failed-table-facts.js";
import type { TablePart } from "./failed-table-parts.js";
import { addFailedProgramTable, addProgramTable } from "./job-registry.js";

/** Iceberg facts the job needs for cross-table rules. */
export interface IcebergTableFacts {
  /**
   * Identity of the catalog: the settings it finds its tables by (REST: uri, warehouse, prefix; Hive:
   * the metastore uri; Hadoop: the warehouse; src/options/catalog-identity.ts), not the catalog object
   * nor its name, to detect the same Iceberg table registered twice or used by two jobs.
   */
  readonly catalogKey: string;
  readonly database: string;
  readonly table: string;
  /** The Iceberg schema JSON (as toIcebergSchema returns it). */
  readonly schema: unknown;
  /** The partition spec JSON (as toIcebergPartitionSpec returns it). */
  readonly partitionSpec: unknown;
  /** `format-version` rendered for the table (1, 2 or 3). */
  readonly formatVersion: number;
  /** True when a column needs format v3 types (TIMESTAMP(7..9) / TIMESTAMP_LTZ(7..9)). */
  readonly needsFormatV3: boolean;
  /** Sink: upsertEnabled is true. */
  readonly upsert: boolean;
  /** Sink: the error a hash write distribution would cause (an OPTIONS hint may set it); undefined when none. */
  readonly hashDistributionProblem?: string;
  /** Source: reads incrementally without an end (streaming and unbounded). */
  readonly streamingRead: boolean;
  /** Source: renders snapshot ids (snapshot-id, start/end ids), which some read options conflict with. */
  readonly pinnedBySnapshotIds?: boolean;
  /** Source: renders start-snapshot-id (startSnapshotId), so it reads the appends after that snapshot, and a hint's snapshot-id is ignored (hint-snapshot-id.ts). */
  readonly appendRange?: boolean;
  /** Source: reads a chosen snapshot or range, not the current table (snapshot ids, or extraOptions tag, start-tag, as-of-timestamp ...: source-options.ts SNAPSHOT_SELECTION). */
  readonly selectsSnapshots?: boolean;
  /** Source: its watermark, when it has one: source watermarks (SOURCE_WATERMARK()) or an expression. */
  readonly watermark?: "source" | "expression";
  /** The branch it reads or writes (`extraOptions.branch`), when one is set: "(output)" when it is an Output; absent for main. */
  readonly branch?: string;
  /** Sink: the `write-format` it renders ("parquet", "orc", "avro"), when writeFormat is set. */
  readonly writeFormat?: string;
}

/**
 * A failed table's Iceberg facts (synth's collecting mode; failed-iceberg-facts.ts): each one the
 * valid table would register, when the args it is derived from read; absent when not known. A
 * check that needs an absent one does not judge the table (an absent `branch` is main only when
 * the table knows its "branch" part: failed-table-parts.ts).
 */
export type FailedIcebergFacts = { readonly [K in keyof IcebergTableFacts]?: IcebergTableFacts[K] };

/** A column of a table, as the job's INSERT checks read it. */
export interface TableColumn {
  readonly name: string;
  /** The declared type; undefined for a computed column (its expression decides). */
  readonly type?: DataType;
  /** True for the columns an INSERT fills: physical and persisted metadata columns (not computed or VIRTUAL ones). */
  readonly insertable: boolean;
  /** True when the connector never reads NULL into it although its type is nullable (e.g. 'datagen' without a null-rate). */
  readonly neverNull?: true;
  /** True for a metadata column (`METADATA [FROM ...]`): the connector fills it per message. */
  readonly metadata?: true;
  /** A time attribute: the column of the table's watermark (rowtime) or a `PROCTIME()` computed column (proctime). */
  readonly timeAttribute?: "rowtime" | "proctime";
  /** A computed time attribute's type when its expression tells it (`PROCTIME()`, `TO_TIMESTAMP_LTZ(x, p)`, `CAST(x AS T)`). */
  readonly timeType?: DataType;
  /**
   * A column of a table that failed validation (synth's collecting mode) whose declaration did not
   * read (its type or expression; failed-flink-columns.ts, failed-iceberg-columns.ts): its name,
   * kind and whether it is the watermark's column are known, not its type (nor its nullability),
   * nor for a computed one whether it is a proctime attribute. A check that judges its type or time
   * attribute skips it.
   */
  readonly unread?: true;
}

export interface TableDefinition {
  /** "IcebergSource" | "IcebergSink" | "FlinkTable". */
  readonly resourceType: "IcebergSource" | "IcebergSink" | "FlinkTable";
  readonly resourceName: string;
  /** Label for messages, e.g. `IcebergSink "daily"`. */
  readonly label: string;
  /** The Flink table name (plain). */
  readonly tableName: string;
  /** The CREATE TABLE statement (an Output when catalog uri/warehouse are Outputs). */
  readonly ddl: pulumi.Input<string>;
  /** The CREATE TABLE statement when it is known at construction (used for preview-time script checks). */
  readonly ddlPlain?: string;
  /** True when INSERT INTO this table is allowed (sinks and FlinkTables). */
  readonly writable: boolean;
  /** True when reading the table ends (bounded source). */
  readonly bounded: boolean;
  /** Why the table is unbounded, for error messages (e.g. "streaming: true without endSnapshotId"). */
  readonly unboundedReason?: string;
  /** A FlinkTable: its plain WITH options, into which a statement's OPTIONS hint merges (a hint may bound a reference, or unbound one: hinted-bounds.ts, bounded-dimension-joins.ts, finished-tasks.ts). */
  readonly connectorOptions?: Readonly<Record<string, string>>;
  /** How a job reads the table, for a 'kafka' FlinkTable: restarts without state and the first start (connector-bounds.ts kafkaRead). */
  readonly kafkaRead?: KafkaRead;
  /** True when the table's sink commits only on checkpoints in a streaming job (a 'filesystem' FlinkTable; IcebergSinks always do). */
  readonly commitsOnCheckpoint?: boolean;
  /** FlinkTable: format options Flink refuses only when a job reads the table (format-options.ts); the job reports them. */
  readonly readFailures?: readonly FormatFailure[];
  /**
   * FlinkTable: what a read through a reference whose OPTIONS hint is `hint` meets, the hint merged
   * into the table's options (src/sql/hinted-reads.ts): its read failures and how it reads Kafka.
   */
  readonly hintedRead?: (hint: Readonly<Record<string, string>>) => HintedRead;
  /**
   * FlinkTable: required connector options its WITH lacks ('topic', 'properties.bootstrap.servers',
   * the formats ...), which an OPTIONS hint on each reference may supply: the jobs judge each
   * reference (src/sql/required-options.ts); a table no job references reports them itself
   * (unreferenced-tables.ts). Absent or empty: none.
   */
  readonly requiredOptions?: readonly RequiredOption[];
  /** FlinkTable: what its option checks find in a reference's OPTIONS hint merged into its options (src/sql/hint-keys.ts). */
  readonly hintIssues?: (hint: Readonly<Record<string, string>>) => HintIssues;
  /** FlinkTable: format options Flink refuses only when a job writes the table. */
  readonly writeFailures?: readonly FormatFailure[];
  /** Risks of writing the table that Flink does not check, warned of by the jobs that write it (kafka-rules.ts). */
  readonly writeWarnings?: readonly FormatFailure[];
  /**
   * FlinkTable: what an INSERT whose target mention carries the OPTIONS hint `hint` meets, the hint
   * merged into the table's options (src/sql/hinted-writes.ts): its write failures and warnings, and
   * whether its sink commits on checkpoints.
   */
  readonly hintedWrite?: (hint: Readonly<Record<string, string>>) => HintedWrite;
  /**
   * A 'kafka' / 'upsert-kafka' FlinkTable: its exactly-once write (transactional-id prefix and brokers) with its own options;
   * absent when not exactly-once (kafka-transactions.ts). An INSERT with an OPTIONS hint: hintedWrite's.
   */
  readonly kafkaTransaction?: KafkaTransactionalWrite;
  /** Why reading the table yields a changelog (updates and deletes), when it does (FlinkTable: connectorChangelog). */
  readonly changelog?: string;
  /** FlinkTable: why its sink takes only inserts, when it does (appendOnlySink): Flink refuses an updating input there. */
  readonly appendOnly?: string;
  /** FlinkTable: its 'connector' option, trimmed (what it can do as a lookup source). */
  readonly connector?: string;
  /** The declared primary key's columns, when there is one (a changelog source's key; an Iceberg table's equality fields). */
  readonly primaryKey?: readonly string[];
  /** The table's PARTITIONED BY columns (Flink's partition keys: a static PARTITION clause may name only these). */
  readonly partitionKeys?: readonly string[];
  /** The table's columns in declaration order (what `SELECT *` reads); the insertable ones are what an INSERT fills. */
  readonly columns?: readonly TableColumn[];
  /**
   * The SQL expressions its CREATE TABLE holds, with their prop paths (`columns[2].expression`,
   * `watermark.expression`): Flink validates them when the job creates the table.
   */
  readonly expressions?: readonly { readonly path: string; readonly text: string }[];
  /** Sink commitInterval as set by the user (undefined when unset), in milliseconds and as written. */
  readonly commitInterval?: { readonly millis: number; readonly text: string };
  /** Present for Iceberg tables; for a failed one only the facts its args tell (FailedIcebergFacts). */
  readonly iceberg?: IcebergTableFacts | FailedIcebergFacts;
  /** Warnings the table found (already logged by the component), but those its acknowledgedWarnings name. */
  readonly warnings: readonly { path: string; message: string }[];
  /** How many of its warnings its acknowledgedWarnings name (not logged, not in `warnings`); absent for none. */
  readonly acknowledged?: number;
  /**
   * synth's collecting mode: the component's args failed validation (its errors are collected).
   * It has no DDL; of its Iceberg facts only those it lists (FailedIcebergFacts), and of the
   * parts a check asks `knows` about only those listed in `known` are the valid table's.
   */
  readonly failed?: true;
  /** A failed table: the parts of it read from its args (failed-table-facts.ts); a check that needs another part skips the table (failed-table-parts.ts `knows`). */
  readonly known?: readonly TablePart[];
}

const registry = new WeakMap<object, TableDefinition>();

/** Called by table components at construction. */
export function registerTableDefinition(component: object, def: TableDefinition): TableDefinition {
  const frozen = Object.freeze(def);
  registry.set(component, frozen);
  addProgramTable(frozen);
  return frozen;
}

/**
 * synth's collecting mode (collect.ts): a table component whose args failed validation is still a
 * table to the `sql` tag, so the program runs on and every resource's problems are listed; a job
 * that uses it says so and checks the rest with it as a placeholder (no DDL; the parts and
 * Iceberg facts of it that its errors, `issues`, leave readable: failed-table-facts.ts, so the checks
 * of the statements that read or write it still run). Indexed by its Flink name only (plain-text
 * mentions), and an upsert sink whose Iceberg table is known also as an upsert writer of that
 * table. Returns the Flink table name (`args.tableName` or derived).
 */
export function registerFailedTable(component: object, resourceType: TableDefinition["resourceType"], resourceName: string, args: unknown, issues: readonly ValidationIssue[], secrets?: pulumi.Output<string>): string {
  const given = typeof args === "object" && args !== null ? (args as { tableName?: unknown }).tableName : undefined;
  const tableName = typeof given === "string" && given !== "" ? given : deriveTableName(resourceName);
  const label = resourceLabel(resourceType, resourceName);
  const def: TableDefinition = Object.freeze(
    Object.assign(
      // The DDL's stand-in: "" or, where args hold Outputs, the check of their secrecy (failed-table-secrets.ts).
      { resourceType, resourceName, label, tableName, ddl: secrets ?? "", writable: resourceType !== "IcebergSource", bounded: true, warnings: [], failed: true as const },
      // An IcebergSource whose read is known sets bounded (and unboundedReason) here.
      failedTableFacts(resourceType, args, issues),
    ),
  );
  registry.set(component, def);
  addFailedProgramTable(def);
  return tableName;
}

/** The definition of a table component, or undefined for anything else. */
export function getTableDefinition(value: unknown): TableDefinition | undefined {
  return typeof value === "object" && value !== null ? registry.get(value) : undefined;
}
