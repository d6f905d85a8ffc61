/**
 * The memos that remember validation results across the resources of one program (issue 9: a
 * stack builds many jobs from one loop, over the same catalogs, columns, Kubernetes settings and
 * statement shapes). Each memo is keyed by content (its module says by what); this file holds what
 * they share: a bound, so that an Automation API program, which runs many stacks in one process,
 * keeps at most MEMO_ENTRIES results per memo (past it the memo starts over empty), a way for tests
 * to start every memo empty, and the deep freeze of a result that later callers share.
 */

/** The most results one memo keeps; past it the memo starts over empty. */
export const MEMO_ENTRIES = 1024;

const every: BoundedMemo<unknown, unknown>[] = [];

/** A Map that keeps at most `limit` entries (`remember` starts it over empty past that). */
export class BoundedMemo<K, V> extends Map<K, V> {
  constructor(private readonly limit: number = MEMO_ENTRIES) {
    super();
    every.push(this as BoundedMemo<unknown, unknown>);
  }

  /** How many lookups found a value (for tests; clearing the entries keeps the count). */
  hits = 0;

  /** Sets `key` to `value` (emptying the memo first when it is full) and returns `value`. */
  remember(key: K, value: V): V {
    if (this.size >= this.limit) this.clear();
    this.set(key, value);
    return value;
  }

  /** The value kept for `key`, if any, counted in `hits` when found. */
  lookup(key: K): V | undefined {
    const kept = this.get(key);
    if (kept !== undefined) this.hits++;
    return kept;
  }

  /** The value kept for `key`, or `make()` remembered for it (a value that throws is not kept). */
  computed(key: K, make: () => V): V {
    const kept = this.get(key);
    return kept !== undefined ? kept : this.remember(key, make());
  }
}

/** Empties every BoundedMemo (for tests: a test that must see a fresh run starts here). */
export function clearAllMemos(): void {
  for (const m of every) m.clear();
}

/** `value` and every object and array in it frozen (a frozen part is left as it is, with what it holds); returns `value`. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}

/**
 * A copy of `value` (a frozen result of plain data: arrays and plain objects) whose arrays and
 * objects are new and unfrozen, for a caller that hands it where a user may change it.
 */
export function thawedCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(thawedCopy) as T;
  // A spread copies a plain object whole (V8's clone of its shape), then only nested objects are replaced.
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in out) {
    if (!Object.hasOwn(out, key)) continue;
    const v = out[key];
    if (typeof v === "object" && v !== null) out[key] = thawedCopy(v);
  }
  return out as T;
}
