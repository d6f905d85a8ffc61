/**
 * Whether an INSERT writes one row for every row it reads from one table, whatever the rows hold:
 * a plain projection `INSERT INTO ${sink} [(columns)] SELECT item, ... FROM ${table} [[AS] alias]`,
 * with nothing after the FROM relation (no WHERE, GROUP BY, HAVING, WINDOW, QUALIFY, ORDER BY,
 * LIMIT, OFFSET or FETCH: top-level.ts queryClauses), no DISTINCT, no join or second relation, no
 * window TVF, no WITH list, no hint (an OPTIONS hint may change how the table is read or written),
 * and SELECT items that are certainly scalar: no aggregate (a global aggregation without GROUP BY
 * emits one updating row), no windowed aggregate, no subquery, no call of a function the job
 * declares or the package does not know (aggregate-calls.ts readExpression: `unsure`).
 * A static partition clause keeps every row (it fixes a column's value). Calcite keeps a row per
 * input row through a Project (calcite `LogicalProject`); only a Filter, Aggregate, Join, Sort or
 * window drops or folds rows. Anything else is not read here (false: maybe not every row).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { readExpression } from "./aggregate-calls.js";
import { readInsertQuery, withoutAlias } from "./insert-query.js";
import type { AnalyzedStatement } from "./statement.js";
import { mayHoldHints } from "./statement-gates.js";

/** True when `a` certainly writes every row it reads from `table` (see the module comment); `functions`: the job's declared functions, upper-case. */
export function copiesEveryRow(a: AnalyzedStatement, table: TableDefinition, functions: ReadonlySet<string>): boolean {
  if (a.kind !== "insert" || mayHoldHints(a.words)) return false;
  const q = readInsertQuery(a);
  const from = q?.from;
  if (q === undefined || from === undefined || from.table !== table || q.distinct || q.withQuery !== undefined) return false;
  // Nothing after the relation: its clauses start at the end of the code.
  if (q.code.slice(from.clauses.start).trim() !== "") return false;
  const scope = { columns: (table.columns ?? []).map((c) => c.name), qualifiers: from.qualifiers, functions };
  return q.items.every((item) => {
    if (/^(?:[\w$`]+\s*\.\s*)?\*$/.test(item.code)) return true;
    const read = readExpression(q.code, q.text, item.start, item.start + withoutAlias(item).code.length, scope);
    return !read.unsure && read.aggregates.length === 0 && read.windowed.length === 0;
  });
}
