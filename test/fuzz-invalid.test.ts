/**
 * Issue 8, invalid props at random: one or more wrong values (wrong types, out-of-range and
 * non-integer numbers, NaN, Infinity, -0, unknown keys, bad durations and sizes, empty and huge
 * strings, names with CR/LF or over 256 characters, `__proto__` / `constructor` keys, null and
 * undefined in arrays, objects where strings belong) planted in valid args. Constructing must throw
 * FlinkIcebergValidationError with at least one issue, never another exception, never hang, and
 * leave Object.prototype as it was.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import fc from "fast-check";
import { resetRegistry } from "../src/components/job-registry.js";
import { isValidationError } from "../src/validation/error.js";
import { count, params, runs } from "./fuzz/config.js";



const ownProto = (v: unknown): Record<string, unknown> => JSON.parse(`{"__proto__": ${JSON.stringify(v)}}`);
const HUGE = "x".repeat(1 << 20);
const BAD_NUMBERS = [NaN, Infinity, -Infinity, -0, 0, -1, 1.5, 2 ** 53, Number.MAX_VALUE];
const BAD_ANY = [null, {}, [], true, () => 1, Symbol("s"), 12n, ...BAD_NUMBERS, "", " ", HUGE, "a\nb", "a\rb", { toString: () => "x" }, [null], [undefined]];
const BAD_NAME = ["", " ", "\t", "a\nb", "a\rb", "x".repeat(257), HUGE, 42, null, {}, ["a"]];
const BAD_ICEBERG_NAME = ["", "a\nb", "a\rb", `${HUGE}\n`, 42, null, {}, ["a"]];
const BAD_TYPE = ["", "NOPE", "INT(", "ARRAY<INT", "DECIMAL(39, 0)", "INTERVAL YEAR", "TIMESTAMP(3) WITH TIME ZONE", "RAW('a', 'b')", "CHAR(0)", 42, null, {}];
const BAD_DURATION = ["", "0s", "-1s", "1.5ms", "5 fortnights", "1 µs", "s", "1e3ms", NaN, 30, null, {}];
const BAD_SIZE = ["", "0", "-1MB", "12 parsecs", "1.5", "1e9", ...BAD_NUMBERS.filter((n) => !(Number.isSafeInteger(n) && n >= 1)), null, {}];
const BAD_SNAPSHOT = ["", "0", "-1", "abc", "9223372036854775808", "1.0", 0, -1, 1.5, NaN, Infinity, 2 ** 60, 0n, -1n, 2n ** 63n, {}];
const BAD_MAP = [null, "str", 42, ["a"], { "": "x" }, { k: 42 }, { k: null }, { k: {} }, { "s3.secret-key": "x" }, { password: "p" }, ownProto("x"), { k: undefined }];

type Mutation = readonly [path: readonly string[], values: readonly unknown[]];
const TABLE: Mutation[] = [
  [["catalog"], [null, "lake", 42, [], {}, ownProto({ name: "x" })]],
  [["catalog", "name"], ["", 42, null, {}]],
  [["catalog", "type"], ["glue", " hive", 1, {}]],
  [["catalog", "uri"], ["", " ", "a\nb", 42, {}, null]],
  [["catalog", "properties"], BAD_MAP],
  [["catalog", "unknown"], BAD_ANY.filter((v) => v !== undefined)],
  [["database"], BAD_ICEBERG_NAME],
  [["table"], BAD_ICEBERG_NAME],
  [["tableName"], BAD_NAME],
  [["columns"], [[], "id", null, [null], [undefined], [{}], [{ name: "a" }], [{ name: "a", type: "INT" }, { name: "a", type: "INT" }], [{ name: "a", type: "INT", x: 1 }]]],
  [["columns", "0", "name"], BAD_NAME],
  [["columns", "0", "type"], BAD_TYPE],
  [["primaryKey"], ["id", [null], [undefined], ["nope"], [""], ["id", "id"], [42], {}]],
  [["partitionedBy"], ["id", [null], [undefined], ["nope"], [""], [42], {}]],
  [["formatVersion"], [0, 4, 2.5, NaN, Infinity, -0, "2", null]],
  [["extraOptions"], [...BAD_MAP, { connector: "x" }, { "write.upsert.enabled": "true" }, { "catalog-x": "y" }]],
  [["__proto__"], [{ polluted: true }, "x", 1]],
  [["constructor"], [1, "x", {}, null]],
  [["toString"], [1, "x"]],
  [["unknownArg"], [1, "x", null]],
];
const SOURCE: Mutation[] = [...TABLE, [["streaming"], ["true", 1, null, {}]], [["startSnapshotId"], BAD_SNAPSHOT], [["endSnapshotId"], BAD_SNAPSHOT], [["splitSize"], BAD_SIZE]];
const SINK: Mutation[] = [
  ...TABLE,
  [["writeFormat"], ["csv", "PARQUET ", 1, null]],
  [["commitInterval"], BAD_DURATION],
  [["targetFileSizeBytes"], BAD_SIZE],
  [["upsertEnabled"], ["yes", 1, null]],
  [["compressionCodec"], ["lz4", "gzip", "uncompressed", 1, null]],
];
const GENERIC: Mutation[] = [
  [["options"], [null, "x", {}, { connector: "" }, { connector: 42 }, { connector: "datagen", k: 1 }, { connector: "datagen", password: "p" }, { connector: "datagen", ...ownProto("x") }]],
  [["columns"], [[], null, [null], [{ name: "a" }]]],
  [["columns", "0", "name"], BAD_NAME],
  [["columns", "0", "type"], BAD_TYPE.filter((t) => typeof t !== "string" || !/INTERVAL|RAW|WITH TIME ZONE/.test(t))],
  [["tableName"], BAD_NAME.filter((v) => v !== null)], // null reads as unset here
  [["primaryKey"], [["nope"], ["ts"].map(() => "missing")]],
  [["watermark"], [{ column: "nope", expression: "x" }, { column: "id", expression: "x" }, { column: "ts", expression: "" }, { column: "ts", expression: 42 }]],
];
const JOB: Mutation[] = [
  [["statements"], [null, "x", [42], [null], [undefined], [{}], []]],
  [["runtimeMode"], ["fast", "BATCH", 1, null]],
  [["parallelism"], [...BAD_NUMBERS.filter((n) => !(Number.isSafeInteger(n) && n >= 1)), "2", null, {}]],
  [["configuration"], [...BAD_MAP.filter((m) => m !== null), { "execution.runtime-mode": "batch" }, { a: "b\nc" }, { "execution.checkpointing.interval": "5 fortnights" }]],
  [["kubernetes"], [null, "k8s", 42, {}, { image: "flink:2.1" }, { image: 42, flinkVersion: "v2_1" }, { image: "flink:2.1", flinkVersion: "v3_0" }, { image: "", flinkVersion: "v2_1" }]],
  [["kubernetes", "namespace"], ["Bad_NS", "", 42, "a\nb"]],
  [["kubernetes", "mode"], ["hybrid", 1]],
  [["kubernetes", "env"], [{ A: 42 }, { "": "x" }, { PASSWORD: "p" }]],
  [["sqlGateway"], [{ endpoint: "ftp://x" }, { endpoint: "not a url" }, { endpoint: "http://gw:8083", apiVersion: "v9" }, { endpoint: "http://gw:8083", headers: { "bad header": "x" } }, { endpoint: "http://gw:8083", savepointDir: "/no/scheme" }]],
];

function set(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let o = target;
  for (const k of path.slice(0, -1)) {
    const next = o[k];
    if (typeof next !== "object" || next === null) return;
    const copy = Array.isArray(next) ? [...next] : { ...next };
    Object.defineProperty(o, k, { value: copy, enumerable: true, writable: true, configurable: true });
    o = copy as Record<string, unknown>;
  }
  Object.defineProperty(o, path[path.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}

const arbMutations = (table: Mutation[]) =>
  fc.uniqueArray(
    fc.nat({ max: table.length - 1 }).chain((i) => fc.constantFrom(...table[i]![1]).map((v) => [i, v] as const)),
    { minLength: 1, maxLength: 3, selector: ([i]) => i },
  );

const arbCase = fc.record({
  kind: fc.constantFrom("IcebergSource", "IcebergSink", "FlinkTable", "FlinkSqlJob"),
  source: arbMutations(SOURCE),
  sink: arbMutations(SINK),
  generic: arbMutations(GENERIC),
  job: arbMutations(JOB),
});

describe("fuzz: invalid props throw FlinkIcebergValidationError, nothing else", function () {
  this.timeout(0);
  let api: Api;
  let n = 0;
  const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  before(async () => {
    api = await mockedApi();
  });

  it(`random invalid args of every component (${runs(150, 3)} cases)`, () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        count("invalid: component args");
        resetRegistry();
        const id = ++n;
        const columns = [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];
        const table = { catalog: { name: "lake", type: "hive", uri: "thrift://hms:9083" }, database: "db", table: "t", columns, primaryKey: ["id"] };
        const build = (base: Record<string, unknown>, table2: Mutation[], muts: readonly (readonly [number, unknown])[]) => {
          const args = structuredClone(base);
          for (const [i, v] of muts) set(args, table2[i]![0], v);
          return args;
        };
        const started = Date.now();
        let thrown: unknown;
        try {
          if (c.kind === "IcebergSource") new api.IcebergSource(`fs${id}`, build({ ...table, streaming: true }, SOURCE, c.source) as never);
          else if (c.kind === "IcebergSink") new api.IcebergSink(`fk${id}`, build({ ...table, commitInterval: "30s" }, SINK, c.sink) as never);
          else if (c.kind === "FlinkTable") new api.FlinkTable(`fg${id}`, build({ columns, options: { connector: "datagen" }, watermark: { column: "ts", expression: "`ts`" } }, GENERIC, c.generic) as never);
          else {
            const t = new api.FlinkTable(`fj${id}`, { columns, options: { connector: "datagen" } });
            const args = build({ statements: [], configuration: { "pipeline.name": "x" }, kubernetes: { namespace: "flink", image: "flink:2.1", flinkVersion: "v2_1", mode: "standalone" } }, JOB, c.job);
            if (Array.isArray(args["statements"]) && args["statements"].length === 0) args["statements"] = [api.sql`INSERT INTO ${t} SELECT * FROM ${t}`, 42];
            new api.FlinkSqlJob(`fj${id}`, args as never);
          }
        } catch (e) {
          thrown = e;
        }
        expect(Date.now() - started, "took too long").to.be.below(5000);
        expect(isValidationError(thrown), `${c.kind}: ${thrown instanceof Error ? thrown.stack : String(thrown)}`).to.equal(true);
        expect((thrown as { issues: unknown[] }).issues.length).to.be.greaterThan(0);
        expect(Object.keys(Object.prototype)).to.deep.equal([]);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).to.deep.equal(protoKeys);
        expect(({} as Record<string, unknown>)["polluted"]).to.equal(undefined);
      }),
      params(runs(150, 3)),
    );
  });
});
