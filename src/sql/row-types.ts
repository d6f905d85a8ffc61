/**
 * The type of one column of several rows that Flink's validator merges into one row type: the
 * branches of a set operation (set-operations.ts: calcite `SqlSetOperator`, ReturnTypes.LEAST_RESTRICTIVE,
 * checked by `SetopOperandTypeChecker`) and the rows of a VALUES clause (values-rows.ts: calcite
 * `SqlValidatorImpl.validateValues` and `getTableConstructorRowType`). Both take, per column, flink
 * `FlinkTypeFactory.leastRestrictive` of the rows' types (calcite `SqlTypeFactoryImpl.leastRestrictive`
 * as Flink's copy reads it: operator-types.ts commonType, "calcite"), and refuse a column whose types
 * have none; Flink's validator coerces no types (type coercion disabled), so no CAST is added.
 */
import type { DataType } from "../types/data-type.js";
import { commonType, isNumeric, isString, type DerivedType } from "./operator-types.js";
import { mergedBound, type ValueBound } from "./value-bounds.js";

/** One row's value in the column: its type and rule, and whether it is a literal (whose digits are known). */
export interface Cell {
  readonly derived: DerivedType;
  readonly literal: boolean;
}

/** A column of several rows: its merged type (`bound` as DerivedType.bound), or "none" when Flink finds no common type. */
export type MergedColumn = { readonly type: DataType; readonly bound: ValueBound | undefined; readonly literal: boolean } | "none";

/** The type family calcite compares first (SqlTypeName's SqlTypeFamily), for the families whose mismatch is certain. */
function family(t: DataType): string | undefined {
  if (t.kind === "BOOLEAN") return "BOOLEAN";
  if (isNumeric(t)) return "NUMERIC";
  if (isString(t)) return "CHARACTER";
  if (t.kind === "BINARY" || t.kind === "VARBINARY") return "BINARY";
  return undefined;
}

/**
 * True when Flink's validator certainly finds no common type for `types`: every one is NULL (which
 * merges with anything) or a BOOLEAN, number, character string or binary string, and two are of
 * different families. calcite `SqlTypeFactoryImpl.leastRestrictiveSqlType` returns null at the first
 * type of another family (and for a BOOLEAN not alike), and `leastRestrictiveByCast` then finds no
 * type the others are assignable to (`SqlTypeAssignmentRule`: BOOLEAN only from BOOLEAN, CHAR from
 * CHAR, VARCHAR from CHAR and VARCHAR, numbers only from numbers, binary only from binary).
 * Date-times and intervals are left out: calcite merges `INT` with a following TIMESTAMP into the
 * TIMESTAMP (its `datetime + integer` special case).
 */
export function noCommonType(types: readonly DataType[]): boolean {
  const known = types.filter((t) => t.kind !== "NULL");
  const families = known.map(family);
  return families.every((f) => f !== undefined) && new Set(families).size > 1;
}

/**
 * The column whose rows hold `cells` (undefined: a value not typed), merged as Flink merges it:
 * undefined where that is not certain (a value not typed, a merge commonType leaves untyped);
 * "none" where Flink refuses the column (noCommonType).
 */
export function mergeColumn(cells: readonly (Cell | undefined)[]): MergedColumn | undefined {
  if (cells.some((c) => c === undefined)) return undefined;
  const values = cells.map((c) => c!.derived);
  const types = values.map((v) => v.type);
  if (noCommonType(types)) return "none";
  const type = commonType(types, "calcite");
  if (type === undefined) return undefined;
  return { type, bound: mergedBound(type, values), literal: cells.every((c) => c!.literal) };
}
