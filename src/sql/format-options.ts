/**
 * The format options of 'kafka', 'upsert-kafka' and 'filesystem' tables (`<format>.*`, and for the
 * Kafka connectors `key.<format>.*` / `value.<format>.*`), checked at preview for the built-in
 * formats of Flink 1.19–2.1: json, debezium-json, canal-json, maxwell-json, ogg-json (here), csv
 * (format-options-csv.ts), avro, avro-confluent, debezium-avro-confluent, raw, protobuf, parquet,
 * orc (format-options-binary.ts). Per key: a prefix the table does not use (the factory fails with
 * "Unsupported options"), a near miss of a known option, another key (a warning: no option in
 * 1.19–2.1), booleans and the values Flink validates; per used prefix: required options and the
 * cross-field rules. Kafka validates every format key ("Unsupported options"); 'filesystem' exempts
 * the keys under its own format's prefix (FileSystemTableFactory.validate:
 * `helper.validateExcept(format + ".")`), so there an unknown or misspelt key is ignored: a warning.
 * Upstream: flink-json `JsonFormatOptions`, `JsonFormatOptionsUtil`, `DebeziumJsonFormatOptions`,
 * `CanalJsonFormatOptions`, `MaxwellJsonFormatOptions`, `OggJsonFormatFactory`; docs
 * `connectors/table/formats/*.md`.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { distance } from "../validation/known-keys.js";
import { AVRO, AVRO_CONFLUENT, DEBEZIUM_AVRO_CONFLUENT, PASS_THROUGH, PROTOBUF, RAW } from "./format-options-binary.js";
import { CSV } from "./format-options-csv.js";
import { opt, type FormatContext, type FormatSpec, type FormatTable } from "./format-options-spec.js";

export type { FormatTable } from "./format-options-spec.js";

const COMMON = ["ignore-parse-errors", "timestamp-format.standard", "map-null-key.mode", "map-null-key.literal", "encode.decimal-as-plain-number"];
const JSON_BOOLEANS = ["ignore-parse-errors", "fail-on-missing-field", "encode.decimal-as-plain-number", "encode.ignore-null-fields", "schema-include", "decode.json-parser.enabled"];
const MAP_NULL_KEY_MODES = ["FAIL", "DROP", "LITERAL"];

function checkJsonValue(ctx: FormatContext, suffix: string, value: string): void {
  if (suffix === "timestamp-format.standard" && value !== "SQL" && value !== "ISO-8601") {
    const fix = value.trim().toUpperCase() === "ISO-8601" ? "ISO-8601" : value.trim().toUpperCase() === "SQL" ? "SQL" : undefined;
    ctx.diag.error(opt(ctx.key(suffix)), `${JSON.stringify(value)} is no timestamp format; write "SQL" or "ISO-8601" (exact: flink JsonFormatOptionsUtil)${fix !== undefined ? `, here ${JSON.stringify(fix)}` : ""}`);
  } else if (suffix === "map-null-key.mode" && !MAP_NULL_KEY_MODES.includes(value.toUpperCase())) {
    // JsonFormatOptionsUtil.validateEncodingFormatOptions: checked when the table is written, not when it is read.
    ctx.failsOn(
      "write",
      opt(ctx.key(suffix)),
      `${JSON.stringify(value)} is no map-null-key mode (Flink: "Unsupported value '${value}' for option map-null-key.mode"); write "FAIL", "DROP" or "LITERAL" (any case)`,
    );
  }
}

function jsonSpec(extra: readonly string[], checkAll?: (ctx: FormatContext) => void): FormatSpec {
  return { suffixes: [...COMMON, ...extra], booleans: JSON_BOOLEANS, checkValue: checkJsonValue, ...(checkAll ? { checkAll } : {}) };
}

/** Format specs by identifier; `encode.ignore-null-fields` is Flink 1.20+ (FLINK-16627). */
const SPECS: Readonly<Record<string, FormatSpec>> = {
  json: jsonSpec(["encode.ignore-null-fields", "fail-on-missing-field", "decode.json-parser.enabled"], (ctx) => {
    // flink-json JsonFormatOptionsUtil.validateDecodingFormatOptions: checked when the table is read.
    if (/^true$/i.test(ctx.value("ignore-parse-errors") ?? "") && /^true$/i.test(ctx.value("fail-on-missing-field") ?? "")) {
      ctx.failsOn("read", opt(ctx.key("fail-on-missing-field")), `and ${ctx.key("ignore-parse-errors")} are both true, which Flink refuses ("fail-on-missing-field and ignore-parse-errors shouldn't both be true"); keep one`);
    }
  }),
  "debezium-json": jsonSpec(["encode.ignore-null-fields", "schema-include"]),
  "canal-json": jsonSpec(["database.include", "table.include"]),
  "maxwell-json": jsonSpec(["encode.ignore-null-fields"]),
  "ogg-json": jsonSpec(["encode.ignore-null-fields"]),
  csv: CSV,
  avro: AVRO,
  "avro-confluent": AVRO_CONFLUENT,
  "debezium-avro-confluent": DEBEZIUM_AVRO_CONFLUENT,
  raw: RAW,
  protobuf: PROTOBUF,
  parquet: PASS_THROUGH,
  orc: PASS_THROUGH,
};

/** The identifiers of the formats whose options this package checks (flink-formats FormatFactory identifiers). */
export const FORMAT_IDENTIFIERS: readonly string[] = Object.keys(SPECS);

const FORMAT_KEY = new RegExp(`^(key\\.|value\\.)?(${Object.keys(SPECS).sort((a, b) => b.length - a.length).join("|")})\\.(.+)$`);

/** Whether `suffix` is an option of `spec` for this connector. */
function isKnown(spec: FormatSpec, suffix: string, connector: string): boolean {
  return (
    spec.suffixes.includes(suffix) ||
    (spec.maps ?? []).some((m) => suffix === m || suffix.startsWith(`${m}.`)) ||
    (spec.fallbacks !== undefined && Object.hasOwn(spec.fallbacks, suffix)) ||
    (connector === "filesystem" && spec.filesystemOnly !== undefined && Object.hasOwn(spec.filesystemOnly, suffix))
  );
}

/** The known suffix `suffix` is a misspelling of: the closest within 2 edits (1 for names of 4 characters or fewer). */
function nearMiss(suffix: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(k, suffix);
    if (d < bestD && d <= (k.length <= 4 ? 1 : 2)) [best, bestD] = [k, d];
  }
  return best;
}

/** Reports a key under a used prefix that is no option of the format for this connector. */
function reportUnknown(ctx: FormatContext, spec: FormatSpec, suffix: string): void {
  const { connector, format: fmt, diag } = ctx;
  const at = opt(ctx.key(suffix));
  const fs = connector === "filesystem";
  const ignored = `the 'filesystem' connector passes '${fmt}.*' keys through unchecked, so Flink ignores it`;
  const fileOnly = spec.filesystemOnly?.[suffix];
  const later = spec.later?.[suffix];
  const candidates = [...spec.suffixes, ...(fs ? Object.keys(spec.filesystemOnly ?? {}) : [])];
  const near = nearMiss(suffix, candidates);
  if (!fs && fileOnly !== undefined) {
    diag.error(at, `is an option of the 'filesystem' connector's '${fmt}' format only (${fileOnly}); the '${connector}' connector fails with "Unsupported options": remove it`);
  } else if (later !== undefined) {
    diag.warn(at, `is an option of format '${fmt}' from a Flink version after 2.1 (${later}); ${fs ? `in Flink 1.19–2.1 ${ignored}` : `Flink 1.19–2.1 fail with "Unsupported options"`}`);
  } else if (near !== undefined && !fs) {
    diag.error(at, `is no option of format '${fmt}' (Flink fails with "Unsupported options"); did you mean ${JSON.stringify(ctx.key(near))}?`);
  } else if (near !== undefined) {
    diag.warn(at, `is no option of format '${fmt}', and ${ignored}; did you mean ${JSON.stringify(ctx.key(near))}?`);
  } else {
    const known = [...candidates, ...(spec.maps ?? []).map((m) => `${m}.*`)].join(", ");
    diag.warn(at, `is no option of format '${fmt}' in Flink 1.19–2.1 (known: ${known}); ${fs ? ignored : `Flink fails with "Unsupported options" unless your Flink version has it`}`);
  }
}

/** Key prefix ("", "key.", "value.") → the format used under it, or undefined when a format is an Output. */
function usedFormats(connector: string, options: Readonly<Record<string, string>>, deferredKeys: readonly string[]): Map<string, string> | undefined {
  const used = new Map<string, string>();
  if (connector === "filesystem") {
    if (deferredKeys.includes("format")) return undefined;
    if (options["format"] !== undefined) used.set("", options["format"].trim());
    return used;
  }
  if (["format", "value.format", "key.format"].some((k) => deferredKeys.includes(k))) return undefined;
  const format = connector === "kafka" ? options["format"]?.trim() : undefined;
  if (format !== undefined) used.set("", format);
  else if (options["value.format"] !== undefined) used.set("value.", options["value.format"].trim());
  if (options["key.format"] !== undefined) used.set("key.", options["key.format"].trim());
  return used;
}

/**
 * Checks the format options of a 'kafka', 'upsert-kafka' or 'filesystem' table's plain `options`
 * (any other connector: nothing). For 'kafka', `format` wins over `value.format`
 * (flink-connector-kafka KafkaConnectorOptionsUtil); 'upsert-kafka' reads `value.format` only;
 * 'filesystem' reads `format` and takes no `key.` / `value.` format keys. A format given as an Output
 * (`deferredKeys`) leaves the format keys unchecked.
 *
 * Per key under a known format's prefix: a prefix the table does not use is an error ("Unsupported
 * options"); under a used prefix, a near miss of an option is an error for Kafka and a warning for
 * 'filesystem' (which ignores it), another unknown key a warning; booleans must read "true" /
 * "false" (any case, not trimmed); then the format's value rules (JSON timestamp format, CSV single
 * characters, Avro encoding, raw byte order and charset ...). Per used prefix: required options
 * (avro-confluent / debezium-avro-confluent `url`, protobuf `message-class-name`:
 * FactoryUtil.validateFactoryOptions) and cross-field rules (json: fail-on-missing-field with
 * ignore-parse-errors; csv: quote-character with disable-quote-character; raw: exactly one
 * physical column of a byte-based type, from `table`). Upstream: the format classes named in
 * format-options-csv.ts, format-options-binary.ts and above; FileSystemTableFactory; Flink 1.19–2.1.
 */
export function checkFormatOptions(connector: string, options: Readonly<Record<string, string>>, deferredKeys: readonly string[], diag: Diagnostics, table: FormatTable): void {
  if (connector !== "kafka" && connector !== "upsert-kafka" && connector !== "filesystem") return;
  const used = usedFormats(connector, options, deferredKeys);
  if (used === undefined) return;
  const context = (prefix: string, fmt: string): FormatContext => ({
    connector,
    format: fmt,
    prefix,
    formatKey: `${prefix}format`,
    options,
    deferredKeys,
    table,
    diag,
    key: (suffix) => `${prefix}${fmt}.${suffix}`,
    value: (suffix) => options[`${prefix}${fmt}.${suffix}`],
    has: (suffix) => options[`${prefix}${fmt}.${suffix}`] !== undefined || deferredKeys.includes(`${prefix}${fmt}.${suffix}`),
    failsOn: (when, path, message) => void (when === "read" ? table.readFailures : table.writeFailures).push({ path, message }),
  });
  const keys = [...new Set([...Object.keys(options), ...deferredKeys])].sort();
  for (const key of keys) {
    const m = FORMAT_KEY.exec(key);
    if (m === null) continue;
    const [prefix, fmt, suffix] = [m[1] ?? "", m[2]!, m[3]!];
    if (connector === "filesystem" && prefix !== "") continue;
    if (used.get(prefix) !== fmt) {
      // The value format's options move between "" and "value." only, never to or from the key's.
      const other = connector === "filesystem" ? undefined : prefix === "" ? "value." : prefix === "value." ? "" : undefined;
      const where = other !== undefined && used.get(other) === fmt ? other : undefined;
      // The format this table does use in the role of the prefix: the key's, or the value's ('format' or 'value.format').
      const role = prefix === "key." ? "key format" : connector === "filesystem" ? "format" : "value format";
      const current = prefix === "key." ? used.get("key.") : (used.get("") ?? used.get("value."));
      diag.error(
        opt(key),
        `is an option of format '${fmt}'${prefix === "" ? "" : ` as the ${prefix.slice(0, -1)} format`}, and this table sets no '${prefix}format' = '${fmt}'` +
          (current === fmt ? "" : ` (${current === undefined ? `it sets no ${role}` : `its ${role} is '${current}'`})`) +
          `: Flink fails with "Unsupported options"` +
          (where !== undefined ? `; this table reads '${fmt}' through '${where}format': write ${JSON.stringify(`${where}${fmt}.${suffix}`)}` : ""),
      );
      continue;
    }
    const spec = SPECS[fmt]!;
    if (spec.passThrough) continue;
    const ctx = context(prefix, fmt);
    if (!isKnown(spec, suffix, connector)) {
      reportUnknown(ctx, spec, suffix);
      continue;
    }
    const value = options[key];
    if (value === undefined) continue; // An Output: its value is checked by nobody at preview.
    if (spec.booleans?.includes(suffix) && !/^(true|false)$/i.test(value)) diag.error(opt(key), `${JSON.stringify(value)} is no boolean; write "true" or "false"`);
    else spec.checkValue?.(ctx, suffix, value);
  }
  for (const prefix of ["", "key.", "value."]) {
    const fmt = used.get(prefix);
    const spec = fmt === undefined ? undefined : SPECS[fmt];
    if (fmt === undefined || spec === undefined || spec.passThrough) continue;
    const ctx = context(prefix, fmt);
    for (const r of spec.required ?? []) {
      // Given (a key with a credential in its value is reported where it is, and kept out of `options`).
      if ([r.suffix, ...(r.fallbacks ?? [])].some((s) => ctx.has(s) || diag.hasErrorAt(opt(ctx.key(s))))) continue;
      // A misspelt key for it is reported above, with the fix.
      if (keys.some((k) => k.startsWith(ctx.key("")) && nearMiss(k.slice(ctx.key("").length), [r.suffix]) !== undefined)) continue;
      diag.error(opt(ctx.formatKey), `is '${fmt}', which needs ${JSON.stringify(ctx.key(r.suffix))} (${r.what}): Flink fails with "One or more required options are missing"`);
    }
    spec.checkAll?.(ctx);
  }
}

/**
 * Checks the format options of a 'filesystem' table (connector exactly 'filesystem', as Flink
 * matches it); any other connector: nothing (the Kafka connectors' are checked by
 * kafka-options.ts). See checkFormatOptions; upstream flink-connector-files FileSystemTableFactory.
 */
export function checkFilesystemFormatOptions(options: Readonly<Record<string, string>>, deferredKeys: readonly string[], diag: Diagnostics, table: FormatTable): void {
  if (options["connector"]?.trim() === "filesystem") checkFormatOptions("filesystem", options, deferredKeys, diag, table);
}
