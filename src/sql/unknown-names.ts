/**
 * Names a statement reads that are no column of the relations they may name, gathered over the
 * whole statement (the plain SELECT items and compared WHERE names of selected-values.ts, the
 * names inside expressions and ON conditions of expression-columns.ts) so that each misspelt name
 * is reported once, with every place it is read. Flink's validator stops at the first one ("Column
 * 'x' not found in any table"; calcite `SqlValidatorImpl`, `DelegatingScope.fullyQualify`).
 *
 * Qualifiers that name no relation of the FROM clause (`cu.name` after `JOIN ${customers} AS c`)
 * are gathered the same way, once each: Flink fails with "Table 'cu' not found" (calcite
 * `SqlValidatorImpl`, `DelegatingScope.fullyQualify`; an alias hides the table's own name).
 *
 * Listed columns are capped (name-list.ts): the first 20, then how many more.
 *
 * Names in messages are shown as they must be written in SQL (reserved-words.ts `sqlName`:
 * back-quoted when reserved or no plain identifier), so a suggestion can be copied as it is.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey, distance } from "../validation/known-keys.js";
import { listed, nameList } from "../validation/name-list.js";
import type { Relation } from "./join-relations.js";
import { sqlName, withTemplateForm } from "./reserved-words.js";
import { isWindowRelation } from "./window-relation.js";
import { interpolatedAdvice, interpolatedOperands, operandHolding, type InterpolatedOperand } from "./interpolated-operands.js";
import type { SqlStatement } from "./template.js";

/** The relations a name may belong to: the one FROM relation (its alias is unknown here), or those of a join. */
type Candidates = readonly Pick<Relation, "table" | "alias">[];

const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';

/** `shown` (SQL text) for a message: in double quotes when plain, else with its sql`...` template form. */
function quotedForMessage(shown: string): string {
  return shown.includes("`") ? withTemplateForm(shown) : JSON.stringify(shown);
}

/** A relation in messages: "the window TVF over" a window TVF's table. */
const relationLabel = (t: TableDefinition): string => (isWindowRelation(t) ? `the window TVF over ${t.label}` : t.label);


/** The advice for an unquoted name that may be a value written without quotes (`status = SHIPPED`, as a string interpolated with `${...}` renders). */
export function valueAdvice(word: string): string {
  return `; if it is a value, quote it: ${quotedValue(word)}`;
}

/** `word` as a string literal, and how to write an interpolated value. */
const quotedValue = (word: string): string => `'${word.replace(/'/g, "''")}' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})`;

/** Whether `a` is one typo from `b` (any case): one character added, dropped or replaced, or two neighbours swapped (`nmae`, `name`). */
export function oneTypo(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (distance(x, y) <= 1) return true;
  if (x.length !== y.length) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return i + 1 < x.length && x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2) === y.slice(i + 2);
}

/**
 * What follows the column list for a name that is no column: for a word that may be a value
 * (`value`), the advice to quote it, and only when the word is one typo from a column (`near`, oneTypo)
 * that column too, in the same sentence (a guess two edits away from a short value such as `DE`
 * is noise); otherwise the closest column when there is one (`; did you mean ...?`, said before
 * the list). `shown`: the column as the message shows it.
 */
function suggestion(name: string, near: string | undefined, shown: string | undefined, value: string | undefined): { before: string; after: string } {
  if (value === undefined) return { before: shown !== undefined ? `; did you mean ${shown}?` : "", after: "" };
  if (near === undefined || shown === undefined || !oneTypo(name, near)) return { before: "", after: valueAdvice(value) };
  return { before: "", after: `; it is one typo from the column ${shown}: write ${shown} if it is that column, or if it is a value quote it: ${quotedValue(value)}` };
}

/**
 * The message for `name`, read at `places` (the SELECT list, the WHERE clause, ...), which is no
 * column of `relations`; `value`: the word to quote when it may be a value (valueAdvice).
 */
export function notAColumn(places: readonly string[], name: string, relations: Candidates, value?: string): string {
  const reads = `${listed(places)} ${places.length > 1 ? "read" : "reads"} ${JSON.stringify(name)}, which is not a column of `;
  if (relations.length === 1) {
    const table = relations[0]!.table;
    const names = (table.columns ?? []).map((c) => c.name);
    const otherCase = names.find((c) => c.toLowerCase() === name.toLowerCase());
    if (otherCase !== undefined) return `${reads}${relationLabel(table)} (Flink's identifiers are case-sensitive: the column is ${quotedForMessage(sqlName(otherCase))})${NOT_FOUND}`;
    const near = closestKey(name, names);
    const said = suggestion(name, near, near === undefined ? undefined : quotedForMessage(sqlName(near)), value);
    return `${reads}${relationLabel(table)}${said.before} (its columns: ${nameList(names.map((n) => sqlName(n)))})${said.after}${NOT_FOUND}`;
  }
  const qualified = relations.flatMap((r) => (r.table.columns ?? []).map((c) => ({ column: c.name, shown: `${sqlName(r.alias ?? r.table.tableName)}.${sqlName(c.name)}` })));
  const tables = relations.map((r) => `${relationLabel(r.table)}${r.alias !== undefined ? ` (as ${r.alias})` : ""}`).join(" or ");
  const otherCase = qualified.find((c) => c.column.toLowerCase() === name.toLowerCase());
  if (otherCase !== undefined) return `${reads}${tables} (Flink's identifiers are case-sensitive: the column is ${quotedForMessage(otherCase.shown)})${NOT_FOUND}`;
  const nearest = closestKey(name, qualified.map((c) => c.column));
  const near = qualified.find((c) => c.column === nearest);
  const said = suggestion(name, near?.column, near === undefined ? undefined : quotedForMessage(near.shown), value);
  return `${reads}${tables}${said.before} (their columns: ${nameList(qualified.map((c) => c.shown))})${said.after}${NOT_FOUND}`;
}

/**
 * The message for `qualifier`, read at `places` in `written` (its first such name, as written),
 * which qualifies no relation of the FROM clause; `known`: the names that do (aliases, else table names).
 */
export function notAQualifier(places: readonly string[], qualifier: string, written: string, known: readonly string[]): string {
  const otherCase = known.find((k) => k.toLowerCase() === qualifier.toLowerCase());
  const near = otherCase ?? closestKey(qualifier, known);
  const shown = known.map((k) => sqlName(k));
  return (
    `${listed(places)} ${places.length > 1 ? "read" : "reads"} ${written}, but ${JSON.stringify(qualifier)} names no table of the FROM clause` +
    (otherCase !== undefined ? " (Flink's identifiers are case-sensitive)" : "") +
    `${near !== undefined ? `; did you mean ${quotedForMessage(sqlName(near))}?` : ""} (${known.length === 1 ? "its qualifier" : "its qualifiers"}: ${nameList(shown)}; an alias hides the table's own name)` +
    `; Flink fails when the job starts ("Table '${qualifier}' not found")`
  );
}

/** The unknown names of one statement, reported once each (see the module comment). */
export class UnknownNames {
  /**
   * `statement`: the statement whose names are reported; its strings interpolated where an operand
   * stands (interpolated-operands.ts), read only once a name is reported, tell such a name how to quote it.
   */
  constructor(private readonly statement?: SqlStatement) {}

  private operands: readonly InterpolatedOperand[] | undefined;

  /** The advice for a name read in an interpolated operand, else "". */
  private interpolated(name: string): string {
    this.operands ??= this.statement === undefined ? [] : interpolatedOperands(this.statement);
    const o = operandHolding(this.operands, name);
    return o === undefined ? "" : interpolatedAdvice(name, o);
  }

  private readonly found = new Map<string, { name: string; relations: Candidates; places: string[]; value?: string }>();
  private readonly qualifiers = new Map<string, { written: string; known: readonly string[]; places: string[] }>();

  /** `qualifier` (unquoted), read at `place` in the name `written`, qualifies no relation; `known`: the names that do. */
  addQualifier(place: string, qualifier: string, written: string, known: readonly string[]): void {
    const entry = this.qualifiers.get(qualifier) ?? { written, known, places: [] };
    if (!entry.places.includes(place)) entry.places.push(place);
    this.qualifiers.set(qualifier, entry);
  }

  /**
   * `name`, read at `place`, is no column of `relations` (one, or every relation of a join);
   * `value`: the word to quote when it may be a value written without quotes.
   */
  add(place: string, name: string, relations: Candidates, value?: string): void {
    // Text in double quotes is no name to Flink's parser: conformance.ts reports it for the whole statement.
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) return;
    const key = `${relations.map((r) => `${r.alias ?? ""}\u0001${r.table.tableName}`).join("\u0002")}\u0000${name}`;
    const entry = this.found.get(key) ?? { name, relations, places: [] };
    if (!entry.places.includes(place)) entry.places.push(place);
    if (entry.value === undefined && value !== undefined) entry.value = value;
    this.found.set(key, entry);
  }

  /** Reports every name gathered, at `at`, and forgets them. */
  report(at: string, diag: Diagnostics): void {
    for (const [q, e] of this.qualifiers) diag.error(at, withAdvice(notAQualifier(e.places, q, e.written, e.known), this.interpolated(q)));
    for (const e of this.found.values()) diag.error(at, e.value !== undefined ? notAColumn(e.places, e.name, e.relations, e.value) : withAdvice(notAColumn(e.places, e.name, e.relations), this.interpolated(e.name)));
    this.found.clear();
    this.qualifiers.clear();
  }
}

/** `message` (ending in what Flink says when the job starts) with `advice` put before that ending. */
function withAdvice(message: string, advice: string): string {
  if (advice === "") return message;
  const end = message.lastIndexOf("; Flink fails when the job starts");
  return end < 0 ? `${message}${advice}` : `${message.slice(0, end)}${advice}${message.slice(end)}`;
}
