/** The bound and the test reset that every cross-resource memo shares (src/validation/bounded-memo.ts). */
import { expect } from "chai";
import { BoundedMemo, clearAllMemos, deepFreeze, MEMO_ENTRIES, thawedCopy } from "../src/validation/bounded-memo.js";

describe("BoundedMemo: the memos' bound, reset and shared freeze", () => {
  it("keeps at most its limit: the entry past it starts the memo over with that entry alone", () => {
    const m = new BoundedMemo<string, number>(3);
    expect(m.remember("a", 1)).to.equal(1);
    m.remember("b", 2);
    m.remember("c", 3);
    expect([...m.entries()]).to.deep.equal([["a", 1], ["b", 2], ["c", 3]]);
    m.remember("d", 4);
    expect([...m.entries()]).to.deep.equal([["d", 4]]);
  });

  it("defaults to MEMO_ENTRIES (1024) entries", () => {
    const m = new BoundedMemo<number, number>();
    for (let i = 0; i < MEMO_ENTRIES; i++) m.remember(i, i);
    expect(MEMO_ENTRIES).to.equal(1024);
    expect(m.size).to.equal(1024);
    m.remember(-1, -1);
    expect(m.size).to.equal(1);
  });

  it("computed makes a value once per key, keeps nothing for a make that throws, and stays bounded", () => {
    const m = new BoundedMemo<string, number>(2);
    let made = 0;
    const make = (v: number) => () => (made++, v);
    expect([m.computed("a", make(1)), m.computed("a", make(9)), made]).to.deep.equal([1, 1, 1]);
    expect(() => m.computed("bad", () => { throw new Error("no"); })).to.throw("no");
    expect([...m.keys()]).to.deep.equal(["a"]);
    m.computed("b", make(2));
    expect(m.computed("c", make(3))).to.equal(3);
    expect([...m.entries()]).to.deep.equal([["c", 3]]);
  });

  it("clearAllMemos empties every memo created, none other", () => {
    const a = new BoundedMemo<string, string>();
    const b = new BoundedMemo<string, string>(2);
    const plain = new Map([["k", "v"]]);
    a.remember("x", "1");
    b.remember("y", "2");
    clearAllMemos();
    expect([a.size, b.size, plain.size]).to.deep.equal([0, 0, 1]);
  });

  it("deepFreeze freezes nested objects and arrays, skips primitives, and returns its argument", () => {
    const v = { a: [{ b: 1 }, "s"], c: { d: { e: [] as unknown[] } } };
    expect(deepFreeze(v)).to.equal(v);
    expect([Object.isFrozen(v), Object.isFrozen(v.a), Object.isFrozen(v.a[0]), Object.isFrozen(v.c.d), Object.isFrozen(v.c.d.e)]).to.deep.equal([true, true, true, true, true]);
    expect(deepFreeze("x")).to.equal("x");
    expect(deepFreeze(null)).to.equal(null);
  });

  it("thawedCopy gives new, unfrozen arrays and objects at every level, with the same content", () => {
    const kept = deepFreeze({ a: "1", n: { env: [{ name: "X", valueFrom: { secretKeyRef: { key: "k" } } }] }, list: [1, [2]], none: null });
    const copy = thawedCopy(kept);
    expect(copy).to.deep.equal(kept);
    expect([copy === kept, copy.n === kept.n, copy.n.env === kept.n.env, copy.n.env[0] === kept.n.env[0], copy.list[1] === kept.list[1]]).to.deep.equal([false, false, false, false, false]);
    expect([Object.isFrozen(copy), Object.isFrozen(copy.n.env), Object.isFrozen(copy.n.env[0]!.valueFrom.secretKeyRef), Object.isFrozen(copy.list[1])]).to.deep.equal([false, false, false, false]);
    copy.n.env[0]!.name = "Y";
    expect(kept.n.env[0]!.name).to.equal("X");
  });
});
