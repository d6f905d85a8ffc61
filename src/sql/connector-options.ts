/**
 * The option keys of the built-in connectors whose whole option set Flink 1.19–2.x fixes: a key
 * outside it fails the job when the factory validates the table (flink FactoryUtil
 * `validateUnconsumedKeys`: "Unsupported options found for '<connector>'"), so it is a preview
 * error naming the nearest known key. Upstream (flink-table-api-java-bridge):
 * `DataGenTableSourceFactory` / `DataGenConnectorOptions` (rows-per-second, number-of-rows,
 * scan.parallelism and the per-column `fields.<column>.<option>` keys of the table's physical
 * columns), `PrintTableSinkFactory` / `PrintConnectorOptions` (print-identifier, standard-error,
 * sink.parallelism), `BlackHoleTableSinkFactory` (no option). Every factory also consumes
 * 'connector' and 'property-version' (FactoryUtil). Other connectors (jdbc, filesystem, CDC ...)
 * are not judged here (the Kafka connectors: kafka-options.ts).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey } from "../validation/known-keys.js";

/** Keys every factory consumes (FactoryUtil.TableFactoryHelper). */
const COMMON = ["connector", "property-version"];

/** The options of a column of a 'datagen' table (DataGenConnectorOptions FIELD_*; null-rate and var-len since Flink 1.18). */
const DATAGEN_FIELD_OPTIONS = ["kind", "min", "max", "max-past", "length", "var-len", "start", "end", "null-rate"];

/**
 * Table-level keys by connector. 'datagen': 'scan.parallelism' since Flink 1.19 (FLIP-367);
 * 'waveform-function-enabled', 'period' and 'floating-gap' are in a later Flink's
 * DataGenConnectorOptions, and a key of a later version is not refused here.
 */
const TABLE_KEYS: Readonly<Record<string, readonly string[]>> = {
  datagen: ["rows-per-second", "number-of-rows", "scan.parallelism", "waveform-function-enabled", "period", "floating-gap"],
  print: ["print-identifier", "standard-error", "sink.parallelism"],
  blackhole: [],
};

function opt(key: string): string {
  return `options[${JSON.stringify(key)}]`;
}

/**
 * Checks the keys of a 'datagen', 'print' or 'blackhole' table (connector exactly as Flink matches
 * it, after trimming); any other connector: nothing. `keys`: the plain and Output options' keys.
 * `columns`: the physical column names, or undefined when a column could not be read (then a
 * `fields.<column>.*` key is judged by its option only); `virtual`: the computed and metadata columns;
 * `judged`: the `fields.*` keys datagen-fields.ts judged by the column's type (left alone here).
 */
export function checkConnectorOptionKeys(connector: string, keys: readonly string[], columns: readonly string[] | undefined, diag: Diagnostics, virtual: readonly string[] = [], judged: ReadonlySet<string> = new Set()): void {
  const tableKeys = TABLE_KEYS[connector];
  if (tableKeys === undefined) return;
  const known = [...COMMON, ...tableKeys];
  const unsupported = `"Unsupported options found for '${connector}'" (flink FactoryUtil.validateUnconsumedKeys)`;
  for (const key of keys) {
    if (known.includes(key)) continue;
    if (connector === "datagen" && key.startsWith("fields.")) {
      if (!judged.has(key)) checkDatagenField(key, columns, virtual, unsupported, diag);
      continue;
    }
    const fieldKeys = connector === "datagen" ? (columns ?? []).flatMap((c) => DATAGEN_FIELD_OPTIONS.map((o) => `fields.${c}.${o}`)) : [];
    const near = closestKey(key, [...tableKeys, ...fieldKeys]);
    const options = tableKeys.length === 0 ? `; it takes no option but 'connector': remove it` : near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : `; its options: ${tableKeys.join(", ")}${connector === "datagen" ? ", fields.<column>.<option>" : ""}`;
    diag.error(opt(key), `is no option of the '${connector}' connector, which fails with ${unsupported}${options}`);
  }
}

/** A `fields.<column>.<option>` key of a 'datagen' table: the column must be a physical column, the option a column option. */
function checkDatagenField(key: string, columns: readonly string[] | undefined, virtual: readonly string[], unsupported: string, diag: Diagnostics): void {
  const rest = key.slice("fields.".length);
  // Column names may hold dots: the column is the longest one the key starts with.
  const column = (columns ?? []).filter((c) => rest.startsWith(`${c}.`)).sort((a, b) => b.length - a.length)[0];
  const dot = rest.lastIndexOf(".");
  const option = column !== undefined ? rest.slice(column.length + 1) : dot < 0 ? rest : rest.slice(dot + 1);
  const name = column ?? (dot < 0 ? undefined : rest.slice(0, dot));
  if (!DATAGEN_FIELD_OPTIONS.includes(option)) {
    const near = closestKey(option, DATAGEN_FIELD_OPTIONS);
    const fix = near !== undefined && name !== undefined ? `; did you mean ${JSON.stringify(`fields.${name}.${near}`)}?` : `; a column's options: ${DATAGEN_FIELD_OPTIONS.join(", ")}`;
    diag.error(opt(key), `is no option of the 'datagen' connector (${JSON.stringify(option)} is no column option), which fails with ${unsupported}${fix}`);
    return;
  }
  if (columns === undefined || column !== undefined || name === undefined) return;
  const near = closestKey(name, columns);
  if (virtual.includes(name)) {
    diag.error(opt(key), `names ${JSON.stringify(name)}, a computed or metadata column, which 'datagen' does not generate: it takes 'fields.<column>.*' keys of its physical columns only and fails with ${unsupported}; remove it`);
    return;
  }
  const fix = near !== undefined ? `did you mean ${JSON.stringify(`fields.${near}.${option}`)}?` : `the physical columns: ${columns.join(", ")}`;
  diag.error(opt(key), `names ${JSON.stringify(name)}, which is no physical column of the table: the 'datagen' connector takes 'fields.<column>.*' keys of its physical columns only and fails with ${unsupported}; ${fix}`);
}
