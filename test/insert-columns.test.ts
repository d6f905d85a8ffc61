/**
 * An INSERT against its sink's columns (src/sql/insert-columns.ts, insert-query.ts): the number
 * of values, the column list, the types Flink writes without a CAST, and column references the
 * FROM table does not have; what Flink's planner refuses when the job starts
 * (DynamicSinkUtils.validateSchemaAndApplyImplicitCast).
 */
import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { errorOf, mockedApi, type Api } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql } from "./sql-validate.js";
import { registry } from "../src/components/job-registry.js";
import { WIDENS } from "./sink-type-messages.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("INSERT against the sink's columns", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const source = (name: string, columns: { name: string; type: string }[]) => new api.IcebergSource(name, { catalog, database: "db", table: name, columns });
  const sink = (name: string, columns: { name: string; type: string }[]) => new api.IcebergSink(name, { catalog, database: "db", table: name, columns });
  const messages = (fn: () => unknown) => errorOf(fn).issues.map((i) => [i.path, i.message]);

  it("SELECT * into a sink of other types: one error per column Flink does not convert, naming value, types and the CAST", () => {
    const src = source("ty_src", [
      { name: "id", type: "STRING" },
      { name: "amount", type: "DOUBLE" },
      { name: "ts", type: "TIMESTAMP_LTZ(3)" },
    ]);
    const out = sink("ty_out", [
      { name: "id", type: "BIGINT" },
      { name: "amount", type: "DECIMAL(10, 2)" },
      { name: "ts", type: "TIMESTAMP(6)" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("ty", { statements: [api.sql`INSERT INTO ${out} SELECT * FROM ${src}`] }))).to.deep.equal([
      [
        "statements[0]",
        'value 1 of the SELECT list, id (from *) (STRING), goes into IcebergSink "ty_out"\'s column "id" (BIGINT), and Flink does not convert STRING to BIGINT by itself: ' +
          "the job fails when it starts (\"Incompatible types for sink column 'id' at position 0\"). Convert it in the SELECT, e.g. CAST(`id` AS BIGINT), listing the columns instead of * " +
          WIDENS,
      ],
    ]);
  });

  it("WHERE: a compared name that is no column of the FROM table is an error (an unquoted value, as an interpolated string renders; a misspelt column)", () => {
    const src = source("wh_src", [
      { name: "id", type: "BIGINT" },
      { name: "status", type: "STRING" },
      { name: "ts", type: "TIMESTAMP(3)" },
    ]);
    const out = sink("wh_out", [{ name: "id", type: "BIGINT" }]);
    const status = "SHIPPED";
    const COLS = "(its columns: id, status, ts)";
    const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';
    const QUOTE = (v: string) => `; if it is a value, quote it: '${v}' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})`;
    expect(
      messages(
        () =>
          new api.FlinkSqlJob("wh", {
            statements: [
              api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE status = ${status}`,
              api.sql`INSERT INTO ${out} SELECT id FROM ${src} s WHERE s.stauts = 'x' OR STATUS <> 'y' OR status IN (DELIVERED, 'LOST', \`Lost\`)`,
            ],
          }),
      ),
    ).to.deep.equal([
      ["statements[0]", `the WHERE clause reads "SHIPPED", which is not a column of IcebergSource "wh_src" ${COLS}${QUOTE("SHIPPED")}${NOT_FOUND}`],
      ["statements[1]", `the WHERE clause reads "stauts", which is not a column of IcebergSource "wh_src"; did you mean "status"? ${COLS}${NOT_FOUND}`],
      ["statements[1]", `the WHERE clause reads "STATUS", which is not a column of IcebergSource "wh_src" (Flink's identifiers are case-sensitive: the column is "status")${NOT_FOUND}`],
      ["statements[1]", `the WHERE clause reads "DELIVERED", which is not a column of IcebergSource "wh_src" ${COLS}${QUOTE("DELIVERED")}${NOT_FOUND}`],
      ["statements[1]", `the WHERE clause reads "Lost", which is not a column of IcebergSource "wh_src" ${COLS}${NOT_FOUND}`],
    ]);
    // Valid comparisons: literals, keywords, functions, casts, CASE, qualified columns, sqlLiteral, IN lists of literals, subqueries left alone.
    new api.FlinkSqlJob("wh-ok", {
      statements: [
        api.sql`INSERT INTO ${out} SELECT id FROM ${src} AS s WHERE status = ${api.sqlLiteral(status)} AND s.id > 0 AND ${src}.id <> 3 AND \`status\` <> 'x'
          AND ts > CURRENT_TIMESTAMP - INTERVAL '1' DAY AND ts <= LOCALTIMESTAMP AND ts >= TIMESTAMP '2024-01-01 00:00:00' AND CAST(id AS STRING) = '1'
          AND CASE WHEN id > 1 THEN 1 ELSE 0 END = 1 AND status IN ('a', 'b') AND UPPER(status) = 'A' AND (id = 1 OR id=2) AND status IS NOT NULL AND NOT id = 5
          AND ARRAY[id] <> ARRAY[2] AND MAP['k', status] = MAP['k', 'v']
          AND ts + INTERVAL '1' HOUR > CURRENT_TIMESTAMP AND ts - INTERVAL '1 10:00:00' DAY TO SECOND <= ts AND UPPER(input => status) = 'X'`,
        api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE id IN (SELECT id FROM ${src} WHERE nope = 1)`,
      ],
    });
  });

  it("WHERE (second trial): prefixed literals and Unicode names are no columns; LIKE / BETWEEN / DISTINCT FROM operands are checked; double quotes are no string; an Output right where a value goes warns", async () => {
    const src = source("wq_src", [
      { name: "id", type: "BIGINT" },
      { name: "s", type: "STRING" },
      { name: "b", type: "BYTES" },
      { name: "größe", type: "INT" },
    ]);
    const out = sink("wq_out", [{ name: "id", type: "BIGINT" }]);
    new api.FlinkSqlJob("wq-ok", {
      statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} t1 WHERE b = X'41' AND s = N'abc' AND s <> U&'\\0041' AND s <> _UTF16'abc' AND größe > 3 AND t1.id = t1.größe AND s LIKE 'a%' AND id BETWEEN 1 AND 10`],
    });
    const COLS = "(its columns: id, s, b, größe)";
    const NOT_FOUND = '; Flink fails when the job starts ("Column ... not found in any table")';
    const QUOTE = "; if it is a value, quote it: 'SHIPPED' (a string interpolated with ${...} is SQL text: write ${sqlLiteral(value)})";
    // A hyphenated value: the advice quotes the whole word (final trial: it said 'north').
    const region = "north-east";
    expect(messages(() => new api.FlinkSqlJob("wq-word", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE s = ${region}`] }))[0]![1]).to.contain("if it is a value, quote it: 'north-east'");
    // Names that are no column come after the other WHERE errors: each is reported once, with every place it is read (unknown-names.ts).
    expect(
      messages(() => new api.FlinkSqlJob("wq", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE s LIKE SHIPPED OR s IS DISTINCT FROM lo OR s = "abc"`] })),
    ).to.deep.equal([
      // Double quotes fail Flink's parser wherever they are: one statement-level error (conformance.ts), no "not a column" after it.
      ["statements[0]", `"abc" is in double quotes, which Flink SQL reads as neither a string nor a name (with back-quoted names its parser has no token for '"' and fails there: SQL parse failed. Encountered "\\""), so the job fails when it starts; write 'abc' for a string, or \`abc\` for a column name`],
      ["statements[0]", `the WHERE clause reads "SHIPPED", which is not a column of IcebergSource "wq_src" ${COLS}${QUOTE}${NOT_FOUND}`],
      // "lo" is two edits from "id": no column guess next to the advice to quote it.
      ["statements[0]", `the WHERE clause reads "lo", which is not a column of IcebergSource "wq_src" ${COLS}; if it is a value, quote it: 'lo' (a string interpolated with \${...} is SQL text: write \${sqlLiteral(value)})${NOT_FOUND}`],
    ]);
    // An Output where a value goes: its text is unknown at construction, so a warning; sqlLiteral(output) is the fix and is quiet.
    const status = pulumi.output("SHIPPED");
    new api.FlinkSqlJob("wq-output", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE s = ${status}`] });
    expect(registry().jobs.find((j) => j.name === "wq-output")!.warnings).to.deep.equal([
      "statements[0]: a Pulumi Output is interpolated right after \"=\", and sql`...` inserts it as SQL text: a string value renders without quotes and Flink reads it as a column name; " +
        "for a string value write ${sqlLiteral(output)} (it quotes the value when it resolves), for a number CAST(${output} AS BIGINT) (or the column's type)",
    ]);
    // A number Output in a CAST, and an Output after < (a type's arguments, or a number): quiet.
    new api.FlinkSqlJob("wq-number", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE id = CAST(${pulumi.output(5)} AS BIGINT) AND id < ${pulumi.output(9)}`] });
    expect(registry().jobs.find((j) => j.name === "wq-number")!.warnings).to.deep.equal([]);
    const quoted = new api.FlinkSqlJob("wq-literal", { statements: [api.sql`INSERT INTO ${out} SELECT id FROM ${src} WHERE s = ${api.sqlLiteral(status)}`] });
    expect(registry().jobs.find((j) => j.name === "wq-literal")!.warnings).to.deep.equal([]);
    expect(await settle(quoted.script)).to.contain("WHERE s = 'SHIPPED';");
  });

  it("values go in by position: a swapped column says so", async () => {
    const src = source("sw_src", [
      { name: "id", type: "BIGINT" },
      { name: "name", type: "STRING" },
    ]);
    const out = sink("sw_out", [
      { name: "id", type: "BIGINT" },
      { name: "name", type: "STRING" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("sw", { statements: [api.sql`INSERT INTO ${out} SELECT name, id FROM ${src}`] }))).to.deep.equal([
      [
        "statements[0]",
        'value 1 of the SELECT list, name (STRING), goes into IcebergSink "sw_out"\'s column "id" (BIGINT), and Flink does not convert STRING to BIGINT by itself: ' +
          "the job fails when it starts (\"Incompatible types for sink column 'id' at position 0\"). Values go into the sink's columns by position, not by name: " +
          "select them in the sink's column order, or name the columns you fill (INSERT INTO ${sink} (...) SELECT ...)",
      ],
      [
        "statements[0]",
        'value 2 of the SELECT list, id (BIGINT), goes into IcebergSink "sw_out"\'s column "name" (STRING), and Flink does not convert BIGINT to STRING by itself: ' +
          "the job fails when it starts (\"Incompatible types for sink column 'name' at position 1\"). Values go into the sink's columns by position, not by name: " +
          "select them in the sink's column order, or name the columns you fill (INSERT INTO ${sink} (...) SELECT ...)",
      ],
    ]);
    // The same with a column list is right, and a valid script.
    const listed = new api.FlinkSqlJob("sw-list2", { statements: [api.sql`INSERT INTO ${out} (name, id) SELECT name, id FROM ${src}`] });
    expectValidFlinkSql(await settle(listed.script));
    new api.FlinkSqlJob("sw-list", { statements: [api.sql`INSERT INTO ${out} (name, id) SELECT name, id FROM ${src}`] });
  });

  it("widening, CASTs, qualified and back-quoted references, aliases and unknown expressions pass", () => {
    const src = source("ok_src", [
      { name: "id", type: "INT" },
      { name: "Name", type: "CHAR(5)" },
      { name: "ts", type: "TIMESTAMP(3)" },
      { name: "v", type: "STRING" },
    ]);
    const out = sink("ok_out", [
      { name: "id", type: "BIGINT" },
      { name: "name", type: "STRING" },
      { name: "day", type: "DATE" },
      { name: "v", type: "INT" },
      { name: "at", type: "TIMESTAMP_LTZ(3)" },
    ]);
    const job = new api.FlinkSqlJob("ok", {
      statements: [
        api.sql`INSERT INTO ${out} SELECT s.id, \`Name\` AS name, ts, CAST(v AS INT) v, CURRENT_TIMESTAMP FROM ${src} AS s WHERE v <> 'a,b' -- why, not`,
        api.sql`INSERT INTO ${out} SELECT ${src}.id, ${src}.Name, ts, TRY_CAST(v AS INT), ts FROM ${src}`,
        api.sql`INSERT INTO ${out} SELECT DISTINCT id, UPPER(Name), CAST(ts AS DATE), CHAR_LENGTH(v), NULL FROM ${src} WHERE v IS NOT NULL`,
      ],
    });
    expect(job).to.be.an("object");
    // TRY_CAST names its type like CAST.
    expect(messages(() => new api.FlinkSqlJob("ok-try", { statements: [api.sql`INSERT INTO ${out} SELECT id, Name, ts, TRY_CAST(v AS DATE), ts FROM ${src}`] }))[0]![1]).to.contain(
      'value 4 of the SELECT list, TRY_CAST(v AS DATE) (DATE), goes into IcebergSink "ok_out"\'s column "v" (INT)',
    );
  });

  it("a CAST to a type the column does not take, and columns the FROM table does not have", () => {
    const src = source("cm_src", [
      { name: "id", type: "BIGINT" },
      { name: "Name", type: "STRING" },
    ]);
    const out = sink("cm_out", [
      { name: "id", type: "INT" },
      { name: "name", type: "STRING" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("cm", { statements: [api.sql`INSERT INTO ${out} SELECT CAST(id AS STRING), name FROM ${src}`] }))).to.deep.equal([
      ["statements[0]", 'the SELECT list reads "name", which is not a column of IcebergSource "cm_src" (Flink\'s identifiers are case-sensitive: the column is "Name"); Flink fails when the job starts ("Column ... not found in any table")'],
      [
        "statements[0]",
        'value 1 of the SELECT list, CAST(id AS STRING) (STRING), goes into IcebergSink "cm_out"\'s column "id" (INT), and Flink does not convert STRING to INT by itself: ' +
          "the job fails when it starts (\"Incompatible types for sink column 'id' at position 0\"). Convert it in the SELECT, e.g. CAST(... AS INT) " +
          WIDENS,
      ],
    ]);
    expect(messages(() => new api.FlinkSqlJob("cm2", { statements: [api.sql`INSERT INTO ${out} SELECT s.idx, \`nme\` FROM ${src} s`] }))).to.deep.equal([
      ["statements[0]", 'the SELECT list reads "idx", which is not a column of IcebergSource "cm_src"; did you mean "id"? (its columns: id, Name); Flink fails when the job starts ("Column ... not found in any table")'],
      ["statements[0]", 'the SELECT list reads "nme", which is not a column of IcebergSource "cm_src"; did you mean "Name"? (its columns: id, Name); Flink fails when the job starts ("Column ... not found in any table")'],
    ]);
  });

  it("a bare misspelt column is reported with the nearest name; literals, keywords and parenthesis-less functions are no columns", () => {
    const src = source("bm_src", [
      { name: "id", type: "BIGINT" },
      { name: "email", type: "STRING" },
      { name: "Null", type: "STRING" },
    ]);
    const out = sink("bm_out", [
      { name: "id", type: "BIGINT" },
      { name: "email", type: "STRING" },
      { name: "at", type: "TIMESTAMP_LTZ(3)" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("bm", { statements: [api.sql`INSERT INTO ${out} SELECT id, emial, CURRENT_TIMESTAMP FROM ${src}`] }))).to.deep.equal([
      [
        "statements[0]",
        'the SELECT list reads "emial", which is not a column of IcebergSource "bm_src"; did you mean "email"? (its columns: id, email, Null); Flink fails when the job starts ("Column ... not found in any table")',
      ],
    ]);
    for (const [name, stmt] of [
      ["bm-kw", api.sql`INSERT INTO ${out} SELECT id, NULL, LOCALTIMESTAMP FROM ${src}`],
      ["bm-lit", api.sql`INSERT INTO ${out} SELECT id, 'n/a' email, TIMESTAMP '2024-01-01 00:00:00' FROM ${src}`],
      ["bm-typed", api.sql`INSERT INTO ${out} SELECT id, 'x' AS email, CAST(DATE '2024-01-01' AS TIMESTAMP_LTZ(3)) FROM ${src}`],
    ] as const) {
      new api.FlinkSqlJob(name, { statements: [stmt] });
    }
    // The FROM of IS DISTINCT FROM is no FROM clause; the predicate is a BOOLEAN (a BOOLEAN column takes it).
    const flags = sink("bm_flags", [
      { name: "id", type: "BIGINT" },
      { name: "changed", type: "BOOLEAN" },
      { name: "at", type: "TIMESTAMP_LTZ(3)" },
    ]);
    new api.FlinkSqlJob("bm-distinct", { statements: [api.sql`INSERT INTO ${flags} SELECT id, email IS DISTINCT FROM 'a' AS changed, CURRENT_TIMESTAMP FROM ${src}`] });
    // A string literal is no column, even with the name of one (BIGINT) as its alias: CHAR goes into STRING.
    new api.FlinkSqlJob("bm-alias", { statements: [api.sql`INSERT INTO ${out} SELECT id, 'unknown' id, CURRENT_TIMESTAMP FROM ${src}`] });
  });

  it("an Output in the SELECT list is not counted; * over a table with VIRTUAL metadata is left to Flink (table.column-expansion-strategy may drop them)", () => {
    const src = source("oc_src", [{ name: "id", type: "BIGINT" }]);
    const out = sink("oc_out", [
      { name: "id", type: "BIGINT" },
      { name: "b", type: "STRING" },
    ]);
    new api.FlinkSqlJob("oc", { statements: [api.sql`INSERT INTO ${out} SELECT ${pulumi.output("id, 'x'")} FROM ${src}`] });
    const kafka = new api.FlinkTable("oc_kafka", {
      columns: [
        { name: "id", type: "BIGINT" },
        { name: "part", type: "INT", metadata: { from: "partition", virtual: true } },
      ],
      options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", format: "json" },
    });
    const one = sink("oc_one", [{ name: "id", type: "BIGINT" }]);
    new api.FlinkSqlJob("oc-star", { statements: [api.sql`INSERT INTO ${one} SELECT * FROM ${kafka}`], kubernetes: { namespace: "f", image: "my/flink-iceberg:2.1", flinkVersion: "v2_1", flinkConfiguration: { "table.column-expansion-strategy": "EXCLUDE_DEFAULT_VIRTUAL_METADATA_COLUMNS" } } });
    // A persisted (not VIRTUAL) metadata column is always part of *.
    const persisted = new api.FlinkTable("oc_persisted", {
      columns: [
        { name: "id", type: "BIGINT" },
        { name: "ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp" } },
      ],
      options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", format: "json" },
    });
    expect(messages(() => new api.FlinkSqlJob("oc-persisted", { statements: [api.sql`INSERT INTO ${one} SELECT * FROM ${persisted}`] }))[0]![1]).to.contain("the SELECT list has 2 values");
  });

  it("literals have Calcite's types (Flink's validator coerces nothing): a text into INT, 1.5 into INT, 1 into STRING fail; widening literals pass", () => {
    const out = sink("lt_out", [
      { name: "n", type: "INT" },
      { name: "s", type: "STRING" },
      { name: "d", type: "DATE" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("lt", { statements: [api.sql`INSERT INTO ${out} SELECT 'abc', 1, TIMESTAMP '2024-01-01 00:00:00'`] })).map((m) => m[1]!.split(": the job fails")[0])).to.deep.equal([
      "value 1 of the SELECT list, 'abc' (CHAR(3)), goes into IcebergSink \"lt_out\"'s column \"n\" (INT), and Flink does not convert CHAR(3) to INT by itself",
      "value 2 of the SELECT list, 1 (INT), goes into IcebergSink \"lt_out\"'s column \"s\" (STRING), and Flink does not convert INT to STRING by itself",
    ]);
    expect(messages(() => new api.FlinkSqlJob("lt-dec", { statements: [api.sql`INSERT INTO ${out} SELECT 1.5, 'x', DATE '2024-01-01'`] }))[0]![1]).to.contain(
      "value 1 of the SELECT list, 1.5 (DECIMAL(2, 1)), goes into IcebergSink \"lt_out\"'s column \"n\" (INT)",
    );
    expect(messages(() => new api.FlinkSqlJob("lt-cast", { statements: [api.sql`INSERT INTO ${out} SELECT 'abc', 'x', NULL`] }))[0]![1]).to.contain("e.g. CAST('abc' AS INT)");
    const wide = sink("lt_wide", [
      { name: "b", type: "BIGINT" },
      { name: "x", type: "DOUBLE" },
      { name: "c", type: "DECIMAL(10, 2)" },
      { name: "s", type: "STRING" },
      { name: "t", type: "TIMESTAMP_LTZ(3)" },
      { name: "f", type: "BOOLEAN" },
      { name: "y", type: "BYTES" },
    ]);
    new api.FlinkSqlJob("lt-ok", { statements: [api.sql`INSERT INTO ${wide} SELECT -12, 1e3, 3.25, 'a' 'b', TIMESTAMP '2024-01-01 00:00:00', TRUE, X'00ff'`] });
  });

  it("an implicit cast that loses digits warns (case C08's kind): fractional seconds cut, decimals rounded, integer digits that do not fit become NULL", () => {
    const src = new api.FlinkTable("nw_src", {
      columns: [
        { name: "ts", type: "TIMESTAMP(9)" },
        { name: "lt", type: "TIMESTAMP_LTZ(9)" },
        { name: "amount", type: "DECIMAL(12, 4)" },
        { name: "n", type: "BIGINT" },
        { name: "ok", type: "TIMESTAMP(3)" },
      ],
      options: { connector: "datagen" },
    });
    const out = sink("nw_out", [
      { name: "ts", type: "TIMESTAMP(6)" },
      { name: "lt", type: "TIMESTAMP_LTZ(6)" },
      { name: "amount", type: "DECIMAL(12, 2)" },
      { name: "n", type: "DECIMAL(10, 0)" },
      { name: "ok", type: "TIMESTAMP(6)" },
    ]);
    new api.FlinkSqlJob("nw", { statements: [api.sql`INSERT INTO ${out} SELECT * FROM ${src}`] });
    const tail = ": Flink converts it without a word (the implicit cast DynamicSinkUtils adds), and ";
    expect(registry().jobs.find((j) => j.name === "nw")!.warnings).to.deep.equal([
      `statements[0]: value 1 of the SELECT list, ts (from *) (TIMESTAMP(9)), goes into IcebergSink "nw_out"'s column "ts" (TIMESTAMP(6))${tail}the digits of the seconds beyond 6 (of 9) are cut off. Widen the column, or CAST in the SELECT to say it is meant, listing the columns instead of *`,
      `statements[0]: value 2 of the SELECT list, lt (from *) (TIMESTAMP_LTZ(9)), goes into IcebergSink "nw_out"'s column "lt" (TIMESTAMP_LTZ(6))${tail}the digits of the seconds beyond 6 (of 9) are cut off. Widen the column, or CAST in the SELECT to say it is meant, listing the columns instead of *`,
      `statements[0]: value 3 of the SELECT list, amount (from *) (DECIMAL(12, 4)), goes into IcebergSink "nw_out"'s column "amount" (DECIMAL(12, 2))${tail}it is rounded to 2 decimal places (of 4). Widen the column, or CAST in the SELECT to say it is meant, listing the columns instead of *`,
      `statements[0]: value 4 of the SELECT list, n (from *) (BIGINT), goes into IcebergSink "nw_out"'s column "n" (DECIMAL(10, 0))${tail}a value with more than 10 digits before the point becomes NULL (a BIGINT has up to 19). Widen the column, or CAST in the SELECT to say it is meant, listing the columns instead of *`,
    ]);
    // An explicit CAST to the column's type, or a literal, says nothing more.
    new api.FlinkSqlJob("nw-cast", { statements: [api.sql`INSERT INTO ${out} SELECT CAST(ts AS TIMESTAMP(6)), CAST(lt AS TIMESTAMP_LTZ(6)), CAST(amount AS DECIMAL(12, 2)), 1, ok FROM ${src}`] });
    expect(registry().jobs.find((j) => j.name === "nw-cast")!.warnings).to.deep.equal([]);
  });

  it("nullability inside a type is no error either way: MAP keys, ARRAY elements, ROW fields (sink types are nullable at every level, DynamicSinkUtils.fixSinkDataType)", async () => {
    const nested = [
      { name: "attrs", type: "MAP<STRING, STRING>" },
      { name: "ids", type: "ARRAY<INT>" },
      { name: "payload", type: "ROW<a INT>" },
      { name: "tags", type: "MULTISET<STRING>" },
    ];
    const strict = [
      { name: "attrs", type: "MAP<STRING NOT NULL, STRING>" },
      { name: "ids", type: "ARRAY<INT NOT NULL>" },
      { name: "payload", type: "ROW<a INT NOT NULL>" },
      { name: "tags", type: "MULTISET<STRING NOT NULL>" },
    ];
    const loose = source("nn_loose", nested);
    const tight = sink("nn_tight", strict);
    const tightSrc = source("nn_tight_src", strict);
    const looseSink = sink("nn_loose_out", nested);
    const job = new api.FlinkSqlJob("nn", {
      statements: [api.sql`INSERT INTO ${tight} SELECT * FROM ${loose}`, api.sql`INSERT INTO ${tight} SELECT attrs, ids, payload, tags FROM ${loose}`, api.sql`INSERT INTO ${looseSink} SELECT * FROM ${tightSrc}`],
    });
    expect(registry().jobs.find((j) => j.name === "nn")!.warnings).to.deep.equal([]);
    // Nor does either declaration warn on the tables: the Iceberg map key is required either way.
    expect(registry().tables.filter((t) => t.resourceName.startsWith("nn_")).map((t) => [t.resourceName, t.warnings])).to.deep.equal([
      ["nn_loose", []],
      ["nn_tight", []],
      ["nn_tight_src", []],
      ["nn_loose_out", []],
    ]);
    expectValidFlinkSql(await settle(job.script));
  });

  it("a ROW or ARRAY value into a scalar column: no CAST helps, select the field", () => {
    const src = source("rw_src", [
      { name: "id", type: "BIGINT" },
      { name: "payload", type: "ROW<`x` INT, `y` STRING>" },
    ]);
    const out = sink("rw_out", [
      { name: "id", type: "BIGINT" },
      { name: "x", type: "INT" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("rw", { statements: [api.sql`INSERT INTO ${out} SELECT * FROM ${src}`] }))).to.deep.equal([
      [
        "statements[0]",
        "value 2 of the SELECT list, payload (from *) (ROW<`x` INT, `y` STRING>), goes into IcebergSink \"rw_out\"'s column \"x\" (INT), and Flink does not convert ROW<`x` INT, `y` STRING> to INT by itself: " +
          "the job fails when it starts (\"Incompatible types for sink column 'x' at position 1\"). A ROW value converts to no INT, not even with a CAST: select the field or element you mean instead, e.g. `payload`.`x`, listing the columns instead of *",
      ],
    ]);
    new api.FlinkSqlJob("rw-field", { statements: [api.sql`INSERT INTO ${out} SELECT id, payload.x FROM ${src}`] });
  });

  it("an ARRAY into a STRING column: only a CAST converts it, to its text form (LogicalTypeCasts: CONSTRUCTED casts explicitly to CHAR/VARCHAR); the CAST is quiet", () => {
    const src = source("ar_src", [
      { name: "id", type: "BIGINT" },
      { name: "tags", type: "ARRAY<STRING>" },
    ]);
    const out = sink("ar_out", [
      { name: "id", type: "BIGINT" },
      { name: "tags", type: "STRING" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("ar", { statements: [api.sql`INSERT INTO ${out} SELECT id, tags FROM ${src}`] }))).to.deep.equal([
      [
        "statements[0]",
        "value 2 of the SELECT list, tags (ARRAY<STRING>), goes into IcebergSink \"ar_out\"'s column \"tags\" (STRING), and Flink does not convert ARRAY<STRING> to STRING by itself: " +
          "the job fails when it starts (\"Incompatible types for sink column 'tags' at position 1\"). An ARRAY value converts to STRING only with a CAST, which writes its text form: write CAST(`tags` AS STRING) if that text is meant, or select the field or element you mean",
      ],
    ]);
    new api.FlinkSqlJob("ar-cast", { statements: [api.sql`INSERT INTO ${out} SELECT id, CAST(tags AS STRING) FROM ${src}`] });
    new api.FlinkSqlJob("ar-element", { statements: [api.sql`INSERT INTO ${out} SELECT id, tags[1] FROM ${src}`] });
  });

  it("the column list names columns of the sink; SELECT * counts the FROM table's columns", () => {
    const src = source("cl_src", [
      { name: "id", type: "BIGINT" },
      { name: "a", type: "STRING" },
      { name: "b", type: "STRING" },
    ]);
    const out = sink("cl_out", [
      { name: "id", type: "BIGINT" },
      { name: "a", type: "STRING" },
    ]);
    expect(messages(() => new api.FlinkSqlJob("cl", { statements: [api.sql`INSERT INTO ${out} (id, \`c\`) SELECT id, a FROM ${src}`] }))).to.deep.equal([
      ["statements[0]", 'the column list names "c", which is not a column IcebergSink "cl_out" can be written (its columns: id, a); Flink fails when the job starts ("Unknown target column")'],
    ]);
    expect(messages(() => new api.FlinkSqlJob("cl-star", { statements: [api.sql`INSERT INTO ${out} SELECT * FROM ${src} WHERE a IS NOT NULL`] }))).to.deep.equal([
      [
        "statements[0]",
        'the SELECT list has 3 values, but IcebergSink "cl_out" has 2 columns to fill (id, a); Flink fails when the job starts ("Different number of columns"): ' +
          "select one value per column, in this order, and leave out the values that have no column",
      ],
    ]);
  });

  it("FlinkTable columns: computed columns have no known type, VIRTUAL metadata is read by * but not written", () => {
    const gen = new api.FlinkTable("ft_gen", {
      columns: [
        { name: "id", type: "BIGINT" },
        { name: "doubled", expression: "id * 2" },
        { name: "part", type: "INT", metadata: { from: "partition", virtual: true } },
      ],
      options: { connector: "datagen" },
    });
    const out = sink("ft_out", [
      { name: "id", type: "BIGINT" },
      { name: "x", type: "STRING" },
      { name: "p", type: "BIGINT" },
    ]);
    new api.FlinkSqlJob("ft", { statements: [api.sql`INSERT INTO ${out} SELECT * FROM ${gen}`] });
    const kafkaSink = new api.FlinkTable("ft_kafka", {
      columns: [
        { name: "id", type: "BIGINT" },
        { name: "part", type: "INT", metadata: { from: "partition", virtual: true } },
        { name: "ts", type: "TIMESTAMP_LTZ(3)", metadata: { from: "timestamp" } },
      ],
      options: { connector: "kafka", topic: "t", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", format: "json" },
    });
    const ids = source("ft_ids", [{ name: "id", type: "BIGINT" }, { name: "at", type: "DATE" }]);
    expect(messages(() => new api.FlinkSqlJob("ft-k", { statements: [api.sql`INSERT INTO ${kafkaSink} SELECT id, at FROM ${ids}`] }))).to.deep.equal([
      [
        "statements[0]",
        'value 2 of the SELECT list, at (DATE), goes into FlinkTable "ft_kafka"\'s column "ts" (TIMESTAMP_LTZ(3)), and Flink does not convert DATE to TIMESTAMP_LTZ(3) by itself: ' +
          "the job fails when it starts (\"Incompatible types for sink column 'ts' at position 1\"). Convert it in the SELECT, e.g. CAST(`at` AS TIMESTAMP_LTZ(3)) " +
          WIDENS,
      ],
    ]);
  });

  it("shapes it does not read are left to Flink: joins, subqueries, plain-text tables (WITH queries and views: relation-types.test.ts; unions and VALUES: set-operations.test.ts)", () => {
    const src = source("lf_src", [{ name: "id", type: "STRING" }]);
    const other = source("lf_other", [{ name: "id", type: "STRING" }]);
    const out = sink("lf_out", [{ name: "id", type: "BIGINT" }]);
    for (const [name, stmt] of [
      ["lf-join", api.sql`INSERT INTO ${out} SELECT a.id FROM ${src} a JOIN ${other} b ON a.id = b.id`],
      ["lf-sub", api.sql`INSERT INTO ${out} SELECT id FROM (SELECT id FROM ${src})`],
      ["lf-comma", api.sql`INSERT INTO ${out} SELECT x.id FROM ${src} x, ${other} y`],
      ["lf-union-nofrom", api.sql`INSERT INTO ${out} SELECT 1 UNION ALL SELECT 2`],
    ] as const) {
      new api.FlinkSqlJob(name, { statements: [stmt] });
    }
  });
});
