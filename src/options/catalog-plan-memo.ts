/**
 * A table's parsed catalog arg planned for planIcebergTable (iceberg-table.ts): its cross-field
 * rules and rendered keys (catalog.ts planCatalog), the uri / warehouse value checks
 * (checkLocationValue, with the catalog) and its identity (catalog-identity.ts catalogKeyOf),
 * memoized by the catalog's content. Every IcebergSource and IcebergSink plans its catalog, and a
 * stack's tables share one catalog (one object, or equal literals).
 *
 * What is cached: the CatalogPlan and the identity (catalogKeyOf without extraOptions) of a catalog
 * whose planning reported nothing (no error, no warning), keyed by the JSON text of the parsed
 * catalog, which is every field those functions read (name, type, catalogImpl, uri, warehouse,
 * properties; strings and a map of strings). A catalog whose uri or warehouse is an Output or a
 * Promise is planned fresh and not cached (its JSON is not its content), and so is one with a
 * problem, so a hit adds what the fresh run would add: nothing. The plan is shared, so it is frozen
 * when made. At most MEMO_ENTRIES entries; past that the cache starts over (bounded-memo.ts).
 */
import { BoundedMemo } from "../validation/bounded-memo.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { checkLocationValue, planCatalog, type CatalogPlan, type IcebergCatalog } from "./catalog.js";
import { catalogKeyOf } from "./catalog-identity.js";


/** A planned catalog: its plan (undefined when its rules failed) and, when it was cached, its identity without extraOptions. */
export interface PlannedCatalog {
  readonly plan: CatalogPlan | undefined;
  /** catalogKeyOf(catalog, plan) (no extraOptions), when known; undefined: compute it. */
  readonly identity: string | undefined;
}

const planned = new BoundedMemo<string, PlannedCatalog>();

/**
 * planCatalog(c, diag), then for each of uri and warehouse given as a string the error
 * checkLocationValue(arg, value, c) returns, at `catalog.uri` / `catalog.warehouse`: reported into
 * `diag` as those calls report them; a clean result is shared by equal content (see the module doc).
 */
export function planParsedCatalog(c: IcebergCatalog, diag: Diagnostics): PlannedCatalog {
  const plainLocation = (c.uri === undefined || typeof c.uri === "string") && (c.warehouse === undefined || typeof c.warehouse === "string");
  const key = plainLocation ? JSON.stringify(c) : undefined;
  if (key !== undefined) {
    const hit = planned.get(key);
    if (hit !== undefined) return hit;
  }
  const issues = diag.issueCount;
  const plan = planCatalog(c, diag);
  for (const arg of ["uri", "warehouse"] as const) {
    const value = c[arg];
    const problem = typeof value === "string" ? checkLocationValue(arg, value, c) : undefined;
    if (problem !== undefined) diag.error(`catalog.${arg}`, problem);
  }
  if (key === undefined || plan === undefined || diag.issueCount !== issues) return { plan, identity: undefined };
  Object.freeze(plan.options);
  const result: PlannedCatalog = Object.freeze({ plan: Object.freeze(plan), identity: catalogKeyOf(c, plan) });
  planned.remember(key, result);
  return result;
}
