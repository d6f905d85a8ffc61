/**
 * Window TVF aggregations in a streaming job that fires windows early or late. Flink's planner
 * refuses them: the stream window aggregate nodes (flink-table-planner
 * `StreamPhysicalWindowAggregate`, `StreamPhysicalLocalWindowAggregate`,
 * `StreamPhysicalGlobalWindowAggregate`) call `WindowUtil.checkEmitConfiguration` when they are
 * translated, which throws when `table.exec.emit.early-fire.enabled` or
 * `table.exec.emit.late-fire.enabled` is true ("Currently, window table function based aggregate
 * doesn't support early-fire and late-fire configuration ..."), Flink 1.13 to 2.1 alike. Either key
 * alone is enough (`allow-lateness` is not read there); batch window aggregations, and window
 * joins, Top-N and deduplication over a TVF, do not check. The legacy group windows
 * (`GROUP BY TUMBLE|HOP(ts, ...)`) fire early and late (window-emit.ts); legacy SESSION does not.
 *
 * A window TVF aggregation is read from the text: a GROUP BY of both window_start and window_end
 * (flink `WindowUtil.groupingContainsWindowStartEnd`) over a window TVF call in the same statement
 * or a view it reads, with no regular join between them (a JOIN, a comma join, an IN / EXISTS or
 * scalar subquery: query-joins.ts; window properties do not pass one, and the aggregation is then a
 * regular one that Flink does not refuse), in the statement or in any view on the way to the TVF, and
 * no expression on window_start or window_end, nor windows of more than one spec, on that way
 * (window-path.ts). A window join does pass them:
 * an aggregation by window_start and window_end over an inner window join of two window TVFs, in
 * the join's own query or over a subquery or view that is the join, is a window aggregation too,
 * and refused alike (window-joins.ts says what Flink does and which shape is read; an outer window
 * join is left quiet).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { groupsByWindow } from "./updating-operations.js";
import { valueText } from "./value-text.js";
import { withViews } from "./view-names.js";
import { EARLY_FIRE_KEY, LATE_FIRE_KEY } from "./window-emit.js";
import { isOn, type TargetSetting } from "./job-config.js";
import { windowCalls, type WindowCall } from "./zero-intervals.js";
import { aggregatedWindowJoin } from "./window-joins.js";
import { windowPropertiesLost } from "./window-path.js";

/** A Flink setting as the job runs with it, with where it is set (job-config.ts firstSettingAt). */
type SettingAt = (key: string) => TargetSetting | undefined;

/** The firing keys the job turns on ("true", any letter case), each with where it is set. */
function firingKeys(setting: SettingAt): { key: string; path: string }[] {
  const out: { key: string; path: string }[] = [];
  for (const key of [EARLY_FIRE_KEY, LATE_FIRE_KEY]) {
    const s = setting(key);
    if (s !== undefined && isOn(s.value)) out.push({ key, path: s.path });
  }
  return out;
}

/** What Flink does with a window TVF aggregation while firing is on, and its message. */
const FLINK_REFUSES =
  "Flink refuses a window TVF aggregation when early or late firing is on, when it plans the job " +
  `("Currently, window table function based aggregate doesn't support early-fire and late-fire configuration '${EARLY_FIRE_KEY}' and '${LATE_FIRE_KEY}'.")`;

/** The statement's text with each table as its Flink name (what messages quote). */
const shownText = (a: AnalyzedStatement): string => valueText(a.statement, (t) => t.tableName);

/** The legacy group window the TVF call `call` of `text` would be, `GROUP BY TUMBLE(ts, size)` / `HOP(ts, slide, size)`; undefined for CUMULATE and SESSION. */
function legacyWindow(text: string, call: WindowCall): string | undefined {
  if (call.fn !== "TUMBLE" && call.fn !== "HOP") return undefined;
  const body = text.slice(call.start, call.end);
  const column = /\bDESCRIPTOR\s*\(\s*([^()]+?)\s*\)/i.exec(body)?.[1];
  const length = (role: string): string | undefined => {
    const l = call.lengths.find((x) => x.role === role);
    return l === undefined ? undefined : text.slice(l.from, l.to).trim().replace(/\s+/g, " ");
  };
  const lengths = call.fn === "TUMBLE" ? [length("size")] : [length("slide"), length("size")];
  const args = column !== undefined && lengths.every((x) => x !== undefined) ? `${column}, ${lengths.join(", ")}` : call.fn === "TUMBLE" ? "ts, size" : "ts, slide, size";
  return `GROUP BY ${call.fn}(${args})`;
}

/** The way out for a TVF `call` of `text`: unset the keys, or (TUMBLE, HOP) the legacy group window, which fires. */
function remedy(keys: readonly { key: string }[], text: string, call: WindowCall): string {
  const unset = `unset ${keys.map((k) => k.key).join(" and ")}`;
  const legacy = legacyWindow(text, call);
  if (legacy !== undefined) {
    return `${unset} so that each window emits its result once, or aggregate by the legacy group window ${legacy} (with ${call.fn}_START / ${call.fn}_END for window_start / window_end), which fires early and late`;
  }
  return call.fn === "CUMULATE"
    ? `${unset} (a CUMULATE window already emits a partial result at each step; a legacy group window has no CUMULATE)`
    : `${unset} (the legacy GROUP BY SESSION(...) refuses early and late firing too: "Session window doesn't support EMIT strategy currently.")`;
}

/** The window TVF the statement's window aggregation reads (no regular join in its way): in its own FROM or a view it reads. */
function windowTvf(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>): { text: string; call: WindowCall; via: string } | undefined {
  const text = shownText(a);
  const own = windowCalls(text);
  if (own.length > 0) return { text, call: own[0]!, via: "" };
  // The TVF in a view the statement reads (not through a regular join in that view).
  for (const v of withViews(a, views).slice(1)) {
    const vText = shownText(v);
    const calls = windowCalls(vText);
    if (calls.length > 0) return { text: vText, call: calls[0]!, via: ` in the view in statements[${v.index}]` };
  }
  return undefined;
}

/**
 * Errors at `statements[i]` for each planned statement or view (`planned`: not a function, read by
 * the job) that aggregates over a window TVF while `setting` turns on early or late firing (see the
 * module comment). `views`: the job's views by name, where the TVF call may sit.
 */
export function checkWindowTvfFiring(planned: readonly AnalyzedStatement[], views: ReadonlyMap<string, AnalyzedStatement>, setting: SettingAt, diag: Diagnostics): void {
  const keys = firingKeys(setting);
  if (keys.length === 0) return;
  const set = keys.map((k) => `${k.key} "true" (${k.path})`).join(" and ");
  for (const a of planned) {
    const code = statementCode(a, true);
    if (!groupsByWindow(code)) continue;
    const found = windowPropertiesLost(a, views) ? undefined : windowTvf(a, views);
    if (found === undefined) {
      const joined = aggregatedWindowJoin(a, views);
      if (joined === undefined) continue;
      const via = joined.view === undefined ? "" : ` in the view in statements[${joined.view.index}]`;
      diag.error(
        `statements[${a.index}]`,
        `the statement aggregates over the window join of ${joined.join.calls.join(" and ")}${via} (GROUP BY window_start, window_end; a window join keeps the window_start and window_end of its inputs, ` +
          `so Flink plans the aggregation as a window TVF aggregation), and the job sets ${set}: ${FLINK_REFUSES}; ` +
          `unset ${keys.map((k) => k.key).join(" and ")}: the window join emits each window's rows once, when the window closes, so firing could not show a window's result earlier`,
      );
      continue;
    }
    const call = found.text.slice(found.call.start, found.call.end).replace(/\s+/g, " ");
    diag.error(
      `statements[${a.index}]`,
      `the statement aggregates over the window TVF ${call}${found.via} (GROUP BY window_start, window_end), and the job sets ${set}: ${FLINK_REFUSES}; ` + remedy(keys, found.text, found.call),
    );
  }
}
