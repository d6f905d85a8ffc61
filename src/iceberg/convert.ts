/**
 * Flink logical type → Iceberg type, following iceberg
 * `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/FlinkTypeToType.java` (with the
 * nanosecond timestamps of Iceberg 1.11+), with field ids taken in AssignFreshIds order (ids.ts).
 *
 * Column paths in messages: the column name, `.field` for a ROW field, `[]` for an ARRAY or
 * MULTISET element, `{key}` / `{value}` for a MAP key / value, e.g. `payload.items[].price`,
 * `attrs{value}.x`.
 */
import type { DataType, IntervalType, TimestampType } from "../types/data-type.js";
import { MAX_DECIMAL_PRECISION } from "../types/data-type.js";
import { MAX_PLANNER_TIME_PRECISION, timeFractionWarning, timePrecisionProblem } from "../types/planner-limits.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { FieldIdCounter } from "./ids.js";
import type { IcebergField, IcebergType } from "./types.js";

/** Largest precision Iceberg `timestamp` / `timestamptz` holds (microseconds). */
export const MAX_MICROS_PRECISION = 6;

/** State of one conversion: where ids come from, where problems go, which format version is allowed. */
export interface ConvertContext {
  /** Errors and warnings, scoped at the prop path of the column's type (e.g. `columns[3].type`); reset per column. */
  diag: Diagnostics;
  /** Field ids, taken in AssignFreshIds order. */
  readonly ids: FieldIdCounter;
  /** Table format version; 3 or more allows `timestamp_ns` / `timestamptz_ns`. */
  readonly formatVersion: number;
  /** Set to true when a `*_ns` type was produced. */
  needsFormatV3: boolean;
}

/** Why a Flink type has no Iceberg counterpart and what to declare instead. */
function intervalAdvice(t: IntervalType): string {
  const yearMonth = t.resolution === "YEAR" || t.resolution === "YEAR_TO_MONTH" || t.resolution === "MONTH";
  return yearMonth
    ? "store the number of months as INT (Flink holds year-month intervals as an INT of months)"
    : "store the duration as BIGINT milliseconds (Flink holds day-time intervals as a BIGINT of milliseconds)";
}

/** TIME(p) → Iceberg time, within what Flink's planner accepts (planner-limits.ts). */
function timeType(t: DataType & { precision: number }, path: string, ctx: ConvertContext): IcebergType | undefined {
  if (t.precision > MAX_PLANNER_TIME_PRECISION) {
    ctx.diag.error("", timePrecisionProblem(path, t));
    return undefined;
  }
  if (t.precision > 0) ctx.diag.warn("", timeFractionWarning(path, t));
  return "time";
}

function timestampType(t: TimestampType, path: string, ctx: ConvertContext): IcebergType | undefined {
  const p = t.precision;
  if (t.kind === "TIMESTAMP_TZ") {
    const ltz = p > MAX_MICROS_PRECISION && ctx.formatVersion < 3 ? `TIMESTAMP_LTZ(${p}) with formatVersion 3, or TIMESTAMP_LTZ(${MAX_MICROS_PRECISION})` : `TIMESTAMP_LTZ(${p})`;
    ctx.diag.error(
      "",
      `${path}: ${t.toString()}: TIMESTAMP WITH TIME ZONE not supported: neither Flink SQL tables nor Iceberg can hold a time zone per value; ` +
        `use ${ltz} (Iceberg timestamptz, an instant stored in UTC) and keep the zone in a separate STRING column if it matters`,
    );
    return undefined;
  }
  const zoned = t.kind === "TIMESTAMP_LTZ";
  const base = zoned ? "timestamptz" : "timestamp";
  if (p <= MAX_MICROS_PRECISION) return base;
  if (ctx.formatVersion >= 3) {
    ctx.needsFormatV3 = true;
    return `${base}_ns`;
  }
  const flink = zoned ? "TIMESTAMP_LTZ" : "TIMESTAMP";
  ctx.diag.error(
    "",
    `${path}: ${t.toString()} has precision ${p}, but Iceberg format v1/v2 ${base} holds microsecond precision (at most ${MAX_MICROS_PRECISION} digits) ` +
      `and older runtimes silently drop the extra digits; use ${flink}(${MAX_MICROS_PRECISION}), or set formatVersion 3 for Iceberg ${base}_ns ` +
      `(nanoseconds, needs the Iceberg 1.11+ runtime in the image)`,
  );
  return undefined;
}

function unsupported(path: string, ctx: ConvertContext, what: string, advice: string): undefined {
  ctx.diag.error("", `${path}: ${what} is not supported by Iceberg; ${advice}`);
  return undefined;
}

/**
 * Converts the fields of a ROW (or the columns of a table) into Iceberg struct fields: ids for
 * every field first, then each field's type in order. `doc` comes from `description`. Duplicate
 * names are errors (Iceberg indexes fields by name). Returns undefined when any part failed.
 */
export function convertFields(
  fields: readonly { name: string; type: DataType; description?: string | undefined }[],
  pathOf: (name: string) => string,
  ctx: ConvertContext,
): IcebergField[] | undefined {
  const ids = fields.map(() => ctx.ids.take());
  const out: IcebergField[] = [];
  const seen = new Set<string>();
  let ok = true;
  fields.forEach((f, i) => {
    const path = pathOf(f.name);
    if (seen.has(f.name)) {
      ctx.diag.error("", `${path}: ROW field name ${JSON.stringify(f.name)} appears twice; field names must be unique`);
      ok = false;
    }
    seen.add(f.name);
    const type = convertType(f.type, path, ctx);
    if (type === undefined) {
      ok = false;
      return;
    }
    const field: IcebergField = { id: ids[i]!, name: f.name, required: !f.type.isNullable, type };
    if (f.description !== undefined) field.doc = f.description;
    out.push(field);
  });
  return ok ? out : undefined;
}

/**
 * The Iceberg type of Flink type `t` at column path `path`. Ids are taken from `ctx.ids` in
 * AssignFreshIds order; problems go to `ctx.diag` with messages starting with the column path
 * (nested parts as in the module doc). Returns undefined when `t` (or a part of it) has no Iceberg
 * counterpart. Mapping (SPEC "Flink to Iceberg types", decision 1):
 * BOOLEAN → boolean; TINYINT, SMALLINT, INT → int; BIGINT → long; FLOAT → float; DOUBLE → double;
 * CHAR, VARCHAR, STRING → string; BINARY(n) → fixed[n]; VARBINARY, BYTES → binary;
 * DECIMAL(p, s) → decimal(p, s) (p ≤ 38, s ≤ p); DATE → date; TIME(any) → time;
 * TIMESTAMP(0..6) → timestamp; TIMESTAMP_LTZ(0..6) → timestamptz; precision 7..9 →
 * timestamp_ns / timestamptz_ns with format v3, else an error; ARRAY → list (element-required =
 * element NOT NULL); MAP → map (value-required = value NOT NULL); MULTISET<T> → map<T, int> with a
 * required value; ROW → struct. Errors: TIMESTAMP WITH TIME ZONE, INTERVAL, RAW and NULL, each
 * naming the nearest type Iceberg holds.
 *
 * A MAP key and a MULTISET element become an Iceberg map key, which is always required, whether
 * the Flink type is nullable or not (FlinkTypeToType `visit(MapType)` / `visit(MultisetType)`:
 * `Types.MapType.ofOptional/ofRequired` take no key nullability; TypeToFlinkType reads the key
 * back NOT NULL). `MAP<STRING, STRING>` and `MAP<STRING NOT NULL, STRING>` give the same table;
 * Flink writes either from either (flink DynamicSinkUtils makes the sink type nullable at every
 * level before LogicalTypeCasts compares, and its not-null enforcer checks top-level columns only);
 * and a NULL key that reaches the writer fails it (Parquet, Avro: a NullPointerException in the
 * key's writer) or is written anyway (ORC) with either declaration (NOT NULL only drops the
 * writers' null test, flink ArrayData.createElementGetter). The declaration changes nothing a user
 * could act on, so neither is reported.
 */
export function convertType(t: DataType, path: string, ctx: ConvertContext): IcebergType | undefined {
  switch (t.kind) {
    case "BOOLEAN":
      return "boolean";
    case "TINYINT":
    case "SMALLINT":
    case "INT":
      return "int";
    case "BIGINT":
      return "long";
    case "FLOAT":
      return "float";
    case "DOUBLE":
      return "double";
    case "DATE":
      return "date";
    case "NULL":
      return unsupported(path, ctx, "the NULL type (an untyped null)", "declare the concrete type the values will have, e.g. STRING or INT (the column stays nullable)");
    case "VARIANT":
      // iceberg flink/v2.1 FlinkTypeToType maps VARIANT to variant (format v3); the package does not model Iceberg variant columns.
      ctx.diag.error(
        "",
        `${path}: VARIANT is not supported in an Iceberg table by this package: Iceberg maps a Flink VARIANT to its variant type only in its Flink 2.1 connector and in format-version 3 tables, ` +
          "and the package does not model variant columns (their schema, format and version rules); declare STRING for the JSON text (PARSE_JSON(col) reads it as VARIANT in a Flink 2.1 query), " +
          "or ROW<name T, ...> of the fields you need; a FlinkTable column may be VARIANT",
      );
      return undefined;
    case "CHAR":
    case "VARCHAR":
      return "string";
    case "BINARY":
      return `fixed[${t.length}]`;
    case "VARBINARY":
      return "binary";
    case "DECIMAL":
      if (t.precision > MAX_DECIMAL_PRECISION || t.precision < 1) {
        ctx.diag.error("", `${path}: ${t.toString()} has precision ${t.precision}; Iceberg decimal precision is 1 to max ${MAX_DECIMAL_PRECISION}; use DECIMAL(${MAX_DECIMAL_PRECISION}, ${Math.min(t.scale, MAX_DECIMAL_PRECISION)}) or a STRING`);
        return undefined;
      }
      if (t.scale < 0 || t.scale > t.precision) {
        ctx.diag.error("", `${path}: ${t.toString()} has scale ${t.scale} > precision ${t.precision}; the scale must be from 0 to the precision`);
        return undefined;
      }
      return `decimal(${t.precision}, ${t.scale})`;
    case "TIME":
      return timeType(t, path, ctx);
    case "TIMESTAMP":
    case "TIMESTAMP_LTZ":
    case "TIMESTAMP_TZ":
      return timestampType(t, path, ctx);
    case "INTERVAL":
      return unsupported(path, ctx, t.toString(), intervalAdvice(t));
    case "RAW":
      return unsupported(path, ctx, `RAW type ${JSON.stringify(t.className)}`, "serialize the value yourself and declare BYTES (Iceberg binary)");
    case "ARRAY": {
      const elementId = ctx.ids.take();
      const element = convertType(t.elementType, `${path}[]`, ctx);
      if (element === undefined) return undefined;
      return { type: "list", "element-id": elementId, element, "element-required": !t.elementType.isNullable };
    }
    case "MULTISET": {
      const keyId = ctx.ids.take();
      const valueId = ctx.ids.take();
      const key = convertType(t.elementType, `${path}[]`, ctx);
      if (key === undefined) return undefined;
      return { type: "map", "key-id": keyId, key, "value-id": valueId, value: "int", "value-required": true };
    }
    case "MAP": {
      const keyId = ctx.ids.take();
      const valueId = ctx.ids.take();
      const key = convertType(t.keyType, `${path}{key}`, ctx);
      const value = convertType(t.valueType, `${path}{value}`, ctx);
      if (key === undefined || value === undefined) return undefined;
      return { type: "map", "key-id": keyId, key, "value-id": valueId, value, "value-required": !t.valueType.isNullable };
    }
    case "ROW": {
      const fields = convertFields(t.fields, (name) => `${path}.${name}`, ctx);
      return fields === undefined ? undefined : { type: "struct", fields };
    }
  }
}

/** A fresh context for converting one type tree with ids from `start`. */
export function newConvertContext(diag: Diagnostics, formatVersion: number, start = 1): ConvertContext {
  return { diag, ids: new FieldIdCounter(start), formatVersion, needsFormatV3: false };
}
