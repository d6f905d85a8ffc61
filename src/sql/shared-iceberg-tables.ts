/**
 * One Iceberg table declared with other columns by two jobs of the program (new-user trial w64:
 * IcebergSink `t.shared (id BIGINT, kind STRING)` in one job, `(kind STRING, id INT)` in another).
 * Within one job the tables must match outright (job-plan.ts checkTables); across jobs each pair is
 * judged as the runtime judges it (iceberg-write-schemas.ts):
 *
 * - two jobs that write the table: whichever starts first creates it with its columns (iceberg
 *   FlinkDynamicTableFactory.createTableLoader creates only a missing table), and the other's sink
 *   then checks its columns against the table's (FlinkSink.toFlinkRowType: TypeUtil.validateWriteSchema,
 *   nullability and order included). An error when either order fails a job, saying which job
 *   fails in which order and with Iceberg's own problem lines; quiet when both orders pass the check
 *   (e.g. only comments or the primary key differ, or SMALLINT against INT: both Iceberg `int`).
 * - a job that writes the table and one that only reads it: the read projects its declared
 *   columns from the writer's (a subset in any order is fine); a column the writer lacks, or a
 *   type the stored one does not widen to, fails the reading job: an error. (A reading job that
 *   starts first on a catalog without the table would create it with its own columns; that order is
 *   not judged: a projection, the common case, would then be an error.)
 * - two jobs that only read it: not judged (the table is someone else's; its columns are unknown).
 *
 * The later job of the pair is told (the registry holds the jobs created before it), at `statements`;
 * a read's error names the failing columns first, with their type on each side, then each side's
 * other columns (a write's lists both sides' columns: Iceberg's problem lines name the failing ones).
 */
import type { TableDefinition } from "../components/table-definition.js";
import type { IcebergSchema } from "../iceberg/types.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { icebergKey } from "./iceberg-identity.js";
import { readFailures, writeProblems } from "./iceberg-write-schemas.js";
import { formatVersionFailure, formatVersionMessage } from "./iceberg-format-versions.js";

/** An Iceberg table an earlier job of the program declares, and whether that job writes it (an INSERT target). */
export interface ProgramIcebergTable {
  readonly job: string;
  readonly table: TableDefinition;
  readonly writes: boolean;
}

/** The declared columns, names and types as the user wrote them (Flink types), else as Iceberg fields. */
function declared(t: TableDefinition): [string, string][] {
  const cols = t.columns?.filter((c) => c.insertable && c.type !== undefined);
  if (cols !== undefined && cols.length > 0) return cols.map((c) => [c.name, c.type!.toString()]);
  return (t.iceberg!.schema as IcebergSchema).fields.map((f) => [f.name, typeof f.type === "string" ? f.type : f.type.type]);
}

/** The declared columns as a list: `(id BIGINT, kind STRING)`. */
function columnsText(t: TableDefinition): string {
  return `(${declared(t).map(([n, type]) => `${n} ${type}`).join(", ")})`;
}

/**
 * The two declarations of a read, the `failing` columns named first with their type on each side
 * (`id is INT here and BIGINT there`), then each side's other columns.
 */
function readColumnsText(here: TableDefinition, there: TableDefinition, failing: readonly string[]): string {
  const mine = declared(here);
  const theirs = declared(there);
  const typeIn = (cols: [string, string][], name: string): string => cols.find(([n]) => n === name)?.[1] ?? "not declared";
  const named = failing.map((c) => `${c} is ${typeIn(mine, c)} here and ${typeIn(theirs, c)} there`).join(", ");
  const rest = (cols: [string, string][]): string => {
    const others = cols.filter(([n]) => !failing.includes(n));
    return others.length === 0 ? "none" : `(${others.map(([n, type]) => `${n} ${type}`).join(", ")})`;
  };
  const restMine = rest(mine);
  const restTheirs = rest(theirs);
  return restMine === "none" && restTheirs === "none" ? named : `${named}; the other columns: ${restMine} here, ${restTheirs} there`;
}

const CREATES =
  "The job that starts first creates the table with its columns (the connector leaves an existing table as it is, whatever a later CREATE TABLE declares: iceberg FlinkDynamicTableFactory.createTableLoader)";
const WRITE_CHECK = "a sink checks its columns against the table's when its job starts (iceberg FlinkSink.toFlinkRowType: TypeUtil.validateWriteSchema, with nullability and order)";
const READ_CHECK =
  "A source reads its declared columns from the table's by name, in any order and any subset, with no type check: the readers widen a stored value only from int to BIGINT, float to DOUBLE or a decimal to more digits " +
  "and hand any other on as it is (iceberg IcebergSource.build: FlinkSchemaUtil.convert; FlinkParquetReaders)";
const WRITE_FIX = "Declare the columns once and pass the same array to both IcebergSinks, so both map to one Iceberg schema";
const READ_FIX = "Declare the source's columns as the sink's (the same array, or a part of it: a source may leave columns out and order them as it likes)";

/** How a write fails: the reassignIds message, or validateWriteSchema's with its problem lines. */
function writeFailure(problems: readonly string[]): string {
  return problems[0]!.startsWith("Field ") ? `fails as it starts (${problems.join("; ")})` : `fails as it starts ("Cannot write incompatible dataset to table with schema": ${problems.join("; ")})`;
}

/** How a read fails: a column the table lacks as it starts, a type it does not widen to on the first row it reads. */
function readFailure(problems: readonly string[]): string {
  return problems[0]!.startsWith("Field ") ? `fails as it starts (${problems.join("; ")})` : `fails on the first row it reads (${problems.join("; ")})`;
}

/**
 * Errors for the job's Iceberg tables (`tables`, the INSERT targets among them `sinks`) whose
 * columns an earlier job's declaration of the same table (`earlier(key)`) makes fail one of them.
 */
export function checkSharedIcebergTables(tables: readonly TableDefinition[], sinks: readonly TableDefinition[], earlier: ((key: string) => readonly ProgramIcebergTable[]) | undefined, diag: Diagnostics): void {
  if (earlier === undefined) return;
  for (const t of tables) {
    const key = icebergKey(t);
    // A failed table whose columns do not read (schema absent) is not compared.
    if (key === undefined || t.iceberg!.schema === undefined) continue;
    const mine = t.iceberg!.schema as IcebergSchema;
    const writes = sinks.includes(t);
    const name = `${t.iceberg!.database}.${t.iceberg!.table}`;
    for (const o of earlier(key)) {
      if (o.table === t || o.table.iceberg?.schema === undefined || (!writes && !o.writes)) continue;
      const theirs = o.table.iceberg.schema as IcebergSchema;
      const other = `${o.table.label} of FlinkSqlJob ${JSON.stringify(o.job)}`;
      const job = `FlinkSqlJob ${JSON.stringify(o.job)}`;
      if (writes && o.writes) {
        // An upsert sink and a v1 one: the v1 job creating the table fails the upsert job (iceberg-format-versions.ts).
        const format = formatVersionMessage(t, o.table, o.job, name);
        if (format !== undefined) diag.error("statements", format);
        const columns = `${columnsText(t)} here and ${columnsText(o.table)} there`;
        const ifTheirs = writeProblems(theirs, mine);
        const ifMine = writeProblems(mine, theirs);
        if (ifTheirs.length === 0 && ifMine.length === 0) continue;
        // A job that passes the column check may still fail on the format version of the table the other created.
        const passes = (creator: TableDefinition, writer: TableDefinition): string => {
          const failure = formatVersionFailure(creator, writer);
          return failure === undefined ? "passes that check" : `passes that check, then ${failure}`;
        };
        diag.error(
          "statements",
          `${t.label} and ${other} write the Iceberg table ${name} with different columns, ${columns}. ${CREATES}, and ${WRITE_CHECK}: ` +
            `if ${job} creates it, this job ${ifTheirs.length === 0 ? passes(o.table, t) : writeFailure(ifTheirs)}; if this job creates it, ${job} ${ifMine.length === 0 ? passes(t, o.table) : writeFailure(ifMine)}. ${WRITE_FIX}`,
        );
      } else if (writes) {
        const failures = readFailures(mine, theirs);
        if (failures.length === 0) continue;
        const problems = failures.flatMap((f) => f.problems);
        const both = readColumnsText(t, o.table, failures.map((f) => f.column));
        diag.error(
          "statements",
          `${t.label} writes the Iceberg table ${name}, which ${other} reads with columns this sink does not declare so: ${both}. ${READ_CHECK}: ` +
            `once this sink has created the table, ${job} ${readFailure(problems)}. ${READ_FIX}`,
        );
      } else {
        const failures = readFailures(theirs, mine);
        if (failures.length === 0) continue;
        const problems = failures.flatMap((f) => f.problems);
        const both = readColumnsText(t, o.table, failures.map((f) => f.column));
        diag.error(
          "statements",
          `${t.label} reads the Iceberg table ${name}, which ${other} writes, with columns that sink does not declare so: ${both}. ${READ_CHECK}: ` +
            `once that sink has created the table, this job ${readFailure(problems)}. ${READ_FIX}`,
        );
      }
    }
  }
}
