/**
 * What the env-reference warning (src/deploy/kubernetes/env-references.ts) says about an unset
 * variable: a REST catalog's `credential` written env:NAME is left out by Iceberg
 * (EnvironmentUtil.resolveAll), so the catalog calls its server with no credential and is refused;
 * another property runs with its default; and a variable the pods get under a near-miss name
 * (POLARIS_CREDENTAIL from envFromSecrets) is named with where it is set.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";

const k8s = { namespace: "flink", image: "my/flink:2.1.1", flinkVersion: "v2_1" as const, upgradeMode: "stateless" as const };
const envWarnings = (job: string): string[] => jobWarnings(job).filter((w) => w.includes("environment variable"));
const UNSET = "and neither kubernetes.env, kubernetes.envFromSecrets nor flink-main-container's env in podTemplate sets it";

describe("env:NAME references: what an unset variable does, and a near-miss name the pods get", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const job = (name: string, properties: Record<string, string>, kubernetes: Record<string, unknown>) => {
    const catalog = { name: "polaris", type: "rest" as const, uri: "https://polaris/api/catalog", warehouse: "prod", properties };
    const cols = [{ name: "id", type: "BIGINT" }];
    const g = new api.FlinkTable(`${name}_g`, { columns: cols, options: { connector: "datagen" } });
    const s = new api.IcebergSink(`${name}_s`, { catalog, database: "d", table: `${name}_s`, columns: cols });
    new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${s} SELECT * FROM ${g}`], kubernetes: { ...k8s, ...kubernetes } });
  };

  it("credential: env:POLARIS_CREDENTIAL with envFromSecrets setting POLARIS_CREDENTAIL names the near miss and the refused calls", () => {
    job("enm-cred", { credential: "env:POLARIS_CREDENTIAL", "rest.auth.type": "oauth2" }, { envFromSecrets: { POLARIS_CREDENTAIL: { secretName: "p", key: "c" } } });
    expect(envWarnings("enm-cred")).to.deep.equal([
      "kubernetes: the script reads the environment variable POLARIS_CREDENTIAL (the Iceberg catalog property 'credential' written env:NAME; Iceberg leaves the property out when the variable is unset, " +
        `so the REST catalog calls its server with no credential, which a server that requires one refuses (HTTP 401), and the job fails when it loads the catalog), ${UNSET}; ` +
        "did you mean POLARIS_CREDENTAIL, set by kubernetes.envFromSecrets? Write the same name in both places (ignore this if the image itself sets POLARIS_CREDENTIAL)",
    ]);
  });

  it("a near miss set in kubernetes.env or the Flink configuration says so; a property that is no credential runs with its default", () => {
    job("enm-env", { "header.X-Tenant": "env:TENANT_ID" }, { env: { TENANT_IDS: "acme" } });
    expect(envWarnings("enm-env")).to.deep.equal([
      "kubernetes: the script reads the environment variable TENANT_ID (the Iceberg catalog property 'header.X-Tenant' written env:NAME; Iceberg leaves the property out when the variable is unset, " +
        `so the catalog runs as if the property were not set, with its default), ${UNSET}; did you mean TENANT_IDS, set by kubernetes.env? Write the same name in both places (ignore this if the image itself sets TENANT_ID)`,
    ]);
    job("enm-conf", { token: "env:POLARIS_TOKEN" }, { flinkConfiguration: { "containerized.taskmanager.env.POLARIS_TOKN": "x" } });
    expect(envWarnings("enm-conf")[0]).to.match(/; did you mean POLARIS_TOKN, set by the Flink configuration's containerized\.taskmanager\.env\.POLARIS_TOKN\? Write the same name in both places/);
  });

  it("quiet neighbours: the variable set under its own name warns nothing; a far name gets the envFromSecrets example", () => {
    job("enm-set", { credential: "env:POLARIS_CREDENTIAL" }, { envFromSecrets: { POLARIS_CREDENTIAL: { secretName: "p", key: "c" } } });
    expect(envWarnings("enm-set")).to.deep.equal([]);
    job("enm-far", { credential: "env:POLARIS_CREDENTIAL" }, { envFromSecrets: { AWS_ACCESS_KEY_ID: { secretName: "s3", key: "id" } } });
    expect(envWarnings("enm-far")[0]).to.match(/sets it: set it, e\.g\. envFromSecrets: \{ POLARIS_CREDENTIAL: \{ secretName: "<secret>", key: "<key>" \} \} \(ignore this/);
  });
});
