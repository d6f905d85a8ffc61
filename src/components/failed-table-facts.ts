/**
 * synth's collecting mode (collect.ts): what a table whose args failed validation still tells the
 * jobs that use it, so their statement checks run on it in the same synth run: its columns (the
 * SELECT list, WHERE, an INSERT's column count and types, the window columns), its time attributes
 * (windows, temporal joins, rankings by time), its primary key (versioned tables, upsert keys), its
 * partition keys (static partitions), and for a FlinkTable what its connector options decide (the
 * connector, boundedness, changelog, append-only sink: connector-facts.ts), and for an Iceberg
 * table its Iceberg facts and an IcebergSource's boundedness (failed-iceberg-facts.ts).
 *
 * A part is read only when the table's own validation found no problem in it, read from its
 * errors (`issues`, at the part's arg paths: the table's own checkers decide, and every one of them
 * runs whatever else failed), and the parts it builds on read: it is then what the valid table
 * registers. A part decided by an absent arg (no watermark: no time attribute) is read only when no
 * unknown arg could be that one misspelt. The parts read are listed in `known`
 * (failed-table-parts.ts); a job's check that needs another part skips the table.
 */
import { convertColumns } from "../iceberg/schema.js";
import type { Column } from "../iceberg/types.js";
import { parseFlinkDuration } from "../options/duration.js";
import { SINK_KEYS, SOURCE_KEYS } from "../options/iceberg-table.js";
import { usableConnectorFacts, type ConnectorFacts } from "../sql/connector-facts.js";
import { writtenExpressions } from "../sql/flink-columns.js";
import { FLINK_TABLE_ARG_KEYS } from "../sql/generic-table.js";
import { Diagnostics } from "../validation/diagnostics.js";
import type { ValidationIssue } from "../validation/error.js";
import { failedFlinkColumns } from "./failed-flink-columns.js";
import { failedIcebergColumns } from "./failed-iceberg-columns.js";
import { failedIcebergFacts } from "./failed-iceberg-facts.js";
import { TableIssues } from "./failed-table-issues.js";
import type { TablePart } from "./failed-table-parts.js";
import type { TableDefinition } from "./table-definition.js";

/** The parts of a failed table's definition that its args declare readably. */
export type FailedTableFacts = Partial<ConnectorFacts & Pick<TableDefinition, "columns" | "primaryKey" | "partitionKeys" | "iceberg" | "commitInterval" | "expressions">> & {
  readonly known: readonly TablePart[];
};

/**
 * The facts of a failed table of `resourceType` from its `args` and its validation errors (`issues`).
 * Its expressions as written (a FlinkTable's computed columns and watermark, an IcebergSource's
 * watermark: flink-columns.ts writtenExpressions) whatever else failed, as the valid table's: the
 * jobs' check of other dialects' functions in them (foreign-functions.ts) reads only their text, so
 * such a call is reported with the table's own errors, not after they are fixed.
 */
export function failedTableFacts(resourceType: TableDefinition["resourceType"], args: unknown, issues: readonly ValidationIssue[]): FailedTableFacts {
  const given = typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {};
  const expressions = resourceType === "IcebergSink" ? [] : writtenExpressions(given, resourceType === "FlinkTable");
  const facts =
    resourceType === "FlinkTable"
      ? flinkFacts(given, new TableIssues(issues, FLINK_TABLE_ARG_KEYS))
      : icebergFacts(resourceType, given, new TableIssues(issues, [...(resourceType === "IcebergSource" ? SOURCE_KEYS : SINK_KEYS)]));
  return expressions.length > 0 ? { ...facts, expressions } : facts;
}

/** `value` as a list of names ([] when absent), or undefined when it is no list of strings. */
function names(value: unknown): string[] | undefined {
  if (value === undefined) return [];
  return Array.isArray(value) && value.every((k) => typeof k === "string") ? (value as string[]) : undefined;
}

/** The primary key (`key`, as the columns were read with it) and the partition keys of a failed table whose columns read, each when its arg reads. */
function keyFacts(a: Record<string, unknown>, key: readonly string[], issues: TableIssues): Pick<FailedTableFacts, "primaryKey" | "partitionKeys"> & { parts: TablePart[] } {
  const parts: TablePart[] = [];
  const keyKnown = issues.reads("primaryKey", a["primaryKey"]);
  if (keyKnown) parts.push("primaryKey");
  const partitions = names(a["partitionedBy"]);
  const partitionsKnown = partitions !== undefined && issues.reads("partitionedBy", a["partitionedBy"]);
  if (partitionsKnown) parts.push("partitionKeys");
  return Object.assign(
    { parts },
    keyKnown && key.length > 0 ? { primaryKey: key } : undefined,
    partitionsKnown && partitions.length > 0 ? { partitionKeys: partitions } : undefined,
  );
}

/**
 * A FlinkTable's facts. Its columns when every column's name reads (failed-flink-columns.ts: a
 * column whose type or expression does not read is `unread`, the others as the valid table
 * registers them) and its primary key is a list with no error at an element (a column that is
 * none, or no physical one): its columns are then NOT NULL. The watermark's column is the rowtime
 * attribute, PROCTIME() columns proctime ones.
 */
function flinkFacts(a: Record<string, unknown>, issues: TableIssues): FailedTableFacts {
  const given = typeof a["options"] === "object" && a["options"] !== null ? (a["options"] as Record<string, unknown>) : {};
  const options = Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => typeof e[1] === "string"));
  const { facts, connectorKnown } = usableConnectorFacts(options, (k) => issues.readsOption(k));
  const known: TablePart[] = connectorKnown ? ["connector"] : [];
  const key = names(a["primaryKey"]);
  if (!Array.isArray(a["columns"]) || a["columns"].length === 0 || key === undefined || issues.atElement("primaryKey")) return { ...facts, known };
  const watermark = a["watermark"] as { column?: unknown } | undefined;
  const timeKnown = issues.reads("watermark", watermark);
  // No error at the watermark: it names one of the columns (a falsy one is none, as for the valid table).
  const rowtime = timeKnown && watermark ? (watermark.column as string) : undefined;
  const columns = failedFlinkColumns(a["columns"], new Set(key), options, rowtime);
  if (columns === undefined) return { ...facts, known };
  const { parts, ...keys } = keyFacts(a, key, issues);
  return { ...facts, columns, ...keys, known: [...known, ...parts, ...(timeKnown ? (["timeAttributes"] as const) : [])] };
}

/**
 * An Iceberg table's facts. Its columns when every column's name reads and its primary key is a
 * list with no error at an element (failed-iceberg-columns.ts: a column whose type does not read
 * is `unread`, the others as the valid table registers them, key columns NOT NULL); its Iceberg
 * schema only when every column and the key pass the table's own column checks (convertColumns). An
 * IcebergSource's watermark column is its rowtime attribute; an IcebergSink has none (a watermark
 * there is an unknown arg). Its connector is known by its kind (no FlinkTable connector, no
 * changelog); its Iceberg facts and an IcebergSource's boundedness as failed-iceberg-facts.ts reads them.
 */
function icebergFacts(resourceType: "IcebergSource" | "IcebergSink", a: Record<string, unknown>, issues: TableIssues): FailedTableFacts {
  const converted = convertColumns(a["columns"] as Column[], { primaryKey: a["primaryKey"] as string[] | undefined, formatVersion: 3 }, new Diagnostics());
  const watermark = resourceType === "IcebergSource" ? (a["watermark"] as { column?: unknown; expression?: unknown } | undefined) : undefined;
  const timeKnown = resourceType === "IcebergSink" || issues.reads("watermark", watermark);
  const key = names(a["primaryKey"]);
  const keyKnown = key !== undefined && issues.reads("primaryKey", a["primaryKey"]);
  const partitions = names(a["partitionedBy"]);
  const { iceberg, read, branchKnown } = failedIcebergFacts(resourceType, a, issues, {
    converted: keyKnown ? converted : undefined,
    primaryKey: keyKnown ? key : undefined,
    partitionedBy: partitions !== undefined && issues.reads("partitionedBy", a["partitionedBy"]) ? partitions : undefined,
    watermark: timeKnown ? (watermark ?? null) : undefined,
  });
  const known: TablePart[] = ["connector", ...(branchKnown ? (["branch"] as const) : [])];
  // A sink's commitInterval that reads is what the job's checkpoint interval is checked against (job-config.ts).
  const commit = resourceType === "IcebergSink" ? commitInterval(a, issues) : undefined;
  const base = { ...read, iceberg, ...(commit !== undefined ? { commitInterval: commit } : {}) };
  if (!Array.isArray(a["columns"]) || key === undefined || issues.atElement("primaryKey")) return { ...base, known };
  // No error at the watermark: it parsed, and names a top-level column.
  const rowtime = timeKnown && watermark !== undefined ? (watermark.column as string) : undefined;
  const columns = failedIcebergColumns(a["columns"], key, rowtime);
  if (columns === undefined || columns.length === 0) return { ...base, known };
  const { parts, ...keys } = keyFacts(a, key, issues);
  return { ...base, columns, ...keys, known: [...known, ...parts, ...(timeKnown ? (["timeAttributes"] as const) : [])] };
}

/** An IcebergSink's commitInterval as planIcebergTable registers it, when it is set and has no error (checkCommitInterval passed). */
function commitInterval(a: Record<string, unknown>, issues: TableIssues): TableDefinition["commitInterval"] {
  const text = a["commitInterval"];
  if (typeof text !== "string" || !issues.reads("commitInterval", text)) return undefined;
  try {
    return { millis: parseFlinkDuration(text), text };
  } catch {
    return undefined;
  }
}
