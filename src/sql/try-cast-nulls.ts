/**
 * A whole SELECT item `TRY_CAST(x AS T)` going into a NOT NULL sink column: TRY_CAST returns NULL
 * for every value the cast cannot convert, where CAST fails the job (flink `SqlTryCastFunction`,
 * its result type always nullable; docs `functions/systemFunctions.md` TRY_CAST), so a NOT NULL
 * source column does not keep it from NULL, and Flink's sink enforcer fails the job on the first
 * such row (flink `CommonExecSink` / `ConstraintEnforcer`, `table.exec.sink.not-null-enforcer`
 * ERROR, the default). Quiet when a top-level WHERE condition tests the same call with `IS NOT NULL`
 * (the rows it would make NULL never reach the sink), or when the item wraps it (COALESCE ...).
 */
import type { InsertQuery } from "./insert-query.js";
import { closingParen } from "./top-level.js";

/** An alias after a call's closing parenthesis: `) AS id`, `) id`, ``) AS `id` `` (the parenthesis kept). */
const TRAILING_ALIAS = /(?<=\))\s+(?:AS\s+)?(?:`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)$/i;

/** `text` without blanks, upper case: two spellings of one call compare equal. */
const compact = (text: string): string => text.replace(/\s+/g, "").toUpperCase();

/** True when `text` is one call of `TRY_CAST(...)` from its first to its last character (top-level.ts closingParen). */
function wholeTryCast(text: string): boolean {
  return /^TRY_CAST\s*\(/i.test(text) && closingParen(text, text.indexOf("(")) === text.length - 1;
}

/**
 * The TRY_CAST call `expression` (a SELECT item's text, an alias after it left out) when it may put a NULL into
 * a NOT NULL column (see the module comment), else undefined.
 */
export function unfilteredTryCast(expression: string | undefined, q: InsertQuery | undefined): string | undefined {
  // A whole-item cast is shown with its alias (`TRY_CAST(id AS BIGINT) AS id`): the call is what precedes it.
  const text = expression?.trim().replace(TRAILING_ALIAS, "");
  if (text === undefined || !wholeTryCast(text)) return undefined;
  const tested = (q?.from?.notNullTested ?? []).map(([s, e]) => compact(q!.text.slice(s, e)));
  return tested.includes(compact(text)) ? undefined : text;
}
