/**
 * The return types of Flink's built-in scalar functions called with typed arguments, where they are
 * certain (expression-types.ts reads the call and its arguments; calls with their own syntax, such as
 * CAST, TRIM(... FROM ...), POSITION(... IN ...) and FLOOR(... TO ...), are read there too). A SQL call
 * resolves first to a BuiltInFunctionDefinition that has a runtime implementation (flink
 * `FunctionCatalogOperatorTable.verifyFunctionKind`, e.g. COALESCE, IFNULL), else to flink
 * `FlinkSqlOperatorTable` (Flink's own functions and the ones it takes from calcite `SqlStdOperatorTable`).
 * `VARCHAR` without a length there is Flink's STRING (`FlinkTypeSystem.getDefaultPrecision`). Nullability:
 * "nullable when an argument is" is calcite SqlTypeTransforms.TO_NULLABLE, "always nullable"
 * FORCE_NULLABLE (flink `FlinkReturnTypes.VARCHAR_FORCE_NULLABLE`), not always read here (CHAR_LENGTH's
 * INT is nullable whatever its argument); the NOT NULL sink check reads which columns make a call NULL
 * instead (null-propagation.ts).
 */
import type { DataType } from "../types/data-type.js";
import { parseDataType } from "../types/parser.js";
import { DataTypes } from "../types/datatypes.js";
import { arithmeticType, commonType, isNumeric, isString, isTimestamp, nullableIfAny, type DerivedType, type MergeRule } from "./operator-types.js";
import { topLevelSplit } from "./top-level.js";
import { arithmeticBound, mergedBound, sameBound } from "./value-bounds.js";

/** The arguments of a call, read on demand. */
export interface CallArgs {
  readonly count: number;
  /** Argument i's type, undefined when it is not typed. */
  type(i: number): DerivedType | undefined;
  /** Argument i's code (literals blanked, quotes kept), trimmed. */
  code(i: number): string;
  /** Argument i as written, trimmed. */
  text(i: number): string;
  /** Argument i's span [start, end) of the code, trimmed. */
  span(i: number): [number, number];
}

/**
 * The arguments of the call whose parentheses are at `open` and `close` of `code` (`text` as written,
 * same offsets), each typed by `sub` over its span on demand, once.
 */
export function callArgs(code: string, text: string, open: number, close: number, sub: (start: number, end: number) => DerivedType | undefined): CallArgs {
  const blank = code.slice(open + 1, close).trim() === "";
  const spans = (blank ? [] : (topLevelSplit(code, open + 1, close) ?? [])).map(([s, e]): [number, number] => {
    while (s < e && /\s/.test(code[s]!)) s++;
    while (e > s && /\s/.test(code[e - 1]!)) e--;
    return [s, e];
  });
  const types = new Map<number, DerivedType | undefined>();
  const span = (i: number): [number, number] => spans[i] ?? [close, close];
  return {
    count: spans.length,
    type: (i) => {
      if (!types.has(i)) types.set(i, spans[i] === undefined ? undefined : sub(...spans[i]));
      return types.get(i);
    },
    code: (i) => code.slice(...span(i)),
    text: (i) => text.slice(...span(i)),
    span,
  };
}

/** Parenthesis-less functions (FlinkSqlOperatorTable `dynamicFunctions`, FlinkCurrentDateDynamicFunction). */
const NILADIC: ReadonlyMap<string, () => DataType> = new Map<string, () => DataType>([
  ["CURRENT_TIMESTAMP", () => DataTypes.TIMESTAMP_LTZ(3).notNull()],
  ["LOCALTIMESTAMP", () => DataTypes.TIMESTAMP(3).notNull()],
  ["CURRENT_DATE", () => DataTypes.DATE().notNull()],
]);

/** The type of the parenthesis-less function `word` (upper-cased): CURRENT_TIMESTAMP TIMESTAMP_LTZ(3), LOCALTIMESTAMP TIMESTAMP(3), CURRENT_DATE DATE, all NOT NULL; undefined for another word. */
export function niladicType(word: string): DataType | undefined {
  return NILADIC.get(word)?.();
}

/**
 * Functions whose result is Flink's STRING (FlinkSqlOperatorTable: VARCHAR without a length; DATE_FORMAT,
 * REGEXP_EXTRACT, SPLIT_INDEX, FROM_UNIXTIME and REVERSE always nullable, VARCHAR_FORCE_NULLABLE; the
 * others nullable when an argument is).
 */
const STRING_RESULTS = new Set(["DATE_FORMAT", "REGEXP_EXTRACT", "SPLIT_INDEX", "FROM_UNIXTIME", "REVERSE", "CONCAT", "CONCAT_WS", "LPAD", "RPAD", "REPLACE", "REGEXP_REPLACE", "REPEAT"]);
/** Calcite's DOUBLE_NULLABLE functions (SqlStdOperatorTable POWER, SQRT, LN, LOG10, EXP) and Flink's LOG, LOG2. */
const DOUBLE_RESULTS = new Set(["POWER", "SQRT", "LN", "LOG10", "EXP", "LOG", "LOG2"]);
/** Calcite's SqlDatePartFunction (YEAR(x) ...): BIGINT_NULLABLE, as EXTRACT. */
const DATE_PARTS = new Set(["YEAR", "QUARTER", "MONTH", "WEEK", "DAYOFYEAR", "DAYOFMONTH", "DAYOFWEEK", "HOUR", "MINUTE", "SECOND"]);
/** Hash functions: FlinkSqlOperatorTable MD5 CHAR(32), SHA1 CHAR(40), SHA256 CHAR(64), SHA2 VARCHAR(128). */
const HASHES: ReadonlyMap<string, () => DataType> = new Map([
  ["MD5", () => DataTypes.CHAR(32)],
  ["SHA1", () => DataTypes.CHAR(40)],
  ["SHA256", () => DataTypes.CHAR(64)],
  ["SHA2", () => DataTypes.VARCHAR(128)],
]);
/** TIMESTAMPADD's units whose result is the timestamp's own type (calcite `SqlTimestampAddFunction.deduceType`). */
const WHOLE_UNITS = /^(?:SECOND|MINUTE|HOUR|DAY|WEEK|MONTH|QUARTER|YEAR)$/i;

/** Every argument typed, or undefined. */
function allTyped(args: CallArgs): DerivedType[] | undefined {
  const out: DerivedType[] = [];
  for (let i = 0; i < args.count; i++) {
    const t = args.type(i);
    if (t === undefined) return undefined;
    out.push(t);
  }
  return out;
}

/** A CHAR(n) as VARCHAR(n), a VARCHAR as it is (calcite SqlTypeTransforms.TO_VARYING; flink FlinkReturnTypes.ARG0_VARCHAR_FORCE_NULLABLE). */
export function varying(t: DataType): DataType {
  return t.kind === "CHAR" ? DataTypes.VARCHAR(t.length).withNullability(t.isNullable) : t;
}

/** The values merged under `rule`: nullable when all of them are (`notNullIfAny`: COALESCE, IFNULL), else when any is (IF). */
function merged(values: readonly DerivedType[], rule: MergeRule, notNullIfAny: boolean, why: string): DerivedType | undefined {
  const type = commonType(
    values.map((v) => v.type),
    rule,
  );
  if (type === undefined) return undefined;
  const nullable = notNullIfAny ? values.every((v) => v.type.isNullable) : type.isNullable;
  const bound = mergedBound(type, values);
  return { type: type.withNullability(nullable), why, ...(bound ? { bound } : {}) };
}

/**
 * The type of the call of built-in `name` (upper-cased, not declared by the job) with `args`, or
 * undefined where it is not certain:
 *
 * - COALESCE(a, ...) and IFNULL(a, b): the arguments' common type (flink `BuiltInFunctionDefinitions.COALESCE`
 *   nullableIfAllArgs(COMMON), `IF_NULL` with `IfNullTypeStrategy`: `LogicalTypeMerging.findCommonType`),
 *   NOT NULL when any argument is; typed only where calcite's leastRestrictive agrees (Flink's newest
 *   COALESCE is calcite's again, FLINK-39577);
 * - IF(c, a, b): a and b's least restrictive type when both are numbers (flink FlinkSqlOperatorTable.IF,
 *   FlinkReturnTypes NUMERIC_FROM_ARG1_DEFAULT1_NULLABLE, in later versions IF_NULLABLE), a's when b is
 *   NULL, else only when a and b have the same type (the versions part on two strings: a's type or
 *   the common one);
 * - NULLIF(a, b): a's type, nullable (calcite SqlNullifFunction, ARG0_FORCE_NULLABLE);
 * - ABS(x): x's type (ARG0); ROUND(x [, n]) / TRUNCATE: x's type, for a DECIMAL(p, s) rounded to a
 *   literal n (0 without one) `LogicalTypeMerging.findRoundDecimalType` (n >= s: DECIMAL(p, s); else
 *   DECIMAL(1 + p - s + n, n)) (FlinkReturnTypes.ROUND_FUNCTION_NULLABLE); FLOOR(x) / CEIL(x): x's
 *   type, a DECIMAL(p, s) as DECIMAL(p, 0) (calcite SqlFloorFunction, ARG0_OR_EXACT_NO_SCALE); MOD(a, b)
 *   as `a % b`; POWER, SQRT, LN, LOG10, EXP, LOG, LOG2: DOUBLE;
 * - CHAR_LENGTH, CHARACTER_LENGTH, LOCATE: INT; UPPER, LOWER, INITCAP: the argument's type
 *   (ARG0_NULLABLE); SUBSTRING / SUBSTR, LEFT, RIGHT: the argument's, a CHAR(n) as VARCHAR(n)
 *   (ARG0_VARCHAR_FORCE_NULLABLE); LTRIM, RTRIM: the same (ARG0 TO_VARYING); CONCAT, CONCAT_WS, LPAD,
 *   RPAD, REPLACE, REGEXP_REPLACE, REPEAT, DATE_FORMAT, REGEXP_EXTRACT, SPLIT_INDEX, FROM_UNIXTIME,
 *   REVERSE: STRING; MD5 CHAR(32), SHA1 CHAR(40), SHA256 CHAR(64), SHA2 VARCHAR(128);
 *   JSON_VALUE(x, path): STRING, or the type after RETURNING, always nullable (flink `SqlJsonValueFunctionWrapper`);
 * - YEAR, QUARTER, MONTH, WEEK, DAYOFYEAR, DAYOFMONTH, DAYOFWEEK, HOUR, MINUTE, SECOND: BIGINT
 *   (calcite SqlDatePartFunction); TO_TIMESTAMP: TIMESTAMP(3); TO_DATE: DATE; UNIX_TIMESTAMP: BIGINT;
 *   NOW(), CURRENT_ROW_TIMESTAMP() and PROCTIME(): TIMESTAMP_LTZ(3) NOT NULL (FlinkSqlOperatorTable
 *   `dynamicFunctions`, FlinkCurrentRowTimestampFunction, PROCTIME's time indicator, materialized into a sink);
 *   TIMESTAMPADD(unit, n, ts): ts's type for a TIMESTAMP / TIMESTAMP_LTZ and a unit from SECOND to YEAR
 *   (calcite `SqlTimestampAddFunction.deduceType`); TIMESTAMPDIFF(unit, a, b): INT (calcite
 *   `SqlTimestampDiffFunction`, BIGINT only for NANOSECOND, which Flink does not take).
 */
export function functionType(name: string, args: CallArgs): DerivedType | undefined {
  const why = `as Flink types ${name}`;
  const n = args.count;
  /** `type`, nullable when one of `from` is (without `from`: as it is). */
  const typed = (type: DataType | undefined, from?: readonly DataType[]): DerivedType | undefined =>
    type === undefined ? undefined : { type: from === undefined ? type : nullableIfAny(type, from), why };
  const arg0 = (): DataType | undefined => (n >= 1 ? args.type(0)?.type : undefined);
  const stringArg = (): DataType | undefined => {
    const t = arg0();
    return t !== undefined && isString(t) ? t : undefined;
  };
  if (STRING_RESULTS.has(name)) return n >= 1 ? { type: DataTypes.STRING(), why } : undefined;
  if (DOUBLE_RESULTS.has(name)) return n >= 1 && n <= 2 ? { type: DataTypes.DOUBLE(), why } : undefined;
  if (DATE_PARTS.has(name)) return n === 1 ? { type: DataTypes.BIGINT(), why } : undefined;
  const hash = HASHES.get(name);
  if (hash !== undefined) return n === (name === "SHA2" ? 2 : 1) ? { type: hash(), why } : undefined;
  switch (name) {
    case "COALESCE":
    case "IFNULL": {
      const values = n >= 1 && (name === "COALESCE" || n === 2) ? allTyped(args) : undefined;
      if (values === undefined) return undefined;
      const flink = merged(values, "flink", true, why);
      const calcite = merged(values, "calcite", true, why);
      return flink !== undefined && calcite !== undefined && flink.type.equals(calcite.type) ? flink : undefined;
    }
    case "IF": {
      const a = n === 3 ? args.type(1) : undefined;
      const b = n === 3 ? args.type(2) : undefined;
      if (a === undefined || b === undefined || a.type.kind === "NULL") return undefined;
      // IF(c, a, NULL): a's type in both versions (NULL is no number, string or binary).
      if (b.type.kind === "NULL") return { type: a.type.nullable(), why, ...(a.bound ? { bound: a.bound } : {}) };
      const numbers = isNumeric(a.type) && isNumeric(b.type);
      if (!numbers && !a.type.nullable().equals(b.type.nullable())) return undefined;
      const type = merged([a, b], "calcite", false, why);
      // Nullable when any argument is, the condition too (TO_NULLABLE).
      return type === undefined || args.type(0)?.type.isNullable === false ? type : { ...type, type: type.type.nullable() };
    }
    case "NULLIF": {
      const a = n === 2 ? args.type(0) : undefined;
      return a === undefined || a.type.kind === "NULL" ? undefined : { type: a.type.nullable(), why, ...(a.bound ? { bound: a.bound } : {}) };
    }
    case "ABS": {
      const a = n === 1 ? args.type(0) : undefined;
      const bound = a === undefined ? undefined : sameBound(a, a.type);
      return a !== undefined && isNumeric(a.type) ? { type: a.type, why, ...(bound ? { bound } : {}) } : undefined;
    }
    case "ROUND":
    case "TRUNCATE": {
      const a = n === 1 || n === 2 ? args.type(0) : undefined;
      const t = a?.type;
      if (t === undefined || !isNumeric(t)) return undefined;
      const literal = n === 1 ? "0" : /^\d+$/.exec(args.code(1))?.[0];
      // TRUNCATE cuts toward 0, ROUND to n >= 0 digits rounds HALF_UP (DecimalDataUtils.sround): a bound (value-bounds.ts).
      const bounded = (type: DataType | undefined): DerivedType | undefined => {
        const d = typed(type, [t]);
        const bound = d === undefined || (name === "ROUND" && literal === undefined) ? undefined : sameBound(a!, d.type, name === "ROUND" && type?.kind === "DECIMAL" ? Number(literal) : undefined);
        return d === undefined || bound === undefined ? d : { ...d, bound };
      };
      if (t.kind !== "DECIMAL") return bounded(t);
      if (literal === undefined) return n === 2 && /^-/.test(args.code(1)) ? undefined : bounded(t);
      const r = Number(literal);
      const { precision: p, scale: s } = t;
      return bounded(r >= s ? t : DataTypes.DECIMAL(1 + p - s + r, r));
    }
    case "FLOOR":
    case "CEIL":
    case "CEILING": {
      const a = n === 1 ? args.type(0) : undefined;
      const t = a?.type;
      if (t === undefined || !isNumeric(t)) return undefined;
      const type = nullableIfAny(t.kind === "DECIMAL" && t.scale !== 0 ? DataTypes.DECIMAL(t.precision, 0) : t, [t]);
      // A whole number at most one more than the largest value (DecimalDataUtils.floor / ceil).
      const bound = sameBound(a!, type, "up");
      return { type, why, ...(bound ? { bound } : {}) };
    }
    case "MOD": {
      const a = n === 2 ? args.type(0) : undefined;
      const b = n === 2 ? args.type(1) : undefined;
      const type = a === undefined || b === undefined ? undefined : arithmeticType("%", a.type, b.type);
      const bound = type === undefined ? undefined : arithmeticBound("%", a!, b!, type);
      return type === undefined ? undefined : { type, why, ...(bound ? { bound } : {}) };
    }
    case "CHAR_LENGTH":
    case "CHARACTER_LENGTH":
      return n === 1 ? { type: DataTypes.INT(), why } : undefined;
    case "LOCATE":
      return n === 2 || n === 3 ? { type: DataTypes.INT(), why } : undefined;
    case "UPPER":
    case "LOWER":
    case "INITCAP":
      return n === 1 ? typed(stringArg()) : undefined;
    case "SUBSTRING":
    case "SUBSTR": {
      const t = n === 2 || n === 3 ? stringArg() : undefined;
      return t === undefined ? undefined : { type: varying(t).nullable(), why };
    }
    case "LEFT":
    case "RIGHT":
    case "LTRIM":
    case "RTRIM": {
      // LTRIM(s [, characters]), RTRIM likewise; LEFT(s, n), RIGHT(s, n).
      const t = n === 2 || (n === 1 && name.endsWith("TRIM")) ? stringArg() : undefined;
      return t === undefined ? undefined : { type: varying(t).nullable(), why };
    }
    case "JSON_VALUE":
      return n === 2 ? jsonValueType(args, why) : undefined;
    case "TO_TIMESTAMP":
      return n === 1 || n === 2 ? { type: DataTypes.TIMESTAMP(3), why } : undefined;
    case "TO_DATE":
      return n === 1 || n === 2 ? { type: DataTypes.DATE(), why } : undefined;
    case "UNIX_TIMESTAMP":
      return n <= 2 ? { type: n === 0 ? DataTypes.BIGINT().notNull() : DataTypes.BIGINT(), why } : undefined;
    case "NOW":
    case "CURRENT_ROW_TIMESTAMP":
    case "PROCTIME":
      return n === 0 ? { type: DataTypes.TIMESTAMP_LTZ(3).notNull(), why } : undefined;
    case "TIMESTAMPADD": {
      const t = n === 3 && WHOLE_UNITS.test(args.code(0)) ? args.type(2)?.type : undefined;
      return t !== undefined && isTimestamp(t) ? { type: t.nullable(), why } : undefined;
    }
    case "TIMESTAMPDIFF":
      return n === 3 && WHOLE_UNITS.test(args.code(0)) ? { type: DataTypes.INT(), why } : undefined;
    default:
      return undefined;
  }
}

/** JSON_VALUE(x, 'path' [RETURNING type] [... ON EMPTY] [... ON ERROR]): STRING or the RETURNING type, nullable. */
function jsonValueType(args: CallArgs, why: string): DerivedType | undefined {
  const m = /\sRETURNING\s/i.exec(args.code(1));
  if (m === null) return /^'[^']*'$/.test(args.code(1)) ? { type: DataTypes.STRING(), why } : undefined;
  const after = args.text(1).slice(m.index + m[0].length);
  const clause = /\s(?:NULL|ERROR|DEFAULT)\s/i.exec(` ${args.code(1).slice(m.index + m[0].length)} `);
  const typeText = clause === null ? after : after.slice(0, Math.max(0, clause.index - 1));
  try {
    return { type: parseDataType(typeText.trim()).nullable(), why };
  } catch {
    return undefined;
  }
}
