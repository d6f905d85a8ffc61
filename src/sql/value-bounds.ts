/**
 * What the values of a typed expression can be, where that is narrower than its type says
 * (DerivedType.bound): the largest absolute value of an exact number, and the digits of the
 * seconds' fraction a TIMESTAMP, TIMESTAMP_LTZ or TIME value carries. Flink types `amount * 1.19`
 * of a DECIMAL(10, 2) as DECIMAL(14, 4) (operator-types.ts), room for 10 digits before the point,
 * yet no value has more than 9 (|amount| <= 99999999.99, so the product is at most 118999999.9881);
 * sink-value-types.ts warns about the digits a sink column lacks only for values that can have them.
 *
 * The bound follows Flink's runtime arithmetic (flink `DecimalDataUtils`): `+`, `-` and `*` of
 * DECIMALs are exact (`add`, `subtract`, `multiply`: the result type holds every digit, up to the
 * 38 digits past which expression-types.ts types nothing); `/` rounds HALF_UP to the result's scale
 * (`divide`); `ROUND` rounds HALF_UP (`sround`), `FLOOR` / `CEIL` to a whole number (`floor`,
 * `ceil`), TRUNCATE toward 0; a CAST to DECIMAL(p, s) rounds HALF_UP to s (`castToDecimal` →
 * `DecimalData.fromBigDecimal`); an integer overflow wraps within the integer's range (Java
 * arithmetic), so an integer result never exceeds its type's range either. Every result is bounded
 * by its type's largest value too. The sources of bounds: a literal is its own value; a column, or
 * anything else, its type's largest value (DECIMAL(p, s): 10^(p - s) - 10^-s; INT: 2^31 ...);
 * `+ -` add the operands' bounds, `*` multiplies them, `/` divides by the divisor's least absolute
 * value other than 0 (a literal's value, else 10^-s of its DECIMAL(p, s) type, 1 of an integer),
 * `%` keeps the smaller; CASE, COALESCE, IF and the rows of a UNION ALL or VALUES the largest;
 * MIN / MAX their argument's bound, AVG too (rounded up to its scale); SUM, COUNT and anything not
 * read here have only their type's (SUM adds any number of rows). A SUM of DECIMALs keeps its
 * argument's largest value as `summed` (its type, DECIMAL(38, s), leaves room for 10^(38 - s)): the
 * narrowing warning counts SUM_ROWS_DIGITS more digits for it (sink-value-types.ts), the sum of a
 * billion rows each at that largest value, instead of the type's room.
 */
import type { DataType } from "../types/data-type.js";
import type { DerivedType } from "./operator-types.js";

/** A non-negative exact number: unscaled × 10^-scale. */
export interface Magnitude {
  readonly unscaled: bigint;
  readonly scale: number;
}

/** What an expression's values can be, where narrower than its type says (see the module comment). */
export interface ValueBound {
  /** The largest absolute value of an exact number, below its type's largest. */
  readonly max?: Magnitude;
  /** A constant's (a literal's) absolute value when it is not 0: the least a divisor can be. */
  readonly least?: Magnitude;
  /** The digits of the seconds' fraction the values carry, fewer than the type's precision (`CAST(ltz AS TIMESTAMP)`: 3 of 6). */
  readonly seconds?: number;
  /** A SUM of DECIMALs: the largest absolute value of one summed row (sumBound); the sum itself has only its type's bound. */
  readonly summed?: Magnitude;
}

/**
 * The digits a SUM needs beyond one row's before the point, for realistic headroom: 9, the sum of a
 * billion (10^9) rows each at the largest value. A SUM(DECIMAL(12, 2)) is a DECIMAL(38, 2), whose
 * overflow past a DECIMAL(22, 2) column's 20 digits takes about 10^10 rows at 9999999999.99 each.
 */
export const SUM_ROWS_DIGITS = 9;

const pow10 = (n: number): bigint => 10n ** BigInt(n);
/** The largest absolute value of each integer type (its minimum's: -2^(bits - 1)). */
const INTEGER_MAX: ReadonlyMap<string, bigint> = new Map([
  ["TINYINT", 128n],
  ["SMALLINT", 32768n],
  ["INT", 2n ** 31n],
  ["BIGINT", 2n ** 63n],
]);

/** `m` at `scale` (at least its own), exactly. */
function scaled(m: Magnitude, scale: number): bigint {
  return m.unscaled * pow10(scale - m.scale);
}

function compare(a: Magnitude, b: Magnitude): number {
  const s = Math.max(a.scale, b.scale);
  const x = scaled(a, s);
  const y = scaled(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}

const larger = (a: Magnitude, b: Magnitude): Magnitude => (compare(a, b) >= 0 ? a : b);
const smaller = (a: Magnitude, b: Magnitude): Magnitude => (compare(a, b) <= 0 ? a : b);

/** `n / d` (d > 0) rounded up to `scale` digits after the point. */
function quotientUp(n: Magnitude, d: Magnitude, scale: number): Magnitude {
  // n / d = (n.unscaled * 10^d.scale) / (d.unscaled * 10^n.scale).
  const num = n.unscaled * pow10(d.scale + scale);
  const den = d.unscaled * pow10(n.scale);
  return { unscaled: (num + den - 1n) / den, scale };
}

/** `m` rounded HALF_UP (`up`: up) to `scale` digits after the point, as java BigDecimal.setScale rounds a positive number. */
function rounded(m: Magnitude, scale: number, up = false): Magnitude {
  if (scale >= m.scale) return m;
  const unit = pow10(m.scale - scale);
  const q = m.unscaled / unit;
  const r = m.unscaled % unit;
  return { unscaled: r === 0n ? q : up || 2n * r >= unit ? q + 1n : q, scale };
}

/** The largest absolute value of an exact number type (DECIMAL(p, s): 10^(p - s) - 10^-s), undefined for another type. */
export function typeMax(t: DataType): Magnitude | undefined {
  if (t.kind === "DECIMAL") return { unscaled: pow10(t.precision) - 1n, scale: t.scale };
  const max = INTEGER_MAX.get(t.kind);
  return max === undefined ? undefined : { unscaled: max, scale: 0 };
}

/** The largest absolute value of `d`'s values: its bound, else its type's; undefined for no exact number. */
export function maxOf(d: DerivedType): Magnitude | undefined {
  return d.bound?.max ?? typeMax(d.type);
}

/** The least absolute value other than 0 `d` can have (a divisor): a literal's value, else 10^-s of a DECIMAL(p, s), 1 of an integer. */
function leastOf(d: DerivedType): Magnitude | undefined {
  if (d.bound?.least !== undefined) return d.bound.least;
  if (d.type.kind === "DECIMAL") return { unscaled: 1n, scale: d.type.scale };
  return INTEGER_MAX.has(d.type.kind) ? { unscaled: 1n, scale: 0 } : undefined;
}

/** A bound of `max` for values of `type`: kept only below the type's largest value. */
function numberBound(type: DataType, max: Magnitude | undefined): ValueBound | undefined {
  const limit = typeMax(type);
  return max === undefined || limit === undefined || compare(max, limit) >= 0 ? undefined : { max };
}

/** A numeric literal as written (`1000`, `0.19`, `.5`, `7.`) of exact `type`: its value, also the least a divisor it is can be. */
export function literalBound(written: string, type: DataType): ValueBound | undefined {
  const m = typeMax(type) === undefined ? null : /^(\d*)(?:\.(\d*))?$/.exec(written);
  if (m === null || `${m[1]}${m[2] ?? ""}` === "") return undefined;
  const value = { unscaled: BigInt(`${m[1]}${m[2] ?? ""}` || "0"), scale: (m[2] ?? "").length };
  return value.unscaled === 0n ? { max: value } : { max: value, least: value };
}

/**
 * The bound of `l op r` of `type` (`+ - * / %` over exact numbers), or undefined where it is no
 * narrower than the type: see the module comment.
 */
export function arithmeticBound(op: string, l: DerivedType, r: DerivedType, type: DataType): ValueBound | undefined {
  if (typeMax(type) === undefined) return undefined;
  const a = maxOf(l);
  const b = maxOf(r);
  if (a === undefined || b === undefined) return undefined;
  switch (op) {
    case "+":
    case "-": {
      const s = Math.max(a.scale, b.scale);
      return numberBound(type, { unscaled: scaled(a, s) + scaled(b, s), scale: s });
    }
    case "*":
      return numberBound(type, { unscaled: a.unscaled * b.unscaled, scale: a.scale + b.scale });
    case "/": {
      const least = leastOf(r);
      return least === undefined ? undefined : numberBound(type, quotientUp(a, least, type.kind === "DECIMAL" ? type.scale : 0));
    }
    case "%":
      return numberBound(type, smaller(a, b));
    default:
      return undefined;
  }
}

/** The fractional-second digits of a TIMESTAMP, TIMESTAMP_LTZ or TIME type, undefined for another. */
export function secondsOf(t: DataType): number | undefined {
  return t.kind === "TIMESTAMP" || t.kind === "TIMESTAMP_LTZ" || t.kind === "TIME" ? t.precision : undefined;
}

/**
 * The bound of the merged `values` (CASE, COALESCE, IF, a UNION ALL's or VALUES column) of `type`:
 * the largest of theirs (NULLs have none); undefined where that is the type's.
 */
export function mergedBound(type: DataType, values: readonly DerivedType[]): ValueBound | undefined {
  const known = values.filter((v) => v.type.kind !== "NULL");
  const precision = secondsOf(type);
  if (known.length === 0) return undefined;
  if (precision !== undefined) {
    const seconds = Math.max(...known.map((v) => v.bound?.seconds ?? secondsOf(v.type) ?? precision));
    return seconds < precision ? { seconds } : undefined;
  }
  let max: Magnitude | undefined;
  for (const v of known) {
    const m = maxOf(v);
    if (m === undefined) return undefined;
    max = max === undefined ? m : larger(max, m);
  }
  return numberBound(type, max);
}

/**
 * The bound of a value of `type` whose values are `d`'s: unchanged (ABS, TRUNCATE, MIN, MAX), or
 * rounded to `digits` HALF_UP (ROUND: DecimalDataUtils.sround), or "up" to the type's scale (FLOOR and
 * CEIL to whole numbers: DecimalDataUtils.floor / ceil; AVG, which divides within its argument's values).
 */
export function sameBound(d: DerivedType, type: DataType, digits?: number | "up"): ValueBound | undefined {
  if (secondsOf(type) !== undefined) return d.bound?.seconds !== undefined && d.bound.seconds < secondsOf(type)! ? { seconds: d.bound.seconds } : undefined;
  const max = d.bound?.max;
  if (max === undefined && digits === undefined) return undefined;
  const m = maxOf(d);
  if (m === undefined) return undefined;
  if (digits === undefined) return numberBound(type, m);
  const up = digits === "up";
  return numberBound(type, rounded(m, up ? (type.kind === "DECIMAL" ? type.scale : 0) : digits, up));
}

/**
 * The bound of `CAST(x AS type)` (also TRY_CAST) where x's values are `operand`'s (undefined: not
 * typed): to a DECIMAL(p, s) x's largest value rounded HALF_UP to s, to an integer x's (Flink cuts
 * the fraction: DecimalDataUtils.castToIntegral), both at most the type's; to a TIMESTAMP,
 * TIMESTAMP_LTZ or TIME the fractional-second digits x carries (a TIMESTAMP_LTZ(3) cast to TIMESTAMP
 * keeps 3 of 6: flink TimestampToTimestampCastRule and the LTZ casts convert the instant, adding no
 * digits; a DATE none).
 */
export function castBound(operand: DerivedType | undefined, type: DataType): ValueBound | undefined {
  if (operand === undefined) return undefined;
  const precision = secondsOf(type);
  if (precision !== undefined) {
    const seconds = operand.type.kind === "DATE" ? 0 : (operand.bound?.seconds ?? secondsOf(operand.type));
    return seconds !== undefined && seconds < precision ? { seconds } : undefined;
  }
  const m = typeMax(operand.type) === undefined ? undefined : maxOf(operand);
  if (m === undefined) return undefined;
  return numberBound(type, type.kind === "DECIMAL" ? rounded(m, type.scale) : m);
}

/**
 * The bound of `SUM(x)` where x's values are `d`'s: for a DECIMAL x, its largest value as `summed`
 * (SUM_ROWS_DIGITS); undefined for other types (a SUM of integers keeps the integer's type, flink
 * `LogicalTypeMerging.findSumAggType`, and wraps within it).
 */
export function sumBound(d: DerivedType): ValueBound | undefined {
  const m = d.type.kind === "DECIMAL" ? maxOf(d) : undefined;
  return m === undefined ? undefined : { summed: m };
}

/**
 * The digits of `m`'s whole part (0 for a value below 1), once rounded HALF_UP to `scale` as Flink
 * rounds a value into a DECIMAL of that scale (99.96 to scale 1 is 100.0: 3 digits); by default as it is.
 */
export function wholeDigits(m: Magnitude, scale = m.scale): number {
  const r = rounded(m, scale);
  const whole = r.unscaled / pow10(r.scale);
  return whole === 0n ? 0 : whole.toString().length;
}

/**
 * The digits before the point values up to `bound` have once rounded into a DECIMAL(p, s) `to`,
 * when more than it holds (flink `DecimalData.fromBigDecimal` rounds HALF_UP to s, then gives NULL
 * for more than p digits: 99.999 into a DECIMAL(3, 1) is 100.0, NULL); undefined when every value fits.
 */
export function digitsPastDecimal(bound: Magnitude, to: Extract<DataType, { kind: "DECIMAL" }>): number | undefined {
  const digits = wholeDigits(bound, to.scale);
  return digits > to.precision - to.scale ? digits : undefined;
}
