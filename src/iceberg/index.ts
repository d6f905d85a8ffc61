/**
 * Flink → Iceberg: type mapping, schema JSON with Iceberg's own field ids, partition spec.
 * Public: `toIcebergType`, `toIcebergSchema`, `Column` and the JSON types. Internal (table
 * components): `convertColumns`, `toIcebergPartitionSpec`, `FORMAT_V3_RUNTIME_WARNING`, ids helpers.
 */
export type {
  Column,
  ConvertedSchema,
  IcebergField,
  IcebergListType,
  IcebergMapType,
  IcebergPartitionField,
  IcebergPartitionSpec,
  IcebergPrimitiveType,
  IcebergSchema,
  IcebergStructType,
  IcebergType,
  ParsedColumn,
} from "./types.js";
export { convertColumns, FORMAT_V3_DELETES_WARNING, FORMAT_V3_RUNTIME_WARNING, toIcebergSchema, toIcebergType, type ToIcebergSchemaOptions } from "./schema.js";
export { PARTITION_DATA_ID_START, toIcebergPartitionSpec } from "./partition.js";
export { assignFreshIds, collectFieldIds, FieldIdCounter, lastColumnId } from "./ids.js";
