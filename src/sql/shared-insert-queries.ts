/**
 * A memo of INSERT query readings (insert-query.ts readInsertQuery) across the statements of a
 * program: real stacks build many jobs from one loop, each INSERT of the same text over its own
 * tables (`INSERT INTO ${sink} SELECT * FROM ${source}`), and the reading of the query after the
 * target is the same for each but for the tables it points to.
 *
 * The key: whether the query is read after a WITH list; the query's text after the target with each
 * interpolated table as its marker (`__flink_iceberg_table_<k>__`, k its place among the tables after
 * the target) and each Output as its mark (the text readInsert reads: no table's name or columns
 * are in it); and which markers are the same table (for each, the first marker of its table), as
 * the FROM table's qualifiers count each marker of it.
 *
 * What is cached: only a reading that reads nothing of a table but its place. That is a reading
 * with a FROM that is one interpolated table (not a window TVF over it: windowRelation reads the
 * table's columns), no join (join-relations.ts reads the tables), no WITH list (its queries are read
 * on demand over the tables), no table marker in a SELECT item (an item's `shown` names the table),
 * and either an alias or no WHERE (without an alias the table's Flink name qualifies the columns the
 * WHERE rejects NULL for). Each use gets a new reading with its own tables: `tables`, the FROM table
 * (`from.table`, its place remembered) and its qualifiers (the alias, else its Flink name and its
 * markers), built as readInsert builds them (same keys, same order); the rest (texts, items, clauses,
 * spans, names) is shared, frozen when remembered. Nothing is reported while reading, so there is no
 * diagnostic to replay.
 *
 * Bounded: cleared once it holds MAX_QUERIES readings (an Automation API program runs for long).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { BoundedMemo, deepFreeze } from "../validation/bounded-memo.js";
import type { InsertQuery, SelectQuery } from "./insert-query.js";

/** insert-query.ts MARK (not imported: insert-query.ts loads this module; test/shared-insert-queries.test.ts compares them). */
const MARK = "__flink_iceberg_table_";

/** The most readings remembered; past it the memo starts again empty. */
export const MAX_QUERIES = 1024;

/** A remembered reading: the first reading itself (its table-free parts frozen), and the place of its FROM table among the tables. */
interface Remembered {
  readonly query: InsertQuery;
  readonly from: number;
}

const memo = new BoundedMemo<string, Remembered>(MAX_QUERIES);

/**
 * The reading of the INSERT query whose text after the target is `text` (tables as markers, k for
 * `tables[k]`): a remembered one rebuilt over `tables`, else `read()`'s, remembered when it reads
 * nothing of a table but its place (see the module comment).
 */
export function sharedInsertQuery(text: string, tables: readonly TableDefinition[], afterWith: boolean, read: () => InsertQuery | undefined): InsertQuery | undefined {
  let key = afterWith ? "w" : "p";
  for (let k = 0; k < tables.length; k++) key += `${tables.indexOf(tables[k]!)},`;
  key += `|${text}`;
  const known = memo.lookup(key);
  if (known !== undefined) return rebuilt(known, tables);
  const q = read();
  const from = q === undefined ? -1 : placeOfFrom(q, tables);
  if (from >= 0) {
    memo.remember(key, { query: frozenParts(q!), from });
  }
  return q;
}

/** The place of q's FROM table among `tables` when q reads nothing else of a table (see the module comment), else -1. */
function placeOfFrom(q: InsertQuery, tables: readonly TableDefinition[]): number {
  const from = q.from;
  if (from === undefined || q.join !== undefined || q.withQuery !== undefined) return -1;
  if (from.alias === undefined && from.clauses.where !== undefined) return -1;
  if (q.items.some((i) => i.text.includes(MARK))) return -1;
  // A window TVF's relation is a table of its own, in no place.
  return tables.indexOf(from.table);
}

/** Freezes what readings share (never their tables), and returns q. */
function frozenParts(q: InsertQuery): InsertQuery {
  const deep = deepFreeze;
  deep(q.items);
  deep(q.columnList);
  deep(q.staticPartition);
  const f = q.from!;
  deep(f.nullRejected);
  deep(f.notNullTested);
  deep(f.whereNames);
  deep(f.whereOperands);
  deep(f.clauses);
  return q;
}

/** The remembered reading over `tables`: its FROM table and qualifiers this statement's, in readInsert's key order. */
function rebuilt(r: Remembered, tables: readonly TableDefinition[]): InsertQuery {
  const { query: q } = r;
  const f = q.from!;
  const table = tables[r.from]!;
  let qualifiers: string[];
  if (f.alias !== undefined) qualifiers = [f.alias];
  else {
    qualifiers = [table.tableName];
    for (let k = 0; k < tables.length; k++) if (tables[k] === table) qualifiers.push(`${MARK}${k}__`);
  }
  const from: NonNullable<SelectQuery["from"]> =
    f.alias !== undefined
      ? { table, qualifiers, alias: f.alias, nullRejected: f.nullRejected, notNullTested: f.notNullTested, whereNames: f.whereNames, whereOperands: f.whereOperands, clauses: f.clauses }
      : { table, qualifiers, nullRejected: f.nullRejected, notNullTested: f.notNullTested, whereNames: f.whereNames, whereOperands: f.whereOperands, clauses: f.clauses };
  const query: SelectQuery = { text: q.text, code: q.code, tables, distinct: q.distinct, items: q.items, from };
  if (q.columnList === undefined && q.staticPartition === undefined) return query;
  return {
    ...(q.columnList !== undefined ? { columnList: q.columnList } : {}),
    ...(q.staticPartition !== undefined ? { staticPartition: q.staticPartition, staticPartitionClause: q.staticPartitionClause! } : {}),
    ...query,
  };
}

/** How many readings the memo has answered (for tests). */
export function sharedQueryHits(): number {
  return memo.hits;
}

/** The number of readings remembered (for tests). */
export function sharedQueryCount(): number {
  return memo.size;
}

/** Forgets every reading (for tests). */
export function clearSharedQueries(): void {
  memo.clear();
}
