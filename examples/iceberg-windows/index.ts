/**
 * Event-time windows over an Iceberg table: page views appended to `web.page_views` (by another
 * job or engine) are counted per page and hour into `web.page_views_hourly`, partitioned by day.
 * Flink 2.1 on the Flink Kubernetes Operator, REST catalog.
 *
 * The source reads with source watermarks (`watermark: { column: "viewed_at" }`): each data
 * file's earliest viewed_at is the watermark, and the files are started in that order, so the
 * whole table first and then every new snapshot reach the windows in event-time order. A window
 * closes once every reader has passed its end; rows committed later than that for an hour already
 * closed are late and dropped.
 */
import * as pulumi from "@pulumi/pulumi";
import { FlinkSqlJob, IcebergSink, IcebergSource, sql } from "pulumi-flink-iceberg";

const config = new pulumi.Config();
const lake = {
  name: "lake",
  type: "rest" as const,
  uri: config.get("catalogUri") ?? "http://iceberg-rest.lakehouse.svc:8181",
  warehouse: "s3://lakehouse/warehouse",
  properties: { "io-impl": "org.apache.iceberg.aws.s3.S3FileIO", "s3.endpoint": "http://minio.lakehouse.svc:9000", "s3.path-style-access": "true" },
};

const views = new IcebergSource("page-views", {
  catalog: lake,
  database: "web",
  table: "page_views",
  columns: [
    { name: "view_id", type: "BIGINT NOT NULL" },
    { name: "page", type: "STRING" },
    { name: "user_id", type: "BIGINT" },
    // The table's column is a microsecond timestamp; declared TIMESTAMP(3), as event time must be.
    { name: "viewed_at", type: "TIMESTAMP(3) NOT NULL" },
  ],
  streaming: true,
  watermark: { column: "viewed_at" },
});

const hourly = new IcebergSink("page-views-hourly", {
  catalog: lake,
  database: "web",
  table: "page_views_hourly",
  columns: [
    { name: "day", type: "DATE" },
    { name: "window_start", type: "TIMESTAMP(3)" },
    { name: "page", type: "STRING" },
    { name: "views", type: "BIGINT" },
    { name: "users", type: "BIGINT" },
  ],
  partitionedBy: ["day"],
  writeFormat: "parquet",
  commitInterval: "1min",
});

const job = new FlinkSqlJob("page-views-hourly", {
  statements: [
    sql`INSERT INTO ${hourly}
        SELECT CAST(window_start AS DATE), window_start, page, COUNT(*), COUNT(DISTINCT user_id)
        FROM TABLE(TUMBLE(TABLE ${views}, DESCRIPTOR(viewed_at), INTERVAL '1' HOUR))
        GROUP BY window_start, window_end, page`,
  ],
  parallelism: 2,
  kubernetes: {
    namespace: config.get("namespace") ?? "flink",
    image: config.get("image") ?? "registry.example.com/flink-iceberg:2.1.1",
    flinkVersion: "v2_1",
    // The read position and the open windows live in Flink state: upgrades resume from it.
    upgradeMode: "last-state",
    checkpointDir: "s3://lakehouse/flink/checkpoints/page-views-hourly",
    allowNonRestoredState: false,
    envFromSecrets: {
      AWS_ACCESS_KEY_ID: { secretName: "lakehouse-s3", key: "access-key-id" },
      AWS_SECRET_ACCESS_KEY: { secretName: "lakehouse-s3", key: "secret-access-key" },
      AWS_REGION: { secretName: "lakehouse-s3", key: "region" },
    },
  },
});

export const script = job.script;
