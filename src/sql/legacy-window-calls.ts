/**
 * The one reader of legacy group window calls in a query's code: the group functions
 * `TUMBLE(time, size)`, `HOP(time, slide, size)` and `SESSION(time, gap)` as a GROUP BY holds them
 * (not the window TVFs of the same names, whose first argument is `TABLE ...`), and their
 * auxiliary functions `TUMBLE_START` / `_END` / `_ROWTIME` / `_PROCTIME` (the same of HOP and
 * SESSION). Flink declares the group functions `$TUMBLE`, `$HOP`, `$SESSION` and each auxiliary
 * with `TUMBLE_OLD.auxiliary(...)` (flink `FlinkSqlOperatorTable`); the parser reads them as calls of
 * those names (calcite `Parser.jj`), so a name qualified by a catalog or database (`db.TUMBLE(...)`)
 * is another function and is not read.
 *
 * Used by month-windows.ts (the lengths of a legacy group window) and group-window-auxiliaries.ts
 * (an auxiliary call and the GROUP BY window it belongs to).
 */
import { closingParen, topLevelSplit, type Span } from "./top-level.js";

/** A call in a query's code: its function (upper-cased), where it is (name to closing parenthesis, inclusive) and its argument spans. */
export interface Call {
  readonly fn: string;
  readonly start: number;
  readonly end: number;
  readonly args: readonly Span[];
}

/** An auxiliary call: its group function in `fn` (TUMBLE, HOP, SESSION), what it gives in `suffix` (START, END, ROWTIME, PROCTIME). */
export interface AuxiliaryCall extends Call {
  readonly suffix: string;
}

/** A legacy group window call; group 1 the function. */
const GROUP_WINDOW = /(?<![\w$.])(TUMBLE|HOP|SESSION)\s*\(/gi;
/** An auxiliary call: group 1 its group function, group 2 what it gives. */
const AUXILIARY = /(?<![\w$.])(TUMBLE|HOP|SESSION)_(START|END|ROWTIME|PROCTIME)\s*\(/gi;
/** A window TVF's first argument. */
const TABLE_ARGUMENT = /^\s*(?:DATA\s*=>\s*)?TABLE\b/i;

/**
 * The calls that `pattern` (global; group 1 the function, an optional group 2 the auxiliary's
 * suffix) finds in `code` [from, to), each closing before `to` and with arguments that split at
 * the top level; `fn` and `suffix` upper-cased. `code` is a query's code (split.ts codeOnly:
 * literals and comments blanked).
 */
export function callsMatching(code: string, pattern: RegExp, from = 0, to = code.length): (Call & { suffix?: string })[] {
  const out: (Call & { suffix?: string })[] = [];
  for (const m of code.slice(from, to).matchAll(pattern)) {
    const start = from + m.index;
    const open = start + m[0].length - 1;
    const close = closingParen(code, open);
    const args = close < 0 || close >= to ? undefined : topLevelSplit(code, open + 1, close);
    if (args === undefined) continue;
    out.push({ fn: m[1]!.toUpperCase(), start, end: close + 1, args, ...(m[2] !== undefined ? { suffix: m[2].toUpperCase() } : {}) });
  }
  return out;
}

/** The legacy group window calls (TUMBLE, HOP, SESSION, not over `TABLE ...`) in `code` [from, to), in order. */
export function legacyWindowCalls(code: string, from = 0, to = code.length): Call[] {
  return callsMatching(code, GROUP_WINDOW, from, to).filter((c) => !TABLE_ARGUMENT.test(code.slice(...c.args[0]!)));
}

/** The auxiliary calls (TUMBLE_START ... SESSION_PROCTIME) in `code` [from, to), in order. */
export function auxiliaryCalls(code: string, from = 0, to = code.length): AuxiliaryCall[] {
  return callsMatching(code, AUXILIARY, from, to) as AuxiliaryCall[];
}
