/**
 * Names a job's statements read as tables in plain text (table-mentions.ts) that the job does not
 * declare. FlinkSqlJob renders a CREATE TABLE only for the tables interpolated with `${table}`,
 * then its views; Flink looks an unqualified name up in the current catalog and database, and
 * fails the statement with Calcite's "Object '<name>' not found" when it is not there (calcite
 * `core/.../runtime/CalciteResource.java` objectNotFound). Declared
 * are: the Flink names of the job's tables, its views (exact case: view-names.ts), and the
 * statement's WITH queries after their bodies (table-mentions.ts).
 *
 * - A table component of the program named by its Flink table name: always an error (it would
 *   get no CREATE TABLE); `write ${...}` instead.
 * - A view of the job in another letter case: view-names.ts checkViewNameCase reports it.
 * - Any other name: an error where the session that runs the script certainly starts in a catalog
 *   holding only the job's tables and views, a warning where it may start in a stored catalog
 *   (current-catalog.ts, per target). The message says what to write: the component whose Flink
 *   name in another case, Iceberg table, resource name or near spelling it is, a view or WITH query
 *   of a near spelling, else every table and view the job declares.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey, distance } from "../validation/known-keys.js";
import { listed } from "../validation/name-list.js";
import type { CurrentCatalog } from "./current-catalog.js";
import type { ProgramTables } from "./job-plan.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";
import { tableMentionsAt, withQueryNames } from "./table-mentions.js";
import { SqlStatement } from "./template.js";
import { declaredViewName, written } from "./view-names.js";

/** Stands for an Output in the statement's text: a name that touches it is not known at preview. */
const OUTPUT = "\u0001";

/** A component as a message names it: its label and Flink table name. */
function named(t: TableDefinition): string {
  return `${t.label} (Flink table name ${JSON.stringify(t.tableName)})`;
}

/** `write ${<the IcebergSource object>} instead of x`, for one or more components. */
function writeComponent(hits: readonly TableDefinition[], name: string): string {
  const kinds = [...new Set(hits.map((t) => t.resourceType))].join(" or ");
  return `write \${<the ${kinds} object>} instead of ${written(name)}`;
}

/**
 * The candidate closest to `name` (closestKey) when it is a likely misspelling: within 2 edits, 1
 * for names of 4 characters or fewer (table names share prefixes, so closestKey's reach of a third
 * of a long name would take `orders_recent` for `orders_events`).
 */
function nearSpelling(name: string, candidates: readonly string[]): string | undefined {
  const near = closestKey(name, candidates);
  return near !== undefined && distance(name, near) <= (near.length <= 4 ? 1 : 2) ? near : undefined;
}

interface Declared {
  /** The job's tables, in first-reference order. */
  readonly tables: readonly TableDefinition[];
  /** The job's views by name, each with its statement. */
  readonly views: ReadonlyMap<string, AnalyzedStatement>;
  /** The program's tables (the job's first). */
  readonly program: readonly TableDefinition[];
}

/** What to write instead of the undeclared `name` (see the module comment); `ctes` are the statement's WITH query names. */
function remedy(name: string, declared: Declared, ctes: ReadonlySet<string>): string {
  const lower = name.toLowerCase();
  const q = JSON.stringify(name);
  const same = (hits: readonly TableDefinition[], what: string): string => `${q} is ${what}: ${writeComponent(hits, name)}`;
  const byCase = declared.program.filter((t) => t.tableName.toLowerCase() === lower);
  if (byCase.length > 0) return same(byCase, `the Flink table name of ${listed(byCase.map((t) => `${t.label} (${JSON.stringify(t.tableName)})`))} in another letter case (Flink's names are case-sensitive)`);
  const byIceberg = declared.program.filter((t) => t.iceberg?.table?.toLowerCase() === lower);
  if (byIceberg.length > 0) return same(byIceberg, `the Iceberg table of ${listed(byIceberg.map(named))}`);
  const byResource = declared.program.filter((t) => t.resourceName.toLowerCase() === lower);
  if (byResource.length > 0) return same(byResource, `the resource name of ${listed(byResource.map(named))}`);
  // Near spellings: the job's own tables, views and WITH queries first (a WITH query read inside
  // its own body is no candidate: Flink's WITH is not recursive), then the program's components.
  const own = declared.tables.map((t) => t.tableName);
  const near = nearSpelling(name, [...own, ...declared.views.keys(), ...ctes].filter((c) => c !== name));
  if (near !== undefined && !own.includes(near)) {
    const view = declared.views.get(near);
    const what = view !== undefined ? `the view ${JSON.stringify(near)} (statements[${view.index}])` : `the WITH query ${JSON.stringify(near)}`;
    return `did you mean ${what}? write ${written(near)} instead of ${written(name)}`;
  }
  const names = (t: TableDefinition): string[] => [t.tableName, t.resourceName, ...(t.iceberg?.table !== undefined ? [t.iceberg.table] : [])];
  const nearName = near ?? nearSpelling(name, declared.program.flatMap(names));
  const hits = nearName === undefined ? [] : declared.program.filter((t) => names(t).includes(nearName));
  if (hits.length > 0) return `did you mean ${listed(hits.map((t) => (t.iceberg?.table === nearName ? `${named(t)}, of the Iceberg table ${JSON.stringify(nearName)}` : named(t))))}? ${writeComponent(hits, name)}`;
  const all = [...declared.tables.map((t) => `${written(t.tableName)} (${t.label})`), ...[...declared.views.keys()].map((v) => `the view ${written(v)}`)];
  return `the job declares ${listed(all)}: read one of them, or interpolate the table component with \${...}`;
}

/**
 * The names of the views that statements the job could not analyze (reported already: e.g. an
 * unterminated literal) declare: a read of one is that statement's problem, not an undeclared name.
 */
export function unanalyzedViewNames(statements: readonly unknown[], analyzed: readonly AnalyzedStatement[]): Set<string> {
  const done = new Set(analyzed.map((a) => a.index));
  const out = new Set<string>();
  statements.forEach((s, i) => {
    const text = typeof s === "string" ? s : s instanceof SqlStatement ? s.toString() : undefined;
    const name = done.has(i) || text === undefined ? undefined : declaredViewName(codeOnly(text, false, true));
    if (name !== undefined) out.add(name);
  });
  return out;
}

/**
 * Reports each name a statement reads as a table in plain text that the job does not declare
 * (module comment); `catalog` is where the job's session starts (current-catalog.ts);
 * `unanalyzedViews` are declared too (unanalyzedViewNames).
 */
export function checkPlainTextTables(
  analyzed: readonly AnalyzedStatement[],
  tables: readonly TableDefinition[],
  views: ReadonlyMap<string, AnalyzedStatement>,
  programTables: ProgramTables | undefined,
  catalog: CurrentCatalog,
  diag: Diagnostics,
  unanalyzedViews: ReadonlySet<string> = new Set(),
): void {
  const declaredNames = new Set([...tables.map((t) => t.tableName), ...views.keys(), ...unanalyzedViews]);
  const viewsByLowerCase = new Set([...views.keys()].map((v) => v.toLowerCase()));
  let declared: Declared | undefined;
  for (const a of analyzed) {
    // Interpolated tables as a character that is no name; an Output as one that no name may touch.
    const text = a.statement.segments.map((s) => (s.kind === "text" ? s.text : s.kind === "table" ? " \u0000 " : OUTPUT)).join("");
    const reported = new Set<string>();
    let ctes: ReadonlySet<string> | undefined;
    for (const m of tableMentionsAt(text)) {
      const name = m.name;
      if (declaredNames.has(name) || reported.has(name)) continue;
      if (name.includes(OUTPUT) || text[m.at - 1] === OUTPUT || text[m.end] === OUTPUT) continue;
      // Flink takes letters beyond ASCII in plain names, which the views' reader (statement.ts MARKED_NAME) does not: left alone.
      if (!m.quoted && /[^\x00-\x7f]/.test(name)) continue;
      reported.add(name);
      const path = `statements[${a.index}]`;
      const table = programTables?.byFlinkName(name);
      if (table !== undefined) {
        diag.error(
          path,
          `names ${table.label} as plain text (${JSON.stringify(name)}); the job declares only tables interpolated with \${...}, so it would have no CREATE TABLE for it and fail with "Object '${name}' not found": write \${<the ${table.resourceType} object>} instead of ${name}`,
        );
        continue;
      }
      if (viewsByLowerCase.has(name.toLowerCase())) continue; // checkViewNameCase names the view
      declared ??= { tables, views, program: [...new Set([...tables, ...(programTables?.tables?.() ?? [])])] };
      const advice = remedy(name, declared, (ctes ??= withQueryNames(text)));
      const head = `reads ${JSON.stringify(name)} as a table, but the job declares no table or view of that name: ${catalog.why}`;
      const fails = `the job fails when it starts ("Object '${name}' not found")`;
      if (catalog.certain) diag.error(path, `${head}, so ${fails}; ${advice}`);
      else diag.warn(path, `${head}; unless it does and that catalog holds ${JSON.stringify(name)}, ${fails}; ${advice}, or, for a table of that catalog, write its full name (catalog.database.${written(name)})`);
    }
  }
}
