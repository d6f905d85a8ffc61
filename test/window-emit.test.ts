/**
 * Early and late firing of legacy group windows (src/sql/window-emit.ts, flink WindowEmitStrategy
 * produceUpdates): with table.exec.emit.early-fire.enabled "true" a GROUP BY TUMBLE(...) into a
 * keyless IcebergSink is an error (the window updates its results), with late-fire only a warning
 * (event time only); the same INSERT without the option, with allow-lateness alone or with
 * early-fire "false" stays quiet.
 */
import { expect } from "chai";
import { issuesOrNone, jobWarnings, mockedApi, type Api } from "./api.js";

const catalog = { name: "lake", type: "hive" as const, uri: "thrift://hms:9083" };

describe("legacy group windows that fire early or late", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const src = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts", expression: "ts - INTERVAL '5' SECOND" },
      options: { connector: "datagen" },
    });
  const cols = [{ name: "w", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }];
  const early = { "table.exec.emit.early-fire.enabled": "true", "table.exec.emit.early-fire.delay": "1 min" };
  const late = { "table.exec.emit.late-fire.enabled": "true", "table.exec.emit.late-fire.delay": "1 min", "table.exec.emit.allow-lateness": "1 h" };

  const UPDATES =
    "which in a streaming job yields updates to earlier results: a sink without a key appends every row and ignores its kind, so each update and delete becomes one more row, the retracted old values too";
  const KEY = 'give IcebergSink "we_sink" a primaryKey (updates and deletes then apply to the key)';

  it("early firing into a keyless IcebergSink: an error; late firing: a warning", () => {
    const s = src("we_src");
    const sink = new api.IcebergSink("we_sink", { catalog, database: "db", table: "we_sink", columns: cols });
    const issues = issuesOrNone(
      () => new api.FlinkSqlJob("we-1", { configuration: early, statements: [api.sql`INSERT INTO ${sink} SELECT TUMBLE_START(ts, INTERVAL '1' HOUR), COUNT(*) FROM ${s} GROUP BY TUMBLE(ts, INTERVAL '1' HOUR)`] }),
    );
    expect(issues.map((i) => [i.path, i.message])).to.deep.equal([["statements[0]", `IcebergSink "we_sink" has no primaryKey, and the statement aggregates by a TUMBLE group window that fires early (table.exec.emit.early-fire.enabled "true"), emitting partial results before each window closes, ${UPDATES}; ${KEY}, or leave table.exec.emit.early-fire.enabled unset so that each window emits its result once`]]);
    expect(issuesOrNone(() => new api.FlinkSqlJob("we-2", { configuration: late, statements: [api.sql`INSERT INTO ${sink} SELECT TUMBLE_START(ts, INTERVAL '1' HOUR), COUNT(*) FROM ${s} GROUP BY TUMBLE(ts, INTERVAL '1' HOUR)`] }))).to.deep.equal([]);
    expect(jobWarnings("we-2")).to.deep.equal([`statements[0]: IcebergSink "we_sink" has no primaryKey, and the statement aggregates by a TUMBLE group window that fires late (table.exec.emit.late-fire.enabled "true"), emitting a closed window's result again when a late row arrives (an event-time window), ${UPDATES}; ${KEY}, or leave table.exec.emit.late-fire.enabled unset so that each window emits its result once`]);
  });

  it("firing set by the deploy target counts (kubernetes.flinkConfiguration, sqlGateway.sessionProperties); set differently in the job's configuration: the conflict only", () => {
    const s = src("we_src_t");
    const sink = new api.IcebergSink("we_sink_t", { catalog, database: "db", table: "we_sink_t", columns: cols });
    const insert = () => api.sql`INSERT INTO ${sink} SELECT TUMBLE_START(ts, INTERVAL '1' HOUR), COUNT(*) FROM ${s} GROUP BY TUMBLE(ts, INTERVAL '1' HOUR)`;
    const k8s = (flinkConfiguration: Record<string, string>) => ({ image: "registry.example.com/flink-iceberg:2.1", flinkVersion: "v2_1" as const, flinkConfiguration });
    const message = `IcebergSink "we_sink_t" has no primaryKey, and the statement aggregates by a TUMBLE group window that fires early (table.exec.emit.early-fire.enabled "true"), emitting partial results before each window closes, ${UPDATES}; ${KEY.replace("we_sink", "we_sink_t")}, or leave table.exec.emit.early-fire.enabled unset so that each window emits its result once`;
    const onK8s = issuesOrNone(() => new api.FlinkSqlJob("we-t1", { statements: [insert()], kubernetes: k8s(early) }));
    expect(onK8s.map((i) => [i.path, i.message])).to.deep.equal([["statements[0]", message]]);
    const onGateway = issuesOrNone(() => new api.FlinkSqlJob("we-t2", { statements: [insert()], sqlGateway: { endpoint: "http://sql-gateway:8083", sessionProperties: early } }));
    expect(onGateway.map((i) => [i.path, i.message])).to.deep.equal([["statements[0]", message]]);
    // Set differently in both places: only the conflict is reported, the configuration's "false" read for the window.
    const both = issuesOrNone(() => new api.FlinkSqlJob("we-t3", { configuration: { "table.exec.emit.early-fire.enabled": "false" }, statements: [insert()], kubernetes: k8s(early) }));
    expect(both.map((i) => [i.path, i.message])).to.deep.equal([['kubernetes.flinkConfiguration["table.exec.emit.early-fire.enabled"]', `conflicts with the job's configuration ("false" there, "true" here): set it in one place`]]);
  });

  it("no firing, allow-lateness alone and early-fire \"false\" stay quiet", () => {
    const s = src("we_src_q");
    const sink = new api.IcebergSink("we_sink_q", { catalog, database: "db", table: "we_sink_q", columns: cols });
    const jobs: { name: string; configuration: Record<string, string>; sql: ReturnType<typeof api.sql> }[] = [
      { name: "we-q1", configuration: {}, sql: api.sql`INSERT INTO ${sink} SELECT TUMBLE_START(ts, INTERVAL '1' HOUR), COUNT(*) FROM ${s} GROUP BY TUMBLE(ts, INTERVAL '1' HOUR)` },
      { name: "we-q2", configuration: { "table.exec.emit.allow-lateness": "1 h" }, sql: api.sql`INSERT INTO ${sink} SELECT TUMBLE_START(ts, INTERVAL '1' HOUR), COUNT(*) FROM ${s} GROUP BY TUMBLE(ts, INTERVAL '1' HOUR)` },
      { name: "we-q3", configuration: { "table.exec.emit.early-fire.enabled": "false" }, sql: api.sql`INSERT INTO ${sink} SELECT HOP_START(ts, INTERVAL '1' MINUTE, INTERVAL '1' HOUR), COUNT(*) FROM ${s} GROUP BY HOP(ts, INTERVAL '1' MINUTE, INTERVAL '1' HOUR)` },
    ];
    for (const j of jobs) {
      expect(issuesOrNone(() => new api.FlinkSqlJob(j.name, { configuration: j.configuration, statements: [j.sql] })), j.name).to.deep.equal([]);
      expect(jobWarnings(j.name), j.name).to.deep.equal([]);
    }
  });
});
