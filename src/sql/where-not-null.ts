/**
 * The FROM table's columns a top-level WHERE condition `e IS NOT NULL` (where-conditions.ts
 * notNullTested) rejects NULL for, `e` an expression: every column whose NULL makes `e` NULL
 * (DerivedType.nullIf, null-propagation.ts), so a row with one of them NULL never reaches the SELECT
 * list. `WHERE CAST(ts AS DATE) IS NOT NULL` keeps no row with `ts` NULL, and `CAST(ts AS DATE)` in
 * the SELECT list is never NULL.
 *
 * Why the warning for a nullable expression into a NOT NULL sink column (insert-columns.ts) then
 * stays quiet, whatever nullability Flink's planner derives for the expression: the planner does not
 * compare nullability when it checks the INSERT (flink
 * `table/planner/connectors/DynamicSinkUtils.java` fixSinkDataType: "we ignore NULL constraint, the
 * NULL constraint will be checked during runtime", `TypeTransformations.toNullable()` on the sink's
 * type), and the runtime check (flink `.../plan/nodes/exec/common/CommonExecSink.java`,
 * `ConstraintEnforcer`) fails only on a NULL value the sink receives, which the filter removed first.
 */
import type { TableColumn } from "../components/table-definition.js";
import { expressionType } from "./expression-types.js";
import type { InsertQuery } from "./insert-query.js";
import { windowColumnType } from "./window-relation.js";

/** The names of the FROM table's columns the WHERE's `e IS NOT NULL` conditions reject NULL for (see the module comment); none without such a condition. */
export function nullRejectedByTests(q: InsertQuery, functions: () => ReadonlySet<string>): string[] {
  const from = q.from;
  const columns = from?.table.columns;
  if (from === undefined || columns === undefined || from.notNullTested.length === 0) return [];
  const scope = { columns, qualifiers: from.qualifiers, functions, columnType: (c: TableColumn) => c.type ?? windowColumnType(from.table, c.name) };
  const out: string[] = [];
  for (const [s, e] of from.notNullTested) {
    for (const c of expressionType(q.code.slice(s, e), q.text.slice(s, e), scope)?.nullIf ?? []) if (columns.includes(c) && !out.includes(c.name)) out.push(c.name);
  }
  return out;
}
