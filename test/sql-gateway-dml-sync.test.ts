/**
 * table.dml-sync on the SQL Gateway target (sql-gateway/dml-sync.ts): set true, the gateway answers
 * an INSERT with its job id only when the job ends (flink TableEnvironmentImpl.executeInternal under
 * TableConfigOptions.TABLE_DML_SYNC): an error for a job that does not end, a warning for one that
 * does; quiet for false and on the Kubernetes target. Exact messages.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { datagenToBlackhole, errorOf, mockedApi, type Api } from "./api.js";
import { loggedWarnings, settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";
import { registry } from "../src/components/job-registry.js";
import { dmlSyncIssue } from "../src/deploy/sql-gateway/dml-sync.js";

const WHY =
  '"true" makes the SQL Gateway run the INSERT synchronously: it answers with the job\'s id only when the job ends ' +
  "(flink TableEnvironmentImpl.executeInternal awaits the job under TableConfigOptions.TABLE_DML_SYNC, and the gateway's OperationExecutor reads the id from that result)";
const NEVER_ENDS =
  "; this streaming job never ends, so the submit never returns its id: the create or update polls the INSERT until the provider's overall timeout (10 min) and fails, while the job runs on unrecorded (no update or delete stops it). ";
const STREAMING_CONFIGURATION = `${WHY}${NEVER_ENDS}Remove it from the job's configuration (or write "false"): the gateway target reads the job's status itself`;
const STREAMING_SESSION = `${WHY}${NEVER_ENDS}Remove it from sqlGateway.sessionProperties (or write "false"): the gateway target reads the job's status itself`;
const BATCH_CONFIGURATION =
  `${WHY}; this job ends, so each create or update waits for its whole run instead of returning once it started, and a run longer than the provider's overall timeout (10 min) fails the create or update while the job runs on; ` +
  `remove it from the job's configuration (or write "false") unless the wait is what you want`;

describe("table.dml-sync on the SQL Gateway target", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const gateway = { endpoint: "http://gw:8083", savepointDir: "s3://b/sp" };
  /** A job reading a bounded datagen table: it ends. */
  const bounded = (prefix: string) => {
    const columns = [{ name: "id", type: "BIGINT" }];
    const src = new api.FlinkTable(`${prefix}_src`, { columns, options: { connector: "datagen", "number-of-rows": "10" } });
    const sink = new api.FlinkTable(`${prefix}_sink`, { columns, options: { connector: "blackhole" } });
    return api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`;
  };

  it("dmlSyncIssue: true (any case, spaces) only; an error for a job that does not end, a warning for one that does", () => {
    expect(dmlSyncIssue("true", "configuration", false)).to.deep.equal({ level: "error", message: STREAMING_CONFIGURATION });
    expect(dmlSyncIssue("true", "configuration", true)).to.deep.equal({ level: "warning", message: BATCH_CONFIGURATION });
    expect(dmlSyncIssue(" TRUE ", "sessionProperties", false)?.level).to.equal("error");
    expect(dmlSyncIssue("false", "configuration", false)).to.equal(undefined);
    expect(dmlSyncIssue("yes", "sessionProperties", false)).to.equal(undefined);
  });

  it("a streaming job: true in the job's configuration or in sessionProperties is an error at preview", () => {
    const e = errorOf(() => new api.FlinkSqlJob("ds1-job", { statements: [datagenToBlackhole(api, "ds1")], configuration: { "table.dml-sync": "true" }, sqlGateway: gateway }));
    expect(e.issues).to.deep.equal([{ path: 'configuration["table.dml-sync"]', message: STREAMING_CONFIGURATION }]);
    const s = errorOf(() => new api.FlinkSqlJob("ds2-job", { statements: [datagenToBlackhole(api, "ds2")], sqlGateway: { ...gateway, sessionProperties: { "table.dml-sync": "true" } } }));
    expect(s.issues).to.deep.equal([{ path: 'sqlGateway.sessionProperties["table.dml-sync"]', message: STREAMING_SESSION }]);
  });

  it("a batch job, or a streaming one whose reads are bounded: a warning; false, and the Kubernetes target, are quiet", () => {
    new api.FlinkSqlJob("ds3-job", { statements: [bounded("ds3")], runtimeMode: "batch", configuration: { "table.dml-sync": "true" }, sqlGateway: { endpoint: "http://gw:8083" } });
    const warnings = (name: string): readonly string[] => registry().jobs.find((j) => j.name === name)!.warnings;
    expect(warnings("ds3-job").filter((w) => w.includes("dml-sync"))).to.deep.equal([`configuration["table.dml-sync"]: ${BATCH_CONFIGURATION}`]);
    new api.FlinkSqlJob("ds7-job", { statements: [bounded("ds7")], configuration: { "table.dml-sync": "true" }, sqlGateway: gateway });
    expect(warnings("ds7-job").filter((w) => w.includes("dml-sync"))).to.deep.equal([`configuration["table.dml-sync"]: ${BATCH_CONFIGURATION}`]);
    new api.FlinkSqlJob("ds4-job", { statements: [datagenToBlackhole(api, "ds4")], configuration: { "table.dml-sync": "false" }, sqlGateway: { ...gateway, sessionProperties: { "table.dml-sync": "false" } } });
    expect(warnings("ds4-job").filter((w) => w.includes("dml-sync"))).to.deep.equal([]);
    new api.FlinkSqlJob("ds5-job", {
      statements: [datagenToBlackhole(api, "ds5")],
      configuration: { "table.dml-sync": "true" },
      kubernetes: { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" },
    });
    expect(warnings("ds5-job").filter((w) => w.includes("dml-sync"))).to.deep.equal([]);
  });

  it("in a sessionProperties map given as one secret Output: the same error once the value is known", async () => {
    const { value } = await loggedWarnings(() => {
      new api.FlinkSqlJob("ds6-job", { statements: [datagenToBlackhole(api, "ds6")], sqlGateway: { ...gateway, sessionProperties: pulumi.secret({ "table.dml-sync": "true" }) as unknown as Record<string, string> } });
      const job = registry().jobs.find((j) => j.name === "ds6-job")!;
      return settle(job.gatewaySubmission!(false)).then(
        () => undefined,
        (e: { issues?: unknown }) => e,
      );
    }, 50);
    const caught = await value;
    await new Promise((r) => setTimeout(r, 50));
    drainUnhandled();
    expect(caught?.issues).to.deep.equal([{ path: 'sqlGateway.sessionProperties["table.dml-sync"]', message: STREAMING_SESSION }]);
  });
});
