/**
 * The props of the `kubernetes` arg (args.ts): their names (an unknown key is a preview error,
 * validation/known-keys.ts) and the JSON type of every plain one, checked at construction
 * before its values are (deploy/arg-types.ts): `allowNonRestoredState: "yes"` would otherwise be
 * rendered into the FlinkDeployment as a string, which the API server refuses at `pulumi up` (the
 * operator's CRD, flink-kubernetes-operator helm/flink-kubernetes-operator/crds/
 * flinkdeployments.flink.apache.org-v1.yml, declares `spec.job.allowNonRestoredState` boolean).
 * Props whose own check already says what a wrong type is are left to it: `timeout` (wait.ts
 * timeoutProblem), `jobManager.cpu` / `.memory` and `sqlRunner.jarURI` (validate.ts), the
 * Secret name and key of an `envFromSecrets` entry (validate-maps.ts).
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { checkArgTypes, withoutProps, type ArgTypeRule, type ArgTypeTable } from "../arg-types.js";
import type { KubernetesArgs } from "./args.js";
import { SUPPORTED_FLINK_VERSIONS } from "./versions.js";

/** Every key of KubernetesArgs (args.ts). */
export const KUBERNETES_ARG_KEYS = [
  "namespace",
  "name",
  "image",
  "flinkVersion",
  "serviceAccount",
  "mode",
  "jobManager",
  "taskManager",
  "upgradeMode",
  "state",
  "checkpointDir",
  "savepointDir",
  "initialSavepointPath",
  "allowNonRestoredState",
  "flinkConfiguration",
  "sqlRunner",
  "env",
  "envFromSecrets",
  "podTemplate",
  "awaitReady",
  "timeout",
  "provider",
] as const satisfies readonly (keyof KubernetesArgs)[];
/** Compile-time check that the list above names every key of KubernetesArgs. */
const KUBERNETES_ARG_KEYS_COMPLETE: [Exclude<keyof KubernetesArgs, (typeof KUBERNETES_ARG_KEYS)[number]>] extends [never] ? true : never = true;
void KUBERNETES_ARG_KEYS_COMPLETE;

const PLAIN_CONFIGURATION = "the FlinkDeployment's configuration is rendered at preview and stored in plain text, so write a plain map of strings (a secret belongs in kubernetes.envFromSecrets)";

/** The types of the props of KubernetesArgs (every key but `timeout`). */
export const KUBERNETES_ARG_TYPES: Readonly<Record<Exclude<keyof KubernetesArgs, "timeout">, ArgTypeRule>> = {
  namespace: { type: "string", write: 'a namespace name, e.g. "flink-jobs"' },
  name: { type: "string", write: 'a FlinkDeployment name, e.g. "orders-ingest"' },
  image: { type: "string", write: 'an image reference, e.g. "registry.example.com/flink-iceberg:1.20"' },
  flinkVersion: { type: "string", write: `one of ${SUPPORTED_FLINK_VERSIONS.map((v) => JSON.stringify(v)).join(", ")}` },
  serviceAccount: { type: "string", write: 'a ServiceAccount name, e.g. "flink"' },
  mode: { type: "string", write: '"native" or "standalone"' },
  jobManager: { type: "object", write: 'an object { cpu?, memory?, replicas? }, e.g. { cpu: 1, memory: "2048m" }' },
  taskManager: { type: "object", write: 'an object { cpu?, memory?, replicas? }, e.g. { cpu: 1, memory: "2048m" }' },
  upgradeMode: { type: "string", write: '"stateless", "savepoint" or "last-state"' },
  state: { type: "string", write: '"running" or "suspended"' },
  checkpointDir: { type: "string", write: 'a directory URI, e.g. "s3://bucket/checkpoints"' },
  savepointDir: { type: "string", write: 'a directory URI, e.g. "s3://bucket/savepoints"' },
  initialSavepointPath: { type: "string", write: 'a savepoint path, e.g. "s3://bucket/savepoints/savepoint-1a2b3c-0123456789ab"' },
  allowNonRestoredState: { type: "boolean" },
  flinkConfiguration: { type: "map", write: 'a map of Flink option names to string values, e.g. { "taskmanager.numberOfTaskSlots": "2" }', plainOnly: PLAIN_CONFIGURATION },
  sqlRunner: { type: "object", write: 'an object { jarURI, entryClass? }, e.g. { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" }' },
  env: {
    type: "map",
    write: 'a map of variable names to string values, e.g. { LOG_LEVEL: "INFO" }',
    plainOnly: "env values are rendered at preview and stored in plain text in the FlinkDeployment, so write a plain map of strings (a secret belongs in kubernetes.envFromSecrets)",
  },
  envFromSecrets: {
    type: "map",
    write: 'a map of variable names to Secret keys, e.g. { AWS_ACCESS_KEY_ID: { secretName: "s3", key: "access-key" } }',
    plainOnly: 'the variables are rendered into the pod template at preview, so write a plain map of names to { secretName, key } (a Secret\'s name and key are no secret)',
  },
  podTemplate: { type: "object", write: 'a core/v1 Pod template object, e.g. { spec: { nodeSelector: { pool: "flink" } } }' },
  awaitReady: { type: "boolean" },
  provider: { type: "object", write: "a Kubernetes provider (new k8s.Provider(...)), or leave it unset for the ambient one" },
};

/** jobManager / taskManager: `cpu` and `memory` are checked by validate.ts checkResource. */
const RESOURCE_ARG_TYPES: ArgTypeTable = { replicas: { type: "number", write: "a whole number of pods, e.g. 1" } };
/** sqlRunner: `jarURI` is checked by validate.ts checkRunner. */
const SQL_RUNNER_ARG_TYPES: ArgTypeTable = { entryClass: { type: "string", write: 'a Java class name, e.g. "org.apache.flink.examples.SqlRunner"' } };
/** An envFromSecrets entry: `secretName` and `key` are checked by validate-maps.ts checkEnvironment. */
const SECRET_KEY_REF_ARG_TYPES: ArgTypeTable = { optional: { type: "boolean" } };

/** `value` without its props of the wrong type (recorded in `diag` under `path`), when it is an object. */
function checkedNested<T>(value: T, table: ArgTypeTable, path: string, diag: Diagnostics): T {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return withoutProps(value, checkArgTypes(value, table, diag.at(path)));
}

/**
 * Records an error in `k` (the collector at `kubernetes`) for each prop of `args` of the wrong JSON
 * type, nested props included, and returns `args` without them, for the checks of the values.
 */
export function checkKubernetesArgTypes(args: KubernetesArgs, k: Diagnostics): KubernetesArgs {
  const top = withoutProps(args, checkArgTypes(args, KUBERNETES_ARG_TYPES, k));
  const nested: Record<string, unknown> = {};
  for (const part of ["jobManager", "taskManager"] as const) {
    if (top[part] !== undefined) nested[part] = checkedNested(top[part], RESOURCE_ARG_TYPES, part, k);
  }
  if (top.sqlRunner !== undefined) nested.sqlRunner = checkedNested(top.sqlRunner, SQL_RUNNER_ARG_TYPES, "sqlRunner", k);
  if (typeof top.envFromSecrets === "object" && top.envFromSecrets !== null && !Array.isArray(top.envFromSecrets)) {
    const refs: Record<string, unknown> = {};
    for (const [name, ref] of Object.entries(top.envFromSecrets)) refs[name] = checkedNested(ref, SECRET_KEY_REF_ARG_TYPES, `envFromSecrets[${JSON.stringify(name)}]`, k);
    nested.envFromSecrets = refs;
  }
  return Object.keys(nested).length === 0 ? top : ({ ...top, ...nested } as KubernetesArgs);
}
