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
import { SqlGatewayJob, type SqlGatewayJobArgs } from "../deploy/sql-gateway/resource.js";
import { SqlStatement } from "../sql/template.js";
import { resourceLabel } from "../validation/error.js";
import { gatewaySubmission } from "./gateway-summary.js";
import { addProgramJob, type RegisteredJob } from "./job-registry.js";
import { renderJobScript } from "./job-script.js";
import { validateJob } from "./job-validation.js";
import { targetChildArgs, targetOutputs, type DeployOutputs, type TargetArgs, type TargetChildren } from "./job-targets.js";

/** FlinkSqlJob args. */
export interface FlinkSqlJobArgs extends TargetArgs {
  /**
   * The job's statements, built with `sql`: INSERT INTO `${sink}` ... (several INSERTs become one
   * statement set), INSERT OVERWRITE (batch only), CREATE TEMPORARY VIEW, CREATE TEMPORARY
   * FUNCTION. The tables interpolated here are the tables the job declares, in first-reference
   * order. Each statement is checked at preview where Flink would fail the job when it starts (or
   * would silently keep wrong rows); what cannot be read with certainty (subqueries, views that are
   * no plain SELECT) is left to Flink.
   *
   * The checks, by family, each ending with the file under src/sql/ that implements it.
   *
   * Shape and columns of an INSERT (`[(columns)] SELECT list [FROM ${table} [WHERE ...]]`, also over a window TVF,
   * a view or a WITH query; a UNION ALL; VALUES):
   * - more or fewer values than sink columns, a column the sink lacks, a type Flink does not cast
   *   implicitly, also of aggregates, arithmetic, CASE, COALESCE, IF, casts, predicates and common
   *   built-in functions (expression-types.ts, function-types.ts), also read through a view or WITH
   *   query (relation-types.ts): errors (insert-columns.ts)
   * - UNION ALL branches or VALUES rows of different widths or without a common type: errors; their
   *   common type into the sink as above (set-operations.ts, values-rows.ts)
   * - an integer AVG or integer division, or a value computed from one (CAST, ROUND, arithmetic, CASE,
   *   COALESCE ...), into a DOUBLE, FLOAT or DECIMAL column: a warning (whole-numbers.ts)
   * - NULL into a NOT NULL sink column, a column list leaving one out: errors; a nullable column into
   *   one: a warning (insert-columns.ts)
   * - a changelog copied into an upsert IcebergSink keyed by more columns, or filtered outside its
   *   key: warnings (upsert-keys.ts)
   * - a Pulumi Output where a SQL value goes: a warning (output-operands.ts)
   * - a FlinkTable VARIANT column in a job on Flink before 2.1: an error (variant-columns.ts)
   *
   * Names and spellings:
   * - a column no FROM table has (SELECT, WHERE, ON, expressions): an error with the nearest name;
   *   an unquoted value (`status = SHIPPED`): an error advising `sqlLiteral` (expression-columns.ts)
   * - a reserved word (`value`, `timestamp`; Flink's own `comment`, `views`, `bytes` ...) naming a column, or after AS, without back-quotes: an error; a word only some Flink versions reserve (`hash`, `refresh`): a warning where the version is not known (reserved-words.ts)
   * - a view read in another letter case: an error (view-names.ts)
   * - a plain-text table name the job does not declare: an error, a warning where the session may
   *   start in a stored catalog (plain-text-tables.ts)
   *
   * Aggregation and grouping:
   * - a column read outside an aggregate and not grouped, an aggregate in WHERE: errors (ungrouped-columns.ts)
   * - `GROUP BY 1` and HAVING on a SELECT alias: errors with the rewrite (group-ordinals.ts)
   *
   * Changelogs into sinks and sink keys (streaming jobs):
   * - updates into a sink that takes inserts only: errors, warnings where uncertain (changelog-sinks.ts)
   * - a streaming read of a table a keyed IcebergSink of the program is written updates into (its
   *   commits are no "append" snapshots, which a streaming read skips): an error, a warning where
   *   uncertain (row-delta-reads.ts)
   * - an INSERT that appends to the Iceberg table (and branch) it streams from: an error for a plain
   *   projection, which writes every row it reads back forever; a warning where a WHERE, join,
   *   aggregation ... may end the loop (streamed-writes.ts, plain-projection.ts)
   * - a ROW_NUMBER Top-N into a sink keyed by its partition columns: an error (rank-sink-keys.ts)
   * - RANK() / DENSE_RANK() Top-N: an error (streaming-rank.ts)
   * - an aggregate value in the sink's key: an error or a warning (aggregate-sink-keys.ts)
   * - a HAVING, or a WHERE over an aggregation's result, into an upsert IcebergSink keyed by the
   *   GROUP BY columns (a group that stops matching keeps its last row): a warning; quiet for a
   *   condition on the GROUP BY columns alone, and for `COUNT(*) > n` / `MAX(x) > n` / `MIN(x) < n` over
   *   an append-only input, which a group never stops meeting (filtered-aggregates.ts)
   * - a changelog into an interval join or a time-ordered OVER aggregation: an error (insert-only-operators.ts)
   * - `execution.checkpointing.checkpoints-after-tasks-finish` "false" (see `configuration`) in a job
   *   that reads a bounded table and runs on an unbounded one into a sink that commits on
   *   checkpoints, which commits nothing once the bounded read ends: an error, a warning where
   *   uncertain (finished-tasks.ts)
   *
   * Windows and time attributes:
   * - a window on a column that is no time attribute (streaming), SESSION in batch: errors (window-time.ts)
   * - a window on a view column that CASTs a time attribute: an error (view-time-casts.ts)
   * - ORDER BY without LIMIT not led by an ascending time attribute: an error (streaming-sort.ts)
   * - HOP / CUMULATE lengths Flink cannot slice: errors (window-multiples.ts)
   * - a window length of 0 ms: an error; a watermark delay under 1 ms: a warning (zero-intervals.ts)
   * - an interval literal Flink's parser refuses (`INTERVAL '5 minutes'`, `INTERVAL '10' MINS`, a
   *   string that does not fit its unit): an error with the rewrite (interval-literals.ts)
   * - source watermarks over a table the program writes in Avro: an error (avro-watermarks.ts)
   *
   * Joins:
   * - FOR SYSTEM_TIME AS OF off the left time attribute, or against no lookup source / versioned
   *   table: errors; event time against a streaming IcebergSource: a warning (temporal-join.ts)
   *
   * Syntax slips Flink's parser refuses (a statement with one is read no further):
   * - a `(` never closed, a `)` that closes none, `==`, a comma right before FROM, WHERE, GROUP BY,
   *   ORDER BY, HAVING, UNION or `)`, a statement ending in a comma, AND, OR, NOT or an operator,
   *   a word after `INSERT INTO ${sink} [PARTITION (...)] [(columns)]` that starts no query (SELEC,
   *   VALUE), a table right after a word read as an alias (`amount FORM ${t}`, `x JION ${t}`), a
   *   name where the grammar takes a keyword: after a table's alias (`FROM ${t} WEHRE id > 0`,
   *   `${t} GROUPBY id`), after an operand of a WHERE / HAVING / ON condition (`id > 0 ADN name`,
   *   `id BETWEN 1 AND 5`), after a GROUP BY / ORDER BY item, after IS NOT (`IS NOT NUL`), a third
   *   name in a select item (`a b c`): errors naming the place and what to write, "did you mean"
   *   the keyword one typo away (syntax-slips.ts, misplaced-names.ts)
   *
   * Dialect spellings and foreign functions (also in computed-column and watermark expressions):
   * - `!=`, `LIMIT m, n`, `OFFSET m LIMIT n`, `MINUS`, double quotes: errors with the rewrite (conformance.ts)
   * - `NVL`, `IIF`, `GETDATE()`, `DATEDIFF`, `LEN` ...: errors naming the Flink function, warnings
   *   where a stored catalog may hold them (foreign-functions.ts)
   * - a call one typo from a function the job declares (`mask_emial(...)` next to `CREATE TEMPORARY
   *   FUNCTION mask_email`) or from a built-in one (`REGEX_REPLACE`) that is no built-in function:
   *   an error on Kubernetes ("did you mean mask_email"), a warning elsewhere (misspelt-functions.ts)
   * - a built-in function newer than the Kubernetes target's flinkVersion (`BTRIM`, Flink 2.0, or
   *   `URL_DECODE`, Flink 1.20, on `"v1_19"`): an error naming the release that added it and what to
   *   write (`TRIM(BOTH ' ' FROM s)` for `BTRIM(s)`); the built-in names are one list for every
   *   supported version, the newer ones dated (newer-functions.ts, builtin-function-versions.ts);
   *   quiet on the SQL Gateway target, whose Flink version is unknown at preview
   *
   * OPTIONS hints and secrets:
   * - a hint's keys meet the table's option rules: errors and warnings at the hint (hint-keys.ts)
   * - what Kafka checks when a statement reads or writes a FlinkTable (a scan mode's options, an
   *   exactly-once sink's prefix and transaction timeout) is judged with that statement's hint
   *   merged into the table's options (hinted-reads.ts, hinted-writes.ts)
   * - a Pulumi secret interpolated into a statement: an error (statement-secrets.ts, in src/components/)
   *
   * Details, exact conditions and upstream sources: docs/statement-checks.md, one section per
   * check, mostly named after its file (e.g. docs/statement-checks.md#aggregate-sink-keys).
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
   * SET lines and applied by the target. `execution.checkpointing.interval` here wins over the
   * sinks' commitInterval but may not exceed any of them; without it a streaming job that writes
   * an IcebergSink, a 'filesystem' FlinkTable or an exactly-once 'kafka' / 'upsert-kafka' FlinkTable (all commit only on checkpoints), or reads an
   * Iceberg table as a stream, checkpoints at the smallest commitInterval, else every 1min. No
   * value turns checkpointing off: "0" fails the job when it starts (Flink's minimum is 10 ms), "-1"
   * or "disabled" does not parse, and such a value is an error that says so and, for a job whose
   * sinks commit on checkpoints, that they would never commit (sql/checkpoint-off.ts).
   * `execution.checkpointing.checkpoints-after-tasks-finish` (Flink 1.19:
   * `execution.checkpointing.checkpoints-after-tasks-finish.enabled`) "false" here, in
   * kubernetes.flinkConfiguration or in sqlGateway.sessionProperties, in a streaming job that reads
   * a bounded table and keeps running on an unbounded one into a sink that commits on checkpoints,
   * is an error: once the bounded read's tasks finish Flink takes no checkpoint (flink
   * DefaultCheckpointPlanCalculator), so the sink commits nothing more; remove the key or set it to
   * "true". A warning where the version decides and is not known, or the bounded table's end is
   * only assumed (sql/finished-tasks.ts, [docs/statement-checks.md](docs/statement-checks.md#checkpoints-after-tasks-finish)). Not
   * allowed: `execution.runtime-mode` (use runtimeMode; without runtimeMode the job is checked in
   * the mode it names, so a "batch" there adds no streaming-only errors), `parallelism.default` together with
   * `parallelism`, keys that carry credentials (SPEC decision 8), line breaks; with a deploy target
   * also the keys that choose the restored state (`execution.state-recovery.*`,
   * `execution.savepoint.path`: use the target's initialSavepointPath / allowNonRestoredState) and,
   * for sqlGateway, the keys that choose the cluster (`execution.target`, `rest.address`,
   * `rest.port`, ...: use sqlGateway.sessionProperties). A key a few characters from a known Flink
   * option (`table.exec.state.tll`) is a warning naming the option meant: Flink ignores unknown
   * keys (options/known-flink-options.ts; the same for kubernetes.flinkConfiguration and
   * sqlGateway.sessionProperties). The values of well-known options are checked as Flink parses
   * them (options/flink-option-types.ts, there too): a value Flink cannot parse or refuses
   * (`"10 mins"`, `"yes"` for a boolean, `"-1"` tolerable failed checkpoints, an enum value it does
   * not have, a state backend, checkpoint storage or restart strategy it does not know: `"rocks"`;
   * on kubernetes, a state backend name the target's flinkVersion does not know: `"jobmanager"` /
   * `"filesystem"` on 2.x, `"forst"` on 1.x, flink StateBackendLoader;
   * a `table.local-time-zone` that flink TableConfigValidation.validateTimeZone refuses: `"UTC+8"`,
   * `"+08:00"`, `"PST"`, `"utc"`; options/time-zone.ts) is an error saying what to write (e.g.
   * `table.optimizer.agg-phase-strategy` `"TWO-PHASE"`: write `"TWO_PHASE"`); a duration or memory
   * size without a unit (milliseconds, bytes), an `execution.checkpointing.timeout` under 1 s (every
   * checkpoint would expire, and an Iceberg sink commits only on completed checkpoints) and a
   * `table.optimizer.agg-phase-strategy` name in lower case (Flink 1.19 and 1.20 read it with
   * AggregatePhaseStrategy.valueOf, upper case only; 2.x in any case: on kubernetes an error on
   * `"v1_19"`/`"v1_20"` and quiet on `"v2_0"`/`"v2_1"`) are warnings. On kubernetes,
   * a key the target's flinkVersion does not read is a warning naming the key to write: a Flink 1.20
   * name on `"v1_19"` (FLIP-406: `execution.checkpointing.checkpoints-after-tasks-finish`,
   * `execution.checkpointing.incremental`, ...; kubernetes/renamed-keys.ts; its value is then not
   * judged), a key Flink 2.0 removed on `"v2_0"`/`"v2_1"`
   * (`state.backend.async`, `table.exec.topn-cache-size`, `table.exec.shuffle-mode`, the old
   * `table.exec.deduplicate.*` names, the legacy `jobmanager.heap.*` / `taskmanager.heap.*`:
   * kubernetes/removed-keys.ts).
   */
  configuration?: Record<string, string>;
}


/**
 * A Flink SQL job over Iceberg (and other) tables.
 * @throws FlinkIcebergValidationError listing every problem of the statements, configuration and target.
 */
export class FlinkSqlJob extends pulumi.ComponentResource {
  /** The whole SQL script (SET lines, CREATE TABLEs, views/functions, INSERT or statement set). */
  private scriptOutput?: pulumi.Output<string>;
  private readonly plainScript: string | undefined;
  /** The Flink names of the tables the job declares, in first-reference order. */
  readonly tables: string[];
  /** `execution.checkpointing.interval` as rendered, when checkpointing is on. */
  readonly checkpointInterval: string | undefined;
  /** Outputs of the deploy target, grouped (fields undefined for the other targets). */
  readonly deployment: DeployOutputs;
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
      this.plainConfiguration = {};
      this.plainSchemas = {};
      this.plainPartitionSpecs = {};
      return;
    }
    const { args: a, runtimeMode, plan, plainScript, kubernetesFacts, diag, secrets } = v;
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
    const c = targetChildArgs(this, name, a, plan, () => this.script, plainScript, kubernetesFacts);
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
      sinks: plan.inserts.map((i) => i.target!).filter((t, i, all) => all.indexOf(t) === i),
      checkpointInterval: plan.checkpointInterval,
      target: a.kubernetes ? "kubernetes" : a.sqlGateway ? "sql-gateway" : "none",
      get script() {
        return scriptOf();
      },
      icebergSchemas: schemas,
      icebergPartitionSpecs: partitionSpecs,
      manifests: this.deployment.manifests,
      manifestsRedacted: this.deployment.manifestsRedacted,
      warnings: diag.warnings.map((w) => `${w.path ? `${w.path}: ` : ""}${w.message}`),
      deleteWrites: plan.deleteWrites,
      streamBranches: plan.streamBranches,
      writeBranches: plan.writeBranches,
      // Last: keys after a spread are built one by one in V8's runtime (BENCHMARKS.md session 6).
      ...(c.sqlGateway !== undefined ? { gatewaySubmission: gatewaySubmissionOf(c.sqlGateway.args) } : {}),
    };
    addProgramJob(job);
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

/** synth's view of a gateway submission, built when asked. */
function gatewaySubmissionOf(args: SqlGatewayJobArgs): (showSecrets: boolean) => pulumi.Output<Record<string, unknown>> {
  return (showSecrets) => gatewaySubmission(args, showSecrets);
}
