/**
 * Catalog and FileIO properties users commonly set in an Iceberg table's `catalog.properties`, for
 * one check the runtime does not make: a key one or two characters away from one of these
 * (`client.regin`), or a name another tool uses for one of them (`s3.endpoint-url`, the AWS CLI's
 * --endpoint-url), is read by nothing, so the setting silently keeps its default. A warning, never
 * an error: catalogs, FileIO implementations and their clients read keys of their own, so a key
 * near none of these, or inside a family of free keys (`header.*`, `s3.access-points.*`,
 * `jdbc.*` ...), gets nothing.
 *
 * Sources (apache/iceberg, by exact key: PropertyUtil / Map.get):
 * - `core/.../CatalogProperties.java`; `flink/.../FlinkCatalogFactory.java` (type, catalog-type,
 *   property-version, cache-enabled, hive-conf-dir, hadoop-conf-dir, default-database, base-namespace);
 * - `aws/.../s3/S3FileIOProperties.java`, `aws/.../AwsClientProperties.java`, `aws/.../AwsProperties.java`,
 *   `aws/.../HttpClientProperties.java`;
 * - `gcp/.../GCPProperties.java`, `azure/.../AzureProperties.java`;
 * - `core/.../rest/RESTSessionCatalog.java`, `core/.../rest/auth/OAuth2Properties.java`,
 *   `core/.../rest/auth/AuthProperties.java`; `core/.../jdbc/JdbcCatalog.java`, `JdbcUtil.java`;
 *   `nessie/.../NessieCatalog.java`; `hive-metastore/.../HiveCatalog.java`.
 *
 * Read by the table's checks at preview only (no deploy provider imports it).
 */
import { distanceWithin } from "../validation/known-keys.js";

export const KNOWN_CATALOG_PROPERTIES: readonly string[] = [
  // CatalogProperties, FlinkCatalogFactory
  "catalog-impl",
  "io-impl",
  "warehouse",
  "uri",
  "clients",
  "client.pool.cache.eviction-interval-ms",
  "client-pool-cache-keys",
  "cache-enabled",
  "cache.case-sensitive",
  "cache.expiration-interval-ms",
  "lock-impl",
  "lock.heartbeat-interval-ms",
  "lock.heartbeat-timeout-ms",
  "lock.heartbeat-threads",
  "lock.acquire-interval-ms",
  "lock.acquire-timeout-ms",
  "lock.table",
  "metrics-reporter-impl",
  "encryption.kms-type",
  "encryption.kms-impl",
  "io.manifest.cache-enabled",
  "io.manifest.cache.expiration-interval-ms",
  "io.manifest.cache.max-total-bytes",
  "io.manifest.cache.max-content-length",
  "user",
  "app-id",
  "type",
  "catalog-type",
  "property-version",
  "hive-conf-dir",
  "hadoop-conf-dir",
  "default-database",
  "base-namespace",
  // S3FileIOProperties
  "s3.client-factory-impl",
  "s3.access-grants.enabled",
  "s3.access-grants.fallback-to-iam",
  "s3.analytics-accelerator.enabled",
  "s3.crt.enabled",
  "s3.crt.max-concurrency",
  "s3.sse.type",
  "s3.sse.key",
  "s3.sse.md5",
  "s3.multipart.num-threads",
  "s3.read.num-threads",
  "s3.multipart.part-size-bytes",
  "s3.multipart.threshold",
  "s3.staging-dir",
  "s3.acl",
  "s3.endpoint",
  "s3.path-style-access",
  "s3.access-key-id",
  "s3.secret-access-key",
  "s3.session-token",
  "s3.session-token-expires-at-ms",
  "s3.use-arn-region-enabled",
  "s3.checksum-enabled",
  "s3.remote-signing-enabled",
  "s3.delete.batch-size",
  "s3.write.table-tag-enabled",
  "s3.write.storage-class",
  "s3.write.namespace-tag-enabled",
  "s3.delete.num-threads",
  "s3.delete-enabled",
  "s3.acceleration-enabled",
  "s3.dualstack-enabled",
  "s3.cross-region-access-enabled",
  "s3.preload-client-enabled",
  "s3.retry.num-retries",
  "s3.retry.min-wait-ms",
  "s3.retry.max-wait-ms",
  "s3.directory-bucket.list-prefix-as-directory",
  "s3.signer.uri",
  "s3.signer.endpoint",
  // AwsClientProperties, AwsProperties, HttpClientProperties
  "client.factory",
  "client.region",
  "client.credentials-provider",
  "client.refresh-credentials-endpoint",
  "client.refresh-credentials-enabled",
  "client.assume-role.arn",
  "client.assume-role.region",
  "client.assume-role.timeout-sec",
  "client.assume-role.external-id",
  "client.assume-role.session-name",
  "glue.id",
  "glue.account-id",
  "glue.endpoint",
  "glue.skip-archive",
  "glue.skip-name-validation",
  "glue.lakeformation-enabled",
  "dynamodb.endpoint",
  "dynamodb.table-name",
  "http-client.type",
  "http-client.urlconnection.socket-timeout-ms",
  "http-client.urlconnection.connection-timeout-ms",
  "http-client.apache.socket-timeout-ms",
  "http-client.apache.connection-timeout-ms",
  "http-client.apache.connection-acquisition-timeout-ms",
  "http-client.apache.connection-max-idle-time-ms",
  "http-client.apache.connection-time-to-live-ms",
  "http-client.apache.expect-continue-enabled",
  "http-client.apache.max-connections",
  "http-client.apache.tcp-keep-alive-enabled",
  "http-client.apache.use-idle-connection-reaper-enabled",
  // GCPProperties, AzureProperties
  "gcs.project-id",
  "gcs.client-lib-token",
  "gcs.service.host",
  "gcs.decryption-key",
  "gcs.encryption-key",
  "gcs.user-project",
  "gcs.channel.read.chunk-size-bytes",
  "gcs.channel.write.chunk-size-bytes",
  "gcs.oauth2.token",
  "gcs.oauth2.token-expires-at",
  "gcs.oauth2.refresh-credentials-endpoint",
  "gcs.oauth2.refresh-credentials-enabled",
  "gcs.no-auth",
  "gcs.delete.batch-size",
  "adls.read.block-size-bytes",
  "adls.write.block-size-bytes",
  "adls.auth.shared-key.account.name",
  "adls.auth.shared-key.account.key",
  // RESTSessionCatalog, OAuth2Properties, AuthProperties
  "token",
  "credential",
  "scope",
  "audience",
  "resource",
  "oauth2-server-uri",
  "token-refresh-enabled",
  "token-exchange-enabled",
  "token-expires-in-ms",
  "prefix",
  "rest-page-size",
  "rest-metrics-reporting-enabled",
  "snapshot-loading-mode",
  // JdbcCatalog, NessieCatalog, HiveCatalog
  "jdbc.schema-version",
  "jdbc.init-catalog-tables",
  "jdbc.strict-mode",
  "ref",
  "ref.hash",
  "list-all-tables",
];

const KNOWN_SET: ReadonlySet<string> = new Set(KNOWN_CATALOG_PROPERTIES);

/**
 * Families of free keys: each catalog or client passes every key under one of these on (HTTP
 * headers, per-bucket access points, object tags, JDBC connection properties, AWS SDK and REST
 * client settings, Azure per-account tokens, Nessie client settings), so no key there is a typo of
 * a listed one. Lower case; table-default. / table-override. are checked as table properties
 * (extra-options.ts).
 */
const FREE_FAMILIES: readonly string[] = [
  "header.",
  "s3.access-points.",
  "s3.write.tags.",
  "s3.delete.tags.",
  "s3.analytics-accelerator.",
  "client.assume-role.tags.",
  "client.credentials-provider.",
  "adls.sas-token.",
  "adls.connection-string.",
  "jdbc.",
  "rest.",
  "nessie.",
  "hive.",
  "hadoop.",
  "fs.",
  "view-default.",
  "view-override.",
];

/**
 * Names other tools give a catalog property (the AWS CLI's --endpoint-url, the AWS SDK's
 * forcePathStyle, Hadoop S3A's fs.s3a.path.style.access): lower-cased key → the Iceberg key.
 */
const OTHER_TOOLS_NAMES: Readonly<Record<string, string>> = {
  "s3.endpoint-url": "s3.endpoint",
  "s3.endpoint.url": "s3.endpoint",
  "s3.endpoint-uri": "s3.endpoint",
  "s3.force-path-style": "s3.path-style-access",
  "s3.path-style": "s3.path-style-access",
  "s3.path.style.access": "s3.path-style-access",
};

/** Most edits a misspelling of a listed key holds: one for keys of up to five characters (`uri`, `user`, `token`), else two. */
const reach = (known: string): number => (known.length <= 5 ? 1 : 2);

/** The listed key `key` misspells or names another tool's way, else undefined (a listed key, a free family, or a key near none). */
export function nearCatalogProperty(key: string): string | undefined {
  const lower = key.trim().toLowerCase();
  if (KNOWN_SET.has(key)) return undefined;
  // Own keys only: `constructor` would read Object's.
  const other = Object.hasOwn(OTHER_TOOLS_NAMES, lower) ? OTHER_TOOLS_NAMES[lower] : undefined;
  if (other !== undefined) return other;
  if (FREE_FAMILIES.some((f) => lower.startsWith(f))) return undefined;
  let best: string | undefined;
  let bestD = 3;
  for (const k of KNOWN_CATALOG_PROPERTIES) {
    const bound = Math.min(reach(k), bestD - 1);
    if (Math.abs(k.length - lower.length) > bound) continue;
    const d = distanceWithin(lower, k, bound);
    if (d <= bound) [best, bestD] = [k, d];
  }
  return best;
}

/** The warning for a catalog.properties key that misspells a listed one, else undefined. */
export function catalogPropertyTypoWarning(key: string): string | undefined {
  const near = nearCatalogProperty(key);
  if (near === undefined) return undefined;
  const lower = key.trim().toLowerCase();
  const tail = `Catalogs and FileIO read their properties by exact key, so this setting would have no effect (${near} keeps its default)`;
  const k = JSON.stringify(key);
  const n = JSON.stringify(near);
  if (Object.hasOwn(OTHER_TOOLS_NAMES, lower)) return `${k} is another tool's name for ${n}, which Iceberg reads instead; write ${n}. ${tail}`;
  if (near === lower && key !== key.trim()) {
    const cased = key.trim() === near ? "" : ", in lower case";
    return `${k} has spaces around it; Iceberg reads the key as written, never trimmed: write ${n}${cased}. ${tail}`;
  }
  if (near === lower) return `${k}: Iceberg reads ${n}, in lower case, and never this spelling; write ${n}. ${tail}`;
  return `${k} is no Iceberg catalog or FileIO property; did you mean ${n}? ${tail}`;
}
