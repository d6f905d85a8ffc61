/**
 * What the SqlGatewayJob dynamic provider does, on plain values (the Pulumi engine resolved the
 * Inputs); its `check` of those values is input-checks.ts'. Kept free of @pulumi/pulumi so the
 * serialized provider stays small (Pulumi serializes dynamic providers with their captured
 * modules: pulumi docs "Dynamic Resource Providers").
 *
 * Semantics (issue 7; shared/DESIGN.md "Deploy targets"): create submits the script and waits for
 * the job to run (start-wait.ts: a job that FAILED while starting fails the create); a change of
 * script, configuration, session properties or endpoint is an update that stops the old job (with
 * a savepoint when `savepointDir` is set) and submits the new script restored from it
 * (`execution.savepoint.path`, plus `execution.savepoint.ignore-unclaimed-state` with
 * allowNonRestoredState; Flink StateRecoveryOptions / SavepointConfigOptions), never a replace;
 * delete stops the job (with a savepoint when `savepointDir` is set), a job already gone is
 * success; an update or delete that cannot reach the old job's gateway says how to drop the resource; read refreshes `jobStatus` from SHOW JOBS.
 */
import { isJobGoneError, isTerminalJobStatus, jobStatusOnSqlGateway, requireJobStatementsOnSqlGateway, showJobsOnSqlGateway, stopJobOnSqlGateway, submitToSqlGateway, type SqlGatewayClientOptions } from "./client.js";
import { SqlGatewayError, isSqlGatewayError } from "./errors.js";
import { emptyStateRefusal, importRefusal, stopFailureAdvice, submitFailureNote, unreachableReadNote, unreachableStopNote, type StopAction, type StopOutcome } from "./restore-failure.js";
import { awaitJobStart, DEFAULT_START_TIMEOUT_MS } from "./start-wait.js";
import type { SqlGatewayApiVersion } from "./versions.js";

/** The provider's inputs (resolved). */
export interface SqlGatewayJobInputs {
  readonly endpoint: string;
  readonly script: string;
  readonly flinkConfiguration: Readonly<Record<string, string>>;
  readonly sessionProperties?: Readonly<Record<string, string>> | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly savepointDir?: string | undefined;
  readonly initialSavepointPath?: string | undefined;
  readonly allowNonRestoredState?: boolean | undefined;
  readonly apiVersion?: SqlGatewayApiVersion | undefined;
  /** `pipeline.name` when neither flinkConfiguration nor sessionProperties set one. */
  readonly jobName?: string | undefined;
  /** How long create/update wait for the submitted job to run, in ms (sqlGateway.startTimeout). Default DEFAULT_START_TIMEOUT_MS. */
  readonly startTimeoutMs?: number | undefined;
  /**
   * True when the job ends by itself (every read bounded, or batch): it keeps no state worth a
   * restore, so an update after it FINISHED starts it empty without a refusal. FlinkSqlJob sets it.
   */
  readonly bounded?: boolean | undefined;
}

/** The provider's outputs: the inputs plus the job. */
export interface SqlGatewayJobOutputs extends SqlGatewayJobInputs {
  /** The running job's id. */
  readonly jobId: string;
  /** The savepoint the current job was started from (after an update with savepointDir); absent otherwise. */
  readonly savepointPath?: string | undefined;
  /** Flink job status from SHOW JOBS (RUNNING, FINISHED, ...), "NOT_FOUND" when the cluster no longer knows the job, absent on Flink 1.16. */
  readonly jobStatus?: string | undefined;
  /** What the last create/update did that the user should know (dynamic providers cannot log). */
  readonly warnings: readonly string[];
  /**
   * When the create or update that produced `warnings` ran (ms since the epoch). The job logs the
   * warnings only when this is after the program started: an \`up\` that does not touch the
   * resource reads the old outputs from the state and must not repeat them.
   */
  readonly warnedAt?: number | undefined;
}

/** Properties whose change restarts the job. */
export const RESTART_KEYS = ["endpoint", "script", "flinkConfiguration", "sessionProperties"] as const;
/** Every input property. */
export const INPUT_KEYS = [...RESTART_KEYS, "headers", "savepointDir", "initialSavepointPath", "allowNonRestoredState", "apiVersion", "jobName", "startTimeoutMs", "bounded"] as const;

const PIPELINE_NAME = "pipeline.name";

/** The `pipeline.name` the provider adds: the resource's jobName when neither the configuration nor sessionProperties set one (synth's summary shows it too). */
export function addedJobName(p: Pick<SqlGatewayJobInputs, "flinkConfiguration" | "sessionProperties" | "jobName">): string | undefined {
  return p.flinkConfiguration[PIPELINE_NAME] === undefined && p.sessionProperties?.[PIPELINE_NAME] === undefined ? p.jobName : undefined;
}

/** The job's name on the cluster: `pipeline.name` as the session ends up with it. */
function effectiveJobName(p: SqlGatewayJobInputs): string | undefined {
  return p.sessionProperties?.[PIPELINE_NAME] ?? p.flinkConfiguration[PIPELINE_NAME] ?? p.jobName;
}

/** The configuration a submit opens its session with: the job's, the added job name, then the restore keys. */
function submitConfiguration(p: SqlGatewayJobInputs, restore: Record<string, string>): Record<string, string> {
  const name = addedJobName(p);
  return Object.assign({}, p.flinkConfiguration, name !== undefined ? { [PIPELINE_NAME]: name } : {}, restore);
}

/**
 * Refuses to submit while a job of the same name that this resource does not own (`ownId`) has not
 * ended: most likely the job of an earlier \`pulumi up\` that failed after submitting (its id never
 * reached the state), and a second one would write the same tables.
 */
async function refuseDuplicate(p: SqlGatewayJobInputs, ownId: string | undefined): Promise<void> {
  const name = effectiveJobName(p);
  if (name === undefined) return;
  const others = (await showJobsOnSqlGateway(p.endpoint, clientOptions(p))).filter((j) => j.jobName === name && j.jobId !== ownId && !isTerminalJobStatus(j.status));
  if (others.length === 0) return;
  throw new SqlGatewayError(
    p.endpoint,
    `a job named ${JSON.stringify(name)} is already ${others.map((j) => `${j.status} (${j.jobId})`).join(", ")} on the cluster, and this resource does not know it: ` +
      "most likely an earlier pulumi up submitted it and failed before recording its id. The new job was not submitted (two jobs would write the same tables). " +
      `Stop that job (STOP JOB '${others[0]!.jobId}' WITH SAVEPOINT in a SQL client, or from the Flink UI), set sqlGateway.initialSavepointPath to its savepoint, and run pulumi up again; ` +
      "if it belongs to something else, give this job another pipeline.name in its configuration",
    { kind: "invalid" },
  );
}

/** JSON with sorted object keys, so that key order never looks like a change. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v ?? null);
}

/** A missing input as its default, so that state written before an input existed shows no change. */
function orDefault(k: string, v: unknown): unknown {
  if (v !== undefined) return v;
  if (k === "flinkConfiguration" || k === "sessionProperties" || k === "headers") return {};
  return k === "bounded" ? false : undefined;
}

function changed(olds: Record<string, unknown>, news: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((k) => canonical(orDefault(k, olds[k])) !== canonical(orDefault(k, news[k])));
}

function clientOptions(p: SqlGatewayJobInputs): SqlGatewayClientOptions {
  return { headers: p.headers, apiVersion: p.apiVersion, sessionProperties: p.sessionProperties };
}

/** An update for any change, never a replace; the job id only changes when the job restarts. */
export function diff(olds: Record<string, unknown>, news: Record<string, unknown>): { changes: boolean; replaces: string[]; stables: string[]; deleteBeforeReplace: boolean } {
  const all = changed(olds, news, INPUT_KEYS);
  const restart = needsRestart(olds, news, olds.jobStatus);
  return { changes: all.length > 0, replaces: [], stables: restart ? [] : ["jobId", "savepointPath"], deleteBeforeReplace: false };
}

/** SHOW JOBS status; "NOT_FOUND" when unknown to the cluster; undefined when the gateway cannot list jobs (Flink 1.16). */
export async function statusOf(p: SqlGatewayJobInputs, jobId: string): Promise<string | undefined> {
  try {
    return (await jobStatusOnSqlGateway(p.endpoint, jobId, clientOptions(p))) ?? "NOT_FOUND";
  } catch (e) {
    if (isSqlGatewayError(e) && e.kind === "unsupported") return undefined;
    throw e;
  }
}

function isRunning(status: string | undefined): boolean {
  return status === undefined || (status !== "NOT_FOUND" && !isTerminalJobStatus(status));
}

/** Submits the script; the id is random (a job id changes on update, a resource id cannot). */
export async function create(inputs: SqlGatewayJobInputs): Promise<{ id: string; outs: SqlGatewayJobOutputs }> {
  // Refused before anything runs: without STOP JOB / SHOW JOBS (Flink 1.16) the job could never be updated nor deleted.
  await requireJobStatementsOnSqlGateway(inputs.endpoint, JOB_STATEMENTS_NEEDED, clientOptions(inputs));
  await refuseDuplicate(inputs, undefined);
  const restore = restoreFrom(inputs.initialSavepointPath, inputs.allowNonRestoredState);
  const warnings: string[] = [];
  let sub;
  let jobStatus: string | undefined;
  try {
    sub = await submitToSqlGateway(inputs.endpoint, inputs.script, { ...clientOptions(inputs), flinkConfiguration: submitConfiguration(inputs, restore) });
    jobStatus = await statusAfterSubmit(inputs, sub.jobId, inputs.initialSavepointPath, warnings);
  } catch (e) {
    if (e instanceof Error) e.message += submitFailureNote(e, inputs.initialSavepointPath);
    throw e;
  }
  return {
    id: `sqlgw-${globalThis.crypto.randomUUID()}`,
    outs: { ...inputs, jobId: sub.jobId, ...(inputs.initialSavepointPath !== undefined ? { savepointPath: inputs.initialSavepointPath } : {}), jobStatus, warnings, warnedAt: Date.now() },
  };
}

const JOB_STATEMENTS_NEEDED = "the sqlGateway target (an update or delete stops the job with STOP JOB)";

/**
 * The status of a job just submitted, once it runs (awaitJobStart: RUNNING or FINISHED within
 * startTimeoutMs; FAILED or CANCELED throws, saying what to do with `restoredFrom`). Reading is
 * best effort: the job runs whatever a read does, and an error here would lose its id (Pulumi keeps
 * no state of a failed create and the old state of a failed update), so the next `pulumi up` would
 * start a second job next to it; a read that fails or a job still starting is a warning.
 */
async function statusAfterSubmit(p: SqlGatewayJobInputs, jobId: string, restoredFrom: string | undefined, warnings: string[]): Promise<string | undefined> {
  const outcome = await awaitJobStart(p.endpoint, jobId, p.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS, restoredFrom, {
    status: () => statusOf(p, jobId),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
  });
  warnings.push(...outcome.warnings);
  return outcome.status;
}

/**
 * The session properties that start a job from `savepointPath` (none without one): the key of
 * Flink 1.20+ and its deprecated name, which older versions read (flink StateRecoveryOptions:
 * `execution.state-recovery.path` with deprecated key `execution.savepoint.path`; a key a version
 * does not know is ignored), so a restore never depends on which name the gateway's Flink reads.
 */
function restoreFrom(savepointPath: string | undefined, allowNonRestoredState: boolean | undefined): Record<string, string> {
  if (savepointPath === undefined) return {};
  const out: Record<string, string> = { "execution.state-recovery.path": savepointPath, "execution.savepoint.path": savepointPath };
  if (allowNonRestoredState === true) Object.assign(out, { "execution.state-recovery.ignore-unclaimed-state": "true", "execution.savepoint.ignore-unclaimed-state": "true" });
  return out;
}

/**
 * Stops the job of `p` (with a savepoint into `savepointDir` when given) unless it already ended.
 * Resolves whether it stopped a job and the savepoint path; `warnings` collects what to tell.
 *
 * @throws the STOP's error, with what the job's status says about it: a job that ended anyway
 *   (the gateway gave up waiting while the cluster finished the stop) most likely left its
 *   savepoint under `savepointDir`; a job that is not healthy cannot take one.
 */
async function stopIfRunning(p: SqlGatewayJobOutputs, savepointDir: string | undefined, warnings: string[], action: StopAction): Promise<StopOutcome> {
  let status: string | undefined;
  try {
    status = await statusOf(p, p.jobId);
  } catch (e) {
    if (isSqlGatewayError(e) && e.kind === "connection") e.message += unreachableStopNote(p.jobId, action);
    throw e;
  }
  if (!isRunning(status)) {
    warnings.push(`job ${p.jobId} was no longer running (${status}); nothing to stop${savepointDir !== undefined ? " and no savepoint taken" : ""}`);
    return { stopped: false, status };
  }
  try {
    return { stopped: true, savepointPath: await stopJobOnSqlGateway(p.endpoint, p.jobId, { ...clientOptions(p), savepoint: savepointDir !== undefined, savepointDir }) };
  } catch (e) {
    if (isJobGoneError(e)) {
      warnings.push(`job ${p.jobId} ended before it could be stopped; nothing to stop${savepointDir !== undefined ? " and no savepoint taken" : ""}`);
      return { stopped: false, status: "ended while being stopped" };
    }
    if (e instanceof Error) e.message += await stopFailureNote(p, savepointDir, action);
    throw e;
  }
}

/** What the job's status after a failed STOP means for the user (empty when it cannot be read; stopFailureAdvice). */
async function stopFailureNote(p: SqlGatewayJobOutputs, savepointDir: string | undefined, action: StopAction): Promise<string> {
  let after: string | undefined;
  try {
    after = await statusOf(p, p.jobId);
  } catch {
    return "";
  }
  return stopFailureAdvice(p.jobId, after, savepointDir, action, after !== undefined && after !== "RUNNING" && isRunning(after));
}

type Props = Readonly<Record<string, unknown>>;
const RESTORE_KEYS = ["initialSavepointPath", "allowNonRestoredState"] as const;

/**
 * Whether an update must stop the old job and submit the new script: a restart key changed, or
 * the job has ended (terminal, or unknown to the cluster) and a restore input changed (a new
 * initialSavepointPath or allowNonRestoredState is how a user starts a failed job again).
 */
function needsRestart(olds: Props, news: Props, jobStatus: unknown): boolean {
  return changed(olds, news, RESTART_KEYS).length > 0 || (hasEnded(jobStatus) && changed(olds, news, RESTORE_KEYS).length > 0);
}

/** A job status (as last read) that means the job no longer runs: terminal, or unknown to the cluster. */
function hasEnded(jobStatus: unknown): boolean {
  return typeof jobStatus === "string" && (jobStatus === "NOT_FOUND" || isTerminalJobStatus(jobStatus));
}

/** Stops the old job (savepoint when savepointDir is set) and submits the new script from it. */
export async function update(olds: SqlGatewayJobOutputs, news: SqlGatewayJobInputs): Promise<{ outs: SqlGatewayJobOutputs }> {
  const o = olds as unknown as Props;
  const n = news as unknown as Props;
  // Stop and status calls go to the old job's cluster, with the current credentials when the endpoint stays.
  const current: SqlGatewayJobOutputs = { ...olds, headers: news.endpoint === olds.endpoint ? news.headers : olds.headers };
  const restartKeysChanged = changed(o, n, RESTART_KEYS).length > 0;
  if (!restartKeysChanged) {
    // A restore input changed alone restarts the job only if the job no longer runs now (read again).
    const restoreChanged = changed(o, n, RESTORE_KEYS).length > 0;
    const jobStatus = restoreChanged ? await statusOf(current, olds.jobId) : olds.jobStatus;
    if (!restoreChanged || !hasEnded(jobStatus)) return { outs: { ...news, jobId: olds.jobId, savepointPath: olds.savepointPath, jobStatus, warnings: [], warnedAt: Date.now() } };
  }
  if (news.endpoint !== olds.endpoint) await requireJobStatementsOnSqlGateway(news.endpoint, JOB_STATEMENTS_NEEDED, clientOptions(news));
  // Before the old job is stopped: a duplicate found afterwards would leave nothing running.
  await refuseDuplicate(news, olds.jobId);
  const warnings: string[] = [];
  const batch = isBatchJob(news);
  const savepointDir = stopSavepointDir(news);
  const stop = await stopIfRunning(current, savepointDir, warnings, "update");
  if (savepointDir === undefined && stop.stopped) {
    warnings.push(
      batch
        ? `job ${olds.jobId} was cancelled (a batch job takes no savepoint) and the new job starts from the beginning`
        : `savepointDir is not set: job ${olds.jobId} was cancelled without a savepoint and the new job starts with empty state`,
    );
  }
  // No savepoint of its own (the old job had ended): a newly given initialSavepointPath restores the state.
  const given = news.initialSavepointPath !== undefined && news.initialSavepointPath !== olds.initialSavepointPath ? news.initialSavepointPath : undefined;
  // Only a restore input changed on a job that had ended (e.g. allowNonRestoredState after a failed
  // restore): start again from the savepoint that job was started from.
  const again = !restartKeysChanged && !stop.stopped ? olds.savepointPath : undefined;
  const savepointPath = stop.savepointPath ?? given ?? again;
  if (savepointPath === undefined && savepointDir !== undefined) {
    // savepointDir asks to keep the state; a streaming job that would start empty is refused (most
    // often after an update that failed: its error named the savepoint the stop took). Only a job
    // known to be unbounded streaming: the runtime mode may also come from the script or the cluster.
    if (runtimeMode(news) === "STREAMING" && news.bounded !== true) throw emptyStateRefusal(news.endpoint, olds.jobId, stop.status);
    warnings.push(
      news.bounded === true
        ? `job ${olds.jobId} had ended and took no savepoint; its reads are bounded, so the new job reads its sources from the beginning`
        : `the new job starts with empty state: job ${olds.jobId} took no savepoint; set sqlGateway.initialSavepointPath to start it from a savepoint or retained checkpoint`,
    );
  }
  const restore = restoreFrom(savepointPath, news.allowNonRestoredState);
  let sub;
  let jobStatus: string | undefined;
  try {
    sub = await submitToSqlGateway(news.endpoint, news.script, { ...clientOptions(news), flinkConfiguration: submitConfiguration(news, restore) });
    jobStatus = await statusAfterSubmit(news, sub.jobId, savepointPath, warnings);
  } catch (e) {
    if (e instanceof Error) e.message += submitFailureNote(e, savepointPath, { jobId: olds.jobId, stop });
    throw e;
  }
  return { outs: { ...news, jobId: sub.jobId, savepointPath, jobStatus, warnings, warnedAt: Date.now() } };
}

/** `execution.runtime-mode` of the job's configuration, upper case (FlinkSqlJob always sets it). */
function runtimeMode(p: Pick<SqlGatewayJobInputs, "flinkConfiguration">): string | undefined {
  return p.flinkConfiguration["execution.runtime-mode"]?.toUpperCase();
}

/**
 * The savepoint directory a stop (update or delete) takes its savepoint into: savepointDir, but none
 * for a batch job, which runs without checkpoints and cannot take one (the stop cancels it). Also
 * what synth's summary describes.
 */
export function stopSavepointDir(p: Pick<SqlGatewayJobInputs, "flinkConfiguration" | "savepointDir">): string | undefined {
  return isBatchJob(p) ? undefined : p.savepointDir;
}

/** A job whose configuration says batch: it takes no savepoint and starts from the beginning. */
export function isBatchJob(p: Pick<SqlGatewayJobInputs, "flinkConfiguration">): boolean {
  return runtimeMode(p) === "BATCH";
}

/** Stops the job (with a savepoint into stopSavepointDir); a job already gone is success. */
export async function remove(props: SqlGatewayJobOutputs): Promise<void> {
  await stopIfRunning(props, stopSavepointDir(props), [], "delete");
}

/**
 * Refreshes jobStatus; keeps the resource when the job is gone (jobStatus "NOT_FOUND"), so that its
 * savepoint path stays in state. A read without state (an import) is refused (importRefusal); a
 * gateway it cannot reach fails with how to drop the resource (unreachableReadNote).
 */
export async function read(id: string, props: SqlGatewayJobOutputs | undefined): Promise<{ id: string; props: SqlGatewayJobOutputs }> {
  if (typeof props?.jobId !== "string" || typeof props.endpoint !== "string") throw new Error(importRefusal(id));
  let jobStatus: string | undefined;
  try {
    jobStatus = await statusOf(props, props.jobId);
  } catch (e) {
    if (isSqlGatewayError(e) && e.kind === "connection") e.message += unreachableReadNote(props.jobId);
    throw e;
  }
  return { id, props: { ...props, ...(jobStatus !== undefined ? { jobStatus } : {}) } };
}
