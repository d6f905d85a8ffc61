/**
 * A write option and the table property it wins over, both in an IcebergSink's WITH clause with
 * different values. Iceberg's Flink sink reads each setting from the write option first and from
 * the table property only when the option is unset (iceberg `flink/.../FlinkWriteConf.java`:
 * `option(...)` before `tableProperty(...)`; the WITH options are the write options, and the
 * connector also stores each of them as a table property when it creates the table:
 * `FlinkDynamicTableFactory.java`), so the property's value is never read by this sink.
 *
 * The pairs of FlinkWriteConf and where each is handled:
 * - `write-format` / `write.format.default`, `target-file-size-bytes` /
 *   `write.target-file-size-bytes`, `compression-codec` / `write.<format>.compression-codec`,
 *   `upsert-enabled` / `write.upsert.enabled`: a modeled arg covers both keys, so either in a map is
 *   an error already (extra-options.ts COVERED);
 * - `distribution-mode` / `write.distribution-mode`, `compression-level` /
 *   `write.parquet.compression-level`, `write.avro.compression-level`, `compression-strategy` /
 *   `write.orc.compression-strategy`: here, for every pair alike (write-option-precedence.ts lists
 *   them); compression-table-properties.ts leaves a property this sink never reads to this check.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { TABLE_PROPERTY_PREFIXES } from "./table-property-prefixes.js";
import { OVERRIDDEN_PROPERTIES, setWinningOption, winningOption, type WithMap } from "./write-option-precedence.js";

/**
 * Warns at each table property (plain or behind a catalog's `table-override.` / `table-default.`
 * prefix) in `maps` (catalog.properties, extraOptions: broadest first) whose value differs from
 * the write option that wins over it. Quiet: an equal value (the sink writes the same either way),
 * only one of the two keys, or a property in catalog.properties (a default for the catalog's
 * tables) with the option in the sink's extraOptions.
 */
export function checkWriteOptionConflicts(maps: readonly WithMap[], diag: Diagnostics): void {
  for (const property of OVERRIDDEN_PROPERTIES) {
    const option = setWinningOption(property, maps);
    if (option === undefined) continue;
    const { same, reader, effect } = winningOption(property)!;
    maps.forEach(({ arg, map }, at) => {
      // A property in a broader map than the option's (a catalog's properties, shared by its tables) with the option in
      // this sink's extraOptions is a default the sink overrides on purpose: quiet.
      if (at < option.at) return;
      for (const prefix of TABLE_PROPERTY_PREFIXES) {
        const key = prefix + property;
        const lost = map[key];
        if (lost === undefined || same(lost, option.value)) continue;
        diag.warn(
          `${arg}[${JSON.stringify(key)}]`,
          `${JSON.stringify(key)} = ${JSON.stringify(lost)} is never read by this sink: ${option.path} = ${JSON.stringify(option.value)} sets the write option, ` +
            `which wins over the table property (iceberg ${reader}), so the sink ${effect(option.value)}; ` +
            `keep one of them (a table the connector creates still gets ${JSON.stringify(property)} = ${JSON.stringify(lost)} as a table property, for other writers)`,
        );
      }
    });
  }
}
