/**
 * Real-world cases C08, C09, C10 (shared/cases/real-world-cases.md): each expectation of a case is
 * one assertion here.
 */
import { expect } from "chai";
import { issuesOf } from "./api.js";
import { convertColumns, FORMAT_V3_RUNTIME_WARNING, toIcebergSchema, toIcebergType, type Column } from "../src/iceberg/index.js";
import { DecimalType } from "../src/types/data-type.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import type { ValidationIssue } from "../src/validation/error.js";


describe("iceberg: C08 TIMESTAMP(9) and TIMESTAMP WITH TIME ZONE", () => {
  const columns: Column[] = [
    { name: "ts_ms", type: "TIMESTAMP(3)" },
    { name: "ts", type: "TIMESTAMP" },
    { name: "ts_ns", type: "TIMESTAMP(9)" },
    { name: "ts_ltz", type: "TIMESTAMP_LTZ(3)" },
    { name: "ts_tz", type: "TIMESTAMP(3) WITH TIME ZONE" },
  ];

  it("ts_ms TIMESTAMP(3) → timestamp; ts TIMESTAMP (precision 6) → timestamp; ts_ltz → timestamptz, as is TIMESTAMP(3) WITH LOCAL TIME ZONE", () => {
    const schema = toIcebergSchema([columns[0]!, columns[1]!, columns[3]!, { name: "ts_ltz2", type: "TIMESTAMP(3) WITH LOCAL TIME ZONE" }]);
    expect(schema.fields.map((f) => [f.name, f.type])).to.deep.equal([
      ["ts_ms", "timestamp"],
      ["ts", "timestamp"],
      ["ts_ltz", "timestamptz"],
      ["ts_ltz2", "timestamptz"],
    ]);
  });

  it("ts_ns and ts_tz are both preview errors, reported together at their column paths (format v2)", () => {
    const issues = issuesOf(() => toIcebergSchema(columns));
    expect(issues.map((i) => i.path)).to.deep.equal(["columns[2].type", "columns[4].type"]);
  });

  it("ts_ns: gist ts_ns, 'precision 9', 'microsecond', suggests TIMESTAMP(6)", () => {
    const [issue] = issuesOf(() => toIcebergSchema([columns[2]!]));
    expect(issue!.message.startsWith("ts_ns: ")).to.equal(true);
    for (const token of ["precision 9", "microsecond", "TIMESTAMP(6)", "formatVersion 3"]) expect(issue!.message).to.contain(token);
  });

  it("ts_tz: gist ts_tz, 'WITH TIME ZONE not supported', suggests TIMESTAMP_LTZ(3)", () => {
    const [issue] = issuesOf(() => toIcebergSchema([columns[4]!]));
    expect(issue!.message.startsWith("ts_tz: ")).to.equal(true);
    expect(issue!.message).to.contain("WITH TIME ZONE not supported");
    expect(issue!.message).to.contain("use TIMESTAMP_LTZ(3)");
  });

  it("formatVersion 3: ts_ns → timestamp_ns, needsFormatV3, and the 1.11+ runtime warning", () => {
    const warnings: ValidationIssue[] = [];
    const schema = toIcebergSchema([columns[2]!, { name: "ltz_ns", type: "TIMESTAMP_LTZ(9)" }], { formatVersion: 3, onWarning: (w) => warnings.push(w) });
    expect(schema.fields).to.deep.equal([
      { id: 1, name: "ts_ns", required: false, type: "timestamp_ns" },
      { id: 2, name: "ltz_ns", required: false, type: "timestamptz_ns" },
    ]);
    expect(warnings).to.deep.equal([{ path: "formatVersion", message: FORMAT_V3_RUNTIME_WARNING }]);
    expect(FORMAT_V3_RUNTIME_WARNING).to.contain("Iceberg 1.11+");
    const converted = convertColumns([columns[2]!], { formatVersion: 3 }, new Diagnostics());
    expect(converted?.needsFormatV3).to.equal(true);
  });

  it("formatVersion 3 keeps ts_tz an error and needs no v3 for microsecond columns", () => {
    const issues = issuesOf(() => toIcebergSchema(columns, { formatVersion: 3 }));
    expect(issues.map((i) => i.path)).to.deep.equal(["columns[4].type"]);
    const diag = new Diagnostics();
    expect(convertColumns([columns[0]!, columns[3]!], { formatVersion: 3 }, diag)?.needsFormatV3).to.equal(false);
    expect(diag.warnings).to.deep.equal([]);
  });
});

describe("iceberg: C09 MAP with a nullable key, and MULTISET", () => {
  const columns: Column[] = [
    { name: "attrs", type: "MAP<STRING, INT>" },
    { name: "labels", type: "MAP<STRING NOT NULL, STRING NOT NULL>" },
    { name: "tags", type: "MULTISET<STRING>" },
  ];

  it("attrs → map<string, int> key required, value optional; labels → value required; tags → map<string, int> with a required count", () => {
    expect(toIcebergSchema(columns).fields).to.deep.equal([
      { id: 1, name: "attrs", required: false, type: { type: "map", "key-id": 4, key: "string", "value-id": 5, value: "int", "value-required": false } },
      { id: 2, name: "labels", required: false, type: { type: "map", "key-id": 6, key: "string", "value-id": 7, value: "string", "value-required": true } },
      { id: 3, name: "tags", required: false, type: { type: "map", "key-id": 8, key: "string", "value-id": 9, value: "int", "value-required": true } },
    ]);
  });

  it("the parsed columns keep the Flink types exactly as declared (the rendered DDL is unchanged)", () => {
    const converted = convertColumns(columns, {}, new Diagnostics());
    expect(converted?.columns.map((c) => c.type.toString())).to.deep.equal(["MAP<STRING, INT>", "MAP<STRING NOT NULL, STRING NOT NULL>", "MULTISET<STRING>"]);
  });

  it("a nullable key or MULTISET element says nothing: the Iceberg key is required either way (FlinkTypeToType), and Flink neither refuses nor enforces the NOT NULL", () => {
    const diag = new Diagnostics();
    convertColumns(columns, {}, diag);
    expect(diag.errors).to.deep.equal([]);
    expect(diag.warnings).to.deep.equal([]);
    const warnings: ValidationIssue[] = [];
    toIcebergSchema(columns, { onWarning: (w) => warnings.push(w) });
    expect(warnings).to.deep.equal([]);
  });

  it("a key declared NOT NULL or not gives the same Iceberg schema, nested too", () => {
    for (const [nullable, notNull] of [
      ["MAP<STRING, STRING>", "MAP<STRING NOT NULL, STRING>"],
      ["MULTISET<BIGINT>", "MULTISET<BIGINT NOT NULL>"],
      ["ARRAY<MAP<INT, ROW<a MAP<STRING, INT>>>>", "ARRAY<MAP<INT NOT NULL, ROW<a MAP<STRING NOT NULL, INT>>>>"],
    ]) {
      expect(toIcebergSchema([{ name: "m", type: nullable! }]), nullable).to.deep.equal(toIcebergSchema([{ name: "m", type: notNull! }]));
    }
  });
});

describe("iceberg: C10 DECIMAL precision above 38 and scale above precision", () => {
  const columns: Column[] = [
    { name: "amount", type: "DECIMAL(39, 2)" },
    { name: "ratio", type: "DECIMAL(5, 7)" },
    { name: "price", type: "DECIMAL" },
    { name: "big", type: "DECIMAL(38, 10)" },
  ];

  it("amount (gist amount, 'precision 39', 'max 38') and ratio ('scale 7 > precision 5') are reported together", () => {
    const issues = issuesOf(() => toIcebergSchema(columns));
    expect(issues.map((i) => i.path)).to.deep.equal(["columns[0].type", "columns[1].type"]);
    expect(issues[0]!.message.startsWith("amount: ")).to.equal(true);
    expect(issues[0]!.message).to.contain("precision 39");
    expect(issues[0]!.message).to.contain("max 38");
    expect(issues[1]!.message.startsWith("ratio: ")).to.equal(true);
    expect(issues[1]!.message).to.contain("scale 7 > precision 5");
  });

  it("price DECIMAL → decimal(10, 0); big → decimal(38, 10)", () => {
    expect(toIcebergSchema(columns.slice(2)).fields.map((f) => f.type)).to.deep.equal(["decimal(10, 0)", "decimal(38, 10)"]);
  });

  it("a DecimalType built past the factory's checks is still rejected by the converter", () => {
    expect(issuesOf(() => toIcebergType(new DecimalType(39, 2), { name: "amount" }))).to.deep.equal([
      { path: "", message: "amount: DECIMAL(39, 2) has precision 39; Iceberg decimal precision is 1 to max 38; use DECIMAL(38, 2) or a STRING" },
    ]);
    expect(issuesOf(() => toIcebergType(new DecimalType(5, 7), { name: "ratio" }))).to.deep.equal([
      { path: "", message: "ratio: DECIMAL(5, 7) has scale 7 > precision 5; the scale must be from 0 to the precision" },
    ]);
  });
});
