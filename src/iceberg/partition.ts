/**
 * Flink `PARTITIONED BY (c1, ...)` → Iceberg partition spec JSON, as Iceberg stores it when it
 * creates the table: identity transforms only (Flink DDL has no hidden transforms; iceberg
 * `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/FlinkCatalog.java` `toPartitionSpec`),
 * spec id 0, partition field ids from 1000 in declaration order (iceberg
 * `api/src/main/java/org/apache/iceberg/PartitionSpec.java` `PARTITION_DATA_ID_START`), field name =
 * column name; JSON keys as in `core/src/main/java/org/apache/iceberg/PartitionSpecParser.java`.
 */
import { Diagnostics } from "../validation/diagnostics.js";
import { resolveColumnRefs } from "./refs.js";
import type { IcebergPartitionField, IcebergPartitionSpec, IcebergSchema } from "./types.js";

/** First partition field id (Iceberg `PartitionSpec.PARTITION_DATA_ID_START`). */
export const PARTITION_DATA_ID_START = 1000;

/**
 * The partition spec of a table created with `PARTITIONED BY (partitionedBy...)` over `schema`
 * (as `toIcebergSchema` / `convertColumns` return it):
 * `{ "spec-id": 0, fields: [{ name, transform: "identity", "source-id", "field-id": 1000, 1001, ... }] }`;
 * `fields` is empty for an unpartitioned table. Errors, at `partitionedBy[i]` with messages starting
 * with the column name: a name that is not a string, a column that does not exist, a nested field
 * (`a.b`: Flink partitions by top-level columns only), a column that is not of a primitive type
 * (struct, list, map), a column listed twice. With `diag`, problems are reported there and the spec
 * of the valid columns is returned (use it only when `diag` has no errors); without it, one
 * FlinkIcebergValidationError listing every problem is thrown.
 */
export function toIcebergPartitionSpec(schema: IcebergSchema, partitionedBy: readonly string[], diag?: Diagnostics): IcebergPartitionSpec {
  // Unpartitioned: nothing to resolve (most tables; planIcebergTable builds a spec for every table).
  if (Array.isArray(partitionedBy) && partitionedBy.length === 0) return { "spec-id": 0, fields: [] };
  const d = diag ?? new Diagnostics();
  const fields: IcebergPartitionField[] = [];
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  resolveColumnRefs(partitionedBy, "partitionedBy", "PARTITIONED BY", byName, d, (name, field, at) => {
    if (typeof field.type !== "string") {
      d.error(at, `${name}: a partition column must have a primitive type, not ${field.type.type} (an identity partition needs a primitive value)`);
      return;
    }
    fields.push({ name, transform: "identity", "source-id": field.id, "field-id": PARTITION_DATA_ID_START + fields.length });
  });
  if (diag === undefined) d.throwIfErrors();
  return { "spec-id": 0, fields };
}
