/**
 * Unknown keys in args objects. A typo such as `parralelism` or `jobManager.memroy` would
 * otherwise be ignored silently and the default used; each is reported at preview with the
 * closest known key.
 */
import type { Diagnostics } from "./diagnostics.js";

/** Levenshtein distance (case-insensitive), for suggestions. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** How many edits a typo of `known` may hold: 2, or a third of its length for long names. */
function typoReach(known: string): number {
  return Math.max(2, Math.floor(known.length / 3));
}

/**
 * The known key closest to `key`, when it is close enough to be a typo. A known key whose length
 * differs from `key`'s by more than its reach is no candidate (the distance is at least the length
 * difference): a long name against many columns costs no edit distance at all.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    if (Math.abs(k.length - key.length) > typoReach(k)) continue;
    const d = distance(key, k);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= typoReach(best) ? best : undefined;
}

/** Every known key close enough to `key` to be what it misspells (closestKey's reach), closest or not. */
export function typoCandidates(key: string, known: readonly string[]): string[] {
  return known.filter((k) => Math.abs(k.length - key.length) <= typoReach(k) && distance(key, k) <= typoReach(k));
}

/** `; did you mean "x"?` when `value` is a string close to one of `allowed` (e.g. "Parquet" → "parquet", "2.1" → "v2_1"), else "". */
export function didYouMean(value: unknown, allowed: readonly string[]): string {
  if (typeof value !== "string") return "";
  const near = closestKey(value, allowed) ?? abbreviated(value, allowed);
  return near !== undefined && near !== value ? `; did you mean ${JSON.stringify(near)}?` : "";
}

/** The one allowed value that `value` (three characters or more, any case) begins, as "parq" begins "parquet"; undefined when none or several do. */
function abbreviated(value: string, allowed: readonly string[]): string | undefined {
  const v = value.trim().toLowerCase();
  if (v.length < 3) return undefined;
  const begun = allowed.filter((a) => a.toLowerCase().startsWith(v));
  return begun.length === 1 ? begun[0] : undefined;
}

/**
 * Where an arg that users look for under another name lives, by its name folded (lower case, no
 * `_` / `-`, checkpointing read as checkpoint): the checkpoint interval, which Iceberg commits follow, is no prop of its own;
 * the parallelism is the job's (a `kubernetes.parallelism` is a newcomer's guess).
 */
const PLACED_ELSEWHERE: ReadonlyMap<string, string> = new Map([
  [
    "parallelism",
    "a job's parallelism is the FlinkSqlJob arg parallelism (parallelism.default, and the FlinkDeployment's job.parallelism); an IcebergSink's writers take extraOptions: { \"write-parallelism\": \"4\" }",
  ],
  [
    "checkpointinterval",
    'the checkpoint interval is set by an IcebergSink\'s commitInterval (Iceberg commits on checkpoints; the job checkpoints at its sinks\' smallest) or by the FlinkSqlJob\'s configuration: { "execution.checkpointing.interval": "1min" }',
  ],
]);

/** The message for an unknown arg: the closest known key when one is close enough to be a typo, else every known key. */
export function unknownArgMessage(key: string, known: readonly string[]): string {
  const elsewhere = PLACED_ELSEWHERE.get(key.toLowerCase().replace(/[_-]/g, "").replace("checkpointing", "checkpoint"));
  if (elsewhere !== undefined) return `unknown arg ${JSON.stringify(key)}: ${elsewhere}`;
  const near = closestKey(key, known);
  if (near !== undefined) return `unknown arg ${JSON.stringify(key)}; did you mean ${JSON.stringify(near)}?`;
  return `unknown arg ${JSON.stringify(key)}${known.length > 0 ? ` (known: ${known.join(", ")})` : "; check its spelling against the documented args"}`;
}

/**
 * Reports every own key of `value` that is not in `known`, at `path.key`, with a suggestion.
 * Does nothing when `value` is not a plain object (the caller reports that).
 */
export function checkKnownKeys(value: unknown, known: readonly string[], path: string, diag: Diagnostics): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    diag.error(path === "" ? key : `${path}.${key}`, unknownArgMessage(key, known));
  }
}
