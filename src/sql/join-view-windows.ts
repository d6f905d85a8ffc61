/**
 * A window over a view whose FROM clause is a regular join: `CREATE TEMPORARY VIEW enriched AS
 * SELECT o.ts, ... FROM ${orders} o JOIN ${customers} c ON o.cid = c.id`, then `TUMBLE(TABLE
 * enriched, DESCRIPTOR(ts), ...)` or `GROUP BY TUMBLE(ts, ...)`. A regular join (no interval,
 * temporal, lookup or window join) turns every time attribute of its inputs into a plain timestamp
 * (flink `flink-table-planner/.../calcite/RelTimeIndicatorConverter.java` visitJoin: "materialize
 * time attribute fields of regular join's inputs" when `JoinUtil.satisfyRegularJoin`, which excludes
 * lookup, temporal, interval and window joins; a temporal join materializes its right side only), so
 * a streaming job's window over the view fails when Flink plans it ("The window function requires
 * the timecol is a time attribute type", or for a legacy group window "Window aggregate can only be
 * defined over a time attribute column"). The same holds for a column that was no time attribute
 * to begin with (a table without a watermark): a watermark alone would not help.
 *
 * Read only where it is certain: a view in the plain shape (insert-query.ts readViewQuery) whose
 * FROM clause joins interpolated tables (join-relations.ts), without a column list, DISTINCT or
 * GROUP BY, every join step a JOIN / INNER / LEFT / RIGHT / FULL JOIN with an ON condition or USING
 * list that holds no INTERVAL, PROCTIME() or subquery and names no time attribute of the
 * joined tables (no interval join: flink IntervalJoinUtil), whose WHERE does not bound the step as
 * an interval join (bounded-dimension-joins.ts regularJoin: Flink pushes the WHERE into the join
 * first), without FOR SYSTEM_TIME AS OF (no temporal or lookup join), and the window's column a SELECT item that names a column of one of
 * the tables (`o.ts`, `ts`, `o.ts AS t`).
 */
import { knows, timeAttributeUnknown } from "../components/failed-table-parts.js";
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { readViewQuery, VIEW_COLUMN_LIST } from "./insert-query.js";
import { regularJoin } from "./bounded-dimension-joins.js";
import type { AnalyzedStatement } from "./statement.js";
import { statementCode } from "./statement.js";
import { NAME, unquoteIdentifier } from "./top-level.js";

/** A SELECT item `[q.]col [[AS] alias]`; groups: the qualifier, the column, the alias. */
const PLAIN_ITEM = new RegExp(String.raw`^(?:(${NAME}|\u0000\d+\u0000)\s*\.\s*)?(${NAME})(?:\s+(?:AS\s+)?(${NAME}))?$`, "id");

/** A window column of a view that a regular join makes plain: the table column it passes through, as the view's item names it, and the other tables joined. */
export interface JoinedTimeColumn {
  readonly table: TableDefinition;
  readonly column: TableColumn;
  /** The item's column as written (`o.ts`). */
  readonly written: string;
  readonly others: readonly TableDefinition[];
}

/** Column `column` of `view` when the view is a regular join that leaves it no time attribute (see the module comment), else undefined. */
export function joinedTimeColumn(view: AnalyzedStatement, column: string): JoinedTimeColumn | undefined {
  if (VIEW_COLUMN_LIST.test(statementCode(view))) return undefined;
  const q = readViewQuery(view);
  const relations = q?.join?.relations;
  if (q === undefined || relations === undefined || q.distinct || q.join!.clauses.groupBy !== undefined) return undefined;
  if (relations.some((r) => r.table.columns === undefined || !knows(r.table, "timeAttributes") || r.table.columns.some((c) => timeAttributeUnknown(c)))) return undefined;
  const timeAttributes = new Set(relations.flatMap((r) => r.table.columns!.filter((c) => c.timeAttribute !== undefined).map((c) => c.name.toLowerCase())));
  if (!relations.every((_, i) => i === 0 || regularJoin(q, i, timeAttributes))) return undefined;
  for (const item of q.items) {
    const m = PLAIN_ITEM.exec(item.code);
    if (m === null) continue;
    const written = (k: number): string | undefined => (m.indices![k] === undefined ? undefined : unquoteIdentifier(item.text.slice(...m.indices![k]!)));
    const name = written(2)!;
    if ((written(3) ?? name) !== column) continue;
    const qualifier = m[1]?.startsWith("\u0000") ? m[1] : written(1);
    const from = relations.filter((r) => (qualifier === undefined || r.qualifiers.includes(qualifier)) && r.table.columns!.some((c) => c.name === name));
    if (from.length !== 1) return undefined;
    const r = from[0]!;
    return {
      table: r.table,
      column: r.table.columns!.find((c) => c.name === name)!,
      written: qualifier === undefined ? name : `${r.alias ?? r.table.tableName}.${name}`,
      others: relations.filter((x) => x !== r).map((x) => x.table),
    };
  }
  return undefined;
}

/** What the message says of the view's column, and the remedy. */
export function joinedTimeMessage(viewName: string, view: AnalyzedStatement, column: string, found: JoinedTimeColumn): { what: string; remedy: string } {
  const { table, column: source, written, others } = found;
  const kind = source.timeAttribute === "rowtime" ? "the event-time attribute" : source.timeAttribute === "proctime" ? "the processing-time attribute" : "the column";
  const joined = others.map((t) => t.label).join(", ");
  return {
    what:
      `${column} of the view ${viewName} (statements[${view.index}]) is ${written}, ${kind} ${source.name} of ${table.label}, and the view's regular JOIN with ${joined} ` +
      `turns its inputs' time attributes into plain timestamps (flink RelTimeIndicatorConverter)${source.timeAttribute === undefined ? ", so a watermark on it alone would not help" : ""}`,
    remedy:
      `window ${table.label} before the join (a window aggregation over it, then join its results), ` +
      "or join in a way that keeps the time attribute: an interval join (an ON condition that bounds both sides' time attributes, e.g. `a.ts BETWEEN b.ts - INTERVAL '1' HOUR AND b.ts`) " +
      "or an event-time temporal join (`JOIN other FOR SYSTEM_TIME AS OF a.ts`, which keeps the left side's)",
  };
}
