/**
 * The pod template's labels and annotations as the API server validates them
 * (src/deploy/kubernetes/pod-template-metadata.ts; k8s apimachinery IsQualifiedName,
 * IsValidLabelValue, ValidateAnnotations): the CRD takes any string, the pods Flink creates from
 * the template are refused. Exact messages, all problems at once, at the key's path.
 */
import { expect } from "chai";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { labelValueProblem, qualifiedNameProblem } from "../src/deploy/kubernetes/pod-template-metadata.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const BASE: KubernetesArgs = { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" };
const FACTS: KubernetesJobFacts = { jobName: "orders", runtimeMode: "streaming", bounded: false, flinkConfiguration: { "execution.checkpointing.interval": "1min" }, needsFormatV3: false };
const REFUSED = "the API server refuses the JobManager Deployment and TaskManager pods Flink creates from the pod template, so the cluster never starts";

function errors(metadata: Record<string, unknown>): { path: string; message: string }[] {
  const diag = new Diagnostics();
  validateKubernetesArgs({ ...BASE, podTemplate: { metadata } }, FACTS, diag);
  return diag.errors;
}

const badKey = (key: string, problem: string): string =>
  `${JSON.stringify(key)} is no valid label key: ${problem}; ${REFUSED} (k8s apimachinery IsQualifiedName). Write e.g. "team" or "example.com/team"`;
const badValue = (value: string, problem: string): string =>
  `the value ${JSON.stringify(value)} is no valid label value: ${problem}; ${REFUSED} (k8s apimachinery IsValidLabelValue). Write e.g. "data-platform", or put longer text in an annotation`;
const NAME_RULE = "letters, digits, '-', '_' and '.', beginning and ending with a letter or digit";

describe("kubernetes: pod template labels and annotations the API server refuses", () => {
  it("valid keys and values pass: prefixes, upper case names, empty values, 63 characters", () => {
    expect(
      errors({
        labels: { team: "data", "app.kubernetes.io/part-of": "orders", "example.com/Tier_1.x": "", Version: "v1.2_3-A", ["a".repeat(63)]: "b".repeat(63), [`${"p".repeat(253)}/n`]: "x" },
        annotations: { "Example.COM/Owner": "anyone at all: spaces, / and : are fine in values", "prometheus.io/scrape": "true" },
      }),
    ).to.deep.equal([]);
  });

  it("a bad label key or value is an error at the label's path, each rule named, all at once", () => {
    const long = "x".repeat(64);
    expect(
      errors({
        labels: {
          "team name": "data",
          "a/b/c": "v",
          "/team": "v",
          "Example.com/team": "v",
          "example.com/": "v",
          [`${"p".repeat(254)}/n`]: "v",
          [long]: "v",
          env: "prod eu",
          owner: `${long}`,
          tier: "-gold",
          ok: "v",
        },
      }),
    ).to.deep.equal([
      { path: 'kubernetes.podTemplate.metadata.labels["team name"]', message: badKey("team name", `its name "team name" may hold only ${NAME_RULE}`) },
      { path: 'kubernetes.podTemplate.metadata.labels["a/b/c"]', message: badKey("a/b/c", "it has more than one '/' (a key is [prefix/]name)") },
      { path: 'kubernetes.podTemplate.metadata.labels["/team"]', message: badKey("/team", "the prefix before '/' is empty") },
      {
        path: 'kubernetes.podTemplate.metadata.labels["Example.com/team"]',
        message: badKey("Example.com/team", `its prefix "Example.com" is no DNS subdomain (lowercase letters, digits, '-' and '.', beginning and ending with a letter or digit)`),
      },
      { path: 'kubernetes.podTemplate.metadata.labels["example.com/"]', message: badKey("example.com/", "the name after '/' is empty") },
      { path: `kubernetes.podTemplate.metadata.labels[${JSON.stringify(`${"p".repeat(254)}/n`)}]`, message: badKey(`${"p".repeat(254)}/n`, "its prefix is 254 characters, at most 253") },
      { path: `kubernetes.podTemplate.metadata.labels["${long}"]`, message: badKey(long, "its name is 64 characters, at most 63") },
      { path: 'kubernetes.podTemplate.metadata.labels["env"]', message: badValue("prod eu", `it may hold only ${NAME_RULE}`) },
      { path: 'kubernetes.podTemplate.metadata.labels["owner"]', message: badValue(long, "it is 64 characters, at most 63") },
      { path: 'kubernetes.podTemplate.metadata.labels["tier"]', message: badValue("-gold", `it may hold only ${NAME_RULE}`) },
    ]);
  });

  it("annotation keys follow the key rule in lower case; the annotations' total size is at most 256 KiB", () => {
    expect(errors({ annotations: { "owner team": "x", "Example.com/a/b": "y" } })).to.deep.equal([
      {
        path: 'kubernetes.podTemplate.metadata.annotations["owner team"]',
        message: `"owner team" is no valid annotation key: its name "owner team" may hold only ${NAME_RULE}; ${REFUSED} (k8s apimachinery ValidateAnnotations). Write e.g. "example.com/owner"`,
      },
      {
        path: 'kubernetes.podTemplate.metadata.annotations["Example.com/a/b"]',
        message: `"Example.com/a/b" is no valid annotation key: it has more than one '/' (a key is [prefix/]name); ${REFUSED} (k8s apimachinery ValidateAnnotations). Write e.g. "example.com/owner"`,
      },
    ]);
    // 262144 bytes in all pass; one more byte (here a two-byte character) does not.
    expect(errors({ annotations: { a: "b".repeat(256 * 1024 - 1) } })).to.deep.equal([]);
    expect(errors({ annotations: { a: "b".repeat(128 * 1024 - 1), c: `${"d".repeat(128 * 1024 - 2)}é` } })).to.deep.equal([
      {
        path: "kubernetes.podTemplate.metadata.annotations",
        message:
          `are 262145 bytes (keys and values), above the 262144 bytes (256 KiB) the API server takes ("must have at most 262144 bytes", k8s apimachinery TotalAnnotationSizeLimitB); ${REFUSED}. ` +
          "Keep large data out of annotations: put it in a ConfigMap and mount it as a volume",
      },
    ]);
  });

  it("the rules as apimachinery's tests state them (IsQualifiedName, IsValidLabelValue)", () => {
    for (const ok of ["simple", "now-with-dashes", "1-starts-with-num", "1234", "simple/simple", "now-with-dashes/simple", "now.with.dots/simple", "1-num.2-num/3-num", "1234/5678", "1.2.3.4/5678", "Uppercase_Is_OK_123", "example.com/Uppercase_Is_OK_123"]) {
      expect(qualifiedNameProblem(ok), ok).to.equal(undefined);
    }
    for (const bad of ["nospecialchars%^=@", "cantendwithadash-", "-cantstartwithadash-", "only/one/slash/please", "Example.com/abc", "example_com/abc", "example.com/", "/simple", "a".repeat(64)]) {
      expect(qualifiedNameProblem(bad), bad).to.be.a("string");
    }
    for (const ok of ["", "simple", "now-with-dashes", "1-starts-with-num", "end-with-num-1", "1234", "a".repeat(63)]) expect(labelValueProblem(ok), ok).to.equal(undefined);
    for (const bad of ["nospecialchars%^=@", "Tama-nui-te-rā.is.Māori.sun", "\\backslashes\\are\\bad", "-starts-with-dash", "ends-with-dash-", ".starts.with.dot", "ends.with.dot.", "a".repeat(64)]) {
      expect(labelValueProblem(bad), bad).to.be.a("string");
    }
  });
});
