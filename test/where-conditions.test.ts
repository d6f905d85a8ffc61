/**
 * where-conditions.ts whereConditions: each top-level condition is read once (its leading NOT, a
 * NOT (...) around all of it) and that reading serves both nullRejectedColumns and notNullTested.
 */
import { expect } from "chai";
import { codeOnly } from "../src/sql/split.js";
import { topLevelOnly } from "../src/sql/top-level.js";
import { notNullTested, nullRejectedColumns, whereConditions } from "../src/sql/where-conditions.js";

/** The WHERE clause of `where`, read as insert-query.ts reads it (code without literals, nested parentheses blanked). */
function read(where: string): { text: string; code: string; tested: string[]; rejected: string[]; conditions: ReturnType<typeof whereConditions> } {
  const text = `WHERE ${where}`;
  const code = codeOnly(text);
  const conditions = whereConditions(code, { start: 6, clause: topLevelOnly(code, 6, code.length)! });
  return {
    text,
    code,
    conditions,
    tested: notNullTested(code, conditions).map(([s, e]) => text.slice(s, e)),
    rejected: nullRejectedColumns(text, code, conditions, ["t"]),
  };
}

describe("where-conditions.ts whereConditions", () => {
  it("reads NOT (...) around a whole condition, and a leading NOT word, once per condition", () => {
    const { text, conditions } = read("NOT (a IS NULL) AND NOT b IS NULL AND c > 0");
    expect(conditions.map((c) => text.slice(c.span[0], c.span[1]).trim())).to.deep.equal(["NOT (a IS NULL)", "NOT b IS NULL", "c > 0"]);
    expect(conditions.map((c) => (c.insideNot === undefined ? undefined : text.slice(c.insideNot[0], c.insideNot[1])))).to.deep.equal(["a IS NULL", undefined, undefined]);
    expect(conditions.map((c) => (c.afterNot === undefined ? undefined : text.slice(c.afterNot, c.span[1]).trim()))).to.deep.equal(["(a IS NULL)", "b IS NULL", undefined]);
  });

  it("serves both readers: the columns rejected NULL for and the expressions tested IS NOT NULL", () => {
    const r = read("NOT (a IS NULL) AND NOT b IS NULL AND c > 0 AND CAST(d AS INT) IS NOT NULL");
    expect(r.rejected).to.deep.equal(["a", "b", "c"]);
    expect(r.tested).to.deep.equal(["a", "b", "CAST(d AS INT)"]);
  });

  it("NOT (...) that does not enclose the whole condition is no NOT (...) form", () => {
    const { conditions, rejected, tested } = read("NOT (a) IS NULL");
    expect(conditions.map((c) => c.insideNot)).to.deep.equal([undefined]);
    expect(rejected).to.deep.equal([]);
    // The tested expression is in parentheses, blanked at the top level: not read.
    expect(tested).to.deep.equal([]);
  });

  it("a top-level OR: no condition, nothing rejected or tested", () => {
    const r = read("a IS NOT NULL OR b > 0");
    expect(r.conditions).to.deep.equal([]);
    expect(r.rejected).to.deep.equal([]);
    expect(r.tested).to.deep.equal([]);
  });
});
