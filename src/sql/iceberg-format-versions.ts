/**
 * One Iceberg table written by two jobs of the program, one an upsert sink and the other a sink
 * declared with formatVersion 1 (new-user trial: a v1 backfill and a v2 upsert sink of one table).
 * The job that starts first creates the table with its `format-version` (iceberg
 * FlinkDynamicTableFactory.createTableLoader creates only a missing table; `format-version` is read
 * at creation and is no stored property: core TableMetadata, TableProperties.RESERVED_PROPERTIES).
 * An upsert sink writes an equality delete for each row, insert, update and delete alike
 * (flink/.../sink/BaseDeltaTaskWriter.java), and a v1 table holds no delete files (the two messages
 * it fails with, by Iceberg release: iceberg/v1-delete-files.ts), so where the v1 sink's job creates
 * the table, the upsert job fails at its first commit of rows; the other order works (a v2 table takes the v1 sink's
 * appends). An error, told to the later job (shared-iceberg-tables.ts runs it for each pair of
 * writers). Keyed sinks without upsert on v1: their own resource warning (sink-options.ts).
 */
import type { TableDefinition } from "../components/table-definition.js";
import { V1_DELETE_FILE_ERRORS } from "../iceberg/v1-delete-files.js";

/**
 * How the upsert sink `writer` fails when the job of `creator` creates the table with its format
 * version, after "this job" / "FlinkSqlJob ..."; undefined when it does not fail so.
 */
export function formatVersionFailure(creator: TableDefinition, writer: TableDefinition): string | undefined {
  const version = creator.iceberg?.formatVersion;
  if (writer.iceberg?.upsert !== true || version === undefined || version >= 2 || creator.iceberg?.upsert !== false) return undefined;
  return `fails at its first commit of rows: each row it upserts, an insert, update or delete alike, writes an equality delete, which a format-version ${version} table cannot hold (${V1_DELETE_FILE_ERRORS})`;
}

/**
 * The error for the sinks `here` (this job's) and `there` (of FlinkSqlJob `job`) of the Iceberg
 * table `name`, when one is an upsert sink and the other creates the table as format-version 1;
 * undefined otherwise.
 */
export function formatVersionMessage(here: TableDefinition, there: TableDefinition, job: string, name: string): string | undefined {
  const ifTheirs = formatVersionFailure(there, here);
  const ifMine = formatVersionFailure(here, there);
  if (ifTheirs === undefined && ifMine === undefined) return undefined;
  const other = `${there.label} of FlinkSqlJob ${JSON.stringify(job)}`;
  const jobName = `FlinkSqlJob ${JSON.stringify(job)}`;
  const [v1, upsert, order] = ifTheirs !== undefined ? [there, here, `if ${jobName} creates it, this job ${ifTheirs}`] : [here, there, `if this job creates it, ${jobName} ${ifMine!}`];
  return (
    `${here.label} and ${other} write the Iceberg table ${name} with different format versions, ${here.iceberg!.formatVersion} here and ${there.iceberg!.formatVersion} there, and ${upsert.label} upserts. ` +
    "The job that starts first creates the table with its formatVersion (the connector leaves an existing table as it is: iceberg FlinkDynamicTableFactory.createTableLoader): " +
    `${order}; in the other order both jobs write (a format-version ${upsert.iceberg!.formatVersion} table takes the appends of ${v1.label}). Give ${v1.label} formatVersion ${upsert.iceberg!.formatVersion === 2 ? "2 (or leave it unset: 2 is the default)" : upsert.iceberg!.formatVersion}`
  );
}
