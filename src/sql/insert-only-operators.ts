/**
 * A changelog (updates and deletes) into an operator that takes inserts only, in a streaming job:
 * an interval join, and an OVER aggregation ordered by a time attribute. Flink's planner asks their
 * inputs for inserts only and refuses the plan otherwise ("StreamPhysicalIntervalJoin doesn't
 * support consuming update and delete changes which is produced by node ...", flink
 * `flink-table/flink-table-planner/src/main/scala/org/apache/flink/table/planner/plan/optimize/program/FlinkChangelogModeInferenceProgram.scala`:
 * StreamPhysicalIntervalJoin and StreamPhysicalOverAggregate visit their children with
 * ModifyKindSetTrait.INSERT_ONLY), in Flink 1.19, 1.20, 2.0 and 2.1 alike. Flink 2.1 lets an OVER
 * aggregation ordered by a column that is no time attribute take updates (FLINK-19059,
 * NonTimeRangeUnboundedPrecedingFunction), never one ordered by a rowtime or proctime attribute;
 * no version lets an interval join take updates (FLINK-37403, which would have planned it as a
 * regular join, was closed unmerged; FLIP-497's early fire keeps its inputs insert-only).
 *
 * A changelog input is a table read as one (TableDefinition.changelog: a CDC format, a CDC
 * connector, upsert-kafka; connector-bounds.ts connectorChangelog). An Iceberg source never is (iceberg
 * `flink/.../source/IcebergTableSource.getChangelogMode` is insertOnly). A batch job reads no
 * changelog at all (job-plan.ts refuses one: flink DynamicSourceUtils), so only streaming jobs are
 * checked. Read only where certain, over a query of the plain shape (insert-query.ts):
 * - an interval join: a JOIN of interpolated tables (join-relations.ts) whose ON condition bounds a
 *   time attribute of the joined table by one of an earlier table from both sides, with constant
 *   offsets: `b.ts BETWEEN a.ts - INTERVAL ... AND a.ts + INTERVAL ...`, or `>` / `>=` and `<` /
 *   `<=` comparisons both ways (flink `IntervalJoinUtil.extractWindowBoundsFromPredicate`; both
 *   rowtime or both proctime), where the joined table or one before it that is not read FOR
 *   SYSTEM_TIME AS OF (a temporal join forwards only its left side's changes) is a changelog;
 * - an OVER aggregation: a built-in aggregate `agg(...) OVER (... ORDER BY col ...)` in the SELECT
 *   list of a query over one changelog table without GROUP BY, `col` a time attribute of it.
 * Views, subqueries and named windows (`OVER w`) are left to Flink.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { AGGREGATES } from "./aggregate-calls.js";
import { readInsertQuery, readViewQuery, shownText, withoutAlias, type SelectQuery } from "./insert-query.js";
import type { Relation } from "./join-relations.js";
import type { AnalyzedStatement } from "./statement.js";
import { closingParen, NAME, unquoteIdentifier, WRITTEN_NAME } from "./top-level.js";
import { isWindowRelation } from "./window-relation.js";

/** `q.col`, then constant offsets: `+ INTERVAL '1' HOUR`, `- INTERVAL '5' MINUTE TO SECOND(3)` (on code, literals blanked between their quotes). */
const OFFSET = String.raw`\s*[+-]\s*INTERVAL\s*'[^']*'\s*[A-Za-z]+(?:\s*\([^()]*\))?(?:\s+TO\s+[A-Za-z]+(?:\s*\([^()]*\))?)?`;
const TERM = String.raw`(${NAME})\s*\.\s*(${NAME})(?:${OFFSET})*`;
/** A conjunct of the condition: after its start, AND or an opening parenthesis, up to AND, a closing parenthesis or its end. */
const CONJUNCT_START = String.raw`(?<=(?:^|\bAND|\()\s*)`;
const CONJUNCT_END = String.raw`(?=\s*(?:$|\)|AND\b))`;
const BETWEEN = new RegExp(String.raw`${CONJUNCT_START}${TERM}\s+BETWEEN\s+(?:ASYMMETRIC\s+)?${TERM}\s+AND\s+${TERM}${CONJUNCT_END}`, "gid");
const COMPARISON = new RegExp(String.raw`${CONJUNCT_START}${TERM}\s*(<=|>=|<|>)\s*${TERM}${CONJUNCT_END}`, "gid");

/** A time attribute a term names: the relation's index and the attribute's kind. */
interface TimeRef {
  readonly relation: number;
  readonly kind: "rowtime" | "proctime";
  readonly written: string;
}

/** The time attribute named by the qualifier and column written at `[q0, q1)` and `[c0, c1)` of `text`, or undefined. */
function timeRef(relations: readonly Relation[], text: string, [q0, q1]: [number, number], [c0, c1]: [number, number]): TimeRef | undefined {
  const q = unquoteIdentifier(text.slice(q0, q1));
  const col = unquoteIdentifier(text.slice(c0, c1));
  const relation = relations.findIndex((r) => r.qualifiers.includes(q));
  const attribute = relation < 0 ? undefined : relations[relation]!.table.columns?.find((c) => c.name === col)?.timeAttribute;
  return attribute === undefined ? undefined : { relation, kind: attribute, written: `${relations[relation]!.alias ?? relations[relation]!.table.tableName}.${col}` };
}

/** The two relations (indexes) an ON condition bounds by time from both sides, with the attributes named; undefined when it bounds none so. */
function timeBound(relations: readonly Relation[], text: string, code: string): readonly [TimeRef, TimeRef] | undefined {
  // A disjunction or negation bounds nothing for sure (Flink extracts bounds from conjuncts only).
  if (/\b(?:OR|NOT)\b/i.test(code)) return undefined;
  const ref = (m: RegExpMatchArray, g: number): TimeRef | undefined => timeRef(relations, text, m.indices![g]!, m.indices![g + 1]!);
  for (const m of code.matchAll(BETWEEN)) {
    const [x, lo, hi] = [ref(m, 1), ref(m, 3), ref(m, 5)];
    if (x !== undefined && lo !== undefined && hi !== undefined && lo.relation === hi.relation && lo.relation !== x.relation && x.kind === lo.kind && lo.kind === hi.kind) return [lo, x];
  }
  // Each comparison: [the greater side, the lesser side].
  const pairs: [TimeRef, TimeRef][] = [];
  for (const m of code.matchAll(COMPARISON)) {
    const [l, r] = [ref(m, 1), ref(m, 4)];
    if (l === undefined || r === undefined || l.relation === r.relation || l.kind !== r.kind) continue;
    pairs.push(m[3]!.startsWith(">") ? [l, r] : [r, l]);
  }
  for (const [g, s] of pairs) if (pairs.some(([g2, s2]) => g2.relation === s.relation && s2.relation === g.relation)) return [s, g];
  return undefined;
}

/** The first interval join of `q`'s FROM clause whose inputs hold a changelog: its relations' bound attributes and the changelog table. */
function changelogIntervalJoin(q: SelectQuery): { refs: readonly [TimeRef, TimeRef]; relations: readonly Relation[]; right: Relation; changelog: TableDefinition } | undefined {
  const relations = q.join?.relations;
  if (relations === undefined) return undefined;
  for (let i = 1; i < relations.length; i++) {
    const step = relations[i]!.join!;
    if (step.asOf || step.on === undefined || step.type === "," || step.type === "CROSS") continue;
    const refs = timeBound(relations, step.on.text, step.on.code);
    if (refs === undefined || !refs.some((r) => r.relation === i) || refs.some((r) => r.relation > i)) continue;
    const changelog = relations.slice(0, i + 1).find((r) => r.table.changelog !== undefined && r.join?.asOf !== true);
    if (changelog !== undefined) return { refs, relations, right: relations[i]!, changelog: changelog.table };
  }
  return undefined;
}

/** `ORDER BY [q.]col [ASC]` as the whole order of an OVER window, before its frame (on code): the keywords, and the column reference. */
const OVER_ORDER = new RegExp(String.raw`(\bORDER\s+BY\s+)((?:${NAME}\s*\.\s*)?${NAME})(?:\s+ASC)?\s*(?:$|(?=\b(?:RANGE|ROWS)\b))`, "i");
const WRITTEN_REF = new RegExp(String.raw`^(?:(${WRITTEN_NAME})\s*\.\s*)?(${WRITTEN_NAME})$`);

/** The first SELECT item of `q` that aggregates OVER a window ordered by a time attribute of its one FROM table, as shown (without its alias). */
function overByTime(q: SelectQuery): string | undefined {
  const from = q.from;
  if (from === undefined || from.clauses.groupBy !== undefined || isWindowRelation(from.table)) return undefined;
  for (const item of q.items) {
    const { code, text } = withoutAlias(item);
    for (const m of code.matchAll(/(?<![\w$.])([A-Za-z_]+)\s*\(/g)) {
      if (!AGGREGATES.has(m[1]!.toUpperCase())) continue;
      let close = closingParen(code, m.index! + m[0].length - 1);
      const filter = close < 0 ? null : /^\s*FILTER\s*\(/i.exec(code.slice(close + 1));
      if (filter !== null) close = closingParen(code, close + filter[0].length);
      const over = close < 0 ? null : /^\s*OVER\s*\(/i.exec(code.slice(close + 1));
      if (over === null) continue;
      const open = close + over[0].length;
      const end = closingParen(code, open);
      const order = end < 0 ? null : OVER_ORDER.exec(code.slice(open + 1, end));
      if (order === null) continue;
      const at = open + 1 + order.index + order[1]!.length;
      const ref = WRITTEN_REF.exec(text.slice(at, at + order[2]!.length));
      if (ref === null || (ref[1] !== undefined && !from.qualifiers.includes(unquoteIdentifier(ref[1])))) continue;
      if (from.table.columns?.find((c) => c.name === unquoteIdentifier(ref[2]!))?.timeAttribute === undefined) continue;
      return shownText(q, item.start, item.start + code.length);
    }
  }
  return undefined;
}

/** How to read changelog table `t` as inserts, for the advice. */
function appendOnlyRead(t: TableDefinition): string {
  const connector = t.connector?.toLowerCase() ?? "";
  if (connector === "upsert-kafka") return "or read the topic with connector 'kafka', where every message is an insert";
  if (connector.endsWith("-cdc")) return "or read every change as an insert ('scan.read-changelog-as-append-only.enabled' = 'true', Flink CDC)";
  return "or read an append-only stream of the rows (a table whose format records no change kind)";
}

/**
 * Errors at `statements[i]` for an interval join or an OVER aggregation ordered by a time attribute
 * whose input is a changelog table, in a streaming job (see the module comment).
 */
export function checkInsertOnlyOperators(a: AnalyzedStatement, diag: Diagnostics): void {
  if (a.kind !== "view" && a.kind !== "insert" && a.kind !== "insert-overwrite") return;
  if (!a.reads.some((t) => t.changelog !== undefined)) return;
  const q = a.kind === "view" ? readViewQuery(a) : readInsertQuery(a);
  if (q === undefined) return;
  const at = `statements[${a.index}]`;
  const join = changelogIntervalJoin(q);
  if (join !== undefined) {
    const [x, y] = join.refs;
    const t = join.changelog;
    const right = join.right;
    // As of the time of the side that is no changelog: the changelog is then the versioned side.
    const other = [x, y].find((r) => join.relations[r.relation]!.table !== t);
    const asOf = other !== undefined && [x, y].some((r) => join.relations[r.relation]!.table === t) ? other.written : "<time attribute of the other side>";
    // flink StreamPhysicalIntervalJoin takes inserts only (FlinkChangelogModeInferenceProgram).
    diag.error(
      at,
      `the JOIN of ${right.table.label}${right.alias !== undefined ? ` (as ${right.alias})` : ""} bounds ${x.written} and ${y.written} by each other: an interval join, ` +
        `which takes inserts only, and it reads ${t.label}, ${t.changelog}: Flink rejects the job when it plans it ("StreamPhysicalIntervalJoin doesn't support consuming update and delete changes ..."); ` +
        "join without the time bound (a regular join, which takes a changelog; table.exec.state.ttl bounds its state), " +
        `or, if the current rows of ${t.label} are meant, join it as of the other side's time (JOIN ${t.tableName} FOR SYSTEM_TIME AS OF ${asOf}: an event-time temporal join, which takes a changelog as its versioned side), ${appendOnlyRead(t)}`,
    );
  }
  const over = q.from?.table.changelog !== undefined ? overByTime(q) : undefined;
  if (over !== undefined) {
    const t = q.from!.table;
    // flink StreamPhysicalOverAggregate takes inserts only (FlinkChangelogModeInferenceProgram); FLINK-19059 (2.1) lets
    // updates into an OVER ordered by a column that is no time attribute.
    diag.error(
      at,
      `${over} is an OVER aggregation ordered by a time attribute, which takes inserts only, and it reads ${t.label}, ${t.changelog}: ` +
        'Flink rejects the job when it plans it ("StreamPhysicalOverAggregate doesn\'t support consuming update and delete changes ..."); ' +
        "aggregate with GROUP BY the partition columns (a regular aggregation, which takes a changelog and updates its result), " +
        `or over a window TVF (TUMBLE, HOP, CUMULATE ... GROUP BY window_start, window_end), ${appendOnlyRead(t)}`,
    );
  }
}
