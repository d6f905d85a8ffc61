/**
 * What to write instead of a statement a FlinkSqlJob does not take, for the statements a
 * sql-client or SQL runner script holds besides its INSERTs and views: `SET`, `RESET`, a statement
 * set block, `EXECUTE INSERT`, `CREATE VIEW` without TEMPORARY, `CREATE TABLE`, catalogs and
 * `USE`, `ADD JAR`, a bare query. The job renders the SET lines, CREATE TABLEs and the statement
 * set itself (script.ts), so each of these has a place in the job's props.
 * Statement forms: flink `docs/content/docs/dev/table/sql/set.md`, `reset.md`, `insert.md`
 * (EXECUTE STATEMENT SET, EXECUTE INSERT), `create.md`, `use.md`, `jar.md`.
 */
import { quoteLiteral } from "../types/data-type.js";
import { RUNTIME_MODE_KEY } from "./job-config.js";

/** `SET 'key' = 'value'` or `SET key = value` (sql-client also takes unquoted keys and values). */
const SET = /^SET\s+(?:'((?:[^']|'')*)'|([A-Za-z0-9_.\-]+))\s*=\s*(?:'((?:[^']|'')*)'|(\S+?))\s*$/i;
const STATEMENT_SET = /^(?:EXECUTE\s+STATEMENT\s+SET|BEGIN\s+STATEMENT\s+SET|STATEMENT\s+SET)\b/i;

/** What to write instead of a statement set block (also one without its END). */
export const STATEMENT_SET_REMEDY =
  "write each INSERT as its own sql`INSERT INTO ${sink} ...` entry of `statements`: a job with several INSERTs renders them as one EXECUTE STATEMENT SET BEGIN ... END block";

const unquote = (quoted: string | undefined, plain: string | undefined): string => (quoted !== undefined ? quoted.replace(/''/g, "'") : plain!);

/**
 * The runtime mode a `SET 'execution.runtime-mode' = '...'` statement (`code`: its text without
 * leading comments) asks for: "batch" or "streaming" in any case (Flink's RuntimeExecutionMode;
 * AUTOMATIC and other values: undefined), undefined for any other statement.
 */
export function setRuntimeMode(code: string): "streaming" | "batch" | undefined {
  const m = SET.exec(code.trim());
  if (m === null || unquote(m[1], m[2]) !== RUNTIME_MODE_KEY) return undefined;
  const mode = unquote(m[3], m[4]).trim().toLowerCase();
  return mode === "batch" || mode === "streaming" ? mode : undefined;
}

/** The remedy for a SET statement: the configuration entry (or runtimeMode) that renders it; `checkedAs`: the mode the job is checked in. */
function setRemedy(code: string, checkedAs: "streaming" | "batch" | undefined): string {
  const m = SET.exec(code);
  if (m === null) return "a SET belongs in the job's `configuration` (e.g. configuration: { \"table.exec.state.ttl\": \"1 d\" }), which renders the SET lines";
  const key = unquote(m[1], m[2]);
  const value = unquote(m[3], m[4]);
  if (key === RUNTIME_MODE_KEY) {
    const mode = value.toLowerCase() === "batch" ? "batch" : "streaming";
    const checked = setRuntimeMode(code) === checkedAs ? `the job is checked here as a ${mode} job; ` : "";
    return `the runtime mode is the job's runtimeMode prop: write runtimeMode: "${mode}" (${checked}the deploy target applies it; the 1.19/1.20 SQL runner fails on SET to batch)`;
  }
  return `write configuration: { ${JSON.stringify(key)}: ${JSON.stringify(value)} } in the job's props, which renders SET ${quoteLiteral(key)} = ${quoteLiteral(value)}; (and applies it on the deploy target)`;
}

/**
 * What to write instead of the statement whose code (comments and leading white space skipped)
 * starts with `code`, or undefined when it is none of the known script statements. `checkedAs`:
 * the runtime mode the job is checked in (a SET of that mode says so).
 */
export function statementRemedy(code: string, checkedAs?: "streaming" | "batch"): string | undefined {
  const text = code.trim();
  if (/^SET\b/i.test(text) && !STATEMENT_SET.test(text)) return setRemedy(text, checkedAs);
  if (/^RESET\b/i.test(text)) return "leave it out: a job's configuration holds for the whole script; remove the key from `configuration` instead";
  if (STATEMENT_SET.test(text)) return STATEMENT_SET_REMEDY;
  if (/^EXECUTE\s+INSERT\b/i.test(text)) return "leave out EXECUTE: write sql`INSERT INTO ${sink} ...`";
  if (/^CREATE\s+(?:OR\s+REPLACE\s+)?VIEW\b/i.test(text)) {
    return "write CREATE TEMPORARY VIEW name AS ... (a job's views are temporary: a CREATE VIEW in a session whose current catalog persists views would outlive the job, and a second run fails on the existing view)";
  }
  if (/^CREATE\s+(?:TEMPORARY\s+)?(?:SYSTEM\s+)?FUNCTION\b/i.test(text)) return "write CREATE TEMPORARY FUNCTION name AS '...' (a job's functions are temporary)";
  if (/^CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMPORARY\s+)?TABLE\b/i.test(text)) {
    return "declare the table as an IcebergSource, IcebergSink or FlinkTable and interpolate it into the statements with ${table}: the job renders its CREATE TABLE";
  }
  if (/^(?:CREATE|USE|DROP|ALTER)\s+CATALOG\b|^USE\b/i.test(text)) {
    return "leave it out: an Iceberg table names its catalog in the `catalog` prop of IcebergSource / IcebergSink, and the statements refer to every table with ${table}";
  }
  if (/^(?:ADD|REMOVE)\s+JAR\b/i.test(text)) return "leave it out: put the jar into the Flink image (kubernetes.image) or the session cluster's lib/ folder";
  if (/^(?:SELECT|WITH|VALUES)\b/i.test(text)) return "a query alone writes nothing in a job: write sql`INSERT INTO ${sink} SELECT ...` with a sink component";
  return undefined;
}
