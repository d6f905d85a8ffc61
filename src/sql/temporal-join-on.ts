/**
 * The ON condition of one temporal join, read once for every check of it: after `<right> FOR
 * SYSTEM_TIME AS OF <operand>`, an optional alias of the right table (`[AS] r`), then `ON`, then the
 * condition. temporal-join.ts reads the right table's columns the condition equates (the join key
 * that its versioned-table remedy names) and temporal-join-conditions.ts the condition itself (a
 * lookup join's equality, an event-time join's primary key equality) from this one reading, so the
 * two cannot take different aliases or conditions.
 * - The alias is the word after the AS OF operand when `ON` follows it and it is no keyword; without
 *   `ON` right there (USING, a comma, no condition) there is nothing to read and each check stays quiet.
 * - The condition runs from `ON` to the end of its query (its parenthesis level), WHERE included, as
 *   Flink may move a WHERE equality into the join: a check judges a condition only when it is there.
 * - The key columns are the right table's columns that a top-level `x = r.col` / `r.col = x` part of
 *   the condition's first conjunction run (up to WHERE, GROUP BY, another join or the first `)`)
 *   equates with a column of another relation: filters such as `r.active = TRUE` are equalities too,
 *   so only column-to-column ones count (flink `TemporalJoinRewriteWithUniqueKeyRule.validateRightPrimaryKey`
 *   needs the primary key among the join's equi-keys).
 * Read on marked code (statement.ts markedCode: each interpolated table a `\u0000k\u0000` marker).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { NOT_ALIAS } from "./insert-query.js";
import { MARKED_NAME } from "./statement.js";
import { unquoteIdentifier } from "./top-level.js";

const NAME = MARKED_NAME;

/** Words after a table that are no alias (the INSERT reader's, and those a window call or subquery puts there). */
export const NOT_ALIAS_AFTER_TABLE: ReadonlySet<string> = new Set([...NOT_ALIAS, "AS", "PARTITION", "DESCRIPTOR", "SELECT"]);

/** `[[AS] alias] ON` right after the AS OF operand. */
const HEAD = new RegExp(`^\\s+(?:(?:AS\\s+)?(${NAME})\\s+)?ON\\b`, "i");
/** Where the run of the condition that holds the join keys ends. */
const KEYS_RUN = /^([\s\S]*?)(?=\b(?:WHERE|GROUP|HAVING|ORDER|LIMIT|UNION|INTERSECT|EXCEPT|JOIN|LEFT|RIGHT|INNER|FULL|CROSS)\b|\)|$)/i;
/** `q.col` with q a name or a table marker. */
const REF = new RegExp(`^(?:\\u0000(\\d+)\\u0000|${NAME})\\s*\\.\\s*${NAME}$`);

/** A temporal join's ON condition as read once (see the module comment). */
export interface TemporalJoinOn {
  /** The right table's alias, unquoted; undefined when the join names it by its table. */
  readonly alias: string | undefined;
  /** The code from just after `ON` to the end of its parenthesis level. */
  readonly condition: string;
  /** The right table's columns the condition equates with a column of another relation, in order, each once. */
  readonly keys: readonly string[];
}

/**
 * The ON condition of the temporal join whose AS OF operand ends at `from` of `code` (marked code;
 * `right` the table joined, `tables` the markers' tables), or undefined when no `ON` follows the
 * operand and its alias.
 */
export function readTemporalJoinOn(code: string, from: number, right: TableDefinition, tables: readonly TableDefinition[]): TemporalJoinOn | undefined {
  const rest = code.slice(from);
  const head = HEAD.exec(rest);
  if (head === null) return undefined;
  const word = head[1];
  const alias = word !== undefined && (word.startsWith("`") || !NOT_ALIAS_AFTER_TABLE.has(word.toUpperCase())) ? unquoteIdentifier(word) : undefined;
  let depth = 0;
  let end = rest.length;
  for (let i = head[0].length; i < rest.length; i++) {
    if (rest[i] === "(") depth++;
    else if (rest[i] === ")" && --depth < 0) {
      end = i;
      break;
    }
  }
  const condition = rest.slice(head[0].length, end);
  return { alias, condition, keys: joinKeys(KEYS_RUN.exec(condition)![1]!, alias, right, tables) };
}

/** The right table's columns equated column to column by the top-level `AND` parts of `run`. */
function joinKeys(run: string, alias: string | undefined, right: TableDefinition, tables: readonly TableDefinition[]): string[] {
  const side = (text: string): { right: boolean; column: string } | undefined => {
    const r = REF.exec(text.trim());
    if (r === null) return undefined;
    const isRight = r[1] !== undefined ? tables[Number(r[1])] === right : unquoteIdentifier(r[2]!) === (alias ?? right.tableName);
    return { right: isRight, column: unquoteIdentifier(r[3]!) };
  };
  const out: string[] = [];
  for (const part of run.split(/\bAND\b/i)) {
    const eq = part.split("=");
    if (eq.length !== 2) continue;
    const [l, r] = [side(eq[0]!), side(eq[1]!)];
    const key = l?.right === true && r?.right === false ? l.column : r?.right === true && l?.right === false ? r.column : undefined;
    if (key !== undefined && !out.includes(key)) out.push(key);
  }
  return out;
}
