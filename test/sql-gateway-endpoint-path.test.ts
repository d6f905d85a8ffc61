/**
 * A sqlGateway.endpoint that ends in the REST API's own path (endpoint-path.ts): an error at preview
 * naming the base URL, and the same reason from the provider's check of an Output's value; a
 * reverse-proxy prefix stays valid, `sessions` inside it too; a bare trailing version is a warning
 * at preview and passes the provider's check.
 */
import { expect } from "chai";
import { endpointProblem, validateSqlGatewayArgs, type SqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { check } from "../src/deploy/sql-gateway/input-checks.js";
import { endpointVersionWarning } from "../src/deploy/sql-gateway/endpoint-path.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { datagenToBlackhole, jobWarnings, mockedApi } from "./api.js";

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

  it("without a scheme and with the REST API's own path: one error naming the final base URL; without the path, the plain no-scheme error", () => {
    expect(errors({ endpoint: "flink-sql-gateway:8083/v1/sessions" })).to.deep.equal([
      {
        path: "sqlGateway.endpoint",
        message:
          `"flink-sql-gateway:8083/v1/sessions" has no scheme, and it ends in the SQL Gateway REST API's own path ("/v1/sessions"), which the provider adds itself; ` +
          `write the gateway's base URL "http://flink-sql-gateway:8083" (or https://)`,
      },
    ]);
    expect(endpointProblem("gw.example.com/flink-gateway/v3/sessions")).to.equal(
      `"gw.example.com/flink-gateway/v3/sessions" has no scheme, and it ends in the SQL Gateway REST API's own path ("/v3/sessions"), which the provider adds itself; ` +
        `write the gateway's base URL "http://gw.example.com/flink-gateway" (or https://)`,
    );
    expect(endpointProblem("gw:8083/flink-gateway")).to.equal('"gw:8083/flink-gateway" has no scheme; write "http://gw:8083/flink-gateway" (or https://)');
  });

  it("/api_versions, or /sessions after a proxy prefix: the base keeps the prefix", () => {
    expect(endpointProblem("https://gw.example.com/flink-gateway/v3/sessions/")).to.equal(
      PROBLEM("https://gw.example.com/flink-gateway/v3/sessions/", "/v3/sessions", "https://gw.example.com/flink-gateway/v3/sessions/v2/sessions", "https://gw.example.com/flink-gateway"),
    );
    expect(endpointProblem("http://gw:8083/api_versions")).to.equal(PROBLEM("http://gw:8083/api_versions", "/api_versions", "http://gw:8083/api_versions/v2/sessions", "http://gw:8083"));
  });

  it("a session's URL pasted from the REST API (its UUID and further REST segments) is an error naming the base before it", () => {
    const session = "3f9a1c2e-7b4d-4e8f-9a6b-1c2d3e4f5a6b";
    const op = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
    expect(endpointProblem(`http://gw/proxy/sessions/${session}`)).to.equal(
      PROBLEM(`http://gw/proxy/sessions/${session}`, `/sessions/${session}`, `http://gw/proxy/sessions/${session}/v2/sessions`, "http://gw/proxy"),
    );
    expect(endpointProblem(`http://gw:8083/v3/sessions/${session}/operations/${op}/result/0`)).to.equal(
      PROBLEM(`http://gw:8083/v3/sessions/${session}/operations/${op}/result/0`, `/v3/sessions/${session}/operations/${op}/result/0`, `http://gw:8083/v3/sessions/${session}/operations/${op}/result/0/v2/sessions`, "http://gw:8083"),
    );
    expect(endpointProblem("http://gw:8083/v2/info")).to.equal(PROBLEM("http://gw:8083/v2/info", "/v2/info", "http://gw:8083/v2/info/v2/sessions", "http://gw:8083"));
  });

  it("a bare trailing /v1 ... /v4 is a warning saying which URLs result (before: an error), and passes the provider's check", () => {
    const endpoint = "https://apigw.example.com/flink/v1";
    expect(endpointProblem(endpoint)).to.equal(undefined);
    const diag = new Diagnostics("sqlGateway");
    validateSqlGatewayArgs({ endpoint }, diag);
    expect({ errors: diag.errors, warnings: diag.warnings }).to.deep.equal({
      errors: [],
      warnings: [
        {
          path: "sqlGateway.endpoint",
          message:
            '"https://apigw.example.com/flink/v1" ends in "/v1", which reads as a SQL Gateway REST API version: the provider keeps the endpoint\'s path as a prefix and adds the version and resource itself, ' +
            'asking for "https://apigw.example.com/flink/v1/api_versions" and e.g. "https://apigw.example.com/flink/v1/v2/sessions". That is right when a reverse proxy serves the gateway\'s root under "/flink/v1" ' +
            '(then acknowledge this warning with acknowledgedWarnings); if the URL points at the gateway\'s own /v1 API, the gateway answers HTTP 404: write the gateway\'s base URL "https://apigw.example.com/flink"',
        },
      ],
    });
    expect(check({ endpoint: "http://gw:8083/v3/", script: "SELECT 1;" }).failures.filter((f) => f.property === "endpoint")).to.deep.equal([]);
    expect(errors({ endpoint: "http://gw:8083/v3/" })).to.deep.equal([
      {
        path: "sqlGateway.endpoint",
        message:
          '"http://gw:8083/v3/" ends in "/v3", which reads as a SQL Gateway REST API version: the provider keeps the endpoint\'s path as a prefix and adds the version and resource itself, ' +
          'asking for "http://gw:8083/v3/api_versions" and e.g. "http://gw:8083/v3/v2/sessions". That is right when a reverse proxy serves the gateway\'s root under "/v3" ' +
          '(then acknowledge this warning with acknowledgedWarnings); if the URL points at the gateway\'s own /v3 API, the gateway answers HTTP 404: write the gateway\'s base URL "http://gw:8083"',
      },
    ]);
  });

  it("a FlinkSqlJob logs the bare-version warning as its own, under sqlGateway.endpoint", async () => {
    const api = await mockedApi();
    new api.FlinkSqlJob("ep-v1", { statements: [datagenToBlackhole(api, "ep_v1")], sqlGateway: { endpoint: "https://apigw.example.com/flink/v1", savepointDir: "s3://b/sp" } });
    expect(jobWarnings("ep-v1").filter((w) => w.startsWith("sqlGateway.endpoint: "))).to.deep.equal([`sqlGateway.endpoint: ${endpointVersionWarning("https://apigw.example.com/flink/v1", new URL("https://apigw.example.com/flink/v1"))!}`]);
    expect(endpointVersionWarning("https://apigw.example.com/flink/v1", new URL("https://apigw.example.com/flink/v1"))).to.match(/^"https:\/\/apigw\.example\.com\/flink\/v1" ends in "\/v1"/);
  });

  it("the provider's check of an Output's value gives the same reason", () => {
    const { failures } = check({ endpoint: "http://gw:8083/v2/sessions", script: "SELECT 1;" });
    expect(failures.filter((f) => f.property === "endpoint")).to.deep.equal([
      { property: "endpoint", reason: PROBLEM("http://gw:8083/v2/sessions", "/v2/sessions", "http://gw:8083/v2/sessions/v2/sessions", "http://gw:8083") },
    ]);
  });

  it("quiet: a base URL, a trailing slash, a reverse-proxy prefix, and a prefix that only looks like a version", () => {
    for (const endpoint of [
      "http://gw:8083",
      "http://gw:8083/",
      "http://host/flink-gateway",
      "https://host/flink/v2-gateway",
      "http://host/v5",
      "http://host/api/v1x",
      // `sessions` not at the end, or followed by no session handle (a UUID): the proxy's own path (before: an error).
      "http://proxy/sessions/flink-gw",
      "http://proxy/v1/sessions/flink-gw",
      "http://proxy/info",
    ]) {
      expect(errors({ endpoint }), endpoint).to.deep.equal([]);
    }
  });
});
