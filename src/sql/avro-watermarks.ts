/**
 * Source watermarks over a table that the program writes in Avro. An IcebergSource with
 * `watermark: { column }` takes each split's watermark from the column's lower bound in the data
 * file's statistics (iceberg `ColumnStatsWatermarkExtractor`), and Avro data files carry no column
 * bounds (iceberg `AvroMetrics`): the read fails on the first such file ("Missing statistics for
 * column"). Found where an IcebergSink of the program (this job's, or one registered before it)
 * writes the same Iceberg table and branch with writeFormat "avro".
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { branchOf, icebergKey } from "./iceberg-identity.js";
import type { ProgramTables } from "./job-plan.js";

/** Errors at `statements` for each source-watermarked IcebergSource of `tables` whose table an Avro sink writes. */
export function checkSourceWatermarksOverAvro(tables: readonly TableDefinition[], programTables: ProgramTables | undefined, diag: Diagnostics): void {
  for (const t of tables) {
    if (t.resourceType !== "IcebergSource" || t.iceberg?.watermark !== "source") continue;
    const key = icebergKey(t);
    if (key === undefined) continue;
    // A failed table whose branch does not read (branchOf undefined) is not judged.
    const branch = branchOf(t);
    const candidates = [...tables, ...(programTables?.icebergSinks?.(key) ?? [])];
    const writer = branch === undefined ? undefined : candidates.find((w) => w.resourceType === "IcebergSink" && w.iceberg?.writeFormat === "avro" && icebergKey(w) === key && branchOf(w) === branch);
    if (writer === undefined) continue;
    diag.error(
      "statements",
      `${t.label} reads ${t.iceberg.database}.${t.iceberg.table} with source watermarks (watermark: { column }), and ${writer.label} writes that table in Avro (writeFormat "avro"): ` +
        "Avro data files carry no column bounds (iceberg AvroMetrics), so the read fails on the first such file (\"Missing statistics for column\", iceberg ColumnStatsWatermarkExtractor); " +
        `write the table as Parquet or ORC (writeFormat on ${writer.label}), or give ${t.label} a watermark expression (watermark: { column, expression }) instead`,
    );
  }
}
