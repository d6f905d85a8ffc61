/**
 * The NOT NULL rule's WHERE analysis (insert-query.ts nullRejectedColumns, where-not-null.ts for `e IS NOT NULL`) must be sound: when it
 * stays quiet about a nullable key going into a NOT NULL column, no row whose key is NULL can pass
 * the WHERE. Random WHERE clauses over a small grammar are evaluated in SQL's three-valued logic with
 * the key NULL and the other column every value of a small domain (the oracle); quiet ⇒ rejected.
 */
import { expect } from "chai";
import fc from "fast-check";
import { jobWarnings, mockedApi, type Api } from "./api.js";
import { count, params, runs } from "./fuzz/config.js";

/** SQL's three-valued logic: true, false, or null (UNKNOWN). */
type TV = boolean | null;
const and = (a: TV, b: TV): TV => (a === false || b === false ? false : a === null || b === null ? null : true);
const or = (a: TV, b: TV): TV => (a === true || b === true ? true : a === null || b === null ? null : false);
const not = (a: TV): TV => (a === null ? null : !a);

/** A condition: its SQL text and its value when `id` is NULL and `v` is the given value. */
interface Cond {
  readonly sql: string;
  readonly eval: (v: string | null) => TV;
}

const ATOMS: readonly Cond[] = [
  { sql: "id > 0", eval: () => null },
  { sql: "s.id = 5", eval: () => null },
  { sql: "id BETWEEN 1 AND 3", eval: () => null },
  { sql: "id IN (1, 2)", eval: () => null },
  { sql: "id IS NOT NULL", eval: () => false },
  { sql: "NOT id IS NULL", eval: () => false },
  { sql: "id IS NULL", eval: () => true },
  { sql: "COALESCE(id, 5) > 1", eval: () => true },
  { sql: "CASE WHEN id IS NULL THEN TRUE ELSE FALSE END", eval: () => true },
  { sql: "v = 'x'", eval: (v) => (v === null ? null : v === "x") },
  { sql: "v LIKE 'a%'", eval: (v) => (v === null ? null : v.startsWith("a")) },
  { sql: "v IS NULL", eval: (v) => v === null },
  // An expression tested (where-conditions.ts notNullTested): NULL where id is, or not.
  { sql: "CAST(id AS STRING) IS NOT NULL", eval: () => false },
  { sql: "NOT (id + 1) IS NULL", eval: () => false },
  { sql: "NOT(CONCAT(v, CAST(id AS STRING)) IS NULL)", eval: () => false },
  { sql: "COALESCE(id, 5) IS NOT NULL", eval: () => true },
  { sql: "IF(v IS NULL, id, 1) IS NOT NULL", eval: (v) => v !== null },
  { sql: "(id IS NULL) IS NOT NULL", eval: () => true },
  { sql: "NOT CAST(id AS STRING) IS NOT NULL", eval: () => true },
  { sql: "UPPER(v) IS NOT NULL", eval: (v) => v !== null },
  { sql: "v <> 'id IS NOT NULL'", eval: (v) => (v === null ? null : v !== "id IS NOT NULL") },
];

const arbCond: fc.Arbitrary<Cond> = fc.letrec<{ cond: Cond }>((tie) => ({
  cond: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...ATOMS),
    fc.tuple(tie("cond"), tie("cond")).map(([a, b]): Cond => ({ sql: `${a.sql} AND ${b.sql}`, eval: (v) => and(a.eval(v), b.eval(v)) })),
    fc.tuple(tie("cond"), tie("cond")).map(([a, b]): Cond => ({ sql: `${a.sql} OR ${b.sql}`, eval: (v) => or(a.eval(v), b.eval(v)) })),
    tie("cond").map((a): Cond => ({ sql: `(${a.sql})`, eval: a.eval })),
    tie("cond").map((a): Cond => ({ sql: `NOT (${a.sql})`, eval: (v) => not(a.eval(v)) })),
  ),
})).cond;

/** Whether no row with a NULL id passes `WHERE c`, whatever v is. */
function rejectsNullId(c: Cond): boolean {
  return ["x", "a", "id IS NOT NULL", null].every((v) => c.eval(v) !== true);
}

describe("fuzz: the NOT NULL rule's WHERE analysis is sound", function () {
  this.timeout(0);
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("quiet about a nullable key only when the WHERE lets no NULL key through", () => {
    const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
    const cols = [
      { name: "id", type: "BIGINT" },
      { name: "v", type: "STRING" },
    ];
    const src = new api.IcebergSource("fw_src", { catalog, database: "db", table: "fw_src", columns: cols, streaming: true });
    let n = 0;
    fc.assert(
      fc.property(arbCond, (c) => {
        count("where-nulls");
        const name = `fw-${n++}`;
        const out = new api.IcebergSink(name.replace("-", "_"), { catalog, database: "db", table: name.replace("-", "_"), columns: cols, primaryKey: ["id"], upsertEnabled: true });
        new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${out} SELECT id, v FROM ${src} s WHERE ${c.sql}`] });
        const warned = jobWarnings(name).some((w) => w.includes("may be NULL"));
        if (!warned) expect(rejectsNullId(c), `quiet, but NULL ids pass: WHERE ${c.sql}`).to.equal(true);
      }),
      params(runs(150)),
    );
  });
});
