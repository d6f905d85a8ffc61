/**
 * Flink configuration keys a deploy target sets itself (src/deploy/target-keys.ts): the state a job
 * starts from, and for the SQL Gateway the cluster its sessions talk to. Set in the job's
 * configuration or the gateway's sessionProperties they would win over the target; preview errors.
 */
import { expect } from "chai";
import { datagenToBlackhole, issuesOf, mockedApi, type Api } from "./api.js";

const k8s = { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1" as const, mode: "standalone" as const };

describe("configuration keys the deploy target owns", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const statement = (prefix: string) => datagenToBlackhole(api, prefix);

  it("sqlGateway: restore keys in the configuration or sessionProperties, cluster keys in the configuration", () => {
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("gw-keys", {
          statements: [statement("tk1")],
          configuration: { "execution.savepoint.path": "s3://b/sp/savepoint-1", "rest.address": "session-jm", "pipeline.name": "ingest" },
          sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp", sessionProperties: { "execution.state-recovery.ignore-unclaimed-state": "true", "rest.port": "8081" } },
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: 'configuration["execution.savepoint.path"]',
        message:
          '"execution.savepoint.path" chooses the state the job starts from, which the SQL Gateway target sets on every start (from sqlGateway.initialSavepointPath and the savepoint each update takes); ' +
          "in the job's configuration (SET lines of the script) it would win over that, and every later update would restore this one path again. Set sqlGateway.initialSavepointPath instead",
      },
      {
        path: 'configuration["rest.address"]',
        message:
          '"rest.address" chooses the Flink cluster; with the SQL Gateway target set it in sqlGateway.sessionProperties, which every session of the job uses (submit, SHOW JOBS, STOP JOB): ' +
          "in the job's configuration only the submit would reach that cluster, and an update or delete would look for the job elsewhere",
      },
      {
        path: 'sqlGateway.sessionProperties["execution.state-recovery.ignore-unclaimed-state"]',
        message:
          '"execution.state-recovery.ignore-unclaimed-state" chooses the state the job starts from, which the SQL Gateway target sets on every start (from sqlGateway.initialSavepointPath and the savepoint each update takes); ' +
          "in sessionProperties (sent after the restore keys) it would win over that, and every later update would skip unclaimed state without anyone asking. Set sqlGateway.allowNonRestoredState instead",
      },
    ]);
  });

  it("kubernetes: a restore key in the configuration is an error; cluster keys are the operator's business", () => {
    const issues = issuesOf(
      () =>
        new api.FlinkSqlJob("k8s-keys", {
          statements: [statement("tk2")],
          configuration: { "execution.state-recovery.path": "s3://b/sp/savepoint-1" },
          kubernetes: k8s,
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: 'configuration["execution.state-recovery.path"]',
        message:
          '"execution.state-recovery.path" chooses the state the job starts from, which the operator sets on every start (from kubernetes.initialSavepointPath and the savepoints of upgrades); ' +
          "in the job's configuration (SET lines of the script) it would win over that, and every later update would restore this one path again. Set kubernetes.initialSavepointPath instead",
      },
    ]);
  });

  it("without a target the configuration keeps them (the script is the user's to run)", () => {
    const job = new api.FlinkSqlJob("no-target-keys", { statements: [statement("tk3")], configuration: { "execution.savepoint.path": "s3://b/sp/savepoint-1", "rest.address": "jm" } });
    expect(job).to.be.instanceOf(api.FlinkSqlJob);
  });
});
