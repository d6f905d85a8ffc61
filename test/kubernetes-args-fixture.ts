/**
 * The Kubernetes target's validation with base args and job facts that pass: what the tests of
 * kubernetes/validate.ts change one prop at a time.
 */
import { expect } from "chai";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

export const BASE: KubernetesArgs = {
  image: "registry.example.com/flink-iceberg:1.20",
  flinkVersion: "v1_20",
  sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" },
};
export const FACTS: KubernetesJobFacts = {
  jobName: "orders-daily",
  runtimeMode: "streaming",
  bounded: false,
  parallelism: 2,
  flinkConfiguration: { "execution.checkpointing.interval": "1min", "parallelism.default": "2" },
  needsFormatV3: false,
};

export function run(args: Partial<KubernetesArgs> | Record<string, unknown>, facts: Partial<KubernetesJobFacts> = {}): { errors: { path: string; message: string }[]; warnings: { path: string; message: string }[] } {
  const diag = new Diagnostics();
  validateKubernetesArgs({ ...BASE, ...args } as KubernetesArgs, { ...FACTS, ...facts }, diag);
  return { errors: diag.errors, warnings: diag.warnings };
}

export function onlyError(args: Partial<KubernetesArgs> | Record<string, unknown>, facts: Partial<KubernetesJobFacts> = {}): { path: string; message: string } {
  const { errors } = run(args, facts);
  expect(errors, JSON.stringify(errors)).to.have.length(1);
  return errors[0]!;
}
