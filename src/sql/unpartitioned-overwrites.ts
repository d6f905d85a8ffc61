/**
 * INSERT OVERWRITE of a slice into an unpartitioned IcebergSink (new-user trial: `INSERT OVERWRITE
 * ${facts} SELECT ... WHERE CAST(order_ts AS DATE) = DATE '2024-06-01'`). The Flink sink commits an
 * overwrite as ReplacePartitions (iceberg `flink/.../sink/IcebergFilesCommitter.java`
 * replacePartitions), which replaces the partitions its new files fall in, and on an unpartitioned
 * table deletes every row first (core `BaseReplacePartitions.apply`: deleteByRowFilter(alwaysTrue)
 * when the spec has no fields; iceberg docs flink-writes.md: "For an unpartitioned iceberg table,
 * its data will be completely overwritten by INSERT OVERWRITE"). A statement that writes one slice
 * of a table meant to hold many loses the others.
 *
 * What reads as a slice (sliceCondition): a top-level AND condition of the query's WHERE that fixes
 * a column the INSERT writes (a SELECT item names it, or `*`) to constants: `c = <constant>`,
 * `c IN (<constants>)`, or a range (`BETWEEN`, `<`, `<=`, `>`, `>=`) when it is one of time (the
 * column is a DATE or TIMESTAMP, or the condition names DATE, TIMESTAMP, CURRENT_DATE ...); the
 * column may be inside a function or CAST (`CAST(order_ts AS DATE) = DATE '2024-06-01'`). Any other
 * WHERE is a full rebuild that filters (`status <> 'test'`, `amount > 0`, `NOT IN`, a WHERE with a
 * top-level OR), as is a slice of a column not written (the table cannot tell slices apart: `SELECT
 * status, COUNT(*) ... WHERE day = DATE '2024-06-01' GROUP BY status`). Read only on a query of the
 * plain shape (insert-query.ts); another shape is not judged. A warning: the table may have been
 * created partitioned outside Flink (the connector writes an existing table with its own spec), and
 * a table meant to hold only the slice is legitimate. Quiet for a sink with partitionedBy (dynamic
 * partition overwrite replaces only the partitions written).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { readInsertQuery, shownText, STAR, type SelectQuery } from "./insert-query.js";
import type { Relation } from "./join-relations.js";
import type { AnalyzedStatement } from "./statement.js";
import { closingParen, NAME, topLevelOnly, unquoteIdentifier } from "./top-level.js";
import { topLevelConditions } from "./where-conditions.js";

/** Words that stand in a constant expression (typed literals, time units, CAST's type, the current date and time). */
const CONSTANT_WORDS = /^(?:DATE|TIMESTAMP|TIMESTAMP_LTZ|TIME|INTERVAL|CAST|AS|TRUE|FALSE|YEAR|QUARTER|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND|TO|CURRENT_DATE|CURRENT_TIMESTAMP|LOCALTIMESTAMP|NOW|CHAR|VARCHAR|STRING|INT|INTEGER|BIGINT|SMALLINT|TINYINT|DECIMAL|DOUBLE|FLOAT|WITH|WITHOUT|LOCAL|ZONE)$/i;
/** Words of a time range's constant. */
const TIME_WORDS = /\b(?:DATE|TIMESTAMP|TIMESTAMP_LTZ|CURRENT_DATE|CURRENT_TIMESTAMP|LOCALTIMESTAMP|NOW)\b/i;
/** `[q.]c` not followed by `(` (a function's name) or `.`; groups: the qualifier, the name. */
const REF = new RegExp(String.raw`(?<![\w$.])(?:(${NAME})\s*\.\s*)?(${NAME})(?![\w$]|\s*[.(])`, "gd");

/** The names of `[s, e)` of `q` that are no constant words: qualifier and name unquoted. */
function refsIn(q: Pick<SelectQuery, "text" | "code">, s: number, e: number): { qualifier?: string; name: string }[] {
  const out: { qualifier?: string; name: string }[] = [];
  for (const m of q.code.slice(s, e).matchAll(REF)) {
    const at = (g: number): string | undefined => (m.indices![g] === undefined ? undefined : q.text.slice(s + m.indices![g]![0], s + m.indices![g]![1]));
    const written = at(2)!;
    if (at(1) === undefined && !written.startsWith("`") && CONSTANT_WORDS.test(written)) continue;
    out.push({ ...(at(1) !== undefined ? { qualifier: unquoteIdentifier(at(1)!) } : {}), name: unquoteIdentifier(written) });
  }
  return out;
}

/** True when `[s, e)` of `q` is a constant: no name but constant words, something in it. */
const isConstant = (q: SelectQuery, s: number, e: number): boolean => q.code.slice(s, e).trim() !== "" && refsIn(q, s, e).length === 0;

/** The one column `[s, e)` of `q` reads, with the relation it belongs to, when it reads exactly one. */
function oneColumn(q: SelectQuery, relations: readonly Relation[], s: number, e: number): { relation: Relation; name: string } | undefined {
  const refs = refsIn(q, s, e);
  if (refs.length !== 1) return undefined;
  const { qualifier, name } = refs[0]!;
  const relation = relations.find((r) => (qualifier === undefined || r.qualifiers.includes(qualifier)) && r.table.columns?.some((c) => c.name === name));
  return relation === undefined ? undefined : { relation, name };
}

/** The first top-level AND condition of the WHERE of `q` that selects a slice of a column the INSERT writes (see the module comment), as `[start, end)` of its code. */
export function sliceCondition(q: SelectQuery): [number, number] | undefined {
  const relations: readonly Relation[] = q.from !== undefined ? [{ table: q.from.table, qualifiers: q.from.qualifiers }] : (q.join?.relations ?? []);
  const where = q.from !== undefined ? q.from.clauses.where : q.join?.clauses.where;
  if (where === undefined || relations.length === 0) return undefined;
  const clause = topLevelOnly(q.code, where[0], where[1]);
  const conditions = clause === undefined ? undefined : topLevelConditions(q.code, { start: where[0], clause });
  const written = (name: string): boolean =>
    q.items.some((item) => STAR.test(item.code) || refsIn(q, item.start, item.start + item.code.length).some((r) => r.name.toLowerCase() === name.toLowerCase()));
  for (const [s, e] of conditions ?? []) {
    const flat = topLevelOnly(q.code, s, e);
    if (flat === undefined || /\bNOT\b/i.test(flat)) continue;
    let column: ReturnType<typeof oneColumn>;
    let range = false;
    const between = /\bBETWEEN\b(?:\s+(?:SYMMETRIC|ASYMMETRIC)\b)?/i.exec(flat);
    // topLevelOnly blanks the parentheses of `IN (...)`: the list is read from the code.
    const inList = /\bIN\b/i.exec(flat);
    const op = /<>|!=|<=|>=|=|<|>/.exec(flat);
    if (between !== null) {
      const lo = s + between.index + between[0].length;
      const and = flat.slice(lo - s).search(/\bAND\b/i);
      if (and >= 0 && isConstant(q, lo, lo + and) && isConstant(q, lo + and + 3, e)) column = oneColumn(q, relations, s, s + between.index);
      range = true;
    } else if (inList !== null) {
      const open = q.code.indexOf("(", s + inList.index);
      const close = open < 0 || q.code.slice(s + inList.index + 2, open).trim() !== "" ? -1 : closingParen(q.code, open);
      if (close > 0 && q.code.slice(close + 1, e).trim() === "" && isConstant(q, open + 1, close)) column = oneColumn(q, relations, s, s + inList.index);
    } else if (op !== null && op[0] !== "<>" && op[0] !== "!=") {
      const [ls, le, rs, re] = [s, s + op.index, s + op.index + op[0].length, e];
      column = isConstant(q, rs, re) ? oneColumn(q, relations, ls, le) : isConstant(q, ls, le) ? oneColumn(q, relations, rs, re) : undefined;
      range = op[0] !== "=";
    }
    if (column === undefined || !written(column.name)) continue;
    const type = column.relation.table.columns!.find((c) => c.name === column!.name)!.type?.kind;
    if (range && !(type === "DATE" || type?.startsWith("TIMESTAMP") === true || TIME_WORDS.test(q.code.slice(s, e)))) continue;
    return [s, e];
  }
  return undefined;
}

/** Warns when the INSERT OVERWRITE `a` writes a slice (its WHERE: sliceCondition) into an unpartitioned IcebergSink. */
export function checkUnpartitionedOverwrite(a: AnalyzedStatement, diag: Diagnostics): void {
  const t = a.target;
  const spec = t?.iceberg?.partitionSpec as { fields?: readonly unknown[] } | undefined;
  if (a.kind !== "insert-overwrite" || t === undefined || t.resourceType !== "IcebergSink" || spec?.fields === undefined || spec.fields.length > 0 || !a.words.has("WHERE")) return;
  const q = readInsertQuery(a);
  const slice = q === undefined ? undefined : sliceCondition(q);
  if (slice === undefined) return;
  diag.warn(
    `statements[${a.index}]`,
    `INSERT OVERWRITE into ${t.label} replaces the whole table, not only the slice its WHERE selects (${shownText(q!, slice[0], slice[1])}): the sink declares no partitionedBy, and Iceberg overwrites an unpartitioned table completely ` +
      "(iceberg ReplacePartitions deletes all its rows before adding the new ones), so the rows outside that slice are gone once the job commits; " +
      `to replace a slice, partition the table by the column the WHERE selects on (partitionedBy on ${t.label}, e.g. a DATE column the INSERT fills), so that INSERT OVERWRITE replaces only the partitions it writes; ` +
      "to add the rows, write INSERT INTO; acknowledge this warning when the table should hold only that slice",
  );
}
