/**
 * Acknowledged warnings: a warning a team has checked and accepted (an upsert key holding a
 * partition column they know never changes, a timestamp partition of a low-volume table) is named
 * in the resource's `acknowledgedWarnings` arg and is then not logged on every preview; it stays
 * readable in the resource's `warnings`, marked acknowledged. As with an eslint-disable comment
 * that must carry a description, the reason is required, and an entry that matches no warning is
 * itself a warning (the warning it was written for is gone, or its path or text is mistyped), so a
 * stale acknowledgement never silences a later warning unnoticed. Errors cannot be acknowledged.
 *
 * Pure: the components call acknowledgeWarnings on their Diagnostics before they report.
 */
import { isDeferred } from "./deferred.js";
import type { Diagnostics } from "./diagnostics.js";
import type { ValidationIssue } from "./error.js";
import { checkKnownKeys } from "./known-keys.js";

/** The arg's name, the same on every component. */
export const ACKNOWLEDGED_WARNINGS_ARG = "acknowledgedWarnings";

/** One entry of a component's `acknowledgedWarnings`: the warning it accepts, and why. */
export interface AcknowledgedWarning {
  /**
   * The prop path of the warning, exactly as logged between the resource and the message:
   * `primaryKey` for `IcebergSink "orders": primaryKey: ...`, `statements[1]` for a job's second
   * statement, `options["csv.field-delimeter"]` for a map key (every map key is logged `["key"]`;
   * one that is a plain name may also be written dotted, `catalog.properties.credential`, as earlier
   * releases logged some), `""` for a warning about the resource as a whole. Required; compared as
   * written otherwise (no wildcards).
   */
  path: string;
  /**
   * A piece of the warning's message (case-sensitive, as logged), for a path with several
   * warnings or to pin the one you checked. Default: unset, every warning at `path`. Not empty.
   */
  contains?: string;
  /**
   * Why the warning is accepted, e.g. `"order_date never changes for an order: set once by the
   * shop"`. Required, not blank: the program keeps the decision next to what it silences.
   */
  reason: string;
}

/** The arg every component takes (IcebergSource, IcebergSink, FlinkTable, FlinkSqlJob). */
export interface AcknowledgesWarnings {
  /**
   * Warnings of this resource that your team has checked and accepts, each
   * `{ path, contains?, reason }`, e.g. on a job `[{ path: "statements[0]", contains: "order_date",
   * reason: "order_date is set once per order and never changes" }]`. Default: none (every warning
   * is logged). A warning an entry names (its prop path exactly as logged, and `contains` in its
   * message) is not logged and not counted by `flink-iceberg synth`; it stays in the resource's
   * `warnings` with `acknowledged: true` and the reason. An entry that names no warning is a warning
   * itself, at `acknowledgedWarnings[i]` (checked when the resource has no errors), as is one that
   * repeats an earlier entry's path and `contains` (the first one's reason is kept); a missing or
   * blank `reason`, a missing `path`, an empty `contains`, an unknown key, and an entry that names an
   * error (errors cannot be acknowledged) are preview errors. Only what the constructor finds can be
   * acknowledged, and a FlinkSqlJob's warnings about a `kubernetes.image` or `sqlGateway.endpoint`
   * given as an Output (matched once its value is known, when an entry naming none is logged as
   * stale), not the SQL Gateway's `gatewayWarnings`. The README's Warnings section says more
   * (src/validation/acknowledged-warnings.ts).
   */
  acknowledgedWarnings?: AcknowledgedWarning[];
}

/** A warning of a component as it reads it back: path and message as logged, and whether an acknowledgement matched it. */
export interface ResourceWarning {
  /** The prop path, relative to the resource's args (`""` for the resource as a whole). */
  readonly path: string;
  /** The message as logged after the path. */
  readonly message: string;
  /** True when an `acknowledgedWarnings` entry matched it: then it is not logged (nor counted by synth). */
  readonly acknowledged: boolean;
  /** The matching entry's reason (acknowledged warnings only). */
  readonly reason?: string;
}

/**
 * What every component (IcebergSource, IcebergSink, FlinkTable, FlinkSqlJob) implements: its
 * `warnings`, documented here once (an IDE shows this doc on each component's `warnings`; a
 * component that says more adds it with `@inheritDoc`).
 */
export interface ReportsWarnings {
  /**
   * The warnings its checks found, in order, as logged (`{ path, message }`), each with
   * `acknowledged` (true, with the entry's `reason`, when an `acknowledgedWarnings` entry names it:
   * then it is not logged), and a warning per stale entry. Complete when the constructor returns
   * (read it in a unit test under `pulumi.runtime.setMocks`); frozen. `[]` when the resource failed
   * validation (synth's collecting mode; its warnings are then the error's `warnings`).
   */
  readonly warnings: readonly ResourceWarning[];
}

/** What matching found: every warning marked, the ones to report, and the errors about the entries. */
export interface AcknowledgementOutcome {
  /** Every warning in the order found, marked; then the stale-entry warnings (open). */
  readonly warnings: readonly ResourceWarning[];
  /** The warnings to log: those no entry matched, then the stale-entry warnings. */
  readonly open: readonly ValidationIssue[];
  /** Entries that name an error (which cannot be acknowledged), at `acknowledgedWarnings[i]`. */
  readonly errors: readonly ValidationIssue[];
  /** Entries at a deferred path that named no warning yet, matched once that prop's value is known (absent when none). */
  readonly deferred?: readonly ReadAcknowledgement[];
}

/** An entry that passed readAcknowledgements, with its index in the arg. */
export interface ReadAcknowledgement extends AcknowledgedWarning {
  readonly index: number;
}

const ENTRY_KEYS = ["path", "contains", "reason"] as const;
const EXAMPLE = '{ path: "primaryKey", contains: "...", reason: "..." }';
const WHY = 'say why the warning is accepted (e.g. "order_date never changes for an order"), so the next reader of the program knows it was checked';

/** A prop path as messages write it (`primaryKey`, `options["k"]`), or words for the resource as a whole. */
function pathWords(path: string): string {
  return path === "" ? '"" (the resource as a whole)' : path;
}

/** The message for a value that is not a string, naming an Output as such. */
function notString(value: unknown): string {
  return isDeferred(value) ? "a Pulumi Output (write the text itself)" : value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

/**
 * Reads the arg (undefined: none). Each malformed part is an error in `diag` at its path
 * (`acknowledgedWarnings[0].reason` ...) and its entry is left out; returns the well-formed entries.
 */
export function readAcknowledgements(raw: unknown, diag: Diagnostics): ReadAcknowledgement[] {
  if (raw === undefined) return [];
  const arg = ACKNOWLEDGED_WARNINGS_ARG;
  if (!Array.isArray(raw)) {
    diag.error(arg, `must be an array of ${EXAMPLE} entries (got ${notString(raw)})`);
    return [];
  }
  const out: ReadAcknowledgement[] = [];
  raw.forEach((entry: unknown, index) => {
    const at = `${arg}[${index}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry) || isDeferred(entry)) {
      diag.error(at, `must be an object ${EXAMPLE} (got ${notString(entry)})`);
      return;
    }
    const before = diag.errors.length;
    checkKnownKeys(entry, ENTRY_KEYS, at, diag);
    const { path, contains, reason } = entry as Record<string, unknown>;
    if (path === undefined) diag.error(`${at}.path`, 'is required: the prop path of the warning as logged after the resource\'s name, e.g. "primaryKey" or "statements[1]" ("" for the resource as a whole)');
    else if (typeof path !== "string") diag.error(`${at}.path`, `must be a string: the prop path of the warning as logged (got ${notString(path)})`);
    if (contains !== undefined && typeof contains !== "string") diag.error(`${at}.contains`, `must be a string: a piece of the warning's message (got ${notString(contains)})`);
    else if (contains === "") diag.error(`${at}.contains`, "must not be empty: write a piece of the warning's message, or leave contains out to acknowledge every warning at the path");
    if (reason === undefined) diag.error(`${at}.reason`, `is required: ${WHY}`);
    else if (typeof reason !== "string") diag.error(`${at}.reason`, `must be a string: ${WHY} (got ${notString(reason)})`);
    else if (reason.trim() === "") diag.error(`${at}.reason`, `must not be blank: ${WHY}`);
    if (diag.errors.length > before) return;
    out.push(Object.assign({ index, path: path as string, reason: reason as string }, contains !== undefined ? { contains: contains as string } : undefined));
  });
  return out;
}

/**
 * A prop path with each map key that is a plain name written dotted (`catalog.properties["credential"]`
 * → `catalog.properties.credential`): messages write every map key `["key"]`, and earlier releases
 * wrote the plain-name keys of some maps dotted (fields.ts zodPath), so an entry may use either form.
 * A key that is no plain name (`["s3.endpoint"]`) has one form only.
 */
function pathKey(path: string): string {
  return path.includes('["') ? path.replace(/\["([A-Za-z_$][\w$]*)"\]/g, ".$1") : path;
}

/** Whether two prop paths name the same prop (pathKey: a plain-name map key written `["key"]` or dotted). */
export function samePath(a: string, b: string): boolean {
  return a === b || pathKey(a) === pathKey(b);
}

/** Whether `entry` names `issue`: the same path (samePath), and `contains` (when given) in its message. */
function names(entry: AcknowledgedWarning, issue: ValidationIssue): boolean {
  return samePath(issue.path, entry.path) && (entry.contains === undefined || issue.message.includes(entry.contains));
}

/** The start of a message (up to 80 characters), for the stale-entry warning. */
function excerpt(message: string): string {
  return message.length > 80 ? `${message.slice(0, 79)}…` : message;
}

/**
 * The warning for an entry that matches no warning, with what the resource does warn about at (or
 * instead of) its path; `unquoted`, when the warnings must not be quoted (they quote a secret), is
 * said in place of that.
 */
function staleMessage(entry: AcknowledgedWarning, warnings: readonly ValidationIssue[], unquoted?: string): string {
  const what = `path ${pathWords(entry.path)}${entry.contains !== undefined ? ` containing ${JSON.stringify(entry.contains)}` : ""}`;
  const atPath = warnings.filter((w) => samePath(w.path, entry.path));
  const paths = [...new Set(warnings.map((w) => w.path))];
  const hint =
    unquoted !== undefined
      ? `; ${unquoted}`
      : atPath.length === 1
      ? `; the resource's warning at that path begins: ${excerpt(atPath[0]!.message)}`
      : atPath.length > 1
        ? `; the resource has ${atPath.length} warnings at that path, the first beginning: ${excerpt(atPath[0]!.message)}`
        : paths.length > 0
          ? `; the resource warns at ${paths.slice(0, 5).map(pathWords).join(", ")}${paths.length > 5 ? ", ..." : ""}`
          : "; the resource has no warning";
  return `acknowledges a warning at ${what} that this resource does not give: the warning it was written for is gone (remove the entry), or its path or text is mistyped${hint}`;
}

/**
 * Matches the entries against a resource's errors and warnings. A warning that an entry names is
 * acknowledged (the first such entry's reason); an entry may name several. An entry that names no
 * warning but an error is an error (errors cannot be acknowledged); one that names neither is a
 * warning at `acknowledgedWarnings[i]` (stale), reported only when the resource has no errors (a
 * check may have skipped a part with errors, and would find the warning once it is fixed). An entry
 * with the same path and `contains` as an earlier one is a warning (only the first one's reason is kept).
 * An entry at one of `deferredPaths` (a prop given as an Output, whose warnings are found once it
 * is known) that names no warning is neither stale nor an error yet: it is returned in `deferred`.
 * `unquoted`: why the warnings must not be quoted in a stale entry's hint (they quote a secret),
 * said there instead.
 */
export function matchAcknowledgements(
  entries: readonly ReadAcknowledgement[],
  errors: readonly ValidationIssue[],
  warnings: readonly ValidationIssue[],
  deferredPaths: readonly string[] = [],
  unquoted?: string,
): AcknowledgementOutcome {
  const used = new Set<ReadAcknowledgement>();
  const marked: ResourceWarning[] = [];
  const open: ValidationIssue[] = [];
  for (const w of warnings) {
    const entry = entries.find((e) => names(e, w));
    for (const e of entries) if (names(e, w)) used.add(e);
    if (entry === undefined) {
      marked.push({ path: w.path, message: w.message, acknowledged: false });
      open.push({ path: w.path, message: w.message });
    } else marked.push({ path: w.path, message: w.message, acknowledged: true, reason: entry.reason });
  }
  const entryErrors: ValidationIssue[] = [];
  const deferred: ReadAcknowledgement[] = [];
  for (const e of entries) {
    // The same path and text as an earlier entry: that entry's reason is the one kept, so this one says nothing.
    const earlier = entries.find((x) => x !== e && x.index < e.index && samePath(x.path, e.path) && x.contains === e.contains);
    if (earlier !== undefined) {
      const repeat = {
        path: `${ACKNOWLEDGED_WARNINGS_ARG}[${e.index}]`,
        message: `repeats ${ACKNOWLEDGED_WARNINGS_ARG}[${earlier.index}] (the same path and contains), whose reason is the one kept: merge the two reasons into that entry and remove this one`,
      };
      marked.push({ ...repeat, acknowledged: false });
      open.push(repeat);
      continue;
    }
    if (used.has(e)) continue;
    if (deferredPaths.some((p) => samePath(p, e.path))) {
      deferred.push(e);
      continue;
    }
    const at = `${ACKNOWLEDGED_WARNINGS_ARG}[${e.index}]`;
    const error = errors.find((x) => names(e, x));
    if (error !== undefined) {
      entryErrors.push({ path: at, message: `names the error at ${pathWords(error.path)}, and an error cannot be acknowledged: fix what it says (acknowledgedWarnings takes warnings only)` });
    } else if (errors.length === 0) {
      const stale = { path: at, message: staleMessage(e, warnings, unquoted) };
      marked.push({ ...stale, acknowledged: false });
      open.push(stale);
    }
  }
  return { warnings: marked, open, errors: entryErrors, ...(deferred.length > 0 ? { deferred } : {}) };
}

/**
 * Reads the `acknowledgedWarnings` arg and applies it to `diag` (the resource's root collector,
 * after every check ran): its malformed entries and the entries that name errors become errors,
 * `diag.warnings` keeps the warnings to log (stale entries' warnings added). `later`: errors the
 * component reports after this (an Output in a plain-only prop: plain-only.ts plainOnlyIssues),
 * matched as errors, so an entry naming one is an error and none is called stale beside them.
 * Returns every warning, marked, for the component's `warnings` property.
 */
export function acknowledgeWarnings(raw: unknown, diag: Diagnostics, later: readonly ValidationIssue[] = []): readonly ResourceWarning[] {
  return acknowledgeWarningsDeferring(raw, diag, [], later).warnings;
}

/**
 * acknowledgeWarnings, with the entries at `deferredPaths` (props given as Outputs) that name no
 * warning yet kept apart (`deferred`) for the check that runs once the prop is known.
 */
export function acknowledgeWarningsDeferring(
  raw: unknown,
  diag: Diagnostics,
  deferredPaths: readonly string[],
  later: readonly ValidationIssue[] = [],
): { readonly warnings: readonly ResourceWarning[]; readonly deferred: readonly ReadAcknowledgement[] } {
  if (raw === undefined) {
    // Most resources acknowledge nothing and have no warning: one frozen result serves them all.
    if (diag.warnings.length === 0) return NOTHING_ACKNOWLEDGED;
    return { warnings: Object.freeze(diag.warnings.map((w) => Object.freeze({ path: w.path, message: w.message, acknowledged: false }))), deferred: [] };
  }
  const entries = readAcknowledgements(raw, diag);
  const outcome = matchAcknowledgements(entries, [...diag.errors, ...later], diag.warnings, deferredPaths);
  diag.warnings.splice(0, diag.warnings.length, ...outcome.open);
  for (const e of outcome.errors) diag.error(e.path, e.message);
  return { warnings: Object.freeze(outcome.warnings.map((w) => Object.freeze(w))), deferred: outcome.deferred ?? [] };
}

/** acknowledgeWarningsDeferring's result for no acknowledgedWarnings and no warning (frozen: shared by every such resource). */
const NOTHING_ACKNOWLEDGED: { readonly warnings: readonly ResourceWarning[]; readonly deferred: readonly ReadAcknowledgement[] } = Object.freeze({
  warnings: Object.freeze([]),
  deferred: Object.freeze([]),
});

/**
 * What a resource's `acknowledgedWarnings` says about a prop given as an Output (a FlinkSqlJob's
 * `kubernetes.image` or `sqlGateway.endpoint`), whose checks run once its value is known: the
 * entries at that prop's path, which construction could not match (its warnings were not known
 * yet), and the resource's warnings found at construction (for the hint of an entry that names none).
 */
export interface DeferredAcknowledgements {
  readonly entries: readonly ReadAcknowledgement[];
  readonly others: readonly ValidationIssue[];
}

/**
 * The DeferredAcknowledgements at `path` of what acknowledgeWarningsDeferring returned: its deferred
 * entries at that path with the resource's warnings; undefined when no entry waits there.
 */
export function deferredAt(
  outcome: { readonly warnings: readonly ValidationIssue[]; readonly deferred: readonly ReadAcknowledgement[] },
  path: string,
): DeferredAcknowledgements | undefined {
  const entries = outcome.deferred.filter((e) => e.path === path);
  return entries.length > 0 ? { entries, others: outcome.warnings.map((w) => ({ path: w.path, message: w.message })) } : undefined;
}

/**
 * The warnings to log for a prop given as an Output once its checks ran (`found`: its warnings):
 * those no entry of `acks` names, then a stale-entry warning for each entry that names none of
 * them (the same rules as at construction: matchAcknowledgements). `unquoted`: why a stale entry's
 * hint must not quote the warnings (they quote a secret), said there instead.
 */
export function openDeferredWarnings(found: readonly ValidationIssue[], acks: DeferredAcknowledgements | undefined, unquoted?: string): ValidationIssue[] {
  if (acks === undefined || acks.entries.length === 0) return [...found];
  const outcome = matchAcknowledgements(acks.entries, [], [...acks.others, ...found], [], unquoted);
  // The construction warnings were logged then (or acknowledged): only what the prop adds is new.
  const logged = new Set(acks.others.map((w) => `${w.path}\n${w.message}`));
  return outcome.open.filter((w) => !logged.has(`${w.path}\n${w.message}`));
}

/** `{ acknowledged: n }` when n of `warnings` are acknowledged (synth counts them apart from the open ones), else `{}`. */
export function acknowledgedCount(warnings: readonly ResourceWarning[]): { acknowledged?: number } {
  let n = 0;
  for (const w of warnings) if (w.acknowledged) n++;
  return n > 0 ? { acknowledged: n } : {};
}
