/**
 * The memo of clean INSERT column checks (src/sql/insert-columns-memo.ts): a check that found
 * nothing is remembered by its content (the statement with tables as places, each table's facts,
 * the job's context, the tables' names unless plain and absent from the text) and not run again for
 * equal content from other objects; every input of the key, changed (also on the same object),
 * misses and gives what the fresh check gives; a check with findings is never remembered.
 */
import { expect } from "chai";
import type { TableColumn, TableDefinition } from "../src/components/table-definition.js";
import { checkInsertColumns } from "../src/sql/insert-columns.js";
import { checkInsertColumnsOnce, clearInsertChecks, insertCheckCount, insertCheckHits, insertCheckKey, MAX_CHECKS } from "../src/sql/insert-columns-memo.js";
import { analyzeStatement, type AnalyzedStatement } from "../src/sql/statement.js";
import { SqlStatement, type SqlSegment } from "../src/sql/template.js";
import type { UpsertContext } from "../src/sql/upsert-keys.js";
import { parseDataType } from "../src/types/parser.js";
import { clearAllMemos } from "../src/validation/bounded-memo.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const col = (name: string, type: string, extra: Partial<TableColumn> = {}): Mutable<TableColumn> => ({ name, type: parseDataType(type), insertable: true, ...extra });
const COLUMNS = (): Mutable<TableColumn>[] => [col("id", "BIGINT NOT NULL"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)")];
const table = (kind: TableDefinition["resourceType"], name: string, extra: Partial<TableDefinition> = {}): Mutable<TableDefinition> =>
  ({
    resourceType: kind,
    resourceName: name,
    label: `${kind} "${name}"`,
    tableName: name,
    ddl: "",
    writable: kind !== "IcebergSource",
    bounded: false,
    warnings: [],
    columns: COLUMNS(),
    iceberg: { upsert: false },
    ...extra,
  }) as Mutable<TableDefinition>;

const text = (t: string): SqlSegment => ({ kind: "text", text: t });
const tab = (t: TableDefinition): SqlSegment => ({ kind: "table", table: t });
/** `INSERT INTO ${sink}<between> SELECT <items> FROM ${src}<tail>` analyzed as statement 0 of a job. */
const insert = (sink: TableDefinition, src: TableDefinition, items = "*", tail = "", between = ""): AnalyzedStatement => {
  const s = new SqlStatement([text("INSERT INTO "), tab(sink), text(`${between} SELECT ${items} FROM `), tab(src), ...(tail === "" ? [] : [text(tail)])]);
  return Object.assign({}, analyzeStatement(s, new Diagnostics(), "streaming")!, { index: 0, insertQueries: {} });
};

interface Context {
  enforcer: string | null | undefined;
  upsert: UpsertContext;
  functions: ReadonlySet<string>;
  views: ReadonlyMap<string, AnalyzedStatement>;
  flinkVersion: string | undefined;
}
const CONTEXT: Context = { enforcer: undefined, upsert: { batch: false, materialize: undefined }, functions: new Set(), views: new Map(), flinkVersion: "v2_1" };

/** The findings of the memoized check, as [path, message] pairs, errors then warnings. */
const once = (a: AnalyzedStatement, c: Context = CONTEXT) => {
  const d = new Diagnostics();
  checkInsertColumnsOnce(a, d, c.enforcer, c.upsert, () => c.functions, c.views, c.flinkVersion);
  return findings(d);
};
/** The findings of the check run fresh. */
const fresh = (a: AnalyzedStatement, c: Context = CONTEXT) => {
  const d = new Diagnostics();
  checkInsertColumns(a, d, c.enforcer, c.upsert, () => c.functions, c.views, c.flinkVersion);
  return findings(d);
};
const findings = (d: Diagnostics) => [...d.errors.map((e) => ["error", e.path, e.message]), ...d.warnings.map((w) => ["warning", w.path, w.message])];
const keyOf = (a: AnalyzedStatement, c: Context = CONTEXT) => insertCheckKey(a, c.enforcer, c.upsert, c.functions, c.flinkVersion);

describe("INSERT column check memo (insert-columns-memo.ts)", () => {
  beforeEach(() => {
    clearAllMemos();
    clearInsertChecks();
  });

  it("equal content from other objects, over other plainly named tables, hits; frozen column lists too", () => {
    expect(once(insert(table("IcebergSink", "out_1"), table("IcebergSource", "src_1")))).to.deep.equal([]);
    expect([insertCheckCount(), insertCheckHits()]).to.deep.equal([1, 0]);
    const hits = insertCheckHits();
    expect(once(insert(table("IcebergSink", "out_2"), table("IcebergSource", "src_2")))).to.deep.equal([]);
    const frozen = (name: string, kind: TableDefinition["resourceType"]) => table(kind, name, { columns: Object.freeze(COLUMNS().map((c) => Object.freeze(c))) });
    expect(once(insert(frozen("out_3", "IcebergSink"), frozen("src_3", "IcebergSource")))).to.deep.equal([]);
    expect(once(insert(frozen("out_4", "IcebergSink"), frozen("src_4", "IcebergSource")))).to.deep.equal([]);
    expect([insertCheckCount(), insertCheckHits()]).to.deep.equal([1, hits + 3]);
  });

  it("a check with findings is never remembered, and gives the fresh messages every time", () => {
    const sink = table("IcebergSink", "out", { columns: [col("id", "BIGINT NOT NULL"), col("name", "INT"), col("amount", "DECIMAL(10, 2)")] });
    const a = insert(sink, table("IcebergSource", "src"));
    const expected = fresh(a);
    expect(expected).to.deep.equal([["error", "statements[0]", "value 2 of the SELECT list, name (from *) (STRING), goes into IcebergSink \"out\"'s column \"name\" (INT), and Flink does not convert STRING to INT by itself: the job fails when it starts (\"Incompatible types for sink column 'name' at position 1\"). Convert it in the SELECT, e.g. CAST(`name` AS INT), listing the columns instead of * (without a CAST Flink only widens: a smaller integer into a larger one, any number into DECIMAL or DOUBLE, an integer or DECIMAL into FLOAT, CHAR into VARCHAR, BINARY into VARBINARY, TIMESTAMP into DATE or TIME, TIMESTAMP and TIMESTAMP_LTZ into each other)"]]);
    expect(once(a)).to.deep.equal(expected);
    expect(once(insert(sink, table("IcebergSource", "src")))).to.deep.equal(expected);
    expect([insertCheckCount(), insertCheckHits()]).to.deep.equal([0, 0]);
  });

  it("a table changed on the same object after a clean check misses and gives the fresh finding", () => {
    const [sink, src] = [table("IcebergSink", "out"), table("IcebergSource", "src")];
    expect(once(insert(sink, src))).to.deep.equal([]);
    src.columns = [col("id", "BIGINT"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)")];
    const a = insert(sink, src);
    const expected = fresh(a);
    expect(expected).to.deep.equal([
      [
        "warning",
        "statements[0]",
        'value 1 of the SELECT list, id (from *) (BIGINT), may be NULL, and goes into IcebergSink "out"\'s column "id" (BIGINT NOT NULL): Flink fails the job on the first NULL ' +
          "(\"Column 'id' is NOT NULL, however, a null value is being written into it\"; table.exec.sink.not-null-enforcer ERROR), and the restarted job reads that row again. " +
          "Declare the source column NOT NULL if it never is NULL, filter the rows (WHERE `id` IS NOT NULL) or write COALESCE(`id`, ...), listing the columns instead of *; " +
          "table.exec.sink.not-null-enforcer = 'DROP' in the job's configuration drops such rows without a word",
      ],
    ]);
    expect(once(a)).to.deep.equal(expected);
    expect([insertCheckCount(), insertCheckHits()]).to.deep.equal([1, 0]);
    // A column of the frozen list cannot change; the list's own array is a new one.
    (src.columns as Mutable<TableColumn>[])[0]!.type = parseDataType("BIGINT NOT NULL");
    expect(once(insert(sink, src))).to.deep.equal([]);
    expect([insertCheckCount(), insertCheckHits()]).to.deep.equal([1, 1]);
  });

  const sink = (extra: Partial<TableDefinition> = {}) => table("IcebergSink", "out", extra);
  const src = (extra: Partial<TableDefinition> = {}) => table("IcebergSource", "src", extra);
  const cols = (...c: Mutable<TableColumn>[]) => ({ columns: c });
  const upsertSink = (key: string[], upsert = true) => sink({ primaryKey: key, iceberg: { upsert } });
  const changelog = (extra: Partial<TableDefinition> = {}) => table("FlinkTable", "src", { primaryKey: ["id"], changelog: "a 'kafka' table with debezium-json", connector: "kafka", ...extra });
  /** `INSERT INTO ${out} SELECT * FROM ${src} WHERE id IN (SELECT id FROM ${out or src})`: the same two tables in another pattern. */
  const twice = (sinkAgain: boolean): AnalyzedStatement => {
    const [o, r] = [sink(), src()];
    const st = new SqlStatement([text("INSERT INTO "), tab(o), text(" SELECT * FROM "), tab(r), text(" WHERE id IN (SELECT id FROM "), tab(sinkAgain ? o : r), text(")")]);
    return Object.assign({}, analyzeStatement(st, new Diagnostics(), "streaming")!, { index: 0, insertQueries: {} });
  };
  const ctx = (c: Partial<Context>): Context => ({ ...CONTEXT, ...c });
  /**
   * Each input of the key: a clean check (`base`), remembered, then the same with that input changed
   * (`changed`), whose key differs and whose findings are the fresh ones; `finds` when that is a finding
   * (a memo whose key missed the input would answer it clean).
   */
  const variants: [string, () => [AnalyzedStatement, Context], () => [AnalyzedStatement, Context], boolean][] = [
    ["the statement's text", () => [insert(sink(), src()), CONTEXT], () => [insert(sink(), src(), "id, name, name"), CONTEXT], true],
    ["the statement's kind", () => [insert(sink(), src()), CONTEXT], () => [Object.assign(insert(sink(), src()), { kind: "insert-overwrite" as const }), CONTEXT], false],
    [
      "which place a table is written in",
      () => [twice(false), CONTEXT],
      () => [twice(true), CONTEXT],
      false,
    ],
    ["a column's name", () => [insert(sink(), src(), "id, name, amount"), CONTEXT], () => [insert(sink(), src(cols(col("id", "BIGINT NOT NULL"), col("nome", "STRING"), col("amount", "DECIMAL(10, 2)"))), "id, name, amount"), CONTEXT], true],
    ["a column's type", () => [insert(sink(), src()), CONTEXT], () => [insert(sink(), src(cols(col("id", "BIGINT NOT NULL"), col("name", "STRING"), col("amount", "BOOLEAN")))), CONTEXT], true],
    ["a column's nullability", () => [insert(sink(), src()), CONTEXT], () => [insert(sink(), src(cols(col("id", "BIGINT"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)")))), CONTEXT], true],
    ["insertable", () => [insert(sink(), src()), CONTEXT], () => [insert(sink(cols(col("id", "BIGINT NOT NULL"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)", { insertable: false }))), src()), CONTEXT], true],
    [
      "neverNull (a 'datagen' column without null-rate)",
      () => [insert(sink(), src(cols(col("id", "BIGINT", { neverNull: true }), col("name", "STRING"), col("amount", "DECIMAL(10, 2)")))), CONTEXT],
      () => [insert(sink(), src(cols(col("id", "BIGINT"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)")))), CONTEXT],
      true,
    ],
    [
      "a metadata column (the upsert rule's WHERE)",
      () => [insert(upsertSink(["id"]), changelog(cols(col("id", "BIGINT NOT NULL"), col("name", "STRING", { metadata: true }), col("amount", "DECIMAL(10, 2)"))), "*", " WHERE name = 'x'"), CONTEXT],
      () => [insert(upsertSink(["id"]), changelog(cols(col("id", "BIGINT NOT NULL"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)"))), "*", " WHERE name = 'x'"), CONTEXT],
      true,
    ],
    ["a time attribute", () => [insert(sink(), src()), CONTEXT], () => [insert(sink(), src(cols(col("id", "BIGINT NOT NULL"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)", { timeAttribute: "rowtime" })))), CONTEXT], false],
    [
      "an unread column",
      () => [insert(sink(), src(cols(col("id", "BIGINT NOT NULL"), col("name", "STRING"), { name: "amount", insertable: true, unread: true }))), CONTEXT],
      () => [insert(sink(), src(cols(col("id", "BIGINT NOT NULL"), col("name", "STRING"), col("amount", "BOOLEAN")))), CONTEXT],
      true,
    ],
    ["the sink's primary key", () => [insert(upsertSink(["id"]), changelog()), CONTEXT], () => [insert(upsertSink(["id", "name"]), changelog()), CONTEXT], true],
    ["the sink's upsert fact", () => [insert(upsertSink(["id", "name"], false), changelog()), CONTEXT], () => [insert(upsertSink(["id", "name"]), changelog()), CONTEXT], true],
    ["the source's changelog", () => [insert(upsertSink(["id", "name"]), table("FlinkTable", "src", { primaryKey: ["id"] })), CONTEXT], () => [insert(upsertSink(["id", "name"]), changelog()), CONTEXT], true],
    ["the source's primary key", () => [insert(upsertSink(["id", "name"]), changelog({ primaryKey: undefined })), CONTEXT], () => [insert(upsertSink(["id", "name"]), changelog()), CONTEXT], true],
    [
      "the source's connector (an upsert-kafka changelog)",
      () => [insert(upsertSink(["id"]), changelog({ changelog: "an upsert-kafka table" }), "*", " WHERE name = 'x'"), CONTEXT],
      () => [insert(upsertSink(["id"]), changelog({ changelog: "a 'kafka' table" }), "*", " WHERE name = 'x'"), CONTEXT],
      true,
    ],
    ["partition keys", () => [insert(sink({ partitionKeys: ["name"] }), src(), "id, amount", "", " PARTITION (name = 'x')"), CONTEXT], () => [insert(sink(), src(), "id, amount", "", " PARTITION (name = 'x')"), CONTEXT], true],
    ["a failed table's known parts", () => [insert(sink({ failed: true, known: [] }), src(), "id, amount", "", " PARTITION (name = 'x')"), CONTEXT], () => [insert(sink(), src(), "id, amount", "", " PARTITION (name = 'x')"), CONTEXT], true],
    ["the NOT NULL enforcer", () => [insert(sink(), src(cols(col("id", "BIGINT"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)")))), ctx({ enforcer: "DROP" })], () => [insert(sink(), src(cols(col("id", "BIGINT"), col("name", "STRING"), col("amount", "DECIMAL(10, 2)")))), ctx({ enforcer: "ERROR" })], true],
    ["batch", () => [insert(upsertSink(["id", "name"]), changelog()), ctx({ upsert: { batch: true, materialize: undefined } })], () => [insert(upsertSink(["id", "name"]), changelog()), CONTEXT], true],
    ["upsert-materialize", () => [insert(upsertSink(["id", "name"]), changelog()), ctx({ upsert: { batch: false, materialize: "FORCE", materializeAt: "configuration" } })], () => [insert(upsertSink(["id", "name"]), changelog()), CONTEXT], true],
    ["the job's functions", () => [insert(sink(), src(), "id, name, UPPER(name)"), ctx({ functions: new Set(["UPPER"]) })], () => [insert(sink(), src(), "id, name, UPPER(name)"), CONTEXT], true],
    [
      "the flinkVersion",
      () => [insert(sink(cols(col("id", "BIGINT NOT NULL"), col("structured", "STRING"), col("amount", "DECIMAL(10, 2)"))), src(), "id, name, amount", "", " (id, structured, amount)"), ctx({ flinkVersion: "v1_19" })],
      () => [insert(sink(cols(col("id", "BIGINT NOT NULL"), col("structured", "STRING"), col("amount", "DECIMAL(10, 2)"))), src(), "id, name, amount", "", " (id, structured, amount)"), ctx({ flinkVersion: "v2_1" })],
      true,
    ],
  ];
  for (const [what, base, changed, finds] of variants) {
    it(`${what}, changed, misses and gives the fresh result${finds ? " (a finding)" : ""}`, () => {
      const [b, bc] = base();
      expect(once(b, bc)).to.deep.equal([]);
      expect(insertCheckCount()).to.equal(1);
      const [a, c] = changed();
      expect(keyOf(a, c)).to.be.a("string").and.not.equal(keyOf(b, bc));
      const expected = fresh(a, c);
      expect(expected.length > 0).to.equal(finds);
      expect(once(a, c)).to.deep.equal(expected);
      expect(insertCheckHits()).to.equal(0);
    });
  }

  it("the upsert rule's finding (the sink key holds more than the source's) comes out as fresh after a clean check of the same shape", () => {
    const upsertSink = (key: string[]) => table("IcebergSink", "out", { primaryKey: key, iceberg: { upsert: true } });
    const changelog = () => table("FlinkTable", "src", { primaryKey: ["id"], changelog: "a 'kafka' table with debezium-json", connector: "kafka" });
    expect(once(insert(upsertSink(["id"]), changelog()))).to.deep.equal([]);
    const a = insert(upsertSink(["id", "name"]), changelog());
    const expected = fresh(a);
    expect(expected).to.deep.equal([["warning", "statements[0]", "IcebergSink \"out\" upserts by (\"id\", \"name\"), and the statement writes FlinkTable \"src\", a 'kafka' table with debezium-json, keyed by (\"id\"): an update that changes \"name\" leaves the row under its old key, because in upsert mode the sink ignores the retraction that would delete it and Flink adds no materializer when the sink's key contains the source's. If \"name\" can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), set table.exec.sink.upsert-materialize = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key), or key the sink by (\"id\") alone"]]);
    expect(once(a)).to.deep.equal(expected);
  });

  it("a table's name the text holds is in the key: a qualifier that resolves for one name and not another", () => {
    const a = insert(table("IcebergSink", "out"), table("IcebergSource", "src_a"), "src_a.id, name, amount");
    expect(once(a)).to.deep.equal([]);
    const b = insert(table("IcebergSink", "out"), table("IcebergSource", "src_b"), "src_a.id, name, amount");
    expect(keyOf(b)).to.not.equal(keyOf(a));
    const expected = fresh(b);
    expect(expected).to.deep.equal([["error", "statements[0]", "the SELECT list reads src_a.id, but \"src_a\" names no table of the FROM clause; did you mean \"src_b\"? (its qualifier: src_b; an alias hides the table's own name); Flink fails when the job starts (\"Table 'src_a' not found\")"]]);
    expect(once(b)).to.deep.equal(expected);
    // Case does not hide a name: SRC_A in the text holds src_a.
    expect(keyOf(insert(table("IcebergSink", "out"), table("IcebergSource", "src_a"), "SRC_A.id, name, amount"))).to.include("|5:src_a=");
    expect(insertCheckHits()).to.equal(0);
  });

  it("names stay out of the key only when plain; which tables share a name is in it", () => {
    expect(keyOf(insert(table("IcebergSink", "out"), table("IcebergSource", "src")))).to.not.include("3:src");
    expect(keyOf(insert(table("IcebergSink", "out"), table("IcebergSource", "src-1")))).to.include("|5:src-1=");
    const same = keyOf(insert(table("IcebergSink", "dup"), table("IcebergSource", "DUP")));
    expect(same).to.not.equal(keyOf(insert(table("IcebergSink", "dup"), table("IcebergSource", "other"))));
  });

  it("a job with views is checked fresh every time and not remembered", () => {
    const view = analyzeStatement(new SqlStatement([text("CREATE TEMPORARY VIEW v AS SELECT * FROM "), tab(table("IcebergSource", "src"))]), new Diagnostics())!;
    const c = { ...CONTEXT, views: new Map([["v", view]]) };
    expect(once(insert(table("IcebergSink", "out"), table("IcebergSource", "src")), c)).to.deep.equal([]);
    expect(once(insert(table("IcebergSink", "out"), table("IcebergSource", "src")), c)).to.deep.equal([]);
    expect([insertCheckCount(), insertCheckHits()]).to.deep.equal([0, 0]);
  });

  it(`keeps at most ${MAX_CHECKS} checks, then starts over`, () => {
    clearInsertChecks();
    for (let i = 0; i <= MAX_CHECKS; i++) once(insert(table("IcebergSink", "out"), table("IcebergSource", "src"), "*", ` WHERE id > ${i}`));
    expect(insertCheckCount()).to.equal(1);
  });
});
