/**
 * Quickstart: generated orders (datagen) → an Iceberg table in a REST catalog, data files on
 * S3-compatible storage, Flink 2.1 on the Flink Kubernetes Operator.
 *
 * The REST catalog needs no auth; the storage keys reach the pods as environment variables from
 * the Kubernetes Secret `lakehouse-s3` (never in the SQL script or a ConfigMap).
 */
import * as pulumi from "@pulumi/pulumi";
import { FlinkSqlJob, FlinkTable, IcebergSink, sql } from "pulumi-flink-iceberg";

const config = new pulumi.Config();
const namespace = config.get("namespace") ?? "flink";
const image = config.get("image") ?? "registry.example.com/flink-iceberg:2.1.1";

const generated = new FlinkTable("orders-gen", {
  columns: [
    { name: "order_id", type: "BIGINT" },
    { name: "customer_id", type: "INT" },
    { name: "amount", type: "DECIMAL(10, 2)" },
    { name: "order_ts", type: "TIMESTAMP(3)" },
  ],
  options: {
    connector: "datagen",
    "rows-per-second": "50",
    "fields.customer_id.min": "1",
    "fields.customer_id.max": "10000",
  },
});

const orders = new IcebergSink("orders", {
  catalog: {
    name: "lakehouse",
    type: "rest",
    uri: config.get("catalogUri") ?? "http://iceberg-rest.lakehouse.svc:8181",
    warehouse: config.get("warehouse") ?? "s3://lakehouse/warehouse",
    properties: {
      "io-impl": "org.apache.iceberg.aws.s3.S3FileIO",
      "s3.endpoint": config.get("s3Endpoint") ?? "http://minio.lakehouse.svc:9000",
      "s3.path-style-access": "true",
      "client.region": "us-east-1",
    },
  },
  database: "shop",
  table: "orders",
  columns: [
    { name: "order_id", type: "BIGINT", comment: "generated order id" },
    { name: "customer_id", type: "INT" },
    { name: "amount", type: "DECIMAL(10, 2)" },
    { name: "order_ts", type: "TIMESTAMP(3)" },
  ],
  writeFormat: "parquet",
  commitInterval: "1min",
});

const job = new FlinkSqlJob("orders-ingest", {
  statements: [sql`INSERT INTO ${orders} SELECT order_id, customer_id, amount, order_ts FROM ${generated}`],
  parallelism: 2,
  kubernetes: {
    namespace,
    image,
    flinkVersion: "v2_1",
    serviceAccount: "flink",
    upgradeMode: "stateless",
    jobManager: { cpu: 1, memory: "2048m" },
    taskManager: { cpu: 1, memory: "2048m" },
    envFromSecrets: {
      AWS_ACCESS_KEY_ID: { secretName: "lakehouse-s3", key: "access-key-id" },
      AWS_SECRET_ACCESS_KEY: { secretName: "lakehouse-s3", key: "secret-access-key" },
    },
  },
});

export const script = job.script;
export const flinkConfiguration = job.flinkConfiguration;
