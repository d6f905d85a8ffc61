/**
 * The content-keyed memos of an Iceberg table's plan (planIcebergTable): the column conversion
 * (src/options/table-columns.ts), the parsed catalog's plan and identity (catalog-plan-memo.ts), the
 * free-form map and sink write-map checks found clean (clean-map-checks.ts), the duration texts
 * (duration-millis.ts) and the CREATE TABLE columns of a shared column list (iceberg-table.ts).
 * Equal content from other objects hits; a mutated object and every input a key covers miss and
 * give the fresh result; a check with problems is never cached, so it says the same every time.
 */
import { expect } from "chai";
import { convertColumns } from "../src/iceberg/schema.js";
import { checkLocationValue, planCatalog, type IcebergCatalog } from "../src/options/catalog.js";
import { catalogKeyOf } from "../src/options/catalog-identity.js";
import { planParsedCatalog } from "../src/options/catalog-plan-memo.js";
import { checkFreeFormMapOnce, checkSinkWriteMaps } from "../src/options/clean-map-checks.js";
import { checkCompressionOptions } from "../src/options/compression-options.js";
import { checkCompressionTableProperties } from "../src/options/compression-table-properties.js";
import { durationMillis } from "../src/options/duration-millis.js";
import { checkFreeFormMap, type FreeFormContext } from "../src/options/extra-options.js";
import { planIcebergTable, renderIcebergTable } from "../src/options/iceberg-table.js";
import { convertTableColumns } from "../src/options/table-columns.js";
import { checkWriteOptionConflicts } from "../src/options/write-option-conflicts.js";
import type { WithMap } from "../src/options/write-option-precedence.js";
import { clearAllMemos } from "../src/validation/bounded-memo.js";
import { Diagnostics } from "../src/validation/diagnostics.js";
import { hive, planError } from "./iceberg-table-helpers.js";

const columns = () => [
  { name: "id", type: "BIGINT NOT NULL" },
  { name: "v", type: "DECIMAL(10, 2)", comment: "value" },
];
const args = (extra: Record<string, unknown> = {}) => ({ catalog: { ...hive }, database: "db", table: "t", columns: columns(), ...extra });
const issues = (d: Diagnostics) => ({ errors: d.errors.map((i) => [i.path, i.message]), warnings: d.warnings.map((i) => [i.path, i.message]) });

describe("table plan memos: keyed by content, clean results only", () => {
  // Every test starts from empty memos, whatever ran before it in this process.
  beforeEach(clearAllMemos);

  it("columns: equal lists from other objects share one frozen conversion; each keyed input, changed, gives the fresh one", () => {
    const a = planIcebergTable("IcebergSink", "a", args({ primaryKey: ["id"] }));
    const b = planIcebergTable("IcebergSink", "b", args({ primaryKey: ["id"] }));
    expect(b.schema).to.equal(a.schema);
    expect(b.columns).to.equal(a.columns);
    expect(Object.isFrozen(a.schema) && Object.isFrozen(a.schema.fields) && Object.isFrozen(a.schema.fields[1]) && Object.isFrozen(a.columns[0])).to.equal(true);
    expect(a.schema).to.deep.equal({
      type: "struct",
      "schema-id": 0,
      "identifier-field-ids": [1],
      fields: [
        { id: 1, name: "id", required: true, type: "long" },
        { id: 2, name: "v", required: false, type: "decimal(10, 2)", doc: "value" },
      ],
    });
    const fresh = (cols: unknown, pk: string[] | undefined, v: number) => convertColumns(cols as never, { primaryKey: pk, formatVersion: v }, new Diagnostics())!.schema;
    const changed: [Record<string, unknown>, unknown[], string[] | undefined, number][] = [
      [{}, [{ name: "id2", type: "BIGINT NOT NULL" }, columns()[1]], undefined, 2],
      [{}, [{ name: "id", type: "INT" }, columns()[1]], undefined, 2],
      [{}, [columns()[0], { name: "v", type: "DECIMAL(10, 2)", comment: "other" }], undefined, 2],
      [{}, [columns()[0], { name: "v", type: "DECIMAL(10, 2)" }], undefined, 2],
      [{ primaryKey: ["v"] }, columns(), ["v"], 2],
      [{ formatVersion: 3 }, [{ name: "id", type: "BIGINT NOT NULL" }, { name: "ts", type: "TIMESTAMP(9)" }], undefined, 3],
      [{ formatVersion: 1 }, columns(), undefined, 1],
    ];
    for (const [extra, cols, pk, v] of changed) {
      const plan = planIcebergTable("IcebergSink", "c", args({ ...extra, columns: cols }));
      expect(plan.schema, JSON.stringify(cols)).to.deep.equal(fresh(cols, pk, v));
    }
    const ns = () => [{ name: "ts", type: "TIMESTAMP(9)" }];
    expect(planIcebergTable("IcebergSink", "d", args({ formatVersion: 3, columns: ns() })).schema.fields[0]!.type).to.equal("timestamp_ns");
    // The same columns on format v2: the fresh error, not the v3 conversion.
    expect(planError("IcebergSink", args({ formatVersion: 2, columns: ns() })).issues.map((i) => i.path)).to.deep.equal(["columns[0].type"]);
  });

  it("columns: a column mutated in the same args object gives the fresh conversion", () => {
    const given = args();
    const before = planIcebergTable("IcebergSource", "m", given);
    expect(before.schema.fields[1]!.type).to.equal("decimal(10, 2)");
    given.columns[1]!.type = "STRING";
    const after = planIcebergTable("IcebergSource", "m", given);
    expect(after.schema.fields.map((f) => [f.name, f.type])).to.deep.equal([["id", "long"], ["v", "string"]]);
    expect(renderIcebergTable(after, { uri: after.uri }).ddl.split("\n").slice(1, 3)).to.deep.equal(["  `id` BIGINT NOT NULL,", "  `v` STRING COMMENT 'value'"]);
    expect(renderIcebergTable(before, { uri: before.uri }).ddl.split("\n").slice(1, 3)).to.deep.equal(["  `id` BIGINT NOT NULL,", "  `v` DECIMAL(10, 2) COMMENT 'value'"]);
  });

  it("columns: a warning or an error is never cached, and says the same on every run", () => {
    const twins = [{ name: "Id", type: "INT" }, { name: "id", type: "INT" }];
    const run = () => {
      const d = new Diagnostics();
      const r = convertTableColumns(twins.map((c) => ({ ...c })), undefined, 2, d);
      return { r: r?.schema.fields.length, ...issues(d) };
    };
    const first = run();
    expect(first.warnings).to.have.length(1);
    expect(first.warnings[0]![0]).to.equal("columns[1].name");
    expect(run()).to.deep.equal(first);
    const dup = () => planError("IcebergSource", args({ columns: [{ name: "a", type: "INT" }, { name: "a", type: "INT" }] })).issues;
    expect(dup()).to.deep.equal([{ path: "columns[1].name", message: "a: duplicate column name (also columns[0]); column names must be unique" }]);
    expect(dup()).to.deep.equal(dup());
  });

  it("columns: a DataTypes value, a class instance or another key is converted fresh, not cached", () => {
    class Col {
      constructor(readonly name: string, readonly type: string) {}
    }
    const d1 = new Diagnostics();
    const a = convertTableColumns([new Col("id", "INT")], undefined, 2, d1);
    const b = convertTableColumns([new Col("id", "INT")], undefined, 2, d1);
    expect(a).to.not.equal(b);
    expect(a!.schema).to.deep.equal(b!.schema);
    expect(Object.isFrozen(a!.schema)).to.equal(false);
  });

  it("catalog: equal catalogs share a frozen plan and identity; a changed field or extraOptions gives the fresh one", () => {
    const c = (over: Partial<IcebergCatalog> = {}): IcebergCatalog => ({ name: "lake", type: "rest", uri: "http://cat:8181", warehouse: "s3://w", properties: { prefix: "p" }, ...over });
    const d = new Diagnostics();
    const a = planParsedCatalog(c(), d);
    const b = planParsedCatalog(c(), d);
    expect(b).to.equal(a);
    expect(Object.isFrozen(a.plan!.options)).to.equal(true);
    expect(a.plan).to.deep.equal({ options: { "catalog-name": "lake", "catalog-type": "rest" }, type: "rest", impl: undefined });
    expect(a.identity).to.equal('["rest","http://cat:8181","s3://w","p"]');
    for (const over of [{ name: "other" }, { uri: "http://cat2:8181" }, { warehouse: "s3://v" }, { properties: { prefix: "q" } }, { type: "hive" as const, uri: "thrift://hms:9083" }]) {
      const fresh = planCatalog(c(over), new Diagnostics())!;
      const got = planParsedCatalog(c(over), d);
      expect(got.plan, JSON.stringify(over)).to.deep.equal(fresh);
      expect(got.identity, JSON.stringify(over)).to.equal(catalogKeyOf(c(over), fresh));
    }
    expect(d.errors).to.deep.equal([]);
    const shared = { ...hive };
    const p1 = planIcebergTable("IcebergSource", "s1", { ...args(), catalog: shared });
    shared.uri = "thrift://other:9083";
    const p2 = planIcebergTable("IcebergSource", "s2", { ...args(), catalog: shared });
    expect([p1.catalogKey, p2.catalogKey]).to.deep.equal(['["hive","thrift://metastore:9083"]', '["hive","thrift://other:9083"]']);
    expect(renderIcebergTable(p2, { uri: p2.uri }).options["uri"]).to.equal("thrift://other:9083");
    // extraOptions reach the catalog: a REST catalog's prefix there names another catalog of the service.
    const rest = { name: "lake", type: "rest" as const, uri: "http://cat:8181", warehouse: "wh" };
    const plain = planIcebergTable("IcebergSource", "s3", { ...args(), catalog: { ...rest } });
    const prefixed = planIcebergTable("IcebergSource", "s4", { ...args(), catalog: { ...rest }, extraOptions: { prefix: "ws/b" } });
    expect([plain.catalogKey, prefixed.catalogKey]).to.deep.equal(['["rest","http://cat:8181","wh",null]', '["rest","http://cat:8181","wh","ws/b"]']);
  });

  it("catalog: a problem is never cached, and is reported the same on every run", () => {
    const bad = (): IcebergCatalog => ({ name: "lake", type: "rest", uri: "cat:8181" });
    const run = () => {
      const d = new Diagnostics();
      const r = planParsedCatalog(bad(), d);
      return { identity: r.identity, ...issues(d) };
    };
    const first = run();
    expect(first).to.deep.equal({ identity: undefined, errors: [["catalog.uri", checkLocationValue("uri", "cat:8181", bad())]], warnings: [] });
    expect(run()).to.deep.equal(first);
  });

  it("free-form maps: the kind and the read are part of the key; a warning says the same every time", () => {
    const ctx = (over: Partial<FreeFormContext>): FreeFormContext => ({ kind: "IcebergSource", streamingRead: true, pinnedBySnapshotIds: false, ...over });
    const run = (map: Record<string, string>, c: FreeFormContext) => {
      const d = new Diagnostics();
      checkFreeFormMapOnce("extraOptions", map, c, d);
      return issues(d);
    };
    const fresh = (map: Record<string, string>, c: FreeFormContext) => {
      const d = new Diagnostics();
      checkFreeFormMap("extraOptions", map, c, d);
      return issues(d);
    };
    const clean = { errors: [], warnings: [] };
    const write = { "write-parallelism": "2" };
    expect(run({ ...write }, ctx({ kind: "IcebergSink" }))).to.deep.equal(clean);
    expect(run({ ...write }, ctx({ kind: "IcebergSink" }))).to.deep.equal(clean);
    const source = run({ ...write }, ctx({}));
    expect(source.warnings.map((w) => w[0])).to.deep.equal(['extraOptions["write-parallelism"]']);
    expect(source).to.deep.equal(fresh(write, ctx({})));
    expect(run({ ...write }, ctx({}))).to.deep.equal(source);
    const monitor = { "monitor-interval": "10s" };
    expect(run({ ...monitor }, ctx({}))).to.deep.equal(clean);
    const bounded = run({ ...monitor }, ctx({ streamingRead: false }));
    expect(bounded).to.deep.equal(fresh(monitor, ctx({ streamingRead: false })));
    expect(bounded.warnings).to.have.length(1);
    // The same map object, mutated: checked afresh.
    const map: Record<string, string> = { "monitor-interval": "10s" };
    expect(run(map, ctx({}))).to.deep.equal(clean);
    map["write-parallelism"] = "2";
    expect(run(map, ctx({}))).to.deep.equal(fresh(map, ctx({})));
    expect(run(map, ctx({})).warnings.map((w) => w[0])).to.deep.equal(['extraOptions["write-parallelism"]']);
  });

  it("sink write maps: the write format is part of the key; a warning says the same every time", () => {
    const maps = (level: string): WithMap[] => [{ arg: "catalog.properties", map: {} }, { arg: "extraOptions", map: { "compression-level": level } }];
    const ctx = (writeFormat: "orc" | "parquet") => ({ writeFormat, codec: "zstd" as const, writesDeletes: false });
    const run = (level: string, f: "orc" | "parquet") => {
      const d = new Diagnostics();
      checkSinkWriteMaps(maps(level), ctx(f), d);
      return issues(d);
    };
    const fresh = (level: string, f: "orc" | "parquet") => {
      const d = new Diagnostics();
      checkCompressionOptions(maps(level), f, "zstd", d);
      checkCompressionTableProperties(maps(level), ctx(f), d);
      checkWriteOptionConflicts(maps(level), d);
      return issues(d);
    };
    expect(run("9", "parquet")).to.deep.equal({ errors: [], warnings: [] });
    expect(run("9", "parquet")).to.deep.equal({ errors: [], warnings: [] });
    const orc = run("9", "orc");
    expect(orc.warnings.map((w) => w[0])).to.deep.equal(['extraOptions["compression-level"]']);
    expect(orc).to.deep.equal(fresh("9", "orc"));
    expect(run("9", "orc")).to.deep.equal(orc);
    const clamped = run("23", "parquet");
    expect(clamped.warnings.map((w) => w[0])).to.deep.equal(['extraOptions["compression-level"]']);
    expect(clamped).to.deep.equal(fresh("23", "parquet"));
  });

  it("durations: a text reads once to its milliseconds; a bad one throws the same every time", () => {
    expect(durationMillis("1min")).to.equal(60000);
    expect(durationMillis("1min")).to.equal(60000);
    expect(durationMillis("90 s")).to.equal(90000);
    const bad = () => planError("IcebergSink", args({ commitInterval: "0s" })).issues;
    const message =
      '"0s" is not a valid Flink duration: it is zero; the interval must be positive; write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min or m, s, ms, µs or us, ns and their long forms)';
    expect(bad()).to.deep.equal([{ path: "commitInterval", message }]);
    expect(bad()).to.deep.equal([{ path: "commitInterval", message }]);
    expect(() => durationMillis("0s")).to.throw(message);
    expect(planIcebergTable("IcebergSink", "k", args({ commitInterval: "2min" })).commitInterval).to.deep.equal({ millis: 120000, text: "2min" });
  });

  it("CREATE TABLE columns of a shared column list render alike for every table", () => {
    const a = planIcebergTable("IcebergSource", "r1", args());
    const b = planIcebergTable("IcebergSource", "r2", args({ table: "u" }));
    expect(b.columns).to.equal(a.columns);
    const ddl = (p: typeof a) => renderIcebergTable(p, { uri: p.uri }).ddl.split("\n").slice(0, 4);
    expect(ddl(a)).to.deep.equal(["CREATE TABLE `r1` (", "  `id` BIGINT NOT NULL,", "  `v` DECIMAL(10, 2) COMMENT 'value'", ")"]);
    expect(ddl(b)).to.deep.equal(["CREATE TABLE `r2` (", "  `id` BIGINT NOT NULL,", "  `v` DECIMAL(10, 2) COMMENT 'value'", ")"]);
    expect(ddl(a)).to.deep.equal(ddl(a));
  });
});
