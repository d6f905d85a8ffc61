/**
 * One Iceberg table declared with other columns by two jobs of the program (new-user trial w64;
 * src/sql/shared-iceberg-tables.ts, src/sql/iceberg-write-schemas.ts): which job fails in which
 * start order, with Iceberg's own problem lines; quiet where the runtime writes and reads.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { readFailures, writeProblems } from "../src/sql/iceberg-write-schemas.js";
import { toIcebergSchema } from "../src/iceberg/index.js";

const CREATES =
  "The job that starts first creates the table with its columns (the connector leaves an existing table as it is, whatever a later CREATE TABLE declares: iceberg FlinkDynamicTableFactory.createTableLoader), " +
  "and a sink checks its columns against the table's when its job starts (iceberg FlinkSink.toFlinkRowType: TypeUtil.validateWriteSchema, with nullability and order)";
const WRITE_FIX = "Declare the columns once and pass the same array to both IcebergSinks, so both map to one Iceberg schema";
const READ_CHECK =
  "A source reads its declared columns from the table's by name, in any order and any subset, with no type check: the readers widen a stored value only from int to BIGINT, float to DOUBLE or a decimal to more digits " +
  "and hand any other on as it is (iceberg IcebergSource.build: FlinkSchemaUtil.convert; FlinkParquetReaders)";
const READ_FIX = "Declare the source's columns as the sink's (the same array, or a part of it: a source may leave columns out and order them as it likes)";
const INCOMPATIBLE = '"Cannot write incompatible dataset to table with schema"';

describe("one Iceberg table declared by two jobs with other columns", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const lake = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
  type Cols = { name: string; type: string; comment?: string }[];
  const gen = (n: string) =>
    new api.FlinkTable(`${n}_gen`, {
      columns: [
        { name: "id", type: "BIGINT" },
        { name: "kind", type: "STRING" },
      ],
      options: { connector: "datagen" },
    });
  const sink = (n: string, table: string, columns: Cols, extra: Record<string, unknown> = {}) => new api.IcebergSink(n, { catalog: lake, database: "t", table, columns, ...extra });
  const source = (n: string, table: string, columns: Cols) => new api.IcebergSource(n, { catalog: lake, database: "t", table, columns });
  const blackhole = (n: string, columns: Cols) => new api.FlinkTable(n, { columns, options: { connector: "blackhole" } });
  const job = (name: string, statement: ReturnType<Api["sql"]>, runtimeMode: "batch" | "streaming" = "streaming") =>
    issuesOrNone(() => new api.FlinkSqlJob(name, { runtimeMode, statements: [statement] })).map((i) => `${i.path}: ${i.message}`);

  it("w64: (id BIGINT, kind STRING) and (kind STRING, id INT) in two jobs: either start order fails a job, said with Iceberg's problem lines", () => {
    const g = gen("w64");
    const a = sink("w64_a", "shared", [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }]);
    const b = sink("w64_b", "shared", [{ name: "kind", type: "STRING" }, { name: "id", type: "INT" }]);
    expect(job("w64-one", api.sql`INSERT INTO ${a} SELECT id, kind FROM ${g}`)).to.deep.equal([]);
    expect(job("w64-two", api.sql`INSERT INTO ${b} SELECT kind, CAST(id AS INT) FROM ${g}`)).to.deep.equal([
      `statements: IcebergSink "w64_b" and IcebergSink "w64_a" of FlinkSqlJob "w64-one" write the Iceberg table t.shared with different columns, (kind STRING, id INT) here and (id BIGINT, kind STRING) there. ` +
        `${CREATES}: if FlinkSqlJob "w64-one" creates it, this job fails as it starts (${INCOMPATIBLE}: kind is out of order, before id); ` +
        `if this job creates it, FlinkSqlJob "w64-one" fails as it starts (${INCOMPATIBLE}: id: long cannot be promoted to int; id is out of order, before kind). ${WRITE_FIX}`,
    ]);
  });

  it("a catalog whose uri is an Output: one catalog object shared by both jobs links them (new-user trial: an Output uri linked nothing); two Output objects do not", async () => {
    const pulumi = await import("@pulumi/pulumi");
    const shared = { name: "lake", type: "hive" as const, uri: pulumi.output("thrift://hms:9083") };
    const g = gen("ou");
    const on = (n: string, table: string, columns: Cols, catalog: typeof shared) => new api.IcebergSink(n, { catalog, database: "t", table, columns });
    const a = on("ou_a", "ou_shared", [{ name: "id", type: "BIGINT" }], shared);
    const b = on("ou_b", "ou_shared", [{ name: "id", type: "INT" }], shared);
    expect(job("ou-one", api.sql`INSERT INTO ${a} SELECT id FROM ${g}`)).to.deep.equal([]);
    const two = job("ou-two", api.sql`INSERT INTO ${b} SELECT CAST(id AS INT) FROM ${g}`);
    expect(two).to.have.length(1);
    expect(two[0]).to.match(/^statements: IcebergSink "ou_b" and IcebergSink "ou_a" of FlinkSqlJob "ou-one" write the Iceberg table t\.ou_shared with different columns/);
    // Another Output object (it may resolve to another metastore): not linked, no finding.
    const c = on("ou_c", "ou_other", [{ name: "id", type: "BIGINT" }], { ...shared, uri: pulumi.output("thrift://hms:9083") });
    const d = on("ou_d", "ou_other", [{ name: "id", type: "INT" }], { ...shared, uri: pulumi.output("thrift://hms:9083") });
    expect(job("ou-three", api.sql`INSERT INTO ${c} SELECT id FROM ${g}`)).to.deep.equal([]);
    expect(job("ou-four", api.sql`INSERT INTO ${d} SELECT CAST(id AS INT) FROM ${g}`)).to.deep.equal([]);
  });

  it("a difference that fails one start order only (nullability, int against BIGINT, a column the other lacks) is an error naming the order", () => {
    const g = gen("one_order");
    const required = sink("oo_req", "oo_null", [{ name: "id", type: "BIGINT NOT NULL" }]);
    const optional = sink("oo_opt", "oo_null", [{ name: "id", type: "BIGINT" }]);
    expect(job("oo-null-1", api.sql`INSERT INTO ${required} SELECT COALESCE(id, 0) FROM ${g}`)).to.deep.equal([]);
    expect(job("oo-null-2", api.sql`INSERT INTO ${optional} SELECT id FROM ${g}`)).to.deep.equal([
      `statements: IcebergSink "oo_opt" and IcebergSink "oo_req" of FlinkSqlJob "oo-null-1" write the Iceberg table t.oo_null with different columns, (id BIGINT) here and (id BIGINT NOT NULL) there. ` +
        `${CREATES}: if FlinkSqlJob "oo-null-1" creates it, this job fails as it starts (${INCOMPATIBLE}: id should be required, but is optional); ` +
        `if this job creates it, FlinkSqlJob "oo-null-1" passes that check. ${WRITE_FIX}`,
    ]);
    const narrow = sink("oo_int", "oo_widen", [{ name: "id", type: "INT" }]);
    const wide = sink("oo_long", "oo_widen", [{ name: "id", type: "BIGINT" }]);
    expect(job("oo-widen-1", api.sql`INSERT INTO ${narrow} SELECT CAST(id AS INT) FROM ${g}`)).to.deep.equal([]);
    expect(job("oo-widen-2", api.sql`INSERT INTO ${wide} SELECT id FROM ${g}`)).to.deep.equal([
      `statements: IcebergSink "oo_long" and IcebergSink "oo_int" of FlinkSqlJob "oo-widen-1" write the Iceberg table t.oo_widen with different columns, (id BIGINT) here and (id INT) there. ` +
        `${CREATES}: if FlinkSqlJob "oo-widen-1" creates it, this job fails as it starts (${INCOMPATIBLE}: id: long cannot be promoted to int); ` +
        `if this job creates it, FlinkSqlJob "oo-widen-1" passes that check. ${WRITE_FIX}`,
    ]);
    const two = sink("oo_two", "oo_extra", [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }]);
    const one = sink("oo_one", "oo_extra", [{ name: "id", type: "BIGINT" }]);
    expect(job("oo-extra-1", api.sql`INSERT INTO ${two} SELECT id, kind FROM ${g}`)).to.deep.equal([]);
    expect(job("oo-extra-2", api.sql`INSERT INTO ${one} SELECT id FROM ${g}`)).to.deep.equal([
      `statements: IcebergSink "oo_one" and IcebergSink "oo_two" of FlinkSqlJob "oo-extra-1" write the Iceberg table t.oo_extra with different columns, (id BIGINT) here and (id BIGINT, kind STRING) there. ` +
        `${CREATES}: if FlinkSqlJob "oo-extra-1" creates it, this job passes that check; ` +
        `if this job creates it, FlinkSqlJob "oo-extra-1" fails as it starts (Field kind not found in source schema). ${WRITE_FIX}`,
    ]);
  });

  it("a source reading a column the writing job's sink lacks, or a type the stored one does not widen to: an error, on the reader or on the writer created after it", () => {
    const g = gen("rd");
    const w = sink("rd_w", "rd_t", [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }]);
    expect(job("rd-writer", api.sql`INSERT INTO ${w} SELECT id, kind FROM ${g}`)).to.deep.equal([]);
    const narrow = source("rd_narrow", "rd_t", [{ name: "id", type: "INT" }]);
    expect(job("rd-reader", api.sql`INSERT INTO ${blackhole("rd_out", [{ name: "id", type: "INT" }])} SELECT id FROM ${narrow}`, "batch")).to.deep.equal([
      `statements: IcebergSource "rd_narrow" reads the Iceberg table t.rd_t, which IcebergSink "rd_w" of FlinkSqlJob "rd-writer" writes, with columns that sink does not declare so: id is INT here and BIGINT there; the other columns: none here, (kind STRING) there. ` +
        `${READ_CHECK}: once that sink has created the table, this job fails on the first row it reads (id: the table's long read as int). ${READ_FIX}`,
    ]);
    // The reading job first: the writing job created later is told which job fails.
    const early = source("rd_early", "rd_t2", [{ name: "kind", type: "STRING" }, { name: "idx", type: "BIGINT" }]);
    expect(job("rd-early", api.sql`INSERT INTO ${blackhole("rd_out2", [{ name: "kind", type: "STRING" }])} SELECT kind FROM ${early}`, "batch")).to.deep.equal([]);
    const late = sink("rd_late", "rd_t2", [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }]);
    expect(job("rd-late", api.sql`INSERT INTO ${late} SELECT id, kind FROM ${g}`)).to.deep.equal([
      `statements: IcebergSink "rd_late" writes the Iceberg table t.rd_t2, which IcebergSource "rd_early" of FlinkSqlJob "rd-early" reads with columns this sink does not declare so: idx is not declared here and BIGINT there; the other columns: (id BIGINT, kind STRING) here, (kind STRING) there. ` +
        `${READ_CHECK}: once this sink has created the table, FlinkSqlJob "rd-early" fails as it starts (Field idx not found in source schema). ${READ_FIX}`,
    ]);
    // Two failing columns among others: named first, in the reader's order, then the rest of each side.
    const w3 = sink("rd_w3", "rd_t3", [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }, { name: "note", type: "STRING" }, { name: "n", type: "BIGINT" }]);
    expect(job("rd-writer3", api.sql`INSERT INTO ${w3} SELECT id, kind, kind, id FROM ${g}`)).to.deep.equal([]);
    const r3 = source("rd_r3", "rd_t3", [{ name: "note", type: "STRING" }, { name: "n", type: "INT" }, { name: "id", type: "BIGINT" }, { name: "kind", type: "INT" }]);
    expect(job("rd-reader3", api.sql`INSERT INTO ${blackhole("rd_out3", [{ name: "id", type: "BIGINT" }])} SELECT id FROM ${r3}`, "batch")).to.deep.equal([
      `statements: IcebergSource "rd_r3" reads the Iceberg table t.rd_t3, which IcebergSink "rd_w3" of FlinkSqlJob "rd-writer3" writes, with columns that sink does not declare so: ` +
        `n is INT here and BIGINT there, kind is INT here and STRING there; the other columns: (note STRING, id BIGINT) here, (id BIGINT, note STRING) there. ` +
        `${READ_CHECK}: once that sink has created the table, this job fails on the first row it reads (n: the table's long read as int; kind: the table's string read as int). ${READ_FIX}`,
    ]);
  });

  it("valid neighbours stay quiet: one array, Flink types of one Iceberg type, comments, a primary key, a projection, a widening read, two readers, one resource in two jobs", () => {
    const g = gen("ok");
    const cols = [{ name: "id", type: "BIGINT" }, { name: "kind", type: "STRING" }];
    const ok = (name: string, statement: ReturnType<Api["sql"]>, runtimeMode: "batch" | "streaming" = "streaming") => {
      expect(job(name, statement, runtimeMode), name).to.deep.equal([]);
      expect(jobWarnings(name).filter((w) => w.includes("columns")), name).to.deep.equal([]);
    };
    const first = sink("ok_1", "ok_t", cols);
    ok("ok-1", api.sql`INSERT INTO ${first} SELECT id, kind FROM ${g}`);
    ok("ok-2", api.sql`INSERT INTO ${sink("ok_2", "ok_t", cols)} SELECT id, kind FROM ${g}`);
    // VARCHAR(20) and STRING are both Iceberg string; a comment is a doc, which the write check ignores.
    ok("ok-3", api.sql`INSERT INTO ${sink("ok_3", "ok_t", [{ name: "id", type: "BIGINT", comment: "the id" }, { name: "kind", type: "VARCHAR(20)" }])} SELECT id, kind FROM ${g}`);
    // SMALLINT and INT are both Iceberg int.
    const small = sink("ok_small", "ok_ints", [{ name: "n", type: "SMALLINT" }]);
    ok("ok-small", api.sql`INSERT INTO ${small} SELECT CAST(id AS SMALLINT) FROM ${g}`);
    ok("ok-int", api.sql`INSERT INTO ${sink("ok_int", "ok_ints", [{ name: "n", type: "INT" }])} SELECT CAST(id AS INT) FROM ${g}`);
    // A primary key (its columns NOT NULL) against the same NOT NULL columns without one: the same fields.
    const keyed = sink("ok_keyed", "ok_keys", [{ name: "id", type: "BIGINT NOT NULL" }, { name: "kind", type: "STRING" }], { primaryKey: ["id"] });
    ok("ok-keyed", api.sql`INSERT INTO ${keyed} SELECT COALESCE(id, 0), kind FROM ${g}`);
    ok("ok-unkeyed", api.sql`INSERT INTO ${sink("ok_unkeyed", "ok_keys", [{ name: "id", type: "BIGINT NOT NULL" }, { name: "kind", type: "STRING" }])} SELECT COALESCE(id, 0), kind FROM ${g}`);
    // A projection in another order, a widening read (int stored, BIGINT read), two readers that differ.
    const proj = source("ok_proj", "ok_t", [{ name: "kind", type: "STRING" }]);
    ok("ok-proj", api.sql`INSERT INTO ${blackhole("ok_proj_out", [{ name: "kind", type: "STRING" }])} SELECT kind FROM ${proj}`, "batch");
    const widened = source("ok_widened", "ok_ints", [{ name: "n", type: "BIGINT" }]);
    ok("ok-widened", api.sql`INSERT INTO ${blackhole("ok_widened_out", [{ name: "n", type: "BIGINT" }])} SELECT n FROM ${widened}`, "batch");
    const r1 = source("ok_r1", "ok_other", [{ name: "a", type: "INT" }]);
    const r2 = source("ok_r2", "ok_other", [{ name: "b", type: "STRING" }]);
    ok("ok-r1", api.sql`INSERT INTO ${blackhole("ok_r1_out", [{ name: "a", type: "INT" }])} SELECT a FROM ${r1}`, "batch");
    ok("ok-r2", api.sql`INSERT INTO ${blackhole("ok_r2_out", [{ name: "b", type: "STRING" }])} SELECT b FROM ${r2}`, "batch");
    // The same IcebergSink resource written by a second job.
    ok("ok-again", api.sql`INSERT INTO ${first} SELECT id, kind FROM ${g}`);
  });

  it("the write and read checks follow Iceberg's CheckCompatibility and ReassignIds on nested types too", () => {
    const schema = (cols: Cols) => toIcebergSchema(cols);
    const table = schema([{ name: "id", type: "BIGINT NOT NULL" }, { name: "s", type: "ROW<a INT, b STRING>" }, { name: "l", type: "ARRAY<INT NOT NULL>" }]);
    expect(writeProblems(table, table)).to.deep.equal([]);
    expect(writeProblems(table, schema([{ name: "id", type: "BIGINT NOT NULL" }, { name: "s", type: "ROW<a BIGINT, b STRING>" }, { name: "l", type: "ARRAY<INT>" }]))).to.deep.equal([
      "s.a: long cannot be promoted to int",
      "l: elements should be required, but are optional",
    ]);
    expect(writeProblems(table, schema([{ name: "id", type: "BIGINT NOT NULL" }, { name: "s", type: "ROW<a INT, c STRING>" }]))).to.deep.equal(["Field c not found in source schema"]);
    expect(writeProblems(table, schema([{ name: "s", type: "ROW<b STRING, a INT>" }, { name: "l", type: "ARRAY<INT NOT NULL>" }]))).to.deep.equal(["id is required, but is missing", "s.b is out of order, before a"]);
    expect(writeProblems(table, schema([{ name: "id", type: "BIGINT NOT NULL" }, { name: "s", type: "STRING" }, { name: "l", type: "ARRAY<INT NOT NULL>" }]))).to.deep.equal(["s: string cannot be read as a struct"]);
    // Decimal widening keeps the scale.
    expect(writeProblems(schema([{ name: "d", type: "DECIMAL(12, 2)" }]), schema([{ name: "d", type: "DECIMAL(10, 2)" }]))).to.deep.equal([]);
    expect(writeProblems(schema([{ name: "d", type: "DECIMAL(12, 2)" }]), schema([{ name: "d", type: "DECIMAL(12, 3)" }]))).to.deep.equal(["d: decimal(12, 3) cannot be promoted to decimal(12, 2)"]);
    expect(readFailures(table, schema([{ name: "s", type: "ROW<b STRING>" }, { name: "id", type: "BIGINT" }]))).to.deep.equal([]);
    expect(readFailures(table, schema([{ name: "s", type: "ROW<a STRING>" }]))).to.deep.equal([{ column: "s", problems: ["s.a: the table's int read as string"] }]);
    // By column: a nested field the table lacks fails its top-level column; a missing field hides the type problems (reassignIds throws first).
    expect(readFailures(table, schema([{ name: "id", type: "STRING" }, { name: "s", type: "ROW<a INT, c STRING>" }, { name: "x", type: "INT" }]))).to.deep.equal([
      { column: "s", problems: ["Field c not found in source schema"] },
      { column: "x", problems: ["Field x not found in source schema"] },
    ]);
    expect(readFailures(table, schema([{ name: "id", type: "STRING" }, { name: "s", type: "ROW<a STRING>" }, { name: "l", type: "ARRAY<BIGINT>" }]))).to.deep.equal([
      { column: "id", problems: ["id: the table's long read as string"] },
      { column: "s", problems: ["s.a: the table's int read as string"] },
    ]);
    expect(readFailures(table, schema([{ name: "l", type: "ARRAY<BIGINT>" }, { name: "id", type: "BIGINT" }]))).to.deep.equal([]);
  });
});
