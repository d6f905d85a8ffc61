/**
 * An IcebergSink's compression settings as its file writers read them (src/options/compression-*.ts):
 * the write options compression-level / compression-strategy.
 * Upstream: iceberg Parquet.java / Avro.java / ORC.java, Hadoop GzipCodec / ZlibFactory /
 * Configuration, parquet-java ZstandardCodec, avro DeflateCodec / ZstandardLoader, zstd.
 */
import { expect } from "chai";
import { baseArgs, planError, render } from "./iceberg-table-helpers.js";

const sink = (extra: Record<string, unknown>, extraOptions: Record<string, string>) => ({ ...baseArgs, ...extra, extraOptions });
const issues = (args: Record<string, unknown>): string[][] => planError("IcebergSink", args).issues.map((i) => [i.path, i.message]);
const warnings = (args: Record<string, unknown>): string[][] => render("IcebergSink", args).plan.warnings.map((w) => [w.path, w.message]);
const S = 'extraOptions["compression-strategy"]';
const L = 'extraOptions["compression-level"]';

/** The problem text of a Parquet gzip level that is no CompressionLevel name. */
const zlib = (value: string, key: string, fix: string, files = "data") =>
  `"${value}" is not a zlib level name, which Parquet's gzip writer reads "${key}" as (Hadoop's zlib.compress.level, read with Configuration.getEnum): ` +
  `the writer fails when it opens a ${files} file ("No enum constant org.apache.hadoop.io.compress.zlib.ZlibCompressor.CompressionLevel.${value.trim()}"), or, on an older Hadoop without native zlib, ignores it; write ${fix}`;
const ZLIB_NAMES_FIX = 'a level name: "BEST_SPEED" (1), "TWO" to "EIGHT", "BEST_COMPRESSION" (9), "NO_COMPRESSION" (0) or "DEFAULT_COMPRESSION" (zlib\'s default, 6)';
const clamp = (value: string, writer: string, above: boolean) =>
  `"${value}" is ${above ? "above zstd's highest level, 22" : "below zstd's lowest level, -131072"}: the ${writer} zstd writer uses ${above ? 22 : -131072} instead, without a word; write a level from -131072 to 22, e.g. "${above ? 22 : -131072}" if you mean it`;

describe("compression-strategy / compression-level as each format's writer uses them (iceberg SinkUtil.writeProperties, ORC / Avro / Parquet writers)", () => {
  it("ORC: a strategy other than speed / compression (any case) fails the writer; a level is ignored", () => {
    expect(issues(sink({ writeFormat: "orc" }, { "compression-strategy": "fast" }))).to.deep.equal([
      [S, '"fast" is not an ORC compression strategy: the ORC writer fails when it opens a data file ("Unsupported compression strategy: fast"); write "speed" (the default) or "compression"'],
    ]);
    expect(warnings(sink({ writeFormat: "orc" }, { "compression-strategy": "COMPRESSION", "compression-level": "9" }))).to.deep.equal([
      [L, 'ORC writers take no compression level (only compression-codec and compression-strategy): the runtime ignores it; remove it, or set extraOptions["compression-strategy"] = "compression" for smaller ORC files'],
    ]);
  });

  it("Parquet / Avro: a strategy is ignored; a level that is no int fails zstd / Avro gzip, and snappy / uncompressed ignore it", () => {
    expect(warnings(sink({ writeFormat: "parquet" }, { "compression-strategy": "speed", "compression-level": "3" }))).to.deep.equal([
      [S, '"compression-strategy" is read only by ORC writers, and this sink writes parquet (writeFormat): the runtime ignores it; remove it'],
    ]);
    expect(issues(sink({ writeFormat: "avro", compressionCodec: "gzip" }, { "compression-level": "max" }))).to.deep.equal([
      [L, '"max" is not a whole number (an int), which the Avro gzip writer reads "compression-level" as (Integer.parseInt): the writer fails when it opens a data file (Iceberg reports "Unsupported compression codec: gzip"); write a level such as "3"'],
    ]);
    expect(issues(sink({ writeFormat: "parquet" }, { "compression-level": "3.5" }))).to.deep.equal([
      [L, '"3.5" is not a whole number (an int), which Parquet\'s zstd writer reads "compression-level" as (Hadoop Configuration.getInt): the writer fails when it compresses its first page (NumberFormatException); write a level such as "3"'],
    ]);
    expect(warnings(sink({ writeFormat: "avro", compressionCodec: "snappy" }, { "compression-level": "max" }))).to.deep.equal([
      [L, "the snappy codec takes no compression level: the runtime ignores it; remove it"],
    ]);
  });

  it("writeFormat unset: a value that fails only for some format the table may have is a warning naming those formats", () => {
    expect(warnings(sink({}, { "compression-strategy": "best", "compression-level": "x" }))).to.deep.equal([
      [S, '"best" is not an ORC compression strategy: the ORC writer fails when it opens a data file ("Unsupported compression strategy: best"); write "speed" (the default) or "compression". writeFormat is unset, so this fails only if the table\'s format is ORC (other formats ignore the key); set writeFormat to make the choice explicit'],
      [L, '"x" is not a whole number (an int), which Parquet\'s zstd writer reads "compression-level" as (Hadoop Configuration.getInt): the writer fails when it compresses its first page (NumberFormatException); write a level such as "3". writeFormat is unset, so this fails unless the table\'s format is ORC (which ignores the level); set writeFormat to make the choice explicit'],
    ]);
    // Hadoop's getInt reads hex; Avro's Integer.parseInt does not.
    expect(warnings(sink({}, { "compression-level": "0x5" }))).to.deep.equal([
      [L, '"0x5" is not a whole number (an int), which the Avro zstd writer reads "compression-level" as (Integer.parseInt): the writer fails when it opens a data file (Iceberg reports "Unsupported compression codec: zstd"); write a level such as "3". writeFormat is unset, so this fails only if the table\'s format is Avro; set writeFormat to make the choice explicit'],
    ]);
    expect(warnings(sink({}, { "compression-strategy": "Speed", "compression-level": "-5" }))).to.deep.equal([]);
  });
});

describe("Parquet gzip: the level is Hadoop's zlib.compress.level, a CompressionLevel name (ZlibFactory, Configuration.getEnum)", () => {
  const gzip = (level: string) => sink({ writeFormat: "parquet", compressionCodec: "gzip" }, { "compression-level": level });

  it("a number, a name in other letter case or another word fails the writer; the message names the level's name", () => {
    expect(issues(gzip("9"))).to.deep.equal([[L, zlib("9", "compression-level", '"BEST_COMPRESSION" (level 9)')]]);
    expect(issues(gzip("-1"))).to.deep.equal([[L, zlib("-1", "compression-level", '"DEFAULT_COMPRESSION" (zlib\'s default, level 6)')]]);
    expect(issues(gzip("best_compression"))).to.deep.equal([[L, zlib("best_compression", "compression-level", '"BEST_COMPRESSION" (the names are read in exact case)')]]);
    expect(issues(gzip("12"))).to.deep.equal([[L, zlib("12", "compression-level", ZLIB_NAMES_FIX)]]);
  });

  it("every CompressionLevel name passes, white space around it too (getEnum trims)", () => {
    for (const name of ["NO_COMPRESSION", "BEST_SPEED", "TWO", "FIVE", "EIGHT", "BEST_COMPRESSION", "DEFAULT_COMPRESSION", " SIX "]) {
      expect(warnings(gzip(name)), name).to.deep.equal([]);
    }
  });
});

describe("level ranges: Avro deflate -1..9 (java.util.zip.Deflater), zstd -131072..22 clamped silently (Avro ZstandardLoader, zstd ZSTD_cParam_clampBounds)", () => {
  it("Avro gzip: a level outside -1..9 fails when the first block is compressed", () => {
    const problem = (v: string) =>
      `"${v}" is outside the deflate levels -1 to 9 of the Avro gzip writer: the writer fails when it compresses its first block (java.util.zip.Deflater: IllegalArgumentException); write a level from 1 (fastest) to 9 (smallest files, Iceberg's default for Avro), or 0 for none`;
    expect(issues(sink({ writeFormat: "avro", compressionCodec: "gzip" }, { "compression-level": "10" }))).to.deep.equal([[L, problem("10")]]);
    expect(issues(sink({ writeFormat: "avro", compressionCodec: "gzip" }, { "compression-level": "-2" }))).to.deep.equal([[L, problem("-2")]]);
    for (const v of ["-1", "0", "1", "+5", "9"]) expect(warnings(sink({ writeFormat: "avro", compressionCodec: "gzip" }, { "compression-level": v })), v).to.deep.equal([]);
  });

  it("zstd (Avro and Parquet): a level outside -131072..22 is a warning, since the writer clamps it", () => {
    expect(warnings(sink({ writeFormat: "avro" }, { "compression-level": "23" }))).to.deep.equal([[L, clamp("23", "Avro", true)]]);
    expect(warnings(sink({ writeFormat: "avro" }, { "compression-level": "-131073" }))).to.deep.equal([[L, clamp("-131073", "Avro", false)]]);
    expect(warnings(sink({ writeFormat: "parquet" }, { "compression-level": "0x17" }))).to.deep.equal([[L, clamp("0x17", "Parquet", true)]]);
    for (const v of ["-131072", "-5", "1", "22"]) expect(warnings(sink({ writeFormat: "avro" }, { "compression-level": v })), v).to.deep.equal([]);
    for (const v of ["-7", "3", " 19 ", "0x10", "22"]) expect(warnings(sink({ writeFormat: "parquet" }, { "compression-level": v })), v).to.deep.equal([]);
  });
});
