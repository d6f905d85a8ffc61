/**
 * The Pulumi component both IcebergSource and IcebergSink are: it validates every arg at
 * construction (planIcebergTable: one FlinkIcebergValidationError listing every problem, before
 * anything is registered), registers the TableDefinition the job reads, and exposes the rendered
 * table. `ddl`, `options` and `icebergSchema` are created on first access: with plain values a
 * component needs no Output at all, which keeps `pulumi preview` of many jobs cheap (BENCHMARKS.md).
 */
import * as pulumi from "@pulumi/pulumi";
import type { IcebergSchema } from "../iceberg/types.js";
import { planIcebergTable, type IcebergTablePlan } from "../options/iceberg-table.js";
import type { IcebergSinkArgs, IcebergSourceArgs } from "./iceberg-table-args.js";
import { logWarnings, registerIcebergTable, renderTableOutputs, type IcebergTableOutputs } from "./iceberg-table-component.js";

export abstract class IcebergTableResource extends pulumi.ComponentResource {
  /** The Flink table name (plain). */
  readonly tableName: string;
  /** The validated plan (internal). */
  protected readonly tablePlan: IcebergTablePlan;
  private readonly rendering: IcebergTableOutputs;
  private ddlOutput?: pulumi.Output<string>;
  private optionsOutput?: pulumi.Output<Record<string, string>>;
  private schemaOutput?: pulumi.Output<IcebergSchema>;

  protected constructor(kind: "IcebergSource" | "IcebergSink", name: string, args: IcebergSourceArgs | IcebergSinkArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering, so invalid args create nothing.
    const plan = planIcebergTable(kind, name, args);
    // No args go to the engine: a bigint would serialize as {}.
    super(`flink-iceberg:index:${kind}`, name, {}, opts);
    this.tablePlan = plan;
    this.rendering = renderTableOutputs(plan);
    this.tableName = plan.tableName;
    logWarnings(plan, this);
    registerIcebergTable(this, plan, this.rendering);
    const plain = this.rendering.plain;
    // Plain values where known: the engine receives the same outputs without Output plumbing.
    this.registerOutputs({
      tableName: this.tableName,
      ddl: plain ? plain.ddl : this.ddl,
      options: plain ? plain.options : this.options, // read-only: the engine only serializes it
      icebergSchema: plan.schema,
      ...(plan.commitInterval !== undefined ? { commitInterval: plan.commitInterval.text } : {}),
    });
  }

  /** The CREATE TABLE statement. Rejects when catalog uri/warehouse is a Pulumi secret. */
  get ddl(): pulumi.Output<string> {
    const plain = this.rendering.plain;
    return (this.ddlOutput ??= plain ? pulumi.output(plain.ddl) : this.rendering.rendered.apply((r) => r.ddl));
  }

  /** The rendered WITH map (runtime keys, string values). Rejects when catalog uri/warehouse is a Pulumi secret. */
  get options(): pulumi.Output<Record<string, string>> {
    const plain = this.rendering.plain;
    return (this.optionsOutput ??= plain ? pulumi.output({ ...plain.options }) : this.rendering.rendered.apply((r) => ({ ...r.options })));
  }

  /** The Iceberg schema the table gets when the connector creates it (field ids as Iceberg assigns them). */
  get icebergSchema(): pulumi.Output<IcebergSchema> {
    return (this.schemaOutput ??= pulumi.output(this.tablePlan.schema));
  }
}
