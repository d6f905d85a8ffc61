/**
 * Environment variables the script reads that the Kubernetes target does not set. A REST catalog
 * property written `env:NAME` is resolved by Iceberg in each process that loads the catalog, and
 * left out of the catalog's properties when NAME is unset (iceberg
 * `core/src/main/java/org/apache/iceberg/util/EnvironmentUtil.java` `resolveAll` puts a resolved
 * value only when the variable is set): the catalog then runs as if the property were not written.
 * For the REST catalog's `credential` or `token` that means no credential at all: iceberg
 * `core/src/main/java/org/apache/iceberg/rest/auth/OAuth2Manager.java` `initSession` fetches a
 * token only when a credential is there and otherwise sends the catalog's calls without an
 * Authorization header, which a server that requires one refuses (HTTP 401) when the job loads the
 * catalog. A Kafka client property `${env:NAME}` is resolved by Kafka's `EnvVarConfigProvider`,
 * which leaves the placeholder as it is when NAME is unset (the client then sends the text itself).
 * A warning, not an error: the image may set the variable (a Dockerfile ENV), which the package
 * cannot see. A variable the pods do get under a near-miss name (POLARIS_CREDENTAIL) is named.
 */
import { containerEnvVariable } from "../../validation/credential-env-names.js";
import type { Diagnostics } from "../../validation/diagnostics.js";
import { closestKey } from "../../validation/known-keys.js";
import { isCredentialKey } from "../../validation/secrets.js";
import type { KubernetesArgs, KubernetesJobFacts } from "./args.js";

/** `'key' = 'env:NAME'`: an option whose whole value is env:NAME (a REST catalog property). */
const CATALOG_REFERENCE = /'((?:[^']|'')*)'\s*=\s*'env:([A-Za-z_][A-Za-z0-9_]*)'/g;
/** `${env:NAME}` inside an option value (a Kafka config provider placeholder). */
const KAFKA_REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** Flink's Kubernetes option that sets container variables from Secrets (KubernetesConfigOptions.KUBERNETES_ENV_SECRET_KEY_REF). */
const SECRET_KEY_REF = "kubernetes.env.secretKeyRef";

/**
 * The variables the pods get, each with where it is set: kubernetes.env, kubernetes.envFromSecrets,
 * the `env` of flink-main-container in podTemplate, containerized.*.env.* and
 * kubernetes.env.secretKeyRef in the deployment's configuration `conf`; undefined when they cannot
 * be known (an `envFrom` on flink-main-container imports a whole Secret or ConfigMap).
 */
function podVariables(args: KubernetesArgs, conf: Readonly<Record<string, string>>): Map<string, string> | undefined {
  const names = new Map<string, string>();
  for (const name of Object.keys(args.env ?? {})) names.set(name, "kubernetes.env");
  for (const name of Object.keys(args.envFromSecrets ?? {})) names.set(name, "kubernetes.envFromSecrets");
  // `conf` is the deployment's whole Flink configuration (kubernetes.flinkConfiguration included).
  for (const key of Object.keys(conf)) {
    const variable = containerEnvVariable(key);
    if (variable !== undefined) names.set(variable, `the Flink configuration's ${key}`);
  }
  // flink KubernetesConfigOptions `kubernetes.env.secretKeyRef`: "env:NAME,secret:s,key:k;env:...".
  const refs = conf[SECRET_KEY_REF];
  if (typeof refs === "string") for (const m of refs.matchAll(/(?:^|;)\s*env:\s*([^,;]+?)\s*(?=,|;|$)/g)) names.set(m[1]!, SECRET_KEY_REF);
  const spec = (args.podTemplate as { spec?: { containers?: unknown } } | undefined)?.spec;
  const containers = Array.isArray(spec?.containers) ? (spec.containers as { name?: unknown; env?: unknown; envFrom?: unknown }[]) : [];
  for (const c of containers) {
    if (c === null || typeof c !== "object" || c.name !== "flink-main-container") continue;
    if (Array.isArray(c.envFrom) && c.envFrom.length > 0) return undefined;
    if (Array.isArray(c.env)) for (const e of c.env as { name?: unknown }[]) if (typeof e?.name === "string") names.set(e.name, "flink-main-container's env in podTemplate");
  }
  return names;
}

/** What becomes of the Iceberg catalog property `key` written env:NAME when NAME is unset. */
function unsetCatalogProperty(key: string): string {
  const dropped = `the Iceberg catalog property '${key}' written env:NAME; Iceberg leaves the property out when the variable is unset, `;
  if (key === "credential" || key === "token") {
    return `${dropped}so the REST catalog calls its server with no credential, which a server that requires one refuses (HTTP 401), and the job fails when it loads the catalog`;
  }
  return `${dropped}so the catalog runs as if the property were not set${isCredentialKey(key) ? ", without this credential" : ", with its default"}`;
}

/** True when offset `at` of the script lies in a CREATE TABLE of an Iceberg connector table (env:NAME means something there only). */
function inIcebergTable(script: string, at: number): boolean {
  const start = script.lastIndexOf("CREATE TABLE", at);
  const end = script.indexOf(";\n", at);
  return start >= 0 && /'connector'\s*=\s*'iceberg'/.test(script.slice(start, end < 0 ? script.length : end));
}

/** Warnings at `kubernetes` for each variable the script reads that the pods do not get. */
export function checkEnvReferences(args: KubernetesArgs, job: KubernetesJobFacts, conf: Readonly<Record<string, string>>, diag: Diagnostics): void {
  const script = job.scriptText;
  if (script === undefined || !script.includes("env:")) return;
  const vars = podVariables(args, conf);
  if (vars === undefined) return;
  const missing = new Map<string, string>();
  for (const m of script.matchAll(CATALOG_REFERENCE)) {
    if (vars.has(m[2]!) || !inIcebergTable(script, m.index!)) continue;
    missing.set(m[2]!, unsetCatalogProperty(m[1]!.replace(/''/g, "'")));
  }
  for (const m of script.matchAll(KAFKA_REFERENCE)) {
    if (!vars.has(m[1]!) && !missing.has(m[1]!)) missing.set(m[1]!, "a Kafka client property's ${env:NAME} placeholder; Kafka's EnvVarConfigProvider leaves it as it is when the variable is unset, so the client sends the text itself");
  }
  for (const [name, what] of missing) {
    const near = closestKey(name, [...vars.keys()]);
    const remedy =
      near !== undefined
        ? `; did you mean ${near}, set by ${vars.get(near)}? Write the same name in both places`
        : `: set it, e.g. envFromSecrets: { ${name}: { secretName: "<secret>", key: "<key>" } }`;
    diag.warn(
      "kubernetes",
      `the script reads the environment variable ${name} (${what}), and neither kubernetes.env, kubernetes.envFromSecrets nor flink-main-container's env in podTemplate sets it` +
        `${remedy} (ignore this if the image itself sets ${name})`,
    );
  }
}
