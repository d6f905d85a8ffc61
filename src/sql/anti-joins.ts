/**
 * Anti joins and set operations read from a statement's text: the forms Flink plans as a regular
 * anti join or an aggregation over both sides, which retract rows they emitted in a streaming job
 * (updating-operations.ts turns them into an updating operation).
 *
 * Upstream (apache/flink `flink-table/flink-table-planner/src/main/scala/org/apache/flink/table/planner/plan/`):
 * - `rules/logical/FlinkSubQueryRemoveRule.scala`: a subquery `IN` / `EXISTS` under `NOT` (however
 *   written: `x NOT IN (...)`, `NOT (x IN (...))`, `NOT EXISTS`, `NOT (EXISTS ...)`) becomes
 *   JoinRelType.ANTI, the plain ones SEMI.
 * - `rules/FlinkStreamRuleSets.scala` runs the set-operator rewrites in streaming jobs:
 *   `rules/logical/ReplaceMinusWithAntiJoinRule.scala` (EXCEPT: a DISTINCT aggregation over an
 *   ANTI join), `RewriteMinusAllRule.scala` (EXCEPT ALL: UNION ALL of both sides, a SUM per row,
 *   a filter and a row replicating table function), `ReplaceIntersectWithSemiJoinRule.scala`
 *   (INTERSECT: a DISTINCT aggregation over a SEMI join), `RewriteIntersectAllRule.scala`
 *   (INTERSECT ALL: UNION ALL, a COUNT per side and row, replicated rows).
 * - `optimize/program/FlinkChangelogModeInferenceProgram.scala`: a join other than INNER or SEMI
 *   gives ALL_CHANGES; a group aggregation always declares updates.
 */
import { closingParen } from "./top-level.js";

/** How sure a reading is: "certain" without a window TVF in sight, "uncertain" when a view may have renamed window columns. */
export type Certainty = "certain" | "uncertain";

/** One anti join or set operation found in a statement's text. */
export interface SetReading {
  /** As written, for the message: "NOT IN / NOT EXISTS", "<> ALL", "EXCEPT", "EXCEPT ALL", "INTERSECT", "INTERSECT ALL". */
  readonly form: string;
  readonly certainty: Certainty;
}

/** A subquery's opening bracket: `(` then SELECT or WITH. */
const SUBQUERY = String.raw`\(\s*(?:SELECT|WITH)\b`;
/** `x NOT IN (SELECT`, `NOT EXISTS (SELECT`, `x <> ALL (SELECT` (`!=` fails Flink's parser first: FlinkSqlConformance.isBangEqualAllowed): group 1 is the form. */
const NEGATED = new RegExp(String.raw`(\bNOT\s+(?:IN|EXISTS)|<>\s*ALL)\s*${SUBQUERY}`, "gi");
/** `NOT (`: a negated bracket that may hold `x IN (SELECT ...)` or `EXISTS (SELECT ...)`. */
const NOT_BRACKET = /\bNOT\s*\(/gi;
const IN_SUBQUERY = new RegExp(String.raw`\bIN\s*${SUBQUERY}`, "gi");
const EXISTS_FIRST = new RegExp(String.raw`^\s*EXISTS\s*${SUBQUERY}`, "i");

/** The bracket depth at `at` within `text` (from its start). */
function depthAt(text: string, at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
  }
  return depth;
}

/** The subquery's text from its opening bracket at `open` (to the end when it is not closed). */
function bracketText(text: string, open: number): string {
  const close = closingParen(text, open);
  return text.slice(open, close < 0 ? text.length : close);
}

/** Each negated subquery as [form, subquery text]: NOT IN / NOT EXISTS / <> ALL, and NOT (x IN (...)) / NOT (EXISTS (...)). */
function negatedSubqueries(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of text.matchAll(NEGATED)) {
    const form = /^NOT/i.test(m[1]!) ? "NOT IN / NOT EXISTS" : "<> ALL";
    out.push([form, bracketText(text, m.index! + m[0].indexOf("("))]);
  }
  for (const m of text.matchAll(NOT_BRACKET)) {
    const open = m.index! + m[0].length - 1;
    const inner = bracketText(text, open).slice(1);
    if (EXISTS_FIRST.test(inner)) {
      out.push(["NOT (EXISTS ...)", inner]);
      continue;
    }
    for (const s of inner.matchAll(IN_SUBQUERY)) {
      if (depthAt(inner, s.index!) !== 0) continue;
      out.push(["NOT (... IN ...)", bracketText(inner, s.index! + s[0].indexOf("("))]);
      break;
    }
  }
  return out;
}

/**
 * A negated subquery (`x NOT IN (SELECT ...)`, `NOT EXISTS (SELECT ...)`, `NOT (x IN (SELECT ...))`,
 * `NOT (EXISTS (SELECT ...))`, `x <> ALL (SELECT ...)`, the SQL standard's NOT IN written another
 * way; a literal list `x NOT IN (1, 2)` is no subquery), which Flink plans as an anti join
 * (FlinkSubQueryRemoveRule; in an OR or a SELECT item Calcite's SubQueryRemoveRule makes an outer
 * join instead). A time bound does not make it an interval join (`IntervalJoinUtil.satisfyIntervalJoin`
 * takes no SEMI/ANTI join). Skipped when the subquery equates window_start and window_end with a
 * window TVF in sight (a window anti join, whose results are final); "certain" without a window
 * TVF in sight, "uncertain" otherwise (window columns renamed through a view).
 */
export function antiJoinSubquery(text: string, windowNearby: boolean): SetReading | undefined {
  if (!/\bNOT\b|\bALL\s*\(/i.test(text)) return undefined;
  let found: SetReading | undefined;
  for (const [form, sub] of negatedSubqueries(text)) {
    if (windowNearby && /\bwindow_start\b/i.test(sub) && /\bwindow_end\b/i.test(sub)) continue;
    if (!windowNearby) return { form, certainty: "certain" };
    found ??= { form, certainty: "uncertain" };
  }
  return found;
}

/** EXCEPT / INTERSECT as a word of the code (not inside a back-quoted name), with ALL or DISTINCT after it. */
const SET_OPERATOR = /(?<![\w$`])(EXCEPT|INTERSECT)(?:\s+(ALL|DISTINCT))?(?![\w$`])/gi;
/**
 * The set operations of `text` that Flink rewrites into an anti or semi join or an aggregation
 * (the file's upstream rules): EXCEPT and EXCEPT ALL, INTERSECT and
 * INTERSECT ALL, first EXCEPT if any. "uncertain" when a window TVF is in sight (both sides may be
 * window TVF rows, which Flink may plan as a window join).
 */
export function setOperation(text: string, windowNearby: boolean): SetReading | undefined {
  if (!/EXCEPT|INTERSECT/i.test(text)) return undefined;
  let found: SetReading | undefined;
  for (const m of text.matchAll(SET_OPERATOR)) {
    const op = m[1]!.toUpperCase();
    const form = m[2]?.toUpperCase() === "ALL" ? `${op} ALL` : op;
    const reading: SetReading = { form, certainty: windowNearby ? "uncertain" : "certain" };
    if (op !== "INTERSECT") return reading;
    found ??= reading;
  }
  return found;
}
