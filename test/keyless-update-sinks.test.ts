/**
 * Updates into a keyless 'jdbc' or 'mongodb' FlinkTable (src/sql/changelog-sinks.ts with
 * connector-bounds.ts keylessUpdateRefusal): flink-connector-jdbc JdbcDynamicTableSink.validatePrimaryKey
 * ("please declare primary key for sink table when query contains update/delete record.") and
 * flink-connector-mongodb MongoDynamicTableSink.getChangelogMode (insert-only without a key) make the
 * planner refuse the job. With a primary key, window aggregations, batch jobs and insert-only
 * statements they pass (trial program w29).
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";

const kafka = { connector: "kafka", "properties.bootstrap.servers": "k:9092", "properties.group.id": "g", "properties.auto.offset.reset": "earliest" };
const JDBC =
  "Flink refuses the job when it plans it ('please declare primary key for sink table when query contains update/delete record.', flink-connector-jdbc JdbcDynamicTableSink.validatePrimaryKey); " +
  "with a primaryKey the sink writes updates as upserts by the key and deletes by it, which needs a primary key or unique constraint on those columns in the database";
const MONGO =
  "its sink then takes inserts only (flink-connector-mongodb MongoDynamicTableSink.getChangelogMode: upserts only with a primary key), so Flink refuses the job when it plans it ('Table sink ... doesn't support consuming update changes', flink FlinkChangelogModeInferenceProgram)";
const WINDOW = ", or aggregate over a window (TUMBLE, HOP, CUMULATE or SESSION), whose results are final";

describe("updates into a keyless jdbc or mongodb sink", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  let n = 0;
  const events = () =>
    new api.FlinkTable(`kus_events${++n}`, {
      columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: { ...kafka, topic: "events", format: "json" },
    });
  const counts = (options: Record<string, string>, extra: object = {}) =>
    new api.FlinkTable(`kus_counts${++n}`, { columns: [{ name: "user_id", type: "BIGINT NOT NULL" }, { name: "n", type: "BIGINT" }], options, ...extra });
  const pg = { connector: "jdbc", url: "jdbc:postgresql://pg:5432/app?user=flink", "table-name": "user_counts" };
  const mongo = { connector: "mongodb", uri: "mongodb://mongo:27017", database: "app", collection: "user_counts" };
  const job = (statement: ReturnType<Api["sql"]>, extra: object = {}) => issuesOrNone(() => new api.FlinkSqlJob(`kus-job${++n}`, { statements: [statement], ...extra })).map((i) => [i.path, i.message]);

  it("w29: a GROUP BY into a jdbc table without primaryKey is an error naming the GROUP BY key", () => {
    const e = events();
    const sink = counts(pg);
    const label = `kus_counts${n}`;
    expect(job(api.sql`INSERT INTO ${sink} SELECT user_id, COUNT(*) FROM ${e} GROUP BY user_id`)).to.deep.equal([
      [
        "statements[0]",
        `FlinkTable "${label}" is a 'jdbc' table without a primaryKey, and the statement aggregates without a window, which in a streaming job yields updates to earlier results: ${JDBC}; ` +
          `give FlinkTable "${label}" primaryKey: ["user_id"], the GROUP BY columns (updates then replace each group's row by its key)${WINDOW}`,
      ],
    ]);
  });

  it("a changelog source into a keyless jdbc table, and a GROUP BY into a keyless mongodb one, are errors", () => {
    const cdc = new api.FlinkTable(`kus_cdc${++n}`, { columns: [{ name: "user_id", type: "BIGINT" }, { name: "n", type: "BIGINT" }], options: { ...kafka, topic: "cdc", format: "debezium-json" } });
    const cdcLabel = `kus_cdc${n}`;
    const sink = counts(pg);
    const sinkLabel = `kus_counts${n}`;
    expect(job(api.sql`INSERT INTO ${sink} SELECT user_id, n FROM ${cdc}`)).to.deep.equal([
      [
        "statements[0]",
        `FlinkTable "${sinkLabel}" is a 'jdbc' table without a primaryKey, and the statement reads FlinkTable "${cdcLabel}", a 'debezium-json' table (a changelog of inserts, updates and deletes): ${JDBC}; declare primaryKey on FlinkTable "${sinkLabel}"`,
      ],
    ]);
    const e = events();
    const m = counts(mongo);
    const mLabel = `kus_counts${n}`;
    expect(job(api.sql`INSERT INTO ${m} SELECT user_id, COUNT(*) FROM ${e} GROUP BY user_id`)).to.deep.equal([
      [
        "statements[0]",
        `FlinkTable "${mLabel}" is a 'mongodb' table without a primaryKey, and the statement aggregates without a window, which in a streaming job yields updates to earlier results: ${MONGO}; ` +
          `give FlinkTable "${mLabel}" primaryKey: ["user_id"], the GROUP BY columns (updates then replace each group's row by its key)${WINDOW}`,
      ],
    ]);
  });

  it("with a primaryKey, a window aggregation, inserts only, a batch job, or another connector name: quiet", () => {
    const e = events();
    expect(job(api.sql`INSERT INTO ${counts(pg, { primaryKey: ["user_id"] })} SELECT user_id, COUNT(*) FROM ${e} GROUP BY user_id`)).to.deep.equal([]);
    expect(job(api.sql`INSERT INTO ${counts(mongo, { primaryKey: ["user_id"] })} SELECT user_id, COUNT(*) FROM ${e} GROUP BY user_id`)).to.deep.equal([]);
    expect(
      job(api.sql`INSERT INTO ${counts(pg)} SELECT user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE ${e}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, user_id`),
    ).to.deep.equal([]);
    expect(job(api.sql`INSERT INTO ${counts(pg)} SELECT user_id, 1 FROM ${e}`)).to.deep.equal([]);
    const bounded = new api.FlinkTable(`kus_gen${++n}`, { columns: [{ name: "user_id", type: "BIGINT" }], options: { connector: "datagen", "number-of-rows": "10" } });
    expect(job(api.sql`INSERT INTO ${counts(pg)} SELECT user_id, COUNT(*) FROM ${bounded} GROUP BY user_id`, { runtimeMode: "batch" })).to.deep.equal([]);
    // Not a connector known here: left to Flink.
    expect(job(api.sql`INSERT INTO ${counts({ connector: "elasticsearch-7", hosts: "http://es:9200", index: "c" })} SELECT user_id, COUNT(*) FROM ${e} GROUP BY user_id`)).to.deep.equal([]);
  });
});
