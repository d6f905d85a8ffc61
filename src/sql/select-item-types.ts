/**
 * The type of an INSERT's SELECT item known from its text alone: a literal, typed as Calcite types
 * it, or a `CAST(... AS type)` / `TRY_CAST(...)` around the whole item (insert-columns.ts checks it
 * against the sink column it goes into).
 */
import type { DataType } from "../types/data-type.js";
import { DataTypes } from "../types/datatypes.js";
import { parseDataType } from "../types/parser.js";
import { closingParen, topLevelOnly } from "./top-level.js";

/** Decimal digits of the integer types' largest values: their precision as Calcite reads them into DECIMAL arithmetic. */
export const INTEGER_DIGITS: ReadonlyMap<string, number> = new Map([
  ["TINYINT", 3],
  ["SMALLINT", 5],
  ["INT", 10],
  ["BIGINT", 19],
]);

/**
 * The type of a whole-item literal, as Calcite types it (Flink's validator does no implicit type
 * coercion: FlinkPlannerImpl `withTypeCoercionEnabled(false)`): TRUE/FALSE BOOLEAN, 'text' CHAR,
 * X'..' BINARY, DATE/TIME/TIMESTAMP '..', an integer INT, BIGINT or DECIMAL(p, 0) by size, 1.5
 * DECIMAL(p, s) with p every digit written (0.05 is DECIMAL(3, 2)), 1e3 DOUBLE; undefined for
 * anything else (NULL casts into any column).
 */
export function literalType(code: string, text: string): DataType | undefined {
  // The characters between the quotes ('' is one), over adjacent literals ('a' 'b' is one literal).
  const quoted = (): number => [...text.matchAll(/'((?:[^']|'')*)'/g)].reduce((n, m) => n + [...m[1]!.replace(/''/g, "'")].length, 0);
  if (/^(?:TRUE|FALSE|UNKNOWN)$/i.test(code)) return DataTypes.BOOLEAN();
  if (/^N?'[ ]*'(?:\s*'[ ]*')*$/i.test(code)) return DataTypes.CHAR(Math.max(1, quoted()));
  if (/^X'[ ]*'$/i.test(code)) return DataTypes.BINARY(Math.max(1, Math.ceil(quoted() / 2)));
  if (/^DATE\s*'[ ]*'$/i.test(code)) return DataTypes.DATE();
  if (/^TIME\s*'[ ]*'$/i.test(code)) return DataTypes.TIME(0);
  if (/^TIMESTAMP\s*'[ ]*'$/i.test(code)) return DataTypes.TIMESTAMP(3);
  if (/^TIMESTAMP\s+WITH\s+LOCAL\s+TIME\s+ZONE\s*'[ ]*'$/i.test(code)) return DataTypes.TIMESTAMP_LTZ(3);
  // Numbers as Calcite's parser and SqlNumericLiteral.createSqlType type them (SqlLiteral.createExactNumeric):
  // no digit after the point (`7`, `7.`) is an INT, a BIGINT past it, a DECIMAL(digits, 0) past that;
  // digits after the point give DECIMAL(every digit written, leading zeros too, digits after the point):
  // `0.05` is DECIMAL(3, 2), `.5` DECIMAL(1, 1); an exponent makes a DOUBLE.
  const n = /^([+-]?)\s*(?:(\d+)\.?|(\d*)\.(\d+)|(\d+\.?\d*|\.\d+)[eE][+-]?\d+)$/.exec(code);
  if (n === null) return undefined;
  if (n[5] !== undefined) return DataTypes.DOUBLE();
  if (n[2] !== undefined) {
    const v = BigInt(n[2]) * (n[1] === "-" ? -1n : 1n);
    if (v >= -2147483648n && v <= 2147483647n) return DataTypes.INT();
    if (v >= -9223372036854775808n && v <= 9223372036854775807n) return DataTypes.BIGINT();
    return n[2].length <= 38 ? DataTypes.DECIMAL(n[2].length, 0) : undefined;
  }
  const digits = n[3]!.length + n[4]!.length;
  return digits <= 38 ? DataTypes.DECIMAL(digits, n[4]!.length) : undefined;
}

/** The type named by a whole-item `CAST(expr AS type)` / `TRY_CAST(...)`, when the type text parses. */
export function castType(code: string, text: string): DataType | undefined {
  const m = /^(?:TRY_)?CAST\s*\(/i.exec(code);
  if (m === null || closingParen(code, m[0].length - 1) !== code.length - 1) return undefined;
  // The last top-level AS inside the parentheses starts the type.
  const inner = topLevelOnly(code, m[0].length, code.length - 1);
  const as = inner === undefined ? undefined : [...inner.matchAll(/\sAS\s/gi)].pop();
  if (as === undefined) return undefined;
  try {
    return parseDataType(text.slice(m[0].length + as.index! + 3, -1).trim());
  } catch {
    return undefined;
  }
}
