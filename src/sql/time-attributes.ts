/**
 * The time attributes of a FlinkTable's columns: the watermark's column (rowtime) and PROCTIME()
 * columns, with the type a computed one's expression gives it (flink: PROCTIME() and
 * TO_TIMESTAMP_LTZ(x[, p]) return TIMESTAMP_LTZ(3); CAST / TRY_CAST return the named type).
 */
import type { TableColumn } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import { parseDataType } from "../types/parser.js";
import type { RenderColumn } from "./create-table.js";

/** A computed column that is a processing-time attribute. */
export const PROCTIME = /^PROCTIME\s*\(\s*\)$/i;

/**
 * The type of a computed time column when its expression says it: `PROCTIME()` is TIMESTAMP_LTZ(3);
 * `TO_TIMESTAMP_LTZ(x[, p])` is TIMESTAMP_LTZ(3) (flink: the precision of its result is 3);
 * `CAST(x AS T)` / `TRY_CAST` is T. Nothing for another expression.
 */
function computedTimeType(expression: string): { timeType?: DataType } {
  const e = expression.trim();
  if (PROCTIME.test(e) || /^TO_TIMESTAMP_LTZ\s*\(/i.test(e)) return { timeType: parseDataType("TIMESTAMP_LTZ(3)") };
  const cast = /^(?:TRY_)?CAST\s*\([\s\S]*\bAS\s+([A-Za-z_][\s\S]*?)\)\s*$/i.exec(e);
  if (cast === null) return {};
  try {
    return { timeType: parseDataType(cast[1]!) };
  } catch {
    return {};
  }
}

/** Whether column `c` is a time attribute: the watermark's column (rowtime) or a PROCTIME() column, with a computed one's type. */
export function timeAttributeOf(c: RenderColumn, rowtime: string | undefined): Pick<TableColumn, "timeAttribute" | "timeType"> {
  const proctime = c.kind === "computed" && PROCTIME.test(c.expression);
  if (c.name !== rowtime && !proctime) return {};
  return Object.assign({ timeAttribute: c.name === rowtime ? ("rowtime" as const) : ("proctime" as const) }, c.kind === "computed" ? computedTimeType(c.expression) : {});
}
