/**
 * Plain SQL slips Flink's parser refuses (src/sql/syntax-slips.ts), found at preview: a new-user
 * trial's statements each render as a valid job without it, and fail at job start with "SQL parse
 * failed". Each is one error at its statement, with where it is and what to write, and the
 * statement is read no further (no unrelated error from a statement Flink never plans). Valid
 * neighbours stay quiet: nested parentheses, parentheses in literals, comments and back-quoted
 * names, `<>`, `>=`, constructors, CASE, window TVFs, hints, trailing comments, VALUES lists,
 * column lists, PARTITION, WITH, aliases without AS, UNION ALL, views and functions.
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { syntaxSlips } from "../src/sql/syntax-slips.js";

const FAILS = "so Flink's parser refuses the statement (SQL parse failed) and the job fails when it starts";
const REFUSED = "so it refuses the statement (SQL parse failed) and the job fails when it starts";
const TAKES = "Flink's parser takes a query after the sink (SELECT, VALUES, WITH, TABLE or a query in parentheses)";
const ALIAS = "so its parser reads it as a name for amount (an alias: AS is optional), and no table can follow an alias";

describe("syntax slips Flink's parser refuses", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const orderColumns = [
    { name: "order_id", type: "BIGINT" },
    { name: "amount", type: "DECIMAL(12, 2)" },
  ];
  let n = 0;
  /** The issues of a streaming job with one statement over a datagen source (order_id, amount, status, a) and a blackhole sink (order_id, amount). */
  const job = (stmt: (s: unknown, src: unknown) => ReturnType<Api["sql"]>) => {
    n++;
    const src = new api.FlinkTable(`ss_src${n}`, { columns: [...orderColumns, { name: "status", type: "STRING" }, { name: "a", type: "BIGINT" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable(`ss_sink${n}`, { columns: orderColumns, options: { connector: "blackhole" } });
    return issuesOrNone(() => new api.FlinkSqlJob(`ss${n}`, { statements: [stmt(sink, src)] }));
  };
  const one = (message: string) => [{ path: "statements[0]", message }];

  describe("the trial's statements: one error each, naming the place and the rewrite", () => {
    it("a comma right before FROM", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount, FROM ${src}`)).to.deep.equal(
        one(`"amount, FROM": a comma right before FROM has no item after it, ${FAILS}; remove the comma: "amount FROM"`),
      );
    });

    it("a misspelt SELECT after the sink: the keyword meant", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELEC order_id, amount FROM ${src}`)).to.deep.equal(
        one(`"\`ss_sink${n}\` SELEC order_id": ${TAKES}, and SELEC is none of them, ${REFUSED}; write SELECT: "\`ss_sink${n}\` SELECT order_id"`),
      );
    });

    it("FORM: the table ends up after an alias; FROM is meant", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FORM ${src}`)).to.deep.equal(
        one(`"amount FORM \`ss_src${n}\`": FORM is no keyword of Flink SQL, ${ALIAS}, ${REFUSED}; write FROM: "amount FROM \`ss_src${n}\`"`),
      );
    });

    it("==", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${src} WHERE status == 'PAID'`)).to.deep.equal(
        one(`status == 'PAID': Flink SQL has no == operator (it compares with =), ${FAILS}; write status = 'PAID'`),
      );
    });

    it("a ( never closed, at the end: close it where what it holds ends", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${src} WHERE (status = 'PAID'`)).to.deep.equal(
        one(`the "(" in "WHERE (status = 'PAID'" is never closed, ${FAILS}; write the ")" where what it holds ends, e.g. "WHERE (status = 'PAID')"`),
      );
    });

    it("a CAST never closed: close it before FROM", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, CAST(amount AS DECIMAL(12, 2) FROM ${src}`)).to.deep.equal(
        one(`the "(" in "CAST(amount AS DECIMAL(12, 2) …" is never closed, ${FAILS}; close it before FROM: "CAST(amount AS DECIMAL(12, 2)) FROM"`),
      );
    });

    it("a dangling AND", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${src} WHERE status = 'PAID' AND`)).to.deep.equal(
        one(`the statement ends in AND ("WHERE status = 'PAID' AND"), which needs a condition after it, ${FAILS}; write a condition after AND, or remove AND`),
      );
    });

    it("SUM( never closed: that error alone (no unrelated changelog error from a statement Flink never plans)", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, SUM(amount FROM ${src} GROUP BY order_id`)).to.deep.equal(
        one(`the "(" in "SUM(amount FROM \`ss_src${n}\` GROUP BY order_id" is never closed, ${FAILS}; close it before FROM: "SUM(amount) FROM"`),
      );
    });
  });

  describe("more slips", () => {
    it("VALUE for VALUES, and a misspelt SELECT after a column list", () => {
      expect(job((s) => api.sql`INSERT INTO ${s} VALUE (1, 2.5)`)).to.deep.equal(
        one(`"\`ss_sink${n}\` VALUE (1, 2.5)": ${TAKES}, and VALUE is none of them, ${REFUSED}; write VALUES: "\`ss_sink${n}\` VALUES (1, 2.5)"`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} (order_id, amount) SLECT order_id, amount FROM ${src}`)).to.deep.equal(
        one(
          `"… (order_id, amount) SLECT order_id": Flink's parser takes a query after the sink and its column list (SELECT, VALUES, WITH, TABLE or a query in parentheses), and SLECT is none of them, ${REFUSED}; write SELECT: "… (order_id, amount) SELECT order_id"`,
        ),
      );
    });

    it("a word after the sink that is no near miss, and an INSERT without a query", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} order_id, amount FROM ${src}`)).to.deep.equal(
        one(`"\`ss_sink${n}\` order_id,": ${TAKES}, and order_id starts none, ${REFUSED}; write the query there, e.g. SELECT ... FROM \${source}`),
      );
      expect(job((s) => api.sql`INSERT INTO ${s}`)).to.deep.equal(
        one(`"INSERT INTO \`ss_sink${n}\`" has no query: ${TAKES}, ${REFUSED}; write the query, e.g. INSERT INTO \${sink} SELECT ... FROM \${source}`),
      );
    });

    it("JION, LEFT JION, FRMO and a word that is no near miss before a table", () => {
      const issues = job((s, src) => api.sql`INSERT INTO ${s} SELECT x.order_id, y.amount FROM ${src} x JION ${src} y ON x.a = y.a`);
      expect(issues).to.deep.equal(
        one(`"x JION \`ss_src${n}\`": JION is no keyword of Flink SQL, so its parser reads it as a name for x (an alias: AS is optional), and no table can follow an alias, ${REFUSED}; write JOIN: "x JOIN \`ss_src${n}\`"`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT x.order_id, y.amount FROM ${src} x LEFT JION ${src} y ON x.a = y.a`)).to.deep.equal(
        one(`"LEFT JION \`ss_src${n}\`": after LEFT Flink's parser takes JOIN, and JION is no keyword, ${REFUSED}; write JOIN: "LEFT JOIN \`ss_src${n}\`"`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT * FRMO ${src}`)).to.deep.equal(
        one(`"* FRMO \`ss_src${n}\`": FRMO is no keyword of Flink SQL, so its parser reads it as a name for * (an alias: AS is optional), and no table can follow an alias, ${REFUSED}; write FROM: "* FROM \`ss_src${n}\`"`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount total ${src}`)).to.deep.equal(
        one(
          `"amount total \`ss_src${n}\`": total is no keyword of Flink SQL, ${ALIAS}, ${REFUSED}; write FROM or JOIN before the table (or a comma between the tables of a FROM list), or remove total`,
        ),
      );
    });

    it("a ) that closes nothing, a comma before ), two commas, a comma before GROUP BY, a statement ending in = or WHERE or a comma", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount) FROM ${src}`)).to.deep.equal(
        one(`"order_id, amount) FROM" has a ")" that closes no "(", ${FAILS}; remove it, or write the "(" it closes`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${src} WHERE a IN (1, 2,)`)).to.deep.equal(
        one(`"2,)": a comma right before ")" has no item after it, ${FAILS}; remove the comma: "2)"`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id,, amount FROM ${src}`)).to.deep.equal(
        one(`"order_id,,": a comma right before another comma has no item after it, ${FAILS}; remove the comma: "order_id,"`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, SUM(amount) FROM ${src} GROUP BY order_id, ORDER BY order_id`)).to.deep.equal(
        one(`"order_id, ORDER BY": a comma right before ORDER BY has no item after it, ${FAILS}; remove the comma: "order_id ORDER BY"`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${src} WHERE a =`)).to.deep.equal(
        one(`the statement ends in = ("FROM \`ss_src${n}\` WHERE a ="), which needs an operand after it, ${FAILS}; write an operand after =, or remove =`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${src} WHERE -- no condition yet`)).to.deep.equal(
        one(`the statement ends in WHERE ("amount FROM \`ss_src${n}\` WHERE"), which needs a condition after it, ${FAILS}; write a condition after WHERE, or remove WHERE`),
      );
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, SUM(amount) FROM ${src} GROUP BY order_id,`)).to.deep.equal(
        one(`the statement ends in a comma ("\`ss_src${n}\` GROUP BY order_id,"), which needs another item after it, ${FAILS}; write another item after the comma, or remove the comma`),
      );
    });

    it("in a string interpolated as SQL text: reported, unless it stands where an operand goes (interpolated-operands.ts advises quoting it)", () => {
      expect(job((s, src) => api.sql`INSERT INTO ${s} SELECT ${"order_id, amount,"} FROM ${src}`)).to.deep.equal(
        one(`"amount, FROM": a comma right before FROM has no item after it, ${FAILS}; remove the comma: "amount FROM"`),
      );
      const issues = job((s, src) => api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${src} WHERE status LIKE ${"%PAID"}`);
      expect(issues).to.deep.equal(
        one(
          `the WHERE clause reads "PAID", which is not a column of FlinkTable "ss_src${n}" (its columns: order_id, amount, status, a); "PAID" comes from the string "%PAID" interpolated with \${...} after LIKE, ` +
            "which sql`...` inserts as SQL text, not as a value: if it is a value, quote it: '%PAID' (write ${sqlLiteral(value)}); Flink fails when the job starts (\"Column ... not found in any table\")",
        ),
      );
    });

    it("in a view: the view statement's error, and the view is read no further", () => {
      const issues = job((s, src) => api.sql`CREATE TEMPORARY VIEW v AS SELECT order_id, amount, FROM ${src} WHERE status == 'x'`);
      expect(issues).to.deep.equal([
        { path: "statements[0]", message: `"amount, FROM": a comma right before FROM has no item after it, ${FAILS}; remove the comma: "amount FROM"` },
        { path: "statements[0]", message: `status == 'x': Flink SQL has no == operator (it compares with =), ${FAILS}; write status = 'x'` },
      ]);
    });
  });

  describe("valid neighbours stay quiet", () => {
    it("as jobs: nested parentheses, literals, comments, names, <> and >=, CASE, window TVFs, hints, VALUES, column lists, PARTITION, WITH, aliases, UNION ALL, views, functions", () => {
      const cols = [{ name: "a", type: "BIGINT" }, { name: "b", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }];
      const t = new api.FlinkTable("vn_t", { columns: cols, watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" }, options: { connector: "datagen" } });
      const u = new api.FlinkTable("vn_u", { columns: cols, options: { connector: "datagen" } });
      const s = new api.FlinkTable("vn_s", { columns: cols, options: { connector: "print" } });
      const p = new api.FlinkTable("vn_p", { columns: cols, partitionedBy: ["b"], options: { connector: "filesystem", path: "s3://b/p", format: "csv" } });
      const statements = [
        api.sql`INSERT INTO ${s} SELECT ((a + 1) * (2 - a)), b, ts FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT a AS \`x(y\`, b, ts FROM ${t} WHERE b = '(' AND b <> ')' AND a >= 2 -- (
          AND a <= 3 /* ) , FROM */`,
        api.sql`INSERT INTO ${s} SELECT CASE WHEN a > 1 THEN 1 ELSE 0 END, b, ts FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT a, b, window_start FROM TABLE(TUMBLE(TABLE ${t}, DESCRIPTOR(ts), INTERVAL '1' MINUTE))`,
        api.sql`INSERT INTO ${s} /*+ OPTIONS('sink.parallelism'='2') */ SELECT a, b, ts FROM ${t} /*+ OPTIONS('rows-per-second'='5') */ -- a trailing (
        `,
        api.sql`INSERT INTO ${s} VALUES (1, 'a', TIMESTAMP '2024-01-01 00:00:00'), (3, 'b', TIMESTAMP '2024-01-01 00:00:00');`,
        api.sql`INSERT INTO ${s} (a, b, ts) SELECT a, b, ts FROM ${t}`,
        api.sql`INSERT INTO ${p} PARTITION (b='x') SELECT a, ts FROM ${t}`,
        api.sql`INSERT INTO ${s} WITH x AS (SELECT a, b, ts FROM ${t}) SELECT a, b, ts FROM x`,
        api.sql`INSERT INTO ${s} (SELECT a, b, ts FROM ${t})`,
        api.sql`INSERT INTO ${s} SELECT q.a x, q.b y, q.ts z FROM ${t} q`,
        api.sql`INSERT INTO ${s} SELECT a, b, ts FROM ${t} UNION ALL SELECT a, b, ts FROM ${u}`,
        api.sql`INSERT INTO ${s} SELECT x.a, y.b, x.ts FROM ${t} x LEFT JOIN ${u} y ON x.a = y.a`,
        api.sql`INSERT INTO ${s} SELECT ${t}.a, ${t}.b, ${t}.ts FROM ${t}`,
        api.sql`CREATE TEMPORARY VIEW v AS SELECT a, b FROM ${t}`,
        api.sql`CREATE TEMPORARY FUNCTION f AS 'com.example.F' LANGUAGE JAVA`,
        api.sql`INSERT INTO ${s} SELECT a, b, ts FROM ${t} WHERE b = ${api.sqlLiteral(pulumi.output("x"))}`,
      ];
      expect(issuesOrNone(() => new api.FlinkSqlJob("vn", { statements }))).to.deep.equal([]);
    });

    it("read by the check alone: constructors, calls that hold FROM, joins, LATERAL, UNNEST, stars, Outputs, named arguments, MATCH_RECOGNIZE", () => {
      const cols = [{ name: "a", type: "BIGINT" }];
      const t = new api.FlinkTable("vn2_t", { columns: cols, options: { connector: "datagen" } });
      const u = new api.FlinkTable("vn2_u", { columns: cols, options: { connector: "datagen" } });
      const s = new api.FlinkTable("vn2_s", { columns: cols, options: { connector: "blackhole" } });
      const out = pulumi.output("x");
      const statements = [
        api.sql`INSERT INTO ${s} SELECT a, ROW(a, b), ARRAY[1, 2][1], MAP['k', 1]['k'] FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT EXTRACT(YEAR FROM ts), TRIM(BOTH ' ' FROM b), SUBSTRING(b FROM 1 FOR 2) FROM ${t} WHERE a IS DISTINCT FROM 1`,
        api.sql`INSERT INTO ${s} SELECT x.a FROM ${t} AS x, ${u} AS y, LATERAL TABLE(split(b)) AS T(w) CROSS JOIN UNNEST(arr) AS z(v)`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} AS o JOIN ${u} FOR SYSTEM_TIME AS OF o.ts AS d ON o.a = d.a`,
        api.sql`INSERT INTO ${s} SELECT * FROM ${t}`,
        api.sql`INSERT INTO ${s} SELECT x.*, COUNT(*), a * 2 FROM ${t} x`,
        api.sql`INSERT INTO ${s} SELECT ${out} AS a, b FROM ${t} WHERE ${out} <> '' AND b = ${out}`,
        api.sql`INSERT INTO ${s} ${out}`,
        api.sql`INSERT INTO ${s} (${out})`,
        api.sql`INSERT INTO ${s} PARTITION (${out}) (a) (${out})`,
        api.sql`INSERT INTO ${s} SELECT f(x => 1), CAST(m AS MAP<STRING, INT>), 1.5e3, x'AB', .5 FROM ${t} WHERE b LIKE '%(%'`,
        api.sql`INSERT INTO ${s} SELECT * FROM ${t} MATCH_RECOGNIZE (PARTITION BY a ORDER BY ts MEASURES A.b AS b PATTERN (A B ${u}) DEFINE A AS a > 1) AS m`,
        api.sql`INSERT INTO ${s} SELECT a, b, MAX(ts) OVER (PARTITION BY a ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM ${t} ORDER BY ts DESC LIMIT 10`,
        api.sql`INSERT INTO ${s} SELECT a, -- note (
          b, // another )
          ts FROM ${t} t1 WHERE NOT EXISTS (SELECT 1 FROM ${u} t2 WHERE t1.a = t2.a) AND a IN (SELECT a FROM ${u})`,
        api.sql`INSERT OVERWRITE ${s} TABLE ${t}`,
        api.sql`INSERT INTO ${s} SELECT a FROM (${t})`,
        api.sql`INSERT INTO ${s} SELECT a AS ${u} FROM ${t} ${u}`,
        api.sql`INSERT INTO ${s} SELECT a FROM ${t} WHERE b = 'a, FROM' AND b <> '==' AND c = "x,)"`,
        api.sql`CREATE TEMPORARY VIEW v (x, y) AS SELECT a, b FROM ${t} GROUP BY a, b HAVING COUNT(*) > 1`,
        api.sql`CREATE TEMPORARY SYSTEM FUNCTION f AS 'com.example.F'`,
      ];
      expect(statements.map((st) => syntaxSlips(st, /^INSERT/.test(st.toString())))).to.deep.equal(statements.map(() => []));
    });
  });
});
