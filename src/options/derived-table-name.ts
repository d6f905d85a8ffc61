/** The Flink table name a table gets from its resource name when `tableName` is unset. */

/** The Flink table name derived from a resource name: characters outside [A-Za-z0-9_] become `_`. */
export function deriveTableName(resourceName: string): string {
  return resourceName.replace(/[^A-Za-z0-9_]/g, "_");
}
