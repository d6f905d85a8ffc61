/**
 * What in a statement's own text turns an insert-only input into updates in a streaming job: an
 * aggregation without a window, a Top-N or deduplication that may replace a row it emitted, an
 * outer join that retracts its null-padded rows, an anti join or set operation (anti-joins.ts).
 * Read from the text (no planner here), so each reading says how sure it is.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { closingParen } from "./top-level.js";
import { antiJoinSubquery, setOperation, type SetReading } from "./anti-joins.js";
import { missingWindowColumn, updatingRanking, WINDOW_RENAME_HEDGE } from "./rankings.js";
import { updatingSortLimit } from "./sort-limits.js";
import { firingWindow } from "./window-emit.js";

/** One updating operation found in a statement's text. */
export interface UpdatingOperation {
  /** What the statement does, as a verb phrase ("aggregates without a window, ..."). */
  readonly what: string;
  /**
   * True when the text leaves no doubt (a GROUP BY without a window, a ranking over a non-proctime
   * order); false for an outer join, which an interval join written without INTERVAL would mimic.
   */
  readonly certain: boolean;
  /** What kind of operation: the advice differs (a window aggregation, a window Top-N, an interval join, a window anti join). */
  readonly kind: "aggregation" | "ranking" | "join" | "anti-join";
  /** The way out when it is more specific than the kind's (a window column left out). */
  readonly advice?: string;
  /** Said right after `what` when a window TVF in sight leaves the reading open (renamed window columns). */
  readonly hedge?: string;
  /**
   * A top-1 ROW_NUMBER whose order is ascending or has several columns, over insert-only input:
   * Flink 2.1+ with mini-batch off declares it insert-only and accepts an append-only sink (flink
   * `FlinkChangelogModeInferenceProgram`, `RankUtil.isDeduplication` / `keepLastDeduplicateRow` /
   * `outputInsertOnlyInDeduplicate`, FLINK-37005), though the Rank still replaces its row
   * (FLINK-40368). True on such a version, "unknown" when the job names no flinkVersion.
   */
  readonly plannedInsertOnly?: true | "unknown";
  /**
   * The reading from the text alone that certain-updates.ts may make certain from the query's
   * structure: an outer join, or an aggregate without GROUP BY.
   */
  readonly form?: "outer join" | "global aggregate";
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
 * True when a GROUP BY clause of `text` groups by both `window_start` and `window_end`: a window
 * aggregation over a window TVF (flink `WindowUtil.groupingContainsWindowStartEnd`).
 */
export function groupsByWindow(text: string): boolean {
  return groupByClauses(text).some((c) => /\bwindow_start\b/i.test(c) && /\bwindow_end\b/i.test(c));
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

/** What the checks know of the job beyond the statement: the Flink version (Kubernetes target) and mini-batch. */
export interface UpdatingContext {
  /** flinkVersion of the Kubernetes target ("v1_19" ... "v2_1"); undefined when not known (SQL Gateway, no target). */
  readonly flinkVersion?: string;
  /** `table.exec.mini-batch.enabled` is "true" (Flink 2.1 plans first rows by event time as an update then). */
  readonly miniBatch: boolean;
  /** Legacy group windows fire early or late (window-emit.ts windowFiring): they update their results. */
  readonly firing?: "early" | "late";
  /** The sink is refused by the planner for any updating input (an append-only FlinkTable), not only wrong at run time. */
  readonly planner: boolean;
  /**
   * A window TVF appears in the statement or a view it reads: window_start / window_end may reach a
   * GROUP BY or PARTITION BY under other names (Flink follows them through renames: WindowUtil,
   * window properties metadata), so what looks unwindowed there is only a warning.
   */
  readonly windowNearby: boolean;
  /** The texts of the statement and of the views it reads, joined: where a ranking's number may be filtered. */
  readonly allText: string;
  /** The tables the statement and the views it reads read: where a view's PROCTIME() column comes from (selected-proctime.ts). */
  readonly viewTables?: readonly TableDefinition[];
}

/** `COUNT|SUM|AVG|MIN|MAX(...)` in `text` (code: literals blanked) not followed by OVER: an aggregate over the whole input when there is no GROUP BY. */
export function globalAggregate(text: string): boolean {
  for (const m of text.matchAll(/\b(?:COUNT|SUM|AVG|MIN|MAX)\s*\(/gi)) {
    const close = closingParen(text, m.index! + m[0].length - 1);
    if (close < 0) continue;
    const after = text.slice(close + 1);
    const filter = /^\s*FILTER\s*\(/i.exec(after);
    const filterClose = filter === null ? -1 : closingParen(after, filter[0].length - 1);
    const rest = filter === null ? after : filterClose < 0 ? "" : after.slice(filterClose + 1);
    if (!/^\s*OVER\b/i.test(rest)) return true;
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
  const unwindowed = clauses.find((c) => !windowedGrouping(c));
  if (unwindowed !== undefined) {
    const missing = missingWindowColumn(unwindowed);
    if (missing !== undefined) {
      const named = missing === "window_end" ? "window_start" : "window_end";
      // flink WindowUtil: a window aggregation groups by both window_start and window_end.
      return { what: `groups by ${named} without ${missing}, which Flink plans as a regular aggregation, not a window aggregation`, certain: true, kind: "aggregation", advice: `, or add ${missing} to the GROUP BY (a window aggregation groups by both window_start and window_end)` };
    }
    return { what: "aggregates without a window", certain: !ctx.windowNearby, kind: "aggregation", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}) };
  }
  for (const c of clauses) {
    const firing = firingWindow(c, ctx.firing);
    if (firing !== undefined) return firing;
  }
  const ranking = updatingRanking(text, reads, ctx);
  if (ranking !== undefined) return ranking;
  const sortLimit = updatingSortLimit(text, reads, ctx);
  if (sortLimit !== undefined) return sortLimit;
  // SELECT DISTINCT: a StreamPhysicalGroupAggregate, which the planner marks updating.
  if (ctx.planner && clauses.length === 0 && /\bSELECT\s+DISTINCT\b/i.test(text) && !windowAggregates(text)) {
    return { what: "selects DISTINCT rows, which Flink plans as an aggregation that may update", certain: !ctx.windowNearby, kind: "aggregation", ...(ctx.windowNearby ? { hedge: WINDOW_RENAME_HEDGE } : {}) };
  }
  const anti = antiJoinSubquery(text, ctx.windowNearby);
  if (anti !== undefined) return setOperationReading(anti, " (unless it is a window anti join whose window columns a view renamed)");
  const set = setOperation(text, ctx.windowNearby);
  if (set !== undefined && (ctx.planner || set.form !== "INTERSECT")) {
    return setOperationReading(set, " (unless both sides are rows of window TVFs with window_start and window_end, which Flink may plan as a window join)");
  }
  if (clauses.length === 0 && !windowAggregates(text) && !/\bMATCH_RECOGNIZE\b/i.test(text) && globalAggregate(text)) {
    return { what: "aggregates without GROUP BY (over the whole stream), which updates its one result row with every input row", certain: false, kind: "aggregation", form: "global aggregate" };
  }
  if (retractingOuterJoin(text)) return { what: "outer-joins (unless it is an interval join), which retracts the null-padded rows it emitted first", certain: false, kind: "join", form: "outer join" };
  return undefined;
}

/** What a set operation or negated subquery does, by its form (anti-joins.ts names the upstream rules). */
const SET_WHAT: Readonly<Record<string, string>> = {
  "<> ALL":
    "keeps rows by <> ALL over a subquery, NOT IN written another way, which Flink plans as a join that retracts a row it emitted once a matching row arrives on the subquery's side",
  EXCEPT: "keeps rows by EXCEPT, which Flink plans as a DISTINCT aggregation over a regular anti join that retracts a row it emitted once a matching row arrives on the right side",
  "EXCEPT ALL":
    "keeps rows by EXCEPT ALL, which Flink plans as an aggregation over both sides (a count per row) that retracts a row it emitted once a matching row arrives on the right side",
  INTERSECT: "keeps rows by INTERSECT, which Flink plans as a DISTINCT aggregation over a semi join that the planner marks updating",
  "INTERSECT ALL":
    "keeps rows by INTERSECT ALL, which Flink plans as an aggregation over both sides (a count per side and row) that replaces the copies of a row it emitted as more matching rows arrive",
};

/** The way out of an INTERSECT: a semi join forwards its input's inserts (FlinkChangelogModeInferenceProgram). */
const SEMI_JOIN_INSTEAD = (form: string): string => `, or keep rows by IN / EXISTS over a subquery (a semi join, which forwards the inserts of its input) instead of ${form}`;

/** The updating operation of a negated subquery or a set operation; `hedge` is said when the reading is uncertain. */
function setOperationReading(r: SetReading, hedge: string): UpdatingOperation {
  const form = r.form;
  const what =
    SET_WHAT[form] ??
    `keeps rows by ${form} over a subquery, which Flink plans as a regular anti join that retracts a row it emitted once a matching row arrives on the subquery's side`;
  const intersect = form.startsWith("INTERSECT");
  return {
    what,
    certain: r.certainty === "certain",
    kind: intersect ? "aggregation" : "anti-join",
    ...(intersect ? { advice: SEMI_JOIN_INSTEAD(form) } : {}),
    ...(r.certainty === "uncertain" ? { hedge } : {}),
  };
}
