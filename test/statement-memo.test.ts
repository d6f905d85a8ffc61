/**
 * The memo of statement analysis (src/sql/statement-memo.ts): a clean analysis is remembered by the
 * statement's content (text segments, tables (their Flink names unless plain identifiers), Outputs,
 * interpolated strings, plain string or not, runtime mode) and reused for another statement of the
 * same content with that statement's own tables and words; every input of the key, changed, misses;
 * a statement with findings is never remembered, and its messages are the fresh ones every time.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import type { TableDefinition } from "../src/components/table-definition.js";
import { analyzeStatement } from "../src/sql/statement.js";
import { analysisMemoHits, analysisMemoSize, clearAnalysisMemo, MAX_ENTRIES } from "../src/sql/statement-memo.js";
import { SqlStatement, type SqlSegment } from "../src/sql/template.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const table = (name: string): TableDefinition => ({ tableName: name, label: `FlinkTable "${name}"` }) as unknown as TableDefinition;
const text = (t: string): SqlSegment => ({ kind: "text", text: t });
const tab = (t: TableDefinition): SqlSegment => ({ kind: "table", table: t });
const insert = (sink: TableDefinition, src: TableDefinition, tail = ""): SqlStatement => new SqlStatement([text("INSERT INTO "), tab(sink), text(" SELECT * FROM "), tab(src), ...(tail === "" ? [] : [text(tail)])]);

describe("statement analysis memo (statement-memo.ts)", () => {
  beforeEach(() => clearAnalysisMemo());

  it("a statement of the same content from other objects, over other plainly named tables, hits, with its own tables and words", () => {
    const [s1, r1, s2, r2] = [table("out_1"), table("src_1"), table("out_2"), table("src_2")];
    const d = new Diagnostics();
    const a = analyzeStatement(insert(s1, r1), d, "streaming")!;
    expect(analysisMemoSize()).to.equal(1);
    const hits = analysisMemoHits();
    const stmt = insert(s2, r2);
    const b = analyzeStatement(stmt, d, "streaming")!;
    expect(analysisMemoHits()).to.equal(hits + 1);
    expect(analysisMemoSize()).to.equal(1);
    expect(b.words).to.not.equal(a.words);
    expect([a.words.has("SRC_1"), a.words.has("SRC_2"), b.words.has("SRC_1"), b.words.has("SRC_2")]).to.deep.equal([true, false, false, true]);
    expect(b.kind).to.equal("insert");
    expect(b.target).to.equal(s2);
    expect(b.reads).to.deep.equal([r2]);
    expect(b.reads[0]).to.equal(r2);
    expect(b.statement).to.not.equal(stmt);
    expect(b.statement.segments).to.deep.equal(stmt.segments);
    expect(d.errors).to.deep.equal([]);
    expect(d.warnings).to.deep.equal([]);
  });

  it("a view hits too, reading every table", () => {
    const view = (t: TableDefinition) => new SqlStatement([text("CREATE TEMPORARY VIEW v AS SELECT * FROM "), tab(t)]);
    analyzeStatement(view(table("src")), new Diagnostics());
    const hits = analysisMemoHits();
    const t = table("src");
    const again = analyzeStatement(view(t), new Diagnostics())!;
    expect(analysisMemoHits()).to.equal(hits + 1);
    expect(again.kind).to.equal("view");
    expect(again.target).to.equal(undefined);
    expect(again.reads[0]).to.equal(t);
  });

  it("a table renamed (same object): a plain name hits with the new name's words, another name misses", () => {
    const [sink, src] = [table("out"), table("src")];
    analyzeStatement(insert(sink, src), new Diagnostics());
    const hits = analysisMemoHits();
    (src as { tableName: string }).tableName = "src_2";
    const plain = analyzeStatement(insert(sink, src), new Diagnostics())!;
    expect([analysisMemoHits(), analysisMemoSize(), plain.words.has("SRC_2")]).to.deep.equal([hits + 1, 1, true]);
    (src as { tableName: string }).tableName = "src-2";
    const other = analyzeStatement(insert(sink, src), new Diagnostics())!;
    expect([analysisMemoHits(), analysisMemoSize(), other.words.has("SRC-2")]).to.deep.equal([hits + 1, 2, true]);
  });

  it("a name that opens a gate (JOIN, INTERVAL, LIMIT in it) gives what the fresh analysis gives", () => {
    const fresh = (name: string) => {
      clearAnalysisMemo();
      return analyzeStatement(insert(table("out"), table(name)), new Diagnostics())!;
    };
    for (const name of ["join_interval_limit", "src"]) {
      const expected = fresh(name);
      analyzeStatement(insert(table("out"), table(name === "src" ? "join_interval_limit" : "src")), new Diagnostics());
      const hits = analysisMemoHits();
      clearAnalysisMemo();
      analyzeStatement(insert(table("out"), table(name === "src" ? "join_interval_limit" : "src")), new Diagnostics());
      const cached = analyzeStatement(insert(table("out"), table(name)), new Diagnostics())!;
      expect(analysisMemoHits()).to.equal(hits + 1);
      expect([cached.kind, cached.words.has("JOIN"), cached.words.has("INTERVAL")]).to.deep.equal([expected.kind, expected.words.has("JOIN"), expected.words.has("INTERVAL")]);
      expect(cached.statement.toString()).to.equal(expected.statement.toString());
    }
  });

  it("every input of the key, changed, misses", () => {
    const [sink, src] = [table("out"), table("src")];
    const out = pulumi.output("1");
    const variants: [SqlStatement | string, "streaming" | "batch" | undefined][] = [
      [insert(sink, src), "streaming"],
      [insert(sink, src), "batch"],
      [insert(sink, src), undefined],
      [insert(sink, src, " WHERE id > 0"), "streaming"],
      [insert(table("out-2"), src), "streaming"],
      [insert(table("out-3"), src), "streaming"],
      [new SqlStatement([text("INSERT INTO "), tab(sink), text(" SELECT * FROM "), tab(src), text(" WHERE id > "), { kind: "output", output: out, index: 0 }]), "streaming"],
      [new SqlStatement([text("INSERT INTO "), tab(sink), text(" SELECT * FROM "), tab(src), text(" WHERE id > 1")], [{ start: 49, end: 50, text: "1" }]), "streaming"],
      // With an interpolated string, the names are in the key (its offsets count them).
      [new SqlStatement([text("INSERT INTO "), tab(table("o")), text(" SELECT * FROM "), tab(src), text(" WHERE id > 1")], [{ start: 47, end: 48, text: "1" }]), "streaming"],
      ["CREATE TEMPORARY VIEW v AS SELECT 1", "streaming"],
      [new SqlStatement([text("CREATE TEMPORARY VIEW v AS SELECT 1")]), "streaming"],
    ];
    variants.forEach(([s, mode], i) => {
      expect(analyzeStatement(s, new Diagnostics(), mode)).to.not.equal(undefined);
      expect(analysisMemoSize()).to.equal(i + 1);
    });
  });

  it("a statement with findings is never remembered: the same messages every time, as fresh", () => {
    const bad = () => insert(table("out"), table("src"), " WHERE id == 1");
    const messages = [0, 1, 2].map(() => {
      const d = new Diagnostics("statements[0]");
      expect(analyzeStatement(bad(), d, "streaming")).to.equal(undefined);
      return d.errors;
    });
    expect(analysisMemoSize()).to.equal(0);
    expect(messages[0]).to.deep.equal([
      {
        path: "statements[0]",
        message: "id == 1: Flink SQL has no == operator (it compares with =), so Flink's parser refuses the statement (SQL parse failed) and the job fails when it starts; write id = 1",
      },
    ]);
    expect(messages[1]).to.deep.equal(messages[0]);
    expect(messages[2]).to.deep.equal(messages[0]);
  });

  it("a table without a string name is not remembered (its analysis runs, and fails, as without the memo)", () => {
    const nameless = { label: 'FlinkTable "x"' } as unknown as TableDefinition;
    const view = () => analyzeStatement(new SqlStatement([text("CREATE TEMPORARY VIEW v AS SELECT * FROM "), tab(nameless)]), new Diagnostics());
    expect(view).to.throw(TypeError);
    expect(view).to.throw(TypeError);
    expect(analysisMemoSize()).to.equal(0);
  });

  it("is bounded: it starts again empty past MAX_ENTRIES statements", () => {
    for (let i = 0; i <= MAX_ENTRIES; i++) analyzeStatement(`CREATE TEMPORARY VIEW v${i} AS SELECT 1`, new Diagnostics());
    expect(analysisMemoSize()).to.equal(1);
  });
});
