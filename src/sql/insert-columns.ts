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
 * - the type of each value Flink would write without a CAST (types.casts `supportsImplicitCast`),
 *   where the value's type is known: a column of the FROM table (also through `*`), a
 *   `CAST(... AS type)`, a literal, or an expression typed as Flink types it (expression-types.ts:
 *   aggregates, arithmetic, CASE, COALESCE, IF, casts and predicates over typed operands, common
 *   built-in functions: function-types.ts); any other expression is left to the runtime;
 * - a nullable column of the FROM table written as it is into a NOT NULL sink column (a primary
 *   key): a warning, Flink fails the job on the first NULL (nullIntoNotNull); `NULL` or
 *   `CAST(NULL AS ...)` into one: an error; a column list that leaves one out: an error
 *   (PreValidateReWriter fills it with NULL and refuses);
 * - a column reference in the SELECT list that matches no column of the FROM table (Flink's
 *   identifiers are case-sensitive; unquoted literals and parenthesis-less functions such as NULL
 *   or CURRENT_TIMESTAMP are no column references), and names inside the expressions of the SELECT
 *   list and WHERE clause (expression-columns.ts, also over a join). Of the clauses after FROM only
 *   the WHERE's top-level conditions are read, for the NOT NULL rule (insert-query.ts nullRejectedColumns).
 *
 * Only the plain query shape is read (insert-query.ts); anything else is left to the runtime.
 */
import { knows } from "../components/failed-table-parts.js";
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { supportsImplicitCast } from "../types/casts.js";
import { quoteIdentifier, type DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { nameList } from "../validation/name-list.js";
import { commaOrCount, countRemedy } from "./column-count-remedy.js";
import { checkExpressionColumns, hidingAlias, writtenQualifier } from "./expression-columns.js";
import { expressionType } from "./expression-types.js";
import { COLUMN_REF, readInsertQuery, shownText, STAR, withoutAlias, type InsertQuery } from "./insert-query.js";
import { firstSetting } from "./job-config.js";
import { readsAsFunction, unquotedReservedColumn, unquotedReservedSinkColumn } from "./reserved-words.js";
import { castType, INTEGER_DIGITS, literalType } from "./select-item-types.js";
import { checkStaticPartitionKeys } from "./static-partition.js";
import type { AnalyzedStatement } from "./statement.js";
import { closingParen, unquoteIdentifier } from "./top-level.js";
import { UnknownNames } from "./unknown-names.js";
import { windowColumnType } from "./window-relation.js";
import { checkUpsertFromChangelog, type UpsertContext } from "./upsert-keys.js";

/** One value of the SELECT list: its text for messages and its type when known. */
interface SelectedValue {
  readonly shown: string;
  readonly type?: DataType;
  /** The FROM table's column it reads, when it is a plain column reference (or part of a `*`). */
  readonly column?: string;
  /** True when it is part of a `*`. */
  readonly fromStar?: boolean;
  /** The literal as written, when it is one. */
  readonly literal?: string;
  /** The FROM table's connector never reads NULL into that column (TableColumn.neverNull). */
  readonly neverNull?: boolean;
  /** `NULL` or `CAST(NULL AS type)`: NULL in every row. */
  readonly alwaysNull?: boolean;
  /** The name the query gives the value: its alias, else the column it reads; undefined for an expression without an alias. */
  readonly name?: string;
  /** A column reference followed by an alias without AS (`order_id amount`), as written: a comma may be missing between them. */
  readonly aliasWithoutAs?: { readonly value: string; readonly alias: string };
  /** An expression typed by expression-types.ts: its text without the alias, how Flink types it (`as Flink types COUNT`) and the DECIMAL its values fit (DerivedType.bound). */
  readonly expression?: { readonly shown: string; readonly why: string | undefined; readonly bound?: DataType | undefined };
}

/** Kinds whose values convert only into the same kind (LogicalTypeCasts `supportsConstructedCasting`). */
const CONSTRUCTED: ReadonlySet<string> = new Set(["ROW", "ARRAY", "MULTISET", "MAP"]);
/**
 * Unquoted words that stand alone in a SELECT list without being columns: literals and the
 * functions Calcite calls without parentheses (SqlStdOperatorTable: CURRENT_TIMESTAMP ...; PI).
 */
const NOT_COLUMNS = new Set(["NULL", "TRUE", "FALSE", "UNKNOWN", "DATE", "TIME", "TIMESTAMP", "INTERVAL", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "CURRENT_USER", "CURRENT_ROLE", "CURRENT_PATH", "CURRENT_CATALOG", "CURRENT_SCHEMA", "SESSION_USER", "SYSTEM_USER", "USER", "PI", "DEFAULT"]);

/**
 * The names compared in the WHERE clause (insert-query.ts whereOperands) that are no column of the
 * FROM table: a value written without quotes (`status = SHIPPED`, as a string interpolated with
 * `${...}` renders) or a misspelt column. Flink resolves them as columns and fails.
 */
function checkWhereOperands(q: InsertQuery, at: string, diag: Diagnostics, unknown: UnknownNames): void {
  const from = q.from;
  const columns = from?.table.columns;
  if (from === undefined || columns === undefined) return;
  const reported = new Set<string>();
  for (const o of from.whereOperands) {
    // A qualifier an alias hides (`${src}.c` after `FROM ${src} AS s`): only a reserved word after it is reported.
    const hidden = o.qualifier === undefined || from.qualifiers.includes(o.qualifier) ? undefined : hidingAlias(o.qualifier, from, q.tables);
    if (o.qualifier !== undefined && !from.qualifiers.includes(o.qualifier) && hidden === undefined) continue;
    const qualifier = o.qualifierWritten === undefined ? undefined : writtenQualifier(o.qualifierWritten, from.table, hidden);
    const reserved = o.quoted ? undefined : unquotedReservedColumn("the WHERE clause", o.name, from.table, columns, qualifier);
    if (reserved !== undefined && !reported.has(o.name)) {
      if (readsAsFunction(o.name, qualifier !== undefined)) diag.warn(at, reserved);
      else diag.error(at, reserved);
    }
    if (reserved !== undefined || reported.has(o.name) || hidden !== undefined) {
      reported.add(o.name);
      continue;
    }
    if (!o.quoted && o.qualifier === undefined && NOT_COLUMNS.has(o.name.toUpperCase())) continue;
    if (columns.some((c) => c.name === o.name) || reported.has(o.name)) continue;
    reported.add(o.name);
    // Text in double quotes fails Flink's parser: reported for the whole statement (conformance.ts), not as a column.
    if (/^".*"$/s.test(o.name)) continue;
    unknown.add("the WHERE clause", o.name, [from], o.quoted || o.qualifier !== undefined ? undefined : o.word);
  }
}

/** A column of a `*`: its text for messages (`c (from *)`) is built only when a message reads it, not per column of every job. */
class StarValue implements SelectedValue {
  readonly column: string;
  /** A `*` column keeps its name. */
  readonly name: string;
  readonly type: DataType | undefined;
  readonly fromStar = true;
  readonly neverNull: true | undefined;
  private readonly star: string;

  constructor(c: TableColumn, star: string) {
    this.column = c.name;
    this.name = c.name;
    this.type = c.type;
    this.neverNull = c.neverNull ? true : undefined;
    this.star = star;
  }

  get shown(): string {
    return `${this.column} (from ${this.star})`;
  }
}

/**
 * A value with its type, and for an expression the rule Flink types it by (`COUNT(*) (BIGINT, as Flink types COUNT)`):
 * built only for a message, so the valid path makes neither a `*` column's text nor the type's rendering per column.
 */
function typedText(v: SelectedValue, type: DataType): string {
  return `${v.shown} (${type.nullable().toString()}${v.expression?.why !== undefined ? `, ${v.expression.why}` : ""})`;
}

/**
 * The values of the SELECT list (a `*` expanded to the FROM table's columns), reporting column
 * references that match no column; undefined when a `*` cannot be expanded.
 */
function selectedValues(q: InsertQuery, at: string, diag: Diagnostics, unknown: UnknownNames, functions: () => ReadonlySet<string>): SelectedValue[] | undefined {
  const values: SelectedValue[] = [];
  const from = q.from;
  const fromColumns: readonly TableColumn[] | undefined = from?.table.columns;
  const qualifies = (name: string | undefined): boolean => name === undefined || (from?.qualifiers.includes(name) ?? false);
  const columnType = (c: TableColumn): DataType | undefined => c.type ?? (from === undefined ? undefined : windowColumnType(from.table, c.name));
  for (const item of q.items) {
    const star = STAR.exec(item.code);
    if (star !== null) {
      const qualifier = star[1] === undefined ? undefined : unquoteIdentifier(item.text.slice(0, star[1].length));
      if (fromColumns === undefined || !qualifies(qualifier)) return undefined;
      // table.column-expansion-strategy (flink TableConfigOptions; job, cluster or session configuration)
      // may leave VIRTUAL metadata columns out of `*`: with one, `*` is left to Flink.
      if (fromColumns.some((c) => c.metadata === true && !c.insertable)) return undefined;
      for (const c of fromColumns) values.push(new StarValue(c, item.shown));
      continue;
    }
    const { code, text, alias, aliasWritten, withoutAs } = withoutAlias(item);
    const named = alias !== undefined ? { name: alias } : {};
    const ref = COLUMN_REF.exec(code);
    if (ref !== null && fromColumns !== undefined) {
      const qualifier = ref[1] === undefined ? undefined : unquoteIdentifier(text.slice(0, ref[1].length));
      const name = unquoteIdentifier(text.slice(text.length - ref[2]!.length));
      // A qualifier an alias hides (`${src}.c` after `FROM ${src} AS s`): only a reserved word after it is reported.
      const hidden = qualifier === undefined || qualifies(qualifier) ? undefined : hidingAlias(qualifier, from!, q.tables);
      if (hidden !== undefined) {
        const reserved = unquotedReservedColumn("the SELECT list", text.slice(text.length - ref[2]!.length), from!.table, fromColumns, writtenQualifier(text.slice(0, ref[1]!.length), from!.table, hidden));
        if (reserved !== undefined) diag.error(at, reserved);
      }
      if (qualifies(qualifier)) {
        const written = text.slice(text.length - ref[2]!.length);
        const qualified = ref[1] === undefined ? undefined : writtenQualifier(text.slice(0, ref[1].length), from!.table);
        const reserved = unquotedReservedColumn("the SELECT list", written, from!.table, fromColumns, qualified);
        if (reserved !== undefined && readsAsFunction(written, qualified !== undefined)) diag.warn(at, reserved);
        else if (reserved !== undefined) diag.error(at, reserved);
        const column = fromColumns.find((c) => c.name === name);
        if (column !== undefined) {
          const type = columnType(column);
          const bare = withoutAs === true ? { aliasWithoutAs: { value: text, alias: aliasWritten! } } : {};
          values.push({ shown: item.shown, ...(type ? { type } : {}), column: column.name, name: alias ?? column.name, ...(column.neverNull ? { neverNull: true } : {}), ...bare });
          continue;
        }
        const quoted = ref[2]!.startsWith("q");
        if (quoted || qualifier !== undefined || !NOT_COLUMNS.has(name.toUpperCase())) unknown.add("the SELECT list", name, [from!]);
      }
    }
    const literal = literalType(code, text);
    if (literal !== undefined) {
      values.push({ shown: item.shown, type: literal, literal: text, ...named });
      continue;
    }
    const cast = castType(code, text);
    const nullCast = /^(?:TRY_)?CAST\s*\(\s*NULL\s+AS\s/i.exec(code);
    const alwaysNull = /^NULL$/i.test(code) || (nullCast !== null && closingParen(code, nullCast[0].indexOf("(")) === code.length - 1);
    const derived = cast === undefined && !alwaysNull ? expressionType(code, text, { columns: fromColumns ?? [], qualifiers: from?.qualifiers ?? [], functions, columnType }) : undefined;
    const typed = cast ? { type: cast } : derived ? { type: derived.type, expression: { shown: shownText(q, item.start, item.start + code.length), why: derived.why, bound: derived.bound } } : {};
    values.push({ shown: item.shown, ...typed, ...(alwaysNull ? { alwaysNull } : {}), ...named });
  }
  return values;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}


/**
 * What an implicit cast from `from` to `to` silently loses, or undefined: Flink's implicit casts
 * (LogicalTypeCasts) ignore precision within TIMESTAMP / TIMESTAMP_LTZ / TIME and DECIMAL, and the
 * cast then cuts fractional seconds (case C08's kind: nanoseconds into microseconds) or rounds
 * decimals, and a DECIMAL value with more integer digits than the column has becomes NULL.
 */
function narrowingLoss(from: DataType, to: DataType): string | undefined {
  const fractional = (t: DataType): number | undefined => (t.kind === "TIMESTAMP" || t.kind === "TIMESTAMP_LTZ" || t.kind === "TIME" ? t.precision : undefined);
  const fp = fractional(from);
  const tp = fractional(to);
  if (fp !== undefined && tp !== undefined && fp > tp) return `the digits of the seconds beyond ${tp} (of ${fp}) are cut off`;
  const integerDigits = INTEGER_DIGITS.get(from.kind);
  if (integerDigits !== undefined && to.kind === "DECIMAL" && integerDigits > to.precision - to.scale) {
    return `a value with more than ${to.precision - to.scale} digits before the point becomes NULL (a ${from.kind} has up to ${integerDigits})`;
  }
  if (from.kind === "DECIMAL" && to.kind === "DECIMAL") {
    if (from.precision - from.scale > to.precision - to.scale) return `a value with more than ${to.precision - to.scale} digits before the point becomes NULL (it has room for ${from.precision - from.scale})`;
    if (from.scale > to.scale) return `it is rounded to ${to.scale} decimal places (of ${from.scale})`;
  }
  return undefined;
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
  const candidates = [{ value: configuration?.[NOT_NULL_ENFORCER_KEY], path: `configuration[${JSON.stringify(NOT_NULL_ENFORCER_KEY)}]` }, ...(elsewhere ?? [])];
  for (const c of candidates) {
    // No trim: Flink compares the value as it is (ConfigurationUtils.convertToEnum).
    if (typeof c.value === "string" && !/^(ERROR|DROP)$/i.test(c.value)) {
      diag.error(c.path, `${JSON.stringify(c.value)} is no value of ${NOT_NULL_ENFORCER_KEY}: write ERROR (the default: a NULL in a NOT NULL column fails the job) or DROP (such rows are dropped); Flink fails the job when it starts otherwise`);
    }
  }
  return firstSetting(configuration, elsewhere, NOT_NULL_ENFORCER_KEY);
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
 * the WHERE rejects NULL for the column (`c IS NOT NULL`, `c > 0`, ...: insert-query.ts nullRejectedColumns), the FROM table never reads NULL into it (a 'datagen' column without a null-rate),
 * or the enforcer is DROP.
 */
function nullIntoNotNull(v: SelectedValue, col: TableColumn, nullRejected: readonly string[]): boolean {
  return v.column !== undefined && v.neverNull !== true && v.type !== undefined && v.type.isNullable && col.type !== undefined && !col.type.isNullable && !nullRejected.includes(v.column);
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
): void {
  const target: TableDefinition | undefined = a.target;
  const sinkColumns = target?.columns?.filter((c) => c.insertable);
  if (target === undefined || sinkColumns === undefined) return;
  const q = readInsertQuery(a);
  if (q === undefined) return;
  const at = `statements[${a.index}]`;
  let targets: readonly TableColumn[] = sinkColumns;
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
      const reserved = unquotedReservedSinkColumn(written, target, sinkColumns);
      if (reserved !== undefined) diag.error(at, reserved);
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
  checkWhereOperands(q, at, diag, unknown);
  const values = selectedValues(q, at, diag, unknown, functions);
  checkExpressionColumns(q, at, diag, unknown);
  if (values === undefined) return;
  if (values.length !== targets.length) {
    const cols = targets.map((c) => c.name);
    // A name of the read table or the sink after a column, without AS: a comma may be missing there.
    const isColumn = (name: string): boolean => sinkColumns.some((c) => c.name === name) || (q.from?.table.columns?.some((c) => c.name === name) ?? false);
    diag.error(
      at,
      q.columnList !== undefined
        ? `the SELECT list has ${plural(values.length, "value")}, but the column list after ${target.label} names ${plural(cols.length, "column")}; ${commaOrCount(values, targets.length, isColumn, "name one column per value")}`
        : `the SELECT list has ${plural(values.length, "value")}, but ${target.label} has ${plural(cols.length, "column")} to fill` +
            `${q.staticPartition !== undefined ? ` besides the static PARTITION (${q.staticPartition.join(", ")})` : ""} (${nameList(cols)}); ` +
            `Flink fails when the job starts ("Different number of columns"): ${countRemedy(q, targets, values, isColumn)}`,
    );
    return;
  }
  checkUpsertFromChangelog(a, target, { targets, values, source: q.from?.table, whereNames: q.from === undefined ? [] : q.from.whereNames }, upsert, at, diag);
  const tested = q.from?.nullRejected ?? [];
  const enforced = notNullEnforcer === null ? undefined : notNullEnforcer.toUpperCase() !== "DROP";
  values.forEach((v, i) => {
    const col = targets[i]!;
    if (v.alwaysNull === true && col.type !== undefined && !col.type.isNullable) {
      const what = `value ${i + 1} of the SELECT list, ${v.shown}, is NULL in every row and goes into ${target.label}'s column ${JSON.stringify(col.name)} (${col.type.toString()})`;
      const fails = `Flink fails the job on its first row ("Column '${col.name}' is NOT NULL, however, a null value is being written into it")`;
      const drops = `with ${NOT_NULL_ENFORCER_KEY} DROP every row is dropped, and the job writes nothing`;
      if (enforced === true) diag.error(at, `${what}: ${fails}; give the column a value`);
      else if (enforced === false) diag.warn(at, `${what}: ${drops}; give the column a value`);
      else diag.warn(at, `${what}: ${fails}, or ${drops} (${NOT_NULL_ENFORCER_KEY} is not known at preview); give the column a value`);
      return;
    }
    if (v.type === undefined || col.type === undefined) return;
    if (enforced !== false && nullIntoNotNull(v, col, tested)) {
      const name = quoteIdentifier(v.column!);
      diag.warn(
        at,
        `value ${i + 1} of the SELECT list, ${v.shown} (${v.type.toString()}), may be NULL, and goes into ${target.label}'s column ${JSON.stringify(col.name)} (${col.type.toString()}): ` +
          `Flink fails the job on the first NULL ("Column '${col.name}' is NOT NULL, however, a null value is being written into it"; ${NOT_NULL_ENFORCER_KEY} ERROR)${upsert.batch ? "" : ", and the restarted job reads that row again"}. ` +
          `Declare the source column NOT NULL if it never is NULL, filter the rows (WHERE ${name} IS NOT NULL) or write COALESCE(${name}, ...)${v.fromStar ? ", listing the columns instead of *" : ""}; ` +
          `${NOT_NULL_ENFORCER_KEY} = 'DROP' in the job's configuration drops such rows without a word`,
      );
    }
    if (supportsImplicitCast(v.type, col.type)) {
      // A literal's own digits are known (and Calcite types it exactly): only column values, CASTs and expressions can lose some.
      // An expression's bound: the digits its values fit when its type only widened to take a literal (COALESCE(amount, 0)).
      const lost = v.literal === undefined ? narrowingLoss(v.expression?.bound ?? v.type, col.type) : undefined;
      if (lost !== undefined) {
        diag.warn(
          at,
          `value ${i + 1} of the SELECT list, ${typedText(v, v.type)}, goes into ${target.label}'s column ${JSON.stringify(col.name)} (${col.type.nullable().toString()}): ` +
            `Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and ${lost}. Widen the column, or CAST in the SELECT to say it is meant${v.fromStar ? ", listing the columns instead of *" : ""}`,
        );
      }
      return;
    }
    const sinkType = col.type.nullable().toString();
    const swapped = v.column !== undefined && v.column !== col.name && targets.some((t) => t.name === v.column);
    // An expression's integer into a smaller integer column (COUNT(*) into INT): the column may be what is meant to change.
    const widen = v.expression !== undefined && INTEGER_DIGITS.has(v.type.kind) && INTEGER_DIGITS.has(col.type.kind) ? `, or declare the column ${v.type.nullable().toString()}` : "";
    diag.error(
      at,
      `value ${i + 1} of the SELECT list, ${typedText(v, v.type)}, goes into ${target.label}'s column ${JSON.stringify(col.name)} (${sinkType}), ` +
        `and Flink does not convert ${v.type.nullable().toString()} to ${sinkType} by itself: the job fails when it starts ` +
        `("Incompatible types for sink column '${col.name}' at position ${i}"). ` +
        (swapped
          ? `Values go into the sink's columns by position, not by name: select them in the sink's column order, or name the columns you fill (INSERT INTO \${sink} (...) SELECT ...)`
          : CONSTRUCTED.has(v.type.kind) && v.type.kind !== col.type.kind
            ? `A ${v.type.kind} value converts to no ${sinkType}, not even with a CAST: select the field or element you mean instead` +
              `${v.column !== undefined && v.type.kind === "ROW" ? `, e.g. ${quoteIdentifier(v.column)}.${quoteIdentifier(v.type.fields[0]?.name ?? "field")}` : ""}${v.fromStar ? ", listing the columns instead of *" : ""}`
            : `Convert it in the SELECT, e.g. CAST(${v.column !== undefined ? quoteIdentifier(v.column) : (v.literal ?? v.expression?.shown ?? "...")} AS ${sinkType})${widen}${v.fromStar ? ", listing the columns instead of *" : ""} ` +
            "(without a CAST Flink only widens: a smaller integer into a larger one, any number into DECIMAL or DOUBLE, an integer or DECIMAL into FLOAT, CHAR into VARCHAR, " +
            "BINARY into VARBINARY, TIMESTAMP into DATE or TIME, TIMESTAMP and TIMESTAMP_LTZ into each other)"),
    );
  });
}
