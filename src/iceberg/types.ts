/**
 * Iceberg table-spec JSON shapes (schema, types, partition spec) and the column input type.
 *
 * The JSON shapes are those Iceberg writes into table metadata: iceberg
 * `core/src/main/java/org/apache/iceberg/SchemaParser.java` (schema and types) and
 * `core/src/main/java/org/apache/iceberg/PartitionSpecParser.java` (partition spec). Key order has
 * no meaning; the objects built here follow Iceberg's own order so `JSON.stringify` reads the same.
 */
import type { DataType } from "../types/data-type.js";

/**
 * An Iceberg primitive type as written in JSON (iceberg `api/src/main/java/org/apache/iceberg/types/Types.java`
 * `toString`): `boolean int long float double date time timestamp timestamptz timestamp_ns
 * timestamptz_ns string uuid binary`, `fixed[n]`, `decimal(p, s)` (a space after the comma).
 * Only the types a Flink column can map to are produced here (never `uuid`).
 */
export type IcebergPrimitiveType = string;

/**
 * One field of an Iceberg struct. `id` is the field id, `required` is false for an optional
 * field, `doc` is present only when the Flink column has a comment or the ROW field a description.
 */
export interface IcebergField {
  id: number;
  name: string;
  required: boolean;
  type: IcebergType;
  doc?: string;
}

/** `{"type": "struct", "fields": [...]}`: a nested struct (Flink ROW). */
export interface IcebergStructType {
  type: "struct";
  fields: IcebergField[];
}

/** `{"type": "list", "element-id", "element", "element-required"}`: a Flink ARRAY. */
export interface IcebergListType {
  type: "list";
  "element-id": number;
  element: IcebergType;
  "element-required": boolean;
}

/**
 * `{"type": "map", "key-id", "key", "value-id", "value", "value-required"}`: a Flink MAP or
 * MULTISET. Keys are always required in Iceberg, so there is no `key-required`.
 */
export interface IcebergMapType {
  type: "map";
  "key-id": number;
  key: IcebergType;
  "value-id": number;
  value: IcebergType;
  "value-required": boolean;
}

/** Any Iceberg type in its JSON form: a primitive type string or a nested type object. */
export type IcebergType = IcebergPrimitiveType | IcebergStructType | IcebergListType | IcebergMapType;

/**
 * An Iceberg schema as stored in table metadata when the table is created: schema id 0, the
 * top-level fields with ids from 1, and `identifier-field-ids` (the Flink primary key) only when
 * non-empty. The ids in `identifier-field-ids` are a set; they are listed in ascending order here.
 */
export interface IcebergSchema {
  type: "struct";
  "schema-id": 0;
  "identifier-field-ids"?: number[];
  fields: IcebergField[];
}

/** One partition field: `name` (= the source column for identity), transform, source column id, partition field id (from 1000). */
export interface IcebergPartitionField {
  name: string;
  transform: "identity";
  "source-id": number;
  "field-id": number;
}

/**
 * An Iceberg partition spec as stored when the table is created from Flink `PARTITIONED BY`:
 * spec id 0, identity transforms only (Flink DDL cannot declare hidden transforms), partition field
 * ids from 1000 (iceberg `api/src/main/java/org/apache/iceberg/PartitionSpec.java` `PARTITION_DATA_ID_START`).
 * An unpartitioned table has `fields: []`.
 */
export interface IcebergPartitionSpec {
  "spec-id": 0;
  fields: IcebergPartitionField[];
}

/**
 * One table column. `type` is a DataTypes value or Flink SQL type text (parsed with
 * `parseDataType`, case-insensitive); `comment` becomes the Iceberg field `doc`. Columns are always
 * given as an array, which keeps their order (never an object keyed by name).
 */
export interface Column {
  /** Column name: 1..256 characters (UTF-16 units), no CR/LF; always back-quoted when rendered; unique in the table. */
  name: string;
  /**
   * Flink type: a `DataTypes` value or Flink SQL type text, case-insensitive (`"DECIMAL(10, 2)"`,
   * `"ARRAY<ROW<x INT>>"`, `"TIMESTAMP_LTZ(3) NOT NULL"`). Mapped to Iceberg as the SPEC type table
   * says; types Iceberg cannot hold are errors at `columns[i].type`.
   */
  type: DataType | string;
  /** Column comment, rendered `COMMENT '...'` and stored as the Iceberg field's `doc`. Default: none. */
  comment?: string;
}

/** A column after parsing: `type` is always a DataType (primary-key columns made NOT NULL). */
export interface ParsedColumn {
  name: string;
  type: DataType;
  comment?: string;
}

/**
 * What `convertColumns` returns: the Iceberg schema, the parsed columns (primary-key columns
 * NOT NULL, as Flink makes them) and whether a column needs table format v3
 * (TIMESTAMP(7..9) / TIMESTAMP_LTZ(7..9) → `timestamp_ns` / `timestamptz_ns`, which also needs the
 * Iceberg 1.11+ runtime in the image: older runtimes silently truncate to microseconds).
 */
export interface ConvertedSchema {
  schema: IcebergSchema;
  columns: ParsedColumn[];
  needsFormatV3: boolean;
}
