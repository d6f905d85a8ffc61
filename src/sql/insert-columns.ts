/**
 * The number of columns an `INSERT INTO ${sink} SELECT ...` fills against the sink's columns.
 * Flink's planner refuses a mismatch when the job starts ("Different number of columns" /
 * "Column types of query result and sink ... do not match"; flink `table/planner/.../calcite/PreValidateReWriter`,
 * `DynamicSinkUtils.validateSchemaAndApplyImplicitCast`). Only the plain shape is counted: an
 * optional column list, then a SELECT whose list has no `*`; anything else (WITH, VALUES, a
 * `*`, an unreadable list) is left to the runtime.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";

/** The statement text after the target table, with other tables and Outputs as placeholders. */
function textAfterTarget(a: AnalyzedStatement): string | undefined {
  const segs = a.statement.segments;
  const at = segs.findIndex((s) => s.kind === "table" && s.table === a.target);
  if (at < 0) return undefined;
  return segs
    .slice(at + 1)
    .map((s) => (s.kind === "text" ? s.text : s.kind === "table" ? " t " : " 0 "))
    .join("");
}

/** Top-level items of a comma list (parentheses and brackets nest: ARRAY[a, b]), or undefined when they do not balance. */
function topLevelItems(list: string): string[] | undefined {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      if (--depth < 0) return undefined;
    } else if (c === "," && depth === 0) {
      items.push(list.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  items.push(list.slice(start));
  return items.map((x) => x.trim());
}

/** The number of values the statement writes per row, or undefined when its shape is not the plain one. */
function selectedCount(text: string): { count: number; columnList: boolean } | undefined {
  let rest = codeOnly(text).trimStart();
  let listed: number | undefined;
  if (rest.startsWith("(")) {
    const close = rest.indexOf(")");
    if (close < 0) return undefined;
    listed = topLevelItems(rest.slice(1, close))?.length;
    rest = rest.slice(close + 1).trimStart();
  }
  const m = /^SELECT\s+(?:DISTINCT\s+|ALL\s+)?/i.exec(rest);
  if (m === null) return undefined;
  rest = rest.slice(m[0].length);
  // The SELECT list ends at the first FROM outside parentheses (a query without FROM has none).
  let depth = 0;
  let end = rest.length;
  const from = /\bFROM\b/gi;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && (c === "F" || c === "f")) {
      from.lastIndex = i;
      const f = from.exec(rest);
      if (f !== null && f.index === i) {
        end = i;
        break;
      }
    }
  }
  const items = topLevelItems(rest.slice(0, end));
  if (items === undefined || items.some((x) => x === "" || /(^|\.)\s*\*$/.test(x))) return undefined;
  if (listed !== undefined) return items.length === listed ? undefined : { count: items.length, columnList: true };
  return { count: items.length, columnList: false };
}

/**
 * Reports an INSERT whose SELECT list has another number of values than the sink has columns (or
 * than its column list names), at `statements[i]`.
 */
export function checkInsertColumnCount(a: AnalyzedStatement, diag: Diagnostics): void {
  const target: TableDefinition | undefined = a.target;
  if (target?.insertColumns === undefined) return;
  const text = textAfterTarget(a);
  if (text === undefined) return;
  const found = selectedCount(text);
  if (found === undefined) return;
  if (found.columnList) {
    diag.error(`statements[${a.index}]`, `the SELECT list has ${found.count} value${found.count === 1 ? "" : "s"}, but the column list after ${target.label} names another number; name one column per value`);
    return;
  }
  const cols = target.insertColumns;
  if (found.count === cols.length) return;
  diag.error(
    `statements[${a.index}]`,
    `the SELECT list has ${found.count} value${found.count === 1 ? "" : "s"}, but ${target.label} has ${cols.length} column${cols.length === 1 ? "" : "s"} to fill (${cols.join(", ")}); ` +
      `Flink fails when the job starts ("Different number of columns"): select one value per column, in this order, or name the columns you fill, e.g. INSERT INTO \${sink} (${cols.slice(0, 2).join(", ")}) SELECT ...`,
  );
}
