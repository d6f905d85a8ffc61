/**
 * What an IcebergSource or IcebergSink holds once its args are valid, and the outputs both expose.
 * Both classes extend `pulumi.ComponentResource` directly, not a shared base class: Pulumi records
 * the constructor call stack of every resource and takes the first frame after the component's
 * own constructor as the resource's source position, so a base class in between would make that
 * position a file of this package instead of the user's program, and costs a frame per resource
 * (BENCHMARKS.md). The shared outputs are getters defined once on both prototypes.
 */
import * as pulumi from "@pulumi/pulumi";
import type { IcebergPartitionSpec, IcebergSchema } from "../iceberg/types.js";
import type { IcebergTablePlan } from "../options/iceberg-table.js";
import { logWarnings, registerIcebergTable, renderTableOutputs, type IcebergTableOutputs } from "./iceberg-table-component.js";

/**
 * The outputs IcebergSource and IcebergSink share, each created on first access: with plain
 * values a table needs no Output at all, which keeps `pulumi preview` of many jobs cheap.
 */
export interface IcebergTableOutputGetters {
  /** The CREATE TABLE statement. Rejects when catalog uri/warehouse is a Pulumi secret. */
  readonly ddl: pulumi.Output<string>;
  /** The rendered WITH map (runtime keys, string values). Rejects when catalog uri/warehouse is a Pulumi secret. */
  readonly options: pulumi.Output<Record<string, string>>;
  /** The Iceberg schema the table gets when the connector creates it (field ids as Iceberg assigns them). */
  readonly icebergSchema: pulumi.Output<IcebergSchema>;
  /**
   * The partition spec Iceberg stores when the connector creates the table:
   * `{ "spec-id": 0, fields: [{ name, transform: "identity", "source-id", "field-id" }] }`, one
   * identity field per `partitionedBy` column in order, field ids from 1000 (`fields` empty when
   * unpartitioned). Source: iceberg `flink/.../FlinkCatalog.java` `toPartitionSpec`,
   * `core/.../PartitionSpecParser.java`. An existing table keeps its own spec.
   */
  readonly icebergPartitionSpec: pulumi.Output<IcebergPartitionSpec>;
}

/**
 * One table component's rendering and outputs once created. It keeps only what the outputs read:
 * the validated plan (parsed columns, option maps) is not kept past the constructor, since
 * everything a component keeps lives as long as Pulumi's whole program (BENCHMARKS.md).
 */
export class IcebergTableState {
  private readonly rendering: IcebergTableOutputs;
  private readonly schema: IcebergSchema;
  private readonly partitionSpec: IcebergPartitionSpec;
  private ddlOutput?: pulumi.Output<string>;
  private optionsOutput?: pulumi.Output<Record<string, string>>;
  private schemaOutput?: pulumi.Output<IcebergSchema>;
  private partitionSpecOutput?: pulumi.Output<IcebergPartitionSpec>;

  /** Renders the plan, logs its warnings on `component` and registers the TableDefinition the job reads. */
  constructor(plan: IcebergTablePlan, component: pulumi.ComponentResource) {
    const rendering = renderTableOutputs(plan);
    this.rendering = rendering;
    this.schema = plan.schema;
    this.partitionSpec = plan.partitionSpec;
    logWarnings(plan, component);
    registerIcebergTable(component, plan, rendering);
  }

  /** What the component of `plan` registers: plain values where known (the engine gets the same outputs without Output plumbing). */
  registeredOutputs(plan: IcebergTablePlan): pulumi.Inputs {
    const plain = this.rendering.plain;
    return {
      tableName: plan.tableName,
      ddl: plain ? plain.ddl : this.ddl,
      options: plain ? plain.options : this.options, // read-only: the engine only serializes it
      icebergSchema: plan.schema,
      icebergPartitionSpec: plan.partitionSpec,
      ...(plan.commitInterval !== undefined ? { commitInterval: plan.commitInterval.text } : {}),
    };
  }

  get ddl(): pulumi.Output<string> {
    const r = this.rendering;
    return (this.ddlOutput ??= r.plain !== undefined ? pulumi.output(r.plain.ddl) : r.rendered.apply((x) => x.ddl));
  }

  get options(): pulumi.Output<Record<string, string>> {
    const r = this.rendering;
    return (this.optionsOutput ??= r.plain !== undefined ? pulumi.output({ ...r.plain.options }) : r.rendered.apply((x) => ({ ...x.options })));
  }

  get icebergSchema(): pulumi.Output<IcebergSchema> {
    return (this.schemaOutput ??= pulumi.output(this.schema));
  }

  get icebergPartitionSpec(): pulumi.Output<IcebergPartitionSpec> {
    return (this.partitionSpecOutput ??= pulumi.output(this.partitionSpec));
  }
}

/** Where a table component keeps its IcebergTableState. */
export const TABLE_STATE: unique symbol = Symbol("flink-iceberg:table-state");

/** Defines the IcebergTableOutputGetters on a table component class (once, at module load). */
export function defineIcebergTableOutputs(cls: { prototype: object }): void {
  // undefined for a component that failed validation in synth's collecting mode (collect.ts).
  const state = (self: unknown): IcebergTableState | undefined => (self as { [TABLE_STATE]: IcebergTableState | undefined })[TABLE_STATE];
  Object.defineProperties(cls.prototype, {
    ddl: {
      configurable: true,
      get(this: unknown) {
        return state(this)?.ddl ?? pulumi.output(undefined);
      },
    },
    options: {
      configurable: true,
      get(this: unknown) {
        return state(this)?.options ?? pulumi.output(undefined);
      },
    },
    icebergSchema: {
      configurable: true,
      get(this: unknown) {
        return state(this)?.icebergSchema ?? pulumi.output(undefined);
      },
    },
    icebergPartitionSpec: {
      configurable: true,
      get(this: unknown) {
        return state(this)?.icebergPartitionSpec ?? pulumi.output(undefined);
      },
    },
  });
}
