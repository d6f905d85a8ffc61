/**
 * A batch job runs without checkpoints and cannot take a savepoint: savepoint-based upgrades of a
 * running batch job fail at the savepoint, and last-state ones find no checkpoint and start the job
 * over, so the targets' stateful settings warn in batch mode.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const cols = [{ name: "id", type: "BIGINT" }];
const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("batch jobs and savepoints", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  function tables(prefix: string) {
    const src = new api.IcebergSource(`${prefix}_src`, { catalog, database: "db", table: `${prefix}_src`, columns: cols });
    const out = new api.IcebergSink(`${prefix}_out`, { catalog, database: "db", table: `${prefix}_out`, columns: cols });
    return { src, out };
  }

  it("SQL Gateway: savepointDir on a batch job warns; a streaming job does not get that warning", () => {
    const { src, out } = tables("bs1");
    new api.FlinkSqlJob("bs-gw", { runtimeMode: "batch", statements: [api.sql`INSERT OVERWRITE ${out} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp" } });
    expect(jobWarnings("bs-gw")).to.deep.equal([
      "sqlGateway.savepointDir: a batch job runs without checkpoints and takes no savepoint, so savepointDir is not used: an update cancels a running batch job and submits the new script; " +
        "unset savepointDir",
    ]);
    new api.FlinkSqlJob("bs-gw-stream", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`], sqlGateway: { endpoint: "http://gw:8083", savepointDir: "s3://b/sp" } });
    expect(jobWarnings("bs-gw-stream").join("\n")).to.not.contain("batch job");
  });

  it("Kubernetes: upgradeMode savepoint on a batch job warns instead of the allowNonRestoredState advice", () => {
    const { src, out } = tables("bs2");
    new api.FlinkSqlJob("bs-k8s", {
      runtimeMode: "batch",
      statements: [api.sql`INSERT OVERWRITE ${out} SELECT id FROM ${src}`],
      kubernetes: { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1", mode: "standalone", upgradeMode: "savepoint", savepointDir: "s3://b/sp", checkpointDir: "s3://b/ck" },
    });
    expect(jobWarnings("bs-k8s")).to.deep.equal([
      'kubernetes.upgradeMode: upgradeMode "savepoint" carries state over an upgrade, but a batch job has none: it runs without checkpoints and cannot take a savepoint, ' +
        'so upgrading a running batch job would fail at the savepoint; use upgradeMode "stateless"',
    ]);
  });

  it("Kubernetes: upgradeMode last-state on a batch job says the upgrade restarts it from the beginning (no checkpoint to restore)", () => {
    const { src, out } = tables("bs3");
    new api.FlinkSqlJob("bs-k8s-last", {
      runtimeMode: "batch",
      statements: [api.sql`INSERT OVERWRITE ${out} SELECT id FROM ${src}`],
      kubernetes: { namespace: "flink", image: "img:2.1", flinkVersion: "v2_1", mode: "standalone", upgradeMode: "last-state", checkpointDir: "s3://b/ck" },
    });
    expect(jobWarnings("bs-k8s-last")).to.deep.equal([
      'kubernetes.upgradeMode: upgradeMode "last-state" carries state over an upgrade, but a batch job has none: it takes no checkpoints, ' +
        'so a last-state upgrade finds no checkpoint to restore and the new job starts from the beginning of its input, as with "stateless"; use upgradeMode "stateless"',
    ]);
  });
});
