/**
 * The parts of a job's Kubernetes manifests (manifests.ts) that depend on neither the job's name
 * nor its script: the FlinkDeployment's `spec.flinkConfiguration`, `spec.jobManager`,
 * `spec.taskManager`, the wait annotations of its metadata, the environment entries, and, without
 * a user `podTemplate`, the Flink container of `spec.podTemplate` (env and the script mount). The
 * ConfigMap, the names, `spec.job` and the script volume are made per job.
 *
 * Kept per content (issue 9): a stack builds its jobs from one loop over one `kubernetes` object,
 * so these parts are the same for every job of it. sharedManifestParts keeps them under the
 * content key of the Kubernetes checks (validation-memo.ts kubernetesChecksKey), which writes out
 * every value of the `kubernetes` arg and every job fact these parts read (`flinkConfiguration`,
 * `parallelism`, `runtimeMode`, `bounded`; not `jobName`, which they do not read). Kept parts are
 * deep-frozen at creation (bounded-memo.ts deepFreeze) and shared by the manifests of every job
 * with that key, each job getting its own unfrozen copy (bounded-memo.ts thawedCopy): the
 * manifests are the children's inputs, which a Pulumi transformation (resource option or stack
 * transformation) receives as `props` and may change in place, for its own job only. Copying the
 * kept parts is cheaper than building them (sorting and merging the configuration, the env
 * entries, the wait annotations). Bounded to MEMO_ENTRIES keys.
 */
import { BoundedMemo, deepFreeze, thawedCopy } from "../../validation/bounded-memo.js";
import { KUBERNETES_DEFAULTS, type KubernetesJobFacts, type KubernetesResourceArgs, type PlainKubernetesArgs } from "./args.js";
import { deploymentFlinkConfiguration } from "./flink-configuration.js";
import { commonPodTemplate, envEntries } from "./pod-template.js";
import { waitAnnotations } from "./wait.js";

type Json = Record<string, unknown>;

/** What ManifestParts is made of; see the module comment. */
export interface ManifestParts {
  /** `spec.flinkConfiguration` (deploymentFlinkConfiguration). */
  readonly flinkConfiguration: Readonly<Record<string, string>>;
  /** `spec.jobManager`: `{ resource: { cpu, memory }, replicas }`. */
  readonly jobManager: Readonly<Json>;
  /** `spec.taskManager`: `{ resource: { cpu, memory }, replicas? }`. */
  readonly taskManager: Readonly<Json>;
  /** The FlinkDeployment's `metadata.annotations` (wait.ts waitAnnotations). */
  readonly annotations: Readonly<Record<string, string>>;
  /** The Flink container's env entries (pod-template.ts envEntries). */
  readonly env: readonly Json[];
  /**
   * Without a user `podTemplate`: `spec.podTemplate.spec.containers` (the Flink container with
   * `env` and the script mount; pod-template.ts commonPodTemplate). Undefined with one: the user's
   * template is merged per job.
   */
  readonly containers: readonly Json[] | undefined;
}

function resource(r: KubernetesResourceArgs | undefined): Json {
  return { cpu: r?.cpu ?? KUBERNETES_DEFAULTS.cpu, memory: r?.memory ?? KUBERNETES_DEFAULTS.memory };
}

/** The parts of the manifests of `args` and `job` that depend on neither the job's name nor its script; new objects at each call. */
export function manifestParts(args: PlainKubernetesArgs, job: KubernetesJobFacts): ManifestParts {
  const jobManager: Json = {
    resource: resource(args.jobManager),
    replicas: args.jobManager?.replicas ?? KUBERNETES_DEFAULTS.jobManagerReplicas,
  };
  const taskManager: Json = { resource: resource(args.taskManager) };
  if (args.taskManager?.replicas !== undefined) taskManager.replicas = args.taskManager.replicas;
  // In the order buildKubernetesManifests made them before they were parts.
  const flinkConfiguration = deploymentFlinkConfiguration(args, job);
  const env = envEntries(args.env, args.envFromSecrets);
  // The script volume's ConfigMap name is left out here (the template's volumes are not taken).
  const containers = args.podTemplate === undefined ? (commonPodTemplate(undefined, env, "").spec as { containers: Json[] }).containers : undefined;
  return { flinkConfiguration, jobManager, taskManager, annotations: waitAnnotations(args, job), env, containers };
}

const partsByKey = new BoundedMemo<string, ManifestParts>();

/**
 * manifestParts of `args` and `job`, kept under `key`: the content key of the Kubernetes checks of
 * the same `args` against the same `job` (validation-memo.ts lastChecksKey), which covers every
 * value manifestParts reads. Kept deep-frozen; each call gets its own unfrozen copy.
 */
export function sharedManifestParts(key: string, args: PlainKubernetesArgs, job: KubernetesJobFacts): ManifestParts {
  return thawedCopy(partsByKey.computed(key, () => deepFreeze(manifestParts(args, job))));
}

/** For tests: how many keys are kept. */
export const manifestPartsMemo = {
  get size(): number {
    return partsByKey.size;
  },
};
