/**
 * `DataTypes`: the factory of Flink logical types, named after Flink's Java
 * `org.apache.flink.table.api.DataTypes`. Parameters are checked against Flink's limits
 * (flink `docs/content/docs/dev/table/types.md`); a violation throws FlinkIcebergValidationError
 * naming the value and the allowed range.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";
import {
  BinaryType,
  CharType,
  CollectionType,
  DecimalType,
  freeze,
  IntervalType,
  MapType,
  MAX_DECIMAL_PRECISION,
  MAX_IDENTIFIER_LENGTH,
  MAX_LENGTH,
  MAX_TIME_PRECISION,
  RawType,
  RowType,
  SimpleType,
  TimestampType,
  TimeType,
  type DataType,
  type IntervalResolution,
  type RowField,
} from "./data-type.js";

function fail(message: string): never {
  throw new FlinkIcebergValidationError([{ path: "", message }]);
}

/** Checks that `value` is an integer within [min, max]; `what` names the parameter in the message. */
export function checkRange(what: string, value: number, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    fail(`${what} ${String(value)} is out of range: it must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** Checks a ROW field or column name: 1..256 characters, no CR or LF (Flink's lexer forbids them in identifiers). */
export function checkIdentifier(what: string, name: string): string {
  if (typeof name !== "string" || name.length === 0) fail(`${what} must be a non-empty string`);
  if ([...name].length > MAX_IDENTIFIER_LENGTH) {
    fail(`${what} ${JSON.stringify(name.slice(0, 40) + "…")} is ${[...name].length} characters long; Flink identifiers hold at most ${MAX_IDENTIFIER_LENGTH}`);
  }
  if (/[\r\n]/.test(name)) fail(`${what} ${JSON.stringify(name)} contains a line break (CR or LF), which Flink identifiers cannot hold`);
  return name;
}

const YEAR_MONTH: readonly IntervalResolution[] = ["YEAR", "YEAR_TO_MONTH", "MONTH"];

/** Builds a ROW field for `DataTypes.ROW(...)`. */
function FIELD(name: string, type: DataType, description?: string): RowField {
  checkIdentifier("ROW field name", name);
  return description === undefined ? { name, type } : { name, type, description };
}

/** Flink's DataTypes factory: every type is nullable until `.notNull()`. */
export const DataTypes = {
  BOOLEAN: (): SimpleType => freeze(new SimpleType("BOOLEAN")),
  /** 1-byte signed integer (Iceberg `int`). */
  TINYINT: (): SimpleType => freeze(new SimpleType("TINYINT")),
  /** 2-byte signed integer (Iceberg `int`). */
  SMALLINT: (): SimpleType => freeze(new SimpleType("SMALLINT")),
  /** 4-byte signed integer (Iceberg `int`). */
  INT: (): SimpleType => freeze(new SimpleType("INT")),
  /** 8-byte signed integer (Iceberg `long`). */
  BIGINT: (): SimpleType => freeze(new SimpleType("BIGINT")),
  FLOAT: (): SimpleType => freeze(new SimpleType("FLOAT")),
  DOUBLE: (): SimpleType => freeze(new SimpleType("DOUBLE")),
  DATE: (): SimpleType => freeze(new SimpleType("DATE")),
  /** Flink's NULL type (untyped null); Iceberg cannot hold it. */
  NULL: (): SimpleType => freeze(new SimpleType("NULL")),
  /** Fixed-length string; n in 1..2147483647 (default 1, as a bare `CHAR`). */
  CHAR: (n = 1): CharType => freeze(new CharType("CHAR", checkRange("CHAR length", n, 1, MAX_LENGTH))),
  /** Variable-length string; n in 1..2147483647 (default 1, as a bare `VARCHAR`). */
  VARCHAR: (n = 1): CharType => freeze(new CharType("VARCHAR", checkRange("VARCHAR length", n, 1, MAX_LENGTH))),
  /** `VARCHAR(2147483647)`. */
  STRING: (): CharType => freeze(new CharType("VARCHAR", MAX_LENGTH)),
  /** Fixed-length bytes; n in 1..2147483647 (default 1). Iceberg `fixed[n]`. */
  BINARY: (n = 1): BinaryType => freeze(new BinaryType("BINARY", checkRange("BINARY length", n, 1, MAX_LENGTH))),
  /** Variable-length bytes; n in 1..2147483647 (default 1). Iceberg `binary`. */
  VARBINARY: (n = 1): BinaryType => freeze(new BinaryType("VARBINARY", checkRange("VARBINARY length", n, 1, MAX_LENGTH))),
  /** `VARBINARY(2147483647)`. */
  BYTES: (): BinaryType => freeze(new BinaryType("VARBINARY", MAX_LENGTH)),
  /** DECIMAL(p, s): precision 1..38 (default 10), scale 0..p (default 0). */
  DECIMAL: (p = 10, s = 0): DecimalType => {
    checkRange("DECIMAL precision", p, 1, MAX_DECIMAL_PRECISION);
    if (typeof s !== "number" || !Number.isInteger(s) || s < 0 || s > p) {
      fail(`DECIMAL scale ${String(s)} is out of range for precision ${p}: the scale must be an integer from 0 to the precision (scale ${String(s)} > precision ${p} is not allowed)`);
    }
    return freeze(new DecimalType(p, s));
  },
  /** TIME(p): precision 0..9, default 0. */
  TIME: (p = 0): TimeType => freeze(new TimeType(checkRange("TIME precision", p, 0, MAX_TIME_PRECISION))),
  /** TIMESTAMP(p) WITHOUT TIME ZONE: precision 0..9, default 6. */
  TIMESTAMP: (p = 6): TimestampType => freeze(new TimestampType("TIMESTAMP", checkRange("TIMESTAMP precision", p, 0, MAX_TIME_PRECISION))),
  /** TIMESTAMP_LTZ(p) = TIMESTAMP(p) WITH LOCAL TIME ZONE: precision 0..9, default 6. */
  TIMESTAMP_LTZ: (p = 6): TimestampType =>
    freeze(new TimestampType("TIMESTAMP_LTZ", checkRange("TIMESTAMP_LTZ precision", p, 0, MAX_TIME_PRECISION))),
  /** TIMESTAMP(p) WITH TIME ZONE: precision 0..9, default 6. Flink declares it; Iceberg cannot hold it. */
  TIMESTAMP_WITH_TIME_ZONE: (p = 6): TimestampType =>
    freeze(new TimestampType("TIMESTAMP_TZ", checkRange("TIMESTAMP WITH TIME ZONE precision", p, 0, MAX_TIME_PRECISION))),
  /**
   * INTERVAL of the given resolution. `precision`: year precision 1..4 or day precision 1..6
   * (default 2); `fractionalPrecision`: 0..9 (default 6), for resolutions that end in SECOND.
   */
  INTERVAL: (resolution: IntervalResolution, precision = 2, fractionalPrecision = 6): IntervalType => {
    const yearMonth = YEAR_MONTH.includes(resolution);
    checkRange(yearMonth ? "INTERVAL year precision" : "INTERVAL day precision", precision, 1, yearMonth ? 4 : 6);
    checkRange("INTERVAL fractional precision", fractionalPrecision, 0, MAX_TIME_PRECISION);
    return freeze(new IntervalType(resolution, precision, fractionalPrecision));
  },
  ARRAY: (elementType: DataType): CollectionType => freeze(new CollectionType("ARRAY", elementType)),
  MULTISET: (elementType: DataType): CollectionType => freeze(new CollectionType("MULTISET", elementType)),
  MAP: (keyType: DataType, valueType: DataType): MapType => freeze(new MapType(keyType, valueType)),
  /** ROW of named fields (build them with `DataTypes.FIELD`); field names must be unique. */
  ROW: (...fields: RowField[]): RowType => {
    const seen = new Set<string>();
    for (const f of fields) {
      checkIdentifier("ROW field name", f.name);
      if (seen.has(f.name)) fail(`ROW field name ${JSON.stringify(f.name)} appears twice; field names must be unique`);
      seen.add(f.name);
    }
    return freeze(new RowType(fields));
  },
  FIELD,
  /** RAW('class', 'serializer snapshot'): an opaque Java type. */
  RAW: (className: string, serializerSnapshot: string): RawType => freeze(new RawType(className, serializerSnapshot)),
} as const;
