/**
 * RANK() and DENSE_RANK() Top-Ns in a streaming job: Flink plans a ranking filtered by its number
 * (`WHERE r <= N`) as a Rank, and its streaming Rank takes ROW_NUMBER only ("RANK() on streaming
 * table is not supported currently", flink `StreamExecRank`), as does its window Top-N ("RANK()
 * function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink
 * `StreamExecWindowRank`). A ranking without such a filter is an over aggregation: left alone.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { boundedRankings } from "./rankings.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";

/** Errors at `statements[i]` for each RANK / DENSE_RANK Top-N of the statement. */
export function checkStreamingRank(a: AnalyzedStatement, diag: Diagnostics): void {
  if (!a.statement.segments.some((s) => s.kind === "text" && /RANK/i.test(s.text))) return;
  const text = statementCode(a, true);
  for (const { fn, partition } of boundedRankings(text, text)) {
    if (fn === "ROW_NUMBER") continue;
    const perWindow = /\bwindow_start\b/i.test(partition) && /\bwindow_end\b/i.test(partition);
    diag.error(
      `statements[${a.index}]`,
      `${fn}() OVER (...) filtered by its number is a ${perWindow ? "window " : ""}Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it (` +
        (perWindow ? `"${fn}() function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink StreamExecWindowRank` : `"${fn}() on streaming table is not supported currently", flink StreamExecRank`) +
        "); use ROW_NUMBER() (ties then get distinct numbers)",
    );
  }
}
