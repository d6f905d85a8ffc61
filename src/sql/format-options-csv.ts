/**
 * The 'csv' format's options (flink-csv `CsvFormatOptions`, `CsvCommons`, `CsvFormatFactory`;
 * docs `connectors/table/formats/csv.md`), the same in Flink 1.19–2.1 for every connector: the
 * filesystem connector plans CSV through `CsvFormatFactory` too, so `CsvCommons.validateFormatOptions`
 * holds there as well.
 */
import { opt, type FormatContext, type FormatSpec } from "./format-options-spec.js";

/**
 * commons-text `StringEscapeUtils.unescapeJava`, which Flink applies to `csv.field-delimiter` only:
 * octal (`\1`..`\377`), unicode (`\u0001`, `\uu0001`, `\u+0001`), `\b \n \t \f \r`, `\\ \" \'`, and a
 * backslash before anything else is dropped. Undefined where commons-text throws (a unicode
 * escape without 4 hex digits).
 */
export function unescapeJava(s: string): string | undefined {
  let out = "";
  const octal = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "7";
  for (let i = 0; i < s.length; ) {
    if (s[i] !== "\\") {
      out += s[i];
      i += 1;
      continue;
    }
    if (octal(s[i + 1])) {
      // OctalUnescaper: up to three digits, three only when the first is 0..3.
      let digits = s[i + 1]!;
      if (octal(s[i + 2])) {
        digits += s[i + 2];
        if (s[i + 1]! <= "3" && octal(s[i + 3])) digits += s[i + 3];
      }
      out += String.fromCharCode(parseInt(digits, 8));
      i += 1 + digits.length;
    } else if (s[i + 1] === "u") {
      // UnicodeUnescaper: \u, any more u's, an optional '+', then 4 characters Integer.parseInt(.., 16) takes.
      let j = i + 2;
      while (s[j] === "u") j++;
      if (s[j] === "+") j++;
      const hex = s.slice(j, j + 4);
      if (hex.length < 4 || !/^[+-]?[0-9a-fA-F]+$/.test(hex)) return undefined;
      out += String.fromCharCode(parseInt(hex, 16) & 0xffff);
      i = j + 4;
    } else {
      const mapped: Record<string, string> = { b: "\b", n: "\n", t: "\t", f: "\f", r: "\r", "\\": "\\", '"': '"', "'": "'" };
      const next = s[i + 1];
      if (next !== undefined && mapped[next] !== undefined) {
        out += mapped[next];
        i += 2;
      } else i += 1; // A lone backslash is dropped; the next character is copied as is.
    }
  }
  return out;
}

/** Options that must hold one character (CsvCommons.validateCharacterVal); field-delimiter after unescapeJava. */
const SINGLE_CHARACTER = ["field-delimiter", "array-element-delimiter", "quote-character", "escape-character"];

function checkValue(ctx: FormatContext, suffix: string, value: string): void {
  if (!SINGLE_CHARACTER.includes(suffix)) return;
  const unescaped = suffix === "field-delimiter" ? unescapeJava(value) : value;
  if (unescaped === undefined) {
    ctx.diag.error(opt(ctx.key(suffix)), `${JSON.stringify(value)} holds a \\u escape without 4 hex digits, which Flink cannot unescape; write one character, or an escape such as \\t or \\u0001`);
  } else if (unescaped.length !== 1) {
    const escapes = suffix === "field-delimiter" ? " (Java escapes such as \\t or \\u0001 count as one)" : " (no escapes here: only field-delimiter unescapes)";
    ctx.diag.error(opt(ctx.key(suffix)), `${JSON.stringify(value)} is not a single character, which Flink refuses ("Option 'csv.${suffix}' must be a string with single character"); write one character${escapes}`);
  }
}

function checkAll(ctx: FormatContext): void {
  // CsvCommons.validateFormatOptions: a quote character and disable-quote-character = true refuse each other.
  if (ctx.has("quote-character") && /^true$/i.test(ctx.value("disable-quote-character") ?? "")) {
    ctx.diag.error(
      opt(ctx.key("quote-character")),
      `is set while ${ctx.key("disable-quote-character")} is true, which Flink refuses ("Format cannot define a quote character and disabled quote character at the same time"); remove one of the two`,
    );
  }
}

/** csv: CsvFormatOptions in Flink 1.19–2.1 (write-bigdecimal-in-scientific-notation is 1.16+, FLINK-26270). */
export const CSV: FormatSpec = {
  suffixes: [
    "field-delimiter", "disable-quote-character", "quote-character", "allow-comments", "ignore-parse-errors",
    "array-element-delimiter", "escape-character", "null-literal", "write-bigdecimal-in-scientific-notation",
  ],
  booleans: ["disable-quote-character", "allow-comments", "ignore-parse-errors", "write-bigdecimal-in-scientific-notation"],
  later: {
    "trim-spaces": "FLINK-39065",
    "ignore-trailing-unmappable": "FLINK-39065",
    "allow-trailing-comma": "FLINK-39065",
    "fail-on-missing-columns": "FLINK-39065",
    "empty-string-as-null": "FLINK-39065",
    "ignore-first-line": "FLINK-20746",
  },
  checkValue,
  checkAll,
};
