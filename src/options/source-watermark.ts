/**
 * An IcebergSource's event time: `watermark: { column, expression? }` → the CREATE TABLE's
 * `WATERMARK FOR` clause, and (source watermarks) the read option `watermark-column`.
 *
 * Upstream: iceberg `flink/.../source/IcebergTableSource.java` (`SupportsSourceWatermark`:
 * `applySourceWatermark` needs the FLIP-27 source and `watermark-column`; Iceberg 1.9.0+,
 * apache/iceberg #12191, #12697), `source/IcebergSource.java` `Builder.build` (with a watermark
 * column the splits are assigned in the order of their watermark), `source/reader/
 * ColumnStatsWatermarkExtractor.java` (a split's watermark is the smallest lower bound of the
 * column over its files; a file without that statistic fails the read), core `MetricsConfig.java`
 * (tables of more than `write.metadata.metrics.max-inferred-column-defaults` = 100 top-level
 * columns keep statistics for the first 100 only); flink `DefaultSchemaResolver` (a rowtime column
 * is TIMESTAMP(p) or TIMESTAMP_LTZ(p), p 0..3).
 */
import type { ParsedColumn } from "../iceberg/types.js";
import { sqlExpression } from "../sql/expression.js";
import type { Diagnostics } from "../validation/diagnostics.js";

/** The `watermark` arg as parsed (source-options.ts). */
export interface WatermarkArg {
  readonly column: string;
  readonly expression?: string | undefined;
}

/** What the table renders for its watermark. */
export interface SourceWatermark {
  /** `WATERMARK FOR column AS expression` (`SOURCE_WATERMARK()` for source watermarks). */
  readonly clause: { readonly column: string; readonly expression: string };
  /** Read options to add to WITH (`watermark-column` for source watermarks). */
  readonly options: Readonly<Record<string, string>>;
}

/** Iceberg keeps column statistics of the first this many top-level columns of a wider table by default. */
const METRICS_MAX_INFERRED_COLUMNS = 100;

/** The rendered expression of a source watermark. */
export const SOURCE_WATERMARK = "SOURCE_WATERMARK()";

/**
 * Checks `watermark` against the columns given (name → parsed column, null when its own type
 * failed) and the table's extraOptions; problems go to `diag` under `watermark.*`. Returns
 * undefined when a rule failed.
 */
export function planSourceWatermark(
  arg: WatermarkArg,
  columns: ReadonlyMap<string, ParsedColumn | null>,
  extraOptions: Readonly<Record<string, string>>,
  diag: Diagnostics,
): SourceWatermark | undefined {
  let ok = true;
  const name = arg.column;
  const column = columns.get(name);
  if (!columns.has(name)) {
    const names = [...columns.keys()];
    diag.error("watermark.column", `names ${JSON.stringify(name)}, which is not a column${names.length > 0 ? ` (columns: ${names.join(", ")})` : ""}`);
    ok = false;
  } else if (column !== null && column !== undefined) {
    const t = column.type;
    const time = t.kind === "TIMESTAMP" || t.kind === "TIMESTAMP_LTZ" ? (t as { precision: number }).precision : undefined;
    if (time === undefined) {
      diag.error(
        "watermark.column",
        `${JSON.stringify(name)} is ${t.toString()}; an event-time column is TIMESTAMP(p) or TIMESTAMP_LTZ(p) with p from 0 to 3 (Flink's rowtime rule), e.g. TIMESTAMP(3)`,
      );
      ok = false;
    } else if (time > 6) {
      diag.error(
        "watermark.column",
        `${JSON.stringify(name)} is ${t.toString()}, an Iceberg ${t.kind === "TIMESTAMP" ? "timestamp_ns" : "timestamptz_ns"} column, and an event-time column needs a precision from 0 to 3 (Flink's rowtime rule); ` +
          `declaring it ${t.kind}(3) would read another Iceberg type (${t.kind === "TIMESTAMP" ? "timestamp" : "timestamptz"}, microseconds): use a column of microsecond or coarser precision as event time`,
      );
      ok = false;
    } else if (time > 3) {
      diag.error(
        "watermark.column",
        `${JSON.stringify(name)} is ${t.toString()}, and an event-time column needs a precision from 0 to 3 (Flink's rowtime rule); ` +
          `declare it ${t.kind}(3): Iceberg stores every ${t.kind}(0..6) as the same ${t.kind === "TIMESTAMP" ? "timestamp" : "timestamptz"} (microseconds), so the source reads the same column, to the millisecond`,
      );
      ok = false;
    }
  }

  if (arg.expression === undefined) {
    if (Object.hasOwn(extraOptions, "watermark-column")) {
      diag.error(
        'extraOptions["watermark-column"]',
        `watermark: { column: ${JSON.stringify(name)} } renders 'watermark-column' itself (source watermarks); remove extraOptions["watermark-column"]`,
      );
      ok = false;
    }
    if (!ok) return undefined;
    const position = [...columns.keys()].indexOf(name);
    if (columns.size > METRICS_MAX_INFERRED_COLUMNS && position >= METRICS_MAX_INFERRED_COLUMNS) {
      diag.warn(
        "watermark.column",
        `${JSON.stringify(name)} is column ${position + 1} of ${columns.size}: Iceberg keeps column statistics only for the first ${METRICS_MAX_INFERRED_COLUMNS} columns of a wider table unless the table sets ` +
          `write.metadata.metrics.column.${name} (e.g. truncate(16) or full), and the source fails on the first file without them ("Missing statistics for column name = ${name}", iceberg ColumnStatsWatermarkExtractor); ` +
          `set that table property where the table is written, or move the column among the first ${METRICS_MAX_INFERRED_COLUMNS}`,
      );
    }
    return { clause: { column: name, expression: SOURCE_WATERMARK }, options: { "watermark-column": name } };
  }

  const expression = sqlExpression(arg.expression, diag.at("watermark.expression"), "e.g. \"`ts` - INTERVAL '5' SECOND\", or leave expression out for source watermarks");
  if (expression === undefined || !ok) return undefined;
  if (/^source_watermark\s*\(\s*\)$/i.test(expression)) {
    diag.error("watermark.expression", `SOURCE_WATERMARK() is what watermark: { column: ${JSON.stringify(name)} } renders without expression, together with the 'watermark-column' it needs; remove expression`);
    return undefined;
  }
  if (!Object.hasOwn(extraOptions, "watermark-column")) {
    diag.warn(
      "watermark.expression",
      "a watermark computed from the rows assumes they arrive roughly in event-time order, and an Iceberg source reads its files in no such order " +
        "(the whole table first, then each snapshot's files, several at a time): in a streaming job, a window or interval join drops the rows of a file read after the watermark passed their time, without an error. " +
        "Leave expression out: the source then emits watermarks from each file's statistics and reads the files in event-time order (SOURCE_WATERMARK() with 'watermark-column'; Iceberg 1.9.0+)",
    );
  }
  return { clause: { column: name, expression }, options: {} };
}
