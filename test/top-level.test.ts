/**
 * top-level.ts queryClauses: the WHERE, GROUP BY and HAVING bodies after a query's FROM clause, each
 * up to the next top-level clause keyword or set operator, and where the first of them starts.
 */
import { expect } from "chai";
import { codeOnly } from "../src/sql/split.js";
import { queryClauses, topLevelOnly } from "../src/sql/top-level.js";

describe("top-level.ts queryClauses", () => {
  /** The clauses of `sql` read from its FROM relation on, as written (trimmed), and the text from `start` on. */
  const read = (sql: string) => {
    const code = codeOnly(sql);
    const pos = code.indexOf(" FROM ") + 6;
    const c = queryClauses(topLevelOnly(code, pos, code.length)!, pos);
    const body = (span?: readonly [number, number]) => (span === undefined ? undefined : sql.slice(span[0], span[1]).trim());
    return { from: sql.slice(c.start), where: body(c.where), groupBy: body(c.groupBy), having: body(c.having) };
  };

  it("each body runs to the next clause keyword; parentheses and literals hold none", () => {
    expect(read("SELECT a FROM t WHERE a IN (SELECT b FROM u WHERE c = 1) AND d <> 'GROUP BY' GROUP BY a HAVING COUNT(*) > 1 ORDER BY a")).to.deep.equal({
      from: "WHERE a IN (SELECT b FROM u WHERE c = 1) AND d <> 'GROUP BY' GROUP BY a HAVING COUNT(*) > 1 ORDER BY a",
      where: "a IN (SELECT b FROM u WHERE c = 1) AND d <> 'GROUP BY'",
      groupBy: "a",
      having: "COUNT(*) > 1",
    });
  });

  it("a set operator ends the clause before it and, without a clause, the FROM clause", () => {
    expect(read("SELECT a FROM t WHERE a > 1 UNION ALL SELECT a FROM u GROUP BY a")).to.deep.equal({
      from: "WHERE a > 1 UNION ALL SELECT a FROM u GROUP BY a",
      where: "a > 1",
      groupBy: "a",
      having: undefined,
    });
    for (const op of ["INTERSECT", "EXCEPT", "MINUS"]) {
      expect(read(`SELECT a FROM t ${op} SELECT a FROM u WHERE a > 1`), op).to.deep.equal({ from: `${op} SELECT a FROM u WHERE a > 1`, where: "a > 1", groupBy: undefined, having: undefined });
    }
  });

  it("no clause: start is the end of the code", () => {
    expect(read("SELECT a FROM t x JOIN u y ON x.a = y.a")).to.deep.equal({ from: "", where: undefined, groupBy: undefined, having: undefined });
  });
});
