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
import type { DataType } from "../types/data-type.js";
import { expressionType, type DerivedType, type TypingScope } from "./expression-types.js";
import { COLUMN_REF, shownText, STAR, withoutAlias, type InsertQuery } from "./insert-query.js";
import { namedRelation, type NamedRelation } from "./named-relation.js";
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

/**
 * The typed columns of `relation` (see the module comment), or undefined when its query is not read;
 * `depth` counts the relations followed to reach it.
 */
export function relationTypes(relation: NamedRelation, ctx: RelationContext, depth = 0): TypedRelation | undefined {
  const q = relation.query;
  if (q === undefined || depth >= MAX_DEPTH) return undefined;
  let scope: Omit<TypingScope, "functions">;
  let inner: TypedRelation | undefined;
  if (q.from !== undefined) {
    const table = q.from.table;
    if (table.columns === undefined) return undefined;
    scope = { columns: table.columns, qualifiers: q.from.qualifiers, columnType: (c): DataType | undefined => c.type ?? windowColumnType(table, c.name) };
  } else {
    // A WITH query sees the statement's other WITH queries (not itself: Flink's WITH is not recursive); a view sees only views.
    const withQuery = relation.kind === "with" && ctx.withQuery !== undefined ? (n: string) => (n === relation.name ? undefined : ctx.withQuery!(n)) : undefined;
    const next = namedRelation({ ...q, ...(withQuery !== undefined ? { withQuery } : {}) }, ctx.views);
    inner = next === undefined ? undefined : relationTypes(next, { ...ctx, ...(withQuery !== undefined ? { withQuery } : {}) }, depth + 1);
    if (inner === undefined) return undefined;
    scope = { columns: inner.columns, qualifiers: inner.qualifiers, columnType: () => undefined, derived: inner.derived };
  }
  const passed = new Set(inner?.types.filter((t) => t !== undefined));
  const columns: TableColumn[] = [];
  const types: (DerivedType | undefined)[] = [];
  const add = (name: string, d: DerivedType | undefined): void => {
    columns.push({ name, insertable: false });
    // A column passed through from an inner relation already says where it comes from.
    types.push(d === undefined || passed.has(d) ? d : through(d, relation.via));
  };
  for (const item of q.items) {
    const star = STAR.exec(item.code);
    if (star !== null) {
      const qualifier = star[1] === undefined ? undefined : unquoteIdentifier(item.text.slice(0, star[1].length));
      // VIRTUAL metadata columns may be left out of `*` (table.column-expansion-strategy): not read.
      if ((qualifier !== undefined && !scope.qualifiers.includes(qualifier)) || scope.columns.some((c) => c.metadata === true && !c.insertable)) return undefined;
      scope.columns.forEach((c, i) => {
        if (inner !== undefined) return add(c.name, inner.types[i]);
        const type = scope.columnType(c);
        add(c.name, type === undefined ? undefined : { type });
      });
      continue;
    }
    const { code, text, alias } = withoutAlias(item);
    const ref = COLUMN_REF.exec(code);
    const name = alias ?? (ref !== null ? unquoteIdentifier(text.slice(text.length - ref[2]!.length)) : `EXPR$${columns.length}`);
    add(name, expressionType(code, text, { ...scope, functions: ctx.functions, shown: (s, e) => shownText(q, item.start + s, item.start + e) }));
  }
  const twice = new Set(columns.filter((c, i) => columns.findIndex((o) => o.name === c.name) !== i).map((c) => c.name));
  const qualifiers = relation.qualifiers;
  return { columns, types, qualifiers, derived: (c) => (twice.has(c.name) ? undefined : types[columns.indexOf(c)]) };
}
