/**
 * VARIANT columns by the job's Flink version. VARIANT, Flink's semi-structured type (FLIP-521:
 * flink `flink-table-common/.../types/logical/VariantType.java`, LogicalTypeRoot.VARIANT,
 * DataTypes.VARIANT(), built with PARSE_JSON / TRY_PARSE_JSON), came with Flink 2.1: on an older
 * Flink the script's CREATE TABLE names a type its SQL parser does not have, and the job fails when
 * it starts. A FlinkTable may declare one (any Flink type); a job whose flinkVersion is older than
 * v2_1 is an error at the first statement that uses the table. An Iceberg table's VARIANT column is
 * refused where its schema is converted (iceberg/convert.ts).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { DataType } from "../types/data-type.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { AnalyzedStatement } from "./statement.js";

/** True when `t` is VARIANT or holds one (an ARRAY, MULTISET or MAP of it, a ROW field). */
export function holdsVariant(t: DataType): boolean {
  switch (t.kind) {
    case "VARIANT":
      return true;
    case "ARRAY":
    case "MULTISET":
      return holdsVariant(t.elementType);
    case "MAP":
      return holdsVariant(t.keyType) || holdsVariant(t.valueType);
    case "ROW":
      return t.fields.some((f) => holdsVariant(f.type));
    default:
      return false;
  }
}

/** "v2_0" → "2.0". */
const versionText = (v: string): string => v.slice(1).replace("_", ".");

/**
 * Errors for the tables of `analyzed` with a VARIANT column when the job runs on `flinkVersion`
 * before 2.1 (none when the version is not known: the SQL Gateway target), at the first statement
 * that uses each table.
 */
export function checkVariantColumns(analyzed: readonly AnalyzedStatement[], flinkVersion: string | undefined, diag: Diagnostics): void {
  if (flinkVersion === undefined || flinkVersion >= "v2_1") return;
  const seen = new Set<TableDefinition>();
  for (const a of analyzed) {
    for (const t of a.statement.tables) {
      if (seen.has(t)) continue;
      seen.add(t);
      const columns = (t.columns ?? []).filter((c) => c.type !== undefined && holdsVariant(c.type));
      if (columns.length === 0) continue;
      const names = columns.map((c) => `${c.name} (${c.type!.toString()})`).join(", ");
      diag.error(
        `statements[${a.index}]`,
        `uses ${t.label}, whose column${columns.length > 1 ? "s" : ""} ${names} ${columns.length > 1 ? "are" : "is"} of the VARIANT type, which came with Flink 2.1 (FLIP-521), and this job runs on Flink ${versionText(flinkVersion)}, ` +
          `whose SQL parser has no VARIANT type: the job fails when the script creates the table; run the job on flinkVersion "v2_1", or declare the column STRING (the JSON text)`,
      );
    }
  }
}
