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
  it("serializes without requiring project files and runs in a plain node process", async () => {
    const sf = await pulumi.runtime.serializeFunction(() => sqlGatewayProvider, { allowSecrets: true });
    expect([...sf.text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).to.deep.equal([]);
    const dir = mkdtempSync(path.join(tmpdir(), "sqlgw-provider-"));
    const fake = await FakeSqlGateway.start({ statuses: [] });
    try {
      writeFileSync(path.join(dir, "provider.js"), sf.text);
      writeFileSync(
        path.join(dir, "run.js"),
        `const p = require("./provider.js").handler();
         p.create({ endpoint: process.argv[2], script: "INSERT INTO t SELECT 1;", flinkConfiguration: { "parallelism.default": "1" } })
           .then((r) => console.log(JSON.stringify(r.outs)), (e) => { console.error(String(e)); process.exit(1); });`,
      );
      const { code, out } = await runNode(path.join(dir, "run.js"), [fake.endpoint]);
      expect({ code, outs: JSON.parse(out) as unknown }).to.deep.equal({
        code: 0,
        outs: { endpoint: fake.endpoint, script: "INSERT INTO t SELECT 1;", flinkConfiguration: { "parallelism.default": "1" }, jobId: "ffffffffffffffffffffffff00000001", jobStatus: "RUNNING", warnings: [] },
      });
    } finally {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
