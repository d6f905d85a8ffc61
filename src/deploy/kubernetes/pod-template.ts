/**
 * The pod template of the FlinkDeployment: environment (plain values and Secret references) and
 * the script mount merged into the user's base template.
 *
 * The Flink container must be named `flink-main-container`; the operator merges the common
 * template with the JobManager/TaskManager ones (OP docs/content/docs/custom-resource/pod-template.md),
 * and in native mode Flink merges its own volumes with the template's (FL native_kubernetes.md).
 */
import type { SecretKeyRefArgs } from "./args.js";
import { SCRIPT_MOUNT_DIR, SCRIPT_VOLUME_NAME } from "./naming.js";

/** The container name Flink and the operator look for in pod templates. */
export const FLINK_CONTAINER = "flink-main-container";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep copy of plain JSON (keeps the user's object untouched). */
function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Env entries: plain values first, then Secret references, each group sorted by name. */
export function envEntries(env: Readonly<Record<string, string>> | undefined, fromSecrets: Readonly<Record<string, SecretKeyRefArgs>> | undefined): Json[] {
  if (env === undefined && fromSecrets === undefined) return [];
  const plain = Object.keys(env ?? {})
    .sort()
    .map((name) => ({ name, value: env![name]! }));
  const secret = Object.keys(fromSecrets ?? {})
    .sort()
    .map((name) => {
      const ref = fromSecrets![name]!;
      const secretKeyRef: Json = { key: ref.key, name: ref.secretName };
      if (ref.optional !== undefined) secretKeyRef.optional = ref.optional;
      return { name, valueFrom: { secretKeyRef } };
    });
  return [...plain, ...secret];
}

/**
 * The common pod template (spec.podTemplate, applied to JobManager and TaskManager pods): the
 * user's template (copied), with `env` appended to `flink-main-container` and the script
 * ConfigMap mounted read-only at SCRIPT_MOUNT_DIR. Everything is merged here by name, in one
 * template: the operator merges the common template with jobManager/taskManager templates by
 * array position unless `kubernetes.operator.pod-template.merge-arrays-by-name` is set
 * (OP FlinkUtils.mergePodTemplates), which would rename a user's sidecar or replace a user's volume.
 */
export function commonPodTemplate(user: Readonly<Record<string, unknown>> | undefined, env: readonly Json[], scriptConfigMapName: string): Json {
  const tpl: Json = user === undefined ? {} : clone(user as Json);
  const spec: Json = isObject(tpl.spec) ? tpl.spec : {};
  tpl.spec = spec;
  const containers: Json[] = Array.isArray(spec.containers) ? (spec.containers as Json[]) : [];
  spec.containers = containers;
  let main = containers.find((c) => isObject(c) && c.name === FLINK_CONTAINER);
  if (main === undefined) {
    main = { name: FLINK_CONTAINER };
    containers.push(main);
  }
  if (env.length > 0) main.env = [...(Array.isArray(main.env) ? (main.env as Json[]) : []), ...env];
  main.volumeMounts = [...(Array.isArray(main.volumeMounts) ? (main.volumeMounts as Json[]) : []), { mountPath: SCRIPT_MOUNT_DIR, name: SCRIPT_VOLUME_NAME, readOnly: true }];
  spec.volumes = [...(Array.isArray(spec.volumes) ? (spec.volumes as Json[]) : []), scriptVolume(scriptConfigMapName)];
  return tpl;
}

/** The pod volume of the script ConfigMap (the last of `spec.podTemplate.spec.volumes`). */
export function scriptVolume(scriptConfigMapName: string): Json {
  return { configMap: { name: scriptConfigMapName }, name: SCRIPT_VOLUME_NAME };
}

/** Every `env` entry of every container in a user pod template (for the credential check). */
export function templateEnv(user: Readonly<Record<string, unknown>> | undefined): { path: string; entry: Json }[] {
  const out: { path: string; entry: Json }[] = [];
  const spec = user?.spec;
  if (!isObject(spec)) return out;
  for (const listName of ["containers", "initContainers"] as const) {
    const list = spec[listName];
    if (!Array.isArray(list)) continue;
    list.forEach((c: unknown, ci) => {
      if (!isObject(c) || !Array.isArray(c.env)) return;
      c.env.forEach((e: unknown, ei) => {
        if (isObject(e)) out.push({ path: `spec.${listName}[${ci}].env[${ei}]`, entry: e });
      });
    });
  }
  return out;
}
