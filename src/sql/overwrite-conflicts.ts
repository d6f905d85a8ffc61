/**
 * Two INSERTs of one batch job (one STATEMENT SET) into the same Iceberg table and branch, one of
 * them an INSERT OVERWRITE (new-user trial). Flink plans each INSERT as a sink of its own, with its
 * own committer, and they commit in no set order. An overwrite commits as a ReplacePartitions
 * without conflict validation (iceberg `flink/.../sink/IcebergFilesCommitter.java` replacePartitions
 * and the v2 sink's `IcebergCommitter.java`: `table.newReplacePartitions()`, no
 * validateFromSnapshot / validateNoConflictingData, unlike Spark's dynamic overwrite), which
 * replaces the partitions its new files fall in, and every row of an unpartitioned table (core
 * `BaseReplacePartitions.apply`). So whichever commits last wins where both write:
 * - an unpartitioned table, or the same static partition in both (`PARTITION (dt = '...')` with
 *   the same values for every partition column): the other INSERT's rows are lost (two overwrites:
 *   always; an overwrite and an INSERT INTO: when the INSERT INTO commits first). An error.
 * - a partitioned table written with dynamic partitions: rows are lost in the partitions both write,
 *   which the queries decide. A warning.
 * Quiet: static partitions that differ in a column's value (written text compared: `'a'` and `'A'`,
 * or `'2024-01-01'` and `DATE '2024-01-01'`, count as different), two INSERT INTO, different tables
 * or branches, a branch not known, a table whose partition spec is not known, a sink with
 * upsertEnabled (its overwrite is an error of its own: overwrite-modes.ts), a streaming job (its
 * overwrite is an error of its own).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { icebergKey, icebergTableLabel } from "./iceberg-identity.js";
import { insertStaticPartition } from "./insert-query.js";
import type { AnalyzedStatement } from "./statement.js";

/** How two INSERTs into one table meet: the whole table or one static partition (an error), maybe some partitions (a warning), or never. */
type Meeting = { readonly kind: "whole" } | { readonly kind: "partition"; readonly clause: string } | { readonly kind: "maybe" } | undefined;

/** What checkOverwriteConflicts reads of the job. */
export interface OverwriteConflictsJob {
  readonly runtimeMode: "streaming" | "batch";
  /** The job's INSERT statements, in order. */
  readonly inserts: readonly AnalyzedStatement[];
  /** The branch an INSERT writes (its target's hint, else the sink's own); undefined when not known. */
  readonly writeBranch: (a: AnalyzedStatement) => string | undefined;
}

const COMMITS =
  "each INSERT has its own sink and committer, they commit in no set order, and an INSERT OVERWRITE commits as a ReplacePartitions without conflict validation " +
  "(iceberg flink/.../sink/IcebergFilesCommitter.java replacePartitions: table.newReplacePartitions(), as the v2 sink's IcebergCommitter), which replaces the partitions its new files fall in";

const UNION = "write one INSERT OVERWRITE whose query combines both queries with UNION ALL";

/** Errors and warnings for INSERTs of a batch job that overwrite each other's rows (see above), at the later statement. */
export function checkOverwriteConflicts(job: OverwriteConflictsJob, diag: Diagnostics): void {
  if (job.runtimeMode !== "batch" || !job.inserts.some((a) => a.kind === "insert-overwrite")) return;
  const groups = new Map<string, AnalyzedStatement[]>();
  for (const a of job.inserts) {
    const key = a.target === undefined || a.target.resourceType !== "IcebergSink" || a.target.iceberg?.upsert === true ? undefined : icebergKey(a.target);
    const branch = key === undefined ? undefined : job.writeBranch(a);
    if (branch === undefined) continue;
    const list = groups.get(`${key}\n${branch}`);
    if (list === undefined) groups.set(`${key}\n${branch}`, [a]);
    else list.push(a);
  }
  for (const list of groups.values()) {
    if (list.length < 2 || !list.some((a) => a.kind === "insert-overwrite")) continue;
    for (let j = 1; j < list.length; j++) {
      const q = list[j]!;
      const met = list.slice(0, j).flatMap((p) => (p.kind === "insert-overwrite" || q.kind === "insert-overwrite" ? [{ p, m: meeting(p, q) }] : []));
      const hit = met.find((x) => x.m !== undefined && x.m.kind !== "maybe") ?? met.find((x) => x.m !== undefined);
      if (hit === undefined) continue;
      report(hit.p, q, hit.m!, job.writeBranch(q)!, diag);
    }
  }
}

/** How the INSERTs `p` and `q` into one table meet (see Meeting). */
function meeting(p: AnalyzedStatement, q: AnalyzedStatement): Meeting {
  const spec = (p.target!.iceberg?.partitionSpec as { fields?: readonly unknown[] } | undefined)?.fields;
  if (spec === undefined) return undefined;
  if (spec.length === 0) return { kind: "whole" };
  const sp = staticPartition(p);
  const sq = staticPartition(q);
  if (sp !== undefined && sq !== undefined && [...sp].some(([c, v]) => sq.has(c) && sq.get(c) !== v)) return undefined;
  const keys = p.target!.partitionKeys ?? [];
  const whole = (s: ReadonlyMap<string, string> | undefined): boolean => s !== undefined && keys.length === spec.length && keys.every((k) => s.has(k));
  if (whole(sp) && whole(sq)) return { kind: "partition", clause: `PARTITION (${keys.map((k) => `${k} = ${sp!.get(k)}`).join(", ")})` };
  return { kind: "maybe" };
}

/** The static partition of `a`, when it has one that reads. */
function staticPartition(a: AnalyzedStatement): ReadonlyMap<string, string> | undefined {
  if (!a.words.has("PARTITION")) return undefined;
  const s = insertStaticPartition(a);
  return s === "unreadable" ? undefined : s;
}

function report(p: AnalyzedStatement, q: AnalyzedStatement, m: NonNullable<Meeting>, branch: string, diag: Diagnostics): void {
  const verb = (a: AnalyzedStatement): string => (a.kind === "insert-overwrite" ? "INSERT OVERWRITE" : "INSERT INTO");
  const into = (a: AnalyzedStatement): string => `${verb(a)}${a.kind === "insert-overwrite" ? " into" : ""} ${a.target!.label}`;
  const t: TableDefinition = q.target!;
  const table = icebergTableLabel(t, branch);
  const lead = `${into(q)} and statements[${p.index}]'s ${p.target === q.target ? verb(p) : into(p)} write the Iceberg table ${table} in one job: ${COMMITS}`;
  const both = p.kind === "insert-overwrite" && q.kind === "insert-overwrite";
  if (m.kind === "maybe") {
    diag.warn(
      `statements[${q.index}]`,
      `${lead}; the table is partitioned, so where both write rows into the same partition, ` +
        (both ? "the overwrite that commits last keeps only its own rows there" : "the rows the INSERT INTO appends there are lost when it commits before the overwrite") +
        `; ${UNION}, or give ${both ? "each" : "both"} a static PARTITION clause with different values; acknowledge this warning when the two never write the same partition`,
    );
    return;
  }
  const where = m.kind === "whole" ? "the table is unpartitioned, so an overwrite replaces the whole table" : `both write the static partition ${m.clause}, which an overwrite replaces whole`;
  diag.error(
    `statements[${q.index}]`,
    `${lead}; ${where}: ` +
      (both ? "the one that commits last keeps only its own rows, and the other INSERT's rows are lost" : "the rows the INSERT INTO appends are lost when it commits before the overwrite, and kept when it commits after it") +
      `; ${UNION}`,
  );
}
