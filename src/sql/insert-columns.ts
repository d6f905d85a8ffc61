/**
 * An `INSERT INTO ${sink} ...` against the sink's columns, checked at preview where Flink's
 * planner would fail the job when it starts (flink `table/planner/.../calcite/PreValidateReWriter`,
 * `DynamicSinkUtils.validateSchemaAndApplyImplicitCast`: "Column types of query result and sink
 * for ... do not match", with "Different number of columns" or "Incompatible types for sink
 * column 'c' at position n"):
 *
 * - the number of values the SELECT list gives, against the sink's insertable columns or the
 *   column list after the sink (a `*` counts the FROM table's columns);
 * - every column the list names is an insertable column of the sink, and none is a reserved word
 *   of Flink SQL written without back-quotes (reserved-words.ts `unquotedReservedSinkColumn`);
 * - the type of each value Flink would write without a CAST (types.casts `supportsImplicitCast`:
 *   sink-value-types.ts), where the value's type is known (selected-values.ts reads the values): a column of the FROM table (also through `*`), a
 *   `CAST(... AS type)`, a literal, or an expression typed as Flink types it (expression-types.ts:
 *   aggregates, arithmetic, CASE, COALESCE, IF, casts and predicates over typed operands, common
 *   built-in functions: function-types.ts); any other expression is left to the runtime;
 * - a nullable column of the FROM table written as it is into a NOT NULL sink column (a primary
 *   key): a warning, Flink fails the job on the first NULL (nullIntoNotNull); so is an expression
 *   that is NULL where such a column is (`CAST(ts AS DATE)`, `UPPER(kind)`, `id + 1`:
 *   null-propagation.ts, nullableExpression); `NULL` or
 *   `CAST(NULL AS ...)` into one: an error; a column list that leaves one out: an error
 *   (PreValidateReWriter fills it with NULL and refuses);
 * - a column reference in the SELECT list that matches no column of the FROM table (selected-values.ts; Flink's
 *   identifiers are case-sensitive; unquoted literals and parenthesis-less functions such as NULL
 *   or CURRENT_TIMESTAMP are no column references), and names inside the expressions of the SELECT
 *   list and WHERE clause (expression-columns.ts, also over a join). Of the clauses after FROM only
 *   the WHERE's top-level conditions are read, for the NOT NULL rule (insert-query.ts nullRejectedColumns, where-not-null.ts).
 *
 * Only the plain query shape is read (insert-query.ts, also after a WITH list); a view or WITH query
 * read by name instead of a table is followed (named-relation.ts, relation-types.ts: its columns
 * typed by its own query); a set operation is read branch by branch (set-operations.ts: the values
 * it writes have the branches' common type) and VALUES row by row (values-rows.ts); anything else is
 * left to the runtime.
 */
import { knows } from "../components/failed-table-parts.js";
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { quoteIdentifier } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { listed, nameList } from "../validation/name-list.js";
import { commaOrCount, countRemedy } from "./column-count-remedy.js";
import { checkExpressionColumns } from "./expression-columns.js";
import { readInsertQuery, type InsertQuery } from "./insert-query.js";
import { namedRelation } from "./named-relation.js";
import { relationTypes } from "./relation-types.js";
import { setOperationValues, type SetOperationValues } from "./set-operations.js";
import { firstSetting } from "./job-config.js";
import { reportReserved as report, unquotedReservedSinkColumn } from "./reserved-words.js";
import { checkReservedAliases, checkWhereOperands, selectedValues, type SelectedValue } from "./selected-values.js";
import { nullRejectedByTests } from "./where-not-null.js";
import { unfilteredTryCast } from "./try-cast-nulls.js";
import { checkValueType } from "./sink-value-types.js";
import { checkStaticPartitionKeys } from "./static-partition.js";
import type { AnalyzedStatement } from "./statement.js";
import { UnknownNames } from "./unknown-names.js";
import { checkUpsertFromChangelog, type UpsertContext } from "./upsert-keys.js";
import { checkValuesRows } from "./values-rows.js";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Flink's `table.exec.sink.not-null-enforcer` (ExecutionConfigOptions; default ERROR). */
export const NOT_NULL_ENFORCER_KEY = "table.exec.sink.not-null-enforcer";

/**
 * The `table.exec.sink.not-null-enforcer` the job runs with: the job's configuration, else the
 * target's (`elsewhere`, JobPlanInput.notNullEnforcerElsewhere), else Flink's default ERROR. Each plain value must be ERROR
 * or DROP in any case (flink ExecutionConfigOptions.NotNullEnforcer; ConfigurationUtils reads
 * enums case-insensitively): anything else fails the job when it starts. null when the first one
 * set is not known at preview (an Output, or a map that is one).
 */
export function effectiveNotNullEnforcer(
  configuration: Readonly<Record<string, string>> | undefined,
  elsewhere: readonly { readonly value: unknown; readonly path: string }[] | undefined,
  diag: Diagnostics,
): string | null | undefined {
  // The job's configuration, then each of the deploy target's settings (no list of candidates built per job).
  checkNotNullEnforcerValue(configuration?.[NOT_NULL_ENFORCER_KEY], NOT_NULL_ENFORCER_PATH, diag);
  if (elsewhere !== undefined) for (const c of elsewhere) checkNotNullEnforcerValue(c.value, c.path, diag);
  return firstSetting(configuration, elsewhere, NOT_NULL_ENFORCER_KEY);
}

/** Where the job's configuration sets the enforcer. */
const NOT_NULL_ENFORCER_PATH = `configuration[${JSON.stringify(NOT_NULL_ENFORCER_KEY)}]`;

/** An error at `path` when `value` is a string that is no value of the enforcer. */
function checkNotNullEnforcerValue(value: unknown, path: string, diag: Diagnostics): void {
  // No trim: Flink compares the value as it is (ConfigurationUtils.convertToEnum).
  if (typeof value === "string" && !/^(ERROR|DROP)$/i.test(value)) {
    diag.error(path, `${JSON.stringify(value)} is no value of ${NOT_NULL_ENFORCER_KEY}: write ERROR (the default: a NULL in a NOT NULL column fails the job) or DROP (such rows are dropped); Flink fails the job when it starts otherwise`);
  }
}

/**
 * A nullable column of the FROM table written as it is into a NOT NULL column of the sink (a
 * primary-key column is NOT NULL): Flink's planner accepts it and adds a constraint enforcer that,
 * under the default `table.exec.sink.not-null-enforcer` ERROR, fails the job on the first NULL
 * (flink `table/planner/.../plan/nodes/exec/common/CommonExecSink.java`, `ConstraintEnforcer`:
 * "Column 'c' is NOT NULL, however, a null value is being written into it"); the restarted job
 * reads the same row again. Top-level columns only, as the enforcer checks them: a NOT NULL inside
 * the type (a MAP key, an ARRAY element, a ROW field) is checked neither by the planner (sink types
 * are made nullable at every level, types/casts.ts) nor while the job runs, so a nullable one goes
 * into it without a word from Flink, and from here. Not reported when a top-level condition of
 * the WHERE rejects NULL for the column (`c IS NOT NULL`, `c > 0`, ...: insert-query.ts nullRejectedColumns; `CAST(c AS DATE) IS NOT NULL`: where-not-null.ts), the FROM table never reads NULL into it (a 'datagen' column without a null-rate),
 * or the enforcer is DROP.
 */
function nullIntoNotNull(v: SelectedValue, col: TableColumn, nullRejected: readonly string[]): boolean {
  return v.column !== undefined && v.neverNull !== true && v.type !== undefined && v.type.isNullable && col.type !== undefined && !col.type.isNullable && !nullRejected.includes(v.column);
}

/**
 * The columns of the FROM table whose NULL makes expression `v` NULL (null-propagation.ts), less
 * those a top-level WHERE condition rejects NULL for, when `v` goes into the NOT NULL column `col`;
 * undefined when there are none or `v` is a plain column (nullIntoNotNull). The same enforcer fails
 * the job on the first NULL (flink CommonExecSink, ConstraintEnforcer): Flink's type for the
 * expression is nullable then too (calcite SqlTypeTransforms.TO_NULLABLE), and the planner accepts it
 * as it accepts a nullable column (sink types are made nullable before they are compared).
 */
function nullableExpression(v: SelectedValue, col: TableColumn, columns: readonly TableColumn[] | undefined, nullRejected: readonly string[]): { columns: TableColumn[]; shown: string } | undefined {
  if (v.column !== undefined || v.nulls === undefined || columns === undefined || col.type === undefined || col.type.isNullable) return undefined;
  const nulls = v.nulls();
  const own = nulls?.columns.filter((c) => columns.includes(c) && !nullRejected.includes(c.name)) ?? [];
  return own.length > 0 ? { columns: own, shown: nulls!.shown } : undefined;
}

/**
 * The warning for a value that may be NULL (`value` says which and when) going into the NOT NULL
 * column `into.column` of `into.target`: the enforcer's failure and the ways out, over the source
 * columns whose NULL makes it NULL (`named`: listed after "Declare the source column(s)"),
 * `coalesce` the text COALESCE wraps, `fromStar` the value is one of a `*`'s.
 */
function nullIntoNotNullWarning(
  value: string,
  source: { readonly columns: readonly string[]; readonly named: boolean; readonly coalesce: string; readonly fromStar?: boolean },
  into: NotNullTarget,
): string {
  const one = source.columns.length === 1;
  return notNullFailure(
    value,
    "NULL",
    into,
    `Declare the source column${one ? "" : "s"}${source.named ? ` ${listed(source.columns)}` : ""} NOT NULL if ${one ? "it never is" : "they never are"} NULL, ` +
      `filter the rows (WHERE ${source.columns.map((n) => `${quoteIdentifier(n)} IS NOT NULL`).join(" AND ")}) or write COALESCE(${source.coalesce}, ...)${source.fromStar === true ? ", listing the columns instead of *" : ""}`,
  );
}

/** The NOT NULL sink column a value goes into, and whether the job is batch (no restart reads the row again). */
interface NotNullTarget {
  readonly target: TableDefinition;
  readonly column: TableColumn;
  readonly batch: boolean;
}

/**
 * `value` (which may be NULL) into `into`'s NOT NULL column: the enforcer fails the job on the first
 * `first` ("NULL", "such row"), then `remedy`, then the DROP setting as the last way out.
 */
function notNullFailure(value: string, first: string, into: NotNullTarget, remedy: string): string {
  const { column: col } = into;
  return (
    `${value}, and goes into ${into.target.label}'s column ${JSON.stringify(col.name)} (${col.type!.toString()}): ` +
    `Flink fails the job on the first ${first} ("Column '${col.name}' is NOT NULL, however, a null value is being written into it"; ${NOT_NULL_ENFORCER_KEY} ERROR)${into.batch ? "" : ", and the restarted job reads that row again"}. ` +
    `${remedy}; ${NOT_NULL_ENFORCER_KEY} = 'DROP' in the job's configuration drops such rows without a word`
  );
}

/**
 * Checks an INSERT against its sink's columns (see the module comment); problems at
 * `statements[i]`. Nothing is reported for a query shape it does not read.
 */
export function checkInsertColumns(
  a: AnalyzedStatement,
  diag: Diagnostics,
  notNullEnforcer: string | null = "ERROR",
  upsert: UpsertContext = { batch: false, materialize: undefined },
  functions: () => ReadonlySet<string> = () => new Set(),
  views: ReadonlyMap<string, AnalyzedStatement> = new Map(),
  flinkVersion?: string,
): void {
  const target: TableDefinition | undefined = a.target;
  const sinkColumns = target?.columns?.filter((c) => c.insertable);
  if (target === undefined || sinkColumns === undefined) return;
  // After a WITH list the SELECT that follows is what the INSERT writes.
  const q = readInsertQuery(a, true);
  const at = `statements[${a.index}]`;
  const enforced = notNullEnforcer === null ? undefined : notNullEnforcer.toUpperCase() !== "DROP";
  let targets: readonly TableColumn[] = sinkColumns;
  let set: SetOperationValues | undefined;
  let values: SelectedValue[] | undefined;
  if (q === undefined) {
    // VALUES, or a set operation whose first branch has no FROM (`SELECT 1 UNION ALL ...`).
    set = setOperationValues(a, undefined, { views, functions }, diag, targets);
    if (set === undefined) return checkValuesRows(a, target, sinkColumns, functions, diag, enforced);
    values = set.values;
  } else {
    if (q.staticPartition !== undefined) {
      // A table that failed validation (synth) whose partitionedBy did not read: its keys are not known.
      if (knows(target, "partitionKeys")) checkStaticPartitionKeys(target, q.staticPartition, at, diag);
      // The SELECT fills the other columns, in the table's order; with a column list too, the list decides (left to Flink).
      if (q.columnList !== undefined || !q.staticPartition.every((c) => target.partitionKeys?.includes(c))) return;
      targets = sinkColumns.filter((c) => !q.staticPartition!.includes(c.name));
    }
    if (q.columnList !== undefined) {
      const listed: TableColumn[] = [];
      for (const { name, written } of q.columnList) {
        const reserved = unquotedReservedSinkColumn(written, target, sinkColumns, flinkVersion);
        if (reserved !== undefined) report(at, reserved, diag);
        const c = sinkColumns.find((s) => s.name === name);
        if (c !== undefined) listed.push(c);
        else if (reserved === undefined) {
          diag.error(at, `the column list names ${JSON.stringify(name)}, which is not a column ${target.label} can be written (its columns: ${nameList(sinkColumns.map((s) => s.name))}); Flink fails when the job starts ("Unknown target column")`);
        }
      }
      if (listed.length < q.columnList.length) return;
      targets = listed;
      // PreValidateReWriter fills a column left out of the list with NULL, and refuses a NOT NULL one.
      const left = sinkColumns.filter((c) => c.type !== undefined && !c.type.isNullable && !listed.includes(c));
      if (left.length > 0) {
        diag.error(
          at,
          `the column list after ${target.label} leaves out ${nameList(left.map((c) => `${JSON.stringify(c.name)} (${c.type!.toString()})`))}: Flink fills a column left out with NULL, and refuses a NOT NULL one when the job starts ` +
            `("Column '${left[0]!.name}' has no default value and does not allow NULLs"; flink PreValidateReWriter); name ${left.length === 1 ? "it" : "them"} in the list and give ${left.length === 1 ? "it a value" : "them values"}`,
        );
      }
    }
    // Names that are no column: gathered, then reported once each with every place they are read.
    const unknown = new UnknownNames(a.statement);
    checkWhereOperands(q, at, diag, unknown, flinkVersion);
    checkReservedAliases(q, at, diag, flinkVersion);
    const ctx = { views, functions, ...(q.withQuery !== undefined ? { withQuery: q.withQuery } : {}) };
    // A set operation writes its row type: each column's least restrictive type over the branches.
    set = setOperationValues(a, q, ctx, diag, targets);
    // A view or WITH query read by name instead of a table: its columns typed as its own query types them.
    const named = set === undefined && q.from === undefined && q.join === undefined ? namedRelation(q, views) : undefined;
    const relation = named === undefined ? undefined : relationTypes(named, ctx);
    values = set !== undefined ? set.values : selectedValues(q, at, diag, unknown, functions, relation, flinkVersion);
    checkExpressionColumns(q, at, diag, unknown, flinkVersion);
  }
  if (values === undefined) return;
  const shape: Partial<InsertQuery> = q ?? {};
  if (values.length !== targets.length) {
    const cols = targets.map((c) => c.name);
    // A name of the read table or the sink after a column, without AS: a comma may be missing there.
    const isColumn = (name: string): boolean => sinkColumns.some((c) => c.name === name) || (q?.from?.table.columns?.some((c) => c.name === name) ?? false);
    diag.error(
      at,
      shape.columnList !== undefined
        ? `the SELECT list has ${plural(values.length, "value")}, but the column list after ${target.label} names ${plural(cols.length, "column")}; ${commaOrCount(values, targets.length, isColumn, "name one column per value")}`
        : `the SELECT list has ${plural(values.length, "value")}, but ${target.label} has ${plural(cols.length, "column")} to fill` +
            `${shape.staticPartition !== undefined ? ` besides the static PARTITION (${shape.staticPartition.join(", ")})` : ""} (${nameList(cols)}); ` +
            `Flink fails when the job starts ("Different number of columns"): ${countRemedy(shape, targets, values, isColumn)}`,
    );
    return;
  }
  checkUpsertFromChangelog(a, target, { targets, values, source: shape.from?.table, whereNames: shape.from === undefined ? [] : shape.from.whereNames }, upsert, at, diag);
  const tested = q?.from === undefined ? [] : [...q.from.nullRejected, ...nullRejectedByTests(q, functions)];
  // What every value's type check shares, built once (not per value: a spread in this loop is built key by key, BENCHMARKS.md session 6).
  const sinkValues = { at, target, targets, diag, enforced, ...(set !== undefined ? { convert: `in each branch of the ${set.operator}` } : {}) };
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const col = targets[i]!;
    if (v.alwaysNull === true && col.type !== undefined && !col.type.isNullable) {
      const what = `value ${i + 1} of the SELECT list, ${v.shown}, is NULL in every row and goes into ${target.label}'s column ${JSON.stringify(col.name)} (${col.type.toString()})`;
      const fails = `Flink fails the job on its first row ("Column '${col.name}' is NOT NULL, however, a null value is being written into it")`;
      const drops = `with ${NOT_NULL_ENFORCER_KEY} DROP every row is dropped, and the job writes nothing`;
      if (enforced === true) diag.error(at, `${what}: ${fails}; give the column a value`);
      else if (enforced === false) diag.warn(at, `${what}: ${drops}; give the column a value`);
      else diag.warn(at, `${what}: ${fails}, or ${drops} (${NOT_NULL_ENFORCER_KEY} is not known at preview); give the column a value`);
      continue;
    }
    if (v.type === undefined || col.type === undefined) continue;
    const into = { target, column: col, batch: upsert.batch };
    if (enforced !== false && nullIntoNotNull(v, col, tested)) {
      const value = `value ${i + 1} of the SELECT list, ${v.shown} (${v.type.toString()}), may be NULL`;
      diag.warn(at, nullIntoNotNullWarning(value, { columns: [v.column!], named: false, coalesce: quoteIdentifier(v.column!), fromStar: v.fromStar === true }, into));
    }
    // TRY_CAST is NULL for every value it cannot convert, whatever its operand's nullability (try-cast-nulls.ts).
    const tryCast = enforced !== false && !col.type.isNullable ? unfilteredTryCast(v.expression?.shown ?? v.shown, q) : undefined;
    if (tryCast !== undefined) {
      const value = `value ${i + 1} of the SELECT list, ${tryCast}, is NULL for every value the cast cannot convert (TRY_CAST returns NULL where CAST fails)`;
      diag.warn(at, notNullFailure(value, "such row", into, `Filter the rows (WHERE ${tryCast} IS NOT NULL) or write COALESCE(${tryCast}, ...)`));
    }
    const expression = enforced !== false && tryCast === undefined ? nullableExpression(v, col, shape.from?.table.columns, tested) : undefined;
    if (expression !== undefined) {
      const names = expression.columns.map((c) => c.name);
      const value = `value ${i + 1} of the SELECT list, ${v.shown} (${v.type.nullable().toString()}), is NULL where ${listed(names, "or")} ${names.length === 1 ? "is" : "are"} NULL`;
      diag.warn(at, nullIntoNotNullWarning(value, { columns: names, named: true, coalesce: expression.shown }, into));
    }
    checkValueType(v, i, col, sinkValues);
  }
}
