/**
 * Which Iceberg table, and which branch of it, a table definition reads or writes: the identity
 * the cross-statement and cross-job checks compare (job-plan.ts, streamed-writes.ts,
 * components/job-registry.ts).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { knows } from "../components/failed-table-parts.js";

/**
 * Identity of an Iceberg table: its catalog's identifying settings (IcebergTableFacts.catalogKey,
 * src/options/catalog-identity.ts: e.g. a REST catalog's uri, warehouse and prefix, a Hive catalog's
 * metastore uri, a Hadoop catalog's warehouse; not the catalog object nor its name), database and
 * table (an identifying setting given as an Output is that Output object: catalog-identity.ts).
 * Undefined when not an Iceberg table, or for a failed table whose identity args do not read.
 */
export function icebergKey(t: TableDefinition): string | undefined {
  const i = t.iceberg;
  if (i === undefined) return undefined;
  const known = icebergKeys.get(i);
  if (known !== undefined) return known === null ? undefined : known;
  const key = i.catalogKey === undefined || i.database === undefined || i.table === undefined ? undefined : JSON.stringify([i.catalogKey, i.database, i.table]);
  icebergKeys.set(i, key ?? null);
  return key;
}

/** icebergKey by a table's Iceberg facts (which are never changed once built): computed once per table, not at every use (about six per job). */
const icebergKeys = new WeakMap<object, string | null>();

/**
 * The branch an Iceberg table reads or writes: `main` unless extraOptions.branch says otherwise
 * (iceberg SnapshotRef.MAIN_BRANCH); undefined for a failed table whose branch does not read.
 */
export function branchOf(t: TableDefinition): string | undefined {
  return t.iceberg?.branch ?? (knows(t, "branch") ? "main" : undefined);
}

/**
 * The branch one reference reads or writes: its OPTIONS hint's 'branch' when it has one (iceberg
 * FlinkReadOptions.BRANCH / FlinkWriteOptions.BRANCH: a hint's options are the table's options for
 * that reference: an OPTIONS('branch'='b1') hint after it), else the table's own (branchOf).
 */
export function hintedBranchOf(t: TableDefinition, hint: Readonly<Record<string, string>>): string | undefined {
  return Object.hasOwn(hint, "branch") ? hint["branch"] : branchOf(t);
}

/** An Iceberg table as messages name it: `database.table`, with ` (branch b)` for a branch other than main. */
export function icebergTableLabel(t: TableDefinition, branch: string): string {
  return `${t.iceberg!.database}.${t.iceberg!.table}${branch === "main" ? "" : ` (branch ${branch})`}`;
}
