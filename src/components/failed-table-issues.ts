/**
 * synth's collecting mode (collect.ts): where a failed table's validation errors are, so
 * failed-table-facts.ts and failed-iceberg-facts.ts read only the parts of its args that the
 * table's own checkers passed.
 */
import type { ValidationIssue } from "../validation/error.js";
import { closestKey } from "../validation/known-keys.js";

/** Where a failed table's errors are, by the args they are at. */
export class TableIssues {
  /** The top-level args with an error (the part of a path before its first `.` or `[`; "" for the args as a whole). */
  private readonly args = new Set<string>();
  /** Args the table does not take, with their error (perhaps a known one misspelt). */
  private readonly unknownArgs: string[] = [];
  /** The option keys with an error (`options["key"]`; `options.key` as earlier releases wrote `options.connector`); every key when one is at the map itself. */
  private readonly options = new Set<string>();
  private allOptions = false;

  constructor(
    private readonly issues: readonly ValidationIssue[],
    known: readonly string[],
  ) {
    for (const { path } of issues) {
      const arg = /^[^.[]*/.exec(path)![0];
      this.args.add(arg);
      if (!known.includes(arg)) this.unknownArgs.push(arg);
      if (arg !== "options") continue;
      const key = /^options(?:\[("(?:[^"\\]|\\.)*")\]|\.([^.[]+))/.exec(path);
      if (key === null) this.allOptions = true;
      else this.options.add(key[1] !== undefined ? (JSON.parse(key[1]) as string) : key[2]!);
    }
  }

  /**
   * Whether arg `arg` reads as the valid table's: no error at it, and, when it is absent (`given`
   * undefined: the table has none), no unknown arg that could be it misspelt (closestKey).
   */
  reads(arg: string, given: unknown): boolean {
    if (this.args.has(arg)) return false;
    return given !== undefined || !this.unknownArgs.some((u) => closestKey(u, [arg]) !== undefined);
  }

  /** Whether an error is at an element of `arg` (`arg[i]...`), such as a key column that is none. */
  atElement(arg: string): boolean {
    return this.issues.some((i) => i.path.startsWith(`${arg}[`));
  }

  /**
   * Whether no error is at `path` (e.g. `catalog.uri`, `extraOptions["branch"]`), inside it, or at
   * an arg or map that holds it (`catalog`, `extraOptions`, the args as a whole). A map key is
   * matched whether a path writes it `["key"]` or `.key` (a key with a dot in it may then match
   * more: the fact is taken as unknown, never as read).
   */
  clear(path: string): boolean {
    const dotted = (p: string): string => p.replace(/\["((?:[^"\\]|\\.)*)"\]/g, (_whole, key: string) => `.${JSON.parse(`"${key}"`) as string}`);
    const under = (inner: string, outer: string): boolean => outer === "" || inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
    const at = dotted(path);
    return !this.issues.some((i) => {
      const p = dotted(i.path);
      return under(p, at) || under(at, p);
    });
  }

  /** Whether option `key` reads as the valid table's (no error at it or at the whole map). */
  readsOption(key: string): boolean {
    return !this.allOptions && !this.options.has(key);
  }
}
