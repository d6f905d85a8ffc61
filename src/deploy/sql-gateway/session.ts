/**
 * One SQL Gateway session: open, run one statement and read its whole result, close.
 *
 * Paths and bodies follow shared/conformance/sql-gateway/rest_v{1..4}_sql_gateway.yml
 * (POST /sessions, POST /sessions/{h}/statements, GET .../operations/{op}/status,
 * GET .../operations/{op}/result/{token}, DELETE /sessions/{h}). The result JSON follows the
 * server's serializers, not the generated spec (shared/facts/deploy.md §4.5): apache/flink
 * flink-table/flink-sql-gateway/.../rest/serde/FetchResultsResponseBodySerializer.java and
 * ResultInfoSerializer.java — `resultType` NOT_READY | PAYLOAD | EOS, `isQueryResult`, `jobID`,
 * `resultKind`, `results: {columns: [{name, logicalType, comment}], rowFormat, data: [{kind,
 * fields}]}`, `nextResultUri`; operation handles are plain strings on the wire.
 */
import { SqlGatewayError } from "./errors.js";
import type { GatewayHttp } from "./http.js";
import { versionRank, type SqlGatewayApiVersion } from "./versions.js";

/** Operation states (apache/flink .../gateway/api/operation/OperationStatus.java): still working, failed; FINISHED is the rest. */
// Arrays, not Sets: the dynamic provider runs this module after Pulumi's closure serialization,
// which leaves a captured Set without its internal slots.
const WAITING: readonly string[] = ["INITIALIZED", "PENDING", "RUNNING"];
const FAILED: readonly string[] = ["CANCELED", "CLOSED", "ERROR", "TIMEOUT"];

/** Column holding the submitted job's id in the result of INSERT / statement set (…/service/utils/Constants.java JOB_ID). */
export const JOB_ID_COLUMN = "job id";

/** Backoff between status polls and NOT_READY fetches. */
export interface PollOptions {
  /** First wait, ms. Default 100. */
  readonly initialMs?: number | undefined;
  /** Longest wait, ms (the wait doubles up to this). Default 2000. */
  readonly maxMs?: number | undefined;
}

/** The whole result of one statement. */
export interface StatementResult {
  /** Top-level `jobID` (Flink 1.17+), else the `job id` column of the first row (Flink 1.16). */
  readonly jobId: string | undefined;
  readonly columns: readonly string[];
  /** Rows as the JSON row format gives them (`fields`). */
  readonly rows: readonly (readonly unknown[])[];
}

/** The value of column `name` in the first row, as a string. */
export function firstRowValue(result: StatementResult, name: string): string | undefined {
  const k = result.columns.indexOf(name);
  const v = k < 0 ? undefined : result.rows[0]?.[k];
  return typeof v === "string" ? v : v === undefined || v === null ? undefined : String(v);
}

function handleOf(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  // The generated spec models handles as {identifier}; accept that too.
  const id = (value as { identifier?: unknown } | null)?.identifier;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** An open session on one gateway. */
export class GatewaySession {
  private closed = false;

  private constructor(
    readonly http: GatewayHttp,
    readonly api: SqlGatewayApiVersion,
    readonly handle: string,
    private readonly poll: PollOptions,
  ) {}

  /** POST /sessions with the session properties (they override the gateway's defaults for this session). */
  static async open(http: GatewayHttp, api: SqlGatewayApiVersion, properties: Readonly<Record<string, string>>, poll: PollOptions = {}, sessionName?: string): Promise<GatewaySession> {
    const body = await http.request("POST", `/${api}/sessions`, "opening a session (POST /sessions)", {
      properties,
      ...(sessionName !== undefined ? { sessionName } : {}),
    });
    const handle = handleOf((body as { sessionHandle?: unknown }).sessionHandle);
    if (handle === undefined) throw new SqlGatewayError(http.endpoint, "opening a session: the answer has no sessionHandle", { kind: "protocol" });
    return new GatewaySession(http, api, handle, poll);
  }

  /** The same session driven through another connection (e.g. GatewayHttp.forCleanup()). */
  via(http: GatewayHttp): GatewaySession {
    return new GatewaySession(http, this.api, this.handle, this.poll);
  }

  private path(rest: string): string {
    return `/${this.api}/sessions/${encodeURIComponent(this.handle)}${rest}`;
  }

  private nextDelay(current: number): number {
    return Math.min(current * 2, this.poll.maxMs ?? 2000);
  }

  /** Runs one statement and returns its whole result; throws SqlGatewayError naming the statement. */
  async execute(statement: string): Promise<StatementResult> {
    const body = await this.http.request("POST", this.path("/statements"), "submitting a statement", { statement }, statement);
    const op = handleOf((body as { operationHandle?: unknown }).operationHandle);
    if (op === undefined) throw new SqlGatewayError(this.http.endpoint, "submitting a statement: the answer has no operationHandle", { kind: "protocol", statement });
    const opPath = this.path(`/operations/${encodeURIComponent(op)}`);
    await this.awaitFinished(opPath, statement);
    return this.fetchAll(opPath, statement);
  }

  private async awaitFinished(opPath: string, statement: string): Promise<void> {
    let delay = this.poll.initialMs ?? 100;
    for (;;) {
      const body = (await this.http.request("GET", `${opPath}/status`, "reading the operation status", undefined, statement)) as { status?: unknown };
      const status = typeof body.status === "string" ? body.status.toUpperCase() : "";
      if (status === "FINISHED") return;
      if (FAILED.includes(status)) await this.failWithResultError(opPath, statement, status);
      if (!WAITING.includes(status)) {
        throw new SqlGatewayError(this.http.endpoint, `unknown operation status ${JSON.stringify(body.status)}`, { kind: "protocol", statement });
      }
      await this.http.sleep(delay, "waiting for the statement");
      delay = this.nextDelay(delay);
    }
  }

  /** The gateway sends an operation's error text only as the error body of a result fetch. */
  private async failWithResultError(opPath: string, statement: string, status: string): Promise<never> {
    let gatewayMessage: string | undefined;
    let gatewayErrors: readonly string[] | undefined;
    try {
      await this.http.request("GET", this.firstResultPath(opPath), "reading the error of a failed statement", undefined, statement);
    } catch (e) {
      if (!(e instanceof SqlGatewayError) || e.kind !== "http") throw e;
      gatewayMessage = e.gatewayMessage;
      gatewayErrors = e.gatewayErrors;
    }
    throw new SqlGatewayError(this.http.endpoint, `the statement ended in ${status}`, { kind: "operation", gatewayMessage, gatewayErrors, statement });
  }

  private firstResultPath(opPath: string): string {
    // `rowFormat` is a required query parameter from v2 on (rest_v2_sql_gateway.yml); v1 has none.
    return `${opPath}/result/0${versionRank(this.api) >= 1 ? "?rowFormat=JSON" : ""}`;
  }

  private async fetchAll(opPath: string, statement: string): Promise<StatementResult> {
    let url = this.firstResultPath(opPath);
    let delay = this.poll.initialMs ?? 100;
    let jobId: string | undefined;
    let columns: string[] = [];
    const rows: unknown[][] = [];
    for (;;) {
      const body = (await this.http.request("GET", url, "fetching results", undefined, statement)) as Record<string, unknown>;
      const type = body.resultType;
      if (type === "NOT_READY") {
        await this.http.sleep(delay, "waiting for results");
        delay = this.nextDelay(delay);
        continue;
      }
      if (type !== "PAYLOAD" && type !== "EOS") {
        throw new SqlGatewayError(this.http.endpoint, `fetching results: unknown resultType ${JSON.stringify(type)}`, { kind: "protocol", statement });
      }
      if (typeof body.jobID === "string" && body.jobID !== "") jobId = body.jobID;
      const results = body.results as { columns?: unknown; data?: unknown } | undefined;
      if (Array.isArray(results?.columns) && results.columns.length > 0) {
        columns = results.columns.map((c) => String((c as { name?: unknown } | null)?.name ?? ""));
      }
      if (Array.isArray(results?.data)) {
        for (const row of results.data) {
          const fields = (row as { fields?: unknown } | null)?.fields;
          if (Array.isArray(fields)) rows.push(fields);
        }
      }
      const next = body.nextResultUri;
      if (type === "EOS" || typeof next !== "string" || next === "") break;
      url = next;
      delay = this.poll.initialMs ?? 100;
    }
    const result: StatementResult = { jobId, columns, rows };
    return { ...result, jobId: jobId ?? firstRowValue(result, JOB_ID_COLUMN) };
  }

  /** DELETE /sessions/{h}. Never throws: a session that is already gone or unreachable is left to expire. Returns the error, if any. */
  async close(): Promise<SqlGatewayError | undefined> {
    if (this.closed) return undefined;
    this.closed = true;
    try {
      await this.http.request("DELETE", this.path(""), "closing the session");
      return undefined;
    } catch (e) {
      return e instanceof SqlGatewayError ? e : new SqlGatewayError(this.http.endpoint, "closing the session", { kind: "protocol", cause: e });
    }
  }
}
