/**
 * Checks requests against the SQL Gateway REST specs kept in shared/conformance/sql-gateway
 * (apache/flink docs/static/generated/rest_v{1..4}_sql_gateway.yml): the path exists for the
 * version, the verb is allowed, required query parameters are there, and the JSON body only uses
 * properties of the request schema. Result shapes are NOT taken from the spec (it models server
 * classes, not the wire JSON: shared/facts/deploy.md §4.5).
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";

interface Spec {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

export const SPEC_DIR = path.resolve(__dirname, "../../../shared/conformance/sql-gateway");

/**
 * True when the specs are present (CI, where ../shared sits beside the clone). On a user's machine
 * they are absent: the fake then serves without checking requests against them.
 */
export const specsAvailable = existsSync(SPEC_DIR);
if (!specsAvailable) process.stderr.write(`[fake SQL Gateway] REST specs not found at ${SPEC_DIR}: requests are not checked against them\n`);

const cache = new Map<string, Spec>();

function load(version: string): Spec {
  let spec = cache.get(version);
  if (!spec) {
    spec = parse(readFileSync(path.join(SPEC_DIR, `rest_${version}_sql_gateway.yml`), "utf8")) as Spec;
    cache.set(version, spec);
  }
  return spec;
}

/** Matches `/sessions/abc/operations/def/status` against `/sessions/{session_handle}/...`. */
function matchTemplate(template: string, actual: string): boolean {
  const t = template.split("/");
  const a = actual.split("/");
  return t.length === a.length && t.every((seg, k) => (seg.startsWith("{") && seg.endsWith("}") ? a[k] !== "" : seg === a[k]));
}

/** Problems of one request against the spec of `version` ("v1".."v4"); empty when it conforms. */
export function specViolations(version: string, method: string, pathname: string, query: URLSearchParams, body: unknown): string[] {
  if (!specsAvailable) return [];
  const spec = load(version);
  const template = Object.keys(spec.paths).find((t) => matchTemplate(t, pathname));
  if (template === undefined) return [`${version}: no path ${pathname}`];
  const op = spec.paths[template]![method.toLowerCase()];
  if (op === undefined) return [`${version}: ${method} not allowed on ${template}`];
  const problems: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in === "query" && p.required === true && !query.has(p.name)) problems.push(`${version}: ${method} ${template} needs query parameter ${p.name}`);
  }
  const ref = op.requestBody?.content["application/json"]?.schema.$ref;
  if (ref !== undefined && body !== undefined) {
    const schema = spec.components.schemas[ref.replace("#/components/schemas/", "")];
    const allowed = new Set(Object.keys(schema?.properties ?? {}));
    for (const key of Object.keys(body as object)) if (!allowed.has(key)) problems.push(`${version}: ${method} ${template}: body property ${key} is not in ${ref}`);
  } else if (ref === undefined && body !== undefined && Object.keys(body as object).length > 0) {
    problems.push(`${version}: ${method} ${template} takes no body`);
  }
  return problems;
}
