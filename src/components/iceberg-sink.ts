/**
 * IcebergSink: an Iceberg table written by Flink SQL jobs, declared as a `'connector' = 'iceberg'`
 * table. Validates every arg at construction (one FlinkIcebergValidationError listing every
 * problem) and renders the CREATE TABLE; the job finds it through its TableDefinition and takes
 * its commitInterval as the checkpoint interval (SPEC decisions 2 and 9).
 */
import * as pulumi from "@pulumi/pulumi";
import { planIcebergTable } from "../options/iceberg-table.js";
import { validatedOrCollected } from "./collect.js";
import { failedTableSecrets } from "./failed-table-secrets.js";
import { registerFailedTable } from "./table-definition.js";
import type { ReportsWarnings, ResourceWarning } from "../validation/acknowledged-warnings.js";
import { resourceLabel, type ValidationIssue } from "../validation/error.js";
import type { IcebergSinkArgs } from "./iceberg-table-args.js";
import { defineIcebergTableOutputs, IcebergTableState, TABLE_STATE, type IcebergTableOutputGetters } from "./iceberg-table-resource.js";

// The shared outputs (ddl, options, icebergSchema), documented on IcebergTableOutputGetters.
export interface IcebergSink extends IcebergTableOutputGetters {}

/**
 * An Iceberg table to write (seed Table 2 options: writeFormat, commitInterval,
 * targetFileSizeBytes, upsertEnabled, compressionCodec; SPEC decisions 2, 5, 6, 7).
 * @throws FlinkIcebergValidationError listing every problem of the args.
 */
export class IcebergSink extends pulumi.ComponentResource implements ReportsWarnings {
  /** The Flink table name (plain). */
  readonly tableName: string;
  /**
   * A keyed sink's warning about delete files on a format-version 1 table stays listed when a job's
   * error says the same, which drops it from the log.
   * @inheritDoc
   */
  readonly warnings: readonly ResourceWarning[];
  /** commitInterval as written (plain), for the job's checkpoint interval; undefined when unset. */
  readonly commitInterval: string | undefined;
  private readonly [TABLE_STATE]: IcebergTableState | undefined;

  constructor(name: string, args: IcebergSinkArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering, so invalid args create nothing.
    let issues: readonly ValidationIssue[] = [];
    const plan = validatedOrCollected(() => planIcebergTable("IcebergSink", name, args), (e) => (issues = e.issues));
    // No args go to the engine: a bigint would serialize as {}.
    super("flink-iceberg:index:IcebergSink", name, {}, opts);
    if (plan === undefined) {
      // synth's collecting mode: the errors are recorded; a failed table the program can still use.
      this.tableName = registerFailedTable(this, "IcebergSink", name, args, issues, failedTableSecrets("IcebergSink", args, resourceLabel("IcebergSink", name), issues));
      this.commitInterval = undefined;
      this[TABLE_STATE] = undefined;
      this.warnings = [];
      return;
    }
    this.tableName = plan.tableName;
    this.warnings = plan.resourceWarnings;
    this.commitInterval = plan.commitInterval?.text;
    this[TABLE_STATE] = new IcebergTableState(plan, this);
    this.registerOutputs(this[TABLE_STATE].registeredOutputs(plan));
  }
}
defineIcebergTableOutputs(IcebergSink);
