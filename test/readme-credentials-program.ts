import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { FlinkSqlJob, FlinkTable, IcebergSink, sql } from "pulumi-flink-iceberg";

const config = new pulumi.Config();
const S3_SECRET = "lakehouse-s3"; // the Secret's name, fixed: envFromSecrets takes it as a plain string
const s3 = new k8s.core.v1.Secret("lakehouse-s3", {
  metadata: { name: S3_SECRET, namespace: "flink" },
  stringData: { "access-key-id": config.require("s3AccessKeyId"), "secret-access-key": config.requireSecret("s3SecretAccessKey") },
});

const lake = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181", warehouse: "s3://lake/wh" };
const columns = [{ name: "user_id", type: "BIGINT" }, { name: "url", type: "STRING" }];
const clicks = new FlinkTable("clicks", {
  columns,
  options: { connector: "kafka", topic: "clicks", "properties.bootstrap.servers": "kafka:9092",
             "properties.group.id": "clicks-to-lake", "properties.auto.offset.reset": "earliest", format: "json" },
});
const lakeClicks = new IcebergSink("lake-clicks", { catalog: lake, database: "web", table: "clicks", columns, commitInterval: "30s" });
new FlinkSqlJob("clicks-to-lake", {
  statements: [sql`INSERT INTO ${lakeClicks} SELECT user_id, url FROM ${clicks}`],
  kubernetes: { namespace: "flink", image: "my/flink-iceberg:2.1.1", flinkVersion: "v2_1",
                envFromSecrets: { AWS_ACCESS_KEY_ID: { secretName: S3_SECRET, key: "access-key-id" },
                                  AWS_SECRET_ACCESS_KEY: { secretName: S3_SECRET, key: "secret-access-key" } } },
}, { dependsOn: [s3] });
