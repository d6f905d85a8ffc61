/**
 * Flink's logical types as immutable values (flink
 * `flink-table/flink-table-common/src/main/java/org/apache/flink/table/types/logical/*.java`).
 *
 * Each type is a frozen object whose `kind` discriminates the union `DataType`; `toString()`
 * renders canonical Flink SQL that Flink (and `parseDataType`) parses back to the same type, and
 * `equals` compares structurally. Build them with `DataTypes` (datatypes.ts) or `parseDataType`
 * (parser.ts); the constructors do not check ranges.
 */
import { FlinkIcebergValidationError } from "../validation/error.js";

/** Largest length of CHAR/VARCHAR/BINARY/VARBINARY: `VARCHAR(2147483647)` is `STRING`, `VARBINARY(2147483647)` is `BYTES`. */
export const MAX_LENGTH = 2147483647;
/** Flink's DECIMAL precision range is 1..38. */
export const MAX_DECIMAL_PRECISION = 38;
/** TIME/TIMESTAMP fractional-second precision range is 0..9. */
export const MAX_TIME_PRECISION = 9;
/**
 * Identifiers (ROW field names, column names) hold 1..256 characters, counted as UTF-16 code units
 * the way Java's `String.length()` counts them: Flink's SQL parser is configured with
 * `withIdentifierMaxLength(256)` (flink `flink-table/flink-table-planner/.../delegation/PlannerContext.java`).
 */
export const MAX_IDENTIFIER_LENGTH = 256;

/**
 * Quotes an identifier with back-ticks, doubling embedded back-ticks (Calcite
 * `BACK_QUOTED_IDENTIFIER`; flink `EncodingUtils.escapeIdentifier`). Does not check the name:
 * see `checkIdentifier`. Example: ``quoteIdentifier("we`ird")`` is ``"`we``ird`"``.
 */
export function quoteIdentifier(name: string): string {
  return "`" + (name.includes("`") ? name.replace(/`/g, "``") : name) + "`";
}

/**
 * Quotes a string literal with single quotes, doubling embedded quotes (Flink SQL has no backslash
 * escapes; flink `EncodingUtils.escapeSingleQuotes`). Any character, line breaks included, may appear.
 */
export function quoteLiteral(value: string): string {
  return "'" + (value.includes("'") ? value.replace(/'/g, "''") : value) + "'";
}

/** What every DataType shares: `kind`, nullability, canonical text and structural equality. */
abstract class BaseType {
  /** Discriminator of the `DataType` union, e.g. "INT", "DECIMAL", "ROW". */
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

  /**
   * A copy with the given nullability (this object when it already has it).
   * @throws FlinkIcebergValidationError for `NULL NOT NULL`: Flink's NullType is always nullable
   *   (flink `.../types/logical/NullType.java`).
   */
  withNullability(isNullable: boolean): this {
    if (isNullable === this.isNullable) return this;
    if (!isNullable && this.kind === "NULL") {
      throw new FlinkIcebergValidationError([
        { path: "", message: "the NULL type is always nullable: NULL NOT NULL is not a Flink type" },
      ]);
    }
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

  /**
   * Structural equality: same kind, parameters, nullability, nested types, field names and
   * descriptions (the canonical texts are equal). False for anything that is not a DataType.
   */
  equals(other: DataType): boolean {
    return isDataType(other) && this.toString() === other.toString();
  }
}

/**
 * Kinds of the types without parameters. `NULL` is Flink's NullType (always nullable); `VARIANT` is
 * Flink 2.1's semi-structured type (flink `VariantType.java`, LogicalTypeRoot.VARIANT, FLIP-521).
 */
export type SimpleKind = "BOOLEAN" | "TINYINT" | "SMALLINT" | "INT" | "BIGINT" | "FLOAT" | "DOUBLE" | "DATE" | "NULL" | "VARIANT";

/**
 * A type without parameters: BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, NULL,
 * VARIANT (flink `BooleanType.java`, `TinyIntType.java`, ..., `NullType.java`, `VariantType.java`). Renders as its kind.
 */
export class SimpleType extends BaseType {
  constructor(
    /** Which parameterless type this is. */
    readonly kind: SimpleKind,
  ) {
    super();
  }
  protected render(): string {
    return this.kind;
  }
}

/**
 * CHAR(n) / VARCHAR(n); n in 1..2147483647; VARCHAR(2147483647) renders as STRING
 * (flink `CharType.java`, `VarCharType.java`).
 */
export class CharType extends BaseType {
  constructor(
    /** CHAR (fixed length) or VARCHAR (variable length). */
    readonly kind: "CHAR" | "VARCHAR",
    /** Length in characters, 1..2147483647. */
    readonly length: number,
  ) {
    super();
  }
  protected render(): string {
    return this.kind === "VARCHAR" && this.length === MAX_LENGTH ? "STRING" : `${this.kind}(${this.length})`;
  }
}

/**
 * BINARY(n) / VARBINARY(n); n in 1..2147483647; VARBINARY(2147483647) renders as BYTES
 * (flink `BinaryType.java`, `VarBinaryType.java`).
 */
export class BinaryType extends BaseType {
  constructor(
    /** BINARY (fixed length) or VARBINARY (variable length). */
    readonly kind: "BINARY" | "VARBINARY",
    /** Length in bytes, 1..2147483647. */
    readonly length: number,
  ) {
    super();
  }
  protected render(): string {
    return this.kind === "VARBINARY" && this.length === MAX_LENGTH ? "BYTES" : `${this.kind}(${this.length})`;
  }
}

/** DECIMAL(p, s): precision 1..38, scale 0..p; always rendered with both (flink `DecimalType.java`). */
export class DecimalType extends BaseType {
  /** Discriminator. */
  readonly kind = "DECIMAL" as const;
  constructor(
    /** Total digits, 1..38. */
    readonly precision: number,
    /** Digits after the point, 0..precision. */
    readonly scale: number,
  ) {
    super();
  }
  protected render(): string {
    return `DECIMAL(${this.precision}, ${this.scale})`;
  }
}

/** TIME(p) [WITHOUT TIME ZONE]: fractional-second precision 0..9 (default 0); renders `TIME(p)` (flink `TimeType.java`). */
export class TimeType extends BaseType {
  /** Discriminator. */
  readonly kind = "TIME" as const;
  constructor(
    /** Fractional-second digits, 0..9. */
    readonly precision: number,
  ) {
    super();
  }
  protected render(): string {
    return `TIME(${this.precision})`;
  }
}

/**
 * TIMESTAMP(p) [WITHOUT TIME ZONE], TIMESTAMP_LTZ(p) (= TIMESTAMP(p) WITH LOCAL TIME ZONE) and
 * TIMESTAMP(p) WITH TIME ZONE (`TIMESTAMP_TZ`, which Iceberg cannot hold). Precision 0..9, default 6.
 * Renders `TIMESTAMP(p)`, `TIMESTAMP_LTZ(p)` and `TIMESTAMP(p) WITH TIME ZONE` (flink
 * `TimestampType.java`, `LocalZonedTimestampType.java`, `ZonedTimestampType.java`).
 */
export class TimestampType extends BaseType {
  constructor(
    /** Without time zone, with local time zone, or with time zone. */
    readonly kind: "TIMESTAMP" | "TIMESTAMP_LTZ" | "TIMESTAMP_TZ",
    /** Fractional-second digits, 0..9. */
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

/**
 * Resolutions of Flink's YearMonthIntervalType (YEAR, YEAR_TO_MONTH, MONTH) and
 * DayTimeIntervalType (the rest) (flink `YearMonthIntervalType.java`, `DayTimeIntervalType.java`).
 */
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
 * applies to resolutions ending in SECOND. Unused parameters hold their defaults (`DataTypes.INTERVAL`
 * resets them), so two intervals that render alike are deep-equal.
 * Canonical text follows Flink's `asSerializableString`, e.g. `INTERVAL DAY(2) TO SECOND(6)`
 * (flink `YearMonthIntervalType.java`, `DayTimeIntervalType.java`).
 */
export class IntervalType extends BaseType {
  /** Discriminator. */
  readonly kind = "INTERVAL" as const;
  constructor(
    /** Which fields the interval has, e.g. `DAY_TO_SECOND`. */
    readonly resolution: IntervalResolution,
    /** Year precision 1..4 (year-month) or day precision 1..6 (day-time); 2 when unused. */
    readonly precision: number = 2,
    /** Fractional-second precision 0..9; 6 when unused. */
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

/** ARRAY<T> and MULTISET<T> (also written `T ARRAY`, `T MULTISET`; flink `ArrayType.java`, `MultisetType.java`). */
export class CollectionType extends BaseType {
  constructor(
    /** ARRAY (ordered, duplicates) or MULTISET (unordered bag). */
    readonly kind: "ARRAY" | "MULTISET",
    /** Element type, with its own nullability. */
    readonly elementType: DataType,
  ) {
    super();
  }
  protected render(): string {
    return `${this.kind}<${this.elementType.toString()}>`;
  }
}

/** MAP<K, V> (flink `MapType.java`). */
export class MapType extends BaseType {
  /** Discriminator. */
  readonly kind = "MAP" as const;
  constructor(
    /** Key type, with its own nullability. */
    readonly keyType: DataType,
    /** Value type, with its own nullability. */
    readonly valueType: DataType,
  ) {
    super();
  }
  protected render(): string {
    return `MAP<${this.keyType.toString()}, ${this.valueType.toString()}>`;
  }
}

/**
 * One field of a ROW: name (1..256 UTF-16 code units, no CR/LF, not only whitespace), type, optional
 * description (any text). The `description` key is absent, not undefined, when there is none.
 */
export interface RowField {
  /** Field name, case-sensitive; rendered back-quoted. */
  readonly name: string;
  /** Field type, with its own nullability. */
  readonly type: DataType;
  /** Free text rendered as a single-quoted literal after the type; Iceberg keeps it as the field's `doc`. */
  readonly description?: string;
}

/**
 * ROW<`name` T ['description'], ...>; field names are unique (case-sensitive); zero fields allowed
 * (flink `RowType.java`). Every field name is rendered back-quoted.
 */
export class RowType extends BaseType {
  /** Discriminator. */
  readonly kind = "ROW" as const;
  /** The fields in declaration order (frozen). */
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

/** RAW('class', 'serializer snapshot'): an opaque Java type (Iceberg cannot hold it; flink `RawType.java`). */
export class RawType extends BaseType {
  /** Discriminator. */
  readonly kind = "RAW" as const;
  constructor(
    /** Fully qualified Java class name. */
    readonly className: string,
    /** Base64 TypeSerializerSnapshot, as Flink writes it. */
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

/** Freezes a freshly built type and returns it (constructors are internal; use DataTypes). */
export function freeze<T extends DataType>(t: T): T {
  return Object.freeze(t);
}
