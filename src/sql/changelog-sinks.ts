/**
 * Changelogs into append-only Iceberg sinks (an IcebergSink without a primary key), through the
 * statement itself and the views it reads; and the job's views by name.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { statementCode, type AnalyzedStatement } from "./statement.js";

const VIEW_NAME = /^\s*CREATE\s+TEMPORARY\s+(?:SYSTEM\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)/i;

/** The job's views by name (as Flink resolves it: back-quotes removed), each with its statement. */
export function viewsByName(definitions: readonly AnalyzedStatement[]): Map<string, AnalyzedStatement> {
  const out = new Map<string, AnalyzedStatement>();
  for (const d of definitions) {
    if (d.kind !== "view") continue;
    const m = VIEW_NAME.exec(statementCode(d, true));
    const name = m === null ? undefined : m[1]!.startsWith("`") ? m[1]!.slice(1, -1).replace(/``/g, "`") : m[1]!;
    // The first definition stands: a second CREATE ... IF NOT EXISTS does nothing (without it, Flink fails on it).
    if (name !== undefined && !out.has(name)) out.set(name, d);
  }
  return out;
}

/**
 * Where `text` reads the view `name` as a table (after FROM, JOIN or TABLE, plain or back-quoted),
 * as offsets just after the name.
 */
function viewReads(text: string, name: string): number[] {
  const quoted = `\`${name.replace(/`/g, "``")}\``;
  const id = /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name) ? name.replace(/\$/g, "\\$") : undefined;
  const pattern = new RegExp(`\\b(?:FROM|JOIN|TABLE)\\s+(?:${quoted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${id !== undefined ? `|${id}(?![A-Za-z0-9_$])` : ""})`, "gi");
  const ends: number[] = [];
  for (const m of text.matchAll(pattern)) ends.push(m.index! + m[0].length);
  return ends;
}

/**
 * `a` and the views it reads, also through other views (each once). A view read only as the
 * versioned side of a temporal join (`v FOR SYSTEM_TIME AS OF ...`) is left out: it only supplies
 * values to the other side's rows, whatever it is (flink docs versioned_tables.md: a view can be one).
 */
function withViews(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>): AnalyzedStatement[] {
  const out = [a];
  for (let i = 0; i < out.length; i++) {
    const text = statementCode(out[i]!, true);
    for (const [name, v] of views) {
      if (out.includes(v)) continue;
      const reads = viewReads(text, name);
      if (reads.some((end) => !/^\s*FOR\s+SYSTEM_TIME\s+AS\s+OF\b/i.test(text.slice(end)))) out.push(v);
    }
  }
  return out;
}

/** A window aggregation (window TVF, or GROUP BY window_start / window_end): its results are final. */
function windowAggregates(text: string): boolean {
  return /\b(TUMBLE|HOP|CUMULATE|SESSION)\s*\(/i.test(text) || /\bGROUP\s+BY\b[\s\S]*\bwindow_(start|end)\b/i.test(text);
}

/**
 * An outer join between two streams, which retracts the null-padded rows it emitted first: not a
 * correlation (LATERAL TABLE, UNNEST), not a temporal join (FOR SYSTEM_TIME AS OF), not an interval
 * join (a time bound with INTERVAL in its condition, before WHERE / GROUP BY).
 */
function retractingOuterJoin(text: string): boolean {
  for (const m of text.matchAll(/\b(?:LEFT|RIGHT|FULL)\s+(?:OUTER\s+)?JOIN\s+(?!LATERAL\b|UNNEST\b)/gi)) {
    const rest = text.slice(m.index! + m[0].length);
    const join = rest.split(/\b(?:WHERE|GROUP\s+BY|ORDER\s+BY|UNION|INTERSECT|EXCEPT|(?:LEFT|RIGHT|FULL|INNER|CROSS)\s+(?:OUTER\s+)?JOIN|JOIN)\b/i)[0]!;
    if (/\bFOR\s+SYSTEM_TIME\s+AS\s+OF\b/i.test(join) || /\bINTERVAL\b/i.test(join)) continue;
    return true;
  }
  return false;
}

/**
 * An INSERT of a changelog (updates and deletes) into an Iceberg sink without a primary key: with
 * no equality fields the Iceberg writer writes every row as an insert and ignores its kind
 * (iceberg `flink/.../sink/RowDataTaskWriterFactory.java`), so each update and delete becomes one
 * more row. An error for a source that is a changelog (connectorChangelog); a warning for what
 * turns an append stream into updates in the statement itself or a view it reads: an aggregation
 * without a window (window aggregations append; a SELECT DISTINCT emits each distinct row once and
 * never changes it, flink GroupAggFunction with no aggregate calls), an outer join (it retracts its
 * null-padded rows; an interval join does not), a keep-last deduplication (ROW_NUMBER ordered
 * DESC, then rn = 1). Each part (the statement, each view) is judged by its own text: a window
 * makes only its own aggregation final.
 */
export function checkChangelogIntoAppendSink(a: AnalyzedStatement, views: ReadonlyMap<string, AnalyzedStatement>, diag: Diagnostics): void {
  const t = a.target;
  if (t?.iceberg === undefined || t.iceberg.upsert || ((t.iceberg.schema as { "identifier-field-ids"?: readonly number[] })["identifier-field-ids"]?.length ?? 0) > 0) return;
  const fix = `give ${t.label} a primaryKey (updates and deletes then apply to the key; with upsertEnabled each row replaces its key)`;
  const parts = withViews(a, views);
  const via = (s: AnalyzedStatement): string => (s === a ? "" : ` (through the view in statements[${s.index}])`);
  // A window aggregation (window TVF) accepts a changelog and emits final rows (Flink 1.19+,
  // FLINK-20281); a changelog read as the versioned side of a temporal join (FOR SYSTEM_TIME AS OF)
  // only supplies values to the other side's rows (planner FlinkChangelogModeInferenceProgram).
  const texts = parts.map((p) => statementCode(p));
  for (let i = 0; i < parts.length; i++) {
    if (windowAggregates(texts[i]!)) continue;
    const s = parts[i]!;
    const changelog = s.reads.find((r) => r.changelog !== undefined && !readAsTemporalTable(s, r));
    if (changelog === undefined) continue;
    diag.error(
      `statements[${a.index}]`,
      `${t.label} has no primaryKey, and the statement reads ${changelog.label}${via(s)}, ${changelog.changelog}: a sink without a key appends every row and ignores its kind, ` +
        `so each update and delete becomes one more row (iceberg flink/.../sink/RowDataTaskWriterFactory.java); ${fix}`,
    );
    return;
  }
  for (let i = 0; i < parts.length; i++) {
    const text = texts[i]!;
    const what = windowAggregates(text)
      ? undefined
      : /\bGROUP\s+BY\b/i.test(text)
        ? "aggregates without a window"
        : retractingOuterJoin(text)
            ? "outer-joins (unless it is an interval join), which retracts the null-padded rows it emitted first"
            : /\bROW_NUMBER\s*\(\s*\)\s*OVER\s*\([^)]*\bORDER\s+BY\b[^)]*\bDESC\b/i.test(text)
              ? "keeps the last row per key (ROW_NUMBER ordered DESC), which replaces the row it emitted before"
              : undefined;
    if (what === undefined) continue;
    diag.warn(
      `statements[${a.index}]`,
      `${t.label} has no primaryKey, and the statement${via(parts[i]!)} ${what}, which in a streaming job yields updates to earlier results: ` +
        `a sink without a key appends every update as one more row; ${fix}, or aggregate over a window (TUMBLE, HOP, CUMULATE), whose results are final`,
    );
    return;
  }
}

/** True when every mention of `table` in the statement is followed by FOR SYSTEM_TIME AS OF (a temporal join's versioned side). */
function readAsTemporalTable(a: AnalyzedStatement, table: TableDefinition): boolean {
  const segs = a.statement.segments;
  let mentions = 0;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg.kind !== "table" || seg.table !== table) continue;
    mentions++;
    const next = segs[i + 1];
    if (next?.kind !== "text" || !/^\s*FOR\s+SYSTEM_TIME\s+AS\s+OF\b/i.test(next.text)) return false;
  }
  return mentions > 0;
}

/** The view statements no other statement of the job reads (they are created, never planned). */
export function unreadViews(analyzed: readonly AnalyzedStatement[], views: ReadonlyMap<string, AnalyzedStatement>): Set<AnalyzedStatement> {
  const out = new Set<AnalyzedStatement>();
  for (const [name, v] of views) {
    if (!analyzed.some((x) => x !== v && viewReads(statementCode(x, true), name).length > 0)) out.add(v);
  }
  return out;
}
