/**
 * What to write instead of the Flink Kubernetes Operator's own FlinkDeployment fields, when a
 * program writes them in `kubernetes` (a team copying a FlinkDeployment it wrote by hand, or the
 * operator's docs): `job: { parallelism, upgradeMode, ... }` and `jobManager: { resource: { memory,
 * cpu } }` (flink-kubernetes-operator CRD flinkdeployments.flink.apache.org-v1: spec.job,
 * spec.jobManager.resource). The package writes spec.job itself (manifests.ts) from the job's args,
 * and this package's jobManager/taskManager hold the resource fields directly.
 */

/** Where each field of the CRD's spec.job goes in this package's args. */
const JOB_FIELD_HOMES: Readonly<Record<string, string>> = {
  parallelism: "the FlinkSqlJob's own parallelism",
  upgradeMode: "kubernetes.upgradeMode",
  state: "kubernetes.state",
  allowNonRestoredState: "kubernetes.allowNonRestoredState",
  initialSavepointPath: "kubernetes.initialSavepointPath",
  jarURI: "kubernetes.sqlRunner.jarURI (Flink 1.19/1.20; Flink 2.x runs the script without a jar)",
  entryClass: "kubernetes.sqlRunner.entryClass (Flink 1.19/1.20; Flink 2.x runs the script without a jar)",
  args: "nothing: the package passes the script to the runner itself",
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `value` as a prop value in a message: JSON for plain values, `...` otherwise. */
const shown = (value: unknown): string => (typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? JSON.stringify(value) : "...");

/** Advice for an unknown top-level key of `kubernetes` that is a FlinkDeployment field (`job`, `spec`), or undefined. */
export function kubernetesFieldAdvice(key: string, value: unknown): string | undefined {
  if (key === "spec") return "the package writes the FlinkDeployment's spec from the props of kubernetes (image, flinkVersion, jobManager, taskManager, flinkConfiguration, podTemplate, ...) and the job's own args: write those props here instead";
  if (key !== "job") return undefined;
  const fields = isPlainObject(value) ? Object.keys(value) : [];
  const placed = fields.filter((f) => JOB_FIELD_HOMES[f] !== undefined).map((f) => `${f} → ${JOB_FIELD_HOMES[f]}${f === "args" ? "" : ` (${shown((value as Record<string, unknown>)[f])})`}`);
  const other = fields.filter((f) => JOB_FIELD_HOMES[f] === undefined);
  return (
    "the package writes the FlinkDeployment's spec.job itself from the job's args" +
    (placed.length > 0 ? `; write ${placed.join(", ")}` : `: parallelism is the FlinkSqlJob's own parallelism, upgradeMode and state are kubernetes.upgradeMode and kubernetes.state`) +
    (other.length > 0 ? `; ${other.map((f) => JSON.stringify(f)).join(", ")} ${other.length === 1 ? "has" : "have"} no prop here` : "")
  );
}

/** Advice for an unknown key of `kubernetes.jobManager` / `taskManager` that is the CRD's `resource` object, or undefined. */
export function resourceFieldAdvice(part: "jobManager" | "taskManager"): (key: string, value: unknown) => string | undefined {
  return (key, value) => {
    if (key !== "resource") return undefined;
    const r = isPlainObject(value) ? value : {};
    const given = (["memory", "cpu"] as const).filter((f) => r[f] !== undefined).map((f) => `${f}: ${shown(r[f])}`);
    return `the FlinkDeployment's ${part}.resource fields are written directly in ${part} here: write ${part}: { ${given.length > 0 ? given.join(", ") : 'memory: "2048m", cpu: 1'} }`;
  };
}
