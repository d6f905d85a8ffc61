/**
 * Values of the catalog and FileIO properties (`catalog.properties`) that Iceberg parses, by exact
 * key as it reads them (apache/iceberg `core/.../util/PropertyUtil.java`):
 * - booleans: `propertyAsBoolean` is `Boolean.parseBoolean(value)`, true only for "true" in any
 *   case, untrimmed, and false for anything else, silently (`" true"`, `"ture"`, `"yes"`, `"1"`);
 *   HiveCatalog reads `list-all-tables` with `Boolean.parseBoolean` as well. A value meant as true
 *   (or one that reads as neither) is an error: the setting is silently off (against MinIO,
 *   `s3.path-style-access` "ture" means virtual-host addressing). A value meant as false is read as
 *   false all the same: a warning with the spelling to write.
 * - ints and longs: `propertyAsInt` / `propertyAsLong` are `Integer.parseInt` / `Long.parseLong`,
 *   untrimmed; a value they cannot parse throws NumberFormatException when the catalog or its FileIO
 *   loads, and a bound the reader checks throws IllegalArgumentException: an error. `s3.multipart.threshold`
 *   is `Double.parseDouble` (which trims), at least 1.0.
 *
 * The keys and their readers (each verified in apache/iceberg):
 * - `aws/.../s3/S3FileIOProperties.java` (the S3FileIOProperties(Map) constructor, run by
 *   S3FileIO.initialize);
 * - `flink/.../FlinkCatalogFactory.java` createCatalog (cache-enabled; cache.expiration-interval-ms is
 *   catalog.ts cacheExpirationProblem's), which the Flink connector runs for every table
 *   (FlinkDynamicTableFactory.createTableLoader);
 * - `aws/.../AwsProperties.java` (glue.*; GlueCatalog.initialize);
 * - `core/.../rest/RESTSessionCatalog.java` initialize (rest-metrics-reporting-enabled,
 *   token-refresh-enabled), `core/.../rest/auth/AuthConfig.java` fromProperties (token-exchange-enabled);
 * - `hive-metastore/.../HiveCatalog.java` initialize (list-all-tables).
 *
 * Read by the table's checks at preview only (no deploy provider imports it).
 */
import { isJavaDecimal, isJavaWholeNumber } from "../validation/java-number.js";
import { BOOLEAN_WORDS } from "./flink-option-values.js";

const S3 = "S3FileIO (S3FileIOProperties)";
const REST = "the REST catalog (RESTSessionCatalog.initialize)";

/** Boolean keys → the class that reads them. */
const BOOLEANS: Readonly<Record<string, string>> = {
  "s3.path-style-access": S3,
  "s3.use-arn-region-enabled": S3,
  "s3.acceleration-enabled": S3,
  "s3.dualstack-enabled": S3,
  "s3.cross-region-access-enabled": S3,
  "s3.checksum-enabled": S3,
  "s3.write.table-tag-enabled": S3,
  "s3.write.namespace-tag-enabled": S3,
  "s3.delete-enabled": S3,
  "s3.preload-client-enabled": S3,
  "s3.remote-signing-enabled": S3,
  "s3.access-grants.enabled": S3,
  "s3.access-grants.fallback-to-iam": S3,
  "s3.directory-bucket.list-prefix-as-directory": S3,
  "s3.analytics-accelerator.enabled": S3,
  "s3.crt.enabled": S3,
  "cache-enabled": "Iceberg's Flink catalog (FlinkCatalogFactory.createCatalog)",
  "glue.skip-archive": "the Glue catalog (AwsProperties)",
  "glue.skip-name-validation": "the Glue catalog (AwsProperties)",
  "glue.lakeformation-enabled": "the Glue catalog (AwsProperties, GlueCatalog.initialize)",
  "rest-metrics-reporting-enabled": REST,
  "token-refresh-enabled": REST,
  "token-exchange-enabled": "the REST catalog (AuthConfig.fromProperties)",
  "list-all-tables": "the Hive catalog (HiveCatalog.initialize)",
};

/** A whole-number key: Java int or long, the bounds its reader checks, and that reader. */
interface WholeNumber {
  readonly bits: 32 | 64;
  readonly min?: number;
  readonly max?: number;
  /** The reader's message for a value out of bounds. */
  readonly bound?: string;
  readonly reader: string;
}

const WHOLE_NUMBERS: Readonly<Record<string, WholeNumber>> = {
  "s3.multipart.num-threads": { bits: 32, reader: S3 },
  "s3.read.num-threads": { bits: 32, reader: S3 },
  "s3.multipart.part-size-bytes": { bits: 32, min: 5 * 1024 * 1024, bound: '"Minimum multipart upload object size must be larger than 5 MB."', reader: S3 },
  "s3.delete.batch-size": { bits: 32, min: 1, max: 1000, bound: '"Deletion batch size must be between 1 and 1000"', reader: S3 },
  "s3.delete.num-threads": { bits: 32, reader: S3 },
  "s3.retry.num-retries": { bits: 32, reader: S3 },
  "s3.retry.min-wait-ms": { bits: 64, reader: S3 },
  "s3.retry.max-wait-ms": { bits: 64, reader: S3 },
  "s3.crt.max-concurrency": { bits: 32, reader: S3 },
};

const PARSE_BOOLEAN = 'Boolean.parseBoolean: "true" in any case is true, anything else false, without trimming';
/** Keys read with Boolean.parseBoolean itself rather than PropertyUtil.propertyAsBoolean (which calls it). */
const PARSED_DIRECTLY: ReadonlySet<string> = new Set(["list-all-tables"]);
const FAILS = "so the catalog fails to load when the job starts";

/** Whether `a` is one typo from `b` (one character added, dropped, replaced, or two neighbours swapped). */
function oneTypoFrom(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
    return diff.length <= 1 || (diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!]);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** What a value that is not exactly "true"/"false" (any case) was meant as: true, false, or unknown. */
function meant(value: string): "true" | "false" | undefined {
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "false") return v;
  const word = BOOLEAN_WORDS[v];
  if (word !== undefined) return word === "true" ? "true" : "false";
  if (oneTypoFrom(v, "true")) return "true";
  if (oneTypoFrom(v, "false")) return "false";
  return undefined;
}

/**
 * The problem with `value` for the catalog property `key` (see the module comment): `{ error }` or
 * `{ warning }`, else undefined (a valid value, or a key whose value is not checked here).
 */
export function catalogPropertyValueProblem(key: string, value: string): { error?: string; warning?: string } | undefined {
  if (typeof value !== "string") return undefined;
  const shown = JSON.stringify(value);
  // Own keys only: catalog.properties may hold any key, `toString` too.
  const bool = Object.hasOwn(BOOLEANS, key) ? BOOLEANS[key] : undefined;
  if (bool !== undefined) {
    if (/^(true|false)$/i.test(value)) return undefined;
    const reads = `${bool} reads ${key} with ${PARSED_DIRECTLY.has(key) ? PARSE_BOOLEAN : `PropertyUtil.propertyAsBoolean (${PARSE_BOOLEAN})`}`;
    const m = meant(value);
    if (m === "false") return { warning: `${shown} is read as false, as it seems meant: ${reads}; write "false"` };
    return { error: `${shown} is read as false${m === "true" ? ", not true" : ""}: ${reads}, so the setting is off; write ${m === "true" ? '"true"' : '"true" or "false"'}` };
  }
  const whole = Object.hasOwn(WHOLE_NUMBERS, key) ? WHOLE_NUMBERS[key] : undefined;
  if (whole !== undefined) {
    const parse = whole.bits === 32 ? "PropertyUtil.propertyAsInt: Integer.parseInt" : "PropertyUtil.propertyAsLong: Long.parseLong";
    if (/^[+-]?[0-9]+$/.test(value) && !isJavaWholeNumber(value, whole.bits)) {
      return { error: `${shown} is beyond a Java ${whole.bits === 32 ? "int" : "long"}, which ${whole.reader} reads ${key} as (${parse}), ${FAILS}; write a smaller number` };
    }
    if (!isJavaWholeNumber(value, whole.bits)) {
      const trimmed = value.trim().replace(/[,_]/g, "");
      const write = isJavaWholeNumber(trimmed, whole.bits) ? JSON.stringify(trimmed) : "a whole number";
      return { error: `${shown} is not a whole number ${whole.reader} reads for ${key} (${parse}, digits with an optional sign, without trimming), ${FAILS}; write ${write}` };
    }
    const n = BigInt(value);
    if ((whole.min !== undefined && n < BigInt(whole.min)) || (whole.max !== undefined && n > BigInt(whole.max))) {
      const range = whole.max !== undefined ? `from ${whole.min} to ${whole.max}` : `${whole.min} or more`;
      return { error: `${shown} is out of the range ${whole.reader} takes for ${key} (${whole.bound}), ${FAILS}; write ${range}` };
    }
    return undefined;
  }
  // A hexadecimal double (0x1.8p0) is not judged against the bound.
  const factor = Number(value.trim().replace(/[fFdD]$/, ""));
  if (key === "s3.multipart.threshold" && !(isJavaDecimal(value) && (/x/i.test(value) || factor >= 1))) {
    return {
      error: `${shown} is not a factor ${S3} takes for ${key} (PropertyUtil.propertyAsDouble: Double.parseDouble, then "Multipart threshold factor must be >= to 1.0"), ${FAILS}; write a number of 1.0 or more, e.g. "1.5" (the default)`,
    };
  }
  return undefined;
}
