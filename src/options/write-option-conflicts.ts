/**
 * A write option and the table property it overrides, both in an IcebergSink's WITH clause with
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
 * - `compression-level` / `write.parquet.compression-level`, `write.avro.compression-level`,
 *   `compression-strategy` / `write.orc.compression-strategy`: compression-table-properties.ts;
 * - `distribution-mode` / `write.distribution-mode`: here.
 *
 * Which option wins over which property: write-option-precedence.ts.
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import type { WithMap } from "./compression-table-properties.js";
import { TABLE_PROPERTY_PREFIXES } from "./table-property-prefixes.js";
import { unreadTableProperty, winningOption } from "./write-option-precedence.js";

/** The table property checked here, and its write option (write-option-precedence.ts). */
const PROPERTY = "write.distribution-mode";
const { option: OPTION, reader: READER } = winningOption(PROPERTY)!;
/** Distribution modes are read in any case (DistributionMode.fromName). */
const sameMode = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Warns at each table property (plain or behind a catalog's `table-override.` / `table-default.`
 * prefix) whose value differs from its write option's in `maps` (catalog.properties, extraOptions:
 * broadest first); an equal value, only one of the two keys, or a property in catalog.properties
 * (a default for the catalog's tables) with the option in the sink's extraOptions stays quiet. A key set in both maps is an error of
 * its own (iceberg-table.ts), so the option is taken from whichever map holds it.
 */
export function checkWriteOptionConflicts(maps: readonly WithMap[], diag: Diagnostics): void {
  const holder = maps.find((m) => m.map[OPTION] !== undefined);
  if (holder === undefined) return;
  const value = holder.map[OPTION]!;
  const holderAt = maps.indexOf(holder);
  maps.forEach(({ arg, map }, at) => {
    // A property in a broader map than the option's (a catalog's properties, shared by its tables) with the option in
    // this sink's extraOptions is a default the sink overrides on purpose: quiet.
    if (at < holderAt) return;
    for (const prefix of TABLE_PROPERTY_PREFIXES) {
      const key = prefix + PROPERTY;
      const lost = map[key];
      if (lost === undefined || sameMode(lost, value)) continue;
      diag.warn(
        `${arg}[${JSON.stringify(key)}]`,
        `${unreadTableProperty(`${JSON.stringify(key)} = ${JSON.stringify(lost)}`, `${holder.arg}[${JSON.stringify(OPTION)}] = ${JSON.stringify(value)}`, READER, true)}, ` +
          `so the sink distributes its rows by ${JSON.stringify(value)}; keep one of them (a table the connector creates still gets ${JSON.stringify(PROPERTY)} = ${JSON.stringify(lost)} as a table property, for other writers)`,
      );
    }
  });
}
