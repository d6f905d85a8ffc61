/**
 * Flink → Iceberg type mapping of single types, and every error and warning of the schema
 * conversion with its prop path and message (column path first).
 */
import { expect } from "chai";
import { issuesOf } from "./api.js";
import { convertColumns, toIcebergPartitionSpec, toIcebergSchema, toIcebergType, type Column } from "../src/iceberg/index.js";
import { DataTypes } from "../src/types/datatypes.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import type { ValidationIssue } from "../src/validation/error.js";


/** The single issue of converting one column `name type`. */
function columnIssue(name: string, type: string): ValidationIssue {
  const issues = issuesOf(() => toIcebergSchema([{ name, type }]));
  expect(issues).to.have.length(1);
  return issues[0]!;
}

describe("iceberg: toIcebergType", () => {
  const cases: [string, string][] = [
    ["BOOLEAN", "boolean"],
    ["TINYINT", "int"],
    ["SMALLINT", "int"],
    ["INT", "int"],
    ["BIGINT", "long"],
    ["FLOAT", "float"],
    ["DOUBLE", "double"],
    ["CHAR(10)", "string"],
    ["VARCHAR(3)", "string"],
    ["STRING", "string"],
    ["BINARY", "fixed[1]"],
    ["BINARY(16)", "fixed[16]"],
    ["VARBINARY(10)", "binary"],
    ["BYTES", "binary"],
    ["DECIMAL(10, 2)", "decimal(10, 2)"],
    ["DATE", "date"],
    ["TIME", "time"],
    ["TIME(3)", "time"],
    ["TIMESTAMP(0)", "timestamp"],
    ["TIMESTAMP(6)", "timestamp"],
    ["TIMESTAMP_LTZ(6)", "timestamptz"],
    ["INT NOT NULL", "int"],
  ];
  for (const [flink, iceberg] of cases) {
    it(`${flink} → ${iceberg}`, () => {
      expect(toIcebergType(flink)).to.equal(iceberg);
    });
  }

  it("nested ids are those of a one-column schema (the column is id 1)", () => {
    expect(toIcebergType(DataTypes.ARRAY(DataTypes.INT().notNull()))).to.deep.equal({ type: "list", "element-id": 2, element: "int", "element-required": true });
    expect(toIcebergType("MAP<INT, ROW<a STRING NOT NULL 'doc a', b ARRAY<BIGINT>>>")).to.deep.equal({
      type: "map",
      "key-id": 2,
      key: "int",
      "value-id": 3,
      value: {
        type: "struct",
        fields: [
          { id: 4, name: "a", required: true, type: "string", doc: "doc a" },
          { id: 5, name: "b", required: false, type: { type: "list", "element-id": 6, element: "long", "element-required": false } },
        ],
      },
      "value-required": false,
    });
  });

  it("TIMESTAMP(9) needs formatVersion 3", () => {
    expect(toIcebergType("TIMESTAMP(9)", { formatVersion: 3 })).to.equal("timestamp_ns");
    expect(issuesOf(() => toIcebergType("TIMESTAMP(7)"))[0]!.message.startsWith("type: TIMESTAMP(7) has precision 7")).to.equal(true);
  });

  it("bad type text is reported under the given name", () => {
    expect(issuesOf(() => toIcebergType("ARRAY<", { name: "x" }))[0]!.message.startsWith("x: ")).to.equal(true);
  });
});

describe("iceberg: types Iceberg cannot hold", () => {
  it("names the nested column path: ROW field, [] for elements, {key}/{value} for map parts", () => {
    const issues = issuesOf(() =>
      toIcebergSchema([
        { name: "ok", type: "INT" },
        { name: "payload", type: "ROW<items ARRAY<ROW<price INTERVAL SECOND(3)>>>" },
        { name: "m", type: "MAP<NULL, RAW('com.example.Foo', 'AAA=')>" },
      ]),
    );
    expect(issues).to.deep.equal([
      {
        path: "columns[1].type",
        message: "payload.items[].price: INTERVAL SECOND(3) is not supported by Iceberg; store the duration as BIGINT milliseconds (Flink holds day-time intervals as a BIGINT of milliseconds)",
      },
      {
        path: "columns[2].type",
        message: "m{key}: the NULL type (an untyped null) is not supported by Iceberg; declare the concrete type the values will have, e.g. STRING or INT (the column stays nullable)",
      },
      { path: "columns[2].type", message: 'm{value}: RAW type "com.example.Foo" is not supported by Iceberg; serialize the value yourself and declare BYTES (Iceberg binary)' },
    ]);
  });

  it("a year-month INTERVAL suggests INT months", () => {
    expect(columnIssue("age", "INTERVAL YEAR TO MONTH").message).to.equal(
      "age: INTERVAL YEAR(2) TO MONTH is not supported by Iceberg; store the number of months as INT (Flink holds year-month intervals as an INT of months)",
    );
  });

  it("TIME above precision 3: Flink's planner rejects it (FlinkTypeFactory), whatever Iceberg could hold", () => {
    expect(columnIssue("t", "TIME(9)").message).to.equal(
      "t: TIME(9): Flink's planner supports TIME precision 0 to 3 only (it fails with 'TIME precision is not supported: 9') and keeps whole seconds; write TIME (or TIME(0)), or TIMESTAMP(6) when fractions of a second matter",
    );
    expect(columnIssue("t", "ROW<x TIME(4)>").message.startsWith("t.x: TIME(4): ")).to.equal(true);
    const warnings: ValidationIssue[] = [];
    toIcebergSchema([{ name: "t", type: "TIME(3)" }], { onWarning: (w) => warnings.push(w) });
    expect(warnings).to.deep.equal([
      { path: "columns[0].type", message: "t: TIME(3): Flink's planner reads every TIME as TIME(0), so fractions of a second are dropped; write TIME, or TIMESTAMP(3) when they matter" },
    ]);
  });

  it("TIMESTAMP_LTZ(9) on format v2 suggests TIMESTAMP_LTZ(6)", () => {
    expect(columnIssue("t", "TIMESTAMP_LTZ(9)").message).to.equal(
      "t: TIMESTAMP_LTZ(9) has precision 9, but Iceberg format v1/v2 timestamptz holds microsecond precision (at most 6 digits) and older runtimes silently drop the extra digits; use TIMESTAMP_LTZ(6), or set formatVersion 3 for Iceberg timestamptz_ns (nanoseconds, needs the Iceberg 1.11+ runtime in the image)",
    );
  });

  it("TIMESTAMP(9) WITH TIME ZONE on format v2 suggests TIMESTAMP_LTZ(9) with v3 or TIMESTAMP_LTZ(6)", () => {
    const { path, message } = columnIssue("z", "TIMESTAMP(9) WITH TIME ZONE");
    expect(path).to.equal("columns[0].type");
    expect(message).to.contain("use TIMESTAMP_LTZ(9) with formatVersion 3, or TIMESTAMP_LTZ(6) (Iceberg timestamptz");
  });

  it("an element of an ARRAY inside a MULTISET: path e[][]", () => {
    expect(columnIssue("e", "MULTISET<ARRAY<TIMESTAMP(3) WITH TIME ZONE>>").message.startsWith("e[][]: TIMESTAMP(3) WITH TIME ZONE: ")).to.equal(true);
  });
});

describe("iceberg: column list errors", () => {
  it("an empty column list", () => {
    expect(issuesOf(() => toIcebergSchema([]))).to.deep.equal([{ path: "columns", message: "at least one column is required (an Iceberg table needs a schema)" }]);
  });

  it("problems come in column order, whichever check found them (type text, key, Iceberg type)", () => {
    const columns: Column[] = [
      { name: "id", type: "BIGINT" },
      { name: "age", type: "INTERVAL DAY" },
      { name: "note", type: "VARCHAR2(10)" },
      { name: "ratio", type: "DOUBLE" },
    ];
    const issues = issuesOf(() => toIcebergSchema(columns, { primaryKey: ["ratio"] }));
    expect(issues.map((i) => i.path)).to.deep.equal(["columns[1].type", "columns[2].type", "primaryKey[0]"]);
  });

  it("duplicate column names name both places", () => {
    const issues = issuesOf(() => toIcebergSchema([{ name: "a", type: "INT" }, { name: "b", type: "INT" }, { name: "a", type: "STRING" }]));
    expect(issues).to.deep.equal([{ path: "columns[2].name", message: "a: duplicate column name (also columns[0]); column names must be unique" }]);
  });

  it("bad column shapes: not an object, empty name, line break, wrong type, wrong comment", () => {
    const columns = [42, { name: "", type: "INT" }, { name: "a\nb", type: "INT" }, { name: "t", type: 5 }, { name: "c", type: "INT", comment: 1 }] as unknown as Column[];
    const issues = issuesOf(() => toIcebergSchema(columns));
    expect(issues.map((i) => i.path)).to.deep.equal(["columns[0]", "columns[1].name", "columns[2].name", "columns[3].type", "columns[4].comment"]);
    expect(issues[0]!.message).to.equal("columns[0]: a column must be an object { name, type, comment? }");
    expect(issues[1]!.message).to.equal("columns[1]: the column name must be a non-empty string");
    expect(issues[2]!.message).to.contain("contains a line break (CR or LF)");
    expect(issues[3]!.message).to.equal('t: the type must be Flink SQL type text (e.g. "DECIMAL(10, 2)") or a DataTypes value');
    expect(issues[4]!.message).to.equal("c: the comment must be a string");
  });

  it("unparsable type text is reported at columns[i].type with the column name first", () => {
    const { path, message } = columnIssue("price", "DECIMAL(10,");
    expect(path).to.equal("columns[0].type");
    expect(message.startsWith("price: ")).to.equal(true);
  });

  it("a formatVersion other than 1, 2, 3", () => {
    expect(issuesOf(() => toIcebergSchema([{ name: "a", type: "INT" }], { formatVersion: 4 as 3 }))).to.deep.equal([
      { path: "formatVersion", message: "formatVersion: 4 is not a table format version; use 1, 2 or 3 (2 when omitted)" },
    ]);
  });

  it("every problem of one call comes in one error", () => {
    const issues = issuesOf(() =>
      toIcebergSchema(
        [
          { name: "a", type: "TIMESTAMP(9)" },
          { name: "a", type: "INTERVAL DAY" },
          { name: "f", type: DataTypes.FLOAT() },
        ],
        { primaryKey: ["f", "nope"] },
      ),
    );
    expect(issues.map((i) => i.path)).to.deep.equal(["columns[0].type", "columns[1].name", "columns[1].type", "primaryKey[0]", "primaryKey[1]"]);
  });
});

describe("iceberg: primary key", () => {
  const columns: Column[] = [
    { name: "id", type: "BIGINT" },
    { name: "score", type: "DOUBLE" },
    { name: "ratio", type: DataTypes.FLOAT() },
    { name: "tags", type: "ARRAY<STRING>" },
    { name: "payload", type: "ROW<id BIGINT>" },
    { name: "attrs", type: "MAP<STRING NOT NULL, STRING>" },
    { name: "day", type: "DATE NOT NULL" },
  ];

  it("rejects FLOAT, DOUBLE, non-primitive, nested, missing and duplicated key columns", () => {
    const issues = issuesOf(() => toIcebergSchema(columns, { primaryKey: ["score", "ratio", "tags", "payload", "attrs", "payload.id", "nope", "id", "id"] }));
    expect(issues).to.deep.equal([
      { path: "primaryKey[0]", message: "score: a primary key column cannot be DOUBLE: Iceberg identifier fields cannot be float or double (equality on floating point is unreliable); use DECIMAL(p, s) or BIGINT" },
      { path: "primaryKey[1]", message: "ratio: a primary key column cannot be FLOAT: Iceberg identifier fields cannot be float or double (equality on floating point is unreliable); use DECIMAL(p, s) or BIGINT" },
      { path: "primaryKey[2]", message: "tags: a primary key column must have a primitive type, not ARRAY (Iceberg identifier fields are primitive)" },
      { path: "primaryKey[3]", message: "payload: a primary key column must have a primitive type, not ROW (Iceberg identifier fields are primitive)" },
      { path: "primaryKey[4]", message: "attrs: a primary key column must have a primitive type, not MAP (Iceberg identifier fields are primitive)" },
      { path: "primaryKey[5]", message: "payload.id: a nested field cannot be named in PRIMARY KEY, which takes top-level columns; copy the field into a top-level column" },
      { path: "primaryKey[6]", message: "nope: no such column; the columns are id, score, ratio, tags, payload, attrs, day" },
      { path: "primaryKey[8]", message: "id: listed twice in primaryKey; name each column once" },
    ]);
  });

  it("a NULL-typed key column is reported once, for its type (NULL cannot be made NOT NULL)", () => {
    expect(issuesOf(() => toIcebergSchema([{ name: "a", type: "NULL" }], { primaryKey: ["a"] })).map((i) => i.path)).to.deep.equal(["columns[0].type"]);
  });

  it("key columns become required and NOT NULL; identifier ids ascend; an empty key adds no identifier-field-ids", () => {
    const diag = new Diagnostics();
    const converted = convertColumns(columns, { primaryKey: ["day", "id"] }, diag);
    expect(diag.errors).to.deep.equal([]);
    expect(converted?.schema["identifier-field-ids"]).to.deep.equal([1, 7]);
    expect(converted?.schema.fields.filter((f) => f.required).map((f) => f.name)).to.deep.equal(["id", "day"]);
    expect(converted?.columns.map((c) => c.type.toString())).to.deep.equal([
      "BIGINT NOT NULL",
      "DOUBLE",
      "FLOAT",
      "ARRAY<STRING>",
      "ROW<`id` BIGINT>",
      "MAP<STRING NOT NULL, STRING>",
      "DATE NOT NULL",
    ]);
    expect(Object.keys(toIcebergSchema(columns, { primaryKey: [] }))).to.deep.equal(["type", "schema-id", "fields"]);
  });

  it("convertColumns reports into the caller's Diagnostics and returns undefined on errors", () => {
    const diag = new Diagnostics("", [{ path: "other", message: "earlier problem" }]);
    expect(convertColumns([{ name: "a", type: "INT" }], {}, diag)?.schema.fields).to.deep.equal([{ id: 1, name: "a", required: false, type: "int" }]);
    expect(convertColumns([{ name: "a", type: "NULL" }], { primaryKey: ["b"] }, diag)).to.equal(undefined);
    expect(diag.errors.map((e) => e.path)).to.deep.equal(["other", "columns[0].type", "primaryKey[0]"]);
  });
});

describe("iceberg: partition spec", () => {
  const schema = toIcebergSchema([
    { name: "id", type: "BIGINT" },
    { name: "dt", type: "STRING" },
    { name: "region", type: "STRING" },
    { name: "payload", type: "ROW<x INT>" },
    { name: "tags", type: "ARRAY<STRING>" },
  ]);

  it("identity fields get ids 1000, 1001, ... in PARTITIONED BY order", () => {
    expect(toIcebergPartitionSpec(schema, ["region", "dt"])).to.deep.equal({
      "spec-id": 0,
      fields: [
        { name: "region", transform: "identity", "source-id": 3, "field-id": 1000 },
        { name: "dt", transform: "identity", "source-id": 2, "field-id": 1001 },
      ],
    });
    expect(toIcebergPartitionSpec(schema, [])).to.deep.equal({ "spec-id": 0, fields: [] });
  });

  it("rejects missing, nested, non-primitive and duplicated partition columns", () => {
    expect(issuesOf(() => toIcebergPartitionSpec(schema, ["nope", "payload.x", "payload", "tags", "dt", "dt"]))).to.deep.equal([
      { path: "partitionedBy[0]", message: "nope: no such column; the columns are id, dt, region, payload, tags" },
      { path: "partitionedBy[1]", message: "payload.x: a nested field cannot be named in PARTITIONED BY, which takes top-level columns; copy the field into a top-level column" },
      { path: "partitionedBy[2]", message: "payload: a partition column must have a primitive type, not struct (an identity partition needs a primitive value)" },
      { path: "partitionedBy[3]", message: "tags: a partition column must have a primitive type, not list (an identity partition needs a primitive value)" },
      { path: "partitionedBy[5]", message: "dt: listed twice in partitionedBy; name each column once" },
    ]);
  });

  it("an Iceberg partition transform says what Flink can declare instead", () => {
    const outside = (t: string): string =>
      `create the table with ${t} outside Flink (e.g. Spark SQL ALTER TABLE ... ADD PARTITION FIELD, or the catalog's API) and leave it out of partitionedBy: ` +
      "the connector writes an existing table with that table's partition spec";
    const head = (t: string, what: string): string =>
      `${t}: an Iceberg partition transform (${what}), which Flink SQL cannot declare: PARTITIONED BY takes column names and Iceberg makes each an identity partition. `;
    expect(issuesOf(() => toIcebergPartitionSpec(schema, ["days(dt)", "bucket[16](id)", "identity(region)", "truncate(4, `region`)", "YEARS(nope)", "hours(dt)", "upper(region)", "days"]))).to.deep.equal([
      { path: "partitionedBy[0]", message: head("days(dt)", "day of dt") + `Partition by a column the INSERT fills instead (e.g. add \`dt_day\` DATE filled with CAST(\`dt\` AS DATE) and list it here), or ${outside("days(dt)")}` },
      { path: "partitionedBy[1]", message: head("bucket[16](id)", "bucket of id") + `Instead, ${outside("bucket[16](id)")}` },
      { path: "partitionedBy[2]", message: 'identity(region): partitionedBy takes column names (every partition Flink declares is an identity partition); write "region"' },
      { path: "partitionedBy[3]", message: head("truncate(4, `region`)", "truncate of region") + `Instead, ${outside("truncate(4, `region`)")}` },
      { path: "partitionedBy[4]", message: head("YEARS(nope)", "year of the column") + `Instead, ${outside("YEARS(nope)")}` },
      {
        path: "partitionedBy[5]",
        message: head("hours(dt)", "hour of dt") + `Partition by a column the INSERT fills instead (e.g. add \`dt_hour\` STRING filled with DATE_FORMAT(\`dt\`, 'yyyy-MM-dd-HH') and list it here), or ${outside("hours(dt)")}`,
      },
      { path: "partitionedBy[6]", message: "upper(region): no such column; the columns are id, dt, region, payload, tags" },
      { path: "partitionedBy[7]", message: 'days: no such column; did you mean "tags"?; the columns are id, dt, region, payload, tags' },
    ]);
  });

  it("a list that is not an array, or an entry that is not a name", () => {
    expect(issuesOf(() => toIcebergPartitionSpec(schema, "dt" as unknown as string[]))).to.deep.equal([{ path: "partitionedBy", message: "partitionedBy: must be an array of column names" }]);
    expect(issuesOf(() => toIcebergSchema([{ name: "a", type: "INT" }], { primaryKey: ["", 3 as unknown as string] }))).to.deep.equal([
      { path: "primaryKey[0]", message: "primaryKey[0]: must be a column name (a non-empty string)" },
      { path: "primaryKey[1]", message: "primaryKey[1]: must be a column name (a non-empty string)" },
    ]);
  });

  it("with a Diagnostics, reports there and returns the valid fields", () => {
    const diag = new Diagnostics();
    expect(toIcebergPartitionSpec(schema, ["dt", "nope"], diag)).to.deep.equal({ "spec-id": 0, fields: [{ name: "dt", transform: "identity", "source-id": 2, "field-id": 1000 }] });
    expect(diag.errors.map((e) => e.path)).to.deep.equal(["partitionedBy[1]"]);
  });
});
