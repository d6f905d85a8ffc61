/**
 * The columns of a view or WITH query an INSERT reads by name (named-relation.ts:
 * `INSERT INTO ${sink} SELECT a, n FROM per_minute`), with the types Flink gives them, so that the
 * INSERT's values are typed through the relation as they are over a table (selected-values.ts).
 * Flink expands a view or WITH query where it is read and validates its query as a namespace of its
 * own (calcite `SqlValidatorImpl`: `IdentifierNamespace` resolves to the view's expanded query,
 * `WithItemNamespace` to the WITH item's), so its columns are its SELECT list's values, named by
 * their aliases, else the column they read, else `EXPR$i` (calcite `SqlValidatorUtil.alias`), and
 * typed as the same query's SELECT list is typed inline (expression-types.ts over the relation's own
 * FROM table or window TVF; a `*` gives the relation's columns in order).
 *
 * Read only when the relation's query is in the plain shape (insert-query.ts) over an interpolated
 * table or window TVF whose columns are known, or over another view or WITH query read the same way
 * (up to MAX_DEPTH levels); a value that is not typed leaves its column untyped, and a name the
 * relation gives two columns is typed by neither (Flink renames the second one). A view or WITH
 * query that renames its columns with a list is not read (named-relation.ts).
 */
import type { TableColumn } from "../components/table-definition.js";
import { quoteIdentifier, type DataType } from "../types/data-type.js";
import { DataTypes } from "../types/datatypes.js";
import { expressionType, type DerivedType, type TypingScope } from "./expression-types.js";
import { COLUMN_REF, shownText, STAR, withoutAlias, type InsertQuery, type SelectQuery } from "./insert-query.js";
import { namedRelation, type NamedRelation } from "./named-relation.js";
import { literalType } from "./select-item-types.js";
import type { AnalyzedStatement } from "./statement.js";
import { unquoteIdentifier } from "./top-level.js";
import { windowColumnType } from "./window-relation.js";

/** How many views or WITH queries deep a relation is followed (a view over a view over a view). */
const MAX_DEPTH = 3;

/** A view's or WITH query's columns in order, with their types where known. */
export interface TypedRelation {
  /** The columns by name, without types (a type is `derived`'s). */
  readonly columns: readonly TableColumn[];
  /** Each column's type and rule, by position (undefined: not typed). */
  readonly types: readonly (DerivedType | undefined)[];
  /** The names that qualify the columns in the reading query (its alias, else the relation's name). */
  readonly qualifiers: readonly string[];
  /** A column's type by name: undefined for a column not typed, or a name two columns have. */
  readonly derived: (c: TableColumn) => DerivedType | undefined;
}

/** What a relation is read with: the job's views, the functions it declares, and the reading statement's WITH queries. */
export interface RelationContext {
  readonly views: ReadonlyMap<string, AnalyzedStatement>;
  readonly functions: () => ReadonlySet<string>;
  readonly withQuery?: InsertQuery["withQuery"];
}

/** `d` read from the relation `via` names: its rule says where (` in the view in statements[0]`), and so does a whole-number mark. */
function through(d: DerivedType, via: string): DerivedType {
  const why = d.why !== undefined ? `${d.why}${via}` : `from${via.replace(/^ in/, "")}`;
  return { ...d, why, ...(d.truncated !== undefined ? { truncated: { ...d.truncated, where: d.truncated.where ?? via } } : {}) };
}

/** An output column of a plain query: its name, type and rule (undefined: not typed), whether it is a literal, and its text. */
export interface QueryColumn {
  readonly name: string;
  readonly derived: DerivedType | undefined;
  readonly literal: boolean;
  /** The SELECT item as written (with its alias; a `*` column as `c (from *)`), for messages. */
  readonly shown: string;
  /** The value without its alias (a `*` column: its name), for a CAST in advice. */
  readonly value: string;
  /** True when `derived` is a column of the view or WITH query `q` reads, passed through unchanged (it says where it comes from). */
  readonly passed: boolean;
}

/**
 * The output columns of the plain query `q`, typed over its FROM table or window TVF, or over the
 * view or WITH query it reads (relationTypes; `self`: the relation `q` is the query of, if any);
 * with `lenient`, over nothing when its FROM is neither (only what needs no column is typed) or it
 * has none. Undefined when a `*` cannot be expanded, or (not lenient) the FROM is not read.
 */
export function queryColumns(q: SelectQuery, ctx: RelationContext, depth: number, lenient: boolean, self?: NamedRelation): QueryColumn[] | undefined {
  let scope: Omit<TypingScope, "functions">;
  let inner: TypedRelation | undefined;
  if (q.from !== undefined) {
    const table = q.from.table;
    if (table.columns === undefined) return undefined;
    scope = { columns: table.columns, qualifiers: q.from.qualifiers, columnType: (c): DataType | undefined => c.type ?? windowColumnType(table, c.name) };
  } else {
    // A WITH query sees the statement's other WITH queries (not itself: Flink's WITH is not recursive); a view sees only views.
    const own = self === undefined || self.kind === "with" ? ctx.withQuery : undefined;
    const withQuery = own === undefined ? undefined : (n: string) => (n === self?.name ? undefined : own(n));
    const next = q.join === undefined ? namedRelation({ ...q, ...(withQuery !== undefined ? { withQuery } : {}) }, ctx.views) : undefined;
    inner = next === undefined ? undefined : relationTypes(next, { views: ctx.views, functions: ctx.functions, ...(withQuery !== undefined ? { withQuery } : {}) }, depth + 1);
    if (inner === undefined && !lenient) return undefined;
    scope = inner !== undefined ? { columns: inner.columns, qualifiers: inner.qualifiers, columnType: () => undefined, derived: inner.derived } : { columns: [], qualifiers: [], columnType: () => undefined };
  }
  const innerTypes = new Set(inner?.types.filter((t) => t !== undefined));
  const out: QueryColumn[] = [];
  for (const item of q.items) {
    const star = STAR.exec(item.code);
    if (star !== null) {
      const qualifier = star[1] === undefined ? undefined : unquoteIdentifier(item.text.slice(0, star[1].length));
      // VIRTUAL metadata columns may be left out of `*` (table.column-expansion-strategy): not read.
      if ((q.from === undefined && inner === undefined) || (qualifier !== undefined && !scope.qualifiers.includes(qualifier)) || scope.columns.some((c) => c.metadata === true && !c.insertable)) return undefined;
      scope.columns.forEach((c, i) => {
        const type = inner !== undefined ? undefined : scope.columnType(c);
        const derived = inner !== undefined ? inner.types[i] : type === undefined ? undefined : { type };
        out.push({ name: c.name, derived, literal: false, shown: `${c.name} (from ${item.shown})`, value: quoteIdentifier(c.name), passed: inner !== undefined });
      });
      continue;
    }
    const { code, text, alias } = withoutAlias(item);
    const ref = COLUMN_REF.exec(code);
    const name = alias ?? (ref !== null ? unquoteIdentifier(text.slice(text.length - ref[2]!.length)) : `EXPR$${out.length}`);
    const shown = (s: number, e: number): string => shownText(q, item.start + s, item.start + e);
    const derived = /^NULL$/i.test(code) ? { type: DataTypes.NULL() } : expressionType(code, text, { ...scope, functions: ctx.functions, shown });
    const passed = derived !== undefined && innerTypes.has(derived);
    out.push({ name, derived, literal: literalType(code, text) !== undefined || /^NULL$/i.test(code), shown: item.shown, value: shown(0, code.length), passed });
  }
  return out;
}

/**
 * The typed columns of `relation` (see the module comment), or undefined when its query is not read;
 * `depth` counts the relations followed to reach it.
 */
export function relationTypes(relation: NamedRelation, ctx: RelationContext, depth = 0): TypedRelation | undefined {
  const q = relation.query;
  if (q === undefined || depth >= MAX_DEPTH) return undefined;
  const read = queryColumns(q, ctx, depth, false, relation);
  if (read === undefined) return undefined;
  const columns: TableColumn[] = read.map((c) => ({ name: c.name, insertable: false }));
  // A column passed through from an inner relation already says where it comes from.
  const types = read.map((c) => (c.derived === undefined || c.passed ? c.derived : through(c.derived, relation.via)));
  const twice = new Set(columns.filter((c, i) => columns.findIndex((o) => o.name === c.name) !== i).map((c) => c.name));
  return { columns, types, qualifiers: relation.qualifiers, derived: (c) => (twice.has(c.name) ? undefined : types[columns.indexOf(c)]) };
}
