/**
 * What the fake SQL Gateway does with a statement: a small model of Flink's OperationExecutor
 * (apache/flink flink-table/flink-sql-gateway/.../service/operation/OperationExecutor.java):
 * SET changes the session configuration; CREATE/USE/DROP succeed; INSERT and EXECUTE STATEMENT
 * SET start a job (one row, column `job id`); STOP JOB with a savepoint answers column
 * `savepoint path`, without one it cancels; SHOW JOBS lists `job id`, `job name`, `status`,
 * `start time`. Failures carry the server-side stack trace text the real gateway sends.
 */

/** A job in the fake cluster. */
export interface FakeJob {
  readonly jobId: string;
  readonly name: string;
  status: string;
  /** The statement that started it. */
  readonly statement: string;
  /** The session configuration when it was submitted (where `execution.savepoint.path` shows up). */
  readonly configuration: Record<string, string>;
  savepointPath?: string;
  /** Statuses SHOW JOBS shows next, one per listing (after the current one). */
  upcoming?: string[];
}

/** The outcome of one statement. */
export type Outcome =
  | { readonly kind: "ok"; readonly columns: readonly string[]; readonly rows: readonly (readonly unknown[])[]; readonly jobId?: string }
  | { readonly kind: "error"; readonly trace: string };

/** Stack trace text as the gateway prints it for a failed operation. */
export function serverTrace(rootClass: string, message: string): string {
  return [
    "org.apache.flink.table.gateway.api.utils.SqlGatewayException: org.apache.flink.table.gateway.api.utils.SqlGatewayException: Failed to fetchResults.",
    "\tat org.apache.flink.table.gateway.rest.handler.statement.FetchResultsHandler.handleRequest(FetchResultsHandler.java:91)",
    "Caused by: org.apache.flink.table.gateway.service.utils.SqlExecutionException: Failed to execute the operation 6a3f.",
    "\tat org.apache.flink.table.gateway.service.operation.OperationManager$Operation.processThrowable(OperationManager.java:414)",
    `Caused by: ${rootClass}: ${message}`,
    "\tat org.apache.flink.table.planner.delegation.ParserImpl.parse(ParserImpl.java:102)",
    "\t... 12 more",
  ].join("\n");
}

const ok = (columns: string[] = ["result"], rows: unknown[][] = [["OK"]]): Outcome => ({ kind: "ok", columns, rows });

/** The fake cluster behind the gateway: jobs and statement semantics. */
export class FakeCluster {
  readonly jobs = new Map<string, FakeJob>();
  private counter = 0;
  private savepoints = 0;

  /**
   * How the next submitted jobs start, one list per job: the statuses successive SHOW JOBS show
   * (e.g. INITIALIZING then FAILED for a restore that fails). A job without one is RUNNING at once.
   */
  readonly startSequences: string[][] = [];
  /**
   * Restores that fail, by savepoint path: the INSERT restored from one ends in ERROR with this
   * root cause, as the default scheduler's JobInitializationException reaches the gateway.
   */
  readonly failingRestores = new Map<string, string>();

  constructor(private readonly flinkMinor: () => { major: number; minor: number }) {}

  /** Deterministic ids: 32 hex digits. */
  nextJobId(): string {
    this.counter++;
    return `${"f".repeat(24)}${this.counter.toString(16).padStart(8, "0")}`;
  }

  /** Adds a job as if started elsewhere. */
  addJob(job: Partial<FakeJob> & { jobId?: string }): FakeJob {
    const j: FakeJob = { jobId: job.jobId ?? this.nextJobId(), name: job.name ?? "insert-into_default", status: job.status ?? "RUNNING", statement: job.statement ?? "", configuration: job.configuration ?? {} };
    this.jobs.set(j.jobId, j);
    return j;
  }

  private atLeast(major: number, minor: number): boolean {
    const v = this.flinkMinor();
    return v.major > major || (v.major === major && v.minor >= minor);
  }

  /** Runs one statement in a session whose configuration is `config` (SET changes it). */
  run(statement: string, config: Record<string, string>): Outcome {
    const s = statement.trim();
    const set = /^SET\s+'([^']*)'\s*=\s*'((?:[^']|'')*)'$/i.exec(s);
    if (set) {
      config[set[1]!] = set[2]!.replace(/''/g, "'");
      return ok();
    }
    if (/^(CREATE|USE|DROP|ALTER|ADD JAR|LOAD)\b/i.test(s)) return ok();
    if (/^(INSERT|EXECUTE\s+STATEMENT\s+SET)\b/i.test(s)) {
      if (/;\s*\S/.test(s.replace(/'(?:[^']|'')*'/g, "''")) && !/^EXECUTE/i.test(s)) {
        return { kind: "error", trace: serverTrace("org.apache.flink.table.api.SqlParserException", "only single statement supported") };
      }
      const restoring = config["execution.state-recovery.path"] ?? config["execution.savepoint.path"];
      const restoreFailure = restoring === undefined ? undefined : this.failingRestores.get(restoring);
      if (restoreFailure !== undefined) {
        return { kind: "error", trace: serverTrace("org.apache.flink.runtime.client.JobInitializationException", `Could not start the JobMaster.\nCaused by: ${restoreFailure}`) };
      }
      const jobId = this.nextJobId();
      const [first, ...upcoming] = this.startSequences.shift() ?? ["RUNNING"];
      this.jobs.set(jobId, { jobId, name: config["pipeline.name"] ?? "insert-into_default", status: first!, statement: s, configuration: { ...config }, upcoming });
      return { kind: "ok", columns: ["job id"], rows: [[jobId]], jobId };
    }
    if (/^SHOW\s+JOBS$/i.test(s)) {
      if (!this.atLeast(1, 17)) return { kind: "error", trace: serverTrace("org.apache.flink.table.api.SqlParserException", 'SQL parse failed. Encountered "JOBS" at line 1, column 6.') };
      const rows = [...this.jobs.values()].map((j) => [j.jobId, j.name, j.status, "2026-01-01 00:00:00.000"]);
      for (const j of this.jobs.values()) if (j.upcoming !== undefined && j.upcoming.length > 0) j.status = j.upcoming.shift()!;
      return { kind: "ok", columns: ["job id", "job name", "status", "start time"], rows };
    }
    const stop = /^STOP\s+JOB\s+'([^']*)'(\s+WITH\s+SAVEPOINT)?(\s+WITH\s+DRAIN)?$/i.exec(s);
    if (stop) return this.stop(stop[1]!, stop[2] !== undefined, stop[3] !== undefined, config);
    return { kind: "error", trace: serverTrace("org.apache.flink.table.api.SqlParserException", `SQL parse failed. Non-query expression encountered in illegal context: ${s.slice(0, 20)}`) };
  }

  private stop(jobId: string, savepoint: boolean, drain: boolean, config: Record<string, string>): Outcome {
    if (!this.atLeast(1, 17)) return { kind: "error", trace: serverTrace("org.apache.flink.table.api.SqlParserException", 'SQL parse failed. Encountered "STOP" at line 1, column 1.') };
    const job = this.jobs.get(jobId);
    if (!job || job.status !== "RUNNING") {
      const cause = `Could not stop job ${jobId} ${savepoint ? "with savepoint" : ""} for operation 6a3f.\nCaused by: org.apache.flink.runtime.messages.FlinkJobNotFoundException: Could not find Flink job (${jobId})`;
      return { kind: "error", trace: serverTrace("org.apache.flink.table.gateway.service.utils.SqlExecutionException", cause) };
    }
    if (!savepoint) {
      job.status = "CANCELED";
      return ok();
    }
    const newKey = "execution.checkpointing.savepoint-dir";
    const dir = config[newKey] !== undefined && this.atLeast(1, 20) ? config[newKey] : config["state.savepoints.dir"];
    if (dir === undefined) {
      return {
        kind: "error",
        trace: serverTrace("java.lang.IllegalStateException", `No savepoint directory configured. You can either specify a directory while cancelling via -s :targetDirectory or configure a cluster-wide default via key '${this.atLeast(1, 20) ? newKey : "state.savepoints.dir"}'.`),
      };
    }
    this.savepoints++;
    job.status = "FINISHED";
    job.savepointPath = `${dir}/savepoint-${jobId.slice(-6)}-${drain ? "drained" : "sp"}${this.savepoints}`;
    return { kind: "ok", columns: ["savepoint path"], rows: [[job.savepointPath]] };
  }
}
