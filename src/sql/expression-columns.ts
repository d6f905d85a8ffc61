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
 * in the WHERE clause are selected-values.ts's, which gathers them with these in one
 * UnknownNames (unknown-names.ts): each name is reported once, with every place it is read. A reserved word
 * after a qualifier (`t.value`), or unqualified where only an operand stands (`UPPER(value)`), is
 * the parser's error (reserved-words.ts; expression-names.ts `reserved`), once per place it is read
 * (the GROUP BY and the WHERE clause are two fixes, reported in one run).
 *
 * The names of the GROUP BY and HAVING clauses are read the same way: a misspelt one fails the job ("Column
 * 'pgae' not found in any table"), and so does a SELECT alias that is no column, as Flink's
 * conformance groups by no alias and filters by none in HAVING (flink `FlinkSqlConformance.isGroupByAlias`
 * and `isHavingAlias` are false; group-by.ts).
 * A qualifier `q` of `q.c` that is neither a relation's qualifier nor a column (a ROW column's
 * field access) fails with "Table 'q' not found": reported once per name (unknown-names.ts), for
 * a FROM clause of interpolated tables only (not over a window TVF, whose qualifiers are not read
 * here; subqueries and MATCH_RECOGNIZE leave their expression unread), and not for an
 * interpolated table's own name (an alias hides it: hidingAlias) nor a name of three parts or more.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { quoteIdentifier } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { expressionNames, type NameChain, type NamePart } from "./expression-names.js";
import { COLUMN_REF, MARK, shownText, STAR, withoutAlias, type InsertQuery, type SelectItem } from "./insert-query.js";
import type { Relation } from "./join-relations.js";
import { reportReserved as report, sqlName, unquotedReservedColumn, type ReservedUse, type WrittenQualifier } from "./reserved-words.js";
import { SQL_WORDS } from "./sql-words.js";
import { UnknownNames } from "./unknown-names.js";
import { isWindowRelation } from "./window-relation.js";
import { closingParen } from "./top-level.js";

/**
 * A qualifier as written in the query text (an interpolated table as its marker), for messages about
 * `table`'s columns; `hiddenBy`: the alias that hides it (hidingAlias), which the fix names instead.
 */
export function writtenQualifier(written: string, table: TableDefinition, hiddenBy?: string): WrittenQualifier {
  const shown = written.startsWith(MARK) ? { shown: quoteIdentifier(table.tableName), template: `\${<the ${table.resourceType} object>}` } : { shown: written, template: written };
  if (hiddenBy === undefined) return shown;
  return { ...shown, hiddenBy: sqlName(hiddenBy, SQL_WORDS) };
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

/**
 * Reports the names of the query's expressions (see the module comment) that are no column of
 * its FROM relation, or of any relation of its join, at `at`, with those `unknown` holds already
 * (selected-values.ts: plain SELECT items, compared WHERE names): each name once, with the places
 * it is read (unknown-names.ts). An unquoted reserved word that names a column, where only an
 * operand stands (expression-names.ts `reserved`), is reported once too. Names are not resolved
 * for a query whose FROM clause is not read.
 */
export function checkExpressionColumns(q: InsertQuery, at: string, diag: Diagnostics, unknown = new UnknownNames(), flinkVersion?: string): void {
  readNames(q, at, diag, unknown, flinkVersion);
  unknown.report(at, diag);
}

function readNames(q: InsertQuery, at: string, diag: Diagnostics, unknown: UnknownNames, flinkVersion: string | undefined): void {
  const from = q.from;
  const relations: readonly Relation[] = from !== undefined ? [{ table: from.table, qualifiers: from.qualifiers, ...(from.alias !== undefined ? { alias: from.alias } : {}) }] : (q.join?.relations ?? []);
  if (relations.length === 0 || relations.some((r) => r.table.columns === undefined)) return;
  const groupBy = from !== undefined ? from.clauses.groupBy : q.join?.clauses.groupBy;
  const having = from !== undefined ? from.clauses.having : q.join?.clauses.having;
  const span = from !== undefined ? (from.whereNames !== undefined ? from.clauses.where : undefined) : q.join?.clauses.where;
  // A SELECT list of `*` only, and no join condition, GROUP BY, HAVING or WHERE read here: no name to read (the common `SELECT * FROM t`).
  if (groupBy === undefined && having === undefined && span === undefined && (q.join?.conditions.length ?? 0) === 0 && q.items.every((item) => STAR.test(item.code))) return;
  const has = (r: Relation, name: string): boolean => r.table.columns!.some((c) => c.name === name);
  const unaliased = q.items.map((item) => withoutAlias(item));
  const read = q.items.map((item, i) => (STAR.test(item.code) ? undefined : expressionNames(unaliased[i]!.text, unaliased[i]!.code)));
  const aliases = new Set(unaliased.flatMap((u) => (u.alias !== undefined ? [u.alias] : [])));
  const reported = new Set<string>();
  const error = (key: string, message: string): void => {
    if (reported.has(key)) return;
    reported.add(key);
    diag.error(at, message);
  };
  /** A reserved word read as a column: an error, or a warning where only some versions reserve it and the job's is not known (reserved-words.ts). */
  const reserve = (key: string, use: ReservedUse): void => {
    if (reported.has(key)) return;
    reported.add(key);
    report(at, use, diag);
  };
  const known = relations.map((r) => r.alias ?? r.table.tableName);
  /** `q.c` whose q names no relation, no column (r.f: a field) and no interpolated table: "Table 'q' not found". */
  const checkQualifier = (where: string, chain: NameChain): void => {
    const [head, second, third] = chain.parts;
    if (second === undefined || third !== undefined || relations.some((r) => isWindowRelation(r.table))) return;
    if (head!.name.startsWith(MARK) || relations.some((r) => r.qualifiers.includes(head!.name) || has(r, head!.name))) return;
    unknown.addQualifier(where, head!.name, `${head!.written}.${second.written}`, known);
  };
  /** The HAVING clause as written with each `alias` (as written, outside literals) replaced by `expression`, on one line. */
  const havingWith = (alias: string, expression: string): string => {
    const [s, e] = (from !== undefined ? from.clauses.having : q.join?.clauses.having)!;
    const escaped = alias.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    let text = q.text.slice(s, e);
    const hits = [...q.code.slice(s, e).matchAll(new RegExp(`(?<![A-Za-z0-9_$\`])${escaped}(?![A-Za-z0-9_$\`])`, "g"))];
    for (const h of hits.reverse()) text = text.slice(0, h.index) + expression + text.slice(h.index + h[0].length);
    return shownText({ text, tables: q.tables }, 0, text.length).trim().replace(/\s*[\r\n]\s*/g, " ");
  };
  /**
   * The SELECT alias a GROUP BY or HAVING name is, when it is no column: Flink's conformance takes
   * neither (FlinkSqlConformance isGroupByAlias, isHavingAlias), so the name resolves against the FROM clause only.
   */
  const clauseAlias = (chain: NameChain, clause: "GROUP BY" | "HAVING"): void => {
    const [head] = chain.parts;
    const k = unaliased.findIndex((u) => u.alias === head!.name);
    if (chain.parts.length !== 1 || k < 0 || relations.some((r) => has(r, head!.name) || r.qualifiers.includes(head!.name))) return;
    const u = unaliased[k]!;
    const expression = shownText({ text: u.text, tables: q.tables }, 0, u.text.length);
    const fix = clause === "GROUP BY" ? `group by the expression itself (GROUP BY ${expression})` : `write the expression in its place (HAVING ${havingWith(head!.written, u.text)})`;
    error(
      `\u0001${clause}\u0000${head!.name}`,
      `the ${clause === "GROUP BY" ? "GROUP BY" : "HAVING clause"} names ${JSON.stringify(head!.name)}, the alias of the SELECT item ${q.items[k]!.shown}, which is not a column: ${clause} cannot name a SELECT alias in Flink (its SQL conformance has no ${clause} alias); ` +
        `Flink fails when the job starts ("Column '${head!.name}' not found in any table"); ${fix}`,
    );
  };
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
      if (r === undefined) return checkQualifier(where, chain);
      if (relations.some((x) => has(x, head!.name))) return;
      hidden = r.qualifiers.includes(head!.name) ? undefined : r.alias;
      name = second;
      qualifier = writtenQualifier(head!.written, r.table, hidden);
      candidates = [r];
    } else if ((where === "the GROUP BY" || where === "the HAVING clause") && aliases.has(head!.name)) {
      return clauseAlias(chain, where === "the GROUP BY" ? "GROUP BY" : "HAVING");
    } else if (aliases.has(head!.name) || relations.some((r) => r.qualifiers.includes(head!.name)) || (WINDOW_NAMES.has(head!.name.toLowerCase()) && !relations.some((r) => has(r, head!.name)))) {
      return;
    }
    // After a qualifier an unquoted reserved word naming a column fails the parser (an unqualified one is `reserved` of expression-names.ts).
    const only = candidates[0]!;
    const reserved = qualifier === undefined || name.quoted ? undefined : unquotedReservedColumn(where, name.written, only.table, only.table.columns!, flinkVersion, qualifier);
    if (reserved !== undefined) return reserve(`${where}\u0000${qualifier!.shown}\u0000${name.written}`, reserved);
    if (hidden !== undefined || candidates.some((r) => has(r, name.name))) return;
    const value = chain.compared && second === undefined && !head!.quoted ? head!.written : undefined;
    unknown.add(where, name.name, candidates, value);
  };
  /** An unquoted reserved word where an operand stands: an error when it names a column of a relation (in any case). */
  const checkReserved = (where: string, word: NamePart): void => {
    const r = relations.find((x) => x.table.columns!.some((c) => c.name.toLowerCase() === word.name.toLowerCase()));
    const use = r === undefined ? undefined : unquotedReservedColumn(where, word.written, r.table, r.table.columns!, flinkVersion);
    // Once per place: the same word in the GROUP BY and the WHERE clause is two fixes, reported in one run.
    if (use !== undefined) reserve(`${where}\u0000\u0000${word.written}`, use);
  };
  q.items.forEach((item, i) => {
    // A plain item ([q.]c) over one relation is selected-values.ts selectedValues's (its qualifier is checked here).
    if (from !== undefined && COLUMN_REF.test(unaliased[i]!.code)) return read[i]?.names.forEach((chain) => checkQualifier("the SELECT list", chain));
    for (const chain of read[i]?.names ?? []) check(itemLabel(item), chain);
    for (const word of read[i]?.reserved ?? []) checkReserved(itemLabel(item), word);
  });
  for (const c of q.join?.conditions ?? []) {
    const names = expressionNames(c.text, c.code);
    for (const chain of names?.names ?? []) check(`the ${c.kind}`, chain);
    for (const word of names?.reserved ?? []) checkReserved(`the ${c.kind}`, word);
  }
  const grouped = groupBy === undefined ? undefined : expressionNames(...withoutGroupWindows(q.text.slice(groupBy[0], groupBy[1]), q.code.slice(groupBy[0], groupBy[1])));
  for (const chain of grouped?.names ?? []) check("the GROUP BY", chain);
  for (const word of grouped?.reserved ?? []) checkReserved("the GROUP BY", word);
  // A SELECT alias that is a non-reserved grammar word (`c`, `k`, `data` ...): the alias all the same.
  for (const word of grouped?.words ?? []) if (aliases.has(word.name)) clauseAlias({ parts: [word], compared: false }, "GROUP BY");
  // HAVING resolves its names against the FROM clause as WHERE does (calcite SqlValidatorImpl validateHavingClause).
  const filtered = having === undefined ? undefined : expressionNames(q.text.slice(having[0], having[1]), q.code.slice(having[0], having[1]));
  for (const chain of filtered?.names ?? []) check("the HAVING clause", chain);
  for (const word of filtered?.reserved ?? []) checkReserved("the HAVING clause", word);
  for (const word of filtered?.words ?? []) if (aliases.has(word.name)) clauseAlias({ parts: [word], compared: false }, "HAVING");
  if (span === undefined) return;
  const where = { text: q.text.slice(span[0], span[1]), code: q.code.slice(span[0], span[1]) };
  // The names compared in a one-relation WHERE clause are selected-values.ts checkWhereOperands's.
  const operands = new Set((from?.whereOperands ?? []).map((o) => `${o.qualifier ?? ""}\u0000${o.name}`));
  const names = expressionNames(where.text, where.code);
  for (const chain of names?.names ?? []) {
    const [head, second] = chain.parts;
    const key = second === undefined ? `\u0000${head!.name}` : `${head!.name}\u0000${second.name}`;
    if (!operands.has(key)) check("the WHERE clause", chain);
    else checkQualifier("the WHERE clause", chain);
  }
  for (const word of names?.reserved ?? []) if (!operands.has(`\u0000${word.name}`)) checkReserved("the WHERE clause", word);
}

/**
 * The GROUP BY's text and code with the legacy group window calls (`TUMBLE(ts, INTERVAL ...)`,
 * `HOP(...)`, `SESSION(...)`) blanked: window-time.ts checks their time column and reports a
 * misspelt one itself (one report per name).
 */
function withoutGroupWindows(text: string, code: string): [string, string] {
  let t = text;
  let c = code;
  for (const m of code.matchAll(/\b(?:TUMBLE|HOP|SESSION)\s*\(/gi)) {
    const close = closingParen(code, m.index! + m[0].length - 1);
    if (close < 0) continue;
    const blank = " ".repeat(close + 1 - m.index!);
    t = t.slice(0, m.index!) + blank + t.slice(close + 1);
    c = c.slice(0, m.index!) + blank + c.slice(close + 1);
  }
  return [t, c];
}
