/**
 * A regular join, in a streaming job, of an unbounded relation with a bounded Iceberg read (an
 * IcebergSource without streaming, or an IcebergSink read in a statement: a one-time scan). The
 * Iceberg side is planned once: a bounded read enumerates the splits of one snapshot and finishes
 * (iceberg `flink/v1.20/flink/src/main/java/org/apache/iceberg/flink/source/IcebergSource.java`
 * createEnumerator: a StaticIcebergEnumerator unless the scan context is streaming), so rows
 * committed to the table later never reach the join. A regular join (flink StreamingJoinOperator,
 * `StreamExecJoin`) keeps every row of both sides in state for a later match, without end unless
 * `table.exec.state.ttl` is set (flink ExecutionConfigOptions IDLE_STATE_RETENTION). An outer
 * join still never sees the later rows: a LEFT JOIN pads its left rows with NULL for good. The
 * message says the state grows, and advises the TTL, only when the job certainly runs without one
 * (state-ttl.ts: no positive table.exec.state.ttl in its configuration or deploy target's settings,
 * and no STATE_TTL hint in the statement).
 *
 * An OPTIONS hint after a table reference is merged into that reference's options (flink
 * `CatalogSourceTable`, the hint wins), so each relation is judged as its hint leaves it: an
 * Iceberg read by the hint's 'streaming' when it has one (iceberg `FlinkReadOptions.STREAMING`, which
 * decides whether the scan is bounded: `'true'` streams, any other value reads once), else by its
 * own args; a FlinkTable by its connector's options with the hint merged in (connector-bounds.ts
 * connectorBoundedness: a hinted 'scan.bounded.mode' bounds a Kafka read, a hinted 'unbounded' or
 * 'source.monitor-interval' unbounds one). A statement with a hint that cannot be read is left alone.
 *
 * Read only where it is certain: the INSERT's query, or a view a statement reads, in the plain
 * shape whose FROM clause joins interpolated tables (join-relations.ts readJoin), and a join step with an ON condition or USING
 * list that holds no INTERVAL, PROCTIME() or subquery and names no time attribute of the joined
 * tables (no interval join: flink IntervalJoinUtil) and whose WHERE bounds no interval join
 * (whereBoundsStep), written without FOR SYSTEM_TIME AS OF (no temporal or lookup join). Window joins read window TVFs, which readJoin leaves unread. Quiet in
 * batch jobs (the caller runs it for streaming jobs only) and when both sides are unbounded.
 * Lookup joins against Iceberg are refused elsewhere (temporal-join.ts).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { AnalyzedStatement } from "./statement.js";
import { readInsertQuery, readViewQuery, type SelectQuery } from "./insert-query.js";
import type { Relation } from "./join-relations.js";
import { connectorBoundedness } from "./connector-bounds.js";
import { tableOptionsHints } from "./hints.js";
import { mayHoldHints } from "./statement-gates.js";
import { NAME, topLevelOnly, unquoteIdentifier } from "./top-level.js";
import { topLevelConditions } from "./where-conditions.js";
import { holdsStateTtlHint } from "./state-ttl.js";
import { valueText } from "./value-text.js";

type Hint = Readonly<Record<string, string>>;

/** How one reference reads its table, its OPTIONS hint merged in: whether it ends, and whether it is a bounded Iceberg read (read once, never refreshed); `hinted` when the hint's 'streaming' decides. */
interface HintedBounds {
  readonly bounded: boolean;
  readonly icebergOnce: boolean;
  readonly hinted?: string;
}

/** The bounds of a reference of `t` with `hint` ({} without one): see the file comment. */
function hintedBounds(t: TableDefinition, hint: Hint): HintedBounds {
  if (t.iceberg !== undefined && t.resourceType !== "FlinkTable") {
    const streaming = hint["streaming"];
    if (streaming !== undefined) {
      const once = streaming.trim().toLowerCase() !== "true";
      return { bounded: once, icebergOnce: once, hinted: streaming };
    }
    return { bounded: t.bounded, icebergOnce: t.iceberg.streamingRead !== true && t.bounded };
  }
  if (Object.keys(hint).length === 0 || t.connectorOptions === undefined) return { bounded: t.bounded, icebergOnce: false };
  return { bounded: connectorBoundedness({ ...t.connectorOptions, ...hint }).bounded, icebergOnce: false };
}

/**
 * The OPTIONS hint of each relation of the query by marker number (`tables`: the query's tables by
 * marker, the statement's table mentions after the INSERT target, or all of a view's); undefined
 * when a hint cannot be read.
 */
function relationHints(a: AnalyzedStatement): ((marker: number | undefined) => Hint) | undefined {
  if (!mayHoldHints(a.words)) return () => ({});
  const segments = a.statement.segments;
  const { hints, unreadable } = tableOptionsHints(segments);
  if (unreadable.length > 0) return undefined;
  const bySegment = new Map(hints.map((h) => [h.segment, h.options]));
  const target = a.kind === "view" ? -1 : segments.findIndex((s) => s.kind === "table" && s.table === a.target);
  const mentions = segments.flatMap((s, k) => (s.kind === "table" && k > target ? [k] : []));
  return (marker) => (marker === undefined ? {} : (bySegment.get(mentions[marker] ?? -1) ?? {}));
}

const ANY_NAME = new RegExp(NAME, "g");
/** `[q.]c` in a condition's code, not a function call; groups: the qualifier, the name. */
const REF = new RegExp(String.raw`(?<![\w$.])(?:(${NAME})\s*\.\s*)?(${NAME})(?![\w$]|\s*[.(])`, "gd");

/**
 * True when a top-level AND condition of the query's WHERE (the whole WHERE under a top-level OR)
 * may make join step `i` an interval join once Flink pushes it into the join: it holds PROCTIME() or
 * a subquery, or names a time attribute of a relation before `i` and one of relation `i`. Flink
 * pushes the WHERE into the join's condition before it converts time attributes (flink
 * `FlinkStreamProgram`: PREDICATE_PUSHDOWN, with FlinkFilterJoinRule, before TIME_INDICATOR), so
 * `o.ts BETWEEN s.ts - INTERVAL '4' HOUR AND s.ts` in the WHERE bounds the join as it would in ON;
 * over an outer join such a comparison is never true for a padded row, which makes the join inner
 * first (calcite `RelOptUtil.simplifyJoin`). A name that may be a column of several relations counts for each.
 */
function whereBoundsStep(q: SelectQuery, i: number, timeAttributes: ReadonlySet<string>): boolean {
  const relations = q.join!.relations;
  const where = q.join!.clauses.where;
  if (where === undefined) return false;
  const clause = topLevelOnly(q.code, where[0], where[1]);
  if (clause === undefined) return true;
  const conditions = topLevelConditions(q.code, { start: where[0], clause }) ?? [[where[0], where[1]]];
  const holders = (qualifier: string | undefined, name: string): number[] =>
    relations.flatMap((r, k) =>
      (qualifier === undefined || r.qualifiers.includes(qualifier)) && r.table.columns!.some((c) => c.timeAttribute !== undefined && c.name.toLowerCase() === name) ? [k] : [],
    );
  return conditions.some(([s, e]) => {
    const code = q.code.slice(s, e);
    if (/\b(?:PROCTIME|SELECT)\b/i.test(code)) return true;
    let left = false;
    let right = false;
    for (const m of code.matchAll(REF)) {
      const at = (g: number): string | undefined => (m.indices![g] === undefined ? undefined : unquoteIdentifier(q.text.slice(s + m.indices![g]![0], s + m.indices![g]![1])));
      const name = at(2)!.toLowerCase();
      if (!timeAttributes.has(name)) continue;
      for (const k of holders(at(1), name)) {
        if (k < i) left = true;
        else if (k === i) right = true;
      }
    }
    return left && right;
  });
}

/**
 * True when step `i` of the query's join (`q.join.relations[i]`) is a regular join with a condition
 * (see the file comment; also join-view-windows.ts): a JOIN, INNER, LEFT, RIGHT or FULL JOIN whose ON
 * condition or USING list holds no INTERVAL, PROCTIME() or subquery and names no time attribute,
 * and whose WHERE does not bound it as an interval join (whereBoundsStep). `timeAttributes`: the
 * lower-case names of the joined tables' time attributes.
 */
export function regularJoin(q: SelectQuery, i: number, timeAttributes: ReadonlySet<string>): boolean {
  const step = q.join!.relations[i]!.join;
  if (step === undefined || step.asOf || step.type === "," || step.type === "CROSS") return false;
  const condition = step.on ?? step.using;
  if (condition === undefined || /\b(?:INTERVAL|PROCTIME|SELECT)\b/i.test(condition.code)) return false;
  for (const m of condition.code.matchAll(ANY_NAME)) {
    if (timeAttributes.has(unquoteIdentifier(condition.text.slice(m.index!, m.index! + m[0].length)).toLowerCase())) return false;
  }
  return !whereBoundsStep(q, i, timeAttributes);
}

/** How a relation reads in the message: its label, with its alias. */
function named(r: Relation): string {
  return `${r.table.label}${r.alias !== undefined ? ` (as ${r.alias})` : ""}`;
}

/**
 * Warns at `statements[i]` for the first regular join of `a` (an INSERT, or a view that a
 * statement reads) between an unbounded relation and a bounded Iceberg read. Call it for
 * streaming jobs only. `withoutStateTtl`: the job certainly runs without table.exec.state.ttl
 * (state-ttl.ts withoutStateTtl); only then does the message say the join's state grows without end.
 */
export function checkBoundedDimensionJoins(a: AnalyzedStatement, diag: Diagnostics, withoutStateTtl = true): void {
  const q = a.kind === "view" ? readViewQuery(a) : a.kind === "insert" ? readInsertQuery(a) : undefined;
  const relations = q?.join?.relations;
  if (relations === undefined || relations.some((r) => r.table.columns === undefined || r.table.columns.some((c) => c.unread === true))) return;
  const hintOf = relationHints(a);
  if (hintOf === undefined) return;
  const bounds = relations.map((r) => hintedBounds(r.table, hintOf(r.marker)));
  const timeAttributes = new Set(relations.flatMap((r) => r.table.columns!.filter((c) => c.timeAttribute !== undefined).map((c) => c.name.toLowerCase())));
  for (let i = 1; i < relations.length; i++) {
    const r = relations[i]!;
    if (!regularJoin(q!, i, timeAttributes)) continue;
    // The step joins the relations before it (one side) with r (the other).
    let stream: number | undefined;
    let dim: number | undefined;
    const first = (test: (b: HintedBounds) => boolean): number | undefined => {
      const k = bounds.slice(0, i).findIndex(test);
      return k < 0 ? undefined : k;
    };
    if (bounds[i]!.icebergOnce) [stream, dim] = [first((b) => !b.bounded), i];
    else if (!bounds[i]!.bounded) [stream, dim] = [i, first((b) => b.icebergOnce)];
    if (stream === undefined || dim === undefined) continue;
    const t = relations[dim]!.table;
    const hinted = bounds[dim]!.hinted;
    const table = `${t.iceberg!.database}.${t.iceberg!.table}`;
    const how =
      hinted !== undefined
        ? `a bounded read of ${table} (its OPTIONS hint sets 'streaming' = '${hinted}')`
        : t.resourceType === "IcebergSink"
          ? `an IcebergSink read in a statement (a one-time scan of ${table})`
          : `a bounded read of ${table} (streaming unset)`;
    const fix =
      t.resourceType === "IcebergSink"
        ? `read ${table} through an IcebergSource instead, and join it as of event time`
        : `join ${t.label} as of event time instead`;
    const stateGrows = withoutStateTtl && !holdsStateTtlHint(valueText(a.statement));
    diag.warn(
      `statements[${a.index}]`,
      `the ${r.join!.type === "JOIN" ? "INNER" : r.join!.type} JOIN of the unbounded ${named(relations[stream]!)} with ${named(relations[dim]!)}, ${how}, is a regular join in a streaming job: ` +
        `the Iceberg side is read once, when the job starts, and never again, so rows committed to ${table} later never match ` +
        `(an outer join pads the rows they would have matched with NULL for good)` +
        (stateGrows ? ", and the join keeps every row of both sides in its state, growing without end unless table.exec.state.ttl is set; " : "; ") +
        `${fix} (FOR SYSTEM_TIME AS OF the left table's event-time column, against a streaming IcebergSource with a primaryKey and a watermark: a versioned table, which follows the table's commits), ` +
        `or read ${table} with streaming: true${stateGrows ? " and set table.exec.state.ttl in the job's configuration" : ""}`,
    );
    return;
  }
}
