/**
 * An IcebergSink's write distribution mode as the sink reads it, and the rule hash distribution
 * puts on a keyed sink's partition columns (iceberg flink/.../FlinkWriteConf.java, FlinkSink.java).
 */
import { TABLE_PROPERTY_PREFIXES } from "./table-property-prefixes.js";

/**
 * Where the write distribution mode comes from, strongest first: the write option
 * `distribution-mode` (iceberg flink/.../FlinkWriteConf.java), else the table property
 * `write.distribution-mode`, which a catalog's `table-override.` property replaces and its
 * `table-default.` property only fills in when the table is created (iceberg
 * `BaseMetastoreCatalog` / `RESTSessionCatalog` table builders: defaults, then the table's own
 * properties, then overrides).
 */
const DISTRIBUTION_KEYS = ["distribution-mode", ...TABLE_PROPERTY_PREFIXES.map((p) => `${p}write.distribution-mode`)];

/** The key that makes the write distribution mode hash in `options` (DISTRIBUTION_KEYS), or undefined. */
export function hashDistributionKey(options: Readonly<Record<string, string>>): string | undefined {
  const key = DISTRIBUTION_KEYS.find((k) => options[k] !== undefined);
  return key !== undefined && options[key]!.trim().toLowerCase() === "hash" ? key : undefined;
}

/**
 * `distribution-mode` hash with a primary key (equality fields) needs every partition source column
 * in the key, or the runtime fails ("In 'hash' distribution mode with equality fields set, source
 * column ... should be included in equality fields"; iceberg flink/.../sink/FlinkSink.java
 * `distributeDataStream`). The message for this sink, or undefined when its columns meet the rule
 * (upsert mode has the same rule, checked by renderSinkWrite).
 */
export function hashDistributionProblem(keys: readonly string[], partitionedBy: readonly string[], upsert: boolean): string | undefined {
  if (upsert || keys.length === 0) return undefined;
  const outside = partitionedBy.filter((c) => !keys.includes(c));
  if (outside.length === 0) return undefined;
  return (
    `hash distribution with a primaryKey (${keys.join(", ")}) needs every partition column in the key, and ${outside.map((c) => JSON.stringify(c)).join(", ")} ${outside.length === 1 ? "is" : "are"} not ` +
    "(the runtime fails with 'In 'hash' distribution mode with equality fields set, source column ... should be included in equality fields'); add them to primaryKey only if their values never change for a row, or use another distribution mode"
  );
}
