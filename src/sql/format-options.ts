/**
 * The JSON-family format options of a Kafka table (`json`, `debezium-json`, `canal-json`,
 * `maxwell-json`), checked at preview: a key under a format prefix the table does not use (Flink's
 * factory fails with "Unsupported options"), a near miss of a known option (an error with the fix),
 * another key under a used prefix (a warning: not an option of these formats in Flink 1.19–2.1),
 * and the values Flink validates (`timestamp-format.standard`: SQL or ISO-8601, exact; booleans).
 * Upstream: flink-json `JsonFormatOptions`, `JsonFormatOptionsUtil`, `DebeziumJsonFormatOptions`,
 * `CanalJsonFormatOptions`, `MaxwellJsonFormatOptions`; docs `connectors/table/formats/*.md`.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { distance } from "../validation/known-keys.js";

const COMMON = ["ignore-parse-errors", "timestamp-format.standard", "map-null-key.mode", "map-null-key.literal", "encode.decimal-as-plain-number"];
/** Option suffixes per format (after `<format>.`); `encode.ignore-null-fields` is Flink 1.20+ (FLINK-16627). */
const SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  json: [...COMMON, "encode.ignore-null-fields", "fail-on-missing-field", "decode.json-parser.enabled"],
  "debezium-json": [...COMMON, "encode.ignore-null-fields", "schema-include"],
  "canal-json": [...COMMON, "database.include", "table.include"],
  "maxwell-json": [...COMMON, "encode.ignore-null-fields"],
};
const BOOLEAN_SUFFIXES = new Set(["ignore-parse-errors", "fail-on-missing-field", "encode.decimal-as-plain-number", "encode.ignore-null-fields", "schema-include", "decode.json-parser.enabled"]);

function opt(key: string): string {
  return `options[${JSON.stringify(key)}]`;
}

/**
 * Checks the JSON-family format options of a kafka / upsert-kafka table's plain `options`. For
 * 'kafka', `format` wins over `value.format` (flink-connector-kafka KafkaDynamicTableFactory
 * getValueDecodingFormat); 'upsert-kafka' reads `value.format` only. A format given as an Output
 * (`deferredKeys`) leaves its prefix unchecked.
 */
export function checkJsonFormatOptions(connector: string, options: Readonly<Record<string, string>>, deferredKeys: readonly string[], diag: Diagnostics): void {
  if (["format", "value.format", "key.format"].some((k) => deferredKeys.includes(k))) return;
  // Key prefix ("", "key.", "value.") → the format used under it.
  const used = new Map<string, string>();
  const format = connector === "kafka" ? options["format"]?.trim() : undefined;
  if (format !== undefined) used.set("", format);
  else if (options["value.format"] !== undefined) used.set("value.", options["value.format"].trim());
  if (options["key.format"] !== undefined) used.set("key.", options["key.format"].trim());
  for (const key of Object.keys(options).sort()) {
    const m = /^(key\.|value\.)?(json|debezium-json|canal-json|maxwell-json)\.(.+)$/.exec(key);
    if (m === null) continue;
    const [prefix, fmt, suffix] = [m[1] ?? "", m[2]!, m[3]!];
    if (used.get(prefix) !== fmt) {
      // The value format's options move between "" and "value." only, never to or from the key's.
      const other = prefix === "" ? "value." : prefix === "value." ? "" : undefined;
      const where = other !== undefined && used.get(other) === fmt ? other : undefined;
      diag.error(
        opt(key),
        `is an option of format '${fmt}' under '${prefix}', and this table ${prefix === "" ? "sets no 'format'" : `sets no '${prefix}format'`} = '${fmt}': Flink fails with "Unsupported options"` +
          (where !== undefined ? `; this table reads '${fmt}' through '${where}format': write ${JSON.stringify(`${where}${fmt}.${suffix}`)}` : ""),
      );
      continue;
    }
    const known = SUFFIXES[fmt]!;
    if (!known.includes(suffix)) {
      const near = known.find((k) => distance(k, suffix) <= 2);
      if (near !== undefined) diag.error(opt(key), `is no option of format '${fmt}' (Flink fails with "Unsupported options"); did you mean ${JSON.stringify(`${prefix}${fmt}.${near}`)}?`);
      else diag.warn(opt(key), `is no option of format '${fmt}' in Flink 1.19–2.1 (known: ${known.join(", ")}); Flink fails with "Unsupported options" unless your Flink version has it`);
      continue;
    }
    const value = options[key]!;
    if (suffix === "timestamp-format.standard" && value !== "SQL" && value !== "ISO-8601") {
      const fix = value.trim().toUpperCase() === "ISO-8601" ? "ISO-8601" : value.trim().toUpperCase() === "SQL" ? "SQL" : undefined;
      diag.error(opt(key), `${JSON.stringify(value)} is no timestamp format; write "SQL" or "ISO-8601" (exact: flink JsonFormatOptionsUtil)${fix !== undefined ? `, here ${JSON.stringify(fix)}` : ""}`);
    } else if (BOOLEAN_SUFFIXES.has(suffix) && !/^(true|false)$/i.test(value)) {
      diag.error(opt(key), `${JSON.stringify(value)} is no boolean; write "true" or "false"`);
    }
  }
  // flink-json JsonFormatOptionsUtil.validateDecodingFormatOptions.
  for (const prefix of ["", "key.", "value."]) {
    const both = ["ignore-parse-errors", "fail-on-missing-field"].every((k) => /^true$/i.test(options[`${prefix}json.${k}`] ?? ""));
    if (both && used.get(prefix) === "json") {
      diag.error(opt(`${prefix}json.fail-on-missing-field`), `and ${prefix}json.ignore-parse-errors are both true, which Flink refuses ("fail-on-missing-field and ignore-parse-errors shouldn't both be true"); keep one`);
    }
  }
}
