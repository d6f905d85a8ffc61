/**
 * Every SELECT of an INSERT's or a view's query that is in the plain shape (insert-query.ts): the
 * statement's own query (after a leading WITH list, if it has one), each WITH query, each subquery
 * in FROM and each other parenthesized subquery. Calcite validates each of them as a query of its
 * own, with its own scope and its own GROUP BY (calcite `SqlValidatorImpl.validateSelect` for every
 * SELECT namespace; `validateWithItem` for a WITH query), so a check of one query's clauses holds
 * for each of them. A query in another shape (a set operation, a FROM that names a WITH query in
 * plain text ...) is not listed.
 */
import { COLUMN_REF, MARK, NOT_ALIAS, querySource, readInsertQuery, readSelectSpan, readViewQuery, type SelectQuery } from "./insert-query.js";
import type { AnalyzedStatement } from "./statement.js";
import { closingParen, NAME, unquoteIdentifier, type Span } from "./top-level.js";
import { leadingWithList } from "./with-queries.js";

/** A query of a statement: where it is, for messages (`the WITH query hourly`, `the subquery t in FROM`, `a subquery`); undefined for the statement's own query. */
export interface StatementQuery {
  readonly query: SelectQuery;
  readonly label?: string;
}

/** A subquery: `(` then SELECT. */
const SUBQUERY = /\(\s*SELECT\b/gi;
/** What ends the code before a subquery in FROM. */
const FROM_OR_JOIN = /(?<![\w$])(?:FROM|JOIN)\s*$/i;
const ALIAS = new RegExp(String.raw`^\s*(?:AS\s+)?(${NAME})`, "i");

/** The parenthesized subqueries of `code` [from, to): the span of each, parentheses included. */
export function subquerySpans(code: string, from = 0, to = code.length): Span[] {
  const out: Span[] = [];
  for (const m of code.slice(from, to).matchAll(SUBQUERY)) {
    const close = closingParen(code, from + m.index);
    if (close >= 0 && close < to) out.push([from + m.index, close + 1]);
  }
  return out;
}

/** The statement's queries in the plain shape (see the module comment): its own first, then the others in the order they open. */
export function statementQueries(a: AnalyzedStatement): StatementQuery[] {
  const out: StatementQuery[] = [];
  const source = querySource(a);
  if (source === undefined) return out;
  const { text, code } = source;
  const list = leadingWithList(code);
  let main: SelectQuery | undefined;
  if (a.kind !== "view") main = readInsertQuery(a, true);
  else main = readViewQuery(a) ?? (list !== undefined && /\bAS\s*$/i.test(code.slice(0, list.at)) ? readSelectSpan(source, list.end, code.length) : undefined);
  if (main !== undefined) out.push({ query: main });
  for (const [open, end] of subquerySpans(code)) {
    const query = readSelectSpan(source, open + 1, end - 1);
    if (query === undefined) continue;
    const withQuery = list?.queries.find((w) => w.open === open);
    if (withQuery !== undefined) {
      out.push({ query, label: `the WITH query ${withQuery.name}` });
      continue;
    }
    if (!FROM_OR_JOIN.test(code.slice(Math.max(0, open - 40), open))) {
      out.push({ query, label: "a subquery" });
      continue;
    }
    const alias = ALIAS.exec(code.slice(end));
    const named = alias !== null && !NOT_ALIAS.has(alias[1]!.toUpperCase()) && !alias[1]!.startsWith(MARK) && COLUMN_REF.test(alias[1]!);
    const written = named ? unquoteIdentifier(text.slice(end + alias[0].length - alias[1]!.length, end + alias[0].length)) : undefined;
    out.push({ query, label: written === undefined ? "the subquery in FROM" : `the subquery ${written} in FROM` });
  }
  return out;
}
