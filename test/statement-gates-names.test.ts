/**
 * The plain-text table-name gate (src/sql/statement-gates.ts mayNameTables) reads each text
 * segment on its own, its answer kept per text: for any layout of text, tables and Outputs it
 * answers as the test over the whole text with each table as " NUL " (the reading it replaced), the
 * first time and from the memo; equal texts of other statements share one kept answer.
 */
import { expect } from "chai";
import fc from "fast-check";
import type { TableDefinition } from "../src/components/table-definition.js";
import { mayNameTables, namingTextCount, segmentNamesTables } from "../src/sql/statement-gates.js";
import type { AnalyzedStatement } from "../src/sql/statement.js";
import { SqlStatement, type SqlSegment } from "../src/sql/template.js";
import { clearAllMemos } from "../src/validation/bounded-memo.js";
import { params, runs } from "./fuzz/config.js";

const TABLE = { tableName: "t", label: 'FlinkTable "t"' } as unknown as TableDefinition;
/** A statement of `segments` as the gate reads it (only its segments). */
const statement = (segments: SqlSegment[]): AnalyzedStatement => ({ statement: new SqlStatement(segments) }) as unknown as AnalyzedStatement;
/** The reading the gate replaced: the whole text, each table as " NUL ", an Output opening it. */
const whole = (segments: readonly SqlSegment[]): boolean =>
  segments.some((s) => s.kind === "output") || segmentNamesTables(segments.map((s) => (s.kind === "text" ? s.text : " \u0000 ")).join(""));

const text = (t: string): SqlSegment => ({ kind: "text", text: t });
const table: SqlSegment = { kind: "table", table: TABLE };

describe("plain-text table-name gate per text segment (statement-gates.ts mayNameTables)", () => {
  beforeEach(clearAllMemos);

  it("answers as the whole text for keywords at a segment's end or start, commas, characters beyond ASCII and Outputs", () => {
    const cases: [SqlSegment[], boolean][] = [
      [[text("INSERT INTO "), table, text(" SELECT * FROM "), table], false],
      [[text("INSERT INTO "), table, text(" SELECT * FROM"), table], false],
      [[text("INSERT INTO "), table, text(" SELECT * FROM src")], true],
      [[text("INSERT INTO "), table, text(" SELECT * FROM "), table, text(", other")], true],
      [[text("INSERT INTO "), table, text(" SELECT * FROM "), table, text(" JOIN\n")], false],
      [[text("INSERT INTO "), table, text(" SELECT * FROM "), table, text(" JOIN\n"), table], false],
      [[text("INSERT INTO "), table, text(" SELECT * FROMx "), table], false],
      [[text("INSERT INTO "), table, text(" SELECT * xFROM s")], true],
      [[text("INSERT INTO "), table, text(" SELECT 'é' FROM "), table], true],
      [[text("INSERT INTO "), table, text(" SELECT * FROM "), { kind: "output", index: 0, value: undefined } as unknown as SqlSegment], true],
      [[text("insert into sink select * from src")], true],
      // Two texts in a row, as the SqlStatement constructor may be given them: read as their joined run (review).
      [[text("INSERT INTO "), table, text(" SELECT * FROM "), text("orders")], true],
      [[text("INSERT INTO "), table, text(" SELECT * FR"), text("OM orders")], true],
      [[text("INSERT INTO "), table, text(" SELECT * "), text("FROM "), table], false],
    ];
    for (const [segments, expected] of cases) {
      expect([mayNameTables(statement(segments)), whole(segments)], JSON.stringify(segments.map((s) => (s.kind === "text" ? s.text : s.kind)))).to.deep.equal([expected, expected]);
      expect(mayNameTables(statement(segments))).to.equal(expected);
    }
  });

  it("for generated layouts of text pieces and tables, answers as the whole text, fresh and kept", () => {
    const piece = fc.constantFrom("FROM", "from", "JOIN", "INTO", "TABLE", " ", "\n", "\t", ",", "x", "$", "1", "_", "é", "(", ")", "*", "SELECT", "/* c */", "\u0000");
    const segs = fc.array(fc.oneof(fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => text(p.join(""))), fc.constant(table)), { maxLength: 6 });
    fc.assert(
      fc.property(segs, (raw) => {
        // Adjacent texts stay apart: sql`...` merges them, but the SqlStatement constructor takes them as given (review).
        const segments = raw;
        const expected = whole(segments);
        clearAllMemos();
        expect(mayNameTables(statement(segments))).to.equal(expected);
        expect(mayNameTables(statement(segments))).to.equal(expected);
      }),
      params(runs(300)),
    );
  });

  it("keeps one answer per text: another statement of equal texts adds none", () => {
    mayNameTables(statement([text("INSERT INTO "), table, text(" SELECT * FROM "), table]));
    expect(namingTextCount()).to.equal(2);
    mayNameTables(statement([text(["INSERT", "INTO "].join(" ")), table, text(" SELECT * FROM "), table]));
    expect(namingTextCount()).to.equal(2);
    mayNameTables(statement([text("INSERT INTO "), table, text(" SELECT * FROM "), table, text(" WHERE x IN (SELECT y FROM z)")]));
    expect(namingTextCount()).to.equal(3);
  });
});
