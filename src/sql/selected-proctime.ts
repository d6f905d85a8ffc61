/**
 * A processing-time attribute a query selects by name: `PROCTIME() AS pt` in the SELECT list of a
 * view or subquery. Flink types the PROCTIME() call as a proctime indicator (TIMESTAMP_LTZ(3)
 * *PROCTIME*, flink `FlinkSqlOperatorTable.PROCTIME`), and a plain reference forwards it through
 * views, subqueries and projections (flink `RelTimeIndicatorConverter`: only a call that reads it
 * materializes it, as does grouping by it), so a query over the view or subquery may order a
 * deduplication by `pt` as it would by a PROCTIME() column of a table (flink docs
 * `queries/deduplication.md`: ORDER BY a processing or event time attribute).
 */

import type { TableDefinition } from "../components/table-definition.js";

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * True when `text` (statement code with names: literals and comments blanked; the statement and the
 * views it reads, joined) selects `PROCTIME() [AS] name`, or one of `tables` (the tables its views
 * read) has a PROCTIME() column `name` that a view passes on (and none another column `name`), and nothing else is named `name`: no other
 * item `x AS name` but a plain reference to the column itself (`name AS name`, `q.name AS name`),
 * and no GROUP BY that names it (an aggregation materializes a time attribute it groups by).
 */
export function selectsProctime(text: string, name: string, tables: readonly TableDefinition[] = []): boolean {
  const n = escape(name);
  const named = `\`?${n}\`?(?![A-Za-z0-9_$\`])`;
  const columns = tables.flatMap((t) => t.columns?.filter((c) => c.name === name) ?? []);
  if (columns.some((c) => c.timeAttribute !== "proctime")) return false;
  const column = columns.length > 0;
  if (!column && !new RegExp(`\\bPROCTIME\\s*\\(\\s*\\)\\s+(?:AS\\s+)?${named}`, "i").test(text)) return false;
  for (const m of text.matchAll(new RegExp(`\\bAS\\s+${named}`, "gi"))) {
    const before = text.slice(0, m.index);
    if (/\bPROCTIME\s*\(\s*\)\s*$/i.test(before)) continue;
    if (new RegExp(`(?:^|[\\s,(.])\`?${n}\`?\\s*$`).test(before)) continue;
    return false;
  }
  for (const m of text.matchAll(/\bGROUP\s+BY\b/gi)) {
    const clause = text.slice(m.index! + m[0].length).split(/\b(?:HAVING|ORDER\s+BY|WINDOW|UNION|INTERSECT|EXCEPT|LIMIT)\b|\)|;/i)[0]!;
    if (new RegExp(`(?<![A-Za-z0-9_$])${named}`).test(clause)) return false;
  }
  return true;
}
