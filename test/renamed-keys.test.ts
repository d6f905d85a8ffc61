/**
 * Kubernetes target on Flink 1.19 (deploy/kubernetes/renamed-keys.ts): a key Flink 1.20 renamed
 * (FLIP-406), written under its 1.20 name, is unknown to 1.19 and ignored, a warning naming the
 * 1.19 key. Quiet on 1.20+, for the 1.19 names, when the 1.19 name is set as well, and for
 * execution.checkpointing.unaligned.enabled (1.19 reads it).
 */
import { expect } from "chai";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const RENAMED = (key: string, change: string, old: string): string =>
  `${key} is the Flink 1.20 name of this option (${change}); Flink 1.19 (flinkVersion "v1_19") knows it only as ${old} and ignores a key it does not know, ` +
  `so the job runs with the option's default: write ${old} (Flink 1.20 and later still read that name)`;

function warnings(flinkVersion: KubernetesArgs["flinkVersion"], flinkConfiguration: Record<string, string>, jobConfiguration: Record<string, string>): { path: string; message: string }[] {
  const args: KubernetesArgs = { image: "registry.example.com/flink-iceberg:1.19", flinkVersion, sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" }, flinkConfiguration };
  const facts: KubernetesJobFacts = { jobName: "j", runtimeMode: "streaming", bounded: false, parallelism: 1, flinkConfiguration: jobConfiguration, needsFormatV3: false };
  const diag = new Diagnostics();
  validateKubernetesArgs(args, facts, diag);
  return diag.warnings.filter((w) => w.message.includes("Flink 1.20 name"));
}

describe("Kubernetes target: keys Flink 1.20 renamed, on Flink 1.19", () => {
  it("trial p37: a 1.20 name in the job's configuration or flinkConfiguration is a warning naming the 1.19 key", () => {
    expect(
      warnings(
        "v1_19",
        { "execution.checkpointing.local-backup.enabled": "true" },
        { "execution.checkpointing.incremental": "true", "execution.state-recovery.claim-mode": "CLAIM", "execution.checkpointing.unaligned.enabled": "true" },
      ),
    ).to.deep.equal([
      { path: 'kubernetes.flinkConfiguration["execution.checkpointing.local-backup.enabled"]', message: RENAMED("execution.checkpointing.local-backup.enabled", "FLINK-34484", "state.backend.local-recovery") },
      { path: 'configuration["execution.checkpointing.incremental"]', message: RENAMED("execution.checkpointing.incremental", "FLINK-34482", "state.backend.incremental") },
      { path: 'configuration["execution.state-recovery.claim-mode"]', message: RENAMED("execution.state-recovery.claim-mode", "FLINK-34454", "execution.savepoint-restore-mode") },
    ]);
  });

  it("execution.checkpointing.checkpoints-after-tasks-finish (FLIP-406; 1.19: ....enabled): warned on v1_19, quiet on 1.20+ and under its 1.19 name", () => {
    const key = "execution.checkpointing.checkpoints-after-tasks-finish";
    expect(warnings("v1_19", {}, { [key]: "true" })).to.deep.equal([{ path: `configuration["${key}"]`, message: RENAMED(key, "FLIP-406", `${key}.enabled`) }]);
    expect(warnings("v1_19", { [key]: "true" }, {})).to.deep.equal([{ path: `kubernetes.flinkConfiguration["${key}"]`, message: RENAMED(key, "FLIP-406", `${key}.enabled`) }]);
    for (const v of ["v1_20", "v2_0", "v2_1"] as const) expect(warnings(v, {}, { [key]: "true" }), v).to.deep.equal([]);
    expect(warnings("v1_19", {}, { [`${key}.enabled`]: "true" })).to.deep.equal([]);
  });

  it("quiet: the same keys on 1.20 and 2.x, the 1.19 names on 1.19, and a 1.20 name next to its 1.19 name", () => {
    const conf = { "execution.checkpointing.incremental": "true", "execution.checkpointing.num-retained": "3" };
    for (const v of ["v1_20", "v2_0", "v2_1"] as const) expect(warnings(v, {}, conf), v).to.deep.equal([]);
    expect(warnings("v1_19", { "state.checkpoints.num-retained": "3" }, { "state.backend.incremental": "true", "execution.checkpointing.unaligned.enabled": "true" })).to.deep.equal([]);
    expect(warnings("v1_19", { "state.checkpoints.num-retained": "3" }, { "execution.checkpointing.num-retained": "3" })).to.deep.equal([]);
  });
});
