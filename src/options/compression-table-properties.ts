/**
 * The compression table properties an IcebergSink sets through its WITH clause: keys of
 * `extraOptions` or `catalog.properties`, plain (the connector stores every WITH option as a table
 * property when it creates the table: iceberg `flink/.../FlinkDynamicTableFactory.java`,
 * `FlinkCatalog.java`) or behind the catalog's `table-default.` / `table-override.` prefixes
 * (iceberg `core/.../CatalogProperties.java`, applied to the tables the catalog creates; exact
 * prefix, `PropertyUtil.propertiesWithPrefix`). Table properties are read by exact key.
 *
 * How the sink reads them: iceberg `flink/.../sink/SinkUtil.java` `writeProperties` starts from
 * the table's properties and puts the write options over them; `FlinkWriteConf.java` takes the
 * option `compression-level` before `write.parquet.compression-level` / `write.avro.compression-level`
 * and `compression-strategy` before `write.orc.compression-strategy` (write-option-precedence.ts: such a
 * property is never read by this sink, so it is left to write-option-conflicts.ts), and the product always
 * renders `compression-codec`, so `write.<format>.compression-codec` is covered elsewhere
 * (extra-options.ts). `RowDataTaskWriterFactory.java` writes delete files (a sink with equality
 * fields: a primary key) in the data files' format, and the writers' `deleteContext`
 * (`parquet/.../Parquet.java`, `core/.../avro/Avro.java`, `orc/.../ORC.java`) read
 * `write.delete.<format>.*`: Parquet's delete level falls back to the data level, Avro's delete
 * level is read only with a delete codec, ORC's delete strategy falls back to the data strategy.
 * Values: compression-levels.ts.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { codecNameProblem, codecOf, FORMAT_TITLE, levelFate, orcStrategyProblem } from "./compression-levels.js";
import { LEVEL_KEY, unsetFormatSuffix } from "./compression-options.js";
import type { CompressionCodec, WriteFormat } from "./sink-options.js";
import { TABLE_PROPERTY_PREFIXES, catalogTablePrefix } from "./table-property-prefixes.js";
import { setWinningOption, type WithMap } from "./write-option-precedence.js";

/** What the checks need to know about the sink. */
export interface CompressionSinkContext {
  readonly writeFormat: WriteFormat | undefined;
  /** The rendered compression-codec (its seed name is the Parquet and Avro name): every data file's codec. */
  readonly codec: CompressionCodec;
  /** The sink has a primary key, so it writes delete files (equality deletes). */
  readonly writesDeletes: boolean;
}

type Files = "data" | "delete";
interface Property {
  readonly format: WriteFormat;
  readonly kind: "level" | "codec" | "strategy";
  readonly files: Files;
}

const PROPERTIES: ReadonlyMap<string, Property> = new Map<string, Property>([
  ["write.parquet.compression-level", { format: "parquet", kind: "level", files: "data" }],
  ["write.avro.compression-level", { format: "avro", kind: "level", files: "data" }],
  ["write.orc.compression-strategy", { format: "orc", kind: "strategy", files: "data" }],
  ["write.delete.parquet.compression-codec", { format: "parquet", kind: "codec", files: "delete" }],
  ["write.delete.parquet.compression-level", { format: "parquet", kind: "level", files: "delete" }],
  ["write.delete.avro.compression-codec", { format: "avro", kind: "codec", files: "delete" }],
  ["write.delete.avro.compression-level", { format: "avro", kind: "level", files: "delete" }],
  ["write.delete.orc.compression-codec", { format: "orc", kind: "codec", files: "delete" }],
  ["write.delete.orc.compression-strategy", { format: "orc", kind: "strategy", files: "delete" }],
]);

/** The compression table property names this file checks (for the option spelling list). */
export const COMPRESSION_TABLE_PROPERTIES: readonly string[] = [...PROPERTIES.keys()];


interface Setting {
  readonly path: string;
  readonly value: string;
}

/** The value of table property `name` the created table ends up with, among the `maps`. */
function effective(name: string, maps: readonly WithMap[]): Setting | undefined {
  for (const prefix of TABLE_PROPERTY_PREFIXES) {
    for (const { arg, map } of maps) {
      const value = map[prefix + name];
      if (value !== undefined) return { path: `${arg}[${JSON.stringify(prefix + name)}]`, value };
    }
  }
  return undefined;
}

/**
 * Checks every compression table property in `maps` (both maps hold write options too: each is rendered into WITH).
 * A problem that fails this sink's writers is an error; a warning where they never read the key,
 * clamp the level, or fail only for a format or delete files this sink may not write.
 */
export function checkCompressionTableProperties(maps: readonly WithMap[], ctx: CompressionSinkContext, diag: Diagnostics): void {
  for (const { arg, map } of maps) {
    for (const key of Object.keys(map).sort()) {
      const prefix = catalogTablePrefix(key) ?? "";
      const name = key.slice(prefix.length);
      const property = PROPERTIES.get(name);
      if (property !== undefined) checkProperty(`${arg}[${JSON.stringify(key)}]`, name, map[key]!, property, maps, ctx, diag);
    }
  }
}

function checkProperty(at: string, name: string, value: string, p: Property, maps: readonly WithMap[], ctx: CompressionSinkContext, diag: Diagnostics): void {
  // The write option wins over the property: this sink never reads it (a different value: write-option-conflicts.ts).
  if (setWinningOption(name, maps) !== undefined) return;
  const title = FORMAT_TITLE[p.format];
  if (ctx.writeFormat !== undefined && ctx.writeFormat !== p.format) {
    const deletes = p.files === "delete" ? ", the format of its delete files too (the Flink sink writes them in the data files' format)" : "";
    diag.warn(at, `"${name}" is read only by ${title} writers, and this sink writes ${ctx.writeFormat} (writeFormat)${deletes}: its writers never read it; remove it`);
    return;
  }
  // Why a failure may not hit this sink: its table's format is unknown, or it writes no delete files.
  const maybe = [
    ...(ctx.writeFormat === undefined ? [unsetFormatSuffix([p.format])] : []),
    ...(p.files === "delete" && !ctx.writesDeletes ? [". This sink writes no delete files (it has no primaryKey), but the table keeps the property for the writers that do (an upsert job, Spark row-level deletes)"] : []),
  ].join("");
  const fails = (problem: string): void => (maybe === "" ? diag.error(at, problem) : diag.warn(at, problem + maybe));

  if (p.kind === "strategy") {
    const problem = orcStrategyProblem(value, p.files);
    if (problem !== undefined) fails(problem);
    return;
  }
  if (p.kind === "codec") {
    const problem = codecNameProblem(p.format, value, p.files);
    if (problem?.error !== undefined) fails(problem.error);
    if (problem?.warning !== undefined) diag.warn(at, problem.warning + maybe);
    const codec = codecOf(p.format, value);
    if (codec !== undefined && p.format === "parquet") checkInheritedLevel(at, value, codec, maps, fails);
    return;
  }
  // A level: under the codec its files are written with.
  let codec: string = ctx.codec;
  if (p.files === "delete") {
    const deleteCodec = effective(`write.delete.${p.format}.compression-codec`, maps);
    if (deleteCodec === undefined && p.format === "avro") {
      diag.warn(
        at,
        `"${name}" is read only together with write.delete.avro.compression-codec (iceberg Avro.java deleteContext): without it delete files take the data files' codec and level; set write.delete.avro.compression-codec too, or remove it`,
      );
      return;
    }
    if (deleteCodec !== undefined) {
      const named = codecOf(p.format, deleteCodec.value);
      // A codec name the runtime does not read is reported at its own key.
      if (named === undefined) return;
      codec = named;
    }
  }
  const fate = levelFate(p.format, codec, value, name);
  if (fate.fate === "ignored") {
    diag.warn(at, `the ${codec} codec takes no compression level, and it is the codec of this sink's ${title} ${p.files} files: the runtime ignores "${name}"; remove it`);
  } else if (fate.fate === "clamped") {
    diag.warn(at, fate.problem);
  } else if (fate.fate === "fails") {
    fails(fate.problem.replace("when it opens a data file", `when it opens a ${p.files} file`));
  }
}

/**
 * Parquet delete files without write.delete.parquet.compression-level take the data files' level
 * (Parquet.java deleteContext), which `codec` may not read.
 */
function checkInheritedLevel(at: string, value: string, codec: string, maps: readonly WithMap[], fails: (problem: string) => void): void {
  if (effective("write.delete.parquet.compression-level", maps) !== undefined) return;
  // The write option compression-level (in either map: both are write options) wins over the table property.
  const option = setWinningOption("write.parquet.compression-level", maps);
  const data = option ?? effective("write.parquet.compression-level", maps);
  if (data === undefined) return;
  const fate = levelFate("parquet", codec, data.value, option !== undefined ? LEVEL_KEY : "write.parquet.compression-level");
  if (fate.fate !== "fails") return;
  fails(
    `delete files written with ${JSON.stringify(value)} take the data files' level ${JSON.stringify(data.value)} (${data.path}) while write.delete.parquet.compression-level is unset, and ` +
      fate.problem.replace("when it opens a data file", "when it opens a delete file") +
      "; set it as write.delete.parquet.compression-level",
  );
}
