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
 * upsert-kafka source gets its -U from ChangelogNormalize. Quiet where Flink does materialize or the
 * key is not the source's: `table.exec.sink.upsert-materialize` FORCE, a GROUP BY or SELECT DISTINCT
 * (their upsert key is their own), a key column whose type changes on the way (an implicit CAST
 * keeps the key only in newer planners), and batch jobs (Flink reads no changelog in batch).
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";

/** Flink's `table.exec.sink.upsert-materialize` (ExecutionConfigOptions: AUTO by default, NONE, FORCE). */
export const UPSERT_MATERIALIZE_KEY = "table.exec.sink.upsert-materialize";

/** What the check needs of one SELECT value: the source column it copies, when it is a plain reference, and its type. */
export interface CopiedValue {
  readonly column?: string;
  readonly type?: DataType;
}

/** What the job decides around the INSERT. */
export interface UpsertContext {
  readonly batch: boolean;
  /** `table.exec.sink.upsert-materialize` as set (undefined: unset, AUTO; null: not known at preview). */
  readonly materialize: string | null | undefined;
}

/** The first of the job's configuration and the target's settings that sets `key`: its value, null when it is not known at preview, undefined when none does. */
export function firstSetting(configuration: Readonly<Record<string, string>> | undefined, elsewhere: readonly { readonly value: unknown }[] | undefined, key: string): string | null | undefined {
  for (const v of [configuration?.[key], ...(elsewhere ?? []).map((e) => e.value)]) {
    if (v !== undefined) return typeof v === "string" ? v : null;
  }
  return undefined;
}

const sameType = (a: DataType | undefined, b: DataType | undefined): boolean => a !== undefined && b !== undefined && a.toString().replace(/ NOT NULL$/, "") === b.toString().replace(/ NOT NULL$/, "");

/**
 * A streaming INSERT of the changelog `source` into the upsert Iceberg sink `target`, row by row:
 * not materialized by Flink (upsert-materialize FORCE), no GROUP BY or DISTINCT (their own key).
 */
function upsertFromChangelog(a: AnalyzedStatement, target: TableDefinition, source: TableDefinition | undefined, ctx: UpsertContext): source is TableDefinition {
  if (ctx.batch || target.iceberg?.upsert !== true || source?.changelog === undefined) return false;
  if (typeof ctx.materialize === "string" && ctx.materialize.toUpperCase() === "FORCE") return false;
  return !/\bGROUP\s+BY\b|\bSELECT\s+DISTINCT\b/i.test(statementCode(a));
}

const list = (names: readonly string[]): string => names.map((n) => JSON.stringify(n)).join(", ");
const FORCE_ADVICE = `set ${UPSERT_MATERIALIZE_KEY} = 'FORCE' in the job's configuration (Flink then turns the retraction into a delete of the old key, at the cost of state per key)`;
const IGNORED = "in upsert mode the sink ignores the retraction that would delete it (iceberg flink/.../sink/BaseDeltaTaskWriter.java)";

/**
 * Warns at `at` when the WHERE of an INSERT of the changelog `source` into the upsert Iceberg sink
 * `target` reads a column outside the source's key (any column, when the source has no key): an
 * update after which the row no longer matches passes its retraction (-U, old values) and drops
 * its new version (+U), and the upsert writer ignores the retraction, so the row stays with its
 * old values. Without upsert mode the retraction deletes it; under FORCE the materializer does.
 */
export function checkUpsertFilter(a: AnalyzedStatement, target: TableDefinition, source: TableDefinition | undefined, whereNames: readonly string[], ctx: UpsertContext, at: string, diag: Diagnostics): void {
  if (whereNames.length === 0 || !upsertFromChangelog(a, target, source, ctx)) return;
  const columns = new Set((source.columns ?? []).map((c) => c.name));
  const key = source.primaryKey ?? [];
  const filtered = [...new Set(whereNames.filter((n) => columns.has(n) && !key.includes(n)))];
  if (filtered.length === 0) return;
  diag.warn(
    at,
    `${target.label} upserts${target.primaryKey !== undefined ? ` by (${list(target.primaryKey)})` : ""}, and the statement writes ${source.label}, ${source.changelog}, through a WHERE on ${list(filtered)}: ` +
      `an update after which a row no longer matches drops the row's new version and passes its retraction, and ${IGNORED}, so the row stays in the table with its old values. ` +
      `If ${list(filtered)} can change for a row, set upsertEnabled: false (the retraction then deletes the row), or ${FORCE_ADVICE}`,
  );
}

/**
 * Warns at `at` when `source` is a changelog with a primary key, `target` an upsert Iceberg sink,
 * and the INSERT copies every source key column, unchanged, into the sink key while the sink key
 * has more columns. `targets[i]` is the sink column `values[i]` goes into.
 */
export function checkUpsertKeyWidening(
  a: AnalyzedStatement,
  target: TableDefinition,
  targets: readonly TableColumn[],
  values: readonly CopiedValue[],
  source: TableDefinition | undefined,
  ctx: UpsertContext,
  at: string,
  diag: Diagnostics,
): void {
  const sinkKey = target.primaryKey;
  const sourceKey = source?.primaryKey;
  if (!upsertFromChangelog(a, target, source, ctx) || sinkKey === undefined || sourceKey === undefined) return;
  // Where each source key column lands in the sink key, unchanged (a column may be selected twice).
  const copies = sourceKey.map((k) => values.flatMap((v, i) => (v.column === k && sinkKey.includes(targets[i]!.name) && sameType(v.type, targets[i]!.type) ? [targets[i]!.name] : [])));
  // A source key column with no copy in the sink key: the sink key does not contain the upsert key, and Flink materializes.
  if (copies.some((c) => c.length === 0)) return;
  const copied = copies.flat();
  const extra = sinkKey.filter((c) => !copied.includes(c));
  if (extra.length === 0) return;
  const partitionColumns = (target.iceberg?.partitionSpec as { fields?: { name: string }[] } | undefined)?.fields?.map((f) => f.name) ?? [];
  const partitioned = extra.filter((c) => partitionColumns.includes(c));
  const ownKey = copies.map((c) => c[0]!);
  const keyAlone =
    partitioned.length === 0
      ? `key the sink by (${list(ownKey)}) alone`
      : `partition by a column that never changes for a row (upsert mode needs ${list(partitioned)} in the key while the table is partitioned by ${partitioned.length === 1 ? "it" : "them"}) and key the sink by (${list(ownKey)}) alone`;
  diag.warn(
    at,
    `${target.label} upserts by (${list(sinkKey)}), and the statement writes ${source.label}, ${source.changelog}, keyed by (${list(sourceKey)}): ` +
      `an update that changes ${list(extra)} leaves the row under its old key, because ${IGNORED} ` +
      `and Flink adds no materializer when the sink's key contains the source's (FlinkChangelogModeInferenceProgram). ` +
      `If ${list(extra)} can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), ${FORCE_ADVICE}, or ${keyAlone}`,
  );
}
