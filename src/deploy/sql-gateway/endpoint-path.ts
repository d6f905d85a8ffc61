/**
 * An endpoint that already holds the SQL Gateway REST API's own path.
 *
 * The provider keeps the endpoint's path as a prefix and adds the version and the resource itself
 * (http.ts `url`: `/v2/sessions` resolved under the endpoint), as a gateway behind a reverse proxy
 * at `http://host/flink-gateway` needs. The gateway serves `/api_versions` and `/v{1..4}/...`
 * (`/v1/sessions`, `/v2/info`; flink-sql-gateway `SqlGatewayRestAPIVersion`, its
 * `*Headers.getTargetRestEndpointURL`), so an endpoint written as `http://gw:8083/v1/sessions`
 * asks for `/v1/sessions/api_versions` and `/v1/sessions/v3/sessions` and gets HTTP 404.
 *
 * Plain functions only: the SQL Gateway provider's modules are serialized by Pulumi.
 */

/** The endpoint's path segments from which the REST API's own path starts (a version at the end, or `sessions` / `api_versions` with the version before it), or -1. */
function apiPathStart(segments: readonly string[]): number {
  const version = (s: string | undefined): boolean => s !== undefined && /^v[1-4]$/i.test(s);
  const resource = segments.findIndex((s) => /^(sessions|api_versions)$/i.test(s));
  if (resource >= 0) return version(segments[resource - 1]) ? resource - 1 : resource;
  return version(segments[segments.length - 1]) ? segments.length - 1 : -1;
}

/** Why the endpoint `url` (written as `endpoint`) ends in the REST API's own path, with the base URL to write; undefined otherwise. */
export function endpointApiPathProblem(endpoint: string, url: URL): string | undefined {
  const segments = url.pathname.split("/").filter((s) => s !== "");
  const start = apiPathStart(segments);
  if (start < 0) return undefined;
  const base = `${url.origin}${segments.slice(0, start).map((s) => `/${s}`).join("")}`;
  const api = segments.slice(start).map((s) => `/${s}`).join("");
  return (
    `${JSON.stringify(endpoint)} holds the SQL Gateway REST API's own path (${JSON.stringify(api)}): the provider keeps the endpoint's path as a prefix and adds the API version and resource itself ` +
    `(e.g. ${JSON.stringify(`${url.origin}${url.pathname.replace(/\/+$/, "")}/v2/sessions`)}), which the gateway answers with HTTP 404; write the gateway's base URL ${JSON.stringify(base)}`
  );
}
