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
 * one-argument `isNull` (the Table API's IS NULL). A name in a string literal or comment, a
 * back-quoted name, a qualified call (`cat.db.nvl(...)`), a name not followed by `(` (a column) and
 * a view's name before its column list stay quiet.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import type { CurrentCatalog } from "./current-catalog.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { declaredFunctions } from "./ungrouped-columns.js";

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
};

/** A call of one of the names: not qualified (no dot before), followed by `(`. */
const CALL = new RegExp(String.raw`(?<![\w$.])(${Object.keys(FOREIGN).join("|")})\s*\(`, "gi");
/** A cheap first test on the statement's text. */
const MENTION = new RegExp(String.raw`(?:${Object.keys(FOREIGN).join("|")})\s*\(`, "i");
/** What makes `name (` no call: a view's name before its column list, or an alias before a column-alias list. */
const NOT_A_CALL = /(?:\bVIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:[\w$]+\s*\.\s*){0,2}|\bAS\s+)$/i;

/** Checks the job's INSERTs and views (see the module comment); problems at `statements[i]`. */
export function checkForeignFunctions(analyzed: readonly AnalyzedStatement[], catalog: CurrentCatalog, diag: Diagnostics): void {
  let declared: Set<string> | undefined;
  for (const a of analyzed) {
    if (a.kind === "function" || !a.statement.segments.some((s) => s.kind === "text" && MENTION.test(s.text))) continue;
    // Literals and comments blanked, back-quoted names as `q`s: neither reads as a call.
    const code = statementCode(a);
    const seen = new Set<string>();
    for (const m of code.matchAll(CALL)) {
      const name = m[1]!.toUpperCase();
      if (seen.has(name) || NOT_A_CALL.test(code.slice(0, m.index))) continue;
      seen.add(name);
      declared ??= declaredFunctions(analyzed);
      if (declared.has(name)) continue;
      const { from, write } = FOREIGN[name]!;
      const head = `${name}(...) is ${from} function, which Flink does not have, and the job declares no function of that name (CREATE TEMPORARY FUNCTION)`;
      const fails = `Flink fails the statement ("No match found for function signature ${name}(...)")`;
      if (name === "ISNULL") {
        diag.warn(`statements[${a.index}]`, `${head}: the core module's isNull is the Table API's one-argument IS NULL, so ISNULL(x, y) fails the statement; write ${write}`);
      } else if (catalog.certain) diag.error(`statements[${a.index}]`, `${head}: ${fails}; write ${write}`);
      else diag.warn(`statements[${a.index}]`, `${head}: unless the catalog the job's names resolve in stores a function of that name (${catalog.why}), ${fails}; write ${write}`);
    }
  }
}
