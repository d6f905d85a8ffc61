/**
 * kubernetes.image given as an Output (kubernetes/image-checks.ts, deploy.ts logImageWarnings):
 * construction cannot check it, so once its value is known it is checked as a plain image is, its
 * errors fail the FlinkDeployment's inputs and its warnings are logged on the FlinkSqlJob
 * (pulumi.log.warn is captured), with the job's acknowledgedWarnings entries at kubernetes.image
 * matched then. Exact messages.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { datagenToBlackhole, mockedApi, type Api } from "./api.js";
import { loggedWarnings } from "./pulumi-mocks.js";
import { drainUnhandled } from "./setup.js";

/** What stands for a secret image's one error or warning. */
const secretFindings = (kind: string): string =>
  `the image is a Pulumi secret and its checks found 1 ${kind}, not shown because it quotes the image: ` +
  "check the image's reference (a lower-case repository, no white space), its Flink version against flinkVersion and the connectors the job's tables use, or pass the image as a plain string to read them";

const FLOATS = '"flink" names no Flink version, so it floats to each new Flink release, while the job is rendered for Flink 2.1 (flinkVersion "v2_1"): pin the version in the tag, e.g. "flink:2.1"';

/** The warnings logged by `fn`, once the children it creates have their inputs (and so the image) resolved. */
const logging = <T>(fn: () => T) => loggedWarnings(fn, 50);

describe("kubernetes.image as an Output: its warnings are logged on the job once known", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const k8s = (image: pulumi.Input<string>) => ({ namespace: "flink", image, flinkVersion: "v2_1" as const, mode: "standalone" as const });

  it("a floating official image: the warning a plain image gets at construction, logged on the job when the Output resolves", async () => {
    const plain = await logging(() => new api.FlinkSqlJob("oi0-job", { statements: [datagenToBlackhole(api, "oi0")], kubernetes: k8s("flink") }));
    expect(plain.logged).to.deep.equal([`FlinkSqlJob "oi0-job": kubernetes.image: ${FLOATS}`]);
    const { value: job, logged } = await logging(() => new api.FlinkSqlJob("oi1-job", { statements: [datagenToBlackhole(api, "oi1")], kubernetes: k8s(pulumi.output("flink")) }));
    expect(logged).to.deep.equal([`FlinkSqlJob "oi1-job": kubernetes.image: ${FLOATS}`]);
    // Found after the constructor returned: not in the job's warnings, which are complete by then.
    expect(job.warnings).to.deep.equal([]);
  });

  it("a pinned image of flinkVersion's line: nothing logged", async () => {
    const { logged } = await logging(() => new api.FlinkSqlJob("oi2-job", { statements: [datagenToBlackhole(api, "oi2")], kubernetes: k8s(pulumi.output("flink:2.1.1")) }));
    expect(logged).to.deep.equal([]);
  });

  it("an entry at kubernetes.image waits for the image: it acknowledges the warning then, and is stale only if the image gives none", async () => {
    const ack = [{ path: "kubernetes.image", contains: "floats", reason: "the platform team pins the image by digest at deploy time" }];
    const acknowledged = await logging(
      () => new api.FlinkSqlJob("oi3-job", { statements: [datagenToBlackhole(api, "oi3")], kubernetes: k8s(pulumi.output("flink")), acknowledgedWarnings: ack }),
    );
    expect(acknowledged.logged).to.deep.equal([]);
    expect(acknowledged.value.warnings).to.deep.equal([]);
    const stale = await logging(
      () => new api.FlinkSqlJob("oi4-job", { statements: [datagenToBlackhole(api, "oi4")], kubernetes: k8s(pulumi.output("flink:2.1.1")), acknowledgedWarnings: ack }),
    );
    expect(stale.value.warnings).to.deep.equal([]);
    expect(stale.logged).to.deep.equal([
      'FlinkSqlJob "oi4-job": acknowledgedWarnings[0]: acknowledges a warning at path kubernetes.image containing "floats" that this resource does not give: ' +
        "the warning it was written for is gone (remove the entry), or its path or text is mistyped; the resource has no warning",
    ]);
  });

  it("a secret image: only the number of its warnings is logged, since they quote it; a stale entry's hint does not quote them", async () => {
    const { logged } = await logging(() => new api.FlinkSqlJob("oi5-job", { statements: [datagenToBlackhole(api, "oi5")], kubernetes: k8s(pulumi.secret("flink")) }));
    const counted = (job: string) => `FlinkSqlJob "${job}": kubernetes.image: ${secretFindings("warning")}`;
    expect(logged).to.deep.equal([counted("oi5-job")]);
    const acknowledgedWarnings = [{ path: "kubernetes.image", contains: "Flink 2.0", reason: "checked" }];
    const stale = await logging(() => new api.FlinkSqlJob("oi7-job", { statements: [datagenToBlackhole(api, "oi7")], kubernetes: k8s(pulumi.secret("flink")), acknowledgedWarnings }));
    expect(stale.logged).to.deep.equal([
      counted("oi7-job"),
      'FlinkSqlJob "oi7-job": acknowledgedWarnings[0]: acknowledges a warning at path kubernetes.image containing "Flink 2.0" that this resource does not give: ' +
        "the warning it was written for is gone (remove the entry), or its path or text is mistyped; the image is a Pulumi secret, so its warnings are not quoted",
    ]);
  });

  it("a secret image's error is counted, not quoted: the FlinkDeployment's inputs and the manifests fail without the image's text", async () => {
    const { registry } = await import("../src/components/job-registry.js");
    new api.FlinkSqlJob("oi8-job", { statements: [datagenToBlackhole(api, "oi8")], kubernetes: k8s(pulumi.secret("reg/Team-Flink:2.1")) });
    const job = registry().jobs.find((j) => j.name === "oi8-job")!;
    let caught: { issues?: { path: string; message: string }[]; message?: string } | undefined;
    await (job.manifests!() as unknown as { promise(): Promise<unknown> }).promise().catch((e: { issues: { path: string; message: string }[] }) => (caught = e));
    expect(caught?.issues).to.deep.equal([{ path: "kubernetes.image", message: secretFindings("error") }]);
    expect(caught?.message).to.not.contain("Team");
    await new Promise((r) => setTimeout(r, 50));
    const rejected = drainUnhandled().map(String);
    expect(rejected.every((e) => e.includes("kubernetes.image") && !e.includes("Team"))).to.equal(true);
  });

  it("an official image without the job's connectors fails the FlinkDeployment's inputs once known, as a plain one fails the preview", async () => {
    const { registry } = await import("../src/components/job-registry.js");
    const cols = [{ name: "id", type: "BIGINT" }];
    const src = new api.FlinkTable("oi6_src", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("oi6_out", { columns: cols, options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", format: "json" } });
    const { logged } = await logging(() => new api.FlinkSqlJob("oi6-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id FROM ${src}`], kubernetes: k8s(pulumi.output("flink:2.1.1")) }));
    expect(logged).to.deep.equal([]);
    const job = registry().jobs.find((j) => j.name === "oi6-job")!;
    let caught: { issues?: { path: string; message: string }[] } | undefined;
    await (job.manifests!() as unknown as { promise(): Promise<unknown> }).promise().catch((e: { issues: { path: string; message: string }[] }) => (caught = e));
    expect(caught?.issues?.map((i) => i.path)).to.deep.equal(["kubernetes.image"]);
    expect(caught?.issues?.[0]?.message).to.match(/^"flink:2\.1\.1" is an official Flink image, whose lib\/ holds no connector but filesystem, datagen, print and blackhole, and the job uses FlinkTable "oi6_out" \(connector 'kafka'/);
    await new Promise((r) => setTimeout(r, 50));
    expect(drainUnhandled().map(String).every((e) => e.includes("kubernetes.image"))).to.equal(true);
  });
});
