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
   * FUNCTION. The tables interpolated here are the tables the job declares, in first-reference order.
   * An INSERT of the plain shape (`[(columns)] SELECT list [FROM ${table} [alias] [WHERE ...]]`,
   * also with a static `PARTITION (col = value)` after the sink and with a window TVF
   * `FROM TABLE(TUMBLE|HOP|CUMULATE|SESSION(TABLE ${table}, ...))`, whose window_start, window_end and
   * window_time join the table's columns) is checked against the sink's columns as Flink's planner checks it when the job starts
   * (flink `DynamicSinkUtils.validateSchemaAndApplyImplicitCast`): preview errors for another
   * number of values than columns (a `*` counts the FROM table's columns), a listed column the sink
   * does not have, a value whose known type (a column of the FROM table, a CAST or a literal) Flink does not
   * convert to the column's type by itself (flink `LogicalTypeCasts`), and a column reference in
   * the SELECT list that the FROM table does not have (with the nearest name), and a name compared
   * in the WHERE clause (`x = name`, `name <> ...`, `x IN (name, ...)`) that is no column of it:
   * a misspelt column, or a value without quotes (`status = SHIPPED`: a string interpolated with
   * `${...}` is SQL text; quote it with `sqlLiteral`), and, there or in the column list after the sink, a column
   * named like a reserved word (`value`, `timestamp`, `user` ...) written without back-quotes. NOT NULL sink
   * columns (a primary key is NOT NULL): `NULL` / `CAST(NULL AS ...)` into one and a column list
   * that leaves one out are preview errors; a nullable column of the FROM table written into one is a
   * warning (Flink's `table.exec.sink.not-null-enforcer`, default ERROR, fails the job on the first
   * NULL), unless a top-level WHERE condition rejects NULL for it (`id > 0`, `id IS NOT NULL`,
   * `NOT id IS NULL`, `id IN (...)`, ...; not under OR, CASE, COALESCE or NOT), the FROM table is
   * 'datagen' without a null-rate, or the enforcer is DROP. A changelog FROM table with a primary key
   * copied into an upsert IcebergSink whose primaryKey has more columns is a warning: an update that
   * changes such a column leaves the old row (the upsert writer ignores retractions; iceberg
   * `BaseDeltaTaskWriter`), so set upsertEnabled: false, `table.exec.sink.upsert-materialize` FORCE, or
   * key the sink by the source's key; so is a WHERE on a column outside the source's key in such an
   * INSERT (a row that stops matching after an update stays with its old values). Both are quiet
   * under FORCE, for GROUP BY / DISTINCT and in batch jobs. Names inside the expressions of the
   * SELECT list and the WHERE clause (`UPPER(x)`, `CAST(x AS ...)`, `CASE WHEN x ...`, `t.x * 2`)
   * are checked as well where they are certainly column references (no function name, keyword, CAST
   * type, alias of the SELECT list, named argument or ROW field), with the nearest name, also over a
   * join of interpolated tables (`FROM ${a} [AS] x JOIN ${b} [AS] y ON ...`, its ON conditions and
   * FOR SYSTEM_TIME AS OF column included): each misspelt name once per statement, naming every
   * place it is read, and names suggested and listed as SQL must write them (back-quoted when
   * reserved or no plain identifier); a name compared there with no quotes (`ON d.label = GOLD`,
   * `CASE WHEN s = SHIPPED`) gets the same `sqlLiteral` advice as in the WHERE clause. A reserved
   * word naming a column is an error too when written without back-quotes after a qualifier
   * (`t.value`: write t.`value`) or where only an operand stands (`UPPER(value)`, `CAST(timestamp
   * AS DATE)`, `timestamp > ts`; not its syntax uses such as `TIMESTAMP '...'`). Of the clauses
   * after FROM only the WHERE clause is read for these checks (GROUP BY and HAVING for the next);
   * a `*` over a table with VIRTUAL metadata columns is not counted (the column expansion strategy
   * may leave them out); counts and types are checked over one FROM table only; unions,
   * subqueries, WITH, VALUES, NATURAL joins, LATERAL and UNNEST are left to Flink.
   *
   * Aggregation without the right GROUP BY, in an INSERT or a view of that shape (Calcite's
   * validator refuses it when the job starts): a column that a SELECT item or the HAVING clause
   * reads outside an aggregate and that the GROUP BY does not name (also within GROUPING SETS,
   * ROLLUP or CUBE), or a column next to an aggregate in a query without GROUP BY, is a preview
   * error ("Expression 'id' is not being grouped"), as is an aggregate or windowed aggregate in the
   * WHERE clause. Expressions are read only where certain (built-in functions and operators, no
   * subquery, no OVER window, and a GROUP BY of columns only); SELECT DISTINCT and user functions
   * are left to Flink. Flink's SQL conformance (flink-sql-parser `FlinkSqlConformance`) groups by no
   * alias or ordinal and has no HAVING alias: `GROUP BY 1` that leaves a SELECT column ungrouped (the
   * ordinal is a constant) and `HAVING cnt > 1` with `cnt` a SELECT alias are preview errors with
   * the clause rewritten (group-ordinals.ts, expression-columns.ts).
   *
   * Spellings of other dialects that Flink's parser or function catalog refuses are preview errors
   * with the rewrite, in statements, views and computed-column / watermark expressions (outside
   * literals, comments and back-quoted names): `!=` (write `<>`), `LIMIT m, n` and `OFFSET m LIMIT n`
   * (write `LIMIT n OFFSET m`), `MINUS` (write `EXCEPT`), double-quoted text (write `'text'` or a
   * back-quoted name) (conformance.ts); calls of functions Flink 1.19–2.1 does not have (`NVL`,
   * `NVL2`, `IIF`, `GETDATE()`, `SYSDATE()`, `DATEDIFF`, `DATEADD`, `LEN`, `CHARINDEX`,
   * `GROUP_CONCAT`; `ISNULL` warns) name the Flink function to write, an error unless the job
   * declares a function of that name or its session may start in a stored catalog (then a warning;
   * foreign-functions.ts), also back-quoted (`` `NVL`(a, b) `` calls the same function), and in a
   * table's computed column or watermark expression at `statements`, naming the table and its prop
   * path (Flink fails its CREATE TABLE). Plural interval units (`INTERVAL '2' DAYS`) and `%` are accepted, as
   * Flink's parser accepts them.
   *
   * In a streaming job, an INSERT whose query ends in `ORDER BY` without LIMIT / FETCH must sort by
   * a time attribute ascending first (Flink: "Sort on a non-time-attribute field is not
   * supported."): a first key written DESC, or a column of the read table that is no time
   * attribute, is a preview error (streaming-sort.ts). A view column that CASTs a time attribute is
   * a plain TIMESTAMP: a window over it (TVF or legacy group window over the view) is a preview
   * error naming the view and the column (view-time-casts.ts).
   *
   * Time attributes (a `watermark` column, a FlinkTable `PROCTIME()` column), checked where a
   * statement uses an interpolated table directly: a window TVF `TUMBLE|HOP|CUMULATE|SESSION(TABLE
   * ${t}, DESCRIPTOR(col), ...)` needs one in a streaming job (a TIMESTAMP column in batch; SESSION is
   * an error in batch: Flink has none); `GROUP BY TUMBLE|HOP|SESSION(col, ...)` over the one table a
   * streaming statement reads needs one; `JOIN ${right} FOR SYSTEM_TIME AS OF l.col` needs `col` to be
   * the left table's time attribute, as of processing time a lookup source on the right (never an
   * Iceberg table, a kafka, datagen, filesystem or CDC table), as of event time a versioned table (a
   * primaryKey and a watermark; rowtimes of one type), and in a batch job a lookup source. A window
   * TVF over a simple view (`SELECT cols | * FROM ${t} [WHERE ...]` passing the column through) is
   * followed to its table; other views, subqueries, WITH queries, joins whose left side is no
   * interpolated table, and OVER windows are left to Flink; a view no statement reads is not
   * checked for columns, time attributes or changelogs (Flink plans a view only where it is read),
   * though its spellings and function names are (Flink parses and validates the view's query when
   * the script creates it); a view is read by
   * its name in exactly its letter case (Flink's names are case-sensitive), and a read in another
   * case is a preview error that names the view; a view declared as
   * `default_catalog.default_database.v` (Flink's built-in catalog and database) is the view `v`.
   * A name read as a table in plain text (after FROM, JOIN or TABLE, or a comma of a FROM list)
   * that is no table, view or WITH query the job declares fails the job when it starts ("Object
   * '...' not found"): a preview error on Kubernetes (the script's session starts in the in-memory
   * `default_catalog`; on Flink 2.x unless the deployment sets `table.catalog-store.kind`) and on a
   * SQL Gateway whose session sets `table.catalog-store.kind` to `generic_in_memory`, a warning on
   * other gateways (their own configuration may start sessions in a stored catalog) and without a
   * target; the message names the component, view or WITH query meant, or the tables the job
   * declares. Qualified names (`catalog.db.table`) are not checked. An event-time join
   * against a streaming IcebergSource warns that results wait for its next commit. In a streaming
   * job, updates into a sink that cannot take them are errors (changelog-sinks.ts): a changelog FROM
   * table, an aggregation without a window, a Top-N / deduplication (also `ORDER BY ... LIMIT` / `FETCH FIRST`; not per window, not by a
   * PROCTIME() column ascending; keep-first by event time only before Flink 2.1 or with mini-batch,
   * a warning when the version is unknown; a top-1 ROW_NUMBER by another ascending order or by
   * several columns also on Flink 2.1+, whose planner accepts it into an insert-only FlinkTable
   * while each replacement becomes one more row, FLINK-40368), SELECT DISTINCT into a FlinkTable,
   * a NOT IN / NOT EXISTS / <> ALL / NOT (x IN ...) over a subquery or an EXCEPT (an anti join, which
   * retracts a row once a match arrives; not IN / EXISTS, a literal list or a window anti join), an
   * EXCEPT ALL or INTERSECT ALL, an INTERSECT into a FlinkTable, into an IcebergSink without primaryKey, a keyed one on formatVersion 1, or a 'kafka' / 'filesystem' FlinkTable whose
   * format carries no row kind; so are a regular outer join (LEFT / RIGHT / FULL JOIN of interpolated
   * tables whose ON condition or USING list names no time attribute and holds no INTERVAL, not FOR
   * SYSTEM_TIME AS OF, whose WHERE names the side it pads with NULL only in `c IS NULL`: flink
   * StreamPhysicalJoin) and an aggregate in the query's own SELECT list without GROUP BY (a
   * GroupAggregate) (certain-updates.ts); an outer join whose WHERE rejects NULL on each padded side
   * (`c IS NOT NULL`, or `c` compared with a literal, ANDed at the top level, the only condition on
   * `c`) is an inner join (calcite RelOptUtil.simplifyJoin) and quiet; another WHERE on the padded
   * side warns that the join may retract; another outer join, an aggregate in a subquery, an order the statement's own tables cannot tell
   * and an anti join beside a window TVF whose columns a view may rename warn. The Iceberg sink
   * accepts every row kind, upsert or not (iceberg IcebergTableSink.getChangelogMode returns the
   * requested mode): what a keyless or v1 table does with updates happens when the job runs.
   * A ranking is followed through the views and WITH queries the statement reads (Flink expands
   * both in place; with-queries.ts). A ROW_NUMBER Top-N into a keyed sink whose key is only its
   * PARTITION BY columns (a Top-N of several rows per partition) or part of them (a deduplication)
   * is an error: rows that share the key overwrite each other (flink
   * FlinkRelMdUniqueKeys.getRankUniqueKeys; docs topn.md); the message names the key to declare (the
   * partition columns and the row number, or the input's primaryKey); a warning where the input's
   * key cannot be read, and for `ORDER BY ... LIMIT n` (n > 1) into a sink keyed by no known key of
   * its input (rank-sink-keys.ts). RANK() / DENSE_RANK() filtered by its number is an error in any
   * sink of a streaming job (flink StreamExecRank, StreamExecWindowRank: ROW_NUMBER only;
   * streaming-rank.ts). An aggregation (in the statement, or a view or WITH query it reads by
   * column names) into a keyed sink whose key holds an aggregate value (`COUNT(*) AS n` keyed by
   * n): a key of no GROUP BY column, only aggregate values and literals, is an error in any keyed
   * sink (Flink's SinkUpsertMaterializer keeps one row per key, so groups with the same value
   * merge; in batch and for window aggregations an upsert sink overwrites them); the GROUP BY
   * columns, or none for an aggregation without GROUP BY, plus an aggregate value into an upsert
   * IcebergSink is an error in a streaming job (Flink adds no materializer, the upsert writer
   * ignores the retraction, and every old value stays a row; a warning when the key's aggregates
   * are MIN, MAX or FIRST_VALUE, which the data may never change; quiet under
   * `table.exec.sink.upsert-materialize` FORCE, without upsert, and for upsert-kafka or jdbc,
   * which delete the old key); a key that lacks some GROUP BY columns is a warning. The messages
   * name the key to declare: the GROUP BY columns, or a constant (`'all' AS k`) for an
   * aggregation without GROUP BY, which is also the advice for a keyless IcebergSink
   * (aggregate-sink-keys.ts; flink FlinkRelMdUpsertKeys, FlinkChangelogModeInferenceProgram).
   * Window lengths Flink cannot slice are preview errors: a HOP whose size is no
   * integral multiple of its slide under a window aggregation of a streaming job (GROUP BY
   * window_start, window_end, also over a view holding the HOP; the swapped `HOP(..., size, slide)`
   * is rewritten), and a CUMULATE whose maximum size is no integral multiple of its step in any use
   * (flink StreamExecWindowAggregateBase, SliceAssigners, CumulativeWindowAssigner;
   * window-multiples.ts). A HOP that is not aggregated so, or in a batch job, takes any lengths.
   * In a streaming job, a changelog table (CDC format or connector, upsert-kafka) read by an
   * interval join (a JOIN of interpolated tables whose ON condition bounds a time attribute of each
   * side by the other: BETWEEN, or comparisons both ways) or by an OVER aggregation ordered by a time
   * attribute is a preview error: both take inserts only in Flink 1.19–2.1 (flink
   * FlinkChangelogModeInferenceProgram; insert-only-operators.ts); views, subqueries and named
   * windows are left to Flink.
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
   * sinks commit on checkpoints, that they would never commit (sql/checkpoint-off.ts). Not
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
   * not have) is an error saying what to write; a duration or memory size without a unit
   * (milliseconds, bytes) and an `execution.checkpointing.timeout` under 1 s (every checkpoint
   * would expire, and an Iceberg sink commits only on completed checkpoints) are warnings.
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
