/**
 * The `kubernetes` arg of FlinkSqlJob: where and how the job runs on the Flink Kubernetes Operator,
 * and the facts about the job that the Kubernetes target needs from FlinkSqlJob.
 *
 * Every field names its default and the FlinkDeployment field it becomes (operator CRD
 * flink.apache.org/v1beta1, release 1.15.0; ../shared/facts/deploy.md §1).
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as k8s from "@pulumi/kubernetes";
import type { FlinkVersion } from "./versions.js";

/** CPU and memory of the JobManager or TaskManager pods. */
export interface KubernetesResourceArgs {
  /**
   * CPU cores per pod (may be fractional, e.g. 0.5). Default 1.
   * Becomes `spec.jobManager.resource.cpu` / `spec.taskManager.resource.cpu`.
   */
  readonly cpu?: number;
  /**
   * Total process memory per pod: a Flink memory size (`2048m`, `2g`, `1024 mb`) or a Kubernetes
   * quantity (`2Gi`, `1536Mi`, also written `2GiB` or `2 gib`: the operator drops white space,
   * upper-cases the text, drops a trailing B and reads a trailing I as i), in whole numbers: a
   * fraction (`1.5Gi`) is refused by the operator (its byte count keeps the decimal point, `1610612736.0`,
   * which Flink's MemorySize cannot read), a preview error naming the whole size (`1536Mi`).
   * Default `"2048m"`. Anything else (`"2 gigs"`, `"1.5k"`) is a preview error, as the operator
   * refuses it (flink-kubernetes-operator FlinkConfigBuilder.parseResourceMemoryString,
   * DefaultValidator "resource memory parse error"; resource-memory.ts). A size Flink cannot divide with its default
   * memory options is a preview error (the cluster would fail to deploy): a JobManager of 576m or
   * less (metaspace 256m, overhead at least 192m and off-heap 128m leave no heap), a TaskManager
   * below about 982m (framework, managed and network memory leave no task heap); unless
   * `flinkConfiguration` sets `jobmanager.memory.*` / `taskmanager.memory.*` options (memory-sizes.ts;
   * flink `JobManagerFlinkMemoryUtils`, `TaskExecutorFlinkMemoryUtils`).
   * Becomes `spec.jobManager.resource.memory` / `spec.taskManager.resource.memory`.
   */
  readonly memory?: string;
  /**
   * Pod replicas. JobManager: default 1; more than 1 needs high availability
   * (`high-availability.type` in `flinkConfiguration`). TaskManager: default unset (the operator
   * derives the count from parallelism and task slots); when set, the operator sizes the cluster by
   * it and ignores the job's parallelism, so replicas × `taskmanager.numberOfTaskSlots` (default 1)
   * below the parallelism is a preview error.
   * Becomes `spec.jobManager.replicas` / `spec.taskManager.replicas`.
   */
  readonly replicas?: number;
}

/** A key of a Kubernetes Secret, exposed to the Flink pods as an environment variable. */
export interface SecretKeyRefArgs {
  /** Name of the Secret in the deployment's namespace. Becomes `env[].valueFrom.secretKeyRef.name`. */
  readonly secretName: string;
  /** Key inside the Secret. Becomes `env[].valueFrom.secretKeyRef.key`. */
  readonly key: string;
  /** When true the pod starts even if the Secret or key is missing. Default unset (required). Becomes `secretKeyRef.optional`. */
  readonly optional?: boolean;
}

/** The SQL runner jar that runs the script on Flink 1.19/1.20 (which have no built-in SQL application mode). */
export interface SqlRunnerArgs {
  /**
   * URI of the runner jar inside the image, e.g. `local:///opt/flink/usrlib/sql-runner.jar` (the
   * operator's flink-sql-runner-example). Required. Becomes `spec.job.jarURI`.
   */
  readonly jarURI: string;
  /** Main class when the jar's manifest names none. Default unset. Becomes `spec.job.entryClass`. */
  readonly entryClass?: string;
}

/**
 * Deploys a FlinkSqlJob with the Flink Kubernetes Operator: a ConfigMap holding the script and a
 * FlinkDeployment (flink.apache.org/v1beta1) in application mode that runs it. Every arg is
 * checked at preview against the operator's own validation rules, and every plain prop (nested
 * ones too) for its JSON type (kubernetes/arg-type-table.ts): `allowNonRestoredState: "yes"` is an
 * error ('"yes" is a string: write true or false'), not a string in the FlinkDeployment that the
 * API server refuses at `pulumi up`; all wrong ones at once.
 */
export interface KubernetesArgs {
  /** Namespace of the ConfigMap and the FlinkDeployment. Default: the provider's namespace. Becomes `metadata.namespace`. */
  readonly namespace?: string;
  /**
   * Explicit FlinkDeployment name. Default: derived from the job's resource name: lower-cased,
   * every run of characters other than `a-z 0-9` (dashes included) replaced by one `-`, leading and
   * trailing `-` removed (`"Orders Ingest (Prod)"` → `orders-ingest-prod`), prefixed `job-` when it
   * does not start with a letter (`job` when nothing is left), and, when longer than 45 characters,
   * cut to its first 38 (less a trailing `-`) followed by `-` and the first 6 hex digits of the
   * SHA-256 of the resource name; so preview and synth know the name and Pulumi adds no random suffix. Must be a DNS label of at most 45
   * characters starting with a letter (operator rule). Becomes `metadata.name` (and the Flink
   * cluster id). Two jobs of the program with one name in one namespace are a preview error
   * (they would be one object).
   */
  readonly name?: string;
  /**
   * Flink image with the Iceberg runtime and connectors (and, on 1.19/1.20, the SQL runner jar).
   * Required; may be an Output (e.g. of an image build). Becomes `spec.image`. A reference the
   * kubelet refuses (upper case in the repository path, white space) is a preview error. Its tag is compared
   * with `flinkVersion` (kubernetes/image-version.ts; the tags of apache/flink-docker): an official
   * Flink image (`flink`, `apache/flink`, `ghcr.io/apache/flink-docker`, with no tag, a digest or a
   * tag the official images carry: `1.20`, `1.20.1-scala_2.12-java17`, `1.20-java11`,
   * `scala_2.12-java17`, `java17`, `latest`) of another major version
   * (`flink:1.20.1-scala_2.12-java17` with `"v2_1"`: SqlDriver is not in a 1.x image) is a preview
   * error, another minor of the same major (`flink:2.2.0` with `"v2_1"`) a warning; a custom image whose tag reads as another Flink
   * version (after the word flink, `...:iceberg-1.9-flink-1.20`, or a leading 1.15-1.20 or 2.x in
   * a repository named `flink`, `registry/team/flink:2.1.1`, or leading any other tag of an
   * official repository, `flink:1.20-iceberg`, a local build) a warning; an official image without
   * a version (`flink`, `flink:latest`, `flink:java17`; no digest) a warning, as its version floats.
   * An official image holds no connector but filesystem, datagen, print and blackhole: with a table
   * of another connector (every IcebergSource/IcebergSink: `iceberg-flink-runtime-<flink minor>`;
   * 'kafka': `flink-sql-connector-kafka`) it is a preview error when nothing adds jars (no
   * `podTemplate` volume or init container, no `pipeline.jars` / `pipeline.classpaths`, no remote
   * `sqlRunner.jarURI`), else a warning (kubernetes/connector-jars.ts). Another tag of those
   * repositories (`flink:1.20-iceberg`, `flink:custom`: built and tagged locally, for kind or
   * minikube) is no official image: a warning when nothing adds jars, quiet otherwise. An Output is
   * checked the same way once its value is known (kubernetes/image-checks.ts): an error fails the
   * FlinkDeployment's inputs and the job's manifests, a warning is logged on the FlinkSqlJob then (not
   * in its `warnings`; a secret image's warnings only by number), and `acknowledgedWarnings` entries
   * at `kubernetes.image` are matched then.
   */
  readonly image: pulumi.Input<string>;
  /**
   * Flink version inside the image, as the operator's CRD names it: `"v1_19"`, `"v1_20"`, `"v2_0"`
   * or `"v2_1"` (not "1.20"). Required. Flink 1.19/1.20 run the script with `sqlRunner`; Flink 2.x
   * with Flink's SqlDriver. Becomes `spec.flinkVersion`. On `"v1_19"`, an option written under the
   * name Flink 1.20 gave it (FLIP-406: `execution.checkpointing.incremental`,
   * `execution.state-recovery.claim-mode`, `execution.checkpointing.checkpoints-after-tasks-finish`,
   * ...), in flinkConfiguration or the job's configuration, is a warning naming the 1.19 key: Flink
   * 1.19 ignores it, and its value is not judged (kubernetes/renamed-keys.ts). A state
   * backend name the version does not know (`state.backend.type` / `state.backend`, flink
   * StateBackendLoader), in flinkConfiguration or the job's configuration, is an error naming the
   * name to write: `"jobmanager"` / `"filesystem"` on 2.x (removed in Flink 2.0: `"hashmap"`),
   * `"forst"` on 1.x (added in Flink 2.0: `"rocksdb"`) (options/flink-option-types.ts). On
   * `"v2_0"`/`"v2_1"`, a key Flink 2.0 removed and no 2.x option reads any more
   * (`state.backend.async`, `table.exec.topn-cache-size`, `table.exec.shuffle-mode`, the old
   * `table.exec.deduplicate.*` names, `jobmanager.heap.size` / `.mb`, `taskmanager.heap.size` /
   * `.mb`; the 2.0 release notes' list of
   * removed configuration options) is a warning naming what to write (kubernetes/removed-keys.ts);
   * the 1.x keys absent from that list, which 2.x reads as deprecated keys (`state.checkpoints.dir`,
   * `state.backend`, `restart-strategy`, `high-availability`, ...), stay quiet. A statement calling a
   * built-in function that came after this version (`BTRIM` from Flink 2.0 or `URL_DECODE` from 1.20
   * on `"v1_19"`) is an error naming the release that added it (sql/newer-functions.ts).
   */
  // Spelled out (not the FlinkVersion alias) so a type error lists the values.
  readonly flinkVersion: "v1_19" | "v1_20" | "v2_0" | "v2_1";
  /** Service account of the Flink pods (the operator requires one): a lower-case DNS subdomain name, else a preview error. Default `"flink"` (the operator Helm chart's job service account). Becomes `spec.serviceAccount`. */
  readonly serviceAccount?: string;
  /**
   * Operator deployment mode. Default `"standalone"` for every version: in native mode the
   * operator deploys the cluster with its own Flink client (operator releases 1.10 to 1.15 are
   * built on Flink 1.20), which refuses an application without a job jar ("Should only have one
   * jar"), and Flink 2.x runs the script with SqlDriver, which has none (FLINK-33926 fixed the
   * check only in the Flink 2.0.1+/2.1 clients); standalone mode runs it (FLINK-29288). One
   * default for all versions, so moving from 1.20 to 2.x never flips the mode (the operator
   * forbids switching). `"native"` with v2_0/v2_1 is a preview warning. Becomes `spec.mode`.
   */
  readonly mode?: "native" | "standalone";
  /** JobManager sizing. Defaults: cpu 1, memory "2048m", replicas 1. Becomes `spec.jobManager`. */
  readonly jobManager?: KubernetesResourceArgs;
  /** TaskManager sizing. Defaults: cpu 1, memory "2048m", replicas unset. Becomes `spec.taskManager`. */
  readonly taskManager?: KubernetesResourceArgs;
  /**
   * How state survives a spec change (any script change is one): `stateless` starts empty,
   * `savepoint` stops with a savepoint and restores it, `last-state` restores the latest
   * checkpoint (in a job that sets no `execution.checkpointing.interval` the operator then
   * checkpoints every 5 minutes). Default `"stateless"` (the operator's). savepoint and last-state need
   * `checkpointDir`; savepoint also `savepointDir`. A job that reads an Iceberg table as a stream
   * keeps its read position only in state, so with stateless every change restarts the read from
   * its starting strategy (rows read again, or commits skipped): left at the default that is a
   * preview error, set explicitly a warning. A Kafka read from a `scan.startup.mode` other than
   * `group-offsets` starts over the same way: a warning with stateless (flink-connector-kafka reads
   * its startup mode whenever the job starts without state). A `group-offsets` read in a job that
   * does not checkpoint commits no offsets (they are committed on checkpoints; the Kafka client's
   * own auto-commit is off unless `properties.enable.auto.commit` is set), so each start reads from
   * what its consumer group committed before, else from `properties.auto.offset.reset`, else fails:
   * a warning with stateless that says which, with the fix `execution.checkpointing.interval` (or
   * last-state / savepoint). Becomes `spec.job.upgradeMode`.
   */
  readonly upgradeMode?: "stateless" | "savepoint" | "last-state";
  /** Desired job state; `suspended` stops it by the upgradeMode's mechanism. Default `"running"`. Becomes `spec.job.state`. */
  readonly state?: "running" | "suspended";
  /**
   * Durable directory for checkpoints (e.g. `s3://bucket/checkpoints`): a URI with a scheme below
   * the file system's root (`file:///...` for a volume every pod mounts), as Flink requires, and
   * for an object store (`s3`, `s3a`, `s3p`, `gs`, `oss`, `abfs(s)`, `wasb(s)`) with its bucket or
   * container after `//` (`s3a:/lake/cp` or `s3://` names none; state-dirs.ts), else a preview
   * error. Default unset. Becomes `spec.flinkConfiguration` under `state.checkpoints.dir`
   * (Flink 1.19) or `execution.checkpointing.dir` (Flink 1.20+). Set, the job's `configuration`
   * may not name another checkpoint directory under either key (Flink uses one, and from 1.20
   * reads `state.checkpoints.dir` only when `execution.checkpointing.dir` is unset): a preview
   * error; the same directory: a warning.
   */
  readonly checkpointDir?: string;
  /**
   * Directory for savepoints: a URI with a scheme below the file system's root, as for
   * `checkpointDir`. Default unset. Becomes `spec.flinkConfiguration` under
   * `state.savepoints.dir` (Flink 1.19) or `execution.checkpointing.savepoint-dir` (Flink 1.20+).
   * Set, the job's `configuration` may not name another savepoint directory under any of its keys,
   * as for `checkpointDir`.
   */
  readonly savepointDir?: string;
  /**
   * Savepoint to start from on first deploy. Default unset. An object store's URI names its bucket
   * (`s3://lake/sp/savepoint-1`, not `s3:/lake/...`), else a preview error. Becomes `spec.job.initialSavepointPath`.
   */
  readonly initialSavepointPath?: string;
  /**
   * Skip state that no operator of the new plan claims when restoring. Default unset (Flink's
   * false). Flink SQL derives operator ids from the plan, so an edited script may not map onto the
   * old state: a streaming job with upgradeMode "savepoint" or "last-state" warns at preview until
   * this is set, true to drop unclaimed state on an upgrade, false to keep Flink's strict check (an
   * upgrade whose state does not map then fails). Becomes `spec.job.allowNonRestoredState`, a
   * boolean in the operator's CRD: a value that is no boolean (`"yes"`, `"true"`) is a preview error.
   */
  readonly allowNonRestoredState?: boolean;
  /**
   * Extra Flink configuration (plain strings). It may not set what the job decides (runtime mode,
   * checkpoint interval, parallelism), the state directories (use `checkpointDir` /
   * `savepointDir`), keys the operator forbids, nor credentials; nor (here or in the job's
   * configuration) a `jobmanager.memory.process.size` / `taskmanager.memory.process.size` of
   * another size than `jobManager.memory` / `taskManager.memory`, with which the operator
   * overwrites them (FlinkConfigBuilder setResource): set those instead (the same size, `"4g"`
   * with memory `"4096m"`, is accepted). `taskmanager.numberOfTaskSlots`
   * (here or in the job's configuration) must be a whole number of at least 1, as a TaskManager
   * reads it when it starts. Default `{}`. Merged with the job's configuration into
   * `spec.flinkConfiguration`. Not a plain map (a string, or an Output of the whole map, which
   * preview cannot render): a preview error.
   */
  readonly flinkConfiguration?: Readonly<Record<string, string>>;
  /**
   * The SQL runner jar for Flink 1.19/1.20 (required there; not allowed on 2.x, where SqlDriver
   * runs the script). Becomes `spec.job.jarURI` / `spec.job.entryClass`; the script path is its
   * one argument (`spec.job.args`).
   */
  readonly sqlRunner?: SqlRunnerArgs;
  /**
   * Plain environment variables of the Flink containers (never credentials: use
   * `envFromSecrets`). Default `{}`. Becomes `env[].value` of `flink-main-container` in
   * `spec.podTemplate`. Errors: a name that carries a credential (`DB_PASSWORD`, `AUTH_TOKEN`,
   * `API_KEY`, and a name ending in `KEY` after a word, `S3_KEY`, unless that word makes it a key of
   * data, one that identifies or selects data, or a public one, `PARTITION_KEY`, `TENANT_KEY`,
   * `TOPIC_KEY`, `PUBLIC_KEY`: validation/credential-env-names.ts); `GOOGLE_APPLICATION_CREDENTIALS`
   * holding a service account key's JSON content instead of the key file's path (mount the file
   * from a Secret with `podTemplate` and set the path).
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Environment variables read from Kubernetes Secrets, e.g. `{ AWS_ACCESS_KEY_ID: { secretName:
   * "s3", key: "access-key" } }`: the way storage credentials reach the JobManager and
   * TaskManagers (SPEC decision 8). Default `{}`. Becomes `env[].valueFrom.secretKeyRef` of
   * `flink-main-container` in `spec.podTemplate`. A variable the script reads (a REST catalog
   * property `env:NAME`, a Kafka `${env:NAME}` placeholder) that neither env, envFromSecrets, a
   * `containerized.*.env.*` key nor flink-main-container's env sets is a preview warning (an
   * `envFrom` there silences it: its names are not known).
   */
  readonly envFromSecrets?: Readonly<Record<string, SecretKeyRefArgs>>;
  /**
   * Base core/v1 Pod template (plain JSON) merged into JobManager and TaskManager pods; the Flink
   * container must be named `flink-main-container` (the only container the operator gives the
   * Flink image): any other container or init container (a sidecar) needs its own `image`, else a
   * preview error. A key the FlinkDeployment CRD's pod template does not declare (the template's
   * own keys, `metadata`, `spec`, each container) is dropped by the API server without an error: a
   * near-miss of a known key (`nodeselector`, a container's `resource`) is a preview error naming
   * it, any other unknown key a warning (pod-template-keys.ts). Default unset. Becomes `spec.podTemplate`
   * (with the env entries above added to `flink-main-container`).
   */
  readonly podTemplate?: Readonly<Record<string, unknown>>;
  /**
   * Make `pulumi up` wait for the operator (annotation `pulumi.com/waitFor` of the Pulumi Kubernetes
   * provider with RFC 9535 JSONPath filters, pulumi-kubernetes PR #3658, May 2025; this package pins
   * 4.34.2): job RUNNING for an unbounded running job, RUNNING
   * or FINISHED for a bounded or batch job, lifecycle SUSPENDED for `state: "suspended"` (or
   * CREATED: a job created suspended is never deployed, and the operator reports it so). The job
   * conditions hold only for the spec this `up` applied: `status.observedGeneration` equals
   * `metadata.generation` and `reconciliationStatus.state` is DEPLOYED, so an update's wait does not
   * end on the old job's RUNNING, and a spec the operator rolls back ends in the timeout; SUSPENDED
   * counts for the current generation only (CREATED has no generation to compare) (wait.ts;
   * a change the operator applies without redeploying needs operator 1.11+, FLINK-36890). A job
   * that fails after it reached RUNNING is not seen. Default true; false sets `pulumi.com/skipAwait`.
   */
  readonly awaitReady?: boolean;
  /**
   * How long to wait for that condition: a number of seconds (`900`) or a Flink duration string
   * with a unit (`"15min"`, `"90s"`; flink TimeUtils.parseDuration), a whole number of seconds
   * above 0. Default 600 (10 min). Becomes the `pulumi.com/timeoutSeconds` annotation, in seconds.
   * Preview errors: 0, a fraction of a second (`1.5`, `"1500ms"`), a string without a unit
   * (`"600"`: a Flink duration would read milliseconds; write 600 or "10min"). A spec the operator
   * rejects never meets the condition and ends in this timeout: read the FlinkDeployment's
   * `status.error` (the `error` output) for the reason.
   */
  readonly timeout?: number | string;
  /** Kubernetes provider for the ConfigMap and the FlinkDeployment. Default: the ambient provider. */
  readonly provider?: k8s.Provider;
}

/** `KubernetesArgs` with the image resolved, as the pure manifest builder takes them (e.g. from `flink-iceberg synth`). */
export type PlainKubernetesArgs = Omit<KubernetesArgs, "image" | "provider"> & { readonly image: string };

/** One statement of the job's script, labelled for messages. */
export interface LabelledStatement {
  /** Where the statement comes from, e.g. `IcebergSink "daily"`, `statement 2`, `configuration key "x"`. */
  readonly label: string;
  /** The statement text as rendered into the script (with its `;`). */
  readonly text: string;
}

/** What FlinkSqlJob knows about the job at construction, as the Kubernetes target needs it. */
export interface KubernetesJobFacts {
  /** The FlinkSqlJob's resource name (source of the default FlinkDeployment name). */
  readonly jobName: string;
  /** The job's runtime mode. */
  readonly runtimeMode: "streaming" | "batch";
  /** True when every source is bounded, or the job is batch: the job ends (FINISHED). */
  readonly bounded: boolean;
  /** The job's parallelism when set; else `parallelism.default` of `flinkConfiguration`, else 1. Becomes `spec.job.parallelism`. */
  readonly parallelism?: number;
  /** The job's Flink configuration (runtime mode, checkpoint interval, parallelism.default, user configuration). */
  readonly flinkConfiguration: Readonly<Record<string, string>>;
  /** True when a table needs Iceberg format v3 types (TIMESTAMP(7..9)). */
  readonly needsFormatV3: boolean;
  /** Labels of the Iceberg tables the job reads as a stream (their read position lives only in Flink state). Default none. */
  readonly streamingIcebergReads?: readonly string[];
  /** The job's tables whose connector is not in the Flink distribution (connector-jars.ts), with it ('iceberg' for Iceberg tables). Default none. */
  readonly addedConnectors?: readonly { readonly label: string; readonly connector: string }[];
  /** The Kafka reads a restart without state does not resume (`label (what happens)`). Default none. */
  readonly statelessRestartReads?: readonly string[];
  /** The 'group-offsets' Kafka reads of a job that does not checkpoint (`label (what a start without state does)`). Default none. */
  readonly uncommittedGroupReads?: readonly string[];
  /** The script's statements when known at construction, for the 1.19/1.20 runner checks (left out for SqlDriver versions, which never read them). */
  readonly statements?: readonly LabelledStatement[];
  /** The whole script when known at construction (for the ConfigMap size check). */
  readonly scriptText?: string;
}

/** Defaults of `KubernetesArgs`, in one place (TSDoc above repeats them). */
export const KUBERNETES_DEFAULTS = {
  serviceAccount: "flink",
  mode: "standalone",
  cpu: 1,
  memory: "2048m",
  jobManagerReplicas: 1,
  upgradeMode: "stateless",
  state: "running",
  awaitReady: true,
  timeoutSeconds: 600,
} as const;

// The spelled-out flinkVersion union is exactly FlinkVersion (versions.ts).
const FLINK_VERSION_SPELLED_OUT: [FlinkVersion, KubernetesArgs["flinkVersion"]] extends [KubernetesArgs["flinkVersion"], FlinkVersion] ? true : never = true;
void FLINK_VERSION_SPELLED_OUT;
