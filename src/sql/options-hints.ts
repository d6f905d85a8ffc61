import { checkFreeFormMap } from "../options/extra-options.js";
import { hashDistributionKey } from "../options/distribution-mode.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { credentialEntryProblem, type CredentialTarget } from "../validation/secrets.js";
import { tableOptionsHints } from "./hints.js";
import { mayHoldHints } from "./statement-gates.js";
import type { AnalyzedStatement } from "./statement.js";

/**
 * The OPTIONS hints after table references (hints.ts): Flink merges them into the table's WITH
 * options, so an Iceberg table's free-form option rules apply to them, and no table's hint may
 * carry a credential (SPEC decision 8).
 */
export function checkOptionsHints(analyzed: readonly AnalyzedStatement[], target: CredentialTarget | undefined, diag: Diagnostics): void {
  for (const a of analyzed) {
    if (!mayHoldHints(a.words)) continue;
    const { hints, unreadable } = tableOptionsHints(a.statement.segments);
    for (const t of unreadable) {
      diag.error(`statements[${a.index}]`, `the hint after ${t.label} cannot be read; write it as /*+ OPTIONS('key' = 'value', ...) */ (string-literal values)`);
    }
    // The INSERT target's own mention is the write; any other mention of a table is a read (an IcebergSink read in a
    // statement is a one-time scan, so read options apply to its hint there).
    const targetSegment = a.target === undefined ? -1 : a.statement.segments.findIndex((s) => s.kind === "table" && s.table === a.target);
    for (const { table: t, options, segment } of hints) {
      const arg = `statements[${a.index}] OPTIONS hint of ${t.tableName}`;
      const kind = segment === targetSegment ? "IcebergSink" : "IcebergSource";
      const reading = kind === "IcebergSource" && t.resourceType === "IcebergSource";
      // A failed IcebergSource whose read is not known: only the credential check below.
      if (t.iceberg !== undefined && t.resourceType !== "FlinkTable" && (!reading || t.iceberg.streamingRead !== undefined)) {
        checkFreeFormMap(arg, options, { kind, streamingRead: reading && t.iceberg.streamingRead === true, pinnedBySnapshotIds: reading && (t.iceberg.pinnedBySnapshotIds ?? false), appendRange: reading && t.iceberg.appendRange === true, hint: true, credentialTarget: target }, diag);
        const hashKey = t.iceberg.hashDistributionProblem === undefined || kind !== "IcebergSink" ? undefined : hashDistributionKey(options);
        if (hashKey !== undefined) diag.error(`${arg}[${JSON.stringify(hashKey)}]`, t.iceberg.hashDistributionProblem!);
        continue;
      }
      for (const [key, value] of Object.entries(options)) {
        const credential = credentialEntryProblem(key, value, "a statement's OPTIONS hint", undefined, target, undefined, t.connector);
        if (credential !== undefined) diag.error(`${arg}[${JSON.stringify(key)}]`, credential);
      }
    }
  }
}
