/**
 * FlinkSqlJob: composes table components and `sql` statements into one validated Flink SQL
 * script and, with a target, deploys it (Flink Kubernetes Operator or a Flink SQL Gateway).
 * Without a target it only renders (tests, synth). Every rule that can be checked on plain values
 * runs in the constructor, so `pulumi preview` fails before anything is created.
 */
import * as pulumi from "@pulumi/pulumi";
// Only the two Kubernetes classes used: the package root loads ~110 modules (about 100 ms) on require (BENCHMARKS.md).
import { CustomResource } from "@pulumi/kubernetes/apiextensions/customResource";
import { ConfigMap } from "@pulumi/kubernetes/core/v1/configMap";
import { KUBERNETES_DEFAULTS } from "../deploy/kubernetes/args.js";
import { SqlGatewayJob, type SqlGatewayJobArgs } from "../deploy/sql-gateway/resource.js";
import { SqlStatement } from "../sql/template.js";
import { acknowledgedCount, type AcknowledgesWarnings, type ReportsWarnings, type ResourceWarning } from "../validation/acknowledged-warnings.js";
import { resourceLabel } from "../validation/error.js";
import { gatewaySubmission } from "./gateway-summary.js";
import { addProgramJob, type RegisteredJob } from "./job-registry.js";
import { renderJobScript } from "./job-script.js";
import { validateJob } from "./job-validation.js";
import type { TableDefinition } from "./table-definition.js";
import { targetChildArgs, targetOutputs, type DeployOutputs, type TargetArgs, type TargetChildren } from "./job-targets.js";

/** FlinkSqlJob args. */
export interface FlinkSqlJobArgs extends TargetArgs, AcknowledgesWarnings {
  /**
   * The job's statements, in order: `sql` tagged templates, or plain strings (SQL as written; a
   * string declares no table), e.g. ``sql`INSERT INTO ${daily} SELECT id, amount FROM ${orders}` ``.
   * Required, no default: at least one, one statement per entry (no `;`-separated lists).
   *
   * - Accepted: INSERT INTO, INSERT OVERWRITE (batch only), CREATE TEMPORARY VIEW, CREATE TEMPORARY
   *   FUNCTION; several INSERTs run as one STATEMENT SET (one Flink job). CREATE TABLE comes from
   *   the table components, SET from `configuration`.
   * - Tables: each IcebergSource, IcebergSink or FlinkTable interpolated as `${table}` is a table
   *   the job declares (one CREATE TABLE each, in first-reference order); an INSERT's target is
   *   one, right after INSERT INTO / INSERT OVERWRITE. Other `${...}` values are inserted as SQL
   *   text, not as literals: quote values with `sqlLiteral`.
   * - Errors: at `pulumi preview` the job's constructor throws one FlinkIcebergValidationError
   *   listing every problem, each with its prop path and what to write instead
   *   (`FlinkSqlJob "x": statements[1]: ...`); warnings are logged and do not stop the preview
   *   (the job's `warnings` lists them; `acknowledgedWarnings` keeps a checked one from the log).
   *
   * Checked where Flink would fail the job when it starts, or would silently keep wrong rows: the
   * shape and column types of INSERTs (value count, implicit casts, NOT NULL); names, reserved words
   * and misspellings; aggregation and grouping; changelogs into sinks and sink keys; windows and
   * time attributes; temporal joins; syntax slips and other dialects' spellings; functions (other
   * dialects', misspelt, newer than the Flink version, date pattern slips); OPTIONS hints; secrets. What cannot be read
   * with certainty (subqueries, views that are no plain SELECT) is left to Flink.
   *
   * Every check, its exact conditions and upstream sources: docs/statement-checks.md in this
   * package (one line each: docs/statement-checks.md#checks-at-a-glance).
   */
  statements: (SqlStatement | string)[];
  /**
   * `execution.runtime-mode`. Default "streaming". Applied by the deploy target, never as a SET
   * line (the operator's 1.19/1.20 runner fails on SET to batch; SPEC decision 9). A batch job may
   * read only bounded, insert-only tables: an unbounded table or a changelog (debezium and other CDC
   * formats, `*-cdc`, upsert-kafka) is a preview error (flink `DynamicSourceUtils`). An OPTIONS
   * hint after a FlinkTable reference counts: with `'scan.bounded.mode' = 'latest-offset'` (kafka) or
   * `'number-of-rows'` (datagen) that reference reads bounded (Flink merges the hint into the table's options).
   * A `SET 'execution.runtime-mode' = '...'` statement is a preview error that says to write this
   * prop; without this prop the job is checked in the mode it names (no streaming-only errors next
   * to a SET to batch).
   * @default "streaming"
   */
  runtimeMode?: "streaming" | "batch";
  /** `parallelism.default` (and the FlinkDeployment's job.parallelism): a whole number ≥ 1. Default: Flink's (1). */
  parallelism?: number;
  /**
   * Further Flink configuration (plain strings), e.g. `{ "pipeline.name": "ingest" }`; rendered as
   * SET lines and applied by the target. Default: none (Flink's defaults, but for the checkpoint
   * interval below).
   *
   * - `execution.checkpointing.interval` wins over the sinks' commitInterval but may not exceed any
   *   of them; at least 10 ms, and no value turns checkpointing off ("0", "-1", "disabled": errors;
   *   flink CheckpointConfig). Unset, a streaming job that writes a sink committing on checkpoints
   *   (IcebergSink, 'filesystem', exactly-once Kafka) or streams an Iceberg table checkpoints at the
   *   smallest commitInterval, else every 1min.
   * - Not allowed (errors): `execution.runtime-mode` (use runtimeMode), `parallelism.default` with
   *   `parallelism`, keys that carry credentials, line breaks; with a deploy target the keys that
   *   choose the restored state (`execution.savepoint.path` ...: use initialSavepointPath /
   *   allowNonRestoredState); for sqlGateway the keys that choose the cluster (`rest.address` ...:
   *   use sqlGateway.sessionProperties).
   * - Keys and values as Flink reads them (also in kubernetes.flinkConfiguration and
   *   sqlGateway.sessionProperties): a key a few characters from a known option is a warning
   *   (Flink ignores unknown keys); a value Flink cannot parse or refuses is an error saying what to
   *   write (flink ConfigurationUtils, StateBackendLoader, TableConfigValidation; a checkpoint,
   *   savepoint or `high-availability.storageDir` directory as kubernetes.checkpointDir is checked:
   *   `s3a:/lake/x` names no bucket, write `s3a://lake/x`); a duration or
   *   memory size without a unit (read as milliseconds, bytes) and an
   *   `execution.checkpointing.timeout` under 1 s are warnings; on kubernetes, so is a key the
   *   target's flinkVersion does not read (renamed in 1.20, FLIP-406; removed in 2.0).
   * - `execution.checkpointing.checkpoints-after-tasks-finish` "false" in a streaming job with a
   *   bounded and an unbounded read into a sink that commits on checkpoints: an error, a warning
   *   where uncertain (flink DefaultCheckpointPlanCalculator).
   *
   * Every rule, its exact conditions and upstream sources: docs/job-configuration.md in this package.
   */
  configuration?: Record<string, string>;
}


/**
 * A Flink SQL job over Iceberg (and other) tables.
 * @throws FlinkIcebergValidationError listing every problem of the statements, configuration and target.
 */
export class FlinkSqlJob extends pulumi.ComponentResource implements ReportsWarnings {
  /** The whole SQL script (SET lines, CREATE TABLEs, views/functions, INSERT or statement set). */
  private scriptOutput?: pulumi.Output<string>;
  private readonly plainScript: string | undefined;
  /** The Flink names of the tables the job declares, in first-reference order. */
  readonly tables: string[];
  /** `execution.checkpointing.interval` as rendered, when checkpointing is on. */
  readonly checkpointInterval: string | undefined;
  /** Outputs of the deploy target, grouped (fields undefined for the other targets). */
  readonly deployment: DeployOutputs;
  /**
   * In statement order. The checks against the tables and jobs created before this job run in its
   * constructor, and a job created later reports what it shares with this one on itself. Not here:
   * the SQL Gateway's deployment warnings (`gatewayWarnings`, and the warning that the job ended
   * outside Pulumi, logged from the gateway's state), nor those of a `kubernetes.image` or
   * `sqlGateway.endpoint` given as an Output (logged on the job once its value is known).
   * @inheritDoc
   */
  readonly warnings: readonly ResourceWarning[];
  private readonly plainConfiguration: Record<string, string>;
  private readonly plainSchemas: Record<string, unknown>;
  private readonly plainPartitionSpecs: Record<string, unknown>;
  /** The outputs created so far (on first access; no Map per job). */
  private lazy?: Record<string, pulumi.Output<unknown>>;

  constructor(name: string, args: FlinkSqlJobArgs, opts?: pulumi.ComponentResourceOptions) {
    super("flink-iceberg:index:FlinkSqlJob", name, {}, opts);
    const label = resourceLabel("FlinkSqlJob", name);
    const v = validateJob(name, args, label);
    if (v === undefined) {
      // Collecting: a failed job registers nothing more (synth reports every collected error).
      this.plainScript = undefined;
      this.tables = [];
      this.checkpointInterval = undefined;
      this.deployment = {};
      this.warnings = [];
      this.plainConfiguration = {};
      this.plainSchemas = {};
      this.plainPartitionSpecs = {};
      return;
    }
    const { args: a, runtimeMode, plan, plainScript, kubernetesFacts, diag, secrets } = v;
    this.warnings = v.warnings;
    for (const w of diag.warnings) pulumi.log.warn(`${label}: ${w.path ? `${w.path}: ` : ""}${w.message}`, this);

    this.plainScript = plainScript;
    // With plain values the script Output is made on first read; otherwise it is the render chain itself.
    if (plainScript === undefined) this.scriptOutput = renderJobScript(name, plan, secrets);
    this.plainConfiguration = plan.flinkConfiguration;
    this.tables = plan.tables.map((t) => t.tableName);
    this.checkpointInterval = plan.checkpointInterval;
    const schemas: Record<string, unknown> = {};
    const partitionSpecs: Record<string, unknown> = {};
    for (const t of plan.tables) {
      if (t.iceberg === undefined) continue;
      schemas[t.tableName] = t.iceberg.schema;
      partitionSpecs[t.tableName] = t.iceberg.partitionSpec;
    }
    this.plainSchemas = schemas;
    this.plainPartitionSpecs = partitionSpecs;
    const c = targetChildArgs(this, name, a, plan, () => this.script, plainScript, kubernetesFacts, v);
    // The children are created here, in the constructor itself: Pulumi takes the first frame after
    // a resource's constructor as its source position, and records every frame (BENCHMARKS.md).
    let children: TargetChildren = {};
    if (c.kubernetes !== undefined) {
      const k = c.kubernetes;
      const configMap = new ConfigMap(k.configMap.name, k.configMap.args, k.opts);
      children = { configMap, flinkDeployment: new CustomResource(k.flinkDeployment.name, k.flinkDeployment.args, Object.assign({}, k.flinkDeployment.opts, { dependsOn: [configMap] })) };
    } else if (c.sqlGateway !== undefined) {
      children = { gatewayJob: new SqlGatewayJob(c.sqlGateway.name, c.sqlGateway.args, c.sqlGateway.opts) };
    }
    this.deployment = targetOutputs(this, c, children);

    const scriptOf = (): pulumi.Output<string> => this.script;
    const job: RegisteredJob = {
      name,
      runtimeMode,
      tables: plan.tables,
      sinks: insertTargets(plan),
      checkpointInterval: plan.checkpointInterval,
      target: a.kubernetes ? "kubernetes" : a.sqlGateway ? "sql-gateway" : "none",
      upgradeMode: a.kubernetes !== undefined ? (a.kubernetes.upgradeMode ?? KUBERNETES_DEFAULTS.upgradeMode) : undefined,
      get script() {
        return scriptOf();
      },
      icebergSchemas: schemas,
      icebergPartitionSpecs: partitionSpecs,
      manifests: this.deployment.manifests,
      manifestsRedacted: this.deployment.manifestsRedacted,
      warnings: diag.warnings.map((w) => `${w.path ? `${w.path}: ` : ""}${w.message}`),
      deleteWrites: plan.deleteWrites,
      overwriteWrites: plan.overwriteWrites,
      kafkaTransactions: plan.kafkaTransactions,
      kafkaGroupReads: plan.kafkaGroupReads,
      streamBranches: plan.streamBranches,
      writeBranches: plan.writeBranches,
      // Last: keys after a spread are built one by one in V8's runtime (BENCHMARKS.md session 6).
      ...(c.sqlGateway !== undefined ? { gatewaySubmission: gatewaySubmissionOf(c.sqlGateway.args) } : {}),
      ...acknowledgedCount(v.warnings),
    };
    addProgramJob(job, v.registry);
    // Plain values where known: the engine receives the same outputs without the Output plumbing.
    this.registerOutputs({
      script: plainScript ?? this.script,
      flinkConfiguration: { ...plan.flinkConfiguration },
      tables: this.tables,
      checkpointInterval: this.checkpointInterval,
      icebergSchemas: schemas,
      icebergPartitionSpecs: partitionSpecs,
      // The target's outputs are the children's (the ConfigMap, FlinkDeployment or SqlGatewayJob); the
      // job's getters derive them on demand, so registering them here would only create Outputs.
    });
  }

  // Outputs below are created on first access: a job needs none of them to deploy (BENCHMARKS.md).
  private cached<T>(key: string, make: () => pulumi.Output<T>): pulumi.Output<T> {
    const lazy = (this.lazy ??= {});
    let o = lazy[key] as pulumi.Output<T> | undefined;
    if (o === undefined) lazy[key] = o = make();
    return o;
  }

  private target<T>(key: keyof DeployOutputs): pulumi.Output<T | undefined> {
    return this.cached(key, () => (this.deployment[key] as pulumi.Output<T> | undefined) ?? pulumi.output(undefined));
  }

  /** The whole SQL script (SET lines, CREATE TABLEs, views/functions, INSERT or statement set). */
  get script(): pulumi.Output<string> {
    return (this.scriptOutput ??= pulumi.output(this.plainScript!));
  }

  /** The Flink configuration the job needs (runtime mode, checkpointing, parallelism, FLIP-27 switch, user configuration), sorted by key; each target applies it (SPEC decision 9). */
  get flinkConfiguration(): pulumi.Output<Record<string, string>> {
    return this.cached("flinkConfiguration", () => pulumi.output({ ...this.plainConfiguration }));
  }

  /** Flink table name → Iceberg schema JSON, for the job's Iceberg tables. */
  get icebergSchemas(): pulumi.Output<Record<string, unknown>> {
    return this.cached("icebergSchemas", () => pulumi.output(this.plainSchemas) as unknown as pulumi.Output<Record<string, unknown>>);
  }

  /**
   * Flink table name → the Iceberg partition spec JSON the table gets when the connector creates
   * it (`{ "spec-id": 0, fields: [...] }`, identity fields from 1000; see IcebergSink.icebergPartitionSpec),
   * for the job's Iceberg tables.
   */
  get icebergPartitionSpecs(): pulumi.Output<Record<string, unknown>> {
    return this.cached("icebergPartitionSpecs", () => pulumi.output(this.plainPartitionSpecs) as unknown as pulumi.Output<Record<string, unknown>>);
  }

  /** Kubernetes target: the FlinkDeployment's `metadata.name`; undefined otherwise. */
  get deploymentName(): pulumi.Output<string | undefined> {
    return this.target("deploymentName");
  }

  /** Kubernetes target: the namespace of the ConfigMap and FlinkDeployment; undefined otherwise. */
  get namespace(): pulumi.Output<string | undefined> {
    return this.target("namespace");
  }

  /** Kubernetes target: the ConfigMap holding the script; undefined otherwise. */
  get scriptConfigMapName(): pulumi.Output<string | undefined> {
    return this.target("scriptConfigMapName");
  }

  /** Kubernetes target: the operator's `status.lifecycleState` when known (e.g. STABLE, SUSPENDED, FAILED). */
  get lifecycleState(): pulumi.Output<string | undefined> {
    return this.target("lifecycleState");
  }

  /** The Flink job's state when known (Kubernetes: `status.jobStatus.state`; SQL Gateway: SHOW JOBS, "NOT_FOUND" when gone). */
  get jobStatus(): pulumi.Output<string | undefined> {
    return this.target("jobStatus");
  }

  /** Kubernetes target: the FlinkDeployment's `status.error` (the operator's validation or deployment error) when there is one. */
  get error(): pulumi.Output<string | undefined> {
    return this.target("error");
  }

  /** SQL Gateway target: the submitted Flink job id; undefined otherwise. */
  get jobId(): pulumi.Output<string | undefined> {
    return this.target("jobId");
  }

  /**
   * SQL Gateway target: the warnings of the gateway's last create or update (a job still starting
   * after `startTimeout`, a job that restarted while starting ...); `[]` for the other targets. The
   * `pulumi up` that created or updated the job also logs them on the job.
   */
  get gatewayWarnings(): pulumi.Output<string[]> {
    return this.cached("gatewayWarnings", () => this.deployment.gatewayWarnings ?? pulumi.output([]));
  }
}

/** The tables the plan's INSERTs write, each once, in statement order. */
function insertTargets(plan: { readonly inserts: readonly { readonly target?: TableDefinition }[] }): TableDefinition[] {
  const sinks: TableDefinition[] = [];
  for (const i of plan.inserts) if (!sinks.includes(i.target!)) sinks.push(i.target!);
  return sinks;
}

/** synth's view of a gateway submission, built when asked. */
function gatewaySubmissionOf(args: SqlGatewayJobArgs): (showSecrets: boolean) => pulumi.Output<Record<string, unknown>> {
  return (showSecrets) => gatewaySubmission(args, showSecrets);
}
