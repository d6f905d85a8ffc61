/**
 * An IcebergSink's compression settings as its file writers read them (src/options/compression-*.ts):
 * the write options compression-level / compression-strategy (extraOptions or catalog.properties,
 * both rendered into WITH), and the compression table properties in extraOptions or
 * catalog.properties (plain or behind table-default. / table-override.).
 * Upstream: iceberg Parquet.java / Avro.java / ORC.java, Hadoop GzipCodec / ZlibFactory /
 * Configuration, parquet-java ZstandardCodec, avro DeflateCodec / ZstandardLoader, zstd.
 */
import { expect } from "chai";
import { baseArgs, hive, planError, render } from "./iceberg-table-helpers.js";

const sink = (extra: Record<string, unknown>, extraOptions: Record<string, string>) => ({ ...baseArgs, ...extra, extraOptions });
const issues = (args: Record<string, unknown>): string[][] => planError("IcebergSink", args).issues.map((i) => [i.path, i.message]);
const warnings = (args: Record<string, unknown>): string[][] => render("IcebergSink", args).plan.warnings.map((w) => [w.path, w.message]);
const S = 'extraOptions["compression-strategy"]';
const L = 'extraOptions["compression-level"]';
const at = (key: string, arg = "extraOptions") => `${arg}[${JSON.stringify(key)}]`;

/** The problem text of a Parquet gzip level that is no CompressionLevel name. */
const zlib = (value: string, key: string, fix: string, files = "data") =>
  `"${value}" is not a zlib level name, which Parquet's gzip writer reads "${key}" as: ` +
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

describe("compression-strategy / compression-level in catalog.properties: rendered into WITH, so write options like extraOptions' (iceberg FlinkDynamicTableFactory.createDynamicTableSink)", () => {
  const withCatalog = (extra: Record<string, unknown>, properties: Record<string, string>) => ({ ...baseArgs, ...extra, catalog: { ...hive, properties } });
  const CS = at("compression-strategy", "catalog.properties");
  const CL = at("compression-level", "catalog.properties");

  it("a value the writer fails on is an error at the catalog property, as in extraOptions", () => {
    expect(issues(withCatalog({ writeFormat: "orc" }, { "compression-strategy": "fast" }))).to.deep.equal([
      [CS, '"fast" is not an ORC compression strategy: the ORC writer fails when it opens a data file ("Unsupported compression strategy: fast"); write "speed" (the default) or "compression"'],
    ]);
    expect(issues(withCatalog({ writeFormat: "avro", compressionCodec: "gzip" }, { "compression-level": "max" }))).to.deep.equal([
      [CL, '"max" is not a whole number (an int), which the Avro gzip writer reads "compression-level" as (Integer.parseInt): the writer fails when it opens a data file (Iceberg reports "Unsupported compression codec: gzip"); write a level such as "3"'],
    ]);
    expect(issues(withCatalog({ writeFormat: "parquet", compressionCodec: "gzip" }, { "compression-level": "9" }))).to.deep.equal([[CL, zlib("9", "compression-level", '"BEST_COMPRESSION" (level 9)')]]);
  });

  it("an unread or clamped value is a warning whose remedy names the catalog property", () => {
    expect(warnings(withCatalog({ writeFormat: "orc" }, { "compression-level": "9" }))).to.deep.equal([
      [CL, 'ORC writers take no compression level (only compression-codec and compression-strategy): the runtime ignores it; remove it, or set catalog.properties["compression-strategy"] = "compression" for smaller ORC files'],
    ]);
    expect(warnings(withCatalog({ writeFormat: "parquet" }, { "compression-level": "23", "compression-strategy": "speed" }))).to.deep.equal([
      [CS, '"compression-strategy" is read only by ORC writers, and this sink writes parquet (writeFormat): the runtime ignores it; remove it'],
      [CL, clamp("23", "Parquet", true)],
    ]);
  });

  it("Parquet delete files inherit a catalog.properties compression-level: the inherited-level error names it", () => {
    const codecKey = "write.delete.parquet.compression-codec";
    expect(issues(withCatalog({ writeFormat: "parquet", primaryKey: ["id"] }, { "compression-level": "3", [codecKey]: "gzip" }))).to.deep.equal([
      [
        at(codecKey, "catalog.properties"),
        'delete files written with "gzip" take the data files\' level "3" (catalog.properties["compression-level"]) while write.delete.parquet.compression-level is unset, and ' +
          zlib("3", "compression-level", '"THREE" (level 3)', "delete") +
          "; set it as write.delete.parquet.compression-level",
      ],
    ]);
  });

  it("behind table-default. / table-override. the names set a table property no writer reads: a warning naming the write.<format>.* property", () => {
    expect(warnings(withCatalog({ writeFormat: "parquet" }, { "table-default.compression-level": "max", "table-override.compression-strategy": "fast" }))).to.deep.equal([
      [
        at("table-default.compression-level", "catalog.properties"),
        '"table-default.compression-level" gives the tables the catalog creates the table property "compression-level", which no writer reads (the write option "compression-level" is read only from the WITH clause); ' +
          'write "table-default.write.parquet.compression-level" or "table-default.write.avro.compression-level", or "compression-level" without the prefix for this sink alone',
      ],
      [
        at("table-override.compression-strategy", "catalog.properties"),
        '"table-override.compression-strategy" gives the tables the catalog creates the table property "compression-strategy", which no writer reads (the write option "compression-strategy" is read only from the WITH clause); ' +
          'write "table-override.write.orc.compression-strategy", or "compression-strategy" without the prefix for this sink alone',
      ],
    ]);
  });

  it("valid values pass without a word", () => {
    expect(warnings(withCatalog({ writeFormat: "orc" }, { "compression-strategy": "Compression" }))).to.deep.equal([]);
    expect(warnings(withCatalog({ writeFormat: "parquet", compressionCodec: "gzip" }, { "compression-level": " BEST_SPEED " }))).to.deep.equal([]);
    expect(warnings(withCatalog({}, { "compression-strategy": "speed", "compression-level": "-5" }))).to.deep.equal([]);
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

describe("compression table properties set through WITH (extraOptions, catalog.properties, table-default. / table-override.)", () => {
  it("write.parquet.compression-level / write.avro.compression-level are read like compression-level, at their own path", () => {
    expect(issues(sink({ writeFormat: "parquet", compressionCodec: "gzip" }, { "write.parquet.compression-level": "9" }))).to.deep.equal([
      [at("write.parquet.compression-level"), zlib("9", "write.parquet.compression-level", '"BEST_COMPRESSION" (level 9)')],
    ]);
    const catalog = { ...hive, properties: { "table-default.write.avro.compression-level": "12" } };
    expect(issues({ ...baseArgs, writeFormat: "avro", compressionCodec: "gzip", catalog })).to.deep.equal([
      [
        at("table-default.write.avro.compression-level", "catalog.properties"),
        '"12" is outside the deflate levels -1 to 9 of the Avro gzip writer: the writer fails when it compresses its first block (java.util.zip.Deflater: IllegalArgumentException); write a level from 1 (fastest) to 9 (smallest files, Iceberg\'s default for Avro), or 0 for none',
      ],
    ]);
    expect(warnings(sink({ writeFormat: "parquet", compressionCodec: "snappy" }, { "write.parquet.compression-level": "3" }))).to.deep.equal([
      [at("write.parquet.compression-level"), 'the snappy codec takes no compression level, and it is the codec of this sink\'s Parquet data files: the runtime ignores "write.parquet.compression-level"; remove it'],
    ]);
  });

  it("each data-file property its write option wins over (write-option-precedence.ts) warns with another value, stays quiet with the same; a delete-file property is read", () => {
    const unread = (key: string, lost: string, option: string, value: string, reader: string, effect: string, arg = "extraOptions") =>
      `${JSON.stringify(key)} = ${JSON.stringify(lost)} is never read by this sink: ${arg}[${JSON.stringify(option)}] = ${JSON.stringify(value)} sets the write option, ` +
      `which wins over the table property (iceberg FlinkWriteConf.${reader}), so the sink ${effect}; ` +
      `keep one of them (a table the connector creates still gets ${JSON.stringify(key.replace(/^table-(default|override)\./, ""))} = ${JSON.stringify(lost)} as a table property, for other writers)`;
    expect(warnings(sink({ writeFormat: "avro", compressionCodec: "gzip" }, { "compression-level": "5", "write.avro.compression-level": "9" }))).to.deep.equal([
      [at("write.avro.compression-level"), unread("write.avro.compression-level", "9", "compression-level", "5", "avroCompressionLevel", 'takes "5" as its Avro compression level')],
    ]);
    expect(warnings(sink({ writeFormat: "orc" }, { "compression-strategy": "speed", "table-default.write.orc.compression-strategy": "compression" }))).to.deep.equal([
      [
        at("table-default.write.orc.compression-strategy"),
        unread("table-default.write.orc.compression-strategy", "compression", "compression-strategy", "speed", "orcCompressionStrategy", 'takes "speed" as its ORC compression strategy'),
      ],
    ]);
    // The option in catalog.properties wins over a property in either map.
    const catalog = { ...hive, properties: { "compression-level": "3" } };
    expect(warnings({ ...baseArgs, writeFormat: "parquet", catalog, extraOptions: { "write.parquet.compression-level": "5" } })).to.deep.equal([
      [at("write.parquet.compression-level"), unread("write.parquet.compression-level", "5", "compression-level", "3", "parquetCompressionLevel", 'takes "3" as its Parquet compression level', "catalog.properties")],
    ]);
    // The same value under both keys (the same whole number, a strategy in another case): the sink writes the same either way, quiet (FlinkConfParser).
    const same: Record<string, string>[] = [
      { "compression-level": "5", "write.avro.compression-level": "5" },
      { "compression-level": "5", "table-override.write.avro.compression-level": "05" },
      { "compression-strategy": "speed", "write.orc.compression-strategy": "SPEED" },
    ];
    for (const extraOptions of same) {
      expect(warnings(sink({}, extraOptions)), JSON.stringify(extraOptions)).to.deep.equal([]);
    }
    // A catalog-wide default (catalog.properties) that this sink's extraOptions overrides on purpose: quiet, like write.distribution-mode.
    const shared = { ...hive, properties: { "table-default.write.avro.compression-level": "9" } };
    expect(warnings({ ...baseArgs, writeFormat: "avro", compressionCodec: "gzip", catalog: shared, extraOptions: { "compression-level": "5" } })).to.deep.equal([]);
    // Delete files read their own property whatever the write option says (iceberg Parquet.java deleteContext).
    expect(warnings(sink({ writeFormat: "parquet", compressionCodec: "zstd", primaryKey: ["id"] }, { "compression-level": "3", "write.delete.parquet.compression-level": "5" }))).to.deep.equal([]);
  });

  it("a property the write option or the format makes unread is a warning; writeFormat unset turns a failure into a warning", () => {
    expect(warnings(sink({ writeFormat: "parquet" }, { "compression-level": "3", "write.parquet.compression-level": "5" }))).to.deep.equal([
      [
        at("write.parquet.compression-level"),
        '"write.parquet.compression-level" = "5" is never read by this sink: extraOptions["compression-level"] = "3" sets the write option, which wins over the table property (iceberg FlinkWriteConf.parquetCompressionLevel), ' +
          'so the sink takes "3" as its Parquet compression level; keep one of them (a table the connector creates still gets "write.parquet.compression-level" = "5" as a table property, for other writers)',
      ],
    ]);
    expect(warnings(sink({ writeFormat: "parquet" }, { "write.orc.compression-strategy": "fast" }))).to.deep.equal([
      [at("write.orc.compression-strategy"), '"write.orc.compression-strategy" is read only by ORC writers, and this sink writes parquet (writeFormat): its writers never read it; remove it'],
    ]);
    expect(issues(sink({ writeFormat: "orc" }, { "write.orc.compression-strategy": "fast" }))).to.deep.equal([
      [at("write.orc.compression-strategy"), '"fast" is not an ORC compression strategy: the ORC writer fails when it opens a data file ("Unsupported compression strategy: fast"); write "speed" (the default) or "compression"'],
    ]);
    const catalog = { ...hive, properties: { "table-override.write.avro.compression-level": "x" } };
    expect(warnings({ ...baseArgs, catalog })).to.deep.equal([
      [
        at("table-override.write.avro.compression-level", "catalog.properties"),
        '"x" is not a whole number (an int), which the Avro zstd writer reads "write.avro.compression-level" as (Integer.parseInt): the writer fails when it opens a data file (Iceberg reports "Unsupported compression codec: zstd"); write a level such as "3". writeFormat is unset, so this fails only if the table\'s format is Avro; set writeFormat to make the choice explicit',
      ],
    ]);
  });

  it("write.delete.<format>.compression-codec: each format's names (any case); an error with a primary key, a warning without", () => {
    const parquetNames = '"uncompressed", "snappy", "gzip", "lzo", "brotli", "lz4", "zstd", "lz4_raw"';
    const zlibProblem = `"zlib" is not a Parquet codec: the writer fails when it opens a delete file ("Unsupported compression codec: zlib"); write "gzip" (Parquet codecs: ${parquetNames}, any case)`;
    const key = "write.delete.parquet.compression-codec";
    expect(issues(sink({ writeFormat: "parquet", primaryKey: ["id"] }, { [key]: "zlib" }))).to.deep.equal([[at(key), zlibProblem]]);
    expect(warnings(sink({ writeFormat: "parquet" }, { [key]: "zlib" }))).to.deep.equal([
      [at(key), `${zlibProblem}. This sink writes no delete files (it has no primaryKey), but the table keeps the property for the writers that do (an upsert job, Spark row-level deletes)`],
    ]);
    expect(issues(sink({ writeFormat: "orc", primaryKey: ["id"] }, { "write.delete.orc.compression-codec": "uncompressed" }))).to.deep.equal([
      [
        at("write.delete.orc.compression-codec"),
        '"uncompressed" is not an ORC codec: the writer fails when it opens a delete file ("Unsupported compression codec: uncompressed"); write "none" (ORC codecs: "none", "zlib", "snappy", "lzo", "lz4", "zstd", any case)',
      ],
    ]);
    expect(warnings(sink({ writeFormat: "parquet", primaryKey: ["id"] }, { [key]: "LZO" }))).to.deep.equal([
      [
        at(key),
        '"LZO" needs the Hadoop codec class com.hadoop.compression.lzo.LzoCodec, which neither Hadoop nor Parquet ships: unless the image adds it, the writer fails when it opens a delete file ("Class com.hadoop.compression.lzo.LzoCodec was not found"); write "zstd", "snappy" or "gzip"',
      ],
    ]);
    expect(warnings(sink({ writeFormat: "orc", primaryKey: ["id"] }, { "write.delete.orc.compression-codec": "brotli" }))).to.deep.equal([
      [
        at("write.delete.orc.compression-codec"),
        '"brotli" is an ORC codec only from ORC 2.0: on an ORC 1.9 runtime the writer fails when it opens a delete file ("Unsupported compression codec: brotli"); write "zstd" unless the runtime\'s ORC is 2.0 or later',
      ],
    ]);
    expect(warnings(sink({ writeFormat: "parquet", primaryKey: ["id"] }, { "write.delete.avro.compression-codec": "snappy" }))).to.deep.equal([
      [
        at("write.delete.avro.compression-codec"),
        '"write.delete.avro.compression-codec" is read only by Avro writers, and this sink writes parquet (writeFormat), the format of its delete files too (the Flink sink writes them in the data files\' format): its writers never read it; remove it',
      ],
    ]);
  });

  it("delete levels: Parquet delete files take the data level unless write.delete.parquet.compression-level is set; Avro reads its delete level only with a delete codec", () => {
    const codecKey = "write.delete.parquet.compression-codec";
    expect(issues(sink({ writeFormat: "parquet", primaryKey: ["id"] }, { "compression-level": "3", [codecKey]: "gzip" }))).to.deep.equal([
      [
        at(codecKey),
        'delete files written with "gzip" take the data files\' level "3" (extraOptions["compression-level"]) while write.delete.parquet.compression-level is unset, and ' +
          zlib("3", "compression-level", '"THREE" (level 3)', "delete") +
          "; set it as write.delete.parquet.compression-level",
      ],
    ]);
    expect(warnings(sink({ writeFormat: "avro", primaryKey: ["id"] }, { "write.delete.avro.compression-level": "3" }))).to.deep.equal([
      [
        at("write.delete.avro.compression-level"),
        '"write.delete.avro.compression-level" is read only together with write.delete.avro.compression-codec (iceberg Avro.java deleteContext): without it delete files take the data files\' codec and level; set write.delete.avro.compression-codec too, or remove it',
      ],
    ]);
    expect(issues(sink({ writeFormat: "avro", primaryKey: ["id"] }, { "write.delete.avro.compression-codec": "GZIP", "write.delete.avro.compression-level": "11" }))).to.deep.equal([
      [
        at("write.delete.avro.compression-level"),
        '"11" is outside the deflate levels -1 to 9 of the Avro gzip writer: the writer fails when it compresses its first block (java.util.zip.Deflater: IllegalArgumentException); write a level from 1 (fastest) to 9 (smallest files, Iceberg\'s default for Avro), or 0 for none',
      ],
    ]);
  });

  it("valid settings pass without a word, in either map and behind either prefix", () => {
    const pk = { primaryKey: ["id"] };
    expect(
      warnings(
        sink(
          { writeFormat: "parquet", compressionCodec: "gzip", ...pk },
          { "write.parquet.compression-level": "BEST_SPEED", "write.delete.parquet.compression-codec": "Zstd", "table-override.write.delete.parquet.compression-level": "0x7" },
        ),
      ),
    ).to.deep.equal([]);
    expect(warnings(sink({ writeFormat: "parquet", ...pk }, { "compression-level": "3", "write.delete.parquet.compression-codec": "gzip", "write.delete.parquet.compression-level": "THREE" }))).to.deep.equal([]);
    expect(warnings(sink({ writeFormat: "avro", ...pk }, { "write.avro.compression-level": "-3", "write.delete.avro.compression-codec": "gzip", "write.delete.avro.compression-level": "9" }))).to.deep.equal([]);
    const catalog = { ...hive, properties: { "table-default.write.orc.compression-strategy": "compression", "write.delete.orc.compression-codec": "ZLIB", "write.delete.orc.compression-strategy": "Speed" } };
    expect(warnings({ ...baseArgs, ...pk, writeFormat: "orc", catalog })).to.deep.equal([]);
  });
});
