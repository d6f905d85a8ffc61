/**
 * Containers of the user's pod template that would have no image.
 *
 * Flink gives the FlinkDeployment's image to one container only: the one named
 * `flink-main-container` in `spec.containers` ("The main container should be defined with name
 * flink-main-container"; its image is in the "Main Container Spec" table of fields Flink sets:
 * apache/flink docs/content/docs/deployment/resource-providers/native_kubernetes.md, "Pod Template"
 * and "Fields Overwritten by Flink"; fields not in those tables, every other container's included,
 * are left as written). The operator merges the pod templates and hands the result to Flink in
 * native mode, or merges it into its own Deployments in standalone mode (flink-kubernetes-operator
 * docs/content/docs/custom-resource/pod-template.md; FlinkConfigBuilder.applyPodTemplate); neither
 * fills in another container's image. Kubernetes then refuses the pod ("spec.containers[i].image:
 * Required value", core/v1 Pod validation), after `pulumi up` has applied the FlinkDeployment: the
 * JobManager never starts. Init containers never get the Flink image either.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";
import { FLINK_CONTAINER } from "./pod-template.js";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** True when a container's `image` is missing: unset, null, or a blank string (an Output or other non-plain value is reported elsewhere). */
function hasNoImage(c: Json): boolean {
  const image = c.image;
  return image === undefined || image === null || (typeof image === "string" && image.trim() === "");
}

/** The container as messages name it: `container "fluent-bit"`, or `this container` when it has no name. */
function described(c: Json, what: "container" | "init container"): string {
  return typeof c.name === "string" && c.name !== "" ? `${what} ${JSON.stringify(c.name)}` : `this ${what} (it has no name)`;
}

/** Every container and init container of `kubernetes.podTemplate` that would run without an image. */
export function checkPodTemplateImages(podTemplate: Readonly<Record<string, unknown>> | undefined, diag: Diagnostics): void {
  const spec = podTemplate?.spec;
  if (!isObject(spec)) return;
  const at = (path: string): string => `kubernetes.podTemplate.spec.${path}`;
  (Array.isArray(spec.containers) ? (spec.containers as unknown[]) : []).forEach((c, i) => {
    if (!isObject(c) || c.name === FLINK_CONTAINER || !hasNoImage(c)) return;
    diag.error(
      at(`containers[${i}].image`),
      `${described(c, "container")} has no image, and Kubernetes refuses a pod with such a container (containers[].image: Required value): ` +
        `the operator gives the Flink image only to the Flink container, which must be named ${JSON.stringify(FLINK_CONTAINER)}. ` +
        `If this is the Flink container, name it ${JSON.stringify(FLINK_CONTAINER)}; if it is a sidecar, give it its own image`,
    );
  });
  (Array.isArray(spec.initContainers) ? (spec.initContainers as unknown[]) : []).forEach((c, i) => {
    if (!isObject(c) || !hasNoImage(c)) return;
    diag.error(
      at(`initContainers[${i}].image`),
      `${described(c, "init container")} has no image, and Kubernetes refuses a pod with such a container (initContainers[].image: Required value): ` +
        `the operator gives the Flink image only to the container named ${JSON.stringify(FLINK_CONTAINER)} in spec.containers, never to an init container; give it its own image`,
    );
  });
}
