/**
 * sqlGateway.sessionProperties given as one Output (sql-gateway/session-output.ts): once its value
 * is known its entries are checked as a plain map's are at construction (session-properties.ts):
 * an error rejects the gateway job's inputs and synth's submission with the job's labelled error, a
 * warning is logged on the job; a secret map's values are never quoted. Exact messages.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { datagenToBlackhole, mockedApi, type Api } from "./api.js";
import { loggedWarnings, recorded, gatewaySubmissionError, type Rejection } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";
import { validateSqlGatewayArgs, type SqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { secretValueFindings } from "../src/deploy/sql-gateway/session-properties.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const submissionError = gatewaySubmissionError;

/** What construction says of `session` given as a plain map, at `sqlGateway.sessionProperties[...]`. */
function plainFindings(session: Record<string, string>): Diagnostics {
  const diag = new Diagnostics();
  validateSqlGatewayArgs({ endpoint: "http://gw:8083", sessionProperties: session }, diag.at("sqlGateway"));
  return diag;
}

const DECIDED =
  '"execution.runtime-mode" is decided by the job\'s `runtimeMode` and sent with the job\'s configuration; a session property would override what preview validated. Set it there instead';

describe("sqlGateway.sessionProperties as one Output: checked once known, as a plain map at construction", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const job = (name: string, sessionProperties: unknown) =>
    new api.FlinkSqlJob(`${name}-job`, {
      statements: [datagenToBlackhole(api, name)],
      sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: sessionProperties as SqlGatewayArgs["sessionProperties"] },
    });

  async function rejection(name: string, sessionProperties: unknown): Promise<Rejection> {
    const { value } = await loggedWarnings(() => {
      job(name, sessionProperties);
      return submissionError(`${name}-job`);
    }, 50);
    const caught = await value;
    await new Promise((r) => setTimeout(r, 50));
    drainUnhandled();
    return caught;
  }

  it("a secret map with a job-decided key, an Iceberg write option, an S3 credential and a restore key: the errors a plain map gets, and no gateway job", async () => {
    const session = { "execution.runtime-mode": "batch", "write-format": "orc", "s3.access-key": "AKIA", "execution.savepoint.path": "s3://b/sp/1" };
    const plain = plainFindings(session);
    expect(plain.errors.map((e) => e.path)).to.deep.equal([
      'sqlGateway.sessionProperties["execution.runtime-mode"]',
      'sqlGateway.sessionProperties["write-format"]',
      'sqlGateway.sessionProperties["s3.access-key"]',
      'sqlGateway.sessionProperties["execution.savepoint.path"]',
    ]);
    const caught = await rejection("so1", pulumi.secret(session));
    expect(caught?.issues).to.deep.equal(plain.errors);
    expect(caught?.issues?.[0]).to.deep.equal({ path: 'sqlGateway.sessionProperties["execution.runtime-mode"]', message: DECIDED });
    expect(caught?.message).to.contain(`FlinkSqlJob "so1-job": 4 problems:`).and.not.contain("AKIA");
    expect(recorded.filter((r) => r.name === "so1-job-gateway")).to.deep.equal([]);
  });

  it("a secret map's value the option does not take is counted, not quoted", async () => {
    const caught = await rejection("so2", pulumi.secret({ "table.exec.mini-batch.enabled": "sometimes" }));
    expect(caught?.issues).to.deep.equal([{ path: 'sqlGateway.sessionProperties["table.exec.mini-batch.enabled"]', message: secretValueFindings(1) }]);
    expect(caught?.message).to.not.contain("sometimes");
    expect(plainFindings({ "table.exec.mini-batch.enabled": "sometimes" }).errors).to.have.length(1);
  });

  it("a map that is no secret: its value is quoted as at construction; a credential in it is an error first", async () => {
    const conflict = await rejection("so3", pulumi.output({ "execution.checkpointing.interval": "5s" }));
    expect(conflict?.issues).to.deep.equal(plainFindings({ "execution.checkpointing.interval": "5s" }).errors);
    const credential = await rejection("so4", pulumi.output({ "table.catalog-store.jdbc.password": "hunter2" }));
    expect(credential?.issues).to.deep.equal([
      {
        path: 'sqlGateway.sessionProperties["table.catalog-store.jdbc.password"]',
        message: "carries a credential in a map that is not a Pulumi secret; pass the map (or the value) as a Pulumi secret: session properties are stored as secrets",
      },
    ]);
    expect(credential?.message).to.not.contain("hunter2");
  });

  it("a key the job's configuration sets to another value: an error, the secret value not quoted", async () => {
    const caught = await rejection("so5", pulumi.secret({ "table.exec.source.idle-timeout": "30 s" }));
    expect(caught).to.equal(undefined); // the job's configuration does not set it: quiet
    const e = await (async () => {
      const { value } = await loggedWarnings(() => {
        new api.FlinkSqlJob("so6-job", {
          statements: [datagenToBlackhole(api, "so6")],
          configuration: { "table.exec.source.idle-timeout": "10 s" },
          sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: pulumi.secret({ "table.exec.source.idle-timeout": "30 s" }) as unknown as Record<string, string> },
        });
        return submissionError("so6-job");
      }, 50);
      const caught6 = await value;
      await new Promise((r) => setTimeout(r, 50));
      drainUnhandled();
      return caught6;
    })();
    expect(e?.issues).to.deep.equal([
      {
        path: 'sqlGateway.sessionProperties["table.exec.source.idle-timeout"]',
        message: 'conflicts with the job\'s configuration ("10 s" there, another value, a secret, here; the script\'s SET line would win): set it in one place',
      },
    ]);
  });

  it("a warning (an S3 setting, which a session cannot set) is logged on the job; a valid secret map is quiet and reaches the gateway job", async () => {
    const { logged } = await loggedWarnings(() => job("so7", pulumi.secret({ "s3.endpoint": "http://minio:9000" })), 50);
    const [warning] = plainFindings({ "s3.endpoint": "http://minio:9000" }).warnings;
    expect(logged).to.deep.equal([`FlinkSqlJob "so7-job": sqlGateway.sessionProperties["s3.endpoint"]: ${warning!.message}`]);
    const quiet = await loggedWarnings(() => job("so8", pulumi.secret({ "execution.target": "remote", "rest.address": "flink-jm" })), 50);
    expect(quiet.logged).to.deep.equal([]);
    expect(await rejection("so9", pulumi.secret({ "execution.target": "remote" }))).to.equal(undefined);
  });

  it("a SqlGatewayJob the program creates checks its Output map too, labelled and at its own path", async () => {
    new api.SqlGatewayJob("so10", { endpoint: "http://gw:8083", script: "INSERT INTO t SELECT 1;", flinkConfiguration: {}, sessionProperties: pulumi.secret({ "parallelism.default": "4" }) });
    await new Promise((r) => setTimeout(r, 100));
    const rejected = drainUnhandled().map(String);
    expect(rejected.length).to.be.greaterThan(0);
    const message = 'SqlGatewayJob "so10": sessionProperties["parallelism.default"]: "parallelism.default" is decided by the job\'s `parallelism` and sent with the job\'s configuration; a session property would override what preview validated. Set it there instead';
    expect(rejected.every((e) => e.includes(message))).to.equal(true);
    expect(recorded.filter((r) => r.name === "so10")).to.deep.equal([]);
  });
});
