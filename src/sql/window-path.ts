/**
 * Whether the window properties of a window TVF reach a GROUP BY window_start, window_end: the
 * question window-tvf-firing.ts and window-multiples.ts ask of every statement on the path from the
 * aggregating statement to the TVF (the statement and the views it reads) before they take the
 * GROUP BY for a window aggregation, which Flink plans only when its input carries window
 * properties (flink-table-planner `plan/metadata/FlinkRelMdWindowProperties.scala`, Flink 1.19 to
 * 2.1; `StreamPhysicalWindowAggregateRule.matches`). Properties are lost, and the aggregation is a
 * regular one, Flink refusing neither early firing nor unsliceable HOP lengths:
 * - by a regular join anywhere on the path (`getJoinWindowProperties` keeps them only when
 *   `WindowJoinUtil.satisfyWindowJoin`), also a semi or anti join (an IN / EXISTS subquery:
 *   `FlinkSubQueryRemoveRule`) and a comma join: query-joins.ts joinsRelations, asked of each view;
 * - by any expression on window_start or window_end, even a CAST (`getProjectWindowProperties`
 *   maps only input references and their renames: `buildProjectionMap`, "any operation on the
 *   window properties should lose the window attribute, even it's a simple cast"); a column renamed
 *   to or from window_start / window_end is read as lost too (the GROUP BY then names another
 *   column than the TVF's, which the text cannot follow);
 * - by a UNION of unequal windows (`getWindowProperties` of a `Union`: only inputs of one window
 *   spec and time attribute kind keep them).
 * Read from the text, erring towards "lost" (the checks then stay quiet).
 */
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { joinsRelations } from "./query-joins.js";
import { PLAIN_ITEM } from "./window-joins.js";
import { levelOf, topLevelOnly, topLevelSplit, unquoteIdentifier } from "./top-level.js";
import { valueText } from "./value-text.js";
import { withViews } from "./view-names.js";
import { windowCalls } from "./zero-intervals.js";

const SELECT = /(?<![\w$])SELECT(?![\w$])(?:\s+(?:DISTINCT|ALL)(?![\w$]))?/gi;
const FROM = /(?<![\w$])FROM(?![\w$])/i;
const WINDOW_COLUMN = /(?<![\w$])window_(?:start|end)(?![\w$])/i;

/**
 * True when a SELECT list of `code` (statementCode) has an item that is an expression on
 * window_start or window_end, renames one, or names another column or expression so; with
 * `nestedOnly`, the outermost query's SELECT list (the aggregation's own output) is not read.
 */
export function changesWindowColumns(code: string, nestedOnly: boolean): boolean {
  for (const m of code.matchAll(SELECT)) {
    const level = levelOf(code, m.index!);
    if (level === undefined) return true;
    const [s, e] = level;
    if (nestedOnly && s === 0) continue;
    const flat = topLevelOnly(code, s, e);
    if (flat === undefined) return true;
    const listStart = m.index! + m[0].length;
    const from = FROM.exec(flat.slice(listStart - s));
    const listEnd = from === null ? e : listStart + from.index;
    for (const [a, b] of topLevelSplit(code, listStart, listEnd) ?? [[listStart, listStart]]) {
      const item = code.slice(a, b);
      const plain = PLAIN_ITEM.exec(item);
      if (plain === null) {
        if (WINDOW_COLUMN.test(item)) return true;
        continue;
      }
      const column = unquoteIdentifier(plain[2]!);
      const name = plain[3] === undefined ? column : unquoteIdentifier(plain[3]);
      if (name !== column && (WINDOW_COLUMN.test(column) || WINDOW_COLUMN.test(name))) return true;
    }
  }
  return false;
}

/** The window spec of each window TVF call in `text`: the function and what follows DESCRIPTOR, normalized. */
function windowSpecs(text: string): string[] {
  return windowCalls(text).map((c) => {
    const body = text.slice(c.start, c.end);
    const at = body.search(/\bDESCRIPTOR\b/i);
    return `${c.fn} ${(at < 0 ? body : body.slice(at)).replace(/\s+/g, " ").toUpperCase()}`;
  });
}

/**
 * True when window properties may be lost between `a` (a statement or view that groups by
 * window_start and window_end) and the window TVFs it reads (see the module comment): a regular
 * join in it or a view it reads (query-joins.ts), an expression on a window column
 * in a view it reads or in a subquery of its own, or window TVFs of more than one window spec.
 */
export function windowPropertiesLost(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>): boolean {
  if (changesWindowColumns(statementCode(a, true), true)) return true;
  const path = withViews(a, views);
  const specs = new Set<string>();
  for (const [k, v] of path.entries()) {
    for (const spec of windowSpecs(valueText(v.statement, (t) => t.tableName))) specs.add(spec);
    const code = statementCode(v, true);
    // The statement's own SELECT list is the aggregation's output (read above, nested queries only).
    if (joinsRelations(code) || (k > 0 && changesWindowColumns(code, false))) return true;
  }
  return specs.size > 1;
}
