/**
 * The Kubernetes target's state directories (checkpointDir, savepointDir, initialSavepointPath;
 * deploy/state-dirs.ts): a scheme, a bucket for object stores, not a file system's root.
 */
import { expect } from "chai";
import { run } from "./kubernetes-args-fixture.js";

describe("kubernetes state directories", () => {
  it("checkpointDir / savepointDir without a scheme, or the root of a file system, is an error (Flink refuses both when the job starts)", () => {
    const noScheme = (dir: string, what: string): string =>
      `${JSON.stringify(dir)} has no scheme, and Flink refuses a state directory without one ("The scheme (hdfs://, file://, etc) is null"): ` +
      `the job would fail when it starts; write e.g. s3://bucket/${what}, or file:///flink/${what} on a volume every Flink process mounts`;
    const root = (dir: string, what: string): string =>
      `${JSON.stringify(dir)} is the root of its file system, which Flink refuses as a state directory ("Cannot use the root directory for checkpoints"): write a folder below it, e.g. s3://bucket/${what}`;
    expect(run({ upgradeMode: "savepoint", checkpointDir: "/flink/checkpoints", savepointDir: "s3://lake/", allowNonRestoredState: true }).errors).to.deep.equal([
      { path: "kubernetes.checkpointDir", message: noScheme("/flink/checkpoints", "checkpoints") },
      { path: "kubernetes.savepointDir", message: root("s3://lake/", "savepoints") },
    ]);
    expect(run({ upgradeMode: "last-state", checkpointDir: "file:///", allowNonRestoredState: true }).errors).to.deep.equal([{ path: "kubernetes.checkpointDir", message: root("file:///", "checkpoints") }]);
    for (const checkpointDir of ["file:///flink/checkpoints", "hdfs:///cp", "s3a://lake/cp/", "gs://b/cp"]) {
      expect(run({ upgradeMode: "last-state", checkpointDir, allowNonRestoredState: true }).errors, checkpointDir).to.deep.equal([]);
    }
  });
  it("an object-store state directory without a bucket (s3a:/lake/sp, s3://, s3:///lake/cp) is an error naming the corrected URI; with one it stays quiet", () => {
    const noBucket = (dir: string, scheme: string, fix: string, form = `${scheme}://bucket/path`): string =>
      `${JSON.stringify(dir)} names no bucket or container: ${scheme} URIs take it after "//" (${form}), and Flink hands the URI's authority to the file system as the bucket, ` +
      `so the job would fail when it starts; write ${fix}`;
    expect(run({ upgradeMode: "savepoint", checkpointDir: "s3:///lake/cp", savepointDir: "s3a:/lake/sp", allowNonRestoredState: true }).errors).to.deep.equal([
      { path: "kubernetes.checkpointDir", message: noBucket("s3:///lake/cp", "s3", '"s3://lake/cp"') },
      { path: "kubernetes.savepointDir", message: noBucket("s3a:/lake/sp", "s3a", '"s3a://lake/sp"') },
    ]);
    expect(run({ upgradeMode: "last-state", checkpointDir: "s3://", allowNonRestoredState: true }).errors).to.deep.equal([
      { path: "kubernetes.checkpointDir", message: noBucket("s3://", "s3", '"s3://bucket/checkpoints"') },
    ]);
    expect(run({ upgradeMode: "last-state", checkpointDir: "gs:cp", allowNonRestoredState: true }).errors).to.deep.equal([
      { path: "kubernetes.checkpointDir", message: noBucket("gs:cp", "gs", '"gs://cp/checkpoints"') },
    ]);
    expect(run({ upgradeMode: "last-state", checkpointDir: "abfss:/flink/cp", allowNonRestoredState: true }).errors).to.deep.equal([
      { path: "kubernetes.checkpointDir", message: noBucket("abfss:/flink/cp", "abfss", '"abfss://flink@<account>.dfs.core.windows.net/cp"', "abfss://container@account.dfs.core.windows.net/path") },
    ]);
    expect(run({ initialSavepointPath: "oss:/lake/sp/savepoint-1" }).errors).to.deep.equal([
      { path: "kubernetes.initialSavepointPath", message: noBucket("oss:/lake/sp/savepoint-1", "oss", '"oss://lake/sp/savepoint-1"') },
    ]);
    for (const checkpointDir of ["s3a://lake/cp", "s3p://lake/cp", "gs://b/cp", "abfss://c@acct.dfs.core.windows.net/cp", "wasbs://c@acct.blob.core.windows.net/cp", "oss://b/cp", "hdfs:/flink/cp", "file:/flink/cp"]) {
      expect(run({ upgradeMode: "last-state", checkpointDir, initialSavepointPath: "s3://lake/sp/savepoint-1", allowNonRestoredState: true }).errors, checkpointDir).to.deep.equal([]);
    }
  });
});
