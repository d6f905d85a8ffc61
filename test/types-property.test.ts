import { expect } from "chai";
import fc from "fast-check";
import { isDataType, type DataType } from "../src/types/data-type.js";
import { parseDataType } from "../src/types/parser.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";
import { arbDataType, arbDataTypeOfDepth, arbFieldName } from "./types-arbitrary.js";

const RUNS = { seed: 42, numRuns: 300 } as const;

/** Calls parseDataType; true when it returned a DataType, false when it threw a validation error, else rethrows. */
function parsesOrRejects(text: string): boolean {
  try {
    const t = parseDataType(text);
    expect(isDataType(t)).to.equal(true);
    return true;
  } catch (e) {
    if (e instanceof FlinkIcebergValidationError) {
      expect(e.issues.length).to.be.greaterThan(0);
      return false;
    }
    throw e;
  }
}

/** Words and punctuation of the type grammar, to build near-miss garbage. */
const PIECES = [
  "ROW", "ROW<", "ROW(", "ARRAY", "ARRAY<", "MAP<", "MULTISET", "INT", "STRING", "DECIMAL(", "TIMESTAMP", "WITH", "WITHOUT",
  "LOCAL", "TIME", "ZONE", "INTERVAL", "DAY", "SECOND", "TO", "YEAR", "MONTH", "NOT", "NULL", "RAW(", "<", ">", "(", ")", ",",
  "'", "''", "`", "``", "'x'", "`a`", "a", "5", "39", "2147483648", "99999999999999999999999", " ", "\n", "@", ".", "😀",
];

describe("types: property tests", () => {
  it("parseDataType(t.toString()) equals t for random types", () => {
    fc.assert(
      fc.property(arbDataType, (t: DataType) => {
        const text = t.toString();
        const back = parseDataType(text);
        expect(back.equals(t)).to.equal(true);
        expect(back).to.deep.equal(t);
        expect(back.toString()).to.equal(text);
      }),
      RUNS,
    );
  });

  it("round-trips deeper types and lowercased keywords", () => {
    fc.assert(
      fc.property(arbDataTypeOfDepth(7), (t: DataType) => {
        expect(parseDataType(t.toString())).to.deep.equal(t);
        // keywords are case-insensitive; only types without quoted text can be lowercased whole
        if (!/[`']/.test(t.toString())) expect(parseDataType(t.toString().toLowerCase())).to.deep.equal(t);
      }),
      RUNS,
    );
  });

  it("round-trips any field name as a single-field ROW", () => {
    fc.assert(
      fc.property(arbFieldName, (name: string) => {
        const t = parseDataType(`ROW<${"`" + name.replace(/`/g, "``") + "`"} INT NOT NULL>`);
        expect(t.kind).to.equal("ROW");
        if (t.kind === "ROW") expect(t.fields[0]!.name).to.equal(name);
      }),
      RUNS,
    );
  });

  it("random text either parses or throws FlinkIcebergValidationError", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text: string) => {
        parsesOrRejects(text);
      }),
      RUNS,
    );
  });

  it("random sequences of grammar pieces either parse or throw FlinkIcebergValidationError", () => {
    let parsed = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((a) => a.join(" ")), (text: string) => {
        if (parsesOrRejects(text)) parsed++;
      }),
      RUNS,
    );
    expect(parsed).to.be.lessThan(RUNS.numRuns);
  });

  it("mutated canonical text either parses or throws FlinkIcebergValidationError", () => {
    fc.assert(
      fc.property(arbDataType, fc.nat(), fc.nat({ max: 5 }), fc.string({ maxLength: 3 }), (t: DataType, at: number, cut: number, insert: string) => {
        const text = t.toString();
        const i = text.length === 0 ? 0 : at % text.length;
        parsesOrRejects(text.slice(0, i) + insert + text.slice(i + cut));
      }),
      RUNS,
    );
  });
});
