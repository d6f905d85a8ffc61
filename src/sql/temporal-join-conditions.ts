/**
 * What a temporal join's type and condition must be, beside temporal-join.ts' checks of its tables:
 * - only INNER and LEFT: a RIGHT or FULL [OUTER] JOIN FOR SYSTEM_TIME AS OF a column fails to plan,
 *   a lookup join as an event-time one (flink `CommonPhysicalLookupJoin.validate` /
 *   `StreamExecTemporalJoin`: "Temporal table join currently only support INNER JOIN and LEFT JOIN,
 *   but was FULL JOIN"; before that, Calcite's `Correlate` refuses a join type that makes nulls on
 *   the left);
 * - a lookup join equates a column of the looked-up table with a value (flink
 *   `CommonPhysicalLookupJoin.validate`: "Temporal table join requires an equality condition on
 *   fields of table [...]"): a range alone (`t.amount >= b.lo AND t.amount < b.hi`) gives none;
 * - an event-time join equates every primary key column of the versioned table with the left side
 *   (flink `TemporalJoinRewriteWithUniqueKeyRule.validateRightPrimaryKey`: "Temporal table's primary
 *   key [currency] must be included in the equivalence condition of temporal join, but current
 *   temporal join condition is [...]").
 * The condition is read once per join by temporal-join-on.ts (from `ON` to the end of its query, WHERE
 * included, as Flink may move a WHERE equality into the join): a condition is judged only when it is
 * there, and a key column it names in any way (an expression, an IN) is taken as equated, except in
 * a comparison with a constant alone (`r.currency = 'USD'`: no join key) when no other equality is left.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { unquoteIdentifier } from "./top-level.js";
import { MARKED_NAME } from "./statement.js";
import type { TemporalJoinOn } from "./temporal-join-on.js";

const NAME = MARKED_NAME;
/** `RIGHT | FULL [OUTER] JOIN <right> FOR SYSTEM_TIME AS OF [q.]col` (col not followed by `(`: no call). */
const OUTER_AS_OF = new RegExp(
  `\\b(RIGHT|FULL)(?:\\s+OUTER)?\\s+JOIN\\s+(?:\\u0000(\\d+)\\u0000|${NAME})\\s*FOR\\s+SYSTEM_TIME\\s+AS\\s+OF\\s+((?:(?:\\u0000\\d+\\u0000|${NAME})\\s*\\.\\s*)?${NAME})(?!\\s*[(.])`,
  "gi",
);
/** Words after AS OF that start an expression, not a column: time travel (`AS OF TIMESTAMP '...'`), no temporal join (any join type goes). */
export const TIME_TRAVEL_WORDS = /^(?:TIMESTAMP|DATE|CURRENT_TIMESTAMP|LOCALTIMESTAMP|NOW|CURRENT_ROW_TIMESTAMP|TO_TIMESTAMP|TO_TIMESTAMP_LTZ|CAST)$/i;

/** RIGHT and FULL joins FOR SYSTEM_TIME AS OF a column: errors at `at`. */
export function checkTemporalJoinTypes(code: string, tables: readonly TableDefinition[], at: string, diag: Diagnostics): void {
  for (const m of code.matchAll(OUTER_AS_OF)) {
    const operand = m[4]!;
    if (!operand.includes(".") && !operand.startsWith("`") && TIME_TRAVEL_WORDS.test(operand)) continue;
    const kind = m[1]!.toUpperCase();
    const right = m[2] !== undefined ? tables[Number(m[2])]!.tableName : unquoteIdentifier(m[3]!);
    const shown = operand.replace(/\u0000(\d+)\u0000/g, (_, i: string) => tables[Number(i)]!.tableName);
    diag.error(
      at,
      `${kind} JOIN ${right} FOR SYSTEM_TIME AS OF ${shown}: Flink joins FOR SYSTEM_TIME AS OF only as INNER JOIN or LEFT JOIN, and rejects the job when it plans it ` +
        `("Temporal table join currently only support INNER JOIN and LEFT JOIN, but was ${kind} JOIN"); write LEFT JOIN to keep every row of the left table, ` +
        `or JOIN; a row of ${right} that no left row matches is never emitted by a temporal join`,
    );
  }
}

/** Whether `text` names `column` (a word, in any case, quoted or not). */
function names(text: string, column: string): boolean {
  return new RegExp(`(?<![\\w$])${column.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w$])`, "i").test(text);
}

/**
 * A lookup join against `right` (as of processing time, `asOf` its text) whose condition `on`
 * (temporal-join-on.ts) has no equality: an error at `at`. Any `=` (outside `<=`, `>=`, `<>`, `!=`),
 * IN or DISTINCT keeps it quiet, as does a join without ON.
 */
export function checkLookupEquality(on: TemporalJoinOn | undefined, right: TableDefinition, asOf: string, at: string, diag: Diagnostics): void {
  if (on === undefined) return;
  if (/(?<![<>!=])=(?!=)/.test(on.condition) || /\b(?:IN|DISTINCT)\b/i.test(on.condition)) return;
  const q = `${on.alias ?? right.tableName}.`;
  const key = right.primaryKey !== undefined && right.primaryKey.length > 0 ? right.primaryKey[0]! : "<column>";
  diag.error(
    at,
    `${asOf} is a lookup join, and its condition equates no column of ${right.label} with a value: Flink looks rows up by the columns the condition equates, ` +
      `and rejects the job when it plans it ("Temporal table join requires an equality condition on fields of table [${right.tableName}]"); ` +
      `add an equality to the ON condition (${q}${key} = <a column of the left table>; a range may follow it with AND), ` +
      `or, to match on a range only, join ${right.tableName} with a regular join (without FOR SYSTEM_TIME AS OF)`,
  );
}

/** A column, qualified or not (markedCode: a table marker may qualify it). */
const COLUMN = `(?:(?:\\u0000\\d+\\u0000|${NAME})\\s*\\.\\s*)?${NAME}`;
/** A constant operand in markedCode's code: a string literal (blanked there to white space), a number, TRUE, FALSE. */
const CONSTANT = `(?:[+-]?\\d+(?:\\.\\d+)?|TRUE|FALSE)?`;
/** What may stand before and after a comparison that is a whole part of the condition. */
const PART_START = `(?:^|\\(|\\b(?:ON|AND|OR|NOT|WHERE)\\b)`;
const PART_END = `(?=\\s*(?:$|\\)|\\b(?:AND|OR|WHERE|GROUP|HAVING|ORDER|LIMIT|UNION|INTERSECT|EXCEPT|JOIN|LEFT|RIGHT|INNER|FULL|CROSS)\\b))`;
/** `col = constant` or `constant = col` as a whole part of a condition. */
const CONSTANT_FILTER = new RegExp(`(${PART_START})\\s*(?:${COLUMN}\\s*=\\s*${CONSTANT}|${CONSTANT}\\s*=\\s*${COLUMN})\\s*${PART_END}`, "gi");

/** `condition` with its parts that compare a column with a constant (`r.currency = 'USD'`) left out: they filter, and give the join no key. */
function withoutConstantFilters(condition: string): string {
  return condition.replace(CONSTANT_FILTER, "$1 ");
}

/**
 * An event-time join against the versioned table `right` whose condition `on` (temporal-join-on.ts)
 * equates (its `keys`) not every column of its primary key, and names the missing ones nowhere: an
 * error at `at`. `left`: the left table, for the remedy. Quiet for a join without ON.
 * A key column the condition names only where it compares it with a constant (`r.currency = 'USD'`)
 * counts as named nowhere when no other equality is left: the join then has no join key, and Flink
 * rejects it (flink `LogicalCorrelateToJoinFromTemporalTableRule`: "Currently the join key in Temporal
 * Table Join can not be empty."); with another equality left (an expression on the left side), quiet.
 */
export function checkVersionedKeyEquality(on: TemporalJoinOn | undefined, right: TableDefinition, left: TableDefinition, asOf: string, at: string, diag: Diagnostics): void {
  if (on === undefined) return;
  const { keys } = on;
  const pk = right.primaryKey ?? [];
  const missing = pk.filter((k) => !keys.includes(k));
  if (missing.length === 0) return;
  const filtered = withoutConstantFilters(on.condition);
  if (missing.some((k) => names(filtered, k))) return;
  if (missing.some((k) => names(on.condition, k)) && /(?<![<>!=])=(?!=)/.test(filtered)) return;
  const q = `${on.alias ?? right.tableName}.`;
  const equated = keys.length > 0 ? `it equates ${keys.map((k) => `${q}${k}`).join(", ")}` : "it equates no column of it with a column of the left table";
  const rekey =
    keys.length > 0
      ? `, or, if ${keys.join(", ")} ${keys.length === 1 ? "identifies" : "identify"} a row of ${right.label}, make ${keys.length === 1 ? "it" : "them"} its primaryKey: [${keys.map((k) => JSON.stringify(k)).join(", ")}]`
      : "";
  diag.error(
    at,
    `${asOf} joins as of event time the versioned table ${right.label}, whose primaryKey is [${pk.join(", ")}], and ${equated}: Flink finds the version of a row by its primary key, ` +
      `and rejects the job when it plans it ("Temporal table's primary key [${pk.join(",")}] must be included in the equivalence condition of temporal join"); ` +
      `add ${missing.map((k) => `${q}${k} = <the matching column of ${left.label}>`).join(" AND ")} to the ON condition${rekey}`,
  );
}
