import { expect } from "chai";
import { z } from "zod";
import { IcebergSinkOptionsSchema } from "../src/options/sink-options.js";
import { IcebergSourceOptionsSchema } from "../src/options/source-options.js";
import { IcebergSinkArgsSchema, IcebergSourceArgsSchema } from "../src/options/table-options.js";

describe("option-table zod schemas (README props source)", () => {
  for (const [name, schema] of [
    ["IcebergSourceArgsSchema", IcebergSourceArgsSchema],
    ["IcebergSinkArgsSchema", IcebergSinkArgsSchema],
  ] as const) {
    it(`${name}: every arg has a description and the input JSON Schema can be generated`, () => {
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, { description?: string }>; additionalProperties?: boolean };
      for (const [key, prop] of Object.entries(json.properties)) expect(prop.description, key).to.be.a("string").with.length.above(40);
      expect(json.additionalProperties).to.equal(false);
    });
  }
  it("source defaults: streaming false, nothing else", () => {
    expect(IcebergSourceOptionsSchema.parse({})).to.deep.equal({ streaming: false });
  });
  it("sink enums are exactly the seed's values", () => {
    const json = z.toJSONSchema(IcebergSinkOptionsSchema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, { enum?: string[] }> };
    expect(json.properties["writeFormat"]!.enum).to.deep.equal(["parquet", "orc", "avro"]);
    expect(json.properties["compressionCodec"]!.enum).to.deep.equal(["uncompressed", "snappy", "zstd", "gzip"]);
  });
  it("sink parsing converts sizes and keeps commitInterval as written", () => {
    expect(IcebergSinkOptionsSchema.parse({ targetFileSizeBytes: "1gb", commitInterval: "5 min" })).to.deep.equal({ targetFileSizeBytes: 1073741824, commitInterval: "5 min" });
    expect(IcebergSinkOptionsSchema.safeParse({ commitInterval: "0s" }).success).to.equal(false);
  });
});
