/**
 * fast-check arbitraries of Flink logical types, shared by every test that needs random types.
 * Types are built with `DataTypes`, so every value is one the factory accepts.
 */
import fc from "fast-check";
import type { DataType, RowField } from "../src/types/data-type.js";
import { ALL_RESOLUTIONS, DataTypes } from "../src/types/datatypes.js";

const MAX_LENGTH = 2147483647;

/** A length 1..2147483647, biased towards the bounds (1, 2147483647 = STRING/BYTES). */
export const arbLength: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1, 2, MAX_LENGTH - 1, MAX_LENGTH),
  fc.integer({ min: 1, max: 100 }),
  fc.integer({ min: 1, max: MAX_LENGTH }),
);

const RESOLUTIONS = ALL_RESOLUTIONS;

/** Any INTERVAL type with in-range precisions. */
export const arbInterval: fc.Arbitrary<DataType> = fc
  .tuple(fc.constantFrom(...RESOLUTIONS), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 9 }))
  .map(([r, yearP, dayP, f]) => DataTypes.INTERVAL(r, r.startsWith("YEAR") || r === "MONTH" ? yearP : dayP, f));

/** Primitive types (no NULL, INTERVAL, RAW or zoned timestamp), TIMESTAMP/TIMESTAMP_LTZ precision up to `maxTimestampPrecision`, TIME up to `maxTimePrecision`. */
function arbPrimitive(maxTimestampPrecision: number, maxTimePrecision: number): fc.Arbitrary<DataType> {
  return fc.oneof(
    fc.constantFrom(
      DataTypes.BOOLEAN(),
      DataTypes.TINYINT(),
      DataTypes.SMALLINT(),
      DataTypes.INT(),
      DataTypes.BIGINT(),
      DataTypes.FLOAT(),
      DataTypes.DOUBLE(),
      DataTypes.DATE(),
      DataTypes.STRING(),
      DataTypes.BYTES(),
    ),
    arbLength.map((n) => DataTypes.CHAR(n)),
    arbLength.map((n) => DataTypes.VARCHAR(n)),
    arbLength.map((n) => DataTypes.BINARY(n)),
    arbLength.map((n) => DataTypes.VARBINARY(n)),
    fc.integer({ min: 1, max: 38 }).chain((p) => fc.integer({ min: 0, max: p }).map((s) => DataTypes.DECIMAL(p, s))),
    fc.integer({ min: 0, max: maxTimePrecision }).map((p) => DataTypes.TIME(p)),
    fc.integer({ min: 0, max: maxTimestampPrecision }).map((p) => DataTypes.TIMESTAMP(p)),
    fc.integer({ min: 0, max: maxTimestampPrecision }).map((p) => DataTypes.TIMESTAMP_LTZ(p)),
  );
}

/** Primitive types an Iceberg format-2 table of a Flink job holds (timestamps up to microseconds, TIME up to the planner's 3). */
export const arbIcebergLeafType: fc.Arbitrary<DataType> = arbPrimitive(6, 3);

/** Any type without children (every primitive, INTERVAL, RAW and NULL). */
// Weighted so primitives stay about as frequent as the 9 kinds of primitive branch they stand for.
export const arbLeafType: fc.Arbitrary<DataType> = fc.oneof(
  { arbitrary: arbPrimitive(9, 9), weight: 9 },
  { arbitrary: fc.constant(DataTypes.NULL()), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 9 }).map((p) => DataTypes.TIMESTAMP_WITH_TIME_ZONE(p)), weight: 1 },
  { arbitrary: arbInterval, weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.string({ unit: "binary", minLength: 1, maxLength: 30 }), fc.string({ unit: "binary", minLength: 1, maxLength: 30 }))
      .map(([c, s]) => DataTypes.RAW(c, s)),
    weight: 1,
  },
);

/** Names that are legal only back-quoted: reserved words, quotes, back-ticks, spaces, punctuation. */
const TRICKY_NAMES = ["value", "time", "ROW", "NOT NULL", "null", "a`b", "``", "`", "it's", "''", " lead", "trail ", "a b", "<>", "(,)", "@version", "день", "名前", "🦀"];

/** A ROW field name: 1..256 UTF-16 code units, no CR/LF, not only whitespace; unicode, quotes, back-ticks, spaces, reserved words. */
export const arbFieldName: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...TRICKY_NAMES),
    fc.stringMatching(/^[a-z_][a-z0-9_]{0,15}$/),
    fc.string({ unit: "binary", minLength: 1, maxLength: 20 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 128 }),
    fc.string({ unit: fc.constantFrom("a", "`", "'", " ", "é", "😀"), minLength: 250, maxLength: 256 }),
  )
  .map((s) => s.replace(/[\r\n]/g, "_").slice(0, 256).replace(/[\ud800-\udbff]$/, "x"))
  .filter((s) => s.length >= 1 && /[^\s\u001c-\u001f]/u.test(s));

/** A ROW field description: any text, quotes and line breaks included. */
export const arbDescription: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", "'", "''", "it's", "line1\nline2\r\n", "`", "a, b>", "NOT NULL"),
);

/** Applies random nullability (NULL stays nullable: it cannot be NOT NULL). */
function withRandomNullability(arb: fc.Arbitrary<DataType>): fc.Arbitrary<DataType> {
  return fc.tuple(arb, fc.boolean()).map(([t, notNull]) => (notNull && t.kind !== "NULL" ? t.notNull() : t));
}

/**
 * Any Flink logical type the package models: leaves, and ARRAY / MULTISET / MAP / ROW nested up to
 * `maxDepth` levels, each level with random nullability; ROW fields have unique tricky names and
 * optional descriptions.
 */
export function arbDataTypeOfDepth(maxDepth: number): fc.Arbitrary<DataType> {
  const { type } = fc.letrec<{ type: DataType }>((tie) => ({
    type: fc.oneof(
      { maxDepth, depthIdentifier: "data-type" },
      withRandomNullability(arbLeafType),
      withRandomNullability(tie("type").map((t) => DataTypes.ARRAY(t))),
      withRandomNullability(tie("type").map((t) => DataTypes.MULTISET(t))),
      withRandomNullability(fc.tuple(tie("type"), tie("type")).map(([k, v]) => DataTypes.MAP(k, v))),
      withRandomNullability(
        fc
          .uniqueArray(fc.tuple(arbFieldName, tie("type"), fc.option(arbDescription, { nil: undefined })), {
            maxLength: 4,
            selector: ([name]) => name,
          })
          .map((fields) => DataTypes.ROW(...fields.map(([n, t, d]): RowField => DataTypes.FIELD(n, t, d)))),
      ),
    ),
  }));
  return type;
}

/** Any Flink logical type, nested up to 4 levels (see `arbDataTypeOfDepth`). */
export const arbDataType: fc.Arbitrary<DataType> = arbDataTypeOfDepth(4);
