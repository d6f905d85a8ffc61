/**
 * Environment variable names that carry a credential (kubernetes.env, a pod template's env): every
 * name isCredentialKey finds (PASSWORD, TOKEN, SECRET, ACCESS_KEY, API_KEY ...) and, in a variable
 * name only, a KEY that ends the name (`S3_KEY`, `STRIPE_KEY`, `ENCRYPTION_KEY`, `SIGNING_KEY_2`):
 * a variable holds a value, and the value of a named key is the key itself. Not one:
 * - KEY before another word: the variable names a setting of keys (`KEY_FORMAT`, `KEY_FIELDS`,
 *   `KEY_ID`; a setting word last, `S3_KEY_FILE`, is isCredentialKey's SETTING_SUFFIXES rule);
 * - a KEY that names a data key, by the word before it (`PARTITION_KEY`, `PRIMARY_KEY`,
 *   `ROUTING_KEY`, `OBJECT_KEY` ...), or a key that is no secret (`PUBLIC_KEY`, `KMS_KEY`, an id);
 * - KEY alone: no name says what it keys.
 * A product's key stays one (`KAFKA_KEY` is Confluent Cloud's API key in its examples).
 * Option keys keep isCredentialKey's rule: there `key` ends many settings (Kafka `key.fields`, a
 * table's `partition.key`), and the credential keys have their own pairs (`secret-key`, `sse.key`),
 * except the Flink keys that set a variable (`containerized.master.env.S3_KEY`: containerEnvVariable),
 * whose variable's name is judged by this rule (secrets.ts namesCredential; the two modules import
 * each other and call each other's functions only when checking, after both loaded).
 */
import { isCredentialKey, keyWords } from "./secrets.js";

/** Words before a last KEY that make it a key of data (a row, message, partition, object) or a key that is public, not a credential. */
const DATA_KEY_WORDS = new Set([
  "partition",
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

/** True when environment variable `name` names a credential (not for PATH_VALUED variables, whose value is a file's path). */
export function isCredentialEnvName(name: string): boolean {
  if (PATH_VALUED.has(name)) return false;
  if (isCredentialKey(name)) return true;
  const w = keyWords(name);
  // KEY last, or before a number only (`SIGNING_KEY_2`), after a word that says which key.
  let last = w.length - 1;
  while (last > 0 && /^\d+$/.test(w[last]!)) last--;
  return last > 0 && w[last] === "key" && !DATA_KEY_WORDS.has(w[last - 1]!);
}
