/**
 * Where a statement reads names as tables in plain text (src/sql/table-mentions.ts): after FROM,
 * JOIN, INTO, TABLE and the commas of a FROM list; never in the forms that name no catalog table
 * (WITH queries, table functions, UNNEST, VALUES, subqueries, qualified names, literals, comments,
 * the FROM of an expression).
 */
import { expect } from "chai";
import { tableMentions } from "../src/sql/table-mentions.js";

/** `@` stands for an interpolated table (as the checks see it: a character that is no name). */
const mentions = (sql: string): string[] => tableMentions(sql.replace(/@/g, " \u0000 "));

describe("plain-text table names: where they are read (table-mentions.ts)", () => {
  it("reads names after FROM, JOIN, TABLE and after the commas of a FROM list, in order", () => {
    expect(mentions("SELECT id FROM ordres")).to.deep.equal(["ordres"]);
    expect(mentions("SELECT o.id FROM @ o JOIN customrs c ON o.id = c.id LEFT JOIN `Other T` x ON TRUE")).to.deep.equal(["customrs", "Other T"]);
    expect(mentions("SELECT * FROM a, b AS x, @ y, (SELECT 1 FROM c), d WHERE e.x IN (1, 2) GROUP BY f, g")).to.deep.equal(["a", "b", "c", "d"]);
    expect(mentions("SELECT * FROM TABLE(TUMBLE(TABLE ordres, DESCRIPTOR(ts), INTERVAL '1' MINUTE))")).to.deep.equal(["ordres"]);
    expect(mentions("SELECT * FROM @ WHERE id IN (SELECT id FROM t1) AND EXISTS (SELECT 1 FROM t2, t3)")).to.deep.equal(["t1", "t2", "t3"]);
  });

  it("names no table in the valid forms that are no catalog table", () => {
    const valid = [
      // WITH queries, nested, with column lists, back-quoted, in a subquery, several in one clause
      "WITH a AS (SELECT id FROM @) SELECT id FROM a",
      "WITH a AS (WITH b AS (SELECT id FROM @) SELECT id FROM b), c AS (SELECT * FROM a) SELECT id FROM c JOIN a USING (id)",
      "WITH `my q` (i, a) AS (SELECT id, amount FROM @) SELECT i, a FROM `my q`",
      "SELECT id FROM (WITH x AS (SELECT * FROM @) SELECT * FROM x) AS t, (WITH y AS (SELECT 1 AS id) SELECT id FROM y) u",
      // window TVFs, also with named arguments and PARTITION BY
      "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE @, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end",
      "SELECT * FROM TABLE(HOP(DATA => TABLE @, TIMECOL => DESCRIPTOR(ts), SLIDE => INTERVAL '1' MINUTE, SIZE => INTERVAL '5' MINUTE))",
      "SELECT * FROM TABLE(SESSION(TABLE @ PARTITION BY id, DESCRIPTOR(ts), INTERVAL '1' MINUTE)), TABLE(CUMULATE(TABLE @, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '1' HOUR))",
      // table functions, UNNEST, VALUES, subqueries with aliases
      "SELECT o.id, t.w FROM @ AS o, LATERAL TABLE(split(o.s)) AS t(w)",
      "SELECT o.id, t.w FROM @ AS o LEFT JOIN LATERAL TABLE(split(o.s)) AS t(w) ON TRUE",
      "SELECT o.id, x FROM @ AS o CROSS JOIN UNNEST(o.arr) AS t(x)",
      "SELECT o.id, x FROM @ AS o, UNNEST(o.arr) AS t (x)",
      "SELECT a, b FROM (VALUES (1, 2.0), (2, 3.0)) AS v(a, b)",
      "SELECT s.id FROM (SELECT id, amount FROM @) AS s JOIN (SELECT id FROM @) s2 ON s.id = s2.id",
      "SELECT * FROM (@) AS p, (@ JOIN @ USING (id))",
      "SELECT id FROM fn(1)",
      // qualified names
      "SELECT * FROM lake.db.orders JOIN `lake`.`db`.`orders` o ON TRUE, db.orders, default_catalog.default_database.v",
      // temporal joins, MATCH_RECOGNIZE, hints
      "SELECT o.id, r.rate FROM @ AS o JOIN @ FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur",
      "SELECT * FROM @ FOR SYSTEM_TIME AS OF TIMESTAMP '2024-01-01 00:00:00' AS r",
      "SELECT * FROM @ MATCH_RECOGNIZE (PARTITION BY id, cur ORDER BY ts MEASURES A.amount AS a, B.amount AS b ONE ROW PER MATCH AFTER MATCH SKIP PAST LAST ROW PATTERN (A B+) DEFINE A AS A.amount > 0, B AS B.amount < 0) AS T",
      "SELECT * FROM @ /*+ OPTIONS('streaming'='true', 'monitor-interval'='1s') */ AS o, @ /*+ OPTIONS('a'='b') */",
      // INSERT forms
      "INSERT INTO @ (a, b) SELECT id, amount FROM @",
      "INSERT INTO @ VALUES (1, 2.0), (2, 3.0)",
      "INSERT OVERWRITE @ PARTITION (dt = '2024-01-01') SELECT id FROM @",
      // names in literals and comments
      "SELECT id FROM @ WHERE s <> 'FROM ordres' AND t <> 'it''s JOIN x' -- FROM customrs\n AND u = \"FROM y\" /* JOIN z, FROM w */",
      // FROM of an expression
      "SELECT EXTRACT(HOUR FROM ts), TRIM(LEADING 'x' FROM s), TRIM(FROM s), SUBSTRING(s FROM 2), SUBSTRING(s FROM 2 FOR 3), OVERLAY(s PLACING 'ab' FROM 2 FOR 1) FROM @",
      "SELECT a IS DISTINCT FROM b, c IS NOT DISTINCT FROM d FROM @ WHERE e IS DISTINCT FROM f",
      "SELECT DISTINCT id FROM @ WHERE COALESCE(EXTRACT(DAY FROM CAST(s AS TIMESTAMP)), 0) > 0",
      // commas after a FROM list ends, or inside its brackets and parentheses
      "SELECT (SELECT MAX(id) FROM @), amount FROM @ ORDER BY amount, id",
      "SELECT a FROM @ AS x JOIN @ AS y ON x.k = MAP['k', amount]['k'] AND x.v IN (1, v2) GROUP BY a, b HAVING COUNT(*) > 1",
      "SELECT id FROM @ UNION ALL SELECT id, amount FROM @",
      "SELECT id FROM @ WINDOW w AS (PARTITION BY a, b ORDER BY ts)",
      "SELECT * FROM @ AS o CROSS JOIN UNNEST(o.arr) WITH ORDINALITY AS t(x, i) NATURAL JOIN @ JOIN @ USING (id, k), @ z",
      "SELECT a FROM @ WHERE (a, b) IN (SELECT a, b FROM @) GROUP BY GROUPING SETS ((a, b), (a)) ORDER BY a FETCH FIRST 10 ROWS ONLY",
      // a process table function (Flink 2.1) called by name, its table argument interpolated
      "SELECT * FROM my_ptf(input => TABLE @ PARTITION BY k, uid => 'x')",
      // a type with WITH in it
      "SELECT CAST(ts AS TIMESTAMP(3) WITH LOCAL TIME ZONE) FROM @",
      // letters beyond ASCII belong to the name
      "SELECT id FROM @ AS bestellungen_ä",
    ];
    for (const sql of valid) expect(mentions(sql), sql).to.deep.equal([]);
  });

  it("a WITH query read inside its own body is the table of that name (Flink's WITH is not recursive)", () => {
    expect(mentions("WITH orders AS (SELECT * FROM orders) SELECT * FROM orders")).to.deep.equal(["orders"]);
    expect(mentions("WITH a AS (SELECT * FROM @), b AS (SELECT * FROM a JOIN c ON TRUE) SELECT * FROM b")).to.deep.equal(["c"]);
  });
});
