/**
 * HOP and CUMULATE window TVFs whose lengths Flink's window operators cannot slice: a hopping
 * window's size must be an integral multiple of its slide, a cumulating window's maximum size an
 * integral multiple of its step. Where Flink checks it (apache/flink, Flink 1.19 to 2.1 alike):
 * - a window aggregation over the TVF in a streaming job (GROUP BY window_start, window_end):
 *   `flink-table/flink-table-planner/.../plan/nodes/exec/stream/StreamExecWindowAggregateBase.java`
 *   `createSliceAssigner` throws when the job is planned ("HOP table function based aggregate
 *   requires size must be an integral multiple of slide, but got size %s ms and slide %s ms", and
 *   "CUMULATE table function based aggregate requires maxSize must be an integral multiple of step,
 *   ..."), before `flink-table/flink-table-runtime/.../window/tvf/slicing/SliceAssigners.java`
 *   (HoppingSliceAssigner, CumulativeSliceAssigner) would;
 * - every other use of a CUMULATE TVF (a window join, Top-N or deduplication, a plain SELECT, and
 *   any batch job): the window TVF operator builds
 *   `.../window/groupwindow/assigners/CumulativeWindowAssigner.java` (planner
 *   `WindowTableFunctionUtil.createWindowAssigner`, stream and batch `CommonExecWindowTableFunction`),
 *   which throws "CumulativeWindowAssigner requires size must be an integral multiple of step.";
 * - other uses of a HOP TVF build a `SlidingWindowAssigner`, which takes any size and slide above 0
 *   (its panes are their greatest common divisor): no error there, nor for a batch job's HOP, nor
 *   for the legacy group window `GROUP BY HOP(ts, slide, size)` (a SlidingWindowAssigner too).
 * Only lengths written as one interval literal each are judged (zero-intervals.ts reads them).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { literalFlinkTakes } from "./interval-fields.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { valueText } from "./value-text.js";
import { groupsByWindow } from "./updating-operations.js";
import { withViews } from "./view-names.js";
import { windowCalls, type WindowCall, type WindowLength } from "./zero-intervals.js";
import { windowPropertiesLost } from "./window-path.js";

/** Each sliced TVF: its shorter length's role, its longer one's (Flink's parameter name `size`), and how messages name them. */
const SLICED = {
  HOP: { short: "slide", long: "size", longName: "size", planner: "HOP table function based aggregate requires size must be an integral multiple of slide, but got size %L ms and slide %S ms" },
  CUMULATE: {
    short: "step",
    long: "size",
    longName: "maximum size",
    planner: "CUMULATE table function based aggregate requires maxSize must be an integral multiple of step, but got maxSize %L ms and step %S ms",
  },
} as const;

/** A HOP or CUMULATE call whose two lengths are known and do not divide. */
interface Unsliceable {
  readonly call: WindowCall;
  readonly short: WindowLength;
  readonly long: WindowLength;
}

/** The statement's text with each table as its Flink name and each Output as UNKNOWN_VALUE (what messages quote). */
const shownText = (a: AnalyzedStatement): string => valueText(a.statement, (t) => t.tableName);

/** The HOP and CUMULATE calls of `calls` whose longer length is no integral multiple of the shorter one. */
function unsliceable(calls: readonly WindowCall[]): Unsliceable[] {
  const out: Unsliceable[] = [];
  for (const call of calls) {
    if (call.fn !== "HOP" && call.fn !== "CUMULATE") continue;
    const spec = SLICED[call.fn];
    const short = call.lengths.find((l) => l.role === spec.short);
    const long = call.lengths.find((l) => l.role === spec.long);
    const s = short?.literal?.millis;
    const l = long?.literal?.millis;
    if (s === undefined || l === undefined || s === 0n || l === 0n || l % s === 0n) continue;
    out.push({ call, short: short!, long: long! });
  }
  return out;
}

const UNITS: readonly (readonly [string, bigint])[] = [
  ["DAY", 86_400_000n],
  ["HOUR", 3_600_000n],
  ["MINUTE", 60_000n],
  ["SECOND", 1000n],
];

/** A literal Flink takes for `millis` milliseconds, in the largest unit that holds it whole (SECOND with a fraction below that). */
function millisLiteral(millis: bigint): string {
  for (const [unit, size] of UNITS) if (millis % size === 0n) return literalFlinkTakes("", String(millis / size), unit);
  const fraction = String(millis % 1000n).padStart(3, "0").replace(/0+$/, "");
  return literalFlinkTakes("", `${millis / 1000n}.${fraction}`, "SECOND");
}

/** The call with the values of its two lengths swapped, on one line. */
function swapped(text: string, u: Unsliceable): string {
  const span = (l: WindowLength): [number, number] => {
    const value = text.slice(l.from, l.to);
    const from = l.from + (value.length - value.trimStart().length);
    return [from, from + value.trim().length];
  };
  const [a, b] = [span(u.short), span(u.long)].sort((x, y) => x[0] - y[0]) as [[number, number], [number, number]];
  const call = text.slice(u.call.start, a[0]) + text.slice(...b) + text.slice(a[1], b[0]) + text.slice(...a) + text.slice(b[1], u.call.end);
  return call.replace(/\s+/g, " ");
}

/** The way out: the swapped call when the lengths were given the other way round, else the nearest multiples of the shorter length. */
function remedy(text: string, u: Unsliceable): string {
  const spec = SLICED[u.call.fn as "HOP" | "CUMULATE"];
  const s = u.short.literal!;
  const l = u.long.literal!;
  const order = `${u.call.fn}'s arguments are (${spec.short}, ${spec.long})`;
  if (s.millis > l.millis && s.millis % l.millis === 0n) {
    return `${order}: for windows of ${s.written} every ${l.written} write ${swapped(text, u)}`;
  }
  const below = (l.millis / s.millis) * s.millis;
  const multiples = [...(below > 0n ? [below] : []), below + s.millis].map(millisLiteral).join(" or ");
  const divisors = nearestDivisors(s.millis, l.millis).map(millisLiteral).join(" or ");
  const divide = `a ${spec.short} that divides the ${spec.longName}${divisors === "" ? "" : `, e.g. ${divisors}`}`;
  const multiple = `a ${spec.longName} that is a multiple of the ${spec.short}, e.g. ${multiples}`;
  // The usual intent keeps the longer length (an hour's windows) and fixes the shorter one: that first, where one divides.
  const ways = s.millis < l.millis && divisors !== "" ? `${divide}, or ${multiple}` : `${multiple}, or ${divide}`;
  return `write ${ways}` + (s.millis > l.millis ? ` (${order})` : "");
}

/** How far nearestDivisors looks on either side of the shorter length, in its unit. */
const DIVISOR_SEARCH = 10_000n;

/**
 * The lengths nearest to `short` below and above it, in whole steps of the largest unit that
 * holds `short` (a minute for 7 minutes), that divide `long` and are shorter than it: the
 * shorter lengths Flink would slice `long` by. Empty when `short` is not the shorter length.
 */
function nearestDivisors(short: bigint, long: bigint): bigint[] {
  if (short >= long) return [];
  const unit = UNITS.find(([, size]) => short % size === 0n)?.[1] ?? 1n;
  const out: bigint[] = [];
  for (let d = short - unit, n = 0n; d > 0n && n < DIVISOR_SEARCH; d -= unit, n++) {
    if (long % d === 0n) {
      out.push(d);
      break;
    }
  }
  for (let d = short + unit, n = 0n; d < long && n < DIVISOR_SEARCH; d += unit, n++) {
    if (long % d === 0n) {
      out.push(d);
      break;
    }
  }
  return out;
}

/** Where Flink refuses the lengths: a window aggregation's planning, the window TVF operator, or either (a view, which a window aggregation may read or not). */
type Refusal = "aggregation" | "operator" | "either";

/** The message for `u` (`text`: the statement it is in); `via` names the view it sits in. */
function message(text: string, u: Unsliceable, refusal: Refusal, via: string): string {
  const fn = u.call.fn as "HOP" | "CUMULATE";
  const spec = SLICED[fn];
  const s = u.short.literal!;
  const l = u.long.literal!;
  // The window aggregation's planning: flink StreamExecWindowAggregateBase, SliceAssigners; the window TVF operator: flink
  // CumulativeWindowAssigner. In a view ("either") the operator's failure is quoted, which any use of the view meets.
  const planner = `"${spec.planner.replace("%L", String(l.millis)).replace("%S", String(s.millis))}"`;
  const operator = '"CumulativeWindowAssigner requires size must be an integral multiple of step."';
  const flink = refusal === "aggregation" ? planner : operator;
  const why =
    refusal === "aggregation"
      ? `the statement aggregates over its windows (GROUP BY window_start, window_end), and a window aggregation slices the ${spec.longName} into ${spec.short}s`
      : `Flink slices the ${spec.longName} into ${spec.short}s`;
  const call = text.slice(u.call.start, u.call.end).replace(/\s+/g, " ");
  return (
    `${call}${via} has a ${spec.short} of ${s.written} (${s.millis} ms) and a ${spec.longName} of ${l.written} (${l.millis} ms); ${why}, ` +
    `so the ${spec.longName} must be an integral multiple of the ${spec.short}: the job fails when Flink plans it (${flink}); ${remedy(text, u)}`
  );
}

/**
 * Errors for HOP and CUMULATE window TVFs of statement `a` (and, for an INSERT that groups by
 * window_start and window_end and calls no window TVF itself, of the views it reads) whose lengths
 * Flink cannot slice (see the module comment). A HOP counts only under a window aggregation of a
 * streaming job where no other kind of window TVF could be the one grouped; a CUMULATE in any use.
 */
export function checkWindowMultiples(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, streaming: boolean, diag: Diagnostics): void {
  const at = `statements[${a.index}]`;
  const text = shownText(a);
  const calls = windowCalls(text);
  const code = statementCode(a, true);
  const grouped = streaming && groupsByWindow(code);
  // A HOP under a regular join (JOIN, comma join, subquery: query-joins.ts) is no window aggregation's: flink
  // FlinkRelMdWindowProperties gives a regular join's output no window properties, so the GROUP BY is a regular
  // aggregation and the HOP a SlidingWindowAssigner, which takes any lengths. A window join is not told apart:
  // its HOP is left to Flink. A CUMULATE fails either way. The same for a join in a view on the way to the HOP, an
  // expression on window_start / window_end on the way, or windows of more than one spec (window-path.ts).
  const hopsAggregated = grouped && !windowPropertiesLost(a, views);
  const onlyHops = (list: readonly WindowCall[]): boolean => list.every((c) => c.fn === "HOP");
  for (const u of unsliceable(calls)) {
    if (u.call.fn === "CUMULATE") diag.error(at, message(text, u, grouped ? "aggregation" : streaming && a.kind === "view" ? "either" : "operator", ""));
    else if (hopsAggregated && onlyHops(calls)) diag.error(at, message(text, u, "aggregation", ""));
  }
  if (!hopsAggregated || calls.length > 0 || a.kind === "view") return;
  const parts = withViews(a, views).slice(1).map((v) => ({ v, text: shownText(v) }));
  const partCalls = parts.map((p) => windowCalls(p.text));
  if (!partCalls.every(onlyHops)) return;
  parts.forEach((p, k) => {
    const viewCode = statementCode(p.v, true);
    if (groupsByWindow(viewCode)) return;
    for (const u of unsliceable(partCalls[k]!)) diag.error(at, message(p.text, u, "aggregation", ` in the view in statements[${p.v.index}]`));
  });
}
