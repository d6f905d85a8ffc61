/**
 * Changelogs into sinks that cannot take one (an IcebergSink without a primary key, a v1 keyed
 * one, a FlinkTable whose sink takes inserts only), through the statement itself and the views it
 * reads (view-names.ts).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { V1_DELETE_FILE_ERRORS } from "../iceberg/v1-delete-files.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { withViews } from "./view-names.js";
import { updatingOperation, windowAggregates, type UpdatingContext, type UpdatingOperation } from "./updating-operations.js";
import { certainReading } from "./certain-updates.js";
import { aggregateKeyAdvice } from "./aggregate-sink-keys.js";
import { insertOnlyRefusal, keylessUpdateRefusal } from "./connector-bounds.js";
import { knows } from "../components/failed-table-parts.js";

/** The statement-side way out, by the kind of updating operation. */
export const OTHERWISE: Readonly<Record<UpdatingOperation["kind"], string>> = {
  // SESSION: the session window TVF, in streaming jobs since Flink 1.19 (FLINK-24024), the oldest flinkVersion taken.
  aggregation: ", or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final",
  ranking: ", or rank per window (a window TVF, PARTITION BY window_start, window_end), whose results are final, or keep first rows by a PROCTIME() column",
  join: ", or join with a time bound (an interval join), which emits no retractions",
  // No interval anti join: flink IntervalJoinUtil.satisfyIntervalJoin takes inner and outer joins only.
  "anti-join":
    ", or make it a window anti join (NOT IN / NOT EXISTS between window TVFs, equating window_start and window_end), whose results are final (a time bound alone does not help: Flink has no interval anti join)",
};

/** How a sink fails on updates: the lead after its label, what happens, what to do. */
export interface UpdateIntolerance {
  readonly lead: string;
  readonly consequence: string;
  readonly fix: string;
  /** True when Flink's planner refuses the plan (a FlinkTable that takes inserts only), not the sink at run time. */
  readonly refusedByPlanner?: boolean;
  /** True for a sink without a key whose fix is one (an IcebergSink, a 'jdbc' table), which for an aggregation is its GROUP BY columns (aggregate-sink-keys.ts). */
  readonly keyless?: boolean;
  /** True for a keyed Iceberg sink on a format-version 1 table (its resource warning about delete files is then not repeated: iceberg-table-component.ts). */
  readonly v1?: boolean;
}

/**
 * Why the INSERT target `t` cannot take updates and deletes, when it cannot: an Iceberg sink
 * without a primary key (the writer appends every row and ignores its kind: iceberg
 * `flink/.../sink/RowDataTaskWriterFactory.java`; so for a table without identifier fields, as this
 * package creates it: without a PRIMARY KEY the sink keys by an existing table's identifier fields,
 * `flink/.../sink/SinkUtil.java` checkAndGetEqualityFieldIds, and upserts under its
 * `write.upsert.enabled` property), an Iceberg sink keyed by a primaryKey without
 * upsert on a format-version 1 table (iceberg `flink/.../sink/BaseDeltaTaskWriter.java` write:
 * an UPDATE_BEFORE or DELETE row goes to `BaseEqualityDeltaWriter.delete`, a position delete when
 * its key was written earlier in the checkpoint, else an equality delete; a v1 table refuses the
 * checkpoint's delete files with one of two messages, by Iceberg release: iceberg/v1-delete-files.ts), a
 * keyless 'jdbc' or 'mongodb' FlinkTable (connector-bounds.ts keylessUpdateRefusal: the planner
 * refuses it), or a FlinkTable whose sink takes inserts only (appendOnlySink: Flink refuses the plan, flink
 * FlinkChangelogModeInferenceProgram: "Table sink ... doesn't support consuming update changes").
 */
function updateIntolerance(t: TableDefinition): UpdateIntolerance | undefined {
  if (t.iceberg !== undefined) {
    // A failed table's fact that is not known (upsert, schema, formatVersion): not judged.
    if (t.iceberg.upsert !== false || t.iceberg.schema === undefined) return undefined;
    const keyed = ((t.iceberg.schema as { "identifier-field-ids"?: readonly number[] })["identifier-field-ids"]?.length ?? 0) > 0;
    if (!keyed) {
      return {
        lead: "has no primaryKey",
        consequence: "a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too",
        fix: `give ${t.label} a primaryKey (updates and deletes then apply to the key)`,
        keyless: true,
      };
    }
    if (t.iceberg.formatVersion === undefined || t.iceberg.formatVersion >= 2) return undefined;
    return {
      lead: `is keyed by its primaryKey with formatVersion ${t.iceberg.formatVersion}`,
      consequence:
        "the keyed sink writes the old row of each update (-U) and each deleted or retracted row (-D) as a delete file (an equality delete by the key, or a position delete when the key was written earlier in the same checkpoint), " +
        `and a format-version 1 table holds no delete files: the job fails at the first checkpoint that holds an update or a delete, with ${V1_DELETE_FILE_ERRORS}, and again after every restart`,
      fix: `set formatVersion: 2 on ${t.label} (an existing v1 table must be upgraded first)`,
      v1: true,
    };
  }
  // A keyless 'jdbc' / 'mongodb' sink (connector-bounds.ts), when the failed table's connector and key are known.
  const refusal = t.resourceType === "FlinkTable" && knows(t, "connector") && knows(t, "primaryKey") && (t.primaryKey?.length ?? 0) === 0 ? keylessUpdateRefusal(t.connector) : undefined;
  if (refusal !== undefined) {
    return { lead: `is a '${t.connector}' table without a primaryKey`, consequence: refusal, fix: `declare primaryKey on ${t.label}`, refusedByPlanner: true, keyless: true };
  }
  if (t.appendOnly === undefined) return undefined;
  return {
    lead: `is ${t.appendOnly}`,
    consequence: insertOnlyRefusal(),
    refusedByPlanner: true,
    fix: `write to an IcebergSink or 'upsert-kafka' table with a primaryKey, or give ${t.label} a changelog format such as 'debezium-json'`,
  };
}

/**
 * An INSERT of a changelog (updates and deletes) into a sink that cannot take one
 * (updateIntolerance). An error for a source that is a changelog (connectorChangelog) and for
 * what the statement itself, or a view it reads, certainly turns into updates (updating-operations.ts,
 * rankings.ts: an aggregation without a window, a Top-N or deduplication, DISTINCT into a FlinkTable,
 * a negated subquery (NOT IN, NOT EXISTS, <> ALL, NOT (x IN ...)) or EXCEPT: an anti join;
 * EXCEPT ALL and INTERSECT ALL: an aggregation; INTERSECT into a FlinkTable: anti-joins.ts);
 * an outer join or an aggregate without GROUP BY where the query's structure shows them updating
 * (certain-updates.ts: a regular outer join of interpolated tables whose condition names no time
 * attribute, an aggregate in the query's own SELECT list); a warning where the text cannot tell
 * (an outer join of other relations, which an interval join written without INTERVAL would look
 * like; an aggregate in a subquery; an order a view hides; renamed window columns). The sink's
 * side is certain: an append-only FlinkTable is refused by the planner, and the Iceberg sink takes
 * every row kind it is given, upsert or not (iceberg `flink/.../IcebergTableSink.getChangelogMode`
 * returns the requested mode), so what a keyless or v1 table does with updates happens at run
 * time. Each part (the statement, each view) is judged by its own text: a window makes only its
 * own aggregation final. Returns the sink's intolerance when it was reported.
 */
export function checkChangelogIntoAppendSink(
  a: AnalyzedStatement,
  views: ReadonlyMap<string, AnalyzedStatement>,
  updatesOf: InsertUpdates,
  functions: () => ReadonlySet<string>,
  diag: Diagnostics,
): UpdateIntolerance | undefined {
  const t = a.target;
  const sink = t === undefined ? undefined : updateIntolerance(t);
  if (t === undefined || sink === undefined) return undefined;
  const updates = updatesOf(a);
  if (updates === undefined) return undefined;
  if (updates.kind === "changelog") {
    diag.error(`statements[${a.index}]`, `${t.label} ${sink.lead}, and the statement reads ${updates.source.label}${updates.via}, ${updates.source.changelog}: ${sink.consequence}; ${sink.fix}`);
    return sink;
  }
  const op = updates.op;
  // An aggregation of the statement itself into a keyless sink: the key to give is its GROUP BY columns, or a constant one.
  const fix = (sink.keyless === true && op.kind === "aggregation" ? aggregateKeyAdvice(a, t, views, functions()) : undefined) ?? sink.fix;
  const message = `${t.label} ${sink.lead}, and the statement${updates.via} ${op.what}${op.hedge ?? ""}, which in a streaming job yields updates to earlier results: ${consequence(sink, op)}; ${fix}${op.advice ?? OTHERWISE[op.kind]}`;
  if (op.certain) diag.error(`statements[${a.index}]`, message);
  else diag.warn(`statements[${a.index}]`, message);
  return sink;
}

/** What makes an INSERT write updates and deletes (updatesWritten); `via` names the view it is in (" (through the view in statements[i])"), or is empty. */
export type UpdatesWritten =
  | { readonly kind: "changelog"; readonly source: TableDefinition; readonly via: string }
  | { readonly kind: "operation"; readonly op: UpdatingOperation; readonly via: string };

/**
 * What makes the INSERT `a` write updates and deletes in a streaming job, read from the statement
 * and the views it reads: a changelog source it reads (connectorChangelog: certain), else the first
 * updating operation (updating-operations.ts, made certain or dropped by its structure:
 * certain-updates.ts). Undefined when neither is seen. `planner`: the sink is one Flink's planner
 * refuses updates for (an append-only FlinkTable), which also counts a SELECT DISTINCT.
 */
export function updatesWritten(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, job: Pick<UpdatingContext, "flinkVersion" | "miniBatch" | "firing">, planner: boolean): UpdatesWritten | undefined {
  const parts = withViews(a, views);
  const via = (s: AnalyzedStatement): string => (s === a ? "" : ` (through the view in statements[${s.index}])`);
  // A window aggregation (window TVF) accepts a changelog and emits final rows (Flink 1.19+,
  // FLINK-20281); a changelog read as the versioned side of a temporal join (FOR SYSTEM_TIME AS OF)
  // only supplies values to the other side's rows (planner FlinkChangelogModeInferenceProgram).
  const texts = parts.map((p) => statementCode(p, true));
  const windowNearby = texts.some((x) => /\b(?:TUMBLE|HOP|CUMULATE|SESSION)\s*\(/i.test(x));
  for (let i = 0; i < parts.length; i++) {
    if (windowAggregates(texts[i]!)) continue;
    const s = parts[i]!;
    const changelog = s.reads.find((r) => r.changelog !== undefined && !readAsTemporalTable(s, r));
    if (changelog !== undefined) return { kind: "changelog", source: changelog, via: via(s) };
  }
  for (let i = 0; i < parts.length; i++) {
    const read = updatingOperation(texts[i]!, parts[i]!.reads, { ...job, planner, windowNearby, allText: texts.join("\n;\n"), viewTables: parts.flatMap((p) => p.reads) });
    if (read === undefined) continue;
    // An outer join or a global aggregate that the query's structure shows to be updating, or outer joins its WHERE makes inner (certain-updates.ts).
    const reading = read.certain ? undefined : certainReading(parts[i]!, read);
    if (reading !== undefined && "inner" in reading) continue;
    return { kind: "operation", op: reading === undefined ? read : { ...read, what: reading.what, certain: reading.certain }, via: via(parts[i]!) };
  }
  return undefined;
}

/** What an INSERT writes of updates and deletes (updatesWritten), for the checks of a streaming job's INSERTs: insertUpdates. */
export type InsertUpdates = (a: AnalyzedStatement) => UpdatesWritten | undefined;

/**
 * updatesWritten of each INSERT of a streaming job, read once, when a check first asks for it (most
 * sinks take updates, and their INSERTs are never read), with `planner` when its target is no
 * Iceberg table: this file, row-delta-reads.ts deleteWrites and keyed-appends.ts share the reading.
 */
export function insertUpdates(views: ReadonlyMap<string, AnalyzedStatement>, job: Pick<UpdatingContext, "flinkVersion" | "miniBatch" | "firing">): InsertUpdates {
  const read = new Map<AnalyzedStatement, UpdatesWritten | undefined>();
  return (a) => {
    if (!read.has(a)) read.set(a, updatesWritten(a, views, job, a.target?.iceberg === undefined));
    return read.get(a);
  };
}

/**
 * What a FlinkTable's append-only sink makes of a ranking that `flink` (Flink 2.1+) declares
 * insert-only (UpdatingOperation.plannedInsertOnly): flink FlinkChangelogModeInferenceProgram with
 * RankUtil.keepLastDeduplicateRow (FLINK-37005) accepts the job, but the Rank still replaces its
 * row, each replacement one more row in the sink (FLINK-40368).
 */
const plannedInsertOnly = (flink: string): string =>
  `${flink} (mini-batch off) accepts a top-1 ROW_NUMBER ordered ascending or by several columns as insert-only (FLINK-37005), ` +
  "but the Rank still replaces its row when a better one arrives, and the sink writes each replacement as one more row";

/** The sink's consequence, or for an append-only FlinkTable what Flink 2.1+ does with a ranking it declares insert-only. */
function consequence(sink: UpdateIntolerance, op: UpdatingOperation): string {
  if (!sink.refusedByPlanner || op.plannedInsertOnly === undefined) return sink.consequence;
  return op.plannedInsertOnly === true ? plannedInsertOnly("Flink 2.1+") : `before Flink 2.1 ${sink.consequence}; from 2.1 ${plannedInsertOnly("Flink")}`;
}

/** True when every mention of `table` in the statement is followed by FOR SYSTEM_TIME AS OF (a temporal join's versioned side). */
function readAsTemporalTable(a: AnalyzedStatement, table: TableDefinition): boolean {
  const segs = a.statement.segments;
  let mentions = 0;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg.kind !== "table" || seg.table !== table) continue;
    mentions++;
    const next = segs[i + 1];
    if (next?.kind !== "text" || !/^\s*FOR\s+SYSTEM_TIME\s+AS\s+OF\b/i.test(next.text)) return false;
  }
  return mentions > 0;
}
