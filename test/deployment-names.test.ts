/**
 * Two jobs whose FlinkDeployments get one name in one namespace would be one Kubernetes object:
 * a preview error on the second (derived names fold case and punctuation).
 */
import { expect } from "chai";
import { datagenToBlackhole, issuesOf, mockedApi, type Api } from "./api.js";


describe("FlinkDeployment names across the program's jobs", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const statement = (prefix: string) => datagenToBlackhole(api, prefix);
  const k8s = (extra: Record<string, unknown> = {}) => ({ namespace: "flink", image: "img:2.1", flinkVersion: "v2_1" as const, mode: "standalone" as const, ...extra });

  it("a second job with the same derived name in the same namespace is an error; another namespace or an explicit name is fine", () => {
    new api.FlinkSqlJob("dn_orders_ingest", { statements: [statement("dn1")], kubernetes: k8s() });
    expect(issuesOf(() => new api.FlinkSqlJob("Dn-Orders-Ingest", { statements: [statement("dn2")], kubernetes: k8s() }))).to.deep.equal([
      {
        path: "kubernetes",
        message:
          'FlinkSqlJob "dn_orders_ingest" already deploys a FlinkDeployment named "dn-orders-ingest" in namespace "flink": ' +
          "the two would be one object (the second create fails, or overwrites the first job); give one of them another kubernetes.name or namespace",
      },
    ]);
    new api.FlinkSqlJob("Dn-Orders-Ingest-2", { statements: [statement("dn3")], kubernetes: k8s({ namespace: "flink-staging", name: "dn-orders-ingest" }) });
    expect(issuesOf(() => new api.FlinkSqlJob("dn-other", { statements: [statement("dn4")], kubernetes: k8s({ name: "dn-orders-ingest" }) })).map((i) => i.path)).to.deep.equal(["kubernetes.name"]);
  });
});
