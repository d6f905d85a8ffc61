/**
 * IcebergSource: an Iceberg table read by Flink SQL jobs, declared as a `'connector' = 'iceberg'`
 * table. Validates every arg at construction (one FlinkIcebergValidationError listing every
 * problem) and renders the CREATE TABLE; the job finds it through its TableDefinition.
 */
import * as pulumi from "@pulumi/pulumi";
import type { IcebergSchema } from "../iceberg/types.js";
import { planIcebergTable } from "../options/iceberg-table.js";
import type { IcebergSourceArgs } from "./iceberg-table-args.js";
import { logWarnings, registeredTableOutputs, registerIcebergTable, renderTableOutputs, tableOutputFields } from "./iceberg-table-component.js";

export class IcebergSource extends pulumi.ComponentResource {
  /** The Flink table name (plain). */
  public readonly tableName: string;
  /** The CREATE TABLE statement. Rejects when catalog uri/warehouse is a Pulumi secret. */
  public readonly ddl: pulumi.Output<string>;
  /** The rendered WITH map (runtime keys, string values). */
  public readonly options: pulumi.Output<Record<string, string>>;
  /** The Iceberg schema the table gets when the connector creates it. */
  public readonly icebergSchema: pulumi.Output<IcebergSchema>;

  constructor(name: string, args: IcebergSourceArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering, so invalid args create nothing.
    const plan = planIcebergTable("IcebergSource", name, args);
    // No args go to the engine: a bigint would serialize as {}.
    super("flink-iceberg:index:IcebergSource", name, {}, opts);
    const outputs = renderTableOutputs(plan);
    this.tableName = plan.tableName;
    const fields = tableOutputFields(outputs);
    this.ddl = fields.ddl;
    this.options = fields.options;
    this.icebergSchema = pulumi.output(plan.schema);
    logWarnings(plan, this);
    registerIcebergTable(this, plan, outputs);
    this.registerOutputs(registeredTableOutputs(plan, outputs, this));
  }
}
