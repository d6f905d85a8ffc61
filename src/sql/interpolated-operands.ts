/**
 * Strings interpolated with `${...}` where an operand stands: after (or before) a comparison, LIKE,
 * SIMILAR TO, IN or BETWEEN. `sql` inserts a string as SQL text (template.ts), so
 * `url LIKE ${"%checkout%"}` renders `url LIKE %checkout%` and `url <> ${"example.com"}` renders
 * `url <> example.com`: Flink reads names and operators there (calcite `Parser.jj`: an unquoted
 * word is an identifier, `'...'` a character literal), and the checks that then find a name that is
 * no column or qualifier (unknown-names.ts) say where it came from and how to quote it.
 */
import type { SqlStatement } from "./template.js";

/** An interpolated string in an operand position, where it lies in the statement's text (toString), and the operator it stands by (`LIKE`, `<>`, `IN (`, ...). */
export interface InterpolatedOperand {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly operator: string;
}

/** What may end the text right before an operand (`x = `, `x NOT LIKE `, `x IN (a, `, `x BETWEEN a AND `). */
const BEFORE = /(<>|!=|<=|>=|=|<|>|\bLIKE|\bSIMILAR\s+TO|\bIN\s*\((?:[^()]*,)?|\bBETWEEN(?:\s+(?:A?SYMMETRIC))?|\bBETWEEN\s+(?:A?SYMMETRIC\s+)?\S+\s+AND)\s*$/i;
/** What may start the text right after an operand (`${x} = col`). */
const AFTER = /^\s*(<>|!=|<=|>=|=|<|>|(?:NOT\s+)?(?:LIKE|IN|BETWEEN)\b|SIMILAR\s+TO\b)/i;

/** The operator as a message shows it: upper case, one space between words, an IN list as `IN (`. */
function shown(op: string): string {
  const t = op.replace(/\s+/g, " ").trim().toUpperCase();
  if (t.startsWith("IN")) return "IN (";
  return t.startsWith("BETWEEN") && t.endsWith(" AND") ? "BETWEEN ... AND" : t;
}

/** The interpolated strings of `stmt` that stand where an operand does and are no literal already (not quoted). */
export function interpolatedOperands(stmt: SqlStatement): InterpolatedOperand[] {
  const text = stmt.toString();
  const out: InterpolatedOperand[] = [];
  for (const i of stmt.interpolated) {
    const value = i.text.trim();
    if (value === "" || value.startsWith("'") || i.end > text.length || text.slice(i.start, i.end) !== i.text) continue;
    const before = BEFORE.exec(text.slice(Math.max(0, i.start - 200), i.start));
    const after = before === null ? AFTER.exec(text.slice(i.end, i.end + 40)) : null;
    if (before !== null) out.push({ text: i.text, start: i.start, end: i.end, operator: shown(before[1]!) });
    else if (after !== null) out.push({ text: i.text, start: i.start, end: i.end, operator: `before ${shown(after[1]!)}` });
  }
  return out;
}

/** The interpolated operand that holds `name` as a whole word (a name Flink read in it), if any. */
export function operandHolding(operands: readonly InterpolatedOperand[], name: string): InterpolatedOperand | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const word = new RegExp(`(?<![A-Za-z0-9_$])${escaped}(?![A-Za-z0-9_$])`);
  return operands.find((o) => word.test(o.text));
}

/** The advice for `name`, read in the interpolated operand `o`: where it came from, and how to quote it. */
export function interpolatedAdvice(name: string, o: InterpolatedOperand): string {
  const where = o.operator.startsWith("before ") ? o.operator : `after ${o.operator}`;
  return (
    `; ${JSON.stringify(name)} comes from the string ${JSON.stringify(o.text)} interpolated with \${...} ${where}, which sql\`...\` inserts as SQL text, not as a value: ` +
    `if it is a value, quote it: '${o.text.replace(/'/g, "''")}' (write \${sqlLiteral(value)})`
  );
}
