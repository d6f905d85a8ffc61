/**
 * FlinkSqlJob: a processing-time temporal join against a table that is no lookup source
 * (src/sql/temporal-join.ts eventTimeInstead): the message states the problem once and gives one
 * fix, the event-time attribute both tables need said once (the new-user trial's w33: an
 * upsert-kafka table, "a 'upsert-kafka'" and the same advice twice in nested parentheses).
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob: processing-time join against no lookup source, the remedy", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const kafka = { "properties.bootstrap.servers": "kafka:9092", format: "json", "properties.auto.offset.reset": "earliest", "properties.group.id": "g" };
  const events = (name: string, extra: { name: string; type: string }[] = [], watermark?: { column: string; expression: string }) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "user_id", type: "BIGINT" }, { name: "pt", expression: "PROCTIME()" }, ...extra],
      ...(watermark !== undefined ? { watermark } : {}),
      options: { connector: "kafka", topic: name, ...kafka },
    });
  const users = (name: string, extra: { name: string; type: string }[] = [], watermark?: { column: string; expression: string }) =>
    new api.FlinkTable(name, {
      columns: [{ name: "user_id", type: "BIGINT" }, { name: "tier", type: "STRING" }, ...extra],
      primaryKey: ["user_id"],
      ...(watermark !== undefined ? { watermark } : {}),
      options: { connector: "upsert-kafka", topic: name, "properties.bootstrap.servers": "kafka:9092", "key.format": "json", "value.format": "json" },
    });
  const sink = (name: string) => new api.FlinkTable(name, { columns: [{ name: "id", type: "BIGINT" }, { name: "tier", type: "STRING" }], options: { connector: "blackhole" } });
  const join = (name: string, e: unknown, u: unknown) =>
    issuesOrNone(() => new api.FlinkSqlJob(name, { statements: [api.sql`INSERT INTO ${sink(`${name}-out`)} SELECT e.id, u.tier FROM ${e} e JOIN ${u} FOR SYSTEM_TIME AS OF e.pt AS u ON e.user_id = u.user_id`] }));
  const problem = (right: string, label: string) =>
    `${right} FOR SYSTEM_TIME AS OF e.pt joins as of processing time, and FlinkTable "${label}" is an 'upsert-kafka' table, which is no lookup source: ` +
    'Flink rejects the job when it plans it ("Processing-time temporal join is not supported yet"). ';
  const watermark = (c: string) => `watermark: { column: "${c}", expression: "\`${c}\` - INTERVAL '5' SECOND" }`;

  it("the trial's w33: both tables lack event time, which is said once, with the AS OF column to write", () => {
    expect(join("tpr-1", events("tpr-pe"), users("tpr-users"))).to.deep.equal([
      {
        path: "statements[0]",
        message:
          problem("tpr_users", "tpr-users") +
          'Join as of event time instead, with FlinkTable "tpr-users" as a versioned table: declare a TIMESTAMP(3) column event_time ' +
          `(or a computed one, e.g. { name: "event_time", expression: "TO_TIMESTAMP_LTZ(<epoch milliseconds column>, 3)" }) and ${watermark("event_time")} ` +
          'on FlinkTable "tpr-pe" and on FlinkTable "tpr-users"; then join FOR SYSTEM_TIME AS OF e.event_time; or use a regular join',
      },
    ]);
  });

  it("each table with its own timestamp column: one declaration per table; the left's own rowtime is joined as of", () => {
    const e = events("tpr-pe2", [{ name: "ts", type: "TIMESTAMP(3)" }]);
    const u = users("tpr-users2", [{ name: "changed", type: "TIMESTAMP(3)" }]);
    expect(join("tpr-2", e, u)).to.deep.equal([
      {
        path: "statements[0]",
        message:
          problem("tpr_users2", "tpr-users2") +
          `Join as of event time instead, with FlinkTable "tpr-users2" as a versioned table: declare ${watermark("ts")} on FlinkTable "tpr-pe2"; ${watermark("changed")} on FlinkTable "tpr-users2"; ` +
          "then join FOR SYSTEM_TIME AS OF e.ts; or use a regular join",
      },
    ]);
    const e3 = events("tpr-pe3", [{ name: "ts", type: "TIMESTAMP(3)" }], { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" });
    const u3 = users("tpr-users3", [{ name: "changed", type: "TIMESTAMP(3)" }], { column: "changed", expression: "`changed`" });
    expect(join("tpr-3", e3, u3)).to.deep.equal([
      { path: "statements[0]", message: problem("tpr_users3", "tpr-users3") + "Join FOR SYSTEM_TIME AS OF e.ts (event time) instead; or use a regular join" },
    ]);
  });

  it("quiet neighbours: the event-time join itself, and processing time against a jdbc lookup source", () => {
    const e = events("tpr-pe4", [{ name: "ts", type: "TIMESTAMP(3)" }], { column: "ts", expression: "`ts` - INTERVAL '5' SECOND" });
    const u = users("tpr-users4", [{ name: "changed", type: "TIMESTAMP(3)" }], { column: "changed", expression: "`changed`" });
    expect(
      issuesOrNone(() => new api.FlinkSqlJob("tpr-4", { statements: [api.sql`INSERT INTO ${sink("tpr-4-out")} SELECT e.id, u.tier FROM ${e} e JOIN ${u} FOR SYSTEM_TIME AS OF e.ts AS u ON e.user_id = u.user_id`] })),
    ).to.deep.equal([]);
    const jdbc = new api.FlinkTable("tpr-jdbc", { columns: [{ name: "user_id", type: "BIGINT" }, { name: "tier", type: "STRING" }], primaryKey: ["user_id"], options: { connector: "jdbc", url: "jdbc:postgresql://db:5432/x", "table-name": "users" } });
    expect(join("tpr-5", events("tpr-pe5"), jdbc)).to.deep.equal([]);
  });
});
