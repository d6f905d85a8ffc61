/**
 * A changelog source written row by row into an upsert Iceberg sink whose key contains the source's
 * key, where the upsert writer leaves rows behind: the sink key has more columns than the source
 * key (e.g. the partition column the upsert rule asks to add to the key), or a WHERE reads a column
 * outside the source key (an update after which the row stops matching passes only its -U).
 *
 * Why rows go stale: in upsert mode the Iceberg writer turns +I/+U into "delete by key, then
 * insert" and ignores -U (iceberg `flink/.../sink/BaseDeltaTaskWriter.java` `write`: "UPDATE_BEFORE
 * is not necessary for UPSERT"). When an update changes a sink-key column the source key does not
 * hold, the +U deletes under the NEW key, and the row under the old key stays. Flink adds no
 * SinkUpsertMaterializer that would delete it, because the sink's key contains the input's upsert
 * key (flink `FlinkChangelogModeInferenceProgram` `analyzeUpsertMaterializeStrategy`:
 * `!changeLogUpsertKeys.exists(pks.contains)`). Without upsert mode the writer turns -U into an
 * equality delete with the old row's values (`writer.delete(row)`), which removes it; an
 * upsert-kafka source gets its -U from ChangelogNormalize. Quiet where Flink materializes the
 * sink's key itself: `table.exec.sink.upsert-materialize` FORCE, a source without a key, a source
 * key column that does not land in the sink key (unless the setting is NONE: warnUnmaterialized); and for a top-level GROUP BY or SELECT DISTINCT
 * (their upsert key is their own; a filter after an aggregation: filtered-aggregates.ts) and batch
 * jobs (Flink reads no changelog in batch). A key column
 * implicitly cast on the way keeps the key (FlinkRelMdUniqueKeys: fidelity / injective casts).
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { supportsImplicitCast } from "../types/casts.js";
import type { DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { quotedNames as list } from "../validation/name-list.js";
import { topLevelOnly } from "./top-level.js";
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
  /** The prop path that sets `materialize` (job-config.ts firstSettingAt); unset when nothing sets it. */
  readonly materializeAt?: string;
}

/** The INSERT being checked: its sink columns in order, the values going into them, the FROM table and the names its WHERE mentions. */
export interface UpsertInsert {
  readonly targets: readonly TableColumn[];
  readonly values: readonly CopiedValue[];
  readonly source: TableDefinition | undefined;
  readonly whereNames: readonly string[] | undefined;
}

/** A value keeps the key when it is the column itself or an implicit (widening) cast of it. */
const keepsKey = (from: DataType | undefined, to: DataType | undefined): boolean =>
  from !== undefined && to !== undefined && (from.toString().replace(/ NOT NULL$/, "") === to.toString().replace(/ NOT NULL$/, "") || supportsImplicitCast(from, to));

/** The advice to materialize the sink's key (shared with filtered-aggregates.ts). */
export const FORCE_ADVICE = `set ${UPSERT_MATERIALIZE_KEY} = 'FORCE' in the job's configuration (Flink then deletes the old key, at the cost of state per key)`;
/** Why the retraction changes nothing at the sink (shared with filtered-aggregates.ts): iceberg flink/.../sink/BaseDeltaTaskWriter.java in upsert mode. */
export const IGNORED = "in upsert mode the sink ignores the retraction that would delete it";

/**
 * Checks an INSERT of a changelog FROM table into an upsert Iceberg sink whose key contains the
 * source key (so Flink adds no materializer): key widening and a WHERE outside the source key,
 * each a warning at `at`.
 */
export function checkUpsertFromChangelog(a: AnalyzedStatement, target: TableDefinition, insert: UpsertInsert, ctx: UpsertContext, at: string, diag: Diagnostics): void {
  const { targets, values, source } = insert;
  const sinkKey = target.primaryKey;
  const sourceKey = source?.primaryKey;
  if (ctx.batch || target.iceberg?.upsert !== true || sinkKey === undefined || source?.changelog === undefined || sourceKey === undefined) return;
  if (typeof ctx.materialize === "string" && ctx.materialize.toUpperCase() === "FORCE") return;
  const code = statementCode(a);
  if (/\bGROUP\s+BY\b|\bSELECT\s+DISTINCT\b/i.test(topLevelOnly(code, 0, code.length) ?? code)) return;
  // Where each source key column lands in the sink key (a column may be selected twice).
  const copies = sourceKey.map((k) => values.flatMap((v, i) => (v.column === k && sinkKey.includes(targets[i]!.name) && keepsKey(v.type, targets[i]!.type) ? [targets[i]!.name] : [])));
  const head = `${target.label} upserts by (${list(sinkKey)}), and the statement writes ${source.label}, ${source.changelog}, keyed by (${list(sourceKey)})`;
  // A source key column with no copy in the sink key: the sink key does not contain the upsert key, and Flink materializes, unless NONE.
  if (copies.some((c) => c.length === 0)) {
    if (typeof ctx.materialize === "string" && ctx.materialize.trim().toUpperCase() === "NONE") warnUnmaterialized(sinkKey, sourceKey, head, ctx.materializeAt, at, diag);
    return;
  }
  const copied = copies.flat();
  const extra = sinkKey.filter((c) => !copied.includes(c));
  if (extra.length > 0) {
    const partitionColumns = (target.iceberg.partitionSpec as { fields?: { name: string }[] } | undefined)?.fields?.map((f) => f.name) ?? [];
    const ownKey = list(copies.map((c) => c[0]!));
    const keyAlone = extra.some((c) => partitionColumns.includes(c))
      ? `key the sink by (${ownKey}), plus a partition column that never changes for a row (upsert mode needs every partition column in the key) or unpartitioned`
      : `key the sink by (${ownKey}) alone`;
    diag.warn(
      at,
      `${head}: an update that changes ${list(extra)} leaves the row under its old key, because ${IGNORED} ` +
        // No materializer when the sink's key contains the source's (flink FlinkChangelogModeInferenceProgram).
        "and Flink adds no materializer when the sink's key contains the source's. " +
        `If ${list(extra)} can change for a row, set upsertEnabled: false (the sink then deletes the old row by the retraction's values), ${FORCE_ADVICE}, or ${keyAlone}`,
    );
  }
  checkFilter(source, insert.whereNames, head, at, diag);
}

/**
 * A source key that does not land in the sink's key, with `table.exec.sink.upsert-materialize`
 * NONE: Flink adds no SinkUpsertMaterializer (flink `FlinkChangelogModeInferenceProgram`
 * `analyzeUpsertMaterializeStrategy`: `case UpsertMaterialize.NONE => false`), so when an update
 * moves a source row to another sink key, the upsert writer inserts under the new key and ignores
 * the retraction of the old one, which stays.
 */
function warnUnmaterialized(sinkKey: readonly string[], sourceKey: readonly string[], head: string, setAt: string | undefined, at: string, diag: Diagnostics): void {
  diag.warn(
    at,
    `${head}, which does not land in the sink's key, and ${setAt ?? UPSERT_MATERIALIZE_KEY} sets ${UPSERT_MATERIALIZE_KEY} to 'NONE': ` +
      `an update that changes a row's ${list(sinkKey)} leaves the row under its old key, because ${IGNORED} and with 'NONE' Flink adds no materializer. ` +
      `Set ${UPSERT_MATERIALIZE_KEY} to 'AUTO' (the default; Flink then deletes the old key, at the cost of state per key) or 'FORCE', or key the sink by the source's key (${list(sourceKey)})`,
  );
}

/**
 * A WHERE on a column outside the source key: an update after which the row no longer matches
 * passes its retraction (-U, old values) and drops its new version (+U), which the upsert writer
 * ignores, so the row stays with its old values. Not for upsert-kafka (from Flink 2.1 the filter
 * runs inside ChangelogNormalize, which turns such an update into a delete: FLINK-37390), a WHERE
 * with a subquery (another table's names), metadata or computed columns (one message carries the
 * -U and +U alike, or the value is derived).
 */
function checkFilter(source: TableDefinition, whereNames: readonly string[] | undefined, head: string, at: string, diag: Diagnostics): void {
  // undefined: a subquery, whose names are another query's.
  if (whereNames === undefined || whereNames.length === 0 || /^upsert-kafka\b|an upsert-kafka table/.test(source.changelog ?? "")) return;
  const key = source.primaryKey ?? [];
  const physical = new Set((source.columns ?? []).filter((c) => c.type !== undefined && c.metadata !== true).map((c) => c.name));
  const filtered = [...new Set(whereNames.filter((n) => physical.has(n) && !key.includes(n)))];
  if (filtered.length === 0) return;
  diag.warn(
    at,
    `${head}, through a WHERE on ${list(filtered)}: an update after which a row no longer matches drops the row's new version and passes its retraction, and ${IGNORED}, ` +
      `so the row stays in the table with its old values. If ${list(filtered)} can change for a row, set upsertEnabled: false (the retraction then deletes the row), or ${FORCE_ADVICE}`,
  );
}
