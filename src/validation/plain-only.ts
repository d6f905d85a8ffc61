/**
 * Pulumi Outputs where a prop takes a plain value only. A program passes one naturally (a
 * namespace from a Namespace resource, a Secret's generated name, a checkpoint directory built
 * with pulumi.interpolate from a bucket), and the prop's own checks would then read the Output
 * object: messages quoting Pulumi's "Calling [toJSON] on an [Output<T>]" text, or a crash. This
 * walk finds them first, so each is reported once at its prop path with what to write instead
 * (DESIGN.md: Inputs that may be unknown at preview are the ones the args declare as Inputs).
 */
import { isDeferred } from "./deferred.js";
import type { Diagnostics } from "./diagnostics.js";
import type { ValidationIssue } from "./error.js";

/**
 * Where the args take values known only later, and which args are free-form maps. Patterns are
 * prop paths in which `[*]` stands for any map key or array index, e.g. `options[*]`.
 */
export interface DeferredProps {
  /** Paths that take an Output or a Promise (checked when known, or reported by the prop's own checks). */
  readonly accepts: readonly string[];
  /** Paths of free-form maps: their keys are written `["key"]` in prop paths, as the other checks write them. */
  readonly maps: readonly string[];
}

/** The args of IcebergSource and IcebergSink that take Outputs (the watermark's are reported by deferredWatermarkProblem), and their free-form maps. */
export const ICEBERG_TABLE_DEFERRED: DeferredProps = {
  accepts: ["catalog.uri", "catalog.warehouse", "catalog.properties[*]", "extraOptions[*]", "watermark", "watermark.column", "watermark.expression"],
  maps: ["catalog.properties", "extraOptions"],
};

/** The args of FlinkTable that take Outputs (option values; a whole options Output has its own message), and its free-form map. */
export const FLINK_TABLE_DEFERRED: DeferredProps = { accepts: ["options", "options[*]"], maps: ["options"] };

/** The args of FlinkSqlJob that take Outputs (or report them with messages of their own), and its free-form maps. */
export const FLINK_SQL_JOB_DEFERRED: DeferredProps = {
  accepts: [
    "statements[*]",
    "configuration[*]",
    "kubernetes.flinkConfiguration[*]",
    "kubernetes.env[*]",
    "kubernetes.image",
    "sqlGateway.endpoint",
    "sqlGateway.sessionProperties",
    "sqlGateway.sessionProperties[*]",
    "sqlGateway.headers",
    "sqlGateway.headers[*]",
  ],
  maps: ["configuration", "kubernetes.flinkConfiguration", "kubernetes.env", "kubernetes.envFromSecrets", "sqlGateway.sessionProperties", "sqlGateway.headers"],
};

/** The props that do take Outputs, named in the message. */
const TAKES_OUTPUTS =
  "catalog.uri and catalog.warehouse of an Iceberg table, FlinkTable option values (but connector, format and what decides the plan), " +
  "values interpolated in sql`...` (with sqlLiteral for a quoted value), kubernetes.image, and sqlGateway.endpoint, sessionProperties and headers";

/** The message for an Output (or Promise) at a prop that takes a plain value only. */
export function plainOnlyMessage(): string {
  return (
    "is a Pulumi Output, but this prop takes a plain value: preview checks it, and renders it into the script or the manifests, before other resources exist. " +
    "Write the value itself: a fixed name that you also give the resource it comes from (ordered with dependsOn), or one from stack configuration " +
    `(new pulumi.Config().require(...)). The props that take Outputs are ${TAKES_OUTPUTS}`
  );
}

/** The message for a further Output at a plain-only prop, after the one at `first` explained it. */
export function plainOnlyAgainMessage(first: string): string {
  return `is a Pulumi Output too, but this prop takes a plain value: write the value itself (see ${first} for why, and which props take Outputs)`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** What deferredInPlainProps found, and the args to check instead. */
export interface DeferredInPlainProps<T> {
  /** The prop paths (e.g. `kubernetes.namespace`, `kubernetes.envFromSecrets["S3_KEY"].secretName`, `columns[0].name`), in the order of the args. */
  readonly paths: string[];
  /** `args` itself when nothing was found; else a copy with each of those values unset, for the prop's other checks. */
  readonly args: T;
}

/**
 * A walk of holdsDeferred. Args are shallow trees: objects down to TRACKED_DEPTH are not recorded
 * (no Set per walk, no entry per column object; a value reached twice is read twice, with the same
 * answer). Deeper objects are recorded, and so is every object once the walk has visited
 * VISIT_BUDGET of them, so a cyclic or widely shared value is still read once per object and ends.
 */
interface DeferredWalk {
  seen: Set<object> | undefined;
  visits: number;
}
const TRACKED_DEPTH = 8;
const VISIT_BUDGET = 4096;

/** Whether an Output or a Promise is anywhere in `value`'s arrays and plain objects (args may be cyclic: see DeferredWalk). */
function holdsDeferred(value: unknown, walk: DeferredWalk = { seen: undefined, visits: 0 }, depth = 0): boolean {
  // A primitive or a function is never deferred (isDeferred reads objects only): most values are strings, tested first.
  if (typeof value !== "object" || value === null) return false;
  if (isDeferred(value)) return true;
  if (depth >= TRACKED_DEPTH || ++walk.visits > VISIT_BUDGET) {
    walk.seen ??= new Set();
    if (walk.seen.has(value)) return false;
    walk.seen.add(value);
  }
  if (Array.isArray(value)) {
    for (const v of value) if (holdsDeferred(v, walk, depth + 1)) return true;
    return false;
  }
  if (!isPlainObject(value)) return false;
  for (const key in value) if (holdsDeferred(value[key], walk, depth + 1)) return true;
  return false;
}

/**
 * Finds the Outputs and Promises in `args` that `props.accepts` does not allow. Only arrays and
 * plain objects are walked (a provider, a DataType, a sql`...` statement are values of their own).
 */
export function deferredInPlainProps<T>(args: T, props: DeferredProps): DeferredInPlainProps<T> {
  const paths: string[] = [];
  // Most args hold no Output at all: then nothing is copied and no path is built.
  if (!holdsDeferred(args)) return { paths, args };
  const accepts = new Set(props.accepts);
  const maps = new Set(props.maps);
  const visiting = new Set<object>();
  const visit = (value: unknown, path: string, pattern: string): unknown => {
    // A cycle is left as it is (the other checks report the prop it sits in).
    if (typeof value === "object" && value !== null && visiting.has(value)) return value;
    if (isDeferred(value)) {
      if (accepts.has(pattern)) return value;
      paths.push(path);
      return undefined;
    }
    if (accepts.has(pattern)) return value;
    if (Array.isArray(value)) {
      visiting.add(value);
      const items = value.map((item, i) => visit(item, `${path}[${i}]`, `${pattern}[*]`));
      visiting.delete(value);
      return items;
    }
    if (!isPlainObject(value)) return value;
    visiting.add(value);
    const isMap = maps.has(pattern);
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      copy[key] = isMap
        ? visit(value[key], `${path}[${JSON.stringify(key)}]`, `${pattern}[*]`)
        : visit(value[key], path === "" ? key : `${path}.${key}`, pattern === "" ? key : `${pattern}.${key}`);
    }
    visiting.delete(value);
    return copy;
  };
  const cleaned = visit(args, "", "");
  return { paths, args: paths.length === 0 ? args : (cleaned as T) };
}

/**
 * Reports each path of `found` once with plainOnlyMessage, first, in place of what the other checks
 * said because they saw the value unset: an error at that path or below it ("is required"), at the
 * array that holds it (`primaryKey` for `primaryKey[0]`: "must be an array of column names",
 * "needs a primary key"), or asking to set it (`set kubernetes.checkpointDir`).
 */
export function reportDeferredInPlainProps(diag: Diagnostics, found: readonly string[]): void {
  if (found.length === 0) return;
  const arrays = found.map((p) => /^(.+)\[\d+\]$/.exec(p)?.[1]).filter((p): p is string => p !== undefined);
  const names = (message: string, p: string): boolean => new RegExp(`(^|[^\\w.\\[])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w.\\[])`).test(message);
  const shadowed = (e: { path: string; message: string }): boolean =>
    arrays.includes(e.path) || found.some((p) => e.path === p || e.path.startsWith(`${p}.`) || e.path.startsWith(`${p}[`) || names(e.message, p));
  const kept = diag.errors.filter((e) => !shadowed(e));
  diag.errors.length = 0;
  // First: what the other checks say next may follow from the value they saw unset.
  for (const issue of plainOnlyIssues(found)) diag.error(issue.path, issue.message);
  diag.errors.push(...kept);
}

/**
 * The errors reportDeferredInPlainProps reports for `found`: the explanation once, each further
 * path referring to the first. A component's acknowledgedWarnings are matched before that report
 * (its own Outputs are among them), against these errors too.
 */
export function plainOnlyIssues(found: readonly string[]): ValidationIssue[] {
  return found.map((p, i) => ({ path: p, message: i === 0 ? plainOnlyMessage() : plainOnlyAgainMessage(found[0]!) }));
}
