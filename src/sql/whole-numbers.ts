/**
 * Whole numbers written into a fractional column: an INSERT value that is the average of integers
 * or the quotient of two integers, going into a DOUBLE, FLOAT or DECIMAL column. Flink computes
 * both as integers, so the fraction is gone before the value is widened into the column:
 *
 * - `AVG(x)` of a TINYINT, SMALLINT, INT or BIGINT x has x's type (calcite `SqlAvgAggFunction`,
 *   ReturnTypes.AVG_AGG_FUNCTION → flink `FlinkTypeSystem.deriveAvgAggType` →
 *   `LogicalTypeMerging.findAvgAggType`: "resultType = argType" for anything but a DECIMAL), and its
 *   runtime divides the BIGINT sum by the BIGINT count as integers and casts the quotient to x's
 *   type (flink `AvgAggFunction.getValueExpression`: `cast(div(sum, count), resultType)`;
 *   `IntAvgAggFunction` etc.): the average of 1 and 2 is 1;
 * - `a / b` of two integers is the wider integer (calcite ReturnTypes.QUOTIENT_NULLABLE, the least
 *   restrictive type: operator-types.ts arithmeticType), computed with Java's integer `/` (flink
 *   `ScalarOperatorGens.generateBinaryArithmeticOperator`): `7 / 2` is 3, and
 *   `SUM(CASE WHEN paid THEN 1 ELSE 0 END) / COUNT(*)` is 0 or 1.
 *
 * Writing such a value into a fractional column says a fraction was meant: a warning (the job runs
 * and writes whole numbers) naming the expression and the CAST that keeps the fraction. Only the
 * value's outermost operation counts (through parentheses and a sign): `ROUND(AVG(x), 2)`,
 * `AVG(x) * 1.0` and `CAST(AVG(x) AS DOUBLE)` are not read. An integer AVG or quotient into an
 * integer column, and AVG of a DOUBLE or DECIMAL, are quiet.
 */
import type { DataType } from "../types/data-type.js";
import { INTEGER_DIGITS } from "./select-item-types.js";

/** A value that is the whole-number result of an integer AVG or division (DerivedType.truncated). */
export interface Truncation {
  readonly kind: "AVG" | "/";
  /** The expression as written (tables by their Flink names). */
  readonly shown: string;
  /** The same with the CAST that keeps the fraction: `AVG(CAST(qty AS DOUBLE))`, `CAST(paid AS DOUBLE) / COUNT(*)`. */
  readonly remedy: string;
  /** Where the expression is, for a value read from a view or WITH query: ` in the view in statements[0]`. */
  readonly where?: string;
}

const isInteger = (t: DataType): boolean => INTEGER_DIGITS.has(t.kind);

/**
 * `AVG([DISTINCT] arg) [FILTER (...)]` of an integer `argType`, as written (`shown`; `arg` and `filter`
 * its parts, `filter` empty without one), or undefined for another call or argument type.
 */
export function averageTruncation(name: string, argType: DataType, shown: string, distinct: boolean, arg: string, filter: string): Truncation | undefined {
  if (name !== "AVG" || !isInteger(argType)) return undefined;
  return { kind: "AVG", shown, remedy: `AVG(${distinct ? "DISTINCT " : ""}CAST(${arg} AS DOUBLE))${filter === "" ? "" : ` ${filter}`}` };
}

/**
 * The quotient `left / right` of two integers that ends a chain of `*` and `/` (`shown`), whose
 * first operand is `first` and the rest `rest` (`/ COUNT(*)`), or undefined for other operands.
 */
export function divisionTruncation(left: DataType, right: DataType, shown: string, first: string, rest: string): Truncation | undefined {
  if (!isInteger(left) || !isInteger(right)) return undefined;
  return { kind: "/", shown, remedy: `CAST(${first} AS DOUBLE) ${rest}` };
}

/**
 * The warning for value `i` (`typed`: its text and type for messages) carrying `t`, going into the
 * column `column` (described as `into`) of type `columnType`, or undefined when the column is no
 * DOUBLE, FLOAT or DECIMAL.
 */
export function truncationWarning(t: Truncation, typed: string, into: string, columnType: DataType): string | undefined {
  if (columnType.kind !== "DOUBLE" && columnType.kind !== "FLOAT" && columnType.kind !== "DECIMAL") return undefined;
  const how =
    t.kind === "AVG"
      ? "Flink averages integers as an integer of the argument's type (AVG of 1 and 2 is 1: flink AvgAggFunction divides the sum by the count as integers)"
      : "Flink divides two integers as integers (7 / 2 is 3)";
  return (
    `${typed} goes into ${into} (${columnType.nullable().toString()}): ${how}, so the value is truncated to a whole number before it is widened into the column, and its fraction is lost. ` +
    `Write ${t.remedy}${t.where ?? ""} to keep the fraction`
  );
}
