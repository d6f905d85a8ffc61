/**
 * Temporal joins over interpolated tables in a streaming job: `JOIN ${right} FOR SYSTEM_TIME AS OF
 * l.col`. What Flink checks when it plans the job, read at preview:
 * - `l.col` is a time attribute of the left table ("Temporal table join currently only supports
 *   'FOR SYSTEM_TIME AS OF' left table's time attribute field");
 * - as of a processing-time attribute, the right table is a lookup source ("Processing-time
 *   temporal join is not supported yet", flink `StreamExecTemporalJoin`, FLINK-19830): an Iceberg
 *   table never is (iceberg `IcebergTableSource` is no LookupTableSource), nor are the streaming
 *   connectors below;
 * - as of an event-time attribute, the right table is a versioned table: a primary key ("Temporal
 *   Table Join requires primary key in versioned table") and a rowtime attribute ("Event-Time
 *   Temporal Table Join requires both primary key and row time attribute in versioned table, but
 *   no row time attribute can be found"; flink `StreamPhysicalTemporalJoinRule`,
 *   `TemporalJoinRewriteWithUniqueKeyRule`).
 * The left column is resolved through `${left} [AS] alias`, a table's own name, or, unqualified, the
 * one other interpolated table that has it; anything else (views, subqueries) is left to Flink.
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { unquoteIdentifier } from "./insert-query.js";
import { markedCode, type AnalyzedStatement } from "./statement.js";

const NAME = "(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)";
/** `<right> FOR SYSTEM_TIME AS OF [q.]col`, not followed by `(` or `.` (a function or a deeper path). */
const AS_OF = new RegExp(`\\u0000(\\d+)\\u0000\\s*FOR\\s+SYSTEM_TIME\\s+AS\\s+OF\\s+(?:${NAME}\\s*\\.\\s*)?${NAME}(?!\\s*[(.])`, "gi");
/** `<table> [FOR SYSTEM_TIME AS OF x] [AS] alias`. */
const ALIAS = new RegExp(`\\u0000(\\d+)\\u0000(?:\\s*FOR\\s+SYSTEM_TIME\\s+AS\\s+OF\\s+[^\\s]+)?\\s+(?:AS\\s+)?${NAME}`, "gi");
/** Words after a table that are no alias. */
const KEYWORDS = new Set(["AS", "FOR", "WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FETCH", "JOIN", "LEFT", "RIGHT", "INNER", "FULL", "CROSS", "NATURAL", "UNION", "INTERSECT", "EXCEPT", "MINUS", "WINDOW", "MATCH_RECOGNIZE", "TABLESAMPLE", "ON", "USING", "PARTITION", "DESCRIPTOR"]);

/** Connectors that are no lookup source (a processing-time temporal join over them fails). */
const NO_LOOKUP = new Set(["kafka", "upsert-kafka", "datagen", "filesystem", "print", "blackhole", "kinesis", "pulsar"]);

/** Why `t` cannot be the right side of a processing-time temporal join, or undefined when it may be. */
function noLookupReason(t: TableDefinition): string | undefined {
  if (t.resourceType !== "FlinkTable") return `${t.label} is an Iceberg table, which Flink cannot look up by key (iceberg IcebergTableSource is no lookup source)`;
  const c = t.connector?.toLowerCase();
  if (c !== undefined && (NO_LOOKUP.has(c) || c.endsWith("-cdc"))) return `${t.label} is a '${t.connector}' table, which is no lookup source`;
  return undefined;
}

/** How to give table `t` an event-time attribute. */
function rowtimeRemedy(t: TableDefinition): string {
  return t.resourceType === "IcebergSource"
    ? `set watermark: { column: "<a TIMESTAMP(3) column>" } on ${t.label}`
    : t.resourceType === "FlinkTable"
      ? `declare watermark: { column, expression } on ${t.label}`
      : `read the table through an IcebergSource with watermark: { column } (an IcebergSink has no event time)`;
}

/** Checks the temporal joins of one statement of a streaming job; errors at `statements[i]`. */
export function checkTemporalJoins(a: AnalyzedStatement, diag: Diagnostics): void {
  if (!a.statement.segments.some((s) => s.kind === "text" && /SYSTEM_TIME/i.test(s.text))) return;
  const { code, tables } = markedCode(a);
  const aliases = new Map<string, TableDefinition>();
  for (const m of code.matchAll(ALIAS)) {
    if (m[2]!.startsWith("`") || !KEYWORDS.has(m[2]!.toUpperCase())) aliases.set(unquoteIdentifier(m[2]!), tables[Number(m[1])]!);
  }
  const at = `statements[${a.index}]`;
  for (const m of code.matchAll(AS_OF)) {
    const right = tables[Number(m[1])]!;
    const qualifier = m[2] === undefined ? undefined : unquoteIdentifier(m[2]);
    const name = unquoteIdentifier(m[3]!);
    const candidates =
      qualifier !== undefined
        ? [aliases.get(qualifier) ?? tables.find((t) => t.tableName === qualifier)]
        : [...new Set(tables)].filter((t) => t !== right && t.columns?.some((c) => c.name === name));
    const left = candidates.length === 1 ? candidates[0] : undefined;
    if (left === undefined || left === right || left.failed === true || right.failed === true) continue;
    const col = left.columns?.find((c) => c.name === name);
    if (col === undefined) continue;
    const asOf = `${right.tableName} FOR SYSTEM_TIME AS OF ${qualifier !== undefined ? `${qualifier}.` : ""}${name}`;
    if (col.timeAttribute === undefined) {
      diag.error(
        at,
        `${asOf}: ${name} of ${left.label} is no time attribute, and Flink joins only as of the left table's time attribute ("Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field"); ` +
          `join as of an event-time column (${rowtimeRemedy(left)}) or of a PROCTIME() column (processing time, lookup sources only)`,
      );
    } else if (col.timeAttribute === "proctime") {
      const reason = noLookupReason(right);
      if (reason !== undefined) {
        diag.error(
          at,
          `${asOf} joins as of processing time, and ${reason}: Flink rejects the job when it plans it ("Processing-time temporal join is not supported yet"); ` +
            `join as of an event-time attribute of ${left.label} instead (a versioned table: ${right.label} needs a primaryKey and an event-time attribute), or use a regular join`,
        );
      }
    } else {
      const problems = [
        ...(right.primaryKey === undefined || right.primaryKey.length === 0 ? ["a primaryKey"] : []),
        ...(right.columns !== undefined && !right.columns.some((c) => c.timeAttribute === "rowtime") ? [`an event-time attribute (${rowtimeRemedy(right)})`] : []),
      ];
      const wm = right.iceberg?.watermark;
      if (problems.length === 0 && wm !== undefined) {
        diag.warn(
          at,
          `${asOf} joins as of event time, and Flink emits a joined row only once the watermarks of both sides have passed it (flink TemporalRowTimeJoinOperator): ` +
            `the watermark of ${right.label} advances only when it reads a new snapshot of the table, so while the table gets no commits the join holds its results back` +
            (wm === "source"
              ? " (no idle timeout applies to source watermarks); commit to the table regularly (e.g. a heartbeat row), or join as of processing time against a lookup source"
              : "; set table.exec.source.idle-timeout in the job's configuration, so an idle source stops holding the watermark, or commit to the table regularly"),
        );
      }
      if (problems.length > 0) {
        diag.error(
          at,
          `${asOf} joins as of event time, which needs ${right.label} to be a versioned table, with ${problems.join(" and ")}: Flink rejects the job when it plans it ` +
            `("Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table")`,
        );
      }
    }
  }
}
