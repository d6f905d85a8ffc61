/**
 * A sqlGateway.endpoint that holds the REST API's own path (endpoint-path.ts): an error at preview
 * naming the base URL, and the same reason from the provider's check of an Output's value; a
 * reverse-proxy prefix stays valid.
 */
import { expect } from "chai";
import { endpointProblem, validateSqlGatewayArgs, type SqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { check } from "../src/deploy/sql-gateway/input-checks.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

function errors(a: SqlGatewayArgs): { path: string; message: string }[] {
  const diag = new Diagnostics("sqlGateway");
  validateSqlGatewayArgs(a, diag);
  return [...diag.errors, ...diag.warnings];
}

const PROBLEM = (endpoint: string, api: string, example: string, base: string): string =>
  `${JSON.stringify(endpoint)} holds the SQL Gateway REST API's own path (${JSON.stringify(api)}): the provider keeps the endpoint's path as a prefix and adds the API version and resource itself ` +
  `(e.g. ${JSON.stringify(example)}), which the gateway answers with HTTP 404; write the gateway's base URL ${JSON.stringify(base)}`;

describe("sqlGateway.endpoint: the REST API's own path", () => {
  it("http://gw:8083/v1/sessions is an error naming http://gw:8083", () => {
    expect(errors({ endpoint: "http://gw:8083/v1/sessions" })).to.deep.equal([
      { path: "sqlGateway.endpoint", message: PROBLEM("http://gw:8083/v1/sessions", "/v1/sessions", "http://gw:8083/v1/sessions/v2/sessions", "http://gw:8083") },
    ]);
  });

  it("a version at the end, /api_versions, or /sessions after a proxy prefix: the base keeps the prefix", () => {
    expect(endpointProblem("https://gw.example.com/flink-gateway/v3/")).to.equal(
      PROBLEM("https://gw.example.com/flink-gateway/v3/", "/v3", "https://gw.example.com/flink-gateway/v3/v2/sessions", "https://gw.example.com/flink-gateway"),
    );
    expect(endpointProblem("http://gw:8083/api_versions")).to.equal(PROBLEM("http://gw:8083/api_versions", "/api_versions", "http://gw:8083/api_versions/v2/sessions", "http://gw:8083"));
    expect(endpointProblem("http://gw/proxy/sessions/abc")).to.equal(PROBLEM("http://gw/proxy/sessions/abc", "/sessions/abc", "http://gw/proxy/sessions/abc/v2/sessions", "http://gw/proxy"));
  });

  it("the provider's check of an Output's value gives the same reason", () => {
    const { failures } = check({ endpoint: "http://gw:8083/v2/sessions", script: "SELECT 1;" });
    expect(failures.filter((f) => f.property === "endpoint")).to.deep.equal([
      { property: "endpoint", reason: PROBLEM("http://gw:8083/v2/sessions", "/v2/sessions", "http://gw:8083/v2/sessions/v2/sessions", "http://gw:8083") },
    ]);
  });

  it("quiet: a base URL, a trailing slash, a reverse-proxy prefix, and a prefix that only looks like a version", () => {
    for (const endpoint of ["http://gw:8083", "http://gw:8083/", "http://host/flink-gateway", "https://host/flink/v2-gateway", "http://host/v5", "http://host/api/v1x"]) {
      expect(errors({ endpoint }), endpoint).to.deep.equal([]);
    }
  });
});
