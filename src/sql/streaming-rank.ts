/**
 * RANK() and DENSE_RANK() Top-Ns in a streaming job: Flink plans a ranking filtered by its number
 * (`WHERE r <= N`) as a Rank, and its streaming Rank takes ROW_NUMBER only ("RANK() on streaming
 * table is not supported currently", flink `StreamExecRank`), as does its window Top-N ("RANK()
 * function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink
 * `StreamExecWindowRank`). A ranking without such a filter is an over aggregation: left alone.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";

/** Errors at `statements[i]` for each RANK / DENSE_RANK Top-N of the statement. */
export function checkStreamingRank(a: AnalyzedStatement, diag: Diagnostics): void {
  if (!a.statement.segments.some((s) => s.kind === "text" && /RANK/i.test(s.text))) return;
  const text = statementCode(a, true);
  for (const m of text.matchAll(/\b(RANK|DENSE_RANK)\s*\(\s*\)\s*OVER\s*\(([^()]*)\)\s*(?:AS\s+)?(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)?/gi)) {
    const alias = m[3];
    if (alias === undefined) continue;
    const plain = alias.startsWith("`") ? alias.slice(1, -1).replace(/``/g, "`") : alias;
    const name = plain.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const ref = `(?<![A-Za-z0-9_$])\`?${name}\`?(?![A-Za-z0-9_$])`;
    if (!new RegExp(`${ref}\\s*(?:<=?|=)\\s*[0-9]|[0-9]\\s*(?:>=?|=)\\s*${ref}`, "i").test(text.slice(m.index! + m[0].length))) continue;
    const fn = m[1]!.toUpperCase();
    const partition = /\bPARTITION\s+BY\b([\s\S]*?)(?:\bORDER\s+BY\b|$)/i.exec(m[2]!)?.[1] ?? "";
    const perWindow = /\bwindow_start\b/i.test(partition) && /\bwindow_end\b/i.test(partition);
    diag.error(
      `statements[${a.index}]`,
      `${fn}() OVER (...) filtered by its number is a ${perWindow ? "window " : ""}Top-N, and a streaming job ranks only with ROW_NUMBER(): Flink fails to plan it (` +
        (perWindow ? `"${fn}() function is not supported on Window TopN currently, only ROW_NUMBER() is supported", flink StreamExecWindowRank` : `"${fn}() on streaming table is not supported currently", flink StreamExecRank`) +
        "); use ROW_NUMBER() (ties then get distinct numbers)",
    );
  }
}
