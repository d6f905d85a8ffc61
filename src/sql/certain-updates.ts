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
 * INTERVAL, PROCTIME() or subquery, makes none; and it stays outer when its WHERE clause does not
 * reject NULL on the side it pads, since a null-rejecting filter there turns the outer join into
 * an inner one (calcite `FilterJoinRule`, `RelOptUtil.simplifyJoin`; joinFate says what is read as
 * certain): an outer join made inner is none, one whose WHERE is not judged may retract. A window
 * join reads window TVFs, which this reader leaves unread. An aggregate is certain as a SELECT
 * item of the query itself (no subquery, no OVER) with no GROUP BY, window TVF or
 * MATCH_RECOGNIZE in the text.
 */
import type { AnalyzedStatement } from "./statement.js";
import { readInsertQuery, readViewQuery, type SelectQuery } from "./insert-query.js";
import type { Relation } from "./join-relations.js";
import { NAME, topLevelOnly, unquoteIdentifier, type Span } from "./top-level.js";
import { topLevelConditions } from "./where-conditions.js";
import { globalAggregate, type UpdatingOperation } from "./updating-operations.js";
import { isWindowRelation } from "./window-relation.js";

const ANY_NAME = new RegExp(NAME, "g");

/** Every name in code (literals blanked, back-quoted names as `q`s) with its text as written, unquoted and lower case: keywords too (a mention is only ever a reason for doubt). */
function mentions(text: string, code: string): Set<string> {
  const out = new Set<string>();
  for (const m of code.matchAll(ANY_NAME)) out.add(unquoteIdentifier(text.slice(m.index!, m.index! + m[0].length)).toLowerCase());
  return out;
}

/** The sides the outer join at `i` pads with NULL: its right side (LEFT), the relations before it (RIGHT), or each of both (FULL). */
function paddedSides(relations: readonly Relation[], i: number): (readonly Relation[])[] {
  const type = relations[i]!.join!.type;
  const left = relations.slice(0, i);
  const right = [relations[i]!];
  return type === "LEFT" ? [right] : type === "RIGHT" ? [left] : [left, right];
}

/** A column reference, [qualifier.]name, as code (back-quoted names as `q`s). */
const REF = String.raw`(?:(${NAME})\s*\.\s*)?(${NAME})`;
/** A literal as code (a string keeps its quotes: insert-query.ts), a number, or a typed literal. */
const LITERAL = String.raw`(?:(?:DATE|TIME|TIMESTAMP)\s*)?'[^']*'|[-+]?\d+(?:\.\d+)?(?:E[-+]?\d+)?|TRUE|FALSE`;
const COMPARISON = String.raw`(?:<>|!=|<=|>=|=|<|>)`;
/**
 * A condition Calcite's Strong.isNotTrue holds for when its column is NULL (calcite
 * `core/src/main/java/org/apache/calcite/plan/Strong.java`): `c IS NOT NULL`; `NOT (c IS NULL)`,
 * which Flink's SimplifyFilterConditionRule (FlinkStreamRuleSets DEFAULT_REWRITE_RULES, before the
 * PREDICATE_PUSHDOWN that pushes the WHERE into the join) simplifies to it; c compared with a
 * literal (EQUALS ... GREATER_THAN: Policy.ANY); `c [NOT] LIKE 'pattern'` (LIKE: Policy.ANY, NOT:
 * Policy.ANY). Not `c IN ('x', 'y')` nor `c BETWEEN 1 AND 5`: the simplification makes them one
 * SEARCH, a kind Strong has no policy for (AS_IS: never judged null), so they stay unknown.
 */
const STRONG = [
  new RegExp(String.raw`^\s*${REF}\s+IS\s+NOT\s+NULL\s*$`, "id"),
  new RegExp(String.raw`^\s*NOT(?![\w$])\s*(?:\(\s*)?${REF}\s+IS\s+NULL(?:\s*\))?\s*$`, "id"),
  new RegExp(String.raw`^\s*${REF}\s+(?:NOT\s+)?LIKE\s*'[^']*'(?:\s*ESCAPE\s*'[^']*')?\s*$`, "id"),
  new RegExp(String.raw`^\s*${REF}\s*${COMPARISON}\s*(?:${LITERAL})\s*$`, "id"),
  new RegExp(String.raw`^\s*(?:${LITERAL})\s*${COMPARISON}\s*${REF}\s*$`, "id"),
];
/** Every column reference of a condition (not a function's name). */
const REFS = new RegExp(String.raw`(?<![\w$.])${REF}(?!\s*\()`, "gd");
/** `c IS NULL`: true for every padded row (Strong: Policy.NOT_NULL, never null-rejecting). */
const IS_NULL = new RegExp(String.raw`^\s*${REF}\s+IS\s+NULL\s*$`, "id");

/** What a WHERE clause makes of an outer join: inner (it rejects NULL on every padded side), outer, or not known from the text. */
type JoinFate = "inner" | "outer" | "unknown";

/**
 * What the WHERE clause `where` (a span of `q.code`) makes of the outer join at `i`. Flink pushes
 * the WHERE into the join (flink FlinkFilterJoinRule.FILTER_INTO_JOIN, `smart`): calcite
 * `RelOptUtil.simplifyJoin` cancels the NULLs of a padded side when a top-level AND condition is
 * certainly not true once that side's columns are NULL (`Strong.isNotTrue`), so a LEFT or RIGHT
 * join becomes inner, a FULL one LEFT or RIGHT (still outer) unless both sides are cancelled.
 * Read as certain: a side is cancelled by `c IS NOT NULL`, `NOT (c IS NULL)`, `c <op> <literal>` or `c [NOT] LIKE '...'` on a column of it
 * that no other condition names (two conditions on one column may become one SEARCH, which Strong
 * does not judge); it stays padded when every condition naming it is `c IS NULL` (never
 * null-rejecting); any other condition naming it (an OR, a function call, IN and BETWEEN, which
 * become a SEARCH, IS DISTINCT FROM, COALESCE ...) leaves it unknown.
 */
function joinFate(q: SelectQuery, relations: readonly Relation[], i: number, where: Span | undefined): JoinFate {
  const spans: [number, number][] = [];
  if (where !== undefined) {
    const clause = topLevelOnly(q.code, where[0], where[1]);
    spans.push(...(clause === undefined ? [[where[0], where[1]] as [number, number]] : (topLevelConditions(q.code, { start: where[0], clause }) ?? [[where[0], where[1]]])));
  }
  /** The relations `[q.]c` (qualifier and name unquoted) may name: q's relation, else those with a column q (a ROW's field), else those with a column c. */
  const holders = (qualifier: string | undefined, name: string): Relation[] => {
    const has = (n: string) => relations.filter((r) => r.table.columns!.some((col) => col.name === n));
    if (qualifier === undefined) return has(name);
    const qualified = relations.filter((r) => r.qualifiers.includes(qualifier));
    return qualified.length > 0 ? qualified : has(qualifier);
  };
  const refOf = (text: string, m: RegExpExecArray): { relations: Relation[]; name: string } => {
    const at = (g: number): string | undefined => (m[g] === undefined ? undefined : unquoteIdentifier(text.slice(m.indices![g]![0], m.indices![g]![1])));
    return { relations: holders(at(1), at(2)!), name: at(2)! };
  };
  const conditions = spans.map(([s, e]) => {
    const text = q.text.slice(s, e);
    const code = q.code.slice(s, e);
    return { text, code, refs: [...code.matchAll(REFS)].map((m) => refOf(text, m)).filter((r) => r.relations.length > 0) };
  });
  const fates = paddedSides(relations, i).map((side): JoinFate => {
    let fate: JoinFate = "outer";
    for (const c of conditions.filter((x) => x.refs.some((r) => r.relations.some((h) => side.includes(h))))) {
      const strong = STRONG.map((r) => r.exec(c.code)).find((m) => m !== null);
      const m = strong ?? IS_NULL.exec(c.code);
      const ref = m === null ? undefined : refOf(c.text, m);
      // The condition's column, one of the side's for certain (no other relation has it).
      const column = ref !== undefined && ref.relations.length === 1 && side.includes(ref.relations[0]!) ? ref : undefined;
      if (column === undefined) fate = "unknown";
      else if (strong === undefined) continue;
      else if (conditions.every((o) => o === c || !o.refs.some((r) => r.name === column.name && r.relations.includes(column.relations[0]!)))) return "inner";
      else fate = "unknown";
    }
    return fate;
  });
  return fates.includes("outer") ? "outer" : fates.includes("unknown") ? "unknown" : "inner";
}

/** A reading of `q`'s outer joins (see the module comment): the first that certainly stays a regular outer join, or that is not known because of the WHERE clause; or that every one is made inner. */
type OuterJoins = { readonly fate: "outer" | "unknown"; readonly relation: Relation } | { readonly fate: "inner" };

function outerJoins(q: SelectQuery): OuterJoins | undefined {
  const join = q.join;
  if (join === undefined || join.relations.some((r) => r.table.columns === undefined || r.table.columns.some((c) => c.unread === true))) return undefined;
  const timeAttributes = new Set(join.relations.flatMap((r) => r.table.columns!.filter((c) => c.timeAttribute !== undefined).map((c) => c.name.toLowerCase())));
  const where = join.clauses.where;
  if (where !== undefined && /\bSELECT\b/i.test(q.code.slice(where[0], where[1]))) return undefined;
  let unknown: Relation | undefined;
  let allInner = true;
  for (let i = 0; i < join.relations.length; i++) {
    const step = join.relations[i]!.join;
    if (step === undefined || (step.type !== "LEFT" && step.type !== "RIGHT" && step.type !== "FULL") || step.asOf) continue;
    const fate = joinFate(q, join.relations, i, where);
    if (fate === "inner") continue;
    allInner = false;
    const condition = step.on ?? step.using;
    if (condition === undefined || /\b(?:INTERVAL|PROCTIME|SELECT)\b/i.test(condition.code)) continue;
    if ([...mentions(condition.text, condition.code)].some((n) => timeAttributes.has(n))) continue;
    if (fate === "outer") return { fate, relation: join.relations[i]! };
    unknown ??= join.relations[i]!;
  }
  if (allInner) return { fate: "inner" };
  return unknown === undefined ? undefined : { fate: "unknown", relation: unknown };
}

/** True when an item of `q`'s own SELECT list aggregates (not over a window, not in a subquery) and nothing in the query groups or windows. */
function certainGlobalAggregate(q: SelectQuery): boolean {
  const clauses = q.from?.clauses ?? q.join?.clauses;
  if (clauses === undefined || clauses.groupBy !== undefined || (q.from !== undefined && isWindowRelation(q.from.table))) return false;
  if (/\b(?:GROUP\s+BY|TUMBLE|HOP|CUMULATE|SESSION|MATCH_RECOGNIZE|OVER)\b/i.test(q.code)) return false;
  return q.items.some((item) => !/\bSELECT\b/i.test(item.code) && globalAggregate(item.code));
}

/** What certainReading says of a part: `what` it does (certain or not), or that its outer joins are all inner ones (`inner`). */
export type CertainReading = { readonly what: string; readonly certain: boolean } | { readonly inner: true };

/**
 * What `part` (the INSERT or a view it reads) does, said from its structure, when that decides
 * `op` (an outer join or a global aggregate read from the text): certain, or (an outer join whose
 * WHERE clause names its padded side in a form not judged here) said as what it may do; or that
 * its WHERE clause makes every outer join an inner one. Undefined when the structure tells nothing more.
 */
export function certainReading(part: AnalyzedStatement, op: UpdatingOperation): CertainReading | undefined {
  if (op.form === undefined) return undefined;
  const q = part.kind === "view" ? readViewQuery(part) : readInsertQuery(part);
  if (q === undefined) return undefined;
  if (op.form === "global aggregate") {
    // A GroupAggregate without keys (flink StreamPhysicalGroupAggregate).
    return certainGlobalAggregate(q)
      ? { what: "aggregates without GROUP BY (over the whole stream) and updates its one result row with every input row", certain: true }
      : undefined;
  }
  const joins = outerJoins(q);
  if (joins === undefined) return undefined;
  if (joins.fate === "inner") return { inner: true };
  const r = joins.relation;
  // A regular join (flink StreamPhysicalJoin); a WHERE that rejects NULL on the padded side makes it inner (calcite FilterJoinRule, RelOptUtil.simplifyJoin).
  const joined = `${r.join!.type} JOINs ${r.table.label}${r.alias !== undefined ? ` (as ${r.alias})` : ""} on a condition without a time bound (a regular join: no interval, temporal or lookup join)`;
  if (joins.fate === "outer") return { what: `${joined} and retracts the null-padded rows it emitted first`, certain: true };
  return {
    what:
      `${joined}, and its WHERE clause filters the NULL-padded side in a form not judged here: unless it rejects NULL there ` +
      "(as a comparison with a literal, LIKE a literal pattern or IS NOT NULL of a padded column, ANDed at the top level, does: the join is then inner), the join retracts the null-padded rows it emitted first",
    certain: false,
  };
}
