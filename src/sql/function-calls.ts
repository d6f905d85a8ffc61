/**
 * The unqualified function calls a statement's text makes, as the function checks read them
 * (misspelt-functions.ts, newer-functions.ts): a name followed by `(`, not after a `.` (a qualified
 * call, `db.f(...)`, which names a catalog function and never a built-in one), outside string
 * literals, comments and hints (`/*+ ... *\/`), and a back-quoted single name read as the name (Flink
 * looks a function up by its identifier's names, which carry no quoting: flink-table-planner
 * `FunctionCatalogOperatorTable.lookupOperatorOverloads`). Not calls: a view's name before its
 * column list (`CREATE TEMPORARY VIEW v (a, b) AS ...`), an alias before its column list
 * (`AS t(a, b)`, `... ) t(a, b)`), and a name after another name, `)` or a table (an alias). A WITH
 * query's name before its column list is one too: `withQueryNames` gives them, for a caller to skip.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { codeOnly } from "./split.js";
import { SQL_WORDS } from "./sql-words.js";
import type { AnalyzedStatement } from "./statement.js";

/** A table or Output interpolated into the text: no name, no call. */
export const MARKER = "\u0002";
/** A name followed by `(`: group 1. Not after `.` (a qualified call), a name part or a marker. */
const CALL = /(?<![\w$.\u0002])([A-Za-z_][A-Za-z0-9_$]*)\s*\(/g;
/** What makes `name (` no call: a view's name before its column list, or an alias (`AS t(a, b)`). */
export const NOT_A_CALL = /(?:\bVIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:[\w$]+\s*\.\s*){0,2}|\bAS\s+)$/i;
/** The word (or `)`, or a marker) just before a name. */
const BEFORE = /([A-Za-z_][A-Za-z0-9_$]*|\)|\u0002)\s*$/;

/** SQL text and its code: literals and comments blanked, a back-quoted single name unquoted, other back-quoted names as `q`s (same length). */
export interface CallText {
  readonly text: string;
  readonly code: string;
}

/** `text` (tables and Outputs as markers) with its code (see CallText). */
export function callText(text: string): CallText {
  const code = codeOnly(text, false, true).replace(/`(?:[^`]|``)*`/g, (m) => (/^`[A-Za-z_][A-Za-z0-9_$]*`$/.test(m) ? ` ${m.slice(1, -1)} ` : "q".repeat(m.length)));
  return { text, code };
}

/** The statement's text with its tables and Outputs as markers. */
function statementText(a: AnalyzedStatement): string {
  return a.statement.segments.map((s) => (s.kind === "text" ? s.text : ` ${MARKER} `)).join("");
}

/** The statement's text with its tables and Outputs as markers, and its code. */
export function statementCallText(a: AnalyzedStatement): CallText {
  return callText(statementText(a));
}

/** A text whose calls a function check reads, and where its problems go. */
export interface CallSite {
  /** A statement's text (its tables and Outputs as markers), or a table's computed column or watermark expression. */
  readonly text: string;
  /** `statements[i]`, or `statements` for a table's expression. */
  readonly path: string;
  /** What a message starts with: "" for a statement, `<table label> <prop path>: ` for an expression. */
  readonly lead: string;
  /** What Flink fails on a bad call there: "the statement", or "its CREATE TABLE". */
  readonly where: string;
}

/**
 * The texts the function checks read (date-patterns.ts, foreign-functions.ts, newer-functions.ts),
 * in order: the job's statements but its CREATE FUNCTION ones, a statement only when `mentions`
 * accepts one of its text parts; then the computed columns and watermark expressions of the tables
 * it declares (TableDefinition.expressions, which Flink validates with the same function lookup when
 * it converts the CREATE TABLE), each that `mentions` accepts.
 */
export function* callSites(analyzed: readonly AnalyzedStatement[], tables: readonly TableDefinition[], mentions: (text: string) => boolean): Generator<CallSite> {
  for (const a of analyzed) {
    if (a.kind === "function" || !a.statement.segments.some((s) => s.kind === "text" && mentions(s.text))) continue;
    yield { text: statementText(a), path: `statements[${a.index}]`, lead: "", where: "the statement" };
  }
  for (const t of tables) {
    for (const { path, text } of t.expressions ?? []) if (mentions(text)) yield { text, path: "statements", lead: `${t.label} ${path}: `, where: "its CREATE TABLE" };
  }
}

/** One call: its name as written and upper case, and where the name starts (in both the text and its code). */
export interface FunctionCall {
  readonly written: string;
  readonly name: string;
  readonly at: number;
}

/** The calls of `code` (see the module comment) whose upper-case name `wanted` accepts (tested first, as it is cheaper), in order. */
export function* functionCalls(code: string, wanted: (name: string) => boolean): Generator<FunctionCall> {
  for (const m of code.matchAll(CALL)) {
    const written = m[1]!;
    const name = written.toUpperCase();
    if (!wanted(name)) continue;
    const before = code.slice(Math.max(0, m.index - 96), m.index);
    const prev = BEFORE.exec(before)?.[1];
    // An alias or a view's name before a column list: after AS or VIEW, after another name, `)` or a table.
    if (NOT_A_CALL.test(before) || (prev !== undefined && (prev === ")" || prev === MARKER || !SQL_WORDS.has(prev.toUpperCase())))) continue;
    yield { written, name, at: m.index };
  }
}

/**
 * The top-level arguments of the call whose name starts at `at` in `call` (their text, trimmed),
 * or undefined when its parentheses do not close.
 */
export function callArguments(call: CallText, at: number): string[] | undefined {
  const open = call.code.indexOf("(", at);
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < call.code.length; i++) {
    const c = call.code[i];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) {
      args.push(call.text.slice(start, i).trim());
      return args.length === 1 && args[0] === "" ? [] : args;
    } else if (c === "," && depth === 1) {
      args.push(call.text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return undefined;
}
