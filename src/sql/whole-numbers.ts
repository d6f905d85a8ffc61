/**
 * Whole numbers written into a fractional column: an INSERT value that is, or is computed from, the
 * average of integers or the quotient of two integers, going into a DOUBLE, FLOAT or DECIMAL column.
 * Flink computes both as integers, so the fraction is gone before anything else reads the value:
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
 *   `SUM(CASE WHEN paid THEN 1 ELSE 0 END) / COUNT(*)` is 0 or 1 (the quotient that ends a chain
 *   of `*` and `/` of integers: `a * b / c` is marked as a whole).
 *
 * The mark travels through what keeps the whole number it was given (expression-types.ts reads the
 * operations, `carriedTruncation`): parentheses and a sign; `CAST` / `TRY_CAST` to FLOAT, DOUBLE or
 * DECIMAL (`CAST(AVG(x) AS DOUBLE)` is 1.0); `ROUND`, `FLOOR`, `CEIL`, `ABS` and `TRUNCATE(x, n)` with
 * n > 0 (`ROUND(AVG(x), 2)` rounds the integer); `+ - * /` with any other operand (`AVG(x) * 1.0`;
 * `AVG(x) / 2` keeps AVG's mark rather than taking the integer division's, whose CAST would
 * leave AVG as it is); the values of CASE, COALESCE, IFNULL, IF and NULLIF. Not through a CAST to an
 * integer type nor TRUNCATE(x) / TRUNCATE(x, n <= 0): they cut the fraction toward 0 just as Java's
 * integer `/` does (flink `NumericPrimitiveCastRule` → `CastRuleUtils.castToPrimitive`, a Java
 * narrowing cast; `SqlFunctionUtils.struncate`: RoundingMode.DOWN), so the value is the same either
 * way; not through `%` / MOD (calcite `SqlStdOperatorTable.PERCENT_REMAINDER` / MOD take
 * OperandTypes.EXACT_NUMERIC_EXACT_NUMERIC: the DOUBLE of the CAST would not do) nor an aggregate, a
 * comparison or another function.
 *
 * Writing such a value into a fractional column says a fraction was meant: a warning (the job runs
 * and writes whole numbers) naming the integer AVG or quotient and the value rewritten with the CAST
 * that keeps the fraction (`AVG(CAST(x AS DOUBLE))` where `AVG(x)` was; a `CAST(... AS DOUBLE)` around
 * the AVG itself is left out as it is then a DOUBLE already). An integer AVG or quotient into an
 * integer column, and AVG of a DOUBLE or DECIMAL, are quiet.
 */
import type { DataType } from "../types/data-type.js";
import type { CallArgs } from "./function-types.js";
import type { DerivedType } from "./operator-types.js";
import { INTEGER_DIGITS } from "./select-item-types.js";

/** A value that is, or is computed from, the whole-number result of an integer AVG or division (DerivedType.truncated). */
export interface Truncation {
  readonly kind: "AVG" | "/";
  /** The AVG or quotient as written (tables by their Flink names). */
  readonly shown: string;
  /**
   * The value as written with the CAST that keeps the fraction: `AVG(CAST(qty AS DOUBLE))`,
   * `CAST(paid AS DOUBLE) / COUNT(*)`, `ROUND(AVG(CAST(qty AS DOUBLE)), 2)`; the view's or WITH query's
   * value where `where` says the AVG or quotient is in one.
   */
  readonly remedy: string;
  /** Where the AVG or quotient is, for a value read from a view or WITH query: ` in the view in statements[0]`. */
  readonly where?: string;
  /** True when an operation reads the whole number (`ROUND(AVG(x), 2)`), not only parentheses or a sign. */
  readonly carried?: boolean;
}

/** The text an expression is read from (expression-lexer.ts Lexer), for advice that rewrites part of it. */
export interface Written {
  /** The expression as written (the offsets of the code it is read from). */
  readonly text: string;
  /** text[start, end) as shown in messages (tables by their Flink names), trimmed. */
  shown(start: number, end: number): string;
}

/** An operand of an operation: its span [start, end) of the code, and its type where typed. */
export interface Operand {
  readonly start: number;
  readonly end: number;
  readonly typed: DerivedType | undefined;
}

const FRACTIONAL: ReadonlySet<string> = new Set(["DOUBLE", "FLOAT", "DECIMAL"]);
/** A DOUBLE, FLOAT or DECIMAL column: one a whole number warns about. */
export const isFractional = (t: DataType): boolean => FRACTIONAL.has(t.kind);

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

/** text[start, end) as shown, with the spaces around it as written. */
function spaced(w: Written, start: number, end: number): string {
  const raw = w.text.slice(start, end);
  if (raw.trim() === "") return raw;
  return raw.slice(0, raw.length - raw.trimStart().length) + w.shown(start, end) + raw.slice(raw.trimEnd().length);
}

/** code[start, end) as shown, each of `parts` (in order) replaced by its truncation's remedy. */
function spliced(w: Written, start: number, end: number, parts: readonly Operand[]): string {
  let out = "";
  let at = start;
  for (const p of parts) {
    const raw = w.text.slice(p.start, p.end);
    out += spaced(w, at, p.start + raw.length - raw.trimStart().length) + p.typed!.truncated!.remedy;
    at = p.start + raw.trimEnd().length;
  }
  return (out + spaced(w, at, end)).trim();
}

/**
 * The mark the operation over code[start, end) carries from the first of its operands `parts` that
 * has one, or undefined: its remedy is the operation as written with every marked operand's remedy in
 * place of it (the view's remedy where the first one's AVG or quotient is in a view). `reads`: false
 * for parentheses and a sign, which only pass the value on.
 */
export function carriedTruncation(parts: readonly Operand[], start: number, end: number, w: Written, reads = true): Truncation | undefined {
  const first = parts.find((p) => p.typed?.truncated !== undefined)?.typed?.truncated;
  if (first === undefined) return undefined;
  const local = parts.filter((p) => p.typed?.truncated !== undefined && p.typed.truncated.where === undefined);
  const remedy = first.where !== undefined ? first.remedy : spliced(w, start, end, local);
  return { ...first, remedy, ...(reads || first.carried === true ? { carried: true } : {}) };
}

/**
 * `CAST(operand AS target)` / TRY_CAST over code[start, end): the operand's mark for a FLOAT, DOUBLE or
 * DECIMAL target (an integer one cuts a fraction as the integer AVG or division does: see the module
 * comment); `CAST(AVG(x) AS DOUBLE)`'s remedy is `AVG(CAST(x AS DOUBLE))`, a DOUBLE already.
 */
export function castTruncation(operand: Operand | undefined, target: DataType, start: number, end: number, w: Written): Truncation | undefined {
  const t = operand?.typed?.truncated;
  if (t === undefined || !FRACTIONAL.has(target.kind)) return undefined;
  if (target.kind === "DOUBLE" && t.carried !== true && t.where === undefined) return { ...t, carried: true };
  return carriedTruncation([operand!], start, end, w);
}

/**
 * The call of built-in `name` with `args` over code[start, end) (typed by function-types.ts): the mark
 * of the argument ROUND, FLOOR, CEIL, ABS, TRUNCATE(x, n > 0) and NULLIF take the value of, or of
 * a value of COALESCE, IFNULL or IF (see the module comment).
 */
export function callTruncation(name: string, args: CallArgs, start: number, end: number, w: Written): Truncation | undefined {
  const parts = carryingArgs(name, args).map((i): Operand => ({ start: args.span(i)[0], end: args.span(i)[1], typed: args.type(i) }));
  return carriedTruncation(parts, start, end, w);
}

/** The arguments of `name` whose value its result keeps (see callTruncation). */
function carryingArgs(name: string, args: CallArgs): number[] {
  switch (name) {
    case "ROUND":
    case "FLOOR":
    case "CEIL":
    case "CEILING":
    case "ABS":
    case "NULLIF":
      return [0];
    case "TRUNCATE":
      return args.count === 2 && /^\d+$/.test(args.code(1)) && Number(args.code(1)) > 0 ? [0] : [];
    case "COALESCE":
    case "IFNULL":
      return Array.from({ length: args.count }, (_, i) => i);
    case "IF":
      return [1, 2];
    default:
      return [];
  }
}

/** A chain of operators of one precedence (`a / b * c`, `x + y`) read left to right from `start`, its first operand ending at `first`. */
export interface Chain {
  readonly start: number;
  readonly first: number;
  /** Only `*` and `/` so far. */
  products: boolean;
  /** The chain's own quotient mark, passed on through `*` (`a / b * c`). */
  own?: Truncation | undefined;
}

/**
 * `left op right` (`left` from the chain's start), typed: a `/` of two integers that ends a chain of
 * `*` and `/` is marked as a whole (divisionTruncation), unless an operand brings its own mark; else
 * an operand's mark is carried (not through `%`).
 */
export function operationTruncation(op: string, left: Operand, right: Operand, chain: Chain, w: Written): Truncation | undefined {
  chain.products &&= op === "*" || op === "/";
  const l = left.typed?.truncated;
  const r = right.typed?.truncated;
  const own = l === undefined || l === chain.own;
  const quotient =
    op === "/" && chain.products && own && r === undefined
      ? divisionTruncation(left.typed!.type, right.typed!.type, w.shown(chain.start, right.end), w.shown(chain.start, chain.first), w.shown(chain.first, right.end))
      : undefined;
  const t = quotient ?? (op === "%" ? undefined : carriedTruncation([left, right], chain.start, right.end, w));
  chain.own = quotient ?? (l !== undefined && own && r === undefined ? t : undefined);
  return t;
}

/**
 * The warning for value `i` (`typed`: its text and type for messages) carrying `t`, going into the
 * column `column` (described as `into`) of type `columnType`, or undefined when the column is no
 * DOUBLE, FLOAT or DECIMAL. A value computed from the whole number (`t.carried`) names the AVG or
 * quotient; the advice is the value rewritten (Truncation.remedy).
 */
export function truncationWarning(t: Truncation, typed: string, into: string, columnType: DataType): string | undefined {
  if (!FRACTIONAL.has(columnType.kind)) return undefined;
  const how =
    t.kind === "AVG"
      ? "Flink averages integers as an integer of the argument's type (AVG of 1 and 2 is 1: flink AvgAggFunction divides the sum by the count as integers)"
      : "Flink divides two integers as integers (7 / 2 is 3)";
  const where = t.where ?? "";
  const lost =
    t.carried === true
      ? `it is computed from ${t.shown}${where}, and ${how}, so ${t.shown} is truncated to a whole number before the rest of the value reads it, and its fraction is lost (no CAST, rounding or arithmetic after it brings it back)`
      : `${how}, so the value is truncated to a whole number before it is widened into the column, and its fraction is lost`;
  return `${typed} goes into ${into} (${columnType.nullable().toString()}): ${lost}. Write ${t.remedy}${where} to keep the fraction`;
}
