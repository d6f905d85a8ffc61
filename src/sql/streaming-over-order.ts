/**
 * An OVER aggregation ordered by a column that is no time attribute, in a streaming job: an
 * aggregate or window function with `OVER (... ORDER BY col ...)`, and a ranking (ROW_NUMBER, RANK,
 * DENSE_RANK) whose number no query filters (rankings.ts boundedRankings: a filtered one is a
 * Top-N, which Flink plans as a Rank ordered by any column). Flink plans it as an OverAggregate, and
 * flink `StreamExecOverAggregate` refuses when it translates the plan:
 * - a descending order in every version ("The window can only be ordered in ASCENDING mode.");
 * - before Flink 2.1, any order that is no rowtime or proctime attribute ("OVER windows' ordering
 *   in stream mode must be defined on a time attribute.");
 * - from Flink 2.1 (FLINK-19059, `NonTimeRangeUnboundedPrecedingFunction`,
 *   `NonTimeRowsUnboundedPrecedingFunction`), such an order with a bounded frame (`ROWS 2
 *   PRECEDING`: "Non-time attribute sort is not supported for bounded OVER window."); an unbounded
 *   one (the default frame, `UNBOUNDED PRECEDING`) then plans.
 * An error where Flink fails on the Kubernetes target's flinkVersion; a warning for an unbounded
 * frame when the version is not known. Read only where certain: one ORDER BY column, a column of
 * the tables the statement reads whose time attributes are known, of no other kind in the tables its
 * views read, and given no other meaning by an alias (`x AS col`) or a view's PROCTIME()
 * (selected-proctime.ts). A batch job orders an OVER window by any column: not checked.
 */
import { knows, timeAttributeUnknown } from "../components/failed-table-parts.js";
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { boundedRankings } from "./rankings.js";
import { selectsProctime } from "./selected-proctime.js";
import { VIEW_COLUMN_LIST } from "./insert-query.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { closingParen, topLevelSplit, unquoteIdentifier } from "./top-level.js";
import { withViews } from "./view-names.js";
import { leadingWithList } from "./with-queries.js";

const RANKINGS = new Set(["ROW_NUMBER", "RANK", "DENSE_RANK"]);
/** A plain or back-quoted column, optionally qualified; group 1: the column. */
const COLUMN = /^(?:(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)\s*\.\s*)?(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)$/;

/** An OVER call of `text`: the function, its one ORDER BY item's column, descending, and the frame ("" for none). */
interface OverCall {
  readonly at: number;
  readonly fn: string;
  readonly column: string;
  readonly written: string;
  readonly desc: boolean;
  readonly frame: string;
}

/** Each `fn(...) [FILTER (...)] OVER (... ORDER BY col [ASC|DESC] [frame])` of `text` ordered by one column. */
function* overCalls(text: string): Generator<OverCall> {
  for (const m of text.matchAll(/(?<![\w$.`])([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)) {
    let close = closingParen(text, m.index! + m[0].length - 1);
    const filter = close < 0 ? null : /^\s*FILTER\s*\(/i.exec(text.slice(close + 1));
    if (filter !== null) close = closingParen(text, close + filter[0].length);
    const over = close < 0 ? null : /^\s*OVER\s*\(/i.exec(text.slice(close + 1));
    if (over === null) continue;
    const open = close + over[0].length;
    const end = closingParen(text, open);
    if (end < 0) continue;
    const spec = text.slice(open + 1, end);
    const order = /\bORDER\s+BY\b/i.exec(spec);
    if (order === null) continue;
    const start = order.index + order[0].length;
    const frameAt = spec.slice(start).search(/\b(?:ROWS|RANGE)\b/i);
    const stop = frameAt < 0 ? spec.length : start + frameAt;
    const items = topLevelSplit(spec, start, stop);
    if (items === undefined || items.length !== 1) continue;
    const written = spec.slice(items[0]![0], items[0]![1]).trim();
    const desc = /\s+DESC(?:\s+NULLS\s+(?:FIRST|LAST))?$/i.test(written);
    const bare = written.replace(/\s+NULLS\s+(?:FIRST|LAST)$/i, "").replace(/\s+(?:ASC|DESC)$/i, "").trim();
    const ref = COLUMN.exec(bare);
    if (ref === null) continue;
    yield { at: m.index!, fn: m[1]!.toUpperCase(), column: unquoteIdentifier(ref[1]!), written, desc, frame: frameAt < 0 ? "" : spec.slice(stop).trim() };
  }
}

/** True when some text names something other than the column itself `name` (`x AS name`, `PROCTIME() name`), or a view or WITH query renames its columns by a list. */
function renamed(text: string, name: string): boolean {
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const m of text.matchAll(new RegExp(`\\bAS\\s+\`?${n}\`?(?![A-Za-z0-9_$\`])`, "gi"))) {
    if (!new RegExp(`(?:^|[\\s,(.])\`?${n}\`?\\s*$`).test(text.slice(0, m.index))) return true;
  }
  // A view's or WITH query's column list (`CREATE TEMPORARY VIEW v (a, b) AS ...`, `WITH w (a, b) AS (...)`) renames columns without AS,
  // and may name a ranking's number that a query then filters.
  const parts = text.split("\n;\n");
  if (parts.some((part) => VIEW_COLUMN_LIST.test(part) || leadingWithList(part)?.queries.some((q) => q.columns) === true)) return true;
  return selectsProctime(text, name);
}

/** The table column `column` names among `reads`, when it is a known value column (no time attribute) of all of them, and of no other kind in `around`. */
function valueColumn(column: string, reads: readonly TableDefinition[], around: readonly TableDefinition[]): TableDefinition | undefined {
  const holders = reads.filter((t) => t.columns?.some((c) => c.name === column));
  if (holders.length === 0) return undefined;
  for (const t of [...holders, ...around]) {
    const c = t.columns?.find((x) => x.name === column);
    if (c === undefined) continue;
    if (c.timeAttribute !== undefined || timeAttributeUnknown(c) || !knows(t, "timeAttributes")) return undefined;
  }
  return holders[0];
}

/** How a time attribute of `t` is named in the remedy. */
function timeRemedy(t: TableDefinition): string {
  const time = t.columns?.find((c) => c.timeAttribute === "rowtime") ?? t.columns?.find((c) => c.timeAttribute === "proctime");
  if (time === undefined) return `a time attribute in ascending order (a watermark column of ${t.label}, or a PROCTIME() column)`;
  return `${time.name} (the ${time.timeAttribute === "rowtime" ? "event-time" : "processing-time"} attribute of ${t.label})`;
}

/** Whether `frame` bounds the window's start (`ROWS 2 PRECEDING`, `RANGE BETWEEN INTERVAL ... PRECEDING AND CURRENT ROW`); undefined for a frame with FOLLOWING (another error). */
function boundedFrame(frame: string): boolean | undefined {
  if (frame === "") return false;
  if (/\bFOLLOWING\b/i.test(frame)) return undefined;
  return !/\bUNBOUNDED\s+PRECEDING\b/i.test(frame) && /\bPRECEDING\b/i.test(frame);
}

/**
 * Errors (warnings where the version decides and is unknown) at `statements[i]` for each OVER
 * aggregation of a statement or view of a streaming job ordered by a value column (see the module
 * comment). `unread` views are never planned; `flinkVersion` is the Kubernetes target's.
 */
export function checkStreamingOverOrder(analyzed: readonly AnalyzedStatement[], views: ReadonlyMap<string, AnalyzedStatement>, unread: ReadonlySet<AnalyzedStatement>, flinkVersion: string | undefined, diag: Diagnostics): void {
  const planned = analyzed.filter((a) => a.kind !== "function" && !unread.has(a));
  const readers = planned.filter((a) => a.kind !== "view").map((r) => withViews(r, views));
  for (const a of planned) {
    const text = statementCode(a, true);
    if (!/\bOVER\b/i.test(text)) continue;
    // The statements whose plans hold `a`, each with the texts a ranking's number may be filtered in.
    const plans = a.kind === "view" ? readers.filter((parts) => parts.includes(a)) : readers.filter((parts) => parts[0] === a);
    const contexts = plans.map((parts) => ({ allText: parts.map((p) => statementCode(p, true)).join("\n;\n"), tables: parts.flatMap((p) => p.reads) }));
    if (contexts.length === 0) continue;
    const bounded = new Set(contexts.flatMap((c) => [...boundedRankings(text, c.allText)].map((r) => r.at)));
    for (const call of overCalls(text)) {
      if (RANKINGS.has(call.fn) && bounded.has(call.at)) continue;
      if (contexts.some((c) => renamed(c.allText, call.column))) continue;
      const table = valueColumn(call.column, a.reads, contexts.flatMap((c) => c.tables));
      if (table === undefined) continue;
      const frame = boundedFrame(call.frame);
      if (frame === undefined) continue;
      const shown = `${call.fn}(...) OVER (... ORDER BY ${call.written}${call.frame === "" ? "" : ` ${call.frame}`})`;
      const lead = `${shown} is an OVER aggregation ordered by ${call.column}, a column of ${table.label} that is no time attribute`;
      const ranking = RANKINGS.has(call.fn) ? ", or filter its number in an outer query (WHERE n <= 3: a Top-N, which Flink plans as a Rank that orders by any column)" : "";
      const remedy = `order the window by ${timeRemedy(table)}${ranking}, or run the job in batch mode (runtimeMode "batch")`;
      const at = `statements[${a.index}]`;
      if (call.desc) {
        diag.error(at, `${lead}, in descending order: Flink fails to plan it in a streaming job ("The window can only be ordered in ASCENDING mode.", flink StreamExecOverAggregate); ${remedy}`);
      } else if (frame) {
        diag.error(
          at,
          `${lead}, with a bounded frame: Flink fails to plan it in a streaming job ("OVER windows' ordering in stream mode must be defined on a time attribute." before Flink 2.1, ` +
            `"Non-time attribute sort is not supported for bounded OVER window." from 2.1, flink StreamExecOverAggregate); ${remedy}`,
        );
      } else if (flinkVersion === undefined) {
        diag.warn(
          at,
          `${lead}: Flink before 2.1 fails to plan it in a streaming job ("OVER windows' ordering in stream mode must be defined on a time attribute.", flink StreamExecOverAggregate; ` +
            `Flink 2.1 plans an unbounded one, FLINK-19059, and its results then update); ${remedy}`,
        );
      } else if (flinkVersion < "v2_1") {
        diag.error(
          at,
          `${lead}: Flink ${flinkVersion.slice(1).replace("_", ".")} fails to plan it in a streaming job ("OVER windows' ordering in stream mode must be defined on a time attribute.", flink StreamExecOverAggregate; ` +
            `Flink 2.1 plans an unbounded one, FLINK-19059); ${remedy}`,
        );
      }
    }
  }
}
