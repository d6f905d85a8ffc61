/**
 * What to write when an INSERT's SELECT list has another number of values than its sink has
 * columns to fill (insert-columns.ts; Flink: "Different number of columns", flink
 * `DynamicSinkUtils.validateSchemaAndApplyImplicitCast`). A column list after the sink fills the
 * columns it names, in its order, and NULL into the rest (flink `PreValidateReWriter`); so a list
 * is suggested only when the values' names (their aliases, else the columns they read) are
 * columns of the sink, each once: then the list is those names in the SELECT list's order.
 * Otherwise the list would be a guess (the sink's first columns put a value into a column of
 * another name), and the advice says to list the columns without one.
 *
 * With fewer values than columns, a column followed by a name without AS (`order_id amount`) is
 * one value (calcite `Parser.jj` AddSelectItem: `SelectExpression() [ [ <AS> ] alias ]`, so a
 * missing comma makes the second name the first one's alias): when that name is a column of the
 * read table or of the sink, the advice says a comma may be missing between the two, and offers
 * no column list (the list of the values' names would write order ids into `amount`: BIGINT to
 * DECIMAL is an implicit cast, so the job would start and write the wrong column).
 */
import type { TableColumn } from "../components/table-definition.js";
import type { InsertQuery } from "./insert-query.js";
import { sqlName } from "./reserved-words.js";

/** A value of the SELECT list: the name the query gives it, when it has one (its alias, else the column it reads). */
export interface NamedValue {
  readonly name?: string;
  /** A column reference followed by an alias without AS, as written. */
  readonly aliasWithoutAs?: { readonly value: string; readonly alias: string };
}

/**
 * The advice for `values` that are fewer than `columns` when one or more is a column followed by
 * a name of a column (`isColumn`) without AS: a comma may be missing there; else undefined.
 */
function missingComma(values: readonly NamedValue[], columns: number, isColumn: (name: string) => boolean): string | undefined {
  if (values.length >= columns) return undefined;
  const slips = values.flatMap((v) => (v.aliasWithoutAs !== undefined && v.name !== undefined && isColumn(v.name) ? [v.aliasWithoutAs] : []));
  if (slips.length === 0) return undefined;
  const each = slips.map((s) => `${JSON.stringify(`${s.value} ${s.alias}`)} is one value, ${s.value} named ${s.alias}`).join("; ");
  const fixes = slips.map((s) => `${s.value}, ${s.alias}`).join(" and ");
  return `${each} (a name right after a value is its alias: AS is optional), so a comma may be missing there: write ${fixes}`;
}

/** The missing-comma advice (missingComma) when it applies, followed by `otherwise` as what to do else; else `otherwise`. */
export function commaOrCount(values: readonly NamedValue[], columns: number, isColumn: (name: string) => boolean, otherwise: string): string {
  const comma = missingComma(values, columns, isColumn);
  return comma === undefined ? otherwise : `${comma}; else ${otherwise}`;
}

/**
 * The remedy for `values` going into `targets` (the sink's columns to fill, after a static
 * PARTITION's): select one value per column; with fewer values, a column list of the values'
 * names when each is a target column once, after the static PARTITION clause as written (Flink's
 * grammar puts it first: flink `docs/content/docs/dev/table/sql/insert.md`, `INSERT { INTO |
 * OVERWRITE } t [PARTITION part_spec] [column_list] select`), else the advice to list them. When a
 * comma may be missing (a column followed by a name of `isColumn` without AS), that advice and no list.
 */
export function countRemedy(
  q: Pick<InsertQuery, "staticPartitionClause">,
  targets: readonly TableColumn[],
  values: readonly NamedValue[],
  isColumn: (name: string) => boolean = () => false,
): string {
  const ordered = "select one value per column, in this order";
  if (values.length > targets.length) return `${ordered}, and leave out the values that have no column`;
  const comma = missingComma(values, targets.length, isColumn);
  if (comma !== undefined) return `${comma}; else ${ordered}`;
  const partition = q.staticPartitionClause !== undefined ? `${q.staticPartitionClause} ` : "";
  const names = values.map((v) => v.name);
  const matched = names.every((n, i) => n !== undefined && targets.some((t) => t.name === n) && names.indexOf(n) === i);
  if (!matched || values.length === 0) {
    return `${ordered}, or name the column each value goes into, in the SELECT list's order: INSERT INTO \${sink} ${partition}(column, ...) SELECT ...`;
  }
  const left = targets.filter((t) => !names.includes(t.name) && t.type !== undefined && !t.type.isNullable);
  const notNull = left.length === 0 ? "" : ` (and give ${left.map((t) => JSON.stringify(t.name)).join(", ")}, NOT NULL, a value: a column left out of the list gets NULL)`;
  return `${ordered}, or name the columns you fill, as the values' names say: INSERT INTO \${sink} ${partition}(${names.map((n) => sqlName(n!)).join(", ")}) SELECT ...${notNull}`;
}
