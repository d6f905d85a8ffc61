/**
 * `DataTypes`: the factory of Flink logical types, named after Flink's Java
 * `org.apache.flink.table.api.DataTypes` (flink
 * `flink-table/flink-table-common/src/main/java/org/apache/flink/table/api/DataTypes.java`).
 * Parameters are checked against Flink's limits (flink `docs/content/docs/dev/table/types.md` and
 * the `MIN_*`/`MAX_*` constants of `.../table/types/logical/*Type.java`); a violation throws
 * FlinkIcebergValidationError naming the value and the allowed range. This is the one place
 * where type parameters are range-checked: `parseDataType` builds its results here.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";
import {
  BinaryType,
  CharType,
  CollectionType,
  DecimalType,
  freeze,
  IntervalType,
  isDataType,
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

/**
 * Checks that `value` is an integer within [min, max] and returns it; `what` names the parameter.
 * @throws FlinkIcebergValidationError `"<what> <value> is out of range: it must be an integer from <min> to <max>"`.
 */
export function checkRange(what: string, value: number, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    fail(`${what} ${String(value)} is out of range: it must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** Java's `Character.isWhitespace`, which Flink's RowType uses to reject blank field names. */
function isJavaWhitespace(ch: string): boolean {
  if (ch === "\u00a0" || ch === "\u2007" || ch === "\u202f") return false;
  return /^[\t\n\u000b\f\r\u001c-\u001f\p{Zs}\u2028\u2029]$/u.test(ch);
}

/**
 * Checks a ROW field or column name and returns it: a string of 1..256 UTF-16 code units (Flink's
 * SQL parser `withIdentifierMaxLength(256)`, counted like Java's `String.length()`), without CR or
 * LF (Flink's lexer forbids them in identifiers), and not only whitespace (flink `RowType.java`
 * `validateFields`). `what` names the identifier in the message, e.g. "ROW field name".
 * @throws FlinkIcebergValidationError naming the identifier and the rule it breaks.
 */
/** Whether every code point of `s` is Java whitespace (no array per call: names are checked per column). */
function onlyWhitespace(s: string): boolean {
  // Fast path: a printable ASCII first character is never whitespace (most names start with a letter).
  const first = s.charCodeAt(0);
  if (first > 0x20 && first < 0x7f) return false;
  for (const ch of s) if (!isJavaWhitespace(ch)) return false;
  return true;
}

export function checkIdentifier(what: string, name: string): string {
  if (typeof name !== "string" || name.length === 0) fail(`${what} must be a non-empty string`);
  if (name.length > MAX_IDENTIFIER_LENGTH) {
    fail(`${what} ${JSON.stringify(name.slice(0, 40) + "…")} is ${name.length} characters long; Flink identifiers hold at most ${MAX_IDENTIFIER_LENGTH}`);
  }
  if (/[\r\n]/.test(name)) fail(`${what} ${JSON.stringify(name)} contains a line break (CR or LF), which Flink identifiers cannot hold`);
  if (onlyWhitespace(name)) fail(`${what} ${JSON.stringify(name)} is only whitespace; Flink names need at least one other character`);
  return name;
}

function checkType(what: string, t: unknown): DataType {
  if (!isDataType(t)) fail(`${what} must be a DataType (build it with DataTypes or parseDataType), got ${typeof t}`);
  return t;
}

const YEAR_MONTH: readonly IntervalResolution[] = ["YEAR", "YEAR_TO_MONTH", "MONTH"];
/** Every INTERVAL resolution Flink declares (YearMonthIntervalType, DayTimeIntervalType). */
export const ALL_RESOLUTIONS: readonly IntervalResolution[] = [
  ...YEAR_MONTH,
  "DAY",
  "DAY_TO_HOUR",
  "DAY_TO_MINUTE",
  "DAY_TO_SECOND",
  "HOUR",
  "HOUR_TO_MINUTE",
  "HOUR_TO_SECOND",
  "MINUTE",
  "MINUTE_TO_SECOND",
  "SECOND",
];
/** Resolutions whose text carries the leading (year or day) precision. */
const HAS_PRECISION: readonly IntervalResolution[] = ["YEAR", "YEAR_TO_MONTH", "DAY", "DAY_TO_HOUR", "DAY_TO_MINUTE", "DAY_TO_SECOND"];

/** Builds a ROW field for `DataTypes.ROW(...)`; checks the name with `checkIdentifier`. */
function FIELD(name: string, type: DataType, description?: string): RowField {
  checkIdentifier("ROW field name", name);
  checkType(`type of ROW field ${JSON.stringify(name)}`, type);
  if (description !== undefined && typeof description !== "string") fail(`description of ROW field ${JSON.stringify(name)} must be a string`);
  return description === undefined ? { name, type } : { name, type, description };
}

/**
 * Flink's DataTypes factory. Every type is nullable until `.notNull()`; every result is frozen.
 * Each method documents its parameter ranges; out-of-range values throw FlinkIcebergValidationError.
 */
export const DataTypes = {
  /** BOOLEAN (Iceberg `boolean`). */
  BOOLEAN: (): SimpleType => freeze(new SimpleType("BOOLEAN")),
  /** 1-byte signed integer (Iceberg `int`). */
  TINYINT: (): SimpleType => freeze(new SimpleType("TINYINT")),
  /** 2-byte signed integer (Iceberg `int`). */
  SMALLINT: (): SimpleType => freeze(new SimpleType("SMALLINT")),
  /** 4-byte signed integer (Iceberg `int`); `INTEGER` in type text. */
  INT: (): SimpleType => freeze(new SimpleType("INT")),
  /** 8-byte signed integer (Iceberg `long`). */
  BIGINT: (): SimpleType => freeze(new SimpleType("BIGINT")),
  /** 4-byte float (Iceberg `float`). */
  FLOAT: (): SimpleType => freeze(new SimpleType("FLOAT")),
  /** 8-byte float (Iceberg `double`); `DOUBLE PRECISION` in type text. */
  DOUBLE: (): SimpleType => freeze(new SimpleType("DOUBLE")),
  /** Calendar date (Iceberg `date`). */
  DATE: (): SimpleType => freeze(new SimpleType("DATE")),
  /** Flink's NULL type (untyped null, always nullable: `.notNull()` throws); Iceberg cannot hold it. */
  NULL: (): SimpleType => freeze(new SimpleType("NULL")),
  /**
   * Flink 2.1's semi-structured VARIANT (flink `DataTypes.VARIANT()`, FLIP-521; built with
   * PARSE_JSON / TRY_PARSE_JSON). A FlinkTable column only: a job on Flink before 2.1 cannot run
   * it, and this package maps no Iceberg column to it.
   */
  VARIANT: (): SimpleType => freeze(new SimpleType("VARIANT")),
  /** Fixed-length string; n in 1..2147483647 (default 1, as a bare `CHAR`). */
  CHAR: (n = 1): CharType => freeze(new CharType("CHAR", checkRange("CHAR length", n, 1, MAX_LENGTH))),
  /**
   * Variable-length string; n in 1..2147483647. Default 2147483647 (rendered `STRING`), as a bare
   * `VARCHAR` in Flink SQL DDL (flink `FlinkTypeSystem.getDefaultPrecision`).
   */
  VARCHAR: (n = MAX_LENGTH): CharType => freeze(new CharType("VARCHAR", checkRange("VARCHAR length", n, 1, MAX_LENGTH))),
  /** `VARCHAR(2147483647)`, rendered `STRING`. */
  STRING: (): CharType => freeze(new CharType("VARCHAR", MAX_LENGTH)),
  /** Fixed-length bytes; n in 1..2147483647 (default 1). Iceberg `fixed[n]`. */
  BINARY: (n = 1): BinaryType => freeze(new BinaryType("BINARY", checkRange("BINARY length", n, 1, MAX_LENGTH))),
  /** Variable-length bytes; n in 1..2147483647. Default 2147483647 (rendered `BYTES`), as a bare `VARBINARY` in Flink SQL DDL. Iceberg `binary`. */
  VARBINARY: (n = MAX_LENGTH): BinaryType => freeze(new BinaryType("VARBINARY", checkRange("VARBINARY length", n, 1, MAX_LENGTH))),
  /** `VARBINARY(2147483647)`, rendered `BYTES`. */
  BYTES: (): BinaryType => freeze(new BinaryType("VARBINARY", MAX_LENGTH)),
  /**
   * DECIMAL(p, s): precision 1..38 (default 10), scale 0..p (default 0).
   * @throws FlinkIcebergValidationError e.g. "DECIMAL precision 39 is out of range: it must be an
   *   integer from 1 to 38 (max 38 digits)" or "DECIMAL scale 7 > precision 5: ...".
   */
  DECIMAL: (p = 10, s = 0): DecimalType => {
    if (typeof p !== "number" || !Number.isInteger(p) || p < 1 || p > MAX_DECIMAL_PRECISION) {
      fail(`DECIMAL precision ${String(p)} is out of range: it must be an integer from 1 to ${MAX_DECIMAL_PRECISION} (max ${MAX_DECIMAL_PRECISION} digits in Flink and Iceberg)`);
    }
    if (typeof s === "number" && Number.isInteger(s) && s > p) {
      fail(`DECIMAL scale ${s} > precision ${p}: the scale must be an integer from 0 to the precision (${p})`);
    }
    checkRange("DECIMAL scale", s, 0, p);
    return freeze(new DecimalType(p, s));
  },
  /** TIME(p): precision 0..9, default 0 (Flink's planner only supports 0). */
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
   * INTERVAL of the given resolution. `precision`: year precision 1..4 (YEAR, YEAR_TO_MONTH) or day
   * precision 1..6 (DAY, DAY_TO_*) (default 2); `fractionalPrecision`: 0..9 (default 6), for
   * resolutions that end in SECOND. Both are range-checked; a parameter the resolution does not
   * carry (e.g. the precision of MONTH, HOUR, MINUTE, SECOND) is reset to its default, as Flink's
   * text drops it (flink `YearMonthIntervalType.java`, `DayTimeIntervalType.java`).
   */
  INTERVAL: (resolution: IntervalResolution, precision = 2, fractionalPrecision = 6): IntervalType => {
    if (!ALL_RESOLUTIONS.includes(resolution)) fail(`INTERVAL resolution ${JSON.stringify(resolution)} is not one of ${ALL_RESOLUTIONS.join(", ")}`);
    const yearMonth = YEAR_MONTH.includes(resolution);
    checkRange(yearMonth ? "INTERVAL year precision" : "INTERVAL day precision", precision, 1, yearMonth ? 4 : 6);
    checkRange("INTERVAL fractional precision", fractionalPrecision, 0, MAX_TIME_PRECISION);
    const p = HAS_PRECISION.includes(resolution) ? precision : 2;
    const f = resolution.endsWith("SECOND") ? fractionalPrecision : 6;
    return freeze(new IntervalType(resolution, p, f));
  },
  /** ARRAY<T>; the element keeps its own nullability. */
  ARRAY: (elementType: DataType): CollectionType => freeze(new CollectionType("ARRAY", checkType("ARRAY element type", elementType))),
  /** MULTISET<T>; the element keeps its own nullability. */
  MULTISET: (elementType: DataType): CollectionType =>
    freeze(new CollectionType("MULTISET", checkType("MULTISET element type", elementType))),
  /** MAP<K, V>; key and value keep their own nullability (Iceberg makes the key required). */
  MAP: (keyType: DataType, valueType: DataType): MapType =>
    freeze(new MapType(checkType("MAP key type", keyType), checkType("MAP value type", valueType))),
  /**
   * ROW of named fields (build them with `DataTypes.FIELD`); zero or more fields, names checked
   * with `checkIdentifier` and unique (case-sensitive).
   * @throws FlinkIcebergValidationError `ROW field name "a" appears twice; field names must be unique`.
   */
  ROW: (...fields: RowField[]): RowType => {
    const seen = new Set<string>();
    for (const f of fields) {
      FIELD(f.name, f.type, f.description);
      if (seen.has(f.name)) fail(`ROW field name ${JSON.stringify(f.name)} appears twice; field names must be unique`);
      seen.add(f.name);
    }
    return freeze(new RowType(fields));
  },
  /** A ROW field: name (see `checkIdentifier`), type, optional description (any text). */
  FIELD,
  /**
   * RAW('class', 'serializer snapshot'): an opaque Java type; both strings must be non-empty.
   * Iceberg cannot hold it.
   */
  RAW: (className: string, serializerSnapshot: string): RawType => {
    if (typeof className !== "string" || className.length === 0) fail("RAW class name must be a non-empty string");
    if (typeof serializerSnapshot !== "string" || serializerSnapshot.length === 0) fail("RAW serializer snapshot must be a non-empty string");
    return freeze(new RawType(className, serializerSnapshot));
  },
} as const;
