/**
 * FlinkSqlJob: a window TVF by processing time in a batch job (src/sql/window-time.ts
 * batchProctimeWindow): Flink's batch planner fails the job ("Processing time Window TableFunction is
 * not supported yet.", flink BatchExecWindowTableFunction), the new-user trial's w32. A batch job
 * windows by any TIMESTAMP or TIMESTAMP_LTZ column, and a streaming one by PROCTIME() too.
 */
import { expect } from "chai";
import { issuesOrNone, mockedApi, type Api } from "./api.js";
import { hive } from "./iceberg-table-helpers.js";

describe("FlinkSqlJob: processing-time window TVFs in a batch job", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  const out = (name: string) =>
    new api.IcebergSink(name, { catalog: hive, database: "t", table: name, columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "n", type: "BIGINT" }] });
  const iceberg = (name: string) => new api.IcebergSource(name, { catalog: hive, database: "t", table: name, columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(6)" }] });
  const files = (name: string) =>
    new api.FlinkTable(name, {
      columns: [{ name: "id", type: "BIGINT" }, { name: "created", type: "TIMESTAMP_LTZ(3)" }, { name: "pt", expression: "PROCTIME()" }],
      options: { connector: "filesystem", path: "s3://lake/in", format: "json" },
    });
  const flinkFails = 'Flink has no processing-time window TVF in batch mode and fails the job when it plans it ("Processing time Window TableFunction is not supported yet.")';
  const instead = "window by a TIMESTAMP or TIMESTAMP_LTZ column of the rows instead (a batch job needs no time attribute)";

  it("the trial's w32: TUMBLE over a view's PROCTIME() column in a batch job, naming a timestamp column of the table it reads", () => {
    const src = iceberg("bpw-src");
    const o = out("bpw-out");
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("bpw-1", {
            runtimeMode: "batch",
            statements: [
              api.sql`CREATE TEMPORARY VIEW v AS SELECT id, PROCTIME() AS pt FROM ${src}`,
              api.sql`INSERT INTO ${o} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v, DESCRIPTOR(pt), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
            ],
          }),
      ),
    ).to.deep.equal([
      {
        path: "statements[1]",
        message: `TUMBLE(TABLE v, DESCRIPTOR(pt), ...) in a batch job windows by processing time, and pt of the view v (statements[0]) is PROCTIME(): ${flinkFails}; ${instead}, e.g. ts of IcebergSource "bpw-src", or run the job in streaming mode`,
      },
    ]);
  });

  it("HOP over a FlinkTable's PROCTIME() column, CUMULATE over a view passing it through: errors", () => {
    const t = files("bpw-files");
    const [o1, o2] = [out("bpw-out2"), out("bpw-out3")];
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("bpw-2", {
            runtimeMode: "batch",
            statements: [
              api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${t}, DESCRIPTOR(pt), INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
              api.sql`CREATE TEMPORARY VIEW w AS SELECT * FROM ${t}`,
              api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(CUMULATE(TABLE w, DESCRIPTOR(pt), INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
            ],
          }),
      ),
    ).to.deep.equal([
      {
        path: "statements[0]",
        message: `HOP(TABLE bpw_files, DESCRIPTOR(pt), ...) in a batch job windows by processing time, and pt of FlinkTable "bpw-files" is a PROCTIME() column: ${flinkFails}; ${instead}, e.g. created of FlinkTable "bpw-files", or run the job in streaming mode`,
      },
      {
        path: "statements[2]",
        message:
          `CUMULATE(TABLE w, DESCRIPTOR(pt), ...) in a batch job windows by processing time, and pt of the view w (statements[1]) is pt of FlinkTable "bpw-files", a PROCTIME() column: ${flinkFails}; ` +
          `${instead}, e.g. created of FlinkTable "bpw-files", or run the job in streaming mode`,
      },
    ]);
  });

  it("quiet neighbours: the same windows by a timestamp column in batch, and by PROCTIME() in a streaming job", () => {
    const src = iceberg("bpw-src4");
    const t = files("bpw-files4");
    const [o1, o2, o3] = [out("bpw-out4"), out("bpw-out5"), out("bpw-out6")];
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("bpw-4", {
            runtimeMode: "batch",
            statements: [
              api.sql`CREATE TEMPORARY VIEW v4 AS SELECT id, ts AS event_ts, PROCTIME() AS pt FROM ${src}`,
              api.sql`INSERT INTO ${o1} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE v4, DESCRIPTOR(event_ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
              api.sql`INSERT INTO ${o2} SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE ${t}, DESCRIPTOR(created), INTERVAL '1' MINUTE, INTERVAL '5' MINUTE)) GROUP BY window_start, window_end`,
            ],
          }),
      ),
    ).to.deep.equal([]);
    const k = new api.FlinkTable("bpw-kafka", {
      columns: [{ name: "id", type: "BIGINT" }, { name: "pt", expression: "PROCTIME()" }],
      options: { connector: "kafka", topic: "k", "properties.bootstrap.servers": "k:9092", format: "json", "properties.auto.offset.reset": "earliest", "properties.group.id": "g" },
    });
    expect(
      issuesOrNone(
        () =>
          new api.FlinkSqlJob("bpw-5", {
            statements: [api.sql`INSERT INTO ${o3} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${k}, DESCRIPTOR(pt), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`],
          }),
      ),
    ).to.deep.equal([]);
  });
});
