/**
 * Kafka CDC (Debezium JSON) → an Iceberg upsert table in a Hive catalog: ORC files, commits every
 * 30 s, Flink 2.1 on the operator with last-state upgrades. The table is keyed by customer_id and
 * not partitioned: in upsert mode a partition column must be part of the key, and an upsert
 * deletes by the whole key, so partitioning by a value that changes (such as the day of
 * updated_at) would leave a customer's old row behind under its old key.
 */
import * as pulumi from "@pulumi/pulumi";
import { FlinkSqlJob, FlinkTable, IcebergSink, sql } from "pulumi-flink-iceberg";

const config = new pulumi.Config();

const changes = new FlinkTable("customers-cdc", {
  columns: [
    { name: "customer_id", type: "BIGINT" },
    { name: "email", type: "STRING" },
    { name: "country", type: "STRING" },
    { name: "updated_at", type: "TIMESTAMP(3)" },
  ],
  primaryKey: ["customer_id"],
  watermark: { column: "updated_at", expression: "`updated_at` - INTERVAL '5' SECOND" },
  options: {
    connector: "kafka",
    topic: "dbserver1.inventory.customers",
    "properties.bootstrap.servers": config.get("kafkaBootstrap") ?? "kafka.streaming.svc:9092",
    "properties.group.id": "customers-to-iceberg",
    "scan.startup.mode": "earliest-offset",
    format: "debezium-json",
  },
});

const customers = new IcebergSink("customers", {
  catalog: { name: "hive", type: "hive", uri: config.get("metastoreUri") ?? "thrift://hive-metastore.lakehouse.svc:9083", warehouse: "s3a://lakehouse/warehouse" },
  database: "crm",
  table: "customers",
  columns: [
    { name: "customer_id", type: "BIGINT" },
    { name: "email", type: "STRING" },
    { name: "country", type: "STRING" },
    { name: "updated_at", type: "TIMESTAMP(3)" },
  ],
  primaryKey: ["customer_id"],
  formatVersion: 2,
  upsertEnabled: true,
  writeFormat: "orc",
  compressionCodec: "zstd",
  commitInterval: "30s",
});

const job = new FlinkSqlJob("customers-cdc-ingest", {
  statements: [
    sql`INSERT INTO ${customers} SELECT customer_id, email, country, updated_at FROM ${changes}`,
  ],
  parallelism: 4,
  configuration: { "pipeline.name": "customers-cdc-ingest" },
  kubernetes: {
    namespace: config.get("namespace") ?? "flink",
    image: config.get("image") ?? "registry.example.com/flink-iceberg-hive:2.1.1",
    flinkVersion: "v2_1",
    serviceAccount: "flink",
    upgradeMode: "last-state",
    // Keep the strict restore check: a script change that does not map onto the old state fails the upgrade.
    allowNonRestoredState: false,
    checkpointDir: "s3a://lakehouse/flink/checkpoints/customers-cdc",
    savepointDir: "s3a://lakehouse/flink/savepoints/customers-cdc",
    jobManager: { cpu: 1, memory: "2048m" },
    taskManager: { cpu: 2, memory: "4096m" },
    envFromSecrets: {
      AWS_ACCESS_KEY_ID: { secretName: "lakehouse-s3", key: "access-key-id" },
      AWS_SECRET_ACCESS_KEY: { secretName: "lakehouse-s3", key: "secret-access-key" },
    },
  },
});

export const script = job.script;
