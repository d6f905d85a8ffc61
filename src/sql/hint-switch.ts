/**
 * OPTIONS hints need `table.dynamic-table-options.enabled`, true by default since Flink 1.13
 * (flink-table-api-java `TableConfigOptions.TABLE_DYNAMIC_TABLE_OPTIONS_ENABLED`). A job whose
 * configuration sets it to false fails at the first read through a hint: flink-table-planner
 * `CatalogSourceTable.computeContextResolvedTable` throws "The 'OPTIONS' hint is allowed only when
 * the config option 'table.dynamic-table-options.enabled' is set to true." before it merges the
 * hint. So the package's reading of hints (they merge into the options: hinted-reads.ts,
 * hinted-bounds.ts, required-options.ts, hint-keys.ts) holds only with the switch on, and a hinted
 * read under a job that turns it off is an error at that statement. The INSERT target's hint is
 * read by `SqlNodeToOperationConversion.convertSqlInsert` and merged by `PlannerBase.getTableSink`
 * without that check, so it is not reported.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { TableReference } from "./required-options.js";

/** The switch's key. */
export const DYNAMIC_TABLE_OPTIONS_KEY = "table.dynamic-table-options.enabled";

/** One error per statement that reads a table through a non-empty OPTIONS hint while the job's configuration sets the switch to false (Flink reads booleans case-insensitively). */
export function checkHintSwitch(refs: ReadonlyMap<TableDefinition, readonly TableReference[]>, configuration: Readonly<Record<string, string>>, diag: Diagnostics): void {
  const value = configuration[DYNAMIC_TABLE_OPTIONS_KEY];
  if (typeof value !== "string" || value.trim().toLowerCase() !== "false") return;
  const seen = new Set<number | undefined>();
  for (const [t, list] of refs) {
    for (const ref of list) {
      if (ref.write || Object.keys(ref.hint).length === 0 || seen.has(ref.statement)) continue;
      seen.add(ref.statement);
      diag.error(
        ref.statement === undefined ? "statements" : `statements[${ref.statement}]`,
        `reads ${t.label} through an OPTIONS hint while configuration["${DYNAMIC_TABLE_OPTIONS_KEY}"] is "${value}", and Flink refuses the statement ("The 'OPTIONS' hint is allowed only when the config option '${DYNAMIC_TABLE_OPTIONS_KEY}' is set to true.", flink CatalogSourceTable); ` +
          `remove that configuration entry (the default is true), or move the hint's options into the table's own options`,
      );
    }
  }
}
