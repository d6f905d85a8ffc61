/**
 * IcebergSource: an Iceberg table read by Flink SQL jobs, declared as a `'connector' = 'iceberg'`
 * table. Validates every arg at construction (one FlinkIcebergValidationError listing every
 * problem) and renders the CREATE TABLE; the job finds it through its TableDefinition.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { IcebergSourceArgs } from "./iceberg-table-args.js";
import { IcebergTableResource } from "./iceberg-table-resource.js";

/**
 * An Iceberg table to read (seed Table 1 options: streaming, startSnapshotId, endSnapshotId,
 * splitSize; SPEC decision 4 says what each combination reads).
 * @throws FlinkIcebergValidationError listing every problem of the args.
 */
export class IcebergSource extends IcebergTableResource {
  constructor(name: string, args: IcebergSourceArgs, opts?: pulumi.ComponentResourceOptions) {
    super("IcebergSource", name, args, opts);
  }
}
