/**
 * How to give a table an event-time attribute (a rowtime: a watermark on a TIMESTAMP(0..3) column),
 * for the messages of the window and temporal-join checks (window-time.ts, temporal-join.ts): the
 * table's own timestamp column when it has one, else a new one; a finer one cast in a computed
 * column of a FlinkTable or declared TIMESTAMP(3) on an IcebergSource (Iceberg stores TIMESTAMP(0..6)
 * alike). Flink's rowtime rule: flink `DefaultSchemaResolver` (a watermark's column is TIMESTAMP(p)
 * or TIMESTAMP_LTZ(p), p at most 3, and no processing-time attribute).
 */
import type { TableColumn, TableDefinition } from "../components/table-definition.js";
import { nameList } from "../validation/name-list.js";

/**
 * How to give table `t` an event-time attribute, naming its timestamp column when it has one (a
 * TIMESTAMP(0..3) one first; a finer one is declared TIMESTAMP(3) on an IcebergSource, or cast in a
 * computed column of a FlinkTable).
 */
export function rowtimeRemedy(t: TableDefinition, column?: string): string {
  const { how } = rowtimeParts(t, column);
  return t.resourceType === "IcebergSink" ? `read the table through an IcebergSource with ${how} (an IcebergSink has no event time)` : `${how} on ${t.label}`;
}

/** What rowtimeRemedy declares on `t` (without "on <table>"), and the event-time column it makes. */
function rowtimeParts(t: TableDefinition, column?: string): { how: string; rowtime: string } {
  const typeOf = (c: TableColumn) => c.type ?? c.timeType;
  const precision = (c: TableColumn): number | undefined => {
    const type = typeOf(c);
    return type?.kind === "TIMESTAMP" || type?.kind === "TIMESTAMP_LTZ" ? type.precision : undefined;
  };
  // A PROCTIME() column can take no watermark (flink DefaultSchemaResolver): another column, or a new one.
  const times = (t.columns ?? []).filter((c) => c.timeAttribute !== "proctime" && precision(c) !== undefined);
  const fit = times.filter((c) => precision(c)! <= 3);
  const proctime = column !== undefined && (t.columns ?? []).some((c) => c.name === column && c.timeAttribute === "proctime");
  const chosen = column !== undefined && !proctime ? times.find((c) => c.name === column) : (fit[0] ?? times[0]);
  const set = (name: string): string =>
    t.resourceType === "FlinkTable" ? `watermark: { column: ${JSON.stringify(name)}, expression: "\`${name}\` - INTERVAL '5' SECOND" }` : `watermark: { column: ${JSON.stringify(name)} }`;
  let how: string;
  // No timestamp column: a new one, named so it cannot be taken for one the table has.
  const fresh = ["event_time", "event_ts", "row_time"].find((n) => !(t.columns ?? []).some((c) => c.name === n)) ?? "event_time";
  if (chosen === undefined) {
    how =
      t.resourceType === "FlinkTable"
        ? `a TIMESTAMP(3) column ${fresh} (or a computed one, e.g. { name: "${fresh}", expression: "TO_TIMESTAMP_LTZ(<epoch milliseconds column>, 3)" }) and ${set(fresh)}`
        : `a TIMESTAMP(3) column ${fresh} and ${set(fresh)}`;
  }
  else if (precision(chosen)! <= 3) how = set(chosen.name) + (column === undefined && fit.length > 1 ? ` (or another of ${nameList(fit.map((c) => c.name))})` : "");
  else if (t.resourceType === "FlinkTable") {
    const cast = `${chosen.name}_ms`;
    how = `a computed column { name: "${cast}", expression: "CAST(\`${chosen.name}\` AS ${typeOf(chosen)!.kind}(3))" } and ${set(cast)} (a watermark needs precision 0 to 3)`;
  } else how = `${chosen.name} declared ${typeOf(chosen)!.kind}(3) (Iceberg stores it alike) and ${set(chosen.name)}`;
  const rowtime = chosen === undefined ? fresh : precision(chosen)! <= 3 || t.resourceType !== "FlinkTable" ? chosen.name : `${chosen.name}_ms`;
  return { how, rowtime };
}

/**
 * How to join `left` with `right` as of event time instead of processing time: the event-time
 * attribute each side lacks (said once when both need the same), the primary key `right` lacks
 * (`gaps`: versionedTableGaps), and the AS OF column (rowtimeParts).
 */
export function eventTimeInstead(left: TableDefinition, right: TableDefinition, qualifier: string, gaps: readonly string[]): string {
  const rowtimeOf = (t: TableDefinition): string | undefined => t.columns?.find((c) => c.timeAttribute === "rowtime")?.name;
  const leftRowtime = rowtimeOf(left);
  const needs = [left, right].filter((t, i) => (i === 0 ? leftRowtime === undefined : t.columns !== undefined && rowtimeOf(t) === undefined));
  const parts = needs.map((t) => rowtimeParts(t));
  const declare =
    parts.length === 2 && parts[0]!.how === parts[1]!.how && needs.every((t) => t.resourceType !== "IcebergSink")
      ? [`${parts[0]!.how} on ${left.label} and on ${right.label}`]
      : needs.map((t, i) => (t.resourceType === "IcebergSink" ? rowtimeRemedy(t) : `${parts[i]!.how} on ${t.label}`));
  const steps = [...declare, ...gaps.filter((g) => g.startsWith("a primaryKey")).map((g) => `${g} on ${right.label}`)];
  const asOf = `FOR SYSTEM_TIME AS OF ${qualifier}${leftRowtime ?? parts[0]!.rowtime}`;
  if (steps.length === 0) return `Join ${asOf} (event time) instead`;
  const versioned = needs.includes(right) || gaps.length > 0 ? `, with ${right.label} as a versioned table` : "";
  return `Join as of event time instead${versioned}: declare ${steps.join("; ")}; then join ${asOf}`;
}
