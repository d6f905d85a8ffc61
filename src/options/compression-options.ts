/**
 * An IcebergSink's `extraOptions["compression-strategy"]` / `extraOptions["compression-level"]`,
 * as the writer of each file format uses them.
 *
 * Upstream: iceberg `flink/.../FlinkWriteConf.java` (compression-level → the Parquet / Avro
 * level, compression-strategy → the ORC strategy, default speed), `flink/.../sink/SinkUtil.java`
 * `writeProperties` (ORC gets the codec and the strategy, never a level), `orc/.../ORC.java`
 * `toCompressionStrategy` (upper-cased, then CompressionStrategy.valueOf: SPEED or COMPRESSION,
 * else "Unsupported compression strategy: ..."), `core/.../avro/Avro.java` `toCodec` (gzip and zstd
 * parse the level with Integer.parseInt, a failure rethrown as "Unsupported compression codec";
 * snappy and uncompressed ignore it), `parquet/.../Parquet.java` (a level only for gzip, brotli and
 * zstd, "compression level is not supported; ignore it" otherwise; zstd's is read as an int by
 * Hadoop's Configuration.getInt).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { isJavaWholeNumber } from "../validation/java-number.js";
import type { CompressionCodec, WriteFormat } from "./sink-options.js";

const STRATEGY_KEY = "compression-strategy";
const LEVEL_KEY = "compression-level";

/** Integer.parseInt. */
const javaInt = (v: string): boolean => isJavaWholeNumber(v, 32);

/** What the writer of `format` does with `level` under `codec`: "ignored", "ok", or "fails". Undefined: not checked here. */
function levelFate(format: WriteFormat, codec: CompressionCodec, level: string): "ignored" | "ok" | "fails" | undefined {
  if (format === "orc" || codec === "snappy" || codec === "uncompressed") return "ignored";
  // Avro: Integer.parseInt as written; Parquet zstd: Configuration.getInt, which trims first.
  if (format === "avro") return javaInt(level) ? "ok" : "fails";
  if (codec === "zstd") return javaInt(level.trim()) ? "ok" : "fails";
  // Parquet gzip hands the level to Hadoop's zlib settings, which read it their own way.
  return undefined;
}

/**
 * Checks the two keys in `extra` against the sink's `writeFormat` (undefined: the table keeps its
 * own format) and seed `codec` (the rendered compression-codec): an error where the writer fails,
 * a warning where it ignores the key or where it fails only for some format the table may have.
 */
export function checkCompressionOptions(extra: Readonly<Record<string, string>>, writeFormat: WriteFormat | undefined, codec: CompressionCodec, diag: Diagnostics): void {
  const strategy = extra[STRATEGY_KEY];
  if (strategy !== undefined) {
    const at = `extraOptions["${STRATEGY_KEY}"]`;
    const valid = /^(speed|compression)$/i.test(strategy);
    if (writeFormat !== undefined && writeFormat !== "orc") {
      diag.warn(at, `"${STRATEGY_KEY}" is read only by ORC writers, and this sink writes ${writeFormat} (writeFormat): the runtime ignores it; remove it`);
    } else if (!valid) {
      const problem = `${JSON.stringify(strategy)} is not an ORC compression strategy: the ORC writer fails when it opens a data file ("Unsupported compression strategy: ${strategy}"); write "speed" (the default) or "compression"`;
      if (writeFormat === "orc") diag.error(at, problem);
      else diag.warn(at, `${problem}. writeFormat is unset, so this fails only if the table's format is ORC (other formats ignore the key); set writeFormat to make the choice explicit`);
    }
  }
  const level = extra[LEVEL_KEY];
  if (level === undefined) return;
  const at = `extraOptions["${LEVEL_KEY}"]`;
  const formats: readonly WriteFormat[] = writeFormat !== undefined ? [writeFormat] : ["parquet", "avro", "orc"];
  const fates = formats.map((f) => levelFate(f, codec, level));
  if (fates.every((f) => f === "ignored")) {
    const why = writeFormat === "orc" ? "ORC writers take no compression level (only compression-codec and compression-strategy)" : `the ${codec} codec takes no compression level`;
    diag.warn(at, `${why}: the runtime ignores it; remove it${writeFormat === "orc" ? ', or set extraOptions["compression-strategy"] = "compression" for smaller ORC files' : ""}`);
    return;
  }
  if (fates.includes("fails")) {
    const problem = `${JSON.stringify(level)} is not a whole number (an int), which the ${codec} codec reads "${LEVEL_KEY}" as: the writer fails when it opens a data file; write a level such as "3"`;
    if (writeFormat !== undefined) diag.error(at, problem);
    else diag.warn(at, `${problem}. writeFormat is unset, so this fails unless the table's format is ORC (which ignores the level); set writeFormat to make the choice explicit`);
  }
}
