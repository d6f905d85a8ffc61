/**
 * synth finds a program's project and stack config as the Pulumi CLI does: Pulumi.yaml above an
 * entry named by `main`, the stack file by the stack's short name, and a misspelt --stack is an
 * error instead of a run without the stack's config (review finding).
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "../src/cli/args.js";
import { resolveProject } from "../src/cli/project.js";

describe("flink-iceberg synth: project and stack", () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-project-"));
    fs.writeFileSync(path.join(tmp, "Pulumi.yaml"), "name: lakehouse\nruntime: nodejs\nmain: src/index.ts\n");
    fs.writeFileSync(path.join(tmp, "Pulumi.dev.yaml"), "config:\n  lakehouse:image: registry.example.com/flink:2.1-prod\n");
    fs.writeFileSync(path.join(tmp, "Pulumi.prod.yaml"), "config:\n  lakehouse:image: registry.example.com/flink:2.1-prod2\n");
    fs.mkdirSync(path.join(tmp, "src"));
    fs.writeFileSync(path.join(tmp, "src", "index.ts"), "");
    fs.writeFileSync(path.join(tmp, "src", "other.ts"), "");
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("the entry named by main in a Pulumi.yaml above it belongs to that project and reads its stack config", () => {
    const viaEntry = resolveProject(path.join(tmp, "src", "index.ts"), "dev", {});
    const viaFolder = resolveProject(tmp, "dev", {});
    expect({ name: viaEntry.name, outName: viaEntry.outName, dir: viaEntry.dir, config: viaEntry.config }).to.deep.equal({
      name: "lakehouse",
      outName: "lakehouse",
      dir: tmp,
      config: { "lakehouse:image": "registry.example.com/flink:2.1-prod" },
    });
    expect(viaFolder.entry).to.equal(viaEntry.entry);
    // Another file of that folder is no project entry: its own folder, no project config.
    expect(resolveProject(path.join(tmp, "src", "other.ts"), "dev", {}).config).to.deep.equal({});
  });

  it("--stack org/project/stack names the stack by its last part; a --stack without a stack file next to others is an error", () => {
    const cmd = parseArgs(["synth", tmp, "--stack", "acme/lakehouse/prod"]);
    expect(cmd).to.deep.include({ stack: "prod", stackGiven: true });
    expect(resolveProject(tmp, "prod", {}, true).config).to.deep.equal({ "lakehouse:image": "registry.example.com/flink:2.1-prod2" });
    expect(() => resolveProject(tmp, "prdo", {}, true)).to.throw(`--stack prdo: there is no Pulumi.prdo.yaml in ${path.relative(process.cwd(), tmp)} (stack files: Pulumi.dev.yaml, Pulumi.prod.yaml); name one of those stacks, or create the file`);
    // The default stack (no --stack) without a file runs without stack config, as before.
    expect(resolveProject(tmp, "staging", {}).config).to.deep.equal({});
  });

  it("--name=value is --name value; an empty value, a --stack ending in / and --show-secrets=... are usage errors", () => {
    expect(parseArgs(["synth", tmp, "--out=build/jobs", "--stack=acme/lakehouse/prod", "--config=image=a=b", "--show-secrets"])).to.deep.equal({
      command: "synth",
      program: tmp,
      out: "build/jobs",
      stack: "prod",
      stackGiven: true,
      config: { image: "a=b" },
      showSecrets: true,
    });
    expect(() => parseArgs(["synth", tmp, "--out="])).to.throw("--out needs a value, got an empty one");
    expect(() => parseArgs(["synth", tmp, "--out", ""])).to.throw("--out needs a value, got an empty one");
    expect(() => parseArgs(["synth", tmp, "--stack", " "])).to.throw("--stack needs a value, got an empty one");
    expect(() => parseArgs(["synth", tmp, "--stack", "acme/lakehouse/"])).to.throw('--stack "acme/lakehouse/" names no stack (it ends with /)');
    expect(() => parseArgs(["synth", tmp, "--show-secrets=false"])).to.throw('--show-secrets takes no value (got "--show-secrets=false"): give --show-secrets alone');
    expect(() => parseArgs(["synth", tmp, "--outdir=x"])).to.throw("unknown option --outdir");
  });

  it("one config value given twice with different values is an error (also as key and project:key)", () => {
    expect(() => parseArgs(["synth", tmp, "--config", "image=a", "--config", "image=b"])).to.throw("--config image is given twice, with different values; give it once");
    expect(parseArgs(["synth", tmp, "--config", "image=a", "--config", "image=a"])).to.deep.include({ config: { image: "a" } });
    expect(() => resolveProject(tmp, "prod", { "lakehouse:image": "a", image: "b" }, true)).to.throw(
      "--config lakehouse:image and --config image set the same value (lakehouse:image) differently; give it once",
    );
    expect(resolveProject(tmp, "prod", { "lakehouse:image": "a", image: "a" }, true).config).to.deep.include({ "lakehouse:image": "a" });
  });
});
