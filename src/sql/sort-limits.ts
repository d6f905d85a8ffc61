/**
 * A streaming ORDER BY with LIMIT or FETCH FIRST / NEXT (a Top-N over all rows, at the query's top
 * level or in a subquery): Flink plans it as a SortLimit (flink-table-planner
 * `StreamPhysicalSortLimitRule`: sort keys and a fetch), a Rank over the whole input
 * (`StreamExecSortLimit`), which replaces a row it emitted when a better one arrives; the planner
 * marks it updating (`FlinkChangelogModeInferenceProgram`: SortLimit provides all changes). A LIMIT
 * without ORDER BY is a `StreamPhysicalLimit`, which keeps an insert-only input insert-only: not
 * read here. An ORDER BY without a fetch is streaming-sort.ts's.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { orderKind } from "./rankings.js";
import { FETCH_OR_OFFSET, ORDER_BY } from "./streaming-sort.js";
import { closingParen, topLevelOnly, topLevelSplit } from "./top-level.js";
import type { UpdatingContext, UpdatingOperation } from "./updating-operations.js";

/** A fetch: LIMIT n (not LIMIT ALL, which fetches everything) or FETCH FIRST / NEXT. */
const FETCH = /(?<![\w$])(?:LIMIT(?![\w$])(?!\s+ALL(?![\w$]))|FETCH\s+(?:FIRST|NEXT)(?![\w$]))/i;

/** An ORDER BY with a fetch: its sort keys as written, and the clause shown whole. */
export interface SortLimit {
  readonly keys: string;
  readonly shown: string;
  /** The `(` that opens the sort's query level in the text, -1 for the whole text. */
  readonly open: number;
}

/** Each ORDER BY with a fetch at its own query level of `text` (the whole text, or a parenthesized subquery; not OVER (...)). */
export function* sortLimits(text: string): Generator<SortLimit> {
  const opens = [-1, ...[...text.matchAll(/\(/g)].map((m) => m.index!)];
  for (const open of opens) {
    const close = open < 0 ? text.length : closingParen(text, open);
    if (close < 0 || (open >= 0 && /\b(?:OVER|GROUP|MATCH_RECOGNIZE)\s*$/i.test(text.slice(0, open)))) continue;
    const flat = topLevelOnly(text, open + 1, close);
    const order = flat === undefined ? undefined : [...flat.matchAll(ORDER_BY)].at(-1);
    if (order === undefined) continue;
    const start = order.index + order[0].length;
    const rest = flat!.slice(start);
    if (!FETCH.test(rest)) continue;
    const keysEnd = FETCH_OR_OFFSET.exec(rest)!.index;
    const base = open + 1;
    const keys = text.slice(base + start, base + start + keysEnd).trim().replace(/\s+/g, " ");
    const tail = text.slice(base + start + keysEnd, close).trim().replace(/\s+/g, " ");
    yield { keys, shown: `ORDER BY ${keys} ${tail}`, open };
  }
}

/**
 * The first ORDER BY with a fetch of `text` as an updating operation: certain for a descending key
 * or keys known to be value or event-time columns; into a sink that the planner checks
 * (`ctx.planner`) also for an ascending processing-time order (the planner marks any SortLimit
 * updating), which elsewhere only appends (later rows never rank first); a warning otherwise.
 */
export function updatingSortLimit(text: string, reads: readonly TableDefinition[], ctx: UpdatingContext): UpdatingOperation | undefined {
  if (!/\b(?:LIMIT|FETCH)\b/i.test(text)) return undefined;
  for (const { keys, shown } of sortLimits(text)) {
    const items = (topLevelSplit(keys, 0, keys.length) ?? [[0, keys.length]]).map(([s, e]) => keys.slice(s, e).trim());
    const advice = `, or rank per window (ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY ${keys}) over a window TVF, filtered by its number), whose results are final`;
    const base = { kind: "ranking" as const, advice };
    if (!items.some((i) => /\bDESC\b/i.test(i))) {
      const kinds = items.map((i) => orderKind(i, reads, ctx));
      if (kinds.length === 1 && kinds[0] === "proctime") {
        if (!ctx.planner) continue;
        return { ...base, what: `sorts all rows by processing time and keeps the first ones (${shown}), which Flink plans as a SortLimit that the planner marks updating`, certain: true };
      }
      if (!kinds.every((k) => k === "value" || k === "rowtime")) {
        return { ...base, what: `sorts all rows and keeps the first ones (${shown}: a Top-N over the whole stream), which Flink plans as a SortLimit that replaces a row it emitted when a better one arrives, unless it sorts by processing time`, certain: false };
      }
    }
    return { ...base, what: `sorts all rows and keeps the first ones (${shown}: a Top-N over the whole stream), which Flink plans as a SortLimit that replaces a row it emitted when a better one arrives`, certain: true };
  }
  return undefined;
}
