/**
 * An unknown top-level arg of an IcebergSource / IcebergSink that names a connector option in
 * camelCase, snake_case or kebab-case (`monitorInterval`, `tag`, `write_parallelism`): the option
 * belongs in the table's `extraOptions` under its own key (the connector reads options by exact key:
 * iceberg `flink/.../FlinkConfParser.java`, read options `FlinkReadOptions.java`, write options
 * `FlinkWriteOptions.java`, table properties `core/.../TableProperties.java`), or, when a modeled
 * arg covers it (extra-options.ts COVERED), in that arg.
 */
import { hasNoUnit } from "./duration.js";
import { coveredOptionSpelledAs, type TableKind } from "./extra-options.js";
import { icebergOptionSpelledAs, isDurationOption, OPTION_SIDE } from "./known-iceberg-options.js";

/**
 * The value as an extraOptions entry would hold it (a string), for the example; "..." for anything
 * else. A bare number for a Duration option gets a unit ("10" alone is 10 ms to Flink, which the
 * package's own duration check then warns about), seconds as the likeliest meaning, and says so.
 */
function exampleEntry(option: string, value: unknown): string {
  const bare = typeof value === "number" || typeof value === "bigint" || (typeof value === "string" && hasNoUnit(value));
  if (bare && isDurationOption(option)) {
    return `extraOptions: { ${JSON.stringify(option)}: ${JSON.stringify(`${String(value).trim()}s`)} } (a duration: with its unit, here seconds; a number alone is milliseconds)`;
  }
  const shown = typeof value === "string" ? JSON.stringify(value) : typeof value === "number" || typeof value === "boolean" || typeof value === "bigint" ? JSON.stringify(String(value)) : '"..."';
  return `extraOptions: { ${JSON.stringify(option)}: ${shown} }`;
}

/**
 * What to write instead of the unknown arg `key` (given `value`) of a `kind` table, when it names a
 * connector option (see the file comment); undefined when it names none. The message follows
 * `unknown arg "key": `.
 */
export function optionArgAdvice(key: string, value: unknown, kind: TableKind): string | undefined {
  const covered = coveredOptionSpelledAs(key);
  if (covered !== undefined) {
    return covered.kind === undefined || covered.kind === kind
      ? `${JSON.stringify(covered.key)} is a connector option this table's own args decide; ${covered.instead}`
      : `${JSON.stringify(covered.key)} is a ${covered.kind === "IcebergSink" ? "write" : "read"} option of an ${covered.kind}, which an ${kind} never uses; declare an ${covered.kind} and ${covered.instead}`;
  }
  const option = icebergOptionSpelledAs(key);
  if (option === undefined) return undefined;
  const side = OPTION_SIDE.get(option);
  const entry = exampleEntry(option, value);
  if (side === "write" && kind === "IcebergSource") {
    return `${JSON.stringify(option)} is an Iceberg write option (iceberg FlinkWriteOptions), which an IcebergSource never reads; set it on the IcebergSink that writes the table, as ${entry}`;
  }
  if ((side === "read" || side === "streaming") && kind === "IcebergSink") {
    return `${JSON.stringify(option)} is an Iceberg read option (iceberg FlinkReadOptions), which an IcebergSink never reads; set it on an IcebergSource that reads the table, as ${entry}`;
  }
  const what =
    side === "write"
      ? "an Iceberg write option (iceberg FlinkWriteOptions)"
      : side === "read"
        ? "an Iceberg read option (iceberg FlinkReadOptions)"
        : side === "streaming"
          ? "an Iceberg read option of a streaming read (iceberg FlinkReadOptions; with streaming: true)"
          : option === "branch"
            ? "an Iceberg read and write option (iceberg FlinkReadOptions, FlinkWriteOptions)"
            : "an Iceberg connector option or table property";
  return `${JSON.stringify(option)} is ${what}, which the table takes in extraOptions under its own key; write ${entry}`;
}
