/**
 * What to write when an INSERT's SELECT list has another number of values than its sink has
 * columns to fill (insert-columns.ts; Flink: "Different number of columns", flink
 * `DynamicSinkUtils.validateSchemaAndApplyImplicitCast`). A column list after the sink fills the
 * columns it names, in its order, and NULL into the rest (flink `PreValidateReWriter`); so a list
 * is suggested only when the values' names (their aliases, else the columns they read) are
 * columns of the sink, each once: then the list is those names in the SELECT list's order.
 * Otherwise the list would be a guess (the sink's first columns put a value into a column of
 * another name), and the advice says to list the columns without one.
 */
import type { TableColumn } from "../components/table-definition.js";
import type { InsertQuery } from "./insert-query.js";
import { sqlName } from "./reserved-words.js";

/** A value of the SELECT list: the name the query gives it, when it has one (its alias, else the column it reads). */
export interface NamedValue {
  readonly name?: string;
}

/**
 * The remedy for `values` going into `targets` (the sink's columns to fill, after a static
 * PARTITION's): select one value per column; with fewer values, a column list of the values'
 * names when each is a target column once, after the static PARTITION clause as written (Flink's
 * grammar puts it first: flink `docs/content/docs/dev/table/sql/insert.md`, `INSERT { INTO |
 * OVERWRITE } t [PARTITION part_spec] [column_list] select`), else the advice to list them.
 */
export function countRemedy(q: Pick<InsertQuery, "staticPartitionClause">, targets: readonly TableColumn[], values: readonly NamedValue[]): string {
  const ordered = "select one value per column, in this order";
  if (values.length > targets.length) return `${ordered}, and leave out the values that have no column`;
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
