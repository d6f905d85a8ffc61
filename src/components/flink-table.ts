/**
 * FlinkTable: a Flink table of any other connector (kafka, upsert-kafka, datagen, filesystem,
 * jdbc, print, blackhole ...) to read from or write to in a FlinkSqlJob. Validated at
 * construction like the Iceberg tables; rendered with the same quoting and determinism.
 */
import * as pulumi from "@pulumi/pulumi";
import { planGenericTable, type FlinkTableArgs, type GenericTablePlan } from "../sql/generic-table.js";
import { Diagnostics } from "../validation/diagnostics.js";
import { resourceLabel } from "../validation/error.js";
import { passedOrCollected } from "./collect.js";
import { registerFailedTable, registerTableDefinition } from "./table-definition.js";

export type { FlinkTableArgs, FlinkColumn, FlinkPhysicalColumn, FlinkComputedColumn, FlinkMetadataColumn } from "../sql/generic-table.js";

/**
 * A Flink table of any connector. Interpolate it in `sql` statements of a FlinkSqlJob; the job
 * renders its CREATE TABLE.
 * @throws FlinkIcebergValidationError listing every problem of the args.
 */
export class FlinkTable extends pulumi.ComponentResource {
  /** The Flink table name (plain). */
  readonly tableName: string;
  /** undefined for a table that failed validation in synth's collecting mode (collect.ts). */
  private readonly plan: GenericTablePlan | undefined;
  private ddlOutput?: pulumi.Output<string>;
  private optionsOutput?: pulumi.Output<Record<string, string>>;

  constructor(name: string, args: FlinkTableArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering, so invalid args create nothing.
    const label = resourceLabel("FlinkTable", name);
    const diag = new Diagnostics();
    const plan = planGenericTable(name, args ?? ({} as FlinkTableArgs), diag);
    const valid = passedOrCollected(diag, label);
    super("flink-iceberg:index:FlinkTable", name, {}, opts);
    if (!valid || plan === undefined) {
      // synth's collecting mode: the errors are recorded; a failed table the program can still use.
      this.tableName = registerFailedTable(this, "FlinkTable", name, args);
      this.plan = undefined;
      return;
    }
    const p = plan;
    this.tableName = p.tableName;
    this.plan = p;
    registerTableDefinition(this, {
      resourceType: "FlinkTable",
      resourceName: name,
      label,
      tableName: p.tableName,
      ddl: p.ddl,
      ddlPlain: p.ddl,
      writable: true,
      bounded: p.boundedness.bounded,
      unboundedReason: p.boundedness.reason,
      warnings: [],
    });
    this.registerOutputs({ tableName: this.tableName, ddl: p.ddl, options: { ...p.options } });
  }

  /** The CREATE TABLE statement (created on first access). */
  get ddl(): pulumi.Output<string> {
    return (this.ddlOutput ??= pulumi.output(this.plan?.ddl as string));
  }

  /** The rendered WITH map (created on first access). */
  get options(): pulumi.Output<Record<string, string>> {
    return (this.optionsOutput ??= pulumi.output(this.plan && { ...this.plan.options }) as pulumi.Output<Record<string, string>>);
  }
}
