/**
 * A SQL expression written into CREATE TABLE (a computed column, a watermark): checked to be one
 * readable expression and returned as rendered.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { splitStatements, withoutTrailing } from "./split.js";

/**
 * A computed column's or watermark's expression as rendered: without trailing comments and white
 * space (a `-- comment` at its end would swallow the `,` or `)` that follows it in CREATE TABLE),
 * or undefined after an error at `d`: not a non-empty string, unreadable (an unterminated literal
 * or comment), or a `;` between two parts outside literals (it would end the CREATE TABLE there).
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
  return withoutTrailing(value).trim();
}
