/**
 * OPTIONS hints need `table.dynamic-table-options.enabled`, true by default since Flink 1.13
 * (flink-table-api-java `TableConfigOptions.TABLE_DYNAMIC_TABLE_OPTIONS_ENABLED`). A job that runs
 * with it false (its configuration, else the deploy target's flinkConfiguration or session
 * properties: hintSwitchSetting) fails at the first read through a hint: flink-table-planner
 * `CatalogSourceTable.computeContextResolvedTable` throws "The 'OPTIONS' hint is allowed only when
 * the config option 'table.dynamic-table-options.enabled' is set to true." before it merges the
 * hint. So the package's reading of hints (they merge into the options: hinted-reads.ts,
 * hinted-bounds.ts, required-options.ts, hint-keys.ts) holds only with the switch on, and a hinted
 * read under a job that turns it off is an error at that statement. The INSERT target's hint is
 * read by `SqlNodeToOperationConversion.convertSqlInsert` and merged by `PlannerBase.getTableSink`
 * without that check, so it is not reported. A `SET` of the switch among the statements is not read:
 * a SET statement is refused as such (statement-remedies.ts: it belongs in `configuration`).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { TableReference } from "./required-options.js";

/** The switch's key. */
export const DYNAMIC_TABLE_OPTIONS_KEY = "table.dynamic-table-options.enabled";

/** Where a job's value of the switch comes from: the value as written and the prop path that sets it. */
export interface HintSwitchSetting {
  readonly value: string;
  readonly path: string;
}

/**
 * The switch as the job runs with it: the job's configuration (rendered as a SET line at the top of
 * the script, which wins over the cluster's configuration: flink docs `sql/set.md`), else the
 * deploy target's setting (sqlGateway.sessionProperties, kubernetes.flinkConfiguration: job-plan.ts
 * JobPlanInput.dynamicOptionsElsewhere), the same precedence as job-config.ts firstSetting;
 * undefined when none sets it or the first that does is not known at preview (an Output, or a map
 * that is one).
 */
export function hintSwitchSetting(configuration: Readonly<Record<string, string>> | undefined, elsewhere: readonly { readonly value: unknown; readonly path: string }[] | undefined): HintSwitchSetting | undefined {
  // The job's configuration first, then the deploy target's settings (no list of candidates built per job).
  const own: unknown = configuration?.[DYNAMIC_TABLE_OPTIONS_KEY];
  const first = own !== undefined ? { value: own, path: OWN_PATH } : elsewhere?.find((c) => c.value !== undefined);
  return first !== undefined && typeof first.value === "string" ? { value: first.value, path: first.path } : undefined;
}

/** Where the job's configuration sets the switch. */
const OWN_PATH = `configuration[${JSON.stringify(DYNAMIC_TABLE_OPTIONS_KEY)}]`;

/**
 * One error per statement that reads a table through a non-empty OPTIONS hint while the job runs
 * with the switch false (hintSwitchSetting; Flink reads booleans case-insensitively).
 */
export function checkHintSwitch(refs: ReadonlyMap<TableDefinition, readonly TableReference[]>, setting: HintSwitchSetting | undefined, diag: Diagnostics): void {
  if (setting === undefined || setting.value.trim().toLowerCase() !== "false") return;
  const { value, path } = setting;
  const seen = new Set<number | undefined>();
  for (const [t, list] of refs) {
    for (const ref of list) {
      if (ref.write || Object.keys(ref.hint).length === 0 || seen.has(ref.statement)) continue;
      seen.add(ref.statement);
      diag.error(
        ref.statement === undefined ? "statements" : `statements[${ref.statement}]`,
        `reads ${t.label} through an OPTIONS hint while ${path} is ${JSON.stringify(value)}, and Flink refuses the statement ("The 'OPTIONS' hint is allowed only when the config option '${DYNAMIC_TABLE_OPTIONS_KEY}' is set to true.", flink CatalogSourceTable); ` +
          `remove that entry (the default is true), or move the hint's options into the table's own options`,
      );
    }
  }
}
