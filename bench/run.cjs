"use strict";
/**
 * Runs every benchmark side by side, each configuration in a fresh child process, and prints a
 * Markdown results table (medians).  `npm run bench` builds dist/ first and runs this.
 *
 *   node bench/run.cjs [--runs=5] [--ns=10,100,1000] [--only=mock,core,cold] [--json=out.json]
 *
 * Every Pulumi child runs with --stack-trace-limit=0: Pulumi's debuggablePromise records
 * `new Error().stack` for every internal promise, which otherwise dominates the profile of every
 * variant alike (../shared/facts/toolchain.md §3).
 */
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const argv = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`bad argument ${a}`);
    return [m[1], m[2] ?? "true"];
  }),
);
const RUNS = Number(argv.runs ?? 5);
const NS = (argv.ns ?? "10,100,1000").split(",").map(Number);
const ONLY = new Set((argv.only ?? "mock,core,cold").split(","));
const NODE_FLAGS = ["--stack-trace-limit=0"];
const here = __dirname;
// BENCH_DIST: another build of the package (e.g. of an older commit, for before/after); default dist/.
const dist = path.join(process.env.BENCH_DIST ?? path.join(here, "..", "dist"), "index.js");
if (!fs.existsSync(dist)) {
  console.error("dist/index.js is missing: run `npm run build` first (or `npm run bench`, which does)");
  process.exit(2);
}

function child(script, args, flags = NODE_FLAGS) {
  const out = execFileSync(process.execPath, [...flags, path.join(here, script), ...args.map(String)], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = out.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const f0 = (x) => x.toFixed(0);
const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
const results = { machine: machine(), mock: [], core: undefined, cold: undefined };

function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpu: `${cpus[0]?.model ?? "?"} × ${cpus.length}`,
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()}`,
  };
}

function log(msg) {
  process.stderr.write(`${msg}\n`);
}

// 1. The package's own cost under mocks.
if (ONLY.has("mock")) {
  const fixture = path.join(os.tmpdir(), `pulumi-flink-iceberg-bench-${process.pid}.json`);
  const maxN = Math.max(...NS);
  try {
    log(`capturing the package's registrations for N = ${maxN} (untimed)`);
    child("mock-program.cjs", ["capture", maxN, fixture]);
    // The baseline must register exactly what the package registers: compare at a small N.
    const dumpP = `${fixture}.package.dump`;
    const dumpB = `${fixture}.baseline.dump`;
    const checkN = Math.min(10, maxN);
    child("mock-program.cjs", ["package", checkN, fixture, dumpP]);
    for (const b of ["baseline", "baseline-preloaded"]) {
      child("mock-program.cjs", [b, checkN, fixture, dumpB]);
      if (fs.readFileSync(dumpP, "utf8") !== fs.readFileSync(dumpB, "utf8")) {
        throw new Error(`the ${b} does not register what the package registers: diff ${dumpP} ${dumpB}`);
      }
      fs.rmSync(dumpB);
    }
    log(`baseline check: same URNs, inputs and component outputs as the package at N = ${checkN}`);
    fs.rmSync(dumpP);
    // One fixture per N (the first N jobs), so the baseline holds no more data than it registers.
    const all = JSON.parse(fs.readFileSync(fixture, "utf8"));
    for (const n of NS) fs.writeFileSync(`${fixture}.${n}`, JSON.stringify({ jobs: all.jobs.slice(0, n) }));
    for (const n of NS) {
      const runs = { package: [], baseline: [], "baseline-preloaded": [], handwritten: [] };
      // Interleaved, so drift of the machine hits every variant alike.
      for (let r = 0; r < RUNS; r++) {
        for (const v of Object.keys(runs)) runs[v].push(child("mock-program.cjs", [v, n, `${fixture}.${n}`]));
      }
      const m = {};
      for (const [v, rs] of Object.entries(runs)) {
        m[v] = {
          wallMs: median(rs.map((x) => x.wallMs)),
          constructMs: median(rs.map((x) => x.constructMs)),
          cpuMs: median(rs.map((x) => x.cpuMs)),
          peakRssMiB: median(rs.map((x) => x.peakRssMiB)),
          runs: rs,
        };
      }
      // Ratios per interleaved run (package run r against baseline run r, which ran right after it),
      // then their median: the machine's drift cancels within a pair. The spread is reported too.
      const pairs = (key, other) => runs.package.map((p, r) => p[key] / runs[other][r][key]);
      const wallPairs = pairs("wallMs", "baseline");
      const row = {
        n,
        ...m,
        ratioBaseline: median(wallPairs),
        ratioBaselineRange: [Math.min(...wallPairs), Math.max(...wallPairs)],
        ratioPreloaded: median(pairs("wallMs", "baseline-preloaded")),
        cpuRatioPreloaded: median(pairs("cpuMs", "baseline-preloaded")),
        ratioHandwritten: median(pairs("wallMs", "handwritten")),
        cpuRatioBaseline: median(pairs("cpuMs", "baseline")),
        rssRatioBaseline: m.package.peakRssMiB / m.baseline.peakRssMiB,
      };
      results.mock.push(row);
      log(`N = ${n}: package ${f0(m.package.wallMs)} ms, baseline ${f0(m.baseline.wallMs)} ms, hand-written ${f0(m.handwritten.wallMs)} ms (ratio ${f2(row.ratioBaseline)}; pre-loaded baseline ${f0(m["baseline-preloaded"].wallMs)} ms, ratio ${f2(row.ratioPreloaded)})`);
    }
  } finally {
    for (const f of [fixture, ...NS.map((n) => `${fixture}.${n}`)]) fs.rmSync(f, { force: true });
  }
}

// 2. Pure core.
if (ONLY.has("core")) {
  const rs = Array.from({ length: Math.max(RUNS, 7) }, () => child("pure-core.cjs", [10]));
  results.core = { coldMs: median(rs.map((r) => r.coldMs)), warmMedianMs: median(rs.map((r) => r.warmMedianMs)), runs: rs };
  log(`pure core: cold ${f1(results.core.coldMs)} ms, warm ${f1(results.core.warmMedianMs)} ms`);
}

// 3. Cold start (no --stack-trace-limit: nothing runs but module loading).
if (ONLY.has("cold")) {
  const whats = ["pulumi", "package", "pulumi+use", "package+use"];
  const rs = Object.fromEntries(whats.map((w) => [w, []]));
  for (let r = 0; r < Math.max(RUNS, 7); r++) for (const w of whats) rs[w].push(child("cold-start.cjs", [w], []));
  results.cold = Object.fromEntries(whats.map((w) => [w, { ms: median(rs[w].map((x) => x.ms)), peakRssMiB: median(rs[w].map((x) => x.peakRssMiB)) }]));
  log(`cold start: package ${f0(results.cold.package.ms)} ms vs @pulumi/pulumi + @pulumi/kubernetes ${f0(results.cold.pulumi.ms)} ms`);
}

// Report.
const out = [];
const mc = results.machine;
out.push(`Machine: ${mc.cpu}, ${mc.memoryGiB} GiB, ${mc.os}, Node ${mc.node}. Medians of ${RUNS} runs, each in a fresh process; ratios are the medians of the per-run ratios (package run r / baseline run r); Pulumi runs with --stack-trace-limit=0.`, "");
if (results.mock.length > 0) {
  out.push("| N jobs | package ms | baseline ms | hand-written ms | package / baseline (wall) | (range over the runs) | package / baseline (CPU) | package / pre-loaded baseline (wall, CPU) | package / hand-written | package RSS MiB | baseline RSS MiB | hand-written RSS MiB |");
  out.push("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of results.mock) {
    out.push(
      `| ${r.n} | ${f0(r.package.wallMs)} | ${f0(r.baseline.wallMs)} | ${f0(r.handwritten.wallMs)} | **${f2(r.ratioBaseline)}** | ${f2(r.ratioBaselineRange[0])}–${f2(r.ratioBaselineRange[1])} | ${f2(r.cpuRatioBaseline)} | ${f2(r.ratioPreloaded)}, ${f2(r.cpuRatioPreloaded)} | ${f2(r.ratioHandwritten)} | ${f0(r.package.peakRssMiB)} | ${f0(r.baseline.peakRssMiB)} | ${f0(r.handwritten.peakRssMiB)} |`,
    );
  }
  const at = (n) => results.mock.find((r) => r.n === n);
  if (at(100) && at(1000)) {
    out.push("", `Scaling: ratio at N = 1000 / ratio at N = 100 = **${f2(at(1000).ratioBaseline / at(100).ratioBaseline)}** wall, ${f2(at(1000).cpuRatioBaseline / at(100).cpuRatioBaseline)} CPU (goal ≤ 1.10); ratio at N = 1000 goal ≤ 1.15. Against the pre-loaded baseline: ${f2(at(1000).ratioPreloaded / at(100).ratioPreloaded)} wall.`);
  }
  out.push("", "Construction only (synchronous constructors, ms): " + results.mock.map((r) => `N = ${r.n}: package ${f0(r.package.constructMs)}, baseline ${f0(r.baseline.constructMs)}, pre-loaded baseline ${f0(r["baseline-preloaded"].constructMs)}, hand-written ${f0(r.handwritten.constructMs)}`).join("; "), "");
}
if (results.core) out.push(`Pure core (200 tables × 50 columns + 100 jobs): first run in a fresh process **${f1(results.core.coldMs)} ms**, warm median ${f1(results.core.warmMedianMs)} ms (goal < 100 ms).`, "");
if (results.cold) {
  const c = results.cold;
  out.push("| cold start | ms | ratio |", "| --- | ---: | ---: |");
  out.push(`| require @pulumi/pulumi + @pulumi/kubernetes | ${f0(c.pulumi.ms)} | 1.00 |`);
  out.push(`| require the package (dist/index.js) | ${f0(c.package.ms)} | **${f2(c.package.ms / c.pulumi.ms)}** |`);
  out.push(`| same + first use of ConfigMap and CustomResource | ${f0(c["pulumi+use"].ms)} | 1.00 |`);
  out.push(`| package + first use of ConfigMap and CustomResource | ${f0(c["package+use"].ms)} | **${f2(c["package+use"].ms / c["pulumi+use"].ms)}** |`);
}
console.log(out.join("\n"));
if (argv.json) fs.writeFileSync(argv.json, JSON.stringify(results, null, 2));
