/**
 * The one subquery a query in the plain shape reads in its FROM clause instead of a table:
 * `SELECT ... FROM (SELECT ...) [[AS] alias] [WHERE ...]`, read so that a check can follow it one
 * level, as named-relation.ts follows a view or WITH query (calcite `SqlValidatorImpl` validates a
 * FROM subquery as a namespace of its own, and `SqlToRelConverter` plans it in place, as it does a
 * view's query). The subquery's own query is read as insert-query.ts reads any SELECT
 * (readSelectSpan); a subquery with a column list after its alias (`AS s (a, b)`, its SELECT
 * list's names are not its columns'), a join or a list of relations, a set operation, and any other
 * shape are not read.
 */
import { NOT_ALIAS, readSelectSpan, type SelectQuery } from "./insert-query.js";
import { closingParen, NAME, SET_OPERATION, topLevelOnly } from "./top-level.js";

/** After the subquery's `)` (top level): `[[AS] alias] [clauses]`; group 1 AS, 2 the alias, 3 the clauses. */
const AFTER_SUBQUERY = new RegExp(String.raw`^\s*(?:(AS)\s+)?(${NAME})?\s*((?:WHERE|GROUP|HAVING|ORDER|LIMIT|OFFSET|FETCH)\b[\s\S]*)?$`, "i");
const FROM_PAREN = /\s*FROM\s*\(/iy;

/** A subquery read in a FROM clause: its query in the plain shape (undefined when it is not), and how messages say where it is. */
export interface DerivedRelation {
  readonly query: SelectQuery | undefined;
  /** ` in a subquery`. */
  readonly via: string;
  /** True when nothing but a WHERE clause follows the subquery. */
  readonly whereOnly: boolean;
}

/** The subquery `q` reads in its FROM clause (see the module comment), or undefined. */
export function derivedRelation(q: SelectQuery): DerivedRelation | undefined {
  const last = q.items[q.items.length - 1];
  if (last === undefined || q.from !== undefined || q.join !== undefined) return undefined;
  FROM_PAREN.lastIndex = last.start + last.code.length;
  if (FROM_PAREN.exec(q.code) === null) return undefined;
  const open = FROM_PAREN.lastIndex - 1;
  const close = closingParen(q.code, open);
  const rest = close < 0 ? undefined : topLevelOnly(q.code, close + 1, q.code.length);
  const m = rest === undefined ? null : AFTER_SUBQUERY.exec(rest);
  if (m === null || (m[1] === undefined && m[2] !== undefined && NOT_ALIAS.has(m[2].toUpperCase())) || SET_OPERATION.test(m[3] ?? "")) return undefined;
  return { query: readSelectSpan(q, open + 1, close), via: " in a subquery", whereOnly: m[3] === undefined || /^WHERE\b/i.test(m[3]) };
}
