/**
 * A statement with embedded Outputs, once their values are known: the checks that a statement
 * known at construction gets in analyzeStatement (statement.ts) run again on the text with the
 * values in place, so a value from another resource or stack configuration that is no SQL text
 * (an object, undefined), or whose text ends the statement (`1; DROP TABLE x`) or opens a literal
 * or comment it never closes (`'a`, `1 /* x`), fails the script instead of breaking it.
 */
import { FlinkIcebergValidationError, isValidationError } from "../validation/error.js";
import { intervalLiteralProblems } from "./interval-literals.js";
import { splitStatements, withoutTrailing } from "./split.js";
import { AS_SQL_TEXT } from "./statement.js";
import type { SqlStatement } from "./template.js";

/** How a message names a resolved value that is no SQL text. */
function describeResolved(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "boolean") return `boolean ${String(v)}`;
  return typeof v === "object" ? `an object (${v.constructor?.name ?? "Object"})` : typeof v;
}

/**
 * Renders `statement` with its Outputs' `values` (by Output index) and checks the text, without its
 * trailing `;`, white space and comments. `path` is the statement's prop path (`statements[2]`),
 * `label` the job's (`FlinkSqlJob "ingest"`).
 * @throws FlinkIcebergValidationError when a value is no string or number, or the text is not one
 * readable statement.
 */
export function renderResolvedStatement(statement: SqlStatement, values: readonly unknown[], path: string, label: string): string {
  const issues: { path: string; message: string }[] = [];
  statement.segments.forEach((s, position) => {
    if (s.kind !== "output") return;
    const v = values[s.index];
    if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") return;
    const nth = statement.segments.slice(0, position + 1).filter((x) => x.kind === "output").length;
    issues.push({
      path,
      message:
        `its interpolated Output ${nth} resolved to ${describeResolved(v)}, which has no SQL text: a sql\`...\` statement takes an Output of a string or a number ` +
        "(an Output that may hold undefined needs a value for that case, e.g. value.apply(v => v ?? \"...\"))",
    });
  });
  if (issues.length > 0) throw new FlinkIcebergValidationError(issues, label);
  const text = withoutTrailing(statement.render(values));
  let parts: string[];
  try {
    parts = splitStatements(text);
  } catch (e) {
    if (!isValidationError(e)) throw e;
    const messages = e.issues.map((i) => i.message.replace(/^line \d+: /, ""));
    throw new FlinkIcebergValidationError(
      messages.map((m) => ({
        path,
        message:
          `cannot be read once its interpolated Outputs are known: ${m}; an Output interpolated with \${...} ${AS_SQL_TEXT}`,
      })),
      label,
    );
  }
  if (parts.length > 1) {
    throw new FlinkIcebergValidationError(
      [
        {
          path,
          message:
            `holds ${parts.length} statements separated by ';' once its interpolated Outputs are known (${JSON.stringify(text.slice(0, 80))}): an Output interpolated with \${...} is inserted as SQL text; ` +
            "quote a value with sqlLiteral(value), and write one statement per sql`...` entry",
        },
      ],
      label,
    );
  }
  const intervals = intervalLiteralProblems(text);
  if (intervals.length > 0) throw new FlinkIcebergValidationError(intervals.map((message) => ({ path, message: `once its interpolated Outputs are known: ${message}` })), label);
  return text;
}
