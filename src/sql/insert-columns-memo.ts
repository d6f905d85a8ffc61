/**
 * A memo of clean INSERT column checks (insert-columns.ts checkInsertColumns) across the jobs of a
 * program: real stacks build many jobs from one loop, each with the same INSERT over its own tables
 * of the same columns (`INSERT INTO ${sink} SELECT * FROM ${source}`), and the check (the query
 * reading, the value typing, the NOT NULL and upsert rules) finds the same for each as long as what
 * it reads is.
 *
 * What is cached: only that a check was clean (it recorded no error and no warning); the check
 * returns nothing and has no other effect (its readings are pure; a statement's own memo of its
 * INSERT query, AnalyzedStatement.insertQueries, is then filled by the next check that reads it). A
 * check with a finding is run afresh every time, so its diagnostics come out exactly as computed fresh.
 *
 * The key: everything the check reads.
 * - The statement: its kind; each segment in order (a text segment's text, an Output as an Output,
 *   a table as its place among the statement's tables, so that a table written twice is keyed so);
 *   the strings interpolated with `${...}` (start, end, text); which places are the INSERT target
 *   and the tables read.
 * - Each table of the statement, in its place: resourceType, writable, bounded, failed and its known
 *   parts (failed-table-parts.ts knows), primary key, partition keys, changelog, connector,
 *   appendOnly, whether it is an Iceberg table and its upsert fact (upsert-keys.ts), and every
 *   column (name, type text with nullability, insertable, neverNull (a 'datagen' column without
 *   null-rate), metadata, timeAttribute, timeType, unread). Of the Iceberg facts only `upsert`
 *   decides anything: `partitionSpec` is read only into a warning's text (a clean check has none).
 * - The job's context: the NOT NULL enforcer, the upsert context (batch, upsert-materialize and
 *   where it is set), the functions the job declares, the Kubernetes flinkVersion. A job that
 *   declares views is not cached (a view read by name, or in a set operation, is typed by its own
 *   query).
 * - The tables' Flink names, unless each is a plain identifier (ASCII letters, digits, `_`, not
 *   starting with a digit), no string is interpolated, and no text segment holds any of the names
 *   (compared in lower case): the check reads a table's name only (1) as a qualifier of its
 *   columns (insert-query.ts readFrom, join-relations.ts: `name.col`), which the statement's text
 *   can match only where it holds the name, (2) in messages (a clean check has none), and (3)
 *   through the statement's words (statement-gates.ts), which the check asks only whether the
 *   statement holds WITH (insert-query.ts readInsertQuery): a query after the target that does not
 *   start with WITH reads the same either way. The scans of the statement read each table as a
 *   marker or ` x ` (insert-query.ts markedText, statement.ts statementCode), never its name. Which
 *   tables share a name (in lower case) is in the key in any case.
 *
 * Bounded (bounded-memo.ts): at most MAX_CHECKS keys; past that the memo starts over empty.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { BoundedMemo } from "../validation/bounded-memo.js";
import { checkInsertColumns } from "./insert-columns.js";
import type { AnalyzedStatement } from "./statement.js";
import type { UpsertContext } from "./upsert-keys.js";

/** The most clean checks remembered; past it the memo starts again empty. */
export const MAX_CHECKS = 1024;

const memo = new BoundedMemo<string, true>(MAX_CHECKS);

/** A Flink name that may stay out of the key (see the module comment). */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * checkInsertColumns(a, diag, notNullEnforcer, upsert, functions, views, flinkVersion), reporting
 * into `diag` exactly as it does; a check of content found clean before (see the module comment)
 * is not run again.
 */
export function checkInsertColumnsOnce(
  a: AnalyzedStatement,
  diag: Diagnostics,
  notNullEnforcer: string | null | undefined,
  upsert: UpsertContext,
  functions: () => ReadonlySet<string>,
  views: ReadonlyMap<string, AnalyzedStatement>,
  flinkVersion: string | undefined,
): void {
  const key = views.size === 0 ? insertCheckKey(a, notNullEnforcer, upsert, functions(), flinkVersion) : undefined;
  if (key !== undefined && memo.lookup(key) !== undefined) return;
  const issues = diag.issueCount;
  checkInsertColumns(a, diag, notNullEnforcer, upsert, functions, views, flinkVersion);
  if (key !== undefined && diag.issueCount === issues) memo.remember(key, true);
}

/** The memo's key for the check of INSERT `a` in this context (see the module comment), or undefined when it is not cached. */
export function insertCheckKey(a: AnalyzedStatement, notNullEnforcer: string | null | undefined, upsert: UpsertContext, functions: ReadonlySet<string>, flinkVersion: string | undefined): string | undefined {
  const { segments, interpolated } = a.statement;
  const tables: TableDefinition[] = [];
  // Each text length-prefixed (no two distinct contents give one key), "-" for none.
  let key = `${a.kind}|${text(flinkVersion)}${notNullEnforcer === null ? "?" : text(notNullEnforcer)}${upsert.batch ? "b" : "s"}`;
  const m = upsert.materialize;
  // The check asks only whether it is a string (upsert-keys.ts).
  key += m === null ? "?" : text(m);
  key += `${text(upsert.materializeAt)}f`;
  for (const f of functions) key += `${f.length}:${f}`;
  key += "|";
  for (const s of segments) {
    if (s.kind === "text") key += `s${s.text.length}:${s.text}`;
    else if (s.kind === "table") {
      let place = tables.indexOf(s.table);
      if (place < 0) place = tables.push(s.table) - 1;
      key += `t${place}`;
    } else key += "o";
  }
  let named = interpolated.length > 0;
  if (named) key += `i${JSON.stringify(interpolated.map((i) => [i.start, i.end, i.text]))}`;
  key += `|T${a.target === undefined ? "-" : tables.indexOf(a.target)}R`;
  for (const r of a.reads) key += `${tables.indexOf(r)},`;
  const lower: string[] = [];
  for (const t of tables) {
    const name: unknown = t.tableName;
    if (typeof name !== "string") return undefined;
    lower.push(name.toLowerCase());
    if (!PLAIN_NAME.test(name)) named = true;
  }
  if (!named) {
    for (const s of segments) {
      if (s.kind !== "text") continue;
      const lowerText = s.text.toLowerCase();
      if (lower.some((n) => lowerText.includes(n))) {
        named = true;
        break;
      }
    }
  }
  for (let k = 0; k < tables.length; k++) {
    const t = tables[k]!;
    key += `|${named ? text(t.tableName) : ""}=${lower.indexOf(lower[k]!)}${tableFacts(t)}`;
  }
  return key;
}

/** What the check reads of a table but its name (see the module comment). */
function tableFacts(t: TableDefinition): string {
  const ice = t.iceberg;
  return (
    `${t.resourceType}${t.writable === true ? "w" : "-"}${t.bounded === true ? "b" : "-"}${t.failed === true ? `F${list(t.known)}` : "-"}` +
    `${list(t.primaryKey)}${list(t.partitionKeys)}${text(t.changelog)}${text(t.connector)}${text(t.appendOnly)}` +
    `${ice === undefined ? "-" : ice.upsert === true ? "U" : "I"}${columnFacts(t.columns)}`
  );
}

/** A list of names, length-prefixed ("-" for none). */
function list(names: readonly string[] | undefined): string {
  if (names === undefined) return "-";
  let out = `${names.length}[`;
  for (const n of names) out += `${n.length}:${n}`;
  return out;
}

/** A text, length-prefixed ("-" for none). */
function text(value: string | undefined): string {
  return value === undefined ? "-" : `${value.length}:${value}`;
}

/**
 * Each column list's facts (columnText) as a short id, so that the key stays short (a key of the
 * column texts themselves, thousands of characters, cost more to hash than the check it spares).
 * Ids are never reused: when `ids` starts over, a text gets a new id, and keys with the old one miss.
 */
const ids = new BoundedMemo<string, string>(MAX_CHECKS);
let nextId = 0;

/** The id of a frozen list of frozen columns (their types are frozen too: types/data-type.ts), which cannot change. */
const frozenIds = new WeakMap<readonly TableColumn[], string>();

/** The id of the columns' facts (see the module comment). */
function columnFacts(columns: readonly TableColumn[] | undefined): string {
  if (columns === undefined) return "-";
  const kept = frozenIds.get(columns);
  if (kept !== undefined) return kept;
  const text = columnText(columns);
  const id = ids.computed(text, () => `c${nextId++};`);
  if (Object.isFrozen(columns) && columns.every((c) => Object.isFrozen(c))) frozenIds.set(columns, id);
  return id;
}

/** Every fact of each column the check reads (see the module comment), in order. */
function columnText(columns: readonly TableColumn[]): string {
  let out = `${columns.length}[`;
  for (const c of columns) {
    out +=
      `${text(c.name)}${c.type === undefined ? "-" : text(c.type.toString())}${c.insertable === true ? "i" : "-"}${c.neverNull === true ? "n" : "-"}` +
      `${c.metadata === true ? "m" : "-"}${c.timeAttribute ?? "-"}${c.timeType === undefined ? "-" : text(c.timeType.toString())}${c.unread === true ? "u" : "-"};`;
  }
  return `${out}]`;
}

/** How many checks the memo has answered (for tests). */
export function insertCheckHits(): number {
  return memo.hits;
}

/** The number of clean checks remembered (for tests). */
export function insertCheckCount(): number {
  return memo.size;
}

/** Forgets every check and the count of answers (for tests). */
export function clearInsertChecks(): void {
  memo.clear();
  memo.hits = 0;
}
