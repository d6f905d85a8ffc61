/**
 * The catalog arg read without zod when it is plainly valid: the value IcebergCatalogSchema's
 * parse returns for it, or undefined, and then zod parses it as before (and words every problem).
 * Every table has a catalog, and zod's strict object with its preprocess, custom and record fields
 * was most of a table's args parse (BENCHMARKS.md session 18). Plainly valid: a plain object whose
 * enumerable keys (own or inherited) are all catalog fields, each present field defined, `name` a
 * non-empty string, `type` hive, hadoop or rest in any case, `catalogImpl` a string, `uri` and
 * `warehouse` strings or Outputs/Promises, and `properties` a plain object of string values whose
 * own keys are all enumerable strings other than "__proto__". The result is built as zod builds it:
 * a new object with the present fields in the schema's order, `type` in lower case, and a new
 * properties map in its key order (test/catalog-quick.test.ts compares the two on generated input).
 */
import { isDeferred } from "../validation/deferred.js";
import type { IcebergCatalog } from "./catalog.js";

/** The schema's fields, in its order (catalog.ts IcebergCatalogSchema). */
const FIELDS = ["name", "type", "catalogImpl", "uri", "warehouse", "properties"] as const;
/** The type values zod's preprocess lower-cases (then its enum takes them). */
const TYPE = /^(hive|hadoop|rest)$/i;

/** What zod's record parse returns for a plainly valid string map, or undefined. */
function plainStringMap(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const own = Reflect.ownKeys(value);
  const out: Record<string, string> = {};
  let enumerable = 0;
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (key === "__proto__" || typeof v !== "string" || !Object.hasOwn(value, key)) return undefined;
    out[key] = v;
    enumerable++;
  }
  // A symbol or a non-enumerable key: zod's own reading decides.
  return enumerable === own.length ? out : undefined;
}

/** IcebergCatalogSchema's output for a plainly valid catalog (see above), or undefined. */
export function quickCatalog(given: unknown): IcebergCatalog | undefined {
  if (typeof given !== "object" || given === null || Object.getPrototypeOf(given) !== Object.prototype) return undefined;
  const c = given as Record<string, unknown>;
  for (const key in c) if (!(FIELDS as readonly string[]).includes(key) || !Object.hasOwn(c, key)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const v = c[key];
    if (v === undefined) {
      if (key in c) return undefined;
      continue;
    }
    let parsed: unknown;
    if (key === "name") parsed = typeof v === "string" && v !== "" ? v : undefined;
    else if (key === "type") parsed = typeof v === "string" && TYPE.test(v) ? v.toLowerCase() : undefined;
    else if (key === "catalogImpl") parsed = typeof v === "string" ? v : undefined;
    else if (key === "properties") parsed = plainStringMap(v);
    else parsed = typeof v === "string" || isDeferred(v) ? v : undefined;
    if (parsed === undefined) return undefined;
    out[key] = parsed;
  }
  return out.name === undefined ? undefined : (out as IcebergCatalog);
}
