/**
 * The value types of the well-known Flink options (known-flink-options.ts), as their ConfigOption
 * definitions declare them, for the check of a job's configuration values
 * (flink-option-values.ts): Flink stores every value as text and parses it only when the job reads
 * the option (flink `flink-core/.../configuration/ConfigurationUtils.java` convertValue), so a value
 * it cannot parse fails the job when it starts, past `pulumi preview`.
 *
 * Only keys whose type is the same in Flink 1.19, 1.20, 2.0 and 2.1 are listed (a name Flink 1.20
 * gave an option, FLIP-406, is typed as its 1.19 name is, and is not judged on "v1_19", which does
 * not read it: deploy/kubernetes/renamed-keys.ts; and
 * table.optimizer.agg-phase-strategy, whose values are: EnumType.exactCaseIn); a string option (a
 * path, a class name) and a key missing here get no value check; the session time zone
 * (`table.local-time-zone`) is checked as TableConfigValidation reads it (time-zone.ts), the state
 * directory keys as the deploy targets' directory props (deploy/state-dirs.ts). Sources:
 * - flink `flink-table/flink-table-api-java/.../table/api/config/ExecutionConfigOptions.java`
 *   (table.exec.*; the enums NotNullEnforcer, TypeLengthEnforcer, UpsertMaterialize,
 *   SinkKeyedShuffle, RowtimeInserter, UidGeneration, AsyncOutputMode),
 *   `OptimizerConfigOptions.java` (table.optimizer.*; the enums AggregatePhaseStrategy, a string
 *   option read with valueOf before Flink 2.0, and NonDeterministicUpdateStrategy),
 *   `TableConfigOptions.java` (table.dml-sync);
 * - flink `flink-core/.../configuration/CheckpointingOptions.java` (1.20 – 2.1; 1.19
 *   `flink-streaming-java/.../environment/ExecutionCheckpointingOptions.java`, same keys and
 *   types), `StateBackendOptions.java`, `StateRecoveryOptions.java`, `ExecutionOptions.java`,
 *   `DeploymentOptions.java`, `PipelineOptions.java`, `TaskManagerOptions.java`,
 *   `JobManagerOptions.java`, `RestartStrategyOptions.java`;
 * - flink-kubernetes-operator `KubernetesOperatorConfigOptions.java` (kubernetes.operator.*).
 *
 * A plain object and plain values: the SQL Gateway provider's modules are serialized by Pulumi.
 */

/** A Java int (Integer.parseInt) or long (Long.parseLong), at least `min` where Flink checks a lower bound. */
export interface WholeNumberType {
  readonly bits: 32 | 64;
  readonly min?: number;
  /** Where Flink checks the bound and its message, for the error. */
  readonly minSource?: string;
}

/** An enum option: ConfigurationUtils.convertToEnum matches the constant's name in any case. */
export interface EnumType {
  readonly oneOf: readonly string[];
  /**
   * Where some supported Flink versions declare the option as a string and read it with the enum's
   * `valueOf` after trimming instead (the exact upper-case name; an empty value is the default): those
   * versions, the reader, and what an empty value means there. A name in another case, or an empty
   * value, then fails only there (a warning).
   */
  readonly exactCaseIn?: { readonly versions: string; readonly reader: string; readonly emptyIs: string };
}

/**
 * A string option Flink reads by name, lower-cased: one of `names`, or (where `classNames` is set)
 * else a class name it loads by reflection, so a word that is neither fails when the job starts.
 */
export interface NamedValueType {
  /** The names Flink reads (lower case), as its documentation writes them. */
  readonly names: readonly string[];
  /** Other spellings Flink reads too (lower case): accepted, not suggested. */
  readonly aliases?: readonly string[];
  /** What Flink does with any other value: load it as this kind of class (a value holding a dot), when set. */
  readonly classNames?: string;
  /** The upstream code that reads the value, and its failure. */
  readonly source: string;
  /**
   * Names of `names` that only some Flink versions read (the Kubernetes target's flinkVersion,
   * "v1_19" ... "v2_1"), each with those versions, why the others do not and what to write there;
   * a job whose version is not known takes every name.
   */
  readonly versioned?: Readonly<Record<string, VersionedName>>;
  /** Where Flink fails on a name it loads as a class and does not find, and its message before the value (with `versioned`). */
  readonly classNotFound?: { readonly loader: string; readonly message: string };
}

/** A named value that only some Flink versions read (NamedValueType.versioned). */
export interface VersionedName {
  /** The flinkVersion values whose Flink reads the name. */
  readonly versions: readonly string[];
  /** Why the other versions do not read it, with the upstream change. */
  readonly why: string;
  /** What to write on the other versions instead. */
  readonly instead: string;
}

/**
 * `duration`: TimeUtils.parseDuration; `memory`: MemorySize.parse; `boolean`:
 * ConfigurationUtils.convertToBoolean; `float` / `double`: Float.parseFloat / Double.parseDouble;
 * `timeZone`: flink `TableConfigValidation.validateTimeZone` (time-zone.ts).
 */
export type FlinkOptionType = "boolean" | "duration" | "memory" | "float" | "double" | "timeZone" | WholeNumberType | EnumType | NamedValueType;

const INT: WholeNumberType = { bits: 32 };
const LONG: WholeNumberType = { bits: 64 };
const NONE_AUTO_FORCE: EnumType = { oneOf: ["NONE", "AUTO", "FORCE"] };

/** The removed 1.x state backend names on Flink 2.x (STATE_BACKEND). */
const REMOVED_IN_2_0: VersionedName = {
  versions: ["v1_19", "v1_20"],
  why: 'Flink 2.0 removed the deprecated MemoryStateBackend and FsStateBackend with their names "jobmanager" and "filesystem" (FLINK-36323)',
  instead: '"hashmap" (the heap state backend both names stood for; where checkpoints go is execution.checkpointing.storage: "jobmanager" or "filesystem")',
};

/**
 * flink `flink-runtime/.../state/StateBackendLoader.java` (loadUnwrappedStateBackendFromConfig in
 * 1.x, loadStateBackendFromConfig in 2.x): the shortcut names, read lower-cased, else the value is
 * loaded as a StateBackendFactory class ("Cannot find configured state backend factory class: <value>").
 * Flink 1.19 / 1.20: "hashmap", "rocksdb" and the deprecated "jobmanager" (MemoryStateBackend) and
 * "filesystem" (FsStateBackend, read as hashmap). Flink 2.0 / 2.1: "hashmap", "rocksdb" and "forst"
 * (the ForSt state backend's shortcut, FLINK-36374); "jobmanager" and "filesystem" are gone with
 * the backends they named (FLINK-36323), so on 2.x they are loaded as class names and fail.
 */
const STATE_BACKEND: NamedValueType = {
  names: ["hashmap", "rocksdb", "forst", "jobmanager", "filesystem"],
  classNames: "a StateBackendFactory",
  source: 'StateBackendLoader: "Cannot find configured state backend factory class"',
  classNotFound: { loader: "StateBackendLoader", message: "Cannot find configured state backend factory class: " },
  versioned: {
    forst: {
      versions: ["v2_0", "v2_1"],
      why: 'the ForSt state backend and its name "forst" came with Flink 2.0 (StateBackendLoader, FLINK-36374)',
      instead: '"rocksdb" (or "hashmap"), or use flinkVersion "v2_0" or later for ForSt',
    },
    jobmanager: REMOVED_IN_2_0,
    filesystem: REMOVED_IN_2_0,
  },
};

/**
 * flink `flink-core/.../configuration/RestartStrategyOptions.java` RestartStrategyType (1.19 – 2.x),
 * read lower-cased by `RestartBackoffTimeStrategyFactoryLoader`: no class names.
 */
const RESTART_STRATEGY: NamedValueType = {
  names: ["disable", "fixed-delay", "failure-rate", "exponential-delay"],
  aliases: ["none", "off", "fixeddelay", "failurerate", "exponentialdelay"],
  source: 'RestartBackoffTimeStrategyFactoryLoader: "Unknown restart strategy"',
};

/**
 * flink `flink-runtime/.../state/CheckpointStorageLoader.java` fromConfig: "jobmanager"
 * (JobManagerCheckpointStorage) and "filesystem" (FileSystemCheckpointStorage), read lower-cased,
 * else a CheckpointStorageFactory class, whose absence it reports in the state backend's words
 * ("Cannot find configured state backend factory class: <value>"). The same two names in Flink 1.19
 * – 2.1: Flink 2.0 removed the legacy state backends (FLINK-36323), not these checkpoint storages.
 */
const CHECKPOINT_STORAGE: NamedValueType = {
  names: ["jobmanager", "filesystem"],
  classNames: "a CheckpointStorageFactory",
  source: 'CheckpointStorageLoader: "Cannot find configured state backend factory class"',
};

/** Option key → value type. Keys the job decides (job-config.ts JOB_DECIDED_KEYS) are checked there. */
export const FLINK_OPTION_TYPES: Readonly<Record<string, FlinkOptionType>> = {
  // ExecutionConfigOptions
  "table.exec.async-lookup.buffer-capacity": INT,
  "table.exec.async-lookup.output-mode": { oneOf: ["ORDERED", "ALLOW_UNORDERED"] },
  "table.exec.async-lookup.timeout": "duration",
  "table.exec.deduplicate.mini-batch.compact-changes-enabled": "boolean",
  // WindowEmitStrategy (experimental)
  "table.exec.emit.allow-lateness": "duration",
  "table.exec.emit.early-fire.delay": "duration",
  "table.exec.emit.early-fire.enabled": "boolean",
  "table.exec.emit.late-fire.delay": "duration",
  "table.exec.emit.late-fire.enabled": "boolean",
  "table.exec.interval-join.min-cleanup-interval": "duration",
  "table.exec.mini-batch.allow-latency": "duration",
  "table.exec.mini-batch.enabled": "boolean",
  "table.exec.mini-batch.size": LONG,
  "table.exec.operator-fusion-codegen.enabled": "boolean",
  "table.exec.rank.topn-cache-size": LONG,
  "table.exec.resource.default-parallelism": INT,
  "table.exec.simplify-operator-name-enabled": "boolean",
  "table.exec.sink.keyed-shuffle": NONE_AUTO_FORCE,
  "table.exec.sink.not-null-enforcer": { oneOf: ["ERROR", "DROP"] },
  "table.exec.sink.rowtime-inserter": { oneOf: ["ENABLED", "DISABLED"] },
  "table.exec.sink.type-length-enforcer": { oneOf: ["IGNORE", "TRIM_PAD"] },
  "table.exec.sink.upsert-materialize": NONE_AUTO_FORCE,
  "table.exec.sort.async-merge-enabled": "boolean",
  "table.exec.sort.default-limit": INT,
  "table.exec.sort.max-num-file-handles": INT,
  "table.exec.source.cdc-events-duplicate": "boolean",
  "table.exec.source.idle-timeout": "duration",
  "table.exec.spill-compression.block-size": "memory",
  "table.exec.spill-compression.enabled": "boolean",
  "table.exec.state.ttl": "duration",
  "table.exec.uid.generation": { oneOf: ["PLAN_ONLY", "ALWAYS", "DISABLED"] },
  // OptimizerConfigOptions, TableConfigOptions. agg-phase-strategy: an enumType option (AggregatePhaseStrategy) from 2.0; in 1.19 and 1.20 a
  // string option that flink-table-planner `utils/TableConfigUtils.java` getAggPhaseStrategy reads with AggregatePhaseStrategy.valueOf after trim.
  "table.optimizer.agg-phase-strategy": {
    oneOf: ["AUTO", "TWO_PHASE", "ONE_PHASE"],
    exactCaseIn: { versions: "Flink 1.19 and 1.20", reader: "TableConfigUtils.getAggPhaseStrategy: AggregatePhaseStrategy.valueOf", emptyIs: "AUTO" },
  },
  "table.optimizer.non-deterministic-update.strategy": { oneOf: ["TRY_RESOLVE", "IGNORE"] },
  "table.optimizer.distinct-agg.split.bucket-num": INT,
  "table.optimizer.distinct-agg.split.enabled": "boolean",
  "table.optimizer.join-reorder-enabled": "boolean",
  "table.optimizer.multiple-input-enabled": "boolean",
  "table.optimizer.reuse-source-enabled": "boolean",
  "table.optimizer.reuse-sub-plan-enabled": "boolean",
  "table.optimizer.source.report-statistics-enabled": "boolean",
  "table.dml-sync": "boolean",
  "table.local-time-zone": "timeZone",
  // ExecutionOptions, DeploymentOptions, StateRecoveryOptions
  "execution.buffer-timeout": "duration",
  "execution.attached": "boolean",
  "execution.state-recovery.ignore-unclaimed-state": "boolean",
  "execution.savepoint.ignore-unclaimed-state": "boolean",
  // CheckpointingOptions; the bounds are CheckpointConfig's setters, which CheckpointConfig.configure calls with the value.
  "execution.checkpointing.mode": { oneOf: ["EXACTLY_ONCE", "AT_LEAST_ONCE"] },
  "execution.checkpointing.timeout": "duration",
  "execution.checkpointing.min-pause": "duration",
  "execution.checkpointing.max-concurrent-checkpoints": {
    bits: 32,
    min: 1,
    minSource: 'CheckpointConfig.setMaxConcurrentCheckpoints: "The maximum number of concurrent attempts must be at least one."',
  },
  "execution.checkpointing.tolerable-failed-checkpoints": {
    bits: 32,
    min: 0,
    minSource: 'CheckpointConfig.setTolerableCheckpointFailureNumber: "The tolerable failure checkpoint number must be non-negative."',
  },
  "execution.checkpointing.externalized-checkpoint-retention": { oneOf: ["DELETE_ON_CANCELLATION", "RETAIN_ON_CANCELLATION", "NO_EXTERNALIZED_CHECKPOINTS"] },
  "execution.checkpointing.aligned-checkpoint-timeout": "duration",
  "execution.checkpointing.alignment-timeout": "duration",
  "execution.checkpointing.unaligned": "boolean",
  "execution.checkpointing.unaligned.enabled": "boolean",
  "execution.checkpointing.unaligned.forced": "boolean",
  // The 1.20 name (FLIP-406) and the 1.19 one, its deprecated key since (renamed-keys.ts).
  "execution.checkpointing.checkpoints-after-tasks-finish": "boolean",
  "execution.checkpointing.checkpoints-after-tasks-finish.enabled": "boolean",
  "execution.checkpointing.interval-during-backlog": "duration",
  "execution.checkpointing.incremental": "boolean",
  "execution.checkpointing.num-retained": INT,
  "execution.checkpointing.local-backup.enabled": "boolean",
  "execution.checkpointing.create-subdir": "boolean",
  "execution.checkpointing.cleaner.parallel-mode": "boolean",
  "execution.checkpointing.data-inline-threshold": "memory",
  "execution.checkpointing.write-buffer-size": INT,
  "execution.state-recovery.from-local": "boolean",
  "execution.state-recovery.without-channel-state.checkpoint-id": LONG,
  "execution.checkpointing.recover-without-channel-state.checkpoint-id": LONG,
  // StateBackendOptions, CheckpointingOptions (state.*); state.backend and state.checkpoint-storage are 1.x's deprecated keys.
  "state.backend.type": STATE_BACKEND,
  "state.backend": STATE_BACKEND,
  "execution.checkpointing.storage": CHECKPOINT_STORAGE,
  "state.checkpoint-storage": CHECKPOINT_STORAGE,
  "state.backend.incremental": "boolean",
  "state.backend.local-recovery": "boolean",
  "state.checkpoints.num-retained": INT,
  "state.checkpoints.create-subdir": "boolean",
  "state.checkpoint.cleaner.parallel-mode": "boolean",
  "state.storage.fs.memory-threshold": "memory",
  "state.storage.fs.write-buffer-size": INT,
  // TaskManagerOptions, JobManagerOptions
  "taskmanager.numberOfTaskSlots": INT,
  "taskmanager.memory.process.size": "memory",
  "taskmanager.memory.flink.size": "memory",
  "taskmanager.memory.task.heap.size": "memory",
  "taskmanager.memory.task.off-heap.size": "memory",
  "taskmanager.memory.framework.heap.size": "memory",
  "taskmanager.memory.framework.off-heap.size": "memory",
  "taskmanager.memory.managed.size": "memory",
  "taskmanager.memory.managed.fraction": "float",
  "taskmanager.memory.network.fraction": "float",
  "taskmanager.memory.network.min": "memory",
  "taskmanager.memory.network.max": "memory",
  "taskmanager.memory.jvm-metaspace.size": "memory",
  "taskmanager.memory.jvm-overhead.fraction": "float",
  "jobmanager.memory.process.size": "memory",
  "jobmanager.memory.flink.size": "memory",
  "jobmanager.memory.heap.size": "memory",
  "jobmanager.memory.off-heap.size": "memory",
  "jobmanager.memory.jvm-overhead.fraction": "float",
  "jobmanager.memory.jvm-metaspace.size": "memory",
  // PipelineOptions
  "pipeline.auto-watermark-interval": "duration",
  "pipeline.max-parallelism": INT,
  "pipeline.object-reuse": "boolean",
  "pipeline.operator-chaining.enabled": "boolean",
  "pipeline.operator-chaining": "boolean",
  "pipeline.generic-types": "boolean",
  // RestartStrategyOptions (restart-strategy: 1.x's deprecated key for the type)
  "restart-strategy.type": RESTART_STRATEGY,
  "restart-strategy": RESTART_STRATEGY,
  "restart-strategy.fixed-delay.attempts": INT,
  "restart-strategy.fixed-delay.delay": "duration",
  "restart-strategy.failure-rate.max-failures-per-interval": INT,
  "restart-strategy.failure-rate.failure-rate-interval": "duration",
  "restart-strategy.failure-rate.delay": "duration",
  "restart-strategy.exponential-delay.initial-backoff": "duration",
  "restart-strategy.exponential-delay.max-backoff": "duration",
  "restart-strategy.exponential-delay.backoff-multiplier": "double",
  "restart-strategy.exponential-delay.reset-backoff-threshold": "duration",
  "restart-strategy.exponential-delay.jitter-factor": "double",
  "restart-strategy.exponential-delay.attempts-before-reset-backoff": INT,
  // KubernetesOperatorConfigOptions
  "kubernetes.operator.cluster.health-check.enabled": "boolean",
  "kubernetes.operator.deployment.rollback.enabled": "boolean",
  "kubernetes.operator.jm-deployment-recovery.enabled": "boolean",
  "kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age": "duration",
  // Not kubernetes.operator.periodic.savepoint.interval: since operator 1.7 (FLINK-32904) its value is a
  // duration or a Quartz cron expression ("0 0 * * * ?"), a string option read by the operator's SnapshotUtils.
};
