/**
 * A call of a built-in function that came after the job's Flink version: `BTRIM(note)` (Flink 2.0,
 * FLINK-35910) or `URL_DECODE(url)` (Flink 1.20, FLINK-34108) in a job on kubernetes.flinkVersion
 * "v1_19". builtin-functions.ts holds the names of every supported version at once, so a name is
 * checked against the version's own list here (the first release of each newer name, with its
 * evidence: builtin-function-versions.ts). That Flink's function lookup finds no built-in function
 * of the name (flink `FunctionCatalog`: the temporary system functions, the core module's
 * `BuiltInFunctionDefinitions` and the planner's `FlinkSqlOperatorTable` of that release, then the
 * current catalog's functions) and fails the statement when the job starts ("No match found for
 * function signature BTRIM(<CHARACTER>)", calcite `SqlValidatorImpl.handleUnresolvedFunction`).
 *
 * - Kubernetes target with a known flinkVersion, where the session certainly starts in an
 *   in-memory catalog holding no function (current-catalog.ts): an error naming the function, the
 *   release that added it and what to write instead: an equivalent expression where one exists
 *   (BTRIM(s) is TRIM(BOTH ' ' FROM s), BTRIM(s, t) is TRIM(BOTH t FROM s): both call
 *   flink-table-runtime `BinaryStringDataUtil.trim(str, trimStr)`, BTrimFunction directly and TRIM
 *   through flink-table-planner `StringCallGen.generateTrim` and `trim(str, true, true, seek)`, with
 *   NULL for a NULL argument), else a flinkVersion that has it (with an image of that version), or,
 *   for a function of a release the package does not deploy, a function of the job's own.
 * - Kubernetes with a catalog store set (a stored catalog may hold a function of that name): a warning.
 * - The SQL Gateway target and no target: quiet. The gateway's Flink version is unknown at preview
 *   (the provider reads it only when it submits: deploy/sql-gateway/versions.ts readFlinkVersion),
 *   and warning about every name some supported version lacks would warn on valid jobs.
 * Quiet as well: a function the job declares (CREATE TEMPORARY [SYSTEM] FUNCTION), a qualified call
 * (`db.btrim(...)`), a WITH query's name, names in literals, comments and hints
 * (function-calls.ts), the SQL standard's `TRANSLATE(s USING name)` (a grammar form, not the
 * 2.0 function), and a job with a statement that could not be read (its declarations are not all known).
 * The tables' computed columns and watermark expressions are read too: Flink validates them with
 * the same lookup when it converts the CREATE TABLE (foreign-functions.ts), so such a call is
 * reported at `statements`, naming the table and the prop path.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { SUPPORTED_FLINK_VERSIONS } from "../deploy/kubernetes/versions.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { listed } from "../validation/name-list.js";
import { missingOnVersion, versionNumbers, type FunctionIntroduction } from "./builtin-function-versions.js";
import type { CurrentCatalog } from "./current-catalog.js";
import { callArguments, callSites, callText, functionCalls, MARKER, type CallText, type FunctionCall } from "./function-calls.js";
import type { AnalyzedStatement } from "./statement.js";
import { withQueryNames } from "./table-mentions.js";
import { oneLine } from "./ungrouped-columns.js";

/** "1.19" for "v1_19". */
const versionText = (v: string): string => versionNumbers(v)!.join(".");

/** An expression that does what the call does on every Flink version, for the names that have one; undefined else. */
function equivalent(call: FunctionCall, args: readonly string[] | undefined): string | undefined {
  if (call.name !== "BTRIM" || args === undefined || args.some((a) => a === "" || a.includes(MARKER))) return undefined;
  const [s, t] = args.map(oneLine);
  if (args.length === 1) return `TRIM(BOTH ' ' FROM ${s})`;
  return args.length === 2 ? `TRIM(BOTH ${t} FROM ${s})` : undefined;
}

/** What to write instead of a call of a function `intro` dates: the equivalent, or the flinkVersions that have it. */
function remedy(intro: FunctionIntroduction, instead: string | undefined): string {
  const later = SUPPORTED_FLINK_VERSIONS.filter((v) => missingOnVersion(intro.name, v) === undefined).map((v) => `"${v}"`);
  const versions = later.length > 0 ? listed(later, "or") : undefined;
  const upgrade = versions !== undefined ? `set kubernetes.flinkVersion to ${versions} (with an image of that Flink version)` : undefined;
  if (instead !== undefined) return `write ${instead}, which does the same on every Flink version${upgrade !== undefined ? `, or ${upgrade}` : ""}`;
  if (upgrade !== undefined) return upgrade;
  const range = `${SUPPORTED_FLINK_VERSIONS[0]} to ${SUPPORTED_FLINK_VERSIONS[SUPPORTED_FLINK_VERSIONS.length - 1]}`;
  return `no flinkVersion this package deploys (${range}) has it: drop the call, or declare a function of your own of that name (CREATE TEMPORARY FUNCTION)`;
}

/** The call's report at `path`: `lead` names a table expression, `where` is what Flink fails. */
function report(call: FunctionCall, args: readonly string[] | undefined, intro: FunctionIntroduction, flinkVersion: string, at: { path: string; lead: string; where: string }, catalog: CurrentCatalog, diag: Diagnostics): void {
  const head =
    `${at.lead}${call.written}(...) is a Flink built-in function only from Flink ${intro.since} (${intro.issue}), and this job runs on Flink ${versionText(flinkVersion)} ` +
    `(kubernetes.flinkVersion "${flinkVersion}"), which has no function of that name; the job declares none (CREATE TEMPORARY FUNCTION)`;
  // TRANSLATE(a, b, c) is grammar in Calcite's parser (TRANSLATE3), so an older Flink fails it without the lookup's message.
  const lookup = call.name === "TRANSLATE" ? "" : ` ("No match found for function signature ${call.written}(...)")`;
  const fails = `Flink fails ${at.where} when the job starts${lookup}; ${remedy(intro, equivalent(call, args))}`;
  if (catalog.certain) diag.error(at.path, `${head}, and ${catalog.why}, so ${fails}`);
  else diag.warn(at.path, `${head}; unless the session's catalog holds a function of that name (${catalog.why}), ${fails}`);
}

/** The calls of `call` (once per name) of built-in functions `flinkVersion` lacks that `declared` does not hold, with their arguments. */
function* newerCalls(call: CallText, flinkVersion: string, declared: ReadonlySet<string>): Generator<{ call: FunctionCall; args: string[] | undefined; intro: FunctionIntroduction }> {
  const told = new Set<string>();
  let ctes: ReadonlySet<string> | undefined;
  for (const c of functionCalls(call.code, (name) => !told.has(name) && !declared.has(name) && missingOnVersion(name, flinkVersion) !== undefined)) {
    ctes ??= new Set([...withQueryNames(call.text)].map((n) => n.toUpperCase()));
    const args = callArguments(call, c.at);
    if (ctes.has(c.name) || (c.name === "TRANSLATE" && args?.some((a) => /\bUSING\b/i.test(a)))) continue;
    told.add(c.name);
    yield { call: c, args, intro: missingOnVersion(c.name, flinkVersion)! };
  }
}

/**
 * Checks the calls of the job's INSERTs and views, and of the computed columns and watermark
 * expressions of the tables they declare (`tables`), against `flinkVersion` (see the module
 * comment); problems at `statements[i]` and `statements`. `complete`: every statement of the job was read.
 */
export function checkNewerFunctions(
  analyzed: readonly AnalyzedStatement[],
  tables: readonly TableDefinition[],
  complete: boolean,
  target: "kubernetes" | "sqlGateway" | undefined,
  flinkVersion: string | undefined,
  catalog: CurrentCatalog,
  jobFunctions: () => ReadonlySet<string>,
  diag: Diagnostics,
): void {
  if (target !== "kubernetes" || flinkVersion === undefined || !complete) return;
  const declared = jobFunctions();
  for (const site of callSites(analyzed, tables, (text) => text.includes("("))) {
    for (const { call: c, args, intro } of newerCalls(callText(site.text), flinkVersion, declared)) report(c, args, intro, flinkVersion, site, catalog, diag);
  }
}
