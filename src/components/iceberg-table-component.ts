/**
 * What IcebergSource and IcebergSink share on the Pulumi side: turning the pure plan
 * (src/options/iceberg-table.ts) into Outputs, the secret check of catalog uri/warehouse
 * (SPEC decision 8: secrecy is known only once the value is), warnings, and the TableDefinition
 * the job reads.
 */
import { SNAPSHOT_SELECTION } from "../options/source-options.js";
import * as pulumi from "@pulumi/pulumi";
import { isPlainLocation, renderIcebergTable, type IcebergTablePlan, type RenderedIcebergTable } from "../options/iceberg-table.js";
import { SOURCE_WATERMARK } from "../options/source-watermark.js";
import { V1_KEYED_SINK_WARNING } from "../options/sink-options.js";
import { v1DeletesReported } from "./job-registry.js";
import { acknowledgedCount } from "../validation/acknowledged-warnings.js";
import { deepFreeze } from "../validation/bounded-memo.js";
import { FlinkIcebergValidationError } from "../validation/error.js";
import { credentialEnvironment } from "../validation/credential-remedies.js";
import { registerTableDefinition, type IcebergTableFacts, type TableColumn, type TableDefinition } from "./table-definition.js";

/** The message for a catalog uri/warehouse that resolved to a Pulumi secret. */
export function secretLocationMessage(arg: "uri" | "warehouse"): string {
  return (
    `catalog.${arg} is a Pulumi secret, and it would be written in plain text into the table's WITH clause and the SQL script. ` +
    `Pass it as a plain value (a ${arg === "uri" ? "catalog URI" : "warehouse location"} is not secret), and keep any credential out of it: ` +
    `pass credentials ${credentialEnvironment(undefined, true)} (a REST catalog reads a property written as env:NAME from there)`
  );
}

/** The rendered table: plain when uri/warehouse are plain, else an Output (undefined `plain`). */
export type IcebergTableOutputs =
  | { readonly plain: RenderedIcebergTable; readonly rendered?: undefined }
  | { readonly plain?: undefined; readonly rendered: pulumi.Output<RenderedIcebergTable> };

/**
 * Renders the plan: at once when uri/warehouse are plain (no Output at all; BENCHMARKS.md), else
 * when they are known. A value that is a Pulumi secret makes the Output reject with
 * FlinkIcebergValidationError at `catalog.uri` / `catalog.warehouse`.
 */
export function renderTableOutputs(plan: IcebergTablePlan): IcebergTableOutputs {
  return isPlainLocation(plan) ? { plain: renderIcebergTable(plan, { uri: plan.uri, warehouse: plan.warehouse }) } : { rendered: renderDeferred(plan) };
}

/** The rendering once uri/warehouse are known (a function of its own: only this closure keeps the plan). */
function renderDeferred(plan: IcebergTablePlan): pulumi.Output<RenderedIcebergTable> {
  const uri = plan.uri === undefined ? undefined : pulumi.output(plan.uri as pulumi.Input<string>);
  const warehouse = plan.warehouse === undefined ? undefined : pulumi.output(plan.warehouse as pulumi.Input<string>);
  const secretFlags = pulumi.output(Promise.all([uri ? pulumi.isSecret(uri) : false, warehouse ? pulumi.isSecret(warehouse) : false]));
  const values = pulumi.all([uri ? pulumi.unsecret(uri) : undefined, warehouse ? pulumi.unsecret(warehouse) : undefined]);
  return pulumi.all([values, secretFlags]).apply(([[u, w], [uriSecret, whSecret]]) => {
    const issues = [
      ...(uriSecret ? [{ path: "catalog.uri", message: secretLocationMessage("uri") }] : []),
      ...(whSecret ? [{ path: "catalog.warehouse", message: secretLocationMessage("warehouse") }] : []),
    ];
    if (issues.length > 0) throw new FlinkIcebergValidationError(issues, plan.label);
    return renderIcebergTable(plan, { uri: u, warehouse: w });
  });
}

/**
 * Logs the plan's warnings on the resource. A keyed sink's warning about delete files on a v1 table
 * waits for the program's synchronous run to end (process.nextTick): a job created in it that reports
 * updates into the sink says the same as an error, and the warning is then dropped (one message per problem).
 */
export function logWarnings(plan: IcebergTablePlan, resource: pulumi.Resource): void {
  for (const w of plan.warnings) {
    const text = `${plan.label}: ${w.path === "" ? "" : `${w.path}: `}${w.message}`;
    if (isV1KeyedSinkWarning(w)) process.nextTick(() => void (v1DeletesReported(plan.label) ? undefined : pulumi.log.warn(text, resource)));
    else pulumi.log.warn(text, resource);
  }
}

/** True for the warning about a keyed sink on a format-version 1 table (sink-options.ts V1_KEYED_SINK_WARNING). */
export function isV1KeyedSinkWarning(w: { readonly path: string; readonly message: string }): boolean {
  return w.path === "formatVersion" && w.message.startsWith(V1_KEYED_SINK_WARNING);
}

/** Registers the TableDefinition that FlinkSqlJob reads (table-definition.ts). */
/** The TableDefinition's columns of `plan`: every column insertable, the watermark's the rowtime (a loop, the watermark read once: 20 and more per table). */
function tableColumns(plan: IcebergTablePlan): readonly TableColumn[] {
  const rowtime = plan.watermark?.column;
  // A frozen column list (table-columns.ts shares one among tables of equal columns) gives one frozen list per rowtime column.
  const shared = Object.isFrozen(plan.columns) ? sharedColumns.get(plan.columns) : undefined;
  const key = rowtime ?? "";
  const kept = shared?.get(key);
  if (kept !== undefined) return kept;
  const out: TableColumn[] = [];
  for (const c of plan.columns) out.push(c.name === rowtime ? { name: c.name, type: c.type, insertable: true, timeAttribute: "rowtime" } : { name: c.name, type: c.type, insertable: true });
  if (Object.isFrozen(plan.columns) && plan.columns.every((c) => Object.isFrozen(c))) {
    const byRowtime = shared ?? new Map<string, readonly TableColumn[]>();
    byRowtime.set(key, deepFreeze(out));
    if (shared === undefined) sharedColumns.set(plan.columns, byRowtime);
  }
  return out;
}

/** tableColumns' lists of a frozen column list (with frozen columns, so it cannot change), per rowtime column ("" for none). */
const sharedColumns = new WeakMap<readonly unknown[], Map<string, readonly TableColumn[]>>();

export function registerIcebergTable(component: object, plan: IcebergTablePlan, outputs: IcebergTableOutputs): void {
  const read = plan.read;
  const bounded = read?.bounded ?? true;
  // Optional keys absent, not undefined; added with Object.assign after the fixed ones (a literal
  // with keys after a spread is built key by key in V8's runtime; BENCHMARKS.md session 6).
  const iceberg = Object.assign(
    {
      catalogKey: plan.catalogKey,
      database: plan.database,
      table: plan.table,
      schema: plan.schema,
      partitionSpec: plan.partitionSpec,
      formatVersion: plan.formatVersion,
      needsFormatV3: plan.needsFormatV3,
      upsert: plan.upsert,
      streamingRead: read?.streamingRead ?? false,
      pinnedBySnapshotIds: read?.pinnedBySnapshotIds ?? false,
    } satisfies Omit<IcebergTableFacts, "hashDistributionProblem" | "watermark" | "branch" | "writeFormat" | "selectsSnapshots" | "appendRange">,
    plan.branch !== undefined ? { branch: plan.branch } : undefined,
    read?.options["start-snapshot-id"] !== undefined ? { appendRange: true } : undefined,
    plan.kind === "IcebergSource" && SNAPSHOT_SELECTION.some((k) => plan.baseOptions[k] !== undefined) ? { selectsSnapshots: true } : undefined,
    plan.kind === "IcebergSink" && plan.baseOptions["write-format"] !== undefined ? { writeFormat: plan.baseOptions["write-format"] } : undefined,
    plan.hashDistributionProblem !== undefined ? { hashDistributionProblem: plan.hashDistributionProblem } : undefined,
    plan.watermark !== undefined ? { watermark: plan.watermark.expression === SOURCE_WATERMARK ? ("source" as const) : ("expression" as const) } : undefined,
  );
  registerTableDefinition(
    component,
    Object.assign(
      {
        resourceType: plan.kind,
        resourceName: plan.resourceName,
        label: plan.label,
        tableName: plan.tableName,
        columns: tableColumns(plan),
        ddl: outputs.plain !== undefined ? outputs.plain.ddl : outputs.rendered.apply((r) => r.ddl),
        writable: plan.kind === "IcebergSink",
        // A sink table read in a statement is a one-time read of its current snapshot ('streaming' unset = false).
        bounded,
        iceberg,
        warnings: plan.warnings,
      } satisfies Omit<TableDefinition, "ddlPlain" | "unboundedReason" | "commitInterval" | "primaryKey" | "partitionKeys" | "expressions">,
      outputs.plain !== undefined ? { ddlPlain: outputs.plain.ddl } : undefined,
      plan.primaryKey.length > 0 ? { primaryKey: plan.primaryKey } : undefined,
      plan.partitionedBy.length > 0 ? { partitionKeys: plan.partitionedBy } : undefined,
      read?.unboundedReason !== undefined ? { unboundedReason: read.unboundedReason } : undefined,
      plan.commitInterval !== undefined ? { commitInterval: plan.commitInterval } : undefined,
      acknowledgedCount(plan.resourceWarnings),
      // A watermark expression of one's own (not source watermarks): Flink validates it at CREATE TABLE.
      plan.watermark !== undefined && plan.watermark.expression !== SOURCE_WATERMARK ? { expressions: [{ path: "watermark.expression", text: plan.watermark.expression }] } : undefined,
    ),
  );
}
