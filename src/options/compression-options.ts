/**
 * An IcebergSink's write options `compression-strategy` / `compression-level`, in `extraOptions`
 * or `catalog.properties`, as the writer of each file format uses them (the rules per writer:
 * compression-levels.ts). Both maps are rendered into the WITH clause, and the connector hands the
 * whole WITH map to the sink as its write options (iceberg `flink/.../FlinkDynamicTableFactory.java`
 * `createDynamicTableSink`: `writeProps = getOptions()`), so a catalog property of either name is
 * read exactly like the extraOptions one. Behind `table-default.` / `table-override.` the names
 * only set a table property of that name, which no writer reads (the writers' table properties are
 * `write.<format>.*`: compression-table-properties.ts).
 *
 * Upstream: iceberg `flink/.../FlinkWriteConf.java` (compression-level → the Parquet / Avro
 * level, compression-strategy → the ORC strategy, default speed; the write option wins over the
 * table property), `flink/.../sink/SinkUtil.java` `writeProperties` (ORC gets the codec and the
 * strategy, never a level), `orc/.../ORC.java` `toCompressionStrategy`, `core/.../avro/Avro.java`
 * `toCodec`, `parquet/.../Parquet.java` `WriteBuilder.build`.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import type { WithMap } from "./write-option-precedence.js";
import { FORMAT_TITLE, levelFate, orcStrategyProblem, type LevelFate } from "./compression-levels.js";
import type { CompressionCodec, WriteFormat } from "./sink-options.js";
import { catalogTablePrefix } from "./table-property-prefixes.js";

export const STRATEGY_KEY = "compression-strategy";
export const LEVEL_KEY = "compression-level";

const ALL_FORMATS: readonly WriteFormat[] = ["parquet", "avro", "orc"];

/**
 * The sentence that turns a failure into a warning when writeFormat is unset: which of the formats
 * the table may have fail (`failing`), the others reading or ignoring the value.
 */
export function unsetFormatSuffix(failing: readonly WriteFormat[]): string {
  const which =
    failing.length === 2 && failing.includes("parquet") && failing.includes("avro")
      ? "fails unless the table's format is ORC (which ignores the level)"
      : `fails only if the table's format is ${failing.map((f) => FORMAT_TITLE[f]).join(" or ")}`;
  return `. writeFormat is unset, so this ${which}; set writeFormat to make the choice explicit`;
}

/**
 * Checks the two keys in each of `maps` (catalog.properties, extraOptions: each is rendered into
 * WITH, so each is a write option; a key set in both is an error of its own) against the sink's
 * `writeFormat` (undefined: the table keeps its own format) and seed `codec` (the rendered
 * compression-codec, the same name for Parquet and Avro): an error where the writer fails, a
 * warning where it ignores the key, clamps the level, or fails only for some format the table may
 * have. The same two names behind a catalog's `table-default.` / `table-override.` prefix are a
 * warning: they set a table property nothing reads.
 */
export function checkCompressionOptions(maps: readonly WithMap[], writeFormat: WriteFormat | undefined, codec: CompressionCodec, diag: Diagnostics): void {
  for (const { arg, map } of maps) {
    checkOptions(arg, map, writeFormat, codec, diag);
    for (const key of Object.keys(map).sort()) {
      const prefix = catalogTablePrefix(key);
      const name = prefix === undefined ? undefined : key.slice(prefix.length);
      if (name !== LEVEL_KEY && name !== STRATEGY_KEY) continue;
      const property = name === STRATEGY_KEY ? ["write.orc.compression-strategy"] : ["write.parquet.compression-level", "write.avro.compression-level"];
      diag.warn(
        `${arg}[${JSON.stringify(key)}]`,
        `${JSON.stringify(key)} gives the tables the catalog creates the table property ${JSON.stringify(name)}, which no writer reads (the write option ${JSON.stringify(name)} is read only from the WITH clause); ` +
          `write ${property.map((p) => JSON.stringify(prefix + p)).join(" or ")}, or ${JSON.stringify(name)} without the prefix for this sink alone`,
      );
    }
  }
}

function checkOptions(arg: string, extra: Readonly<Record<string, string>>, writeFormat: WriteFormat | undefined, codec: CompressionCodec, diag: Diagnostics): void {
  const strategy = extra[STRATEGY_KEY];
  if (strategy !== undefined) {
    const at = `${arg}["${STRATEGY_KEY}"]`;
    const problem = orcStrategyProblem(strategy, "data");
    if (writeFormat !== undefined && writeFormat !== "orc") {
      diag.warn(at, `"${STRATEGY_KEY}" is read only by ORC writers, and this sink writes ${writeFormat} (writeFormat): the runtime ignores it; remove it`);
    } else if (problem !== undefined) {
      if (writeFormat === "orc") diag.error(at, problem);
      else diag.warn(at, `${problem}. writeFormat is unset, so this fails only if the table's format is ORC (other formats ignore the key); set writeFormat to make the choice explicit`);
    }
  }
  const level = extra[LEVEL_KEY];
  if (level === undefined) return;
  const at = `${arg}["${LEVEL_KEY}"]`;
  const formats = writeFormat !== undefined ? [writeFormat] : ALL_FORMATS;
  const fates: [WriteFormat, LevelFate][] = formats.map((f) => [f, levelFate(f, codec, level, LEVEL_KEY)]);
  if (fates.every(([, f]) => f.fate === "ignored")) {
    const why = writeFormat === "orc" ? "ORC writers take no compression level (only compression-codec and compression-strategy)" : `the ${codec} codec takes no compression level`;
    diag.warn(at, `${why}: the runtime ignores it; remove it${writeFormat === "orc" ? `, or set ${arg}["compression-strategy"] = "compression" for smaller ORC files` : ""}`);
    return;
  }
  const failing = fates.filter(([, f]) => f.fate === "fails");
  const first = failing[0]?.[1] ?? fates.find(([, f]) => f.fate === "clamped")?.[1];
  if (first === undefined || !("problem" in first)) return;
  if (first.fate === "clamped") diag.warn(at, first.problem);
  else if (writeFormat !== undefined) diag.error(at, first.problem);
  else diag.warn(at, first.problem + unsetFormatSuffix(failing.map(([f]) => f)));
}
