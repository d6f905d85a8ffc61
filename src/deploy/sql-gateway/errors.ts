/**
 * The error type of the SQL Gateway client, and how the gateway's error bodies are read.
 *
 * The gateway answers failures with the standard Flink REST error body `{"errors": [...]}`
 * (apache/flink flink-runtime/.../rest/messages/ErrorResponseBody.java). An unexpected server
 * exception comes as `["Internal server error.", "<Exception on server side:\n<stack trace>\nEnd of
 * exception on server side>"]` (flink-runtime/.../rest/handler/AbstractHandler.java); the useful
 * text is the root cause at the end of the stack trace (e.g. `SqlParserException: SQL parse
 * failed. ...`, `ValidationException: Object 'x' not found`).
 */

/** What went wrong, for callers that react to a kind of failure. */
export type SqlGatewayErrorKind =
  /** The gateway could not be reached (DNS, refused, reset, TLS). */
  | "connection"
  /** The gateway answered with HTTP 4xx/5xx. */
  | "http"
  /** A statement's operation ended in ERROR, CANCELED, CLOSED or TIMEOUT. */
  | "operation"
  /** A request or the whole call took longer than allowed. */
  | "timeout"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** The gateway answered something this client does not understand. */
  | "protocol"
  /** The gateway's Flink version cannot do what was asked (e.g. STOP JOB before 1.17). */
  | "unsupported"
  /** The call's own arguments are invalid (e.g. a malformed job id). */
  | "invalid";

/** Fields of a SqlGatewayError besides its message. */
export interface SqlGatewayErrorDetails {
  readonly kind: SqlGatewayErrorKind;
  /** The gateway's own message (root cause), when it sent one. */
  readonly gatewayMessage?: string | undefined;
  /** The statement that failed, in full. The message shows it shortened. */
  readonly statement?: string | undefined;
  /** HTTP status of a failed request. */
  readonly status?: number | undefined;
  /** The raw `errors` array of the gateway's error body (may hold a server stack trace). */
  readonly gatewayErrors?: readonly string[] | undefined;
  readonly cause?: unknown;
}

/** Longest statement text shown in an error message; the full text is on `error.statement`. */
export const STATEMENT_PREVIEW_CHARS = 240;

/** Whitespace collapsed to single spaces, cut at `max` characters with the total length noted. */
export function shortenStatement(statement: string, max = STATEMENT_PREVIEW_CHARS): string {
  const flat = statement.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max)}… (${flat.length} characters)`;
}

/**
 * Any failure of the SQL Gateway client. `message` names the endpoint, says what failed, carries
 * the gateway's message and the (shortened) statement; the details are also fields.
 * Header values are never part of it.
 */
export class SqlGatewayError extends Error {
  readonly kind: SqlGatewayErrorKind;
  readonly endpoint: string;
  readonly gatewayMessage: string | undefined;
  readonly statement: string | undefined;
  readonly status: number | undefined;
  readonly gatewayErrors: readonly string[];

  constructor(endpoint: string, what: string, details: SqlGatewayErrorDetails) {
    const parts = [`SQL Gateway ${endpoint}: ${what}`];
    if (details.gatewayMessage !== undefined && details.gatewayMessage !== "") parts.push(`: ${details.gatewayMessage}`);
    if (details.statement !== undefined) parts.push(`\n  statement: ${shortenStatement(details.statement)}`);
    const message = parts.join("");
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    // The dynamic provider runs this class after Pulumi's closure serialization, which turns
    // super(...) into Error.call(this, ...): that sets nothing on `this`, so message, stack and
    // cause are set here when missing (the error Pulumi reports would otherwise be empty).
    if (this.message !== message) {
      Object.defineProperty(this, "message", { value: message, writable: true, configurable: true });
      if (details.cause !== undefined) Object.defineProperty(this, "cause", { value: details.cause, writable: true, configurable: true });
      Error.captureStackTrace(this, SqlGatewayError);
    }
    this.name = "SqlGatewayError";
    this.kind = details.kind;
    this.endpoint = endpoint;
    this.gatewayMessage = details.gatewayMessage;
    this.statement = details.statement;
    this.status = details.status;
    this.gatewayErrors = Object.freeze([...(details.gatewayErrors ?? [])]);
  }

  /** `SqlGatewayError: <message>`, also after Pulumi's closure serialization (which loses Error.prototype). */
  override toString(): string {
    return `${this.name}: ${this.message}`;
  }
}

/** True when `e` is a SqlGatewayError (also across duplicated module copies). */
export function isSqlGatewayError(e: unknown): e is SqlGatewayError {
  return e instanceof SqlGatewayError || (e instanceof Error && e.name === "SqlGatewayError" && typeof (e as { kind?: unknown }).kind === "string");
}

const SERVER_SIDE = /^<Exception on server side:\s*([\s\S]*?)\s*(End of exception on server side>)?$/;
const MAX_MESSAGE_LINES = 12;

/** The message of one Java exception line `pkg.Cls: text` → `Cls: text`. */
function stripPackage(line: string): string {
  return line.replace(/^(?:[a-z_$][\w$]*\.)+([A-Z][\w$]*(?:Exception|Error|Throwable)?:?)/, "$1");
}

/**
 * The root cause of a Java stack trace as Flink prints it: the last `Caused by:` (or the first
 * line when there is none), with its continuation lines, package names dropped.
 */
export function rootCauseOf(trace: string): string {
  const lines = trace.split(/\r?\n/);
  let from = 0;
  lines.forEach((l, k) => {
    if (l.startsWith("Caused by: ")) from = k;
  });
  const first = lines[from]!.replace(/^Caused by: /, "");
  const rest: string[] = [];
  for (const l of lines.slice(from + 1)) {
    if (/^\s+at /.test(l) || /^\s*\.\.\. \d+ more/.test(l) || l.startsWith("Caused by: ") || /^\s*Suppressed: /.test(l)) break;
    rest.push(l);
  }
  const text = [stripPackage(first.trim()), ...rest].slice(0, MAX_MESSAGE_LINES).join("\n").trimEnd();
  return rest.length + 1 > MAX_MESSAGE_LINES ? `${text}\n…` : text;
}

/**
 * The most useful text of a gateway error body: a server-side stack trace is reduced to its root
 * cause; the generic "Internal server error." is dropped when anything else is there.
 */
export function summarizeGatewayErrors(errors: readonly string[]): string {
  const texts = errors.map((e) => {
    const m = SERVER_SIDE.exec(e.trim());
    return m ? rootCauseOf(m[1]!) : e.trim();
  });
  const useful = texts.filter((t) => t !== "" && t !== "Internal server error.");
  return (useful.length > 0 ? useful : texts).join("; ");
}

/** The `errors` array of a Flink REST error body, or undefined when `body` is not one. */
export function errorsOfBody(body: unknown): string[] | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  return errors.map((e) => (typeof e === "string" ? e : JSON.stringify(e)));
}
