/**
 * The time types a Kafka table's Avro formats cannot hold. The 'avro', 'avro-confluent' and
 * 'debezium-avro-confluent' formats derive the Avro schema from the format's columns when the
 * planner builds the decoder and the encoder (flink-avro `AvroFormatFactory`:
 * `AvroRowDataDeserializationSchema` / `AvroRowDataSerializationSchema`; flink-avro-confluent-registry
 * `RegistryAvroFormatFactory`, `DebeziumAvroDeserializationSchema`,
 * `DebeziumAvroSerializationSchema`), through flink-avro `typeutils/AvroSchemaConverter.convertToSchema`,
 * which throws for a type its timestamp mapping has no Avro type for, so every job that reads or
 * writes the table fails when it starts. In Flink 1.19–2.1:
 *
 * - the legacy mapping (the 'avro' format's `avro.timestamp_mapping.legacy`, true by default, added
 *   in 1.19 by FLINK-33198; the registry formats always use it: they call the one-argument
 *   `convertToSchema(rowType)`): TIMESTAMP(p) only up to p = 3 ("Avro does not support TIMESTAMP type
 *   with precision: 6, it only supports precision less than 3."), no TIMESTAMP_LTZ at all
 *   ("Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)");
 * - the other mapping (`'avro.timestamp_mapping.legacy' = 'false'`): TIMESTAMP(p) and
 *   TIMESTAMP_LTZ(p) up to p = 6 (Avro local-timestamp-millis / -micros and timestamp-millis /
 *   -micros; nanoseconds came after 2.1 with Avro 1.12, FLINK-39251);
 * - both: TIME(p) only up to p = 3.
 *
 * ROW fields are converted with the table's mapping; ARRAY elements and MAP / MULTISET values with
 * the legacy one in the Flink sources read (`convertToSchema(elementType, rowName)`), so there they
 * are judged only under the legacy mapping, where both readings agree. A registry format with its
 * own schema option (`schema`) is not judged, nor a 'filesystem' table (its Avro file writer is
 * another path).
 */
import type { DataType } from "../types/data-type.js";
import { formatColumns, opt, type FormatContext } from "./format-options-spec.js";

/** How a format maps timestamps: "option" ('avro': its timestamp_mapping.legacy option), "legacy" (the registry formats). */
export type AvroMapping = "option" | "legacy";

/** One type Avro cannot hold: the type, where it sits in the column, and Flink's message. */
interface Unheld {
  readonly type: DataType;
  /** "" for the column itself, else the path inside it (`.field`, `[]`, `{}`). */
  readonly at: string;
  readonly flink: string;
  /** Inside an ARRAY, MAP or MULTISET, which Flink converts with the legacy mapping whatever the option says. */
  readonly inCollection: boolean;
}

/** Flink's message for `t` under the mapping, or undefined when the mapping holds it. */
function unheldMessage(t: DataType, legacy: boolean): string | undefined {
  if (t.kind === "TIME" && t.precision > 3) return `Avro does not support TIME type with precision: ${t.precision}, it only supports precision less than 3.`;
  if (t.kind === "TIMESTAMP") {
    if (legacy && t.precision > 3) return `Avro does not support TIMESTAMP type with precision: ${t.precision}, it only supports precision less than 3.`;
    if (!legacy && t.precision > 6) return `Avro does not support LOCAL TIMESTAMP type with precision: ${t.precision}, it only supports precision less than 6.`;
  }
  if (t.kind === "TIMESTAMP_LTZ") {
    if (legacy) return `Unsupported to derive Schema for type: ${t.toString()}`;
    if (t.precision > 6) return `Avro does not support TIMESTAMP type with precision: ${t.precision}, it only supports precision less than 6.`;
  }
  return undefined;
}

/**
 * The first type inside `t` (`t` included) that the Avro schema conversion refuses: under the
 * table's mapping at the top and in ROW fields; in ARRAY / MAP / MULTISET under the legacy mapping
 * whatever the table's (flink AvroSchemaConverter converts items and map values with the two-argument
 * convertToSchema, which takes the legacy mapping).
 */
function firstUnheld(t: DataType, legacy: boolean, inCollection: boolean, at = ""): Unheld | undefined {
  const flink = unheldMessage(t, legacy);
  if (flink !== undefined) return { type: t, at, flink, inCollection };
  switch (t.kind) {
    case "ROW":
      for (const f of t.fields) {
        const u = firstUnheld(f.type, legacy, inCollection, `${at}.${f.name}`);
        if (u !== undefined) return u;
      }
      return undefined;
    case "ARRAY":
    case "MULTISET":
      return firstUnheld(t.elementType, true, true, `${at}[]`);
    case "MAP":
      return firstUnheld(t.valueType, true, true, `${at}{}`);
    default:
      return undefined;
  }
}

/** What to write instead, for an unheld type under the mapping. */
function remedy(ctx: FormatContext, u: Unheld, mapping: AvroMapping, legacy: boolean): string {
  const option = `options[${JSON.stringify(ctx.key("timestamp_mapping.legacy"))}] = "false"`;
  const t = u.type;
  if (t.kind === "TIME") return "declare it TIME(3) or less";
  const p = "precision" in t ? t.precision : 0;
  if (u.inCollection) return "declare it TIMESTAMP(3) (inside an ARRAY, MAP or MULTISET Flink 1.19–2.1 convert with the legacy mapping whatever the option says)";
  if (mapping === "legacy") {
    return `declare it TIMESTAMP(3) (Avro timestamp-millis): '${ctx.format}' always derives its schema with the legacy timestamp mapping and has no option to change it, so CAST to and from TIMESTAMP(3) in the statements where another time type is wanted`;
  }
  if (!legacy) return `declare it ${t.kind}(6) or less (microseconds: Flink 1.19–2.1 map no nanoseconds to Avro)`;
  const newer = `(Flink 1.19+; that mapping also writes TIMESTAMP columns as Avro local-timestamp-*, which the topic's other readers must expect)`;
  return p > 6
    ? `declare it ${t.kind}(6) and set ${option} ${newer}, or declare it TIMESTAMP(3)`
    : `set ${option}, under which ${t.kind}(${p}) is Avro ${t.kind === "TIMESTAMP" ? "local-timestamp" : "timestamp"}-${p <= 3 ? "millis" : "micros"} ${newer}, or declare it TIMESTAMP(3)`;
}

/**
 * Errors at the format's option (`options["format"]`, `options["key.format"]` ...) for each column
 * of the format's columns (format-options-spec.ts formatColumns) holding a type its Avro schema
 * conversion refuses, on a 'kafka' or 'upsert-kafka' table. `mapping`: "option" for 'avro' (its
 * `timestamp_mapping.legacy`, not judged when it is an Output or no boolean), "legacy" for the
 * registry formats (not judged when they are given their own `schema`).
 */
export function checkAvroTimestamps(ctx: FormatContext, mapping: AvroMapping): void {
  if (ctx.connector === "filesystem") return;
  let legacy = true;
  if (mapping === "option") {
    const key = ctx.key("timestamp_mapping.legacy");
    if (ctx.deferredKeys.includes(key)) return;
    const value = ctx.value("timestamp_mapping.legacy");
    if (value !== undefined && !/^(true|false)$/i.test(value)) return;
    legacy = value === undefined || value.toLowerCase() === "true";
  } else if (["schema", "schema-registry.schema"].some((s) => ctx.has(s))) return;
  const of = formatColumns(ctx);
  if (of === undefined) return;
  for (const c of of.columns) {
    const u = c.type === undefined ? undefined : firstUnheld(c.type, legacy, false);
    if (u === undefined) continue;
    const where = u.at === "" ? `${JSON.stringify(c.name)} is ${u.type.toString()}` : `${JSON.stringify(c.name)} holds ${u.type.toString()} (at ${c.name}${u.at})`;
    const how =
      mapping === "legacy"
        ? `derives the Avro schema from its columns with the legacy timestamp mapping`
        : legacy
          ? `derives the Avro schema from its columns with the legacy timestamp mapping (${JSON.stringify(ctx.key("timestamp_mapping.legacy"))} is true${ctx.value("timestamp_mapping.legacy") === undefined ? " by default" : ""})`
          : `derives the Avro schema from its columns with the non-legacy timestamp mapping (${JSON.stringify(ctx.key("timestamp_mapping.legacy"))} is false)`;
    ctx.diag.error(
      opt(ctx.formatKey),
      `is '${ctx.format}', which ${how}, and ${where}, which that mapping has no Avro type for: every job that reads or writes the table fails when it starts ` +
        `("${u.flink}", flink AvroSchemaConverter.convertToSchema); ${u.at === "" ? "" : "for that field, "}${remedy(ctx, u, mapping, legacy)}`,
    );
  }
}
