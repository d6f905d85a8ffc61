/**
 * Debezium CDC on Kafka → two Iceberg upsert tables, submitted to a Flink SQL Gateway in front of
 * a Flink 2.1 session cluster. Change events of the multi-tenant MySQL table `shop.orders`
 * (Debezium JSON) keep a mirror of the table up to date and, in the same job (one statement set),
 * each tenant's daily order count and revenue.
 *
 * Both sinks are upsert tables partitioned by a column of their key (Iceberg deletes by the whole
 * key, so a partition value that could change would leave the old row behind): the mirror by
 * tenant_id, which an order never changes, the daily table by its day. The REST catalog's OAuth2
 * client credential is written as `env:ICEBERG_REST_CREDENTIAL`: Iceberg reads the variable in
 * every process that loads the catalog (the gateway, which plans each statement, and the session
 * cluster's JobManager and TaskManagers); it is never in the script, the session or Pulumi state.
 * An update stops the job with a savepoint and resubmits the new script restored from it.
 */
import * as pulumi from "@pulumi/pulumi";
import { FlinkSqlJob, FlinkTable, IcebergSink, sql } from "pulumi-flink-iceberg";

const config = new pulumi.Config();
const catalogUri = config.get("catalogUri") ?? "https://iceberg-catalog.lakehouse.svc/api/catalog";

const lake = {
  name: "lakehouse",
  type: "rest" as const,
  uri: catalogUri,
  warehouse: config.get("warehouse") ?? "lakehouse",
  properties: {
    // OAuth2 client credentials ("<client id>:<client secret>"), read from the environment of
    // the gateway and the session cluster (iceberg EnvironmentUtil.resolveAll).
    credential: "env:ICEBERG_REST_CREDENTIAL",
    "oauth2-server-uri": `${catalogUri}/v1/oauth/tokens`,
    scope: "PRINCIPAL_ROLE:ALL",
    // Data files on S3 with short-lived credentials that the catalog vends per table.
    "header.X-Iceberg-Access-Delegation": "vended-credentials",
    "io-impl": "org.apache.iceberg.aws.s3.S3FileIO",
  },
};

// Debezium's MySQL connector with decimal.handling.mode=string (DECIMAL as text, not base64
// bytes) and a JSON converter without schemas; DATETIME(3) columns arrive as epoch milliseconds.
const changes = new FlinkTable("orders-cdc", {
  columns: [
    { name: "tenant_id", type: "INT" },
    { name: "order_id", type: "BIGINT" },
    { name: "customer_id", type: "BIGINT" },
    { name: "status", type: "STRING" },
    { name: "amount", type: "DECIMAL(12, 2)" },
    { name: "currency", type: "CHAR(3) NOT NULL" },
    { name: "created_at", type: "BIGINT NOT NULL", comment: "epoch milliseconds (Debezium io.debezium.time.Timestamp)" },
    { name: "updated_at", type: "BIGINT", comment: "epoch milliseconds (Debezium io.debezium.time.Timestamp)" },
  ],
  // The MySQL table's primary key: Debezium keys the topic by it, so each order's changes stay in order.
  primaryKey: ["tenant_id", "order_id"],
  options: {
    connector: "kafka",
    topic: "shopdb.shop.orders",
    "properties.bootstrap.servers": config.get("kafkaBootstrap") ?? "kafka.streaming.svc:9092",
    // From the offsets the group commits on each checkpoint; the whole topic on the first start.
    "properties.group.id": "orders-cdc-to-iceberg",
    "scan.startup.mode": "group-offsets",
    "properties.auto.offset.reset": "earliest",
    format: "debezium-json",
  },
});

const orders = new IcebergSink("orders", {
  catalog: lake,
  database: "shop",
  table: "orders",
  columns: [
    { name: "tenant_id", type: "INT" },
    { name: "order_id", type: "BIGINT" },
    { name: "customer_id", type: "BIGINT" },
    { name: "status", type: "STRING" },
    { name: "amount", type: "DECIMAL(12, 2)" },
    { name: "currency", type: "CHAR(3)" },
    { name: "created_at", type: "TIMESTAMP_LTZ(3)" },
    { name: "updated_at", type: "TIMESTAMP_LTZ(3)" },
  ],
  primaryKey: ["tenant_id", "order_id"],
  partitionedBy: ["tenant_id"],
  upsertEnabled: true,
  writeFormat: "parquet",
  commitInterval: "1min",
});

const daily = new IcebergSink("tenant-daily-revenue", {
  catalog: lake,
  database: "shop",
  table: "tenant_daily_revenue",
  columns: [
    { name: "order_date", type: "DATE" },
    { name: "tenant_id", type: "INT" },
    { name: "currency", type: "CHAR(3)" },
    { name: "orders", type: "BIGINT" },
    { name: "revenue", type: "DECIMAL(38, 2)" },
  ],
  primaryKey: ["order_date", "tenant_id", "currency"],
  partitionedBy: ["order_date"],
  upsertEnabled: true,
  writeFormat: "parquet",
  commitInterval: "1min",
});

const job = new FlinkSqlJob("orders-cdc-gateway", {
  statements: [
    sql`INSERT INTO ${orders}
        SELECT tenant_id, order_id, customer_id, status, amount, currency,
               TO_TIMESTAMP_LTZ(created_at, 3), TO_TIMESTAMP_LTZ(updated_at, 3)
        FROM ${changes}`,
    sql`INSERT INTO ${daily}
        SELECT CAST(TO_TIMESTAMP_LTZ(created_at, 3) AS DATE), tenant_id, currency, COUNT(*), SUM(amount)
        FROM ${changes}
        WHERE status <> 'cancelled'
        GROUP BY CAST(TO_TIMESTAMP_LTZ(created_at, 3) AS DATE), tenant_id, currency`,
  ],
  parallelism: 2,
  configuration: {
    // Debezium delivers at least once: after a connector restart, events repeat. With the
    // source's primary key, Flink drops the duplicates (a stateful normalize step).
    "table.exec.source.cdc-events-duplicate": "true",
    // The day of an order (CAST of a TIMESTAMP_LTZ to DATE) in UTC, whatever the cluster's zone.
    "table.local-time-zone": "UTC",
    // Checkpoints (every minute: the sinks' commitInterval) in the job's own folder, kept when
    // the job fails or is cancelled: when an update could take no savepoint, the job restarts
    // from its last checkpoint (sqlGateway.initialSavepointPath = .../<job id>/chk-<n>).
    "execution.checkpointing.dir": "s3://lakehouse/flink/checkpoints/orders-cdc",
    "execution.checkpointing.externalized-checkpoint-retention": "RETAIN_ON_CANCELLATION",
  },
  sqlGateway: {
    endpoint: config.get("gatewayEndpoint") ?? "http://flink-sql-gateway.flink.svc:8083",
    // The session cluster every session of the job (submit, SHOW JOBS, STOP JOB) talks to.
    sessionProperties: {
      "execution.target": "remote",
      "rest.address": config.get("sessionClusterAddress") ?? "flink-session-rest.flink.svc",
      "rest.port": "8081",
    },
    // An update stops the job with a savepoint here and starts the new script from it.
    savepointDir: "s3://lakehouse/flink/savepoints/orders-cdc",
    // Keep Flink's strict restore check: an edit that does not map onto the old state fails the update.
    allowNonRestoredState: false,
    startTimeout: "2min",
  },
});

export const script = job.script;
export const jobId = job.jobId;
export const jobStatus = job.jobStatus;
export const gatewayWarnings = job.gatewayWarnings;
