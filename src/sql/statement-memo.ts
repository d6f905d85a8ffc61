/**
 * A memo of statement analysis (statement.ts analyzeStatement) across the statements of a program:
 * real stacks build many jobs from one loop, each with the same statement over its own tables
 * (`INSERT INTO ${sink} SELECT * FROM ${source}`), and the analysis (the syntax-slip scan, the
 * dialect and interval reads, the statement split) finds the same for each as long as what it reads is.
 *
 * What is cached: only a clean analysis (one that recorded no error and no warning), as its kind; a
 * statement with a finding is analyzed afresh every time, so its diagnostics come out exactly as
 * computed fresh. The statement, its tables (the INSERT target, the tables read) and its
 * StatementWords (which read the tables' names) are built from the statement on every call.
 *
 * The key: everything a clean analysis reads. The statement's segments in order: each text
 * segment's text, each Output as an Output (its value is unknown at preview), each interpolated
 * table as a table; the strings interpolated with `${...}` (`interpolated`: start, end, text);
 * whether the statement was a plain string; the runtime mode (read only by an unsupported
 * statement's advice, never clean: kept anyway). A table's Flink name is in the key unless it is a
 * plain identifier (letters, digits, `_`, not starting with a digit) and no string is interpolated:
 * - the scans read a table as one opaque token (code-tokens.ts: its back-quoted name as one
 *   span), the value checks as ` x ` (value-text.ts), and the statement split reads a back-quoted
 *   plain name as a name; only the words of the statement gates (statement-gates.ts) read the name,
 *   and a gate opened by a name runs a check over that same name-free text, which then finds what
 *   it finds with the gate closed (the gates are exact: test/statement-gates.test.ts); a name
 *   enters only messages, and a clean analysis has none;
 * - an interpolated string's offsets are offsets of the text with the names in it
 *   (interpolated-operands.ts): there every name is in the key;
 * - a table without a string name is not cached at all.
 *
 * Bounded: cleared once it holds MAX_ENTRIES statements (an Automation API program runs for long).
 */
import { BoundedMemo } from "../validation/bounded-memo.js";
import type { StatementKind } from "./statement.js";
import type { InterpolatedText, SqlSegment } from "./template.js";

/** The most statements remembered; past it the memo starts again empty. */
export const MAX_ENTRIES = 1024;

const memo = new BoundedMemo<string, StatementKind>(MAX_ENTRIES);

/** A Flink name that stays out of the key (see the module comment). */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The memo's key for a statement (`text`: a plain-string statement; else its segments and
 * interpolated strings), or undefined when it is not cached (a table without a string name).
 */
export function analysisKey(text: string | undefined, segments: readonly SqlSegment[], interpolated: readonly InterpolatedText[], runtimeMode: string | undefined): string | undefined {
  let key = `${runtimeMode ?? "-"}|`;
  if (text !== undefined) return `${key}S${JSON.stringify(text)}`;
  for (const s of segments) {
    if (s.kind === "text") key += `s${JSON.stringify(s.text)}`;
    else if (s.kind === "table") {
      const name: unknown = s.table.tableName;
      if (typeof name !== "string") return undefined;
      key += interpolated.length === 0 && PLAIN_NAME.test(name) ? "t" : `t${JSON.stringify(name)}`;
    } else key += "o";
  }
  if (interpolated.length > 0) key += `i${JSON.stringify(interpolated.map((i) => [i.start, i.end, i.text]))}`;
  return key;
}

/** The kind of the clean analysis remembered under `key`, if any. */
export function knownAnalysis(key: string): StatementKind | undefined {
  return memo.lookup(key);
}

/** Remembers a clean analysis of `kind` under `key`. */
export function rememberAnalysis(key: string, kind: StatementKind): void {
  memo.remember(key, kind);
}

/** How many analyses the memo has answered (for tests). */
export function analysisMemoHits(): number {
  return memo.hits;
}

/** The number of statements remembered (for tests). */
export function analysisMemoSize(): number {
  return memo.size;
}

/** Forgets every statement (for tests). */
export function clearAnalysisMemo(): void {
  memo.clear();
}
