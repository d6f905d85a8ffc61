/**
 * Column names inside the expressions of an INSERT's SELECT list and WHERE clause
 * (src/sql/expression-columns.ts, expression-names.ts): a false-error hunt over valid expressions
 * (none may be refused), then misspellings that are reported with the nearest column.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';

describe("column names inside SELECT and WHERE expressions", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const columns = [
    { name: "id", type: "BIGINT" },
    { name: "name", type: "STRING" },
    { name: "amount", type: "DECIMAL(10, 2)" },
    { name: "ts", type: "TIMESTAMP(3)" },
    { name: "payload", type: "STRING" },
    { name: "tags", type: "ARRAY<STRING>" },
    { name: "attrs", type: "MAP<STRING, STRING>" },
    { name: "r", type: "ROW<f INT, g STRING>" },
    { name: "Mixed", type: "STRING" },
  ];
  const COLS = "(its columns: id, name, amount, ts, payload, tags, attrs, r, Mixed)";
  let n = 0;
  /** A new datagen source with `columns` (a watermark on ts), a second one, and sinks of one and two STRING columns. */
  const tables = () => {
    n++;
    const src = new api.FlinkTable(`ec_src${n}`, { columns, watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const other = new api.FlinkTable(`ec_dim${n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "label", type: "STRING" }], options: { connector: "datagen" } });
    const one = new api.FlinkTable(`ec_one${n}`, { columns: [{ name: "v", type: "STRING" }], options: { connector: "blackhole" } });
    const two = new api.FlinkTable(`ec_two${n}`, { columns: [{ name: "k", type: "STRING" }, { name: "v", type: "STRING" }], options: { connector: "blackhole" } });
    return { src, other, one, two };
  };
  const run = (statement: ReturnType<Api["sql"]>) => issuesOrNone(() => new api.FlinkSqlJob(`ec-job${++n}`, { statements: [statement] })).map((i) => [i.path, i.message]);

  it("valid expressions are never refused: functions, CASTs, CASE, nested calls, special syntax, JSON, windows, aggregates, aliases", () => {
    const { src, other, one, two } = tables();
    const valid: [string, ReturnType<Api["sql"]>][] = [
      ["CAST", api.sql`INSERT INTO ${one} SELECT CAST(id AS STRING) FROM ${src}`],
      ["TRY_CAST", api.sql`INSERT INTO ${one} SELECT TRY_CAST(name AS STRING) FROM ${src}`],
      ["nested CAST with a DECIMAL(p, s) type", api.sql`INSERT INTO ${one} SELECT CAST(CAST(amount AS DECIMAL(12, 4)) AS STRING) FROM ${src}`],
      ["CAST to a ROW type whose field names are no columns", api.sql`INSERT INTO ${one} SELECT CAST(CAST(ROW(id, name) AS ROW<a BIGINT, b STRING>) AS STRING) FROM ${src}`],
      ["CAST to TIMESTAMP_LTZ and WITH LOCAL TIME ZONE", api.sql`INSERT INTO ${one} SELECT CAST(CAST(ts AS TIMESTAMP_LTZ(3)) = CAST(ts AS TIMESTAMP(3) WITH LOCAL TIME ZONE) AS STRING) FROM ${src}`],
      ["string functions and ||", api.sql`INSERT INTO ${one} SELECT CONCAT(UPPER(name), '-', LOWER(Mixed)) || '!' FROM ${src}`],
      ["COALESCE, NULLIF, IFNULL, IF", api.sql`INSERT INTO ${one} SELECT COALESCE(NULLIF(name, ''), IFNULL(Mixed, 'n/a'), IF(amount > 0, payload, 'neg')) FROM ${src}`],
      ["searched CASE", api.sql`INSERT INTO ${one} SELECT CASE WHEN amount > 100 THEN 'big' WHEN amount IS NULL THEN 'none' ELSE name END FROM ${src}`],
      ["simple CASE", api.sql`INSERT INTO ${one} SELECT CASE name WHEN 'a' THEN 'A' WHEN 'b' THEN Mixed ELSE NULL END FROM ${src}`],
      ["arithmetic", api.sql`INSERT INTO ${one} SELECT CAST(-amount * 2 / 3 + MOD(id, 7) - ABS(amount) AS STRING) FROM ${src}`],
      ["math functions", api.sql`INSERT INTO ${one} SELECT CAST(ROUND(POWER(amount, 2), 2) + LN(ABS(amount) + 1) + EXP(1) + RAND() AS STRING) FROM ${src}`],
      ["EXTRACT", api.sql`INSERT INTO ${one} SELECT CAST(EXTRACT(HOUR FROM ts) + EXTRACT(DOW FROM ts) + EXTRACT(YEAR FROM ts) AS STRING) FROM ${src}`],
      ["FLOOR / CEIL ... TO unit", api.sql`INSERT INTO ${one} SELECT CAST(FLOOR(ts TO HOUR) = CEIL(ts TO DAY) AS STRING) FROM ${src}`],
      ["TIMESTAMPADD / TIMESTAMPDIFF", api.sql`INSERT INTO ${one} SELECT CAST(TIMESTAMPDIFF(DAY, TIMESTAMPADD(HOUR, 1, ts), CURRENT_TIMESTAMP) AS STRING) FROM ${src}`],
      ["interval arithmetic", api.sql`INSERT INTO ${one} SELECT CAST(ts + INTERVAL '1' HOUR - INTERVAL '2' DAY AS STRING) FROM ${src}`],
      ["typed literals", api.sql`INSERT INTO ${one} SELECT CAST(ts > TIMESTAMP '2024-01-01 00:00:00' AND CAST(ts AS DATE) > DATE '2024-01-01' AND X'0F' = X'0F' AS STRING) FROM ${src}`],
      ["niladic functions", api.sql`INSERT INTO ${one} SELECT CAST(CURRENT_TIMESTAMP AS STRING) || CAST(LOCALTIMESTAMP AS STRING) || CAST(CURRENT_DATE AS STRING) || CAST(NOW() AS STRING) FROM ${src}`],
      ["TRIM with BOTH / LEADING ... FROM", api.sql`INSERT INTO ${one} SELECT TRIM(BOTH ' ' FROM name) || TRIM(LEADING 'x' FROM Mixed) || TRIM(name) FROM ${src}`],
      ["SUBSTRING / OVERLAY with FROM ... FOR", api.sql`INSERT INTO ${one} SELECT SUBSTRING(name FROM 2 FOR 3) || SUBSTRING(name, 2, 3) || OVERLAY(name PLACING 'x' FROM 2 FOR 1) FROM ${src}`],
      ["POSITION(a IN b)", api.sql`INSERT INTO ${one} SELECT CAST(POSITION('a' IN name) + POSITION(Mixed IN name) + CHAR_LENGTH(name) AS STRING) FROM ${src}`],
      ["JSON_VALUE with RETURNING and DEFAULT ... ON EMPTY", api.sql`INSERT INTO ${one} SELECT CAST(JSON_VALUE(payload, '$.a' RETURNING INT DEFAULT 0 ON EMPTY) AS STRING) FROM ${src}`],
      ["JSON_VALUE RETURNING DECIMAL(p, s), a column as DEFAULT", api.sql`INSERT INTO ${one} SELECT CAST(JSON_VALUE(payload, '$.d' RETURNING DECIMAL(10, 2) DEFAULT amount ON EMPTY NULL ON ERROR) AS STRING) FROM ${src}`],
      ["JSON_QUERY wrappers, JSON_EXISTS", api.sql`INSERT INTO ${one} SELECT JSON_QUERY(payload, '$.a' WITH CONDITIONAL ARRAY WRAPPER) || JSON_QUERY(payload, '$.b' EMPTY ARRAY ON EMPTY) || CAST(JSON_EXISTS(payload, '$.c' FALSE ON ERROR) AS STRING) FROM ${src}`],
      ["JSON_OBJECT / JSON_ARRAY / IS JSON", api.sql`INSERT INTO ${one} SELECT JSON_OBJECT(KEY 'id' VALUE id, 'name' VALUE name ABSENT ON NULL) || JSON_ARRAY(id, name NULL ON NULL) || CAST(payload IS JSON OBJECT AS STRING) FROM ${src}`],
      ["array, map and ROW access", api.sql`INSERT INTO ${one} SELECT tags[1] || attrs['k'] || r.g || CAST(r.f AS STRING) || MAP['k', name]['k'] || CAST(CARDINALITY(ARRAY[id, 2]) AS STRING) FROM ${src}`],
      ["predicates", api.sql`INSERT INTO ${one} SELECT CAST(id IN (1, 2) AND amount BETWEEN 1 AND 10 AND name LIKE 'a%' AND name SIMILAR TO 'a.*' AND name IS DISTINCT FROM Mixed AND NOT (id > 1) AND (id > 1) IS TRUE AS STRING) FROM ${src}`],
      ["other functions", api.sql`INSERT INTO ${one} SELECT REGEXP_EXTRACT(name, '([a-z]+)', 1) || DATE_FORMAT(ts, 'yyyy-MM-dd') || SPLIT_INDEX(name, ',', 0) || MD5(name) || UUID() || CAST(CURRENT_WATERMARK(ts) AS STRING) FROM ${src}`],
      ["aliases: AS, without AS, back-quoted", api.sql`INSERT INTO ${two} SELECT UPPER(name) AS up, LOWER(name) \`the lower\` FROM ${src}`],
      ["an alias named like a column and a back-quoted column", api.sql`INSERT INTO ${two} SELECT UPPER(\`name\`) AS name, CAST(id + 1 AS STRING) id FROM ${src}`],
      ["a table alias and the table's marker as qualifiers, a ROW field after them", api.sql`INSERT INTO ${two} SELECT UPPER(t.name), CAST(t.r.f + ${src}.id AS STRING) FROM ${src} AS t`],
      ["comments and hints", api.sql`INSERT INTO ${two} SELECT /*+ STATE_TTL('t' = '1d') */ UPPER(/* the name */ name), -- a note
        CAST(id AS STRING) FROM ${src} t`],
      ["SELECT DISTINCT", api.sql`INSERT INTO ${one} SELECT DISTINCT UPPER(name) FROM ${src}`],
      ["aggregates with GROUP BY", api.sql`INSERT INTO ${two} SELECT name, CAST(SUM(amount) + COUNT(DISTINCT id) + MAX(amount) FILTER (WHERE id > 0) AS STRING) FROM ${src} GROUP BY name`],
      ["LISTAGG and COUNT(*)", api.sql`INSERT INTO ${two} SELECT LISTAGG(name, ','), CAST(COUNT(*) AS STRING) FROM ${src} GROUP BY Mixed`],
      ["an OVER window with a frame", api.sql`INSERT INTO ${one} SELECT CAST(SUM(amount) OVER (PARTITION BY name ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS STRING) FROM ${src}`],
      ["an OVER window with a RANGE interval", api.sql`INSERT INTO ${one} SELECT CAST(COUNT(id) OVER (PARTITION BY name ORDER BY ts RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS STRING) FROM ${src}`],
      ["a window TVF: window_start / window_end", api.sql`INSERT INTO ${two} SELECT CAST(window_start AS STRING), CAST(COUNT(*) + MAX(amount) AS STRING) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`],
      ["a HOP window TVF with an alias", api.sql`INSERT INTO ${two} SELECT CAST(w.window_end AS STRING), CAST(SUM(w.amount) AS STRING) FROM TABLE(HOP(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)) AS w GROUP BY w.window_start, w.window_end`],
      ["a WHERE with expressions", api.sql`INSERT INTO ${one} SELECT name FROM ${src} WHERE UPPER(name) = 'A' AND amount * 2 > 10 AND COALESCE(Mixed, '') <> '' AND ts > CURRENT_TIMESTAMP - INTERVAL '1' DAY AND EXTRACT(YEAR FROM ts) = 2024 AND CHAR_LENGTH(TRIM(name)) BETWEEN 1 AND 10 AND JSON_EXISTS(payload, '$.a') AND tags[1] IS NOT NULL AND r.f > 0 AND NOT (id < 0)`],
      ["a WHERE with an alias", api.sql`INSERT INTO ${one} SELECT t.name FROM ${src} AS t WHERE t.id > 0 AND UPPER(t.name) LIKE 'A%' AND t.r.g IS NOT NULL`],
      ["a join with aliases", api.sql`INSERT INTO ${two} SELECT UPPER(o.name), d.label FROM ${src} AS o JOIN ${other} AS d ON o.id = d.id AND d.label <> o.Mixed`],
      ["a LEFT JOIN, unqualified names of either side, a WHERE", api.sql`INSERT INTO ${two} SELECT UPPER(label), CAST(amount + o.id AS STRING) FROM ${src} o LEFT OUTER JOIN ${other} d ON o.id = d.id WHERE COALESCE(label, Mixed) <> ''`],
      ["joined tables without aliases, qualified by name and by interpolation", api.sql`INSERT INTO ${two} SELECT label, CAST(${src}.amount AS STRING) FROM ${src} JOIN ${other} ON ${src}.id = ${other}.id`],
      ["USING, a column of both sides unqualified", api.sql`INSERT INTO ${two} SELECT CAST(id AS STRING), label FROM ${src} JOIN ${other} USING (id)`],
      ["a comma join (interval-join shape)", api.sql`INSERT INTO ${two} SELECT d.label, CAST(o.ts AS STRING) FROM ${src} o, ${other} d WHERE o.id = d.id AND o.ts BETWEEN o.ts - INTERVAL '1' HOUR AND o.ts`],
      ["a self-join with an alias for each side", api.sql`INSERT INTO ${two} SELECT a.name, CAST(b.amount AS STRING) FROM ${src} AS a JOIN ${src} AS b ON a.id = b.id`],
      ["a join with GROUP BY", api.sql`INSERT INTO ${two} SELECT d.label, CAST(SUM(o.amount) AS STRING) FROM ${src} o JOIN ${other} d ON o.id = d.id GROUP BY d.label`],
      // Skipped, not refused: relations this check does not resolve.
      ["NATURAL JOIN", api.sql`INSERT INTO ${two} SELECT UPPER(name), label FROM ${src} NATURAL JOIN ${other}`],
      ["a join with a subquery", api.sql`INSERT INTO ${two} SELECT UPPER(o.name), d.label FROM ${src} AS o JOIN (SELECT id, label FROM ${other}) AS d ON o.id = d.id`],
      ["a subquery in FROM (deduplication)", api.sql`INSERT INTO ${one} SELECT UPPER(name) FROM (SELECT name, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM ${src}) WHERE rn = 1`],
      ["a subquery in WHERE", api.sql`INSERT INTO ${one} SELECT UPPER(name) FROM ${src} WHERE id IN (SELECT id FROM ${other} WHERE label <> '')`],
      ["a subquery in the SELECT list", api.sql`INSERT INTO ${one} SELECT (SELECT MAX(label) FROM ${other}) FROM ${src}`],
      ["UNNEST", api.sql`INSERT INTO ${one} SELECT UPPER(tag) FROM ${src} CROSS JOIN UNNEST(tags) AS x (tag)`],
      ["an alias of the same SELECT list read again (left to Flink)", api.sql`INSERT INTO ${two} SELECT UPPER(name) AS up, LOWER(up) FROM ${src}`],
      ["a Unicode string literal", api.sql`INSERT INTO ${one} SELECT name || U&'\\0041' FROM ${src}`],
    ];
    const refused = valid.flatMap(([what, statement]) => run(statement).map(([path, message]) => `${what}: ${path}: ${message}`));
    expect(refused).to.deep.equal([]);
  });

  it("misspelt names inside expressions are errors with the nearest column, once per statement and clause", () => {
    const { src, one, two } = tables();
    const label = src.tableName;
    const at = (name: string, near: string, where: string) => `${where} reads "${name}", which is not a column of FlinkTable "${label}"; did you mean "${near}"? ${COLS}${NOT_FOUND}`;
    expect(run(api.sql`INSERT INTO ${two} SELECT CAST(idd AS STRING), UPPER(nmae) || LOWER(nmae) FROM ${src}`)).to.deep.equal([
      ["statements[0]", at("idd", "id", "the SELECT item CAST(idd AS STRING)")],
      ["statements[0]", at("nmae", "name", "the SELECT item UPPER(nmae) || LOWER(nmae)")],
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT COALESCE(nam, 'x') AS n, CAST(amont * 2 AS STRING) FROM ${src}`)).to.deep.equal([
      ["statements[0]", at("nam", "name", "the SELECT item COALESCE(nam, 'x') AS n")],
      ["statements[0]", at("amont", "amount", "the SELECT item CAST(amont * 2 AS STRING)")],
    ]);
    expect(run(api.sql`INSERT INTO ${one} SELECT CASE WHEN amuont > 0 THEN TRIM(BOTH ' ' FROM nmae) ELSE JSON_VALUE(paylaod, '$.a') END FROM ${src}`)).to.deep.equal([
      // Compared to 0, amuont may be a value: one typo from amount, so both ways out in one sentence.
      [
        "statements[0]",
        `the SELECT item CASE WHEN amuont > 0 THEN TRIM(BOTH ' ' FROM nmae) ELSE J... reads "amuont", which is not a column of FlinkTable "${label}" ${COLS}; ` +
          `it is one typo from the column "amount": write "amount" if it is that column, or if it is a value quote it: 'amuont' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})${NOT_FOUND}`,
      ],
      ["statements[0]", at("nmae", "name", "the SELECT item CASE WHEN amuont > 0 THEN TRIM(BOTH ' ' FROM nmae) ELSE J...")],
      ["statements[0]", at("paylaod", "payload", "the SELECT item CASE WHEN amuont > 0 THEN TRIM(BOTH ' ' FROM nmae) ELSE J...")],
    ]);
    // Qualified by the alias or the interpolated table, back-quoted, in another case, inside EXTRACT.
    expect(run(api.sql`INSERT INTO ${two} SELECT UPPER(t.nmae), CAST(EXTRACT(HOUR FROM \`tss\`) + Amount AS STRING) FROM ${src} AS t`)).to.deep.equal([
      ["statements[0]", at("nmae", "name", "the SELECT item UPPER(t.nmae)")],
      ["statements[0]", at("tss", "ts", "the SELECT item CAST(EXTRACT(HOUR FROM `tss`) + Amount AS STRING)")],
      [
        "statements[0]",
        `the SELECT item CAST(EXTRACT(HOUR FROM \`tss\`) + Amount AS STRING) reads "Amount", which is not a column of FlinkTable "${label}" (Flink's identifiers are case-sensitive: the column is "amount")${NOT_FOUND}`,
      ],
    ]);
    expect(run(api.sql`INSERT INTO ${one} SELECT UPPER(${src}.nme) FROM ${src}`)).to.deep.equal([["statements[0]", at("nme", "name", `the SELECT item UPPER(${label}.nme)`)]]);
  });

  it("in the WHERE clause: names inside expressions, next to the compared names the WHERE check reads (neither reported twice)", () => {
    const { src, one } = tables();
    const label = src.tableName;
    expect(run(api.sql`INSERT INTO ${one} SELECT name FROM ${src} WHERE UPPER(nmae) = 'A' AND nmae <> 'b' AND CHAR_LENGTH(TRIM(Mixd)) > 1 AND UPPER(nmae) <> 'C'`)).to.deep.equal([
      [
        "statements[0]",
        `the WHERE clause reads "nmae", which is not a column of FlinkTable "${label}" ${COLS}; it is one typo from the column "name": write "name" if it is that column, or if it is a value quote it: 'nmae' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})${NOT_FOUND}`,
      ],
      ["statements[0]", `the WHERE clause reads "Mixd", which is not a column of FlinkTable "${label}"; did you mean "Mixed"? ${COLS}${NOT_FOUND}`],
    ]);
  });

  it("over a join of interpolated tables: qualified names by their alias, unqualified ones against every side, ON conditions, the FOR SYSTEM_TIME AS OF column", () => {
    const { src, other, two } = tables();
    const [s, d] = [src.tableName, other.tableName];
    const both = `(their columns: o.id, o.name, o.amount, o.ts, o.payload, o.tags, o.attrs, o.r, o.Mixed, d.id, d.label)`;
    expect(run(api.sql`INSERT INTO ${two} SELECT UPPER(d.lable), labl FROM ${src} AS o JOIN ${other} AS d ON o.id = d.idd WHERE UPPER(nmae) <> 'X'`)).to.deep.equal([
      ["statements[0]", `the SELECT item UPPER(d.lable) reads "lable", which is not a column of FlinkTable "${d}"; did you mean "label"? (its columns: id, label)${NOT_FOUND}`],
      ["statements[0]", `the SELECT item labl reads "labl", which is not a column of FlinkTable "${s}" (as o) or FlinkTable "${d}" (as d); did you mean "d.label"? ${both}${NOT_FOUND}`],
      ["statements[0]", `the ON condition reads "idd", which is not a column of FlinkTable "${d}"; did you mean "id"? (its columns: id, label)${NOT_FOUND}`],
      ["statements[0]", `the WHERE clause reads "nmae", which is not a column of FlinkTable "${s}" (as o) or FlinkTable "${d}" (as d); did you mean "o.name"? ${both}${NOT_FOUND}`],
    ]);
    const orders = new api.FlinkTable("ec_orders", { columns: [{ name: "id", type: "BIGINT" }, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen" } });
    const dim = new api.FlinkTable("ec_lookup", { columns: [{ name: "id", type: "BIGINT" }, { name: "label", type: "STRING" }], primaryKey: ["id"], options: { connector: "jdbc", url: "jdbc:mysql://db:3306/shop", "table-name": "labels" } });
    expect(run(api.sql`INSERT INTO ${two} SELECT d.label, CAST(o.id AS STRING) FROM ${orders} AS o JOIN ${dim} FOR SYSTEM_TIME AS OF o.proc AS d ON o.id = d.id`)).to.deep.equal([]);
    expect(run(api.sql`INSERT INTO ${two} SELECT d.label, CAST(o.id AS STRING) FROM ${orders} AS o JOIN ${dim} FOR SYSTEM_TIME AS OF o.prc AS d ON o.id = d.id`)).to.deep.equal([
      ["statements[0]", `the FOR SYSTEM_TIME AS OF column reads "prc", which is not a column of FlinkTable "ec_orders"; did you mean "proc"? (its columns: id, proc)${NOT_FOUND}`],
    ]);
  });

  it("window TVF columns, aggregates and OVER windows are read too", () => {
    const { src, two } = tables();
    const label = src.tableName;
    const cols = `(its columns: id, name, amount, ts, payload, tags, attrs, r, Mixed, window_start, window_end, window_time)`;
    expect(
      run(api.sql`INSERT INTO ${two} SELECT CAST(windw_start AS STRING), CAST(SUM(amont) AS STRING) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`),
    ).to.deep.equal([
      ["statements[0]", `the SELECT item CAST(windw_start AS STRING) reads "windw_start", which is not a column of the window TVF over FlinkTable "${label}"; did you mean "window_start"? ${cols}${NOT_FOUND}`],
      ["statements[0]", `the SELECT item CAST(SUM(amont) AS STRING) reads "amont", which is not a column of the window TVF over FlinkTable "${label}"; did you mean "amount"? ${cols}${NOT_FOUND}`],
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT name, CAST(COUNT(id) OVER (PARTITION BY nme ORDER BY ts) AS STRING) FROM ${src}`)).to.deep.equal([
      ["statements[0]", `the SELECT item CAST(COUNT(id) OVER (PARTITION BY nme ORDER BY ts) AS STR... reads "nme", which is not a column of FlinkTable "${label}"; did you mean "name"? ${COLS}${NOT_FOUND}`],
    ]);
  });
});
