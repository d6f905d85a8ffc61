/**
 * Which stack config keys a program reads while synth runs it, so synth's note about encrypted
 * (`secure:`) values it cannot decrypt names only the values the program actually read.
 *
 * Every read of config in @pulumi/pulumi goes through its `runtime/config` module: `Config.get` and
 * its variants call `getConfig(fullKey)` there (fully qualified: `project:key`), and `allConfig()`
 * returns every value at once (then every key counts as read). `runtime/index` re-exports both as
 * copies of the functions (`pulumi.runtime.getConfig` / `allConfig`), so it is wrapped as well. A
 * program with its own node_modules loads a second copy of @pulumi/pulumi; both copies' modules
 * are wrapped, the ones already loaded and any loaded while the program runs.
 */
import Module from "node:module";

/** The keys read so far; `all` once the program asked for the whole config. */
export interface ConfigReads {
  readonly keys: Set<string>;
  all: boolean;
}

type ConfigModule = { getConfig?: (k: string) => unknown; allConfig?: () => unknown };

/** The two modules of @pulumi/pulumi that export getConfig / allConfig. */
const CONFIG_MODULE = /[\\/]@pulumi[\\/]pulumi[\\/]runtime[\\/](?:config|index)\.js$/;
/** Requests that may load one of them (`./runtime/config`, `./config`, `./runtime`, a program's `@pulumi/pulumi/runtime`). */
const CONFIG_REQUEST = /(?:^|\/)(?:config|runtime|runtime\/index)(?:\.js)?$/;

/**
 * Starts recording into `reads`; returns the function that stops recording and puts back what was
 * wrapped. `loaded` are this process's own copies of the modules (the ones synth set the config in).
 */
export function trackConfigReads(reads: ConfigReads, loaded: readonly ConfigModule[]): () => void {
  const undo: (() => void)[] = [];
  const wrapped = new WeakSet<object>();
  const wrap = (m: ConfigModule): void => {
    if (wrapped.has(m) || typeof m.getConfig !== "function" || typeof m.allConfig !== "function") return;
    wrapped.add(m);
    const { getConfig, allConfig } = m;
    m.getConfig = (k: string): unknown => {
      reads.keys.add(k);
      return getConfig(k);
    };
    m.allConfig = (): unknown => {
      reads.all = true;
      return allConfig();
    };
    undo.push(() => Object.assign(m, { getConfig, allConfig }));
  };
  for (const m of loaded) wrap(m);
  const mod = Module as unknown as { _load: (request: string, parent: unknown, isMain: boolean) => unknown; _resolveFilename: (request: string, parent: unknown) => string };
  const load = mod._load;
  mod._load = function (request: string, parent: unknown, isMain: boolean): unknown {
    const exports = load.call(this, request, parent, isMain);
    if (CONFIG_REQUEST.test(request) && exports !== null && typeof exports === "object") {
      let file: string | undefined;
      try {
        file = mod._resolveFilename(request, parent);
      } catch {
        file = undefined;
      }
      if (file !== undefined && CONFIG_MODULE.test(file)) wrap(exports as ConfigModule);
    }
    return exports;
  };
  return () => {
    mod._load = load;
    for (const u of undo.reverse()) u();
  };
}

/** Whether the program read `key` (or all of the config). */
export function wasRead(reads: ConfigReads, key: string): boolean {
  return reads.all || reads.keys.has(key);
}
