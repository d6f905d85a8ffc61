/**
 * The benchmarks are not tests (BENCHMARKS.md), but they must keep running against the package's
 * current internals: this runs each bench script once, tiny, on the TypeScript sources (tsx;
 * BENCH_DIST=src), and checks that the baseline program registers exactly what the package
 * registers, which is what makes the package / baseline ratio mean something.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./cli-helper.js";

const run = promisify(execFile);
const BENCH = path.join(ROOT, "bench");

/** Runs a bench script on the sources; returns its last stdout line as JSON. */
async function bench(script: string, args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--stack-trace-limit=0", path.join(BENCH, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DIST: path.join(ROOT, "src") },
    maxBuffer: 16 * 1024 * 1024,
  });
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>;
}

describe("bench scripts (smoke, on the sources)", function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-bench-"));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("pure-core validates and renders its 200 tables and 100 jobs", async () => {
    const r = await bench("pure-core.cjs", ["1"]);
    expect(r["outputBytes"]).to.be.a("number").greaterThan(100_000);
    expect(r["coldMs"]).to.be.a("number");
  });

  it("mock-program: both baselines register the package's URNs, inputs and component outputs; hand-written only the two Kubernetes objects", async () => {
    const fixture = path.join(dir, "fixture.json");
    await bench("mock-program.cjs", ["capture", "3", fixture]);
    const pkg = await bench("mock-program.cjs", ["package", "3", fixture, `${fixture}.package`]);
    const base = await bench("mock-program.cjs", ["baseline", "3", fixture, `${fixture}.baseline`]);
    const pre = await bench("mock-program.cjs", ["baseline-preloaded", "3", fixture, `${fixture}.preloaded`]);
    const hand = await bench("mock-program.cjs", ["handwritten", "3", fixture]);
    expect([pkg["resources"], base["resources"], pre["resources"], hand["resources"]]).to.deep.equal([15, 15, 15, 6]);
    const dumped = JSON.parse(fs.readFileSync(`${fixture}.package`, "utf8")) as { urn: string }[];
    expect(dumped.map((r) => r.urn.split("::").pop())).to.include.members(["events-0-src", "events-0-out", "events-0", "events-0-script"]);
    expect(fs.readFileSync(`${fixture}.baseline`, "utf8")).to.equal(fs.readFileSync(`${fixture}.package`, "utf8"));
    expect(fs.readFileSync(`${fixture}.preloaded`, "utf8")).to.equal(fs.readFileSync(`${fixture}.package`, "utf8"));
  });

  it("cold-start loads the package", async () => {
    const r = await bench("cold-start.cjs", ["package"]);
    expect(r["ms"]).to.be.a("number");
  });
});
