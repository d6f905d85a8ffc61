/**
 * A call of a name that is no function Flink knows but one typo from one it does: a function the job
 * declares (`CREATE TEMPORARY FUNCTION mask_email AS '...'`, then `mask_emial(note)`) or a built-in
 * function (`REGEX_REPLACE(...)` for REGEXP_REPLACE). Flink resolves an unqualified call among its
 * built-in functions (the core module, flink `BuiltInFunctionDefinitions`, and the planner's
 * `FlinkSqlOperatorTable`, any case: builtin-functions.ts), the temporary functions the script
 * declares, and the functions of the current catalog and database (flink `FunctionCatalog`); a name
 * none of them holds fails the statement when the job starts ("No match found for function signature
 * mask_emial(<CHARACTER>)", calcite `SqlValidatorImpl.handleUnresolvedFunction`). A job loads no
 * other module (LOAD MODULE is no statement a FlinkSqlJob takes: statement.ts).
 *
 * - Kubernetes target, where the session certainly starts in an in-memory catalog holding no
 *   function (current-catalog.ts): an error, "did you mean mask_email".
 * - Elsewhere (the SQL Gateway target, whose gateway setup the program cannot see; no target; a
 *   catalog store set): a warning, as a stored catalog may hold a function of that name.
 * - A name near no declared or built-in function stays quiet (it may be a catalog function where
 *   catalogs are loaded); so do another dialect's function (foreign-functions.ts reports it), a
 *   qualified call (`db.f(...)`), a name in a literal, comment or hint, a view's name or an alias
 *   before its column list (`AS t(a, b)`, `... ) t(a, b)`), a WITH query's name, names shorter than
 *   four characters (against a built-in name, a four-character name is compared only with built-in
 *   names of five or more, and a built-in name of four only with names of five or more), and a job
 *   with a statement that could not be read (its declarations are not all known).
 * Near: one typo (a character added, dropped or replaced, or two neighbours swapped; unknown-names.ts
 * oneTypo), or, from a declared name of six characters or more, two edits. On the Kubernetes target,
 * whose flinkVersion is known, only a built-in function that version has is suggested
 * (builtin-function-versions.ts); a call of one it lacks is newer-functions.ts's to report.
 * The calls are read by function-calls.ts.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { distance } from "../validation/known-keys.js";
import { builtinFunctionNamesOn } from "./builtin-function-versions.js";
import { BUILTIN_FUNCTIONS } from "./builtin-functions.js";
import { isForeignFunction } from "./foreign-functions.js";
import type { CurrentCatalog } from "./current-catalog.js";
import { functionCalls, statementCallText } from "./function-calls.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";
import { withQueryNames } from "./table-mentions.js";
import { unquoteIdentifier } from "./top-level.js";
import { DECLARED_FUNCTION } from "./ungrouped-columns.js";
import { oneTypo } from "./unknown-names.js";

/** The declared function `called` (upper case) misspells, as the job writes it; undefined when none is near. */
function nearDeclared(called: string, declared: ReadonlyMap<string, string>): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const [upper, written] of declared) {
    if (upper.length < 4) continue;
    const d = distance(called, upper);
    const near = oneTypo(called, upper) || (upper.length >= 6 && d <= 2);
    if (near && (best === undefined || d < best.d)) best = { name: written, d };
  }
  return best?.name;
}

/**
 * The built-in function `called` (upper case) misspells: one typo from it, both four characters or
 * more and one of them five or more (UPER for UPPER, TRIIM for TRIM; not TRIN for TRIM, where two
 * four-letter names are as likely unrelated); the SQL spelling (with `_`) before a Table API one
 * (DATE_FORMAT before DATEFORMAT); only a function Flink `flinkVersion` has (builtin-function-versions.ts:
 * on flinkVersion "v1_19", URL_DECOD is near no function, as URL_DECODE came with Flink 1.20); undefined when none is.
 */
function nearBuiltin(called: string, flinkVersion: string | undefined): string | undefined {
  if (called.length < 4) return undefined;
  const near = builtinFunctionNamesOn(flinkVersion).filter((b) => b.length >= 4 && Math.max(b.length, called.length) >= 5 && Math.abs(b.length - called.length) <= 1 && oneTypo(called, b));
  return near.find((b) => b.includes("_")) ?? near[0];
}

/**
 * Checks the calls of the job's INSERTs and views (see the module comment); problems at
 * `statements[i]`. `complete`: every statement of the job was read (else its declarations are not all known).
 */
export function checkMisspeltFunctions(
  analyzed: readonly AnalyzedStatement[],
  complete: boolean,
  target: "kubernetes" | "sqlGateway" | undefined,
  flinkVersion: string | undefined,
  catalog: CurrentCatalog,
  diag: Diagnostics,
): void {
  if (!complete) return;
  // The declared names by upper case, as written, with the statement that declares each.
  const declared = new Map<string, string>();
  const where = new Map<string, number>();
  for (const a of analyzed) {
    const m = a.kind === "function" ? DECLARED_FUNCTION.exec(statementCode(a, true)) : null;
    if (m === null) continue;
    const name = unquoteIdentifier(m[2]!);
    if (!declared.has(name.toUpperCase())) {
      declared.set(name.toUpperCase(), name);
      where.set(name.toUpperCase(), a.index ?? 0);
    }
  }
  const certain = target === "kubernetes" && catalog.certain;
  for (const a of analyzed) {
    if (a.kind === "function" || !a.statement.segments.some((s) => s.kind === "text" && s.text.includes("("))) continue;
    const { text, code } = statementCallText(a);
    let ctes: ReadonlySet<string> | undefined;
    const told = new Set<string>();
    const unknown = (called: string): boolean => called.length >= 4 && !told.has(called) && !declared.has(called) && !BUILTIN_FUNCTIONS.has(called) && !isForeignFunction(called);
    for (const { written, name: called } of functionCalls(code, unknown)) {
      const declaredNear = nearDeclared(called, declared);
      const near = declaredNear ?? nearBuiltin(called, target === "kubernetes" ? flinkVersion : undefined);
      if (near === undefined) continue;
      ctes ??= new Set([...withQueryNames(text)].map((n) => n.toUpperCase()));
      if (ctes.has(called)) continue;
      told.add(called);
      const meant = declaredNear !== undefined ? `${near}, which statements[${where.get(near.toUpperCase())}] declares (CREATE TEMPORARY FUNCTION)` : `${near}, a Flink built-in function`;
      const head =
        // Flink resolves a call among its built-in functions, the job's declared functions and the current catalog's (catalog.why).
        `${written}(...) calls no function: it is no Flink built-in function and the job declares no function of that name (did you mean ${meant}?)`;
      const fails = `Flink fails the statement when the job starts ("No match found for function signature ${written}(...)"); write ${near}(...)`;
      if (certain) diag.error(`statements[${a.index}]`, `${head}, and ${catalog.why}, so ${fails}`);
      else if (catalog.certain) diag.warn(`statements[${a.index}]`, `${head}; unless the SQL Gateway's own setup, which the program cannot see, provides a function of that name, ${fails}`);
      else diag.warn(`statements[${a.index}]`, `${head}; unless the session's catalog holds a function of that name (${catalog.why}), ${fails}`);
    }
  }
}
