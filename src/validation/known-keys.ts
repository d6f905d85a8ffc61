/**
 * Unknown keys in args objects. A typo such as `parralelism` or `jobManager.memroy` would
 * otherwise be ignored silently and the default used; each is reported at preview with the
 * closest known key.
 */
import type { Diagnostics } from "./diagnostics.js";

/** Levenshtein distance (case-insensitive), for suggestions. */
export function distance(a: string, b: string): number {
  return distanceWithin(a.toLowerCase(), b.toLowerCase(), Math.max(a.length, b.length));
}

/**
 * Levenshtein distance between `a` and `b` (compared as given: lower-case both first for a
 * case-insensitive one) when it is at most `max`, else `max + 1`. Only the band of cells within
 * `max` of the diagonal is computed, and the walk stops at the first row whose every cell exceeds
 * `max` (a row's minimum never decreases): O(length × max) instead of O(length²).
 */
export function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  // A common prefix and suffix change no distance: only what lies between is compared.
  let sa = 0;
  while (sa < a.length && sa < b.length && a.charCodeAt(sa) === b.charCodeAt(sa)) sa++;
  let tail = 0;
  while (tail < a.length - sa && tail < b.length - sa && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  const n = a.length - sa - tail;
  const m = b.length - sa - tail;
  const over = max + 1;
  // row[j]: the distance between the first i and j characters compared; cells outside the band hold `over`.
  const row = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) row[j] = j <= max ? j : over;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(m, i + max);
    let prev = row[from - 1]!; // the diagonal cell (i - 1, from - 1)
    row[from - 1] = from === 1 && i <= max ? i : over;
    let least = row[from - 1]!;
    const c = a.charCodeAt(sa + i - 1);
    for (let j = from; j <= to; j++) {
      const cur = row[j]!;
      const d = Math.min(cur + 1, row[j - 1]! + 1, prev + (c === b.charCodeAt(sa + j - 1) ? 0 : 1));
      row[j] = d > over ? over : d;
      if (d < least) least = d;
      prev = cur;
    }
    if (to < m) row[to + 1] = over;
    if (least > max) return over;
  }
  return row[m]! > max ? over : row[m]!;
}

/** How many edits a typo of a name of `length` characters may hold: 2, or a third of its length for long names. */
const reachOf = (length: number): number => Math.max(2, Math.floor(length / 3));

/** How many edits a typo of `known` may hold (reachOf its length). */
const typoReach = (known: string): number => reachOf(known.length);

/** The largest reach among `known` (closestKey's bound: a closest name farther than that is no typo, whichever it is). */
function largestReach(known: readonly string[]): number {
  let longest = 0;
  for (const k of known) if (k.length > longest) longest = k.length;
  return reachOf(longest);
}

/**
 * The known key closest to `key` (the first of the closest in `known`'s order, among those whose
 * length differs from `key`'s by at most their reach), when it is close enough to be a typo.
 * Same answer as comparing every name in full, for less: each distance is bounded by what could
 * still change the answer (distanceWithin), one less than the best so far and at most the list's
 * largest reach, so a name whose length differs by more costs one comparison, the rest stop once
 * a row of the walk exceeds the bound, and an exact match (any case) ends the search.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const q = key.toLowerCase();
  const reach = largestReach(known);
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < known.length; i++) {
    const k = known[i]!;
    const gap = Math.abs(k.length - q.length);
    const bound = Math.min(reach, bestD - 1);
    if (gap > bound || gap > typoReach(k)) continue;
    const d = distanceWithin(q, k.toLowerCase(), bound);
    if (d > bound) continue;
    [best, bestD] = [i, d];
    if (d === 0) break;
  }
  return best >= 0 && bestD <= typoReach(known[best]!) ? known[best] : undefined;
}

/** Every known key close enough to `key` to be what it misspells (closestKey's reach), closest or not, in `known`'s order. */
export function typoCandidates(key: string, known: readonly string[]): string[] {
  const q = key.toLowerCase();
  return known.filter((k) => distanceWithin(q, k.toLowerCase(), typoReach(k)) <= typoReach(k));
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

/** The words of a camelCase, dotted, snake_case or kebab-case name, lower case (`upsertEnabled` → upsert, enabled). */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s._-]+/)
    .filter((w) => w !== "")
    .map((w) => w.toLowerCase());
}

/** Fewest letters of a key read as whole words of known names: shorter ones (`id`, `to`, `ms`) are words of too many names to mean one. */
const MIN_WORD_KEY = 4;
/** Most known names a word match suggests; beyond that the key names no one arg. */
const MAX_WORD_MATCHES = 2;

/**
 * The known names that hold `key` as whole words, in order (`upsert` in `upsertEnabled`,
 * `fileSize` in `targetFileSizeBytes`), for a key of MIN_WORD_KEY letters or more that is no name
 * itself; [] when none or more than MAX_WORD_MATCHES do (then the key says too little). A key
 * that is part of a word (`upser`, `nabled`) matches nothing: that is a typo, closestKey's case.
 */
export function wordMatches(key: string, known: readonly string[]): string[] {
  const k = words(key);
  if (k.length === 0 || k.join("").length < MIN_WORD_KEY) return [];
  const found = known.filter((name) => {
    const w = words(name);
    if (w.length <= k.length) return false;
    for (let i = 0; i + k.length <= w.length; i++) if (k.every((x, j) => w[i + j] === x)) return true;
    return false;
  });
  return found.length <= MAX_WORD_MATCHES ? found : [];
}

/**
 * The message for an unknown arg: the closest known key when one is close enough to be a typo,
 * else the known keys that hold it as whole words (wordMatches: `upsert` → `upsertEnabled`), else
 * every known key.
 */
export function unknownArgMessage(key: string, known: readonly string[]): string {
  const elsewhere = PLACED_ELSEWHERE.get(key.toLowerCase().replace(/[_-]/g, "").replace("checkpointing", "checkpoint"));
  if (elsewhere !== undefined) return `unknown arg ${JSON.stringify(key)}: ${elsewhere}`;
  const near = closestKey(key, known);
  if (near !== undefined) return `unknown arg ${JSON.stringify(key)}; did you mean ${JSON.stringify(near)}?`;
  const holding = wordMatches(key, known);
  if (holding.length > 0) return `unknown arg ${JSON.stringify(key)}; did you mean ${holding.map((h) => JSON.stringify(h)).join(" or ")}?`;
  return `unknown arg ${JSON.stringify(key)}${known.length > 0 ? ` (known: ${known.join(", ")})` : "; check its spelling against the documented args"}`;
}

/**
 * Reports every own key of `value` that is not in `known`, at `path.key`, with a suggestion:
 * `advice`'s words for the key and its value when it has some (what to write instead of a field
 * another layout has there), else unknownArgMessage's. Does nothing when `value` is not a plain
 * object (the caller reports that).
 */
export function checkKnownKeys(value: unknown, known: readonly string[], path: string, diag: Diagnostics, advice?: (key: string, value: unknown) => string | undefined): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return;
  // Keys only (Object.entries builds a pair per key): the value is read for an unknown key's advice.
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const instead = advice?.(key, (value as Record<string, unknown>)[key]);
    diag.error(path === "" ? key : `${path}.${key}`, instead !== undefined ? `unknown arg ${JSON.stringify(key)}: ${instead}` : unknownArgMessage(key, known));
  }
}
