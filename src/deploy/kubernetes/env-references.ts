/**
 * Environment variables the script reads that the Kubernetes target does not set. A REST catalog
 * property written `env:NAME` is resolved by Iceberg in each process that loads the catalog, and
 * dropped when NAME is unset (iceberg `EnvironmentUtil.resolveAll`: the catalog then works without
 * the credential, e.g. a 401 on its first call); a Kafka client property `${env:NAME}` is resolved
 * by Kafka's `EnvVarConfigProvider`, which leaves the placeholder as it is when NAME is unset (the
 * client then sends the text itself). A warning, not an error: the image may set the variable
 * (a Dockerfile ENV), which the package cannot see.
 */
import { containerEnvVariable } from "../../validation/credential-env-names.js";
import type { Diagnostics } from "../../validation/diagnostics.js";
import type { KubernetesArgs, KubernetesJobFacts } from "./args.js";

/** `'env:NAME'` as a whole option value (a REST catalog property). */
const CATALOG_REFERENCE = /=\s*'env:([A-Za-z_][A-Za-z0-9_]*)'/g;
/** `${env:NAME}` inside an option value (a Kafka config provider placeholder). */
const KAFKA_REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** Flink's Kubernetes option that sets container variables from Secrets (KubernetesConfigOptions.KUBERNETES_ENV_SECRET_KEY_REF). */
const SECRET_KEY_REF = "kubernetes.env.secretKeyRef";

/**
 * The variables the pods get: kubernetes.env, kubernetes.envFromSecrets, the `env` of
 * flink-main-container in podTemplate, containerized.*.env.* and kubernetes.env.secretKeyRef in
 * the deployment's configuration `conf`; undefined when they cannot be
 * known (an `envFrom` on flink-main-container imports a whole Secret or ConfigMap).
 */
function podVariables(args: KubernetesArgs, conf: Readonly<Record<string, string>>): Set<string> | undefined {
  const names = new Set<string>([...Object.keys(args.env ?? {}), ...Object.keys(args.envFromSecrets ?? {})]);
  // `conf` is the deployment's whole Flink configuration (kubernetes.flinkConfiguration included).
  for (const key of Object.keys(conf)) {
    const variable = containerEnvVariable(key);
    if (variable !== undefined) names.add(variable);
  }
  // flink KubernetesConfigOptions `kubernetes.env.secretKeyRef`: "env:NAME,secret:s,key:k;env:...".
  const refs = conf[SECRET_KEY_REF];
  if (typeof refs === "string") for (const m of refs.matchAll(/(?:^|;)\s*env:\s*([^,;]+?)\s*(?=,|;|$)/g)) names.add(m[1]!);
  const spec = (args.podTemplate as { spec?: { containers?: unknown } } | undefined)?.spec;
  const containers = Array.isArray(spec?.containers) ? (spec.containers as { name?: unknown; env?: unknown; envFrom?: unknown }[]) : [];
  for (const c of containers) {
    if (c === null || typeof c !== "object" || c.name !== "flink-main-container") continue;
    if (Array.isArray(c.envFrom) && c.envFrom.length > 0) return undefined;
    if (Array.isArray(c.env)) for (const e of c.env as { name?: unknown }[]) if (typeof e?.name === "string") names.add(e.name);
  }
  return names;
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
  const set = podVariables(args, conf);
  if (set === undefined) return;
  const missing = new Map<string, string>();
  for (const m of script.matchAll(CATALOG_REFERENCE)) {
    if (set.has(m[1]!) || !inIcebergTable(script, m.index!)) continue;
    missing.set(m[1]!, "an Iceberg catalog property written env:NAME; Iceberg drops the property when the variable is unset (EnvironmentUtil.resolveAll), so the catalog works without it");
  }
  for (const m of script.matchAll(KAFKA_REFERENCE)) {
    if (!set.has(m[1]!) && !missing.has(m[1]!)) missing.set(m[1]!, "a Kafka client property's ${env:NAME} placeholder; Kafka's EnvVarConfigProvider leaves it as it is when the variable is unset, so the client sends the text itself");
  }
  for (const [name, what] of missing) {
    diag.warn(
      "kubernetes",
      `the script reads the environment variable ${name} (${what}), and neither kubernetes.env, kubernetes.envFromSecrets nor flink-main-container's env in podTemplate sets it: ` +
        `set it, e.g. envFromSecrets: { ${name}: { secretName: "<secret>", key: "<key>" } } (ignore this if the image itself sets ${name})`,
    );
  }
}
