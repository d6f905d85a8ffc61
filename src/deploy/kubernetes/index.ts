/**
 * The Kubernetes target of FlinkSqlJob (Flink Kubernetes Operator): args, validation, pure
 * manifests and the Pulumi layer.
 */
export type { KubernetesArgs, KubernetesJobFacts, KubernetesResourceArgs, LabelledStatement, PlainKubernetesArgs, SecretKeyRefArgs, SqlRunnerArgs } from "./args.js";
export { KUBERNETES_DEFAULTS } from "./args.js";
export { kubernetesChildArgs, kubernetesDeployment, type KubernetesChildArgs, type KubernetesDeployment, type KubernetesJobInput } from "./deploy.js";
export { buildKubernetesManifests, deploymentName, type KubernetesManifests } from "./manifests.js";
export { deriveDeploymentName, scriptNames, SCRIPT_MOUNT_DIR, type ScriptNames } from "./naming.js";
export { findRunnerHazards } from "./runner-hazards.js";
export { validateKubernetesArgs } from "./validate.js";
export { SQL_DRIVER_CLASS, SUPPORTED_FLINK_VERSIONS, type FlinkVersion } from "./versions.js";
export { waitAnnotations, waitCondition, type WaitCondition } from "./wait.js";
