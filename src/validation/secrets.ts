/**
 * Credential keys in free-form maps (SPEC decision 8).
 *
 * The Iceberg connector copies every WITH option into the Iceberg table's properties when it
 * creates the table (iceberg `flink/.../FlinkDynamicTableFactory.java`, `FlinkCatalog.java`), and
 * both SQL runners log every statement, so a credential may appear neither in a WITH clause nor
 * in the script nor in a ConfigMap. Keys that carry one are rejected at preview with a message
 * that says how to pass it instead.
 */

import { isDeferred } from "./deferred.js";

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
  // avro-confluent's Schema Registry `basic-auth.user-info` (user:password), Kafka's PEM `ssl.keystore.key`.
  ["user", "info"],
  ["keystore", "key"],
];
/** A last word that makes the key name a setting about a credential, not the credential itself. */
const SETTING_SUFFIXES = new Set(["source", "provider", "providers", "type", "uri", "url", "endpoint", "enabled", "impl", "class", "file", "path", "ms", "mode", "name", "at", "expiry", "expiration", "ttl", "lifetime"]);

/**
 * Option keys with a column name inside (datagen / faker `fields.<column>.<option>`, Iceberg's
 * per-column `write.metadata.metrics.column.<column>` and `write.parquet.bloom-filter-*.column.<column>`):
 * the column's name is no part of what the option means, so `fields.password_hash.length` is no credential.
 */
const FIELD_OPTION = /^fields\.[^.]+\.(.+)$/;
const PER_COLUMN_PROPERTY = /^((?:table-(?:default|override)\.)?write\.(?:metadata\.metrics|parquet\.bloom-filter-[a-z-]+)\.column)\..+$/;

/** Splits `s3.secret-access-key`, `clientSecret`, `AWS_SECRET_ACCESS_KEY` into lower-case words (a column name inside the key left out). */
function words(raw: string): string[] {
  const field = FIELD_OPTION.exec(raw);
  const perColumn = field === null ? PER_COLUMN_PROPERTY.exec(raw) : null;
  const key = field !== null ? `fields.${field[1]}` : perColumn !== null ? perColumn[1]! : raw;
  // Most option keys are lower-case already (`s3.path-style-access`): no camel-case split to do.
  const spaced = /^[a-z0-9._-]*$/.test(key) ? key : key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

/**
 * Flink options whose values name Kubernetes Secrets to mount or read, not secret values
 * (flink-kubernetes `KubernetesConfigOptions` KUBERNETES_SECRETS, KUBERNETES_ENV_SECRET_KEY_REF).
 */
const SECRET_REFERENCE_KEYS = new Set(["kubernetes.secrets", "kubernetes.env.secretkeyref"]);

/** True when `key` names a credential (token, credential, password, secret, access key ...). */
export function isCredentialKey(key: string): boolean {
  return namesCredential(key, words(key));
}

/** isCredentialKey with the key's words already split. */
function namesCredential(key: string, w: readonly string[]): boolean {
  if (SECRET_REFERENCE_KEYS.has(key.trim().toLowerCase())) return false;
  if (w.length === 0) return false;
  if (SETTING_SUFFIXES.has(w[w.length - 1]!) && w.length > 1) return false;
  if (w.some((x) => SECRET_WORDS.has(x))) return true;
  for (let i = 0; i + 1 < w.length; i++) {
    if (SECRET_PAIRS.some(([a, b]) => w[i] === a && w[i + 1] === b)) return true;
  }
  return false;
}

/** `where` of a FlinkTable's options (generic-table.ts): any connector, not Iceberg's. */
export const GENERIC_TABLE_WITH = "the table's WITH clause";

/** The message for a credential key found in `where` (e.g. "catalog.properties"). */
export function credentialKeyMessage(key: string, where: string): string {
  const kafka = /sasl|jaas|ssl|keystore|truststore/i.test(key)
    ? " For Kafka SASL/SSL in a Kafka table's options: reference the secret through a Kafka config provider, e.g. 'properties.config.providers' = 'env', " +
      "'properties.config.providers.env.class' = 'org.apache.kafka.common.config.provider.EnvVarConfigProvider' (kafka-clients 3.5+) and " +
      "password=\"${env:KAFKA_PASSWORD}\" in the JAAS line, with KAFKA_PASSWORD from kubernetes.envFromSecrets; or mount the JAAS file or keystore from a Kubernetes Secret " +
      "with kubernetes.podTemplate and point the JVM at it in kubernetes.flinkConfiguration (env.java.opts.all: -Djava.security.auth.login.config=<mounted file>)."
    : "";
  // A FlinkTable's connector (jdbc, elasticsearch, ...) reads its options only from the DDL: the remedy is an authentication outside them.
  if (where === GENERIC_TABLE_WITH) {
    return (
      `${JSON.stringify(key)} carries a credential, and ${where} is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap). ` +
      "Flink SQL takes connector options only from the script, so remove it and authenticate the connector from outside its options: a credentials file, environment " +
      "or identity of the Flink pods that the connector or its driver reads (IAM, Kerberos, a driver properties file), mounted from a Kubernetes Secret with " +
      "kubernetes.envFromSecrets or kubernetes.podTemplate (SPEC decision 8)." +
      kafka
    );
  }
  // Where the plain text ends up: the FlinkDeployment's spec, the script, or also the Iceberg table's properties.
  const lands = where.startsWith("kubernetes.")
    ? "(into the FlinkDeployment's spec, stored in the cluster and in Pulumi's state)"
    : /SET lines|OPTIONS hint/.test(where)
      ? "(into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap)"
      : "(into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap; the Iceberg connector also copies WITH options into the table's properties)";
  return (
    `${JSON.stringify(key)} carries a credential, and ${where} is rendered in plain text ${lands}. ` +
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

/** A JVM system property in a value (`-Dfoo.password=...`, as in env.java.opts.all) whose name carries a credential. */
const JVM_PROPERTY = /(?:^|\s)-D([^=\s]+)=\S/g;

/**
 * True when a value (a URI, a connection string, JVM options) embeds a credential, e.g.
 * `jdbc:postgresql://db/x?password=...` or `-Dsome.client.secret=...`.
 */
export function valueCarriesCredential(value: string): boolean {
  if (CREDENTIAL_IN_VALUE.test(value)) return true;
  if (!value.includes("-D")) return false;
  for (const m of value.matchAll(JVM_PROPERTY)) if (isCredentialKey(m[1]!)) return true;
  return false;
}

/** A Kafka config-provider placeholder `${provider:[path:]key}` (kafka clients `ConfigTransformer`), the whole text. */
const PLACEHOLDER = /^\$\{([^}:]+):[^}]*\}$/;
/**
 * `name=value` options of a JAAS configuration line, the name and the value each bare, "double-"
 * or 'single-quoted' (kafka clients `JaasConfig` reads them with a StreamTokenizer that takes both
 * quote characters, and a later option of the same name wins).
 */
const JAAS_OPTION = /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[A-Za-z_][\w.-]*)\s*=\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s;"']+)/g;

function unquoted(text: string): string {
  return (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'")) ? text.slice(1, -1) : text;
}

function isPlaceholder(text: string, providers: ReadonlySet<string>): boolean {
  const m = PLACEHOLDER.exec(text);
  return m !== null && providers.has(m[1]!.trim());
}

/**
 * True when every credential in a Kafka client property's value is a config-provider placeholder
 * of one of `providers` (what `properties.config.providers` enables), so the text holds no secret:
 * the whole value (`${file:/etc/kafka/ssl.properties:keystore.password}`), or each credential
 * option of a JAAS line (`... required username="u" password="${env:KAFKA_PASSWORD}";`). Kafka
 * resolves them in the client (kafka clients `AbstractConfig` with `config.providers`, KIP-297;
 * `EnvVarConfigProvider` KIP-887, kafka-clients 3.5+).
 */
export function credentialsArePlaceholders(value: string, providers: ReadonlySet<string>): boolean {
  if (isPlaceholder(value.trim(), providers)) return true;
  const c = jaasCredentials(value, providers);
  return c.count > 0 && !c.literal && !valueCarriesCredential(value);
}

/** True for a key whose only credential word is "jaas" (`properties.sasl.jaas.config`). */
function isJaasKey(w: readonly string[]): boolean {
  return w.includes("jaas") && !w.some((x) => x !== "jaas" && SECRET_WORDS.has(x));
}

/**
 * The options of a JAAS line that name a credential: how many, and whether one of them holds it
 * as text (not as a placeholder of `providers`).
 */
function jaasCredentials(value: string, providers: ReadonlySet<string>): { count: number; literal: boolean } {
  let count = 0;
  let literal = false;
  for (const m of value.matchAll(JAAS_OPTION)) {
    if (!isCredentialKey(unquoted(m[1]!))) continue;
    count++;
    if (!isPlaceholder(unquoted(m[2]!), providers)) literal = true;
  }
  return { count, literal };
}

/**
 * The config providers a Kafka table's options enable: the names listed in
 * `properties.config.providers` (comma-separated), empty when unset.
 */
export function kafkaConfigProviders(options: Readonly<Record<string, unknown>>): Set<string> {
  const list = options["properties.config.providers"];
  return new Set(typeof list === "string" ? list.split(",").map((p) => p.trim()).filter((p) => p !== "") : []);
}

/**
 * The credential problem of one `key = value` entry of a map rendered in plain text (`where`, e.g.
 * "kubernetes.flinkConfiguration"): the key names a credential, or the value embeds one; undefined
 * when neither, or when `providers` (kafkaConfigProviders of a Kafka table's options) is given and
 * the entry is a Kafka client property (`properties.*`) whose credentials are all placeholders.
 */
export function credentialEntryProblem(key: string, value: unknown, where: string, providers?: ReadonlySet<string>): string | undefined {
  if (providers !== undefined && providers.size > 0 && key.startsWith("properties.") && typeof value === "string" && credentialsArePlaceholders(value, providers)) return undefined;
  // A JAAS line is a credential only when an option in it holds one (MSK IAM's
  // "IAMLoginModule required;" or a Kerberos keyTab path holds none).
  const w = words(key);
  if (isJaasKey(w) && typeof value === "string" && !jaasCredentials(value, providers ?? new Set()).literal) {
    return valueCarriesCredential(value) ? credentialValueMessage(`the value of ${JSON.stringify(key)}`) : undefined;
  }
  if (namesCredential(key, w)) return credentialKeyMessage(key, where);
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

/**
 * The message for the value of entry `key` of the map `where` (e.g. "extraOptions"), rendered
 * into `into` (default the WITH clause), that is no plain string: a Pulumi Output (the map is
 * rendered at preview, and a secret may not be rendered at all, SPEC decision 8), a number or
 * boolean (write it as a string; not echoed when `key` names a credential), anything else.
 */
export function plainStringValueProblem(value: unknown, key: string, where: string, into = "the WITH clause"): string {
  if (isDeferred(value)) {
    return (
      `is a Pulumi Output, and ${where} values are rendered into ${into} at preview, so they must be plain strings: write the value itself ` +
      "(e.g. from stack configuration with new pulumi.Config().require(...)). A secret may not be rendered there at all (SPEC decision 8): give it to the Flink pods " +
      "as an environment variable from a Kubernetes Secret (kubernetes.envFromSecrets)" +
      (into === "the WITH clause" ? "; a Kafka table can then reference it with a config provider placeholder (${env:NAME})" : "")
    );
  }
  if (typeof value === "number" || typeof value === "boolean") {
    // A credential key's value is not echoed (it would land in preview and CI logs).
    return isCredentialKey(key) ? "must be a string (and, as a credential, not be here at all)" : `must be a string: write ${JSON.stringify(String(value))}`;
  }
  return `must be a plain string (got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value})`;
}
