/**
 * Pulumi serializes a dynamic provider (function serialization) and runs it in a separate Node
 * process without this repository's TypeScript loader. This test does the same: serialize the
 * provider, run the text in a plain `node` child process and create a job against the fake gateway.
 */
import { expect } from "chai";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { sqlGatewayProvider } from "../src/deploy/sql-gateway/provider.js";
import { FakeSqlGateway } from "./fakes/sql-gateway.js";

function runNode(file: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { env: { PATH: process.env.PATH ?? "" } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("SqlGatewayJob provider serialization", () => {
  it("serializes without requiring project files and runs in a plain node process: check, create, diff, update, read, delete, the duplicate guard, a failed restore, the start wait, the empty-state refusal", async () => {
    const sf = await pulumi.runtime.serializeFunction(() => sqlGatewayProvider, { allowSecrets: true });
    expect([...sf.text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).to.deep.equal([]);
    const dir = mkdtempSync(path.join(tmpdir(), "sqlgw-provider-"));
    // Statements pass through PENDING and RUNNING (the status poll's own sets are exercised).
    const fake = await FakeSqlGateway.start({ statuses: ["PENDING", "RUNNING"], poll: undefined } as never);
    // The third job waits through INITIALIZING; a restore from a missing path fails its INSERT.
    fake.cluster.startSequences.push(["RUNNING"], ["RUNNING"], ["INITIALIZING", "INITIALIZING", "RUNNING"]);
    fake.cluster.failingRestores.set("s3://b/sp/missing", "java.io.FileNotFoundException: Cannot find checkpoint or savepoint file/directory 's3://b/sp/missing' on file system 's3'.");
    try {
      writeFileSync(path.join(dir, "provider.js"), sf.text);
      writeFileSync(
        path.join(dir, "run.js"),
        `const p = require("./provider.js").handler();
         const ep = process.argv[2];
         const ins = { endpoint: ep, script: "INSERT INTO t SELECT 1;", flinkConfiguration: { "parallelism.default": "1" }, savepointDir: "s3://b/sp", jobName: "j (pulumi p/s)" };
         (async () => {
           const steps = {};
           steps.check = (await p.check({}, ins)).failures;
           const c = await p.create(ins);
           steps.create = c.outs.jobId;
           steps.diffSame = await p.diff("id", c.outs, ins);
           steps.diffRestore = await p.diff("id", { ...c.outs, jobStatus: "FAILED" }, { ...ins, allowNonRestoredState: true });
           steps.duplicate = await p.create(ins).then(() => "created", (e) => String(e).split(": a job named")[0] + " | " + (e.message.includes("is already RUNNING") ? "refused" : e.message));
           const u = await p.update("id", c.outs, { ...ins, script: "INSERT INTO t SELECT 2;" });
           steps.update = [u.outs.jobId, u.outs.savepointPath];
           steps.read = (await p.read("id", u.outs)).props.jobStatus;
           await p.delete("id", u.outs);
           steps.deleted = (await p.read("id", u.outs)).props.jobStatus;
           steps.restoreHint = await p.create({ ...ins, initialSavepointPath: "s3://b/sp/missing" }).then(() => "created", (e) => e.message.split("\\n").slice(-1)[0]);
           steps.startWait = (await p.create({ ...ins, jobName: undefined })).outs.jobStatus;
           steps.refusal = await p
             .update("id", u.outs, { ...ins, flinkConfiguration: { "execution.runtime-mode": "STREAMING" }, script: "INSERT INTO t SELECT 3;" })
             .then(() => "updated", (e) => (e.message.includes("no longer runs (FINISHED)") ? "refused" : e.message));
           console.log(JSON.stringify(steps));
         })().catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });`,
      );
      const { code, out } = await runNode(path.join(dir, "run.js"), [fake.endpoint]);
      expect({ code, steps: code === 0 ? (JSON.parse(out) as unknown) : out }).to.deep.equal({
        code: 0,
        steps: {
          check: [],
          create: "ffffffffffffffffffffffff00000001",
          diffSame: { changes: false, replaces: [], stables: ["jobId", "savepointPath"], deleteBeforeReplace: false },
          diffRestore: { changes: true, replaces: [], stables: [], deleteBeforeReplace: false },
          // Pulumi reports e.message: it must survive serialization (super(...) becomes Error.call(this, ...)).
          duplicate: `SqlGatewayError: SQL Gateway ${fake.endpoint} | refused`,
          update: ["ffffffffffffffffffffffff00000002", "s3://b/sp/savepoint-000001-sp1"],
          read: "RUNNING",
          deleted: "FINISHED",
          restoreHint:
            "  the restore from s3://b/sp/missing failed: there is no savepoint or retained checkpoint at that path (Flink reads its _metadata file); set sqlGateway.initialSavepointPath to one that exists",
          startWait: "RUNNING",
          refusal: "refused",
        },
      });
    } finally {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
