/**
 * The WITH list at the head of a statement's query (`INSERT INTO t [(cols)] WITH a AS (...), b AS
 * (...) SELECT ...`, `CREATE TEMPORARY VIEW v AS WITH ... SELECT ...`), read so that a WITH query is
 * followed as a view is: Flink expands both in place where they are read (calcite `Parser.jj`
 * `WithList` / `WithItem`: `WITH name [(column, ...)] AS (query) [, ...]`, each item seeing the
 * ones before it; calcite `SqlValidatorImpl` registers a WITH item's query as a namespace of its
 * own, like a view's, and `SqlToRelConverter` plans it where it is referenced).
 *
 * withQueryParts splits a statement's code into its main query and one text per WITH query, each
 * the same length as the code (everything else blanked), so offsets found in a part are offsets in
 * the statement; readers first (the main query, then the WITH queries last to first), as
 * view-names.ts withViews orders a statement and the views it reads.
 */
import { closingParen, WRITTEN_NAME } from "./top-level.js";

/** One WITH query: its name (unquoted), whether it renames columns, and its body's parentheses in the code. */
export interface WithQuery {
  readonly name: string;
  readonly columns: boolean;
  readonly open: number;
  readonly close: number;
}

const ITEM = new RegExp(String.raw`\s*(${WRITTEN_NAME})\s*(\([^()]*\)\s*)?AS\s*\(`, "iy");

/** The first WITH at parenthesis depth 0 of `code` that opens a WITH list, and its queries; undefined without one. */
export function leadingWithList(code: string): { readonly at: number; readonly queries: readonly WithQuery[]; readonly end: number } | undefined {
  for (const m of code.matchAll(/\bWITH\b/gi)) {
    let depth = 0;
    for (let j = 0; j < m.index!; j++) depth += code[j] === "(" ? 1 : code[j] === ")" ? -1 : 0;
    if (depth !== 0) continue;
    const queries: WithQuery[] = [];
    let pos = m.index! + 4;
    for (;;) {
      ITEM.lastIndex = pos;
      const item = ITEM.exec(code);
      if (item === null) break;
      const open = ITEM.lastIndex - 1;
      const close = closingParen(code, open);
      if (close < 0) break;
      queries.push({ name: item[1]!.startsWith("`") ? item[1]!.slice(1, -1).replace(/``/g, "`") : item[1]!, columns: item[2] !== undefined, open, close });
      pos = close + 1;
      const comma = /\s*,/y;
      comma.lastIndex = pos;
      if (comma.exec(code) === null) break;
      pos = comma.lastIndex;
    }
    if (queries.length > 0) return { at: m.index!, queries, end: queries[queries.length - 1]!.close + 1 };
  }
  return undefined;
}

const blank = (text: string): string => text.replace(/[^\n]/g, " ");

/**
 * `code` split into its main query (the WITH list blanked) and one text per WITH query (all but its
 * parenthesized body blanked), readers first; `[code]` without a WITH list.
 */
export function withQueryParts(code: string): string[] {
  const list = leadingWithList(code);
  if (list === undefined) return [code];
  const main = code.slice(0, list.at) + blank(code.slice(list.at, list.end)) + code.slice(list.end);
  const bodies = list.queries.map((q) => blank(code.slice(0, q.open)) + code.slice(q.open, q.close + 1) + blank(code.slice(q.close + 1)));
  return [main, ...bodies.reverse()];
}

/**
 * The WITH queries of `code` that the span [start, end) reads, also through other WITH queries
 * (after FROM or JOIN, by name), each once.
 */
export function withQueriesRead(code: string, span: readonly [number, number]): WithQuery[] {
  const list = leadingWithList(code);
  if (list === undefined) return [];
  const out: WithQuery[] = [];
  const spans: (readonly [number, number])[] = [span];
  for (let i = 0; i < spans.length; i++) {
    const text = code.slice(spans[i]![0], spans[i]![1]);
    for (const q of list.queries) {
      if (out.includes(q)) continue;
      const name = q.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      if (!new RegExp(`\\b(?:[Ff][Rr][Oo][Mm]|[Jj][Oo][Ii][Nn])\\s+\`?${name}\`?(?![A-Za-z0-9_$\`])`).test(text)) continue;
      out.push(q);
      spans.push([q.open, q.close + 1]);
    }
  }
  return out;
}
