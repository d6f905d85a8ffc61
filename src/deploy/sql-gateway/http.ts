/**
 * JSON over HTTP to the SQL Gateway's REST endpoint, with per-request and overall timeouts, the
 * caller's AbortSignal and readable errors. Uses Node's global `fetch` unless one is injected.
 *
 * Header values (often bearer tokens) are sent but never put into errors or logs.
 */
import { SqlGatewayError, errorsOfBody, summarizeGatewayErrors } from "./errors.js";

/** Transport options shared by every client call. */
export interface HttpOptions {
  /** Extra request headers, e.g. `Authorization` for a gateway behind a proxy. Values may be secrets: they are never logged nor put into errors. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Longest wait for one HTTP request, in ms. Default 30 000. */
  readonly requestTimeoutMs?: number | undefined;
  /** Longest wait for the whole call (all requests and polling), in ms. Default 600 000 (10 min). */
  readonly timeoutMs?: number | undefined;
  /** Aborts the call; pending requests are cancelled and the call rejects with kind "aborted". */
  readonly signal?: AbortSignal | undefined;
  /** The fetch implementation; Node's global fetch by default (injectable for tests). */
  readonly fetch?: typeof fetch | undefined;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Retries of a GET after a transient failure (see GatewayHttp.request). */
export const RETRIES = 3;

/** A failure worth repeating a GET for: the gateway or a proxy in front of it was briefly unavailable, or the connection dropped. */
function isTransient(e: unknown): boolean {
  return e instanceof SqlGatewayError && (e.kind === "connection" || (e.kind === "http" && (e.status === 502 || e.status === 503 || e.status === 504)));
}
export const DEFAULT_TIMEOUT_MS = 600_000;

/**
 * Why HTTP cannot send header `name` with `value`, or undefined when it can (WHATWG Fetch
 * "header name" is an RFC 9110 token; a "header value", once leading and trailing spaces, tabs
 * and line breaks are stripped, holds no CR, LF or NUL and, being a byte string, no character above
 * U+00FF). Never quotes the value: it is often a bearer token, and Node's fetch would put it into
 * its error message (`Headers.append: "<value>" is an invalid header value`).
 */
export function headerProblem(name: string, value: string): string | undefined {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return `${JSON.stringify(name)} is not a valid HTTP header name`;
  const inner = value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  const why = /[\r\n]/.test(inner) ? "holds a line break" : inner.includes("\0") ? "holds a NUL character" : /[^\u0000-\u00ff]/.test(inner) ? "holds a character above U+00FF" : undefined;
  if (why === undefined) return undefined;
  return `the value of header ${JSON.stringify(name)} ${why}, which HTTP does not allow (the value is not shown: it may be a secret); a token wrapped over several lines (e.g. base64 output) needs its line breaks removed`;
}

/** A JSON answer for an error message: whitespace collapsed, at most 80 characters. */
function shortJson(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= 80 ? flat : `${flat.slice(0, 80)}…`;
}

/** An HTTP connection to one gateway for the duration of one client call. */
export class GatewayHttp {
  readonly endpoint: string;
  private readonly base: URL;
  private readonly headers: Record<string, string>;
  private readonly requestTimeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly overall: AbortSignal;
  private readonly userSignal: AbortSignal | undefined;
  private readonly timeoutMs: number;
  private readonly options: HttpOptions;

  constructor(endpoint: string, options: HttpOptions = {}) {
    this.options = options;
    this.endpoint = endpoint.replace(/\/+$/, "");
    let base: URL;
    try {
      base = new URL(`${this.endpoint}/`);
    } catch (e) {
      throw new SqlGatewayError(endpoint, "the endpoint is not a URL (expected e.g. http://sql-gateway:8083)", { kind: "invalid", cause: e });
    }
    if (base.protocol !== "http:" && base.protocol !== "https:") {
      throw new SqlGatewayError(endpoint, `the endpoint must be an http:// or https:// URL, not ${base.protocol}`, { kind: "invalid" });
    }
    this.base = base;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      const problem = headerProblem(name, value);
      if (problem !== undefined) throw new SqlGatewayError(endpoint, problem, { kind: "invalid" });
    }
    this.headers = { ...(options.headers ?? {}) };
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.overall = AbortSignal.timeout(this.timeoutMs);
    this.userSignal = options.signal;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  /**
   * A connection for clean-up after a failure (closing the session, stopping a job the failed
   * call started): it ignores the caller's AbortSignal and overall timeout, and has its own short
   * deadline (twice the request timeout, at least 5 s).
   */
  forCleanup(): GatewayHttp {
    return new GatewayHttp(this.endpoint, { ...this.options, signal: undefined, timeoutMs: Math.max(2 * this.requestTimeoutMs, 5000) });
  }

  /** Throws when the call was aborted or ran out of time; used between polls. */
  checkAlive(what: string): void {
    if (this.userSignal?.aborted) throw new SqlGatewayError(this.endpoint, `${what}: aborted`, { kind: "aborted", cause: this.userSignal.reason });
    if (this.overall.aborted) throw new SqlGatewayError(this.endpoint, `${what}: gave up after ${this.timeoutMs} ms (timeoutMs)`, { kind: "timeout" });
  }

  /** Sleeps `ms`, waking early (and throwing) on abort or overall timeout. */
  async sleep(ms: number, what: string): Promise<void> {
    this.checkAlive(what);
    await new Promise<void>((resolve) => {
      // `timer` is declared before `done` uses it: Pulumi's closure serializer rejects a function
      // that reads a binding declared later (the dynamic provider is serialized with this module).
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const done = (): void => {
        clearTimeout(timer);
        this.overall.removeEventListener("abort", done);
        this.userSignal?.removeEventListener("abort", done);
        resolve();
      };
      timer = setTimeout(done, ms);
      this.overall.addEventListener("abort", done);
      this.userSignal?.addEventListener("abort", done);
    });
    this.checkAlive(what);
  }

  /** Resolves a path (`/v2/sessions`, or a `nextResultUri` from the gateway) against the endpoint, keeping the endpoint's own path prefix. */
  url(path: string): string {
    const rel = path.replace(/^\/+/, "");
    return new URL(rel, this.base).toString();
  }

  /**
   * Sends a request and returns the parsed JSON body ({} when empty). `what` describes the step for errors.
   * A GET (status polls, result fetches by token, api_versions, info: each may be repeated, Flink's
   * ResultFetcher keeps a token's rows until the next token is fetched) is retried after a gateway
   * or proxy answer 502, 503 or 504 and after a lost connection, up to RETRIES times with a doubling
   * pause from 250 ms, within the overall timeout; a POST or DELETE is sent once.
   */
  async request(method: "GET" | "POST" | "DELETE", path: string, what: string, body?: unknown, statement?: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.requestOnce(method, path, what, body, statement);
      } catch (e) {
        if (method !== "GET" || attempt >= RETRIES || !isTransient(e)) throw e;
        await this.sleep(250 * 2 ** attempt, what);
      }
    }
  }

  private async requestOnce(method: "GET" | "POST" | "DELETE", path: string, what: string, body: unknown, statement: string | undefined): Promise<unknown> {
    this.checkAlive(what);
    const perRequest = AbortSignal.timeout(this.requestTimeoutMs);
    const signals = [perRequest, this.overall, ...(this.userSignal ? [this.userSignal] : [])];
    const headers: Record<string, string> = { Accept: "application/json", ...this.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let res: Response;
    try {
      res = await this.fetchImpl(this.url(path), {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.any(signals),
      });
    } catch (e) {
      throw this.transportError(e, perRequest, what, statement);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      throw this.transportError(e, perRequest, what, statement);
    }
    let parsed: unknown = {};
    if (text.trim() !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!res.ok) {
      const errors = errorsOfBody(parsed);
      const gatewayMessage = errors ? summarizeGatewayErrors(errors) : text.trim().slice(0, 500) || res.statusText;
      throw new SqlGatewayError(this.endpoint, `${what} failed with HTTP ${res.status}`, {
        kind: "http",
        status: res.status,
        gatewayMessage,
        gatewayErrors: errors,
        statement,
      });
    }
    if (parsed === undefined) {
      throw new SqlGatewayError(this.endpoint, `${what}: the answer is not JSON (is this a Flink SQL Gateway?)`, { kind: "protocol", statement });
    }
    // Every gateway answer is a JSON object (the REST specs' response bodies); `null`, an array or a
    // bare value would otherwise surface later as a TypeError that names neither gateway nor step.
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new SqlGatewayError(this.endpoint, `${what}: the answer is ${shortJson(text)}, not a JSON object (is this a Flink SQL Gateway?)`, { kind: "protocol", statement });
    }
    return parsed;
  }

  private transportError(e: unknown, perRequest: AbortSignal, what: string, statement: string | undefined): SqlGatewayError {
    if (this.userSignal?.aborted) return new SqlGatewayError(this.endpoint, `${what}: aborted`, { kind: "aborted", statement, cause: this.userSignal.reason });
    if (this.overall.aborted) return new SqlGatewayError(this.endpoint, `${what}: gave up after ${this.timeoutMs} ms (timeoutMs)`, { kind: "timeout", statement, cause: e });
    if (perRequest.aborted) {
      return new SqlGatewayError(this.endpoint, `${what}: no answer within ${this.requestTimeoutMs} ms (requestTimeoutMs)`, { kind: "timeout", statement, cause: e });
    }
    const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
    const detail = typeof cause?.code === "string" ? cause.code : typeof cause?.message === "string" ? cause.message : e instanceof Error ? e.message : String(e);
    return new SqlGatewayError(this.endpoint, `cannot reach the SQL Gateway (${what}): ${detail}`, { kind: "connection", statement, cause: e });
  }
}
