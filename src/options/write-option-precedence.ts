/**
 * Which write option of an IcebergSink wins over which table property. Iceberg's Flink sink reads
 * each setting from the write option first and from the table property only when the option is
 * unset (iceberg `flink/.../FlinkWriteConf.java`: `option(...)` before `tableProperty(...)`), so a
 * table property whose write option is set is never read by this sink.
 *
 * Listed: the pairs a modeled arg does not cover, checked by write-option-conflicts.ts
 * (distribution-mode) and compression-table-properties.ts (the compression level and strategy).
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
}

const WINNING: ReadonlyMap<string, WinningOption> = new Map<string, WinningOption>([
  ["write.distribution-mode", { option: "distribution-mode", reader: "FlinkWriteConf.distributionMode" }],
  ["write.parquet.compression-level", { option: LEVEL_KEY, reader: "FlinkWriteConf" }],
  ["write.avro.compression-level", { option: LEVEL_KEY, reader: "FlinkWriteConf" }],
  ["write.orc.compression-strategy", { option: STRATEGY_KEY, reader: "FlinkWriteConf" }],
]);

/** The write option that wins over the table property `property` (without a catalog prefix), or undefined when none does. */
export function winningOption(property: string): WinningOption | undefined {
  return WINNING.get(property);
}

/**
 * The start of the warning for a table property this sink never reads: `subject` (the property as
 * written, with its value or not) is never read because `setting` (where the write option is set)
 * wins over it (iceberg `reader`). `withValue`: `setting` shows the option's value too (`... =
 * "range" sets the write option, which wins ...`), else only its key (`... is set, and the write
 * option wins ...`).
 */
export function unreadTableProperty(subject: string, setting: string, reader: string, withValue: boolean): string {
  const wins = `wins over the table property (iceberg ${reader})`;
  return `${subject} is never read by this sink: ${setting} ${withValue ? `sets the write option, which ${wins}` : `is set, and the write option ${wins}`}`;
}
