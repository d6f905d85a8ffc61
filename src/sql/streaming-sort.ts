/**
 * An ORDER BY without LIMIT, OFFSET or FETCH that ends a streaming INSERT's query. Flink's stream
 * planner sorts a stream only when the first sort key is a time attribute in ascending order (flink
 * `StreamPhysicalTemporalSortRule.canConvertToTemporalSort`: no fetch, no offset,
 * `FlinkTypeFactory.isTimeIndicatorType` of the first field, `Direction.ASCENDING`); any other sort
 * becomes a `StreamExecSort`, which refuses to translate ("Sort on a non-time-attribute field is not
 * supported.", flink `StreamExecSort.translateToPlanInternal`, unless the internal test switch
 * `__table.exec.sort.non-temporal.enabled__` is on). An ORDER BY with LIMIT is a Top-N
 * (rankings.ts, updating-operations.ts); one in a subquery without LIMIT is dropped by Calcite
 * (`SqlToRelConverter.convertOrder`: `removeSortInSubQuery` when not at the top), as is an ORDER BY
 * inside OVER (...), which orders a window, not the rows: only the top level of the INSERT's query is
 * read. A batch job sorts anything (not checked).
 *
 * Certain: a first key written DESC (never a temporal sort), or a first key that names a column of
 * the one interpolated table the query reads (insert-query.ts plain shape, no window TVF, DISTINCT,
 * GROUP BY or HAVING) which is known to be no time attribute: directly, through a SELECT alias, or by
 * ordinal. Anything else (an expression, a view, a join) is left to Flink.
 */
import { knows, timeAttributeUnknown } from "../components/failed-table-parts.js";
import type { TableColumn } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { COLUMN_REF, readInsertQuery, withoutAlias, type InsertQuery } from "./insert-query.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";
import { topLevelOnly, topLevelSplit, unquoteIdentifier } from "./top-level.js";
import { isWindowRelation } from "./window-relation.js";

/** Flink's internal switch that lets StreamExecSort run (flink `InternalConfigOptions.TABLE_EXEC_NON_TEMPORAL_SORT_ENABLED`). */
export const NON_TEMPORAL_SORT_KEY = "__table.exec.sort.non-temporal.enabled__";

/** ORDER BY as words of the code (global: for matchAll). */
export const ORDER_BY = /(?<![\w$])ORDER\s+BY(?![\w$])/gi;
/** A LIMIT, OFFSET or FETCH clause's first word. */
export const FETCH_OR_OFFSET = /(?<![\w$])(?:LIMIT|OFFSET|FETCH)(?![\w$])/i;
/** A sort key: the expression, its direction, its NULLS clause. */
const SORT_KEY = /^([\s\S]*?)(?:\s+(ASC|DESC))?(?:\s+NULLS\s+(?:FIRST|LAST))?$/i;

type From = NonNullable<InsertQuery["from"]>;

/** The column of the FROM table that `code` / `text` (same offsets, trimmed) names as `[q.]c`, or undefined. */
function namedColumn(code: string, text: string, from: From): TableColumn | undefined {
  const m = COLUMN_REF.exec(code);
  if (m === null) return undefined;
  if (m[1] !== undefined && !from.qualifiers.includes(unquoteIdentifier(text.slice(0, m[1].length)))) return undefined;
  const name = unquoteIdentifier(text.slice(text.length - m[2]!.length));
  return from.table.columns!.find((c) => c.name === name);
}

/**
 * The column of the query's one table that the sort key (`code` / `text`: the key without its
 * direction) stands for: a SELECT alias first (Calcite resolves ORDER BY names against the SELECT
 * list first), an ordinal, or a column of the table; undefined when it is anything else.
 */
function sortColumn(q: InsertQuery, from: From, code: string, text: string): TableColumn | undefined {
  if (/^\d+$/.test(code)) {
    const item = q.items[Number(code) - 1];
    if (item === undefined) return undefined;
    const bare = withoutAlias(item);
    return namedColumn(bare.code.trim(), bare.text.trim(), from);
  }
  for (const item of q.items) {
    const bare = withoutAlias(item);
    if (bare.alias !== undefined && /^(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)$/.test(text) && bare.alias === unquoteIdentifier(text)) {
      return namedColumn(bare.code.trim(), bare.text.trim(), from);
    }
  }
  return namedColumn(code, text, from);
}

/** The plain one-table FROM of the INSERT's query, when its columns keep their time attributes up to the sort. */
function plainFrom(q: InsertQuery | undefined): From | undefined {
  const from = q?.from;
  if (from?.table.columns === undefined || isWindowRelation(from.table) || q!.distinct) return undefined;
  return from.clauses.groupBy === undefined && from.clauses.having === undefined ? from : undefined;
}

/** Checks one INSERT of a streaming job; an error at `statements[i]` (see the module comment). `nonTemporalSort`: the job turns NON_TEMPORAL_SORT_KEY on (its configuration or the deploy target's), which lets the sort run. */
export function checkStreamingSort(a: AnalyzedStatement, nonTemporalSort: boolean, diag: Diagnostics): void {
  if (a.target === undefined || !a.statement.segments.some((s) => s.kind === "text" && /ORDER\s+BY/i.test(s.text))) return;
  if (nonTemporalSort) return;
  const text = a.statement.segments.map((s) => (s.kind === "text" ? s.text : s.kind === "table" ? s.table.tableName : " x ")).join("");
  const code = codeOnly(text);
  const flat = topLevelOnly(code, 0, code.length);
  const order = flat === undefined ? undefined : [...flat.matchAll(ORDER_BY)].at(-1);
  if (order === undefined) return;
  const start = order.index + order[0].length;
  if (FETCH_OR_OFFSET.test(flat!.slice(start))) return;
  const keys = topLevelSplit(code, start, code.length)!.map(([s, e]) => {
    const k = SORT_KEY.exec(code.slice(s, e).trim())!;
    const lead = code.slice(s, e).length - code.slice(s, e).trimStart().length;
    return { code: k[1]!, text: text.slice(s + lead, s + lead + k[1]!.length), written: text.slice(s, e).trim(), desc: k[2]?.toUpperCase() === "DESC" };
  });
  const first = keys[0]!;
  // A literal or nothing: Calcite drops a constant sort key, and what then comes first is not read here.
  if (!/[A-Za-z_]/.test(first.code.replace(/\b\d+\b/g, "")) && !/^\d+$/.test(first.code)) return;
  const q = readInsertQuery(a);
  const from = plainFrom(q);
  let reason: string;
  if (first.desc) reason = "in descending order";
  else {
    const col = from === undefined ? undefined : sortColumn(q!, from, first.code, first.text);
    if (col === undefined || col.timeAttribute !== undefined || timeAttributeUnknown(col) || !knows(from!.table, "timeAttributes")) return;
    reason = `a plain ${col.type?.toString() ?? "computed"} column of ${from!.table.label}, no time attribute`;
  }
  const time = from?.table.columns!.find((c) => c.timeAttribute === "rowtime") ?? from?.table.columns!.find((c) => c.timeAttribute === "proctime");
  const timeRemedy =
    time === undefined
      ? "or start it with a time attribute in ascending order (a table's watermark column, or a PROCTIME() column)"
      : `or sort by time first: ORDER BY ${[time.name, ...keys.filter((k) => unquoteIdentifier(k.text) !== time.name).map((k) => k.written)].join(", ")} ` +
        `(${time.name} is the ${time.timeAttribute === "rowtime" ? "event-time" : "processing-time"} attribute of ${from!.table.label})`;
  diag.error(
    `statements[${a.index}]`,
    `ORDER BY ${keys.map((k) => k.written).join(", ")} without LIMIT in a streaming job sorts first by ${first.text}, ${reason}: ` +
      `Flink sorts a stream only when the first key is a time attribute in ascending order (flink StreamPhysicalTemporalSortRule) and rejects the statement when it plans the job ("Sort on a non-time-attribute field is not supported."); ` +
      `drop the ORDER BY (a streaming sink keeps no row order), ${timeRemedy}`,
  );
}
