/**
 * A changelog into an operator that takes inserts only (src/sql/insert-only-operators.ts): an
 * interval join or an OVER aggregation ordered by a time attribute over a CDC or upsert-kafka table
 * fails when Flink plans a streaming job (FlinkChangelogModeInferenceProgram:
 * StreamPhysicalIntervalJoin, StreamPhysicalOverAggregate ask for inserts only, Flink 1.19 to 2.1).
 * Append-only inputs (json, an Iceberg source), a regular join, a temporal join over the changelog
 * as its versioned side, a GROUP BY, a condition that bounds nothing for sure and batch jobs stay quiet.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

const KAFKA = { connector: "kafka", topic: "t", "properties.bootstrap.servers": "kafka:9092", "properties.group.id": "g", "scan.startup.mode": "earliest-offset" };
const ORDER_COLUMNS = [
  { name: "order_id", type: "BIGINT" },
  { name: "customer_id", type: "BIGINT" },
  { name: "amount", type: "DECIMAL(12,2)" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const WATERMARK = { column: "ts", expression: "ts - INTERVAL '5' SECOND" };
const PLANNER = (node: string): string => `Flink rejects the job when it plans it ("${node} doesn't support consuming update and delete changes ...")`;
const DEBEZIUM = `FlinkTable "io_orders", a 'debezium-json' table (a changelog of inserts, updates and deletes)`;
const APPEND = "or read an append-only stream of the rows (a table whose format records no change kind)";
const JOIN_ADVICE = (table: string, asOf: string, append: string): string =>
  "join without the time bound (a regular join, which takes a changelog; table.exec.state.ttl bounds its state), " +
  `or, if the current rows of FlinkTable "${table}" are meant, join it as of the other side's time (JOIN ${table} FOR SYSTEM_TIME AS OF ${asOf}: an event-time temporal join, which takes a changelog as its versioned side), ${append}`;

describe("changelogs into operators that take inserts only", () => {
  let api: Api;
  let orders: object, ship: object, sink: object, upserts: object;
  before(async () => {
    api = await mockedApi();
    orders = new api.FlinkTable("io_orders", { columns: ORDER_COLUMNS, primaryKey: ["order_id"], watermark: WATERMARK, options: { ...KAFKA, format: "debezium-json" } });
    ship = new api.FlinkTable("io_ship", { columns: [{ name: "order_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: WATERMARK, options: { ...KAFKA, format: "json" } });
    upserts = new api.FlinkTable("io_upserts", {
      columns: ORDER_COLUMNS,
      primaryKey: ["order_id"],
      watermark: WATERMARK,
      options: { connector: "upsert-kafka", topic: "u", "properties.bootstrap.servers": "kafka:9092", "key.format": "json", "value.format": "json" },
    });
    sink = new api.FlinkTable("io_out", { columns: [{ name: "order_id", type: "BIGINT" }, { name: "v", type: "DECIMAL(38,2)" }], options: { connector: "blackhole" } });
  });
  const errors = (name: string, statements: ReturnType<Api["sql"]>[], runtimeMode?: "batch") =>
    issuesOrNone(() => new api.FlinkSqlJob(name, { statements, ...(runtimeMode !== undefined ? { runtimeMode } : {}) })).map((i) => [i.path, i.message]);

  it("an interval join (BETWEEN, or comparisons both ways) over a changelog table is an error, on either side", () => {
    expect(
      errors("io-j", [
        api.sql`INSERT INTO ${sink} SELECT o.order_id, o.amount FROM ${orders} o JOIN ${ship} sh ON o.order_id = sh.order_id AND sh.ts BETWEEN o.ts AND o.ts + INTERVAL '1' DAY`,
        api.sql`INSERT INTO ${sink} SELECT o.order_id, o.amount FROM ${ship} AS sh LEFT JOIN ${upserts} AS o ON o.order_id = sh.order_id AND o.ts >= sh.ts - INTERVAL '1' HOUR AND sh.ts > o.ts`,
      ]),
    ).to.deep.equal([
      [
        "statements[0]",
        `the JOIN of FlinkTable "io_ship" (as sh) bounds o.ts and sh.ts by each other: an interval join, which takes inserts only, and it reads ${DEBEZIUM}: ` +
          `${PLANNER("StreamPhysicalIntervalJoin")}; ${JOIN_ADVICE("io_orders", "sh.ts", APPEND)}`,
      ],
      [
        "statements[1]",
        `the JOIN of FlinkTable "io_upserts" (as o) bounds sh.ts and o.ts by each other: an interval join, which takes inserts only, ` +
          `and it reads FlinkTable "io_upserts", an upsert-kafka table (an upsert stream: updates and deletes by key): ${PLANNER("StreamPhysicalIntervalJoin")}; ` +
          JOIN_ADVICE("io_upserts", "sh.ts", "or read the topic with connector 'kafka', where every message is an insert"),
      ],
    ]);
  });

  it("an OVER aggregation ordered by a time attribute over a changelog table is an error", () => {
    expect(
      errors("io-o", [
        api.sql`INSERT INTO ${sink} SELECT order_id, SUM(amount) OVER (PARTITION BY customer_id ORDER BY ts RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) AS v FROM ${orders}`,
      ]),
    ).to.deep.equal([
      [
        "statements[0]",
        "SUM(amount) OVER (PARTITION BY customer_id ORDER BY ts RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) is an OVER aggregation ordered by a time attribute, " +
          `which takes inserts only, and it reads ${DEBEZIUM}: ${PLANNER("StreamPhysicalOverAggregate")}; ` +
          "aggregate with GROUP BY the partition columns (a regular aggregation, which takes a changelog and updates its result), " +
          `or over a window TVF (TUMBLE, HOP, CUMULATE ... GROUP BY window_start, window_end), ${APPEND}`,
      ],
    ]);
  });

  it("append-only inputs, a regular join, a temporal join over the changelog, GROUP BY and a bound under OR stay quiet", () => {
    const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
    const iceberg = new api.IcebergSource("io_ice", { catalog, database: "db", table: "io_ice", columns: ORDER_COLUMNS, streaming: true, watermark: { column: "ts" } });
    const quiet = [
      api.sql`INSERT INTO ${sink} SELECT o.order_id, CAST(NULL AS DECIMAL(38,2)) FROM ${ship} o JOIN ${ship} sh ON o.order_id = sh.order_id AND sh.ts BETWEEN o.ts AND o.ts + INTERVAL '1' DAY`,
      api.sql`INSERT INTO ${sink} SELECT o.order_id, o.amount FROM ${iceberg} o JOIN ${ship} sh ON o.order_id = sh.order_id AND sh.ts BETWEEN o.ts - INTERVAL '1' HOUR AND o.ts`,
      api.sql`INSERT INTO ${sink} SELECT o.order_id, o.amount FROM ${orders} o JOIN ${ship} sh ON o.order_id = sh.order_id`,
      api.sql`INSERT INTO ${sink} SELECT o.order_id, o.amount FROM ${ship} AS sh JOIN ${orders} FOR SYSTEM_TIME AS OF sh.ts AS o ON o.order_id = sh.order_id`,
      api.sql`INSERT INTO ${sink} SELECT o.order_id, o.amount FROM ${orders} o JOIN ${ship} sh ON o.order_id = sh.order_id AND (sh.ts BETWEEN o.ts AND o.ts + INTERVAL '1' DAY OR sh.order_id = 0)`,
      api.sql`INSERT INTO ${sink} SELECT order_id, SUM(amount) OVER (PARTITION BY customer_id ORDER BY ts RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW) FROM ${iceberg}`,
      api.sql`INSERT INTO ${sink} SELECT customer_id, SUM(amount) FROM ${orders} GROUP BY customer_id`,
    ];
    quiet.forEach((statement, i) => expect(errors(`io-q${i}`, [statement]), `statement ${i}`).to.deep.equal([]));
  });

  it("a batch job: a bounded changelog is refused as a batch read, not as an interval join input; an append-only interval join stays quiet", () => {
    const bounded = { ...KAFKA, "scan.bounded.mode": "latest-offset" };
    const cdc = new api.FlinkTable("io_bcdc", { columns: ORDER_COLUMNS, primaryKey: ["order_id"], watermark: WATERMARK, options: { ...bounded, format: "debezium-json" } });
    const plain = new api.FlinkTable("io_bship", { columns: [{ name: "order_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }], watermark: WATERMARK, options: { ...bounded, format: "json" } });
    expect(
      errors("io-b", [api.sql`INSERT INTO ${sink} SELECT o.order_id, o.amount FROM ${cdc} o JOIN ${plain} sh ON o.order_id = sh.order_id AND sh.ts BETWEEN o.ts AND o.ts + INTERVAL '1' DAY`], "batch"),
    ).to.deep.equal([
      [
        "runtimeMode",
        `a batch job reads only insert-only tables, and FlinkTable "io_bcdc" is a 'debezium-json' table (a changelog of inserts, updates and deletes): Flink rejects the statement when it plans the job ` +
          `("Querying a table in batch mode is currently only possible for INSERT-only table sources"); use runtimeMode "streaming" (the bounded read then ends the job)`,
      ],
    ]);
    expect(
      errors("io-b2", [api.sql`INSERT INTO ${sink} SELECT o.order_id, CAST(NULL AS DECIMAL(38,2)) FROM ${plain} o JOIN ${plain} sh ON o.order_id = sh.order_id AND sh.ts BETWEEN o.ts AND o.ts + INTERVAL '1' DAY`], "batch"),
    ).to.deep.equal([]);
  });
});
