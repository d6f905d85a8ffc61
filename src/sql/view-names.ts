/**
 * The job's temporary views by name, as Flink names and finds them. Flink's identifiers are
 * case-sensitive (flink `table/planner/.../delegation/PlannerContext.java` parses with Calcite's
 * `Lex.JAVA`: names keep their case and match exactly, and the catalog reader it creates is
 * case-sensitive), and a temporary view is looked up by its full path (flink
 * `table/api/.../catalog/CatalogManager.java` `getTable`: `temporaryTables.get(objectIdentifier)`),
 * so `FROM V` does not read the view `v`: the job fails with "Object 'V' not found". A view's name
 * may carry its catalog and database; a FlinkSqlJob runs in Flink's built-in ones
 * (`default_catalog`, `default_database`: flink TableConfigOptions `table.builtin-catalog-name`,
 * `table.builtin-database-name`), so `default_catalog.default_database.v` and
 * `default_database.v` are the view `v`. A view in another catalog or database is not followed.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { MARKED_NAME, statementCode, type AnalyzedStatement } from "./statement.js";
import { fromInExpression, tableMentions, withQueryNames } from "./table-mentions.js";
import { unquoteIdentifier } from "./top-level.js";

/** Flink's built-in catalog and database, which a FlinkSqlJob's statements run in. */
export const DEFAULT_CATALOG = "default_catalog";
export const DEFAULT_DATABASE = "default_database";

/** One part of a name, plain or back-quoted (statement.ts MARKED_NAME). */
const PART = MARKED_NAME;
/** A name of one to three parts (`v`, `db.v`, `catalog.db.v`), plain or back-quoted. */
const PATH = new RegExp(String.raw`${PART}(?:\s*\.\s*${PART}){0,2}(?![A-Za-z0-9_$])`, "y");
const VIEW_HEAD = /^\s*CREATE\s+TEMPORARY\s+(?:SYSTEM\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?/i;
/** A keyword a relation's name follows. */
const RELATION_KEYWORD = /\b(?:FROM|JOIN|TABLE)\s+/gi;

/**
 * The name `path` (its parts unquoted) resolves to in Flink's built-in catalog and database: the
 * last part when the others are `default_catalog.default_database` or `default_database`, the name
 * itself when it has one part; undefined for a path into another catalog or database.
 */
export function resolvedViewName(path: readonly string[]): string | undefined {
  if (path.length === 1) return path[0];
  if (path.length === 2 && path[0] === DEFAULT_DATABASE) return path[1];
  if (path.length === 3 && path[0] === DEFAULT_CATALOG && path[1] === DEFAULT_DATABASE) return path[2];
  return undefined;
}

/** The parts of the path that starts at `at` in `code` (unquoted), and where it ends; undefined when none starts there. */
function readPath(code: string, at: number): { parts: string[]; end: number } | undefined {
  PATH.lastIndex = at;
  const m = PATH.exec(code);
  if (m === null) return undefined;
  const parts = [...m[0].matchAll(new RegExp(PART, "g"))].map((p) => unquoteIdentifier(p[0]));
  return { parts, end: PATH.lastIndex };
}

/**
 * The name a `CREATE TEMPORARY VIEW` statement's code (statementCode with names) declares, as Flink
 * resolves it (resolvedViewName); undefined for another statement or a view outside the built-in
 * catalog and database.
 */
export function declaredViewName(code: string): string | undefined {
  const head = VIEW_HEAD.exec(code);
  const path = head === null ? undefined : readPath(code, head[0].length);
  return path === undefined ? undefined : resolvedViewName(path.parts);
}

/** The job's views by name (as Flink resolves it: declaredViewName), each with its statement. */
export function viewsByName(definitions: readonly AnalyzedStatement[]): Map<string, AnalyzedStatement> {
  const out = new Map<string, AnalyzedStatement>();
  for (const d of definitions) {
    if (d.kind !== "view") continue;
    const name = declaredViewName(statementCode(d, true));
    // The first definition stands: a second CREATE ... IF NOT EXISTS does nothing (without it, Flink fails on it).
    if (name !== undefined && !out.has(name)) out.set(name, d);
  }
  return out;
}

/**
 * Where `text` (statementCode with names) reads the view `name` as a table (after FROM, JOIN or
 * TABLE, plain or back-quoted, also as `default_catalog.default_database.name`; not after the FROM
 * of an expression, fromInExpression), in exactly its letter case, as offsets just after the name.
 */
export function viewReads(text: string, name: string): number[] {
  const ends: number[] = [];
  for (const m of text.matchAll(RELATION_KEYWORD)) {
    if (/^FROM/i.test(m[0]) && fromInExpression(text, m.index!)) continue;
    const path = readPath(text, m.index! + m[0].length);
    if (path !== undefined && resolvedViewName(path.parts) === name) ends.push(path.end);
  }
  return ends;
}

/**
 * `a` and the views it reads, also through other views (each once). A view read only as the
 * versioned side of a temporal join (`v FOR SYSTEM_TIME AS OF ...`) is left out: it only supplies
 * values to the other side's rows, whatever it is (flink docs versioned_tables.md: a view can be one).
 */
export function withViews(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>): AnalyzedStatement[] {
  const out = [a];
  for (let i = 0; i < out.length; i++) {
    const text = statementCode(out[i]!, true);
    for (const [name, v] of views) {
      if (out.includes(v)) continue;
      const reads = viewReads(text, name);
      if (reads.some((end) => !/^\s*FOR\s+SYSTEM_TIME\s+AS\s+OF\b/i.test(text.slice(end)))) out.push(v);
    }
  }
  return out;
}

/** The view statements no other statement of the job reads (they are created, never planned). */
export function unreadViews(analyzed: readonly AnalyzedStatement[], views: ReadonlyMap<string, AnalyzedStatement>): Set<AnalyzedStatement> {
  const out = new Set<AnalyzedStatement>();
  for (const [name, v] of views) {
    if (!analyzed.some((x) => x !== v && viewReads(statementCode(x, true), name).length > 0)) out.add(v);
  }
  return out;
}

/** `name` as it is written in Flink SQL: plain when it is a simple identifier, else back-quoted. */
export function written(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) ? name : "`" + name.replace(/`/g, "``") + "`";
}

/**
 * A statement that reads, as a table, a name that is no view, WITH query or table of the job, but
 * a view of the job in another letter case: Flink finds no such object and fails the statement
 * when the job starts ("Object 'V' not found"); an error that names the view as declared.
 * `tableNames` are the Flink names of the tables the job declares.
 */
export function checkViewNameCase(analyzed: readonly AnalyzedStatement[], views: ReadonlyMap<string, AnalyzedStatement>, tableNames: ReadonlySet<string>, diag: Diagnostics): void {
  if (views.size === 0) return;
  const byLowerCase = new Map<string, string>();
  for (const name of views.keys()) if (!byLowerCase.has(name.toLowerCase())) byLowerCase.set(name.toLowerCase(), name);
  for (const a of analyzed) {
    // Interpolated tables as a character that is no name; tableMentions skips literals and comments itself.
    const text = a.statement.segments.map((s) => (s.kind === "text" ? s.text : " \u0000 ")).join("");
    const ctes = withQueryNames(text);
    const reported = new Set<string>();
    for (const name of tableMentions(text)) {
      if (views.has(name) || ctes.has(name) || tableNames.has(name) || reported.has(name)) continue;
      const view = byLowerCase.get(name.toLowerCase());
      if (view === undefined) continue;
      reported.add(name);
      diag.error(
        `statements[${a.index}]`,
        `reads ${JSON.stringify(name)} as a table, but the job's view is ${JSON.stringify(view)} (statements[${views.get(view)!.index}]): Flink's names are case-sensitive, so ${JSON.stringify(name)} names no table or view ` +
          `and the job fails when it starts ("Object '${name}' not found"); write ${written(view)}`,
      );
    }
  }
}
