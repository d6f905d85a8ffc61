/**
 * sqlGateway.endpoint given as an Output (sql-gateway/endpoint-output.ts): construction cannot check
 * it, so once its value is known it is checked as a plain endpoint is (endpoint-path.ts): an error
 * rejects the SqlGatewayJob's inputs (and synth's view of the submission), a warning is logged on
 * the FlinkSqlJob (pulumi.log.warn is captured), with the job's acknowledgedWarnings entries at
 * sqlGateway.endpoint matched then; a secret endpoint's findings are counted, not quoted. Exact messages.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { datagenToBlackhole, mockedApi, type Api } from "./api.js";
import { loggedWarnings, recorded, gatewaySubmissionError } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";

const PROXY = "https://apigw.example.com/flink/v1";
const VERSION_WARNING =
  '"https://apigw.example.com/flink/v1" ends in "/v1", which reads as a SQL Gateway REST API version: the provider keeps the endpoint\'s path as a prefix and adds the version and resource itself, ' +
  'asking for "https://apigw.example.com/flink/v1/api_versions" and e.g. "https://apigw.example.com/flink/v1/v2/sessions". That is right when a reverse proxy serves the gateway\'s root under "/flink/v1" ' +
  '(then acknowledge this warning with acknowledgedWarnings); if the URL points at the gateway\'s own /v1 API, the gateway answers HTTP 404: write the gateway\'s base URL "https://apigw.example.com/flink"';
const API_PATH_ERROR =
  '"http://gw:8083/v1/sessions" holds the SQL Gateway REST API\'s own path ("/v1/sessions"): the provider keeps the endpoint\'s path as a prefix and adds the API version and resource itself ' +
  '(e.g. "http://gw:8083/v1/sessions/v2/sessions"), which the gateway answers with HTTP 404; write the gateway\'s base URL "http://gw:8083"';
/** What stands for a secret endpoint's one error or warning. */
const secretFindings = (kind: string): string =>
  `the endpoint is a Pulumi secret and its checks found 1 ${kind}, not shown because it quotes the endpoint: ` +
  "check that it is the gateway's base URL (http:// or https://, no user:password@, query or fragment, no path of the gateway's REST API such as /v1/sessions at its end, a bare /v1 ... /v4 at its end only as a reverse proxy's prefix), " +
  "or pass the endpoint as a plain string to read them";

/** The warnings logged by `fn`, once the gateway job it creates has its inputs (and so the endpoint) resolved. */
const logging = <T>(fn: () => T) => loggedWarnings(fn, 50);

const submissionError = gatewaySubmissionError;

describe("sqlGateway.endpoint as an Output: checked once known, as a plain one at construction", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const job = (name: string, endpoint: pulumi.Input<string>, acknowledgedWarnings?: { path: string; contains?: string; reason: string }[]) =>
    new api.FlinkSqlJob(`${name}-job`, { statements: [datagenToBlackhole(api, name)], sqlGateway: { endpoint, savepointDir: "s3://b/sp" }, ...(acknowledgedWarnings ? { acknowledgedWarnings } : {}) });

  it("a bare trailing /v1: the warning a plain endpoint gets at construction, logged on the job when the Output resolves, once", async () => {
    const plain = await logging(() => job("eo0", PROXY));
    expect(plain.logged).to.deep.equal([`FlinkSqlJob "eo0-job": sqlGateway.endpoint: ${VERSION_WARNING}`]);
    const { value, logged } = await logging(() => job("eo1", pulumi.output(PROXY)));
    expect(logged).to.deep.equal([`FlinkSqlJob "eo1-job": sqlGateway.endpoint: ${VERSION_WARNING}`]);
    // Found after the constructor returned: not in the job's warnings, which are complete by then.
    expect(value.warnings).to.deep.equal([]);
  });

  it("a base URL, or a Promise of one: nothing logged, and the gateway job gets the value", async () => {
    const { logged } = await logging(() => job("eo2", pulumi.output("http://gw:8083")));
    expect(logged).to.deep.equal([]);
    const promised = await logging(() => job("eo9", Promise.resolve("http://gw:8083/")));
    expect(promised.logged).to.deep.equal([]);
    expect(recorded.find((r) => r.name === "eo2-job-gateway")?.inputs.endpoint).to.equal("http://gw:8083");
  });

  it("the REST API's own path: an error that rejects the gateway job's inputs and synth's submission, labelled as at preview", async () => {
    const { value, logged } = await logging(() => {
      job("eo3", pulumi.output("http://gw:8083/v1/sessions"));
      return submissionError("eo3-job");
    });
    expect(logged).to.deep.equal([]);
    const caught = await value;
    expect(caught?.issues).to.deep.equal([{ path: "sqlGateway.endpoint", message: API_PATH_ERROR }]);
    // Pulumi prefixes the message with the property it was serializing (`error serializing property "endpoint": `).
    expect(caught?.message?.endsWith(`FlinkSqlJob "eo3-job": sqlGateway.endpoint: ${API_PATH_ERROR}`)).to.equal(true);
    await new Promise((r) => setTimeout(r, 50));
    const rejected = drainUnhandled().map(String);
    expect(rejected.length).to.be.greaterThan(0);
    expect(rejected.every((e) => e.includes(`FlinkSqlJob "eo3-job": sqlGateway.endpoint: ${API_PATH_ERROR}`))).to.equal(true);
    expect(recorded.filter((r) => r.name === "eo3-job-gateway")).to.deep.equal([]);
  });

  it("an entry at sqlGateway.endpoint waits for the value: it acknowledges the warning then, and is stale only if the endpoint gives none", async () => {
    const ack = [{ path: "sqlGateway.endpoint", contains: "reads as a SQL Gateway REST API version", reason: "the API gateway routes /flink/v1 to the SQL Gateway's root" }];
    const acknowledged = await logging(() => job("eo4", pulumi.output(PROXY), ack));
    expect(acknowledged.logged).to.deep.equal([]);
    expect(acknowledged.value.warnings).to.deep.equal([]);
    const stale = await logging(() => job("eo5", pulumi.output("http://gw:8083"), ack));
    expect(stale.value.warnings).to.deep.equal([]);
    expect(stale.logged).to.deep.equal([
      'FlinkSqlJob "eo5-job": acknowledgedWarnings[0]: acknowledges a warning at path sqlGateway.endpoint containing "reads as a SQL Gateway REST API version" that this resource does not give: ' +
        "the warning it was written for is gone (remove the entry), or its path or text is mistyped; the resource has no warning",
    ]);
  });

  it("a secret endpoint: its warning is counted, not quoted, in the log, and its error in the rejection", async () => {
    const { logged } = await logging(() => job("eo6", pulumi.secret(PROXY)));
    expect(logged).to.deep.equal([`FlinkSqlJob "eo6-job": sqlGateway.endpoint: ${secretFindings("warning")}`]);
    const stale = await logging(() => job("eo7", pulumi.secret(PROXY), [{ path: "sqlGateway.endpoint", contains: "/v3", reason: "checked" }]));
    expect(stale.logged).to.deep.equal([
      `FlinkSqlJob "eo7-job": sqlGateway.endpoint: ${secretFindings("warning")}`,
      'FlinkSqlJob "eo7-job": acknowledgedWarnings[0]: acknowledges a warning at path sqlGateway.endpoint containing "/v3" that this resource does not give: ' +
        "the warning it was written for is gone (remove the entry), or its path or text is mistyped; the endpoint is a Pulumi secret, so its warnings are not quoted",
    ]);
    const failed = await logging(() => {
      job("eo8", pulumi.secret("http://gw-secret:8083/v1/sessions"));
      return submissionError("eo8-job");
    });
    const caught = await failed.value;
    expect(caught?.issues).to.deep.equal([{ path: "sqlGateway.endpoint", message: secretFindings("error") }]);
    expect(caught?.message).to.not.contain("gw-secret");
    await new Promise((r) => setTimeout(r, 50));
    const rejected = drainUnhandled().map(String);
    expect(rejected.length).to.be.greaterThan(0);
    expect(rejected.every((e) => e.includes(`FlinkSqlJob "eo8-job": sqlGateway.endpoint: ${secretFindings("error")}`) && !e.includes("gw-secret"))).to.equal(true);
  });
});
