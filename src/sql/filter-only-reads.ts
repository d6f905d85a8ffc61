/**
 * Whether a query reads a table only to filter the rows it takes from other relations, never as a
 * source of those rows (batch-self-appends.ts: an incremental load that reads its own target to
 * leave out the rows already there, `INSERT INTO t SELECT s.* FROM staging s WHERE NOT EXISTS
 * (SELECT 1 FROM t x WHERE x.id = s.id)`). Every reference to the table must be one of:
 * - inside a subquery after NOT EXISTS or NOT IN (an anti-join: it only removes rows), or after a
 *   comparison operator (a scalar subquery, `s.id > (SELECT MAX(id) FROM t)`: one value, no rows);
 * - the right side of a `LEFT [OUTER] JOIN t [AS] x ON ...` whose query's WHERE has the top-level
 *   AND condition `x.c IS NULL` for a column `x.c` the ON condition names (an anti-join written as
 *   an outer join: a row of t matched on c is dropped, an unmatched one is padded and written
 *   without any value of t; a WHERE with an OR at its top level is not read so).
 * Anything else (the FROM relation, an inner join, a UNION branch, EXISTS or IN, a scalar subquery
 * in the SELECT list, a reference in a view) feeds the rows written. Read on code with literals and
 * comments blanked (split.ts codeOnly), tables as markers (insert-query.ts MARK).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { MARK, type SelectQuery } from "./insert-query.js";
import { closingParen, enclosingParens, NAME, queryClauses, topLevelOnly, unquoteIdentifier } from "./top-level.js";
import { topLevelConditions } from "./where-conditions.js";

/** What precedes a subquery that only filters: NOT EXISTS, NOT IN, or a comparison operator. */
const FILTERING_SUBQUERY = /(?:\bNOT\s+EXISTS|\bNOT\s+IN|<>|!=|<=|>=|[=<>])\s*$/i;
const LEFT_JOIN_BEFORE = /\bLEFT\s+(?:OUTER\s+)?JOIN\s*$/i;
const ALIAS_ON = new RegExp(String.raw`^\s*(?:AS\s+)?(${NAME})\s+ON\b`, "id");
/** Where an ON condition ends at its query's top level: a clause, a set operator, another join or a comma. */
const ON_END = /\b(?:WHERE|GROUP\s+BY|HAVING|ORDER\s+BY|LIMIT|OFFSET|FETCH|WINDOW|QUALIFY|UNION|INTERSECT|EXCEPT|MINUS|JOIN|INNER|LEFT|RIGHT|FULL|CROSS|NATURAL)\b|,/i;
const QUALIFIED = new RegExp(String.raw`(?<![\w$.])(${NAME})\s*\.\s*(${NAME})(?![\w$]|\s*[.(])`, "g");
const IS_NULL = new RegExp(String.raw`^\s*(${NAME})\s*\.\s*(${NAME})\s+IS\s+NULL\s*$`, "id");

/** True when the reference to a table that ends at `end` (its marker's end) is the right side of a LEFT JOIN kept only where unmatched (see the module comment). */
function antiJoined(q: Pick<SelectQuery, "text" | "code">, start: number, end: number, levelStart: number, levelEnd: number, qualifiers: readonly string[]): boolean {
  const { text, code } = q;
  if (!LEFT_JOIN_BEFORE.test(code.slice(levelStart, start))) return false;
  const flat = topLevelOnly(code, levelStart, levelEnd);
  if (flat === undefined) return false;
  const rest = code.slice(end, levelEnd);
  const alias = ALIAS_ON.exec(rest);
  const bare = alias === null ? /^\s*ON\b/i.exec(rest) : null;
  if (alias === null && bare === null) return false;
  if (alias !== null && /^(?:ON|WHERE)$/i.test(alias[1]!)) return false;
  const names = alias === null ? qualifiers : [unquoteIdentifier(text.slice(end + alias.indices![1]![0], end + alias.indices![1]![1]))];
  const afterOn = end + (alias ?? bare)![0].length;
  const onEndAt = flat.slice(afterOn - levelStart).search(ON_END);
  const onEnd = onEndAt < 0 ? levelEnd : afterOn + onEndAt;
  const keys = new Set<string>();
  for (const m of code.slice(afterOn, onEnd).matchAll(QUALIFIED)) {
    const from = afterOn + m.index!;
    const qualifier = unquoteIdentifier(text.slice(from, from + m[1]!.length));
    const nameAt = from + m[0].length - m[2]!.length;
    if (names.includes(qualifier)) keys.add(unquoteIdentifier(text.slice(nameAt, nameAt + m[2]!.length)).toLowerCase());
  }
  if (keys.size === 0) return false;
  // The query's WHERE (top-level.ts queryClauses), when it is the first clause after the join: not one after a GROUP BY or a set operator.
  const clauses = queryClauses(flat.slice(onEnd - levelStart), onEnd);
  if (clauses.where === undefined || clauses.where[0] !== clauses.start + "WHERE".length) return false;
  const [whereStart, whereEnd] = clauses.where;
  const conditions = topLevelConditions(code, { start: whereStart, clause: flat.slice(whereStart - levelStart, whereEnd - levelStart) }) ?? [];
  return conditions.some(([s, e]) => {
    const m = IS_NULL.exec(code.slice(s, e));
    if (m === null) return false;
    const at = (g: number): string => unquoteIdentifier(text.slice(s + m.indices![g]![0], s + m.indices![g]![1]));
    const qualifier = at(1);
    const column = at(2).toLowerCase();
    return names.includes(qualifier) && keys.has(column);
  });
}

/** True when `q` names `table` (by its marker) and every reference only filters the rows written (see the module comment). */
export function readOnlyToFilter(q: Pick<SelectQuery, "text" | "code" | "tables">, table: TableDefinition): boolean {
  const markers = q.tables.flatMap((t, k) => (t === table ? [`${MARK}${k}__`] : []));
  let found = false;
  for (const marker of markers) {
    for (let start = q.code.indexOf(marker); start >= 0; start = q.code.indexOf(marker, start + marker.length)) {
      found = true;
      const end = start + marker.length;
      const parens = enclosingParens(q.code, start);
      const filtering = parens.some((o) => /^\s*SELECT\b/i.test(q.code.slice(o + 1)) && FILTERING_SUBQUERY.test(q.code.slice(0, o)));
      if (filtering) continue;
      const levelStart = parens[0] === undefined ? 0 : parens[0] + 1;
      const levelEnd = parens[0] === undefined ? q.code.length : closingParen(q.code, parens[0]);
      if (levelEnd < 0 || !antiJoined(q, start, end, levelStart, levelEnd, [table.tableName, ...markers])) return false;
    }
  }
  return found;
}
