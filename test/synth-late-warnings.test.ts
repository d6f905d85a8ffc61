/**
 * `flink-iceberg synth` lists and counts the warnings logged after construction
 * (src/components/late-warnings.ts): an Output kubernetes.image's, checked once its value is
 * known, in its job's row; a SqlGatewayJob's the program created itself, among the warnings of
 * resources outside the jobs. Before, synth hid them with the runtime's console lines. Exact lines.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { program, runCli } from "./cli-helper.js";

const HEADER = `import * as pulumi from "@pulumi/pulumi";\nimport { FlinkSqlJob, FlinkTable, IcebergSink, SqlGatewayJob, sql } from "pulumi-flink-iceberg";\n`;

describe("synth summary: warnings logged after construction", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-late-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("an Output image's warnings are in its job's row; a program's own SqlGatewayJob's are listed outside the jobs", async () => {
    const dir = program(
      path.join(tmp, "late"),
      HEADER +
        `const src = new FlinkTable("src", { columns: [{ name: "id", type: "BIGINT" }], options: { connector: "datagen" } });
const lake = new IcebergSink("lake", { catalog: { name: "c", type: "rest", uri: "http://rest:8181" }, database: "d", table: "t",
  columns: [{ name: "id", type: "BIGINT" }], commitInterval: "30s" });
new FlinkSqlJob("j", { statements: [sql\`INSERT INTO \${lake} SELECT id FROM \${src}\`],
  kubernetes: { namespace: "flink", image: pulumi.output("registry.example.com/jobs:iceberg-1.9-flink-2.0"), flinkVersion: "v2_1", upgradeMode: "stateless" } });
new SqlGatewayJob("gw", { endpoint: "http://gateway:8083/v1", script: "SELECT 1;" });
`,
    );
    const r = await runCli(["synth", dir, "--out", path.join(tmp, "late-out")]);
    expect(r.code, r.stderr).to.equal(0);
    const lines = r.stdout.split("\n");
    expect(lines[2]).to.match(/^j +2 +lake +streaming +30s +kubernetes +1$/);
    expect(lines.filter((l) => l.startsWith("warning: ") || l.includes("outside the jobs"))).to.deep.equal([
      'warning: FlinkSqlJob "j": kubernetes.image: the tag of "registry.example.com/jobs:iceberg-1.9-flink-2.0" reads as Flink 2.0, but flinkVersion is "v2_1": ' +
        "the script and configuration are checked and rendered for Flink 2.1 and the operator deploys the cluster as Flink 2.1, so what passes the preview may fail on Flink 2.0; " +
        'use a Flink 2.1 image (e.g. "registry.example.com/jobs:iceberg-1.9-flink-2.1"), or set flinkVersion "v2_0" if the image is what you mean ' +
        "(if 2.0 is the image's own version, not Flink's, acknowledge this warning with acknowledgedWarnings)",
      "1 warning(s) of resources outside the jobs above:",
      'warning: SqlGatewayJob "gw": endpoint: "http://gateway:8083/v1" ends in "/v1", which reads as a SQL Gateway REST API version: ' +
        'the provider keeps the endpoint\'s path as a prefix and adds the version and resource itself, asking for "http://gateway:8083/v1/api_versions" and e.g. "http://gateway:8083/v1/v2/sessions". ' +
        'That is right when a reverse proxy serves the gateway\'s root under "/v1" (then acknowledge this warning with acknowledgedWarnings); ' +
        'if the URL points at the gateway\'s own /v1 API, the gateway answers HTTP 404: write the gateway\'s base URL "http://gateway:8083"',
    ]);
  });
});
