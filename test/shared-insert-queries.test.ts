/**
 * The memo of INSERT query readings across statements (src/sql/shared-insert-queries.ts): a reading
 * that reads nothing of a table but its place is remembered by the query's marked text, the WITH
 * reading and which markers are the same table, and rebuilt over another statement's tables; every
 * input of the key, changed, misses; a reading that reads a table's name or columns is never remembered.
 */
import { expect } from "chai";
import type { TableDefinition } from "../src/components/table-definition.js";
import { MARK, readInsertQuery, type InsertQuery } from "../src/sql/insert-query.js";
import { clearSharedQueries, MAX_QUERIES, sharedQueryCount, sharedQueryHits } from "../src/sql/shared-insert-queries.js";
import { analyzeStatement } from "../src/sql/statement.js";
import { SqlStatement, type SqlSegment } from "../src/sql/template.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const table = (name: string): TableDefinition => ({ tableName: name, label: `FlinkTable "${name}"`, columns: [{ name: "id", insertable: true }] }) as unknown as TableDefinition;
/** An INSERT into `sink` of `parts`: strings are text, tables are interpolated. */
const insert = (sink: TableDefinition, ...parts: (string | TableDefinition)[]) => {
  const segments: SqlSegment[] = [{ kind: "text", text: "INSERT INTO " }, { kind: "table", table: sink }];
  for (const p of parts) segments.push(typeof p === "string" ? { kind: "text", text: p } : { kind: "table", table: p });
  const a = analyzeStatement(new SqlStatement(segments), new Diagnostics(), "streaming");
  expect(a).to.not.equal(undefined);
  return a!;
};
/** The reading of a statement with no memo of its own (every call reads, or asks the shared memo). */
const read = (sink: TableDefinition, ...parts: (string | TableDefinition)[]): InsertQuery | undefined => readInsertQuery(insert(sink, ...parts), true);
/** The reading as it is without the shared memo. */
const fresh = (sink: TableDefinition, ...parts: (string | TableDefinition)[]): InsertQuery | undefined => {
  clearSharedQueries();
  const q = read(sink, ...parts);
  clearSharedQueries();
  return q;
};

describe("INSERT query readings shared between statements (shared-insert-queries.ts)", () => {
  beforeEach(() => clearSharedQueries());

  it("uses insert-query.ts's table marker", () => {
    const q = read(table("out"), " SELECT * FROM ", table("src"));
    expect(q!.from!.qualifiers).to.deep.equal(["src", `${MARK}0__`]);
  });

  it("the same text over other tables hits, rebuilt over them: as the fresh reading", () => {
    read(table("out_1"), " SELECT * FROM ", table("src_1"));
    expect(sharedQueryCount()).to.equal(1);
    const hits = sharedQueryHits();
    const [sink, src] = [table("out_2"), table("src_2")];
    const q = read(sink, " SELECT * FROM ", src)!;
    expect(sharedQueryHits()).to.equal(hits + 1);
    expect(q.from!.table).to.equal(src);
    expect(q.tables).to.have.length(1);
    expect(q.tables[0]).to.equal(src);
    expect(q.from!.qualifiers).to.deep.equal(["src_2", `${MARK}0__`]);
    expect(q).to.deep.equal(fresh(sink, " SELECT * FROM ", src));
    expect(Object.keys(q)).to.deep.equal(Object.keys(fresh(sink, " SELECT * FROM ", src)!));
    expect(Object.keys(q.from!)).to.deep.equal(Object.keys(fresh(sink, " SELECT * FROM ", src)!.from!));
  });

  it("a column list, a static partition and an alias with a WHERE: as the fresh reading, in the same key order", () => {
    const shapes: (string | TableDefinition)[][] = [
      [" (id) SELECT id FROM ", table("src"), " s WHERE s.id > 0"],
      [" PARTITION (dt = '2024-01-01') SELECT id FROM ", table("src"), " AS s WHERE id IS NOT NULL AND s.id > 0"],
    ];
    for (const parts of shapes) {
      read(table("out"), ...parts.map((p) => (typeof p === "string" ? p : table("other"))));
      const hits = sharedQueryHits();
      const q = read(table("out"), ...parts)!;
      expect(sharedQueryHits()).to.equal(hits + 1);
      const f = fresh(table("out"), ...parts)!;
      expect(q).to.deep.equal(f);
      expect(Object.keys(q)).to.deep.equal(Object.keys(f));
      expect(Object.keys(q.from!)).to.deep.equal(Object.keys(f.from!));
    }
  });

  it("a table renamed (same object) hits, with the new name as qualifier", () => {
    const src = table("src");
    read(table("out"), " SELECT * FROM ", src);
    (src as { tableName: string }).tableName = "renamed";
    const q = read(table("out"), " SELECT * FROM ", src)!;
    expect(sharedQueryCount()).to.equal(1);
    expect(q.from!.qualifiers).to.deep.equal(["renamed", `${MARK}0__`]);
  });

  it("every input of the key, changed, misses: the text, which markers are the same table", () => {
    const [src, other] = [table("src"), table("other")];
    read(table("out"), " SELECT * FROM ", src);
    read(table("out"), " SELECT id FROM ", src);
    read(table("out"), " SELECT id FROM ", src, " s WHERE s.id IN (SELECT id FROM ", src, ")");
    read(table("out"), " SELECT id FROM ", src, " s WHERE s.id IN (SELECT id FROM ", other, ")");
    expect(sharedQueryCount()).to.equal(4);
    const q = read(table("out"), " SELECT id FROM ", src, " s WHERE s.id IN (SELECT id FROM ", src, ")")!;
    expect([sharedQueryCount(), q.tables[0], q.tables[1]]).to.deep.equal([4, src, src]);
  });

  it("the reading after a WITH list and the plain one are two entries", () => {
    const a = insert(table("out"), " SELECT * FROM ", table("with_src"));
    readInsertQuery(a, true);
    readInsertQuery(a, false);
    expect(sharedQueryCount()).to.equal(2);
  });

  it("a reading that reads a table's name or columns is never remembered", () => {
    const src = table("src");
    read(table("out"), " SELECT * FROM ", src, " WHERE id > 0");
    read(table("out"), " SELECT ", src, ".id FROM ", src);
    read(table("out"), " SELECT a.id FROM ", src, " a JOIN ", table("b"), " b ON a.id = b.id");
    read(table("out"), " SELECT window_start FROM TABLE(TUMBLE(TABLE ", src, ", DESCRIPTOR(ts), INTERVAL '1' MINUTE))");
    read(table("out"), " WITH w AS (SELECT id FROM ", src, ") SELECT id FROM w");
    read(table("out"), " VALUES (1)");
    expect(sharedQueryCount()).to.equal(0);
  });

  it("what readings share is frozen", () => {
    const q = read(table("out"), " SELECT id FROM ", table("src"), " s WHERE s.id > 0")!;
    expect([Object.isFrozen(q.items), Object.isFrozen(q.items[0]), Object.isFrozen(q.from!.clauses), Object.isFrozen(q.from!.nullRejected)]).to.deep.equal([true, true, true, true]);
    expect(q.from!.nullRejected).to.deep.equal(["id"]);
  });

  it("is bounded: it starts again empty past MAX_QUERIES readings", () => {
    for (let i = 0; i <= MAX_QUERIES; i++) read(table("out"), ` SELECT id AS c${i} FROM `, table("src"));
    expect(sharedQueryCount()).to.equal(1);
  });
});
