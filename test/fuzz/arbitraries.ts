/**
 * fast-check arbitraries of valid props: names that only quoting keeps apart from SQL (unicode,
 * reserved words, back-ticks, quotes, `;`, `--`, `/*`, up to 256 UTF-16 units, never CR/LF), free
 * text with any character (CR/LF included) for comments and option values, Iceberg-mappable types,
 * and whole IcebergSource / IcebergSink / FlinkTable args with consistent keys.
 */
import fc from "fast-check";
import type { DataType, RowField } from "../../src/types/data-type.js";
import { DataTypes } from "../../src/types/datatypes.js";
import { isCredentialKey } from "../../src/validation/secrets.js";
import { arbFieldName, arbIcebergLeafType } from "../types-arbitrary.js";

const SQL_BITS = ["SELECT", "from", "WITH", "end", "INSERT INTO", "`", "``", "'", "''", '"', ";", "--", "/*", "*/", "/*+", "\\", " ", "\t", "é", "名", "😀", "\u2028", "\u0085", ",", ")", "(", "<", ">", "=", "$", "#"];

/** A Flink name: 1..256 UTF-16 units, no CR/LF, not only whitespace. */
export const arbName: fc.Arbitrary<string> = fc
  .oneof(
    arbFieldName,
    fc.constantFrom("SELECT", "table", "END", "BEGIN", "STATEMENT", "a;b", "--x", "/*", "x*/", "`;--/*'", "a`b``c", "'; DROP TABLE x; --", "x".repeat(256)),
    fc.array(fc.constantFrom(...SQL_BITS), { minLength: 1, maxLength: 12 }).map((parts) => parts.join("")),
    fc.string({ unit: fc.constantFrom(...SQL_BITS.filter((b) => b.length === 1), "a"), minLength: 240, maxLength: 256 }),
  )
  .map((s) => s.replace(/[\r\n]/g, "_").slice(0, 256).replace(/[\ud800-\udbff]$/, "x"))
  .filter((s) => s.length >= 1 && /[^\s\u001c-\u001f]/u.test(s));

/** Any text, CR/LF, quotes and comment markers included. */
export const arbText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.constantFrom(...SQL_BITS, "\r\n", "\n", "\r", "'\n'", "\u0000"), { maxLength: 12 }).map((p) => p.join("")),
  fc.constantFrom("", "'", "it's", "line1\nline2\r\n", "-- not a comment", "/* nor this */", "');\nDROP TABLE x;--"),
);

/** An option key no rule claims: prefixed so it never hits a rendered key, and not a credential key. */
export function arbOptionKey(prefix: string, specials: readonly string[] = []): fc.Arbitrary<string> {
  const prefixed = fc
    .oneof(fc.stringMatching(/^[a-z][a-z0-9.-]{0,20}$/), fc.string({ unit: "binary", minLength: 1, maxLength: 20 }), fc.constantFrom("k'ey", "k`ey", "k;--/*"))
    .map((k) => `${prefix}${k}`)
    .filter((k) => !isCredentialKey(k));
  return specials.length === 0 ? prefixed : fc.oneof(prefixed, fc.constantFrom(...specials));
}

/** A map of free-form options with keys from `arbOptionKey(prefix)` (own data properties). */
export function arbOptionMap(prefix: string, specials: readonly string[] = [], maxKeys = 4): fc.Arbitrary<Record<string, string>> {
  return fc.uniqueArray(fc.tuple(arbOptionKey(prefix, specials), arbText), { maxLength: maxKeys, selector: ([k]) => k }).map((entries) => Object.fromEntries(entries));
}

const leaf: fc.Arbitrary<DataType> = arbIcebergLeafType;

const nullability = (arb: fc.Arbitrary<DataType>): fc.Arbitrary<DataType> => fc.tuple(arb, fc.boolean()).map(([t, nn]) => (nn ? t.notNull() : t));

/** A type Iceberg can hold, nested up to 3 levels; ROW fields with tricky names and descriptions. */
export const arbIcebergType: fc.Arbitrary<DataType> = fc.letrec<{ t: DataType }>((tie) => ({
  t: fc.oneof(
    { maxDepth: 3, depthIdentifier: "iceberg-type" },
    nullability(leaf),
    nullability(tie("t").map((e) => DataTypes.ARRAY(e))),
    nullability(tie("t").map((e) => DataTypes.MULTISET(e.notNull()))),
    nullability(fc.tuple(tie("t"), tie("t")).map(([k, v]) => DataTypes.MAP(k.notNull(), v))),
    nullability(
      fc
        .uniqueArray(fc.tuple(arbName, tie("t"), fc.option(arbText, { nil: undefined })), { minLength: 1, maxLength: 3, selector: ([n]) => n })
        .map((fs) => DataTypes.ROW(...fs.map(([n, t, d]): RowField => DataTypes.FIELD(n, t, d)))),
    ),
  ),
})).t;

export interface GenColumn {
  name: string;
  type: DataType;
  /** How the type is given: as text or as a DataTypes value. */
  asText: boolean;
  comment?: string;
}

const arbColumns: fc.Arbitrary<GenColumn[]> = fc.uniqueArray(
  fc.record({ name: arbName, type: arbIcebergType, asText: fc.boolean(), comment: fc.option(arbText, { nil: undefined }) }).map((c) => {
    const { comment, ...rest } = c;
    return comment === undefined ? rest : { ...rest, comment };
  }),
  { minLength: 1, maxLength: 5, selector: (c) => c.name },
);

const PRIMITIVE = new Set(["ARRAY", "MULTISET", "MAP", "ROW"]);
const keyable = (c: GenColumn): boolean => !PRIMITIVE.has(c.type.kind) && c.type.kind !== "FLOAT" && c.type.kind !== "DOUBLE";

/** Columns with a primary key and partitions drawn from the columns that may hold them. */
export interface GenTable {
  columns: GenColumn[];
  primaryKey: string[];
  partitionedBy: string[];
}

export const arbTable: fc.Arbitrary<GenTable> = arbColumns.chain((columns) => {
  const keyCols = columns.filter(keyable).map((c) => c.name);
  const primCols = columns.filter((c) => !PRIMITIVE.has(c.type.kind)).map((c) => c.name);
  return fc.record({
    columns: fc.constant(columns),
    primaryKey: keyCols.length === 0 ? fc.constant([]) : fc.subarray(keyCols),
    partitionedBy: primCols.length === 0 ? fc.constant([]) : fc.subarray(primCols, { maxLength: Math.min(2, primCols.length) }),
  });
});

/** The args' `columns` entry of a generated column. */
export function columnArg(c: GenColumn): { name: string; type: DataType | string; comment?: string } {
  return { name: c.name, type: c.asText ? c.type.toString() : c.type, ...(c.comment !== undefined ? { comment: c.comment } : {}) };
}

/**
 * A catalog with plain uri/warehouse (any one-line text after the scheme its type needs: http:// for
 * rest, one thrift:// entry without a comma or trailing space for hive) and free-form properties.
 */
export const arbCatalog = fc
  .record({
    name: fc.oneof(arbName, arbText.filter((s) => s.length > 0)),
    type: fc.constantFrom("rest" as const, "hive" as const, "hadoop" as const),
    uri: arbText.map((s) => s.replace(/[\r\n]/g, "")),
    warehouse: arbText.map((s) => `s3://w${s.replace(/[\r\n]/g, "")}`),
    properties: arbOptionMap("p.", ["toString", "isPrototypeOf"]),
  })
  .map((c) => ({ ...c, uri: c.type === "rest" ? `http://h${c.uri}` : `thrift://h${c.uri.replace(/,/g, "")}`.trimEnd() }));

/** Source options that validate together. */
export const arbSourceOptions = fc.oneof(
  fc.record({ streaming: fc.boolean() }, { requiredKeys: [] }),
  fc.record({ streaming: fc.constant(true), startSnapshotId: fc.bigInt({ min: 1n, max: 2n ** 62n }).map(String) }),
  fc.record({ streaming: fc.constant(true), endSnapshotId: fc.bigInt({ min: 1n, max: 2n ** 62n }) }),
  fc.record({ splitSize: fc.oneof(fc.integer({ min: 1, max: 2 ** 40 }), fc.constantFrom("128MB", "64 mb", "1gb")) }, { requiredKeys: [] }),
);

/** Sink options that validate together with a table (upsert only with a key covering the partitions). */
export function arbSinkOptions(t: GenTable): fc.Arbitrary<Record<string, unknown>> {
  const upsertOk = t.primaryKey.length > 0 && t.partitionedBy.every((p) => t.primaryKey.includes(p));
  return fc.record(
    {
      writeFormat: fc.constantFrom("parquet", "orc", "avro"),
      commitInterval: fc.constantFrom("30s", "5 min", "1h", "500ms", "1min"),
      targetFileSizeBytes: fc.oneof(fc.integer({ min: 1, max: 2 ** 40 }), fc.constantFrom("128MB", "1gb")),
      upsertEnabled: upsertOk ? fc.boolean() : fc.constant(false),
      compressionCodec: fc.constantFrom("snappy", "zstd"),
    },
    { requiredKeys: [] },
  );
}
