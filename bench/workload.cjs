"use strict";
/**
 * The benchmark workload, shared by every benchmark: job i has one IcebergSource and one
 * IcebergSink of 20 columns each (a CDC-style pipeline: streaming read, upsert write with a
 * primary key) and a FlinkSqlJob on the Kubernetes target with flinkVersion v2_1.
 * Plain data only; the callers load the package (or not).
 */

const TYPES = [
  "BIGINT", "STRING", "INT", "DECIMAL(10, 2)", "TIMESTAMP(3)",
  "DATE", "BOOLEAN", "DOUBLE", "VARCHAR(64)", "TIMESTAMP_LTZ(6)",
];

/** `n` columns; the first is `id BIGINT NOT NULL` (the primary key; a nullable one would draw a warning per job). */
function columns(n) {
  return Array.from({ length: n }, (_, c) => ({
    name: c === 0 ? "id" : `col_${c}`,
    type: c === 0 ? "BIGINT NOT NULL" : TYPES[c % TYPES.length],
    ...(c % 5 === 1 ? { comment: `column ${c}` } : {}),
  }));
}

const catalog = {
  name: "lakehouse",
  type: "rest",
  uri: "http://iceberg-rest.lakehouse.svc:8181",
  warehouse: "s3://lakehouse/warehouse",
  properties: { "io-impl": "org.apache.iceberg.aws.s3.S3FileIO", "s3.path-style-access": "true" },
};

function sourceArgs(i, ncols = 20) {
  return { catalog, database: "raw", table: `events_${i}`, columns: columns(ncols), streaming: true };
}

function sinkArgs(i, ncols = 20) {
  return {
    catalog, database: "curated", table: `events_${i}`, columns: columns(ncols),
    primaryKey: ["id"], upsertEnabled: true, writeFormat: "parquet", commitInterval: "1min",
  };
}

const kubernetes = {
  namespace: "flink",
  image: "registry.example.com/flink-iceberg:2.1.1",
  flinkVersion: "v2_1",
  serviceAccount: "flink",
  mode: "standalone",
  // A streaming Iceberg read keeps its position in state: changes resume from the last checkpoint.
  upgradeMode: "last-state",
  checkpointDir: "s3://lakehouse/checkpoints",
  allowNonRestoredState: true,
  jobManager: { cpu: 1, memory: "2048m" },
  taskManager: { cpu: 1, memory: "2048m" },
};

/** Resource names of job i. */
function names(i) {
  return { source: `events-${i}-src`, sink: `events-${i}-out`, job: `events-${i}` };
}

/** Creates job i with the package's components (`pkg` is the loaded package). */
function createJob(pkg, i) {
  const n = names(i);
  const source = new pkg.IcebergSource(n.source, sourceArgs(i));
  const sink = new pkg.IcebergSink(n.sink, sinkArgs(i));
  const job = new pkg.FlinkSqlJob(n.job, {
    statements: [pkg.sql`INSERT INTO ${sink} SELECT * FROM ${source}`],
    parallelism: 2,
    kubernetes,
  });
  return { source, sink, job };
}

module.exports = { columns, sourceArgs, sinkArgs, kubernetes, names, createJob, TYPES };
