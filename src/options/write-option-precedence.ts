/**
 * Which write option of an IcebergSink wins over which table property. Iceberg's Flink sink reads
 * each setting from the write option first, then from the Flink configuration, and from the table
 * property only when neither is set (iceberg `flink/.../FlinkWriteConf.java`: `option(...)` before
 * `flinkConfig(...)` before `tableProperty(...)`, FlinkConfParser), so a table property whose
 * write option is set is never read by this sink.
 *
 * Listed: the pairs a modeled arg does not cover; write-option-conflicts.ts checks them all.
 * `write-format`, `target-file-size-bytes`, `compression-codec` and `upsert-enabled` are covered
 * by a modeled arg, so either key in a map is an error already (extra-options.ts COVERED).
 */
import { LEVEL_KEY, STRATEGY_KEY } from "./compression-options.js";

/** The write option that wins over a table property, and the FlinkWriteConf code the messages name. */
export interface WinningOption {
  /** The write option (FlinkWriteOptions). */
  readonly option: string;
  /** What reads the pair, as the message names it (`FlinkWriteConf.distributionMode`). */
  readonly reader: string;
  /** Whether two values set the same thing, as the runtime reads them. */
  readonly same: (a: string, b: string) => boolean;
  /** What the sink does with the option's value `v`, after "so the sink ". */
  readonly effect: (v: string) => string;
}

/** Distribution modes are read in any case (DistributionMode.fromName). */
const sameMode = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
/** ORC strategies are read in any case (iceberg ORC.java toCompressionStrategy: upper-cased, then valueOf). */
const sameStrategy = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();
/** A level is a string until a writer parses it (Integer.parseInt for the numeric ones): the same text, or the same whole number. */
const sameLevel = (a: string, b: string): boolean => a === b || (/^[+-]?\d+$/.test(a) && /^[+-]?\d+$/.test(b) && Number(a) === Number(b));

const level = (format: string): Omit<WinningOption, "reader"> => ({
  option: LEVEL_KEY,
  same: sameLevel,
  effect: (v) => `takes ${JSON.stringify(v)} as its ${format} compression level`,
});

const WINNING: ReadonlyMap<string, WinningOption> = new Map<string, WinningOption>([
  ["write.distribution-mode", { option: "distribution-mode", reader: "FlinkWriteConf.distributionMode", same: sameMode, effect: (v) => `distributes its rows by ${JSON.stringify(v)}` }],
  ["write.parquet.compression-level", { ...level("Parquet"), reader: "FlinkWriteConf.parquetCompressionLevel" }],
  ["write.avro.compression-level", { ...level("Avro"), reader: "FlinkWriteConf.avroCompressionLevel" }],
  [
    "write.orc.compression-strategy",
    { option: STRATEGY_KEY, reader: "FlinkWriteConf.orcCompressionStrategy", same: sameStrategy, effect: (v) => `takes ${JSON.stringify(v)} as its ORC compression strategy` },
  ],
]);

/** The table properties a write option wins over (without a catalog prefix). */
export const OVERRIDDEN_PROPERTIES: readonly string[] = [...WINNING.keys()];

/** The write option that wins over the table property `property` (without a catalog prefix), or undefined when none does. */
export function winningOption(property: string): WinningOption | undefined {
  return WINNING.get(property);
}

/** One map the sink renders into WITH, with its path. */
export interface WithMap {
  readonly arg: string;
  readonly map: Readonly<Record<string, string>>;
}

/** Where the write option that wins over `property` is set among `maps`: its map's index, path and value. */
export interface SetOption {
  readonly at: number;
  readonly path: string;
  readonly value: string;
}

/**
 * The write option that wins over table property `property` (without a catalog prefix) as set in
 * `maps`, or undefined when it is not set (or no option wins over the property). A key set in two
 * maps is an error of its own (iceberg-table.ts), so the first map holding it is taken.
 */
export function setWinningOption(property: string, maps: readonly WithMap[]): SetOption | undefined {
  const winning = WINNING.get(property);
  if (winning === undefined) return undefined;
  const at = maps.findIndex((m) => m.map[winning.option] !== undefined);
  if (at < 0) return undefined;
  return { at, path: `${maps[at]!.arg}[${JSON.stringify(winning.option)}]`, value: maps[at]!.map[winning.option]! };
}
