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

/**
 * A ranking (ROW_NUMBER, RANK, DENSE_RANK OVER (... ORDER BY ...)): a Top-N or deduplication, which
 * replaces a row it emitted when a better one arrives (flink `FlinkChangelogModeInferenceProgram`:
 * Rank and Deduplicate produce updates), except a window Top-N / deduplication (PARTITION BY both
 * window_start and window_end: final results) and an order by a processing-time attribute
 * ascending (first rows by arrival never change: proctime first-row deduplication, append-only
 * Top-N). An order by event time may still change: a row with an earlier timestamp can arrive later.
 */
function updatingRanking(text: string, reads: readonly TableDefinition[]): string | undefined {
  for (const m of text.matchAll(/\b(ROW_NUMBER|RANK|DENSE_RANK)\s*\(\s*\)\s*OVER\s*\(/gi)) {
    const spec = parenthesized(text, m.index! + m[0].length);
    if (spec === undefined) continue;
    const order = /\bORDER\s+BY\b([\s\S]*)$/i.exec(spec);
    if (order === null) continue;
    const partition = /\bPARTITION\s+BY\b([\s\S]*?)(?:\bORDER\s+BY\b|$)/i.exec(spec)?.[1] ?? "";
    if (/\bwindow_start\b/i.test(partition) && /\bwindow_end\b/i.test(partition)) continue;
    const items = order[1]!.split(",");
    const only = items.length === 1 ? /^\s*((?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)(?:\s*\.\s*(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*))?)\s*(ASC|DESC)?\s*$/i.exec(items[0]!) : null;
    if (only !== null && (only[2] ?? "ASC").toUpperCase() === "ASC") {
      const name = columnName(only[1]!);
      if (reads.some((t) => t.columns?.some((c) => c.name === name && c.timeAttribute === "proctime"))) continue;
    }
    const fn = m[1]!.toUpperCase();
    const desc = only !== null && only[2]?.toUpperCase() === "DESC";
    return `ranks rows (${fn} OVER (... ORDER BY ${order[1]!.trim()})${desc ? ": keeps the last row per key" : ": a Top-N or deduplication"}), which replaces a row it emitted when a better one arrives`;
  }
  return undefined;
}

/**
 * The updating operation in `text` (one part of a statement: the statement itself or one view),
 * reading the tables `reads`; undefined when the text shows none. A SELECT DISTINCT emits each
 * distinct row once and never changes it (flink GroupAggFunction with no aggregate calls): none.
 */
export function updatingOperation(text: string, reads: readonly TableDefinition[]): UpdatingOperation | undefined {
  if (groupByClauses(text).some((c) => !windowedGrouping(c))) return { what: "aggregates without a window", certain: true };
  const ranking = updatingRanking(text, reads);
  if (ranking !== undefined) return { what: ranking, certain: true };
  if (retractingOuterJoin(text)) return { what: "outer-joins (unless it is an interval join), which retracts the null-padded rows it emitted first", certain: false };
  return undefined;
}
