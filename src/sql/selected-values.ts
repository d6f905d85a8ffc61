/**
 * The values of an INSERT's SELECT list (insert-columns.ts checks them against the sink's columns):
 * each with its text for messages and, where it is certain, its type: a column of the FROM table
 * (also through `*`), a `CAST(... AS type)`, a literal, or an expression typed as Flink types it
 * (expression-types.ts). Reading them reports column references that match no column of the FROM
 * table and names in the WHERE clause that are none (checkWhereOperands), and reserved words
 * written without back-quotes (reserved-words.ts).
 */
import type { TableColumn } from "../components/table-definition.js";
import { quoteIdentifier, type DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { hidingAlias, writtenQualifier } from "./expression-columns.js";
import { expressionType, type DerivedType } from "./expression-types.js";
import { COLUMN_REF, shownText, STAR, withoutAlias, type InsertQuery } from "./insert-query.js";
import { reportReserved as report, unquotedReservedAlias, unquotedReservedColumn } from "./reserved-words.js";
import type { TypedRelation } from "./relation-types.js";
import { castType, literalType } from "./select-item-types.js";
import { closingParen, unquoteIdentifier } from "./top-level.js";
import type { UnknownNames } from "./unknown-names.js";
import type { ValueBound } from "./value-bounds.js";
import type { Truncation } from "./whole-numbers.js";
import { windowColumnType } from "./window-relation.js";

/** One value of the SELECT list: its text for messages and its type when known. */
export interface SelectedValue {
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
  /** An expression typed by expression-types.ts: its text without the alias, how Flink types it (`as Flink types COUNT`). */
  readonly expression?: { readonly shown: string; readonly why: string | undefined; readonly truncated?: Truncation | undefined };
  /** What its values can be where narrower than its type says (value-bounds.ts; DerivedType.bound), read only for a warning: a CAST's operand is typed then. */
  readonly bound?: () => ValueBound | undefined;
  /** A CAST's whole-number mark (`CAST(AVG(qty) AS DOUBLE)`: whole-numbers.ts), read only for a fractional column: its operand is typed then. */
  readonly castTruncated?: () => Truncation | undefined;
  /**
   * An expression's nullable columns whose NULL makes it NULL (DerivedType.nullIf: null-propagation.ts) with its text
   * without the alias, read only for a NOT NULL column (a CAST's operand is typed then); undefined: none derived.
   */
  readonly nulls?: () => { readonly columns: readonly TableColumn[]; readonly shown: string } | undefined;
}


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
export function checkWhereOperands(q: InsertQuery, at: string, diag: Diagnostics, unknown: UnknownNames, flinkVersion?: string): void {
  const from = q.from;
  const columns = from?.table.columns;
  if (from === undefined || columns === undefined) return;
  const reported = new Set<string>();
  for (const o of from.whereOperands) {
    // A qualifier an alias hides (`${src}.c` after `FROM ${src} AS s`): only a reserved word after it is reported.
    const hidden = o.qualifier === undefined || from.qualifiers.includes(o.qualifier) ? undefined : hidingAlias(o.qualifier, from, q.tables);
    if (o.qualifier !== undefined && !from.qualifiers.includes(o.qualifier) && hidden === undefined) continue;
    const qualifier = o.qualifierWritten === undefined ? undefined : writtenQualifier(o.qualifierWritten, from.table, hidden);
    const reserved = o.quoted ? undefined : unquotedReservedColumn("the WHERE clause", o.name, from.table, columns, flinkVersion, qualifier);
    if (reserved !== undefined && !reported.has(o.name)) report(at, reserved, diag);
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

/**
 * The aliases of the SELECT list written after AS without back-quotes that the parser of
 * `flinkVersion` reserves (reserved-words.ts unquotedReservedAlias): each an error, or a warning
 * where only some versions reserve it and the job's is not known. An alias without AS is left
 * alone: there a comma may be missing (column-count-remedy.ts), and the parser's error is the same.
 */
export function checkReservedAliases(q: InsertQuery, at: string, diag: Diagnostics, flinkVersion?: string): void {
  for (const item of q.items) {
    const { aliasWritten, withoutAs } = withoutAlias(item);
    if (aliasWritten === undefined || withoutAs === true) continue;
    const use = unquotedReservedAlias(item.shown.length > 60 ? `${item.shown.slice(0, 57)}...` : item.shown, aliasWritten, flinkVersion);
    if (use !== undefined) report(at, use, diag);
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

/** The `bound` of a value typed as `d`, when it has one. */
function boundOf(d: DerivedType): { bound?: () => ValueBound | undefined } {
  const bound = d.bound;
  return bound === undefined ? {} : { bound: () => bound };
}

/** Column `c` of a view or WITH query read through `*`, with its type (`d`) where known. */
function relationStarValue(c: TableColumn, d: DerivedType | undefined, star: string): SelectedValue {
  const typed = d === undefined ? {} : { type: d.type, expression: { shown: quoteIdentifier(c.name), why: d.why, truncated: d.truncated }, ...boundOf(d) };
  return { shown: `${c.name} (from ${star})`, name: c.name, fromStar: true, ...typed };
}

/**
 * The values of the SELECT list (a `*` expanded to the FROM table's columns, or to the columns of
 * the view or WITH query `relation` the query reads instead: relation-types.ts), reporting column
 * references that match no column of a FROM table; undefined when a `*` cannot be expanded.
 */
export function selectedValues(
  q: InsertQuery,
  at: string,
  diag: Diagnostics,
  unknown: UnknownNames,
  functions: () => ReadonlySet<string>,
  relation?: TypedRelation,
  flinkVersion?: string,
): SelectedValue[] | undefined {
  const values: SelectedValue[] = [];
  const from = q.from;
  const fromColumns: readonly TableColumn[] | undefined = from?.table.columns;
  const qualifies = (name: string | undefined): boolean => name === undefined || (from?.qualifiers.includes(name) ?? false);
  const columnType = (c: TableColumn): DataType | undefined => c.type ?? (from === undefined ? undefined : windowColumnType(from.table, c.name));
  for (const item of q.items) {
    const star = STAR.exec(item.code);
    if (star !== null) {
      const qualifier = star[1] === undefined ? undefined : unquoteIdentifier(item.text.slice(0, star[1].length));
      if (fromColumns === undefined && relation !== undefined && (qualifier === undefined || relation.qualifiers.includes(qualifier))) {
        relation.columns.forEach((c, i) => values.push(relationStarValue(c, relation.types[i], item.shown)));
        continue;
      }
      if (fromColumns === undefined || !qualifies(qualifier)) return undefined;
      // table.column-expansion-strategy (flink TableConfigOptions; job, cluster or session configuration)
      // may leave VIRTUAL metadata columns out of `*`: with one, `*` is left to Flink.
      if (fromColumns.some((c) => c.metadata === true && !c.insertable)) return undefined;
      for (const c of fromColumns) values.push(new StarValue(c, item.shown));
      continue;
    }
    const { code, text, alias, aliasWritten, withoutAs } = withoutAlias(item);
    const ref = COLUMN_REF.exec(code);
    // A column of a view or WITH query keeps its name, as a table's column does.
    const refName = ref !== null && relation !== undefined ? unquoteIdentifier(text.slice(text.length - ref[2]!.length)) : undefined;
    const named = alias !== undefined || refName !== undefined ? { name: (alias ?? refName)! } : {};
    if (ref !== null && fromColumns !== undefined) {
      const qualifier = ref[1] === undefined ? undefined : unquoteIdentifier(text.slice(0, ref[1].length));
      const name = unquoteIdentifier(text.slice(text.length - ref[2]!.length));
      // A qualifier an alias hides (`${src}.c` after `FROM ${src} AS s`): only a reserved word after it is reported.
      const hidden = qualifier === undefined || qualifies(qualifier) ? undefined : hidingAlias(qualifier, from!, q.tables);
      if (hidden !== undefined) {
        const reserved = unquotedReservedColumn("the SELECT list", text.slice(text.length - ref[2]!.length), from!.table, fromColumns, flinkVersion, writtenQualifier(text.slice(0, ref[1]!.length), from!.table, hidden));
        if (reserved !== undefined) report(at, reserved, diag);
      }
      if (qualifies(qualifier)) {
        const written = text.slice(text.length - ref[2]!.length);
        const qualified = ref[1] === undefined ? undefined : writtenQualifier(text.slice(0, ref[1].length), from!.table);
        const reserved = unquotedReservedColumn("the SELECT list", written, from!.table, fromColumns, flinkVersion, qualified);
        if (reserved !== undefined) report(at, reserved, diag);
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
    const shown = (start: number, end: number): string => shownText(q, item.start + start, item.start + end);
    const scope = { columns: fromColumns ?? relation?.columns ?? [], qualifiers: from?.qualifiers ?? relation?.qualifiers ?? [], functions, columnType, shown, ...(relation !== undefined ? { derived: relation.derived } : {}) };
    const derived = cast === undefined && !alwaysNull ? expressionType(code, text, scope) : undefined;
    // A CAST's bound (its operand's values: value-bounds.ts castBound) and whole-number mark are read only when needed, once.
    let read: { readonly d: DerivedType | undefined } | undefined;
    const castRead = (): DerivedType | undefined => (read ??= { d: expressionType(code, text, scope) }).d;
    const nullsOf = (d: DerivedType | undefined) => (d?.nullIf === undefined ? undefined : { columns: d.nullIf, shown: shown(0, code.length) });
    const typed = cast
      ? { type: cast, bound: () => castRead()?.bound, castTruncated: () => castRead()?.truncated, nulls: () => nullsOf(castRead()) }
      : derived
        ? { type: derived.type, expression: { shown: shown(0, code.length), why: derived.why, truncated: derived.truncated }, ...boundOf(derived), ...(derived.nullIf ? { nulls: () => nullsOf(derived) } : {}) }
        : {};
    values.push({ shown: item.shown, ...typed, ...(alwaysNull ? { alwaysNull } : {}), ...named });
  }
  return values;
}
