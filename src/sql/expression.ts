/**
 * A SQL expression written into CREATE TABLE (a computed column, a watermark): checked to be one
 * readable expression and returned as rendered.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { conformanceProblems } from "./conformance.js";
import { intervalLiteralProblems } from "./interval-literals.js";
import { codeOnly, splitStatements, withoutTrailing } from "./split.js";

/**
 * A computed column's or watermark's expression as rendered: without trailing comments and white
 * space (a `-- comment` at its end would swallow the `,` or `)` that follows it in CREATE TABLE),
 * or undefined after an error at `d`: not a non-empty string, unreadable (an unterminated literal
 * or comment), a `;` between two parts outside literals (it would end the CREATE TABLE there), or
 * brackets that do not pair up outside literals and comments (a `)` too many would close the
 * column list, and the rest would become CREATE TABLE text), or an interval literal Flink rejects
 * (interval-literals.ts: `INTERVAL '5 seconds'` without its unit), or a spelling Flink's parser refuses (conformance.ts: `!=`,
 * text in double quotes).
 */
export function sqlExpression(value: unknown, d: Diagnostics, example = ""): string | undefined {
  if (typeof value !== "string" || value.trim() === "") {
    d.error("", `must be a non-empty Flink SQL expression${example === "" ? "" : `, ${example}`}`);
    return undefined;
  }
  let parts: string[];
  try {
    parts = splitStatements(value);
  } catch (e) {
    d.error("", `cannot be read: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
  if (parts.length !== 1) {
    d.error("", "must be one expression: a ';' outside a string literal would end the CREATE TABLE there");
    return undefined;
  }
  const unpaired = unpairedBracket(codeOnly(value));
  if (unpaired !== undefined) {
    d.error("", `has ${unpaired}: brackets must pair up within the expression, or the rest of it becomes part of the CREATE TABLE`);
    return undefined;
  }
  const problems = [...intervalLiteralProblems(value), ...conformanceProblems(value)];
  for (const message of problems) d.error("", message);
  return problems.length > 0 ? undefined : withoutTrailing(value).trim();
}

/** The first bracket of `code` (literals and comments blanked) that has no partner, described; undefined when all pair up. */
function unpairedBracket(code: string): string | undefined {
  const open: string[] = [];
  for (const c of code) {
    if (c === "(" || c === "[") open.push(c);
    else if (c === ")" || c === "]") {
      const want = c === ")" ? "(" : "[";
      if (open.pop() !== want) return `a '${c}' without its '${want}'`;
    }
  }
  return open.length > 0 ? `a '${open[open.length - 1]}' that is never closed` : undefined;
}
