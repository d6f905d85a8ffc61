/**
 * synth's collecting mode (collect.ts): the Iceberg facts (TableDefinition.iceberg) of an
 * IcebergSource or IcebergSink whose args failed validation. Each fact is derived by what the
 * valid table derives it with (the arg schemas with their defaults, planCatalog and catalog-identity.ts catalogKeyOf,
 * renderSourceRead, hashDistributionProblem, toIcebergPartitionSpec) from the args it depends on,
 * when every one of them reads (no error at it or at what holds it, and an absent one not perhaps
 * misspelt: failed-table-issues.ts); otherwise it is left out (FailedIcebergFacts), and a job's
 * check that needs it does not judge the table.
 */
import type { z } from "zod";
import { toIcebergPartitionSpec } from "../iceberg/partition.js";
import type { ConvertedSchema } from "../iceberg/types.js";
import { catalogFieldsThatParse, planCatalog, type IcebergCatalog } from "../options/catalog.js";
import { hashDistributionProblem } from "../options/distribution-mode.js";
import { catalogKeyOf, identityPropertyKeys } from "../options/catalog-identity.js";
import { IcebergSinkOptionsShape } from "../options/sink-options.js";
import { IcebergSourceOptionsShape, renderSourceRead, type SourceRead } from "../options/source-options.js";
import { IcebergTableShape } from "../options/table-options.js";
import { Diagnostics } from "../validation/diagnostics.js";
import type { TableIssues } from "./failed-table-issues.js";
import type { FailedIcebergFacts, IcebergTableFacts, TableDefinition } from "./table-definition.js";

/** What failed-table-facts.ts read already, each undefined when it does not read. */
export interface IcebergTableParts {
  /** The columns as the table's column checks convert them (convertColumns with the primary key). */
  readonly converted: ConvertedSchema | undefined;
  /** The primary key ([] for none). */
  readonly primaryKey: readonly string[] | undefined;
  /** The partition columns ([] for none). */
  readonly partitionedBy: readonly string[] | undefined;
  /** An IcebergSource's watermark as given (null for none); its checks passed when it reads. */
  readonly watermark: { readonly expression?: unknown } | null | undefined;
}

/** A failed Iceberg table's facts, and its boundedness when its read is known. */
export interface FailedIcebergTable {
  readonly iceberg: FailedIcebergFacts;
  /** An IcebergSource whose read is known: whether it ends, and why not (as registerIcebergTable registers them). */
  readonly read?: Pick<TableDefinition, "bounded" | "unboundedReason">;
  /** True when its branch (`iceberg.branch`, main when absent) is known. */
  readonly branchKnown: boolean;
}

/** The catalog args its identity is made of (IcebergTablePlan.catalogKey), beside the properties catalog-identity.ts reads. */
const CATALOG_IDENTITY = ["name", "type", "catalogImpl", "uri", "warehouse"] as const;

/** Arg `arg` as its schema field parses it (defaults applied) when it reads; undefined when not. */
function parsed<T>(field: z.ZodType<T>, a: Record<string, unknown>, arg: string, issues: TableIssues): { readonly value: T } | undefined {
  if (!issues.reads(arg, a[arg])) return undefined;
  const r = field.safeParse(a[arg]);
  return r.success ? { value: r.data } : undefined;
}

/** The catalog key, database and table (icebergKey's parts), when the catalog's identity args, database and table read. */
function identity(a: Record<string, unknown>, issues: TableIssues): Pick<IcebergTableFacts, "catalogKey" | "database" | "table"> | undefined {
  const catalog = catalogFieldsThatParse(a["catalog"]);
  if (catalog === undefined || catalog.fields.name === undefined || !CATALOG_IDENTITY.every((k) => !catalog.failed.has(k) && issues.clear(`catalog.${k}`))) return undefined;
  const plan = planCatalog(catalog.fields as IcebergCatalog, new Diagnostics());
  const database = parsed(IcebergTableShape.database, a, "database", issues);
  const table = parsed(IcebergTableShape.table, a, "table", issues);
  if (plan === undefined || database === undefined || table === undefined) return undefined;
  // The identifying properties (catalog-identity.ts), from catalog.properties and extraOptions, as the valid table takes them.
  const given = a["extraOptions"];
  const extra: Record<string, string> = {};
  if (typeof given === "object" && given !== null) for (const [k, v] of Object.entries(given)) if (typeof v === "string") extra[k] = v;
  const keys = identityPropertyKeys(catalog.fields as IcebergCatalog, plan, extra);
  const read = (k: string): boolean => issues.clear(`catalog.properties[${JSON.stringify(k)}]`) && issues.clear(`extraOptions[${JSON.stringify(k)}]`);
  if (catalog.failed.has("properties") || (keys === "*" ? !issues.clear("catalog.properties") : !keys.every(read))) return undefined;
  const used = keys === "*" ? {} : Object.fromEntries(keys.filter((k) => Object.hasOwn(extra, k)).map((k) => [k, extra[k]!]));
  return { catalogKey: catalogKeyOf(catalog.fields as IcebergCatalog, plan, used), database: database.value, table: table.value };
}

/** An IcebergSource's read (renderSourceRead), when streaming and the snapshot ids read and pass its rules. */
function sourceRead(a: Record<string, unknown>, issues: TableIssues): SourceRead | undefined {
  const streaming = parsed(IcebergSourceOptionsShape.streaming, a, "streaming", issues);
  const start = parsed(IcebergSourceOptionsShape.startSnapshotId, a, "startSnapshotId", issues);
  const end = parsed(IcebergSourceOptionsShape.endSnapshotId, a, "endSnapshotId", issues);
  if (streaming === undefined || start === undefined || end === undefined) return undefined;
  // The starting strategy and split size change only the rendered options, not what is read here.
  return renderSourceRead(
    Object.assign({ streaming: streaming.value }, start.value !== undefined ? { startSnapshotId: start.value } : undefined, end.value !== undefined ? { endSnapshotId: end.value } : undefined),
    new Diagnostics(),
  );
}

/**
 * The Iceberg facts of a failed table of `kind` from its args `a`, where its errors (`issues`) and
 * the parts already read (`parts`) leave them readable; each as registerIcebergTable registers it.
 */
export function failedIcebergFacts(kind: "IcebergSource" | "IcebergSink", a: Record<string, unknown>, issues: TableIssues, parts: IcebergTableParts): FailedIcebergTable {
  const facts: { -readonly [K in keyof IcebergTableFacts]?: IcebergTableFacts[K] } = {};
  Object.assign(facts, identity(a, issues));
  const formatVersion = parsed(IcebergTableShape.formatVersion, a, "formatVersion", issues);
  if (formatVersion !== undefined) facts.formatVersion = formatVersion.value;
  const { converted, primaryKey, partitionedBy } = parts;
  if (converted !== undefined) Object.assign(facts, { schema: converted.schema, needsFormatV3: converted.needsFormatV3 });
  if (converted !== undefined && partitionedBy !== undefined) {
    try {
      facts.partitionSpec = toIcebergPartitionSpec(converted.schema, partitionedBy);
    } catch {
      // A partition column the table's checks refuse: the spec is not known.
    }
  }
  // `extraOptions.branch`, as planIcebergTable takes it (a string value; no error there or at the map).
  const branchKnown = issues.clear(`extraOptions[${JSON.stringify("branch")}]`);
  const extra = a["extraOptions"];
  const branch = branchKnown && typeof extra === "object" && extra !== null ? (extra as Record<string, unknown>)["branch"] : undefined;
  if (typeof branch === "string") facts.branch = branch;
  let read: FailedIcebergTable["read"];
  if (kind === "IcebergSink") {
    // A sink read in a statement is a one-time read of its current snapshot (registerIcebergTable).
    Object.assign(facts, { streamingRead: false, pinnedBySnapshotIds: false });
    const upsert = parsed(IcebergSinkOptionsShape.upsertEnabled, a, "upsertEnabled", issues);
    if (upsert !== undefined) facts.upsert = upsert.value === true;
    const writeFormat = parsed(IcebergSinkOptionsShape.writeFormat, a, "writeFormat", issues);
    if (writeFormat?.value !== undefined) facts.writeFormat = writeFormat.value;
    const problem = upsert !== undefined && primaryKey !== undefined && partitionedBy !== undefined ? hashDistributionProblem(primaryKey, partitionedBy, upsert.value === true) : undefined;
    if (problem !== undefined) facts.hashDistributionProblem = problem;
  } else {
    facts.upsert = false;
    const r = sourceRead(a, issues);
    if (r !== undefined) {
      Object.assign(facts, { streamingRead: r.streamingRead, pinnedBySnapshotIds: r.pinnedBySnapshotIds });
      if (r.options["start-snapshot-id"] !== undefined) facts.appendRange = true;
      read = Object.assign({ bounded: r.bounded }, r.unboundedReason !== undefined ? { unboundedReason: r.unboundedReason } : undefined);
    }
    // A watermark that read passed planSourceWatermark: without expression it renders SOURCE_WATERMARK().
    if (parts.watermark) facts.watermark = parts.watermark.expression === undefined ? "source" : "expression";
  }
  return Object.assign({ iceberg: facts, branchKnown }, read !== undefined ? { read } : undefined);
}
