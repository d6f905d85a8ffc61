/**
 * What a failed restore means, read from the error of the INSERT that asked for it. With Flink's
 * default scheduler the restore runs while the JobMaster is created, and the submit waits for that
 * (flink `AbstractSessionClusterExecutor.execute` → `ClientUtils.waitUntilJobInitializationFinished`,
 * which rethrows the `JobInitializationException`), so the gateway's INSERT ends in ERROR with the
 * cause: `Checkpoints.loadAndValidateCheckpoint` ("Failed to rollback to checkpoint/savepoint ...
 * Cannot map checkpoint/savepoint state for operator ... to the new program") or
 * `AbstractFsCheckpointStorageAccess.resolveCheckpointPointer` ("Cannot find checkpoint or
 * savepoint file/directory ..."). With the adaptive scheduler the job is accepted and FAILS while
 * INITIALIZING instead (start-wait.ts).
 *
 * Also what an update that fails leaves behind (the old job's savepoint), and the refusal to start a
 * streaming job with empty state when savepointDir asks to keep it. Regular expressions inside the
 * functions: the provider runs after Pulumi's closure serialization.
 */
import { isSqlGatewayError, SqlGatewayError } from "./errors.js";

/** Guidance for an error that is a failed restore from `savepointPath`, or undefined for any other error. */
function restoreFailureHint(e: unknown, savepointPath: string): string | undefined {
  if (!isSqlGatewayError(e)) return undefined;
  const text = [e.message, e.gatewayMessage ?? "", ...(e.gatewayErrors ?? [])].join("\n");
  if (/Cannot map checkpoint\/savepoint state/.test(text)) {
    return (
      `the restore from ${savepointPath} failed: it holds state that no operator of the new script claims (an operator was removed, or the edited SQL changed the plan and so its operator ids). ` +
      "Set sqlGateway.allowNonRestoredState to true to start without that state, or change the SQL back"
    );
  }
  if (/Cannot find checkpoint or savepoint/.test(text)) {
    return `the restore from ${savepointPath} failed: there is no savepoint or retained checkpoint at that path (Flink reads its _metadata file); set sqlGateway.initialSavepointPath to one that exists`;
  }
  if (/Failed to rollback to checkpoint\/savepoint/.test(text)) {
    return `the restore from ${savepointPath} failed (the cause is above); the savepoint itself is not changed by a failed restore`;
  }
  return undefined;
}

/** What stopIfRunning did: stopped the job (with the savepoint's path), or found it ended (its status). */
export interface StopOutcome {
  readonly stopped: boolean;
  readonly savepointPath?: string | undefined;
  readonly status?: string | undefined;
}

/** The update of a streaming job that would start with empty state although savepointDir is set: nothing is submitted. */
export function emptyStateRefusal(endpoint: string, oldJobId: string, status: string | undefined): SqlGatewayError {
  return new SqlGatewayError(
    endpoint,
    `job ${oldJobId} no longer runs (${status ?? "its status is unknown"}), so this update took no savepoint, and no new sqlGateway.initialSavepointPath says where to restore from: ` +
      "the new job would start with empty state although savepointDir is set. The new job was not submitted. " +
      "If an earlier update failed, its error named the savepoint its stop took: set sqlGateway.initialSavepointPath to it (or to the job's last retained checkpoint) and run pulumi up again; " +
      "to start with empty state on purpose, unset savepointDir for this update",
    { kind: "invalid" },
  );
}

/**
 * What a failed submit (or a new job that failed while starting) leaves behind, for the error
 * message: what a failed restore from `restoredFrom` means, and for an update what became of the
 * `old` job (stopped with a savepoint to start from, or cancelled).
 */
export function submitFailureNote(e: unknown, restoredFrom: string | undefined, old?: { readonly jobId: string; readonly stop: StopOutcome }): string {
  const notes: string[] = [];
  const hint = restoredFrom === undefined ? undefined : restoreFailureHint(e, restoredFrom);
  if (hint !== undefined) notes.push(hint);
  if (old?.stop.savepointPath !== undefined) {
    notes.push(
      `the old job ${old.jobId} was stopped with a savepoint at ${old.stop.savepointPath}; the new job did not start. Fix the script, set sqlGateway.initialSavepointPath to that path and run pulumi up again to start from it`,
    );
  } else if (old?.stop.stopped === true) {
    notes.push(`the old job ${old.jobId} was cancelled (no savepointDir)`);
  }
  return notes.map((n) => `\n  ${n}`).join("");
}

/** Why a job is being stopped: an update (a new job is submitted after the stop) or a delete (nothing follows it). */
export type StopAction = "update" | "delete";

/**
 * The lines added to a failed STOP's error, from the job's status read after it (`after`;
 * undefined when the gateway cannot list jobs). `unhealthy`: the job still exists but does not run
 * every task (RESTARTING, FAILING, ...), so no savepoint can be taken. An update's advice is about
 * the new job (restore it from the savepoint the stop may have taken, or replace the job without
 * one); a delete has no new job and no initialSavepointPath to set, so its advice is to end the job
 * another way and delete again (a job that has ended is deleted without a stop).
 */
export function stopFailureAdvice(jobId: string, after: string | undefined, savepointDir: string | undefined, action: StopAction, unhealthy: boolean): string {
  const update = action === "update";
  const state = `job ${jobId} is ${after ?? "in an unknown state"}; ${update ? "the new job was not submitted" : "the resource was not deleted"}`;
  if (savepointDir === undefined) return `\n  ${state}`;
  if (after === "FINISHED") {
    const savepoint = `job ${jobId} has FINISHED all the same: the cluster most likely completed the stop with a savepoint under ${savepointDir} (a directory savepoint-${jobId.slice(0, 6)}-...)`;
    return update
      ? `\n  ${savepoint}. The new job was not submitted: set sqlGateway.initialSavepointPath to that savepoint and run pulumi up again (without it the new job would start with empty state)`
      : `\n  ${savepoint}. Run the delete again (pulumi up or pulumi destroy): a job that has ended is deleted without a stop`;
  }
  if (!unhealthy) return `\n  ${state}`;
  return update
    ? `\n  ${state}. A savepoint needs every task running: fix what makes the job fail, or replace it without a savepoint ` +
        "(unset sqlGateway.savepointDir for this update: the job is cancelled; set sqlGateway.initialSavepointPath to its last retained checkpoint)"
    : `\n  ${state}. A savepoint needs every task running: cancel the job yourself (Flink UI, or the cluster's REST API: PATCH /jobs/${jobId}) and run the delete again, ` +
        "or first run pulumi up with sqlGateway.savepointDir unset (that restarts no job) so that the delete cancels it";
}

/**
 * For an update or delete that cannot reach the old job's gateway at all (nothing was stopped): a
 * gateway and session cluster that are gone for good took the job with them, and only dropping the
 * resource from the stack ends the failure (Pulumi keeps the old state of a failed update or delete;
 * `pulumi refresh` cannot reach the gateway either). After that an up creates the job anew.
 */
export function unreachableStopNote(jobId: string, action: StopAction): string {
  const what = action === "update" ? "the new job was not submitted" : "the resource was not deleted";
  const then = action === "update" ? "then run pulumi up again (it creates the job anew)" : "then run pulumi destroy again";
  return (
    `\n  job ${jobId} was not stopped and ${what}. If the gateway and its cluster are gone for good (the job with them), ` +
    `drop the resource from the stack with pulumi state delete <urn> (pulumi stack --show-urns lists the SqlGatewayJob's urn), ${then}`
  );
}

/**
 * For a refresh (the provider's read) that cannot reach the job's gateway at all: as for a delete
 * (unreachableStopNote), a gateway and session cluster gone for good took the job with them, and
 * the refresh fails until the resource is dropped from the stack; after that an up creates the job
 * anew. A gateway that is only down for now: run the refresh again once it answers.
 */
export function unreachableReadNote(jobId: string): string {
  return (
    `\n  job ${jobId}'s status was not refreshed. If the gateway is only down for now, run pulumi refresh again once it answers; if the gateway and its cluster are gone for good (the job with them), ` +
    "drop the resource from the stack with pulumi state delete <urn> (pulumi stack --show-urns lists the SqlGatewayJob's urn), then run pulumi up to create the job anew"
  );
}

/**
 * Why a read without the resource's state fails (`pulumi import`, or an import resource option):
 * the state is the job this provider submitted (its script, endpoint, session and job id), which a
 * job id alone cannot rebuild, so there is nothing to adopt. Today the Pulumi Node.js SDK fails
 * such a read before the provider runs (`@pulumi/pulumi` cmd/dynamic-provider getProvider needs
 * the serialized provider in the state: pulumi/pulumi#16175); this is the message once it does not.
 */
export function importRefusal(id: string): string {
  return (
    `SqlGatewayJob ${JSON.stringify(id)}: import is not supported: the resource's state is the job this provider submitted (its script, endpoint and job id), which an id alone cannot rebuild. ` +
    "Declare the job as a FlinkSqlJob with a sqlGateway target and run pulumi up to start it; to take over a job that already runs, stop it with a savepoint " +
    "(STOP JOB '<job id>' WITH SAVEPOINT in the SQL client) and set sqlGateway.initialSavepointPath to the savepoint it reports, so that pulumi up starts the declared job from it"
  );
}
