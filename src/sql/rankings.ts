/**
 * Rankings in a statement (ROW_NUMBER, RANK, DENSE_RANK OVER (... ORDER BY ...)) and whether they
 * turn an insert-only input into updates: a Top-N or deduplication filtered by its number.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { missingWindowColumn, WINDOW_RENAME_HEDGE, type UpdatingContext, type UpdatingOperation } from "./updating-operations.js";

/** The inside of the parentheses that open just before `from` (balanced), or undefined. */
export function parenthesized(text: string, from: number): string | undefined {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(from, i);
  }
  return undefined;
}

/** An identifier as Flink resolves it: back-quotes removed, a qualifier dropped. */
function columnName(item: string): string {
  const last = item.trim().split(".").pop()!.trim();
  return last.startsWith("`") ? last.slice(1, -1).replace(/``/g, "`") : last;
}

/** A plain or qualified column reference, plain or back-quoted. */
const COLUMN_REF = /^(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)(?:\s*\.\s*(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*))?$/;

/** What an ORDER BY item of a ranking is, as far as the tables the statement reads tell. */
function orderKind(item: string, reads: readonly TableDefinition[]): "proctime" | "rowtime" | "value" | "unknown" {
  const bare = item.replace(/\s+NULLS\s+(?:FIRST|LAST)\s*$/i, "").replace(/\s+ASC\s*$/i, "").trim();
  if (/^PROCTIME\s*\(\s*\)$/i.test(bare)) return "proctime";
  if (!COLUMN_REF.test(bare)) return "unknown";
  const name = columnName(bare);
  const column = reads.flatMap((t) => t.columns ?? []).find((c) => c.name === name);
  if (column === undefined) return "unknown";
  return column.timeAttribute ?? "value";
}

/** A name as Flink resolves it: back-quotes removed (a back-quoted and a plain spelling are one name). */
function plainName(name: string): string {
  return name.startsWith("`") ? name.slice(1, -1).replace(/``/g, "`") : name;
}

/**
 * How the alias after a ranking's OVER (...) is filtered anywhere in `allText` (the statement and
 * the views it reads: a view is expanded in place): "first" for the first row only (`rn = 1`,
 * `rn <= 1`, `rn < 2`, or the number on the left: `1 = rn`), "topN" for another upper bound, and
 * undefined without one: then Flink plans no Rank (flink `FlinkLogicalRankRule` needs the bound,
 * `RankUtil.extractRankRange`), only an over aggregation, which appends.
 */
function rankFilter(text: string, afterOver: number, allText: string): "first" | "topN" | undefined {
  const alias = /^\s*(?:AS\s+)?(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)/i.exec(text.slice(afterOver));
  if (alias === null || /^(FROM|WHERE|GROUP|ORDER|HAVING|UNION|LIMIT)$/i.test(alias[1]!)) return undefined;
  const name = plainName(alias[1]!).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const ref = `(?<![A-Za-z0-9_$])\`?${name}\`?(?![A-Za-z0-9_$])`;
  let found: "first" | "topN" | undefined;
  for (const m of allText.matchAll(new RegExp(`${ref}\\s*(<=|<|=)\\s*([0-9]+)|([0-9]+)\\s*(>=|>|=)\\s*${ref}`, "gi"))) {
    const op = (m[1] ?? m[4])!;
    const n = Number(m[2] ?? m[3]);
    const first = (op === "=" || op === "<=" || op === ">=") ? n === 1 : n === 2;
    found = first && found !== "topN" ? "first" : "topN";
  }
  return found;
}

/**
 * A ranking (ROW_NUMBER, RANK, DENSE_RANK OVER (... ORDER BY ...)): a Top-N or deduplication. Flink
 * plans a Top-N as Rank, which updates (flink `FlinkChangelogModeInferenceProgram`), and a
 * deduplication (ROW_NUMBER by a time attribute, rn = 1) by its order: keep-last (DESC) updates;
 * keep-first by processing time appends; keep-first by event time updates before Flink 2.1 and
 * appends from 2.1 with mini-batch off (FLINK-37005, `RankUtil.outputInsertOnlyInDeduplicate`).
 * Certain: a descending order, an order by a known value column, a Top-N by event time, keep-first
 * by event time on a known version that updates. Left alone: an order by processing time
 * (`PROCTIME()` or a PROCTIME() column, ascending), a window Top-N (PARTITION BY window_start and
 * window_end). A warning for what the statement's own tables cannot tell (an alias, a view's
 * column, an expression; keep-first by event time on an unknown version).
 */
export function updatingRanking(text: string, reads: readonly TableDefinition[], ctx: UpdatingContext): UpdatingOperation | undefined {
  for (const m of text.matchAll(/\b(ROW_NUMBER|RANK|DENSE_RANK)\s*\(\s*\)\s*OVER\s*\(/gi)) {
    const open = m.index! + m[0].length;
    const spec = parenthesized(text, open);
    if (spec === undefined) continue;
    const order = /\bORDER\s+BY\b([\s\S]*)$/i.exec(spec);
    if (order === null) continue;
    const partition = /\bPARTITION\s+BY\b([\s\S]*?)(?:\bORDER\s+BY\b|$)/i.exec(spec)?.[1] ?? "";
    if (/\bwindow_start\b/i.test(partition) && /\bwindow_end\b/i.test(partition)) continue;
    const missing = missingWindowColumn(partition);
    const fn = m[1]!.toUpperCase();
    const orderText = order[1]!.trim();
    const shown = `${fn} OVER (... ORDER BY ${orderText})`;
    const items = orderText.split(",");
    const filter = rankFilter(text, open + spec.length + 1, ctx.allText);
    if (filter === undefined) continue;
    if (missing !== undefined) {
      const named = missing === "window_end" ? "window_start" : "window_end";
      return { what: `ranks rows partitioned by ${named} without ${missing} (${fn} OVER (... ORDER BY ${order[1]!.trim()})), which Flink plans as a regular Top-N, not a window Top-N`, certain: true, kind: "ranking", advice: `, or add ${missing} to the PARTITION BY (a window Top-N partitions by both window_start and window_end)` };
    }
    if (items.some((i) => /\bDESC\b/i.test(i))) {
      return { what: `ranks rows (${shown}: keeps the last or largest rows per key), which replaces a row it emitted when a later or larger one arrives`, certain: !ctx.windowNearby, kind: "ranking", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}) };
    }
    const kinds = items.map((i) => orderKind(i, reads));
    const firstRow = fn === "ROW_NUMBER" && filter === "first";
    if (kinds.length === 1 && kinds[0] === "proctime") {
      // First rows by arrival never change; the planner still marks a Top-N (Rank) updating, which an append-only sink refuses.
      if (firstRow || !ctx.planner) continue;
      return { what: `ranks rows by processing time (${shown}: a Top-N), which Flink plans as a Rank that may update (StreamPhysicalRank)`, certain: !ctx.windowNearby, kind: "ranking", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}) };
    }
    if (kinds.length === 1 && kinds[0] === "rowtime" && firstRow) {
      const version = ctx.flinkVersion;
      const insertOnly = version !== undefined && version >= "v2_1" && !ctx.miniBatch;
      if (insertOnly) continue;
      const what =
        `keeps the first row per key by event time (${shown}), which Flink before 2.1, or with table.exec.mini-batch.enabled, plans as a deduplication that replaces a row it emitted when an earlier one arrives ` +
        "(Flink 2.1 emits each first row once its watermark passes, FLINK-37005)";
      return { what, certain: (version !== undefined || ctx.miniBatch) && !ctx.windowNearby, kind: "ranking" };
    }
    if (kinds.every((k) => k === "value" || k === "rowtime")) {
      return { what: `ranks rows (${shown}: a Top-N), which replaces a row it emitted when a better one arrives`, certain: !ctx.windowNearby, kind: "ranking", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}) };
    }
    return { what: `ranks rows (${shown}), a Top-N or deduplication, which updates unless it keeps first rows by processing time`, certain: false, kind: "ranking" };
  }
  return undefined;
}

