/**
 * Values of well-known Flink options (flink-option-values.ts, flink-option-types.ts): a value Flink
 * cannot parse or refuses is an error naming the key, what Flink reads and what to write; a duration
 * or size without a unit, and a checkpoint timeout under 1 s, are warnings; valid values in every
 * spelling Flink reads, string options and unknown keys get nothing. Checked in the job's
 * configuration, kubernetes.flinkConfiguration and sqlGateway.sessionProperties.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { computeJobConfig } from "../src/sql/job-config.js";
import { validateKubernetesArgs, type KubernetesArgs, type KubernetesJobFacts } from "../src/deploy/kubernetes/index.js";
import { validateSqlGatewayArgs } from "../src/deploy/sql-gateway/args.js";
import { flinkOptionValueProblems } from "../src/options/flink-option-values.js";
import { FLINK_OPTION_TYPES } from "../src/options/flink-option-types.js";
import { KNOWN_FLINK_OPTIONS } from "../src/options/known-flink-options.js";
import { JOB_DECIDED_KEYS } from "../src/sql/job-config.js";
import { Diagnostics } from "../src/validation/diagnostics.js";

const FAILS = "the job fails when it starts";
const DURATION_HINT = 'Otherwise write a positive whole number followed by a unit, e.g. "30s", "5 min", "1h", "500ms" (units: d, h, min, s, ms, µs, ns and their long forms)';
/** The short-timeout warning; `where` "in a streaming job, " where the runtime mode is not known. */
const SHORT_TIMEOUT = (v: string, ms: number, where = "in a streaming job, "): string =>
  `${JSON.stringify(v)} gives every checkpoint ${ms} ms to complete before Flink expires it, less than a checkpoint that writes files takes: ` +
  `${where}every checkpoint would expire, and an Iceberg sink commits only when a checkpoint completes (IcebergFilesCommitter), so no data would reach the table; write seconds or minutes, e.g. "10min" (Flink's default)`;

describe("Flink option values", () => {
  it("a duration with a unit Flink does not have: the error names the key and the unit meant", () => {
    expect(flinkOptionValueProblems("table.exec.source.idle-timeout", "10 mins")).to.deep.equal([
      {
        level: "error",
        message: `Flink reads table.exec.source.idle-timeout as a duration when the job starts (TimeUtils.parseDuration), and fails on this one: "10 mins" is not a valid Flink duration: unknown unit "mins"; did you mean "10min"? ${DURATION_HINT}`,
      },
    ]);
    expect(flinkOptionValueProblems("restart-strategy.fixed-delay.delay", "PT10S")).to.deep.equal([
      {
        level: "error",
        message: `Flink reads restart-strategy.fixed-delay.delay as a duration when the job starts (TimeUtils.parseDuration), and fails on this one: "PT10S" is not a valid Flink duration: Flink does not read ISO-8601 durations; write "10s"`,
      },
    ]);
    expect(flinkOptionValueProblems("table.exec.state.ttl", "500us")).to.deep.equal([
      { level: "error", message: `"500us" is not a valid Flink duration: Flink has no unit "us" (it reads microseconds as "µs", "micro" or "microsecond"), so ${FAILS}; write "500µs"` },
    ]);
  });

  it("a duration without a unit is milliseconds (a warning); \"m\" is not read by every supported version (a warning)", () => {
    expect(flinkOptionValueProblems("table.exec.state.ttl", "3600")).to.deep.equal([
      { level: "warning", message: '"3600" has no unit, so Flink reads it as milliseconds (3600 ms); write "3600ms" to say so, or "3600s" if you mean seconds' },
    ]);
    // The same duration first, in the largest exact unit (as commitInterval's warning), then the seconds reading.
    expect(flinkOptionValueProblems("table.exec.state.ttl", "60000")).to.deep.equal([
      { level: "warning", message: '"60000" has no unit, so Flink reads it as milliseconds (60000 ms); write "1min" (or "60000ms") to say so, or "60000s" if you mean seconds' },
    ]);
    expect(flinkOptionValueProblems("execution.checkpointing.min-pause", "5m")).to.deep.equal([
      { level: "warning", message: '"5m": not every Flink version this package supports reads the unit "m" (flink TimeUtils labels minutes "min" and "minute(s)"); write "5min"' },
    ]);
  });

  it("execution.checkpointing.timeout: below 10 ms an error (Flink's minimum), below 1 s a warning (every checkpoint would expire)", () => {
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "10")).to.deep.equal([
      { level: "warning", message: '"10" has no unit, so Flink reads it as milliseconds (10 ms); write "10ms" to say so, or "10s" if you mean seconds' },
      { level: "warning", message: SHORT_TIMEOUT("10", 10) },
    ]);
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "999 ms")).to.deep.equal([{ level: "warning", message: SHORT_TIMEOUT("999 ms", 999) }]);
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "9ms")).to.deep.equal([
      {
        level: "error",
        message: `"9ms" is below Flink's minimum checkpoint timeout of 10 ms ("Checkpoint timeout must be larger than or equal to 10 ms", CheckpointConfig.setCheckpointTimeout), so ${FAILS}; write e.g. "10min" (Flink's default) or remove the key`,
      },
    ]);
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "1 s")).to.deep.equal([]);
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "10 min")).to.deep.equal([]);
  });

  it("the trial's execution.checkpointing.timeout \"600\": in a batch job the no-unit warning alone (its Iceberg sink commits at end of input); in a streaming job the no-data consequence", () => {
    const unitless = { level: "warning", message: '"600" has no unit, so Flink reads it as milliseconds (600 ms); write "600ms" to say so, or "600s" if you mean seconds' };
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "600", undefined, "batch")).to.deep.equal([unitless]);
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "600", undefined, "streaming")).to.deep.equal([unitless, { level: "warning", message: SHORT_TIMEOUT("600", 600, "") }]);
    // Flink's own minimum holds in either mode.
    expect(flinkOptionValueProblems("execution.checkpointing.timeout", "9ms", undefined, "batch").map((p) => p.level)).to.deep.equal(["error"]);
    const batch = new Diagnostics();
    computeJobConfig({ runtimeMode: "batch", configuration: { "execution.checkpointing.timeout": "600" }, sinks: [], reads: [] }, batch);
    expect(batch.errors).to.deep.equal([]);
    expect(batch.warnings).to.deep.equal([{ path: 'configuration["execution.checkpointing.timeout"]', message: unitless.message }]);
    const streaming = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "execution.checkpointing.timeout": "600" }, sinks: [], reads: [] }, streaming);
    expect(streaming.warnings.map((w) => w.message)).to.deep.equal([unitless.message, SHORT_TIMEOUT("600", 600, "")]);
  });

  it("the trial's execution.checkpointing.interval without a unit: the same no-unit warning as the other duration keys, and the interval rendered as before", () => {
    const run = (value: string): { config: Record<string, string>; diag: Diagnostics } => {
      const diag = new Diagnostics();
      const config = computeJobConfig({ runtimeMode: "streaming", configuration: { "execution.checkpointing.interval": value }, sinks: [], reads: [] }, diag).flinkConfiguration;
      return { config, diag };
    };
    const at = 'configuration["execution.checkpointing.interval"]';
    const sixty = run("60");
    expect(sixty.diag.errors).to.deep.equal([]);
    expect(sixty.diag.warnings).to.deep.equal([{ path: at, message: '"60" has no unit, so Flink reads it as milliseconds (60 ms); write "60ms" to say so, or "60s" if you mean seconds' }]);
    expect(sixty.config["execution.checkpointing.interval"]).to.equal("60");
    const minute = run("60000");
    expect(minute.diag.warnings).to.deep.equal([{ path: at, message: '"60000" has no unit, so Flink reads it as milliseconds (60000 ms); write "1min" (or "60000ms") to say so, or "60000s" if you mean seconds' }]);
    expect(minute.config["execution.checkpointing.interval"]).to.equal("60000");
    // With a unit: quiet; below Flink's minimum: the error alone.
    expect([...run("60s").diag.errors, ...run("60s").diag.warnings]).to.deep.equal([]);
    expect(run("5").diag.warnings).to.deep.equal([]);
    expect(run("5").diag.errors.map((e) => e.path)).to.deep.equal([at]);
  });

  it("execution.checkpointing.interval-during-backlog: 0 turns backlog checkpoints off; 1–9 ms is refused", () => {
    expect(flinkOptionValueProblems("execution.checkpointing.interval-during-backlog", "0")).to.deep.equal([]);
    expect(flinkOptionValueProblems("execution.checkpointing.interval-during-backlog", "5min")).to.deep.equal([]);
    expect(flinkOptionValueProblems("execution.checkpointing.interval-during-backlog", "5ms")).to.deep.equal([
      {
        level: "error",
        message: `"5ms" is below Flink's minimum checkpoint interval of 10 ms ("Checkpoint interval must be zero or larger than or equal to 10 ms", CheckpointConfig.setCheckpointIntervalDuringBacklog), so ${FAILS}; write "0" (no checkpoints during backlog) or 10 ms or more, e.g. "5min"`,
      },
    ]);
  });

  it("a boolean other than true/false: the error says what was meant", () => {
    const message = (v: string, fix: string): string =>
      `${JSON.stringify(v)} is not a boolean: Flink reads table.exec.mini-batch.enabled as "true" or "false" (any case) and nothing else (ConfigurationUtils.convertToBoolean), so ${FAILS}; write ${fix}`;
    expect(flinkOptionValueProblems("table.exec.mini-batch.enabled", "yes")).to.deep.equal([{ level: "error", message: message("yes", '"true"') }]);
    expect(flinkOptionValueProblems("table.exec.mini-batch.enabled", "0")).to.deep.equal([{ level: "error", message: message("0", '"false"') }]);
    expect(flinkOptionValueProblems("table.exec.mini-batch.enabled", "maybe")).to.deep.equal([{ level: "error", message: message("maybe", '"true" or "false"') }]);
  });

  it("the names Flink 1.20 gave options (FLIP-406) are typed as their 1.19 names; on v1_19, which does not read them, their values are not judged", () => {
    const message = (key: string, v: string, fix: string): string =>
      `${JSON.stringify(v)} is not a boolean: Flink reads ${key} as "true" or "false" (any case) and nothing else (ConfigurationUtils.convertToBoolean), so ${FAILS}; write ${fix}`;
    const key = "execution.checkpointing.checkpoints-after-tasks-finish";
    for (const k of [key, `${key}.enabled`, "execution.checkpointing.cleaner.parallel-mode", "state.checkpoint.cleaner.parallel-mode", "execution.checkpointing.create-subdir", "execution.state-recovery.from-local"]) {
      expect(flinkOptionValueProblems(k, "no"), k).to.deep.equal([{ level: "error", message: message(k, "no", '"false"') }]);
      expect(flinkOptionValueProblems(k, "False"), k).to.deep.equal([]);
    }
    for (const v of [undefined, "v1_20", "v2_0", "v2_1"]) expect(flinkOptionValueProblems(key, "yes", v), String(v)).to.deep.equal([{ level: "error", message: message(key, "yes", '"true"') }]);
    expect(flinkOptionValueProblems(key, "yes", "v1_19")).to.deep.equal([]);
    expect(flinkOptionValueProblems(`${key}.enabled`, "yes", "v1_19")).to.deep.equal([{ level: "error", message: message(`${key}.enabled`, "yes", '"true"') }]);
    expect(flinkOptionValueProblems("execution.state-recovery.without-channel-state.checkpoint-id", "latest")[0]!.level).to.equal("error");
    expect(flinkOptionValueProblems("execution.checkpointing.data-inline-threshold", "20kb")).to.deep.equal([]);
  });

  it("whole numbers: not a number, and below the bound CheckpointConfig checks", () => {
    expect(flinkOptionValueProblems("pipeline.max-parallelism", "1,024")).to.deep.equal([
      { level: "error", message: `"1,024" is not a whole number, which Flink reads pipeline.max-parallelism as (a Java int, Integer.parseInt), so ${FAILS}; write "1024"` },
    ]);
    expect(flinkOptionValueProblems("table.exec.mini-batch.size", "5k")).to.deep.equal([
      { level: "error", message: `"5k" is not a whole number, which Flink reads table.exec.mini-batch.size as (a Java long, Long.parseLong), so ${FAILS}; write a whole number, e.g. "4"` },
    ]);
    expect(flinkOptionValueProblems("execution.checkpointing.tolerable-failed-checkpoints", "-1")).to.deep.equal([
      {
        level: "error",
        message: `"-1" is below 0, the least Flink takes for execution.checkpointing.tolerable-failed-checkpoints, so ${FAILS} (CheckpointConfig.setTolerableCheckpointFailureNumber: "The tolerable failure checkpoint number must be non-negative."); write "0" or more`,
      },
    ]);
    expect(flinkOptionValueProblems("execution.checkpointing.max-concurrent-checkpoints", "0")).to.deep.equal([
      {
        level: "error",
        message: `"0" is below 1, the least Flink takes for execution.checkpointing.max-concurrent-checkpoints, so ${FAILS} (CheckpointConfig.setMaxConcurrentCheckpoints: "The maximum number of concurrent attempts must be at least one."); write "1" or more`,
      },
    ]);
  });

  it("table.optimizer.agg-phase-strategy: a value no version reads is an error naming the one to write; another case or an empty value fails only in 1.19/1.20 (a warning)", () => {
    const key = "table.optimizer.agg-phase-strategy";
    const reading = "upper case: Flink 1.19 and 1.20 read it with TableConfigUtils.getAggPhaseStrategy: AggregatePhaseStrategy.valueOf, Flink 2.x with ConfigurationUtils.convertToEnum in any case";
    expect(flinkOptionValueProblems(key, "TWO-PHASE")).to.deep.equal([
      { level: "error", message: `"TWO-PHASE" is not a value of ${key}, which takes "AUTO", "TWO_PHASE", "ONE_PHASE" (${reading}), so ${FAILS}; did you mean "TWO_PHASE"?` },
    ]);
    expect(flinkOptionValueProblems(key, "local-global")).to.deep.equal([
      { level: "error", message: `"local-global" is not a value of ${key}, which takes "AUTO", "TWO_PHASE", "ONE_PHASE" (${reading}), so ${FAILS}; write one of them` },
    ]);
    expect(flinkOptionValueProblems(key, "two_phase")).to.deep.equal([
      {
        level: "warning",
        message: `"two_phase": Flink 1.19 and 1.20 read ${key} with TableConfigUtils.getAggPhaseStrategy: AggregatePhaseStrategy.valueOf, which takes the name in upper case only, so the job fails there (Flink 2.x reads it in any case); write "TWO_PHASE"`,
      },
    ]);
    expect(flinkOptionValueProblems(key, " ")).to.deep.equal([
      {
        level: "warning",
        message: `" ": Flink 1.19 and 1.20 read ${key} with TableConfigUtils.getAggPhaseStrategy: AggregatePhaseStrategy.valueOf, which takes an empty value as AUTO, but Flink 2.x fails on it (ConfigurationUtils.convertToEnum); write "AUTO" or remove the key`,
      },
    ]);
    // Every version reads these (1.19/1.20 trim the value).
    for (const ok of ["AUTO", "TWO_PHASE", " ONE_PHASE "]) expect(flinkOptionValueProblems(key, ok), ok).to.deep.equal([]);
  });

  it("table.optimizer.agg-phase-strategy on a known flinkVersion: another case is read by 2.x (quiet) and fails 1.19/1.20 (an error); an empty value the other way round", () => {
    const key = "table.optimizer.agg-phase-strategy";
    // The trial's valid Flink 2.1 program: OptimizerConfigOptions reads the enum with ConfigurationUtils.convertToEnum, any case.
    for (const v of ["v2_0", "v2_1"]) expect(flinkOptionValueProblems(key, "two_phase", v), v).to.deep.equal([]);
    expect(flinkOptionValueProblems(key, "two_phase", "v1_20")).to.deep.equal([
      { level: "error", message: `"two_phase": Flink 1.20 reads ${key} with TableConfigUtils.getAggPhaseStrategy: AggregatePhaseStrategy.valueOf, which takes the name in upper case only, so ${FAILS}; write "TWO_PHASE"` },
    ]);
    expect(flinkOptionValueProblems(key, "", "v2_1")).to.deep.equal([
      { level: "error", message: `"": Flink 2.1 reads ${key} with ConfigurationUtils.convertToEnum, which fails on an empty value, so ${FAILS}; write "AUTO" or remove the key` },
    ]);
    expect(flinkOptionValueProblems(key, "", "v1_19")).to.deep.equal([]);
    for (const v of ["v1_19", "v1_20", "v2_0", "v2_1"]) expect(flinkOptionValueProblems(key, "TWO_PHASE", v), v).to.deep.equal([]);
  });

  it("enums, fractions and memory sizes", () => {
    expect(flinkOptionValueProblems("table.exec.sink.upsert-materialize", "forse")).to.deep.equal([
      { level: "error", message: `"forse" is not a value of table.exec.sink.upsert-materialize, which takes "NONE", "AUTO", "FORCE" (any case; ConfigurationUtils.convertToEnum), so ${FAILS}; did you mean "FORCE"?` },
    ]);
    expect(flinkOptionValueProblems("execution.checkpointing.mode", "exactly-once")).to.deep.equal([
      { level: "error", message: `"exactly-once" is not a value of execution.checkpointing.mode, which takes "EXACTLY_ONCE", "AT_LEAST_ONCE" (any case; ConfigurationUtils.convertToEnum), so ${FAILS}; did you mean "EXACTLY_ONCE"?` },
    ]);
    expect(flinkOptionValueProblems("table.optimizer.non-deterministic-update.strategy", "try-resolve")).to.deep.equal([
      {
        level: "error",
        message: `"try-resolve" is not a value of table.optimizer.non-deterministic-update.strategy, which takes "TRY_RESOLVE", "IGNORE" (any case; ConfigurationUtils.convertToEnum), so ${FAILS}; did you mean "TRY_RESOLVE"?`,
      },
    ]);
    expect(flinkOptionValueProblems("table.optimizer.non-deterministic-update.strategy", "try_resolve")).to.deep.equal([]);
    // A hexadecimal integer is no Java floating-point text (the binary exponent is required).
    expect(flinkOptionValueProblems("taskmanager.memory.managed.fraction", "0x10")).to.deep.equal([
      { level: "error", message: `"0x10" is not a number Flink reads for taskmanager.memory.managed.fraction (Float.parseFloat), so ${FAILS}; write a decimal number, e.g. "0.4"` },
    ]);
    expect(flinkOptionValueProblems("taskmanager.memory.managed.fraction", "40%")).to.deep.equal([
      { level: "error", message: `"40%" is not a number Flink reads for taskmanager.memory.managed.fraction (Float.parseFloat), so ${FAILS}; write a decimal number, e.g. "0.4" for 40%` },
    ]);
    const memory = "Flink reads jobmanager.memory.process.size as a memory size when the job starts (MemorySize.parse: a whole number and a unit, b, k(b), m(b), g(b) or t(b), 1024-based), and fails on this one: ";
    expect(flinkOptionValueProblems("jobmanager.memory.process.size", "2 GiB")).to.deep.equal([
      { level: "error", message: `${memory}"2 GiB" is not a valid byte size: unknown unit "gib"; Flink's units are 1024-based already: write "2gb"` },
    ]);
    expect(flinkOptionValueProblems("jobmanager.memory.process.size", "2 gigs")).to.deep.equal([
      { level: "error", message: `${memory}"2 gigs" is not a valid byte size: unknown unit "gigs"; write e.g. "1024m" or "4g"` },
    ]);
    expect(flinkOptionValueProblems("taskmanager.memory.process.size", "4096")).to.deep.equal([
      { level: "warning", message: '"4096" has no unit, so Flink reads it as bytes (4096 bytes); write "4k" (or "4096b") to say so, or "4096m" if you mean 4096 MiB' },
    ]);
    // The same size first, in the largest exact unit; the MiB reading only below one MiB (4294967296 MiB would be 4 PiB).
    expect(flinkOptionValueProblems("taskmanager.memory.process.size", "4294967296")).to.deep.equal([
      { level: "warning", message: '"4294967296" has no unit, so Flink reads it as bytes (4294967296 bytes); write "4g" (or "4294967296b") to say so' },
    ]);
    expect(flinkOptionValueProblems("taskmanager.memory.network.min", "1000")).to.deep.equal([
      { level: "warning", message: '"1000" has no unit, so Flink reads it as bytes (1000 bytes); write "1000b" to say so, or "1000m" if you mean 1000 MiB' },
    ]);
  });

  it("state backend, checkpoint storage and restart strategy names: a word Flink does not know fails the job (it loads it as a class)", () => {
    expect(flinkOptionValueProblems("state.backend.type", "rocks")).to.deep.equal([
      {
        level: "error",
        message: `"rocks" is not a value of state.backend.type, which takes "hashmap", "rocksdb", "forst", "jobmanager", "filesystem" (any case), or the class name of a StateBackendFactory (StateBackendLoader: "Cannot find configured state backend factory class"), so ${FAILS}; did you mean "rocksdb"?`,
      },
    ]);
    expect(flinkOptionValueProblems("state.backend", "heap")).to.deep.equal([
      {
        level: "error",
        message: `"heap" is not a value of state.backend, which takes "hashmap", "rocksdb", "forst", "jobmanager", "filesystem" (any case), or the class name of a StateBackendFactory (StateBackendLoader: "Cannot find configured state backend factory class"), so ${FAILS}; write one of them`,
      },
    ]);
    expect(flinkOptionValueProblems("restart-strategy.type", "exponential")).to.deep.equal([
      {
        level: "error",
        message: `"exponential" is not a value of restart-strategy.type, which takes "disable", "fixed-delay", "failure-rate", "exponential-delay" (also none, off, fixeddelay, failurerate, exponentialdelay) (any case) (RestartBackoffTimeStrategyFactoryLoader: "Unknown restart strategy"), so ${FAILS}; did you mean "exponential-delay"?`,
      },
    ]);
    // No class names for the restart strategy: a dotted value is still unknown.
    expect(flinkOptionValueProblems("restart-strategy", "com.acme.Restart").map((p) => p.level)).to.deep.equal(["error"]);
    expect(flinkOptionValueProblems("execution.checkpointing.storage", "s3")).to.deep.equal([
      {
        level: "error",
        message: `"s3" is not a value of execution.checkpointing.storage, which takes "jobmanager", "filesystem" (any case), or the class name of a CheckpointStorageFactory (CheckpointStorageLoader: "Cannot find configured state backend factory class"), so ${FAILS}; write one of them`,
      },
    ]);
  });

  it("table.local-time-zone (trial p33): offsets without GMT, abbreviations, another letter case and unknown words are errors with the value to write; an unknown Area/Location a warning", () => {
    const REFUSED =
      `Flink refuses it where it reads the session time zone (TableConfigValidation.validateTimeZone: "Invalid time zone. The value should be a Time Zone Database (TZDB) ID such as 'America/Los_Angeles' ..."), failing the job`;
    const REGION = 'or the region meant, which follows its daylight saving time (a tz database ID such as "America/Los_Angeles")';
    const OFFSET = 'a fixed offset is written "GMT" and the offset (java.util.TimeZone reads no other)';
    const CASE = "time zone IDs are case-sensitive (java.util.TimeZone and java.time.ZoneId match them exactly)";
    const bad = (v: string, why: string, write: string) => [{ level: "error", message: `${JSON.stringify(v)} is not a time zone Flink takes for table.local-time-zone: ${why}, and ${REFUSED}; write ${write}` }];
    const problems = (v: string) => flinkOptionValueProblems("table.local-time-zone", v);
    expect(problems("UTC+8")).to.deep.equal(bad("UTC+8", OFFSET, `"GMT+08:00", ${REGION}`));
    expect(problems("+08:00")).to.deep.equal(bad("+08:00", OFFSET, `"GMT+08:00", ${REGION}`));
    expect(problems("UTC-3:30")).to.deep.equal(bad("UTC-3:30", OFFSET, `"GMT-03:30", ${REGION}`));
    expect(problems("UTC+0")).to.deep.equal(bad("UTC+0", OFFSET, '"UTC"'));
    expect(problems("UTC+8:30:00")).to.deep.equal(bad("UTC+8:30:00", OFFSET, `a fixed offset such as "GMT+08:00", ${REGION}`));
    expect(problems("Z")).to.deep.equal(bad("Z", '"Z" is an offset, not a zone ID', '"UTC"'));
    expect(problems("PST")).to.deep.equal(
      bad("PST", "it is an abbreviation, which Java reads as another ID (ZoneId.SHORT_IDS: PST → America/Los_Angeles)", 'the region meant, which follows its daylight saving time, e.g. "America/Los_Angeles" (Java\'s reading of PST), or a fixed offset such as "GMT-08:00"'),
    );
    expect(problems("EST")).to.deep.equal(
      bad("EST", "it is an abbreviation, which Java reads as another ID (ZoneId.SHORT_IDS: EST → -05:00)", 'the region meant, which follows its daylight saving time, e.g. "America/New_York", or a fixed offset such as "GMT-05:00"'),
    );
    expect(problems("CST")).to.deep.equal(
      bad(
        "CST",
        "it is an abbreviation, which Java reads as another ID (ZoneId.SHORT_IDS: CST → America/Chicago)",
        'the region meant, which follows its daylight saving time, e.g. "America/Chicago" (Java\'s reading of CST) or "Asia/Shanghai" for China Standard Time, or a fixed offset such as "GMT-06:00"',
      ),
    );
    expect(problems("utc")).to.deep.equal(bad("utc", CASE, '"UTC"'));
    expect(problems("asia/shanghai")).to.deep.equal(bad("asia/shanghai", CASE, '"Asia/Shanghai"'));
    expect(problems("gmt+8")).to.deep.equal(bad("gmt+8", CASE, '"GMT+8"'));
    const UNKNOWN = 'a region such as "Europe/Berlin" or "Asia/Shanghai", "UTC", or a fixed offset such as "GMT+08:00"';
    expect(problems("CEST")).to.deep.equal(bad("CEST", "no time zone database has this ID", UNKNOWN));
    expect(problems("Shanghai")).to.deep.equal(bad("Shanghai", "no time zone database has this ID", UNKNOWN));
    expect(problems("Asia/Beijing")).to.deep.equal([
      {
        level: "warning",
        message: `"Asia/Beijing" is no time zone this machine's data knows (Node's ICU): if it is no region of the JDK's time zone database either, ${REFUSED}; check the spelling against the tz database (e.g. "America/Los_Angeles", "Asia/Shanghai")`,
      },
    ]);
    // What the JDK's check takes: "default" (the JVM's zone), regions, links (also those Intl.supportedValuesOf leaves out), GMT offsets, the tz database's single-word IDs.
    for (const v of ["default", "UTC", "Etc/UTC", "GMT", "GMT+8", "GMT+08:00", "GMT-0330", "Asia/Shanghai", "America/Los_Angeles", "Asia/Kolkata", "Asia/Calcutta", "Europe/Kyiv", "US/Pacific", "Japan", "CET", "EST5EDT", "UCT", "Zulu", "Etc/GMT+8", " Europe/Berlin "]) {
      expect({ v, problems: problems(v) }).to.deep.equal({ v, problems: [] });
    }
  });

  it("quiet neighbours: every spelling Flink reads, zero where it means off, string options and unknown keys", () => {
    const valid: [string, string][] = [
      ["table.exec.mini-batch.enabled", "TRUE"],
      ["table.exec.mini-batch.enabled", "false"],
      ["table.exec.mini-batch.enabled", " true "],
      ["table.exec.source.idle-timeout", "10 min"],
      ["table.exec.source.idle-timeout", "30 s"],
      ["table.exec.source.idle-timeout", "0"],
      ["table.exec.state.ttl", "1 d"],
      ["table.exec.state.ttl", "36 hours"],
      ["table.exec.state.ttl", "500µs"],
      ["restart-strategy.fixed-delay.delay", "10 secs"],
      ["restart-strategy.exponential-delay.backoff-multiplier", "1.5"],
      ["restart-strategy.exponential-delay.jitter-factor", "0.1"],
      ["execution.checkpointing.mode", "at_least_once"],
      ["execution.checkpointing.tolerable-failed-checkpoints", "3"],
      ["execution.checkpointing.max-concurrent-checkpoints", "1"],
      ["execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION"],
      ["table.exec.sink.not-null-enforcer", "drop"],
      ["table.exec.sink.upsert-materialize", "NONE"],
      ["table.exec.mini-batch.size", "5000"],
      ["taskmanager.numberOfTaskSlots", "+2"],
      ["taskmanager.memory.process.size", "4096m"],
      ["taskmanager.memory.process.size", "2 gb"],
      ["taskmanager.memory.managed.fraction", "0.4"],
      // Java's hexadecimal floating-point text (Double.valueOf's grammar), and a float suffix.
      ["taskmanager.memory.managed.fraction", "0x1p-1"],
      ["taskmanager.memory.managed.fraction", "0x1.8p-2f"],
      ["table.exec.spill-compression.block-size", "64 kb"],
      // String options (a class name is a valid value) and keys of no known type.
      ["restart-strategy.type", "fixed-delay"],
      ["restart-strategy.type", "Exponential-Delay"],
      ["restart-strategy.type", "none"],
      ["restart-strategy", "failurerate"],
      ["state.backend.type", "rocksdb"],
      ["state.backend.type", " RocksDB "],
      ["state.backend.type", "forst"],
      ["state.backend", "filesystem"],
      ["state.backend.type", "com.acme.state.MyBackendFactory"],
      ["execution.checkpointing.storage", "filesystem"],
      ["state.checkpoint-storage", "JobManager"],
      ["execution.checkpointing.storage", "com.acme.MyStorageFactory"],
      ["table.local-time-zone", "UTC"],
      ["table.local-time-zone", "GMT+08:00"],
      ["metrics.reporters", "prom"],
      ["table.exec.mini-batch.enabled.x", "yes"],
    ];
    for (const [key, value] of valid) expect({ key, value, problems: flinkOptionValueProblems(key, value) }).to.deep.equal({ key, value, problems: [] });
  });

  it("the types table covers known keys only, none the job decides", () => {
    for (const key of Object.keys(FLINK_OPTION_TYPES)) {
      expect(KNOWN_FLINK_OPTIONS, key).to.include(key);
      expect(JOB_DECIDED_KEYS.has(key), key).to.equal(false);
    }
  });
});

describe("Flink option values where they are set", () => {
  it("the job's configuration: every problem at its key, at once", () => {
    const diag = new Diagnostics();
    computeJobConfig(
      { runtimeMode: "streaming", configuration: { "table.exec.mini-batch.enabled": "yes", "table.exec.source.idle-timeout": "10 mins", "table.exec.sink.not-null-enforcer": "drop" }, sinks: [], reads: [] },
      diag,
    );
    expect(diag.errors.map((e) => e.path)).to.deep.equal(['configuration["table.exec.mini-batch.enabled"]', 'configuration["table.exec.source.idle-timeout"]']);
    expect(diag.warnings).to.deep.equal([]);
  });

  it("the trial's table.optimizer.agg-phase-strategy \"TWO-PHASE\" in the job's configuration: an error at its key", () => {
    const diag = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "table.optimizer.agg-phase-strategy": "TWO-PHASE" }, sinks: [], reads: [] }, diag);
    expect(diag.errors.map((e) => e.path)).to.deep.equal(['configuration["table.optimizer.agg-phase-strategy"]']);
    const quiet = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "table.optimizer.agg-phase-strategy": "TWO_PHASE" }, sinks: [], reads: [] }, quiet);
    expect([...quiet.errors, ...quiet.warnings]).to.deep.equal([]);
  });

  it("the second trial's \"two_phase\" on a Flink 2.1 Kubernetes target: quiet (2.x reads the enum in any case); on 1.20 an error at its key", () => {
    const quiet = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "table.optimizer.agg-phase-strategy": "two_phase" }, sinks: [], reads: [], flinkVersion: "v2_1" }, quiet);
    expect([...quiet.errors, ...quiet.warnings]).to.deep.equal([]);
    const diag = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "table.optimizer.agg-phase-strategy": "two_phase" }, sinks: [], reads: [], flinkVersion: "v1_20" }, diag);
    expect(diag.errors.map((e) => e.path)).to.deep.equal(['configuration["table.optimizer.agg-phase-strategy"]']);
  });

  it("kubernetes.flinkConfiguration: an error at its key; a valid value is quiet", () => {
    const args: KubernetesArgs = {
      image: "registry.example.com/flink-iceberg:1.20",
      flinkVersion: "v1_20",
      sqlRunner: { jarURI: "local:///opt/flink/usrlib/sql-runner.jar" },
      flinkConfiguration: { "restart-strategy.fixed-delay.delay": "10 secs", "restart-strategy.fixed-delay.attempts": "three" },
    };
    const facts: KubernetesJobFacts = { jobName: "j", runtimeMode: "streaming", bounded: false, parallelism: 2, flinkConfiguration: { "parallelism.default": "2" }, needsFormatV3: false };
    const diag = new Diagnostics();
    validateKubernetesArgs(args, facts, diag);
    expect(diag.errors.filter((e) => e.path.startsWith("kubernetes.flinkConfiguration"))).to.deep.equal([
      {
        path: 'kubernetes.flinkConfiguration["restart-strategy.fixed-delay.attempts"]',
        message: `"three" is not a whole number, which Flink reads restart-strategy.fixed-delay.attempts as (a Java int, Integer.parseInt), so ${FAILS}; write a whole number, e.g. "4"`,
      },
    ]);
  });

  it("table.local-time-zone in the job's configuration and sqlGateway.sessionProperties: an error at its key", () => {
    const diag = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "table.local-time-zone": "UTC+8" }, sinks: [], reads: [] }, diag);
    expect(diag.errors.map((e) => e.path)).to.deep.equal(['configuration["table.local-time-zone"]']);
    const gateway = new Diagnostics();
    validateSqlGatewayArgs({ endpoint: "http://gateway:8083", sessionProperties: { "table.local-time-zone": "PST" } }, gateway);
    expect(gateway.errors.map((e) => e.path)).to.deep.equal(['sessionProperties["table.local-time-zone"]']);
    const quiet = new Diagnostics();
    computeJobConfig({ runtimeMode: "streaming", configuration: { "table.local-time-zone": "Asia/Shanghai" }, sinks: [], reads: [] }, quiet);
    expect([...quiet.errors, ...quiet.warnings]).to.deep.equal([]);
  });

  it("sqlGateway.sessionProperties: a warning at its key; an Output value is skipped", () => {
    const diag = new Diagnostics();
    validateSqlGatewayArgs(
      { endpoint: "http://gateway:8083", sessionProperties: { "execution.checkpointing.timeout": "500ms", "table.exec.mini-batch.enabled": pulumi.output("yes") } },
      diag,
    );
    expect(diag.errors).to.deep.equal([]);
    expect(diag.warnings).to.deep.equal([{ path: 'sessionProperties["execution.checkpointing.timeout"]', message: SHORT_TIMEOUT("500ms", 500) }]);
  });
});

describe("Flink option values: operator options that take more than a duration", () => {
  it("kubernetes.operator.periodic.savepoint.interval takes a Quartz cron expression (operator 1.7+, FLINK-32904): quiet", () => {
    expect(flinkOptionValueProblems("kubernetes.operator.periodic.savepoint.interval", "0 0 * * * ?")).to.deep.equal([]);
    expect(flinkOptionValueProblems("kubernetes.operator.periodic.savepoint.interval", "0 0/30 * * * ?")).to.deep.equal([]);
  });
});
