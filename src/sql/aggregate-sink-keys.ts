/**
 * An aggregation written into a keyed sink whose primary key holds an aggregate's value
 * (`COUNT(*) AS n` into a sink keyed by n): a value that changes with every update is no stable
 * key, and the table silently keeps wrong rows.
 *
 * An aggregation's rows are unique by its GROUP BY columns, and an aggregation without GROUP BY has
 * the empty key (one row): flink-table-planner `FlinkRelMdUpsertKeys` for Aggregate and
 * `FlinkRelMdUniqueKeys.getUniqueKeysOnAggregate` ("group by keys form a unique key"). Under
 * `table.exec.sink.upsert-materialize` AUTO Flink puts a SinkUpsertMaterializer before the sink
 * only when the sink key does not contain an upsert key of its updating input
 * (`FlinkChangelogModeInferenceProgram.analyzeUpsertMaterializeStrategy`:
 * `!changeLogUpsertKeys.exists(pks.contains)`); FORCE always puts one there, NONE never. So, in a
 * streaming job:
 *
 * - The sink key holds every GROUP BY column (or the aggregation has none) and an aggregate value:
 *   no materializer, and each update comes as -U (old value) and +U (new value) under two sink
 *   keys. An upsert IcebergSink ignores -U (iceberg `flink/.../sink/BaseDeltaTaskWriter.java`
 *   `write`: "UPDATE_BEFORE is not necessary for UPSERT") and its +U deletes only the new key, so
 *   the row of every old value stays: an error (a warning when the materialize setting is not
 *   known at preview, or when every aggregate in the key is a MIN, MAX or FIRST_VALUE, which the
 *   data may never change; quiet under FORCE, whose materializer turns the retraction into a
 *   delete of the old key). Quiet for an IcebergSink without upsert (-U becomes an equality delete by the
 *   old key: `writer.delete(row)`) and for sinks that take upserts, as upsert-kafka and jdbc: Flink
 *   asks them for -U when their key is not exactly the input's upsert key
 *   (`FlinkChangelogModeInferenceProgram.inferSinkRequiredTraits`) and they delete the old key by
 *   it (kafka `DynamicKafkaRecordSerializationSchema`: -U becomes a tombstone).
 * - The sink key holds no GROUP BY column, only aggregate values and literals: the materializer
 *   keeps one row per sink key, so groups with the same aggregate values merge into one row
 *   (under NONE they overwrite each other at the sink): an error for every keyed sink and mode,
 *   except when every aggregate in the key is one MIN, MAX, FIRST_VALUE or LAST_VALUE, which gives
 *   a value of the group's own rows (`MAX(email)` of a GROUP BY user_id): a warning, as it is
 *   right when no two groups share the value (the materializer still deletes a changed value's row).
 *   A key that lacks some GROUP BY columns but holds others, or a column filled by another
 *   expression (`UPPER(user_id)`), is a warning: it is right when no two groups share those.
 *
 * A batch job and a window aggregation (a window TVF grouped by window_start and window_end:
 * flink `WindowUtil.groupingContainsWindowStartEnd`, insert-only) write each group's row once: an
 * aggregate value beside the GROUP BY columns brings no stale row (quiet), and a key of aggregate
 * values and literals alone makes groups with the same values overwrite each other in a sink that
 * upserts by its key (an error), while an IcebergSink without upsert appends them all (quiet).
 *
 * Read for the INSERT's query in the plain shape over one table or window TVF (insert-query.ts)
 * with a GROUP BY of plain columns (group-by.ts; not GROUPING SETS, ROLLUP or CUBE, whose Expand
 * keys rows by the set too), or for an INSERT that reads such an aggregation from one view or WITH
 * query by column names or `*` (a view or WITH query that renames its columns with a list is not
 * followed). An item counts as an aggregate value when it reads no column outside its aggregates
 * (aggregate-calls.ts: `COUNT(*)`, `SUM(x) + 1`, `CASE WHEN COUNT(*) > 9 THEN 'many' END`).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { quotedNames as list, jsonNames as jsonList } from "../validation/name-list.js";
import { readExpression, type NameScope } from "./aggregate-calls.js";
import { derivedRelation } from "./derived-relation.js";
import { readGrouping, type Grouping } from "./group-by.js";
import { COLUMN_REF, readInsertQuery, STAR, withoutAlias, type SelectQuery } from "./insert-query.js";
import { namedRelation } from "./named-relation.js";
import type { AnalyzedStatement } from "./statement.js";
import { oneLine } from "./ungrouped-columns.js";
import { unquoteIdentifier } from "./top-level.js";
import { UPSERT_MATERIALIZE_KEY, type UpsertContext } from "./upsert-keys.js";
import { isWindowRelation } from "./window-relation.js";

// KEYS below: an aggregation's upsert and unique keys are its GROUP BY columns, the empty key without GROUP BY
// (flink FlinkRelMdUpsertKeys, FlinkRelMdUniqueKeys.getUniqueKeysOnAggregate).

/**
 * What makes one output column of an aggregation: a GROUP BY column (a plain reference to it), an
 * aggregate value (the item as written), a literal (the same in every row), or anything else.
 */
export type Role =
  | { readonly group: string }
  | {
      readonly aggregate: string;
      readonly steady: boolean;
      readonly picks: boolean;
      /** The aggregate function, upper-cased, when the item is one aggregate call and nothing else (`COUNT(*)`, not `COUNT(*) + 1`). */
      readonly only?: string;
    }
  | "literal"
  | undefined;

/** Aggregates whose value changes only when a row brings a new extreme or first value: whether it does is the data's (MIN of an ascending time never does). */
const STEADY = new Set(["MIN", "MAX", "FIRST_VALUE"]);

/**
 * Aggregates whose value is one of the group's own input values (not a count or sum computed over
 * them): a group's MAX(email) is an attribute of the group, which groups share only when the data
 * does, where groups share a COUNT(*) all the time.
 */
const PICKING = new Set([...STEADY, "LAST_VALUE"]);

/** A literal value on code (literals blanked, quotes kept: split.ts codeOnly): strings, numbers, TRUE, FALSE, NULL. */
const LITERAL = /^(?:\s|[+-]|'[^']*'|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?(?![\w$])|\b(?:TRUE|FALSE|NULL)\b)+$/i;

/** An aggregation in the plain shape over one table or window TVF: its grouping (undefined: no GROUP BY) and each SELECT item's output name and role. */
interface Aggregation {
  /** The aggregating query itself (its FROM table, its HAVING clause). */
  readonly query: SelectQuery;
  readonly grouping: Grouping | undefined;
  /** A window aggregation: it groups by window_start and window_end of a window TVF (flink WindowUtil.groupingContainsWindowStartEnd), insert-only. */
  readonly window: boolean;
  readonly outputs: readonly { readonly name: string | undefined; readonly role: Role }[];
}

/**
 * The aggregation `q` is; undefined when it is none, is not read with certainty, is DISTINCT, groups
 * by an expression or a grouping set (an Expand: rows are unique by the groups and the set).
 */
function readAggregation(q: SelectQuery, functions: ReadonlySet<string>): Aggregation | undefined {
  const from = q.from;
  if (from?.table.columns === undefined || q.distinct || q.items.some((i) => STAR.test(i.code))) return undefined;
  const scope: NameScope = { columns: from.table.columns.map((c) => c.name), qualifiers: from.qualifiers, functions };
  const groupBy = from.clauses.groupBy;
  const grouping = groupBy === undefined ? undefined : readGrouping(q, groupBy, scope);
  if (groupBy !== undefined && (grouping === undefined || grouping.expressions || grouping.misspelt.length > 0 || /\b(?:GROUPING\s+SETS|ROLLUP|CUBE)\s*\(/i.test(q.code.slice(groupBy[0], groupBy[1])))) return undefined;
  let aggregates = false;
  const outputs = q.items.map((item) => {
    const { code, text, alias } = withoutAlias(item);
    const read = readExpression(q.code, q.text, item.start, item.start + code.length, scope);
    const column = COLUMN_REF.test(code) && !read.unsure && read.refs.length === 1 ? read.refs[0]!.name : undefined;
    const name = alias ?? column;
    aggregates ||= read.aggregates.length > 0;
    if (read.unsure || read.windowed.length > 0) return { name, role: undefined };
    if (read.aggregates.length > 0 && read.refs.length === 0) {
      const names = read.aggregates.map(([start]) => /^\w+/.exec(q.code.slice(start))![0].toUpperCase());
      const steady = names.every((f) => STEADY.has(f));
      // One picking aggregate, the item itself (MAX(email), not MAX(a) - MIN(a), whose value is computed).
      const [aggStart, aggEnd] = read.aggregates[0]!;
      const whole = names.length === 1 && q.code.slice(aggStart, aggEnd).trim() === code.trim();
      const picks = whole && PICKING.has(names[0]!);
      return { name, role: whole ? { aggregate: oneLine(text), steady, picks, only: names[0]! } : { aggregate: oneLine(text), steady, picks } };
    }
    if (LITERAL.test(code)) return { name, role: "literal" as const };
    return { name, role: column !== undefined && grouping?.columns.has(column) === true ? { group: column } : undefined };
  });
  // Without GROUP BY a query aggregates only with an aggregate in its SELECT list (a HAVING alone is left to ungrouped-columns.ts).
  if (grouping === undefined && !aggregates) return undefined;
  const window = grouping !== undefined && isWindowRelation(from.table) && grouping.columns.has("window_start") && grouping.columns.has("window_end");
  return { query: q, grouping, window, outputs };
}

/** The aggregation an INSERT writes, and per sink column the role of what fills it. */
export interface AggregateFill extends Aggregation {
  /** Where the aggregation is, for messages: "" (the statement's own query), or ` in the view in statements[i]`, ` in the WITH query q`. */
  readonly via: string;
  readonly roles: ReadonlyMap<string, Role>;
}

/**
 * What an INSERT writes when it is an aggregation in the plain shape (readAggregation), or reads
 * one in the plain shape from a view or a WITH query (`SELECT a, b FROM v [WHERE ...]`, columns by
 * name or *), and with `subqueries` also from a subquery in its FROM clause (derived-relation.ts):
 * per sink column what fills it; undefined when that is not read.
 */
export function aggregateFill(a: AnalyzedStatement, t: TableDefinition, views: ReadonlyMap<string, AnalyzedStatement>, functions: ReadonlySet<string>, subqueries = false): AggregateFill | undefined {
  const q = readInsertQuery(a, true);
  if (q === undefined || q.staticPartition !== undefined) return undefined;
  const targets = q.columnList?.map((c) => c.name) ?? t.columns?.filter((c) => c.insertable).map((c) => c.name);
  if (targets === undefined) return undefined;
  const fill = (agg: Aggregation | undefined, via: string, outputOf: (i: number) => Aggregation["outputs"][number] | undefined): AggregateFill | undefined =>
    agg === undefined ? undefined : { ...agg, via, roles: new Map(targets.map((c, i) => [c, outputOf(i)?.role])) };
  if (q.from !== undefined) {
    const own = q.items.length === targets.length ? readAggregation(q, functions) : undefined;
    return fill(own, "", (i) => own?.outputs[i]);
  }
  // One relation named in the text, with nothing but a WHERE after it: a WITH query of the statement, or a view of the job (or a subquery).
  const relation = namedRelation(q, views) ?? (subqueries ? derivedRelation(q) : undefined);
  if (relation === undefined || !relation.whereOnly) return undefined;
  const agg = relation.query === undefined ? undefined : readAggregation(relation.query, functions);
  if (agg === undefined) return undefined;
  // SELECT * writes the relation's columns in order; otherwise each plain reference by its name.
  if (q.items.length === 1 && STAR.test(q.items[0]!.code)) return agg.outputs.length === targets.length ? fill(agg, relation.via, (i) => agg.outputs[i]) : undefined;
  if (q.items.length !== targets.length) return undefined;
  return fill(agg, relation.via, (i) => {
    const { code, text } = withoutAlias(q.items[i]!);
    const ref = COLUMN_REF.exec(code);
    if (ref === null) return LITERAL.test(code) ? { name: undefined, role: "literal" } : undefined;
    const name = unquoteIdentifier(text.slice(code.length - ref[2]!.length));
    const same = agg.outputs.filter((o) => o.name === name);
    return same.length === 1 ? same[0] : undefined;
  });
}

/** Sink columns by role: each GROUP BY column with the sink column it fills (the first), and the sink columns an aggregate value fills. */
function targetsByRole(fill: AggregateFill): { groupTargets: Map<string, string>; aggregateTargets: Map<string, string>; steadyTargets: Set<string>; pickingTargets: Set<string> } {
  const groupTargets = new Map<string, string>();
  const aggregateTargets = new Map<string, string>();
  const steadyTargets = new Set<string>();
  const pickingTargets = new Set<string>();
  for (const [sink, role] of fill.roles) {
    if (role === undefined || role === "literal") continue;
    if ("aggregate" in role) {
      aggregateTargets.set(sink, role.aggregate);
      if (role.steady) steadyTargets.add(sink);
      if (role.picks) pickingTargets.add(sink);
    }
    else if (!groupTargets.has(role.group)) groupTargets.set(role.group, sink);
  }
  return { groupTargets, aggregateTargets, steadyTargets, pickingTargets };
}

/** The aggregation, for messages: `an aggregation without GROUP BY` or `a GROUP BY (…)`, and where it is. */
export const aggregationShown = (f: AggregateFill): string => `${f.grouping === undefined ? "an aggregation without GROUP BY" : `a GROUP BY (${oneLine(f.grouping.shown)})`}${f.via}`;

/**
 * Checks an INSERT whose query aggregates, or reads an aggregation from a view or WITH query
 * (aggregateFill), into a keyed sink whose key holds an aggregate value (see the module comment);
 * errors and warnings at `statements[i]`.
 */
export function checkAggregateSinkKey(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, ctx: UpsertContext, functions: ReadonlySet<string>, diag: Diagnostics): void {
  const t = a.target;
  const key = t?.primaryKey;
  if (t === undefined || key === undefined || key.length === 0 || t.appendOnly !== undefined) return;
  const fill = aggregateFill(a, t, views, functions);
  if (fill === undefined) return;
  const { groupTargets, aggregateTargets, steadyTargets, pickingTargets } = targetsByRole(fill);
  const valued = key.filter((k) => aggregateTargets.has(k));
  if (valued.length === 0) return;
  const at = `statements[${a.index}]`;
  const insertOnly = ctx.batch || fill.window;
  const groupColumns = [...(fill.grouping?.columns ?? [])];
  const inKey = groupColumns.filter((g) => key.includes(groupTargets.get(g) ?? ""));
  const values = valued.map((k) => `${JSON.stringify(k)} with the aggregate ${aggregateTargets.get(k)}`).join(" and ");
  const head = `${t.label} is keyed by (${list(key)}), and the statement fills its ${values} of ${aggregationShown(fill)}`;
  const groupKey = groupColumns.every((g) => groupTargets.has(g)) ? groupColumns.map((g) => groupTargets.get(g)!) : undefined;
  const fix =
    fill.grouping === undefined
      ? `select a constant key instead, e.g. 'all' AS k, into a column k of ${t.label} with primaryKey: ["k"]`
      : groupKey !== undefined
        ? `declare primaryKey: ${jsonList(groupKey)} on ${t.label} (the GROUP BY columns)`
        : `write every GROUP BY column (${list(groupColumns)}) into ${t.label} and key it by them`;
  // Key columns filled by something else than a GROUP BY column, an aggregate value or a literal: they may tell the groups apart.
  const others = key.filter((k) => fill.roles.get(k) === undefined);
  if (inKey.length === 0 && groupColumns.length > 0 && others.length === 0) {
    // Rows of different groups with the same value share the sink key. Insert-only rows: only a sink that upserts by its key keeps one of them.
    if (insertOnly && t.iceberg !== undefined && t.iceberg.upsert !== true) return;
    // Upsert mode deletes the key before each row (iceberg flink/.../sink/BaseDeltaTaskWriter.java). An updating aggregation into a
    // sink whose key lacks its upsert key (KEYS) gets a SinkUpsertMaterializer (FlinkChangelogModeInferenceProgram.analyzeUpsertMaterializeStrategy),
    // which keeps one row per sink key; under NONE the sink overwrites by its key.
    const keeps = insertOnly
      ? `${ctx.batch ? "a batch job writes each group's row once" : "a window aggregation writes each window's rows once"}, and a sink that upserts by its key keeps the last row per key`
      : "Flink keeps one row per sink key";
    const merge = `so groups with the same ${list(valued)} ${insertOnly ? "overwrite each other" : "merge into one row"}`;
    const lead = `${head}, and its key holds none of the GROUP BY columns: the aggregation's rows are unique by its GROUP BY columns, and ${keeps}, `;
    // Every key aggregate picks a value of its group's rows (MAX(email)): groups share it only when the data does, as for a key lacking some GROUP BY columns.
    if (valued.every((k) => pickingTargets.has(k))) {
      diag.warn(at, `${lead}${merge}, unless no two groups have the same ${list(valued)} (MIN, MAX, FIRST_VALUE and LAST_VALUE give a value of the group's own rows); ${fix}`);
    } else diag.error(at, `${lead}${merge}, silently; ${fix}`);
    return;
  }
  if (insertOnly) return;
  if (inKey.length < groupColumns.length) {
    const missing = groupColumns.filter((g) => !inKey.includes(g));
    const telling = key.filter((k) => others.includes(k) || inKey.some((g) => groupTargets.get(g) === k));
    diag.warn(
      at,
      `${head}, and its key lacks the GROUP BY column${missing.length > 1 ? "s" : ""} ${list(missing)}: the aggregation's rows are unique by its GROUP BY columns, ` +
        "and Flink keeps one row per sink key, " +
        `so groups that differ only in ${list(missing)} and have the same ${list(valued)} merge into one row, unless no two groups have the same ${list(telling)}; ${fix}`,
    );
    return;
  }
  // The key contains the aggregation's upsert key: no materializer under AUTO or NONE. Only an upsert IcebergSink ignores the retraction.
  if (t.iceberg?.upsert !== true) return;
  const materialize = ctx.materialize;
  if (typeof materialize === "string" && materialize.trim().toUpperCase() === "FORCE") return;
  // Every aggregate in the key a MIN, MAX or FIRST_VALUE: whether it changes is the data's, a warning.
  const steady = valued.every((k) => steadyTargets.has(k));
  // Upsert mode ignores the retraction (iceberg flink/.../sink/BaseDeltaTaskWriter.java); no materializer when the sink's key contains
  // the aggregation's upsert key (KEYS, FlinkChangelogModeInferenceProgram.analyzeUpsertMaterializeStrategy).
  const message =
    `${head}: ${steady ? "MIN, MAX or FIRST_VALUE changes when a later row brings another extreme or first value" : "an aggregate value changes with every update"}, which Flink sends as a retraction of the old row and the new row, under another key; ` +
    "in upsert mode the sink ignores the retraction, " +
    `and Flink adds no materializer, as the sink's key contains the aggregation's upsert key (${fill.grouping === undefined ? "the empty key of its one row" : "its GROUP BY columns"}), ` +
    `so the table keeps a row for every value ${list(valued)} ever had${steady ? " (unless the data never changes it once a group has it)" : ""}${materialize === null ? ` (unless ${UPSERT_MATERIALIZE_KEY} is FORCE where the job runs, which the preview cannot read)` : ""}; ` +
    `${fix}, or set upsertEnabled: false (the retraction then deletes the old row by its key)`;
  if (materialize === null || steady) diag.warn(at, message);
  else diag.error(at, message);
}

/**
 * For an INSERT of an aggregation into a sink without a key (changelog-sinks.ts): the key to give
 * it, in words, or undefined when the aggregation is not read (aggregateFill).
 */
export function aggregateKeyAdvice(a: AnalyzedStatement, t: TableDefinition, views: ReadonlyMap<string, AnalyzedStatement>, functions: ReadonlySet<string>): string | undefined {
  const fill = aggregateFill(a, t, views, functions);
  if (fill === undefined || fill.window) return undefined;
  if (fill.grouping === undefined) {
    return `give ${t.label} a constant key: select e.g. 'all' AS k into a column k and declare primaryKey: ["k"] (the aggregation's one row is then replaced by its key on every update)`;
  }
  const { groupTargets } = targetsByRole(fill);
  const groupColumns = [...fill.grouping.columns];
  if (!groupColumns.every((g) => groupTargets.has(g))) return undefined;
  return `give ${t.label} primaryKey: ${jsonList(groupColumns.map((g) => groupTargets.get(g)!))}, the GROUP BY columns (updates then replace each group's row by its key)`;
}
