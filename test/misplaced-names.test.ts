/**
 * Names where Flink's grammar takes no name (src/sql/misplaced-names.ts, one of the syntax slips
 * of src/sql/syntax-slips.ts): a new-user trial's statements passed every check and failed at job
 * start with "SQL parse failed. Encountered ...": a misspelt keyword after a table (WEHRE, GROUPBY:
 * read as the table's alias, then a name follows it), in a WHERE condition (ADN, BETWEN, ORDERBY)
 * and after IS NOT (NUL, which the column check reported as an unknown column). Each is now one
 * error naming the place, the keyword meant when the word is one typo from one, else what the
 * parser takes there. Valid neighbours stay quiet: aliases without AS, CAST, INTERVAL and typed
 * literals, IS [NOT] ..., CASE, calls with their own syntax (EXTRACT, TRIM, SUBSTRING, POSITION,
 * JSON_VALUE ...), OVER windows, FOR SYSTEM_TIME AS OF, window TVFs, MATCH_RECOGNIZE, hints,
 * LATERAL TABLE, UNNEST, WITHIN GROUP, FILTER, PIVOT, views and WITH queries by name, columns named
 * like non-reserved keywords.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { syntaxSlips } from "../src/sql/syntax-slips.js";

const REFUSED = "so it refuses the statement (SQL parse failed) and the job fails when it starts";
const AFTER_ALIAS = "after an alias it takes WHERE, GROUP BY, ORDER BY, a JOIN, a comma or the end of the query";
const CONDITION = "Flink's parser takes an operator (AND, OR, IS, IN, LIKE, BETWEEN, = ...) or the next clause";
const IS_NOT = "after IS NOT Flink's parser takes NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM";
const SELECT_ALIAS = "after an alias it takes a comma, FROM or the end of the select list";

describe("misplaced names: a name where Flink's grammar takes a keyword", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  /** The issues of a streaming job with one statement over a datagen source (id, name) and a blackhole sink (id, name). */
  const job = (stmt: (s: unknown, src: unknown) => ReturnType<Api["sql"]>) => {
    n++;
    const columns = [
      { name: "id", type: "BIGINT" },
      { name: "name", type: "STRING" },
    ];
    const src = new api.FlinkTable(`mn_src${n}`, { columns, options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`mn_sink${n}`, { columns, options: { connector: "blackhole" } });
    return issuesOrNone(() => new api.FlinkSqlJob(`mn${n}`, { statements: [stmt(sink, src)] }));
  };
  const one = (message: string) => [{ path: "statements[0]", message }];
  /** The slips of statements over tables vn_t, vn_u into vn_s, read by the check alone (syntaxSlips). */
  const slips = (make: (t: unknown, u: unknown, s: unknown) => ReturnType<Api["sql"]>[]) => {
    n++;
    const cols = [{ name: "id", type: "BIGINT" }];
    const t = new api.FlinkTable(`mn_t${n}`, { columns: cols, options: { connector: "datagen" } });
    const u = new api.FlinkTable(`mn_u${n}`, { columns: cols, options: { connector: "datagen" } });
    const s = new api.FlinkTable(`mn_s${n}`, { columns: cols, options: { connector: "blackhole" } });
    return make(t, u, s).map((st) => syntaxSlips(st, /^INSERT/.test(st.toString())));
  };

  describe("the trial's statements: one error each, with the keyword meant", () => {
    it("WEHRE after the table: read as its alias, then a name follows", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, name FROM ${src} WEHRE id > 0`)).to.deep.equal(
        one(
          `"\`mn_src${n}\` WEHRE id": WEHRE is no keyword of Flink SQL, so its parser reads it as a name for \`mn_src${n}\` (an alias: AS is optional), and ${AFTER_ALIAS}, not the name id, ${REFUSED}; did you mean WHERE? "\`mn_src${n}\` WHERE id"`,
        ),
      );
    });

    it("ADN after an operand of the WHERE condition", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, name FROM ${src} WHERE id > 0 ADN name IS NOT NULL`)).to.deep.equal(
        one(`"id > 0 ADN name": ADN is no keyword of Flink SQL, and after the operand 0 in the WHERE condition ${CONDITION}, not a name, ${REFUSED}; did you mean AND? "id > 0 AND name"`),
      );
    });

    it("ORDERBY after a LIKE pattern: ORDER BY", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, name FROM ${src} WHERE name LIKE 'a%' ORDERBY id`)).to.deep.equal(
        one(`"name LIKE 'a%' ORDERBY id": ORDERBY is no keyword of Flink SQL, and after the operand 'a%' in the WHERE condition ${CONDITION}, not a name, ${REFUSED}; did you mean ORDER BY? "name LIKE 'a%' ORDER BY id"`),
      );
    });

    it("BETWEN", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, name FROM ${src} WHERE id BETWEN 1 AND 5`)).to.deep.equal(
        one(`"WHERE id BETWEN 1": BETWEN is no keyword of Flink SQL, and after the operand id in the WHERE condition ${CONDITION}, not a name, ${REFUSED}; did you mean BETWEEN? "WHERE id BETWEEN 1"`),
      );
    });

    it("GROUPBY: that error alone (the statement is read no further, so no ungrouped-column error)", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, MAX(name) FROM ${src} GROUPBY id`)).to.deep.equal(
        one(
          `"\`mn_src${n}\` GROUPBY id": GROUPBY is no keyword of Flink SQL, so its parser reads it as a name for \`mn_src${n}\` (an alias: AS is optional), and ${AFTER_ALIAS}, not the name id, ${REFUSED}; did you mean GROUP BY? "\`mn_src${n}\` GROUP BY id"`,
        ),
      );
    });

    it("IS NOT NUL: a parse error, no longer an unknown column NUL", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, name FROM ${src} WHERE name IS NOT NUL`)).to.deep.equal(
        one(`"name IS NOT NUL": ${IS_NOT}, and NUL is no keyword of Flink SQL, ${REFUSED}; did you mean NULL? "name IS NOT NULL"`),
      );
    });
  });

  describe("more places, and names that are no near miss", () => {
    it("after a table's alias: a misspelt keyword, a name, a number (LIMT 10), a view by name", () => {
      const [misspelt, name, limit, view, subquery] = slips((t, u, s) => [
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} x WEHRE id > 0`,
        api.sql`INSERT INTO ${s} SELECT x.id FROM ${t} x, ${u} AS y z`,
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} LIMT 10`,
        api.sql`INSERT INTO ${s} SELECT id FROM per_minute WEHRE id > 0`,
        api.sql`INSERT INTO ${s} SELECT id FROM (SELECT id FROM ${t}) q ORDR BY id`,
      ]);
      expect(misspelt).to.deep.equal([
        `"\`mn_t${n}\` x WEHRE": Flink's parser reads x as a name for \`mn_t${n}\` (an alias: AS is optional), and ${AFTER_ALIAS}, and WEHRE is no keyword of Flink SQL, ${REFUSED}; did you mean WHERE? "\`mn_t${n}\` x WHERE"`,
      ]);
      expect(name).to.deep.equal([
        `"\`mn_u${n}\` AS y z": Flink's parser reads y as a name for \`mn_u${n}\` (an alias), and ${AFTER_ALIAS}, not the name z, ${REFUSED}; write the keyword meant before z (WHERE, JOIN ...), or remove z`,
      ]);
      expect(limit).to.deep.equal([
        `"\`mn_t${n}\` LIMT 10": LIMT is no keyword of Flink SQL, so its parser reads it as a name for \`mn_t${n}\` (an alias: AS is optional), and ${AFTER_ALIAS}, not the number 10, ${REFUSED}; did you mean LIMIT? "\`mn_t${n}\` LIMIT 10"`,
      ]);
      expect(view).to.deep.equal([
        `"per_minute WEHRE id": WEHRE is no keyword of Flink SQL, so its parser reads it as a name for per_minute (an alias: AS is optional), and ${AFTER_ALIAS}, not the name id, ${REFUSED}; did you mean WHERE? "per_minute WHERE id"`,
      ]);
      expect(subquery).to.deep.equal([
        `"… id FROM \`mn_t${n}\`) q ORDR": Flink's parser reads q as a name for … id FROM \`mn_t${n}\`) (an alias: AS is optional), and ${AFTER_ALIAS}, and ORDR is no keyword of Flink SQL, ${REFUSED}; did you mean ORDER? "… id FROM \`mn_t${n}\`) q ORDER"`,
      ]);
    });

    it("in conditions (WHERE, ON, inside parentheses) and lists (GROUP BY, ORDER BY); a column named like a non-reserved keyword is an operand", () => {
      const [operator, on, grouped, twice, having, limit, keywordColumn] = slips((t, u, s) => [
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} WHERE status = 'PAID' amount > 0`,
        api.sql`INSERT INTO ${s} SELECT x.id FROM ${t} x JOIN ${u} y ON x.id = y.id ADN x.k = y.k`,
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} WHERE (id > 1 ORR id < 0) AND id IN (1, 2)`,
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} WHERE id > 1 ADN k = 1 ORR j = 2`,
        api.sql`INSERT INTO ${s} SELECT id, COUNT(*) FROM ${t} GROUP BY id HAVNG COUNT(*) > 1`,
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} ORDER BY id DESC LIMT 5`,
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} WHERE name ADN id > 0`,
      ]);
      expect(operator).to.deep.equal([
        `"status = 'PAID' amount >": after the operand 'PAID' in the WHERE condition ${CONDITION}, and amount is a name, ${REFUSED}; write the operator meant before amount (AND, OR, = ...), or remove amount`,
      ]);
      expect(on).to.deep.equal([`"id = y.id ADN x": ADN is no keyword of Flink SQL, and after the operand y.id in the ON condition ${CONDITION}, not a name, ${REFUSED}; did you mean AND? "id = y.id AND x"`]);
      expect(grouped).to.deep.equal([`"id > 1 ORR id": ORR is no keyword of Flink SQL, and after the operand 1 in the WHERE condition ${CONDITION}, not a name, ${REFUSED}; did you mean OR? "id > 1 OR id"`]);
      expect(twice).to.deep.equal([
        `"id > 1 ADN k": ADN is no keyword of Flink SQL, and after the operand 1 in the WHERE condition ${CONDITION}, not a name, ${REFUSED}; did you mean AND? "id > 1 AND k"`,
        `"k = 1 ORR j": ORR is no keyword of Flink SQL, and after the operand 1 in the WHERE condition ${CONDITION}, not a name, ${REFUSED}; did you mean OR? "k = 1 OR j"`,
      ]);
      expect(having).to.deep.equal([
        `"GROUP BY id HAVNG COUNT": HAVNG is no keyword of Flink SQL, and after the operand id in the GROUP BY list Flink's parser takes a comma and another item, or the next clause (HAVING, ORDER BY, LIMIT ...), not a name, ${REFUSED}; did you mean HAVING? "GROUP BY id HAVING COUNT"`,
      ]);
      expect(limit).to.deep.equal([
        `"BY id DESC LIMT 5": LIMT is no keyword of Flink SQL, and after the operand DESC in the ORDER BY list Flink's parser takes ASC, DESC, NULLS FIRST / LAST, a comma and another item, or the next clause (LIMIT ...), not a name, ${REFUSED}; did you mean LIMIT? "BY id DESC LIMIT 5"`,
      ]);
      expect(keywordColumn).to.deep.equal([
        `"WHERE name ADN id": ADN is no keyword of Flink SQL, and after the operand name in the WHERE condition ${CONDITION}, not a name, ${REFUSED}; did you mean AND? "WHERE name AND id"`,
      ]);
    });

    it("after IS, and a third name in a select item (a b c, a AS b c, a FORM v)", () => {
      const [is, isNot, third, asAlias, form, formAfterAlias] = slips((t, u, s) => [
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} WHERE k IS missing`,
        api.sql`INSERT INTO ${s} SELECT id FROM ${t} WHERE k IS NOT NULLL`,
        api.sql`INSERT INTO ${s} SELECT id qty j FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT id, CAST(k AS INT) AS total j FROM ${t}`,
        api.sql`INSERT INTO ${s} WITH v AS (SELECT id FROM ${t}) SELECT id FORM v`,
        api.sql`INSERT INTO ${s} WITH v AS (SELECT id FROM ${t}) SELECT id qty FORM v`,
      ]);
      expect(is).to.deep.equal([
        `"k IS missing": after IS Flink's parser takes NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM, and missing is no keyword of Flink SQL, ${REFUSED}; write one of them after IS`,
      ]);
      expect(isNot).to.deep.equal([`"k IS NOT NULLL": ${IS_NOT}, and NULLL is no keyword of Flink SQL, ${REFUSED}; did you mean NULL? "k IS NOT NULL"`]);
      expect(third).to.deep.equal([
        `"id qty j": Flink's parser reads qty as a name for id (an alias: AS is optional), and ${SELECT_ALIAS}, not another name (j), ${REFUSED}; write a comma before j if it is another value, or remove j`,
      ]);
      expect(asAlias).to.deep.equal([
        `"CAST(k AS INT) AS total j": Flink's parser reads total as a name for CAST(k AS INT) (an alias), and ${SELECT_ALIAS}, not another name (j), ${REFUSED}; write a comma before j if it is another value, or remove j`,
      ]);
      expect(form).to.deep.equal([
        `"id FORM v": FORM is no keyword of Flink SQL, so its parser reads it as a name for id (an alias: AS is optional), and ${SELECT_ALIAS}, not another name, ${REFUSED}; did you mean FROM? "id FROM v"`,
      ]);
      expect(formAfterAlias).to.deep.equal([
        `"id qty FORM v": Flink's parser reads qty as a name for id (an alias: AS is optional), and ${SELECT_ALIAS}, and FORM is no keyword of Flink SQL, ${REFUSED}; did you mean FROM? "id qty FROM v"`,
      ]);
    });

    it("left to the checks that own them: a table after the name (syntax-slips.ts), a word after INTERVAL '...' (interval-literals.ts), a name from a string interpolated as an operand", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT x.id, y.name FROM ${src} x JION ${src} y ON x.id = y.id`)).to.deep.equal(
        one(
          `"x JION \`mn_src${n}\`": JION is no keyword of Flink SQL, so its parser reads it as a name for x (an alias: AS is optional), and no table can follow an alias, ${REFUSED}; write JOIN: "x JOIN \`mn_src${n}\`"`,
        ),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT id, name FROM ${src} WHERE CURRENT_TIMESTAMP > CURRENT_TIMESTAMP - INTERVAL '10' MINS`)).to.deep.equal(
        one(
          "INTERVAL '10' MINS: MINS is no interval unit in Flink SQL (its units are YEAR, MONTH, DAY, HOUR, MINUTE and SECOND, or their plurals YEARS, MONTHS, DAYS, HOURS, MINUTES and SECONDS, and from Flink 2.0 WEEK and QUARTER), so the job fails when it starts (SQL parse failed at MINS); write INTERVAL '10' MINUTE",
        ),
      );
      expect(slips((t, u, s) => [api.sql`INSERT INTO ${s} SELECT id FROM ${t} WHERE k = ${"PAID NOW"}`])).to.deep.equal([[]]);
    });
  });

  describe("valid neighbours stay quiet", () => {
    it("as a job: aliases without AS, conditions over keyword-named columns, IS NOT NULL, ORDER BY", () => {
      expect(
        job(
          (s, src) => api.sql`INSERT INTO ${s} SELECT x.id i, x.name AS nm FROM ${src} x WHERE x.id > 0 AND name IS NOT NULL AND name LIKE 'a%' ESCAPE '!' AND id BETWEEN 1 AND 5`,
        ),
      ).to.deep.equal([]);
    });

    it("read by the check alone: the grammar's own words after names and operands", () => {
      const out = pulumi.output("x");
      const results = slips((t, u, s) => [
        api.sql`INSERT INTO ${s} SELECT a b, c AS d, e.f g, \`h i\` j, 'x' k, 1 l, CAST(m AS INT) n, CAST(r AS ROW<x INT, y STRING>) r2, CAST(m AS MAP<STRING, INT>) m2 FROM ${t} a`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} AS x (p, q, r) WHERE x.p > 0`,
        api.sql`INSERT INTO ${s} SELECT ts + INTERVAL '1' HOUR t1, INTERVAL '1' DAY TO SECOND, TIMESTAMP '2024-01-01 00:00:00' t2, DATE '2024-01-01' t3, TIME '10:00:00' t4 FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} WHERE x IS NOT NULL AND y IS TRUE AND z IS NOT DISTINCT FROM 1 AND j IS JSON AND j IS NOT JSON OBJECT AND m IS NOT EMPTY AND s IS A SET AND c IS UNKNOWN`,
        api.sql`INSERT INTO ${s} SELECT CASE WHEN a > 1 THEN 'x' WHEN a < 0 THEN 'y' ELSE 'z' END c, CASE a WHEN 1 THEN 2 END FROM ${t} WHERE CASE WHEN a > 1 THEN b ELSE c END = 1 AND CASE b WHEN 'A' THEN 1 ELSE 0 END = 1`,
        api.sql`INSERT INTO ${s} SELECT EXTRACT(HOUR FROM ts) h, TRIM(BOTH ' ' FROM b) t, SUBSTRING(b FROM 1 FOR 2) s2, POSITION(a IN b) p, OVERLAY(b PLACING 'x' FROM 1 FOR 2) o, FLOOR(ts TO HOUR) f FROM ${t} WHERE EXTRACT(YEAR FROM ts) = 2024 AND TRIM(LEADING 'x' FROM b) <> ''`,
        api.sql`INSERT INTO ${s} SELECT a, SUM(b) OVER (PARTITION BY a ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) s1, MAX(b) OVER (PARTITION BY a, c ORDER BY ts RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS s2, COUNT(*) OVER w c FROM ${t} WINDOW w AS (PARTITION BY a ORDER BY ts DESC NULLS LAST)`,
        api.sql`INSERT INTO ${s} SELECT o.a FROM ${t} AS o JOIN ${u} FOR SYSTEM_TIME AS OF o.proc AS d ON o.a = d.a LEFT JOIN ${u} FOR SYSTEM_TIME AS OF PROCTIME() e ON o.a = e.a JOIN ${u} FOR SYSTEM_TIME AS OF o.ts - INTERVAL '1' SECOND AS f ON TRUE`,
        api.sql`INSERT INTO ${s} SELECT window_start, window_end, COUNT(*) cnt FROM TABLE(HOP(TABLE ${t}, DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '1' HOUR)) GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${s} SELECT window_start FROM TABLE(TUMBLE(DATA => TABLE ${t}, TIMECOL => DESCRIPTOR(ts), SIZE => INTERVAL '10' MINUTES)) w GROUP BY window_start, window_end`,
        api.sql`INSERT INTO ${s} SELECT * FROM TABLE(SESSION(TABLE ${t} PARTITION BY a, DESCRIPTOR(ts), INTERVAL '5' MINUTES)) AS s3 WHERE a > 1`,
        api.sql`INSERT INTO ${s} SELECT JSON_VALUE(j, '$.a' RETURNING INT DEFAULT 0 ON EMPTY NULL ON ERROR) v, JSON_QUERY(j, '$.b' WITH CONDITIONAL ARRAY WRAPPER EMPTY ARRAY ON EMPTY) q, JSON_OBJECT(KEY 'a' VALUE b ABSENT ON NULL) o, JSON_ARRAYAGG(b ORDER BY c NULL ON NULL) g FROM ${t} WHERE JSON_EXISTS(j, 'lax $.a' FALSE ON ERROR) AND j IS JSON SCALAR`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} WHERE b LIKE 'a!%' ESCAPE '!' AND b NOT LIKE 'x%' AND b SIMILAR TO 'a+' AND a NOT BETWEEN 1 AND 2 AND a BETWEEN SYMMETRIC 2 AND 1 ORDER BY a ASC NULLS FIRST, b DESC LIMIT 10`,
        api.sql`INSERT INTO ${s} SELECT * FROM ${t} MATCH_RECOGNIZE (PARTITION BY a ORDER BY ts MEASURES FIRST(A.ts) AS start_ts, LAST(B.ts) AS end_ts ONE ROW PER MATCH AFTER MATCH SKIP PAST LAST ROW PATTERN (A B+ C?) WITHIN INTERVAL '1' HOUR DEFINE B AS B.p < A.p, C AS C.p > LAST(B.p)) AS m WHERE m.end_ts > m.start_ts`,
        api.sql`INSERT INTO ${s} SELECT * FROM ${t} MATCH_RECOGNIZE (ORDER BY ts MEASURES A.a AS x ALL ROWS PER MATCH AFTER MATCH SKIP TO LAST A PATTERN (A B) DEFINE A AS A.a IS NOT NULL) m`,
        api.sql`INSERT INTO ${s} /*+ OPTIONS('a'='b') */ SELECT /*+ STATE_TTL('o'='1d') */ a FROM ${t} /*+ OPTIONS('x'='y') */ AS o WHERE a > 0`,
        api.sql`INSERT INTO ${s} SELECT a, w, n FROM ${t}, LATERAL TABLE(split(b)) AS T(w, n) LEFT JOIN LATERAL TABLE(f(a)) AS U(v) ON TRUE CROSS JOIN UNNEST(arr) AS z (v2) CROSS JOIN UNNEST(m) WITH ORDINALITY AS y(k, v3, o)`,
        api.sql`INSERT INTO ${s} SELECT DISTINCT a, COUNT(DISTINCT b) c, LISTAGG(b, ',') WITHIN GROUP (ORDER BY c) l, COUNT(*) FILTER (WHERE a > 1) f FROM ${t} GROUP BY a HAVING COUNT(*) FILTER (WHERE a > 1) > 1 AND SUM(a) > 0`,
        api.sql`INSERT INTO ${s} WITH big AS (SELECT a FROM ${t} WHERE a > 10), small AS (SELECT a FROM ${u}) SELECT b.a FROM big b JOIN small AS sm ON b.a = sm.a, cat.db.tbl AS x3, \`my view\` mv WHERE b.a IN (1, 2) AND sm.a NOT IN (SELECT a FROM ${u} uu WHERE uu.a > 1)`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} GROUP BY ROLLUP (a, b), GROUPING SETS ((a), ()), CUBE (c)`,
        api.sql`INSERT INTO ${s} SELECT q.a FROM (SELECT a, b FROM ${t} WHERE a > 1) q WHERE q.b > 0 UNION ALL SELECT r.a FROM (SELECT a FROM ${u}) AS r (a) WHERE EXISTS (SELECT 1 FROM ${u} v WHERE v.a = r.a) AND NOT (r.a = 3)`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} o, ${u} s4 WHERE o.id = s4.oid AND o.ts BETWEEN s4.ts - INTERVAL '4' HOUR AND s4.ts + INTERVAL '1' HOUR`,
        api.sql`INSERT INTO ${s} SELECT a.b.c d, t.\`value\` v, x.year y, x.name, name n, data AS d2 FROM ${t} x WHERE x.year = 2024 AND x.name LIKE 'a%' AND arr[1] = 2 AND m['k'] = 'v' AND name = 'n' AND type IN ('a', 'b')`,
        api.sql`INSERT INTO ${s} SELECT 'x' a, a 'alias', _UTF8'x' u8, N'abc' n, X'AB' bin, 1.5e3 f FROM ${t} WHERE b = _UTF8'abc' AND c = N'abc' AND d = X'AB' AND e = 'a' 'b'`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} WHERE a = ${out} AND ${out} = a OR b LIKE ${"%x"}`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} x JOIN ${u} y ON x.a = y.a AND y.b = ARRAY[1, 2][1], ${u} z WHERE z.a = MAP['k', 1]['k']`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} JOIN ${u} USING (a), ${u} w2 WHERE a > 0`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} TABLESAMPLE BERNOULLI (10) REPEATABLE (1)`,
        api.sql`INSERT INTO ${s} SELECT * FROM f(input => TABLE ${t} PARTITION BY a ORDER BY ts, uid => 'x')`,
        api.sql`INSERT INTO ${s} SELECT * FROM ML_PREDICT(TABLE ${t}, MODEL m, DESCRIPTOR(a, b))`,
        api.sql`INSERT INTO ${s} SELECT CURRENT_TIMESTAMP ts, LOCALTIMESTAMP lt, CURRENT_DATE AS d, PROCTIME() p FROM ${t} WHERE ts > CURRENT_TIMESTAMP - INTERVAL '1' DAY AND d = CURRENT_DATE`,
        api.sql`INSERT INTO ${s} SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY a ORDER BY proctime ASC) AS row_num FROM ${t}) WHERE row_num = 1`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} WHERE (a > 1 OR b < 2) AND NOT (c = 3) AND (a, b) IN ((1, 2), (3, 4)) AND a = ANY (SELECT a FROM ${u}) AND ROW(a, b) = ROW(1, 2)`,
        api.sql`INSERT INTO ${s} SELECT a, COUNT(*) AS n FROM ${t} GROUP BY a HAVING COUNT(*) > 1 ORDER BY n DESC, a LIMIT 5`,
        api.sql`INSERT INTO ${s} SELECT x.a, y.a FROM ${t} x FULL OUTER JOIN ${u} y ON x.a = y.a NATURAL JOIN ${u} nat CROSS JOIN ${u} cr`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} WHERE a MEMBER OF m AND m SUBMULTISET OF n AND (ts1, ts2) OVERLAPS (ts3, ts4)`,
        api.sql`INSERT INTO ${s} SELECT SUM(a) OVER (w ORDER BY ts) FROM ${t} WINDOW w AS (PARTITION BY b)`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} PIVOT (SUM(x) AS sx FOR y IN ('a' AS ya, 'b' AS yb)) AS p WHERE a > 1`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} UNPIVOT INCLUDE NULLS (v FOR k IN (a AS 'a', b AS 'b')) up`,
        api.sql`INSERT INTO ${s} SELECT a, ARRAY_AGG(b ORDER BY c) ag, STRING_AGG(b, ',') sa FROM ${t} GROUP BY a`,
        api.sql`INSERT INTO ${s} SELECT a, b FROM ${t} GROUP BY DISTINCT a, b`,
        api.sql`CREATE TEMPORARY VIEW v COMMENT 'c' AS SELECT a FROM ${t} t0 WHERE t0.a IS NOT NULL`,
        api.sql`CREATE TEMPORARY FUNCTION f AS 'com.example.F' LANGUAGE JAVA USING JAR 'x.jar'`,
      ]);
      expect(results).to.deep.equal(results.map(() => []));
    });
  });
});
