/**
 * A FlinkTable's option rules applied to the keys an OPTIONS hint gives. Flink merges the hint into
 * the table's options before the connector factory (and the format factories it discovers) validate
 * them: flink-table-planner `CatalogSourceTable.toRel` for a read, `PlannerBase.getTableSink` for the
 * INSERT target (`FlinkHints.mergeTableOptions`, the hint wins), then `FactoryUtil` validates the
 * merged map (`validateFactoryOptions`, `validateUnconsumedKeys`; a format's own factory, e.g.
 * flink-json `JsonFormatFactory`, its `<format>.*` keys). So a hint's 'datagen' `fields.<column>.*`,
 * 'rows-per-second' or 'number-of-rows', its 'format' and `<format>.*` keys, and a Kafka scan mode
 * meet the same rules as the table's WITH keys (datagen-fields.ts, connector-options.ts,
 * format-options*.ts, kafka-options.ts).
 *
 * The table's checks run over the merged options; what they find beyond what the table's own
 * options already have (reported at the table) is the hint's: at `statements[i] OPTIONS hint of
 * <table>["key"]` when it concerns a key the hint sets, else at the hint as a whole, saying what
 * the merge changed.
 */
import type { TableDefinition } from "../components/table-definition.js";
import { Diagnostics } from "../validation/diagnostics.js";
import type { ValidationIssue } from "../validation/error.js";
import { credentialEntryProblem } from "../validation/secrets.js";
import type { TableReference } from "./required-options.js";

type Hint = Readonly<Record<string, string>>;

/** What the table's option checks find over the options with a hint merged in, beyond what they find over its own. */
export interface HintIssues {
  readonly errors: readonly ValidationIssue[];
  readonly warnings: readonly ValidationIssue[];
}

/** Runs the table's option checks (`check`) over its options and a hint's merged in, and keeps what only the merge finds. */
export function hintIssuesOf(
  options: Hint,
  deferredKeys: readonly string[],
  check: (options: Hint, deferredKeys: readonly string[], diag: Diagnostics) => void,
): (hint: Hint) => HintIssues {
  let own: Set<string> | undefined;
  const id = (i: ValidationIssue): string => `${i.path}\n${i.message}`;
  return (hint) => {
    if (own === undefined) {
      const d = new Diagnostics();
      check(options, deferredKeys, d);
      own = new Set([...d.errors, ...d.warnings].map(id));
    }
    const d = new Diagnostics();
    check({ ...options, ...hint }, deferredKeys.filter((k) => hint[k] === undefined), d);
    const mine = (list: readonly ValidationIssue[]): ValidationIssue[] => list.filter((i) => !own!.has(id(i))).map((i) => ({ path: i.path, message: i.message }));
    return { errors: mine(d.errors), warnings: mine(d.warnings) };
  };
}

/** `options["key"]` → key; undefined for another path. */
function optionKey(path: string): string | undefined {
  const m = /^options\[("(?:[^"\\]|\\.)*")\]$/.exec(path);
  return m === null ? undefined : (JSON.parse(m[1]!) as string);
}

/**
 * The hint without its credential entries: each has its own error (options-hints.ts) and, as in a
 * table's own options, is neither judged as an option nor merged (hinted-writes.ts).
 */
export function hintWithoutCredentials(hint: Hint): Hint {
  const entries = Object.entries(hint);
  return entries.every(([k, v]) => credentialEntryProblem(k, v, "") === undefined) ? hint : Object.fromEntries(entries.filter(([k, v]) => credentialEntryProblem(k, v, "") === undefined));
}

/**
 * Reports what each FlinkTable reference's hint brings (TableDefinition.hintIssues), once per
 * statement, table and finding: at the hint's key when it names one the hint sets, else at the hint.
 */
export function checkHintKeys(refs: ReadonlyMap<TableDefinition, readonly TableReference[]>, diag: Diagnostics): void {
  for (const [t, list] of refs) {
    if (t.hintIssues === undefined) continue;
    const seen = new Set<string>();
    for (const ref of list) {
      // A credential entry has its own error (job-plan.ts checkOptionsHints) and, as in the table's own options, is not judged as an option.
      const hint = hintWithoutCredentials(ref.hint);
      if (Object.keys(hint).length === 0) continue;
      const arg = `${ref.statement === undefined ? "statements" : `statements[${ref.statement}]`} OPTIONS hint of ${t.tableName}`;
      const found = t.hintIssues(hint);
      const place = (i: ValidationIssue): ValidationIssue => {
        const key = optionKey(i.path);
        if (key !== undefined && Object.hasOwn(hint, key)) return { path: `${arg}[${JSON.stringify(key)}]`, message: i.message };
        return { path: arg, message: `with the hint merged into ${t.label}'s options (as Flink merges them), ${i.path === "" ? "" : `${i.path} `}${i.message}` };
      };
      for (const [kind, issues] of [["error", found.errors], ["warn", found.warnings]] as const) {
        for (const i of issues.map(place)) {
          const k = `${kind}\n${i.path}\n${i.message}`;
          if (seen.has(k)) continue;
          seen.add(k);
          if (kind === "error") diag.error(i.path, i.message);
          else diag.warn(i.path, i.message);
        }
      }
    }
  }
}
