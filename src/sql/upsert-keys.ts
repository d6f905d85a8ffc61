/**
 * A changelog source written into an upsert Iceberg sink whose primary key is the source's key
 * plus more columns (e.g. the partition column the upsert rule asks to add to the key).
 *
 * Why rows go stale: in upsert mode the Iceberg writer turns +I/+U into "delete by key, then
 * insert" and ignores -U (iceberg `flink/.../sink/BaseDeltaTaskWriter.java` `write`: "UPDATE_BEFORE
 * is not necessary for UPSERT"). When an update changes a sink-key column the source key does not
 * hold, the +U deletes under the NEW key, and the row under the old key stays. Flink adds no
 * SinkUpsertMaterializer that would delete it, because the sink's key contains the input's upsert
 * key (flink `FlinkChangelogModeInferenceProgram` `analyzeUpsertMaterializeStrategy`:
 * `!changeLogUpsertKeys.exists(pks.contains)`). Without upsert mode the writer turns -U into an
 * equality delete with the old row's values (`writer.delete(row)`), which removes it; an
 * upsert-kafka source gets its -U from ChangelogNormalize.
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";

/** What the check needs of one SELECT value: the source column it copies, when it is a plain reference. */
export interface CopiedValue {
  readonly column?: string;
}

/**
 * Warns at `at` when `source` is a changelog with a primary key, `target` an upsert Iceberg sink,
 * and every source key column is copied into a sink key column while the sink key has more
 * columns. `targets[i]` is the sink column `values[i]` goes into.
 */
export function checkUpsertKeyWidening(
  target: TableDefinition,
  targets: readonly TableColumn[],
  values: readonly CopiedValue[],
  source: TableDefinition | undefined,
  at: string,
  diag: Diagnostics,
): void {
  const sinkKey = target.primaryKey;
  const sourceKey = source?.primaryKey;
  if (target.iceberg?.upsert !== true || sinkKey === undefined || source?.changelog === undefined || sourceKey === undefined) return;
  const copiedInto = (k: string): string | undefined => {
    const i = values.findIndex((v) => v.column === k);
    return i < 0 ? undefined : targets[i]!.name;
  };
  const mapped = sourceKey.map(copiedInto);
  // A source key column that does not land in the sink key: Flink materializes the sink's key itself.
  if (mapped.some((m) => m === undefined || !sinkKey.includes(m))) return;
  const extra = sinkKey.filter((c) => !mapped.includes(c));
  if (extra.length === 0) return;
  const list = (names: readonly string[]): string => names.map((n) => JSON.stringify(n)).join(", ");
  diag.warn(
    at,
    `${target.label} upserts by (${list(sinkKey)}), and the statement writes ${source.label}, ${source.changelog}, keyed by (${list(sourceKey)}): ` +
      `an update that changes ${list(extra)} leaves the row under its old key, because in upsert mode the sink ignores the retraction that would delete it ` +
      `(iceberg flink/.../sink/BaseDeltaTaskWriter.java) and Flink adds no materializer when the sink's key contains the source's (FlinkChangelogModeInferenceProgram). ` +
      `If ${list(extra)} can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), or key the sink by (${list(mapped as string[])}) alone`,
  );
}
