/**
 * Interval literals that Flink makes 0 milliseconds where a length above 0 matters: a watermark
 * delay written as a length below a millisecond (a warning: the delay silently becomes none), and
 * the size, slide or step of a window TVF (an error: the window operators refuse 0).
 *
 * Upstream: apache/flink `flink-table/flink-table-planner/src/main/java/org/apache/calcite/sql/SqlIntervalQualifier.java`
 * (`normalizeSecondFraction` scales a fraction of a second to milliseconds and
 * `fillIntervalValueArray` keeps their `intValue`: INTERVAL '0.0005' SECOND(2, 4) is 0 ms;
 * interval-fields.ts `intervalMillis`), and
 * `flink-table/flink-table-runtime/src/main/java/org/apache/flink/table/runtime/operators/window/tvf/slicing/SliceAssigners.java`
 * ("Tumbling Window parameters must satisfy size > 0", "Hopping Window must satisfy slide > 0 and
 * size > 0", "Cumulative Window parameters must satisfy maxSize > 0 and step > 0"), and for the
 * SESSION TVF's gap `.../window/tvf/unslicing/UnsliceAssigners.java` (SessionUnsliceAssigner) with
 * `.../window/groupwindow/assigners/SessionWindowAssigner.java` ("SessionWindowAssigner parameters
 * must satisfy 0 < size").
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { intervalMillis, intervalMonths, qualifierText } from "./interval-fields.js";
import { qualifierAt, UNKNOWN_VALUE } from "./interval-literals.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";
import { valueText } from "./value-text.js";
import { closingParen, topLevelSplit } from "./top-level.js";

/**
 * An interval literal whose length is known: as the messages show it, its length in milliseconds
 * (absolute), whether it is negative (one minus sign, before its string or inside it: `INTERVAL -'5'
 * MINUTE`, `INTERVAL '-5' MINUTE`; both make it positive again), and whether it is 0 milliseconds
 * though its string holds a length (below a millisecond).
 */
export interface KnownLiteral {
  readonly written: string;
  readonly millis: bigint;
  readonly negative: boolean;
  readonly truncated: boolean;
}

/** A year-month interval literal (YEAR, MONTH, YEAR TO MONTH) whose string Flink takes: as KnownLiteral, its length in months instead (no fixed length in milliseconds). */
export interface YearMonthLiteral {
  readonly written: string;
  readonly months: bigint;
  readonly negative: boolean;
}

/**
 * The interval literals of `text` whose length Flink's planner knows (no value not known yet), in
 * order: day-time ones in milliseconds (KnownLiteral) and, with `yearMonth`, year-month ones in
 * months (YearMonthLiteral).
 */
function intervalLengths(text: string, yearMonth: boolean): (KnownLiteral | YearMonthLiteral)[] {
  if (!/INTERVAL/i.test(text)) return [];
  const code = codeOnly(text, true);
  const out: (KnownLiteral | YearMonthLiteral)[] = [];
  for (const m of code.matchAll(/(?<![A-Za-z0-9_$])INTERVAL\s*([+-]?)\s*'/gi)) {
    const open = m.index + m[0].length - 1;
    const close = code.indexOf("'", open + 1);
    if (close < 0) continue;
    const value = text.slice(open + 1, close).replace(/''/g, "'");
    const after = /^\s*/.exec(code.slice(close + 1))![0].length + close + 1;
    const q = qualifierAt(code, after);
    if (q === undefined || q.unknown || value.includes(UNKNOWN_VALUE)) continue;
    const millis = intervalMillis(value, q);
    const months = millis === undefined && yearMonth ? intervalMonths(value, q) : undefined;
    if (millis === undefined && months === undefined) continue;
    const sign = m[1] === "" ? "" : `${m[1]} `;
    const written = `INTERVAL ${sign}'${value}' ${qualifierText(q)}`;
    const negative = (m[1] === "-") !== value.trim().startsWith("-");
    out.push(millis !== undefined ? { written, millis, negative, truncated: millis === 0n && /[1-9]/.test(value) } : { written, months: months!, negative });
  }
  return out;
}

/** The interval literals of `text` whose length Flink's planner knows (day-time, no value not known yet), in order. */
export function knownIntervalLiterals(text: string): KnownLiteral[] {
  return intervalLengths(text, false) as KnownLiteral[];
}

/** As knownIntervalLiterals, and the year-month literals whose string Flink takes (YEAR, MONTH, YEAR TO MONTH; interval-fields.ts intervalMonths), in order. */
export function intervalLiteralLengths(text: string): (KnownLiteral | YearMonthLiteral)[] {
  return intervalLengths(text, true);
}

/** The interval literals of `text` that Flink makes 0 milliseconds, in order (none for a literal holding a value not known yet). */
function zeroIntervalLiterals(text: string): KnownLiteral[] {
  return knownIntervalLiterals(text).filter((l) => l.millis === 0n);
}

/** Why a literal of 0 milliseconds is 0: Flink drops what is below a millisecond. */
const DROPPED = "Flink keeps an interval in whole milliseconds and drops the rest, flink SqlIntervalQualifier";

/**
 * Warnings for a watermark expression whose interval is a length below a millisecond, which Flink
 * makes 0: the watermark then has no delay (an INTERVAL '0' SECOND written as such is left alone).
 */
export function zeroWatermarkDelays(expression: string): string[] {
  return zeroIntervalLiterals(expression)
    .filter((z) => z.truncated)
    .map(
      (z) =>
        `${z.written} is 0 milliseconds (${DROPPED}), so the watermark has no delay and a row behind the newest timestamp seen is late; ` +
        "write INTERVAL '0.001' SECOND for the shortest delay Flink holds, or INTERVAL '0' SECOND if no delay is meant",
    );
}

/** The window TVFs whose lengths Flink's window operators require above 0: each length argument by position (after TABLE and DESCRIPTOR) and by name, and Flink's message. */
const WINDOWS: Readonly<Record<string, { readonly lengths: readonly string[]; readonly flink: string; readonly source: string }>> = {
  TUMBLE: { lengths: ["size"], flink: "Tumbling Window parameters must satisfy size > 0", source: "SliceAssigners" },
  HOP: { lengths: ["slide", "size"], flink: "Hopping Window must satisfy slide > 0 and size > 0", source: "SliceAssigners" },
  CUMULATE: { lengths: ["step", "size"], flink: "Cumulative Window parameters must satisfy maxSize > 0 and step > 0", source: "SliceAssigners" },
  // The SESSION TVF is unsliced: UnsliceAssigners.SessionUnsliceAssigner makes a SessionWindowAssigner with the gap.
  SESSION: { lengths: ["gap"], flink: "SessionWindowAssigner parameters must satisfy 0 < size", source: "SessionWindowAssigner" },
};

/** An argument that is one interval literal and nothing else (its string blanked: codeOnly keeps the quotes). */
export const ONE_LITERAL = /^\s*INTERVAL\s*[+-]?\s*'[^']*'\s*[A-Za-z]+\s*(?:\([^()]*\))?(?:\s*TO\s+[A-Za-z]+\s*(?:\([^()]*\))?)?\s*$/i;

/**
 * A length argument of a window TVF call: its role (size, slide, step, gap), where its value is in
 * the text, and the value's literal when it is one interval literal whose length is known: a
 * day-time one (`literal`) or a year-month one (`yearMonth`, month-windows.ts).
 */
export interface WindowLength {
  readonly role: string;
  readonly from: number;
  readonly to: number;
  readonly literal?: KnownLiteral;
  readonly yearMonth?: YearMonthLiteral;
}

/** A window TVF call over `TABLE ...` in a statement's text: the function, where the call is (its name to its closing parenthesis, inclusive), and its length arguments. */
export interface WindowCall {
  readonly fn: "TUMBLE" | "HOP" | "CUMULATE" | "SESSION";
  readonly start: number;
  readonly end: number;
  readonly lengths: readonly WindowLength[];
}

/**
 * The window TVF calls (TUMBLE, HOP, CUMULATE, SESSION over `TABLE ...`, arguments by position after
 * TABLE and DESCRIPTOR, or by name) of `text`, a statement's text with its tables and Outputs
 * rendered by the caller (an Output as UNKNOWN_VALUE).
 */
export function windowCalls(text: string): WindowCall[] {
  const code = codeOnly(text, true);
  const out: WindowCall[] = [];
  for (const m of code.matchAll(/\b(TUMBLE|HOP|CUMULATE|SESSION)\s*\(/gi)) {
    const fn = m[1]!.toUpperCase() as WindowCall["fn"];
    const open = m.index + m[0].length - 1;
    const close = closingParen(code, open);
    const parts = close < 0 ? undefined : topLevelSplit(code, open + 1, close);
    if (parts === undefined || !/^\s*(?:DATA\s*=>\s*)?TABLE\b/i.test(code.slice(...parts[0]!))) continue;
    const window = WINDOWS[fn]!;
    const lengths: WindowLength[] = [];
    parts.slice(2).forEach(([from, to], k) => {
      const named = /^\s*([A-Za-z]+)\s*=>/.exec(code.slice(from, to));
      const role = named !== null ? named[1]!.toLowerCase() : window.lengths[k];
      if (role === undefined || !window.lengths.includes(role)) return;
      const at = from + (named?.[0].length ?? 0);
      const literals = intervalLiteralLengths(text.slice(at, to));
      const only = literals.length === 1 && ONE_LITERAL.test(code.slice(at, to)) ? literals[0]! : undefined;
      lengths.push({ role, from: at, to, ...(only === undefined ? {} : "months" in only ? { yearMonth: only } : { literal: only }) });
    });
    out.push({ fn, start: m.index, end: close + 1, lengths });
  }
  return out;
}

/**
 * Errors at `statements[i]` for a window TVF (TUMBLE, HOP, CUMULATE, SESSION over `TABLE ...`) whose
 * size, slide, step or gap is an interval literal of 0 milliseconds, written so or below a
 * millisecond: Flink fails the job when it starts (SliceAssigners; for SESSION, SessionWindowAssigner). Statements without a window TVF cost one test.
 */
export function checkZeroWindowLengths(a: AnalyzedStatement, diag: Diagnostics): void {
  const texts = a.statement.segments.filter((s) => s.kind === "text");
  if (!texts.some((s) => /\b(?:TUMBLE|HOP|CUMULATE|SESSION)\s*\(/i.test(s.text)) || !texts.some((s) => /INTERVAL/i.test(s.text))) return;
  const text = valueText(a.statement);
  for (const { fn, lengths } of windowCalls(text)) {
    const window = WINDOWS[fn]!;
    for (const { role, literal: z } of lengths) {
      if (z === undefined || z.millis !== 0n) continue;
      diag.error(
        `statements[${a.index}]`,
        `${fn}(...) has a ${role} of ${z.written}, which is 0 milliseconds${z.truncated ? ` (${DROPPED})` : ""}, and a window's ${role} must be above 0: ` +
          `the job fails when it starts ("${window.flink}", flink ${window.source}); ` +
          (z.truncated ? "write INTERVAL '0.001' SECOND, the shortest length Flink holds, or longer" : "write a length above 0, e.g. INTERVAL '1' MINUTE"),
      );
    }
  }
}
