"use strict";
/**
 * One benchmark program under Pulumi's mock runtime (preview), run in a fresh process by run.cjs:
 *
 *   node --stack-trace-limit=0 bench/mock-program.cjs <variant> <N> <fixture.json> [dump.json]
 *
 * variant:
 *   package      N jobs with the package (dist/): IcebergSource + IcebergSink + FlinkSqlJob.
 *   capture      as package, then writes every registration (URN, inputs, component outputs) to
 *                <fixture.json>; run once, untimed, to feed the two programs below.
 *   baseline     the same registrations without the package: ComponentResource subclasses with the
 *                package's type tokens, names and parents, calling registerOutputs with the captured
 *                values, and the captured ConfigMap and FlinkDeployment inputs (pre-rendered script).
 *                Each job's objects are built inside the clock, just before the job registers them
 *                (a copy of the captured data, which is then dropped), as a program builds its
 *                object literals while it runs; the strings (script, names) are shared, not copied.
 *   baseline-preloaded
 *                the same, registering the captured objects themselves: every input exists (and
 *                has been promoted to V8's old space) before the clock starts. The bench's
 *                baseline until session 6, kept to compare with the earlier measurements.
 *   handwritten  only the ConfigMap and FlinkDeployment of each job, same inputs (built inside the
 *                clock like the baseline's), no components.
 *
 * Prints one JSON line: wall time (construction + until every registration has finished), the
 * construction part, and peak RSS. With [dump.json], also writes the registrations it made, so
 * run.cjs can check that the baseline registers exactly what the package registers.
 */
const fs = require("node:fs");
const path = require("node:path");
const { performance } = require("node:perf_hooks");

const [variant, nText, fixturePath, dumpPath] = process.argv.slice(2);
const N = Number(nText);
if (!["package", "capture", "baseline", "baseline-preloaded", "handwritten"].includes(variant) || !(N > 0)) {
  console.error("usage: mock-program.cjs package|capture|baseline|baseline-preloaded|handwritten <N> <fixture.json> [dump.json]");
  process.exit(2);
}

const pulumi = require("@pulumi/pulumi");
const k8s = require("@pulumi/kubernetes");

/** newResource inputs by URN-less key `type::name` (names are unique in this program). */
const recordedInputs = new Map();
const mocks = {
  newResource(args) {
    if (dumpPath || variant === "capture") recordedInputs.set(`${args.type}::${args.name}`, args.inputs);
    return { id: args.custom ? `${args.name}-id` : undefined, state: args.inputs };
  },
  call(args) {
    return args.inputs;
  },
};

/** An Output's value (the internal promise rejects instead of hanging when the Output failed). */
const settle = (o) => (pulumi.Output.isInstance(o) ? o.promise() : Promise.resolve(o));

const TYPE = {
  source: "flink-iceberg:index:IcebergSource",
  sink: "flink-iceberg:index:IcebergSink",
  job: "flink-iceberg:index:FlinkSqlJob",
};

/** A component with the package's type token that only registers the given outputs. */
class Registered extends pulumi.ComponentResource {
  constructor(type, name, outputs, opts) {
    super(type, name, {}, opts);
    this.registerOutputs(outputs);
  }
}

/** Job i's registrations without the package: the components (baseline only), the ConfigMap and the FlinkDeployment. */
function createRegisteredJob(f, n, withComponents) {
  const waits = [];
  let parent;
  if (withComponents) {
    const source = new Registered(TYPE.source, n.source, f.sourceOutputs);
    const sink = new Registered(TYPE.sink, n.sink, f.sinkOutputs);
    const job = new Registered(TYPE.job, n.job, f.jobOutputs);
    waits.push(source.urn, sink.urn, job.urn);
    parent = job;
  }
  const opts = parent ? { parent } : {};
  const cm = new k8s.core.v1.ConfigMap(`${n.job}-script`, f.configMapInputs, opts);
  const fd = new k8s.apiextensions.CustomResource(n.job, { ...f.deploymentInputs, status: undefined }, { ...opts, deleteBeforeReplace: true, dependsOn: [cm] });
  // The outputs the package variant reads (job.script, deployment.deploymentName and
  // deployment.scriptConfigMapName), derived as a program without the package would derive them.
  const script = Object.values(f.configMapInputs.data)[0];
  waits.push(cm.urn, fd.urn, pulumi.output(script), fd.metadata.apply((m) => m.name), cm.metadata.apply((m) => m.name));
  return { waits };
}

/**
 * Plain data copied as a program's object literals would create it: new arrays and objects,
 * the same strings. (The package variant's program creates its args inside the clock too.)
 */
function build(value) {
  if (Array.isArray(value)) return value.map(build);
  if (value === null || typeof value !== "object") return value;
  const out = {};
  for (const k of Object.keys(value)) out[k] = build(value[k]);
  return out;
}

/** Job i's registrations: built now (then the captured copy is dropped), or the pre-loaded objects. */
function jobData(fixture, i) {
  const f = fixture.jobs[i];
  if (variant === "baseline-preloaded") return f;
  fixture.jobs[i] = null;
  // The hand-written program registers only the two Kubernetes objects: it builds only their inputs.
  return variant === "handwritten" ? { configMapInputs: build(f.configMapInputs), deploymentInputs: build(f.deploymentInputs) } : build(f);
}

async function main() {
  await pulumi.runtime.setMocks(mocks, "bench", "bench", true);
  const workload = require("./workload.cjs");
  let pkg;
  let fixture;
  if (variant === "package" || variant === "capture") {
    pkg = require(path.join(process.env.BENCH_DIST ?? path.join(__dirname, "..", "dist"), "index"));
    // Load the Kubernetes classes the package uses, in all variants alike, before the clock starts.
    void k8s.core.v1.ConfigMap, k8s.apiextensions.CustomResource;
  } else {
    fixture = JSON.parse(fs.readFileSync(fixturePath, "utf8"));
    if (fixture.jobs.length < N) throw new Error(`fixture has ${fixture.jobs.length} jobs, need ${N}`);
    void k8s.core.v1.ConfigMap, k8s.apiextensions.CustomResource;
  }

  const waits = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    if (pkg) {
      const { source, sink, job } = workload.createJob(pkg, i);
      waits.push(source.urn, sink.urn, job.urn, job.script, job.deployment.deploymentName, job.deployment.scriptConfigMapName);
    } else {
      // Through a per-job function like the package's workload.createJob: Pulumi records the call
      // stack of every resource (Resource.callsites), so the user code must be equally deep.
      const r = createRegisteredJob(jobData(fixture, i), workload.names(i), variant !== "handwritten");
      waits.push(...r.waits);
    }
  }
  const constructed = performance.now();
  await Promise.all(waits.map(settle));
  await pulumi.runtime.waitForRPCs();
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);

  const registered = pulumi.runtime.getMonitor().getRegisteredResources();
  if (variant === "capture") writeFixture(registered, workload);
  if (dumpPath) writeDump(registered);
  const expected = variant === "handwritten" ? 2 * N : 5 * N;
  if (registered.size !== expected) throw new Error(`${variant}: registered ${registered.size} resources, expected ${expected}`);

  process.stdout.write(
    JSON.stringify({
      variant,
      n: N,
      wallMs: t1 - t0,
      constructMs: constructed - t0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      resources: registered.size,
    }) + "\n",
  );
}

function outputsOf(registered, type, name) {
  for (const [urn, r] of registered) {
    if (urn.endsWith(`::${name}`) && urn.split("::")[2].split("$").pop() === type) {
      return r.state && typeof r.state.toJavaScript === "function" ? r.state.toJavaScript() : r.state;
    }
  }
  throw new Error(`no ${type} ${name}`);
}

function writeFixture(registered, workload) {
  const jobs = [];
  for (let i = 0; i < N; i++) {
    const n = workload.names(i);
    const { apiVersion: _a, kind: _k, ...configMapInputs } = recordedInputs.get(`kubernetes:core/v1:ConfigMap::${n.job}-script`);
    jobs.push({
      sourceOutputs: outputsOf(registered, TYPE.source, n.source),
      sinkOutputs: outputsOf(registered, TYPE.sink, n.sink),
      jobOutputs: outputsOf(registered, TYPE.job, n.job),
      configMapInputs,
      deploymentInputs: recordedInputs.get(`kubernetes:flink.apache.org/v1beta1:FlinkDeployment::${n.job}`),
    });
  }
  fs.writeFileSync(fixturePath, JSON.stringify({ jobs }));
}

function writeDump(registered) {
  const out = [...registered.keys()].sort().map((urn) => {
    const r = registered.get(urn);
    const [, , typePath, name] = urn.split("::");
    const type = typePath.split("$").pop();
    const state = r.state && typeof r.state.toJavaScript === "function" ? r.state.toJavaScript() : undefined;
    return { urn, inputs: recordedInputs.get(`${type}::${name}`), outputs: state };
  });
  fs.writeFileSync(dumpPath, JSON.stringify(out, null, 1));
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
