/**
 * An in-process fake Flink SQL Gateway: node:http on 127.0.0.1 with an ephemeral port.
 *
 * Paths, verbs, query parameters and request bodies follow the REST specs (checked for every
 * request: `violations` must stay empty); the answers follow the real wire JSON, not the
 * generated spec (shared/facts/deploy.md §4.3, §4.5): handles are plain strings, fetch results are
 * `{resultType, isQueryResult, jobID?, resultKind, results: {columns, rowFormat, data: [{kind,
 * fields}]}, nextResultUri?}`, errors are `{"errors": [...]}` with the server-side stack trace.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FakeCluster, serverTrace, type Outcome } from "./sql-gateway-engine.js";
import { specViolations } from "./sql-gateway-spec.js";

/** How one statement behaves, instead of the engine's default. */
export interface StatementOverride {
  /** Statuses the status endpoint answers before the final one (default: the gateway's `statuses`). */
  readonly statuses?: readonly string[];
  /** Final status; a failure status skips execution. Default FINISHED (ERROR when the engine fails). */
  readonly finalStatus?: "FINISHED" | "ERROR" | "CANCELED" | "CLOSED" | "TIMEOUT";
  /** Server-side trace for ERROR. */
  readonly trace?: string;
  /** The operation stays RUNNING this long after submission. */
  readonly runForMs?: number;
}

/** A request the fake received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** An answer forced by `intercept` (status + body), or only a delay before normal handling. */
export interface Forced {
  readonly status?: number;
  readonly body?: unknown;
  readonly delayMs?: number;
  /** A delay after normal handling, before the answer is sent: the gateway did the work, its answer comes late (or never reaches a client that gave up). */
  readonly answerDelayMs?: number;
}

export interface FakeGatewayOptions {
  /** `GET /api_versions` answer (enum names, as the server sends them). Default V1..V4. */
  readonly apiVersions?: readonly string[];
  /** `GET /info` version. Default "1.20.1". */
  readonly flinkVersion?: string;
  /** Send the top-level `jobID` (Flink 1.17+). Default: true unless the gateway only speaks V1. */
  readonly topLevelJobId?: boolean;
  /** Rows per result page. Default 100. */
  readonly pageSize?: number;
  /** NOT_READY answers to the first result fetch of every operation. Default 0. */
  readonly notReadyFetches?: number;
  /** Statuses before the final one. Default ["PENDING", "RUNNING"]. */
  readonly statuses?: readonly string[];
  /** Per-statement behaviour. */
  readonly override?: (statement: string) => StatementOverride | undefined;
  /** Forced answers per request (return undefined for normal handling). */
  readonly intercept?: (req: RecordedRequest) => Forced | undefined;
}

interface FakeSession {
  readonly handle: string;
  readonly properties: Record<string, string>;
  readonly statements: string[];
  closed: boolean;
}

interface FakeOperation {
  readonly handle: string;
  readonly session: FakeSession;
  readonly statement: string;
  readonly outcome: Outcome | undefined;
  readonly statuses: string[];
  readonly finalStatus: string;
  readonly trace: string;
  readonly readyAt: number;
  notReady: number;
}

class HttpError extends Error {
  constructor(readonly status: number, readonly errors: string[]) {
    super(errors.join("; "));
  }
}

const serverSide = (trace: string): string[] => ["Internal server error.", `<Exception on server side:\n${trace}\nEnd of exception on server side>`];

/** The fake gateway. `await FakeSqlGateway.start(options)`, then `endpoint`; `close()` in after(). */
export class FakeSqlGateway {
  readonly requests: RecordedRequest[] = [];
  readonly violations: string[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly operations = new Map<string, FakeOperation>();
  readonly cluster: FakeCluster;
  private counter = 0;
  endpoint = "";

  private constructor(
    private readonly server: Server,
    readonly options: FakeGatewayOptions,
  ) {
    this.cluster = new FakeCluster(() => {
      const [major, minor] = (options.flinkVersion ?? "1.20.1").split(".").map(Number);
      return { major: major ?? 1, minor: minor ?? 20 };
    });
  }

  static async start(options: FakeGatewayOptions = {}): Promise<FakeSqlGateway> {
    const server = createServer();
    const fake = new FakeSqlGateway(server, options);
    server.on("request", (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    fake.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Drops a session as the gateway does after `sql-gateway.session.idle-timeout`. */
  expireSession(handle: string): void {
    this.sessions.delete(handle);
  }

  /** The statements executed, in order, with their session handle. */
  get executed(): { session: string; statement: string }[] {
    return this.requests.filter((r) => r.method === "POST" && r.path.endsWith("/statements")).map((r) => ({ session: r.path.split("/")[3]!, statement: (r.body as { statement: string }).statement }));
  }

  private get versions(): readonly string[] {
    return this.options.apiVersions ?? ["V1", "V2", "V3", "V4"];
  }

  private nextHandle(): string {
    this.counter++;
    return `00000000-0000-4000-8000-${this.counter.toString(16).padStart(12, "0")}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const body: unknown = text === "" ? undefined : JSON.parse(text);
    const recorded: RecordedRequest = { method: req.method ?? "GET", path: url.pathname, body, headers: req.headers };
    this.requests.push(recorded);
    const forced = this.options.intercept?.(recorded);
    if (forced?.delayMs !== undefined) await new Promise((r) => setTimeout(r, forced.delayMs));
    if (res.destroyed) return;
    let status = 200;
    let answer: unknown;
    if (forced?.status !== undefined) {
      status = forced.status;
      answer = forced.body;
    } else {
      try {
        answer = this.route(recorded.method, url, body);
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        status = e.status;
        answer = { errors: e.errors };
      }
    }
    if (forced?.answerDelayMs !== undefined) await new Promise((r) => setTimeout(r, forced.answerDelayMs));
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(answer === undefined ? "" : JSON.stringify(answer));
  }

  private route(method: string, url: URL, body: unknown): unknown {
    const m = /^\/(v\d+)(\/.*)$/.exec(url.pathname);
    const version = m ? m[1]! : this.versions[this.versions.length - 1]!.toLowerCase();
    const path = m ? m[2]! : url.pathname;
    if (!this.versions.map((v) => v.toLowerCase()).includes(version)) throw new HttpError(404, [`Not found: ${url.pathname}`]);
    this.violations.push(...specViolations(version, method, path, url.searchParams, body));
    const seg = path.split("/").filter((s) => s !== "");
    if (method === "GET" && path === "/api_versions") return { versions: this.versions };
    if (method === "GET" && path === "/info") return { productName: "Apache Flink", version: this.options.flinkVersion ?? "1.20.1" };
    if (seg[0] !== "sessions") throw new HttpError(404, [`Not found: ${url.pathname}`]);
    if (method === "POST" && seg.length === 1) {
      const props = ((body as { properties?: Record<string, string> } | undefined)?.properties ?? {}) as Record<string, string>;
      const session: FakeSession = { handle: this.nextHandle(), properties: { ...props }, statements: [], closed: false };
      this.sessions.set(session.handle, session);
      return { sessionHandle: session.handle };
    }
    const session = this.sessions.get(seg[1] ?? "");
    if (!session || session.closed) {
      throw new HttpError(500, serverSide(`org.apache.flink.table.gateway.api.utils.SqlGatewayException: Session '${seg[1]}' does not exist.\n\tat org.apache.flink.table.gateway.service.session.SessionManagerImpl.getSession(SessionManagerImpl.java:150)`));
    }
    if (method === "DELETE" && seg.length === 2) {
      session.closed = true;
      this.sessions.delete(session.handle);
      return { status: "CLOSED" };
    }
    if (method === "POST" && seg[2] === "statements") return this.execute(session, (body as { statement: string }).statement);
    const op = seg[2] === "operations" ? this.operations.get(seg[3] ?? "") : undefined;
    if (!op) throw new HttpError(404, [`Not found: ${url.pathname}`]);
    if (method === "GET" && seg[4] === "status") return { status: this.statusOf(op) };
    if (method === "GET" && seg[4] === "result") return this.fetch(op, version, Number(seg[5]));
    throw new HttpError(404, [`Not found: ${url.pathname}`]);
  }

  private execute(session: FakeSession, statement: string): unknown {
    session.statements.push(statement);
    const o = this.options.override?.(statement) ?? {};
    const failing = o.finalStatus !== undefined && o.finalStatus !== "FINISHED";
    const outcome = failing ? undefined : this.cluster.run(statement, session.properties);
    const op: FakeOperation = {
      handle: this.nextHandle(),
      session,
      statement,
      outcome,
      statuses: [...(o.statuses ?? this.options.statuses ?? ["PENDING", "RUNNING"])],
      finalStatus: o.finalStatus ?? (outcome?.kind === "error" ? "ERROR" : "FINISHED"),
      trace: o.trace ?? (outcome?.kind === "error" ? outcome.trace : serverTrace("org.apache.flink.table.api.TableException", "operation failed")),
      readyAt: Date.now() + (o.runForMs ?? 0),
      notReady: this.options.notReadyFetches ?? 0,
    };
    this.operations.set(op.handle, op);
    return { operationHandle: op.handle };
  }

  private statusOf(op: FakeOperation): string {
    if (Date.now() < op.readyAt) return "RUNNING";
    return op.statuses.shift() ?? op.finalStatus;
  }

  private fetch(op: FakeOperation, version: string, token: number): unknown {
    const terminal = Date.now() >= op.readyAt && op.statuses.length === 0;
    if (terminal && op.finalStatus === "ERROR") throw new HttpError(500, serverSide(op.trace));
    if (terminal && op.finalStatus !== "FINISHED") {
      throw new HttpError(500, serverSide(`org.apache.flink.table.gateway.api.utils.SqlGatewayException: Can not fetch results from the OperationHandle{identifier=${op.handle}} in ${op.finalStatus} status.`));
    }
    const base = `/${version}/sessions/${op.session.handle}/operations/${op.handle}/result`;
    const query = version === "v1" ? "" : "?rowFormat=JSON";
    if (!terminal || (token === 0 && op.notReady > 0)) {
      if (terminal) op.notReady--;
      return { resultType: "NOT_READY", nextResultUri: `${base}/${token}${query}` };
    }
    const outcome = op.outcome as Extract<Outcome, { kind: "ok" }>;
    const size = this.options.pageSize ?? 100;
    const page = outcome.rows.slice(token * size, (token + 1) * size);
    const eos = token * size >= outcome.rows.length && token > 0;
    const sendJobId = outcome.jobId !== undefined && (this.options.topLevelJobId ?? !(this.versions.length === 1 && this.versions[0] === "V1"));
    return {
      resultType: eos ? "EOS" : "PAYLOAD",
      isQueryResult: false,
      ...(sendJobId ? { jobID: outcome.jobId } : {}),
      resultKind: "SUCCESS_WITH_CONTENT",
      results: {
        columns: outcome.columns.map((name) => ({ name, logicalType: { type: "VARCHAR", nullable: true, length: 2147483647 }, comment: null })),
        ...(version === "v1" ? {} : { rowFormat: "JSON" }),
        data: (eos ? [] : page).map((fields) => ({ kind: "INSERT", fields })),
      },
      ...(eos ? {} : { nextResultUri: `${base}/${token + 1}${query}` }),
    };
  }
}
