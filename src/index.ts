/**
 * pulumi-flink-iceberg: Pulumi component resources for Apache Flink SQL jobs over Apache Iceberg
 * tables. This file only re-exports the public API (../shared/DESIGN.md).
 */
export { FlinkIcebergValidationError, type ValidationIssue } from "./validation/error.js";
export type { AcknowledgedWarning, AcknowledgesWarnings, ReportsWarnings, ResourceWarning } from "./validation/acknowledged-warnings.js";
export { DataTypes } from "./types/datatypes.js";
export type { DataType, DataTypeKind, RowField, IntervalResolution } from "./types/data-type.js";
export { parseDataType } from "./types/parser.js";
export { sql, sqlLiteral, SqlStatement } from "./sql/template.js";
export { FlinkTable, type FlinkTableArgs, type FlinkColumn, type FlinkPhysicalColumn, type FlinkComputedColumn, type FlinkMetadataColumn } from "./components/flink-table.js";
export { FlinkSqlJob, type FlinkSqlJobArgs } from "./components/flink-sql-job.js";
export { toIcebergType, toIcebergSchema, toIcebergPartitionSpec, type ToIcebergSchemaOptions } from "./iceberg/index.js";
export type { Column, IcebergType, IcebergField, IcebergSchema, IcebergPartitionSpec, IcebergPartitionField } from "./iceberg/index.js";
export { IcebergSource } from "./components/iceberg-source.js";
export { IcebergSink } from "./components/iceberg-sink.js";
export type { IcebergCatalogArgs, IcebergTableArgs, IcebergSourceArgs, IcebergSinkArgs } from "./components/iceberg-table-args.js";
export { parseFlinkDuration, formatFlinkDuration } from "./options/duration.js";
export { parseByteSize } from "./options/byte-size.js";
export { parseSnapshotId } from "./options/snapshot-id.js";
export { IcebergSourceArgsSchema, IcebergSinkArgsSchema } from "./options/table-options.js";
export { WriteFormat, CompressionCodec } from "./options/sink-options.js";
export { CatalogType } from "./options/catalog.js";
export type { KubernetesArgs, KubernetesResourceArgs, SecretKeyRefArgs, SqlRunnerArgs, FlinkVersion, KubernetesDeployment } from "./deploy/kubernetes/index.js";
export { submitToSqlGateway, stopJobOnSqlGateway, showJobsOnSqlGateway, jobStatusOnSqlGateway, SqlGatewayError, isSqlGatewayError, SqlGatewayJob } from "./deploy/sql-gateway/index.js";
export type { SqlGatewayArgs, SqlGatewayJobArgs, SqlGatewayClientOptions, SubmitToSqlGatewayOptions, SqlGatewaySubmission, StopJobOnSqlGatewayOptions, SqlGatewayJobInfo, SqlGatewayApiVersion } from "./deploy/sql-gateway/index.js";
export type { DeployOutputs } from "./components/job-targets.js";
