/**
 * One test per preview rule of the Kubernetes target, each with an input that breaks it; exact
 * paths, and the message tokens that tell the user what to do.
 */
import { expect } from "chai";
import { FACTS, onlyError, run } from "./kubernetes-args-fixture.js";

describe("kubernetes validation", () => {
  it("taskManager.replicas × task slots below the job's parallelism is an error (the operator sizes the cluster by replicas)", () => {
    expect(onlyError({ taskManager: { cpu: 1, memory: "2048m", replicas: 2 } }, { parallelism: 8 })).to.deep.equal({
      path: "kubernetes.taskManager.replicas",
      message:
        "2 TaskManager(s) × 1 task slot(s) = 2 slot(s), below the job's parallelism 8: with replicas set the operator sizes the cluster by them and ignores the job's parallelism " +
        '(FlinkConfigBuilder: "Job parallelism setting is ignored as TaskManager replicas are set"), while the script still asks for 8, so the job would wait for slots it never gets. ' +
        "Set replicas to 8, raise taskmanager.numberOfTaskSlots in kubernetes.flinkConfiguration, or leave replicas unset (the operator then derives them from the parallelism)",
    });
    expect(run({ taskManager: { cpu: 1, memory: "2048m", replicas: 2 }, flinkConfiguration: { "taskmanager.numberOfTaskSlots": "4" } }, { parallelism: 8 }).errors).to.deep.equal([]);
    expect(run({ taskManager: { cpu: 1, memory: "2048m", replicas: 2 } }, { parallelism: 2 }).errors).to.deep.equal([]);
  });

  it("an env value or a JVM option that embeds a credential is an error (env values are plain text in the FlinkDeployment)", () => {
    const { errors } = run({
      env: { CATALOG_URI: "https://admin:hunter2@catalog:8181", JDBC_URL: "jdbc:postgresql://db/x?password=hunter2", LOG_LEVEL: "INFO", JAVA_TOOL_OPTIONS: "-Xmx1g -Dfile.encoding=UTF-8" },
      flinkConfiguration: { "env.java.opts.all": "-Dfoo.password=hunter2" },
    });
    expect(errors.map((e) => e.path)).to.deep.equal(['kubernetes.flinkConfiguration["env.java.opts.all"]', 'kubernetes.env["CATALOG_URI"]', 'kubernetes.env["JDBC_URL"]']);
    expect(errors.map((e) => e.message).join("\n")).to.not.contain("hunter2");
  });

  it("a runner hazard inside an INSERT is reported once, not again for the statement set that repeats it", () => {
    const insert = "INSERT INTO `a` SELECT id, 'x--y' FROM `src`";
    const set = ["EXECUTE STATEMENT SET", "BEGIN", `${insert};`, "INSERT INTO `b` SELECT id, 'z' FROM `src`;", "END;"].join("\n");
    const statements = [
      { label: "statements[0]", text: insert },
      { label: "the statement set", text: set },
    ];
    expect(run({}, { statements }).errors).to.deep.equal([
      {
        path: "kubernetes.flinkVersion",
        message:
          `statements[0]: the string literal 'x--y' contains "--", which the Flink 1.20 SQL runner strips as a comment even inside quotes; write it as 'x-' || '-y' (the same value, split where the runner would cut), ` +
          `or use flinkVersion "v2_0"/"v2_1" (SqlDriver parses the script with Flink's own parser)`,
      },
    ]);
  });

  it("a misspelt upgradeMode or state suggests the value", () => {
    expect(onlyError({ upgradeMode: "savepoints" as "savepoint", savepointDir: "s3://b/sp" })).to.deep.equal({
      path: "kubernetes.upgradeMode",
      message: 'must be "stateless", "savepoint" or "last-state", got "savepoints"; did you mean "savepoint"?',
    });
    expect(onlyError({ state: "Suspended" as "suspended" }).message).to.equal('must be "running" or "suspended", got "Suspended"; did you mean "suspended"?');
  });

  it("accepts the base args with no errors and no warnings", () => {
    expect(run({})).to.deep.equal({ errors: [], warnings: [] });
  });

  describe("operator rules (facts/deploy.md §3)", () => {
    it("name: more than 45 characters", () => {
      const e = onlyError({ name: "a".repeat(46) });
      expect(e.path).to.equal("kubernetes.name");
      expect(e.message).to.contain("at most 45 characters");
    });
    it("name: not a DNS label starting with a letter", () => {
      expect(onlyError({ name: "1-Orders" }).path).to.equal("kubernetes.name");
      expect(onlyError({ name: "orders-" }).path).to.equal("kubernetes.name");
    });
    it("flinkVersion: missing", () => {
      const e = onlyError({ flinkVersion: undefined });
      expect(e.path).to.equal("kubernetes.flinkVersion");
      expect(e.message).to.contain('"v1_19", "v1_20", "v2_0", "v2_1"');
    });
    it("flinkVersion: not supported", () => {
      const e = onlyError({ flinkVersion: "v1_18" });
      expect(e).to.deep.include({ path: "kubernetes.flinkVersion" });
      expect(e.message).to.equal(
        '"v1_18" is not supported: use one of "v1_19", "v1_20", "v2_0", "v2_1" (this package checks and renders for the Flink versions current Iceberg releases build a Flink runtime for; ' +
          "Iceberg's runtime for Flink 1.18 ended with Iceberg 1.9): upgrade the image to Flink 1.19 or later",
      );
      expect(onlyError({ flinkVersion: "v3_0" }).message).to.equal('"v3_0" is not supported: use one of "v1_19", "v1_20", "v2_0", "v2_1" (the Flink versions this package checks and renders for)');
    });
    it("flinkVersion: a supported version spelt another way gets the enum spelling", () => {
      expect(onlyError({ flinkVersion: "2.1" }).message).to.match(/"2\.1" is not supported: .*; did you mean "v2_1"\?$/);
      expect(onlyError({ flinkVersion: "1.20.1" }).message).to.match(/did you mean "v1_20"\?$/);
      expect(onlyError({ mode: "Native" }).message).to.equal('must be "native" or "standalone", got "Native"; did you mean "native"?');
    });
    it("serviceAccount: empty", () => {
      expect(onlyError({ serviceAccount: "" }).path).to.equal("kubernetes.serviceAccount");
    });
    it("serviceAccount: not a DNS subdomain (upper case, _, longer than 253) is an error; a dotted lower-case name is fine", () => {
      for (const serviceAccount of ["Flink_SA", `a${"b".repeat(253)}`]) {
        expect(onlyError({ serviceAccount })).to.deep.equal({
          path: "kubernetes.serviceAccount",
          message: `${JSON.stringify(serviceAccount)} is not a ServiceAccount name (lower-case DNS subdomain: a-z, 0-9, - and ., at most 253 characters): Kubernetes would refuse the Flink pods`,
        });
      }
      expect(run({ serviceAccount: "flink.jobs-2" }).errors).to.deep.equal([]);
    });
    for (const key of ["kubernetes.namespace", "kubernetes.cluster-id", "high-availability.cluster-id"]) {
      it(`forbidden configuration key ${key}`, () => {
        const e = onlyError({ flinkConfiguration: { [key]: "x" } });
        expect(e.path).to.equal(`kubernetes.flinkConfiguration[${JSON.stringify(key)}]`);
        expect(e.message).to.contain("the operator rejects");
      });
    }
    it("forbidden operator key in the job's own configuration", () => {
      const e = onlyError({}, { flinkConfiguration: { ...FACTS.flinkConfiguration, "kubernetes.cluster-id": "x" } });
      expect(e.path).to.equal('configuration["kubernetes.cluster-id"]');
    });
    it("savepoint/last-state without a checkpoint directory", () => {
      for (const upgradeMode of ["last-state", "savepoint"] as const) {
        const { errors } = run({ upgradeMode, savepointDir: "s3://b/sp", allowNonRestoredState: false });
        expect(errors).to.have.length(1);
        expect(errors[0]!.path).to.equal("kubernetes.upgradeMode");
        expect(errors[0]!.message).to.contain("kubernetes.checkpointDir");
      }
    });
    it("savepoint without a savepoint directory", () => {
      const e = onlyError({ upgradeMode: "savepoint", checkpointDir: "s3://b/cp", allowNonRestoredState: false });
      expect(e.path).to.equal("kubernetes.upgradeMode");
      expect(e.message).to.contain("kubernetes.savepointDir");
    });
    it("a checkpoint directory from the job's configuration counts (either key spelling)", () => {
      expect(run({ upgradeMode: "last-state", allowNonRestoredState: false }, { flinkConfiguration: { ...FACTS.flinkConfiguration, "state.checkpoints.dir": "s3://b/cp" } }).errors).to.deep.equal([]);
    });
    it("periodic savepoints without a savepoint directory", () => {
      expect(onlyError({ flinkConfiguration: { "kubernetes.operator.periodic.savepoint.interval": "1h" } }).path).to.equal("kubernetes.flinkConfiguration");
    });
    it("rollback without high availability", () => {
      expect(onlyError({ flinkConfiguration: { "kubernetes.operator.deployment.rollback.enabled": "true" } }).message).to.contain("high availability");
    });
    it("parallelism below 1", () => {
      // The `parallelism` arg itself is checked once, by FlinkSqlJob (test/job-targets.test.ts).
      expect(onlyError({}, { parallelism: undefined, flinkConfiguration: { "parallelism.default": "0" } }).path).to.equal('configuration["parallelism.default"]');
    });
    it("a cpu given as a string or a memory given as a number says what to write", () => {
      expect(onlyError({ taskManager: { memory: "4096" } })).to.deep.equal({
        path: "kubernetes.taskManager.memory",
        message: '"4096" has no unit, so Flink reads it as bytes and the TaskManager cannot start: write "4096m" for 4096 MiB, or e.g. "2Gi"',
      });
      expect(run({ taskManager: { memory: "4294967296" } }).errors).to.deep.equal([]); // a byte count (the autoscaler writes one)
      const { errors } = run({ jobManager: { cpu: "1.5", memory: 2048 }, taskManager: { cpu: "lots" } });
      expect(errors.map((e) => [e.path, e.message])).to.deep.equal([
        ["kubernetes.jobManager.cpu", "must be a number of cores, not a string: write 1.5"],
        ["kubernetes.jobManager.memory", 'must be a memory size string with a unit, not a number: write "2048m" for 2048 MiB, or a Kubernetes quantity such as "2Gi"'],
        ["kubernetes.taskManager.cpu", 'must be a number of cores above 0, got "lots"'],
      ]);
    });
    it("timeout: a number of seconds or a Flink duration string of whole seconds above 0", () => {
      for (const ok of [600, 1, "10min", "10m", "90s", "1 h", "2000ms"]) expect(run({ timeout: ok }).errors, String(ok)).to.deep.equal([]);
      const errors = (timeout: unknown) => run({ timeout }).errors.map((e) => `${e.path}: ${e.message}`);
      expect(errors("600")).to.deep.equal(['kubernetes.timeout: "600" has no unit, and a Flink duration without one is milliseconds; write 600 (a number of seconds) or a duration with a unit, e.g. "10min"']);
      // A bare "0" (or a fraction) suggests the default, not a number the check refuses in turn.
      expect(errors("0")).to.deep.equal(['kubernetes.timeout: "0" has no unit, and a Flink duration without one is milliseconds; write 600 or a duration with a unit, e.g. "10min"']);
      expect(errors("1500ms")).to.deep.equal(['kubernetes.timeout: "1500ms" is not a whole number of seconds, which the pulumi.com/timeoutSeconds annotation takes; write "2s" (or 2)']);
      expect(errors(1.5)).to.deep.equal(["kubernetes.timeout: 1.5 is not a whole number of seconds, which the pulumi.com/timeoutSeconds annotation takes; write 2"]);
      expect(errors(0)).to.deep.equal(['kubernetes.timeout: 0 is no wait; write a number of seconds above 0 or a duration, e.g. 600 or "10min" (the default)']);
      expect(errors("0s")).to.deep.equal(['kubernetes.timeout: "0s" is no wait; write a number of seconds above 0 or a duration, e.g. 600 or "10min" (the default)']);
      expect(errors(-5)).to.deep.equal(['kubernetes.timeout: must be a number of seconds (e.g. 600) or a Flink duration string (e.g. "10min"), got -5']);
      expect(errors(true)).to.deep.equal(['kubernetes.timeout: must be a number of seconds (e.g. 600) or a Flink duration string (e.g. "10min"), got true']);
      expect(errors("PT10M")).to.deep.equal([
        'kubernetes.timeout: "PT10M" is not a valid Flink duration: Flink does not read ISO-8601 durations; write "10min"',
      ]);
    });
    it("missing JobManager memory", () => {
      const e = onlyError({ jobManager: { memory: "" } });
      expect(e.path).to.equal("kubernetes.jobManager.memory");
      expect(e.message).to.contain("spec.jobManager.resource.memory");
    });
    it("missing TaskManager memory, and memory that does not parse", () => {
      expect(onlyError({ taskManager: { memory: " " } }).path).to.equal("kubernetes.taskManager.memory");
      expect(onlyError({ taskManager: { memory: "2 gigs" } }).message).to.equal('"2 gigs" is not a memory size: use a Flink size ("2048m", "2g") or a Kubernetes quantity ("2Gi", also written "2GiB")');
    });
    it("JobManager replicas above 1 without high availability", () => {
      const e = onlyError({ jobManager: { replicas: 2 } });
      expect(e.path).to.equal("kubernetes.jobManager.replicas");
      expect(e.message).to.contain("high-availability.type");
      expect(run({ jobManager: { replicas: 2 }, flinkConfiguration: { "high-availability.type": "kubernetes" } }).errors).to.deep.equal([]);
    });
    it("replicas below 1 and cpu not above 0", () => {
      expect(onlyError({ taskManager: { replicas: 0 } }).path).to.equal("kubernetes.taskManager.replicas");
      expect(onlyError({ jobManager: { cpu: 0 } }).path).to.equal("kubernetes.jobManager.cpu");
    });
  });

  describe("job-decided keys and credentials (SPEC decisions 8 and 9)", () => {
    for (const key of ["execution.runtime-mode", "execution.checkpointing.interval", "parallelism.default"]) {
      it(`kubernetes.flinkConfiguration may not set ${key}`, () => {
        const e = onlyError({ flinkConfiguration: { [key]: "1" } });
        expect(e.path).to.equal(`kubernetes.flinkConfiguration[${JSON.stringify(key)}]`);
        expect(e.message).to.contain("decided by the job");
      });
    }
    it("kubernetes.flinkConfiguration may not set an Iceberg write option (it would apply to every sink of the job)", () => {
      const e = onlyError({ flinkConfiguration: { "write-format": "orc" } });
      expect(e.path).to.equal('kubernetes.flinkConfiguration["write-format"]');
      expect(e.message).to.contain("set it on the sink instead: the sink's writeFormat");
    });
    it("state directories go through checkpointDir / savepointDir", () => {
      expect(onlyError({ flinkConfiguration: { "state.checkpoints.dir": "s3://x" } }).message).to.contain("kubernetes.checkpointDir");
      expect(onlyError({ flinkConfiguration: { "execution.checkpointing.savepoint-dir": "s3://x" } }).message).to.contain("kubernetes.savepointDir");
    });
    it("a state directory key in the job's configuration while checkpointDir / savepointDir sets that directory (Flink uses one)", () => {
      const conf = (extra: Record<string, string>) => ({ flinkConfiguration: { ...FACTS.flinkConfiguration, ...extra } });
      // The trial's case: Flink 1.20+ reads execution.checkpointing.dir first, state.checkpoints.dir only as its deprecated fallback.
      expect(run({ checkpointDir: "s3://lake/cp" }, conf({ "state.checkpoints.dir": "s3://lake/old-cp" })).errors).to.deep.equal([
        {
          path: 'configuration["state.checkpoints.dir"]',
          message:
            'conflicts with kubernetes.checkpointDir ("s3://lake/cp"), which the FlinkDeployment carries as "execution.checkpointing.dir": Flink uses one checkpoint directory, so one of the two values is silently ignored ' +
            '(on Flink 1.20 this key is a deprecated fallback of "execution.checkpointing.dir", read only when that one is unset, so "s3://lake/old-cp" is the value dropped); ' +
            "set the directory you mean in kubernetes.checkpointDir and remove this key: kubernetes.checkpointDir writes the checkpoint directory under the key name of the chosen Flink version",
        },
      ]);
      // The key the version renders itself, and a savepoint key on Flink 1.19.
      expect(run({ checkpointDir: "s3://lake/cp" }, conf({ "execution.checkpointing.dir": "s3://lake/old-cp" })).errors).to.deep.equal([
        {
          path: 'configuration["execution.checkpointing.dir"]',
          message:
            'conflicts with kubernetes.checkpointDir ("s3://lake/cp"), which the FlinkDeployment carries under this same key: Flink uses one checkpoint directory, so one of the two values is silently ignored; ' +
            "set the directory you mean in kubernetes.checkpointDir and remove this key: kubernetes.checkpointDir writes the checkpoint directory under the key name of the chosen Flink version",
        },
      ]);
      expect(run({ flinkVersion: "v1_19", savepointDir: "s3://lake/sp" }, conf({ "execution.checkpointing.savepoint-dir": "s3://lake/old-sp" })).errors).to.deep.equal([
        {
          path: 'configuration["execution.checkpointing.savepoint-dir"]',
          message:
            'conflicts with kubernetes.savepointDir ("s3://lake/sp"), which the FlinkDeployment carries as "state.savepoints.dir": Flink uses one savepoint directory, so one of the two values is silently ignored; ' +
            "set the directory you mean in kubernetes.savepointDir and remove this key: kubernetes.savepointDir writes the savepoint directory under the key name of the chosen Flink version",
        },
      ]);
      // The same directory: nothing is lost, the key is redundant.
      const same = run({ savepointDir: "s3://lake/sp" }, conf({ "state.savepoints.dir": "s3://lake/sp" }));
      expect(same.errors).to.deep.equal([]);
      expect(same.warnings.filter((w) => w.path.startsWith("configuration"))).to.deep.equal([
        {
          path: 'configuration["state.savepoints.dir"]',
          message: 'repeats kubernetes.savepointDir ("s3://lake/sp"); remove this key: kubernetes.savepointDir writes the savepoint directory under the key name of the chosen Flink version',
        },
      ]);
      // Quiet: the key without the target's directory (the job's one directory), and the other directory's key.
      const alone = run({}, conf({ "state.checkpoints.dir": "s3://lake/cp", "state.savepoints.dir": "s3://lake/sp" }));
      expect([alone.errors, alone.warnings.filter((w) => w.path.startsWith("configuration"))]).to.deep.equal([[], []]);
      const other = run({ checkpointDir: "s3://lake/cp" }, conf({ "state.savepoints.dir": "s3://lake/sp" }));
      expect([other.errors, other.warnings.filter((w) => w.path.startsWith("configuration"))]).to.deep.equal([[], []]);
    });
    it("a credential key in kubernetes.flinkConfiguration", () => {
      const e = onlyError({ flinkConfiguration: { "s3.secret-key": "abc" } });
      expect(e.path).to.equal('kubernetes.flinkConfiguration["s3.secret-key"]');
      expect(e.message).to.contain("kubernetes.envFromSecrets");
    });
    it("a credential as a plain env value, also inside podTemplate", () => {
      expect(onlyError({ env: { AWS_SECRET_ACCESS_KEY: "abc" } }).path).to.equal('kubernetes.env["AWS_SECRET_ACCESS_KEY"]');
      const e = onlyError({ podTemplate: { spec: { containers: [{ name: "flink-main-container", env: [{ name: "DB_PASSWORD", value: "x" }] }] } } });
      expect(e.path).to.equal("kubernetes.podTemplate.spec.containers[0].env[0]");
    });
    it("podTemplate parts the package also sets: an env name, the script volume and mount, the service account", () => {
      const { errors } = run({
        env: { FOO: "bar" },
        envFromSecrets: { AWS_ACCESS_KEY_ID: { secretName: "s3", key: "id" } },
        podTemplate: {
          spec: {
            serviceAccountName: "other",
            volumes: [{ name: "hadoop-conf", configMap: { name: "hadoop" } }, { name: "flink-iceberg-sql", emptyDir: {} }],
            containers: [
              { name: "sidecar", image: "busybox", env: [{ name: "FOO", value: "x" }], volumeMounts: [{ name: "hadoop-conf", mountPath: "/opt/flink/sql" }] },
              {
                name: "flink-main-container",
                env: [{ name: "FOO", value: "baz" }, { name: "HADOOP_CONF_DIR", value: "/etc/hadoop" }, { name: "AWS_ACCESS_KEY_ID", valueFrom: { secretKeyRef: { name: "x", key: "y" } } }],
                volumeMounts: [{ name: "hadoop-conf", mountPath: "/etc/hadoop" }, { name: "hadoop-conf", mountPath: "/opt/flink/sql/" }],
              },
            ],
          },
        },
      });
      expect(errors).to.deep.equal([
        {
          path: "kubernetes.podTemplate.spec.serviceAccountName",
          message: 'Flink replaces the pod template\'s service account with the deployment\'s ("flink", the default); set kubernetes.serviceAccount: "other" instead',
        },
        { path: "kubernetes.podTemplate.spec.volumes[1].name", message: '"flink-iceberg-sql" is the volume the package mounts the SQL script from; rename this volume' },
        {
          path: "kubernetes.podTemplate.spec.containers[1].env[0]",
          message: '"FOO" is also set in kubernetes.env, which the package appends to this container\'s env (Kubernetes keeps the last entry of a name, silently): set it in one place',
        },
        {
          path: "kubernetes.podTemplate.spec.containers[1].env[2]",
          message: '"AWS_ACCESS_KEY_ID" is also set in kubernetes.envFromSecrets, which the package appends to this container\'s env (Kubernetes keeps the last entry of a name, silently): set it in one place',
        },
        {
          path: "kubernetes.podTemplate.spec.containers[1].volumeMounts[1].mountPath",
          message: "/opt/flink/sql is where the package mounts the SQL script (a container cannot mount two volumes at one path); mount this volume elsewhere",
        },
      ]);
      // The deprecated spec.serviceAccount too; per-component accounts in flinkConfiguration count.
      expect(run({ podTemplate: { spec: { serviceAccount: "other" } } }).errors.map((e) => e.path)).to.deep.equal(["kubernetes.podTemplate.spec.serviceAccount"]);
      expect(
        run({ flinkConfiguration: { "kubernetes.jobmanager.service-account": "jobs", "kubernetes.taskmanager.service-account": "jobs" }, podTemplate: { spec: { serviceAccountName: "jobs" } } }).errors,
      ).to.deep.equal([]);
      expect(run({ flinkConfiguration: { "kubernetes.jobmanager.service-account": "jobs" }, podTemplate: { spec: { serviceAccountName: "jobs" } } }).errors).to.deep.equal([
        {
          path: "kubernetes.podTemplate.spec.serviceAccountName",
          message: 'Flink replaces the pod template\'s service account with the deployment\'s ("jobs" for the JobManager, "flink" for the TaskManagers); set kubernetes.serviceAccount: "jobs" instead',
        },
      ]);
      // The same service account as the deployment's, and other containers' env and mounts, are fine.
      expect(run({ serviceAccount: "jobs", podTemplate: { spec: { serviceAccountName: "jobs", containers: [{ name: "sidecar", image: "busybox", env: [{ name: "FOO", value: "x" }] }] } }, env: { FOO: "y" } }).errors).to.deep.equal([]);
    });
    it("a conflicting value for a key the job also sets", () => {
      expect(onlyError({ flinkConfiguration: { "pipeline.name": "b" } }, { flinkConfiguration: { ...FACTS.flinkConfiguration, "pipeline.name": "a" } }).message).to.contain("set it in one place");
    });
    it("envFromSecrets: a Secret key longer than 253 characters, or . / .. / starting with .., is an error (apimachinery IsConfigMapKey)", () => {
      const keys = ["..data", "..", `k${"x".repeat(253)}`];
      const { errors } = run({ envFromSecrets: Object.fromEntries(keys.map((key, k) => [`V${k}`, { secretName: "s3", key }])) });
      expect(errors).to.deep.equal(
        keys.map((key, k) => ({
          path: `kubernetes.envFromSecrets["V${k}"].key`,
          message: `must be a Secret data key (at most 253 letters, digits, - _ ., not . or .. nor starting with ..), got ${JSON.stringify(key)}`,
        })),
      );
      expect(run({ envFromSecrets: { V: { secretName: "s3", key: ".aws_secret-key" } } }).errors).to.deep.equal([]);
    });
    it("envFromSecrets needs a Secret name and key", () => {
      const { errors } = run({ envFromSecrets: { AWS_ACCESS_KEY_ID: { secretName: "S3 Creds", key: "" } } });
      expect(errors.map((e) => e.path)).to.deep.equal(['kubernetes.envFromSecrets["AWS_ACCESS_KEY_ID"].secretName', 'kubernetes.envFromSecrets["AWS_ACCESS_KEY_ID"].key']);
    });
  });

  describe("versions and runners", () => {
    it("format-v3 types on Flink 1.19", () => {
      const e = onlyError({ flinkVersion: "v1_19" }, { needsFormatV3: true });
      expect(e.path).to.equal("kubernetes.flinkVersion");
      expect(e.message).to.contain("TIMESTAMP(7..9)");
      expect(run({ flinkVersion: "v1_20" }, { needsFormatV3: true }).errors).to.deep.equal([]);
    });
    it("1.19/1.20 without sqlRunner", () => {
      expect(onlyError({ sqlRunner: undefined }).path).to.equal("kubernetes.sqlRunner");
    });
    it("a runner jarURI without a scheme", () => {
      expect(onlyError({ sqlRunner: { jarURI: "/opt/flink/usrlib/sql-runner.jar" } }).path).to.equal("kubernetes.sqlRunner.jarURI");
    });
    it("sqlRunner on Flink 2.x", () => {
      expect(onlyError({ flinkVersion: "v2_1", mode: "standalone" }).path).to.equal("kubernetes.sqlRunner");
    });
    it("Flink 2.x defaults to standalone mode; native warns that the operator's own Flink client refuses an application without a job jar (FLINK-33926)", () => {
      for (const flinkVersion of ["v2_0", "v2_1"] as const) {
        const image = `registry.example.com/flink-iceberg:${flinkVersion === "v2_0" ? "2.0" : "2.1"}`;
        expect(run({ flinkVersion, image, sqlRunner: undefined }).warnings).to.deep.equal([]);
        const { errors, warnings } = run({ flinkVersion, image, sqlRunner: undefined, mode: "native" });
        expect(errors).to.deep.equal([]);
        expect(warnings.map((w) => [w.path, w.message])).to.deep.equal([
          [
            "kubernetes.mode",
            "in native mode the operator deploys the cluster with its own Flink client (Flink 1.20 in operator releases up to 1.15), which refuses an application without a job jar " +
              `("Should only have one jar"; FLINK-33926 fixed it only in the Flink 2.0.1+/2.1 clients), and Flink ${flinkVersion === "v2_0" ? "2.0" : "2.1"} runs the script with SqlDriver, which has none: ` +
              'use mode "standalone" (the default) unless your operator is built on Flink 2.0.1 or later',
          ],
        ]);
      }
      // Flink 1.19/1.20 run a runner jar (jarURI), which native mode deploys.
      expect(run({ mode: "native" }).warnings).to.deep.equal([]);
    });
    it("a streaming Iceberg read with stateless upgrades: an error at the default, a warning when chosen, nothing with savepoint/last-state", () => {
      const facts = { streamingIcebergReads: ['IcebergSource "orders"'] };
      const what = (mode: string): string =>
        `the job reads IcebergSource "orders" as a stream, and the snapshot it has reached lives only in Flink state: with upgradeMode ${mode} every change of the job ` +
        "(any script change) restarts it empty, so the read starts over from its starting strategy, reading again what it had read (duplicates in an append sink) " +
        "or, from the latest snapshot, skipping what was committed while it was down; " +
        'set upgradeMode "savepoint" (with kubernetes.checkpointDir and kubernetes.savepointDir) or "last-state" (with kubernetes.checkpointDir), so a change resumes where the read was';
      expect(onlyError({ upgradeMode: undefined }, facts)).to.deep.equal({ path: "kubernetes.upgradeMode", message: `${what('"stateless" (the default)')}, or set "stateless" explicitly if starting over is what you want` });
      const chosen = run({ upgradeMode: "stateless" }, facts);
      expect(chosen.errors).to.deep.equal([]);
      expect(chosen.warnings).to.deep.equal([{ path: "kubernetes.upgradeMode", message: what('"stateless"') }]);
      const resumed = run({ upgradeMode: "last-state", checkpointDir: "s3://b/cp", allowNonRestoredState: true }, facts);
      expect([...resumed.errors, ...resumed.warnings]).to.deep.equal([]);
      // Bounded reads keep no position: nothing to say.
      expect(run({ upgradeMode: undefined }).errors).to.deep.equal([]);
    });
    it("warns that a changed script may not restore savepoint/last-state state, naming allowNonRestoredState", () => {
      const { errors, warnings } = run({ upgradeMode: "last-state", checkpointDir: "s3://b/cp" });
      expect(errors).to.deep.equal([]);
      expect(warnings.map((w) => w.path)).to.deep.equal(["kubernetes.allowNonRestoredState"]);
      expect(warnings[0]!.message).to.contain("allowNonRestoredState: true");
      expect(run({ upgradeMode: "last-state", checkpointDir: "s3://b/cp", allowNonRestoredState: true }).warnings).to.deep.equal([]);
    });
    it("runner hazards name the statement", () => {
      const e = onlyError({}, { statements: [{ label: 'IcebergSink "daily"', text: "CREATE TABLE `d` (`a` INT) WITH ('path' = 's3://b/x--y');" }] });
      expect(e.path).to.equal("kubernetes.flinkVersion");
      expect(e.message).to.match(/^IcebergSink "daily": the string literal 's3:\/\/b\/x--y' contains "--"/);
      expect(e.message).to.contain('"v2_0"/"v2_1"');
    });
    it("the same statements pass on Flink 2.x (SqlDriver parses properly)", () => {
      expect(run({ flinkVersion: "v2_1", sqlRunner: undefined, mode: "standalone" }, { statements: [{ label: "statement 1", text: "SELECT '--' || '/*+ x */';" }] }).errors).to.deep.equal([]);
    });
    it("a script larger than a ConfigMap holds", () => {
      expect(onlyError({}, { scriptText: `SELECT '${"x".repeat(1_000_001)}';` }).message).to.contain("1 MiB");
    });
  });

  it("other arg shapes: namespace, image, timeout, mode, upgradeMode, state", () => {
    expect(onlyError({ namespace: "Flink_Jobs" }).path).to.equal("kubernetes.namespace");
    expect(onlyError({ image: " " }).path).to.equal("kubernetes.image");
    expect(onlyError({ timeout: 0 }).path).to.equal("kubernetes.timeout");
    expect(onlyError({ mode: "session" }).path).to.equal("kubernetes.mode");
    expect(onlyError({ upgradeMode: "savepoints" }).path).to.equal("kubernetes.upgradeMode");
    expect(onlyError({ state: "stopped" }).path).to.equal("kubernetes.state");
  });

  it("a script over 1000000 bytes in UTF-8 is an error with its size; as many characters that fit are not", () => {
    const over = onlyError({}, { scriptText: "\u20ac".repeat(400_000) }); // 3 bytes each
    expect(over).to.deep.equal({ path: "kubernetes", message: "the script is 1200000 bytes; a ConfigMap holds at most about 1 MiB (1000000 bytes are allowed)" });
    expect(run({}, { scriptText: "\u00e9".repeat(400_000) }).errors).to.deep.equal([]); // 2 bytes each
  });
});
