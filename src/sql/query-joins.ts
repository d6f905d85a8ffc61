/**
 * Whether a statement's query joins relations in a way that drops window properties: the question
 * the window TVF checks ask before they take a GROUP BY window_start, window_end for a window
 * aggregation (window-tvf-firing.ts, window-multiples.ts). What Flink does (flink-table-planner,
 * `plan/metadata/FlinkRelMdWindowProperties.scala`, Flink 1.19 to 2.1):
 * - a `FlinkLogicalJoin` has window properties only when `WindowJoinUtil.satisfyWindowJoin` (a
 *   window join); any other join has none, so the aggregation over it is a regular one;
 * - every join the query makes is one: `a JOIN b ON ...`, the comma join `FROM a, b WHERE ...`
 *   (Calcite's `SqlToRelConverter` makes it an inner join, and the WHERE equalities are pushed into
 *   its condition), an `IN` / `NOT IN` / `EXISTS` / `NOT EXISTS` / `= ANY` subquery (Calcite
 *   `SubQueryRemoveRule`, Flink `FlinkSubQueryRemoveRule`: a semi or anti join) and a scalar
 *   subquery (a left join with a single-value aggregate);
 * - lookup and temporal joins (`FOR SYSTEM_TIME AS OF`: `CommonPhysicalLookupJoin`,
 *   `StreamPhysicalTemporalJoin`) keep their left input's window properties.
 * Read from the text, erring towards "joins" (a caller then stays quiet): a JOIN not matched by a
 * FOR SYSTEM_TIME AS OF, a top-level comma in any FROM clause (also before UNNEST or LATERAL TABLE,
 * which Flink plans as a correlate that keeps them), and a parenthesized SELECT or WITH that is not
 * a relation (after FROM, JOIN, LATERAL, TABLE, AS, INTO name, a set operator, or at the start).
 * A window join is counted too: window-joins.ts reads it.
 */
import { levelOf, queryClauses, SET_WORDS, topLevelOnly } from "./top-level.js";

const JOIN = /(?<![\w$])JOIN(?![\w$])/gi;
const AS_OF = /(?<![\w$])FOR\s+SYSTEM_TIME\s+AS\s+OF(?![\w$])/gi;
const FROM = /(?<![\w$])FROM(?![\w$])/gi;
/** A parenthesized query: `(` then, past any more `(`, SELECT, WITH or VALUES. */
const SUBQUERY = /\((?=[\s(]*(?:SELECT|WITH|VALUES)(?![\w$]))/gi;
/** What stands before a parenthesized query that is a relation (or a query's own parentheses), with the `(`s and spaces before it removed. */
const RELATION_BEFORE = new RegExp(String.raw`(?:^|(?<![\w$])(?:FROM|JOIN|LATERAL|TABLE|AS|INTO\s+[\w$]+(?:\s*\.\s*[\w$]+)*|(?:${SET_WORDS})(?:\s+(?:ALL|DISTINCT))?))$`, "i");

/** Whether `code` has a FROM clause with a top-level comma (a comma join), at any query level. */
function commaJoins(code: string): boolean {
  for (const m of code.matchAll(FROM)) {
    const level = levelOf(code, m.index!);
    if (level === undefined) return true;
    const [s, e] = level;
    const flat = topLevelOnly(code, s, e);
    if (flat === undefined) return true;
    const from = m.index! + m[0].length;
    const end = queryClauses(flat.slice(from - s), from).start;
    if (flat.slice(from - s, end - s).includes(",")) return true;
  }
  return false;
}

/** Whether `code` has a parenthesized query that is an expression (IN, EXISTS, a scalar subquery ...), not a relation. */
function subqueryExpressions(code: string): boolean {
  for (const m of code.matchAll(SUBQUERY)) {
    const before = code.slice(0, m.index!).replace(/[\s(]+$/, "");
    if (!RELATION_BEFORE.test(before)) return true;
  }
  return false;
}

/**
 * True when `code` (statementCode: literals and comments blanked) may join relations other than by
 * a lookup or temporal join, so that a GROUP BY window_start, window_end over its rows may be a
 * regular aggregation (see the module comment). Errs towards true.
 */
export function joinsRelations(code: string): boolean {
  const joins = code.match(JOIN)?.length ?? 0;
  const asOf = code.match(AS_OF)?.length ?? 0;
  return joins > asOf || commaJoins(code) || subqueryExpressions(code);
}
