/**
 * The README's worked credentials example (Credentials section): a Pulumi secret into a Kubernetes
 * Secret with a fixed metadata.name, named by kubernetes.envFromSecrets, the job ordered after it
 * with dependsOn. The block is test/readme-credentials-program.ts word for word, which `npm test`'s
 * tsc step type-checks; here it is compared with the README and synthesized as written.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT, runCli } from "./cli-helper.js";

const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
const PROGRAM = path.join(ROOT, "test", "readme-credentials-program.ts");

describe("README: the worked credentials example", function () {
  this.timeout(120_000);

  it("is test/readme-credentials-program.ts, which tsc type-checks", () => {
    const block = /```ts\n(import \* as pulumi from "@pulumi\/pulumi";\nimport \* as k8s[\s\S]*?)```/.exec(README)?.[1];
    expect(block, "the Credentials section's TypeScript block").to.be.a("string");
    expect(block).to.equal(fs.readFileSync(PROGRAM, "utf8"));
    expect(block).to.contain('envFromSecrets: { AWS_ACCESS_KEY_ID: { secretName: S3_SECRET, key: "access-key-id" }').and.contain("{ dependsOn: [s3] }");
  });

  it("synths as written with the two config values: the job, no error, no warning, the Secret's name in the manifest", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-readme-credentials-"));
    try {
      fs.copyFileSync(PROGRAM, path.join(dir, "credentials.ts"));
      const r = await runCli(["synth", path.join(dir, "credentials.ts"), "--out", path.join(dir, "out"), "--config", "s3AccessKeyId=AKIAEXAMPLE", "--config", "s3SecretAccessKey=not-a-real-key"]);
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/^clicks-to-lake\s.*\s0$/m);
      expect(r.stdout + r.stderr).to.not.match(/warning\(s\)|warning:|error/i);
      const manifests = fs.readdirSync(path.join(dir, "out", "clicks-to-lake")).map((f) => fs.readFileSync(path.join(dir, "out", "clicks-to-lake", f), "utf8")).join("\n");
      expect(manifests).to.contain("lakehouse-s3").and.not.contain("not-a-real-key");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
