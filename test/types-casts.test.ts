/**
 * Flink's implicit casts (src/types/casts.ts) against the rules of flink
 * `table/types/logical/utils/LogicalTypeCasts.java` (Flink 1.15+): the full matrix of the
 * predefined type roots, constructed types, NULL, intervals, and properties over arbitrary types.
 */
import { expect } from "chai";
import fc from "fast-check";
import { supportsImplicitCast } from "../src/types/casts.js";
import { parseDataType } from "../src/types/parser.js";
import { arbDataType } from "./types-arbitrary.js";

const t = parseDataType;

/** One representative per type root, in LogicalTypeCasts' order. */
const ROOTS: Record<string, string> = {
  CHAR: "CHAR(3)",
  VARCHAR: "VARCHAR(10)",
  BOOLEAN: "BOOLEAN",
  BINARY: "BINARY(4)",
  VARBINARY: "BYTES",
  DECIMAL: "DECIMAL(10, 2)",
  TINYINT: "TINYINT",
  SMALLINT: "SMALLINT",
  INT: "INT",
  BIGINT: "BIGINT",
  FLOAT: "FLOAT",
  DOUBLE: "DOUBLE",
  DATE: "DATE",
  TIME: "TIME(0)",
  TIMESTAMP: "TIMESTAMP(3)",
  TIMESTAMP_LTZ: "TIMESTAMP_LTZ(3)",
};

/** Target root → the source roots LogicalTypeCasts casts implicitly (its `implicitFrom` lists). */
const IMPLICIT: Record<string, string[]> = {
  CHAR: ["CHAR"],
  VARCHAR: ["CHAR", "VARCHAR"],
  BOOLEAN: ["BOOLEAN"],
  BINARY: ["BINARY"],
  VARBINARY: ["BINARY", "VARBINARY"],
  DECIMAL: ["DECIMAL", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE"],
  TINYINT: ["TINYINT"],
  SMALLINT: ["TINYINT", "SMALLINT"],
  INT: ["TINYINT", "SMALLINT", "INT"],
  BIGINT: ["TINYINT", "SMALLINT", "INT", "BIGINT"],
  FLOAT: ["DECIMAL", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT"],
  DOUBLE: ["DECIMAL", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE"],
  DATE: ["DATE", "TIMESTAMP"],
  TIME: ["TIME", "TIMESTAMP"],
  TIMESTAMP: ["TIMESTAMP", "TIMESTAMP_LTZ"],
  TIMESTAMP_LTZ: ["TIMESTAMP", "TIMESTAMP_LTZ"],
};

describe("Flink implicit casts (LogicalTypeCasts)", () => {
  it("the predefined roots: exactly the implicitFrom lists", () => {
    const wrong: string[] = [];
    for (const [target, targetText] of Object.entries(ROOTS)) {
      for (const [source, sourceText] of Object.entries(ROOTS)) {
        const expected = IMPLICIT[target]!.includes(source);
        if (supportsImplicitCast(t(sourceText), t(targetText)) !== expected) wrong.push(`${source} → ${target}: expected ${expected}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it("within a root any length, precision and scale; nullability never matters (sinks are made nullable)", () => {
    for (const [s, d] of [
      ["STRING", "VARCHAR(5)"],
      ["CHAR(9)", "CHAR(1)"],
      ["BYTES", "VARBINARY(3)"],
      ["BINARY(9)", "BINARY(2)"],
      ["DECIMAL(38, 10)", "DECIMAL(5, 0)"],
      ["TIMESTAMP(9)", "TIMESTAMP(0)"],
      ["TIMESTAMP_LTZ(6)", "TIMESTAMP(3)"],
      ["TIME(3)", "TIME(0)"],
      ["BIGINT", "BIGINT NOT NULL"],
      ["INT NOT NULL", "BIGINT"],
    ]) {
      expect(supportsImplicitCast(t(s!), t(d!)), `${s} → ${d}`).to.equal(true);
    }
  });

  it("constructed types: same kind, element and field types castable, field names ignored", () => {
    expect(supportsImplicitCast(t("ARRAY<INT>"), t("ARRAY<BIGINT>"))).to.equal(true);
    expect(supportsImplicitCast(t("ARRAY<BIGINT>"), t("ARRAY<INT>"))).to.equal(false);
    expect(supportsImplicitCast(t("ARRAY<INT>"), t("MULTISET<INT>"))).to.equal(false);
    expect(supportsImplicitCast(t("MAP<STRING, INT>"), t("MAP<STRING, DOUBLE>"))).to.equal(true);
    expect(supportsImplicitCast(t("MAP<INT, INT>"), t("MAP<STRING, INT>"))).to.equal(false);
    expect(supportsImplicitCast(t("ROW<a INT, b STRING>"), t("ROW<x BIGINT, y STRING>"))).to.equal(true);
    expect(supportsImplicitCast(t("ROW<a INT>"), t("ROW<a INT, b INT>"))).to.equal(false);
    expect(supportsImplicitCast(t("ROW<a INT NOT NULL>"), t("ROW<a INT>"))).to.equal(true);
    expect(supportsImplicitCast(t("ARRAY<INT>"), t("STRING"))).to.equal(false);
    // Only CHAR goes into CHAR, only BINARY into BINARY (a VARCHAR or VARBINARY needs a CAST).
    expect(supportsImplicitCast(t("STRING"), t("CHAR(3)"))).to.equal(false);
    expect(supportsImplicitCast(t("BYTES"), t("BINARY(3)"))).to.equal(false);
    expect(supportsImplicitCast(t("STRING"), t("ARRAY<STRING>"))).to.equal(false);
  });

  it("nullability inside constructed types never matters either, both ways (fixSinkDataType makes the sink nullable at every level)", () => {
    for (const [s, d] of [
      ["MAP<STRING, STRING>", "MAP<STRING NOT NULL, STRING>"],
      ["MAP<STRING, STRING>", "MAP<STRING NOT NULL, STRING NOT NULL> NOT NULL"],
      ["MAP<STRING NOT NULL, STRING>", "MAP<STRING, STRING>"],
      ["ROW<a INT>", "ROW<a INT NOT NULL>"],
      ["ROW<a INT NOT NULL>", "ROW<a INT>"],
      ["ARRAY<INT>", "ARRAY<INT NOT NULL>"],
      ["ARRAY<INT NOT NULL>", "ARRAY<INT>"],
      ["MULTISET<STRING>", "MULTISET<STRING NOT NULL>"],
      ["ARRAY<MAP<INT, ROW<x SMALLINT>>>", "ARRAY<MAP<BIGINT NOT NULL, ROW<y INT NOT NULL> NOT NULL> NOT NULL>"],
    ]) {
      expect(supportsImplicitCast(t(s!), t(d!)), `${s} → ${d}`).to.equal(true);
    }
    // The element types still have to convert: nullability does not hide a narrowing.
    expect(supportsImplicitCast(t("MAP<BIGINT, STRING>"), t("MAP<INT NOT NULL, STRING>"))).to.equal(false);
  });

  it("NULL goes anywhere; an interval of one field and an exact number convert; RAW only into itself", () => {
    for (const d of ["INT", "STRING", "ARRAY<INT>", "ROW<a INT>", "TIMESTAMP_LTZ(3)"]) expect(supportsImplicitCast(t("NULL"), t(d))).to.equal(true);
    expect(supportsImplicitCast(t("INTERVAL DAY"), t("BIGINT"))).to.equal(true);
    expect(supportsImplicitCast(t("INTERVAL DAY TO SECOND"), t("BIGINT"))).to.equal(false);
    expect(supportsImplicitCast(t("INT"), t("INTERVAL MONTH"))).to.equal(true);
    expect(supportsImplicitCast(t("DOUBLE"), t("INTERVAL MONTH"))).to.equal(false);
    expect(supportsImplicitCast(t("INTERVAL YEAR TO MONTH"), t("INTERVAL MONTH"))).to.equal(true);
    expect(supportsImplicitCast(t("INTERVAL MONTH"), t("INTERVAL DAY"))).to.equal(false);
    expect(supportsImplicitCast(t("RAW('a.B', 'AA==')"), t("RAW('a.B', 'AA==')"))).to.equal(true);
    expect(supportsImplicitCast(t("RAW('a.B', 'AA==')"), t("RAW('a.C', 'AA==')"))).to.equal(false);
  });

  it("properties: every type casts to itself, to itself NOT NULL, and NULL casts to it", () => {
    fc.assert(
      fc.property(arbDataType, (x) => {
        expect(supportsImplicitCast(x, x)).to.equal(true);
        expect(supportsImplicitCast(x.nullable(), x.kind === "NULL" ? x : x.notNull())).to.equal(true);
        // Nested nullability in the type text (e.g. MAP<STRING NOT NULL, ...>) matters no more than the top level.
        const loose = x.toString().replace(/ NOT NULL/g, "");
        if (loose !== x.toString()) expect(supportsImplicitCast(t(loose), x), `${loose} → ${x.toString()}`).to.equal(true);
        expect(supportsImplicitCast(t("NULL"), x)).to.equal(true);
      }),
      { seed: 20261201, numRuns: 300 },
    );
  });
});
