/**
 * The deploy targets of a FlinkSqlJob: none (render only), the Flink Kubernetes Operator, or a
 * Flink SQL Gateway. The two targets are mutually exclusive.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { JobPlan } from "../sql/job-plan.js";
import type { Diagnostics } from "../validation/diagnostics.js";

export interface TargetArgs {
  kubernetes?: unknown;
  sqlGateway?: unknown;
}

/** Outputs of the deploy target. */
export interface DeployOutputs {
  /** Kubernetes objects as `kubectl apply -f` takes them (kubernetes target). */
  manifests?: pulumi.Output<object[]>;
}

/** Checks the target args on plain values. */
export function validateTarget(_name: string, args: TargetArgs, _plan: JobPlan, diag: Diagnostics): void {
  if (args.kubernetes !== undefined && args.sqlGateway !== undefined) {
    diag.error("kubernetes", "`kubernetes` and `sqlGateway` are mutually exclusive: deploy the job to one target");
  }
}

/** Creates the target's child resources. */
export function deployTarget(_parent: pulumi.ComponentResource, _name: string, _args: TargetArgs, _plan: JobPlan, _script: pulumi.Output<string>): DeployOutputs {
  return {};
}
