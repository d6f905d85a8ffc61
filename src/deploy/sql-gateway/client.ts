/**
 * The SQL Gateway REST client: submit a script, stop a job, list jobs.
 *
 * Facts: shared/facts/deploy.md §4; REST specs shared/conformance/sql-gateway/rest_v{1..4}_sql_gateway.yml;
 * job statements: apache/flink flink-table/flink-sql-gateway/.../service/operation/OperationExecutor.java
 * (`callStopJobOperation`: with a savepoint one row in column `savepoint path`, without one the job
 * is cancelled; `callShowJobsOperation`: columns `job id`, `job name`, `status`, `start time`).
 */
import { splitStatements } from "../../sql/split.js";
import { SqlGatewayError, isSqlGatewayError } from "./errors.js";
import { DEFAULT_TIMEOUT_MS, GatewayHttp, type HttpOptions } from "./http.js";
import { GatewaySession, firstRowValue, type PollOptions } from "./session.js";
import { negotiateApiVersion, readFlinkVersion, savepointDirKey, supportsJobStatements, type FlinkVersion, type SqlGatewayApiVersion } from "./versions.js";

/** Options of every client call. */
export interface SqlGatewayClientOptions extends HttpOptions {
  /** REST API version to use; read from `GET /api_versions` (the highest both sides speak) when absent. */
  readonly apiVersion?: SqlGatewayApiVersion | undefined;
  /** Properties of the session the call opens (e.g. `rest.address`/`rest.port` of the Flink cluster, `execution.target`). Values may be secrets; they are never logged. */
  readonly sessionProperties?: Readonly<Record<string, string>> | undefined;
  /** Backoff of status polls and NOT_READY fetches: 100 ms doubling up to 2 s by default. */
  readonly poll?: PollOptions | undefined;
}

/** Options of submitToSqlGateway. */
export interface SubmitToSqlGatewayOptions extends SqlGatewayClientOptions {
  /** The job's Flink configuration (FlinkSqlJob's `flinkConfiguration` output); sent as session properties, `sessionProperties` win on the same key. */
  readonly flinkConfiguration?: Readonly<Record<string, string>> | undefined;
  /** Name of the session (shown by the gateway). */
  readonly sessionName?: string | undefined;
}

/** What submitToSqlGateway resolves to. */
export interface SqlGatewaySubmission {
  /** The id of the job the script started (32 hex digits). */
  readonly jobId: string;
  /** The session the script ran in (closed again before resolving). */
  readonly sessionHandle: string;
  /** The REST API version used. */
  readonly apiVersion: SqlGatewayApiVersion;
}

/** Options of stopJobOnSqlGateway. */
export interface StopJobOnSqlGatewayOptions extends SqlGatewayClientOptions {
  /** Take a savepoint while stopping (`WITH SAVEPOINT`). Without it the job is cancelled. */
  readonly savepoint?: boolean | undefined;
  /** Drain the pipeline before stopping (`WITH DRAIN`, event time jumps to the end); needs `savepoint`. */
  readonly drain?: boolean | undefined;
  /** Savepoint directory; set for the session under the key of the gateway's Flink version (`state.savepoints.dir` up to 1.19, `execution.checkpointing.savepoint-dir` from 1.20). Without it the cluster's default applies. */
  readonly savepointDir?: string | undefined;
}

/** One row of SHOW JOBS. */
export interface SqlGatewayJobInfo {
  readonly jobId: string;
  readonly jobName: string;
  /** Flink's JobStatus: INITIALIZING, CREATED, RUNNING, FAILING, FAILED, CANCELLING, CANCELED, FINISHED, RESTARTING, SUSPENDED, RECONCILING. */
  readonly status: string;
  /** Start time as the gateway renders it. */
  readonly startTime: string;
}

const JOB_ID = /^[0-9a-f]{32}$/;

/** Flink's `client.timeout` (ClientOptions.CLIENT_TIMEOUT): how long the gateway waits for a cluster action. */
export const CLIENT_TIMEOUT_KEY = "client.timeout";

/** Flink JobStatus globally terminal states: the job no longer runs. */
const TERMINAL: readonly string[] = ["FINISHED", "CANCELED", "FAILED"];

/** Job states after which the job no longer runs (Flink JobStatus globally terminal states). */
export const TERMINAL_JOB_STATES: ReadonlySet<string> = new Set(TERMINAL);

/**
 * True for a globally terminal job status (TERMINAL_JOB_STATES). Reads the array, not the Set: the
 * dynamic provider runs this module after Pulumi's closure serialization, which turns a captured Set
 * into an object without the Set's internal slots (`Set.prototype.has called on incompatible receiver`).
 */
export function isTerminalJobStatus(status: string): boolean {
  return TERMINAL.includes(status);
}

/** True when a SqlGatewayError says the job does not exist (any more) or already ended. */
export function isJobGoneError(e: unknown): boolean {
  if (!isSqlGatewayError(e)) return false;
  const text = [e.gatewayMessage ?? "", ...e.gatewayErrors].join("\n");
  return /FlinkJobNotFoundException|Could not find Flink job|FlinkJobTerminatedWithoutCancellationException|Job [0-9a-f]{32} not found/i.test(text);
}

interface Connected {
  readonly http: GatewayHttp;
  readonly api: SqlGatewayApiVersion;
}

async function connect(endpoint: string, options: SqlGatewayClientOptions): Promise<Connected> {
  const http = new GatewayHttp(endpoint, options);
  const api = options.apiVersion ?? (await negotiateApiVersion(http));
  return { http, api };
}

async function requireJobStatements(c: Connected, what: string): Promise<FlinkVersion> {
  const flink = await readFlinkVersion(c.http, c.api);
  if (!supportsJobStatements(flink)) {
    throw new SqlGatewayError(
      c.http.endpoint,
      `${what} needs Flink 1.17 or later (STOP JOB / SHOW JOBS, FLINK-28617), but the gateway runs Flink ${flink.text}; ` +
        "stop the job through the JobManager REST API instead (POST /jobs/<id>/stop) or upgrade the gateway",
      { kind: "unsupported" },
    );
  }
  return flink;
}

/**
 * Resolves when the gateway runs Flink 1.17 or later (STOP JOB and SHOW JOBS, which updating and
 * deleting a submitted job need).
 *
 * @throws SqlGatewayError kind "unsupported" naming the gateway's Flink version and `what`.
 */
export async function requireJobStatementsOnSqlGateway(endpoint: string, what: string, options: SqlGatewayClientOptions = {}): Promise<void> {
  await requireJobStatements(await connect(endpoint, options), what);
}

/**
 * Opens a session, runs `fn`, and always closes the session (also after a failure, abort or timeout).
 * The POST that opens it is not cut short by the caller's AbortSignal or the overall timeout (it has
 * the clean-up deadline instead): a gateway that opened the session while its answer was cut off
 * would keep it open until its idle timeout with nobody to close it (seen under load). An abort or
 * timeout that came meanwhile is honoured right after the session opened, closing it.
 */
async function inSession<T>(c: Connected, properties: Record<string, string>, options: SqlGatewayClientOptions, fn: (s: GatewaySession) => Promise<T>, sessionName?: string): Promise<T> {
  const opening = "opening a session (POST /sessions)";
  c.http.checkAlive(opening);
  const session = (await GatewaySession.open(c.http.forCleanup(), c.api, properties, options.poll, sessionName)).via(c.http);
  try {
    c.http.checkAlive(opening);
    return await fn(session);
  } finally {
    await session.via(c.http.forCleanup()).close();
  }
}

function checkJobId(endpoint: string, jobId: string): void {
  if (!JOB_ID.test(jobId)) throw new SqlGatewayError(endpoint, `${JSON.stringify(jobId)} is not a Flink job id (32 lower-case hex digits)`, { kind: "invalid" });
}

/** `STOP JOB '<id>' [WITH SAVEPOINT] [WITH DRAIN]` (Flink docs: sql/reference/utility/job.md). */
export function stopJobStatement(jobId: string, savepoint: boolean, drain: boolean): string {
  return `STOP JOB '${jobId.replace(/'/g, "''")}'${savepoint ? " WITH SAVEPOINT" : ""}${drain ? " WITH DRAIN" : ""}`;
}

/**
 * Submits a Flink SQL script to a SQL Gateway and resolves the id of the job it started.
 *
 * Opens one session (properties: `flinkConfiguration` then `sessionProperties`), runs the script
 * one statement per request in order (splitStatements: literals, comments and statement sets are
 * respected), waits for each, reads the job id of the INSERT / statement set, closes the session.
 *
 * @throws SqlGatewayError naming the endpoint, with the gateway's message and the failed statement.
 *   A failure leaves no job running: jobs the script had started are cancelled, and the session is
 *   closed. The script must start exactly one job (several INSERTs go in one EXECUTE STATEMENT SET).
 * @throws FlinkIcebergValidationError when the script cannot be split (unterminated literal,
 *   comment or statement set).
 */
export async function submitToSqlGateway(endpoint: string, script: string, options: SubmitToSqlGatewayOptions = {}): Promise<SqlGatewaySubmission> {
  const statements = splitStatements(script);
  if (statements.length === 0) throw new SqlGatewayError(endpoint, "the script holds no statement", { kind: "invalid" });
  const c = await connect(endpoint, options);
  const properties = { ...(options.flinkConfiguration ?? {}), ...(options.sessionProperties ?? {}) };
  const jobIds: string[] = [];
  let handle = "";
  try {
    return await inSession(
      c,
      properties,
      options,
      async (session) => {
        handle = session.handle;
        for (const statement of statements) {
          const result = await session.execute(statement);
          if (result.jobId !== undefined) jobIds.push(result.jobId);
        }
        if (jobIds.length !== 1) {
          const what =
            jobIds.length === 0
              ? "the script started no job (it needs an INSERT or an EXECUTE STATEMENT SET block)"
              : `the script started ${jobIds.length} jobs (${jobIds.join(", ")}); put the INSERTs into one EXECUTE STATEMENT SET BEGIN ... END block`;
          throw new SqlGatewayError(c.http.endpoint, what, { kind: "invalid" });
        }
        return { jobId: jobIds[0]!, sessionHandle: handle, apiVersion: c.api };
      },
      options.sessionName,
    );
  } catch (e) {
    if (jobIds.length > 0 && e instanceof Error) e.message += await cancelStarted(c, properties, options, jobIds);
    throw e;
  }
}

/** Cancels jobs a failed submit had started; returns a note for the error message. */
async function cancelStarted(c: Connected, properties: Record<string, string>, options: SqlGatewayClientOptions, jobIds: readonly string[]): Promise<string> {
  const cleanup: Connected = { http: c.http.forCleanup(), api: c.api };
  const notes: string[] = [];
  for (const id of jobIds) {
    try {
      await inSession(cleanup, properties, options, (s) => s.execute(stopJobStatement(id, false, false)));
      notes.push(`job ${id} it had started was cancelled`);
    } catch (e) {
      notes.push(isJobGoneError(e) ? `job ${id} it had started has already ended` : `job ${id} it had started could NOT be cancelled (${e instanceof Error ? e.message : String(e)}); cancel it by hand`);
    }
  }
  return `\n  ${notes.join("\n  ")}`;
}

/**
 * Stops a job through the SQL Gateway with `STOP JOB '<id>' [WITH SAVEPOINT] [WITH DRAIN]` and
 * resolves the savepoint path (undefined without `savepoint`: the job is then cancelled).
 * Needs a gateway on Flink 1.17 or later.
 *
 * @throws SqlGatewayError: kind "unsupported" on Flink 1.16, "invalid" for a malformed id or
 *   `drain` without `savepoint`, "operation" when Flink refuses (isJobGoneError tells a job that
 *   no longer exists).
 */
export async function stopJobOnSqlGateway(endpoint: string, jobId: string, options: StopJobOnSqlGatewayOptions = {}): Promise<string | undefined> {
  checkJobId(endpoint, jobId);
  const savepoint = options.savepoint === true;
  if (options.drain === true && !savepoint) throw new SqlGatewayError(endpoint, "drain needs savepoint: without a savepoint STOP JOB cancels the job", { kind: "invalid" });
  const c = await connect(endpoint, options);
  const flink = await requireJobStatements(c, "stopping a job");
  const properties: Record<string, string> = { ...(options.sessionProperties ?? {}) };
  if (options.savepointDir !== undefined) properties[savepointDirKey(flink)] = options.savepointDir;
  // The gateway waits for the stop only `client.timeout` (Flink ClientOptions.CLIENT_TIMEOUT, 60 s by
  // default; OperationExecutor.callStopJobOperation) and then fails, while the cluster goes on and
  // finishes the job with a savepoint nobody learns about: wait as long as this call may take.
  if (properties[CLIENT_TIMEOUT_KEY] === undefined) properties[CLIENT_TIMEOUT_KEY] = `${Math.ceil((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s`;
  const result = await inSession(c, properties, options, (s) => s.execute(stopJobStatement(jobId, savepoint, options.drain === true)));
  if (!savepoint) return undefined;
  const path = firstRowValue(result, "savepoint path");
  if (path === undefined || path === "") {
    throw new SqlGatewayError(c.http.endpoint, `STOP JOB for ${jobId} gave no savepoint path`, { kind: "protocol", statement: stopJobStatement(jobId, savepoint, options.drain === true) });
  }
  return path;
}

/** Lists the cluster's jobs with `SHOW JOBS` (Flink 1.17 or later). */
export async function showJobsOnSqlGateway(endpoint: string, options: SqlGatewayClientOptions = {}): Promise<SqlGatewayJobInfo[]> {
  const c = await connect(endpoint, options);
  await requireJobStatements(c, "listing jobs");
  const result = await inSession(c, { ...(options.sessionProperties ?? {}) }, options, (s) => s.execute("SHOW JOBS"));
  const col = (name: string): number => result.columns.indexOf(name);
  const [id, name, status, start] = [col("job id"), col("job name"), col("status"), col("start time")];
  const text = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
  return result.rows.map((r) => ({ jobId: text(r[id]), jobName: text(r[name]), status: text(r[status]), startTime: text(r[start]) }));
}

/** The status of one job from SHOW JOBS, or undefined when the cluster does not know it. */
export async function jobStatusOnSqlGateway(endpoint: string, jobId: string, options: SqlGatewayClientOptions = {}): Promise<string | undefined> {
  checkJobId(endpoint, jobId);
  const jobs = await showJobsOnSqlGateway(endpoint, options);
  return jobs.find((j) => j.jobId === jobId)?.status;
}
