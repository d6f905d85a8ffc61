/**
 * Which Iceberg catalog an IcebergSource or IcebergSink reaches its table through
 * (IcebergTablePlan.catalogKey): what the catalog itself uses to find the table, not the catalog
 * object nor its `catalog.name`, so two copies of one catalog literal, or two catalogs that differ
 * only in name or in settings the lookup does not read, name the same table (the cross-table and
 * cross-job checks: sql/iceberg-identity.ts icebergKey). The connector hands every WITH option to
 * the catalog (iceberg `flink/.../FlinkDynamicTableFactory.java` -> `FlinkCatalogFactory.createCatalogLoader`),
 * so a setting read here may come from `catalog.properties` or `extraOptions` (extraOptions over
 * properties, as rendered); `catalog.uri` / `catalog.warehouse` win over both (renderIcebergTable).
 *
 * What identifies the table, per catalog (apache/iceberg):
 * - REST (`type: "rest"` or catalogImpl RESTCatalog): the service `uri` (its trailing "/" dropped, as
 *   the REST client drops it: HTTPClient.Builder.uri), the `warehouse` the client
 *   sends with its config request (the server picks the catalog by it: RESTSessionCatalog.initialize,
 *   `ConfigResponse` overrides) and the `prefix` of its resource paths (`ResourcePaths.forCatalogProperties`):
 *   one server serves several catalogs, so the same uri with another warehouse or prefix is another catalog.
 * - Hive (`type: "hive"`, the default, or HiveCatalog): the metastore `uri` (HiveCatalog sets
 *   hive.metastore.uris from it); `warehouse` is only the default location of new tables. Without a
 *   uri the metastore is whatever a hive-site.xml names (`hive-conf-dir`), not known here: such a
 *   catalog is identified as before, by its whole literal (name included).
 * - Hadoop (`type: "hadoop"` or HadoopCatalog): the `warehouse` path, which holds the tables
 *   (HadoopCatalog.initialize: `LocationUtil.stripTrailingSlash`, so a trailing "/" is no other catalog); not the uri.
 * - JDBC (JdbcCatalog): the database `uri` and the catalog's name, which is a column of every row
 *   it keeps (JdbcUtil: `... WHERE catalog_name = ? AND ...`): two names are two catalogs in one database.
 * - Nessie (NessieCatalog): the server `uri` and the `ref` (branch or tag) it reads and commits on.
 * - Glue (GlueCatalog): the catalog id (`glue.id`), the region (`client.region`) and endpoint
 *   (`glue.endpoint`) as set, with the `warehouse`: without glue.id and region the catalog is the
 *   account and region of the job's environment, which a program does not show, and the warehouse
 *   bucket then tells accounts apart.
 * - Any other catalogImpl: its whole literal (name, impl, uri, warehouse, properties), as only
 *   that class knows what it reads.
 *
 * An identifying setting given as a Pulumi Output is that Output object in the key (a number per
 * object, never equal to a string): one Output resolves to one value, so tables whose catalogs share
 * it (one catalog object for a stack's tables, the common case) are in one catalog, and the
 * cross-job checks compare them; two Output objects are two catalogs here, whatever they resolve to
 * (nothing is linked that may differ: fewer checks, never a false one).
 */
import { isDeferred } from "../validation/deferred.js";
import type { CatalogPlan } from "./catalog.js";

/** What the key reads of a catalog arg (IcebergCatalog, or the fields of one that failed validation that parse). */
export interface CatalogIdentityArgs {
  readonly name: string;
  readonly uri?: unknown;
  readonly warehouse?: unknown;
  readonly properties?: Readonly<Record<string, string>>;
}

/** The catalog kinds whose identifying settings are known (see above), by catalogImpl class or rendered catalog-type. */
type Kind = "rest" | "hive" | "hadoop" | "jdbc" | "nessie" | "glue" | "other";

const IMPL_KINDS: readonly (readonly [RegExp, Kind])[] = [
  [/(^|\.)RESTCatalog$/, "rest"],
  [/(^|\.)HiveCatalog$/, "hive"],
  [/(^|\.)HadoopCatalog$/, "hadoop"],
  [/(^|\.)JdbcCatalog$/, "jdbc"],
  [/(^|\.)NessieCatalog$/, "nessie"],
  [/(^|\.)GlueCatalog$/, "glue"],
];

function kindOf(cat: CatalogPlan): Kind {
  return catalogKind(cat.type, cat.impl);
}

/** The catalog the runtime loads for a `catalog-type` and `catalog-impl` (FlinkCatalogFactory): the type, hive when neither is set, else the class's kind. */
export function catalogKind(type: string | undefined, impl: string | undefined): Kind {
  if (impl === undefined) return (type as Kind | undefined) ?? "hive";
  return IMPL_KINDS.find(([re]) => re.test(impl))?.[1] ?? "other";
}

/**
 * The catalog properties and extraOptions keys the key reads for a catalog of this plan, beside
 * `uri` and `warehouse` ("*": every catalog property): a failed table's identity is known only
 * when these read (components/failed-iceberg-facts.ts).
 */
export function identityPropertyKeys(c: CatalogIdentityArgs, cat: CatalogPlan, extra: Readonly<Record<string, string>> = {}): readonly string[] | "*" {
  switch (kindOf(cat)) {
    case "rest":
      return ["uri", "warehouse", "prefix"];
    case "hive":
      // The uri as the catalog reads it: catalog.uri, else a "uri" property.
      return c.uri === undefined && c.properties?.["uri"] === undefined && extra["uri"] === undefined ? "*" : ["uri"];
    case "hadoop":
      return ["warehouse"];
    case "jdbc":
      return ["uri"];
    case "nessie":
      return ["uri", "ref"];
    case "glue":
      return ["warehouse", "glue.id", "client.region", "glue.endpoint"];
    case "other":
      return "*";
  }
}

/** Iceberg's LocationUtil.stripTrailingSlash: trailing "/" removed, but not the one of a bare "scheme://". */
function stripTrailingSlash(path: string): string {
  let p = path;
  while (!p.endsWith("://") && p.endsWith("/")) p = p.slice(0, -1);
  return p;
}

/** A number per Output object met as an identifying setting (see the module doc). */
const outputIds = new WeakMap<object, number>();
let lastOutputId = 0;

/** `{ output: n }`, n the number of the Output object `v`. */
function outputMark(v: object): { readonly output: number } {
  let id = outputIds.get(v);
  if (id === undefined) outputIds.set(v, (id = ++lastOutputId));
  return { output: id };
}

/**
 * The catalog's identity (see above) as a string key. `extra`: the table's extraOptions (they reach
 * the catalog too). A value given as an Output is that Output's mark (`{"output":n}`); an unset one null.
 */
export function catalogKeyOf(c: CatalogIdentityArgs, cat: CatalogPlan, extra: Readonly<Record<string, string>> = {}): string {
  const props = Object.assign({}, c.properties ?? {}, extra);
  const plainOr = (v: unknown): string | { readonly output: number } | null => (typeof v === "string" ? v : isDeferred(v) ? outputMark(v as object) : null);
  const setting = (key: string): string | { readonly output: number } | null => ((key === "uri" || key === "warehouse") && c[key] !== undefined ? plainOr(c[key]) : Object.hasOwn(props, key) ? props[key]! : null);
  const kind = kindOf(cat);
  const keys = identityPropertyKeys(c, cat, extra);
  if (keys === "*") {
    // The whole literal: name, type or impl, uri, warehouse and every catalog property (sorted).
    const all = Object.keys(c.properties ?? {}).sort().map((k) => [k, c.properties![k]!]);
    return JSON.stringify([kind, c.name, cat.type ?? null, cat.impl ?? null, plainOr(c.uri), plainOr(c.warehouse), all]);
  }
  const values = keys.map((k) => {
    const v = setting(k);
    // A trailing "/" is no other catalog: a file-based warehouse path, and a REST service's uri
    // (iceberg core/.../rest/HTTPClient.java Builder.uri: RESTUtil.stripTrailingSlash).
    const strips = k === "warehouse" ? kind !== "rest" : k === "uri" && kind === "rest";
    return strips && typeof v === "string" ? stripTrailingSlash(v) : v;
  });
  // JDBC: the catalog's name is part of every row it keeps.
  return JSON.stringify(kind === "jdbc" ? [kind, ...values, c.name] : [kind, ...values]);
}
