/**
 * A filter after an aggregation (its HAVING clause, or a WHERE over its result read from a view, a
 * WITH query or a subquery) into an upsert IcebergSink keyed by the GROUP BY columns: when an
 * update makes a group stop matching, the group's last matching row stays in the table. The same
 * mechanism as a WHERE over a changelog copied into an upsert sink (upsert-keys.ts checkFilter),
 * one level up.
 *
 * Why: a streaming aggregation sends each changed group as a retraction of its old row (-U) and
 * its new row (+U). The IcebergSink asks for both: Flink offers a sink the query's default
 * changelog mode, UPDATE_BEFORE included (flink `FlinkChangelogModeInferenceProgram`
 * `inferSinkRequiredTraits`: `getChangelogMode(childModifyKindSet.toChangelogMode)`, later
 * `toDefaultChangelogMode`; `ModifyKindSet` adds UPDATE_BEFORE for updates), and iceberg's
 * `IcebergTableSink.getChangelogMode` returns the mode it is offered (iceberg flink/v1.20, v2.0,
 * v2.1), so the sink's trait is BEFORE_AND_AFTER; a Calc with a condition above the aggregation
 * would refuse to drop -U anyway (FlinkChangelogModeInferenceProgram, StreamPhysicalCalcBase: "a
 * single 'cnt < 10' condition after aggregation", FLINK-9528). The filter passes -U (old values,
 * which matched) and drops +U (new values, which do not). In upsert mode the writer ignores -U
 * (iceberg `flink/.../sink/BaseDeltaTaskWriter.java` `write`: "UPDATE_BEFORE is not necessary for
 * UPSERT"), so nothing deletes the row; without upsert it writes -U as an
 * equality delete of the old row by the key (`writer.delete(row)`), which removes it. Flink puts
 * no SinkUpsertMaterializer before the sink when its key contains the input's upsert key (the
 * GROUP BY columns, which the Calc keeps; the empty key of an aggregation without GROUP BY:
 * `analyzeUpsertMaterializeStrategy`, `!changeLogUpsertKeys.exists(pks.contains)`); under FORCE
 * one is there, and it turns a key's last retraction into a DELETE (flink
 * `SinkUpsertMaterializer.retractRow`), which the upsert writer applies. Upstream: apache/iceberg#5619
 * (a lone UPDATE_BEFORE as a delete in upsert mode, closed unmerged), FLINK-38579.
 *
 * A warning (whether a group can stop matching is the data's) at `statements[i]`, for a streaming
 * job, an IcebergSink with upsertEnabled, `table.exec.sink.upsert-materialize` not FORCE, and
 * every GROUP BY column written into a key column (else Flink materializes the key). Each
 * top-level AND condition of the filter is read on its own (an OR at the top level: the whole
 * filter); quiet for a condition that:
 * - reads no aggregate: in HAVING only GROUP BY columns (a group meets it always or never,
 *   `HAVING country <> 'XX'`); in a WHERE over the result, only its GROUP BY columns and literals;
 * - compares one COUNT or MAX with a number from below (`COUNT(*) > 10`, `MAX(x) >= 5`, `10 < COUNT(*)`)
 *   or one MIN from above (`MIN(x) < 5`), and the aggregation reads an append-only table (no
 *   TableDefinition.changelog): such a value only moves one way, so a group that matches stays;
 * - is not read with certainty (aggregate-calls.ts `unsure`: a function the job declares, a
 *   subquery, a name that is none of the aggregation's outputs ...).
 * The aggregation is read as aggregate-sink-keys.ts aggregateFill reads it (the plain shape over one
 * table, or one level through a view, WITH query or subquery, with nothing but a WHERE after it);
 * a window aggregation (insert-only) and batch jobs are quiet.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { quotedNames as list } from "../validation/name-list.js";
import { readExpression } from "./aggregate-calls.js";
import { aggregateFill, aggregationShown, type AggregateFill, type Role } from "./aggregate-sink-keys.js";
import { readInsertQuery, shownText } from "./insert-query.js";
import type { AnalyzedStatement } from "./statement.js";
import { NAME, queryClauses, topLevelOnly, type Span } from "./top-level.js";
import { oneLine } from "./ungrouped-columns.js";
import { FORCE_ADVICE, IGNORED, UPSERT_MATERIALIZE_KEY, type UpsertContext } from "./upsert-keys.js";
import { topLevelConditions, whereNames } from "./where-conditions.js";

const NUMBER = String.raw`[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?`;
/** After the compared value: `op number`; before it: `number op` (`<>` is neither). */
const THEN_NUMBER = new RegExp(String.raw`^\s*(>=|>|<=|<)\s*${NUMBER}\s*$`);
const NUMBER_THEN = new RegExp(String.raw`^\s*${NUMBER}\s*(>=|>|<=|<)\s*$`);
/** One name (qualified or not) compared with a number: the comparison after the name, or before it. */
const NAME_THEN = new RegExp(String.raw`^\s*(?:${NAME}\s*\.\s*)?${NAME}(\s*(?:>=|>|<=|<)\s*${NUMBER}\s*)$`);
const THEN_NAME = new RegExp(String.raw`^(\s*${NUMBER}\s*(?:>=|>|<=|<)\s*)(?:${NAME}\s*\.\s*)?${NAME}\s*$`);

/** An output that is an aggregate value. */
const isAggregate = (r: Role): r is Extract<Role, { readonly aggregate: string }> => r !== undefined && r !== "literal" && "aggregate" in r;

/**
 * Whether `before value after` (code around one compared value) says the value passed a number
 * for good: upwards for COUNT and MAX (`> n`, `>= n`, `n <`, `n <=`), downwards for MIN.
 */
function onceForGood(fn: string | undefined, before: string, after: string): boolean {
  const up = fn === "COUNT" || fn === "MAX";
  if (!up && fn !== "MIN") return false;
  const op = /^\s*$/.test(before) ? THEN_NUMBER.exec(after)?.[1] : /^\s*$/.test(after) ? NUMBER_THEN.exec(before)?.[1]?.replace(/[<>]/, (c) => (c === "<" ? ">" : "<")) : undefined;
  return op !== undefined && op.startsWith(up ? ">" : "<");
}

/** The top-level AND conditions of code[span] (where-conditions.ts topLevelConditions), or the whole span under a top-level OR. */
function conditions(code: string, [start, end]: Span): Span[] {
  const clause = topLevelOnly(code, start, end);
  if (clause === undefined) return [];
  return topLevelConditions(code, { start, clause }) ?? [[start, end]];
}

/** The HAVING conditions of the aggregation that can flip (see the module comment), as written. */
function flippingHaving(fill: AggregateFill, functions: ReadonlySet<string>, appendOnly: boolean): string[] {
  const q = fill.query;
  const from = q.from!;
  const having = from.clauses.having;
  if (having === undefined) return [];
  const scope = { columns: (from.table.columns ?? []).map((c) => c.name), qualifiers: from.qualifiers, functions };
  return conditions(q.code, having).flatMap(([s, e]) => {
    const read = readExpression(q.code, q.text, s, e, scope);
    if (read.unsure || read.aggregates.length === 0) return [];
    if (appendOnly && read.aggregates.length === 1 && read.refs.length === 0) {
      const [as, ae] = read.aggregates[0]!;
      const fn = /^\w+/.exec(q.code.slice(as))![0].toUpperCase();
      if (onceForGood(fn, q.code.slice(s, as), q.code.slice(ae, e))) return [];
    }
    return [oneLine(shownText(q, s, e))];
  });
}

/** The conditions of the INSERT's WHERE over the aggregation's result (a view, WITH query or subquery) that can flip, as written. */
function flippingWhere(a: AnalyzedStatement, fill: AggregateFill, appendOnly: boolean): string[] {
  const q = readInsertQuery(a, true);
  const last = q?.items[q.items.length - 1];
  if (q === undefined || last === undefined) return [];
  const after = last.start + last.code.length;
  const flat = topLevelOnly(q.code, after, q.code.length);
  const where = flat === undefined ? undefined : queryClauses(flat, after).where;
  if (where === undefined) return [];
  return conditions(q.code, where).flatMap(([s, e]) => {
    const names = whereNames(q.text, q.code, { start: s, clause: q.code.slice(s, e) });
    if (names === undefined) return [];
    const roles: Role[] = [];
    for (const name of names) {
      const outputs = fill.outputs.filter((o) => o.name === name);
      // A name that is none of the aggregation's outputs, or one not read: not certain.
      if (outputs.length !== 1 || outputs[0]!.role === undefined) return [];
      roles.push(outputs[0]!.role);
    }
    const aggregates = roles.filter(isAggregate);
    if (aggregates.length === 0) return [];
    if (appendOnly && roles.length === 1) {
      const code = q.code.slice(s, e);
      const after = NAME_THEN.exec(code)?.[1];
      const before = THEN_NAME.exec(code)?.[1];
      const fn = aggregates[0]!.only;
      if ((after !== undefined && onceForGood(fn, "", after)) || (before !== undefined && onceForGood(fn, before, ""))) return [];
    }
    return [oneLine(shownText(q, s, e))];
  });
}

/**
 * Checks an INSERT of a filtered aggregation into an upsert IcebergSink (see the module comment);
 * a warning at `statements[i]`.
 */
export function checkFilteredAggregate(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, ctx: UpsertContext, functions: ReadonlySet<string>, diag: Diagnostics): void {
  const t = a.target;
  const key = t?.primaryKey;
  if (t === undefined || key === undefined || key.length === 0 || t.iceberg?.upsert !== true || ctx.batch) return;
  if (typeof ctx.materialize === "string" && ctx.materialize.trim().toUpperCase() === "FORCE") return;
  const fill = aggregateFill(a, t, views, functions, true);
  // SELECT DISTINCT over a view's aggregation is another aggregation, keyed by all its columns: Flink materializes the sink's key.
  if (fill === undefined || fill.window || (fill.via !== "" && readInsertQuery(a, true)?.distinct === true)) return;
  // The sink's key must contain the aggregation's upsert key (every GROUP BY column, in some key column), or Flink materializes it.
  const groupColumns = [...(fill.grouping?.columns ?? [])];
  const inKey = (g: string): boolean =>
    key.some((k) => {
      const role = fill.roles.get(k);
      return role !== undefined && role !== "literal" && "group" in role && role.group === g;
    });
  if (!groupColumns.every(inKey)) return;
  const appendOnly = fill.query.from!.table.changelog === undefined;
  const having = flippingHaving(fill, functions, appendOnly);
  const where = fill.via === "" ? [] : flippingWhere(a, fill, appendOnly);
  if (having.length === 0 && where.length === 0) return;
  const filters = [...(having.length > 0 ? [`HAVING ${having.join(" AND ")}`] : []), ...(where.length > 0 ? [`WHERE ${where.join(" AND ")} on its result`] : [])].join(" and ");
  diag.warn(
    `statements[${a.index}]`,
    `${t.label} upserts by (${list(key)}), and the statement writes ${aggregationShown(fill)}, filtered by ${filters}: ` +
      `an update after which a group no longer matches drops the group's new row and passes its retraction, and ${IGNORED}, ` +
      // Flink adds no materializer, as the sink's key contains the aggregation's upsert key (flink FlinkChangelogModeInferenceProgram).
      "so the group's last matching row stays in the table" +
      `${ctx.materialize === null ? ` (unless ${UPSERT_MATERIALIZE_KEY} is FORCE where the job runs, which the preview cannot read)` : ""}. ` +
      `If a group can stop matching, set upsertEnabled: false (the retraction then deletes the row by its key), ${FORCE_ADVICE}, or filter where the table is read instead` +
      (fill.grouping === undefined ? "" : "; a condition on the GROUP BY columns alone is fine (a group meets it always or never)"),
  );
}
