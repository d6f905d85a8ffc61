/**
 * State directories set through configuration keys (deploy/state-dirs.ts stateDirKeyProblem, read
 * by options/flink-option-values.ts): the checkpoint and savepoint directory keys in every spelling
 * get the checks of kubernetes.checkpointDir / savepointDir (a scheme, a bucket for object stores,
 * not a file system's root), `high-availability.storageDir` the bucket check only; with the props'
 * messages, at the key's path, in the job's configuration, kubernetes.flinkConfiguration and
 * sqlGateway.sessionProperties. Valid neighbours stay quiet: `s3://bucket/x`, `file:///x`,
 * `hdfs:///x` (no authority: the cluster's default name node), a schemeless HA directory.
 */
import { expect } from "chai";
import { flinkOptionValueProblems } from "../src/options/flink-option-values.js";
import { stateDirKeyProblem } from "../src/deploy/state-dirs.js";
import { validateSqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { run } from "./kubernetes-args-fixture.js";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const noBucket = (dir: string, scheme: string, fix: string): string =>
  `${JSON.stringify(dir)} names no bucket or container: ${scheme} URIs take it after "//" (${scheme}://bucket/path), and Flink hands the URI's authority to the file system as the bucket, ` +
  `so the job would fail when it starts; write ${fix}`;
const noScheme = (dir: string, what: string): string =>
  `${JSON.stringify(dir)} has no scheme, and Flink refuses a state directory without one ("The scheme (hdfs://, file://, etc) is null"): ` +
  `the job would fail when it starts; write e.g. s3://bucket/${what}, or file:///flink/${what} on a volume every Flink process mounts`;
const root = (dir: string, what: string): string =>
  `${JSON.stringify(dir)} is the root of its file system, which Flink refuses as a state directory ("Cannot use the root directory for checkpoints"): write a folder below it, e.g. s3://bucket/${what}`;

describe("state directories set through configuration keys", () => {
  it("every spelling of the checkpoint and savepoint directory keys gets the props' messages; high-availability.storageDir the bucket check", () => {
    expect(stateDirKeyProblem("state.checkpoints.dir", "s3a:/lake/x")).to.equal(noBucket("s3a:/lake/x", "s3a", '"s3a://lake/x"'));
    expect(stateDirKeyProblem("execution.checkpointing.dir", "s3:///lake/cp")).to.equal(noBucket("s3:///lake/cp", "s3", '"s3://lake/cp"'));
    expect(stateDirKeyProblem("state.savepoints.dir", "s3:///x")).to.equal(noBucket("s3:///x", "s3", '"s3://x/savepoints"'));
    expect(stateDirKeyProblem("execution.checkpointing.savepoint-dir", "gs:/lake/sp")).to.equal(noBucket("gs:/lake/sp", "gs", '"gs://lake/sp"'));
    expect(stateDirKeyProblem("savepoints.state.backend.fs.dir", "s3://")).to.equal(noBucket("s3://", "s3", '"s3://bucket/savepoints"'));
    expect(stateDirKeyProblem("high-availability.storageDir", "s3a:/lake/ha")).to.equal(noBucket("s3a:/lake/ha", "s3a", '"s3a://lake/ha"'));
    expect(stateDirKeyProblem("high-availability.storageDir", "s3://")).to.equal(noBucket("s3://", "s3", '"s3://bucket/ha"'));
    expect(stateDirKeyProblem("state.checkpoints.dir", "/flink/checkpoints")).to.equal(noScheme("/flink/checkpoints", "checkpoints"));
    expect(stateDirKeyProblem("execution.checkpointing.savepoint-dir", "s3://lake")).to.equal(root("s3://lake", "savepoints"));
    expect(flinkOptionValueProblems("state.checkpoints.dir", "s3a:/lake/x")).to.deep.equal([{ level: "error", message: noBucket("s3a:/lake/x", "s3a", '"s3a://lake/x"') }]);
  });

  it("valid neighbours stay quiet: a bucket, file:///, hdfs:/// (no authority), a schemeless or root HA directory, other keys, and the 1.20 names on Flink 1.19 (not read there)", () => {
    const quiet: [string, string, string?][] = [
      ["state.checkpoints.dir", "s3://bucket/x"],
      ["execution.checkpointing.dir", "file:///x"],
      ["execution.checkpointing.dir", "hdfs:///x"],
      ["state.savepoints.dir", "s3a://lake/sp/"],
      ["execution.checkpointing.savepoint-dir", "abfss://c@acct.dfs.core.windows.net/sp"],
      ["high-availability.storageDir", "s3://lake/ha"],
      ["high-availability.storageDir", "hdfs:///flink/ha"],
      ["high-availability.storageDir", "/flink/ha"],
      ["high-availability.storageDir", "s3://lake"],
      ["high-availability.cluster-id", "s3a:/lake"],
      ["pipeline.name", "s3:///x"],
      ["execution.checkpointing.dir", "s3:///x", "v1_19"],
    ];
    for (const [key, value, version] of quiet) {
      expect({ key, value, problems: flinkOptionValueProblems(key, value, version) }).to.deep.equal({ key, value, problems: [] });
    }
    expect(flinkOptionValueProblems("state.checkpoints.dir", "s3:///x", "v1_19")).to.deep.equal([{ level: "error", message: noBucket("s3:///x", "s3", '"s3://x/checkpoints"') }]);
  });

  it("sqlGateway.sessionProperties: an error at its key; a bucket stays quiet", () => {
    const diag = new Diagnostics();
    validateSqlGatewayArgs({ endpoint: "http://gateway:8083", sessionProperties: { "state.checkpoints.dir": "s3a:/lake/x", "high-availability.storageDir": "s3:///x" } }, diag);
    expect(diag.errors).to.deep.equal([
      { path: 'sessionProperties["state.checkpoints.dir"]', message: noBucket("s3a:/lake/x", "s3a", '"s3a://lake/x"') },
      { path: 'sessionProperties["high-availability.storageDir"]', message: noBucket("s3:///x", "s3", '"s3://x/ha"') },
    ]);
    const quiet = new Diagnostics();
    validateSqlGatewayArgs({ endpoint: "http://gateway:8083", sessionProperties: { "state.checkpoints.dir": "s3a://lake/x", "high-availability.storageDir": "hdfs:///x" } }, quiet);
    expect([...quiet.errors, ...quiet.warnings]).to.deep.equal([]);
  });

  it("kubernetes.flinkConfiguration: high-availability.storageDir without a bucket is an error at its key (the directory keys there keep their own error: set them with checkpointDir / savepointDir)", () => {
    expect(run({ flinkConfiguration: { "high-availability.type": "kubernetes", "high-availability.storageDir": "s3a:/lake/ha" } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["high-availability.storageDir"]', message: noBucket("s3a:/lake/ha", "s3a", '"s3a://lake/ha"') },
    ]);
    expect(run({ flinkConfiguration: { "state.checkpoints.dir": "s3a:/lake/cp" } }).errors).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["state.checkpoints.dir"]', message: "set the checkpoint directory with kubernetes.checkpointDir, which writes it under the key name of the chosen Flink version" },
    ]);
    expect(run({ flinkConfiguration: { "high-availability.type": "kubernetes", "high-availability.storageDir": "s3a://lake/ha" } }).errors).to.deep.equal([]);
  });

  describe("through FlinkSqlJob", () => {
    let api: Api;
    before(async () => (api = await mockedApi()));
    let n = 0;
    const job = (configuration: Record<string, string>, target: "sqlGateway" | "kubernetes" = "sqlGateway") => () => {
      n++;
      const cols = [{ name: "id", type: "BIGINT" }];
      const src = new api.FlinkTable(`csd_src${n}`, { columns: cols, options: { connector: "datagen" } });
      const out = new api.FlinkTable(`csd_out${n}`, { columns: cols, options: { connector: "blackhole" } });
      const deploy =
        target === "sqlGateway"
          ? { sqlGateway: { endpoint: "http://gateway:8083" } }
          : { kubernetes: { namespace: "flink", image: "registry.example.com/flink-iceberg:x", flinkVersion: "v2_1" as const } };
      return new api.FlinkSqlJob(`csd${n}`, { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src}`], configuration, ...deploy });
    };

    it("the job's configuration: each directory key without a bucket is an error at configuration[key], with the URI to write", () => {
      expect(issuesOf(job({ "state.checkpoints.dir": "s3a:/lake/x", "execution.checkpointing.savepoint-dir": "s3:///lake/sp", "high-availability.storageDir": "s3:///ha" }))).to.deep.equal([
        { path: 'configuration["state.checkpoints.dir"]', message: noBucket("s3a:/lake/x", "s3a", '"s3a://lake/x"') },
        { path: 'configuration["execution.checkpointing.savepoint-dir"]', message: noBucket("s3:///lake/sp", "s3", '"s3://lake/sp"') },
        { path: 'configuration["high-availability.storageDir"]', message: noBucket("s3:///ha", "s3", '"s3://ha/ha"') },
      ]);
      expect(issuesOf(job({ "execution.checkpointing.dir": "s3:///x" }, "kubernetes"))).to.deep.equal([
        { path: 'configuration["execution.checkpointing.dir"]', message: noBucket("s3:///x", "s3", '"s3://x/checkpoints"') },
      ]);
    });

    it("valid neighbours in the job's configuration stay quiet", () => {
      expect(issuesOrNone(job({ "state.checkpoints.dir": "s3://bucket/x", "execution.checkpointing.savepoint-dir": "file:///flink/sp", "high-availability.storageDir": "hdfs:///flink/ha" }))).to.deep.equal([]);
      expect(issuesOrNone(job({ "execution.checkpointing.dir": "hdfs:///x" }, "kubernetes"))).to.deep.equal([]);
    });
  });
});
