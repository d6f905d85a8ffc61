/**
 * INSERT OVERWRITE with a WHERE into an unpartitioned IcebergSink (new-user trial: `INSERT OVERWRITE
 * ${facts} SELECT ... WHERE CAST(order_ts AS DATE) = DATE '2024-06-01'`). The Flink sink commits an
 * overwrite as ReplacePartitions (iceberg `flink/.../sink/IcebergFilesCommitter.java`
 * replacePartitions), which replaces the partitions its new files fall in, and on an unpartitioned
 * table deletes every row first (core `BaseReplacePartitions.apply`: deleteByRowFilter(alwaysTrue)
 * when the spec has no fields; iceberg docs flink-writes.md: "For an unpartitioned iceberg table,
 * its data will be completely overwritten by INSERT OVERWRITE"). The WHERE filters only what is
 * written back, so the rows it leaves out are gone. A warning: the table may have been created
 * partitioned outside Flink (the connector writes an existing table with its own spec), and a table
 * meant to hold only the filtered rows is legitimate. Quiet without a WHERE (a full rebuild) and for
 * a sink with partitionedBy (dynamic partition overwrite replaces only the partitions written).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import type { AnalyzedStatement } from "./statement.js";

/** Warns when the INSERT OVERWRITE `a` filters with a WHERE what it writes into an unpartitioned IcebergSink. */
export function checkUnpartitionedOverwrite(a: AnalyzedStatement, diag: Diagnostics): void {
  const t = a.target;
  const spec = t?.iceberg?.partitionSpec as { fields?: readonly unknown[] } | undefined;
  if (a.kind !== "insert-overwrite" || t === undefined || t.resourceType !== "IcebergSink" || spec?.fields === undefined || spec.fields.length > 0 || !a.words.has("WHERE")) return;
  diag.warn(
    `statements[${a.index}]`,
    `INSERT OVERWRITE into ${t.label} replaces the whole table, not only the rows its WHERE selects: the sink declares no partitionedBy, and Iceberg overwrites an unpartitioned table completely ` +
      "(iceberg ReplacePartitions deletes all its rows before adding the new ones), so the rows the WHERE leaves out are gone once the job commits; " +
      `to replace a slice, partition the table by the column the WHERE selects on (partitionedBy on ${t.label}, e.g. a DATE column the INSERT fills), so that INSERT OVERWRITE replaces only the partitions it writes; ` +
      "to add the rows, write INSERT INTO; acknowledge this warning when the table should hold only the filtered rows",
  );
}
