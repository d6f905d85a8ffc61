/** The Kubernetes checks memo and non-enumerable props: an arg with one anywhere is checked fresh (validation-memo.ts visibleKeys). */
import { expect } from "chai";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { kubernetesChecksMemo } from "../src/deploy/kubernetes/validation-memo.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { BASE, FACTS } from "./kubernetes-args-fixture.js";
import { datagenToBlackhole, issuesOrNone, mockedApi, type Api } from "./api.js";

function check(args: unknown, facts: Partial<KubernetesJobFacts> = {}) {
  const diag = new Diagnostics();
  validateKubernetesArgs(args as KubernetesArgs, { ...FACTS, ...facts }, diag);
  return { errors: diag.errors, warnings: diag.warnings };
}
const hidden = (o: object, key: string, value: unknown) => Object.defineProperty({ ...o }, key, { value, enumerable: false });

describe("Kubernetes checks memo: non-enumerable props", () => {
  beforeEach(() => kubernetesChecksMemo.clear());

  it("a non-enumerable unknown top-level key does not prime the memo: the enumerable typo still gets its error", () => {
    const typoed = { ...BASE, imagePullPolicyy: "Always" };
    const fresh = check(typoed);
    expect(fresh.errors.length).to.equal(1);
    kubernetesChecksMemo.clear();
    check(hidden(BASE, "imagePullPolicyy", "Always")); // clean: Object.entries skips it
    const memoized = check(typoed);
    expect(memoized).to.deep.equal(fresh);
  });

  it("a non-enumerable flinkConfiguration entry is not answered with the enumerable entry's error", () => {
    const hiddenConf = { ...BASE, flinkConfiguration: hidden({}, "execution.runtime-mode", "batch") };
    const fresh = check(hiddenConf);
    kubernetesChecksMemo.clear();
    check({ ...BASE, flinkConfiguration: { "execution.runtime-mode": "batch" } });
    expect(check(hiddenConf)).to.deep.equal(fresh);
  });
});

describe("Kubernetes checks memo: non-enumerable props, as a program (FlinkSqlJob under mocks)", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const K8S = { image: "registry.example.com/flink-iceberg:1.20", flinkVersion: "v1_20", sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } };
  // The same object a program may build with Object.defineProperty (or receive from a library): an unknown key, not enumerable.
  const hiddenTypo = () => Object.defineProperty({ ...K8S }, "imagePullPolicyy", { value: "Always", enumerable: false });
  const typo = () => ({ ...K8S, imagePullPolicyy: "Always" });

  it("a job with an unknown kubernetes key gets its error after a job whose same key is not enumerable", () => {
    kubernetesChecksMemo.clear();
    const fresh = issuesOrNone(() => new api.FlinkSqlJob("memo-hidden-k1", { statements: [datagenToBlackhole(api, "memohk1")], kubernetes: typo() as never }));
    expect(fresh.map((i) => i.path)).to.deep.equal(["kubernetes.imagePullPolicyy"]);
    kubernetesChecksMemo.clear();
    expect(issuesOrNone(() => new api.FlinkSqlJob("memo-hidden-k2", { statements: [datagenToBlackhole(api, "memohk2")], kubernetes: hiddenTypo() as never }))).to.deep.equal([]);
    const memoized = issuesOrNone(() => new api.FlinkSqlJob("memo-hidden-k3", { statements: [datagenToBlackhole(api, "memohk3")], kubernetes: typo() as never }));
    expect(memoized).to.deep.equal(fresh);
  });
});
