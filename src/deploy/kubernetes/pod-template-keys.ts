/**
 * Keys of the user's pod template that the API server would drop.
 *
 * The FlinkDeployment CRD declares `spec.podTemplate` with a structural schema (the core/v1 Pod's
 * fields, without `x-kubernetes-preserve-unknown-fields`; flink-kubernetes-operator
 * helm/flink-kubernetes-operator/crds/flinkdeployments.flink.apache.org-v1.yml, release 1.15.0), so
 * the API server prunes every field the schema does not name, silently: a misspelt `nodeselector`
 * or `tolerations` under `metadata` is accepted by `pulumi up` and never reaches a pod. Checked
 * here: the template's own keys, its `metadata`, its `spec`, and each container and init container
 * (the keys below are the CRD's, compared with it by test/kubernetes-pod-template-keys.test.ts). A
 * key a few characters from a known one (or the same in another letter case) is an error naming
 * it; any other unknown key is a warning, since a later operator's CRD may declare a field that
 * release 1.15.0 does not.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { closestKey } from "../../validation/known-keys.js";

/** The keys of `spec.podTemplate` in the CRD. */
export const TEMPLATE_KEYS = ["apiVersion", "kind", "metadata", "spec", "status"] as const;
/** The keys of `spec.podTemplate.metadata` (ObjectMeta). */
export const METADATA_KEYS = [
  "annotations", "creationTimestamp", "deletionGracePeriodSeconds", "deletionTimestamp", "finalizers", "generateName", "generation", "labels",
  "managedFields", "name", "namespace", "ownerReferences", "resourceVersion", "selfLink", "uid",
] as const;
/** The keys of `spec.podTemplate.spec` (PodSpec). */
export const POD_SPEC_KEYS = [
  "activeDeadlineSeconds", "affinity", "automountServiceAccountToken", "containers", "dnsConfig", "dnsPolicy", "enableServiceLinks", "ephemeralContainers",
  "hostAliases", "hostIPC", "hostNetwork", "hostPID", "hostUsers", "hostname", "imagePullSecrets", "initContainers", "nodeName", "nodeSelector", "os",
  "overhead", "preemptionPolicy", "priority", "priorityClassName", "readinessGates", "resourceClaims", "resources", "restartPolicy", "runtimeClassName",
  "schedulerName", "schedulingGates", "securityContext", "serviceAccount", "serviceAccountName", "setHostnameAsFQDN", "shareProcessNamespace", "subdomain",
  "terminationGracePeriodSeconds", "tolerations", "topologySpreadConstraints", "volumes",
] as const;
/** The keys of a container or init container (Container). */
export const CONTAINER_KEYS = [
  "args", "command", "env", "envFrom", "image", "imagePullPolicy", "lifecycle", "livenessProbe", "name", "ports", "readinessProbe", "resizePolicy",
  "resources", "restartPolicy", "securityContext", "startupProbe", "stdin", "stdinOnce", "terminationMessagePath", "terminationMessagePolicy", "tty",
  "volumeDevices", "volumeMounts", "workingDir",
] as const;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A known key `key` was most likely meant to be: another letter case of one, or one a few characters away. */
function meant(key: string, known: readonly string[]): string | undefined {
  return known.find((k) => k.toLowerCase() === key.toLowerCase()) ?? closestKey(key, known);
}

function checkKeys(value: unknown, known: readonly string[], path: string, where: string, diag: Diagnostics): void {
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = meant(key, known);
    const dropped = `${where} has no field ${JSON.stringify(key)} in the FlinkDeployment CRD, so the API server drops it without an error and no pod gets it`;
    if (near !== undefined) diag.error(`${path}.${key}`, `${dropped}: write ${JSON.stringify(near)} instead`);
    else diag.warn(`${path}.${key}`, `${dropped} (operator release 1.15.0's CRD; a later one may declare it): check its spelling and where it belongs (known: ${known.join(", ")})`);
  }
}

/** Every key of `kubernetes.podTemplate` the CRD's pod template does not declare, at the levels above. */
export function checkPodTemplateKeys(podTemplate: Readonly<Record<string, unknown>> | undefined, diag: Diagnostics): void {
  if (!isObject(podTemplate)) return;
  const at = "kubernetes.podTemplate";
  checkKeys(podTemplate, TEMPLATE_KEYS, at, "a pod template", diag);
  checkKeys(podTemplate.metadata, METADATA_KEYS, `${at}.metadata`, "a pod template's metadata", diag);
  const spec = podTemplate.spec;
  checkKeys(spec, POD_SPEC_KEYS, `${at}.spec`, "a pod spec", diag);
  if (!isObject(spec)) return;
  for (const list of ["containers", "initContainers"] as const) {
    const items = spec[list];
    if (!Array.isArray(items)) continue;
    items.forEach((c: unknown, i) => checkKeys(c, CONTAINER_KEYS, `${at}.spec.${list}[${i}]`, list === "containers" ? "a container" : "an init container", diag));
  }
}
