/**
 * Where a column of a simple view comes from: `CREATE TEMPORARY VIEW v AS SELECT <items> FROM
 * ${t} [alias] [WHERE ...]` passes a column of `t` through unchanged when an item is that column
 * (`ts`, `alias.ts`, `${t}.ts`) or a `*`; a projection and a filter keep its time attribute (flink
 * time attributes survive Calc nodes). Anything else (a column list after the view name, an alias
 * or expression for the column, joins, aggregations, unions, subqueries) is not read.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { topLevelSplit, unquoteIdentifier } from "./top-level.js";
import { MARKED_NAME, markedCode, type AnalyzedStatement } from "./statement.js";

const NAME = MARKED_NAME;
/** A part of a view's qualified name (`catalog.db.`), which declaredViewName resolves. */
const QUALIFIER = "(?:(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)\\s*\\.\\s*){0,2}";
/** The whole view statement in the simple shape; groups: the view's name, the select list, the table marker, the alias. */
const SIMPLE_VIEW = new RegExp(
  `^\\s*CREATE\\s+TEMPORARY\\s+(?:SYSTEM\\s+)?VIEW\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${QUALIFIER}${NAME}\\s+AS\\s+SELECT\\s+([\\s\\S]+?)\\s+FROM\\s+\\u0000(\\d+)\\u0000(?:\\s+(?:AS\\s+)?(?!WHERE\\b)${NAME})?\\s*(?:WHERE\\b[\\s\\S]*)?$`,
  "i",
);

/** A view in the simple shape: the table it reads, the names that qualify that table's columns, its SELECT items (code, trimmed). */
export interface SimpleView {
  readonly table: TableDefinition;
  readonly qualifiers: readonly string[];
  readonly items: readonly string[];
}

/** The view `view` in the simple shape (see the module comment), or undefined. */
export function readSimpleView(view: AnalyzedStatement): SimpleView | undefined {
  const { code, tables } = markedCode(view);
  const m = SIMPLE_VIEW.exec(code);
  if (m === null || /\b(?:GROUP\s+BY|JOIN|UNION|INTERSECT|EXCEPT|SELECT)\b/i.test(code.slice(code.search(/\bSELECT\b/i) + 6))) return undefined;
  const table = tables[Number(m[3])]!;
  if (table.columns === undefined) return undefined;
  const qualifiers = [m[4] !== undefined ? unquoteIdentifier(m[4]) : table.tableName, `\u0000${m[3]}\u0000`];
  const list = m[2]!;
  const start = m.index + m[0].indexOf(list);
  const parts = topLevelSplit(code, start, start + list.length);
  return parts === undefined ? undefined : { table, qualifiers, items: parts.map(([s, e]) => code.slice(s, e).trim()) };
}

/** The table column that column `column` of the simple view `simple` (readSimpleView) passes through unchanged, or undefined. */
export function viewColumnSource(simple: SimpleView, column: string): { table: TableDefinition; column: TableColumn } | undefined {
  const { table, qualifiers, items } = simple;
  // An item that names its result `column` (`x AS column`) makes the view's column another value.
  const renamedTo = new RegExp(`\\s(?:AS\\s+)?${NAME}$`, "i");
  if (items.some((item) => { const alias = renamedTo.exec(item); return alias !== null && unquoteIdentifier(alias[1]!) === column; })) return undefined;
  for (const item of items) {
    const q = /^(?:(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*|\u0000\d+\u0000)\s*\.\s*)?(\*|`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)$/.exec(item);
    if (q === null) continue;
    if (q[1] !== undefined && !qualifiers.includes(q[1].startsWith("\u0000") ? q[1] : unquoteIdentifier(q[1]))) continue;
    if (q[2] !== "*" && unquoteIdentifier(q[2]!) !== column) continue;
    const col = table.columns!.find((c) => c.name === column);
    return col === undefined ? undefined : { table, column: col };
  }
  return undefined;
}
