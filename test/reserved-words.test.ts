/**
 * A column named like a reserved word of Flink SQL (`value`, `timestamp`, `user`) read without
 * back-quotes in an INSERT's SELECT list or WHERE clause: Flink's parser reads the keyword, never the
 * column, so the job fails when it starts; back-quoted it is the column (and the script is valid).
 */
import { expect } from "chai";
import { errorOf, issuesOf, issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql, flinkSqlErrors } from "./sql-validate.js";

const catalog = { name: "lake", type: "rest" as const, uri: "http://iceberg-rest:8181" };
const srcColumns = [
  { name: "user", type: "STRING" },
  { name: "value", type: "INT" },
  { name: "timestamp", type: "TIMESTAMP(3)" },
  { name: "data", type: "STRING" },
];
const sinkColumns = [
  { name: "user", type: "STRING" },
  { name: "value", type: "INT" },
  { name: "ts", type: "TIMESTAMP(6)" },
  { name: "data", type: "STRING" },
];

describe("unquoted reserved words read as columns", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("value, timestamp and user in the SELECT list and value in the WHERE clause (reported first) are errors that say to back-quote them; data (not reserved) passes", () => {
    const src = new api.FlinkTable("rw_src", { columns: srcColumns, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("rw_sink", { catalog, database: "d", table: "rw", columns: sinkColumns });
    const e = errorOf(() => new api.FlinkSqlJob("rw-job", { statements: [api.sql`INSERT INTO ${sink} SELECT user, c.value, timestamp AS ts, data FROM ${src} AS c WHERE value > 0 AND VALUE < 9`] }));
    // USER is also a function without parentheses (the user's name): the statement may mean it, so a warning.
    expect(e.warnings.filter((w) => w.message.includes("USER")).map((w) => [w.path, w.message])).to.deep.equal([
      [
        "statements[0]",
        `the SELECT list has user without back-quotes, which Flink's parser reads as the SQL function USER (the name of the user), never as the column "user" of FlinkTable "rw_src": if you mean the column, write \`user\` (in a sql\`...\` template: \\\`user\\\`)`,
      ],
    ]);
    const issues = e.issues;
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `the WHERE clause reads the column "value" of FlinkTable "rw_src" as value without back-quotes, but VALUE is a reserved word of Flink SQL: the parser never reads it as a name: the job fails when it starts ("Encountered \\"value\\""); write \`value\` (in a sql\`...\` template: \\\`value\\\`)`,
      ],
      [
        "statements[0]",
        `the WHERE clause reads the column "value" of FlinkTable "rw_src" as VALUE without back-quotes, but VALUE is a reserved word of Flink SQL: the parser never reads it as a name: the job fails when it starts ("Encountered \\"VALUE\\""); write \`value\` (in a sql\`...\` template: \\\`value\\\`)`,
      ],
      [
        "statements[0]",
        `the SELECT list reads the column "value" of FlinkTable "rw_src" as c.value without back-quotes, but VALUE is a reserved word of Flink SQL: the parser takes no reserved word after a dot either, so it reads c and fails on the dot when the job starts ("Encountered \\". value\\""); write c.\`value\` (in a sql\`...\` template: c.\\\`value\\\`)`,
      ],
      [
        "statements[0]",
        `the SELECT list reads the column "timestamp" of FlinkTable "rw_src" as timestamp without back-quotes, but TIMESTAMP is a reserved word of Flink SQL: the parser never reads it as a name: the job fails when it starts ("Encountered \\"timestamp\\""); write \`timestamp\` (in a sql\`...\` template: \\\`timestamp\\\`)`,
      ],
    ]);
    // The Flink grammar refuses the unquoted words too.
    expect(flinkSqlErrors("INSERT INTO rw SELECT c.value, timestamp AS ts FROM rw_src AS c WHERE value > 0;")).to.not.deep.equal([]);
  });

  it("USER meant as the function (the user's name) passes, with a warning in case the column was meant", () => {
    const src = new api.FlinkTable("rw5_src", { columns: [{ name: "id", type: "BIGINT" }, { name: "user", type: "STRING" }], options: { connector: "datagen" } });
    const sink = new api.FlinkTable("rw5_out", { columns: [{ name: "id", type: "BIGINT" }, { name: "who", type: "STRING" }], options: { connector: "blackhole" } });
    expect(issuesOrNone(() => new api.FlinkSqlJob("rw5-job", { statements: [api.sql`INSERT INTO ${sink} SELECT id, \`user\` FROM ${src} WHERE \`user\` <> USER`] }))).to.deep.equal([]);
    expect(jobWarnings("rw5-job").filter((w) => w.includes("SQL function USER"))).to.have.length(1);
  });

  it("user and value unquoted in the column list after the sink are errors that name the sink column and say to back-quote it (USER too: the list takes names only); back-quoted they pass", async () => {
    const src = new api.FlinkTable("rw4_src", { columns: srcColumns, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("rw4_sink", { catalog, database: "d", table: "rw4", columns: [...sinkColumns, { name: "url", type: "STRING" }] });
    const issues = issuesOf(() => new api.FlinkSqlJob("rw4-job", { statements: [api.sql`INSERT INTO ${sink} (user, Value, ts, url) SELECT \`user\`, \`value\`, \`timestamp\`, data FROM ${src}`] }));
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `the column list after IcebergSink "rw4_sink" names its column "user" as user without back-quotes, but USER is a reserved word of Flink SQL: the parser never reads it as a name: the job fails when it starts ("Encountered \\"user\\""); write \`user\` (in a sql\`...\` template: \\\`user\\\`)`,
      ],
      [
        "statements[0]",
        `the column list after IcebergSink "rw4_sink" names its column "value" as Value without back-quotes, but VALUE is a reserved word of Flink SQL: the parser never reads it as a name: the job fails when it starts ("Encountered \\"Value\\""); write \`value\` (in a sql\`...\` template: \\\`value\\\`)`,
      ],
    ]);
    expect(flinkSqlErrors("INSERT INTO rw4 (user, ts) SELECT a, b FROM rw4_src;")).to.not.deep.equal([]);
    expect(flinkSqlErrors("INSERT INTO rw4 (value, ts) SELECT a, b FROM rw4_src;")).to.not.deep.equal([]);
    const statement = api.sql`INSERT INTO ${sink} (\`user\`, \`value\`, ts, url) SELECT \`user\`, \`value\`, \`timestamp\`, data FROM ${src}`;
    expect(issuesOrNone(() => new api.FlinkSqlJob("rw5-job", { statements: [statement] }))).to.deep.equal([]);
    const script = await settle(new api.FlinkSqlJob("rw6-job", { statements: [statement] }).script);
    expect(script).to.contain("INSERT INTO `rw4_sink` (`user`, `value`, ts, url) SELECT `user`, `value`, `timestamp`, data FROM `rw4_src`;\n");
    expectValidFlinkSql(script);
  });

  it("back-quoted, the same statement passes and renders valid Flink SQL", async () => {
    const src = new api.FlinkTable("rw2_src", { columns: srcColumns, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("rw2_sink", { catalog, database: "d", table: "rw2", columns: sinkColumns });
    const statement = api.sql`INSERT INTO ${sink} SELECT \`user\`, c.\`value\`, \`timestamp\` AS ts, data FROM ${src} AS c WHERE \`value\` > 0`;
    expect(issuesOrNone(() => new api.FlinkSqlJob("rw2-job", { statements: [statement] }))).to.deep.equal([]);
    const job = new api.FlinkSqlJob("rw3-job", { statements: [statement] });
    const script = await settle(job.script);
    expect(script).to.contain("INSERT INTO `rw2_sink` SELECT `user`, c.`value`, `timestamp` AS ts, data FROM `rw2_src` AS c WHERE `value` > 0;\n");
    expectValidFlinkSql(script);
  });

  it("after a qualifier (t.user, t.value, ${source}.timestamp) the word is an error, USER too, in the SELECT list, WHERE and inside expressions; back-quoted it passes", async () => {
    const src = new api.FlinkTable("rwq_src", { columns: srcColumns, options: { connector: "datagen" } });
    const sink = new api.FlinkTable("rwq_out", { columns: [{ name: "u", type: "STRING" }, { name: "v", type: "STRING" }, { name: "w", type: "STRING" }], options: { connector: "blackhole" } });
    const word = (where: string, written: string, column: string, qualifier = written.slice(0, written.indexOf(".")), template = qualifier) =>
      `${where} reads the column "${column}" of FlinkTable "rwq_src" as ${written} without back-quotes, but ${column.toUpperCase()} is a reserved word of Flink SQL: ` +
      `the parser takes no reserved word after a dot either, so it reads ${qualifier} and fails on the dot when the job starts ("Encountered \\". ${written.slice(written.indexOf(".") + 1)}\\""); ` +
      `write ${qualifier}.\`${column}\` (in a sql\`...\` template: ${template}.\\\`${column}\\\`)`;
    const issues = issuesOf(
      () => new api.FlinkSqlJob("rwq-job", { statements: [api.sql`INSERT INTO ${sink} SELECT t.user, CAST(t.value AS STRING), CAST(${src}.timestamp AS STRING) FROM ${src} AS t WHERE t.user <> 'x' AND UPPER(t.data) = t.Value`] }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([
      ["statements[0]", word("the WHERE clause", "t.user", "user")],
      ["statements[0]", word("the WHERE clause", "t.Value", "value")],
      ["statements[0]", word("the SELECT list", "t.user", "user")],
      ["statements[0]", word("the SELECT item CAST(t.value AS STRING)", "t.value", "value")],
      // The alias t hides the table's own name (calcite knows an aliased table by its alias only), so the fix that
      // works is t.`timestamp`: `rwq_src`.`timestamp` would fail with "Table 'rwq_src' not found".
      [
        "statements[0]",
        word("the SELECT item CAST(rwq_src.timestamp AS STRING)", "`rwq_src`.timestamp", "timestamp", "`rwq_src`").replace(
          "write `rwq_src`.`timestamp` (in a sql`...` template: `rwq_src`.\\`timestamp\\`)",
          "write t.`timestamp` (in a sql`...` template: t.\\`timestamp\\`): the alias t hides the table's own name (`rwq_src`.`timestamp` fails with \"Table 'rwq_src' not found\")",
        ),
      ],
    ]);
    // Without an alias ${src} qualifies the FROM table, and the fix keeps it (in a template: the FlinkTable object).
    const unaliased = issuesOf(() => new api.FlinkSqlJob("rwq4-job", { statements: [api.sql`INSERT INTO ${sink} SELECT \`user\`, CAST(${src}.timestamp AS STRING), data FROM ${src}`] }));
    expect(unaliased.map((i) => [i.path, i.message])).to.deep.equal([
      ["statements[0]", word("the SELECT item CAST(rwq_src.timestamp AS STRING)", "`rwq_src`.timestamp", "timestamp", "`rwq_src`", "${<the FlinkTable object>}")],
    ]);
    // The same in a plain SELECT item and a WHERE comparison; any other name after the hidden name is Flink's to report ("Table ... not found").
    const hidden = issuesOf(
      () => new api.FlinkSqlJob("rwq5-job", { statements: [api.sql`INSERT INTO ${sink} SELECT ${src}.timestamp, ${src}.data, t.data FROM ${src} AS t WHERE ${src}.value = 'x' AND ${src}.dataa = 'y'`] }),
    );
    expect(hidden.map((i) => i.message.slice(0, i.message.indexOf(" without")))).to.deep.equal([
      'the WHERE clause reads the column "value" of FlinkTable "rwq_src" as `rwq_src`.value',
      'the SELECT list reads the column "timestamp" of FlinkTable "rwq_src" as `rwq_src`.timestamp',
    ]);
    // Not a warning after a dot: t.user is never the function USER.
    expect(issues.some((i) => i.message.includes("SQL function USER"))).to.equal(false);
    // The Flink grammar refuses a reserved word after a dot too, and takes it back-quoted.
    expect(flinkSqlErrors("INSERT INTO o SELECT t.value FROM s AS t;")).to.not.deep.equal([]);
    expect(flinkSqlErrors("INSERT INTO o SELECT t.`value` FROM s AS t;")).to.deep.equal([]);
    const statement = api.sql`INSERT INTO ${sink} SELECT t.\`user\`, CAST(t.\`value\` AS STRING), CAST(t.\`timestamp\` AS STRING) FROM ${src} AS t WHERE t.\`user\` <> 'x' AND UPPER(t.data) = CAST(t.\`value\` AS STRING)`;
    expect(issuesOrNone(() => new api.FlinkSqlJob("rwq2-job", { statements: [statement] }))).to.deep.equal([]);
    expectValidFlinkSql(await settle(new api.FlinkSqlJob("rwq3-job", { statements: [statement] }).script));
  });
  it("trial p10: a reserved word in the SELECT list, the GROUP BY and the WHERE clause is reported in every place in one run; back-quoted everywhere the script is valid", async () => {
    const cols = [{ name: "id", type: "BIGINT" }, { name: "day", type: "DATE" }, { name: "amount", type: "DECIMAL(12, 2)" }];
    const src = new api.FlinkTable("rw_day_src", { columns: cols, options: { connector: "datagen" } });
    const sink = new api.IcebergSink("rw_day_sink", { catalog, database: "d", table: "rw_day", columns: [{ name: "day", type: "DATE" }, { name: "total", type: "DECIMAL(38, 2)" }], primaryKey: ["day"], upsertEnabled: true, formatVersion: 2 });
    const day = (where: string) =>
      `${where} reads the column "day" of FlinkTable "rw_day_src" as day without back-quotes, but DAY is a reserved word of Flink SQL: the parser never reads it as a name: ` +
      'the job fails when it starts ("Encountered \\"day\\""); write `day` (in a sql`...` template: \\`day\\`)';
    const got = issuesOf(() => new api.FlinkSqlJob("rw-day", { statements: [api.sql`INSERT INTO ${sink} SELECT day, SUM(amount) FROM ${src} WHERE day >= DATE '2024-01-01' GROUP BY day`] }));
    expect(got.map((i) => i.message)).to.deep.equal([day("the SELECT list"), day("the GROUP BY"), day("the WHERE clause")]);
    const job = new api.FlinkSqlJob("rw-day-ok", { statements: [api.sql`INSERT INTO ${sink} SELECT \`day\`, SUM(amount) FROM ${src} WHERE \`day\` >= DATE '2024-01-01' GROUP BY \`day\``] });
    expectValidFlinkSql(await settle(job.script));
  });
});
