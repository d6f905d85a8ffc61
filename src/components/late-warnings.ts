/**
 * Warnings found after a constructor returned: the checks of a prop given as an Output, run once its
 * value is known (kubernetes.image: kubernetes/deploy.ts; sqlGateway.endpoint:
 * sql-gateway/endpoint-output.ts), and those of a SqlGatewayJob a program creates itself
 * (sql-gateway/resource.ts: it has no `warnings` list, that name is its provider's output).
 * They cannot join a component's `warnings` list, which is frozen when its constructor returns, so
 * they are logged on the resource with `pulumi.log.warn` (what `pulumi preview` shows), and
 * recorded in the program's registry, so that `flink-iceberg synth`, which hides the runtime's
 * console lines (run-program.ts), lists and counts them in its summary (synth.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { formatIssue, type ValidationIssue } from "../validation/error.js";
import { registry } from "./job-registry.js";

/** A warning logged after construction, with the label of the resource it is about (`FlinkSqlJob "orders"`). */
export interface LateWarning {
  readonly label: string;
  /** The logged text, the label first. */
  readonly text: string;
}

/** Logs `issue` as `label: path: message` (formatIssue) on `resource` and records it for synth. */
export function warnLate(label: string, issue: ValidationIssue, resource: pulumi.Resource | undefined): void {
  const text = formatIssue(label, issue);
  (registry().lateWarnings ??= []).push({ label, text });
  void pulumi.log.warn(text, resource);
}

/** The warnings logged after construction so far, in order. */
export function lateWarnings(): readonly LateWarning[] {
  return registry().lateWarnings ?? [];
}
