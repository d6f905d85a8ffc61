/**
 * stripTrailing (src/sql/statement.ts) returns early, without rendering and scanning the statement,
 * when its last text has no `;`, `-` or `/` and does not end in white space: for generated
 * statements (texts of SQL, literals, comments, `;`, white space of every kind, tables and Outputs
 * between them) it gives what the full reading gives, the earlier code kept here as the reference.
 */
import { expect } from "chai";
import fc from "fast-check";
import * as pulumi from "@pulumi/pulumi";
import { count, params, runs } from "./fuzz/config.js";
// The planner first: it loads the statement modules in the order the package does (statement.ts alone closes an import cycle early).
import "../src/sql/job-plan.js";
import { stripTrailing } from "../src/sql/statement.js";
import { withoutTrailing } from "../src/sql/split.js";
import { SqlStatement, type SqlSegment } from "../src/sql/template.js";
import type { TableDefinition } from "../src/components/table-definition.js";

/** stripTrailing before the early return: render, find what trails the last content, drop it from the last text. */
function reference(segments: readonly SqlSegment[]): SqlSegment[] {
  const out = [...segments];
  const last = out[out.length - 1];
  if (last?.kind !== "text") return out;
  const full = new SqlStatement(out).toString();
  const keep = last.text.length - (full.length - withoutTrailing(full).length);
  if (keep < 0 || keep === last.text.length) return out;
  if (keep === 0) out.pop();
  else out[out.length - 1] = { kind: "text", text: last.text.slice(0, keep) };
  return out;
}

const table = { tableName: "t" } as TableDefinition;
const output = pulumi.output("x");
const PIECES = ["SELECT", " ", "x", ";", " ;", "--", "-- c", "\n", "\r", "\t", "\u00a0", "\u2028", "/*", "*/", "/* c */", "/*+ OPTIONS('a'='b') */", "//", "'", "'a;b'", "`", "\"", "-", "/", "1", "a-b", "x/2", "' -- '", "END", ""];
const arbText = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((p) => p.join(""));
const arbSegment: fc.Arbitrary<SqlSegment> = fc.oneof(
  { weight: 4, arbitrary: arbText.map((text) => ({ kind: "text" as const, text })) },
  { weight: 1, arbitrary: fc.constant({ kind: "table" as const, table }) },
  { weight: 1, arbitrary: fc.constant({ kind: "output" as const, output, index: 0 }) },
);

describe("stripTrailing: the early return gives what the full reading gives", () => {
  it(`for generated statements (${runs(3000)})`, () => {
    let early = 0;
    fc.assert(
      fc.property(fc.array(arbSegment, { maxLength: 5 }), (segments) => {
        count("strip-trailing");
        const last = segments[segments.length - 1];
        if (last?.kind === "text" && !/[-/;]|\s$/.test(last.text)) early++;
        expect(stripTrailing(segments), JSON.stringify(segments.map((s) => (s.kind === "text" ? s.text : s.kind)))).to.deep.equal(reference(segments));
      }),
      params(runs(3000)),
    );
    expect(early, "statements that return early").to.be.greaterThan(100);
  });
});
