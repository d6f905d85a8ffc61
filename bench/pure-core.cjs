"use strict";
/**
 * Pure core, no Pulumi runtime: validate and render 200 Iceberg tables of 50 columns
 * (planIcebergTable + renderIcebergTable) and plan and render 100 jobs over them
 * (planJob + renderScript; job j reads table 2j and writes table 2j+1).
 *
 *   node --stack-trace-limit=0 bench/pure-core.cjs [iterations]
 *
 * Modules are required without extension, so BENCH_DIST may also point at src/ under tsx
 * (test/bench-smoke.test.ts runs it that way).
 *
 * Runs in a fresh process; prints the first (cold: JIT not warmed up) iteration and the median of
 * the following ones. Modules are loaded before the clock starts.
 */
const path = require("node:path");
const { performance } = require("node:perf_hooks");
const dist = process.env.BENCH_DIST ?? path.join(__dirname, "..", "dist");
const { planIcebergTable, renderIcebergTable } = require(path.join(dist, "options", "iceberg-table"));
const { planJob } = require(path.join(dist, "sql", "job-plan"));
const { renderScript } = require(path.join(dist, "sql", "script"));
const { SqlStatement } = require(path.join(dist, "sql", "template"));
const { Diagnostics } = require(path.join(dist, "validation", "diagnostics"));
const { addProgramTable, programTables, resetRegistry } = require(path.join(dist, "components", "job-registry"));
const workload = require("./workload.cjs");

const TABLES = 200;
const JOBS = 100;
const COLUMNS = 50;

/** The TableDefinition an Iceberg component registers (as src/components/iceberg-table-component.ts builds it). */
function definition(plan, rendered) {
  return {
    resourceType: plan.kind,
    resourceName: plan.resourceName,
    label: plan.label,
    tableName: plan.tableName,
    ddl: rendered.ddl,
    ddlPlain: rendered.ddl,
    writable: plan.kind === "IcebergSink",
    bounded: plan.read?.bounded ?? true,
    ...(plan.commitInterval !== undefined ? { commitInterval: plan.commitInterval } : {}),
    iceberg: {
      catalogKey: plan.catalogKey, database: plan.database, table: plan.table, schema: plan.schema,
      formatVersion: plan.formatVersion, needsFormatV3: plan.needsFormatV3, upsert: plan.upsert,
      streamingRead: plan.read?.streamingRead ?? false,
    },
    warnings: plan.warnings,
  };
}

function once() {
  let bytes = 0;
  const defs = [];
  for (let t = 0; t < TABLES; t++) {
    const job = t >> 1;
    const sink = t % 2 === 1;
    const plan = sink
      ? planIcebergTable("IcebergSink", `events-${job}-out`, workload.sinkArgs(job, COLUMNS))
      : planIcebergTable("IcebergSource", `events-${job}-src`, workload.sourceArgs(job, COLUMNS));
    const rendered = renderIcebergTable(plan, { uri: plan.uri, warehouse: plan.warehouse });
    bytes += rendered.ddl.length;
    defs.push(definition(plan, rendered));
  }
  // The program-table index FlinkSqlJob passes to planJob, built by the package's own registry.
  resetRegistry();
  for (const d of defs) addProgramTable(d);
  const tables = programTables();
  for (let j = 0; j < JOBS; j++) {
    const source = defs[2 * j];
    const sink = defs[2 * j + 1];
    const statement = new SqlStatement([
      { kind: "text", text: "INSERT INTO " },
      { kind: "table", table: sink },
      { kind: "text", text: " SELECT * FROM " },
      { kind: "table", table: source },
    ]);
    const diag = new Diagnostics();
    const plan = planJob({ statements: [statement], runtimeMode: "streaming", parallelism: 2, configuration: {}, programTables: tables }, diag);
    if (diag.errors.length > 0) throw new Error(JSON.stringify(diag.errors));
    const texts = [...plan.definitions, ...plan.inserts].map((s) => s.statement.render());
    const script = renderScript({
      jobName: `events-${j}`,
      runtimeMode: plan.runtimeMode,
      flinkConfiguration: plan.flinkConfiguration,
      ddls: plan.tables.map((t) => t.ddlPlain),
      definitions: texts.slice(0, plan.definitions.length),
      inserts: texts.slice(plan.definitions.length),
    });
    bytes += script.length;
  }
  return bytes;
}

const iterations = Number(process.argv[2] ?? 10);
const times = [];
let bytes = 0;
for (let i = 0; i < iterations; i++) {
  const t0 = performance.now();
  bytes = once();
  times.push(performance.now() - t0);
}
const warm = times.slice(1).sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({ coldMs: times[0], warmMedianMs: warm[warm.length >> 1] ?? times[0], outputBytes: bytes, peakRssMiB: process.resourceUsage().maxRSS / 1024 }) + "\n",
);
