/**
 * An OVER aggregation ordered by a column that is no time attribute in a streaming job
 * (streaming-over-order.ts): flink StreamExecOverAggregate refuses it before Flink 2.1, and a
 * descending or bounded one in every version; a ranking filtered by its number (a Top-N) and a
 * batch job are quiet.
 */
import { expect } from "chai";
import { errorOf, jobWarnings, mockedApi, type Api } from "./api.js";

const k8s = (flinkVersion: "v2_0" | "v2_1") => ({ namespace: "flink", image: "my/flink:2", flinkVersion, upgradeMode: "last-state" as const, checkpointDir: "s3://c/ck", allowNonRestoredState: true });

describe("OVER aggregations ordered by a value column in a streaming job", () => {
  let api: Api;
  let orders: InstanceType<Api["FlinkTable"]>;
  let out: InstanceType<Api["FlinkTable"]>;
  before(async () => {
    api = await mockedApi();
    orders = new api.FlinkTable("so_orders", {
      columns: [
        { name: "id", type: "BIGINT" },
        { name: "user_id", type: "BIGINT" },
        { name: "amount", type: "DOUBLE" },
        { name: "ts", type: "TIMESTAMP(3)" },
      ],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: { connector: "datagen" },
    });
    out = new api.FlinkTable("so_out", { columns: [{ name: "user_id", type: "BIGINT" }, { name: "v", type: "DOUBLE" }], options: { connector: "blackhole" } });
  });

  const lead = (shown: string): string => `${shown} is an OVER aggregation ordered by `;
  const remedy = 'order the window by ts (the event-time attribute of FlinkTable "so_orders"), or run the job in batch mode (runtimeMode "batch")';

  it("a bounded frame, a descending order and (before Flink 2.1) any order by a value column are errors naming the statement; a ROW_NUMBER kept as a column too", () => {
    const bounded = errorOf(
      () => new api.FlinkSqlJob("so-bounded", { statements: [api.sql`INSERT INTO ${out} SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM ${orders}`] }),
    );
    expect(bounded.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `${lead("SUM(...) OVER (... ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)")}id, a column of FlinkTable "so_orders" that is no time attribute, with a bounded frame: Flink fails to plan it in a streaming job ` +
          `("OVER windows' ordering in stream mode must be defined on a time attribute." before Flink 2.1, "Non-time attribute sort is not supported for bounded OVER window." from 2.1, flink StreamExecOverAggregate); ${remedy}`,
      ],
    ]);
    const seq = errorOf(
      () =>
        new api.FlinkSqlJob("so-seq", {
          statements: [api.sql`INSERT INTO ${out} SELECT user_id, CAST(seq AS DOUBLE) FROM (SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS seq FROM ${orders})`],
        }),
    );
    expect(seq.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `${lead("ROW_NUMBER(...) OVER (... ORDER BY amount DESC)")}amount, a column of FlinkTable "so_orders" that is no time attribute, in descending order: Flink fails to plan it in a streaming job ` +
          `("The window can only be ordered in ASCENDING mode.", flink StreamExecOverAggregate); order the window by ts (the event-time attribute of FlinkTable "so_orders"), ` +
          'or filter its number in an outer query (WHERE n <= 3: a Top-N, which Flink plans as a Rank that orders by any column), or run the job in batch mode (runtimeMode "batch")',
      ],
    ]);
    // In a view, the error names the view's statement.
    const old = errorOf(
      () =>
        new api.FlinkSqlJob("so-old", {
          statements: [api.sql`CREATE TEMPORARY VIEW running AS SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY id) AS v FROM ${orders}`, api.sql`INSERT INTO ${out} SELECT user_id, v FROM running`],
          kubernetes: k8s("v2_0"),
        }),
    );
    expect(old.issues.map((i) => [i.path, i.message])).to.deep.equal([
      [
        "statements[0]",
        `${lead("SUM(...) OVER (... ORDER BY id)")}id, a column of FlinkTable "so_orders" that is no time attribute: Flink 2.0 fails to plan it in a streaming job ` +
          `("OVER windows' ordering in stream mode must be defined on a time attribute.", flink StreamExecOverAggregate; Flink 2.1 plans an unbounded one, FLINK-19059); ${remedy}`,
      ],
    ]);
  });

  it("an unbounded order by a value column warns when the version is unknown and is quiet on Flink 2.1", () => {
    const running = api.sql`INSERT INTO ${out} SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY id RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM ${orders}`;
    new api.FlinkSqlJob("so-unknown", { statements: [running] });
    expect(jobWarnings("so-unknown")).to.deep.equal([
      `statements[0]: ${lead("SUM(...) OVER (... ORDER BY id RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)")}id, a column of FlinkTable "so_orders" that is no time attribute: ` +
        `Flink before 2.1 fails to plan it in a streaming job ("OVER windows' ordering in stream mode must be defined on a time attribute.", flink StreamExecOverAggregate; ` +
        `Flink 2.1 plans an unbounded one, FLINK-19059, and its results then update); ${remedy}`,
    ]);
    new api.FlinkSqlJob("so-21", { statements: [running], kubernetes: k8s("v2_1") });
    expect(jobWarnings("so-21")).to.deep.equal([]);
  });

  it("stays quiet for a time-attribute order, a Top-N / deduplication filtered by its number (also through a view), a renamed column and a batch job", () => {
    const bounded = new api.FlinkTable("so_bounded", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "user_id", type: "BIGINT" }, { name: "amount", type: "DOUBLE" }],
      options: { connector: "datagen", "number-of-rows": "10" },
    });
    const jobs: [string, ReturnType<Api["sql"]>[]][] = [
      ["so-time", [api.sql`INSERT INTO ${out} SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY ts ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM ${orders}`]],
      ["so-proc", [api.sql`INSERT INTO ${out} SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY pt) FROM (SELECT *, PROCTIME() AS pt FROM ${orders})`]],
      ["so-topn", [api.sql`INSERT INTO ${out} SELECT user_id, amount FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM ${orders}) WHERE rn <= 3`]],
      [
        "so-topn-view",
        [
          api.sql`CREATE TEMPORARY VIEW ranked AS SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM ${orders}`,
          api.sql`INSERT INTO ${out} SELECT user_id, amount FROM ranked WHERE rn = 1`,
        ],
      ],
      [
        "so-view-list",
        [
          api.sql`CREATE TEMPORARY VIEW r (user_id, amount, rn) AS SELECT user_id, amount, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) FROM ${orders}`,
          api.sql`INSERT INTO ${out} SELECT user_id, amount FROM r WHERE rn <= 3`,
        ],
      ],
      ["so-renamed", [api.sql`INSERT INTO ${out} SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY id) FROM (SELECT user_id, amount, ts AS id FROM ${orders})`]],
    ];
    for (const [name, statements] of jobs) {
      new api.FlinkSqlJob(name, { statements });
      expect(jobWarnings(name), name).to.deep.equal([]);
    }
    new api.FlinkSqlJob("so-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${out} SELECT user_id, SUM(amount) OVER (PARTITION BY user_id ORDER BY id ROWS 2 PRECEDING) FROM ${bounded}`] });
    expect(jobWarnings("so-batch")).to.deep.equal([]);
  });
});
