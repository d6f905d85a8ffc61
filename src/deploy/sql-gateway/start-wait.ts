/**
 * Waiting for a job the SQL Gateway just accepted to start. The INSERT's result is the job id once
 * the job's initialization finished (flink `AbstractSessionClusterExecutor.execute` waits with
 * `ClientUtils.waitUntilJobInitializationFinished`): with the default scheduler a failed restore
 * (a savepoint path that does not exist, state the new script does not claim) fails the INSERT
 * itself (restore-failure.ts). What can still go wrong after it: with the adaptive scheduler the
 * restore runs later, the job FAILS while INITIALIZING; a job can be CANCELED, or fail and RESTART
 * while it deploys its tasks. So a create or update reads the job's status until it runs before
 * reporting success. The statuses are Flink's `JobStatus` names as SHOW JOBS prints them.
 *
 * No module-level Set or Map: the provider runs this after Pulumi's closure serialization
 * (client.ts `isTerminalJobStatus`).
 */
import { SqlGatewayError } from "./errors.js";

/** Default `sqlGateway.startTimeout`: how long create/update wait for the job to run. */
export const DEFAULT_START_TIMEOUT_MS = 60_000;

/** The longest `sqlGateway.startTimeout` (a gateway call's own limit, http.ts DEFAULT_TIMEOUT_MS). */
export const MAX_START_TIMEOUT_MS = 600_000;

/** What waiting found: the last status read (undefined when none could be read) and what to tell. */
export interface StartOutcome {
  readonly status: string | undefined;
  readonly warnings: readonly string[];
}

/** How the wait reads and sleeps (the provider's SHOW JOBS read; tests pass their own clock). */
export interface StartWaitIo {
  /** The job's status: "NOT_FOUND" when the cluster does not list it, undefined when the gateway cannot list jobs. */
  readonly status: () => Promise<string | undefined>;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
}

/** Started: the job runs, or (a batch or bounded job) has already finished. */
function hasStarted(status: string): boolean {
  return status === "RUNNING" || status === "FINISHED";
}

/** Ended without running: nothing of this job runs any more. */
function failedToStart(status: string): boolean {
  return status === "FAILED" || status === "CANCELED";
}

/** Backoff between reads: 250 ms doubling up to 2 s. */
function nextDelay(previous: number): number {
  return previous === 0 ? 250 : Math.min(previous * 2, 2000);
}

/**
 * Reads the status of job `jobId` until it is RUNNING or FINISHED (resolves it), FAILED or
 * CANCELED (throws), or `timeoutMs` passed (resolves the last status with a warning: the job was
 * submitted and may still start). A failing read ends the wait with a warning (best effort: the job
 * runs whatever the read does, and throwing would lose its id). `timeoutMs` 0 reads once.
 *
 * @param restoredFrom the savepoint the job was started from, for the error message.
 * @throws SqlGatewayError (kind "operation") when the job FAILED or was CANCELED while starting.
 */
export async function awaitJobStart(endpoint: string, jobId: string, timeoutMs: number, restoredFrom: string | undefined, io: StartWaitIo): Promise<StartOutcome> {
  const deadline = io.now() + timeoutMs;
  const warnings: string[] = [];
  const seen: string[] = [];
  let delay = 0;
  for (;;) {
    let status: string | undefined;
    try {
      status = await io.status();
    } catch (e) {
      warnings.push(`job ${jobId} was submitted, but reading its status failed (${e instanceof Error ? e.message.split("\n")[0] : String(e)}); jobStatus is unknown until the next refresh`);
      return { status: undefined, warnings };
    }
    if (status === undefined) return { status, warnings };
    if (!seen.includes(status)) seen.push(status);
    if (hasStarted(status)) {
      if (seen.includes("RESTARTING") || seen.includes("FAILING")) {
        warnings.push(`job ${jobId} failed and restarted while starting (${seen.join(" → ")}); it is ${status} now, but check the JobManager log or the Flink UI (Exceptions tab) for the cause`);
      }
      return { status, warnings };
    }
    if (failedToStart(status)) throw startFailure(endpoint, jobId, status, seen, restoredFrom);
    delay = nextDelay(delay);
    const left = deadline - io.now();
    if (left <= 0) {
      warnings.push(
        `job ${jobId} was submitted but is still ${status} after ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`} (sqlGateway.startTimeout); ` +
          "whether it starts is not known yet: jobStatus shows it after pulumi refresh, the Flink UI at once",
      );
      return { status, warnings };
    }
    await io.sleep(Math.min(delay, left));
  }
}

/** The error for a job that ended while starting: what it means and what to do. */
function startFailure(endpoint: string, jobId: string, status: string, seen: readonly string[], restoredFrom: string | undefined): SqlGatewayError {
  const how = seen.length > 1 ? ` (${seen.join(" → ")})` : "";
  const cause =
    status === "CANCELED"
      ? "something cancelled it (a STOP JOB or the Flink UI)"
      : restoredFrom !== undefined
        ? `most often the restore from ${restoredFrom}: a path that does not exist, or state that no operator of the new script claims ` +
          "(set sqlGateway.allowNonRestoredState to true to drop it); the JobManager log or the Flink UI (Exceptions tab) has the cause"
        : "the JobManager log or the Flink UI (Exceptions tab) has the cause (e.g. a connector or catalog class missing from the cluster's classpath)";
  return new SqlGatewayError(endpoint, `job ${jobId} was submitted but ${status} while starting${how}: ${cause}`, { kind: "operation" });
}
