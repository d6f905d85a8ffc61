/**
 * What the file writers of an Iceberg sink do with a compression level, a codec name and an ORC
 * compression strategy, wherever the value comes from (the write options `compression-level` /
 * `compression-strategy`, or the `write.<format>.*` / `write.delete.<format>.*` table properties).
 *
 * Upstream, read for each rule:
 * - Parquet: iceberg `parquet/src/main/java/org/apache/iceberg/parquet/Parquet.java` `WriteBuilder.build`
 *   hands the level to Hadoop settings: gzip → `zlib.compress.level`, zstd →
 *   `parquet.compression.codec.zstd.level`, brotli → `compression.brotli.quality`; any other codec:
 *   "compression level is not supported; ignore it". `ParquetWriter` asks `ParquetCodecFactory`
 *   for the compressor when the writer is created.
 * - Parquet gzip: hadoop-common `io/compress/GzipCodec.java` `createCompressor` builds
 *   `GzipZlibCompressor(conf)` with native zlib, `BuiltInGzipCompressor(conf)` without it (since
 *   HADOOP-17825; before that it returned null and the JDK's GZIPOutputStream wrote at its default
 *   level). Both read `zlib/ZlibFactory.java` `getCompressionLevel`: `conf.getEnum("zlib.compress.level",
 *   DEFAULT_COMPRESSION)`, and `conf/Configuration.java` `getEnum` is `Enum.valueOf` of the trimmed
 *   value: the exact names of `zlib/ZlibCompressor.java` `CompressionLevel`, else
 *   IllegalArgumentException ("No enum constant ..."). parquet-java's own level-aware
 *   `CodecFactory` writes the same key with `setEnum` (a name, never a number).
 * - Parquet zstd: parquet-java `parquet-hadoop/.../codec/ZstandardCodec.java` `createOutputStream`
 *   reads the level with `Configuration.getInt` (trimmed; `0x` hex read as hex; else
 *   Integer.parseInt, NumberFormatException when a page is compressed), then
 *   `ZstdCompressorStream` → zstd-jni `ZstdOutputStreamNoFinalizer.setLevel` → zstd
 *   `ZSTD_CCtxParams_setParameter`, which clamps the level into ZSTD_minCLevel() (-131072) ..
 *   ZSTD_maxCLevel() (22) without an error (`ZSTD_cParam_clampBounds`).
 * - Avro: iceberg `core/src/main/java/org/apache/iceberg/avro/Avro.java` `Context.toCodec`:
 *   Integer.parseInt for gzip and zstd, a failure rethrown as "Unsupported compression codec:
 *   <codec>"; snappy and uncompressed take no level. avro `lang/java/avro/.../file/DeflateCodec.java`
 *   creates `new java.util.zip.Deflater(level, true)` when it compresses its first block: outside
 *   -1..9 that throws IllegalArgumentException (openjdk `Deflater.c` init: zlib deflateInit2
 *   Z_STREAM_ERROR). `ZstandardLoader.java` `output` bounds the zstd level to
 *   Zstd.minCompressionLevel()..maxCompressionLevel() silently.
 * - Codec names: `Parquet.java` `toCodec` (`CompressionCodecName.valueOf` of the upper-cased name;
 *   parquet-java `CompressionCodecName.java`), `Avro.java` (its own enum UNCOMPRESSED, SNAPPY,
 *   GZIP, ZSTD), `orc/src/main/java/org/apache/iceberg/orc/ORC.java` `toCompressionKind` /
 *   `toCompressionStrategy` (upper-cased `CompressionKind.valueOf` / `CompressionStrategy.valueOf`);
 *   a bad name fails as "Unsupported compression codec: ..." / "Unsupported compression strategy: ...".
 */
import { isJavaWholeNumber } from "../validation/java-number.js";
import { closestKey } from "../validation/known-keys.js";
import type { WriteFormat } from "./sink-options.js";

/** What a writer does with a compression level. `problem` starts with the value, quoted. */
export type LevelFate =
  | { readonly fate: "ok" }
  | { readonly fate: "ignored" }
  | { readonly fate: "fails"; readonly problem: string }
  | { readonly fate: "clamped"; readonly problem: string };

/** The file format as the messages name it. */
export const FORMAT_TITLE: Readonly<Record<WriteFormat, string>> = { parquet: "Parquet", avro: "Avro", orc: "ORC" };

/** java.lang.String.trim: code points up to U+0020 at either end (not JS's Unicode white space). */
function javaTrim(text: string): string {
  return text.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, "");
}

/** Hadoop Configuration.getInt: trimmed; `0x` / `-0x` read as hex (Integer.parseInt(…, 16)); else Integer.parseInt. */
export function hadoopInt(text: string): number | undefined {
  const t = javaTrim(text);
  const negative = t.startsWith("-");
  const rest = negative ? t.slice(1) : t;
  if (/^0[xX]/.test(rest)) {
    const hex = (negative ? "-" : "") + rest.slice(2);
    if (!/^[+-]?[0-9a-fA-F]+$/.test(hex)) return undefined;
    const n = parseInt(hex, 16);
    return n >= -(2 ** 31) && n < 2 ** 31 ? n : undefined;
  }
  return isJavaWholeNumber(t, 32) ? Number(t) : undefined;
}

/** zlib's levels by number (ZlibCompressor.CompressionLevel), and its default (-1, zlib's level 6). */
const ZLIB_LEVELS = ["NO_COMPRESSION", "BEST_SPEED", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "BEST_COMPRESSION"] as const;
const ZLIB_DEFAULT = "DEFAULT_COMPRESSION";
const ZLIB_NAMES: ReadonlySet<string> = new Set<string>([...ZLIB_LEVELS, ZLIB_DEFAULT]);

/** zstd's bounds (ZSTD_minCLevel, ZSTD_maxCLevel). */
const ZSTD_MIN = -131072;
const ZSTD_MAX = 22;

/** What to write for a Parquet gzip level that is no CompressionLevel name. */
function zlibFix(trimmed: string): string {
  if (/^[+-]?[0-9]+$/.test(trimmed)) {
    const n = Number(trimmed);
    if (n === -1) return `"${ZLIB_DEFAULT}" (zlib's default, level 6)`;
    if (n >= 0 && n <= 9) return `"${ZLIB_LEVELS[n]}" (level ${n})`;
  }
  if (ZLIB_NAMES.has(trimmed.toUpperCase())) return `"${trimmed.toUpperCase()}" (the names are read in exact case)`;
  return `a level name: "BEST_SPEED" (1), "TWO" to "EIGHT", "BEST_COMPRESSION" (9), "NO_COMPRESSION" (0) or "DEFAULT_COMPRESSION" (zlib's default, 6)`;
}

function zstdRange(n: number, q: string, writer: string): LevelFate {
  if (n >= ZSTD_MIN && n <= ZSTD_MAX) return { fate: "ok" };
  const bound = n > ZSTD_MAX ? ZSTD_MAX : ZSTD_MIN;
  const side = n > ZSTD_MAX ? `above zstd's highest level, ${ZSTD_MAX}` : `below zstd's lowest level, ${ZSTD_MIN}`;
  return { fate: "clamped", problem: `${q} is ${side}: the ${writer} zstd writer uses ${bound} instead, without a word; write a level from ${ZSTD_MIN} to ${ZSTD_MAX}, e.g. "${bound}" if you mean it` };
}

/**
 * What the `format` writer does with `level` under `codec` (the runtime's codec name, any case),
 * read from the option or property `key` (named in the problem).
 */
export function levelFate(format: WriteFormat, codec: string, level: string, key: string): LevelFate {
  const c = codec.toLowerCase();
  const q = JSON.stringify(level);
  if (format === "orc") return { fate: "ignored" };
  if (format === "parquet") {
    if (c === "gzip") {
      const t = javaTrim(level);
      if (ZLIB_NAMES.has(t)) return { fate: "ok" };
      return {
        fate: "fails",
        problem:
          `${q} is not a zlib level name, which Parquet's gzip writer reads "${key}" as: ` +
          `the writer fails when it opens a data file ("No enum constant org.apache.hadoop.io.compress.zlib.ZlibCompressor.CompressionLevel.${t}"), or, on an older Hadoop without native zlib, ignores it; write ${zlibFix(t)}`,
      };
    }
    if (c === "zstd") {
      const n = hadoopInt(level);
      if (n === undefined) {
        return { fate: "fails", problem: `${q} is not a whole number (an int), which Parquet's zstd writer reads "${key}" as (Hadoop Configuration.getInt): the writer fails when it compresses its first page (NumberFormatException); write a level such as "3"` };
      }
      return zstdRange(n, q, "Parquet");
    }
    // brotli's quality is read by a codec class outside Hadoop and Parquet: not checked here.
    return c === "brotli" ? { fate: "ok" } : { fate: "ignored" };
  }
  if (c !== "gzip" && c !== "zstd") return { fate: "ignored" };
  if (!isJavaWholeNumber(level, 32)) {
    return {
      fate: "fails",
      problem: `${q} is not a whole number (an int), which the Avro ${c} writer reads "${key}" as (Integer.parseInt): the writer fails when it opens a data file (Iceberg reports "Unsupported compression codec: ${c}"); write a level such as "3"`,
    };
  }
  const n = Number(level);
  if (c === "zstd") return zstdRange(n, q, "Avro");
  if (n >= -1 && n <= 9) return { fate: "ok" };
  return {
    fate: "fails",
    problem: `${q} is outside the deflate levels -1 to 9 of the Avro gzip writer: the writer fails when it compresses its first block (java.util.zip.Deflater: IllegalArgumentException); write a level from 1 (fastest) to 9 (smallest files, Iceberg's default for Avro), or 0 for none`,
  };
}

/** Each format's codec names (lower case; the runtime upper-cases the value before valueOf). */
export const CODEC_NAMES_BY_FORMAT: Readonly<Record<WriteFormat, readonly string[]>> = {
  parquet: ["uncompressed", "snappy", "gzip", "lzo", "brotli", "lz4", "zstd", "lz4_raw"],
  avro: ["uncompressed", "snappy", "gzip", "zstd"],
  orc: ["none", "zlib", "snappy", "lzo", "lz4", "zstd"],
};

/** Another format's name, or a common name, for a codec of this format. */
const SAME_CODEC: Readonly<Record<WriteFormat, Readonly<Record<string, string>>>> = {
  parquet: { none: "uncompressed", zlib: "gzip", deflate: "gzip", zstandard: "zstd" },
  avro: { none: "uncompressed", zlib: "gzip", deflate: "gzip", zstandard: "zstd" },
  orc: { uncompressed: "none", gzip: "zlib", deflate: "zlib", zstandard: "zstd" },
};

/** Parquet codecs whose Hadoop class neither Hadoop nor Parquet ships (parquet-java CompressionCodecName). */
const PARQUET_UNSHIPPED: Readonly<Record<string, string>> = { lzo: "com.hadoop.compression.lzo.LzoCodec", brotli: "org.apache.hadoop.io.compress.BrotliCodec" };

/** The codec name `value` of `format`, lower-cased, when the runtime reads it as one. */
export function codecOf(format: WriteFormat, value: string): string | undefined {
  const upper = value.toUpperCase();
  return CODEC_NAMES_BY_FORMAT[format].find((n) => n.toUpperCase() === upper);
}

/**
 * The problem with `value` as a `format` codec of `files` ("data" / "delete"): `error` for a name
 * the runtime does not read, `warning` for one whose codec class a stock runtime lacks.
 */
export function codecNameProblem(format: WriteFormat, value: string, files: "data" | "delete"): { error?: string; warning?: string } | undefined {
  const q = JSON.stringify(value);
  const codec = codecOf(format, value);
  const names = CODEC_NAMES_BY_FORMAT[format];
  if (format === "orc" && value.toUpperCase() === "BROTLI") {
    // CompressionKind has BROTLI from ORC 2.0; the ORC 1.9 that Iceberg has pinned lacks it.
    return { warning: `${q} is an ORC codec only from ORC 2.0: on an ORC 1.9 runtime the writer fails when it opens a ${files} file ("Unsupported compression codec: ${value}"); write "zstd" unless the runtime's ORC is 2.0 or later` };
  }
  if (codec === undefined) {
    const same = SAME_CODEC[format][value.toLowerCase()];
    const near = same ?? closestKey(value.toLowerCase(), names);
    const list = names.map((n) => `"${n}"`).join(", ");
    return {
      error:
        `${q} is not ${format === "parquet" ? "a" : "an"} ${FORMAT_TITLE[format]} codec: the writer fails when it opens a ${files} file ("Unsupported compression codec: ${value}"); ` +
        (near !== undefined ? `write "${near}" (${FORMAT_TITLE[format]} codecs: ${list}, any case)` : `write one of ${list} (any case)`),
    };
  }
  const cls = format === "parquet" ? PARQUET_UNSHIPPED[codec] : undefined;
  if (cls !== undefined) {
    return {
      warning: `${q} needs the Hadoop codec class ${cls}, which neither Hadoop nor Parquet ships: unless the image adds it, the writer fails when it opens a ${files} file ("Class ${cls} was not found"); write "zstd", "snappy" or "gzip"`,
    };
  }
  return undefined;
}

/** An ORC compression strategy as ORC.toCompressionStrategy reads it (upper-cased: SPEED or COMPRESSION). */
export function orcStrategyProblem(value: string, files: "data" | "delete"): string | undefined {
  if (/^(speed|compression)$/i.test(value)) return undefined;
  return `${JSON.stringify(value)} is not an ORC compression strategy: the ORC writer fails when it opens a ${files} file ("Unsupported compression strategy: ${value}"); write "speed" (the default) or "compression"`;
}
