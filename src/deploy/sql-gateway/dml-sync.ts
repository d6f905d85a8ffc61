/**
 * `table.dml-sync` on the SQL Gateway target. Set true, a DML statement's execution waits for its
 * job to end: flink TableEnvironmentImpl.executeInternal awaits the job's result when
 * TableConfigOptions.TABLE_DML_SYNC is set ("the insert operation will wait for the job to
 * finish"), and the gateway runs an INSERT or a statement set through it (flink-sql-gateway
 * OperationExecutor.callModifyOperations) before it answers with the job's id. The gateway target
 * submits the job and reads that id to watch and stop the job: a job that never ends never gives
 * it, and one that ends gives it only at its end (the provider polls the INSERT's operation while it is
 * RUNNING, session.ts awaitFinished, up to its overall timeout, http.ts DEFAULT_TIMEOUT_MS). Pure.
 */
import type { Diagnostics } from "../../validation/diagnostics.js";

/** The option's key (flink TableConfigOptions.TABLE_DML_SYNC, default false). */
export const DML_SYNC_KEY = "table.dml-sync";

/** Where the option is set: `the job's configuration` or `sessionProperties`, for a message. */
type DmlSyncPlace = "configuration" | "sessionProperties";

/**
 * The error (a job that does not end: the submit never returns) or warning (a job that ends: the
 * submit waits for its end) for `table.dml-sync` = `value` in `place`, or undefined when the value is
 * not true (a value that is no boolean is the option value check's error).
 */
export function dmlSyncIssue(value: string, place: DmlSyncPlace, bounded: boolean): { level: "error" | "warning"; message: string } | undefined {
  if (value.trim().toLowerCase() !== "true") return undefined;
  const why =
    `${JSON.stringify(value)} makes the SQL Gateway run the INSERT synchronously: it answers with the job's id only when the job ends ` +
    "(flink TableEnvironmentImpl.executeInternal awaits the job under TableConfigOptions.TABLE_DML_SYNC, and the gateway's OperationExecutor reads the id from that result)";
  const fix = place === "configuration" ? `remove it from the job's configuration (or write "false")` : `remove it from sqlGateway.sessionProperties (or write "false")`;
  if (!bounded) {
    return {
      level: "error",
      message: `${why}; this streaming job never ends, so the submit never returns its id: the create or update polls the INSERT until the provider's overall timeout (10 min) and fails, while the job runs on unrecorded (no update or delete stops it). ${fix[0]!.toUpperCase()}${fix.slice(1)}: the gateway target reads the job's status itself`,
    };
  }
  return {
    level: "warning",
    message: `${why}; this job ends, so each create or update waits for its whole run instead of returning once it started, and a run longer than the provider's overall timeout (10 min) fails the create or update while the job runs on; ${fix} unless the wait is what you want`,
  };
}

/** Records dmlSyncIssue for the job's `configuration` (at `configuration["table.dml-sync"]`) and for `session` entries (at `${sessionPath}["key"]`). */
export function checkDmlSync(configuration: Readonly<Record<string, unknown>>, session: Readonly<Record<string, unknown>>, sessionPath: string, bounded: boolean, diag: Diagnostics): void {
  const report = (value: unknown, place: DmlSyncPlace, path: string): void => {
    const issue = typeof value === "string" ? dmlSyncIssue(value, place, bounded) : undefined;
    if (issue === undefined) return;
    if (issue.level === "error") diag.error(path, issue.message);
    else diag.warn(path, issue.message);
  };
  report(configuration[DML_SYNC_KEY], "configuration", `configuration[${JSON.stringify(DML_SYNC_KEY)}]`);
  for (const [key, value] of Object.entries(session)) if (key.trim() === DML_SYNC_KEY) report(value, "sessionProperties", `${sessionPath}[${JSON.stringify(key)}]`);
}
