/**
 * Checks of the free-form maps that go into an Iceberg connector table's WITH clause
 * (`extraOptions` and `catalog.properties`): a key the product renders itself or that a modeled
 * arg covers (with the runtime's aliases: write options override table properties, facts §1.3), a
 * read option the runtime rejects on a streaming read (iceberg `flink/.../source/ScanContext.java`
 * `validate`), and a key that carries a credential (SPEC decision 8).
 */
import { isJavaWholeNumber } from "../validation/java-number.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import { credentialEntryProblem, type CredentialTarget, isCredentialKey, lands } from "../validation/secrets.js";
import { jdbcCatalogMessage } from "../validation/jdbc-credentials.js";
import { icebergOptionValueProblem, nearIcebergOption, OPTION_SIDE } from "./known-iceberg-options.js";
import { catalogPropertyValueProblem } from "./catalog-property-values.js";
import { catalogPropertyTypoWarning, nearCatalogProperty } from "./known-catalog-properties.js";
import { CACHE_EXPIRATION_KEY, cacheExpirationProblem } from "./catalog.js";
import { timestampProblem } from "./starting-strategy.js";
import { memoizedKeyFacts } from "../validation/key-facts-memo.js";
import { sparkReadOptionWarning } from "./spark-read-options.js";
import { CATALOG_TABLE_PREFIXES, catalogTablePrefix } from "./table-property-prefixes.js";
import { HINTED_SNAPSHOT_IN_RANGE, hintedSnapshotWithTime, SECOND_SOURCE } from "./hint-snapshot-id.js";

export type TableKind = "IcebergSource" | "IcebergSink";

interface Covered {
  /** What to write instead. */
  readonly instead: string;
  /** Only covered on this kind (the other kind gets a different message). */
  readonly kind?: TableKind;
}

const common = (instead: string): Covered => ({ instead });
const source = (instead: string): Covered => ({ instead, kind: "IcebergSource" });
const sink = (instead: string): Covered => ({ instead, kind: "IcebergSink" });

/** Keys (lower case) the product renders or a modeled arg covers. */
const COVERED: ReadonlyMap<string, Covered> = new Map<string, Covered>([
  ["connector", common("the product renders 'connector' = 'iceberg' itself")],
  ["uri", common("set catalog.uri")],
  ["warehouse", common("set catalog.warehouse")],
  ["format-version", common("set formatVersion (1, 2 or 3; always rendered)")],
  ["streaming", source("set streaming")],
  ["starting-strategy", source("set streaming: true with startSnapshotId, or, on a streaming read without snapshot ids, extraOptions[\"starting-strategy\"] under that exact key")],
  ["snapshot-id", source("set streaming: true with endSnapshotId (and no startSnapshotId) to read the table as of a snapshot")],
  ["start-snapshot-id", source("set startSnapshotId")],
  ["end-snapshot-id", source("set endSnapshotId")],
  ["start-snapshot-timestamp", source("set it as extraOptions[\"start-snapshot-timestamp\"] (exact key) with extraOptions[\"starting-strategy\"] = \"INCREMENTAL_FROM_SNAPSHOT_TIMESTAMP\" on a streaming read without snapshot ids")],
  ["split-size", source("set splitSize")],
  ["read.split.target-size", source("set splitSize")],
  ["table.exec.iceberg.use-flip27-source", source("nothing: it is a job-level setting that FlinkSqlJob sets to true for every job with an Iceberg source (the FLIP-27 source, which reads snapshot ids as the package renders them), not a table option")],
  ["write-format", sink("set writeFormat")],
  ["write.format.default", sink("set writeFormat")],
  ["target-file-size-bytes", sink("set targetFileSizeBytes")],
  ["write.target-file-size-bytes", sink("set targetFileSizeBytes")],
  ["compression-codec", sink("set compressionCodec")],
  ["write.parquet.compression-codec", sink("set compressionCodec (with writeFormat)")],
  ["write.orc.compression-codec", sink("set compressionCodec (with writeFormat)")],
  ["write.avro.compression-codec", sink("set compressionCodec (with writeFormat)")],
  [
    "overwrite-enabled",
    sink(
      "write INSERT OVERWRITE in a batch job instead: as a table option every commit of a streaming job would replace the partitions it writes (data loss; the WITH option wins over the statement, iceberg flink/.../IcebergTableSink.java), and the runtime refuses it with upsert",
    ),
  ],
  ["upsert-enabled", sink("set upsertEnabled")],
  ["write.upsert.enabled", sink("set upsertEnabled")],
  ["commit.interval", sink("set commitInterval; it becomes the job's checkpoint interval, never a WITH option (Iceberg commits on checkpoints)")],
  ["commit-interval", sink("set commitInterval; it becomes the job's checkpoint interval, never a WITH option (Iceberg commits on checkpoints)")],
  ["execution.checkpointing.interval", sink("set commitInterval on the sink, or execution.checkpointing.interval in the job's configuration")],
]);

/**
 * Read table properties a Flink read never reads, with the read option to set instead: through
 * Iceberg 1.11 the session options connector.iceberg.split-lookback / split-file-open-cost declare
 * defaults, and FlinkConfParser.parse takes the session value before the table property (iceberg
 * flink/.../FlinkReadOptions.java, FlinkReadConf.java).
 */
const MASKED_READ_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ["read.split.planning-lookback", "split-lookback"],
  ["read.split.open-file-cost", "split-file-open-cost"],
]);

/**
 * Flink's generic connector options (flink FactoryUtil SINK_PARALLELISM) that the Iceberg connector
 * never reads, with the Iceberg option that does the job: its sink sizes its writers by
 * `write-parallelism` (iceberg FlinkWriteOptions WRITE_PARALLELISM, read by FlinkWriteConf;
 * IcebergTableSink, FlinkSink, IcebergSink in the Flink 1.19–2.1 runtimes), and the connector keeps an
 * unread key only as a table property when it creates the table.
 */
const GENERIC_FLINK_OPTIONS: ReadonlyMap<string, { readonly iceberg: string; readonly what: string }> = new Map([["sink.parallelism", { iceberg: "write-parallelism", what: "a sink's parallelism" }]]);

/** The warning for Flink's generic option `key` (GENERIC_FLINK_OPTIONS) in an Iceberg table's map, or undefined. */
function genericFlinkOption(arg: string, key: string, map: Readonly<Record<string, string>>, kind: TableKind, hint: boolean): string | undefined {
  const generic = GENERIC_FLINK_OPTIONS.get(key);
  if (generic === undefined) return undefined;
  const lead = `${JSON.stringify(key)} is Flink's generic option for ${generic.what}, which the Iceberg connector does not read (the connector keeps it only as a table property when it creates the table)`;
  if (kind === "IcebergSource") return `${lead}, and a source writes nothing; remove it (a source's readers take "scan.parallelism")`;
  const target = mapPath(arg, generic.iceberg);
  const value = /^[1-9][0-9]*$/.test(map[key]!.trim()) ? map[key]!.trim() : "4";
  return (
    `${lead}: the sink sizes its writers by ${JSON.stringify(generic.iceberg)} (iceberg FlinkWriteOptions WRITE_PARALLELISM), so they run at the job's parallelism; ` +
    (map[generic.iceberg] !== undefined
      ? `remove it (${hint ? `the hint sets '${generic.iceberg}'` : `${target} is set`})`
      : hint
        ? `write '${generic.iceberg}' = '${value}' in the hint instead`
        : `write ${target} = ${JSON.stringify(value)} instead`)
  );
}

/** Read options the runtime rejects on a streaming (unbounded) read (iceberg ScanContext.validate: "Cannot set snapshot-id option for streaming reader" ...). */
const STREAMING_REJECTED = ["tag", "end-tag", "as-of-timestamp", "snapshot-id"] as const;
/** Read options that cannot be combined with snapshot ids the product renders. */
const ID_CONFLICTS = ["tag", "as-of-timestamp", "start-tag", "end-tag"] as const;

/** What the checks need to know about the table. */
export interface FreeFormContext {
  readonly kind: TableKind;
  /** Source: the rendered read is a streaming (unbounded) read. */
  readonly streamingRead: boolean;
  /** Source: snapshot ids are rendered (snapshot-id or start/end ids). */
  readonly pinnedBySnapshotIds: boolean;
  /** Source: a start-snapshot-id is rendered, so a bounded read is an incremental read of the appends after it (hint-snapshot-id.ts). */
  readonly appendRange?: boolean;
  /**
   * The map also holds catalog settings (catalog.properties: io-impl, s3.*, client.*): only its keys
   * shaped like table properties (write.*, read.*, commit.*, history.*, or behind table-default. /
   * table-override.) are spell- and value-checked. Unset: every key is (extraOptions, OPTIONS hints).
   */
  readonly catalogSettings?: boolean;
  /** The deploy target of the job the map belongs to (an OPTIONS hint's job), for credential advice; unset: advice for both. */
  readonly credentialTarget?: CredentialTarget;
  /**
   * The table's catalog resolves `env:NAME` values from the environment (a REST catalog: iceberg
   * RESTSessionCatalog.initialize → EnvironmentUtil.resolveAll), so such a value is a reference to
   * a variable of the Flink pods, not a credential.
   */
  readonly envReferences?: boolean;
  /** The table's catalog is Iceberg's JdbcCatalog, which resolves no env:NAME: its jdbc.* credentials get the driver's own routes (jdbc-credentials.ts). */
  readonly jdbcCatalog?: boolean;
  /** Keys another check already took care of (a source's own starting strategy: starting-strategy.ts). */
  readonly handledKeys?: readonly string[];
  /**
   * The map is a statement's OPTIONS hint: the tuning options that change nothing the plan relies on
   * (HINT_TUNING) may override the table's own arg for that statement.
   */
  readonly hint?: boolean;
}

/**
 * Per-statement tuning a hint may set over the table's arg: read split size (iceberg FlinkReadOptions
 * SPLIT_SIZE) and written file size (FlinkWriteOptions TARGET_FILE_SIZE_BYTES), both parsed as a
 * Long by the runtime (FlinkConfParser.longConf): whole bytes, no unit.
 */
const HINT_TUNING: ReadonlyMap<string, TableKind> = new Map([
  ["split-size", "IcebergSource"],
  ["target-file-size-bytes", "IcebergSink"],
]);

/** An `env:NAME` value (iceberg EnvironmentUtil: the rest after `env:` names an environment variable). */
const ENV_REFERENCE = /^env:[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The message for a credential in the map of a catalog that resolves no env:NAME (any but the REST
 * catalog): a JDBC catalog's jdbc.* credential gets the driver's own routes; an env:NAME value
 * elsewhere is said to be no reference there. Undefined: the general message stands.
 */
function nonRestCredential(key: string, value: string, arg: string, ctx: FreeFormContext): string | undefined {
  if (ctx.envReferences === true) return undefined;
  if (ctx.jdbcCatalog === true && /^jdbc\./i.test(key) && isCredentialKey(key)) return jdbcCatalogMessage(key, lands(key, arg), ctx.credentialTarget);
  if (!ENV_REFERENCE.test(value.trim()) || !isCredentialKey(key)) return undefined;
  const general = credentialEntryProblem(key, value, arg, undefined, ctx.credentialTarget)!;
  const lead = lands(key, arg);
  // iceberg resolves env:NAME only in RESTSessionCatalog.initialize (EnvironmentUtil.resolveAll).
  const why = `Its value ${value.trim()} is no reference in this catalog: Iceberg resolves env:NAME only in its REST catalog, and this one takes the text itself. `;
  return general.startsWith(lead) ? lead + why + general.slice(lead.length) : undefined;
}

/**
 * `s3.sse.key` holds a secret only for SSE-C (`s3.sse.type` custom: a base-64 AES-256 key); with
 * kms / dsse-kms it is a KMS key id or ARN (iceberg aws S3FileIOProperties SSE_KEY).
 */
function isKmsKeyId(key: string, map: Readonly<Record<string, string>>): boolean {
  return key.toLowerCase() === "s3.sse.key" && /^(kms|dsse-kms)$/i.test((map["s3.sse.type"] ?? "").trim());
}

/** `arg["key"]`, for a problem's path (built only for a problem: every key of every table is checked). */
function mapPath(arg: string, key: string): string {
  return `${arg}[${JSON.stringify(key)}]`;
}

/**
 * Checks one free-form map. `arg` is its path (`extraOptions`, `catalog.properties`); problems
 * are reported at `arg.key` (a dotted key stays one segment in the message).
 */
export function checkFreeFormMap(arg: string, map: Readonly<Record<string, string>>, ctx: FreeFormContext, diag: Diagnostics): void {
  const keys = Object.keys(map);
  // Every rule below is about one key of the map: an empty one (extraOptions, mostly) has nothing to check.
  if (keys.length === 0) return;
  for (const key of keys.sort()) {
    const lower = key.toLowerCase();
    if (key.trim() === "") {
      diag.error(mapPath(arg, key), "an option key must not be empty: write the option's name, or remove the entry");
      continue;
    }
    const reference = ctx.envReferences === true && ENV_REFERENCE.test(map[key]!.trim());
    const credential = reference || isKmsKeyId(key, map) ? undefined : credentialEntryProblem(key, map[key], arg, undefined, ctx.credentialTarget, memoizedKeyFacts(key));
    if (credential !== undefined) {
      // A REST catalog resolves env:NAME itself: that one remedy, not the general list.
      const env =
        ctx.envReferences === true && isCredentialKey(key)
          ? lands(key, arg) +
            // iceberg RESTSessionCatalog.initialize: EnvironmentUtil.resolveAll, in every process that loads the catalog.
            "For this REST catalog, write the value as env:NAME instead: Iceberg reads NAME from the environment of each process that loads the catalog, " +
            "the SQL Gateway included on that target (kubernetes target: set NAME from a Kubernetes Secret with kubernetes.envFromSecrets)" +
            (/^s3\./i.test(key) ? "; S3FileIO also reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY there when the catalog properties hold none" : "")
          : undefined;
      diag.error(mapPath(arg, key), env ?? nonRestCredential(key, map[key]!, arg, ctx) ?? credential);
      continue;
    }
    if (ctx.handledKeys?.includes(key) === true) continue;
    if (ctx.hint === true && HINT_TUNING.get(key) === ctx.kind) {
      const v = map[key]!;
      // FlinkConfParser.longConf: Long.parseLong (a '+' sign and leading zeros read), a positive size.
      if (!isJavaWholeNumber(v, 64, 1n)) {
        diag.error(mapPath(arg, key), `${JSON.stringify(v)} is no byte count: the runtime reads ${JSON.stringify(key)} as a whole number of bytes (a Long, no unit), e.g. '67108864' for 64 MiB`);
      }
      continue;
    }
    // The catalog takes its table-default. / table-override. keys by exact prefix (PropertyUtil.propertiesWithPrefix: String.startsWith).
    const prefix = catalogTablePrefix(key);
    const casePrefix = prefix === undefined ? CATALOG_TABLE_PREFIXES.find((p) => lower.startsWith(p)) : undefined;
    if (casePrefix !== undefined) {
      const rest = key.slice(casePrefix.length);
      const fix = casePrefix + (nearIcebergOption(rest, COVERED_KEYS) === rest.toLowerCase() ? rest.toLowerCase() : rest);
      diag.warn(
        mapPath(arg, key),
        `${JSON.stringify(key)} is read by exact key: the catalog applies only keys starting with ${JSON.stringify(casePrefix)} (in lower case) to the tables it creates, and takes this one as a plain property, which nothing reads; write ${JSON.stringify(fix)}`,
      );
      continue;
    }
    const covered = COVERED.get(lower) ?? (prefix !== undefined ? COVERED.get(lower.slice(prefix.length)) : undefined);
    if (covered !== undefined && prefix !== undefined && !COVERED.has(lower)) {
      diag.error(
        mapPath(arg, key),
        `${JSON.stringify(key)} sets ${JSON.stringify(key.slice(prefix.length))} through the catalog's ${prefix}* properties, which apply when the connector creates the table (iceberg core/.../CatalogProperties.java); ` +
          `the product controls that key: remove it${covered.kind === undefined || covered.kind === ctx.kind ? ` and ${covered.instead}` : ""}`,
      );
      continue;
    }
    // A statement's own time travel: a hint's snapshot-id on a read (hint-snapshot-id.ts).
    const hintedSnapshot = ctx.hint === true && ctx.kind === "IcebergSource" && lower === "snapshot-id";
    if (covered !== undefined && !hintedSnapshot) {
      if (covered.kind === undefined || covered.kind === ctx.kind) {
        diag.error(mapPath(arg, key), `${JSON.stringify(key)} is decided by the table's own args here (the package renders it, or a modeled arg covers it); remove it and ${covered.instead}`);
      } else {
        diag.error(mapPath(arg, key), `${JSON.stringify(key)} is a ${covered.kind === "IcebergSink" ? "write" : "read"} option of ${covered.kind}, which an ${ctx.kind} never uses; declare an ${covered.kind} and ${covered.instead}`);
      }
      continue;
    }
    const generic = ctx.catalogSettings === true ? undefined : genericFlinkOption(arg, key, map, ctx.kind, ctx.hint === true);
    if (generic !== undefined) {
      diag.warn(mapPath(arg, key), generic);
      continue;
    }
    // A Spark read option, or a streaming-* key no connector reads (spark-read-options.ts).
    const spark = ctx.catalogSettings === true ? undefined : sparkReadOptionWarning(key, map, { arg, kind: ctx.kind, hint: ctx.hint === true });
    if (spark !== undefined) {
      diag.warn(mapPath(arg, key), spark);
      continue;
    }
    // Read by exact key (PropertyUtil: Map.get), like every catalog property.
    if (key === CACHE_EXPIRATION_KEY) {
      const problem = cacheExpirationProblem(map[key]!);
      if (problem !== undefined) diag.error(mapPath(arg, key), problem);
      continue;
    }
    if (lower.startsWith("catalog-")) {
      diag.error(mapPath(arg, key), `${JSON.stringify(key)}: the catalog-* keys are rendered from catalog (name, type, catalogImpl) and the database / table args; remove it and set those args`);
      continue;
    }
    if (ctx.kind === "IcebergSource" && ctx.streamingRead && (STREAMING_REJECTED as readonly string[]).includes(lower)) {
      diag.error(
        mapPath(arg, key),
        `${JSON.stringify(key)} is rejected by the runtime on a streaming read ('Cannot set ... option for streaming reader'), and this source reads streaming (streaming: true without endSnapshotId); ` +
          (ctx.hint === true
            ? `remove it, or ${SECOND_SOURCE}`
            : ctx.pinnedBySnapshotIds
            ? // streaming: false with startSnapshotId is an error of its own (IcebergSourceArgs.streaming): endSnapshotId bounds this read.
              `remove it, or bound the read with endSnapshotId (for "end-tag": the snapshot id the tag points at)`
            : `remove it, or make the read bounded (streaming: false, or endSnapshotId)`),
      );
      continue;
    }
    if (ctx.kind === "IcebergSource" && ctx.streamingRead && !ctx.pinnedBySnapshotIds && key === "start-tag") {
      diag.error(
        mapPath(arg, key),
        `${JSON.stringify(key)} is accepted on a streaming read but never used: the streaming source picks its first snapshot from the starting strategy alone ` +
          `(iceberg flink/.../source/enumerator/ContinuousSplitPlannerImpl.java startSnapshot), so this source would start where its strategy says (the whole current table first, unless extraOptions[\"starting-strategy\"] chooses another start), not at the tag; ` +
          `to follow the table from the tag's snapshot on, set startSnapshotId to the snapshot id the tag points at; to read what was appended between two tags once, set streaming: false with "start-tag" and "end-tag"`,
      );
      continue;
    }
    // A bounded read applies the ref (tag / branch) first, then the time: the scan refuses a second snapshot
    // (iceberg FlinkSplitPlanner.planTasks: useRef, then asOfTime; core SnapshotScan "Cannot override snapshot, already set snapshot id").
    if (ctx.kind === "IcebergSource" && lower === "as-of-timestamp") {
      // Digits in another unit: the read looks for a snapshot as of 1970 (SnapshotUtil.snapshotIdAsOfTime: "Cannot find a snapshot older than").
      const millis = /^[0-9]+$/.test(map[key]!.trim()) ? timestampProblem(map[key]!.trim()) : undefined;
      if (millis !== undefined) diag.error(mapPath(arg, key), millis);
      const ref = (ctx.hint === true ? ["snapshot-id", "tag", "branch"] : ["tag", "branch"]).find((r) => map[r] !== undefined);
      if (ref === "snapshot-id") diag.error(mapPath(arg, key), hintedSnapshotWithTime(map[ref]!));
      else if (ref !== undefined) {
        diag.error(
          mapPath(arg, key),
          `${JSON.stringify(key)} together with ${JSON.stringify(ref)}: the bounded read selects the ${ref}'s snapshot first and then refuses another one ('Cannot override snapshot, already set snapshot id', iceberg FlinkSplitPlanner / core SnapshotScan); ` +
            `read the ${ref} (remove "as-of-timestamp"), or the table as of the time (remove ${JSON.stringify(ref)})`,
        );
      }
    }
    if (ctx.kind === "IcebergSource" && ctx.pinnedBySnapshotIds && (ID_CONFLICTS as readonly string[]).includes(lower)) {
      diag.error(mapPath(arg, key), `${JSON.stringify(key)} conflicts with the snapshot ids this source renders from startSnapshotId / endSnapshotId; use either the ids or ${JSON.stringify(key)}, not both`);
    }
    if (hintedSnapshot && ctx.appendRange === true) diag.error(mapPath(arg, key), HINTED_SNAPSHOT_IN_RANGE);
    const masked = ctx.kind === "IcebergSource" ? MASKED_READ_PROPERTIES.get(prefix !== undefined ? key.slice(prefix.length) : key) : undefined;
    if (masked !== undefined) {
      diag.warn(
        mapPath(arg, key),
        `${JSON.stringify(key)} sets a table property this source's Flink read never reads: the session option connector.iceberg.${masked} declares a default, which the runtime takes before the table property (iceberg FlinkReadConf / FlinkConfParser); ` +
          `set extraOptions[${JSON.stringify(masked)}] for this read instead`,
      );
    }
    // A Flink option of the other side of the connector, or a streaming-only one on a bounded read, is never read.
    const side = ctx.catalogSettings === true ? undefined : OPTION_SIDE.get(lower);
    if (side !== undefined) {
      const unread =
        ctx.kind === "IcebergSink" && side !== "write"
          ? "is a read option, which a sink never reads"
          : ctx.kind === "IcebergSource" && side === "write"
            ? "is a write option, which a source never reads"
            : ctx.kind === "IcebergSource" && side === "streaming" && !ctx.streamingRead
              ? "is read only by a streaming read (streaming: true without endSnapshotId), and this source reads once"
              : undefined;
      if (unread !== undefined) diag.warn(mapPath(arg, key), `${JSON.stringify(key)} ${unread} (iceberg FlinkReadOptions / FlinkWriteOptions): the runtime ignores it; remove it`);
    }
    // A table property set through the catalog's table-default./table-override. prefix is checked as the property.
    const option = prefix !== undefined ? key.slice(prefix.length) : key;
    // catalog.properties also holds catalog settings (io-impl, s3.*, client.*): only its table-property-shaped keys are spell-checked.
    if (ctx.catalogSettings !== true || prefix !== undefined || TABLE_PROPERTY_SHAPE.test(option)) checkKnownOption(arg, key, option, map[key]!, diag);
    else {
      // A misspelt credential key (s3.acess-key-id) is ignored by Iceberg, yet its value is the credential in plain text.
      const near = nearCatalogProperty(key);
      const misspeltCredential = near !== undefined && isCredentialKey(near) ? credentialEntryProblem(near, map[key], arg, undefined, ctx.credentialTarget) : undefined;
      if (misspeltCredential !== undefined) {
        diag.error(mapPath(arg, key), `${JSON.stringify(key)} misspells ${JSON.stringify(near)} (Iceberg would ignore it), and its value is a credential all the same: ${misspeltCredential}`);
      } else {
        const typo = catalogPropertyTypoWarning(key);
        if (typo !== undefined) diag.warn(mapPath(arg, key), typo);
        // A known key's value, as Iceberg parses it (catalog-property-values.ts).
        const value = catalogPropertyValueProblem(key, map[key]!);
        if (value?.error !== undefined) diag.error(mapPath(arg, key), value.error);
        if (value?.warning !== undefined) diag.warn(mapPath(arg, key), value.warning);
      }
    }
  }
}

/** The keys the table's args decide, as typo candidates. */
const COVERED_KEYS: ReadonlySet<string> = new Set(COVERED.keys());

/** The connector key (lower case) whose folded spelling `name` is, when the product renders it or a modeled arg covers it, with what to write instead and the kind it is covered on (undefined: both). */
export function coveredOptionSpelledAs(name: string): { readonly key: string; readonly instead: string; readonly kind?: TableKind } | undefined {
  const folded = name.toLowerCase().replace(/[-_.]/g, "");
  for (const [key, c] of COVERED) if (key.replace(/[-_.]/g, "") === folded) return { key, ...c };
  return undefined;
}

/** Keys of catalog.properties that are table properties, not catalog settings (iceberg TableProperties prefixes). */
const TABLE_PROPERTY_SHAPE = /^(write|read|commit|history)\./i;

/**
 * A near-miss of a known option is a warning, a typed option's value is checked
 * (known-iceberg-options.ts). `option` is `key` without a table-default./table-override. prefix.
 */
function checkKnownOption(arg: string, key: string, option: string, value: string, diag: Diagnostics): void {
  const near = nearIcebergOption(option, COVERED_KEYS);
  if (near !== undefined) {
    const fix = option === key ? near : key.slice(0, key.length - option.length) + near;
    const caseOnly = near === option.toLowerCase();
    diag.warn(
      mapPath(arg, key),
      caseOnly
        ? `${JSON.stringify(key)} is read by exact key, in lower case: the runtime reads ${JSON.stringify(fix)} and never this spelling (the connector stores it as a table property, which nothing reads); write ${JSON.stringify(fix)}`
        : `${JSON.stringify(key)} is no Iceberg option or common table property; did you mean ${JSON.stringify(fix)}? (the connector stores an unknown key as a table property, which nothing reads)`,
    );
  }
  const problem = icebergOptionValueProblem(option, value);
  if (problem?.error !== undefined) diag.error(mapPath(arg, key), problem.error);
  if (problem?.warning !== undefined) diag.warn(mapPath(arg, key), problem.warning);
}
