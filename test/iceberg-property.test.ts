/**
 * Property tests of toIcebergSchema over random column lists (fixed seeds): it either returns a
 * schema whose field ids are unique and consecutive from 1 (checked by a generic JSON walk, not by
 * the module's own id helpers), or throws FlinkIcebergValidationError, never anything else; and it
 * throws exactly when an independent oracle of the rules says the input is invalid. Every schema,
 * and the partition spec over any of its primitive top-level columns, validates against the
 * Iceberg REST catalog spec's `Schema` / `PartitionSpec` (closed objects, Iceberg's primitive type
 * strings; iceberg-rest-schema.ts) where ../shared/conformance is present.
 */
import { expect } from "chai";
import fc from "fast-check";
import { assignFreshIds, toIcebergPartitionSpec, toIcebergSchema, type Column, type IcebergSchema } from "../src/iceberg/index.js";
import type { DataType } from "../src/types/data-type.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";
import { icebergRestSpecAvailable, icebergSchemaProblems, partitionSpecProblems } from "./iceberg-rest-schema.js";
import { arbDataType, arbDataTypeOfDepth, arbFieldName } from "./types-arbitrary.js";

/** Every field id in a JSON tree: values of `id`, `element-id`, `key-id`, `value-id`. */
function allIds(node: unknown, out: number[] = []): number[] {
  if (Array.isArray(node)) for (const n of node) allIds(n, out);
  else if (typeof node === "object" && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if ((k === "id" || k === "element-id" || k === "key-id" || k === "value-id") && typeof v === "number") out.push(v);
      else allIds(v, out);
    }
  }
  return out;
}

/** Oracle: can Iceberg (format `v`) hold `t`? TIMESTAMP WITH TIME ZONE, INTERVAL, RAW, NULL never; precision 7..9 only in v3. */
function canHold(t: DataType, v: number): boolean {
  switch (t.kind) {
    case "TIMESTAMP_TZ":
    case "INTERVAL":
    case "RAW":
    case "NULL":
      return false;
    case "TIMESTAMP":
    case "TIMESTAMP_LTZ":
      return t.precision <= 6 || v >= 3;
    case "TIME":
      return t.precision <= 3; // Flink's planner (FlinkTypeFactory)
    case "ARRAY":
    case "MULTISET":
      return canHold(t.elementType, v);
    case "MAP":
      return canHold(t.keyType, v) && canHold(t.valueType, v);
    case "ROW":
      return t.fields.every((f) => canHold(f.type, v));
    default:
      return true;
  }
}

/** Oracle: is this a valid key over `columns`? Each name once, existing, primitive, not FLOAT/DOUBLE. */
function validKey(columns: readonly { name: string; type: DataType }[], key: readonly string[]): boolean {
  if (new Set(key).size !== key.length) return false;
  return key.every((name) => {
    const c = columns.find((col) => col.name === name);
    return c !== undefined && !["ARRAY", "MULTISET", "MAP", "ROW", "FLOAT", "DOUBLE"].includes(c.type.kind);
  });
}

const PATH = /^(columns(\[\d+\](\.(name|type|comment))?)?|primaryKey\[\d+\]|formatVersion)$/;

const arbColumnName = fc.oneof(fc.constantFrom("id", "a", "b", "payload"), arbFieldName);
const arbColumns = (type: fc.Arbitrary<DataType>): fc.Arbitrary<{ name: string; type: DataType; comment?: string }[]> =>
  fc.array(
    fc.record({ name: arbColumnName, type, comment: fc.string({ maxLength: 10 }) }, { requiredKeys: ["name", "type"] }),
    { maxLength: 6 },
  );
const arbInput = (type: fc.Arbitrary<DataType>) =>
  arbColumns(type).chain((columns) =>
    fc.record({
      columns: fc.constant(columns),
      primaryKey: fc.option(fc.subarray([...columns.map((c) => c.name), "missing", columns[0]?.name ?? "x"]), { nil: undefined }),
      formatVersion: fc.constantFrom<1 | 2 | 3 | undefined>(undefined, 1, 2, 3),
    }),
  );

function checkOne(input: { columns: { name: string; type: DataType; comment?: string }[]; primaryKey: string[] | undefined; formatVersion: 1 | 2 | 3 | undefined }): IcebergSchema | undefined {
  const { columns, primaryKey, formatVersion } = input;
  const v = formatVersion ?? 2;
  const names = columns.map((c) => c.name);
  const valid =
    columns.length > 0 && new Set(names).size === names.length && columns.every((c) => canHold(c.type, v)) && validKey(columns, primaryKey ?? []);
  let schema: IcebergSchema;
  try {
    schema = toIcebergSchema(columns, { ...(primaryKey === undefined ? {} : { primaryKey }), ...(formatVersion === undefined ? {} : { formatVersion }) });
  } catch (e) {
    expect(e).to.be.instanceOf(FlinkIcebergValidationError);
    const issues = (e as FlinkIcebergValidationError).issues;
    expect(issues.length).to.be.greaterThan(0);
    for (const i of issues) expect(i.path).to.match(PATH);
    expect(valid, `unexpected error: ${(e as Error).message}`).to.equal(false);
    return undefined;
  }
  expect(valid, "the oracle expected an error").to.equal(true);
  const ids = allIds(schema.fields).sort((a, b) => a - b);
  expect(ids).to.deep.equal(ids.map((_, i) => i + 1));
  expect(schema.fields.map((f) => f.id)).to.deep.equal(columns.map((_, i) => i + 1));
  expect(assignFreshIds(schema.fields)).to.deep.equal(schema.fields);
  const key = primaryKey ?? [];
  expect(schema["identifier-field-ids"]).to.deep.equal(key.length === 0 ? undefined : key.map((k) => names.indexOf(k) + 1).sort((a, b) => a - b));
  schema.fields.forEach((f, i) => expect(f.required).to.equal(!columns[i]!.type.isNullable || key.includes(f.name)));
  if (icebergRestSpecAvailable) expect(icebergSchemaProblems(schema)).to.deep.equal([]);
  return schema;
}

describe("iceberg: properties of toIcebergSchema", () => {
  it("random columns (arbDataType): a schema with ids 1..n, or FlinkIcebergValidationError exactly when the oracle says invalid", () => {
    let ok = 0;
    fc.assert(
      fc.property(arbInput(arbDataType), (input) => {
        if (checkOne(input) !== undefined) ok += 1;
      }),
      { seed: 20260801, numRuns: 400 },
    );
    expect(ok).to.be.greaterThan(15);
  });

  it("columns of types Iceberg v3 can hold succeed often and give ids 1..n (seeded)", () => {
    let ok = 0;
    fc.assert(
      fc.property(arbInput(arbDataTypeOfDepth(3).filter((t) => canHold(t, 3))), (input) => {
        if (checkOne(input) !== undefined) ok += 1;
      }),
      { seed: 424242, numRuns: 400 },
    );
    expect(ok).to.be.greaterThan(50);
  });

  it("type text (canonical toString) gives the same schema as the DataType", () => {
    let compared = 0;
    fc.assert(
      fc.property(arbColumns(arbDataTypeOfDepth(3).filter((t) => canHold(t, 3))), (columns) => {
        if (columns.length === 0 || new Set(columns.map((c) => c.name)).size !== columns.length) return;
        const fromTypes = toIcebergSchema(columns, { formatVersion: 3 });
        const asText: Column[] = columns.map((c) => ({ ...c, type: c.type.toString() }));
        expect(toIcebergSchema(asText, { formatVersion: 3 })).to.deep.equal(fromTypes);
        compared += 1;
      }),
      { seed: 7, numRuns: 200 },
    );
    expect(compared).to.be.greaterThan(50);
  });

  it("partition spec over any primitive top-level columns: identity fields from 1000 in order, valid against the REST spec", function () {
    let specs = 0;
    fc.assert(
      fc.property(
        arbInput(arbDataTypeOfDepth(2).filter((t) => canHold(t, 3))).chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray(input.columns.map((c) => c.name)))),
        ([input, picked]) => {
          const schema = checkOne({ ...input, formatVersion: 3 });
          if (schema === undefined) return;
          const primitive = picked.filter((n) => typeof schema.fields.find((f) => f.name === n)!.type === "string");
          const spec = toIcebergPartitionSpec(schema, primitive);
          expect(spec).to.deep.equal({
            "spec-id": 0,
            fields: primitive.map((name, i) => ({ name, transform: "identity", "source-id": schema.fields.find((f) => f.name === name)!.id, "field-id": 1000 + i })),
          });
          if (icebergRestSpecAvailable) expect(partitionSpecProblems(spec)).to.deep.equal([]);
          if (primitive.length > 0) specs += 1;
        },
      ),
      { seed: 99, numRuns: 600 },
    );
    expect(specs).to.be.greaterThan(30);
  });
});
