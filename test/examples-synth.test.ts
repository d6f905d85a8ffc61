/**
 * End-to-end: `flink-iceberg synth` on every example, in a child process as a user runs it, into
 * a temp folder; the files must equal the checked-in expected files under test/expected/ (read by
 * hand once for correctness), each job.sql must pass dt-sql-parser's FlinkSQL grammar, each
 * FlinkDeployment must validate against the operator's CRD schema, and each Iceberg schema and
 * partition spec against the Iceberg REST catalog spec.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseAllDocuments } from "yaml";
import { ROOT, runCli } from "./cli-helper.js";
import { crdSchemaAvailable, CRD_SCHEMA_SKIP_REASON, validateFlinkDeployment } from "./crd-schema.js";
import { ICEBERG_REST_SKIP_REASON, icebergRestSpecAvailable, icebergSchemaProblems, partitionSpecProblems } from "./iceberg-rest-schema.js";
import { expectValidFlinkSql } from "./sql-validate.js";

const EXPECTED = path.join(ROOT, "test", "expected");

const EXAMPLES: { example: string; jobs: string[] }[] = [
  { example: "quickstart", jobs: ["orders-ingest"] },
  { example: "kafka-cdc", jobs: ["customers-cdc-ingest"] },
  { example: "iceberg-copy", jobs: ["events-backfill"] },
  { example: "iceberg-windows", jobs: ["page-views-hourly"] },
];
const FILES = ["job.sql", "manifests.yaml", "iceberg-schemas.json", "iceberg-partition-specs.json"];

describe("examples: flink-iceberg synth end to end", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-synth-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  for (const { example, jobs } of EXAMPLES) {
    describe(example, () => {
      const out = path.join(tmp, example);
      let result: { code: number; stdout: string; stderr: string };
      before(async () => {
        result = await runCli(["synth", path.join("examples", example), "--out", out]);
      });

      it("synths with no flags and prints the summary", () => {
        expect(result.code, result.stderr).to.equal(0);
        for (const job of jobs) expect(result.stdout).to.match(new RegExp(`^${job}\\s`, "m"));
        expect(fs.readdirSync(out).sort()).to.deep.equal([".flink-iceberg-synth", ...jobs].sort());
      });

      for (const job of jobs) {
        for (const file of FILES) {
          it(`${job}/${file} equals the expected file`, () => {
            const actual = fs.readFileSync(path.join(out, job, file), "utf8");
            const expected = fs.readFileSync(path.join(EXPECTED, example, job, file), "utf8");
            if (file.endsWith(".json")) expect(JSON.parse(actual)).to.deep.equal(JSON.parse(expected));
            else expect(actual).to.equal(expected);
          });
        }

        it(`${job}/job.sql passes the FlinkSQL grammar`, () => {
          expectValidFlinkSql(fs.readFileSync(path.join(out, job, "job.sql"), "utf8"));
        });

        it(`${job}/manifests.yaml validates against the FlinkDeployment CRD`, function () {
          if (!crdSchemaAvailable) this.skip();
          const docs = parseAllDocuments(fs.readFileSync(path.join(out, job, "manifests.yaml"), "utf8")).map((d) => d.toJS() as { kind: string });
          expect(docs.map((d) => d.kind)).to.deep.equal(["ConfigMap", "FlinkDeployment"]);
          expect(validateFlinkDeployment(docs[1])).to.deep.equal([]);
        });

        it(`${job}: every Iceberg schema and partition spec validates against the Iceberg REST catalog spec`, function () {
          if (!icebergRestSpecAvailable) this.skip();
          const schemas = JSON.parse(fs.readFileSync(path.join(out, job, "iceberg-schemas.json"), "utf8")) as Record<string, unknown>;
          const specs = JSON.parse(fs.readFileSync(path.join(out, job, "iceberg-partition-specs.json"), "utf8")) as Record<string, unknown>;
          expect(Object.keys(specs).sort()).to.deep.equal(Object.keys(schemas).sort());
          for (const [table, schema] of Object.entries(schemas)) expect(icebergSchemaProblems(schema), table).to.deep.equal([]);
          for (const [table, spec] of Object.entries(specs)) expect(partitionSpecProblems(spec), table).to.deep.equal([]);
        });
      }
    });
  }

  if (!crdSchemaAvailable) it.skip(CRD_SCHEMA_SKIP_REASON);
  if (!icebergRestSpecAvailable) it.skip(ICEBERG_REST_SKIP_REASON);
});
