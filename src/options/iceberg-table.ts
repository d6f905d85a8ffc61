/**
 * The pure core of IcebergSource and IcebergSink: args (plain values; catalog uri/warehouse may be
 * deferred) → validated plan → rendered WITH map and CREATE TABLE. No Pulumi here; the components
 * add Output handling. Same args, byte-identical output (sorted WITH keys, columns in order).
 */
import { resolveColumnRefs } from "../iceberg/refs.js";
import { toIcebergPartitionSpec } from "../iceberg/partition.js";
import { FORMAT_V3_DELETES_WARNING, FORMAT_V3_RUNTIME_WARNING } from "../iceberg/schema.js";
import type { IcebergPartitionSpec, IcebergSchema, ParsedColumn } from "../iceberg/types.js";
import { renderCreateTable, type RenderColumn } from "../sql/create-table.js";
import { checkIdentifier } from "../types/datatypes.js";
import { isDataType } from "../types/data-type.js";
import { parseDataType } from "../types/parser.js";
import { acknowledgeWarnings, type ResourceWarning } from "../validation/acknowledged-warnings.js";
import { Diagnostics, unsafeMapKeyProblem } from "../validation/diagnostics.js";
import { resourceLabel, type ValidationIssue } from "../validation/error.js";
import { isDeferred } from "../validation/deferred.js";
import { catalogFieldsThatParse, checkCatalogRules, checkLocationValue, type CatalogPlan, type IcebergCatalog } from "./catalog.js";
import { planParsedCatalog } from "./catalog-plan-memo.js";
import { catalogKeyOf } from "./catalog-identity.js";
import { durationMillis } from "./duration-millis.js";
import type { TableKind } from "./extra-options.js";
import { checkFreeFormMapOnce, checkSinkWriteMaps } from "./clean-map-checks.js";
import { parseFields } from "./fields.js";
import { convertTableColumns } from "./table-columns.js";
import { DEFAULT_COMPRESSION_CODEC, IcebergSinkOptionsShape, renderSinkWrite } from "./sink-options.js";
import { hashDistributionKey, hashDistributionProblem } from "./distribution-mode.js";
import { IcebergSourceOptionsShape, renderSourceRead, type SourceRead } from "./source-options.js";
import { checkWatermarkColumnOption, deferredWatermarkProblem, planSourceWatermark, type SourceWatermark } from "./source-watermark.js";
import { chosenStartingStrategy } from "./starting-strategy.js";
import { deferredInPlainProps, plainOnlyIssues, reportDeferredInPlainProps, ICEBERG_TABLE_DEFERRED } from "../validation/plain-only.js";
import { IcebergTableShape } from "./table-options.js";
import { optionArgAdvice } from "./option-args.js";
import { memoizedTablePlan, templateDdl } from "./table-plan-memo.js";
import { deriveTableName } from "./derived-table-name.js";

/** A validated table, ready to render once uri/warehouse are known. */
export interface IcebergTablePlan {
  readonly kind: TableKind;
  readonly resourceName: string;
  /** e.g. `IcebergSink "daily"`. */
  readonly label: string;
  readonly tableName: string;
  readonly columns: readonly ParsedColumn[];
  readonly primaryKey: readonly string[];
  readonly partitionedBy: readonly string[];
  /** Every WITH option except `uri` and `warehouse`. */
  readonly baseOptions: Readonly<Record<string, string>>;
  readonly schema: IcebergSchema;
  /** The partition spec Iceberg stores when the connector creates the table (`PARTITIONED BY` → identity fields; toIcebergPartitionSpec). */
  readonly partitionSpec: IcebergPartitionSpec;
  readonly formatVersion: 1 | 2 | 3;
  readonly needsFormatV3: boolean;
  readonly database: string;
  readonly table: string;
  /** Catalog identity: the settings the catalog finds its tables by (catalog-identity.ts catalogKeyOf; an Output among them is marked by its object). */
  readonly catalogKey: string;
  /** Source only: how it reads. */
  readonly read?: SourceRead;
  /** Source only: its event time (`watermark`), rendered `WATERMARK FOR ... AS ...`. */
  readonly watermark?: SourceWatermark["clause"];
  /** Sink only: upsertEnabled === true. */
  readonly upsert: boolean;
  /** The branch it reads or writes (`extraOptions.branch`), when set. */
  readonly branch?: string;
  /** Sink only: the error a hash write distribution would cause (partition columns outside the primary key), for OPTIONS hints; undefined when none. */
  readonly hashDistributionProblem?: string;
  /** Sink only: commitInterval as written, with its milliseconds; undefined when unset. */
  readonly commitInterval?: { readonly millis: number; readonly text: string };
  /** uri/warehouse as given: a string, a deferred value (Output/Promise), or undefined. */
  readonly uri: unknown;
  readonly warehouse: unknown;
  /** The warnings to log (those no acknowledgedWarnings entry names, and stale entries'). */
  readonly warnings: readonly ValidationIssue[];
  /** Every warning, marked acknowledged or not: the component's `warnings`. */
  readonly resourceWarnings: readonly ResourceWarning[];
}

export { deriveTableName } from "./derived-table-name.js";

/** The table fields parseFields checks (columns and primaryKey are checked by convertColumns). */
const { columns: _c, primaryKey: _p, acknowledgedWarnings: _a, ...CHECKED_TABLE_SHAPE } = IcebergTableShape;
/** Every arg of each kind, for the unknown-arg check: an IcebergSource's. */
export const SOURCE_KEYS: ReadonlySet<string> = new Set([...Object.keys(IcebergTableShape), ...Object.keys(IcebergSourceOptionsShape)]);
/** An IcebergSink's args. */
export const SINK_KEYS: ReadonlySet<string> = new Set([...Object.keys(IcebergTableShape), ...Object.keys(IcebergSinkOptionsShape)]);

/**
 * The columns as given, by name, with their parsed form (null when the column's own type failed:
 * it still exists for partitionedBy). Empty when `columns` is not an array. When another column
 * or the primary key failed (`parsed` undefined), each type is read on its own, so the partition
 * and watermark rules still report in the same run.
 */
function givenColumns(columns: unknown, parsed: readonly ParsedColumn[] | undefined): Map<string, ParsedColumn | null> {
  const byName = new Map(parsed?.map((c) => [c.name, c]) ?? []);
  const given = new Map<string, ParsedColumn | null>();
  for (const c of Array.isArray(columns) ? (columns as unknown[]) : []) {
    const name = typeof c === "object" && c !== null ? (c as { name?: unknown }).name : undefined;
    if (typeof name === "string" && name !== "" && !given.has(name)) given.set(name, byName.get(name) ?? (parsed === undefined ? typeAlone(name, (c as { type?: unknown }).type) : null));
  }
  return given;
}

/** A column whose type reads on its own (a DataType, or text the parser takes); null otherwise. */
function typeAlone(name: string, type: unknown): ParsedColumn | null {
  if (isDataType(type)) return { name, type };
  if (typeof type !== "string") return null;
  try {
    return { name, type: parseDataType(type) };
  } catch {
    return null;
  }
}

/**
 * The partition columns against the columns given (refs.ts: listed once, top-level, existing),
 * then their types: an identity partition needs a primitive column (the same rule and wording as
 * toIcebergPartitionSpec, partition.ts); a TIMESTAMP column is a warning (a partition per instant).
 */
function checkPartitions(partitionedBy: readonly string[], given: ReadonlyMap<string, ParsedColumn | null>, upsert: boolean, diag: Diagnostics): void {
  // sink-options.ts: in upsert mode every partition column must be a primary-key column.
  const note = upsert ? "; with upsertEnabled, the partition column must be in primaryKey as well" : "";
  resolveColumnRefs(partitionedBy, "partitionedBy", "PARTITIONED BY", given, diag, (name, column, at) => {
    const kind = column?.type.kind;
    if (kind === "ARRAY" || kind === "MULTISET" || kind === "MAP" || kind === "ROW") {
      diag.error(at, `${name}: a partition column must have a primitive type, not ${kind} (an identity partition needs a primitive value)`);
    } else if ((kind === "TIMESTAMP" || kind === "TIMESTAMP_LTZ") && !/^window_(?:start|end)$/i.test(name)) {
      // A window's start or end holds one instant per window (e.g. per hour): a coarse partition already.
      diag.warn(
        at,
        `${name}: an identity partition of a ${column!.type.toString()} column makes one partition, with its own files, per distinct instant; ` +
          `partition by a coarser column the INSERT fills instead, e.g. \`${name}_day\` DATE filled with CAST(\`${name}\` AS DATE)` +
            // Flink casts a TIMESTAMP_LTZ to DATE in the session time zone (flink TIMESTAMP_LTZ docs); Iceberg's day transform of a timestamptz counts UTC days.
            `${kind === "TIMESTAMP_LTZ" ? " (Flink casts a TIMESTAMP_LTZ to DATE in the session time zone, table.local-time-zone: set it to 'UTC' in the job's configuration for the days Iceberg's days() would give)" : ""}${note}`,
      );
    }
  }, note);
}

/** The entries of a raw map whose values are strings (none for anything but a plain object). */
function stringEntries(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string" && k !== "__proto__") out[k] = v;
  return out;
}

/** An own "__proto__" key in a raw map (zod's record parse drops it, so the parsed map cannot show it). */
function checkProtoKey(arg: string, raw: unknown, diag: Diagnostics): void {
  if (typeof raw === "object" && raw !== null && Object.hasOwn(raw, "__proto__")) diag.error(`${arg}["__proto__"]`, unsafeMapKeyProblem("__proto__")!);
}

/**
 * Validates `args` of an IcebergSource or IcebergSink named `resourceName`. Throws one
 * FlinkIcebergValidationError (labelled with the resource) listing every problem. A clean plan
 * is remembered for tables of equal content but their names (table-plan-memo.ts).
 */
export function planIcebergTable(kind: TableKind, resourceName: string, args: unknown): IcebergTablePlan {
  return memoizedTablePlan(kind, resourceName, resourceLabel(kind, resourceName), args, planIcebergTableFresh);
}

/** planIcebergTable without the memo (table-plan-memo.ts); tests compare the memo's plans with it. */
export function planIcebergTableFresh(kind: TableKind, resourceName: string, args: unknown): IcebergTablePlan {
  const label = resourceLabel(kind, resourceName);
  const diag = new Diagnostics();
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    diag.error("", `${kind} args must be an object with catalog, database, table and columns`);
    diag.throwIfErrors(label);
  }
  // An Output where a plain value is required: reported once at its path, checked as unset (plain-only.ts).
  const deferred = deferredInPlainProps(args as Record<string, unknown>, ICEBERG_TABLE_DEFERRED);
  const input = deferred.args;
  const t = parseFields(CHECKED_TABLE_SHAPE, input, diag, kind === "IcebergSource" ? SOURCE_KEYS : SINK_KEYS, (key, value) => optionArgAdvice(key, value, kind));
  // A watermark holding an Output is reported once, not as the Output's own keys.
  const deferredWatermark = kind === "IcebergSource" && input["watermark"] !== undefined ? deferredWatermarkProblem(input["watermark"]) : undefined;
  if (deferredWatermark !== undefined) diag.error("watermark", deferredWatermark);
  const src = kind === "IcebergSource" ? parseFields(IcebergSourceOptionsShape, deferredWatermark === undefined ? input : Object.assign({}, input, { watermark: undefined }), diag) : {};
  const snk = kind === "IcebergSink" ? parseFields(IcebergSinkOptionsShape, input, diag) : {};

  const tableName = t.tableName ?? deriveTableName(resourceName);
  diag.capture("tableName", () => checkIdentifier("the Flink table name", tableName));

  const formatVersion = t.formatVersion ?? 2;
  const primaryKeyInput = input["primaryKey"];
  // convertColumns, then the case-collision warning (memoized by content: table-columns.ts).
  const converted = convertTableColumns(input["columns"], primaryKeyInput, formatVersion, diag);
  const primaryKey = converted !== undefined && Array.isArray(primaryKeyInput) ? (primaryKeyInput as string[]) : [];
  const partitionedBy = t.partitionedBy ?? [];
  const extra = t.extraOptions ?? stringEntries(input["extraOptions"]);
  const watermarkOption = kind === "IcebergSource" ? extra["watermark-column"] : undefined;
  // Built only for a partitioned table or a watermark; the sink's upsert rule below reads it too.
  const given = partitionedBy.length > 0 || src.watermark !== undefined || watermarkOption !== undefined ? givenColumns(input["columns"], converted?.columns) : undefined;
  if (given !== undefined && Array.isArray(input["columns"])) checkPartitions(partitionedBy, given, kind === "IcebergSink" && (snk as { upsertEnabled?: boolean }).upsertEnabled === true, diag);

  // A catalog that failed to parse still has its cross-field rules checked on the fields that parse.
  // A parsed catalog: its rules and uri / warehouse values (memoized by content: catalog-plan-memo.ts).
  const planned = t.catalog !== undefined ? planParsedCatalog(t.catalog, diag) : undefined;
  const catalog: CatalogPlan | undefined = planned?.plan;
  const catalogParts = t.catalog === undefined ? catalogFieldsThatParse(input["catalog"]) : undefined;
  if (catalogParts !== undefined) {
    // A catalog that failed to parse: the rules and values on the fields that parse.
    checkCatalogRules(catalogParts.fields, catalogParts.failed, diag);
    for (const arg of ["uri", "warehouse"] as const) {
      const value = catalogParts.fields[arg];
      const problem = typeof value === "string" ? checkLocationValue(arg, value, !catalogParts.failed.has("type") && !catalogParts.failed.has("catalogImpl") ? catalogParts.fields : undefined) : undefined;
      if (problem !== undefined) diag.error(`catalog.${arg}`, problem);
    }
  }

  const options: Record<string, string> = {};
  let read: SourceRead | undefined;
  // The key's names as given (the sink's rules read them even when a column check failed).
  const keyNames = Array.isArray(primaryKeyInput) ? (primaryKeyInput as unknown[]).filter((k): k is string => typeof k === "string") : [];
  // A streaming read's own starting strategy (extraOptions; starting-strategy.ts), checked before the read renders.
  // Read from the args as given, so a bad id or streaming value neither hides nor invents a strategy problem.
  const chosen = kind === "IcebergSource" ? chosenStartingStrategy(extra, { streaming: input["streaming"], hasStart: input["startSnapshotId"] !== undefined, hasEnd: input["endSnapshotId"] !== undefined }, diag) : undefined;
  let watermark: SourceWatermark | undefined;
  if (kind === "IcebergSource") {
    read = renderSourceRead(src, diag, chosen?.options);
    if (read !== undefined) Object.assign(options, read.options);
  } else {
    const write = renderSinkWrite(snk, { primaryKey: keyNames, partitionedBy, formatVersion, ...(given !== undefined ? { columnNames: given } : {}) }, diag);
    if (write !== undefined) Object.assign(options, write);
  }

  // A REST catalog resolves env:NAME values itself (iceberg RESTSessionCatalog: EnvironmentUtil.resolveAll).
  const envReferences = catalog?.type === "rest" || /(^|\.)RESTCatalog$/.test(catalog?.impl ?? "");
  // Iceberg's JDBC catalog hands its jdbc.* properties to the driver as written (iceberg JdbcClientPool).
  const jdbcCatalog = /(^|\.)JdbcCatalog$/.test(catalog?.impl ?? "");
  const freeCtx = { kind, streamingRead: read?.streamingRead ?? false, pinnedBySnapshotIds: read?.pinnedBySnapshotIds ?? false, envReferences, jdbcCatalog };
  // zod's record parse drops an own "__proto__" key, so the raw maps are checked for it.
  const rawProps = typeof input["catalog"] === "object" && input["catalog"] !== null ? (input["catalog"] as Record<string, unknown>)["properties"] : undefined;
  // A map that failed to parse (a value that is no string, or another catalog arg) still has its
  // string entries checked, so every problem shows in one run.
  const props = t.catalog?.properties ?? stringEntries(rawProps);
  checkProtoKey("catalog.properties", rawProps, diag);
  if (src.watermark !== undefined) {
    // The table properties it sets: catalog.properties, then extraOptions (later keys win, as in WITH).
    watermark = planSourceWatermark(src.watermark, given!, extra, Object.assign({}, props, extra), diag);
    if (watermark !== undefined) Object.assign(options, watermark.options);
  }
  if (watermarkOption !== undefined && (src.watermark === undefined || src.watermark.expression !== undefined)) checkWatermarkColumnOption(watermarkOption, given!, diag);
  checkProtoKey("extraOptions", input["extraOptions"], diag);
  // Skipped for maps and contexts already found clean (clean-map-checks.ts).
  checkFreeFormMapOnce("catalog.properties", props, { kind, streamingRead: freeCtx.streamingRead, pinnedBySnapshotIds: freeCtx.pinnedBySnapshotIds, envReferences, jdbcCatalog, catalogSettings: true }, diag);
  checkFreeFormMapOnce("extraOptions", extra, chosen !== undefined && chosen.handled.length > 0 ? Object.assign({}, freeCtx, { handledKeys: chosen.handled }) : freeCtx, diag);
  if (kind === "IcebergSink") {
    const sinkCtx = { writeFormat: snk.writeFormat, codec: snk.compressionCodec ?? DEFAULT_COMPRESSION_CODEC, writesDeletes: keyNames.length > 0 };
    checkSinkWriteMaps([{ arg: "catalog.properties", map: props }, { arg: "extraOptions", map: extra }], sinkCtx, diag);
  }
  for (const key of t.extraOptions === undefined ? [] : Object.keys(extra).sort()) {
    if (Object.hasOwn(props, key)) diag.error(`extraOptions[${JSON.stringify(key)}]`, `${JSON.stringify(key)} is also set in catalog.properties; set it in one place`);
  }
  const hashProblem = kind === "IcebergSink" ? hashDistributionProblem(keyNames, partitionedBy, snk.upsertEnabled === true) : undefined;
  const hashKey = hashProblem === undefined ? undefined : hashDistributionKey({ ...props, ...extra });
  if (hashKey !== undefined) diag.error(`${Object.hasOwn(extra, hashKey) ? "extraOptions" : "catalog.properties"}[${JSON.stringify(hashKey)}]`, hashProblem!);

  if (converted?.needsFormatV3 === true) diag.warn("formatVersion", FORMAT_V3_RUNTIME_WARNING);
  if (kind === "IcebergSink" && formatVersion === 3 && keyNames.length > 0) diag.warn("formatVersion", FORMAT_V3_DELETES_WARNING);
  // After every check: what the args acknowledge is not logged (diag keeps the open warnings).
  const resourceWarnings = acknowledgeWarnings(input["acknowledgedWarnings"], diag, plainOnlyIssues(deferred.paths));
  const warnings: ValidationIssue[] = [...diag.warnings];
  reportDeferredInPlainProps(diag, deferred.paths);
  diag.throwIfErrors(label);

  // Every field below is known to be valid: an error would have thrown above.
  const cat = catalog!;
  const conv = converted!;
  // Later keys win, as in a spread; Object.assign, since V8 builds a spread followed by more keys
  // key by key in its runtime (about 10 µs for this map; BENCHMARKS.md session 6).
  const baseOptions: Record<string, string> = Object.assign({}, props, extra, options, cat.options, {
    connector: "iceberg",
    "catalog-database": t.database!,
    "catalog-table": t.table!,
    "format-version": String(formatVersion),
  });
  const c = t.catalog!;
  // The identity planParsedCatalog kept holds for a table without extraOptions (they reach the catalog too).
  let catalogKey = planned!.identity;
  if (catalogKey === undefined || Object.keys(extra).length > 0) catalogKey = catalogKeyOf(c, cat, extra);
  const commitText = kind === "IcebergSink" ? (snk as { commitInterval?: string }).commitInterval : undefined;
  const upsert = kind === "IcebergSink" && (snk as { upsertEnabled?: boolean }).upsertEnabled === true;
  // Optional keys absent, not undefined; added after the fixed ones (see baseOptions).
  return Object.assign(
    {
      kind,
      resourceName,
      label,
      tableName,
      columns: conv.columns,
      primaryKey,
      partitionedBy,
      baseOptions,
      schema: conv.schema,
      // partitionedBy was checked above (checkPartitions): this cannot throw for a valid plan.
      partitionSpec: toIcebergPartitionSpec(conv.schema, partitionedBy),
      formatVersion,
      needsFormatV3: conv.needsFormatV3,
      database: t.database!,
      table: t.table!,
      catalogKey,
      upsert,
      uri: c.uri,
      warehouse: c.warehouse,
      warnings,
      resourceWarnings,
    } satisfies Omit<IcebergTablePlan, "read" | "watermark" | "hashDistributionProblem" | "commitInterval" | "branch">,
    read !== undefined ? { read } : undefined,
    extra["branch"] !== undefined ? { branch: extra["branch"] } : undefined,
    watermark !== undefined ? { watermark: watermark.clause } : undefined,
    hashProblem !== undefined ? { hashDistributionProblem: hashProblem } : undefined,
    commitText !== undefined ? { commitInterval: { millis: durationMillis(commitText), text: commitText } } : undefined,
  );
}

/**
 * The CREATE TABLE columns of a frozen column list and its frozen columns (table-columns.ts shares
 * one among tables of equal columns), by that list: it cannot change, so its columns render once.
 */
const renderedColumns = new WeakMap<readonly ParsedColumn[], readonly RenderColumn[]>();

/** The CREATE TABLE columns of `columns` (kept for a frozen list). */
function renderColumns(columns: readonly ParsedColumn[]): readonly RenderColumn[] {
  const kept = renderedColumns.get(columns);
  if (kept !== undefined) return kept;
  const out: readonly RenderColumn[] = columns.map((col) =>
    col.comment !== undefined ? { kind: "physical", name: col.name, type: col.type.toString(), comment: col.comment } : { kind: "physical", name: col.name, type: col.type.toString() },
  );
  if (Object.isFrozen(columns) && columns.every((c) => Object.isFrozen(c))) {
    for (const c of out) Object.freeze(c);
    renderedColumns.set(columns, Object.freeze(out));
  }
  return out;
}

/** The rendered table: the WITH map and the CREATE TABLE statement. */
export interface RenderedIcebergTable {
  readonly options: Readonly<Record<string, string>>;
  readonly ddl: string;
}

/**
 * Renders the plan with resolved uri/warehouse (undefined when not set). Throws
 * FlinkIcebergValidationError at `catalog.uri` / `catalog.warehouse` for an empty or multi-line value.
 */
export function renderIcebergTable(plan: IcebergTablePlan, location: { uri?: unknown; warehouse?: unknown }): RenderedIcebergTable {
  const diag = new Diagnostics();
  const known: { uri?: string; warehouse?: string } = {};
  for (const arg of ["uri", "warehouse"] as const) {
    const value = location[arg];
    if (value === undefined) continue;
    // The plan's own string passed checkLocationValue with its catalog when planned (catalog-plan-memo.ts), which checks this and more.
    // A value known only now (an Output) gets the same checks, the uri's scheme for its catalog too.
    const problem = typeof value === "string" && value === plan[arg] ? undefined : checkLocationValue(arg, value, catalogOf(plan));
    if (problem !== undefined) diag.error(`catalog.${arg}`, problem);
    else known[arg] = value as string;
  }
  diag.throwIfErrors(plan.label);
  const options: Record<string, string> = Object.assign({}, plan.baseOptions, known);
  // A remembered plan's CREATE TABLE is its template's with this table's names (table-plan-memo.ts).
  const own = location.uri === plan.uri && location.warehouse === plan.warehouse;
  const ddl = (own ? templateDdl(plan, options, renderDdl) : undefined) ?? renderDdl(plan, options);
  return { options, ddl };
}

/** The catalog's kind as the plan renders it (catalog-type, catalog-impl), for the uri's scheme check. */
function catalogOf(plan: IcebergTablePlan): Partial<IcebergCatalog> {
  const type = plan.baseOptions["catalog-type"];
  const impl = plan.baseOptions["catalog-impl"];
  return { ...(type === "hive" || type === "hadoop" || type === "rest" ? { type } : {}), ...(impl !== undefined ? { catalogImpl: impl } : {}) };
}

/** The CREATE TABLE of `plan` with the WITH map `options`. */
function renderDdl(plan: IcebergTablePlan, options: Readonly<Record<string, string>>): string {
  return renderCreateTable({ name: plan.tableName, columns: renderColumns(plan.columns), primaryKey: plan.primaryKey, partitionedBy: plan.partitionedBy, watermark: plan.watermark, options });
}

/** True when uri and warehouse are plain (or unset), so the table renders at construction. */
export function isPlainLocation(plan: IcebergTablePlan): boolean {
  return !isDeferred(plan.uri) && !isDeferred(plan.warehouse);
}
