/**
 * Fixed regression tests for the faults the fuzz suites (test/fuzz-*.test.ts) found, and for the
 * grammar gaps they uncovered in dt-sql-parser (test/sql-validate.ts allowlist).
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { issuesOf } from "./api.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql, flinkSqlErrors } from "./sql-validate.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const cols = [{ name: "id", type: "BIGINT" }];


describe("fuzz regressions", () => {
  let api: Api;
  before(async () => {
    api = await mockedApi();
  });

  it("extraOptions key 'constructor' is not 'also set in catalog.properties' (an inherited name is not a key)", async () => {
    const s = new api.IcebergSink("reg-ctor", { catalog: { ...catalog, properties: { toString: "p" } }, database: "db", table: "t", columns: cols, extraOptions: { constructor: "c", hasOwnProperty: "h" } });
    const options = await settle(s.options);
    expect(options).to.include({ constructor: "c", hasOwnProperty: "h", toString: "p" });
  });

  it("an own '__proto__' key is an error in FlinkTable options, extraOptions, catalog.properties and configuration, never dropped silently", () => {
    const proto = (v: string): Record<string, string> => JSON.parse(`{"__proto__": ${JSON.stringify(v)}}`);
    expect(issuesOf(() => new api.FlinkTable("reg-p1", { columns: cols, options: { connector: "datagen", ...proto("x") } })).map((i) => i.path)).to.deep.equal(['options["__proto__"]']);
    expect(issuesOf(() => new api.IcebergSink("reg-p2", { catalog, database: "db", table: "t", columns: cols, extraOptions: proto("x") })).map((i) => i.path)).to.deep.equal(['extraOptions["__proto__"]']);
    expect(issuesOf(() => new api.IcebergSource("reg-p3", { catalog: { ...catalog, properties: proto("x") }, database: "db", table: "t", columns: cols })).map((i) => i.path)).to.deep.equal(['catalog.properties["__proto__"]']);
    const t = new api.FlinkTable("reg-p4", { columns: cols, options: { connector: "datagen" } });
    expect(issuesOf(() => new api.FlinkSqlJob("reg-p5", { statements: [api.sql`INSERT INTO ${t} SELECT * FROM ${t}`], configuration: proto("x") })).map((i) => i.path)).to.deep.equal(['configuration["__proto__"]']);
    expect(({} as Record<string, unknown>)["x"]).to.equal(undefined);
  });

  it("an own '__proto__' or 'constructor' arg is an unknown arg (was skipped: `key in shape` saw Object.prototype)", () => {
    const args = { catalog, database: "db", table: "t", columns: cols, ...JSON.parse('{"__proto__": {"polluted": true}}'), constructor: 1 };
    expect(issuesOf(() => new api.IcebergSource("reg-u1", args)).map((i) => i.path)).to.deep.equal(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>)["polluted"]).to.equal(undefined);
  });

  it("a FlinkTable column type that is neither text nor a DataType is a validation error (was a TypeError)", () => {
    for (const type of [null, 42, {}]) {
      expect(issuesOf(() => new api.FlinkTable("reg-t1", { columns: [{ name: "a", type: type as never }], options: { connector: "datagen" } })).map((i) => i.path)).to.deep.equal(["columns[0].type"]);
    }
  });

  it("kubernetes: null / sqlGateway: null are validation errors (was a TypeError)", () => {
    const t = new api.FlinkTable("reg-k0", { columns: cols, options: { connector: "datagen" } });
    const statements = [api.sql`INSERT INTO ${t} SELECT * FROM ${t}`];
    expect(issuesOf(() => new api.FlinkSqlJob("reg-k1", { statements, kubernetes: null as never })).map((i) => i.path)).to.deep.equal(["kubernetes"]);
    expect(issuesOf(() => new api.FlinkSqlJob("reg-k2", { statements, sqlGateway: null as never })).map((i) => i.path)).to.deep.equal(["sqlGateway"]);
  });

  it("session 4 review: statements that are no sql`...` objects, a non-array key list, odd session-property keys: validation errors, never TypeErrors", () => {
    const t = new api.FlinkTable("reg-s0", { columns: cols, options: { connector: "datagen" } });
    for (const bad of [{ segments: 5 }, { segments: {} }, { segments: [null] }, { segments: [{ kind: "table" }] }]) {
      expect(issuesOf(() => new api.FlinkSqlJob("reg-s1", { statements: [bad as never] })).map((i) => i.path)).to.deep.equal(["statements[0]"]);
    }
    expect(issuesOf(() => new api.FlinkTable("reg-s2", { columns: cols, options: { connector: "datagen" }, primaryKey: 5 as never, partitionedBy: "id" as never })).map((i) => i.path)).to.deep.equal(["primaryKey", "partitionedBy"]);
    // "constructor" / "toString" as session property keys conflict with nothing in the job's configuration.
    new api.FlinkSqlJob("reg-s3", { statements: [api.sql`INSERT INTO ${t} SELECT * FROM ${t}`], sqlGateway: { endpoint: "http://gw:8083", sessionProperties: { constructor: "x", toString: "y" } } });
  });

  it("grammar gaps: NOT NULL / descriptions after parameterized types in type arguments, backslashes in quotes", () => {
    const ddl = (t: string, name = "c"): string => `CREATE TABLE \`x\` (\n  \`${name}\` ${t}\n)\nWITH (\n  'connector' = 'datagen\\'\n);`;
    for (const t of ["ARRAY<CHAR(1) NOT NULL>", "MAP<VARCHAR(2) NOT NULL, DECIMAL(3, 1) NOT NULL>", "ROW<`a` TIME(1) 'doc\\'>", "MAP<MAP<TIMESTAMP_LTZ(3) NOT NULL, INT> NOT NULL, INT>"]) expectValidFlinkSql(ddl(t));
    expectValidFlinkSql(ddl("INT", "\\"));
    // Real errors still surface.
    expect(flinkSqlErrors(ddl("ARRAY<CHAR(1) NOT NULL"))).to.not.deep.equal([]);
    expect(flinkSqlErrors("CREATE TABLE `x` (`c` INT) WITH ('k' = );")).to.not.deep.equal([]);
  });
});
