/**
 * Pulumi Outputs interpolated into a statement right where a SQL value goes (`WHERE s = ${output}`):
 * the `sql` tag inserts an Output's value as SQL text (template.ts), so a string renders without
 * quotes and Flink's parser reads it as an identifier (a column name). A preview warning with the fix.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import type { AnalyzedStatement } from "./statement.js";
import { isLiteralOutput } from "./template.js";

/** Text that ends where a string value goes: =, <>, !=, LIKE, or the opening of an IN list (`<` may open a type's arguments). */
const BEFORE_VALUE = /(?:<>|!=|=(?!>)|\bLIKE|\bIN\s*\()\s*$/i;

/**
 * A Pulumi Output interpolated right where a value goes (`WHERE s = ${output}`): `sql` inserts it as
 * SQL text, so a string value renders unquoted and Flink reads it as a column name. Its value is not
 * known at construction, so a warning with the fix (`sqlLiteral(output)` quotes it when it resolves).
 */
export function checkOutputOperands(a: AnalyzedStatement, diag: Diagnostics): void {
  const segs = a.statement.segments;
  for (let i = 1; i < segs.length; i++) {
    const seg = segs[i]!;
    const before = segs[i - 1]!;
    if (seg.kind !== "output" || isLiteralOutput(seg.output) || before.kind !== "text" || !BEFORE_VALUE.test(before.text)) continue;
    const op = BEFORE_VALUE.exec(before.text)![0].trim();
    diag.warn(
      `statements[${a.index}]`,
      `a Pulumi Output is interpolated right after ${JSON.stringify(op)}, and sql\`...\` inserts it as SQL text: a string value renders without quotes and Flink reads it as a column name; ` +
        "for a string value write ${sqlLiteral(output)} (it quotes the value when it resolves), for a number CAST(${output} AS BIGINT) (or the column's type)",
    );
  }
}
