/**
 * Which of a job's statement checks can report anything for a statement, decided once per
 * statement from what it contains, so that the common statement (`INSERT INTO sink SELECT * FROM
 * source`) runs only the checks it can fail (BENCHMARKS.md session 17: at 1000 jobs most of the
 * package's per-job code still runs unoptimized, so every check called costs its cold price).
 *
 * The summary is the statement's text segments and interpolated tables' names, concatenated as
 * they are (nothing between them) and upper-cased; an Output adds nothing. A gate asks whether
 * that text contains a word (a substring: no word boundaries), never whether it lacks one, so:
 * - every check reads the statement as its text segments with each table as its name, its
 *   back-quoted name, a marker of NULs and digits or ` x `, and each Output as ` x `, `${…}` or
 *   a private-use character; none of those renderings adds a letter next to another letter, so a
 *   keyword a check finds (case-insensitively: regular expressions with the `i` flag and no `u`,
 *   or toUpperCase comparisons) lies inside one text segment or name, or spans them with nothing
 *   between, and is then a substring of the summary too (toUpperCase maps each character on its
 *   own; a regular expression without `u` never matches an ASCII letter with another character);
 * - a substring test holds for a keyword inside a literal, a comment, a back-quoted name or a
 *   hint too: such a statement runs the check (as without gates), which then finds nothing.
 * Each gate names the words its check cannot report without, and why; a gate is exact when the
 * check reports nothing whenever the gate is closed (test/statement-gates.test.ts compares every
 * diagnostic of generated jobs with the gates on and off). Checks whose findings need no word
 * (insert columns, changelog sinks, plain-text table names, syntax slips, ...) have no gate.
 */
import { BoundedMemo } from "../validation/bounded-memo.js";
import type { AnalyzedStatement } from "./statement.js";
import type { SqlSegment } from "./template.js";

let gatesOn = true;

/**
 * Turns the gates off (every gate open) or back on. Internal: for the equivalence test, which
 * plans each job both ways; not part of the package's API.
 */
export function setStatementGates(on: boolean): void {
  gatesOn = on;
}

/** What a statement contains, for its gates (see the module comment). */
export class StatementWords {
  /** The text segments and tables' names, concatenated and upper-cased. */
  private readonly upper: string;
  /** True when an Output is interpolated. */
  private readonly outputs: boolean;

  constructor(segments: readonly SqlSegment[]) {
    let text = "";
    let outputs = false;
    for (const s of segments) {
      if (s.kind === "text") text += s.text;
      else if (s.kind === "table") text += s.table.tableName;
      else outputs = true;
    }
    this.upper = text.toUpperCase();
    this.outputs = outputs;
  }

  /** True when `word` (upper case) occurs in the statement, anywhere; always true with the gates off. */
  has(word: string): boolean {
    return !gatesOn || this.upper.includes(word);
  }

  /** True when an Output is interpolated; always true with the gates off. */
  hasOutputs(): boolean {
    return !gatesOn || this.outputs;
  }
}

/**
 * INTERVAL literals (interval-literals.ts intervalLiteralProblems, intervalUnitsFlinkLacks): both
 * read only the literals after the word INTERVAL.
 */
export function mayHoldIntervals(w: StatementWords): boolean {
  return w.has("INTERVAL");
}

/**
 * Other dialects' spellings (conformance.ts conformanceProblems): `!=`, double quotes, LIMIT,
 * OFFSET, MINUS; the same test conformanceProblems opens with.
 */
export function mayHoldConformance(w: StatementWords): boolean {
  return w.has("!") || w.has('"') || w.has("LIMIT") || w.has("OFFSET") || w.has("MINUS");
}

/** Function calls (foreign-functions.ts checkForeignFunctions): every name it reports is followed by `(`. */
export function mayCallFunctions(w: StatementWords): boolean {
  return w.has("(");
}

/**
 * OPTIONS hints (hints.ts tableOptionsHints, read by job-plan.ts checkOptionsHints and the
 * read-back-loop warning, and by hinted-reads.ts for each table mention's hint): a hint is text
 * opening with `/*+` right after a table.
 */
export function mayHoldHints(w: StatementWords): boolean {
  return w.has("/*+");
}

/** An Output right where a value goes (job-plan.ts checkOutputOperands): needs an Output. */
export function mayHoldOutputs(w: StatementWords): boolean {
  return w.hasOutputs();
}

/**
 * Grouping (ungrouped-columns.ts checkGrouping): it reads a statement whose text holds GROUP BY,
 * HAVING, OVER or an aggregate call (MAY_AGGREGATE), which needs `(`.
 */
export function mayAggregate(w: StatementWords): boolean {
  return (w.has("GROUP") && w.has("BY")) || w.has("HAVING") || w.has("OVER") || w.has("(");
}

/** Group window auxiliaries (group-window-auxiliaries.ts): a TUMBLE_, HOP_ or SESSION_ call. */
export function mayCallWindowAuxiliaries(w: StatementWords): boolean {
  return (w.has("TUMBLE_") || w.has("HOP_") || w.has("SESSION_")) && w.has("(");
}

/** Window time columns (window-time.ts checkWindowTimeColumns): it reads a statement holding DESCRIPTOR or GROUP BY. */
export function mayHoldWindows(w: StatementWords): boolean {
  return w.has("DESCRIPTOR") || (w.has("GROUP") && w.has("BY"));
}

/** Temporal joins (temporal-join.ts checkTemporalJoins): FOR SYSTEM_TIME AS OF. */
export function mayJoinTemporally(w: StatementWords): boolean {
  return w.has("SYSTEM_TIME");
}

/** Zero window lengths and gaps (zero-intervals.ts checkZeroWindowLengths): a TUMBLE, HOP, CUMULATE or SESSION call with an INTERVAL. */
export function mayHoldWindowLengths(w: StatementWords): boolean {
  return (w.has("TUMBLE") || w.has("HOP") || w.has("CUMULATE") || w.has("SESSION")) && w.has("(") && w.has("INTERVAL");
}

/**
 * HOP and CUMULATE lengths that do not divide (window-multiples.ts checkWindowMultiples): a HOP or
 * CUMULATE call with INTERVAL literals, in the statement or a view it reads (the gate is the job's).
 */
export function mayHoldSlicedWindows(w: StatementWords): boolean {
  return (w.has("HOP") || w.has("CUMULATE")) && w.has("(") && w.has("INTERVAL");
}

/**
 * Changelogs into operators that take inserts only (insert-only-operators.ts
 * checkInsertOnlyOperators): an OVER aggregation needs OVER; an interval join a JOIN whose ON
 * condition bounds times with BETWEEN or a comparison (`<`, `>`).
 */
export function mayFeedInsertOnlyOperators(w: StatementWords): boolean {
  return w.has("OVER") || (w.has("JOIN") && (w.has("BETWEEN") || w.has("<") || w.has(">")));
}

/** Streaming sorts (streaming-sort.ts checkStreamingSort): ORDER BY. */
export function maySort(w: StatementWords): boolean {
  return w.has("ORDER") && w.has("BY");
}

/**
 * Top-Ns into a keyed sink (rank-sink-keys.ts checkRankSinkKey): it reads only an INSERT whose text
 * segments, or those of a view it reads, hold ROW_NUMBER, LIMIT or FETCH (the test it opens with);
 * a job gate, as the view may be any of the job's statements.
 */
export function mayKeepTopRows(w: StatementWords): boolean {
  return w.has("ROW_NUMBER") || w.has("LIMIT") || w.has("FETCH");
}

/** RANK / DENSE_RANK Top-Ns (streaming-rank.ts checkStreamingRank): RANK. */
export function mayRank(w: StatementWords): boolean {
  return w.has("RANK");
}

/**
 * A keyword before a table position (table-mentions.ts: FROM, JOIN, INTO, TABLE) followed, after
 * white space, by anything but an interpolated table (NUL); or a comma (a FROM list's next
 * relation), or a character beyond ASCII (which may start a name, or upper-case to a keyword's letter).
 * No look-behind: `xFROM` counts too (the tokenizer may split a word there, e.g. after `1` or `$`).
 */
const NAME_IN_TABLE_POSITION = /[,\u0080-\uffff]|(?:FROM|JOIN|INTO|TABLE)(?![A-Za-z0-9_$])\s*[^\s\u0000]/i;

/**
 * Plain-text table names (plain-text-tables.ts checkPlainTextTables): it reports only a name its
 * tokenizer (table-mentions.ts words, tablePositions) finds right after FROM, JOIN, INTO or TABLE,
 * or after a comma of a FROM list; comments are skipped there, so a comment after a keyword opens
 * the gate too. The text is the check's own (a table as " NUL "); a statement with an Output always
 * runs the check. Not a word test: every statement holds FROM or INTO, but most name only
 * interpolated tables there.
 */
export function mayNameTables(a: AnalyzedStatement): boolean {
  if (!gatesOn) return true;
  // Each run of text between two tables on its own is the same test as the text with every table
  // as " NUL ": a match ends inside one run (a table or the text's end follows it, and `\s*` then
  // finds no other character than NUL), and the look-ahead after a keyword at a run's end sees a
  // space there, or the end, alike. sql`...` gives one text segment per run, which a loop's
  // statements share (one template literal); a statement built from its segments (the SqlStatement
  // constructor) may give several in a row, read here as their joined run.
  let run: string | undefined;
  for (const s of a.statement.segments) {
    if (s.kind === "text") {
      run = run === undefined ? s.text : run + s.text;
      continue;
    }
    if (run !== undefined && segmentNamesTables(run)) return true;
    run = undefined;
    if (s.kind === "output") return true;
  }
  return run !== undefined && segmentNamesTables(run);
}

/** NAME_IN_TABLE_POSITION's answer for a text segment, kept per text (a pure function of it; bounded-memo.ts). */
const namingTexts = new BoundedMemo<string, boolean>();

/** NAME_IN_TABLE_POSITION.test(text), read once per text. */
export function segmentNamesTables(text: string): boolean {
  return namingTexts.computed(text, () => NAME_IN_TABLE_POSITION.test(text));
}

/** The number of texts whose answer is kept (for tests). */
export function namingTextCount(): number {
  return namingTexts.size;
}
