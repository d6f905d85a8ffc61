/**
 * What `pulumi preview` / `pulumi up` say about a SQL Gateway job that no longer runs although
 * the stack still holds it: cancelled, failed or stopped outside Pulumi, or lost with a session
 * cluster that restarted without high availability. `pulumi refresh` (provider-impl.ts `read`)
 * records that as `jobStatus`; an update of unchanged inputs does nothing, so without this warning
 * the stack would look deployed while nothing runs.
 *
 * Statuses: Flink `JobStatus` names as SHOW JOBS prints them (apache/flink
 * flink-core/.../api/common/JobStatus.java; globally terminal: FINISHED, CANCELED, FAILED), and
 * "NOT_FOUND", the provider's value for a job SHOW JOBS no longer lists.
 */
import { isTerminalJobStatus } from "./client.js";

/**
 * The warning for job `jobId` whose last read status is `status`, or undefined while it runs (or
 * its status is unknown). FINISHED is how a bounded or batch job ends (`bounded`), and NOT_FOUND
 * what it becomes once the JobManager forgets finished jobs (`jobstore.expiration-time`, 1 h by
 * default: flink JobManagerOptions), so neither warns for one.
 */
export function endedJobWarning(jobId: string | undefined, status: string | undefined, bounded: boolean): string | undefined {
  if (jobId === undefined || status === undefined) return undefined;
  if (status !== "NOT_FOUND" && !isTerminalJobStatus(status)) return undefined;
  if (bounded && (status === "FINISHED" || status === "NOT_FOUND")) return undefined;
  const state = status === "NOT_FOUND" ? "no longer known to the cluster (SHOW JOBS does not list it)" : `${status} on the cluster`;
  return (
    `the Flink job ${jobId} is ${state} as of the last create, update or refresh, and pulumi up does not start it again by itself: ` +
    "to restart it, set sqlGateway.initialSavepointPath to its last savepoint or retained checkpoint (a change of that alone restarts a job that ended), " +
    "or change the job's statements or configuration"
  );
}
