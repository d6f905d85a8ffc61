/**
 * `flink-iceberg synth` and acknowledged warnings: the summary's warnings column counts the open
 * warnings only, the acknowledged ones are not listed, and one line says how many each resource
 * acknowledged (src/cli/summary.ts). Exact lines.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { formatSummary } from "../src/cli/summary.js";
import { HEADER, program, runCli } from "./cli-helper.js";

describe("synth summary: acknowledged warnings", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-ack-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("formatSummary: one line with the count of each resource's acknowledged warnings; none without them", () => {
    const job = { name: "j", dir: path.join(process.cwd(), "out", "j"), tables: ["a", "b"], sinks: ["b"], runtimeMode: "streaming", checkpointInterval: "1min", target: "none", warnings: ['FlinkSqlJob "j": statements[0]: w'] };
    const base = { outDir: path.join(process.cwd(), "out"), jobs: [job], warnings: [], notes: [] };
    const lines = formatSummary({ ...base, acknowledged: [{ resource: 'IcebergSink "b"', count: 1 }, { resource: 'FlinkSqlJob "j"', count: 2 }] }).split("\n");
    expect(lines.slice(0, 5)).to.deep.equal([
      "job  tables  sinks  mode       checkpoint  target  warnings",
      "---  ------  -----  ---------  ----------  ------  --------",
      "j    2       b      streaming  1min        none    1",
      'warning: FlinkSqlJob "j": statements[0]: w',
      "3 acknowledged warning(s) not listed (acknowledgedWarnings; each resource's warnings lists them): IcebergSink \"b\" 1, FlinkSqlJob \"j\" 2",
    ]);
    expect(formatSummary(base).split("\n")[4]).to.equal("");
  });

  it("a program's acknowledged warnings are neither counted nor listed; its open and stale ones are", async () => {
    const dir = program(
      path.join(tmp, "acked"),
      HEADER +
        `const src = new FlinkTable("src", { columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], options: { connector: "datagen" } });
const lake = new IcebergSink("lake", { catalog: { name: "c", type: "rest", uri: "http://rest:8181" }, database: "d", table: "t",
  columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], partitionedBy: ["ts"], commitInterval: "30s",
  acknowledgedWarnings: [{ path: "partitionedBy[0]", reason: "a few rows a day" }] });
new FlinkSqlJob("j", { statements: [sql\`INSERT INTO \${lake} SELECT id, ts FROM \${src}\`], configuration: { "pipeline.nam": "x", "pipeline.auto-watermark-interval": "200" },
  acknowledgedWarnings: [{ path: 'configuration["pipeline.nam"]', reason: "read by our own plugin" }, { path: "parallelism", reason: "stale" }] });
`,
    );
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "acked-out")]);
    expect(r.code, r.stderr).to.equal(0);
    const lines = r.stdout.split("\n");
    expect(lines[2]).to.match(/^j +2 +lake +streaming +30s +none +2$/);
    expect(lines.filter((l) => l.startsWith("warning: "))).to.deep.equal([
      'warning: FlinkSqlJob "j": configuration["pipeline.auto-watermark-interval"]: "200" has no unit, so Flink reads it as milliseconds (200 ms); write "200ms" to say so, or "200s" if you mean seconds',
      'warning: FlinkSqlJob "j": acknowledgedWarnings[1]: acknowledges a warning at path parallelism that this resource does not give: the warning it was written for is gone (remove the entry), ' +
        'or its path or text is mistyped; the resource warns at configuration["pipeline.nam"], configuration["pipeline.auto-watermark-interval"]',
    ]);
    expect(lines.filter((l) => l.includes("acknowledged warning(s)"))).to.deep.equal([
      "2 acknowledged warning(s) not listed (acknowledgedWarnings; each resource's warnings lists them): IcebergSink \"lake\" 1, FlinkSqlJob \"j\" 1",
    ]);
  });
});
