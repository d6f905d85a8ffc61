/**
 * RANK() and DENSE_RANK() Top-Ns in a streaming job: Flink plans a ranking filtered by its number
 * (`WHERE r <= N`) as a Rank, and its streaming Rank takes ROW_NUMBER only ("RANK() on streaming
 * table is not supported currently", flink `StreamExecRank`), as does its window Top-N ("RANK()
 * function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink
 * `StreamExecWindowRank`). A ranking without such a filter is an over aggregation: left alone here
 * (streaming-over-order.ts checks its order).
 * A view is expanded in place where a statement reads it, so a RANK computed in a view and filtered
 * by the statement that reads it is the same Top-N, and fails the same way whatever the sink: a
 * primary key on the sink would not help (the planner throws before any sink is involved).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { boundedRankings, type BoundedRanking } from "./rankings.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { withViews } from "./view-names.js";

/** The error for one RANK / DENSE_RANK Top-N; `via` names the view it was computed in, when not in the statement itself. */
function rankError({ fn, partition }: BoundedRanking, via: string): string {
  const perWindow = /\bwindow_start\b/i.test(partition) && /\bwindow_end\b/i.test(partition);
  return (
    `${fn}() OVER (...)${via} filtered by its number is a ${perWindow ? "window " : ""}Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it (` +
    (perWindow ? `"${fn}() function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink StreamExecWindowRank` : `"${fn}() on streaming table is not supported currently", flink StreamExecRank`) +
    "); use ROW_NUMBER() (ties then get distinct numbers)"
  );
}

const mentionsRank = (a: AnalyzedStatement): boolean => a.statement.segments.some((s) => s.kind === "text" && /RANK/i.test(s.text));

/**
 * Errors at `statements[i]` for each RANK / DENSE_RANK Top-N of the statement: bounded in its own
 * text, or, for a statement that is not itself a view, computed in a view it reads (also through
 * other views: view-names.ts withViews) and bounded by a text that reads it. A view that bounds
 * its own ranking gets the error itself, not each statement that reads it.
 */
export function checkStreamingRank(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  const parts = a.kind === "view" ? [a] : withViews(a, views);
  if (!parts.some(mentionsRank)) return;
  const texts = parts.map((p) => statementCode(p, true));
  const allText = texts.join("\n;\n");
  for (let i = 0; i < parts.length; i++) {
    if (!mentionsRank(parts[i]!)) continue;
    const text = texts[i]!;
    const own = new Set([...boundedRankings(text, text)].map((r) => r.at));
    for (const r of boundedRankings(text, i === 0 ? text : allText)) {
      if (r.fn === "ROW_NUMBER" || (i > 0 && own.has(r.at))) continue;
      diag.error(`statements[${a.index}]`, rankError(r, i === 0 ? "" : ` in the view in statements[${parts[i]!.index}]`));
    }
  }
}
