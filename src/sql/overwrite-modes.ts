/**
 * Where an INSERT OVERWRITE cannot run at all: in a streaming job (Flink refuses an overwrite of an
 * unbounded stream when it plans the statement), and into an IcebergSink with upsert enabled (iceberg flink `FlinkSink` /
 * `SinkUtil`: "OVERWRITE mode shouldn't be enable when configuring to use UPSERT data stream", thrown
 * when the job starts). A batch overwrite into a plain sink is then judged for its WHERE
 * (unpartitioned-overwrites.ts).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import type { AnalyzedStatement } from "./statement.js";
import { checkUnpartitionedOverwrite } from "./unpartitioned-overwrites.js";

/** Reports the INSERT OVERWRITE `a` (of a job in `runtimeMode`) that Flink or Iceberg refuses; nothing for an INSERT INTO. */
export function checkOverwriteMode(a: AnalyzedStatement, runtimeMode: "streaming" | "batch", diag: Diagnostics): void {
  if (a.kind !== "insert-overwrite") return;
  const i = a.index;
  const target = a.target!;
  if (runtimeMode !== "batch") diag.error(`statements[${i}]`, `INSERT OVERWRITE into ${target.label} needs runtimeMode "batch": Flink rejects overwrite on an unbounded stream`);
  else checkUnpartitionedOverwrite(a, diag);
  if (target.iceberg?.upsert) {
    diag.error(
      `statements[${i}]`,
      `INSERT OVERWRITE into ${target.label} is not possible: the sink has upsertEnabled, and Iceberg forbids overwrite and upsert together (the job fails when it starts: "OVERWRITE mode shouldn't be enable when configuring to use UPSERT data stream"); ` +
        `write INSERT INTO ${target.label} to update its rows by primary key (rows the query does not return stay), or, to replace the data (the whole table, or the partitions the query writes), ` +
        `INSERT OVERWRITE into an IcebergSink of the same table with upsertEnabled: false (rendered 'upsert-enabled' = 'false', which also overrides a write.upsert.enabled table property)`,
    );
  }
}
