/**
 * Preview-time checks of the free-form parts of `kubernetes`: `flinkConfiguration`, `env`,
 * `envFromSecrets` and `podTemplate` (SPEC decisions 8 and 9: plain strings, no credentials,
 * nothing the job decides, nothing the operator forbids).
 */
import * as pulumi from "@pulumi/pulumi";
import type { Diagnostics } from "../../validation/diagnostics.js";
import { credentialEntryProblem, plainStringValueProblem, valueCarriesCredential } from "../../validation/secrets.js";
import { isDeferred } from "../../validation/deferred.js";
import { isCredentialEnvName, keyContentRemedy } from "../../validation/credential-env-names.js";
import { KUBERNETES_DEFAULTS, type KubernetesArgs, type KubernetesJobFacts } from "./args.js";
import { JOB_DECIDED_KEYS, OPERATOR_FORBIDDEN_KEYS } from "./flink-configuration.js";
import { icebergWriteKeyProblem } from "../../sql/job-config.js";
import { flinkKeyTypoWarning } from "../../options/known-flink-options.js";
import { reportFlinkOptionValue } from "../../options/flink-option-values.js";
import { isDnsSubdomain, isSecretDataKey, SCRIPT_MOUNT_DIR, SCRIPT_VOLUME_NAME } from "./naming.js";
import { FLINK_CONTAINER, templateEnv } from "./pod-template.js";
import { CHECKPOINT_DIR_KEYS, flinkVersionTraits, isSupportedFlinkVersion, SAVEPOINT_DIR_KEYS } from "./versions.js";
import { memoizedKeyFacts } from "../../validation/key-facts-memo.js";
import { operatorSizedKeyProblem } from "./operator-sized-keys.js";

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The path of the first value inside `v` that is not plain JSON (an Output, function, bigint ...), or undefined. */
export function nonPlainPath(v: unknown, path: string): string | undefined {
  if (v === null || typeof v === "string" || typeof v === "boolean") return undefined;
  if (typeof v === "number") return Number.isFinite(v) ? undefined : path;
  if (typeof v !== "object" || pulumi.Output.isInstance(v) || v instanceof Promise) return path;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = nonPlainPath(v[i], `${path}[${i}]`);
      if (p !== undefined) return p;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return path;
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    const p = nonPlainPath(x, `${path}.${k}`);
    if (p !== undefined) return p;
  }
  return undefined;
}

const CREDENTIAL_FIX = "pass it with kubernetes.envFromSecrets (a Kubernetes Secret key) instead";

/**
 * A map value that is no string: a number or boolean gets the string to write (secrets.ts
 * plainStringValueProblem: 'must be a string: write "2"'); an Output (a secret, mostly) gets
 * `secretRoute`, as the map is stored in plain text; anything else names its type.
 */
function nonStringProblem(value: unknown, key: string, secretRoute: string): string {
  if (isDeferred(value)) return `must be a plain string (got ${pulumi.Output.isInstance(value) ? "an Output" : "a Promise"}): ${secretRoute}`;
  return plainStringValueProblem(value, key, "");
}

/** `kubernetes.flinkConfiguration` and the job's configuration keys (operator-forbidden keys there too). */
export function checkFlinkConfiguration(args: KubernetesArgs, job: KubernetesJobFacts, diag: Diagnostics): void {
  const conf = args.flinkConfiguration ?? {};
  const at = diag.at("kubernetes.flinkConfiguration");
  for (const key of Object.keys(conf).sort()) {
    const value = conf[key] as unknown;
    const k = at.at(`[${JSON.stringify(key)}]`);
    if (typeof value !== "string") {
      k.error("", nonStringProblem(value, key, "the FlinkDeployment's configuration is stored in plain text; a secret belongs in kubernetes.envFromSecrets"));
      continue;
    }
    const credential = credentialEntryProblem(key, value, "kubernetes.flinkConfiguration", undefined, undefined, memoizedKeyFacts(key));
    if (credential !== undefined) k.error("", credential);
    const decidedBy = JOB_DECIDED_KEYS.get(key);
    if (decidedBy !== undefined) k.error("", `${key} is decided by the job, through ${decidedBy}, not by the deployment: set it there`);
    const write = icebergWriteKeyProblem(key);
    if (write !== undefined) k.error("", write);
    if (CHECKPOINT_DIR_KEYS.includes(key)) k.error("", `set the checkpoint directory with kubernetes.checkpointDir, which writes it under the key name of the chosen Flink version`);
    if (SAVEPOINT_DIR_KEYS.includes(key)) k.error("", `set the savepoint directory with kubernetes.savepointDir, which writes it under the key name of the chosen Flink version`);
    if (OPERATOR_FORBIDDEN_KEYS.includes(key)) k.error("", `the operator rejects ${key} (it sets it itself from the FlinkDeployment's namespace and name)`);
    const sized = operatorSizedKeyProblem(key, value, args, "kubernetes.flinkConfiguration");
    if (sized !== undefined) k.error("", sized);
    const jobValue = job.flinkConfiguration[key];
    if (jobValue !== undefined && jobValue !== value && !JOB_DECIDED_KEYS.has(key)) {
      k.error("", `conflicts with the job's configuration (${JSON.stringify(jobValue)} there, ${JSON.stringify(value)} here): set it in one place`);
    }
    const typo = k.hasErrorAt("") ? undefined : flinkKeyTypoWarning(key);
    if (typo !== undefined) k.warn("", typo);
    // The names some options take differ by Flink version (flink-option-types.ts): judged on the target's flinkVersion when it is a supported one.
    if (!k.hasErrorAt("")) reportFlinkOptionValue(key, value, "", k, isSupportedFlinkVersion(args.flinkVersion) ? args.flinkVersion : undefined);
  }
  for (const key of Object.keys(job.flinkConfiguration).sort()) {
    if (OPERATOR_FORBIDDEN_KEYS.includes(key)) {
      diag.at("configuration").at(`[${JSON.stringify(key)}]`).error("", `the operator rejects ${key} in a FlinkDeployment (it sets it itself from the FlinkDeployment's namespace and name)`);
    }
    const sized = operatorSizedKeyProblem(key, job.flinkConfiguration[key]!, args, "the job's configuration");
    if (sized !== undefined) diag.at("configuration").at(`[${JSON.stringify(key)}]`).error("", sized);
    checkTargetDirKey(args, key, job.flinkConfiguration[key]!, diag);
  }
}

/**
 * A checkpoint or savepoint directory key (any spelling) in the job's `configuration` while
 * kubernetes.checkpointDir / savepointDir sets that directory: the FlinkDeployment then carries two
 * values for one directory and Flink uses one. From Flink 1.20 the key the package renders
 * (`execution.checkpointing.dir`, `execution.checkpointing.savepoint-dir`) reads `state.checkpoints.dir`
 * / `state.savepoints.dir` only as deprecated fallbacks, when it is unset (flink
 * `CheckpointingOptions` CHECKPOINTS_DIRECTORY / SAVEPOINT_DIRECTORY `withDeprecatedKeys`); the same key
 * is replaced in the FlinkDeployment while the script's SET line still sets it. Different values: an
 * error (one is silently ignored); the same value: a warning (nothing is lost, the key is redundant).
 */
function checkTargetDirKey(args: KubernetesArgs, key: string, value: string, diag: Diagnostics): void {
  const checkpoint = CHECKPOINT_DIR_KEYS.includes(key);
  if (!checkpoint && !SAVEPOINT_DIR_KEYS.includes(key)) return;
  const arg = checkpoint ? "checkpointDir" : "savepointDir";
  const dir = args[arg] as unknown;
  if (typeof dir !== "string" || dir.trim() === "") return;
  const at = diag.at("configuration").at(`[${JSON.stringify(key)}]`);
  const what = checkpoint ? "checkpoint" : "savepoint";
  const remove = `remove this key: kubernetes.${arg} writes the ${what} directory under the key name of the chosen Flink version`;
  if (value.trim() === dir.trim()) {
    at.warn("", `repeats kubernetes.${arg} (${JSON.stringify(dir)}); ${remove}`);
    return;
  }
  const version = isSupportedFlinkVersion(args.flinkVersion) ? args.flinkVersion : undefined;
  const keys = checkpoint ? CHECKPOINT_DIR_KEYS : SAVEPOINT_DIR_KEYS;
  const rendered = version === undefined ? undefined : checkpoint ? flinkVersionTraits(version).checkpointDirKey : flinkVersionTraits(version).savepointDirKey;
  const carried = rendered === undefined ? "" : rendered === key ? " under this same key" : ` as ${JSON.stringify(rendered)}`;
  const fallback =
    rendered !== undefined && keys.indexOf(key) > keys.indexOf(rendered)
      ? ` (on ${flinkVersionTraits(version!).label} this key is a deprecated fallback of ${JSON.stringify(rendered)}, read only when that one is unset, so ${JSON.stringify(value)} is the value dropped)`
      : "";
  at.error(
    "",
    `conflicts with kubernetes.${arg} (${JSON.stringify(dir)}), which the FlinkDeployment carries${carried}: Flink uses one ${what} directory, so one of the two values is silently ignored${fallback}; ` +
      `set the directory you mean in kubernetes.${arg} and ${remove}`,
  );
}

/** `env`, `envFromSecrets` and the env entries of `podTemplate`: plain, well-formed, no inline credentials. */
export function checkEnvironment(args: KubernetesArgs, diag: Diagnostics): void {
  const env = args.env ?? {};
  for (const name of Object.keys(env).sort()) {
    const at = diag.at("kubernetes.env").at(`[${JSON.stringify(name)}]`);
    const value = env[name] as unknown;
    if (!ENV_NAME.test(name)) at.error("", `is not a valid environment variable name (letters, digits, _ . -, not starting with a digit)`);
    if (typeof value !== "string") at.error("", nonStringProblem(value, name, "env values are stored in plain text in the FlinkDeployment; a secret value belongs in kubernetes.envFromSecrets"));
    else if (isCredentialEnvName(name)) at.error("", `${JSON.stringify(name)} carries a credential and env values are stored in plain text in the FlinkDeployment: ${CREDENTIAL_FIX}`);
    else if (keyContentRemedy(name, value) !== undefined) at.error("", `${JSON.stringify(name)} carries a credential and env values are stored in plain text in the FlinkDeployment: ${keyContentRemedy(name, value)!}`);
    else if (valueCarriesCredential(value)) at.error("", `the value embeds a credential (user:password@, password=, a -D...password= JVM option ...) and env values are stored in plain text in the FlinkDeployment: ${CREDENTIAL_FIX}`);
    if (args.envFromSecrets?.[name] !== undefined) at.error("", `is also set in kubernetes.envFromSecrets: set it in one place`);
  }
  const secrets = args.envFromSecrets ?? {};
  for (const name of Object.keys(secrets).sort()) {
    const at = diag.at("kubernetes.envFromSecrets").at(`[${JSON.stringify(name)}]`);
    const ref = secrets[name];
    if (!ENV_NAME.test(name)) at.error("", `is not a valid environment variable name (letters, digits, _ . -, not starting with a digit)`);
    if (ref === undefined || typeof ref !== "object") {
      at.error("", `must be { secretName, key }`);
      continue;
    }
    if (!isDnsSubdomain(ref.secretName)) {
      at.error("secretName", `must be the name of a Kubernetes Secret (lower-case DNS subdomain), got ${JSON.stringify(ref.secretName)}`);
    }
    if (!isSecretDataKey(ref.key)) at.error("key", `must be a Secret data key (at most 253 letters, digits, - _ ., not . or .. nor starting with ..), got ${JSON.stringify(ref.key)}`);
  }
  if (args.podTemplate !== undefined) {
    const bad = nonPlainPath(args.podTemplate, "kubernetes.podTemplate");
    if (bad !== undefined) diag.error(bad, "the pod template must be plain JSON (no Outputs, functions or class instances): it is rendered into the manifest as it is");
    for (const { path, entry } of templateEnv(args.podTemplate)) {
      if (typeof entry.name === "string" && entry.value !== undefined && isCredentialEnvName(entry.name)) {
        diag.error(`kubernetes.podTemplate.${path}`, `${JSON.stringify(entry.name)} carries a credential as a plain value: ${CREDENTIAL_FIX} (or valueFrom.secretKeyRef)`);
      } else if (typeof entry.name === "string" && keyContentRemedy(entry.name, entry.value) !== undefined) {
        diag.error(`kubernetes.podTemplate.${path}`, `${JSON.stringify(entry.name)} carries a credential as a plain value: ${keyContentRemedy(entry.name, entry.value)!}`);
      }
    }
  }
}

/**
 * What the package adds to the pod template, against what the user's template already has
 * (pod-template.ts merges by name): an env entry of `flink-main-container` that kubernetes.env /
 * envFromSecrets also sets (Kubernetes keeps the last of two entries of one name, silently); a
 * volume named like the script volume or a mount at the script's folder (a pod with two volumes
 * of one name or two mounts at one path is rejected when Flink creates it, after `pulumi up` has
 * applied the FlinkDeployment); and `spec.serviceAccountName` / the deprecated `spec.serviceAccount`,
 * which Flink replaces with the deployment's service account, per component (flink-kubernetes
 * .../decorators/InitJobManagerDecorator.java and InitTaskManagerDecorator.java, the operator's
 * InitStandaloneTaskManagerDecorator: `withServiceAccountName` / `withServiceAccount`).
 */
export function checkPodTemplateConflicts(args: KubernetesArgs, diag: Diagnostics): void {
  const tpl = args.podTemplate as { spec?: unknown } | undefined;
  const spec = tpl?.spec;
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) return;
  const s = spec as { containers?: unknown; volumes?: unknown; serviceAccountName?: unknown; serviceAccount?: unknown };
  const at = (path: string): string => `kubernetes.podTemplate.spec.${path}`;
  // The operator writes spec.serviceAccount as kubernetes.service-account (FlinkConfigBuilder
  // applyServiceAccount); the per-component keys win over it (flink KubernetesConfigOptions
  // JOB_MANAGER_SERVICE_ACCOUNT / TASK_MANAGER_SERVICE_ACCOUNT fall back to it).
  const serviceAccount = args.serviceAccount ?? KUBERNETES_DEFAULTS.serviceAccount;
  const conf = args.flinkConfiguration ?? {};
  const effective = [conf["kubernetes.jobmanager.service-account"] ?? serviceAccount, conf["kubernetes.taskmanager.service-account"] ?? serviceAccount];
  for (const field of ["serviceAccountName", "serviceAccount"] as const) {
    const value = s[field];
    if (value === undefined || effective.every((a) => a === value)) continue;
    const what = effective[0] === effective[1] ? JSON.stringify(effective[0]) : `${JSON.stringify(effective[0])} for the JobManager, ${JSON.stringify(effective[1])} for the TaskManagers`;
    diag.error(
      at(field),
      `Flink replaces the pod template's service account with the deployment's (${what}${args.serviceAccount === undefined && effective[0] === serviceAccount ? ", the default" : ""}); set kubernetes.serviceAccount: ${JSON.stringify(value)} instead`,
    );
  }
  (Array.isArray(s.volumes) ? (s.volumes as unknown[]) : []).forEach((v, i) => {
    if ((v as { name?: unknown } | null)?.name === SCRIPT_VOLUME_NAME) diag.error(at(`volumes[${i}].name`), `${JSON.stringify(SCRIPT_VOLUME_NAME)} is the volume the package mounts the SQL script from; rename this volume`);
  });
  const containers = Array.isArray(s.containers) ? (s.containers as unknown[]) : [];
  containers.forEach((c, ci) => {
    if (typeof c !== "object" || c === null || (c as { name?: unknown }).name !== FLINK_CONTAINER) return;
    const main = c as { env?: unknown; volumeMounts?: unknown };
    (Array.isArray(main.env) ? (main.env as unknown[]) : []).forEach((e, ei) => {
      const name = (e as { name?: unknown } | null)?.name;
      if (typeof name !== "string") return;
      const other = args.env?.[name] !== undefined ? "kubernetes.env" : args.envFromSecrets?.[name] !== undefined ? "kubernetes.envFromSecrets" : undefined;
      if (other !== undefined) diag.error(at(`containers[${ci}].env[${ei}]`), `${JSON.stringify(name)} is also set in ${other}, which the package appends to this container's env (Kubernetes keeps the last entry of a name, silently): set it in one place`);
    });
    (Array.isArray(main.volumeMounts) ? (main.volumeMounts as unknown[]) : []).forEach((m, mi) => {
      const mount = m as { name?: unknown; mountPath?: unknown } | null;
      if (typeof mount?.mountPath === "string" && mount.mountPath.replace(/\/+$/, "") === SCRIPT_MOUNT_DIR) {
        diag.error(at(`containers[${ci}].volumeMounts[${mi}].mountPath`), `${SCRIPT_MOUNT_DIR} is where the package mounts the SQL script (a container cannot mount two volumes at one path); mount this volume elsewhere`);
      }
    });
  });
}
