/**
 * synth's summary shows the checkpoint interval a job really runs with (new-user trial v58/w29: a
 * streaming Kafka-to-JDBC job with upgradeMode "last-state" and no interval showed `-`, while the
 * Flink Kubernetes Operator checkpoints it every 5 minutes: operator-checkpoints.ts).
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { HEADER, program, runCli } from "./cli-helper.js";
import { summaryCheckpointInterval } from "../src/cli/synth.js";

describe("synth's checkpoint column", function () {
  this.timeout(120_000);

  it("the rendered interval; the operator's 5min for a streaming last-state job without one; `-` otherwise", () => {
    const job = { runtimeMode: "streaming" as const, target: "kubernetes" as const, checkpointInterval: undefined };
    expect(summaryCheckpointInterval({ ...job, upgradeMode: "last-state" })).to.equal("5min (operator)");
    // The operator sets its default for last-state only (FlinkConfigBuilder): a savepoint job without an interval takes no periodic checkpoints.
    expect(summaryCheckpointInterval({ ...job, upgradeMode: "savepoint" })).to.equal("-");
    expect(summaryCheckpointInterval({ ...job, upgradeMode: "stateless" })).to.equal("-");
    // A job's own interval wins (the operator only fills a missing one).
    expect(summaryCheckpointInterval({ ...job, upgradeMode: "last-state", checkpointInterval: "30s" })).to.equal("30s");
    // A batch job takes no checkpoints; the other targets have no operator.
    expect(summaryCheckpointInterval({ ...job, runtimeMode: "batch", upgradeMode: "last-state" })).to.equal("-");
    // Also with an interval in its configuration (the final trial's p48: it showed 1min).
    expect(summaryCheckpointInterval({ ...job, runtimeMode: "batch", upgradeMode: "stateless", checkpointInterval: "1min" })).to.equal("-");
    expect(summaryCheckpointInterval({ runtimeMode: "streaming", target: "sql-gateway", checkpointInterval: undefined })).to.equal("-");
    expect(summaryCheckpointInterval({ runtimeMode: "streaming", target: "none", checkpointInterval: undefined })).to.equal("-");
  });

  it("a program's summary: the Kafka-to-JDBC last-state job shows 5min (operator), its manifest renders no interval", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-ckpt-"));
    try {
      const dir = program(
        path.join(tmp, "prog"),
        HEADER +
          `const cols = [{ name: "sku", type: "STRING NOT NULL" }, { name: "price", type: "DECIMAL(10, 2)" }];
const k8s = { namespace: "flink", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1" as const, checkpointDir: "s3://b/ck", allowNonRestoredState: true };
const src = new FlinkTable("cdc", { columns: cols, primaryKey: ["sku"], options: { connector: "kafka", topic: "p", "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset", format: "debezium-json" } });
const pg = new FlinkTable("pg", { columns: cols, primaryKey: ["sku"], options: { connector: "jdbc", url: "jdbc:postgresql://pg:5432/shop", "table-name": "products" } });
new FlinkSqlJob("to-pg", { statements: [sql\`INSERT INTO \${pg} SELECT sku, price FROM \${src}\`], kubernetes: { ...k8s, upgradeMode: "last-state" } });
new FlinkSqlJob("to-pg-sp", { statements: [sql\`INSERT INTO \${pg} SELECT sku, price FROM \${src}\`], kubernetes: { ...k8s, upgradeMode: "savepoint", savepointDir: "s3://b/sp" } });
`,
      );
      const out = path.join(tmp, "out");
      const r = await runCli(["synth", dir, "--out", out]);
      expect(r.code, r.stderr).to.equal(0);
      const rows = r.stdout.split("\n").filter((l) => l.startsWith("to-pg"));
      expect(rows).to.deep.equal([
        "to-pg     2       pg     streaming  5min (operator)  kubernetes  0",
        "to-pg-sp  2       pg     streaming  -                kubernetes  0",
      ]);
      // The operator adds the interval when it builds the deployment's configuration: no rendered file sets it.
      expect(fs.readFileSync(path.join(out, "to-pg", "manifests.yaml"), "utf8")).not.to.contain("execution.checkpointing.interval");
      expect(fs.readFileSync(path.join(out, "to-pg", "job.sql"), "utf8")).not.to.contain("execution.checkpointing.interval");
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
