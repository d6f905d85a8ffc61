/**
 * A FlinkTable's reads judged per table reference, with the reference's OPTIONS hint merged into the
 * table's options: flink `CatalogSourceTable` copies the table with
 * `FlinkHints.mergeTableOptions(hintedOptions, table.getOptions())` (the hint wins) before it creates
 * that reference's source, and the connector factory validates the merged options
 * (flink-connector-kafka KafkaDynamicTableFactory.createDynamicTableSource ->
 * KafkaConnectorOptionsUtil.validateTableSourceOptions: validateScanStartupMode,
 * validateScanBoundedMode). So a hint can complete what the table's own options lack (a
 * 'scan.startup.timestamp-millis' for its 'timestamp' mode, a 'properties.group.id'), and can break
 * what they have (a 'timestamp' mode without its millis): the Kafka scan-mode failures and the
 * first-start warning (connector-bounds.ts kafkaRead) are computed again over the merged options.
 * Other read failures (format decoders, metadata) stay the table's. A failure the table's own
 * options have is reported as before; one only a hint brings is reported at that statement, naming
 * the hint; a hint's misspelt scan mode is an error at the hint's key (hint-keys.ts, with the table's other option rules).
 * Boundedness per reference is hinted-bounds.ts'.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { kafkaRead, type KafkaRead } from "./connector-bounds.js";
import type { FormatFailure } from "./format-options-spec.js";
import { tableOptionsHints } from "./hints.js";
import { kafkaScanModeFailures } from "./kafka-rules.js";
import type { TableReference } from "./required-options.js";
import type { AnalyzedStatement } from "./statement.js";
import { mayHoldHints } from "./statement-gates.js";

type Hint = Readonly<Record<string, string>>;

/** A statement's hints by segment when it holds none (statement-gates.ts mayHoldHints closed). */
const NO_HINTS: ReadonlyMap<number, Hint> = new Map();

/** What a read through one reference meets: the read failures and, for 'kafka', how it reads (TableDefinition.hintedRead). */
export interface HintedRead {
  readonly readFailures: readonly FormatFailure[];
  readonly kafkaRead?: KafkaRead;
}

/** One reference a statement reads a table through: the statement's index (undefined when not known) and its OPTIONS hint ({} without one). */
export interface ReadReference {
  readonly statement: number | undefined;
  readonly hint: Hint;
}

/**
 * The table's read as a reference with `hint` has it (see above): `readFailures` are the table's
 * own, of which `scan` are its Kafka scan-mode failures, recomputed over the merged options.
 * `connector`: the table's connector, lower case; `deferredKeys`: its Output options (present,
 * value unknown), unless the hint sets them.
 */
export function hintedReadOf(connector: string, options: Hint, deferredKeys: readonly string[], readFailures: readonly FormatFailure[], scan: readonly FormatFailure[]): (hint: Hint) => HintedRead {
  return (hint) => {
    const merged = { ...options, ...hint };
    const kafka = connector === "kafka" || connector === "upsert-kafka";
    const own = scan.length === 0 ? readFailures : readFailures.filter((f) => !scan.includes(f));
    const failures = kafka ? [...own, ...kafkaScanModeFailures(connector, merged, deferredKeys.filter((k) => hint[k] === undefined))] : own;
    const read = kafkaRead(merged, hint);
    return read !== undefined ? { readFailures: failures, kafkaRead: read } : { readFailures: failures };
  };
}

/**
 * Each table interpolated into the statements, with what `ref` makes of each of its mentions (given
 * the mention's segment index and OPTIONS hint, {} without one), in order; a mention `ref` returns
 * undefined for is left out. The statement's hints are read once, at its first table.
 */
function mentionsBy<R>(analyzed: readonly AnalyzedStatement[], ref: (a: AnalyzedStatement, table: TableDefinition, k: number, hint: Hint) => R | undefined): Map<TableDefinition, R[]> {
  const out = new Map<TableDefinition, R[]>();
  for (const a of analyzed) {
    let hints: ReadonlyMap<number, Hint> | undefined;
    a.statement.segments.forEach((s, k) => {
      if (s.kind !== "table") return;
      hints ??= mayHoldHints(a.words) ? new Map(tableOptionsHints(a.statement.segments).hints.map((h) => [h.segment, h.options])) : NO_HINTS;
      const r = ref(a, s.table, k, hints.get(k) ?? {});
      if (r === undefined) return;
      const list = out.get(s.table);
      if (list === undefined) out.set(s.table, [r]);
      else list.push(r);
    });
  }
  return out;
}

/** Each table the statements read, with the references they read it through, in order; the INSERT target's own mention is not a read. */
export function readReferences(analyzed: readonly AnalyzedStatement[]): Map<TableDefinition, ReadReference[]> {
  return mentionsBy(analyzed, (a, table, _k, hint) => (table === a.target ? undefined : { statement: a.index, hint }));
}

/**
 * Each table the statements mention, with every mention: the INSERT target's own (`write`) and the
 * reads, each with its OPTIONS hint ({} without one), in order (required-options.ts, hint-keys.ts).
 */
export function tableReferences(analyzed: readonly AnalyzedStatement[]): Map<TableDefinition, TableReference[]> {
  // The target's own mention: its first (right after INSERT INTO); a later one reads it.
  const own = (a: AnalyzedStatement, table: TableDefinition, k: number): boolean => table === a.target && a.statement.segments.findIndex((s) => s.kind === "table" && s.table === table) === k;
  return mentionsBy(analyzed, (a, table, k, hint) => ({ statement: a.index, hint, write: own(a, table, k) }));
}

/**
 * The read failures of the tables the job reads, per reference (`refs`: readReferences), and the
 * first-start warning of a 'kafka' read (KafkaRead.problem) when some reference still has it. A
 * failure of the table's own options keeps its wording (at `statements`); one that only a hint
 * brings is reported at the statement, once per statement. Returns how the job reads each 'kafka'
 * table read through a hint (for restarts without state: the first reference that restarts from a
 * fixed position, else one that reads from 'group-offsets', else the first), which the job uses
 * instead of the table's own KafkaRead.
 */
export function checkHintedReads(reads: readonly TableDefinition[], refs: ReadonlyMap<TableDefinition, readonly ReadReference[]>, diag: Diagnostics): Map<TableDefinition, KafkaRead | undefined> {
  const effective = new Map<TableDefinition, KafkaRead | undefined>();
  for (const t of reads) {
    const list = refs.get(t) ?? [];
    const own = t.readFailures ?? [];
    const hinted = list.filter((r) => Object.keys(r.hint).length > 0);
    if (hinted.length === 0 || t.hintedRead === undefined) {
      if (t.kafkaRead?.problem !== undefined) diag.warn("statements", `${t.label} ${t.kafkaRead.problem}`);
      for (const f of own) report(t, f, diag);
      continue;
    }
    const plain = list.length > hinted.length;
    const seen = new Set<string>();
    const ownLeft = new Set<FormatFailure>(plain ? own : []);
    let problem = plain ? t.kafkaRead?.problem : undefined;
    const extra: { statement: number | undefined; f: FormatFailure }[] = [];
    const kafkaReads = list.map((r) => (Object.keys(r.hint).length === 0 ? t.kafkaRead : undefined));
    for (const r of hinted) {
      const read = t.hintedRead(r.hint);
      kafkaReads[list.indexOf(r)] = read.kafkaRead;
      problem ??= read.kafkaRead?.problem;
      for (const f of read.readFailures) {
        const same = own.find((o) => o === f || (o.path === f.path && o.message === f.message));
        if (same !== undefined) ownLeft.add(same);
        else if (!seen.has(`${r.statement}\n${f.path}\n${f.message}`)) {
          seen.add(`${r.statement}\n${f.path}\n${f.message}`);
          extra.push({ statement: r.statement, f });
        }
      }
    }
    if (t.kafkaRead !== undefined) effective.set(t, kafkaReads.find((k) => k?.restart !== undefined) ?? kafkaReads.find((k) => k?.groupOffsets === true) ?? kafkaReads[0]);
    if (problem !== undefined) diag.warn("statements", `${t.label} ${problem}`);
    for (const f of own) if (ownLeft.has(f)) report(t, f, diag);
    for (const { statement, f } of extra) {
      diag.error(
        statement === undefined ? "statements" : `statements[${statement}]`,
        `reads ${t.label} with an OPTIONS hint, and with the hint merged into its options (as Flink merges them, CatalogSourceTable), ${f.path} ${f.message} (Flink checks this when the statement reads the table)`,
      );
    }
  }
  return effective;
}

function report(t: TableDefinition, f: FormatFailure, diag: Diagnostics): void {
  diag.error("statements", `the job reads ${t.label}, whose ${f.path} ${f.message} (Flink checks this when a job reads the table)`);
}
