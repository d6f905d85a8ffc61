/**
 * The Kubernetes manifests of a FlinkSqlJob, as plain JSON exactly as `kubectl apply` takes them:
 * a ConfigMap holding the script and a FlinkDeployment (flink.apache.org/v1beta1) in application
 * mode that runs it. Pure: the Pulumi layer (deploy.ts) and `flink-iceberg synth` both use it.
 */
import { KUBERNETES_DEFAULTS, type KubernetesJobFacts, type PlainKubernetesArgs } from "./args.js";
import { jobParallelism } from "./flink-configuration.js";
import { manifestParts, sharedManifestParts } from "./manifest-parts.js";
import { deriveDeploymentName, scriptNames } from "./naming.js";
import { commonPodTemplate, scriptVolume } from "./pod-template.js";
import { flinkVersionTraits, SQL_DRIVER_CLASS } from "./versions.js";

/** The two manifests of a job. */
export interface KubernetesManifests {
  /** core/v1 ConfigMap `<deployment>-sql-<hash>` (immutable) with the script under `script-<hash>.sql`. */
  readonly configMap: Record<string, unknown>;
  /** flink.apache.org/v1beta1 FlinkDeployment. */
  readonly flinkDeployment: Record<string, unknown>;
}

/** The FlinkDeployment `metadata.name`: the `name` arg, else derived from the job's name. */
export function deploymentName(args: Pick<PlainKubernetesArgs, "name">, job: Pick<KubernetesJobFacts, "jobName">): string {
  return args.name ?? deriveDeploymentName(job.jobName);
}

/** Labels put on both manifests: the tool, and the FlinkDeployment name they belong to. */
function labels(deployment: string): Record<string, string> {
  return { "app.kubernetes.io/managed-by": "pulumi-flink-iceberg", "app.kubernetes.io/name": deployment };
}

function metadata(name: string, namespace: string | undefined, deployment: string, annotations?: Readonly<Record<string, string>>): Record<string, unknown> {
  const m: Record<string, unknown> = { name };
  if (namespace !== undefined) m.namespace = namespace;
  m.labels = labels(deployment);
  if (annotations !== undefined) m.annotations = annotations;
  return m;
}

/** `spec.job`: the runner jar (1.19/1.20) or SqlDriver (2.x) with the script path, plus parallelism and upgrade settings. */
function jobSpec(args: PlainKubernetesArgs, job: KubernetesJobFacts, scriptPath: string): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (flinkVersionTraits(args.flinkVersion).runner === "runner") {
    spec.jarURI = args.sqlRunner?.jarURI;
    if (args.sqlRunner?.entryClass !== undefined) spec.entryClass = args.sqlRunner.entryClass;
    spec.args = [scriptPath];
  } else {
    spec.entryClass = SQL_DRIVER_CLASS;
    spec.args = ["--scriptUri", `file://${scriptPath}`];
  }
  spec.parallelism = jobParallelism(job);
  spec.upgradeMode = args.upgradeMode ?? KUBERNETES_DEFAULTS.upgradeMode;
  spec.state = args.state ?? KUBERNETES_DEFAULTS.state;
  if (args.initialSavepointPath !== undefined) spec.initialSavepointPath = args.initialSavepointPath;
  if (args.allowNonRestoredState !== undefined) spec.allowNonRestoredState = args.allowNonRestoredState;
  return spec;
}

/**
 * Builds both manifests from resolved args, the job's facts and the script text. Same inputs give
 * byte-identical JSON (sorted configuration keys, content hash in names, no timestamps); a
 * different script gives a different ConfigMap name and script path, so the FlinkDeployment spec
 * changes and the operator upgrades the job under its upgradeMode.
 *
 * `partsKey`, when given, is the content key of the Kubernetes checks of these `args` against
 * this `job` (validation-memo.ts lastChecksKey): the parts that depend on neither the job's name
 * nor its script are then taken from, or kept in, the memo of manifest-parts.ts (deep-frozen,
 * shared by the jobs with that key); without it every part is a new object.
 */
export function buildKubernetesManifests(args: PlainKubernetesArgs, job: KubernetesJobFacts, script: string, partsKey?: string): KubernetesManifests {
  const name = deploymentName(args, job);
  const names = scriptNames(name, script);
  const parts = partsKey === undefined ? manifestParts(args, job) : sharedManifestParts(partsKey, args, job);

  const configMap = {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: metadata(names.configMapName, args.namespace, name),
    immutable: true,
    data: { [names.fileName]: script },
  };

  const spec: Record<string, unknown> = {
    image: args.image,
    flinkVersion: args.flinkVersion,
    serviceAccount: args.serviceAccount ?? KUBERNETES_DEFAULTS.serviceAccount,
    mode: args.mode ?? KUBERNETES_DEFAULTS.mode,
    flinkConfiguration: parts.flinkConfiguration,
  };
  // Without a user template, commonPodTemplate's result is the Flink container and the script volume.
  spec.podTemplate =
    parts.containers !== undefined
      ? { spec: { containers: parts.containers, volumes: [scriptVolume(names.configMapName)] } }
      : commonPodTemplate(args.podTemplate, parts.env, names.configMapName);
  spec.jobManager = parts.jobManager;
  spec.taskManager = parts.taskManager;
  spec.job = jobSpec(args, job, names.path);

  const flinkDeployment = {
    apiVersion: "flink.apache.org/v1beta1",
    kind: "FlinkDeployment",
    metadata: metadata(name, args.namespace, name, parts.annotations),
    spec,
  };
  return { configMap, flinkDeployment };
}
