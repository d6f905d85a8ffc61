/**
 * The one relation a query in the plain shape reads by name instead of an interpolated table:
 * `SELECT ... FROM name [[AS] alias] [WHERE | GROUP BY | ... ]`, where the name is a WITH query of
 * the statement (calcite `SqlValidatorImpl` resolves a WITH item before any table of the catalog;
 * with-queries.ts) or a temporary view of the job (view-names.ts: as Flink resolves it, in the
 * built-in catalog and database). Read so that a check can follow the relation one level, as Flink
 * expands a view or WITH query where it is read. A view that renames its columns with a column list
 * after its name is not followed (its SELECT list's names are not the view's), nor is a WITH query
 * that does (`WITH q (a, b) AS ...`: its query is undefined).
 */
import { NOT_ALIAS, readViewQuery, VIEW_COLUMN_LIST, type InsertQuery, type SelectQuery } from "./insert-query.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { NAME, SET_OPERATION, topLevelOnly, unquoteIdentifier } from "./top-level.js";
import { resolvedViewName, written } from "./view-names.js";

/** After a SELECT list (top level): `FROM relation [[AS] alias] [clauses]`; group 1 the relation's path, 2 the alias, 3 the clauses. */
const FROM_RELATION = new RegExp(String.raw`^\s*FROM\s+(${NAME}(?:\s*\.\s*${NAME}){0,2})(?:\s+(?:AS\s+)?(${NAME}))?\s*((?:WHERE|GROUP|HAVING|ORDER|LIMIT|OFFSET|FETCH)\b[\s\S]*)?$`, "i");


/** A relation read by name: its query in the plain shape (undefined when it is not), and how messages say where it is. */
export interface NamedRelation {
  /** A WITH query of the statement, or a view of the job. */
  readonly kind: "with" | "view";
  /** Its name as the reading query writes it (unquoted, the last part of a path). */
  readonly name: string;
  readonly query: SelectQuery | undefined;
  /** ` in the WITH query q`, ` in the view in statements[i]`. */
  readonly via: string;
  /** The names that qualify its columns in the reading query: the alias, else the relation's name. */
  readonly qualifiers: readonly string[];
  /** True when nothing but a WHERE clause follows the relation. */
  readonly whereOnly: boolean;
}

/**
 * The relation `q` reads by name (see the module comment), looked up among `q`'s WITH queries
 * (InsertQuery.withQuery), then `views` (the job's views by name: view-names.ts viewsByName);
 * undefined when `q` reads no single named relation, or one of neither kind.
 */
export function namedRelation(q: SelectQuery & Pick<InsertQuery, "withQuery">, views: ReadonlyMap<string, AnalyzedStatement>): NamedRelation | undefined {
  const last = q.items[q.items.length - 1];
  if (last === undefined || q.from !== undefined || q.join !== undefined) return undefined;
  const after = last.start + last.code.length;
  const flat = topLevelOnly(q.code, after, q.code.length);
  const m = flat === undefined ? null : FROM_RELATION.exec(flat);
  // A set operation after the clauses: the relation is one branch's (set-operations.ts reads the branches).
  if (m === null || (m[2] !== undefined && NOT_ALIAS.has(m[2].toUpperCase())) || SET_OPERATION.test(m[3] ?? "")) return undefined;
  const pathAt = after + m[0].indexOf(m[1]!, m[0].search(/FROM/i) + 4);
  const path = q.text.slice(pathAt, pathAt + m[1]!.length).split(/\s*\.\s*/).map(unquoteIdentifier);
  const aliasAt = m[2] === undefined ? -1 : after + m[0].indexOf(m[2], pathAt - after + m[1]!.length);
  const qualifiers = [m[2] === undefined ? path[path.length - 1]! : unquoteIdentifier(q.text.slice(aliasAt, aliasAt + m[2].length))];
  const whereOnly = m[3] === undefined || /^WHERE\b/i.test(m[3]);
  if (path.length === 1 && q.withQuery !== undefined) {
    const own = q.withQuery(path[0]!);
    if (own !== undefined) return { kind: "with", name: path[0]!, query: own.query, via: ` in the WITH query ${written(path[0]!)}`, qualifiers, whereOnly };
  }
  const name = resolvedViewName(path);
  const view = name === undefined ? undefined : views.get(name);
  if (view === undefined || VIEW_COLUMN_LIST.test(statementCode(view, true))) return undefined;
  return { kind: "view", name: path[path.length - 1]!, query: readViewQuery(view), via: ` in the view in statements[${view.index}]`, qualifiers, whereOnly };
}
