/**
 * State backend names by Flink version (options/flink-option-types.ts STATE_BACKEND, flink
 * StateBackendLoader): Flink 1.19 / 1.20 read "hashmap", "rocksdb" and the deprecated "jobmanager"
 * and "filesystem"; Flink 2.0 / 2.1 read "hashmap", "rocksdb" and "forst" (FLINK-36374), having
 * removed the deprecated backends with their names (FLINK-36323). Any other name is loaded as a
 * StateBackendFactory class and fails the job. On a known flinkVersion (the Kubernetes target) a
 * name the version does not read is an error naming the version and the name to write; without one
 * every version's names pass. Checkpoint storage names ("jobmanager", "filesystem",
 * CheckpointStorageLoader) are the same on every version.
 */
import { expect } from "chai";
import { flinkOptionValueProblems } from "../src/options/flink-option-values.js";
import { computeJobConfig } from "../src/sql/job-config.js";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { validateSqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const FAILS = "the job fails when it starts";
const REMOVED = (value: string, key: string, v: "2.0" | "2.1") =>
  `${JSON.stringify(value)} is no value of ${key} on Flink ${v} (kubernetes.flinkVersion "v${v.replace(".", "_")}"): ` +
  'Flink 2.0 removed the deprecated MemoryStateBackend and FsStateBackend with their names "jobmanager" and "filesystem" (FLINK-36323), ' +
  `and Flink ${v} loads any other name as the class name of a StateBackendFactory, which fails (StateBackendLoader: "Cannot find configured state backend factory class: ${value}"), so ${FAILS}; ` +
  'write "hashmap" (the heap state backend both names stood for; where checkpoints go is execution.checkpointing.storage: "jobmanager" or "filesystem")';
const NOT_YET = (value: string, key: string, v: "1.19" | "1.20") =>
  `${JSON.stringify(value)} is no value of ${key} on Flink ${v} (kubernetes.flinkVersion "v${v.replace(".", "_")}"): ` +
  'the ForSt state backend and its name "forst" came with Flink 2.0 (StateBackendLoader, FLINK-36374), ' +
  `and Flink ${v} loads any other name as the class name of a StateBackendFactory, which fails (StateBackendLoader: "Cannot find configured state backend factory class: ${value}"), so ${FAILS}; ` +
  'write "rocksdb" (or "hashmap"), or use flinkVersion "v2_0" or later for ForSt';

describe("state backend names by Flink version", () => {
  it("on Flink 2.x, 'jobmanager' and 'filesystem' (any case, either key) are errors naming 'hashmap'; on 1.x, 'forst' is one naming 'rocksdb'", () => {
    expect(flinkOptionValueProblems("state.backend.type", "jobmanager", "v2_0")).to.deep.equal([{ level: "error", message: REMOVED("jobmanager", "state.backend.type", "2.0") }]);
    expect(flinkOptionValueProblems("state.backend", " FileSystem ", "v2_1")).to.deep.equal([{ level: "error", message: REMOVED("FileSystem", "state.backend", "2.1").replace('"FileSystem" is', '" FileSystem " is') }]);
    expect(flinkOptionValueProblems("state.backend.type", "forst", "v1_20")).to.deep.equal([{ level: "error", message: NOT_YET("forst", "state.backend.type", "1.20") }]);
    expect(flinkOptionValueProblems("state.backend", "ForSt", "v1_19")).to.deep.equal([{ level: "error", message: NOT_YET("ForSt", "state.backend", "1.19") }]);
  });

  it("an unknown name on a known version lists that version's names only; without a version, every version's", () => {
    expect(flinkOptionValueProblems("state.backend.type", "rocks", "v2_0")).to.deep.equal([
      {
        level: "error",
        message: `"rocks" is not a value of state.backend.type, which takes "hashmap", "rocksdb", "forst" on Flink 2.0 (any case), or the class name of a StateBackendFactory (StateBackendLoader: "Cannot find configured state backend factory class"), so ${FAILS}; did you mean "rocksdb"?`,
      },
    ]);
    expect(flinkOptionValueProblems("state.backend.type", "heap", "v1_20")).to.deep.equal([
      {
        level: "error",
        message: `"heap" is not a value of state.backend.type, which takes "hashmap", "rocksdb", "jobmanager", "filesystem" on Flink 1.20 (any case), or the class name of a StateBackendFactory (StateBackendLoader: "Cannot find configured state backend factory class"), so ${FAILS}; write one of them`,
      },
    ]);
    expect(flinkOptionValueProblems("state.backend.type", "heap")[0]!.message).to.include('takes "hashmap", "rocksdb", "forst", "jobmanager", "filesystem" (any case)');
  });

  it("valid neighbours stay quiet: each version's own names, class names, an unknown version, and checkpoint storage names on every version", () => {
    const quiet: [string, string, string | undefined][] = [
      ["state.backend.type", "hashmap", "v2_0"],
      ["state.backend.type", "rocksdb", "v2_1"],
      ["state.backend.type", "forst", "v2_0"],
      ["state.backend.type", "FORST", "v2_1"],
      ["state.backend.type", "hashmap", "v1_19"],
      ["state.backend.type", "RocksDB", "v1_20"],
      ["state.backend.type", "jobmanager", "v1_20"],
      ["state.backend", "filesystem", "v1_19"],
      ["state.backend.type", "org.apache.flink.state.forst.ForStStateBackendFactory", "v1_20"],
      ["state.backend.type", "com.acme.MemoryBackendFactory", "v2_1"],
      ["state.backend.type", "jobmanager", undefined],
      ["state.backend.type", "forst", undefined],
      ["execution.checkpointing.storage", "jobmanager", "v2_0"],
      ["execution.checkpointing.storage", "filesystem", "v2_1"],
      ["state.checkpoint-storage", "filesystem", "v1_19"],
      ["execution.checkpointing.storage", "JobManager", "v1_20"],
    ];
    for (const [key, value, version] of quiet) expect({ key, value, version, problems: flinkOptionValueProblems(key, value, version) }).to.deep.equal({ key, value, version, problems: [] });
  });

  it("an unknown checkpoint storage quotes CheckpointStorageLoader's own failure (it speaks of a state backend factory)", () => {
    expect(flinkOptionValueProblems("execution.checkpointing.storage", "s3", "v2_1")).to.deep.equal([
      {
        level: "error",
        message: `"s3" is not a value of execution.checkpointing.storage, which takes "jobmanager", "filesystem" (any case), or the class name of a CheckpointStorageFactory (CheckpointStorageLoader: "Cannot find configured state backend factory class"), so ${FAILS}; write one of them`,
      },
    ]);
  });
});

describe("state backend names where the version is known", () => {
  const k8s = (flinkVersion: KubernetesArgs["flinkVersion"], flinkConfiguration: Record<string, string> = {}): KubernetesArgs => ({
    image: "registry.example.com/flink-iceberg:x",
    flinkVersion,
    ...(flinkVersion.startsWith("v1") ? { sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" } } : {}),
    flinkConfiguration,
  });
  const facts: KubernetesJobFacts = { jobName: "j", runtimeMode: "streaming", bounded: false, parallelism: 1, flinkConfiguration: {}, needsFormatV3: false };

  it("kubernetes.flinkConfiguration is judged on the target's flinkVersion", () => {
    const diag = new Diagnostics();
    validateKubernetesArgs(k8s("v2_0", { "state.backend.type": "filesystem" }), facts, diag);
    expect(diag.errors).to.deep.equal([{ path: 'kubernetes.flinkConfiguration["state.backend.type"]', message: REMOVED("filesystem", "state.backend.type", "2.0") }]);
    const quiet = new Diagnostics();
    validateKubernetesArgs(k8s("v1_20", { "state.backend.type": "filesystem" }), facts, quiet);
    expect([...quiet.errors, ...quiet.warnings]).to.deep.equal([]);
  });

  it("the job's configuration is judged on its kubernetes.flinkVersion; computeJobConfig without a version and sqlGateway.sessionProperties stay permissive", async () => {
    const api: Api = await mockedApi();
    const cols = [{ name: "id", type: "BIGINT" }];
    const src = new api.FlinkTable("sbv_src", { columns: cols, options: { connector: "datagen" } });
    const out = new api.FlinkTable("sbv_out", { columns: cols, options: { connector: "blackhole" } });
    const job = (name: string, flinkVersion: KubernetesArgs["flinkVersion"], backend: string) => () =>
      new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`], configuration: { "state.backend.type": backend }, kubernetes: { namespace: "flink", ...k8s(flinkVersion) } });
    expect(issuesOf(job("sbv-21", "v2_1", "jobmanager"))).to.deep.equal([{ path: 'configuration["state.backend.type"]', message: REMOVED("jobmanager", "state.backend.type", "2.1") }]);
    expect(issuesOf(job("sbv-120", "v1_20", "forst"))).to.deep.equal([{ path: 'configuration["state.backend.type"]', message: NOT_YET("forst", "state.backend.type", "1.20") }]);
    expect(issuesOrNone(job("sbv-20", "v2_0", "forst"))).to.deep.equal([]);
    expect(issuesOrNone(job("sbv-119", "v1_19", "jobmanager"))).to.deep.equal([]);
    const noVersion = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "state.backend.type": "jobmanager" }, sinks: [], reads: [] }, noVersion);
    computeJobConfig({ runtimeMode: "streaming", configuration: { "state.backend.type": "forst" }, sinks: [], reads: [] }, noVersion);
    validateSqlGatewayArgs({ endpoint: "http://gateway:8083", sessionProperties: { "state.backend.type": "filesystem" } }, noVersion);
    expect([...noVersion.errors, ...noVersion.warnings]).to.deep.equal([]);
  });
});
