/**
 * Column names inside the expressions of an INSERT's SELECT list and WHERE clause
 * (`CAST(idd AS STRING)`, `UPPER(nmae)`, `COALESCE(a, b)`, `amount * 2`, `CASE WHEN x ...`),
 * checked against the relations the query reads: the one FROM relation of insert-query.ts (an
 * interpolated table, or a window TVF over one, whose columns then include window_start,
 * window_end and window_time), or the interpolated tables of a join (join-relations.ts), whose ON
 * conditions and FOR SYSTEM_TIME AS OF column are read too. Flink's validator resolves every such
 * name against the FROM clause and fails the job when it starts ("Column 'idd' not found in any
 * table"; calcite `SqlValidatorImpl`, `DelegatingScope.fullyQualify`; Flink's identifiers are
 * case-sensitive, FlinkPlannerImpl's parser config keeps their case), so a misspelt name is an
 * error at preview with the nearest column.
 *
 * Only names certain to be columns are checked (expression-names.ts says which names are values):
 * an unqualified name, which must be a column of some relation, or `q.c` where `q` qualifies one
 * relation (its alias, else its table name) and is no column name itself (`r.f` may be a ROW
 * column's field). A name is left alone when it is an alias the SELECT list defines, a relation's
 * qualifier, or a window TVF column name outside a window TVF; an ambiguous one (in two joined
 * tables) is Flink's to report. Over one relation, the plain items `[q.]c` and the names compared
 * in the WHERE clause are insert-columns.ts's already and are not reported twice. A reserved word
 * after a qualifier (`t.value`) is the parser's error (reserved-words.ts).
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { quoteIdentifier } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey } from "../validation/known-keys.js";
import { expressionNames, type NameChain } from "./expression-names.js";
import { COLUMN_REF, MARK, STAR, withoutAlias, type InsertQuery, type SelectItem } from "./insert-query.js";
import type { Relation } from "./join-relations.js";
import { unquotedReservedColumn, type WrittenQualifier } from "./reserved-words.js";
import { SQL_WORDS } from "./sql-words.js";

/** The message for `name`, read by `where` (the SELECT list, the WHERE clause), which is no column of `table`. */
export function notAColumn(where: string, name: string, table: TableDefinition, columns: readonly TableColumn[], value: string): string {
  const names = columns.map((c) => c.name);
  const otherCase = names.find((c) => c.toLowerCase() === name.toLowerCase());
  const near = otherCase ?? closestKey(name, names);
  return (
    `${where} reads ${JSON.stringify(name)}, which is not a column of ${table.label}` +
    (otherCase !== undefined
      ? ` (Flink's identifiers are case-sensitive: the column is ${JSON.stringify(otherCase)})`
      : `${near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : ""} (its columns: ${names.join(", ")})${value}`) +
    "; Flink fails when the job starts (\"Column ... not found in any table\")"
  );
}

/**
 * A qualifier as written in the query text (an interpolated table as its marker), for messages about
 * `table`'s columns; `hiddenBy`: the alias that hides it (hidingAlias), which the fix names instead.
 */
export function writtenQualifier(written: string, table: TableDefinition, hiddenBy?: string): WrittenQualifier {
  const shown = written.startsWith(MARK) ? { shown: quoteIdentifier(table.tableName), template: `\${<the ${table.resourceType} object>}` } : { shown: written, template: written };
  if (hiddenBy === undefined) return shown;
  return { ...shown, hiddenBy: /^[A-Za-z_][A-Za-z0-9_]*$/.test(hiddenBy) && !SQL_WORDS.has(hiddenBy.toUpperCase()) ? hiddenBy : quoteIdentifier(hiddenBy) };
}

/**
 * `relation`'s alias when it hides `qualifier`, an interpolation of the relation's table (`${src}.c`
 * after `FROM ${src} AS s`): Calcite knows an aliased table by its alias only ("Table 'src' not
 * found"; insert-query.ts readFrom), so such a name is left to Flink, except for a reserved word
 * after it, which the parser refuses first (reserved-words.ts).
 */
export function hidingAlias(qualifier: string, relation: { readonly table: TableDefinition; readonly alias?: string }, tables: readonly TableDefinition[]): string | undefined {
  const marker = new RegExp(String.raw`^${MARK}(\d+)__$`).exec(qualifier);
  return relation.alias !== undefined && marker !== null && tables[Number(marker[1])] === relation.table ? relation.alias : undefined;
}

/** Names the window TVFs add (window-relation.ts); outside one they are no misspelt column to report. */
const WINDOW_NAMES = new Set(["window_start", "window_end", "window_time"]);

/** An item for messages: as shown, cut after 60 characters. */
function itemLabel(item: SelectItem): string {
  return `the SELECT item ${item.shown.length > 60 ? `${item.shown.slice(0, 57)}...` : item.shown}`;
}

/** A relation as a qualifier in messages: its alias, else its table name. */
const shownQualifier = (r: Relation): string => r.alias ?? r.table.tableName;

/** The message for `name`, read by `where`, which is no column of any of the joined `relations`. */
function notAColumnOfAny(where: string, name: string, relations: readonly Relation[]): string {
  const qualified = relations.flatMap((r) => (r.table.columns ?? []).map((c) => ({ column: c.name, shown: `${shownQualifier(r)}.${c.name}` })));
  const otherCase = qualified.find((c) => c.column.toLowerCase() === name.toLowerCase());
  const nearest = closestKey(name, qualified.map((c) => c.column));
  const near = otherCase ?? qualified.find((c) => c.column === nearest);
  const tables = relations.map((r) => `${r.table.label}${r.alias !== undefined ? ` (as ${r.alias})` : ""}`).join(" or ");
  return (
    `${where} reads ${JSON.stringify(name)}, which is not a column of ${tables}` +
    (otherCase !== undefined
      ? ` (Flink's identifiers are case-sensitive: the column is ${JSON.stringify(otherCase.shown)})`
      : `${near !== undefined ? `; did you mean ${JSON.stringify(near.shown)}?` : ""} (their columns: ${qualified.map((c) => c.shown).join(", ")})`) +
    "; Flink fails when the job starts (\"Column ... not found in any table\")"
  );
}

/**
 * Reports the names of the query's expressions (see the module comment) that are no column of
 * its FROM relation, or of any relation of its join, at `at`. Nothing for a query whose FROM
 * clause is not read.
 */
export function checkExpressionColumns(q: InsertQuery, at: string, diag: Diagnostics): void {
  const from = q.from;
  const relations: readonly Relation[] = from !== undefined ? [{ table: from.table, qualifiers: from.qualifiers, ...(from.alias !== undefined ? { alias: from.alias } : {}) }] : (q.join?.relations ?? []);
  if (relations.length === 0 || relations.some((r) => r.table.columns === undefined)) return;
  const has = (r: Relation, name: string): boolean => r.table.columns!.some((c) => c.name === name);
  const unaliased = q.items.map((item) => withoutAlias(item));
  const read = q.items.map((item, i) => (STAR.test(item.code) ? undefined : expressionNames(unaliased[i]!.text, unaliased[i]!.code)));
  const aliases = new Set(unaliased.flatMap((u) => (u.alias !== undefined ? [u.alias] : [])));
  const reported = new Set<string>();
  const check = (where: string, chain: NameChain): void => {
    const [head, second] = chain.parts;
    let name = head!;
    let qualifier: WrittenQualifier | undefined;
    let candidates = relations;
    let hidden: string | undefined;
    if (second !== undefined) {
      // q.c with q one relation's qualifier (and no column of that name: then r.f may be a ROW column's field),
      // or an interpolation of one relation's table that its alias hides (only a reserved word after it is reported).
      const hiding = relations.filter((x) => hidingAlias(head!.name, x, q.tables) !== undefined);
      const r = relations.find((x) => x.qualifiers.includes(head!.name)) ?? (hiding.length === 1 ? hiding[0] : undefined);
      if (r === undefined || relations.some((x) => has(x, head!.name))) return;
      hidden = r.qualifiers.includes(head!.name) ? undefined : r.alias;
      name = second;
      qualifier = writtenQualifier(head!.written, r.table, hidden);
      candidates = [r];
    } else if (aliases.has(head!.name) || relations.some((r) => r.qualifiers.includes(head!.name)) || (WINDOW_NAMES.has(head!.name.toLowerCase()) && !relations.some((r) => has(r, head!.name)))) {
      return;
    }
    // After a qualifier an unquoted reserved word naming a column fails the parser (an unqualified one is a grammar word to expression-names.ts).
    const only = candidates[0]!;
    const reserved = qualifier === undefined || name.quoted ? undefined : unquotedReservedColumn(where, name.written, only.table, only.table.columns!, qualifier);
    if (reserved === undefined && (hidden !== undefined || candidates.some((r) => has(r, name.name)))) return;
    const key = `${where}\u0000${qualifier?.shown ?? ""}\u0000${name.written}`;
    if (reported.has(key)) return;
    reported.add(key);
    diag.error(at, reserved ?? (candidates.length === 1 ? notAColumn(where, name.name, only.table, only.table.columns!, "") : notAColumnOfAny(where, name.name, candidates)));
  };
  q.items.forEach((item, i) => {
    // A plain item ([q.]c) over one relation is insert-columns.ts selectedValues's.
    if (from !== undefined && COLUMN_REF.test(unaliased[i]!.code)) return;
    for (const chain of read[i]?.names ?? []) check(itemLabel(item), chain);
  });
  for (const c of q.join?.conditions ?? []) for (const chain of expressionNames(c.text, c.code)?.names ?? []) check(`the ${c.kind}`, chain);
  const span = from !== undefined ? (from.whereNames !== undefined ? from.clauses.where : undefined) : q.join?.clauses.where;
  if (span === undefined) return;
  const where = { text: q.text.slice(span[0], span[1]), code: q.code.slice(span[0], span[1]) };
  // The names compared in a one-relation WHERE clause are insert-columns.ts checkWhereOperands's.
  const operands = new Set((from?.whereOperands ?? []).map((o) => `${o.qualifier ?? ""}\u0000${o.name}`));
  for (const chain of expressionNames(where.text, where.code)?.names ?? []) {
    const [head, second] = chain.parts;
    const key = second === undefined ? `\u0000${head!.name}` : `${head!.name}\u0000${second.name}`;
    if (!operands.has(key)) check("the WHERE clause", chain);
  }
}
