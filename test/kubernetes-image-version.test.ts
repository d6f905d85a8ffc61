/**
 * kubernetes.image against kubernetes.flinkVersion (kubernetes/image-version.ts): an official Flink
 * image of another release line is an error, a custom image whose tag reads as another Flink
 * version a warning, an official image without a version a warning; exact messages.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { validateKubernetesArgs, type KubernetesArgs } from "../src/deploy/kubernetes/index.js";
import { FACTS } from "./kubernetes-args-fixture.js";
import { imageFlinkVersion, parseImageReference } from "../src/deploy/kubernetes/image-version.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";

const RUNNER = { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" };

function run(args: Partial<KubernetesArgs>): { errors: { path: string; message: string }[]; warnings: { path: string; message: string }[] } {
  const diag = new Diagnostics();
  validateKubernetesArgs({ mode: "standalone", ...args } as KubernetesArgs, FACTS, diag);
  return { errors: diag.errors, warnings: diag.warnings };
}
/** The issues at kubernetes.image only (other rules are tested elsewhere). */
function imageIssues(args: Partial<KubernetesArgs>): { errors: string[]; warnings: string[] } {
  const { errors, warnings } = run(args);
  const at = (xs: { path: string; message: string }[]): string[] => xs.filter((x) => x.path === "kubernetes.image").map((x) => x.message);
  return { errors: at(errors), warnings: at(warnings) };
}

describe("kubernetes.image against flinkVersion", () => {
  it("splits an image reference as a container runtime does (a registry port is no tag, a digest is not the tag)", () => {
    expect(parseImageReference("flink:1.20.1-scala_2.12-java17")).to.deep.equal({ repository: "flink", tag: "1.20.1-scala_2.12-java17", digest: false });
    expect(parseImageReference("registry:5000/team/flink")).to.deep.equal({ repository: "registry:5000/team/flink", digest: false });
    expect(parseImageReference("registry:5000/team/flink:2.1@sha256:abc")).to.deep.equal({ repository: "registry:5000/team/flink", tag: "2.1", digest: true });
    expect(parseImageReference("flink@sha256:abc")).to.deep.equal({ repository: "flink", digest: true });
  });

  it("reads the version of official images under each spelling, and of custom tags only where it is Flink's", () => {
    const v = (image: string): string => {
      const f = imageFlinkVersion(image);
      return f.kind === "version" ? `${f.official ? "official" : "custom"} ${f.version.text}` : f.kind;
    };
    expect(
      [
        "flink:1.20.1-scala_2.12-java17",
        "docker.io/library/flink:2.1",
        "apache/flink:2.1.0-scala_2.12-java21",
        "ghcr.io/apache/flink-docker:2.0.1-scala_2.12-java17",
        "flink",
        "flink:latest",
        "flink:scala_2.12-java17",
        "flink@sha256:abc",
        "registry/team/flink:2.1.1",
        "registry/team/flink:1.20-iceberg1.9",
        "registry/lake/jobs:iceberg-1.9.1-flink-1.20",
        "registry/team/flink-iceberg:1.9.2-flink2.1",
        "my/flink-jobs:3.4.0",
        "my/jobs:2.1.1",
        "my/flink-iceberg",
        "my/flink:v2.1",
        // A leading number of a custom image is read only from a repository named flink, and only 1.15-1.20 or 2.x:
        // flink-iceberg:1.9.2 is as likely Iceberg's version, myco/flink:1.9.2-iceberg too old to be the Flink of a deployed job.
        "registry/team/flink-iceberg:1.9.2",
        "my/flink-iceberg:2.1.1",
        "myco/flink:1.9.2-iceberg",
        // A tag no official image carries, in an official repository: a local build, its leading version Flink's (not Iceberg's 1.7).
        "flink:1.20-iceberg",
        "docker.io/library/flink:1.20.1-iceberg-1.7",
        "flink:custom",
        "flink:1.20-iceberg@sha256:abc",
      ].map(v),
    ).to.deep.equal([
      "official 1.20", "official 2.1", "official 2.1", "official 2.0", "floating", "floating", "floating", "unknown",
      "custom 2.1", "custom 1.20", "custom 1.20", "custom 2.1", "unknown", "unknown", "unknown", "unknown", "unknown", "unknown", "unknown",
      "custom 1.20", "custom 1.20", "unknown", "official 1.20",
    ]);
  });

  it("an official Flink 1.20 image with flinkVersion v2_1 is an error: SqlDriver is not in a 1.x image", () => {
    expect(imageIssues({ image: "flink:1.20.1-scala_2.12-java17", flinkVersion: "v2_1" })).to.deep.equal({
      errors: [
        '"flink:1.20.1-scala_2.12-java17" is a Flink 1.20 image, but flinkVersion is "v2_1": the job then runs the script with Flink\'s SqlDriver, which came with Flink 2.0 and is not in a Flink 1.20 image, so the job would fail when it starts; ' +
          'use a Flink 2.1 image (e.g. "flink:2.1"), or set flinkVersion "v1_20" (with sqlRunner) if the image is what you mean',
      ],
      warnings: [],
    });
  });

  it("an official Flink 2.1 image with flinkVersion v1_20 is an error: the 1.x runner on a 2.x runtime", () => {
    expect(imageIssues({ image: "apache/flink:2.1.0-scala_2.12-java17", flinkVersion: "v1_20", sqlRunner: RUNNER })).to.deep.equal({
      errors: [
        '"apache/flink:2.1.0-scala_2.12-java17" is a Flink 2.1 image, but flinkVersion is "v1_20": the job then runs the script with the SQL runner jar (sqlRunner), a Flink 1.x program, with Flink 1.20\'s configuration keys, on a Flink 2.1 runtime that removed APIs and keys of 1.x; ' +
          'use a Flink 1.20 image (e.g. "apache/flink:1.20"), or set flinkVersion "v2_1" (and remove sqlRunner) if the image is what you mean',
      ],
      warnings: [],
    });
  });

  it("an official image of another minor release of the same major version is a warning (flink:2.2.0 with v2_1 may run)", () => {
    expect(imageIssues({ image: "flink:2.2.0-java21", flinkVersion: "v2_1" })).to.deep.equal({
      errors: [],
      warnings: [
        '"flink:2.2.0-java21" is a Flink 2.2 image, but flinkVersion is "v2_1": the script and configuration are checked and rendered for Flink 2.1 and the operator deploys the cluster as Flink 2.1, so what passes the preview may fail on Flink 2.2; ' +
          'use a Flink 2.1 image (e.g. "flink:2.1")',
      ],
    });
    expect(imageIssues({ image: "flink:2.0.0", flinkVersion: "v2_1" }).warnings).to.deep.equal([
      '"flink:2.0.0" is a Flink 2.0 image, but flinkVersion is "v2_1": the script and configuration are checked and rendered for Flink 2.1 and the operator deploys the cluster as Flink 2.1, so what passes the preview may fail on Flink 2.0; ' +
        'use a Flink 2.1 image (e.g. "flink:2.1"), or set flinkVersion "v2_0" if the image is what you mean',
    ]);
    expect(imageIssues({ image: "flink:1.18", flinkVersion: "v1_19", sqlRunner: RUNNER }).warnings).to.deep.equal([
      '"flink:1.18" is a Flink 1.18 image, but flinkVersion is "v1_19": the script and configuration are checked and rendered for Flink 1.19 and the operator deploys the cluster as Flink 1.19, so what passes the preview may fail on Flink 1.18; ' +
        'use a Flink 1.19 image (e.g. "flink:1.19")',
    ]);
  });

  it("an image reference the kubelet refuses (upper case in the repository, white space) is an error with the reference to write", () => {
    const issues = (image: string) => run({ image, flinkVersion: "v2_1" }).errors.filter((e) => e.path === "kubernetes.image").map((e) => e.message);
    expect(issues("FLINK:2.1.1")).to.deep.equal([
      '"FLINK:2.1.1" has upper-case letters in its repository name, which image references may not (the kubelet refuses it: InvalidImageName); write "flink:2.1.1"',
    ]);
    expect(issues("flink:2.1.1 ")).to.deep.equal(['"flink:2.1.1 " holds white space, which no image reference may (the kubelet refuses it: InvalidImageName); write "flink:2.1.1"']);
    // A registry host may have upper case (DNS names are case-insensitive), and so may a tag.
    expect([issues("Registry.Example.com:5000/team/flink:2.1.1"), issues("flink:2.1.1-RC1"), issues("localhost/flink:2.1")]).to.deep.equal([[], [], []]);
  });

  it("a matching official image stays quiet, whatever the patch release, variant, registry spelling or digest", () => {
    for (const [image, flinkVersion] of [
      ["flink:2.1.1-scala_2.12-java17", "v2_1"],
      ["docker.io/library/flink:1.20", "v1_20"],
      ["apache/flink:2.0.0-java21@sha256:0123", "v2_0"],
      ["flink@sha256:0123", "v2_1"],
    ] as const) {
      expect(imageIssues({ image, flinkVersion, ...(flinkVersion.startsWith("v1") ? { sqlRunner: RUNNER } : {}) }), image).to.deep.equal({ errors: [], warnings: [] });
    }
  });

  it("an official image without a version in its tag is a warning: it floats with each Flink release", () => {
    expect(imageIssues({ image: "flink:latest", flinkVersion: "v2_1" })).to.deep.equal({
      errors: [],
      warnings: ['"flink:latest" names no Flink version, so it floats to each new Flink release, while the job is rendered for Flink 2.1 (flinkVersion "v2_1"): pin the version in the tag, e.g. "flink:2.1"'],
    });
    expect(imageIssues({ image: "flink", flinkVersion: "v1_20", sqlRunner: RUNNER }).warnings).to.deep.equal([
      '"flink" names no Flink version, so it floats to each new Flink release, while the job is rendered for Flink 1.20 (flinkVersion "v1_20"): pin the version in the tag, e.g. "flink:1.20"',
    ]);
  });

  it("a custom flink image whose tag reads as another Flink version is a warning, not an error (the tag may be its own version)", () => {
    expect(imageIssues({ image: "registry/team/flink:2.1.1", flinkVersion: "v1_20", sqlRunner: RUNNER })).to.deep.equal({
      errors: [],
      warnings: [
        'the tag of "registry/team/flink:2.1.1" reads as Flink 2.1, but flinkVersion is "v1_20": the job then runs the script with the SQL runner jar (sqlRunner), a Flink 1.x program, with Flink 1.20\'s configuration keys, on a Flink 2.1 runtime that removed APIs and keys of 1.x; ' +
          'use a Flink 1.20 image (e.g. "registry/team/flink:1.20"), or set flinkVersion "v2_1" (and remove sqlRunner) if the image is what you mean (if 2.1 is the image\'s own version, not Flink\'s, acknowledge this warning with acknowledgedWarnings)',
      ],
    });
    // The example keeps a custom tag's own scheme, the Flink version swapped (final trial).
    expect(imageIssues({ image: "registry/lake/jobs:iceberg-1.9.1-flink-1.20", flinkVersion: "v2_1" }).warnings.map((w) => /e\.g\. "[^"]*"/.exec(w)?.[0])).to.deep.equal([
      'e.g. "registry/lake/jobs:iceberg-1.9.1-flink-2.1"',
    ]);
  });

  it("a local build tagged in an official repository (flink:1.20-iceberg) is read as a custom image: another version a warning keeping its tag's scheme, no version quiet", () => {
    expect(imageIssues({ image: "flink:1.20-iceberg", flinkVersion: "v2_1" })).to.deep.equal({
      errors: [],
      warnings: [
        'the tag of "flink:1.20-iceberg" reads as Flink 1.20, but flinkVersion is "v2_1": the job then runs the script with Flink\'s SqlDriver, which came with Flink 2.0 and is not in a Flink 1.20 image, so the job would fail when it starts; ' +
          'use a Flink 2.1 image (e.g. "flink:2.1-iceberg"), or set flinkVersion "v1_20" (with sqlRunner) if the image is what you mean (if 1.20 is the image\'s own version, not Flink\'s, acknowledge this warning with acknowledgedWarnings)',
      ],
    });
    // flink:custom names no version but is no floating official tag either (before: "names no Flink version, so it floats").
    expect(imageIssues({ image: "flink:custom", flinkVersion: "v2_1" })).to.deep.equal({ errors: [], warnings: [] });
    expect(imageIssues({ image: "docker.io/library/flink:1.20.1-iceberg-1.7", flinkVersion: "v1_20", sqlRunner: RUNNER })).to.deep.equal({ errors: [], warnings: [] });
  });

  it("a custom image whose tag names no Flink version stays quiet, as does a matching one", () => {
    for (const [image, flinkVersion] of [
      ["my/flink-iceberg:2.1.1", "v2_1"],
      ["my/flink-iceberg:2.1.1", "v1_20"],
      ["registry/team/flink-iceberg:1.9.2", "v2_1"],
      ["myco/flink:1.9.2-iceberg", "v2_1"],
      ["registry/team/flink-iceberg:1.9.2-flink2.1", "v2_1"],
      ["my/jobs:1.20.0", "v2_1"],
      ["my/flink-jobs:3.4.0", "v2_1"],
      ["my/flink-iceberg", "v2_1"],
      ["registry.example.com/flink-iceberg:x", "v2_1"],
      ["img:1.20", "v2_1"],
    ] as const) {
      expect(imageIssues({ image, flinkVersion }), image).to.deep.equal({ errors: [], warnings: [] });
    }
  });

  describe("an image given as an Output", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));

    it("an official image of another version fails the manifests at kubernetes.image once known; a matching one passes", async () => {
      const { registry } = await import("../src/components/job-registry.js");
      const cols = [{ name: "id", type: "BIGINT" }];
      const src = new api.FlinkTable("iv_src", { columns: cols, options: { connector: "datagen" } });
      const out = new api.FlinkTable("iv_out", { columns: cols, options: { connector: "print" } });
      const statements = [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`];
      new api.FlinkSqlJob("iv-job", { statements, kubernetes: { namespace: "flink", image: pulumi.output("flink:1.20.1"), flinkVersion: "v2_1", mode: "standalone" } });
      new api.FlinkSqlJob("iv-ok", { statements, kubernetes: { namespace: "flink", image: pulumi.output("flink:2.1.1"), flinkVersion: "v2_1", mode: "standalone" } });
      const bad = registry().jobs.find((j) => j.name === "iv-job")!;
      let caught: { issues?: { path: string; message: string }[] } | undefined;
      await settle(bad.manifests!()).catch((e: { issues: { path: string; message: string }[] }) => (caught = e));
      expect(caught?.issues?.map((i) => i.path)).to.deep.equal(["kubernetes.image"]);
      expect(caught?.issues?.[0]?.message).to.match(/^"flink:1\.20\.1" is a Flink 1\.20 image, but flinkVersion is "v2_1": /);
      const ok = registry().jobs.find((j) => j.name === "iv-ok")!;
      expect(((await settle(ok.manifests!())) as { spec?: { image?: string } }[])[1]?.spec?.image).to.equal("flink:2.1.1");
      // The bad FlinkDeployment's own inputs fail the same way (its registration rejects): expected here.
      await new Promise((r) => setTimeout(r, 100));
      expect(drainUnhandled().map(String).every((e) => e.includes("kubernetes.image"))).to.equal(true);
    });
  });
});
