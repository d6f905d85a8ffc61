/**
 * The connector table's catalog options (facts §2.1; iceberg
 * `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/FlinkCatalogFactory.java`
 * `createCatalogLoader`): `catalog-type` is hive, hadoop or rest, hive when unset; any other catalog
 * (glue, jdbc, nessie ...) is named by `catalog-impl`, a Java class, with `catalog-type` unset.
 *
 * Where each type needs `uri` / `warehouse`:
 * - rest: `uri` (RESTCatalog fails with "Invalid uri for http client: null").
 * - hadoop: `warehouse` (HadoopCatalog: "warehousePath must not be null or empty").
 * - hive: `uri`, the metastore thrift URI. The runtime also falls back to `hive.metastore.uris` of a
 *   hive-site.xml (from `hive-conf-dir` or the classpath), so with a `hive-conf-dir` catalog
 *   property the uri may be omitted; without it the product requires the uri rather than depend on
 *   a file inside the image.
 * - catalogImpl: checked by that catalog class at start-up, not here.
 */
import { missingBucketProblem } from "../deploy/state-dirs.js";
import { catalogKind } from "./catalog-identity.js";
import { isJavaWholeNumber } from "../validation/java-number.js";
import * as z from "zod";
import { isDeferred } from "../validation/deferred.js";
import { credentialValueMessage, plainStringValueProblem, valueCarriesCredential } from "../validation/secrets.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { describe } from "./fields.js";
import { didYouMean } from "../validation/known-keys.js";

export const CatalogType = { Hive: "hive", Hadoop: "hadoop", Rest: "rest" } as const;
export type CatalogType = (typeof CatalogType)[keyof typeof CatalogType];

/** Catalog classes for the catalog kinds the upstream docs list as types but the factory does not handle. */
export const KNOWN_CATALOG_IMPLS: Readonly<Record<string, string>> = {
  glue: "org.apache.iceberg.aws.glue.GlueCatalog",
  jdbc: "org.apache.iceberg.jdbc.JdbcCatalog",
  nessie: "org.apache.iceberg.nessie.NessieCatalog",
  dynamodb: "org.apache.iceberg.aws.dynamodb.DynamoDbCatalog",
  snowflake: "org.apache.iceberg.snowflake.SnowflakeCatalog",
};

const JAVA_CLASS = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;


const locationField = z.custom<unknown>((v) => typeof v === "string" || isDeferred(v), { error: (iss) => `expected a string or a Pulumi Output<string>, got ${describe(iss.input)}` });

/** The catalog arg's schema (plain values; uri/warehouse may be Outputs). */
export const IcebergCatalogSchema = z.strictObject(
  {
  name: z.string({ error: "catalog.name is required: the Flink-side catalog name, rendered as 'catalog-name'" }).min(1, "catalog.name must not be empty: write the Flink-side catalog name, rendered as 'catalog-name', e.g. \"lake\"").meta({
    description: "Rendered as `catalog-name`; required (the runtime fails with 'Invalid catalog name: null' without it). Names the catalog for the runtime's catalog cache; not a Flink catalog you can USE.",
  }),
  // FlinkCatalogFactory.createCatalogLoader matches catalog-type in any case (toLowerCase); rendered in lower case.
  type: z
    .preprocess((v) => (typeof v === "string" && /^(hive|hadoop|rest)$/i.test(v) ? v.toLowerCase() : v), z.enum(CatalogType, {
      error: (iss) => {
        const impl = typeof iss.input === "string" ? KNOWN_CATALOG_IMPLS[iss.input.toLowerCase()] : undefined;
        return impl !== undefined
          ? `catalog.type ${JSON.stringify(iss.input)} is not a catalog-type the runtime reads (only hive, hadoop, rest); leave type unset and set catalogImpl: "${impl}"`
          : `catalog.type must be "hive", "hadoop" or "rest", got ${describe(iss.input)}${didYouMean(iss.input, ["hive", "hadoop", "rest"])}; other catalogs are named by catalogImpl (a Java class)`;
      },
    }))
    .optional()
    .meta({ description: "\"hive\" | \"hadoop\" | \"rest\" (any letter case, as the runtime reads it), rendered in lower case as `catalog-type`. Unset with catalogImpl unset: hive, as the runtime does (rendered as 'hive'). Mutually exclusive with catalogImpl." }),
  catalogImpl: z.string().optional().meta({
    description: "Java class of a custom catalog, rendered as `catalog-impl`, e.g. org.apache.iceberg.aws.glue.GlueCatalog, org.apache.iceberg.jdbc.JdbcCatalog, org.apache.iceberg.nessie.NessieCatalog. Requires type unset.",
  }),
  uri: locationField.optional().meta({
    description: "Rendered as `uri`: the Hive metastore thrift URI or the REST catalog URL. Required for rest, and for hive unless properties has hive-conf-dir. May be a Pulumi Output; one that is a Pulumi secret fails rendering.",
  }),
  warehouse: locationField.optional().meta({
    description: "Rendered as `warehouse`: the warehouse location (e.g. s3://bucket/warehouse). Required for hadoop. May be a Pulumi Output; one that is a Pulumi secret fails rendering.",
  }),
  properties: z.record(z.string(), z.string({ error: (iss) => plainStringValueProblem(iss.input, String(iss.path?.[iss.path.length - 1] ?? ""), "catalog.properties") })).optional().meta({
    description: "Other catalog properties (io-impl, clients, hive-conf-dir, s3.endpoint ...), rendered as-is into WITH. Plain strings only; credential keys are preview errors (pass credentials as environment variables from a Kubernetes Secret). A REST catalog resolves env:NAME values itself (iceberg RESTSessionCatalog: EnvironmentUtil.resolveAll), so e.g. credential: \"env:ICEBERG_REST_CREDENTIAL\" with that variable from kubernetes.envFromSecrets is accepted; s3.sse.key is no credential with s3.sse.type kms or dsse-kms (a KMS key id).",
  }),
  },
  { error: (iss) => (iss.input === undefined ? "catalog is required: { name, type? | catalogImpl?, uri?, warehouse?, properties? }" : `catalog must be an object { name, type?, catalogImpl?, uri?, warehouse?, properties? }, got ${describe(iss.input)}`) },
);

export type IcebergCatalog = z.output<typeof IcebergCatalogSchema>;

/** Catalog options without uri/warehouse (those are added when known), plus what identifies the catalog. */
export interface CatalogPlan {
  readonly options: Record<string, string>;
  /** `catalog-type` rendered, or undefined with catalog-impl. */
  readonly type: CatalogType | undefined;
  readonly impl: string | undefined;
}

/** Checks the catalog's cross-field rules (paths under `catalog`) and renders its own keys. */
export function planCatalog(c: IcebergCatalog, diag: Diagnostics): CatalogPlan | undefined {
  const before = diag.errors.length;
  checkCatalogRules(c, new Set(), diag);
  if (diag.errors.length > before) return undefined;
  const type = c.catalogImpl === undefined ? (c.type ?? "hive") : undefined;
  const options: Record<string, string> = { "catalog-name": c.name };
  if (type !== undefined) options["catalog-type"] = type;
  if (c.catalogImpl !== undefined) options["catalog-impl"] = c.catalogImpl;
  return { options, type, impl: c.catalogImpl };
}

/**
 * The fields of a catalog arg that failed to parse as a whole (its issues are reported at their
 * fields) that parse on their own, and the fields given that do not: the rules across fields still
 * read what parsed (checkCatalogRules), so one run lists every problem of the catalog.
 * Undefined when the catalog is no plain object.
 */
export function catalogFieldsThatParse(given: unknown): { fields: Partial<IcebergCatalog>; failed: ReadonlySet<string> } | undefined {
  if (typeof given !== "object" || given === null || Array.isArray(given) || isDeferred(given)) return undefined;
  const fields: Record<string, unknown> = {};
  const failed = new Set<string>();
  for (const [key, schema] of Object.entries(IcebergCatalogSchema.shape)) {
    const value = (given as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const r = (schema as z.ZodType).safeParse(value);
    if (r.success) fields[key] = r.data;
    else failed.add(key);
  }
  return { fields: fields as Partial<IcebergCatalog>, failed };
}

/**
 * The rules across the catalog's fields (paths under `catalog`): catalogImpl against type, and the
 * uri / warehouse each type needs. `failed`: fields given that did not parse (already reported); a
 * rule that reads one of them is skipped (a misspelt type is no hive catalog, an unreadable uri is
 * no missing one).
 */
export function checkCatalogRules(c: Partial<IcebergCatalog>, failed: ReadonlySet<string>, diag: Diagnostics): void {
  if (failed.has("catalogImpl")) return;
  if (c.catalogImpl !== undefined) {
    if (c.type !== undefined) {
      diag.error("catalog.catalogImpl", `catalog.type "${c.type}" and catalogImpl are both set; the runtime rejects that ('both catalog-type and catalog-impl are set'); keep one of them`);
    }
    const known = KNOWN_CATALOG_IMPLS[c.catalogImpl.toLowerCase()];
    if (known !== undefined) {
      diag.error("catalog.catalogImpl", `catalogImpl is a Java class name; for ${c.catalogImpl} write catalogImpl: "${known}"`);
    } else if (!JAVA_CLASS.test(c.catalogImpl)) {
      diag.error("catalog.catalogImpl", `catalogImpl ${JSON.stringify(c.catalogImpl)} is not a fully qualified Java class name (e.g. "org.apache.iceberg.jdbc.JdbcCatalog")`);
    }
    return;
  }
  if (failed.has("type")) return;
  const type = c.type ?? "hive";
  const props = c.properties ?? {};
  const uriMissing = c.uri === undefined && !failed.has("uri");
  if (type === "rest" && uriMissing) {
    diag.error("catalog.uri", 'a rest catalog needs uri, the catalog service URL (e.g. "https://catalog.example.com/api/catalog"); the runtime fails with "Invalid uri for http client: null"');
  }
  if (type === "hive" && uriMissing && !failed.has("properties") && props["hive-conf-dir"] === undefined) {
    diag.error(
      "catalog.uri",
      `a hive catalog${c.type === undefined ? " (the type when catalog.type is unset)" : ""} needs uri, the metastore thrift URI (e.g. "thrift://metastore:9083"), ` +
        `or a "hive-conf-dir" catalog property naming a directory with a hive-site.xml that sets hive.metastore.uris (for a hive-site.xml built into the image, name its folder there, e.g. "/opt/hive/conf"); for another catalog set catalog.type or catalogImpl`,
    );
  }
  if (type === "hadoop" && c.warehouse === undefined && !failed.has("warehouse")) {
    diag.error("catalog.warehouse", 'a hadoop catalog needs warehouse, the warehouse path (e.g. "s3a://bucket/warehouse"); the runtime fails with "warehousePath must not be null or empty"');
  }
}

/**
 * Checks a uri/warehouse value (non-empty, one line); with `catalog` (a plain value known at preview),
 * also the uri's scheme for that catalog (catalogUriProblem) and, for a catalog whose warehouse is a
 * file system path (any but REST, whose warehouse may name a catalog of the server), an object
 * store warehouse without its bucket (`s3:/lake/wh`: deploy/state-dirs.ts missingBucketProblem; the
 * file IO reads the bucket from the URI's authority, iceberg aws S3URI / hadoop-aws S3AFileSystem).
 * Returns an error message or undefined.
 */
export function checkLocationValue(arg: "uri" | "warehouse", value: unknown, catalog?: Partial<IcebergCatalog>): string | undefined {
  // Each message follows its path, catalog.uri or catalog.warehouse, so it does not name it again.
  if (typeof value !== "string") return `must resolve to a string, got ${describe(value)}`;
  if (value.trim() === "") return `is empty; set the ${arg === "uri" ? "catalog URI" : "warehouse location"} or leave it unset`;
  // The value is not shown: it may hold a credential (checked next).
  if (/[\r\n]/.test(value)) return "contains a line break, which no URI holds";
  if (valueCarriesCredential(value)) return credentialValueMessage("the value", `catalog.${arg}`);
  if (catalog === undefined) return undefined;
  if (arg === "uri") return catalogUriProblem(value, catalog);
  return catalogKind(catalog.type, catalog.catalogImpl) === "rest" ? undefined : missingBucketProblem(value, "warehouse");
}


const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/**
 * Why `uri` cannot reach the catalog, or undefined:
 * - a REST catalog (type rest, or catalogImpl RESTCatalog): Iceberg's REST client sends every
 *   request to a URL built from the uri (iceberg `core/.../rest/HTTPClient.java`, Apache HttpClient
 *   5), so it needs an http:// or https:// scheme;
 * - a Hive catalog (type hive, the default, or catalogImpl HiveCatalog): the metastore client splits
 *   the uri at "," and reads each entry as a java.net.URI, failing on one without a scheme
 *   ("URI: ... does not have a scheme", hive `HiveMetaStoreClient` resolveUris) or with surrounding
 *   space (URISyntaxException), and connects to each entry's host and port over Thrift.
 * A Hive uri with another scheme than thrift:// gets nothing here: the client uses only its host and port.
 */
export function catalogUriProblem(uri: string, catalog: Partial<IcebergCatalog>): string | undefined {
  const type = catalogKind(catalog.type, catalog.catalogImpl);
  const fails = "so the job fails when it loads the catalog";
  if (type === "rest") {
    if (/^https?:\/\/\S/i.test(uri)) return undefined;
    // A scheme, or an http scheme mistyped ("http//h", "https:/h", "http:h"), is not kept in the advice.
    const bare = uri.trim().replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, "").replace(/^https?(?::\/*|\/+)(?!\d)/i, "");
    // A host (and port, path) to prefix; anything else (white space inside, nothing left) gets an example instead.
    const write = /^[^\s/?#]+(?:[/?#]\S*)?$/.test(bare) ? `${JSON.stringify(`http://${bare}`)} (or https://)` : `the catalog's URL with its scheme, e.g. "http://iceberg-rest:8181"`;
    return `${JSON.stringify(uri)} is no http:// or https:// URL: a REST catalog's client sends each request to a URL built from the uri (iceberg HTTPClient), ${fails}; write ${write}`;
  }
  if (type !== "hive") return undefined;
  // String.split(",") drops trailing empty entries, as Java's does.
  const entries = uri.replace(/,+$/, "").split(",");
  for (const entry of entries) {
    if (entry !== entry.trim()) {
      return `${JSON.stringify(uri)}: the Hive metastore client splits the uri at "," and reads each entry as a URI as it is, and ${JSON.stringify(entry)} has white space around it (HiveMetaStoreClient, java.net.URI), ${fails}; write ${JSON.stringify(entries.map((e) => e.trim()).join(","))}`;
    }
    if (!SCHEME.test(entry)) {
      return `${entry === uri ? "" : `${JSON.stringify(uri)}: `}${JSON.stringify(entry)} is no thrift:// URI, which the Hive metastore client connects to (HiveMetaStoreClient: "URI: ... does not have a scheme", or no host to connect to), ${fails}; write ${JSON.stringify(`thrift://${entry.replace(/^[A-Za-z][A-Za-z0-9+.-]*:(?!\d)\/*/, "")}`)}`;
    }
  }
  return undefined;
}

/** The catalog cache's expiration (iceberg core CatalogProperties CACHE_EXPIRATION_INTERVAL_MS). */
export const CACHE_EXPIRATION_KEY = "cache.expiration-interval-ms";

/**
 * The problem with `value` for `cache.expiration-interval-ms`, which the connector passes to the
 * catalog factory with every other WITH option: iceberg `flink/.../FlinkCatalogFactory.java`
 * `createCatalog` reads it with PropertyUtil.propertyAsLong (Long.parseLong) and refuses 0 ("... is
 * not allowed to be 0."), whether or not cache-enabled is false; a negative value never expires the
 * cache (CachingCatalog), a positive one expires a table unused that many milliseconds.
 */
export function cacheExpirationProblem(value: string): string | undefined {
  const fix =
    'write "-1" to keep loaded tables cached (the default), a positive number of milliseconds to expire a table unused that long (e.g. "30000"), or remove it and set cache-enabled to "false" to turn the cache off';
  if (!isJavaWholeNumber(value, 64)) {
    return `${JSON.stringify(value)} is not a whole number of milliseconds (a long), which the catalog factory reads it as: the table fails to load when the job starts; ${fix}`;
  }
  if (BigInt(value) === 0n) {
    return `${JSON.stringify(value)} is refused by the catalog factory ("${CACHE_EXPIRATION_KEY} is not allowed to be 0."), even with cache-enabled "false": the table fails to load when the job starts; ${fix}`;
  }
  return undefined;
}
