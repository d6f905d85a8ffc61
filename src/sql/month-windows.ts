/**
 * Windows whose length is a year-month interval (`INTERVAL '1' MONTH`, `INTERVAL '1' YEAR`,
 * `INTERVAL '1-6' YEAR TO MONTH`): a month or a year has no fixed length in milliseconds, and
 * Flink's windows have one.
 * - A window TVF (TUMBLE, HOP, CUMULATE, SESSION over `TABLE ...`) whose size, slide, step or gap is
 *   one: Flink fails the statement when it plans it, in a streaming and in a batch job alike ("Window
 *   aggregate only support SECOND, MINUTE, HOUR, DAY as the time unit. MONTH and YEAR time unit are
 *   not supported yet.", flink `flink-table-planner/.../plan/utils/WindowUtil.scala`
 *   `convertToWindowingStrategy`, which `StreamPhysicalWindowTableFunctionRule` and
 *   `BatchPhysicalWindowTableFunctionRule` both call): an error.
 * - A legacy group window (`GROUP BY TUMBLE(ts, INTERVAL '1' MONTH)`, also HOP and SESSION) in a
 *   streaming job: the same message (flink `StreamLogicalWindowAggregateRule.getOperandAsLong`; the
 *   planner test `WindowAggregateTest.testWindowWrongWindowParameter1/2` expects it): an error.
 * - A legacy group window in a batch job: flink `BatchLogicalWindowAggregateRule.getOperandAsLong`
 *   takes any literal's value as the window's length in milliseconds, and the value of a year-month
 *   literal is its count of months (calcite), so `INTERVAL '1' MONTH` would make windows of one
 *   millisecond. Not confirmed by a test upstream: a warning.
 * Only lengths written as one interval literal are judged (zero-intervals.ts windowCalls; the legacy
 * group windows as legacy-window-calls.ts reads them).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { codeOnly } from "./split.js";
import { legacyWindowCalls } from "./legacy-window-calls.js";
import type { AnalyzedStatement } from "./statement.js";
import { valueText } from "./value-text.js";
import { intervalLiteralLengths, ONE_LITERAL, windowCalls, type YearMonthLiteral } from "./zero-intervals.js";

/** Flink's message for a year-month window length (WindowUtil, StreamLogicalWindowAggregateRule). */
const FLINK = "Window aggregate only support SECOND, MINUTE, HOUR, DAY as the time unit. MONTH and YEAR time unit are not supported yet.";

/** The length arguments of each legacy group window, after its time column. */
const LEGACY_LENGTHS: Readonly<Record<string, readonly string[]>> = { TUMBLE: ["size"], HOP: ["slide", "size"], SESSION: ["gap"] };

/** What to write instead of a year-month length: a day-time one, or a regular aggregation by calendar month / year of `column`. */
function remedy(literal: YearMonthLiteral, column: string, streaming: boolean): string {
  const unit = literal.months % 12n === 0n ? "YEAR" : "MONTH";
  return (
    "write a day-time length (SECOND, MINUTE, HOUR or DAY, e.g. INTERVAL '30' DAY), " +
    `or for calendar ${unit === "YEAR" ? "years" : "months"} aggregate without a window: GROUP BY FLOOR(${column} TO ${unit})` +
    (streaming ? " (a regular aggregation, whose results update: its sink needs a primary key)" : "")
  );
}

/** The one year-month interval literal an argument at `[from, to)` of `text` is, or undefined. */
function yearMonthArgument(text: string, code: string, from: number, to: number): YearMonthLiteral | undefined {
  if (!ONE_LITERAL.test(code.slice(from, to))) return undefined;
  const literals = intervalLiteralLengths(text.slice(from, to));
  return literals.length === 1 && "months" in literals[0]! ? literals[0] : undefined;
}

/**
 * Errors (a warning for a legacy group window in a batch job, see the module comment) at
 * `statements[i]` for windows whose length is a year-month interval literal. `streaming`: the job's
 * runtime mode is streaming.
 */
export function checkMonthWindows(a: AnalyzedStatement, streaming: boolean, diag: Diagnostics): void {
  const texts = a.statement.segments.filter((s) => s.kind === "text");
  if (!texts.some((s) => /\b(?:MONTH|YEAR)\b/i.test(s.text))) return;
  const text = valueText(a.statement);
  const code = codeOnly(text, true);
  const at = `statements[${a.index}]`;
  for (const call of windowCalls(text)) {
    const column = /DESCRIPTOR\s*\(\s*([^()]+?)\s*\)/i.exec(code.slice(call.start, call.end))?.[1] ?? "ts";
    for (const { role, yearMonth } of call.lengths) {
      if (yearMonth === undefined) continue;
      diag.error(
        at,
        `${call.fn}(...) has a ${role} of ${yearMonth.written}, a year-month interval, and Flink's windows have fixed lengths: it fails the statement when it plans the job ("${FLINK}", flink WindowUtil); ` +
          remedy(yearMonth, column, streaming),
      );
    }
  }
  if (!/\bGROUP\s+BY\b/i.test(code)) return;
  for (const { fn, args: parts } of legacyWindowCalls(code)) {
    if (parts.length < 2) continue;
    const column = text.slice(...parts[0]!).trim().replace(/\s+/g, " ");
    LEGACY_LENGTHS[fn]!.forEach((role, k) => {
      const part = parts[k + 1];
      const yearMonth = part === undefined ? undefined : yearMonthArgument(text, code, part[0], part[1]);
      if (yearMonth === undefined) return;
      const call = `${fn}(${column}, ...)`;
      if (streaming) {
        diag.error(
          at,
          `${call} in the GROUP BY has a ${role} of ${yearMonth.written}, a year-month interval, and Flink's windows have fixed lengths: it fails the statement when it plans the job ("${FLINK}", flink StreamLogicalWindowAggregateRule); ` +
            remedy(yearMonth, column, true),
        );
      } else {
        diag.warn(
          at,
          `${call} in a batch job's GROUP BY has a ${role} of ${yearMonth.written}, a year-month interval: Flink's batch planner does not refuse it as the streaming one does, but reads the literal's value, a count of months, as milliseconds (flink BatchLogicalWindowAggregateRule), so the windows are not calendar months; ` +
            remedy(yearMonth, column, false),
        );
      }
    });
  }
}
