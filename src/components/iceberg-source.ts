/**
 * IcebergSource: an Iceberg table read by Flink SQL jobs, declared as a `'connector' = 'iceberg'`
 * table. Validates every arg at construction (one FlinkIcebergValidationError listing every
 * problem) and renders the CREATE TABLE; the job finds it through its TableDefinition.
 */
import * as pulumi from "@pulumi/pulumi";
import { planIcebergTable } from "../options/iceberg-table.js";
import { validatedOrCollected } from "./collect.js";
import { failedTableSecrets } from "./failed-table-secrets.js";
import { registerFailedTable } from "./table-definition.js";
import type { ReportsWarnings, ResourceWarning } from "../validation/acknowledged-warnings.js";
import { resourceLabel, type ValidationIssue } from "../validation/error.js";
import type { IcebergSourceArgs } from "./iceberg-table-args.js";
import { defineIcebergTableOutputs, IcebergTableState, TABLE_STATE, type IcebergTableOutputGetters } from "./iceberg-table-resource.js";

// The shared outputs (ddl, options, icebergSchema), documented on IcebergTableOutputGetters.
export interface IcebergSource extends IcebergTableOutputGetters {}

/**
 * An Iceberg table to read (seed Table 1 options: streaming, startSnapshotId, endSnapshotId,
 * splitSize; SPEC decision 4 says what each combination reads).
 * @throws FlinkIcebergValidationError listing every problem of the args.
 */
export class IcebergSource extends pulumi.ComponentResource implements ReportsWarnings {
  /** The Flink table name (plain). */
  readonly tableName: string;
  // Documented on ReportsWarnings (src/validation/acknowledged-warnings.ts), which an IDE shows here.
  readonly warnings: readonly ResourceWarning[];
  private readonly [TABLE_STATE]: IcebergTableState | undefined;

  constructor(name: string, args: IcebergSourceArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering, so invalid args create nothing.
    let issues: readonly ValidationIssue[] = [];
    const plan = validatedOrCollected(() => planIcebergTable("IcebergSource", name, args), (e) => (issues = e.issues));
    // No args go to the engine: a bigint would serialize as {}.
    super("flink-iceberg:index:IcebergSource", name, {}, opts);
    if (plan === undefined) {
      // synth's collecting mode: the errors are recorded; a failed table the program can still use.
      this.tableName = registerFailedTable(this, "IcebergSource", name, args, issues, failedTableSecrets("IcebergSource", args, resourceLabel("IcebergSource", name), issues));
      this[TABLE_STATE] = undefined;
      this.warnings = [];
      return;
    }
    this.tableName = plan.tableName;
    this.warnings = plan.resourceWarnings;
    this[TABLE_STATE] = new IcebergTableState(plan, this);
    this.registerOutputs(this[TABLE_STATE].registeredOutputs(plan));
  }
}
defineIcebergTableOutputs(IcebergSource);
