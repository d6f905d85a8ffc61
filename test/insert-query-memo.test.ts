/**
 * The INSERT query is read once per statement and shared by the statement's checks (insert-query.ts
 * readInsertQuery, AnalyzedStatement.insertQueries, made by planJob for each statement of each job).
 * A reading shared with another statement, or the plain reading given where the reading after a WITH
 * list was asked for (or the other way round), would report another statement's findings: each
 * statement of a job of several must report exactly what it reports in a job of its own, and a
 * memoized reading must be the reading itself, asked in either order.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { readInsertQuery } from "../src/sql/insert-query.js";
import { planJob } from "../src/sql/job-plan.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const srcCols = [
  { name: "user_id", type: "STRING NOT NULL" },
  { name: "amount", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const N = [{ name: "n", type: "BIGINT NOT NULL" }];

describe("the INSERT query read once per statement", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  let n = 0;
  const source = () => new api.FlinkTable(`iqm_src${++n}`, { columns: srcCols, options: { connector: "datagen" } });
  const flinkSink = () => new api.FlinkTable(`iqm_fs${++n}`, { columns: [{ name: "user_id", type: "STRING" }, { name: "amount", type: "BIGINT" }], options: { connector: "blackhole" } });
  const keyedSink = () => new api.IcebergSink(`iqm_out${++n}`, { catalog, database: "db", table: `iqm_out${n}`, columns: N, primaryKey: ["n"], upsertEnabled: true });
  const run = (statements: ReturnType<Api["sql"]>[]) => issuesOrNone(() => new api.FlinkSqlJob(`iqm-job${++n}`, { statements })).map((i) => [i.path, i.message]);

  /** Statements that differ in their queries only, each with its own findings (or none), over tables of their own. */
  const statements = (): ReturnType<Api["sql"]>[] => {
    const t = Array.from({ length: 6 }, () => source());
    return [
      // Quiet.
      api.sql`INSERT INTO ${flinkSink()} SELECT user_id, amount FROM ${t[0]}`,
      // Column count (insert-columns) and a sort on a value column (streaming-sort): two checks reading one query.
      api.sql`INSERT INTO ${flinkSink()} SELECT user_id, amount, ts FROM ${t[1]} ORDER BY amount DESC`,
      // Quiet again, after a statement with findings.
      api.sql`INSERT INTO ${flinkSink()} SELECT user_id, amount FROM ${t[2]} WHERE amount > 0`,
      // The reading after a WITH list (aggregate-sink-keys) differs from the plain one (insert-columns: none).
      api.sql`INSERT INTO ${keyedSink()} WITH c AS (SELECT COUNT(*) AS total FROM ${t[3]}) SELECT * FROM c`,
      // A global aggregate read plainly.
      api.sql`INSERT INTO ${keyedSink()} SELECT COUNT(*) AS n FROM ${t[4]}`,
      // Another sort, by another column.
      api.sql`INSERT INTO ${flinkSink()} SELECT user_id, amount FROM ${t[5]} ORDER BY user_id`,
    ];
  };

  it("each statement of a job reports what it reports in a job of its own", () => {
    const all = statements();
    const alone = all.map((s, i) => run([s]).map(([path, message]) => [path!.replace(/^statements\[0\]/, `statements[${i}]`), message]));
    // The property has teeth: the statements with findings have them, from the checks that share the reading.
    expect(alone.map((issues) => issues.length > 0)).to.deep.equal([false, true, false, true, true, true]);
    expect(alone[1]!.map(([, m]) => m).join("\n")).to.match(/the SELECT list has 3 values/).and.to.match(/ORDER BY amount DESC without LIMIT/);
    expect(alone[3]!.map(([, m]) => m).join("\n")).to.match(/in the WITH query c/);
    expect(alone[5]!.map(([, m]) => m).join("\n")).to.match(/ORDER BY user_id without LIMIT/);
    // The same statements (the same sql`...` objects) in one job, then again in another job.
    for (const k of [1, 2]) expect(run(all), `job ${k}`).to.have.deep.members(alone.flat());
  });

  it("a memoized reading is the reading itself, plain and after a WITH list alike, asked in either order", () => {
    const src = source();
    const sinks = [keyedSink(), keyedSink()];
    const given = [
      api.sql`INSERT INTO ${sinks[0]} WITH c AS (SELECT COUNT(*) AS total FROM ${src}) SELECT * FROM c`,
      api.sql`INSERT INTO ${sinks[1]} SELECT COUNT(*) AS n FROM ${src}`,
    ];
    for (const order of [
      [false, true],
      [true, false],
    ]) {
      const plan = planJob({ statements: given, runtimeMode: "streaming", configuration: {} }, new Diagnostics());
      for (const a of plan.inserts) {
        const fresh = { ...a, insertQueries: undefined };
        for (const afterWith of order) {
          const first = readInsertQuery(a, afterWith);
          const again = readInsertQuery(fresh, afterWith);
          // The WITH list's reader is a closure of its own in each reading: compared by what it reads.
          const comparable = (q: typeof first) => (q === undefined ? q : { ...q, withQuery: q.withQuery?.("c") });
          expect(comparable(first), `statement ${a.index}, afterWith ${afterWith}`).to.deep.equal(comparable(again));
          expect(readInsertQuery(a, afterWith)).to.equal(first);
        }
      }
      // The WITH statement has no plain reading but one after its WITH list; the other has both, the same.
      const [withList, plain] = plan.inserts;
      expect(readInsertQuery(withList!)).to.equal(undefined);
      expect(readInsertQuery(withList!, true)?.items.map((i) => i.text)).to.deep.equal(["*"]);
      expect(readInsertQuery(plain!)?.items.map((i) => i.text)).to.deep.equal(["COUNT(*) AS n"]);
    }
  });
});
