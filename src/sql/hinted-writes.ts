/**
 * A FlinkTable's writes judged per INSERT, with the INSERT target's OPTIONS hint merged into the
 * table's options: flink-table-planner `PlannerBase.getTableSink` copies the table with
 * `FlinkHints.mergeTableOptions(dynamicOptions, table.getOptions)` (the hint wins) before the
 * connector factory creates that statement's sink and validates the merged options
 * (flink-connector-kafka `KafkaDynamicTableFactory.createDynamicTableSink` ->
 * `KafkaConnectorOptionsUtil.validateDeliveryGuarantee`, and the Kafka producer properties the
 * sink's transactions take, `properties.transaction.timeout.ms`). So
 * `INSERT INTO t /*+ OPTIONS('properties.transaction.timeout.ms' = '900000') *\/ ...` gives that
 * statement's exactly-once sink its timeout, and a hint's 'sink.delivery-guarantee' =
 * 'exactly-once' makes the sink transactional for that statement only.
 *
 * The write failures and warnings (kafka-rules.ts checkKafkaSinkRules, the format encoders'
 * checks) are computed again over each hinted INSERT's merged options. A finding of the table's
 * own options is reported as before ("the job writes ...") when an INSERT without a hint, or one
 * whose hint leaves it, still has it; one that only a hint brings is reported at that statement,
 * naming the hint. Whether the sink commits on checkpoints (connector-facts.ts commitsOnCheckpoint)
 * follows the merged options too: a hinted exactly-once sink makes the job checkpoint.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { commitsOnCheckpoint } from "./connector-facts.js";
import type { FormatFailure } from "./format-options-spec.js";
import { hintWithoutCredentials } from "./hint-keys.js";
import { kafkaTransactionalWrite, type JobKafkaTransaction, type KafkaTransactionalWrite } from "./kafka-transactions.js";
import type { TableReference } from "./required-options.js";

type Hint = Readonly<Record<string, string>>;

/** What one INSERT's write of the table meets, its target's OPTIONS hint merged into the table's options (TableDefinition.hintedWrite). */
export interface HintedWrite {
  readonly writeFailures: readonly FormatFailure[];
  readonly writeWarnings: readonly FormatFailure[];
  /** Whether the sink commits only on checkpoints with the merged options (connector-facts.ts commitsOnCheckpoint). */
  readonly commitsOnCheckpoint: boolean;
  /** A 'kafka' / 'upsert-kafka' sink's exactly-once write with the merged options (kafka-transactions.ts kafkaTransactionalWrite); absent when not exactly-once. */
  readonly kafkaTransaction?: KafkaTransactionalWrite;
}

/** The collections a FlinkTable's option checks fill (format-options-spec.ts FormatTable). */
interface Collected {
  readonly readFailures: FormatFailure[];
  readonly writeFailures: FormatFailure[];
  readonly writeWarnings: FormatFailure[];
}

/**
 * The table's write as an INSERT whose target hint is `hint` has it: `check` runs the table's
 * option checks over `options` with the hint merged in (`deferredKeys`, the Output options, less
 * those the hint sets) and fills the collections it is handed; `kafka`: the table is a 'kafka' /
 * 'upsert-kafka' one, whose exactly-once write is read from the merged options too. A job judges
 * each INSERT's hint once (insertWrites) for both jobWrites and jobKafkaTransactions.
 */
export function hintedWriteOf(options: Hint, deferredKeys: readonly string[], check: (options: Hint, deferredKeys: readonly string[], into: Collected) => void, kafka: boolean): (hint: Hint) => HintedWrite {
  return (hint) => {
    const merged = { ...options, ...hint };
    const deferred = deferredKeys.filter((k) => hint[k] === undefined);
    const into: Collected = { readFailures: [], writeFailures: [], writeWarnings: [] };
    check(merged, deferred, into);
    const transaction = kafka ? kafkaTransactionalWrite(merged, deferred) : undefined;
    return { writeFailures: into.writeFailures, writeWarnings: into.writeWarnings, commitsOnCheckpoint: commitsOnCheckpoint(merged), ...(transaction !== undefined ? { kafkaTransaction: transaction } : {}) };
  };
}

/** An INSERT that writes a table judged per INSERT (TableDefinition.hintedWrite): its statement, its OPTIONS hint, and the write with a hint that sets something merged in. */
export interface InsertWrite {
  readonly statement: number | undefined;
  /** The target's OPTIONS hint less the entries that carry a credential: those have their own error (options-hints.ts) and, as in hint-keys.ts, are not merged. */
  readonly hint: Hint;
  /** The table's hintedWrite of `hint`; absent for an empty hint (the INSERT writes with the table's own options). */
  readonly write?: HintedWrite;
}

/**
 * For each of `sinks` judged per INSERT (hintedWrite), the INSERTs that write it (its mentions in
 * `refs` that are an INSERT target's own: hinted-reads.ts tableReferences), each hint judged once:
 * jobKafkaTransactions and jobWrites both read them.
 */
export function insertWrites(sinks: readonly TableDefinition[], refs: ReadonlyMap<TableDefinition, readonly TableReference[]>): Map<TableDefinition, InsertWrite[]> {
  const out = new Map<TableDefinition, InsertWrite[]>();
  for (const t of sinks) {
    if (t.hintedWrite === undefined) continue;
    const list: InsertWrite[] = [];
    for (const r of refs.get(t) ?? []) {
      if (!r.write) continue;
      const hint = hintWithoutCredentials(r.hint);
      list.push(Object.keys(hint).length === 0 ? { statement: r.statement, hint } : { statement: r.statement, hint, write: t.hintedWrite(hint) });
    }
    out.set(t, list);
  }
  return out;
}

/**
 * The job's exactly-once Kafka writes, one per INSERT in statement order, each with the INSERT
 * target's OPTIONS hint merged in (insertWrites); an INSERT without a hint writes with the table's
 * own options (TableDefinition.kafkaTransaction).
 */
export function jobKafkaTransactions(sinks: readonly TableDefinition[], writes: ReadonlyMap<TableDefinition, readonly InsertWrite[]>): JobKafkaTransaction[] {
  const out: JobKafkaTransaction[] = [];
  for (const t of sinks) {
    for (const { statement, write } of writes.get(t) ?? []) {
      const w = write === undefined ? t.kafkaTransaction : write.kafkaTransaction;
      if (w !== undefined) out.push(Object.assign({ statement: statement ?? 0, label: t.label }, w));
    }
  }
  return out.sort((a, b) => a.statement - b.statement);
}

/** One write failure or warning as the job reports it: where, how the sentence starts, and the finding. */
export interface WriteIssue {
  /** `statements`, or `statements[i]` for what only that statement's hint brings. */
  readonly at: string;
  /** "the job writes <label>, whose", or the hinted statement's lead. */
  readonly lead: string;
  readonly issue: FormatFailure;
  /** True for a finding of the table's own options; false for one only a statement's hint brings. */
  readonly own: boolean;
}

/** A job's write findings (sinks in order), and the sinks that commit on checkpoints by some INSERT's options. */
export interface JobWrites {
  readonly failures: readonly WriteIssue[];
  readonly warnings: readonly WriteIssue[];
  readonly checkpointCommitters: readonly TableDefinition[];
}

const same = (a: FormatFailure, b: FormatFailure): boolean => a === b || (a.path === b.path && a.message === b.message && a.atLeastCheckpointIntervalMs === b.atLeastCheckpointIntervalMs);

/** The job's write findings per INSERT (see above), the INSERTs and their hinted writes read by insertWrites. */
export function jobWrites(sinks: readonly TableDefinition[], insertWrites: ReadonlyMap<TableDefinition, readonly InsertWrite[]>): JobWrites {
  const failures: WriteIssue[] = [];
  const warnings: WriteIssue[] = [];
  const checkpointCommitters: TableDefinition[] = [];
  for (const t of sinks) {
    const ownLead = `the job writes ${t.label}, whose`;
    const ownFailures = t.writeFailures ?? [];
    const ownWarnings = t.writeWarnings ?? [];
    // Only a table whose write rules depend on its options (hintedWrite) is judged per INSERT.
    const writes = insertWrites.get(t) ?? [];
    const hinted = writes.filter((w) => w.write !== undefined);
    if (hinted.length === 0) {
      for (const f of ownFailures) failures.push({ at: "statements", lead: ownLead, issue: f, own: true });
      for (const w of ownWarnings) warnings.push({ at: "statements", lead: ownLead, issue: w, own: true });
      if (t.commitsOnCheckpoint === true) checkpointCommitters.push(t);
      continue;
    }
    // An INSERT without a hint writes with the table's own options.
    const plain = writes.length > hinted.length;
    const keptFailures = new Set<FormatFailure>(plain ? ownFailures : []);
    const keptWarnings = new Set<FormatFailure>(plain ? ownWarnings : []);
    let commits = plain && t.commitsOnCheckpoint === true;
    const extraFailures: WriteIssue[] = [];
    const extraWarnings: WriteIssue[] = [];
    const seen = new Set<string>();
    for (const w of hinted) {
      const write = w.write!;
      commits ||= write.commitsOnCheckpoint;
      const at = w.statement === undefined ? "statements" : `statements[${w.statement}]`;
      // Flink merges the hint into the table's options before it creates the sink (PlannerBase.getTableSink).
      const lead = `writes ${t.label} with an OPTIONS hint, and with the hint merged into its options,`;
      for (const [found, own, kept, extra] of [
        [write.writeFailures, ownFailures, keptFailures, extraFailures],
        [write.writeWarnings, ownWarnings, keptWarnings, extraWarnings],
      ] as const) {
        for (const f of found) {
          const o = own.find((x) => same(x, f));
          if (o !== undefined) kept.add(o);
          else {
            const id = `${extra === extraFailures ? "error" : "warn"}\n${at}\n${f.path}\n${f.message}`;
            if (seen.has(id)) continue;
            seen.add(id);
            extra.push({ at, lead, issue: f, own: false });
          }
        }
      }
    }
    for (const f of ownFailures) if (keptFailures.has(f)) failures.push({ at: "statements", lead: ownLead, issue: f, own: true });
    failures.push(...extraFailures);
    for (const w of ownWarnings) if (keptWarnings.has(w)) warnings.push({ at: "statements", lead: ownLead, issue: w, own: true });
    warnings.push(...extraWarnings);
    if (commits) checkpointCommitters.push(t);
  }
  return { failures, warnings, checkpointCommitters };
}

/**
 * Reports the job's write failures (errors) and the warnings that hold whatever the checkpoint
 * interval (those with atLeastCheckpointIntervalMs are job-config.ts checkIntervalBoundWarnings').
 */
export function reportJobWrites(writes: JobWrites, diag: Diagnostics): void {
  for (const { at, lead, issue, own } of writes.failures) diag.error(at, `${lead} ${issue.path} ${issue.message} (Flink checks this when ${own ? "a job" : "the statement"} writes the table)`);
  for (const { at, lead, issue } of writes.warnings) if (issue.atLeastCheckpointIntervalMs === undefined) diag.warn(at, `${lead} ${issue.path} ${issue.message}`);
}
