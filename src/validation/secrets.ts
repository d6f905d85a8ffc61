/**
 * Credential keys in free-form maps (SPEC decision 8).
 *
 * The Iceberg connector copies every WITH option into the Iceberg table's properties when it
 * creates the table (iceberg `flink/.../FlinkDynamicTableFactory.java`, `FlinkCatalog.java`), and
 * both SQL runners log every statement, so a credential may appear neither in a WITH clause nor
 * in the script nor in a ConfigMap. Keys that carry one are rejected at preview with a message
 * that says how to pass it instead.
 */

const SECRET_WORDS = new Set([
  "token",
  "tokens",
  "credential",
  "credentials",
  "password",
  "passwd",
  "pwd",
  "secret",
  "secrets",
  "jaas",
  "accesskey",
  "secretkey",
  "privatekey",
  "apikey",
  "authorization",
]);
const SECRET_PAIRS: readonly (readonly [string, string])[] = [
  ["access", "key"],
  ["secret", "key"],
  ["private", "key"],
  ["api", "key"],
  ["session", "token"],
  ["account", "key"],
  ["sas", "token"],
  ["sse", "key"],
];
/** A last word that makes the key name a setting about a credential, not the credential itself. */
const SETTING_SUFFIXES = new Set(["provider", "providers", "type", "uri", "url", "endpoint", "enabled", "impl", "class", "file", "path", "ms", "mode", "name", "at", "expiry", "expiration", "ttl", "lifetime"]);

/** Splits `s3.secret-access-key`, `clientSecret`, `AWS_SECRET_ACCESS_KEY` into lower-case words. */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** True when `key` names a credential (token, credential, password, secret, access key ...). */
export function isCredentialKey(key: string): boolean {
  const w = words(key);
  if (w.length === 0) return false;
  if (SETTING_SUFFIXES.has(w[w.length - 1]!) && w.length > 1) return false;
  if (w.some((x) => SECRET_WORDS.has(x))) return true;
  for (let i = 0; i + 1 < w.length; i++) {
    if (SECRET_PAIRS.some(([a, b]) => w[i] === a && w[i + 1] === b)) return true;
  }
  return false;
}

/** The message for a credential key found in `where` (e.g. "catalog.properties"). */
export function credentialKeyMessage(key: string, where: string): string {
  const kafka = /sasl|jaas|ssl|keystore|truststore/i.test(key)
    ? " For Kafka SASL/SSL: mount the JAAS file or keystore from a Kubernetes Secret with kubernetes.podTemplate, point the JVM at it in kubernetes.flinkConfiguration " +
      "(env.java.opts.all: -Djava.security.auth.login.config=<mounted file>), and keep only non-secret settings (properties.security.protocol, properties.sasl.mechanism) in the options."
    : "";
  return (
    `${JSON.stringify(key)} carries a credential, and ${where} is rendered in plain text ` +
    `(into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap; the Iceberg connector also copies WITH options into the table's properties). ` +
    `Remove it and pass the credential to the Flink pods as an environment variable from a Kubernetes Secret ` +
    `(kubernetes.envFromSecrets, e.g. AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY for S3), or use a catalog that authenticates from the environment (SPEC decision 8).` +
    kafka
  );
}

/**
 * `scheme://user:password@host` userinfo, or a credential query or connection parameter:
 * `password=`, `token=`, `access_token=`, `secret=`, `api_key=`, an Azure SAS signature `sig=`,
 * a pre-signed S3 / GCS URL (`X-Amz-Signature=`, `X-Amz-Credential=`, `X-Goog-Signature=`,
 * `Signature=` of SigV2), refresh and session tokens, an Azure connection string's `AccountKey=` /
 * `SharedAccessKey=`.
 */
const CREDENTIAL_IN_VALUE =
  /\/\/[^/@\s:]+:[^/@\s]+@|[?&;](?:password|passwd|pwd|token|access[-_]?token|secret|client[-_]?secret|access[-_]?key|secret[-_]?key|api[-_]?key|credential|sig|signature|refresh[-_]?token|session[-_]?token|accountkey|sharedaccesskey|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential)=/i;

/** True when a value (a URI, a connection string) embeds a credential, e.g. `jdbc:postgresql://db/x?password=...`. */
export function valueCarriesCredential(value: string): boolean {
  return CREDENTIAL_IN_VALUE.test(value);
}

/**
 * The credential problem of one `key = value` entry of a map rendered in plain text (`where`, e.g.
 * "kubernetes.flinkConfiguration"): the key names a credential, or the value embeds one; undefined
 * when neither.
 */
export function credentialEntryProblem(key: string, value: unknown, where: string): string | undefined {
  if (isCredentialKey(key)) return credentialKeyMessage(key, where);
  if (typeof value === "string" && valueCarriesCredential(value)) return credentialValueMessage(`the value of ${JSON.stringify(key)}`);
  return undefined;
}

/** The message for a value that embeds a credential, found in `where`. */
export function credentialValueMessage(where: string): string {
  return (
    `${where} embeds a credential (user:password@ or a password=/token= parameter), and it is rendered in plain text. ` +
    "Remove it from the value and pass the credential to the Flink pods as an environment variable from a Kubernetes Secret (kubernetes.envFromSecrets) (SPEC decision 8)"
  );
}
