/**
 * Rankings in a statement (ROW_NUMBER, RANK, DENSE_RANK OVER (... ORDER BY ...)) and whether they
 * turn an insert-only input into updates: a Top-N or deduplication filtered by its number.
 */
import { knows, timeAttributeUnknown } from "../components/failed-table-parts.js";
import type { TableDefinition } from "../components/table-definition.js";
import { selectsProctime } from "./selected-proctime.js";
import { closingParen, unquoteIdentifier } from "./top-level.js";
import { withQueryParts } from "./with-queries.js";
import type { UpdatingContext, UpdatingOperation } from "./updating-operations.js";

/** The hedge of a reading that renamed window columns could overturn. */
export const WINDOW_RENAME_HEDGE = " (unless what it groups or partitions by are a window TVF's window_start and window_end under other names, which Flink follows)";

/**
 * The window column a GROUP BY or PARTITION BY clause leaves out when it names only one of
 * window_start / window_end: a window aggregation or Top-N needs both (flink
 * `WindowUtil.groupingContainsWindowStartEnd`, `StreamPhysicalWindowRankRule`), else Flink plans a
 * regular, updating one.
 */
export function missingWindowColumn(clause: string): "window_start" | "window_end" | undefined {
  const start = /\bwindow_start\b/i.test(clause);
  const end = /\bwindow_end\b/i.test(clause);
  return start === end ? undefined : start ? "window_end" : "window_start";
}

/** A plain or qualified column reference, plain or back-quoted. */
const COLUMN_REF = /^(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)(?:\s*\.\s*(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*))?$/;

/**
 * What an ORDER BY item of a ranking is, as far as the tables the statement reads tell; a column of
 * none of them is a processing-time attribute when `around.allText` (the statement and the views it
 * reads) selects it as `PROCTIME() AS name`, or a view passes on a PROCTIME() column of that name
 * of a table it reads (`around.viewTables`; selected-proctime.ts).
 */
export function orderKind(item: string, reads: readonly TableDefinition[], around?: Pick<UpdatingContext, "allText" | "viewTables">): "proctime" | "rowtime" | "value" | "unknown" {
  const bare = item.replace(/\s+NULLS\s+(?:FIRST|LAST)\s*$/i, "").replace(/\s+ASC\s*$/i, "").trim();
  if (/^PROCTIME\s*\(\s*\)$/i.test(bare)) return "proctime";
  if (!COLUMN_REF.test(bare)) return "unknown";
  const name = unquoteIdentifier(bare.split(".").pop()!);
  const table = reads.find((t) => t.columns?.some((c) => c.name === name));
  const column = table?.columns!.find((c) => c.name === name);
  if (column === undefined) return around !== undefined && selectsProctime(around.allText, name, around.viewTables) ? "proctime" : "unknown";
  // A table that failed validation (synth) whose watermark did not read: the column may be its rowtime once fixed.
  return column.timeAttribute ?? (knows(table!, "timeAttributes") && !timeAttributeUnknown(column) ? "value" : "unknown");
}

/** Where a ranking's number is defined: its alias (unquoted) and the query level (a parenthesized SELECT, or the whole text) that computes it. */
interface RankingSite {
  readonly at: number;
  /** Just after the OVER (...) parenthesis. */
  readonly afterOver: number;
  readonly alias?: string;
  readonly span: readonly [number, number];
}

/** The span of the query level (a parenthesized SELECT, or the whole text) that holds offset `at`. */
export function querySpan(text: string, at: number): [number, number] {
  let best: [number, number] = [0, text.length];
  for (const m of text.slice(0, at).matchAll(/\(/g)) {
    const close = closingParen(text, m.index!);
    if (close > at && /^\(\s*SELECT\b/i.test(text.slice(m.index!)) && m.index! >= best[0]) best = [m.index!, close];
  }
  return best;
}

/** The rankings of `text` with their alias (none when no name follows the OVER (...)) and query level. */
function rankingSites(text: string): RankingSite[] {
  const out: RankingSite[] = [];
  for (const m of text.matchAll(/\b(ROW_NUMBER|RANK|DENSE_RANK)\s*\(\s*\)\s*OVER\s*\(/gi)) {
    const close = closingParen(text, m.index! + m[0].length - 1);
    if (close < 0) continue;
    const alias = /^\s*(?:AS\s+)?(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)/i.exec(text.slice(close + 1));
    const named = alias !== null && !/^(FROM|WHERE|GROUP|ORDER|HAVING|UNION|LIMIT)$/i.test(alias[1]!);
    out.push({ at: m.index!, afterOver: close + 1, ...(named ? { alias: unquoteIdentifier(alias[1]!) } : {}), span: querySpan(text, m.index!) });
  }
  return out;
}

const within = (inner: readonly [number, number], outer: readonly [number, number]): boolean =>
  inner[0] >= outer[0] && inner[1] <= outer[1] && (inner[0] !== outer[0] || inner[1] !== outer[1]);

/**
 * Whether a bound at `pos` of part `j` filters the ranking `r` of part `k` (the parts: a statement
 * and the views it reads, readers first, as view-names.ts withViews orders them). A bound filters
 * the nearest ranking of its alias that its query level reads: within one text, a ranking whose
 * level lies inside the bound's and inside no other ranking of that alias there; in another text,
 * a ranking of a view read after it (`k > j`), when the bound's own text computes no number of
 * that alias below it. So `rn = 1` of a deduplication and `rn <= 3` of a Top-N above it, both
 * named rn, each filter their own ranking.
 */
function filters(parts: readonly string[], sites: readonly RankingSite[][], j: number, pos: number, k: number, r: RankingSite): boolean {
  const span = querySpan(parts[j]!, pos);
  const below = sites[j]!.filter((s) => s.alias === r.alias && within(s.span, span));
  if (j !== k) return k > j && below.length === 0;
  return below.includes(r) && !below.some((s) => s !== r && within(r.span, s.span));
}

/**
 * How the ranking `r` of `parts[k]` is filtered by its number in `parts` (the statement and the
 * views it reads: a view is expanded in place; filters): "first" for the first row only (`rn = 1`,
 * `rn <= 1`, `rn < 2`, or the number on the left: `1 = rn`), "topN" for another upper bound, and
 * undefined without one: then Flink plans no Rank (flink `FlinkLogicalRankRule` needs the bound,
 * `RankUtil.extractRankRange`), only an over aggregation, which appends when ordered by a time
 * attribute (another order: streaming-over-order.ts). Bounds on one ranking
 * are read as a conjunction (a filter of `rn <= 3` below and `rn = 1` above keeps the first row),
 * as `RankUtil.extractRankRange` intersects them once the filters merge.
 */
function rankFilter(parts: readonly string[], sites: readonly RankingSite[][], k: number, r: RankingSite): { filter: "first" | "topN"; alias: string; several: boolean } | undefined {
  if (r.alias === undefined) return undefined;
  const name = r.alias.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const ref = `(?<![A-Za-z0-9_$])\`?${name}\`?(?![A-Za-z0-9_$])`;
  const kinds = new Set<"first" | "one" | "topN">();
  parts.forEach((text, j) => {
    for (const m of text.matchAll(new RegExp(`${ref}\\s*(<=|<|=)\\s*([0-9]+)|([0-9]+)\\s*(>=|>|=)\\s*${ref}`, "gi"))) {
      if (!filters(parts, sites, j, m.index!, k, r)) continue;
      const op = (m[1] ?? m[4])!;
      const n = Number(m[2] ?? m[3]);
      // `rn = 3` keeps one row per partition; `rn <= 3`, `rn < 3`, `3 >= rn` more than one.
      kinds.add(((op === "=" || op === "<=" || op === ">=") ? n === 1 : n === 2) ? "first" : op === "=" || n <= (op === "<" || op === ">" ? 2 : 1) ? "one" : "topN");
    }
  });
  if (kinds.size === 0) return undefined;
  // Under an OR the bounds may be alternatives (`rn = 1 OR rn = 2`: two rows per partition), read as the union they may be.
  if (kinds.size > 1 && parts.some((t) => /\bOR\b/i.test(t))) return { filter: kinds.has("topN") || kinds.has("one") ? "topN" : "first", alias: r.alias, several: true };
  return { filter: kinds.has("first") ? "first" : "topN", alias: r.alias, several: !kinds.has("first") && !kinds.has("one") };
}

/** A ranking function whose number the statement (or a view it reads) bounds: what Flink plans as a Top-N. */
export interface BoundedRanking {
  /** ROW_NUMBER, RANK or DENSE_RANK. */
  readonly fn: string;
  /** The PARTITION BY list as written ("" without one). */
  readonly partition: string;
  /** The ORDER BY list as written, trimmed; undefined without one. */
  readonly order?: string;
  readonly filter: "first" | "topN";
  /** The ranking's alias (its number's column name), unquoted. */
  readonly alias: string;
  /** True when a bound lets more than one row per partition through (`rn <= 3`), not only one (`rn = 1`, `rn = 3`). */
  readonly several: boolean;
  /** Where the function's name starts in the text. */
  readonly at: number;
}

/**
 * The rankings of `text` whose number `allText` bounds (rankFilter); a ranking without a bound is
 * an over aggregation, left out. `allText` is `text`, or the texts of a statement and the views it
 * reads joined by "\n;\n", `text` among them. A WITH query is followed as a view is: a ranking
 * computed in one and bounded by a query that reads it is a Top-N (with-queries.ts withQueryParts).
 */
export function* boundedRankings(text: string, allText: string): Generator<BoundedRanking> {
  const joined = allText.split("\n;\n");
  const k = Math.max(joined.indexOf(text), 0);
  // Each WITH query a part of its own, after its reader, as a view is (with-queries.ts): offsets stay those of `text`.
  const split = (k > 0 || joined[0] === text ? joined : [text]).map(withQueryParts);
  const parts = split.flat();
  const first = split.slice(0, k).reduce((n, p) => n + p.length, 0);
  const sites = parts.map(rankingSites);
  const own = sites.flatMap((ss, i) => (i >= first && i < first + split[k]!.length ? ss.map((r) => [i, r] as const) : []));
  for (const [i, r] of own) {
    const bound = rankFilter(parts, sites, i, r);
    if (bound === undefined) continue;
    const spec = text.slice(text.indexOf("(", text.indexOf(")", r.at) + 1) + 1, r.afterOver - 1);
    const order = /\bORDER\s+BY\b([\s\S]*)$/i.exec(spec)?.[1]?.trim();
    const partition = /\bPARTITION\s+BY\b([\s\S]*?)(?:\bORDER\s+BY\b|$)/i.exec(spec)?.[1] ?? "";
    const fn = /^[A-Za-z_]+/.exec(text.slice(r.at))![0].toUpperCase();
    yield { fn, partition, ...(order !== undefined ? { order } : {}), filter: bound.filter, alias: bound.alias, several: bound.several, at: r.at };
  }
}

/**
 * Whether Flink 2.1+ declares this ranking insert-only although it replaces rows: a top-1
 * ROW_NUMBER (a deduplication by `RankUtil.isDeduplication`) that does not keep the last row by
 * `RankUtil.keepLastDeduplicateRow` (one column, descending), with mini-batch off
 * (`RankUtil.outputInsertOnlyInDeduplicate`; flink `FlinkChangelogModeInferenceProgram`, FLINK-37005).
 * A single time-attribute order is planned as a Deduplicate instead and handled by the caller.
 */
function plannedInsertOnly(firstRow: boolean, items: readonly string[], ctx: UpdatingContext): { plannedInsertOnly?: true | "unknown" } {
  if (!firstRow || ctx.miniBatch) return {};
  if (items.length === 1 && /\bDESC\b/i.test(items[0]!)) return {};
  if (ctx.flinkVersion === undefined) return { plannedInsertOnly: "unknown" };
  return ctx.flinkVersion >= "v2_1" ? { plannedInsertOnly: true } : {};
}

/**
 * A ranking (ROW_NUMBER, RANK, DENSE_RANK OVER (... ORDER BY ...)): a Top-N or deduplication. Flink
 * plans a Top-N as Rank, which updates (flink `FlinkChangelogModeInferenceProgram`), and a
 * deduplication (ROW_NUMBER by a time attribute, rn = 1) by its order: keep-last (DESC) updates;
 * keep-first by processing time appends; keep-first by event time updates before Flink 2.1 and
 * appends from 2.1 with mini-batch off (FLINK-37005, `RankUtil.outputInsertOnlyInDeduplicate`).
 * Certain: a descending order, an order by a known value column, a Top-N by event time, keep-first
 * by event time on a known version that updates. Left alone: an order by processing time
 * (`PROCTIME()`, a PROCTIME() column, or one a view or subquery selects as `PROCTIME() AS name`,
 * ascending), a window Top-N (PARTITION BY window_start and
 * window_end). A warning for what the statement's own tables cannot tell (an alias, a view's
 * column, an expression; keep-first by event time on an unknown version). A RANK / DENSE_RANK
 * Top-N, in the statement or in a view it reads, is streaming-rank.ts's error (Flink cannot plan it: a sink key would not help).
 */
export function updatingRanking(text: string, reads: readonly TableDefinition[], ctx: UpdatingContext): UpdatingOperation | undefined {
  for (const { fn, partition, order, filter } of boundedRankings(text, ctx.allText)) {
    // A RANK / DENSE_RANK Top-N, bounded in its own text or by a statement that reads its view, fails to plan in a streaming job (streaming-rank.ts reports it): no sink would take it.
    if (order === undefined || fn !== "ROW_NUMBER") continue;
    if (/\bwindow_start\b/i.test(partition) && /\bwindow_end\b/i.test(partition)) continue;
    const shown = `${fn} OVER (... ORDER BY ${order})`;
    const missing = missingWindowColumn(partition);
    if (missing !== undefined) {
      const named = missing === "window_end" ? "window_start" : "window_end";
      return { what: `ranks rows partitioned by ${named} without ${missing} (${shown}), which Flink plans as a regular Top-N, not a window Top-N`, certain: true, kind: "ranking", advice: `, or add ${missing} to the PARTITION BY (a window Top-N partitions by both window_start and window_end)` };
    }
    const items = order.split(",");
    const firstRow = fn === "ROW_NUMBER" && filter === "first";
    const planned = plannedInsertOnly(firstRow, items, ctx);
    if (items.some((i) => /\bDESC\b/i.test(i))) {
      return { what: `ranks rows (${shown}: keeps the last or largest rows per key), which replaces a row it emitted when a later or larger one arrives`, certain: !ctx.windowNearby, kind: "ranking", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}), ...planned };
    }
    const kinds = items.map((i) => orderKind(i, reads, ctx));
    if (kinds.length === 1 && kinds[0] === "proctime") {
      // First rows by arrival never change; the planner still marks a Top-N (Rank, flink StreamPhysicalRank) updating, which an append-only sink refuses.
      if (firstRow || !ctx.planner) continue;
      return { what: `ranks rows by processing time (${shown}: a Top-N), which Flink plans as a Rank that may update`, certain: !ctx.windowNearby, kind: "ranking", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}) };
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
      return { what: `ranks rows (${shown}: a Top-N), which replaces a row it emitted when a better one arrives`, certain: !ctx.windowNearby, kind: "ranking", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}), ...planned };
    }
    return { what: `ranks rows (${shown}), a Top-N or deduplication, which updates unless it keeps first rows by processing time`, certain: false, kind: "ranking" };
  }
  return undefined;
}
