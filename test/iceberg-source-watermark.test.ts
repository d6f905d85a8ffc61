/**
 * An IcebergSource's event time (`watermark`): source watermarks (SOURCE_WATERMARK() with
 * 'watermark-column', iceberg IcebergTableSource.applySourceWatermark), watermarks from an
 * expression (a warning: files are read in no event-time order), and the column rules.
 */
import { expect } from "chai";
import { mockedApi, type Api } from "./api.js";
import { baseArgs, hive, paths, planError, render, withoutCommon } from "./iceberg-table-helpers.js";
import { settle } from "./pulumi-mocks.js";
import { expectValidFlinkSql } from "./sql-validate.js";
import { registry } from "../src/components/job-registry.js";

const columns = [
  { name: "id", type: "BIGINT" },
  { name: "ts", type: "TIMESTAMP(3)" },
  { name: "at6", type: "TIMESTAMP_LTZ(6)" },
  { name: "at9", type: "TIMESTAMP(9)" },
];
const args = (extra: Record<string, unknown>) => ({ ...baseArgs, columns, streaming: true, formatVersion: 3, ...extra });

describe("IcebergSource watermark", () => {
  it("without expression: source watermarks, SOURCE_WATERMARK() with 'watermark-column'", () => {
    const r = render("IcebergSource", args({ watermark: { column: "ts" } }));
    expect(r.ddl).to.equal(
      [
        "CREATE TABLE `t1` (",
        "  `id` BIGINT,",
        "  `ts` TIMESTAMP(3),",
        "  `at6` TIMESTAMP_LTZ(6),",
        "  `at9` TIMESTAMP(9),",
        "  WATERMARK FOR `ts` AS SOURCE_WATERMARK()",
        ")",
        "WITH (",
        "  'connector' = 'iceberg',",
        "  'catalog-database' = 'db',",
        "  'catalog-name' = 'lake',",
        "  'catalog-table' = 't',",
        "  'catalog-type' = 'hive',",
        "  'format-version' = '3',",
        "  'starting-strategy' = 'TABLE_SCAN_THEN_INCREMENTAL',",
        "  'streaming' = 'true',",
        "  'uri' = 'thrift://metastore:9083',",
        "  'watermark-column' = 'ts'",
        ");",
      ].join("\n"),
    );
    expect(r.plan.watermark).to.deep.equal({ column: "ts", expression: "SOURCE_WATERMARK()" });
    expect(r.plan.warnings.filter((w) => w.path.startsWith("watermark"))).to.deep.equal([]);
  });

  it("on a bounded read too, and a TIMESTAMP_LTZ(0) column", () => {
    const r = render("IcebergSource", { ...baseArgs, columns: [{ name: "id", type: "BIGINT" }, { name: "t0", type: "TIMESTAMP_LTZ(0)" }], watermark: { column: "t0" } });
    expect(withoutCommon(r.options)).to.deep.equal({ streaming: "false", "watermark-column": "t0" });
    expect(r.ddl).to.contain("  WATERMARK FOR `t0` AS SOURCE_WATERMARK()\n)");
  });

  it("with an expression: rendered as written (trailing comment dropped), no 'watermark-column', a warning about file order", () => {
    const r = render("IcebergSource", args({ watermark: { column: "ts", expression: "`ts` - INTERVAL '5' SECOND -- five seconds late" } }));
    expect(r.ddl).to.contain("  WATERMARK FOR `ts` AS `ts` - INTERVAL '5' SECOND\n)");
    expect(r.options).to.not.have.property("watermark-column");
    expect(r.plan.watermark).to.deep.equal({ column: "ts", expression: "`ts` - INTERVAL '5' SECOND" });
    const w = r.plan.warnings.filter((x) => x.path === "watermark.expression");
    expect(w).to.have.length(1);
    expect(w[0]!.message).to.contain("an Iceberg source reads its files in no such order");
    expect(w[0]!.message).to.contain("Leave expression out");
  });

  it("an expression with extraOptions['watermark-column'] (files read in event-time order): no warning", () => {
    const r = render("IcebergSource", args({ watermark: { column: "ts", expression: "`ts` - INTERVAL '1' MINUTE" }, extraOptions: { "watermark-column": "ts" } }));
    expect(r.options["watermark-column"]).to.equal("ts");
    expect(r.plan.warnings.filter((w) => w.path.startsWith("watermark"))).to.deep.equal([]);
  });

  it("extraOptions['watermark-column'] beside source watermarks is an error (set in one place)", () => {
    const e = planError("IcebergSource", args({ watermark: { column: "ts" }, extraOptions: { "watermark-column": "ts" } }));
    expect(e.issues).to.deep.equal([
      { path: 'extraOptions["watermark-column"]', message: `watermark: { column: "ts" } renders 'watermark-column' itself (source watermarks); remove extraOptions["watermark-column"]` },
    ]);
  });

  it("column rules: not a column, not a timestamp, precision 4..6 (declare (3)), 9 (timestamp_ns)", () => {
    const cases: [string, string][] = [
      ["zz", 'names "zz", which is not a column (columns: id, ts, at6, at9)'],
      ["id", `"id" is BIGINT; an event-time column is TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p from 0 to 3 (Flink's rowtime rule), e.g. TIMESTAMP(3)`],
      [
        "at6",
        `"at6" is TIMESTAMP_LTZ(6), and an event-time column needs a precision from 0 to 3 (Flink's rowtime rule); declare it TIMESTAMP_LTZ(3): ` +
          "Iceberg stores every TIMESTAMP_LTZ(0..6) as the same timestamptz (microseconds), so the source reads the same column, to the millisecond",
      ],
      [
        "at9",
        `"at9" is TIMESTAMP(9), an Iceberg timestamp_ns column, and an event-time column needs a precision from 0 to 3 (Flink's rowtime rule); ` +
          "declaring it TIMESTAMP(3) would read another Iceberg type (timestamp, microseconds): use a column of microsecond or coarser precision as event time",
      ],
    ];
    for (const [column, message] of cases) {
      const e = planError("IcebergSource", args({ watermark: { column } }));
      expect(e.issues, column).to.deep.equal([{ path: "watermark.column", message }]);
    }
  });

  it("lists a watermark problem with the table's other problems at once", () => {
    const e = planError("IcebergSource", args({ watermark: { column: "id", expression: "a; b", extra: 1 }, splitSize: 0, columns: [...columns, { name: "bad", type: "INTERVAL DAY" }] }));
    expect(paths(e)).to.include.members(["watermark.extra", "splitSize", "columns[4].type"]);
  });

  it("a column whose own type failed still exists for the watermark (no second error)", () => {
    const e = planError("IcebergSource", args({ columns: [{ name: "id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3" }], watermark: { column: "ts" } }));
    expect(paths(e)).to.deep.equal(["columns[1].type"]);
  });

  it("expression errors: empty, two statements, SOURCE_WATERMARK() written out", () => {
    expect(planError("IcebergSource", args({ watermark: { column: "ts", expression: " " } })).issues).to.deep.equal([
      { path: "watermark.expression", message: "must be a non-empty Flink SQL expression, e.g. \"`ts` - INTERVAL '5' SECOND\", or leave expression out for source watermarks" },
    ]);
    expect(paths(planError("IcebergSource", args({ watermark: { column: "ts", expression: "`ts`; DROP TABLE x" } })))).to.deep.equal(["watermark.expression"]);
    expect(planError("IcebergSource", args({ watermark: { column: "ts", expression: "source_watermark( )" } })).issues).to.deep.equal([
      {
        path: "watermark.expression",
        message: `SOURCE_WATERMARK() is what watermark: { column: "ts" } renders without expression, together with the 'watermark-column' it needs; remove expression`,
      },
    ]);
  });

  it("shape errors: not an object, unknown key, empty column", () => {
    expect(planError("IcebergSource", args({ watermark: "ts" })).issues).to.deep.equal([{ path: "watermark", message: "watermark is { column, expression? }" }]);
    expect(planError("IcebergSource", args({ watermark: { column: "ts", delay: "5s" } })).issues).to.deep.equal([{ path: "watermark.delay", message: 'unknown arg "delay" (known: column, expression)' }]);
    expect(planError("IcebergSource", args({ watermark: { column: "" } })).issues).to.deep.equal([{ path: "watermark.column", message: "watermark.column must name a column" }]);
  });

  it("an IcebergSink has no watermark (unknown arg)", () => {
    expect(paths(planError("IcebergSink", { ...baseArgs, columns, formatVersion: 3, watermark: { column: "ts" } }))).to.deep.equal(["watermark"]);
  });

  it("a column after the 100th of a wider table: a warning about missing statistics (MetricsConfig)", () => {
    const wide = Array.from({ length: 102 }, (_, i) => ({ name: `c${i}`, type: i === 1 || i === 101 ? "TIMESTAMP(3)" : "INT" }));
    const late = render("IcebergSource", { ...baseArgs, columns: wide, watermark: { column: "c101" } });
    expect(late.plan.warnings.filter((w) => w.path === "watermark.column").map((w) => w.message)).to.deep.equal([
      `"c101" is column 102 of 102: Iceberg keeps column statistics only for the first 100 columns of a wider table unless the table sets write.metadata.metrics.column.c101 (e.g. truncate(16) or full), ` +
        `and the source fails on the first file without them ("Missing statistics for column name = c101", iceberg ColumnStatsWatermarkExtractor); set that table property where the table is written, or move the column among the first 100`,
    ]);
    const early = render("IcebergSource", { ...baseArgs, columns: wide, watermark: { column: "c1" } });
    expect(early.plan.warnings.filter((w) => w.path === "watermark.column")).to.deep.equal([]);
  });
});

describe("FlinkSqlJob with an event-time window over an IcebergSource", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));

  it("a tumbling window over source watermarks: exact script, valid SQL, no warning", async () => {
    const clicks = new api.IcebergSource("wm-clicks", {
      catalog: hive, database: "web", table: "clicks", streaming: true,
      columns: [{ name: "user_id", type: "BIGINT" }, { name: "ts", type: "TIMESTAMP(3)" }],
      watermark: { column: "ts" },
    });
    const perMinute = new api.IcebergSink("wm-per-minute", {
      catalog: hive, database: "web", table: "clicks_per_minute",
      columns: [{ name: "window_start", type: "TIMESTAMP(3)" }, { name: "clicks", type: "BIGINT" }],
    });
    const job = new api.FlinkSqlJob("wm-window", {
      statements: [
        api.sql`INSERT INTO ${perMinute} SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE ${clicks}, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end`,
      ],
    });
    const script = await settle(job.script);
    expectValidFlinkSql(script);
    expect(script).to.equal(
      [
        '-- Flink SQL job "wm-window", runtime mode streaming (generated by pulumi-flink-iceberg)',
        "SET 'execution.checkpointing.interval' = '1min';",
        "SET 'table.exec.iceberg.use-flip27-source' = 'true';",
        "CREATE TABLE `wm_per_minute` (",
        "  `window_start` TIMESTAMP(3),",
        "  `clicks` BIGINT",
        ")",
        "WITH (",
        "  'connector' = 'iceberg',",
        "  'catalog-database' = 'web',",
        "  'catalog-name' = 'lake',",
        "  'catalog-table' = 'clicks_per_minute',",
        "  'catalog-type' = 'hive',",
        "  'compression-codec' = 'zstd',",
        "  'format-version' = '2',",
        "  'target-file-size-bytes' = '134217728',",
        "  'uri' = 'thrift://metastore:9083'",
        ");",
        "CREATE TABLE `wm_clicks` (",
        "  `user_id` BIGINT,",
        "  `ts` TIMESTAMP(3),",
        "  WATERMARK FOR `ts` AS SOURCE_WATERMARK()",
        ")",
        "WITH (",
        "  'connector' = 'iceberg',",
        "  'catalog-database' = 'web',",
        "  'catalog-name' = 'lake',",
        "  'catalog-table' = 'clicks',",
        "  'catalog-type' = 'hive',",
        "  'format-version' = '2',",
        "  'starting-strategy' = 'TABLE_SCAN_THEN_INCREMENTAL',",
        "  'streaming' = 'true',",
        "  'uri' = 'thrift://metastore:9083',",
        "  'watermark-column' = 'ts'",
        ");",
        "INSERT INTO `wm_per_minute` SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE `wm_clicks`, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end;",
        "",
      ].join("\n"),
    );
    expect([...registry().jobs.find((j) => j.name === "wm-window")!.warnings]).to.deep.equal([]);
  });
});
