/**
 * Whole numbers as Java reads them: Integer.parseInt / Long.parseLong take an optional sign and
 * ASCII digits within the type's range (no white space, no `_`, no decimal point, no other radix).
 * The runtimes this package validates for (Flink's configuration, Iceberg's FlinkConfParser and
 * file writers) read int and long options this way.
 */

/** Whether `text` parses as a Java int (`bits` 32) or long (64), and is at least `min` when given. */
export function isJavaWholeNumber(text: string, bits: 32 | 64, min?: bigint): boolean {
  if (!/^[+-]?[0-9]+$/.test(text)) return false;
  const n = BigInt(text);
  const max = (1n << BigInt(bits - 1)) - 1n;
  return n <= max && n >= (min ?? -max - 1n);
}

/**
 * Double.parseDouble / Float.parseFloat (java.lang.Double.valueOf's grammar): surrounding white space
 * (code points up to U+0020) is trimmed, an optional sign, digits with an optional point and
 * exponent, or a hexadecimal significand with its binary exponent, which is then required
 * (`0x1p-1`, `0x1.8P3`), an optional f/d suffix; also NaN and Infinity. Unlike JS Number it takes
 * no 0x / 0b / 0o integers (`0x10`, without a `p` exponent) and no empty text.
 */
const JAVA_DOUBLE =
  /^[\x00-\x20]*[+-]?(?:NaN|Infinity|(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+)[fFdD]?)[\x00-\x20]*$/;

/** Whether `text` parses as a Java double or float (Double.parseDouble / Float.parseFloat). */
export function isJavaDecimal(text: string): boolean {
  return JAVA_DOUBLE.test(text);
}
