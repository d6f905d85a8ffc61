/**
 * Column-name messages written as SQL must be written (reserved and non-plain names back-quoted),
 * unquoted reserved words used as operands, one report per misspelt name, window TVFs named as
 * such, and the value advice for interpolated strings in ON conditions, a join's WHERE and CASE
 * (src/sql/unknown-names.ts, expression-names.ts, expression-columns.ts).
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';
const QUOTE = (word: string) => `; if it is a value, quote it: '${word}' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})`;

describe("column-name feedback inside expressions", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  const columns = [
    { name: "id", type: "BIGINT" },
    { name: "value", type: "STRING" },
    { name: "timestamp", type: "TIMESTAMP(3)" },
    { name: "My Col", type: "STRING" },
    { name: "ts", type: "TIMESTAMP(3)" },
  ];
  const tables = () => {
    n++;
    const src = new api.FlinkTable(`nf_src${n}`, { columns, watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } });
    const dim = new api.FlinkTable(`nf_dim${n}`, { columns: [{ name: "id", type: "BIGINT" }, { name: "label", type: "STRING" }], options: { connector: "datagen" } });
    const one = new api.FlinkTable(`nf_one${n}`, { columns: [{ name: "v", type: "STRING" }], options: { connector: "blackhole" } });
    const two = new api.FlinkTable(`nf_two${n}`, { columns: [{ name: "k", type: "STRING" }, { name: "v", type: "STRING" }], options: { connector: "blackhole" } });
    return { src, dim, one, two };
  };
  const run = (statement: ReturnType<Api["sql"]>) => issuesOrNone(() => new api.FlinkSqlJob(`nf-job${++n}`, { statements: [statement] })).map((i) => i.message);
  const COLS = "(its columns: id, `value`, `timestamp`, `My Col`, ts)";

  it("suggestions and column lists show names as SQL must write them", () => {
    const { src, dim, one } = tables();
    const label = src.tableName;
    expect(run(api.sql`INSERT INTO ${one} SELECT UPPER(t.vaule) FROM ${src} t`)).to.deep.equal([
      `the SELECT item UPPER(t.vaule) reads "vaule", which is not a column of FlinkTable "${label}"; did you mean \`value\` (in a sql\`...\` template: \\\`value\\\`)? ${COLS}${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${one} SELECT \`value\` FROM ${src} WHERE CAST(timestmp AS DATE) > DATE '2024-01-01'`)).to.deep.equal([
      `the WHERE clause reads "timestmp", which is not a column of FlinkTable "${label}"; did you mean \`timestamp\` (in a sql\`...\` template: \\\`timestamp\\\`)? ${COLS}${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${one} SELECT UPPER(s.vaule) FROM ${src} s JOIN ${dim} d ON s.id = d.id WHERE UPPER(vaule) <> ''`)).to.deep.equal([
      `the SELECT item UPPER(s.vaule) reads "vaule", which is not a column of FlinkTable "${label}"; did you mean \`value\` (in a sql\`...\` template: \\\`value\\\`)? ${COLS}${NOT_FOUND}`,
      `the WHERE clause reads "vaule", which is not a column of FlinkTable "${label}" (as s) or FlinkTable "${dim.tableName}" (as d); did you mean s.\`value\` (in a sql\`...\` template: s.\\\`value\\\`)? ` +
        `(their columns: s.id, s.\`value\`, s.\`timestamp\`, s.\`My Col\`, s.ts, d.id, d.label)${NOT_FOUND}`,
    ]);
  });

  it("an unquoted reserved word that names a column, where an operand stands, is an error in every place it is read (one run); its syntax uses are not", () => {
    const { src, dim, one, two } = tables();
    const label = src.tableName;
    const reserved = (where: string, column: string) =>
      `${where} reads the column "${column}" of FlinkTable "${label}" as ${column} without back-quotes, but ${column.toUpperCase()} is a reserved word of Flink SQL: ` +
      `the parser never reads it as a name: the job fails when it starts ("Encountered \\"${column}\\""); write \`${column}\` (in a sql\`...\` template: \\\`${column}\\\`)`;
    expect(run(api.sql`INSERT INTO ${two} SELECT UPPER(value), CAST(CAST(timestamp AS DATE) AS STRING) FROM ${src} WHERE timestamp > ts`)).to.deep.equal([
      reserved("the SELECT item UPPER(value)", "value"),
      reserved("the SELECT item CAST(CAST(timestamp AS DATE) AS STRING)", "timestamp"),
      // The WHERE clause's timestamp is another place to fix: reported in the same run (trial p10).
      reserved("the WHERE clause", "timestamp"),
    ]);
    expect(run(api.sql`INSERT INTO ${one} SELECT d.label FROM ${src} s JOIN ${dim} d ON s.id = d.id WHERE CASE WHEN value = 'a' THEN TRUE ELSE FALSE END`)).to.deep.equal([
      reserved("the WHERE clause", "value"),
    ]);
    const valid = [
      api.sql`INSERT INTO ${one} SELECT CAST(ts > TIMESTAMP '2024-01-01 00:00:00' AND CAST(ts AS DATE) > DATE '2024-01-01' AS STRING) FROM ${src}`,
      api.sql`INSERT INTO ${one} SELECT CAST(CAST(\`timestamp\` AS TIMESTAMP(3)) + INTERVAL '1' HOUR AS STRING) FROM ${src}`,
      api.sql`INSERT INTO ${one} SELECT JSON_OBJECT(KEY 'a' VALUE \`value\`) FROM ${src}`,
      api.sql`INSERT INTO ${one} SELECT CAST(EXTRACT(HOUR FROM ts) + TIMESTAMPDIFF(DAY, ts, CURRENT_TIMESTAMP) AS STRING) FROM ${src}`,
      api.sql`INSERT INTO ${one} SELECT CAST(FLOOR(ts TO DAY) AS STRING) || USER FROM ${src}`,
      api.sql`INSERT INTO ${one} SELECT CAST(COUNT(id) OVER (ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS STRING) FROM ${src}`,
      api.sql`INSERT INTO ${one} SELECT CASE WHEN \`value\` IS JSON VALUE THEN 'y' END FROM ${src}`,
    ];
    expect(valid.flatMap(run)).to.deep.equal([]);
  });

  it("a misspelt name is reported once per statement, with the places it is read", () => {
    const { src, dim, two } = tables();
    const [s, d] = [src.tableName, dim.tableName];
    expect(run(api.sql`INSERT INTO ${two} SELECT nmae, UPPER(nmae) FROM ${src}`)).to.deep.equal([
      `the SELECT list and the SELECT item UPPER(nmae) read "nmae", which is not a column of FlinkTable "${s}" ${COLS}${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT lable, UPPER(lable) FROM ${src} o JOIN ${dim} d ON o.id = d.id WHERE lable <> ''`)).to.deep.equal([
      `the SELECT item lable, the SELECT item UPPER(lable) and the WHERE clause read "lable", which is not a column of FlinkTable "${s}" (as o) or FlinkTable "${d}" (as d) ` +
        `(their columns: o.id, o.\`value\`, o.\`timestamp\`, o.\`My Col\`, o.ts, d.id, d.label); it is one typo from the column "d.label": write "d.label" if it is that column, ` +
        `or if it is a value quote it: 'lable' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})${NOT_FOUND}`,
    ]);
  });

  it("over a window TVF the message names the window TVF", () => {
    const { src, two } = tables();
    expect(run(api.sql`INSERT INTO ${two} SELECT CAST(window_strat AS STRING), CAST(COUNT(*) AS STRING) FROM TABLE(TUMBLE(TABLE ${src}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`)).to.deep.equal([
      `the SELECT item CAST(window_strat AS STRING) reads "window_strat", which is not a column of the window TVF over FlinkTable "${src.tableName}"; did you mean "window_start"? ` +
        `(its columns: id, \`value\`, \`timestamp\`, \`My Col\`, ts, window_start, window_end, window_time)${NOT_FOUND}`,
    ]);
  });

  it("an interpolated string compared in an ON condition, a join's WHERE or a CASE gets the value advice", () => {
    const { src, dim, two } = tables();
    const [s, d] = [src.tableName, dim.tableName];
    const their = `(their columns: o.id, o.\`value\`, o.\`timestamp\`, o.\`My Col\`, o.ts, d.id, d.label)`;
    const of = `which is not a column of FlinkTable "${s}" (as o) or FlinkTable "${d}" (as d)`;
    expect(run(api.sql`INSERT INTO ${two} SELECT d.label, o.ts FROM ${src} o JOIN ${dim} d ON o.id = d.id AND d.label = ${"GOLD"} WHERE d.label <> ${"SILVER"}`)).to.deep.equal([
      `the ON condition reads "GOLD", ${of} ${their}${QUOTE("GOLD")}${NOT_FOUND}`,
      `the WHERE clause reads "SILVER", ${of} ${their}${QUOTE("SILVER")}${NOT_FOUND}`,
    ]);
    expect(run(api.sql`INSERT INTO ${two} SELECT CASE WHEN \`value\` = ${"SHIPPED"} THEN 'y' ELSE 'n' END, 'x' FROM ${src}`)).to.deep.equal([
      `the SELECT item CASE WHEN \`value\` = SHIPPED THEN 'y' ELSE 'n' END reads "SHIPPED", which is not a column of FlinkTable "${s}" ${COLS}${QUOTE("SHIPPED")}${NOT_FOUND}`,
    ]);
  });
});
