/**
 * The labels and annotations of the user's pod template, as the API server validates an object's
 * metadata (k8s apimachinery `pkg/api/validation/objectmeta.go` ValidateAnnotations and
 * `pkg/apis/meta/v1/validation` ValidateLabels, with `pkg/util/validation/validation.go`
 * IsQualifiedName, IsValidLabelValue, IsDNS1123Subdomain). The FlinkDeployment CRD types
 * `spec.podTemplate.metadata` as plain maps of strings, so `pulumi up` applies a bad key or value;
 * Flink copies them onto the JobManager Deployment and the TaskManager pods it creates from the
 * template, and the API server refuses those, so the cluster never starts. Checked here:
 * - a label key and an annotation key: an optional prefix (a DNS subdomain: lowercase, at most 253
 *   characters) and '/', then a name of at most 63 characters, letters, digits, '-', '_' and '.',
 *   beginning and ending with a letter or digit (an annotation key is checked in lower case:
 *   ValidateAnnotations lowercases it first);
 * - a label value: empty, or at most 63 characters of the same kind as a name;
 * - the annotations' total size: keys and values together at most 256 KiB (TotalAnnotationSizeLimitB).
 * Values that are not strings are left to the CRD's schema (the API server refuses them at apply).
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { isDnsSubdomain } from "./naming.js";

/** apimachinery TotalAnnotationSizeLimitB: 256 KiB over every annotation's key and value, in bytes. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;
const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const NAME_RULE = "letters, digits, '-', '_' and '.', beginning and ending with a letter or digit";

/** Why `key` is no qualified name (IsQualifiedName), or undefined when it is one. */
export function qualifiedNameProblem(key: string): string | undefined {
  const parts = key.split("/");
  if (parts.length > 2) return "it has more than one '/' (a key is [prefix/]name)";
  const name = parts[parts.length - 1]!;
  if (parts.length === 2) {
    const prefix = parts[0]!;
    if (prefix === "") return "the prefix before '/' is empty";
    if (prefix.length > 253) return `its prefix is ${prefix.length} characters, at most 253`;
    if (!isDnsSubdomain(prefix)) return `its prefix ${JSON.stringify(prefix)} is no DNS subdomain (lowercase letters, digits, '-' and '.', beginning and ending with a letter or digit)`;
  }
  if (name === "") return parts.length === 2 ? "the name after '/' is empty" : "it is empty";
  if (name.length > 63) return `its name is ${name.length} characters, at most 63`;
  if (!NAME.test(name)) return `its name ${JSON.stringify(name)} may hold only ${NAME_RULE}`;
  return undefined;
}

/** Why `value` is no label value (IsValidLabelValue), or undefined when it is one. */
export function labelValueProblem(value: string): string | undefined {
  if (value === "") return undefined;
  if (value.length > 63) return `it is ${value.length} characters, at most 63`;
  if (!NAME.test(value)) return `it may hold only ${NAME_RULE}`;
  return undefined;
}

const REFUSED = "the API server refuses the JobManager Deployment and TaskManager pods Flink creates from the pod template, so the cluster never starts";

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Reports the pod template's label and annotation keys and values the API server would refuse (see above). */
export function checkPodTemplateMetadata(podTemplate: Readonly<Record<string, unknown>> | undefined, diag: Diagnostics): void {
  const metadata = isMap(podTemplate) ? podTemplate.metadata : undefined;
  if (!isMap(metadata)) return;
  const at = "kubernetes.podTemplate.metadata";
  const labels = metadata.labels;
  if (isMap(labels)) {
    for (const [key, value] of Object.entries(labels)) {
      const path = `${at}.labels[${JSON.stringify(key)}]`;
      const keyProblem = qualifiedNameProblem(key);
      if (keyProblem !== undefined) {
        diag.error(path, `${JSON.stringify(key)} is no valid label key: ${keyProblem}; ${REFUSED} (k8s apimachinery IsQualifiedName). Write e.g. "team" or "example.com/team"`);
      }
      const valueProblem = typeof value === "string" ? labelValueProblem(value) : undefined;
      if (valueProblem !== undefined) {
        diag.error(path, `the value ${JSON.stringify(value)} is no valid label value: ${valueProblem}; ${REFUSED} (k8s apimachinery IsValidLabelValue). Write e.g. "data-platform", or put longer text in an annotation`);
      }
    }
  }
  const annotations = metadata.annotations;
  if (!isMap(annotations)) return;
  let size = 0;
  for (const [key, value] of Object.entries(annotations)) {
    size += Buffer.byteLength(key) + (typeof value === "string" ? Buffer.byteLength(value) : 0);
    const keyProblem = qualifiedNameProblem(key.toLowerCase());
    if (keyProblem !== undefined) {
      diag.error(`${at}.annotations[${JSON.stringify(key)}]`, `${JSON.stringify(key)} is no valid annotation key: ${keyProblem}; ${REFUSED} (k8s apimachinery ValidateAnnotations). Write e.g. "example.com/owner"`);
    }
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) {
    diag.error(
      `${at}.annotations`,
      `are ${size} bytes (keys and values), above the ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes (256 KiB) the API server takes ("must have at most ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes", k8s apimachinery TotalAnnotationSizeLimitB); ${REFUSED}. ` +
        "Keep large data out of annotations: put it in a ConfigMap and mount it as a volume",
    );
  }
}
