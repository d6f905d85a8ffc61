/**
 * `flink-iceberg synth`: runs a program offline and writes, per FlinkSqlJob,
 * `<out>/<job>/job.sql`, `<out>/<job>/manifests.yaml` (multi-document YAML, as `kubectl apply -f`
 * takes it), `<out>/<job>/iceberg-schemas.json`, `<out>/<job>/iceberg-partition-specs.json` and, for the SQL Gateway target,
 * `<out>/<job>/sql-gateway.yaml` (what is submitted, secrets redacted), like `cdk synth`. Nothing is written unless
 * every job rendered: invalid props or a failed Output leave the output folder untouched.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { stringify as toYaml } from "yaml";
import { collectedErrors } from "../components/collect.js";
import { lateWarnings } from "../components/late-warnings.js";
import { registry, v1DeletesReported, type RegisteredJob } from "../components/job-registry.js";
import { isV1KeyedSinkWarning } from "../components/iceberg-table-component.js";
import { SECRET_PLACEHOLDER } from "../components/job-targets.js";
import type { TableDefinition } from "../components/table-definition.js";
import { formatIssue, isValidationError, resourceLabel } from "../validation/error.js";
import type { SynthOptions } from "./args.js";
import { resolveProject, stackFileKeys, stackFiles } from "./project.js";
import { wasRead, type ConfigReads } from "./config-reads.js";
import { PACKAGE_ROOT } from "./package-paths.js";
import { runProgram } from "./run-program.js";
import { statementSecretFailures } from "../components/statement-secrets.js";
import { unreferencedTableErrors } from "../components/unreferenced-tables.js";
import { jobCheckpointInterval } from "../deploy/kubernetes/operator-checkpoints.js";


/** Marks an output folder as synth's own. */
export const OUT_MARKER = ".flink-iceberg-synth";

export interface SynthJobResult {
  name: string;
  dir: string;
  tables: string[];
  sinks: string[];
  runtimeMode: string;
  checkpointInterval: string;
  target: string;
  warnings: string[];
}

export interface SynthResult {
  outDir: string;
  jobs: SynthJobResult[];
  /** Warnings about the program as a whole, e.g. a table no job uses. */
  warnings: string[];
  /** What synth itself could not do as `pulumi up` would, e.g. decrypt `secure:` config values. */
  notes: string[];
  /** The resources with warnings their acknowledgedWarnings name (not in `warnings`, not counted), and how many. */
  acknowledged?: { resource: string; count: number }[];
}

/** An error for the CLI to print; `lines` are printed one per line, exit code 1. */
export class SynthError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
  }
}

async function reveal<T>(o: pulumi.Output<T> | undefined, showSecrets: boolean): Promise<T | string | undefined> {
  if (o === undefined) return undefined;
  const internal = o as unknown as { promise(): Promise<T>; isSecret: Promise<boolean> };
  const [value, secret] = await Promise.all([internal.promise(), internal.isSecret]);
  return secret && !showSecrets ? SECRET_PLACEHOLDER : value;
}

/** The described failures, each line once (a table's rejection also fails the script of every job that uses it). */
function unique(failures: readonly unknown[]): string[] {
  return [...new Set(failures.flatMap(describeFailure))];
}

/**
 * What the tables' DDL Outputs reject with, each awaited on its own (a job's script fails with the
 * first table it meets): e.g. a Pulumi secret in a WITH clause option or a catalog property.
 */
async function tableFailures(tables: readonly TableDefinition[]): Promise<unknown[]> {
  const settled = await Promise.allSettled(tables.map((t) => (pulumi.Output.isInstance(t.ddl) ? (t.ddl as unknown as { promise(): Promise<string> }).promise() : undefined)));
  return settled.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
}

function describeFailure(e: unknown): string[] {
  if (isValidationError(e)) {
    // A `sql` / `sqlLiteral` call of the program throws (resources are collected and name themselves): say where it is.
    const at = /^sql(?:`|Literal)/.test(e.resource ?? "") ? programFrame(e.stack) : undefined;
    return e.issues.map((i) => `  ${formatIssue(e.resource, i)}${at ? ` (at ${at})` : ""}`);
  }
  // A program may throw anything: a non-Error is shown as JSON (`throw { code: 42 }` is no "[object Object]").
  const msg = e instanceof Error ? e.message : typeof e === "string" ? e : `the program threw ${thrownValue(e)}, not an Error`;
  const at = e instanceof Error ? programFrame(e.stack) : undefined;
  return [`  ${msg.replace(/^(?:error serializing property "[^"]*": )+/, "")}${at ? ` (at ${at})` : ""}`];
}

/** A thrown non-Error value as JSON where it has one (`null`, `{"code":42}`), else as String() gives it. */
function thrownValue(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Where in the user's program an error was thrown: the first stack frame outside node_modules, Node's internals and this package. */
function programFrame(stack: string | undefined): string | undefined {
  // The package's own code: dist/, and src/ where source maps name the frames after it.
  const root = PACKAGE_ROOT;
  const own = [path.join(root, "dist") + path.sep, path.join(root, "src") + path.sep];
  for (const line of (stack ?? "").split("\n").slice(1)) {
    // Node's own modules (`node:internal/...`) are no file of the program.
    if (/(?:^at |\(|\s)node:/.test(line.trim())) continue;
    const m = /\(?((?:file:\/\/)?\/[^()]*?):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!m) continue;
    const file = m[1]!.replace(/^file:\/\//, "");
    if (file.includes(`${path.sep}node_modules${path.sep}`) || own.some((o) => file.startsWith(o))) continue;
    return `${path.relative(process.cwd(), file)}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

const MARKER_HEADER = "written by flink-iceberg synth; the next synth into this folder removes the job folders listed below (and nothing else)";

/**
 * The job folders the marker at `markerPath` lists (none when there is no marker, or one without a
 * list): only plain folder names synth itself produces, never a path.
 */
function createdBefore(markerPath: string): string[] {
  if (!fs.existsSync(markerPath)) return [];
  const [header, ...names] = fs.readFileSync(markerPath, "utf8").split("\n");
  if (header !== MARKER_HEADER) return [];
  return names.filter((n) => n !== "" && n === safeDirName(n) && n !== "." && n !== "..");
}

function safeDirName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "_");
  return cleaned === "" ? "_" : cleaned;
}

interface RenderedJob {
  job: RegisteredJob;
  script: string;
  manifests: string;
  schemas: string;
  /** iceberg-partition-specs.json. */
  partitionSpecs: string;
  /** sql-gateway.yaml: the submission (sqlGateway target only). */
  gateway?: string;
}

async function renderJob(job: RegisteredJob, showSecrets: boolean): Promise<RenderedJob> {
  const [script, manifests, schemas, gateway] = await Promise.all([
    reveal(job.script, showSecrets),
    showSecrets ? reveal(job.manifests?.(), true) : reveal(job.manifestsRedacted?.(), false),
    job.icebergSchemas,
    reveal(job.gatewaySubmission?.(showSecrets), showSecrets),
  ]);
  const docs = Array.isArray(manifests) ? manifests : [];
  const noObjects = job.target === "sql-gateway" ? "this job runs on a SQL Gateway (see sql-gateway.yaml)" : "this job has no kubernetes target";
  const manifestText = docs.length === 0 ? `# no Kubernetes objects: ${noObjects}\n` : docs.map((d) => toYaml(d, { lineWidth: 0 })).join("---\n");
  return {
    job,
    script: String(script),
    manifests: manifestText,
    schemas: JSON.stringify(schemas ?? {}, null, 2) + "\n",
    partitionSpecs: JSON.stringify(job.icebergPartitionSpecs, null, 2) + "\n",
    ...(gateway !== undefined ? { gateway: `# what flink-iceberg submits to the SQL Gateway (${showSecrets ? "secret values shown: --show-secrets" : "secret values written as [secret]"}); the session opens with\n# the job's configuration, then sessionProperties, and the script (job.sql) runs in it\n${toYaml(gateway, { lineWidth: 0 })}` } : {}),
  };
}

/** A table's warnings as synth prints them (a keyed v1 sink's warning about delete files not when a job reported the same: iceberg-table-component.ts logWarnings). */
function tableWarnings(t: TableDefinition): string[] {
  const reported = v1DeletesReported(t.label);
  return t.warnings.filter((w) => !(reported && isV1KeyedSinkWarning(w))).map((w) => formatIssue(t.label, w));
}

/** A job's own warnings as synth prints them. */
function jobWarnings(j: RegisteredJob): string[] {
  const label = resourceLabel("FlinkSqlJob", j.name);
  return [...j.warnings.map((w) => `${label}: ${w}`), ...lateWarnings().filter((w) => w.label === label).map((w) => w.text)];
}

/** The warnings of every table and job the program registered, each once. */
function programWarnings(): string[] {
  const r = registry();
  return [...new Set([...r.tables.flatMap(tableWarnings), ...r.jobs.flatMap(jobWarnings), ...lateWarnings().map((w) => w.text)])];
}

/**
 * For Pulumi's "Missing required configuration variable" (its message says `pulumi config set`,
 * a CLI synth does without): where synth reads config, and the stacks it could have meant.
 */
function missingConfigHint(e: unknown, dir: string, project: string, stack: string): string[] {
  const m = /Missing required configuration variable '([^']+)'/.exec(e instanceof Error ? e.message : String(e));
  if (m === null) return [];
  const files = stackFiles(dir);
  const own = `Pulumi.${stack}.yaml`;
  const others = files.filter((f) => f !== own);
  const stackNote = files.includes(own) ? own : `${own}, which does not exist${others.length > 0 ? ` (stack files: ${others.join(", ")})` : ""}`;
  // Only stacks whose file sets the key.
  const setting = others.filter((f) => stackFileKeys(path.join(dir, f), project).includes(m[1]!)).map((f) => f.replace(/^Pulumi\.(.*)\.yaml$/, "$1"));
  return [
    `  synth ran as stack "${stack}" and reads config from ${stackNote} and --config: pass --config ${m[1]}=<value>${setting.length > 0 ? ` or --stack ${setting.join(" / ")} (which set${setting.length === 1 ? "s" : ""} it)` : ""}`,
  ];
}

/** Runs synth; throws SynthError for everything the user must fix. */
export async function synth(opts: SynthOptions): Promise<SynthResult> {
  // The program's rejected Outputs were reported as unhandled while it ran (runProgram collects
  // them); awaiting them afterwards, to report each, is expected here and no reason for Node's
  // PromiseRejectionHandledWarning.
  const handledLate = (): void => {};
  process.on("rejectionHandled", handledLate);
  try {
    return await synthProgram(opts);
  } finally {
    process.off("rejectionHandled", handledLate);
  }
}

async function synthProgram(opts: SynthOptions): Promise<SynthResult> {
  let project;
  try {
    project = resolveProject(opts.program, opts.stack, opts.config, opts.stackGiven === true);
  } catch (e) {
    throw new SynthError([e instanceof Error ? e.message : String(e)]);
  }
  const configReads: ConfigReads = { keys: new Set(), all: false };
  // Read once the program has run (or thrown): only the encrypted values it read are worth a note.
  const secureNotes = (): string[] => secureConfigNote(project.config, project.secretKeys, configReads);
  let run;
  // The errors, then the warnings of the resources that were valid (a failed run shows them too).
  const failed = (more: string[]): SynthError =>
    new SynthError([
      `${path.relative(process.cwd(), project.entry)}: the program failed; nothing was written:`,
      ...collectedErrors().flatMap(describeFailure),
      ...more,
      ...programWarnings().map((w) => `warning: ${w}`),
      // What the failed resources' own checks also found (a failed resource registers nothing).
      ...collectedErrors().flatMap((e) => (e.warnings ?? []).map((w) => `warning: ${formatIssue(e.resource, w)}`)),
      ...secureNotes().map((n) => `note: ${n}`),
    ]);
  try {
    run = await runProgram(project, opts.stack, configReads);
  } catch (e) {
    throw failed([...describeFailure(e), ...missingConfigHint(e, project.dir, project.name, opts.stack)]);
  }
  // Every resource with invalid args, in the order the program created them (collect.ts), and
  // what the valid tables' Outputs reject with once known (a Pulumi secret where plain text goes).
  // So are the Pulumi secrets interpolated into any job's statements, valid job or not (statement-secrets.ts).
  const statementSecrets = await statementSecretFailures();
  // So is a FlinkTable without a required option that no job mentions, which no hint can supply (unreferenced-tables.ts).
  const unreferenced = unreferencedTableErrors();
  if (collectedErrors().length > 0 || statementSecrets.length > 0 || unreferenced.length > 0) {
    throw failed(unique([...unreferenced, ...(await tableFailures([...run.tables, ...run.failedTables])), ...statementSecrets]));
  }
  // An Output that failed in a program without jobs is why there is nothing: say that, not only "no FlinkSqlJob".
  if (run.jobs.length === 0 && run.failures.length > 0) throw new SynthError(["the program failed while resolving outputs; nothing was written:", ...unique(run.failures)]);
  if (run.jobs.length === 0) {
    throw new SynthError([`${path.relative(process.cwd(), project.entry)} created no FlinkSqlJob; nothing to synthesize (create one with new FlinkSqlJob(...))`]);
  }
  // Each job and each table on its own: every one that fails is reported, not only the first.
  const [settled, tablesFailed] = await Promise.all([Promise.allSettled(run.jobs.map((j) => renderJob(j, opts.showSecrets))), tableFailures(run.tables)]);
  await new Promise((r) => setTimeout(r, 20));
  const renderFailures = [...tablesFailed, ...settled.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []))];
  if (renderFailures.length > 0) throw new SynthError(["a job failed to render; nothing was written:", ...unique(renderFailures)]);
  const rendered = settled.map((r) => (r as PromiseFulfilledResult<RenderedJob>).value);
  if (run.failures.length > 0) throw new SynthError(["the program failed while resolving outputs; nothing was written:", ...unique(run.failures)]);
  const outDir = path.resolve(opts.out ?? path.join("out", safeDirName(project.outName)));
  const jobs: SynthJobResult[] = [];
  // Whether anything in the output folder changed yet (what a failed write says about it).
  let touched = false;
  try {
    // First, before anything is removed: an --out that is a file, or that cannot be created, fails here.
    fs.mkdirSync(outDir, { recursive: true });
    // The job folders synth created on its last run here (listed in the marker) are removed, so
    // renamed or removed jobs leave nothing stale; nothing else in the folder is ever touched (it may
    // be any folder: --out . in a project must not cost the project).
    const markerPath = path.join(outDir, OUT_MARKER);
    const previous = createdBefore(markerPath);
    touched = previous.length > 0;
    for (const name of previous) fs.rmSync(path.join(outDir, name), { recursive: true, force: true });
    const used = new Set<string>();
    const dirNames = rendered.map((r) => {
      let dirName = safeDirName(r.job.name);
      while (used.has(dirName)) dirName += "_";
      used.add(dirName);
      return dirName;
    });
    // The marker lists the new folders before they are written: one a failed write leaves half done is removed by the next synth.
    const created = dirNames.filter((d) => !fs.existsSync(path.join(outDir, d)));
    fs.writeFileSync(markerPath, [MARKER_HEADER, ...created].join("\n") + "\n");
    touched = true;
    rendered.forEach((r, k) => {
      const dir = path.join(outDir, dirNames[k]!);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "job.sql"), r.script);
      fs.writeFileSync(path.join(dir, "manifests.yaml"), r.manifests);
      fs.writeFileSync(path.join(dir, "iceberg-schemas.json"), r.schemas);
      fs.writeFileSync(path.join(dir, "iceberg-partition-specs.json"), r.partitionSpecs);
      if (r.gateway !== undefined) fs.writeFileSync(path.join(dir, "sql-gateway.yaml"), r.gateway);
      jobs.push({
        name: r.job.name,
        dir,
        tables: r.job.tables.map((t) => t.tableName),
        sinks: r.job.sinks.map((t) => t.tableName),
        runtimeMode: r.job.runtimeMode,
        checkpointInterval: summaryCheckpointInterval(r.job),
        target: r.job.target,
        warnings: [...jobWarnings(r.job), ...r.job.tables.flatMap(tableWarnings)],
      });
    });
  } catch (e) {
    const failure = writeFailure(e, outDir, touched);
    if (failure === undefined) throw e;
    throw new SynthError([failure]);
  }
  // A table no job interpolates renders nowhere: its CREATE TABLE exists only in a job's script.
  const usedTables = new Set(run.jobs.flatMap((j) => j.tables));
  const warnings = run.tables
    .filter((t) => !usedTables.has(t))
    .flatMap((t) => [
      `${t.label}: no FlinkSqlJob uses it, so it deploys nothing (a table is created by the jobs that interpolate it with \${...})`,
      ...tableWarnings(t),
    ]);
  // What a resource outside the jobs logged after construction (a SqlGatewayJob the program created itself).
  const jobLabels = new Set(run.jobs.map((j) => resourceLabel("FlinkSqlJob", j.name)));
  warnings.push(...lateWarnings().filter((w) => !jobLabels.has(w.label)).map((w) => w.text));
  // Acknowledged warnings (acknowledgedWarnings) are neither listed nor counted: only how many each resource has.
  const acknowledged = [
    ...run.tables.flatMap((t) => (t.acknowledged !== undefined ? [{ resource: t.label, count: t.acknowledged }] : [])),
    ...run.jobs.flatMap((j) => (j.acknowledged !== undefined ? [{ resource: resourceLabel("FlinkSqlJob", j.name), count: j.acknowledged }] : [])),
  ];
  return { outDir, jobs, warnings, notes: secureNotes(), ...(acknowledged.length > 0 ? { acknowledged } : {}) };
}

/**
 * The summary's checkpoint column: the job's rendered `execution.checkpointing.interval`; else the
 * interval the Flink Kubernetes Operator gives a streaming last-state job without one, marked
 * `(operator)` as it is in no rendered file (operator-checkpoints.ts); else `-` (a batch job, also
 * one whose configuration sets an interval, or one that does not checkpoint).
 */
export function summaryCheckpointInterval(job: Pick<RegisteredJob, "runtimeMode" | "target" | "upgradeMode" | "checkpointInterval">): string {
  const c = jobCheckpointInterval(job);
  return c === undefined ? "-" : c.byOperator ? `${c.interval} (operator)` : c.interval;
}

/** What a file system error (`code`, `path`) while writing the output means, in one line; undefined for any other error. */
export function writeFailure(e: unknown, outDir: string, touched: boolean): string | undefined {
  const { code, path: at, syscall } = (e ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== "string") return undefined;
  const where = path.relative(process.cwd(), at ?? outDir) || ".";
  // The output folder itself (or a path to it) is --out's; a job folder that is a file in it is the job's.
  const whose = at === undefined || at === outDir ? "--out names the folder synth writes into" : "a job's folder is named after the job";
  const why =
    code === "EEXIST"
      ? `${where} is a file, not a folder (${whose})`
      : code === "ENOTDIR"
        ? `a part of the path ${where} is a file, not a folder (${whose})`
        : code === "EACCES" || code === "EPERM"
          ? `no permission to ${syscall ?? "write"} ${where} (choose another --out, or make the folder writable)`
          : code === "ENOSPC"
            ? `no space left on the device while writing ${where}`
            : code === "EROFS"
              ? `${where} is on a read-only file system (choose another --out)`
              : `${syscall ?? "writing"} ${where} failed: ${code}`;
  const state = touched ? "the output folder now holds part of this run (the next synth that succeeds replaces it)" : "nothing was written";
  return `cannot write the output folder ${path.relative(process.cwd(), outDir) || "."}: ${why}; ${state}`;
}

/**
 * The stack file's encrypted (`secure:`) values still in effect that the program read: synth cannot
 * decrypt them (that needs the stack's secrets provider), so the program got SECRET_PLACEHOLDER.
 * A value the program never read changed nothing, and is not mentioned.
 */
function secureConfigNote(config: Readonly<Record<string, string>>, secretKeys: readonly string[], reads: ConfigReads): string[] {
  const undecrypted = secretKeys.filter((k) => config[k] === SECRET_PLACEHOLDER && wasRead(reads, k));
  if (undecrypted.length === 0) return [];
  return [
    `the stack file's encrypted values (${undecrypted.join(", ")}) cannot be decrypted offline: the program read ${JSON.stringify(SECRET_PLACEHOLDER)} for ${undecrypted.length === 1 ? "it" : "them"}; ` +
      `pass --config ${undecrypted[0]}=<value> to synthesize with a real value`,
  ];
}
