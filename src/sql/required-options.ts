/**
 * A FlinkTable's required connector options judged per table reference. Flink merges a
 * reference's `/*+ OPTIONS(...) *\/` hint into the table's options before the connector factory
 * validates them: a read in flink-table-planner `CatalogSourceTable.toRel` (`FlinkHints.mergeTableOptions(hintedOptions,
 * table.getOptions())`, the hint wins, then `FactoryUtil.createDynamicTableSource`), a write in
 * `PlannerBase.getTableSink` (the INSERT's `dynamicOptions`, merged the same way, then
 * `createDynamicTableSink`). So an option the table's WITH lacks may come from the hints: the
 * Kafka connectors' 'properties.bootstrap.servers' (flink-connector-kafka `KafkaDynamicTableFactory.requiredOptions`,
 * "One or more required options are missing"), 'topic' / 'topic-pattern'
 * (`KafkaConnectorOptionsUtil.validateSourceTopic`: "Either 'topic' or 'topic-pattern' must be set."),
 * the value format ('format' / 'value.format'; upsert-kafka's 'key.format' and 'value.format').
 *
 * A mention in a CREATE VIEW is a read of its own, whether or not an INSERT reads the view: Flink
 * plans the view's query when the script creates it (flink-table-planner
 * `SqlNodeConvertUtils.toCatalogView` -> `toQueryOperation` -> `toRelRoot`, where
 * `CatalogSourceTable.toRel` creates the source and its factory checks the options).
 *
 * The rule: a table whose every reference supplies the option (its own options or the
 * reference's hint) is quiet; a reference without it is an error at that statement naming the
 * table and the option; a table no job references keeps the error at its options
 * (unreferenced-tables.ts reports it once the program has run). Hints need
 * `table.dynamic-table-options.enabled` (default true since Flink 1.13, flink `TableConfigOptions`);
 * a job that turns it off is told so at each hinted read (hint-switch.ts).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { ValidationIssue } from "../validation/error.js";

/** An option the connector requires, as the table's own check found it missing. */
export interface RequiredOption {
  /** Each group must be supplied by one of its keys (e.g. [["topic", "topic-pattern"]]; upsert-kafka's formats: [["key.format"], ["value.format"]]). */
  readonly groups: readonly (readonly string[])[];
  /** Where the table reports it (`options`, or a misspelt key's `options["..."]`). */
  readonly path: string;
  /** What the table says (the connector's need and its fix). */
  readonly message: string;
  /** A key of the options that misspells the required one (`properties.bootstrap.server`): the fix is to rename it. */
  readonly misspelt?: { readonly key: string; readonly option: string };
}

/** `rename 'a' to 'b'` for a misspelt required option, or "". */
function renaming(r: RequiredOption): string {
  return r.misspelt === undefined ? "" : `rename '${r.misspelt.key}' to '${r.misspelt.option}'`;
}

/** The message of a missing required option where no hint can supply it (the table's own check, no hints known). */
export function requiredOptionMessage(r: RequiredOption): string {
  return r.misspelt === undefined ? r.message : `${r.message}; '${r.misspelt.key}' looks like a misspelling of it, which the Kafka client ignores as an unknown property: ${renaming(r)}`;
}

type Hint = Readonly<Record<string, string>>;

/** One statement's mention of a table, with its OPTIONS hint ({} without one); `write`: the INSERT target's own mention. */
export interface TableReference {
  readonly statement: number | undefined;
  readonly hint: Hint;
  readonly write: boolean;
}

/**
 * The table-level issue of a missing required option (at construction beside other errors, or for
 * a table no job references): the table's message, and the hint as the other place it may come from.
 */
export function requiredOptionIssue(r: RequiredOption): ValidationIssue {
  const it = r.groups.length > 1 ? "them" : "it";
  const hint = `give ${it} in an OPTIONS hint after the table in every statement that reads or writes it (Flink merges the hint into the options before it checks them)`;
  return { path: r.path, message: r.misspelt === undefined ? `${r.message}; or ${hint}` : `${requiredOptionMessage(r)}, or ${hint}` };
}

/** The groups of `r` that neither the table's options (already missing there) nor `hint` supply. */
function unsupplied(r: RequiredOption, hint: Hint): readonly (readonly string[])[] {
  return r.groups.filter((g) => !g.some((k) => hint[k] !== undefined));
}

function keyList(groups: readonly (readonly string[])[]): string {
  return groups.map((g) => g.map((k) => `'${k}'`).join(" or ")).join(" and ");
}

/**
 * Reports, for each table with required options its WITH lacks (`t.requiredOptions`), every
 * reference whose hint does not supply them: at `statements[i]`, once per statement and option.
 */
export function checkRequiredOptions(refs: ReadonlyMap<TableDefinition, readonly TableReference[]>, diag: Diagnostics): void {
  for (const [t, list] of refs) {
    const required = t.requiredOptions ?? [];
    if (required.length === 0) continue;
    const seen = new Set<string>();
    for (const ref of list) {
      for (const r of required) {
        const missing = unsupplied(r, ref.hint);
        if (missing.length === 0) continue;
        const where = ref.statement === undefined ? "statements" : `statements[${ref.statement}]`;
        const id = `${where}\n${r.message}`;
        if (seen.has(id)) continue;
        seen.add(id);
        const hinted = Object.keys(ref.hint).length > 0;
        const example = missing.map((g) => `'${g[0]}' = '...'`).join(", ");
        diag.error(
          where,
          `${ref.write ? "writes" : "reads"} ${t.label}, whose options lack ${keyList(missing)}, and ${hinted ? "this statement's OPTIONS hint on it does not set it" : "this statement gives no OPTIONS hint on it"}: ` +
            `${r.message} (Flink checks this when the statement ${ref.write ? "writes" : "reads"} the table); ` +
            (r.misspelt === undefined ? "set it in the table's options, or" : `${renaming(r)} in the table's options (a misspelling the Kafka client ignores), or set it`) +
            ` in a hint right after the table in this statement: /*+ OPTIONS(${example}) */`,
        );
      }
    }
  }
}
