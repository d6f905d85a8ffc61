/**
 * What Flink's planner accepts beyond the type syntax: the parser takes TIME(0) to TIME(9)
 * (flink `LogicalTypeParser`, `TimeType`), but the planner supports TIME precision 0 to 3 only
 * ("TIME precision is not supported: p") and turns every TIME into TIME(0) (flink
 * `table/planner/.../calcite/FlinkTypeFactory` toLogicalType). Every table's columns meet it.
 */
import type { DataType } from "./data-type.js";

/** The largest TIME precision Flink's planner accepts. */
export const MAX_PLANNER_TIME_PRECISION = 3;

/** The problem with a TIME type of precision `p` above the planner's limit (`where` names the column or field). */
export function timePrecisionProblem(where: string, type: DataType & { precision: number }): string {
  return (
    `${where}: ${type.toString()}: Flink's planner supports TIME precision 0 to ${MAX_PLANNER_TIME_PRECISION} only (it fails with 'TIME precision is not supported: ${type.precision}') and keeps whole seconds; ` +
    "write TIME (or TIME(0)), or TIMESTAMP(6) when fractions of a second matter"
  );
}

/** The warning for TIME(1..3): accepted, but read as TIME(0). */
export function timeFractionWarning(where: string, type: DataType): string {
  return `${where}: ${type.toString()}: Flink's planner reads every TIME as TIME(0), so fractions of a second are dropped; write TIME, or TIMESTAMP(3) when they matter`;
}

/** The first type inside `type` (itself, then nested) that `test` accepts, with the path to it (`a.b[]{value}`). */
function firstInside(type: DataType, path: string, test: (t: DataType) => boolean): { path: string; type: DataType } | undefined {
  if (test(type)) return { path, type };
  switch (type.kind) {
    case "ARRAY":
    case "MULTISET":
      return firstInside(type.elementType, `${path}[]`, test);
    case "MAP":
      return firstInside(type.keyType, `${path}{key}`, test) ?? firstInside(type.valueType, `${path}{value}`, test);
    case "ROW":
      for (const f of type.fields) {
        const found = firstInside(f.type, `${path}.${f.name}`, test);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}

/** The first TIME inside `type` (itself or nested) above the planner's precision, with the path to it (`a.b[]{value}`). */
export function timeAbovePlannerLimit(type: DataType, path: string): { path: string; type: DataType & { precision: number } } | undefined {
  return firstInside(type, path, (t) => t.kind === "TIME" && t.precision > MAX_PLANNER_TIME_PRECISION) as { path: string; type: DataType & { precision: number } } | undefined;
}

/**
 * The problem with a TIMESTAMP WITH TIME ZONE inside `type`, or undefined: Flink's type system
 * declares it, but its planner runs none (flink docs types.md "not supported by the planner"; the
 * code generators throw "Unsupported type").
 */
export function zonedTimestampProblem(type: DataType, path: string): string | undefined {
  const found = firstInside(type, path, (t) => t.kind === "TIMESTAMP_TZ");
  if (found === undefined) return undefined;
  return (
    `${found.path}: ${found.type.toString()}: Flink declares this type but its planner cannot run it (flink docs "Data Types": not supported by the planner; code generation fails with "Unsupported type"); ` +
    "write TIMESTAMP_LTZ(p) for an instant (shown in the session time zone), or TIMESTAMP(p)"
  );
}

/**
 * The problem with `name` as a watermark's (rowtime) column, or undefined: Flink reads a dotted
 * name as a nested field and refuses it (flink `DynamicSourceUtils.validateWatermarks`).
 */
export function rowtimeNameProblem(name: string): string | undefined {
  return name.includes(".")
    ? `${JSON.stringify(name)} has a '.', and Flink reads a dotted rowtime name as a nested field ("A nested field '${name}' cannot be declared as rowtime attribute"); use a column whose name has no '.'`
    : undefined;
}
