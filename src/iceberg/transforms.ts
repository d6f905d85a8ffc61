/**
 * Iceberg partition transforms written where Flink takes a column name. Flink SQL's
 * `PARTITIONED BY (...)` names columns only, and Iceberg's Flink integration turns each into an
 * identity partition (iceberg `flink/v2.1/flink/src/main/java/org/apache/iceberg/flink/FlinkCatalog.java`
 * `toPartitionSpec`): a transform such as `days(ts)` or `bucket(16, id)` (Spark SQL's DDL, Iceberg's
 * `PartitionSpec` JSON `bucket[16]`) cannot be declared from Flink. A table that already has such a
 * spec is written with it: the connector only creates a table that does not exist (iceberg
 * `flink/.../FlinkDynamicTableFactory.java` `createTableLoader`) and the writer partitions by the
 * loaded table's spec.
 */

/** Spelling of a transform in Spark SQL DDL / Iceberg spec JSON → the Iceberg transform. */
const TRANSFORMS: Readonly<Record<string, string>> = {
  identity: "identity",
  year: "year",
  years: "year",
  month: "month",
  months: "month",
  day: "day",
  days: "day",
  date: "day",
  hour: "hour",
  hours: "hour",
  date_hour: "hour",
  bucket: "bucket",
  truncate: "truncate",
  void: "void",
};

/** `name(args)` or `name[width](args)` / `name[width]`. */
const TRANSFORM_SYNTAX = /^\s*([A-Za-z_]+)\s*(?:\[\s*\d+\s*\])?\s*(?:\((.*)\))?\s*$/s;

/** The column an Iceberg time transform of `column` becomes in Flink, and the expression that fills it. */
function derivedColumn(transform: string, column: string): string | undefined {
  switch (transform) {
    case "year":
      return `\`${column}_year\` INT filled with YEAR(\`${column}\`)`;
    case "month":
      return `\`${column}_month\` STRING filled with DATE_FORMAT(\`${column}\`, 'yyyy-MM')`;
    case "day":
      return `\`${column}_day\` DATE filled with CAST(\`${column}\` AS DATE)`;
    case "hour":
      return `\`${column}_hour\` STRING filled with DATE_FORMAT(\`${column}\`, 'yyyy-MM-dd-HH')`;
    default:
      return undefined;
  }
}

/**
 * The message for a partitionedBy entry `entry` that is an Iceberg partition transform (and no
 * column of the table), or undefined when it is not one. `columns` are the table's column names;
 * the transform's column is the argument that names one of them. Cases: `identity(c)` says to
 * write `c`; a time transform (`years`/`months`/`days`/`hours`, `year`.., `date`, `date_hour`) says
 * to partition by a column the INSERT fills, or to create the table with the transform outside
 * Flink; `bucket`, `truncate` and `void` say the latter.
 */
export function partitionTransformProblem(entry: string, columns: readonly string[]): string | undefined {
  const m = TRANSFORM_SYNTAX.exec(entry);
  if (m === null || (m[2] === undefined && !entry.includes("["))) return undefined;
  const transform = TRANSFORMS[m[1]!.toLowerCase()];
  if (transform === undefined) return undefined;
  const args = (m[2] ?? "").split(",").map((a) => a.trim().replace(/^`(.*)`$/s, "$1"));
  const column = args.find((a) => columns.includes(a));
  if (transform === "identity" && column !== undefined) {
    return `${entry}: partitionedBy takes column names (every partition Flink declares is an identity partition); write ${JSON.stringify(column)}`;
  }
  const of = column ?? "the column";
  const derived = column === undefined ? undefined : derivedColumn(transform, column);
  const outside =
    `create the table with ${entry.trim()} outside Flink (e.g. Spark SQL ALTER TABLE ... ADD PARTITION FIELD, or the catalog's API) and leave it out of partitionedBy: ` +
    "the connector writes an existing table with that table's partition spec";
  return (
    `${entry}: an Iceberg partition transform (${transform} of ${of}), which Flink SQL cannot declare: PARTITIONED BY takes column names and Iceberg makes each an identity partition. ` +
    (derived !== undefined ? `Partition by a column the INSERT fills instead (e.g. add ${derived} and list it here), or ${outside}` : `Instead, ${outside}`)
  );
}
