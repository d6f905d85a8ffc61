/**
 * Calls of other SQL dialects' functions that Flink 1.19 to 2.1 does not have: `NVL(sku, 'x')`,
 * `GETDATE()`, `LEN(s)` ... Flink's validator resolves an unqualified function name among the
 * temporary system functions, the modules' functions, then the temporary and stored functions of
 * the current catalog and database (flink `FunctionCatalog`); a name none of them knows fails the
 * statement ("No match found for function signature NVL(<CHARACTER>, <CHARACTER>)", calcite
 * `SqlValidatorImpl.handleUnresolvedFunction`). A full built-in list varies by version, so only a
 * curated map is read, each name checked absent from Flink's core module (flink-table-common
 * `BuiltInFunctionDefinitions`, whose names CoreModule matches case-insensitively) and its planner's
 * operator table (flink-table-planner `FlinkSqlOperatorTable`, which registers no Calcite
 * `SqlLibraryOperators` function such as NVL or DATEDIFF; FLINK-26949, adding NVL, was never
 * merged), each with the Flink function to write instead.
 *
 * A job cannot load another module (LOAD MODULE is no statement a FlinkSqlJob takes: statement.ts),
 * so a call is an error when the job declares no function of the name (CREATE TEMPORARY [SYSTEM]
 * FUNCTION) and the session surely starts in an in-memory catalog (current-catalog.ts); a warning
 * when a stored catalog might hold such a function. ISNULL is a warning only: the core module has a
 * one-argument `isNull` (the Table API's IS NULL). A back-quoted call (`` `NVL`(a, b) ``) is the
 * same call: the planner looks a function up by its identifier's names, which carry no quoting
 * (flink-table-planner `FunctionCatalogOperatorTable.lookupOperatorOverloads`:
 * `UnresolvedIdentifier.of(opName.names)`), and Flink's `FunctionCatalog` normalizes a name's case.
 * A name in a string literal or comment, a back-quoted name that is more than the function's name,
 * a qualified call (`cat.db.nvl(...)`), a name not followed by `(` (a column) and a view's name
 * before its column list stay quiet.
 *
 * The tables' computed columns and watermark expressions too (TableDefinition `expressions`): Flink
 * validates them when it converts the CREATE TABLE, with the same validator and function lookup
 * (flink-table-planner `operations/MergeTableLikeUtil.java`, `validateParameterizedExpression`;
 * flink-table-api-java `catalog/DefaultSchemaResolver.java`: "Invalid expression for computed
 * column"), so such a call fails the job at its CREATE TABLE. Those are reported at the job's
 * `statements`, naming the table and the prop path.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { CurrentCatalog } from "./current-catalog.js";
import { callSites, NOT_A_CALL } from "./function-calls.js";
import { codeOnly } from "./split.js";
import type { AnalyzedStatement } from "./statement.js";

/** A function of another dialect: where it comes from, and what to write in Flink SQL. */
interface ForeignFunction {
  readonly from: string;
  readonly write: string;
}

const FOREIGN: Readonly<Record<string, ForeignFunction>> = {
  NVL: { from: "Oracle's", write: "COALESCE(x, y) or IFNULL(x, y)" },
  NVL2: { from: "Oracle's", write: "CASE WHEN x IS NOT NULL THEN y ELSE z END" },
  ISNULL: { from: "SQL Server's null replacement", write: "IFNULL(x, y) or COALESCE(x, y) (to test for NULL: x IS NULL)" },
  IIF: { from: "SQL Server's", write: "IF(condition, a, b) or CASE WHEN condition THEN a ELSE b END" },
  GETDATE: { from: "SQL Server's", write: "LOCALTIMESTAMP (a TIMESTAMP(3)) or CURRENT_TIMESTAMP (a TIMESTAMP_LTZ(3)), without parentheses" },
  SYSDATE: { from: "MySQL's", write: "LOCALTIMESTAMP (a TIMESTAMP(3)) or CURRENT_TIMESTAMP (a TIMESTAMP_LTZ(3)), without parentheses" },
  DATEDIFF: { from: "MySQL's and SQL Server's", write: "TIMESTAMPDIFF(DAY, start, end) (or another unit: SECOND ... YEAR)" },
  DATEADD: { from: "SQL Server's", write: "TIMESTAMPADD(DAY, n, t) (or another unit), or t + INTERVAL '1' DAY" },
  LEN: { from: "SQL Server's", write: "CHAR_LENGTH(s)" },
  CHARINDEX: { from: "SQL Server's", write: "POSITION(sub IN s)" },
  GROUP_CONCAT: { from: "MySQL's", write: "LISTAGG(x, ',')" },
  STRING_AGG: { from: "PostgreSQL's and SQL Server's", write: "LISTAGG(x, ',')" },
  COLLECT_LIST: { from: "Hive's and Spark's", write: "ARRAY_AGG(x) (Flink 1.20+), or COLLECT(x) for a MULTISET" },
  COLLECT_SET: { from: "Hive's and Spark's", write: "ARRAY_AGG(DISTINCT x) (Flink 1.20+), or COLLECT(DISTINCT x) for a MULTISET" },
  DATE_TRUNC: { from: "PostgreSQL's and Spark's", write: "FLOOR(ts TO DAY) (or another unit: SECOND ... YEAR)" },
  SIZE: { from: "Hive's and Spark's", write: "CARDINALITY(a) (an ARRAY's or MAP's element count)" },
  TO_CHAR: { from: "Oracle's and PostgreSQL's", write: "DATE_FORMAT(ts, 'yyyy-MM-dd HH:mm:ss') for a timestamp (Java date patterns), or CAST(x AS STRING) for a number" },
};

/** Whether `name` (any case) is another dialect's function this check reports (misspelt-functions.ts leaves it to this check). */
export function isForeignFunction(name: string): boolean {
  return Object.hasOwn(FOREIGN, name.toUpperCase());
}

/** A call of one of the names: not qualified (no dot before), followed by `(`. */
const CALL = new RegExp(String.raw`(?<![\w$.])(${Object.keys(FOREIGN).join("|")})\s*\(`, "gi");
/** A cheap first test on a text. */
const MENTION = new RegExp(String.raw`(?:${Object.keys(FOREIGN).join("|")})\`?\s*\(`, "i");
/** A back-quoted name that is exactly one of the names. */
const QUOTED_NAME = new RegExp(String.raw`^\`(${Object.keys(FOREIGN).join("|")})\`$`, "i");

/**
 * `text` with literals and comments blanked, a back-quoted name that is one of the names unquoted
 * (it names the same function), and every other back-quoted name as `q`s (neither reads as a call).
 */
function callCode(text: string): string {
  return codeOnly(text, false, true).replace(/`(?:[^`]|``)*`/g, (m) => QUOTED_NAME.exec(m)?.[1] ?? "q".repeat(m.length));
}

/** The foreign names `code` (callCode) calls, each once, upper-case, in order of their first call. */
function foreignCalls(code: string): string[] {
  const seen: string[] = [];
  for (const m of code.matchAll(CALL)) {
    const name = m[1]!.toUpperCase();
    if (!seen.includes(name) && !NOT_A_CALL.test(code.slice(0, m.index))) seen.push(name);
  }
  return seen;
}

/** Reports one call of `name` at `path`; `where` is what Flink fails ("the statement", "its CREATE TABLE"). */
function report(name: string, path: string, lead: string, where: string, catalog: CurrentCatalog, diag: Diagnostics): void {
  const { from, write } = FOREIGN[name]!;
  const head = `${lead}${name}(...) is ${from} function, which Flink does not have, and the job declares no function of that name (CREATE TEMPORARY FUNCTION)`;
  const fails = `Flink fails ${where} ("No match found for function signature ${name}(...)")`;
  if (name === "ISNULL") {
    diag.warn(path, `${head}: the core module's isNull is the Table API's one-argument IS NULL, so ISNULL(x, y) fails ${where}; write ${write}`);
  } else if (catalog.certain) diag.error(path, `${head}: ${fails}; write ${write}`);
  else diag.warn(path, `${head}: unless the catalog the job's names resolve in stores a function of that name (${catalog.why}), ${fails}; write ${write}`);
}

/**
 * Checks the job's INSERTs and views (see the module comment; problems at `statements[i]`), and the
 * computed columns and watermark expressions of the tables they declare (`tables`; at `statements`).
 */
export function checkForeignFunctions(
  analyzed: readonly AnalyzedStatement[],
  tables: readonly TableDefinition[],
  catalog: CurrentCatalog,
  declared: () => ReadonlySet<string>,
  diag: Diagnostics,
): void {
  const undeclared = (name: string): boolean => !declared().has(name);
  for (const site of callSites(analyzed, tables, (text) => MENTION.test(text))) {
    for (const name of foreignCalls(callCode(site.text)).filter(undeclared)) report(name, site.path, site.lead, site.where, catalog, diag);
  }
}
