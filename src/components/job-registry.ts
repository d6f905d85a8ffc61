/**
 * Every FlinkSqlJob (and every table) created by the running Pulumi program, for the checks across
 * jobs and tables and for `flink-iceberg synth`, which runs a program under Pulumi's mock runtime
 * and then reads what was registered. Kept on globalThis so that two copies of the package (e.g.
 * the CLI's and the program's) share it.
 *
 * One registry per program run: per Pulumi resource monitor (`pulumi.runtime.getMonitor()`), which
 * each run gets anew (an Automation API inline program run, e.g. a preview then an up, or several
 * stacks in one process) and so does each `pulumi.runtime.setMocks` call (a unit test). A registry
 * shared by the runs would make one run's jobs see another's (a job warned that it writes an
 * Iceberg table "also written" by itself, from the earlier run).
 */
import type { LateWarning } from "./late-warnings.js";
import * as pulumi from "@pulumi/pulumi";
import { branchOf, icebergKey } from "../sql/iceberg-identity.js";
import type { ProgramTables } from "../sql/job-plan.js";
import type { DeleteWrite } from "../sql/row-delta-reads.js";
import type { OverwriteWrite } from "../sql/overwrite-reads.js";
import type { JobKafkaTransaction, ProgramKafkaTransaction } from "../sql/kafka-transactions.js";
import type { ProgramIcebergTable } from "../sql/shared-iceberg-tables.js";
import type { JobKafkaGroupRead, ProgramKafkaGroupRead } from "../sql/kafka-groups.js";
import type { FlinkIcebergValidationError } from "../validation/error.js";
import type { TableDefinition } from "./table-definition.js";

/** What synth needs of a job. */
export interface RegisteredJob {
  readonly name: string;
  readonly runtimeMode: "streaming" | "batch";
  readonly tables: readonly TableDefinition[];
  readonly sinks: readonly TableDefinition[];
  readonly checkpointInterval?: string;
  readonly target: "none" | "kubernetes" | "sql-gateway";
  /** Kubernetes target: its upgradeMode (the operator gives a last-state job without an interval its own: operator-checkpoints.ts). */
  readonly upgradeMode?: "stateless" | "savepoint" | "last-state";
  readonly script: pulumi.Output<string>;
  /** Flink table name → Iceberg schema JSON (plain: schemas hold no secret). */
  readonly icebergSchemas: Readonly<Record<string, unknown>>;
  /** Flink table name → Iceberg partition spec JSON. */
  readonly icebergPartitionSpecs: Readonly<Record<string, unknown>>;
  /** Kubernetes objects as `kubectl apply -f` takes them (kubernetes target only). */
  readonly manifests?: () => pulumi.Output<object[]>;
  /** The same objects with secret values replaced by `[secret]`. */
  readonly manifestsRedacted?: () => pulumi.Output<object[]>;
  /** What the job submits to a SQL Gateway, secrets redacted (sqlGateway target only). */
  readonly gatewaySubmission?: (showSecrets: boolean) => pulumi.Output<Record<string, unknown>>;
  /** Its warnings as `path: message`, but those its acknowledgedWarnings name. */
  readonly warnings: readonly string[];
  /** How many of its warnings its acknowledgedWarnings name (not logged, not in `warnings`); absent for none. */
  readonly acknowledged?: number;
  /** The INSERTs that write updates and deletes into a keyed IcebergSink without upsertEnabled (row-delta-reads.ts). */
  readonly deleteWrites?: readonly DeleteWrite[];
  /** The INSERT OVERWRITE statements into Iceberg sinks (overwrite-reads.ts). */
  readonly overwriteWrites?: readonly OverwriteWrite[];
  /** The Iceberg tables the job reads as a stream, with the branches it reads each through (OPTIONS hints included); a table missing: its own branch. */
  readonly streamBranches?: ReadonlyMap<TableDefinition, readonly (string | undefined)[]>;
  /** The job's Kafka reads in a consumer group (kafka-groups.ts), by group id in the registry. */
  readonly kafkaGroupReads?: readonly JobKafkaGroupRead[];
  /** The job's exactly-once Kafka writes (kafka-transactions.ts), by transactional-id prefix in the registry. */
  readonly kafkaTransactions?: readonly JobKafkaTransaction[];
  /** The tables the job writes, with the branches it writes each on (OPTIONS hints included); a table missing: its own branch. */
  readonly writeBranches?: ReadonlyMap<TableDefinition, readonly (string | undefined)[]>;
}

/** A registered job's write of an Iceberg table: whether its sink upserts, the keyed write of updates and deletes it makes (if any), the branches it writes. */
interface JobIcebergWrite {
  readonly job: string;
  readonly upsert: boolean;
  readonly deletes?: DeleteWrite;
  readonly branches?: readonly (string | undefined)[];
  /** The branches its INSERT OVERWRITE statements write (overwrite-reads.ts); absent when it overwrites none. */
  readonly overwrites?: readonly string[];
}

/** An Iceberg table a registered job declares, and the job's write of it when it writes it. */
interface JobIcebergTable extends ProgramIcebergTable {
  readonly write?: JobIcebergWrite;
}

interface Registry {
  jobs: RegisteredJob[];
  tables: TableDefinition[];
  /** The tables whose args failed validation (synth's collecting mode), in order. */
  failedTables: TableDefinition[];
  /** Flink table name → first table registered under it. */
  byFlinkName: Map<string, TableDefinition>;
  /** `database\u0000table` → the upsert sinks registered for it. */
  upsertWriters: Map<string, TableDefinition[]>;
  /**
   * icebergKey → the jobs that read that Iceberg table as a stream, with the reading table's branch;
   * `warned` when an upsert sink of the table, or a job writing updates and deletes into a keyed
   * sink of it, was registered before the job, which then told itself; `overwriteWarned` likewise
   * when a job that overwrites it was (overwrite-reads.ts).
   */
  jobStreamers: Map<string, { job: string; label: string; branch?: string; warned: boolean; overwriteWarned?: boolean }[]>;
  /** The labels of the keyed IcebergSinks on v1 tables whose updates a job reported (their own warning about delete files is then not repeated: iceberg-table-component.ts). */
  v1DeletesReported?: Set<string>;
  /** icebergKey → the IcebergSinks among `tables`, indexed up to `upTo` (built on first use, extended as tables come). */
  icebergSinksByKey?: { map: Map<string, TableDefinition[]>; upTo: number };
  /**
   * icebergKey → the Iceberg tables the jobs registered so far declare, with whether the job writes
   * each (shared-iceberg-tables.ts) and, when it does, that write (ProgramTables.jobsWriting).
   */
  jobIcebergTables: Map<string, JobIcebergTable[]>;
  /** Consumer group id → the Kafka reads of the jobs registered so far in it (kafka-groups.ts). */
  kafkaGroupReads: Map<string, ProgramKafkaGroupRead[]>;
  /** Transactional-id prefix → the exactly-once Kafka writes of the jobs registered so far with it (kafka-transactions.ts). */
  kafkaTransactions: Map<string, ProgramKafkaTransaction[]>;
  /** `namespace/name` of every FlinkDeployment a job of the program deploys → that job's name. */
  deployments: Map<string, string>;
  /** synth's collecting mode (collect.ts): the validation errors recorded instead of thrown. */
  collected?: FlinkIcebergValidationError[];
  /** True while synth runs a program in collecting mode. */
  collecting?: boolean;
  /** Each job's check for Pulumi secrets interpolated into its statements (statement-secrets.ts), valid job or not. */
  statementSecrets: Promise<FlinkIcebergValidationError | undefined>[];
  /** The FlinkTables whose required options wait on the jobs' OPTIONS hints (unreferenced-tables.ts), with their components. */
  awaitingReference: { readonly def: TableDefinition; readonly resource: pulumi.Resource }[];
  /** Every table some job of the program mentions (valid job or not). */
  referenced: Set<TableDefinition>;
  /** True once the end-of-program report of unreferenced tables is scheduled (unreferenced-tables.ts). */
  endReport?: boolean;
  /** The warnings logged after construction (late-warnings.ts), for synth's summary. */
  lateWarnings?: LateWarning[];
}

/** The registry when no Pulumi runtime is set up (no monitor); a registry by older copies of the package. */
const KEY = Symbol.for("pulumi-flink-iceberg.registry");
/** The registries by resource monitor (see the module comment). */
const BY_MONITOR = Symbol.for("pulumi-flink-iceberg.registries-by-monitor");

const emptyRegistry = (): Registry => ({ jobs: [], tables: [], failedTables: [], byFlinkName: new Map(), upsertWriters: new Map(), jobStreamers: new Map(), jobIcebergTables: new Map(), kafkaGroupReads: new Map(), kafkaTransactions: new Map(), deployments: new Map(), statementSecrets: [], awaitingReference: [], referenced: new Set() });

/** The registry of the running program (its resource monitor's). */
export function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | WeakMap<object, Registry> | undefined>;
  const monitor: unknown = pulumi.runtime.getMonitor();
  let r: Registry;
  if (typeof monitor === "object" && monitor !== null) {
    const byMonitor = (g[BY_MONITOR] ??= new WeakMap<object, Registry>()) as WeakMap<object, Registry>;
    const known = byMonitor.get(monitor);
    if (known !== undefined) r = known;
    else byMonitor.set(monitor, (r = emptyRegistry()));
  } else r = (g[KEY] ??= emptyRegistry()) as Registry;
  // A registry made by an older copy of the package in the same process lacks the newer indexes.
  r.jobStreamers ??= new Map();
  r.kafkaTransactions ??= new Map();
  r.jobIcebergTables ??= new Map();
  r.kafkaGroupReads ??= new Map();
  r.deployments ??= new Map();
  r.failedTables ??= [];
  r.statementSecrets ??= [];
  r.awaitingReference ??= [];
  r.referenced ??= new Set();
  return r;
}

/** Forgets everything registered (tests, and synth before running a program). */
export function resetRegistry(): void {
  const r = registry();
  r.jobs.length = 0;
  r.tables.length = 0;
  r.failedTables.length = 0;
  r.byFlinkName.clear();
  r.upsertWriters.clear();
  r.jobStreamers.clear();
  r.kafkaTransactions.clear();
  r.jobIcebergTables.clear();
  r.kafkaGroupReads.clear();
  r.deployments.clear();
  r.statementSecrets.length = 0;
  r.awaitingReference.length = 0;
  r.referenced.clear();
  r.v1DeletesReported?.clear();
  r.icebergSinksByKey = undefined;
  r.endReport = undefined;
  r.lateWarnings = undefined;
  r.collected = undefined;
  r.collecting = false;
}

/** Adds a table to the program's registry and its indexes. */
export function addProgramTable(def: TableDefinition): void {
  const r = registry();
  r.tables.push(def);
  if (!r.byFlinkName.has(def.tableName)) r.byFlinkName.set(def.tableName, def);
  addUpsertWriter(r, def);
}

/** Indexes `def` as an upsert writer of its Iceberg table, when it upserts and that table is known. */
function addUpsertWriter(r: ReturnType<typeof registry>, def: TableDefinition): void {
  const i = def.iceberg;
  if (i?.upsert !== true || i.database === undefined || i.table === undefined) return;
  const key = `${i.database}\u0000${i.table}`;
  pushTo(r.upsertWriters, key, def);
}

/**
 * Indexes a table that failed validation (synth's collecting mode) by its Flink name, so a job that
 * names it as plain text is still told so, and as an upsert writer when it is known to upsert into
 * a known Iceberg table (a job that streams from that table is warned as with the table fixed); it
 * is no program table otherwise.
 */
export function addFailedProgramTable(def: TableDefinition): void {
  const r = registry();
  r.failedTables.push(def);
  if (!r.byFlinkName.has(def.tableName)) r.byFlinkName.set(def.tableName, def);
  addUpsertWriter(r, def);
}

/** Appends `value` to the list of `key` in `map` (a new list for a new key). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Registers a job and the Iceberg tables it writes (in `r`, the program's registry, when the caller has it at hand). */
export function addProgramJob(job: RegisteredJob, r: ReturnType<typeof registry> = registry()): void {
  r.jobs.push(job);
  for (const t of job.tables) {
    const key = icebergKey(t);
    if (key === undefined) continue;
    const writes = job.sinks.includes(t);
    pushTo(r.jobIcebergTables, key, Object.assign({ job: job.name, table: t, writes }, writes ? { write: icebergWrite(job, t) } : undefined));
  }
  for (const g of job.kafkaGroupReads ?? []) {
    const entry = Object.assign({ job: job.name }, g);
    pushTo(r.kafkaGroupReads, g.groupId, entry);
  }
  for (const w of job.kafkaTransactions ?? []) {
    const entry = Object.assign({ job: job.name, label: w.label }, w.servers !== undefined ? { servers: w.servers } : undefined);
    pushTo(r.kafkaTransactions, w.prefix, entry);
  }
  if (job.runtimeMode !== "streaming") return;
  for (const t of job.tables) {
    // A streaming read of an Iceberg table the job does not write.
    const key = t.iceberg?.streamingRead === true && !job.sinks.includes(t) ? icebergKey(t) : undefined;
    if (key === undefined) continue;
    const writers = r.upsertWriters.get(`${t.iceberg!.database}\u0000${t.iceberg!.table}`) ?? [];
    // The same for each branch the job reads the table through (the job's own writes are indexed above).
    const writes = jobsWriting(r, key);
    for (const branch of job.streamBranches?.get(t) ?? [branchOf(t)]) {
      const deleting = writes.some((w) => w.deletes !== undefined && w.deletes.branch === branch);
      // Told for good when the loss was certain (streamed-writes.ts): a job created earlier writes the table with upserts on this
      // branch, or writes updates and deletes into a keyed sink of it; a declared upsert sink alone was a warning, and the job that
      // writes it, when created later, says so as an error.
      const upserting = writes.some((w) => w.upsert && (w.branches ?? [branch]).includes(branch)) && writers.some((w) => icebergKey(w) === key && branchOf(w) === branch);
      const overwriteWarned = branch !== undefined && writes.some((w) => w.overwrites?.includes(branch) === true);
      const entry = Object.assign({ job: job.name, label: t.label, warned: deleting || upserting, overwriteWarned }, branch !== undefined ? { branch } : undefined);
      pushTo(r.jobStreamers, key, entry);
    }
  }
}

/** The job's write of its sink `t`, an Iceberg table. */
function icebergWrite(job: RegisteredJob, t: TableDefinition): JobIcebergWrite {
  // A sink two statements write: the certain write first. (No list is made for a job without such writes: most jobs.)
  const deleteWrites = job.deleteWrites;
  const deletes = deleteWrites === undefined || deleteWrites.length === 0 ? undefined : deleteWrites.filter((d) => d.sink === t).sort((x, y) => Number(y.certain) - Number(x.certain))[0];
  const branches = job.writeBranches?.get(t);
  const overwriteWrites = job.overwriteWrites;
  const overwrites = overwriteWrites === undefined || overwriteWrites.length === 0 ? [] : overwriteWrites.flatMap((o) => (o.sink === t && o.branch !== undefined ? [o.branch] : []));
  return Object.assign(
    { job: job.name, upsert: t.iceberg!.upsert === true },
    deletes !== undefined ? { deletes } : undefined,
    branches !== undefined ? { branches } : undefined,
    overwrites.length > 0 ? { overwrites } : undefined,
  );
}

/** The writes of the Iceberg table `key` by the jobs registered so far, in order. */
function jobsWriting(r: ReturnType<typeof registry>, key: string): JobIcebergWrite[] {
  const writes: JobIcebergWrite[] = [];
  for (const e of r.jobIcebergTables.get(key) ?? []) if (e.write !== undefined) writes.push(e.write);
  return writes;
}

/**
 * The program's IcebergSinks by icebergKey: indexed as tables are looked up, not scanned for each
 * lookup (a program with many source-watermarked IcebergSources asks once per source: avro-watermarks.ts).
 */
function icebergSinksByKey(r: ReturnType<typeof registry>): Map<string, TableDefinition[]> {
  const index = (r.icebergSinksByKey ??= { map: new Map(), upTo: 0 });
  for (; index.upTo < r.tables.length; index.upTo++) {
    const t = r.tables[index.upTo]!;
    const key = t.resourceType === "IcebergSink" ? icebergKey(t) : undefined;
    if (key === undefined) continue;
    pushTo(index.map, key, t);
  }
  return index.map;
}

/** The program's tables as the job planner looks them up. */
export function programTables(r: ReturnType<typeof registry> = registry()): ProgramTables {
  return {
    byFlinkName: (name) => r.byFlinkName.get(name),
    upsertWriters: (database, table) => r.upsertWriters.get(`${database}\u0000${table}`) ?? [],
    jobsWriting: (key) => jobsWriting(r, key),
    jobsStreaming: (key) => (r.jobStreamers.get(key) ?? []).filter((s) => !s.warned),
    overwriteReaders: (key) => (r.jobStreamers.get(key) ?? []).filter((s) => s.overwriteWarned !== true),
    icebergSinks: (key) => icebergSinksByKey(r).get(key) ?? [],
    tables: () => r.tables,
    kafkaTransactions: (prefix) => r.kafkaTransactions.get(prefix) ?? [],
    icebergTablesOfJobs: (key) => r.jobIcebergTables.get(key) ?? [],
    kafkaGroupReads: (groupId) => r.kafkaGroupReads.get(groupId) ?? [],
  };
}

/** Records that a job reported updates into these keyed v1 IcebergSinks (by label): their resource warning about delete files is not repeated. */
export function markV1DeletesReported(labels: Iterable<string>, r: ReturnType<typeof registry> = registry()): void {
  for (const l of labels) (r.v1DeletesReported ??= new Set()).add(l);
}

/** True when a job reported updates into the keyed v1 IcebergSink of this label (markV1DeletesReported). */
export function v1DeletesReported(label: string): boolean {
  return registry().v1DeletesReported?.has(label) === true;
}
