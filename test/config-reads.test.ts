import { expect } from "chai";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { trackConfigReads, wasRead, type ConfigReads } from "../src/cli/config-reads.js";

/** A stand-in for a second copy of @pulumi/pulumi's runtime/config module, as a program's own node_modules holds it. */
const madeDirs: string[] = [];

function secondCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "config-reads-"));
  madeDirs.push(dir);
  const runtime = path.join(dir, "node_modules", "@pulumi", "pulumi", "runtime");
  fs.mkdirSync(runtime, { recursive: true });
  fs.writeFileSync(path.join(runtime, "config.js"), 'exports.getConfig = (k) => "v:" + k;\nexports.allConfig = () => ({ "p:a": "1" });\n');
  fs.writeFileSync(path.join(dir, "node_modules", "@pulumi", "pulumi", "config.js"), 'const c = require("./runtime/config");\nexports.get = (k) => c.getConfig(k);\n');
  return dir;
}

describe("config-reads: which config keys a program reads (synth's note on encrypted values)", () => {
  after(() => {
    for (const dir of madeDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("records getConfig keys and allConfig on the loaded copy and on a copy the program loads later; restores both", () => {
    const calls: string[] = [];
    const loaded = { getConfig: (k: string) => (calls.push(k), `own:${k}`), allConfig: () => ({}) };
    const originalGet = loaded.getConfig;
    const reads: ConfigReads = { keys: new Set(), all: false };
    const dir = secondCopy();
    const req = createRequire(path.join(dir, "index.js"));
    const stop = trackConfigReads(reads, [loaded]);
    try {
      expect(loaded.getConfig("prog:a")).to.equal("own:prog:a");
      const copy = req("@pulumi/pulumi/config.js") as { get: (k: string) => string };
      expect(copy.get("prog:b")).to.equal("v:prog:b");
      expect([...reads.keys]).to.deep.equal(["prog:a", "prog:b"]);
      expect(reads.all).to.equal(false);
      expect(wasRead(reads, "prog:b")).to.equal(true);
      expect(wasRead(reads, "prog:c")).to.equal(false);
      (req("@pulumi/pulumi/runtime/config.js") as { allConfig: () => unknown }).allConfig();
      expect(wasRead(reads, "prog:c")).to.equal(true);
    } finally {
      stop();
    }
    expect(loaded.getConfig).to.equal(originalGet);
    const copy = req("@pulumi/pulumi/runtime/config.js") as { getConfig: (k: string) => string };
    copy.getConfig("prog:after");
    expect(reads.keys.has("prog:after")).to.equal(false);
    expect(calls).to.deep.equal(["prog:a"]);
  });
});
