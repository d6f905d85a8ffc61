/**
 * The closest-name search (src/validation/known-keys.ts) prunes by length, bounds each edit
 * distance by what could still win and stops at a distance of 1; these tests hold it to the
 * answers of the plain search it replaced: every name compared with a full Levenshtein matrix,
 * the first of the closest kept, suggested only within its reach.
 */
import { expect } from "chai";
import { closestKey, distance, distanceWithin, typoCandidates } from "../src/validation/known-keys.js";

/** Full-matrix Levenshtein, case-insensitive: the reference. */
function fullDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
  }
  return d[x.length]![y.length]!;
}

const reach = (k: string): number => Math.max(2, Math.floor(k.length / 3));

/** The plain search: every name whose length is within its reach, the first of the smallest distance, kept when within its own reach. */
function referenceClosest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    if (Math.abs(k.length - key.length) > reach(k)) continue;
    const d = fullDistance(key, k);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= reach(best) ? best : undefined;
}

/** A deterministic generator of names over a small alphabet (so that many are close). */
function names(seed: number): { word: (n: number) => string; int: (n: number) => number } {
  let s = seed;
  const next = (): number => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const alphabet = "abcAB_1xy";
  return { word: (n) => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""), int: (n) => Math.floor(next() * n) };
}

describe("closest-name search", () => {
  it("gives the plain search's suggestions and candidates on 5000 generated lists (typos of a listed name and unrelated words)", () => {
    const g = names(7);
    let suggested = 0;
    for (let t = 0; t < 5000; t++) {
      const known = Array.from({ length: 1 + g.int(12) }, () => g.word(1 + g.int(14)));
      const base = known[g.int(known.length)]!;
      const key = t % 2 === 0 ? g.word(g.int(15)) : base.slice(0, g.int(base.length + 1)) + g.word(g.int(3)) + base.slice(g.int(base.length + 1));
      const want = referenceClosest(key, known);
      if (want !== undefined) suggested++;
      expect(closestKey(key, known), JSON.stringify({ key, known })).to.equal(want);
      expect(typoCandidates(key, known), JSON.stringify({ key, known })).to.deep.equal(known.filter((k) => Math.abs(k.length - key.length) <= reach(k) && fullDistance(key, k) <= reach(k)));
    }
    // Both outcomes are exercised, not only one.
    expect(suggested).to.be.within(1000, 4000);
  });

  it("distance is the full Levenshtein distance; distanceWithin is it up to its bound, else the bound plus one", () => {
    const g = names(11);
    for (let t = 0; t < 3000; t++) {
      const a = g.word(g.int(16));
      const b = g.word(g.int(16));
      const full = fullDistance(a, b);
      expect(distance(a, b), `${a} ${b}`).to.equal(full);
      const max = g.int(6);
      expect(distanceWithin(a.toLowerCase(), b.toLowerCase(), max), `${a} ${b} ${max}`).to.equal(Math.min(full, max + 1));
    }
  });

  it("on a wide table: the same answers as before for misspelt, exact (any case), tied and far names", () => {
    const columns = Array.from({ length: 2000 }, (_, i) => `col_${i}`);
    expect(closestKey("colx_7", columns)).to.equal("col_7");
    expect(closestKey("COL_1999", columns)).to.equal("col_1999");
    // col_1 and col_10 ... col_19 are each one edit from col_1x: the first listed wins.
    expect(closestKey("col_1x", columns)).to.equal("col_1");
    expect(closestKey("col_1x", columns.slice(2))).to.equal("col_10");
    expect(closestKey("amount", columns)).to.equal(undefined);
    expect(typoCandidates("cl_19", columns)).to.deep.equal(columns.filter((k) => fullDistance("cl_19", k) <= reach(k) && Math.abs(k.length - 5) <= reach(k)));
    // A closest name beyond its own reach hides a farther one within its reach, as before.
    expect(closestKey("abcdefgh", ["abc", "abcdefghijkl_mnop"])).to.equal(referenceClosest("abcdefgh", ["abc", "abcdefghijkl_mnop"]));
    const queries = Array.from({ length: 300 }, (_, i) => `colx_${i * 7}`);
    expect(queries.map((q) => closestKey(q, columns))).to.deep.equal(queries.map((q) => referenceClosest(q, columns)));
  });
});
