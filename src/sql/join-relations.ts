/**
 * A FROM clause that joins interpolated tables, read strictly so the names of the query can be
 * resolved against every relation (expression-columns.ts):
 *
 *     ${a} [[AS] x] { (, | [INNER | CROSS] JOIN | (LEFT | RIGHT | FULL) [OUTER] JOIN)
 *                     ${b} [FOR SYSTEM_TIME AS OF [q.]c] [[AS] y] [ON condition | USING (c, ...)] }
 *
 * up to the first top-level WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, OFFSET, FETCH, WINDOW or set
 * operation. Anything else leaves the clause unread (undefined): NATURAL, LATERAL, UNNEST, a
 * subquery, a window TVF, a table named in plain text, a table whose columns are unknown, a table
 * joined twice without an alias for each, two relations with one qualifier. Join syntax: flink
 * `docs/content/docs/dev/table/sql/queries/joins.md`; calcite `Parser.jj` (`FromClause`,
 * `JoinTable`, `TableRef`): an alias hides the table's own name as a qualifier.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { closingParen, NAME, queryClauses, SET_OPERATION, topLevelOnly, unquoteIdentifier, type QueryClauses } from "./top-level.js";

/** One relation of the FROM clause and the names that qualify its columns (its alias, else its name and its markers). */
export interface Relation {
  readonly table: TableDefinition;
  readonly qualifiers: readonly string[];
  /** The alias, when it has one (messages show it). */
  readonly alias?: string;
  /** How it joins the relations before it (every relation but the first): regular-outer-joins.ts reads it. */
  readonly join?: JoinStep;
  /** Its marker's number, the index of its mention in the query's tables (readJoin sets it): where its OPTIONS hint is. */
  readonly marker?: number;
}

/** How a relation joins the ones before it: the join's kind, its ON condition or USING columns, and whether it is read FOR SYSTEM_TIME AS OF. */
export interface JoinStep {
  /** "," for a comma of the FROM list; "JOIN" for a plain JOIN (an inner join). */
  readonly type: "," | "JOIN" | "INNER" | "CROSS" | "LEFT" | "RIGHT" | "FULL";
  readonly on?: QueryPart;
  /** The USING clause's text inside its parentheses. */
  readonly using?: QueryPart;
  /** FOR SYSTEM_TIME AS OF: a temporal or lookup join. */
  readonly asOf: boolean;
}

/** Part of the query as written and as code (same offsets). */
export interface QueryPart {
  readonly text: string;
  readonly code: string;
}

/** An ON condition, or the column after FOR SYSTEM_TIME AS OF. */
export interface JoinCondition extends QueryPart {
  readonly kind: "ON condition" | "FOR SYSTEM_TIME AS OF column";
}

export interface JoinedRelations {
  readonly relations: readonly Relation[];
  readonly conditions: readonly JoinCondition[];
  /** The top-level clauses after the FROM clause (top-level.ts queryClauses). */
  readonly clauses: QueryClauses;
}

const JOIN = /\s*(?:(,)|(?:(INNER|CROSS|LEFT|RIGHT|FULL)(?:\s+OUTER)?\s+)?JOIN(?![\w$]))/iy;
/** Where an ON condition ends: the next join (top level). */
const NEXT_JOIN = /,|(?<![\w$])(?:INNER|CROSS|LEFT|RIGHT|FULL|JOIN|NATURAL)(?![\w$])/i;
const AS_OF = new RegExp(String.raw`\s+FOR\s+SYSTEM_TIME\s+AS\s+OF\s+((?:${NAME}\s*\.\s*)*${NAME})(?![\w$]|\s*[.(])`, "iy");
const ALIAS = new RegExp(String.raw`\s+(?:AS\s+)?(${NAME})(?![\w$])`, "iy");
/** Words after a relation that are no alias. */
const NOT_ALIAS = /^(?:ON|USING|JOIN|INNER|CROSS|LEFT|RIGHT|FULL|OUTER|NATURAL|LATERAL|FOR|WHERE|GROUP|HAVING|ORDER|LIMIT|OFFSET|FETCH|WINDOW|QUALIFY|UNION|INTERSECT|EXCEPT|MINUS|MATCH_RECOGNIZE|TABLESAMPLE)$/i;

/**
 * The relations of the FROM clause that starts at `at` (just after FROM) of `code` (the query's
 * code: literals blanked between their quotes, back-quoted names as `q`s; `text` the same as
 * written), with each interpolated table as `mark(k)` for `tables[k]`; undefined unless the clause
 * is a join of interpolated tables as above.
 */
export function readJoin(text: string, code: string, at: number, tables: readonly TableDefinition[], mark: string): JoinedRelations | undefined {
  const flat = topLevelOnly(code, at, code.length);
  // The SELECT list of a set operation's first branch is read alone elsewhere: not here.
  if (flat === undefined || SET_OPERATION.test(flat)) return undefined;
  // The FROM clause ends where the first clause after it starts.
  const clauses = queryClauses(flat, at);
  const end = clauses.start;
  const marker = new RegExp(String.raw`\s*${mark}(\d+)__`, "y");
  const part = (from: number, to: number): QueryPart => ({ text: text.slice(from, to), code: code.slice(from, to) });
  const found: { table: TableDefinition; marker: number; alias?: string; join?: JoinStep }[] = [];
  let type: JoinStep["type"] | undefined;
  const conditions: JoinCondition[] = [];
  let pos = at;
  for (;;) {
    marker.lastIndex = pos;
    const m = marker.exec(code);
    if (m === null || marker.lastIndex > end) return undefined;
    const table = tables[Number(m[1])];
    if (table?.columns === undefined) return undefined;
    pos = marker.lastIndex;
    AS_OF.lastIndex = pos;
    const asOf = AS_OF.exec(code);
    const step: { on?: QueryPart; using?: QueryPart } = {};
    if (asOf !== null) {
      conditions.push({ kind: "FOR SYSTEM_TIME AS OF column", ...part(AS_OF.lastIndex - asOf[1]!.length, AS_OF.lastIndex) });
      pos = AS_OF.lastIndex;
    }
    ALIAS.lastIndex = pos;
    const a = ALIAS.exec(code);
    let alias: string | undefined;
    if (a !== null && ALIAS.lastIndex <= end && !NOT_ALIAS.test(a[1]!)) {
      alias = unquoteIdentifier(text.slice(ALIAS.lastIndex - a[1]!.length, ALIAS.lastIndex));
      pos = ALIAS.lastIndex;
    }
    const entry: { table: TableDefinition; marker: number; alias?: string; join?: JoinStep } = { table, marker: Number(m[1]), ...(alias !== undefined ? { alias } : {}) };
    found.push(entry);
    if (found.length > 1) {
      const on = /\s*ON(?![\w$])/iy;
      const using = /\s*USING\s*\(/iy;
      on.lastIndex = pos;
      using.lastIndex = pos;
      if (on.test(code)) {
        const rest = flat.slice(on.lastIndex - at, end - at);
        const next = NEXT_JOIN.exec(rest);
        const stop = next === null ? end : on.lastIndex + next.index;
        conditions.push({ kind: "ON condition", ...part(on.lastIndex, stop) });
        step.on = part(on.lastIndex, stop);
        pos = stop;
      } else if (using.test(code)) {
        const close = closingParen(code, using.lastIndex - 1);
        if (close < 0 || close >= end) return undefined;
        step.using = part(using.lastIndex, close);
        pos = close + 1;
      }
    }
    if (type !== undefined) entry.join = { type, ...step, asOf: asOf !== null };
    if (code.slice(pos, end).trim() === "") break;
    JOIN.lastIndex = pos;
    const j = JOIN.exec(code);
    if (j === null) return undefined;
    type = j[1] !== undefined ? "," : ((j[2]?.toUpperCase() ?? "JOIN") as JoinStep["type"]);
    pos = JOIN.lastIndex;
  }
  if (found.length < 2) return undefined;
  const relations: Relation[] = found.map(({ table, marker, alias, join }) => ({
    table,
    marker,
    qualifiers: alias !== undefined ? [alias] : [table.tableName, ...tables.flatMap((t, k) => (t === table ? [`${mark}${k}__`] : []))],
    ...(alias !== undefined ? { alias } : {}),
    ...(join !== undefined ? { join } : {}),
  }));
  // A qualifier must name one relation: a table joined twice needs an alias for each.
  const all = relations.flatMap((r) => r.qualifiers);
  if (new Set(all).size !== all.length) return undefined;
  return { relations, conditions, clauses };
}
