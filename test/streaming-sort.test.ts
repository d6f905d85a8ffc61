/**
 * FlinkSqlJob: an ORDER BY without LIMIT at the top of a streaming INSERT (src/sql/streaming-sort.ts):
 * Flink sorts a stream only by a time attribute, ascending, first (flink
 * StreamPhysicalTemporalSortRule), else "Sort on a non-time-attribute field is not supported."
 * (flink StreamExecSort).
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: a streaming ORDER BY without LIMIT", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const FAILS =
    'Flink sorts a stream only when the first key is a time attribute in ascending order (flink StreamPhysicalTemporalSortRule) and rejects the statement when it plans the job ("Sort on a non-time-attribute field is not supported."); ' +
    "drop the ORDER BY (a streaming sink keeps no row order), ";
  const orders = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "order_id", type: "BIGINT" }, { name: "amount", type: "DECIMAL(10, 2)" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "pt", expression: "PROCTIME()" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: { connector: "datagen" },
    });
  const plain = (name: string) => new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "amount", type: "DECIMAL(10, 2)" }], options: { connector: "datagen" } });
  const sink = (name: string) => new api.FlinkTable(name, { columns: [{ name: "order_id", type: "BIGINT" }, { name: "amount", type: "DECIMAL(10, 2)" }], options: { connector: "blackhole" } });
  const job = (name: string, statements: unknown[], extra: Record<string, unknown> = {}) => issuesOrNone(() => new api.FlinkSqlJob(name, { statements: statements as never, ...extra }));

  it("ORDER BY amount DESC: an error at the statement with the rowtime-first rewrite", () => {
    const o = orders("ss-orders1");
    const s = sink("ss-out1");
    expect(job("ss-1", [api.sql`INSERT INTO ${s} SELECT order_id, amount FROM ${o} ORDER BY amount DESC`])).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `ORDER BY amount DESC without LIMIT in a streaming job sorts first by amount, in descending order: ${FAILS}` +
          'or sort by time first: ORDER BY ts, amount DESC (ts is the event-time attribute of FlinkTable "ss-orders1")',
      },
    ]);
  });

  it("a value column ascending (directly, by alias, by ordinal), and the rowtime descending: errors; without a time attribute the remedy is general", () => {
    const o = orders("ss-orders2");
    const p = plain("ss-plain2");
    const s = [1, 2, 3, 4, 5].map((k) => sink(`ss-out2-${k}`));
    const got = job("ss-2", [
      api.sql`INSERT INTO ${s[0]} SELECT order_id, amount FROM ${o} ORDER BY amount, ts`,
      api.sql`INSERT INTO ${s[1]} SELECT order_id, amount AS a FROM ${o} AS x ORDER BY a NULLS LAST`,
      api.sql`INSERT INTO ${s[2]} SELECT order_id, amount FROM ${o} ORDER BY 2 ASC`,
      api.sql`INSERT INTO ${s[3]} SELECT order_id, amount FROM ${o} WHERE amount > 0 ORDER BY ts DESC`,
      api.sql`INSERT INTO ${s[4]} SELECT order_id, amount FROM ${p} ORDER BY ${p}.order_id`,
    ]);
    expect(got).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `ORDER BY amount, ts without LIMIT in a streaming job sorts first by amount, a plain DECIMAL(10, 2) column of FlinkTable "ss-orders2", no time attribute: ${FAILS}` +
          'or sort by time first: ORDER BY ts, amount (ts is the event-time attribute of FlinkTable "ss-orders2")',
      },
      {
        path: "statements[1]",
        message:
          `ORDER BY a NULLS LAST without LIMIT in a streaming job sorts first by a, a plain DECIMAL(10, 2) column of FlinkTable "ss-orders2", no time attribute: ${FAILS}` +
          'or sort by time first: ORDER BY ts, a NULLS LAST (ts is the event-time attribute of FlinkTable "ss-orders2")',
      },
      {
        path: "statements[2]",
        message:
          `ORDER BY 2 ASC without LIMIT in a streaming job sorts first by 2, a plain DECIMAL(10, 2) column of FlinkTable "ss-orders2", no time attribute: ${FAILS}` +
          'or sort by time first: ORDER BY ts, 2 ASC (ts is the event-time attribute of FlinkTable "ss-orders2")',
      },
      {
        path: "statements[3]",
        message:
          `ORDER BY ts DESC without LIMIT in a streaming job sorts first by ts, in descending order: ${FAILS}` +
          'or sort by time first: ORDER BY ts (ts is the event-time attribute of FlinkTable "ss-orders2")',
      },
      {
        path: "statements[4]",
        message:
          `ORDER BY ss_plain2.order_id without LIMIT in a streaming job sorts first by ss_plain2.order_id, a plain BIGINT column of FlinkTable "ss-plain2", no time attribute: ${FAILS}` +
          "or start it with a time attribute in ascending order (a table's watermark column, or a PROCTIME() column)",
      },
    ]);
  });

  it("quiet: the rowtime or a PROCTIME() column ascending first, ORDER BY with LIMIT / FETCH, ORDER BY inside OVER or a subquery, a batch job, text in a literal or comment", () => {
    const o = orders("ss-orders3");
    const s = [1, 2, 3, 4, 5, 6, 7].map((k) => sink(`ss-out3-${k}`));
    expect(
      job("ss-3", [
        api.sql`INSERT INTO ${s[0]} SELECT order_id, amount FROM ${o} ORDER BY ts, amount DESC`,
        api.sql`INSERT INTO ${s[1]} SELECT order_id, amount FROM ${o} ORDER BY pt ASC`,
        api.sql`INSERT INTO ${s[2]} SELECT order_id, amount FROM ${o} ORDER BY amount DESC LIMIT 10`,
        api.sql`INSERT INTO ${s[3]} SELECT order_id, amount FROM ${o} ORDER BY amount DESC FETCH FIRST 3 ROWS ONLY`,
        api.sql`INSERT INTO ${s[4]} SELECT order_id, SUM(amount) OVER (PARTITION BY order_id ORDER BY ts) FROM ${o}`,
        api.sql`INSERT INTO ${s[5]} SELECT order_id, amount FROM (SELECT * FROM ${o} ORDER BY amount DESC)`,
        api.sql`INSERT INTO ${s[6]} SELECT order_id, amount /* ORDER BY amount DESC */ FROM ${o} WHERE 'ORDER BY amount DESC' <> ''`,
      ]),
    ).to.deep.equal([]);
    const b = new api.FlinkTable("ss-plain3", { columns: [{ name: "order_id", type: "BIGINT" }, { name: "amount", type: "DECIMAL(10, 2)" }], options: { connector: "datagen", "number-of-rows": "10" } });
    const bs = sink("ss-out3-b");
    expect(job("ss-3b", [api.sql`INSERT INTO ${bs} SELECT order_id, amount FROM ${b} ORDER BY amount DESC`], { runtimeMode: "batch" })).to.deep.equal([]);
  });
});
