/**
 * The plain fields' quick reads (src/options/quick-fields.ts) return what zod's parse of the field's
 * schema returns whenever they return anything, and they do read the common values (else they would
 * only add work); parseFields gives the same fields and problems as zod alone.
 */
import { expect } from "chai";
import fc from "fast-check";
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { count, params, runs } from "./fuzz/config.js";
import { parseFields } from "../src/options/fields.js";
import { quickBoolean, quickDuration, quickEnum, quickLiteralOrDefault, quickName } from "../src/options/quick-fields.js";
import { IcebergSinkOptionsShape, WriteFormat } from "../src/options/sink-options.js";
import { IcebergSourceOptionsShape } from "../src/options/source-options.js";
import { IcebergTableShape } from "../src/options/table-options.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

/** Values near the valid ones of every field: names, durations, formats, booleans, and odd values. */
const arbValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("", "raw", "events_1", "a\nb", "a\rb", " ", "\u2028", "parquet", "PARQUET", "orc", "avro", " parquet", "csv", "constructor", "__proto__"),
  fc.constantFrom("1min", "30s", "5 min", "1h", "500ms", "0s", "0", "1", "10", "1.5s", "1ns", "-1s", "1 minute", "99999999999999999999d", "1µs", "2 d", "s", "1min "),
  fc.constantFrom(undefined, null, 0, 1, 2, 3, 4, -0, 2.5, "2", 60000, true, false, [], {}, ["x"], Number.NaN, 10n),
  fc.constant(pulumi.output("raw")),
  fc.constant(Promise.resolve(true)),
  // eslint-disable-next-line no-new-wrappers -- a String object is no string to zod
  fc.constant(new String("raw")),
  fc.string(),
);

/** Each field with a quick read: its schema (as parseFields meets it) and the read. */
const FIELDS: readonly { name: string; schema: z.ZodType; read: (value: unknown) => unknown }[] = [
  { name: "database", schema: IcebergTableShape.database, read: quickName },
  { name: "table", schema: IcebergTableShape.table, read: quickName },
  { name: "formatVersion", schema: IcebergTableShape.formatVersion, read: quickLiteralOrDefault([1, 2, 3], 2) },
  { name: "streaming", schema: IcebergSourceOptionsShape.streaming, read: quickBoolean },
  { name: "upsertEnabled", schema: IcebergSinkOptionsShape.upsertEnabled, read: quickBoolean },
  { name: "writeFormat", schema: IcebergSinkOptionsShape.writeFormat, read: quickEnum(Object.values(WriteFormat)) },
  { name: "commitInterval", schema: IcebergSinkOptionsShape.commitInterval, read: quickDuration },
];

describe("quick reads of plain fields", () => {
  it(`each returns zod's output whenever it returns anything (${runs(2000)} generated values per field)`, () => {
    for (const f of FIELDS) {
      let quick = 0;
      fc.assert(
        fc.property(arbValue, (value) => {
          count("quick-fields");
          const q = f.read(value);
          if (q === undefined) return;
          quick++;
          const z = f.schema.safeParse(value);
          expect(z.success, `${f.name}: ${String(value)}`).to.equal(true);
          expect(Object.is(z.data, q), `${f.name}: ${String(value)}`).to.equal(true);
        }),
        params(runs(2000)),
      );
      expect(quick, `${f.name}: values read quickly`).to.be.greaterThan(0);
    }
  });

  it("they read the bench's values, and parseFields gives what zod alone gives, problems included", () => {
    expect([quickName("raw"), quickBoolean(true), quickEnum(Object.values(WriteFormat))("parquet"), quickDuration("1min")]).to.deep.equal(["raw", true, "parquet", "1min"]);
    const shape = { database: IcebergTableShape.database, table: IcebergTableShape.table, formatVersion: IcebergTableShape.formatVersion, ...IcebergSinkOptionsShape };
    const inputs: Record<string, unknown>[] = [
      { database: "curated", table: "events_1", writeFormat: "parquet", commitInterval: "1min", upsertEnabled: true },
      { database: "", table: "a\nb", writeFormat: "PARQUET", commitInterval: "0s", upsertEnabled: "true" },
      { database: 1, table: pulumi.output("t"), formatVersion: "2", writeFormat: "csv", commitInterval: 60000, upsertEnabled: null },
      { database: "d", table: "t", formatVersion: 3 },
    ];
    for (const input of inputs) {
      const diag = new Diagnostics();
      const got = parseFields(shape, input, diag);
      const zodDiag = new Diagnostics();
      const zod: Record<string, unknown> = {};
      for (const [key, schema] of Object.entries(shape)) {
        const r = (schema as z.ZodType).safeParse(input[key]);
        if (r.success) {
          if (r.data !== undefined) zod[key] = r.data;
        } else zodDiag.error(key, "failed");
      }
      expect(got, JSON.stringify(input)).to.deep.equal(zod);
      // The fields that fail (reportZodIssues may word one field's failure in several issues).
      expect([...new Set(diag.errors.map((e) => e.path))]).to.deep.equal(zodDiag.errors.map((e) => e.path));
    }
  });
});
