/**
 * What a credential message tells to do depends on where the key is: a FlinkTable's connector
 * (jdbc, elasticsearch, ...) reads options only from the script, so its remedy is an
 * authentication outside the options, not the Iceberg/S3 environment variables.
 */
import { expect } from "chai";
import { issuesOf, mockedApi, type Api } from "./api.js";

describe("credential remedies by place", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a JDBC password in a FlinkTable's options: no Iceberg or S3 advice, the value never echoed", () => {
    const issues = issuesOf(
      () =>
        new api.FlinkTable("cr_dim", {
          columns: [{ name: "id", type: "BIGINT" }],
          options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/app", "table-name": "dim", username: "app", password: "hunter2" },
        }),
    );
    expect(issues).to.deep.equal([
      {
        path: 'options["password"]',
        message:
          "\"password\" carries a credential, and the table's WITH clause is rendered in plain text (into the SQL script, which the runners log and the Kubernetes target stores in a ConfigMap). " +
          "Flink SQL takes connector options only from the script, so remove it and authenticate the connector from outside its options: a credentials file, environment " +
          "or identity of the Flink pods that the connector or its driver reads (IAM, Kerberos, a driver properties file), mounted from a Kubernetes Secret with " +
          "kubernetes.envFromSecrets or kubernetes.podTemplate (SPEC decision 8).",
      },
    ]);
  });
});
