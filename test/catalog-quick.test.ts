/**
 * The catalog's quick read (src/options/catalog-quick.ts) returns what zod's parse of the catalog
 * schema returns, key order included, whenever it returns anything; and it does read the common
 * catalogs (else it would only add work).
 */
import { expect } from "chai";
import fc from "fast-check";
import * as pulumi from "@pulumi/pulumi";
import { count, params, runs } from "./fuzz/config.js";
import { IcebergCatalogSchema } from "../src/options/catalog.js";
import { quickCatalog } from "../src/options/catalog-quick.js";

/** Keys and values near the valid ones: the fields, other keys, odd values. */
const arbValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("", "lakehouse", "hive", "HIVE", "Rest", "hadoop", "glue", "constructor", "H\u0130VE", "http://x:8181", "s3://b/w", "a\nb"),
  fc.constantFrom(undefined, null, 0, 1, true, [], {}, ["x"]),
  fc.constant(pulumi.output("s3://b/w")),
  fc.constant(Promise.resolve("s3://b/w")),
  fc.dictionary(fc.constantFrom("io-impl", "s3.path-style-access", "10", "__proto__", "k"), fc.oneof(fc.constantFrom("v", "", "true"), fc.constantFrom(1, undefined, null))),
);
/** A valid value nine times in ten, else `off`. */
function mostly<T>(valid: fc.Arbitrary<T>, off: unknown): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: valid as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: fc.constant(off) });
}
const FIELDS = ["name", "type", "catalogImpl", "uri", "warehouse", "properties"];
const arbCatalog: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS, "extra", "__proto__"), arbValue, { maxKeys: 7 }) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom("lakehouse", ""), type: fc.constantFrom("rest", "HIVE", "hadoop", "jdbc"), uri: arbValue, properties: arbValue }, { requiredKeys: ["name"] }) },
  // Mostly valid: each field plausible, one value in ten off.
  {
    weight: 4,
    arbitrary: fc.record(
      {
        name: mostly(fc.constantFrom("lakehouse", "c"), ""),
        type: mostly(fc.constantFrom("rest", "HIVE", "Hadoop", "hive"), "nessie"),
        catalogImpl: mostly(fc.constant("org.apache.iceberg.jdbc.JdbcCatalog"), 1),
        uri: mostly(fc.constantFrom<unknown>("http://r:8181", "", pulumi.output("http://r:8181")), 1),
        warehouse: mostly(fc.constantFrom<unknown>("s3://b/w", Promise.resolve("s3://b/w")), null),
        properties: fc.dictionary(fc.constantFrom("io-impl", "s3.path-style-access", "10", "b", "a"), mostly(fc.constantFrom("v", "", "true"), 1)),
      },
      { requiredKeys: ["name"] },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, "catalog", [], Object.create(null), Object.assign(Object.create({ inherited: 1 }), { name: "n" })) },
);

/** A parse result with every own key (undefined values included) and key order visible. */
function shape(v: unknown): unknown {
  if (typeof v !== "object" || v === null || pulumi.Output.isInstance(v) || v instanceof Promise) return v;
  return Object.keys(v).map((k) => [k, shape((v as Record<string, unknown>)[k])]);
}

describe("catalog quick read", () => {
  it(`equals zod's parse whenever it reads (${runs(500)} generated catalogs)`, () => {
    let read = 0;
    fc.assert(
      fc.property(arbCatalog, (given) => {
        count("catalog-quick");
        const quick = quickCatalog(given);
        if (quick === undefined) return;
        read++;
        const parsed = IcebergCatalogSchema.safeParse(given);
        expect(parsed.success, JSON.stringify(given)).to.equal(true);
        expect(shape(quick)).to.deep.equal(shape(parsed.data));
      }),
      params(runs(500)),
    );
    expect(read, "generated catalogs it read").to.be.greaterThan(runs(500) / 25);
  });

  it("reads the common catalogs, and leaves odd ones to zod", () => {
    const props = { "io-impl": "org.apache.iceberg.aws.s3.S3FileIO", "s3.path-style-access": "true" };
    const rest = { name: "lakehouse", type: "REST", uri: pulumi.output("http://r:8181"), warehouse: "s3://b/w", properties: props };
    expect(shape(quickCatalog(rest))).to.deep.equal(shape(IcebergCatalogSchema.parse(rest)));
    expect(quickCatalog({ name: "c", uri: "thrift://m:9083" })).to.deep.equal({ name: "c", uri: "thrift://m:9083" });
    const symbolKey = { name: "c", properties: { [Symbol("s")]: "v" } };
    for (const odd of [{ name: "c", type: undefined }, { name: "c", properties: JSON.parse('{"__proto__": "x"}') }, symbolKey, { name: "c", type: "constructor" }]) {
      expect(quickCatalog(odd), JSON.stringify(odd)).to.equal(undefined);
    }
  });
});
