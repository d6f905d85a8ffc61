/**
 * The types Flink's validator gives operators over typed operands (expression-types.ts reads the
 * operands, function-types.ts the calls): arithmetic, `||`, `%`, the aggregates' results and the
 * least restrictive type of several values (CASE, COALESCE, IF ...). Flink takes these operators
 * from Calcite (flink `FlinkSqlOperatorTable`: PLUS, MINUS, MULTIPLY, DIVIDE, PERCENT_REMAINDER,
 * CONCAT, CASE ... are calcite `SqlStdOperatorTable`'s) with flink `FlinkTypeSystem` as the type
 * system; where a rule is Flink's own the function says so.
 */
import type { TableColumn } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import { MAX_DECIMAL_PRECISION, MAX_LENGTH } from "../types/data-type.js";
import { DataTypes } from "../types/datatypes.js";
import { INTEGER_DIGITS } from "./select-item-types.js";
import type { ValueBound } from "./value-bounds.js";
import type { Truncation } from "./whole-numbers.js";

/** A typed expression: its type, and how Flink came to it (`as Flink types COUNT`), for messages. */
export interface DerivedType {
  readonly type: DataType;
  /** The rule of the outermost operation, undefined for a column or a literal. */
  readonly why?: string;
  /**
   * What its values can be where narrower than `type` says (value-bounds.ts): `amount * 1.19` of a
   * DECIMAL(10, 2) is a DECIMAL(14, 4), yet no value has more than 9 digits before the point. Undefined: `type`'s.
   */
  readonly bound?: ValueBound;
  /** The whole-number result of an integer AVG or division this value is or is computed from (whole-numbers.ts), for the fractional-column warning. */
  readonly truncated?: Truncation;
  /** The nullable columns of the expression's scope whose NULL makes it NULL (null-propagation.ts); undefined: none derived. */
  readonly nullIf?: readonly TableColumn[];
}

export const isString = (t: DataType): boolean => t.kind === "CHAR" || t.kind === "VARCHAR";
export const isExact = (t: DataType): boolean => INTEGER_DIGITS.has(t.kind) || t.kind === "DECIMAL";
const isApproximate = (t: DataType): boolean => t.kind === "FLOAT" || t.kind === "DOUBLE";
export const isNumeric = (t: DataType): boolean => isExact(t) || isApproximate(t);
/** TIMESTAMP(p) or TIMESTAMP_LTZ(p): what timestamp arithmetic keeps. */
export const isTimestamp = (t: DataType): boolean => t.kind === "TIMESTAMP" || t.kind === "TIMESTAMP_LTZ";

/** A DECIMAL(p, s) of LogicalTypeMerging's rules, or undefined past 38 digits (where the versions' scale adjustments apply). */
function decimal(p: number, s: number): DataType | undefined {
  return p <= MAX_DECIMAL_PRECISION ? DataTypes.DECIMAL(p, s) : undefined;
}

/** Precision and scale of an exact number as Calcite reads it into DECIMAL arithmetic (an integer as DECIMAL(3 | 5 | 10 | 19, 0)). */
function digits(t: DataType): [number, number] {
  return t.kind === "DECIMAL" ? [t.precision, t.scale] : [INTEGER_DIGITS.get(t.kind)!, 0];
}

/** Nullable when any of `types` is (calcite SqlTypeTransforms.TO_NULLABLE). */
export function nullableIfAny(t: DataType, types: readonly DataType[]): DataType {
  return t.withNullability(types.some((o) => o.isNullable));
}

/**
 * Two exact numbers merged (calcite `SqlTypeFactoryImpl.leastRestrictiveSqlType`, the same as flink
 * `LogicalTypeMerging.createCommonExactNumericType`): two integers give the wider one; with a DECIMAL,
 * d = max(p1 - s1, p2 - s2) whole digits (at most 38) and s = max(s1, s2) (at most 38 - d).
 */
function commonExact(r: DataType, t: DataType): DataType {
  if (r.kind !== "DECIMAL" && t.kind !== "DECIMAL") return INTEGER_DIGITS.get(t.kind)! > INTEGER_DIGITS.get(r.kind)! ? t : r;
  const [p1, s1] = digits(r);
  const [p2, s2] = digits(t);
  const d = Math.min(Math.max(p1 - s1, p2 - s2), MAX_DECIMAL_PRECISION);
  const s = Math.min(Math.max(s1, s2), MAX_DECIMAL_PRECISION - d);
  return DataTypes.DECIMAL(d + s, s);
}

/**
 * The rule that merges the values of CASE, IF and arithmetic ("calcite": flink `FlinkTypeFactory.leastRestrictive`,
 * which for types not all alike is calcite `SqlTypeFactoryImpl.leastRestrictive`) or of COALESCE and
 * IFNULL ("flink": flink `LogicalTypeMerging.findCommonType`, through the CommonTypeStrategy of
 * `BuiltInFunctionDefinitions.COALESCE` / `IfNullTypeStrategy`).
 */
export type MergeRule = "calcite" | "flink";

/**
 * Numbers merged left to right: exact with exact as `commonExact`; a DECIMAL with a FLOAT or DOUBLE
 * gives DOUBLE, an integer with one gives it. The rules part at a DECIMAL before a FLOAT (calcite
 * DOUBLE, flink FLOAT); FLOAT with DOUBLE is left untyped (calcite compares their precisions,
 * RelDataTypeSystemImpl.getDefaultPrecision 15 each, so the order would decide).
 */
function commonNumber(types: readonly DataType[], rule: MergeRule): DataType | undefined {
  let r = types[0]!;
  for (const t of types) {
    if (isExact(t)) {
      if (isExact(r)) r = commonExact(r, t);
      else if (t.kind === "DECIMAL") r = DataTypes.DOUBLE();
    } else if (isApproximate(r)) {
      if (r.kind !== t.kind) return undefined;
    } else {
      r = r.kind === "DECIMAL" && (rule === "calcite" || t.kind === "DOUBLE") ? DataTypes.DOUBLE() : t;
    }
  }
  return r;
}

/**
 * Character strings merged (both rules): the longest length; VARCHAR unless every one is a CHAR of
 * the same length (FlinkTypeSystem.shouldConvertRaggedUnionTypesToVarying: CHAR(1) and CHAR(2) give
 * VARCHAR(2), not a padded CHAR(2)).
 */
function commonString(types: readonly DataType[]): DataType {
  const lengths = types.map((t) => (t as { length: number }).length);
  const length = Math.max(...lengths);
  const fixed = types.every((t) => t.kind === "CHAR") && lengths.every((n) => n === length);
  return fixed ? DataTypes.CHAR(length) : DataTypes.VARCHAR(Math.min(length, MAX_LENGTH));
}

/**
 * The least restrictive type of `types` under `rule` (see MergeRule), or undefined where it is not
 * certain: NULLs are skipped, and the result is nullable when any type is (or is NULL); numbers merge
 * as `commonNumber`, character strings as `commonString`, BOOLEANs and otherwise only types alike
 * (same kind and precision: DATE, TIME(p), TIMESTAMP(p), TIMESTAMP_LTZ(p)). Anything else (a
 * number with a string, TIMESTAMP(3) with TIMESTAMP(6), rows ...) is left untyped.
 */
export function commonType(types: readonly DataType[], rule: MergeRule): DataType | undefined {
  const known = types.filter((t) => t.kind !== "NULL");
  if (known.length === 0) return undefined;
  let r: DataType | undefined;
  if (known.every(isNumeric)) r = commonNumber(known, rule);
  else if (known.every(isString)) r = commonString(known);
  else if (known.every((t) => t.nullable().equals(known[0]!.nullable())) && /^(?:BOOLEAN|DATE|TIME|TIMESTAMP|TIMESTAMP_LTZ)$/.test(known[0]!.kind)) r = known[0];
  return r === undefined ? undefined : nullableIfAny(r, types);
}

/**
 * `l op r` (calcite `SqlStdOperatorTable` PLUS, MINUS: ReturnTypes.NULLABLE_SUM; MULTIPLY:
 * PRODUCT_NULLABLE; DIVIDE: QUOTIENT_NULLABLE; PERCENT_REMAINDER and MOD: NULLABLE_MOD; CONCAT:
 * DYADIC_STRING_SUM_PRECISION_NULLABLE), nullable when an operand is; undefined where not certain:
 *
 * - two exact numbers, one a DECIMAL: flink `FlinkTypeSystem.deriveDecimalPlusType` / `MultiplyType` /
 *   `DivideType` = `LogicalTypeMerging.findAdditionDecimalType` (p = max(p1 - s1, p2 - s2) + max(s1, s2)
 *   + 1, s = max(s1, s2)), `findMultiplicationDecimalType` (p1 + p2 + 1, s1 + s2),
 *   `findDivisionDecimalType` (s = max(6, s1 + p2 + 1), p = p1 - s1 + s2 + s); `%` is
 *   `FlinkTypeSystem.deriveDecimalModType`: the second operand's type when both scales are 0
 *   (DECIMAL(10, 0) % INT is an INT), else `findModuloDecimalType` (s = max(s1, s2), p = min(p1 - s1,
 *   p2 - s2) + s); a result past 38 digits is untyped (LogicalTypeMerging then trades scale for digits);
 * - other numbers: `+ - * /` the least restrictive type ("calcite" commonType: two integers the wider,
 *   so `7 / 2` is an INT; with a DOUBLE a DOUBLE; a FLOAT with an integer a FLOAT, with a DECIMAL a
 *   DOUBLE); `%` of two integers the second one's type (ARG1_NULLABLE), of a FLOAT or DOUBLE nothing
 *   (Flink refuses it);
 * - a TIMESTAMP(p) / TIMESTAMP_LTZ(p) plus or minus an interval, or an interval plus one: the
 *   timestamp's type (calcite `leastRestrictiveSqlType` keeps the datetime of `datetime + interval`);
 * - `a || b` over character strings: CHAR(n1 + n2) for two CHARs, else VARCHAR(n1 + n2), STRING past its length.
 */
export function arithmeticType(op: string, l: DataType, r: DataType): DataType | undefined {
  const type = operatorResult(op, l, r);
  return type === undefined ? undefined : nullableIfAny(type, [l, r]);
}

function operatorResult(op: string, l: DataType, r: DataType): DataType | undefined {
  if (op === "||") {
    if (!isString(l) || !isString(r)) return undefined;
    const length = (l as { length: number }).length + (r as { length: number }).length;
    if (l.kind === "CHAR" && r.kind === "CHAR") return length <= MAX_LENGTH ? DataTypes.CHAR(length) : undefined;
    return DataTypes.VARCHAR(Math.min(length, MAX_LENGTH));
  }
  if (op === "+" || op === "-") {
    if (isTimestamp(l) && r.kind === "INTERVAL") return l;
    if (op === "+" && l.kind === "INTERVAL" && isTimestamp(r)) return r;
  }
  if (!isNumeric(l) || !isNumeric(r)) return undefined;
  if (isExact(l) && isExact(r) && (l.kind === "DECIMAL" || r.kind === "DECIMAL")) {
    const [p1, s1] = digits(l);
    const [p2, s2] = digits(r);
    switch (op) {
      case "*":
        return decimal(p1 + p2 + 1, s1 + s2);
      case "/": {
        const s = Math.max(6, s1 + p2 + 1);
        return decimal(p1 - s1 + s2 + s, s);
      }
      case "%": {
        if (s1 === 0 && s2 === 0) return r;
        const s = Math.max(s1, s2);
        return decimal(Math.min(p1 - s1, p2 - s2) + s, s);
      }
      default: {
        const s = Math.max(s1, s2);
        return decimal(Math.max(p1 - s1, p2 - s2) + s + 1, s);
      }
    }
  }
  if (op === "%") return isExact(l) && isExact(r) ? r : undefined;
  return commonType([l.nullable(), r.nullable()], "calcite");
}

/**
 * SUM / AVG / MIN / MAX of an argument of type `t`, or undefined: MIN and MAX keep it (calcite
 * `SqlMinMaxAggFunction`); SUM and AVG keep the integers, FLOAT and DOUBLE (Flink does not widen them),
 * give DECIMAL(38, s) for SUM and DECIMAL(38, max(6, s)) for AVG of a DECIMAL(p, s) (calcite
 * ReturnTypes.AGG_SUM / AVG_AGG_FUNCTION → `FlinkTypeSystem.deriveSumType` / `deriveAvgAggType` →
 * flink `LogicalTypeMerging.findSumAggType` / `findAvgAggType`).
 */
export function aggregateType(name: string, t: DataType): DataType | undefined {
  if (name === "MIN" || name === "MAX") return t.nullable();
  if (!isNumeric(t)) return undefined;
  if (t.kind !== "DECIMAL") return t.nullable();
  return name === "SUM" ? DataTypes.DECIMAL(38, t.scale) : DataTypes.DECIMAL(38, Math.max(6, t.scale));
}
