/**
 * What in a statement's own text turns an insert-only input into updates in a streaming job: an
 * aggregation without a window, a Top-N or deduplication that may replace a row it emitted, an
 * outer join that retracts its null-padded rows. Read from the text (no planner here), so each
 * reading says how sure it is.
 */
import type { TableDefinition } from "../components/table-definition.js";

/** One updating operation found in a statement's text. */
export interface UpdatingOperation {
  /** What the statement does, as a verb phrase ("aggregates without a window, ..."). */
  readonly what: string;
  /**
   * True when the text leaves no doubt (a GROUP BY without a window, a ranking over a non-proctime
   * order); false for an outer join, which an interval join written without INTERVAL would mimic.
   */
  readonly certain: boolean;
  /** What kind of operation: the advice differs (a window aggregation, a window Top-N, an interval join). */
  readonly kind: "aggregation" | "ranking" | "join";
}

/** The clauses that end a GROUP BY clause at its own level. */
const AFTER_GROUP_BY = /\b(?:HAVING|ORDER\s+BY|LIMIT|UNION|INTERSECT|EXCEPT|WINDOW)\b/i;

/** The text of each GROUP BY clause, up to its end at its own parenthesis depth. */
function groupByClauses(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bGROUP\s+BY\b/gi)) {
    let depth = 0;
    let end = text.length;
    const start = m.index! + m[0].length;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c === "(") depth++;
      else if (c === ")") {
        if (depth === 0) {
          end = i;
          break;
        }
        depth--;
      }
    }
    const clause = text.slice(start, end);
    const stop = AFTER_GROUP_BY.exec(clause);
    out.push(stop === null ? clause : clause.slice(0, stop.index));
  }
  return out;
}

/**
 * A GROUP BY clause that makes a window aggregation: it groups by both `window_start` and
 * `window_end` of a window TVF (flink `WindowUtil.groupingContainsWindowStartEnd`: otherwise the
 * planner makes a regular, updating GroupAggregate), or by a legacy group window
 * `TUMBLE|HOP|SESSION(col, ...)`.
 */
function windowedGrouping(clause: string): boolean {
  if (/\b(?:TUMBLE|HOP|SESSION)\s*\(/i.test(clause)) return true;
  return /\bwindow_start\b/i.test(clause) && /\bwindow_end\b/i.test(clause);
}

/**
 * A window aggregation or a window TVF whose results are final: a window TVF (TUMBLE, HOP,
 * CUMULATE, SESSION) with no GROUP BY other than by its window, or a GROUP BY of a window.
 */
export function windowAggregates(text: string): boolean {
  const clauses = groupByClauses(text);
  if (clauses.length > 0) return clauses.every(windowedGrouping);
  return /\b(TUMBLE|HOP|CUMULATE|SESSION)\s*\(/i.test(text);
}

/**
 * An outer join between two streams, which retracts the null-padded rows it emitted first: not a
 * correlation (LATERAL TABLE, UNNEST), not a temporal join (FOR SYSTEM_TIME AS OF), not an interval
 * join (a time bound with INTERVAL in its condition, before WHERE / GROUP BY).
 */
function retractingOuterJoin(text: string): boolean {
  for (const m of text.matchAll(/\b(?:LEFT|RIGHT|FULL)\s+(?:OUTER\s+)?JOIN\s+(?!LATERAL\b|UNNEST\b)/gi)) {
    const rest = text.slice(m.index! + m[0].length);
    const join = rest.split(/\b(?:WHERE|GROUP\s+BY|ORDER\s+BY|UNION|INTERSECT|EXCEPT|(?:LEFT|RIGHT|FULL|INNER|CROSS)\s+(?:OUTER\s+)?JOIN|JOIN)\b/i)[0]!;
    if (/\bFOR\s+SYSTEM_TIME\s+AS\s+OF\b/i.test(join) || /\bINTERVAL\b/i.test(join)) continue;
    return true;
  }
  return false;
}

/** The inside of the parentheses that open just before `from` (balanced), or undefined. */
function parenthesized(text: string, from: number): string | undefined {
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

/** The alias after a ranking's OVER (...), then whether the text filters it to the first row (`rn = 1`, `rn <= 1`, `rn < 2`). */
function firstRowOnly(text: string, afterOver: number): boolean {
  const alias = /^\s*(?:AS\s+)?(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)/i.exec(text.slice(afterOver));
  if (alias === null) return false;
  const name = alias[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![A-Za-z0-9_$])${name}\\s*(?:=\\s*1|<=\\s*1|<\\s*2)(?![0-9])`, "i").test(text.slice(afterOver + alias[0].length));
}

/** What the checks know of the job beyond the statement: the Flink version (Kubernetes target) and mini-batch. */
export interface UpdatingContext {
  /** flinkVersion of the Kubernetes target ("v1_19" ... "v2_1"); undefined when not known (SQL Gateway, no target). */
  readonly flinkVersion?: string;
  /** `table.exec.mini-batch.enabled` is "true" (Flink 2.1 plans first rows by event time as an update then). */
  readonly miniBatch: boolean;
  /** The sink is refused by the planner for any updating input (an append-only FlinkTable), not only wrong at run time. */
  readonly planner: boolean;
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
function updatingRanking(text: string, reads: readonly TableDefinition[], ctx: UpdatingContext): UpdatingOperation | undefined {
  for (const m of text.matchAll(/\b(ROW_NUMBER|RANK|DENSE_RANK)\s*\(\s*\)\s*OVER\s*\(/gi)) {
    const open = m.index! + m[0].length;
    const spec = parenthesized(text, open);
    if (spec === undefined) continue;
    const order = /\bORDER\s+BY\b([\s\S]*)$/i.exec(spec);
    if (order === null) continue;
    const partition = /\bPARTITION\s+BY\b([\s\S]*?)(?:\bORDER\s+BY\b|$)/i.exec(spec)?.[1] ?? "";
    if (/\bwindow_start\b/i.test(partition) && /\bwindow_end\b/i.test(partition)) continue;
    const fn = m[1]!.toUpperCase();
    const orderText = order[1]!.trim();
    const shown = `${fn} OVER (... ORDER BY ${orderText})`;
    const items = orderText.split(",");
    if (items.some((i) => /\bDESC\b/i.test(i))) {
      return { what: `ranks rows (${shown}: keeps the last or largest rows per key), which replaces a row it emitted when a later or larger one arrives`, certain: true, kind: "ranking" };
    }
    const kinds = items.map((i) => orderKind(i, reads));
    const firstRow = fn === "ROW_NUMBER" && firstRowOnly(text, open + spec.length + 1);
    if (kinds.length === 1 && kinds[0] === "proctime") {
      // First rows by arrival never change; the planner still marks a Top-N (Rank) updating, which an append-only sink refuses.
      if (firstRow || !ctx.planner) continue;
      return { what: `ranks rows by processing time (${shown}: a Top-N), which Flink plans as a Rank that may update (StreamPhysicalRank)`, certain: true, kind: "ranking" };
    }
    if (kinds.length === 1 && kinds[0] === "rowtime" && firstRow) {
      const version = ctx.flinkVersion;
      const insertOnly = version !== undefined && version >= "v2_1" && !ctx.miniBatch;
      if (insertOnly) continue;
      const what =
        `keeps the first row per key by event time (${shown}), which Flink before 2.1, or with table.exec.mini-batch.enabled, plans as a deduplication that replaces a row it emitted when an earlier one arrives ` +
        "(Flink 2.1 emits each first row once its watermark passes, FLINK-37005)";
      return { what, certain: version !== undefined || ctx.miniBatch, kind: "ranking" };
    }
    if (kinds.every((k) => k === "value" || k === "rowtime")) {
      return { what: `ranks rows (${shown}: a Top-N), which replaces a row it emitted when a better one arrives`, certain: true, kind: "ranking" };
    }
    return { what: `ranks rows (${shown}), a Top-N or deduplication, which updates unless it keeps first rows by processing time`, certain: false, kind: "ranking" };
  }
  return undefined;
}

/** `COUNT|SUM|AVG|MIN|MAX(...)` not followed by OVER: an aggregate over the whole input when there is no GROUP BY. */
function globalAggregate(text: string): boolean {
  for (const m of text.matchAll(/\b(?:COUNT|SUM|AVG|MIN|MAX)\s*\(/gi)) {
    const args = parenthesized(text, m.index! + m[0].length);
    if (args === undefined) continue;
    const after = text.slice(m.index! + m[0].length + args.length + 1);
    if (!/^\s*(?:FILTER\s*\([^()]*\)\s*)?OVER\b/i.test(after)) return true;
  }
  return false;
}

/**
 * The updating operation in `text` (one part of a statement: the statement itself or one view),
 * reading the tables `reads`; undefined when the text shows none. A SELECT DISTINCT emits each
 * distinct row once and never changes it (flink GroupAggFunction with no aggregate calls), but the
 * planner marks it updating (StreamPhysicalGroupAggregate): it counts only where the planner
 * refuses updates (`ctx.planner`). An aggregate without GROUP BY (a global aggregation) warns.
 */
export function updatingOperation(text: string, reads: readonly TableDefinition[], ctx: UpdatingContext): UpdatingOperation | undefined {
  const clauses = groupByClauses(text);
  if (clauses.some((c) => !windowedGrouping(c))) return { what: "aggregates without a window", certain: true, kind: "aggregation" };
  const ranking = updatingRanking(text, reads, ctx);
  if (ranking !== undefined) return ranking;
  if (ctx.planner && clauses.length === 0 && /\bSELECT\s+DISTINCT\b/i.test(text) && !windowAggregates(text)) {
    return { what: "selects DISTINCT rows, which Flink plans as an aggregation that may update (StreamPhysicalGroupAggregate)", certain: true, kind: "aggregation" };
  }
  if (clauses.length === 0 && !windowAggregates(text) && globalAggregate(text)) {
    return { what: "aggregates without GROUP BY (over the whole stream), which updates its one result row with every input row", certain: false, kind: "aggregation" };
  }
  if (retractingOuterJoin(text)) return { what: "outer-joins (unless it is an interval join), which retracts the null-padded rows it emitted first", certain: false, kind: "join" };
  return undefined;
}
