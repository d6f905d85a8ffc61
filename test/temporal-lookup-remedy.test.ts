/**
 * A lookup source (a 'jdbc' dimension) joined FOR SYSTEM_TIME AS OF the left table's event time
 * (src/sql/temporal-join.ts): Flink wants a versioned table there, but the usual fix is a
 * processing-time lookup join, so the error gives that first (the left table's PROCTIME() column,
 * or one to add) and making the table versioned second; joined as of processing time, it is quiet.
 */
import { expect } from "chai";
import { issuesOf, issuesOrNone, mockedApi, type Api } from "./api.js";

const QUOTE = 'Flink rejects the job when it plans it ("Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no row time attribute can be found"). ';
const LOOKUP = (label: string) =>
  `${label} is a 'jdbc' table, which Flink looks up by key, so join it as of processing time instead (a lookup join): `;
const VERSIONED = (label: string) =>
  `; or, to join the version valid at each row's event time, make ${label} a versioned table, with an event-time attribute`;

describe("a lookup source joined as of event time", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const jdbc = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "user_id", type: "BIGINT" }, { name: "country", type: "STRING" }],
      primaryKey: ["user_id"],
      options: { connector: "jdbc", url: "jdbc:postgresql://pg:5432/crm?user=flink", "table-name": "users" },
    });
  const out = (name: string) => new api.FlinkTable(name, { columns: [{ name: "user_id", type: "BIGINT" }, { name: "country", type: "STRING" }], options: { connector: "blackhole" } });
  const clickCols = [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }];

  it("a FlinkTable left without a PROCTIME() column: add one and join as of it, first; a versioned table second", () => {
    const users = jdbc("tlr_users");
    const clicks = new api.FlinkTable("tlr_clicks", { columns: clickCols, watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" }, options: { connector: "datagen" } });
    const issues = issuesOf(
      () => new api.FlinkSqlJob("tlr-1", { statements: [api.sql`INSERT INTO ${out("tlr_out1")} SELECT c.user_id, u.country FROM ${clicks} c JOIN ${users} FOR SYSTEM_TIME AS OF c.ts AS u ON c.user_id = u.user_id`] }),
    );
    expect(issues).to.deep.equal([
      {
        path: "statements[0]",
        message:
          `tlr_users FOR SYSTEM_TIME AS OF c.ts joins as of event time, which needs FlinkTable "tlr_users" to be a versioned table: ${QUOTE}${LOOKUP('FlinkTable "tlr_users"')}` +
          `give FlinkTable "tlr_clicks" a computed column { name: "proc_time", expression: "PROCTIME()" } and join FOR SYSTEM_TIME AS OF c.proc_time${VERSIONED('FlinkTable "tlr_users"')}`,
      },
    ]);
  });

  it("a left table with a PROCTIME() column is told to join as of it; an IcebergSource left to add PROCTIME() in a subquery", () => {
    const users = jdbc("tlr_users2");
    const clicks = new api.FlinkTable("tlr_clicks2", {
      columns: [...clickCols, { name: "proc", expression: "PROCTIME()" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: { connector: "datagen" },
    });
    const [withProc] = issuesOf(
      () => new api.FlinkSqlJob("tlr-2", { statements: [api.sql`INSERT INTO ${out("tlr_out2")} SELECT c.user_id, u.country FROM ${clicks} c JOIN ${users} FOR SYSTEM_TIME AS OF c.ts AS u ON c.user_id = u.user_id`] }),
    );
    const head = (asOf: string) => `tlr_users2 FOR SYSTEM_TIME AS OF ${asOf} joins as of event time, which needs FlinkTable "tlr_users2" to be a versioned table: ${QUOTE}${LOOKUP('FlinkTable "tlr_users2"')}`;
    expect(withProc!.message).to.equal(`${head("c.ts")}join FOR SYSTEM_TIME AS OF c.proc, the PROCTIME() column of FlinkTable "tlr_clicks2"${VERSIONED('FlinkTable "tlr_users2"')}`);
    const lake = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };
    const ice = new api.IcebergSource("tlr_ice", { catalog: lake, database: "d", table: "clicks", columns: clickCols, streaming: true, watermark: { column: "ts" } });
    const [fromIceberg] = issuesOf(
      () => new api.FlinkSqlJob("tlr-3", { statements: [api.sql`INSERT INTO ${out("tlr_out3")} SELECT c.user_id, u.country FROM ${ice} c JOIN ${users} FOR SYSTEM_TIME AS OF c.ts AS u ON c.user_id = u.user_id`] }),
    );
    expect(fromIceberg!.message).to.equal(
      `${head("c.ts")}read IcebergSource "tlr_ice" through a subquery or view that adds PROCTIME() AS proc_time (SELECT *, PROCTIME() AS proc_time FROM ...) and join FOR SYSTEM_TIME AS OF its proc_time` +
        VERSIONED('FlinkTable "tlr_users2"'),
    );
  });

  it("quiet neighbour: the same tables joined as of the PROCTIME() column (a lookup join)", () => {
    const users = jdbc("tlr_users4");
    const clicks = new api.FlinkTable("tlr_clicks4", { columns: [...clickCols, { name: "proc", expression: "PROCTIME()" }], options: { connector: "datagen" } });
    expect(
      issuesOrNone(
        () => new api.FlinkSqlJob("tlr-4", { statements: [api.sql`INSERT INTO ${out("tlr_out4")} SELECT c.user_id, u.country FROM ${clicks} c JOIN ${users} FOR SYSTEM_TIME AS OF c.proc AS u ON c.user_id = u.user_id`] }),
      ),
    ).to.deep.equal([]);
  });
});
