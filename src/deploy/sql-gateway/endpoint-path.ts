/**
 * An endpoint that already holds the SQL Gateway REST API's own path.
 *
 * The provider keeps the endpoint's path as a prefix and adds the version and the resource itself
 * (http.ts `url`: `/v2/sessions` resolved under the endpoint), as a gateway behind a reverse proxy
 * at `http://host/flink-gateway` needs. The gateway serves `/api_versions` and `/v{1..4}/...`
 * (flink-sql-gateway `SqlGatewayRestAPIVersion`, its `*Headers.getTargetRestEndpointURL`; the
 * paths of the REST spec, flink docs `rest_v{1..4}_sql_gateway.yml`: `/api_versions`, `/info`,
 * `/sessions`, `/sessions/{session_handle}[/heartbeat|/statements|...]`,
 * `/sessions/{session_handle}/operations/{operation_handle}/status|cancel|close|result/{token}`,
 * the handles UUIDs), so an endpoint written as `http://gw:8083/v1/sessions` asks for
 * `/v1/sessions/api_versions` and `/v1/sessions/v3/sessions` and gets HTTP 404: an error. Only
 * such a path at the end counts (what a user pastes from the API or a log, a session's URL
 * included); `sessions` inside a proxy prefix (`http://proxy/sessions/flink-gw`) is the proxy's.
 * A bare version at the end (`https://apigw.example.com/flink/v1`) may be a proxy prefix that
 * routes to the gateway's root, so it is a warning (of a plain endpoint, at preview).
 *
 * Plain functions only: the SQL Gateway provider's modules are serialized by Pulumi.
 */

const VERSION = /^v[1-4]$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The REST spec's paths after the version (each v1-v4 path), `{uuid}` a handle, `{n}` a result token, `*` any segment. */
const API_PATHS: readonly (readonly string[])[] = [
  ["api_versions"],
  ["sessions"],
  ["sessions", "{uuid}"],
  ...["complete-statement", "configure-session", "heartbeat", "scripts", "statements"].map((s) => ["sessions", "{uuid}", s]),
  ["sessions", "{uuid}", "materialized-tables", "*", "refresh"],
  ...["cancel", "close", "status"].map((s) => ["sessions", "{uuid}", "operations", "{uuid}", s]),
  ["sessions", "{uuid}", "operations", "{uuid}", "result", "{n}"],
];

function segmentMatches(pattern: string, segment: string): boolean {
  if (pattern === "{uuid}") return UUID.test(segment);
  if (pattern === "{n}") return /^\d+$/.test(segment);
  return pattern === "*" || pattern === segment.toLowerCase();
}

/** True when `segments` is one of the REST spec's paths; `/info` counts only after a version (`/v2/info`), as a proxy prefix may end in "info". */
function isApiPath(segments: readonly string[], versioned: boolean): boolean {
  if (segments.length === 1 && segments[0]!.toLowerCase() === "info") return versioned;
  return API_PATHS.some((p) => p.length === segments.length && p.every((s, i) => segmentMatches(s, segments[i]!)));
}

/** Where the REST API's own path starts among the endpoint's path segments (its version included), or -1. */
function apiPathStart(segments: readonly string[]): number {
  for (let i = 0; i < segments.length; i++) {
    const versioned = i > 0 && VERSION.test(segments[i - 1]!);
    if (isApiPath(segments.slice(i), versioned)) return versioned ? i - 1 : i;
  }
  return -1;
}

function pathOf(segments: readonly string[]): string {
  return segments.map((s) => `/${s}`).join("");
}

/** The REST API's own path at the end of `url` and the gateway's base URL before it; undefined when the path holds none. */
export function endpointApiPath(url: URL): { readonly apiPath: string; readonly base: string } | undefined {
  const segments = url.pathname.split("/").filter((s) => s !== "");
  const start = apiPathStart(segments);
  if (start < 0) return undefined;
  return { apiPath: pathOf(segments.slice(start)), base: `${url.origin}${pathOf(segments.slice(0, start))}` };
}

/** Why the endpoint `url` (written as `endpoint`) ends in the REST API's own path, with the base URL to write; undefined otherwise. */
export function endpointApiPathProblem(endpoint: string, url: URL): string | undefined {
  const found = endpointApiPath(url);
  if (found === undefined) return undefined;
  return (
    `${JSON.stringify(endpoint)} holds the SQL Gateway REST API's own path (${JSON.stringify(found.apiPath)}): the provider keeps the endpoint's path as a prefix and adds the API version and resource itself ` +
    `(e.g. ${JSON.stringify(`${url.origin}${url.pathname.replace(/\/+$/, "")}/v2/sessions`)}), which the gateway answers with HTTP 404; write the gateway's base URL ${JSON.stringify(found.base)}`
  );
}

/**
 * The warning for an endpoint `url` (written as `endpoint`; parsed by its caller, args.ts
 * checkEndpoint) whose path ends in a bare REST API version (`/v1` ... `/v4`), which
 * endpointApiPathProblem lets pass: right for a reverse proxy whose prefix ends so, HTTP 404 when it
 * is the gateway's own version. Undefined for any other endpoint.
 */
export function endpointVersionWarning(endpoint: string, url: URL): string | undefined {
  const segments = url.pathname.split("/").filter((s) => s !== "");
  const last = segments[segments.length - 1];
  if (last === undefined || !VERSION.test(last) || apiPathStart(segments) >= 0) return undefined;
  const prefix = `${url.origin}${pathOf(segments)}`;
  const base = `${url.origin}${pathOf(segments.slice(0, -1))}`;
  return (
    `${JSON.stringify(endpoint)} ends in ${JSON.stringify(`/${last}`)}, which reads as a SQL Gateway REST API version: the provider keeps the endpoint's path as a prefix and adds the version and resource itself, ` +
    `asking for ${JSON.stringify(`${prefix}/api_versions`)} and e.g. ${JSON.stringify(`${prefix}/v2/sessions`)}. That is right when a reverse proxy serves the gateway's root under ${JSON.stringify(url.pathname.replace(/\/+$/, ""))} ` +
    `(then acknowledge this warning with acknowledgedWarnings); if the URL points at the gateway's own /${last} API, the gateway answers HTTP 404: write the gateway's base URL ${JSON.stringify(base)}`
  );
}
