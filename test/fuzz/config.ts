/**
 * Fuzz settings: a fixed seed and a modest run count inside `npm test`; `npm run fuzz` sets
 * FUZZ_RUNS (and optionally FUZZ_SEED) for many more. Each property counts the cases it ran, and
 * the count is printed once at the end when FUZZ_RUNS is set.
 */
import fc from "fast-check";

const envRuns = Number(process.env.FUZZ_RUNS);
/** The seed of every property (FUZZ_SEED overrides it). */
export const FUZZ_SEED = Number.isSafeInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20260801;
/** True under `npm run fuzz`. */
export const LONG_RUN = Number.isSafeInteger(envRuns) && envRuns > 0;

/** The run count of a property: `base` in `npm test`, FUZZ_RUNS scaled by `weight` under `npm run fuzz`. */
export function runs(base: number, weight = 1): number {
  return LONG_RUN ? Math.max(1, Math.round(envRuns * weight)) : base;
}

const counts = new Map<string, number>();

/** Counts one case of the named property. */
export function count(property: string): void {
  counts.set(property, (counts.get(property) ?? 0) + 1);
}

/** fc.assert parameters for a property: the fixed seed, the run count, no shrinking time bomb. */
export function params(numRuns: number): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns, endOnFailure: process.env.FUZZ_NO_SHRINK !== undefined, interruptAfterTimeLimit: LONG_RUN ? 45 * 60_000 : 60_000 };
}

process.on("exit", () => {
  if (!LONG_RUN || counts.size === 0) return;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  process.stderr.write(`fuzz cases run (seed ${FUZZ_SEED}): ${total}\n${[...counts].map(([k, v]) => `  ${v}  ${k}`).join("\n")}\n`);
});
