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
 * columns keep statistics for the first 100 only; modes none and counts keep no bounds); flink
 * `DefaultSchemaResolver` (a rowtime column is TIMESTAMP(p) or TIMESTAMP_LTZ(p), p 0..3),
 * `DynamicSourceUtils.validateWatermarks` (no `.` in a rowtime name),
 * `PushWatermarkIntoTableSourceScanRuleBase` (only an outermost SOURCE_WATERMARK() reaches the source).
 */
import type { ParsedColumn } from "../iceberg/types.js";
import { sqlExpression } from "../sql/expression.js";
import { watermarkAhead } from "../sql/watermark-ahead.js";
import { zeroWatermarkDelays } from "../sql/zero-intervals.js";
import { rowtimeNameProblem } from "../types/planner-limits.js";
import { codeOnly } from "../sql/split.js";
import { findWatermarkField } from "./watermark-field.js";
import { isDeferred } from "../validation/deferred.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { nameList } from "../validation/name-list.js";

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

/** Iceberg keeps column statistics of the first this many top-level columns of a wider table by default (core TableProperties). */
const METRICS_MAX_INFERRED_COLUMNS = 100;
const METRICS_PREFIX = "write.metadata.metrics.";

/** The rendered expression of a source watermark. */
export const SOURCE_WATERMARK = "SOURCE_WATERMARK()";

/** The problem of a `watermark` given as (or holding) a Pulumi Output, or undefined. */
export function deferredWatermarkProblem(raw: unknown): string | undefined {
  const inner = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  if (!isDeferred(raw) && !isDeferred(inner["column"]) && !isDeferred(inner["expression"])) return undefined;
  return "must be plain values, not a Pulumi Output: the watermark is part of the CREATE TABLE, which is checked at preview; write the column name (and expression) as strings";
}

/**
 * A table property as the table gets it when the connector creates it: a catalog's
 * `table-override.` value wins over the table's own (WITH), which wins over `table-default.`
 * (iceberg catalog table builders).
 */
function tableProperty(props: Readonly<Record<string, string>>, key: string): string | undefined {
  return props[`table-override.${key}`] ?? props[key] ?? props[`table-default.${key}`];
}

/**
 * Whether data files keep a lower bound of `name` (column `position` of `count` top-level columns)
 * under the metrics properties in `props`: an error for a mode set to none or counts, a warning for
 * a column past the inferred limit of a wide table (its real properties may differ).
 */
function checkStatistics(name: string, position: number, count: number, props: Readonly<Record<string, string>>, diag: Diagnostics): boolean {
  const columnKey = `${METRICS_PREFIX}column.${name}`;
  const defaultKey = `${METRICS_PREFIX}default`;
  const set = tableProperty(props, columnKey) !== undefined ? columnKey : tableProperty(props, defaultKey) !== undefined ? defaultKey : undefined;
  if (set !== undefined) {
    const mode = tableProperty(props, set)!.trim().toLowerCase();
    if (mode === "none" || mode === "counts") {
      diag.error(
        "watermark.column",
        `the table property ${set} = ${JSON.stringify(mode)} keeps no lower bound of ${JSON.stringify(name)} in the data files, and source watermarks need one per file: the read fails ("Missing statistics for column name = ${name}", iceberg ColumnStatsWatermarkExtractor); ` +
          `set ${columnKey} to truncate(16) or full`,
      );
      return false;
    }
    return true;
  }
  const maxText = tableProperty(props, `${METRICS_PREFIX}max-inferred-column-defaults`);
  const max = maxText !== undefined && /^\d+$/.test(maxText.trim()) ? Number(maxText.trim()) : METRICS_MAX_INFERRED_COLUMNS;
  if (count > max && position >= max) {
    diag.warn(
      "watermark.column",
      `${JSON.stringify(name)} is column ${position + 1} of ${count}: Iceberg keeps column statistics only for the first ${max} columns of a wider table unless the table sets ` +
        `${columnKey} (e.g. truncate(16) or full), and the source fails on the first file without them ("Missing statistics for column name = ${name}", iceberg ColumnStatsWatermarkExtractor); ` +
        `set that table property where the table is written, or move the column among the first ${max}`,
    );
  }
  return true;
}

/**
 * `extraOptions["watermark-column"]` (given on its own, or beside an expression watermark): a
 * field Iceberg's ColumnStatsWatermarkExtractor accepts, found as `Schema.findField` finds it (exact
 * case; a field of a ROW column by its dotted name, e.g. `event.ts`; watermark-field.ts):
 * TIMESTAMP(p), TIMESTAMP_LTZ(p) or BIGINT (a long, read with `watermark-column-time-unit`), and
 * not inside an ARRAY, MULTISET or MAP, whose fields keep no lower bound in the data files.
 */
export function checkWatermarkColumnOption(value: string, columns: ReadonlyMap<string, ParsedColumn | null>, diag: Diagnostics): void {
  const at = 'extraOptions["watermark-column"]';
  // A column whose own type failed to parse is reported at its type.
  if (columns.get(value) === null) return;
  const field = findWatermarkField(columns, value);
  if (field === undefined) {
    if (value.includes(".") && columns.get(value.split(".")[0]!) === null) return;
    diag.error(
      at,
      `names ${JSON.stringify(value)}, which is not a column (columns: ${nameList([...columns.keys()])}) or a field of a ROW column (write it as column.field, e.g. "event.ts"); ` +
        'the source fails at start ("Cannot find watermark column"; names match exactly)',
    );
    return;
  }
  const kind = field.type.kind;
  if (kind !== "TIMESTAMP" && kind !== "TIMESTAMP_LTZ" && kind !== "BIGINT") {
    diag.error(at, `${JSON.stringify(value)} is ${field.type.toString()}; Iceberg reads watermarks from a timestamp, timestamptz or long column (TIMESTAMP, TIMESTAMP_LTZ or BIGINT) and fails at start otherwise`);
  } else if (field.inCollection) {
    diag.error(
      at,
      `${JSON.stringify(value)} is inside the ARRAY, MULTISET or MAP column ${JSON.stringify(field.column)}, and Iceberg keeps no lower bound of a field inside a list or map in the data files, which the source reads watermarks from: ` +
        `the read fails on the first file ("Missing statistics for column name = ${value}", iceberg ColumnStatsWatermarkExtractor); name a top-level column or a field of a ROW column`,
    );
  }
}

/**
 * Checks `watermark` against the columns given (name → parsed column, null when its own type
 * failed), the table's extraOptions and the table properties it sets (`props`: extraOptions and
 * catalog.properties); problems go to `diag` under `watermark.*`. Returns undefined when a rule failed.
 */
export function planSourceWatermark(
  arg: WatermarkArg,
  columns: ReadonlyMap<string, ParsedColumn | null>,
  extraOptions: Readonly<Record<string, string>>,
  props: Readonly<Record<string, string>>,
  diag: Diagnostics,
): SourceWatermark | undefined {
  let ok = true;
  const name = arg.column;
  const column = columns.get(name);
  if (!columns.has(name)) {
    const names = [...columns.keys()];
    const nested = findWatermarkField(columns, name);
    diag.error(
      "watermark.column",
      nested !== undefined
        ? `${JSON.stringify(name)} is a field inside the column ${JSON.stringify(nested.column)}, and Flink's event-time (rowtime) column is a top-level column ("A nested field '${name}' cannot be declared as rowtime attribute"); ` +
            `set watermark on a top-level column, and to start the files in the order of this field set extraOptions["watermark-column"] = ${JSON.stringify(name)} beside a watermark expression`
        : `names ${JSON.stringify(name)}, which is not a column${names.length > 0 ? ` (columns: ${nameList(names)})` : ""}`,
    );
    ok = false;
  } else if (rowtimeNameProblem(name) !== undefined) {
    diag.error("watermark.column", rowtimeNameProblem(name)!);
    ok = false;
  } else if (column !== null && column !== undefined) {
    const t = column.type;
    const time = t.kind === "TIMESTAMP" || t.kind === "TIMESTAMP_LTZ" ? t.precision : undefined;
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
    if (ok) ok = checkStatistics(name, [...columns.keys()].indexOf(name), columns.size, props, diag);
    return ok ? { clause: { column: name, expression: SOURCE_WATERMARK }, options: { "watermark-column": name } } : undefined;
  }

  const expression = sqlExpression(arg.expression, diag.at("watermark.expression"), "e.g. \"`ts` - INTERVAL '5' SECOND\", or leave expression out for source watermarks");
  if (expression === undefined) return undefined;
  for (const w of zeroWatermarkDelays(expression)) diag.warn("watermark.expression", w);
  for (const w of watermarkAhead(name, expression)) diag.warn("watermark.expression", w);
  if (/\bSOURCE_WATERMARK\b/i.test(codeOnly(expression))) {
    diag.error(
      "watermark.expression",
      `SOURCE_WATERMARK() is what watermark: { column: ${JSON.stringify(name)} } renders without expression, together with the 'watermark-column' it needs, and Flink hands it to the source only as the whole expression; remove expression`,
    );
    return undefined;
  }
  if (!ok) return undefined;
  diag.warn(
    "watermark.expression",
    "a watermark computed from the rows (the highest time seen, minus the delay) assumes they arrive close to event-time order, and an Iceberg source reads several files at a time, the whole table first, each file spanning its own time range " +
      "(extraOptions[\"watermark-column\"] only starts the files in order of their earliest time): in a streaming job, a window or interval join drops every row the watermark has passed, without an error. " +
      "Leave expression out: the source then emits each file's earliest time as the watermark before its rows, and starts the files in that order (SOURCE_WATERMARK() with 'watermark-column'; Iceberg 1.9.0+)",
  );
  return { clause: { column: name, expression }, options: {} };
}
