/**
 * The Kubernetes checks' findings (validate.ts), kept per content of what they read: a stack builds
 * its jobs from one loop, and every job's `kubernetes` arg is usually the same image, resources
 * and flinkConfiguration, checked again for each job with the same result (BENCHMARKS.md session 25,
 * "Other per-job work on identical inputs", left it for want of a content key).
 *
 * Keyed by CONTENT, never by object identity (a program may mutate its `kubernetes` object between
 * two jobs): `kubernetesChecksKey` writes out every value of the arg (nested ones too, keys in
 * their order, an undefined value, a hole, -0 and NaN told apart) and every job fact the checks
 * read (own enumerable props only: an arg with a non-enumerable own prop anywhere is not memoized,
 * visibleKeys). A fact that differs per job is left out only where the checks provably do not read it:
 * - `jobName`: read for the derived FlinkDeployment name, which is always a valid one (naming.ts
 *   deriveDeploymentName); the key still holds the name when the derived one would be invalid.
 * - `streamingIcebergReads`, `statelessRestartReads`, `uncommittedGroupReads` (their labels name the
 *   job's tables): read only with upgradeMode "stateless", so left out when the arg says
 *   "savepoint" or "last-state".
 * - `addedConnectors` (labels too): read only when there are some and the image is of an official
 *   Flink repository (connector-jars.ts), so left out for a plain image of another repository.
 * - `statements` and the script's size: not part of the memoized checks (validate.ts runs them
 *   after the replay, where they came last).
 * - `scriptText`: read only when it holds "env:" (env-references.ts); such a job is not memoized.
 * Not memoized either: an arg holding anything but plain data (an Output or a Promise, a class
 * instance) below its top level, which the checks may read in ways a key cannot capture; a
 * top-level Output or Promise `image`, or a class-instance `provider`, is written as its kind,
 * the only thing the checks read of it. A collector that holds errors already is not memoized
 * (some checks skip a path that has an error).
 *
 * The last key is kept with a copy of the plain content it was written from (arg and facts): the
 * next call whose content is equal, compared value by value as the text would tell them apart
 * (sameContent), gets that key without writing it again; any other content is written out.
 *
 * The key of the last call is also lent to the job's manifests (lastChecksKey), whose parts that
 * no job name or script decides are kept under it (manifest-parts.ts): it covers what they read.
 *
 * What is kept: the errors and warnings the checks recorded (paths relative to the job's args),
 * frozen, and the checks' return value (a string or undefined); a hit records copies of them into
 * the caller's collector, in the order the checks recorded them, as a run would. Bounded to
 * MEMO_ENTRIES keys (cleared past it: bounded-memo.ts): Automation API programs run long.
 */
import * as pulumi from "@pulumi/pulumi";
import { BoundedMemo } from "../../validation/bounded-memo.js";
import { contentText, MAX_DEPTH, visibleKeys } from "../../validation/content-text.js";
import { Diagnostics } from "../../validation/diagnostics.js";
import type { ValidationIssue } from "../../validation/error.js";
import { isDeferred } from "../../validation/deferred.js";
import type { KubernetesJobFacts } from "./args.js";
import { isOfficialFlinkRepository, parseImageReference } from "./image-version.js";
import { DEPLOYMENT_NAME_PATTERN, deriveDeploymentName } from "./naming.js";

/** A copy of `value`, for which contentText gave a text: arrays with their holes, objects with their prototype (Object.prototype or null) and own enumerable props. */
function plainCopy(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) if (i in value) copy[i] = plainCopy(value[i]);
    return copy;
  }
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, { value: plainCopy((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Whether `value` has the content of `copy` (a plainCopy): contentText would give both one text. */
function sameContent(value: unknown, copy: unknown, depth: number): boolean {
  if (typeof value !== "object" || value === null || typeof copy !== "object" || copy === null) return Object.is(value, copy);
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(copy) || Object.getPrototypeOf(value) !== Array.prototype || value.length !== copy.length) return false;
    for (let i = 0; i < value.length; i++) {
      const has = i in value;
      if (has !== i in copy || (has && !sameContent(value[i], copy[i], depth + 1))) return false;
    }
    return true;
  }
  if (Array.isArray(copy) || Object.getPrototypeOf(value) !== Object.getPrototypeOf(copy)) return false;
  const keys = visibleKeys(value);
  const copyKeys = Object.keys(copy);
  if (keys === undefined || keys.length !== copyKeys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key !== copyKeys[i] || !sameContent((value as Record<string, unknown>)[key], (copy as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** A top-level `image` or `provider` that is no plain data: its kind, as the checks tell it (validate.ts, arg-types.ts); undefined for anything else. */
function deferredKind(key: string, value: unknown): string | undefined {
  if (key === "image") return pulumi.Output.isInstance(value) ? "<output>" : value instanceof Promise ? "<promise>" : undefined;
  if (key === "provider" && typeof value === "object" && value !== null && !Array.isArray(value)) return isDeferred(value) ? "<deferred resource>" : "<resource>";
  return undefined;
}

/** Whether the last argsText wrote a top-level value as its kind (deferredKind). */
let argsWithKinds = false;

/** The arg's content: contentText, with a top-level Output/Promise image or a resource provider written as its kind (then sets argsWithKinds). */
function argsText(given: object): string | undefined {
  argsWithKinds = false;
  const proto = Object.getPrototypeOf(given) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const keys = visibleKeys(given);
  if (keys === undefined) return undefined;
  let out = proto === null ? "{0" : "{";
  for (const key of keys) {
    const value = (given as Record<string, unknown>)[key];
    let item = contentText(value, 1);
    if (item === undefined) {
      item = deferredKind(key, value);
      if (item === undefined) return undefined;
      argsWithKinds = true;
    }
    out += `${JSON.stringify(key)}:${item},`;
  }
  return `${out}}`;
}

/** The last image text isOfficialRepositoryImage read, and its verdict: a stack's jobs share their image. */
let lastImage: string | undefined;
let lastImageOfficial = false;

/** Whether `image` names an official Flink repository (image-version.ts), the one input of the connector check besides the job's tables. */
function isOfficialRepositoryImage(image: string): boolean {
  if (image !== lastImage) {
    lastImageOfficial = isOfficialFlinkRepository(parseImageReference(image).repository);
    lastImage = image;
  }
  return lastImageOfficial;
}

/**
 * How the key covers each job fact (the module's comment): a fact added to KubernetesJobFacts
 * fails the type check here until it is placed, so no fact a check reads is missing from the key.
 */
const FACTS_IN_KEY = {
  jobName: "when the derived deployment name is invalid",
  runtimeMode: "key",
  bounded: "key",
  parallelism: "key",
  flinkConfiguration: "key",
  needsFormatV3: "key",
  streamingIcebergReads: "unless upgradeMode is savepoint or last-state",
  statelessRestartReads: "unless upgradeMode is savepoint or last-state",
  uncommittedGroupReads: "unless upgradeMode is savepoint or last-state",
  addedConnectors: "when the image is of an official Flink repository",
  statements: "checked per job, outside the memo",
  scriptText: "whether it is given; a script with env: is not memoized",
} as const satisfies Record<keyof KubernetesJobFacts, string>;
void FACTS_IN_KEY;

/**
 * The memo key of the Kubernetes checks of `given` (a non-null, non-array object) against `job`:
 * every value they read (see the module's comment), or undefined when the call is not memoized.
 */
export function kubernetesChecksKey(given: object, job: KubernetesJobFacts): string | undefined {
  const key = contentKey(given, job);
  keyedArgs = key === undefined ? undefined : given;
  keyedJob = key === undefined ? undefined : job;
  keyedKey = key;
  return key;
}

/** kubernetesChecksKey's key, without recording it for lastChecksKey. */
function contentKey(given: object, job: KubernetesJobFacts): string | undefined {
  const script = job.scriptText;
  if (script !== undefined && script.includes("env:")) return undefined;
  // The last key's arg, when this one has its content: its text is not written again.
  const sameArgs = last !== undefined && sameContent(given, last.args, 0);
  const args = sameArgs ? last!.argsText : argsText(given);
  if (args === undefined) return undefined;
  const g = given as { name?: unknown; upgradeMode?: unknown; image?: unknown };
  const upgradeMode = g.upgradeMode;
  const readsRestarts = upgradeMode !== "savepoint" && upgradeMode !== "last-state";
  const image = g.image;
  const connectors = job.addedConnectors;
  const readsConnectors = connectors !== undefined && connectors.length > 0 && (typeof image !== "string" || isOfficialRepositoryImage(image));
  let name = "";
  if (typeof g.name !== "string" && !DEPLOYMENT_NAME_PATTERN.test(deriveDeploymentName(job.jobName))) name = JSON.stringify(job.jobName);
  const read = [
    job.runtimeMode,
    job.bounded,
    job.parallelism,
    job.flinkConfiguration,
    job.needsFormatV3,
    script === undefined,
    readsRestarts ? [job.streamingIcebergReads, job.statelessRestartReads, job.uncommittedGroupReads] : "-",
    readsConnectors ? connectors : "-",
  ];
  // The same content as the last key's: that key, the same string (whose hash the memo's map keeps).
  if (sameArgs && sameContent(read, last!.facts, 0) && name === last!.name) return last!.key;
  const facts = contentText(read, 0);
  if (facts === undefined) return undefined;
  const key = `${args}|${facts}|${name}`;
  // Kept only for a wholly plain arg (a top-level Output image or resource provider is written as its kind, not copied).
  last = sameArgs || !argsWithKinds ? { args: sameArgs ? last!.args : plainCopy(given), argsText: args, facts: plainCopy(read), name, key } : undefined;
  return key;
}

/** The arg and facts objects of the last key kubernetesChecksKey wrote (lastChecksKey), and that key. */
let keyedArgs: object | undefined;
let keyedJob: KubernetesJobFacts | undefined;
let keyedKey: string | undefined;

/**
 * The key kubernetesChecksKey wrote for `given` and `job` when it was its last call (undefined
 * otherwise, and when it wrote none). The FlinkSqlJob's validation (job-targets.ts validateTarget)
 * writes it, and the same constructor then builds the job's manifests from the same two objects
 * (deploy.ts plainCheckedManifests) with no program code run in between (but a getter of the arg
 * itself, read again as a fresh build would read it), so the key holds the content of everything
 * the manifests' shared parts read (manifest-parts.ts sharedManifestParts). Identity only links
 * the two calls of one constructor; the key itself is content. Another call in between, or other
 * objects, get undefined (a fresh build).
 */
export function lastChecksKey(given: object, job: KubernetesJobFacts): string | undefined {
  return given === keyedArgs && job === keyedJob ? keyedKey : undefined;
}

/** The last key kubernetesChecksKey wrote, with copies of the content it was written from. */
let last: { readonly args: unknown; readonly argsText: string; readonly facts: unknown; readonly name: string; readonly key: string } | undefined;

interface Findings<T> {
  readonly errors: readonly ValidationIssue[];
  readonly warnings: readonly ValidationIssue[];
  readonly value: T;
}

const findingsByKey = new BoundedMemo<string, Findings<unknown>>();

/** Records `found`'s issues into `diag`, as the checks recorded them (paths are relative to `diag`). */
function replay(found: Findings<unknown>, diag: Diagnostics): void {
  for (const e of found.errors) diag.error(e.path, e.message);
  for (const w of found.warnings) diag.warn(w.path, w.message);
}

/**
 * Runs `checks` into `diag`, or, for a `key` seen before, records what they recorded then and
 * returns what they returned. `checks` must be a pure function of what `key` captures, and return
 * a primitive (it is shared by every hit). With no key, or errors in `diag` already, runs them.
 */
export function memoizedChecks<T extends string | undefined>(key: string | undefined, diag: Diagnostics, checks: (d: Diagnostics) => T): T {
  if (key === undefined || diag.errors.length > 0) return checks(diag);
  let found = findingsByKey.get(key) as Findings<T> | undefined;
  if (found === undefined) {
    const recorder = new Diagnostics();
    const value = checks(recorder);
    // Errors and warnings interleave only within each list: keeping both lists keeps every order a run gives.
    found = Object.freeze({ errors: Object.freeze(recorder.errors.map((i) => Object.freeze({ ...i }))), warnings: Object.freeze(recorder.warnings.map((i) => Object.freeze({ ...i }))), value });
    findingsByKey.remember(key, found);
  }
  replay(found, diag);
  return found.value;
}

/** For tests: how many keys are kept, and a way to start empty. */
export const kubernetesChecksMemo = {
  get size(): number {
    return findingsByKey.size;
  },
  clear(): void {
    findingsByKey.clear();
    last = undefined;
    lastImage = undefined;
    lastImageOfficial = false;
    argsWithKinds = false;
    keyedArgs = keyedJob = keyedKey = undefined;
  },
};
