/**
 * A temporal join's type and condition (src/sql/temporal-join-conditions.ts): INNER or LEFT only;
 * a lookup join equates a column of the looked-up table; an event-time join equates the versioned
 * table's whole primary key. Each wrong join gets one error; its corrected neighbour is quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

describe("temporal joins: join type and condition", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const orders = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "currency_name", type: "STRING" }, { name: "amount", type: "DOUBLE" }, { name: "order_ts", type: "TIMESTAMP(3)" }, { name: "proc", expression: "PROCTIME()" }],
      watermark: { column: "order_ts", expression: "`order_ts` - INTERVAL '5' SECOND" },
      options: { connector: "kafka", topic: "orders", "properties.bootstrap.servers": "k:9092", format: "json", "scan.startup.mode": "earliest-offset" },
    });
  const rates = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "currency", type: "STRING NOT NULL" }, { name: "currency_name", type: "STRING" }, { name: "rate", type: "DOUBLE" }, { name: "updated", type: "TIMESTAMP(3)" }],
      primaryKey: ["currency"],
      watermark: { column: "updated", expression: "`updated`" },
      options: { connector: "upsert-kafka", topic: "rates", "properties.bootstrap.servers": "k:9092", "key.format": "json", "value.format": "json" },
    });
  const bands = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "band", type: "STRING NOT NULL" }, { name: "lo", type: "DOUBLE" }, { name: "hi", type: "DOUBLE" }],
      primaryKey: ["band"],
      options: { connector: "jdbc", url: "jdbc:postgresql://pg:5432/crm?user=flink", "table-name": "bands" },
    });
  const out = (name: string) => new api.FlinkTable(name, { columns: [{ name: "id", type: "BIGINT" }, { name: "v", type: "STRING" }], options: { connector: "blackhole" } });
  const job = (name: string, sql: ReturnType<Api["sql"]>) => () => new api.FlinkSqlJob(name, { statements: [sql] });

  describe("event time: the versioned table's primary key in the condition", () => {
    it("joined on another column than its primary key: an error naming the key to equate and the key to declare", () => {
      const o = orders("tjc_o1");
      const r = rates("tjc_r1");
      expect(issuesOrNone(job("tjc-1", api.sql`INSERT INTO ${out("tjc_out1")} SELECT o.id, r.currency FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON o.currency_name = r.currency_name`))).to.deep.equal([
        {
          path: "statements[0]",
          message:
            'tjc_r1 FOR SYSTEM_TIME AS OF o.order_ts joins as of event time the versioned table FlinkTable "tjc_r1", whose primaryKey is [currency], and it equates r.currency_name: ' +
            "Flink finds the version of a row by its primary key, and rejects the job when it plans it " +
            '("Temporal table\'s primary key [currency] must be included in the equivalence condition of temporal join"); ' +
            'add r.currency = <the matching column of FlinkTable "tjc_o1"> to the ON condition, or, if currency_name identifies a row of FlinkTable "tjc_r1", make it its primaryKey: ["currency_name"]',
        },
      ]);
    });

    it("joined on no equality at all: the key to equate", () => {
      const o = orders("tjc_o2");
      const r = rates("tjc_r2");
      const [e] = issuesOrNone(job("tjc-2", api.sql`INSERT INTO ${out("tjc_out2")} SELECT o.id, tjc_r2.currency_name FROM ${o} o LEFT JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts ON o.amount > tjc_r2.rate`));
      expect(e!.message).to.equal(
        'tjc_r2 FOR SYSTEM_TIME AS OF o.order_ts joins as of event time the versioned table FlinkTable "tjc_r2", whose primaryKey is [currency], and it equates no column of it with a column of the left table: ' +
          "Flink finds the version of a row by its primary key, and rejects the job when it plans it " +
          '("Temporal table\'s primary key [currency] must be included in the equivalence condition of temporal join"); ' +
          'add tjc_r2.currency = <the matching column of FlinkTable "tjc_o2"> to the ON condition',
      );
    });

    it("the trial's key compared with a constant only (ON r.currency = 'USD'): the join has no key, the same error as a condition without equality", () => {
      const message = (r: string, o: string, q: string) =>
        `${r} FOR SYSTEM_TIME AS OF o.order_ts joins as of event time the versioned table FlinkTable "${r}", whose primaryKey is [currency], and it equates no column of it with a column of the left table: ` +
        "Flink finds the version of a row by its primary key, and rejects the job when it plans it " +
        '("Temporal table\'s primary key [currency] must be included in the equivalence condition of temporal join"); ' +
        `add ${q}currency = <the matching column of FlinkTable "${o}"> to the ON condition`;
      const cases = [
        (o: unknown, r: unknown, sink: unknown) => api.sql`INSERT INTO ${sink} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON r.currency = 'USD'`,
        (o: unknown, r: unknown, sink: unknown) => api.sql`INSERT INTO ${sink} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON 'USD' = r.currency AND o.amount > 0`,
        (o: unknown, r: unknown, sink: unknown) => api.sql`INSERT INTO ${sink} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON (r.currency = 'USD') AND r.rate > 0`,
      ];
      for (const [i, statement] of cases.entries()) {
        const name = `tjc-c${i}`;
        expect(issuesOrNone(job(name, statement(orders(`tjc_oc${i}`), rates(`tjc_rc${i}`), out(`tjc_outc${i}`)))), name).to.deep.equal([
          { path: "statements[0]", message: message(`tjc_rc${i}`, `tjc_oc${i}`, "r.") },
        ]);
      }
    });

    it("quiet neighbours of the constant: the key also equated with a left column, or another equality left (an expression on the left side: not judged)", () => {
      const cases = [
        (o: unknown, r: unknown, sink: unknown) =>
          api.sql`INSERT INTO ${sink} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON r.currency = 'USD' AND o.currency_name = r.currency`,
        (o: unknown, r: unknown, sink: unknown) =>
          api.sql`INSERT INTO ${sink} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON r.currency = 'USD' AND UPPER(o.currency_name) = r.currency_name`,
        (o: unknown, r: unknown, sink: unknown) => api.sql`INSERT INTO ${sink} SELECT o.id, r.rate FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON r.currency = o.currency_name || 'X'`,
      ];
      for (const [i, statement] of cases.entries()) {
        const name = `tjc-cq${i}`;
        expect(issuesOrNone(job(name, statement(orders(`tjc_ocq${i}`), rates(`tjc_rcq${i}`), out(`tjc_outcq${i}`)))), name).to.deep.equal([]);
      }
    });

    it("quiet neighbours: the key equated, plainly or in an expression, or in WHERE", () => {
      const cases = [
        (o: unknown, r: unknown, sink: unknown) => api.sql`INSERT INTO ${sink} SELECT o.id, r.currency FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON o.currency_name = r.currency`,
        (o: unknown, r: unknown, sink: unknown) =>
          api.sql`INSERT INTO ${sink} SELECT o.id, r.currency FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON UPPER(o.currency_name) = r.currency AND o.amount > 0`,
        (o: unknown, r: unknown, sink: unknown) => api.sql`INSERT INTO ${sink} SELECT o.id, r.currency FROM ${o} AS o JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON TRUE WHERE r.currency = o.currency_name`,
      ];
      for (const [i, statement] of cases.entries()) {
        const name = `tjc-q${i}`;
        expect(issuesOrNone(job(name, statement(orders(`tjc_oq${i}`), rates(`tjc_rq${i}`), out(`tjc_outq${i}`)))), name).to.deep.equal([]);
        expect(jobWarnings(name), name).to.deep.equal([]);
      }
    });
  });

  describe("lookup joins: an equality on the looked-up table", () => {
    it("a range condition alone: an error with the equality to add or the regular join", () => {
      const o = orders("tjc_o3");
      const b = bands("tjc_b3");
      expect(issuesOrNone(job("tjc-3", api.sql`INSERT INTO ${out("tjc_out3")} SELECT t.id, b.band FROM ${o} AS t JOIN ${b} FOR SYSTEM_TIME AS OF t.proc AS b ON t.amount >= b.lo AND t.amount < b.hi`))).to.deep.equal([
        {
          path: "statements[0]",
          message:
            'tjc_b3 FOR SYSTEM_TIME AS OF t.proc is a lookup join, and its condition equates no column of FlinkTable "tjc_b3" with a value: Flink looks rows up by the columns the condition equates, ' +
            'and rejects the job when it plans it ("Temporal table join requires an equality condition on fields of table [tjc_b3]"); ' +
            "add an equality to the ON condition (b.band = <a column of the left table>; a range may follow it with AND), " +
            "or, to match on a range only, join tjc_b3 with a regular join (without FOR SYSTEM_TIME AS OF)",
        },
      ]);
    });

    it("quiet neighbour: an equality before the range", () => {
      const o = orders("tjc_o4");
      const b = bands("tjc_b4");
      expect(issuesOrNone(job("tjc-4", api.sql`INSERT INTO ${out("tjc_out4")} SELECT t.id, b.band FROM ${o} AS t JOIN ${b} FOR SYSTEM_TIME AS OF t.proc AS b ON t.currency_name = b.band AND t.amount >= b.lo`))).to.deep.equal([]);
    });
  });

  describe("join types: INNER and LEFT only", () => {
    const message = (kind: string, right: string, asOf: string) =>
      `${kind} JOIN ${right} FOR SYSTEM_TIME AS OF ${asOf}: Flink joins FOR SYSTEM_TIME AS OF only as INNER JOIN or LEFT JOIN, and rejects the job when it plans it ` +
      `("Temporal table join currently only support INNER JOIN and LEFT JOIN, but was ${kind} JOIN"); write LEFT JOIN to keep every row of the left table, ` +
      `or JOIN; a row of ${right} that no left row matches is never emitted by a temporal join`;

    it("FULL OUTER against a lookup source, RIGHT against a versioned table: errors naming the statement", () => {
      const o = orders("tjc_o5");
      const b = bands("tjc_b5");
      expect(issuesOrNone(job("tjc-5", api.sql`INSERT INTO ${out("tjc_out5")} SELECT t.id, b.band FROM ${o} AS t FULL OUTER JOIN ${b} FOR SYSTEM_TIME AS OF t.proc AS b ON t.currency_name = b.band`))).to.deep.equal([
        { path: "statements[0]", message: message("FULL", "tjc_b5", "t.proc") },
      ]);
      const o2 = orders("tjc_o6");
      const r = rates("tjc_r6");
      expect(issuesOrNone(job("tjc-6", api.sql`INSERT INTO ${out("tjc_out6")} SELECT o.id, r.currency FROM ${o2} AS o RIGHT JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON o.currency_name = r.currency`))).to.deep.equal([
        { path: "statements[0]", message: message("RIGHT", "tjc_r6", "o.order_ts") },
      ]);
    });

    it("quiet neighbours: LEFT OUTER and INNER joins", () => {
      const o = orders("tjc_o7");
      const b = bands("tjc_b7");
      expect(issuesOrNone(job("tjc-7", api.sql`INSERT INTO ${out("tjc_out7")} SELECT t.id, b.band FROM ${o} AS t LEFT OUTER JOIN ${b} FOR SYSTEM_TIME AS OF t.proc AS b ON t.currency_name = b.band`))).to.deep.equal([]);
      const o2 = orders("tjc_o8");
      const r = rates("tjc_r8");
      expect(issuesOrNone(job("tjc-8", api.sql`INSERT INTO ${out("tjc_out8")} SELECT o.id, r.currency FROM ${o2} AS o INNER JOIN ${r} FOR SYSTEM_TIME AS OF o.order_ts AS r ON o.currency_name = r.currency`))).to.deep.equal([]);
    });
  });
});
