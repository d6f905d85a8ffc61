/**
 * Iceberg → Iceberg: a bounded incremental copy of what was appended between two snapshots
 * (start exclusive, end inclusive) into two sinks at once (one statement set), in batch mode on
 * Flink 1.20 with the operator's SQL runner jar.
 */
import * as pulumi from "@pulumi/pulumi";
import { FlinkSqlJob, IcebergSink, IcebergSource, sql, type Column } from "pulumi-flink-iceberg";

const config = new pulumi.Config();
const catalog = { name: "hive", type: "hive" as const, uri: config.get("metastoreUri") ?? "thrift://hive-metastore.lakehouse.svc:9083" };

const columns: Column[] = [
  { name: "event_id", type: "BIGINT" },
  { name: "user_id", type: "BIGINT" },
  { name: "event_type", type: "STRING" },
  { name: "event_ts", type: "TIMESTAMP_LTZ(6)" },
];

const events = new IcebergSource("events", {
  catalog,
  database: "analytics",
  table: "events",
  columns,
  streaming: true,
  // Snapshot ids are random 63-bit numbers: pass them as strings (or bigint).
  startSnapshotId: config.get("startSnapshotId") ?? "3821550127947089987",
  endSnapshotId: config.get("endSnapshotId") ?? "2357271669960485754",
});

// Partitioned by event type (identity): each type's rows in their own files, pruned by `WHERE event_type = ...`.
const archive = new IcebergSink("events-archive", { catalog, database: "archive", table: "events", columns, partitionedBy: ["event_type"], writeFormat: "parquet" });
const clicks = new IcebergSink("clicks", {
  catalog,
  database: "analytics",
  table: "clicks",
  columns: [
    { name: "event_id", type: "BIGINT" },
    { name: "user_id", type: "BIGINT" },
    { name: "event_ts", type: "TIMESTAMP_LTZ(6)" },
  ],
  writeFormat: "parquet",
  compressionCodec: "snappy",
});

const job = new FlinkSqlJob("events-backfill", {
  runtimeMode: "batch",
  statements: [
    sql`INSERT INTO ${archive} SELECT event_id, user_id, event_type, event_ts FROM ${events}`,
    sql`INSERT INTO ${clicks} SELECT event_id, user_id, event_ts FROM ${events} WHERE event_type = 'click'`,
  ],
  parallelism: 2,
  kubernetes: {
    namespace: config.get("namespace") ?? "flink",
    image: config.get("image") ?? "registry.example.com/flink-iceberg-runner:1.20.3",
    flinkVersion: "v1_20",
    serviceAccount: "flink",
    upgradeMode: "stateless",
    sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" },
    jobManager: { cpu: 1, memory: "2048m" },
    taskManager: { cpu: 1, memory: "2048m" },
    envFromSecrets: {
      AWS_ACCESS_KEY_ID: { secretName: "lakehouse-s3", key: "access-key-id" },
      AWS_SECRET_ACCESS_KEY: { secretName: "lakehouse-s3", key: "secret-access-key" },
    },
  },
});

export const script = job.script;
