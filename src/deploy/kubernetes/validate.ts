/**
 * Preview-time validation of the `kubernetes` arg against the job: the Flink Kubernetes
 * Operator's own rules (flink-kubernetes-operator `validation/DefaultValidator.java`;
 * ../shared/facts/deploy.md §3), the version limits, the 1.19/1.20 runner's script hazards and
 * the credential rules of SPEC decision 8. Pure: records into a Diagnostics, never throws.
 */
import { kubernetesFieldAdvice, resourceFieldAdvice } from "./crd-fields.js";
import { checkKnownKeys, didYouMean } from "../../validation/known-keys.js";
import * as pulumi from "@pulumi/pulumi";
import type { Diagnostics } from "../../validation/diagnostics.js";
import { CHECKPOINT_GROUP_OFFSETS, kafkaGroupRestartPreamble, kafkaRestartPreamble, streamingReadsPreamble } from "../../sql/restart-preambles.js";
import { KUBERNETES_DEFAULTS, type KubernetesArgs, type KubernetesJobFacts, type KubernetesResourceArgs } from "./args.js";
import { checkpointDirOf, deploymentFlinkConfiguration, isHighAvailabilityEnabled, savepointDirOf } from "./flink-configuration.js";
import { checkDefaultParallelismValue, checkTaskSlotsValue, parseFlinkInt, taskSlotsOf } from "./int-options.js";
import { checkEnvReferences } from "./env-references.js";
import { checkImage } from "./image-checks.js";
import { checkKubernetesArgTypes, KUBERNETES_ARG_KEYS } from "./arg-type-table.js";
import { missingBucketProblem, stateDirProblem } from "../state-dirs.js";
import { checkPodTemplateImages } from "./pod-template-images.js";
import { checkPodTemplateKeys } from "./pod-template-keys.js";
import { checkPodTemplateMetadata } from "./pod-template-metadata.js";
import { DEPLOYMENT_NAME_PATTERN, deriveDeploymentName, isDnsSubdomain, MAX_DEPLOYMENT_NAME_LENGTH } from "./naming.js";
import { checkProcessMemory } from "./memory-sizes.js";
import { resourceMemoryBytes, wholeFlinkSizeSuggestion, wholeMemorySuggestion } from "./resource-memory.js";
import { findRunnerHazards, runnerHazardMessage } from "./runner-hazards.js";
import { checkEnvironment, checkFlinkConfiguration, checkPodTemplateConflicts } from "./validate-maps.js";
import { checkRenamedKeys } from "./renamed-keys.js";
import { checkRemovedKeys } from "./removed-keys.js";
import { flinkVersionTraits, isSupportedFlinkVersion, SUPPORTED_FLINK_VERSIONS } from "./versions.js";
import { timeoutProblem } from "./wait.js";
import { kubernetesChecksKey, memoizedChecks } from "./validation-memo.js";

/** ConfigMaps hold at most 1 MiB (Kubernetes docs, "ConfigMaps"); leave room for metadata. */
export const MAX_SCRIPT_BYTES = 1_000_000;

/**
 * The script's UTF-8 size when it is over MAX_SCRIPT_BYTES, else undefined. A script of at most a
 * third as many UTF-16 code units cannot be (a code unit takes at most 3 bytes), so the common
 * script is not measured (BENCHMARKS.md session 18).
 */
export function scriptBytesOverLimit(script: string): number | undefined {
  if (script.length <= MAX_SCRIPT_BYTES / 3) return undefined;
  const bytes = Buffer.byteLength(script, "utf8");
  return bytes > MAX_SCRIPT_BYTES ? bytes : undefined;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

const ONE_OF = (xs: readonly string[]): string => xs.map((x) => JSON.stringify(x)).join(", ");

/** "zero" or "negative" for a memory size (a number, or a number with or without a unit) that is not above 0; undefined otherwise. */
function nonPositiveSize(memory: unknown): "zero" | "negative" | undefined {
  const n = typeof memory === "number" ? memory : typeof memory === "string" ? Number(/^\s*([+-]?\d+(?:\.\d+)?)\s*[A-Za-z]*\s*$/.exec(memory)?.[1] ?? NaN) : NaN;
  return n === 0 ? "zero" : n < 0 ? "negative" : undefined;
}

function checkResource(r: KubernetesResourceArgs | undefined, path: string, component: "JobManager" | "TaskManager", conf: Readonly<Record<string, string>>, diag: Diagnostics): void {
  const at = diag.at(path);
  const cpu: unknown = r?.cpu;
  if (cpu !== undefined && !(typeof cpu === "number" && Number.isFinite(cpu) && cpu > 0)) {
    const asNumber = typeof cpu === "string" && cpu.trim() !== "" ? Number(cpu.trim()) : NaN;
    at.error(
      "cpu",
      Number.isFinite(asNumber) && asNumber > 0
        ? `must be a number of cores, not a string: write ${asNumber}`
        : `must be a number of cores above 0, got ${typeof cpu === "string" ? JSON.stringify(cpu) : String(cpu)}`,
    );
  }
  if (r?.memory !== undefined) {
    const sign = nonPositiveSize(r.memory);
    if (sign !== undefined) {
      at.error(
        "memory",
        `${typeof r.memory === "string" ? JSON.stringify(r.memory) : String(r.memory)} is ${sign}: a ${component}'s memory must be a positive size, the memory of its whole process; ` +
          `write e.g. ${component === "JobManager" ? '"1024m" (or "1Gi")' : '"2048m" (or "2Gi")'}`,
      );
    } else if (typeof r.memory === "number" && Number.isSafeInteger(r.memory) && r.memory > 0) {
      at.error("memory", `must be a memory size string with a unit, not a number: write ${JSON.stringify(`${r.memory}m`)} for ${r.memory} MiB, or a Kubernetes quantity such as "2Gi"`);
    } else if (typeof r.memory !== "string" || r.memory.trim() === "") {
      at.error("memory", `${component} memory must be set (the operator needs spec.${path.split(".").pop()}.resource.memory), e.g. "2048m" or "2Gi"`);
    } else if (/^\d+$/.test(r.memory.trim()) && Number(r.memory.trim()) < 1024 * 1024) {
      // A byte count is valid (the operator's autoscaler writes one); a small one is a missing unit.
      at.error("memory", `${JSON.stringify(r.memory)} has no unit, so Flink reads it as bytes and the ${component} cannot start: write ${JSON.stringify(`${r.memory.trim()}m`)} for ${r.memory.trim()} MiB, or e.g. "2Gi"`);
    } else if (resourceMemoryBytes(r.memory) === undefined) {
      // As the operator reads it (resource-memory.ts): Flink's MemorySize, else a normalised Kubernetes quantity ("1GiB" → "1Gi").
      // A Flink size's fraction ("1.5g") in Flink's 1024-based units, a Kubernetes quantity's in its own.
      const whole = wholeFlinkSizeSuggestion(r.memory) ?? wholeMemorySuggestion(r.memory);
      if (whole !== undefined) at.error("memory", `${JSON.stringify(r.memory)} has a fraction, which the operator refuses (it turns a Kubernetes quantity into a byte count that keeps the decimal point, which Flink's MemorySize cannot read: "resource memory parse error"): write ${JSON.stringify(whole)}`);
      else at.error("memory", `${JSON.stringify(r.memory)} is not a memory size: use a Flink size ("2048m", "2g") or a Kubernetes quantity ("2Gi", also written "2GiB")`);
    } else {
      checkProcessMemory(component, r.memory, conf, `${path}.memory`, diag);
    }
  }
  if (r?.replicas !== undefined) {
    if (!Number.isInteger(r.replicas) || r.replicas < 1) at.error("replicas", `${component} replicas must be an integer of at least 1, got ${String(r.replicas)}`);
    else if (component === "JobManager" && r.replicas > 1 && !isHighAvailabilityEnabled(conf)) {
      at.error("replicas", `more than one JobManager needs high availability: set "high-availability.type" (e.g. "kubernetes") in kubernetes.flinkConfiguration, or use 1 replica`);
    }
  }
}

function checkStateRules(args: KubernetesArgs, conf: Readonly<Record<string, string>>, runtimeMode: "streaming" | "batch", diag: Diagnostics): void {
  const mode = args.upgradeMode ?? KUBERNETES_DEFAULTS.upgradeMode;
  const k = diag.at("kubernetes");
  // No "last-state without checkpointing" rule: with last-state and no execution.checkpointing.interval
  // the operator sets that interval to 5 minutes itself (operator-checkpoints.ts: flink-kubernetes-operator
  // FlinkConfigBuilder.applyFlinkConfiguration, DEFAULT_CHECKPOINTING_INTERVAL), so there is a checkpoint to
  // restore; a savepoint upgrade takes its savepoint on demand, with or without periodic checkpoints.
  const stateful = mode === "savepoint" || mode === "last-state";
  if (stateful && checkpointDirOf(conf) === undefined) {
    k.error("upgradeMode", `upgradeMode "${mode}" restores state from checkpoints: set kubernetes.checkpointDir (a durable path such as s3://bucket/checkpoints), or use "stateless"`);
  }
  const savepointDir = savepointDirOf(conf);
  if (savepointDir === undefined) {
    if (mode === "savepoint") k.error("upgradeMode", `upgradeMode "savepoint" stops the job with a savepoint: set kubernetes.savepointDir, or use "last-state"`);
    if (conf["kubernetes.operator.periodic.savepoint.interval"] !== undefined) {
      k.error("flinkConfiguration", `kubernetes.operator.periodic.savepoint.interval needs kubernetes.savepointDir`);
    }
    if (conf["kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age"] !== undefined) {
      k.error("flinkConfiguration", `kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age needs kubernetes.savepointDir (the operator falls back to savepoint upgrades)`);
    }
  }
  if (conf["kubernetes.operator.deployment.rollback.enabled"]?.trim().toLowerCase() === "true" && !isHighAvailabilityEnabled(conf)) {
    k.error("flinkConfiguration", `kubernetes.operator.deployment.rollback.enabled needs high availability ("high-availability.type")`);
  }
  if (
    conf["kubernetes.operator.cluster.health-check.enabled"]?.trim().toLowerCase() === "true" &&
    conf["kubernetes.operator.jm-deployment-recovery.enabled"]?.trim().toLowerCase() === "false"
  ) {
    k.error("flinkConfiguration", `kubernetes.operator.cluster.health-check.enabled needs kubernetes.operator.jm-deployment-recovery.enabled`);
  }
  if (stateful && runtimeMode === "batch") {
    // A batch job runs without checkpoints and cannot take a savepoint (Flink: checkpointing is not
    // supported in BATCH execution mode), so there is no state to carry over. A savepoint upgrade
    // stops the running job with a savepoint and fails there (flink-kubernetes-operator
    // AbstractFlinkService.savepointJobOrError: "Savepoint Error"). A last-state upgrade cancels the
    // job (or keeps its HA metadata) and restores the latest checkpoint the operator observed
    // (AbstractJobReconciler.getJobUpgrade / restoreJob; AbstractFlinkService.getLastCheckpoint
    // returns none when "Checkpointing has not been enabled"): with none it deploys the new job
    // without state, so the job starts its input again from the beginning, as with stateless.
    k.warn(
      "upgradeMode",
      mode === "savepoint"
        ? `upgradeMode "savepoint" carries state over an upgrade, but a batch job has none: it runs without checkpoints and cannot take a savepoint, so upgrading a running batch job would fail at the savepoint; use upgradeMode "stateless"`
        : `upgradeMode "last-state" carries state over an upgrade, but a batch job has none: it takes no checkpoints, so a last-state upgrade finds no checkpoint to restore and the new job starts from the beginning of its input, as with "stateless"; use upgradeMode "stateless"`,
    );
  } else if (stateful && args.allowNonRestoredState === undefined && !k.hasErrorAt("allowNonRestoredState")) {
    // (A value of the wrong type is read as unset by the checks, and its error says what to write.)
    k.warn(
      "allowNonRestoredState",
      `with upgradeMode "${mode}" every script change restores the old state into the new plan; Flink SQL derives operator ids from the plan, so a changed script may not map onto that state and the restore fails. ` +
        `Set allowNonRestoredState: true to drop state no operator claims (or false to keep the strict check and silence this warning), or deploy the change with upgradeMode "stateless"`,
    );
  }
}

/**
 * A streaming Iceberg read keeps the snapshot it has reached only in Flink state, and every change
 * of the spec (any script change renames the ConfigMap) restarts the job: with upgradeMode
 * "stateless" it starts empty, so the read starts over from its starting strategy (iceberg
 * flink/.../source/StreamingStartingStrategy.java): TABLE_SCAN_THEN_INCREMENTAL or a start
 * snapshot/timestamp reads again what it had read (duplicates in an append sink), and
 * INCREMENTAL_FROM_LATEST_SNAPSHOT skips what was committed while the job was down. Left at the
 * default that is an error (choose); set explicitly, a warning.
 */
function checkStreamingReadUpgrades(args: KubernetesArgs, job: KubernetesJobFacts, diag: Diagnostics): void {
  if ((args.upgradeMode ?? KUBERNETES_DEFAULTS.upgradeMode) !== "stateless") return;
  const resume = 'set upgradeMode "savepoint" (with kubernetes.checkpointDir and kubernetes.savepointDir) or "last-state" (with kubernetes.checkpointDir)';
  // Named where the mode first appears: unset, the user never wrote "stateless".
  const stateless = args.upgradeMode === undefined ? 'upgradeMode "stateless" (the default)' : 'upgradeMode "stateless"';
  const kafka = job.statelessRestartReads ?? [];
  if (kafka.length > 0) {
    // Either mode resumes the read from state (restart-preambles.ts). A job without an interval
    // checkpoints under last-state all the same: the operator then sets execution.checkpointing.interval
    // to 5 minutes (flink-kubernetes-operator FlinkConfigBuilder, DEFAULT_CHECKPOINTING_INTERVAL), so
    // the remedy needs no interval; 'group-offsets' resumes only in a job that checkpoints.
    diag.warn(
      "kubernetes.upgradeMode",
      `${kafkaRestartPreamble(kafka, `with ${stateless} every update`)}` +
        `set upgradeMode "last-state" (with kubernetes.checkpointDir) or "savepoint" (with kubernetes.checkpointDir and kubernetes.savepointDir), ` +
        `or read from 'group-offsets' in a job that sets configuration["execution.checkpointing.interval"]`,
    );
  }
  const groups = job.uncommittedGroupReads ?? [];
  if (groups.length > 0) {
    diag.warn(
      "kubernetes.upgradeMode",
      `${kafkaGroupRestartPreamble(groups, `with ${stateless} every update`)}${CHECKPOINT_GROUP_OFFSETS}, ` +
        `or set upgradeMode "last-state" (with kubernetes.checkpointDir) or "savepoint" (with kubernetes.checkpointDir and kubernetes.savepointDir)`,
    );
  }
  const reads = job.streamingIcebergReads ?? [];
  if (reads.length === 0) return;
  const what =
    `${streamingReadsPreamble(reads)}with ${stateless} every change of the job ` +
    "(any script change) restarts it empty, so the read starts over from its starting strategy, reading again what it had read (duplicates in an append sink) " +
    "or, from the latest snapshot, skipping what was committed while it was down";
  const fix = `${resume}, so a change resumes where the read was`;
  if (args.upgradeMode === undefined) diag.error("kubernetes.upgradeMode", `${what}; ${fix}, or set "stateless" explicitly if starting over is what you want`);
  else diag.warn("kubernetes.upgradeMode", `${what}; ${fix}`);
}

/** `; did you mean "v2_1"?` for a supported version written another way ("2.1", "1.20.1", "V2_1"); "" otherwise (never a neighbouring version). */
/**
 * Why an older Flink is not a target: this package checks and renders for the Flink versions current
 * Iceberg releases build a Flink runtime for (iceberg flink/v1.19 ... flink/v2.1). Iceberg's runtime
 * for Flink 1.18 ended with Iceberg 1.9 (apache/iceberg#13611), 1.17 and older before it, so those
 * jobs would run an older Iceberg than the one this package's rules follow.
 */
function unsupportedVersionReason(value: unknown): string {
  const m = typeof value === "string" ? /^v?1[._-](1[0-8]|[0-9])(?:[._-]\d+)?$/i.exec(value.trim()) : null;
  if (m === null) return " (the Flink versions this package checks and renders for)";
  return ` (this package checks and renders for the Flink versions current Iceberg releases build a Flink runtime for; Iceberg's runtime for Flink 1.${m[1]} ended with ${m[1] === "18" ? "Iceberg 1.9" : "an older Iceberg release"}): upgrade the image to Flink 1.19 or later`;
}

function flinkVersionSpelling(value: unknown): string {
  const m = typeof value === "string" ? /^v?(\d+)[._-](\d+)/i.exec(value.trim()) : null;
  const candidate = m ? `v${m[1]}_${m[2]}` : undefined;
  return candidate !== undefined && candidate !== value && isSupportedFlinkVersion(candidate) ? `; did you mean ${JSON.stringify(candidate)}?` : "";
}

/** The runner checks of the args; returns the runner's name when the script's statements are to be checked for its hazards (checkRunnerHazards). */
function checkRunner(args: KubernetesArgs, diag: Diagnostics): string | undefined {
  if (!isSupportedFlinkVersion(args.flinkVersion)) return undefined;
  const traits = flinkVersionTraits(args.flinkVersion);
  const k = diag.at("kubernetes");
  if (traits.runner === "sql-driver") {
    if (args.sqlRunner !== undefined) k.error("sqlRunner", `${traits.label} runs the script with Flink's SqlDriver, no jar: remove sqlRunner (it is for Flink 1.19/1.20)`);
    // Native mode: the operator's own Flink client (1.20 in operator releases 1.10 to 1.15; facts
    // deploy.md 1.6) deploys the application and checks for exactly one job jar
    // (KubernetesClusterDescriptor); FLINK-33926 relaxed that only in Flink 2.0.1+/2.1
    // (apache/flink PRs #26743, #26742), so the image's version does not help.
    if (args.mode === "native") {
      k.warn(
        "mode",
        `in native mode the operator deploys the cluster with its own Flink client (Flink 1.20 in operator releases up to 1.15), which refuses an application without a job jar ` +
          `("Should only have one jar"; FLINK-33926 fixed it only in the Flink 2.0.1+/2.1 clients), and ${traits.label} runs the script with SqlDriver, which has none: ` +
          `use mode "standalone" (the default) unless your operator is built on Flink 2.0.1 or later`,
      );
    }
    return undefined;
  }
  if (args.sqlRunner === undefined) {
    // Of the wrong type it is said already.
    if (!k.hasErrorAt("sqlRunner")) k.error("sqlRunner", `${traits.label} has no built-in SQL application mode: set sqlRunner.jarURI to a SQL runner jar in the image (e.g. local:///opt/flink/usrlib/sql-runner.jar from the operator's flink-sql-runner-example), or use flinkVersion "v2_0"/"v2_1"`);
  } else {
    const uri = args.sqlRunner.jarURI as unknown;
    if (typeof uri !== "string" || !/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/\S+$/.test(uri)) {
      k.error("sqlRunner.jarURI", `must be a URI with a scheme, e.g. local:///opt/flink/usrlib/sql-runner.jar, got ${JSON.stringify(uri)}`);
    }
    if (args.sqlRunner.entryClass !== undefined && !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(args.sqlRunner.entryClass)) {
      k.error("sqlRunner.entryClass", `must be a fully qualified Java class name, got ${JSON.stringify(args.sqlRunner.entryClass)}`);
    }
  }
  return `the ${traits.label} SQL runner`;
}

/** The hazards of the script's statements for `runner` (checkRunner), at `kubernetes.flinkVersion`. */
function checkRunnerHazards(job: KubernetesJobFacts, runner: string, k: Diagnostics): void {
  // The statement set repeats its INSERTs' text: a hazard inside one is reported once, at the INSERT.
  const reported = new Set<string>();
  for (const s of job.statements ?? []) {
    for (const h of findRunnerHazards(s.text, runner)) {
      if (reported.has(h)) continue;
      reported.add(h);
      k.error("flinkVersion", `${s.label}: ${runnerHazardMessage(h)}`);
    }
  }
}

/**
 * With `taskManager.replicas` set the operator ignores the job's parallelism for the cluster's size
 * and runs replicas × `taskmanager.numberOfTaskSlots` slots (flink-kubernetes-operator
 * FlinkConfigBuilder: "Job parallelism setting is ignored as TaskManager replicas are set"), while the
 * script still asks for `parallelism.default`: fewer slots than that and the job waits for slots it
 * never gets (NoResourceAvailableException).
 */
function checkTaskSlots(args: KubernetesArgs, job: KubernetesJobFacts, conf: Readonly<Record<string, string>>, diag: Diagnostics): void {
  const replicas = args.taskManager?.replicas;
  if (typeof replicas !== "number" || !Number.isInteger(replicas) || replicas < 1) return;
  // A slot count or parallelism that does not parse is an error of its own (int-options.ts).
  const slots = taskSlotsOf(conf);
  const defaultText = job.flinkConfiguration["parallelism.default"];
  const parallelism = job.parallelism ?? (defaultText !== undefined ? parseFlinkInt(defaultText) : 1);
  if (slots === undefined || parallelism === undefined || replicas * slots >= parallelism) return;
  diag.error(
    "kubernetes.taskManager.replicas",
    `${replicas} TaskManager(s) × ${slots} task slot(s) = ${replicas * slots} slot(s), below the job's parallelism ${parallelism}: with replicas set the operator sizes the cluster by them and ignores the job's parallelism ` +
      `(FlinkConfigBuilder: "Job parallelism setting is ignored as TaskManager replicas are set"), while the script still asks for ${parallelism}, so the job would wait for slots it never gets. ` +
      `Set replicas to ${Math.ceil(parallelism / slots)}, raise taskmanager.numberOfTaskSlots in kubernetes.flinkConfiguration, or leave replicas unset (the operator then derives them from the parallelism)`,
  );
}

/**
 * Checks `kubernetes` against the job and records every problem in `diag` (the FlinkSqlJob's
 * collector, rooted at the job's args: paths read `kubernetes.<arg>`, `parallelism`, `configuration`).
 * Errors fail the preview; warnings go to the job's log.
 */
export function validateKubernetesArgs(given: KubernetesArgs, job: KubernetesJobFacts, diag: Diagnostics): void {
  const k = diag.at("kubernetes");
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return k.error("", "must be an object { namespace?, image, flinkVersion, ... } (or leave kubernetes unset)");
  }
  // Jobs of one stack share their args: the checks of the args against the job's facts are kept per content (validation-memo.ts).
  const runner = memoizedChecks(kubernetesChecksKey(given, job), diag, (d) => checkArgsAgainstJob(given, job, d));
  if (runner !== undefined) checkRunnerHazards(job, runner, k);
  if (job.scriptText !== undefined) {
    const bytes = scriptBytesOverLimit(job.scriptText);
    if (bytes !== undefined) k.error("", `the script is ${bytes} bytes; a ConfigMap holds at most about 1 MiB (${MAX_SCRIPT_BYTES} bytes are allowed)`);
  }
}

/**
 * validateKubernetesArgs's checks of an object `given` but those of the statements and the
 * script's size; returns checkRunner's result. Reads of `job` what validation-memo.ts keys on.
 */
function checkArgsAgainstJob(given: KubernetesArgs, job: KubernetesJobFacts, diag: Diagnostics): string | undefined {
  const k = diag.at("kubernetes");
  checkKnownKeys(given, KUBERNETES_ARG_KEYS, "", k, kubernetesFieldAdvice);
  // A prop of the wrong JSON type is reported once, there; the checks below read the others.
  const args = checkKubernetesArgTypes(given, k);
  for (const part of ["jobManager", "taskManager"] as const) checkKnownKeys(args[part], ["cpu", "memory", "replicas"], part, k, resourceFieldAdvice(part));
  checkKnownKeys(args.sqlRunner, ["jarURI", "entryClass"], "sqlRunner", k);
  for (const [env, ref] of Object.entries(args.envFromSecrets ?? {})) checkKnownKeys(ref, ["secretName", "key", "optional"], `envFromSecrets[${JSON.stringify(env)}]`, k);
  const versionTyped = !k.hasErrorAt("flinkVersion"); // else of the wrong type: said
  if (versionTyped && args.flinkVersion === undefined) k.error("flinkVersion", `must be set to the Flink version inside the image: one of ${ONE_OF(SUPPORTED_FLINK_VERSIONS)}`);
  else if (versionTyped && !isSupportedFlinkVersion(args.flinkVersion)) {
    k.error("flinkVersion", `${JSON.stringify(args.flinkVersion)} is not supported: use one of ${ONE_OF(SUPPORTED_FLINK_VERSIONS)}${unsupportedVersionReason(args.flinkVersion)}${flinkVersionSpelling(args.flinkVersion)}`);
  }
  const name = args.name ?? deriveDeploymentName(job.jobName);
  if (typeof name !== "string" || !DEPLOYMENT_NAME_PATTERN.test(name)) {
    k.error("name", `${JSON.stringify(name)} is not a valid FlinkDeployment name: at most ${MAX_DEPLOYMENT_NAME_LENGTH} characters of a-z, 0-9 and -, starting with a letter and ending with a letter or digit`);
  }
  if (args.namespace !== undefined && (typeof args.namespace !== "string" || !DNS_LABEL.test(args.namespace))) {
    k.error("namespace", `${JSON.stringify(args.namespace)} is not a namespace name (DNS label: a-z, 0-9, -, at most 63 characters)`);
  }
  if (typeof args.image === "string" && args.image.trim() === "") k.error("image", "must name the Flink image (with the Iceberg runtime) to run");
  else if (args.image === undefined) {
    if (!k.hasErrorAt("image")) k.error("image", "must name the Flink image (with the Iceberg runtime) to run"); // else of the wrong type: said
  }
  else if (typeof args.image !== "string" && !pulumi.Output.isInstance(args.image) && !(args.image instanceof Promise)) k.error("image", "must be a string");
  else if (typeof args.image === "string") checkImage(args, args.image, job, diag);
  if (args.serviceAccount !== undefined && (typeof args.serviceAccount !== "string" || args.serviceAccount.trim() === "")) {
    k.error("serviceAccount", `must name the Flink pods' service account (the operator requires one; default "${KUBERNETES_DEFAULTS.serviceAccount}")`);
  } else if (args.serviceAccount !== undefined && !isDnsSubdomain(args.serviceAccount)) {
    // The operator only checks that it is set; the API server then refuses the JobManager's pods, and `pulumi up` waits out its timeout.
    k.error("serviceAccount", `${JSON.stringify(args.serviceAccount)} is not a ServiceAccount name (lower-case DNS subdomain: a-z, 0-9, - and ., at most 253 characters): Kubernetes would refuse the Flink pods`);
  }
  if (args.mode !== undefined && args.mode !== "native" && args.mode !== "standalone") k.error("mode", `must be "native" or "standalone", got ${JSON.stringify(args.mode)}${didYouMean(args.mode, ["native", "standalone"])}`);
  if (args.upgradeMode !== undefined && !["stateless", "savepoint", "last-state"].includes(args.upgradeMode)) {
    k.error("upgradeMode", `must be "stateless", "savepoint" or "last-state", got ${JSON.stringify(args.upgradeMode)}${didYouMean(args.upgradeMode, ["stateless", "savepoint", "last-state"])}`);
  }
  if (args.state !== undefined && args.state !== "running" && args.state !== "suspended") k.error("state", `must be "running" or "suspended", got ${JSON.stringify(args.state)}${didYouMean(args.state, ["running", "suspended"])}`);
  if (args.initialSavepointPath !== undefined && (typeof args.initialSavepointPath !== "string" || args.initialSavepointPath.trim() === "")) {
    k.error("initialSavepointPath", "must be a savepoint path when set");
  } else if (args.initialSavepointPath !== undefined) {
    const problem = missingBucketProblem(args.initialSavepointPath, "savepoints");
    if (problem !== undefined) k.error("initialSavepointPath", problem);
  }
  for (const key of ["checkpointDir", "savepointDir"] as const) {
    const v = args[key] as unknown;
    const what = key === "checkpointDir" ? "checkpoints" : "savepoints";
    if (v !== undefined && (typeof v !== "string" || v.trim() === "")) k.error(key, `must be a durable directory URI when set (e.g. s3://bucket/${what})`);
    else if (typeof v === "string") {
      const problem = stateDirProblem(v, what);
      if (problem !== undefined) k.error(key, problem);
    }
  }
  if (args.timeout !== undefined) {
    const problem = timeoutProblem(args.timeout);
    if (problem !== undefined) k.error("timeout", problem);
  }

  // The `parallelism` arg itself is checked by FlinkSqlJob; here only values that came from configuration.
  checkDefaultParallelismValue(job, diag);
  checkTaskSlotsValue(args, job, diag);

  checkFlinkConfiguration(args, job, diag);
  checkRenamedKeys(args.flinkVersion, args.flinkConfiguration ?? {}, job.flinkConfiguration, diag);
  checkRemovedKeys(args.flinkVersion, args.flinkConfiguration ?? {}, job.flinkConfiguration, diag);
  checkEnvironment(args, diag);
  checkPodTemplateConflicts(args, diag);
  checkPodTemplateImages(args.podTemplate, diag);
  checkPodTemplateKeys(args.podTemplate, diag);
  checkPodTemplateMetadata(args.podTemplate, diag);
  const version = isSupportedFlinkVersion(args.flinkVersion) ? args.flinkVersion : "v1_20";
  const conf = deploymentFlinkConfiguration(Object.assign({}, args, { flinkVersion: version }), job);
  checkResource(args.jobManager, "kubernetes.jobManager", "JobManager", conf, diag);
  checkResource(args.taskManager, "kubernetes.taskManager", "TaskManager", conf, diag);
  checkTaskSlots(args, job, conf, diag);
  checkStateRules(args, conf, job.runtimeMode, diag);
  checkStreamingReadUpgrades(args, job, diag);
  checkEnvReferences(args, job, conf, diag);

  if (args.flinkVersion === "v1_19" && job.needsFormatV3) {
    k.error("flinkVersion", `a table needs Iceberg format v3 types (TIMESTAMP(7..9) / TIMESTAMP_LTZ(7..9)), which need the Iceberg 1.11+ runtime; Iceberg's Flink 1.19 runtime stops at 1.10: use flinkVersion "v1_20" or later`);
  }
  return checkRunner(args, diag);
}
