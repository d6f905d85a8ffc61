/**
 * What a statement of a FlinkSqlJob is: an INSERT INTO / INSERT OVERWRITE whose target is a
 * table component of the job, or a CREATE TEMPORARY VIEW / CREATE TEMPORARY FUNCTION. CREATE
 * TABLE statements come from the table components and SET lines from the job's configuration,
 * so neither is accepted here.
 * Statement forms: flink `docs/content/docs/dev/table/sql/insert.md`, `create.md`.
 */
import type { InsertQueryMemo } from "./insert-query.js";
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { isValidationError } from "../validation/error.js";
import { conformanceProblems } from "./conformance.js";
import { intervalLiteralProblems } from "./interval-literals.js";
import { codeOnly, splitStatements, withoutTrailing } from "./split.js";
import { setRuntimeMode, STATEMENT_SET_REMEDY, statementRemedy } from "./statement-remedies.js";
import { SqlStatement, type SqlSegment } from "./template.js";
import { WRITTEN_NAME } from "./top-level.js";
import { valueText } from "./value-text.js";
import { mayHoldConformance, mayHoldIntervals, StatementWords } from "./statement-gates.js";
import { syntaxSlips } from "./syntax-slips.js";
import { analysisKey, knownAnalysis, rememberAnalysis } from "./statement-memo.js";

export type StatementKind = "insert" | "insert-overwrite" | "view" | "function";

export interface AnalyzedStatement {
  readonly kind: StatementKind;
  /** Position in the job's `statements` arg (set by the job planner). */
  index?: number;
  /** The statement without its trailing `;`. */
  readonly statement: SqlStatement;
  /** The INSERT target. */
  readonly target?: TableDefinition;
  /** Tables the statement reads (every referenced table but the target). */
  readonly reads: readonly TableDefinition[];
  /** What the statement contains, for the gates of its checks (statement-gates.ts). */
  readonly words: StatementWords;
  /**
   * The INSERT's query as read so far (insert-query.ts readInsertQuery), shared by the checks that
   * read it. The job planner gives each statement of each job an empty one of its own; without it,
   * every read reads the statement again.
   */
  readonly insertQueries?: InsertQueryMemo;
}

/** Leading white space and comments, skipped before reading the statement keyword. */
const LEADING_NOISE = /^(?:\s+|(?:--|\/\/)[^\n\r]*(?:\r\n|\n|\r|$)|\/\*(?!\+)[\s\S]*?\*\/)*/;

/**
 * Removes what follows the statement's last content: a trailing `;`, white space and comments.
 * The script adds its own `;`, which a trailing `-- comment` would otherwise swallow (the
 * statement set then has no end, and the 1.19/1.20 runner silently drops the statement).
 */
export function stripTrailing(segments: readonly SqlSegment[]): SqlSegment[] {
  const out = [...segments];
  const last = out[out.length - 1];
  if (last?.kind !== "text") return out;
  // Only white space, `;` and comments trail content, and a comment needs `-` or `/`: a last text
  // without them and not ending in white space has nothing to remove (what trails from an earlier
  // segment on is kept below as well), so the statement is neither rendered nor scanned for it.
  if (!/[-/;]|\s$/.test(last.text)) return out;
  const full = new SqlStatement(out).toString();
  // What follows the last content lies in the last text segment (tables and Outputs are content).
  const keep = last.text.length - (full.length - withoutTrailing(full).length);
  if (keep < 0 || keep === last.text.length) return out;
  if (keep === 0) out.pop();
  else out[out.length - 1] = { kind: "text", text: last.text.slice(0, keep) };
  return out;
}

/** What an interpolated value is, and how a value is quoted instead: the advice of a statement that cannot be read. */
export const AS_SQL_TEXT =
  "is inserted as SQL text, not as a value: quote values with sqlLiteral(value) (it doubles the quotes), e.g. sql`... WHERE currency = ${sqlLiteral(currency)}`";

/**
 * What a table component (a Pulumi ComponentResource, no toString of its own) becomes when a plain
 * template literal interpolates it: `Object.prototype.toString`'s `[object Object]` (or
 * `[object Tag]` for an object with a Symbol.toStringTag). ECMAScript §20.1.3.6.
 */
const OBJECT_TO_STRING = /\[object [A-Za-z]+\]/;

/** The error for a plain-string statement that a forgotten `sql` tag made (`${sink}` → "[object Object]"), else undefined. */
export function untaggedTemplateProblem(input: string): string | undefined {
  if (!OBJECT_TO_STRING.test(input)) return undefined;
  const form = OBJECT_TO_STRING.exec(input)![0];
  return (
    `the statement is a plain template literal, so \${...} turned each table into ${JSON.stringify(form)}; ` +
    'tag it: sql`INSERT INTO ${sink} ...` (import { sql } from "pulumi-flink-iceberg")'
  );
}

/**
 * True when the statement has none of the syntax slips Flink's parser refuses (syntax-slips.ts);
 * else each is an error, and the statement is not read any further (the other checks would read a
 * statement Flink never gets to plan).
 */
function parses(stmt: SqlStatement, insert: boolean, diag: Diagnostics): boolean {
  const slips = syntaxSlips(stmt, insert);
  for (const message of slips) diag.error("", message);
  return slips.length === 0;
}

/**
 * Classifies one statement and checks its form; problems go to `diag` (paths relative to the
 * statement, e.g. `statements[2]`). Returns undefined when the statement is unusable.
 */
export function analyzeStatement(input: SqlStatement | string, diag: Diagnostics, runtimeMode?: "streaming" | "batch"): AnalyzedStatement | undefined {
  if (typeof input !== "string" && !(input instanceof SqlStatement)) {
    diag.error("", `a statement must be built with the sql\`...\` tag (or be a string); got ${input === null ? "null" : typeof input}`);
    return undefined;
  }
  // A statement analyzed clean before, as read (statement-memo.ts): its kind and words, with this statement's own tables.
  const plain = typeof input === "string";
  const key = plain ? analysisKey(input, [], [], runtimeMode) : analysisKey(undefined, input.segments, input.interpolated, runtimeMode);
  const known = key === undefined ? undefined : knownAnalysis(key);
  if (known !== undefined) {
    const stmt = new SqlStatement(stripTrailing(plain ? [{ kind: "text", text: input }] : input.segments), plain ? [] : input.interpolated);
    const words = new StatementWords(stmt.segments);
    if (known === "view" || known === "function") return { kind: known, statement: stmt, reads: stmt.tables, words };
    // A clean INSERT's target is the table right after the keywords (analyzeFresh).
    const target = (stmt.segments[1] as Extract<SqlSegment, { kind: "table" }>).table;
    return { kind: known, statement: stmt, target, reads: stmt.tables.filter((t) => t !== target), words };
  }
  const issues = diag.issueCount;
  const a = analyzeFresh(input, diag, runtimeMode);
  if (key !== undefined && a !== undefined && diag.issueCount === issues) rememberAnalysis(key, a.kind);
  return a;
}

/** analyzeStatement without the memo, for a statement or string. */
function analyzeFresh(input: SqlStatement | string, diag: Diagnostics, runtimeMode: "streaming" | "batch" | undefined): AnalyzedStatement | undefined {
  const untagged = typeof input === "string" ? untaggedTemplateProblem(input) : undefined;
  if (untagged !== undefined) {
    diag.error("", untagged);
    return undefined;
  }
  const stmt = new SqlStatement(stripTrailing(typeof input === "string" ? [{ kind: "text", text: input }] : input.segments), typeof input === "string" ? [] : input.interpolated);
  const text = stmt.toString();
  if (text.trim() === "") {
    diag.error("", "the statement is empty");
    return undefined;
  }
  let parts: string[];
  try {
    parts = splitStatements(text);
  } catch (e) {
    if (!isValidationError(e)) throw e;
    // An unterminated literal or comment; a string interpolated into sql`...` is SQL text, not a value.
    for (const i of e.issues) {
      const message = i.message.replace(/^line \d+: /, "");
      diag.error(
        "",
        message.startsWith("statement set without END")
          ? `cannot be read: a statement set without END; ${STATEMENT_SET_REMEDY}`
          : `cannot be read: ${message}; a string interpolated with \${...} ${AS_SQL_TEXT}`,
      );
    }
    return undefined;
  }
  if (parts.length > 1) {
    diag.error("", `holds ${parts.length} statements separated by ';' (${JSON.stringify(text.slice(0, 80))}); write one statement per sql\`...\` entry`);
    return undefined;
  }
  // An interval literal without its unit (INTERVAL '5 minutes') fails Flink's parser; tables read as names, an Output's
  // value is not known yet (a literal holding one is checked once it is: resolved-statement.ts).
  const words = new StatementWords(stmt.segments);
  const intervals = mayHoldIntervals(words);
  const conformance = mayHoldConformance(words);
  const probe = intervals || conformance ? valueText(stmt) : "";
  if (intervals) for (const message of intervalLiteralProblems(probe)) diag.error("", message);
  // != , MINUS, LIMIT m, n , OFFSET m LIMIT n and "text" in double quotes: other dialects' spellings Flink's parser refuses.
  if (conformance) for (const message of conformanceProblems(probe)) diag.error("", message);
  const first = stmt.segments[0];
  const lead = first?.kind === "text" ? first.text.replace(LEADING_NOISE, "") : "";
  const tables = stmt.tables;
  // `TABLE` after the keywords (Hive's and Spark's INSERT OVERWRITE TABLE t): read here so the error below names the spelling to write.
  const insert = /^INSERT\s+(INTO|OVERWRITE)\b\s*(TABLE\b\s*)?$/i.exec(lead);
  if (/^INSERT\b/i.test(lead) || (lead === "" && first?.kind !== "text")) {
    const target = stmt.segments[1];
    if (!insert || target?.kind !== "table") {
      diag.error(
        "",
        `the INSERT target must be a table component interpolated right after the keywords, e.g. sql\`INSERT INTO \${sink} SELECT ...\`; got ${JSON.stringify(text.slice(0, 80))}`,
      );
      return undefined;
    }
    const kind: StatementKind = insert[1]!.toUpperCase() === "OVERWRITE" ? "insert-overwrite" : "insert";
    if (insert[2] !== undefined) {
      diag.error("", insertTableKeywordProblem(insert[1]!.toUpperCase(), target.table.label));
      return undefined;
    }
    return parses(stmt, true, diag) ? { kind, statement: stmt, target: target.table, reads: tables.filter((t) => t !== target.table), words } : undefined;
  }
  if (/^CREATE\s+TEMPORARY\s+(?:SYSTEM\s+)?VIEW\b/i.test(lead)) return parses(stmt, false, diag) ? { kind: "view", statement: stmt, reads: tables, words } : undefined;
  if (/^CREATE\s+TEMPORARY\s+(?:SYSTEM\s+)?FUNCTION\b/i.test(lead)) return parses(stmt, false, diag) ? { kind: "function", statement: stmt, reads: tables, words } : undefined;
  const remedy = statementRemedy(lead, runtimeMode);
  diag.error(
    "",
    `unsupported statement ${JSON.stringify(text.slice(0, 60))}: a FlinkSqlJob statement is INSERT INTO, INSERT OVERWRITE (batch), CREATE TEMPORARY VIEW or CREATE TEMPORARY FUNCTION; ` +
      (remedy ?? "CREATE TABLE comes from the table components and SET from the job's `configuration`"),
  );
  return undefined;
}

/**
 * The error for `INSERT INTO TABLE` / `INSERT OVERWRITE TABLE` (`keyword`: INTO or OVERWRITE) into
 * the component labelled `label`: Flink's default dialect reads the target right after the keywords
 * (flink `flink-table/flink-sql-parser/src/main/codegen/includes/parserImpls.ftl` RichSqlInsert:
 * INSERT { INTO | OVERWRITE } then the table), and TABLE is a reserved word there; only the Hive
 * dialect's parser (flink-sql-parser-hive) takes an optional TABLE.
 */
export function insertTableKeywordProblem(keyword: string, label: string): string {
  return (
    `INSERT ${keyword} TABLE is the Hive and Spark spelling: Flink's default SQL dialect has no TABLE after INSERT ${keyword} ` +
    `(flink-sql-parser RichSqlInsert; only the Hive dialect takes it), so the job fails when it starts; write INSERT ${keyword} \${sink} without TABLE (the target: ${label})`
  );
}

/**
 * The statement's code with literals and comments blanked and back-quoted names kept (codeOnly,
 * over the whole statement, so a table interpolated inside a comment or literal is blanked with
 * it), each interpolated table as the marker `\u0000k\u0000` (k indexes `tables`) and each Output
 * as ` x `.
 */
export function markedCode(a: AnalyzedStatement): { code: string; tables: TableDefinition[] } {
  const { text, tables } = markedText(a);
  return { code: codeOnly(text, false, true), tables };
}

/** The statement's text as markedCode reads it, literals and comments as written (same offsets as its code). */
export function markedText(a: AnalyzedStatement): { text: string; tables: TableDefinition[] } {
  const tables: TableDefinition[] = [];
  let text = "";
  for (const s of a.statement.segments) {
    if (s.kind === "text") text += s.text;
    else if (s.kind === "output") text += " x ";
    else text += `\u0000${tables.push(s.table) - 1}\u0000`;
  }
  return { text, tables };
}

/** A name in markedCode's code, captured: plain, or back-quoted as written (unquoteIdentifier reads both). */
export const MARKED_NAME = `(${WRITTEN_NAME})`;

/** A relation that is no interpolated table in markedCode's code: a subquery, a view or catalog table by name, a table function. */
const OTHER_RELATION = /\b(?:FROM|JOIN)\s+(?!\u0000)|,\s*\(\s*SELECT\b/i;

/** True when every relation the marked code reads (after FROM, JOIN) is an interpolated table. */
export function readsOnlyInterpolatedTables(code: string): boolean {
  return !OTHER_RELATION.test(code);
}

/** The statement's code (codeOnly: literals and comments blanked), each interpolated table as ` x `; `names` keeps quoted names. */
export function statementCode(a: AnalyzedStatement, names = false): string {
  return codeOnly(a.statement.segments.map((s) => (s.kind === "text" ? s.text : " x ")).join(""), false, names);
}

/**
 * The runtime mode the last `SET 'execution.runtime-mode' = 'batch' | 'streaming'` among
 * `statements` asks for (refused as a statement: statementRemedy), so that a job without
 * runtimeMode or the configuration key is checked in that mode, as Flink would run the INSERTs
 * after it (flink docs `sql/set.md`); undefined when none does. Only statements whose first
 * text starts with SET (after comments) are read.
 */
export function scriptRuntimeMode(statements: unknown): "streaming" | "batch" | undefined {
  if (!Array.isArray(statements)) return undefined;
  let mode: "streaming" | "batch" | undefined;
  for (const s of statements) {
    const first = typeof s === "string" ? s : s instanceof SqlStatement && s.segments[0]?.kind === "text" ? s.segments[0].text : undefined;
    if (first === undefined || !/SET/i.test(first)) continue;
    const lead = first.replace(LEADING_NOISE, "");
    if (!/^SET\b/i.test(lead)) continue;
    mode = setRuntimeMode(lead.replace(/[\s;]+$/, "")) ?? mode;
  }
  return mode;
}
