/**
 * When the query's structure, not only its text, leaves no doubt that an outer join or an
 * aggregate without GROUP BY (updating-operations.ts, read from the text and so a warning there)
 * makes updates in a streaming job. Flink's planner gives a regular join (StreamPhysicalJoin)
 * that is not INNER or SEMI, and every GroupAggregate (StreamPhysicalGroupAggregate), update
 * changes whatever the data (flink-table-planner `FlinkChangelogModeInferenceProgram`,
 * ModifyKindSetTrait ALL_CHANGES / INSERT and UPDATE); a sink that takes inserts only then fails
 * planning ("Table sink '...' doesn't support consuming update changes which is produced by node
 * Join(joinType=[LeftOuterJoin] ...)").
 *
 * Read only over a query of the plain shape (insert-query.ts): a FROM clause of interpolated
 * tables whose columns are known (join-relations.ts). An outer join there is a regular join when
 * it is no temporal or lookup join (FOR SYSTEM_TIME AS OF) and no interval join: an interval join
 * bounds time attributes of both sides in its condition (flink `IntervalJoinUtil`), so an ON
 * condition or USING list that names no time attribute of the FROM clause's tables, holds no
 * INTERVAL, PROCTIME() or subquery, makes none; and a WHERE clause that names no column or
 * qualifier of the side the join pads with NULL, since a null-rejecting filter there turns the
 * outer join into an inner one (calcite `FilterJoinRule`, `RelOptUtil.simplifyJoin`). A window
 * join reads window TVFs, which this reader leaves unread. An aggregate is certain as a SELECT
 * item of the query itself (no subquery, no OVER) with no GROUP BY, window TVF or
 * MATCH_RECOGNIZE in the text.
 */
import type { AnalyzedStatement } from "./statement.js";
import { readInsertQuery, readViewQuery, type SelectQuery } from "./insert-query.js";
import type { Relation } from "./join-relations.js";
import { NAME, unquoteIdentifier } from "./top-level.js";
import { globalAggregate, type UpdatingOperation } from "./updating-operations.js";
import { isWindowRelation } from "./window-relation.js";

const ANY_NAME = new RegExp(NAME, "g");

/** Every name in code (literals blanked, back-quoted names as `q`s) with its text as written, unquoted and lower case: keywords too (a mention is only ever a reason for doubt). */
function mentions(text: string, code: string): Set<string> {
  const out = new Set<string>();
  for (const m of code.matchAll(ANY_NAME)) out.add(unquoteIdentifier(text.slice(m.index!, m.index! + m[0].length)).toLowerCase());
  return out;
}

/** The relations whose rows the outer join at `i` pads with NULL: its right side (LEFT), the relations before it (RIGHT), or both (FULL). */
function paddedSides(relations: readonly Relation[], i: number): readonly Relation[] {
  const type = relations[i]!.join!.type;
  return type === "LEFT" ? [relations[i]!] : type === "RIGHT" ? relations.slice(0, i) : relations.slice(0, i + 1);
}

/** The first outer join of `q`'s FROM clause that is certainly a regular join (see the module comment), as its relation, else undefined. */
function regularOuterJoin(q: SelectQuery): Relation | undefined {
  const join = q.join;
  if (join === undefined || join.relations.some((r) => r.table.columns === undefined || r.table.columns.some((c) => c.unread === true))) return undefined;
  const timeAttributes = new Set(join.relations.flatMap((r) => r.table.columns!.filter((c) => c.timeAttribute !== undefined).map((c) => c.name.toLowerCase())));
  const where = join.clauses.where;
  const whereNames = where === undefined ? new Set<string>() : mentions(q.text.slice(where[0], where[1]), q.code.slice(where[0], where[1]));
  if (where !== undefined && /\bSELECT\b/i.test(q.code.slice(where[0], where[1]))) return undefined;
  return join.relations.find((r, i) => {
    const step = r.join;
    if (step === undefined || (step.type !== "LEFT" && step.type !== "RIGHT" && step.type !== "FULL") || step.asOf) return false;
    const condition = step.on ?? step.using;
    if (condition === undefined || /\b(?:INTERVAL|PROCTIME|SELECT)\b/i.test(condition.code)) return false;
    const named = mentions(condition.text, condition.code);
    if ([...named].some((n) => timeAttributes.has(n))) return false;
    const padded = paddedSides(join.relations, i);
    const paddedNames = padded.flatMap((p) => [...p.qualifiers, ...p.table.columns!.map((c) => c.name)]).map((n) => n.toLowerCase());
    return !paddedNames.some((n) => whereNames.has(n));
  });
}

/** True when an item of `q`'s own SELECT list aggregates (not over a window, not in a subquery) and nothing in the query groups or windows. */
function certainGlobalAggregate(q: SelectQuery): boolean {
  const clauses = q.from?.clauses ?? q.join?.clauses;
  if (clauses === undefined || clauses.groupBy !== undefined || (q.from !== undefined && isWindowRelation(q.from.table))) return false;
  if (/\b(?:GROUP\s+BY|TUMBLE|HOP|CUMULATE|SESSION|MATCH_RECOGNIZE|OVER)\b/i.test(q.code)) return false;
  return q.items.some((item) => !/\bSELECT\b/i.test(item.code) && globalAggregate(item.code));
}

/**
 * What `part` (the INSERT or a view it reads) does, said with certainty, when its structure makes
 * `op` (an outer join or a global aggregate read from the text) certain; undefined otherwise.
 */
export function certainWhat(part: AnalyzedStatement, op: UpdatingOperation): string | undefined {
  if (op.form === undefined) return undefined;
  const q = part.kind === "view" ? readViewQuery(part) : readInsertQuery(part);
  if (q === undefined) return undefined;
  if (op.form === "global aggregate") {
    return certainGlobalAggregate(q)
      ? "aggregates without GROUP BY (over the whole stream: a GroupAggregate, flink StreamPhysicalGroupAggregate) and updates its one result row with every input row"
      : undefined;
  }
  const r = regularOuterJoin(q);
  if (r === undefined) return undefined;
  return (
    `${r.join!.type} JOINs ${r.table.label}${r.alias !== undefined ? ` (as ${r.alias})` : ""} on a condition without a time bound (a regular join, flink StreamPhysicalJoin: ` +
    "no interval, temporal or lookup join) and retracts the null-padded rows it emitted first"
  );
}
