/**
 * Flink's logical types as immutable values (Flink `org.apache.flink.table.types.logical.*`).
 *
 * Each type is a frozen object whose `kind` discriminates the union `DataType`; `toString()`
 * renders canonical Flink SQL that Flink parses back to the same type, and `equals` compares
 * structurally. Build them with `DataTypes` (datatypes.ts) or `parseDataType` (parser.ts).
 */

/** Largest length of CHAR/VARCHAR/BINARY/VARBINARY: `VARCHAR(2147483647)` is `STRING`, `VARBINARY(2147483647)` is `BYTES`. */
export const MAX_LENGTH = 2147483647;
/** Flink's DECIMAL precision range is 1..38. */
export const MAX_DECIMAL_PRECISION = 38;
/** TIME/TIMESTAMP fractional-second precision range is 0..9. */
export const MAX_TIME_PRECISION = 9;
/** Identifiers (ROW field names, column names) hold 1..256 characters (Calcite Lex.JAVA). */
export const MAX_IDENTIFIER_LENGTH = 256;

/** Quotes an identifier with back-ticks, doubling embedded back-ticks (Calcite BACK_QUOTED_IDENTIFIER). */
export function quoteIdentifier(name: string): string {
  return "`" + name.replace(/`/g, "``") + "`";
}

/** Quotes a string literal with single quotes, doubling embedded quotes (no backslash escapes in Flink SQL). */
export function quoteLiteral(value: string): string {
  return "'" + value.replace(/'/g, "''") + "'";
}

abstract class BaseType {
  abstract readonly kind: string;
  /** False when declared `NOT NULL`. */
  readonly isNullable: boolean = true;

  /** This type declared `NOT NULL`. */
  notNull(): this {
    return this.withNullability(false);
  }

  /** This type without `NOT NULL`. */
  nullable(): this {
    return this.withNullability(true);
  }

  /** A copy with the given nullability. */
  withNullability(isNullable: boolean): this {
    if (isNullable === this.isNullable) return this;
    const copy = Object.create(Object.getPrototypeOf(this)) as this;
    Object.assign(copy, this, { isNullable });
    return Object.freeze(copy);
  }

  /** Canonical Flink SQL without the nullability suffix. */
  protected abstract render(): string;

  /** Canonical Flink SQL, e.g. `DECIMAL(10, 2) NOT NULL`, ``ROW<`a` INT>``. */
  toString(): string {
    return this.isNullable ? this.render() : `${this.render()} NOT NULL`;
  }

  /** Structural equality (same kind, parameters, nullability, nested types and field names). */
  equals(other: DataType): boolean {
    return this.toString() === other.toString();
  }
}

/** Types without parameters. `NULL` is Flink's NullType (always nullable). */
export type SimpleKind = "BOOLEAN" | "TINYINT" | "SMALLINT" | "INT" | "BIGINT" | "FLOAT" | "DOUBLE" | "DATE" | "NULL";

export class SimpleType extends BaseType {
  constructor(readonly kind: SimpleKind) {
    super();
  }
  protected render(): string {
    return this.kind;
  }
}

/** CHAR(n) / VARCHAR(n); n in 1..2147483647; VARCHAR(2147483647) renders as STRING. */
export class CharType extends BaseType {
  constructor(
    readonly kind: "CHAR" | "VARCHAR",
    readonly length: number,
  ) {
    super();
  }
  protected render(): string {
    return this.kind === "VARCHAR" && this.length === MAX_LENGTH ? "STRING" : `${this.kind}(${this.length})`;
  }
}

/** BINARY(n) / VARBINARY(n); n in 1..2147483647; VARBINARY(2147483647) renders as BYTES. */
export class BinaryType extends BaseType {
  constructor(
    readonly kind: "BINARY" | "VARBINARY",
    readonly length: number,
  ) {
    super();
  }
  protected render(): string {
    return this.kind === "VARBINARY" && this.length === MAX_LENGTH ? "BYTES" : `${this.kind}(${this.length})`;
  }
}

/** DECIMAL(p, s): precision 1..38, scale 0..p. */
export class DecimalType extends BaseType {
  readonly kind = "DECIMAL" as const;
  constructor(
    readonly precision: number,
    readonly scale: number,
  ) {
    super();
  }
  protected render(): string {
    return `DECIMAL(${this.precision}, ${this.scale})`;
  }
}

/** TIME(p): fractional-second precision 0..9 (default 0). */
export class TimeType extends BaseType {
  readonly kind = "TIME" as const;
  constructor(readonly precision: number) {
    super();
  }
  protected render(): string {
    return `TIME(${this.precision})`;
  }
}

/**
 * TIMESTAMP(p) [WITHOUT TIME ZONE], TIMESTAMP_LTZ(p) (= TIMESTAMP(p) WITH LOCAL TIME ZONE) and
 * TIMESTAMP(p) WITH TIME ZONE (`TIMESTAMP_TZ`, which Iceberg cannot hold). Precision 0..9, default 6.
 */
export class TimestampType extends BaseType {
  constructor(
    readonly kind: "TIMESTAMP" | "TIMESTAMP_LTZ" | "TIMESTAMP_TZ",
    readonly precision: number,
  ) {
    super();
  }
  protected render(): string {
    switch (this.kind) {
      case "TIMESTAMP":
        return `TIMESTAMP(${this.precision})`;
      case "TIMESTAMP_LTZ":
        return `TIMESTAMP_LTZ(${this.precision})`;
      case "TIMESTAMP_TZ":
        return `TIMESTAMP(${this.precision}) WITH TIME ZONE`;
    }
  }
}

/** Resolutions of Flink's YearMonthIntervalType and DayTimeIntervalType. */
export type IntervalResolution =
  | "YEAR"
  | "YEAR_TO_MONTH"
  | "MONTH"
  | "DAY"
  | "DAY_TO_HOUR"
  | "DAY_TO_MINUTE"
  | "DAY_TO_SECOND"
  | "HOUR"
  | "HOUR_TO_MINUTE"
  | "HOUR_TO_SECOND"
  | "MINUTE"
  | "MINUTE_TO_SECOND"
  | "SECOND";

/**
 * INTERVAL types. `precision` is the year precision (1..4, default 2) for year-month resolutions
 * and the day precision (1..6, default 2) for day-time ones; `fractionalPrecision` (0..9, default 6)
 * applies to resolutions ending in SECOND. Unused parameters hold their defaults.
 * Canonical text follows Flink's `asSerializableString`, e.g. `INTERVAL DAY(2) TO SECOND(6)`.
 */
export class IntervalType extends BaseType {
  readonly kind = "INTERVAL" as const;
  constructor(
    readonly resolution: IntervalResolution,
    readonly precision: number = 2,
    readonly fractionalPrecision: number = 6,
  ) {
    super();
  }
  protected render(): string {
    const p = this.precision;
    const f = this.fractionalPrecision;
    switch (this.resolution) {
      case "YEAR":
        return `INTERVAL YEAR(${p})`;
      case "YEAR_TO_MONTH":
        return `INTERVAL YEAR(${p}) TO MONTH`;
      case "MONTH":
        return "INTERVAL MONTH";
      case "DAY":
        return `INTERVAL DAY(${p})`;
      case "DAY_TO_HOUR":
        return `INTERVAL DAY(${p}) TO HOUR`;
      case "DAY_TO_MINUTE":
        return `INTERVAL DAY(${p}) TO MINUTE`;
      case "DAY_TO_SECOND":
        return `INTERVAL DAY(${p}) TO SECOND(${f})`;
      case "HOUR":
        return "INTERVAL HOUR";
      case "HOUR_TO_MINUTE":
        return "INTERVAL HOUR TO MINUTE";
      case "HOUR_TO_SECOND":
        return `INTERVAL HOUR TO SECOND(${f})`;
      case "MINUTE":
        return "INTERVAL MINUTE";
      case "MINUTE_TO_SECOND":
        return `INTERVAL MINUTE TO SECOND(${f})`;
      case "SECOND":
        return `INTERVAL SECOND(${f})`;
    }
  }
}

/** ARRAY<T> and MULTISET<T>. */
export class CollectionType extends BaseType {
  constructor(
    readonly kind: "ARRAY" | "MULTISET",
    readonly elementType: DataType,
  ) {
    super();
  }
  protected render(): string {
    return `${this.kind}<${this.elementType.toString()}>`;
  }
}

/** MAP<K, V>. */
export class MapType extends BaseType {
  readonly kind = "MAP" as const;
  constructor(
    readonly keyType: DataType,
    readonly valueType: DataType,
  ) {
    super();
  }
  protected render(): string {
    return `MAP<${this.keyType.toString()}, ${this.valueType.toString()}>`;
  }
}

/** One field of a ROW: name (1..256 characters, no CR/LF), type, optional description. */
export interface RowField {
  readonly name: string;
  readonly type: DataType;
  readonly description?: string;
}

/** ROW<`name` T ['description'], ...>; field names are unique. */
export class RowType extends BaseType {
  readonly kind = "ROW" as const;
  readonly fields: readonly RowField[];
  constructor(fields: readonly RowField[]) {
    super();
    this.fields = Object.freeze(
      fields.map((f) =>
        Object.freeze(f.description === undefined ? { name: f.name, type: f.type } : { name: f.name, type: f.type, description: f.description }),
      ),
    );
  }
  protected render(): string {
    const parts = this.fields.map((f) => {
      const base = `${quoteIdentifier(f.name)} ${f.type.toString()}`;
      return f.description === undefined ? base : `${base} ${quoteLiteral(f.description)}`;
    });
    return `ROW<${parts.join(", ")}>`;
  }
}

/** RAW('class', 'serializer snapshot'): an opaque Java type (Iceberg cannot hold it). */
export class RawType extends BaseType {
  readonly kind = "RAW" as const;
  constructor(
    readonly className: string,
    readonly serializerSnapshot: string,
  ) {
    super();
  }
  protected render(): string {
    return `RAW(${quoteLiteral(this.className)}, ${quoteLiteral(this.serializerSnapshot)})`;
  }
}

/** Any Flink logical type; switch on `kind` to narrow. */
export type DataType =
  | SimpleType
  | CharType
  | BinaryType
  | DecimalType
  | TimeType
  | TimestampType
  | IntervalType
  | CollectionType
  | MapType
  | RowType
  | RawType;

/** Every `kind` value. */
export type DataTypeKind = DataType["kind"];

/** True for anything built by DataTypes or parseDataType. */
export function isDataType(value: unknown): value is DataType {
  return value instanceof BaseType;
}

/** Freezes a freshly built type (constructors are internal; use DataTypes). */
export function freeze<T extends DataType>(t: T): T {
  return Object.freeze(t);
}
