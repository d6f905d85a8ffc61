/**
 * End-to-end: `flink-iceberg synth` on every example, in a child process as a user runs it, into
 * a temp folder; the files must equal the checked-in expected files under test/expected/ (read by
 * hand once for correctness), each job.sql must pass dt-sql-parser's FlinkSQL grammar, and each
 * Iceberg schema and partition spec must validate against the Iceberg REST catalog spec. Per
 * target: a Kubernetes job's FlinkDeployment must validate against the operator's CRD schema; a
 * SQL Gateway job's sql-gateway.yaml and job.sql are submitted as the provider submits them (create,
 * an update that stops with a savepoint, delete) to the fake gateway, whose every request must
 * conform to the SQL Gateway REST spec. No file may hold a credential in plain text.
 */
import { expect } from "chai";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse as parseYaml, parseAllDocuments } from "yaml";
import { startTimeoutMillis } from "../src/deploy/sql-gateway/args.js";
import { create, remove, update, type SqlGatewayJobInputs } from "../src/deploy/sql-gateway/provider-impl.js";
import { isSqlGatewayApiVersion } from "../src/deploy/sql-gateway/versions.js";
import { splitStatements } from "../src/sql/split.js";
import { ROOT, runCli } from "./cli-helper.js";
import { crdSchemaAvailable, CRD_SCHEMA_SKIP_REASON, validateFlinkDeployment } from "./crd-schema.js";
import { FakeSqlGateway } from "./fakes/sql-gateway.js";
import { SPEC_DIR, specsAvailable } from "./fakes/sql-gateway-spec.js";
import { ICEBERG_REST_SKIP_REASON, icebergRestSpecAvailable, icebergSchemaProblems, partitionSpecProblems } from "./iceberg-rest-schema.js";
import { expectValidFlinkSql } from "./sql-validate.js";

const EXPECTED = path.join(ROOT, "test", "expected");

type Target = "kubernetes" | "sql-gateway";

const EXAMPLES: { example: string; target: Target; jobs: string[]; /** The Flink version of the session cluster behind the gateway (sql-gateway examples). */ gatewayFlinkVersion?: string }[] = [
  { example: "quickstart", target: "kubernetes", jobs: ["orders-ingest"] },
  { example: "kafka-cdc", target: "kubernetes", jobs: ["customers-cdc-ingest"] },
  { example: "iceberg-copy", target: "kubernetes", jobs: ["events-backfill"] },
  { example: "iceberg-windows", target: "kubernetes", jobs: ["page-views-hourly"] },
  { example: "sql-gateway-cdc", target: "sql-gateway", jobs: ["orders-cdc-gateway"], gatewayFlinkVersion: "2.1.1" },
];
/** The files synth writes into a job's folder, per target (a gateway job's manifests.yaml only says it has no Kubernetes objects). */
const COMMON_FILES = ["job.sql", "manifests.yaml", "iceberg-schemas.json", "iceberg-partition-specs.json"];
const FILES: Record<Target, string[]> = { kubernetes: COMMON_FILES, "sql-gateway": [...COMMON_FILES, "sql-gateway.yaml"] };

const SQL_GATEWAY_SKIP_REASON = `SQL Gateway REST specs not found at ${SPEC_DIR}: the examples' gateway submissions are not checked against them`;

/** Keys that name a credential (independent of the package's own detection, which is what is being checked). */
const CREDENTIAL_KEY = /credential|token|authorization|cookie|passw(or)?d|secret|access[-._]?key|private[-._]?key|api[-._]?key|sasl\.jaas/i;
/** What may stand in for a credential: an env:NAME reference (Iceberg REST catalogs), Kafka config-provider placeholders, synth's placeholder. */
const CREDENTIAL_REFERENCE = /^(env:[A-Za-z_][A-Za-z0-9_]*|\[secret\]|[^$]*(\$\{[a-z]+:[^}]+\}[^$]*)+)$/;

/** `key: value` entries of job.sql (quoted WITH options and SET lines) and of any string map in sql-gateway.yaml whose key names a credential and whose value is no reference. */
function plainCredentials(file: string, text: string): string[] {
  const entries: [string, string][] = [];
  if (file.endsWith(".sql")) {
    for (const m of text.matchAll(/'((?:[^']|'')*)'\s*=\s*'((?:[^']|'')*)'/g)) entries.push([m[1]!, m[2]!.replace(/''/g, "'")]);
  } else if (file === "sql-gateway.yaml") {
    const walk = (v: unknown): void => {
      if (v === null || typeof v !== "object") return;
      for (const [k, x] of Object.entries(v)) (typeof x === "string" ? entries.push([k, x]) : walk(x));
    };
    walk(parseYaml(text));
  }
  return entries.filter(([k, v]) => CREDENTIAL_KEY.test(k) && !CREDENTIAL_REFERENCE.test(v)).map(([k, v]) => `${k} = ${v}`);
}

/** What synth wrote into sql-gateway.yaml, as far as the provider's inputs go. */
interface GatewayFile {
  endpoint: string;
  apiVersion: string;
  session: { configuration: Record<string, string>; sessionProperties?: Record<string, string> };
  initialSavepointPath?: string;
  allowNonRestoredState?: boolean;
  onUpdate: { savepointDir?: string };
  afterSubmit: { startTimeout: string };
  jobName?: { "pipeline.name": string };
}

/** The provider inputs that sql-gateway.yaml and job.sql describe, against `endpoint` (the fake gateway) instead of the file's endpoint. */
function gatewayInputs(g: GatewayFile, script: string, endpoint: string): SqlGatewayJobInputs {
  return {
    endpoint,
    script,
    flinkConfiguration: g.session.configuration,
    ...(g.session.sessionProperties !== undefined ? { sessionProperties: g.session.sessionProperties } : {}),
    ...(g.onUpdate.savepointDir !== undefined ? { savepointDir: g.onUpdate.savepointDir } : {}),
    ...(g.initialSavepointPath !== undefined ? { initialSavepointPath: g.initialSavepointPath } : {}),
    ...(g.allowNonRestoredState !== undefined ? { allowNonRestoredState: g.allowNonRestoredState } : {}),
    ...(isSqlGatewayApiVersion(g.apiVersion) ? { apiVersion: g.apiVersion } : {}),
    ...(g.jobName !== undefined ? { jobName: g.jobName["pipeline.name"] } : {}),
    startTimeoutMs: startTimeoutMillis(g.afterSubmit.startTimeout.replace(/ ms$/, "")),
  };
}

describe("examples: flink-iceberg synth end to end", function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flink-iceberg-synth-"));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("every example under examples/ is checked here", () => {
    const folders = fs.readdirSync(path.join(ROOT, "examples"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.sort()).to.deep.equal(EXAMPLES.map((e) => e.example).sort());
  });

  for (const { example, target, jobs, gatewayFlinkVersion } of EXAMPLES) {
    describe(example, () => {
      const out = path.join(tmp, example);
      let result: { code: number; stdout: string; stderr: string };
      before(async () => {
        result = await runCli(["synth", path.join("examples", example), "--out", out]);
      });

      it("synths with no flags, no warnings, and prints the summary", () => {
        expect(result.code, result.stderr).to.equal(0);
        for (const job of jobs) expect(result.stdout).to.match(new RegExp(`^${job}\\s.*\\s0$`, "m"));
        expect(result.stdout).not.to.match(/^warning:/m);
        expect(fs.readdirSync(out).sort()).to.deep.equal([".flink-iceberg-synth", ...jobs].sort());
      });

      for (const job of jobs) {
        it(`${job}: synth wrote the files of a ${target} job`, () => {
          expect(fs.readdirSync(path.join(out, job)).sort()).to.deep.equal([...FILES[target]].sort());
          expect(fs.readdirSync(path.join(EXPECTED, example, job)).sort()).to.deep.equal([...FILES[target]].sort());
        });

        for (const file of FILES[target]) {
          it(`${job}/${file} equals the expected file`, () => {
            const actual = fs.readFileSync(path.join(out, job, file), "utf8");
            const expected = fs.readFileSync(path.join(EXPECTED, example, job, file), "utf8");
            if (file.endsWith(".json")) expect(JSON.parse(actual)).to.deep.equal(JSON.parse(expected));
            else expect(actual).to.equal(expected);
          });
        }

        it(`${job}: no file holds a credential in plain text`, () => {
          for (const file of FILES[target]) expect(plainCredentials(file, fs.readFileSync(path.join(out, job, file), "utf8")), file).to.deep.equal([]);
        });

        it(`${job}/job.sql passes the FlinkSQL grammar`, () => {
          expectValidFlinkSql(fs.readFileSync(path.join(out, job, "job.sql"), "utf8"));
        });

        if (target === "kubernetes") {
          it(`${job}/manifests.yaml validates against the FlinkDeployment CRD`, function () {
            if (!crdSchemaAvailable) this.skip();
            const docs = parseAllDocuments(fs.readFileSync(path.join(out, job, "manifests.yaml"), "utf8")).map((d) => d.toJS() as { kind: string });
            expect(docs.map((d) => d.kind)).to.deep.equal(["ConfigMap", "FlinkDeployment"]);
            expect(validateFlinkDeployment(docs[1])).to.deep.equal([]);
          });
        } else {
          it(`${job}: sql-gateway.yaml with job.sql, submitted as the provider does (create, update, delete), conforms to the SQL Gateway REST spec`, async function () {
            if (!specsAvailable) this.skip();
            const g = parseYaml(fs.readFileSync(path.join(out, job, "sql-gateway.yaml"), "utf8")) as GatewayFile;
            const script = fs.readFileSync(path.join(out, job, "job.sql"), "utf8");
            const fake = await FakeSqlGateway.start({ flinkVersion: gatewayFlinkVersion ?? "2.1.1", statuses: [] });
            try {
              const inputs = gatewayInputs(g, script, fake.endpoint);
              const { outs } = await create(inputs);
              expect(outs.jobStatus).to.equal("RUNNING");
              expect(outs.warnings).to.deep.equal([]);
              // The job's session: the configuration, then sessionProperties, then the job name the provider adds;
              // the script's SET lines run in it and change nothing (they repeat the configuration).
              const submitted = fake.cluster.jobs.get(outs.jobId)!;
              const session = { ...g.session.configuration, ...(g.session.sessionProperties ?? {}), ...(g.jobName !== undefined ? { "pipeline.name": g.jobName["pipeline.name"] } : {}) };
              expect(submitted.configuration).to.deep.equal(session);
              // The script's statements, one request each, in one session (the statement set as one statement).
              const submitSession = fake.executed.find((e) => e.statement === submitted.statement)!.session;
              expect(fake.executed.filter((e) => e.session === submitSession).map((e) => e.statement)).to.deep.equal(splitStatements(script));

              // An edited script: the old job stops (with a savepoint into savepointDir when set), the new one starts from it.
              const { outs: updated } = await update(outs, { ...inputs, script: `${script}-- edited\n` });
              expect(updated.jobStatus).to.equal("RUNNING");
              const stop = fake.executed.filter((e) => e.statement.startsWith("STOP JOB")).map((e) => e.statement);
              if (g.onUpdate.savepointDir !== undefined) {
                expect(stop).to.deep.equal([`STOP JOB '${outs.jobId}' WITH SAVEPOINT`]);
                expect(updated.savepointPath).to.be.a("string").and.satisfy((p: string) => p.startsWith(`${g.onUpdate.savepointDir}/`));
                expect(fake.cluster.jobs.get(updated.jobId)!.configuration["execution.state-recovery.path"]).to.equal(updated.savepointPath);
              } else {
                expect(stop).to.deep.equal([`STOP JOB '${outs.jobId}'`]);
              }

              await remove(updated);
              expect(fake.cluster.jobs.get(updated.jobId)!.status).to.be.oneOf(["FINISHED", "CANCELED"]);
              expect(fake.sessions.size, "sessions left open").to.equal(0);
              expect(fake.violations).to.deep.equal([]);
            } finally {
              await fake.close();
            }
          });
        }

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
  if (!specsAvailable && EXAMPLES.some((e) => e.target === "sql-gateway")) it.skip(SQL_GATEWAY_SKIP_REASON);
});
