/**
 * How Iceberg judges a job's declared columns against an existing table's, on the schema JSON the
 * package computes (src/iceberg/schema.ts: Flink types already mapped to Iceberg's, as the connector
 * maps them, so SMALLINT and INT are both `int`, VARCHAR(n) and STRING both `string`).
 *
 * The connector creates a missing table from the CREATE TABLE of the job that gets there first and
 * leaves an existing one as it is (iceberg `flink/v1.20/flink/src/main/java/org/apache/iceberg/flink/FlinkDynamicTableFactory.java`
 * `createTableLoader`: `if (!flinkCatalog.tableExists(objectPath)) createIcebergTable(...)`), so
 * the table's columns are the creator's, whatever another job declares.
 *
 * A write: iceberg `flink/.../sink/FlinkSink.java` `toFlinkRowType` converts the declared columns
 * (`FlinkSchemaUtil.convert`), takes the table's field ids by name (`TypeUtil.reassignIds`,
 * `api/.../types/ReassignIds.java`: a column the table lacks throws "Field x not found in source
 * schema"), then `TypeUtil.validateWriteSchema(tableSchema, writeSchema, true, true)`
 * (`api/.../types/CheckCompatibility.java` with nullability and ordering: "Cannot write
 * incompatible dataset to table with schema", listing "x is required, but is missing", "x should
 * be required, but is optional", "x: long cannot be promoted to int", "x is out of order, before
 * y"). A column may widen on its way into the table only as `TypeUtil.isPromotionAllowed` says:
 * int to long, float to double, decimal(p, s) to decimal(p2 >= p, s). An optional column of the
 * table the job does not declare passes the check (it would be null).
 *
 * A read: iceberg `flink/.../source/IcebergSource.java` `build` projects the declared columns
 * (`FlinkSchemaUtil.convert(tableSchema, declared)`: the same `reassignIds`, "Field x not found in
 * source schema"), in any order and any subset; no type check follows: the readers hand the stored
 * values on, widening only as above (`flink/.../data/FlinkParquetReaders.java`: IntAsLongReader,
 * FloatAsDoubleReader; any other stored value as it is), so a declared type the stored one does not
 * widen to fails on the first row read (Parquet) or narrows the values.
 */
import type { IcebergField, IcebergSchema, IcebergType } from "../iceberg/types.js";

/** An Iceberg type as Iceberg prints it (`Type.toString`): primitives as stored; nested types in short. */
function typeText(t: IcebergType): string {
  if (typeof t === "string") return t;
  if (t.type === "struct") return `struct<${t.fields.map((f) => `${f.name}: ${typeText(f.type)}`).join(", ")}>`;
  if (t.type === "list") return `list<${typeText(t.element)}>`;
  return `map<${typeText(t.key)}, ${typeText(t.value)}>`;
}

const DECIMAL = /^decimal\((\d+),\s*(\d+)\)$/;

/** iceberg TypeUtil.isPromotionAllowed: `from` may be read or written as `to`. */
function promotionAllowed(from: string, to: string): boolean {
  if (from === to) return true;
  if (from === "int") return to === "long";
  if (from === "float") return to === "double";
  const f = DECIMAL.exec(from);
  const t = DECIMAL.exec(to);
  return f !== null && t !== null && f[2] === t[2] && Number(f[1]) <= Number(t[1]);
}

/** The declared columns (and nested fields) the table lacks by name, as ReassignIds reports the first: "Field x not found in source schema". */
function missingFields(table: IcebergType, declared: IcebergType): string[] {
  if (typeof table === "string" || typeof declared === "string") return [];
  if (declared.type === "struct") {
    if (table.type !== "struct") return [];
    return declared.fields.flatMap((f) => {
      const t = table.fields.find((x) => x.name === f.name);
      return t === undefined ? [`Field ${f.name} not found in source schema`] : missingFields(t.type, f.type);
    });
  }
  if (declared.type === "list" && table.type === "list") return missingFields(table.element, declared.element);
  if (declared.type === "map" && table.type === "map") return [...missingFields(table.key, declared.key), ...missingFields(table.value, declared.value)];
  return [];
}

/** CheckCompatibility's errors of a type: `read` the table's (visited), `write` the declared one. */
function typeErrors(read: IcebergType, write: IcebergType, checkOrdering: boolean): string[] {
  if (typeof read === "string") {
    if (typeof write !== "string") return [`: ${write.type} cannot be read as a ${read}`];
    return promotionAllowed(write, read) ? [] : [`: ${write} cannot be promoted to ${read}`];
  }
  if (read.type === "struct") {
    if (typeof write === "string" || write.type !== "struct") return [`: ${typeText(write)} cannot be read as a struct`];
    return structErrors(read.fields, write.fields, checkOrdering);
  }
  if (read.type === "list") {
    if (typeof write === "string" || write.type !== "list") return [`: ${typeText(write)} cannot be read as a list`];
    return [...(read["element-required"] && !write["element-required"] ? [": elements should be required, but are optional"] : []), ...typeErrors(read.element, write.element, checkOrdering)];
  }
  if (typeof write === "string" || write.type !== "map") return [`: ${typeText(write)} cannot be read as a map`];
  return [
    ...(read["value-required"] && !write["value-required"] ? [": values should be required, but are optional"] : []),
    ...typeErrors(read.key, write.key, checkOrdering),
    ...typeErrors(read.value, write.value, checkOrdering),
  ];
}

/** CheckCompatibility.struct: each field of the table (`read`) against the declared one of its name, then their order. */
function structErrors(read: readonly IcebergField[], write: readonly IcebergField[], checkOrdering: boolean): string[] {
  const errors: string[] = [];
  for (const r of read) {
    const w = write.find((x) => x.name === r.name);
    if (w === undefined) {
      // An optional column is read as null.
      if (r.required) errors.push(`${r.name} is required, but is missing`);
      continue;
    }
    if (r.required && !w.required) errors.push(`${r.name} should be required, but is optional`);
    for (const e of typeErrors(r.type, w.type, checkOrdering)) errors.push(e.startsWith(":") ? `${r.name}${e}` : `${r.name}.${e}`);
  }
  if (checkOrdering) {
    let last = -1;
    for (const r of read) {
      const ordinal = write.findIndex((x) => x.name === r.name);
      if (ordinal < 0) continue;
      if (last >= ordinal) errors.push(`${r.name} is out of order, before ${write[last]!.name}`);
      last = ordinal;
    }
  }
  return errors;
}

/** The declared columns the table lacks, as Iceberg's reassignIds reports them (missingFields over the two top-level structs). */
function missingColumns(table: IcebergSchema, declared: IcebergSchema): string[] {
  return missingFields({ type: "struct", fields: table.fields }, { type: "struct", fields: declared.fields });
}

/** What Iceberg reports when a sink declaring `declared` writes a table created with `table`: [] when it writes. */
export function writeProblems(table: IcebergSchema, declared: IcebergSchema): string[] {
  const missing = missingColumns(table, declared);
  // reassignIds throws before the compatibility check runs.
  return missing.length > 0 ? missing : structErrors(table.fields, declared.fields, true);
}

/**
 * What fails when a source declaring `declared` reads a table created with `table`, by declared
 * top-level column, in declared order: the columns the table lacks (or lacks a nested field of),
 * as reassignIds reports them; without those, the columns whose stored type does not widen to the
 * declared one. [] when it reads.
 */
export function readFailures(table: IcebergSchema, declared: IcebergSchema): { column: string; problems: string[] }[] {
  const tableStruct: IcebergType = { type: "struct", fields: table.fields };
  const missing = declared.fields
    .map((d) => ({ column: d.name, problems: missingFields(tableStruct, { type: "struct", fields: [d] }) }))
    .filter((f) => f.problems.length > 0);
  if (missing.length > 0) return missing;
  return declared.fields.map((d) => ({ column: d.name, problems: readTypeProblems(table.fields, [d], "") })).filter((f) => f.problems.length > 0);
}

/** Declared types the stored ones do not widen to (a projection: any subset, any order, any nullability). */
function readTypeProblems(table: readonly IcebergField[], declared: readonly IcebergField[], prefix: string): string[] {
  return declared.flatMap((d) => {
    const t = table.find((x) => x.name === d.name)!;
    return readTypeProblem(t.type, d.type, `${prefix}${d.name}`);
  });
}

function readTypeProblem(stored: IcebergType, declared: IcebergType, name: string): string[] {
  if (typeof stored === "string" || typeof declared === "string") {
    return typeof stored === "string" && typeof declared === "string" && promotionAllowed(stored, declared) ? [] : [`${name}: the table's ${typeText(stored)} read as ${typeText(declared)}`];
  }
  if (stored.type === "struct" && declared.type === "struct") return readTypeProblems(stored.fields, declared.fields, `${name}.`);
  if (stored.type === "list" && declared.type === "list") return readTypeProblem(stored.element, declared.element, `${name}.element`);
  if (stored.type === "map" && declared.type === "map") return [...readTypeProblem(stored.key, declared.key, `${name}.key`), ...readTypeProblem(stored.value, declared.value, `${name}.value`)];
  return [`${name}: the table's ${typeText(stored)} read as ${typeText(declared)}`];
}
