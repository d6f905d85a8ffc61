/**
 * FlinkSqlJob: temporal joins over interpolated tables (src/sql/temporal-join.ts): the left column
 * is a time attribute; as of processing time the right table is a lookup source; as of event time
 * it is a versioned table (primary key and rowtime).
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql } from "./sql-validate.js";

describe("FlinkSqlJob: temporal joins", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const issues = issuesOrNone;
  const orders = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }],
      watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" },
      // Each table its own consumer group: the tests are programs of their own (two jobs in one group warn: kafka-groups.ts).
      options: { connector: "kafka", topic: "o", "properties.bootstrap.servers": "k:9092", format: "json", "properties.auto.offset.reset": "earliest", "properties.group.id": name },
    });
  const rates = (name: string, extra: Record<string, unknown> = {}) =>
    new api.IcebergSource(name, {
      catalog: hive, database: "dim", table: name, streaming: true,
      columns: [{ name: "cur", type: "STRING NOT NULL" }, { name: "rate", type: "DOUBLE" }, { name: "updated", type: "TIMESTAMP(3)" }], ...extra,
    });
  const out = (name: string) =>
    new api.IcebergSink(name, { catalog: hive, database: "dw", table: name, columns: [{ name: "id", type: "BIGINT" }, { name: "rate", type: "DOUBLE" }] });

  it("as of event time against an IcebergSource with primaryKey and watermark: a valid script, a warning that the join waits for its commits", async () => {
    const o = orders("tj-orders");
    const r = rates("tj-rates", { primaryKey: ["cur"], watermark: { column: "updated" } });
    const s = out("tj-out");
    const job = new api.FlinkSqlJob("tj-ok", { statements: [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur`] });
    const script = await settle(job.script);
    expectValidFlinkSql(script);
    expect(script).to.contain("INSERT INTO `tj_out` SELECT o.id, r.rate FROM `tj_orders` AS o JOIN `tj_rates` FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur;");
    expect(jobWarnings("tj-ok")).to.deep.equal([
      'statements[0]: tj_rates FOR SYSTEM_TIME AS OF o.ts joins as of event time, and Flink emits a joined row only once the watermarks of both sides have passed it (flink TemporalRowTimeJoinOperator): ' +
        'the watermark of IcebergSource "tj-rates" advances only when it reads a new snapshot of the table, so while the table gets no commits the join holds its results back ' +
        "(no idle timeout applies to source watermarks); commit to the table regularly (e.g. a heartbeat row), or join as of processing time against a lookup source",
    ]);
    // With a watermark expression, the idle timeout is the remedy.
    const r2 = rates("tj-rates-x", { primaryKey: ["cur"], watermark: { column: "updated", expression: "`updated`" } });
    const s2 = out("tj-out-x");
    // Its own orders table (its own consumer group: two jobs reading one in one group warn, kafka-groups.ts).
    const o2 = orders("tj-orders-x");
    new api.FlinkSqlJob("tj-ok-x", { statements: [api.sql`INSERT INTO ${s2} SELECT o.id, r.rate FROM ${o2} AS o JOIN ${r2} FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur`] });
    expect(jobWarnings("tj-ok-x").map((w) => w.slice(w.indexOf("holds its results back")))).to.deep.equal([
      "holds its results back; set table.exec.source.idle-timeout in the job's configuration, so an idle source stops holding the watermark, or commit to the table regularly",
    ]);
  });

  it("as of event time against a table without primaryKey or event time: one error naming both", () => {
    const o = orders("tj-orders2");
    const r = rates("tj-rates2");
    const s = out("tj-out2");
    expect(issues(() => new api.FlinkSqlJob("tj-versioned", { statements: [api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} o LEFT JOIN ${r} FOR SYSTEM_TIME AS OF o.ts r ON o.cur = r.cur`] }))).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'tj_rates2 FOR SYSTEM_TIME AS OF o.ts joins as of event time, which needs IcebergSource "tj-rates2" to be a versioned table, with a primaryKey (primaryKey: ["cur"], the join key) and an event-time attribute ' +
          '(watermark: { column: "updated" } on IcebergSource "tj-rates2"): Flink rejects the job when it plans it ("Temporal Table Join requires primary key in versioned table, but no primary key can be found")',
      },
    ]);
  });

  it("as of processing time against an Iceberg table or a kafka table: not a lookup source", () => {
    const o = orders("tj-orders3");
    const r = rates("tj-rates3", { primaryKey: ["cur"] });
    const k = new api.FlinkTable("tj-krates", { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }], options: { connector: "kafka", topic: "r", "properties.bootstrap.servers": "k:9092", format: "json", "properties.auto.offset.reset": "earliest", "properties.group.id": "tj-krates" } });
    const s = out("tj-out3");
    const s2 = out("tj-out3b");
    const got = issues(
      () =>
        new api.FlinkSqlJob("tj-proc", {
          statements: [
            api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur`,
            api.sql`INSERT INTO ${s2} SELECT id, rate FROM ${o} JOIN ${k} FOR SYSTEM_TIME AS OF proc ON ${o}.cur = ${k}.cur`,
          ],
        }),
    );
    expect(got).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'tj_rates3 FOR SYSTEM_TIME AS OF o.proc joins as of processing time, and IcebergSource "tj-rates3" is an Iceberg table, which Flink cannot look up by key: ' +
          'Flink rejects the job when it plans it ("Processing-time temporal join is not supported yet"). Join as of event time instead, with IcebergSource "tj-rates3" as a versioned table: ' +
          'declare watermark: { column: "updated" } on IcebergSource "tj-rates3"; then join FOR SYSTEM_TIME AS OF o.ts; or use a regular join',
      },
      {
        path: "statements[1]",
        message:
          "tj_krates FOR SYSTEM_TIME AS OF proc joins as of processing time, and FlinkTable \"tj-krates\" is a 'kafka' table, which is no lookup source: " +
          'Flink rejects the job when it plans it ("Processing-time temporal join is not supported yet"). Join as of event time instead, with FlinkTable "tj-krates" as a versioned table: ' +
          'declare a TIMESTAMP(3) column event_time (or a computed one, e.g. { name: "event_time", expression: "TO_TIMESTAMP_LTZ(<epoch milliseconds column>, 3)" }) ' +
          'and watermark: { column: "event_time", expression: "`event_time` - INTERVAL \'5\' SECOND" } on FlinkTable "tj-krates"; ' +
          'a primaryKey (primaryKey: ["cur"], the join key; a \'kafka\' table with format json takes none: use connector \'upsert-kafka\' or a changelog format such as debezium-json) on FlinkTable "tj-krates"; ' +
          "then join FOR SYSTEM_TIME AS OF ts; or use a regular join",
      },
    ]);
  });

  it("as of a column that is no time attribute; a jdbc lookup source as of processing time is fine", () => {
    const o = orders("tj-orders4");
    const jdbc = new api.FlinkTable("tj-jdbc", { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }], primaryKey: ["cur"], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "rates" } });
    const s = out("tj-out4");
    const s2 = out("tj-out4b");
    const got = issues(
      () =>
        new api.FlinkSqlJob("tj-plain", {
          statements: [
            api.sql`INSERT INTO ${s} SELECT o.id, r.rate FROM ${o} AS o JOIN ${jdbc} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur`,
            api.sql`INSERT INTO ${s2} SELECT o.id, r.rate FROM ${o} AS o JOIN ${jdbc} FOR SYSTEM_TIME AS OF o.\`id\` AS r ON o.cur = r.cur`,
          ],
        }),
    );
    expect(got.map((i) => i.path)).to.deep.equal(["statements[1]"]);
    expect(got[0]!.message).to.equal(
      `tj_jdbc FOR SYSTEM_TIME AS OF o.id: id of FlinkTable "tj-orders4" is no time attribute, and Flink joins only as of the left table's time attribute ("Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field"); ` +
        `join as of o.ts (its event time), with FlinkTable "tj-jdbc" as a versioned table (it needs an event-time attribute (a TIMESTAMP(3) column event_time ` +
          `(or a computed one, e.g. { name: "event_time", expression: "TO_TIMESTAMP_LTZ(<epoch milliseconds column>, 3)" }) and watermark: { column: "event_time", expression: "\`event_time\` - INTERVAL '5' SECOND" } on FlinkTable "tj-jdbc")), ` +
          "or of a PROCTIME() column (processing time, lookup sources only)",
    );
  });

  it("left alone: a subquery on the left, AS OF text in a comment", () => {
    const o = orders("tj-orders5");
    const r = rates("tj-rates5");
    const s = out("tj-out5");
    const s2 = out("tj-out5b");
    const j = new api.FlinkTable("tj-jdbc5", { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "rates" } });
    expect(
      issues(
        () =>
          new api.FlinkSqlJob("tj-left-alone", {
            statements: [
              api.sql`INSERT INTO ${s} SELECT v.id, r.rate FROM (SELECT * FROM ${o}) AS v JOIN ${r} FOR SYSTEM_TIME AS OF v.ts AS r ON v.cur = r.cur`,
              api.sql`INSERT INTO ${s2} SELECT o.id, r.rate FROM ${o} AS o JOIN ${j} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur -- FOR SYSTEM_TIME AS OF PROCTIME() or o.proc - INTERVAL '1' SECOND`,
            ],
          }),
      ),
    ).to.deep.equal([]);
  });

  it("trial: AS OF PROCTIME() (read as time travel) and AS OF an expression over the column are errors that name the column to join as of; the column itself stays quiet", () => {
    const o = orders("tj-orders10");
    const bare = new api.FlinkTable("tj-bare10", { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }], options: { connector: "datagen" } });
    const ice = new api.IcebergSource("tj-ice10", { catalog: hive, database: "dim", table: "ice10", columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }] });
    const j = new api.FlinkTable("tj-jdbc10", { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "rates" } });
    const r = rates("tj-rates10", { primaryKey: ["cur"], watermark: { column: "updated" } });
    const sinks = [0, 1, 2, 3, 4, 5, 6].map((k) => out(`tj-out10-${k}`));
    const got = issues(
      () =>
        new api.FlinkSqlJob("tj-proctime-call", {
          statements: [
            api.sql`INSERT INTO ${sinks[0]} SELECT o.id, c.rate FROM ${o} o JOIN ${j} FOR SYSTEM_TIME AS OF PROCTIME() AS c ON o.cur = c.cur`,
            api.sql`INSERT INTO ${sinks[1]} SELECT b.id, c.rate FROM ${bare} b LEFT JOIN ${j} FOR SYSTEM_TIME AS OF proctime () c ON b.cur = c.cur`,
            api.sql`INSERT INTO ${sinks[2]} SELECT i.id, c.rate FROM ${ice} AS i JOIN ${j} FOR SYSTEM_TIME AS OF PROCTIME() AS c ON i.cur = c.cur`,
            api.sql`INSERT INTO ${sinks[3]} SELECT o.id, c.rate FROM ${o} o JOIN ${j} FOR SYSTEM_TIME AS OF o.proc - INTERVAL '1' SECOND AS c ON o.cur = c.cur`,
            api.sql`INSERT INTO ${sinks[4]} SELECT o.id, r.rate FROM ${o} o JOIN ${r} FOR SYSTEM_TIME AS OF PROCTIME() AS r ON o.cur = r.cur`,
            api.sql`INSERT INTO ${sinks[5]} SELECT o.id, c.rate FROM ${o} o JOIN ${j} FOR SYSTEM_TIME AS OF o.proc AS c ON o.cur = c.cur`,
            api.sql`INSERT INTO ${sinks[6]} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur`,
          ],
        }),
    );
    const call = (right: string) =>
      `${right} FOR SYSTEM_TIME AS OF PROCTIME(): Flink joins as of a time attribute column of the left table, and PROCTIME() is a function call: an AS OF operand without a column is read as time travel, ` +
      `which Flink rejects when it plans the job ("Unsupported time travel expression: PROCTIME() for the expression can not be reduced to a constant by Flink."); `;
    expect(got.map((i) => `${i.path}: ${i.message}`)).to.deep.equal([
      `statements[0]: ${call("tj_jdbc10")}join FOR SYSTEM_TIME AS OF o.proc, the PROCTIME() column of FlinkTable "tj-orders10"`,
      `statements[1]: ${call("tj_jdbc10")}give FlinkTable "tj-bare10" a computed column { name: "proc_time", expression: "PROCTIME()" } and join FOR SYSTEM_TIME AS OF b.proc_time`,
      `statements[2]: ${call("tj_jdbc10")}read IcebergSource "tj-ice10" through a subquery or view that adds PROCTIME() AS proc_time (SELECT *, PROCTIME() AS proc_time FROM ...) and join FOR SYSTEM_TIME AS OF its proc_time`,
      "statements[3]: tj_jdbc10 FOR SYSTEM_TIME AS OF o.proc - ...: Flink joins as of a time attribute column of the left table itself, not an expression over it, and rejects the job when it plans it " +
        `(flink FlinkLogicalSnapshot: "Querying a temporal table using 'FOR SYSTEM TIME AS OF' syntax with an expression call ... is not supported yet"); join FOR SYSTEM_TIME AS OF o.proc`,
      `statements[4]: ${call("tj_rates10")}join as of an event-time attribute of the left table, with IcebergSource "tj-rates10" as a versioned table (a primaryKey and a watermark), or use a regular join ` +
        `(IcebergSource "tj-rates10" is an Iceberg table, which Flink cannot look up by key, so processing time is no option)`,
    ]);
  });

  it("review cases left alone: a table inside a comment or literal, an unqualified column with a subquery or view around, an alias bound twice, a subquery alias over a renamed column", () => {
    const o = orders("tj-orders6");
    const r = rates("tj-rates6");
    const j = new api.FlinkTable("tj-jdbc6", { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }], primaryKey: ["cur"], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "rates" } });
    const b = new api.FlinkTable("tj-plain6", { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "proc", type: "TIMESTAMP(3)" }, { name: "pt", expression: "PROCTIME()" }], options: { connector: "datagen" } });
    const sinks = [1, 2, 3, 4, 5].map((k) => new api.IcebergSink(`tj-out6-${k}`, { catalog: hive, database: "dw", table: `o6_${k}`, columns: [{ name: "id", type: "BIGINT" }, { name: "rate", type: "DOUBLE" }, { name: "ts", type: "TIMESTAMP(3)" }] }));
    expect(
      issues(
        () =>
          new api.FlinkSqlJob("tj-review", {
            statements: [
              api.sql`INSERT INTO ${sinks[0]} SELECT o.id, r.rate, o.ts FROM ${o} AS o
                -- was: JOIN ${r} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur
                JOIN ${j} FOR SYSTEM_TIME AS OF o.proc AS r ON o.cur = r.cur WHERE o.cur <> 'see ${r} FOR SYSTEM_TIME AS OF o.id'`,
              api.sql`INSERT INTO ${sinks[1]} SELECT v.id, r.rate, v.ts FROM (SELECT id, cur, ts, PROCTIME() AS pt FROM ${o}) v JOIN ${j} FOR SYSTEM_TIME AS OF pt AS r ON v.cur = r.cur`,
              api.sql`INSERT INTO ${sinks[2]} SELECT c.id, r.rate, c.ts FROM ${o} c JOIN ${j} FOR SYSTEM_TIME AS OF c.proc AS r ON c.cur = r.cur
                UNION ALL SELECT c.id, r.rate, c.proc FROM ${b} c JOIN ${j} FOR SYSTEM_TIME AS OF c.pt AS r ON c.cur = r.cur`,
              api.sql`INSERT INTO ${sinks[3]} SELECT o.id, r.rate, CAST(o.ts AS TIMESTAMP(3)) FROM (SELECT o.id, o.cur, o.proc AS ts FROM ${o} o) o JOIN ${j} FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur`,
            ],
          }),
      ),
    ).to.deep.equal([]);
  });

  it("review cases caught: the left table written as ${table}.col, rowtimes of different types", () => {
    const o = orders("tj-orders7");
    const r = rates("tj-rates7", { primaryKey: ["cur"] });
    const ltz = new api.IcebergSource("tj-ltz7", {
      catalog: hive, database: "dim", table: "ltz7", streaming: true, primaryKey: ["cur"],
      columns: [{ name: "cur", type: "STRING NOT NULL" }, { name: "rate", type: "DOUBLE" }, { name: "updated", type: "TIMESTAMP_LTZ(3)" }],
      watermark: { column: "updated" },
    });
    const s1 = out("tj-out7a");
    const s2 = out("tj-out7b");
    const got = issues(
      () =>
        new api.FlinkSqlJob("tj-caught", {
          statements: [
            api.sql`INSERT INTO ${s1} SELECT ${o}.id, ${r}.rate FROM ${o} JOIN ${r} FOR SYSTEM_TIME AS OF ${o}.proc ON ${o}.cur = ${r}.cur`,
            api.sql`INSERT INTO ${s2} SELECT o.id, l.rate FROM ${o} AS o JOIN ${ltz} FOR SYSTEM_TIME AS OF o.ts AS l ON o.cur = l.cur`,
          ],
        }),
    );
    expect(got.map((i) => i.message.slice(0, i.message.indexOf(":")))).to.deep.equal([
      "tj_rates7 FOR SYSTEM_TIME AS OF tj_orders7.proc joins as of processing time, and IcebergSource \"tj-rates7\" is an Iceberg table, which Flink cannot look up by key",
      "tj_ltz7 FOR SYSTEM_TIME AS OF o.ts joins as of event time, and the rowtimes differ in type",
    ]);
    expect(got[1]!.message).to.equal(
      'tj_ltz7 FOR SYSTEM_TIME AS OF o.ts joins as of event time, and the rowtimes differ in type: ts of FlinkTable "tj-orders7" is TIMESTAMP(3), updated of IcebergSource "tj-ltz7" is TIMESTAMP_LTZ(3): ' +
        'Flink rejects the job when it plans it ("Event-Time Temporal Table Join requires same rowtime type in left table and versioned table"); give FlinkTable "tj-orders7" a computed column { name: "ts_ltz", expression: "CAST(`ts` AS TIMESTAMP_LTZ(3))" } with the watermark on it, and use it in the join ' +
        "(a cast between TIMESTAMP and TIMESTAMP_LTZ reads the session time zone, table.local-time-zone)",
    );
  });

  it("new-user cases: a batch job against an Iceberg table, a bounded versioned table (no stall warning), every gap in one message", () => {
    const bounded = new api.IcebergSource("tj-users8", {
      catalog: hive, database: "dim", table: "users8", primaryKey: ["cur"],
      columns: [{ name: "cur", type: "STRING NOT NULL" }, { name: "rate", type: "DOUBLE" }, { name: "updated", type: "TIMESTAMP(3)" }],
      watermark: { column: "updated" },
    });
    const facts = new api.FlinkTable("tj-facts8", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }],
      options: { connector: "datagen", "number-of-rows": "100" },
    });
    const s1 = out("tj-out8a");
    expect(issues(() => new api.FlinkSqlJob("tj-batch", { runtimeMode: "batch", statements: [api.sql`INSERT INTO ${s1} SELECT f.id, u.rate FROM ${facts} AS f JOIN ${bounded} FOR SYSTEM_TIME AS OF f.ts AS u ON f.cur = u.cur`] }))).to.deep.equal([
      {
        path: "statements[0]",
        message:
          'tj_users8 FOR SYSTEM_TIME AS OF ...: a batch job joins FOR SYSTEM_TIME AS OF only against a lookup source, and IcebergSource "tj-users8" is an Iceberg table, which Flink cannot look up by key: ' +
          "Flink fails to plan the job; join the table with a regular join (JOIN tj_users8 ON ...: a bounded read is complete when the join runs), or run the job in streaming mode",
      },
    ]);
    const o = orders("tj-orders8");
    const s2 = out("tj-out8b");
    new api.FlinkSqlJob("tj-bounded", { statements: [api.sql`INSERT INTO ${s2} SELECT o.id, u.rate FROM ${o} AS o JOIN ${bounded} FOR SYSTEM_TIME AS OF o.ts AS u ON o.cur = u.cur`] });
    expect(jobWarnings("tj-bounded")).to.deep.equal([]);
    const r = rates("tj-rates8");
    const s3 = out("tj-out8c");
    expect(issues(() => new api.FlinkSqlJob("tj-gaps", { statements: [api.sql`INSERT INTO ${s3} SELECT f.id, r.rate FROM ${facts} AS f JOIN ${r} FOR SYSTEM_TIME AS OF f.id AS r ON f.cur = r.cur`] }))).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `tj_rates8 FOR SYSTEM_TIME AS OF f.id: id of FlinkTable "tj-facts8" is no time attribute, and Flink joins only as of the left table's time attribute ("Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field"); ` +
          `join as of an event-time column (watermark: { column: "ts", expression: "\`ts\` - INTERVAL '5' SECOND" } on FlinkTable "tj-facts8"), with IcebergSource "tj-rates8" as a versioned table ` +
          `(it needs a primaryKey (primaryKey: ["cur"], the join key) and an event-time attribute (watermark: { column: "updated" } on IcebergSource "tj-rates8")) ` +
          "(IcebergSource \"tj-rates8\" is an Iceberg table, which Flink cannot look up by key, so processing time is no option)",
      },
    ]);
  });

  it("review cases: join-key filters are no key, a debezium kafka table needs only its key, batch lookup joins as of processing time only, time travel is an error (the in-memory catalog keeps no versions)", () => {
    const o = orders("tj-orders9");
    const r = rates("tj-rates9", { watermark: { column: "updated" } });
    const s1 = out("tj-out9a");
    const got = issues(() => new api.FlinkSqlJob("tj-filters", { statements: [api.sql`INSERT INTO ${s1} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur AND r.rate > 0 AND r.cur <> 'XX'`] }));
    expect(got.map((i) => i.message.slice(i.message.indexOf("with a primaryKey"), i.message.indexOf(": Flink rejects")))).to.deep.equal(['with a primaryKey (primaryKey: ["cur"], the join key)']);
    const cdc = new api.FlinkTable("tj-cdc9", {
      columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }, { name: "updated", type: "TIMESTAMP(3)" }],
      watermark: { column: "updated", expression: "`updated`" },
      options: { connector: "kafka", topic: "r", "properties.bootstrap.servers": "k:9092", format: "debezium-json", "properties.auto.offset.reset": "earliest", "properties.group.id": "tj-cdc9" },
    });
    const s2 = out("tj-out9b");
    const got2 = issues(() => new api.FlinkSqlJob("tj-cdc", { statements: [api.sql`INSERT INTO ${s2} SELECT o.id, c.rate FROM ${o} AS o JOIN ${cdc} FOR SYSTEM_TIME AS OF o.ts AS c ON o.cur = c.cur`] }));
    expect(got2.map((i) => i.message)).to.deep.equal([
      'tj_cdc9 FOR SYSTEM_TIME AS OF o.ts joins as of event time, which needs FlinkTable "tj-cdc9" to be a versioned table, with a primaryKey (primaryKey: ["cur"], the join key): Flink rejects the job when it plans it ("Temporal Table Join requires primary key in versioned table, but no primary key can be found")',
    ]);
    const facts = new api.FlinkTable("tj-facts9", { columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "ts", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen", "number-of-rows": "10" } });
    const jdbc = new api.FlinkTable("tj-jdbc9", { columns: [{ name: "cur", type: "STRING" }, { name: "rate", type: "DOUBLE" }], primaryKey: ["cur"], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "rates" } });
    const s3 = out("tj-out9c");
    const s4 = out("tj-out9d");
    const s5 = out("tj-out9e");
    const got3 = issues(
      () =>
        new api.FlinkSqlJob("tj-batch9", {
          runtimeMode: "batch",
          statements: [
            api.sql`INSERT INTO ${s3} SELECT f.id, j.rate FROM ${facts} AS f JOIN ${jdbc} FOR SYSTEM_TIME AS OF f.proc AS j ON f.cur = j.cur`,
            api.sql`INSERT INTO ${s4} SELECT f.id, j.rate FROM ${facts} AS f JOIN ${jdbc} FOR SYSTEM_TIME AS OF f.ts AS j ON f.cur = j.cur`,
            api.sql`INSERT INTO ${s5} SELECT f.id, j.rate FROM ${facts} AS f JOIN ${jdbc} FOR SYSTEM_TIME AS OF TIMESTAMP '2024-01-01 00:00:00' AS j ON f.cur = j.cur`,
          ],
        }),
    );
    expect(got3).to.deep.equal([
      {
        path: "statements[1]",
        message:
          'tj_jdbc9 FOR SYSTEM_TIME AS OF f.ts: a batch job joins FOR SYSTEM_TIME AS OF only as a lookup join, as of a PROCTIME() column of the left table, and ts of FlinkTable "tj-facts9" is none: Flink fails to plan the job ' +
          "(flink CommonTemporalTableJoinRule: a lookup join needs processing time); join as of a PROCTIME() column, or join the table with a regular join (JOIN tj_jdbc9 ON ...: a bounded read is complete when the join runs), or run the job in streaming mode",
      },
      {
        // Time travel (trial finding: it passed): the script's tables live in Flink's in-memory catalog, which keeps no versions.
        path: "statements[2]",
        message:
          "tj_jdbc9 FOR SYSTEM_TIME AS OF TIMESTAMP ...: time travel, which Flink plans only through a catalog that keeps table versions, " +
          "and the script declares tj_jdbc9 itself with CREATE TABLE in Flink's in-memory catalog, which keeps none: the job fails to plan; filter the rows by a time column instead (a FlinkTable has no versions)",
      },
    ]);
  });

  it("second trial: a computed rowtime's type (TO_TIMESTAMP_LTZ) is known for the type check; epoch numbers get a computed-column fix; an unterminated literal names the statement and sqlLiteral", () => {
    const kafka = new api.FlinkTable("tj-epoch", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "cur", type: "STRING" }, { name: "ts", type: "BIGINT" }, { name: "order_ts", expression: "TO_TIMESTAMP_LTZ(`ts`, 3)" }],
      watermark: { column: "order_ts", expression: "`order_ts` - INTERVAL '5' SECOND" },
      options: { connector: "datagen" },
    });
    const r = rates("tj-rates10", { primaryKey: ["cur"], watermark: { column: "updated" } });
    const s1 = out("tj-out10");
    const got = issues(() => new api.FlinkSqlJob("tj-ltz-computed", { statements: [api.sql`INSERT INTO ${s1} SELECT o.id, r.rate FROM ${kafka} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON o.cur = r.cur`] }));
    expect(got.map((i) => i.message.slice(0, i.message.indexOf(": Flink")))).to.deep.equal([
      'tj_rates10 FOR SYSTEM_TIME AS OF o.order_ts joins as of event time, and the rowtimes differ in type: order_ts of FlinkTable "tj-epoch" is TIMESTAMP_LTZ(3), updated of IcebergSource "tj-rates10" is TIMESTAMP(3)',
    ]);
    const bad = issues(() => new api.FlinkTable("tj-epoch2", { columns: [{ name: "ts", type: "BIGINT" }], watermark: { column: "ts", expression: "`ts`" }, options: { connector: "datagen" } }));
    expect(bad).to.deep.equal([
      {
        path: "watermark.column",
        message:
          '"ts" is BIGINT; a watermark needs TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p from 0 to 3, e.g. TIMESTAMP(3); for epoch time in a number, add a computed column { name: "ts_ts", expression: "TO_TIMESTAMP_LTZ(`ts`, 3)" } ' +
          "(3: milliseconds, 0: seconds) and put the watermark on it (retyping the field as TIMESTAMP(3) would not parse its numbers)",
      },
    ]);
    const s2 = out("tj-out10b");
    const currency = "O'Brien";
    expect(issues(() => new api.FlinkSqlJob("tj-literal", { statements: [api.sql`INSERT INTO ${s2} SELECT id, CAST(NULL AS DOUBLE) FROM ${kafka} WHERE cur = '${currency}'`] }))).to.deep.equal([
      {
        path: "statements[0]",
        message:
          "cannot be read: unterminated string literal (a ' inside is written doubled: ''); a string interpolated with ${...} is inserted as SQL text, not as a value: quote values with sqlLiteral(value) (it doubles the quotes), e.g. sql`... WHERE currency = ${sqlLiteral(currency)}`",
      },
    ]);
  });
});
