/**
 * `table.exec.source.cdc-events-duplicate` with a changelog source that declares no primary key.
 *
 * With the option true a streaming job deduplicates the change events of every CDC source (one
 * whose changelog holds updates and deletes but is no upsert stream) by the source's primary key,
 * and Flink refuses a read of such a source without one when it plans the job (flink
 * DynamicSourceUtils `validateScanSourceForStreaming`: "Configuration
 * 'table.exec.source.cdc-events-duplicate' is enabled which requires the changelog sources to define
 * a PRIMARY KEY. However, table '...' doesn't have a primary key."). An upsert-kafka table needs
 * a key anyway (its own check); a batch job reads no changelog source (job-plan.ts).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { isOn, type TargetSetting } from "./job-config.js";

export const CDC_EVENTS_DUPLICATE_KEY = "table.exec.source.cdc-events-duplicate";

/** Checks the changelog tables a streaming job reads against the option's setting (its value and prop path; undefined when nothing sets it). */
export function checkCdcEventsDuplicate(reads: readonly TableDefinition[], setting: TargetSetting | undefined, diag: Diagnostics): void {
  if (setting === undefined || !isOn(setting.value)) return;
  for (const t of reads) {
    if (t.failed === true || t.changelog === undefined || t.connector?.toLowerCase() === "upsert-kafka") continue;
    if (t.primaryKey !== undefined && t.primaryKey.length > 0) continue;
    diag.error(
      setting.path,
      `${CDC_EVENTS_DUPLICATE_KEY} is "true", which deduplicates the change events of every changelog source by its primary key, but the job reads ${t.label}, ${t.changelog}, which declares none: ` +
        `Flink refuses the plan ("Configuration '${CDC_EVENTS_DUPLICATE_KEY}' is enabled which requires the changelog sources to define a PRIMARY KEY"; flink DynamicSourceUtils). ` +
        `Give ${t.label} a primaryKey (the key of the table it captures), or remove ${CDC_EVENTS_DUPLICATE_KEY}`,
    );
  }
}
