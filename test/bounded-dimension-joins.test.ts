/**
 * A regular join in a streaming job of an unbounded relation with a bounded Iceberg read
 * (src/sql/bounded-dimension-joins.ts): the Iceberg side is read once (iceberg IcebergSource: a
 * static enumerator for a bounded scan), so later rows never match, and both sides stay in join
 * state without table.exec.state.ttl (new-user trial). Quiet when both sides stream, in batch, for
 * temporal and interval joins. OPTIONS hints are read per reference: a hint that leaves the bounds as
 * they are changes nothing, one that bounds the stream side (Kafka 'scan.bounded.mode') or streams
 * the Iceberg side ('streaming' = 'true') quiets the warning, one that unbounds a bounded Kafka read
 * or reads a streaming Iceberg source once ('streaming' = 'false') brings it.
 */
import { expect } from "chai";
import { jobWarnings, mockedApi, type Api } from "./api.js";
import { planJob } from "../src/sql/job-plan.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
const orderCols = [
  { name: "order_id", type: "BIGINT" },
  { name: "customer_id", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
];
const customerCols = [
  { name: "customer_id", type: "BIGINT NOT NULL" },
  { name: "name", type: "STRING" },
  { name: "updated", type: "TIMESTAMP(3)" },
];
const outCols = [
  { name: "order_id", type: "BIGINT" },
  { name: "name", type: "STRING" },
];

const consequence = (table: string): string =>
  `the Iceberg side is read once, when the job starts, and never again, so rows committed to ${table} later never match ` +
  "(an outer join pads the rows they would have matched with NULL for good), and the join keeps every row of both sides in its state, growing without end unless table.exec.state.ttl is set; ";
/** The message's two parts when the job may run with a state TTL: no word of the state growing, nor of setting the TTL. */
const consequenceWithTtl = (table: string): string =>
  `the Iceberg side is read once, when the job starts, and never again, so rows committed to ${table} later never match ` +
  "(an outer join pads the rows they would have matched with NULL for good); ";
const remedyWithTtl = (table: string): string =>
  "(FOR SYSTEM_TIME AS OF the left table's event-time column, against a streaming IcebergSource with a primaryKey and a watermark: a versioned table, which follows the table's commits), " +
  `or read ${table} with streaming: true`;
const remedy = (table: string): string =>
  "(FOR SYSTEM_TIME AS OF the left table's event-time column, against a streaming IcebergSource with a primaryKey and a watermark: a versioned table, which follows the table's commits), " +
  `or read ${table} with streaming: true and set table.exec.state.ttl in the job's configuration`;

describe("a regular join of a stream with a bounded Iceberg read in a streaming job", () => {
  let api: Api;
  let orders: InstanceType<Api["IcebergSource"]>;
  let customers: InstanceType<Api["IcebergSource"]>;
  let out: InstanceType<Api["FlinkTable"]>;
  before(async () => {
    api = await mockedApi();
    orders = new api.IcebergSource("bd_orders", { catalog, database: "db", table: "orders", columns: orderCols, streaming: true });
    customers = new api.IcebergSource("bd_customers", { catalog, database: "db", table: "customers", columns: customerCols, primaryKey: ["customer_id"] });
    out = new api.FlinkTable("bd_out", { columns: outCols, options: { connector: "blackhole" } });
  });

  it("a JOIN of a streaming Iceberg read with a bounded one: a warning with what happens and the fix", () => {
    new api.FlinkSqlJob("bd-inner", { statements: [api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${orders} AS o JOIN ${customers} AS c ON o.customer_id = c.customer_id`] });
    expect(jobWarnings("bd-inner").filter((w) => w.includes("regular join"))).to.deep.equal([
      `statements[0]: the INNER JOIN of the unbounded IcebergSource "bd_orders" (as o) with IcebergSource "bd_customers" (as c), a bounded read of db.customers (streaming unset), is a regular join in a streaming job: ` +
        consequence("db.customers") +
        `join IcebergSource "bd_customers" as of event time instead ${remedy("db.customers")}`,
    ]);
  });

  it("a LEFT JOIN with Kafka on the left warns too; the bounded side on the left of a view the INSERT reads, too", () => {
    const kafka = new api.FlinkTable("bd_kafka", {
      columns: orderCols,
      options: { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" },
    });
    new api.FlinkSqlJob("bd-left", { statements: [api.sql`INSERT INTO ${out} SELECT k.order_id, c.name FROM ${kafka} k LEFT JOIN ${customers} c ON k.customer_id = c.customer_id`] });
    expect(jobWarnings("bd-left").filter((w) => w.includes("regular join"))).to.deep.equal([
      `statements[0]: the LEFT JOIN of the unbounded FlinkTable "bd_kafka" (as k) with IcebergSource "bd_customers" (as c), a bounded read of db.customers (streaming unset), is a regular join in a streaming job: ` +
        consequence("db.customers") +
        `join IcebergSource "bd_customers" as of event time instead ${remedy("db.customers")}`,
    ]);
    new api.FlinkSqlJob("bd-view", {
      statements: [
        api.sql`CREATE TEMPORARY VIEW enriched AS SELECT k.order_id, c.name FROM ${customers} c JOIN ${kafka} k USING (customer_id)`,
        api.sql`INSERT INTO ${out} SELECT order_id, name FROM enriched`,
      ],
    });
    expect(jobWarnings("bd-view").filter((w) => w.includes("regular join"))).to.deep.equal([
      `statements[0]: the INNER JOIN of the unbounded FlinkTable "bd_kafka" (as k) with IcebergSource "bd_customers" (as c), a bounded read of db.customers (streaming unset), is a regular join in a streaming job: ` +
        consequence("db.customers") +
        `join IcebergSource "bd_customers" as of event time instead ${remedy("db.customers")}`,
    ]);
  });

  it("stays quiet when both sides stream, in batch, for an interval join, a temporal join, and with an OPTIONS hint", () => {
    const live = new api.IcebergSource("bd_live", {
      catalog, database: "db", table: "customers", columns: customerCols, primaryKey: ["customer_id"], streaming: true, watermark: { column: "updated" },
    });
    const timed = new api.IcebergSource("bd_timed", { catalog, database: "db", table: "orders", columns: orderCols, streaming: true, watermark: { column: "ts" } });
    new api.FlinkSqlJob("bd-both", { statements: [api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${orders} o JOIN ${live} c ON o.customer_id = c.customer_id`] });
    expect(jobWarnings("bd-both").filter((w) => w.includes("regular join"))).to.deep.equal([]);
    const once = new api.IcebergSource("bd_once", { catalog, database: "db", table: "orders", columns: orderCols });
    new api.FlinkSqlJob("bd-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${once} o JOIN ${customers} c ON o.customer_id = c.customer_id`] });
    expect(jobWarnings("bd-batch").filter((w) => w.includes("regular join"))).to.deep.equal([]);
    new api.FlinkSqlJob("bd-temporal", {
      statements: [api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${timed} o JOIN ${live} FOR SYSTEM_TIME AS OF o.ts AS c ON o.customer_id = c.customer_id`],
    });
    expect(jobWarnings("bd-temporal").filter((w) => w.includes("regular join"))).to.deep.equal([]);
    new api.FlinkSqlJob("bd-interval", {
      statements: [api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${timed} o JOIN ${customers} c ON o.customer_id = c.customer_id AND o.ts BETWEEN c.updated - INTERVAL '1' HOUR AND c.updated`],
    });
    expect(jobWarnings("bd-interval").filter((w) => w.includes("regular join"))).to.deep.equal([]);
    // A hint may bound a read (flink CatalogSourceTable merges it into the options): here the Kafka side ends too.
    const kafka = new api.FlinkTable("bd_kafka2", {
      columns: orderCols,
      options: { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" },
    });
    new api.FlinkSqlJob("bd-hint", {
      statements: [api.sql`INSERT INTO ${out} SELECT k.order_id, c.name FROM ${kafka} /*+ OPTIONS('scan.bounded.mode' = 'latest-offset') */ k JOIN ${customers} c ON k.customer_id = c.customer_id`],
    });
    expect(jobWarnings("bd-hint").filter((w) => w.includes("regular join"))).to.deep.equal([]);
  });

  it("reads each reference's OPTIONS hint: a hint that keeps the bounds still warns, one that unbounds a bounded Kafka read warns", () => {
    const kafkaOptions = { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest", format: "json" };
    const kafka = new api.FlinkTable("bd_kafka3", { columns: orderCols, options: kafkaOptions });
    const warning = (stream: string) =>
      `statements[0]: the INNER JOIN of the unbounded FlinkTable "${stream}" (as k) with IcebergSource "bd_customers" (as c), a bounded read of db.customers (streaming unset), is a regular join in a streaming job: ` +
      consequence("db.customers") +
      `join IcebergSource "bd_customers" as of event time instead ${remedy("db.customers")}`;
    // The hint on the stream side sets no bound: the warning stays (it was silent on any hinted statement).
    new api.FlinkSqlJob("bd-hint-stream", {
      statements: [api.sql`INSERT INTO ${out} SELECT k.order_id, c.name FROM ${kafka} /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */ k JOIN ${customers} c ON k.customer_id = c.customer_id`],
    });
    expect(jobWarnings("bd-hint-stream").filter((w) => w.includes("regular join"))).to.deep.equal([warning("bd_kafka3")]);
    // A hint on the Iceberg side that leaves its read bounded: the warning stays.
    new api.FlinkSqlJob("bd-hint-dim", {
      statements: [api.sql`INSERT INTO ${out} SELECT k.order_id, c.name FROM ${kafka} k JOIN ${customers} /*+ OPTIONS('case-sensitive' = 'true') */ c ON k.customer_id = c.customer_id`],
    });
    expect(jobWarnings("bd-hint-dim").filter((w) => w.includes("regular join"))).to.deep.equal([warning("bd_kafka3")]);
    // A Kafka table bounded by its own options, read unbounded through a hint: the warning.
    const bounded = new api.FlinkTable("bd_kafka4", { columns: orderCols, options: { ...kafkaOptions, "scan.bounded.mode": "latest-offset" } });
    new api.FlinkSqlJob("bd-hint-unbounded", {
      statements: [api.sql`INSERT INTO ${out} SELECT k.order_id, c.name FROM ${bounded} /*+ OPTIONS('scan.bounded.mode' = 'unbounded') */ k JOIN ${customers} c ON k.customer_id = c.customer_id`],
    });
    expect(jobWarnings("bd-hint-unbounded").filter((w) => w.includes("regular join"))).to.deep.equal([warning("bd_kafka4")]);
    // The same table without the hint ends: quiet.
    new api.FlinkSqlJob("bd-bounded", { statements: [api.sql`INSERT INTO ${out} SELECT k.order_id, c.name FROM ${bounded} k JOIN ${customers} c ON k.customer_id = c.customer_id`] });
    expect(jobWarnings("bd-bounded").filter((w) => w.includes("regular join"))).to.deep.equal([]);
  });

  it("an Iceberg 'streaming' hint decides the Iceberg side: 'false' reads a streaming source once (the warning), 'true' streams a bounded one (quiet)", () => {
    const live = new api.IcebergSource("bd_live2", { catalog, database: "db", table: "customers", columns: customerCols, primaryKey: ["customer_id"], streaming: true });
    // A 'streaming' hint is an error of its own (the source's streaming arg decides it): planJob shows both findings.
    const plan = (statements: ReturnType<Api["sql"]>[]) => {
      const diag = new Diagnostics();
      planJob({ statements, runtimeMode: "streaming", configuration: {} }, diag);
      return diag.warnings.filter((w) => w.message.includes("regular join")).map((w) => `${w.path}: ${w.message}`);
    };
    expect(plan([api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${orders} o JOIN ${live} /*+ OPTIONS('streaming' = 'false') */ c ON o.customer_id = c.customer_id`])).to.deep.equal([
      `statements[0]: the INNER JOIN of the unbounded IcebergSource "bd_orders" (as o) with IcebergSource "bd_live2" (as c), a bounded read of db.customers (its OPTIONS hint sets 'streaming' = 'false'), is a regular join in a streaming job: ` +
        consequence("db.customers") +
        `join IcebergSource "bd_live2" as of event time instead ${remedy("db.customers")}`,
    ]);
    expect(plan([api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${orders} o JOIN ${customers} /*+ OPTIONS('streaming' = 'true') */ c ON o.customer_id = c.customer_id`])).to.deep.equal([]);
    // The stream side read once through its hint: both sides end, quiet.
    expect(plan([api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${orders} /*+ OPTIONS('streaming' = 'false') */ o JOIN ${customers} c ON o.customer_id = c.customer_id`])).to.deep.equal([]);
  });

  it("bounds on both sides' time attributes in the WHERE make an interval join: quiet; a WHERE on one side's only still warns", () => {
    const timed = new api.IcebergSource("bd_timed2", { catalog, database: "db", table: "orders", columns: orderCols, streaming: true, watermark: { column: "ts" } });
    const dims = new api.IcebergSource("bd_dims", { catalog, database: "db", table: "customers", columns: customerCols, primaryKey: ["customer_id"], watermark: { column: "updated" } });
    new api.FlinkSqlJob("bd-where-interval", {
      statements: [api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${timed} o JOIN ${dims} c ON o.customer_id = c.customer_id WHERE o.ts BETWEEN c.updated - INTERVAL '1' HOUR AND c.updated`],
    });
    expect(jobWarnings("bd-where-interval").filter((w) => w.includes("regular join"))).to.deep.equal([]);
    new api.FlinkSqlJob("bd-where-one", {
      statements: [api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${timed} o JOIN ${dims} c ON o.customer_id = c.customer_id WHERE o.ts > TIMESTAMP '2024-01-01 00:00:00'`],
    });
    expect(jobWarnings("bd-where-one").filter((w) => w.includes("regular join"))).to.deep.equal([
      `statements[0]: the INNER JOIN of the unbounded IcebergSource "bd_timed2" (as o) with IcebergSource "bd_dims" (as c), a bounded read of db.customers (streaming unset), is a regular join in a streaming job: ` +
        consequence("db.customers") +
        `join IcebergSource "bd_dims" as of event time instead ${remedy("db.customers")}`,
    ]);
  });

  it("says the state grows only when the job runs without a state TTL: a positive table.exec.state.ttl (job configuration, deploy target) or a STATE_TTL hint drops that part; 0 keeps it", () => {
    const warning = (ttl: boolean) =>
      `statements[0]: the INNER JOIN of the unbounded IcebergSource "bd_orders" (as o) with IcebergSource "bd_customers" (as c), a bounded read of db.customers (streaming unset), is a regular join in a streaming job: ` +
      (ttl ? consequenceWithTtl("db.customers") : consequence("db.customers")) +
      `join IcebergSource "bd_customers" as of event time instead ${ttl ? remedyWithTtl("db.customers") : remedy("db.customers")}`;
    const join = api.sql`INSERT INTO ${out} SELECT o.order_id, c.name FROM ${orders} AS o JOIN ${customers} AS c ON o.customer_id = c.customer_id`;
    const k8s = { image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" as const, upgradeMode: "stateless" as const };
    const cases: [string, Record<string, unknown>, boolean][] = [
      ["bd-ttl-config", { configuration: { "table.exec.state.ttl": "7 d" } }, true],
      ["bd-ttl-k8s", { kubernetes: { ...k8s, flinkConfiguration: { "table.exec.state.ttl": "1 h" } } }, true],
      ["bd-ttl-gateway", { sqlGateway: { endpoint: "http://gateway:8083", sessionProperties: { "table.exec.state.ttl": "36 h" } } }, true],
      // 0 is Flink's default, no TTL (flink StateTtlConfigUtil builds one only above 0 ms), wherever it is set.
      ["bd-ttl-zero", { configuration: { "table.exec.state.ttl": "0 ms" } }, false],
      ["bd-ttl-zero-k8s", { kubernetes: { ...k8s, flinkConfiguration: { "table.exec.state.ttl": "0" } } }, false],
      ["bd-ttl-sub-ms", { configuration: { "table.exec.state.ttl": "500µs" } }, false],
    ];
    for (const [name, args, ttl] of cases) {
      new api.FlinkSqlJob(name, { statements: [join], ...args });
      expect(jobWarnings(name).filter((w) => w.includes("regular join")), name).to.deep.equal([warning(ttl)]);
    }
    new api.FlinkSqlJob("bd-ttl-hint", {
      statements: [api.sql`INSERT INTO ${out} SELECT /*+ STATE_TTL('o' = '1d', 'c' = '1d') */ o.order_id, c.name FROM ${orders} AS o JOIN ${customers} AS c ON o.customer_id = c.customer_id`],
    });
    expect(jobWarnings("bd-ttl-hint").filter((w) => w.includes("regular join"))).to.deep.equal([warning(true)]);
  });
});
