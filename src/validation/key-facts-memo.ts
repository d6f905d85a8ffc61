/**
 * An option key's credential facts (secrets.ts optionKeyFacts), kept per key text. They are a
 * pure function of the text, and a program's tables repeat the same option keys (every table's
 * catalog.properties, FlinkTable options, configuration keys): each key's words are split once,
 * not at every check of every table (BENCHMARKS.md session 18). Bounded as parser.ts bounds its
 * parsed types.
 *
 * A module of its own, used by the table and job checks only: the SQL Gateway's dynamic provider
 * is serialized with every module-level value its functions reach (Pulumi's closure serialization),
 * secrets.ts among them, and it cannot serialize a Map it reads the size of.
 */
import { BoundedMemo } from "./bounded-memo.js";
import { optionKeyFacts, type KeyFacts } from "./secrets.js";

const MAX_KEYS = 4096;
const factsByKey = new BoundedMemo<string, KeyFacts>(MAX_KEYS);

/** optionKeyFacts(key), computed once per key text. */
export function memoizedKeyFacts(key: string): KeyFacts {
  return factsByKey.computed(key, () => optionKeyFacts(key));
}
