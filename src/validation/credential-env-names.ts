/**
 * Environment variable names that carry a credential (kubernetes.env, a pod template's env): every
 * name isCredentialKey finds (PASSWORD, TOKEN, SECRET, ACCESS_KEY, API_KEY ...) and, in a variable
 * name only, a KEY that ends the name (`S3_KEY`, `STRIPE_KEY`, `ENCRYPTION_KEY`, `SIGNING_KEY_2`):
 * a variable holds a value, and the value of a named key is the key itself. Not one:
 * - KEY before another word: the variable names a setting of keys (`KEY_FORMAT`, `KEY_FIELDS`,
 *   `KEY_ID`; a setting word last, `S3_KEY_FILE`, is isCredentialKey's SETTING_SUFFIXES rule);
 * - a KEY that names a data key, by the word before it, or a key that is no secret (`PUBLIC_KEY`,
 *   `KMS_KEY`, an id). The rule: the word before KEY says what the key is of. A data key identifies
 *   or selects something in the data or its transport (a partition, row, tenant, topic, message,
 *   object ...), and its value is a name, a field or a selector (`PARTITION_KEY`, `PRIMARY_KEY`,
 *   `ROUTING_KEY`, `TENANT_KEY`, `TOPIC_KEY`, `S3_OBJECT_KEY`), or what a deduplication, upsert,
 *   merge, equality delete or watermark is keyed by (`DEDUPE_KEY`, `UPSERT_KEY`, `WATERMARK_KEY`),
 *   or a field, id, prefix, label, tag or metric the key names (`ORDER_ID_KEY`, `S3_PREFIX_KEY`,
 *   `LABEL_KEY`, `METRIC_KEY`); those words are listed
 *   (DATA_KEY_WORDS), since what else stands before KEY is open-ended: a credential's kind
 *   (`ACCESS_KEY`, `SECRET_KEY`, `PRIVATE_KEY`, `ENCRYPTION_KEY`, `SIGNING_KEY`, `MASTER_KEY`,
 *   Azure's `ACCOUNT_KEY`, `API_KEY`) or a product or service, whose key is its credential
 *   (`S3_KEY`, `STRIPE_KEY`; `KAFKA_KEY` is Confluent Cloud's API key in its examples). A word
 *   that may name either is no data word (`SESSION_KEY`, a cipher's; `STREAM_KEY`, an RTMP
 *   ingest's; `NODE_KEY`, a node's private key; `USER_KEY`, `CONSUMER_KEY`, an API's;
 *   `CONFIG_KEY`, a setting's name or a configuration service's key);
 * - KEY alone: no name says what it keys.
 * Option keys keep isCredentialKey's rule: there `key` ends many settings (Kafka `key.fields`, a
 * table's `partition.key`), and the credential keys have their own pairs (`secret-key`, `sse.key`),
 * except the Flink keys that set a variable (`containerized.master.env.S3_KEY`: containerEnvVariable),
 * whose variable's name is judged by this rule (secrets.ts namesCredential; the two modules import
 * each other and call each other's functions only when checking, after both loaded).
 */
import { isCredentialKey, keyWords } from "./secrets.js";

/** Words before a last KEY that make it a key of data (what it identifies or selects: a row, message, partition, tenant, topic, object) or a key that is public, not a credential. */
const DATA_KEY_WORDS = new Set([
  "partition",
  "tenant",
  "topic",
  "queue",
  "entity",
  "document",
  "item",
  "namespace",
  "dimension",
  "business",
  "natural",
  "surrogate",
  "composite",
  "compound",
  "candidate",
  "alternate",
  "correlation",
  "lock",
  "primary",
  "foreign",
  "unique",
  "sort",
  "sorting",
  "routing",
  "shard",
  "sharding",
  "cache",
  "message",
  "record",
  "row",
  "join",
  "hash",
  "range",
  "distribution",
  "group",
  "grouping",
  "lookup",
  "bucket",
  "object",
  "dedup",
  "deduplication",
  "idempotency",
  "event",
  "sequence",
  "cluster",
  "clustering",
  "order",
  "index",
  "map",
  "field",
  "column",
  "state",
  "table",
  // What a deduplication / upsert / merge / equality delete or a watermark is keyed by: a field.
  "dedupe",
  "upsert",
  "merge",
  "equality",
  "watermark",
  // A field, label or name the key selects: an id (`ORDER_ID_KEY`), an object prefix, a label, tag or metric.
  "id",
  "prefix",
  "label",
  "tag",
  "metric",
  "attribute",
  "header",
  "public",
  "kms",
]);

/**
 * Flink configuration keys that set an environment variable of the JobManager / TaskManager
 * processes, the rest of the key being the variable's name: flink `ResourceManagerOptions`
 * CONTAINERIZED_MASTER_ENV_PREFIX ("containerized.master.env.") and
 * CONTAINERIZED_TASK_MANAGER_ENV_PREFIX ("containerized.taskmanager.env."), which the Kubernetes
 * and YARN deployments read (case-sensitive, as Flink's configuration keys are).
 */
const CONTAINER_ENV_KEY = /^containerized\.(?:master|taskmanager)\.env\.(.+)$/;

/** The variable a `containerized.master.env.NAME` / `containerized.taskmanager.env.NAME` key sets; undefined for any other key. */
export function containerEnvVariable(key: string): string | undefined {
  return CONTAINER_ENV_KEY.exec(key)?.[1];
}

/**
 * Variables whose value is, by their owner's convention, the path of a file holding the credential,
 * not the credential: GOOGLE_APPLICATION_CREDENTIALS (Google's Application Default Credentials:
 * "the path to the JSON file that contains your credentials"; google-auth-library
 * DefaultCredentialsProvider, read so by Flink's GCS filesystem, flink-gs-fs-hadoop). Mounting the
 * file from a Kubernetes Secret and setting the variable in plain text is the documented way.
 */
const PATH_VALUED = new Set(["GOOGLE_APPLICATION_CREDENTIALS"]);

/**
 * A service account key file's JSON content, the file google-auth-library reads (its
 * ServiceAccountCredentials take `"type": "service_account"` and `"private_key"`): an object whose
 * text has either.
 */
const KEY_FILE_CONTENT = /^\s*\{[\s\S]*(?:"private_key"|"type"\s*:\s*"service_account")/;

/**
 * The remedy when PATH_VALUED variable `name` holds `value`, a key file's content instead of its
 * path: that is the credential in plain text, and no path either (google-auth-library
 * `DefaultCredentialsProvider` opens the variable's value as a file: "Error reading credential file
 * from environment variable GOOGLE_APPLICATION_CREDENTIALS, value '...': File does not exist.").
 * Undefined for any other variable or value.
 */
export function keyContentRemedy(name: string, value: unknown): string | undefined {
  if (!PATH_VALUED.has(name) || typeof value !== "string" || !KEY_FILE_CONTENT.test(value)) return undefined;
  return (
    // google-auth-library DefaultCredentialsProvider reads the variable as a file path.
    `the value is a service account key's JSON content, but Google's Application Default Credentials read ${name} as the key file's path ` +
    `("Error reading credential file from environment variable ${name}, value '...': File does not exist."); ` +
    "put the key file in a Kubernetes Secret, mount it with kubernetes.podTemplate (a secret volume and a volumeMount of flink-main-container, e.g. at /var/secrets/google) " +
    `and set ${name} to the file's path (e.g. /var/secrets/google/key.json)`
  );
}

/** True when environment variable `name` names a credential (not for PATH_VALUED variables, whose value is a file's path: keyContentRemedy judges it). */
export function isCredentialEnvName(name: string): boolean {
  if (PATH_VALUED.has(name)) return false;
  if (isCredentialKey(name)) return true;
  const w = keyWords(name);
  // KEY last, or before a number only (`SIGNING_KEY_2`), after a word that says which key.
  let last = w.length - 1;
  while (last > 0 && /^\d+$/.test(w[last]!)) last--;
  return last > 0 && w[last] === "key" && !DATA_KEY_WORDS.has(w[last - 1]!);
}
