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
import { planGenericTable } from "../src/sql/generic-table.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

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
    expect(w[0]!.message).to.contain("an Iceberg source reads several files at a time, the whole table first");
    expect(w[0]!.message).to.contain("Leave expression out");
  });

  it("an expression with extraOptions['watermark-column']: files started in order, still the warning (the expression's watermark replaces the source's)", () => {
    const r = render("IcebergSource", args({ watermark: { column: "ts", expression: "`ts` - INTERVAL '1' MINUTE" }, extraOptions: { "watermark-column": "ts" } }));
    expect(r.options["watermark-column"]).to.equal("ts");
    expect(r.plan.warnings.filter((w) => w.path.startsWith("watermark")).map((w) => w.path)).to.deep.equal(["watermark.expression"]);
  });

  it("extraOptions['watermark-column'] on its own: a column Iceberg can read watermarks from, by its exact name", () => {
    expect(withoutCommon(render("IcebergSource", args({ extraOptions: { "watermark-column": "id" } })).options)).to.include({ "watermark-column": "id" });
    const at = 'extraOptions["watermark-column"]';
    expect(planError("IcebergSource", args({ extraOptions: { "watermark-column": "TS" } })).issues).to.deep.equal([
      { path: at, message: 'names "TS", which is not a column (columns: id, ts, at6, at9) or a field of a ROW column (write it as column.field, e.g. "event.ts"); the source fails at start ("Cannot find watermark column"; names match exactly)' },
    ]);
    expect(planError("IcebergSource", args({ columns: [...columns, { name: "n", type: "INT" }], extraOptions: { "watermark-column": "n" } })).issues).to.deep.equal([
      { path: at, message: '"n" is INT; Iceberg reads watermarks from a timestamp, timestamptz or long column (TIMESTAMP, TIMESTAMP_LTZ or BIGINT) and fails at start otherwise' },
    ]);
  });

  it("a column name with a '.' is an error (Flink reads it as a nested field)", () => {
    const e = planError("IcebergSource", args({ columns: [{ name: "a.ts", type: "TIMESTAMP(3)" }], watermark: { column: "a.ts" } }));
    expect(e.issues).to.deep.equal([
      { path: "watermark.column", message: `"a.ts" has a '.', and Flink reads a dotted rowtime name as a nested field ("A nested field 'a.ts' cannot be declared as rowtime attribute"); use a column whose name has no '.'` },
    ]);
  });

  it("a watermark holding an Output or a Promise: one plain-value error", () => {
    const message = "must be plain values, not a Pulumi Output: the watermark is part of the CREATE TABLE, which is checked at preview; write the column name (and expression) as strings";
    for (const watermark of [{ column: Promise.resolve("ts") }, { apply: () => undefined }, { column: "ts", expression: Promise.resolve("`ts`") }]) {
      expect(planError("IcebergSource", args({ watermark })).issues).to.deep.equal([{ path: "watermark", message }]);
    }
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
    for (const expression of ["source_watermark( )", "(SOURCE_WATERMARK())", "SOURCE_WATERMARK /**/ ()", "SOURCE_WATERMARK() - INTERVAL '1' SECOND"]) {
      expect(planError("IcebergSource", args({ watermark: { column: "ts", expression } })).issues, expression).to.deep.equal([
        {
          path: "watermark.expression",
          message: `SOURCE_WATERMARK() is what watermark: { column: "ts" } renders without expression, together with the 'watermark-column' it needs, and Flink hands it to the source only as the whole expression; remove expression`,
        },
      ]);
    }
    // In a literal or comment it is text.
    render("IcebergSource", args({ watermark: { column: "ts", expression: "`ts` - INTERVAL '1' SECOND /* not SOURCE_WATERMARK() */" } }));
  });

  it("shape errors: not an object, unknown key, empty column", () => {
    expect(planError("IcebergSource", args({ watermark: "ts" })).issues).to.deep.equal([{ path: "watermark", message: "watermark is { column, expression? }" }]);
    expect(planError("IcebergSource", args({ watermark: { column: "ts", delay: "5s" } })).issues).to.deep.equal([{ path: "watermark.delay", message: 'unknown arg "delay" (known: column, expression)' }]);
    expect(planError("IcebergSource", args({ watermark: { column: "" } })).issues).to.deep.equal([{ path: "watermark.column", message: "watermark.column must name a column" }]);
  });

  it("an IcebergSink has no watermark (unknown arg)", () => {
    expect(paths(planError("IcebergSink", { ...baseArgs, columns, formatVersion: 3, watermark: { column: "ts" } }))).to.deep.equal(["watermark"]);
  });

  it("brackets that do not pair up are an error (the rest would become CREATE TABLE text), also for a FlinkTable", () => {
    const cases: [string, string][] = [
      ["`ts`) WITH ('connector' = 'x'", "has a ')' without its '(': brackets must pair up within the expression, or the rest of it becomes part of the CREATE TABLE"],
      ["(`ts` - INTERVAL '1' SECOND", "has a '(' that is never closed: brackets must pair up within the expression, or the rest of it becomes part of the CREATE TABLE"],
      ["`ts`]", "has a ']' without its '[': brackets must pair up within the expression, or the rest of it becomes part of the CREATE TABLE"],
    ];
    for (const [expression, message] of cases) {
      expect(planError("IcebergSource", args({ watermark: { column: "ts", expression } })).issues, expression).to.deep.equal([{ path: "watermark.expression", message }]);
    }
    // Brackets inside literals and comments do not count.
    render("IcebergSource", args({ watermark: { column: "ts", expression: "CASE WHEN ')' = '(' THEN `ts` ELSE `ts` - INTERVAL '1' SECOND END -- (" } }));
    // FlinkTable computed columns and watermarks share the rule; a dotted rowtime name too.
    const diag = new Diagnostics();
    planGenericTable("g", { columns: [{ name: "a.ts", type: "TIMESTAMP(3)" }, { name: "c", expression: "UPPER(x))" }], watermark: { column: "a.ts", expression: "`a.ts`" }, options: { connector: "datagen" } }, diag);
    expect(diag.errors.map((i) => i.path)).to.deep.equal(["columns[1].expression", "watermark.column"]);
  });

  it("statistics the table properties take away: none / counts are errors, a column override lifts the width rule", () => {
    const modes: [Record<string, string>, string][] = [
      [{ "write.metadata.metrics.default": "none" }, "write.metadata.metrics.default"],
      [{ "write.metadata.metrics.column.ts": "Counts" }, "write.metadata.metrics.column.ts"],
    ];
    for (const [extraOptions, key] of modes) {
      expect(planError("IcebergSource", args({ watermark: { column: "ts" }, extraOptions })).issues).to.deep.equal([
        {
          path: "watermark.column",
          message: `the table property ${key} = ${JSON.stringify(extraOptions[key]!.toLowerCase())} keeps no lower bound of "ts" in the data files, and source watermarks need one per file: the read fails ("Missing statistics for column name = ts", iceberg ColumnStatsWatermarkExtractor); set write.metadata.metrics.column.ts to truncate(16) or full`,
        },
      ]);
    }
    // A column mode wins over the default; a catalog's table-override. wins over the table's own value.
    render("IcebergSource", args({ watermark: { column: "ts" }, extraOptions: { "write.metadata.metrics.default": "none", "write.metadata.metrics.column.ts": "full" } }));
    expect(paths(planError("IcebergSource", args({ watermark: { column: "ts" }, catalog: { ...hive, properties: { "table-override.write.metadata.metrics.column.ts": "none" } }, extraOptions: { "write.metadata.metrics.column.ts": "full" } })))).to.deep.equal(["watermark.column"]);
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
    const warned = (extraOptions: Record<string, string>, column: string) =>
      render("IcebergSource", { ...baseArgs, columns: wide, watermark: { column }, extraOptions }).plan.warnings.filter((w) => w.path === "watermark.column").map((w) => w.message);
    expect(warned({ "write.metadata.metrics.column.c101": "truncate(16)" }, "c101")).to.deep.equal([]);
    expect(warned({ "write.metadata.metrics.max-inferred-column-defaults": "200" }, "c101")).to.deep.equal([]);
    expect(warned({ "write.metadata.metrics.max-inferred-column-defaults": "1" }, "c1")).to.deep.equal([
      `"c1" is column 2 of 102: Iceberg keeps column statistics only for the first 1 columns of a wider table unless the table sets write.metadata.metrics.column.c1 (e.g. truncate(16) or full), ` +
        `and the source fails on the first file without them ("Missing statistics for column name = c1", iceberg ColumnStatsWatermarkExtractor); set that table property where the table is written, or move the column among the first 1`,
    ]);
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
