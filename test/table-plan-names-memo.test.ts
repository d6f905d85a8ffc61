/**
 * The whole-plan memo of IcebergSource / IcebergSink (src/options/table-plan-memo.ts): tables of
 * equal content but their names share one clean plan and one CREATE TABLE template. A plan got
 * from the memo (after another table primed it) equals, key order and all, the plan planned with
 * empty memos; so do its rendered WITH map and DDL, and every error and warning.
 */
import { expect } from "chai";
import fc from "fast-check";
import { planIcebergTable, planIcebergTableFresh, renderIcebergTable } from "../src/options/iceberg-table.js";
import { tableDdlTemplateHits, tablePlanKey, tablePlanMemoSize } from "../src/options/table-plan-memo.js";
import { DataTypes } from "../src/types/datatypes.js";
import { clearAllMemos } from "../src/validation/bounded-memo.js";
import { FlinkIcebergValidationError } from "../src/validation/error.js";
import { expectValidFlinkSql } from "./sql-validate.js";

type Kind = "IcebergSource" | "IcebergSink";
const catalog = () => ({ name: "lake", type: "rest" as const, uri: "http://rest:8181", warehouse: "s3://b/w", properties: { "s3.path-style-access": "true" } });
const columns = () => [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "day", type: "DATE" },
  { name: "v", type: "DECIMAL(10, 2)", comment: "it's the value" },
];
const sink = (table: string, extra: Record<string, unknown> = {}) => ({ catalog: catalog(), database: "db", table, columns: columns(), primaryKey: ["id"], upsertEnabled: true, commitInterval: "1min", ...extra });
const source = (table: string, extra: Record<string, unknown> = {}) => ({ catalog: catalog(), database: "db", table, columns: columns(), streaming: true, ...extra });

/** Everything planning and rendering gives: the plan (JSON keeps key order), the WITH map, the DDL; or the error's issues. */
function outcome(kind: Kind, name: string, args: unknown, planTable = planIcebergTable): string {
  try {
    const plan = planTable(kind, name, args);
    const r = renderIcebergTable(plan, { uri: plan.uri, warehouse: plan.warehouse });
    return JSON.stringify({ plan, options: r.options, ddl: r.ddl });
  } catch (e) {
    if (!(e instanceof FlinkIcebergValidationError)) throw e;
    return JSON.stringify({ message: e.message, issues: e.issues });
  }
}

/** The outcome without the whole-plan memo (and with the other memos empty). */
function fresh(kind: Kind, name: string, args: () => unknown): string {
  clearAllMemos();
  return outcome(kind, name, args(), planIcebergTableFresh);
}

describe("table plan memo: tables differing only in their names share one clean plan", () => {
  beforeEach(clearAllMemos);

  it("a second table of the same content gets its own names, label and WITH map, and the DDL the renderer writes", () => {
    const a = planIcebergTable("IcebergSink", "events-0-out", sink("events_0"));
    expect(tablePlanMemoSize()).to.equal(1);
    const b = planIcebergTable("IcebergSink", "events-1-out", sink("events_1"));
    expect(tablePlanMemoSize()).to.equal(1);
    expect([b.resourceName, b.label, b.tableName, b.table, b.baseOptions["catalog-table"]]).to.deep.equal(["events-1-out", 'IcebergSink "events-1-out"', "events_1_out", "events_1", "events_1"]);
    expect(a.baseOptions["catalog-table"]).to.equal("events_0");
    expect(b.schema).to.equal(a.schema);
    expect(b.read).to.equal(undefined);
    expect(b.commitInterval).to.equal(a.commitInterval);
    expect(Object.isFrozen(b.commitInterval) && Object.isFrozen(b.primaryKey) && Object.isFrozen(b.partitionSpec)).to.equal(true);
    expect(Object.isFrozen(b.baseOptions) || Object.isFrozen(b)).to.equal(false);
    const hits = tableDdlTemplateHits();
    const ra = renderIcebergTable(a, { uri: a.uri, warehouse: a.warehouse });
    const rb = renderIcebergTable(b, { uri: b.uri, warehouse: b.warehouse });
    // The first rendering is fresh (and checks the template against itself); the second is the template's.
    expect(tableDdlTemplateHits() - hits).to.equal(1);
    // With another uri the template does not apply: a fresh rendering.
    expect(renderIcebergTable(b, { uri: "http://elsewhere:8181", warehouse: b.warehouse }).ddl).to.contain("'uri' = 'http://elsewhere:8181'");
    expect(tableDdlTemplateHits() - hits).to.equal(1);
    expectValidFlinkSql(rb.ddl);
    expect(rb.ddl).to.equal(ra.ddl.replace("`events_0_out`", "`events_1_out`").replace("'catalog-table' = 'events_0'", "'catalog-table' = 'events_1'"));
    expect(rb.ddl.split("\n")).to.deep.equal([
      "CREATE TABLE `events_1_out` (",
      "  `id` BIGINT NOT NULL,",
      "  `day` DATE,",
      "  `v` DECIMAL(10, 2) COMMENT 'it''s the value',",
      "  PRIMARY KEY (`id`) NOT ENFORCED",
      ")",
      "WITH (",
      "  'connector' = 'iceberg',",
      "  'catalog-database' = 'db',",
      "  'catalog-name' = 'lake',",
      "  'catalog-table' = 'events_1',",
      "  'catalog-type' = 'rest',",
      "  'compression-codec' = 'zstd',",
      "  'format-version' = '2',",
      "  's3.path-style-access' = 'true',",
      "  'target-file-size-bytes' = '134217728',",
      "  'upsert-enabled' = 'true',",
      "  'uri' = 'http://rest:8181',",
      "  'warehouse' = 's3://b/w'",
      ");",
    ]);
    expect(outcome("IcebergSink", "events-2-out", sink("events_2"))).to.equal(fresh("IcebergSink", "events-2-out", () => sink("events_2")));
  });

  it("the user's own arrays and objects are never frozen", () => {
    const given: Record<string, unknown> & { primaryKey: string[]; partitionedBy: string[]; columns: object[]; catalog: object } = sink("t", { partitionedBy: ["day"], primaryKey: ["id", "day"] }) as never;
    planIcebergTable("IcebergSink", "a", given);
    planIcebergTable("IcebergSink", "b", sink("u", { partitionedBy: ["day"], primaryKey: ["id", "day"] }));
    expect([Object.isFrozen(given.primaryKey), Object.isFrozen(given.partitionedBy), Object.isFrozen(given.columns), Object.isFrozen(given.columns[0]), Object.isFrozen(given.catalog)]).to.deep.equal([false, false, false, false, false]);
  });

  it("args mutated between two tables, and every arg changed, give the fresh outcome", () => {
    const given = source("s1");
    outcome("IcebergSource", "s1", given);
    given.columns[1]!.type = "TIMESTAMP(3)";
    given.streaming = false;
    expect(outcome("IcebergSource", "s2", given)).to.equal(fresh("IcebergSource", "s2", () => ({ ...source("s1"), columns: [columns()[0], { name: "day", type: "TIMESTAMP(3)" }, columns()[2]], streaming: false })));
    const variants: [Kind, (t: string) => Record<string, unknown>][] = [
      ["IcebergSink", (t) => sink(t, { upsertEnabled: false })],
      ["IcebergSink", (t) => sink(t, { writeFormat: "orc" })],
      ["IcebergSink", (t) => sink(t, { commitInterval: "2min" })],
      ["IcebergSink", (t) => sink(t, { database: "other" })],
      ["IcebergSink", (t) => sink(t, { catalog: { ...catalog(), uri: "http://other:8181" } })],
      ["IcebergSink", (t) => sink(t, { catalog: { ...catalog(), properties: { "s3.path-style-access": "false" } } })],
      ["IcebergSink", (t) => sink(t, { formatVersion: 1 })],
      ["IcebergSink", (t) => sink(t, { partitionedBy: ["id"] })],
      ["IcebergSink", (t) => sink(t, { extraOptions: { "write.target-file-size-bytes": "1024" } })],
      ["IcebergSink", (t) => sink(t, { tableName: "given" })],
      ["IcebergSink", (t) => sink(t, { tableName: undefined })],
      ["IcebergSource", (t) => source(t, { streaming: false })],
      ["IcebergSource", (t) => source(t, { monitorInterval: "30s" })],
      ["IcebergSource", (t) => source(t, { columns: [{ name: "id", type: "BIGINT" }] })],
    ];
    for (const [kind, make] of variants) {
      clearAllMemos();
      outcome(kind, "prime", kind === "IcebergSink" ? sink("p") : source("p"));
      expect(outcome(kind, "x-1", make("x_1")), JSON.stringify(make("x"))).to.equal(fresh(kind, "x-1", () => make("x_1")));
    }
  });

  it("a clean table never hides the next one's errors and warnings (unknown arg, line break, bad type, a warning)", () => {
    planIcebergTable("IcebergSink", "a", sink("a"));
    const cases: [string, Record<string, unknown>][] = [
      ["unknown arg", sink("b", { upsertEnable: true })],
      ["undefined unknown arg", sink("b", { upsertEnable: undefined })],
      ["bad type", sink("b", { columns: [{ name: "id", type: "BIGINT NOT NULL" }, { name: "day", type: "DATE2" }] })],
      ["warning: a TIMESTAMP partition", sink("b", { columns: [...columns(), { name: "ts", type: "TIMESTAMP(3)" }], partitionedBy: ["ts"], primaryKey: ["id", "ts"] })],
    ];
    for (const [what, args] of cases) {
      planIcebergTable("IcebergSink", "a", sink("a"));
      expect(outcome("IcebergSink", "b", args), what).to.equal(fresh("IcebergSink", "b", () => args));
    }
    const warned = () => sink("w", { columns: [...columns(), { name: "ts", type: "TIMESTAMP(3)" }], partitionedBy: ["ts"], primaryKey: ["id", "ts"] });
    const first = planIcebergTable("IcebergSink", "w", warned());
    const second = planIcebergTable("IcebergSink", "w2", warned());
    expect(first.warnings.map((w) => w.path)).to.deep.equal(["partitionedBy[0]"]);
    expect(second.warnings).to.deep.equal(first.warnings);
  });

  it("names that are not plain, an Output, a DataType and hidden props are planned fresh and not remembered", () => {
    const cases: [string, unknown][] = [
      ["table with a dash", sink("my-table")],
      ["table with a space", sink("my table")],
      ["tableName with a quote", sink("t", { tableName: "it's" })],
      ["long derived name", sink("t")],
      ["DataType column", sink("t", { columns: [{ name: "id", type: DataTypes.BIGINT().notNull() }] })],
      ["hidden prop", Object.defineProperty(sink("t"), "streaming", { value: true, enumerable: false })],
      ["class instance", Object.assign(Object.create({ inherited: 1 }) as object, sink("t"))],
    ];
    for (const [what, args] of cases) {
      clearAllMemos();
      const name = what === "long derived name" ? "x".repeat(257) : "r";
      expect(tablePlanKey("IcebergSink", name, args), what).to.equal(undefined);
      const o = outcome("IcebergSink", name, args);
      expect(tablePlanMemoSize(), what).to.equal(0);
      expect(outcome("IcebergSink", name, args), what).to.equal(o);
    }
    // A name with a backtick or quote renders escaped, as the renderer does.
    expect(JSON.parse(outcome("IcebergSink", "r", sink("t", { tableName: "a`b" }))).ddl.split("\n")[0]).to.equal("CREATE TABLE `a``b` (");
  });

  it("the key keeps whether tableName was given, an arg set to undefined and key order; what JSON would blur has no key", () => {
    const key = (args: unknown, name = "r") => tablePlanKey("IcebergSink", name, args)?.key;
    expect(key(sink("a"))).to.be.a("string").and.equal(key(sink("b"), "q"));
    expect(key(sink("a", { tableName: "x" }))).to.equal(key(sink("a", { tableName: "y" })));
    expect(key(sink("a", { tableName: "r" }))).to.not.equal(key(sink("a")));
    expect(key(sink("a", { extraOptions: undefined }))).to.be.a("string").and.not.equal(key(sink("a")));
    const { catalog: c, ...rest } = sink("a");
    expect(key({ ...rest, catalog: c })).to.be.a("string").and.not.equal(key(sink("a")));
    // JSON writes -0 as 0, a hole and NaN as null, and drops a nested undefined: no key, planned fresh.
    // eslint-disable-next-line no-sparse-arrays
    const blurred = [sink("a", { formatVersion: -0 }), sink("a", { partitionedBy: [, "day"] }), sink("a", { formatVersion: NaN }), sink("a", { catalog: { ...catalog(), warehouse: undefined } })];
    for (const args of blurred) expect(key(args), JSON.stringify(args)).to.equal(undefined);
    expect(outcome("IcebergSink", "r", blurred[0])).to.equal(fresh("IcebergSink", "r", () => sink("a", { formatVersion: -0 })));
  });

  it("property: after any table primed the memo, a table's outcome equals the outcome with empty memos", () => {
    const names = fc.constantFrom("a", "b_1", "Orders", "9lives");
    const resource = fc.constantFrom("r", "r-2", "events.out");
    const extra = fc.record(
      {
        upsertEnabled: fc.boolean(),
        writeFormat: fc.constantFrom("parquet", "orc", "avro"),
        partitionedBy: fc.constantFrom(["day"], ["id"], ["v"], []),
        primaryKey: fc.constantFrom(["id"], ["id", "day"], ["day"]),
        tableName: fc.constantFrom("t", "x_y"),
        streaming: fc.boolean(),
        formatVersion: fc.constantFrom(1, 2, 3),
        commitInterval: fc.constantFrom("1min", "10 s", "5"),
        extraOptions: fc.constantFrom({}, { branch: "audit" }, { "write.upsert.enabled": "false" }),
      },
      { requiredKeys: [] },
    );
    const table = fc.record({ kind: fc.constantFrom<Kind>("IcebergSource", "IcebergSink"), name: names, resource, extra });
    fc.assert(
      fc.property(fc.array(table, { minLength: 1, maxLength: 4 }), (tables) => {
        const make = (t: (typeof tables)[number]) => () => (t.kind === "IcebergSink" ? sink(t.name, t.extra) : source(t.name, t.extra));
        const last = tables[tables.length - 1]!;
        const expected = fresh(last.kind, last.resource, make(last));
        clearAllMemos();
        for (const t of tables.slice(0, -1)) outcome(t.kind, t.resource, make(t)());
        const got = outcome(last.kind, last.resource, make(last)());
        expect(got).to.equal(expected);
        // And once more with this very table primed under another name.
        outcome(last.kind, "other", make({ ...last, name: last.name === "a" ? "b_1" : "a" })());
        expect(outcome(last.kind, last.resource, make(last)())).to.equal(expected);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
  });
});
