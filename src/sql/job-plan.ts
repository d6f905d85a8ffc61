/**
 * Plans a FlinkSqlJob from its statements: which tables it declares (first-reference order),
 * which it writes and reads, its configuration, and every preview-time rule of the job
 * (issue 4): targets are sinks of the job, no two tables share a Flink name, an Iceberg table is
 * not registered twice with different schemas (across jobs: shared-iceberg-tables.ts), INSERT OVERWRITE only in batch and never into an
 * upsert sink, a batch job reads only bounded tables; streaming reads of tables the program writes
 * with deletes: streamed-writes.ts.
 */
import { intervalUnitsFlinkLacks } from "./interval-literals.js";
import { checkVariantColumns } from "./variant-columns.js";
import type { TableDefinition } from "../components/table-definition.js";
import type { Diagnostics } from "../validation/diagnostics.js";
import type { CredentialTarget } from "../validation/secrets.js";
import { checkOptionsHints } from "./options-hints.js";
import { checkBatchReads } from "./batch-reads.js";
import { checkHintedReads, readReferences, tableReferences } from "./hinted-reads.js";
import { checkHintKeys } from "./hint-keys.js";
import { insertWrites, jobKafkaTransactions, jobWrites, reportJobWrites } from "./hinted-writes.js";
import { checkHintSwitch, DYNAMIC_TABLE_OPTIONS_KEY, hintSwitchSetting } from "./hint-switch.js";
import { checkRequiredOptions } from "./required-options.js";
import { effectiveNotNullEnforcer, NOT_NULL_ENFORCER_KEY } from "./insert-columns.js";
import { checkInsertColumnsOnce } from "./insert-columns-memo.js";
import { UPSERT_MATERIALIZE_KEY } from "./upsert-keys.js";
import { checkIntervalBoundWarnings, computeJobConfig, firstSetting, firstSettingAt, isOn, type JobConfig, type TargetSetting } from "./job-config.js";
import { CDC_EVENTS_DUPLICATE_KEY, checkCdcEventsDuplicate } from "./cdc-events-duplicate.js";
import { checkMiniBatchSettings, MINI_BATCH_KEY, MINI_BATCH_LATENCY_KEY, MINI_BATCH_SIZE_KEY } from "./mini-batch-settings.js";
import { analyzeStatement, type AnalyzedStatement } from "./statement.js";
import { valueText } from "./value-text.js";
import type { SqlStatement } from "./template.js";
import { checkOutputOperands } from "./output-operands.js";
import { checkSourceWatermarksOverAvro } from "./avro-watermarks.js";
import { checkSourceWatermarkSupport } from "./source-watermark-support.js";
import { checkChangelogIntoAppendSink, insertUpdates } from "./changelog-sinks.js";
import { deleteWrites, type DeleteWrite } from "./row-delta-reads.js";
import { checkStreamedWrites } from "./streamed-writes.js";
import { checkOverwriteMode } from "./overwrite-modes.js";
import { checkOverwriteConflicts } from "./overwrite-conflicts.js";
import { checkStatementSetReads } from "./statement-set-reads.js";
import { checkBatchSelfAppends } from "./batch-self-appends.js";
import { checkOverwriteReads, overwriteWrites, type OverwriteWrite } from "./overwrite-reads.js";
import { checkConcurrentUpserts } from "./concurrent-upserts.js";
import { checkKeyedAppends } from "./keyed-appends.js";
import { checkBoundedDimensionJoins } from "./bounded-dimension-joins.js";
import { STATE_TTL_KEY, withoutStateTtl } from "./state-ttl.js";
import { branchOf, hintedBranchOf } from "./iceberg-identity.js";
import { checkTables, updatingJob } from "./job-tables.js";
import { checkInsertOnlyOperators } from "./insert-only-operators.js";
import { checkSharedIcebergTables, type ProgramIcebergTable } from "./shared-iceberg-tables.js";
import { checkKafkaGroups, jobKafkaGroupReads, type JobKafkaGroupRead, type ProgramKafkaGroupRead } from "./kafka-groups.js";
import { checkKafkaTransactions, type JobKafkaTransaction, type ProgramKafkaTransaction } from "./kafka-transactions.js";
import { checkViewNameCase, unreadViews, viewsByName } from "./view-names.js";
import { CATALOG_STORE_KIND_KEY, catalogStoreKind, currentCatalog, type CurrentCatalog } from "./current-catalog.js";
import { checkPlainTextTables, unanalyzedViewNames } from "./plain-text-tables.js";
import { checkDatePatterns } from "./date-patterns.js";
import { checkForeignFunctions } from "./foreign-functions.js";
import { checkMisspeltFunctions } from "./misspelt-functions.js";
import { checkNewerFunctions } from "./newer-functions.js";
import { checkRankSinkKey } from "./rank-sink-keys.js";
import { checkStreamingOverOrder } from "./streaming-over-order.js";
import { checkStreamingRank } from "./streaming-rank.js";
import { checkStreamingSort, NON_TEMPORAL_SORT_KEY } from "./streaming-sort.js";
import { checkZeroWindowLengths } from "./zero-intervals.js";
import { checkWindowMultiples } from "./window-multiples.js";
import { checkMonthWindows } from "./month-windows.js";
import { windowFiring } from "./window-emit.js";
import { checkWindowTvfFiring } from "./window-tvf-firing.js";
import { checkTemporalJoins } from "./temporal-join.js";
import { checkGrouping, declaredFunctions } from "./ungrouped-columns.js";
import { checkAggregateSinkKey } from "./aggregate-sink-keys.js";
import { checkFilteredAggregate } from "./filtered-aggregates.js";
import { AFTER_TASKS_FINISH_KEY, AFTER_TASKS_FINISH_KEY_1_19, checkCheckpointsAfterTasksFinish } from "./finished-tasks.js";
import { checkWindowTimeColumns } from "./window-time.js";
import { checkGroupWindowAuxiliaries } from "./group-window-auxiliaries.js";
import { mayAggregate, mayCallFunctions, mayCallWindowAuxiliaries, mayFeedInsertOnlyOperators, mayHoldIntervals, mayHoldOutputs, mayHoldSlicedWindows, mayHoldWindowLengths, mayHoldWindows, mayJoinTemporally, mayKeepTopRows, mayNameTables, mayRank, maySort } from "./statement-gates.js";

/** Lookups over every table registered in the program (indexed: a stack of many jobs stays linear). */
export interface ProgramTables {
  /** The table registered under this Flink name, if any. */
  byFlinkName(name: string): TableDefinition | undefined;
  /** The upsert sinks registered for this Iceberg database and table (any catalog). */
  upsertWriters(database: string, table: string): readonly TableDefinition[];
  /** The jobs created so far that write the Iceberg table of this icebergKey, each with whether it upserts and, for a keyed sink it writes updates and deletes into, that write (row-delta-reads.ts). */
  jobsWriting?(key: string): readonly { readonly job: string; readonly upsert: boolean; readonly deletes?: DeleteWrite; readonly branches?: readonly (string | undefined)[]; readonly overwrites?: readonly string[] }[];
  /** The jobs created so far that read the Iceberg table of this icebergKey as a stream and were not told about an upsert or delete-writing writer of it, each with the reading table's label and branch. */
  jobsStreaming?(key: string): readonly { readonly job: string; readonly label: string; readonly branch?: string }[];
  /** The jobs created so far that read the Iceberg table of this icebergKey as a stream and were not told about a job overwriting it (overwrite-reads.ts). */
  overwriteReaders?(key: string): readonly { readonly job: string; readonly label: string; readonly branch?: string }[];
  /** The IcebergSinks registered so far for the Iceberg table of this icebergKey. */
  icebergSinks?(key: string): readonly TableDefinition[];
  /** Every table registered so far (the advice for a name a job does not declare). */
  tables?(): readonly TableDefinition[];
  /** The Iceberg tables of this icebergKey that the jobs created so far declare, each with whether its job writes it (shared-iceberg-tables.ts). */
  icebergTablesOfJobs?(key: string): readonly ProgramIcebergTable[];
  /** The Kafka reads in this consumer group of the jobs created so far (kafka-groups.ts). */
  kafkaGroupReads?(groupId: string): readonly ProgramKafkaGroupRead[];
  /** The exactly-once Kafka writes of the jobs created so far with this transactional-id prefix (kafka-transactions.ts). */
  kafkaTransactions?(prefix: string): readonly ProgramKafkaTransaction[];
}

export type { TargetSetting } from "./job-config.js";

export interface JobPlanInput {
  statements: readonly (SqlStatement | string)[];
  runtimeMode: "streaming" | "batch";
  parallelism?: number;
  configuration: Readonly<Record<string, string>>;
  /** Every table registered in the program so far (for cross-job warnings). */
  programTables?: ProgramTables;
  /**
   * A Flink setting as the deploy target sets it (sqlGateway.sessionProperties, then
   * kubernetes.flinkConfiguration), read after the job's configuration, whose SET line wins: the
   * NOT NULL enforcer, upsert materialization, mini-batch, CDC event deduplication, the catalog store,
   * the OPTIONS hint switch, checkpoints after tasks finish, window firing, the state TTL. `path` names it in
   * messages; a value that is no plain string (an Output) is not known at preview. Unset: none.
   */
  targetSettings?: (key: string) => readonly TargetSetting[];
  /**
   * The job's deploy target, for credential advice in its configuration and hints (unset: advice for
   * both targets) and for where an undeclared table name may resolve (unset: no target; current-catalog.ts).
   */
  credentialTarget?: CredentialTarget;
  /** The Kubernetes target's flinkVersion ("v1_19" ... "v2_1"), when known: some plans differ by version. */
  flinkVersion?: string;
}

/** Flink's mini-batch switch (it changes how a first-row deduplication by event time is planned in 2.1). */
export { MINI_BATCH_KEY } from "./mini-batch-settings.js";

export interface JobPlan extends JobConfig {
  runtimeMode: "streaming" | "batch";
  /** Tables in first-reference order. */
  tables: TableDefinition[];
  /** Views and functions, in the order given. */
  definitions: AnalyzedStatement[];
  /** INSERT statements, in the order given. */
  inserts: AnalyzedStatement[];
  /** True when the job ends by itself (batch, or every read table is bounded). */
  bounded: boolean;
  /** True when a table needs Iceberg format v3 types. */
  needsFormatV3: boolean;
  /** The INSERTs of a streaming job that write updates and deletes into a keyed IcebergSink without upsertEnabled (row-delta-reads.ts). */
  deleteWrites: DeleteWrite[];
  /** The INSERT OVERWRITE statements into Iceberg sinks (overwrite-reads.ts). */
  overwriteWrites: OverwriteWrite[];
  /** The Iceberg tables the job reads as a stream, with the branches it reads each through (OPTIONS hints included). */
  streamBranches: Map<TableDefinition, (string | undefined)[]>;
  /** The tables the job's INSERTs write, with the branches each is written on (OPTIONS hints included). */
  writeBranches: Map<TableDefinition, (string | undefined)[]>;
  /** The job's Kafka reads in a consumer group (kafka-groups.ts). */
  kafkaGroupReads: JobKafkaGroupRead[];
  /** The job's exactly-once Kafka writes, one per INSERT (kafka-transactions.ts): their transactional-id prefixes are the program's. */
  kafkaTransactions: JobKafkaTransaction[];
  /** The keyed IcebergSinks on format-version 1 tables that the job was told take updates (changelog-sinks.ts): their resource warning is not repeated. */
  v1DeleteSinks: TableDefinition[];
  /** Labels of the Iceberg tables a streaming job reads as a stream (their read position lives only in Flink state). */
  streamingIcebergReads: string[];
  /**
   * The Kafka tables a streaming job reads from a startup mode other than 'group-offsets', which a
   * restart without state does not resume: `label (what happens)`.
   */
  statelessRestartReads: string[];
  /**
   * The 'group-offsets' Kafka reads of a streaming job that does not checkpoint (the checkpoint
   * interval is the job's to decide: SPEC decision 9), `label (what a start without state does)`
   * (KafkaRead.groupRestart).
   */
  uncommittedGroupReads: string[];
}


/** Plans the job; problems go to `diag`. */
export function planJob(input: JobPlanInput, diag: Diagnostics): JobPlan {
  const { runtimeMode } = input;
  // A Flink setting: the deploy target's entries of `key`; the first that sets it after the job's configuration, and its value.
  const elsewhere = (key: string): readonly TargetSetting[] | undefined => input.targetSettings?.(key);
  const setting = (key: string) => firstSettingAt(input.configuration, elsewhere(key), key);
  const settingValue = (key: string) => firstSetting(input.configuration, elsewhere(key), key);
  const settingOn = (key: string): boolean => isOn(settingValue(key));
  if (!Array.isArray(input.statements) || input.statements.length === 0) {
    diag.error("statements", "a FlinkSqlJob needs at least one statement, e.g. sql`INSERT INTO ${sink} SELECT * FROM ${source}`");
  }
  const analyzed: AnalyzedStatement[] = [];
  (Array.isArray(input.statements) ? input.statements : []).forEach((s, i) => {
    const a = analyzeStatement(s, diag.at(`statements[${i}]`), runtimeMode);
    // Each statement its own memo of its INSERT query (insert-query.ts readInsertQuery), shared by its checks.
    if (a) analyzed.push(Object.assign({}, a, { index: i, insertQueries: {} }));
  });
  const tables: TableDefinition[] = [];
  for (const a of analyzed) for (const t of a.statement.tables) if (!tables.includes(t)) tables.push(t);
  checkTables(tables, diag);
  checkSourceWatermarksOverAvro(tables, input.programTables, diag);

  // Where the job's names resolve (pure; read only by the two checks below, when their gates open).
  let catalog: CurrentCatalog | undefined;
  const jobCatalog = (): CurrentCatalog =>
    (catalog ??= currentCatalog({ target: input.credentialTarget, flinkVersion: input.flinkVersion, catalogStoreKind: catalogStoreKind(input.configuration, elsewhere(CATALOG_STORE_KIND_KEY)) }));
  const statements: readonly unknown[] = Array.isArray(input.statements) ? input.statements : [];
  // Every statement analyzed: no view declared by one that was not.
  const unanalyzedViews = analyzed.length === statements.length ? new Set<string>() : unanalyzedViewNames(statements, analyzed);
  // The job's views (only view statements define one: the same map from `analyzed` as from its definitions).
  const views = viewsByName(analyzed);
  if (analyzed.some(mayNameTables)) checkPlainTextTables(analyzed, tables, views, input.programTables, jobCatalog(), diag, unanalyzedViews);
  // The functions the job declares (a call of one is no built-in aggregate: aggregate-calls.ts; nor typed as a built-in: expression-types.ts), read once when a check needs them.
  let functions: ReadonlySet<string> | undefined;
  const jobFunctions = (): ReadonlySet<string> => (functions ??= declaredFunctions(analyzed));
  // A statement's checks run only when it holds what they read (statement-gates.ts); foreign and newer functions are also
  // read in the tables' own expressions (computed columns, watermarks), which no statement gate sees.
  const callsFunctions = analyzed.some((a) => mayCallFunctions(a.words));
  const tableExpressions = tables.some((t) => (t.expressions?.length ?? 0) > 0);
  if (callsFunctions || tableExpressions) checkForeignFunctions(analyzed, tables, jobCatalog(), jobFunctions, diag);
  // Date pattern slips in DATE_FORMAT, TO_TIMESTAMP ... ('yyyy-mm-dd'), in statements and in the tables' expressions.
  if (callsFunctions || tableExpressions) checkDatePatterns(analyzed, tables, jobFunctions, diag);
  // A call one typo from a function the job declares or a built-in one; read only when every statement was (else a declaration may be missing).
  if (callsFunctions) checkMisspeltFunctions(analyzed, analyzed.length === statements.length, input.credentialTarget, input.flinkVersion, jobCatalog(), diag);
  // A built-in function newer than the Kubernetes target's flinkVersion (in statements and in the tables' expressions).
  if (input.credentialTarget === "kubernetes" && input.flinkVersion !== undefined && (callsFunctions || tableExpressions)) {
    checkNewerFunctions(analyzed, tables, analyzed.length === statements.length, input.credentialTarget, input.flinkVersion, jobCatalog(), jobFunctions, diag);
  }
  checkOptionsHints(analyzed, input.credentialTarget, diag);
  // Every mention of a table with its OPTIONS hint, the INSERT target's too: what the hint supplies or brings.
  const mentions = tableReferences(analyzed);
  checkHintSwitch(mentions, hintSwitchSetting(input.configuration, elsewhere(DYNAMIC_TABLE_OPTIONS_KEY)), diag);
  checkRequiredOptions(mentions, diag);
  checkHintKeys(mentions, diag);
  for (const a of analyzed) if (mayHoldOutputs(a.words)) checkOutputOperands(a, diag);
  checkVariantColumns(analyzed, input.flinkVersion, diag);
  // WEEK and QUARTER interval units Flink 1.x's parser lacks (its version is known only here).
  for (const a of analyzed) {
    if (!mayHoldIntervals(a.words)) continue;
    for (const message of intervalUnitsFlinkLacks(valueText(a.statement), input.flinkVersion)) diag.error(`statements[${a.index}]`, message);
  }

  const inserts = analyzed.filter((a) => a.kind === "insert" || a.kind === "insert-overwrite");
  const definitions = analyzed.filter((a) => a.kind === "view" || a.kind === "function");
  if (analyzed.length > 0 && inserts.length === 0 && analyzed.length === input.statements.length) {
    diag.error("statements", "the job has no INSERT statement, so it would run nothing; add sql`INSERT INTO ${sink} SELECT ...`");
  }
  const sinks: TableDefinition[] = [];
  inserts.forEach((a) => {
    const i = a.index;
    const target = a.target!;
    if (!target.writable) {
      diag.error(`statements[${i}]`, `the INSERT target ${target.label} is a source; only an IcebergSink or a FlinkTable can be written`);
    }
    checkOverwriteMode(a, runtimeMode, diag);
    if (!sinks.includes(target)) sinks.push(target);
  });

  checkConcurrentUpserts(sinks, input.programTables, diag);
  checkSharedIcebergTables(tables, sinks, input.programTables?.icebergTablesOfJobs, diag);
  // Each INSERT's write with its target's OPTIONS hint merged in, judged once (hinted-writes.ts): Kafka transactions here, write findings below.
  const hintedWrites = insertWrites(sinks, mentions);
  const kafkaTransactions = jobKafkaTransactions(sinks, hintedWrites);
  if (kafkaTransactions.length > 0) checkKafkaTransactions(kafkaTransactions, input.programTables?.kafkaTransactions, diag);
  const notNullEnforcer = effectiveNotNullEnforcer(input.configuration, elsewhere(NOT_NULL_ENFORCER_KEY), diag);
  const upsert = { batch: input.runtimeMode === "batch", materialize: settingValue(UPSERT_MATERIALIZE_KEY), materializeAt: setting(UPSERT_MATERIALIZE_KEY)?.path };
  // A check of the same content found clean for an earlier job is not run again (insert-columns-memo.ts).
  for (const a of inserts) checkInsertColumnsOnce(a, diag, notNullEnforcer, upsert, jobFunctions, views, input.flinkVersion);
  if (analyzed.some((a) => mayAggregate(a.words))) {
    checkGrouping(analyzed, diag);
    // An aggregation may sit in a view the INSERT reads: the gate is the job's.
    for (const a of inserts) {
      checkAggregateSinkKey(a, views, upsert, jobFunctions(), diag);
      checkFilteredAggregate(a, views, upsert, jobFunctions(), diag);
    }
  }
  checkGroupWindowAuxiliaries(analyzed.filter((a) => mayCallWindowAuxiliaries(a.words)), diag);
  checkViewNameCase(analyzed, views, new Set(tables.map((t) => t.tableName)), diag);
  // Flink checks a view's time attributes when a statement that reads it is planned, not before.
  const unread = unreadViews(analyzed, views);
  // A HOP may sit in a view the statement aggregates over: the gate is the job's (any of its statements).
  const sliced = analyzed.some((a) => mayHoldSlicedWindows(a.words));
  for (const a of analyzed.filter((x) => !unread.has(x))) {
    if (mayHoldWindows(a.words)) checkWindowTimeColumns(a, runtimeMode !== "batch", diag, views);
    if (mayJoinTemporally(a.words)) checkTemporalJoins(a, runtimeMode !== "batch", diag);
    if (mayHoldWindowLengths(a.words)) {
      checkZeroWindowLengths(a, diag);
      checkMonthWindows(a, runtimeMode !== "batch", diag);
    }
    if (sliced && a.kind !== "function") checkWindowMultiples(a, views, runtimeMode !== "batch", diag);
  }
  // The branch each INSERT writes: its target mention's OPTIONS hint, else the sink's own.
  const writeBranch = (a: AnalyzedStatement): string | undefined => hintedBranchOf(a.target!, mentions.get(a.target!)?.find((m) => m.write && m.statement === a.index)?.hint ?? {});
  const writeBranches = new Map<TableDefinition, (string | undefined)[]>();
  for (const a of inserts) {
    const list = writeBranches.get(a.target!) ?? [];
    const b = writeBranch(a);
    if (!list.includes(b)) list.push(b);
    writeBranches.set(a.target!, list);
  }
  let deletes: DeleteWrite[] = [];
  const v1DeleteSinks: TableDefinition[] = [];
  if (runtimeMode === "streaming") {
    checkMiniBatchSettings({ enabled: setting(MINI_BATCH_KEY), latency: setting(MINI_BATCH_LATENCY_KEY), size: setting(MINI_BATCH_SIZE_KEY) }, diag);
    const job = updatingJob(input.flinkVersion, settingOn(MINI_BATCH_KEY), windowFiring(settingOn).firing);
    // What each INSERT writes of updates and deletes: read once for the three checks below.
    const updatesOf = insertUpdates(views, job);
    for (const a of inserts) {
      const told = checkChangelogIntoAppendSink(a, views, updatesOf, jobFunctions, diag);
      if (told?.v1 === true && !v1DeleteSinks.includes(a.target!)) v1DeleteSinks.push(a.target!);
    }
    // The branch each INSERT writes: its target mention's OPTIONS hint, else the sink's own.
    deletes = deleteWrites(inserts, updatesOf, writeBranch);
    checkKeyedAppends(inserts, views, updatesOf, diag);
    if (analyzed.some((a) => a.words.has("DESCRIPTOR"))) checkWindowTvfFiring(analyzed.filter((a) => a.kind !== "function" && !unread.has(a)), views, setting, diag);
    const noStateTtl = withoutStateTtl(setting(STATE_TTL_KEY));
    for (const a of analyzed) if (a.words.has("JOIN") && !unread.has(a)) checkBoundedDimensionJoins(a, diag, noStateTtl);
    for (const a of analyzed) if (!unread.has(a) && mayFeedInsertOnlyOperators(a.words)) checkInsertOnlyOperators(a, diag);
    for (const a of inserts) if (maySort(a.words)) checkStreamingSort(a, settingOn(NON_TEMPORAL_SORT_KEY), diag);
    // A Top-N may sit in a view the INSERT reads: the gate is the job's, as for RANK below.
    if (analyzed.some((a) => mayKeepTopRows(a.words))) for (const a of inserts) checkRankSinkKey(a, views, diag);
    // A RANK may sit in a view the statement reads: the gate is the job's (any of its statements).
    if (analyzed.some((a) => mayRank(a.words))) for (const a of analyzed) if (a.kind !== "function" && !unread.has(a)) checkStreamingRank(a, views, diag);
    // An OVER ordered by a column that is no time attribute (also a ranking whose number no query filters).
    if (analyzed.some((a) => a.words.has("OVER"))) checkStreamingOverOrder(analyzed, views, unread, input.flinkVersion, diag);
  }

  const reads = tables.filter((t) => analyzed.some((a) => a.reads.includes(t)));
  // Watermarks are generated in streaming jobs only (flink DynamicSourceUtils).
  if (runtimeMode === "streaming") checkSourceWatermarkSupport(reads, diag);
  if (runtimeMode === "streaming") checkCdcEventsDuplicate(reads, setting(CDC_EVENTS_DUPLICATE_KEY), diag);
  // Each read table's references with their OPTIONS hints (hinted-reads.ts, hinted-bounds.ts).
  const refs = readReferences(analyzed);
  // The branches the job reads each table through (streamed-writes.ts, job-registry.ts).
  const readBranches = (t: TableDefinition): (string | undefined)[] => {
    const list = (refs.get(t) ?? []).map((r) => hintedBranchOf(t, r.hint));
    return list.length === 0 ? [branchOf(t)] : list.filter((b, i) => list.indexOf(b) === i);
  };
  checkBatchSelfAppends({ runtimeMode, inserts, refs, writeBranch, functions: jobFunctions }, diag);
  checkStatementSetReads({ runtimeMode, inserts, refs, writeBranch }, diag);
  // Each read table's hints, for the batch check only (not built for a streaming job).
  if (runtimeMode === "batch") checkBatchReads(reads, new Map([...refs].map(([t, list]) => [t, list.map((r) => r.hint)])), diag);
  // What Flink checks only when it builds a reader or writer (format-options.ts, kafka-rules.ts), reads per reference with its hint.
  const hintedKafka = checkHintedReads(reads, refs, diag);
  const kafkaReadOf = (t: TableDefinition): TableDefinition["kafkaRead"] => (hintedKafka.has(t) ? hintedKafka.get(t) : t.kafkaRead);
  const kafkaGroupReads = jobKafkaGroupReads(reads, kafkaReadOf, runtimeMode);
  if (kafkaGroupReads.length > 0) checkKafkaGroups(kafkaGroupReads, input.programTables?.kafkaGroupReads, diag);
  // Writes per INSERT with its target's OPTIONS hint (hinted-writes.ts).
  const writes = jobWrites(sinks, hintedWrites);
  reportJobWrites(writes, diag);
  checkStreamedWrites({ runtimeMode, reads, sinks, inserts, deletes, programTables: input.programTables, readBranches, writeBranches, functions: jobFunctions }, diag);
  const streamBranches = new Map(reads.filter((t) => t.iceberg?.streamingRead === true).map((t) => [t, readBranches(t)]));
  checkOverwriteConflicts({ runtimeMode, inserts, writeBranch }, diag);
  const overwrites = overwriteWrites(inserts, writeBranch);
  checkOverwriteReads({ streamBranches: runtimeMode === "streaming" ? streamBranches : new Map(), overwrites, programTables: input.programTables }, diag);
  const committers = [...sinks.filter((t) => t.resourceType === "IcebergSink"), ...writes.checkpointCommitters.filter((t) => t.resourceType !== "IcebergSink")];
  checkCheckpointsAfterTasksFinish(
    { runtimeMode, configuration: input.configuration ?? {}, elsewhere: elsewhere(AFTER_TASKS_FINISH_KEY), elsewhere119: elsewhere(AFTER_TASKS_FINISH_KEY_1_19), flinkVersion: input.flinkVersion, inserts, views, committers },
    diag,
  );

  const config = computeJobConfig(
    { runtimeMode, parallelism: input.parallelism, configuration: input.configuration ?? {}, sinks, reads, credentialTarget: input.credentialTarget, checkpointCommitters: writes.checkpointCommitters, flinkVersion: input.flinkVersion },
    diag,
  );
  checkIntervalBoundWarnings(writes.warnings, runtimeMode, config.checkpointInterval, diag);
  // Object.assign: V8 builds a spread followed by more keys key by key in its runtime (BENCHMARKS.md session 6).
  return Object.assign({}, config, {
    runtimeMode,
    tables,
    definitions,
    inserts,
    deleteWrites: deletes,
    overwriteWrites: overwrites,
    kafkaTransactions,
    kafkaGroupReads,
    writeBranches,
    streamBranches,
    v1DeleteSinks,
    bounded: runtimeMode === "batch" || reads.every((t) => t.bounded),
    needsFormatV3: tables.some((t) => t.iceberg?.needsFormatV3 === true),
    streamingIcebergReads: runtimeMode === "batch" ? [] : reads.filter((t) => t.iceberg?.streamingRead === true).map((t) => t.label),
    statelessRestartReads: runtimeMode === "batch" ? [] : reads.flatMap((t) => (kafkaReadOf(t)?.restart !== undefined ? [`${t.label} (${kafkaReadOf(t)!.restart})`] : [])),
    uncommittedGroupReads:
      runtimeMode === "batch" || config.checkpointInterval !== undefined
        ? []
        : reads.flatMap((t) => (kafkaReadOf(t)?.groupRestart !== undefined ? [`${t.label} (${kafkaReadOf(t)!.groupRestart})`] : [])),
  } satisfies Partial<JobPlan>);
}
