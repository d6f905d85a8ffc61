/**
 * Credential keys in free-form maps (SPEC decision 8).
 *
 * The Iceberg connector copies every WITH option into the Iceberg table's properties when it
 * creates the table (iceberg `flink/.../FlinkDynamicTableFactory.java`, `FlinkCatalog.java`), and
 * both SQL runners log every statement, so a credential may appear neither in a WITH clause nor
 * in the script nor in a ConfigMap. Keys that carry one are rejected at preview with a message
 * that says how to pass it instead.
 */

import { containerEnvVariable, isCredentialEnvName, keyContentRemedy } from "./credential-env-names.js";
import { credentialEnvironment, ICEBERG_READERS, kafkaRemedy } from "./credential-remedies.js";
import { connectorRemedy } from "./jdbc-credentials.js";
import { isDeferred } from "./deferred.js";

const SECRET_WORDS = new Set([
  "token",
  "tokens",
  "credential",
  "credentials",
  "password",
  "passwd",
  "passphrase",
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
/**
 * A last word that makes the key name a setting about a credential, not the credential itself: a
 * kind, a location (a file, a directory: `SECRETS_DIR`), a switch, a time or a count
 * (`security.delegation.tokens.renewal.retry.backoff`, `.time-ratio`: flink SecurityOptions;
 * `TOKEN_REFRESH_INTERVAL`, `TOKEN_TTL_SECONDS`), or an identifier no one can sign in with (an
 * AWS role `arn`: iceberg `client.credentials-provider.role-arn`). None of these values is a secret.
 */
const SETTING_SUFFIXES = new Set([
  "source", "provider", "providers", "type", "uri", "url", "endpoint", "enabled", "impl", "class", "file", "path", "dir", "dirs", "directory", "arn",
  "ms", "seconds", "minutes", "interval", "timeout", "backoff", "delay", "ratio", "retries", "attempts", "threshold",
  "mode", "name", "at", "expiry", "expiration", "ttl", "lifetime",
]);

/**
 * Option keys with a column name inside (datagen / faker `fields.<column>.<option>`, Iceberg's
 * per-column `write.metadata.metrics.column.<column>` and `write.parquet.bloom-filter-*.column.<column>`):
 * the column's name is no part of what the option means, so `fields.password_hash.length` is no credential.
 */
const FIELD_OPTION = /^fields\.[^.]+\.(.+)$/;
const PER_COLUMN_PROPERTY = /^((?:table-(?:default|override)\.)?write\.(?:metadata\.metrics|parquet\.bloom-filter-[a-z-]+)\.column)\..+$/;

/** Splits `s3.secret-access-key`, `clientSecret`, `AWS_SECRET_ACCESS_KEY` into lower-case words (a column name inside the key left out). */
export function keyWords(raw: string): string[] {
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

/**
 * `pass` as the last word (or before a number) names a password (`MYSQL_PASS`, `REDIS_PASS_1`, `ldap.bind.pass`; not `PASS_COUNT`, `TWO_PASS`), as a word ending in
 * password / passwd does (`PGPASSWORD`, libpq's and pgjdbc's variable). `BYPASS_CACHE`,
 * `COMPASS_URL`, `PASSTHROUGH` hold no word `pass`.
 */
/** Words before a last `pass` that make it a run of something (`SINGLE_PASS`, `TWO_PASS`), not a password. */
const PASS_COUNT_BEFORE = new Set(["single", "one", "two", "three", "multi", "first", "second", "last", "double", "each", "per", "final", "next"]);

function namesPassword(w: readonly string[]): boolean {
  for (let i = 0; i < w.length; i++) {
    const x = w[i]!;
    // `pass` names a password as the last word (`MYSQL_PASS`, `ldap.bind.pass`), not before another (`PASS_COUNT`) or after a count (`TWO_PASS`).
    if (x === "pass" && w.slice(i + 1).every((n) => /^\d+$/.test(n)) && !PASS_COUNT_BEFORE.has(w[i - 1] ?? "")) return true;
    if (x.length > 8 && (x.endsWith("password") || x.endsWith("passwd"))) return true;
  }
  return false;
}

/** What a key's words say about it: it names a credential (namesCredential), it is a JAAS configuration key (isJaasKey). */
export interface KeyFacts {
  readonly credential: boolean;
  readonly jaas: boolean;
}

/** The key's KeyFacts, its words split once (a pure function of the text: key-facts-memo.ts keeps them per key). */
export function optionKeyFacts(key: string): KeyFacts {
  const w = keyWords(key);
  return { credential: namesCredential(key, w), jaas: isJaasKey(w) };
}

/** True when `key` names a credential (token, credential, password, pass, secret, access key ...). */
export function isCredentialKey(key: string): boolean {
  return namesCredential(key, keyWords(key));
}

/** True when option `key` names a credential or is a JAAS configuration (credentialEntryProblem's credential keys). */
export function isCredentialOptionKey(key: string): boolean {
  const facts = optionKeyFacts(key);
  return facts.credential || facts.jaas;
}

/** isCredentialKey with the key's words already split. */
function namesCredential(key: string, w: readonly string[]): boolean {
  if (SECRET_REFERENCE_KEYS.has(key.trim().toLowerCase())) return false;
  // A key that sets an environment variable (containerized.*.env.NAME) carries what the variable NAME would.
  const variable = containerEnvVariable(key);
  if (variable !== undefined) return isCredentialEnvName(variable);
  if (w.length === 0) return false;
  if (SETTING_SUFFIXES.has(w[w.length - 1]!) && w.length > 1) return false;
  if (w.some((x) => SECRET_WORDS.has(x)) || namesPassword(w)) return true;
  for (let i = 0; i + 1 < w.length; i++) {
    if (SECRET_PAIRS.some(([a, b]) => w[i] === a && w[i + 1] === b)) return true;
  }
  return false;
}

/** `where` of a FlinkTable's options (generic-table.ts): any connector, not Iceberg's. */
export const GENERIC_TABLE_WITH = "the table's WITH clause";
/** `where` of an OPTIONS hint on a FlinkTable (job-plan.ts; hints on Iceberg tables name the statement and table). */
const FLINK_TABLE_HINT = "a statement's OPTIONS hint";

/** The deploy target of the job a check belongs to, when the check knows it (a table's checks do not). */
export type CredentialTarget = "kubernetes" | "sqlGateway";

/** The lead of every credential message: the key, and where its plain text would land. */
export function lands(key: string, where: string): string {
  const into = where.startsWith("kubernetes.")
    ? "(into the FlinkDeployment's spec, stored in the cluster and in Pulumi's state)"
    : where === GENERIC_TABLE_WITH || /SET lines|OPTIONS hint/.test(where)
      ? "(into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap)"
      : "(into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap, and Iceberg copies into the table's properties)";
  return `${JSON.stringify(key)} carries a credential, and ${where} is rendered in plain text ${into}. `;
}

/** The target a place implies: the `kubernetes.*` maps belong to the Kubernetes target. */
function targetOf(where: string | undefined, target: CredentialTarget | undefined): CredentialTarget | undefined {
  return target ?? (where?.startsWith("kubernetes.") === true ? "kubernetes" : undefined);
}

/** A Kafka client property (`properties.*` of a Kafka table) or another SASL/SSL key. */
function isKafkaKey(key: string): boolean {
  return key.startsWith("properties.") || /sasl|jaas|ssl|keystore|truststore/i.test(key);
}

/**
 * The message for a credential key found in `where` (e.g. "catalog.properties"); `target` when the
 * check knows the job's deploy target (a `kubernetes.*` place implies it), else advice for both;
 * `connector` (a FlinkTable's 'connector' option, when known) picks the remedy of that connector
 * (jdbc-credentials.ts connectorRemedy).
 */
export function credentialKeyMessage(key: string, where: string, target?: CredentialTarget, connector?: string): string {
  const t = targetOf(where, target);
  const kafka = /sasl|jaas|ssl|keystore|truststore/i.test(key) ? kafkaRemedy(t) : "";
  // A FlinkTable's connector (jdbc, a CDC source, Kafka ...) reads its options only from the DDL.
  if (where === GENERIC_TABLE_WITH || where === FLINK_TABLE_HINT) {
    if (isKafkaKey(key)) {
      return `${lands(key, where)}Flink passes connector options as written.${kafkaRemedy(t)}`;
    }
    return lands(key, where) + connectorRemedy(t, connector);
  }
  if (t === "kubernetes") {
    return (
      lands(key, where) +
      "Remove it and pass the credential to the Flink pods as an environment variable from a Kubernetes Secret " +
      "(kubernetes.envFromSecrets, e.g. AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY for S3), or use a catalog that authenticates from the environment." +
      kafka
    );
  }
  return `${lands(key, where)}Remove it and pass the credential ${credentialEnvironment(t, true)}: ${ICEBERG_READERS}.${kafka}`;
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
 * `target`: the job's deploy target, when the check knows it (see credentialKeyMessage). `keyFacts`: the
 * key's optionKeyFacts when the caller has them (key-facts-memo.ts). `connector`: a FlinkTable's
 * 'connector' option, when known (see credentialKeyMessage).
 */
export function credentialEntryProblem(key: string, value: unknown, where: string, providers?: ReadonlySet<string>, target?: CredentialTarget, keyFacts?: KeyFacts, connector?: string): string | undefined {
  if (providers !== undefined && providers.size > 0 && key.startsWith("properties.") && typeof value === "string" && credentialsArePlaceholders(value, providers)) return undefined;
  // Placeholders of providers the table does not enable: the client would send the text itself.
  const facts = keyFacts ?? optionKeyFacts(key);
  const credentialKey = facts.credential || facts.jaas;
  const named = credentialKey && providers !== undefined && key.startsWith("properties.") && typeof value === "string" ? [...value.matchAll(/\$\{([^}:]+):/g)].map((m) => m[1]!.trim()) : [];
  if (named.length > 0 && credentialsArePlaceholders(value as string, new Set(named))) {
    const missing = [...new Set(named)].filter((n) => !providers!.has(n));
    return (
      `${JSON.stringify(key)} holds config provider placeholders (${missing.map((n) => `\${${n}:...}`).join(", ")}), which is right, but this table's 'properties.config.providers' does not enable ${missing.map((n) => `'${n}'`).join(", ")}: ` +
      `the Kafka client would take the text itself as the credential; add 'properties.config.providers' = '${[...providers!, ...missing].join(",")}' and ` +
      missing.map((n) => `'properties.config.providers.${n}.class' = '${n === "env" ? "org.apache.kafka.common.config.provider.EnvVarConfigProvider" : n === "file" ? "org.apache.kafka.common.config.provider.FileConfigProvider" : "<its ConfigProvider class>"}'`).join(" and ") +
      (missing.includes("env") ? " (kafka-clients 3.5+)" : "")
    );
  }
  // A JAAS line is a credential only when an option in it holds one (MSK IAM's
  // "IAMLoginModule required;" or a Kerberos keyTab path holds none).
  if (facts.jaas && typeof value === "string" && !jaasCredentials(value, providers ?? new Set()).literal) {
    return valueCarriesCredential(value) ? credentialValueMessage(`the value of ${JSON.stringify(key)}`, where, target, connector) : undefined;
  }
  if (facts.credential) return credentialKeyMessage(key, where, target, connector);
  // containerized.*.env.GOOGLE_APPLICATION_CREDENTIALS with the key file's content, not its path.
  const variable = containerEnvVariable(key);
  const keyContent = variable === undefined ? undefined : keyContentRemedy(variable, value);
  if (keyContent !== undefined) return `${lands(key, where)}${keyContent[0]!.toUpperCase()}${keyContent.slice(1)}`;
  if (typeof value === "string" && valueCarriesCredential(value)) return credentialValueMessage(`the value of ${JSON.stringify(key)}`, where, target, connector);
  return undefined;
}

/**
 * The message for a value that embeds a credential: `subject` (e.g. "catalog.uri", `the value of
 * "url"`), found in the map `where` when it is one (as for credentialKeyMessage), for `target`.
 */
export function credentialValueMessage(subject: string, where?: string, target?: CredentialTarget, connector?: string): string {
  const place = where ?? subject;
  const t = targetOf(place, target);
  const lead = `${subject} embeds a credential (user:password@ or a password=/token= parameter), and it is rendered in plain text. `;
  if (place === GENERIC_TABLE_WITH || place === FLINK_TABLE_HINT) return lead + connectorRemedy(t, connector).replace(/\.$/, "");
  if (t === "kubernetes") {
    return `${lead}Remove it from the value and pass the credential to the Flink pods as an environment variable from a Kubernetes Secret (kubernetes.envFromSecrets)`;
  }
  if (place.startsWith("catalog.")) {
    return (
      // A REST catalog's basic auth: iceberg rest/auth AuthProperties; env:NAME resolved by iceberg EnvironmentUtil.resolveAll wherever the catalog loads (credential-remedies.ts ICEBERG_READERS).
      `${lead}Remove it from the value: a REST catalog takes user:password as rest.auth.type = basic with rest.auth.basic.username and rest.auth.basic.password = env:NAME ` +
      `in catalog.properties, and an OAuth2 token or credential as token / credential = env:NAME; set NAME ${credentialEnvironment(t, true)} (an unset variable drops the property)`
    );
  }
  return `${lead}Remove it from the value and pass the credential ${credentialEnvironment(t, true)}: ${ICEBERG_READERS}; a Kafka client property references it as \${env:NAME} (properties.config.providers)`;
}

/**
 * The message for a Pulumi Output under credential key `key` of the map `where`, rendered into
 * `into`: neither the Output nor its value may stand there, so the message leads with where the
 * credential goes instead. In catalog.properties: a REST catalog's env:NAME (iceberg
 * RESTSessionCatalog.initialize → EnvironmentUtil.resolveAll; the catalog type is not known here),
 * else the environment S3 clients read; elsewhere credentialKeyMessage's route.
 */
function deferredCredentialMessage(key: string, where: string, into: string): string {
  const lead = `is a Pulumi Output under a credential key: a credential must not be written into ${where} at all, neither as an Output nor as the value itself, since ${where} is rendered in plain text into ${into}. `;
  if (where === "catalog.properties") {
    const name = `ICEBERG_${key.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_+|_+$/g, "")}`;
    return (
      lead +
      `For a REST catalog, write the property as env:NAME, e.g. ${JSON.stringify(key)}: "env:${name}": Iceberg reads NAME from the environment of each process that loads the catalog (an unset variable drops the property); ` +
      `set NAME ${credentialEnvironment(undefined, true)}. Other catalogs resolve no env:NAME: S3 clients read AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY from that environment, or use a catalog that authenticates from the environment`
    );
  }
  const general = credentialKeyMessage(key, where);
  const landed = lands(key, where);
  return lead + (general.startsWith(landed) ? general.slice(landed.length) : general);
}

/**
 * The message for the value of entry `key` of the map `where` (e.g. "extraOptions"), rendered
 * into `into` (default the WITH clause), that is no plain string: a Pulumi Output (the map is
 * rendered at preview, and a secret may not be rendered at all, SPEC decision 8), a number or
 * boolean (write it as a string; not echoed when `key` names a credential), anything else. An
 * Output under a credential key gets where the credential goes instead (deferredCredentialMessage).
 */
export function plainStringValueProblem(value: unknown, key: string, where: string, into = "the WITH clause"): string {
  if (isDeferred(value)) {
    // A credential (a pulumi.secret, mostly) belongs in no value here: lead with the route that works, not with "write the value".
    if (isCredentialKey(key)) return deferredCredentialMessage(key, where, into);
    return (
      `is a Pulumi Output, and ${where} values are rendered into ${into} at preview, so they must be plain strings: write the value itself ` +
      `(e.g. new pulumi.Config().require(...)). A secret must not be rendered there at all (the script is plain text): pass it ${credentialEnvironment(undefined, true)}` +
      (into === "the WITH clause" ? " and reference it as ${env:NAME} in a Kafka client property (properties.config.providers) or env:NAME in a REST catalog property" : "")
    );
  }
  if (typeof value === "number" || typeof value === "boolean") {
    // A credential key's value is not echoed (it would land in preview and CI logs).
    return isCredentialKey(key) ? "must be a string (and, as a credential, not be here at all)" : `must be a string: write ${JSON.stringify(String(value))}`;
  }
  return `must be a plain string (got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value})`;
}
