/**
 * A FlinkTable's connector and format identifiers ('connector', 'format', 'key.format',
 * 'value.format') one typo away from a known one ('kafak', 'jsn'). Flink finds the factory by its
 * identifier among the jars on the classpath (flink FactoryUtil.discoverFactory) and fails the job
 * when none has it ("Could not find any factory for identifier 'jsn' that implements
 * 'org.apache.flink.table.factories.DeserializationFormatFactory' in the classpath"). A jar of the
 * user's own may provide any identifier, so a near miss is a warning, not an error; an identifier
 * that differs from a known one only in letter case is left alone (this package reads connectors
 * in any case, and newer Flink versions match identifiers ignoring case).
 */
import type { Diagnostics } from "../validation/diagnostics.js";
import { closestKey } from "../validation/known-keys.js";
import { FORMAT_IDENTIFIERS } from "./format-options.js";

/** Formats of Flink 1.19–2.x (the ones format-options.ts checks), and Flink CDC's 'changelog-json'. */
const KNOWN_FORMATS: readonly string[] = [...FORMAT_IDENTIFIERS, "changelog-json"];

/**
 * Connectors of Flink 1.19–2.x (built in: datagen, print, blackhole, filesystem; the externalized
 * connector repositories: kafka, upsert-kafka, jdbc, elasticsearch, opensearch, hbase, kinesis,
 * firehose, dynamodb, pulsar, rabbitmq, mongodb, hive, prometheus), Flink CDC's sources, and
 * common third-party table connectors.
 */
const KNOWN_CONNECTORS: readonly string[] = [
  "kafka", "upsert-kafka", "datagen", "print", "blackhole", "filesystem", "jdbc", "elasticsearch-6", "elasticsearch-7",
  "elasticsearch-8", "opensearch", "opensearch-2", "hbase-1.4", "hbase-2.2", "kinesis", "firehose", "dynamodb", "pulsar",
  "upsert-pulsar", "rabbitmq", "mongodb", "hive", "prometheus", "iceberg", "paimon", "hudi", "fluss", "doris", "starrocks",
  "clickhouse", "redis", "faker", "socket", "values", "mysql-cdc", "postgres-cdc", "oracle-cdc", "sqlserver-cdc",
  "mongodb-cdc", "tidb-cdc", "db2-cdc", "oceanbase-cdc", "vitess-cdc",
];

/** The known identifier `value` misspells, when it is no known one (in any case) and one is within typo reach. */
function nearMiss(value: string, known: readonly string[]): string | undefined {
  const v = value.trim();
  if (v === "" || known.includes(v.toLowerCase())) return undefined;
  return closestKey(v, known);
}

/** Warns of a plain connector or format identifier that is a near miss of a known one (see the module comment). */
export function checkFactoryIdentifiers(options: Readonly<Record<string, string>>, diag: Diagnostics): void {
  const connector = options["connector"];
  const nearConnector = connector === undefined ? undefined : nearMiss(connector, KNOWN_CONNECTORS);
  if (connector !== undefined && nearConnector !== undefined) {
    diag.warn(
      "options[\"connector\"]",
      `${JSON.stringify(connector)} is no connector of Flink or of its common connector jars; did you mean ${JSON.stringify(nearConnector)}? ` +
        `Unless a jar of yours provides '${connector.trim()}', Flink fails the job ("Could not find any factory for identifier '${connector.trim()}' that implements ...", flink FactoryUtil.discoverFactory)`,
    );
  }
  for (const key of ["format", "key.format", "value.format"]) {
    const format = options[key];
    const near = format === undefined ? undefined : nearMiss(format, KNOWN_FORMATS);
    if (format === undefined || near === undefined) continue;
    diag.warn(
      `options[${JSON.stringify(key)}]`,
      `${JSON.stringify(format)} is no format of Flink 1.19–2.x; did you mean ${JSON.stringify(near)}? ` +
        `Unless a format jar of yours provides '${format.trim()}', Flink fails the job ("Could not find any factory for identifier '${format.trim()}' that implements ...", flink FactoryUtil.discoverFactory)`,
    );
  }
}
